"""A request to forget one thing of a record that says two keeps the other, and an edit of a text
being written forgets nothing.

- A reason said beside the request ("It's a sore point and I'd rather you didn't keep that") points
  back at what the request named, when that was named in other words than the record's ("my
  partner losing his job" of "was made redundant"): before, the reason was read as a request of its
  own, matched by meaning, and took the statement to keep with it.
- A clause whose subject is someone named after their relation ("and my sister Dara owes the bank
  ...") is a statement of its own that a request may name alone: before, it was read as part of the
  clause before it, and both went.
- A clause about someone of the speaker's after "and" without a comma ("i swim at the lido on
  weekends and my brother Jamal is being treated for depression") is one too.
- "Remove the bit about pricing from the proposal" asks for an edit of the proposal: before, it was
  read as a request to forget, and the memory about prices went. Only "from" or "out of" a text
  says so: "the thing about me crying in my presentation" tells where it happened.
"""
from __future__ import annotations

import pytest

from tests.conftest import engine_after, record_texts


def _after(tmp_path, said: str, asked: str) -> list[str]:
    return record_texts(tmp_path, [said, asked], "Robin", "2026-03-02", 2)


def _gone_and_kept(tmp_path, said: str, asked: str, gone: str, kept: str) -> None:
    active = _after(tmp_path, said, asked)
    assert not any(gone in t for t in active), active
    assert any(kept in t for t in active), active


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("My standing desk is from Fully, and my son Arlo is seeing a speech therapist for his stammer.",
     "Delete the bit about my kid's therapy please. That's his business, so I'd rather that wasn't kept.",
     "Arlo", "Fully"),
    ("I buy my coffee beans from Origin, and my husband Raj was made redundant from the council in May.",
     "Please forget what I said about my partner losing his job. It's a sore point and I'd rather you didn't keep that.",
     "redundant", "Origin"),
    ("I write my notes in Obsidian, and my flatmate Ines is behind on rent by three months.",
     "Drop what I said about my housemate's money trouble. That's hers to tell, so I'd rather it wasn't stored.",
     "rent", "Obsidian"),
    ("I play padel on Sundays, and my wife Noor failed her driving test again on Friday.",
     "Can you forget the thing about my other half's exam? It's a sore subject and I'd rather that wasn't stored.",
     "Noor", "padel"),
])
def test_a_reason_beside_the_request_names_nothing_of_its_own(tmp_path, said, asked, gone, kept):
    _gone_and_kept(tmp_path, said, asked, gone, kept)


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("I cycle to work most days, and my sister Dara owes the bank about 20k after her shop folded.",
     "Scrap what I mentioned about my sibling's money problems.", "Dara", "cycles"),
    ("I do CrossFit three mornings a week, and our son Theo stutters when he's anxious.",
     "Please forget what I told you about my boy's speech difficulty.", "Theo", "CrossFit"),
    ("I take the 7:40 train, and my friend Jo smokes again since the breakup.",
     "Forget what I said about my mate's relapse with cigarettes please.", "smokes", "7:40"),
])
def test_a_clause_about_someone_named_after_their_relation_goes_alone(tmp_path, said, asked, gone, kept):
    _gone_and_kept(tmp_path, said, asked, gone, kept)


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("i swim at the lido on weekends and my brother Jamal is being treated for depression",
     "forget what i said about my brother's mental health", "Jamal", "lido"),
    ("i teach year 6 at a primary school and my husband Dev gambles away most of his wages",
     "can you forget the thing about my husband's gambling", "Dev", "year 6"),
    ("i keep tropical fish, mostly guppies, and my flatmate Jo got arrested at a protest",
     "forget what i said about my roommate's run-in with the police. long story.", "Jo", "guppies"),
    ("i'm redoing the kitchen with ikea units, and my sister in law Bea is going thru ivf",
     "cn you forget wat i said abt my sil's fertility treatment. its private tbh", "Bea", "ikea"),
])
def test_a_clause_about_someone_of_the_speakers_goes_alone_without_a_comma_or_with_a_long_subject(
        tmp_path, said, asked, gone, kept):
    _gone_and_kept(tmp_path, said, asked, gone, kept)


