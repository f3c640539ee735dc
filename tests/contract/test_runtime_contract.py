"""One contract, every runtime: an abstract suite, subclassed per runtime.

A scenario is a list of operations: turns, remember, forget, sweep and recall (with request ids, so
every runtime names its events alike), `read` (a recall and a context that write nothing), and
`expect` lines about the final records. Each runtime runs a scenario and returns an `Outcome`: the
view digest of its final state and, for every `read` op, its answers on that final state (the
recall hits: ids, texts and scores to 4 places; the context: its text and memory ids).

The reference is the pure core folding the log: streams.memory.MemoryRuntime driven through
MemoryEngine. A runtime passes a scenario when its outcome equals the reference's exactly: the same
view, and the same answers to the same questions. A mismatch is a bug in a runtime (or in the
reference), never a tolerance to widen.

Scenarios are the files in scenarios/, plus one built at run time from the first LoCoMo conversation
(its text is read from the dataset directory, never copied here).
"""
from __future__ import annotations

import functools
import json
import os
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, Callable

import pytest

from engine import MemoryEngine
from engine.digest import view_digest

MEMORY = "streams.memory:MemoryRuntime"
REPO = Path(__file__).resolve().parents[2]
SCENARIO_DIR = Path(__file__).parent / "scenarios"
LOCOMO_DIR = Path(os.environ.get("MEMSTREAM_LOCOMO_DIR", REPO.parent / "shared" / "datasets" / "locomo-dev"))
LOCOMO_SESSIONS = 3  # enough to recall one session from a later one, few enough for a Kafka run
LOCOMO_READS = 10

WRITES = ("turn", "remember", "forget", "sweep", "recall")


# -- scenarios -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Scenario:
    name: str
    ops: Callable[[], list[dict[str, Any]]]

    def __repr__(self) -> str:
        return self.name


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def locomo_ops() -> list[dict[str, Any]]:
    """The first sessions of the first LoCoMo conversation as turns, then a read for each of its
    questions (multi-hop, temporal, open-domain, single-hop) whose evidence lies in those sessions,
    asked an hour after the last of them in that session."""
    if not LOCOMO_DIR.is_dir():
        pytest.skip(f"the LoCoMo dataset is not at {LOCOMO_DIR} (set MEMSTREAM_LOCOMO_DIR to its directory)")
    from bench.quality.locomo import find_conversations, load_conversation

    conversation = load_conversation(find_conversations(LOCOMO_DIR)[0])
    sessions = conversation.sessions[:LOCOMO_SESSIONS]
    kept = {f"session_{number}" for number, _, _ in sessions}
    ops = [{"op": "turn", **t} for t in conversation.turns() if t["session_id"] in kept]
    last = f"session_{sessions[-1][0]}"
    now = (max(when for _, when, _ in sessions) + timedelta(hours=1)).isoformat()
    numbers = {f"D{number}" for number, _, _ in sessions}
    asked = [q for q in conversation.questions if q.category in (1, 2, 3, 4) and q.evidence
             and all(e.split(":")[0] in numbers for e in q.evidence)]
    for q in asked[:LOCOMO_READS]:
        ops.append({"op": "read", "tenant_id": ops[0]["tenant_id"], "user_id": conversation.user_id,
                    "session_id": last, "query": q.question, "now": now, "budget_tokens": 400})
    return ops


SCENARIOS = [Scenario(p.stem, functools.partial(load, p)) for p in sorted(SCENARIO_DIR.glob("*.jsonl"))]
SCENARIOS.append(Scenario("locomo_first_conversation", locomo_ops))


def writes(ops: list[dict]) -> list[dict]:
    return [op for op in ops if op["op"] in WRITES]


def reads(ops: list[dict]) -> list[dict]:
    return [op for op in ops if op["op"] == "read"]


# -- operations through the facade ------------------------------------------------------------------
def apply_op(engine: MemoryEngine, op: dict[str, Any]) -> None:
    """One write through the facade (the reference, and the embedded runtimes)."""
    kind, data = op["op"], {k: v for k, v in op.items() if k != "op"}
    if kind == "turn":
        engine.ingest(data)
    elif kind == "remember":
        engine.remember(data)
    elif kind == "forget":
        engine.forget(data)
    elif kind == "sweep":
        engine.sweep(data["now"], tenant_id=data["tenant_id"], user_id=data["user_id"],
                     request_id=data["request_id"])
    elif kind == "recall":
        engine.recall(tenant_id=data["tenant_id"], user_id=data["user_id"], query=data["query"],
                      now=data["now"], request_id=data["request_id"])
    else:
        raise ValueError(f"not a write: {kind!r}")


def recall_answer(hits: list[dict]) -> list[list]:
    """What a recall answered, as compared: ids, texts and scores to 4 places."""
    return [[h["memory_id"], h["text"], round(h["score"], 4)] for h in hits]


def context_answer(result: dict) -> dict:
    return {"text": result["text"], "memory_ids": list(result["memory_ids"])}


