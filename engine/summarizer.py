"""The offline, importance-weighted summarizer behind each session's running summary.

When the window passes its budget, the turns leaving it are boiled down to the lines worth keeping:
preferences, constraints, decisions, corrections, open tasks, names and dates, and the user's other
factual statements. Greetings, thanks, acknowledgements, small talk and the assistant's own
explanations are dropped. Deterministic and model-free (part of the core): the same turns always give
the same lines. An LLM summarizer can replace it as an adapter whose output is recorded as an event.
"""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta, tzinfo
from typing import Callable, Sequence

from engine.dates import MONTH_WORDS, find_periods, monthly_day, resolve_dates
from engine.extractor import (
    CORRECTION_CUE,
    POINTS_BACK,
    Candidate,
    extract,
    is_chatter,
    is_counterfactual,
    is_question,
    rule_for_all,
    starts_when_gone,
    setting_after,
    split_sentences,
    strip_lead_in,
    to_third_person,
    told_before,
    told_before_question,
    told_before_request,
    without_opener,
)
from engine.state import SummaryItem, WindowTurn
from engine.textnorm import LOWER, RELATION_WORDS, STOP_WORDS, UPPER
from schemas.common import PRIVACY_ORDER
from engine.tokens import count_tokens, count_tokens_many

__all__ = ["GENERIC_WORDS", "WindowTurn", "SummaryItem", "IMPORTANCE", "summarize", "compact", "render", "turn_candidates"]


IMPORTANCE: dict[str, float] = {
    "correction": 0.95, "constraint": 0.9, "decision": 0.85, "outcome": 0.85, "preference": 0.8, "task": 0.8,
    "state": 0.75, "name": 0.7, "date": 0.7, "fact": 0.6,
}

_I = re.IGNORECASE
_TASK = re.compile(
    r"\b(?:I\s+(?:still\s+|really\s+|also\s+)*(?:need|have|got)\s+to|I've\s+got\s+to|I\s+must|I\s+gotta|"
    r"I\s+should|we\s+(?:still\s+|really\s+|also\s+)*(?:need|have)\s+to|remind\s+me|don't\s+let\s+me\s+forget|"
    r"don't\s+forget\s+to|to-?do\b|todo\b|(?:my|our|the)\s+next\s+step\s+is)\b",
    _I,
)
# What an assistant promises to do after this turn ("I'll send the summary by Friday") is an open task;
# what it narrates about the answer it is giving ("I'll explain step by step") is not.
_COMMITMENT = re.compile(
    r"\b(?:I'll|I\s+will|I'm\s+going\s+to|I\s+am\s+going\s+to|I\s+can\s+remind\s+you|I've\s+(?:scheduled|set|added|"
    r"noted|saved|booked)|I\s+have\s+(?:scheduled|set|added|noted|saved|booked)|will\s+do)\b"
    r"(?:\s+(?:also|then|now|definitely|make\s+sure\s+to|be\s+sure\s+to))*\s*(?P<verb>[a-z]+)?",
    _I,
)
_NARRATION = frozenset("""explain walk show break describe clarify go start give help outline summarize summarise cover try
provide list answer elaborate illustrate demonstrate share point begin focus assume keep be do use note mention
take look compare suggest recommend""".split())
_REACTION = re.compile(
    r"^(?:I'm|I\s+am)\s+(?:so\s+|really\s+|super\s+|very\s+|just\s+|truly\s+)*(?:happy|glad|proud|sorry|excited|"
    r"thrilled|stoked|impressed|amazed|touched|grateful|thankful)\b(?:\s+(?:for|to\s+hear|that|about|of|with)\s+"
    r"(?:you|that|it|this|your)\b|\s*$)"
    r"|^I\s+(?:totally\s+|completely\s+|really\s+|so\s+)*(?:agree|bet|hope|know|understand|see|get\s+it|feel\s+you|"
    r"love\s+(?:that|it|this|how|your|the\s+way|seeing|hearing)|like\s+(?:that|it|this|how|your))\b"
    r"|^(?:I\s+can't\s+wait|I\s+can\s+imagine|I\s+can\s+tell|I'm\s+sure\s+you)",
    _I,
)
_ASKS_ASSISTANT = re.compile(r"\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?!believe|imagine|tell\s+if)[a-z]+", _I)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|my|me|mine|we|we're|we've|our|us)\b", _I)
_PROPER = re.compile(rf"(?<![.!?:]\s)\b[{UPPER}][{LOWER}]+(?:[{UPPER}][{LOWER}]+)?\b")
_NOT_NAMES = frozenset("""I I'm I've I'd I'll Mom Mum Dad OK Ok Okay Yes No Thanks Thank Hi Hey Hello Oh Wow God Lol Haha
Monday Tuesday Wednesday Thursday Friday Saturday Sunday""".split())
_MIN_FACT_WORDS = 5
_WORDS = re.compile(r"[A-Za-z0-9]+")


def _kind_of(c: Candidate, at: datetime) -> str:
    if c.correction:
        return "correction"
    if c.kind in ("preference", "constraint", "decision"):
        return c.kind
    if c.kind == "temporary_instruction":
        return "constraint"
    if c.kind == "fact":
        return "name" if c.slot == "fact:name" else "fact"
    if c.kind == "episode":
        return "date" if resolve_dates(c.text, at)[1] is not None else "fact"
    return "fact"


def _attributed(sentence: str, name: str, at: datetime, *, strip: bool = True) -> str:
    if strip:
        sentence = strip_lead_in(sentence) or sentence
    text, _ = resolve_dates(to_third_person(sentence, name), at)
    text = " ".join(text.split()).rstrip(" .!,;:")
    if not text.startswith(name):
        text = f"{name}: {text[:1].upper()}{text[1:]}"
    return text


def _has_proper_name(sentence: str, speaker: str) -> bool:
    for m in _PROPER.finditer(sentence):
        word = m.group(0)
        if m.start() == 0:
            continue  # capitalised because it starts the sentence
        if word not in _NOT_NAMES and word != speaker:
            return True
    # a name given, in whatever case chat writes it ("her name is biscuit", "he's called max")
    return _NAME_GIVEN.search(sentence) is not None


#: A turn of life told of someone of the speaker's ("my dad retired", "our dog died", "my sister had
#: her baby"): as telling as a name, in however few words.
_KIN_EVENT = re.compile(r"\b(?:my|our)\s+(?:[\w'’-]+\s+)?(?:" + RELATION_WORDS + r")(?:\s+(?-i:[A-Z])[\w'’-]*)?\s+(?:(?:just|finally|has|have|had|sadly)\s+)?"
                        r"(?:died|passed(?:\s+away)?|retired|had\s+(?:her|his|their|the|a)\s+baby|gave\s+birth|"
                        r"got\s+(?:married|engaged|divorced|diagnosed|made\s+redundant|laid\s+off|sacked|fired)|"
                        r"was\s+(?:born|diagnosed|made\s+redundant|laid\s+off)|graduated|moved\s+out|left\s+home)\b",
                        re.IGNORECASE)
