"""A rule of the speaker's said without its subject, as chat leaves the "I" out ("must keep 500 min in
the account at all times or they charge me", "have to be home by 6 every day to relieve the nanny",
"need to keep receipts for every expense over 50 quid, company policy"), is kept as a rule. Before,
with no word of the speaker's own, the first two were not kept at all and the third as a plain
fact. One occasion or a task ("can't make it tonight", "gotta finish the report by friday", "need
to buy milk"), an exclamation ("can't believe it's march already") and a saying ("never trust a
skinny chef, that's the golden rule": "never" and "always" open imperatives as often) are no rule."""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _kinds(tmp_path, said: str) -> list[tuple[str, str]]:
    with engine_after(tmp_path, [said], "Robin", "2026-03-02", 1) as eng:
        return [(r.kind, r.text or "") for r in eng.records("t", "u")]


@pytest.mark.parametrize("said, words", [
    ("must keep 500 min in the account at all times or they charge me", "500"),
    ("have to be home by 6 every day to relieve the nanny", "home by 6"),
    ("need to keep receipts for every expense over 50 quid, company policy", "receipts"),
    ("have to take my blood pressure pills at 8am daily", "8am"),
])
def test_a_rule_without_its_subject_is_kept_as_one(tmp_path, said, words):
    kept = _kinds(tmp_path, said)
    assert any(kind == "constraint" and words in text for kind, text in kept), kept


@pytest.mark.parametrize("said", [
    "can't make it tonight, sorry",
    "gotta finish the report by friday",
    "need to buy milk",
    "can't believe it's march already",
    "Never trust a skinny chef, that's the golden rule.",
    "can't wait to see your show, the community needs more of these",
])
def test_one_occasion_a_task_or_an_exclamation_is_no_rule(tmp_path, said):
    assert not any(kind == "constraint" for kind, _ in _kinds(tmp_path, said))
