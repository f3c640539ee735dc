"""A held-out set for choosing the echo thresholds of engine.erasure, and its figures.

Each case is a user's statement (memstream records it), another turn, where that turn is said (the
assistant's or other party's reply right after it, the turn it answers right before it, or later in
the session), and whether the turn repeats the statement (an echo: forgetting the memory must shred
it) or not (it must stay). Written for this purpose: none of it comes from a dataset or from the
tests. Addresses, numbers, names, preferences in common words, plans, health, work.

    python -m bench.erasure_pairs                    # forget each memory, count right and wrong
    python -m bench.erasure_pairs --cos               # also print each pair's cosine and terms
    python -m bench.erasure_pairs --set echo_reply_similarity=0.35 ...

Prints, per position and label, how many turns were shredded, and lists the mistakes.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

# (statement, other turn, its role, position, echo?)  position: after | before | later
PAIRS: list[tuple[str, str, str, str, bool]] = [
    # addresses
    ("I just moved to 14 Carrowmore Road in Galway.", "Carrowmore Road, number 14, saved.", "assistant", "after", True),
    ("I just moved to 14 Carrowmore Road in Galway.", "Should the parcel go to 14 Carrowmore Rd then?", "assistant", "later", True),
    ("I just moved to 14 Carrowmore Road in Galway.", "The weather in Galway is rainy again today.", "user", "later", False),
    ("Our flat is at 9 Rue Delambre, on the third floor.", "Third floor at 9 rue Delambre, got it.", "assistant", "after", True),
    ("Our flat is at 9 Rue Delambre, on the third floor.", "I'll put Rue Delambe down as your street.", "assistant", "later", True),
    ("Our flat is at 9 Rue Delambre, on the third floor.", "The Delambre bakery closes early on Sundays.", "user", "later", False),
    ("Our flat is at 9 Rue Delambre, on the third floor.", "Which floor are you on, and what's the street?", "assistant", "before", False),
    ("Our flat is at 9 Rue Delambre, on the third floor.", "Is it still the third floor at 9 Rue Delambre?", "assistant", "before", True),
    # numbers
    ("My employee badge number is 40718.", "Badge 40718, noted.", "assistant", "after", True),
    ("My employee badge number is 40718.", "Building 4 opens at eight on weekdays.", "assistant", "later", False),
    ("My flight to Oslo is SK4721 on Thursday.", "SK4721 to Oslo, I'll keep an eye on it.", "assistant", "after", True),
    ("My flight to Oslo is SK4721 on Thursday.", "Oslo has some great museums to visit.", "assistant", "later", False),
    ("My gym membership number is 88213.", "Membership 88213 is saved for you.", "assistant", "later", True),
    ("My gym membership number is 88213.", "What's your membership number at the gym?", "assistant", "before", False),
    ("My employee badge number is 40718.", "Is your badge number still 40718?", "assistant", "before", True),
    # rare names
    ("My daughter's piano teacher is called Brannagh.", "Brannagh teaches your daughter piano, noted.", "assistant", "after", True),
    ("My daughter's piano teacher is called Brannagh.", "Brannagh's studio is closed for the whole of August.", "user", "later", False),
    ("My husband Tobiah snores terribly.", "Sorry to hear Tobiah's snoring keeps you up.", "assistant", "after", True),
    ("My husband Tobiah snores terribly.", "Tobiah is turning fifty next week.", "user", "later", False),
    ("My favourite band is Khruangbin.", "Khruangbin is a great pick!", "assistant", "after", True),
    ("My favourite band is Khruangbin.", "Have you ever seen Kruangbin play live?", "assistant", "later", True),
    ("I work as a sous-chef at Marrowbone Kitchen.", "A sous-chef at Marrowbone Kitchen, how exciting.", "assistant", "after", True),
    ("I work as a sous-chef at Marrowbone Kitchen.", "Marrowbone Kitchen got a glowing review in the paper.", "user", "later", False),
    ("My grandmother lives in Tlaquepaque.", "Tu abuela vive en Tlaquepaque, qué bonito.", "assistant", "after", True),
    # preferences in common words
    ("I like my tea with honey and lemon.", "Honey and lemon in your tea, noted.", "assistant", "after", True),
    ("I like my tea with honey and lemon.", "I'll make it with honey and lemon, the way you take your tea.", "assistant", "later", True),
    ("I like my tea with honey and lemon.", "Lemon cake is on the menu today.", "assistant", "later", False),
    ("I prefer window seats on long flights.", "Window seat it is for the long flights.", "assistant", "after", True),
    ("I prefer window seats on long flights.", "Long flights can be so tiring.", "assistant", "after", False),
    ("I don't eat mushrooms, I can't stand the texture.", "No mushrooms for you, understood.", "assistant", "after", True),
    ("I don't eat mushrooms, I can't stand the texture.", "Texture matters a lot with food.", "assistant", "after", False),
    ("I go swimming every Wednesday evening.", "Swimming on Wednesday evenings, great habit!", "assistant", "after", True),
    ("I go swimming every Wednesday evening.", "The pool will be closed for repairs next month.", "assistant", "later", False),
    ("I'm scared of heights, so no rooftop bars please.", "I'll avoid rooftop places since heights frighten you.", "assistant", "after", True),
    ("I'm scared of heights, so no rooftop bars please.", "Rooftop gardens are trendy in the city this year.", "user", "later", False),
    ("My son has a peanut allergy.", "Got it, your son can't have peanuts.", "assistant", "after", True),
    ("My son has a peanut allergy.", "Peanut butter cookies are easy to bake.", "assistant", "later", False),
    ("I keep my passport in the top drawer of my desk.", "Passport: top desk drawer.", "assistant", "after", True),
    ("I keep my passport in the top drawer of my desk.", "Remember to renew your passport before it runs out.", "assistant", "later", False),
    # plans
    ("We're driving to Edinburgh for the festival in August.", "Enjoy the drive up to Edinburgh for the festival!", "assistant", "after", True),
    ("We're driving to Edinburgh for the festival in August.", "My cousin studied law in Edinburgh.", "user", "later", False),
    ("I'm starting a pottery course on Saturday mornings.", "A pottery course on Saturday mornings sounds relaxing.", "assistant", "after", True),
    ("I'm starting a pottery course on Saturday mornings.", "I broke my favourite mug this morning.", "user", "later", False),
    ("I'm starting a pottery course on Saturday mornings.", "Any plans for your Saturday mornings now?", "assistant", "before", False),
    ("I'm starting a pottery course on Saturday mornings.", "Is the pottery course on Saturday mornings still happening?", "assistant", "before", True),
    # health
    ("I'm allergic to penicillin.", "Penicillin allergy noted, I'll flag it.", "assistant", "after", True),
    ("My blood type is O negative.", "O negative, got it.", "assistant", "after", True),
    ("My blood type is O negative.", "Donating blood is a kind thing to do.", "assistant", "after", False),
    # generic replies
    ("I drive a green Skoda Octavia from 2014.", "Nice, sounds like a reliable car.", "assistant", "after", False),
    ("I drive a green Skoda Octavia from 2014.", "A green Octavia, nice choice.", "assistant", "after", True),
    ("I'm vegan since last year.", "That's great, how are you finding it?", "assistant", "after", False),
    ("I'm vegan since last year.", "Vegan meals only from now on, noted.", "assistant", "after", True),
    # more replies next to the statement
    ("I take the 7:40 train to work every morning.", "The early train every morning, got it.", "assistant", "after", True),
    ("I take the 7:40 train to work every morning.", "Commuting can eat up so much of the day.", "assistant", "after", False),
    ("I hate cilantro, it tastes like soap to me.", "No cilantro then, noted.", "assistant", "after", True),
    ("I hate cilantro, it tastes like soap to me.", "Lots of people say that about it!", "assistant", "after", False),
    ("My sister lives in Toronto with her two kids.", "Your sister and her two kids in Toronto, lovely.", "assistant", "after", True),
    ("My sister lives in Toronto with her two kids.", "Toronto winters are very cold.", "assistant", "after", False),
    ("I sleep badly when the room is too warm.", "A cool bedroom helps you sleep, noted.", "assistant", "after", True),
    ("I sleep badly when the room is too warm.", "Sleep is so important for your health.", "assistant", "after", False),
    ("I play the violin in a community orchestra.", "The violin in a community orchestra, how lovely!", "assistant", "after", True),
    ("I play the violin in a community orchestra.", "Do you also play anything else?", "assistant", "after", False),
    ("My car is a red hatchback.", "A red hatchback, good to know.", "assistant", "after", True),
    ("My car is a red hatchback.", "Cars are expensive to keep these days.", "assistant", "after", False),
    ("I always book aisle seats at the cinema.", "Aisle seats at the cinema for you.", "assistant", "after", True),
    ("I always book aisle seats at the cinema.", "Which film are you going to see next?", "assistant", "after", False),
    ("I take two sugars in my tea.", "Do you still take two sugars in your tea?", "assistant", "before", True),
    # a strong term with other words of the memory
    ("My locker at Brackwell Pool is number 5530.", "Heading to Brackwell Pool later? Locker 5530 is yours.", "assistant", "later", True),
    ("I live at 3 Fennimore Close.", "The electrician will come round to Fennimore Close tomorrow.", "assistant", "later", True),
    ("My manager is called Ottavio Brenn.", "Ottavio Brenn is presenting at the town hall on Monday.", "user", "later", False),
    ("My manager is called Ottavio Brenn.", "Ottavio told me the budget was approved.", "user", "later", False),
    ("Our wifi router is a Zyxel VMG8825.", "Try restarting the Zyxel VMG8825 first.", "assistant", "later", True),
    ("My dog Pepperjack is a beagle.", "Pepperjack the beagle, adorable!", "assistant", "after", True),
    ("My dog Pepperjack is a beagle.", "Pepperjack chewed my slippers again.", "user", "later", False),
    # the user again, later
    ("I like my tea with honey and lemon.", "I also put honey on my porridge in the morning.", "user", "later", False),
    ("I go swimming every Wednesday evening.", "On Wednesday evenings I swim a few lengths at the pool.", "user", "later", True),
    ("My sister lives in Toronto with her two kids.", "My sister's kids started school this week.", "user", "later", False),
    ("I play the violin in a community orchestra.", "Our orchestra is rehearsing for a spring concert.", "user", "later", False),
]

T0 = datetime(2025, 6, 2, 9, 0, tzinfo=timezone.utc)
FILLER = [("user", "Could you help me plan my week?"), ("assistant", "Of course, what's coming up?"),
          ("user", "Mostly meetings and a dentist visit."), ("assistant", "Let's start with the meetings then.")]


def conversation(statement: str, other: str, role: str, position: str) -> tuple[list[tuple[str, str]], int, int]:
    """(turns, index of the statement, index of the other turn)."""
    if position == "after":
        turns = FILLER[:2] + [("user", statement), (role, other)] + FILLER[2:]
        return turns, 2, 3
    if position == "before":
        turns = FILLER[:2] + [(role, other), ("user", statement)] + FILLER[2:]
        return turns, 3, 2
    turns = [("user", statement), ("assistant", "Thanks for telling me.")] + FILLER + [(role, other)]
    return turns, 0, len(turns) - 1


def run(settings: dict, show_cos: bool) -> int:
    from engine import MemoryEngine

    tmp = Path(tempfile.mkdtemp(prefix="memstream-pairs-"))
    rows = []
    try:
        for n, (statement, other, role, position, echo) in enumerate(PAIRS):
            with MemoryEngine.open(tmp / str(n), runtime="streams.memory:MemoryRuntime", **settings) as engine:
                turns, at, other_at = conversation(statement, other, role, position)
                engine.ingest_many([
                    {"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": f"t{i}", "role": r,
                     "speaker": "Robin" if r == "user" else "Assistant", "text": text,
                     "occurred_at": (T0 + timedelta(minutes=i)).isoformat()}
                    for i, (r, text) in enumerate(turns)])
                engine.flush()
                records = [r for r in engine.records("t", "u") if any(s.turn_id == f"t{at}" for s in r.sources)]
                if not records:
                    rows.append((position, echo, None, statement, other, "no record"))
                    continue
                cos = ""
                if show_cos:
                    emb = engine.runtime.embedder
                    from engine.erasure import term_kinds
                    from engine.extractor import split_sentences
                    rv = emb.embed([records[0].text], cache=False)[0]
                    sv = emb.embed(split_sentences(other), cache=False)
                    cos = f"cos={max(float(v @ rv) for v in sv):.3f} terms={tuple(map(sorted, term_kinds(records[0].text)))} rec={records[0].text!r}"
                for rec in records:
                    engine.forget(tenant_id="t", user_id="u", memory_id=rec.memory_id) \
                        if rec.memory_id in {r.memory_id for r in engine.records("t", "u")} else None
                texts = {e.payload.turn_id: e.payload.text for e in engine.runtime.events(0) if e.type == "turn_received"}
                shredded = texts[f"t{other_at}"] is None
                others = sum(1 for i in range(len(turns)) if i not in (at, other_at) and texts[f"t{i}"] is None)
                rows.append((position, echo, shredded, statement, other, cos + (f" +{others} other turns" if others else "")))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    wrong = 0
    for position in ("after", "before", "later"):
        for echo in (True, False):
            sel = [r for r in rows if r[0] == position and r[1] == echo and r[2] is not None]
            if sel:
                print(f"{position:6s} {'echo    ' if echo else 'non-echo'}: {sum(r[2] for r in sel)}/{len(sel)} shredded")
    for position, echo, shredded, statement, other, note in rows:
        bad = shredded is None or shredded != echo or "other turns" in note
        wrong += bad
        if bad or show_cos:
            mark = "MISS " if echo and shredded is False else "OVER " if shredded and not echo else "ok   " if not bad else "?    "
            print(f"{mark}{position:6s} {other!r:70s} <- {statement!r} {note}")
    echoes = [r for r in rows if r[1] and r[2] is not None]
    non = [r for r in rows if not r[1] and r[2] is not None]
    print(f"echoes shredded {sum(r[2] for r in echoes)}/{len(echoes)}; non-echoes shredded "
          f"{sum(r[2] for r in non)}/{len(non)}; cases without a record {sum(r[2] is None for r in rows)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cos", action="store_true", help="print every pair's cosine and the record's terms")
    ap.add_argument("--set", action="append", default=[], help="a setting, name=value (repeatable)")
    args = ap.parse_args(argv)
    settings = {}
    for item in args.set:
        name, _, value = item.partition("=")
        settings[name] = float(value)
    return run(settings, args.cos)


if __name__ == "__main__":
    sys.exit(main())
