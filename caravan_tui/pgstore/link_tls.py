"""TLS for the links between servers on one database.

The first server to start makes a key and a self-signed certificate for the links and keeps them
in the database beside the link secret (``cluster``); every server then listens for links with
that certificate and, opening a link, trusts that certificate alone. So a link is encrypted and
the far end is a server of this database (the HMAC challenge on top still binds the identity it
speaks for). Anyone who can read the ``cluster`` row can impersonate a server: that row, like
the secret, is what the database's access rules protect.
"""

from __future__ import annotations

import datetime
import os
import ssl
import tempfile

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

#: the name a link's certificate is made for and checked against (servers are reached by address)
LINK_NAME = "caravan-tui-link"


def make_certificate() -> tuple[bytes, bytes]:
    """A new key and a self-signed certificate for ``LINK_NAME`` (PEM), valid for 100 years."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, LINK_NAME)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=36500))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(LINK_NAME)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return cert.public_bytes(serialization.Encoding.PEM), key_pem


def server_context(cert: bytes, key: bytes) -> ssl.SSLContext:
    """What a server listens for links with (TLS 1.3)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    # ssl reads a key from a file only: one only this process can read, gone at once
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "link.pem")
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as out:
            out.write(cert + key)
        context.load_cert_chain(path)
    return context


def client_context(cert: bytes) -> ssl.SSLContext:
    """What a server opens links with: the database's link certificate, and nothing else, trusted."""
    context = ssl.create_default_context(cadata=cert.decode())
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    return context
