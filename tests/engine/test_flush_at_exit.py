"""A flush in an `atexit` handler (a script that processes what it ingested on its way out) decides
its turns like any other: no thread pool can start then, and the embedder runs every text on the
caller's thread instead of dead-lettering the turns; the kind classifier's cached weights need no
library that starts one."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

SCRIPT = r'''
import atexit, json, sys
from engine import MemoryEngine

eng = MemoryEngine.open(sys.argv[1])
eng.ingest_many([{"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": str(i), "role": "user",
                  "speaker": "Ottilie", "text": text, "occurred_at": "2026-01-05T10:0%d:00Z" % i}
                 for i, text in enumerate(sys.argv[2:])])

def on_exit():
    eng.flush()
    print(json.dumps({"dead": [d.get("reason") for d in eng.dead_letters()],
                      "records": [r.text for r in eng.records("t", "u")]}))
    eng.close()

atexit.register(on_exit)
'''

SAID = [
    # several sentences a turn: the embedder spreads them over its thread pool when it can
    "I restore canal boats for a living. My husband Piet teaches Dutch. We have three goats. I swim in the lake every morning.",
    "I'm allergic to walnuts. My daughter studies geology in Aberdeen. I sing in a folk choir on Thursdays.",
    "I can't stand loud restaurants. I've been sober for six years. I drive a 2011 Land Rover.",
]


@pytest.mark.slow
def test_a_flush_at_interpreter_exit_decides_its_turns(tmp_path):
    from engine.embedder import shared_embedder
    from engine.meaning import KindClassifier, model_key

    emb = shared_embedder()
    KindClassifier(emb.embed, cache_key=model_key(emb))  # the weights are cached, as after any decision here
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "d"), *SAID], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["dead"] == []
    texts = " ".join(out["records"]).lower()
    for word in ("canal", "walnut", "sober"):
        assert word in texts
