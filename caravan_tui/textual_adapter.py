"""Every use of Textual's private internals, in one place (``tests/test_public_textual.py`` fails
on any other). Each exists because Textual offers no public route to what it does; each says what
would retire it. Checked against Textual 8.2.8 (the newest 8.x when written): a Textual upgrade
that breaks one of these breaks it here, and the tests that use it say so.

- ``key_parser`` and ``escape_wait``: the input thread (``escape_driver``) parses the terminal's
  bytes with Textual's own parser, and waits for input no longer than that parser's escape
  deadline (Textual's input thread looks every 0.1 s, so a lone Escape acted 100–150 ms late).
  The parser is private (``textual._xterm_parser``), its deadline too. Retired by a public key
  parser, or by Textual's input thread waiting for the parser's deadline itself (no upstream
  issue yet: ``ESCDELAY``, Textual PR #4848, sets the deadline but not the thread's wait).
- ``FailureHook``: what the app does with a failure its code did not catch (one line on the
  terminal instead of a traceback of locals; over SSH, back to the lobby). Textual has no public
  hook: ``App._handle_exception`` is what it calls (Textual issue #2818 asked for one and was
  closed without it). ``end_failed`` and ``keep_failure`` do what Textual's own handler does with
  the error (the return code, the error a Pilot test raises at its end). Retired by a public
  exception hook on ``App``.
- ``screen_strips``, ``screen_lines``, ``SentFrames`` and ``notices``: the tests read the screen as drawn
  (``App.export_screenshot`` gives SVG only), once its next frame is done (``Screen._on_timer_update``,
  as Pilot's ``pause`` does), what its frames send a terminal (``Compositor.render_partial_update``:
  a test's app sends them nowhere), and the notices an app was given (``App.notify`` keeps them privately; the
  toasts show them only for a while). Retired by a text form of the screenshot and a public list
  of notifications; Textual's own tests read the same privates.
- ``Redraws``: a benchmark (``benchmarks/key_cost.py``) counts the layouts and frames a key
  causes. A screen lays out and draws in private methods (``Screen._refresh_layout``,
  ``Screen._compositor_refresh``), wrapped here. Retired by a public frame hook or signal.
- ``hear_every_message``: the tests' waits wake as each message is handled rather than polling.
  ``App.run_test(message_hook=…)`` is the public form, but it is given per test; the context
  variable behind it (``textual._context.message_hook``), set once where every test's app is
  started from, reaches every Pilot app of a run. Retired by a run-wide public hook.
- ``settle_in_steps``: a Pilot key or pause waits until the app is idle by sleeping in 20 ms
  steps (``textual._wait``), so a test of many keys spends most of its time asleep with its app
  long settled: steps of 10 ms let the test run's processes fill the cores (5 ms: a process kept
  off the cores by others' work looked idle before its key was handled). Retired by a public
  setting of Pilot's idle wait.
- ``share_parsed_css``: each app parses every CSS source it meets (its own, each widget class's
  ``DEFAULT_CSS``) into rules again, though a process's apps read the same sources under the same
  theme: about 0.02 CPU-s an app, a tenth of a Pilot test (the test run starts hundreds of apps).
  A stylesheet keeps what it parsed only in its own private cache (``Stylesheet._parse_cache``,
  keyed by the source, not by the theme's variables it was parsed with); this shares one for the
  process, keyed by both. Retired by a public, shareable parse cache in Textual.
- ``draw_when_read``: a Pilot test's app draws each frame (``Compositor.render_update``, from
  ``Screen._compositor_refresh``) and its headless driver throws it away: about a fifth to a third
  of a table test's CPU. In the test run a headless app draws only what its test reads, as it
  reads it (``screen_strips``, snapshots), and each app's last screen as it shuts down
  (``App._shutdown``), so a widget that cannot draw still fails its test. A Pilot pause (Pilot's
  own ends with ``Screen._on_timer_update``; this one waits as it does, with
  ``Pilot._wait_for_screen``) lays the screen out; it draws what changed since the last frame
  drawn only for a test of what frames draw (``PauseFrames``): drawn at every pause, the frames
  no test read were about a twelfth of the table screens' tests' CPU (a quarter of a test of many
  keys, test_one_truth.py). Retired by a public way to run an app without frames.
- ``SteadyScrollbars``: a scrolling list or log (a ``ScrollView``) redrew both its scrollbars at
  every layout of its screen, its size unchanged: the compositor hands it its window as its
  virtual size, ``ScrollView._size_updated`` finds that unlike the list's own (taller) virtual
  size and updates the scrollbars (at a table, each chat line's opening and closing, each play).
  Retired when Textual compares with what it last applied (no upstream issue yet).
- ``draw_changes_apart``: a frame that is not a layout draws the box that holds every change on
  the screen, and every widget under that box whole (from its kept lines, each line filtered
  again): an arrow in the plays list (its row at the top right), the hand's ticked row and the
  status line (at the bottom left) drew the season, the log, the info panel and the containers
  between them, about a third of the frame. Here each band of rows the changes cover is drawn
  alone, and each widget under a band only for the band's rows, whole rows (``Compositor.render_partial_update``
  and ``_render_chops``, private, replaced). What reaches the terminal is the same: the changed
  spans, cut where Textual cuts them. Retired by Textual drawing each region of a partial update
  alone (no upstream issue yet).
- ``ScrollsInPlace``: Textual lays the whole screen out each time a widget's virtual size (how
  far it scrolls) changes (``Widget.virtual_size`` is a layout reactive), even for a list or a
  log whose place and size the stylesheet fixes: a play laid the table out twice, once for the
  plays list's new options and once for the log's new line. Such a widget updates its scrollbars
  itself (``Widget._scroll_update``, what the layout would call) and lays out only when one comes
  or goes. Retired when Textual lays out only a widget whose size follows what it holds (no
  upstream issue yet).
- ``message_clock``: a key pressed before an opponent's action came on show is no answer to it
  (``ActionPause``): a key's time (``Message.time``, public) is read on Textual's own clock
  (``textual._time.get_time``: monotonic, but ``perf_counter`` on Windows), which is private.
  Retired by a public clock for ``Message.time``.
- ``DrawsItsFocus``: a table's panel (the plays list, the log, a board or a hand) shows its focus
  itself and repaints only what the focus changes (its border's edges and title, its highlighted
  row or its cursor's rows), in the frame that moves the focus. Textual restyles a widget and all
  in it whenever its focus changes (``Widget.watch_has_focus``) and repaints it whole
  (``Widget._on_focus``/``_on_blur``), whatever its ``:focus`` rules say, and the widget losing
  the focus and the one gaining it did so in two frames (each in its own event): a Tab at a table
  drew two panels whole, their scrollbars and the screen between them twice. Retired when Textual
  restyles a widget at a focus change only for the ``:focus`` rules that match it and repaints
  what the restyle changed (no upstream issue yet).
- ``repaint_at_once``: see there; with ``DrawsItsFocus``, so that a focus change is one frame.
  Retired by Textual gathering the repaints asked for in one turn of its loop into one frame.
- ``draw_pending_repaints``: a frame draws too what every part on the screen has been asked to
  repaint and has not yet handed over (``Widget._repaint_required``; Textual hands it over at the
  part's next idle, an ``Update`` message to the screen, so it came after the frame and drew a
  second one). A move's layout resizes the scrollbars and the season's box and the host's answer
  repaints the footer, each after the layout's frame was drawn: every move drew two frames, the
  second over most of the table's rows. The parts to draw are those the frame's compositor shows
  (``Compositor.visible_widgets``, ``update_widgets``). Retired by Textual gathering the repaints
  asked for before a frame into it.
- ``quiet_title``: a border's title set without repainting the widget whole (Textual's
  ``border_title`` refreshes the whole widget; the title is one line of it): the ``▸`` of a
  focused panel. Retired with ``DrawsItsFocus``, or by Textual repainting a title's line alone.
- ``lay_out_every_change``: a widget keeps its size (its box model) by how many times it was
  asked to lay out (``Widget._layout_updates``), and ``Widget.refresh(layout=True)`` counts a
  request only while none is waiting (``_layout_required``: the request reaches the screen when
  the widget is next idle). A layout another part asked for, run in between, lays the widget out
  under that count; a second change of its text before it is idle was then laid out at the first
  change's size (Merchant Lord's builder, grown twice at a turn's start, kept a row too few: its
  last row was never drawn). Here every request counts. Retired when Textual counts each request
  (no upstream issue yet).
- ``leaves_sized_in_place``: a layout that gives a widget a new size sets its virtual size
  (``Widget._size_updated``), a reactive that asks for another layout of the whole screen, though
  a widget that neither scrolls nor holds others is placed by what it shows, not by its virtual
  size: a move that resized the table's info panel or a scrollbar laid the table out twice. Such
  a widget takes its virtual size without asking (Textual's own path for a size it sets without
  a layout). Retired when Textual lays out again only for a widget whose virtual size places
  something (no upstream issue yet).
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

import textual._wait as idle_wait
from rich.console import RenderableType
from textual import events
from textual._compositor import ChopsUpdate, Compositor
from textual._context import message_hook
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.content import Content
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region, Size
from textual.notifications import Notification
from textual.pilot import Pilot
from textual.reactive import Reactive
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget


def hear_every_message(hook: Any) -> None:
    """Have ``hook(message)`` called as each Pilot app of this context handles a message."""
    message_hook.set(hook)


def settle_in_steps(seconds: float) -> None:
    """Pilot's waits for an idle app look every ``seconds`` (Textual: 0.02), an app that used
    less than a twentieth of a step's CPU time being idle (Textual's own ratio)."""
    idle_wait.SLEEP_GRANULARITY = seconds
    idle_wait.SLEEP_IDLE = seconds / 20


class SharedParses:
    """What a stylesheet parsed, kept for every stylesheet of the process: its rules by source
    and by the variables (the theme) they were parsed with. A stylesheet uses it as its own
    private cache: read, written and cleared (on new variables) by ``Stylesheet`` itself."""

    #: every stylesheet's parsed rules: (the number of its variables, the source's key) -> rules
    kept: dict[tuple[Any, ...], list[RuleSet]] = {}
    #: each set of variables met, numbered (a key holds the number: hashing the variables at each
    #: look cost about a millisecond an app)
    numbered: dict[tuple[tuple[str, str], ...], int] = {}

    def __init__(self, stylesheet: Stylesheet) -> None:
        self.stylesheet = stylesheet
        self.variables: int | None = None

    def _key(self, key: tuple[Any, ...]) -> tuple[Any, ...]:
        if self.variables is None:
            variables = tuple(sorted(self.stylesheet._variables.items()))
            self.variables = self.numbered.setdefault(variables, len(self.numbered))
        return self.variables, key

    def __getitem__(self, key: tuple[Any, ...]) -> list[RuleSet]:
        return self.kept[self._key(key)]

    def __setitem__(self, key: tuple[Any, ...], rules: list[RuleSet]) -> None:
        self.kept[self._key(key)] = rules

    def clear(self) -> None:
        """The stylesheet's variables changed: its next look is under the new ones."""
        self.variables = None


