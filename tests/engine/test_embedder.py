"""The int8 ONNX embedder against the fp32 torch one: the same meaning, the same interface, the same
vector for a text wherever it is embedded, a reproducible export, and torch when the export fails."""
from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

import engine.embedder as embedder_mod
from engine import onnx_embedder
from engine.embedder import DIM, MiniLMEmbedder, OnnxEmbedder, shared_embedder

# Written for these tests: short and long, questions and statements, names, numbers, other scripts.
SENTENCES = [
    "Thanks!",
    "ok",
    "Wow.",
    "Sounds good, see you then.",
    "I moved to Lisbon in March and I still get lost in Alfama.",
    "My sister's birthday is on the 14th of October.",
    "Please don't call me before nine in the morning.",
    "I'm allergic to peanuts, so no satay for me.",
    "We switched from Postgres to SQLite for the offline build.",
    "What did I say about the dentist appointment?",
    "Forget what I told you about my old address.",
    "The quarterly report is due on Friday at 5 pm.",
    "I no longer drink coffee; green tea now.",
    "Can you remind me to water the ferns every Sunday?",
    "Our team ships on Tuesdays, never on Fridays.",
    "Ravi prefers to be called Ravi, not Ravindra.",
    "I ran 12 km this morning, a personal best!",
    "The printer on the third floor jams whenever it prints on both sides.",
    "My daughter started violin lessons last week and she loves them.",
    "I'd rather have meetings in the afternoon.",
    "Honestly I can't stand horror films.",
    "Took the kids to the aquarium; the octopus was the highlight.",
    "Mi abuela vive en Sevilla y cocina el mejor gazpacho.",
    "Je préfère le train à l'avion pour aller à Lyon.",
    "東京で寿司を食べました。",
    "Password hints are not something you should keep.",
    "The API returns 429 when we exceed 100 requests per minute.",
    "Remember that I'm vegetarian when you suggest restaurants.",
    "Haha yes, that was hilarious!",
    "I painted the fence blue, then changed my mind and made it green.",
    "Meeting moved from room 4B to the rooftop terrace.",
    "It rained all weekend, so we stayed in and played board games.",
    " ".join(["The long text keeps going past the two hundred and fifty six token limit."] * 30),
]


@pytest.fixture(scope="module")
def onnx() -> OnnxEmbedder:
    return OnnxEmbedder()


@pytest.fixture(scope="module")
def fp32() -> MiniLMEmbedder:
    return MiniLMEmbedder()


@pytest.mark.slow
def test_int8_vectors_are_close_to_fp32(onnx, fp32):
    cos = np.einsum("ij,ij->i", onnx.embed(SENTENCES, cache=False), fp32.embed(SENTENCES, cache=False))
    assert cos.min() >= 0.95, [(s[:40], round(float(c), 4)) for s, c in zip(SENTENCES, cos) if c < 0.95]
    assert cos.mean() >= 0.98


@pytest.mark.slow
def test_rows_are_unit_float32(onnx):
    vectors = onnx.embed(SENTENCES)
    assert vectors.shape == (len(SENTENCES), DIM) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert onnx.embed([]).shape == (0, DIM)


@pytest.mark.slow
def test_same_text_same_vector_within_a_batch_and_across_calls(onnx):
    text = "I keep my bike in the hallway."
    first = onnx.embed([text, "something else", text], cache=False)
    assert np.array_equal(first[0], first[2])
    assert np.array_equal(onnx.embed([text], cache=False)[0], first[0])
    assert np.array_equal(OnnxEmbedder().embed([text])[0], first[0])


@pytest.mark.slow
def test_a_texts_vector_does_not_depend_on_its_batch(onnx):
    """Each text runs alone (dynamic int8 quantization would otherwise scale it with its
    neighbours): the same bits alone, in a batch, and in a shuffled batch."""
    alone = np.vstack([onnx.embed([s], cache=False) for s in SENTENCES])
    batch = onnx.embed(SENTENCES, cache=False)
    order = np.random.default_rng(7).permutation(len(SENTENCES))
    shuffled = onnx.embed([SENTENCES[i] for i in order], cache=False)
    assert np.array_equal(alone, batch)
    assert np.array_equal(shuffled, batch[order])


@pytest.mark.slow
def test_each_distinct_text_is_encoded_once_per_call(onnx, monkeypatch):
    encoded: list[str] = []
    real = onnx._encode

    def counting(texts):
        encoded.extend(texts)
        return real(texts)

    monkeypatch.setattr(onnx, "_encode", counting)
    out = onnx.embed(["alpha beta", "gamma", "alpha beta"], cache=False)
    assert encoded == ["alpha beta", "gamma"] and np.array_equal(out[0], out[2])
    encoded.clear()
    onnx.embed(["delta epsilon", "delta epsilon"])
    assert encoded == ["delta epsilon"]


