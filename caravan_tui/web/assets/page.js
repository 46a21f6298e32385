// The web seat's page: a terminal (xterm.js) joined to the person's session over one WebSocket.
// Binary frames carry the terminal's bytes both ways; a text frame is a resize. A connection
// lost (a dropped network, a server restarting) is tried again, waiting longer each time; a
// session that ended (the person quit, idled, was sent away) is not.
"use strict";
(() => {
  const RETRIES = 10;
  const status = document.getElementById("status");
  const term = new Terminal({fontFamily: "DejaVu Sans Mono, Menlo, Consolas, monospace", fontSize: 15,
                             scrollback: 0, cursorBlink: false});
  const fit = new FitAddon.FitAddon();
  const encoder = new TextEncoder();
  let socket = null;
  let retries = 0;
  term.loadAddon(fit);
  term.open(document.getElementById("terminal"));
  fit.fit();
  term.focus();

  const say = (line) => { status.textContent = line; };
  const send = (data) => { if (socket !== null && socket.readyState === WebSocket.OPEN) socket.send(data); };

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/ws?cols=${term.cols}&rows=${term.rows}`);
    socket.binaryType = "arraybuffer";
    socket.onopen = () => { retries = 0; say(""); };
    socket.onmessage = (event) => { if (event.data instanceof ArrayBuffer) term.write(new Uint8Array(event.data)); };
    socket.onclose = (event) => {
      socket = null;
      if (event.code === 4000 || event.code === 1000) {
        say(`The session ended (${event.reason || "closed"}): reload the page to come back.`);
        return;
      }
      if (retries >= RETRIES) {
        say("The server cannot be reached, or refused this browser: reload the page to try again.");
        return;
      }
      const wait = Math.min(30, 2 ** retries);
      retries += 1;
      say(`The connection is lost: trying again in ${wait} s…`);
      setTimeout(connect, wait * 1000);
    };
  }

  term.onData((data) => send(encoder.encode(data)));
  term.onBinary((data) => send(Uint8Array.from(data, (c) => c.charCodeAt(0) & 255)));
  term.onResize(({cols, rows}) => send(JSON.stringify({cols, rows})));
  window.addEventListener("resize", () => fit.fit());
  connect();
})();