def share_parsed_css() -> None:
    """Every stylesheet made from now on in this process keeps its parsed CSS in ``SharedParses``
    (Textual: each its own), so an app reads a source another app of the same theme parsed."""
    made = Stylesheet.__init__

    def sharing(stylesheet: Stylesheet, *args: Any, **kwargs: Any) -> None:
        made(stylesheet, *args, **kwargs)
        stylesheet._parse_cache = SharedParses(stylesheet)  # type: ignore[assignment]

    Stylesheet.__init__ = sharing  # type: ignore[method-assign,assignment]


class PauseFrames:
    """Whether a Pilot ``pause`` of a headless app draws a frame (``draw_when_read``): not by
    default, a pause laying the screen out only; on for a test of what frames draw (what a key
    repaints, what a widget keeps of the rows it last drew, a scrollbar known once its list's
    lines are drawn)."""

    drawn = False


def draw_when_read() -> None:
    """From now on a headless app of this process draws only what its test reads: a Pilot
    ``pause`` (what a key and a wait end with) lays the screen out, and with ``PauseFrames.drawn``
    also draws what changed since the last frame drawn, until drawing changes nothing more (a
    list's size is known once its lines are drawn); a test reads the screen drawn whole
    (``screen_strips``), and the app's last screen is drawn as it ends (a failure to draw is kept
    as the app's, raised at the end of its Pilot test)."""
    refresh, shutdown = Screen._compositor_refresh, App._shutdown
    drawing: list[Screen[Any]] = []

    def unless_headless(screen: Screen[Any]) -> None:
        app = screen.app
        if drawing or not app.is_headless or app.is_inline or screen is not app.screen:
            refresh(screen)
            return
        screen._dirty_widgets.clear()  # (their regions wait in the compositor for the next frame drawn)

    def draw(screen: Screen[Any]) -> None:
        drawing.append(screen)
        try:
            for _ in range(3):
                screen._on_timer_update()
                if screen._compositor._dirty_regions:
                    refresh(screen)
                if not (screen._layout_required or screen._dirty_widgets):
                    break
        finally:
            drawing.pop()

    async def drawn_pause(pilot: Pilot[Any], delay: float | None = None) -> None:
        await pilot._wait_for_screen()
        if delay is None:
            await idle_wait.wait_for_idle(0)
        else:
            await asyncio.sleep(delay)
        if PauseFrames.drawn:
            draw(pilot.app.screen)
        else:
            pilot.app.screen._on_timer_update()  # (what Pilot's own pause ends with: the layout)

    async def drawn_last(app: App[Any]) -> None:
        if app.is_headless and app.screen_stack and app._running:
            try:
                app.screen_stack[-1]._compositor.render_strips()
            except Exception as error:
                keep_failure(app, error)
        await shutdown(app)

    Screen._compositor_refresh = unless_headless  # type: ignore[method-assign,assignment]
    Pilot.pause = drawn_pause  # type: ignore[method-assign,assignment]
    App._shutdown = drawn_last  # type: ignore[method-assign,assignment]


