"""A request to forget one thing of several said together forgets that thing and keeps the rest:

- one item of a list ("swimming on Mondays, a debt advice appointment on Wednesdays, and choir on
  Fridays"), or what follows "and there's also ..."; what follows a forgotten item with a bare
  comma goes with it ("my car, a silver Golf, plate KX19", "my ex, who has moved to ..."), unless
  the turn says to keep it ("the dog and the job are fine to keep");
- one clause, when the next clause is the speaker's own ("... and I drive my son to judo": the
  record's "their son" is the speaker's, not the forgotten clause's);
- where the request's second sentence only points back at it ("It's personal, I'd rather it
  wasn't knocking around in your notes"): those words name no topic of their own; a second
  sentence that names a thing of its own ("that thing about my weight") still forgets it;
- the statement that gives what is named in other words ("I'm 84 kilos" for "my weight"), beside
  one that holds its word ("the dietitian wants everyone's weight").
"""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from conftest import records_after

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _gone_and_kept(tmp_path, speaker: str, turns: list[str], gone: str, kept: str) -> None:
    texts = [r.text or "" for r in records_after(tmp_path, turns, speaker, AT)]
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts
    assert any(re.search(kept, t, re.IGNORECASE) for t in texts), texts


@pytest.mark.parametrize("speaker, said, asked, gone, kept", [
    ("Oskar", "My week: swimming lessons for the twins on Mondays, a debt advice appointment on Wednesday mornings, "
              "and choir practice Friday nights.",
     "Please delete the note about the debt advice appointment, I don't want that stored.", r"debt", r"choir"),
    ("Jakub", "I'm a secondary school chemistry teacher and there's also about £300 a month coming in from tutoring "
              "on the side.",
     "Can you remove the tutoring money from your notes? I'd rather it wasn't kept.", r"300|tutor", r"chemistry"),
    ("Callum", "I've got two allotment plots at Hillside, and a beehive that I keep on my uncle's farm.",
     "Erase what I said about the beehive please.", r"beehive|hive", r"allotment"),
    ("Rhea", "I run a small bakery stall on Saturdays and there's also my part-time job at the library during the week.",
     "Please forget about my library job.", r"library", r"bakery"),
])
def test_one_item_of_a_list_goes_and_the_others_stay(tmp_path, speaker, said, asked, gone, kept):
    _gone_and_kept(tmp_path, speaker, [said, asked], gone, kept)


@pytest.mark.parametrize("speaker, said, asked, gone, kept", [
    ("Ana", "I see a hypnotherapist on Tuesday evenings, and I drive my son to judo on Saturdays.",
     "Please forget what I said about the hypnotherapist.", r"hypno", r"judo"),
    ("Teodor", "I'm on a payment plan with the council for unpaid tax, and I walk my dog along the canal every morning.",
     "Could you delete the part about the council payment plan?", r"council|tax", r"canal"),
    ("Wanjiru", "My marriage counselling sessions are on Thursdays, and I coach my daughter's netball team on Sundays.",
     "Scrap what I said about counselling, please.", r"counsel", r"netball"),
    ("Dariusz", "I'm in a methadone programme at the Bridge clinic, and I repaint my neighbours' fences in summer.",
     "Please delete what I said about the methadone programme.", r"methadone", r"fence"),
])
def test_the_speakers_own_next_clause_stays(tmp_path, speaker, said, asked, gone, kept):
    _gone_and_kept(tmp_path, speaker, [said, asked], gone, kept)


@pytest.mark.parametrize("speaker, said, asked, gone, kept", [
    ("Benoit", "I volunteer at the food bank on Sundays. I'm also on a waiting list for ADHD assessment.",
     "Can you delete the ADHD bit? It's early days and I don't want that sort of thing lying about in your memory.",
     r"adhd", r"food bank"),
    ("Tobiah", "I teach bouldering at the climbing wall on weekends. I had a miscarriage scare in March.",
     "Please drop the thing about the scare. Long story, but I'd prefer that not floating about in your files.",
     r"miscarriage|scare", r"boulder"),
    ("Kwame", "I referee under-12 football on Saturday mornings and there's also a county court judgment against me "
              "from 2023.",
     "Delete what I told you about the court judgment. Bad times, I don't want that hanging about in your records.",
     r"judg|court", r"referee"),
    ("Perpetua", "I'm on the parish council, and I'm going through IVF with my wife.",
     "Can you erase the IVF part? Early days, so I'd rather not have it sitting in your memory.", r"ivf", r"parish"),
])
def test_a_second_sentence_that_points_back_names_no_topic(tmp_path, speaker, said, asked, gone, kept):
    _gone_and_kept(tmp_path, speaker, [said, asked], gone, kept)


