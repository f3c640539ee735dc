"""A real API server for tests: the embedded engine served by uvicorn on a free local port, in a
thread of the test process (so the test sees the same files, and nothing is mocked)."""
from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import uvicorn

from engine import MemoryEngine
from streams.api.app import create_app
from streams.api.keys import KeyFile
from streams.api.service import EngineService


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LiveServer:
    url: str
    data_dir: Path
    keys: KeyFile
    engine: MemoryEngine
    _server: uvicorn.Server = field(repr=False)
    _thread: threading.Thread = field(repr=False)

    def key(self, tenant: str = "acme", scopes: str = "read,write,forget", name: str | None = None) -> str:
        """A new API key (the secret), as `memstream keys create` makes it."""
        return self.keys.create(tenant, scopes, name)[1]

    def client(self, key: str | None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=30)
        self.engine.close()


def wait_ready(url: str, seconds: float) -> bool:
    """Whether the server at `url` answered /readyz with 200 within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    return False


def start_server(data_dir: Path, service_options: dict | None = None, **app_options) -> LiveServer:
    engine = MemoryEngine.open(data_dir, reads_catch_up=False)  # as `memstream serve` opens it
    keys = KeyFile(data_dir)
    app = create_app(EngineService(engine, keys, **(service_options or {})), **app_options)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="on"))
    thread = threading.Thread(target=server.run, name="memstream-test-api", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    if not wait_ready(url, 60):
        server.should_exit = True
        engine.close()
        raise RuntimeError("the API server did not become ready")
    return LiveServer(url, data_dir, keys, engine, server, thread)