def message_clock() -> float:
    """Now, on the clock Textual stamps each message's ``time`` with."""
    return get_time()


def key_parser() -> XTermParser:
    """Textual's parser of a terminal's input: its bytes (as text) to key, mouse and paste events."""
    return XTermParser()


def escape_wait(parser: XTermParser, idle: float) -> float:
    """How long an input thread may wait for input before ``parser`` needs a tick: ``idle``,
    or less while a lone escape waits to be read as the Escape key."""
    deadline = parser._timeout_time
    return idle if deadline is None else min(idle, max(0.0, deadline - get_time()))


class FailureHook(App[Any]):
    """An app whose uncaught failures go to ``failed``, by default Textual's own handling."""

    def _handle_exception(self, error: Exception) -> None:
        self.failed(error)

    def failed(self, error: Exception) -> None:
        super()._handle_exception(error)


def keep_failure(app: App[Any], error: Exception) -> None:
    """Keep ``error`` as Textual keeps a failure, to be raised at the end of a Pilot test (the
    first one only), while the app goes on."""
    if app._exception is None:
        app._exception = error


def end_failed(app: App[Any], error: Exception, *lines: RenderableType) -> None:
    """End ``app`` as Textual ends it on a failure (return code 1, now), printing ``lines`` on
    the terminal instead of its traceback."""
    app._return_code = 1
    if app._exception is None:
        app._exception = error
        app._exception_event.set()
    app.panic(*lines)


