"""What a forget must shred besides a memory's own key: every turn the forgotten content can still be
read from.

A memory's source turns are its provenance. Other turns may repeat it: the assistant's "Noted: no
<X> in your recipes.", the user saying it again in other words, a running-summary line made of such
a turn. Whether a sentence of a turn *echoes* a record is decided from structure first, then from
the record's distinctive terms and meaning (cosine of sentence embeddings):

  - **structure**: the turn that directly answers a source turn (the next turn of the other party in
    the session) and the turn a source turn answers (the previous one) are the likeliest echoes:
    such a turn echoes the record when one of its sentences shares two or more of the record's
    content words (speakers' names and generic words aside) and is `echo_reply_similarity` close;
  - **strong terms**: numbers of three or more digits that are not years, and words outside the
    embedder's vocabulary (invented, rare or foreign names: "Quorvex", "SK4721"). A sentence holding
    a strong term of the record that is rare among the subject's *other* records (a misspelling of
    a long one counts: edit distance 1, or 2 from eight letters) echoes it at
    `echo_term_similarity`, or at `echo_term_pair_similarity` when it shares another content word
    of the record too (the street's number, its "Lane");
  - **weak terms** (capitalised words of the common vocabulary: "Lane", "Lisbon", "Fitness") prove
    no more than other words: a sentence holding every distinctive term of the record (and another
    content word when that is one weak name), or half its content words, echoes it at
    `echo_weak_similarity`;
  - **meaning alone**: a sentence `echo_similarity` close to the record is a paraphrase.

A turn that is itself the source of another record that stays (a running-summary line is the text
of its turn's record) says something of its own: shared terms and a loose meaning do not shred it,
only meaning alone (`echo_similarity`); a turn repeating the forgotten record closer than that is
usually the source of a record erased with it. Sentences holding none of the above are not embedded at all. Without
the meaning layer (decide_by_meaning off) the terms decide alone.

Where echoes are found (history older than a session's window is only in the log, sealed, and a
forget cannot afford to read the log):

  - when a turn arrives, the processor links it to the existing records it echoes with a
    content-free `memory_echoed` event (the record's `echoes`); when the turn creates records, the
    session's readable window is checked against them too (an echo may come before its record: the
    assistant's question the user answers) and those turns are linked the same way. The decisions
    are logged, so replay never embeds again, and a log written before this rule replays as it was;
  - when a forget is decided, the window turns and running-summary lines still readable in the
    state are checked against each forgotten record;
  - other records that repeat a forgotten one are forgotten with it (`echo_of` names it): those
    that hold its distinctive terms and are `echo_similarity` close to it, or `forget_near_identical`
    close by meaning alone. A record only sharing a name or a rare word with it ("Elowen loves
    drawing" next to "Elowen starts school in Tarvik") says something else and stays: a bare term
    plus a loose meaning is enough to shred a raw turn, not to forget a memory the user did not name.

Sentence vectors are made with the embedder's cache off: a turn's vector never outlives the check.
"""
from __future__ import annotations

import re
from collections import Counter, OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Sequence

import numpy as np

from engine.extractor import split_sentences
from engine.settings import Settings
from engine.state import SubjectState, WindowTurn
from engine.statements import cut_from
from engine.summarizer import GENERIC_WORDS
from engine.textnorm import STOP_WORDS, _stem, term_set, terms
from schemas.records import MemoryRecord, TurnRef

#: Sentences of one turn that are checked (a pasted document is not read whole).
MAX_SENTENCES = 24
#: Content words a turn next to a source must share with the record to be compared as its echo.
REPLY_SHARED = 2
#: Consecutive turns of one party that the other party's next turn answers.
MAX_PROMPT_TURNS = 3

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-]*")
_SPEAKER = re.compile(r"^([^:\n]{1,60}):\s")
_GENERIC = frozenset(t for w in GENERIC_WORDS for t in terms(w)) | frozenset({"user", "assistant"})
_SENTENCE_START = re.compile(r"(?:^|[.!?:;(]\s*|\n)$")
#: Calendar words and years: the core writes resolved dates into many records ("(15 July 2023)"),
#: so they say when, not what.
_CALENDAR = frozenset(_stem(w) for w in """january february march april may june july august september october
november december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday
saturday sunday mon tue tues wed thu thur thurs fri sat sun today yesterday tomorrow weekend week month
year""".split())
_YEAR = re.compile(r"^(?:1[89]|20|21)\d\d$")