#: A name given to someone or something: the word after "name is", "called", "named".
_NAME_GIVEN = re.compile(r"\b(?:name\s+is|names\s+are|name['’]s|(?:is|are|was|were|be|been|['’]s|['’]re)\s+called|named)\s+"
                         r"(?!(?:a|an|the|it|that|this|out|off|up|and|"
                         r"back|in|on|for|to|by|me|him|her|them|us|you|something|anything|everyone|everybody|everything|"
                         r"as|after|round|around|over|about|all|each|every|again|twice|once|my|his|our|their|your)\b)"
                         r"[a-z][\w'’-]+", re.IGNORECASE)


def _user_items(t: WindowTurn) -> list[SummaryItem]:
    name = (t.speaker or "").strip() or "User"
    out: list[SummaryItem] = []

    def add(kind: str, text: str) -> None:
        out.append(SummaryItem(t.turn_id, kind, text, IMPORTANCE[kind], t.occurred_at))

    for sentence in split_sentences(t.text):
        if "[REDACTED:" in sentence or is_chatter(sentence):
            continue
        found = extract(sentence, role="user", speaker=name, occurred_at=t.occurred_at)
        if found:
            for c in found:
                add(_kind_of(c, t.occurred_at), c.text)
            continue
        if is_question(sentence):
            # What the user asks the assistant to do is the job ("can you look at the flaky tests?");
            # other questions are answered in the turns that follow, which carry the state.
            if _ASKS_ASSISTANT.search(sentence) and len(_WORDS.findall(sentence)) >= 4:
                asked = _attributed(sentence, name, t.occurred_at).removeprefix(name + ": ")
                add("task", f"{name} asked: {asked}")
            continue
        if _TASK.search(sentence):
            add("task", _attributed(sentence, name, t.occurred_at))
            continue
        if len(_WORDS.findall(sentence)) < 3:
            continue
        if CORRECTION_CUE.search(sentence):
            add("correction", _attributed(sentence, name, t.occurred_at, strip=False))
            continue
        body = strip_lead_in(sentence)
        _, when = resolve_dates(body, t.occurred_at)
        if when is not None:
            add("date", _attributed(sentence, name, t.occurred_at))
        elif _has_proper_name(body, name):
            add("name", _attributed(sentence, name, t.occurred_at))
        elif (_FIRST_PERSON.search(body) and not _REACTION.search(body)
              and len(_WORDS.findall(body)) >= _MIN_FACT_WORDS):
            add("fact", _attributed(sentence, name, t.occurred_at))
        # else: small talk about the other party ("That's so cool!", "You'd be a great counselor")
    return out


# --------------------------------------------------------------------------------------------------
# The job's state: what an assistant or a tool says that a later turn needs

#: Identifiers and references: ticket, order, booking and claim numbers (CS-40219, QB-7K4M2, 7719-204,
#: #512), file paths and names (src/app/main.py, lru.go), code names (parseConfig, TestLogin, get_user(),
#: TimeoutError, ECONNRESET), and a number named by what it is ("order 55812", "room 12").
_IDENT = re.compile(
    r"(?<![\w-])(?:[A-Za-z]{1,6}-?\d[\w-]*|[A-Z0-9]+-[A-Z0-9-]*\d[A-Z0-9-]*|\d{3,}-\d+|#\d+)(?![\w-])"
    r"|(?<![\w/])[\w.-]*\w/[\w./-]*\w|\b[\w-]+\.(?:py|go|ts|tsx|js|jsx|java|kt|rb|rs|c|h|cpp|cs|php|swift|md|json|"
    r"ya?ml|toml|ini|cfg|sql|sh|css|html|txt|csv|log|lock|xml)\b"
    r"|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z]+(?:_[a-z0-9]+)+\b|\b\w+\(\)"
    r"|\b\w*(?:Error|Exception)\b|\bE[A-Z]{4,}\b"
    r"|(?i:\b(?:order|ticket|case|claim|booking|reservation|confirmation|reference|ref|invoice|incident|issue|PR|"
    r"pull\s+request|policy|account|room|flight|seat|item|tracking|job|build|version)\s*(?:number|no\.?|#|:)?\s*)"
    r"[A-Z0-9][\w-]*\d[\w-]*"
)
#: Statuses and outcomes: what was done or found, and where a case stands.
_OUTCOME = re.compile(
    r"\b(?:re)?(?:open(?:ed)?|created|filed|logged|raised|submitted|issued|replac(?:ed|ement)|refund(?:ed)?|credited|"
    r"charged|captured|authori[sz]ed|settled|cancell?ed|booked|reserved|confirmed|scheduled|escalated|assigned|"
    r"resolved|closed|"
    r"fix(?:ed)?|changed|updated|edited|patched|rewrote|renamed|added|removed|deleted|deployed|merged|reverted|"
    r"rolled\s+back|restarted|reset|restored|unlocked|locked|approved|denied|rejected|declined|shipped|ships|"
    r"delivered|dispatched|returned|picked\s+up|collected|pass(?:es|ed|ing)?|fail(?:s|ed|ing|ure|ures)?|broken|"
    r"works|working|succeeded|success(?:ful)?|errors?|timed\s+out|eligible|ineligible|awaiting|pending|"
    r"in\s+progress|on\s+hold|completed|installed|upgraded|downgraded|enrolled|paid|sent|received|verified|"
    r"expired|blocked|missing|found|status|diagnos\w+|on\s+(?:its|the)\s+way|out\s+of\s+stock|in\s+stock|"
    r"available|unavailable|sold\s+out|green)\b", re.IGNORECASE)
#: What is still to be done, by whom: next steps, promises and what the user is asked to do.
_NEXT = re.compile(
    r"\b(?:still\s+to\s+do|to\s*-?\s*do|"
    # homework set ("homework before next time: ...", "your assignment for Thursday is ..."), not
    # homework talked of ("homework can be stressful")
    r"(?:homework|assignment)\s*(?:[:\u2013\u2014-]|(?:before|by|tonight|this\s+week)\b|"
    r"for\s+(?:next|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|the\s+weekend)\b)|"
    r"(?:as|for)\s+homework\s*,|your\s+(?:homework|assignment)\s+(?:for\s+\w+\s+)?is\s+to\b|"
    # "for next lesson, practise the scale", "before next time: write 10 sentences" (not "for next
    # time, it helps to know ...")
    r"(?:for|before)\s+(?:(?:the|our)\s+)?next\s+(?:time|lesson|session|class)\s*[,:\u2013\u2014-]?\s*"
    r"(?!(?:it|it's|that|this|there|the|you'll|we'll|I'll|remember)\b)[a-z]+\b|next(?:\s+steps?|\s+up|\s+exercise|\s+problem|\s+I'll|\s+we'll|\s*[,:])|"
    r"then\s+(?:I'll|we'll|you|re-?\w+)|once\s+(?:they|it|that|you|we|the)|as\s+soon\s+as|before\s+(?:then|you|we)|"
    r"follow\s+up|I'll|I\s+will|we'll|we\s+will|(?:will|'ll)\s+(?!be\s+(?:fine|ok|okay|great|good)\b)[a-z]+|"
    r"going\s+to|needs?\s+to|we\s+need|remember\s+to|don't\s+forget|make\s+sure|please\s+[a-z]+|"
    r"(?:send|upload|check|finish|try|sign|call|reply|confirm|bring|keep)\s+(?:me|us|it|them|the|your|all|back)\b)",
    re.IGNORECASE)
