"""Relative time expressions resolved against the time of the turn that contains them.

"I went camping yesterday", said in a turn at 8 May 2023, becomes
"I went camping yesterday (7 May 2023)": the original words are kept and the absolute date is appended
in parentheses, so the text still reads naturally and a later reader (or a keyword search for "May
2023") sees when it happened. Part of the deterministic core: the only notion of "now" is `anchor`.

Conventions (chosen once, applied everywhere):

- Weeks start on Monday. "last week" is the calendar week before the anchor's, "next week" the one
  after; they render as "week of <Monday>".
- "last weekend" / "this past weekend" is the Saturday-Sunday before the anchor's week; "this weekend"
  the one at the end of the anchor's week; "next weekend" the one after. They render as
  "weekend of <Saturday>".
- "last <weekday>" is the most recent such day strictly before the anchor's date; "next <weekday>" and
  "this coming <weekday>" the first one strictly after it; "this <weekday>" the one in the anchor's
  week; "on/by/until <weekday>" look back in a past-tense sentence and ahead otherwise.
- "N years ago" / "last year" resolve to a year only; "last month" to a month; "a few days ago" to an
  approximate day ("around 5 May 2023").
- Dates written out ("on 12 March", "March 2022", "2023-03-12") are read for `when` but never
  rewritten; a day and month without a year take the anchor's year (the year before when that would
  put an event told in the past tense after the anchor).
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone

from dateutil.relativedelta import relativedelta

__all__ = ["resolve_dates", "format_date", "MONTH_NAMES"]

MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)

_MONTH_NUM: dict[str, int] = {m.lower(): i + 1 for i, m in enumerate(MONTH_NAMES)}
_MONTH_NUM.update({"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
                   "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12})

_NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3, "few": 3,
}
_APPROX = frozenset({"a few", "few"})

_NUM = r"(?:\d{1,3}|a\s+couple(?:\s+of)?|couple\s+of|a\s+few|few|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)"
_UNIT = r"(?:day|weekend|week|month|year)s?"
_WD = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|(?-i:Mon|Tues|Tue|Wed|Thurs|Thur|Thu|Fri|Sat|Sun)\b\.?)"
_MON_FULL = "|".join(MONTH_NAMES)
_MON = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
_NOT_THE = r"(?<!\bthe )(?<!\bthe past )(?<!\bthis )"

# One alternative per kind of expression; the first that matches at a position wins, so longer
# expressions come before the shorter ones they contain.
_PATTERNS: list[tuple[str, str]] = [
    ("day_before_yesterday", r"the\s+day\s+before\s+yesterday"),
    ("day_after_tomorrow", r"the\s+day\s+after\s+tomorrow"),
    ("yesterday", r"(?<!\blike )(?<!\blike just )(?<!\blike only )yesterday"),
    ("last_night", _NOT_THE + r"last\s+night"),
    ("today", r"today|tonight|this\s+morning|this\s+afternoon|this\s+evening"),
    ("tomorrow", r"tomorrow"),
    ("ago", _NUM + r"\s+" + _UNIT + r"\s+ago"),
    ("in_n", r"in\s+" + _NUM + r"\s+" + _UNIT),
    ("weekend", r"(?:this\s+past|this\s+coming|past|last|this|next)\s+weekend"),
    ("week", r"(?:this\s+past|this\s+coming|" + _NOT_THE + r"last|this|next)\s+week"),
    ("month", r"(?:" + _NOT_THE + r"last|this|next)\s+month"),
    ("year", r"(?:" + _NOT_THE + r"last|this|next)\s+year"),
    ("weekday", r"(?:this\s+past|this\s+coming|" + _NOT_THE + r"last|this|next|on|by|until|till|since|due)\s+" + _WD),
    ("iso", r"(?:19|20)\d\d-[01]\d-[0-3]\d"),
    ("d_month_year", r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON + r"\.?,?\s+(?:19|20)\d\d"),
    ("month_d_year", _MON + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d\d"),
    ("month_year", r"(?-i:" + _MON_FULL + r"),?\s+(?:of\s+)?(?:19|20)\d\d"),
    ("d_month", r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON),
    ("month_d", _MON + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?(?![\d:])"),
    ("in_month", r"(?:(?:in|since|during|until|early|late|mid|end\s+of|beginning\s+of)\s+|mid-)(?-i:" + _MON_FULL + r")(?:,?\s+(?:of\s+)?(?:19|20)\d\d)?"),
    ("in_year", r"(?:in|since|during|from|back\s+in)\s+(?:19|20)\d\d(?!s|\d|-)"),
]
_MASTER = re.compile(
    "|".join(rf"(?P<{name}>\b(?:{pat})\b)" for name, pat in _PATTERNS), re.IGNORECASE
)
_RELATIVE = frozenset({
    "day_before_yesterday", "day_after_tomorrow", "yesterday", "last_night", "today", "tomorrow",
    "ago", "in_n", "weekend", "week", "month", "year", "weekday",
})

_PARTS_AGO = re.compile(r"(" + _NUM + r")\s+(day|weekend|week|month|year)s?", re.IGNORECASE)
_DIGITS = re.compile(r"\d+")
_MON_RE = re.compile(r"\b" + _MON + r"\b", re.IGNORECASE)
_YEAR_RE = re.compile(r"(?:19|20)\d\d")
_WD_RE = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)", re.IGNORECASE)
_WD_PREFIX = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

# What we append, so a second pass recognises it and leaves it alone.
_OURS = re.compile(
    r"\s*\(\s*(?:(?:around|week of|weekend of)\s+)?"
    r"(?:(?P<d>\d{1,2})\s+(?P<m>" + _MON_FULL + r")\s+(?P<y>\d{4})|(?P<m2>" + _MON_FULL + r")\s+(?P<y2>\d{4})|(?P<y3>\d{4}))"
    r"\s*\)"
)
_POSSESSIVE = re.compile(r"'s\b")

_SENTENCE_END = re.compile(r"[.!?\n]")
_FUTURE = re.compile(
    r"\b(?:will|won't|shall|going\s+to|gonna|plan(?:s|ning)?(?:\s+to|\s+on)?|hope\s+to|hoping|can't\s+wait|"
    r"looking\s+forward|next|tomorrow|upcoming|coming\s+up|soon|need\s+to|have\s+to|has\s+to|want\s+to|"
    r"would\s+like|let's|due|deadline|by|until|till)\b|'ll\b|'d\s+like\b",
    re.IGNORECASE,
)
_PAST = re.compile(
    r"\b(?:was|were|went|did|didn't|had|got|ago|last|yesterday|since|came|took|made|saw|met|ran|"
    r"bought|gave|found|told|said|left|spent|won|lost|wrote|began|brought|felt|heard|"
    r"[a-z]{2,}ed)\b",
    re.IGNORECASE,
)
_NOT_PAST_ED = frozenset({
    "need", "needed", "excited", "interested", "tired", "scared", "worried", "bored", "pleased",
    "thrilled", "stressed", "supposed", "used", "planned", "scheduled", "booked", "expected",
    "hundred", "red", "bed", "feed", "speed", "seed", "exceed", "proceed", "succeed",
    # a decision or promise looks ahead: "we decided to ship it on Friday"
    "decided", "agreed", "promised", "arranged", "committed", "opted", "offered", "volunteered",
})


# Words without which no pattern above can match: a cheap gate before the big regex, because most
# turns name no time at all. Digits count too (years, "3 days ago", "12 March").
_TRIGGERS = frozenset(
    """yesterday today tonight tomorrow ago week weeks weekend weekends month months year years morning afternoon
    evening night day days monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs
    fri sat sun jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august
    september october november december""".split()
)
_TOKEN = re.compile(r"[a-z]+")


def _may_contain_date(text: str) -> bool:
    if any(ch.isdigit() for ch in text):
        return True
    return not _TRIGGERS.isdisjoint(_TOKEN.findall(text.lower()))


def format_date(d: date) -> str:
    """`D Month YYYY`, no leading zero: 7 May 2023."""
    return f"{d.day} {MONTH_NAMES[d.month - 1]} {d.year}"


def _month_label(d: date) -> str:
    return f"{MONTH_NAMES[d.month - 1]} {d.year}"


def _as_dt(d: date) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=timezone.utc)


def _number(word: str) -> tuple[int, bool]:
    w = " ".join(word.lower().split())
    if w.isdigit():
        return int(w), False
    return _NUMBER_WORDS[w], w in _APPROX


def _sentence_of(text: str, start: int, end: int) -> str:
    left = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    m = _SENTENCE_END.search(text, end)
    return text[left: m.start() if m else len(text)]


def _is_past(sentence: str, expr: str) -> bool:
    """Tense of the sentence around a weekday or a bare date, the expression itself left out."""
    rest = sentence.replace(expr, " ")
    if _FUTURE.search(rest):
        return False
    return any(m.group(0).lower() not in _NOT_PAST_ED for m in _PAST.finditer(rest))


def _monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _resolve(kind: str, expr: str, today: date, text: str, start: int, end: int) -> tuple[str | None, date | None]:
    """(label to append or None, the date the expression stands for)."""
    low = " ".join(expr.lower().split())
    if kind == "yesterday":
        d = today - timedelta(days=1)
        return format_date(d), d
    if kind == "last_night":
        d = today - timedelta(days=1)
        return format_date(d), d
    if kind == "day_before_yesterday":
        d = today - timedelta(days=2)
        return format_date(d), d
    if kind == "today":
        return format_date(today), today
    if kind == "tomorrow":
        d = today + timedelta(days=1)
        return format_date(d), d
    if kind == "day_after_tomorrow":
        d = today + timedelta(days=2)
        return format_date(d), d
    if kind in ("ago", "in_n"):
        m = _PARTS_AGO.search(low)
        if m is None:  # pragma: no cover - the master pattern guarantees a match
            return None, None
        n, approx = _number(m.group(1))
        unit = m.group(2)
        sign = -1 if kind == "ago" else 1
        if kind == "in_n" and _is_past(_sentence_of(text, start, end), expr):
            return None, None  # "I learned it in two weeks": a duration, not a date
        if unit == "weekend":
            sat = _monday(today) + timedelta(days=5 if kind == "in_n" else -2) + timedelta(days=sign * 7 * (n - 1))
            return ("around " if approx else "") + "weekend of " + format_date(sat), sat
        if unit == "year":
            d = today + relativedelta(years=sign * n)
            return str(d.year), date(d.year, 1, 1)
        if unit == "month":
            d = today + relativedelta(months=sign * n)
        elif unit == "week":
            d = today + timedelta(days=sign * 7 * n)
        else:
            d = today + timedelta(days=sign * n)
        return ("around " if approx else "") + format_date(d), d
    if kind == "weekend":
        monday = _monday(today)
        if low.startswith("next"):
            sat = monday + timedelta(days=12)
        elif low.startswith("this coming"):
            sat = monday + timedelta(days=5) if today.weekday() < 5 else monday + timedelta(days=12)
        elif low.startswith("this") and "past" not in low:
            sat = monday + timedelta(days=5)
        else:
            sat = monday - timedelta(days=2)
        return "weekend of " + format_date(sat), sat
    if kind == "week":
        monday = _monday(today)
        if low.startswith("next") or low.startswith("this coming"):
            monday += timedelta(days=7)
        elif low.startswith("last") or "past" in low:
            monday -= timedelta(days=7)
        return "week of " + format_date(monday), monday
    if kind == "month":
        first = today.replace(day=1)
        if low.startswith("last"):
            first = first - relativedelta(months=1)
        elif low.startswith("next"):
            first = first + relativedelta(months=1)
        return _month_label(first), first
    if kind == "year":
        y = today.year + (-1 if low.startswith("last") else 1 if low.startswith("next") else 0)
        return str(y), date(y, 1, 1)
    if kind == "weekday":
        wd = _WD_PREFIX.index(_WD_RE.search(low).group(1).lower())
        if low.startswith("this past") or low.startswith("last") or low.startswith("since"):
            delta = (today.weekday() - wd) % 7 or 7
            d = today - timedelta(days=delta)
        elif low.startswith("next") or low.startswith("this coming"):
            d = today + timedelta(days=(wd - today.weekday()) % 7 or 7)
        elif low.startswith("this"):
            d = _monday(today) + timedelta(days=wd)
        elif low.startswith(("by", "until", "till", "due")):
            d = today + timedelta(days=(wd - today.weekday()) % 7 or 7)
        elif _is_past(_sentence_of(text, start, end), expr):  # "on Friday"
            d = today - timedelta(days=(today.weekday() - wd) % 7 or 7)
        else:
            d = today + timedelta(days=(wd - today.weekday()) % 7 or 7)
        return format_date(d), d
    return None, None


def _absolute(kind: str, expr: str, today: date, text: str, start: int, end: int) -> date | None:
    """The date a written-out date stands for (never rewritten)."""
    try:
        if kind == "iso":
            y, m, d = (int(x) for x in expr.split("-"))
            return date(y, m, d)
        if kind == "in_year":
            return date(int(_YEAR_RE.search(expr).group(0)), 1, 1)
        month = _MONTH_NUM[_MON_RE.search(expr).group(0).lower()]
        year_m = _YEAR_RE.search(expr) if kind in ("d_month_year", "month_d_year", "month_year", "in_month") else None
        if kind in ("month_year", "in_month"):
            day = 1
        else:
            day = int(_DIGITS.search(expr).group(0))
        if year_m is not None:
            return date(int(year_m.group(0)), month, day)
        d = date(today.year, month, day)
        if d > today and _is_past(_sentence_of(text, start, end), expr):
            d = date(today.year - 1, month, day)
        return d
    except (ValueError, AttributeError, KeyError):
        return None  # "31 February", an impossible date: not a date


def _parse_ours(m: re.Match[str]) -> date | None:
    try:
        if m.group("d"):
            return date(int(m.group("y")), _MONTH_NUM[m.group("m").lower()], int(m.group("d")))
        if m.group("m2"):
            return date(int(m.group("y2")), _MONTH_NUM[m.group("m2").lower()], 1)
        return date(int(m.group("y3")), 1, 1)
    except ValueError:
        return None


def resolve_dates(text: str, anchor: datetime) -> tuple[str, datetime | None]:
    """Rewrites relative time expressions into absolute ones, anchored at `anchor` (aware UTC).

    Returns (rewritten_text, when) where `when` is the date the text's main event happened, if the
    text names one (the first resolved expression, relative or written out), else None. `when` is
    midnight UTC of that day (of the Monday for a week, the Saturday for a weekend, the 1st for a
    month, 1 January for a year).

    'yesterday' -> 'yesterday (7 May 2023)'; 'last week' -> 'last week (week of 1 May 2023)';
    'last year' -> 'last year (2022)'; 'last month' -> 'last month (April 2023)'. Idempotent: an
    expression already followed by its parenthesised date is left as it is.
    """
    if not _may_contain_date(text):
        return text, None
    if anchor.tzinfo is None:
        anchor = anchor.replace(tzinfo=timezone.utc)
    today = anchor.astimezone(timezone.utc).date()
    out: list[str] = []
    pos = 0
    skip_until = 0
    when: date | None = None
    for m in _MASTER.finditer(text):
        start, end = m.span()
        if start < skip_until:
            continue
        kind = m.lastgroup or ""
        expr = m.group(0)
        if kind not in _RELATIVE:
            if when is None:
                when = _absolute(kind, expr, today, text, start, end)
            continue
        insert_at = end
        poss = _POSSESSIVE.match(text, end)
        if poss is not None:
            insert_at = poss.end()
        ours = _OURS.match(text, insert_at)
        if ours is not None:
            skip_until = ours.end()
            if when is None:
                when = _parse_ours(ours)
            continue
        label, d = _resolve(kind, expr, today, text, start, end)
        if label is None:
            continue
        if when is None:
            when = d
        out.append(text[pos:insert_at])
        out.append(f" ({label})")
        pos = insert_at
    if not out:
        return text, _as_dt(when) if when else None
    out.append(text[pos:])
    return "".join(out), _as_dt(when) if when else None