#: Embeds texts without keeping them in any cache: (texts) -> unit rows.
Embed = Callable[[Sequence[str]], np.ndarray]
RecordVectors = Callable[[Sequence[MemoryRecord]], np.ndarray]


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    """Whole words of the embedder's WordPiece vocabulary: a word outside it is rare."""
    from engine.tokens import _tokenizer

    return frozenset(w for w in _tokenizer().get_vocab() if w.isalpha())


def _speaker_words(text: str) -> tuple[str, frozenset[str]]:
    """(the text without a leading "Name: ", the name's terms)."""
    m = _SPEAKER.match(text)
    if not m:
        return text, frozenset()
    return text[m.end():], term_set(m.group(1))


def _out_of_vocabulary(lower: str) -> bool:
    vocab = _vocabulary()
    return lower.isalpha() and len(lower) >= 4 and lower.removesuffix("s") not in vocab and lower not in vocab


@lru_cache(maxsize=65_536)
def term_kinds(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(strong, weak) distinctive terms of a text, without its speaker's name, function words and
    dates. Strong: numbers of three or more characters that are not years, and words outside the
    embedder's vocabulary (invented, rare or foreign names). Weak: other names (words capitalised
    inside a sentence): "Lane", "Lisbon" identify less."""
    body, speaker = _speaker_words(text)
    strong, weak = set(), set()
    for m in _WORD.finditer(body):
        word = m.group(0)
        lower = word.lower().strip("'-")
        if not lower or lower in STOP_WORDS:
            continue
        lower = lower.removesuffix("'s")  # a possessive is its word: "Harlowe's" names Harlowe
        stem = _stem(lower)
        if stem in speaker or stem in _GENERIC or lower in speaker or stem in _CALENDAR or _YEAR.match(lower):
            continue
        if (any(c.isdigit() for c in lower) and len(lower) >= 3) or _out_of_vocabulary(lower):
            strong.add(stem)
        elif word[0].isupper() and not _SENTENCE_START.search(body[:m.start()]) and len(lower) >= 3:
            weak.add(stem)
    return frozenset(strong), frozenset(weak - strong)


def distinctive_terms(text: str) -> frozenset[str]:
    """The terms that identify what a record says: numbers, words outside the common vocabulary and
    names (capitalised inside a sentence), without its speaker's name and without function words."""
    strong, weak = term_kinds(text)
    return strong | weak


@lru_cache(maxsize=65_536)
def _content_terms(text: str) -> frozenset[str]:
    body, speaker = _speaker_words(text)
    return frozenset(t for t in term_set(body) if t not in speaker and t not in _GENERIC)


def clear_caches() -> None:
    """Forgotten text must not linger in process caches: these are keyed by text."""
    term_kinds.cache_clear()
    _content_terms.cache_clear()


def _within(a: str, b: str, limit: int) -> bool:
    """Whether the edit distance of a and b is at most `limit` (insert, delete, substitute)."""
    if abs(len(a) - len(b)) > limit:
        return False
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        if min(cur) > limit:
            return False
        prev = cur
    return prev[-1] <= limit


def _misspelling(word: str, term: str) -> bool:
    """A long invented word said slightly differently ("Velicott" for "Vellicot")."""
    shorter = min(len(word), len(term))
    if shorter < 6 or not word.isalpha() or not term.isalpha() or word[0] != term[0]:
        return False
    return _within(word, term, 2 if shorter >= 8 else 1)


@dataclass(frozen=True)
class _Target:
    memory_id: str
    text: str
    strong: frozenset[str]        # strong terms (rare or not: rarity is the subject's, read when matching)
    weak: frozenset[str]          # weak terms
    content: frozenset[str]       # content words, speakers' names aside
    words: frozenset[str]         # every term of its text (what counts against its own rarity)

    def distinctive(self, rarity: "Rarity | None", erased_words: Sequence[frozenset[str]]) -> tuple[frozenset[str], frozenset[str]]:
        """(its rare strong terms, its rare strong and weak terms) under the subject's rarity."""
        if rarity is None or not (self.strong or self.weak):
            return self.strong, self.strong | self.weak
        own = [self.words, *erased_words]
        strong = frozenset(t for t in self.strong if rarity.rare(t, own))
        return strong, strong | frozenset(t for t in self.weak if rarity.rare(t, own))