#: A finding: what went wrong and why.
#: (A plain "because" explains as often as it diagnoses: "X fails because ..." is kept for its status.)
_DIAGNOSIS = re.compile(
    r"\b(?:root\s+cause|turns\s+out|(?:the|that's\s+the|it's\s+the|this\s+is\s+the)\s+(?:\w+\s+)?(?:problem|issue|"
    r"cause|bug|mistake|mix-?up|misconception|misunderstanding|culprit|confusion)|"
    r"you(?:'re|\s+are)\s+(?:confusing|mixing\s+up|treating|forgetting|missing|skipping|dropping)|"
    r"you\s+(?:think|thought|assumed|forgot|mixed\s+up)\s+(?:that\s+)?\w+|"
    # what the signs point to: "that usually points to the ignition coil", "the rash suggests an
    # allergy", "most likely the pump seal is worn"
    r"(?:points?|pointing)\s+to|suggests?|indicates?|most\s+likely|(?:usually|probably)\s+means|"
    # what a learner's work shows ("your weak spot is the dative prepositions", "the main gap is
    # fractions", "where you struggle most is limits"): a tutor's finding
    # (of the one taught: "your", or "the main gap in your ..."; not "her weakness is chocolate",
    # "the pay gap is a well-known issue")
    r"(?:(?:your|ur)\s+(?:\w+\s+){0,2}?|the\s+(?:main|biggest|key|real|one)\s+)(?:weak(?:est)?\s+(?:spot|point|area|topic)s?|"
    r"weakness(?:es)?|sticking\s+points?|gaps?|blind\s+spots?|problem\s+areas?)\s+(?:in\s+your\s+\w+\s+)?"
    r"(?:(?:right\s+now|so\s+far|at\s+the\s+moment|here)\s+)?(?:is|are|was|were|seems?)|"
    r"where\s+you\s+(?:\w+\s+)?(?:struggle|slip|go\s+wrong|trip\s+up)|you\s+(?:keep|kept)\s+(?:mixing|missing|dropping|"
    r"forgetting|confusing|muddling)|you\s+(?:keep|kept)\s+(?:making|getting)\s+(?:\w+\s+){0,3}?(?:wrong|mistakes?|errors?))\b",
    re.IGNORECASE)
#: A price or an estimate told ("a coil and plug usually runs $180 to $260", "the quote is 2,400
#: euros"): what the job will cost is part of its state.
_PRICE = re.compile(r"[$€£¥]\s?\d|\b\d[\d,.]*\s*(?:dollars|euros|pounds|quid|bucks|usd|eur|gbp)\b", re.IGNORECASE)
#: The small talk of a job: "let me check", "looking now", "you're welcome", "happy to help", "how can I help".
_SMALL_TALK = re.compile(
    r"^(?:(?:sure|okay|ok|alright|right|great|perfect|yes|no\s+problem|of\s+course|absolutely|got\s+it|thanks|"
    r"thank\s+you|sorry|found\s+it)\b[\s,!.]*)*(?:let\s+me\s+(?:check|look|see|pull|take|find|have|get|dig)|"
    r"(?:I'm\s+|I\s+am\s+)?(?:looking|checking|having\s+a\s+look|taking\s+a\s+look|on\s+it|one\s+(?:moment|sec|second)|"
    r"hang\s+on|give\s+me\s+a\s+(?:moment|sec|second|minute))|you're\s+welcome|happy\s+to\s+help|glad\s+(?:to|I\s+could)\s+help|"
    r"how\s+can\s+I\s+help|anything\s+else|no\s+problem|sounds\s+good|good\s+(?:plan|idea|question|call|luck)|"
    r"enjoy|have\s+a\s+(?:good|great|nice|lovely)|take\s+care|I'm\s+(?:so\s+)?sorry|that's\s+(?:a\s+)?(?:rough|"
    r"frustrating|annoying|a\s+shame|too\s+bad))\b", re.IGNORECASE)
#: An acknowledgement before the state: "Found it, order 7719-204" says "order 7719-204".
_ACK_LEAD = re.compile(
    r"^(?:(?:sure|okay|ok|alright|great|perfect|yes|yep|found\s+it|got\s+it|all\s+right|good\s+news|no\s+problem|"
    r"thanks|thank\s+you)\b\s*[,!:;.\u2013\u2014-]+\s*)+", re.IGNORECASE)
_MAX_LINE_WORDS = 45


def _clip(text: str, limit: int = _MAX_LINE_WORDS) -> str:
    words = text.split()
    return text if len(words) <= limit else " ".join(words[:limit]) + " …"


