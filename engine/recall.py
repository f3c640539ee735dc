"""Hybrid recall over one subject's records: dense cosine (MiniLM) plus BM25 keywords, re-ranked with
the keep score. Per-subject data sits in contiguous arrays so a query is a few vector operations.

Only active, unexpired records at or below the permitted privacy level are ever returned.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from engine.dates import MONTH_NAMES, resolve_dates
from engine.scoring import record_keep_score
from engine.settings import Settings
from engine.textnorm import term_set, terms
from schemas.common import PRIVACY_ORDER
from schemas.records import MemoryRecord

_K1 = 1.2
_B = 0.75


@dataclass(frozen=True)
class Scored:
    record: MemoryRecord
    score: float
    relevance: float
    dense: float
    keyword: float
    keep: float


class SubjectIndex:
    """Built from the records' embeddings; rebuilt by the owner when the subject's state changes."""

    def __init__(self, records: list[MemoryRecord], vectors: np.ndarray):
        self.records = records
        self.vectors = vectors.astype(np.float32, copy=False)
        self.postings: dict[str, list[tuple[int, int]]] = {}
        lengths = np.zeros(len(records), dtype=np.float32)
        for i, rec in enumerate(records):
            doc_terms = terms(rec.text or "")
            lengths[i] = len(doc_terms)
            counts: dict[str, int] = {}
            for term in doc_terms:
                counts[term] = counts.get(term, 0) + 1
            for term, tf in counts.items():
                self.postings.setdefault(term, []).append((i, tf))
        self.lengths = lengths
        # Whom each record is about: the name it starts with ("Priya went ...", "Priya: We ...").
        self.about = [person_of(rec.text or "") for rec in records]
        self.names = frozenset(a for a in self.about if a)
        # The people the memories are mostly about (the user, the people they talk with): a record
        # about one of them does not answer a question about another.
        self.participants = participants(self.about)
        # A record that starts with when ("Last Friday (23 June 2023), Priya went ...") is about
        # the first participant it names.
        self.about = [a if a in self.participants else first_participant(rec.text or "", self.participants) or a
                      for a, rec in zip(self.about, records)]
        self.said = np.array([rec.created_at.timestamp() for rec in records], dtype=np.float64)
        self.happened = np.array([(rec.happened_at or rec.created_at).timestamp() for rec in records],
                                 dtype=np.float64)
        self.dated = np.array([rec.kind == "episode" or bool(_HAS_DATE.search(rec.text or "")) for rec in records])
        self.avg_len = float(lengths.mean()) if len(records) else 0.0
        self.privacy = np.array([PRIVACY_ORDER[r.privacy_level] for r in records], dtype=np.int8)
        self.expires = np.array(
            [r.expires_at.timestamp() if r.expires_at else math.inf for r in records], dtype=np.float64
        )

    def bm25(self, query: str) -> np.ndarray:
        scores = np.zeros(len(self.records), dtype=np.float32)
        n = len(self.records)
        if n == 0:
            return scores
        for term in sorted(set(terms(query))):  # fixed order: float sums must not vary by run
            posting = self.postings.get(term)
            if not posting:
                continue
            idf = math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            for i, tf in posting:
                norm = tf + _K1 * (1 - _B + _B * self.lengths[i] / (self.avg_len or 1.0))
                scores[i] += idf * tf * (_K1 + 1) / norm
        return scores

    def search(self, query: str, query_vec: np.ndarray | None, k: int, now: datetime,
               settings: Settings, max_privacy: str | None = None,
               kinds: set[str] | None = None, min_relevance: float | None = None) -> list[Scored]:
        """The k best records by relevance re-ranked with the keep score; `min_relevance` (default
        the `recall_min_relevance` setting) is the floor under which a record is not returned."""
        if not self.records:
            return []
        allowed = (self.privacy <= PRIVACY_ORDER[max_privacy or settings.recall_max_privacy]) & (
            self.expires > now.timestamp()
        )
        if kinds is not None:
            allowed &= np.array([r.kind in kinds for r in self.records])
        if query_vec is None:
            dense = np.zeros(len(self.records), dtype=np.float32)
        elif query_vec.ndim == 2:  # the query said more than one way: its best match counts
            dense = np.clip((self.vectors @ query_vec.T).max(axis=1), 0.0, 1.0)
        else:
            dense = np.clip(self.vectors @ query_vec, 0.0, 1.0)
        raw_kw = self.bm25(query)
        # Bounded and absolute (a weak match stays weak), nearly linear over the usual range.
        keyword = raw_kw / (raw_kw + settings.recall_keyword_saturation)
        relevance = settings.recall_dense_weight * dense + settings.recall_keyword_weight * keyword
        relevance = relevance + self._rerank(query, now, settings)
        relevance = np.where(allowed, relevance, -1.0)
        # Re-rank a generous candidate set with the keep score, then cut to k.
        pool = min(len(self.records), max(k * 4, 32))
        top = np.argpartition(-relevance, pool - 1)[:pool] if pool < len(self.records) else np.arange(len(self.records))
        out = []
        kw = settings.recall_keep_weight
        for i in top:
            rel = float(relevance[i])
            if rel < (settings.recall_min_relevance if min_relevance is None else min_relevance):
                continue
            rec = self.records[i]
            keep = record_keep_score(rec, now, settings)
            score = (1 - kw) * rel + kw * max(0.0, min(1.0, keep))
            out.append(Scored(rec, score, rel, float(dense[i]), float(keyword[i]), keep))
        out.sort(key=lambda s: (-s.score, s.record.memory_id))
        return out[:k]


    def people_named(self, query: str) -> set[str]:
        """The people of these memories a query names ("Mel" names Odette when she is the only
        participant it starts)."""
        named = set()
        for w in _NAME_WORD.findall(query):
            if w in self.names:
                named.add(w)
            elif len(w) >= 3:
                starts = [n for n in self.participants if n.startswith(w)]
                if len(starts) == 1:
                    named.add(starts[0])
        return named

    def _rerank(self, query: str, now: datetime, settings: Settings) -> np.ndarray:
        """Shifts relevance by what the query says beyond its words:

        - whom it asks about: records about a person the query names rise, records about another
          known person sink ("What did Priya paint?" is not answered by what Odette painted);
        - when: a query naming a time ("last year", "in May 2023") favours records said or
          happened then; a "when" question favours records that carry a date.
        """
        shift = np.zeros(len(self.records), dtype=np.float32)
        if not query.strip() or not self.records:
            return shift
        named = self.people_named(query)
        if named:
            about = np.array([a in named for a in self.about])
            other = np.array([a in self.participants and a not in named for a in self.about])
            shift += settings.recall_person_weight * (about.astype(np.float32) - other.astype(np.float32))
        span = _query_span(query, now)
        if span is not None:
            start, end = span
            inside = ((self.happened >= start) & (self.happened < end)) | ((self.said >= start) & (self.said < end))
            shift += settings.recall_time_weight * inside.astype(np.float32)
        elif _WHEN.search(query):
            shift += settings.recall_time_weight * self.dated.astype(np.float32)
        if _RECENT.search(query) and len(self.records) > 1:
            # "recently", "lately", "latest": the newer a record, the more it is what was asked.
            first, last = float(self.happened.min()), float(self.happened.max())
            if last > first:
                shift += settings.recall_time_weight * ((self.happened - first) / (last - first)).astype(np.float32)
        return shift


_NAME_WORD = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)?\b")
_ABOUT = re.compile(r"^([A-Z][a-z]+)(?=\s|:|'s\b)")
_HAS_DATE = re.compile(r"\((?:[^()]*\d{4})\)")
_RECENT = re.compile(r"\b(?:recent(?:ly)?|lately|latest|these\s+days|nowadays|currently|now)\b", re.I)
_WHEN = re.compile(r"^\s*(?:when|what\s+(?:year|month|date|day|time)|how\s+long\s+ago|since\s+when)\b", re.I)


_FIRST_PERSON_QUERY = re.compile(r"\b(?:I|I'm|I've|I'd|me|my|mine|myself)\b")
_TOLD_AS = ((re.compile(r"\bam I\b", re.I), "is {n}"), (re.compile(r"\bI'm\b|\bI am\b"), "{n} is"),
            (re.compile(r"\bI've\b"), "{n} has"), (re.compile(r"\bI'd\b"), "{n} would"),
            (re.compile(r"\b(do|did) I\b", re.I), "\\1 {n}"), (re.compile(r"\bmy\b", re.I), "{n}'s"),
            (re.compile(r"\bmine\b", re.I), "{n}'s"), (re.compile(r"\b(?:me|myself)\b", re.I), "{n}"),
            (re.compile(r"\bI\b"), "{n}"))


def as_told_of(query: str, index: "SubjectIndex") -> str | None:
    """A first-person question ("What do I do for work?") told of the one person whose memories
    these are ("What do Dev do for work?"), the way the records are written; None when the query
    is not in the first person or the memories lead with more than one name."""
    if len(index.names) != 1 or not _FIRST_PERSON_QUERY.search(query):
        return None
    name = next(iter(index.names))
    if name == "User":
        return None  # no name was given: "User" is a placeholder, not how anyone asks
    out = query
    for pattern, repl in _TOLD_AS:
        out = pattern.sub(repl.replace("{n}", name), out)
    return out if out != query else None


def participants(leads: list[str | None]) -> frozenset[str]:
    """The names that lead at least 3 records and a tenth of them: the people whose memories
    these are (a capitalised first word such as "Next" or "Painting" is not one)."""
    counts: dict[str, int] = {}
    for a in leads:
        if a:
            counts[a] = counts.get(a, 0) + 1
    return frozenset(a for a, n in counts.items() if n >= max(3, 0.1 * len(leads)))


def first_participant(text: str, known: frozenset[str]) -> str | None:
    for m in _NAME_WORD.finditer(text):
        if m.group(0) in known:
            return m.group(0)
    return None


def person_of(text: str) -> str | None:
    """Whom a record is about: the name it starts with ("Priya went ...", "Priya: We ...")."""
    m = _ABOUT.match(text)
    return m.group(1) if m else None


def _query_span(query: str, now: datetime) -> tuple[float, float] | None:
    """The period a query names, resolved at `now` ("last year" -> that year), as timestamps."""
    text, when = resolve_dates(query, now)
    if when is None:
        return None
    added = text
    if re.search(r"\(week of ", added):
        days = 7
    elif re.search(r"\(weekend of ", added):
        days = 2
    elif re.search(r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:" + "|".join(MONTH_NAMES) + r")\b|\b(?:" + "|".join(MONTH_NAMES)
                   + r")\s+\d{1,2}(?:st|nd|rd|th)?\b", added, re.I):
        days = 1
    elif re.search(r"\b(?:" + "|".join(MONTH_NAMES) + r")\b", added, re.I):
        days = 31
    else:
        days = 366
    start = when.timestamp()
    return start, start + days * 86_400


def erasure_matches(index: SubjectIndex, query: str, query_vec: np.ndarray | None,
                    settings: Settings) -> list[str]:
    """Ids a "forget ... <query>" request names, in every tier (archived and superseded copies are
    erased too). Erasure cannot be undone, so a record must name what the query names: it holds
    at least `forget_term_coverage` of the query's content words and means something close
    (`forget_min_similarity`), or means nearly the same (`forget_near_identical`). "I live in
    Lisbon" does not erase "lives in Porto"; "allergic to shellfish" does not erase peanuts."""
    wanted = term_set(query)
    if not index.records or not wanted:
        return []
    dense = (np.clip(index.vectors @ query_vec, 0.0, 1.0) if query_vec is not None
             else np.zeros(len(index.records), dtype=np.float32))
    out = []
    for i in np.argsort(-dense, kind="stable"):
        rec = index.records[i]
        coverage = len(wanted & term_set(rec.text or "")) / len(wanted)
        sim = float(dense[i])
        if (coverage >= settings.forget_term_coverage and sim >= settings.forget_min_similarity) or (
            sim >= settings.forget_near_identical
        ):
            out.append(rec.memory_id)
    return out