@pytest.mark.parametrize("speaker, said, asked, gone, kept", [
    ("Alvar", ["I earn about 52k a year.", "I weigh 96 kilos.", "I play chess online most evenings."],
     "Please forget what I said about my pay. Also drop that thing about my weight.", r"52|96", r"chess"),
    ("Bettina", ["I have a gastric band.", "I owe my sister two grand.", "I grow dahlias."],
     "Forget the gastric band. And that stuff about my sister's loan, drop it too.", r"gastric|grand", r"dahlia"),
])
def test_a_second_sentence_naming_its_own_thing_still_forgets_it(tmp_path, speaker, said, asked, gone, kept):
    _gone_and_kept(tmp_path, speaker, said + [asked], gone, kept)


@pytest.mark.parametrize("speaker, said, asked, gone, kept", [
    ("Ilse", "The dietitian wants everyone's weight for the group programme. I'm 84 kilos, and I swim three "
             "mornings a week.", "Please forget my weight.", r"\b84\b", r"swim"),
    ("Fenna", "The physio wanted everyone's weight before the class. I weigh 12 stone, and I do pilates on Wednesdays.",
     "Forget my weight please.", r"12 stone", r"pilates"),
    ("Gwen", "The landlord wants everyone's income for the application; I earn 38k a year, and I have a rescue "
             "greyhound.", "Please forget my income, I'd rather that not be kept.", r"38", r"greyhound"),
])
def test_what_is_named_in_other_words_goes_with_the_statement_holding_its_word(tmp_path, speaker, said, asked, gone,
                                                                             kept):
    _gone_and_kept(tmp_path, speaker, [said, asked], gone, kept)


@pytest.mark.parametrize("said, asked, gone", [
    (["I'm allergic to shellfish.", "I play the cello in a quartet."],
     "Drop what I told you about the shellfish allergy.", r"shellfish"),
    (["I'm allergic to shellfish.", "I play the cello in a quartet."],
     "Get rid of what I told you about the shellfish allergy.", r"shellfish"),
    (["I have a severe egg allergy.", "I play the cello in a quartet."],
     "Get rid of everything I told you about my egg allergy.", r"\begg"),
    (["I'm allergic to sesame.", "I play the cello in a quartet."],
     "Please drop what I said about the sesame allergy.", r"sesame"),
])
def test_any_verb_of_dropping_what_was_said_is_a_request(tmp_path, said, asked, gone):
    """"Drop / get rid of / ditch what I told you about ..." asks to forget it, whatever the
    classifier makes of the wording (it read these as chatter)."""
    _gone_and_kept(tmp_path, "Noor", said + [asked], gone, r"cello")


@pytest.mark.parametrize("said, other", [
    (["I drop my daughter at school at 8:30.", "I play the cello in a quartet."],
     "Drop the kids at the pool after lunch, remind me."),
    (["My old sofa is falling apart.", "I play the cello in a quartet."],
     "I need to get rid of my old sofa this weekend."),
    (["My old sofa is falling apart.", "I play the cello in a quartet."], "Can you drop me at the station?"),
])
def test_dropping_things_in_the_world_forgets_nothing(tmp_path, said, other):
    before = [r.text for r in records_after(tmp_path / "before", said, "Noor", AT)]
    after = [r.text for r in records_after(tmp_path / "after", said + [other], "Noor", AT)]
    assert before and all(text in after for text in before), (before, after)


@pytest.mark.parametrize("speaker, said, asked, gone, kept", [
    # what a thing is, after it with a bare comma, goes with it (an appositive, not a list's item)
    ("Alistair", "I drive to work in my car, a silver Golf, plate KX19 LMN, and I play squash on Mondays.",
     "Please forget everything about my car.", r"golf|kx19", r"squash"),
    ("Jodie", "I still have a key to my ex's flat, 14 Mill Lane, and I go climbing on Thursdays.",
     "Delete what I said about my ex.", r"mill lane|\b14\b", r"climbing"),
    ("Marek", "My solicitor, Ms Adeyemi at Hart & Co, phone 0161 496 0321, is handling the custody case, and I coach "
              "chess at the library.", "Forget what I said about my solicitor.", r"adeyemi|0161|hart", r"chess"),
    ("Julian", "This week I've got yoga on Monday, an appointment at the clinic, the one for my HIV meds, on "
               "Wednesday, and pub quiz on Thursday.", "forget the clinic appointment", r"hiv|clinic", r"yoga"),
    # "their" after a clause about someone else may be theirs: it goes with that clause
    ("Kit", "My sibling Sam is in rehab at the Priory, and I pay their fees every month.",
     "Forget what I said about Sam's rehab.", r"rehab|fees", None),
    ("Robin", "My partner Alex has a gambling problem, and I cover their debts every month.",
     "Please forget about Alex's gambling.", r"gambl|debts", None),
    ("Noemi", "My flatmate Priya is being investigated by HMRC, and I've lent her my accountant's number.",
     "Please delete what I said about Priya and HMRC.", r"hmrc|accountant", None),
])
def test_more_of_a_forgotten_thing_goes_with_it(tmp_path, speaker, said, asked, gone, kept):
    texts = [r.text or "" for r in records_after(tmp_path, [said, asked], speaker, AT)]
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts
    if kept:
        assert any(re.search(kept, t, re.IGNORECASE) for t in texts), texts


