"""Values a request to forget names by their kind, not by a word the memory holds.

"Forget what I earn" names the "makes 84k" of "makes 84k, works in logistics"; "forget which school
my kid goes to" names the "at Riverside Elementary" of "Ava is in grade three at Riverside
Elementary and has swimming on Tuesdays"; "how much I pay for the unit" names the "the rent is
€1,450 a month" of "the landlord is Gerry Moran and the rent is €1,450 a month". Neither request
shares a word with what it names, and a
sentence embedding reads "pay" no closer to "makes 84k" than to "works in logistics". So a request
that names one of these kinds of value takes the part of a memory that gives a value of that kind
(a street address, a phone number and an email address are read the same way, by
engine.meaning.contact_values), and the rest of the memory stays.

Each kind is two readings: the words of a request that name it, and the shape of a value of it in
a statement. A school's name said as a phrase of its own ("at Riverside Elementary") is cut out of
its clause; a value said with a verb ("makes 84k", "the rent is €1,450") goes with its clause,
cut at the "and" that opens it.
"""
from __future__ import annotations

import re

#: An amount of money: a currency before it, or "k", "grand", "lakh", "crore", "million" after it,
#: or a figure of four digits and more ("1,850", "52000") that no word of what it counts follows
#: ("1,200 calories", "1500 cupcakes" are none), not "3 loaves" or "2 kids". It starts where a
#: figure starts (each start of "12,12,12..." is not tried again).
_AMOUNT = (r"(?:(?:[£$€₹₦₱¥]|\b(?:rs|inr|usd|gbp|eur|cad|aud|nzd|kes|ksh|ngn|php|zar|sgd)\.?\s?)\s?\d[\d,.]*"
           r"(?:\s?(?:k|grand|lakhs?|lacs?|lpa|crores?|cr|m|mil|million)\b)?"
           r"|(?<![\d,.])\d[\d,.]*\s?(?:k|grand|lakhs?|lacs?|lpa|crores?|cr|mil|million|bucks|quid|euros?|dollars?|"
           r"pounds?|rupees?|shillings?|rand|pesos?|naira)\b"
           r"|(?<![\d,.])(?:\d{1,3}(?:,\d{3})+|\d{4,})(?:\.\d+)?(?![\d,.])(?!\s+(?!(?:a|an|per|before|after|gross|net|"
           r"pa|p\.a\.|annually|yearly|monthly|weekly|take|base|salary|ctc|and|but|plus|or|which|so|in|at|from|with)\b)"
           r"[a-z]))")
#: A rate of pay ("30 an hour", "16/hr", "250 a day"): a sum by what it is paid for.
_RATE = r"(?<![\d,.])\d[\d,.]*\s*(?:(?:an|a|per)\s+(?:hour|hr|day|shift)|/\s*(?:hour|hr|h|day))\b"
_HEDGE = r"(?:(?:about|around|roughly|approx(?:imately)?|nearly|almost|like|just\s+(?:under|over)|over|under|~)\s*)?"

#: A statement of what someone earns: an amount after a verb of earning ("makes 84k", "earning
#: about £38,000", "I'm on 18 lakh", "take home 2.9k"), or beside a word for pay ("salary is
#: 61,000", "52k base", "18 lakh CTC", "my pay is 30 an hour"). Spending is not it: "I pay 1,900 in
#: rent", "rent is 1,900", "car payment 410".
_EARNS = re.compile(
    r"\b(?:earn(?:s|ed|ing)?|mak(?:e|es|ing)|made|take(?:s|ing)?[\s-]+home|took\s+home|bring(?:s|ing)?\s+in|brought\s+in|"
    r"(?:get|gets|got|getting|am|is|are|was|were|being|be|['’]m|['’]s|['’]re)\s+paid|pays?\s+(?:me|us)|"
    r"(?:(?:i|he|she|we|they)(?:['’]m|['’]s|['’]re|\s+am|\s+is|\s+are|\s+was|\s+were)|am|is|are|was|were)\s+on)\s+"
    + _HEDGE + r"(?:a\s+)?(?:" + _AMOUNT + "|" + _RATE + ")"
    + r"|\b(?:salary|salaries|income|wages?|paycheck|paycheque|ctc|stipend|take[\s-]?home|compensation|"
      r"(?:base|gross|net|annual|hourly|monthly|my|his|her|their|our|the)\s+pay)\b(?:\s+[\w'’]+){0,3}?\s+"
    + _HEDGE + _AMOUNT
    + r"|\bbase\s+(?:salary\s+|pay\s+)?(?:of\s+|is\s+)?" + _HEDGE + _AMOUNT
    + r"|" + _AMOUNT + r"\s*(?:a\s+year\s+)?(?:base|salary|ctc|gross|net|p\.?a\.?|per\s+annum|lpa|take[\s-]?home)\b",
    re.IGNORECASE)
