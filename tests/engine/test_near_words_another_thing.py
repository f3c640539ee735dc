"""Two statements may share almost every word and still say two things: of another person ("my
mother-in-law" / "my mother"), with another value ("for ten years" / "for five years"), or with
two things ranked the other way round ("coffee over tea" / "tea over coffee"). None of these is the
first said again: another person's is a memory of its own, and a new value or ranking replaces the
old one."""
from __future__ import annotations

import pytest

from tests.conftest import assert_new_value_replaced_old, record_texts


def _active(tmp_path, first: str, then: str) -> list[str]:
    return record_texts(tmp_path, [first, then], "Nell", "2026-02-09", 3)


@pytest.mark.parametrize("first,then,first_word,then_word", [
    ("My mother lives in Cork.", "My mother-in-law lives in Cork.", "mother ", "mother-in-law"),
    ("My brother-in-law works at the docks in Hull.", "My brother works at the docks in Hull.",
     "brother-in-law", "brother "),
    ("My stepdad drives a taxi in Derby.", "My dad drives a taxi in Derby.", "stepdad", " dad "),
    ("My step-sister runs a bakery in Bath.", "My sister runs a bakery in Bath.", "step-sister", " sister "),
    ("My great-uncle keeps bees in Norfolk.", "My uncle keeps bees in Norfolk.", "great-uncle", " uncle "),
])
def test_the_same_words_of_another_person_are_a_memory_of_their_own(tmp_path, first, then, first_word, then_word):
    active = _active(tmp_path, first, then)
    assert any(first_word in t for t in active), active
    assert any(then_word in t for t in active), active


@pytest.mark.parametrize("first,then,old,new", [
    ("I've been vegan for five years.", "I've been vegan for ten years.", "five", "ten"),
    ("I've been sober for three years now.", "I've been sober for four years now.", "three", "four"),
    ("My season ticket for the rugby is row 12, seat 8 in the north stand.",
     "My season ticket for the rugby is row 14, seat 8 in the north stand.", "row 12", "row 14"),
])
def test_the_same_words_with_another_value_replace_the_old_one(tmp_path, first, then, old, new):
    assert_new_value_replaced_old(tmp_path, first, then, old, new, "Nell", "2026-02-09", 3)


@pytest.mark.parametrize("first,then,old,new", [
    ("I prefer tea over coffee.", "I prefer coffee over tea.", "tea over coffee", "coffee over tea"),
    ("I'd rather take the bus than cycle to the office.",
     "Honestly I'd rather cycle than take the bus to the office.", "bus than cycle", "cycle than take"),
    ("I prefer the day shift over the night shift.", "I'd choose the night shift over the day shift.",
     "day shift over", "night shift over"),
    ("I'd sooner drive than walk to the shops.", "I'd sooner walk than drive to the shops.",
     "drive than walk", "walk than drive"),
])
def test_two_things_ranked_the_other_way_replace_the_old_ranking(tmp_path, first, then, old, new):
    assert_new_value_replaced_old(tmp_path, first, then, old, new, "Nell", "2026-02-09", 3)


@pytest.mark.parametrize("first,then", [
    ("My sister teaches maths in Leeds.", "My sister teaches maths in Leeds."),
    ("I've been vegetarian for 5 years.", "I've been vegetarian for five years."),
    ("I prefer the night shift over the day shift.", "I prefer the night shift over the day shift, always have."),
])
def test_the_same_thing_said_again_stays_one_memory(tmp_path, first, then):
    assert len(_active(tmp_path, first, then)) == 1


def test_a_ranking_in_another_frame_leaves_the_first(tmp_path):
    active = _active(tmp_path, "I prefer tea over coffee in the mornings.", "I prefer coffee over tea after lunch.")
    assert len(active) == 2, active


@pytest.mark.parametrize("first,then,old,new", [
    ("I play chess online.", "I don't play chess online.", "plays chess", "doesn't play chess"),
    ("I'm a night owl.", "I'm not a night owl.", "is a night owl", "not"),
    ("I speak fluent Portuguese.", "I don't speak Portuguese at all.", "speaks fluent", "doesn't speak"),
])
def test_a_statement_denied_replaces_it(tmp_path, first, then, old, new):
    active = _active(tmp_path, first, then)
    assert any(new in t for t in active), active
    assert not any(old in t for t in active), active


@pytest.mark.parametrize("first,then", [
    ("I drink green tea every morning.", "I don't drink green tea after 6pm."),
    ("I watch football on TV.", "I don't watch rugby on TV."),
])
def test_a_denial_of_something_more_or_else_leaves_the_first(tmp_path, first, then):
    active = _active(tmp_path, first, then)
    assert len(active) == 2, active


@pytest.mark.parametrize("first,then,second", [
    ("I have a dog named Biscuit.", "I also have a cat named Biscuit.", "cat"),
    ("I have a puppy called Mochi.", "I also have a kitten called Mochi.", "kitten"),
    ("I have a son named Leo.", "I also have a nephew named Leo.", "nephew"),
])
def test_another_pet_or_relative_of_the_same_name_is_its_own_memory(tmp_path, first, then, second):
    active = _active(tmp_path, first, then)
    assert len(active) == 2 and any(second in t for t in active), active
