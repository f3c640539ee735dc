"""The figures of the memory-quality benchmark, as plain functions (no engine, no model).

- answer-token coverage: the share of the gold answer's words (lower-cased, stop words removed) that
  appear in the context handed to the agent, the context capped at `max_words` words;
- recall_any@k: 1 when any evidence turn is among the turns behind the top k results;
- evidence ids as the dataset writes them, normalised to ``D<session>:<turn>`` (``D:11:26``,
  ``D8:6; D9:17`` and ``D30:05`` occur).
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

#: Function words that carry no answer. Month names ("may") and numbers are never stop words.
STOP_WORDS: frozenset[str] = frozenset(
    """a an the and or but if then so of to in on at by for with from as is are was were be been being
    am do does did have has had having i me my mine we our ours you your yours he him his she her hers it
    its they them their theirs this that these those there here what which who whom whose when where why
    how all any both each other some such no nor not only own same than too very can will just should
    would could might must shall about into over under again further once up down out off also s t
    it's i'm i've i'd i'll you're that's what's let's don't doesn't didn't""".split()
)

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def words(text: object) -> list[str]:
    """Lower-cased words; answers may be numbers (a year), so anything is turned into text first."""
    return _WORD.findall(str(text).lower().replace("\u2019", "'"))


def answer_terms(answer: object) -> set[str]:
    """The gold answer's words that count: lower-cased, stop words removed, possessive 's dropped."""
    out = set()
    for w in words(answer):
        w = w.removesuffix("'s")
        if w and w not in STOP_WORDS:
            out.add(w)
    return out


def cap_words(text: str, max_words: int) -> str:
    return " ".join(text.split()[:max_words])


def context_terms(context: str, max_words: int = 300) -> set[str]:
    return {w.removesuffix("'s") for w in words(cap_words(context, max_words))}


def coverage(answer: object, context: str, max_words: int = 300) -> float | None:
    """Share of the answer's words found in the first `max_words` words of `context`.

    None when the answer has no word that counts (it is then left out of the averages).
    """
    wanted = answer_terms(answer)
    if not wanted:
        return None
    found = context_terms(context, max_words)
    return len(wanted & found) / len(wanted)


def contains_answer(answer: object, context: str, max_words: int = 300) -> bool:
    """Every word of the answer that counts is in the context (for adversarial answers)."""
    cov = coverage(answer, context, max_words)
    return cov is not None and cov >= 1.0


_EVIDENCE = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)", re.IGNORECASE)


def normalise_evidence(raw: str | Iterable[str]) -> list[str]:
    """Evidence ids as ``D<session>:<turn>``, leading zeros dropped, in order, without repeats.

    >>> normalise_evidence(["D:11:26", "D8:6; D9:17", "D30:05"])
    ['D11:26', 'D8:6', 'D9:17', 'D30:5']
    """
    items = [raw] if isinstance(raw, str) else list(raw)
    out: list[str] = []
    for item in items:
        for m in _EVIDENCE.finditer(str(item)):
            ref = f"D{int(m.group(1))}:{int(m.group(2))}"
            if ref not in out:
                out.append(ref)
    return out


def recall_any(evidence: Sequence[str], ranked_turns: Sequence[Iterable[str]], k: int) -> float | None:
    """1.0 if any evidence turn is behind one of the first k results (each result: its turn ids).

    None when the question names no evidence.
    """
    wanted = set(normalise_evidence(evidence))
    if not wanted:
        return None
    for turns in ranked_turns[:k]:
        if wanted & set(normalise_evidence(list(turns))):
            return 1.0
    return 0.0


def mean(values: Iterable[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return sum(got) / len(got) if got else None
