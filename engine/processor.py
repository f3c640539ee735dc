"""The stream processor's decisions: given a subject's state and a new turn, what happens next.

`decide_turn` is pure: (state after the turn was folded in, the turn event) -> derived events, with ids
derived from the turn's id. It expires what is due, compacts the session window into the running
summary, and turns explicit statements into memory records, merging repeats and superseding what a
newer statement contradicts.

The two judgement calls in it, reading candidates out of a turn and summarizing what leaves the
window, go through `Deciders`. The default is the offline, rule-based pair; an adapter (engine.llm)
may supply others. Whatever they return is emitted as events (MemoryRecorded, WindowCompacted), so
replay folds the logged decisions and never asks a decider again.
"""
from __future__ import annotations

import re

from dataclasses import dataclass, replace
from functools import lru_cache
from datetime import datetime, timedelta, tzinfo
from typing import Callable, Iterable, Protocol, Sequence

import numpy as np

from engine.erasure import (earlier_echoes, links as echo_links, neighbours as echo_neighbours, plan as erasure_plan,
                            record_vectors_of, uncached, memo_embed)
from engine.dates import MONTH_WORDS, date_phrases, day_recurs, resolve_dates
from engine.redaction import REDACTION_MARK
from engine.extractor import _SEASON, _WEEKDAY, _WEEKDAY_WORDS
from engine.extractor import (DOSE, MEDICINE_STOP_WORDS, Candidate, _is_person_role, is_sensitive, medicines_stopped, rescheduled, split_sentences, states_a_rule, told_before, told_opener_gone,
                              without_opener)
from engine.meaning import (Meaning, people_introduced, _ONE_OCCASION, _overlap, anchors, comma_clauses, change_cue, changes_contact, contact_values, corrected, ended, ends,
                            goes_on, habit_of, has_term, holder, mask, measures, mentions, opens_with_end,
                            changed_provider, denies, other_numbered, other_values, provider_named, provider_switched, quantity_cue, ranks_the_other_way, relate, resumed, resumes, weighing,
                            said_again, same_holder, given_clause, keeps, recurs,
                            says_change, says_when, takes_role, corrects_unnamed,
                            single_statement, value_kind, value_kinds, values, PLACED_WHERE, PLACING_VERBS)
from engine.named_values import clause_cut, clause_kinds, kinds_given, kinds_named, phrase_cut, without_kinds
from engine.neardup import NearDupIndex
from engine.projector import memory_ids_of
from engine.ids import derive
from engine.settings import Settings
from engine.state import SubjectState, SummaryItem, WindowTurn
from engine.statements import (JOIN, REST_OF, Statement, clause_pieces, clauses, in_own_words, is_narrative, item_leans, items,
                               lead_of, leaning_on, readable, rest_text, statements, tells_of_before, without)
from engine.statements import parts as narrative_parts, points_back, says_alone
from engine.summarizer import GENERIC_WORDS, arrangement_end, compact, summarize, own_clauses, turn_candidates, without_redacted
from engine.textnorm import RELATIONS, STOP_WORDS, is_medicine, jaccard, one_edit, plain_chat, plain_negations, term_set, terms
from engine.tokens import count_tokens_many
from schemas.common import PRIVACY_ORDER, SOURCE_RANK
from schemas.events import (
    Event,
    MemoryEchoed,
    MemoryExpired,
    MemoryForgotten,
    MemoryRecorded,
    MemorySuperseded,
    MemoryUpdated,
    SummaryLine,
    WindowCompacted,
)
from schemas.records import MemoryRecord, TurnRef


class Extractor(Protocol):
    """The signature of engine.extractor.extract."""

    def __call__(self, text: str, *, role: str, speaker: str | None, occurred_at: datetime,
                 session_ttl: timedelta = ..., tz: tzinfo | None = None) -> list[Candidate]: ...


#: Version of the offline rule-based reader and summarizer; recorded on the decisions they make.
RULES = "rules/146"


@dataclass(frozen=True)
class Deciders:
    """What decide_turn asks to read a turn and to summarize evicted turns, and to judge by meaning."""

    # The offline reader: typed candidates where a rule applies, informative sentences otherwise.
    extract: Extractor = turn_candidates
    summarize: Callable[[Sequence[WindowTurn]], list[SummaryItem]] = summarize
    #: Embeddings and the kind classifier (engine.meaning); None: rules alone decide.
    meaning: Meaning | None = None
    #: Names and versions of the reader and summarizer, e.g. "rules/3" or "llm:qwen2.5-7b".
    reader: str = RULES

    @property
    def version(self) -> str:
        """What every decision event records in `decided_by`."""
        return self.reader + (f"+{self.meaning.name}" if self.meaning is not None else "")


OFFLINE = Deciders()


class _Emitter:
    """Builds derived events that inherit subject, session and time from their cause."""

    def __init__(self, cause: Event, decided_by: str | None = None):
        self.cause = cause
        self.decided_by = decided_by
        self.events: list[Event] = []

    def emit(self, payload, *, session_id: str | None = None) -> Event:
        c = self.cause
        event = Event(
            event_id=derive(c.event_id, str(len(self.events))),
            type=payload.type,
            tenant_id=c.tenant_id,
            user_id=c.user_id,
            session_id=session_id if session_id is not None else c.session_id,
            occurred_at=c.occurred_at,
            recorded_at=c.recorded_at,
            causation_id=c.event_id,
            decided_by=self.decided_by,
            payload=payload,
        )
        self.events.append(event)
        return event


def due_expiries(state: SubjectState, session_id: str | None, now: datetime,
                 every_record: bool = False) -> list[tuple[str, str]]:
    """(memory_id, reason) for records whose time is up, or whose session has ended.

    Per turn only the records known to be able to expire are checked; a sweep checks every record.
    """
    out = []
    for memory_id in sorted(state.records if every_record else state.expiring):
        rec = state.records.get(memory_id)
        if rec is None or rec.tier == "superseded":
            continue
        if rec.expires_at is not None and rec.expires_at <= now:
            out.append((rec.memory_id, "expires_at passed"))
        elif (
            session_id is not None
            and rec.kind == "temporary_instruction"
            and rec.fields.get("scope") == "session"
            and rec.session_id != session_id
        ):
            out.append((rec.memory_id, "its session ended"))
    return out