def test_someone_named_beside_the_speaker_with_no_clause_of_their_own_stays_with_them(tmp_path):
    # "lives with their mum and their brother Jamal": one statement, no clause of the brother's own
    active = _after(tmp_path, "i live with my mum and my brother Jamal in Croydon", "forget where i live please")
    assert not any("Croydon" in t for t in active), active


@pytest.mark.parametrize("said, asked, words", [
    ("Our prices went up 10% in January, and we now charge 85 an hour.",
     "Can you remove the bit about pricing from the proposal? It reads too salesy.", "10%"),
    ("My manager Dana approved the Lisbon trip for May.",
     "Delete the part about Lisbon from the email draft, she hasn't announced it yet.", "Lisbon"),
    ("I was diagnosed with ADHD in March.", "Can you remove the line about my ADHD from my cover letter?", "ADHD"),
])
def test_an_edit_of_a_text_being_written_forgets_nothing(tmp_path, said, asked, words):
    assert any(words in t for t in _after(tmp_path, said, asked))


@pytest.mark.parametrize("said, asked, words", [
    ("I've got about 30k in savings", "remove the part about my savings from the mortgage letter", "30k"),
    ("I was bullied all through secondary school", "take the bullying part out of my personal statement", "bullied"),
    ("I have dyslexia", "remove the dyslexia bit from cv pls", "dyslexia"),
])
def test_an_edit_of_a_text_with_words_of_keeping_or_no_article_forgets_nothing(tmp_path, said, asked, words):
    active = _after(tmp_path, said, asked)
    assert any(words in t for t in active), active
    assert not any("remove" in t or "take" in t for t in active), active  # nor is the edit kept as a memory


@pytest.mark.parametrize("said, asked, gone", [
    ("my ex Tom cheated on me", "please delete the bit about Tom in my last message to you", "Tom"),
    ("I cried in the middle of my presentation at work",
     "please erase the thing about me crying in my presentation, so embarrassing", "cried"),
    ("I had a panic attack during my speech at Sam's wedding",
     "can you forget the bit about my panic attack in the speech", "panic"),
])
def test_a_text_named_as_where_the_thing_happened_is_no_edit(tmp_path, said, asked, gone):
    active = _after(tmp_path, said, asked)
    assert not any(gone in t for t in active), active


@pytest.mark.parametrize("asked", [
    "Can you remove the line about my ADHD from your notes?",
    "Please delete what I told you about my ADHD.",
    "Wipe the bit about my ADHD from your memory, thanks.",
])
def test_a_request_about_what_the_assistant_keeps_still_forgets(tmp_path, asked):
    active = _after(tmp_path, "I was diagnosed with ADHD in March.", asked)
    assert not any("ADHD" in t for t in active), active


@pytest.mark.parametrize("said, asked, gone", [
    ("My gym is PureGym on Bold Street, and my wife Sana is going through IVF at the Hewitt clinic.",
     "Remove what I told you about our fertility treatment. It's early days and I'd rather it wasn't lying around.",
     "IVF"),
    ("My brother Kofi was arrested at the march in May.",
     "Forget the bit about my brother's arrest. To be honest I'd prefer that wasn't floating about.", "arrested"),
    ("I'm on a payment plan with HMRC for 6k.",
     "Please forget the HMRC stuff. I'd rather it wasn't hanging around, it stresses me out.", "HMRC"),
])
def test_a_wish_beside_the_request_that_it_not_be_left_about_is_not_kept(tmp_path, said, asked, gone):
    active = _after(tmp_path, said, asked)
    assert not any(gone in t for t in active), active
    assert not any(w in t for t in active for w in ("lying", "floating", "hanging")), active


