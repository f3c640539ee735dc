"""A server builds the secret scanners (detect-secrets' plugins, the phone number matcher) before it
says it is ready, so its first write that needs them does not pay for building them."""
from __future__ import annotations

from api_server import start_server
from engine import redaction


def test_the_scanners_are_built_before_ready(tmp_path):
    redaction._detect_secrets = None  # as in a process that has not scanned anything yet
    redaction._phones = None
    server = start_server(tmp_path / "data")
    try:
        with server.client(None) as c:
            assert c.get("/readyz").status_code == 200
        assert redaction._detect_secrets is not None and redaction._phones is not None
    finally:
        server.stop()
