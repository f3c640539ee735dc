"""Session summaries, topic summaries and the user profile: a subject's memories at three
resolutions (DESIGN.md, "multi-resolution").

All three are projections of the active records, computed when read and never stored:

- a summary can never hold what a forget, redaction or expiry removed: there is no second copy to
  chase down, and the audit trail of a record covers every summary it ever appeared in;
- they cost no tokens in the view, and they stay current as records are corrected or merged.

Each is extractive and deterministic (same records, same text): records are chosen by importance or
relevance, cut to the statements that matter (one turn's narrative is "a; b; c"), and packed into a
token budget; what did not fit is counted, not hidden.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from engine.recall import SubjectIndex, first_participant, participants, person_of
from engine.scoring import record_keep_score
from engine.settings import Settings
from engine.state import SubjectState
from engine.textnorm import term_set
from engine.tokens import count_tokens, count_tokens_many
from schemas.common import PRIVACY_ORDER
from schemas.records import MemoryRecord

#: Profile lines in this order: what binds every answer first.
_PROFILE_KINDS = ("temporary_instruction", "constraint", "preference", "decision", "fact")


#: The order standing records come in a context's profile layer (engine.context).
_KIND_ORDER = {k: i for i, k in enumerate(("temporary_instruction", "constraint", "preference", "fact", "decision"))}


def profile_records(state: SubjectState, now: datetime, settings: Settings, session_id: str | None,
                    max_privacy: str) -> list[MemoryRecord]:
    """Standing facts about the user, most useful first: instructions, constraints, preferences, facts."""
    limit = PRIVACY_ORDER[max_privacy]
    out = []
    for rec in state.records.values():
        if rec.tier != "active" or rec.text is None or rec.kind == "episode":
            continue
        if rec.fields.get("type") == "observation":
            continue  # a plain statement from the conversation: recalled when relevant, not standing
        if PRIVACY_ORDER[rec.privacy_level] > limit or (rec.expires_at and rec.expires_at <= now):
            continue
        if rec.kind == "temporary_instruction" and rec.fields.get("scope") == "session" and rec.session_id != session_id:
            continue
        out.append(rec)
    out.sort(key=lambda r: (_KIND_ORDER[r.kind], -record_keep_score(r, now, settings), r.memory_id))
    return out




@dataclass(frozen=True)
class Summary:
    """A titled list of lines, with the records and turns behind them."""

    title: str
    lines: list[str]
    memory_ids: list[str] = field(default_factory=list)
    source_turn_ids: list[str] = field(default_factory=list)
    tokens: int = 0
    omitted: int = 0  # records that qualified but did not fit the budget

    @property
    def text(self) -> str:
        if not self.lines:
            return ""
        return render(self.title, self.lines)


def render(title: str, lines: list[str]) -> str:
    """A summary as text: its title, then one dashed line each."""
    return "\n".join([title, *(f"- {line}" for line in lines)])


def readable(state: SubjectState, now: datetime, max_privacy: str) -> list[MemoryRecord]:
    """Active, unexpired records with content, at or below `max_privacy`."""
    limit = PRIVACY_ORDER[max_privacy]
    return [r for r in state.records.values()
            if r.tier == "active" and r.text and PRIVACY_ORDER[r.privacy_level] <= limit
            and not (r.expires_at and r.expires_at <= now)]


def gist(text: str, wanted: frozenset[str] = frozenset()) -> str:
    """The statement of a record worth a summary line: of one turn's "a; b; c", the first one that
    shares a word with `wanted`, else the first."""
    parts = text.split("; ")
    if wanted:
        for p in parts:
            if wanted & term_set(p):
                return p.rstrip(" .;")
    return parts[0].rstrip(" .;")


def _dated(rec: MemoryRecord, line: str) -> str:
    when = rec.happened_at if rec.kind == "episode" and rec.happened_at else None
    return f"[{when:%-d %b %Y}] {line}" if when and f"{when:%Y}" not in line else line


def _pack(title: str, chosen: list[tuple[MemoryRecord, str]], budget_tokens: int,
          order=lambda rec: (rec.created_at, rec.memory_id)) -> Summary:
    """Greedy in the given (priority) order within the budget, shown in `order` (default: time)."""
    if not chosen:
        return Summary(title, [])
    costs = count_tokens_many([title] + [f"- {line}" for _, line in chosen])
    used, kept, omitted = costs[0], [], 0
    for (rec, line), cost in zip(chosen, costs[1:]):
        if used + cost > budget_tokens:
            omitted += 1
            continue
        kept.append((rec, line))
        used += cost
    # Lines are counted apart; joined, the count can differ by a token: drop the least important.
    while kept and count_tokens(render(title, [line for _, line in kept])) > budget_tokens:
        kept.pop()
        omitted += 1
    kept.sort(key=lambda item: order(item[0]))
    turns: list[str] = []
    for rec, _ in kept:
        turns.extend(t for t in rec.source_turn_ids if t not in turns)
    lines = [line for _, line in kept]
    tokens = count_tokens(render(title, lines)) if kept else 0
    return Summary(title, lines, [r.memory_id for r, _ in kept], turns, tokens, omitted)


def session_summary(state: SubjectState, session_id: str, *, now: datetime, settings: Settings,
                    max_privacy: str, budget_tokens: int = 200) -> Summary:
    """What a session left in memory, most important first within the budget, told in order.

    The title dates the session from its records ("Session s1, 8 May 2023"). Importance, then keep
    score, chooses; each record gives its first statement (dated when it is an episode)."""
    recs = [r for r in readable(state, now, max_privacy) if r.session_id == session_id]
    if not recs:
        return Summary(f"Session {session_id}", [])
    first = min(r.created_at for r in recs)
    last = max(r.created_at for r in recs)
    span = f"{first:%-d %B %Y}" + (f" to {last:%-d %B %Y}" if last.date() != first.date() else "")
    recs.sort(key=lambda r: (-r.importance, -record_keep_score(r, now, settings), r.created_at, r.memory_id))
    chosen = [(r, _dated(r, gist(r.text or ""))) for r in recs]
    return _pack(f"Session {session_id}, {span}", chosen, budget_tokens)


def previous_session(state: SubjectState, session_id: str, now: datetime, max_privacy: str) -> str | None:
    """The session before `session_id`: the one of the latest record the reader may see, made in
    another session before this one began (its first record) and before `now`; None on a first
    session."""
    began = min((r.created_at for r in state.records.values() if r.session_id == session_id), default=now)
    cutoff = min(began, now)
    best = None
    for r in readable(state, now, max_privacy):
        if r.session_id in (None, session_id) or r.created_at >= cutoff:
            continue
        key = (r.created_at, r.memory_id)
        if best is None or key > best[0]:
            best = (key, r.session_id)
    return best[1] if best else None


def topic_summary(index: SubjectIndex, topic: str, query_vec: np.ndarray | None, *, now: datetime,
                  settings: Settings, max_privacy: str, budget_tokens: int = 200) -> Summary:
    """What the memories say about a topic ("adoption", "the dance studio"), in the order it happened.

    Records are those recall finds for the topic that share a word with it (a topic summary lists
    what is about the topic, not what merely sounds alike), most relevant first within the budget;
    each gives the statement that names the topic, dated."""
    wanted = term_set(topic)
    hits = index.search(topic, query_vec, 60, now, settings, max_privacy)
    chosen = [(h.record, _dated(h.record, gist(h.record.text or "", wanted)))
              for h in hits if wanted & term_set(h.record.text or "")]
    return _pack(f"Topic: {topic.strip()}", chosen, budget_tokens,
                 order=lambda r: (r.happened_at or r.created_at, r.memory_id))


def _whose(text: str, known: frozenset[str]) -> str:
    """The participant a standing record is about: the one it starts with, else the first it names,
    else the user ("User" when the speaker had no name)."""
    lead = person_of(text)
    if lead in known:
        return lead
    return first_participant(text, known) or "User"


def _strip_person(text: str, person: str | None) -> str:
    if person and text.startswith(person + ": "):
        return text[len(person) + 2:]
    if person and text.startswith(person + " "):
        return text[len(person) + 1:]
    return text


def profile(state: SubjectState, *, now: datetime, settings: Settings, max_privacy: str,
            session_id: str | None = None, budget_tokens: int | None = None) -> Summary:
    """The user profile: standing instructions, constraints, preferences, decisions and facts, one
    line per person they are about ("Priya: keen on glassblowing; prefers ..."), the person named
    once, within `profile_max_tokens` (DESIGN.md: 100-300 tokens). Plain statements from the
    conversation (observations) and episodes are not standing facts and stay out."""
    budget = budget_tokens if budget_tokens is not None else settings.profile_max_tokens
    recs = profile_records(state, now, settings, session_id, max_privacy)
    recs.sort(key=lambda r: (_PROFILE_KINDS.index(r.kind), -record_keep_score(r, now, settings), r.memory_id))
    known = participants([person_of(r.text or "") for r in readable(state, now, max_privacy)])
    title = "Profile"
    whose = [_whose(r.text or "", known) for r in recs]
    stripped = [_strip_person(r.text or "", p) for r, p in zip(recs, whose)]
    costs = count_tokens_many(stripped)
    people: dict[str, list[tuple[MemoryRecord, str]]] = {}
    used, omitted = count_tokens_many([title])[0], 0
    for rec, person, text, cost in zip(recs, whose, stripped, costs):
        extra = cost + (2 + count_tokens_many([person])[0] if person not in people else 1)
        if used + extra > budget:
            omitted += 1
            continue
        people.setdefault(person, []).append((rec, text))
        used += extra
    while people:
        order = sorted(people, key=lambda p: (-len(people[p]), p))
        lines = [f"{p}: " + "; ".join(t for _, t in people[p]) for p in order]
        tokens = count_tokens(render(title, lines))
        if tokens <= budget:
            break
        # The estimate above was short by a separator or two: drop the least important line part.
        last = max(people, key=lambda p: max(_PROFILE_KINDS.index(r.kind) for r, _ in people[p]))
        people[last].pop()
        omitted += 1
        if not people[last]:
            del people[last]
    if not people:
        return Summary(title, [], omitted=omitted)
    ids, turns = [], []
    for person in order:
        for rec, _ in people[person]:
            ids.append(rec.memory_id)
            turns.extend(t for t in rec.source_turn_ids if t not in turns)
    return Summary(title, lines, ids, turns, tokens, omitted)
