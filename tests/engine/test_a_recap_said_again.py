"""A recap told as such ("Reminder of the basics - Heron's Rest in Padstow, Mrs Pryce minding the
dog", "Recap of the basics: Mr Lindqvist, Year 3 Kestrels") beside news in a later turn is what
was said before, though it names what two statements or records held: those are said again, and
only the news is new. Before, the recap stayed a second record beside the first (the opener was
lost when the turn's sentences were kept as one record, and a recap naming two statements' values
read as adding one to each). A recap that names something never said, a change, or says one more
word of news about what was named ("Quick reminder: Priya Shah is leaving Moore and Co.") is kept."""
from __future__ import annotations

import re

import pytest

from two_sessions import active_after


@pytest.mark.parametrize("said, recap, word, news", [
    ("Renovation stuff: the builder is Kowalski Construction from Slough. The kitchen budget is around £18k.",
     "Tiles chosen today. Reminder of the basics: Kowalski Construction from Slough, about £18k on the kitchen.",
     "Kowalski", "Tiles"),
    ("Wedding stuff: the caterer is Bramble and Sage. The venue is Oakley Manor near Bicester.",
     "Flowers booked today. Reminder of the basics - Bramble and Sage catering at Oakley Manor.",
     "Bramble", "Flowers"),
    ("Holiday admin: the cottage is Heron's Rest in Padstow. The dog-sitter is Mrs Pryce.",
     "Roof box fitted on the car for the drive down. Reminder of the basics - Heron's Rest in Padstow, Mrs Pryce as dog-sitter.",
     "Heron", "Roof box"),
    ("School admin: Maya's teacher is Mr Lindqvist. Her class is Year 3 Kestrels.",
     "Parents' evening is next week. Recap of the basics: Mr Lindqvist, Year 3 Kestrels.",
     "Lindqvist", "evening"),
    ("Allotment notes: our plot is number 14 at Fernhill. The water butt there is shared with plot 15.",
     "Sowed the broad beans this weekend. Quick recap: plot 14 at Fernhill, water butt shared with plot 15.",
     "Fernhill", "broad beans"),
])
def test_a_recap_beside_news_is_said_again(tmp_path, said, recap, word, news):
    texts = active_after(tmp_path, "Robin", [said, recap])
    assert len([t for t in texts if word in t]) == 1, texts
    assert any(news in t for t in texts), texts


@pytest.mark.parametrize("said, recap, word", [
    ("Christening plans: the church is St Wilfrid's in Ripon.",
     "Cake is ordered! Recap of the details - 35 people, St Wilfrid's in Ripon.", "35"),
    ("Renovation stuff: the builder is Kowalski Construction from Slough.",
     "Quick recap: the builder is now Nowak Builders from Slough.", "Nowak"),
    # told as a reminder, though only one word is news
    ("My accountant is Priya Shah at Moore and Co.", "Quick reminder: Priya Shah is leaving Moore and Co.", "leaving"),
    ("My mum Jean is in Larchfield care home.", "Quick reminder: Jean really hates Larchfield.", "hates"),
    ("Our landlord is Mr Ferris, we rent in Didsbury.", "Recap of the situation: Mr Ferris is selling the Didsbury flat.",
     "selling"),
])
def test_a_recap_with_something_new_is_kept(tmp_path, said, recap, word):
    texts = active_after(tmp_path, "Robin", [said, recap])
    assert any(re.search(word, t) for t in texts), texts
