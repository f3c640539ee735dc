"""Reading LoCoMo conversations (the public release's JSON format) into facade turns and questions.

Only the conversation itself is read: speakers, session dates, turns (a shared photo's caption
said in words, see `turn_text`) and the questions. The dataset's own observations, session
summaries and event annotations are never touched: a memory engine under test must build its
memory from the turns alone.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bench.quality.metrics import normalise_evidence

TENANT = "locomo"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}

_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DATE = re.compile(
    r"^\s*(?P<h>\d{1,2}):(?P<m>\d{2})\s*(?P<ampm>am|pm)\s+on\s+(?P<d>\d{1,2})\s+(?P<mon>[A-Za-z]+),?\s+(?P<y>\d{4})\s*$",
    re.IGNORECASE)
_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}


def parse_session_date(raw: str) -> datetime:
    """"1:56 pm on 8 May, 2023" -> 2023-05-08T13:56Z (the dataset gives no zone: read as UTC)."""
    m = _DATE.match(raw)
    if m is None:
        raise ValueError(f"unrecognised session date {raw!r}")
    hour = int(m.group("h")) % 12 + (12 if m.group("ampm").lower() == "pm" else 0)
    month = _MONTHS[m.group("mon").lower()]
    return datetime(int(m.group("y")), month, int(m.group("d")), hour, int(m.group("m")), tzinfo=timezone.utc)


def session_day(when: datetime) -> str:
    """The session's date as a raw turn carries it: 2023-05-08T13:56 -> "8 May 2023"."""
    return f"{when.day} {when:%B %Y}"


#: BLIP's own lead ("a photo of", "a photography of"): the adapter says "photo" itself.
_CAPTION_LEAD = re.compile(
    r"^\s*(?:a|an|the)\s+(?:photo|photography|picture|image|photograph|close\s*up)\s+of\b\s*", re.IGNORECASE)
#: Words that point at the picture ("look at this!", "here's a pic of ...", "check it out").
_POINTS_AT_PHOTO = re.compile(
    r"\b(?:this|these|that\s+one|here's|here\s+(?:is|are)|pic|pics|picture|photo|photos|snap|shot|look|"
    r"check\s+(?:it|this)\s+out|check\s+out|see)\b", re.IGNORECASE)


def photo_text(words: str, caption: str) -> str:
    """How a shared photo reads as words: "I'm sharing a photo of <what>." when the turn's words
    point at the picture (or there are none), else "(photo: <what>)" after them, as context that
    illustrates them. "" when the caption says nothing ("a photo of")."""
    what = _CAPTION_LEAD.sub("", caption.strip()).strip().rstrip(" .")
    if not what:
        return ""
    if not words.strip() or _POINTS_AT_PHOTO.search(words):
        return f"I'm sharing a photo of {what}."
    return f"(photo: {what})"


def turn_text(turn: dict) -> str:
    """The turn's words, with a shared photo (LoCoMo's ``blip_caption``) said in words as well:
    "Look at my new pup! I'm sharing a photo of a dog on a beach." The same text is what the engine
    ingests and what the raw baselines index, so both see every caption the dataset holds."""
    text = (turn.get("text") or "").strip()
    photo = photo_text(text, turn.get("blip_caption") or "")
    return f"{text} {photo}".strip() if photo else text


@dataclass
class Question:
    question: str
    answer: str | None
    adversarial_answer: str | None
    evidence: list[str]
    category: int


@dataclass
class Conversation:
    name: str
    speakers: tuple[str, str]
    sessions: list[tuple[int, datetime, list[dict]]]   # (number, when, raw turns)
    questions: list[Question] = field(default_factory=list)

    @property
    def user_id(self) -> str:
        return f"conv-{self.name}"

    @property
    def end(self) -> datetime:
        """When the questions are asked: just after the last session."""
        return max(when for _, when, _ in self.sessions) + timedelta(hours=1)

    def turns(self) -> list[dict]:
        """Every turn of every session as a facade turn, in session order.

        Both speakers' turns are ingested as the user's (role "user", named by `speaker`); the
        session's date is `occurred_at` (one second apart within a session, to keep the order).
        """
        out = []
        for number, when, raw in self.sessions:
            for i, t in enumerate(raw):
                text = turn_text(t)
                if not text:
                    continue
                out.append({
                    "tenant_id": TENANT, "user_id": self.user_id, "session_id": f"session_{number}",
                    "turn_id": t["dia_id"], "role": "user", "speaker": t.get("speaker") or None,
                    "text": text, "occurred_at": (when + timedelta(seconds=i)).isoformat(),
                })
        return out

    def raw_units(self) -> list[tuple[str, str]]:
        """(turn id, "(8 May 2023) Speaker: text") for every turn: the units the raw-turn baselines
        index, retrieve and pack into their contexts. Each carries its session's date (the dataset's
        ``session_<n>_date_time``), as the engine's turns carry it as `occurred_at`: without it a raw
        turn cannot answer "when", and the temporal comparison would mean nothing."""
        out = []
        for _, when, raw in self.sessions:
            day = session_day(when)
            for t in raw:
                text = turn_text(t)
                if text:
                    out.append((t["dia_id"], f"({day}) {t.get('speaker') or 'Someone'}: {text}"))
        return out


def load_conversation(path: Path) -> Conversation:
    data = json.loads(Path(path).read_text())
    sessions = []
    for key, value in data.items():
        m = _SESSION_KEY.match(key)
        if m is None or not isinstance(value, list) or not value:
            continue
        number = int(m.group(1))
        when = data.get(f"session_{number}_date_time")
        if not when:
            continue
        sessions.append((number, parse_session_date(when), value))
    sessions.sort(key=lambda s: s[0])
    questions = []
    for q in data.get("qa", []):
        questions.append(Question(
            question=str(q["question"]),
            answer=None if q.get("answer") is None else str(q["answer"]),
            adversarial_answer=None if q.get("adversarial_answer") is None else str(q["adversarial_answer"]),
            evidence=normalise_evidence(q.get("evidence") or []),
            category=int(q["category"]),
        ))
    return Conversation(Path(path).stem, (data.get("speaker_a", ""), data.get("speaker_b", "")), sessions, questions)


def find_conversations(folder: Path) -> list[Path]:
    return sorted(Path(folder).glob("*.json"), key=lambda p: (len(p.stem), p.stem))