#: What the agent did: "I've set you a quiz", "we restarted the spooler", "I have sent the invoice".
_AGENT_DONE = re.compile(
    r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|already\s+|now\s+|also\s+)*(?!(?:needed|wanted|wondered|hoped|liked|"
    r"loved|used|guessed|assumed|supposed|seemed|tried)\b)(?:[a-z]+ed|set|put|sent|made|built|wrote|written|gave|given|"
    r"found|ran|run|cut|paid|sold|bought|told|taken|took|done|shut|split|rebuilt|rewritten|withdrawn|drawn)\b",
    re.IGNORECASE)


#: What could not be done or is not done yet, said of the work: "we can't ship on Friday", "I didn't
#: restart it", "the replica is still syncing", "not yet".
_BLOCKED = re.compile(
    r"\b(?:(?:I|we|it|this|that|they)\s+(?:can't|cannot|couldn't|won't|didn't|haven't|hasn't|isn't|wasn't|aren't|"
    r"am\s+not|is\s+not|are\s+not|was\s+not|could\s+not|did\s+not|have\s+not|has\s+not)|not\s+yet|unable\s+to|"
    r"still\s+[a-z]+ing)\b", re.IGNORECASE)


#: When the user's thing is, told by the agent as a sentence of its own ("your retake is Thursday",
#: "your follow-up is at 2:30pm next Tuesday", "your flight's at 6am tomorrow"): what is ahead. Not
#: what was ("your last lesson was Monday"), a condition ("if your resit is on Friday, ..."), what
#: someone else said, a thing of no one's ("the film is on tonight") or a rank ("12th in line").
_WEEKDAY_WORD = r"(?:(?:mon|tues?|wed(?:nes)?|weds|thu(?:rs?)?|thurs|fri)(?:day)?s?|(?:satur|sun)days?)\b"
_WHEN_IT_IS = re.compile(
    r"^(?:(?:ok(?:ay)?|so|right|and|also|just\s+a\s+reminder|reminder|remember|don't\s+forget|heads\s+up|"
    r"just\s+so\s+you\s+know)\b[\s,:\u2013\u2014-]*)*"
    r"your\s+(?:[\w-]+\s+){0,4}?[\w-]+(?:\s+(?:is|are)\s+|['’]s\s+)(?:now\s+|still\s+)?"
    r"(?:(?:on|at|due|set\s+for|booked\s+for|moved\s+to|for)\s+)?(?:(?:next|this)\s+)?"
    r"(?:" + _WEEKDAY_WORD + r"|(?:tomorrow|tmrw|tmr|tonight|today)\b"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|the\s+\d{1,2}(?:st|nd|rd|th)\b"
    r"|\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)\b)",
    re.IGNORECASE)


def job_state(sentence: str) -> str | None:
    """What a sentence of an assistant carries for the job's state, by its content: "task" for an
    open next step ("still to do: ...", "next, ...", "I'll ...", "please upload ..."), "outcome" for
    an identifier, a status or a finding ("I've opened ticket CS-40219", "all tests pass", "the
    problem is a missing index"), None for small talk and explanation."""
    s = sentence.strip()
    if not s or "[REDACTED:" in s or is_chatter(s) or _SMALL_TALK.match(s):
        return None
    ident = _IDENT.search(s) is not None
    if is_question(s) and not ident:
        return None  # "Want me to book it?": an offer, not a state
    if len(_WORDS.findall(s)) < 3 and not ident:
        return None
    if _NEXT.search(s):
        m = _COMMITMENT.search(s)
        narrating = m is not None and (m.group("verb") or "").lower() in _NARRATION
        if not (narrating and not ident and not _OUTCOME.search(s)):
            return "task"
    if (ident or _OUTCOME.search(s) or _DIAGNOSIS.search(s) or _AGENT_DONE.search(s) or _BLOCKED.search(s)
            or _PRICE.search(s)):
        return "outcome"
    if _WHEN_IT_IS.search(s):
        return "task"  # ahead, told as a state: no word of a next step or an outcome said it
    return None


def _assistant_items(t: WindowTurn) -> list[SummaryItem]:
    """What an assistant said that the job needs later: identifiers, statuses and outcomes,
    findings, decisions and open next steps; its greetings, small talk and explanations are dropped."""
    name = (t.speaker or "").strip() or "Assistant"
    out: list[SummaryItem] = []
    for sentence in split_sentences(t.text):
        if "[REDACTED:" in sentence or is_chatter(sentence):
            continue
        decisions = [c for c in extract(sentence, role="user", speaker=name, occurred_at=t.occurred_at)
                     if c.kind == "decision" and c.fields.get("predicate") in ("decided", "chose")]
        if decisions:
            for c in decisions:
                text = c.text if c.text.startswith(name) else f"{name}: {c.text.removeprefix(name + ': ')}"
                out.append(SummaryItem(t.turn_id, "decision", text, IMPORTANCE["decision"], t.occurred_at))
            continue
        kind = job_state(sentence)
        if kind is None:
            continue
        text = _clip(_attributed(_ACK_LEAD.sub("", sentence) or sentence, name, t.occurred_at))
        out.append(SummaryItem(t.turn_id, kind, text, IMPORTANCE[kind], t.occurred_at))
    return out


_JSON_PUNCT = re.compile(r'["{}\[\]]')
_KEY_VALUE = re.compile(r"^[\w .()/-]{1,30}:\s*\S")
_COMMAND = re.compile(r"^\s*[$>]\s+(?P<cmd>\S.*)$")
_MAX_TOOL_LINES = 6


def _tool_items(t: WindowTurn) -> list[SummaryItem]:
    """The state-bearing lines of a tool's output, compressed into one line: the lines that hold an
    identifier, a status, a number or a "key: value" (their '|'-separated fields joined with '; ',
    the lines with ' / '), and the command a shell ran; at most six lines and 45 words, relative
    dates resolved."""
    name = (t.speaker or "").strip() or "tool"
    kept: list[str] = []
    for raw in t.text.splitlines():
        line = " ".join(raw.split())
        if not line or "[REDACTED:" in line:
            continue
        cmd = _COMMAND.match(line)
        if cmd:
            kept.append("ran " + cmd.group("cmd"))
            continue
        line = _JSON_PUNCT.sub("", line).strip(" ,")  # {"status": "shipped"} reads as status: shipped
        fields = [f.strip() for f in line.split("|") if f.strip() and "[REDACTED:" not in f]
        if any(_IDENT.search(f) or _OUTCOME.search(f) or _KEY_VALUE.match(f) or _NEXT.search(f)
               or any(ch.isdigit() for ch in f) for f in fields):
            kept.append("; ".join(fields))
    if not kept:
        return []
    if len(kept) > _MAX_TOOL_LINES:
        # the first lines say what ran, the last ones how it ended
        kept = kept[:2] + [k for k in kept[2:-2] if _OUTCOME.search(k)][: _MAX_TOOL_LINES - 4] + kept[-2:]
    text, _ = resolve_dates(f"{name}: " + " / ".join(kept), t.occurred_at)
    return [SummaryItem(t.turn_id, "outcome", _clip(text), IMPORTANCE["state"], t.occurred_at)]


def summarize(turns: Sequence[WindowTurn]) -> list[SummaryItem]:
    """Lines worth keeping from turns leaving the window, in turn order.

    From the user: preferences, constraints, decisions, corrections, open tasks ("I need to...",
    "remind me", a request to the assistant), names and dates, and other factual statements. From an
    assistant or a tool, the job's state: identifiers and references, statuses and outcomes,
    findings, decisions and open next steps (a tool's output compressed to its state-bearing
    lines). Greetings, thanks, acknowledgements, small talk and explanations are dropped, whoever
    says them. System turns contribute nothing.
    """
    items: list[SummaryItem] = []
    seen: set[str] = set()
    for t in turns:
        if not t.text:
            continue
        if t.role == "user":
            new = _user_items(t)
        elif t.role == "assistant":
            new = _assistant_items(t)
        elif t.role == "tool":
            new = _tool_items(t)
        else:
            continue
        for item in new:
            if item.text not in seen:
                seen.add(item.text)
                items.append(item)
    return items


def _line(item: SummaryItem) -> str:
    return "- " + " ".join(item.text.split())


def render(items: Sequence[SummaryItem]) -> str:
    """One line per item, '- ' prefixed, for the context's working-summary layer."""
    return "\n".join(_line(i) for i in items)


def compact(items: Sequence[SummaryItem], budget_tokens: int,
            count: Callable[[str], int] = count_tokens) -> list[SummaryItem]:
    """Keeps the running summary within budget: drops the least important, then oldest, items until
    the rendered summary fits; keeps turn order in the result. Deterministic tie-breaks.

    Exact repeats of a line are dropped first (the earliest copy stays). Ties on importance and time
    go to input position: the earlier item is dropped first.
    """
    if budget_tokens <= 0:
        return []
    first_of: dict[str, int] = {}
    keep: list[int] = []
    for i, item in enumerate(items):
        if item.text in first_of:
            continue
        first_of[item.text] = i
        keep.append(i)
    lines = [_line(items[i]) for i in keep]
    counts = count_tokens_many(lines) if count is count_tokens else [count(line) for line in lines]
    costs = dict(zip(keep, counts))
    total = sum(costs.values())
    drop_order = sorted(keep, key=lambda i: (items[i].importance, items[i].occurred_at, i))
    kept = set(keep)
    pos = 0
    # Fast path on per-line counts, then confirm on the rendered text (a counter need not be additive).
    while pos < len(drop_order) and total > budget_tokens:
        i = drop_order[pos]
        kept.discard(i)
        total -= costs[i]
        pos += 1
    while kept and count(render([items[i] for i in sorted(kept)])) > budget_tokens:
        i = drop_order[pos]
        kept.discard(i)
        pos += 1
    return [items[i] for i in sorted(kept)]


# --------------------------------------------------------------------------------------------------
# Observations: the facts a turn states that no typed rule captures

#: Words that add emphasis, not content: dropped from observations ("really", "so", "super", ...).
_FILLER = re.compile(
    r"\b(?:really|super|totally|truly|honestly|literally|absolutely|definitely|basically|seriously|just|actually|"
    r"anyway|"
    r"so(?=\s+(?:much|many|cool|great|good|happy|glad|proud|excited|fun|nice|amazing|awesome|powerful|"
    r"inspiring|special|rewarding|important|hard|tough|grateful|thankful|lucky|beautiful|relaxing|"
    r"peaceful|meaningful|cute|sweet|busy)\b)|kinda|sort\s+of|kind\s+of)\s+", _I)
_OBSERVATION_IMPORTANCE = 0.5
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself|you're|you've|you'll|you'd|ya|u)\b", _I)
#: Said to the other party anywhere in a sentence ("u"/"ya" only count at its start: "U-Haul");
#: "as you know" / "you know" are fillers, not an address.
_ADDRESSED = re.compile(r"\b(?:your|yours|yourself|you're|you've|you'll|you'd)\b|\byou\b(?!\s+know\b)", _I)
#: "the book you recommended": the other party named inside what the speaker did.
_YOU_GAVE = re.compile(r"\byou\s+(?:\w+ed|told|gave|sent|showed|said|made|got|bought|taught|lent|brought|wrote|drew)\b", _I)
_SPEAKER_SELF = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|my|me|mine|myself|we|we're|we've|we'll|our|ours|us)\b", _I)
#: A comment on what the other party shared ("That bowl is gorgeous", "Sounds like a blast") or a
#: stock phrase of conversation ("Long time no talk", "Can't wait"): how it went, not what happened.
_EVALUATION = re.compile(
    r"^(?:(?:that|this|it|those|these|they|(?:the|that|this|those|these|your)(?:\s+[\w-]+){1,4}?)(?:'s|\s+is|\s+are|\s+was|"
    r"\s+were|\s+looks?|\s+sounds?|\s+seems?|\s+must\s+be|\s+must\s+have\s+been)|sounds?|looks?|seems?|what\s+an?)"
    r"\s+(?:so\s+|really\s+|super\s+|very\s+|absolutely\s+|totally\s+|just\s+|pretty\s+|such\s+|like\s+)*"
    r"(?:an?\s+)?(?:\w+\s+)?(?:great|good|nice|fun|cool|awesome|amazing|wonderful|fantastic|lovely|beautiful|"
    r"gorgeous|stunning|fancy|cute|adorable|sweet|incredible|impressive|inspiring|interesting|exciting|neat|"
    r"brilliant|perfect|peaceful|relaxing|calming|magical|special|blast|rewarding|tough|hard|scary|"
    r"powerful|meaningful|tasty|delicious|unreal|wild|crazy|epic)\b",
    _I)
