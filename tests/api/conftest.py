from __future__ import annotations

import pytest

from api_server import start_server


@pytest.fixture
def live_server(tmp_path):
    """The embedded runtime's API on a free local port; see tests/api/api_server.py."""
    server = start_server(tmp_path / "data")
    yield server
    server.stop()
