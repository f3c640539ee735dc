"""Proof of erasure: made-up canaries said by the user and repeated by the assistant in several
phrasings, forgotten each way (by id, by query, "forget that"), are in no file of the data directory
after compaction and in no read: recall, context, session and topic summaries, profile, window and
running summary, audit, records, the log's events, and the same reads on a replay of the log."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from conftest import T0, make_turn
from engine import MemoryEngine
from engine.processor import OFFLINE
from engine.runtime import resolve

MEMORY = "streams.memory:MemoryRuntime"
CANARIES = {"id": "Vexmorrin", "query": "Quillobrant", "that": "Drazzlepox"}


#: One fact per canary, said by the user and repeated by the assistant in other words: forgetting the
#: memory must take every turn that repeats it (the records sharing only the canary word are other
#: facts and are forgotten by their own id or by a query naming the canary).
FACTS = {
    "id": [("user", "I keep my spare keys in the {c} tin on the shelf."),
           ("assistant", "Noted: your spare keys are in the {c} tin."),
           ("user", "Yes, the spare keys live in the {c} tin."),
           ("assistant", "OK - the {C} tin holds your spare keys."),
           ("assistant", "I'll remind you that your keys are kept in the {l} tin.")],
    "query": [("user", "My bike is locked up with a {c} chain at the station."),
              ("assistant", "Got it, your bike is secured with a {c} chain."),
              ("user", "Right, a {c} chain keeps my bike safe at the station."),
              ("assistant", "So the {C} chain is what locks your bike."),
              ("assistant", "Your bicycle at the station has a {l} chain on it.")],
    "that": [("user", "My nephew's nickname is {c}."),
             ("assistant", "Cute! Your nephew goes by {c}."),
             ("user", "Everyone in the family calls my nephew {c}."),
             ("assistant", "Noted, {C} is your nephew's nickname."),
             ("assistant", "I'll remember your nephew is called {l}.")],
}


def _said(way: str, session: str, start: int) -> list[dict]:
    c = CANARIES[way]
    return [make_turn(text.format(c=c, C=c.upper(), l=c.lower()), start + n, session=session, role=role)
            for n, (role, text) in enumerate(FACTS[way])]


def _filler(session: str, start: int) -> list[dict]:
    return [make_turn("I work as a nurse in Lyon.", start, session=session),
            make_turn("Nursing in Lyon must keep you busy.", start + 1, session=session, role="assistant"),
            make_turn("What should I cook tonight?", start + 2, session=session),
            make_turn("How about a mushroom risotto?", start + 3, session=session, role="assistant")]


def _leaks_in_files(root: Path) -> list[str]:
    found = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        data = path.read_bytes().lower()
        found.extend(f"{c} in {path.relative_to(root)}" for c in CANARIES.values() if c.lower().encode() in data)
    return found


def _reads(engine: MemoryEngine) -> str:
    """Everything a reader can get about the subject, as one text."""
    out = []
    at = T0 + timedelta(days=1)
    for canary in CANARIES.values():
        out += [h.model_dump_json() for h in engine.recall(tenant_id="acme", user_id="u1", query=canary, now=at,
                                                            record_use=False)]
        out.append(engine.context(tenant_id="acme", user_id="u1", session_id="s1", query=f"what about {canary}",
                                  now=at, record_use=False).model_dump_json())
        # (its title repeats the topic asked, which is the reader's own word)
        out.append(engine.topic_summary(tenant_id="acme", user_id="u1", topic=canary, now=at)
                   .model_dump_json(exclude={"title"}))
    for session in ("s1", "s2", "s3"):
        out.append(engine.session_summary(tenant_id="acme", user_id="u1", session_id=session, now=at).model_dump_json())
        out += engine.summary("acme", "u1", session)
        out += engine.window("acme", "u1", session)
    out.append(engine.profile(tenant_id="acme", user_id="u1", now=at).model_dump_json())
    records = engine.records("acme", "u1", include_inactive=True)
    out += [r.model_dump_json() for r in records]
    for memory_id in {m for e in engine.runtime.events(0) if e.type.startswith("memor")
                      for m in getattr(e.payload, "memory_ids", [getattr(e.payload, "memory_id", None)]) if m}:
        out += [a.model_dump_json() for a in engine.audit(memory_id)]
    out += [e.model_dump_json() for e in engine.runtime.events(0)]
    # the in-state view as the runtime holds it (windows, running summaries, records)
    state = engine.runtime.state("acme", "u1")
    out += [repr(s) for s in state.sessions.values()] + [repr(r) for r in state.records.values()]
    return "\n".join(out).lower()


@pytest.mark.parametrize("runtime", ["embedded", MEMORY])
def test_canaries_forgotten_each_way_are_in_no_file_and_no_read(tmp_path, runtime):
    settings = dict(runtime=runtime, window_max_messages=4)
    data = tmp_path / "data"
    with MemoryEngine.open(data, **settings) as engine:
        engine.ingest_many(_said("id", "s1", 1) + _filler("s1", 10)
                           + _said("query", "s2", 1) + _filler("s2", 10)
                           + _filler("s3", 1) + _said("that", "s3", 10))
        engine.flush()
        before = _reads(engine)
        assert all(c.lower() in before for c in CANARIES.values())  # the test can fail
        assert any(c.lower() in "\n".join(engine.summary("acme", "u1", s)).lower()
                   for s in ("s1", "s2", "s3") for c in CANARIES.values())  # summaries held them too

        # by id: every record that holds the canary, of every tier (what a compliance officer does)
        by_id = [r.memory_id for r in engine.records("acme", "u1", include_inactive=True)
                 if r.text and CANARIES["id"] in r.text]
        assert by_id
        for memory_id in by_id:
            if memory_id in {r.memory_id for r in engine.records("acme", "u1", include_inactive=True) if r.text}:
                engine.forget(tenant_id="acme", user_id="u1", memory_id=memory_id)
        assert engine.forget(tenant_id="acme", user_id="u1", query=f"the {CANARIES['query']} chain on my bike")
        assert engine.forget(tenant_id="acme", user_id="u1", session_id="s3")
        engine.compact()

        after = _reads(engine)
        leaked = [c for c in CANARIES.values() if c.lower() in after]
        assert not leaked, leaked
        assert "nurse" in after  # what was not forgotten is still there
        if data.exists():
            assert not _leaks_in_files(data)
        live = engine.view_digest()

    # The replay of the log: the same view, nothing to read there either.
    if runtime == "embedded":
        assert MemoryEngine.replay(data, tmp_path / "replay") == live
        assert not _leaks_in_files(tmp_path / "replay")
    from engine.settings import Settings
    from engine.embedder import shared_embedder

    cfg = Settings(**settings)
    rt = resolve(cfg.runtime).open(tmp_path / "replay-read", cfg, lambda: shared_embedder(cfg.embedder),
                                   deciders=OFFLINE, replay_from=data)
    rt.process(decide=False, embed=False)
    replayed = MemoryEngine(rt, cfg)
    try:
        assert replayed.view_digest() == live
        text = _reads(replayed)
        assert not [c for c in CANARIES.values() if c.lower() in text]
        assert "nurse" in text
    finally:
        replayed.close()
    if (tmp_path / "replay-read").exists():
        assert not _leaks_in_files(tmp_path / "replay-read")