_STOCK_PHRASE = re.compile(
    r"^(?:long\s+time\s+no\s+(?:see|talk|chat)|(?:i\s+)?can't\s+wait|spill\s+the\s+beans|congrat(?:s|ulations)|"
    r"looking\s+forward|(?:i\s+)?(?:100%|totally|completely)\s+agree|keep\s+(?:it\s+)?up|good\s+(?:luck|job|for\s+you)|"
    r"way\s+to\s+go|you\s+got\s+this|take\s+care|glad\s+to\s+hear|thanks?\s+for|thank\s+you)\b",
    _I)
#: Words that say how the speaker feels about something, not what happened: they do not make a
#: sentence informative on their own.
GENERIC_WORDS = _GENERIC = frozenset("""great good nice fun cool awesome amazing wonderful fantastic lovely happy glad sad proud excited
love loved loves like liked likes enjoy enjoyed feel feels felt feeling think thought know knew see saw get got
make made thing things stuff lot lots time times way ways really much many always never sometimes day days
keep going go went want wanted hope hoped need needed thanks thank sure yeah also even still totally
important special amazing awesome hard tough easy best better bad worse worst new old big little
moment moments life world people everyone everything something someone anything nothing""".split())
#: A sentence is kept when it is dense (at least 3 specific words, and at least 45% of its words
#: specific: "The raffle paid for a new minibus") or holds many specific words (7, or 2 with
#: a date or a proper name: "Her name is Biscuit").
_MIN_SPECIFIC = 7
#: A name said to the other party: "Odette, ..." or a short remark (at most 5 words) ending
#: ", Odette!". "This necklace is from my home country, Sweden" is not one. (The words are matched
#: as word-then-separators so that no two parts of the pattern compete for the same characters.)
_VOCATIVE = re.compile(rf"^\W*(?:\w+\W+){{0,4}}?\w+\W*,\s*(?P<n1>[{UPPER}][{LOWER}]+)\s*[.!?]*\s*$|^(?P<n2>[{UPPER}][{LOWER}]+)\s*,\s*")
_MIN_NAMED_SPECIFIC = 2
#: ...or 6 when it follows a kept sentence of the same turn: "I went to a counseling workshop. They
#: talked about different therapeutic methods." says what the first one was about.
_MIN_FOLLOW_SPECIFIC = 6
_MIN_DENSE_SPECIFIC = 3
_DENSITY = 0.45


#: Articles carry no fact: observations are kept in note form ("Odette took kids to pottery workshop").
#: An article to leave out; not "a" for "each" ("20 a week", "once a month"), which says how often.
_ARTICLE = re.compile(r"(?<=\w[\s,])(?:(?:a|an)\s+(?!(?:day|week|month|year|fortnight|night|hour|term|season|session)s?\b)"
                      r"|the\s+)(?=\w)")


def _compress(text: str) -> str:
    return re.sub(r"\s{2,}", " ", _ARTICLE.sub("", _FILLER.sub("", text))).strip()


def _without_vocative(text: str) -> str:
    m = _VOCATIVE.search(text)
    if m is None:
        return text
    which = "n1" if m.group("n1") else "n2"
    return (text[: m.start(which)] + text[m.end(which):]).strip(" ,")


def observation(sentence: str, name: str, at: datetime, *, known_name: bool) -> Candidate | None:
    """`_observation` of a sentence told of someone, where `known_name` says the name it opens with
    is of a person the speaker introduced before ("my friend Marit ..."): a name as telling as one
    mid-sentence, which at the start could be any capitalised word ("Marit is a vet")."""
    return _observation(sentence, name, at, known_name=known_name)