def screen_strips(screen: Screen[Any]) -> list[Strip]:
    """``screen`` as drawn: a strip of styled segments a row. A layout or a repaint the screen
    has been asked for is done first, as Textual does it within a frame (1/60 s): a key's change
    is drawn by the next frame, and a look taken right after the key is handled (Pilot's wait for
    an idle app looks every 10 ms, before a frame may be due) saw the frame before it."""
    if screen.is_current:
        screen._on_timer_update()  # (what Pilot's own ``pause`` ends with)
    return screen._compositor.render_strips()


def screen_lines(screen: Screen[Any]) -> list[str]:
    """``screen`` as drawn: one string a row, as many characters as the screen is wide."""
    return [strip.text for strip in screen_strips(screen)]


def notices(app: App[Any]) -> list[Notification]:
    """The notifications ``app`` shows now, oldest first (each leaves when its time is up)."""
    return list(app._notifications)


class Redraws:
    """Counts every screen's layouts and frames drawn from now on (wraps them, for good)."""

    def __init__(self) -> None:
        self.layouts = self.frames = 0
        layout, frame = Screen._refresh_layout, Screen._compositor_refresh

        def counted_layout(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
            self.layouts += 1
            layout(screen, *args, **kwargs)

        def counted_frame(screen: Screen[Any]) -> None:
            self.frames += 1
            frame(screen)

        Screen._refresh_layout = counted_layout  # type: ignore[method-assign,assignment]
        Screen._compositor_refresh = counted_frame  # type: ignore[method-assign,assignment]


class SentFrames:
    """What the frames drawn from now on send the terminal, each frame's changed rows cut by the
    screen's cuts (wraps them, until ``stop``): for tests of what reaches a terminal, which a
    look at the whole screen drawn anew (``screen_lines``) cannot tell."""

    def __init__(self) -> None:
        self.updates: list[ChopsUpdate] = []
        self._partial = partial = Compositor.render_partial_update

        def recorded(compositor: Compositor) -> ChopsUpdate | None:
            update = partial(compositor)
            if update is not None:
                self.updates.append(update)
            return update

        Compositor.render_partial_update = recorded  # type: ignore[method-assign,assignment]

    def stop(self) -> None:
        Compositor.render_partial_update = self._partial  # type: ignore[method-assign]

    def sent(self, y: int, x: int) -> list[str]:
        """The text each frame sent for row ``y``'s cut that starts at column ``x``, oldest first
        (a frame that sent nothing there: left out)."""
        pieces = [update.chops[y].get(x) for update in self.updates if y < len(update.chops)]
        return [piece.text for piece in pieces if piece is not None]

    def written(self, app: App[Any]) -> str:
        """All the frames sent, escape sequences and all, as a terminal over SSH receives them (a
        test feeds them to a terminal emulator to read what a person's terminal shows)."""
        return "".join(update.render_segments(app.console) for update in self.updates)


class SteadyScrollbars(ScrollView):
    """A ``ScrollView`` whose scrollbars are updated at a layout only when its size, its own
    virtual size, its container's or the scrollbars shown changed since the last."""

    _steady_seen: tuple[Any, ...] | None = None

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        if self._steady(size, container_size) == self._steady_seen:
            return False
        updated = super()._size_updated(size, virtual_size, container_size, layout)
        self._steady_seen = self._steady(size, container_size)  # (as the update left them)
        return updated

    def _steady(self, size: Size, container_size: Size) -> tuple[Any, ...]:
        return size, self.virtual_size, container_size, self.show_vertical_scrollbar, self.show_horizontal_scrollbar


class ScrollsInPlace(ScrollView):
    """A ``ScrollView`` whose virtual size changes without a layout of its screen, unless its own
    size follows what it holds (an ``auto`` width or height) or a scrollbar comes or goes."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self.styles.auto_dimensions:
            self.refresh(layout=True)
        else:
            self._scroll_update(size)  # (a scrollbar shown or hidden lays the screen out)


def draw_changes_apart() -> None:
    """From now on a frame that is not a layout draws each band of rows its changes cover alone
    (``changed_bands``), each widget under a band for the band's rows only; what it sends the
    terminal is what Textual's frame sends (the changed spans)."""
    if getattr(Compositor.render_partial_update, "draws_apart", False):
        return

    def render_partial_update(compositor: Compositor) -> ChopsUpdate | None:
        changed = compositor._dirty_regions.copy()
        compositor._dirty_regions.clear()
        if not changed:
            return None
        spans = list(compositor._regions_to_spans(changed))
        rendered = {y for y, _, _ in spans}
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in compositor.cuts]
        screen = compositor.size.region
        for band in changed_bands(changed):
            draw_band(compositor, band.intersection(screen), rendered, chops)
        return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in compositor.cuts])

    render_partial_update.draws_apart = True  # type: ignore[attr-defined]
    Compositor.render_partial_update = render_partial_update  # type: ignore[method-assign,assignment]