def _compaction(state: SubjectState, session_id: str, settings: Settings,
                summarize: Callable[[Sequence[WindowTurn]], list[SummaryItem]] = summarize) -> WindowCompacted | None:
    session = state.sessions.get(session_id)
    if session is None:
        return None
    over_budget = session.window_tokens > settings.compact_at * settings.window_budget_tokens
    over_count = len(session.window) > settings.window_max_messages
    if not (over_budget or over_count) or len(session.window) < 2:
        return None
    evicted = session.window[: len(session.window) // 2]
    new_items = summarize([t for t in evicted if t.text is not None])
    items = compact(list(session.summary) + new_items, settings.summary_budget_tokens)
    tokens = sum(count_tokens_many([i.text for i in items]))  # one call; the running summary's lines recur
    return WindowCompacted(
        evicted_turn_ids=[t.turn_id for t in evicted],
        summary=[
            SummaryLine(turn_id=i.turn_id, kind=i.kind, text=i.text, importance=i.importance, occurred_at=i.occurred_at)
            for i in items
        ],
        summary_tokens=tokens,
    )


def _idle_sessions(state: SubjectState, turn: Event, settings: Settings) -> list[str]:
    """Other sessions of the subject still holding a window or summary, idle for longer than a
    session lives (`session_ttl_hours`): they have ended."""
    cutoff = turn.occurred_at - timedelta(hours=settings.session_ttl_hours)
    return sorted(sid for sid, s in state.sessions.items()
                  if sid != (turn.session_id or "") and (s.window or s.summary)
                  and s.last_at is not None and s.last_at < cutoff)


def _closing(session) -> WindowCompacted:
    """An ended session releases its working memory (window and running summary): everything in it
    was already turned into long-term records, turn by turn, as it arrived."""
    return WindowCompacted(evicted_turn_ids=[t.turn_id for t in session.window], summary=[], summary_tokens=0)


def _record_from(c: Candidate, memory_id: str, turn: Event) -> MemoryRecord:
    fields = dict(c.fields)
    if c.scope:
        fields["scope"] = c.scope
    return MemoryRecord(
        memory_id=memory_id,
        tenant_id=turn.tenant_id,
        user_id=turn.user_id,
        session_id=turn.session_id,
        kind=c.kind,
        text=c.text,
        fields=fields,
        slot=c.slot,
        source=c.source,
        sources=[TurnRef(session_id=turn.session_id or "", turn_id=turn.payload.turn_id)],
        confidence=c.confidence,
        importance=c.importance,
        created_at=turn.occurred_at,
        updated_at=turn.occurred_at,
        happened_at=c.happened_at,
        expires_at=c.expires_at,
        privacy_level=c.privacy_level,
    )


def find_duplicate(state: SubjectState, kind: str, text: str, happened_at: datetime | None,
                   threshold: float, index: NearDupIndex | None = None) -> MemoryRecord | None:
    """The most similar active record of the same kind at or above `threshold` (ties: lowest id,
    so the answer never depends on the order records were loaded in). `index` is the subject's
    near-duplicate index when the caller keeps one; without it one is built for this kind."""
    if index is None:
        index = _kind_index(state, kind)
    return index.find(kind, text, happened_at, threshold)


def _kind_index(state: SubjectState, kind: str) -> NearDupIndex:
    """A near-duplicate index over the state's records of one kind (engine.neardup)."""
    return NearDupIndex(r for r in state.records.values() if r.kind == kind)


_ALSO = re.compile(r"\b(?:also|as\s+well|in\s+addition|additionally|too(?=\s*(?:[.!?,;)]|$)))", re.IGNORECASE)


def _new_words(text: str, record_text: str, speaker: str) -> list[str]:
    """The salient words of `text` that no word of the record's family says ("allergy" is said by
    "allergic")."""
    theirs = sorted(salient_terms(record_text, speaker))
    return [t for t in sorted(salient_terms(text, speaker)) if not has_term(theirs, t)]


def _not_said_again(text: str, record_text: str, speaker: str) -> bool:
    """Words a record shares almost all of, that still say another thing: of another holder ("my
    mother-in-law lives in Cork" / "my mother ..."), with another value ("vegan for ten years" /
    "for five years"), ranking two things the other way round ("coffee over tea"), or one denying
    what the other says ("I eat fish again" / "doesn't eat fish")."""
    return (not same_holder(holder(text, speaker), holder(record_text, speaker))
            or other_values(text, record_text, speaker) or ranks_the_other_way(text, record_text, speaker)
            or denies(text) != denies(record_text))


#: Verbs that say little of a doing of their own ("be home by 10", "have dairy", "get up at 6").
_LIGHT_VERBS = frozenset("be is are have has get do make take".split())


def _rule_verb(fields: dict[str, str]) -> str:
    """The verb a rule's predicate ends on ("must not drive" -> "drive"; "" when it has none)."""
    words = str(fields.get("predicate") or "").split()
    return words[-1].lower() if words else ""


def _same_filler(a: dict[str, str], b: dict[str, str]) -> bool:
    """Two slot fillers that say the same: one polarity, and the words of one value (or object)
    among the other's ("hazelnut" / "hazelnuts", "lighthouse keeper" / "lighthouse keeper on the
    coast"; "Thai food" / "Ethiopian food" are two)."""
    def value(f: dict[str, str]) -> frozenset[str]:
        return term_set(f.get("value") or f.get("object") or "")
    va, vb = value(a), value(b)
    if not (va and vb) or a.get("polarity", "+") != b.get("polarity", "+"):
        return False
    if (a.get("type") == b.get("type") == "rule" and va != vb and _rule_verb(a) != _rule_verb(b)
            and not {_rule_verb(a), _rule_verb(b)} & _LIGHT_VERBS):
        return False  # "must not drive at night" / "must not walk home alone at night": two rules
    short, long_ = sorted((sorted(va), sorted(vb)), key=len)
    return all(has_term(long_, t) for t in short)  # "strawberri" / "strawberry": one word


def _other_slot(a: str | None, b: str | None) -> bool:
    """Two slots that are two attributes for sure: siblings, one parent and two leaves, where the
    leaf is an object ("constraint:allergy:kiwi" / "constraint:allergy:shellfish") or the leaves
    open alike ("favorite band" / "favorite album this year", "my phone number" / "my address").
    A narrower slot is its parent's attribute ("constraint:diet:meat" under "constraint:diet"), and
    two slots named in other words may be one attribute ("fact:my birthday" / "fact:born")."""
    if not a or not b or a == b or a.startswith(b + ":") or b.startswith(a + ":"):
        return False
    parent_a, _, leaf_a = a.rpartition(":")
    parent_b, _, leaf_b = b.rpartition(":")
    if parent_a != parent_b or not leaf_a.split() or not leaf_b.split():
        return False
    return a.count(":") >= 2 or leaf_a.split()[0] == leaf_b.split()[0]


def _conflicting(state: SubjectState, slot: str | None) -> list[MemoryRecord]:
    if not slot:
        return []
    return sorted((r for r in state.records.values() if r.tier == "active" and r.slot == slot),
                  key=lambda r: r.memory_id)


#: When a role's new holder is said to start: later ("from June", "starting next month"), or now in
#: words an adjective does not take ("new", "as of today", "from this week", "took over"; not "now",
#: "these days": "my boss is grouchy these days").
_HOLDER_LATER = re.compile(r"\b(?:(?:from|starting)\s+(?:next(?!\s+door\b)|mid|later|the\s+end|tomorrow|"
                           r"the\s+\d{1,2}(?:st|nd|rd|th)\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
                           r"(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
                           r"nov(?:ember)?|dec(?:ember)?)\b)"
                           # ("as of monday" is as often the one gone by)
                           r"|as\s+of\s+(?:next|tomorrow|mid|later|the\s+end))", re.IGNORECASE)
_HOLDER_CHANGED = re.compile(r"\b(?:new|newly|as\s+of(?!\s+late)|from\s+(?:this|today|tonight|now)|starting\s+(?:this|today|now)|"
                             r"switched|changed|swapped|took\s+over|taken\s+over|taking\s+over|replaced|replacing|instead|"
                             r"no\s+longer|any\s*more)\b", re.IGNORECASE)
#: The old holder said to be gone: "..., ruth left", "hannah moved clinics", "magda retired".
_HOLDER_GONE = r"\b{}\s+(?:has\s+|had\s+|just\s+)?(?:left|retired|moved|quit|went|gone|is\s+gone|stepped\s+down|resigned)\b"
#: Where the clause that fills the role ends: what follows ("since sam left", "because ...") is
#: said of something else.
_ROLE_CLAUSE_END = re.compile(r"[,;]|\s[-\u2013\u2014]\s|\s(?:since|because|cos|after|when|as(?!\s+of\b)|so|but)\s",
                              re.IGNORECASE)


def _holder_unsure(c: Candidate, held: list[MemoryRecord]) -> bool:
    """A role's holder named in lower case by `lower_role_filled` ("my coach is rhys"): the word may
    be no name at all ("my coach is norwegian", "my boss is grouchy these days"), so it takes the
    place of the holder before only when the clause that names it says a change in words an
    adjective does not take ("my physio is dan from this week", "my new landlady is olu"), or the
    old holder is said to be gone ("my manager is tom now, ruth left"), and not when it starts
    later ("my manager is sam from june")."""
    if c.fields.get("named") != "lower case" or not (c.slot or "").startswith("fact:role:"):
        return False
    if _HOLDER_LATER.search(c.text) is not None:
        return True
    # the clause that names the holder ("my boss is snappy since sam left": not of the boss)
    value = str(c.fields.get("value") or "").lower()
    clause = next((x for x in _ROLE_CLAUSE_END.split(c.text) if x and value in x.lower()), c.text)
    gone = any(re.search(_HOLDER_GONE.format(re.escape(v)), c.text, re.IGNORECASE)
               for r in held if (v := str(r.fields.get("value") or "").strip()))
    return _HOLDER_CHANGED.search(clause) is None and not gone


def _replaced_by(state: SubjectState, c: Candidate) -> list[MemoryRecord]:
    """The records a candidate's slot value takes the place of. A role said of no one ("the new
    piano teacher is Mr Adeyemi") is of whomever the memory holds it for ("the kids' piano teacher
    is Mrs Lowe"), where that is one person only."""
    found = _conflicting(state, c.slot)
    if found or not c.slot or c.fields.get("owner") != "unsaid":
        return found
    parent, _, role = c.slot.rpartition(":")
    held = [r for r in state.records.values() if r.tier == "active" and r.slot
            and r.slot.startswith(parent + ":") and r.slot.endswith("'s " + role)]
    return sorted(held, key=lambda r: r.memory_id) if len({r.slot for r in held}) == 1 else []


_GENERIC_TERMS = frozenset(t for w in GENERIC_WORDS for t in terms(w))


def salient_terms(text: str, speaker: str) -> frozenset[str]:
    """What a statement is about: its content terms without the speaker's name and without words of
    feeling or emphasis ("great", "love", "really")."""
    own = term_set(speaker)
    return frozenset(t for t in term_set(text) - _GENERIC_TERMS
                     if t not in own and t.removesuffix("'s") not in own)


def _said_whole(typed: list[Candidate], plain: list[Candidate], name: str) -> list[Candidate]:
    """The rules' candidates and the plain statements of a turn, without saying one thing twice: a
    plain statement that holds all a typed candidate says is the rest of its sentence ("our boat is
    a Contessa 32 called Skarv; she's on a mooring at Lymington"), so the typed candidate takes its
    words (keeping its kind) instead of a second record beside it."""
    out = list(typed)
    for p in plain:
        words = salient_terms(p.text, name)
        i = next((i for i, c in enumerate(out) if c.kind in ("fact", "preference", "decision", "constraint")
                  and c.happened_at is None and c.expires_at is None
                  and (own := salient_terms(c.text, name)) and own < words), None)
        if i is None:
            out.append(p)
        else:
            out[i] = replace(out[i], text=p.text)
    return out


def _kept_already(words: frozenset[str], kept: list[frozenset[str]]) -> bool:
    """The rules kept this statement already, in their own words: a candidate of the turn holds
    all its content terms ("Sold Yamaha last month" for "sold the Yamaha last month!"), or all but
    one of four or more."""
    every = frozenset().union(*kept) if kept else frozenset()
    # (or all of them together: "my first language is English, but my mum is from Cardiff" kept as two)
    return bool(words) and (any(len(words - other) <= min(1, len(words) // 4) for other in kept)
                            or len(words - every) <= min(1, len(words) // 4))


def _parts(rec: MemoryRecord, speaker: str) -> list[str]:
    """A record's statements without the speaker prefix ("Mel: a; b" -> ["a", "b"])."""
    text = (rec.text or "").removeprefix(speaker + ": ")
    return text.split("; ") if rec.fields.get("consolidated") else [text]


def consolidation(state: SubjectState, c: Candidate, speaker: str, turn: Event, memory_id: str,
                  settings: Settings) -> tuple[MemoryRecord, list[MemoryRecord]] | None:
    """Repeated evidence becomes one semantic record (DESIGN: "An episode becomes a semantic fact only
    with repeated evidence").

    When a new observation by `speaker` shares at least `consolidate_shared_terms` salient words with
    earlier active observations of the same speaker, and together they are at least
    `consolidate_min_evidence` statements, they are recorded as one fact (source "reflection",
    provenance the union of their turns, confidence rising with the count) that supersedes the
    pieces. A consolidated record is itself a piece: later evidence grows it, up to
    `consolidate_max_parts` statements. Returns (the new record, the records it supersedes), or None.
    Deterministic: candidates are taken in memory-id order.
    """
    if not settings.consolidate or c.fields.get("type") != "observation" or c.happened_at is not None:
        return None
    mine = salient_terms(c.text, speaker)
    if len(mine) < settings.consolidate_shared_terms:
        return None
    prefix = speaker + ": "
    related: list[MemoryRecord] = []
    for rec in sorted(state.records.values(), key=lambda r: r.memory_id):
        if (rec.tier != "active" or rec.kind != "fact" or rec.text is None or rec.happened_at is not None
                or rec.fields.get("type") != "observation" or not rec.text.startswith((prefix, speaker + " "))):
            continue
        theirs = salient_terms(rec.text, speaker)
        shared = mine & theirs
        if (len(shared) >= settings.consolidate_shared_terms
                and len(shared) >= settings.consolidate_similarity * min(len(mine), len(theirs))):
            related.append(rec)
    # Most related first; a full consolidated record takes no more.
    related.sort(key=lambda r: (-len(mine & salient_terms(r.text or "", speaker)), r.memory_id))
    chosen: list[MemoryRecord] = []
    n_parts = 1
    for rec in related:
        k = len(_parts(rec, speaker))
        if n_parts + k > settings.consolidate_max_parts:
            continue
        chosen.append(rec)
        n_parts += k
    if n_parts < settings.consolidate_min_evidence:
        return None
    chosen.sort(key=lambda r: (r.created_at, r.memory_id))
    parts: list[str] = []
    for rec in chosen:
        parts.extend(p for p in _parts(rec, speaker) if p not in parts)
    new = c.text.removeprefix(prefix)
    if new not in parts:
        parts.append(new)
    # Repeated evidence is said once: a statement whose every word another one says is dropped
    # (its turn stays in the provenance).
    sets = [term_set(p) - term_set(speaker) for p in parts]
    parts = [p for i, p in enumerate(parts)
             if not any(j != i and sets[i] <= sets[j] and (sets[i] < sets[j] or (len(parts[j]), -j) > (len(p), -i))
                        for j in range(len(parts)))]
    sources: list[TurnRef] = []
    for rec in chosen:
        sources.extend(s for s in rec.sources if s not in sources)
    ref = TurnRef(session_id=turn.session_id or "", turn_id=turn.payload.turn_id)
    if ref not in sources:
        sources.append(ref)
    evidence = sum(r.evidence_count for r in chosen) + 1
    privacy = max([c.privacy_level] + [r.privacy_level for r in chosen], key=lambda p: PRIVACY_ORDER[p])
    record = MemoryRecord(
        memory_id=memory_id,
        tenant_id=turn.tenant_id,
        user_id=turn.user_id,
        session_id=turn.session_id,
        kind="fact",
        text=("" if parts[0].startswith(speaker + " ") else prefix) + "; ".join(parts),
        fields={"type": "observation", "consolidated": str(len(parts))},
        source="reflection",
        sources=sources,
        confidence=round(min(0.95, max([c.confidence] + [r.confidence for r in chosen]) + 0.05 * (n_parts - 2)), 4),
        importance=max([c.importance] + [r.importance for r in chosen]),
        created_at=min([turn.occurred_at] + [r.created_at for r in chosen]),
        updated_at=turn.occurred_at,
        privacy_level=privacy,
        evidence_count=evidence,
    )
    return record, chosen


def _ref(turn: Event) -> TurnRef:
    return TurnRef(session_id=turn.session_id or "", turn_id=turn.payload.turn_id)


#: A rule the speaker keeps to, said with its condition: "I don't climb outdoors when the rock is
#: wet", "I never drive if I've had a drink", "I won't fly unless it's direct", "I don't take
#: calls before 10". Not a thought or a feeling ("I don't know if ...", "I don't mind if ..."), nor
#: what the speaker will not be or did not do ("I won't be home before 6").
_OWN_RULE = (r"^(?:[^:]{{1,40}}:\s+)?(?:(?:when|whenever|if|on)\b[^.!?;]{{0,60}}?[\s,]+)?(?:{subject}|we)\s+"
             r"(?:don['’]?t|do\s+not|doesn['’]?t|does\s+not|never|won['’]?t|will\s+not|refuses?\s+to|only)\s+"
             r"(?:(?:ever|usually|normally|really|generally)\s+)?"
             r"(?!(?:know|think|care|mind|remember|understand|see|get|feel|be|have|want|need|like|bother|believe|expect|"
             r"plan|intend|mean|suppose|guess|recall|forget|wonder|agree|worry|hear|notice|realise|realize)s?\b)"
             r"(?P<verb>[a-z]+)\b[^.!?;]*?\b(?:if|unless|when|whenever|while|before|after|under|over|below|above|"
             r"without|during)\b\s+\S")
_PAST_FORMS = frozenset("found went got saw had did made came left took knew thought told said ran met".split())


@lru_cache(maxsize=1024)
def _own_rule_pattern(speaker: str) -> re.Pattern[str]:
    return re.compile(_OWN_RULE.format(subject="I|" + re.escape(speaker)), re.IGNORECASE)


def _own_rule(text: str, speaker: str) -> bool:
    """Whether a statement is a rule the speaker keeps to, with its condition (see _OWN_RULE)."""
    m = _own_rule_pattern(speaker).match(text.strip())
    if m is None or _one_time(text):
        return False
    verb = m.group("verb").lower()
    if _ONE_THING_WONT.search(m.group()):
        return False  # "I won't finish the report unless ...", "won't make it unless ...": one occasion
    return not verb.endswith("ed") and verb not in _PAST_FORMS


#: "won't" with a verb of one thing to do ("won't make it", "won't finish the report").
_ONE_THING_WONT = re.compile(r"\b(?:won['’]?t|will\s+not)\s+(?:\w+\s+)?(?:make|finish|get|be|manage|have|come|go)\b"
                             r"|\b(?:won['’]?t|will\s+not)\s+\w+\s+(?:it|the|this|that|my|our|there|home)\b", re.IGNORECASE)



def _retyped(c: Candidate, probs: dict[str, float], settings: Settings, speaker: str = "") -> Candidate:
    """A hard rule or limit is a constraint, whatever sentence shape the rules saw in it."""
    if (c.kind in ("fact", "preference", "episode", "decision")
            # a medicine taken is what the speaker is on, however like a rule it reads
            and not (c.slot or "").startswith("fact:medication:")
            and (probs.get("constraint", 0.0) >= settings.constraint_probability or states_a_rule(c.text)
                 or (speaker and _own_rule(c.text, speaker)))):
        fields = {k: v for k, v in c.fields.items() if k != "type"}
        return replace(c, kind="constraint", importance=max(c.importance, 0.85), happened_at=None,
                       fields=fields)
    return c


#: Classifier probability at which one statement of a narrative is a rule of its own: above the bar
#: that types a whole candidate (a statement is read without the turn's other sentences to dilute it).
NARRATIVE_RULE_PROBABILITY = 0.7
#: ... read only in a narrative that, whole, reads at all like one (half of LoCoMo's read under 0.02;
#: one with a rule in it, 0.06 or more): reading each statement costs an embedding each.
NARRATIVE_RULE_GATE = 0.02


def _unled(text: str, name: str, said: list[str]) -> list[str]:
    """A narrative's statements read as said, without the "Sam: " each is given (a name before a
    statement reads as a label): what `_rules_told_apart` classifies, and `warm_up` embeds ahead."""
    lead = lead_of(text, name) + ": "
    return [x.removeprefix(lead) for x in said]


def _rules_told_apart(c: Candidate, name: str, meaning: Meaning) -> list[Candidate] | None:
    """A rule said among other sentences of a turn ("Rules on our beat are strict: everything goes
    back, no fish kept ...; Gregor's on a different beat ...") is a constraint of its own, and the
    other sentences are not one: the turn's narrative, read whole, is typed by whichever part
    weighs more. Each statement of a narrative is read alone; those that state a rule, or that the
    classifier takes for one, become constraint candidates, and the rest stays the narrative, of
    the kind the rules gave it. None when the candidate is no narrative or states no rule."""
    if not is_narrative(c.fields, c.text):
        return None
    said = readable(c.text, name)
    probs = meaning.kinds(_unled(c.text, name, said))
    rules = [k for k, (x, p) in enumerate(zip(said, probs))
             if p.get("constraint", 0.0) >= NARRATIVE_RULE_PROBABILITY or states_a_rule(x) or _own_rule(x, name)]
    if not rules:
        return None
    pieces = narrative_parts(c.text)
    # A statement that points back ("the health board forbids it") goes with the one it points to,
    # and those that point back to a rule go with the rule: a unit that says nothing alone is not
    # cut from what it tells of.
    leans = [k > 0 and tells_of_before(pieces[k]) for k in range(len(pieces))]
    taken: set[int] = set()
    for k in rules:
        j = k
        taken.add(j)
        while leans[j]:
            j -= 1
            taken.add(j)
    for k in range(1, len(pieces)):
        if leans[k] and k - 1 in taken:
            taken.add(k)
    units: list[list[int]] = []
    for k in sorted(taken):
        if units and units[-1][-1] == k - 1:
            units[-1].append(k)
        else:
            units.append([k])

    def text_of(ks: list[int]) -> str:
        return JOIN.join([said[ks[0]]] + [pieces[k] for k in ks[1:]])

    out: list[Candidate] = []
    rest = [k for k in range(len(said)) if k not in taken]
    if rest:
        out.append(replace(c, text=text_of(rest)))
    fields = {k: v for k, v in c.fields.items() if k != "type"}
    out.extend(replace(c, kind="constraint", text=text_of(ks), fields=fields if len(ks) == 1 else c.fields,
                       importance=max(c.importance, 0.85), happened_at=None, expires_at=None) for ks in units)
    return out


def _statements_said_again(meaning: Meaning, c: Candidate, speaker: str, pool: list[MemoryRecord],
                           settings: Settings, day) -> dict[int, MemoryRecord]:
    """The statements of a candidate (a narrative's, or the one it is) that say again what a record,
    or one statement of a narrative, says: {statement index: record}. A statement another one
    points back to stays, as does one that points back itself: apart from it, the rest would not
    read."""
    whole = not is_narrative(c.fields, c.text)
    said = [c.text] if whole else readable(c.text, speaker)
    pieces = [c.text] if whole else narrative_parts(c.text)
    # (a statement alone is related to every record whole below: here, to the narratives' statements,
    # unless it is told as said before, which relates it to records of any kind here)
    told = told_before(c.text) or c.fields.get("told") == "before"
    theirs = statements(pool, speaker, only_narratives=whole and not told)
    if not theirs:
        return {}
    by_id = {s.memory_id: s for s in theirs}
    # A statement said again shares a word of five letters or more, or a value, with what it
    # repeats: one that shares none with any statement is not embedded to be asked (an embedding
    # each is the cost of this reading).
    held = set().union(*(anchors(s.text, speaker) for s in theirs))
    asked = [k for k, x in enumerate(said)
             if not (tells_of_before(pieces[k]) or (k + 1 < len(pieces) and tells_of_before(pieces[k + 1])))
             and anchors(x, speaker) & held]
    if not asked:
        return {}
    # ("Quick context since it's a new chat: Mochi still ...": what is told, read without its opener)
    told_each = [told_before(x) for x in said]
    said = [_without_told_opener(x, speaker) for x in said]
    # relate says "same" of nothing less alike than `same_anchor_similarity`: only those are asked
    sims = meaning.vectors([said[k] for k in asked]) @ meaning.vectors([s.text for s in theirs]).T
    out: dict[int, MemoryRecord] = {}
    for row, k in enumerate(asked):
        x = said[k]
        near_at = np.flatnonzero(sims[row] >= settings.same_anchor_similarity)
        near = [theirs[j] for j in near_at]
        if not near:
            continue
        if (told if whole else told_each[k]) and _TWO_SAID.search(x, x.find(" ") + 1) is not None:
            continue  # "like I said, I drive a Skoda, and I just bought an e-bike": the news stays with it
        if (told if whole else told_each[k]):
            # told as said before ("for context", "as a reminder"): the record it repeats, whatever
            # each of the two was typed as ("mum moved into Larchfield last month" / "mum's at
            # Larchfield") and whenever it happened
            kinds: dict[str, list] = {}  # (grouped in one pass: many alike records made it quadratic)
            for y in near:
                kinds.setdefault(y.kind, []).append(y)
            same = sorted((r for kind, group in kinds.items() for r in relate(meaning, x, kind, speaker, group, settings)
                           if r.verdict == "same"), key=lambda r: -r.similarity)
            if not same:
                recapped = _recapped(x, speaker, [(theirs[j], float(sims[row][j])) for j in near_at])
                if recapped is not None:
                    out[k] = recapped
                    continue
                # the speaker says they said it before: the closest of the alike ones is what they
                # said, when it says no word that one does not ("like I said, my sister Jo is
                # pregnant" is news of "my sister Jo lives in Leeds"), no other holder, value,
                # ranking, denial or number ("the A14" / "the A1"), and no change
                if change_cue(x) is None:
                    best = min(near_at, key=lambda j: (-float(sims[row][j]), theirs[j].memory_id))
                    if (not _new_words(x, theirs[best].text, speaker)
                            and not _not_said_again(x, theirs[best].text, speaker)
                            and not other_numbered(x, theirs[best].text)):
                        out[k] = theirs[best].record
                        continue
        else:
            # "Freya (she's four) is still dino-mad", "you know I love live music": told beside
            # news, a standing statement said again, though the whole reads as an event
            kind = "fact" if c.kind == "episode" and (goes_on(x) or _AS_YOU_KNOW.search(x)) else c.kind
            same = [r for r in relate(meaning, x, kind, speaker, near, settings, day=day) if r.verdict == "same"]
        if same:
            out[k] = by_id[same[0].memory_id].record
    return out


#: A second statement joined to one told as said before: ", and I just bought ...", ", but my son
#: is ...".
_TWO_SAID = re.compile(r",\s+(?:and|but|plus)\s+(?:I|I'm|I've|my|we|we're|our|he|she|they|his|her|their|(?-i:[A-Z])[\w'’-]*)\s+"
                       r"(?!(?:and|or)\b)\w", re.IGNORECASE)


def _without_told_opener(statement: str, speaker: str) -> str:
    """A statement told as said before without the words that tell it so, after its "Name: " lead
    ("Dana: Quick context since it's a new chat: Mochi still ..." -> "Dana: Mochi still ...")."""
    if not told_before(statement):
        return statement
    lead = f"{speaker}: " if statement.startswith(f"{speaker}: ") else ""
    body = told_opener_gone(statement[len(lead):])
    return lead + body if body else statement


def _recapped(told: str, speaker: str, near: list[tuple[Statement, float]]) -> MemoryRecord | None:
    """The record a statement told as said before recaps, when it names what one or more records
    held and nothing else ("Reminder of the basics: Kowalski Construction from Slough, about £18k
    on the kitchen" after the builder and the budget were said apart), and says no change: the
    nearest of them. None when it says a word they did not ("Quick reminder: Priya Shah is leaving
    Moore and Co.": that word is its news). `near`: (statement, likeness) of the alike ones."""
    mine = values(told, speaker)
    held = [(s, sim) for s, sim in near if denies(told) == denies(s.text) and not other_numbered(told, s.text)]
    if not mine or not held or change_cue(told) is not None:
        return None
    named = frozenset().union(*(values(s.record.text or "", speaker) for s, _ in held))
    said_words = frozenset().union(*(salient_terms(s.record.text or "", speaker) for s, _ in held))
    news = [t for t in salient_terms(told_opener_gone(told), speaker) - said_words
            if not any(one_edit(t, w) or t[:4] == w[:4] for w in said_words)]
    if news or not all(_overlap(frozenset([v]), named) for v in mine):
        return None
    return max(sorted(held, key=lambda pair: pair[0].memory_id), key=lambda pair: pair[1])[0].record


#: "You know I love live music": beside news, a standing statement said again ("you know" is also
#: said for emphasis: it marks no repeat of an event).
_AS_YOU_KNOW = re.compile(r"\byou\s+know\s+(?:I|I'm|I've|we|we're)\b", re.IGNORECASE)


def _pool(state: SubjectState, speaker: str, pending: list[MemoryRecord]) -> list[MemoryRecord]:
    """The speaker's active standing records (and this turn's), the ones a statement can repeat or
    update: temporary instructions and habits are judged elsewhere."""
    out = [r for r in state.records.values()
           if r.tier == "active" and r.text and r.kind != "temporary_instruction"
           and r.fields.get("type") != "habit" and mentions(r.text, speaker)]
    out.sort(key=lambda r: r.memory_id)
    return out + [p for p in pending if p.kind != "temporary_instruction" and mentions(p.text or "", speaker)]


def _a_happening(record: MemoryRecord) -> bool:
    """An episode, or what the speaker told in a turn no rule typed (an observation) said to be one
    more time of something ("at the track again - mile reps", "another puppy class done"): it
    happened, whichever kind it was given."""
    return record.kind == "episode" or (record.kind == "fact" and record.fields.get("type") == "observation"
                                         and not record.slot and recurs(record.text or ""))


#: A date the core wrote after a time word ("tonight (4 March 2026)", "last week (week of 2 March
#: 2026)", "last month (April 2026)").
_TOLD_DATE = re.compile(r"\s\((?:(?:week|weekend)\s+of\s+)?(?:\d{1,2}\s+)?(?:January|February|March|April|May|June|July|"
                        r"August|September|October|November|December)\s+\d{4}\)|\s\(\d{4}\)")


_AGAIN = re.compile(r"\s+(?:again|once\s+more)\b(?!\s*(?:and|or)\b)", re.IGNORECASE)


def _habit(state: SubjectState, record: MemoryRecord, speaker: str, turn: Event, out: _Emitter,
           settings: Settings, meaning: Meaning, memory_id: str) -> None:
    """Repeated similar episodes of one speaker on different days become a standing record (a habit)
    with the union of their provenance; the episodes stay, each with its date. One episode never
    does. A later repeat replaces the habit record with a fuller one."""
    if not settings.consolidate or not _a_happening(record) or not record.text:
        return
    episodes = sorted((r for r in state.records.values()
                       if r.tier == "active" and _a_happening(r) and r.text and r.memory_id != record.memory_id
                       and mentions(r.text, speaker)), key=lambda r: r.memory_id)
    day = (record.happened_at or record.created_at).date()
    similar = habit_of(meaning, record.text, day, speaker, episodes, settings)
    days = {(r.happened_at or r.created_at).date() for r in similar} | {day}
    if len(days) < settings.consolidate_min_evidence:
        return
    group = sorted(similar + [record], key=lambda r: ((r.happened_at or r.created_at), r.memory_id))
    first, last = group[0].happened_at or group[0].created_at, group[-1].happened_at or group[-1].created_at
    span = max(1, (last.date() - first.date()).days)
    gap = span / (len(days) - 1)
    cadence = ("daily" if gap <= 1.5 else "every few days" if gap <= 4.5 else "weekly" if gap <= 10
               else "every few weeks" if gap <= 21 else "monthly" if gap <= 45 else "now and then")
    # what the times have most in common (the time the others read most alike to: the first may be
    # told with a one-off's detail, "the bread didn't land till half ten, I'd a queue out the door"),
    # then how often: "Rory: the combi boiler is flashing F28 and won't fire (again and again:
    # weekly, 4 times, 2 March 2026 to 23 March 2026)"
    # (without its "again", which the span says, nor the date a later time was told with)
    vectors = meaning.vectors([r.text or "" for r in group])
    k = int(np.argmax((vectors @ vectors.T).sum(axis=1)))
    told = group[k].text or ""
    if k:
        told = _AGAIN.sub("", _TOLD_DATE.sub("", told))
    text = (f"{told} (again and again: {cadence}, {len(days)} times, {first.day} {first:%B %Y} to "
            f"{last.day} {last:%B %Y})")
    sources: list[TurnRef] = []
    for r in group:
        sources.extend(x for x in r.sources if x not in sources)
    habit = MemoryRecord(
        memory_id=memory_id, tenant_id=turn.tenant_id, user_id=turn.user_id, session_id=turn.session_id,
        kind="fact", text=text, fields={"type": "habit", "episodes": str(len(days)), "cadence": cadence},
        source="reflection", sources=sources,
        confidence=round(min(0.95, 0.6 + 0.05 * len(days)), 4),
        importance=max(r.importance for r in group), created_at=turn.occurred_at, updated_at=turn.occurred_at,
        privacy_level=max((r.privacy_level for r in group), key=lambda p: PRIVACY_ORDER[p]),
        evidence_count=len(group),
    )
    refs = {(x.session_id, x.turn_id) for x in sources}
    older = sorted(r.memory_id for r in state.records.values()
                   if r.tier == "active" and r.fields.get("type") == "habit" and mentions(r.text or "", speaker)
                   and refs & {(x.session_id, x.turn_id) for x in r.sources})
    out.emit(MemoryRecorded(record=habit))
    for old in older:
        out.emit(MemorySuperseded(memory_id=old, superseded_by=memory_id, reason="habit grew"))


def _bounded(c: Candidate, at: datetime) -> Candidate:
    """A statement told with the date it holds until ("Priti is watering the plants till Saturday",
    "no rides longer than 25 km until the end of March") expires then, whichever reader kept it."""
    if c.kind == "temporary_instruction" or c.expires_at is not None:
        return c
    ends = arrangement_end(c.text, at)
    if ends is None:
        return c
    held = c.happened_at if c.happened_at is not None and not (ends - timedelta(days=1) <= c.happened_at < ends) else None
    return replace(c, expires_at=ends, happened_at=held, kind="fact" if c.kind == "episode" and held is None else c.kind)


#: A day that comes round every year, told as whose day falls on what date ("my dad has his birthday
#: on 2 March", "the 9th of October is my sister's birthday", "our anniversary falls on 4 September",
#: "Jana's birthday is the 3rd of May"): not something done on or for one ("I missed my dad's
#: birthday on 2 March", "a party for her birthday"), nor one birthday of an age ("her 90th birthday is
#: on 21 June").
_DAY_MONTH = (r"(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + MONTH_WORDS + r"|" + MONTH_WORDS + r"\s+\d{1,2}(?:st|nd|rd|th)?)\b")
_YEARLY_DAY_WORD = r"(?:birthday|b-?day|anniversary|name\s*day)"
_YEARLY_STATEMENT = re.compile(
    _YEARLY_DAY_WORD + r"\s*(?:is|falls|['’]s|:|-)\s*(?:on\s+)?(?:the\s+)?" + _DAY_MONTH
    + r"|\b(?:has|have|celebrates?)\s+(?:(?:his|her|their|my|our|a)\s+)?" + _YEARLY_DAY_WORD + r"\s+on\s+(?:the\s+)?" + _DAY_MONTH
    + r"|" + _DAY_MONTH + r"\s+is\s+(?:the\s+)?(?:[\w'’-]+\s+){0,3}?" + _YEARLY_DAY_WORD + r"\b", re.IGNORECASE)
_AN_AGES_DAY = re.compile(r"\b\d+(?:st|nd|rd|th)\s+" + _YEARLY_DAY_WORD, re.IGNORECASE)


def _yearly(c: Candidate) -> Candidate:
    """A day that comes round every year, told by its date, is a standing fact of whose day it is, not
    an event of the day it next falls on (see _YEARLY_STATEMENT)."""
    if c.kind != "episode" or _YEARLY_STATEMENT.search(c.text) is None or _AN_AGES_DAY.search(c.text) is not None:
        return c
    return replace(c, kind="fact", happened_at=None)


#: What a day moved to opens with that takes "in" rather than "on": a month, a season.
_IN_A_MONTH = re.compile(MONTH_WORDS + r"|spring|summer|autumn|fall|winter|early|mid|late|"
                         r"the\s+(?:spring|summer|autumn|winter|new\s+year)", re.IGNORECASE)
_OPENS_WITH_WHEN = re.compile(r"(?:next|this|after|before|tomorrow|tonight)\b", re.IGNORECASE)
#: The words of a day and its time, from the start of what a plan was moved to ("Monday afternoon"
#: of "Monday afternoon instead", "the 3rd of april" of "the 3rd of april, someone cancelled").
_DAY_WORDS = re.compile(
    r"(?:(?:the|of|next|this|mid|early|late|end|start|beginning|after|before|tomorrow|tonight|at|on|in|"
    + _WEEKDAY + "|" + MONTH_WORDS + "|" + _SEASON + r"|morning|afternoon|evening|night|week|weekend|month|year|noon|midday|"
    r"\d{1,4}(?:st|nd|rd|th)?(?:[:.]\d\d)?(?:\s*(?:am|pm))?)\b[\s,-]*)+", re.IGNORECASE)
#: A time of day: "10am", "7:30", "half past nine", "noon", "at 11" (a bare number only after "at").
_CLOCK = (r"(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)\b|\d{1,2}[:.]\d\d\b|(?:half|quarter)\s+(?:past|to)\s+[a-z]+|noon\b|midday\b|"
          r"midnight\b|\d{1,2}\s*o['’]?clock\b|(?<=at\s)\d{1,2}\b(?![:./]))")
_PART_OF_DAY = r"(?:in\s+the\s+)?(?:morning|afternoon|evening|night)\b"
#: A time said after a day ("on Saturday at 11", "on Thursday morning", "on the 19th, at half past nine").
_TIME_AFTER = re.compile(r"(?:,?\s+(?:at\s+)?" + _CLOCK + r"|,?\s+" + _PART_OF_DAY + r")+", re.IGNORECASE)
_HAS_TIME = re.compile(_CLOCK + r"|\b(?:morning|afternoon|evening|night)\b", re.IGNORECASE)
_IT = frozenset("it that this".split())
_WEEKDAY_NAME = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"


def _moved_day(text: str, named: frozenset[str], timed: bool) -> tuple[int, int] | None:
    """Where a record writes the day of the plan a move names, and, when the move says a time
    (`timed`), the time said after it: its one date, or, by what it is ("the exam"), the one date
    of the one statement that names it; None when that is not one."""
    spans = date_phrases(text)
    if named:
        at, found = 0, []
        for part in text.split("; "):
            if named & term_set(part):
                found += [(a + at, b + at) for a, b in date_phrases(part)]
            at += len(part) + 2
        spans = found
    if len(spans) != 1:
        return None
    start, end = spans[0]
    time = _TIME_AFTER.match(text, end) if timed else None
    return start, time.end() if time is not None else end


def _ahead(record: MemoryRecord, at: datetime) -> bool:
    """Whether the day a record's plan is on is still to come (or today)."""
    when = record.happened_at or resolve_dates(record.text or "", record.created_at)[1]
    return when is not None and when.date() >= at.date()


def _moved_plan(c: Candidate, speaker: str, pool: list[MemoryRecord], turn: Event,
                updated: list[MemoryRecord]) -> tuple[MemoryRecord, Candidate] | None:
    """The plan a candidate says was moved to another day ("the garage called, they pushed it back
    to the 25th" after "my car's service is booked for March 12 at the Elm Street garage"), and
    what the plan then is: its own words with the new day (and the new time, where one is said) in
    place of the old. The plan is the one the candidate was found to update by meaning, where that
    is a plan with one day; else, by what the move names ("the exam"), the last plan still to come
    that names it. For "it", a plan found by meaning that is still to come, else the one plan still
    to come where there is one only, else the one found by meaning. A plan of someone else's ("my
    dad's flight", "his flight", "my colleague's meeting") is not the speaker's; a plan whose day is
    not written as a date, or is one of several, is left as it is."""
    said = rescheduled(c.text)
    if said is None:
        return None
    what, when = said
    pronoun = what.lower() in _IT
    if re.match(r"(?:his|her|their)\b", what, re.IGNORECASE):
        return None  # "my dad moved his flight to the 21st"
    named = frozenset() if pronoun else salient_terms(what, speaker)
    day = _DAY_WORDS.match(when)
    when = day.group(0).strip(" ,-") if day is not None else when
    when = re.sub(r"\s+(?:at|of|on|in|the)$", "", when, flags=re.IGNORECASE)
    if not when or (not pronoun and not named):
        return None
    # the time it was moved to, in its day's words or said after them ("to the 19th, at quarter
    # past eleven"): it takes the old time's place; without one, the old time stays
    timed = _HAS_TIME.search(when) is not None
    if not timed and (at := c.text.lower().find(when.lower())) >= 0:
        after = re.match(r"(?:\s*\([^()]*\))?\s*,?\s*(?P<time>(?:at\s+)?" + _CLOCK + r")", c.text[at + len(when):], re.IGNORECASE)
        if after is not None:
            when, timed = f"{when}, {after.group('time')}", True
    # whose the plan is, said with it ("my dad's flight", "my colleague's meeting"): a plan of theirs
    own = set(terms(speaker))
    owners = (set(terms(what)) & RELATIONS) | {t for w in re.findall(r"([\w-]+)['’]s\b", what) for t in terms(w)} - own

    def plan(r: MemoryRecord) -> tuple[int, int] | None:
        if (not r.text or r.kind == "temporary_instruction" or SOURCE_RANK[r.source] > SOURCE_RANK[c.source]
                or (not pronoun and not (owners <= set(terms(r.text))
                                         and set(terms(r.text)) & RELATIONS <= owners))):
            return None
        return _moved_day(r.text, named, timed)

    chosen = [(r, span) for r in updated if (span := plan(r)) is not None]
    if pronoun:
        # "it": the plan found by meaning, still to come; else the one plan still to come (a plan
        # gone by that meaning found stays the choice only where no one other plan is to come)
        ahead = [r for r in pool if r.text and date_phrases(r.text) and _ahead(r, turn.occurred_at)]
        found_ahead = [(r, span) for r, span in chosen if _ahead(r, turn.occurred_at)]
        only = [(r, span) for r in ahead if (span := plan(r)) is not None] if len(ahead) == 1 else []
        chosen = found_ahead or only or chosen
    elif not chosen:
        chosen = [(r, span) for r in pool if (span := plan(r)) is not None and _ahead(r, turn.occurred_at)]
    if not chosen:
        return None
    target, (start, end) = max(chosen, key=lambda x: (x[0].created_at, x[0].memory_id))
    text = target.text or ""
    old_day = re.sub(r"\s*\([^()]*\)", "", text[start:end])
    if re.match(r"\d{1,2}(?:st|nd|rd|th)\b", when, re.IGNORECASE):
        when = "the " + when  # ("moved to 12th": the 12th, which a date can be read from)
    before = text[:start]
    if timed:  # the old time said before the day ("interview at 2pm on the 11th") goes for the new one
        before = re.sub(r"\s*\bat\s+" + _CLOCK + r"(?=\s+(?:on\s+)?$)", "", before, flags=re.IGNORECASE)
    if re.search(r"\bthe\s+$", before, re.IGNORECASE):
        before = re.sub(r"the\s+$", "", before, flags=re.IGNORECASE)  # ("for the 18th" -> "for the 25th", "the april 8th")
    # the new day as a day still to come, with its date written after it ("the 9th (9 April 2026)")
    said_as = when if _OPENS_WITH_WHEN.match(when) else ("in " if _IN_A_MONTH.match(when) else "on ") + when
    lead = "it will be " + said_as[:len(said_as) - len(when)]
    anchor = turn.occurred_at
    was = target.happened_at or resolve_dates(target.text or "", target.created_at)[1]
    # "monday the 23rd": the 23rd, the day of the week said with it
    day = re.match(r"(?P<said>(?:" + _WEEKDAY_NAME + r")\s+(?:the\s+)?(?P<day>\d{1,2}(?:st|nd|rd|th)))(?P<rest>\b.*)",
                   when, re.IGNORECASE)
    of_month = "the " + day.group("day") if day is not None else when
    if re.fullmatch(r"the\s+\d{1,2}(?:st|nd|rd|th)", of_month, re.IGNORECASE) and was is not None:
        # "moved it to the 21st" of the 14th of april: the 21st of april (from that month on)
        anchor = max(anchor, was.replace(day=1, hour=anchor.hour, minute=anchor.minute))
    ahead, on = resolve_dates(lead + of_month, anchor)
    if day is not None:
        ahead = (lead + day.group("said") + (f" ({on.day} {on:%B %Y})" if on is not None else "")
                 + day.group("rest"))
    text = f"{before}{ahead[len(lead):]}{text[end:]}"
    fields = {k: v.replace(old_day, when) if old_day and isinstance(v, str) else v for k, v in target.fields.items()}
    return target, replace(c, kind=target.kind, text=text, fields=fields | {"moved_to": when},
                           slot=target.slot, happened_at=on if target.happened_at is not None else None)


def record_candidates(state: SubjectState, candidates: list[Candidate], turn: Event,
                      out: _Emitter, settings: Settings, id_prefix: str, speaker: str | None = None,
                      meaning: Meaning | None = None) -> None:
    """Applies the duplicate and conflict rules to candidates and emits the resulting events.

    With `meaning`, statements are also typed, merged and superseded by meaning (engine.meaning):
    a paraphrase of a record is that record said again; the same attribute of the same holder with
    a new value supersedes the old record; repeated similar episodes become a habit.

    Emitted events are folded into `state` by the caller afterwards; candidates of one turn are
    checked against each other through `pending`.
    """
    # a record says its negations plainly ("steer clear of X" -> "avoid X", "dont" -> "don't")
    candidates = [c if (plain := plain_negations(c.text)) == c.text else replace(c, text=plain) for c in candidates]
    candidates = [_yearly(_bounded(c, turn.occurred_at)) for c in candidates]
    name = (speaker or "").strip() or "User"
    if meaning is not None and candidates:
        vectors = meaning.vectors([c.text for c in candidates])
        probs = meaning.classifier.probabilities(vectors)
        typed: list[Candidate] = []
        for c, p in zip(candidates, probs):
            rules_apart = (_rules_told_apart(c, name, meaning)
                           if c.kind != "temporary_instruction" and p.get("constraint", 0.0) >= NARRATIVE_RULE_GATE
                           else None)
            typed.extend(rules_apart if rules_apart is not None
                         else [c if c.kind == "temporary_instruction" else _retyped(c, p, settings, name)])
        candidates = typed
    pending: list[MemoryRecord] = []
    for n, c in enumerate(candidates):
        # "pushed it to march", "the exam got moved to november": a plan on another day, never the
        # plan said again
        moving = rescheduled(c.text) is not None
        if meaning is not None and (split := said_again(c.text)) is not None:
            # "Still vegetarian, so something meat-free tonight please": the record said again,
            # beside a request for now, which alone stays (as an instruction for the period it names)
            again, rest = split
            pool = _pool(state, name, pending)
            same = [r for r in relate(meaning, again, "fact" if c.kind in ("episode", "temporary_instruction") else c.kind,
                                      name, pool, settings) if r.verdict == "same"]
            if same:
                out.emit(_repeated(next(r for r in pool if r.memory_id == same[0].memory_id), c, turn))
                if c.kind != "temporary_instruction":
                    continue
                c = replace(c, text=rest)
        dup = find_duplicate(state, c.kind, c.text, c.happened_at, settings.duplicate_similarity,
                             index=state.duplicates())
        if dup is not None and (says_change(c.text, dup.text or "") or _not_said_again(c.text, dup.text or "", name)):
            # "No longer works from the Lisbon office" shares nearly every word of "works from the
            # Lisbon office" and says it changed: not the record said again.
            dup = None
        if dup is None and any(jaccard(term_set(c.text), term_set(p.text or "")) >= settings.duplicate_similarity
                               for p in pending if p.kind == c.kind):
            continue  # the same statement twice in one turn
        if dup is None and meaning is not None and c.kind != "temporary_instruction" and not moving:
            # "we need a second bathroom, no question" beside other news, or
            # "my daughter has a peanut allergy" after a narrative that said so: a statement said
            # before is that memory said again, not a second copy of it
            again = _statements_said_again(meaning, c, name, _pool(state, name, []), settings,
                                           (c.happened_at or turn.occurred_at).date())
            for rec in {id(r): r for r in again.values()}.values():
                out.emit(_repeated(rec, c, turn))
            if again:
                left = rest_text(c.text, set(again), name) if is_narrative(c.fields, c.text) else None
                if left is None:
                    continue  # every statement of it was said before
                c = replace(c, text=left)
        superseded_by_meaning: list[MemoryRecord] = []
        split_off: dict[str, set[int]] = {}  # a narrative's statements a newer statement updated
        if dup is None and speaker and c.fields.get("type") == "observation" and not _conflicting(state, c.slot):
            # Repeated evidence by plain repeats (the consolidation rule) first: one reflection record.
            consolidated = consolidation(state, c, speaker, turn, derive(id_prefix, "mem", str(n)), settings)
            if consolidated is not None:
                record, pieces = consolidated
                out.emit(MemoryRecorded(record=record))
                pending.append(record)
                for old in pieces:
                    out.emit(MemorySuperseded(memory_id=old.memory_id, superseded_by=record.memory_id,
                                              reason="consolidated"))
                continue
        if dup is None and meaning is not None and c.kind != "temporary_instruction":
            pool = _pool(state, name, pending)
            relations = relate(meaning, c.text, c.kind, name, pool, settings,
                               day=(c.happened_at or turn.occurred_at).date())
            by_id = {r.memory_id: r for r in pool}
            stopped, stop_statements = _medicine_stops(c, name, pool)
            stopping = {st.record.memory_id for st in stop_statements}
            same = [r for r in relations if r.verdict == "same" and not moving
                    # "they've got me off the montelukast": the end of the record it names, however alike
                    and r.memory_id not in stopping
                    # Loose consolidation asked for: related statements that each add something
                    # are evidence to combine (consolidation), not one statement said twice.
                    and not (settings.consolidate_similarity < 1.0 and c.fields.get("type") == "observation")
                    # "favourite colour is blue, green got too boring": the slot's new filler, however
                    # close the sentences (the slot below supersedes the old one)
                    and not (c.slot and by_id[r.memory_id].slot == c.slot
                             and not _same_filler(by_id[r.memory_id].fields, c.fields))
                    # nor one that fills a sibling slot ("allergic to kiwi as well" / "to shellfish")
                    and not _other_slot(c.slot, by_id[r.memory_id].slot)]
            if same:
                dup = by_id[same[0].memory_id]
                if any(p.memory_id == dup.memory_id for p in pending):
                    continue  # said twice in one turn
            else:
                superseded_by_meaning = [by_id[r.memory_id] for r in relations if r.verdict == "update"
                                         and SOURCE_RANK[by_id[r.memory_id].source] <= SOURCE_RANK[c.source]
                                         # two slots are two attributes ("favourite band" is not
                                         # "favourite album this year"), however alike the sentences
                                         and not _other_slot(c.slot, by_id[r.memory_id].slot)]
            # One statement of a narrative, the new one's or a record's, or one clause of the new
            # statement, may update a record that the whole does not; a narrative record updated
            # in one statement only keeps the rest (engine.statements).
            if not same:
                updated = _updated_statements(meaning, c, name, pool, settings,
                                              (c.happened_at or turn.occurred_at).date())
                updated += [u for u in _provider_changed(c, name, pool) if u not in updated]
                updated += [u for u in _contact_changed(c, name, pool) if u not in updated]
                # (not a list of medicines, "meds: amlodipine 5mg, atorvastatin 20mg": the others
                # are still taken)
                for st in stop_statements:
                    if not _other_medicines(st.text, stopped) and (st.record, st.index) not in updated:
                        updated.append((st.record, st.index))
                pending_ids = {p.memory_id for p in pending}
                # A narrative said anew that updates a narrative as a whole may change more of it
                # than the one statement found: none of the old one is kept.
                whole = {x.memory_id for x in superseded_by_meaning} if is_narrative(c.fields, c.text) else set()
                for rec, index in updated:
                    if rec.memory_id not in pending_ids | {x.memory_id for x in superseded_by_meaning}:
                        superseded_by_meaning.append(rec)
                    if index is not None and rec.memory_id not in whole:
                        split_off.setdefault(rec.memory_id, set()).add(index)
                for rec in superseded_by_meaning:
                    if rec.memory_id not in split_off and is_narrative(rec.fields, rec.text):
                        split_off[rec.memory_id] = _spoken_of(meaning, rec, c, name, rec.memory_id in whole)
        if dup is None and c.slot:
            # "I'm based in Accra" after "I live in Accra": the slot's value said again, not a new one
            # ("I love sushi, especially salmon nigiri" says more: it supersedes the plainer record).
            # Said in passing in a statement about someone else ("my mum still cooks lamb even though
            # I'm vegetarian", "the waiter knew all about my shellfish allergy"), the same value is
            # evidence for the speaker's record, which says it better.
            dup = next((r for r in _replaced_by(state, c) if _same_filler(r.fields, c.fields)
                        and ((len(_new_words(c.text, r.text or "", name)) < 2
                              and not _not_said_again(c.text, r.text or "", name))
                             or (not _of_another(r.text or "", name)
                                 and (_of_another(c.text, name) or _within_clause(c.text, r.text or "", name))))), None)
        if dup is not None:
            out.emit(_repeated(dup, c, turn))
            continue
        if moving and (moved := _moved_plan(c, name, _pool(state, name, pending), turn, superseded_by_meaning)) is not None:
            # the plan it moves, on its new day in its own words (the whole of it: no rest is cut)
            target, c = moved
            superseded_by_meaning = [r for r in superseded_by_meaning if r.memory_id != target.memory_id] + [target]
            split_off.pop(target.memory_id, None)
        elif moving and c.fields.get("predicate") == "moved":
            # "they moved it to wednesday" of a plan not told with a date ("every tuesday at 10am"):
            # which plan is not known, and the plan stays as told
            superseded_by_meaning = []
        # "I also love Ethiopian food": a second value of the slot, beside the first
        conflicts = [] if _ALSO.search(c.text) else _replaced_by(state, c)
        if c.fields.get("polarity") == "-" and (c.slot or "").startswith("fact:medication:"):
            # "they took me off the amlodipine" leaves "I take amlodipine 5mg and atorvastatin 20mg"
            conflicts = [r for r in conflicts if not _other_medicines(r.text or "", {c.slot.split(":", 2)[2]})]
        if conflicts and _holder_unsure(c, conflicts):
            # (nor by how alike the two read: "my boss is grouchy these days" leaves Dave)
            unsure = {r.memory_id for r in conflicts}
            superseded_by_meaning = [r for r in superseded_by_meaning if r.memory_id not in unsure]
            conflicts = []
        if any(SOURCE_RANK[r.source] > SOURCE_RANK[c.source] for r in conflicts):
            continue  # an explicit memory is not overruled by an inference
        record = _record_from(c, derive(id_prefix, "mem", str(n)), turn)
        out.emit(MemoryRecorded(record=record))
        pending.append(record)
        for old in conflicts:
            out.emit(MemorySuperseded(
                memory_id=old.memory_id,
                superseded_by=record.memory_id,
                reason="corrected" if c.correction else "newer statement",
            ))
        for old in superseded_by_meaning:
            if old.memory_id in {x.memory_id for x in conflicts} or old.memory_id in {p.memory_id for p in pending}:
                continue
            out.emit(MemorySuperseded(memory_id=old.memory_id, superseded_by=record.memory_id,
                                      reason="updated"))
            rest = without(old, split_off.get(old.memory_id, set()), name,
                           derive(id_prefix, "rest", str(n), old.memory_id), turn.occurred_at)
            if rest is not None:  # what else the narrative said still holds
                out.emit(MemoryRecorded(record=rest))
                pending.append(rest)
        if meaning is not None and speaker and "moved_to" not in record.fields:  # (a plan moved: no new time of it)
            _habit(state, record, name, turn, out, settings, meaning, derive(id_prefix, "habit", str(n)))


def _repeated(dup: MemoryRecord, c: Candidate, turn: Event) -> MemoryUpdated:
    """A record said again by a candidate: one more source, a little more confidence."""
    return MemoryUpdated(
        memory_id=dup.memory_id,
        add_sources=[_ref(turn)],
        confidence=round(min(1.0, max(dup.confidence, c.confidence) + 0.05), 4),
        importance=max(dup.importance, c.importance) if c.importance > dup.importance else None,
        reason="repeated",
    )


#: Whose a provider is, said beside it: "for my mum", "for the horses", "my sister's new gym".
_PROVIDER_OF = re.compile(r"\bfor\s+(?P<det>(?:my|our|the|his|her|their|a|an)\s+|[\w'’-]+['’]s\s+)?(?P<whom>[\w'’-]+)|"
                          # "my sister's new gym", "wanjiku's got a new tutor", "mum has a new doctor"
                          r"(?<![\w'’-])(?P<whom2>[\w'’-]+)(?:['’]s|\s+has|\s+have|\s+got|\s+gets)\s+(?:(?:just\s+)?got\s+)?(?:an?\s+)?new\b|"
                          # "my brother's switching schools", "Priya has changed dentists", "my husband changed gps"
                          r"(?<![\w'’-])(?P<whom3>[\w'’-]+)(?:['’](?:s|re)|\s+(?:is|are|has|have))?\s+(?:just\s+|finally\s+)?"
                          r"(?:switch|chang|swapp|mov)\w*\b", re.IGNORECASE)
#: Whose a provider is, said by a word that names no one ("new gp for now", "new vet for a second
#: opinion"): no owner.
_NO_OWNER = frozenset(t for w in """i we me us now good a an the once ages years months weeks it that this them
now second opinion check checkup change while bit work knee knees back shoulder hip neck teeth tooth ankle foot
feet wrist elbow skin hair eyes""".split() for t in terms(w))
#: A provider kept beside another, seen once, or only thought of: "also joined a second gym",
#: "went to a new dentist for a second opinion", "a new tutor for chemistry too", "thinking of
#: switching vets".
_NOT_REPLACED = re.compile(r"\b(?:second\s+opinion|one[- ]off|just\s+once|locum|cover(?:ing)?\s+for|stand[- ]in|"
                           r"need|needs|looking\s+for|heard|recommend\w*|walk-?in|fully\s+booked|"
                           r"second|another|extra|too|also|as\s+well|thinking|considering|might|may|maybe|"
                           r"could|should|would|planning|plan\s+to|hoping|want\s+to|wanting\s+to|if)\b", re.IGNORECASE)
#: A statement that says whom a provider of the speaker's is: "my gym is ironworks", "our vet's dr
#: okafor", "dentist: dr kaur", not "goes to the gym with jake", "he referred me to a physio".
_PROVIDER_IS = (r"(?:\b(?:my|our)\s+(?:(?![\w-]+['’]s\b)[\w'’-]+\s+){{0,2}}?|(?<![\w'’-])(?P<owner>[\w-]+)['’]s\s+"
                r"(?:(?![\w-]+['’]s\b)[\w'’-]+\s+){{0,2}}?){provider}s?(?:\s+(?:is|was)\b|['’]s\b|\s*[:\u2013\u2014-])"
                # "dentist: dr kaur" (not "Robin: gym's been heaving", the speaker's lead)
                r"|\b{provider}s?\s*[:\u2013\u2014]\s*\w"
                # "dr kaur is my dentist"
                r"|\bis\s+(?:my|our|[\w'’-]+['’]s)\s+(?:[\w'’-]+\s+)?{provider}\b")
#: A new provider told as one visit, not a change ("new mechanic at the dealership did the service",
#: "saw a new gp at the walk-in today"): said with a past doing or a day, and no word of changing.
_ONE_VISIT = re.compile(r"\b(?:today|yesterday|this\s+(?:morning|afternoon)|last\s+night|saw|seen|did|done|"
                        r"had|visited|went|sorted|fixed|treated|checked)\b", re.IGNORECASE)


#: Words for whom a provider may serve besides the speaker: kin, and animals and children by kind.
_KINDS_OF_OWNER = RELATIONS | frozenset("""cat cats dog dogs puppy kitten rabbit rabbits horse horses pony kid kids
children animals pets goats chickens sheep cattle cows""".split())
_KIND_TERMS = frozenset(t for w in _KINDS_OF_OWNER for t in terms(w))
#: A provider of someone the speaker names by kind only: "dog's vet", "our cat's vet", "the kids' school".
_HELD_BY_KIND = (r"\b(?:" + "|".join(sorted(_KINDS_OF_OWNER, key=len, reverse=True))
                 + r")(?:['’]s|s?['’])\s+(?:[\w'’-]+\s+)?{provider}s?\b")


#: Providers of one kind named by other words: a change of doctor is of the GP.
_SAME_PROVIDER = {"gp": ("gp", "doctor"), "doctor": ("doctor", "gp"), "therapist": ("therapist", "counsellor"),
                  "counsellor": ("counsellor", "therapist")}


#: A provider said by its verb: "I bank with Barclays", "Robin banks at Monzo".
_SERVED_BY = r"^(?:[^:]{{1,40}}:\s+)?(?P<owner>[\w'’-]+)\s+(?:(?:also|still|now|currently|only|always)\s+)?{provider}s?\s+(?:with|at)\b"


def _names_provider(text: str, provider: str, owners: frozenset[str]) -> bool:
    """Whether a statement says whom a provider of one of `owners` is ("my gym is ironworks",
    "Robin's dentist: dr kaur", "we bank with barclays"; not "Robin's sister's gym is ironworks"
    unless the sister is one)."""
    for p in _SAME_PROVIDER.get(provider, (provider,)):
        for m in re.finditer(_PROVIDER_IS.format(provider=re.escape(p)), text, re.IGNORECASE):
            if m.group("owner") is None or set(terms(m.group("owner"))) & owners:
                return True
        m = re.match(_SERVED_BY.format(provider=re.escape(p)), text, re.IGNORECASE)
        if m is not None and (m.group("owner").lower() in ("i", "we") or set(terms(m.group("owner"))) & owners):
            return True
    return False


def _provider_changed(c: Candidate, speaker: str, pool: list[MemoryRecord]) -> list[tuple[MemoryRecord, int | None]]:
    """The statements naming the provider a candidate says was changed, and another one than it
    names ("we've changed vets; the cats are with Dr Ng at Hillside now" after "they see Dr Moss at
    the Elm Street vet clinic"): [(record, statement index or None)]."""
    provider = changed_provider(c.text)
    if provider is None:
        return []
    mine = values(c.text, speaker)
    new_names = {v for v in mine if value_kind(v) == "name"}
    out: list[tuple[MemoryRecord, int | None]] = []
    served = [s for s in statements(pool, speaker)
              if SOURCE_RANK[s.record.source] <= SOURCE_RANK[c.source]
              and any(has_term(terms(s.text), p) for p in _SAME_PROVIDER.get(provider, (provider,)))]
    # "we swapped nurseries for Finn, he's at Sunbeams now": of the statements naming someone the
    # candidate names, when some do (Maya's nursery stays)
    whom = new_names | {t for t in set(terms(c.text)) & RELATIONS if not has_term([provider], t)}
    for_whom = [s for s in served if any(re.search(rf"\b{re.escape(w)}\b", s.text, re.IGNORECASE) for w in whom)]
    # whose the new one is, said beside it ("new physio for my mum", "my sister's new gym", "new
    # vet for the horses"): a provider of theirs, not of what a statement that does not name them holds
    # ("for my nephew", "for a friend": someone; "for my physics", "for the car": what for)
    of_whom = {t for m in _PROVIDER_OF.finditer(c.text)
               if not (m.group("whom") and m.group("det") and not set(terms(m.group("whom"))) & _KIND_TERMS)
               for t in terms(m.group("whom") or m.group("whom2") or m.group("whom3"))
               if not has_term([provider], t)} - set(terms(speaker)) - _NO_OWNER
    # (what follows reads names in lower case; names capitalised are read as they were before it)
    lower_ok = provider != "trainer"  # ("switched trainers, using hokas now": shoes)
    # (whose provider a record may name: the speaker's, or of someone the new statement names too:
    # "swapped nurseries, ollie's at tiny tots now" of "ollie's nursery is little acorns")
    owners = frozenset(terms(speaker)) | frozenset(terms(c.text))
    if of_whom and not for_whom:
        whose = [s for s in served if of_whom & set(terms(s.text))]
        if not whose and not of_whom & _KIND_TERMS and not any(of_whom & set(terms(r.text or "")) for r in pool):
            # "new vet for biscuit" after "dog's vet is dr halvorsen": a name no memory holds is of
            # the one the speaker's record names by kind only (the dog), not of the speaker
            held_by = re.compile(_HELD_BY_KIND.format(provider=re.escape(provider)), re.IGNORECASE)
            whose = [s for s in served if held_by.search(s.text)]
            owners |= _KIND_TERMS
        if whose:
            for_whom, owners = whose, owners | of_whom
        elif not provider_switched(c.text):
            return []  # "new vet for the horses": none of the speaker's records is theirs
        else:
            lower_ok = False
    if _NOT_REPLACED.search(c.text) or (not provider_switched(c.text) and _ONE_VISIT.search(c.text)):
        if not provider_switched(c.text):
            return []  # "a new tutor for chemistry too", "went to a new dentist for a second opinion"
        lower_ok = False  # kept beside another, seen once or only thought of
    named_now = provider_named(c.text, provider) - set(terms(speaker)) if lower_ok else frozenset()
    for s in for_whom or served:
        if keeps(c.text, s.text, speaker):
            continue  # "new vet for the horses, the cats stay with mensah"
        theirs = values(s.text, speaker)
        old_names = {v for v in theirs if value_kind(v) == "name"}
        # another name than the new one: the one who served before ("Dr Moss"), not the new one said again
        if new_names - theirs and old_names - mine:
            out.append((s.record, s.index))
        elif (named_now and _names_provider(s.text, provider, owners)
              and (named_before := provider_named(s.text, provider) - set(terms(speaker))) and not named_now & named_before):
            # named in lower case on either side ("switched gyms, now at summit fitness" after "my
            # gym's ironworks on 5th", "new dentist: dr lowe" after "dentist is dr kaur")
            out.append((s.record, s.index))
    return out


def _contact_changed(c: Candidate, speaker: str, pool: list[MemoryRecord]) -> list[tuple[MemoryRecord, int | None]]:
    """The statement giving the address or phone number a candidate gives anew ("New address is 19
    Castle Street" after "we're living with my parents at 4 Orchard Way until the flat is ready"),
    of the same holder, however differently the two are worded: [(record, statement index or
    None)]. Only where one statement gives one: with two (a home and a work number), which one
    changed is not said."""
    mine = contact_values(c.text)
    if not mine:
        return []
    whose = holder(c.text, speaker)
    theirs = [(s, changes_contact(c.text, s.text)) for s in statements(pool, speaker)
              if SOURCE_RANK[s.record.source] <= SOURCE_RANK[c.source]]
    theirs = [(s, kinds) for s, kinds in theirs if kinds and same_holder(holder(s.text, speaker), whose)]
    out: list[tuple[MemoryRecord, int | None]] = []
    for kind in mine:
        held = [s for s, kinds in theirs if kind in kinds]
        if len(held) == 1:
            out.append((held[0].record, held[0].index))
    return out


def _medicine_stops(c: Candidate, speaker: str, pool: list[MemoryRecord]) -> tuple[set[str], list[Statement]]:
    """The medicines a candidate says the speaker is off, and the statements of theirs that said
    they take one ("bp meds: amlodipine 5mg once a day", then "they took me off the amlodipine and
    put me on losartan 50 instead"): such a statement is ended, and the candidate is no repeat of
    it. Not someone else's ("my dad stopped taking his statins"), nor one only thought of
    ("thinking of coming off sertraline"), nor a statement that only names it ("my warfarin clinic
    is at St Mary's")."""
    # (the cheap test before the pool is read)
    if c.kind not in ("fact", "episode") or MEDICINE_STOP_WORDS.isdisjoint(re.findall(r"[a-z]+", c.text.lower())):
        return set(), []
    # (a medicine the speaker was said to take, whatever its name: "I take 75mg clopidogrel")
    known = frozenset(r.slot.split(":", 2)[2] for r in pool if r.slot and r.slot.startswith("fact:medication:"))
    stopped = medicines_stopped(c.text, speaker, known)
    if not stopped:
        return stopped, []
    names = "|".join(map(re.escape, sorted(stopped)))
    found = re.compile(r"\b(?:" + names + r")\b", re.IGNORECASE)
    taken = re.compile(_TAKEN.format(drug=names), re.IGNORECASE)
    return stopped, [s for s in statements(pool, speaker)
                     if s.record.kind == "fact" and SOURCE_RANK[s.record.source] <= SOURCE_RANK[c.source]
                     and found.search(s.text) and not _of_another(s.text, speaker)
                     and not medicines_stopped(s.text, speaker) and _said_taken(s.text, stopped, s.record.slot, taken)]


#: A medicine said as taken: with its dose, after a word of taking, or in a list of medicines.
_TAKEN = (r"\b(?:takes?|taking|took|prescribed|started|using|uses)\s+(?:[\w'’-]+\s+){{0,3}}?(?:{drug})\b"
          r"|\b(?:is|am|['’]m|been|was)\s+(?:(?:now|still|also|currently)\s+)?on\s+(?:(?:the|my|their)\s+)?"
          r"(?:" + DOSE.replace("{", "{{").replace("}", "}}") + r"\s+(?:of\s+)?)?(?:{drug})\b"
          r"|\b(?:meds?|medications?|medicines?|tablets|pills|prescriptions?)\b[^.!?]{{0,40}}?(?:{drug})\b")


def _said_taken(text: str, drugs: set[str], slot: str | None, taken: re.Pattern[str]) -> bool:
    """Whether a statement says one of the medicines is taken (a medicine's slot, its dose, a word of
    taking or a list of medicines before it: `taken`, `_TAKEN` of those medicines)."""
    if slot and slot.startswith("fact:medication:") and slot.split(":", 2)[2] in drugs:
        return True
    if taken.search(text):
        return True
    return any((m.group("a") or m.group("b")).lower() in drugs for m in _DOSED.finditer(text))


#: A word said with a dose ("atorvastatin 20mg", "20mg of atorvastatin"): a medicine, whatever its name.
_DOSED = re.compile(r"\b(?!(?:take|takes|taking|took|on|of|and|or|a|the|about|around|every|daily|at)\b)"
                    r"(?P<a>[A-Za-z][\w-]+)\s+" + DOSE + r"|\b" + DOSE + r"\s+(?:of\s+)?(?P<b>[A-Za-z][\w-]+)", re.IGNORECASE)


def _other_medicines(text: str, stopped: frozenset[str] | set[str]) -> bool:
    """Whether a statement names a medicine besides the stopped ones."""
    # (a word in capitals may be a name, "Tremaine", "Caroline": a medicine when said with its dose)
    named = {w for w in re.findall(r"\b[a-z][\w-]+", text)
             if is_medicine(w) and w not in ("meds", "medication", "medications", "tablets", "pills")}
    named |= {(m.group("a") or m.group("b")).lower() for m in _DOSED.finditer(text)}
    return bool(named - {w.lower() for w in stopped})


#: Cosine at which a statement of a narrative said anew speaks of a statement of the old one.
SPOKEN_OF_SIMILARITY = 0.5


def _spoken_of(meaning: Meaning, rec: MemoryRecord, c: Candidate, speaker: str, whole: bool) -> set[int]:
    """The statements of a narrative record that a candidate updating it as a whole speaks of: the
    closest one, and, for a narrative said anew, every one that one of its statements reads like. The
    others still hold ("we carpool with the Okonjos" when the squad changed) and are kept."""
    old = readable(rec.text or "", speaker)
    new = readable(c.text, speaker) if is_narrative(c.fields, c.text) else [c.text]
    vectors = meaning.vectors(old + new)
    sims = vectors[: len(old)] @ vectors[len(old):].T  # old statement x new statement
    closest = sims.max(axis=1)
    # The one it gives a new value: the statement holding values of the kinds the candidate gives (a
    # place and a month for "moved my entry to Valencia in December"), then the closest.
    mine = value_kinds(values(c.text, speaker))
    stop = ended(c.text, speaker)
    # What an end names ("fitted a new one in place of the points") is in the statement it ends,
    # however close the others read.
    said = {k for k, x in enumerate(old) if stop is not None and ends(stop, x, speaker)} or \
        {max(range(len(old)), key=lambda k: (len(mine & value_kinds(values(old[k], speaker))), closest[k]))}
    if whole:
        said |= {k for k, s in enumerate(closest) if s >= SPOKEN_OF_SIMILARITY}
    return said


_PIECES = re.compile(r"[,;:]\s+|\s+(?:and|but|so)\s+", re.IGNORECASE)
#: A clause that says why a thing changed ("coach moved it", "teacher had to switch", "the
#: council changed the routes").
_WHY_CHANGED = re.compile(r"\b(?:moved|changed|switched|swapped|shifted|rearranged|rescheduled|cancell?ed|put|asked|"
                          r"wanted|decided|retired|left|quit|closed|shut|sold|had\s+to|needed\s+to|made|bumped|"
                          r"pushed|brought)\b", re.IGNORECASE)
#: Words that make what a statement tells a maybe, a condition or a report not yet sure.
_MAYBE = re.compile(r"\b(?:if|unless|might|maybe|may|could|would|perhaps|possibly|probably|supposedly|apparently|reckons?|"
                    r"suppos\w+|assuming|imagine|hypothetically|in\s+case|what\s+if|were\s+to|"
                    r"rumou?r\w*|not\s+(?:yet\s+)?(?:confirmed|sure|official|final)|or\s+so|thinking\s+of|considering|"
                    r"planning|hoping|only\s+for|but\s+(?:i['’]m|we['’]re)\s+still)\b", re.IGNORECASE)


def _updated_statements(meaning: Meaning, c: Candidate, speaker: str, pool: list[MemoryRecord],
                        settings: Settings, day) -> list[tuple[MemoryRecord, int | None]]:
    """The records one of whose statements a statement of the candidate updates, where a narrative
    is on either side: [(record, the index of its statement updated, or None when it is one
    statement)]. The pairs of two whole statements were related already and are not again."""
    mine = [x for said in (readable(c.text, speaker) if is_narrative(c.fields, c.text) else [c.text])
            for x in clauses(said, speaker)]
    # A clause too long to be one statement is read piece by piece between its commas ("following
    # the revised offer that came yesterday, our ceiling has been raised to 465,000 pounds, which
    # opens up a few more areas"): the piece that says the change is the statement.
    mine = [p for x in mine for p in ([x] if single_statement(x) else comma_clauses(x))]
    # A change told with why beside it, of another subject ("piano's thursdays now, teacher had to
    # switch"): where the statement updates nothing, the clause that says the change in words of
    # its own is read alone (its holder is not the teacher).
    # (not where a clause beside it makes the change a maybe: "spin's thursdays now, the coach said
    # he might", "rent's 1350 now, if the landlord gets his way")
    # (only beside clauses that say why: "coach moved it", not whose or where: "at Dan's gym, ...",
    # "my sister Kate says, ...")
    alone = [p for x in mine if single_statement(x) and not _MAYBE.search(x) for p in comma_clauses(x)
             if p != x and p not in mine and change_cue(p) is not None
             and all(_WHY_CHANGED.search(o) for o in comma_clauses(x) if o != p)]
    # relate finds an update only through a change cue, a value or an end: a statement with none
    # of them is not asked (what it would answer is known). A value alone, without a word of
    # change in the statement said, is too little in a short piece: "that's covered by an NDA"
    # holds a value, as does "my contact there is Ruth Adeyemi", and changes nothing.
    cued = change_cue(c.text) is not None or ended(c.text, speaker) is not None or bool(corrected(c.text, speaker))
    mine = [x for x in mine if change_cue(x) is not None or ended(x, speaker) is not None
            or corrected(x, speaker) or (cued and values(x, speaker)) or takes_role(x, speaker)
            or (corrects_unnamed(c.text) and values(x, speaker)) or weighing(x)]
    # nor one that says only that something goes on ("and her therapist is still Dr Marsh"): its
    # clauses are; "as usual the school shuffled it all, her piano is on Thursdays now" says a change
    mine = [x for x in mine if not goes_on(x)
            or any(change_cue(p) is not None and not goes_on(p) for p in _PIECES.split(x))]
    theirs = statements(pool, speaker, only_narratives=mine == [c.text] and not alone,
                        long_by_clause=True) if mine or alone else []
    if not theirs:
        return []
    # One embedding call for what each relate below reads first (the embedder caches by text).
    meaning.vectors(list(dict.fromkeys([*mine, *alone, *(mask(x, speaker) for x in mine + alone),
                                        *(s.text for s in theirs)])))
    by_id = {s.memory_id: s for s in theirs}
    updated: list[tuple[MemoryRecord, int | None]] = []
    # a clause of a long sentence (no narrative's statement) is weighed only by a statement that
    # names something it names: "I changed my phone to a Pixel 8" is of no clause of "I teach
    # science in Leeds, my head of department is Mr Okonjo, and ..."
    own = set(terms(speaker))
    clause_terms = {s.memory_id: set(terms(s.text)) - own for s in theirs
                    if s.index is not None and not is_narrative(s.record.fields, s.record.text)}
    for said in mine + alone:
        if said in alone and updated:
            break
        said_terms = set(terms(said)) - own
        near = [s for s in theirs if s.memory_id not in clause_terms or said_terms & clause_terms[s.memory_id]]
        for r in relate(meaning, said, c.kind, speaker, near, settings, day=day):
            s = by_id[r.memory_id]
            if (r.verdict == "update" and SOURCE_RANK[s.record.source] <= SOURCE_RANK[c.source]
                    and not _other_slot(c.slot, s.record.slot)
                    # "a new physio, Tomasz, but we still see Rhona": no clause of it changes Rhona's
                    and not keeps(c.text, s.text, speaker)):
                updated.append((s.record, s.index))
    return updated


#: Words without which a sentence is not asked whether it requests forgetting (the classifier
#: decides; this only spares it the sentences that cannot be one).
_FORGET_WORDS = re.compile(
    r"\b(?:forg[eo]t|scratch|scrap|scrub|strike\b|delet|remov|eras|wip|unlearn|drop|disregard|ignor|keep|kept|stor|sav|rememb|hang|hold|"
    r"record|memor|notes?\b|noted|writ|log|track|rid\b|mention|bring|brought|take\b|took\b|ditch|bin\b|"
    r"lose\b|cut\b|nix\b|toss|chuck|files?\b)", re.IGNORECASE)
#: Forgetting asked not to happen: "don't forget ...", "never forget ...", "please do not delete
#: what I said about my epilepsy", "don't drop what I told you about my allergy".
_DONT_FORGET = re.compile(r"\b(?:don['’]?t|do\s+not|never|won['’]?t|mustn['’]?t)\s+(?:ever\s+)?(?:forget|delete|erase|"
                          r"remove|wipe|drop|lose|ditch|bin|scrap|scratch|scrub|get\s+rid\s+of)\b", re.IGNORECASE)
#: A verb of forgetting, erasing or dropping in any form: what a request asks of the assistant.
_ERASING_VERB = re.compile(r"\b(?:forg[eo]t\w*|delet\w*|eras\w*|wip(?:e|es|ed|ing)\b|remov\w*|scratch\w*|scrap\b|scrub\w*|"
                           r"strike\b|unlearn\w*|disregard\w*|ignor\w*|get\s+rid|drop\b|ditch\w*|bin\b|toss\b|chuck\b|nix\b|"
                           r"take\s+(?:out|off)|don['’]?t\s+(?:keep|store|save|remember)|stop\s+(?:remembering|keeping))",
                           re.IGNORECASE)
_ERASING_FORMS = r"(?:forget|forgets|forgot|forgotten|forgetting|delete[sd]?|deleting|erase[sd]?|erasing|wipe[sd]?|wiping|remove[sd]?|removing)"
#: A participle of erasing with what it erased after it ("my partner deleted what I posted"): "I want
#: my debts wiped" names no doer.
_ERASED_SOMETHING = (r"(?:deleted|erased|wiped|removed|forgotten)(?=\s+(?:what|everything|all|the|that|this|it|about|"
                     r"my|his|her|our|their|those|these|every|any|some)\b)")
#: A verb of erasing with its doer before it.
_ERASING_DONE = (r"(?:forget|forgets|forgot|forgetting|delete|deletes|deleting|erase|erases|erasing|wipe|wipes|wiping|"
                 r"remove|removes|removing|" + _ERASED_SOMETHING + ")")
#: The erasing done, in a tense no request is said in.
_ERASED = r"(?:forgets|forgot|forgetting|deletes|deleting|erases|wipes|removes|" + _ERASED_SOMETHING + ")"
#: Words between a doer and its verb: "always", "keeps", "had to", "I'm trying to", "I'll", "she's been".
_DOER_AUX = (r"(?:(?:always|often|sometimes|usually|never|just|still|totally|completely|probably|already|even|also|only|"
             r"keeps?|kept|had|has|have|did|does|do|would|could|might|may|must|can['’]?t|cannot|couldn['’]?t|didn['’]?t|"
             r"doesn['’]?t|don['’]?t|won['’]?t|will|am|is|are|was|were|been|tends?\s+to|tried\s+to|trying\s+to|"
             r"managed\s+to|seems?\s+to|had\s+to|used\s+to|going\s+to|gonna|on)\s+)*")
#: "we" is the user with the assistant as often as with others ("what if we deleted what I said
#: about ...?", "I'd prefer we erase it"): a doer of its own only in a habit or a past duty.
_WE_AUX = (r"(?:(?:always|often|sometimes|usually|never|just|still|all)\s+)*(?:keep|kept|tend\s+to|had\s+to|used\s+to|"
           r"always|often|sometimes|usually|never)\s+" + _DOER_AUX)
#: A word of a doer's name: not one that joins two clauses ("keep my address but remove my mobile").
_NOT_A_JOIN = r"(?!(?:and|but|or|so|then|please|pls|plz|just|also)\b)"
#: Forgetting or erasing that someone other than the assistant does, or was told to do ("I always
#: forget what I said", "my brother keeps forgetting what I told him", "she deleted what I wrote",
#: "the waiter forgot", "I told my sister to delete it", "Mum asked me to forget it"): told of, not
#: asked of it. The assistant is asked by "you": "I want you to forget it", "can you delete ...".
_NARRATED_ERASING = re.compile(
    # a person's own forgetting, in any tense: "I forget", "he never forgets", "they'd forgotten",
    # "I'll delete it from my blog"; not a question asking it ("can I delete ...?", "how do I ...?")
    r"(?:(?<!can\s)(?<!could\s)(?<!would\s)(?<!will\s)(?<!shall\s)(?<!may\s)(?<!should\s)(?<!do\s)(?<!does\s)"
    r"\b(?:I|he|she|they|(?:my|his|her|our|their)\s+(?:" + _NOT_A_JOIN + r"[\w'’-]+\s+){0,2}?" + _NOT_A_JOIN
    + r"[\w'’-]+)(?:['’](?:d|ve|ll|m|s|re))?\s+"
    + _DOER_AUX + _ERASING_DONE
    + r"|\bwe(?:['’](?:d|ve|ll|re))?\s+" + _WE_AUX + _ERASING_DONE
    # a named person or one brought in with "the", in a tense no request is said in: "Mum deleted",
    # "Sam forgets", "the app erased", "the waiter forgot"
    + r"|(?:(?-i:\b[A-Z][a-z]+)|\bthe\s+(?:" + _NOT_A_JOIN + r"[\w'’-]+\s+){0,2}?" + _NOT_A_JOIN
    + r"[\w'’-]+)(?:['’]s)?\s+(?:(?:always|often|never|just|keeps?|kept|had|has|"
    r"is|was|been|gone\s+and)\s+)*" + _ERASED + r"\b"
    # someone other than the assistant told to: "I told my sister to delete", "she asked me to forget"
    r"|\b(?:told|tell|tells|telling|asked|ask|asks|asking|begged|beg|wanted|wants|made|make|got|get|gets)\s+"
    r"(?!you\b|u\b|ya\b)(?:[\w'’-]+\s+){1,3}?to\s+(?:" + _ERASING_FORMS
    + r"|scrub|scratch|scrap|strike|drop|ditch|bin|toss|chuck|ignore|disregard|unlearn|get\s+rid\s+of))\b"
    # a second verb of the same doer: "forgot and then deleted what I said"
    + r"(?:\s+(?:and\s+then|and|then)\s+" + _ERASING_FORMS + r"\b)*",
    re.IGNORECASE)
#: Asked whether the assistant forgot or still holds something ("did you forget what I told you
#: about ...?", "have you deleted my address?", "do you still remember ...?").
_ASKED_IF_GONE = re.compile(r"\b(?:did|have|has|had)\s+(?:you|u)\s+(?:already\s+|just\s+|really\s+)?"
                            r"(?:forg[eo]t\w*|delet\w*|eras\w*|remov\w*|wip(?:e|ed)\b)"
                            r"|\b(?:do|did|can)\s+(?:you|u)\s+(?:still\s+)?remember\b", re.IGNORECASE)
#: Why something is not kept: a complaint that it was lost ("why can you not hang onto my blood
#: type", "why didn't you save my allergy list?"), which asks to keep it, not to drop it.
_WHY_NOT_KEPT = re.compile(
    r"\bwhy\s+(?:(?:can|could|do|did|does|would|will)(?:n['’]?t|\s+not)\s+(?:you|u)|"
    r"(?:can|could|do|did|does|would|will)\s+(?:you|u)\s+(?:not|never)|won['’]?t\s+(?:you|u)|"
    r"(?:is|was)(?:n['’]?t|\s+not)\s+(?:it|that|this))\s+(?:\w+\s+){0,2}?"
    r"(?:keep|kept|remember|remembered|hang\s+on(?:to)?|hold\s+on(?:to)?|store|stored|save|saved|retain|retained)\b", re.IGNORECASE)
#: "Everything I just told you", "all I've just said", "everything I said just now": the user's last message.
_SAID_VERB = r"(?:said|told(?:\s+you)?|wrote|written|mentioned|shared|typed)"
_EVERYTHING_JUST = re.compile(
    r"\b(?:everything|all)\s+(?:that\s+)?I(?:['’]ve|\s+have)?\s+(?:just\s+" + _SAID_VERB + r"|" + _SAID_VERB
    + r"\s+just\s+now)\b", re.IGNORECASE)
#: A request that points back ("scratch that", "don't keep it") rather than naming its topic.
_DEICTIC = re.compile(r"\b(?:that|this|it|what\s+I\s+(?:just\s+)?(?:said|told|wrote|mentioned))\b|"
                      + _EVERYTHING_JUST.pattern, re.IGNORECASE)
#: A request that names its topic yet points at what was just said ("forget what I just said about
#: my health", "scrap that, I'd rather my health stuff wasn't kept", "delete that part about work"):
#: where no record is plainly the topic, the user's last message is taken. "Forget what I said
#: about sailing" points nowhere: where nothing is about sailing, nothing is forgotten, least of
#: all whatever was said last; nor
#: does a "just" that only softens ("could you just erase ...", "it's just embarrassing"), "that
#: stuff I said about ...", or a "that" that what follows names ("forget that I mentioned ...",
#: "don't remember that, what I said about ...").
_JUST_SAID = re.compile(
    r"\bI(?:['’]ve|\s+have)?\s+just\s+" + _SAID_VERB + r"\b|\b" + _SAID_VERB + r"\s+just\s+now\b|"
    # "that part about work", "this bit about money": not "that stuff I said about ...", "this stuff is private"
    r"\b(?:that|this)\s+(?:bit|part|thing|stuff|info|information|details?|story)\s+(?:about|on|re|regarding)\b|"
    r"\b(?:scratch|scrap|forget|delete|erase|wipe|drop|remove|ignore|disregard|strike|unlearn|keep|store|save|"
    r"remember|record|ditch|bin|nix|toss|chuck|on\s*to|out)\s+(?:all\s+)?(?:that|this|it)"
    r"(?=\s*(?:[,.;:!?\u2013\u2014-]|$)|\s+(?:please|pls|again|too|as\s+well)\b)"
    r"(?!\s*[,;:\u2013\u2014-]?\s*(?:what|everything|anything|the)\b)",
    re.IGNORECASE)
_REQUEST_WORDS = frozenset("""forget forgot scratch delete remove erase wipe unlearn drop disregard ignore keep store
stored save saved remember record recorded memory memories note noted notes written write wrote typed log logged track please
kindly pls plz
could can would you your just actually rather prefer want wanted don't do not didn't never anywhere anything
everything thing stuff part bit said told mentioned earlier before last week today also wait oh hey okay ok
mind that this it what about from hmm umm oh wait yeah sorry second thought thoughts reflection honestly
scrap hang hold onto last bit
gave shared details detail info information anyone
get rid bring bringing brought mention mentioning raise raising again ever anymore stop quit
weren't wasn't isn't aren't wouldn't couldn't shouldn't they them i'd i'm would've rather stored kept
take out off ditch bin lose cut nix toss chuck file files
strike like love need needed asking ask beg begging changed change say regarding
scrub it'd you'd you're you've grateful lovely great time whenever maybe honestly really
coming popping cropping surfacing resurfacing hate dont keen having""".split())


#: Verbs of unburdening oneself, said of what the user told: "what I vented", "ranted", "blurted out".
_UNBURDENING = ("vented", "ranted", "rambled", "moaned", "complained", "whinged", "griped", "blurted out", "blurted",
                "confided", "offloaded", "unloaded", "went on", "let slip", "confessed", "admitted", "spilled",
                "poured out")
_UNBURDENED = "(?:" + "|".join(w.replace(" ", r"\s+") for w in _UNBURDENING) + ")"


#: A thing named as kept by the assistant or given to it ("... you saved", "... you've got on file",
#: "... I gave you"; not "... you've kept using", "... I told you about": a doing, a thing in the world).
_KEPT_BY_YOU = (r"you(?:['’]ve\s+|\s+have\s+|\s+)(?:saved|stored|kept(?!\s+\w+ing\b)|recorded|"
                r"got\s+(?:on\s+file|saved|down|stored|for))|I\s+(?:gave|sent)\s+you|I\s+told\s+you(?!\s+about)")
#: What a request to get rid of names when it is of something said, not of a thing in the world
#: ("get rid of the therapy stuff", "of what I told you"; not "get rid of the old sofa").
_SAID_THING = (r"(?:that|this|it|all\s+that|what\s+I\b|everything\s+I\b|anything\s+I\b|"
               r"the\s+(?:[\w'\-]+\s+){0,3}?(?:thing|stuff|bit|part|info|information|details?|notes?|story|business)\b|"
               # a thing said to the assistant, told so ("Mr Haddad's old mobile number you saved", "the
               # gym code I gave you", "my address that you've got on file")
               r"(?:[\w'’\-]+\s+){1,6}?(?:that\s+|which\s+)?(?:" + _KEPT_BY_YOU + r"|you(?:['’]ve\s+|\s+have\s+|\s+)remembered|"
               r"I\s+(?:shared|mentioned)\s+(?:with\s+you|earlier|before))\b)")
#: Verbs of removing that are about what the assistant keeps only when their object is something
#: said ("take out the part about my surgery", "ditch the stuff about my ex", "ignore the address I
#: gave you"; not "take out the bins", "cut the onions", "ignore the noise"), or the place it is kept
#: is named (`_OFF_THE_RECORD`).
_REMOVE_SAID = (r"(?:(?:take\s+(?:out|off)|ditch|bin|lose|cut|nix|toss|chuck)\s+(?=" + _SAID_THING
                + r"|what\s+I\s+(?:just\s+)?(?:said|told|mentioned|shared|wrote))"
                # "ignore" only of what is plainly said or given to the assistant: "ignore it", "ignore
                # that noise" are about the world
                + r"|ignore\s+(?=(?:[\w'’\-]+\s+){0,6}?(?:" + _KEPT_BY_YOU + r")\b"
                r"|what\s+I\s+(?:just\s+)?(?:said|told|mentioned|shared|wrote|gave)\b"
                r"|the\s+(?:[\w'\-]+\s+){0,3}?(?:thing|stuff|bit|part|info|information|details?|story|business)\s+about\b))")
#: Taken out of where the assistant keeps things ("take my address off file", "take the bit about
#: the divorce out of your notes").
_OFF_THE_RECORD = (r"\b(?:take|get)\s+(?:[\w'’-]+\s+){1,6}?(?:out\s+of|off|from)\s+(?:your\s+|the\s+|my\s+)?"
                   r"(?:notes?|files?|records?|memory|memories)\b")
#: Words that make a sentence a request to forget only in a request's form ("never mention X
#: again", "get rid of the X stuff"): "I never mention my salary at work" is no request.
_FORM_ONLY_WORDS = re.compile(r"\b(?:rid|mention\w*|bring\w*|brought)\b", re.IGNORECASE)

#: A dislike of having something kept ("I'm not keen on having my salary written down", "I don't love
#: having where the boat is docked on file", "I hate having that stored"): not wanting it kept.
_DISLIKE_KEPT_FORM = (r"\b(?:(?:don'?t|do\s+not)\s+(?:love|like|fancy|enjoy)|not\s+(?:keen\s+on|happy\s+(?:about|with)|"
                 r"thrilled\s+(?:about|with)|a\s+fan\s+of)|hate|dislike)\s+(?:having|you\s+having|you\s+keeping)\b[^.!?]*"
                 r"\b(?:stored|kept|saved|remembered|recorded|on\s+record|on\s+file|written\s+down|noted(?:\s+down)?|"
                 r"logged|in\s+(?:your|the)\s+(?:notes|memory|system))\b")
_DISLIKE_KEPT = re.compile(_DISLIKE_KEPT_FORM, re.IGNORECASE)
#: "Can you not hold on to my blood type?", "could you not hang onto my address": asked not to keep it.
_NOT_HOLD_ON = re.compile(r"\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?not\s+(?:hold|hang)\s+on\s*to\b",
                          re.IGNORECASE)
#: "I'd rather you didn't hold on to the name of his school", "I'd prefer it if you didn't keep my
#: address", "would rather you never wrote that down": asked not to keep it, in the speaker's wish.
_RATHER_NOT_KEPT = re.compile(
    r"\b(?:rather|prefer(?:red)?\s+(?:it\s+)?if)\s+(?:you|u)\s+(?:didn['’]?t|did\s+not|wouldn['’]?t|would\s+not|never)\s+"
    # (not "didn't keep asking", "didn't keep going", "didn't write such long answers", "didn't log off")
    r"(?:(?:keep|kept)(?!\s+(?:\w+ing|on|up|in|quiet|calm|it\s+up)\b)|store|stored|save|saved|remember|remembered|record|recorded|"
    r"(?:write|wrote|note|noted|jot|jotted|put|take|took)\s+(?:(?:that|it|this|any\s+of\s+that)\s+)?down|"
    r"hold\s+on\s*to|held\s+on\s*to|hang\s+on\s*to|hung\s+on\s*to)\b", re.IGNORECASE)
#: ... asked from the sentence's start ("why can't you hold on to ...", "how can you not hang onto ..." complain).
_NOT_HOLD_ON_ASKED = re.compile(r"^[\W_]*(?:(?:oh|actually|also|and|so|hey|ok(?:ay)?|please|pls|just)\b[\W_]*)*"
                                + _NOT_HOLD_ON.pattern, re.IGNORECASE)


#: The form of a request to the assistant about what it keeps: an imperative ("forget the part
#: about ...", "please drop it"), a question to it ("can you delete ..."), what the user said ("what
#: I told you"), its memory or notes, or not wanting something kept ("I'd rather that not be stored").
#: Something asked to be gone from what the assistant keeps ("every trace of that interview gone from
#: what you remember about me", "cleared out of whatever you've got on me", "off your notes").
_OUT_OF_KEEPING = re.compile(
    r"\b(?:gone|out|off|removed|cleared|wiped|deleted|erased|struck)\s+(?:from|of|off)\s+(?:(?:what(?:ever)?|anything|"
    r"everything|all)\s+(?:that\s+)?(?:you|u)(?:['’]ve|\s+have)?\s+(?:know|remember|have|got|keep|hold|store|saved|stored|"
    r"noted)\b|(?:your|ur)\s+(?:memory|memories|notes|records?|files?)\b)", re.IGNORECASE)
_REQUEST_FORM = re.compile(
    _OUT_OF_KEEPING.pattern + r"|"
    r"^[\W_]*but\s+(?:just\s+)?(?:scratch|scrap|delete|erase|wipe|remove|drop|strike|unlearn|disregard)\b|"
    r"^[\W_]*(?:(?:oh|hmm+|um+|uh+|erm+|actually|wait|ok(?:ay)?|please|kindly|and|also|so|hey|no|on\s+second\s+thoughts?|"
    # (chat's openers: "tbh scrap that", "lmao delete that last one", "nvm dont save that")
    # (not "ugh", "omg", "honestly": "ugh forget work, let's talk holidays" lets a topic go)
    r"on\s+reflection|never\s*mind|just|lol|lmao|tbh|ngl|idk|nvm)\b[\W_]*)*(?:forget|scratch|scrap|delete|erase|wipe|remove|drop|strike|unlearn|"
    r"disregard|get\s+rid\s+of\s+(?=" + _SAID_THING + r")|don'?t\s+(?:keep|store|save|remember|record|write|hang\s+on|hold\s+on)|"
    r"do\s+not\s+(?:keep|store|save|remember|hang\s+on|hold\s+on))\b"
    r"|\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?:not\s+)?(?:forget|delete|erase|wipe|remove|drop|"
    r"unlearn|keep|store|save|remember|get\s+rid\s+of\s+(?=" + _SAID_THING + r"))\b"
    # "can you not hold on to the bit about ...", "could you not hang onto my ex's address"
    r"|" + _NOT_HOLD_ON.pattern +
    # "would you mind not keeping anything about ...", "do you mind deleting my number"
    r"|\b(?:would|do)\s+(?:you|u)\s+mind\s+(?:(?:just|please)\s+)?(?:not\s+(?:keeping|storing|saving|remembering|recording|"
    r"holding\s+on\s*to|hanging\s+on\s*to)|forgetting|deleting|erasing|wiping|removing|dropping|scrapping|ditching|"
    r"getting\s+rid\s+of)\b" +
    r"|\b(?:what|everything|anything|the\s+(?:\w+\s+){0,3}(?:thing|stuff|part|bit|details?|info(?:rmation)?))\s+"
    r"(?:I|i)\s+(?:just\s+)?(?:said|told|mentioned|shared|gave|wrote|brought\s+up|" + _UNBURDENED + r")\b"
    r"|\b(?:your|from\s+your)\s+(?:memory|memories|notes|records?|files?)\b"
    r"|^[\W_]*(?:(?:oh|hmm+|um+|actually|wait|ok(?:ay)?|please|pls|kindly|and|also|so|hey|no|just)\b[\W_]*)*"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?)?" + _REMOVE_SAID + r"|" + _OFF_THE_RECORD +
    r"|\b(?:scratch|scrap)\s+(?:that|this|it)\b"
    r"|\bdon'?t\s+(?:keep|store|save|remember|hang\s+on\s*to|hold\s+on\s*to)\s+(?:that|this|it)\b"
    # "I would prefer it not to be kept", "I'd appreciate it if that were not stored"
    r"|\b(?:prefer|appreciate\s+(?:it\s+)?if)\b[^.!?]*\b(?:not|never)\s+(?:to\s+)?(?:be\s+|been\s+)?"
    r"(?:stored|kept|saved|remembered|recorded|written\s+down)\b"
    r"|\b(?:rather|don'?t\s+want|do\s+not\s+want|not\s+comfy|not\s+comfortable)\b[^.!?]*\b(?:stored|kept|saved|"
    r"remembered|recorded|on\s+record|on\s+file|written\s+down|having\s+that\s+saved)\b"
    # "I'm not keen on having my salary written down", "I don't love having where I park on file"
    r"|" + _DISLIKE_KEPT_FORM,
    re.IGNORECASE)


def _may_ask_to_forget(sentence: str) -> bool:
    """Whether a sentence (its typos mended: `_mend_request`) has the words of a request about what
    the assistant keeps, so that the classifier is asked whether it is one (`forget_requests`)."""
    return bool((_FORGET_WORDS.search(sentence)
                 and (_FORGET_WORDS.search(_FORM_ONLY_WORDS.sub(" ", sentence)) or _NEVER_AGAIN.search(sentence)
                      or _REQUEST_FORM.search(sentence) or _OWN_THING_REQUEST.search(sentence)
                      or _FORGET_WHOSE_THING.search(sentence) or _FORGET_ALL_ABOUT.search(sentence)))
                or _AS_IF_UNSAID.search(sentence) or _OUT_OF_KEEPING.search(sentence))


def forget_requests(meaning: Meaning, text: str, settings: Settings) -> tuple[list[str], list[str]]:
    """(sentences that ask to forget, the other sentences) of a user's turn.

    The classifier judges the meaning; a sentence in the form of a request to the assistant about
    what it keeps needs `forget_probability`, any other sentence `forget_probability_alone`
    (people talk about memories and forgetting without asking anything of the assistant)."""
    written = split_sentences(text)
    mended = {_mend_request(s): s for s in written}
    sentences = list(mended)
    asked = [s for s in sentences if _may_ask_to_forget(s)]
    if not asked:
        return [], written
    # A request said in one clause of a longer sentence ("forget the part about X, I withdrew and
    # ...") is judged on that clause too: the rest of the sentence dilutes its meaning.
    parts = {s: [s] + _formed_clauses(s) for s in asked}
    texts = list(dict.fromkeys(x for s in asked for x in parts[s]))
    prob = {t: p.get("forget_request", 0.0) for t, p in zip(texts, meaning.kinds(texts))}
    requests = set()
    edits = {s for s in asked if _edits_a_text(s)}
    for s in asked:
        if _DONT_FORGET.search(s) and not _ERASING_VERB.search(_DONT_FORGET.sub(" ", s)):
            continue  # "Don't forget what I told you about my allergy!": asked to keep it, not to drop it
        if _ASKED_IF_GONE.search(s):
            continue  # "Did you forget what I told you about my allergy?": asks what it holds, drops nothing
        if _WHY_NOT_KEPT.search(s) and not _ERASING_VERB.search(s):
            continue  # "why can you not hang onto my blood type": a complaint that it was not kept
        if _NARRATED_ERASING.search(s) and not _ERASING_VERB.search(_NARRATED_ERASING.sub(" ", s)):
            continue  # "I always forget what I told my mum", "she deleted what I wrote": someone else's forgetting
        if _DISMISSAL.search(s) and not _ABOUT_MEMORY.search(s) and not (_A_SAID_THING.search(s) and not _DROPPED.search(s)):
            continue  # "Oh forget it, never mind, I'll ask her myself": let it go, not "forget what I said"
        if _KEEP_ASKED.search(s):
            continue  # "keep his name though": what to keep, beside a request that named what not to
        if (_ANOTHER_INSTEAD.search(s) and _FORGET_VERB.search(s) and not _NEW_SUBJECT.search(s) and not _ASKING.search(s)
                and not (_OWN_THING_REQUEST.search(s) or _ABOUT_MEMORY.search(s) or _TOLD.search(s))):
            continue  # "forget the beach, let's hike instead": a plan dropped for another, not a memory
        if _SET_ASIDE_FOR.search(s) and _FORGET_VERB.search(s) and not _ABOUT_MEMORY.search(s):
            continue  # "forget the vegan stuff for tonight": waived for a while, still true after it
        if s in edits:
            continue  # "remove the bit about pricing from the proposal": an edit of a text being written
        formed = [x for x in parts[s] if _REQUEST_FORM.search(x)]
        if (formed and max(prob[x] for x in formed) >= settings.forget_probability) or \
                prob[s] >= settings.forget_probability_alone or _OWN_THING_REQUEST.search(s) or _NEVER_AGAIN.search(s) \
                or _DISLIKE_KEPT.search(s) or _NOT_HOLD_ON_ASKED.match(s) or _RATHER_NOT_KEPT.search(s) \
                or _AS_IF_UNSAID.search(s) or _FORGET_ALL_ABOUT.search(s) or _REGRET_TOLD.search(s) \
                or (_FORGET_WHOSE_THING.search(s) and (len(sentences) == 1 or not _PLAIN_FORGET.match(s))) \
                or (_FORGET_SOMEONE.search(s) and _ASKING.search(s)) \
                or (_FORGET_NAMED_THING.search(s) and _ASKING.search(s)) \
                or (_NEVER_MIND.search(s) and _FORGET_IT.search(s) and not _DROPPED.search(s)):
            requests.add(s)
    # A sentence that tells the assistant to forget, delete or not keep something, but that the
    # classifier does not judge a request, is held back from the rest too: whatever it means, it
    # is no evidence for what it names ("Forget that we picked the blue sofa" must never make the
    # sofa memory stronger).
    withheld = {s for s in asked if s not in requests and _FORGET_FORM.search(s) and not _DISMISSAL.search(s)}
    # An edit asked of a text being written is no memory either ("kindly delete the IIM part from the
    # cover letter draft")
    withheld |= edits
    # ... and so is a wish beside a request that what it names not be left about ("Forget the court
    # stuff. I'd rather it wasn't lying around."): it says why, of the thing asked about
    if requests:
        withheld |= {s for s in sentences if s not in requests and _NOT_LEFT_ABOUT.search(s)}
    # ... but what it says in its place is said: "scratch that re: pharmacy - I moved everything
    # over to the Rexall" tells where the prescriptions are now; so does a request to forget the old
    # ("scrap that about insurance - I moved the policy to Direct Line")
    instead = {s: m.group("said") for s in withheld | requests if (m := _SAID_INSTEAD.match(s)) is not None
               and len(_WORDS_RE.findall(m.group("said"))) >= 3 and not _may_ask_to_forget(m.group("said"))}
    # the requests as read (typos mended: they name their topic to forget_targets), the rest as written
    return ([s for s in sentences if s in requests],
            [instead.get(s) or mended[s] for s in sentences if (s not in requests and s not in withheld) or s in instead])


#: A wish that something said not be left about ("I'd rather it wasn't lying around", "I'd prefer
#: that wasn't floating about", "I don't want it just sitting around"): beside a request to
#: forget, of what the request names (alone, it may be of anything: "I don't want the gun lying
#: around").
_NOT_LEFT_ABOUT = re.compile(
    r"\b(?:rather|prefer(?:red)?|(?:do\s*n['’]?t|do\s+not|never)\s+(?:really\s+)?(?:want|wanna|like)|hate|wish)\b"
    r"[^.!?]{0,30}?\b(?:it|that|this|any\s+of\s+(?:that|this|it))\s+(?:(?:was\s*n['’]?t|were\s*n['’]?t|not|never|to\s+be|be|"
    r"being)\s+)?(?:just\s+)?(?:lying|floating|hanging|sitting|kicking|knocking)\s+(?:a?round|about)\b"
    # (the sentence ends there, or with a few words: not "... since I've switched to Monzo anyway")
    r"(?=\W*(?:[\w'’-]+\W+){0,4}$)", re.IGNORECASE)
#: What is said in the place of a thing taken back: "scratch that re: pharmacy - <what holds now>",
#: "ignore that, <what holds now>".
_SAID_INSTEAD = re.compile(
    r"^\W*(?:(?:oh|ok(?:ay)?|actually|wait|sorry|hmm+|um+|no)\W+)*(?:scratch|scrap|ignore|disregard|strike)\s+"
    r"(?:that|this|what\s+I\s+said)(?:\s+(?:re:?|about|on|regarding|for)\s+[^-\u2013\u2014,:;]{1,40}?)?"
    r"\s*(?:[-\u2013\u2014,:;]|\.\.\.)\s*(?P<said>\S.*)$", re.IGNORECASE | re.DOTALL)


#: Told to forget something of the speaker's own ("pls forget my shoe size", "can you delete what I
#: said about my ex", "erase everything about my debts", "scrap what I said about the school"): a
#: request whatever the classifier makes of it (it reads many short ones as chatter). Not "forget
#: the beach, let's hike": a thing not theirs.
_OWN_LEAD = r"oh|hmm+|um+|actually|wait|ok(?:ay)?|please|pls|plz|and|but|also|so|hey|no|just|kindly"
#: The asking, before a verb: "can you ", "could you please ", "would u just ".
_ASKED_OF_YOU = r"(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|just\s+)?"
#: A part of what was said, named ("the bit", "the money stuff"), and that part about something.
_A_PART = r"the\s+(?:\w+\s+)?(?:bit|part|note|stuff|thing|info|details?)"
_THE_PART_ABOUT = _A_PART + r"\s+(?:about|on|re)\s+"
_OWN_THING_REQUEST = re.compile(
    # "ugh please forget i mentioned friday night", "argh forget I ever brought up the lawsuit": not
    # "forget I said Tuesday, it's Wednesday", a correction
    rf"^[\W_]*(?:(?:{_OWN_LEAD}|ugh+|u?rgh+|argh+|ah+)\b[\W_]*)*(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:please\s+|pls\s+)?"
    r"forget\s+(?:that\s+)?I\s+(?:ever\s+|even\s+)?(?:mentioned|brought\s+(?:up\b|\w+\s+up\b)|told\s+(?:you|u)\b|shared|"
    r"said\s+anything)(?![^.!?]*(?:,|\s[-\u2013\u2014])\s*(?:it['’]s\s+(?!(?:a|an|so|too|just|really|kind|all|over|been|"
    r"painful|private|personal|awkward|embarrassing)\b)|it\s+(?:is|was)\b|actually|I\s+meant|make\s+(?:it|that)\b|not\b|"
    r"(?:the|my|our)\s+(?:\w+\s+){0,2}?(?:is|was|are)\s+(?:on|at|in)\b))|"
    rf"^[\W_]*(?:(?:{_OWN_LEAD})\b[\W_]*)*"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?)?"
    r"(?:forget|delete|erase|wipe|remove|scratch|scrub|unlearn|disregard)\s+(?:about\s+)?(?:all\s+(?:of\s+)?|everything\s+(?:about|on)\s+)?"
    rf"(?:my|our|what\s+I\s+(?:just\s+)?(?:said|told\s+you|mentioned|shared|{_UNBURDENED})|that\s+I\b|{_THE_PART_ABOUT}my"
    # "forget what school the twins go to", "forget who I rent from": a detail of theirs, asked about
    r"|(?:what|which|where|who)\s+(?:[\w'\u2019-]+\s+){0,3}?(?:I|I'm|we|we're|my|our|me|us|the\s+(?:kids|twins|children|baby)))\b"
    # "scrap / ignore what I said about the architecture school": not "scrap my plan", which changes it
    rf"|^[\W_]*(?:(?:{_OWN_LEAD}|on\s+second\s+thoughts?)\b[\W_]*)*(?:scrap|ignore|strike)\s+(?:all\s+(?:of\s+)?)?"
    rf"(?:what\s+I\s+(?:just\s+)?(?:said|told\s+you|mentioned|shared|wrote|{_UNBURDENED})|{_THE_PART_ABOUT}(?:my|our))\b"
    # asked ("could you scrap what I ranted about ..."): of what was said only ("could you scrap the
    # part about my divorce from the speech" edits a draft)
    rf"|^[\W_]*(?:(?:{_OWN_LEAD}|on\s+second\s+thoughts?)\b[\W_]*)*" + _ASKED_OF_YOU + r"(?:scrap|ignore|strike)\s+(?:all\s+(?:of\s+)?)?"
    rf"what\s+I\s+(?:just\s+)?(?:said|told\s+you|mentioned|shared|wrote|{_UNBURDENED})\b"
    # "drop what I told you about ...", "get rid of everything I said about ...": any verb of dropping,
    # of what was said (not "drop my daughter at school", "get rid of my old sofa")
    rf"|^[\W_]*(?:(?:{_OWN_LEAD}|on\s+second\s+thoughts?)\b[\W_]*)*"
    r"(?:" + _ASKED_OF_YOU + r")?"
    r"(?:drop|ditch|bin|toss|chuck|lose|nix|get\s+rid\s+of)\s+(?:all\s+(?:of\s+)?)?"
    r"(?:(?:what|everything|anything)\s+I\s+(?:just\s+|ever\s+)?(?:said|told\s+you|mentioned|shared|wrote|" + _UNBURDENED + r")|"
    rf"{_THE_PART_ABOUT}(?:my|our))\b"
    # "get rid of my ex's number", "ditch our old address": a verb of dropping, of a detail about
    # someone (not "get rid of my old sofa", "drop my daughter at school": a thing, a doing)
    rf"|^[\W_]*(?:(?:{_OWN_LEAD}|on\s+second\s+thoughts?)\b[\W_]*)*"
    r"(?:" + _ASKED_OF_YOU + r")?"
    r"(?:drop|ditch|bin|toss|chuck|lose|nix|get\s+rid\s+of)\s+(?:my|our)\s+(?:[\w'’-]+\s+){0,3}?"
    r"(?:(?:phone|mobile|cell|home|work|landline)\s+)?(?:number|address|e-?mail(?:\s+address)?|postcode|zip\s+code|"
    r"details|info|date\s+of\s+birth|birthday|surname|last\s+name|full\s+name)\b"
    # "disregard the plumber's price I mentioned", "delete the address I gave you": a thing said, named
    rf"|^[\W_]*(?:(?:{_OWN_LEAD}|on\s+second\s+thoughts?)\b[\W_]*)*"
    r"(?:" + _ASKED_OF_YOU + r")?"
    r"(?:forget|delete|erase|wipe|remove|scratch|scrap|disregard|ignore|drop|strike)\s+(?:about\s+)?"
    r"(?:the|that|those|these)\s+(?:[\w'’-]+\s+){1,4}?(?:I|we)\s+(?:just\s+|also\s+|even\s+)?(?:mentioned|said|told\s+you|gave(?:\s+you)?|"
    r"sent(?:\s+you)?|shared|wrote|typed|quoted|put\s+down|passed\s+on)\b"
    # "get rid of the old gate code you saved for me", "ditch the allergy note you've got for my son",
    # "get rid of Priya's birthday you saved": a thing the assistant keeps, told so (not "get rid of
    # the sofa I told you about": a thing in the world)
    rf"|^[\W_]*(?:(?:{_OWN_LEAD}|on\s+second\s+thoughts?)\b[\W_]*)*"
    r"(?:" + _ASKED_OF_YOU + r")?"
    r"(?:forget|delete|erase|wipe|remove|scratch|scrap|disregard|drop|strike|get\s+rid\s+of|ditch|bin|nix)\s+"
    r"(?:the|that|those|these|my|our|[\w'’-]+['’]s)\s+(?:[\w'’-]+\s+){0,4}?(?:that\s+|which\s+)?(?:" + _KEPT_BY_YOU + r")\b"
    # "forget the lithium bit", "delete the medication details": a part of what was said, named
    rf"|^[\W_]*(?:(?:{_OWN_LEAD}|on\s+second\s+thoughts?)\b[\W_]*)*(?:forget|delete|erase|wipe|remove|scratch|drop|strike)\s+"
    r"the\s+(?:[\w'\-]+\s+){1,3}?(?:bit|part|stuff|info|information|details?|notes?)\b", re.IGNORECASE)


#: Asked to forget a thing named, and nothing else in the sentence ("Forget the surprise lunch,
#: please.", "could you forget about Gran's party?", "pls forget those gym plans"): "forget" asked
#: of the assistant is about what it keeps. Without the asking ("It's Saturday! Forget the
#: alarm.", "Forget the weather. I'm cycling anyway.") it drops a matter in talk; and the sentence
#: ending there tells it from "forget the beach, let's hike". A topic no memory holds forgets nothing.
#: Kin named alone, as a name ("for Nana", "for Mum", "for Grandad").
_KIN_WORD = r"(?:" + "|".join(sorted(RELATIONS | {"nana", "nanna", "nan", "papa", "grandpapa", "grampa", "gramps", "nonna",
                                                 "nonno", "abuela", "abuelo", "oma", "opa"}, key=len, reverse=True)) + r")\b"
_FORGET_NAMED_THING = re.compile(
    rf"^[\W_]*(?:(?:{_OWN_LEAD}|on\s+second\s+thoughts?)\b[\W_]*)*"
    r"(?:" + _ASKED_OF_YOU + r")?"
    r"(?:forget|unlearn)\s+(?:about\s+)?(?:all\s+(?:of\s+)?|everything\s+(?:about|on)\s+)?"
    # (each word whole: "[\w'’-]+" may not split one word in two, which took minutes on a long one)
    r"(?:the|that|those|these|this|(?:(?-i:[A-Z])[\w'’-]*\s+){0,2}(?-i:[A-Z])[\w'’-]*['’]s)\s+(?:(?!(?:and|but|so|because|let'?s|instead|then|though|for|this|here|now|tonight|today|once|while|until|till)\b)[\w'’-]+(?![\w'’-])\s*){1,5}"
    # whom the thing is for ("the birthday plans for him", "the gift ideas for Nana", "the cake plans
    # for my sister"; not "for tonight", "for Sat", "for Halloween": a while, set aside)
    r"(?:for\s+(?:him|her|them|us|(?:my|our|his|her|their)\s+[\w'’-]+|" + _KIN_WORD + r")\s*)?"
    r"(?:[\s,]*(?:please|pls|plz|too|as\s+well|for\s+me|thanks|thank\s+you|thx))*[\s.!?]*$",
    re.IGNORECASE)
#: The asking: a plea or a question to the assistant.
_ASKING = re.compile(r"\b(?:please|pls|plz|kindly|(?:can|could|would|will)\s+(?:you|u))\b", re.IGNORECASE)


#: The request form with a verb of forgetting or of not keeping (not "can you remember ...").
_FORGET_FORM = re.compile(
    r"^[\W_]*(?:(?:oh|hmm+|um+|actually|wait|ok(?:ay)?|please|and|also|so|hey|no|on\s+second\s+thoughts?|"
    r"on\s+reflection|just)\b[\W_]*)*(?:forget|scratch|scrap|delete|erase|wipe|remove|drop(?!\s+(?:me|us)\s+a\s+(?:line|note))|strike|unlearn|"
    r"disregard|get\s+rid\s+of\s+(?=" + _SAID_THING + r")|don'?t\s+(?:keep|store|save|remember|record|write|hang\s+on|hold\s+on)|"
    r"do\s+not\s+(?:keep|store|save|remember|hang\s+on|hold\s+on))\b"
    r"|\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?:forget|delete|erase|wipe|remove|drop|unlearn|"
    r"get\s+rid\s+of\s+(?=" + _SAID_THING + r"))\b"
    r"|^[\W_]*(?:(?:please|pls|kindly|just|and|so)\b[\W_]*)*" + _REMOVE_SAID + r"|" + _OFF_THE_RECORD,
    re.IGNORECASE)


#: A request to forget all that was said about something or someone, in so many words ("Please
#: forget everything about Max.", "Forget everything I told you about Oskar", "can you wipe anything
#: you have on my ex"): a request whatever the classifier makes of the name.
_FORGET_ALL_ABOUT = re.compile(
    rf"^[\W_]*(?:(?:{_OWN_LEAD})\b[\W_]*)*(?:" + _ASKED_OF_YOU + r"|(?:can|could)\s+we\s+)?(?:please\s+|pls\s+)?"
    r"(?:forget|delete|erase|wipe|remove|scrap|scratch|drop|ditch|get\s+rid\s+of)\s+(?:everything|anything|all|whatever)"
    r"(?:(?:\s+(?:that\s+)?(?:I|we)\s+(?:ever\s+|have\s+|['’]ve\s+)?(?:told|said|mentioned|shared|wrote|typed)(?:\s+(?:to\s+)?(?:you|u))?)?"
    r"\s+(?:about|regarding|re)\s+\w|\s+(?:that\s+)?you\s+(?:know|have|remember|kept|keep|stored|hold)\s+(?:about|on|regarding|re)\s+\w)"
    # (not a topic set aside for a while: "forget everything about work for a bit, let's talk holidays")
    r"(?![^.!?]*\b(?:for\s+(?:a\s+(?:bit|while|minute|sec|second|moment)|now|tonight|today|the\s+(?:weekend|evening|day|moment))|"
    # (nor one dropped for another: "can we drop everything about work and talk about my holiday")
    r"let['’]?s|instead|and\s+(?:talk|focus|move\s+on|discuss|chat|get\s+back|turn\s+to))\b)", re.IGNORECASE)
#: Told to forget a thing of someone's, and nothing else in the sentence ("forget Ruairi's surfing",
#: "could you forget grandma's eyes", "scrap the stuff about Ophelia's animals", "please don't keep
#: anything about Annika's pregnancy"): what the user told of another person, a request whatever the
#: classifier makes of the name. Not a plan dropped for another ("forget Tom's party, let's go
#: bowling": the sentence goes on), nor "drop Tom's bag": a verb of erasing or of not keeping.
_FORGET_WHOSE_THING = re.compile(
    rf"^[\W_]*(?:(?:{_OWN_LEAD}|on\s+second\s+thoughts?)\b[\W_]*)*(?:" + _ASKED_OF_YOU + r")?"
    r"(?:(?:forget|delete|erase|wipe|remove|scrub|unlearn|scrap|scratch|get\s+rid\s+of)\s+(?:about\s+)?"
    r"|(?:do\s*n['’]?t|do\s+not|never)\s+(?:keep|store|save|hold\s+on\s+to|hang\s+on\s+to)\s+(?=(?:anything|everything|what|all)\b))"
    r"(?:(?:all|everything|anything|whatever)(?:\s+(?:that\s+)?I\s+(?:said|told\s+you|mentioned|shared))?\s+(?:about|on|re)\s+"
    r"|what\s+I\s+(?:said|told\s+you|mentioned|shared)\s+(?:about|on|re)\s+|" + _THE_PART_ABOUT + r")?"
    r"(?:(?:my|our|the)\s+)?[\w-]+['’]s\s+(?:[\w'’-]+(?![\w'’-])\s*){1,4}"
    r"(?:[\s,]*(?:please|pls|plz|too|as\s+well|for\s+me|thanks|thank\s+you|thx))*[\s.!?]*$", re.IGNORECASE)
#: Asked to forget about someone by name ("please forget about Ines", "can you forget about my
#: friend Oskar?"): all that was said of them (unasked, "forget about Ines" may be "never mind her").
_FORGET_SOMEONE = re.compile(
    rf"^[\W_]*(?:(?:{_OWN_LEAD})\b[\W_]*)*(?:" + _ASKED_OF_YOU + r")?(?:please\s+|pls\s+)?"
    r"(?:forget|delete|erase|wipe|remove|scrub|unlearn)\s+about\s+(?:(?:my|our)\s+(?:[\w-]+\s+)?)?"
    r"(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)?"
    r"(?:[\s,]*(?:please|pls|plz|too|as\s+well|for\s+me|thanks|thank\s+you|thx))*[\s.!?]*$", re.IGNORECASE)
#: "Forget <something>" plainly, unasked ("Forget Dad's barbecue.", "get rid of Mum's old sofa"):
#: beside another sentence it may drop a matter in talk or a thing in the world ("Forget Dad's
#: barbecue. It's raining anyway."), alone it asks.
_PLAIN_FORGET = re.compile(rf"^[\W_]*(?:(?:oh|ok(?:ay)?|so|and|but|also|actually|wait|no|just)\b[\W_]*)*(?:forget|get\s+rid\s+of|scrap)\s+(?!about\b|what\b|all\b|"
                           r"everything\b|anything\b|" + _A_PART + r"\s)", re.IGNORECASE)
#: Telling regretted, with forgetting asked beside it ("I regret telling you about Hans's legal
#: trouble, please forget", "I shouldn't have mentioned Felix's arrest, forget it").
_REGRET_TOLD = re.compile(
    r"\bI\s+(?:really\s+)?(?:regret|shouldn['’]?t\s+have|should\s+not\s+have|wish\s+I\s+(?:hadn['’]?t|had\s+not|never|didn['’]?t))\s+"
    r"(?:ever\s+)?(?:tell(?:ing)?|told|mention(?:ed|ing)?|said|saying|shar(?:ed|ing)|brought\s+up|bringing\s+up)\b"
    r"[^.!?]{0,120}?[,;:-]?\s*(?:(?:please|pls|so|just|can\s+you|could\s+you|and)\s+)*(?:forget|delete|erase|wipe|scrap|remove)\b",
    re.IGNORECASE)
#: Asked to take something as never said ("let's pretend I never mentioned my brother's arrest",
#: "can we act like I never told you about the loan"): a request to forget.
_AS_IF_UNSAID = re.compile(
    rf"^[\W_]*(?:(?:{_OWN_LEAD})\b[\W_]*)*(?:let['’]?s|let\s+us|can\s+we|could\s+we|can\s+you|could\s+you|we\s+can|you\s+can)?\s*"
    r"(?:just\s+)?(?:pretend|act\s+(?:like|as\s+if|as\s+though)|behave\s+as\s+if)\s+(?:that\s+)?I\s+"
    r"(?:never|didn['’]?t|did\s+not|haven['’]?t|have\s+not)\s+(?:ever\s+)?"
    r"(?:mentioned|mention|said|say|told\s+you|tell\s+you|brought\s+up|bring\s+up|shared|share|talked\s+about|talk\s+about)\b",
    re.IGNORECASE)
#: Told never to raise something again ("never bring up the court case again", "don't ever mention
#: my ex", "stop bringing up my weight"): the user wants it gone from what the assistant holds. Not
#: "don't mention it" (you're welcome) nor "never mind".
_NEVER_AGAIN = re.compile(
    rf"^[\W_]*(?:(?:{_OWN_LEAD})\b[\W_]*)*"
    r"(?:(?:never|(?:don'?t|do\s+not)(?:\s+ever)?)\s+(?:bring\s+up|mention|raise)\s+(?!it\b)"
    r"(?:[^.!?]*\b(?:again|any\s*more)\b|(?:that|this|the\s+(?:[\w'\-]+\s+){1,3}?(?:thing|stuff|bit|part|business|story))\b)"
    r"|(?:stop|quit)\s+(?:bringing\s+up|mentioning|raising)\b"
    r"|(?:never|(?:don'?t|do\s+not)(?:\s+ever)?)\s+bring\s+(?!it\b)(?:[\w'\-]+\s+){1,5}?up\s+again\b)",
    re.IGNORECASE)


_FORGET_TYPO = re.compile(r"(?<![A-Za-z])[Ff][A-Za-z]{4,6}(?![A-Za-z])")
#: Words one letter from "forget" that are words of their own.
_NOT_FORGET = frozenset("forgot forger forges forged forge forgets".split())


#: "Un-remember", "unmemorise", "unsee", "unknow": a made-up word for forgetting, read as "forget".
_UN_FORGET = re.compile(r"\bun-?(?:remember|memori[sz]e|learn|know|hear|see)\b", re.IGNORECASE)


#: Leave given to forget ("you can forget what I said about pottery", "feel free to delete my old
#: address", "you can drop the part about my knee now"): asked as plainly as "please forget ...".
#: Not the idiom of what will not happen ("you can forget about getting a refund", "about me eating
#: meat again").
_LEAVE_TO_FORGET = re.compile(
    r"^(?P<lead>[\W_]*(?:(?:oh|ok(?:ay)?|so|and|also|actually|hey|right|well)\b[\W_]*)*)"
    r"(?:you\s+(?:can|may|could)(?:\s+(?:now|just|also|go\s+ahead\s+and))?|feel\s+free\s+to|go\s+ahead\s+and|"
    r"you['’]re\s+(?:free|welcome)\s+to)\s+"
    r"(?=(?:forget|delete|erase|wipe|remove|scratch|scrap|drop|ditch|bin|disregard|ignore|get\s+rid\s+of)\b"
    # ("about getting a refund", "about me eating meat", "about Sam's coming")
    r"(?!\s+about\s+(?:(?:me|us|him|her|them|my|our|his|their|[\w'’-]+['’]s)\s+)?[\w'’-]+ing\b))", re.IGNORECASE)


def _mend_request(sentence: str) -> str:
    """The sentence with "forgt", "foget", "froget" ... read as "forget", and "un-remember" as
    "forget": a slip of the keys, or a word made up, does not make a request something else; and
    leave given to forget read as asked (_LEAVE_TO_FORGET)."""
    def mend(m: re.Match[str]) -> str:
        low = m.group().lower()
        return "forget" if low not in _NOT_FORGET and one_edit(low, "forget") else m.group()

    sentence = _UN_FORGET.sub("forget", sentence) if "un" in sentence.lower() else sentence
    sentence = _FORGET_TYPO.sub(mend, sentence) if "f" in sentence.lower() else sentence
    return _LEAVE_TO_FORGET.sub(lambda m: m.group("lead") + "please ", sentence, count=1)


#: "Forget it" said to drop the matter, not a memory: with a dismissal beside it and no word about
#: what the assistant keeps.
#: Words that drop a matter rather than ask anything of the assistant ("it's fine", "I'll sort it
#: myself").
_DROPPED_WORDS = (r"no\s+big\s+deal|no\s+worries|it'?s\s+fine|doesn'?t\s+matter|not\s+important|whatever|myself|"
                  r"I'?ll\s+(?:just\s+)?(?:do|sort|handle|ask|figure|manage|cook|find|check|deal|work)")
_DISMISSAL = re.compile(
    rf"\b(?:forget\s+(?:about\s+)?it|never\s*mind|nvm)\b[^.!?]*?\b(?:never\s*mind|nvm|{_DROPPED_WORDS})\b"
    r"|\b(?:never\s*mind|no\s+big\s+deal|no\s+worries)\b[^.!?]*?\bforget\s+(?:about\s+)?it\b",
    re.IGNORECASE)
#: A thing said, named ("never mind the pen thing, please forget it"): not the matter dropped.
_THE_X_THING = (r"(?:the|my|our|that)\s+(?:(?:[\w'\-]+\s+){1,3}?(?:thing|stuff|bit|part|story|business|info|information|details)\b"
                # ("the stuff about my car", "the info on my landlord")
                r"|(?:thing|stuff|bit|part|info|information|details)\s+(?:about|on|re|regarding|with|of)\b)")
_A_SAID_THING = re.compile(r"\b" + _THE_X_THING, re.IGNORECASE)
#: "never mind the pen thing, please forget it": the thing said, named right after "never mind";
#: with the matter dropped beside it ("it's fine", "I'll sort it myself") it asks nothing.
_NEVER_MIND = re.compile(r"\b(?:never\s*mind|nvm)\s+(?:about\s+)?" + _THE_X_THING, re.IGNORECASE)
#: Told to keep something ("keep his name though", "do keep the ceremony time", "you can keep the
#: rest"): the opposite of a request to forget, however near one its words are. Not "keep it
#: private", "keep that between us", "keep this off your notes": ways of asking not to keep it.
_KEEP_ASKED = re.compile(
    rf"^[\W_]*(?:(?:{_OWN_LEAD}|but|though|do|you\s+can|feel\s+free\s+to)\b[\W_]*)*(?:keep|hold\s+on\s+to|remember)\b"
    r"(?![^.!?]*\b(?:private|secret|quiet|confidential|between|to\s+yourself|off|out\s+of|away|from|under\s+wraps|"
    r"hidden|hush|forg[eo]t\w*|delet\w*|eras\w*|wip\w*|scrap\w*|scratch\w*|strik\w*|struck|ignor\w*|disregard\w*|"
    r"unlearn\w*|drop\w*|remov\w*|ditch\w*|lose|lost|get\s+rid|gone|don'?t|do\s+not|never|rather|stored|on\s+record|"
    r"bin)\b)"
    # "don't remove the allergy, but delete my old address": the clause that says what stays
    rf"|^[\W_]*(?:(?:{_OWN_LEAD}|but|though)\b[\W_]*)*(?:don['’]?t|do\s+not|never)\s+(?:forget|delete|erase|remove|wipe|"
    r"drop|lose|ditch|bin|scrap|scratch|scrub|get\s+rid\s+of)\b(?![^.!?]*\b(?:but|and|just|instead)\b)"
    # "the kids' info is fine to keep", "her birthday can stay": what may stay, beside a request
    r"|^(?![^.!?]*\b(?:forg[eo]t|delet|eras|wipe|remov|scrap|scrub|ditch|get\s+rid)\w*)[^.!?]{1,60}?"
    r"(?:\b(?:is|are)\s+|['’]s\s+|['’]re\s+)(?:totally\s+|perfectly\s+|absolutely\s+|still\s+)?"
    r"(?:fine|ok|okay|good|alright|all\s+right)\s+(?:for\s+you\s+)?to\s+(?:keep|remember|hold\s+on\s+to|stay)\b"
    r"|^(?![^.!?]*\b(?:forg[eo]t|delet|eras|wipe|remov|scrap|scrub|ditch|get\s+rid)\w*)[^.!?]{1,60}?"
    r"\b(?:can|may|should|could)\s+(?:still\s+)?stay\b", re.IGNORECASE)
#: Said beside a request to forget, what stays ("the heart doctor details can stay", "the
#: inspection date still stands", "leave the rest as is", "keep his name though").
_KEEP_SAID = re.compile(r"\b(?:can|may|should|will|must)\s+(?:still\s+)?stay\b|\bstill\s+stands?\b|"
                        r"\b(?:is|are)\s+(?:still\s+)?(?:fine|ok(?:ay)?|good)\s+to\s+keep\b|"
                        r"\bleave\s+[^.!?]*\b(?:as\s+(?:it\s+is|they\s+are|is)|alone|be)\b", re.IGNORECASE)
#: Another thing proposed or put first beside "forget the X" ("forget the beach, let's hike
#: instead", "forget the traffic, the real problem is the rain"): the X is set aside in talk.
_ANOTHER_INSTEAD = re.compile(r"\b(?:let'?s|let\s+us|instead|how\s+about|what\s+about|why\s+not|rather\s+than|"
                              r"we\s+(?:could|should|can|might)|the\s+(?:real|main|bigger|actual)\s+(?:problem|issue|"
                              r"point|question|thing|worry))\b", re.IGNORECASE)
#: For a while or one occasion ("forget the vegan stuff for tonight", "forget about my budget just
#: this once", "forget the early start for today"): what is set aside that way still holds after
#: it. Not "delete what I told you today", a time of telling.
_SET_ASIDE_FOR = re.compile(
    r"\b(?:for\s+(?:tonight|today|now|the\s+(?:night|day|evening|weekend|moment|time\s+being)|"
    r"this\s+(?:once|time|one|evening|weekend|week|meal|dinner|lunch|trip|party|recipe|order))|"
    r"just\s+(?:this\s+)?(?:once|tonight|today)|this\s+(?:one\s+)?time)\b", re.IGNORECASE)
#: A piece of a text being written taken from it ("remove the bit about pricing from the proposal",
#: "delete the Goa bit from the wedding vows", "take the bullying part out of my personal
#: statement"): an edit of that text, not of what the assistant keeps. Only a piece of text (a bit,
#: part, line ...) taken "from" or "out of" one says so: "the thing about me crying in my
#: presentation" tells where it happened, and "forget what I said about Sarah, she's been removed
#: from the contract" or "delete my address from the application" ask to forget.
_EDITS_A_TEXT = re.compile(
    r"\b(?:remove|delete|take|cut|drop|strip|lose|get\s+rid\s+of)\b(?:\s+[\w'’-]+){0,6}?\s+(?:bit|part|line|lines|sentence|"
    r"paragraph|section|mention|reference|joke|stuff|wording)s?\b[^,.;!?]{0,60}?\b(?:from|out\s+of|off|in)\s+"
    r"(?:(?:the|my|this|that|our|his|her|their|your)\s+)?(?:[\w'’-]+\s+){0,2}?"
    r"(?:e-?mails?|drafts?|proposals?|letters?|essays?|docs?|documents?|speech|posts?|cv|resume|résumé|reports?|"
    r"slides?|deck|presentation|paragraphs?|intro(?:duction)?|bio|captions?|script|articles?|blog|"
    r"spreadsheet|invoices?|contracts?|agenda|minutes|newsletter|tweets?|cover\s+letter|toast|"
    r"eulogy|poem|lyrics|chapter|section|website|listing|advert|menu|recipe|vows|statement|sop|"
    r"linkedin|portfolio|thesis|dissertation|submission|pitch|brochure|flyer|form)\b"
    r"(?!\s+(?:to\s+(?:you|u)|I\s+(?:sent|gave|showed|shared)\s+(?:you|u)))", re.IGNORECASE)
#: The assistant's keeping named ("from your notes", "out of your memory"): not an edit of a text.
_YOUR_KEEPING = re.compile(r"\b(?:your|ur)\s+(?:memory|memories|notes|records?|files?|database|system|brain)\b",
                           re.IGNORECASE)


def _edits_a_text(sentence: str) -> bool:
    """Whether a sentence asks for an edit of a text being written (`_EDITS_A_TEXT`), not naming the
    assistant's keeping."""
    return _EDITS_A_TEXT.search(sentence) is not None and _YOUR_KEEPING.search(sentence) is None
#: "Forget" is the one verb of erasing that also drops a matter in talk ("forget the beach").
_FORGET_VERB = re.compile(r"\bforget\b", re.IGNORECASE)
#: Moving the talk on beside a request ("..., let's talk about the holiday", "we should move on to
#: my party"): the request stands.
_NEW_SUBJECT = re.compile(r"\b(?:talk|discuss|chat|focus|move\s+on|get\s+back|turn\s+to|switch\s+topics?|"
                          r"change\s+the\s+subject)\b", re.IGNORECASE)
#: What someone told or said: a thing said, not a thing in the world.
_TOLD = re.compile(r"\b(?:what|everything|anything|the\s+thing|the\s+stuff)\s+(?:\w+\s+){0,2}(?:told|said|mentioned|shared)\b"
                   r"|\bthe\s+(?:[\w'’-]+\s+)?(?:thing|stuff|bit|part|business|story)\s+(?:about|with|on|re)\b",
                   re.IGNORECASE)
_DROPPED = re.compile(rf"\b(?:{_DROPPED_WORDS})\b", re.IGNORECASE)
_FORGET_IT = re.compile(r"\bforget\s+(?:about\s+)?(?:it|that|them|those)\b", re.IGNORECASE)
#: Said of where the assistant keeps things, beside a request to forget ("I'd rather that one wasn't
#: stored anywhere", "it shouldn't be sitting in your notes"): part of the asking, not a memory.
_STORAGE_TALK = re.compile(
    r"\b(?:in|from|out\s+of|on)\s+(?:your|the)\s+(?:notes|memory|memories|records?|files?|system|database)\b"
    r"|\b(?:stored|saved|kept|written|recorded|logged|noted)\s+(?:down\s+)?(?:anywhere|somewhere|at\s+all)\b"
    r"|\b(?:wasn['’]?t|isn['’]?t|not\s+be|never\s+be)\s+(?:stored|saved|kept|written\s+down|recorded|logged)\b"
    # "don't want it popping up", "I'd hate for it to keep cropping up": the memory coming back
    r"|\b(?:it|that|this|them|him|her)\s+(?:to\s+)?(?:keep\s+)?(?:com|popp|cropp|show|turn)(?:e|es|ing|s)?\s+up\b"
    # "I don't want it floating around", "for that to be lying about in your notes"
    # (not a thing in a place: "I leave it sitting around in the garage")
    r"|\b(?:it|that|this|them)\s+(?:to\s+)?(?:be\s+|keep\s+)?(?:floating|lying|hanging|sitting|kicking)\s+(?:a?round|about)\b"
    r"(?!\s+(?:in|on|at|under|behind|by|near|outside)\s+(?:the|my|our|his|her|their|a)\s+(?!notes|memory|memories|records?|"
    r"files?|system)\w)",
    re.IGNORECASE)
_ABOUT_MEMORY = re.compile(r"\b(?:memor|remember|stor|kept|keep|sav|record|notes?\b|written|log|what\s+I\s+(?:said|told|"
                           r"mentioned))", re.IGNORECASE)


_REQUEST_CLAUSE_BREAK = re.compile(r"\s*(?:[,;:]|\s[\u2013\u2014-])\s+|\s+(?=so\s)")


def _request_clauses(sentence: str) -> list[str]:
    """The clauses of a sentence that may hold a request: split at commas, semicolons and dashes,
    and before "so" ("the sale fell through so ignore the address I gave you"), three words or more
    each."""
    return [c for c in _REQUEST_CLAUSE_BREAK.split(sentence) if len(_WORDS_RE.findall(c)) >= 3]


def _formed_clauses(sentence: str) -> list[str]:
    """The clauses of a sentence other than itself that are in the form of a request: the only ones
    forget_requests reads a probability of."""
    formed = [c for c in _request_clauses(sentence) if c != sentence and _REQUEST_FORM.search(c)]
    # ("forget the panic attack thing cos my mum uses this laptop": the request without its reason)
    asked = _without_reason(sentence)
    return formed + [asked] if asked != sentence and asked not in formed and _REQUEST_FORM.search(asked) else formed


_REQUEST_STEMS = frozenset(w[:5] for w in _REQUEST_WORDS if len(w) >= 5)
#: Words of a request's own form that name no topic, taken out whole (not by their first five letters:
#: "confessed" is no part of "conference", "complained" of "complaint"): the verbs of unburdening,
#: and of disliking having something kept.
_FORM_WORDS = frozenset(w for phrase in _UNBURDENING for w in phrase.split()) | frozenset(
    "dislike fancy enjoy love like".split())


_SHORT_RELATIONS = RELATIONS | {"ex", "gf", "bf", "gp", "pa", "pt", "hr"}


#: Whom or what a request names by what they do for the speaker ("who I rent from", "who cuts my
#: hair", "which school my son goes to"), where the records name them by their role or kind
#: ("my landlady Mrs Abernethy", "Tamsin, my hairdresser", "Westfield Primary").
#: "where I live", "where we're based": a request naming an address.
_WHERE_I_LIVE = r"\bwhere\s+(?:I|we)\s+(?:live|stay|reside)\b|\bwhere\s+(?:I|we)(?:['’]m|['’]re|\s+am|\s+are)\s+based\b"
_NAMED_BY_DOING = (
    (re.compile(r"\bwho\s+(?:I|we)\s+rent\s+(?:from|off)\b|\bwho\s+owns\s+(?:my|our|the)\s+(?:flat|house|place|"
                r"apartment|building)\b", re.IGNORECASE), ("landlord", "landlady")),
    (re.compile(r"\bwho\s+(?:cuts|does|colou?rs|styles|trims)\s+(?:my|our)\s+hair\b", re.IGNORECASE),
     ("hairdresser", "barber", "stylist")),
    (re.compile(r"\bwho\s+(?:I|we)\s+work\s+for\b|\bwho\s+employs\s+(?:me|us)\b", re.IGNORECASE),
     ("boss", "employer", "manager")),
    (re.compile(r"\bwho\s+(?:looks\s+after|minds|watches|babysits)\s+(?:my|our|the)\s+(?:kids|children|son|daughter|"
                r"baby|little\s+ones?)\b", re.IGNORECASE), ("childminder", "nanny", "babysitter")),
    (re.compile(r"\bwho\s+(?:does|files|handles|sorts|prepares)\s+(?:my|our)\s+(?:taxes|tax|accounts|books)\b",
                re.IGNORECASE), ("accountant", "bookkeeper")),
    (re.compile(r"\bwho\s+(?:fixes|services|repairs)\s+(?:my|our|the)\s+(?:car|van)\b", re.IGNORECASE),
     ("mechanic", "garage")),
    (re.compile(r"\b(?:which|what)\s+school\b|\bgoes\s+to\s+school\b|\bschool\s+(?:he|she|they)\s+(?:goes|go|attends?)\b",
                re.IGNORECASE), ("primary", "academy", "nursery")),
    # "where I live" is an address ("ship it to 42 Rua das Flores, that's home")
    (re.compile(_WHERE_I_LIVE, re.IGNORECASE), ("address", "home", "live", "lives")),
)
#: What a request names that a street address, a phone number or an email address is
#: (engine.meaning.contact_values): a statement holding one of that kind holds what it names.
_CONTACT_NAMED = (
    # (an email address is no street address)
    ("address", re.compile(r"(?<!mail\s)\b(?:address|post\s*code|zip\s*code)\b|" + _WHERE_I_LIVE, re.IGNORECASE)),
    # ("forget that my phone got stolen" names no number)
    ("phone", re.compile(r"\b(?:phone|mobile|cell|landline|contact)\s+(?:number|no\b\.?)|\b(?:my|our|his|her|their)\s+"
                         r"(?:mobile\s+|home\s+|work\s+)?number\b", re.IGNORECASE)),
    ("email", re.compile(r"\be-?mail(?:\s+address)?\b", re.IGNORECASE)),
)


def _contacts_named(request: str) -> set[str]:
    """The kinds of value a request to forget names: of contact ("address", "phone", "email"), and
    the others engine.named_values reads ("earnings", "amount", "school")."""
    return {kind for kind, says in _CONTACT_NAMED if says.search(request)} | kinds_named(request)


def _values_given(text: str) -> set[str]:
    """The kinds of value a text gives (engine.meaning.contact_values, engine.named_values)."""
    return set(contact_values(text).keys()) | kinds_given(text) | clause_kinds(text)


def _gives_contact_of(text: str, kinds: set[str]) -> bool:
    """Whether a text gives a value of one of these kinds (`_values_given`)."""
    return bool(kinds) and bool(kinds & _values_given(text))


#: Words a request is said with that name nothing ("Anyway, don't keep any of that.").
#: ("one": "that one", "the one about my sister" point at a thing, they name none; nor do "ugh",
#: "oops")
_FILLERS = frozenset("anyway anyways anyhow honestly basically actually seriously okay yeah yep hmm erm one ones "
                     "ugh argh oops whoops ah ahh eh uh um er oof "
                     # (chat's: "actually nvm, i don't want that stored", "lol forget that tbh")
                     "nvm nevermind lol lmao tbh ngl idk".split())


_GREAT_KIN_SPACED = re.compile(r"\bgreat\s+(?=(?:great[\s-]+)*(?:grand|aunt|uncle|niece|nephew|nan\b|gran\b))", re.IGNORECASE)


def _topic_words(sentence: str) -> list[str]:
    """The words of a request to forget that name its topic: not the request's own words in any
    inflection ("remembered", "keeping"), not function words; and the role or kind of whom it names
    by what they do (`_NAMED_BY_DOING`)."""
    # "great grandad", "great great aunt": one kin, as "great-grandad" (not "great", a word of thanks)
    sentence = _GREAT_KIN_SPACED.sub("great-", sentence)
    # ("wasnt", "pls": a request's own words, typed the short way)
    sentence = plain_chat(sentence)
    words = [w for w in re.findall(r"[a-z][a-z'\-]+", sentence.lower())
             if w not in _REQUEST_WORDS and w not in _FORM_WORDS and w not in _GENERIC_TERMS and w not in STOP_WORDS
             and w not in _FILLERS
             and (len(w) > 2 or w in _SHORT_RELATIONS)  # "anything about my ex"
             # (a compound by its last part: "great-grandma" is no "great")
             and not (len(h := w.rsplit("-", 1)[-1]) >= 5 and h[:5] in _REQUEST_STEMS)]
    for said, named in _NAMED_BY_DOING:
        m = said.search(sentence)
        if m is not None:
            if m.group().lower().startswith("who"):
                # "who I rent from" names the landlord, not the rent ("our rent is 950 a month" stays)
                doing = set(re.findall(r"[a-z][a-z'\-]+", m.group().lower()))
                words = [w for w in words if w not in doing]
            words.extend(w for w in named if w not in words)
    return words


_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|my|we|we're|our)\b", re.IGNORECASE)
_WORDS_RE = re.compile(r"[A-Za-z0-9']+")


#: Adverbs said between the speaker and the verb of a habit ("I usually ...", "we still ...").
_HABIT_ADVERBS = ("usually", "normally", "generally", "always", "often", "also", "still", "now", "mostly", "regularly")
#: A habit the speaker states in the present ("I go to a pottery class on Thursday evenings", "these
#: days I cycle to work", "I smoke about ten a day"): a standing fact, whatever the classifier makes
#: of its wording. Not a thought, a feeling or a wish ("I usually agree", "I always wonder").
_HABIT = re.compile(
    r"^(?:(?:so|and|but|also|well|oh|honestly|these\s+days|nowadays|lately|usually|normally|mostly|from\s+now\s+on|"
    r"from\s+(?:here|this\s+point)\s+on|going\s+forward|henceforth),?\s+)*"
    r"(?:I|we)\s+(?:(?:" + "|".join(_HABIT_ADVERBS) + r")\s+)*"
    r"(?!(?:am|was|were|will|would|could|should|might|must|can|can't|cannot|don't|do|did|didn't|have|had|"
    r"think|guess|feel|know|mean|hope|wish|want|need|wonder|suppose|bet|believe|agree|forget|remember|"
    # "I see what you mean" is no habit; "I see a therapist every Wednesday" is
    r"understand|see(?!\s+(?:a|an|my|the|our|his|her|their|him|them|dr\.?|doctor)\b)|say|said|love|like|hate|prefer|enjoy|get|got|just|really|never|"
    # a habit that was ("I went every day last summer") is told by the rules or the classifier
    r"\w*[^e\W]ed|went|came|took|made|ate|drank|ran|swam|saw|met|flew|drove|rode|spent|used)\b)"
    r"(?P<verb>[a-z]+)\b(?P<rest>[^?]*)$", re.IGNORECASE)
_HABIT_MARK = re.compile(
    r"\b(?:every|each|most\s+(?:days|nights|mornings|evenings|weekends|weeks)|daily|weekly|nightly|monthly|"
    r"(?:a|per)\s+(?:day|week|month|night|year)|times\s+a|twice|on\s+(?:weekends|weekdays|(?:mon|tues|wednes|thurs|"
    r"fri|satur|sun)days)|on\s+\w+days?\s+(?:mornings|afternoons|evenings|nights)|at\s+weekends|these\s+days|"
    r"nowadays|usually|always|often|regularly)\b", re.IGNORECASE)


#: A time of the clock said in the present ("I go to bed at 11pm", "we eat around 6:30"): the
#: hour of a routine, unless the sentence names one occasion ("tomorrow", "tonight").
_CLOCK_TIME = re.compile(r"\b(?:at|by|before|after|around|from|until|till)\s+(?:about\s+)?"
                         r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midnight)(?!\w)",
                         re.IGNORECASE)


def _habit_statement(sentence: str) -> bool:
    m = _HABIT.match(sentence.strip())
    return m is not None and (_HABIT_MARK.search(m.group("rest")) is not None
                              or _HABIT_MARK.search(sentence[: m.start("verb")]) is not None
                              or (_CLOCK_TIME.search(m.group("rest")) is not None and not _one_time(sentence)))


#: One word after a verb that is no object: "I give up", "I lose again", "I mean it".
_NO_OBJECT = frozenset("""it that this these those them him her you us me everything something nothing anything
so too up down out in on off over back away again anyway though right now here there then yet still please
lol haha ok okay thanks indeed""".split())


#: A thing of the speaker's stated in the present with a value ("my shift starts at 6am on
#: weekdays", "our rent is due on the 1st", "my train leaves at 7:52"): a standing fact, unless it
#: is of one occasion ("my flight leaves at 7 tomorrow").
_POSSESSED_PRESENT = re.compile(
    r"^(?:(?:so|and|but|also|well|oh|btw|fyi|these\s+days|nowadays|currently|now),?\s+)*(?:my|our)\s+"
    r"(?:[\w'’-]+\s+){1,3}?(?:is|are|starts|begins|opens|closes|leaves|departs|costs|meets)\b(?!\s+(?:\w+ing|being|getting|driving|going)\b)[^?]*$", re.IGNORECASE)
_ONE_TIME = re.compile(r"\b(?:today|tonight|tomorrow|yesterday|this\s+(?:morning|afternoon|evening|week|weekend)|"
                       r"next\s+(?:week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
                       # one day ("on Friday", "on the 14th"), not a weekly one ("on Fridays")
                       r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day(?!s)|on\s+the\s+\d+(?:st|nd|rd|th)?)\b",
                       re.IGNORECASE)


def _one_time(sentence: str) -> bool:
    """Whether a sentence names one occasion: a day of the month is none in a sentence that says it
    comes round every month ("our cleaner comes on the 2nd of each month", "rent goes out on the 1st,
    950 a month")."""
    return any(not (m.group().lower().startswith("on the") and day_recurs(sentence, m.start(), m.end()))
               for m in _ONE_TIME.finditer(sentence))


def _possessed_present(sentence: str, speaker: str = "") -> bool:
    x = sentence.strip()
    return ((_POSSESSED_PRESENT.match(x) is not None and bool(values(x, speaker))
             # "our cleaner comes once a month", "my contract renews on the 14th of each month": a
             # thing of theirs that comes round, whatever it does
             or (_POSSESSED_ROUTINE.match(x) is not None and _HABIT_MARK.search(x) is not None))
            and not _one_time(x))


#: A thing of the speaker's doing something in the present ("our cleaner comes", "my bins go out").
_POSSESSED_ROUTINE = re.compile(
    r"^(?:(?:so|and|but|also|well|oh|btw|fyi),?\s+)*(?:my|our)\s+(?:[\w'’-]+\s+){0,2}?[\w'’-]+\s+"
    r"(?:(?:usually|normally|always|still|also|only)\s+)?(?!(?:is|was|has|does|says)\b)(?:[a-z]{2,}[^s\W]s|goes)\b[^?]*$",
    re.IGNORECASE)


#: A thing of the speaker's opening a sentence ("my rent", "our council tax", "my hours at work").
_POSSESSED_OPENING = re.compile(
    r"^(?:(?:so|and|but|also|well|oh|btw|fyi|ugh|yikes|argh),?\s+)*(?:my|our)\s+(?:[\w'’-]+\s+){0,3}?[\w'’-]+\s+"
    r"(?:has\s+|have\s+|just\s+|finally\s+)*(?:gone|went|got|been|was|were|is|are|\w+ed)\b", re.IGNORECASE)


def _possessed_moved(sentence: str, speaker: str = "") -> bool:
    """A thing of the speaker's whose number moved ("my rent went up to 900", "our council tax has
    gone up to 180", "my hours got cut to 20 a week"): the new value stands, though it was told as
    a change, which the classifier reads as an event."""
    x = sentence.strip()
    return (_POSSESSED_OPENING.match(x) is not None and not _one_time(x)
            and (change_cue(x) == "strong" or quantity_cue(x))
            and any(any(c.isdigit() for c in v) for v in values(x, speaker)))


#: Verbs whose plain form ends in -ing ("I sing alto", "I bring my own lunch"): no participle.
_BASE_ING = frozenset("sing bring ring swing sting cling fling spring string wring wing".split())
#: A state said to hold now ("I work nights now", "I eat fish these days", "we still rent"): not of
#: this moment only ("right now", "just now").
_HOLDS_NOW = re.compile(r"(?<!right\s)(?<!just\s)\bnow\b|\b(?:these\s+days|nowadays|still)\b", re.IGNORECASE)
#: Going somewhere or doing something this minute ("I go to bed now", "I head home now", "I log off
#: now"): told in the present by some, and no state.
_ON_THE_MOVE = frozenset("""go head leave come pop nip log sign hop dash rush call text grab wait check feed watch start
finish fetch make put""".split())
#: A particle after the object that makes it a thing done this minute ("I take the dog out now").
_THIS_MINUTE = re.compile(r"\b(?:out|off|away|over|round|in)\s+now\b", re.IGNORECASE)


#: What is felt, not done ("I still care", "it still hurts"): no doing that goes on.
_FELT = frozenset("care cares worry worries mind hurt hurts ache aches cry cries laugh hope wait believe".split())
#: The adverbs _HABIT reads before a verb: where it takes one for the verb ("I still think so"), the
#: verb after it is one no habit is told by.
_NOT_A_VERB = frozenset(_HABIT_ADVERBS)
#: Words said beside a statement that add nothing to it ("sadly", "tbh").
_ASIDES = frozenset("sadly unfortunately honestly tbh though lol haha really anyway yet".split())
_LEANS_BACK = re.compile(r"\b(?:him|her|them|it|his|their|its|he|she|they|there|that|those)\b", re.IGNORECASE)


def _holds_now(sentence: str) -> bool:
    """A plain statement in the present of a state said to hold now ("I work nights now", "I sing
    soprano now", "we still keep bees"): the classifier reads the "now" of such short sentences
    as chat, yet what they say is the speaker's current state, often a new value of an old one."""
    m = _HABIT.match(sentence.strip())
    if m is None or _HOLDS_NOW.search(sentence) is None or m.group("verb").lower() in _ON_THE_MOVE | _NOT_A_VERB \
            or _one_time(sentence) or _LEANS_BACK.search(m.group("rest")) or _THIS_MINUTE.search(sentence):
        return False  # ("I still owe him £40": of someone said before it, read with that sentence)
    # a doing without an object that goes on ("I still smoke, sadly", "we still rent")
    bare = not [w for w in _WORDS_RE.findall(m.group("rest")) if w.lower() not in _NO_OBJECT and w.lower() not in _ASIDES]
    return _plain_present(sentence) or (bare and "still" in _WORDS_RE.findall(sentence[: m.start("verb")].lower())
                                         and len(m.group("verb")) >= 4 and m.group("verb").lower() not in _FELT)


def _plain_present(sentence: str) -> bool:
    """A first-person statement in the present with an object ("I play the piano", "we rent a flat
    in Leith", "I brew beer"): what it says holds, though the classifier reads it as a fact without
    certainty. A one-word object must be a word of content: not a pronoun, particle or adverb."""
    m = _HABIT.match(sentence.strip())
    if m is None or (m.group("verb").lower().endswith("ing") and m.group("verb").lower() not in _BASE_ING):
        return False
    rest = _WORDS_RE.findall(m.group("rest"))
    if len(rest) == 1:
        word = rest[0].lower()
        return word.isalpha() and len(word) >= 3 and word not in _NO_OBJECT and not word.endswith("ly")
    return len(rest) >= 2


#: What the speaker is, said plainly: "I'm the treasurer of the rowing club now", "I am a nurse on
#: the night shift", "I've become a volunteer at the food bank". A role (a word for a person who
#: does something) after "I'm (a|an|the)"; the classifier is unsure of these when a "now" ends them.
_ROLE_STATEMENT = re.compile(
    r"^(?:(?:so|and|but|also|well|oh|btw|fyi|anyway|these\s+days|nowadays|currently|now),?\s+)*"
    r"(?:I'm|I\s+am|I've\s+become|I\s+became)\s+(?:now\s+|currently\s+|officially\s+)?(?:a|an|the)\s+"
    r"(?P<rest>[^?!]*)$", re.IGNORECASE)
_ROLE_PHRASE_END = re.compile(r"\b(?:of|at|on|for|in|with|from|to|now|these|currently|and|or|who|that|since)\b|[,;:.(]|"
                              r"\s[-\u2013\u2014]\s",
                              re.IGNORECASE)


def _role_statement(sentence: str) -> bool:
    m = _ROLE_STATEMENT.match(sentence.strip())
    if m is None:
        return False
    rest = m.group("rest")
    cut = _ROLE_PHRASE_END.search(rest)
    phrase = (rest[: cut.start()] if cut else rest).split()
    if not 1 <= len(phrase) <= 3 or not phrase[-1].isalpha():
        return False
    role = phrase[-1].lower()
    if any(w.lower() in _NOT_ROLES for w in phrase) or role.endswith(("ed", "ing")):
        return False  # "a bit tired of it", "a total mess at work"
    if _is_person_role(role) or role in _MORE_ROLES:
        return True
    # Any noun placed somewhere ("a paramedic on the night rota", "the cox of the second boat"):
    # what the speaker is, where.
    return cut is not None and cut.group(0).lower() in _PLACING


#: The speaker placed anew by someone ("the director has moved me up to the sopranos", "I've been
#: moved into the marketing team", "the captain bumped me up into the A team"): where they stand
#: now, a standing fact of theirs. Not what one occasion did ("moved me to another room today",
#: "moved me to tears").
_PLACED_ANEW = re.compile(
    r"\b(?:" + PLACING_VERBS + r"\s+(?:me|us)|"
    r"(?:I|we)(?:['’]ve|\s+have|['’]m|\s+am|['’]re|\s+are|\s+was|\s+were)\s+(?:(?:been|just|finally|now|officially|got)\s+)*"
    + PLACING_VERBS + r")\s+" + PLACED_WHERE, re.IGNORECASE)


def _placed_anew(sentence: str) -> bool:
    return _PLACED_ANEW.search(sentence) is not None and _ONE_OCCASION.search(sentence) is None


#: Roles that do not end like one (engine.extractor._is_person_role reads the rest).
_MORE_ROLES = frozenset("secretary chairman chairwoman chairperson apprentice intern".split())
#: Says how the speaker feels or fares, or how much, not what they are.
_NOT_ROLES = frozenset("""disaster wreck failure winner loser mess idiot genius monster bit lot little one
worst best fan kind sort type part bunch couple number fool nightmare""".split())
_PLACING = frozenset("of at on for in with from".split())


#: A contraction of a verb onto its subject ("I'm", "we've", "she's"): two words, as "I am" is.
_CONTRACTED = re.compile(r"['’](?:m|re|ve|d|ll|s)\b", re.IGNORECASE)


def _word_count(sentence: str) -> int:
    """Words, a contraction counted as the two it stands for: "I'm retired" says as much as "I am
    retired"."""
    return len(_WORDS_RE.findall(sentence)) + len(_CONTRACTED.findall(sentence))


#: The speaker as the one reached or written to ("reach me on", "email me at", "post for me").
_ME = re.compile(r"\b(?:me|us)\b", re.IGNORECASE)


def _gives_contact(sentence: str) -> bool:
    """A sentence giving how the speaker is reached ("you can reach me on 07700 ...", "my email's
    ... btw", "best way to get hold of me is ..."): a phone number, an email or a street address,
    known by its shape, beside the speaker. The classifier reads the frame, which varies, and is
    seldom sure of it."""
    return bool(contact_values(sentence)) and (_FIRST_PERSON.search(sentence) or _ME.search(sentence)) is not None


#: A thing the speaker has, said plainly: "I have a stammer", "I've got a tattoo on my wrist", "we
#: have a caravan in Tenby". Taken as a fact only where the classifier reads it as one first ("I
#: have a question", "I've got a meeting at 3" it reads as chatter or a plan). Without an article
#: or a number ("I have asthma", "I have news") only a condition is kept (`standing_statements`).
_POSSESSION = re.compile(r"^(?:(?:so|and|but|also|well|oh|btw),?\s+)*(?:I|we)(?:\s+(?:also|still|now|actually))?"
                         r"(?:\s+have(?:\s+got)?|['’]ve\s+got)\s+(?P<some>(?:a|an|one|two|three|four|five|six|\d+)\s+)?"
                         r"(?!(?:to|no|nothing|not|been|had|got)\b)[\w'’-]+", re.IGNORECASE)
#: What the speaker is, said in a few words ("I'm divorced.", "I am 42.", "I'm on dialysis."): the
#: classifier has little to be sure with in so short a sentence, yet ranks a standing state first
#: where a passing one ("I'm tired.", "I'm on my way.") ranks as chatter.
_SHORT_STATE = re.compile(r"^(?:I['’]m|I\s+am)\s+"
                          # not what the speaker is doing or where they are ("I'm driving.", "I'm on the train.")
                          r"(?!\w+ing\b|(?:on|in|at|off|out)\s+(?:the|a|an|my|our)\b)"
                          r"(?:(?:[\w'’-]+\s+){0,2}[\w'’-]+"
                          # (as it stands: "I'm 95 kg at the moment", "I'm vegetarian these days"; not where the
                          # speaker is, "I'm in paris at the moment")
                          r"|(?!(?:in|at|on|off|out|away|home|back|with|over|up|down)\b)(?:[\w'’-]+\s+){0,2}[\w'’-]+"
                          r",?\s+(?:at\s+the\s+moment|at\s+present|these\s+days|currently|nowadays))\s*[.!]?$", re.IGNORECASE)


#: The speaker taking a doing up again: "I eat fish again", "I'm drinking coffee again", "I've
#: started running again", "good news, I can have dairy again".
_TAKEN_UP_AGAIN = re.compile(
    r"^(?:[\w'’]+(?:\s+[\w'’]+){0,2},\s+)?(?:(?:so|and|but|well|yes|finally|anyway)\s+)?"
    r"I(?P<aux>['’]m|\s+am|['’]ve|\s+have|\s+can|\s+could)?\s+"
    r"(?:(?:now|finally|properly|just|officially|actually|slowly)\s+)?"
    r"(?P<up>(?:started|begun|back\s+to|allowed\s+to|able\s+to)\s+)?(?P<verb>[a-z]+)\b[^.!?]*\bagain\b", re.IGNORECASE)
#: A one-off said again ("I forgot my keys again", "I overslept again"): no doing taken up.
_ONCE_MORE = frozenset("""forgot lost missed broke got was did had went made left ran saw said told took came fell felt
    slept woke overslept messed screwed""".split())


#: The speaker keeping away from something, in the present: "I avoid caffeine", "I steer clear of
#: motorways", "I don't do spicy food", "I try to avoid dairy where I can". Not one occasion ("I'm
#: avoiding the M6 today") nor what was ("I avoided him for years").
_AVOIDS = re.compile(
    r"^(?:(?:so|and|but|also|well|honestly|generally|these\s+days|nowadays),?\s+)*I\s+"
    r"(?:(?:usually|generally|always|mostly|also|still|now|really)\s+)*(?:try\s+(?:to|and)\s+)?"
    r"(?:avoid|steer\s+clear\s+of|stay\s+away\s+from|keep\s+away\s+from|don['’]?t\s+(?:do|touch|eat|drink)|"
    r"never\s+touch|cut\s+out)\s+(?!it\b|that\b|this\b|them\b|him\b|her\b|you\b)(?P<what>[\w'’-]+(?:\s+[\w'’-]+){0,5})"
    r"(?:\s+(?:where|when|if|whenever|as\s+much\s+as)\s+I\s+can)?\s*[.!]?$", re.IGNORECASE)


#: A state of the speaker's taken as given at the start of a sentence ("Now that I'm at HSBC, ...",
#: "now that we've moved to Hove ..."): kept as a fact of theirs, whatever the rest says.
_NOW_THAT = re.compile(r"^(?:(?:so|and|but|well|oh|anyway|honestly),?\s+)*now\s+that\s+(?:I|we)"
                       r"(?:['’]m|['’]re|['’]ve|\s+am|\s+are|\s+have)\s+(?!still\b)\S", re.IGNORECASE)


def _avoids(sentence: str) -> bool:
    """Whether a sentence says what the speaker keeps away from (see _AVOIDS)."""
    return _AVOIDS.match(sentence.strip()) is not None and not _one_time(sentence)


def _taken_up_again(sentence: str) -> bool:
    """Whether a sentence says the speaker does something again, as a standing fact ("I eat fish
    again"), not one more time ("I forgot my keys again", "I'm late again")."""
    m = _TAKEN_UP_AGAIN.match(sentence.strip())
    if m is None or denies(sentence) or not resumed(sentence) or len(_WORDS_RE.findall(sentence)) < 4:
        return False  # (three words, "I lose again.", are talk of a game as much as anything)
    aux, verb = (m.group("aux") or "").strip().lower(), m.group("verb").lower()
    if m.group("up"):
        return True
    if aux in ("'m", "’m", "am"):
        return verb.endswith("ing")  # "I'm smoking again", not "I'm late again"
    if aux in ("'ve", "’ve", "have"):
        return False  # "I've lost my keys again"
    return not verb.endswith("ed") and verb not in _ONCE_MORE


def _standing_candidates(sentences: list[str]) -> list[str]:
    """The first-person sentences the classifier is asked about when the rules kept nothing,
    without a label put before them."""
    from engine.extractor import (called_a_limit, duty_said_alone, is_chatter, is_counterfactual, is_question, kept_in_mind,
                                  labelled_rule, rule_for_everyone, rule_given, rule_said_without_i, told_before_question,
                                  told_before_request)

    # what a request to keep something in mind asks to keep ("could you bear in mind that ..."), and
    # what is told before a request ("the sitter's number is on the fridge, please pass it on")
    told = (kept_in_mind(x) or ((told_before_question(x) or x) if is_question(x) else told_before_request(x) or x)
            for x in map(without_opener, map(without_redacted, sentences)))
    return [x for x in told
            if "[REDACTED:" not in x and not is_question(x) and not is_counterfactual(x)
            # a rule for everyone is the speaker's to keep ("everyone has to be 16 or older")
            and ((3 <= _word_count(x) <= 30
                  and (_FIRST_PERSON.search(x) or _quantity_moved(x) or rule_for_everyone(x) or _gives_contact(x)
                       or _placed_anew(x)
                       # "he can only eat the renal food from now on": a rule for someone in their care
                       or rule_said_without_i(x)
                       # "Dealbreaker for me: the job has to be remote": a rule of the speaker's by its label
                       or labelled_rule(x) or called_a_limit(x) or rule_given(x)
                       # "have to be home by 6 every day": a rule of theirs, the "I" left out
                       or duty_said_alone(x))
                  and not is_chatter(x))
                 or _end_said_alone(x))]


#: A quantity of the speaker's said to stand at a new level now ("down to 25 head now", "we're up to
#: 210 households now"): chat leaves the "we" out, and a count that moved is worth keeping.
_NOW = re.compile(r"\b(?:now|these\s+days|at\s+the\s+moment|currently|as\s+of\s+today)\b", re.IGNORECASE)


def _quantity_moved(sentence: str) -> bool:
    return quantity_cue(sentence) and _NOW.search(sentence) is not None and bool(measures(sentence))


def _end_said_alone(sentence: str) -> bool:
    """A sentence that is an end of the speaker's with no subject ("Quit smoking!!", "sold the
    Honda", "graduated!"): chat leaves the "I" out, and an end is worth keeping."""
    words = _WORDS_RE.findall(sentence)
    if not 2 <= len(words) <= 30:
        return False
    stop = ended(sentence, "I")
    return stop is not None and not stop.doer and opens_with_end(sentence)


def _speakers_end(sentence: str) -> bool:
    """An end of the speaker's, said without a subject or in the first person ("Ilan and I split
    up", "no more refereeing for me"): worth keeping whatever else the turn says."""
    if _end_said_alone(sentence):
        return True
    stop = ended(sentence, "I")
    return stop is not None and not stop.doer and _FIRST_PERSON.search(sentence) is not None


def _plainly_own(x: str) -> bool:
    """Plainly a standing statement of the speaker's own, whatever else the turn says (see
    standing_statements' `plain_only`)."""
    return bool(_speakers_end(x) or _habit_statement(x) or _plain_present(x)
                or _possessed_present(x) or _possessed_moved(x) or _quantity_moved(x) or _taken_up_again(x) or _role_statement(x)
                or _avoids(x) or _NOW_THAT.match(x.strip()) or _placed_anew(x)
                # "we're not happy to pay more than 30 a head": a rule of theirs in a rule's form
                or states_a_rule(x))


def standing_statements(meaning: Meaning, text: str, name: str, at: datetime,
                        settings: Settings, *, plain_only: bool = False) -> list[Candidate]:
    """What the rules found nothing in can still be a standing statement of the speaker's ("I
    commute by tram most days"): the classifier reads the turn's first-person sentences, and those
    it takes, with `standing_probability`, for a fact, preference or decision (a rule with
    `standing_constraint_probability`) are kept as such, in the speaker's own words told in the
    third person. `plain_only`: only what is plainly the speaker's own standing fact whatever
    else the turn says: an end said without a subject ("Quit smoking!!"), a habit or a plain
    statement in the present ("I weigh 74 kg at the moment" beside "my goal is to deadlift 100
    kg"), which the turn's other statements do not stand for."""
    from engine.extractor import is_sensitive
    from engine.summarizer import _attributed

    sentences = _standing_candidates(split_sentences(text))
    if plain_only:
        # (a statement joined to one the rules read, "I can't have dairy, but my daughter loves
        # cheese", is read as it would be in a sentence of its own)
        sentences = [y for x in sentences for y in ([x] if _plainly_own(x) else _standing_candidates(own_clauses(x)))]
        sentences = [x for x in sentences if _plainly_own(x)]
    if not sentences:
        return []
    out = []
    for sentence, probs in zip(sentences, meaning.kinds(sentences)):
        kind = max(probs, key=probs.get)
        sure = probs[kind]
        # A rule the rules did not read needs the classifier near-certain: "we've gotta do what we
        # can" sounds like one and is not.
        needed = (settings.standing_constraint_probability if kind == "constraint"
                  else settings.standing_probability)
        if kind == "episode" and ended(sentence, "I") is not None:
            kind = "fact"  # "I used to volunteer at the shelter": a standing fact that is over, kept as one
        if _speakers_end(sentence):
            kind, sure = "fact", max(sure, needed)  # "Quit smoking!!", "Ilan and I split up": the speaker's end, kept
        elif states_a_rule(sentence) or _own_rule(sentence, name):
            # "he can't have anything with onion in it": a limit in a rule's form, kept as one
            kind = "constraint"
            sure = max(sure, needed := settings.standing_constraint_probability)
        if (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _habit_statement(sentence):
            kind, sure = "fact", max(sure, needed)  # a habit said in the present
        elif kind == "fact" and sure < needed and (_plain_present(sentence) or _SHORT_STATE.match(sentence.strip())
                                                   or ((m := _POSSESSION.match(sentence.strip())) and m.group("some"))):
            sure = needed  # "I play the piano.", "I'm divorced.", "I have a stammer.": read as a fact first, said plainly
        elif ((kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and is_sensitive(sentence)
              and (_SHORT_STATE.match(sentence.strip()) or _POSSESSION.match(sentence.strip()))):
            # "I have asthma.", "I'm dyslexic.", "I'm on antidepressants.": a condition of the speaker's,
            # which so few words give the classifier little to read; health is kept, as sensitive
            kind, sure = "fact", max(sure, needed)
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _possessed_present(sentence):
            kind, sure = "fact", max(sure, needed)  # "my shift starts at 6am": a thing of theirs, its value
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _possessed_moved(sentence):
            kind, sure = "fact", max(sure, needed)  # "my rent went up to 900": where a thing of theirs stands now
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _holds_now(sentence):
            kind, sure = "fact", max(sure, needed)  # "I work nights now": a state of theirs that holds now
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _role_statement(sentence):
            kind, sure = "fact", max(sure, needed)  # "I'm the treasurer of the rowing club now": what they are
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _placed_anew(sentence):
            kind, sure = "fact", max(sure, needed)  # "the director moved me up to the sopranos": where they are now
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _quantity_moved(sentence):
            kind, sure = "fact", max(sure, needed)  # "the storm took a few, down to 34 trees now": where a count stands
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _NOW_THAT.match(sentence.strip()):
            kind, sure = "fact", max(sure, needed)  # "now that I'm at HSBC, ...": the speaker's state, taken as given
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _avoids(sentence):
            # "I avoid caffeine", "I don't do spicy food": what the speaker keeps away from, a rule
            # of theirs or a dislike, whichever the classifier leans to
            kind = "constraint" if probs.get("constraint", 0.0) > probs.get("preference", 0.0) else "preference"
            sure = max(sure, needed := settings.standing_probability)
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _taken_up_again(sentence):
            kind, sure = "fact", max(sure, needed)  # "I eat fish again": a doing taken up, standing again
        elif (kind not in ("fact", "preference", "decision", "constraint") or sure < needed) and _gives_contact(sentence):
            kind, sure = "fact", max(sure, needed)  # "you can reach me on 07700 ...": how the speaker is reached
        if kind not in ("fact", "preference", "decision", "constraint") or sure < needed:
            continue
        if len(_WORDS_RE.findall(sentence)) < 4 and kind != "fact" and not _avoids(sentence):
            continue  # three words are a fact ("I ride horses") or nothing to keep ("I agree completely")
        said = _attributed(sentence, name, at)
        fields = {"type": "observation"} if kind == "fact" else {}
        if told_before(sentence):
            fields["told"] = "before"  # ("Quick reminder: ...": an opener the text drops)
        out.append(Candidate(kind=kind, text=said, fields=fields,
                             slot=None, source="user_explicit", confidence=round(0.6 + 0.3 * sure, 4),
                             importance=0.85 if kind == "constraint" else 0.6,
                             privacy_level="sensitive" if is_sensitive(said) else "personal",
                             happened_at=None, expires_at=None, scope=None, correction=False))
    return out


def _of_another(text: str, name: str) -> bool:
    """A statement whose subject is someone other than the speaker: a relative or a named person
    ("Noor's aunt baked ...", engine.meaning.holder), or a person brought in with an article ("The
    new GP nearly prescribed ..."); not "Since March Noor is ..."."""
    return bool(holder(text, name)) or (
        re.match(r"(?:the|a|an)\s", text, re.IGNORECASE) is not None and name.lower() not in text.lower().split()[:3])


#: Words that open a clause giving a reason or a concession: "..., even though Noor is vegetarian".
_WITHIN = re.compile(r"\b(?:although|though|even\s+though|even\s+if|despite|because|since|as|knowing(?:\s+that)?|"
                     r"given\s+that|considering|what\s+with|now\s+that)\s+", re.IGNORECASE)


def _within_clause(text: str, record_text: str, name: str) -> bool:
    """The record's statement, whole, ends `text` in a clause that gives a reason or a concession,
    after a main clause whose subject is not the speaker ("Last weekend Rosa made lasagne for Noor
    although Noor is coeliac"): the sentence is about something else and mentions it. Not "Noor
    carries an EpiPen because Noor is allergic to peanuts", which says more of the speaker."""
    said = " ".join(record_text.lower().split())
    low = " ".join(text.lower().split())
    own = name.lower()
    low = low[len(own) + 1:].lstrip() if own and low.startswith(own + ":") else low
    if not said or (own and low.startswith(own + " ")):
        return False
    return any(low[m.end():].strip(" .!?,;") == said for m in _WITHIN.finditer(low) if m.start() > 0)


def forget_targets(state: SubjectState, turn: Event, request: str, meaning: Meaning,
                   settings: Settings) -> list[MemoryRecord]:
    """What a user's "forget ..." refers to: "about X" by meaning (the records closest to the
    request, in every tier, and every record holding X where X is one thing or person named alone),
    "that" the records of what the user said just before."""
    records = sorted((r for r in state.records.values() if r.text and r.tier != "superseded"),
                     key=lambda r: r.memory_id)
    session = state.sessions.get(turn.session_id or "")
    previous: list[MemoryRecord] = []
    if session is not None:
        # "that" is what the user just said: their latest statement that left a memory, or a
        # sensitive one of their last three turns (what people ask not to keep).
        earlier = [t.turn_id for t in session.window if t.turn_id != turn.payload.turn_id and t.role == "user"][-3:]
        by_turn = [[r for r in records if any(x.turn_id == tid and x.session_id == (turn.session_id or "")
                                               for x in r.sources)] for tid in earlier]
        sensitive = [r for group in by_turn for r in group if r.privacy_level in ("sensitive", "secret")]
        latest = next((group for group in reversed(by_turn) if group), [])
        # Just before, the user said a secret that was redacted and kept nothing: "that" is the
        # secret, which no memory holds; an older memory is not what they asked to forget.
        texts = {t.turn_id: t.text or "" for t in session.window}
        secret_said = bool(earlier) and not by_turn[-1] and REDACTION_MARK in texts.get(earlier[-1], "")
        # "everything I just told you" is what the user's last message left, with the sensitive
        # things of their last three turns: never an older memory that is neither
        last = by_turn[-1] if by_turn else []
        previous = [] if secret_said else (list({r.memory_id: r for r in last + sensitive}.values())
                                           if _EVERYTHING_JUST.search(request) else (sensitive or latest))
    # "what I said last week": what was said in that period (a week either side of the date it names)
    _, when = resolve_dates(request, turn.occurred_at)
    if when is not None and when < turn.occurred_at - timedelta(hours=12):
        said = [r for r in records if when - timedelta(days=1) <= r.created_at <= when + timedelta(days=14)
                and r.created_at < turn.occurred_at - timedelta(hours=12)]
        records = said or records
    request = _without_reason(request)
    topic = _topic_words(request)
    if topic and records:
        # A narrative is scored by its closest statement too, and a record that says two things
        # by its closest clause ("lives at 14 Harrow Close and works from home on Fridays" for "my
        # address"): a request names one thing it says.
        speaker = (turn.payload.speaker or "").strip() or "User"
        texts: list[str] = []
        owner: list[int] = []
        for i, r in enumerate(records):
            pieces = clause_pieces(r.text, speaker)[0]
            said = [r.text] + (readable(r.text, speaker) if is_narrative(r.fields, r.text) else []) + (
                pieces if len(pieces) > 1 else [])
            for x in dict.fromkeys(said):
                texts.append(in_own_words(x, speaker))  # as the request says it, whatever the name
                owner.append(i)
        stubs = _held_stubs(texts)
        per_text = _request_scores(texts, request, topic, meaning, settings, stubs)
        scores = np.zeros(len(records), dtype=np.float64)
        np.maximum.at(scores, np.array(owner), per_text)
        order = np.argsort(-scores, kind="stable")
        best = float(scores[order[0]])
        if best >= settings.forget_target_similarity:
            floor = max(settings.forget_target_similarity, best - 0.05)
            # A request that names one thing and nothing of it ("forget about Ines", "what I told
            # you about my friend Oskar", "Ines's stuff", "my ex") names nothing that tells apart
            # the statements holding it: each is what it asks to forget, however it reads.
            one = _one_thing_named(topic, request)
            holding = np.zeros(len(records), dtype=bool)
            if one is not None:
                # (a name whole: "forget about Martin" is not about "my sister Martina")
                whole = _named_by_name(one, request)
                held = [set(terms(x)) for x in texts] if whole else stubs
                key = one if whole else _stub(one)
                np.logical_or.at(holding, np.array(owner), np.array([key in h for h in held]) & (per_text > 0))
            found = [r for r, s, h in zip(records, scores, holding) if s >= floor or h]
            # ("the previous address" of "my current address is ..." and "my previous address was ...")
            texts = [r.text or "" for r in found]
            return [found[k] for k in sorted(_of_the_time_named(request, texts, set(range(len(found))),
                                                                [set(terms(t)) for t in texts]))]
        # A topic named in other words than the record's ("leaving my job" for "quitting <firm>")
        # scores low in absolute terms; the record that stands clearly above every other is still it.
        # A lone record stands above nothing: "wipe what I told you about my counselling" must not
        # take the only memory there is, about morning meetings.
        runner_up = float(scores[order[1]]) if len(order) > 1 else None
        if (best >= settings.forget_target_similarity / 2 and runner_up is not None
                and best - runner_up >= settings.forget_target_margin):
            return [records[int(order[0])]]
    if previous and not topic and _ONE_OF_OFFERED.search(request) and _answers_an_offer(session, turn):
        return []  # "Maybe try the lentil lasagne? / Forget that one.": the suggestion, no memory
    if _DEICTIC.search(request) and previous and (not topic or _EVERYTHING_JUST.search(request)):
        return previous
    if topic and _JUST_SAID.search(request) and session is not None and not secret_said and by_turn:
        # the topic was just said: the last message's memories, or where it left none a sensitive
        # one of the last three turns (what people ask not to keep); else nothing
        return last or sensitive
    return []


#: "that one", "this one": one of what was offered, or the statement just made.
_ONE_OF_OFFERED = re.compile(r"\b(?:that|this)\s+one\b", re.IGNORECASE)
#: An assistant's suggestion or offer ("Maybe try the lentil lasagne recipe?", "Shall I also note
#: the Marriott near Termini?", "How about the 7:40 train?").
_OFFERED = re.compile(r"\b(?:try|how\s+about|what\s+about|maybe|perhaps|shall\s+I|should\s+I|I\s+could|I\s+can|"
                      r"would\s+you\s+like|want\s+me\s+to|I['’]?d\s+suggest|I\s+suggest|I\s+recommend|consider|"
                      r"there['’]?s\s+also|another\s+option)\b", re.IGNORECASE)


def _answers_an_offer(session, turn: Event) -> bool:
    """Whether the turn before a request is the assistant's suggestion of something the user has not
    named: "that one" is then what it offered ("I'm vegetarian / Maybe try the lentil lasagne
    recipe? / Forget that one." turns the lasagne down and forgets nothing of the user's)."""
    if session is None:
        return False
    before = [t for t in session.window if t.turn_id != turn.payload.turn_id]
    if not before or before[-1].role != "assistant" or not _OFFERED.search(before[-1].text or ""):
        return False
    said = frozenset(t for x in before if x.role == "user" for t in terms(x.text or ""))
    return bool(salient_terms(before[-1].text or "", "Assistant") - said)


#: Where a reason said beside a request to forget may start: after a dash, or after a comma or
#: "because", or after a comma before "I" or "it's" ("wipe the bit about me quitting - my manager
#: sometimes sees this screen", "forget the debt thing, I'm embarrassed"; not before "my": "forget
#: my address, my phone number ..." is a list).
_REASON_AFTER = re.compile(
    # (a dash before someone who does something: not "- and my dad too", "- the bit about quitting")
    r"(?<!\s)\s+[-\u2013\u2014]+\s+(?=(?:my|our|i|i'm|i've|i'd|it's|someone|people|nobody|everyone)\s+"
    r"(?!(?:mean|meant|dad|mum|mom)\b))|(?:,\s*|(?<!\s)\s+)(?:because|cos|coz|cuz)\s+|"
    # (not "he", "she", "they": "forget what I told you about Tom, he got fired" says which Tom
    # memory; not "I mean": "..., i mean the one getting married" says which one)
    r",\s*(?=(?:i|i'm|i've|i'd|it's|someone|people|nobody|everyone)\b(?!\s+(?:mean|meant)\b))", re.IGNORECASE)


def _without_reason(request: str) -> str:
    """A request to forget without the reason said beside it, which names no record: the part that
    asks, where one part only does (`_may_ask_to_forget`); else the request as it is."""
    parts = [p for p in _REASON_AFTER.split(request) if p and p.strip()]
    if len(parts) < 2 or len(split_sentences(request)) > 1:
        return request  # (a request read with the sentence it points back to names its thing there)
    asking = [p for p in parts if _may_ask_to_forget(p)]
    return asking[0].strip() if len(asking) == 1 and _topic_words(asking[0]) else request


def _stub(term: str) -> str:
    """A term by its first five letters, which its forms share ("therapist", "therapy"); a great-
    kin term whole ("great-grandfather" is neither "great-great-grandfather" nor "great")."""
    return term if term.startswith("great-") else term[:5]


def _named_by_name(term: str, request: str) -> bool:
    """Whether a request writes the term as a name, capitalised past its first word ("forget about
    Martin"): matched whole then, as names of two people may share their first letters."""
    return any(x[:1].isupper() and terms(x.strip(".,;:!?")) == [term] for x in request.split()[1:])


def _one_thing_named(topic: list[str], request: str) -> str | None:
    """The one thing a request's topic names, as a term, if it names one alone: a name
    or a word ("Ines", "Ines's", "my ex", "my job"), or a relation with the name it goes by ("my
    friend Oskar": Oskar). None when it names more ("my brother's wedding", "the dentist
    appointment", "regarding my sister, ... the new job")."""
    named = [t for w in topic for t in terms(w)]
    if len(named) > 1:  # (a relation before a name, written as one: "my friend Oskar")
        rest = [w for w in topic if w not in RELATIONS]
        if len(rest) == 1 and any(x[:1].isupper() and x.strip(".,;:!?'’").lower() == rest[0] for x in request.split()):
            named = terms(rest[0])
    return named[0] if len(named) == 1 else None


def _held_stubs(texts: list[str]) -> list[set[str]]:
    """The stubs (`_stub`) of each text's terms, with the relation of a person named by whom they are in
    any of the texts ("my aunt Greta broke her hip"): "Greta is on blood thinners" holds "aunt" too,
    so a request about "my aunt's health" finds it."""
    aliases: dict[str, set[str]] = {}
    for x in texts:
        for how, who in people_introduced(x):
            rel = terms(how)
            name = [t for t in terms(who) if t not in STOP_WORDS]
            # (a relation the speaker names people by: "my mentor Ada" is rarely asked of as "my mentor")
            if how in RELATIONS and len(rel) == 1 and len(name) == 1:
                aliases.setdefault(_stub(name[0]), set()).add(_stub(rel[0]))
    out = []
    for x in texts:
        stubs = {_stub(t) for t in terms(x)}
        out.append(stubs.union(*(aliases[n] for n in stubs & aliases.keys())))
    return out


#: What a text giving the kind of contact a request names holds in its place (`_request_scores`).
_HOLDS_CONTACT = "\0contact"

#: How much closer to the thing a request names ("the run-in with the law") a text holding no word
#: of it must read than the texts holding only whose it is, to be that thing in their place.
POSSESSOR_ONLY_MARGIN = 0.1
#: How much closer a text that holds only whose a thing is must read to the thing named ("Marco's
#: bike") than to its possessor alone ("Marco") to be that thing: naming a thing the text is not about
#: takes from how alike they read ("Marco is a chef in Lyon"), naming one it is about in other words
#: does not ("Raj's conviction" of "Raj got a DUI").
POSSESSOR_THING_GAIN = 0.0
#: The gap, in how close their statements read to the one thing a request names of someone's
#: ("Karen's love life"), that parts the ones that are it from their other things.
THING_APART_MARGIN = 0.1
#: Things of someone's that are all of theirs ("Ines's stuff", "her things", "his life").
_ANY_OF_THEIRS = frozenset(t for w in "stuff thing things info information detail details bit bits side life".split()
                           for t in terms(w))
#: A thing of someone's as a request names it: the possessor and the words after it, up to where
#: the request goes on ("Marco's bike", "my brother's wedding, we fell out" -> brother's wedding).
_GOES_ON = r"(?:and|but|because|cos|as|since|please|pls|now|too|again|then|thanks|either|anymore|any\s+more|as\s+well)\b"
_THING_OF_WHOSE = re.compile(r"(?<![\w-])(?P<whose>[\w-]+)['’]s\s+(?P<thing>[\w-]+(?:\s+(?!" + _GOES_ON + r")[\w-]+){0,2}?)"
                             r"(?=\s*[,.;:!?]|\s+" + _GOES_ON + r"|\s*$)", re.IGNORECASE)
#: Times whose thing a request names ("this morning's reading", "yesterday's news"): what was said
#: of then, not a thing of someone's.
_TIMES_OWN = _WEEKDAY_WORDS | frozenset("morning afternoon evening night today tonight yesterday tomorrow week weekend month year"
                                        .split())
#: Words that name no one thing but whatever of someone's is of a kind ("my aunt's gift", "my
#: boss's kit", "our neighbour's stuff", "Ottilie's private life", "Joe's health" for "Joe broke his
#: leg skiing", "Ollie's job" for "Ollie got sacked"): any statement of theirs may be it.
_VAGUE_THINGS = frozenset(t for w in """stuff things thing gift gifts present presents help tool tools kit gear equipment
machine machines machinery belongings possessions property life private personal business situation situations news
problem problems issue issues trouble troubles affairs matters details info story stories drama side health medical
condition conditions illness wellbeing mental job jobs work career employment money finances finance relationship
relationships family marriage love circumstances history background past""".split() for t in terms(w))


def _request_scores(texts: list[str], request: str, topic: list[str], meaning: Meaning,
                    settings: Settings, held_stubs: list[set[str]] | None = None) -> np.ndarray:
    """How plainly each text is what a request to forget names: the closer of its similarity to the
    request and to the request's topic words, a little more when it holds one of those words; for a
    thing of someone's, their statements rank by how close they read to the thing instead."""
    mat = meaning.vectors(texts)
    qv = meaning.vectors([request, " ".join(topic)])
    named = {_stub(t) for t in terms(" ".join(topic))}
    # "my address", "where I live": a statement holding a street address holds what it names
    asked = _contacts_named(request)
    given = [_values_given(x) for x in texts] if asked else [frozenset()] * len(texts)
    contact = np.array([bool(asked & kinds) for kinds in given], dtype=bool)
    # (`held_stubs`: `_held_stubs(texts)`, when the caller has them already)
    held = [named & x | ({_HOLDS_CONTACT} if c else set())
            for x, c in zip(_held_stubs(texts) if held_stubs is None else held_stubs, contact)]
    # "Ruthie's therapist": a text that holds only the possessor is not what it names, when some
    # text holds the word after it ("my uncle's address": the one giving a street address).
    whose = {_stub(t) for w in topic if w.lower().endswith(("'s", "’s")) for t in terms(w)}
    only_whose = np.zeros(len(texts), dtype=bool)
    alike = np.maximum(mat @ qv[0], mat @ qv[1])  # how alike each text reads to the request
    ranked = np.full(len(texts), np.nan)  # in its place, how a text ranks by the thing a request names
    # "my uncle's address" beside "my aunt lives at 31 Kestrel Close": where a text holds the
    # possessor and the thing, a text holding the thing of no one named is someone else's
    theirs = np.zeros(len(texts), dtype=bool)
    if whose and any(h & whose and h - whose for h in held):
        theirs = np.array([bool(h - whose) and not h & whose for h in held])
    if any(h - whose for h in held):
        only_whose = np.array([bool(h) and not h - whose for h in held])
        held = [h - whose for h in held]
    elif whose and any(held):
        # Only the possessor is held ("great-grandpa's run-in with the law" beside "my great-grandfather
        # was born in 1898" and "he did eight months in prison"): a text that holds nothing but reads
        # plainly closer to the thing named is it, and the possessor's other texts are not.
        thing = " ".join(w for w in topic if not {_stub(t) for t in terms(w)} & whose)
        owners = [i for i, h in enumerate(held) if h]
        others = [i for i, h in enumerate(held) if not h]
        if thing and others:
            near = mat @ meaning.vectors([thing])[0]
            if float(near[others].max()) >= float(near[owners].max()) + POSSESSOR_ONLY_MARGIN:
                only_whose = np.array([bool(h) for h in held])
                held = [set() for _ in held]
        # Still only the possessor is held ("the stuff about Marco's bike" beside "my friend Marco is a
        # chef in Lyon"): a text is spared only where naming the thing reads further from it than the
        # possessor alone does, for every thing of theirs the request names; the thing said in other
        # words ("Lola's university" of "Lola got into Oxford") or a kind of thing ("Joe's health")
        # may be it, and what is sensitive is never spared (a request to forget it is taken at its
        # widest).
        said = [m for m in _THING_OF_WHOSE.finditer(request)
                if (stubs := {_stub(t) for t in terms(m.group("whose"))}) and stubs <= whose]
        if (any(held) and said and not any(m.group("whose").lower() in _TIMES_OWN
                                               or set(terms(m.group("thing"))) <= _VAGUE_THINGS for m in said)):
            vs = meaning.vectors([x for m in said for x in (m.group(0), m.group("whose"))])
            gains = np.stack([mat @ vs[2 * k] - mat @ vs[2 * k + 1] for k in range(len(said))])
            further = (gains < POSSESSOR_THING_GAIN).all(axis=0)
            other_thing = np.array([bool(h) and bool(f) and not is_sensitive(x)
                                    for h, f, x in zip(held, further, texts)])
            only_whose = only_whose | other_thing
        # Several of their statements are left ("Karen works as a nurse", "Karen started dating a guy
        # from her gym" for "Karen's love life"): the one thing named tells them apart. Where they
        # fall in two groups by how close they read to it, a plain gap between, the closer group is
        # the thing and the other is other things of theirs, sensitive or not ("my aunt Philippa is
        # deaf in one ear" is not her business: beside a statement that is, the model can tell);
        # without such a gap, none is told apart from the others and all go (a request is taken at
        # its widest where the model cannot tell). They rank by it, not by how alike they read to
        # the whole request, which the name they share decides.
        owners = [i for i, h in enumerate(held) if h and not only_whose[i]]
        things = {m.group("thing").lower() for m in said}
        if len(owners) > 1 and len(things) == 1 and not set(terms(next(iter(things)))) <= _ANY_OF_THEIRS:
            # (how close to the thing alone, and how much closer naming it brings a text than the
            # possessor alone: each tells them apart most of the time, the two together more often)
            tv = meaning.vectors([said[0].group("thing"), said[0].group(0), said[0].group("whose")])
            near = (mat @ tv[0] + mat @ tv[1] - mat @ tv[2])[owners]
            order = np.sort(near)[::-1]
            gaps = order[:-1] - order[1:]
            cut = order[int(np.argmax(gaps))] if gaps.max() >= THING_APART_MARGIN else order[-1]
            top = float(alike[owners].max())
            for i, x in zip(owners, near):
                ranked[i] = top if x >= cut else 0.0
    hit = np.array([bool(h) for h in held]) | contact
    scores = np.where(np.isnan(ranked), alike, ranked) + 0.1 * hit
    scores = np.where(contact, np.maximum(scores, settings.forget_target_similarity + 0.1), scores)
    if contact.any():
        # a statement that gives only another kind ("my number is +34 612 ...") is not the address
        scores = np.where(np.array([bool(kinds) and not asked & kinds for kinds in given], dtype=bool), 0.0, scores)
    # ... however close it reads: "the name of Tayo's school" is not "Tayo is 6 and has a stammer"
    scores = np.where(only_whose | theirs, 0.0, scores)
    if hit.any():
        # A text that holds a word the request names is what it asks about; one that holds none
        # ("pottery on Saturdays" for "my Wednesday appointments") only if it is plainly the same
        # topic in other words.
        scores = np.where(hit | (scores >= settings.forget_target_similarity + 0.15), scores, 0.0)
    days = _weekdays(request, _THINGS_DAY)
    if days:
        # "my Tuesday sessions": a text of other days only ("squash on Thursday nights") that holds no
        # other word the request names is not it, however alike a weekly thing reads ("physio moved
        # to Fridays" is still "my Tuesday physio"; "Mon-Fri" holds every day between)
        named_days = {_stub(t) for m in _WEEKDAY.finditer(request) for t in terms(m.group())}
        other_days = [bool(d := _weekdays(x)) and not d & days and not _DAY_SPAN.search(x)
                      and not (named - named_days) & {_stub(t) for t in terms(x)} for x in texts]
        scores = np.where(np.array(other_days, dtype=bool), 0.0, scores)
    kin = _kin_in(" ".join(topic))
    if kin:
        # "my great-grandad": a text about another generation of the speaker's family ("my
        # great-great-grandad built the chapel") is not it, however alike it reads
        scores = np.where(np.array([_other_generation(x, kin) for x in texts]), 0.0, scores)
    return scores


#: A day of the week as a whole word, in full or cut short ("Tuesdays", "tues", "weds", "Thu"; not
#: "mon", "wed", "sat", "sun", words too, nor "fries" or "thus").
_WEEKDAY = re.compile(r"\b(?:(?P<mon>mondays?)|(?P<tue>tuesdays?|tues?)|(?P<wed>wednesdays?|weds)|(?P<thu>thursdays?|thurs?|thu)|"
                      r"(?P<fri>fridays?|fri)|(?P<sat>saturdays?)|(?P<sun>sundays?))\b", re.IGNORECASE)
#: A span of days ("Mon-Fri", "Tue to Thu", "Monday through Friday"): it holds days it does not name.
_DAY_SPAN = re.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:-|–|to|through|till|until)\s*"
                       r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b", re.IGNORECASE)
#: The days a request names its thing by ("my Tuesday sessions", "the Monday class", "my tues
#: lessons"): not a day it tells when something was said ("what I told you on Monday about ...").
_THINGS_DAY = re.compile(r"\b(?:my|our|the|his|her|their|those|these|that|this)\s+(?=\w+\s+\w)" + _WEEKDAY.pattern[2:],
                         re.IGNORECASE)


def _weekdays(text: str, pattern: re.Pattern[str] = _WEEKDAY) -> set[str]:
    """The days of the week a text names, by their first three letters."""
    return {m.lastgroup for m in pattern.finditer(text)}


#: A code of letters and digits a request may name a thing by ("crate Q200", "flat 4B").
_IDENTIFIER = re.compile(r"\b(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]{2,}\b", re.IGNORECASE)


#: The speaker's family, as terms ("grandfather", "mother" for "mum"): what generation of it a
#: statement is about (a great- one is a term of its own: `_kin_in`).
_KIN_TERMS = frozenset(t for w in """mother mum mom mam father dad parent parents sister brother sibling siblings son sons
daughter daughters kid kids child children baby wife husband partner spouse girlfriend boyfriend fiance fiancee grandma
grandpa grandmother grandfather grandparent grandparents grandson granddaughter aunt uncle cousin niece nephew stepson
stepdaughter stepmother stepfather""".split() for t in terms(w))


def _kin_in(text: str) -> set[str]:
    """The family a text names, as terms, a great- one whole ("great-great-grandfather")."""
    return {t for t in terms(text) if t in _KIN_TERMS or t.startswith("great-")}


def _other_generation(text: str, kin: set[str]) -> bool:
    """Whether a text names the kin a request names only a generation off ("my great-grandad was a
    sailor" for "my grandad", "my great-great-grandad" for "my great-grandad")."""
    theirs = _kin_in(text)
    if not theirs or theirs & kin:
        return False
    base = {k.rsplit("-", 1)[-1] for k in kin}
    return any(t.rsplit("-", 1)[-1] in base for t in theirs)


#: A request for all there is of something ("everything about Ottilie's private life").
_ALL_OF = re.compile(r"\b(?:everything|all|anything)\b", re.IGNORECASE)
#: Where a request names several things ("the dentist and the insurance", "my weight, my meds").
#: Where a request names two things with a conjunction ("my height and weight").
_THINGS_NAMED = re.compile(r"\s+(?:and|&|plus|as\s+well\s+as)\s+", re.IGNORECASE)
_REQUEST_PARTS = re.compile(r",\s*|;\s*|" + _THINGS_NAMED.pattern, re.IGNORECASE)


def _without_keeps(request: str) -> str:
    """The request less a clause that says what to keep ("Keep Gil, but scrap the bit about his
    girlfriend" names the girlfriend, not Gil)."""
    clauses = re.split(r"\s*(?:[,;:]|\s[\u2013\u2014-])\s*(?:but\s+)?|\s+but\s+", request)
    kept = [c for c in clauses if c and not _KEEP_ASKED.search(c)]
    return ", ".join(kept) if kept and len(kept) < len(clauses) else request


_QUALIFIED = re.compile(r"\b(?:for|of|on|with|from|at|in)\s+(?:the|my|our|a|an|his|her|their|that|this)?\s*(?P<rest>.*)$",
                        re.IGNORECASE)


def _qualifiers(part: str, topic: list[str]) -> set[str]:
    """The terms of a request's topic said after a preposition that follows its first word ("paid
    for the Hasselblad", "the name of my supplier"): which thing is meant, not what of it."""
    if not topic:
        return set()
    first = re.search(rf"\b{re.escape(topic[0])}\b", part, re.IGNORECASE)
    m = _QUALIFIED.search(part, first.end()) if first is not None else None
    if m is None:
        return set()
    return set(terms(" ".join(w for w in topic[1:] if re.search(rf"\b{re.escape(w)}\b", m.group("rest"), re.IGNORECASE))))


def named_statements(rec: MemoryRecord, requests: list[str], speaker: str, meaning: Meaning,
                     settings: Settings) -> set[int]:
    """The statements of a narrative record that requests to forget name (all of them when no
    request names a topic, as "forget that" does; beside one that names a topic, "forget it" is
    that topic). For each thing a request names ("the dentist
    and the insurance" names two):

    - the statements that hold its most telling word: of its words the statements hold (whole
      words: "insulin" is not "insulation"), the ones the fewest statements hold ("Ruthie's
      therapist": the statement with "therapist", not every one about Ruthie; "everything about Ms
      Okafor", when every statement is about her: all of them), a possessor ("Ruthie's") counting
      only when nothing else does;
    - when no statement holds any word of the request, the closest ones by meaning;

    and then every statement that names a name a statement named so names, unless every statement
    names it ("the lawyer Priya Okonkwo ...; Priya Okonkwo also said ..." are both about her).
    Numbers, times, dates and days are no such names: two statements share them by chance.
    """
    said = readable(rec.text or "", speaker)
    stems = [set(terms(x)) for x in said]
    own = set(terms(lead_of(rec.text or "", speaker)))
    named: set[int] = set()
    requests = [_without_keeps(r) for r in requests]
    if not any(_topic_words(r) for r in requests):
        return set(range(len(said)))
    for request in requests:
        if not _topic_words(request):
            continue  # "just forget it" after "drop the part about Mel": "it" is that part
        if _points_at_another(request, requests, set().union(*stems) - own):
            continue  # "It's early days and I don't want that lying about": the other request's topic
        found: set[int] = set()
        for part in _REQUEST_PARTS.split(request):
            # "my ex's address", "where we live": the statements giving a street address (or the
            # email, the phone number asked for), not the school said beside one
            contacts = _contacts_named(part) - _kinds_not_meant(part, said)
            giving = {k for k, x in enumerate(said) if _gives_contact_of(x, contacts)}
            if giving:
                found |= giving
                continue
            topic = _topic_words(part) + _IDENTIFIER.findall(part)  # "the crate labelled Q200"
            # A possessor ("Ruthie's therapist") says whose, the word after it what.
            whose = {t for w in topic if w.lower().endswith(("'s", "’s")) for t in terms(w)}
            held: dict[str, set[int]] = {}
            for w in set(terms(" ".join(topic))) - own:
                ks = {k for k, st in enumerate(stems) if w in st}
                if ks:
                    held[w] = ks
            if any(w not in whose for w in held):
                held = {w: ks for w, ks in held.items() if w not in whose}
            elif (held and not _ALL_OF.search(request)
                  and (unheld := [w for w in set(terms(" ".join(topic))) - own if w not in held and w not in whose])):
                # Only the possessor is said ("my landlord's number" of "my landlord is Mr Pretorius,
                # his mobile is 082 ..."): the statement closest to what of theirs is named.
                # (every statement about as close as the closest: unsure, more goes rather than less)
                near = meaning.vectors(said) @ meaning.vectors([" ".join(sorted(unheld))])[0]
                # ... of those that tell of the possessor ("my neighbour's machine" is in what the
                # statements naming the neighbour say, not in "I'm building a walnut table")
                pool = _telling_of(said, set().union(*held.values()))
                found |= {k for k in pool if float(near[k]) >= max(float(near[j]) for j in pool) - 0.05}
                continue
            # "what I paid for the Hasselblad": what is named is the paying; the Hasselblad says which
            which = _qualifiers(part, topic)
            if any(w not in which for w in held):
                held = {w: ks for w, ks in held.items() if w not in which}
            if held:
                by_words = _held_by_fewest(held.values())
                # The statement that says what is named in other words goes with the one that holds
                # its word ("Lorna is 71 kilos" for "my weight", beside "the coach wants everyone's
                # weight"): one as close to the word as that is.
                word = " ".join(w for w in topic if set(terms(w)) & set(held))
                near = meaning.vectors(said) @ meaning.vectors([word])[0]
                floor = max(settings.forget_target_similarity, max(float(near[k]) for k in by_words) - 0.05)
                # (one that holds a word of the request, but not its most telling one, was judged by
                # its words: "on dad's side ..." beside "my great-grandma on mum's side")
                # (nor one of another generation: "my great-grandad was a sailor" is not "my grandad")
                kin = _kin_in(" ".join(topic))
                found |= by_words | {k for k, x in enumerate(near)
                                     if x >= floor and not any(k in ks for ks in held.values())
                                     and not (kin and _other_generation(said[k], kin))}
        # (a clause with a subject of its own, "... and it feels weird to have that in there", says
        # why, and names no thing)
        things = [t for j, t in enumerate(_THINGS_NAMED.split(request))
                  if _topic_words(t) and not (j and _SAYS_WHY.match(t) and not _ERASING_VERB.search(t))]
        for thing in things if len(things) > 1 else ():
            # "forget my height and weight": each thing named goes, the closest by meaning where
            # no statement holds a word of it
            topic = _topic_words(thing)
            if not any(set(terms(" ".join(topic))) - own & st for st in stems):
                scores = _request_scores(said, thing, topic, meaning, settings)
                found |= {k for k, x in enumerate(scores) if x >= float(scores.max()) - 0.05}
        if not found:
            topic = _topic_words(request)
            scores = _request_scores(said, request, topic, meaning, settings)
            best = float(scores.max())
            found = {k for k, x in enumerate(scores) if x >= best - 0.05}
        named |= _of_the_time_named(request, said, found, stems)
    names = [{v for v in values(x, speaker) if len(v) >= 3 and not says_when(v) and not any(c.isdigit() for c in v)}
             for x in said]
    everywhere = set.intersection(*names) if names else set()
    grown = True
    while grown:
        named_names = set().union(*(names[k] for k in named)) - everywhere
        more = {k for k in range(len(said)) if k not in named and names[k] & named_names}
        named |= more
        grown = bool(more)
    return named


#: Which of two of a thing a request names: the one before ("the old address", "my previous job",
#: "my ex-landlord") or the one now ("the new number", "my current address").
_BEFORE_OR_NOW = re.compile(r"\b(?:(?P<before>old|previous|former|ex)|(?P<now>new|current|present))"
                            r"(?:\s+|-)(?:[\w'’-]+\s+)?(?P<thing>[\w'’-]+)", re.IGNORECASE)


def _of_the_time_named(request: str, said: list[str], found: set[int], stems: list[set[str]]) -> set[int]:
    """Of the statements found for a request that names the one before or the one now ("forget the
    old address" of "new address is 3 Maes y Deri; old one was 22 Heol y Dwr"), the ones of that
    time: a statement that says "old", "previous" for "the old address" (holding the thing's word,
    or "one" for it), not the one that says "new". As found where none or all are."""
    m = _BEFORE_OR_NOW.search(request)
    if m is None:
        return found
    word, thing = ("before" if m.group("before") else "now"), set(terms(m.group("thing"))) | {"one"}
    mark = re.compile(rf"\b{re.escape(m.group(word))}\b", re.IGNORECASE)
    marked = {k for k, x in enumerate(said) if mark.search(x) and (stems[k] & thing or k in found or re.search(r"\bone\b", x))}
    if not marked or marked >= set(range(len(said))):
        return found
    return marked


#: A clause of a request with a subject of its own ("it feels weird", "he moved away", "I'd rather"):
#: a reason or a wish, not a thing named.
_SAYS_WHY = re.compile(r"(?:it|he|she|they|we|i|you)(?:['’]\w+)?\s+(?!and\b)\w+", re.IGNORECASE)


#: A statement that goes on about the one named before it ("He lends me his planer", "Her number is ...").
_GOES_ON_ABOUT = re.compile(r"^(?:[^:]{1,40}:\s+)?(?:he|she|his|her|him|they|their|them)\b", re.IGNORECASE)


def _telling_of(said: list[str], naming: set[int]) -> list[int]:
    """The statements that name someone (`naming`), each with those after it that go on about them
    by a pronoun ("My landlord is Mr Pretorius. His mobile is ..."), in order."""
    return sorted(leaning_on(naming, [_GOES_ON_ABOUT.match(x) is not None for x in said]))


#: A request that points back at what it asks to forget ("I don't want it lying about in your notes").
_POINTS_BACK_REQUEST = re.compile(r"\b(?:it|that|this|those|these)\b", re.IGNORECASE)


def _points_at_another(request: str, requests: list[str], said: set[str]) -> bool:
    """A request that points back ("it", "that") and names nothing said (no word of its topic is
    among `said`, the terms of what is kept), beside another request whose topic something said
    holds, or that names a thing of its own in other words ("forget what I said about who does my
    bookkeeping" of "my daughter does the books"): it asks to forget that topic, and its own words
    ("long story, I don't want it lying about in your notes", "it's a family thing and I'd rather
    you didn't hold on to that") name no topic of their own."""
    def names(r: str) -> bool:
        return bool(set(terms(" ".join(_topic_words(r)))) & said)

    def names_a_thing(r: str) -> bool:
        # "and that thing about my weight", "wipe that getaway as well": a thing of its own named, in
        # other words than what was said (not "that sort of thing", "that not floating about")
        topic = _topic_words(r)
        nouns = [w for w in topic if not w.lower().endswith("ing") and w.lower() not in ("sort", "kind", "type")]
        owned = r"\b(?:my|our|about|regarding|the)\s+(?:[\w'’-]+\s+){0,2}?(?:" + "|".join(map(re.escape, topic)) + r")\b"
        pointed = r"\b(?:that|this|those|these)\s+(?:" + "|".join(map(re.escape, nouns)) + r")\b"
        return bool(topic) and (re.search(owned, r, re.IGNORECASE) is not None
                                or bool(nouns) and re.search(pointed, r, re.IGNORECASE) is not None)

    return (_POINTS_BACK_REQUEST.search(request) is not None and not names(request) and not names_a_thing(request)
            and any(names(o) or names_a_thing(o) for o in requests if o != request))


def _held_by_fewest(held: Iterable[set[int]]) -> set[int]:
    """Of the statements (or items) holding each word a request names, those of the words the
    fewest hold: the most telling ("Ruthie's therapist": the one with "therapist")."""
    held = list(held)
    fewest = min(len(ks) for ks in held)
    return {k for ks in held if len(ks) == fewest for k in ks}


#: The flat or unit an address opens with ("Flat 3", "Apt 2B").
_FLAT_NUMBER = re.compile(r"(?:flat|apt\.?|apartment|unit|suite)\s+\w{1,4}$", re.IGNORECASE)


def _items_left(piece: str, requests: list[str], lead: str, keeps: Sequence[str] = ()) -> tuple[str, bool] | None:
    """What is left of a piece a request names when it names some of the piece's items by a word
    they hold and not the others ("the debt advice appointment" of "swimming on Mondays, a debt
    advice appointment on Wednesdays, and choir on Fridays"), with whether its last item went; None
    when it names none of them, or all, or what is left would be a scrap (under three words). An
    item that is more of a forgotten one goes with it (statements.item_leans), unless the turn says
    to keep it."""
    parts = items(piece)
    own = set(terms(lead))
    if len(parts) < 2:
        rest = _value_cut(piece, requests, own)
        return None if rest is None else (rest, False)
    stems = [set(terms(x)) for x in parts]
    gone: set[int] = set()
    by_kind: set[int] = set()  # the items that went for the kind of value they give
    tail_cut: set[int] = set()  # the items whose end a value was cut from
    for request in requests:
        # an item giving a value the request names by its kind, said as a phrase or clause of its own,
        # loses that part only, whatever words of the request the item holds ("what the boiler
        # service cost" of "the boiler guy is Kev Lynch and the service was £95")
        cuts = ({k: rest for k, x in enumerate(parts) if (rest := _value_cut(x, [request], own)) is not None}
                if not _kinds_not_meant(request, parts) else {})
        for part in _REQUEST_PARTS.split(request):
            topic = set(terms(" ".join(_topic_words(part) + _IDENTIFIER.findall(part)))) - own
            held = [{k for k, st in enumerate(stems) if w in st and k not in cuts} for w in topic]
            held = [ks for ks in held if ks and len(ks) < len(parts)]
            if held:
                gone |= _held_by_fewest(held)
        # "the old address" of "old one was 22 Heol y Dwr": the item that says the one of that time
        gone |= set(_of_the_time_named(request, parts, set(), stems))
        for k, rest in cuts.items():
            if parts[k].startswith(rest):
                tail_cut.add(k)
            parts[k], stems[k] = rest, set(terms(rest))  # "..., in year 4 at Oakfield Primary": the school goes
        # "where we live" of "Flat 3, 22 Kings Road, Brighton is where we live": the address goes too,
        # and the flat number before it
        asked = _contacts_named(request) - _kinds_not_meant(request, parts)
        for k in (k for k, x in enumerate(parts) if k not in cuts and _gives_contact_of(x, asked)):
            gone.add(k)
            by_kind.add(k)
            if k and _FLAT_NUMBER.match(parts[k - 1].removeprefix(lead).lstrip(" :")):
                gone.add(k - 1)
    # what the turn says stays ("the kids are fine to keep") is not taken with an item it follows
    kept = set(terms(" ".join(w for r in keeps for w in _topic_words(r)))) - own
    for k in range(1, len(parts)):
        if (k - 1 in tail_cut and k not in gone and item_leans(parts[k], parts[k - 1], lead) and not kept & stems[k]
                and not says_alone(parts[k])):
            # "the landlord is Gerry Moran and the rent is €1,450 a month, due on the 1st": what
            # follows a clause cut from the end is more of it ("due on the 1st"), and goes with it
            gone.add(k)
            by_kind.add(k)
            continue
        if k - 1 in gone and k not in gone and item_leans(parts[k], parts[k - 1], lead) and not kept & stems[k]:
            # (after a value that went for its kind, "rent is 1,900" is a clause of its own: "I make
            # 94k, rent is 1,900" forgets the pay only; "my ex, who has moved to Leeds", "you can send
            # her parcel there" lean still)
            if (k - 1 in by_kind and says_alone(parts[k]) and not _RELATIVE.match(parts[k])
                    and not points_back(parts[k], lead, parts[k - 1])):
                continue
            gone.add(k)
            if k - 1 in by_kind:
                by_kind.add(k)  # ("makes 96k, still at the same agency, the commute is long": the agency goes with it)
    left = [x for k, x in enumerate(parts) if k not in gone]
    if (not gone and parts == items(piece)) or not left or any(len(_WORDS_RE.findall(x)) < 3 for x in left):
        return None
    first = re.sub(r"^(?:and|but|plus|so)\s+", "", left[0], flags=re.IGNORECASE)
    return ", ".join([first, *left[1:]]).replace(", and there", " and there"), len(parts) - 1 in gone


#: Words of a request that say whose or how a value is, not what it is ("which school my kid goes
#: to"): a text left holding them still holds nothing of what was asked.
_NOT_WHAT = frozenset(terms("go goes going went attend attends attended kid kids child children son sons daughter "
                            "daughters name names pay pays paying paid spend spends spending spent cost costs costing "
                            "charge charges charging charged owe owes owed earn earns earning earned make makes making "
                            "made get gets getting got"))


def _kinds_not_meant(request: str, said: Sequence[str]) -> set[str]:
    """The kinds of value (engine.named_values) a request names that are not what it asks about:
    it names another thing a statement holds ("forget that I dropped out of school" of "I dropped
    out of school at 16, my son goes to Oakfield Primary": the dropping out, not the school)."""
    kinds = kinds_named(request)
    if not kinds:
        return set()
    held = {t[:4] for x in said for t in terms(x)}
    return kinds if {t for _, t in _other_words(request)} & held else set()


def _other_words(request: str, own: set[str] = frozenset()) -> list[tuple[str, str]]:
    """(word, the first four letters of a term of it) of what a request to forget names besides the
    kinds of value it names (engine.named_values), less whose it is (a possessor, a relation, a name,
    `own`) and how (`_NOT_WHAT`): "the bullying at my son's school" -> bullying. Words alike by their
    first letters ("bullying", "bullied") are one."""
    skip = own | _NOT_WHAT | set(terms(" ".join(re.findall(r"\b[A-Z][a-z]+", request))))
    return [(w, t[:4]) for w in _topic_words(without_kinds(request))
            if not (kinds_named(w) or w.lower() in RELATIONS or w.lower().endswith(("'s", "’s")))
            for t in set(terms(w)) - skip]


#: A word for an event ("bullying", "suspension", "payment").
_EVENT_WORD = re.compile(r"(?:ing|ion|ment|ance|ence)$")
_RELATIVE = re.compile(r"(?:who|whom|whose|which|where|that)\b", re.IGNORECASE)


def _value_cut(item: str, requests: list[str], own: set[str]) -> str | None:
    """The item without the phrase giving a value a request names by its kind (engine.named_values:
    "which school my kid goes to" of "Ava is in grade three at Riverside Elementary and has swimming
    on Tuesdays" leaves "Ava is in grade three and has swimming on Tuesdays"); None when no request
    names one it gives, the value is not a phrase or clause of its own, or the request names another
    thing that what goes does not hold ("forget that my son got expelled from school": the expulsion
    is what is asked about, and goes whole)."""
    for request in requests:
        kinds = kinds_named(request) & (kinds_given(item) | clause_kinds(item))
        if not kinds:
            continue
        rest = phrase_cut(item, kinds) or clause_cut(item, kinds)
        if rest is None:
            return None
        # What else the request names must be in what goes: "what the boiler service cost" of "the
        # boiler guy is Kev Lynch and the service was £95" ("service" goes with the sum), not "the
        # bullying at my son's school" of "my son was bullied at Kingsway Primary" (the bullying is
        # what is asked about: it goes whole). Of its other words, those the item holds count, and
        # a word for an event ("the bullying", "his suspension") however the item tells it; not a
        # reason's ("feel weird about it").
        held = {w[:4] for w in terms(item)}
        named = {t for w, t in _other_words(request, own) if t in held or _EVENT_WORD.search(w.lower())}
        gone = {w[:4] for w in set(terms(item)) - set(terms(rest))}
        return None if named and not named & gone else rest
    return None


def _meaning_embedders(meaning: Meaning | None):
    """(uncached sentence embedder, record vectors) of the meaning layer; (None, None) without it."""
    if meaning is None:
        return None, None
    embedder = meaning._embedder()
    return uncached(embedder), record_vectors_of(embedder)


#: A request to forget that names nothing and points back ("delete that pls", "could you drop him
#: from your notes?"): at what the sentence before it in the same message said.
_POINTING_WORD = re.compile(r"\b(?:that|this|it|him|her|them|those)\b", re.IGNORECASE)


#: A thing pointed at ("that booking", "this whole thing", "those plans").
_POINTED_THING = re.compile(r"\b(?:that|this|those|these)\s+(?:whole\s+|entire\s+|other\s+)?[a-z]{3,}\b", re.IGNORECASE)
#: A sentence that opens by naming what it is about: "About the cashier I complained about.",
#: "Regarding my sister's divorce.", "Re the deposit thing.", "As for my ex, ...".
_TOPIC_OPENER = re.compile(r"\W*(?:(?:so|ok|okay|right|hey|and|um|also),?\s+)*(?:regarding|re|about|as\s+for|as\s+to|concerning|"
                           r"as\s+regards|on\s+the\s+(?:subject|topic|matter)\s+of|with\s+(?:regard|respect|reference)\s+to|"
                           r"in\s+regard\s+to)\b", re.IGNORECASE)


def _with_antecedents(text: str, requests: list[str], rest: list[str],
                      remembered: frozenset[str] = frozenset()) -> tuple[list[str], list[str]]:
    """The requests, each that names nothing and points back read with the sentence before it in
    the message ("I really shouldn't have told you about Fernhill Road. delete that pls": the
    street), and the other sentences without such a sentence, which says what is to go and is no
    memory of its own. `remembered`: the terms of the subject's memories, by which a sentence in
    between names a thing of its own, not only a comment on the one named before it."""
    written = split_sentences(text)
    mended = [_mend_request(s) for s in written]
    out, told, asked_between = [], set(), set()
    for r in requests:
        j = mended.index(r) if r in mended else -1
        before = written[j - 1] if j > 0 else None
        # "About the cashier I moaned about. I was just venting. Don't keep any of that.": a sentence
        # that opens by naming what it is about, a sentence or two back, is what "that" points at,
        # not what was said of it in between (or asked: "it was not my story to tell")
        k = next((k for k in range(j - 2, max(j - 4, -1), -1)
                  if written[k] in rest and _TOPIC_OPENER.match(written[k]) and _topic_words(written[k])
                  and all((x in rest or _mend_request(x) in requests)
                          and not set(terms(" ".join(_topic_words(x)))) & remembered for x in written[k + 1:j])),
                 None) if j > 1 else None
        if k is not None and not _topic_words(r) and _POINTING_WORD.search(r):
            out.append(f"{written[k]} {r}")
            told.add(written[k])
            # what is said in between is part of this asking, of the thing it opened with: no memory
            # of its own ("Regarding my cousin Lee. He got arrested last week. Don't keep any of that.")
            told.update(written[k + 1:j])
            asked_between.update(mended[k + 1:j])
        elif (before is not None and before in rest and _POINTING_WORD.search(r) and _topic_words(before)
              # "... that pier gig fell through. Please erase whatever you've got on that booking": a
              # thing pointed at by a word no memory holds is what the sentence before named
              and (not _topic_words(r) or (_POINTED_THING.search(r) and remembered
                                           and not set(terms(" ".join(_topic_words(r)))) & remembered))):
            out.append(f"{before} {r}")
            told.add(before)
        else:
            out.append(r)
    return [r for r in out if r not in asked_between], [s for s in rest if s not in told]


def _past_preamble(request: str) -> str:
    """A request from the clause that asks, when a clause before it tells something else and the
    request names its own topic: "I'm so stressed about work lately, but can you delete what I
    said about my sister?" names the sister, not work; "my knee is killing me after the gym, so
    please forget what I told you about my ex" the ex, not the knee. A clause before that asks to
    forget too, or a request that names nothing of its own ("..., so delete what I said about
    her"), keeps the whole sentence."""
    for m in _REQUEST_CLAUSE_BREAK.finditer(request):
        asked = _LEADING_JOINER.sub("", request[m.end():])
        if not _ASKS_FIRST.match(asked):
            continue
        head = request[:m.start()]
        # the first clause that asks decides: a preamble is a statement of its own (it has a verb),
        # not a clause that names whose the thing is ("Regarding my sister, ...", "My brother Tom, ...")
        if (_FORGET_WORDS.search(head) or _KEEP_ASKED.search(head) or not _A_STATEMENT.search(head)
                or _NAMES_WHOSE.match(head)):
            return request
        return asked if _topic_words(asked) else request
    return request


#: "but", "so", "anyway" before the clause that asks.
_LEADING_JOINER = re.compile(r"^(?:(?:but|so|and|anyway|anyways|though)\b[\s,]*)+", re.IGNORECASE)
#: A clause that opens by asking to forget ("can you delete ...", "please forget ...", "wipe ..."), not
#: one that only talks of keeping ("I mean, I'd rather that wasn't kept").
_ASKS_FIRST = re.compile(
    r"(?:(?:please|pls|plz|kindly|just)\s+)?(?:" + _ASKED_OF_YOU + r")?"
    r"(?:forget|delete|erase|wipe|remove|drop(?!\s+(?:me|us)\s+a\s+(?:line|note))|scrap|scratch|scrub|strike|unlearn|"
    r"disregard|ditch|bin|get\s+rid\s+of)\b",
    re.IGNORECASE)
#: A clause with a verb of its own: "I'm so stressed", "my knee is killing me", "swimming was freezing".
_A_STATEMENT = re.compile(r"\b(?:am|is|are|was|were|been|have|has|had|do|does|did|can|could|will|would)\b|['’](?:m|s|re|ve|d)\b"
                          r"|\b\w{3,}ed\b", re.IGNORECASE)
#: A clause that names whose or what thing is meant: "Regarding my sister", "As for the flat".
_NAMES_WHOSE = re.compile(r"\s*(?:regarding|re|about|as\s+for|as\s+to|concerning|on|with|for)\b", re.IGNORECASE)


def _forget_in_turn(state: SubjectState, turn: Event, requests: list[str], meaning: Meaning,
                    settings: Settings, out: _Emitter, keeps: Sequence[str] = ()) -> None:
    """A user's request to forget acts like `forget()`: the same content-free events, the same
    shredding of every turn the memory can be read from (engine.erasure). The request's own turn is
    shredded with them: it may repeat what it asks to forget. `keeps`: sentences of the turn that
    say what stays ("the heart doctor details can stay"): the statements they name are not taken
    with a forgotten one they follow."""
    targets: list[str] = []
    # "Drop the part about Mel. Just forget it.": beside a request that names a topic, one
    # that names none points at that topic, not at everything said last (and where no memory holds
    # the topic, at nothing)
    requests = [_without_keeps(r) for r in requests]  # "keep Gil, but scrap ..." names what goes only
    named = [r for r in requests if _topic_words(r)]
    said = set().union(*(terms(r.text) for r in state.records.values() if r.text and r.tier != "superseded"))
    named = [r for r in named if not _points_at_another(r, named, said)]
    for request in named or requests:
        targets.extend(r.memory_id for r in forget_targets(state, turn, request, meaning, settings)
                       if r.memory_id not in targets)
    speaker = (turn.payload.speaker or "").strip() or "User"
    gone_words: set[str] = set()  # the words of what is forgotten (less what a record cut from it keeps)
    # (the records a target was cut from or superseded go with it: engine.erasure.history)
    for n, memory_id in enumerate(list(targets)):
        rec = state.records[memory_id]
        gone_words |= set(terms(rec.text or ""))
        pieces, leans = clause_pieces(rec.text or "", speaker) if rec.tier == "active" else ([], [])
        if len(pieces) > 1 or (pieces and (len(items(pieces[0])) > 1 or _value_cut(
                pieces[0], requests, set(terms(lead_of(rec.text or "", speaker)))) is not None)):
            # A record the request names one statement or clause of: the rest is still the user's
            # memory, kept as a record of its own before the record is erased. Its fields and slot
            # go: they may hold what was forgotten ("salary": "84,000").
            view = rec.model_copy(update={"text": JOIN.join(pieces)})
            asked = named_statements(view, requests, speaker, meaning, settings)
            named = leaning_on(asked, leans)
            if keeps and named - asked:
                named -= named_statements(view, list(keeps), speaker, meaning, settings) - asked
            cut: dict[int, str] = {}
            lead = lead_of(rec.text or "", speaker)
            for k in sorted(asked):
                left = _items_left(pieces[k], requests, lead, keeps)
                if left is None:
                    continue
                cut[k], last_cut = left
                named.discard(k)
                # what leans on the piece leans on its last item: it stays when that does
                for j in range(k + 1, len(pieces)):
                    if last_cut or not leans[j] or j in asked:
                        break
                    named.discard(j)
            rest = without(view, named, speaker, derive(turn.event_id, "rest", str(n), memory_id), turn.occurred_at,
                           cut=cut)
            if rest is not None:
                gone_words -= set(terms(rest.text or ""))
                kept = {k: v for k, v in rest.fields.items() if k in ("consolidated", REST_OF)}
                if rest.kind == "episode" and resolve_dates(rest.text or "", rest.created_at)[1] is None:
                    # the date went with what was forgotten ("buys coffee beans from Origin" of "...,
                    # and my husband was made redundant in May"): what is left happened at no time said
                    rest = rest.model_copy(update={"kind": "fact", "happened_at": None})
                out.emit(MemoryRecorded(record=rest.model_copy(update={
                    "fields": {"type": "observation", **kept}, "slot": None})))
    embed, vectors = _meaning_embedders(meaning)
    also = [_ref(turn), *_naming_turns(state, turn, requests, targets, gone_words, speaker)]
    for gone in erasure_plan(state, targets, embed, vectors, settings, also_shred=also):
        rec = state.records[gone.memory_id]
        out.emit(MemoryForgotten(memory_id=rec.memory_id, kind=rec.kind, shredded_turns=gone.shredded_turns,
                                 reason="user_request", turns_shredded=len(gone.shredded_turns),
                                 echo_of=gone.echo_of))


def _naming_turns(state: SubjectState, turn: Event, requests: list[str], targets: list[str], gone_words: set[str],
                  speaker: str) -> list[TurnRef]:
    """The readable turns (and summary lines) that name what a request forgets by a word the
    request names, the forgotten content holds and no memory kept holds: the assistant's "we can
    look at a plan for the loans whenever you like", which repeats too little of "9,000 in payday
    loans, my wife teaches, we keep chickens" to be its echo. Forgotten content is unreadable
    everywhere it was said."""
    def stems(ws) -> set[str]:  # "inheritance" and "inherited" alike; short words whole
        return {w[:6] for w in ws}

    if not targets:
        return []
    kept = set().union(*(terms(r.text) for r in state.records.values()
                         if r.text and r.tier != "superseded" and r.memory_id not in targets))
    named = stems(terms(" ".join(w for r in requests for w in _topic_words(r))))
    words = (named & stems(gone_words)) - stems(kept) - stems(terms(speaker))
    if not words:
        return []
    own = _ref(turn)
    out: list[TurnRef] = []
    for sid in sorted(state.sessions):
        session = state.sessions[sid]
        for t in [*session.window, *session.summary]:
            ref = TurnRef(session_id=sid, turn_id=t.turn_id)
            if t.text and ref != own and ref not in out and words & stems(terms(t.text)):
                out.append(ref)
    return out


def _link_echoes(state: SubjectState, turn: Event, meaning: Meaning | None, settings: Settings,
                 out: _Emitter) -> None:
    """Links the turn to the existing records it repeats without being their evidence (an assistant's
    acknowledgement, a paraphrase), and, when it records something, the earlier turns of its window
    that repeat what it records (the question it answers): they take it with them when forgotten
    (engine.erasure)."""
    named: set[str] = set()
    new: list[MemoryRecord] = []
    for e in out.events:
        if e.payload.type == "memory_forgotten":
            return  # a request to forget: its turn is shredded with what it names
        if e.payload.type == "memory_recorded":
            new.append(e.payload.record)
        named.update(memory_ids_of(e))
    embed, vectors = _meaning_embedders(meaning)
    embed = memo_embed(state, embed)
    ref = _ref(turn)
    session = state.sessions.get(turn.session_id or "")
    answers: list[TurnRef] = []
    if session is not None:
        window = session.window
        at = next((k for k in range(len(window) - 1, -1, -1) if window[k].turn_id == ref.turn_id), None)
        if at is not None:
            answers = [TurnRef(session_id=ref.session_id, turn_id=window[k].turn_id)
                       for k in echo_neighbours(window, at)[0]]
    sourced = any(ref in r.sources for r in new) or any(
        e.payload.type == "memory_updated" and ref in e.payload.add_sources for e in out.events)
    ids = echo_links(state, ref, turn.payload.text, named, embed, vectors, settings, answers=answers,
                     sourced=sourced)
    if ids:
        out.emit(MemoryEchoed(turn=ref, memory_ids=ids))
    for earlier, hit in earlier_echoes(state, ref.session_id, ref.turn_id, new, embed, vectors, settings):
        out.emit(MemoryEchoed(turn=earlier, memory_ids=hit))


class KnownPeople:
    """The people the subject's records introduce by whom they are to the speaker ("my friend Marit",
    "Noor's aunt Greta"): their names, lower case, kept current as records change
    (SubjectState.derived)."""

    def __init__(self, records: Iterable[MemoryRecord]):
        self.by_record: dict[str, frozenset[str]] = {}
        self.count: dict[str, int] = {}
        for r in records:
            self._add(r)

    def _add(self, r: MemoryRecord) -> None:
        names = frozenset(who for _, who in people_introduced(r.text or ""))
        if names:
            self.by_record[r.memory_id] = names
            for n in names:
                self.count[n] = self.count.get(n, 0) + 1

    def records_changed(self, state: SubjectState, memory_ids: Sequence[str]) -> None:
        for memory_id in memory_ids:
            for n in self.by_record.pop(memory_id, ()):
                self.count[n] -= 1
                if not self.count[n]:
                    del self.count[n]
            if (rec := state.records.get(memory_id)) is not None:
                self._add(rec)


def _as_own(sentence: str) -> str | None:
    """A sentence told of someone by name, as the speaker would say it of themselves ("Oddny is
    coeliac." -> "I am coeliac.", "Priya's running late" -> "I'm running late", "Pavel keeps bees" ->
    "I keep bees"), or None when it does not open with a name and a verb."""
    m = _TOLD_OF_NAMED.match(sentence)
    if m is None:
        return None
    verb = m.group("verb")
    low = verb.lower()
    own = {"is": "am", "'s": "'m", "’s": "’m", "has": "have", "does": "do", "was": "was"}.get(low)
    if own is None:
        own = (verb[:-3] + "y" if low.endswith("ies") else verb[:-2] if re.search(r"(?:sh|ch|x|ss|z|o)es$", low)
               else verb[:-1])
    return "I" + ("" if own.startswith(("'", "’")) else " ") + own + sentence[m.end("verb"):]


#: A sentence opening with a name and a verb ("Oddny is coeliac", "Pavel keeps bees", "Priya's ...").
_TOLD_OF_NAMED = re.compile(r"^\W*(?P<name>[A-Z][\w-]*)(?:(?=['’]s\b)|\s+)(?P<verb>['’]s|is|has|was|does|[a-z]+s)\b")


def _of_someone_known(state: SubjectState, text: str, name: str, at: datetime, meaning: Meaning | None,
                      settings: Settings) -> list[Candidate]:
    """What a turn no rule read tells of someone the speaker introduced before ("Marit is a vet",
    "Ayla is vegan" after "my friend Marit ...", "my niece Ayla ..."): kept as a plain observation, as
    a sentence naming them mid-way would be, where the same said by the speaker of themselves would
    be a standing statement of theirs ("I am coeliac.", "I keep bees."; not "I'm tired.", "I'm at
    school.", "I say hi"), which the rules and the classifier judge better in the first person, the
    form they read most. A sentence opening with a capitalised word not known as someone's name
    ("Coffee is great") is left as before."""
    from engine.extractor import extract
    from engine.summarizer import observation

    if meaning is None:
        return []
    derived = state.derived()
    known = derived.get("known_people")
    if known is None:
        known = derived["known_people"] = KnownPeople(state.records.values())
    if not known.count:
        return []
    out = []
    for sentence in split_sentences(text):
        m = _TOLD_OF_NAMED.match(sentence)
        if m is None or m.group("name").lower() not in known.count:
            continue
        own = _as_own(sentence)
        if own is None:
            continue
        standing = any(c.kind in ("fact", "preference", "constraint", "decision")
                       for c in extract(own, role="user", speaker=name, occurred_at=at))
        if ((standing or standing_statements(meaning, own, name, at, settings))
                and (c := observation(sentence, name, at, known_name=True)) is not None):
            out.append(c)
    return out


def warm_up(turns: Sequence[Event], settings: Settings, deciders: Deciders) -> dict[str, list[Candidate]]:
    """Embeds, in one batch, what deciding these turns will ask the meaning layer for: their
    candidates (and those with values masked) and the sentences that may be requests to forget or
    standing statements. Deciding then finds them in the embedder's cache, turn by turn: one batch
    costs a fraction of many one-text calls. Changes nothing else; skipping it changes no decision.

    Returns the candidates it read of each turn (by event id), for decide_turn not to read the
    turn again."""
    meaning = deciders.meaning if settings.decide_by_meaning else None
    if meaning is None:
        return {}
    from engine.meaning import change_cue, clauses, mask, mask_may_be_read

    read: dict[str, list[Candidate]] = {}
    texts: list[str] = []
    standing: list[tuple[str, str, datetime]] = []
    found_by: list[tuple[Candidate, str]] = []
    for turn in turns:
        p = turn.payload
        if p.type != "turn_received" or p.role != "user" or not p.text:
            continue
        name = (p.speaker or "").strip() or "User"
        said = plain_chat(p.text)  # as decide_turn reads it
        sentences = split_sentences(said)
        for x in map(_mend_request, sentences):
            if _may_ask_to_forget(x):  # as forget_requests asks the classifier
                texts.append(x)
                texts.extend(_formed_clauses(x))
        try:
            found = deciders.extract(said, role=p.role, speaker=p.speaker, occurred_at=turn.occurred_at,
                                     session_ttl=timedelta(hours=settings.session_ttl_hours),
                                     tz=settings.zone_of(turn.tenant_id, turn.user_id))
        except Exception:
            continue  # deciding the turn reports it
        read[turn.event_id] = found
        if found:
            for c in found:
                c = c if (plain := plain_negations(c.text)) == c.text else replace(c, text=plain)  # as recorded
                texts.append(c.text)
                found_by.append((c, name))
                if change_cue(c.text) == "strong":
                    texts.extend(clauses(c.text) + given_clause(c.text))  # relate compares a change's clauses
        elif standing_sentences := _standing_candidates(sentences):
            texts.extend(standing_sentences)
            standing.append((said, name, turn.occurred_at))
    if texts:
        meaning.vectors(list(dict.fromkeys(texts)))
    # Known once the first batch is classified, a second batch: the masked forms relate may read
    # (by the kind a candidate is typed as), a narrative's statements (each may be said again, or
    # a rule: read without the name that leads it), and what the classifier keeps of the standing
    # sentences, recorded in the third person.
    second: list[str] = []
    for (c, name), probs in zip(found_by, meaning.kinds([c.text for c, _ in found_by])):
        kind = c.kind if c.kind == "temporary_instruction" else _retyped(c, probs, settings, name).kind
        if mask_may_be_read(c.text, kind):
            second.append(mask(c.text, name))
        if c.kind != "temporary_instruction" and is_narrative(c.fields, c.text):
            said = readable(c.text, name)
            second.extend(said)
            if probs.get("constraint", 0.0) >= NARRATIVE_RULE_GATE:
                second.extend(_unled(c.text, name, said))
    for text, name, at in standing:
        for c in standing_statements(meaning, text, name, at, settings):
            second.extend((c.text, mask(c.text, name)))
    if second:
        meaning.vectors(list(dict.fromkeys(second)))
    return read


def decide_turn(state: SubjectState, turn: Event, settings: Settings,
                deciders: Deciders = OFFLINE, read: list[Candidate] | None = None) -> list[Event]:
    """`read`: what warm_up read of this turn's text with the same reader (not read again)."""
    p = turn.payload
    out = _Emitter(turn, deciders.version)
    for memory_id, reason in due_expiries(state, turn.session_id, turn.occurred_at):
        out.emit(MemoryExpired(memory_id=memory_id, reason=reason))
    for session_id in _idle_sessions(state, turn, settings):
        out.emit(_closing(state.sessions[session_id]), session_id=session_id)
    compacted = _compaction(state, turn.session_id or "", settings, deciders.summarize)
    if compacted is not None:
        out.emit(compacted)
    # A user's chat spellings written out ("im", "u", "pls", "tmrw"): what they say is decided
    # as the same words typed carefully would be.
    text = said = plain_chat(p.text) if p.role == "user" else p.text
    meaning = deciders.meaning if settings.decide_by_meaning else None
    requests: list[str] = []
    if text and meaning is not None and p.role == "user":
        requests, rest = forget_requests(meaning, text, settings)
        if requests:
            remembered = frozenset(t for r in state.records.values() if r.text and r.tier == "active" for t in terms(r.text))
            requests, rest = _with_antecedents(text, [_past_preamble(r) for r in requests], rest, remembered)
            # "The inspection date still stands": what the request leaves, said beside it
            keeps = [s for s in rest if _KEEP_SAID.search(s) or _KEEP_ASKED.search(s)]
            _forget_in_turn(state, turn, requests, meaning, settings, out, keeps=keeps)
            # no memory of its own, nor what the turn says of keeping it ("I'd rather that one
            # wasn't stored anywhere")
            rest = [s for s in rest if s not in keeps and not _STORAGE_TALK.search(s)]
        if requests or len(rest) < len(split_sentences(text)):
            text = " ".join(rest)  # the request itself is not a memory
    if text:
        candidates = list(read) if read is not None and text == said else deciders.extract(
            text,
            role=p.role,
            speaker=p.speaker,
            occurred_at=turn.occurred_at,
            session_ttl=timedelta(hours=settings.session_ttl_hours),
            tz=settings.zone_of(turn.tenant_id, turn.user_id),
        )
        name = (p.speaker or "").strip() or "User"
        if not candidates and p.role == "user":
            if meaning is not None:
                candidates = standing_statements(meaning, text, name, turn.occurred_at, settings)
            if not candidates and not requests:  # (a name asked to be forgotten in the turn is not known)
                candidates = _of_someone_known(state, text, name, turn.occurred_at, meaning, settings)
        elif meaning is not None and p.role == "user":
            # "Quit smoking!! three weeks clean today", "I weigh 74 kg. My goal is 100 kg": the rules
            # kept the second sentence only
            kept = [salient_terms(c.text, name) for c in candidates]
            candidates = _said_whole(list(candidates), [
                c for c in standing_statements(meaning, text, name, turn.occurred_at, settings, plain_only=True)
                if not _kept_already(salient_terms(c.text, name), kept)], name)
        if candidates:
            record_candidates(state, candidates, turn, out, settings, turn.event_id, speaker=name, meaning=meaning)
    if p.text:
        _link_echoes(state, turn, meaning, settings, out)
    return out.events
