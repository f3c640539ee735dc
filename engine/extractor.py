"""Explicit statements in a user's turn, turned into typed memory candidates.

Rule based and deterministic (part of the core): the same turn always gives the same candidates, with
no model, no clock and no I/O. It reads what the user says about themselves, plainly:

    "I prefer Python examples."               -> preference  "Priya prefers Python examples"
    "I'm allergic to peanuts."                -> constraint  "Priya is allergic to peanuts"
    "We decided to ship the beta on Friday."  -> decision    "Priya: We decided to ship the beta on Friday (12 May 2023)"
    "I live in Porto."                        -> fact        "Priya lives in Porto"
    "I went camping yesterday."               -> episode     "Priya went camping yesterday (7 May 2023)"
    "For this session, answer in French."     -> temporary_instruction, expires with the session

Every candidate's text is a rewrite of one sentence (or one clause of it) of the input: first person
turned into the speaker's name, relative dates resolved (engine.dates), lead-in words ("Actually,",
"Well,") dropped. Nothing is inferred beyond what the sentence says; one episode never becomes a
preference ("I had sushi yesterday" is not a taste for sushi).

Questions, greetings, acknowledgements, sentences of fewer than three words (contractions count as
two: "I'm vegan" is three) and anything containing a redaction marker are skipped.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache
from datetime import datetime, time, timedelta, timezone, tzinfo
from typing import Callable

from engine.dates import MONTH_WORDS, START_WORDS, Period, find_periods, in_utc, resolve_dates
from engine.textnorm import (ABBREVIATIONS, HELD_BY_MANY, KIN_SYNONYMS, MEDICINE_CLASS, RELATIONS, STOP_WORDS, STRESS_WORDS,
                             is_medicine, role_name)
from engine.textnorm import MODALS as _MODALS, PAST_IRREGULAR as _PAST_IRREGULAR, POSSESSIVE_END as _POSSESSIVE_END
from engine.textnorm import OUT_FOR_SOMEONE, plain_negations
from engine.textnorm import RELATION_WORDS as RELATIONS_ALTERNATION
from engine.textnorm import FULL_NAME, ROLE_DOING, ROLE_OF_DOING, ROLE_TAIL

__all__ = ["Candidate", "extract", "setting_after", "setting_of", "split_sentences", "to_third_person", "is_chatter", "is_question",
           "told_before_question", "told_before_request", "strip_lead_in", "CORRECTION_CUE", "is_sensitive"]


@dataclass(frozen=True)
class Candidate:
    kind: str                 # "preference" | "constraint" | "decision" | "fact" | "episode" | "temporary_instruction"
    text: str                 # one line, speaker-attributed, third person, dates resolved
    fields: dict[str, str]    # structured parts, e.g. {"predicate": "prefers", "object": "Python examples", "polarity": "+"}
    slot: str | None          # conflict key: two records with one slot conflict (the newer supersedes)
    source: str               # "user_explicit" | "inferred" (hedged statements)
    confidence: float         # plain 0.9, hedged 0.55, correction 0.95
    importance: float
    privacy_level: str        # "public" | "personal" | "sensitive" (never "secret")
    happened_at: datetime | None   # episodes: the resolved date, else the turn's occurred_at
    expires_at: datetime | None    # temporary instructions only
    scope: str | None         # "session" for session-scoped temporary instructions
    correction: bool          # corrects an earlier statement ("actually", "not anymore", ...)


# --------------------------------------------------------------------------------------------------
# Vocabulary

_I = re.IGNORECASE

_ADV_WORDS = (
    "really", "also", "just", "usually", "always", "still", "actually", "totally", "absolutely",
    "definitely", "often", "sometimes", "only", "even", "mostly", "kinda", "rarely", "generally",
    "personally", "truly", "seriously", "honestly", "already", "finally", "recently", "probably",
    "certainly", "simply", "mainly", "especially", "normally", "typically", "currently", "now",
    "literally", "genuinely", "secretly", "deeply", "strongly", "both", "all", "too", "so", "very",
    "much", "occasionally", "frequently", "mainly", "originally", "first", "once", "ever", "then",
    "later", "eventually", "officially", "kind of", "sort of", "pretty much", "sure", "def",
    "basically", "practically", "virtually",
)
_ADV = r"(?:\s+(?:" + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in _ADV_WORDS), key=len, reverse=True)) + r"))*"
_ADV_SET = frozenset(_ADV_WORDS)

_ED_PRESENT = frozenset({"need", "feed", "seed", "bleed", "breed", "speed", "proceed", "succeed", "exceed",
                         "heed", "weed", "shed", "embed", "wed", "bed", "shred"})
_THIRD_SPECIAL = {"am": "is", "have": "has", "do": "does", "don't": "doesn't", "dont": "doesn't",
                  "haven't": "hasn't", "go": "goes", "be": "is", "'m": "is", "are": "is", "aren't": "isn't"}
_NOT_VERB = frozenset("""and or but to too the a an of in on at for with myself alone personally as than
if because that who which when where while whether""".split())

_WEEKDAY_WORDS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
_TIME_WORDS = _WEEKDAY_WORDS | frozenset("""today tonight tomorrow yesterday morning afternoon evening night week weekend
month year weeks months years days day ago now soon later earlier january february march april may june july
august september october november december""".split())
_TIME_PREPS = frozenset("on by before after until till in at this next last every during for since from of the".split())


# --------------------------------------------------------------------------------------------------
# Sentences, chatter, questions

#: Not after a bracket or quote that closes an aside and a sentence that goes on in small letters
#: ("getting my forearm done (botanical piece!!) so keep replies short", "she said "never again!" and
#: left"): the aside's own mark ends no sentence.
_SENT_SPLIT = re.compile(r"(?<=[.!?…])(?![\"'”’)\]]+\s+[a-z])[\"'”’)\]]*\s+|\n+")


def split_sentences(text: str) -> list[str]:
    """Sentences of a turn: split after . ! ? and at line breaks, abbreviations kept whole. A long
    run of spaces or tabs is one space: it says nothing, and the clause patterns try each of its
    places in turn (20,000 spaces after a comma took seconds)."""
    text = _LONG_GAP.sub(" ", _normalise(text))
    parts = [p for p in _SENT_SPLIT.split(text) if p and p.strip()]
    out: list[str] = []
    for p in parts:
        p = p.strip()
        if out:
            prev = out[-1]
            tail = prev.rstrip(".").rsplit(None, 1)
            last = tail[-1].lower().lstrip("([{\"'") if tail else ""  # "(Dr. Okafor)": the abbreviation in brackets
            if prev.endswith(".") and (last in ABBREVIATIONS or (len(last) == 1 and last.isalpha() and last != "i")):
                out[-1] = prev + " " + p
                continue
            if _MONTH_END.search(prev) and _DAY_ALONE.match(p) and rescheduled(prev) is not None:
                # "pushed it to march. the 9th.": the day of the month said after it
                out[-1] = prev.rstrip(" .!") + " " + p
                continue
            if _BARE_CHANGE.match(prev) and (_NOW_THEN.match(p) or _THERE_NOW.match(p) or _WHERE_NOW.match(p)
                                             or _NEW_THEN.match(p)):
                # "Switched banks. Now with Monzo.", "New job! I'm at Aldi now.": one statement, told in two
                out[-1] = prev.rstrip(" .!") + ", " + (p if re.match(r"I\b", p) else p[0].lower() + p[1:])
                continue
        out.append(p)
    return out


_LONG_GAP = re.compile(r"[ \t]{8,}")
#: A sentence ending with a month, and one that is only a day of it ("the 9th.").
_MONTH_END = re.compile(r"\b" + MONTH_WORDS + r"\s*[.!]*$", re.IGNORECASE)
_DAY_ALONE = re.compile(r"^(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\s*[.!]*$", re.IGNORECASE)
#: How a change told in few words opens ("so", "btw", "big news:", "guess what", then "I've just",
#: "we finally"), and a new one got ("got a new", "started my new", "landed a new") with its kinds.
_CHANGE_LEAD = (r"\W*(?:(?:so|and|oh|also|btw|update|news|ok|okay|well|yeah|yes|finally|big\s+news|(?:big|quick|life)\s+update|"
                r"guess\s+what)\b:?\W*)*"
                r"(?:(?:I|we)(?:['’]ve|\s+have)?\s+)?(?:(?:just|finally|recently|officially|also|actually)\s+)?")
_NEW_ONE = r"(?:got\s+|started\s+|began\s+|landed\s+)?(?:a\s+|my\s+|our\s+)?new\s+"
_NEW_KINDS = r"job|gig|company|employer|house|flat|home|place|apartment"
#: A change told alone in a few words ("Switched banks.", "moved house!", "We changed GPs."), which
#: a sentence opening with "now" goes on to say the new of (`split_sentences` joins them).
_BARE_CHANGE = re.compile(r"^" + _CHANGE_LEAD + r"(?:(?:switched|changed|swapped|moved|left|relocated|shifted)(?:\s+[\w'’-]+){1,4}"
                          r"|moved|relocated|shifted|" + _NEW_ONE + r"(?:" + _NEW_KINDS + r"))"
                          r"(?:\s*,?\s*(?:yay|woo+|whoop|hooray|finally|at\s+last|lol|haha|omg))?\s*[.!]+$", re.IGNORECASE)
#: ... where the new one is told: where, with whom, at what (not "Now I'm eating more", "Now let's
#: talk about ...", "Now my evenings are free").
_NOW_THEN = re.compile(r"^now\s+(?:(?:I['’]m|we['’]re|they['’]re|he['’]s|she['’]s|it['’]s|I\s+am|we\s+are|(?:I|we|they)\s+(?:go|use|see|bank|get\s+\w+))\s+)?"
                       r"(?:with|at|on(?!\s+to\b)|in(?!\s+(?:love|pain|bed|trouble|tears|shock|charge|a\s+(?:mess|state|bad))\b)|"
                       # ("now to dr shah", not "now to the budget")
                       r"to(?!\s+(?:the|a|an|my|your|do|be|get|go|talk|ask|see|make|find)\b)|from|"
                       r"through|via|seeing|going\s+to|going\s+with|using|banking\s+with|living\s+in|"
                       r"based\s+in|registered\s+(?:with|at)|signed\s+up\s+(?:with|at)|insured\s+with|over\s+at)\b"
                       r"|^now\s+(?:it['’]s|(?:I|we)\s+(?:use|see|have))\s+(?-i:[A-Z])", re.IGNORECASE)


#: ... or where the speaker is now, said with "now" ("I'm at aldi now", "we're now in Harrogate",
#: "living in Bath now").
_WHERE_NOW = re.compile(r"^(?=.*\bnow\b)(?:(?:I['’]?m|we['’]re|I\s+am|we\s+are)\s+(?:now\s+)?(?:(?:living|working|based|settled)\s+)?"
                        r"|(?:living|working|based|settled|staying)\s+)(?:at|with|in|for|near)\s+(?:[\w'’&.+-]+\s+){0,7}?[\w'’&.+-]+(?:\s*,[^.!?]*)?\s*[.!]*$",
                        re.IGNORECASE)


#: ... or what the new one is ("I moved!! new place is 7 Canal Street", "new job. the new office is in Leeds").
_NEW_THEN = re.compile(r"^(?:(?:the|my|our)\s+)?new\s+(?:" + _NEW_KINDS + r"|address|school|office|one)\s+(?:is|are|['’]s)\b",
                       re.IGNORECASE)


#: ... or where the new one is, said with "now" at its end ("changed networks. on giffgaff now.").
_THERE_NOW = re.compile(r"^(?:with|at|on|using|seeing)\s+(?:[\w'’&.+-]+\s+){1,5}?now\s*[.!]*$", re.IGNORECASE)


#: A few words and a colon or dash before a first-person clause: a label the speaker puts on what
#: follows ("Side note: I ...", "What you can keep: I ...", "Quick update - we ..."), not part of it.
#: A clause of the speaker's own before the dash is none ("I'm a nurse - I work nights - ...").
_LABEL = re.compile(r"^[\W_]*(?!(?:I|I'm|I've|I'd|I'll|we|we're|we've)\s)(?:[A-Za-z'\u2019]+[ \t]+){0,4}[A-Za-z'\u2019]+[ \t]*[:\u2013\u2014-][ \t]+"
                    r"(?=(?:I|I'm|I've|I'd|I'll|my|we|we're|we've|our|me)\b)")


#: A service named by its kind when it changes: "banks", "networks", "carriers", "energy supplier",
#: "fibre providers", "internet provider".
_CHANGED_SERVICE = (r"banks?|bank\s+accounts?|(?:mobile\s+|phone\s+)?(?:networks?|carriers?)|isps?|broadband|sim"
                    r"|(?:phone|mobile|broadband|internet|fibre|energy|electricity|electric|gas)\s+(?:providers?|suppliers?|"
                    r"companies|company|contracts?)")
#: A change told by its kind before a dash or colon ("switched banks - ...", "new job: ...").
_CHANGE_TOLD = re.compile(r"^(?P<change>" + _CHANGE_LEAD + r"(?:(?:switched|changed|swapped|moved)\s+(?:house|home|[\w'’-]+s)"
                          r"|" + _NEW_ONE + r"(?:" + _NEW_KINDS + r"|" + _CHANGED_SERVICE + r"))\s*)"
                          r"[:\u2013\u2014-]\s+"
                          # (what follows says where now: "new job: I'm vegetarian" is a label)
                          r"(?=(?:I|I'm|I've|we|we're|we've|my|our|now)\b[^.!?]*\bnow\b)", re.IGNORECASE)


def without_label(sentence: str) -> str:
    """The sentence without a label put before its first-person clause; a label that says it is a
    rule ("Hard limit on my side: I need ...") stays, for it says what kind of statement follows."""
    if labelled_rule(sentence):
        return sentence
    told = _CHANGE_TOLD.match(sentence)
    if told is not None:
        # "switched banks - we're with nationwide now", "new job: I'm at siemens": the change is
        # what the rest tells the new of, one statement
        return told.group("change").rstrip() + ", " + sentence[told.end():]
    return _LABEL.sub("", sentence, count=1)


def _normalise(text: str) -> str:
    return (text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
            .replace("\u00a0", " "))


_ACK_PHRASES = frozenset({
    "i see", "i agree", "i know", "i know right", "i understand", "i get it", "me too", "i hope so",
    "i think so", "i guess so", "i bet", "i love it", "i love that", "i like it", "i like that", "i'm in",
    "i am in", "i'm sure", "i'm glad", "i'm so glad", "i'm happy for you", "i will", "i'll do that",
    "i'm fine", "i'm good", "i'm great", "i'm doing well", "i'm doing great", "i'm doing good",
})
_ACK_WORDS = frozenset("""hi hey hello hiya yo howdy morning afternoon evening night good bye goodbye see you ya later soon talk
to ttyl thanks thank thx ty tysm so much a lot again ok okay k kk got it sounds great cool nice awesome perfect sure yes
yeah yep yup no nope alright all right will do noted understood makes sense fair enough lol haha hah hahaha wow oh ah
aw aww hmm right exactly totally agreed same too welcome you're you problem np take care hear glad happy for congrats
congratulations luck cheers wonderful amazing fantastic lovely excellent definitely absolutely of course indeed true
that's that is was sounds sound looks look super pretty very really and well done keep up the work it's its thats
what a fun fine bet wise idea then for now there we go dear buddy man dude mate guys everyone bro sis yay woohoo
incredible beautiful neat sweet exciting interesting impressive gorgeous stunning cute adorable brilliant
glad-to-hear this ha works please pls plz go ahead me""".split())
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z']*")
_GREETING_START = re.compile(r"^(?:hi|hey|hello|hiya|howdy|good\s+(?:morning|afternoon|evening))\b", _I)


def is_chatter(sentence: str) -> bool:
    """A greeting, thanks or acknowledgement with nothing else in it ("Thanks, Odette!", "ok got it")."""
    words = _WORD_RE.findall(sentence)
    if not words:
        return True
    low = " ".join(w.lower() for w in words)
    if low in _ACK_PHRASES:
        return True
    if len(words) > 9:
        return False
    names = 0
    for i, w in enumerate(words):
        lw = w.lower()
        if lw in _ACK_WORDS:
            continue
        if i > 0 and w[0].isupper() and names == 0:
            names += 1  # a vocative: "Thanks, Odette!"
            continue
        return False
    return True


_QUESTION_START = re.compile(
    r"^(?:(?:do|does|did|are|is|was|were|can|could|would|will|have|has|should|shall|am|isn't|aren't|don't|"
    r"doesn't|didn't|won't|wouldn't|couldn't|haven't|hasn't)\s+(?:you|u|ya|it|there|we|they|he|she|that|this|"
    r"your|the|anyone|anybody|someone|i)\b"
    r"|(?:what|what's|how|how's|why|where|where's|who|who's|which|whose)\s+(?:do|does|did|is|are|was|were|"
    r"can|could|would|should|will|about|have|has|kind|sort|type|made|happened|else|other)\b"
    r"|(?:what's|how's|where's|who's|wanna|any\s+(?:plans|ideas|tips|news))\b"
    # "how many crates does a small van fit", "how long should a beginner practise": asked without
    # its question mark (not "how much I love this place")
    r"|(?:what|which)\s+(?:time|day|date|year|size|colou?r|model|brand|platform|number)\s+(?:do|does|did|is|are|was|were|can|"
    r"could|should|would|will)\s+(?!(?:been|got|gotten|left|gone|to)\b)[\w'’-]+\b"
    r"|how\s+(?:many|much|long|often|far|old|big|soon)\s+(?:(?!(?:i|you|we|they|he|she|it|my|our|your|his|her|their)\b)"
    r"[\w'’-]+(?<!ed)\s+){0,4}?"
    r"(?:do|does|did|is|are|was|were|can|could|"
    r"would|should|will|have|has|shall)\s+(?!(?:been|got|gotten|left|gone|to)\b)[\w'’-]+\b)",
    _I,
)


#: "Did the big shop at Lidl this morning, spent £94.", "Did it! Passed my test": a doing with its
#: "I" left out, told as done and told on after a comma, or cheered. A question's form ("did the
#: parcel arrive", "Did the vet call back this afternoon.") says nothing after it.
_DID_TOLD = re.compile(r"^did\s+(?:the|that|this)\b[^?,;]+,\s*(?:[^?]*[.!]|"
                       # (chat leaves the stop off: "did the big shop at Lidl, spent 94 quid"; not "..., any idea")
                       r"(?!\s*(?:any|do|does|did|can|could|would|will|is|are|was|were|how|what|when|where|who|why|which|"
                       r"should|shall|or|right|yeah|yes|no|pls|please|you|he|she|they|it)\b)[^?]*[\w)%])$|^did\s+(?:it|that)\s*!", _I)


def is_question(sentence: str) -> bool:
    s = sentence.strip()
    return s.endswith("?") or (bool(_QUESTION_START.match(s)) and not _DID_TOLD.match(s))


_LEAD_WORDS = r"(?:(?:and|but|so|honestly|tbh|well|ok|okay|oh|lol|haha|imagine|i\s+mean|to\s+be\s+honest)\W+)*"
#: A verb in the past, as an unreal condition says it ("if I won", "if we had", "if I was taller"),
#: not a perfect ("if I haven't paid by Friday" is a real condition).
_PAST_FORM = (r"(?<!have\s)(?<!haven't\s)(?<!haven’t\s)(?<!'ve\s)(?<!’ve\s)(?<!has\s)(?<!hasn't\s)(?<!been\s)"
              r"(?:were|was|had|did|could|won|got|went|knew|took|made|came|found|lost|left|ran|bought|sold|"
              r"spoke|wrote|saw|gave|kept|met|paid|quit|slept|spent|told|thought|woke|ate|drank|drove|flew|"
              r"grew|wasn't|weren't|didn't|hadn't|(?!(?:need|bed|red|seed|speed|feed|shed|weed|hundred)\b)[a-z]+ed)")
_SPEAKER_IF = r"if\s+(?:only\s+)?(?:I|we|i)\b"
_ANY_IF = r"if\s+(?:only\s+)?"  # "if money were no object, I'd ...": what the speaker would do is theirs
_UNREAL_THEN = r"(?:'d|’d|\s+would|\s+wouldn't|\s+wouldn’t|\s+could|\s+couldn't|\s+might)\b"
#: What the speaker would do, said first: "would" alone ("I couldn't remember if I locked it" is
#: no unreal condition, nor "I'd prefer it if we kept it short", a wish, nor "I'd like to know if").
_WOULD_FIRST = (r"(?:'d|’d|\s+would|\s+wouldn't|\s+wouldn’t)"
                r"(?!\s+(?:\w+\s+)?(?:prefer|like|love|rather|appreciate|want|welcome|hate|mind)\b)\b")
_COUNTERFACTUAL = re.compile(
    # "If I won the lottery I'd buy an island", "even if we had the money, we wouldn't go"
    rf"^\W*{_LEAD_WORDS}(?:even\s+)?{_ANY_IF}[^.;!?]{{0,80}}?\b{_PAST_FORM}\b[^.;!?]{{0,80}}?"
    rf"\b(?:I|we|i){_UNREAL_THEN}"
    # "I'd move to Lisbon tomorrow if I spoke Portuguese"
    rf"|^\W*{_LEAD_WORDS}(?:I|we|i){_WOULD_FIRST}[^.;!?]{{0,80}}?\b{_SPEAKER_IF}[^.;!?]{{0,60}}?\b{_PAST_FORM}\b",
    re.IGNORECASE)


def is_counterfactual(sentence: str) -> bool:
    """The speaker imagining what is not so ("If I won the lottery I'd buy an island", "I'd learn
    the cello if I had more time", "if money were no object, I'd ..."): an unreal condition in the
    past, and what they would do. Nothing in it holds or happened."""
    return bool(_COUNTERFACTUAL.search(sentence.strip()))


#: A clause break, then a question to the assistant: where what the speaker tells ends and what
#: they ask begins ("my phone is a Pixel 8, is there a way to ...?", "I'm on nights now - any tips?").
_ASK_AFTER = re.compile(r"(?:[,;:]|\s[-\u2013\u2014])\s+(?:(?:so|and|but|then|or|just|anyway|anyways|also|btw|oh)\s*,?\s+)*(?=\S)",
                        _I)
_ASKING = re.compile(r"(?:any|got\s+any|have\s+you\s+got\s+any)\s+(?:\w+\s+)?(?:ideas?|tips?|suggestions?|"
                     r"recommendations?|advice|thoughts?|pointers?)\b|(?:thoughts|ideas|suggestions|advice|recommendations)\s*\?"
                     r"|(?:what|how|where|who|which|when|why)\b", _I)


#: What a short question after a statement may not hold to be a tag asking about it ("..., seems
#: fair?", "..., make sense?", "..., too much?"): the speaker's own words ("..., or should I wait?"
#: asks more), a name alone (", Sam?": said to someone) or a list going on (", or rabbits?").
_TAG_NOT = re.compile(r"\b(?:I|me|my|we|us|our)\b", _I)
_TAG_JOIN = re.compile(r"\b(?:and|or|but|so|then)\s*$", _I)


#: A one-word tag that is no name said to someone, capitalised or not ("..., Right?").
_TAG_WORDS = {"right", "ok", "okay", "correct", "true", "agreed", "yes", "no", "reasonable", "fair", "normal"}


def _tag_question(join: str, tail: str) -> bool:
    """A tag question: at most four words after a clause break, the last of the sentence, asking
    what the listener makes of what was told ("the quote was 700, seems fair?", "we moved the
    standup to 10, ok?")."""
    words = _WORD_RE.findall(tail)
    if not 1 <= len(words) <= 4 or "?" not in tail or re.search(r"[,;:]", tail):
        return False
    if _TAG_JOIN.search(join) or _TAG_NOT.search(tail):
        return False
    return not (len(words) == 1 and words[0][:1].isupper() and words[0].lower() not in _TAG_WORDS)



_SUPPOSED = re.compile(r"^\W*(?:(?:and|so|but)\s+)?(?:if|what\s+if|suppose|supposing|say|imagine|assuming|in\s+case)\b", _I)


#: A request to keep something in mind, and what it is: "could you bear in mind that no dogs are allowed
#: in the cottage", "please note that I'm off on Fridays", "don't forget that the van is booked".
_KEEP_IN_MIND = re.compile(
    r"^(?:(?:so|and|also|oh|ok(?:ay)?|hey|just)\W+)*"
    r"(?:(?:could|can|would|will)\s+(?:you|u)\s+|please\s+|pls\s+|kindly\s+|just\s+|also\s+)*"
    r"(?:(?:keep|bear|have)\s+in\s+mind(?:\s+that\b|\s*[,:])?|(?:remember|note|make\s+a\s+note|take\s+note|"
    r"(?:don'?t|do\s+not)\s+forget)(?:\s+that\b|\s*:))"
    r"[\s,:]*(?P<what>\S.*)$", re.IGNORECASE)


_RECALLED = re.compile(r"(?:time|day|night|weekend|summer|trip|moment|year)\s+(?:when\s+)?(?:we|I|you|he|she|they)\b", re.IGNORECASE)


def kept_in_mind(sentence: str) -> str | None:
    """What a request to keep something in mind asks to keep ("could you bear in mind that no dogs are
    allowed in the cottage?" -> "no dogs are allowed in the cottage."), as a statement; None when the
    sentence is no such request or what it names is itself a question."""
    m = _KEEP_IN_MIND.match(sentence.strip())
    if m is None:
        return None
    what = m.group("what").strip().rstrip("?").rstrip()
    if len(_WORD_RE.findall(what)) < 3 or _QUESTION_START.match(what) or _RECALLED.match(what):
        return None  # "remember that time we went camping?": a memory shared, not a note asked for
    return what[:1].upper() + what[1:] + ("" if what[-1:] in ".!" else ".")


def told_before_question(sentence: str, tags_only: bool = False) -> str | None:
    """What a sentence that ends in a question tells before it: "my phone is a Pixel 8, is there a
    way to stop the screen dimming?" tells "my phone is a Pixel 8". None when the sentence is a
    question from its start, or asks nothing after a statement of three words or more.

    `tags_only`: only before a tag question, which asks what the listener makes of the statement
    itself ("the quote was 700, seems fair?"), so the statement is told as such; a question of
    its own after it ("my lecture ends at 5, can you help me revise after?") may make what comes
    before the background of a request."""
    s = sentence.strip()
    if not s.endswith("?") or _QUESTION_START.match(s) or _ASKING.match(s):
        return None
    for m in _ASK_AFTER.finditer(s):
        tail = s[m.end():]
        tag = _tag_question(s[m.start():m.end()], tail)
        if tag or (not tags_only and (_QUESTION_START.match(tail) or _ASKING.match(tail))):
            head = s[: m.start()].rstrip()
            if len(_WORD_RE.findall(head)) < 3 or is_question(head) or _SUPPOSED.match(head):
                return None  # "if I took the job, would I ...?": a supposition is asked about, not told
            return head if head[-1:] in ".!" else head + "."
    return None


#: A request to the listener that opens a clause ("can you remind whoever's checking in", "could u
#: tell the sitter", "please pass it on").
_REQUEST_OPENS = re.compile(r"(?:(?:can|could|would|will)\s+(?:you|u)|please|pls|plz|kindly)\s+(?=[a-z])", _I)
#: A request that is itself a rule or bounded ("please always ...", "can you not call before 10",
#: "please reply in French today"): the sentence is read whole.
_REQUEST_HOLDS = re.compile(r"\b(?:always|never|don['’]?t|do\s+not|not|no\s+more|any\s*more|from\s+now\s+on|going\s+forward|"
                            r"in\s+(?:the\s+)?future|whenever|every\s+time|each\s+time|today|tonight|tomorrow|"
                            r"this\s+(?:week|weekend|month|chat|conversation|session)|until|till|til|for\s+now)\b", _I)
#: A request that is no request of a task: an exclamation ("can you believe it", "can you imagine"),
#: or one to keep what it says ("please remember my new address is ...", "please note ...").
_NO_TASK = re.compile(r"(?:believe|imagine|guess|remember|note|keep|bear|save|store|record|add|write|log|jot)\b", _I)
#: A head that ends on a verb of saying: what follows is what was said ("the sign on our gate says,
#: please close it", "Sam keeps asking me, can you lend me 50 quid").
_SAYING_ENDS = re.compile(r"\b(?:says?|said|saying|asks?|asked|asking|tells?|told|telling|goes|went|wrote|writes|texted|"
                          r"messaged|shouted|yelled|begged|begging)(?:\s+(?:me|us|him|her|them|everyone|again))?\s*[:,]?\s*$", _I)
#: A comment on the moment before a request ("ugh this is taking forever, can you speed it up",
#: "this app is so laggy, can you ...", "argh the printer is jammed again, could you ..."): nothing
#: told.
_MOMENT_COMMENT = re.compile(r"^\W*(?:(?:ugh+|argh+|omg|ffs|jeez|grr+|sigh)\b"
                             r"|(?:(?:hmm+|ok(?:ay)?|oh|wow|lol|well|so|honestly|man)\W+)*(?:this|that|these|those)(?:\s+[\w'’-]+){0,2}?"
                             r"(?:['’]s|\s+(?:is|are|was|were|looks?|seems?|sounds?|feels?))\b)", _I)


def told_before_request(sentence: str) -> str | None:
    """What a statement tells before the request it ends with: "the plants need watering every 3
    days, can you remind whoever's checking in" tells "the plants need watering every 3 days". None
    when no clause after a break opens a request, when the request is not the sentence's last
    clause (what follows it is read with the sentence), is itself a rule or bounded
    (_REQUEST_HOLDS), or asks no task (_NO_TASK), or when what comes before it is no statement (a
    question, a supposition, a comment on the moment, what someone says, a word alone). (Before a
    question mark the request may make what comes before it its background:
    `told_before_question` reads such sentences.)"""
    s = sentence.strip()
    if s.endswith("?"):
        return None
    for m in _ASK_AFTER.finditer(s):
        opens = _REQUEST_OPENS.match(s, m.end())
        if opens:
            head = s[: m.start()].rstrip()
            if (_REQUEST_HOLDS.search(s, m.end()) or _NO_TASK.match(s, opens.end()) or _ASK_AFTER.search(s, opens.end())
                    or len(_WORD_RE.findall(head)) < 2 or is_question(head) or _SUPPOSED.match(head)
                    or _MOMENT_COMMENT.match(head) or _SAYING_ENDS.search(head)):
                return None
            return head if head[-1:] in ".!" else head + "."
    return None


_LEAD_IN = re.compile(
    r"^(?:(?:actually|correction|update|scratch\s+that|honestly|anyway|anyways|btw|fyi|by\s+the\s+way|plus|also|and|"
    r"but|so|then|besides|oh|wow|ah|aw+|hmm+|um+|uh+|haha+|lol|hey|hi|hello|yeah|yes|yep|yup|ok|okay|sure|"
    r"wait|oops|sorry|totally|true|right|exactly|well|gosh|omg|man|dude)\b\s*[,:;.!\-–—]*\s+"
    # "No, ..." is an interjection only with its comma: "No snacks today" is a rule, "Nope I" a reply
    r"|(?:nope|no)\s*[,:;.!\-–—]+\s*"
    # a stance framed as general: "In general I'd rather ...", "As a rule we ...", "On the whole I prefer ..."
    r"|(?:in\s+gen[e]?ral|gen[e]?ral+y(?:\s+speaking)?|broadly(?:\s+speaking)?|as\s+a\s+(?:general\s+)?rule|"
    r"on\s+the\s+whole|on\s+balance|overall|by\s+and\s+large|for\s+the\s+most\s+part|all\s+in\s+all|"
    r"all\s+things\s+considered)\s*[,:;\-–—]*\s+"
    # (before a liking only: "Generally I don't eat meat" keeps its hedge, a habit, not a rule)
    r"(?=(?:I|we)(?:['’]d|\s+would)?\s+(?:much\s+|really\s+)?(?:rather|prefer|like|love|enjoy)\b)"
    # "As you know I work nights": told as known, before the speaker's own statement
    r"|as\s+you\s+(?:know|may\s+know|may\s+recall)\s+(?=(?:I|I'm|I've|we|we're|we've|my|our)\b)"
    # a note-taker's opener: "Just a reminder:", "Quick update:", "FYI,", "Heads up -"
    r"|(?:just\s+)?(?:an?\s+)?(?:quick|small|little|friendly|short)?\s*(?:reminder|update|note|heads[\s-]?up|fyi|psa|"
    r"side\s+note|for\s+the\s+record|just\s+so\s+you\s+know|for\s+your\s+info(?:rmation)?"
    # ("As you know, ...", "For context: ...": told as known, which `told_before` reads first)
    r"|as\s+you\s+(?:know|may\s+know|might\s+know|may\s+recall|might\s+remember)|for\s+(?:some\s+)?context|to\s+recap|"
    r"as\s+a\s+reminder)"
    # ("Heads up before we start:", "Before we begin,", "First things first -")
    r"(?:\s+(?:before\s+we\s+(?:start|begin|kick\s+off|get\s+going)|first))?\s*[,:;!\-–—]+\s*"
    # ("Before anything else:", "Before I forget,", "Before we dive in -")
    r"|(?:before\s+(?:we\s+(?:start|begin|kick\s+off|get\s+going|dive\s+in|go\s+any\s+further)|anything\s+else|"
    r"I\s+forget)|first\s+things\s+first|first\s+off)\s*[,:;!\-–—]+\s*"
    # news announced: "Good news, I ...", "Big news:", "Bad news -"
    r"|(?:(?:some\s+)?(?:good|great|bad|big|sad|exciting|fun|random)\s+news)\s*[,:;!\-–—]+\s*"
    # a confidence: "Between you and me,", "Just between us -", "Off the record:"
    r"|(?:just\s+)?(?:between\s+(?:you\s+and\s+(?:me|i)|us|ourselves)|off\s+the\s+record|in\s+confidence|"
    r"confidentially|to\s+be\s+honest|tbh|frankly)\s*[,:;!\-–—]+\s*)+",
    _I,
)
#: "Odette, ..." said to someone; "Today, ..." / "Yesterday, ..." / "Friday, ..." say when (kept).
_VOCATIVE_LEAD = re.compile(
    r"^(?!(?:Today|Tonight|Tomorrow|Yesterday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|"
    r"Later|Earlier|Afterwards|Meanwhile|Lately|Recently|Sometimes|Usually|Often|Once|Again|Later)\b)"
    r"(?:[A-Z][a-z]+)[,!]\s+(?=[A-Za-z])"
    # "Kwame, my co-founder, is ...": a name with its appositive is the subject, not someone addressed
    r"(?!(?:my|our|his|her|their|the|a|an)\s+[^,.!?]{1,40},\s+(?!(?:I|I'm|I've|I'd|I'll|we|we're|you)\b))")
_SINCE_LEAD = re.compile(
    r"^(?:(?:(?:so\s+)?much|a\s+lot|lots|tons|a\s+bunch|plenty)(?:'s|\s+has|\s+have)?\s+(?:happened|going\s+on|been\s+going\s+on)\s+)?"
    r"since\s+(?:we|I)\s+(?:last\s+)?(?:spoke|talked|chatted|caught\s+up|met|saw\s+each\s+other|messaged)"
    r"(?:\s+last)?\s*[,!.:\-–—]*\s*", _I)
_MEANT_LEAD = re.compile(r"^(?:no,?\s+)?I\s+meant(?!\s+to\b)[,:]?\s+", _I)
_CHANGED_LEAD = re.compile(
    r"^I(?:'ve|\s+have)?\s+changed\s+my\s+mind\b(?:\s+about\s+[^,;:.\-–—]+)?\s*[,:;.\-–—]+\s*", _I)
_HEDGE_LEAD = re.compile(
    r"^(?:(?:I\s+(?:think|guess|suppose|believe|reckon|feel\s+like)(?:\s+that)?|maybe|probably|perhaps|"
    r"possibly)\b[,]?\s+)+", _I)

CORRECTION_CUE = re.compile(
    r"^\s*(?:actually|correction|scratch\s+that|update:)\b|\b(?:I\s+meant(?!\s+to\b)|changed\s+my\s+mind|"
    r"not\s+anymore|anymore|any\s+more|no\s+longer|instead(?!\s+of))\b|^\s*no,\s",
    _I,
)
_HEDGE = re.compile(
    r"\b(?:I\s+(?:think|guess|suppose|believe|reckon)|probably|maybe|perhaps|might|possibly|not\s+sure|"
    r"kind\s+of|kinda|sort\s+of|I\s+feel\s+like)\b", _I)


def strip_lead_in(sentence: str) -> str:
    """Drops discourse openers ("Actually,", "Well, ", "Oh wow, Mel, ", "I changed my mind:")."""
    s = sentence.strip()
    for _ in range(4):
        before = s
        s = _LEAD_IN.sub("", s)
        s = _MEANT_LEAD.sub("", s)
        s = _CHANGED_LEAD.sub("", s)
        s = _VOCATIVE_LEAD.sub("", s)
        s = _SINCE_LEAD.sub("", s)
        if s == before:
            break
    return s


# --------------------------------------------------------------------------------------------------
# First person -> third person

#: Words between "I" and its verb, negations among them: "I never drink" -> "<name> never drinks",
#: "I no longer live" -> "<name> no longer lives" (not "nevers drink", "noes longer live").
_PRON_ADV_WORDS = ("never", "no longer", "hardly", "barely", "scarcely", "seldom", "nearly", "almost", "not only",
                   "not even", "not always", "not really", "not usually", *_ADV_WORDS)
_PRON_ADV = r"(?:\s+(?:" + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in _PRON_ADV_WORDS),
                                           key=len, reverse=True)) + r"))*"
_PRON_ADV_SET = frozenset(w for w in _PRON_ADV_WORDS if " " not in w) | {"no", "not"}
#: A word inside an address, a domain or a handle ("tk@proton.me", "my.site.io") is not a pronoun.
_IN_ADDRESS_BEFORE, _IN_ADDRESS_AFTER = r"(?<![.@/\\_-])", r"(?![.@/\\_-]\w)"
_PRONOUN = re.compile(
    _IN_ADDRESS_BEFORE + r"\b(?:(?P<contr>I'm|I've|I'd|I'll|Im)\b|(?P<iam>I\s+am)\b|(?P<i>I)\b(?!')"
    + _IN_ADDRESS_AFTER + r"(?P<rest>" + _PRON_ADV
    + r"\s+(?P<verb>[A-Za-z]+(?:'t)?)\b)?|(?P<me>me)\b" + _IN_ADDRESS_AFTER + r"|(?P<my>my)\b" + _IN_ADDRESS_AFTER
    + r"|(?P<mine>mine)\b" + _IN_ADDRESS_AFTER + r"|(?P<myself>myself)\b" + _IN_ADDRESS_AFTER + ")",
    _I,
)
_HAD_NEXT = re.compile(r"(?:\s+(?:already|just|never|ever|always|only|recently|finally|also))*\s+"
                       r"(?:been|had|gone|done|seen|got|gotten|taken|made|[a-z]+ed)\b", _I)
_CONTR = {"i'm": "is", "im": "is", "i've": "has", "i'd": "would", "i'll": "will"}
#: (a full stop inside a word, "fastmail.me" or "my.site.dev", ends no phrase)
_COMPOUND_BEFORE = re.compile(r"(?:^|[,;:!?\-\u2013\u2014(]|\.(?!\w))\s*(?P<np>(?:[^,;:.!?\-\u2013\u2014(]|\.(?=\w))*?)"
                              r"\s+(?:and|or|&)\s*$", _I)
_HAS_I = re.compile(r"\bI\b|\bI'", _I)
_AND_BEFORE = re.compile(r"(?:^|\s)(?:and|or|&)\s*$", _I)


def _compound_subject(text: str, pos: int) -> bool:
    """"My kids and I love it": "I" is half of a plural subject (the verb stays plural)."""
    # (the cheap test first: most "I"s follow no "and", and the search reads all that is before)
    if _AND_BEFORE.search(text, max(0, pos - 12), pos) is None:
        return False
    # (from a bounded distance: a subject of one to three words starts after punctuation close by)
    m = _COMPOUND_BEFORE.search(text, max(0, pos - 200), pos)
    if m is None:
        return False
    np = m.group("np")
    return 1 <= len(np.split()) <= 3 and not _HAS_I.search(np)  # (", and I ..." joins no one)
_WE = re.compile(r"\b(?:we|us|our|ours|ourselves|we're|we've|we'll|we'd)\b", _I)


def _third(verb: str) -> str:
    low = verb.lower()
    if low in _THIRD_SPECIAL:
        return _THIRD_SPECIAL[low]
    if (low in _MODALS or low in _PAST_IRREGULAR or low in _NOT_VERB or low in _ADV_SET or low in _PRON_ADV_SET
            or (low.endswith("ed") and low not in _ED_PRESENT) or "'" in low or not low.isalpha()):
        return verb
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


#: "Do I ...", "Can I ...", "Should I ...": the subject after its auxiliary (a question), the verb stays bare.
_INVERTED = re.compile(
    r"(?:^|[,;:.!?(]\s*|\b(?:and|or|but|so|then|where|when|what|how|why|which|who|whether|if)\s+)"
    r"(?:do|does|did|can|could|will|would|should|shall|may|might|must|am|was|have|had|didn't|don't|can't|won't|"
    r"shouldn't|couldn't|wouldn't)\s+$", _I)
_AUX_THIRD = {"do": "does", "am": "is", "have": "has"}
#: Verbs whose past is their present: kept as said unless the sentence speaks of a habit.
_SAME_FORM = frozenset("""set reset upset offset preset put input output cut shut hit let quit spread bet beat cast broadcast
forecast cost hurt burst read reread split thrust""".split())
_HABITUAL = re.compile(r"\b(?:every|each|always|usually|often|normally|typically|generally|daily|weekly|monthly|"
                       r"sometimes|regularly|whenever|tend\s+to)\b", _I)
_PAST_MARK = re.compile(r"\b(?:yesterday|ago|last|earlier|was|were|did|had|once)\b", _I)


_PARTY = re.compile(r"(?i:\b(?:" + "|".join(sorted(RELATIONS, key=len, reverse=True)) + r")s?\b|"
                    r"\b(?:he|she|they|him|his|her|them|their)\b)|(?<=[a-z,]\s)[A-Z][a-z]+")


def _another_party(between: str, name: str) -> bool:
    """Whether someone besides the speaker is named between two mentions of the speaker ("Ines's
    manager bumped my salary"): "their" would then read as theirs, so the name is said again."""
    for m in _PARTY.finditer(between):
        word = m.group()
        if word == name:
            continue
        return True
    return False


def to_third_person(text: str, name: str) -> str:
    """"I prefer X" -> "<name> prefers X"; "my" -> "<name>'s" ("their" once named); "me" -> "<name>" ("them" once named);
    "myself" -> "themself".

    The speaker's gender is not known, so the name is used wherever English would need a pronoun.
    Sentences in the plural first person keep "we" and get a "<name>: " prefix instead. A question
    keeps its order ("Does <name> need ...?"); "I'm <name>, ..." does not become "<name> is <name>".
    """
    text = _normalise(text)
    named = [False]
    last = [0]  # where the speaker was last named, by this rewrite or in the text itself
    owned = [False]  # the last first-person word rewritten was "my"
    whole = re.compile(rf"\b{re.escape(name)}\b")  # "Mel" is not said by "Melbourne"
    habitual = bool(_HABITUAL.search(text)) and not _PAST_MARK.search(text)
    # where the text itself names the speaker (found once: a search before every pronoun is slow
    # on a long text)
    name_ends = [n.end() for n in whole.finditer(text)]

    def repl(m: re.Match[str]) -> str:
        k = bisect.bisect_right(name_ends, m.start())
        said = named[0] or k > 0
        since = max(last[0], name_ends[k - 1] if k else 0)
        named[0] = True
        last[0] = m.end()
        # After "<name>'s supervisor ..." the sentence's subject is the supervisor, not the speaker.
        owned_before, owned[0] = owned[0], bool(m.group("my"))
        if m.group("me") or m.group("my") or m.group("mine"):
            if said and not owned_before and not _another_party(m.string[since:m.start()], name):
                # Once the speaker is named, "their"/"them" say who it is in a word instead of three
                # tokens of a name ("Priya shared their own journey").
                return "them" if m.group("me") else "their" if m.group("my") else "theirs"
            return name if m.group("me") else f"{name}'s"
        if m.group("contr"):
            contr = m.group("contr").lower()
            if contr == "i'd" and _HAD_NEXT.match(m.string, m.end()):
                return f"{name} had"
            return f"{name} {_CONTR[contr]}"
        if m.group("iam"):
            return f"{name} is"
        if m.group("i"):
            rest = m.group("rest")
            if not rest:
                return name
            verb = m.group("verb")
            if _compound_subject(m.string, m.start()):
                return name + rest  # "my kids and I love it": plural verb stays
            if _INVERTED.search(m.string, max(0, m.start() - 80), m.start()):
                return name + rest  # "Do I need ...?" -> "Does <name> need ...?"
            head = rest[: len(rest) - len(verb)]
            if verb.lower() in _SAME_FORM:
                # "I reset it yesterday": past, the same form as the present; "I read every night": a habit
                return name + (head + verb + "s" if habitual else rest)
            return name + head + _third(verb)
        return "themself"

    out = _PRONOUN.sub(repl, text)
    # "mine's 14B" is "mine is 14B": "<name>'s is 14B", not "<name>'s's 14B"
    out = re.sub(rf"(\b{re.escape(name)}['\u2019]s|\btheirs)['\u2019]s\b(?=(\s+(?:been|got)\b)?)",
                 lambda o: o.group(1) + (" has" if o.group(2) else " is"), out)
    out = re.sub(rf"\b(?P<aux>Do|do|Am|am|Have|have)(?=\s+{re.escape(name)}\b)",
                 lambda a: _AUX_THIRD[a.group("aux").lower()].capitalize() if a.group("aux")[0].isupper()
                 else _AUX_THIRD[a.group("aux").lower()], out)
    # "I'm Nora, I run the data team" -> "Nora runs the data team", not "Nora is Nora, Nora runs ..."
    out = re.sub(rf"^{re.escape(name)}\s+is\s+{re.escape(name)}\s*(?:[,;:\-\u2013\u2014]+\s*|\s+and\s+)(?=\S)", "",
                 out)
    if whole.match(out):
        return out
    if _WE.search(out) or not whole.search(out):
        return f"{name}: {out}"
    return out


# --------------------------------------------------------------------------------------------------
# Objects, heads, privacy

_OBJ_CUT = re.compile(
    r"\s*(?:[,;:!?()\[\]\"]|\.(?:\s|$)|\.\.\.|\s[-–—]+\s|[–—]"
    r"|\s(?:because|since|when|whenever|but|so\s+that|so|as|especially|which|while|if|though|although|"
    r"'cause|except|unless|until|than|that|who|where|and\s+(?:I|it|that|we|they|he|she|you|my|this|it's|I'm)|"
    r"like\s+I|whereas)\b)",
    _I,
)
_PREFER_CUT = re.compile(r"\s(?:over|to|rather\s+than|instead\s+of|more\s+than|compared\s+to)\b", _I)
_FILLER_TAIL = re.compile(
    r"(?:\s+(?:a\s+lot|a\s+ton|so\s+much|very\s+much|too|as\s+well|these\s+days|lately|now|right\s+now|"
    r"anymore|any\s+more|nowadays|in\s+general|overall|the\s+most|more|most|tbh|haha|lol|honestly|though|"
    r"really|for\s+sure|actually|still|then|either|again|already|ever|always|all\s+the\s+time|at\s+all|"
    r"for\s+now|together|recently|often|sometimes|every\s+day|so))+\s*$",
    _I,
)
_DEICTIC = re.compile(
    r"^(?:it|it's|that|that's|this|these|those|them|you|your|yours|you're|there|here|how|what|when|where|"
    r"the\s+way|the\s+idea|the\s+fact|seeing|hearing|being|having|one|ones|him|her|his|their|they|"
    r"everything|something|anything|all\s+of|all|so|too|doing|to\s+(?:see|hear|know|have|be|chat|talk|"
    r"help|do|try|get|check)|your|ya|u)\b",
    _I,
)


def _object(raw: str, extra_cut: re.Pattern[str] | None = None) -> str:
    s = raw.strip()
    m = _OBJ_CUT.search(s)
    if m:
        s = s[: m.start()]
    if extra_cut is not None:
        # "prefer X over Y" (but "prefer to walk" keeps its "to")
        m = extra_cut.search(s, 1)
        if m and m.start() > 0:
            s = s[: m.start()]
    s = _FILLER_TAIL.sub("", s)
    return s.strip(" .,'\"-")


def _strip_time_tail(obj: str) -> str:
    words = obj.split()
    while len(words) > 1 and (words[-1].lower().strip(".,") in _TIME_WORDS or _is_number(words[-1])):
        words.pop()
        while len(words) > 1 and words[-1].lower() in _TIME_PREPS:
            words.pop()
    return " ".join(words)


def _is_number(w: str) -> bool:
    return w.strip(".,").replace(",", "").isdigit()


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-1] if word.endswith(("vies", "kies", "bies")) else word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_HEAD_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9+#.\-]*")


_PRONOUN_TAIL = frozenset("""me you us them it him her myself yourself ourselves themselves themself together too there
here this that have has had do does did got know made""".split())
_PREP_TAIL = frozenset("""near with for to at in on of about by from into around like without the a an my our your
some""".split())


#: Where what a rule is done to ends and when, where or how it is done begins ("Mum | on Sundays",
#: "my blood sugar | every morning", "grapefruit juice | with these pills").
_RULE_WHEN_WORDS = r"on|at|in|after|before|during|until|till|by|with|without|near|around|from|for|every|each|whenever|when|while"
_RULE_OBJECT_END = re.compile(rf"(?<!\s)\s+(?:{_RULE_WHEN_WORDS}|unless|if|because|since|as)\b", _I)
_RULE_OPENS_WITH_WHEN = re.compile(rf"(?:{_RULE_WHEN_WORDS}|past|over|under)\b", _I)


def _rule_head(verb: str, obj: str) -> str:
    """What one of the speaker's rules is of, for its slot: the head of what it is done to, before
    when or how ("call Mum on Sundays" -> mum, "water the plants on Sundays" -> plant), or the doing
    itself when it is done to nothing ("drive at night" -> drive, "cycle at night" -> cycle): two
    rules at one time are two slots, one rule said with another verb ("phone Mum on Sundays") one."""
    if _RULE_OPENS_WITH_WHEN.match(obj):
        return verb
    done_to = _RULE_OBJECT_END.split(obj, maxsplit=1)[0].split()
    while done_to and done_to[-1].lower() in _RULE_PARTICLES:
        done_to.pop()  # ("stay away from sugar", "leave the kids alone at home", "walk home alone at night")
    if not done_to:
        return _head(obj) if _RULE_OBJECT_END.search(obj) and not re.match(r"(?:home|alone)\b", obj, _I) else verb
    return _head(" ".join(done_to))


#: Words after a rule's verb that say how or where, not what it is done to ("stay away from", "cut
#: down on", "leave them alone", "walk home").
_RULE_PARTICLES = frozenset("away down up off out back alone home clear together over round around apart".split())


def _head(obj: str) -> str:
    """Crude head noun: the last word of the object (time words and pronouns dropped), lower-cased, singular."""
    words = _HEAD_WORD.findall(_strip_time_tail(obj))
    while len(words) > 1 and (words[-1].lower() in _PRONOUN_TAIL or words[-1].lower() in _PREP_TAIL):
        words.pop()
    if not words:
        return "general"
    last = words[-1].rstrip(".-")
    if last[:1].isupper():
        return last.lower()  # a name: "Postgres" is not the plural of anything
    return _singular(last.lower())


_SENSITIVE = re.compile(
    r"\b(?:allerg\w*|anaphyla\w*|asthma\w*|diabet\w*|cancer|tumou?r\w*|chemo\w*|depress(?:ed|ion)|anxiety|"
    r"panic\s+attacks?|adhd|autis\w*|bipolar|ptsd|ocd|eating\s+disorder|anorexi\w*|bulimi\w*|therap(?:y|ist)|"
    r"medication|meds|prescri\w*|diagnos\w*|surgery|hospital\w*|pregnan\w*|miscarriage|illness|disease|"
    r"disorder|disabilit\w*|disabled|celiac|coeliac|intoleran\w*|hiv|std|mental\s+health|sober|sobriety|"
    r"rehab|addict\w*|alcoholi\w*|insulin|epilep\w*|migraines?|infertil\w*|ivf|"
    # conditions, disabilities, treatments and aids (health is sensitive however it is named)
    r"anti-?depressants?|ssris?|sertraline|fluoxetine|citalopram|prozac|psychiatr\w*|psychologists?|"
    r"counsell?(?:ing|or)|self-harm\w*|suicid\w*|schizophreni\w*|psychosis|psychotic|dementia|alzheimer\w*|"
    r"parkinson\w*|arthritis|sclerosis|cerebral\s+palsy|down\s+syndrome|dyslexi\w*|dyspraxi\w*|stammer\w*|"
    r"stutter\w*|deaf(?:ness)?|colou?r-?\s?blind\w*|partially\s+sighted|registered\s+blind|wheelchair|"
    r"pacemaker|prosthe\w*|ileostomy|colostomy|stoma|dialysis|transplant|chemotherapy|radiotherapy|"
    r"blood\s+pressure|cholesterol|thyroid|crohn['’]?s|colitis|ibs|endometriosis|menopaus\w*|hrt|"
    r"heart\s+(?:condition|attack|murmur|failure|disease)|hearing\s+aids?|cochlear|chronic\s+(?:pain|fatigue)|"
    r"fibromyalgia|long\s+covid|hepatitis|herpes|"
    r"relig\w*|church|mosque|synagogue|pray\w*|faith|god|christian\w*|muslim|islam\w*|jewish|judaism|hindu\w*|"
    r"buddhis\w*|atheis\w*|catholic|protestant|bible|quran|koran|torah|halal|kosher|ramadan|"
    r"gay|lesbian|bisexual|queer|lgbt\w*|transgender|trans|nonbinary|non-binary|sexual\w*|pansexual|asexual|"
    r"gender\s+identity|coming\s+out|came\s+out|transition(?:ed|ing)?|"
    r"salary|income|debts?|loans?|mortgage|bankrupt\w*|savings|bank\s+account|credit\s+card|credit\s+score|"
    r"net\s+worth|budget\w*|paycheck|payslip|taxes|"
    r"ethnic\w*|racial|race\s+and|nationality|immigration\s+status|undocumented|"
    r"democrat\w*|republican\w*|liberal|conservative|vot(?:e|ed|ing)|election|political|politics|"
    r"left-wing|right-wing|socialist|communist|"
    r"my\s+address|home\s+address|zip\s+code|postcode|post\s+code)\b"
    r"|\$\s?\d|\b\d{1,5}\s+(?:(?-i:[A-Z])[a-z]+\s+){1,3}(?-i:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|"
    r"Boulevard|Blvd|Way|Court|Ct|Place|Pl|Terrace|Close)\b",
    _I,
)
_ASSISTANT_TOPIC = re.compile(
    r"\b(?:answers?|repl(?:y|ies)|responses?|examples?|format\w*|bullet\w*|code|snippets?|explanations?|"
    r"tone|emojis?|language|units|markdown|tables?|json|summar\w*|dark\s+mode|light\s+mode|editor|"
    r"python|java|javascript|typescript|rust|golang|sql)\b", _I)


def is_sensitive(text: str) -> bool:
    return bool(_SENSITIVE.search(text))


# --------------------------------------------------------------------------------------------------
# Patterns per kind. Each works on one clause with its lead-in words removed, case-insensitively.

_SUBJ = r"(?P<subj>\bI|\bwe)\b"
_BE = r"(?P<subj>\bI'm|\bI\s+am|\bwe're|\bwe\s+are)\b"
_REST = r"(?P<obj>[^.!?;]+)"

#: An instruction that points back to what was said before it: "factor that in", "keep it in mind",
#: "take that into account", "allow for those".
POINTS_BACK = re.compile(
    r"\b(?:factor|keep|bear|take|have)\s+(?:that|this|it|those|these)\s+(?:in\b|into\s+account|in\s+mind)"
    r"|\b(?:account|allow)\s+for\s+(?:that|this|it|those|these)\b", _I)

# temporary instructions: what a period is, engine.dates.find_periods; what an instruction is, below
_INSTRUCTION = re.compile(
    r"^(?:please\s+)?(?:answer|reply|respond|write|use|speak|talk|call\s+me|keep|be|give|show|format|don't|"
    r"do\s+not|never|always|avoid|stop|only|skip|include|explain|switch|make|list|put|send|let's|let\s+us|"
    r"focus|ignore|limit|translate|summari[sz]e|pretend|act|treat|assume|refer\s+to\s+me|address\s+me|"
    r"stick\s+to|go\s+with|no|"
    # what to keep in mind: "factor that in", "take it into account", "allow for that"
    r"factor|bear|account\s+for|allow\s+for|take\s+(?:that|this|it|those|these)\s+into\s+account)\b"
    r"|\bplease\b|\b(?:I\s+want|I'd\s+like|I\s+would\s+like|I\s+need|I'd\s+prefer|I\s+prefer|I'd\s+rather)"
    r"\s+(?:you\s+to|answers|responses|replies|short|long|brief|shorter|longer|everything|all|the\s+answers|"
    r"code|examples|it\s+in|them\s+in|bullet|no)\b"
    r"|\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:answer|reply|respond|write|use|speak|talk|call|keep|"
    r"give|show|format|explain|switch|make|list|stop|avoid|only|skip|include|translate|summari[sz]e|be|refer|"
    r"address|stick|focus|limit)\b|\byou\s+(?:should|must|need\s+to|have\s+to)\s+(?:always\s+|only\s+)?"
    r"(?:answer|reply|respond|write|use|speak|talk|call|keep|give|show|format|explain|stop|avoid|skip|include|be)\b",
    _I,
)
_LANGS = (r"English|French|Spanish|German|Italian|Portuguese|Dutch|Russian|Chinese|Mandarin|Cantonese|"
          r"Japanese|Korean|Arabic|Hindi|Turkish|Polish|Swedish|Norwegian|Danish|Finnish|Greek|Hebrew|"
          r"Ukrainian|Vietnamese|Thai|Indonesian|Czech|Romanian|Hungarian|Catalan|Bengali|Urdu|Persian|Farsi")
_TOPIC_LANGUAGE = re.compile(r"\b(?:in|into|to)\s+(?:(?:British|American|Australian|Canadian|Brazilian|European|"
                             r"Mexican|Swiss|simplified|traditional|plain)\s+)?(?:" + _LANGS + r")\b|\blanguage\b|"
                             r"\b(?:speak|talk|write|answer|reply|respond)\s+(?:" + _LANGS + r")\b", _I)
_TOPIC_FORMAT = re.compile(
    r"\b(?:bullets?|bullet\s+points?|markdown|tables?|json|yaml|csv|lists?|numbered|format\w*|headings|headers|"
    r"plain\s+text|code\s+blocks?|emojis?|short|shorter|concise|brief|briefly|detailed|length|words|"
    r"sentences|paragraphs|verbose|step[- ]by[- ]step)\b", _I)
_TOPIC_TONE = re.compile(r"\b(?:formal|informal|casual|friendly|tone|polite|professional|playful|serious)\b", _I)
_TOPIC_NAME = re.compile(r"\b(?:call\s+me|refer\s+to\s+me|address\s+me)\b", _I)
#: What a rule of how the assistant answers is about ("keep answers short", "bullet points", "in French").
_HOW_TO_ANSWER = re.compile("|".join(p.pattern for p in (_ASSISTANT_TOPIC, _TOPIC_FORMAT, _TOPIC_LANGUAGE,
                                                         _TOPIC_TONE, _TOPIC_NAME)), _I)

# constraints
_ALLERGY = re.compile(
    r"(?:" + _BE + r"(?:\s+\w+)?\s+allergic\s+to\s+" + _REST + r")"
    # "I have a severe allergy to peanuts", "my allergy to penicillin": the thing after "to"
    r"|(?:(?:\b(?:I|we)(?:\s+have|['’]ve\s+got|\s+have\s+got|\s+got)\s+(?:an?\s+)?|\bmy\s+)(?:(?:severe|serious|mild|bad|"
    r"slight|nasty|real|life-threatening|proper|known)\s+)*allerg(?:y|ies)\s+to\s+"
    r"(?P<obj4>(?:(?!\b(?:is|are|was|were|means|which|so|but|that)\b)[^.!?;,])+))"
    r"|(?:\b(?:I|we)(?:\s+have|['’]ve\s+got|\s+have\s+got)\s+"
    r"(?:an?\s+)?(?:\w+\s+)?(?P<obj2>[\w-]+(?:\s+[\w-]+)?)\s+allerg(?:y|ies)\b)|(?:\bmy\s+(?P<obj3>[\w-]+(?:\s+[\w-]+)?)"
    r"\s+allerg(?:y|ies)\b)", _I)
#: An allergy said as what a thing does to the speaker: "cashews bring me out in welts", "anything
#: with sesame makes my lips swell up", "aspirin gives me a reaction", "I get hives whenever I eat
#: strawberries", "I break out in a rash if I wear nickel". A word of a symptom must say it ("the
#: sun brings me out in freckles", "that meeting gave me a headache", "I react badly to criticism"
#: are none); the thing is a kind of thing, not one ("the new soap", "this jumper"), and the one it
#: happens to is the speaker ("gave my husband a rash" is his).
_SYMPTOM = re.compile(r"\b(?:hives|rash(?:es)?|welts?|blotch(?:es|y)?|itch(?:y|ing|es)?|swell(?:s|ing)?|swollen|"
                      r"puff(?:s|ed)?\s+up|anaphyla\w*|wheez\w*|reactions?|eczema|asthma|tingl\w*|sneez\w*)\b", _I)
_THING_WORDS = r"(?:(?!(?:the|this|that|these|those|it|i|he|she|they|we|you|my|our|his|her|their)\b)[\w'-]+\s+){0,2}?(?!(?:it|me)\b)[\w'-]+"
_REACTION = re.compile(
    r"^(?:(?:anything|everything|stuff|food)\s+(?:with|containing)\s+(?:any\s+)?|any\s+|all\s+)?(?P<obj>" + _THING_WORDS + r")"
    r"\s+(?:(?:always|just|still|really|usually|sometimes|literally)\s+)?"
    r"(?:brings?|brought|makes?|made|gives?|gave|sets?\s+off|triggers?)\s+"
    r"(?:me|us|my\s+(?:skin|lips?|mouth|throat|face|eyes?|tongue|hands?|chest|stomach|nose|eczema|asthma))\b"
    r"|\bI\s+(?:(?:always|usually|just|still|sometimes|tend\s+to)\s+)?(?:get|come\s+out\s+in|break\s+out\s+in|"
    r"have\s+an?\s+(?:\w+\s+)?reaction|swell\s+up|start\s+(?:sneezing|wheezing|itching))\b[^,.;!?]*?\s+"
    r"(?:to|from|with|whenever|when|if|after|around)\s+(?:I\s+(?:eat|touch|take|use|wear|have|drink|go\s+near)\s+)?"
    r"(?:(?:anything|something|stuff|food)\s+(?:with|containing)\s+(?:any\s+)?|any\s+)?(?P<obj2>" + _THING_WORDS + r")"
    r"(?=\s*(?:$|[,.;!?]|\s(?:in|on|at|or|and|too|though|every|as)\b))"
    # "if I eat strawberries my lips puff up", "every time I touch latex I break out in a rash"
    r"|^(?:if|when|whenever|every\s+time|any\s*time)\s+I\s+(?:eat|touch|take|use|wear|have|drink|go\s+near)\s+"
    r"(?:(?:anything|something|stuff|food)\s+(?:with|containing)\s+(?:any\s+)?|any\s+)?(?P<obj3>" + _THING_WORDS + r")"
    r"\s*,?\s+(?:I|my\s+(?:skin|lips?|mouth|throat|face|eyes?|tongue|hands?|chest|stomach|nose))\b", _I)
#: What one is "allergic to" only in jest ("allergic to Monday morning meetings", "mornings bring me
#: out in hives"): a time, a doing, a duty or people, no substance.
_NOT_ALLERGENS = frozenset("""meeting morning weekend work job office exercise cardio running gym effort people small
talk maths math homework paperwork admin chore housework cleaning commitment responsibility deadline drama nonsense
queue crowd traffic email call phone spreadsheet excel powerpoint jargon early start alarm commute boss manager""".split())


def _figurative_allergen(obj: str) -> bool:
    """Whether what one is said to be allergic to is a time, a doing, a duty or people (see
    `_NOT_ALLERGENS`): said in jest, no allergy."""
    words = [_singular(w) for w in re.findall(r"[a-z]+", obj.lower())]
    return bool(words) and (words[-1] in _NOT_ALLERGENS or words[0] in _WEEKDAY_WORDS)


_DIET_LABEL = re.compile(
    r"(?:\b(?:I'm|I\s+am|we're|we\s+are|I've\s+been|I\s+have\s+been|I\s+(?:just\s+)?went|I'm\s+now|I\s+became|"
    # "I've gone fully vegan", "we turned vegetarian", and chat's "went vegan in january"
    r"(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+)?(?:gone|turned|become)|(?:I|we)\s+(?:just\s+)?turned)"
    r"(?:\s+(?:now|also|strictly|fully|still|a|an|100%|completely|totally|mostly))*\s+|"
    # "Coeliac here, so ...", "vegan here btw": the speaker introducing themselves by it
    r"^(?=(?:(?:strict|full[- ]on|lifelong)\s+)?[\w-]+(?:\s+intolerant)?\s+here\b))(?:(?:strict|full[- ]on|lifelong)\s+)?"
    r"(?P<diet>vegetarian|vegan|pescatarian|pescetarian|gluten[- ]free|lactose[- ]intolerant|dairy[- ]free|"
    r"halal|kosher|celiac|coeliac|diabetic|keto|paleo|teetotal|sober|nut[- ]free|on\s+a\s+\w+\s+diet)\b",
    _I)
#: "I'm no longer vegan", "we're not vegetarian any more": the diet a standing rule named is over.
_DIET_ENDED = re.compile(
    r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?P<longer>no\s+longer)|not)\s+(?:(?:a|an|really|fully|strictly)\s+)?"
    r"(?P<diet>vegetarian|vegan|pescatarian|pescetarian|gluten[- ]free|dairy[- ]free|halal|kosher|keto|paleo|teetotal|"
    r"sober|nut[- ]free|on\s+a\s+\w+\s+diet)\b(?P<rest>[^.!?;]*)", _I)
#: A medicine the speaker takes now ("I'm on 50mg of sertraline", "I take levothyroxine every
#: morning", "the GP has put me on ramipril"): a fact of theirs in a slot of that medicine, so a new
#: dose of it replaces the old (textnorm.is_medicine says what a medicine is).
#: A dose as it is written: "50mg", "2.5 mg", "10 units".
DOSE = r"\d+(?:\.\d+)?\s?(?:mg|mcg|µg|ml|g|units?|iu)\b"
_MEDICATION = re.compile(
    r"(?:\b(?:I'm|I\s+am|I've\s+been|I\s+have\s+been|I'm\s+still|I\s+am\s+still)\s+(?:(?:now|still|also|currently|back)\s+)?on"
    r"|\b(?:I|I'm|I\s+am)\s+(?:(?:now|still|also|currently)\s+)?(?:take|taking)"
    r"|\b(?:I've|I\s+have)\s+(?:just\s+)?started(?:\s+(?:on|taking))?"
    r"|\b(?:put|started)\s+me\s+on|\b(?:I've|I\s+have|I'm|I\s+am)\s+(?:just\s+)?been\s+(?:put|started)\s+on)\s+"
    r"(?:(?P<dose>" + DOSE + r")\s+(?:of\s+)?)?"
    # ("I'm on 1000mg daily": the dose, its medicine unsaid)
    r"(?P<drug>" + MEDICINE_CLASS + r"|(?!(?:daily|nightly|weekly|a|an|the|per|each|every|twice|once|now|at|in|on|from|for|"
    r"today|tonight|tomorrow|and|but|so|of|morning|mornings|night|nights|instead|too|as|with|since)\b)"
    r"(?-i:[A-Za-z])[\w-]+)", _I)
#: A medicine the speaker is taken off or stops, however the change is told ("they took me off the
#: amlodipine and put me on losartan", "came off the citalopram", "the gp swapped my omeprazole for
#: lansoprazole", "no longer on warfarin", "switched me from sertraline to fluoxetine", "put me on
#: apixaban instead of warfarin"), in the candidate's words ({who}: the speaker, by name or "I").
_MEDICINE_STOPPED = (
    r"\b(?:took|taken|taking|take|got)\s+{who}\s+off\s+(?:of\s+)?{det}(?P<d1>[A-Za-z][\w-]+)"
    r"|\b(?:{who}\s+(?:is|am|['’]m)|I['’]m|I\s+am)\s+(?:now\s+|finally\s+|completely\s+)?off\s+{det}(?P<d2>[A-Za-z][\w-]+)"
    r"|(?:^|\b{who}:?\s+)(?:(?:have|has|had|['’]ve|just|finally|now|recently)\s+)*(?:stopped|quit|came\s+off|"
    r"come\s+off|weaned\s+(?:myself\s+|themselves\s+)?off|ditched)\s+(?:taking\s+)?{det}(?P<d3>[A-Za-z][\w-]+)"
    r"|\b(?:switched|moved|changed|swapped)\s+{who}\s+(?:over\s+)?(?:from|off)\s+{det}(?P<d4>[A-Za-z][\w-]+)"
    r"|\bswapped\s+(?:(?:my|their|{who}['’]s|the)\s+)?(?P<d5>[A-Za-z][\w-]+)\s+for\b"
    # someone stopped it: "the cardiologist stopped my aspirin"
    r"|\b(?:stopped|stopping|cancelled|discontinued)\s+(?:my|their|{who}['’]s)\s+(?P<d8>[A-Za-z][\w-]+)"
    r"|(?:^(?:{who}:\s+)?\W*|\b(?:{who}\s+(?:is|am|['’]m)|I['’]m|I\s+am)\s+)(?:now\s+)?no\s+longer\s+(?:on|taking)\s+{det}(?P<d6>[A-Za-z][\w-]+)"
    r"|\b(?:put|moved|switched|changed|started)\s+{who}\s+(?:on|onto|to)\s+[^.;!?]{{1,40}}?\binstead\s+of\s+{det}(?P<d7>[A-Za-z][\w-]+)")
_MEDICINE_DET = r"(?:(?:the|my|their|his|her|[\w-]+['’]s)\s+)?"
#: Said as what may be, is to come, or is not: "thinking of coming off sertraline", "will take me
#: off it", "never stopped taking".
_STOP_UNSURE = re.compile(r"\b(?:thinking|considering|might|may|maybe|want(?:s|ed)?\s+to|planning|plan\s+to|hoping|should|"
                          r"could|would|will|['’]ll|going\s+to|gonna|about\s+to|plan\s+is|no\s+one|nobody|if|whether|not|never|"
                          r"didn['’]?t|don['’]?t|"
                          r"won['’]?t|can['’]?t|haven['’]?t|hasn['’]?t|unless|before|until|till)\b", re.IGNORECASE)
#: ... or as what is to come, or for a while only, said after it: "next month", "for a week but
#: I'm back on it".
_STOP_LATER = re.compile(r"\b(?:next\s+\w+|tomorrow|soon|later|in\s+(?:a|two|three|a\s+few|few)\s+(?:days?|weeks?|months?)|"
                         r"(?:on|this|from)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|in\s+" + MONTH_WORDS + r"|back\s+on|still\s+on|again|"
                         r"restart\w*)\b", re.IGNORECASE)
#: A word after a medicine's or a food's name that makes the name a modifier of another thing
#: ("metformin reminders", "the sertraline alarm", "the cake stall"): any word that does not end the
#: phrase (a conjunction, a preposition, a word of time, "tablets").
_NAMES_ANOTHER_THING = re.compile(
    r"\s+(?!(?:and|but|so|because|cos|as|now|last|this|in|on|for|at|after|since|too|completely|altogether|entirely|"
    r"today|yesterday|tablets?|pills?|meds|then|to|onto|into|over|with|when|which|recently|finally|already|cold|earlier|"
    r"a|an|the|my|i|we|he|she|they|it|its|due|thanks|from|about|around|early|mid|once|back|either|"
    r"instead|fully|straight|right|just|though|tho|or|nor|yet|until|till|before)\b)[a-z]", re.IGNORECASE)
#: Someone else's, said before a stop that does not name whose it is ("my dad is no longer on ...",
#: "she swapped ... for ...").
_ANOTHERS_BEFORE = re.compile(r"\b(?:" + RELATIONS_ALTERNATION + r")s?\b|\b(?:he|she|his|her)\b", re.IGNORECASE)


#: The words a stop of a medicine is told with (`_MEDICINE_STOPPED`): without one, none is read.
MEDICINE_STOP_WORDS = frozenset("off from stopped stopping quit ditched swapped switched changed moved cancelled "
                                "discontinued longer instead".split())


@lru_cache(maxsize=256)
def _medicine_stopped_rx(speaker: str) -> re.Pattern[str]:
    who = r"(?:me|I|myself|" + re.escape(speaker) + ")" if speaker else r"(?:me|I|myself)"
    return re.compile(_MEDICINE_STOPPED.format(who=who, det=_MEDICINE_DET), re.IGNORECASE)


def medicines_stopped(text: str, speaker: str = "", known: frozenset[str] = frozenset()) -> set[str]:
    """The medicines a sentence says the speaker is taken off or stops (`_MEDICINE_STOPPED`),
    lower-cased: words that name a medicine, or are among the `known` ones the speaker takes; said as
    what may be or is not ("thinking of coming off ...") they are none."""
    stopped: set[str] = set()
    if text.rstrip().endswith("?"):
        return stopped  # "did they take me off the amlodipine?"
    for m in _medicine_stopped_rx(speaker).finditer(text):
        drug = next(d for d in m.groups() if d)
        if not m.group("d5") and _NAMES_ANOTHER_THING.match(text, m.end()):
            continue  # "stopped my metformin reminders", "quit the metformin trial": something else stopped
        if (_STOP_UNSURE.search(text, max(0, m.start() - 40), m.start()) is None
                and _STOP_LATER.search(text, m.end(), m.end() + 50) is None
                and not ((m.group("d5") or m.group("d6"))
                         and _ANOTHERS_BEFORE.search(text, max(0, m.start() - 40), m.start()))
                and (drug.lower() in known or is_medicine(drug))):
            stopped.add(drug.lower())
    return stopped


_A_SERVICE_NEXT = re.compile(r"\s+(?:mobile|broadband|energy|insurance|bank|fibre|network|tariff|contract|sim|airlines?|"
                             r"rail|trains?|buses|coaches)\b", _I)
_NEGATED_MEDICATION = re.compile(r"\b(?:not|never|no\s+longer|don't|didn't|won't|if|unless|whether|might|may|should)\b", _I)
_DIET_NEG = re.compile(
    r"\b(?P<subj>I|we)\s+(?:(?:also|really|just|still|absolutely|strictly)\s+)*(?P<neg>don't|do\s+not|can't|cannot|"
    r"can\s+not|never|no\s+longer|won't|shouldn't|mustn't)\s+(?:(?:really|ever|eat\s+or)\s+)*"
    r"(?P<verb>eat|drink|consume|touch|have\s+any)\s+" + _REST, _I)
#: What follows "can't have" when it names no thing one keeps from: something owned or got ("a
#: dog", "the day off", "it"), people, or an amount ("much", "everything").
_NOT_A_THING_KEPT_FROM = (r"(?:a|an|the|my|your|his|her|our|their|its|it|that|this|these|those|them|him|me|you|us|any|anymore|"
                         r"much|more|enough|to|been|got|had|kids|children|babies|time|fun|everything|anything|nothing|"
                         r"something|another|one|two|people|guests|visitors|friends|pets|both|all|what|long|too|so|such|no|"
                         r"someone|anyone|everyone|without|a\s+lot|any\s+more)")
#: What the speaker may not have, as a rule ("I can't have dairy", "we can't have cats because of the
#: lease"; "we cannot have anything with nuts" is _DIET_NEG's): not what they cannot own or get
#: ("I can't have a dog here", "can't have kids", "can't have everything"), nor what they should not
#: have done ("I shouldn't have eaten the whole cake"), nor one occasion ("can't have lunch tomorrow").
_ONE_DAY_NAMED = re.compile(r"\b(?:this|next)\s+(?:week|weekend|month|\w+day)\b", _I)
_CANT_HAVE = re.compile(
    r"\b(?P<subj>I|we)\s+(?:(?:also|really|just|still|absolutely|strictly|literally)\s+)*(?P<neg>can't|cannot|can\s+not|"
    r"mustn't|must\s+not|shouldn't)\s+(?:ever\s+)?(?P<verb>have)\s+" + r"(?!" + _NOT_A_THING_KEPT_FROM + r"\b)" + _REST, _I)
#: What the speaker may not be near, as a rule ("I can't be around cats, I get hives", "we mustn't
#: go anywhere near the lake"): not someone they can't stand ("can't be around him", "near Tom",
#: "around my dad right now"), nor being about at a time ("can't be around for the party", "around
#: later", "near a phone on Saturday"), nor what stirs a feeling ("can't go near the beach without
#: crying"). ("I'm not allowed to go near ..." is _NOT_ALLOWED's.)
_KEEP_AWAY = re.compile(
    r"\b(?P<subj>I|we)\s+(?:(?:really|just|still|absolutely|strictly|literally|honestly)\s+)*"
    r"(?P<neg>can't|cannot|can\s+not|mustn't|must\s+not|shouldn't|should\s+not)\s+(?:ever\s+)?(?P<verb>be|go|come|stay)\s+"
    r"(?:anywhere\s+)?(?P<prep>near|around|close\s+to|next\s+to|in\s+the\s+same\s+room\s+as|exposed\s+to)\s+"
    r"(?!(?:him|her|them|it|you|me|us|that|this|those|these|for|at|on|in|then|today|tonight|tomorrow|much|long|here|there|"
    r"anymore|any\s+more|right\s+now|now|later|after|before|until|till|til|all|people|(?:my|our|his|her|their)\s+(?:"
    + RELATIONS_ALTERNATION + r"|ex|exes)s?)\b)" + _REST, _I)
#: Where the thing kept away from ends in what follows it ("smoke on Saturdays", "a cold during chemo").
_NEAR_THING_ENDS = re.compile(r"\s*,|\s+(?:during|on|at|because|since|when|while|after|before|until|till|if|unless|for|every|"
                              r"as|so)\b", _I)
#: One weekday named ("near a phone on Saturday"; not "on Saturdays"); today, tonight and tomorrow
#: are _THIS_ONCE's.
_ON_ONE_DAY = re.compile(r"\bon\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day(?!s)\b", _I)
_FEELING_WITHOUT = re.compile(r"\bwithout\s+(?:crying|bawling|sobbing|tearing\s+up|welling\s+up|thinking|remembering|missing|"
                              r"feeling|panicking|freaking\s+out|shaking|getting\s+(?:sad|upset|emotional|teary|nostalgic|angry|"
                              r"anxious|scared))\b", _I)
_BUDGET = re.compile(
    r"\b(?:my|our|the|a|total)\s+budget\s+(?:is|was|of|:|=|would\s+be|will\s+be)\s+(?:about\s+|around\s+|roughly\s+)?"
    + _REST + r"|\bbudget\s+(?:is\s+)?(?:under|below|of|around|about|max(?:imum)?|up\s+to|at\s+most)\s+" + _REST.replace("obj", "obj2")
    + r"|\b(?:can't|cannot|don't\s+want\s+to|won't)\s+spend\s+more\s+than\s+" + _REST.replace("obj", "obj3")
    # a budget (for one thing) told with its sum: "budget for the removals is £1,800 max", "our
    # budget for the kitchen is 12k", "budget is 500 max"
    + r"|(?:^|\b(?:my|our|the|total)\s+)budget(?:\s+for\s+(?:the\s+|my\s+|our\s+)?(?P<what>[\w'’-]+(?:\s+[\w'’-]+){0,2}?))?\s+"
    r"(?:is|=|:|would\s+be|will\s+be)\s+(?:about\s+|around\s+|roughly\s+)?(?P<obj4>[^.!?;]*\d[^.!?;]*)", _I)
#: Doing without something until a point, of the speaker's own accord: "not buying a single skein
#: till January", "I'm not spending a penny on takeaways until payday", "we're not booking anything
#: else till the car is paid off".
_DOING_WITHOUT = re.compile(
    r"(?:^|[,:;\u2013\u2014-]\s*|\b(?:I'm|I\s+am|we're|we\s+are|I'll\s+be|we'll\s+be|I've|we've|I\s+have|we\s+have|I|we)\s+)"
    r"(?:(?:so|and|but|also|just|officially)\s+)?"
    r"(?:(?:not|never)\s+(?P<verb>buying|spending|drinking|ordering|booking|getting|touching|smoking|using|eating|"
    r"taking\s+on|signing\s+up\s+for)"
    # "I won't order any takeaways till payday", "I've sworn off online shopping until my birthday"
    r"|(?:won't|will\s+not|am\s+not\s+going\s+to)\s+(?P<verb2>buy|spend|drink|order|book|touch|smoke|use|eat)"
    r"|(?P<verb3>sworn\s+off|given\s+up))\s+"
    r"(?P<obj>(?:a\s+single|any|anything|another|one\s+more|a\s+penny|a\s+cent|a\s+drop|new|my|our|out|online)\b[^.!?;]*?"
    r"|(?<=off\s)[^.!?;]*?|(?<=up\s)[^.!?;]*?)\s+"
    r"(?:till|until|'til|til|before)\s+(?P<until>[^.!?;,]+)", _I)
#: Off something one eats, drinks or smokes, given up ("I'm off sugar completely", "off caffeine
#: until friday", "we're off the booze for january", "I'm off carbs this week"): a limit of the
#: speaker's diet, for the period said with it, else for good. (A medicine one is off ends its
#: record instead: `medicines_stopped`.)
_OFF_WHAT = re.compile(
    r"(?:^\W*|\b(?:I['’]?m|I\s+am|we['’]re|we\s+are|I['’]ve\s+been|we['’]ve\s+been)\s+)"
    r"(?:(?:now|completely|totally|officially|fully|still|staying|going|trying\s+to\s+stay|back|properly|strictly)\s+)*"
    r"off\s+(?:the\s+|all\s+)?(?P<obj>(?:refined\s+|added\s+|white\s+|red\s+|fizzy\s+|junk\s+|fried\s+|processed\s+)?"
    r"(?:sugar|sweets|chocolate|alcohol|booze|grog|drink|sauce|wine|beer|spirits|caffeine|coffee|carbs|bread|dairy|meat|gluten|"
    r"food|takeaways?|crisps|drinks|soda|pop|cigarettes|cigs|fags|smokes|smoking|vaping|vapes?|cheese|salt|snacks|"
    r"biscuits|cake|pastries|energy\s+drinks))\b", _I)
#: Barred from something until a point the speaker does not set: "I can't travel outside the UK
#: until they make a decision", "I'm not allowed to drive until the cast comes off", "we can't sign
#: anything till the survey is back" (not a feeling: "I can't wait until Friday", "can't sleep until
#: she's home").
_BARRED_UNTIL = re.compile(
    r"\b(?P<subj>I|we)(?:\s+(?:still|just|really|legally|currently|basically))?\s+"
    r"(?P<modal>can['’]?t|cannot|can\s+not|(?:['’]m|\s+am|['’]re|\s+are)\s+not\s+(?:allowed|supposed|meant|able)\s+to|"
    r"mustn['’]?t|must\s+not)\s+"
    r"(?!(?:wait|sleep|relax|rest|believe|stop|stand|help|focus|concentrate|think|breathe|settle|enjoy|imagine|bear|"
    r"cope|function|decide|tell|say|remember|see|feel|know|be|get\s+(?:excited|happy|my\s+hopes|comfortable|"
    r"started|going|on|over)|move\s+on|calm\s+down)\b)"
    r"(?P<obj>[a-z][\w'’-]*(?:\s+(?!(?:until|till|til|unless)\b)[\w'’-]+){0,7}?)\s+"
    r"(?:until|till|'til|til|unless)\s+(?P<until>[^.!?;,]+)", _I)
#: A ceiling said of a sum ("$18k for the wedding and that's a hard ceiling", "£2,000 for the trip,
#: absolute max", "600 dollars toward the laptop, not a penny more", "the hard cap is 40k").
_SUM = (r"(?:[$\u20ac\u00a3]\s?\d{1,9}(?:[,.]\d{1,3})*(?:\s?(?:k|m|grand)\b)?"
        r"|(?<![\d,.])\d{1,9}(?:[,.]\d{1,3})*\s?(?:k|grand|euros?|pounds?|dollars?|quid|bucks|EUR|GBP|USD)\b"
        # ("eighty bucks", "two hundred quid", "fifty grand")
        r"|\b(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?"
        r"|(?:a|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:hundred|thousand)"
        r"|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
        r"\s+(?:bucks|quid|pounds|dollars|euros|grand)\b)")
_CEILING = (r"(?:(?:hard|firm|absolute|strict|fixed)\s+(?:ceiling|cap|limit|upper\s+limit|max(?:imum)?)"
            r"|absolute\s+max(?:imum)?|max(?:imum)?,?\s+(?:full\s+stop|period))")
_HARD_CEILING = re.compile(
    r"(?P<sum>" + _SUM + r")(?P<what>[^.!?;]{0,60}?)(?:[\s,(\-\u2013\u2014]+|$)"
    r"(?:(?:(?:and|but)\s+)?(?:that|this|which|it)(?:'s|\u2019s|\s+is)\s+(?:(?:a|an|the|our|my)\s+)?(?:\w+\s+)?" + _CEILING
    + r"|" + _CEILING + r"|not\s+a\s+(?:penny|cent|pound|dollar|euro|dime|single\s+\w+)\s+more\b(?!\s+than)"
    r"|no\s+more(?:\s+than\s+that)?\b(?!\s+than)(?=\s*(?:[,.!;]|$))|tops\b"
    # ("eighty bucks a month is my ceiling for brewing gear")
    r"|(?:is|'s|\u2019s)\s+(?:my|our|the)\s+(?:absolute\s+|hard\s+|upper\s+|top\s+)?(?:ceiling|cap|limit|max(?:imum)?)\b"
    # ("15k is the absolute most we can put toward the car")
    r"|(?:is|'s|\u2019s)\s+(?:the\s+)?(?:absolute\s+|very\s+)?most\s+(?:I|we)\s+(?:can|could|will|'ll|want\s+to)\b)"
    r"|" + _CEILING + r"\s+(?:is|of|at|:)\s+(?:about\s+)?(?P<sum2>" + _SUM + r")(?P<what2>[^.!?;]{0,60})", _I)
#: "the renovation budget": which budget a sum is
_WHICH_BUDGET = re.compile(r"\b(?P<thing>[a-z][\w-]*)\s+budget\b", _I)
_DEADLINE = re.compile(
    r"\b(?:the|my|our|a|its|their)\s+deadline\s+(?:is|was|will\s+be|:)\s+" + _REST
    + r"|\b(?:it's|it\s+is|it's\s+all|this\s+is|that's|[\w-]+\s+is|[\w-]+\s+are)\s+due\s+(?:on\s+|by\s+|at\s+)?"
    + _REST.replace("obj", "obj2"), _I)
_FOR_THING = re.compile(r"\b(?:for|on|toward|towards)\s+(?:the\s+|my\s+|our\s+|a\s+|this\s+|that\s+)?(?:whole\s+|entire\s+)?"
                        r"(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)", _I)
_NOT_ALLOWED = re.compile(_BE + r"\s+not\s+allowed\s+to\s+" + _REST, _I)
_FREQ_RULE = re.compile(
    r"\b(?P<subj>I|we)(?:\s+(?:also|really|just|still|pretty\s+much|almost|basically|literally|honestly|genuinely|"
    r"absolutely|definitely|simply|personally|seriously|truly|practically|virtually))*\s+(?P<freq>never|always)\s+"
    r"(?P<verb>[a-z]+)\s+" + _REST, _I)
_IMPERATIVE_RULE = re.compile(
    r"^(?:please\s+)?(?P<freq>never|always|don't\s+ever|do\s+not\s+ever|don't|do\s+not|only|avoid|"
    r"under\s+no\s+circumstances|on\s+no\s+account|whatever\s+you\s+do,?\s+(?:don't|do\s+not))\s+"
    r"(?P<verb>use|include|add|write|answer|reply|respond|show|suggest|recommend|send|mention|call|ask|put|format|"
    r"give|provide|assume|cite|explain|translate|share|book|schedule|email|contact|recommending|suggesting|"
    r"using|including|mentioning|keep|make|be|stick\s+to|speak|talk|stay)\b\s*" + _REST, _I)
#: Verbs of a rule to the assistant that sayings open with too ("always be kind", "keep calm") ...
_SAYING_VERBS = frozenset("keep make be stay".split())
#: ... and what tells a saying: a motto, something someone says or used to say.
_A_SAYING = re.compile(r"\b(?:motto|mantra|saying|proverb|says|said|used\s+to\s+say|would\s+say|always\s+say)\b", _I)
#: How someone is encouraged not to feel ("afraid to", "too hard on yourself").
_ENCOURAGED = re.compile(r"(?:so\s+|too\s+)?(?:afraid|scared|shy|nervous|worried|sorry|embarrassed|ashamed|hard\s+on|"
                         r"down\s+on|a\s+stranger)\b", _I)
#: A standing rule asked as care to take ("could you make sure the rota never has me on Sundays?",
#: "please make sure my meal plans never include mushrooms", "make sure you always cc my manager"):
#: what is to hold always or never. (For a while, "make sure ... tonight", it is read as it was.)
_MAKE_SURE_RULE = re.compile(
    r"^(?:(?:and|so|also|oh|ok|okay|please|pls)\s+)*(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:(?:please|pls|just)\s+)?"
    r"(?:make\s+sure|ensure|be\s+sure|see\s+to\s+it)\s+(?:that\s+)?"
    r"(?P<obj>[^.!?;]*?\b(?P<freq>never|always|only|no\s+longer)\b[^.!?;]*)", _I)
#: Care for one thing, or for what was just said ("book the 7pm one", "cc Dana on this one", "never do
#: that again"): no standing rule.
_OF_ONE_THING = re.compile(r"\b(?:this|that|the\s+[\w'-]+)\s+one\b|\bthis\s+(?:time|once)\b|"
                           r"\b(?:do|say|happen)\w*\s+(?:that|it|this)\b|\b(?:that|it|this)\s+(?:again|happen)", _I)
#: The same asked as a question ("can you make sure you always cc my manager?"): the rule it asks for.
_ASKED_TO_MAKE_SURE = re.compile(r"^(?:(?:and|so|also|oh|ok|okay|hey)\W+)*(?:can|could|would|will)\s+(?:you|u)\s+"
                                 r"(?:please\s+|pls\s+|just\s+)?(?P<rule>(?:make\s+sure|ensure|see\s+to\s+it)\b[^?]*)\?*$", _I)
#: A statement labelled a rule after it ("all power tools are off by 7pm, that's the deal", "phones
#: stay in the basket at dinner - that's the rule in our house", "the dog sleeps downstairs, that's
#: non-negotiable", "..., no exceptions"): what it labels is a rule. Not an offer ("two pizzas for
#: a tenner, that's the deal") nor what was so ("that was the rule").
_RULE_TAG = re.compile(
    r"(?:[,;:.\u2013\u2014]\s*|(?<!\s)\s+-+\s+|(?<!\s)\s+and\s+)(?:"
    r"(?:that|this|those|these)(?:['\u2019]s|\s+is|\s+are|['\u2019]re)\s+(?:(?:the|our|my|a)\s+)?"
    r"(?:(?:house|household|family|only|one|hard|strict|new|ground|standing|firm|basic)\s+)?"
    r"(?:deal|rule|rules|policy|law|agreement|arrangement)\b(?P<rest>(?:\s+[\w'\u2019]+){0,5})"
    r"|(?:that|this)(?:['\u2019]s|\s+is)\s+(?:(?:completely|totally|absolutely|just)\s+)?(?:non[- ]?negotiable|not\s+negotiable|set\s+in\s+stone)"
    r"|it(?:['\u2019]s|\s+is)\s+(?:(?:completely|totally|absolutely|just)\s+)?(?:non[- ]?negotiable|not\s+negotiable)"
    r"|no\s+exceptions)"
    # (and why, said after it: "..., it's non-negotiable, I'm on the six am shift"; not a "but")
    r"(?:\s*[,;\u2013\u2014-]\s*(?!\s*(?:but|though|although|except|unless|apart|other\s+than)\b)(?P<why>[^.!?,;]{3,120}))?"
    r"\s*[.!]*\s*$", _I)


def _labelled_hit(obj: str, name: str) -> _Hit:
    """The constraint a statement is by the label it carries, before it or after it."""
    return _Hit("constraint", "constraint:" + _head(obj), {"type": "rule", "predicate": "labelled",
                                                         "object": _clean_obj(obj, name)}, 0.9)


def _labelled_rule(body: str) -> str | None:
    """What a statement labelled a rule after it says (see `_RULE_TAG`), with the reason said after
    the label, or None."""
    m = _RULE_TAG.search(body)
    if m is None:
        return None
    head = body[:m.start()].strip(" ,;:-\u2013\u2014")
    if len(_WORDS.findall(head)) < 3 or re.search(_SUM, head, _I) or is_question(head):
        return None
    if m.group("rest") and re.search(r"\b(?:had|was|were|used)\b", m.group("rest"), _I):
        return None  # "..., that's the rule my parents had": one that was
    if re.match(r"(?:you|u)\b", head, _I):
        return None  # "you can't castle out of check, that's the rule": anyone's, as a game's rules are
    if re.search(r"\b(?:free|discount|offer|half\s+price|two\s+for\s+one|fiver|tenner)\b", head, _I):
        return None  # "kids eat free on Mondays, that's the deal": an offer
    if re.match(r"\W*no\s+exceptions", body[m.start():].lstrip(" ,;:.-\u2013\u2014"), _I) and (
            re.search(r"\b(?:was|were|went|had|did|got|said|told|came|made|took|gave|left|shut|closed|cancelled|"
                      r"approved|used\s+to)\b", head, _I)
            or (re.search(r"\b(?:is|are|has|have|'s|\u2019s)\b", head, _I) and not re.search(
                r"\b(?:must|has\s+to|have\s+to|needs?\s+to|can['\u2019]?t|cannot|only|never|always|no|off|before|after)\b",
                head, _I))):
        return None  # "every shop in town was shut, no exceptions", "everyone in my family has brown eyes, ...": what was or is
    # the rule without its label, with why it holds where that is said after it
    return f"{head}, {m.group('why').strip()}" if m.group("why") else head


#: A request to stop a doing ("stop using emojis", "please quit adding tables").
_STOP_DOING = re.compile(r"^(?:(?:please|pls|and|so|also|just|ok|okay|oh)\W+)*(?:stop|quit)\s+(?P<obj>[a-z]+ing\b[^.!?;]*)", _I)
#: "has got to", said as chat says it ("has gotta", "'s gotta", "gotta"): a modal of obligation.
_GOTTA = r"(?:(?:has|have|['’]s|['’]ve)\s+)?(?:got\s+to|gotta)"
#: Choosing, said of the assistant or the speaker ("book", "sign up for", "go with"), and its -ing
#: form after "end up".
_CHOOSING = (r"(?:book|pick|choose|sign\s+up\s+(?:for|to)|apply\s+(?:for|to)|enrol+\s+(?:in|on)|join|take\s+on|rent|buy|"
             r"order|hire|switch\s+to|go\s+(?:for|with)|settle\s+on|accept|get)")
_CHOOSING_ING = (r"(?:booking|picking|choosing|signing\s+up\s+(?:for|to)|applying\s+(?:for|to)|joining|renting|buying|"
                 r"ordering|hiring|switching\s+to|going\s+(?:for|with)|settling\s+on|accepting|getting|with)")
#: A word of one occasion in what a demand is for: a day, a meal, this or next one.
_ONE_OCCASION_WORD = (r"(?:tonight|today|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|weds|thu|"
                      r"thur|thurs|fri|sat|sun|this|next|now|dinner|lunch|breakfast|brunch|supper|tea)\b")
#: A demand on whatever the assistant offers, or the speaker chooses ("whatever you suggest has to be
#: wheelchair accessible", "anything you book must have free cancellation", "whatever budget you draw
#: up for the wedding has to stay under 12k", "any course I sign up for needs to start after 1pm",
#: "whatever car I buy next must be automatic"): a rule for every such thing. (What it is for may
#: stand between the verb and the modal; not a past one: "any film we watched had to ...")
_DEMAND_ON_WHAT_IS_CHOSEN = re.compile(
    r"^(?:(?:and|so|also|just|oh)\s+)*(?:(?:whatever|whichever|any|every|all)(?:\s+of)?(?:\s+(?:the|those|these))?"
    r"(?:(?:\s+|\s*,\s*)(?!(?:you|u|that|I|we)\b)[\w-]+){0,5}|anything|everything)\s+(?:that\s+)?"
    # what the assistant makes or picks, or what the speaker chooses ("whatever I make has to be
    # perfect" tells of the speaker, no rule for a choice)
    r"(?:(?:you|u)\s+(?:(?:ever|also|then|might|may)\s+)?(?:end\s+up\s+(?:" + _CHOOSING_ING + r"|making|cooking|planning|"
    r"writing|drafting|suggesting|recommending)|" + _CHOOSING + r"|suggest|recommend|find|plan|propose|give|send|write|"
    r"draft|make|create|produce|generate|show|cook|build|put\s+together|come\s+up\s+with|sketch|draw\s+up|map\s+out|"
    r"lay\s+out|work\s+out|set\s+up|schedule|arrange|organi[sz]e|prepare|outline|design)"
    r"|(?:I|we)\s+(?:(?:ever|also|then|might|may)\s+)?(?:end\s+up\s+" + _CHOOSING_ING + r"|" + _CHOOSING + r"))\s+"
    r"(?:(?:next|later|now)\s+)?(?:(?:(?:for|to)\s+)?(?:me|us)\s+)?"
    # (not for one occasion: "whatever you book for tonight", "... for Fri", "... for dinner")
    r"(?:(?:for|to|about|on)\s+(?:(?!" + _ONE_OCCASION_WORD + r")[\w'’-]+\s+){1,4}?)?"
    r"(?P<modal>has\s+to|have\s+to|must|needs?\s+to|should|" + _GOTTA + r")\s+(?P<obj>[^.!?;]+)", _I)
#: An amount a limit is said in ("one page", "30 minutes", "two short paragraphs").
_LIMIT_AMOUNT = (r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|\d+(?:[.,]\d+)?)\s+"
                 r"(?:[\w'-]+\s+){0,2}?[\w'-]+")
#: A demand on every occasion of a kind ("whenever I take him anywhere it has to have a lift", "any
#: time we eat out with Gran, the place needs to have parking outside", "every time we fly they have
#: to seat us together"): a rule. Not one occasion told ("when we went to Rome it had to be ..."),
#: nor a supposition ("if ...").
_WHENEVER_MUST = re.compile(
    r"^(?:(?:and|so|also|oh|ok|okay|but|plus)\s+)*(?:whenever|every\s+time|any\s*time|each\s+time)\s+"
    r"(?:I|we|he|she|they|(?:my|our|the)\s+[\w-]+|(?-i:[A-Z][a-z]+))\s+(?!(?:was|were|had|did|went|got|used)\b)"
    r"(?:[\w'\u2019-]+\s+){0,8}?[\w'\u2019-]+(?:\s*,\s*|\s+)"
    r"(?P<np>it|they|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:(?:always|really|just)\s+)?"
    r"(?P<modal>has\s+to|have\s+to|must(?!\s+(?:have\s+(?:been|gone|got|\w+ed)|be\s+\w+ing)\b)|needs?\s+to|(?:has|['\u2019]s)\s+got\s+to|gotta)\s+(?P<obj>[^.!?;]+)", _I)
#: A standing rule for what the assistant makes, said as what to do whenever it does ("when you give
#: me exercises please put them as a numbered list", "whenever you send me code, add comments"): of
#: a kind of thing, not one thing ("when you send me the report, cc Dana" is for that report).
_WHEN_YOU_MAKE = re.compile(
    r"^(?:(?:and|so|also|oh|ok|okay)\s+)*(?:when(?:ever)?|if|every\s+time|any\s*time)\s+you\s+(?:ever\s+)?"
    r"(?:give|send|write|draft|make|create|produce|generate|show|suggest|recommend|explain|plan|build|cook|pick|choose|"
    r"book|find|put\s+together|come\s+up\s+with)\s+(?:(?:(?:for|to)\s+)?(?:me|us)\s+)?"
    r"(?P<thing>(?!(?:the|that|this|those|these|it|them|him|her|me|us|a\s+hand|a\s+call|a\s+ring|a\s+shout|"
    r"laugh|cry|smile|feel|think|wait|want|wonder|reali[sz]e|look|sound|go|happy|sad|angry|nervous)\b)"
    r"(?:[\w'-]+\s+){0,5}?[\w'-]+)\s*,?\s+(?:(?:please|pls|just|always)\s+)*"
    r"(?P<obj>(?:put|add|list|use|keep|make|include|start|end|format|write|number|label|break|split|mark|avoid|skip|"
    r"leave|give|show|explain|say|do\s+not|don['’]t|never|always)\b[^.!?;]+"
    # none of a kind, or nothing past a bound ("no flights before 10am", "nothing over 30 quid a head")
    # (things against a bound: not "no pressure at all", "no spoilers in the chat", "no music in the car")
    r"|no\s+(?:[\w'-]+\s+)?[\w'-]+s\s+(?:before|after|over|above|under|below|longer\s+than|more\s+than|less\s+than)\s+"
    r"[^.!?;]*\d[^.!?;]*"
    r"|nothing\s+(?:over|above|more\s+than|under|below|before|after|longer\s+than)\s+[^.!?;]*\d[^.!?;]*"
    # a limit on it ("one page max", "30 minutes tops", "no more than two paragraphs")
    r"|(?:max(?:imum)?|at\s+most|no\s+more\s+than|no\s+longer\s+than|under|less\s+than|fewer\s+than)\s+"
    + _LIMIT_AMOUNT + r"|" + _LIMIT_AMOUNT + r"\s+(?:max(?:imum)?|tops|at\s+(?:the\s+)?most|or\s+(?:less|fewer|under|shorter))\b)",
    _I)
#: Someone's telling before what they told ("my midwife was really clear that ...", "the vet said
#: ...", "my physio told me that ..."): what follows is theirs to set.
_TOLD_THAT = re.compile(
    r"^(?:(?:and|so|but|also)\s+)?(?:my|our|the|his|her|their)\s+(?:[\w'\u2019-]+\s+){1,2}?"
    r"(?:(?:was|is|were|are|has\s+been)\s+(?:really\s+|very\s+|super\s+|quite\s+|pretty\s+)?"
    r"(?:firm|strict|clear|adamant|explicit|emphatic)|said|says|told\s+(?:me|us|him|her|them)|"
    r"warned\s+(?:me|us|him|her|them)|insists|insisted)\s+(?:that\s+)?", _I)
#: A limit said in an idiom ("peanuts are a hard no for my son", "being home by six is
#: non-negotiable", "flying is off the table"): a rule, for or against what it names.
_LIMIT_IDIOM = re.compile(
    r"^(?P<obj>(?:(?!\b(?:is|are|was|were)\b)[^,.!?;]){2,60}?)\s*(?:\b(?:is|are)\b|['’]s|['’]re)\s+(?:(?:an?|the)\s+)?"
    # ("aspirin and ibuprofen are completely off limits for me", "nuts are absolutely a no-go")
    r"(?:" + STRESS_WORDS + r"\s+)?(?:(?:an?|the)\s+)?"
    r"(?:(?:absolute|total|complete|real|big|definite)\s+)?"
    r"(?P<idiom>hard\s+no|no[- ]go|no[- ]no|deal[- ]?breaker|non[- ]?negotiable|non[- ]?starter|off[- ]limits|"
    r"off\s+the\s+(?:table|cards|menu)|out\s+of\s+the\s+question|not\s+an\s+option"
    # ("saunas are out for me until the baby's here"; not "Dad's out for the evening")
    r"|" + OUT_FOR_SOMEONE + r")\b(?P<rest>[^.!?;]*)", _I)
#: How every answer should be, asked without a period ("keep your replies under 100 words", "make all
#: explanations beginner-friendly", "answers in Spanish from now on"): a standing rule of the format.
_ANSWER_RULE = re.compile(
    r"^(?:(?:please|pls|and|so|also|just|from\s+now\s+on|going\s+forward|in\s+future),?\s+)*"
    r"(?:(?P<verb>keep|make|write|give|send|format|put|do|have)\s+)?(?:me\s+)?"
    r"(?:(?:all\s+(?:of\s+)?)?(?:(?:your|the|my|future)\s+)?(?:[\w-]+\s+)?"
    r"(?P<what>replies|answers|responses|messages|explanations|summaries|emails|drafts|examples|recipes|suggestions)"
    # ("keep every answer under 200 words": each one of them)
    r"|(?:every|each)\s+(?:[\w-]+\s+)?(?P<each>reply|answer|response|message|explanation|summary|email|draft|example|"
    r"recipe|suggestion))\s+"
    r"(?P<obj>[^.!?;]+)", _I)
#: "No dairy for me", "Nothing spicy for the kids", "Absolutely no meetings before 10": a rule in a noun
#: phrase, its negation kept in the record.
_NO_RULE = re.compile(
    # "Studio rule: no outdoor shoes", "club policy - no dogs": the rule named before it
    r"^(?:(?:[\w'’-]+\s+){0,3}?(?:rule|rules|policy|policies)(?:\s+(?:is|are|says))?\s*[:\-–—]\s*)?"
    r"(?:(?:absolutely|definitely|strictly|please|so|and|but|also|just)\s+)*(?P<neg>no(?:\s+more)?|nothing|zero)\s+"
    r"(?P<obj>(?P<head>[A-Za-z][\w'-]*)[^.!?;]*)", _I)
_NO_IDIOM = frozenset("""problem problems worries worry idea way thanks thank one clue luck time doubt wonder matter kidding
joke offense offence rush deal biggie pressure plans plan longer better sooner less fewer sense big need reason
chance hard shame question questions kidding harm doubt pun such doubts prob probs np thx comment comments
pain gain excuse excuses fun much new else special wrong left like compares beats matters happened is was""".split())
_MUST = re.compile(
    r"\b(?P<subj>I|we|you)\s+(?:must\s+always|must\s+never|should\s+always|should\s+never|have\s+got\s+to|"
    r"(?P<not>must\s+not|mustn['’]?t)|must|have\s+to|need\s+to|gotta)\s+(?P<verb>[a-z]+(?:-[a-z]+)?)\s*" + _REST, _I)
#: What "I must not ..." says of a slip or a guess, not a rule kept ("I mustn't forget the keys", "I
#: must not miss the train", "we mustn't tell Dad", "I must not be late").
_NOT_A_PROHIBITION = frozenset("""be have forget remember miss lose let tell say think worry panic feel look seem get
laugh cry sleep oversleep""".split())
#: A rule for everyone or everything of a kind, said with a modal: "every invoice has to go through
#: Priya", "all visitors must sign in", "no guest can bring a plus-one".
_RULE_FOR_ALL = re.compile(
    r"(?:^|[,:]\s+)(?:(?:and|but|so|also|oh|btw|fyi|which\s+means)\s+)*(?P<q>all|every|each|any|no)\s+(?P<np>(?:[\w'’-]+\s+){0,4}?)"
    r"(?P<modal>must|has\s+to|have\s+to|needs?\s+to|should|" + _GOTTA + r"|can't|cannot|can\s+not|mustn't|may\s+not|can)\s+"
    r"(?:(?:always|never|ever|only)\s+)?(?P<verb>[a-z]+)\b\s*" + _REST, _I)
#: ... or for anything the speaker (or their side) does of a kind: "anything I send to the school has
#: to be in Welsh", "everything we post must go past Ana first" (not a demand on what the assistant
#: picks, "anything you suggest ...", read with its reason; nor "whatever we order for lunch today").
_RULE_FOR_ANYTHING = re.compile(
    r"(?:^|[,:]\s+)(?:(?:and|but|so|also|oh|btw|fyi|thing\s+is,?)\s+)*(?P<q>everything|anything)\s+"
    r"(?P<np>(?:I|we|they)\s+(?:[\w'’-]+\s+){0,5}?)"
    r"(?P<modal>must|has\s+to|have\s+to|needs?\s+to|should|" + _GOTTA + r"|can't|cannot|can\s+not|mustn't)\s+"
    r"(?:(?:always|never|ever|only)\s+)?(?P<verb>[a-z]+)\b\s*" + _REST, _I)
#: Nothing put in the speaker's days at some time: "so nothing gets booked before 2pm", "no
#: meetings to be scheduled on Fridays", "nothing goes in the diary after 6".
_NOTHING_BOOKED = re.compile(
    r"\b(?:nothing|no\s+(?:appointments?|meetings?|calls?|bookings?|deliveries|visits?|viewings?))\s+(?:(?:gets?|can|should|must|is\s+to|are\s+to|to)\s+)?"
    r"(?:(?:be\s+)?(?:booked|scheduled|planned|arranged|put)(?:\s+in(?:to)?)?|(?:goes|go)\s+in(?:to)?)"
    r"(?:\s+(?:the|my|our)\s+(?:diary|calendar))?\s+"
    r"(?P<when>(?:before|after|until|till|on|at|during)\s+[^.!?;,]+)", _I)
#: A standing rule about one named thing: "the dog must always be on a lead", "the van should never
#: be left unlocked" (a modal with always or never: "Sam must be tired" is no rule).
_RULE_FOR_ONE = re.compile(
    r"^(?:(?:and|but|so|also|oh|btw|fyi)\s+)*(?P<np>(?:the|our|my|his|her|their|[\w'’]+['’]s)\s+(?:[\w'’-]+\s+){0,3}?)"
    r"(?P<modal>must|has\s+to|have\s+to|needs?\s+to|should|" + _GOTTA + r"|can)\s+(?P<freq>always|never)\s+(?P<verb>[a-z]+)\b\s*" + _REST, _I)
#: What a kind of thing or someone may only do ("refunds can only go back to the original card", "the
#: kids can only use the tablet at weekends", "guests may only park in bay 4"): a rule. Not of the
#: speaker or a pronoun ("it can only get better", "he can only speak French"), nor a hope.
_ONLY_RULE = re.compile(
    r"^(?:(?:and|but|so|also|oh|btw|fyi)\s+)*(?P<np>(?!(?:I|we|you|it|he|she|they|this|that|there|things|one|which|who)\b)"
    r"(?:[\w'\u2019-]+\s+){0,3}?[\w'\u2019-]+)\s+"
    r"(?P<modal>can|may|must|should|(?:is|are)\s+allowed\s+to|(?:is|are)\s+to)\s+only\s+"
    r"(?P<verb>(?!(?:get|improve|help|imagine|hope|dream|wonder|guess|laugh|assume|speculate|go\s+(?:up|down|downhill)|rise|fall|"
    r"win|lose|speak|read|understand|handle|afford|print|hear|see|remember|think|focus|be\s+(?:described|called|"
    r"seen|understood|explained|resolved|solved|answered|imagined|guessed|expected|fixed))\b)[a-z]+)\b\s*" + _REST, _I)
_PRONOUNS_ETC = frozenset("i we you u it he she they this that there confirm check".split())
_KIN_WORD = r"(?:" + "|".join(sorted(set(RELATIONS) | set(KIN_SYNONYMS), key=len, reverse=True)) + r"|nana|nan|grandad|granda)"
#: A rule said of someone in the speaker's care, or of a thing of theirs: "he's not to be left alone
#: for more than two hours", "Mum is not to drive after dark", "the twins are never to swim alone".
_NOT_TO = re.compile(
    r"(?:^|[:;,]\s*|\bthat\s+|\b(?:says?|said|told\s+(?:us|me|him|her|them))\s+(?:is\s+)?)(?P<np>he|she|they|(?:the|our|my|his|her|their)\s+(?:[\w'’-]+\s+){0,2}?[\w-]+"
    r"|(?!(?:That|This|It|There|Which|What|Who|My|Our|Your|His|Her|Their|The)\b)(?-i:[A-Z][a-z]+)|" + _KIN_WORD + r")"
    # ("Rolo, our puppy, is not to ...")
    r"(?:,\s+(?:our|my|the|his|her|their)\s+[\w-]+(?:\s+[\w-]+)?,)?"
    r"(?:(?:\s+(?:is|are)|\s*(?:'s|\u2019s|'re|\u2019re))\s+(?:not|never)\s+to"
    # ("Mum must never be left on her own overnight", "he mustn't lift anything heavy": not what
    # should not have been, "she should never have sold it")
    r"|\s+(?:must\s+(?:never|not)|mustn['\u2019]t(?:\s+ever)?|should\s+never))"
    r"\s+(?P<verb>[a-z]+)\b\s*" + _REST, _I)
#: Everyone of a kind, said bare: what "must never" is said of is an opinion, not a rule of one's care.
_EVERYONE_OF_A_KIND = frozenset("""children kids parents people men women boys girls teenagers babies adults dogs cats everyone
everybody anyone anybody nobody someone somebody""".split())
#: What "must not" guesses rather than forbids ("she must not like me", "he must not be home yet").
_GUESSED_AFTER_MUST_NOT = frozenset("be like have want care mind remember notice get understand".split())
#: Coming to know: "must never find out" keeps a secret from someone, no rule of their care.
_COMING_TO_KNOW = frozenset("know find learn hear discover realise realize see tell".split())
#: What should or must not have been ("she should never have sold it", "he must not have heard"): a
#: regret or a guess, no rule.
_WHAT_WAS = re.compile(r"have\s+(?:been\b|(?:done|gone|seen|known|heard|given|taken|eaten|written|forgotten|[a-z]+ed|"
                       + "|".join(sorted(_PAST_IRREGULAR)).replace("'", "['\u2019]") + r")"
                       # (a participle: not one before its noun, "have red wine", "have fried food")
                       r"(?=\s+(?:to|the|a|an|my|your|his|her|their|our|its|it|that|this|those|these|him|them|me|us|you|up|"
                       r"out|off|in|on|at|with|for|about|so|too|there|here|anything|everything|something)\b|\s*(?:[.,;:!?]|$)))", _I)
#: ... unless it says what something is for ("the point is not to win"), or judges ("he's not to
#: blame", "not to be missed", "not to be trusted").
_NOT_TO_AIMS = frozenset("point aim goal idea plan trick secret art knack advice purpose intention job key hope rule thing answer solution "
                         "priority focus".split())
_NOT_TO_JUDGED = re.compile(r"^(?:blame|be\s+(?:missed|sniffed|trusted|confused|mistaken|underestimated|blamed|taken\s+lightly|"
                            r"believed|outdone|messed|trifled|forgotten))\b", _I)
#: "be" in such a rule says where or in what state a thing is kept ("be on a lead", "be signed off"),
#: not what someone is like ("be right", "be the centre of attention").
_KEPT = re.compile(r"^(?:on|in|at|by|off|out|inside|outside|indoors|home|back|under|within|kept|left|[a-z]+ed)\b", _I)
#: What a thing must be that a rule asks of it: "nut free", "gluten-free", "vegetarian", "under 2kg".
_REQUIRED = re.compile(r"^(?:[\w]+[\s-]free|vegan|vegetarian|halal|kosher|under|below|less\s+than|no\s+more\s+than|at\s+least|"
                       r"approved|signed|checked|double-checked|proofread)\b", _I)
#: What a modal says of a mind or a manner, not a rule ("every parent must feel that", "any fan has to
#: admit it"; "be" is a rule only as _KEPT says).
_NO_RULE_VERBS = frozenset("""be feel think know believe guess imagine hope wish wonder say tell admit agree seem look
sound love like hate""".split())
#: What one "can never" manage ("my husband can never find his keys", "my boss can never make up his
#: mind", "the kids can never get enough of it"): a habit or a failing, no rule. (Not verbs a rule
#: keeps someone from: "the dog can never sit on the sofa", "the baby can never sleep in our bed".)
_CANNOT_MANAGE = frozenset("""find make remember decide agree stop figure resist wait hear catch win finish afford understand
manage tell choose settle focus concentrate""".split())
#: The currency signs an amount may open with.
_MONEY = r"[$€£¥₹]"
_AMOUNT = r"(?:" + _MONEY + r"?\d|(?:half|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a\s+(?:dozen|hundred|couple))\b)[^.!?;]*"
#: Where an amount said before "or less" starts ("30 cm", "three a day", "an hour").
_BOUNDED_AMOUNT_START = (r"(?:" + _MONEY + r"?\d|(?:half|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|"
                         r"a\s+(?:dozen|hundred|couple)|an?\s+(?:hour|day|week|month|litre|liter|metre|meter|mile|kilo|"
                         r"pound|glass|cup|slice|drink))\b)")
#: Where the thing a limit is set on is named: the sentence's start, after a label, or after the work
#: of the assistant's it holds for ("when you look at flights, connections have to be ..."; not "if
#: you ask me, ...").
_LIMIT_START = (r"(?:^|:\s*|^(?:(?:and|so|also|oh|ok|okay)\s+)*(?:when(?:ever)?|if|any\s*time|every\s+time)\s+(?:you|u)\s+"
                r"(?:(?:are|'re|’re)\s+)?(?:look|search|book|plan|pick|choose|suggest|recommend|find|make|schedule|draft|write|"
                r"shop|order|compare|price|arrange|organi[sz]e|put\s+together|come\s+up\s+with|sort\s+out|check)"
                r"(?:s|ing|ed)?\b[^,;:.!?]{0,60},\s*)")
#: A limit said with a modal: "the HOA fee can't be more than $300", "Luna must get no more than 5 mg a
#: day", "the trailer can't exceed 750 kg".
_LIMIT_MODAL = re.compile(
    _LIMIT_START + r"(?P<np>(?:[\w'’-]+\s+){1,5}?)(?:can't|cannot|can\s+not|mustn't|must\s+not|shouldn't|should\s+not|"
    r"may\s+not|must|should|can|may)\s+(?:(?:ever|only)\s+)?"
    r"(?P<verb>be|go|cost|run|exceed|weigh|take|last|get|have|use|hold|carry|spend|eat|drink)\s+"
    r"(?P<obj>(?:(?:no|not)\s+)?(?:more|longer|higher|over|above|beyond|past|less|under|below|fewer)(?:\s+than)?\s+"
    r"(?:about\s+)?" + _AMOUNT + r"|(?:at\s+most|at\s+least|a\s+max(?:imum)?\s+of|a\s+min(?:imum)?\s+of|up\s+to)\s+"
    + _AMOUNT + r"|(?<=exceed\s)" + _AMOUNT + r")"
    # "connections have to be at least 90 mins", "layovers need to be 2 hours minimum": a bound a thing
    # has to keep to
    r"|" + _LIMIT_START + r"(?P<np3>(?:[\w'’-]+\s+){1,5}?)(?:(?:has|have|needs?)\s+to|gotta)\s+(?:always\s+)?"
    r"(?:be|cost|weigh|last)\s+(?P<obj3>(?:(?:no|not)\s+)?(?:more|longer|higher|over|above|less|under|below|fewer|shorter)"
    r"(?:\s+than)?\s+(?:about\s+)?" + _AMOUNT + r"|(?:at\s+most|at\s+least|a\s+max(?:imum)?\s+of|a\s+min(?:imum)?\s+of|"
    r"up\s+to)\s+" + _AMOUNT + r"|(?=" + _BOUNDED_AMOUNT_START + r")[^.!?;]{1,30}?\b(?:minimum|min|max|maximum|tops|"
    r"or\s+(?:more|longer|less|fewer|under|over|above|below|shorter|lower|higher))\b[^.!?;]*)"
    # a verb of staying after "has to" / "needs to": "his screen time has to stay under two hours", "treats
    # have to stay at three a day or fewer" (not "has to stay over a month in Spain", "needs to have at
    # least two more rounds": a stay, a course of things, no limit)
    r"|" + _LIMIT_START + r"(?P<np2>(?:[\w'’-]+\s+){1,5}?)(?:has|have|needs?)\s+to\s+(?:always\s+)?(?:stay|remain)\s+"
    r"(?P<obj2>(?:under|below|less\s+than|fewer\s+than|no\s+more\s+than|at\s+most)\s+" + _AMOUNT
    + r"|(?:at\s+)?(?=" + _BOUNDED_AMOUNT_START + r")[^.!?;]{1,30}?\bor\s+(?:lower|less|under|below|fewer|shorter|lighter|"
    r"smaller)\b[^.!?;]*)", _I)
#: A bound said as a guess ("surely", "by now", "by the look of him"), not one to keep to.
_GUESSED = re.compile(r"\b(?:surely|by\s+now|by\s+the\s+looks?\s+of|I\s+(?:reckon|bet|guess|think)|probably|easily|"
                      r"must\s+be)\b", _I)
#: Words of a thing "has to be" a bound of that say it is no thing a rule is set on: a person sized up,
#: a guess ("there's", "that's"), a bound lifted ("no longer has to be", "doesn't have to be"), a
#: question asked without its mark ("does my essay need to be at least 2000 words").
_NOT_A_THING_BOUND = frozenset("""there's that's it's here's guy man woman girl boy lady bloke dude lad lass chap fella
fellow kid child baby teen teenager hire person people he she they no not longer never doesn't don't didn't isn't
does do did is are will would can could should""".split()) | RELATIONS
#: A limit set on a thing: "screen time is capped at 90 minutes", "guests are limited to two each".
_LIMITED = re.compile(
    r"^(?:(?:and|but|so|also)\s+)*(?P<np>(?:[\w'’-]+\s+){1,6}?)(?:is|are|'s|gets|get|stays?)\s+(?:strictly\s+|always\s+)?"
    r"(?:capped|limited|restricted)\s+(?:at|to)\s+(?P<obj>(?:about\s+|around\s+)?" + _MONEY + r"?(?:\d|(?:one|two|three|four|"
    r"five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|a\s+hundred|an?\s+(?:hour|day|week|"
    r"month|night|drink|glass|pint|coffee|visit|visitor|guest|session|night\s+out)|half\s+an\s+hour)\b)[^.!?;]*)", _I)
#: A limit or a deadline said with a modal of obligation or prohibition: "essays must stay under
#: 2,000 words", "I can only fly out after 6pm", "the form has to be in the post by June 3", "he
#: can't have anything with onion in it". Not an inference ("must have left it before 6"), and not
#: one occasion ("I have to leave by 5 today"), which is no standing rule.
_MONTH_WORDS = "january|february|march|april|may|june|july|august|september|october|november|december"
_DAY_WORDS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend"
#: A day of the month in words ("the ninth", "the twenty-first").
_ORDINAL_WORDS = (r"(?:(?:(?:twenty|thirty)[\s-]?)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|tenth|eleventh|"
                  r"twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)")
#: What someone may eat or have, said to hold from now on ("he can only eat the renal food from now
#: on", "she can't have any dairy at all"; not "I can only eat half of this", "can't eat another bite").
_DIET_FROM_NOW = (r"\b(?:can\s+only|can['’]?t|cannot|can\s+not|mustn['’]?t|must\s+not|(?:is|are)n['’]?t\s+allowed\s+to)\s+"
                  r"(?:eat|have|drink)\b[^.;!?]{1,60}?\b(?:from\s+now\s+on|from\s+today|any\s*more|at\s+all|ever\s+again|"
                  r"for\s+life|for\s+good|going\s+forward|nothing\s+else)\b")
_DIET_FROM_NOW_RX = re.compile(_DIET_FROM_NOW, _I)
_MODAL_LIMIT = re.compile(
    # not an inference ("must have left it", "must be tired") nor a feeling ("can't wait until June")
    r"\b(?:(?:must(?:\s+not)?|mustn['’]?t)\s+(?!have\b)(?!be\s+(?!(?:in|at|on|back|home|done|finished|submitted|paid|off|"
    r"out|kept|under|below|over|within|there|ready|left)\b"
    # ("the essay must be handed in before the 3rd of June": a deadline, not "must be tired")
    r"|(?:[a-z]+ed|sent|done|paid|made|given|taken|written|seen|kept|sold|built|set|put|brought|shown|sorted)\s+"
    r"(?:(?:in|back|off|up|over|out)\s+)?(?:before|until|till|by\s+(?:the\s+)?(?:\d|" + _MONTH_WORDS + "|" + _DAY_WORDS + r"|"
    + _ORDINAL_WORDS + r"\s+of\b)))\w)"
    r"|(?:(?:has|have)\s+(?:got\s+)?to|needs\s+to\s+be(?=\s+(?:[\w'’-]+\s+){0,4}?(?:by|before)\s)|can\s+only|can['’]?t|cannot|can\s+not|(?:is|are|am|'s|'re|'m)\s+not\s+allowed\s+to|"
    r"may\s+not|(?:is|are|am)\s+only\s+allowed\s+to)\s+"
    r"(?!believe|wait|imagine|remember|stand|stop|help|tell|say|decide|get\s+over|bear|afford\s+to\s+miss))"
    r"(?:[\w'’-]+\s+){0,6}?"
    r"(?:(?:under|over|below|above|beyond|within|max(?:imum)?)\s+(?:about\s+|around\s+)?" + _MONEY + r"?\d"
    r"|(?:more|less|fewer|longer|later|earlier|smaller|bigger|larger|higher|lower|shorter|heavier|lighter|"
    r"older|younger|faster|slower|further|farther|louder|hotter|colder|stronger)\s+than\s+"
    r"|at\s+(?:most|least|the\s+latest)\b|up\s+to\s+" + _MONEY + r"?\d"
    r"|(?:by|before|after|until|till|past)\s+(?:the\s+)?(?:\d|noon|midnight|(?:" + _MONTH_WORDS + "|" + _DAY_WORDS + r")\b"
    r"|" + _ORDINAL_WORDS + r"\s+of\s+(?:" + _MONTH_WORDS + r")\b)"
    # ("has to be finished before the MOT on the ninth of May", "by the meeting on Friday"; not a
    # call on someone, "drop by my sister's place on Saturday")
    r"|(?:(?<!drop\s)(?<!swing\s)(?<!pop\s)(?<!stop\s)(?<!call\s)(?<!pass\s)(?<!come\s)(?<!go\s)(?<!get\s)"
    r"by\s+(?:the|my|our|his|her|their)|before(?:\s+(?:the|my|our|his|her|their))?)\s+(?:[\w'’-]+\s+){0,2}?(?:on|in)\s+(?:the\s+)?"
    r"(?:\d|(?:" + _MONTH_WORDS + "|" + _DAY_WORDS + r")\b|" + _ORDINAL_WORDS + r"\s+of\s+(?:" + _MONTH_WORDS + r")\b)"
    r"|any(?:thing|\s+[\w'’-]+)\s+(?:with|containing|that\s+has)\b)"
    # what a thing may be at most ("the route can have at most one change", "the flight can be no more
    # than six hours"): not what someone can do ("I can lift at most 50 kg", "I can run more than 10k")
    r"|(?<!\bI\s)(?<!\bwe\s)(?<!\bhe\s)(?<!\bshe\s)(?<!\bthey\s)(?<!\byou\s)"
    r"\bcan\s+(?:be|have|last|take|involve|include|cost|use|contain|get)\s+(?:[\w'’-]+\s+){0,2}?"
    r"(?:at\s+most|no\s+more\s+than|no\s+longer\s+than)\s+(?:(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten)\b|\d)"
    r"|" + _DIET_FROM_NOW, _I)
#: How often at most, said first: "max three gym sessions a week", "no more than one glass of wine
#: a night", "max 2 drinks on a school night", "at most 4 hours of screen time per day".
_HOW_OFTEN_AT_MOST = (
    r"^(?:(?-i:[A-Z])[\w'’-]*:\s+)?(?:(?:so|and|ok|okay|right|also|oh|plus|now)\W+)*(?:max(?:imum)?|at\s+most|no\s+more\s+than|"
    r"not\s+more\s+than|up\s+to)\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|\d+(?:[.,]\d+)?)\s+"
    r"(?:[\w'’-]+\s+){0,4}?(?:(?:a|an|per|each|every)\s+(?:day|night|evening|morning|week|weekday|weekend|fortnight|month|year|"
    r"session|meal|sitting)|on\s+(?:a\s+)?(?:school|work|week)\s*nights?|on\s+(?:week|school)\s*days?)\b"
    # (a rule ends there or goes on to whom or why; not "... a day land in my inbox")
    r"(?=\s*(?:$|[,.;:!?()\u2013\u2014-])|\s+(?:for|max|tops|only|please|pls|and|or|including|incl|except|unless|otherwise|"
    r"though|because|cos|as|so|is|that['’]?s|from|until|till|during|on|at|in|each|apiece|plus|mate|tho|then|now|"
    r"going\s+forward|from\s+now)\b)")
_HOW_OFTEN_RX = re.compile(_HOW_OFTEN_AT_MOST, _I)
#: A limit named with its amount: "a strict fluid limit of one litre a day", "capped at 25 km a week",
#: "a budget cap of $18,000", "limited to two coffees", "tops out at cone 6".
_NAMED_LIMIT = re.compile(
    r"\b(?:(?:limit|cap|maximum|max|minimum|allowance|ceiling|curfew|cutoff|cut-off|"
    r"hard\s+(?:stop|end|finish|line|deadline))"
    # ("my hard cap for the sofa is £900", "the ceiling on rent is 1,400", "the max I'll spend on
    # coffee is €15")
    r"(?:\s+(?:I|we|(?-i:[A-Z])[\w'’-]*)\s*(?:['’]ll|will|can|would|['’]d|am\s+willing\s+to|['’]m\s+willing\s+to|is\s+willing\s+to)"
    r"\s+(?:spend|pay|go\s+to|borrow|bid|offer))?"
    r"(?:\s+(?:for|on)\s+(?:(?:the|a|my|our|any)\s+)?(?:[\w'’-]+\s+){0,2}?[\w'’-]+)?"
    r"\s+(?:of|at|is|by)\s+|(?:capped|limited|restricted)\s+(?:at|to)\s+)"
    r"(?:about\s+|around\s+|roughly\s+|just\s+)?(?:" + _MONEY + r"?\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|"
    r"twenty|thirty|fifty|a\s+hundred|half)\b)"
    # what a thing can do at most: "my kiln tops out at cone 6", "the van maxes out at 70 mph"
    # (of a thing of the speaker's: "the hike tops out at 3000 metres" describes, it limits nothing)
    r"|\b(?:my|our|(?-i:[A-Z])[\w-]*['’]s)\s+(?:[\w'’-]+\s+){0,3}?(?:tops|maxes|max)\s+out\s+(?:at|around)\s+(?:about\s+|around\s+)?"
    r"(?:[A-Za-z]+\s+)?" + _MONEY + r"?\d|" + _HOW_OFTEN_AT_MOST, _I)
#: A limit set by refusing to go past it ("we're not paying more than 400 euros", "I won't spend
#: over 300 on the suit", "never borrowing above 5k") or by capping ("I'm capping takeaways at 60
#: pounds"): a rule for the period it names, however the sentence is dated.
#: An amount as a limit gives it: a number, or a small one in words.
_SMALL_AMOUNT = (_MONEY + r"?(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty|"
                 r"a\s+hundred|half)\b)")
#: An amount then called the limit ("the budget is R9000 and that's the ceiling", "1200 a month,
#: that's my max"), or no more than it allowed ("I can't go one cent over it", "not a penny more").
_VALUE_CALLED_A_LIMIT = re.compile(
    r"(?<!was\s)(?<!were\s)(?<![$€£R\d.,])(?:" + _MONEY + r"|\bR)?\d[\d,.]*\s*(?:k|m|pounds|euros|dollars|rand|quid|bucks|grand)?\b[^.!?]{0,40}?"
    r"(?:,|\band\b|\s[-\u2013\u2014])\s*"
    r"(?:that['’]s|that\s+is|which\s+is|it['’]s|this\s+is)\s+(?:the|my|our|an?|the\s+absolute|a\s+hard|the\s+hard)?\s*"
    r"(?:absolute\s+|hard\s+|upper\s+)?(?:limit|ceiling|max|maximum|cap|top\s+end|most\s+(?:I|we)\s+(?:can|will))\b"
    # (the record's text may have dropped the article: "not cent more")
    r"|\b(?:can['’]?t|cannot|won['’]?t|will\s+not|not)\s+(?:go|spend|pay|be)\s+(?:(?:a|one|any|even\s+a|a\s+single)\s+)?"
    r"(?:cent|penny|pound|dollar|euro|rand|quid|buck|minute|second)\s+(?:over|more|above|past)"
    r"|\bnot\s+(?:(?:a|one)\s+)?(?:cent|penny|pound|dollar|euro|rand|quid|yen|rupee|minute)\s+(?:more|over|above)\b(?!\s+than)", _I)
_REFUSED_LIMIT = re.compile(
    # ("not prepared to pay more than $190", "I'm not willing to spend over £500")
    r"\b(?:(?:(?:not|never|won['’]?t|will\s+not|(?:do|does)n['’]?t)(?:(?<!\bwas\snot)(?<!\bwere\snot)\s+(?:prepared|willing|happy|going|about)\s+to)?|"
    r"unwilling\s+to|refuse[sd]?\s+to)\s+(?:be\s+)?(?:pay|spend|go|exceed|borrow|bid|offer|lend|give|"
    r"put|drive|run|work|eat|drink|buy|charge)(?:s|ing|ding|ning|ting)?(?:\s+in)?\s+(?:[\w'’-]+\s+){0,2}?(?:more\s+than|over|above|beyond|past)\s+(?:about\s+|around\s+)?"
    + _MONEY + r"?(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty|sixty|seventy|"
    r"eighty|ninety|a\s+hundred|a\s+thousand|half)\b)"
    r"|\b(?:capping|limiting|restricting)\s+(?:[\w'’-]+\s+){0,4}?(?:at|to)\s+(?:about\s+|around\s+)?" + _MONEY + r"?\d"
    # "he's never left alone more than 4 hours", "guests are never seated later than 9": a rule kept
    # always, not what someone has never done ("I've never run more than 10k")
    r"|(?<!have\s)(?<!['’]ve\s)(?<!has\s)(?<!had\s)\bnever\s+(?:be\s+)?(?:[\w'’-]+\s+){1,3}?"
    r"(?:more|longer|later|further|farther|over)\s+than\s+(?:about\s+|around\s+)?" + _SMALL_AMOUNT +
    # "no rides longer than 25 km", "no more than two coffees"
    r"|\bno\s+(?:[\w'’-]+\s+){0,3}?(?:more|longer|bigger|larger|heavier|later|higher|further|farther|over)\s+than\s+"
    r"(?:about\s+|around\s+)?" + _SMALL_AMOUNT +
    # "only covers participants aged 18 or over", "tickets must go to people 21 or older"
    r"|\b(?:only|must|has\s+to|have\s+to|needs?\s+to)\b[^.!?]{0,60}?\b\d+\s*(?:[a-z]+\s+)?or\s+"
    r"(?:over|above|older|more|under|below|younger|less|fewer)\b)", _I)
#: A limit that was ("the tickets were capped at 200 last year"): an event, no standing rule.
_A_PAST_LIMIT = re.compile(r"\b(?:was|were|had\s+been)\s+(?:\w+\s+)?(?:capped|limited|restricted)\b|"
                           r"\b(?:last\s+(?:year|month|week|time|season)|ago|yesterday|used\s+to)\b", _I)
#: One occasion, not a standing rule.
_THIS_ONCE = re.compile(r"\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|time))\b", _I)
#: A statement labelled as a rule: "Dr. Hale's rule: ...", "my one rule: ...", "house policy - ...",
#: "Rule on my jobs, whoever's up there: ...", "Hard limit on my side: ...", "Non-negotiable - ...".
_LABELLED_RULE = re.compile(r"^(?:[^:]{1,40}:\s+)?(?:[\w'’.-]+\s+){0,3}?(?:(?:rule|rules|policy|(?:hard|strict|absolute)\s+limit|"
                            r"red\s+lines?|non-?negotiables?|deal-?breakers?)(?:,?\s+[\w'’-]+){0,6}?"
                            # "the one thing that can't move: ...", "one thing I won't budge on - ..."
                            r"|(?:one|only)\s+thing\s+(?:that\s+|which\s+)?(?:(?:I|we|(?-i:[A-Z])[\w'’-]*)\s+)?"
                            r"(?:can['’]?t|cannot|won['’]?t|will\s+not|do\s+not|don['’]?t|doesn['’]?t|never|refuse\s+to)\s+"
                            r"(?:move|change|budge|bend|compromise|negotiate|shift|give)(?:\s+(?:on|about))?"
                            # ("boundary wall fell down:", "requirements gathering was awful -": no label)
                            r"|(?:(?:hard\s+)?requirements?|boundary|boundaries)(?:\s+(?:for\s+[\w'’-]+|on\s+[\w'’-]+\s+side))?)"
                            r"\s*(?::|\s[-–—])\s*\S"
                            # said without a mark, as dictated: "rule for the kids calendar nothing after 7 pm",
                            # "new rule no screens after 8"
                            # (not one told of: "the rule no tipping surprised me", "my rule no alcohol fell apart")
                            r"|^(?:(?:ok|okay|so|right|and|also)\s+)?(?:(?:new|house|family|my|our|one)\s+)?rules?"
                            r"(?:\s+(?:for|in|at|on)(?:\s+(?!(?:no|nothing|zero)\b)[\w'’-]+){1,4}?)?"
                            r"\s+(?:no|nothing|zero)\s+(?!(?:one|idea|clue|doubt|problem|matter|wonder|way|longer|more|sense|use)\b)"
                            r"(?![^.!?]*\b(?:[a-z]{3,}ed|was|were|fell|went|got|had|did|broke|came|made|took|kept)\b)[^\W\d]",
                            _I)

#: A rule reported from what sets it: "club rules say barbless hooks only", "the lease says no
#: subletting", "the rules at our allotment are no bonfires after 6pm", "league regulations require
#: a mouthguard" (not "the rules say nothing about it", "the rules are no help").
_REPORTED_RULE = re.compile(
    r"\b(?:rules?|policy|policies|lease|tenancy\s+agreement|contract|by-?laws?|regulations?|guidelines|"
    r"code\s+of\s+conduct|handbook|constitution)(?:\s+(?!(?:say|says|state|states|is|are)\b)[\w'’-]+){0,4}?"
    r"(?:(?P<says>\s+(?:say|says|state|states)(?:\s+that)?|\s*:)|\s+(?:is|are))\s+"
    r"(?:no\s+(?!(?:help|use|good|joke|fun|different|better|worse|longer|more|match|problem|issue|mention|word|secret|"
    r"big|trouble|surprise|fans?|exception|laughing|picnic|walk|small|easy|simple|strangers?|bother|concern)\b)\w"
    r"|(?:(?!(?:the|my|our|your|his|her|their|its|a|an)\s)[\w'’-]+\s+){1,4}only\b|(?(says)only\s+(?!that\b)\w|(?!))"
    # "the lease says dogs must be on a lead", "site rules say hard hats have to be worn"
    r"|(?(says)(?:[\w'’-]+\s+){1,4}?(?:must|mustn['’]?t|have\s+to|has\s+to|needs?\s+to|can['’]?t|cannot|may\s+not|"
    r"are\s+to|is\s+to|should\s+(?:always|never))\s+\w|(?!)))"
    r"|\b(?:rules?|policy|regulations?|lease|contract|by-?laws?)\s+(?:require|requires|forbid|forbids|ban|bans|"
    r"prohibit|prohibits)\s+\w", _I)


#: What may not be done or had, or only what may, said of everyone: "no dogs are allowed", "no petrol
#: engines may be used", "only oxalic acid treatments are permitted", "smoking is not allowed".
_PROHIBITION = re.compile(
    r"(?:^|[:;,]\s*)(?:no|only)\s+(?:[\w'’-]+\s+){0,4}?(?:is|are)\s+(?:ever\s+)?(?:allowed|permitted)\b|"
    r"\b(?:is|are)\s+(?:not|never)\s+(?:allowed|permitted)\b|"
    r"(?:^|[:;,]\s*)(?:no|nobody|no\s+one)\s+(?:[\w'’-]+\s+){0,4}?(?:may|can|shall)\s+(?:ever\s+)?"
    r"(?:be\s+(?:used|brought|taken|kept|served|sold|left|parked|added|given|allowed|stored|admitted)|enter|use|bring|"
    r"smoke|park|drink|eat|leave|attend|join|drive|stay|take|play|swim|camp|fish|sell|serve|have|keep)\b", _I)


def rule_for_everyone(text: str) -> bool:
    """Whether a statement states a rule of everyone's, not the speaker's ("everyone has to be 16 or
    older", "no dogs are allowed"): theirs to keep, though it says nothing of them."""
    return (_EVERYONE_MUST.search(text) is not None or _PROHIBITION.search(text) is not None) and states_a_rule(text)


def rule_for_all(text: str) -> bool:
    """Whether a statement gives a rule of a place or a body in its form, reported ("the lease says
    no subletting") or said of everyone ("no dogs are allowed"): worth keeping in few words. (A
    modal limit may be a guess: "he can't be more than 30".)"""
    return (_REPORTED_RULE.search(text) is not None or _PROHIBITION.search(text) is not None) and states_a_rule(text)


def called_a_limit(text: str) -> bool:
    """Whether a statement calls an amount its limit ("... is 90 minutes a day - that's the cap")."""
    return _VALUE_CALLED_A_LIMIT.search(text) is not None


#: A label said after an aside: "The big one, and this is non-negotiable: ...", "Last thing about
#: the paperwork, and it's a red line for me: ...". Not someone else's told as news ("My sister is
#: leaving her job, and it's a red line for her: ...").
_LABEL_AFTER_ASIDE = re.compile(
    r"^(?:[^:]{1,40}:\s+)?(?:(?!(?:is|are|was|were|has|have|had)\b)[\w'’.-]+\s+){0,5}?[\w'’.-]+,\s+and\s+"
    r"(?:this|that|it)(?:\s+one)?(?:\s+is|['’]s)\s+(?:absolutely\s+|totally\s+|completely\s+)?(?:a\s+)?"
    r"(?:rule|policy|(?:hard|strict|absolute)\s+limit|red\s+line|non-?negotiable|deal-?breaker)"
    r"(?:,?\s+(?!(?:her|him|them|his|their)\b)[\w'’-]+){0,6}?\s*(?::|\s[-–—])\s*\S", _I)


def _after_label(text: str) -> str:
    """What a rule put under a label says ("House rule: no shoes inside" -> "no shoes inside"): what
    it is about, which the label is not (two house rules are two rules)."""
    m = _LABELLED_RULE.match(text) or _LABEL_AFTER_ASIDE.match(text)
    return text[m.end() - 1:] if m is not None else text


def labelled_rule(text: str) -> bool:
    """Whether a statement is put under a label that says it is a rule or a limit (_LABELLED_RULE,
    _LABEL_AFTER_ASIDE)."""
    return _LABELLED_RULE.match(text) is not None or _LABEL_AFTER_ASIDE.match(text) is not None


#: A rule someone gave, said after the telling: "my GP told me this morning: no alcohol with these
#: antibiotics", "the consultant was really firm about it - no ibuprofen, ever". (When it was told
#: says nothing of how long it holds.)
_RULE_GIVEN = re.compile(
    # told, then a colon ("my GP told me this morning: no alcohol"; not "said he'd pay me back -
    # never did"), or firm, then a colon or a dash
    r"\b(?:(?:told|said|advised|warned|ordered|insisted)\b[^:.!?\u2013\u2014]{0,50}?:"
    r"|(?:was|were|is|are|been)\s+(?:really\s+|very\s+|super\s+|quite\s+|pretty\s+)?(?:firm|strict|clear|adamant|explicit|"
    r"emphatic)(?:\s+(?:about|on)\s+(?:it|this|that))?\b[^:.!?\u2013\u2014]{0,50}?(?::|\s[-\u2013\u2014]))\s*"
    r"(?:no(?!\s+(?:idea|clue|problem|worries|way|one\s+knows)\b)|never|only|don['’]t|do\s+not|avoid|must|mustn['’]t|always|"
    r"absolutely\s+no)\b", _I)


def rule_given(text: str) -> bool:
    """Whether a statement gives a rule someone set, after the telling (_RULE_GIVEN), not of one
    occasion."""
    given = _RULE_GIVEN.search(text)
    return given is not None and _THIS_ONCE.search(text, given.end()) is None


#: A word of a noun phrase: no verb of being, no pronoun ("my son is under 12" tells an age).
_NO_VERB_WORD = (r"(?!(?:is|are|was|were|am|be|been|being|i|he|she|we|they|it|you|got|get|gets|came|come|went|go|goes|"
                 r"can|could|will|would|should|must|may|might|do|does|did|has|have|had)\b)")
#: A limit told as a thing and its bound, with no verb: "heart rate at most 150 for the next 6
#: months", "screen time under 2 hours on weekdays", "budget max 400". The bound ends the clause
#: or is followed by a period, a place or a rate ("kids under 12 go free" goes on with a verb).
_BOUND_OF_A_THING = re.compile(
    r"^(?:[^:]{1,40}:\s+)?(?:(?:my|our|the|his|her|their)\s+)?(?:" + _NO_VERB_WORD + r"[a-z][\w'’-]*\s+){0,2}?"
    + _NO_VERB_WORD + r"[a-z][\w'’-]*\s+"
    r"(?:at\s+most|max(?:imum)?|no\s+more\s+than|not\s+more\s+than|not\s+over|under|below|capped\s+at)\s+"
    r"[$£€]?\d[\d,.]*\s*(?:[a-z%]+\b)?(?:\s+(?:a|an|per|each)\s+[a-z]+)?"
    r"(?=\s*(?:$|[,.;:!?()\u2013\u2014-])|\s+(?:for|from|on|until|till|by|before|during|each|every|at\s+all|please|pls|going|now)\b)", _I)


def _bound_of_a_thing(text: str) -> bool:
    """A thing and its bound, standing (`_BOUND_OF_A_THING`; not of the past, not for one occasion)."""
    return (_BOUND_OF_A_THING.match(text) is not None and _A_PAST_LIMIT.search(text) is None
            and _THIS_ONCE.search(text) is None)


def rule_said_without_i(text: str) -> bool:
    """A rule in a form that needs no "I" to be the speaker's to keep: what someone in their care may
    eat or have from now on, or a thing and its bound ("heart rate at most 150 for now")."""
    return _DIET_FROM_NOW_RX.search(text) is not None or _bound_of_a_thing(text)


def states_a_rule(text: str) -> bool:
    """Whether a statement states a standing limit, deadline or rule in its form (see _MODAL_LIMIT,
    _LABELLED_RULE, _RULE_GIVEN), whatever else it says: a constraint, however the classifier reads it."""
    if labelled_rule(text):
        return True
    if _bound_of_a_thing(text):
        return True
    if rule_given(text):
        return True
    named = ((_NAMED_LIMIT.search(text) is not None or _REFUSED_LIMIT.search(text) is not None
              or called_a_limit(text))
             and _A_PAST_LIMIT.search(text) is None)
    return ((_MODAL_LIMIT.search(text) is not None or named or _PROHIBITION.search(text) is not None
             or _REPORTED_RULE.search(text) is not None)
            and _THIS_ONCE.search(text) is None)


_STANDING = re.compile(
    r"\b(?:always|never|every|each|whenever|all\s+the\s+time|at\s+all\s+times|daily|weekly|avoid|stay\s+away\s+"
    r"from|limit|stick\s+to|anything|any\s+\w+|no\s+more\s+than|at\s+least|at\s+most)\b", _I)
_STATIVE = frozenset("""be feel think know forget remember give stop lose doubt hesitate worry let underestimate miss look
believe hope wish love like want see try get find say tell mean seem thought felt knew wanted loved liked have had
wondered guess imagine admit agree appreciate thank go make come""".split())

# decisions
_DECIDED = re.compile(
    _SUBJ + r"(?:'ve|\s+have|'d|\s+had)?(?:\s+(?:finally|just|already|now|officially|eventually|also|"
    r"kind\s+of|sort\s+of|pretty\s+much))*\s+(?P<verb>decided|chose|chosen|picked|settled|opted|committed|"
    r"made\s+(?:the|a|my|our)\s+decision)\s+(?:on\s+|to\s+|for\s+|that\s+|upon\s+)?" + _REST, _I)
_GOING_WITH = re.compile(
    r"(?:" + _BE + r"(?:\s+(?:definitely|probably|just|gonna|going\s+to))*\s+going\s+with\s+"
    r"|\b(?:I|we)(?:'ll|\s+will|\s+shall|'re\s+gonna|\s+are\s+gonna|'m\s+gonna)(?:\s+(?:definitely|probably|just))*\s+"
    r"(?:go\s+with|use|stick\s+with|pick|choose|take|adopt|switch\s+to)\s+"
    r"|\blet's(?:\s+just)?\s+(?:go\s+with|use|stick\s+with|pick|choose|do|adopt|switch\s+to)\s+)" + _REST, _I)
_COMMIT = re.compile(
    r"\b(?P<subj>I|we)(?P<aux>'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|'re\s+going\s+to|\s+are\s+going\s+to|"
    r"'m\s+gonna|\s+am\s+gonna|'re\s+gonna|\s+are\s+gonna|\s+plan\s+to|'m\s+planning\s+to|\s+am\s+planning\s+to|"
    r"'re\s+planning\s+to|'m\s+planning\s+on|\s+am\s+planning\s+on|\s+intend\s+to|'m\s+about\s+to|"
    r"\s+promise\s+to)"
    r"(?:\s+(?:definitely|totally|also|probably|just|finally|really|actually|soon|hopefully|eventually|"
    r"officially|try\s+to|be\s+able\s+to))*\s+(?P<verb>[a-z]+)\b\s*" + _REST, _I)
_PROGRESSIVE_PLAN = re.compile(
    _BE + r"(?:\s+(?:finally|also|really|actually|officially))*\s+(?P<verb>[a-z]+ing)\b\s*" + _REST, _I)
_SUBJECTLESS_PLAN = re.compile(
    r"^(?P<aux>gonna|planning\s+to|planning\s+on|about\s+to)\s+(?P<verb>[a-z]+)\b\s*" + _REST, _I)
_CHATTY_VERB = frozenset("""let keep stay talk see catch be have tell send think look get try do check chat say ask text
call hear know stop give meet show share update remember bring miss send wait hang reach love like never not always
forget cherish treasure""".split())
_DETERMINER = frozenset("""a an the my your his her their our its this that these those some any to in at on for
with from be there here it you me him them us""".split())

# preferences
_PREF_VERB = re.compile(
    _SUBJ + r"(?P<adv>" + _ADV + r"|(?:\s+(?:might|may|probably|also|really))*)\s+"
    r"(?P<neg>(?:don't|do\s+not|dont|never|no\s+longer|didn't\s+use\s+to)\s+(?:(?:really|particularly|"
    r"even|much|ever)\s+)*)?(?P<verb>like|love|enjoy|prefer|adore|dislike|hate|detest|loathe|despise|"
    r"dig|fancy|admire|cherish|treasure)\s+" + _REST, _I)
_PREF_BE = re.compile(
    _BE + r"(?P<adv>" + _ADV + r")\s+(?P<neg>not\s+(?:really\s+)?|no\s+longer\s+)?(?:(?:a|such\s+a)\s+)?"
    r"(?:(?:big|huge|massive|great|total|real|die-hard|diehard|longtime|long-time|true)\s+)*"
    r"(?P<verb>fan\s+of|into|keen\s+on|passionate\s+about|obsessed\s+with|crazy\s+about|fond\s+of|"
    r"a\s+fan\s+of|nuts\s+about|mad\s+about|a\s+sucker\s+for|partial\s+to|in\s+love\s+with|"
    r"drawn\s+to|not\s+a\s+fan\s+of)\s+" + _REST, _I)
#: A liking said of the thing ("mushrooms are not my thing", "opera is not my cup of tea", "camping
#: has never been our scene"), or of the speaker as no one for it ("I've never been one for cruises",
#: "I'm not big on sweet breakfasts").
_PREF_MY_THING = re.compile(
    r"^(?:(?:honestly|tbh|to\s+be\s+honest|so|and|but|well|oh|also),?\s+)*(?P<obj>[^,;.!?]{2,60}?)\s+"
    r"(?P<be>is|are|'s|'re|isn't|aren't|is\s+not|are\s+not|(?:has|have)\s+(?:never|always)\s+been|(?:has|have)n't\s+ever\s+been)"
    r"\s+(?:(?:really|totally|just|so|definitely|absolutely|never|ever|quite|exactly|at\s+all|(?P<neg>not))\s+)*"
    r"(?:my|our)\s+(?:kind\s+of\s+)?(?:thing|cup\s+of\s+tea|scene|jam|bag|vibe)\b", _I)
_PREF_NOT_ONE_FOR = re.compile(
    r"\b(?:(?:I|we)(?:['’]ve|\s+have)?\s+never\s+been|(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+not)\s+(?:really\s+|much\s+|that\s+)?"
    r"(?:one|big|huge|great)\s+(?:for|on)\s+" + _REST, _I)
_PREF_STAND = re.compile(_SUBJ + r"(?:\s+(?:really|just|absolutely|honestly))*\s+(?P<verb>can't\s+stand|cannot\s+stand|"
                         r"can't\s+bear|cannot\s+bear|can't\s+stand\s+the\s+taste\s+of)\s+" + _REST, _I)
#: What suits the speaker best ("evenings suit me best", "mornings work best for me", "email is
#: better for us"): a liking, of what is named before it.
_PREF_SUITS = re.compile(
    r"(?:^|[,:;\u2013\u2014]\s*)(?:(?:so|and|but|btw|also|honestly)\s+)?(?P<obj>(?!(?:it|that|this|which|what|whatever|whichever|nothing|anything|something|everything)\b)"
    r"(?:[\w'\u2019-]+\s+){0,3}?[\w'\u2019-]+)\s+"
    r"(?:suits?\s+(?:me|us)\s+(?:best|better|much\s+better)|(?:works?|is|are)\s+(?:best|better|much\s+better)\s+for\s+(?:me|us))\b", _I)
_PREF_RATHER = re.compile(r"\b(?P<subj>I|we)(?:'d|\s+would)\s+(?:much\s+)?rather\s+" + _REST, _I)
_PREF_FAV = re.compile(
    r"\b(?P<poss>my|our)\s+(?:all[- ]time\s+|absolute\s+|current\s+|personal\s+|new\s+)?(?:favou?rite|fave|fav)\s+"
    r"(?P<cat>[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(?:is|are|has\s+(?:got\s+)?to\s+be|would\s+(?:have\s+to\s+)?be|"
    r"right\s+now\s+is|at\s+the\s+moment\s+is)\s+" + _REST, _I)
_PREF_FAV2 = re.compile(
    r"^(?P<obj>[^,;.!?]{2,60}?)\s+(?:is|are|'s|has\s+always\s+been|has\s+become)\s+(?:definitely\s+|probably\s+|"
    r"still\s+|totally\s+)?(?:my|our)\s+(?:all[- ]time\s+|absolute\s+|new\s+)?(?:favou?rite|fave)"
    r"(?:\s+(?P<cat>[\w'-]+(?:\s+[\w'-]+)?))?", _I)

# facts
_NAME = re.compile(
    r"\bmy\s+name\s+is\s+(?P<obj>[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,3})|\b(?:I'm|I\s+am)\s+called\s+"
    r"(?P<obj2>[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,2})|^(?:please\s+)?call\s+me\s+(?P<obj3>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]+)?)",
    _I)
#: Who fills one of the speaker's roles: "Greta is my therapist", "our kennel manager is Priya now",
#: "we've got a new GP, Dr Lindqvist". A role one person holds is a slot, so a new name supersedes the
#: old one; a role many hold (a sister, a friend) is a fact without one.
_PERSON = r"(?-i:(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)"
_NAMED_PERSON = (r"(?:(?-i:(?:Dr|Mr|Mrs|Ms|Mx|Prof|Professor|Coach)\.?\s+[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)"
                 r"|" + FULL_NAME + r")")
_NOT_ROLE_WORD = (r"(?!(?:now|again|too|also|still|these|this|next|last|yesterday|today|recently|lately|is|was|from|at|"
                  r"in|on|of|with|for|to|since|over|after|before|during|until|by|as|and|but|so|because|when)\b)")
_ROLE_WORDS = r"(?:" + _NOT_ROLE_WORD + r"[a-z][\w'’-]*\s+){0,2}" + _NOT_ROLE_WORD + r"[a-z][\w'’-]*"
_WHEN_TAIL = (r"(?:\s+(?:from|at|in|on|of|with|since)\s+[^,.!?]*)?"  # "my friend from the allotment"
              r"(?:\s+(?:now|these\s+days|again|too|also|as\s+well|(?:this|next)\s+(?:season|year|term|semester)))*"
              r"(?:\s*,\s*[^.!?]*)?[\s.!]*$")  # "..., she moved in next door": said after it
_ROLE_FILLED = re.compile(
    r"^(?P<name>" + _PERSON + r")\s+(?:is|'s|’s)\s+(?:now\s+|still\s+)?(?:my|our)\s+(?P<role>" + _ROLE_WORDS + r")" + _WHEN_TAIL
    # (after a clause that says why: "I switched practices, my dentist is Dr Mensah now")
    + r"|^(?:(?!(?:if|unless|when|whether|once)\b)[^,;]{3,60}[,;]\s+(?:and\s+|so\s+)?)?"
    # ("the kids' piano teacher is Mrs Lowe": of someone named by a possessive)
    r"(?:my|our|the(?=\s+[a-z][\w-]*(?:['’]s|s['’])\s))\s+(?P<role2>" + _ROLE_WORDS + r")\s+(?:is|'s|’s)\s+"
    r"(?:now\s+|still\s+)?(?P<name2>" + _PERSON + r")" + _WHEN_TAIL
    # "my new manager, Sofia, wants ...": the name beside the role
    + r"|^(?:my|our)\s+(?P<role4>" + _ROLE_WORDS + r")\s*,\s*(?P<name4>" + _PERSON + r")\s*,"
    + r"|^(?:we|I)(?:'ve|\s+have)?\s+got\s+(?:a|an)\s+new\s+(?P<role3>" + _ROLE_WORDS + r")\s*,?\s+(?:called\s+|named\s+)?"
    r"(?P<name3>" + _PERSON + r")[\s.!]*$", _I)
#: A new holder of a role of the speaker's named beside it, anywhere in a sentence ("it has to be
#: signed off by my new manager, Fiona Okafor, before ...", "the new physio is Mark Ellery and he's
#: ...", "finally registered with a new GP, Dr Whitfield at ..."): the role has a new name. "The new
#: <role>" says no one's: it is of whomever the memory holds that role for (`owner` "unsaid"). A
#: role taken on by someone else ("my sister switched to a new dentist") is theirs, so a verb of
#: taking one on counts where the speaker, or no one, is its subject.
_TAKES_ON = (r"(?:(?:^|(?<=[,;:.!?])\s*|\b(?:we|I)(?:'ve|\s+have)?\s+|\bso\s+)(?:(?:just|finally|now|recently|also)\s+)?"
             r"(?:got|found|registered\s+with|signed\s+up\s+with|switched\s+to|changed\s+to|moved\s+to|gone\s+to|"
             r"went\s+to)\s+(?:ourselves\s+|myself\s+)?(?:a|an))")
#: A role of the speaker's filled, said by what the person does for them ("Dr. Imai is supervising me
#: from now on", "Raj is mentoring me now"): only for the speaker, said alone or with when (not
#: "teaching me to drive", "tutoring me in calculus", "coaching my son").
#: (A person: a title and a name, or a first and a last name: "Peloton", "Duolingo", "Mum", "Life"
#: coach, teach and manage as well.)
_ROLE_BY_DOING = re.compile(
    r"^(?P<name3>" + _NAMED_PERSON + r")\s+(?:is|'s|’s|will\s+be|has\s+been|has\s+started|started)\s+(?:now\s+|also\s+)?"
    r"(?P<doing>" + ROLE_DOING + r")\s+(?:me|us)(?=" + ROLE_TAIL + r")", _I)
_NEW_ROLE_NAMED = re.compile(
    r"(?:(?:\b(?P<own>my|our)|\b(?P<unsaid>the)|" + _TAKES_ON + r")\s+"
    # ("new GP's Dr Bevan", chat's "my" left out: a clause that opens with it)
    r"|(?:^|(?<=[,;]\s)|(?<=\s[-–—]\s))(?:(?:so|and|oh|also|btw)\s+)?|\b(?:so|and)\s+)new\s+(?P<role>" + _ROLE_WORDS + r")"
    r"(?:\s+(?:last|this)\s+(?:week|month|year)|\s+(?:yesterday|today|recently))?(?:\s*\([^()]*\))?"
    r"(?:\s*(?:,|:|\s[-–—])\s*(?:called\s+|named\s+)?|(?:\s+is|\s*['’]s)\s+(?:now\s+)?|\s+(?:called|named)\s+)"
    r"(?P<name>" + _PERSON + r")(?=\s*(?:[,;.!?]|\s[-–—]|$)|\s+(?:at|from|of|in|on|who|and|but)\b)", _I)
#: A clause about someone of the speaker's before a new holder said without "my" ("my sister moved
#: to York, new gp is ..."): the holder is theirs.
_OF_SOMEONE_ELSE = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:" + RELATIONS_ALTERNATION + r")\b", _I)
#: A role of the speaker's filled by a name typed in lower case, as chat types it ("my manager is tom
#: now", "priya is my line manager", "new landlord is a guy called femi"): read only where a name is
#: all the slot can hold, and only a word that names no one (`_NOT_A_NAME`) is refused.
_LOWER_WORD = r"(?-i:[a-z][a-z-]{1,20})"
_LOWER_ROLE_FILLED = re.compile(
    r"^(?:[^:]{1,40}:\s+)?(?:(?!(?:if|unless|when|whether|once)\b)[^,;:]{3,60}[,;]\s+(?:and\s+|so\s+)?)?"
    r"(?:(?:(?P<own>my|our)\s+|(?=new\s))(?P<role>" + _ROLE_WORDS + r")(?:\s+is|\s*['’]s)\s+(?:now\s+|still\s+)?"
    r"(?:(?:a|an|this|some)\s+(?:guy|man|woman|lady|bloke|chap|girl|fella|fellow|person|dude|lad|lass)\s+)?"
    r"(?:(?:called|named)\s+)?(?P<name>" + _LOWER_WORD + r")(?![\w'’])"
    r"|(?P<name2>" + _LOWER_WORD + r")(?:\s+is|['’]s)\s+(?:now\s+|still\s+)?(?P<own2>my|our)\s+(?P<role2>" + _ROLE_WORDS + r"))"
    r"(?P<rest>.*)$", _I | re.DOTALL)
#: What may follow such a name: the end of the clause, when, or where the person is from.
_AFTER_NAME = re.compile(
    r"\s*(?:$|[,;.!?)(]|[-–—]\s|:\s)|\s+(?:now|too|also|again|as\s+of|from|since|starting|these\s+days|at\s+the\s+moment|"
    r"currently|for\s+now|and|but|so|who|at|in|btw|lol|haha|tho|though)\b", _I)
#: Words that follow "my manager is" and name no one: how, where or what someone is.
_NOT_A_NAME = frozenset("""
dr mr mrs ms mx prof doc lol haha tho btw rn tbh atm af imo fyi a an the this that these those my our your his
her their its one ones someone somebody nobody noone everyone anyone no not never always also still just only
really so very too quite rather pretty kinda sorta such literally honestly basically actually probably
definitely maybe like on at in with from for to by of into onto about over under off out up down back away home
here there around gone done part all both each either neither more less most least much many few some any none
own same different other another first last next former ex interim acting temporary temp permanent new old young
older younger senior junior latest current usual regular main good great nice fine ok okay alright well better
worse best worst bad awful terrible horrible lovely amazing awesome brilliant excellent fantastic super fab
brill ace cool chill calm sound grand solid decent fair unfair kind mean strict tough hard harsh firm soft easy
lax sweet rude polite funny weird strange odd lazy smart clever bright sharp wise dumb thick keen eager grumpy
moody happy sad mad angry upset cross nervous scared afraid sure aware busy free late early sick ill unwell
poorly fit healthy tired knackered pregnant married single divorced widowed engaged retired dead alive asleep
awake gay straight trans male female deaf blind vegan vegetarian cheap expensive pricey dear local remote nearby
close far private public open closed shut full empty right wrong online offline abroad overseas quiet loud picky
fussy tight stingy patient impatient competent incompetent absent present silent lenient toxic nuts crazy insane
wild mental brutal dodgy shady sketchy flaky legit rubbish useless hopeless meh mint gutted sorted top leaving
american british english french german irish scottish welsh canadian australian indian italian spanish polish
chinese japanese korean mexican nigerian kenyan ghanaian brazilian dutch swedish russian greek turkish african
asian european latino latina muslim jewish hindu sikh buddhist catholic christian atheist norwegian danish
finnish icelandic belgian swiss austrian czech slovak hungarian romanian bulgarian serbian croatian bosnian
albanian ukrainian lithuanian latvian estonian georgian armenian israeli palestinian lebanese syrian iraqi
iranian afghan pakistani bangladeshi nepali lankan thai vietnamese filipino malaysian indonesian singaporean
egyptian moroccan algerian tunisian ethiopian somali sudanese ugandan tanzanian zambian zimbabwean jamaican
cuban colombian peruvian chilean argentinian argentine venezuelan portuguese sicilian aussie kiwi yank brit scot
geordie scouse cockney hybrid wfh onsite freelance redundant unemployed sober bald blonde blond grey gray ginger
tall short fat thin slim skinny rich poor broke skint bankrupt famous honest gentle slow fast quick bonkers
livid hungover vile pants nicer kinder stricter calmer happier easier busier angrier crazier lazier friendlier
nearer closer cheaper dearer tougher harsher pricier grumpier crankier cranky moodier sharper softer firmer
stressed part-time full-time locum
""".split())


@lru_cache(maxsize=65_536)
def lower_role_filled(text: str) -> tuple[str, str, str] | None:
    """(the role's words, the name, whose: "my"/"our" or "" for "new landlord is ...") of a role
    of the speaker's filled by a name typed in lower case; None when the sentence says none, or the
    word after "is" names no one ("my manager is away", "my doctor is worried")."""
    m = _LOWER_ROLE_FILLED.match(text)
    if m is None or _CAPITALISES.search(_CAPITALISED_ANYWAY.sub(" ", text)):
        return None  # (one who types capitals elsewhere types them for names too: "cranky" is none)
    role = " ".join((m.group("role") or m.group("role2")).lower().split())
    head = role.split()[-1]
    if head in HELD_BY_MANY or not _is_person_role(head):
        return None
    name = (m.group("name") or m.group("name2")).lower().strip("'’-")
    if not _name_like(name):
        return None
    rest = m.group("rest")
    if m.group("name"):
        # a surname after it ("my manager is tom harris now")
        more = re.match(r"\s+(" + _LOWER_WORD + r")(?=\s|$|[,;.!?])", rest)
        if more is not None and _name_like(more.group(1).lower()) and _AFTER_NAME.match(rest[more.end():]):
            name, rest = f"{name} {more.group(1).lower()}", rest[more.end():]
    if not _AFTER_NAME.match(rest):
        return None
    return role, name, (m.group("own") or m.group("own2") or "").lower()


_NUMBER_WORD = re.compile(r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                          r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
                          r"hundred|thousand|dozen|couple|half|twice|once)(?:-\w+)?", re.IGNORECASE)
#: Capitals a phone or habit gives whoever types: a sentence's first letter, "I", "I'm".
_CAPITALISED_ANYWAY = re.compile(r"(?:^|(?<=[.!?:;]\s)|(?<=[.!?:;]))\s*[A-Z]|\bI(?:['’](?:m|ve|d|ll))?\b")
_CAPITALISES = re.compile(r"[A-Z]")


def _name_like(word: str) -> bool:
    """Whether a word typed in lower case may be someone's name: not a word that says how, where or
    what someone is, nor a word of a kind that never names anyone (how, "-ly"; doing, "-ing"; done,
    "-ed"; "-ful", "-ous", "-ive", "-able", "-ible", "-less", "-ese"), nor a role or kin."""
    if (len(word) < 2 or word in _NOT_A_NAME or word in STOP_WORDS or word in _MODALS or word in RELATIONS
            or word in _PERSON_ROLES or word in HELD_BY_MANY or word in _PAST_IRREGULAR):
        return False
    if _NUMBER_WORD.fullmatch(word):
        return False  # "our team is twelve people"
    if re.search(r"(?:ly|ing|ful|ous|ive|able|ible|less|ese|ness|ment)$", word):
        return False
    if word.endswith("ed") and len(word) > 4:  # "retired", "stressed"; not "ted", "fred"
        return False
    return True


#: A sentence that says the old holder is still seen ("the practice has a new vet, Dr Lin, but we
#: still see Dr Moss"): no new holder of the speaker's role.
_STILL = re.compile(r"\bstill\b", _I)
_PERSON_ROLES = RELATIONS | frozenset("""gp vet coach boss doctor nurse lead head chair captain landlady mentor
partner husband wife fiance fiancee girlfriend boyfriend carer nanny babysitter physio therapist surgeon midwife
accountant solicitor attorney agent tutor trainer pt ceo cfo cto coo mechanic handyman osteopath vicar priest rabbi
imam pastor""".split())
#: Words that end like a person's role and are none ("Seven is my lucky number").
_NOT_PERSON_ROLES = frozenset("""number letter order power answer character matter weather corner border layer
computer printer charger heater freezer trailer blender poster sticker ringtone error color colour flavor flavour
behavior behaviour favourite favorite motor mirror sector factor anchor content event talent moment element""".split())


def _role_slot(role: str) -> str:
    """The attribute a filled role is: the speaker's ("my GP" -> "doctor"), or, where the role is of
    someone of theirs ("my mum's GP", "my manager's boss"), that person's ("mother's doctor"), which
    a new name for the speaker's own never replaces."""
    words = role.split()
    owner = max((i for i, w in enumerate(words[:-1]) if _POSSESSIVE_END.search(w)), default=None)
    if owner is None:
        return role_name(role)
    whose = _POSSESSIVE_END.sub("", words[owner])
    if whose.endswith("s") and whose[:-1] in RELATIONS:
        whose = whose[:-1]  # "my parents' GP": the parents'
    whose = role_name(KIN_SYNONYMS.get(whose, whose))
    return f"{whose}'s {role_name(' '.join(words[owner + 1:]))}"


def _is_person_role(head: str) -> bool:
    return head in _PERSON_ROLES or (bool(re.search(r"(?:er|or|ist|ian|ant|ent)s?$", head))
                                     and head not in _NOT_PERSON_ROLES and len(head) > 3)


_INTRO = re.compile(r"^(?:I'm|I\s+am)\s+(?P<obj>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s*[.!]?$")
_RESIDENCE = re.compile(
    r"\b(?:I|we)(?:\s+(?:currently|now|still|actually|also|presently))*\s+(?:live|reside)\s+"
    r"(?:in|at|on|near|outside(?:\s+of)?)\s+" + _REST
    + r"|\b(?:I'm|I\s+am|we're|we\s+are)(?:\s+(?:currently|now|still))*\s+(?:living|residing|based|located|settled)"
    r"\s+(?:in|at|near|outside(?:\s+of)?)\s+" + _REST.replace("obj", "obj2")
    + r"|\b(?:I|we)(?:'ve|\s+have)?(?:\s+(?:just|recently|finally|officially|also))*\s+(?:moved|relocated)\s+"
    r"(?:back\s+)?(?:to|into)\s+" + _REST.replace("obj", "obj3")
    # what the speaker rents or owns, and where ("I rent a room in Brighton", "we own a flat near Bath")
    + r"|\b(?:I|we)(?:\s+(?:currently|now|still|actually))*\s+(?:rent|own|share)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:room|flat|house|place|studio|apartment|bedsit|cottage|bungalow|condo|maisonette|terrace)\s+"
    r"(?:in|near|outside(?:\s+of)?)\s+" + _REST.replace("obj", "obj5")
    # a move taken as given: "since our move to Ipswich ...", "after moving to Worthing, ..."
    + r"|\b(?:since|after)\s+(?:(?:the|our|my)\s+)?(?:move|moving|relocating|relocation)\s+to\s+"
    r"(?!(?:a|an|the|my|our|their)\b)" + _REST.replace("obj", "obj4")
    # where the speaker is now, said in passing: "now we're down in Bristol", "now that I'm up in
    # Inverness", "the commute from our new flat in Leith" (not "now I'm in Paris for a conference")
    + r"|(?:\bnow\s+(?:that\s+)?(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?:down|up|over|out|back)\s+)?(?:in|at)\s+"
    r"|\b(?:my|our)\s+new\s+(?:flat|house|place|apartment|home|bungalow|cottage|studio|digs)\s+in\s+)"
    r"(?!(?:Year|Grade|Form|Class|Team|Group|Set|Level|Room|Ward)\b)"
    r"(?P<obj6>(?>(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)?))"
    r"(?!\s+(?:for|on\s+(?:a|holiday|business)|this|until|till|visiting|with|at\s+the\s+moment|today|tonight|right\s+now)\b)", _I)
_ORIGIN = re.compile(r"\b(?:I'm|I\s+am|I\s+come|we're|we\s+are|we\s+come)(?:\s+(?:originally|actually|also))*\s+from\s+" + _REST, _I)
_EMPLOYER = re.compile(
    r"\b(?:I|we)(?:\s+(?:currently|now|still|actually|also|full-time|part-time))*\s+work\s+(?:at|for)\s+" + _REST
    + r"|\b(?:I'm|I\s+am)(?:\s+(?:currently|now|still))*\s+(?:working|employed)\s+(?:at|for|by)\s+" + _REST.replace("obj", "obj2")
    + r"|\bI(?:'ve|\s+have)?(?:\s+(?:just|recently|finally|officially))*\s+(?:got|landed|started|accepted|took|began)\s+"
    r"(?:a\s+|my\s+|the\s+)?(?:new\s+|dream\s+|first\s+|full-time\s+|part-time\s+)*(?:job|position|role|internship|"
    r"gig)\s+(?:at|with|in)\s+" + _REST.replace("obj", "obj3")
    + r"|\bI(?:\s+(?:just|recently|finally))*\s+(?:joined|started\s+(?:working\s+)?at)\s+(?P<obj4>(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*){0,3})",
    _I)
#: A change of job or home told by its kind, and where the speaker is now ("changed jobs, now at
#: deloitte", "moved house, we're in harrogate now", "new job, I'm at aldi now"): the employer or home
#: it names, in whatever case, fills the slot "I work at ..." and "I live in ..." fill, so it takes
#: the place of the one held. Said of the speaker only ("my brother changed jobs, now at ..." is not).
_MOVED_ON = re.compile(
    r"^" + _CHANGE_LEAD + r"(?:(?:changed|switched|swapped)\s+(?:my\s+|our\s+)?(?P<kinds>jobs|companies|firms|employers|houses|flats|homes|"
    r"apartments|places|cities|towns|countries)"
    r"|moved\s+(?P<moved>houses?|flats?|homes?|apartments?|out|cities|towns|countries|abroad|jobs|companies|firms)"
    r"|" + _NEW_ONE + r"(?P<one>" + _NEW_KINDS + r")(?=\s*[!.,;:\u2013\u2014-])"
    # "we moved!!", "relocated for work, ..." (said alone: where to follows)
    r"|(?P<bare>moved|relocated|shifted)(?:\s+(?:for|with)\s+(?:work|(?:the|my|a|our)\s+(?:new\s+)?job))?(?=\s*[!.,;:\u2013\u2014-]))\b",
    _I)
_EMPLOYER_NOW = re.compile(
    r"(?:\bnow\s+(?:(?:I['’]?m|I\s+am)\s+)?(?:working\s+)?(?:at|with|for)|\b(?:I['’]?m|I\s+am)\s+(?:now\s+)?(?:(?:working\s+)?"
    r"(?:at|with)|working\s+for)|\bworking\s+(?:at|for)"
    # ("got a new job: at coles now")
    r"|(?<=[,:\u2013\u2014-]\s)(?:now\s+)?at)\s+(?P<obj>[^.!?;,()\u2013\u2014]+)", _I)
_HOME_NOW = re.compile(
    r"(?:\bnow\s+(?:(?:I['’]?m|I\s+am|we['’]re|we\s+are)\s+)?(?:(?:living|based|settled|staying)\s+)?(?:in|near)"
    r"|\b(?:I['’]?m|I\s+am|we['’]re|we\s+are)\s+(?:now\s+)?(?:(?:living|based|settled|staying)\s+)?(?:in|near)"
    r"|\b(?:living|based|settled|staying)\s+(?:in|near))\s+(?P<obj>[^.!?;,()\u2013\u2014]+)", _I)
#: Where one is that is no employer or home: "now at home", "in bits", "at the moment", "in the
#: middle of unpacking".
_NOT_A_PLACE = re.compile(r"(?:a|an|my|our|his|her|their|this|that|it|its|home|work|bed|pain|love|trouble|tears|shock|"
                          r"charge|limbo|bits|pieces|boxes|debt|luck|heaven|hell|last|least|first|zone|\d+|"
                          r"the\s+(?:moment|minute|middle|midst|process|end|start|beginning|meantime|same|way|throes|thick|stage|"
                          r"phase|red|black|loop|kids|baby|children|family|dog|gym|bath|shower|pub|shops|park|beach|station|"
                          r"airport|hospital|doctors?|dentists?|library|car|bus|train|table|desk)"
                          # a place at work: "the front desk", "the bakery counter"
                          r"|the\s+(?:[\w-]+\s+)?(?:counter|desk|tills?|reception|checkout|kitchen|floor|door|window|hatch|"
                          r"station|bar|front|back|team|ward))\b", _I)
_JOB_KINDS = frozenset("job jobs gig company companies firm firms employer employers".split())
#: Said after a place one is at for a while only: "for the weekend", "on holiday", "visiting".
_ONLY_VISITING = re.compile(r"\s+(?:for|on\s+(?:a|holiday|business)|this|until|till|visiting|today|tonight|right\s+now)\b", _I)


def moved_on(text: str) -> tuple[str, str, int] | None:
    """The change of job or home a sentence tells by its kind, with the new one it names
    (`_MOVED_ON`): (attribute "employer" or "residence", the value as said, where it ends), or
    None."""
    m = _MOVED_ON.match(text)
    if m is None:
        return None
    kind = (m.group("kinds") or m.group("moved") or m.group("one") or m.group("bare")).lower()
    attribute, now = ("employer", _EMPLOYER_NOW) if kind in _JOB_KINDS else ("residence", _HOME_NOW)
    found = now.search(text, m.end())
    said = found.group("obj").strip() if found is not None else ""
    if (found is None or found.start() - m.end() > 40 or _NOT_A_PLACE.match(said)
            and not (attribute == "employer" and re.match(r"an?\s+(?!bit|lot|loss|mess|state|while|\w+er\b)\w", said, _I)
                     and not re.search(r"\bwith\s+$", found.group(0)[:found.start("obj") - found.start()]))):
        return None  # (a new employer may be "a charity", "a startup"; not "with a longer commute")
    value = _strip_time_tail(_object(found.group("obj")))
    if not value or value.lower() in _TIME_WORDS:
        return None
    if m.group("bare") and (not re.search(r"\b(?:I|we|living|based|settled|staying)\b", found.group(0), _I)
                            or re.match(r"(?:the|a|an|some|room|floor|level|round|stage|step|accounts|finance|hr|sales|"
                                        r"marketing|it|hospital|class|school|college|work|meetings?|recovery|labour|surgery|"
                                        r"theatre|court|charge|trouble)\b", value, _I)):
        return None  # "we moved, the meeting is now in room 4", "... now we're in the final round"
    if _ONLY_VISITING.match(text, found.start("obj") + len(found.group("obj")) - len(found.group("obj").lstrip())
                            + len(value)):
        return None  # "moved. I'm in Paris for the weekend now"
    # (what follows the place, "... and my manager is Tom", is a statement of its own)
    at = found.group("obj").find(value)
    return attribute, value, found.start("obj") + at + len(value) if at >= 0 else found.end()


#: A service the speaker is with, and whose it is: "we bank with barclays", "our broadband is with
#: bt", "my mortgage is through nationwide", "I'm with giffgaff for my phone". One provider at a
#: time: a later one fills the same slot. Not where a thing is ("my phone is with my sister").
_SERVICES = (r"(?:bank(?:\s+account)?|current\s+account|savings(?:\s+account)?|broadband|internet|wi-?fi|fibre|energy|"
             r"electric(?:ity)?|gas|phone(?:\s+contract)?|mobile(?:\s+contract)?|phone\s+plan|mobile\s+plan|sim|"
             r"(?:car\s+|home\s+|house\s+|contents\s+|travel\s+|pet\s+|health\s+|life\s+)?insurance|mortgage|pension|isa|"
             r"tv(?:\s+package)?|energy\s+supplier|broadband\s+provider|internet\s+provider)")
_SERVICE_WITH = re.compile(
    r"\b(?P<poss>my|our)\s+(?P<what>" + _SERVICES + r")(?:\s+(?:is|are)|['’]s)\s+(?:(?:now|still|currently|also)\s+)?"
    r"(?:with|through|via|from)\s+(?P<obj>[^.!?;]+)"
    r"|\b(?:I|we)\s+(?:(?:now|still|currently|also|only|always)\s+)?(?P<what2>bank)\s+(?:with|at)\s+(?P<obj2>[^.!?;]+)"
    r"|\b(?:I['’]m|we['’]re|I\s+am|we\s+are)\s+(?:(?:now|still|currently|also)\s+)?(?:with|on)\s+(?P<obj3>[\w&.+'’-]+(?:\s+[\w&.+'’-]+){0,2}?)\s+for\s+(?:(?:my|our|the)\s+)?(?P<what3>" + _SERVICES + r")\b"
    # a change to one: "moved to british gas for our energy", "switched our broadband to sky"
    r"|\b(?:switched|changed|gone|went|moved\s+over)\s+(?:over\s+)?to\s+(?P<obj4>[\w&.+'’-]+(?:\s+[\w&.+'’-]+){0,2}?)\s+for\s+"
    r"(?:(?:my|our|the)\s+)?(?P<what4>" + _SERVICES + r")\b"
    r"|\b(?:switched|moved|changed)\s+(?:my|our)\s+(?P<what5>" + _SERVICES + r")\s+(?:over\s+)?to\s+(?P<obj5>[^.!?;]+)"
    # the kind in the provider's name: "i'm on skyline mobile", "we're with hilltop broadband"
    r"|\b(?:I['’]m|we['’]re|I\s+am|we\s+are)\s+(?:(?:now|still|currently|also)\s+)?(?:with|on)\s+"
    r"(?P<obj6>[\w&.+'’-]+(?:\s+[\w&.+'’-]+)?\s+(?P<what6>mobile|broadband|energy|fibre|power|telecom))\b"
    # ... or changed to: "switched to kestrel power in the end" (not "to green energy")
    r"|(?:^\W*|\b(?:I|we|I['’]ve|we['’]ve|have|just|finally|also|and|so|then|eventually)\s+)"
    r"(?:(?:switched|changed|moved)\s+(?:over\s+)?to|(?:went|gone|going)\s+with)\s+(?!(?:green|solar|wind|renewable|"
    r"clean|cheap\w*|fixed|prepaid|faster|better|full|superfast|ultrafast|battery|mains|backup|back-up|emergency|"
    r"generator|grid|low|high|more|less|some|no|nuclear|electric|ups|diesel|petrol|hydro|steam|human|half|extra)\b)"
    r"(?P<obj8>[\w&.+'’-]+(?:\s+[\w&.+'’-]+)?\s+(?P<what8>mobile|broadband|energy|fibre|power|telecom))\b"
    r"(?!\s+(?:home|homes|app|apps|data|signal|library|unit|van|bank|number|phone|saving|mode|cut|cuts|bill|bills|"
    r"drink|drinks|level|levels|outage|supply|supplies)\b)"
    # "ported my number to mosaic mobile"
    r"|\bported\s+(?:my|me|our|the)\s+(?:(?:phone|mobile)\s+)?number\s+(?:over\s+|across\s+)?to\s+(?P<obj7>[^.!?;]+)"
    # the provider named as such: "our energy supplier is british gas", "my mobile network is telstra"
    # (not how it is: "my mobile network is rubbish")
    r"|\b(?:my|our)\s+(?P<what9>(?:energy|gas|electricity|electric|broadband|internet|fibre|phone|mobile)\s+"
    r"(?:supplier|provider|company|network|carrier))\s+(?:is|['’]s)\s+(?:(?:now|still|currently)\s+)?"
    r"(?!(?:rubbish|terrible|awful|great|slow|fast|down|patchy|useless|ok|okay|fine|good|bad|cheap|expensive|dreadful|"
    r"shocking|so|really|very|pretty|quite|too|not|always|never|changing|going|switching|putting|raising|hiking|"
    r"increasing|in|on|at|off|offline|online|out|up|under|over|back|being|having|still\s+\w+ing|a\s+(?:nightmare|joke|pain))\b)"
    r"(?P<obj9>[^.!?;,]+)", _I)
_SERVICE_KINDS = {"mobile": "phone", "sim": "phone", "internet": "broadband", "wifi": "broadband", "wi-fi": "broadband",
                  "fibre": "broadband", "electric": "energy", "electricity": "energy", "gas": "energy", "current": "bank",
                  "savings": "bank", "power": "energy", "telecom": "phone", "network": "phone", "carrier": "phone",
                  "isp": "broadband"}


#: A service changed, told by its kind, and who serves now ("switched energy supplier, now with
#: ovo", "changed networks - we're on three now", "got new broadband, we're with BT now",
#: "switched banks to monzo"): it fills the slot "our energy is with ..." fills.
_SERVICE_CHANGED = re.compile(
    r"^" + _CHANGE_LEAD + r"(?:(?:changed|switched|swapped|moved)\s+(?:(?:my|our|the)\s+)?|" + _NEW_ONE + r")"
    r"(?P<what>" + _CHANGED_SERVICE + r")\b(?=\s*(?:[,.;:!\u2013\u2014-]|$)|\s+(?:to|over|and|so|now|last|this|in|again|"
    r"recently|finally|we|I)\b)"
    # "ported my number, on airtel now"
    r"|^\W*(?:(?:I|we)(?:['’]ve|\s+have)?\s+)?(?:just\s+|finally\s+)?ported\s+(?:my|our|the)\s+(?P<ported>number)\b", _I)
#: ... and who, said after it: "to monzo", ", now with ovo", "we're on three now", "went with bt".
_SERVED_NEXT = re.compile(r"\s*(?:(?:over\s+)?to|[,:\u2013\u2014-]\s*(?:now\s+)?(?:with|on|using))\s+(?P<obj>[^.!?;,()\u2013\u2014]+)", _I)
#: ... or named alone with "now": "new energy supplier, octopus now", "switched internet providers -
#: virgin media now".
_SERVED_NAMED_NOW = re.compile(r"\s*[,:\u2013\u2014-]\s*(?!(?:I|I['’]m|im|we|we['’]re|it|it['’]s|its|that|that['’]s|this|they|"
                               r"he|she|you|the|a|an|my|our|all|so|much|way|far|bills?|prices?|cheaper|better|faster|slower|"
                               r"happier|quicker|fine|good|great|sorted|done|loads|lots|works?|working)\b)"
                               r"(?P<obj>[\w&.+'’-]+(?:\s+[\w&.+'’-]+)?)\s+now\b", _I)
_SERVED_NOW = re.compile(
    r"(?:\bnow\s+(?:(?:I['’]?m|we['’]re|I\s+am|we\s+are)\s+)?(?:with|on|using)"
    r"|\b(?:I['’]?m|we['’]re|I\s+am|we\s+are)\s+(?:now\s+)?(?:with|on|using)|\b(?:gone|went|going)\s+with)"
    r"\s+(?P<obj>[^.!?;,()\u2013\u2014]+)", _I)


#: What one is "on" or changes "to" that serves nothing: a purpose ("to save money"), a state ("on
#: holiday", "on maternity leave"), a kind of connection ("on 5G", "on wifi").
_NOT_SERVED_BY = re.compile(r"(?:save|get|avoid|make|cut|reduce|lower|try|be|have|keep|pay|go|see|stop|holiday|leave|maternity|"
                            r"paternity|sick|furlough|strike|hold|mute|silent|speaker|airplane|aeroplane|[345]g|wi-?fi|data|"
                            r"roaming|nights|days|lates|earlies|shifts|the\s+same|a\s+(?:deal|plan|tariff|contract|budget|"
                            r"break|diet)|my\s+own|our\s+own|\d[\w.]*|unlimited|fibre|fiber|payg|pay\s+as|contract|sim[- ]only|"
                            r"prepaid|postpaid|day|week|month)\b", _I)


def service_changed(text: str) -> tuple[str, str, int] | None:
    """The service a sentence tells the change of by its kind, and who serves now
    (`_SERVICE_CHANGED`, `_SERVED_NOW`): (the service's slot, the provider as said, where it
    ends), or None."""
    m = _SERVICE_CHANGED.match(text)
    if m is None:
        return None
    found = _SERVED_NEXT.match(text, m.end()) or _SERVED_NAMED_NOW.match(text, m.end()) or _SERVED_NOW.search(text, m.end())
    if found is None or found.start() - m.end() > 40:
        return None
    what = (m.group("what") or "phone").lower().split()
    kind = what[0].rstrip("s") if what[0] in ("banks", "networks", "carriers", "isps") else what[0]
    slot = _service_slot(kind)
    value = _strip_time_tail(_object(found.group("obj")))
    if not value or _NOT_SERVED_BY.match(value):
        return None
    # (what follows the provider, "... and the bills are lower", is a statement of its own)
    at = found.group("obj").find(value)
    return slot, value, found.start("obj") + at + len(value) if at >= 0 else found.end()


def _service_slot(what: str) -> str:
    """One name for a service however it is called: "mobile", "sim", "phone contract" -> "phone";
    "wifi", "internet" -> "broadband"; kinds of insurance stay apart ("car insurance")."""
    words = what.split()
    if words[-1] == "insurance":
        return what
    return _SERVICE_KINDS.get(words[0], words[0])


_FOR_A_WHILE_ONLY = re.compile(r"\b(?:only(?=\s*(?:[,.;!?]|$))|only\s+(?:for|this|until|till|while)|just\s+(?:this|for)|temporar\w*|for\s+now|for\s+(?:the|this)\s+(?:trip|week|month|"
                               r"holiday|rental)|one[- ]off|while\s+(?:I'm|we're)\s+away)\b", _I)
#: Who holds a thing rather than serves: "with my sister", "with the kids", "from a mate".
_NO_PROVIDER = re.compile(r"(?:my|your|his|her|their|our|me|you|him|them|us|the|a|an|some|someone|somebody|whoever|"
                          r"it|this|that|nobody|no\s+one|low|high|full|half|no|zero|little|less|more|nights|days|lates|"
                          r"earlies|shifts|overtime|home|decaf|last|next|cover|work)\b", _I)


#: What a day something is moved to opens with: a date, a month, a day, a season.
_MONTHS = MONTH_WORDS
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_SEASON = r"(?:spring|summer|autumn|fall|winter|christmas|easter|half[\s-]term|new\s+year)"
#: What a day something is moved to opens with, said as a day and not as a thing ("the 3rd", "next
#: week", "march", "summer"; not "the 3rd floor", "next door's garden", "summer tyres").
_WHEN_START = (r"(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)|\d{1,2}\s+" + _MONTHS + r"|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?|"
               r"(?:next|this|coming)\s+(?:week|weekend|month|year|" + _WEEKDAY + "|" + _SEASON + "|" + _MONTHS + r")|"
               r"(?:mid|early|late|the\s+end\s+of|end\s+of|the\s+start\s+of|start\s+of|beginning\s+of|after|before)[\s-]+"
               r"(?:the\s+)?(?:" + _MONTHS + "|" + _SEASON + r"|next\s+\w+|\w+\s+holidays?)|tomorrow|tonight|"
               + _WEEKDAY + "|" + _MONTHS + "|" + _SEASON + r")"
               r"(?=\s*(?:$|[,.;:!?()]|\s(?:(?:of|at|in|on|for|instead|now|from|because|as|so|and|but|then|or|the|" + _MONTHS
               + r"|morning|afternoon|evening|night)\b|\d)))")
_MOVED = "pushed moved bumped shifted changed rescheduled postponed delayed deferred brought put".split()
_TO_MOVE = "push move bump shift change reschedule postpone delay defer bring put".split()
_MOVE_VERB = (r"(?:" + "|".join(_MOVED)
              # ("we've had to move the wedding to 19 september", "decided to push it to june")
              + r"|(?<=to\s)(?<!going\sto\s)(?:" + "|".join(_TO_MOVE) + "))")
#: A plan or appointment moved to another day: "pushed it to march", "brought it forward to the 3rd
#: of april", "the exam got moved to november", "they've rescheduled my scan for next friday".
_RESCHEDULED = re.compile(
    r"\b" + _MOVE_VERB + r"\s+(?P<what>it|that|this|(?:(?:the|my|our|his|her|their)\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,2}?)\s+"
    r"(?:(?:back|forward|forwards|up|out|off|on)\s+)?(?:to|till|until|til|for|into)\s+(?P<when>" + _WHEN_START + r"[^.!?;]*)"
    r"|(?<![\w'’])(?!(?:been|got|now|just|since|also|is|was|has|have|had)\b)(?P<what2>(?:it|that|this)|(?:(?:the|my|our|his|her|their)\s+)?(?:(?-i:[a-z])[\w-]*['’]s\s+(?!(?:been|got|now|just|had)\b))?"
    r"(?-i:[a-z])[\w-]+(?:\s+(?!(?:is|was|has|have|got|had|been|now|just)\b)(?-i:[a-z])[\w-]+)?)"
    r"(?:['’]s|\s+(?:is|was|has|have|got|had))?\s+"
    r"(?>(?:(?:been|got|now|just|since|also)\s+)*)" + _MOVE_VERB + r"\s+"
    r"(?:(?:back|forward|forwards|up|out|off)\s+)?(?:to|till|until|til|for|into)\s+(?P<when2>" + _WHEN_START + r"[^.!?;]*)", _I)
_MOVE_WORDS = frozenset(_MOVED + _TO_MOVE)
#: Whose a moved thing is not: a person moved ("moved me to nights").
_NOT_MOVED = frozenset("i we you he she they me us him them back forward up out off on over".split())


_TIME_COLON = re.compile(r"(\d):(\d\d)")


@lru_cache(maxsize=65_536)
def rescheduled(text: str) -> tuple[str, str] | None:
    """What a sentence says was moved to another day and the day it was moved to ("pushed it to
    march" -> ("it", "march")), or None."""
    if not _MOVE_WORDS & frozenset(_TOKEN.findall(text.lower())):
        return None
    m = _RESCHEDULED.search(text)
    if m is None:
        return None
    what = " ".join(_grp(m, "what", "what2").split())
    if what.lower() in _NOT_MOVED:
        return None
    # (a time's colon is no end of what it was moved to: "31st march 9:30am")
    when = _object(_TIME_COLON.sub("\\1\u2236\\2", _grp(m, "when", "when2"))).replace("\u2236", ":")
    return (what, when) if when else None


_OCCUPATIONS = frozenset("""teacher nurse doctor physician surgeon dentist engineer developer programmer designer architect
accountant lawyer attorney paralegal consultant manager director analyst scientist researcher professor lecturer
student intern chef cook baker waiter waitress barista bartender pilot driver mechanic electrician plumber carpenter
painter artist musician singer writer author journalist editor photographer filmmaker actor actress dancer athlete
coach trainer therapist counselor counsellor psychologist psychiatrist pharmacist veterinarian vet paramedic firefighter
officer cop soldier librarian clerk cashier salesperson realtor agent entrepreneur founder ceo cto freelancer contractor
tutor nanny caregiver farmer gardener tailor translator interpreter economist biologist chemist physicist
mathematician statistician technician secretary assistant receptionist administrator recruiter marketer banker
investor trader broker data scientist sysadmin devops tester scrum ux ui student volunteer activist advocate
youtuber streamer blogger influencer podcaster illustrator animator potter sculptor composer producer dj
sergeant constable inspector detective lieutenant corporal midwife solicitor barrister surveyor foreman supervisor
associate""".split())
_OCCUPATION_SUFFIX = re.compile(r"(?:ist|ician|ologist|eer)$")
_OCC_CUT = re.compile(r"\s+(?:in|at|for|with|from|who|and|that|on|by|of|since|to)\b", _I)
_IDENTITY = frozenset("""mom mother dad father parent grandparent grandmother grandfather grandma grandpa wife husband
woman man person girl guy veteran immigrant christian muslim jew hindu buddhist atheist catholic introvert extrovert
mum single twin""".split())
_OCCUPATION = re.compile(
    r"\bI(?:\s+(?:currently|now|still|also))*\s+work\s+as\s+(?:an?\s+|the\s+)?" + _REST
    + r"|" + _BE.replace("subj", "subj2") + r"(?:\s+(?:currently|now|still|also|actually|officially|finally))*\s+"
    r"(?P<art>an?)\s+(?P<obj2>[\w-]+(?:\s+[\w-]+){0,3})", _I)
#: A promotion of the speaker's is their job now: "I got promoted to ward sister", "they bumped me
#: up to senior analyst", "I've been made head chef", "I made inspector", "finally promoted to
#: associate". Not one wished for or denied ("hoping to get promoted", "wasn't promoted"), nor of
#: someone else ("my sister got promoted"): the speaker, or no one, is its subject.
_JOB_WORDS = r"(?P<job>" + _ROLE_WORDS + r"(?:\s+of\s+[\w'’-]+(?:\s+\d+)?)?)"
_NO_JOB = frozenset("team squad side league division set class group level grade belt band tier stage year form".split())
_PROMOTED = re.compile(
    r"(?:\bI(?:['’]ve|\s+have|['’]d|\s+had)?|^|(?<=[,;:])|\bso)(?:\s+(?:just|finally|recently|officially|now|also))*\s*"
    r"(?:(?:been|got|was|get|gotten)\s+)?(?:(?:just|finally|recently|officially)\s+)?"
    r"(?:(?P<promoted>promoted)\s+(?:to|into|as)|(?:bumped|moved|stepped)\s+up\s+(?:to|into|as)|made\s+up\s+to|made)"
    r"\s+(?:an?\s+|the\s+)?" + _JOB_WORDS
    + r"|\b(?:promoted|bumped|moved|made)\s+me\s+(?:(?<=promoted\sme\s)to\s+|(?<=bumped\sme\s)up\s+to\s+|"
    r"(?<=moved\sme\s)up\s+to\s+|(?<=made\sme\s)(?:up\s+to\s+)?)(?:an?\s+|the\s+)?" + _JOB_WORDS.replace("job", "job2"),
    _I)
_AGE = re.compile(r"\b(?:I'm|I\s+am)\s+(?P<obj>\d{1,3})(?:\s*(?:years?|yrs?)[\s-]+old|\s*y/?o)\b|\bI(?:\s+just)?\s+turned\s+"
                  r"(?P<obj2>\d{1,3})\b", _I)
_STUDY = re.compile(
    r"\b(?:I|I'm|I\s+am)(?:\s+(?:currently|now|still|also))*\s+(?:study|studying|majoring\s+in|major\s+in|"
    r"doing\s+a\s+(?:degree|masters?|phd|bachelor'?s?)\s+in)\s+" + _REST
    + r"|\b(?:I'm|I\s+am)(?:\s+(?:currently|now|still|also))*\s+(?:a\s+\w*\s*student|enrolled)\s+(?:at|in)\s+"
    + _REST.replace("obj", "obj2"), _I)
_BORN = re.compile(r"\bI\s+was\s+born\s+(?P<prep>in|on|at)\s+" + _REST, _I)
_HAVE_NOUNS = frozenset("""dog dogs cat cats pet pets puppy puppies kitten kittens pup pups kitty kitties doggo kid kids child children son sons daughter
daughters baby babies brother brothers sister sisters sibling siblings husband wife partner boyfriend girlfriend fiance
fiancee spouse twin twins grandchild grandchildren grandkid grandkids nephew niece stepson stepdaughter horse horses
bird birds parrot rabbit bunny hamster fish turtle snake lizard car cars house home apartment flat condo bike
motorcycle boat garden farm cabin degree masters phd family parents mom dad mother father grandparents
friends""".split())
_HAVE = re.compile(
    r"(?:\b(?:I|we)(?:\s+(?:also|now|still|actually|both))*\s+(?:have|have\s+got|own)|\b(?:I've|we've)"
    r"(?:\s+(?:also|now|still|actually))*(?:\s+got)?|\b(?:lucky|blessed|grateful|fortunate|happy|thankful)\s+"
    r"to\s+have)\s+"
    r"(?P<obj>(?:a|an|one|two|three|four|five|six|seven|eight|\d+|my|our)\s+[^.!?;,]+)", _I)
#: Having none of a thing is as standing a fact as having one ("we don't own a car", "I have no kids",
#: "we haven't got a garden"): the same things as _HAVE_NOUNS, so "I don't have a clue" is no fact.
_HAVE_NONE = re.compile(
    r"\b(?:I|we)(?:\s+(?:also|still|actually|currently|just))*\s+(?:(?:don['’]?t|do\s+not|no\s+longer|never)\s+"
    r"(?:have|own|owned|had)(?:\s+got)?\s+(?:a|an|any)|(?:haven['’]?t|have\s+not)\s+got\s+(?:a|an|any)|"
    r"(?:have|have\s+got|['’]ve\s+got|own)\s+no)\s+(?P<obj>[^.!?;,]+)", _I)
_MY_X_IS = re.compile(
    r"\b(?P<poss>my|our)\s+(?P<attr>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+(?P<verb>is|are|'s|is\s+called|"
    r"are\s+called|is\s+named)\s+(?P<obj>[^.!?;]+)", _I)
_ATTRS = frozenset("""name birthday age job occupation profession role title email phone number address husband wife partner
spouse boyfriend girlfriend fiance fiancee son daughter kid kids children child dog cat pet pets mom mother dad father
parents brother sister siblings hometown city town country company employer boss team manager major school university
college timezone language goal goals plan plans budget deadline dog's cat's nickname pronouns religion nationality
birthplace height weight""".split())
_INFORMATIVE = re.compile(r"[A-Z0-9]|^(?:a|an|the|my|our|his|her|their|one|two|three|four|five)\s|\b(?:named|called)\b")
_NAMED = re.compile(r"[A-Z0-9]|\b(?:named|called)\b")
_RELATION = re.compile(
    r"^(?:my|our)\s+(?P<rel>(?:(?:little|older|younger|big|baby|step|best|oldest|youngest|eldest|two|three|)\s*)?"
    r"(?:kids?|children|son|sons|daughter|daughters|husband|wife|partner|boyfriend|girlfriend|mom|mum|mother|dad|"
    r"father|parents|brother|brothers|sister|sisters|family|dog|dogs|cat|cats|friend|friends|grandma|grandpa|"
    r"grandmother|grandfather|fiance|fiancee|spouse|twins|baby|puppy|team|boss|roommate))\s+(?:(?:both|all|also|"
    r"really|still|just|now|recently|finally)\s+)*(?P<verb>love|loves|like|likes|enjoy|enjoys|hate|hates|work|works|"
    r"live|lives|play|plays|go|goes|study|studies|has|have|attend|attends|got|went|started|joined|moved|visited|"
    r"turned|graduated|won|made|painted|built|adopted|finished|had|took|gave|ran|learned|began|drew|wrote|"
    r"performed|played|scored|passed|bought|lost|broke|celebrated|met|came|saw)\b", _I)

# episodes
_ACTION_PAST = frozenset("""went visited attended ran painted bought met started finished took had joined signed gave got saw
made won lost moved traveled travelled tried watched learned learnt found wrote baked cooked completed graduated
adopted performed played volunteered celebrated hosted organized organised spent received left came built created
climbed hiked camped fixed sold launched released published shipped booked ordered drove flew swam sang danced
taught studied passed failed quit retired married divorced ate drank explored discovered competed participated
raised donated threw caught toured returned arrived reunited upgraded installed deployed migrated enrolled applied
interviewed hired injured crashed visited designed drew sketched knitted sewed planted grew
picked renovated decorated surfed skied biked cycled walked jogged practiced practised recorded filmed
photographed took attended read saw gave helped mentored presented pitched submitted earned saved wrapped
started began finished""".split())
_PAST_PERFECT_OK = frozenset("""been gone done seen taken begun written run flown swum driven ridden finished started
joined visited completed adopted moved graduated signed booked bought won launched published released quit retired
married applied enrolled painted built created finished learned learnt tried traveled travelled climbed hiked ran
made found lost sold passed failed met helped supported volunteered mentored""".split())
#: How long a doing has gone on, long enough to be a standing fact ("for ten years", "for about a
#: year", "since 2019", "for ages"); minutes, hours or days are a doing of the moment.
_LONG_SPAN = re.compile(
    r"\bfor\s+(?:(?:about|around|over|almost|nearly|roughly|at\s+least|more\s+than|well\s+over|the\s+(?:last|past))\s+)?"
    r"(?:(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
    r"a\s+few|a\s+couple\s+(?:of\s+)?|few|several|many|\d+(?:\.\d+)?|\d+\s*-\s*\d+)\s+)?(?:\w+\s+)?"
    r"(?:weeks?|months?|years?|yrs?|decades?)\b"
    r"|\bfor\s+(?:ages|years|decades|a\s+(?:long\s+)?while|a\s+long\s+time|most\s+of\s+my\s+life|my\s+whole\s+life)\b"
    r"|\bsince\s+(?:(?:early|late|mid|the\s+start\s+of|the\s+end\s+of)\s+)?(?:\d{4}|uni|university|college|school|"
    r"I\s+was|we\s+were|(?:last|this)\s+(?:year|spring|summer|autumn|fall|winter)|"
    r"january|february|march|april|may|june|july|august|september|october|november|december)\b",
    re.IGNORECASE)
_MENTAL_ING = frozenset("""thinking feeling wondering meaning hoping wanting wishing dreaming going looking planning
trying struggling dealing""".split())
_MENTAL = frozenset("""thought realized realised wondered knew meant guessed figured believed remembered forgot wished hoped
wanted needed supposed seemed preferred noticed imagined assumed decided wished appreciated told said asked
could would should might must couldn't wouldn't shouldn't mentioned bet""".split())
_EPISODE_SUBJ = re.compile(
    r"\b(?P<subj>I|we)(?P<contr>'ve|'d)?(?P<adv>" + _ADV + r")\s+(?P<verb>[a-z]+)\b(?!')(?:\s+(?P<after>[a-z]+)\b)?"
    r"(?:\s+(?P<after2>[a-z]+)\b)?", _I)
_SUBORDINATE = re.compile(r"\b(?:when|while|if|as|because|cause|since|though|although|whenever)\s*$", _I)
_GOT_THING = frozenset("a an another my our the some new two three married engaged promoted hired accepted".split())
#: past verbs that are an event only when the sentence says when ("I was at the beach yesterday")
_DATED_ONLY = frozenset("""was wasn't were weren't did didn't felt loved liked enjoyed hated got used""".split())

_CUE = re.compile(
    r"\b(?:i|i'm|i've|i'd|i'll|my|me|we|we're|we've|we'll|our|us|let's|please|never|always|don't|do\s+not|no|nothing|"
    r"budget|deadline|due|must|avoid|only|gonna|going\s+to|planning|call|answer|reply|respond|use|write|"
    r"speak|keep|format|be)\b", _I)


_SUBJ_BEFORE_OK = frozenset("""and but so because cause 'cause as though although when whenever while if then also really
honestly actually just now recently finally yesterday today tonight week weekend month year years ago night morning
afternoon evening once first later earlier eventually plus even know mean guess think say admit sure course yes
yeah oh wow lol haha tbh too anyway anyways well ok okay day days before after""".split()) | _WEEKDAY_WORDS | frozenset(
    "mon tue tues wed thu thur thurs fri sat sun january february march april may june july august september "
    "october november december".split())


def _subject_ok(c: str, pos: int) -> bool:
    """Is the subject at `pos` the start of a clause ("I went"), not inside a relative one ("the support I got")?"""
    before = c[:pos].rstrip()
    if not before:
        return True
    if before[-1] in ",;:(-\u2013\u2014\"'!":
        return True
    last = before.rsplit(None, 1)[-1].lower().strip(".!?")
    return last in _SUBJ_BEFORE_OK


def _search(pattern: re.Pattern[str], c: str) -> re.Match[str] | None:
    """First match whose subject starts a clause."""
    has_subj = "subj" in pattern.groupindex
    for m in pattern.finditer(c):
        pos = m.start("subj") if has_subj and m.group("subj") else m.start()
        if _subject_ok(c, pos):
            return m
    return None


@dataclass(frozen=True)
class _Hit:
    kind: str
    slot: str | None
    fields: dict[str, str]
    importance: float
    sensitive: bool = False
    prefix: bool = False      # the clause has no subject ("Gonna continue my edu"): put the name in front


def _grp(m: re.Match[str], *names: str) -> str:
    for n in names:
        try:
            v = m.group(n)
        except IndexError:
            continue
        if v:
            return v
    return ""


def _pref_hit(obj: str, predicate: str, polarity: str, importance: float, name: str,
              extra_cut: re.Pattern[str] | None = None) -> _Hit | None:
    o = _object(obj, extra_cut)
    if o.lower().startswith("to "):
        o = o[3:]
    if not o or o.lower() == "to" or _DEICTIC.match(o) or len(o.split()) > 10:
        return None
    return _Hit("preference", "preference:" + _head(o),
                {"predicate": predicate, "object": to_third_person(o, name).removeprefix(f"{name}: "),
                 "polarity": polarity}, importance)


def _clean_obj(o: str, name: str) -> str:
    return to_third_person(o, name).removeprefix(f"{name}: ")


_NOT_BEFORE = re.compile(r"\bnot(?:\s+(?:a|an|really|fully|strictly))?\s+$", _I)
_MUST_WORD = re.compile(r"\bmust\b", _I)
_FIRST_SUBJECT = re.compile(r"(?:I|we)\b", _I)

# Words a clause must contain before a family of patterns is tried (a cheap gate: most clauses need few searches).
_GATES: dict[str, frozenset[str]] = {
    "_ALLERGY": frozenset("allergic allergy allergies".split()),
    "_REACTION": frozenset("me us my i".split()),
    "_DIET_LABEL": frozenset("vegetarian vegan pescatarian pescetarian gluten lactose dairy halal kosher celiac coeliac diabetic keto paleo teetotal sober nut diet".split()),
    "_DIET_NEG": frozenset("eat drink consume touch have".split()),
    "_KEEP_AWAY": frozenset("near around close next room exposed".split()),
    "_BUDGET": frozenset("budget spend".split()),
    "_DEADLINE": frozenset("deadline due".split()),
    "_OFF_WHAT": frozenset("off".split()),
    "_DOING_WITHOUT": frozenset("till until til before".split()),
    "_BARRED_UNTIL": frozenset("till until til unless".split()),
    "_HARD_CEILING": frozenset("ceiling cap limit max maximum penny cent pound dollar euro dime single more tops most".split()),
    "_NOT_ALLOWED": frozenset("allowed".split()),
    "_NO_RULE": frozenset("no nothing zero".split()),
    "_IMPERATIVE_RULE": frozenset("never always don do only avoid circumstances account".split()),
    "_MAKE_SURE_RULE": frozenset("sure ensure".split()),
    "_DEMAND_ON_WHAT_IS_CHOSEN": frozenset("""suggest suggests recommend book pick choose find plan propose give send write draft
make create produce generate show cook build put come sketch draw map lay work set schedule arrange organise organize
prepare outline design sign apply enrol enroll join take rent buy order hire switch go settle accept end get""".split()),
    "_WHEN_YOU_MAKE": frozenset("when whenever if every any anytime".split()),
    "_WHENEVER_MUST": frozenset("whenever every any anytime each".split()),
    "_MEDICATION": frozenset("on take taking started".split()),
    "_HOW_OFTEN_AT_MOST": frozenset("max maximum most more up".split()),
    "_MEDICINE_STOPPED": MEDICINE_STOP_WORDS,
    "_LIMIT_IDIOM": frozenset("no go dealbreaker deal breaker negotiable nonnegotiable limits table question option cards out "
                              "menu starter nonstarter".split()),
    "_ANSWER_RULE": frozenset("replies reply answers answer responses response messages message explanations "
                              "explanation summaries summary emails email drafts draft examples example recipes recipe "
                              "suggestions suggestion everything".split()),
    "_STANDING_REQUEST": frozenset("always now forward whenever every anytime any default future permanently forever here".split()),
    "_STOP_DOING": frozenset("stop quit".split()),
    "_FREQ_RULE": frozenset("never always".split()),
    "_MUST": frozenset("must mustn mustnt have need gotta should got".split()),
    "_RULE_FOR_ALL": frozenset("all every each any no".split()),
    "_NOTHING_BOOKED": frozenset("booked scheduled planned arranged put goes go".split()),
    "_RULE_FOR_ANYTHING": frozenset("everything anything".split()),
    "_RULE_FOR_ONE": frozenset("always never".split()),
    "_LIMITED": frozenset("capped limited restricted".split()),
    "_NOT_TO": frozenset("not never mustn".split()),
    "_LIMIT_MODAL": frozenset("more longer higher over above beyond past less under below fewer most least max maximum "
                              "min minimum up exceed lower shorter lighter smaller tops".split()),
    "_DECIDED": frozenset("decided chose chosen picked settled opted committed decision".split()),
    "_GOING_WITH": frozenset("going go use stick pick choose take adopt switch".split()),
    "_COMMIT": frozenset("ll will going gonna plan planning intend about promise".split()),
    "_PROGRESSIVE_PLAN": frozenset("m am re are".split()),
    "_PREF_FAV": frozenset("favorite favourite fave fav".split()),
    "_PREF_FAV2": frozenset("favorite favourite fave".split()),
    "_PREF_VERB": frozenset("like love enjoy prefer adore dislike hate detest loathe despise dig fancy admire cherish treasure".split()),
    "_PREF_MY_THING": frozenset("thing cup scene jam bag vibe".split()),
    "_PREF_NOT_ONE_FOR": frozenset("one big huge great".split()),
    "_PREF_BE": frozenset("fan into keen passionate obsessed crazy fond nuts mad sucker partial love drawn".split()),
    "_PREF_STAND": frozenset("stand bear".split()),
    "_PREF_RATHER": frozenset("rather".split()),
    "_PREF_SUITS": frozenset("suit suits work works best better".split()),
    "_NAME": frozenset("name called call".split()),
    "_AGE": frozenset("old yo turned".split()),
    "_RESIDENCE": frozenset("live reside living residing based located settled moved relocated move moving relocating "
                            "relocation rent own share now new".split()),
    "_SERVICE_WITH": frozenset("bank account savings broadband internet wifi fibre energy electric electricity gas phone "
                               "mobile sim insurance mortgage pension isa tv ported power telecom".split()),
    "_SERVICE_CHANGED": frozenset("banks bank network networks carrier carriers isp isps broadband sim provider providers "
                                  "supplier suppliers company companies contract contracts ported".split()),
    "_RESCHEDULED": _MOVE_WORDS,
    "_MOVED_ON": frozenset("changed switched swapped moved relocated shifted new".split()),
    "_EMPLOYER": frozenset("work working employed job position role internship gig joined started".split()),
    "_OCCUPATION": frozenset("work a an".split()),
    "_PROMOTED": frozenset("promoted bumped moved stepped made".split()),
    "_ROLE_FILLED": frozenset("my our got new the".split()),
    "_ROLE_BY_DOING": frozenset(ROLE_OF_DOING),
    "_STUDY": frozenset("study studying majoring major degree masters master phd bachelor student enrolled".split()),
    "_BORN": frozenset("born".split()),
    "_ORIGIN": frozenset("from".split()),
    "_HAVE": frozenset("have ve got own owned had".split()),
    "_MY_X_IS": frozenset("my our".split()),
    "_RELATION": frozenset("my our".split()),
}
_TOKEN = re.compile(r"[a-z]+")
#: A clause that opens with one of these may be a rule, whatever else it says (see _sentence_candidates).
#: A rule whose subject is everyone, all or none of some people or things ("everyone has to be 16 or
#: older", "all drivers must be over 25", "no petrol engines may be used").
_EVERYONE_MUST = re.compile(r"(?:^|[:;,]\s*)(?:(?:all|every|each|any|no)\s+(?:[\w'’-]+\s+){0,4}?|"
                            r"(?:everyone|everybody|anyone|anybody|nobody|no\s+one)\s+)(?:must|has\s+to|have\s+to|needs?\s+to|"
                            + _GOTTA + r"|should|can't|cannot|can\s+not|mustn't|may\s+not|can|may)\s", _I)
_OTHERS_RULES = (_EVERYONE_MUST,
                 _PROHIBITION,
                 re.compile(r"\b(?:must|has\s+to|have\s+to|needs?\s+to|should|" + _GOTTA + r"|can)\s+(?:always|never)\b", _I),
                 re.compile(r"\b(?:is|are|'s|gets|get|stays?)\s+(?:strictly\s+|always\s+)?(?:capped|limited|restricted)\s+(?:at|to)\b", _I),
                 _LIMIT_MODAL, _LIMIT_IDIOM, _DEMAND_ON_WHAT_IS_CHOSEN, _WHEN_YOU_MAKE, _DIET_LABEL, _NOT_TO, _HARD_CEILING,
                 _WHENEVER_MUST, _STOP_DOING, _HOW_OFTEN_RX)


#: "favourite drink these days" is the slot of "favourite drink": its value now ("this year" is
#: an attribute of its own, as "favourite album this year" is not the all-time one).
_NOW_QUALIFIER = re.compile(r"(?:\s+(?:these\s+days|right\s+now|now|at\s+the\s+moment|currently|lately|nowadays|"
                            r"at\s+present|for\s+now))+$")


def _slot_category(cat: str) -> str:
    return _NOW_QUALIFIER.sub("", " ".join(cat.lower().split()))


def _classify(clause: str, name: str, past_ctx: bool, future_ctx: bool = False) -> _Hit | None:
    """The first rule that fits, in order of precedence: constraint, decision, preference, fact, episode."""
    c = clause
    vocab = frozenset(_TOKEN.findall(c.lower()))
    # ---- constraints
    m = (_ALLERGY.search(c) if vocab & _GATES["_ALLERGY"] else None)
    if m:
        o = _object(_grp(m, "obj", "obj4", "obj2", "obj3"))
        if o and not _figurative_allergen(o):
            return _Hit("constraint", "constraint:allergy:" + _head(o),
                        {"type": "allergy", "object": _clean_obj(o, name)}, 0.9, True)
    m = (_REACTION.search(c) if vocab & _GATES["_REACTION"] and _SYMPTOM.search(c) else None)
    if m:
        o = _object(_grp(m, "obj", "obj2", "obj3"))
        if o and not _DEICTIC.match(o) and not _figurative_allergen(o):
            # (lower-cased: "Cashews" opens the sentence, it is no name)
            return _Hit("constraint", "constraint:allergy:" + _head(o.lower()),
                        {"type": "allergy", "object": _clean_obj(o, name)}, 0.9, True)
    m = (_MEDICATION.search(c) if vocab & _GATES["_MEDICATION"] else None)
    # (a service named by its kind is no medicine: "I'm on skyline mobile", "on brightline energy")
    if m and not _NEGATED_MEDICATION.search(c, 0, m.start()) and not _A_SERVICE_NEXT.match(c, m.end()):
        drug = " ".join(m.group("drug").lower().split())
        if is_medicine(drug, dosed=bool(m.group("dose"))):
            drug = re.sub(r"^(?:the|an|my)\s+", "", drug)
            # (the dose is of the value: "10mg" is a new one beside "5mg of ramipril")
            dose = " ".join(m.group("dose").lower().split()) + " " if m.group("dose") else ""
            return _Hit("fact", "fact:medication:" + drug, {"attribute": "medication", "value": dose + drug}, 0.85, True)
    stopped = medicines_stopped(c, name) if vocab & _GATES["_MEDICINE_STOPPED"] else set()
    if len(stopped) == 1:
        # "they've taken me off the bisoprolol": a fact in that medicine's slot, so it ends the one
        # that said it was taken (its negation stays in its words)
        drug = next(iter(stopped))
        return _Hit("fact", "fact:medication:" + drug, {"attribute": "medication", "value": drug, "polarity": "-"},
                    0.85, True)
    m = (_DIET_LABEL.search(c) if vocab & _GATES["_DIET_LABEL"] else None)
    if m and not _NOT_BEFORE.search(c, 0, m.start("diet")):
        diet = " ".join(m.group("diet").lower().split())
        return _Hit("constraint", "constraint:diet", {"type": "diet", "object": diet}, 0.9,
                    diet in ("halal", "kosher", "celiac", "coeliac", "diabetic", "sober", "lactose intolerant",
                             "lactose-intolerant", "teetotal"))
    m = (_DIET_ENDED.search(c) if vocab & _GATES["_DIET_LABEL"] else None)
    if m and (m.group("longer") or re.search(r"\bany\s*more\b", m.group("rest"), _I)):
        # A fact in the diet rule's slot: it supersedes the rule, and its negation stays in its words.
        diet = " ".join(m.group("diet").lower().split())
        return _Hit("fact", "constraint:diet", {"type": "diet", "object": diet, "polarity": "-"}, 0.8)
    m = (_search(_DIET_NEG, c) if vocab & _GATES["_DIET_NEG"] else None)
    if m:
        o = _object(m.group("obj"))
        if o and not _DEICTIC.match(o):
            return _Hit("constraint", "constraint:diet:" + _head(o),
                        {"type": "diet", "predicate": " ".join(m.group("neg").lower().split()) + " "
                         + m.group("verb").lower(), "object": _clean_obj(o, name), "polarity": "-"}, 0.9)
    m = (_search(_CANT_HAVE, c) if vocab & _GATES["_DIET_NEG"] else None)
    if m and not _WHAT_WAS.match(c, m.start("verb")) and not _THIS_ONCE.search(c) and not _ONE_DAY_NAMED.search(c):
        o = _object(m.group("obj"))
        if o and not _DEICTIC.match(o):
            # ("I can't have dairy", "we can't have cats because of the lease", "I can't have meetings on Fridays")
            return _Hit("constraint", "constraint:" + _head(o),
                        {"type": "rule", "predicate": " ".join(m.group("neg").lower().split()) + " have",
                         "object": _clean_obj(o, name), "polarity": "-"}, 0.9)
    m = (_search(_KEEP_AWAY, c) if vocab & _GATES["_KEEP_AWAY"] else None)
    if (m and not _THIS_ONCE.search(c) and not _ONE_DAY_NAMED.search(c) and not _ON_ONE_DAY.search(c)
            and not _FEELING_WITHOUT.search(c)):
        o = _object(m.group("obj"))
        # (a name is someone, not a thing kept away from: "can't be next to Sam at the wedding")
        if o and not _DEICTIC.match(o) and not o[:1].isupper():
            # (of the thing kept away from: "smoke on Saturdays" is of smoke, "a cold during chemo" of a cold)
            thing = _NEAR_THING_ENDS.split(o, 1)[0] or o
            return _Hit("constraint", "constraint:near:" + _head(thing),
                        {"type": "rule", "predicate": " ".join(f"{m.group('neg')} {m.group('verb')} {m.group('prep')}".lower().split()),
                         "object": _clean_obj(o, name), "polarity": "-"}, 0.9)
    m = (_BUDGET.search(c) if vocab & _GATES["_BUDGET"] else None)
    if m:
        o = _object(_grp(m, "obj", "obj2", "obj3", "obj4"))
        if o:
            what = m.group("what")
            return _Hit("constraint", "constraint:budget" + (":" + _head(what) if what else ""),
                        {"type": "budget", "object": o}, 0.9, True)
    m = (_OFF_WHAT.search(c) if vocab & _GATES["_OFF_WHAT"] else None)
    # (not a thing named after it: "off the cake stall", "off the coffee rota")
    if m and not _NOT_BEFORE.search(c, 0, m.start("obj")) and not _NAMES_ANOTHER_THING.match(c, m.end()):
        o = " ".join(m.group("obj").lower().split())
        return _Hit("constraint", "constraint:diet:" + _head(o),
                    {"type": "diet", "predicate": "off", "object": o, "polarity": "-"}, 0.85)
    m = (_DOING_WITHOUT.search(c) if vocab & _GATES["_DOING_WITHOUT"] else None)
    if m and not re.match(r"any\s+of\s+(?:that|this|it|them|those|these)\b", m.group("obj"), _I):
        o = _object(m.group("obj"))
        if o:
            return _Hit("constraint", "constraint:" + _head(o),
                        {"type": "rule", "predicate": ("" if m.group("verb3") else "not ")
                         + " ".join(_grp(m, "verb", "verb2", "verb3").lower().split()),
                         "object": _clean_obj(o, name), "polarity": "-", "until": " ".join(m.group("until").split())}, 0.85)
    m = (_NOTHING_BOOKED.search(c) if vocab & _GATES["_NOTHING_BOOKED"] else None)
    if m:
        when = _object(m.group("when"))
        if when:
            return _Hit("constraint", "constraint:" + _head(when),
                        {"type": "rule", "predicate": "nothing booked", "object": when, "polarity": "-"}, 0.9)
    m = (_BARRED_UNTIL.search(c) if vocab & _GATES["_BARRED_UNTIL"] else None)
    if m:
        o = _object(m.group("obj"))
        if o:
            return _Hit("constraint", "constraint:" + _head(o),
                        {"type": "rule", "predicate": " ".join(m.group("modal").lower().split()),
                         "object": _clean_obj(o, name), "polarity": "-", "until": " ".join(m.group("until").split())}, 0.85)
    m = (_HARD_CEILING.search(c) if vocab & _GATES["_HARD_CEILING"] else None)
    if m:
        # (a sum for a thing: "for the wedding", "toward the laptop" is that thing's budget)
        what = (_FOR_THING.search(_grp(m, "what", "what2") or "") or _FOR_THING.search(c[m.end():m.end() + 40])
                or _WHICH_BUDGET.search(c))
        if what is not None and what.group("thing").split()[0].lower() in (
                "the", "my", "our", "a", "total", "whole", "entire", "me", "us", "you", "them", "him", "her", "over",
                "under", "it", "that", "this"):
            what = None
        return _Hit("constraint", "constraint:budget" + (":" + _head(what.group("thing")) if what else ""),
                    {"type": "budget", "object": " ".join(_grp(m, "sum", "sum2").split())}, 0.9, True)
    m = (_DEADLINE.search(c) if vocab & _GATES["_DEADLINE"] else None)
    if m:
        o = _object(_grp(m, "obj", "obj2"))
        if o:
            return _Hit("constraint", "constraint:deadline", {"type": "deadline", "object": o}, 0.9)
    m = (_NOT_ALLOWED.search(c) if vocab & _GATES["_NOT_ALLOWED"] else None)
    if m:
        o = _object(m.group("obj"))
        if o:
            return _Hit("constraint", "constraint:" + _head(o), {"type": "not_allowed", "object": _clean_obj(o, name),
                                                                "polarity": "-"}, 0.9)
    m = (_NO_RULE.match(c) if vocab & _GATES["_NO_RULE"] else None)
    if (m and m.group("head").lower() not in _NO_IDIOM and len(_WORDS.findall(c)) <= 12
            and not (m.group("neg").lower() == "nothing" and m.group("head").lower().endswith("s"))):  # "nothing beats"
        o = _object(m.group("obj"))
        if o and not _DEICTIC.match(o):
            return _Hit("constraint", "constraint:" + _head(o),
                        {"type": "rule", "predicate": " ".join(m.group("neg").lower().split()), "object": _clean_obj(o, name),
                         "polarity": "-"}, 0.9)
    m = (_DEMAND_ON_WHAT_IS_CHOSEN.match(c) if vocab & _GATES["_DEMAND_ON_WHAT_IS_CHOSEN"] else None)
    if m:
        o = _object(m.group("obj"))
        if o and not _DEICTIC.match(o):
            return _Hit("constraint", "constraint:" + _topic(c, o),
                        {"type": "rule", "predicate": " ".join(m.group("modal").lower().split()),
                         "object": _clean_obj(o, name), "polarity": "+"}, 0.9)
    m = (_WHEN_YOU_MAKE.match(c) if vocab & _GATES["_WHEN_YOU_MAKE"] else None)
    if m:
        o = _object(c)
        if o:
            # of the kind of thing and what is asked of it: "number them" and "include a warm-up" for
            # exercises both hold (sibling slots); "a numbered list" then "a bulleted list" is a change
            return _Hit("constraint", f"constraint:{_head(m.group('thing'))}:{_head(m.group('obj'))}",
                        {"type": "rule", "predicate": "whenever", "object": _clean_obj(o, name), "polarity": "+"}, 0.9)
    m = (_WHENEVER_MUST.match(c) if vocab & _GATES["_WHENEVER_MUST"] else None)
    if m:
        o = _object(c)
        if o:
            modal = " ".join(m.group("modal").lower().split())
            return _Hit("constraint", "constraint:" + _head(m.group("obj")),
                        {"type": "rule", "predicate": "whenever " + modal, "object": _clean_obj(o, name)}, 0.9)
    m = (_LIMIT_IDIOM.match(c) if vocab & _GATES["_LIMIT_IDIOM"] else None)
    if m is None and vocab & _GATES["_LIMIT_IDIOM"] and (told := _TOLD_THAT.match(c)) is not None:
        m = _LIMIT_IDIOM.match(c[told.end():])  # "my midwife was clear that saunas are out for me"
    if m:
        o = _object(m.group("obj"))
        idiom = " ".join(m.group("idiom").lower().split())
        # "that's a dealbreaker" names nothing; "being home by six" is the thing ruled
        if o and not re.fullmatch(r"(?:it|this|that|these|those|which|(?:and\s+|but\s+)?that\s+\w+)", o, _I):
            return _Hit("constraint", "constraint:" + _head(o),
                        {"type": "rule", "predicate": idiom, "object": _clean_obj(o, name),
                         "polarity": "+" if "negotiable" in idiom else "-"}, 0.9)
    m = (_ANSWER_RULE.match(c) if vocab & _GATES["_ANSWER_RULE"] else None)
    if m and (m.group("verb") or _STANDING_MARK.search(c)) and (_TOPIC_FORMAT.search(c) or _TOPIC_LANGUAGE.search(c)
                                                               or _TOPIC_TONE.search(c)):
        o = _object((m.group("what") or m.group("each")) + " " + m.group("obj"))
        if o:
            return _Hit("constraint", "constraint:" + _topic(c, o),
                        {"type": "rule", "predicate": (m.group("verb") or "").lower(), "object": _clean_obj(o, name),
                         "polarity": "+"}, 0.9)
    m = (_STANDING_MARK.search(c) if vocab & _GATES["_STANDING_REQUEST"] else None)
    if m and (_TOPIC_FORMAT.search(c) or _TOPIC_LANGUAGE.search(c) or _TOPIC_TONE.search(c)
              or (_FROM_NOW_ON_MARK.fullmatch(m.group()) and _asked_to_do(c, m))):
        # "use bullet points from now on", "going forward, reply in Spanish": a request of how to
        # answer, marked as standing, is a rule of the format; "send my reminders by email from now
        # on": a request of any other work, marked as holding from now on, a rule of that work
        asked = _asked_beside(c, m)
        head = _REQUEST_HEAD.match(asked)
        if head is not None and _is_request(asked) and head.group("verb").lower() not in _NOT_A_STANDING_VERB:
            o = _object(asked[head.end("verb"):] if head.start("verb") == 0 else asked)
            if o:
                return _Hit("constraint", "constraint:" + _topic(c, o),
                            {"type": "rule", "predicate": head.group(0).split()[0].lower() if head.start("verb") else head.group("verb").lower(),
                             "object": _clean_obj(o, name), "polarity": "-" if head.start("verb") else "+"}, 0.9)
    m = (_STOP_DOING.match(c) if vocab & _GATES["_STOP_DOING"] else None)
    if m and (_TOPIC_FORMAT.search(c) or _TOPIC_LANGUAGE.search(c) or _TOPIC_TONE.search(c)):
        o = _object(m.group("obj"))  # "stop using emojis": a rule of the format, against it
        if o:
            return _Hit("constraint", "constraint:" + _topic(c, o),
                        {"type": "rule", "predicate": "stop", "object": _clean_obj(o, name), "polarity": "-"}, 0.9)
    m = (_MAKE_SURE_RULE.match(c) if vocab & _GATES["_MAKE_SURE_RULE"] and not _FOR_A_WHILE.search(c) else None)
    if m:
        o = _object(m.group("obj"))
        # (what "you" are to do is the rule: "make sure you always cc my manager"; with no subject
        # before "never", "that" was it: "make sure that never happens again" points back)
        if (o and not _DEICTIC.match(re.sub(r"^(?:you|u)\s+", "", o, flags=_I))
                and not o.lower().startswith(m.group("freq").lower()) and not _OF_ONE_THING.search(o)):
            freq = m.group("freq").lower()
            return _Hit("constraint", "constraint:" + _topic(c, o),
                        {"type": "rule", "predicate": "make sure " + freq, "object": _clean_obj(o, name),
                         "polarity": "+" if freq in ("always", "only") else "-"}, 0.9)
    m = (_IMPERATIVE_RULE.search(c) if vocab & _GATES["_IMPERATIVE_RULE"] else None)
    if m and m.group("verb").lower() in _SAYING_VERBS and (
            _A_SAYING.search(c) or _ENCOURAGED.match(m.group("obj"))
            or m.group("freq").lower() not in ("always", "never", "only")):
        # "always be yourself, my gran used to say", "keep calm was her motto": a saying; "don't be
        # afraid to take risks", "never be shy about asking": encouragement, to whoever is told it
        m = None
    if m:
        o = _object(m.group("obj"))
        if o and not o.lower().startswith("up"):
            freq = " ".join(m.group("freq").lower().split())
            neg = freq not in ("always", "only")
            return _Hit("constraint", "constraint:" + _topic(c, o),
                        {"type": "rule", "predicate": freq + " " + m.group("verb").lower(),
                         "object": _clean_obj(o, name), "polarity": "-" if neg else "+"}, 0.9)
    m = (_search(_FREQ_RULE, c) if vocab & _GATES["_FREQ_RULE"] else None)
    if m:
        verb = m.group("verb").lower()
        o = _object(m.group("obj"))
        if (verb not in _STATIVE and verb not in _PAST_IRREGULAR and not verb.endswith("ed") and o
                and not _DEICTIC.match(o) and verb not in _ADV_SET):
            return _Hit("constraint", "constraint:" + _head(o),
                        {"type": "rule", "predicate": m.group("freq").lower() + " " + _third(verb),
                         "object": _clean_obj(o, name), "polarity": "-" if m.group("freq").lower() == "never" else "+"},
                        0.9)
    m = (_search(_MUST, c) if vocab & _GATES["_MUST"] else None)
    if m:
        verb = m.group("verb").lower()
        o = _object(m.group("obj"))
        subj = m.group("subj").lower()
        standing = bool(_STANDING.search(c))
        # "I must not take ibuprofen", "we mustn't give the baby honey": a prohibition the speaker
        # keeps to, unless said of one occasion ("I mustn't eat too much tonight")
        forbidden = (m.group("not") is not None and subj != "you" and verb not in _NOT_A_PROHIBITION
                     and not (verb == "give" and o.lower().startswith("up")) and not _THIS_ONCE.search(c))
        # ("you must not tell anyone about my diagnosis": what the assistant may not do, whatever the verb)
        told_you = subj == "you" and m.group("not") is not None and not _WHAT_WAS.match(c, m.start("verb"))
        if (verb not in _STATIVE or forbidden or told_you) and (standing or forbidden or told_you
                                                                or (subj == "you" and _MUST_WORD.search(c))):
            if o and not _DEICTIC.match(o):
                modal = " ".join(c[m.end("subj"):m.start("verb")].split()).lower()
                return _Hit("constraint", "constraint:" + (_topic(c, o) if subj == "you" else _rule_head(verb, o)),
                            {"type": "rule", "predicate": f"{modal} {verb}", "object": _clean_obj(o, name)}, 0.9)
    m = (_ONLY_RULE.match(c) if "only" in vocab else None)
    if m and (set(m.group("np").lower().split()) & _PRONOUNS_ETC or re.search(r"\b" + _ONE_OCCASION_WORD, c, _I)
              or re.match(r"so\s+(?:much|many|far|long)\b", m.group("obj").strip(), _I)):
        m = None  # "now it can only go downhill", "the plumber can only come on Thursday", "can only take so much"
    if m:
        o = _object(m.group("verb") + " " + m.group("obj"))
        if o:
            modal = " ".join(m.group("modal").lower().split())
            return _Hit("constraint", "constraint:" + _head(m.group("np")),
                        {"type": "rule", "predicate": f"{modal} only", "object": _clean_obj(o, name)}, 0.9)
    for gate, rule in (("_RULE_FOR_ALL", _RULE_FOR_ALL), ("_RULE_FOR_ANYTHING", _RULE_FOR_ANYTHING),
                       ("_RULE_FOR_ONE", _RULE_FOR_ONE)):
        m = (rule.search(c) if vocab & _GATES[gate] else None)
        if m:
            verb, o = m.group("verb").lower(), _object(m.group("obj"))
            if rule is _RULE_FOR_ALL and m.group("modal").lower() == "can" and m.group("q").lower() != "no":
                continue  # "every small act can make a difference": what may be, not a rule
            if (rule is _RULE_FOR_ONE and m.group("modal").lower() == "can" and m.group("freq").lower() == "never"
                    and (verb in _CANNOT_MANAGE or (verb == "get" and o.lower().startswith("enough")))):
                continue  # "my husband can never find his keys": a failing, not a rule
            if (o and verb not in _PAST_IRREGULAR and not verb.endswith("ed") and not _WHAT_WAS.match(c, m.start("verb"))
                    and (verb not in _NO_RULE_VERBS or (verb == "be" and (_KEPT.match(o) or _REQUIRED.match(o))))):
                modal = " ".join(c[m.start("modal"):m.start("verb")].split()).lower()
                # ("each report's gotta ...": of the report)
                return _Hit("constraint", "constraint:" + _head(re.sub(r"['’]s\s*$", "", m.group("np"))),
                            {"type": "rule", "predicate": f"{modal} {verb}", "object": _clean_obj(o, name)}, 0.9)
    m = (_NOT_TO.search(c) if vocab & _GATES["_NOT_TO"] else None)
    if (m and (modal := c[m.end("np"):m.start("verb")].lower()) and ("must" in modal or "should" in modal)
            and (m.group("np").lower() in _EVERYONE_OF_A_KIND or m.group("verb").lower() in _COMING_TO_KNOW
                 or ("never" not in modal and m.group("verb").lower() in _GUESSED_AFTER_MUST_NOT))):
        m = None  # "children should never be smacked": an opinion; "Mum must never find out": a secret kept
    if (m and not {w.lower() for w in m.group("np").split()} & _NOT_TO_AIMS
            and not _NOT_TO_JUDGED.match(c[m.start("verb"):]) and not _WHAT_WAS.match(c, m.start("verb"))):
        o = _object(m.group("verb") + " " + m.group("obj"))
        if o:
            return _Hit("constraint", "constraint:" + _head(o),
                        {"type": "rule", "predicate": "not to", "object": _clean_obj(o, name), "polarity": "-"}, 0.9)
    m = (_LIMIT_MODAL.search(c) if vocab & _GATES["_LIMIT_MODAL"] else None)
    # Not a guess ("he can't be more than 30"), nor the speaker's own plan ("I can't stay more than ...").
    np = (m.group("np") or m.group("np2") or m.group("np3")) if m else None
    if m and m.group("np3") and (_GUESSED.search(c) or {w.lower() for w in np.split()} & _NOT_A_THING_BOUND):
        m = None  # "surely the queue has to be over 2 hours by now", "the guy at the bar has to be at least 6'5"
    if m and np.split()[0].lower() not in ("i", "we", "you", "he", "she", "it", "they", "this", "that", "there"):
        o = _object(m.group("obj") or m.group("obj2") or m.group("obj3"))
        if o:
            return _Hit("constraint", "constraint:" + _head(np),
                        {"type": "limit", "object": _clean_obj(o, name)}, 0.9)
    if vocab & _GATES["_HOW_OFTEN_AT_MOST"] and _HOW_OFTEN_RX.match(c) and not _A_PAST_LIMIT.search(c):
        # "max three gym sessions a week", "at most 4 hours of screen time per day for the twins"
        o = _object(c)
        if o:
            return _Hit("constraint", None, {"type": "limit", "object": _clean_obj(o, name)}, 0.9)
    m = (_LIMITED.match(c) if vocab & _GATES["_LIMITED"] else None)
    if m:
        o = _object(m.group("obj"))
        if o:
            return _Hit("constraint", "constraint:" + _head(m.group("np")),
                        {"type": "limit", "object": _clean_obj(o, name)}, 0.9)
    # ---- decisions
    m = (_search(_DECIDED, c) if vocab & _GATES["_DECIDED"] else None)
    if m:
        o = _object(m.group("obj"))
        if o and not _DEICTIC.match(o):
            return _Hit("decision", "decision:" + _head(o),
                        {"predicate": "decided", "object": _clean_obj(o, name)}, 0.8)
    m = (_search(_GOING_WITH, c) if vocab & _GATES["_GOING_WITH"] else None)
    if m:
        o = _object(m.group("obj"))
        if o and not _DEICTIC.match(o):
            return _Hit("decision", "decision:" + _head(o), {"predicate": "chose", "object": _clean_obj(o, name)}, 0.8)
    m = (_search(_COMMIT, c) if vocab & _GATES["_COMMIT"] else None) or _SUBJECTLESS_PLAN.match(c)
    if m:
        verb = m.group("verb").lower()
        o = _object(m.group("obj"))
        first = o.split()[0].lower() if o else ""
        if (verb not in _CHATTY_VERB and verb not in _DETERMINER and verb not in _ADV_SET
                and not verb.endswith("ing") and o and not _DEICTIC.match(o) and first not in _MENTAL_ING):
            obj = verb + " " + o
            return _Hit("decision", "decision:" + _head(obj),
                        {"predicate": "will", "object": _clean_obj(obj, name), "task": "open"}, 0.8,
                        prefix=m.re is _SUBJECTLESS_PLAN)
    if future_ctx:
        m = (_search(_PROGRESSIVE_PLAN, c) if vocab & _GATES["_PROGRESSIVE_PLAN"] else None)
        if m and m.group("verb").lower() not in _MENTAL_ING and m.group("verb").lower() not in ("going",):
            o = _object(m.group("obj"))
            if o and not _DEICTIC.match(o):
                obj = m.group("verb") + " " + o
                return _Hit("decision", "decision:" + _head(obj),
                            {"predicate": "plans", "object": _clean_obj(obj, name), "task": "open"}, 0.8)
    # ---- preferences
    m = (_PREF_FAV.search(c) if vocab & _GATES["_PREF_FAV"] else None)
    if m:
        o = _object(m.group("obj"))
        cat = _slot_category(m.group("cat"))
        if o and not _DEICTIC.match(o):
            return _Hit("preference", "preference:favorite " + cat,
                        {"predicate": "favorite", "category": cat, "object": _clean_obj(o, name), "polarity": "+"}, 0.8)
    m = (_PREF_FAV2.search(c) if vocab & _GATES["_PREF_FAV2"] else None)
    if m:
        o = m.group("obj").strip()
        if o and not _DEICTIC.match(o) and not _FIRST_SUBJECT.match(o):
            cat = _slot_category(m.group("cat") or "")
            slot = "preference:favorite " + cat if cat else "preference:" + _head(o)
            return _Hit("preference", slot, {"predicate": "favorite", "category": cat, "object": _clean_obj(o, name),
                                             "polarity": "+"}, 0.8)
    m = (_search(_PREF_VERB, c) if vocab & _GATES["_PREF_VERB"] else None)
    if m:
        verb = m.group("verb").lower()
        negated = bool(m.group("neg"))
        polarity = "-" if negated != (verb in ("dislike", "hate", "detest", "loathe", "despise")) else "+"
        pred = _third(verb)
        if negated:
            pred = "doesn't " + verb
        strong = verb in ("prefer", "hate", "detest", "loathe", "despise", "adore")
        h = _pref_hit(m.group("obj"), pred, polarity, 0.8 if strong else 0.7, name,
                      _PREFER_CUT if verb == "prefer" else None)
        if h:
            return h
    m = (_search(_PREF_BE, c) if vocab & _GATES["_PREF_BE"] else None)
    if m:
        v = " ".join(m.group("verb").lower().split())
        negated = bool(m.group("neg")) or v.startswith("not ")
        v = v.removeprefix("not ").removeprefix("a ")
        if v == "fan of":
            v = "a fan of"
        h = _pref_hit(m.group("obj"), ("is not " if negated else "is ") + v, "-" if negated else "+", 0.7, name)
        if h:
            return h
    m = (_PREF_MY_THING.match(c) if vocab & _GATES["_PREF_MY_THING"] else None)
    if m:
        be = m.group("be").lower()
        negated = bool(m.group("neg")) or "n't" in be or " not" in be or "never" in be
        h = _pref_hit(m.group("obj"), "is not their thing" if negated else "is their thing", "-" if negated else "+",
                      0.7, name)
        if h:
            return h
    m = (_search(_PREF_NOT_ONE_FOR, c) if vocab & _GATES["_PREF_NOT_ONE_FOR"] else None)
    if m:
        h = _pref_hit(m.group("obj"), "is not one for", "-", 0.7, name)
        if h:
            return h
    m = (_search(_PREF_STAND, c) if vocab & _GATES["_PREF_STAND"] else None)
    if m:
        h = _pref_hit(m.group("obj"), "can't stand", "-", 0.8, name)
        if h:
            return h
    m = (_PREF_SUITS.search(c) if vocab & _GATES["_PREF_SUITS"] else None)
    if m:
        h = _pref_hit(m.group("obj"), "suits best", "+", 0.7, name)
        if h:
            return h
    m = (_search(_PREF_RATHER, c) if vocab & _GATES["_PREF_RATHER"] else None)
    if m:
        h = _pref_hit(m.group("obj"), "would rather", "+", 0.8, name)
        if h:
            return h
    # ---- facts
    m = (_NAME.search(c) if vocab & _GATES["_NAME"] else None)
    if m:
        o = _grp(m, "obj", "obj2", "obj3").strip()
        if o and o.lower() not in ("it", "that", "this"):
            return _Hit("fact", "fact:name", {"attribute": "name", "value": o}, 0.8)
    m = (_AGE.search(c) if vocab & _GATES["_AGE"] else None)
    if m:
        return _Hit("fact", "fact:age", {"attribute": "age", "value": _grp(m, "obj", "obj2")}, 0.8)
    m = (_SERVICE_WITH.search(c) if vocab & _GATES["_SERVICE_WITH"] else None)
    if m:
        o = _strip_time_tail(_object(_grp(m, "obj", "obj2", "obj3", "obj4", "obj5", "obj6", "obj7", "obj8", "obj9")))
        what = " ".join(_grp(m, "what", "what2", "what3", "what4", "what5", "what6", "what8", "what9").lower().split()) or "phone"
        # (not for one trip or a while: "switched my car insurance to geico for the rental car only")
        if o and not _NO_PROVIDER.match(o) and o.lower() not in _TIME_WORDS and not _FOR_A_WHILE_ONLY.search(c):
            return _Hit("fact", "fact:service:" + _service_slot(what), {"attribute": what, "value": _clean_obj(o, name)}, 0.8)
    changed = service_changed(c) if vocab & _GATES["_SERVICE_CHANGED"] else None
    if changed is not None:
        o = changed[1]
        if not _NO_PROVIDER.match(o) and o.lower() not in _TIME_WORDS and not _FOR_A_WHILE_ONLY.search(c):
            return _Hit("fact", "fact:service:" + changed[0], {"attribute": changed[0], "value": _clean_obj(o, name)}, 0.8)
    moved = moved_on(c) if vocab & _GATES["_MOVED_ON"] else None
    if moved is not None:
        return _Hit("fact", "fact:" + moved[0], {"attribute": moved[0], "value": _clean_obj(moved[1], name)}, 0.8)
    m = (_RESIDENCE.search(c) if vocab & _GATES["_RESIDENCE"] else None)
    if m:
        o = _object(_grp(m, "obj", "obj2", "obj3", "obj4", "obj5", "obj6"))
        if o and not _DEICTIC.match(o):
            return _Hit("fact", "fact:residence", {"attribute": "residence",
                                                   "value": _clean_obj(_strip_time_tail(o), name)}, 0.8)
    m = (_EMPLOYER.search(c) if vocab & _GATES["_EMPLOYER"] else None)
    if m:
        o = _object(_grp(m, "obj", "obj2", "obj3", "obj4"))
        if o and not _DEICTIC.match(o) and not o.lower().startswith(("home", "a ", "an ")):
            return _Hit("fact", "fact:employer", {"attribute": "employer",
                                                  "value": _clean_obj(_strip_time_tail(o), name)}, 0.8)
    m = (_ROLE_FILLED.match(c) or (_NEW_ROLE_NAMED.search(c) if not _STILL.search(c) else None)
         if vocab & _GATES["_ROLE_FILLED"] else None)
    if m is not None and m.re is _NEW_ROLE_NAMED and _OF_SOMEONE_ELSE.search(c, 0, m.start()) and not re.search(
            r"\b(?:my|our|the|an?)\s+new\s+$", c[:m.start("role")], _I):
        m = None  # "my sister moved to York, new gp is Dr Khan": her new gp, not the speaker's
    if m is None and vocab & _GATES["_ROLE_BY_DOING"]:
        doing = _ROLE_BY_DOING.match(c)
        if doing is not None and doing.group("name3").split()[0].lower() not in (name.lower(), "i", "we"):
            role = ROLE_OF_DOING[doing.group("doing").lower()]
            # (no slot: which of the speaker's roles it is, "coach" or "swim coach", is read by meaning)
            return _Hit("fact", None, {"attribute": role, "value": doing.group("name3")}, 0.8)
    low = lower_role_filled(c) if m is None and vocab & _GATES["_ROLE_FILLED"] else None
    if low is not None and low[1].split()[0] != name.lower():
        # "my manager is tom now": the role's new name, as "my manager is Tom now" gives it
        # ("named": "lower case", as the processor asks more of such a name before it replaces one)
        return _Hit("fact", "fact:role:" + _role_slot(low[0]),
                    {"attribute": low[0], "value": low[1], "named": "lower case"}, 0.8)
    if m:
        role = " ".join(_grp(m, "role", "role2", "role3", "role4").lower().split())
        who = _grp(m, "name", "name2", "name3", "name4")
        head = role.split()[-1]
        if (who.split()[0].lower() not in (name.lower(), "i", "we", "it", "that", "this", "he", "she", "they")
                and _is_person_role(head)
                # "my friend, Bea, is visiting": one of many friends, named; what is said is the visit
                and not (m.re is _ROLE_FILLED and m.group("role4") and head in HELD_BY_MANY)):
            fields = {"attribute": role, "value": who}
            if m.re is _NEW_ROLE_NAMED and m.group("unsaid") and not _POSSESSIVE_END.search(role.split()[0]):
                fields["owner"] = "unsaid"
            return _Hit("fact", None if head in HELD_BY_MANY else "fact:role:" + _role_slot(role), fields, 0.8)
    m = (_PROMOTED.search(c) if vocab & _GATES["_PROMOTED"] else None)
    if m:
        job = " ".join(_grp(m, "job", "job2").split())
        head = job.lower().split(" of ")[0].split()[-1]
        # "promoted to associate" says a job whatever its word but a rank of a sport, a class or a
        # level ("promoted to the first team", "to blue belt", "to the top set", "to level 3");
        # "made", "bumped up" only a word known for one ("made partner", "made me head of year"; not
        # "made some peach cobbler", "made me want to", "made friends", "bumped up to business class")
        if head not in _NO_JOB and not head.isdigit() and (m.group("promoted") or (
                (head in _PERSON_ROLES or _singular(head) in _OCCUPATIONS)
                and not (head in HELD_BY_MANY and len(job.split()) == 1))):
            return _Hit("fact", "fact:occupation", {"attribute": "occupation", "value": job}, 0.8)
    m = (_OCCUPATION.search(c) if vocab & _GATES["_OCCUPATION"] else None)
    if m:
        if m.group("obj"):
            o = _object(m.group("obj"))
            if o:
                return _Hit("fact", "fact:occupation", {"attribute": "occupation", "value": o}, 0.8)
        else:
            o = _object(_OCC_CUT.split(m.group("obj2"), 1)[0])
            words = o.lower().split()
            last = _singular(words[-1]) if words else ""
            if last in _OCCUPATIONS or (last and _OCCUPATION_SUFFIX.search(last) and len(words) <= 3):
                return _Hit("fact", "fact:occupation", {"attribute": "occupation", "value": o}, 0.8)
            if last in _IDENTITY and len(words) <= 4:
                return _Hit("fact", None, {"attribute": "identity", "value": o}, 0.8)
    m = (_STUDY.search(c) if vocab & _GATES["_STUDY"] else None)
    if m:
        o = _object(_grp(m, "obj", "obj2"))
        if o and not _DEICTIC.match(o):
            return _Hit("fact", "fact:study", {"attribute": "study", "value": o}, 0.8)
    m = (_BORN.search(c) if vocab & _GATES["_BORN"] else None)
    if m:
        o = _object(m.group("obj"))
        if o:
            return _Hit("fact", "fact:born", {"attribute": "born", "value": o}, 0.8)
    m = (_ORIGIN.search(c) if vocab & _GATES["_ORIGIN"] else None)
    if m:
        o = _object(m.group("obj"))
        if o and not _DEICTIC.match(o) and (o[0].isupper() or o.lower().startswith("the ")):
            return _Hit("fact", "fact:origin", {"attribute": "origin", "value": o}, 0.8)
    m = (_HAVE.search(c) if vocab & _GATES["_HAVE"] else None)
    if m:
        o = _object(m.group("obj"))
        words = o.split()
        for i, w in enumerate(words[1:5], start=1):
            if w.lower() in _HAVE_NOUNS:
                if i + 1 < len(words) and words[i + 1].lower() not in ("named", "called", "and", "&"):
                    o = " ".join(words[: i + 1])
                return _Hit("fact", None, {"predicate": "has", "object": _clean_obj(o, name)}, 0.6)
    m = (_HAVE_NONE.search(c) if vocab & _GATES["_HAVE"] else None)
    if m and _subject_ok(c, m.start()):
        words = _object(m.group("obj")).split()
        for i, w in enumerate(words[:3]):
            if w.lower() in _HAVE_NOUNS:
                return _Hit("fact", None, {"predicate": "has no", "object": " ".join(words[: i + 1]),
                                           "polarity": "-"}, 0.6)
    m = (_MY_X_IS.search(c) if vocab & _GATES["_MY_X_IS"] else None)
    if m:
        attr = " ".join(m.group("attr").lower().split())
        o = _object(m.group("obj"))
        head_attr = attr.split()[-1]
        informative = bool(_INFORMATIVE.search(o))
        if o and informative and not _DEICTIC.match(o) and not attr.startswith(("fav", "name")):
            if head_attr in _ATTRS or attr in _ATTRS:
                # "my new phone number" fills the slot of "my phone number": its new value
                slot_attr = re.sub(r"^(?:(?:new|current|latest|updated|present|actual)\s+)+", "", attr) or attr
                slot = f"fact:{m.group('poss').lower()} {slot_attr}"
                if (m.group("poss").lower() in ("my", "our") and _is_person_role(head_attr)
                        and head_attr not in HELD_BY_MANY and re.match(_PERSON + r"\b", o)):
                    # "my boss is Kenji and he's hands off": the role a name fills, as "my boss is Kenji"
                    slot = "fact:role:" + _role_slot(slot_attr)
                return _Hit("fact", slot,
                            {"attribute": attr, "value": _clean_obj(o, name)}, 0.8 if head_attr in (
                                "job", "occupation", "profession", "role", "title", "hometown", "city", "address",
                                "birthday", "age", "name", "nickname", "pronouns", "company", "employer") else 0.6)
            if _NAMED.search(o):
                return _Hit("fact", None, {"attribute": attr, "value": _clean_obj(o, name)}, 0.6)
    m = (_RELATION.match(c) if vocab & _GATES["_RELATION"] else None)
    if m:
        rest = _object(c[m.end():])
        if not rest or _DEICTIC.match(rest):
            return None
        verb = m.group("verb").lower()
        if verb in _ACTION_PAST or verb in _PAST_IRREGULAR or verb.endswith("ed"):
            return _Hit("episode", None, {"about": " ".join(m.group("rel").lower().split()), "verb": verb}, 0.5)
        return _Hit("fact", None, {"about": " ".join(m.group("rel").lower().split())}, 0.6)
    moved = rescheduled(c) if vocab & _GATES["_RESCHEDULED"] else None
    if moved is not None and moved[0].lower() in ("it", "that", "this"):
        # "pushed it to march": a plan told before, on its new day (which plan it is is found among
        # the records: engine.processor; "the exam got moved to november" is read as any statement)
        return _Hit("decision", None, {"predicate": "moved", "object": moved[0], "to": moved[1]}, 0.8)
    # ---- episodes
    for m in _EPISODE_SUBJ.finditer(c):
        if not _subject_ok(c, m.start("subj")):
            continue
        verb = m.group("verb").lower()
        contr = (m.group("contr") or "").lower()
        after = (m.group("after") or "").lower()
        after2 = (m.group("after2") or "").lower()
        if contr == "'d" or (verb == "had" and after in _PAST_PERFECT_OK and after not in ("had", "got")):
            participle = verb if contr else after
            if participle in _PAST_PERFECT_OK and participle not in _MENTAL:
                return _Hit("episode", None, {"verb": "had " + participle}, 0.5)
            continue
        if contr == "'ve" or verb == "have":
            participle, nxt = (verb, after) if contr else (after, after2)
            if participle == "been":
                clause_end = next((k for k in range(m.end(), len(c)) if c[k] in ",;:"), len(c))
                if nxt.endswith("ing") and nxt not in _MENTAL_ING and _LONG_SPAN.search(c[:clause_end], m.end()):
                    # "I've been playing the violin for ten years": a standing fact, not a recent event
                    return _Hit("fact", None, {"verb": "has been"}, 0.6)
                if (nxt in ("to", "at", "in", "on") or past_ctx
                        or (nxt.endswith("ing") and nxt not in _MENTAL_ING)):
                    return _Hit("episode", None, {"verb": "has been"}, 0.5)
                continue
            if participle in _PAST_PERFECT_OK and participle not in _MENTAL:
                return _Hit("episode", None, {"verb": "has " + participle}, 0.5)
            continue
        if verb == "got" and after in _GOT_THING:
            return _Hit("episode", None, {"verb": verb}, 0.5)  # "we got another cat"
        if verb in _DATED_ONLY:
            if _SUBORDINATE.search(c, 0, m.start("subj")):
                continue  # "when I was younger, ...": the setting, not the event
            if past_ctx and not (verb in ("did", "didn't", "got") and after in ("it", "that", "this", "so")):
                return _Hit("episode", None, {"verb": verb}, 0.5)
            continue
        if verb in _ACTION_PAST:
            return _Hit("episode", None, {"verb": verb}, 0.5)
        is_past = verb in _PAST_IRREGULAR or (verb.endswith("ed") and verb not in _ED_PRESENT)
        if is_past and verb not in _MENTAL:
            return _Hit("episode", None, {"verb": verb}, 0.5)
    return None


def _topic(clause: str, obj: str = "") -> str:
    if _TOPIC_LANGUAGE.search(clause):
        return "language"
    if _TOPIC_FORMAT.search(clause):
        return "format"
    if _TOPIC_TONE.search(clause):
        return "tone"
    if _TOPIC_NAME.search(clause):
        return "name"
    return _head(obj) if obj else "general"


def _temp_topic(clause: str) -> str:
    t = _topic(clause)
    return t if t in ("language", "format", "tone", "name") else "general"


# --------------------------------------------------------------------------------------------------
# Assembly

_CLAUSE_SPLIT = re.compile(
    # (from the start of a run of spaces only: trying each space of a long run costs its cube)
    r"(?<!\s)\s*(?:;|\s[-–—]+\s|[–—]|,?\s+but\s+(?=(?:I|I'm|I've|I'd|I'll|we|we're|we've|my)\b)|"
    r",\s+(?:and|so)\s+(?=(?:I|I'm|I've|I'd|I'll|we|we're|we've|my|(?:please\s+)?(?:never|always|don't|do\s+not)\s+(?:ever\s+)?(?:suggest|give|send|use|include|put|book|recommend|"
    r"add|mention|show|offer|schedule|make|plan|write))\b)|"
    # "..., so any course I sign up for needs to ...": a demand on whatever is chosen, after its reason
    # (not one that leans on it: "..., so anything you suggest has to stay under that" is one rule)
    r",?\s+so\s+(?=(?:any|whatever|whichever|every|anything|everything)\b[^.!?;]{0,60}?\b(?:you|u|I|we)\s+[^.!?;]{0,60}?"
    r"\b(?:has\s+to|have\s+to|must|needs?\s+to)\b(?![^.!?;]*\b(?:it|that|this|those|these|them|his|her|their|its)\b)))\s*",
    _I,
)
_AND_I = re.compile(r"(?<!\s)\s+and\s+(?=(?:I|I'm|I've|I'd|I'll)\b)", _I)  # (from a run's start: see _CLAUSE_SPLIT)
#: A rule said as what follows, without the comma speech and chat leave out ("I'm on lithium so I
#: must never take ibuprofen"); not a purpose ("so I could ..."). Read apart only where a rule reads
#: what follows (`_clauses`' `rule_after_so`): else the sentence stays whole.
_SO_I_RULE = re.compile(r"(?<!\s)\s+(?:and\s+)?so\s+(?=I(?:\s+(?:must|mustn['’]t|can['’]t|cannot|can\s+never|should\s+never|"
                        r"shouldn['’]t|have\s+to|need\s+to|am\s+not\s+allowed|always\s+have\s+to)|['’]m\s+not\s+allowed)\b)", _I)
_HAS_I_SUBJECT = re.compile(r"\b(?:I|I'm|I've|I'd|I'll)\b", _I)


#: A limit said as what follows from a reason ("I'm on warfarin, so aspirin is off limits", "my knee is
#: shot, so squats are a no-go"): two statements, the reason's and the rule's.
_SO_LIMIT = re.compile(r",\s+(?:and\s+)?so\s+(?=[^,.!?;]{2,60}?\s*(?:\b(?:is|are)\b|['’]s|['’]re)\s)", _I)


#: A limit that leans on what came before it: a comparison with it or a word pointing back.
_LEANS_BACK = re.compile(r"\b(?:it|that|this|those|these|them|more|less|fewer|\w{3,}er\s+than|"
                         r"anything\s+(?:\w+er|more|less|over|above|under|below|beyond|else)|over|above|under|below|beyond)\b", _I)


#: A limit said for a while ("for six weeks", "today", "this week", "until Friday"; not "for now").
_FOR_A_WHILE = re.compile(r"\b(?:for\s+(?:the\s+)?(?:next\s+)?(?:a\s+few\s+|a\s+couple\s+of\s+|a\s+|\w+\s+)?(?:days?|weeks?|months?|hours?|"
                          r"fortnight)|today|tonight|tomorrow|this\s+(?:week|weekend|month|year)|until|till|til)\b", _I)


_SO_BETWEEN = re.compile(r"^[\s,;:\-–—]*(?:and\s+)?so\b[\s,]*$", _I)


def _reason_before(body: str, reason: str, limit: str) -> str | None:
    """The reason and the limit as one clause when the body says the limit follows from the reason
    right after it ("..., so I can't ..."); else None."""
    i = body.find(reason)
    j = body.find(limit, i + len(reason)) if i >= 0 else -1
    if j < 0 or not _SO_BETWEEN.match(body[i + len(reason):j]):
        return None
    return body[i:j + len(limit)]


def _so_limit(clause: str) -> tuple[str, str] | None:
    """(the reason, the limit) of a limit said as what follows from a reason, else None."""
    m = _SO_LIMIT.search(clause)
    # (an idiom, "so squats are a no-go", or a limit in a rule's form, "so going out is capped at £25 a week")
    if m is None or not (_LIMIT_IDIOM.match(clause[m.end():]) or _LIMITED.match(clause[m.end():])):
        return None
    return clause[:m.start()], clause[m.end():]


def _clauses(body: str, rule_after_so: Callable[[str], bool] | None = None) -> list[str]:
    out: list[str] = []
    for part in _CLAUSE_SPLIT.split(body):
        if not part:
            continue
        pos = 0
        joins = list(_AND_I.finditer(part))
        if rule_after_so is not None:
            joins = sorted(joins + [m for m in _SO_I_RULE.finditer(part) if rule_after_so(part[m.end():])],
                           key=lambda m: m.start())
        for m in joins:
            if m.start() >= pos and _HAS_I_SUBJECT.search(part, pos, m.start()):
                out.append(part[pos:m.start()])
                pos = m.end()
        out.append(part[pos:])
    return out


_WORDS = re.compile(r"[A-Za-z0-9]+")
_TRAILING = re.compile(r"[\s.!…,;:\-–—]+$")
_SPACES = re.compile(r"\s+")
_PAST_CTX = re.compile(
    r"\b(?:recently|earlier|the\s+other\s+day|back\s+(?:in|then|when)|a\s+while\s+(?:ago|back)|once|"
    r"as\s+a\s+(?:kid|child|teen|teenager)|growing\s+up|when\s+(?:I|we)\s+(?:was|were)\s+(?:a\s+kid|young|little|"
    r"a\s+child|younger|kids|in\s+\w+))\b", _I)


_ATTRIBUTED_LOWER = re.compile(r"^(?P<who>[^:]{1,40}: )(?P<first>[a-z])")


def _finish(text: str) -> str:
    text = _SPACES.sub(" ", text).strip()
    text = _TRAILING.sub("", text)
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    # "Nora: we moved the launch" (an opener was dropped) -> "Nora: We moved the launch"
    return _ATTRIBUTED_LOWER.sub(lambda m: m.group("who") + m.group("first").upper(), text)


def _privacy(kind: str, text: str, sensitive: bool) -> str:
    if sensitive or _SENSITIVE.search(text):
        return "sensitive"
    if kind == "temporary_instruction":
        return "public"
    if kind in ("preference", "constraint", "decision") and _ASSISTANT_TOPIC.search(text):
        return "public"
    return "personal"


#: What a request to the assistant can open with besides the cues of _INSTRUCTION ("open every reply
#: with ...", "send any vendor questions to ...", "remind me ..."): a base-form verb that is commonly
#: addressed to an assistant.
_IMPERATIVE_VERBS = frozenset("""answer reply respond write use speak talk call keep be give show format tell remind send
open start begin end close sign add put list mention include skip leave drop cut stop avoid suggest recommend offer quote
convert translate summarize summarise explain draft address refer treat assume pretend act play quiz ask check flag mark
note let make set switch change route forward redirect copy email text ping notify alert warn wait hold hide mute pause
stick go limit cap round display print express proofread rewrite sort rank focus ignore read walk help bring try prepare
price follow greet lead tag label highlight bold number wrap spell count double-check cc loop hand pass direct assign
default address respond say sound reply prioritize prioritise order book plan nudge prompt ping refuse decline hold
reserve mind watch track log record flag post publish share remember""".split())
#: Prepositions of place that open a clause but never a request ("group walk today, along the
#: cliffs", "a long ride today across the moors"): what happened, and where.
_PLACE_PREPS = frozenset("""along across around through past under beneath below above beside behind near into onto
towards toward via inside outside opposite within amid""".split())
_STOP_START = STOP_WORDS | _NOT_VERB | _TIME_PREPS | _PLACE_PREPS | frozenset("""i you he she we they it""".split())
#: A request by form: a verb-like first word before its object ("humor me", "route all calls to ...").
#: Verbs of requests that are nouns more often than not, ahead of another noun ("book club", "quiz
#: night", "play date"): such a clause is a request only with an object or particle after the verb.
_NOUNS_FIRST = frozenset("book quiz walk play price number order lead label round".split())
_PARTICLES = frozenset("""in on at to for with from by into onto about around over through up down out off back
again now later tomorrow tonight today early late quickly slowly""".split())
#: What a verb is done to, after its object: the speaker ("puzzles at me", "questions to us").
_AT_ME = re.compile(r"(?:\s+[\w'-]+){0,3}?\s+(?:at|to|for|with|on)\s+(?:me|us)\b", _I)
_OBJECT_START = frozenset("""me us it them him her every each all any the a an my our this these those some no everything
anything nothing up out off down back""".split())
#: Words that open a clause but never as a request: pronouns, determiners, conjunctions, fillers, and the
#: verbs of a sentence with a dropped "I" ("love the idea", "need the report", "got a new one").
_NOT_A_REQUEST = frozenset("""love like hate miss need want hope wish think guess feel know mean enjoy thanks thank loved
liked hated missed needed wanted hoped wished thought guessed felt knew meant enjoyed got had went was were did been
is are am has does seems looks sounds feels today tonight tomorrow yesterday there here it's that's what's who's
where's how's one first last next""".split())
#: Said to a friend, not an instruction for the assistant ("let me know how it goes", "have fun").
_SOCIAL_REQUEST = re.compile(
    r"^(?:let\s+me\s+know|keep\s+me\s+posted|keep\s+(?:it|that)\s+up|keep\s+up|have\s+(?:a|an|fun|a\s+good)|"
    r"enjoy|take\s+care|good\s+luck|wish\s+me|check\s+(?:it|this|that)?\s*out|look\s+at|stay\s+(?:safe|strong|tuned)|"
    r"hang\s+in|say\s+hi|give\s+(?:them|him|her|it)\s+a\s+(?:hug|pat|kiss))\b", _I)
_REQUEST_LEAD = re.compile(r"^(?:(?:please|kindly|just|also|and|so|then|now|oh|ok|okay|instead)\b[\s,]*|"
                           # the polite forms: "I would appreciate it if you could ...", "it would help if you'd ..."
                           r"(?:I\s+would|I'd|I\s+should|it\s+would|it'd)\s+(?:really\s+|very\s+much\s+)?"
                           r"(?:appreciate\s+(?:it\s+)?|be\s+(?:grateful|glad|great|helpful|nice)\s+|help\s+)"
                           r"if\s+you\s*(?:could|would|'d|can|will)\s+(?:please\s+)?)+", _I)
_REQUEST_HEAD = re.compile(
    r"^(?:(?:don't|do\s+not|dont|never|no\s+more|stop)\s+(?:ever\s+)?)?(?P<verb>[a-z][a-z-]*)\b(?:\s+(?P<next>[a-z']+))?", _I)
#: A request that holds as a rule, not for a period ("always ...", "from now on ...").
_STANDING_MARK = re.compile(
    r"\b(?:always|from\s+now\s+on|going\s+forward|whenever|every\s+time|any\s*time|by\s+default|"
    r"in\s+(?:the\s+)?future|permanently|forever|from\s+here\s+on)\b", _I)
#: The marks of `_STANDING_MARK` that say a request holds from now on, whatever it asks ("always"
#: and "whenever" are read with what they are said of).
_FROM_NOW_ON_MARK = re.compile(r"from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|by\s+default|from\s+here\s+on",
                               _I)
#: "no running on the new hip, ever", "never again": said of the rule, after the clause that states it.
_EVER = re.compile(r",\s*ever\b|\bever\s+again\b", _I)
#: A bare time word that dates when a rule was told, not how long it holds: "my solicitor told me
#: today that ...", "had the follow-up with the consultant today and she was firm: ...".
_TOLD_THEN = re.compile(r"\b(?:told|said|says|advised|warned|explained|confirmed|insisted|ordered|saw|seen|"
                        r"follow-?up|appointment|check-?up|consultation|review)\b(?:\s+[\w'’-]+){0,3}?\s+$", _I)
_REQUEST_SPLIT = re.compile(
    r"\s*(?:[,;:(]|\)|\s[-\u2013\u2014]+\s|[\u2013\u2014]|\.\.\.)\s*|\s+(?:so|which\s+means|therefore|and\s+then)\s+", _I)


_POSSESSIVE_AFTER = re.compile(r"'s\b")
#: What a period said with "for" is of ("for today's session", "for this week's practice"): one word.
_PERIOD_OF = re.compile(r"['’]s\s+[\w-]+\s*,?")


#: How answers are to be, asked in a verbless clause as chat asks it ("max 2 sentences per answer",
#: "short answers", "bullet points only", "answers in plain text"), not said of them ("short answers
#: work best for me": a liking, read as one).
_ANSWERS = r"(?:answers?|repl(?:y|ies)|responses?|messages?)"
_FORMAT_ASKED = re.compile(
    # the whole clause says only how answers are to be (not "short answer section of the ielts",
    # "one line answers on the quiz sheet", "max 2 sentences per answer says the examiner")
    r"(?:(?:max(?:imum)?|at\s+most|under|less\s+than|fewer\s+than|no\s+more\s+than|up\s+to)\s+\d+\s+"
    r"(?:sentences?|words?|lines?|bullets?|bullet\s+points?|paragraphs?)(?:\s+(?:per|an?|each|in\s+(?:each|an?))\s+" + _ANSWERS + r")?"
    r"|(?:short(?:er)?|brief(?:er)?|quick|concise|simple|plain|one[- ](?:line|word|sentence|paragraph)|two[- ]line|"
    r"bullet(?:ed)?|numbered)\s+" + _ANSWERS +
    r"|bullet\s+points?|bullets|plain\s+text|text|" + _ANSWERS + r"\s+(?:in|as)\s+(?:bullet\s+points?|bullets|plain\s+text|a\s+list))"
    r"(?:\s+only)?(?:,?\s+(?:please|pls|plz|ta|thanks|thx|mate))?", _I)
_FORMAT_SAID_OF = re.compile(r"\b(?:is|are|was|were|be|been|seem|seems|work|works|worked|suit|suits|help|helps|make|makes|"
                             r"do|does|did|get|gets|got|have|has|had|like|love|prefer|find)\b|['’]s\b", _I)


def _is_request(clause: str, verbless: bool = False) -> bool:
    """Is the clause an instruction or a request to the assistant, by its form: an imperative
    ("call me Captain", "open every reply with ...", "don't suggest ..."), "no X", a request
    ("can you ...", "I'd like you to ...", "please ...")? `verbless`: also how answers are to be,
    asked without a verb ("next hour only: max 2 sentences per answer"), as chat asks for a period."""
    c = _REQUEST_LEAD.sub("", strip_lead_in(clause.strip(" ,;:-.!"))).strip()
    if len(_WORDS.findall(c)) < 2 or _SOCIAL_REQUEST.match(c):
        return False
    if re.match(r"only\s", c, _I):
        return _is_request(c[5:], verbless)  # "only use metric units"; "only one of them came" says what happened
    no = re.match(r"(?:no(?:\s+more)?|nothing)\s+([\w'-]+)", c, _I)
    if no is not None:
        return no.group(1).lower() not in _NO_IDIOM  # "no spoilers tonight"; "no idea what to cook tonight"
    if _INSTRUCTION.search(c):
        return True
    if verbless and _FORMAT_ASKED.fullmatch(c.strip(" ,;:-.!")) and not _FORMAT_SAID_OF.search(c):
        return True  # "max 2 sentences per answer", "short answers", "bullet points only": asked without a verb
    m = _REQUEST_HEAD.match(c)
    if m is None:
        return False
    verb, nxt = m.group("verb").lower(), (m.group("next") or "").lower()
    if verb in _NOT_A_REQUEST:
        return False
    if verb in _IMPERATIVE_VERBS:
        # "Book club again tonight", "quiz night", "walk group": a noun before a noun, no imperative
        # (a plural after it is its object: "book meetings after 2pm", "order pizzas")
        return not (verb in _NOUNS_FIRST and nxt and nxt not in _OBJECT_START and nxt not in _PARTICLES
                    and not nxt.endswith("s"))
    verb_like = (verb not in _STOP_START and verb not in _ADV_SET and verb not in _MODALS
                 and verb not in _PAST_IRREGULAR and verb not in _TIME_WORDS and not verb.endswith(("ing", "ed"))
                 and m.start("verb") == 0 and not c[0].isdigit())
    # "throw puzzles at me with zero hints", "fire questions at us": a thing done to the speaker
    return verb_like and (nxt in _OBJECT_START or (nxt not in _STOP_START and _AT_ME.match(c, m.end()) is not None))


#: Verbs of requests that a mark of standing does not make a rule of the work: a reminder, a note
#: to keep ("in future, remember that I hate cilantro" is a fact), a question put.
_NOT_A_STANDING_VERB = frozenset("tell ask remind let get have help remember note bear".split())
#: A request's asking before its verb ("can you ", "could u please ").
_ASKED_LEAD = re.compile(r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|just\s+)?)", _I)


def _asked_beside(text: str, mark: re.Match[str]) -> str:
    """What a request marked as standing asks, without the mark, its lead-in or its asking ("from
    now on please send ...", "can you send ... from now on": "send ...")."""
    asked = (text[:mark.start()] + " " + text[mark.end():]).strip(" ,;:-")
    return _ASKED_LEAD.sub("", _REQUEST_LEAD.sub("", strip_lead_in(asked).strip())).strip()


def _asked_to_do(text: str, mark: re.Match[str]) -> bool:
    """Whether what is asked beside a mark of standing opens with a verb, the assistant's work
    ("send my reminders by email", "can you file receipts under travel"; not "no sleeper trains
    for me", which `_NO_RULE` reads)."""
    asked = _asked_beside(text, mark)
    head = _REQUEST_HEAD.match(asked)
    return (head is not None and head.start("verb") == 0 and head.group("verb").lower() not in ("no", "nothing", "zero")
            and head.group("verb").lower() not in _NOT_A_STANDING_VERB and _is_request(asked))


def _asked_from_now_on(text: str) -> bool:
    """A request to the assistant marked as holding from now on ("switch to English from now on",
    "going forward, book my physio for Thursdays"): a rule of the speaker's, though it names them
    nowhere. (A sentence of more than 400 characters is no short request.)"""
    m = _STANDING_MARK.search(text) if len(text) <= 400 else None
    if m is None or not _FROM_NOW_ON_MARK.fullmatch(m.group()):
        return False
    return _asked_to_do(text, m)


def _request_clause(text: str, verbless: bool = False) -> str | None:
    """The first clause of `text` (its periods taken out) that is a request to the assistant."""
    for part in _REQUEST_SPLIT.split(text):
        if part and part.strip() and _is_request(part, verbless):
            return part.strip(" ,;:-.!?")
    return None


#: A request asked as a question ("could you keep answers brief?", "can you always reply in
#: Spanish?", "would you mind using bullet points from now on?"): what it asks the assistant to do.
#: "can you" with a verb of what the assistant is able to do asks whether it can ("can you speak
#: Spanish?", "can you read PDFs?").
_ASKED_TO_DO = re.compile(
    r"^(?:(?:and|so|also|oh|ok|okay|hey|but|then)\W+)*"
    r"(?:(?P<lead>from\s+now\s+on|going\s+forward|in\s+future|(?:just\s+)?for\s+(?:today|tonight|now|this\s+(?:chat|conversation|session)|"
    r"the\s+rest\s+of\s+(?:the|this)\s+\w+))(?:\s*,\s*|\s+))?"
    r"(?:(?P<modal>can|could|would|will)\s+(?:you|u)\s+(?:(?:please|pls|kindly|just|maybe|also|perhaps)(?:\s*,\s*|\s+)|try\s+(?:to|and)\s+)*"
    # (not an opinion asked, "would you say ...", "would you always recommend ...?")
    r"(?P<rule>(?!(?:make\s+sure|ensure|see\s+to\s+it|mind|like|want|prefer|rather|be\s+able|believe|imagine|guess|say|think|"
    r"reckon|agree|consider|suppose|recommend|suggest|advise)\b)[a-z][^?]*)"
    r"|would\s+you\s+mind\s+(?:(?:please|just)\s+)?(?P<not>not\s+)?(?P<ing>[a-z]+ing\b[^?]*))"
    r"\?*$", _I)
#: What tells a question of the past or of a supposition, not a request ("... growing up?", "... if
#: you were me?").
_NOT_ASKED_OF_NOW = re.compile(r"\b(?:you\s+were|growing\s+up|as\s+a\s+(?:kid|child)|back\s+then|if\s+(?:you|I|we)\b)", _I)
#: Where another request joins the one asked ("..., and also remind me to buy milk").
_ASKED_BESIDES = re.compile(r"(?<![\s,])[\s,]+(?:and\s+)?also\s+|(?<![\s,])[\s,]+and\s+then\s+", _I)
_CAN_DO_VERBS = frozenset("speak read understand see access handle remember do hear open browse search process help "
                          "recognise recognize translate find check tell".split())


#: A task ("draft a short note to the landlord", "write me a brief summary of the figures",
#: "recommend short hikes near Bergen", "explain the tax forms in plain words"): what it asks is
#: done once, however it is to be written; no rule of how to answer. Not what is asked of the
#: answers at large ("give me short answers", "write the replies in Spanish", "explain things
#: simply") nor a manner ("write in Spanish").
_A_TASK = re.compile(
    r"^(?:(?:please|pls|kindly|just|also|and|so|then|now|ok|okay)\W+)*"
    r"(?:draft|write|make|send|give|create|prepare|compose|put\s+together|knock\s+up|do|get|find|pull\s+together|"
    r"come\s+up\s+with|recommend|suggest|list|explain|summari[sz]e|tell|translate|check|book|plan|look\s+up|show|read|"
    r"proofread|rewrite|edit|review|describe|outline|compare|calculate|work\s+out|sort\s+out|fix)\s+"
    # (whom it is for, taken whole: "give me a short answer" is of the answer)
    r"(?:(?:me|us|them|him|her|everyone|the\s+\w+(?=\s+(?:a|an|the|some|this|that)\b))\s+)?+"
    r"(?!(?:in|with|like|as|more|less|only|always|never|from|to|back|out|it|things|everything|anything)\b"
    r"|(?:[\w-]+\s+){0,2}?(?:answers?|repl(?:y|ies)|responses?|explanations?|bullet\s+points?|bullets|paragraphs?|"
    r"sentences?|lines?|words?)\b)(?=[a-z0-9])", _I)


def _base_form(ing: str) -> str | None:
    """The plain form of a verb of a request from its -ing form ("keeping" -> "keep", "using" ->
    "use", "stopping" -> "stop"), among the verbs rules to the assistant are made of."""
    stem = ing.lower()[:-3]
    for verb in (stem, stem + "e", stem[:-1]):
        if verb in _IMPERATIVE_VERBS:
            return verb
    return None


def asked_to_do(sentence: str) -> str | None:
    """What a request asked as a question asks, said as one ("could you keep answers brief?" ->
    "Please keep answers brief."); None for any other sentence, or a question of whether the
    assistant can ("can you speak Spanish?")."""
    m = _ASKED_TO_DO.match(sentence.strip().rstrip("!?. ") + "?")
    if m is None:
        return None
    if m.group("ing") is not None:
        verb, _, rest = m.group("ing").partition(" ")
        base = _base_form(verb)
        if base is None:
            return None
        rule = ("don't " if m.group("not") else "") + f"{base} {rest}".strip()
    else:
        rule = m.group("rule").strip()
        if m.group("modal").lower() == "can" and rule.split()[0].lower() in _CAN_DO_VERBS and not _STANDING_MARK.search(rule):
            return None
        rule = re.sub(r"^not\s+", "don't ", rule, flags=_I)  # "could you not use tables?"
    if _NOT_ASKED_OF_NOW.search(rule):
        return None  # "could you always speak French at home growing up?", "would you ... if you were me?"
    rule = _ASKED_BESIDES.split(rule, 1)[0]  # "... and also remind me to buy milk": another request
    # (each from the start of a run of spaces: trying every way of splitting one costs its square)
    rule = re.sub(r"(?<![\s,.!])(?:[\s,]+(?:please|pls|plz|thanks|thx|ta))?[\s.!]*$", "", rule, flags=_I)
    if rule.isupper():
        rule = rule.lower()
    lead = f" {m.group('lead').lower()}" if m.group("lead") else ""
    return "Please " + rule.rstrip(" ,") + lead + "."


def _temporary(sentence: str, name: str, occurred_at: datetime, session_ttl: timedelta,
               correction: bool, hedged: bool, tz: tzinfo = timezone.utc,
               setting: Period | None = None, lent: bool = False) -> Candidate | None:
    """An instruction limited to a period ("just for today, call me Captain", "until Friday, send ...
    to Marco", "for this chat, answer in French") expires at the end of that period in the subject's
    time zone. The period may sit in a clause that gives the reason ("it's my birthday today, so
    ..."), or, when the instruction's own bound is open ("until then", "until I've submitted my
    answer", "while I'm away"), in what the turn said before (`setting`); with `lent`, any request
    without a period of its own takes the one said before it. A bare time word ("today") or an open
    bound does not make a question or a standing rule ("always ...") temporary."""
    if "[REDACTED:" in sentence:
        return None
    periods = [p for p in find_periods(sentence, occurred_at, tz)
               if not (p.bare and _TOLD_THEN.search(sentence, max(0, p.start - 60), p.start))]
    if not periods:
        # "I'm running on three hours of sleep today. Keep that in mind if I ask you to plan my
        # afternoon.": pointing back to what was told for a period, it holds for that period
        if (setting is None or not (lent or POINTS_BACK.search(sentence))
                or (setting.ends_at is not None and setting.ends_at <= occurred_at)):
            return None
    rest, pos = [], 0
    for p in periods:
        rest.append(sentence[pos:p.start])
        # "for today's session, ...", "for this week's practice ...": what the period is of goes with it
        of = _PERIOD_OF.match(sentence, p.end) if not p.bare else None
        pos = of.end() if of is not None else p.end
    rest.append(sentence[pos:])
    # (a period said beside it makes a verbless ask of how to answer one: "next hour only: short answers")
    core = _request_clause(", ".join(rest), verbless=bool(periods))
    if core is None:
        # "pork is a hard no for me this weekend", "pizza is off the menu tonight": a limit for then
        # (not "for now": a limit said so holds past this chat, as a rule)
        idiom = _LIMIT_IDIOM.match(strip_lead_in(sentence[:periods[0].start].strip(" ,;:-")))
        if idiom is None or periods[0].session or periods[0].ends_at is None:
            return None
        core = idiom.group(0).strip(" ,;:-.!?")
    explicit = [p for p in periods if not p.bare and not p.open]
    if (explicit and not explicit[0].session and states_a_rule(core)
            and re.match(r"(?:until|till|til|through|thru)\b", explicit[0].words, re.IGNORECASE)):
        return None  # "no rides longer than 25 km until the end of March": a rule, kept as one, that ends then
    question = sentence.rstrip().endswith("?")
    standing = bool(_STANDING_MARK.search(core)) or _EVER.search(sentence) is not None
    appended = ""
    if explicit:
        period = explicit[0]
    elif question or standing:
        return None
    elif any(p.bare and not _POSSESSIVE_AFTER.match(sentence, p.end) for p in periods):
        # "this week's workouts" names what, not for how long
        period = next(p for p in periods if p.bare and not _POSSESSIVE_AFTER.match(sentence, p.end))
    elif setting is not None:
        period = setting
        appended = f" ({period.label})" if period.label else ""
    else:
        return None
    if period.session:
        expires, scope = occurred_at + session_ttl, "session"
    else:
        expires, scope = period.ends_at, None
    text, _ = resolve_dates(to_third_person(sentence, name), occurred_at, tz)
    text = _finish(text) + appended
    if not text.startswith(name):
        text = f"{name}: {text}"
    topic = _temp_topic(core)
    return Candidate(
        kind="temporary_instruction", text=text,
        fields={"instruction": _finish(to_third_person(core, name).removeprefix(f"{name}: ")),
                "until": "session" if scope else period.label, "period": " ".join(period.words.split())},
        slot="temporary_instruction:" + topic if topic != "general" else None,
        source="inferred" if hedged else "user_explicit",
        confidence=0.55 if hedged else (0.95 if correction else 0.9), importance=0.6,
        privacy_level=_privacy("temporary_instruction", text, False),
        happened_at=None, expires_at=expires, scope=scope, correction=correction,
    )


def _build(hit: _Hit, clause: str, name: str, occurred_at: datetime, correction: bool, hedged: bool,
           tz: tzinfo = timezone.utc) -> Candidate:
    if hit.fields.get("predicate") == "out":
        clause = plain_negations(clause)  # "saunas are out for me" -> "saunas are not allowed for me"
    text, when = resolve_dates(to_third_person(clause, name), occurred_at)
    text = _finish(text)
    if hit.prefix and not text.startswith(name):
        text = f"{name}: {text}"
    happened = (when or occurred_at) if hit.kind == "episode" else None
    # a rule kept until a point ("till January") lapses then
    # (so does a diet limit said for a while: "I'm off sugar today", "off caffeine until friday")
    lapses = hit.fields.get("until") or hit.fields.get("predicate") == "off"
    periods = [p for p in find_periods(clause, occurred_at, tz) if p.ends_at is not None] if lapses else []
    ends = [p.ends_at for p in periods]
    fields = dict(hit.fields)
    if periods and "until" not in fields:
        fields["until"] = " ".join(periods[-1].words.split())
    if hedged:
        source, confidence = "inferred", 0.55
    else:
        source, confidence = "user_explicit", (0.95 if correction else 0.9)
    return Candidate(
        kind=hit.kind, text=text, fields=fields, slot=hit.slot, source=source,
        confidence=confidence, importance=hit.importance,
        privacy_level=_privacy(hit.kind, text, hit.sensitive),
        happened_at=happened, expires_at=ends[-1] if ends else None, scope=None, correction=correction,
    )


#: "When you <do something>" said before what to do, with no comma between ("this week only when you
#: categorise anything use the old codes", "when you reply keep it short"): where what to do starts.
_WHEN_YOU = re.compile(r"\b(?:when|whenever|every\s+time|each\s+time)\s+(?:you|u)\s+", _I)
_WORD_AFTER = re.compile(r"([\w'’-]+)\s*")
_DO_LEAD = frozenset("please always never just only don't dont".split())
#: A doer or a helper verb before a verb: it says who does it, no imperative ("you put", "I'll check", "forgot to add").
_DOER_BEFORE = frozenset("""you u i i'll i'd we we'll he she they it to will would can could should shall must might may
did didn't don't do does forgot never always just""".split())
_ARTICLE_OR_WHOSE = frozenset("a an the my your his her their our its this that these those some any every each no".split())


def _comma_after_when_you(sentence: str) -> str:
    """The sentence with a comma put after "when you <do something>" where an imperative follows
    within eight words with none between (see _WHEN_YOU): what to do is read as a clause of its own."""
    for m in _WHEN_YOU.finditer(sentence):
        first = _WORD_AFTER.match(sentence, m.end())
        if first is None or first.group(1).lower().endswith("ed") or first.group(1).lower() in _PAST_IRREGULAR:
            continue  # "when you filed my expenses you put ...": what was done, no instruction
        pos, k, before = m.end(), 0, ""
        while k < 8 and (w := _WORD_AFTER.match(sentence, pos)) is not None:
            word = w.group(1).lower()
            # (not a noun after its determiner: "when you check the list you'll see")
            if (k and (word in _IMPERATIVE_VERBS or word in _DO_LEAD) and before not in _ARTICLE_OR_WHOSE
                    and before not in _DOER_BEFORE and not before.endswith(("'s", "’s"))):
                return sentence[:pos].rstrip() + ", " + sentence[pos:]
            pos, k, before = w.end(), k + 1, word
    return sentence


#: "can never" after who it is of ("I can never eat shellfish", "we really can never have sesame in
#: the house", "I can never be near smokers"): the same as "can't ever", which the rules of what may
#: not be done read; not a can that is a thing ("the watering can never leaks": no one before it),
#: nor an amount one never manages ("I can never eat just one cookie").
_CAN_NEVER = re.compile(r"(?<![\w'’-])(?P<who>I|we|you|he|she|they|(?:my|our|his|her|their)\s+(?:" + RELATIONS_ALTERNATION
                        + r")s?|(?-i:[A-Z][a-z]+))(?P<adv>(?:\s+(?:really|just|also|still|honestly|literally|simply|"
                        r"absolutely|sadly|unfortunately))*)\s+can\s+never(?![\w'’-])"
                        # (not an amount: "I can never eat just one cookie", "never have a whole pizza")
                        r"(?!\s+[\w'’-]+\s+(?:just|only|a\s+whole|the\s+whole|one|enough|more|all|so\s+much|that\s+much|"
                        r"too\s+much|too\s+many|a\s+full|a\s+big|a\s+second)\b)", _I)


def _can_never_plain(sentence: str) -> str:
    """The sentence with "can never" written "can't ever" (see _CAN_NEVER)."""
    if "never" not in sentence.lower():
        return sentence
    return _CAN_NEVER.sub(lambda m: f"{m.group('who')}{m.group('adv')} can't ever", sentence)


def _sentence_candidates(sentence: str, name: str, occurred_at: datetime, session_ttl: timedelta,
                         tz: tzinfo = timezone.utc, setting: Period | None = None) -> list[Candidate]:
    s = _comma_after_when_you(sentence.strip())
    if not s or "[REDACTED:" in s or is_chatter(s) or is_counterfactual(s):
        return []
    if len(_WORDS.findall(s)) < 3:
        return []
    correction = bool(CORRECTION_CUE.search(s))
    greeted = bool(_GREETING_START.match(s))
    body = strip_lead_in(s)
    hedged = bool(_HEDGE.search(body))
    body = _HEDGE_LEAD.sub("", body)
    if not body:
        return []
    kept = kept_in_mind(s)
    if kept is not None:  # "could you bear in mind that no dogs are allowed": what it asks to keep
        return _sentence_candidates(kept, name, occurred_at, session_ttl, tz, setting)
    if (is_question(s) and (asked := _ASKED_TO_MAKE_SURE.match(s)) is not None and _MAKE_SURE_RULE.match(asked.group("rule"))
            and not _OF_ONE_THING.search(asked.group("rule"))):
        # "could you make sure the rota never has me on Sundays?": the rule it asks to keep to
        return _sentence_candidates(asked.group("rule").rstrip(" ?") + ".", name, occurred_at, session_ttl, tz, setting)
    asked = asked_to_do(s) if is_question(s) else None
    if asked is not None and _HOW_TO_ANSWER.search(asked) and not _A_TASK.match(strip_lead_in(asked)):
        # "could you keep answers brief?": the rule of how to answer it asks for, read as said
        # plainly (a task, "could you summarise the minutes in bullet points?", keeps nothing)
        found = _sentence_candidates(asked, name, occurred_at, session_ttl, tz, setting)
        if any(c.kind in ("constraint", "temporary_instruction") for c in found):
            return found
    ruled = _labelled_rule(body)
    if ruled is not None and (find_periods(ruled, occurred_at, tz) or (
            (own := _classify(strip_lead_in(ruled), name, False, False)) is not None and own.kind in ("constraint", "decision"))):
        ruled = None  # "phones off during dinner tonight, that's the rule": for its period; "I'm vegan, ...": read as it is
    if ruled is not None and (o := _object(strip_lead_in(ruled))):
        # "all power tools are off by 7pm, that's the deal": the statement is the rule
        return [_build(_labelled_hit(o, name), ruled, name, occurred_at, correction, hedged, tz)]
    temp = _temporary(body, name, occurred_at, session_ttl, correction, hedged, tz, setting)
    if (temp is None and setting is not None and _is_request(_REQUEST_SPLIT.split(body, 1)[0])
            and _HOW_TO_ANSWER.search(body) and not _A_TASK.match(body)):
        # "I'm on my phone all day today. Keep answers short.": a rule of how the assistant answers,
        # in a sentence that opens with it after the turn named a period, is asked for that period,
        # not for good. What to suggest is not lent one ("I was diagnosed with coeliac disease today.
        # Don't suggest anything with gluten." holds for good), nor is a task ("send me the notes").
        temp = _temporary(body, name, occurred_at, session_ttl, correction, hedged, tz, setting, lent=True)
    if temp is not None:
        # a rule of the speaker's told beside it ("next hour or so keep replies short, I'm allergic
        # to peanuts btw") holds past the period: kept as well, as it would be alone
        beside = [(clause, hit) for clause in _REQUEST_SPLIT.split(body) if clause and clause.strip() and not _is_request(clause)
                  and not find_periods(clause, occurred_at, tz)
                  and (hit := _classify(strip_lead_in(clause), name, False)) is not None and hit.kind == "constraint"]
        return [temp] + [_build(hit, clause, name, occurred_at, correction, hedged, tz) for clause, hit in beside]
    if labelled_rule(body) and not is_question(body) and (o := _object(_after_label(body))):
        # "New rule as of today: every pull request needs two approvals": a rule by its label
        return [_build(_labelled_hit(o, name), body, name, occurred_at, correction, hedged, tz)]
    if is_question(s) or is_question(body):
        told = told_before_question(s)
        return [] if told is None else _sentence_candidates(told, name, occurred_at, session_ttl, tz, setting)
    told = told_before_request(s)
    if told is not None and (found := _sentence_candidates(told, name, occurred_at, session_ttl, tz, setting)):
        return found  # "I'm lactose intolerant, can you swap the cream for yoghurt": what it tells, without the request
    # Without a word of the speaker's own, only a rule for others ("every invoice has to go through
    # Priya", "screen time is capped at 90 minutes") is the speaker's memory.
    # A role of theirs filled, or a promotion, is theirs, said without such a word too ("the new
    # physio is Mark Ellery", "finally registered with a new GP, Dr Whitfield", "finally promoted
    # to associate").
    # "Starting this week, no phones at dinner": what starts is read as said
    # (not from a request that holds from now on and that no rule reads without it: "from now on,
    # send the list on Sundays" says how long; "going forward: no sleeper trains for me" is read)
    asked_for_good = _asked_from_now_on(body)
    started = _START_LEAD.sub("", body, count=1) or body
    if not (asked_for_good and started != body and _classify(strip_lead_in(started), name, False) is None):
        body = started
    named = _NEW_ROLE_NAMED.search(body)
    moved = moved_on(body) or service_changed(body)
    rules_only = not _CUE.search(body) and not (_ROLE_FILLED.match(body) or named or _PROMOTED.search(body)
                                                or lower_role_filled(body) or moved or rescheduled(body)
                                                # ("went with Zephyr Energy in the end")
                                                or _SERVICE_WITH.search(body) or medicines_stopped(body, name)
                                                # ("off caffeine until friday")
                                                or ((off := _OFF_WHAT.search(body)) is not None
                                                    and not _NAMES_ANOTHER_THING.match(body, off.end())))
    if rules_only and not any(r.search(body) for r in _OTHERS_RULES) and not asked_for_good:
        return []
    if greeted:
        m = _INTRO.match(body)
        if m:
            text = _finish(to_third_person(body, name))
            return [Candidate("fact", text, {"attribute": "name", "value": m.group("obj")}, "fact:name",
                              "user_explicit", 0.9, 0.8, "personal", None, None, None, False)]
    # (when a rule starts, "as of today", dates nothing told as done)
    _, when = resolve_dates(starts_when_gone(body), occurred_at)
    past_ctx = (when is not None and when <= occurred_at) or bool(_PAST_CTX.search(body))
    future_ctx = when is not None and when > occurred_at
    def rule_after_so(rest: str) -> bool:
        hit = _classify(strip_lead_in(rest), name, past_ctx, future_ctx)
        return hit is not None and hit.kind == "constraint"

    clauses = [c for c in _clauses(body, rule_after_so) if len(_WORDS.findall(c)) >= 2]
    if named and not any(named.group(0) in c for c in clauses):
        clauses = [body]  # "signed up with a new dentist last month - Dr Farah Qureshi": one statement
    if moved is not None:
        # "switched jobs last month - now working for a charity", "changed networks, on three now":
        # one statement, the rest apart where a rule reads it ("..., now at tesco and my manager is
        # Tom"; "ported my number to smarty, it's 8 pounds now" stays whole)
        rest = [c for c in _clauses(body[moved[2]:]) if len(_WORDS.findall(c)) >= 2]
        read_apart = any(_classify(strip_lead_in(c), name, past_ctx, future_ctx) is not None for c in rest)
        clauses = [body[:moved[2]]] + rest if read_apart else [body]
    hits: list[tuple[str, _Hit]] = []
    unread: list[str] = []  # clauses no rule read
    for clause in clauses:
        clause = strip_lead_in(clause)
        # (a limit for a while, "so the beach is a no-go today", "so climbing is off limits for six
        # weeks", is read as the sentence is: it lapses, or holds with its date)
        if (split := _so_limit(clause)) is not None and not _FOR_A_WHILE.search(split[1]):
            reason, limit = split
            reason_hit = _classify(reason, name, past_ctx, future_ctx)
            limit_hit = _classify(limit, name, past_ctx, future_ctx)
            if limit_hit is not None and limit_hit.kind == "constraint":
                # the reason is a statement of its own when a rule reads one in it ("I'm on warfarin");
                # else it stays with the limit it explains ("I'm pregnant, so soft cheese is off limits")
                # (not when the limit leans on it: "our towing limit is 1,500 kg, so anything heavier is
                # a non-starter" is one rule)
                if (reason_hit is not None and not (rules_only and reason_hit.kind != "constraint")
                        and not _LEANS_BACK.search(limit)):
                    hits.append((reason, reason_hit))
                    hits.append((limit, limit_hit))
                else:
                    hits.append((clause, limit_hit))
                continue
        hit = _classify(clause, name, past_ctx, future_ctx)
        if (hit is not None and hit.kind == "constraint" and unread
                and (joint := _reason_before(body, unread[-1], clause)) is not None):
            # "my visa renewal went in on the 3rd, so I can't leave the country until it's decided",
            # "the elements aren't rated past that, so please never give me ...": a reason no rule
            # reads stays with the rule it explains
            hits.append((joint, hit))
            unread.clear()
            continue
        if hit is not None and not (rules_only and hit.kind != "constraint"):
            hits.append((clause, hit))
        elif hit is None:
            unread.append(clause)
    if any(h.fields.get("predicate") is None and h.fields.get("polarity") == "-" and (h.slot or "").startswith("fact:medication:")
           for _, h in hits) and not medicines_stopped(body, name):
        # "I stopped taking sertraline for a week but I'm back on it now": no stop, read whole
        hits = [(clause, h) for clause, h in hits if not (h.slot or "").startswith("fact:medication:")]
    if not hits:
        return []
    if len(hits) == 1 and hits[0][1].kind == "episode" and len(clauses) > 1:
        hits = [(body, hits[0][1])]  # one event told in several clauses: keep them together
    return [_build(hit, clause, name, occurred_at, correction, hedged, tz) for clause, hit in hits]


#: When something starts, said with its day ("as of today", "from today on", "starting this week").
_STARTS_WHEN = re.compile(r"\b" + START_WORDS + r"\s+"
                          r"(?:today|tonight|now|this\s+(?:week|month|morning|year|term|weekend)|tomorrow|next\s+(?:week|month))\b"
                          r"(?!['\u2019]s)(?:\s+on(?:wards)?)?", _I)


_START_LEAD = re.compile(r"^\s*" + _STARTS_WHEN.pattern + r"\s*[,:;\u2013\u2014-]\s*(?=\S)", _I)


def starts_when_gone(text: str) -> str:
    """The text without when something it tells starts ("New rule as of today: ..."): what dates
    what happened, which a start does not."""
    return _STARTS_WHEN.sub(" ", text)


def _told_of_before(sentence: str, occurred_at: datetime, tz: tzinfo) -> bool:
    """Whether a sentence tells of a day before the one it was said on ("Yesterday I was stuck on my
    phone all day", "I was on my phone all day last week"): a period it names ("all day") is then
    of that day, and bounds no instruction said after it."""
    if _A_PAST_DAY.search(sentence) is None:
        return False
    _, when = resolve_dates(sentence, occurred_at, tz)
    # (a resolved date is the local day, written at midnight UTC)
    return when is not None and when.date() < occurred_at.astimezone(tz).date()


#: A day before today, named ("yesterday", "last week", "three days ago", "the other day").
_A_PAST_DAY = re.compile(r"\b(?:yesterday|last\s+(?:night|week|weekend|month|year|\w+day)|\w+\s+(?:days?|weeks?|months?)\s+ago|"
                         r"the\s+other\s+day)\b", _I)


def setting_of(text: str, occurred_at: datetime, tz: tzinfo | None = None) -> Period | None:
    """The last period a text names that has an end ("Today's my exam day", "I'm away for the rest
    of the week"): what an instruction's open bound said after it ("until I've submitted my
    answer", "while I'm away") holds for. A sentence told of a day before ("Yesterday I was stuck on
    my phone all day") names none: its period is of that day."""
    found = [p for x in split_sentences(text) if (p := _sentence_setting(x, occurred_at, tz)) is not None]
    return found[-1] if found else None


def _sentence_setting(sentence: str, occurred_at: datetime, tz: tzinfo | None) -> Period | None:
    """`setting_of` one sentence: the last period it names that has an end, unless it tells of a
    day before."""
    if _told_of_before(sentence, occurred_at, tz or timezone.utc):
        return None
    found = [p for p in find_periods(sentence, occurred_at, tz) if p.ends_at is not None or p.session]
    return found[-1] if found else None


#: A statement told as known to the listener ("as you know, ...", "for context, ...", "quick
#: reminder: ...", "remember we're in ..."): said before, whatever kind of record holds it. Not
#: "remember to ...", "remember when ...": a request, a recollection; nor "remember that stumbling
#: blocks ...": a truth told to someone; nor "a powerful reminder that ...".
_TOLD_BEFORE = re.compile(
    r"\b(?:as\s+you\s+(?:know|may\s+know|might\s+know|may\s+recall|might\s+remember)|you\s*(?:may|might|will|'ll|\u2019ll)\s+remember"
    r"|context\s+again"
    # "as I may have mentioned", "like I said", "as I told you last week", "as mentioned": said to
    # the listener before (not "as I said to my boss", "like I told my sister")
    # (set off by a comma or the sentence's end: not "like I said I would", "just as I said goodbye",
    # "as mentioned by my sister")
    r"|(?:(?:as|like)\s+I\s+(?:may\s+|might\s+)?(?:have\s+|['’]ve\s+)?(?:already\s+)?(?:said|mentioned|told\s+you|explained)"
    r"|as\s+(?:previously\s+|already\s+|I\s+)?mentioned)"
    r"(?:\s+(?:before|earlier|previously|already|the\s+other\s+day|last\s+(?:time|week|month)))?(?=\s*(?:[,;:.!?)\u2013\u2014-]|$))"
    # "just so it's fresh in your mind", "just to remind you(, | that) ..."
    r"|(?:just\s+)?so\s+it['’]?s\s+fresh\s+in\s+your\s+mind|(?:just\s+)?to\s+remind\s+you(?:\s+that)?(?!\s+(?:to|of)\b))\b"
    r"|(?:^|[,;:.!?(\u2013\u2014-]\s*|\b(?:btw|oh|and|so|also|just|but)\s+)(?:"
    r"(?:just\s+)?(?:an?\s+)?(?:quick|friendly|gentle|small)?\s*reminder\b(?:\s+that\b|\s*[:,\u2013\u2014-])"
    # "reminder of the basics - ...", "quick recap: ...", "recap of the details: ..."
    r"|(?:(?:an?\s+)?(?:quick|short|brief)\s+)?(?:reminder|recap)\s+of\s+(?:the\s+|my\s+|our\s+)?(?:basics|details|key\s+facts|"
    r"facts|set-?up|situation|context|essentials|background)\s*[:,\u2013\u2014-]"
    r"|(?:(?:an?\s+)?(?:quick|short|brief)\s+)?recap\s*[:\u2013\u2014-]"
    # "quick recap of where I'm up to, so we're on the same page: ..."
    r"|(?:(?:an?\s+)?(?:quick|short|brief)\s+)?recap\b(?:[\s,]+[\w'\u2019]+){1,12}?(?:\s*[:\u2013\u2014]|\s+-\s)"
    r"|for\s+(?:some\s+)?context\b(?!\s+(?:clues?|of|for|about|on|in)\b)|(?:to\s+recap|as\s+a\s+reminder)\s*[,:;\u2013\u2014-]"
    # "quick context since it's a new chat: ...", "some context for this thread -": what is told
    # again for a new conversation
    # (the words between say why it is told: "since", "for", "as" ...; not "context menus in Windows:")
    r"|(?:(?:a\s+)?(?:quick|brief|short|little|bit\s+of|some)\s+)?context\b"
    r"(?:\s+(?:for|since|as|because|cos|cause|so|seeing|given|re|on|about)\b(?:\s+[\w'\u2019]+){0,6}?)?(?:\s*[:\u2013\u2014]|\s+-\s)"
    r"|to\s+give\s+(?:you\s+)?(?:some|a\s+bit\s+of|a\s+little|the)?\s*(?:context|background)\b(?:\s+[\w'\u2019]+){0,7}?\s*[,:\u2013\u2014]"
    r"|(?:please\s+)?remember,?\s+(?:that\s+)?(?=I\b|I'm|I've|we\b|we're|we've|(?-i:[A-Z][a-z]+)['\u2019]s\b))",
    re.IGNORECASE)


def told_before(text: str) -> bool:
    """Whether a statement is told as known to the listener (see `_TOLD_BEFORE`)."""
    return _TOLD_BEFORE.search(text) is not None


_OPENS_FIRST_PERSON = re.compile(r"^(?:I|I'm|I've|I'd|I'll|my|we|we're|we've|our)\b", re.IGNORECASE)


def without_opener(sentence: str) -> str:
    """The sentence without a label, or an opener that tells it as known ("To give you some context
    as this is a new chat, I teach Year 9 maths"), before its first-person clause: what the rules
    read (the opener is no part of what is kept)."""
    plain = without_label(sentence)
    if told_before(plain):
        rest = told_opener_gone(plain)
        if rest and _OPENS_FIRST_PERSON.match(rest):
            return rest
    return plain


def told_opener_gone(text: str) -> str:
    """The statement without the words that tell it as known ("Reminder of basics: ..."), its spaces
    and the punctuation the opener left at its start tidied."""
    return " ".join(_TOLD_BEFORE.sub(" ", text).split()).lstrip(" ,;:-")


#: A rule of the speaker's said without its subject: "must keep ...", "have to be home by 6 ...",
#: "can't have dairy", "not allowed to park on the street" (not "never ...", "always ...": as often
#: an imperative or a saying, "never trust a skinny chef").
_SUBJECTLESS_DUTY = re.compile(r"^\W*(?:(?:so|and|but|also|oh|btw|fyi|ugh|basically|still)\W+)*(?P<duty>(?:must|mustn['’]?t|have\s+to|"
                               r"gotta|got\s+to|need\s+to|can['’]?t|cannot|not\s+allowed\s+to)\s+"
                               # (an exclamation: "can't wait to see your show", "can't believe it")
                               r"(?!(?:wait|believe|stop|help|tell|remember|say|complain|imagine|thank|even|stand|get\s+over)\b)\w)",
                               re.IGNORECASE)
#: One occasion ("can't make it tonight", "have to leave early today"): no rule.
_ONE_DAY = re.compile(r"\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week|weekend)|right\s+now|now|"
                      r"yesterday|later|soon|asap)\b", re.IGNORECASE)


#: A thing the speaker did or had happen, told without the "I" chat leaves out ("got engaged!!",
#: "joined a choir", "booked lisbon for may", "got the job!"): read with it. Not "got it", "got to
#: go", "got a sec?", nor a state told of something else ("booked solid all april").
_SUBJECTLESS_DONE = re.compile(
    r"^\W*(?:(?:so|and|also|oh|btw|fyi|finally|just|omg|yay|woo+|update|news|guess\s+what)\W+)*(?P<done>"
    r"(?:got|passed|started|finished|quit|bought|sold|adopted|joined|left|lost|broke|won|booked|signed|graduated|retired|"
    r"completed|failed|landed|ordered|hired|sprained|fractured|tore|visited|cancelled|canceled|rescued)\s+"
    # (nor a new one of something, "got a new number, it's ...": a change, which its own rules read)
    r"(?!(?:it|that|this|you|ya|u|to|a\s+(?:sec|minute|min|moment|clue|lot)|(?:a\s+|some\s+)?(?:quick\s+|few\s+|couple\s+(?:of\s+)?)?"
    r"questions?|a\s+second\s*(?:[?!.,]|$)|solid|up|out|away|on|by|"
    r"raining|snowing|(?:a\s+|my\s+)?new\s+(?:number|phone|mobile|landline|email|e-mail|address|contact))\b)"
    # (nor done to the speaker: "lost me there", "started without me")
    r"(?!(?:[\w'’-]+\s+){0,2}(?:me|us)\b)\w)",
    re.IGNORECASE)


def _with_subject(lead: str, rest: str) -> str:
    """A sentence said without its subject, read with it ("I " + "Joined a choir" -> "I joined a choir")."""
    return lead + rest[0].lower() + rest[1:]


#: An ask said with "please": "quit the jokes please" is no telling of what was done.
_ASKED = re.compile(r"\b(?:please|pls|plz)\b", re.IGNORECASE)


def done_said_alone(sentence: str) -> bool:
    """Whether a sentence tells a thing the speaker did without its subject ("got engaged!!"); not
    one that asks ("quit the jokes please")."""
    return (_SUBJECTLESS_DONE.match(without_opener(sentence)) is not None and not is_question(sentence)
            and _ASKED.search(sentence) is None)


def duty_said_alone(sentence: str) -> bool:
    """Whether a sentence is a rule of the speaker's said without its subject, of no one occasion
    ("must keep 500 min in the account at all times", "have to be home by 6 every day")."""
    return _SUBJECTLESS_DUTY.match(without_opener(sentence)) is not None and _ONE_DAY.search(sentence) is None


def setting_after(before: Period | None, sentence: str, occurred_at: datetime,
                  tz: tzinfo | None = None) -> Period | None:
    """The setting of a turn once `sentence` is read, given `before`, the setting of what the turn
    said before it: the last period with an end its sentences named, one sentence at a time
    (reading the whole again for each sentence cost a 400-sentence turn 2 s). Each sentence as the
    turn was split: lines without a stop are not joined again into one sentence, as the whole's
    `setting_of` joined them."""
    return setting_of(sentence, in_utc(occurred_at), tz or timezone.utc) or before


def extract(text: str, *, role: str, speaker: str | None, occurred_at: datetime,
            session_ttl: timedelta = timedelta(hours=4), tz: tzinfo | None = None,
            setting: Period | None = None) -> list[Candidate]:
    """Typed memory candidates from the explicit statements of one user turn, in sentence order.

    Only `role == "user"` turns yield candidates; the subject is `speaker`, else "User". `tz` is the
    subject's time zone (None: UTC): a period such as "today" ends at the subject's local midnight.
    `setting` is the period what the same turn said before `text` named (`setting_after`): it
    bounds an instruction whose own bound is open.
    """
    if role != "user" or not text:
        return []
    occurred_at = in_utc(occurred_at)
    name = (speaker or "").strip() or "User"
    out: list[Candidate] = []
    seen: set[tuple[str, str | None, str]] = set()
    zone = tz or timezone.utc
    for sentence in split_sentences(text):
        found = _sentence_candidates(without_opener(sentence), name, occurred_at, session_ttl, zone, setting)
        if not found and (plain := _can_never_plain(sentence)) != sentence:
            # "I can never eat shellfish": read as "can't ever", where no rule read "never" after "can"
            found = _sentence_candidates(without_opener(plain), name, occurred_at, session_ttl, zone, setting)
        if not found and duty_said_alone(sentence):
            # "must keep 500 min in the account at all times", "have to be home by 6 every day": chat
            # leaves the "I" out of a rule of the speaker's; read with it, kept only as a rule
            # ("never booking Skyvale again": "I'm never booking ...")
            plain = without_opener(sentence)
            rest = re.sub(r"^(?:gotta|got\s+to)\b", "have to", plain[_SUBJECTLESS_DUTY.match(plain).start("duty"):], flags=_I)
            lead = "I'm " if re.match(r"\S+\s+\w+ing\b", rest) else "I "
            found = [c for c in _sentence_candidates(_with_subject(lead, rest), name, occurred_at, session_ttl, zone, setting)
                     if c.kind == "constraint"]
        if not found and done_said_alone(sentence):
            # "got engaged!!", "joined a choir": chat leaves the "I" out of what the speaker did
            plain = without_opener(sentence)
            rest = plain[_SUBJECTLESS_DONE.match(plain).start("done"):]
            found = [c for c in _sentence_candidates(_with_subject("I ", rest), name, occurred_at, session_ttl, zone, setting)
                     if c.kind in ("episode", "fact")]
        setting = _sentence_setting(sentence, occurred_at, zone) or setting
        for cand in found:
            key = (cand.kind, cand.slot, cand.text)
            if key not in seen:
                seen.add(key)
                out.append(cand)
    return out
