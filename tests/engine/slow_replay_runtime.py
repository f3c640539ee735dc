"""The embedded runtime, except that a replay stops before folding anything and waits to be
interrupted (tests/engine/test_cli_faults.py: a replay interrupted while its directory exists)."""
from __future__ import annotations

import os
import time
from pathlib import Path

from streams.embedded import EmbeddedRuntime


class SlowReplayRuntime(EmbeddedRuntime):
    def process(self, **kw):
        if self._replay:
            Path(os.environ["MEMSTREAM_TEST_REPLAY_STARTED"]).write_text(str(self.data_dir))
            while True:
                time.sleep(0.05)
        return super().process(**kw)
