"""Synthetic but realistic conversation turns and memory texts for the benchmarks (seeded)."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)

THINGS = ["Python", "Rust", "Go", "jazz", "hiking", "sushi", "tea", "coffee", "chess", "yoga", "running",
          "Postgres", "Kafka", "pottery", "tennis", "sci-fi novels", "dark mode", "vim", "gardening", "cycling",
          "photography", "baking", "the piano", "board games", "Thai food", "spreadsheets", "podcasts"]
PLACES = ["Lisbon", "Porto", "Boston", "Kyoto", "Berlin", "Austin", "Oslo", "Nairobi", "Lima", "Seoul"]
PEOPLE = ["my sister", "my manager", "Sam", "my kids", "an old friend", "the team", "my dad"]
USER_LINES = [
    "I prefer {t} over {u}.", "I really love {t}.", "I don't like {t} much.", "I'm allergic to {f}.",
    "We decided to use {t} for the new project.", "Yesterday I went {a} with {p}.", "I live in {c}.",
    "I work as a {j} in {c}.", "Last week I visited {c} with {p}.", "For this session, keep answers short.",
    "Can you help me plan a trip to {c}?", "What do you think about {t}?", "Thanks, that helps!", "ok",
    "I need to finish the report by Friday.", "My favorite food is {f}.", "I never drink {u} after 6pm.",
    "Honestly the weather was nice today and we just talked about {t} for a while.",
]
ASSISTANT_LINES = [
    "Sure! Here is an overview of {t} and how it compares to {u}.", "Got it.",
    "That sounds great. {t} is a popular choice because it is flexible and well supported.",
    "Happy to help. Let me know if you want more detail on {c}.",
]
FOODS = ["peanuts", "shellfish", "gluten", "dairy", "sesame", "strawberries"]
JOBS = ["nurse", "teacher", "data engineer", "chef", "designer", "pilot", "lawyer"]
ACTIVITIES = ["hiking", "camping", "swimming", "to a concert", "to the museum", "fishing"]


def _fill(template: str, rng: random.Random) -> str:
    return template.format(t=rng.choice(THINGS), u=rng.choice(THINGS), f=rng.choice(FOODS), c=rng.choice(PLACES),
                           p=rng.choice(PEOPLE), j=rng.choice(JOBS), a=rng.choice(ACTIVITIES))


def turns(n: int, *, subjects: int = 20, seed: int = 7, tenant: str = "bench") -> list[dict]:
    """n turns spread over `subjects` users, sessions of 30 turns, alternating user and assistant."""
    rng = random.Random(seed)
    out = []
    per_subject = [0] * subjects
    for i in range(n):
        s = i % subjects
        k = per_subject[s]
        per_subject[s] += 1
        role = "user" if k % 2 == 0 else "assistant"
        lines = USER_LINES if role == "user" else ASSISTANT_LINES
        text = " ".join(_fill(rng.choice(lines), rng) for _ in range(rng.choice((1, 1, 2, 3))))
        out.append({"tenant_id": tenant, "user_id": f"user{s}", "session_id": f"user{s}-s{k // 30}",
                    "turn_id": f"u{s}-t{k}", "role": role, "speaker": f"Person{s}" if role == "user" else None,
                    "text": text, "occurred_at": (T0 + timedelta(minutes=k)).isoformat()})
    return out


def memory_texts(n: int, seed: int = 11) -> list[str]:
    """n distinct one-line memories, e.g. for a recall benchmark's record pool."""
    rng = random.Random(seed)
    templates = ["User prefers {t} over {u}", "User is allergic to {f}", "User lives in {c}",
                 "User works as a {j} in {c}", "User went {a} with {p} in {c}", "User decided to use {t}",
                 "User enjoys {t} on weekends", "User's favorite food is {f}", "User dislikes {t}",
                 "User plans a trip to {c} with {p}"]
    seen: set[str] = set()
    out = []
    while len(out) < n:
        text = _fill(rng.choice(templates), rng) + f" ({rng.randint(1, 10_000)})"
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out