#: A term is distinctive of a record only when at most this many of the subject's other records
#: hold it (or this share of them, when that is more).
_MIN_RARE_RECORDS = 2
_RARE_SHARE = 0.02


class Rarity:
    """How many of the subject's records hold each term: a term said in many of them (the people
    they are about, recurring topics) identifies none of them. A record and the records erased with
    it do not count against their own terms."""

    def __init__(self, state: SubjectState, more: Iterable[MemoryRecord] = ()):
        self.df, n = state.term_counts(term_set)  # the subject's counts, kept current: read, never changed
        more = [r for r in more if r.text]
        self.extra: Counter = Counter()
        for rec in more:
            self.extra.update(term_set(rec.text))
        self.limit = max(_MIN_RARE_RECORDS, _RARE_SHARE * (n + len(more)))

    def rare(self, term: str, own: Iterable[frozenset[str]] = ()) -> bool:
        held = self.df.get(term, 0) + self.extra.get(term, 0)
        return held - sum(1 for words in own if term in words) <= self.limit


def speaker_terms(state: SubjectState) -> frozenset[str]:
    """Terms of the names that speak in the subject's readable windows: a record naming its holder
    ("Nia prefers oat milk") shares that name with every reply, which says nothing."""
    out: set[str] = set()
    for session in state.sessions.values():
        for turn in session.window:
            if turn.speaker:
                out.update(term_set(turn.speaker))
    return frozenset(out)


class EchoIndex:
    """The records a text is compared with, as targets (their strong and weak terms, content words)
    with postings: which records hold each term, and their long strong words by initial (for
    misspellings). Rarity is not part of it (it is the subject's, and read when matching), so the
    subject's index of all its records is kept on its state and updated record by record as they
    change (`cached_index`; engine.state.SubjectState.records_changed)."""

    def __init__(self, records: Iterable[MemoryRecord], speakers: frozenset[str] = frozenset(),
                 active_only: bool = False):
        self.speakers = speakers
        self.active_only = active_only
        self.records: dict[str, MemoryRecord] = {}
        self.targets: dict[str, _Target] = {}
        self.holders: dict[str, set[str]] = {}
        self.by_initial: dict[str, set[tuple[str, str]]] = {}
        for r in records:
            self.add(r)

    def add(self, r: MemoryRecord) -> None:
        if not r.text or (self.active_only and r.tier != "active"):
            return
        strong, weak = term_kinds(r.text)
        content = _content_terms(r.text)
        if self.speakers:
            strong, weak, content = strong - self.speakers, weak - self.speakers, content - self.speakers
        t = _Target(r.memory_id, r.text, strong, weak, content, term_set(r.text))
        self.records[r.memory_id] = r
        self.targets[r.memory_id] = t
        for term in t.content | t.strong | t.weak:
            self.holders.setdefault(term, set()).add(r.memory_id)
        for term in t.strong:
            if len(term) >= 6 and term.isalpha():
                self.by_initial.setdefault(term[0], set()).add((r.memory_id, term))

    def remove(self, memory_id: str) -> None:
        self.records.pop(memory_id, None)
        t = self.targets.pop(memory_id, None)
        if t is None:
            return
        for term in t.content | t.strong | t.weak:
            held = self.holders.get(term)
            if held is not None:
                held.discard(memory_id)
                if not held:
                    del self.holders[term]
        for term in t.strong:
            entries = self.by_initial.get(term[0])
            if entries is not None:
                entries.discard((memory_id, term))
                if not entries:
                    del self.by_initial[term[0]]

    def records_changed(self, state: SubjectState, memory_ids: Sequence[str]) -> None:
        for memory_id in memory_ids:
            self.remove(memory_id)
            rec = state.records.get(memory_id)
            if rec is not None:
                self.add(rec)