#: The words of a request that name what someone earns ("my salary", "how much I make", "what I
#: earn", "my pay details"; not "what I pay for rent", "forget I paid the fine").
_EARNINGS_NAMED = re.compile(
    r"\b(?:salary|salaries|income|earnings|wages?|paycheck|paycheque|ctc|stipend|take[\s-]?home|compensation|"
    r"pay\s*(?:slips?|rises?|raises?|packets?|details|grade|band|info|figures?|numbers?)|"
    r"(?:my|our|his|her|their|the|your)\s+(?:(?:base|take-?home|hourly|annual|monthly|weekly|gross|net|new|current|"
    r"old)\s+)?pay\b(?!\s+(?:for|off|back|someone|them|him|her|it|our|my|the|rent|bills?))|"
    r"(?:what|how\s+much)\s+(?:i|we|he|she|they|my\s+\w+)\s+(?:\w+\s+)?(?:earn|earns|"
    r"get\s+paid|gets\s+paid|got\s+paid|take\s+home|takes\s+home|bring\s+in|brings\s+in)\b|"
    # ("how much I make"; not "what I made for dinner")
    r"(?:how\s+much|what)\s+(?:i|we|he|she|they|my\s+\w+)\s+(?:make|makes|made)\b(?!\s+(?:for|of|with|on|in|at|to|from|"
    r"a|an|the|my|our|his|her|it|them|some|dinner|lunch|breakfast|tea)\b)|"
    r"(?:what|how\s+much)\s+(?:i|we|he|she|they)(?:['’]m|['’]re|['’]s|\s+am|\s+is|\s+are|\s+was|\s+were)\s+paid\b)",
    re.IGNORECASE)

#: The last word of a school's name ("Riverside Elementary", "St Jude's Primary", "Kensington
#: Montessori", "Hollins Academy").
_SCHOOL_HEAD = (r"(?:elementary|primary|high|middle|secondary|school|academy|college|university|nursery|montessori|"
                r"prep|grammar|infants|juniors?|kindergarten|preschool|day\s?care|collegiate|lyceum|gymnasium)")
#: Words before a school word that make no name of it ("in high school", "a local nursery", "her
#: new school", "driving school").
_NOT_A_SCHOOL_NAME = frozenset("""a an the my our his her their your its this that same new old local public private
state boarding primary secondary elementary middle high grammar nursery pre summer night sunday driving language
art dance music swim swimming ski cooking medical law business grad graduate community junior senior big little
another other next last first second third fourth fifth sixth year grade""".split())
#: A word after a school's last word that makes another place of the name ("Acton High Street",
#: "Cambridge University Press", "University Hospital").
_NO_PLACE = (r"(?!\s+(?:street|st|road|rd|lane|ln|avenue|ave|way|close|drive|square|park|press|hospital|station|"
             r"library|hall|church|gardens?|estate|centre|center)\b)")
#: A school named: capitalised words before a school word ("Riverside Elementary", "St. Jude's
#: Primary"), "University/College of X", or lower-case words after "at"/"to"/"attends"
#: ("goes to riverside elementary").
_SCHOOL = re.compile(
    r"(?P<named>(?:(?-i:[A-Z])[\w'’.-]*\s+){1,4}" + _SCHOOL_HEAD + r"(?:\s+" + _SCHOOL_HEAD + r")?\b" + _NO_PLACE
    + r"|\b(?:University|College)\s+of\s+(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*){0,2})"
    r"|\b(?:at|to|attends?|attending|from)\s+(?!(?:" + "|".join(sorted(_NOT_A_SCHOOL_NAME)) + r")\s)"
    r"(?P<plain>(?:[a-z][\w'’-]*\s+){1,3}?)" + _SCHOOL_HEAD + r"(?:\s+" + _SCHOOL_HEAD + r")?\b" + _NO_PLACE,
    re.IGNORECASE)
