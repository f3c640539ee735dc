"""The embedded runtime, except that once a rebuilt state has been committed (the first read of the
log's position after the open) it signals its own process: a Ctrl-C or SIGTERM that arrives after
`replay --rebuild` finished its work (tests/engine/test_cli_faults.py)."""
from __future__ import annotations

import os
import signal

from streams.embedded import EmbeddedRuntime


class SignalAfterRebuildRuntime(EmbeddedRuntime):
    def position(self) -> int:
        os.kill(os.getpid(), getattr(signal, os.environ["MEMSTREAM_TEST_SIGNAL"]))
        return super().position()
