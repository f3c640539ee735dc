"""A change said after what led to it ("The house got sold, my sister's landlord is a Mrs Ortiz
now") is of the clause that says it: that clause's subject (the sister's landlord) is whose new value
it is, not the first clause's. Before, only the opening words said whose the statement was, and
the record of the old landlord stayed. A clause with no word of change adds no subject."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import active_after


@pytest.mark.parametrize("first, later, old, new", [
    ("My sister's landlord is Mr Hale.", "The house got sold, my sister's landlord is a Mrs Ortiz now.",
     "Hale", "Ortiz"),
    ("My cousin's landlord is Mr Patel.", "The building got sold, my cousin's landlord is a company called "
     "Brickfield now.", "Patel", "Brickfield"),
    ("My mum's cleaner is Dorota.", "The agency got taken over, my mum's cleaner is a lady called Agnes now.",
     "Dorota", "Agnes"),
])
def test_the_change_is_of_the_clause_that_says_it(tmp_path, first, later, old, new):
    texts = active_after(tmp_path, "Marit", [first, later])
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts


@pytest.mark.parametrize("first, later, kept", [
    ("My sister's landlord is Mr Hale.", "The house got sold, my brother's landlord is a Mrs Ortiz now.", "Hale"),
    ("My mum's cleaner is Dorota.", "The agency got taken over, my aunt's cleaner is a lady called Agnes now.",
     "Dorota"),
    ("My cousin's landlord is Mr Patel.", "The building got sold, and my cousin is furious about it.", "Patel"),
])
def test_another_ones_change_leaves_the_record(tmp_path, first, later, kept):
    texts = active_after(tmp_path, "Marit", [first, later])
    assert any(kept in t for t in texts), texts



@pytest.mark.parametrize("first, later, new", [
    ("ok so some context, i work nights at a warehouse in swindon, my shift lead is a guy called darren, and most "
     "of my time goes on picking orders and loading the vans for the morning run",
     "darren got fired, my shift lead is kyle now", "kyle"),
    ("So, quick rundown: I'm a software engineer at a startup in Austin, my manager is Priya Shah, my team owns "
     "the billing service, and most of my week goes into on-call and fixing flaky integration tests.",
     "priya left, my manager is now a guy named marcus", "marcus"),
])
def test_a_clause_of_a_long_sentence_is_not_the_new_value_said_again(tmp_path, first, later, new):
    """A long sentence is weighed clause by clause for a change only: a name typed in lower case is
    no value the rules read, and against one clause the new statement would read as that clause
    said again and be dropped."""
    texts = active_after(tmp_path, "Marit", [first, later])
    assert any(new in t for t in texts), texts


@pytest.mark.parametrize("first, later, kept", [
    ("My brother lives in Bristol.", "I moved to Leeds in January, my brother's got a new job now.", "Bristol"),
    ("My sister works at Tesco.", "I got a new job at Aldi, my sister's engaged now.", "Tesco"),
])
def test_a_clause_without_values_gives_the_speakers_values_to_no_one(tmp_path, first, later, kept):
    """The values of a clause about the speaker are not given to the subject of a later clause."""
    texts = active_after(tmp_path, "Marit", [first, later])
    assert any(kept in t for t in texts), texts


def test_an_unrelated_change_leaves_a_long_sentence_whole(tmp_path):
    """A clause of a long sentence is weighed only by a statement that names something it names."""
    first = ("So you know where I'm coming from, I teach Year 9 science at a comprehensive in Leeds, my head of "
             "department is Mr Okonjo, and most of my free periods go on marking lab books and planning the practicals.")
    texts = active_after(tmp_path, "Marit", [first, "I changed my phone to a Pixel 8."])
    assert any("Okonjo" in t and "Year 9" in t for t in texts), texts
