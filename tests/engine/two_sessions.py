"""A statement in one session and a later one in the next, by one speaker: what the decision tests
of ends, slots and changes feed the engine."""
from __future__ import annotations

from engine import MemoryEngine


def records_after(tmp_path, old: str, new: str, *, speaker: str, days: tuple[str, str], at: str) -> list:
    """Every record of the subject (superseded ones too) after `old` on days[0] in session s0 and
    `new` on days[1] in session s1, each at time `at` (UTC)."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, (text, day) in enumerate(((old, days[0]), (new, days[1]))):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{i}", "turn_id": str(i),
                           "role": "user", "speaker": speaker, "text": text, "occurred_at": f"{day}T{at}Z"})
        engine.flush()
        return engine.records("t", "u", include_inactive=True)


def said_first(records: list, word: str) -> list:
    """The records holding `word` (in any case) whose only source is the first turn."""
    return [r for r in records if word.lower() in (r.text or "").lower() and [s.turn_id for s in r.sources] == ["0"]]


def assert_ended(records: list, word: str) -> None:
    """The first turn's records holding `word` exist and were all superseded."""
    olds = said_first(records, word)
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier) for r in records]


def assert_replaced(records: list, old_word: str, new_word: str) -> None:
    """As `assert_ended`, and an active record holds `new_word`."""
    assert_ended(records, old_word)
    assert any(r.tier == "active" and new_word in (r.text or "").lower() for r in records), \
        [(r.text, r.tier) for r in records]


def assert_one_active(records: list, word: str) -> None:
    """Exactly one record is active, and it holds `word`: the new value took the old one's place."""
    active = [r for r in records if r.tier == "active"]
    assert len(active) == 1 and word in active[0].text, [(r.text, r.tier) for r in records]


def texts_after(tmp_path, said: str, asked: str, kept: str | None, *, speaker: str,
                days: tuple[str, str]) -> list[str]:
    """The active records' texts after `said` (and `kept`) on days[0] and `asked` on days[1], one
    session each day, the turns a minute apart."""
    turns = [(said, days[0])] + ([(kept, days[0])] if kept else []) + [(asked, days[1])]
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, (text, day) in enumerate(turns):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{day}", "turn_id": str(i),
                           "role": "user", "speaker": speaker, "text": text, "occurred_at": f"{day}T10:0{i}:00Z"})
        engine.flush()
        return [r.text for r in engine.records("t", "u")]


def active_after(tmp_path, speaker: str, said: list[str]) -> list[str]:
    """The texts of the active records after the speaker said `said[0]`, then `said[1]` a week later."""
    records = records_after(tmp_path, *said, speaker=speaker, days=("2026-03-02", "2026-03-09"), at="09:00:00")
    return [r.text or "" for r in records if r.tier == "active"]


def holds(texts: list[str], pattern: str) -> bool:
    """Whether some text matches `pattern` (a regular expression, any case)."""
    import re

    return any(re.search(pattern, t, re.IGNORECASE) for t in texts)


def active_after_days(tmp_path, speaker: str, said: list[tuple[str, str]]) -> list[str]:
    """The texts of the active records after the speaker said each (text, day) in turn, one session
    a day, the turns a minute apart."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, (text, day) in enumerate(said):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{day}", "turn_id": str(i),
                           "role": "user", "speaker": speaker, "text": text, "occurred_at": f"{day}T09:0{i}:00Z"})
        engine.flush()
        return [r.text or "" for r in engine.records("t", "u")]


def kept_of_one_turn(tmp_path, speaker: str, text: str, *, inactive: bool = False) -> list[tuple[str, str]]:
    """(kind, text) of each record after the speaker said `text` once (every record, `inactive`)."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "0", "role": "user",
                       "speaker": speaker, "text": text, "occurred_at": "2026-03-02T09:00:00Z"})
        engine.flush()
        return [(r.kind, r.text or "") for r in engine.records("t", "u", include_inactive=inactive)]


def records_of_one_turn(tmp_path, speaker: str, text: str) -> list:
    """The active records (whole, with kind, slot and expiry) after the speaker said `text` once."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "0", "role": "user",
                       "speaker": speaker, "text": text, "occurred_at": "2026-03-02T09:00:00Z"})
        engine.flush()
        return engine.records("t", "u")


def after_forget(tmp_path, request: str, said: list[str], *, speaker: str) -> list[str]:
    """The active records' texts after the speaker said each of `said` (one turn each, a minute
    apart, in one session) and, three days later, `request`."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, text in enumerate(said):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s0", "turn_id": str(i), "role": "user",
                           "speaker": speaker, "text": text, "occurred_at": f"2026-03-02T09:{i:02d}:00Z"})
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": "r", "role": "user",
                       "speaker": speaker, "text": request, "occurred_at": "2026-03-05T09:00:00Z"})
        engine.flush()
        return [r.text for r in engine.records("t", "u")]


def assert_kept_beside_odd_text(tmp_path, odd: str) -> None:
    """A plain statement said a session before odd text, and one said after it in the same turn,
    are both kept (the odd-input tests of each round's readings)."""
    texts = active_after(tmp_path, "Ines", ["I keep bees on the allotment behind the church.",
                                            odd + " I also teach yoga on Wednesday evenings."])
    assert any("bees" in t for t in texts), texts
    assert any("yoga" in t for t in texts), texts


def one_session_texts(tmp_path, speaker: str, said: list[str]) -> list[str]:
    """The active records' texts after the speaker said each of `said` in one session, a minute apart."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, text in enumerate(said):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": str(i), "role": "user",
                           "speaker": speaker, "text": text, "occurred_at": f"2026-03-02T09:{i:02d}:00Z"})
        engine.flush()
        return [r.text or "" for r in engine.records("t", "u")]