@pytest.mark.parametrize("speaker, said, asked, gone, kept", [
    # what the turn says to keep is not taken with the forgotten item before it
    ("Claudette", "My divorce from Hugo is final in May, the dog is staying with me, and I've started a new job at the "
                  "library.", "Remove the divorce stuff please. The dog and the job are fine to keep.",
     r"divorce|hugo", r"dog"),
    ("Wilma", "My tribunal with my old employer is in June, the cat is with my sister while I move, and I've started a "
              "pottery class.", "Forget the tribunal please. The cat bit is fine to keep.", r"tribunal", r"\bcat\b"),
    ("Anders", "My bankruptcy hearing is next Tuesday, the boat is being repainted, and I'm teaching my niece to sail.",
     "Erase what I said about the bankruptcy hearing. The boat part is fine to keep.", r"bankrupt", r"boat"),
    ("Marco", "We're in couples therapy at the moment, the house sale has gone through, and I'm training for a "
              "triathlon.", "Can you delete the bit about couples therapy? The house sale can stay.", r"therapy",
     r"house sale"),
])
def test_an_item_the_turn_says_to_keep_stays(tmp_path, speaker, said, asked, gone, kept):
    _gone_and_kept(tmp_path, speaker, [said, asked], gone, kept)


@pytest.mark.parametrize("speaker, said, asked, gone", [
    # what the forgotten one is, said with a verb of its own, goes with it
    ("Niamh", "I still text my ex, who has moved to 4 Elm Road in Didsbury, and I'm learning the cello.",
     "Please forget what I said about my ex.", r"elm road|didsbury"),
    ("Karen", "My brother Liam, who is on the sex offenders register, is moving in with us, and I've started a "
              "sourdough course.", "Drop what I told you about my brother Liam.", r"register|offender"),
    ("Leon", "I've got two letters to answer, one from the council about my rent arrears, one from the Crown Court, the "
             "court one is the scary one, and I've taken up bouldering.",
     "Bin what I told you about the Crown Court letter.", r"court"),
    ("Bryony", "My stalker, the man from the gym, has been sending letters, the police reference is 44/1923, and I've "
               "joined a choir.", "Please forget everything about the stalker.", r"44/1923|police|gym"),
    # "their" after a clause about a flatmate or a godson is theirs
    ("Jamal", "My flatmate is on a methadone script, and I collect their prescription from Boots on Fridays.",
     "Forget what I said about my flatmate's methadone.", r"methadone|prescription"),
    ("Hugh", "My godson is in a young offenders' institution, and I write to their prison address every week.",
     "Forget what I said about my godson.", r"prison|offenders"),
])
def test_what_is_said_of_a_forgotten_thing_goes_with_it(tmp_path, speaker, said, asked, gone):
    texts = [r.text or "" for r in records_after(tmp_path, [said, asked], speaker, AT)]
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts


@pytest.mark.parametrize("said, asked, kept", [
    (["I'm allergic to sesame.", "I sing in a gospel choir."],
     "Don't drop what I told you about my allergy, it's important.", r"sesame"),
    (["I have epilepsy.", "I sing in a gospel choir."],
     "Please don't delete what I said about my epilepsy, the carers need to know.", r"epilep"),
    (["I'm allergic to penicillin.", "I sing in a gospel choir."],
     "Never get rid of what I told you about my penicillin allergy.", r"penicillin"),
])
def test_asked_not_to_drop_it_keeps_it(tmp_path, said, asked, kept):
    """"Don't delete / drop / get rid of what I told you about ..." asks to keep it, as "don't
    forget ..." does."""
    texts = [r.text or "" for r in records_after(tmp_path, said + [asked], "Edda", AT)]
    assert any(re.search(kept, t, re.IGNORECASE) for t in texts), texts
    assert any("choir" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone, kept", [
    (["I'm allergic to shellfish.", "I used to live at 9 Cobble Lane."],
     "Please don't delete my allergy, just forget my old address.", r"cobble", r"shellfish"),
    (["I have a pacemaker.", "My ex is called Dominic."],
     "Never remove the pacemaker bit, but scrap what I said about my ex.", r"dominic", r"pacemaker"),
    (["I'm allergic to shellfish.", "I sing in a gospel choir."],
     "Delete what I said about the choir, don't forget the allergy though.", r"choir", r"shellfish"),
])
def test_what_not_to_drop_beside_what_to_drop(tmp_path, said, asked, gone, kept):
    """A request and, in the same sentence, what not to drop: the one goes, the other stays."""
    _gone_and_kept(tmp_path, "Edda", said + [asked], gone, kept)