def _observation(sentence: str, name: str, at: datetime, follows: bool = False,
                 known_name: bool = False) -> Candidate | None:
    """One informative sentence no rule typed, kept as a plain fact (an episode when it is dated).

    Informative: dense in specific words (not stop words, fillers or bare feelings: "Her name is
    Biscuit"), or rich in them (a long sentence, or one with a date or a proper
    name). Dropped: chatter, questions, reactions ("I'm so happy for you") and what is said to the
    other party ("love your painting"). A statement before a tag question about it keeps what it
    tells ("the plumber wants 300 for the valve, too much?"), and so does one before the request
    it ends with ("the plants need watering every 3 days, can u remind whoever's checking in").
    """
    if is_question(sentence):
        sentence = told_before_question(sentence, tags_only=True) or ""
    else:
        sentence = told_before_request(sentence) or sentence
    if "[REDACTED:" in sentence or is_chatter(sentence) or is_question(sentence) or is_counterfactual(sentence):
        return None
    if len(_WORDS.findall(sentence)) < 3:
        return None
    body = strip_lead_in(sentence)
    if not body:
        return None
    about_self = _SPEAKER_SELF.search(body) or _YOU_GAVE.search(body)
    if ((_SECOND_PERSON.search(" ".join(body.split()[:3])) or (_ADDRESSED.search(body) and not about_self))
            and not rule_for_all(body)):
        # Said to the other party about them ("love your painting", "Congrats on following your
        # dreams"): conversation. "Been reading the book you recommended" is about the speaker: kept,
        # as is a rule said with "you" of anyone ("the rules say you can't park on the verge").
        return None
    n_all = len(_WORDS.findall(body))
    if n_all <= 8 and not about_self and (_STOCK_PHRASE.search(body) and n_all <= 5 or _EVALUATION.search(body)):
        return None  # a short comment or stock phrase; "Can't wait for tomorrow's grand opening" is kept
    _, said_when = resolve_dates(body, at)
    # ("new rule as of today: ...": a day it starts, not one it happened)
    when = resolve_dates(starts_when_gone(body), at)[1] if said_when is not None else None
    core = _without_vocative(body)  # "That's so calming, Odette": the name is who it is said to
    specific = [w for w in _WORDS.findall(core.lower()) if w not in STOP_WORDS and w not in _GENERIC
                and w != name.lower()]
    # Informative: says when, names someone or something, or holds enough specific words.
    named = (known_name or said_when is not None or monthly_day(core) or _has_proper_name(core, name)
             or _KIN_EVENT.search(core) is not None)
    if _REACTION.search(body):
        return None
    n_words = len(_WORDS.findall(core))
    dense = len(specific) >= _MIN_DENSE_SPECIFIC and len(specific) >= _DENSITY * n_words
    least = _MIN_NAMED_SPECIFIC if named else _MIN_FOLLOW_SPECIFIC if follows else _MIN_SPECIFIC
    if not dense and len(specific) < least and not rule_for_all(body):
        return None  # (a rule is worth keeping in few words: "the lease says no subletting, which is fine")
    text = _compress(_attributed(body, name, at, strip=False))
    if text.startswith(name + ": ") and re.search(rf"\b{re.escape(name)}\b", text[len(name) + 2:]):
        text = text[len(name) + 2:]  # "Priya: It reminds Priya of ..." names the speaker already
        text = text[0].upper() + text[1:]
    ends = arrangement_end(body, at)
    if ends is None:
        return _observed(text, when)
    # the date it names is when it ends, not when it happened
    held = when if when is not None and not (ends - timedelta(days=1) <= when < ends) else None
    return replace(_observed(text, held), expires_at=ends)


#: Said of what was: an arrangement that ended before it was told ("we stayed until midnight").
_PAST_TELLING = re.compile(r"\b(?:was|were|had|did|went|stayed|lived|worked|used\s+to)\b|['’]d\b", re.IGNORECASE)


#: A bound within the day ("open until 6pm", "till midnight"): hours that hold every day, no end.
_HOUR_OF_DAY = re.compile(r"\d\s*(?:am|pm)\b|\d[:.]\d\d|\b(?:noon|midday|midnight|tonight|end\s+of\s+the\s+day)\b",
                          re.IGNORECASE)


def arrangement_end(sentence: str, at: datetime) -> datetime | None:
    """When an arrangement told in the present ends, where the sentence bounds it ("until Thursday
    Ben is running club nights", "my neighbour is feeding the cat till Sunday"): after that it no
    longer holds, and the record expires. None for an open bound ("until it's fixed") or a past one."""
    if _PAST_TELLING.search(sentence):
        return None
    for period in find_periods(sentence, at):
        if (period.ends_at is not None and not period.open and not period.session and not period.bare
                and re.match(r"(?:until|till|til|through|thru)\b", period.words, re.IGNORECASE)
                and not _HOUR_OF_DAY.search(period.words)
                and period.ends_at > at):
            return period.ends_at
    return None


def _observed(text: str, when: datetime | None) -> Candidate:
    from engine.extractor import is_sensitive

    return Candidate(
        kind="episode" if when is not None else "fact", text=text, fields={"type": "observation"}, slot=None,
        source="user_explicit", confidence=0.8, importance=_OBSERVATION_IMPORTANCE,
        privacy_level="sensitive" if is_sensitive(text) else "personal",
        happened_at=when, expires_at=None, scope=None, correction=False,
    )


#: Where a sentence's clauses part: a comma, a semicolon, a dash, "and" / "but" / "so" after a space.
_CLAUSE_PARTS = re.compile(r"(\s*[,;]\s+|\s+[\u2013\u2014-]\s+|\s+(?:and|but|so)\s+)", re.IGNORECASE)


def without_redacted(sentence: str) -> str:
    """The sentence less the clauses that held a secret ("plot 23, gate code is [REDACTED:...],
    water off November to March" -> "plot 23, water off November to March"): what else it says is
    still the user's to keep. The sentence as it was when no clause held one, or when what is left
    would not read alone (fewer than three words)."""
    if "[REDACTED:" not in sentence:
        return sentence
    pieces = _CLAUSE_PARTS.split(sentence)  # clause, separator, clause, ...
    out = ""
    for k in range(0, len(pieces), 2):
        clause = pieces[k]
        if not clause or "[REDACTED:" in clause:
            continue
        out += (pieces[k - 1] if out and k else "") + clause
    if len(re.findall(r"\w+", out)) < 3:
        return sentence
    if sentence[:1].isupper():
        out = out[:1].upper() + out[1:]
    return out if re.search(r"[.!?]$", out) else out + ("." if re.search(r"[.!?]\s*$", sentence) else "")


#: A state said to hold since a time ("we've been VAT registered since April last year", "I've had
#: the allotment since 2019", "the business is VAT registered, since last April"): what holds now,
#: with when it started; no event. (Not "since" of a reason: "since it's raining".)
_SINCE_WHEN = re.compile(r"\bsince\s+(?:(?:last|early|late|mid|the|about|around|the\s+start\s+of|the\s+end\s+of)\s+)*"
                         r"(?:(?:19|20)\d\d|" + MONTH_WORDS + r"|spring|summer|autumn|fall|winter|christmas|easter|year|"
                         r"uni|university|school|college|covid|lockdown)\b"
                         r"(?:\s+(?:(?:last|this)\s+year|(?:19|20)\d\d)\b)?", re.IGNORECASE)
_HOLDS_SINCE = re.compile(r"\b(?:have|has|'ve|’ve)\s+(?:(?:always|only|just|also)\s+)?(?:been|had|lived|worked|owned|kept|run|"
                          r"used|banked|known|taught|played|volunteered|coached|managed|rented|driven|sung|attended|studied|"
                          r"belonged|rowed|swum|cycled)\b|\b(?:is|are|am|'m|’m|'re|’re)\b", re.IGNORECASE)