@pytest.mark.slow
def test_forget_text_drops_the_cached_vector(onnx):
    text = "My locker code is behind the poster."
    vector = onnx.embed([text])[0]
    key = hashlib.blake2b(text.encode(), digest_size=16).digest()
    assert key in onnx._cache
    onnx.forget_text(text)
    assert key not in onnx._cache
    assert np.array_equal(onnx.embed([text], cache=False)[0], vector)


@pytest.mark.slow
def test_model_id_names_the_export_not_the_torch_model(onnx, fp32):
    assert onnx.model_id and onnx.model_id != fp32.model_id
    assert onnx_embedder.cache_key() in onnx.model_id and "onnxruntime" in onnx.model_id


@pytest.mark.slow
def test_int8_products_are_exact_on_every_cpu(onnx):
    """ONNX Runtime's int8 kernel for CPUs with AVX2 but no VNNI saturates unless asked not to, and
    the same text then gets another vector on such a machine: the session asks for the exact one,
    and the model id (which keys the kind classifier's cached weights) says so."""
    assert onnx._session.get_session_options().get_session_config_entry("session.x64quantprecision") == "1"
    assert onnx.model_id.endswith("/exact")


@pytest.mark.slow
def test_the_export_is_reproducible(onnx, tmp_path, monkeypatch):
    """Built twice, the export is the same bytes (measured: the legacy exporter and quantize_dynamic
    are deterministic), so every machine with the same packages embeds alike."""
    cached = onnx_embedder.export_path().read_bytes()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rebuilt = onnx_embedder.build()
    assert rebuilt.parent.parent == tmp_path / "memstream" / "onnx"
    assert rebuilt.read_bytes() == cached
    assert not [p for p in rebuilt.parent.iterdir() if p.name not in (onnx_embedder.FILE_NAME, ".lock")]


def _garbled_export(tmp: Path) -> None:
    path = onnx_embedder.export_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not an onnx model")


def _unwritable_cache(tmp: Path) -> None:
    (tmp / "memstream").write_text("a file where the cache folder should be")


@pytest.mark.slow
@pytest.mark.parametrize("breakage", [_garbled_export, _unwritable_cache])
def test_falls_back_to_torch_and_warns_once(breakage, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(embedder_mod, "_shared", {})
    breakage(tmp_path)
    first = shared_embedder("onnx-int8")
    second = shared_embedder()
    assert isinstance(first, MiniLMEmbedder) and second is first and shared_embedder("torch") is first
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(warnings) == 1 and "embedding with torch instead" in warnings[0]
    assert first.embed(["still embeds"]).shape == (1, DIM)


def test_unknown_kind_is_refused(monkeypatch):
    monkeypatch.setattr(embedder_mod, "_shared", {})
    with pytest.raises(ValueError, match="onnx-int8"):
        shared_embedder("fp16")


@pytest.mark.slow
def test_shared_embedder_is_one_int8_instance_by_default(monkeypatch):
    monkeypatch.setattr(embedder_mod, "_shared", {})
    assert isinstance(shared_embedder(), OnnxEmbedder)
    assert shared_embedder() is shared_embedder("onnx-int8")
    assert isinstance(shared_embedder("torch"), MiniLMEmbedder)


class _HashEmbedder(embedder_mod.CachedEmbedder):
    """Vectors from the text's hash, and a gate the test can hold an encode at."""

    dim = DIM

    def __init__(self):
        super().__init__(cache_size=1_000)
        import threading

        self.encoded: list[str] = []
        self.started, self.gate = threading.Event(), threading.Event()
        self.gate.set()

    def _encode(self, texts):
        self.encoded.extend(texts)
        self.started.set()
        assert self.gate.wait(10)
        rows = [np.random.default_rng(int.from_bytes(hashlib.sha1(t.encode()).digest()[:8], "big")).normal(size=DIM)
                for t in texts]
        return np.asarray([r / np.linalg.norm(r) for r in rows], dtype=np.float32)


def test_a_text_forgotten_while_it_was_being_embedded_is_not_cached():
    import threading

    emb = _HashEmbedder()
    emb.gate.clear()
    worker = threading.Thread(target=emb.embed, args=(["the new flat is on Quay Street"],))
    worker.start()
    assert emb.started.wait(10)
    emb.forget_text("the new flat is on Quay Street")  # forgotten while the embedding runs
    emb.gate.set()
    worker.join(10)
    assert not emb._cache
    emb.encoded.clear()
    emb.embed(["the new flat is on Quay Street"])
    assert emb.encoded == ["the new flat is on Quay Street"]  # embedded again, and cached now
    assert len(emb._cache) == 1


def test_threads_embedding_the_same_texts_get_the_same_vectors():
    from concurrent.futures import ThreadPoolExecutor

    emb = _HashEmbedder()
    texts = [f"note number {n % 37}" for n in range(300)]
    alone = _HashEmbedder().embed(texts)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda k: emb.embed(texts[k:] + texts[:k]), range(0, 300, 25)))
    for k, out in zip(range(0, 300, 25), results):
        assert np.array_equal(out, np.roll(alone, -k, axis=0))
    assert len(emb._cache) == 37
