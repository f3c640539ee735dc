"""What the rule-based extractor turns a user's explicit statements into."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from engine.extractor import Candidate, extract, to_third_person
from engine.summarizer import _attributed

AT = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)  # Monday


def one(text: str, speaker: str | None = "Priya", **kw) -> Candidate:
    found = extract(text, role="user", speaker=speaker, occurred_at=AT, **kw)
    assert len(found) == 1, found
    return found[0]


def kinds(text: str) -> list[str]:
    return [c.kind for c in extract(text, role="user", speaker="Priya", occurred_at=AT)]


# ---------------------------------------------------------------------------------------------- kinds

@pytest.mark.parametrize(
    ("text", "expected_text", "slot", "polarity"),
    [
        ("I prefer Python examples.", "Priya prefers Python examples", "preference:example", "+"),
        ("I love canoeing on quiet rivers!", "Priya loves canoeing on quiet rivers", "preference:river", "+"),
        ("I really enjoy origami", "Priya really enjoys origami", "preference:origami", "+"),
        ("I'm a huge fan of bluegrass.", "Priya is a huge fan of bluegrass", "preference:bluegrass", "+"),
        ("I don't like horror movies.", "Priya doesn't like horror movies", "preference:movie", "-"),
        ("I hate spicy food.", "Priya hates spicy food", "preference:food", "-"),
        ("I can't stand country music.", "Priya can't stand country music", "preference:music", "-"),
        ("I'd rather take the train than fly.", "Priya would rather take the train than fly", "preference:train", "+"),
    ],
)
def test_preferences_are_attributed_with_polarity_and_a_head_noun_slot(text, expected_text, slot, polarity):
    c = one(text)
    assert (c.kind, c.text, c.slot, c.fields["polarity"]) == ("preference", expected_text, slot, polarity)
    assert c.source == "user_explicit" and c.confidence == 0.9 and 0.7 <= c.importance <= 0.8
    assert c.happened_at is None and c.expires_at is None and c.correction is False


def test_favorite_x_is_y_uses_the_category_as_slot():
    c = one("My favorite color is blue.")
    assert c.text == "Priya's favorite color is blue"
    assert c.slot == "preference:favorite color" and c.fields["object"] == "blue"
    assert one("Blue is my favorite color.").slot == "preference:favorite color"


def test_a_correction_shares_the_slot_of_the_preference_it_replaces():
    first = one("I prefer Python examples.")
    second = one("Actually I prefer Java examples.")
    assert first.slot == second.slot == "preference:example"
    assert first.correction is False and second.correction is True
    assert second.confidence == 0.95 and second.text == "Priya prefers Java examples"


def test_prefer_x_over_y_keeps_x_as_the_object():
    c = one("I prefer Python examples over Java ones.")
    assert c.fields["object"] == "Python examples" and c.slot == "preference:example"


@pytest.mark.parametrize(
    ("text", "slot", "privacy"),
    [
        ("I'm allergic to peanuts.", "constraint:allergy:peanut", "sensitive"),
        ("I have a severe shellfish allergy.", "constraint:allergy:shellfish", "sensitive"),
        ("I'm vegetarian.", "constraint:diet", "personal"),
        ("I keep kosher, I'm kosher.", "constraint:diet", "sensitive"),
        ("I don't eat pork.", "constraint:diet:pork", "personal"),
        ("My budget is under $500.", "constraint:budget", "sensitive"),
        ("The deadline is next Friday.", "constraint:deadline", "personal"),
        ("Never use emojis.", "constraint:format", "public"),
        ("I must always double-check my code before a release.", "constraint:code", "public"),
        ("I'm not allowed to drink coffee.", "constraint:coffee", "personal"),
    ],
)
def test_constraints_are_important_and_keyed(text, slot, privacy):
    c = one(text)
    assert (c.kind, c.slot, c.privacy_level) == ("constraint", slot, privacy)
    assert c.importance == 0.9


def test_a_one_off_task_is_not_a_constraint():
    assert extract("I need to finish the report by Friday.", role="user", speaker=None, occurred_at=AT) == []


def test_vegetarian_diet_change_supersedes_by_slot():
    assert one("I'm vegetarian.").slot == one("Actually, I'm vegan now.").slot


@pytest.mark.parametrize(
    ("text", "expected_text", "slot"),
    [
        ("We decided to ship the beta on Friday.",
         "Priya: We decided to ship the beta on Friday (12 May 2023)", "decision:beta"),
        ("Let's go with Postgres.", "Priya: Let's go with Postgres", "decision:postgres"),
        ("I've settled on the blue sofa.", "Priya has settled on the blue sofa", "decision:sofa"),
        ("I'm going to start a new job next month.",
         "Priya is going to start a new job next month (June 2023)", "decision:job"),
    ],
)
def test_decisions_and_commitments(text, expected_text, slot):
    c = one(text)
    assert (c.kind, c.text, c.slot, c.importance) == ("decision", expected_text, slot, 0.8)


def test_conversational_promises_are_not_decisions():
    for text in ("I'll keep that in mind.", "I'll let you know!", "I will never forget it."):
        assert kinds(text) == [], text


@pytest.mark.parametrize(
    ("text", "expected_text", "slot", "importance"),
    [
        ("My name is Sam Carter.", "Priya's name is Sam Carter", "fact:name", 0.8),
        ("I live in Porto.", "Priya lives in Porto", "fact:residence", 0.8),
        ("I moved to Boston last year.", "Priya moved to Boston last year (2022)", "fact:residence", 0.8),
        ("I work at Google.", "Priya works at Google", "fact:employer", 0.8),
        ("I work as a nurse in Boston.", "Priya works as a nurse in Boston", "fact:occupation", 0.8),
        ("I'm a software engineer.", "Priya is a software engineer", "fact:occupation", 0.8),
        ("I'm 32 years old.", "Priya is 32 years old", "fact:age", 0.8),
        ("I study marine biology.", "Priya studies marine biology", "fact:study", 0.8),
        ("I was born in Lisbon.", "Priya was born in Lisbon", "fact:born", 0.8),
        ("My husband is a doctor.", "Priya's husband is a doctor", "fact:my husband", 0.6),
        ("I have two kids.", "Priya has two kids", None, 0.6),
        ("I've got a dog named Rex.", "Priya has got a dog named Rex", None, 0.6),
    ],
)
def test_facts_about_the_user(text, expected_text, slot, importance):
    c = one(text)
    assert (c.kind, c.text, c.slot, c.importance) == ("fact", expected_text, slot, importance)


def test_a_residence_value_leaves_out_the_time_words():
    assert one("I moved to Boston last year.").fields["value"] == "Boston"


@pytest.mark.parametrize(
    ("text", "expected_text", "day"),
    [
        ("I went fishing with my nephews yesterday.",
         "Priya went fishing with their nephews yesterday (7 May 2023)", (2023, 5, 7)),
        ("Last Saturday I rowed in a regatta.", "Last Saturday (6 May 2023) Priya rowed in a regatta", (2023, 5, 6)),
        ("We went hiking last weekend.", "Priya: We went hiking last weekend (weekend of 6 May 2023)", (2023, 5, 6)),
        ("My nephews and I built a treehouse two days ago.",
         "Priya's nephews and Priya built a treehouse two days ago (6 May 2023)", (2023, 5, 6)),
    ],
)
def test_episodes_carry_the_resolved_date(text, expected_text, day):
    c = one(text)
    assert (c.kind, c.text, c.slot) == ("episode", expected_text, None)
    assert c.happened_at == datetime(*day, tzinfo=timezone.utc)
    assert c.importance == 0.5


def test_an_episode_without_a_date_happened_when_it_was_told():
    c = one("I just enrolled in a welding course.")
    assert c.kind == "episode" and c.happened_at == AT


def test_one_meal_is_an_episode_not_a_preference():
    found = extract("I had sushi yesterday.", role="user", speaker="Priya", occurred_at=AT)
    assert [c.kind for c in found] == ["episode"]
    assert found[0].happened_at == datetime(2023, 5, 7, tzinfo=timezone.utc)


def test_a_past_liking_is_not_a_standing_preference():
    assert "preference" not in kinds("I loved the concert yesterday.")


def test_the_setting_of_a_memory_is_not_its_event():
    assert kinds("When I was a teenager, my parents switched cities often.") in ([], ["episode"])
    assert kinds("Take a look at this vase I carved!") == []


# ------------------------------------------------------------------------------ temporary instructions

def test_session_scoped_instruction_expires_with_the_session_ttl():
    c = one("For this session, answer in French please.", session_ttl=timedelta(hours=2))
    assert c.kind == "temporary_instruction" and c.scope == "session"
    assert c.expires_at == AT + timedelta(hours=2)
    assert c.slot == "temporary_instruction:language" and c.privacy_level == "public"
    assert c.text == "Priya: For this session, answer in French please"


@pytest.mark.parametrize(
    ("text", "expires", "scope", "slot"),
    [
        ("Use bullet points for now.", AT + timedelta(hours=4), "session", "temporary_instruction:format"),
        ("In this chat, reply in Spanish.", AT + timedelta(hours=4), "session", "temporary_instruction:language"),
        ("Just for today, keep answers short.", datetime(2023, 5, 9, tzinfo=timezone.utc), None,
         "temporary_instruction:format"),
        ("Answer briefly for the next hour.", AT + timedelta(hours=1), None, "temporary_instruction:format"),
        ("Call me Cap until tomorrow.", AT + timedelta(days=1), None, "temporary_instruction:name"),
        ("This time, please be formal.", AT + timedelta(hours=4), "session", "temporary_instruction:tone"),
        ("Please skip the intro for now.", AT + timedelta(hours=4), "session", None),
    ],
)
def test_temporary_instructions_get_their_expiry_and_scope(text, expires, scope, slot):
    c = one(text)
    assert (c.kind, c.expires_at, c.scope, c.slot) == ("temporary_instruction", expires, scope, slot)
    assert c.importance == 0.6 and c.text.startswith("Priya")


def test_for_now_in_a_plain_statement_is_not_an_instruction():
    assert "temporary_instruction" not in kinds("I'm staying with my parents for now.")
    assert kinds("Would you like to come with us this time?") == []


# ------------------------------------------------------------------------------------- attribution

_STATEMENTS = [
    "I prefer Python examples.", "I'm allergic to peanuts.", "I've got two kids and I love them.",
    "I'd rather walk.", "My name is Sam.", "I went to a chess club yesterday and it made me feel welcome.",
    "I don't eat meat anymore.", "I study biology and I work at a lab.", "Me and my husband went hiking.",
    "I'll use Postgres for the backend.", "I was born in Lisbon.", "My nephews and I went fishing.",
    "I think I might like jazz.", "I taught myself to juggle last year.", "I'm vegan.",
]


@pytest.mark.parametrize("text", _STATEMENTS)
def test_no_first_person_is_left_in_the_text_of_a_named_speaker(text):
    for c in extract(text, role="user", speaker="Priya", occurred_at=AT):
        assert not re.search(r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself)\b", c.text, re.IGNORECASE), c.text
        assert "Priya" in c.text


@pytest.mark.parametrize(
    ("first_person", "third_person"),
    [
        ("I prefer tea", "Priya prefers tea"),
        ("I love it", "Priya loves it"),
        ("I have a cat", "Priya has a cat"),
        ("I don't know", "Priya doesn't know"),
        ("I went home", "Priya went home"),
        ("I can't swim", "Priya can't swim"),
        ("I was there", "Priya was there"),
        ("I'm here", "Priya is here"),
        ("I am here", "Priya is here"),
        ("I've left", "Priya has left"),
        ("I'd go", "Priya would go"),
        ("I'd been there", "Priya had been there"),
        ("I'll go", "Priya will go"),
        ("I study and I watch TV", "Priya studies and Priya watches TV"),
        ("my kids and I love it", "Priya's kids and Priya love it"),
        ("tell me about my plan", "tell Priya about their plan"),
    ],
)
def test_verbs_agree_with_the_name(first_person, third_person):
    assert to_third_person(first_person, "Priya").removeprefix("Priya: ") == third_person


def test_without_a_speaker_the_subject_is_user():
    assert one("I live in Porto.", speaker=None).text == "User lives in Porto"


def test_hedged_statements_are_inferred_with_lower_confidence():
    c = one("I think I might like jazz.")
    assert c.source == "inferred" and 0.5 <= c.confidence <= 0.6
    assert c.text == "Priya might like jazz"


def test_sensitive_topics_are_marked_sensitive_and_nothing_is_secret():
    assert one("I'm Catholic and I went on a pilgrimage to Fatima last week.").privacy_level == "sensitive"
    assert one("I live at 221 Baker Street.").privacy_level == "sensitive"
    for text in _STATEMENTS:
        for c in extract(text, role="user", speaker="Priya", occurred_at=AT):
            assert c.privacy_level in ("public", "personal", "sensitive")


# --------------------------------------------------------------------------------------- skipping

@pytest.mark.parametrize("role", ["assistant", "system", "tool"])
def test_only_user_turns_yield_candidates(role):
    text = "I prefer Python examples. I'm allergic to peanuts. I went hiking yesterday."
    assert extract(text, role=role, speaker="Assistant", occurred_at=AT) == []


@pytest.mark.parametrize(
    "text",
    [
        "Do you like hiking?", "What's your favorite color?", "How are you?", "Are you allergic to anything?",
        "Hi!", "Hey Priya! Lovely to see you again!", "Thanks, Odette!", "ok got it", "Sounds good.", "bye for now",
        "I love it!", "Cool.", "", "   ",
    ],
)
def test_questions_greetings_and_acknowledgements_yield_nothing(text):
    assert extract(text, role="user", speaker="Priya", occurred_at=AT) == []


def test_sentences_with_a_redaction_marker_are_skipped():
    text = "My deploy key is [REDACTED:api_key] and I love Rust. I live in Porto."
    found = extract(text, role="user", speaker=None, occurred_at=AT)
    assert [c.text for c in found] == ["User lives in Porto"]


def test_short_sentences_are_skipped_but_contractions_count_as_two_words():
    assert extract("Love Rust.", role="user", speaker=None, occurred_at=AT) == []
    assert [c.kind for c in extract("I'm vegan.", role="user", speaker=None, occurred_at=AT)] == ["constraint"]


def test_each_sentence_of_a_turn_is_read_in_order():
    text = "Hey Odi! I went to a salsa class yesterday. I'm allergic to cats. What about you?"
    assert kinds(text) == ["episode", "constraint"]


def test_two_statements_joined_by_and_are_both_kept():
    assert kinds("I love hiking and I'm vegetarian.") == ["preference", "constraint"]


def test_candidate_text_is_one_line_without_trailing_punctuation():
    c = one("I live in \t  Porto!!")
    assert c.text == "Priya lives in Porto"
    assert [c.text for c in extract("I live in Porto\nI work at Google", role="user", speaker="Priya",
                                    occurred_at=AT)] == ["Priya lives in Porto", "Priya works at Google"]


def test_the_same_turn_always_gives_the_same_candidates():
    text = ("Yesterday I went fishing with my nephews. I prefer kayaks over canoes. For now, answer in Spanish. "
            "My name is Odi and I work at a library.")
    a = extract(text, role="user", speaker="Odette", occurred_at=AT)
    b = extract(text, role="user", speaker="Odette", occurred_at=AT)
    assert a == b and len(a) >= 4


def test_naive_occurred_at_is_read_as_utc():
    naive = extract("I went hiking yesterday.", role="user", speaker=None, occurred_at=AT.replace(tzinfo=None))
    assert naive == extract("I went hiking yesterday.", role="user", speaker=None, occurred_at=AT)


def test_a_turn_of_dots_and_odd_punctuation_does_not_break_sentence_splitting():
    for text in ("...", ". . . I live in Porto.", "?!", "Mr. Smith and I went hiking yesterday."):
        extract(text, role="user", speaker="Priya", occurred_at=AT)
    assert one("Dr. Lee and I went hiking yesterday.").kind == "episode"


def test_a_name_inside_another_word_does_not_count_as_the_speaker_named():
    from engine.extractor import to_third_person

    assert to_third_person("Lincoln is my favourite city", "Lin") == "Lincoln is Lin's favourite city"
    assert to_third_person("Also my dog is sick", "Al") == "Also Al's dog is sick"


# ------------------------------------------------------------------------------- texts that read well

@pytest.mark.parametrize(("text", "expected"), [
    ("Do I need to bring my passport?", "Does Priya need to bring their passport?"),
    ("Can I pay the deposit by card?", "Can Priya pay the deposit by card?"),
    ("Should I call the landlord first?", "Should Priya call the landlord first?"),
    ("Have I sent you the floor plan?", "Has Priya sent you the floor plan?"),
    ("Where do I park?", "Where does Priya park?"),
])
def test_a_question_keeps_its_order_when_rewritten(text, expected):
    assert to_third_person(text, "Priya") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm Nora, I run the data platform team.", "Nora runs the data platform team."),
    ("I'm Nora and I teach chemistry at the high school.", "Nora teaches chemistry at the high school."),
    ("I am Nora - I manage the night shift at the depot.", "Nora manages the night shift at the depot."),
])
def test_introducing_oneself_does_not_read_name_is_name(text, expected):
    assert to_third_person(text, "Nora") == expected


def test_an_introduction_with_a_fact_is_recorded_as_the_fact():
    from engine.summarizer import turn_candidates

    texts = [c.text for c in turn_candidates("Hi! I'm Nora, I run the data platform team.", role="user",
                                             speaker="Nora", occurred_at=AT)]
    assert texts == ["Nora runs data platform team"]


@pytest.mark.parametrize(("text", "expected"), [
    ("I reset my password yesterday.", "Priya reset their password yesterday."),
    ("I put the spare keys in the blue drawer last night.", "Priya put the spare keys in the blue drawer last night."),
    ("I cut my hair short last week.", "Priya cut their hair short last week."),
    ("I reset the router every week.", "Priya resets the router every week."),
    ("I usually read before bed.", "Priya usually reads before bed."),
])
def test_a_verb_whose_past_is_its_present_keeps_its_tense(text, expected):
    assert to_third_person(text, "Priya") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Just a reminder: I'm allergic to latex.", "Priya is allergic to latex"),
    ("Quick update: I moved to Porto in March.", "Priya moved to Porto in March"),
    ("FYI, I switched to the night shift last month.", "Priya switched to the night shift last month (April 2023)"),
    ("Heads up - I'm flying to Oslo next Friday.", "Priya is flying to Oslo next Friday (12 May 2023)"),
    ("Quick update: we moved the launch to June.", "Priya: We moved the launch to June"),
])
def test_a_note_takers_opener_is_not_kept(text, expected):
    assert [c.text for c in extract(text, role="user", speaker="Priya", occurred_at=AT)] == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    ("Good news, I can have dairy again.", "Priya can have dairy again"),
    ("Big news: I'm moving to Cork in June.", "Priya is moving to Cork in June"),
    ("Bad news - I broke my wrist.", "Priya broke their wrist"),
])
def test_news_announced_is_an_opener_not_kept(text, expected):
    assert _attributed(text, "Priya", AT) == expected


def test_news_as_a_subject_is_kept():
    assert _attributed("Good news travels fast in our village.", "Priya", AT).startswith("Priya: Good news travels")