def redraw_where_hidden() -> None:
    """From now on a layout draws again the area each widget it hides was last laid out in.
    Textual marks that area by the widget's own repaint, asked for before the layout and handled
    first, or by comparing the layout's map with the last; a frame that draws the repaints asked
    for (``draw_pending_repaints``) or a leaf resized in place (``leaves_sized_in_place``) leaves
    no repaint waiting, and the last map, built again lazily once the widget had left, no longer
    held it: a notice that timed out stayed on the screen ("Saved" over the log and the status
    line, until a resize). Retired with the two patches named, or once Textual marks a hidden
    widget's area from the map it was drawn with."""
    if getattr(Compositor.reflow, "redraws_hidden", False):
        return
    reflow, reflow_visible = Compositor.reflow, Compositor.reflow_visible
    #: each compositor's widgets and the area each was last laid out to show
    shown_at: weakref.WeakKeyDictionary[Compositor, dict[Widget, Region]] = weakref.WeakKeyDictionary()

    def remember(compositor: Compositor) -> None:
        shown_at[compositor] = {
            widget: region.intersection(clip) for widget, (region, clip) in compositor.visible_widgets.items()
        }

    def redrawn(compositor: Compositor, parent: Widget, size: Size) -> Any:
        result = reflow(compositor, parent, size)
        was = shown_at.get(compositor, {})
        compositor._dirty_regions.update(was[widget] for widget in result.hidden if widget in was)
        remember(compositor)
        return result

    def redrawn_visible(compositor: Compositor, parent: Widget, size: Size) -> Any:
        exposed = reflow_visible(compositor, parent, size)
        remember(compositor)
        return exposed

    redrawn.redraws_hidden = True  # type: ignore[attr-defined]
    Compositor.reflow = redrawn  # type: ignore[method-assign,assignment]
    Compositor.reflow_visible = redrawn_visible  # type: ignore[method-assign,assignment]


