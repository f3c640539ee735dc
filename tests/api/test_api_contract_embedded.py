"""The API contract (tests/api/contract_suite.py) on the embedded runtime: `memstream serve`'s app
on a real uvicorn server (tests/api/api_server.py)."""
from __future__ import annotations

import time
from dataclasses import dataclass

import httpx
import pytest

from contract_suite import ApiContract


@dataclass
class EmbeddedApi:
    server: object

    @property
    def url(self) -> str:
        return self.server.url

    def key(self, tenant: str, scopes: str = "read,write,forget") -> str:
        return self.server.key(tenant, scopes)

    def client(self, key: str | None) -> httpx.Client:
        return self.server.client(key)

    def settle(self, timeout: float = 60.0) -> None:
        """Returns once /readyz says nothing is left to project."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            r = httpx.get(f"{self.url}/readyz", timeout=10)
            if r.status_code == 200 and r.json().get("pending") == 0:
                time.sleep(0.02)
                return
            time.sleep(0.02)
        raise AssertionError("the server did not catch up with what was sent")


@pytest.fixture
def api(live_server):
    return EmbeddedApi(live_server)


class TestEmbeddedApiContract(ApiContract):
    pass