def answer(engine: MemoryEngine, read: dict[str, Any]) -> dict:
    """A read's answers through the facade, writing nothing (record_use=False)."""
    where = dict(tenant_id=read["tenant_id"], user_id=read["user_id"], session_id=read.get("session_id"),
                 query=read["query"], now=read["now"], record_use=False)
    hits = engine.recall(**where)
    context = engine.context(**where, budget_tokens=read["budget_tokens"])
    return {"recall": recall_answer([h.model_dump(mode="json") for h in hits]),
            "context": context_answer(context.model_dump(mode="json"))}


@dataclass
class Outcome:
    """What a runtime made of a scenario: its final view's digest, and its answers to the reads."""

    digest: str
    answers: list[dict]


def final_outcome(engine: MemoryEngine, ops: list[dict]) -> Outcome:
    return Outcome(engine.view_digest(), [answer(engine, r) for r in reads(ops)])


# -- the reference ----------------------------------------------------------------------------------
_REFERENCE: dict[str, tuple[Outcome, dict]] = {}


def reference(scenario: Scenario, ops: list[dict], tmp_path: Path) -> tuple[Outcome, dict]:
    """The pure core's outcome (once per scenario and process), and the final records by subject."""
    if scenario.name not in _REFERENCE:
        with MemoryEngine.open(tmp_path / "reference", runtime=MEMORY) as engine:
            for op in writes(ops):
                apply_op(engine, op)
            subjects = {(op["tenant_id"], op["user_id"]) for op in ops if op["op"] == "expect"}
            records = {s: [r.text or "" for r in engine.records(*s)] for s in subjects}
            _REFERENCE[scenario.name] = (final_outcome(engine, ops), records)
    return _REFERENCE[scenario.name]


def _differences(got: Outcome, expected: Outcome, ops: list[dict]) -> list[str]:
    out = []
    if got.digest != expected.digest:
        out.append(f"view digest {got.digest[:12]} != reference {expected.digest[:12]}")
    for read, mine, theirs in zip(reads(ops), got.answers, expected.answers):
        for part in ("recall", "context"):
            if mine[part] != theirs[part]:
                out.append(f"{part} for {read['user_id']!r} {read['query']!r}:\n  runtime   {mine[part]}\n"
                           f"  reference {theirs[part]}")
    return out


def test_the_reference_meets_each_scenarios_expectations(tmp_path):
    """What the scenarios say should hold (forgotten content gone, corrections in force ...) holds
    of the reference, so agreeing with it means meeting them too."""
    for scenario in SCENARIOS:
        if scenario.ops is locomo_ops:  # it states no expectations, and may be absent
            continue
        ops = scenario.ops()
        outcome, records = reference(scenario, ops, tmp_path / scenario.name)
        for op in ops:
            if op["op"] == "expect":
                texts = records[(op["tenant_id"], op["user_id"])]
                for needle in op.get("active_contains", []):
                    assert any(needle.lower() in t.lower() for t in texts), (scenario, needle, texts)
                for needle in op.get("active_lacks", []):
                    assert not any(needle.lower() in t.lower() for t in texts), (scenario, needle, texts)
        for read, got in zip(reads(ops), outcome.answers):
            hit_texts = [text.lower() for _, text, _ in got["recall"]]
            for needle in read.get("recall_contains", []):
                assert any(needle.lower() in t for t in hit_texts), (scenario, read["query"], needle, hit_texts)
            for needle in read.get("context_contains", []):
                assert needle.lower() in got["context"]["text"].lower(), (scenario, read["query"], needle)
            for needle in read.get("context_lacks", []):
                assert needle.lower() not in got["context"]["text"].lower(), (scenario, read["query"], needle)
                assert not any(needle.lower() in t for t in hit_texts), (scenario, read["query"], needle)


# -- the contract -----------------------------------------------------------------------------------
class RuntimeContract:
    """Subclasses run a scenario's writes on their runtime and answer its reads on the final state."""

    def run(self, ops: list[dict], tmp_path: Path, request: pytest.FixtureRequest) -> Outcome:
        raise NotImplementedError

    @pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
    def test_scenario_gives_the_reference_view_and_answers(self, scenario: Scenario, tmp_path: Path,
                                                           request: pytest.FixtureRequest) -> None:
        ops = scenario.ops()
        expected, _ = reference(scenario, ops, tmp_path)
        got = self.run(ops, tmp_path, request)
        assert len(got.answers) == len(expected.answers)
        assert not (problems := _differences(got, expected, ops)), "\n".join(problems)


class TestEmbeddedRuntime(RuntimeContract):
    """The embedded runtime, closed and reopened after every operation (recovery each time)."""

    def run(self, ops, tmp_path, request):
        data_dir = tmp_path / "embedded"
        for op in writes(ops):
            with MemoryEngine.open(data_dir) as engine:
                apply_op(engine, op)
        with MemoryEngine.open(data_dir) as engine:
            return final_outcome(engine, ops)