def laid_out_again(screen: Screen[Any]) -> list[Region]:
    """The areas a layout of ``screen`` marks to be drawn, its last map first built again as
    Textual builds it when asked for it lazily (a test of ``redraw_where_hidden``)."""
    compositor = screen._compositor
    compositor._full_map_invalidated = True
    compositor.full_map  # noqa: B018  (built again here, as a lookup between two layouts does)
    compositor._dirty_regions.clear()
    compositor.reflow(screen, screen.size)
    return list(compositor._dirty_regions)


def lay_out_every_change() -> None:
    """From now on each ``refresh(layout=True)`` of a widget has it measured again at the next
    layout, even one asked for while its last request is still waiting to reach the screen."""
    if getattr(Widget.refresh, "counts_every_layout", False):
        return
    refresh = Widget.refresh

    def counted(widget: Widget, *regions: Region, layout: bool = False, **kwargs: Any) -> Widget:
        if layout and widget._layout_required:  # (waiting: Textual would not count this one)
            widget._layout_updates += 1
        return refresh(widget, *regions, layout=layout, **kwargs)

    counted.counts_every_layout = True  # type: ignore[attr-defined]
    Widget.refresh = counted  # type: ignore[assignment,method-assign]


def leaves_sized_in_place() -> None:
    """From now on a widget that neither scrolls nor holds others, resized by a layout, asks for
    no second layout."""
    if getattr(Widget._size_updated, "sizes_leaves_in_place", False):
        return
    size_updated = Widget._size_updated

    def sized(widget: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        if layout and not widget.is_scrollable and not widget._nodes:  # (a leaf: nothing placed by it)
            layout = False
        return size_updated(widget, size, virtual_size, container_size, layout)

    sized.sizes_leaves_in_place = True  # type: ignore[attr-defined]
    Widget._size_updated = sized  # type: ignore[method-assign,assignment]


def draw_pending_repaints() -> None:
    """From now on a screen's frame draws every part it shows that was asked to repaint, handed
    over to the screen or not yet."""
    if getattr(Screen._compositor_refresh, "draws_pending", False):
        return
    frame = Screen._compositor_refresh

    def drawn(screen: Screen[Any]) -> None:
        app = screen.app
        if screen is app.screen and not app.is_inline:
            compositor = screen._compositor
            pending = {widget for widget in compositor.visible_widgets if widget._repaint_required}
            if pending:
                for widget in pending:
                    widget._repaint_required = False  # (drawn here: its idle sends no ``Update``)
                compositor.update_widgets(pending)
        frame(screen)

    drawn.draws_pending = True  # type: ignore[attr-defined]
    Screen._compositor_refresh = drawn  # type: ignore[method-assign,assignment]


def changed_bands(regions: set[Region]) -> list[Region]:
    """The boxes of rows ``regions`` cover, one a run of rows that touch or overlap (a region of
    a band may be narrower than the band: the band's box is drawn whole, as Textual drew the box
    of every change)."""
    bands: list[Region] = []
    for region in sorted(regions, key=lambda region: region.y):
        if bands and region.y <= bands[-1].bottom:
            bands[-1] = bands[-1].union(region)
        else:
            bands.append(region)
    return bands


def draw_band(compositor: Compositor, crop: Region, rendered: set[int], chops: list[dict[int, Strip | None]]) -> None:
    """The screen's lines within ``crop`` that are ``rendered`` into ``chops``, as Textual's
    ``_render_chops`` puts them (the front-most widget's strip wins each cut), each widget under
    ``crop`` asked for its rows within ``crop`` alone, each row as wide as the widget shows: a
    strip cut where ``crop`` begins would begin inside a cut and fill none of them, so it was never
    sent (a scrolled log's lines inside its border; a hand's row that changed alone, one column
    into its frame)."""
    if not crop:
        return
    cuts = compositor.cuts
    for widget, (region, clip) in compositor.visible_widgets.items():
        visible = region.intersection(clip)
        rows = visible.intersection(crop)
        if not rows:
            continue
        shown = Region(visible.x, rows.y, visible.width, rows.height)
        strips = widget.render_lines(Region(shown.x - region.x, shown.y - region.y, shown.width, shown.height))
        first_cut, last_cut = shown.column_span
        for y, strip in zip(shown.line_range, strips):
            if y not in rendered:
                continue
            line = chops[y]
            line_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
            for cut, piece in zip(line_cuts, strip.divide([cut - shown.x for cut in line_cuts[1:]])):
                if line.get(cut) is None:
                    line[cut] = piece


#: the component class whose border a ``DrawsItsFocus`` widget shows while focused
FOCUSED_BORDER = "focused--border"
#: a border's edges, as Textual's style rules name them
EDGES = ("top", "right", "bottom", "left")


class DrawsItsFocus(Widget):
    """A widget whose focus changes no style and repaints it not whole: its focus shows by what
    ``focus_drawn`` repaints, its border's edges drawn as its ``focused--border`` component says
    (``#log > .focused--border { border-top: round $accent; }``: the edges that component sets,
    and only while focused). It has no ``:focus`` rule of its own that changes its look (a restyle
    for another cause, the mouse over it, would apply it, and its blur would not take it away).
    Its focus shows as the screen's focus moves (the screen's ``focused``), so the widget losing
    it and the one gaining it repaint in one frame. Textual takes a class's component classes from
    its first base alone: each class using this one names ``FOCUSED_BORDER`` among its own."""

    def on_mount(self) -> None:
        self.watch(self.screen, "focused", self._focus_moved, init=False)

    def _focus_moved(self, was: Widget | None, now: Widget | None) -> None:
        if self is was or self is now:
            self.has_focus = self is now
            repaint_at_once(self)

    def watch_has_focus(self, focused: bool) -> None:
        self.focus_drawn(focused)

    def _on_focus(self, event: events.Focus) -> None:
        event.prevent_default()  # (Textual's own: a repaint of the whole widget)
        self.has_focus = True
        if self.parent is not None:
            self.parent.post_message(events.DescendantFocus(self))

    def _on_blur(self, event: events.Blur) -> None:
        event.prevent_default()
        self.has_focus = False
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))

    def focus_drawn(self, focused: bool) -> None:
        """Show the focus (``focused``) or its end: the border's edges. A subclass repaints what
        else of it shows the focus."""
        try:
            look = self.get_component_styles(FOCUSED_BORDER)
        except KeyError:  # (focused before it was first styled: shown once it is drawn)
            if self.is_mounted:
                raise
            self.call_after_refresh(lambda: self.focus_drawn(self.has_focus))
            return
        inline = self.styles.inline
        width, height = self.outer_size
        edges = {
            "top": Region(0, 0, width, 1),
            "right": Region(width - 1, 0, 1, height),
            "bottom": Region(0, height - 1, width, 1),
            "left": Region(0, 0, 1, height),
        }
        changed = []
        for edge in EDGES:
            rule = f"border_{edge}"
            if not look.has_rule(rule):
                continue
            if focused:
                inline.set_rule(rule, look.get_rule(rule))
            else:
                inline.clear_rule(rule)
            changed.append(edges[edge])
        self.repaint_outer(*changed)

    def repaint_outer(self, *regions: Region) -> None:
        """Repaint ``regions`` of the widget, border included (Region(0, 0, …): its top-left
        corner), and nothing else of it."""
        if regions and self.outer_size:
            x, y = self.content_offset
            Widget.refresh(self, *(region.translate((-x, -y)) for region in regions))


