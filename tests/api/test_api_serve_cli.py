"""`memstream serve` as a process: bad or busy ports are one-line errors (exit 2) that create
nothing, and SIGTERM stops it even while a client follows the change stream."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys

import httpx
import pytest

from streams.cli import main
from streams.api.keys import KeyFile
from api_server import free_port, wait_ready


def test_a_port_out_of_range_or_in_use_is_refused_before_the_directory_is_made(tmp_path, capsys):
    data = tmp_path / "data"
    assert main(["serve", "--data-dir", str(data), "--port", "99999"]) == 2
    with socket.create_server(("127.0.0.1", 0)) as held:
        busy = held.getsockname()[1]
        assert main(["serve", "--data-dir", str(data), "--port", str(busy)]) == 2
    err = capsys.readouterr().err
    assert "between 0 and 65535" in err and "cannot listen on" in err and "Traceback" not in err
    assert not data.exists()


@pytest.mark.slow
def test_sigterm_stops_the_server_while_a_stream_is_followed(tmp_path):
    data = tmp_path / "data"
    key = KeyFile(data).create("acme", ["read", "write"])[1]
    port = free_port()
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    proc = subprocess.Popen([sys.executable, "-m", "streams.cli", "serve", "--data-dir", str(data), "--port", str(port)],
                            env=env, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}"
        assert wait_ready(url, 60), proc.stderr
        with httpx.stream("GET", f"{url}/v1/events", headers={"Authorization": f"Bearer {key}"}, timeout=30) as stream:
            assert next(stream.iter_lines()).startswith(":")  # the stream is open
            proc.send_signal(signal.SIGTERM)
            # uvicorn shuts down, then ends the process by the signal it got (exit status 143)
            assert proc.wait(timeout=20) in (0, -signal.SIGTERM)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "Traceback" not in proc.stderr.read()
