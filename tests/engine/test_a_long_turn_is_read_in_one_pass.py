"""A turn is read sentence by sentence once: the period its earlier sentences named (what bounds an
instruction whose own bound is open, "while I'm away") is carried from one sentence to the next
(extractor.setting_after), not read again from the whole turn before each sentence, which made a
turn at the length bound take seconds. What it decides is the same, but for lines without a stop:
each is the sentence the turn's split made of it, where the whole's reading joined them again."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

from engine.extractor import setting_after, setting_of, split_sentences
from engine.summarizer import turn_candidates, without_redacted

AT = datetime(2026, 3, 4, 10, 0, tzinfo=timezone.utc)

#: Sentences that name periods with an end, a day before, none, or several.
POOL = ["Today's the day my visa interview happens.", "I'm off grid for the rest of the week.",
        "Yesterday I sat in meetings all day.", "until Thursday, keep it brief", "Tonight the twins have a recital.",
        "This weekend we're painting the hallway!", "For the next two hours, no long answers.",
        "We moved to Ghent in April.", "Just for this conversation, reply in Dutch.", "Tomorrow is moving day...",
        "Dr. Okafor visits on Monday.", "Until the grant is submitted, don't send me articles.",
        "While I'm at the conference, check the calendar first?", "i.e. this afternoon; then dinner",
        "Last month was hectic. This month is calmer", "fine", "Until the end of June I'm on parental leave",
        "It's 7 p.m. here.", "we fly at 5 a.m. tomorrow", "the call is 2-3pm today", "Over Easter I'll be away.",
        "No caffeine until Friday!", "Until next Wednesday I'm in Tallinn."]


def _texts(n: int, seed: int) -> list[tuple[str, datetime, timezone]]:
    rng = random.Random(seed)
    zones = [timezone.utc, timezone(timedelta(hours=-5)), timezone(timedelta(hours=10))]
    return [(" ".join(rng.choice(POOL) for _ in range(rng.randint(2, 8))),
             AT + timedelta(hours=rng.randint(0, 240)), rng.choice(zones)) for _ in range(n)]


@pytest.mark.parametrize("text,at,tz", _texts(60, 7))
def test_the_setting_carried_sentence_by_sentence_is_the_setting_of_what_came_before(text, at, tz):
    said: list[str] = []
    carried = None
    for sentence in map(without_redacted, split_sentences(text)):
        whole = setting_of(" ".join(said), at, tz) if said else None
        assert carried == whole, (said, carried, whole)
        said.append(sentence)
        carried = setting_after(carried, sentence, at, tz)


FILLER = ["The boiler makes a ticking noise.", "Our neighbour plays the cello.", "The tram stop moved two streets over.",
          "My sister collects old maps.", "The library has a new reading room.", "We repainted the fence green."]


@pytest.mark.parametrize("period,instruction", [
    ("I'm on the road for the rest of the week.", "While I'm on the road, keep replies to three lines."),
    ("Today is the last day before my exam.", "Until I've sat it, don't bring up any new topics."),
    ("Until Saturday I'm minding my brother's shop.", "While I'm there, give prices in euros."),
])
def test_a_period_named_early_in_a_long_turn_still_bounds_an_instruction_at_its_end(period, instruction):
    short = turn_candidates(f"{period} {instruction}", role="user", speaker="Ines", occurred_at=AT)
    bound = [c.expires_at for c in short if c.kind == "temporary_instruction"]
    assert bound and bound[0] is not None, short
    # The turn's length bound is 16,000 characters: about 400 sentences like these.
    middle = " ".join(FILLER[i % len(FILLER)] for i in range(400))
    long_turn = f"{period} {middle} {instruction}"
    assert len(long_turn) < 16_000
    found = turn_candidates(long_turn, role="user", speaker="Ines", occurred_at=AT)
    assert [c.expires_at for c in found if c.kind == "temporary_instruction"] == bound, found


def test_lines_without_a_stop_are_read_each_as_its_own_sentence():
    # (found by a review helper: reading the whole again joined the first two lines into one
    # sentence, which told of yesterday, so the period "the rest of the week" bounded nothing)
    found = turn_candidates("I'm away for the rest of the week\nYesterday I sat in meetings all day\n"
                            "While I'm away, reply in French.", role="user", speaker="Ines", occurred_at=AT)
    assert [c.expires_at for c in found if c.kind == "temporary_instruction"] == [datetime(2026, 3, 9, tzinfo=timezone.utc)]