def repaint_at_once(widget: Widget) -> None:
    """Hand what ``widget`` was asked to repaint to its screen now, for the screen's next frame.
    Textual hands it over at the widget's next idle (``Widget._check_refresh``, then an ``Update``
    message to the screen), and the screen draws a frame as soon as the first widget's comes: the
    parts a focus change repaints (the panel left, the panel reached, the status line) took two
    frames, each a walk over the lines of every widget between them."""
    if widget._repaint_required and widget.display and widget.is_attached:
        screen = widget.screen
        if screen in screen._compositor:
            widget._repaint_required = False
            screen._dirty_widgets.add(widget)
            screen.check_idle()


def title_words(widget: Widget) -> str:
    """``widget``'s border title as the words it shows: Textual gives it back as markup (a name's
    "[" escaped "\\[", "[link=…" of a name cut short not escaped at all), which read back as
    words showed its backslashes, or failed as markup."""
    title = widget._border_title
    return "" if title is None else title.plain if isinstance(title, Content) else str(title)


def quiet_title(widget: Widget, title: str) -> None:
    """``widget``'s border title set to ``title`` (plain words, not markup), its border's top line
    repainted alone."""
    widget._border_title = Content(title)
    width = widget.outer_size.width
    if width:
        x, y = widget.content_offset
        Widget.refresh(widget, Region(-x, -y, width, 1))
