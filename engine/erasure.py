"""What a forget must shred besides a memory's own key: every turn the forgotten content can still be
read from.

A memory's source turns are its provenance. Other turns may repeat it: the assistant's "Noted: no
<X> in your recipes.", the user saying it again in other words, a running-summary line made of such
a turn. A turn *echoes* a record when one of its sentences

  - holds every one of the record's distinctive terms (rare words, names, numbers: what identifies
    it) and is at least `echo_term_similarity` close to it in meaning, or
  - is at least `echo_similarity` close to it in meaning alone (a paraphrase),

and holds the distinctive terms or at least half (two or more) of the record's content words (other
sentences are not embedded at all: a paraphrase close enough to count shares that much).
Without the meaning layer (decide_by_meaning off) the distinctive terms decide alone.

Where echoes are found (history older than a session's window is only in the log, sealed, and a
forget cannot afford to read the log):

  - when a turn arrives, the processor links it to the existing records it echoes with a
    content-free `memory_echoed` event (the record's `echoes`); the decision is logged, so replay
    never embeds again;
  - when a forget is decided, the window turns and running-summary lines still readable in the
    state are checked against each forgotten record (they may precede the record they echo);
  - other records that repeat a forgotten one are forgotten with it (`echo_of` names it): those
    that hold its distinctive terms and are `echo_similarity` close to it, or `forget_near_identical`
    close by meaning alone. A record only sharing a name or a rare word with it ("Elowen loves
    drawing" next to "Elowen starts school in Tarvik") says something else and stays: a bare term
    plus a loose meaning is enough to shred a raw turn, not to forget a memory the user did not name.

Sentence vectors are made with the embedder's cache off: a turn's vector never outlives the check.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Sequence

import numpy as np

from engine.extractor import split_sentences
from engine.settings import Settings
from engine.state import SubjectState
from engine.summarizer import GENERIC_WORDS
from engine.textnorm import STOP_WORDS, _stem, term_set, terms
from schemas.records import MemoryRecord, TurnRef

#: Sentences of one turn that are checked (a pasted document is not read whole).
MAX_SENTENCES = 24

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


@lru_cache(maxsize=65_536)
def distinctive_terms(text: str) -> frozenset[str]:
    """The terms that identify what a record says: numbers, words outside the common vocabulary and
    names (capitalised inside a sentence), without its speaker's name and without function words."""
    body, speaker = _speaker_words(text)
    vocab = _vocabulary()
    out = set()
    for m in _WORD.finditer(body):
        word = m.group(0)
        lower = word.lower().strip("'-")
        if not lower or lower in STOP_WORDS:
            continue
        stem = _stem(lower.removesuffix("'s"))
        if stem in speaker or stem in _GENERIC or lower in speaker or stem in _CALENDAR or _YEAR.match(lower):
            continue
        number = any(c.isdigit() for c in lower)
        rare = lower.isalpha() and len(lower) >= 4 and lower.removesuffix("s") not in vocab and lower not in vocab
        named = word[0].isupper() and not _SENTENCE_START.search(body[:m.start()]) and len(lower) >= 3
        if (number and len(lower) >= 3) or rare or named:
            out.add(stem)
    return frozenset(out)


def _content_terms(text: str) -> frozenset[str]:
    body, speaker = _speaker_words(text)
    return frozenset(t for t in term_set(body) if t not in speaker and t not in _GENERIC)


@dataclass(frozen=True)
class _Target:
    memory_id: str
    text: str
    distinctive: frozenset[str]
    content: frozenset[str]


#: A term is distinctive of a record only when at most this many of the subject's records hold it
#: (or this share of them, when that is more).
_MIN_RARE_RECORDS = 5
_RARE_SHARE = 0.02


def subject_terms(state: SubjectState) -> Callable[[str], bool]:
    """Whether a term is rare among the subject's records: a term said in many of them (the people
    they are about, recurring topics) identifies none of them."""
    df: Counter = Counter()
    n = 0
    for rec in state.records.values():
        if rec.text:
            n += 1
            df.update(term_set(rec.text))
    limit = max(_MIN_RARE_RECORDS, _RARE_SHARE * n)
    return lambda term: df[term] <= limit


def _targets(records: Iterable[MemoryRecord], rare: Callable[[str], bool] | None) -> list[_Target]:
    out = []
    for r in records:
        if r.text:
            distinctive = distinctive_terms(r.text)
            if rare is not None:
                distinctive = frozenset(t for t in distinctive if rare(t))
            out.append(_Target(r.memory_id, r.text, distinctive, _content_terms(r.text)))
    return out