class TestEmbeddedRuntimeEvictingEverySubject(RuntimeContract):
    """The embedded runtime held open with room for one subject: every other subject it touches is
    evicted and loaded again from its store."""

    def run(self, ops, tmp_path, request):
        with MemoryEngine.open(tmp_path / "evicting", subject_cache_subjects=1) as engine:
            for op in writes(ops):
                apply_op(engine, op)
            return final_outcome(engine, ops)


class TestMemoryRuntimeReopened(RuntimeContract):
    """The reference runtime itself, opened again on its directory after every operation: what it
    keeps per directory is enough to go on."""

    def run(self, ops, tmp_path, request):
        data_dir = tmp_path / "memory"
        for op in writes(ops):
            with MemoryEngine.open(data_dir, runtime=MEMORY) as engine:
                apply_op(engine, op)
        with MemoryEngine.open(data_dir, runtime=MEMORY) as engine:
            return final_outcome(engine, ops)


class KafkaContract(RuntimeContract):
    """Turns and commands (recalls too: the use a recall records, in order with the subject's input)
    through the topics; the view is each subject's state in the directory of the worker that owned
    it, and replaying the topics must give it again. Recalls and contexts are answered from that
    replayed directory, at the scenario's `now` (the HTTP API reads at the server's clock; its own
    contract suite, tests/api/contract_suite.py, runs on the workers live)."""

    workers = 1

    def run(self, ops, tmp_path, request):
        from kafka_harness import replay_digest, send_command, send_turns, wait_caught_up

        kcfg = request.getfixturevalue("kcfg")
        spawn = request.getfixturevalue("spawn_worker")
        workers = [spawn(kcfg, f"worker{n}") for n in range(self.workers)]
        for w in workers:  # every worker in the group before any input: no partition moves mid-run
            w.wait_ready()
        pending: list[dict] = []

        def flush_turns() -> None:
            if pending:
                send_turns(kcfg, pending)
                pending.clear()
                wait_caught_up(kcfg)

        for op in writes(ops):
            kind, data = op["op"], {k: v for k, v in op.items() if k != "op"}
            if kind == "turn":
                pending.append(data)
                continue
            flush_turns()  # a command acts on every turn sent before it
            if kind in ("remember", "forget", "sweep"):
                send_command(kcfg, kind, **data)
                wait_caught_up(kcfg)
            elif kind == "recall":
                send_command(kcfg, "recall", **data)
                wait_caught_up(kcfg)
        flush_turns()
        owners = self._owners(workers, kcfg.partitions, ops)
        for w in workers:
            w.stop()
        live = _owned_digest([(w.data_dir, owners[n]) for n, w in enumerate(workers)], kcfg.partitions)
        replayed = tmp_path / "replay"
        assert replay_digest(kcfg, replayed) == live
        with MemoryEngine.open(replayed) as engine:
            answers = [answer(engine, r) for r in reads(ops)]
        return Outcome(live, answers)

    def _owners(self, workers, partitions: int, ops: list[dict]) -> list[set[int]]:
        """The partitions each worker owns at the end (it built their subjects' views; once a worker
        stops, another restores its partitions too, so a directory may hold more than it owned).
        Every partition has one owner, and a scenario whose subjects fall on every partition has
        subjects on every worker."""
        from streams.kafka.topics import partition_of, subject_key

        owners = [set(w.wait_ready()["assigned"]) for w in workers]
        assert sorted(p for owned in owners for p in owned) == list(range(partitions)), owners
        used = {partition_of(subject_key(op["tenant_id"], op["user_id"]), partitions) for op in writes(ops)}
        if len(used) == partitions:
            assert all(owned & used for owned in owners), (owners, used)
        return owners


def _owned_digest(views: list[tuple[Path, set[int]]], partitions: int) -> str:
    """The digest of several workers' views taken as one: each worker directory holds one store per
    partition it owned when it stopped; every partition is read from its owner's store, and each
    store must hold only its own partition's subjects."""
    from streams.kafka.partition import partition_dirs
    from streams.kafka.topics import partition_of, subject_key

    states = {}
    engines = []
    try:
        for data_dir, owned in views:
            stores = partition_dirs(data_dir)
            assert owned <= set(stores), (owned, sorted(stores))
            for p in sorted(owned):
                engines.append(engine := MemoryEngine.open(stores[p] / "engine"))
                for subject in engine.runtime.subjects():
                    assert partition_of(subject_key(*subject), partitions) == p, (subject, p)
                    states[subject] = engine.runtime.state(*subject)
        return view_digest(states.values())
    finally:
        for engine in engines:
            engine.close()


@pytest.mark.kafka
class TestKafkaRuntimeOneWorker(KafkaContract):
    workers = 1


@pytest.mark.kafka
class TestKafkaRuntimeTwoWorkers(KafkaContract):
    """Two worker processes in one group over the test's partitions (4): the scenarios' subjects
    fall on every partition, so each worker owns some of them."""

    workers = 2