def cached_index(state: SubjectState, speakers: frozenset[str]) -> EchoIndex:
    """The subject's index of its active records with text, which an arriving turn is checked
    against: kept on the state and updated as records change (engine.state.SubjectState.derived);
    built again only when the speakers change. (A turn repeating a superseded or archived record is
    found when that record is forgotten, if it is still readable in a window or summary: `plan`.)"""
    derived = state.derived()
    idx = derived.get("echo_index")
    if idx is None or idx.speakers != speakers:
        idx = derived["echo_index"] = EchoIndex(state.records.values(), speakers=speakers, active_only=True)
    return idx


def echoed(texts: Sequence[str], records: Sequence[MemoryRecord] | EchoIndex, embed: Embed | None,
           record_vectors: RecordVectors | None, settings: Settings, rare: Rarity | None = None,
           alone: float | None = None, with_terms: float | None = None,
           replies: Sequence[Iterable[str]] | None = None, sourced: Sequence[bool] | None = None,
           erased: Sequence[MemoryRecord] = (), speakers: frozenset[str] = frozenset(),
           cascade: bool = False, allowed: Callable[[MemoryRecord], bool] | None = None) -> list[list[str]]:
    """For each text, the ids of the records it echoes (see the module's docstring), in record order.

    `records`: the records, or an EchoIndex of them (then `speakers` are its own); `allowed`: which of them count (None: all). `embed` embeds sentences uncached;
    `record_vectors` gives the records' embeddings. Both None: the terms decide alone. `rare`: the
    subject's Rarity (None: every term counts). `alone`: the cosine at which meaning alone decides
    (echo_similarity unless given); `with_terms`: the cosine that suffices with a strong term
    (echo_term_similarity unless given). `replies[i]`: ids of the records whose source turn text i
    answers or is answered by; `sourced[i]`: text i is the source of another record that stays.
    `erased`: records erased together (their repeats of a term do not make it common); `speakers`:
    terms of the names that speak. `cascade`: the texts are other records: only every distinctive
    term and `with_terms`, or meaning alone, decide."""
    alone = settings.echo_similarity if alone is None else alone
    with_terms = settings.echo_term_similarity if with_terms is None else with_terms
    weak_cos = settings.echo_weak_similarity
    pair_cos = settings.echo_term_pair_similarity
    reply_cos = settings.echo_reply_similarity
    if rare is not None and not isinstance(rare, Rarity):
        raise TypeError("rare must be an engine.erasure.Rarity")
    idx = records if isinstance(records, EchoIndex) else EchoIndex(records, speakers)
    targets = idx.targets
    out: list[list[str]] = [[] for _ in texts]
    if not targets or not texts:
        return out
    erased_words = [term_set(r.text) for r in erased if r.text]
    rare_terms: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def distinctive(m: str) -> tuple[frozenset[str], frozenset[str]]:
        if m not in rare_terms:
            rare_terms[m] = targets[m].distinctive(rare, erased_words)
        return rare_terms[m]
    vocab = _vocabulary()
    # Only sentences that share something with some record are compared at all.
    pairs: list[tuple[int, str, list[tuple[str, bool, bool, bool, bool, int]]]] = []
    for i, text in enumerate(texts):
        near_source = {m for m in (replies[i] if replies is not None else ()) if m in targets}
        own = sourced is not None and sourced[i]
        for sentence in split_sentences(text or "")[:MAX_SENTENCES]:
            words = term_set(sentence)
            candidates: set[str] = set()
            for w in words:
                candidates.update(idx.holders.get(w, ()))
            misspelt: dict[str, set[str]] = {}
            for w in words:
                if len(w) >= 6 and w.isalpha() and w not in vocab:
                    for m, term in idx.by_initial.get(w[0], ()):
                        if term != w and _misspelling(w, term):
                            misspelt.setdefault(m, set()).add(term)
            candidates.update(misspelt)
            near = []
            own_strong = term_kinds(sentence)[0]
            for j in sorted(candidates):
                t = targets[j]
                if j in misspelt or (t.strong | t.weak) & words or (t.strong and own_strong - t.words):
                    t_strong, t_distinctive = distinctive(j)
                else:  # none of its terms is said: which of them are rare changes nothing below
                    t_strong = t_distinctive = frozenset()
                said = t_strong & words
                fuzzy = (misspelt.get(j, set()) & t_strong) - said
                strong = bool(said or fuzzy)
                if t_strong and not strong and own_strong - t.words:
                    # It names other identifiers where the memory's would be ("my friend Oskar
                    # loves chess" next to "my friend Brannoc loves chess"): another fact, however
                    # alike the wording.
                    continue
                shared = len(t.content & words) + len(fuzzy)
                # every distinctive term: with another content word when they are one weak name
                every = bool(t_distinctive) and t_distinctive <= (words | fuzzy) and (shared >= 2 or bool(t_strong))
                reply = j in near_source and shared >= REPLY_SHARED
                half = shared >= max(2, (len(t.content) + 1) // 2)
                # Meaning alone decides a record, or a turn that is another record's source: a
                # paraphrase close enough to count shares half the content words.
                if (half or every) if cascade else half if own else (strong or every or reply or half):
                    if allowed is None or allowed(idx.records[t.memory_id]):
                        near.append((j, strong, every, reply, half, shared))
            if near:
                pairs.append((i, sentence, near))
    if not pairs:
        return out
    sims = None
    if embed is not None and record_vectors is not None:
        wanted = sorted({j for _, _, near in pairs for j, *_ in near})
        rec_vecs = np.asarray(record_vectors([idx.records[j] for j in wanted]), dtype=np.float32)
        col = {j: n for n, j in enumerate(wanted)}
        sent_vecs = np.asarray(embed([s for _, s, _ in pairs]), dtype=np.float32)
        sims = (sent_vecs @ rec_vecs.T, col)
    found: list[set[str]] = [set() for _ in texts]
    for row, (i, _, near) in enumerate(pairs):
        own = sourced is not None and sourced[i]
        for j, strong, every, reply, half, shared in near:
            cos = float(sims[0][row, sims[1][j]]) if sims is not None else None
            if cascade:
                hit = every if cos is None else (every and cos >= with_terms) or cos >= alone
            elif cos is None:
                hit = not own and (every or reply)  # terms alone: all of the memory's, or next to it
            elif own:
                # The source of another record that stays: only a paraphrase shreds it.
                hit = cos >= alone
            else:
                hit = (cos >= alone
                       or (strong and shared >= 2 and cos >= pair_cos)
                       or (strong and cos >= with_terms)
                       or (reply and cos >= reply_cos)
                       or cos >= weak_cos)
            if hit:
                found[i].add(j)
    for i, js in enumerate(found):
        out[i] = sorted(js)
    return out


def uncached(embedder) -> Embed:
    """Sentence vectors that no cache keeps (the turn may be forgotten later)."""
    return lambda texts: embedder.embed(list(texts), cache=False)


class SentenceVectors(OrderedDict):
    """Vectors of a subject's recent turn sentences, held on its in-memory state (never stored),
    so that a window turn checked again when a later turn records something (`earlier_echoes`) is
    not embedded again. It holds no more than the window's own readable text does: it is dropped
    whenever a turn's content is shredded or a record is removed, and with the state itself."""

    #: About three windows' worth of sentences (a window holds 20 turns by default).
    LIMIT = 128

    def records_changed(self, state: SubjectState, memory_ids: Sequence[str]) -> None:
        if any(m not in state.records for m in memory_ids):
            self.clear()  # something was forgotten or removed: keep no vector that could repeat it


def memo_embed(state: SubjectState, embed: Embed | None) -> Embed | None:
    """`embed` through the subject's SentenceVectors (see there)."""
    if embed is None:
        return None
    memo = state.derived().get("sentence_vectors")
    if memo is None:
        memo = state.derived()["sentence_vectors"] = SentenceVectors()

    def run(texts: Sequence[str]) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if t not in memo))
        if missing:
            for text, vec in zip(missing, np.asarray(embed(missing), dtype=np.float32)):
                memo[text] = vec
        out = np.stack([memo[t] for t in texts]) if texts else np.zeros((0, 0), dtype=np.float32)
        for t in texts:
            memo.move_to_end(t)
        while len(memo) > SentenceVectors.LIMIT:
            memo.popitem(last=False)
        return out

    return run