#: What a sentence tells beside a state since a time that happens once: a visit ("been to Paris
#: three times since 2015"), a day ("going to the GP tomorrow").
_ONCE_TOLD = re.compile(r"\bbeen\s+to\b|\b(?:today|tonight|tomorrow|yesterday|this\s+(?:morning|afternoon|evening)|"
                        r"next\s+(?:week|month|\w+day))\b", re.IGNORECASE)


def _since_then(c: Candidate, sentence: str, at: datetime) -> Candidate:
    """An event candidate that says a state holding since a time is a standing fact (_SINCE_WHEN),
    where the sentence dates nothing else."""
    since = _SINCE_WHEN.search(sentence)
    if c.kind != "episode" or since is None or not _HOLDS_SINCE.search(sentence) or _ONCE_TOLD.search(sentence):
        return c
    rest = sentence[:since.start()] + sentence[since.end():]
    if resolve_dates(rest, at)[1] is not None:
        return c  # "I ran the marathon in April, my first race since covid": the event has its own day
    return replace(c, kind="fact", happened_at=None)


def turn_candidates(text: str, *, role: str, speaker: str | None, occurred_at: datetime,
                    session_ttl: timedelta = timedelta(hours=4), tz: tzinfo | None = None) -> list[Candidate]:
    """Everything worth remembering from one turn, sentence by sentence: the typed candidates of
    `extract` where a rule applies, else the sentence itself as an observation when it is
    informative (see `_observation`). Every turn's text is read as plain words. The observations of
    one turn are kept as one record. Only the user's turns yield candidates. `tz` is the subject's
    time zone (None: UTC), for the end of periods such as "today".
    """
    if role != "user" or not text:
        return []
    name = (speaker or "").strip() or "User"
    out: list[Candidate] = []
    seen: set[str] = set()
    follows = False
    previous: str | None = None  # the sentence before
    setting = None  # the period the sentences before named (extractor.setting_after)
    before: list[Candidate] = []  # what the sentence before gave
    for sentence in map(without_redacted, split_sentences(text)):
        found = extract(sentence, role="user", speaker=name, occurred_at=occurred_at, session_ttl=session_ttl, tz=tz,
                        setting=setting)
        if not found:
            obs = _observation(without_opener(sentence), name, occurred_at, follows)
            found = [obs] if obs is not None else []
        else:
            found = found + _clauses_unread(sentence, found, name, occurred_at, session_ttl, tz)
        if previous and before and (joined := _instruction_of_before(found, previous, before, name, occurred_at, tz)):
            instruction, absorbs = joined
            if absorbs:
                out = [c for c in out if c not in before]
                seen.difference_update(c.text for c in before)
            found = [instruction]
        found = [_since_then(c, sentence, occurred_at) for c in found]
        previous = sentence
        setting = setting_after(setting, sentence, occurred_at, tz)
        before = found
        follows = bool(found)
        if told_before(sentence):
            # "Quick reminder: ...", "for context, ...": told as known to the listener (an opener
            # the text may drop), which says the record it repeats, of whatever kind
            found = [replace(c, fields={**c.fields, "told": "before"}) for c in found]
        for c in found:
            if c.text not in seen:
                seen.add(c.text)
                out.append(c)
    return _merge_observations(_lapsing_with_instruction(out), name, occurred_at)


#: Where a sentence joins a statement with a subject of its own to another ("I'm allergic to
#: shellfish, and my son is allergic to eggs", "I don't drink, but my brother runs a pub"); not one
#: whose subject points back ("...; she lives in the shed": what "she" is, the sentence says).
_OWN_CLAUSE = re.compile(r"(?:,\s*(?:and|but|while|whereas|plus)|;)\s+"
                         r"(?=(?:my|our|I|I['’]m|I['’]ve|we|we['’]re)\s)",
                         re.IGNORECASE)


#: A word of a clause that points back to what the sentence said before it.
_POINTS_BACK = re.compile(r"\b(?:it|its|there|that|this|these|those|them|then)\b", re.IGNORECASE)
#: ... or, in a clause of the speaker's, a word of someone else's ("..., and I pay their fees"; "my
#: dad distils gin in his shed" says whose it is).
_WHOSE_BACK = re.compile(r"\b(?:his|her|their)\b", re.IGNORECASE)
#: ... or, in any clause, someone said before as the one done to ("..., and my wife calls him Sammy").
_SOMEONE_ELSE_BACK = re.compile(r"\b(?:he|she|they|him|hers|theirs)\b", re.IGNORECASE)
#: A sentence that opens with its condition: what it joins holds on it.
_CONDITION_FIRST = re.compile(r"^\W*(?:(?:so|and|but|well)\W+)*(?:if|when|whenever|unless|once|as\s+soon\s+as|in\s+case)\b",
                              re.IGNORECASE)
_SPEAKERS = re.compile(r"(?:I|I['’]m|I['’]ve|we|we['’]re)\s", re.IGNORECASE)


def own_clauses(sentence: str) -> list[str]:
    """The statements a sentence joins, each as a sentence of its own (see _OWN_CLAUSE); one, the
    sentence, when it joins none. A clause that points back ("it", "there", "..., and I pay their
    fees") stays with the one before it: what it points to, that one says."""
    if _CONDITION_FIRST.match(sentence):
        return [sentence]  # "If we get the mortgage, we'll move, and my wife will quit": all on the condition
    pieces: list[tuple[int, int]] = []  # where each clause starts (after its joiner) and ends
    pos = 0
    for m in _OWN_CLAUSE.finditer(sentence):
        pieces.append((pos, m.start()))
        pos = m.end()
    pieces.append((pos, len(sentence)))
    spans: list[list[int]] = []
    for a, b in pieces:
        part = sentence[a:b]
        if spans and (_POINTS_BACK.search(part) or _SOMEONE_ELSE_BACK.search(part)
                      or (_SPEAKERS.match(part) and _WHOSE_BACK.search(part))):
            spans[-1][1] = b  # (with its joiner, as said)
        elif part.strip():
            spans.append([a, b])
    if len(spans) < 2:
        return [sentence]
    return [p[:1].upper() + p[1:] for p in (sentence[a:b].strip() for a, b in spans)]


def _clauses_unread(sentence: str, found: list[Candidate], name: str, at: datetime, session_ttl: timedelta,
                    tz: tzinfo | None) -> list[Candidate]:
    """What a statement joined to another in one sentence says, when the rules read the other
    only ("I'm allergic to shellfish, and my son is allergic to eggs" gave the shellfish alone):
    read as it would be in a sentence of its own (own_clauses). A clause whose content words the
    sentence's candidates hold (all but one) was read with them."""
    parts = own_clauses(sentence)
    if len(parts) < 2:
        return []
    held = frozenset(w for c in found for w in _WORDS.findall(c.text.lower()))
    out: list[Candidate] = []
    for part in parts:
        words = {w for w in _WORDS.findall(part.lower()) if w not in STOP_WORDS and w != name.lower()}
        if len(words - held) < 2:
            continue
        got = extract(part, role="user", speaker=name, occurred_at=at, session_ttl=session_ttl, tz=tz)
        if not got and (obs := _observation(without_opener(part), name, at)) is not None:
            got = [obs]
        out.extend(c for c in got if all(c.text != f.text for f in found))
    return out


