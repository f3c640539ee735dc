"""Which of the memories about one person a request to forget takes, when several hold their name.

- A thing of theirs ("Signe's love life") takes the memories about that thing, not every memory that
  names them: the thing named, read alone, parts "Signe is dating her tennis coach" from "Signe
  teaches piano in Oslo", where how alike each reads to the whole request was decided by the name.
  Two memories about the thing both go.
- A request that names only the person ("could you please forget about Ottavio?", "what I told you
  about Ottavio", "Berit's info", "my neighbour") takes every memory holding them, not only the one
  that reads closest.
- A relation names the person introduced by it ("my uncle Feliks"): "Feliks is on statins" is about
  "my uncle" too.
- "forget Henrike's pottery", "scrap the stuff about Idris's caravan", "please forget about
  Wilhelmina", "pls get rid of Ingrid's gambling debts", "can we drop everything about Bernadette" are
  requests whatever the classifier makes of them (it read these as none).
- Told of one person, two statements of different things are two memories: the person's name they
  share (or the speaker's, "Josephine's cousin Bart ...") does not make the second a repeat.

The phrasings were written for these tests; each failed before these changes, except those marked
as guards of what held before."""
from __future__ import annotations

import pytest

from engine import MemoryEngine

SPEAKER = "Wendeline"


def active_after(tmp_path, said: list[str], asked: str | None, speaker: str = SPEAKER) -> list[str]:
    """The active records' texts after `said` (one session, a minute apart, and a statement of the
    speaker's own) and `asked` four days later in another session."""
    turns = [("s1", t) for t in said] + [("s1", "I prefer tea to coffee")] + ([("s2", asked)] if asked else [])
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, (session, text) in enumerate(turns):
            day = "02" if session == "s1" else "06"
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": session, "turn_id": str(i),
                           "role": "user", "speaker": speaker, "text": text,
                           "occurred_at": f"2026-03-{day}T10:{i:02d}:00Z"})
        engine.flush()
        return [r.text or "" for r in engine.records("t", "u")]


def assert_taken(texts: list[str], gone: list[str], kept: list[str]) -> None:
    low = " ".join(texts).lower()
    assert all(w not in low for w in gone) and all(w in low for w in kept) and "tea" in low, texts


@pytest.mark.parametrize("said, asked, gone, kept", [
    (["My brother Joost got fired for fighting.", "Joost collects old postcards."],
     "forget what I said about Joost's job", ["fired"], ["postcards"]),
    (["My friend Signe is dating her tennis coach.", "Signe teaches piano in Oslo."],
     "forget what I told you about Signe's love life", ["dating"], ["piano"]),
    (["My cousin Wim is drowning in credit card bills.", "Wim builds drones."],
     "scrap the bit about Wim's finances", ["drowning"], ["drones"]),
    (["My neighbour Agathe was arrested at a protest.", "Agathe breeds pugs."],
     "forget what I said about Agathe's situation", ["arrested"], ["pugs"]),
    (["My friend Solveig got dumped by her fiance.", "Solveig works at a pharmacy in Bergen."],
     "forget what I told you about Solveig's love life", ["dumped"], ["pharmacy"]),
    (["My neighbour Bogdan got caught stealing from work.", "Bogdan has a tortoise called Vlad."],
     "forget the stuff about Bogdan's job", ["caught"], ["tortoise"]),
    # guards: held before too
    (["My colleague Tiago is splitting up with his partner.", "Tiago plays padel."],
     "delete the stuff about Tiago's relationship", ["splitting"], ["padel"]),
    (["My flatmate Dorian owes his dealer money.", "Dorian does stand-up comedy."],
     "wipe the bit about Dorian's debts", ["owes"], ["stand-up"]),
])
def test_a_thing_of_theirs_takes_the_memories_about_it(tmp_path, said, asked, gone, kept):
    assert_taken(active_after(tmp_path, said, asked), gone, kept)


@pytest.mark.parametrize("said, asked, gone, kept", [
    (["My friend Ottavio is bankrupt.", "Ottavio keeps bees."], "could you please forget about Ottavio?",
     ["bankrupt", "bees"], []),
    (["My friend Ottavio is bankrupt.", "Ottavio keeps bees."], "forget what I told you about Ottavio",
     ["bankrupt", "bees"], []),
    (["My colleague Berit cycles in from Hove.", "Berit has three kids."], "can you delete Berit's info",
     ["cycles", "three"], []),
    (["My neighbour Hedda walks with a cane.", "Hedda knits jumpers for the church sale."],
     "wipe what I said about my neighbour", ["cane", "knits"], []),
    # guard (held before too): a relation before the name it goes by, and another person's thing kept
    (["My colleague Dario moved to Turin.", "Dario has a vintage Lancia.", "My sister grows lavender."],
     "could you forget about my colleague Dario", ["turin", "lancia"], ["lavender"]),
])
def test_only_the_person_named_takes_all_of_theirs(tmp_path, said, asked, gone, kept):
    assert_taken(active_after(tmp_path, said, asked), gone, kept)


@pytest.mark.parametrize("said, asked, gone, kept", [
    # guard: held before too
    (["My uncle Feliks was diagnosed with Parkinson's in June.", "Feliks is on levodopa now.",
      "Feliks restores canal boats."], "forget about my uncle's health please", ["parkinson", "levodopa"], ["canal"]),
    (["My aunt Brigid has arthritis in both knees.", "Brigid takes morphine for the pain.",
      "Brigid paints lighthouses."], "forget my aunt's health", ["arthritis", "morphine"], ["lighthouses"]),
    (["My niece Liesel got into the Royal Ballet School.", "Liesel is fostering a kitten."],
     "delete the bit about my niece", ["ballet", "kitten"], []),
    (["My grandad Oswin plays bowls on Tuesdays.", "Oswin breeds canaries."], "wipe what I said about grandad",
     ["bowls", "canaries"], []),
])
def test_a_relation_names_whom_it_introduced(tmp_path, said, asked, gone, kept):
    assert_taken(active_after(tmp_path, said, asked), gone, kept)


