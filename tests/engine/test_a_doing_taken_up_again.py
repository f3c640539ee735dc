""""I eat fish again" after "I don't eat fish": what a record denied or said was over is done
again. The new statement is a standing fact, and the record that denied it is no longer current.
A thing done once more ("I forgot my keys again", "I'm late again") is no doing taken up, and a
doing taken up says nothing of another one ("I play tennis again" leaves "doesn't play golf")."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts


def _active(tmp_path, turns: list[str]) -> list[str]:
    return record_texts(tmp_path, turns, "Oren", "2026-03-16", 4)


@pytest.mark.parametrize("first,then,denied,again", [
    ("I don't eat fish.", "I eat fish again.", "doesn't eat fish", "fish"),
    ("I don't drink coffee at all.", "I'm drinking coffee again, two cups a day.", "doesn't drink coffee", "coffee"),
    ("I can't have dairy.", "Good news, I can have dairy again.", "can't have dairy", "dairy"),
    ("I don't drive anymore.", "I drive again since the eye operation.", "doesn't drive", "drive"),
])
def test_a_doing_taken_up_again_replaces_its_denial(tmp_path, first, then, denied, again):
    active = _active(tmp_path, [first, then])
    assert not any(denied in t for t in active), active
    assert any(again in t and "again" in t for t in active), active


@pytest.mark.parametrize("then", ["I play tennis again.", "I'm late again.", "I forgot my keys again."])
def test_another_doing_or_a_one_off_leaves_the_denial(tmp_path, then):
    active = _active(tmp_path, ["I don't play golf.", then])
    assert any("doesn't play golf" in t for t in active), active


@pytest.mark.parametrize("said", ["I'm late again.", "I forgot my keys again.", "Thanks again!", "Could you say that again?"])
def test_a_thing_done_once_more_is_not_kept(tmp_path, said):
    assert _active(tmp_path, [said]) == []


@pytest.mark.parametrize("first,then,ended,again", [
    ("I gave up chocolate.", "I eat chocolate again.", "gave up chocolate", "chocolate again"),
    ("I quit smoking.", "I'm smoking again, sadly.", "quit smoking", "smoking again"),
    ("I stopped running.", "I'm running again, slowly.", "stopped running", "running again"),
])
def test_a_doing_given_up_and_taken_up_again_ends_the_giving_up(tmp_path, first, then, ended, again):
    active = _active(tmp_path, [first, then])
    assert not any(ended in t for t in active), active
    assert any(again in t for t in active), active


def test_one_thing_of_a_list_taken_up_leaves_the_rest_denied(tmp_path):
    active = _active(tmp_path, ["I don't eat fish or shellfish.", "I eat fish again."])
    assert any("shellfish" in t and "doesn't" in t for t in active), active