def echoed(texts: Sequence[str], records: Sequence[MemoryRecord], embed: Embed | None,
           record_vectors: Callable[[Sequence[MemoryRecord]], np.ndarray] | None,
           settings: Settings, rare: Callable[[str], bool] | None = None,
           alone: float | None = None, with_terms: float | None = None) -> list[list[str]]:
    """For each text, the ids of the records it echoes (see the module's docstring), in record order.

    `embed` embeds sentences uncached; `record_vectors` gives the records' embeddings. Both None:
    the distinctive terms decide alone. `rare` (subject_terms): which terms are rare among the
    subject's records; only those are distinctive. `alone`: the cosine at which meaning alone
    decides (echo_similarity unless given); `with_terms`: the cosine that suffices when the
    distinctive terms are there (echo_term_similarity unless given)."""
    alone = settings.echo_similarity if alone is None else alone
    with_terms = settings.echo_term_similarity if with_terms is None else with_terms
    targets = _targets(records, rare)
    out: list[list[str]] = [[] for _ in texts]
    if not targets or not texts:
        return out
    # Only sentences that share a content word with some record are compared at all.
    pairs: list[tuple[int, str, frozenset[str], list[int]]] = []
    for i, text in enumerate(texts):
        for sentence in split_sentences(text or "")[:MAX_SENTENCES]:
            words = term_set(sentence)
            # Compared by meaning only when it holds the record's distinctive terms, or at least half
            # (two or more) of its content words: a paraphrase close enough to count does.
            near = [j for j, t in enumerate(targets)
                    if (t.distinctive and t.distinctive <= words)
                    or len(t.content & words) >= max(2, (len(t.content) + 1) // 2)]
            if near:
                pairs.append((i, sentence, words, near))
    if not pairs:
        return out
    sims = None
    if embed is not None and record_vectors is not None:
        wanted = sorted({j for _, _, _, near in pairs for j in near})
        by_id = {r.memory_id: r for r in records}
        rec_vecs = np.asarray(record_vectors([by_id[targets[j].memory_id] for j in wanted]), dtype=np.float32)
        col = {j: n for n, j in enumerate(wanted)}
        sent_vecs = np.asarray(embed([s for _, s, _, _ in pairs]), dtype=np.float32)
        sims = (sent_vecs @ rec_vecs.T, col)
    found: list[set[int]] = [set() for _ in texts]
    for row, (i, _, words, near) in enumerate(pairs):
        for j in near:
            t = targets[j]
            by_terms = bool(t.distinctive) and t.distinctive <= words
            if sims is None:
                hit = by_terms
            else:
                cos = float(sims[0][row, sims[1][j]])
                hit = (by_terms and cos >= with_terms) or cos >= alone
            if hit:
                found[i].add(j)
    for i, js in enumerate(found):
        out[i] = [targets[j].memory_id for j in sorted(js)]
    return out


def uncached(embedder) -> Embed:
    """Sentence vectors that no cache keeps (the turn may be forgotten later)."""
    return lambda texts: embedder.embed(list(texts), cache=False)


def record_vectors_of(embedder) -> Callable[[Sequence[MemoryRecord]], np.ndarray]:
    """Records' vectors by their text (the embedder's cache holds them already; a forgotten record's
    text leaves it through engine.runtime.drop_forgotten_texts)."""
    return lambda records: embedder.embed([r.text for r in records])


@dataclass(frozen=True)
class Erasure:
    """What one forgotten record takes with it."""

    memory_id: str
    shredded_turns: list[TurnRef]
    echo_of: str | None = None


def plan(state: SubjectState, memory_ids: Sequence[str], embed: Embed | None,
         record_vectors: Callable[[Sequence[MemoryRecord]], np.ndarray] | None, settings: Settings,
         also_shred: Sequence[TurnRef] = ()) -> list[Erasure]:
    """The records a forget of `memory_ids` erases and, for each, the turns it shreds: its sources,
    the turns linked as its echoes, and the window turns and running-summary lines of the subject
    that echo it now. Other records that echo a forgotten one are erased with it (`echo_of`).
    `also_shred`: turns shredded with the first record (the request's own turn)."""
    named = [m for m in dict.fromkeys(memory_ids) if m in state.records]
    if not named:
        return []
    targets = [state.records[m] for m in named]
    others = sorted((r for r in state.records.values() if r.text and r.memory_id not in set(named)),
                    key=lambda r: r.memory_id)
    rare = subject_terms(state)
    cascade: dict[str, str] = {}
    if others and any(t.text for t in targets):
        for rec, hits in zip(others, echoed([r.text for r in others], [t for t in targets if t.text], embed,
                                            record_vectors, settings, rare, alone=settings.forget_near_identical,
                                            with_terms=settings.echo_similarity)):
            if hits:
                cascade[rec.memory_id] = hits[0]
    erased = targets + [state.records[m] for m in sorted(cascade)]
    # The readable turns of the subject's sessions, and the summary lines made of turns.
    readable: list[tuple[TurnRef, str]] = []
    for sid in sorted(state.sessions):
        session = state.sessions[sid]
        readable.extend((TurnRef(session_id=sid, turn_id=t.turn_id), t.text) for t in session.window if t.text)
        readable.extend((TurnRef(session_id=sid, turn_id=i.turn_id), i.text) for i in session.summary if i.text)
    echoes_now: dict[str, list[TurnRef]] = {}
    with_text = [r for r in erased if r.text]
    if readable and with_text:
        for (ref, _), hits in zip(readable, echoed([text for _, text in readable], with_text, embed,
                                                  record_vectors, settings, rare, alone=None)):
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
          record_vectors: Callable[[Sequence[MemoryRecord]], np.ndarray] | None,
          settings: Settings) -> list[str]:
    """The existing records a newly arrived turn echoes (not those it is evidence of, nor `skip`)."""
    if not text:
        return []
    records = sorted((r for r in state.records.values()
                      if r.text and r.memory_id not in skip and turn_ref not in r.sources
                      and turn_ref not in r.echoes), key=lambda r: r.memory_id)
    if not records:
        return []
    return echoed([text], records, embed, record_vectors, settings, subject_terms(state))[0]
