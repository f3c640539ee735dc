"""The running summary keeps the state of the job an agent is doing, whoever said it.

Sessions of a billing desk, a Python maintainer, an airline rebooking, a language tutor and an IT
helpdesk: their identifiers, outcomes, findings and next steps are said by the assistant or a tool,
and must survive eviction from a small window; the small talk of both sides must not.
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from conftest import make_turn
from engine import MemoryEngine
from engine.state import WindowTurn
from engine.summarizer import compact, job_state, render, summarize
from engine.tokens import count_tokens

T0 = datetime(2025, 11, 4, 10, 0, tzinfo=timezone.utc)  # Tuesday


def session(*spec: tuple[str, str, str]) -> list[WindowTurn]:
    return [WindowTurn(f"t{i}", role, speaker, text, count_tokens(text), T0 + timedelta(minutes=i))
            for i, (role, speaker, text) in enumerate(spec)]


def summary_text(turns: list[WindowTurn]) -> str:
    return render(summarize(turns))


BILLING = session(
    ("user", "Priya", "Hello! I was charged twice for my March subscription."),
    ("assistant", "Assistant", "Happy to help with that. Let me check your payments."),
    ("tool", "payments_api", "txn PX-11873 | 2025-11-01 | 49.99 EUR | captured\n"
                             "txn PX-11874 | 2025-11-01 | 49.99 EUR | captured | duplicate: yes"),
    ("assistant", "Assistant", "You're right, PX-11874 is a duplicate of PX-11873. I've refunded the duplicate."),
    ("tool", "refunds", "refund RF-2231 issued | amount 49.99 EUR | status: processing | eta 5-7 business days"),
    ("assistant", "Assistant", "Refund RF-2231 should reach your card within 5 to 7 business days. "
                               "If it hasn't arrived by the 20th, reply to this thread and I'll chase the bank."),
    ("user", "Priya", "Thank you so much!"),
    ("assistant", "Assistant", "You're welcome! Anything else I can do for you?"),
)

CODING = session(
    ("user", "Kenji", "The login endpoint returns 500 since this morning's deploy. Could you have a look?"),
    ("assistant", "Assistant", "Sure, looking now."),
    ("tool", "shell", "$ pytest tests/test_auth.py -q\n"
                      "F.......\n"
                      "FAILED tests/test_auth.py::test_login_returns_token - KeyError: 'token'\n"
                      "1 failed, 7 passed in 0.84s"),
    ("assistant", "Assistant", "The culprit is the new serializer: it drops the token field, so login_view "
                               "raises a KeyError. I've updated api/serializers.py to include it again."),
    ("tool", "shell", "$ pytest -q\n........................................\n40 passed in 3.12s"),
    ("assistant", "Assistant", "All 40 tests pass now. Next I'll add a regression test for the missing "
                               "field and open a pull request."),
    ("user", "Kenji", "great, thanks a lot"),
)

AIRLINE = session(
    ("user", "Marta", "My flight to Lisbon got cancelled, can you put me on another one tomorrow?"),
    ("tool", "flight_search", "TP 1357 | FRA-LIS | dep 08:40 | 3 seats\nLH 1172 | FRA-LIS | dep 14:05 | 9 seats"),
    ("assistant", "Assistant", "There's a morning option at 08:40 and an afternoon one at 14:05. Which do you prefer?"),
    ("user", "Marta", "The afternoon one please, I have a meeting in the morning."),
    ("tool", "booking", "REBOOKED | LH 1172 | FRA-LIS | dep 14:05 | seat 17C | PNR X7TQ2P"),
    ("assistant", "Assistant", "Done! You're on LH 1172 tomorrow at 14:05, seat 17C, booking reference X7TQ2P. "
                               "Your checked bag is transferred automatically."),
    ("user", "Marta", "Perfect, have a nice day."),
    ("assistant", "Assistant", "You too, safe travels!"),
)

TUTOR = session(
    ("user", "Leo", "i always get ser and estar wrong"),
    ("assistant", "Assistant", "Let's look at your last answer together."),
    ("user", "Leo", "i wrote la biblioteca es en el centro"),
    ("assistant", "Assistant", "That's the mistake: you're using ser for location. Where something is "
                               "takes estar, so it's la biblioteca está en el centro."),
    ("tool", "quiz_builder", "created quiz 'ser vs estar: location and events' | 10 questions | due Friday"),
    ("assistant", "Assistant", "I've set you a 10-question quiz on ser vs estar for location. "
                               "Send me your answers when you finish it."),
    ("user", "Leo", "ok thanks"),
)

HELPDESK = session(
    ("user", "Dana", "The printer on floor 3 just shows offline for everyone."),
    ("assistant", "Assistant", "One moment, checking the print server."),
    ("tool", "print_admin", "queue FL3-HP-02 | status: stopped | jobs: 57 | spooler error 0x0000011b"),
    ("assistant", "Assistant", "The queue FL3-HP-02 had stopped with a spooler error. I restarted the spooler "
                               "and cleared the 57 stuck jobs."),
    ("tool", "ticketing", "ticket HD-30412 created | category: printing | status: resolved"),
    ("assistant", "Assistant", "I logged it as HD-30412 and marked it resolved. If it goes offline again today, "
                               "we'll replace the network card."),
    ("user", "Dana", "thanks!!"),
    ("assistant", "Assistant", "No problem, have a good afternoon."),
)


def test_a_billing_desk_keeps_transactions_refund_and_the_next_step():
    text = summary_text(BILLING)
    for needed in ("PX-11874", "RF-2231", r"refund", r"5.7 business days", r"20th"):
        assert re.search(needed, text), (needed, text)


def test_a_coding_session_keeps_the_failure_the_fix_the_result_and_what_is_left():
    text = summary_text(CODING)
    for needed in (r"test_login_returns_token", r"KeyError", r"api/serializers\.py", r"40 passed|40 tests pass",
                   r"regression test", r"login endpoint returns 500"):
        assert re.search(needed, text), (needed, text)


def test_a_rebooking_keeps_the_flight_seat_and_reference():
    text = summary_text(AIRLINE)
    for needed in (r"LH 1172", r"17C", r"X7TQ2P", r"afternoon"):
        assert re.search(needed, text), (needed, text)


def test_a_tutoring_session_keeps_the_diagnosis_and_the_assignment():
    text = summary_text(TUTOR)
    for needed in (r"ser for location", r"quiz", r"10.question", r"Send .*answers"):
        assert re.search(needed, text), (needed, text)


def test_a_helpdesk_session_keeps_the_ticket_the_fix_and_the_fallback():
    text = summary_text(HELPDESK)
    for needed in (r"HD-30412", r"resolved", r"FL3-HP-02", r"restarted the spooler", r"network card"):
        assert re.search(needed, text), (needed, text)


def test_small_talk_is_dropped_whoever_says_it():
    for turns in (BILLING, CODING, AIRLINE, TUTOR, HELPDESK):
        text = summary_text(turns).lower()
        for chatter in ("you're welcome", "let me check", "looking now", "happy to help", "thank you so much",
                        "thanks a lot", "safe travels", "have a good afternoon", "one moment", "anything else",
                        "have a nice day", "let's look"):
            assert chatter not in text, (chatter, text)


def test_a_tool_output_is_compressed_to_its_state_bearing_lines():
    items = summarize(session(("tool", "shell", "$ make test\n" + "compiling module...\n" * 40
                                               + "ERROR build/app.o: undefined reference to parse_args\n"
                                               + "make: *** [Makefile:12: test] Error 2")))
    assert len(items) == 1 and items[0].text.startswith("shell: ran make test")
    assert "parse_args" in items[0].text and "compiling module" not in items[0].text
    assert len(items[0].text.split()) <= 46


def test_what_a_sentence_carries_decides_its_kind():
    assert job_state("I've escalated case 7741 to the billing team.") == "outcome"
    assert job_state("The nightly backup job failed twice this week.") == "outcome"
    assert job_state("Still to do: rotate the staging credentials and update the runbook.") == "task"
    assert job_state("Next, try solving the second equation the same way.") == "task"
    assert job_state("The problem is that the cron entry points at the old host.") == "outcome"
    for talk in ("Sure, let me take a look.", "You're welcome, glad I could help!", "Checking that for you now.",
                 "Photosynthesis happens in the chloroplasts of plant cells.", "Shall I reserve it for you?"):
        assert job_state(talk) is None, talk


def test_the_summary_stays_within_its_budget():
    items = summarize(BILLING + CODING + AIRLINE + TUTOR + HELPDESK)
    kept = compact(items, 120)
    assert count_tokens(render(kept)) <= 120 and kept
    assert min(i.importance for i in kept) >= min(i.importance for i in items)


def test_the_engine_keeps_the_job_state_of_turns_that_left_a_three_message_window(tmp_path):
    turns = [make_turn(t.text, n, role=t.role, speaker=t.speaker, user="u9") for n, t in enumerate(HELPDESK)]
    with MemoryEngine.open(tmp_path / "d", window_max_messages=3) as engine:
        engine.ingest_many(turns)
        text = "\n".join(engine.summary("acme", "u9", "s1"))
    assert "HD-30412" in text and "FL3-HP-02" in text
