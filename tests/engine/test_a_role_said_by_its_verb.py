"""Who fills a role of the speaker's, said by what they do ("Dr Okafor is supervising me from now on",
"Coach Brandt is training us this season", "Ms Varga will be tutoring me from September") or with a
title before the name ("Prof. Lind has become my supervisor"): a new value of the role, so the record
of who held it before no longer holds. Before, the verb said no role, and a title ("Dr.", "Prof.",
"Mrs") made the name read as whom the sentence is about. Not a change: the same person said again,
someone doing it for another ("Dr Okafor is supervising my sister"), a role of a thing no one holds
alone ("my friend Dana is training me for the 10k" beside a coach)."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("old, new, gone, kept", [
    ("My PhD supervisor is Professor Hallam.", "Dr. Okafor is supervising me from now on, Hallam moved to Leeds.",
     "is Professor Hallam", "Okafor"),
    ("Our swim coach is Ines Ferreira.", "Coach Brandt is coaching us from this season.", "Ferreira", "Brandt"),
    ("My maths tutor is Mr Doyle.", "Ms Varga is tutoring me from September, Mr Doyle retired.", "tutor is Mr Doyle",
     "Varga"),
    ("My line manager is Beth Ng.", "Prof. Lind has become my line manager after the restructure.", "Beth", "Lind"),
    ("My mentor at work is Sanjay Rao.", "Mrs. Achebe is mentoring me now — Sanjay left the firm.", "mentor at work is Sanjay",
     "Achebe"),
])
def test_a_new_holder_of_a_role_said_by_its_verb_or_with_a_title_replaces_the_old(tmp_path, old, new, gone, kept):
    texts = active_after(tmp_path, "Noor", [old, new])
    assert not holds(texts, gone), texts
    assert holds(texts, kept), texts


@pytest.mark.parametrize("old, new, gone, kept", [
    ("My supervisor is Professor Sato.", "Dr. Imai is supervising me from now on.", "Sato", "Imai"),
    ("My mentor at work is Priya Nair.", "Raj Mehta is mentoring me now", "Priya", "Raj"),
    ("My line manager is Kate.", "Mrs. Osei is managing me now.", "Kate", "Osei"),
])
def test_a_short_role_said_by_its_verb_is_kept_and_replaces_the_old(tmp_path, old, new, gone, kept):
    """Said alone, with nothing after it but when: kept as the role's new value (before, not kept)."""
    texts = active_after(tmp_path, "Noor", [old, new])
    assert not holds(texts, gone), texts
    assert holds(texts, kept), texts


@pytest.mark.parametrize("old, new", [
    ("My PhD supervisor is Professor Hallam.", "Dr. Okafor is supervising my sister's project this year."),
    ("My PhD supervisor is Professor Hallam.", "Professor Hallam is supervising me again this term."),
    ("Our swim coach is Ines Ferreira.", "My friend Dana is training me for the 10k on weekends."),
    ("My maths tutor is Mr Doyle.", "Khan Academy is tutoring me in calculus."),
    ("My driving instructor is Bob Fenn.", "Mum is teaching me to drive on Sundays."),
    # an app, kin, a word that is no name: no person taking the role
    ("My coach is Noor Haddad.", "Peloton is coaching me now"),
    ("My manager is Kate Lowe.", "Mum is managing me again"),
    ("My Spanish tutor is Elena Ruiz.", "ChatGPT is tutoring me these days"),
])
def test_no_new_holder_leaves_the_role_as_it_was(tmp_path, old, new):
    texts = active_after(tmp_path, "Noor", [old, new])
    assert holds(texts, old.split(" is ")[1].rstrip(".")), texts