def record_vectors_of(embedder) -> RecordVectors:
    """Records' vectors by their text (the embedder's cache holds them already; a forgotten record's
    text leaves it through engine.runtime.drop_forgotten_texts)."""
    return lambda records: embedder.embed([r.text for r in records])


def _party(turn: WindowTurn) -> tuple[str, str]:
    return turn.role, (turn.speaker or "").strip().lower()


def neighbours(window: Sequence[WindowTurn], at: int) -> tuple[list[int], int | None]:
    """Around window[at]: (the turns it answers: the consecutive turns of the other party just
    before it, nearest first; the turn that answers it: the next turn, when the other party's)."""
    me = _party(window[at])
    before = []
    k = at - 1
    while k >= 0 and len(before) < MAX_PROMPT_TURNS and _party(window[k]) != me:
        before.append(k)
        k -= 1
    after = at + 1 if at + 1 < len(window) and _party(window[at + 1]) != me else None
    return before, after


@dataclass(frozen=True)
class Erasure:
    """What one forgotten record takes with it."""

    memory_id: str
    shredded_turns: list[TurnRef]
    echo_of: str | None = None


def history(state: SubjectState, memory_ids: Sequence[str]) -> list[str]:
    """The superseded records that hold what the records named held before: those each was cut
    from (engine.statements) and those it superseded, and theirs in turn, in memory-id order. A
    forgotten memory takes its older versions with it: they are the same memory, said before, and
    left readable (or re-derived from their turns) they would bring it back."""
    seen = set(memory_ids)
    found: list[str] = []
    frontier = list(memory_ids)
    while frontier:
        at = set(frontier)
        frontier = []
        for r in sorted(state.records.values(), key=lambda r: r.memory_id):
            if r.memory_id not in seen and r.tier == "superseded" and r.superseded_by in at:
                seen.add(r.memory_id)
                found.append(r.memory_id)
                frontier.append(r.memory_id)
        for m in sorted(at):
            for r in cut_from(state.records[m], state.records):
                if r.memory_id not in seen and r.tier == "superseded":
                    seen.add(r.memory_id)
                    found.append(r.memory_id)
                    frontier.append(r.memory_id)
    return found