def test_a_wish_that_a_thing_not_be_left_about_alone_asks_nothing(tmp_path):
    active = _after(tmp_path, "I keep my bike in the hallway.",
                    "My dad's old shotgun is in the loft now, I don't want it lying around.")
    assert any("bike" in t for t in active), active


@pytest.mark.parametrize("said, asked, gone", [
    ("Sarah is my business partner.", "Forget what I said about Sarah, she's been removed from the contract.", "Sarah"),
    ("My old number was 07700 900111.", "I took my son off my phone contract, so forget my old number.", "07700"),
    ("My address is 12 Elm Road, Leeds.", "Please delete my address from the application.", "Elm Road"),
])
def test_a_request_to_forget_that_names_a_text_besides_still_forgets(tmp_path, said, asked, gone):
    active = _after(tmp_path, said, asked)
    assert not any(gone in t for t in active), active


def test_a_second_request_that_names_its_own_thing_with_that_still_forgets_it(tmp_path):
    active = _after(tmp_path, "I'm planning a trip to Lisbon in April. My ex Jo still texts me.",
                    "Forget the stuff about my former partner. Wipe that getaway as well.")
    assert not any("Lisbon" in t or "Jo" in t for t in active), active


def test_a_wish_with_news_after_it_keeps_the_news(tmp_path):
    active = _after(tmp_path, "I bank with Barclays and my sort code is 20-00-00.",
                    "Please forget my bank details. I'd rather that wasn't lying around since I've switched to Monzo anyway.")
    assert any("Monzo" in t for t in active), active


def test_a_clause_is_told_by_a_verb_and_the_speakers_name_as_written():
    from engine.statements import clause_pieces, says_alone
    assert not says_alone("their brother Jamal as well")
    assert len(clause_pieces("Sam lives with their mum and their brother Jamal as well", "Sam")[0]) == 1
    assert len(clause_pieces("Will is moving house and will be away next week", "Will")[0]) == 1
    assert len(clause_pieces("Sam swims at the lido and Sam's brother Jamal is being treated for depression", "Sam")[0]) == 2


def test_a_clause_about_one_of_the_speakers_people_after_another_goes_alone(tmp_path):
    # the clause before is of the sister, not of the speaker, and the one asked about says "just started"
    _gone_and_kept(tmp_path, "my sister Priya is moving to Leeds in june and my brother Arjun just started at Infosys",
                   "please forget the bit about Arjun, he doesn't want his job talked about", "Arjun", "Priya")


@pytest.mark.parametrize("said, asked, words", [
    ("I'm writing an email to Currys asking for a refund on a broken kettle, I've been waiting three weeks",
     "take out the bit about the refund in the email, I'll just ask for a replacement", "refund"),
    ("I take metformin twice a day for my diabetes and I'm training for a 10k",
     "can you remove the line about metformin from my gym intake form?", "metformin"),
])
def test_a_piece_taken_out_of_a_text_named_with_in_or_a_form_is_an_edit(tmp_path, said, asked, words):
    assert any(words in t for t in _after(tmp_path, said, asked))


@pytest.mark.parametrize("said, asked, kept, kind", [
    ("I buy my coffee beans from Origin, and my husband Raj was made redundant from the council in May.",
     "Please forget what I said about my partner losing his job.", "Origin", "fact"),
    ("Our prices went up 10% in January, and we now charge 85 an hour.",
     "forget what I said about the price rise", "85 an hour", "fact"),
    ("I went to the gym on Monday, and my sister Dara lost her job last week.",
     "Forget the bit about my sister's job.", "gym", "episode"),
])
def test_what_is_left_keeps_a_date_only_if_it_says_one(tmp_path, said, asked, kept, kind):
    with engine_after(tmp_path, [said, asked], "Robin", "2026-03-02", 2) as eng:
        left = [r for r in eng.records("t", "u") if kept in (r.text or "")]
    assert len(left) == 1 and left[0].kind == kind, left
    assert (left[0].happened_at is None) == (kind == "fact")