@pytest.mark.parametrize("said, asked, gone, kept", [
    (["My friend Henrike sells her pottery at the Saturday market.", "Henrike lives in Delft."],
     "forget Henrike's pottery", ["pottery"], ["delft"]),
    (["My cousin Idris bought a caravan in Wales.", "Idris teaches maths."],
     "scrap the stuff about Idris's caravan", ["caravan"], ["maths"]),
    (["My friend Marit cycles to Brighton every Sunday.", "Marit works as a vet in Hove."],
     "please don't keep anything about Marit's cycling", ["brighton"], ["vet"]),
    (["My friend Wilhelmina moved to Ghent.", "Wilhelmina restores pianos."], "pls forget about Wilhelmina",
     ["ghent", "pianos"], []),
    (["My classmate Anouk works at a bike shop.", "Anouk has a twin brother."], "could you please forget about Anouk",
     ["bike", "twin"], []),
    (["My friend Rasmus brews kombucha.", "Rasmus lives on a houseboat."], "can u forget about Rasmus?",
     ["kombucha", "houseboat"], []),
    # getting rid of, or dropping, what was said of someone
    (["My friend Ingrid has gambling debts.", "Ingrid runs a flower stall."], "pls get rid of Ingrid's gambling debts",
     ["gambling"], ["flower"]),
    (["My uncle Pavel goes fly fishing on the Tay.", "Pavel is a retired judge."],
     "could you get rid of my uncle's fishing stuff", ["fishing"], ["judge"]),
    (["My mother-in-law Bernadette is visiting for three weeks.", "Bernadette hates my cooking."],
     "can we drop everything about Bernadette", ["visiting", "cooking"], []),
    (["My neighbour Tobiah plays the tuba.", "Tobiah works nights at the depot."],
     "could we get rid of everything about Tobiah", ["tuba", "depot"], []),
])
def test_requests_read_as_none_before(tmp_path, said, asked, gone, kept):
    assert_taken(active_after(tmp_path, said, asked), gone, kept)


@pytest.mark.parametrize("said, asked", [
    # the sentence goes on to something else, or is no request of the assistant
    (["My friend Tom is throwing a party on Saturday."], "forget Tom's party, let's go bowling instead"),
    (["My friend Wilma is moving to Leeds."], "forget about Wilma"),
    (["My friend Ines is moving to Faro."], "can you forget about Ines, she never answers anyway"),
    (["My dad keeps his old sofa in the garage."], "Get rid of Dad's old sofa. The van comes at 9."),
    (["My dad keeps his old sofa in the garage."], "get rid of Dad's old sofa, it's taking up the garage"),
    (["My dad's old car is a 1998 Volvo."], "Scrap Dad's old car. The garage takes it on Monday."),
    (["My work is nursing at St Mary's in Leeds."], "Can we drop everything about work and talk about my holiday?"),
])
def test_no_request_takes_nothing(tmp_path, said, asked):
    texts = active_after(tmp_path, said, asked)
    word = said[0].split()[-1].rstrip(".").lower()
    assert word in " ".join(texts).lower(), texts


@pytest.mark.parametrize("speaker, said, words", [
    ("Wendeline", ["My cousin Bart owes me two hundred quid.", "Bart fixes old bikes in his shed.",
                   "Bart drives a milk float."], ["quid", "bikes", "milk"]),
    ("Noor", ["My colleague Henk owes me a lunch.", "Henk repairs clocks in his attic."], ["lunch", "clocks"]),
    ("Noor", ["My sister Femke has my camera.", "Femke keeps goats on her farm."], ["camera", "goats"]),
    # guards: held before too (and the same said again is still one memory)
    ("Noor", ["My uncle Teodor lives on a narrowboat.", "Teodor plays the accordion at weddings."],
     ["narrowboat", "accordion"]),
    ("Josephine", ["My colleague Margit runs the payroll team.", "Margit has a glass eye."], ["payroll", "glass"]),
    ("Claire", ["My neighbour Casper built his own sauna.", "Casper has three grown-up daughters."],
     ["sauna", "daughters"]),
])
def test_two_things_told_of_one_person_are_two_memories(tmp_path, speaker, said, words):
    low = " ".join(active_after(tmp_path, said, None, speaker=speaker)).lower()
    assert all(w in low for w in words), low


def test_the_same_said_again_of_them_is_still_one_memory(tmp_path):
    texts = active_after(tmp_path, ["My sister Femke has my camera.", "Femke still has my camera."], None, speaker="Noor")
    assert sum("camera" in t for t in texts) == 1, texts


def test_a_name_is_matched_whole(tmp_path):
    """"forget about Martin" takes Martin's memories, not those of "my sister Martina" (found by a review)."""
    texts = active_after(tmp_path, ["My sister Martina is a nurse in Leeds.", "My colleague Martin plays squash."],
                         "Please forget about Martin.")
    low = " ".join(texts).lower()
    assert "nurse" in low and "squash" not in low, texts


def test_what_is_told_beside_a_request_to_forget_them_is_not_kept(tmp_path):
    """Told of someone in the very turn that asks to forget them: nothing of it is kept (found by a review)."""
    texts = active_after(tmp_path, ["My flatmate Oddny works at the aquarium."],
                         "Oddny has epilepsy. Please forget everything about Oddny.")
    assert not any("oddny" in t.lower() for t in texts), texts
