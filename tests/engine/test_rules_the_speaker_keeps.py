"""A rule the speaker keeps to, said with its condition ("I don't fly unless it's a direct flight",
"I won't run if it's below minus five"), is a constraint, however the classifier reads the
sentence (it often takes these for a preference or chatter). A thought, a feeling or a one-off
said in the same shape ("I don't know if I can make it", "I won't be home before 6", "I won't go
out tonight if it rains") is no rule of theirs."""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _kinds(tmp_path, said: str) -> list[tuple[str, str]]:
    with engine_after(tmp_path, [said], "Idris", "2026-05-11", 1) as eng:
        return [(r.kind, r.text or "") for r in eng.records("t", "u")]


@pytest.mark.parametrize("said,word", [
    ("I don't fly unless it's a direct flight.", "direct"),
    ("I won't run if it's below minus five.", "minus five"),
    ("I don't take on jobs under 200 pounds.", "200"),
    ("I only swim when the lifeguard is on duty.", "lifeguard"),
    ("I don't climb outdoors when the rock is wet.", "wet"),
    ("I never book anything that leaves before 7am.", "7am"),
    ("When I'm cycling alone I don't ride if it's icy.", "icy"),
    # a household's rule
    ("We don't do sleepovers unless we know the parents.", "sleepovers"),
    ("We never eat out on weeknights unless it's a birthday.", "weeknights"),
])
def test_a_rule_with_its_condition_is_a_constraint(tmp_path, said, word):
    held = _kinds(tmp_path, said)
    assert any(kind == "constraint" and word in text for kind, text in held), held


@pytest.mark.parametrize("said", [
    "I don't know if I can make it.", "I won't be home before 6.", "I don't mind if you call late.",
    "I never know when to stop.", "I don't think I'll go if it rains.", "I only found out when I got home.",
    "I won't go out tonight if it rains.", "I don't care if it's expensive.",
    "I won't make it unless the train is on time.", "I won't finish the report unless someone helps me.",
])
def test_a_thought_a_feeling_or_a_one_off_is_no_rule(tmp_path, said):
    assert not any(kind == "constraint" for kind, _ in _kinds(tmp_path, said))


def test_a_rule_beside_other_news_is_a_constraint(tmp_path):
    held = _kinds(tmp_path, "Back from a week in the Lakes, knees are sore. I don't hike when the cloud is below 600 metres.")
    assert any(kind == "constraint" and "600" in text for kind, text in held), held