def plan(state: SubjectState, memory_ids: Sequence[str], embed: Embed | None,
         record_vectors: RecordVectors | None, settings: Settings,
         also_shred: Sequence[TurnRef] = ()) -> list[Erasure]:
    """The records a forget of `memory_ids` erases and, for each, the turns it shreds: its sources,
    the turns linked as its echoes, and the window turns and running-summary lines of the subject
    that echo it now. Its older versions (`history`) and other records that echo a forgotten one
    are erased with it (`echo_of`).
    `also_shred`: turns shredded with the first record (the request's own turn)."""
    named = [m for m in dict.fromkeys(memory_ids) if m in state.records]
    if not named:
        return []
    named += history(state, named)
    targets = [state.records[m] for m in named]
    others = sorted((r for r in state.records.values() if r.text and r.memory_id not in set(named)),
                    key=lambda r: r.memory_id)
    rarity = Rarity(state)
    cascade: dict[str, str] = {}
    if others and any(t.text for t in targets):
        for rec, hits in zip(others, echoed([r.text for r in others], [t for t in targets if t.text], embed,
                                            record_vectors, settings, rarity, alone=settings.forget_near_identical,
                                            with_terms=settings.echo_similarity, cascade=True)):
            if hits:
                cascade[rec.memory_id] = hits[0]
    erased = targets + [state.records[m] for m in sorted(cascade)]
    erased_ids = {r.memory_id for r in erased}
    # Turns that stay the source of a record that is not erased say something of their own.
    kept_sources = {ref for r in state.records.values() if r.memory_id not in erased_ids for ref in r.sources}
    erased_sources: dict[TurnRef, set[str]] = {}
    for r in erased:
        for ref in r.sources:
            erased_sources.setdefault(ref, set()).add(r.memory_id)
    # The readable turns of the subject's sessions, and the summary lines made of turns.
    readable: list[tuple[TurnRef, str]] = []
    replies: list[set[str]] = []
    for sid in sorted(state.sessions):
        session = state.sessions[sid]
        window = session.window
        for k, t in enumerate(window):
            if not t.text:
                continue
            near: set[str] = set()
            before, after = neighbours(window, k)
            for n in [*before, *([after] if after is not None else [])]:
                near |= erased_sources.get(TurnRef(session_id=sid, turn_id=window[n].turn_id), set())
            readable.append((TurnRef(session_id=sid, turn_id=t.turn_id), t.text))
            replies.append(near)
        for item in session.summary:
            if item.text:
                readable.append((TurnRef(session_id=sid, turn_id=item.turn_id), item.text))
                replies.append(set())
    echoes_now: dict[str, list[TurnRef]] = {}
    with_text = [r for r in erased if r.text]
    if readable and with_text:
        hits_of = echoed([text for _, text in readable], with_text, embed, record_vectors, settings, rarity,
                         replies=[list(r) for r in replies], sourced=[ref in kept_sources for ref, _ in readable],
                         erased=with_text, speakers=speaker_terms(state))
        for (ref, _), hits in zip(readable, hits_of):
            for memory_id in hits:
                echoes_now.setdefault(memory_id, [])
                if ref not in echoes_now[memory_id]:
                    echoes_now[memory_id].append(ref)
    out = []
    for n, rec in enumerate(erased):
        turns: list[TurnRef] = []
        for ref in [*rec.sources, *rec.echoes, *echoes_now.get(rec.memory_id, ()), *(also_shred if n == 0 else ())]:
            if ref not in turns:
                turns.append(ref)
        out.append(Erasure(rec.memory_id, turns, cascade.get(rec.memory_id)))
    return out


