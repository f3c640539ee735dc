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
- "Today" is the anchor's date in the subject's time zone `tz` (None: UTC).

Periods (`find_periods`) are how long an instruction holds ("just for today", "until Friday", "for
the next 20 minutes", "for this chat"); each ends at a moment in the subject's time zone:

- "today", "for the rest of the day", "until the end of the day", "this evening": local midnight.
  "this morning" ends at local 12:00, "this afternoon" at local 18:00 (at local midnight when that
  hour has passed); "tonight" at 04:00 the next local morning.
- "for the next N minutes/hours/days/weeks": N of them after the anchor. "until tomorrow": a day
  after the anchor ("until tomorrow morning": 09:00 tomorrow); "for tomorrow", "tomorrow only": the
  end of tomorrow.
- "this week", "for the rest of the week", "until the end of the week": the end of Sunday; "this
  weekend": the end of the Sunday that ends it; "until the weekend": the start of Saturday; "until
  next week": the start of next Monday; "this month": the end of its last day.
- "until Friday" (also "till", "through", "next", "this coming"): the end of the first Friday after the
  anchor's date. "until the 14th", "until 14 March": the end of that day, the next one on or after
  the anchor's date. "until 5pm", "until noon": the next such local time.
- "for this chat/session/conversation", "for now", "this time": the session.
- "until then", "in the meantime", "until <something happens>" ("until it's fixed", "until I've
  submitted"), "while <something holds>": open; they end with a time said in the condition ("until
  it's fixed later today"), else with a time said before them ("...at 3pm, so ... until then"), else
  with a period said around them (the caller's choice).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from datetime import date, datetime, time, timedelta, timezone, tzinfo

from dateutil.relativedelta import relativedelta

__all__ = ["resolve_dates", "format_date", "MONTH_NAMES", "Period", "find_periods", "in_utc"]

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
#: A month named alone: capitalised, or in lower case when no other word is spelt so ("in june",
#: "since february"; not "may", "march", "august").
_MON_NAMED = (r"(?:(?-i:" + _MON_FULL + r")|(?-i:january|february|april|june|july|september|october|november|december)"
              # (not someone so named: "in june's garden", "since june left the team")
              r"(?!['’]s\b|\s+(?:left|leaves|gets?|got|said|says|came|comes|went|goes|and\s+(?:I|me)\b)\b))")
_MON = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
#: The months' names and short names, for other readings of days to share.
MONTH_WORDS = _MON
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
    # "on Monday evenings" is every Monday, as "on Mondays" is: no one date
    ("weekday", r"(?:this\s+past|this\s+coming|" + _NOT_THE + r"last|this|next|on|by|until|till|since|due)\s+" + _WD
     + r"(?!\.?\s+(?:mornings|afternoons|evenings|nights|lunchtimes)\b)"),
    ("iso", r"(?:19|20)\d\d-[01]\d-[0-3]\d"),
    ("d_month_year", r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON + r"\.?,?\s+(?:19|20)\d\d"),
    ("month_d_year", _MON + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d\d"),
    ("month_year", r"(?-i:" + _MON_FULL + r"),?\s+(?:of\s+)?(?:19|20)\d\d"),
    ("d_month", r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON),
    ("month_d", _MON + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?(?![\d:])"),
    # "last December", "next April": the one before this month, the one after it
    ("month_named", _NOT_THE + r"(?<!\bthe )(?:last|next|this\s+past|this\s+coming)\s+" + _MON_NAMED + r"(?!,?\s*\d)"),
    ("in_month", r"(?:(?:in|since|during|until|early|late|mid|end\s+of|beginning\s+of)\s+|mid-)" + _MON_NAMED
     + r"(?:,?\s+(?:of\s+)?(?:19|20)\d\d)?"),
    ("in_year", r"(?:in|since|during|from|back\s+in)\s+(?:19|20)\d\d(?!s|\d|-)"),
    # "on the 12th", "by the 3rd": a day of the month without its month, the next such day (the
    # last one in a sentence about the past); not "the 12th floor", "the 12th of every month"
    ("day_of_month", r"(?:on|by|until|till|before|after|from|for|due|to)\s+the\s+(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)"
     r"(?!\s+(?:of\s+)?(?:" + _MON + r"|each|every|the)\b)(?=\s*(?:$|[,.;:!?)\u2013\u2014-]|\s(?:at|in|of|and|or|not|so|but|"
     r"instead|then|now|please|pls|for|with|from|until|till|to|by|as|when|if|because|this|next|which|after|before)\b))"),
]
_MASTER = re.compile(
    "|".join(rf"(?P<{name}>\b(?:{pat})\b)" for name, pat in _PATTERNS), re.IGNORECASE
)
_RELATIVE = frozenset({
    "day_before_yesterday", "day_after_tomorrow", "yesterday", "last_night", "today", "tomorrow",
    "ago", "in_n", "weekend", "week", "month", "year", "weekday", "day_of_month", "month_named",
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
    r"would\s+like|let's|due|deadline|by|until|till)\b|'ll\b|'d\s+like\b"
    # a booking said in the present: "op's booked for the 22nd of may", "completion is set for ..."
    r"|(?:['’]s|\bis|\bare)\s+(?:now\s+)?(?:booked|set|scheduled|pencilled|penciled|fixed|arranged|planned)\s+(?:in\s+)?for"
    # (with its day after it, or where the day was: the day itself is left out of what is read)
    r"\s+(?:the\s*)?(?:$|\s|,|\d|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|next|this|tomorrow)",
    re.IGNORECASE,
)
_PAST = re.compile(
    r"\b(?:was|were|went|did|didn't|had|got|ago|last|yesterday|since|came|took|made|saw|met|ran|"
    r"bought|gave|found|told|said|left|spent|won|lost|wrote|began|brought|felt|heard|"
    # irregular pasts that are not also their present ("read", "put", "quit" are both)
    r"broke|sold|drove|flew|ate|drank|swam|sang|rode|wore|threw|caught|taught|thought|fought|kept|slept|built|"
    r"sent|lent|held|sat|stood|paid|fell|forgot|chose|froze|woke|spoke|stole|shook|grew|knew|drew|blew|hid|"
    r"became|hung|struck|tore|rang|sank|stuck|swung|dug|shot|forgave|fled|meant|"
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


def in_utc(when: datetime) -> datetime:
    """`when` in UTC; a time without a zone is taken as UTC."""
    return (when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)


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


#: A verb whose past is its present ("quit", "split up", "put", "cut") right after its subject, with no
#: auxiliary: told, as in "I quit smoking on Tuesday!!", "we split up on friday" (a plan says "will",
#: "going to", "want to", which `_FUTURE` reads first).
_SAME_FORM_PAST = re.compile(r"\b(?:i|we|he|she|they)\s+(?:just\s+|finally\s+|officially\s+|actually\s+)?"
                             r"(?:quit|split|put|cut|set|shut|let|hit|cast|bet)\b", re.IGNORECASE)


_HAVE_GOT = re.compile(r"(?:['’]ve|\bhave|['’]s|\bhas)\s+got\b(?!\s+(?:to|back|home|there|here|in|into|rid)\b)", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _is_past(sentence: str, expr: str) -> bool:
    """Tense of the sentence around a weekday or a bare date, the expression itself left out."""
    rest = _HAVE_GOT.sub(" have ", sentence.replace(expr, " "))  # ("I've got a dentist appointment": have)
    if _FUTURE.search(rest):
        return False
    return (any(m.group(0).lower() not in _NOT_PAST_ED for m in _PAST.finditer(rest))
            or _SAME_FORM_PAST.search(rest) is not None)


def _is_future(sentence: str, expr: str) -> bool:
    """The sentence around a bare date speaks of what is to come (a future cue wins over a past
    form, as in `_is_past`: "will get married")."""
    return bool(_FUTURE.search(sentence.replace(expr, " ")))


def _before(d: date, today: date, *, whole_month: bool) -> bool:
    """Whether a date of this year is already behind `today` (a month named alone: a month before
    today's, so "in November" said on 20 November is still this one)."""
    return (d.year, d.month) < (today.year, today.month) if whole_month else d < today


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
            if sat > today and _is_past(_sentence_of(text, start, end), expr):
                sat -= timedelta(days=7)  # "planted chillies this weekend", said on a Tuesday: the one gone
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
    if kind == "month_named":
        month = _MONTH_NUM[_MON_RE.search(low).group(0)]
        first = today.replace(day=1, month=month)
        if low.startswith(("last", "this past")) and (first.year, first.month) >= (today.year, today.month):
            first = first - relativedelta(years=1)
        elif low.startswith(("next", "this coming")) and (first.year, first.month) <= (today.year, today.month):
            first = first + relativedelta(years=1)
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
    if kind == "day_of_month":
        # a day something is moved to is ahead, however the move is told ("rebooked it to the 15th")
        past = not low.startswith("to ") and _is_past(_clause_of(text, start, end), expr)
        sentence = _sentence_of(text, start, end)
        if not past and recurs_monthly(sentence) and day_recurs(text, start, end) and not _is_past(sentence, expr):
            return None, None  # "rent's 950 a month, paid on the 1st": the day it comes round, no one date
        label, d = _day_of_month(int(_DIGITS.search(low).group(0)), today, past)
        # "on the 12th, not the 9th": of the month the corrected date was in, which may be another
        # one; the date is a guess, not written into the text
        return ("" if label and _CONTRASTED_DAY.match(text, end) else label), d
    return None, None


#: A bare day set against another ("on the 12th, not the 9th", "by the 3rd rather than the 5th").
_CONTRASTED_DAY = re.compile(r"\s*,?\s*(?:not|rather\s+than|instead\s+of)\s+(?:on\s+|by\s+)?the\s+\d", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.!?\n,;:]|\s[-\u2013\u2014]\s")


def _clause_of(text: str, start: int, end: int) -> str:
    """The clause around a span: "got that wrong, the plumber comes on the 12th" is of the future
    though its first clause is in the past."""
    left = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
    m = _CLAUSE_END.search(text, end)
    return text[left: m.start() if m else len(text)]


#: A month as the period something comes round in ("every month", "each month", "a month",
#: "per month", "monthly"): a day of the month told beside it is the day it recurs on.
_MONTHLY = re.compile(r"\b(?:every|each|per)\s+(?:calendar\s+)?month\b|\bmonthly\b|"
                      # "950 a month", "once a month" (not "a month away", "for a month", "in a month")
                      r"(?:\d|\bonce|\btwice|\bk|\bquid|\bbucks|\beuros?|\bpounds?|\bdollars?|\brand|\bshillings?)\s*a\s+month\b",
                      re.IGNORECASE)


@lru_cache(maxsize=4096)
def recurs_monthly(sentence: str) -> bool:
    """Whether a sentence says a monthly period ("every month", "monthly", "40 a month", "once a
    month"; not "a month away"): what comes round on a day of the month, if it names one."""
    return _MONTHLY.search(sentence) is not None


_ORDINAL_DAY = re.compile(r"\b(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b", re.IGNORECASE)
#: Words that make a day of the month one occasion though the thing comes round monthly ("this
#: month it's on the 23rd", "on the 18th this time instead of the 11th", "the new contract starts on
#: the 10th", "coming early on the 20th").
_THIS_ONCE = re.compile(r"\b(?:this\s+(?:time|month|once)|instead|rather|starts?|started|starting|begins?|moved|moving|"
                        r"move|rescheduled|pushed|brought|early|earlier|late|later|next|only|first|last|until|till|since)\b",
                        re.IGNORECASE)
#: Where one statement of a clause ends and the next begins ("... 40 a month and my induction is ...").
_CONJUNCT = re.compile(r"\s+(?:and|but|so|while|though|although|whereas)\s+", re.IGNORECASE)
#: A conjunct that opens with a subject of its own ("my induction is", "the new contract starts").
_OWN_SUBJECT = re.compile(r"^(?:(?:my|our|his|her|their|its|the|this|that|these|those|a|an)\s+\w|(?:i|we|he|she|they|it|you)\b|"
                          r"it['’]s\b|(?-i:[A-Z])\w*['’]s\s+\w|(?-i:[A-Z])\w*\s+(?:is|are|was|has|comes|goes)|"
                          # "plumber comes on the 12th", not "comes out on the 3rd"
                          r"[a-z]+\s+(?:comes|goes|is|are|arrives|starts|visits|calls|runs|opens|closes)\b)", re.IGNORECASE)


#: What a monthly period may be led by when fronted alone ("and every month, ...").
_FRONTED_LEAD = re.compile(r"^(?:and|so|also|oh|btw)\s+", re.IGNORECASE)


def day_recurs(text: str, start: int, end: int) -> bool:
    """Whether the day of the month at text[start:end] is the day something comes round on: its
    own statement says a monthly period ("the invoices go out every month on the 25th"), or it has
    no subject of its own and the sentence says one ("rent is 950 a month and goes out on the 1st",
    "the fee is 210 a month, due on the 5th"), and nothing makes it one occasion."""
    # (within 300 characters either side: a clause is no longer, and a long turn is read in linear time)
    clause_start = max([m.end() for m in _CLAUSE_END.finditer(text, max(0, start - 300), start)] + [max(0, start - 300)])
    after_end = _CLAUSE_END.search(text, end, min(len(text), end + 300))
    clause = text[clause_start: after_end.start() if after_end else min(len(text), end + 300)]
    if _THIS_ONCE.search(clause):
        return False
    cuts = [m for m in _CONJUNCT.finditer(text, clause_start, start)]
    conjunct = text[cuts[-1].end() if cuts else clause_start: start]
    after = _CONJUNCT.search(clause, end - clause_start)
    own = text[cuts[-1].end() if cuts else clause_start: clause_start + (after.start() if after else len(clause))]
    if recurs_monthly(own):
        return True
    fronted = text[max((m.end() for m in _CLAUSE_END.finditer(text, 0, max(clause_start - 1, 0))), default=0): clause_start]
    if _MONTHLY.fullmatch(_FRONTED_LEAD.sub("", fronted.strip(" ,;:"))):
        return True  # "every month, the water bill comes out on the 9th"
    return _OWN_SUBJECT.match(conjunct.strip()) is None and recurs_monthly(_sentence_of(text, start, end))


def monthly_day(sentence: str) -> bool:
    """Whether a sentence names the day of the month something comes round on ("the 2nd of each
    month", "every month on the 25th"): when it happens, said as surely as a date."""
    return any(day_recurs(sentence, m.start(), m.end()) for m in _ORDINAL_DAY.finditer(sentence))


def _day_of_month(dom: int, today: date, past: bool) -> tuple[str | None, date | None]:
    """The date "the 12th" stands for: the next 12th, or, in a sentence about the past, the last
    one (today counts as either). None for a day no month near has ("the 31st" of a short month is
    the next month that has one)."""
    step = -1 if past else 1
    first = today.replace(day=1)
    for k in range(3):
        month = first + relativedelta(months=step * k)
        try:
            d = date(month.year, month.month, dom)
        except ValueError:
            continue
        if (d >= today) if not past else (d <= today):
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
        if kind == "in_month" and re.match(r"\s+next\s+year\b", text[end:], re.IGNORECASE):
            return date(today.year + 1, month, day)  # "in june next year"
        d = date(today.year, month, day)
        sentence = _sentence_of(text, start, end)
        # ("since October": a month gone by, whatever the tense)
        if d > today and (_is_past(sentence, expr) or expr.lower().startswith("since")):
            d = date(today.year - 1, month, day)
        elif _before(d, today, whole_month=kind in ("month_year", "in_month")) and _is_future(sentence, expr):
            d = date(today.year + 1, month, day)  # "planning a trip in April", said in November
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


_LEAD_PREP = re.compile(r"(?:on|to|for|by|until|till|from|in|at)\s+", re.IGNORECASE)
_LABEL_AFTER = re.compile(r"\s*\([^()]{4,40}\)")
_DAY_BEFORE = re.compile(r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\s*$", re.IGNORECASE)


def date_phrases(text: str) -> list[tuple[int, int]]:
    """Where the dates a text names are written ("completion's set for the 14th of february",
    "dentist next tuesday (7 April 2026)": the words of each date and the date written after them),
    without a word before one that is not the date's own ("on", "to")."""
    if not _may_contain_date(text):
        return []
    out: list[tuple[int, int]] = []
    for m in _MASTER.finditer(text):
        start, end = m.span()
        if out and start < out[-1][1]:
            continue  # the date written after one ("next tuesday (7 April 2026)")
        if text[start - 1:start] == "(":
            # the date written after a day of the month ("on the 4th (4 March 2026)"): with it
            day = _DAY_BEFORE.search(text, max(0, start - 24), start - 1)
            if day is None:
                continue
            close = text.find(")", end)
            out.append((day.start(), close + 1 if close >= 0 else end))
            continue
        lead = _LEAD_PREP.match(text, start)
        if lead is not None and lead.end() < end:
            start = lead.end()
        label = _LABEL_AFTER.match(text, end)
        end = label.end() if label is not None else end
        if out and re.fullmatch(r"[\s,]*(?:the\s+)?", text[out[-1][1]:start]):
            out[-1] = (out[-1][0], end)  # one day in two ("saturday the 7th", "thursday 12th march")
        else:
            out.append((start, end))
    return out


def resolve_dates(text: str, anchor: datetime, tz: tzinfo | None = None) -> tuple[str, datetime | None]:
    """Rewrites relative time expressions into absolute ones, anchored at `anchor` (aware UTC), in
    the subject's time zone `tz` (None: UTC): "today" is the anchor's local date.

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
    today = anchor.astimezone(tz or timezone.utc).date()
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
        if not label:
            continue
        out.append(text[pos:insert_at])
        out.append(f" ({label})")
        pos = insert_at
    if not out:
        return text, _as_dt(when) if when else None
    out.append(text[pos:])
    return "".join(out), _as_dt(when) if when else None


# --------------------------------------------------------------------------------------------------
# Periods: how long an instruction holds

@dataclass(frozen=True)
class Period:
    """A period named in a text, and when it ends."""

    start: int                 # span of its words in the text
    end: int
    words: str                 # as written: "just for today", "until Friday"
    ends_at: datetime | None   # aware, UTC; None for a session or an open period
    session: bool = False      # "for this chat": ends with the session
    open: bool = False         # "until then", "until it's fixed": ends with a period said around it
    bare: bool = False         # a time word on its own ("today", "this week"): a period only beside an instruction
    label: str = ""            # "until the end of 2 March 2026", "until 15:00 on 2 March 2026", "for this session"


_P_NUM = (r"(?:\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
          r"thirty|forty(?:-five)?|forty|fifty|sixty|ninety|few|several|couple(?:\s+of)?)")
_P_UNIT = r"(?:minutes?|mins?|hours?|hrs?|days?|weeks?|half[\s-]+(?:an\s+)?hour)"
_P_PART = r"(?:today|tonight|this\s+(?:morning|afternoon|evening))"
_P_CLOCK = r"(?:\d{1,2}(?::[0-5]\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|(?:[01]?\d|2[0-3]):[0-5]\d|noon|midday|midnight)"
_P_SUBJ = r"(?:I|I'm|I've|I'd|I'll|we|we're|we've|it|it's|they|they're|he|she|he's|she's|you|you've|the|my|our|this|that|there)"
_PERIOD_PATTERNS: list[tuple[str, str]] = [
    ("standing", r"until\s+(?:further\s+notice|I\s+(?:say|tell\s+you)\s+(?:otherwise|so|to\s+stop)|I\s+change\s+my\s+mind)"),
    ("session", r"(?:(?:just|only)\s+)?(?:for|during|in|within|through(?:out)?)\s+(?:the\s+rest\s+of\s+)?(?:this|the|our)\s+"
                r"(?:current\s+)?(?:session|chat|conversation|thread)(?:\s+only)?"
                r"|(?:this|the)\s+(?:session|chat|conversation|thread)\s+only"
                r"|(?:until|till)\s+(?:the\s+end\s+of\s+)?(?:this|the|our)\s+(?:session|chat|conversation|thread)"
                r"|(?:until|till)\s+we(?:'re|\s+are)\s+(?:done|finished)|for\s+now|for\s+the\s+time\s+being|"
                r"(?:just\s+)?this\s+(?:time|once)"),
    ("span", r"(?:for|over|during)\s+the\s+(?:next|coming|following)\s+(?:(?P<n>" + _P_NUM + r")\s+)?(?P<unit>" + _P_UNIT + r")"
             r"|for\s+(?:the\s+next\s+)?(?P<n2>half\s+an|an?|one|" + _P_NUM + r")\s+(?P<unit2>" + _P_UNIT + r")\s+or\s+(?:so|two)"
             # as chat leaves "for the" out, at the head of what it bounds ("next hour or so keep replies
             # short", "next 30 mins: bullet points only"): minutes and hours only, where "next week" is
             # the calendar's
             r"|(?:(?<=^)|(?<=[,;:(]\s)|(?<=[,;:(]))(?:the\s+)?next\s+(?:(?!0+\s)(?P<n3>" + _P_NUM + r")\s+)?"
             r"(?P<unit3>minutes?|mins?|hours?|hrs?|half[\s-]+(?:an\s+)?hour)(?=\s+or\s+(?:so|two)\b|\s+only\b|\s*[:,;.!)-])"),
    ("rest", r"(?:(?:for|during|through|over)\s+)?the\s+rest\s+of\s+(?:the\s+|this\s+)?(?P<rest_of>day|today|morning|afternoon|"
             r"evening|night|tonight|week|weekend|month)"),
    ("tomorrow_only", r"(?:(?:just|only)\s+)?for\s+tomorrow(?:\s+only)?|tomorrow\s+only|just\s+tomorrow"),
    ("until_tomorrow", r"(?:until|till|til)\s+tomorrow(?P<tpart>\s+(?:morning|afternoon|evening|night))?"),
    ("part", r"(?:(?:just|only)\s+)?(?:for|through(?:out)?|during)\s+(?:the\s+)?(?P<p1>" + _P_PART + r"|day|morning|afternoon|evening)"
             r"(?:\s+only)?|(?P<p2>" + _P_PART + r")\s+only|(?:just|only)\s+(?P<p3>" + _P_PART + r")"
             r"|all\s+(?P<p4>day|morning|afternoon|evening|night)(?:\s+(?:today|long|tonight))?"
             r"|(?:until|till|til|through)\s+(?:the\s+end\s+of\s+)?(?:the\s+)?(?P<p5>today|tonight|day|end\s+of\s+(?:the\s+)?day|"
             r"eod|close\s+of\s+business|this\s+evening|this\s+afternoon|evening|bedtime|sunset|sundown|dusk|dark)"),
    ("week", r"(?:(?:just|only)\s+)?(?:for|during|through(?:out)?)\s+(?:this|the)\s+(?P<w1>week|weekend|month)(?:\s+only)?"
             r"|(?:until|till|through)\s+(?:the\s+end\s+of\s+)?(?:this|the)\s+(?P<w2>week|weekend|month)"
             r"|(?:until|till)\s+(?P<w3>next\s+(?:week|month))|(?P<w4>this\s+(?:week|weekend|month))\s+only"),
    # "heading off to a retreat, back Friday", "I'm back on Monday": away until then
    ("weekday", r"(?:until|till|til|through|thru|(?:(?:I['’]m|we['’]re|I\s+am|we\s+are|(?:I|we)['’]ll\s+be|(?:I|we)\s+will\s+be)\s+|"
                r"(?<=,\s)|(?<=\u2013\s)|(?<=\u2014\s)|(?<=-\s)|(?<=\()|^)back(?:\s+on)?)"
                r"\s+(?:the\s+end\s+of\s+)?(?:(?:next|this(?:\s+coming)?)\s+)?(?P<wd>" + _WD + r")"
                # (not "back on Thursday nights", a habit's days)
                r"(?:\s+(?:morning|afternoon|evening|night)(?!s))?(?![’']?s\b)(?!\s+(?:mornings|afternoons|evenings|nights)\b)"),
    ("dom", r"(?:until|till|til|through|thru)\s+(?:the\s+)?(?P<dom1>\d{1,2})(?:st|nd|rd|th)(?:\s+(?:of\s+)?(?P<mon1>" + _MON + r"))?"
            r"|(?:until|till|til|through|thru)\s+(?P<dom2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>" + _MON + r")"
            r"|(?:until|till|til|through|thru)\s+(?P<mon3>" + _MON + r")\.?\s+(?P<dom3>\d{1,2})(?:st|nd|rd|th)?(?![\d:])"),
    ("month", r"(?:until|till|til|through|thru)\s+(?:the\s+)?end\s+of\s+(?P<mon4>" + _MON + r")\b"
              r"|(?:through|thru)\s+(?P<mon5>" + _MON + r")\b|(?:until|till|til)\s+(?P<mon6>" + _MON + r")\b"),
    ("clock", r"(?:until|till|til)\s+(?P<clock_at>" + _P_CLOCK + r")"),
    ("then", r"(?:until|till|til)\s+then|in\s+the\s+meantime"),
    ("cond", r"(?:until|till|til|while|whilst|as\s+long\s+as)\s+(?P<condition>" + _P_SUBJ + r"\b[^,;:.!?()]*)"),
    ("bare", r"later\s+today|(?<!\bthe\s)" + _P_PART + r"|this\s+(?:week|weekend|month)"),
]
_PERIOD_MASTER = re.compile("|".join(rf"(?P<{n}>\b(?:{p})\b)" for n, p in _PERIOD_PATTERNS), re.IGNORECASE)
_PERIOD_TRIGGERS = frozenset("""today tonight tomorrow morning afternoon evening night day week weekend month session chat
conversation thread now time once next coming following rest until till til through thru while whilst long meantime back
""".split())
_CLOCK_AT = re.compile(r"\b(?:at|by|around|before)\s+(?P<clock>" + _P_CLOCK + r")(?!\w)", re.IGNORECASE)
_P_NUMBERS = {**_NUMBER_WORDS, "several": 3, "thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50, "sixty": 60,
              "ninety": 90, "couple": 2}


def _local_at(d: date, t: time, tz: tzinfo) -> datetime:
    return datetime.combine(d, t, tzinfo=tz).astimezone(timezone.utc)


def _end_of(d: date, tz: tzinfo) -> datetime:
    """The end of local day `d`: the next local midnight."""
    return _local_at(d + timedelta(days=1), time(0), tz)


def _clock(word: str) -> time | None:
    w = " ".join(word.lower().replace(".", "").split())
    if w in ("noon", "midday"):
        return time(12)
    if w == "midnight":
        return time(0)
    m = re.match(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$", w)
    if m is None:
        return None
    h, mi = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3) == "pm" and h < 12:
        h += 12
    elif m.group(3) == "am" and h == 12:
        h = 0
    return time(h, mi) if h < 24 else None


def _next_clock(t: time, local: datetime, tz: tzinfo) -> datetime:
    at = _local_at(local.date(), t, tz)
    return at if at > local else _local_at(local.date() + timedelta(days=1), t, tz)


def _part_end(part: str, local: datetime, tz: tzinfo) -> datetime:
    """The end of a part of the anchor's day: "morning" 12:00, "afternoon" 18:00, "tonight" 04:00
    the next morning, anything else ("today", "evening", "day") the local midnight."""
    p = " ".join(part.lower().split()).removeprefix("this ").removeprefix("later ")
    today = local.date()
    if p in ("tonight", "night", "bedtime"):
        return _local_at(today + timedelta(days=0 if local.hour < 4 else 1), time(4), tz)
    hour = {"morning": 12, "afternoon": 18}.get(p)
    if hour is not None:
        at = _local_at(today, time(hour), tz)
        if at > local:
            return at
    return _end_of(today, tz)


def _span_end(n_raw: str | None, unit: str, anchor: datetime) -> datetime:
    unit = " ".join(unit.lower().split())
    if unit.startswith("half"):
        return anchor + timedelta(minutes=30)
    raw = " ".join((n_raw or "1").lower().split())
    if raw.startswith("half"):
        return anchor + timedelta(minutes=30)
    n = int(raw) if raw.isdigit() else _P_NUMBERS.get(raw.removesuffix(" of"), 1)
    if unit.startswith("min"):
        return anchor + timedelta(minutes=n)
    if unit.startswith(("hour", "hr")):
        return anchor + timedelta(hours=n)
    if unit.startswith("day"):
        return anchor + timedelta(days=n)
    return anchor + timedelta(weeks=n)


def _week_end(which: str, local: datetime, tz: tzinfo) -> datetime:
    """"week"/"weekend": the end of this week's Sunday; "next week": the start of next Monday;
    "month"/"next month": the start of next month's first day."""
    w = " ".join(which.lower().split()).removeprefix("this ")
    today = local.date()
    monday = _monday(today)
    if w == "next week":
        return _local_at(monday + timedelta(days=7), time(0), tz)
    if w in ("month", "next month"):
        return _local_at(today.replace(day=1) + relativedelta(months=1), time(0), tz)
    return _end_of(monday + timedelta(days=6), tz)


def _date_end(dom: int, month: int | None, local: datetime, tz: tzinfo) -> datetime | None:
    today = local.date()
    try:
        if month is None:
            d = date(today.year, today.month, dom)
            if d < today:
                nxt = today.replace(day=1) + relativedelta(months=1)
                d = date(nxt.year, nxt.month, dom)
        else:
            d = date(today.year, month, dom)
            if d < today:
                d = date(today.year + 1, month, dom)
    except ValueError:
        return None
    return _end_of(d, tz)


def _label(ends_at: datetime, tz: tzinfo) -> str:
    local = ends_at.astimezone(tz)
    if local.time() == time(0):
        return "until the end of " + format_date(local.date() - timedelta(days=1))
    return f"until {local:%H:%M} on {format_date(local.date())}"


def _resolve_period(m: re.Match[str], text: str, anchor: datetime, tz: tzinfo) -> Period | None:
    kind = m.lastgroup or ""
    g = m.groupdict()
    local = anchor.astimezone(tz)
    words = m.group(0)
    start, end = m.span()
    ends: datetime | None = None
    if kind == "standing":
        return None
    if kind == "session":
        return Period(start, end, words, None, session=True, label="for this session")
    if kind == "span":
        ends = _span_end(g["n"] or g["n2"] or g["n3"], g["unit"] or g["unit2"] or g["unit3"], anchor)
    elif kind == "rest":
        r = g["rest_of"].lower()
        ends = _week_end(r, local, tz) if r in ("week", "weekend", "month") else _part_end(r, local, tz)
    elif kind == "tomorrow_only":
        ends = _end_of(local.date() + timedelta(days=1), tz)
    elif kind == "until_tomorrow":
        part = (g["tpart"] or "").strip().lower()
        ends = (anchor + timedelta(days=1) if not part else
                _local_at(local.date() + timedelta(days=1), time({"morning": 9, "afternoon": 12}.get(part, 18)), tz))
    elif kind == "part":
        p = next(g[k] for k in ("p1", "p2", "p3", "p4", "p5") if g[k])
        p = " ".join(p.lower().split())
        ends = _part_end("today" if ("end of" in p or p in ("eod", "close of business")) else p, local, tz)
    elif kind == "week":
        w = next(g[k] for k in ("w1", "w2", "w3", "w4") if g[k])
        if re.match(r"(?:until|till)\s+the\s+weekend", words, re.IGNORECASE):
            ends = _local_at(_monday(local.date()) + timedelta(days=5), time(0), tz)  # the weekend starts
            if ends <= anchor:
                ends = _week_end("weekend", local, tz)
        else:
            ends = _week_end(w, local, tz)
    elif kind == "weekday":
        wd = _WD_PREFIX.index(_WD_RE.search(g["wd"]).group(1).lower())
        d = local.date() + timedelta(days=(wd - local.date().weekday()) % 7 or 7)
        ends = _end_of(d, tz)
    elif kind == "dom":
        dom = int(g["dom1"] or g["dom2"] or g["dom3"])
        mon = g["mon1"] or g["mon2"] or g["mon3"]
        ends = _date_end(dom, _MONTH_NUM[mon.lower().rstrip(".")] if mon else None, local, tz)
    elif kind == "month":
        # "until the end of March", "through March": its last day; "until March": until it begins
        mon = _MONTH_NUM[(g["mon4"] or g["mon5"] or g["mon6"]).lower().rstrip(".")]
        first = date(local.year, mon, 1)
        if not g["mon6"]:
            first = first + relativedelta(months=1)
        ends = _local_at(first, time(0), tz)
        if ends <= anchor:
            ends = _local_at(first + relativedelta(years=1), time(0), tz)
    elif kind == "clock":
        t = _clock(g["clock_at"])
        ends = _next_clock(t, local, tz) if t is not None else None
    elif kind == "then":
        # "until then": the last time said before it, in the same text.
        before = text[:start]
        clocks = list(_CLOCK_AT.finditer(before))
        parts = [p for p in find_periods(before, anchor, tz) if p.ends_at is not None]
        named = [p for p in parts if not p.bare]  # "at 4pm today": the hour is the closer time
        if clocks and (not named or clocks[-1].start() > named[-1].start):
            t = _clock(clocks[-1].group("clock"))
            ends = _next_clock(t, local, tz) if t is not None else None
        elif parts:
            ends = parts[-1].ends_at
        else:
            return Period(start, end, words, None, open=True)
    elif kind == "cond":
        inner = [p for p in find_periods(g["condition"], anchor, tz) if p.ends_at is not None or p.session]
        clock = _CLOCK_AT.search(g["condition"])
        if inner:
            return Period(start, end, words, inner[0].ends_at, session=inner[0].session, label=inner[0].label)
        if clock is not None and _clock(clock.group("clock")) is not None:
            ends = _next_clock(_clock(clock.group("clock")), local, tz)
        else:
            return Period(start, end, words, None, open=True)
    elif kind == "bare":
        p = " ".join(words.lower().split())
        ends = _week_end(p, local, tz) if p.endswith(("week", "weekend", "month")) else _part_end(p, local, tz)
        return Period(start, end, words, ends, bare=True, label=_label(ends, tz))
    if ends is None:
        return None
    return Period(start, end, words, ends, label=_label(ends, tz))


def find_periods(text: str, anchor: datetime, tz: tzinfo | None = None) -> list[Period]:
    """The periods a text names, in order (see the module notes for when each ends)."""
    if _PERIOD_TRIGGERS.isdisjoint(_TOKEN.findall(text.lower())):
        return []
    if anchor.tzinfo is None:
        anchor = anchor.replace(tzinfo=timezone.utc)
    zone = tz or timezone.utc
    out: list[Period] = []
    for m in _PERIOD_MASTER.finditer(text):
        p = _resolve_period(m, text, anchor, zone)
        if p is not None and not (p.bare and _STARTS_FROM.search(text, max(0, p.start - 24), p.start)
                                  and text[p.end:p.end + 2] not in ("'s", "\u2019s")):
            out.append(p)
    return out


#: Words before a time word that make it when something starts ("new rule as of today: ...", "from
#: today, no phones at dinner", "starting this week ..."): no period it holds for.
START_WORDS = r"(?:as\s+of|from|starting(?:\s+from)?|beginning|effective(?:\s+from)?|commencing)"
_STARTS_FROM = re.compile(r"\b" + START_WORDS + r"\s+$", re.IGNORECASE)
