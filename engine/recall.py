"""Hybrid recall over one subject's records: dense cosine (MiniLM) plus BM25 keywords, re-ranked with
the keep score. Per-subject data sits in arrays by slot, kept incrementally as records come, change
and go, so a query is a few vector operations and a change never rebuilds the index.

Only active, unexpired records at or below the permitted privacy level are ever returned.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from engine.dates import MONTH_NAMES, resolve_dates
from engine.keyword_index import KeywordIndex, grown
from engine.scoring import record_keep_score
from engine.settings import Settings
from engine.textnorm import LOWER, UPPER, term_set
from engine.vector_index import VectorStore, exact_scores
from schemas.common import PRIVACY_ORDER
from schemas.records import MemoryRecord

_ANN_POOL = 200  # dense neighbours asked of the graph (at least twice the re-rank pool)
_SLACK = 1e-5  # float32 rounding between the bound's sums and the exact ones


@dataclass(frozen=True)
class Scored:
    record: MemoryRecord
    score: float
    relevance: float
    dense: float
    keyword: float
    keep: float


def recallable(record: MemoryRecord) -> bool:
    """What recall may return: active records with text."""
    return record.tier == "active" and bool(record.text)


def points_on(record: MemoryRecord) -> bool:
    """An earlier version of a memory: superseded, with its text still readable. Recall never
    returns it, but reads it to find the version that replaced it ("my car's service is on the
    12th", then "they pushed it back to the 25th": the update no longer names the car)."""
    return record.tier == "superseded" and bool(record.text) and bool(record.superseded_by)


def indexed(record: MemoryRecord) -> bool:
    """What a runtime hands the recall index: records recall returns and earlier versions of them."""
    return recallable(record) or points_on(record)


class SubjectIndex:
    """One subject's records for recall, kept incrementally by `upsert` and `remove`.

    Every record sits in a slot; each per-record value (float16 embedding, length, when it was said
    and happened, expiry, privacy, kind, whom it is about) lives in a numpy array indexed by slot,
    so a query is a few vector operations over all of them. A removed record frees its slot for the
    next one (and the arrays are compacted when most slots are free). Reinforcement and other
    metadata changes only rewrite a slot's values: nothing is rebuilt. The keep score reads the
    record object itself, which the index holds by id.

    Results after any sequence of updates equal those of a fresh build over the same records: every
    value is computed per record, and ties go to the lower memory_id.
    """

    def __init__(self, records: list[MemoryRecord], vectors: np.ndarray, *, earlier: bool = False):
        """Indexes `records` as given, but for earlier versions of memories (`points_on`), which go
        to a second index of their own that recall reads to lift the version now current;
        `vectors` holds their embeddings in the same order. `earlier`: this is that second index
        (it holds what `points_on` accepts, and has no second index itself)."""
        vectors = np.asarray(vectors)
        self._earlier = earlier
        self._member = points_on if earlier else recallable
        self._past: SubjectIndex | None = None
        if not earlier and any(points_on(r) for r in records):
            ahead = [j for j, r in enumerate(records) if points_on(r)]
            rest = [j for j, r in enumerate(records) if not points_on(r)]
            self._past = SubjectIndex([records[j] for j in ahead], vectors[ahead], earlier=True)
            records = [records[j] for j in rest]
            vectors = vectors[rest] if len(rest) else np.zeros((0,) + vectors.shape[1:], dtype=vectors.dtype)
        self._vec = VectorStore(vectors.shape[1] if vectors.ndim == 2 and vectors.shape[1] else 384)
        self._kw = KeywordIndex()
        self._slot: dict[str, int] = {}
        self._recs: list[MemoryRecord | None] = []
        self._texts: list[str | None] = []
        self._mentions: list[tuple[str, ...]] = []
        self._free: list[int] = []
        self._size = 0  # slots in use or free; the arrays hold at least this many
        self._live = np.zeros(0, dtype=bool)
        self._said = np.zeros(0, dtype=np.float64)
        self._happened = np.zeros(0, dtype=np.float64)
        self._expires = np.zeros(0, dtype=np.float64)
        self._privacy = np.zeros(0, dtype=np.int8)
        self._kind = np.zeros(0, dtype=np.int16)
        self._dated = np.zeros(0, dtype=bool)
        self._lead = np.zeros(0, dtype=np.int32)  # code of the name a record starts with, -1 for none
        self._about = np.zeros(0, dtype=np.int32)  # code of the person it is about, -1 for none
        self._kind_codes: dict[str, int] = {}
        self._name_codes: dict[str, int] = {}
        self._name_list: list[str] = []
        self._lead_counts: dict[str, int] = {}
        self._participants: frozenset[str] = frozenset()
        self._people_dirty = False
        self._insert_many(list(records), vectors)
        self._refresh_people()

    # -- updates -------------------------------------------------------------------------------
    def upsert(self, record: MemoryRecord, vector: np.ndarray | None = None) -> bool:
        """Brings the index in line with `record`; returns whether it is indexed afterwards.

        A record that is not recallable (archived, superseded, without text) leaves the index; an
        earlier version of a memory (`points_on`) moves to the index of earlier versions. A
        record already indexed with the same text keeps its slot and embedding; only its values are
        rewritten (use, importance, expiry, privacy, kind, tier). A new or reworded record needs
        its `vector`."""
        memory_id = record.memory_id
        if not self._earlier:
            if points_on(record):
                if vector is None and memory_id in self._slot:
                    vector = self._vec.rows[self._slot[memory_id]].copy()
                self._drop(memory_id)
                if self._past is None:
                    self._past = SubjectIndex([], np.zeros((0, self._vec.dim), dtype=np.float16), earlier=True)
                self._past.upsert(record, vector)
                return False
            if self._past is not None:
                self._past.remove(memory_id)
        if not self._member(record):
            self._drop(memory_id)
            return False
        slot = self._slot.get(memory_id)
        if slot is not None and self._texts[slot] == record.text:
            self._recs[slot] = record
            self._write_values(slot, record)
            if vector is not None and not np.array_equal(self._vec.rows[slot], np.asarray(vector, dtype=np.float16)):
                self._vec.put(slot, vector)  # a new embedding of the same words (a model upgrade)
            return True
        if vector is None:
            raise ValueError(f"memory {memory_id} is new or reworded: pass its embedding")
        if slot is not None:
            self.remove(memory_id)
        self._insert(record, vector)
        return True

    def remove(self, memory_id: str) -> bool:
        """Takes a record out (forgotten, expired, merged, archived), as an earlier version too;
        False when it was not in."""
        dropped = self._past is not None and self._past.remove(memory_id)
        return self._drop(memory_id) or dropped

    def _drop(self, memory_id: str) -> bool:
        slot = self._slot.pop(memory_id, None)
        if slot is None:
            return False
        self._kw.remove(slot)
        self._vec.clear(slot)
        lead = self._lead[slot]
        if lead >= 0:
            name = self._name_list[lead]
            self._lead_counts[name] -= 1
            if not self._lead_counts[name]:
                del self._lead_counts[name]
        self._recs[slot] = self._texts[slot] = None
        self._mentions[slot] = ()
        self._live[slot] = False
        self._lead[slot] = self._about[slot] = -1
        self._free.append(slot)
        self._people_dirty = True
        if len(self._free) > 1024 and len(self._free) > len(self._slot):
            self._compact()
        return True

    def __len__(self) -> int:
        return len(self._slot)

    def __contains__(self, memory_id: object) -> bool:
        return memory_id in self._slot

    def get(self, memory_id: str) -> MemoryRecord | None:
        slot = self._slot.get(memory_id)
        return None if slot is None else self._recs[slot]

    @property
    def nbytes(self) -> int:
        """An estimate of the memory the index holds: its own arrays and postings, and the record
        objects (for a cache that bounds memory, not an exact count)."""
        past = self._past.nbytes if self._past is not None else 0
        return self.own_nbytes + len(self._slot) * (RECORD_BYTES + 100) + past  # a record, its dict entry, list slots

    @property
    def own_nbytes(self) -> int:
        """`nbytes` without the record objects, which the index shares with the subject's state."""
        arrays = sum(a.nbytes for a in (self._live, self._said, self._happened, self._expires,
                                         self._privacy, self._kind, self._dated, self._lead, self._about))
        texts = sum(len(t) for t in self._texts if t)
        mentions = sum(56 + 8 * len(m) for m in self._mentions if m)
        return self._vec.nbytes + self._kw.nbytes + arrays + texts + mentions + 8 * len(self._free)

    def _insert(self, record: MemoryRecord, vector: np.ndarray) -> None:
        self._insert_many([record], np.asarray(vector)[None])

    def _insert_many(self, records: list[MemoryRecord], vectors: np.ndarray) -> None:
        """Fills free slots first, then new ones; array values are written in one go."""
        seen: dict[str, int] = {}
        for j, rec in enumerate(records):
            seen[rec.memory_id] = j  # the last of repeated ids wins, as a series of upserts would
        if len(seen) < len(records):
            keep = sorted(seen.values())
            records, vectors = [records[j] for j in keep], vectors[keep]
        for rec in records:
            self.remove(rec.memory_id)
        reuse = min(len(self._free), len(records))
        slots = [self._free.pop() for _ in range(reuse)]
        fresh = len(records) - reuse
        slots.extend(range(self._size, self._size + fresh))
        self._size += fresh
        if self._size > len(self._live):
            self._grow(self._size)
        self._recs.extend([None] * fresh)
        self._texts.extend([None] * fresh)
        self._mentions.extend([()] * fresh)
        at = np.array(slots, dtype=np.int64)
        self._vec.put_many(at, vectors)
        self._live[at] = True
        for slot, record in zip(slots, records):
            self._write_values(slot, record)
            text = record.text or ""
            self._slot[record.memory_id] = slot
            self._recs[slot] = record
            self._texts[slot] = record.text
            self._kw.add(slot, text)
            lead = person_of(text)
            self._mentions[slot] = tuple(dict.fromkeys(_NAME_WORD.findall(text)))
            self._lead[slot] = self._code(lead)
            if lead:
                self._lead_counts[lead] = self._lead_counts.get(lead, 0) + 1
            # Whom it is about under the participants as they stand; `_refresh_people` redoes every
            # slot when they change.
            self._about[slot] = self._code(self._about_of(slot))
        self._people_dirty = True

    def _write_values(self, slot: int, record: MemoryRecord) -> None:
        self._said[slot] = record.created_at.timestamp()
        self._happened[slot] = (record.happened_at or record.created_at).timestamp()
        self._expires[slot] = record.expires_at.timestamp() if record.expires_at else math.inf
        self._privacy[slot] = PRIVACY_ORDER[record.privacy_level]
        self._kind[slot] = self._kind_codes.setdefault(record.kind, len(self._kind_codes))
        self._dated[slot] = record.kind == "episode" or bool(_HAS_DATE.search(record.text or ""))

    def _grow(self, size: int) -> None:
        for name in ("_live", "_said", "_happened", "_expires", "_privacy", "_kind", "_dated"):
            setattr(self, name, grown(getattr(self, name), size))
        for name in ("_lead", "_about"):
            old = getattr(self, name)
            new = grown(old, size)
            new[len(old):] = -1
            setattr(self, name, new)

    def _compact(self) -> None:
        """Renumbers the slots densely (in their order) once most are free; the graph, if any, is
        rebuilt over the new slots."""
        slots = self._live_slots()
        had_graph = self._vec.ann is not None
        records = [self._recs[s] for s in slots]
        rows = self._vec.rows[slots]
        past = self._past
        self.__init__(records, rows, earlier=self._earlier)
        self._past = past
        if had_graph:
            self._vec.build_ann(self._live_slots())

    def _live_slots(self) -> np.ndarray:
        return np.flatnonzero(self._live[: self._size])

    # -- the people the memories are about -----------------------------------------------------
    def _code(self, name: str | None) -> int:
        if name is None:
            return -1
        code = self._name_codes.get(name)
        if code is None:
            code = self._name_codes[name] = len(self._name_list)
            self._name_list.append(name)
        return code

    def _about_of(self, slot: int) -> str | None:
        """The name a record starts with when that is a participant, else the first participant it
        names ("Last Friday (23 June 2023), Priya went ..."), else the name it starts with."""
        lead = self._name_list[self._lead[slot]] if self._lead[slot] >= 0 else None
        if lead in self._participants:
            return lead
        for name in self._mentions[slot]:
            if name in self._participants:
                return name
        return lead

    def _refresh_people(self) -> None:
        """Participants depend on every record (names leading at least 3 records and a tenth of
        them): recount from the running counts, and redo whom each record is about only when the
        set changed."""
        if not self._people_dirty:
            return
        self._people_dirty = False
        floor = max(3, 0.1 * len(self._slot))
        found = frozenset(a for a, n in self._lead_counts.items() if n >= floor)
        if found == self._participants:
            return
        self._participants = found
        for slot in self._live_slots():
            self._about[slot] = self._code(self._about_of(slot))

    @property
    def names(self) -> frozenset[str]:
        """Every name a record starts with."""
        return frozenset(self._lead_counts)

    @property
    def participants(self) -> frozenset[str]:
        """The people the memories are mostly about (the user, the people they talk with): a
        record about one of them does not answer a question about another."""
        self._refresh_people()
        return self._participants

    @property
    def about(self) -> list[str | None]:
        """Whom each record is about, in slot order (a fresh build: the order it was given)."""
        self._refresh_people()
        return [self._name_list[c] if c >= 0 else None for c in self._about[self._live_slots()]]

    # -- search --------------------------------------------------------------------------------
    def bm25(self, query: str) -> dict[str, float]:
        """BM25 of each record that shares a term with the query, by memory_id."""
        scores = self._kw.scores(query, self._size)
        return {self._recs[s].memory_id: float(scores[s]) for s in self._live_slots() if scores[s]}

    def search(self, query: str, query_vec: np.ndarray | None, k: int, now: datetime,
               settings: Settings, max_privacy: str | None = None,
               kinds: set[str] | None = None, min_relevance: float | None = None) -> list[Scored]:
        """The k best records by relevance re-ranked with the keep score; `min_relevance` (default
        the `recall_min_relevance` setting) is the floor under which a record is not returned.

        Relevance is `dense_weight * cosine + keyword_weight * saturated BM25 + shift` (the shift
        says whom and when the query asks about). The `max(4k, 32)` most relevant are re-ranked
        with the keep score. Only candidates that can reach that pool are scored exactly (float32
        from the float16 rows): the SIMD scan, or past `ann_threshold` records the graph, bounds
        everyone else (engine.vector_index)."""
        n = len(self._slot)
        if n == 0:
            return []
        self._refresh_people()
        size = self._size
        allowed = self._live[:size] & (
            self._privacy[:size] <= PRIVACY_ORDER[max_privacy or settings.recall_max_privacy]
        ) & (self._expires[:size] > now.timestamp())
        if kinds is not None:
            allowed &= np.isin(self._kind[:size], [c for kind, c in self._kind_codes.items() if kind in kinds])
        raw_kw = self._kw.scores(query, size)
        # Bounded and absolute (a weak match stays weak), nearly linear over the usual range.
        keyword = raw_kw / (raw_kw + settings.recall_keyword_saturation)
        shift = self._rerank(query, now, settings, size)
        # Re-rank a generous candidate set with the keep score, then cut to k.
        pool = min(n, max(k * 4, 32))
        if query_vec is None:
            slots = np.flatnonzero(allowed)
            dense = np.zeros(len(slots), dtype=np.float32)
        else:
            slots = self._candidates(query_vec, keyword, shift, allowed, pool, settings)
            dense = self._vec.exact(query_vec, slots)
        relevance = settings.recall_dense_weight * dense + settings.recall_keyword_weight * keyword[slots]
        relevance = relevance + shift[slots]
        floor = settings.recall_min_relevance if min_relevance is None else min_relevance
        chosen = {int(slots[j]): (float(relevance[j]), float(dense[j]), float(keyword[slots[j]]))
                  for j in self._best(slots, relevance, pool)}
        if self._past is not None and query_vec is not None:
            self._lift_current_versions(chosen, query, query_vec, allowed, keyword, shift, pool, settings,
                                        PRIVACY_ORDER[max_privacy or settings.recall_max_privacy])
        out = []
        kw = settings.recall_keep_weight
        for slot, (rel, d, kwd) in chosen.items():
            if rel < floor:
                continue
            rec = self._recs[slot]
            keep = record_keep_score(rec, now, settings)
            score = (1 - kw) * rel + kw * max(0.0, min(1.0, keep))
            out.append(Scored(rec, score, rel, d, kwd, keep))
        out.sort(key=lambda s: (-s.score, s.record.memory_id))
        return out[:k]

    def _lift_current_versions(self, chosen: dict[int, tuple[float, float, float]], query: str,
                               query_vec: np.ndarray, allowed: np.ndarray, keyword: np.ndarray,
                               shift: np.ndarray, pool: int, settings: Settings, privacy: int) -> None:
        """The version of a memory now current is as relevant as any earlier version of it: an
        update often no longer names what it updates ("they pushed it back to the 25th"), while
        the version it replaced does ("my car's next service is on the 12th"). Each earlier version
        the query matches (of a permitted privacy) lends its relevance (what it says, scored
        against this index's keyword statistics, and whom and when the query asks about, as the
        current version's) to the current version, when that is more than its own; a current
        version that thus reaches the pool joins it. Earlier versions are never returned."""
        past = self._past
        size = past._size
        open_ = np.flatnonzero(past._live[:size] & (past._privacy[:size] <= privacy))
        if not len(open_):
            return
        raw = past._kw.scores(query, size, like=self._kw)
        said = raw / (raw + settings.recall_keyword_saturation)
        wd, wk = settings.recall_dense_weight, settings.recall_keyword_weight
        if len(open_) > pool:  # many updates: the best-matched by the SIMD scan, then scored exactly
            q16 = np.asarray(query_vec, dtype=np.float32).astype(np.float16)
            fast = wd * np.clip(past._vec.approx(q16, None, size)[open_], 0.0, 1.0) + wk * said[open_]
            open_ = open_[np.sort(np.argsort(-fast, kind="stable")[:pool])]
        dense = past._vec.exact(query_vec, open_)
        base = wd * dense + wk * said[open_]
        order = np.argsort(-base, kind="stable")
        cut = min((r for r, _, _ in chosen.values()), default=-math.inf) if len(chosen) >= pool else -math.inf
        lent: dict[int, tuple[float, float, float]] = {}
        for j in order:
            slot = self._current_slot(past._recs[open_[j]])
            if slot is None or not allowed[slot]:
                continue
            rel = float(base[j]) + float(shift[slot])
            if rel > lent.get(slot, (-math.inf,))[0]:
                lent[slot] = (rel, float(dense[j]), float(said[open_[j]]))
        for slot, (rel, d, kwd) in sorted(lent.items()):
            own = chosen.get(slot)
            if own is None:
                if rel < cut:
                    continue  # lifted, it still would not reach the pool
                own_dense = float(self._vec.exact(query_vec, np.array([slot]))[0])
                own = (wd * own_dense + wk * float(keyword[slot]) + float(shift[slot]), own_dense, float(keyword[slot]))
            chosen[slot] = (rel, d, kwd) if rel > own[0] else own

    def _current_slot(self, earlier: MemoryRecord) -> int | None:
        """The slot of the version now current of an earlier version (following a chain of
        updates), or None when that is not recallable (forgotten, expired, archived)."""
        nxt = earlier.superseded_by
        for _ in range(64):  # a chain of updates; a cycle (never made) stops here too
            if nxt is None:
                return None
            slot = self._slot.get(nxt)
            if slot is not None:
                return slot
            older = self._past.get(nxt) if self._past is not None else None
            if older is None:
                return None
            nxt = older.superseded_by
        return None

    def _best(self, slots: np.ndarray, values: np.ndarray, count: int) -> np.ndarray:
        """Positions of the `count` highest values; ties at the cut go to the lower memory_id, so
        the choice does not depend on slot order."""
        if len(values) <= count:
            return np.arange(len(values))
        cut = np.partition(values, len(values) - count)[len(values) - count]
        above = np.flatnonzero(values > cut)
        tied = np.flatnonzero(values == cut)
        tied = sorted(tied, key=lambda j: self._recs[slots[j]].memory_id)[: count - len(above)]
        return np.concatenate([above, np.array(tied, dtype=np.int64)])

    def _candidates(self, query_vec: np.ndarray, keyword: np.ndarray, shift: np.ndarray,
                    allowed: np.ndarray, pool: int, settings: Settings) -> np.ndarray:
        """Slots that may be among the `pool` most relevant, to be scored exactly.

        Fast dense scores (float16 query) are within `eps` of the exact ones, so with T the
        pool-th best fast relevance less that error, a record whose fast relevance plus the error
        stays under T cannot make the pool. With the graph, records it did not return score at most
        its last neighbour's dense score: their bound is that plus their keyword and shift parts,
        and those that reach T (strong keyword matches, records the question's time or person
        lifts) are scored too. Exact, given that the graph returned the true nearest neighbours."""
        q = np.asarray(query_vec, dtype=np.float32)
        q16 = q.astype(np.float16)
        eps = self._vec.error_bound(q, q16)
        wd = settings.recall_dense_weight
        base = settings.recall_keyword_weight * keyword + shift
        n = len(self._slot)
        if n >= settings.ann_threshold:
            if self._vec.ann is None:
                self._vec.build_ann(self._live_slots())
            found, bound = self._vec.ann_search(q16, max(_ANN_POOL, 2 * pool))
            slots = found[allowed[found]]
            fast = self._vec.approx(q16, slots, 0)
        else:
            if self._vec.ann is not None and n < settings.ann_threshold // 2:
                self._vec.drop_ann()  # well under the threshold again: the scan is cheaper
            slots = np.flatnonzero(allowed)
            fast = self._vec.approx(q16, None, self._size)[slots]
            bound = -np.inf
        rel = wd * np.clip(fast, 0.0, 1.0) + base[slots]
        cut = _kth_largest(rel, pool) - wd * eps
        if bound > -np.inf:
            outside = allowed.copy()
            outside[slots] = False
            reach = wd * min(1.0, max(0.0, bound + eps)) + base
            extra = np.flatnonzero(outside & (reach >= cut - _SLACK))
            if len(extra):
                slots = np.concatenate([slots, extra])
                rel = np.concatenate([rel, wd * np.clip(self._vec.approx(q16, extra, 0), 0.0, 1.0) + base[extra]])
                cut = _kth_largest(rel, pool) - wd * eps
        return slots[rel + wd * eps + _SLACK >= cut]

    def people_named(self, query: str) -> set[str]:
        """The people of these memories a query names ("Mel" names Odette when she is the only
        participant it starts)."""
        names, participants = self.names, self.participants
        named = set()
        for w in _NAME_WORD.findall(query):
            if w in names:
                named.add(w)
            elif len(w) >= 3:
                starts = [n for n in participants if n.startswith(w)]
                if len(starts) == 1:
                    named.add(starts[0])
        return named

    def _rerank(self, query: str, now: datetime, settings: Settings, size: int) -> np.ndarray:
        """Shifts relevance by what the query says beyond its words:

        - whom it asks about: records about a person the query names rise, records about another
          known person sink ("What did Priya paint?" is not answered by what Odette painted);
        - when: a query naming a time ("last year", "in May 2023") favours records said or
          happened then; a "when" question favours records that carry a date.
        """
        shift = np.zeros(size, dtype=np.float32)
        if not query.strip() or not self._slot:
            return shift
        named = self.people_named(query)
        if named:
            about = self._about[:size]
            is_named = np.isin(about, [self._name_codes[a] for a in named])
            other = np.isin(about, [self._name_codes[a] for a in self._participants]) & ~is_named
            shift += settings.recall_person_weight * (is_named.astype(np.float32) - other.astype(np.float32))
        happened, said = self._happened[:size], self._said[:size]
        span = _query_span(query, now)
        if span is not None:
            start, end = span
            inside = ((happened >= start) & (happened < end)) | ((said >= start) & (said < end))
            shift += settings.recall_time_weight * inside.astype(np.float32)
        elif _WHEN.search(query):
            shift += settings.recall_time_weight * self._dated[:size].astype(np.float32)
        if _RECENT.search(query) and len(self._slot) > 1:
            # "recently", "lately", "latest": the newer a record, the more it is what was asked.
            live = happened[self._live[:size]]
            first, last = float(live.min()), float(live.max())
            if last > first:
                shift += settings.recall_time_weight * ((happened - first) / (last - first)).astype(np.float32)
        return shift


def _kth_largest(values: np.ndarray, k: int) -> float:
    """The k-th largest value, or -inf when there are fewer than k."""
    if len(values) < k:
        return -math.inf
    return float(np.partition(values, len(values) - k)[len(values) - k])


# A MemoryRecord object with its lists, dict and datetimes, text aside (bench/index.py measures it).
RECORD_BYTES = 2_400


_NAME_WORD = re.compile(rf"\b[{UPPER}][{LOWER}]+(?:[{UPPER}][{LOWER}]+)?\b")  # "Zoë" as much as "Zoe"
_ABOUT = re.compile(rf"^([{UPPER}][{LOWER}]+)(?=\s|:|'s\b)")
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


def erasure_matches(records: list[MemoryRecord], vectors: np.ndarray, query: str, query_vec: np.ndarray | None,
                    settings: Settings) -> list[str]:
    """Ids a "forget ... <query>" request names, in every tier (archived and superseded copies are
    erased too). Erasure cannot be undone, so a record must name what the query names: it holds
    at least `forget_term_coverage` of the query's content words and means something close
    (`forget_min_similarity`), or means nearly the same (`forget_near_identical`). "I live in
    Lisbon" does not erase "lives in Porto"; "allergic to shellfish" does not erase peanuts."""
    wanted = term_set(query)
    if not records or not wanted:
        return []
    dense = (exact_scores(vectors, query_vec) if query_vec is not None
             else np.zeros(len(records), dtype=np.float32))
    out = []
    for j in sorted(range(len(records)), key=lambda j: (-dense[j], records[j].memory_id)):
        rec = records[j]
        coverage = len(wanted & term_set(rec.text or "")) / len(wanted)
        sim = float(dense[j])
        if (coverage >= settings.forget_term_coverage and sim >= settings.forget_min_similarity) or (
            sim >= settings.forget_near_identical
        ):
            out.append(rec.memory_id)
    return out