def links(state: SubjectState, turn_ref: TurnRef, text: str | None, skip: set[str], embed: Embed | None,
          record_vectors: RecordVectors | None, settings: Settings,
          answers: Iterable[TurnRef] = (), sourced: bool = False) -> list[str]:
    """The existing records a newly arrived turn echoes (not those it is evidence of, nor `skip`).
    `answers`: the turns it answers (records sourced by them are compared as its neighbours');
    `sourced`: the turn is itself the source of records."""
    if not text or not state.records:
        return []
    idx = cached_index(state, speaker_terms(state))
    answered = set(answers)
    near = [m for ref in answered for m in state.derived_sources().get(ref, ())]

    # (a turn just arrived: it is no record's echo yet, and the projector keeps echoes distinct)
    excluded = set(skip) | set(state.derived_sources().get(turn_ref, ()))

    def allowed(r: MemoryRecord) -> bool:
        return r.memory_id not in excluded

    return echoed([text], idx, embed, record_vectors, settings, Rarity(state), replies=[near], sourced=[sourced],
                  allowed=allowed)[0]


def earlier_echoes(state: SubjectState, session_id: str, turn_id: str, new: Sequence[MemoryRecord],
                   embed: Embed | None, record_vectors: RecordVectors | None,
                   settings: Settings) -> list[tuple[TurnRef, list[str]]]:
    """The readable window turns of the session (before turn_id, the turn that recorded `new`) that
    echo the new records: (turn, record ids) in window order. An echo may come before the record it
    repeats ("Is your locker still 5512?" before "My locker is 5512.")."""
    session = state.sessions.get(session_id)
    new = [r for r in new if r.text]
    if session is None or not new:
        return []
    window = session.window
    at = next((k for k in range(len(window) - 1, -1, -1) if window[k].turn_id == turn_id), None)
    if at is None:
        return []
    prompts = set(neighbours(window, at)[0])
    sourced = state.derived_sources()
    rows = [k for k in range(at) if window[k].text]
    if not rows:
        return []
    ids = [r.memory_id for r in new]
    refs = [TurnRef(session_id=session_id, turn_id=window[k].turn_id) for k in rows]
    # Rarity with the new records counted: they are the subject's now.
    rarity = Rarity(state, new)
    hits = echoed([window[k].text for k in rows], new, embed, record_vectors, settings, rarity,
                  replies=[ids if k in prompts else [] for k in rows], sourced=[ref in sourced for ref in refs],
                  speakers=speaker_terms(state))
    return [(ref, h) for ref, h in zip(refs, hits) if h]