#: Where the speaker is or what they are on right now, in passing ("I'm on the train", "stuck at
#: the airport", "in a meeting", "on my phone"), and how their connection is doing ("signal keeps
#: dropping", "wifi is awful", "battery's at 5%").
_PASSING_PLACE = re.compile(
    r"\b(?:I['’]m|I\s+am|we['’]re|is|are|currently|right\s+now|atm|stuck|sat|sitting|standing)\s+(?:\w+\s+)?(?:on|in|at)\s+"
    r"(?:the|a|an|my|their|his|her)?\s*(?:train|bus|tube|plane|flight|ferry|coach|metro|subway|tram|taxi|uber|car|motorway|phone|mobile|"
    r"meeting|call|queue|waiting\s+room|airport|station|lounge|lobby|lecture|class)\b", re.IGNORECASE)
_PASSING_LINK = re.compile(
    r"\b(?:signal|wi-?fi|connection|internet|reception|battery|data|laptop|screen)\b[^.;!?]{0,40}?"
    r"\b(?:drop\w*|bad|patchy|slow|weak|low|dying|terrible|awful|poor|spotty|flaky|rubbish|dead|cutting\s+out|"
    r"in\s+and\s+out|at\s+\d+\s*%|\d+\s*%|cracked)\b", re.IGNORECASE)
#: What holds beyond the moment: "my wifi at home is always terrible", "I'm a bus driver".
_NOT_PASSING = re.compile(r"\b(?:always|usually|every|never|generally|normally|at\s+home|for\s+work|driver|conductor|live|lives|living|"
                          r"pilot|years?|months?|weeks?)\b", re.IGNORECASE)


def _lapsing_with_instruction(found: list[Candidate]) -> list[Candidate]:
    """A turn that asks something for a while ("for the next hour no links please") often says why,
    in where the speaker is or how their connection is ("I'm on the bus and my signal keeps
    dropping"): that holds for the while, not for good, and lapses with the instruction."""
    ends = [c.expires_at for c in found if c.kind == "temporary_instruction" and c.expires_at is not None]
    if not ends:
        return found
    until = max(ends)
    return [replace(c, expires_at=until) if (c.kind in ("fact", "episode") and c.expires_at is None
                                             and _all_passing(c.text) and not _NOT_PASSING.search(c.text)) else c
            for c in found]


_PASSING_SPLIT = re.compile(r"[,;:]\s*|(?<!\s)\s+(?:and|but|so)\s+|\s[-\u2013\u2014]\s", re.IGNORECASE)


def _all_passing(text: str) -> bool:
    """Whether all a statement says is where the speaker is or how their connection is, besides a
    word or three of feeling ("it's a joke"): "moved to cornwall and the signal is terrible" says
    more, which holds."""
    pieces = [p for p in _PASSING_SPLIT.split(text) if p and p.strip()]
    passing = [p for p in pieces if _PASSING_PLACE.search(p) or _PASSING_LINK.search(p)]
    return bool(passing) and all(p in passing or len(p.split()) <= 3 for p in pieces)


_SAME_PERIOD_SLACK = timedelta(hours=4)
#: A verb in the past: news of what happened, not an arrangement for the period.
_TOLD_AS_DONE = re.compile(r"\b(?:was|were|had|did|found|got|went|made|took|told|\w{3,}ed)\b", re.IGNORECASE)


def _instruction_of_before(found: list[Candidate], sentence_before: str, before: list[Candidate], name: str,
                           at: datetime, tz: tzinfo | None) -> tuple[Candidate, bool] | None:
    """"Tonight we're trying a house rule: everyone starts with 2 extra wheat cards. If I ask you
    about setup later tonight, factor that in.": an instruction for a period that points back to a
    sentence told for the same period (or one that ends sooner) is one instruction with it, and
    lapses with it: (the instruction, True). A sentence of another time ("I broke my wrist last
    week. Keep that in mind for today's workout", "my sister is here this weekend" before a
    "today") stays a record, and the instruction says what it points to: (the instruction, False).
    None when the turn says no such thing."""
    if len(found) != 1 or found[0].kind != "temporary_instruction" or found[0].expires_at is None:
        return None
    c = found[0]
    if not POINTS_BACK.search(c.fields.get("instruction", "")):
        return None
    if any(b.kind == "temporary_instruction" or b.fields.get("told") for b in before):
        return None
    # (a period that ends with the instruction's: "this evening" / "tonight", "today" / "tonight")
    same_period = (any(p.ends_at is not None and at < p.ends_at <= c.expires_at + _SAME_PERIOD_SLACK
                       for p in find_periods(sentence_before, at, tz))
                   # a lasting thing, or news told of the day ("I found out today I'm allergic to
                   # shellfish", "Mum was diagnosed today"), outlives the instruction: it stays a record
                   and all(_narrative(b) for b in before) and not _TOLD_AS_DONE.search(sentence_before))
    told = " ".join(b.text.removeprefix(name + ": ") for b in before).rstrip(".")
    text = c.text.removeprefix(name + ": ")
    if not text.startswith(name):
        text = text[:1].lower() + text[1:]
    lead = "" if told.startswith(name + " ") or told.startswith(name + "'") else name + ": "
    return replace(c, text=f"{lead}{told}; {text}",
                   fields={**c.fields, "instruction": told + "; " + c.fields.get("instruction", "")}), same_period


def _narrative(c: Candidate) -> bool:
    """A statement of what was said or happened: an observation, or an episode no rule gave a slot."""
    return c.fields.get("type") == "observation" or (
        c.kind == "episode" and c.slot is None and not c.correction and c.source == "user_explicit")


def _merge_observations(found: list[Candidate], name: str, at: datetime) -> list[Candidate]:
    """The narrative of one turn (its episodes and observations) as one record: read together, as
    they were said ("Priya went to counseling workshop last Friday (23 June 2023); they talked
    about therapeutic methods"), the speaker named once. A later sentence often holds what the first
    one is about, and apart it would not be found by the words of the first."""
    # an arrangement that ends ("until Thursday ...") stays a record of its own: it expires alone
    obs = [c for c in found if _narrative(c) and c.expires_at is None]
    if len(obs) < 2:
        return found
    parts = [obs[0].text]
    for c in obs[1:]:
        t = c.text.removeprefix(name + ": ")
        parts.append(t[0].lower() + t[1:] if t.startswith(("It ", "They ", "We ", "This ", "That ")) else t)
    # A date the words gave wins over a typed episode's default (the time it was said).
    dates = [c.happened_at for c in obs if c.happened_at is not None]
    when = next((d for d in dates if d != at), dates[0] if dates else None)
    merged = _observed("; ".join(parts), when)
    merged = replace(
        merged,
        kind="episode" if when is not None or any(c.kind == "episode" for c in obs) else "fact",
        importance=max(c.importance for c in obs),
        privacy_level=max((c.privacy_level for c in [merged, *obs]), key=PRIVACY_ORDER.__getitem__),
    )
    first = found.index(obs[0])
    rest = [c for c in found if c not in obs]
    return rest[:first] + [merged] + rest[first:]