_SCHOOL_NAMED = re.compile(
    r"\b(?:schools?|college|uni|university|nursery|kindergarten|kindy|day\s?care|pre-?school|academy|"
    r"(?:primary|secondary|elementary|high|middle)\s+school)\b",
    re.IGNORECASE)


#: A sum of money said as one: a currency with it, or "k"/"grand"/"lakh" after it, or thousands
#: written with a comma ("€1,450"; not "1987", a year, nor "3 kids").
_MONEY = re.compile(r"(?:[£$€₹₦₱¥]|\b(?:rs|inr|usd|gbp|eur|cad|aud|nzd|kes|ksh|ngn|php|zar|sgd)\.?\s?)\s?\d[\d,.]*"
                    r"|(?<![\d,.])\d[\d,.]*\s?(?:k|grand|lakhs?|lacs?|crores?|bucks|quid|euros?|dollars?|pounds?|rupees?|"
                    r"shillings?|rand|pesos?|naira)\b|(?<![\d,.])\d{1,3}(?:,\d{3})+\b", re.IGNORECASE)
#: The words of a request that name a sum ("how much I pay for the unit", "that figure", "the
#: price"; what someone earns is named by `_EARNINGS_NAMED`, and only it is taken then).
_AMOUNT_NAMED = re.compile(r"\bhow\s+much\b(?=[^.?!,;]*\b(?:pay|pays|paid|paying|spend|spends|spent|cost|costs|"
                           r"charge|charges|charged|owe|owes|owed|put\s+down|fees?|rent|price|deposit|bills?|wages?|"
                           r"salary|rates?|loan|debt|mortgage|money|spending)\b)"
                           r"|\b(?:the|that|this|those|these|my|our)\s+(?:[\w'’-]+\s+)?"
                           r"(?:figures?|amounts?|prices?|costs?|sums?)\b"
                           r"|\bwhat\s+(?:i|we)\s+(?:pay|paid|spend|spent|owe|owed|charge|charged)\b"
                           r"|\bwhat\s+(?:[\w'’-]+\s+){1,4}?(?:cost|costs|set\s+(?:me|us)\s+back)\b",
                           re.IGNORECASE)


def _schools(text: str) -> list[re.Match[str]]:
    out = []
    for m in _SCHOOL.finditer(text):
        words = (m.group("named") or m.group("plain") or "").lower().split()
        # (the first word of a name said in capitals may open the sentence: "Ava's at ...")
        if m.group("plain") is not None and (not words or words[0] in _NOT_A_SCHOOL_NAME):
            continue
        if m.group("named") is not None and words and all(w.strip(".") in _NOT_A_SCHOOL_NAME for w in words[:-1]):
            continue
        out.append(m)
    return out


#: (kind, the words of a request naming it, whether a text gives a value of it)
KINDS = (
    ("earnings", _EARNINGS_NAMED, lambda text: _EARNS.search(text) is not None),
    # (a sum someone earns is their earnings: "what I pay for rent" leaves "I make 70k")
    ("amount", _AMOUNT_NAMED, lambda text: _MONEY.search(text) is not None and _EARNS.search(text) is None),
    ("school", _SCHOOL_NAMED, lambda text: bool(_schools(text))),
)


def kinds_named(request: str) -> set[str]:
    """The kinds of value a request to forget names ("earnings", "amount", "school"). "How much I
    earn" names what someone earns, not every sum they said ("rent is 1,900" stays)."""
    named = {kind for kind, says, _ in KINDS if says.search(request)}
    return named - {"amount"} if "earnings" in named else named


def without_kinds(request: str) -> str:
    """The request without the words that name a kind of value ("forget about the bullying at my
    son's school" -> "forget about the bullying at my son's "): what else it names."""
    request = _SUM_CLAUSE.sub(" ", request)
    for _, says, _ in KINDS:
        request = says.sub(" ", request)
    return request


