"""The incremental indexes answer exactly as a fresh build (recall) and as the pairwise comparison
(near duplicates), whatever sequence of changes led to them. Seeded random sequences."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from bench.index import pairwise_find
from engine.neardup import NearDupIndex
from engine.policy import duplicate_clusters
from engine.processor import find_duplicate
from engine.recall import SubjectIndex, erasure_matches
from engine.settings import Settings
from engine.state import SubjectState
from engine.textnorm import jaccard, term_set
from schemas.records import MemoryRecord, TurnRef

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)
NAMES = ["Priya", "Odette", "User", "Next", "Mel"]
WORDS = ("heron canal paint pottery tennis Lisbon Porto sister concert museum garden tea coffee chess "
         "novel piano hiking sushi report deadline flight").split()
DIM = 16


def _text(rng: random.Random) -> str:
    body = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 7)))
    roll = rng.random()
    if roll < 0.6:
        text = f"{rng.choice(NAMES)} {rng.choice(['likes', 'went to', 'painted', 'said'])} {body}"
    elif roll < 0.8:
        text = f"Last Friday (23 June 2023), {rng.choice(NAMES)} saw {body}"
    else:
        text = body
    return text


def _record(rng: random.Random, memory_id: str) -> MemoryRecord:
    said = AT - timedelta(days=rng.randint(0, 400))
    return MemoryRecord(
        memory_id=memory_id, tenant_id="t", user_id="u", kind=rng.choice(["fact", "episode", "preference"]),
        text=_text(rng), source="user_explicit", sources=[TurnRef(session_id="s", turn_id=f"t-{memory_id}")],
        confidence=rng.choice([0.6, 0.9]), importance=rng.choice([0.3, 0.7]), created_at=said, updated_at=said,
        happened_at=said - timedelta(days=rng.randint(0, 30)) if rng.random() < 0.5 else None,
        expires_at=AT + timedelta(hours=rng.choice([-1, 5])) if rng.random() < 0.1 else None,
        privacy_level=rng.choice(["public", "personal", "personal", "sensitive"]),
        use_count=rng.randint(0, 3))


def _vector(rng: random.Random, pool: list[np.ndarray]) -> np.ndarray:
    if pool and rng.random() < 0.2:
        return pool[rng.randrange(len(pool))]  # an identical embedding: ties must go by id
    v = np.array([rng.gauss(0, 1) for _ in range(DIM)], dtype=np.float32)
    v = (v / np.linalg.norm(v)).astype(np.float16)
    pool.append(v)
    return v


QUERIES = ["What did Priya paint?", "tennis in Lisbon", "When did Odette go to the concert?",
           "What has Mel done recently?", "concert last year", "heron", "", "What do I like?"]


def _searches(index: SubjectIndex, rng: random.Random, settings: Settings) -> list:
    out = []
    qrng = random.Random(rng.random())
    for query in QUERIES:
        v = np.array([qrng.gauss(0, 1) for _ in range(DIM)], dtype=np.float32)
        v /= np.linalg.norm(v)
        two = np.stack([v, np.roll(v, 1)])
        for qvec, kinds, privacy, k in ((v, None, None, 3), (None, None, None, 5), (two, None, "personal", 2),
                                        (v, {"episode"}, None, 4)):
            hits = index.search(query, qvec, k, AT, settings, privacy, kinds, min_relevance=0.0)
            out.append([(h.record.memory_id, h.score, h.relevance, h.dense, h.keyword) for h in hits])
    return out


def _same(a: list, b: list) -> None:
    assert len(a) == len(b)
    for hits_a, hits_b in zip(a, b):
        assert [h[0] for h in hits_a] == [h[0] for h in hits_b]
        for x, y in zip(hits_a, hits_b):
            assert np.allclose(x[1:], y[1:], atol=1e-6, rtol=0)


def _fresh(records: dict[str, MemoryRecord], vectors: dict[str, np.ndarray]) -> SubjectIndex:
    recs = sorted((r for r in records.values() if r.tier == "active" and r.text), key=lambda r: r.memory_id)
    return SubjectIndex(recs, np.stack([vectors[r.memory_id] for r in recs]) if recs else np.zeros((0, DIM)))


@pytest.mark.parametrize("seed", range(8))
def test_after_any_sequence_of_changes_search_equals_a_fresh_build(seed):
    rng = random.Random(seed)
    pool: list[np.ndarray] = []
    settings = Settings(recall_person_weight=0.2, recall_time_weight=0.2)
    records: dict[str, MemoryRecord] = {}
    vectors: dict[str, np.ndarray] = {}
    for i in range(rng.randint(0, 30)):
        records[f"m{i:03d}"] = _record(rng, f"m{i:03d}")
        vectors[f"m{i:03d}"] = _vector(rng, pool)
    index = _fresh(records, vectors)
    next_id = len(records)
    for step in range(120):
        op = rng.random()
        ids = sorted(records)
        if op < 0.35 or not ids:
            memory_id = f"m{next_id:03d}"
            next_id += 1
            records[memory_id], vectors[memory_id] = _record(rng, memory_id), _vector(rng, pool)
            index.upsert(records[memory_id], vectors[memory_id])
        elif op < 0.55:
            memory_id = rng.choice(ids)
            del records[memory_id]
            index.remove(memory_id)
        elif op < 0.75:  # reinforcement and other changes made in place, as the projector makes them
            rec = records[rng.choice(ids)]
            rec.use_count += 1
            rec.last_used_at = AT - timedelta(days=rng.randint(0, 9))
            rec.importance = rng.choice([0.2, 0.9])
            if rng.random() < 0.3:
                rec.tier = rng.choice(["archived", "superseded"])
            index.upsert(rec)
        elif op < 0.9:  # a new version of the record: other words, kind, privacy or expiry
            old = records[rng.choice(ids)]
            new = _record(rng, old.memory_id)
            if rng.random() < 0.5:
                new = new.model_copy(update={"text": old.text})
            records[old.memory_id] = new
            if new.text != old.text:
                vectors[new.memory_id] = _vector(rng, pool)
            index.upsert(new, vectors[new.memory_id])
        else:
            rec = records[rng.choice(ids)]
            rec.text = None  # lost its text (redacted away): it leaves recall
            index.upsert(rec)
        if step % 20 == 19:
            fresh = _fresh(records, vectors)
            assert len(index) == len(fresh)
            assert index.participants == fresh.participants and index.names == fresh.names
            queries = seed * 1000 + step  # the same query vectors for both
            _same(_searches(index, random.Random(queries), settings), _searches(fresh, random.Random(queries), settings))


def test_compaction_after_most_records_leave_keeps_the_answers():
    rng = random.Random(5)
    pool: list[np.ndarray] = []
    records = {f"m{i:04d}": _record(rng, f"m{i:04d}") for i in range(1500)}
    vectors = {m: _vector(rng, pool) for m in records}
    index = _fresh(records, vectors)
    for memory_id in sorted(records)[:1300]:
        index.remove(memory_id)
        del records[memory_id]
    assert len(index) == 200 and index._size < 1500  # compacted once most slots were free
    settings = Settings()
    _same(_searches(index, random.Random(2), settings), _searches(_fresh(records, vectors), random.Random(2), settings))


def test_reinforcement_rewrites_values_and_rebuilds_nothing():
    rng = random.Random(3)
    pool: list[np.ndarray] = []
    records = [_record(rng, f"m{i}") for i in range(20)]
    index = SubjectIndex(records, np.stack([_vector(rng, pool) for _ in records]))
    rows, keyword = index._vec.rows, index._kw
    rec = records[4]
    rec.use_count += 5
    assert index.upsert(rec)
    assert index._vec.rows is rows and index._kw is keyword and index.get(rec.memory_id) is rec
    with pytest.raises(ValueError):
        index.upsert(rec.model_copy(update={"text": "Priya painted a new heron"}))


def test_an_index_reports_its_size_for_the_cache():
    rng = random.Random(4)
    pool: list[np.ndarray] = []
    records = [_record(rng, f"m{i}") for i in range(50)]
    index = SubjectIndex(records, np.stack([_vector(rng, pool) for _ in records]))
    small = index.nbytes
    for i in range(50, 100):
        index.upsert(_record(rng, f"m{i}"), _vector(rng, pool))
    assert 0 < small < index.nbytes
    assert len(index) == 100 and "m3" in index and "zz" not in index


def test_past_the_threshold_the_graph_gives_the_scan_answers_and_is_deterministic():
    rng = random.Random(9)
    pool: list[np.ndarray] = []
    records = [_record(rng, f"m{i:03d}") for i in range(150)]
    vecs = np.stack([_vector(rng, pool) for _ in records])
    scan, graph_a, graph_b = (SubjectIndex(records, vecs) for _ in range(3))
    ann = Settings(ann_threshold=10)
    # 150 records: the graph returns every record, so its answers are the exact ones.
    _same(_searches(graph_a, random.Random(1), ann), _searches(scan, random.Random(1), Settings()))
    assert graph_a._vec.ann is not None and scan._vec.ann is None
    # Updates reach the graph; the same operations give the same answers.
    _searches(graph_b, random.Random(1), ann)
    for graph in (graph_a, graph_b):
        op_rng = random.Random(7)
        for i in range(40):
            graph.upsert(_record(op_rng, f"n{i:03d}"), _vector(op_rng, []))
            graph.remove(f"m{i * 3:03d}")
    assert len(graph_a._vec.ann) == len(graph_a)
    _same(_searches(graph_a, random.Random(2), ann), _searches(graph_b, random.Random(2), ann))


def test_float16_rows_score_like_float32_within_their_rounding():
    rng = np.random.default_rng(0)
    v = rng.standard_normal((300, 384)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    records = [MemoryRecord(memory_id=f"m{i:03d}", tenant_id="t", user_id="u", kind="fact", text=f"note {i}",
                            source="user_explicit", confidence=0.9, importance=0.5, created_at=AT, updated_at=AT)
               for i in range(300)]
    index = SubjectIndex(records, v)
    q = v[7] + 0.5 * v[8]
    q /= np.linalg.norm(q)
    hits = index.search("", q, 10, AT, Settings(), min_relevance=0.0)
    exact = {f"m{i:03d}": d for i, d in enumerate(np.clip(v @ q, 0, 1))}
    assert hits[0].record.memory_id == "m007"
    assert all(abs(h.dense - exact[h.record.memory_id]) < 2e-3 for h in hits)


def test_erasure_reads_every_record_it_was_given():
    rng = random.Random(2)
    pool: list[np.ndarray] = []
    records = [_record(rng, f"m{i}") for i in range(10)]
    records[0] = records[0].model_copy(update={"text": "Priya painted a heron by the canal", "tier": "archived"})
    vecs = np.stack([_vector(rng, pool) for _ in records])
    assert erasure_matches(records, vecs, "heron canal", vecs[0].astype(np.float32), Settings())[:1] == ["m0"]


# -- near duplicates ---------------------------------------------------------------------------
def _pairwise_clusters(records, threshold):
    """The pairwise sweep duplicate_clusters made before the index."""
    by_kind: dict[str, list[MemoryRecord]] = {}
    for r in sorted(records, key=lambda r: r.memory_id):
        if r.tier == "active" and r.text is not None:
            by_kind.setdefault(r.kind, []).append(r)
    clusters = []
    for group in by_kind.values():
        terms = [term_set(r.text or "") for r in group]
        parent = list(range(len(group)))

        def root(i):
            while parent[i] != i:
                i = parent[i]
            return i

        for i in range(len(group)):
            for j in range(i + 1, len(group)):
                a, b = group[i], group[j]
                if a.kind == "episode" and a.happened_at and b.happened_at and a.happened_at.date() != b.happened_at.date():
                    continue
                if jaccard(terms[i], terms[j]) >= threshold:
                    parent[root(j)] = root(i)
        roots: dict[int, list[MemoryRecord]] = {}
        for i, r in enumerate(group):
            roots.setdefault(root(i), []).append(r)
        clusters.extend(c for c in roots.values() if len(c) > 1)
    return clusters


VOCAB = ("user likes green tea morning walks the river dog named rex works nurse lisbon porto "
         "allergic peanuts sister visits sunday plays chess online").split()
DAYS = [AT - timedelta(days=d, hours=h) for d in (1, 2, 3) for h in (0, 5)]


def _statement(rng: random.Random, bases: list[list[str]]) -> str:
    """A sentence, often a near copy of an earlier one (a word dropped, added or swapped)."""
    if bases and rng.random() < 0.7:
        words = list(rng.choice(bases))
        for _ in range(rng.randint(0, 2)):
            roll = rng.random()
            if roll < 0.33 and len(words) > 1:
                words.pop(rng.randrange(len(words)))
            elif roll < 0.66:
                words.insert(rng.randrange(len(words) + 1), rng.choice(VOCAB))
            elif words:
                words[rng.randrange(len(words))] = rng.choice(VOCAB)
    else:
        words = [rng.choice(VOCAB) for _ in range(rng.randint(0, 8))]
        bases.append(words)
    return " ".join(words).capitalize()


def _dup_record(rng: random.Random, memory_id: str, bases) -> MemoryRecord:
    kind = rng.choice(["fact", "episode", "preference"])
    return MemoryRecord(
        memory_id=memory_id, tenant_id="t", user_id="u", kind=kind,
        text=None if rng.random() < 0.03 else _statement(rng, bases), source="inferred",
        confidence=0.7, importance=0.5, created_at=AT, updated_at=AT,
        happened_at=rng.choice(DAYS + [None]) if kind == "episode" else None,
        tier=rng.choice(["active"] * 8 + ["archived", "superseded"]))


@pytest.mark.parametrize("seed", range(12))
def test_near_duplicates_by_index_equal_the_pairwise_comparison(seed):
    rng = random.Random(seed)
    bases: list[list[str]] = []
    records = [_dup_record(rng, f"d{rng.randrange(10_000):05d}", bases) for _ in range(rng.randint(0, 120))]
    state = SubjectState("t", "u", records={r.memory_id: r for r in records})
    for threshold in (0.5, 0.8, 1.0, 0.34):
        assert duplicate_clusters(list(state.records.values()), threshold) == \
            _pairwise_clusters(list(state.records.values()), threshold)
        for _ in range(25):
            probe = _dup_record(rng, "probe", bases)
            if probe.text is None:
                continue
            expected = pairwise_find(state.records.values(), probe.kind, probe.text, probe.happened_at, threshold)
            assert find_duplicate(state, probe.kind, probe.text, probe.happened_at, threshold) is expected


@pytest.mark.parametrize("seed", range(6))
def test_a_near_duplicate_index_kept_incrementally_answers_as_a_fresh_one(seed):
    rng = random.Random(seed)
    bases: list[list[str]] = []
    records: dict[str, MemoryRecord] = {}
    index = NearDupIndex()
    for step in range(300):
        ids = sorted(records)
        if rng.random() < 0.6 or not ids:
            rec = _dup_record(rng, f"d{step:04d}" if rng.random() < 0.8 or not ids else rng.choice(ids), bases)
            records[rec.memory_id] = rec
            index.upsert(rec)
        elif rng.random() < 0.5:
            memory_id = rng.choice(ids)
            del records[memory_id]
            index.remove(memory_id)
        else:
            rec = records[rng.choice(ids)]
            rec.tier = "archived"  # in place, as the projector does; the owner tells the index
            index.upsert(rec)
    state = SubjectState("t", "u", records=records)
    assert len(index) == sum(1 for r in records.values() if r.tier == "active" and r.text is not None)
    assert index.clusters(0.8) == _pairwise_clusters(list(records.values()), 0.8)
    for _ in range(50):
        probe = _dup_record(rng, "probe", bases)
        if probe.text is not None:
            assert index.find(probe.kind, probe.text, probe.happened_at, 0.8) is \
                pairwise_find(state.records.values(), probe.kind, probe.text, probe.happened_at, 0.8)
