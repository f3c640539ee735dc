"""A statement the speaker marks as said before in their own words ("like I said, ...", "as I told
you last week, ...", "as I mentioned earlier, ...", "as I may have mentioned") repeats the record it
is closest to, as "as you know" and "for context" do. Before, these marks were read as part of the
statement ("Like Robin said, ..."), which was kept as a second memory beside the first. A marked
statement that says another thing (another part, another team) is kept; "as I said to my boss"
tells of something said to someone else and marks nothing. Nor is a statement the record said again
because the speaker does the same thing to something else ("I sing bass in the church choir" after
"I sing tenor in a barbershop quartet", which before were taken for one memory by the verb they
share), or to a thing numbered otherwise ("the u16 squad" after "the u14 squad"). A number written inside a word ("the
u12 girls", "a 3yo labrador") is the number said plainly later ("under 12", "3 years old"), not a
new value."""
from __future__ import annotations

import pytest

from engine.extractor import told_before, without_opener
from two_sessions import active_after


@pytest.mark.parametrize("said, word", [
    (["I sing tenor in a barbershop quartet.",
      "like I said, I'm a tenor in a barbershop quartet. any warm-up ideas?"], "quartet"),
    (["my daughter plays violin in the county youth orchestra",
      "like I told you, my daughter's in the county youth orchestra on violin. concert tips?"], "orchestra"),
    (["my landlord is a guy called Morris who never fixes anything",
      "as I said, my landlord Morris never fixes a thing. the boiler's out again"], "Morris"),
])
def test_a_statement_marked_as_said_before_is_the_record_said_again(tmp_path, said, word):
    active = active_after(tmp_path, "Robin", said)
    assert sum(word.lower() in t.lower() for t in active) == 1, active


@pytest.mark.parametrize("said, words", [
    (["I sing tenor in a barbershop quartet.", "like I said, I sing bass in the church choir"], ("tenor", "bass")),
    (["I coach the u14 boys rugby squad", "as I said, I coach the u16 girls hockey squad as well"], ("rugby", "hockey")),
    (["my partner Jo is a paramedic", "like I said, my brother is a paramedic too"], ("partner", "brother")),
    (["My sister Jo lives in Leeds with her husband", "As I said, my sister Jo is pregnant"], ("Leeds", "pregnant")),
    (["I take the A1 to work", "As I mentioned, I take the A14 to work"], ("A1 ", "A14")),
    (["I drive a Skoda Octavia", "like I said, I drive a Skoda, and I just bought an e-bike"], ("Octavia", "e-bike")),
])
def test_a_marked_statement_that_says_another_thing_is_kept(tmp_path, said, words):
    active = active_after(tmp_path, "Robin", said)
    assert all(any(w in t for t in active) for w in words), active


@pytest.mark.parametrize("text, rest", [
    ("like I said, I work nights", "I work nights"),
    ("as I mentioned before, my son is autistic", "my son is autistic"),
    ("as I told you last week, my mum lives with us", "my mum lives with us"),
    ("just to remind you, I'm vegan", "I'm vegan"),
    ("just to remind you that I'm vegan", "I'm vegan"),
    ("as mentioned, we have two cats", "we have two cats"),
])
def test_the_mark_is_no_part_of_what_is_kept(text, rest):
    assert told_before(text)
    assert without_opener(text) == rest


@pytest.mark.parametrize("text", [
    "as I said to my boss, I'm not doing overtime",
    "like I told my sister, the flat is too small",
    "just to remind you to book the vet",
    "as I said it would, it rained all weekend",
    "I finished the shed, like I said I would",
    "Just as I said goodbye, the phone rang",
    "the venue, as mentioned by my sister, is lovely",
])
def test_said_to_someone_else_marks_nothing(text):
    assert not told_before(text)


@pytest.mark.parametrize("said, word", [
    (["i coach a u12 girls netball team on wknds", "as you know i run the under 12 girls netball side"], "netball"),
    (["we have a 3yo labrador called Biscuit", "our labrador Biscuit is 3 years old"], "Biscuit"),
    (["we have a 2yo spaniel called Moss", "our spaniel Moss is 2 years old and very bouncy"], "Moss"),
])
def test_a_number_written_inside_a_word_is_the_same_number(tmp_path, said, word):
    active = active_after(tmp_path, "Robin", said)
    assert sum(word.lower() in t.lower() for t in active) == 1, active


def test_another_number_is_another_team(tmp_path):
    active = active_after(tmp_path, "Robin", ["I coach the u14 boys rugby squad", "I also coach the u16 boys rugby squad"])
    assert any("u14" in t for t in active) and any("u16" in t for t in active), active


@pytest.mark.parametrize("said, words", [
    (["I sing tenor in a barbershop quartet.", "I sing bass in the church choir on Sundays."], ("tenor", "bass")),
    (["I coach the u14 boys rugby squad", "I coach the u16 girls hockey squad as well"], ("rugby", "hockey")),
    (["I teach yoga at the leisure centre", "I teach pilates at the community hall"], ("yoga", "pilates")),
])
def test_the_same_doing_of_another_thing_is_another_memory(tmp_path, said, words):
    active = active_after(tmp_path, "Robin", said)
    assert all(any(w in t for t in active) for w in words), active


@pytest.mark.parametrize("said, words", [
    (["My bus is the 47X to town", "My bus to town takes 47 minutes"], ("47X", "47 minutes")),
    (["I drive a 4x4 to work", "I drive 4 days a week to work"], ("4x4", "4 days")),
])
def test_a_number_in_another_word_is_not_the_same_number(tmp_path, said, words):
    active = active_after(tmp_path, "Robin", said)
    assert all(any(w in t for t in active) for w in words), active