#: A clause that says which sum it names ("how much we pay our nanny", "what I spend on the van",
#: "what the boiler service cost"): its words say which sum, not another thing.
_SUM_CLAUSE = re.compile(r"\b(?:how\s+much|what\s+(?:[\w'’-]+\s+){0,4}?(?:pay|pays|paid|spend|spends|spent|owe|owes|"
                         r"owed|charge|charges|charged|cost|costs|earn|earns|make|makes|made))\b[^,.;:!?]*", re.IGNORECASE)


def kinds_given(text: str) -> set[str]:
    """The kinds of value a statement gives."""
    return {kind for kind, _, gives in KINDS if gives(text)}


#: The word that brings in a value said as a phrase of its own ("at Riverside Elementary").
_PHRASE_LEAD = r"(?:,\s*|\s+)(?:at|from|in|to|on)\s+"


#: A verb a school's name is the place of ("goes to riverside elementary"): cut without its place,
#: the clause says nothing, so the clause goes.
_GOING = re.compile(r"\b(?:go|goes|going|went|gone|moved?|moving|sent|sends?|sending|transferred|switched|walks?|"
                    r"drives?|drop(?:s|ped)?\s+\w+\s+off|applied|applying|got\s+into|gets\s+into)\s*$", re.IGNORECASE)


def phrase_cut(text: str, kinds: set[str]) -> str | None:
    """The statement without the phrase that gives a value of one of `kinds` ("Ava is in grade three
    at Riverside Elementary and has swimming" -> "Ava is in grade three and has swimming"), when the
    value is said as a phrase of its own; None when it is not, or nothing of the statement would be
    left. Only a school is said so: what someone earns is said with its verb ("makes 84k", "is on
    52k") and a sum with its clause ("the rent is €1,450"), and they go with it (`clause_cut`)."""
    spans: list[tuple[int, int]] = []
    if "school" in kinds:
        for m in _schools(text):
            if m.group("named") is not None:
                lead = re.search(_PHRASE_LEAD + r"$", text[:m.start()], re.IGNORECASE)
            elif re.match(r"(?:at|to|from)\s", m.group(), re.IGNORECASE) and not _GOING.search(text[:m.start()]):
                lead = re.search(r"(?:,\s*|\s+)$", text[:m.start()])
            else:
                lead = None  # "attends riverside elementary": said with its verb
            if lead is None:
                return None
            spans.append((lead.start(), m.end()))
    return _cut(text, spans) if spans else None


#: Where a clause of its own starts after "and" ("the landlord is Gerry Moran and the rent is
#: €1,450 a month"): a verb within four words.
_AND_CLAUSE = re.compile(r"(?<!\s)\s+and\s+(?=[\w'’-]+(?:\s+[\w'’-]+){0,3}?\s+(?:is|are|was|were|has|have|had|costs?|comes?|"
                         r"goes|gets|pays?|paid|charges?|charged|earns?|earned|makes?|made|takes?\s+home)\b"
                         r"|(?:it|that|this|he|she|they)['’](?:s|re)\s)", re.IGNORECASE)


def clause_kinds(text: str) -> set[str]:
    """The kinds of value the statement's clauses after "and" give, each read alone ("I earn 72k as
    a pharmacist and my rent is $1,600 a month" gives a sum besides what someone earns)."""
    return set().union(*(kinds_given(p) for p in _AND_CLAUSE.split(text)))


def clause_cut(text: str, kinds: set[str]) -> str | None:
    """The statement without its clauses after "and" that give a value of one of `kinds`, when it
    has one that gives none ("the landlord is Gerry Moran and the rent is €1,450 a month" -> "the
    landlord is Gerry Moran" for "how much I pay"); None otherwise."""
    parts = _AND_CLAUSE.split(text)
    if len(parts) < 2:
        return None
    keep = [p for p in parts if not kinds & kinds_given(p)]
    if not keep or len(keep) == len(parts):
        return None
    return _cut(" and ".join(keep), [])


def _cut(text: str, spans: list[tuple[int, int]]) -> str | None:
    out = text
    for start, end in sorted(spans, reverse=True):
        out = out[:start] + out[end:]
    out = re.sub(r"\s+,", ",", re.sub(r"\s{2,}", " ", out)).strip(" ,")
    return out if len(re.findall(r"[\w'’]+", out)) >= 3 and (out != text or not spans) else None
