"""The statements of a narrative record, one at a time.

A user's turn that no rule types is kept as one record, its sentences joined ("Dana: three kids; Mia
has piano on Wednesdays at 4; Leo plays football on Saturdays"), because a later sentence often
holds what the first one is about. That record says several things, and a later turn changes or
takes back one of them: "Mia's done with piano, Wednesdays at 4 is swimming now" is a new value of
the second statement only, and "forget my ex's address" names one statement of a turn that also
said where the children go to school.

So the decisions that act on one memory can act on one statement of such a record: a new value of
a statement supersedes the record and keeps the rest as a record of its own; a request to forget one
statement erases the record and keeps the rest.
The rest keeps the record's provenance, kind, times and privacy: it was said then, by then.

A new statement is also read clause by clause: "the practice merged, so our GP is Dr Quist now, but
prescriptions still go to Boots" reads, whole, as little like "our GP is Dr Lyle" as it does like
the prescriptions; its clause "our GP is Dr Quist now" is that attribute with a new value.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Sequence

from engine.dates import MONTH_NAMES
from engine.extractor import _PERSON_ROLES
from engine.meaning import contact_values, single_statement
from engine.textnorm import RELATION_WORDS as _RELATION_WORDS, STOP_WORDS
from schemas.records import MemoryRecord

#: How the statements of one narrative record are joined (engine.summarizer._merge_observations,
#: engine.processor.consolidation).
JOIN = "; "
#: The field a record cut from another names it in.
REST_OF = "rest_of"


def is_narrative(fields: dict[str, str], text: str | None) -> bool:
    """A record (or candidate) made of several statements of one turn, or of repeated evidence."""
    return fields.get("type") == "observation" and text is not None and JOIN in text


def parts(text: str) -> list[str]:
    """The statements as they stand in the record's text (the first with its "Name: " lead)."""
    return [p for p in text.split(JOIN) if p.strip()]


#: "Dana: ..." opening a record: whose words it holds (a subject's records may be of several speakers).
_LEAD = re.compile(r"^((?-i:[A-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*){0,2}):\s")


def lead_of(text: str, speaker: str) -> str:
    """The name a record's text opens with ("Dana: ..."), else `speaker`."""
    if re.match(re.escape(speaker) + r"\b", text):
        return speaker
    m = _LEAD.match(text)
    return m.group(1) if m else speaker


def in_own_words(text: str, speaker: str) -> str:
    """A record's text as its speaker would say it: without the "Ksenia: " it may open with, their
    name as "my" where it owns ("Ksenia's therapist" -> "my therapist") and as "I" where it opens a
    statement or a clause before a word in lower case ("Ksenia thinks", "; Ksenia works"). What a
    request in the speaker's own words is compared with: a name moves an embedding from the words
    it stands for, and a rare name further than a common one. A name that is also a place, a month
    or a word is left where it reads as one ("a trip to Florence", "booked for May", "Rose Garden
    Centre", "Jo-Anne", "jo.smith@...")."""
    name = (speaker or "").strip()
    if not name:
        return text
    alone = r"(?<![\w.@’'-])" + re.escape(name)
    said = re.sub(r"^" + re.escape(name) + r":\s+", "", text)
    said = re.sub(alone + r"(?:'s|’s)(?![\w@-])", "my", said)

    def subject(m: re.Match[str]) -> str:
        # where it opens a statement or a clause, or follows a word in lower case that is no
        # preposition ("says Thorvaldur should", not "a trip to Florence", "booked for May")
        before = m.string[:m.start()].rstrip()
        last = before.rsplit(None, 1)[-1] if before else ""
        opens = not before or before.endswith((";", ","))
        return "I" if opens or (last.isalpha() and last.islower() and last not in _PLACE_WORDS) else m.group()

    said = re.sub(alone + r"(?=\s+[a-z])", subject, said)
    return said[:1].upper() + said[1:] if said != text else text


#: Words before a place, a month or a thing's name rather than a person's ("to Florence", "for May").
_PLACE_WORDS = frozenset("""to in at from for of near by on into onto with about around via through until till since after
before than like the a an""".split())


def readable(text: str, speaker: str) -> list[str]:
    """The statements, each readable alone as the speaker's: "Dana: a; b" -> ["Dana: a", "Dana: b"].
    A statement that does not name the speaker first is given their name, as the record's first
    statement is ("we buy our flour from ..." is the speaker's, not somebody else's). The speaker
    is the one the record names first, when it does."""
    speaker = lead_of(text, speaker)
    out = []
    for k, p in enumerate(parts(text)):
        out.append(p if k == 0 or re.match(re.escape(speaker) + r"\b", p) else f"{speaker}: {p}")
    return out


#: Where one statement says two things: "our new address is 7 Quarry Row, and the commute is now
#: fifteen minutes" gives two attributes new values.
_CLAUSE_BREAK = re.compile(r",\s+(?:and|but|so)\s+")
_WORD = re.compile(r"\w+")


def clauses(statement: str, speaker: str) -> list[str]:
    """The statement, and its clauses of three words or more when it has several, each readable
    alone as the speaker's."""
    pieces = [p for p in _CLAUSE_BREAK.split(statement) if len(_WORD.findall(p)) >= 3]
    if len(pieces) < 2:
        return [statement]
    return [statement] + [p if p.startswith(speaker) else f"{speaker}: {p}" for p in pieces[1:]] + (
        [pieces[0]] if pieces[0] != statement else [])


#: Where one statement holds two things a request may tell apart: "Wren takes sertraline each
#: morning, Wren is lactose intolerant, and Wren's cardiologist wants less salt" asks to forget the
#: first alone in "forget the medication"; "the ceremony is at 3pm, and my sister isn't invited"
#: the second alone in "forget the bit about my sister". A comma before the speaker as the new
#: subject (records name them for "I"), a comma and a conjunction before any clause, or a comma
#: before a clause that opens with a pronoun (it leans on the one before: see clause_pieces). Another
#: name after a bare comma ("..., Dan never noticed", "..., Dr Shah upped the dose") tells of the
#: same thing: no break.
_OPENERS = frozenset("and but so while whereas also plus".split())
#: A conjunction opening a clause ("and ...", "but ..."), and its place, maybe empty, at a clause's start.
_CONJ = rf"(?:{'|'.join(sorted(_OPENERS))})\s+"
_OPEN = rf"(?:{_CONJ})?"
#: The speaker's word set between commas after a name ("because Ros, Sam's partner, is starting
#: ..."): who the name is, no clause of its own.
_NOT_APPOSED = r"(?!['’]s\s+(?:[\w'’-]+\s+){0,2}[\w'’-]+\s*,)"
_FORGET_BREAK = (rf",\s+(?={_OPEN}{{speaker}}\b{_NOT_APPOSED})|,\s+(?={_CONJ})"
                 # a clause on what the one before named ("my accountant is Ms Feld, her direct line is
                 # ..."): a piece that leans on it
                 r"|,\s+(?=(?:he|she|they|his|her|their|its)\s)")
#: A clause or statement that points back to what came before ("I've seen her crying", "so that's
#: three points", "it was the hardest thing") says nothing alone: it goes with it when that is
#: forgotten.
_POINTS_BACK = re.compile(r"\b(?:he|she|him|her|his|hers|they|them|their|it|its|that|this|those|these|there|then)\b",
                          re.IGNORECASE)
#: The same in a clause whose subject is the speaker ("and Sam drives their son to judo"): records
#: say "their" for the speaker's "my", so there it is the speaker's own ("his" and "her" are still
#: someone else's, maybe the one before's).
_POINTS_BACK_FROM_SPEAKER = re.compile(r"\b(?:he|she|him|her|his|hers|they|them|it|its|that|this|those|these|"
                                       r"there|then)\b", re.IGNORECASE)
#: A statement whose subject is what the one before told of ("it was the hardest thing", "that's
#: why ...", "he never found out"): a possessive after it ("Her speech therapist ...") names a new
#: thing, and a pronoun inside ("with their grandad") is the statement's own.
_OPENS_BACK = re.compile(r"^(?:[^:]{1,40}:\s+)?(?:(?:and|but|so|which)\s+)?(?:it|that|this|these|those|he|she|they|there|"
                         r"which)(?:['’](?:s|re|ll|d))?\b", re.IGNORECASE)
#: A clause that opens with a subject of its own: someone named, a thing of someone's, "I" or
#: "we", a new thing ("a ..."). Any other ("My cousin got arrested, and the charges were
#: dropped", records keeping "charges were dropped") tells of a thing already spoken of: it leans
#: on what comes before it in the sentence.
_NEW_SUBJECT = re.compile(rf"^{_OPEN}(?:(?-i:[A-Z])[\w'’.-]*|my|our|your|I|we|a|an|"
                          r"(?:my|our|your|his|her|their)\s+|[\w-]+['’]s)\b", re.IGNORECASE)
_OPENER = re.compile(rf"^{_CONJ}", re.IGNORECASE)
#: The ways a clause says something with a verb of its own (`_SAYS`, `_SAYS_WITH_A_VERB`).
_SAYS_BY_A_VERB = (
    # an auxiliary up to four words in ("old HR server hr-legacy-02 gets", "my sister isn't")
    r"[\w'’-]+(?:\s+[\w'’-]+){0,3}?\s+(?:(?:is|are|was|were|has|have|had|does|do|did|will|would|ca|can|"
    r"could|should|must|may|might|wo)(?:n['’]?t|\b)|(?:needs?|wants?|gets?|got|goes)\b)",
    # (or five: "their sister in law Bea is")
    r"[\w'’-]+(?:\s+[\w'’-]+){4}\s+(?:is|are|was|were|has|have|had)\b",
    # another verb right after its subject ("Wren's cardiologist asked")
    r"[\w'’-]+(?:\s+[\w'’-]+)?\s+(?<!\bof\s)[a-z]+(?:s|ed)\b",
    # ... or after someone named after whose they are ("their sister Dara owes", "our son Theo
    # stutters"; not "their brother Jamal as well")
    r"(?:my|our|their|his|her|[\w-]+['’]s)\s+[\w-]+\s+(?-i:[A-Z])[\w'’-]*\s+(?:(?:just|also|now|recently|finally|still|"
    r"already|only)\s+)?(?!(?:as|plus|thus|this|us)\b)[a-z]{2,}(?:s|ed)\b",
)
#: A clause with a verb near its subject ("Wren is lactose intolerant", "Wren's cardiologist has
#: asked"), or a contraction ("it's", "Sam's going"), not the next item of a list.
_SAYS = re.compile(r"^(?:" + "|".join(_SAYS_BY_A_VERB) + r"|[\w-]+['’](?:s|re|ve|ll|d|m)\s+\w)", re.IGNORECASE)
#: ... read with a verb of its own, not only a word ending in "'s" (which may be whose: "their
#: brother Jamal in Croydon").
_SAYS_WITH_A_VERB = re.compile(r"^(?:" + "|".join(_SAYS_BY_A_VERB) + r")", re.IGNORECASE)


#: A clause that says who or what fills a role, by name ("and the letting agent is Brightmove
#: Lettings", "and the vet is Dr Amir at Hillside"), after one that gives someone's number or
#: address: the next of a list of contacts, a thing of its own, though records drop its article
#: ("letting agent is ..."). After anything else it may be a part of what came before ("my hernia
#: surgery is booked, and the surgeon is Mr Patel"): it goes with it.
_NAMES_ONE = re.compile(rf"^{_OPEN}(?:the\s+)?[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){{0,2}}\s+(?:is|are)\s+"
                        r"(?:(?:called|named|now|still)\s+)?(?-i:[A-Z])", re.IGNORECASE)


_OWNER = re.compile(rf"^{_OPEN}((?-i:[A-Z])[\w.-]*)['’]s\b", re.IGNORECASE)


def _same_owner(piece: str, before: str, speaker: str) -> bool:
    """A clause about a thing of someone the clause before named, not the speaker ("My sister Lou
    is pregnant, and Lou's due date is in October"): of the same matter."""
    m = _OWNER.match(piece)
    return (m is not None and m.group(1) != speaker
            and re.search(rf"\b{re.escape(m.group(1))}\b", before) is not None)


#: A clause that ends on knowing or noticing with nothing known ("but our parents don't know yet",
#: "and Dan never noticed"): of what the clause before told.
_UNSAID_OBJECT = re.compile(r"\b(?:know|knows|knew|noticed|notice|realised|realized|found\s+out|no\s+idea|no\s+clue)"
                            r"(?:\s+(?:yet|either|at\s+all|about\s+it))?\W*$", re.IGNORECASE)


def says_alone(piece: str) -> bool:
    """A clause of its own: three words or more with a verb near its subject (not a list's item)."""
    words = [w for w in _WORD.findall(piece) if w.lower() not in _OPENERS]
    return len(words) >= 3 and _SAYS.search(_OPENER.sub("", piece)) is not None


#: A person told of as an object pronoun ("Sam fancied her straight away", "Sam still owes him
#: £40"), not a possessive, which is most often the statement's own subject's ("Theo failed his
#: exam", "Sam's sister broke her wrist").
_PERSON_BACK = re.compile(r"\bhim\b|\bher\b(?=\s*$|\s*[,.;!?]|\s+(?:to|at|in|on|for|with|about|from|by|straight|"
                          r"again|too|so|and|but|because|since|when|yet|every|once|twice|a\s+lot|loads)\b(?![-'’]))",
                          re.IGNORECASE)
_NAMED = re.compile(r"\b(?-i:[A-Z])[a-z]+")


def _names(statement: str, speaker: str) -> set[str]:
    """The capitalised words of a statement that may name someone: not the speaker, not a
    function word opening it ("The", "My")."""
    return {w for m in _NAMED.finditer(statement)
            if (w := m.group()) != speaker and w.lower() not in STOP_WORDS and w.lower() not in _CALENDAR}


_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
#: Capitalised words that name a time, not someone.
_CALENDAR = frozenset([*_WEEKDAYS, *(d + "s" for d in _WEEKDAYS), *(m.lower() for m in MONTH_NAMES), "christmas", "easter"])


#: A clause that only says results arrived ("Blood test came back", "Maya's MRI results are in",
#: "Tom got his exam grades back", "Got Tom's grades back"): what follows it is what they said, and
#: goes with it.
_RESULTS = (r"(?:results?|tests?|bloods|blood\s*work|scans?|x-?rays?|mri|ct|biopsy|smear|swab|grades?|marks?|scores?|"
            r"report|diagnosis|verdict)")
_ANNOUNCES_RESULTS = re.compile(
    r"^(?:(?:[\w'’-]+\s+){0,4}?" + _RESULTS + r"\s+(?:(?:(?:has|have)\s+)?(?:came|come)\s+(?:back|through|in)|arrived|landed|"
    r"(?:is|are|was|were)\s+(?:in|back|out))"
    r"|(?:[\w'’-]+\s+)?(?:got|received|had)\s+(?:[\w'’-]+\s+){0,3}?" + _RESULTS + r"\s+back)"
    # (a day it names is followed by its date: "today (2 March 2026)")
    r"(?:\s+(?:today|yesterday|finally|at\s+last|this\s+(?:morning|afternoon|week))(?:\s*\([^()]*\))?)?\W*$",
    re.IGNORECASE)


#: A statement told as more news beside the one before ("and I bought a bike", "also ...", "plus
#: ...", "..., too"; not "my iron is too low").
_MORE_NEWS = re.compile(r"^\W*(?:and|also|plus|but|oh|btw|anyway)\b|\b(?:as\s+well|too)\W*$", re.IGNORECASE)


def _what_results_said(statement: str, before: str) -> bool:
    """`statement` tells what the results `before` announced (_ANNOUNCES_RESULTS), not more news."""
    return _ANNOUNCES_RESULTS.match(before) is not None and _MORE_NEWS.search(statement) is None


def _of_someone_before(statement: str, before: str, speaker: str) -> bool:
    """A statement that tells of a person by a pronoun and names nobody but the speaker, right
    after one that names someone: of the one it named ("Sam met Anouk at pottery; Sam fancied her
    straight away")."""
    return (_PERSON_BACK.search(statement) is not None and not _names(statement, speaker)
            and bool(_names(before, speaker)))


_IS = re.compile(r"\b(?:is|are|was|were|has|have|had|costs?|weighs?|gets?|needs?)\b", re.IGNORECASE)


def _speaker_again(piece: str, speaker: str) -> list[str]:
    """The piece cut before a conjunction that names the speaker anew, with no comma before it,
    where the speaker is named before it too ("Sam is 1.78 metres tall and Sam cycles to work": two
    things of theirs; not "my brother and Sam went fishing", one thing two people did), or before
    one of the speaker's people doing something of their own after a clause with a verb ("Sam swims
    at the lido and Sam's brother Jamal is being treated for depression": chat leaves the comma
    out; not "Sam lives with their mum and their brother Jamal")."""
    own = re.compile(rf"\b{re.escape(speaker)}\b(?!['’]s\b)")
    theirs = re.compile(rf"^(?:[^:]{{1,60}}:\s+)?{re.escape(speaker)}['’]s\s")
    out: list[list[str]] = []  # each piece as its parts, joined at the end (a long run joins many)
    owned: list[bool] = []  # whether each piece names the speaker
    alone: list[bool] = []  # whether each piece says something alone (once it does, it still does)

    def start(x: str) -> None:
        out.append([x])
        owned.append(own.search(x) is not None)
        alone.append(False)

    for x in _clause_cuts(speaker).split(piece):
        if out and _KIN_OPENS.match(x):
            if not alone[-1]:
                alone[-1] = says_alone(" ".join(out[-1]))
            # (the clause before says something with a verb of its own, of the speaker or of another
            # of theirs: "Sam's sister is moving to Leeds and Sam's brother just started at Infosys")
            before_says = (owned[-1] and alone[-1]) or _SAYS_WITH_A_VERB.search(_OPENER.sub("", out[-1][0]))
            new = bool(before_says and _SAYS_WITH_A_VERB.search(_OPENER.sub("", x)))
        else:
            # the speaker named before it, or a thing of theirs said to be something ("Sam's blood
            # pressure was 150 over 95 and Sam takes ..."; not "Sam's brother and Sam went ...")
            new = not out or ((owned[-1] or (theirs.match(out[-1][0]) and any(_IS.search(y) for y in out[-1])))
                              and len(_WORD.findall(x)) >= 4)
        if new:
            start(x)
        else:
            out[-1].append(x)
            owned[-1] = owned[-1] or own.search(x) is not None
    return [" ".join(parts) for parts in out]


#: "and their brother ...", "but our son ...": a clause about someone of the speaker's may open here.
_KIN_OPENS = re.compile(rf"(?:and|but)\s+(?:[\w-]+['’]s|their|our)\s+(?:{_RELATION_WORDS})\b", re.IGNORECASE)


@lru_cache(maxsize=256)
def _clause_cuts(speaker: str) -> re.Pattern[str]:
    """Where `_speaker_again` cuts: before a conjunction that names the speaker anew (in the case
    the speaker's name is written: "Will is moving and will be away" names no one anew), or one
    of their people."""
    name = re.escape(speaker)
    return re.compile(rf"(?<!\s)\s+(?=(?:and|but|so)\s+(?-i:{name})\b(?!['’]s\b)|(?:and|but)\s+(?:(?-i:{name})['’]s|"
                      rf"their|our)\s+(?:{_RELATION_WORDS})\b)", re.IGNORECASE)


def points_back(piece: str, speaker: str, before: str = "") -> bool:
    """Whether a clause points back to what came before it (see _POINTS_BACK)."""
    if re.match(rf"{_OPEN}{re.escape(speaker)}\b(?!['’]s\b)", piece, re.IGNORECASE) and not _someone_else(before, speaker):
        return _POINTS_BACK_FROM_SPEAKER.search(piece) is not None
    return _POINTS_BACK.search(piece) is not None


#: Words for people ("my flatmate is on a methadone script"): kin, roles, and those who are neither.
_PEOPLE = _PERSON_ROLES | frozenset("""ex exes flatmate flatmates housemate housemates roommate roommates godson
goddaughter godchild godchildren godparent godmother godfather mate mates pal pals buddy colleague colleagues client
clients patient patients tenant tenants kid kids child children baby fiance fiancee bestie""".split())


def _someone_else(text: str, speaker: str) -> bool:
    """Whether a clause tells of someone other than the speaker, by name or by a word for a person
    ("my partner Alex has ...", "my flatmate is ..."), with the speaker not its subject: a "their"
    after it may be theirs. ("Sam is separating from their husband, and Sam takes their mum ...":
    both the speaker's.)"""
    if re.match(rf"{_OPEN}{re.escape(speaker)}\b(?!['’]s\b)", text, re.IGNORECASE):
        return False
    return bool(_names(text, speaker)) or any(w in _PEOPLE for w in re.findall(r"[a-z]+", text.lower()))


def clause_pieces(text: str, speaker: str) -> tuple[list[str], list[bool]]:
    """The record's statements, each cut where a clause names the speaker anew or a conjunction
    opens a clause of its own; and, for each piece, whether it leans on the one before (points
    back to it). A piece that cannot stand alone (a list's next item) stays
    with the one before. The pieces a request to forget may name one of, or keep: a piece that
    leans back goes when the one before goes, not the other way round ("Theo has violin on
    Saturdays. He failed his grade 3 exam": forgetting the exam keeps the violin). A statement
    leans back when it opens with what the one before told of; a clause, when it points back
    anywhere ("so the landlord is replacing it") or its subject is a thing already spoken of ("and
    the charges were dropped")."""
    lead = lead_of(text, speaker)
    brk = re.compile(_FORGET_BREAK.replace("{speaker}", re.escape(lead)), re.IGNORECASE)
    out: list[str] = []
    leans: list[bool] = []
    for p in parts(text):
        pieces: list[str] = []
        for piece in brk.split(p):
            piece = piece.strip()
            if not piece:
                continue
            if pieces and not says_alone(piece):
                pieces[-1] = f"{pieces[-1]}, {piece}"
            else:
                pieces.append(piece)
        pieces = [x for piece in pieces for x in _speaker_again(piece, lead)]
        for k, piece in enumerate(pieces):
            back = ((points_back(piece, lead, pieces[k - 1])
                     or not (_NEW_SUBJECT.match(piece) or (_NAMES_ONE.match(piece) and contact_values(pieces[k - 1])))
                     or _UNSAID_OBJECT.search(piece)
                     or _same_owner(piece, pieces[k - 1], lead)
                     or _what_results_said(piece, pieces[k - 1]))
                    if k else _OPENS_BACK.match(piece) or (out and (_of_someone_before(piece, out[-1], lead)
                                                                    or _what_results_said(piece, out[-1]))))
            leans.append(bool(out) and bool(back))
            out.append(_OPENER.sub("", piece) if k else piece)
    return out, leans


#: Where a piece's items part: a comma (and a conjunction after it) between two items of a list
#: ("football on Tuesdays, the therapist on Thursdays, and choir on Fridays"), or a conjunction
#: before "there is" or "also" ("I'm self-employed and there's also £300 a month from tutoring").
_ITEM_BREAK = re.compile(r",\s+|\s+(?=(?:and|but|plus)\s+(?:there(?:['’]s|\s+(?:is|are|was|were))\b|also\b))",
                         re.IGNORECASE)
#: An item that a conjunction opens ("and choir on Fridays"): the list's next thing, not more of
#: the one before.
_JOINED = re.compile(r"^(?:and|but|plus)\s+", re.IGNORECASE)


def items(piece: str) -> list[str]:
    """The items of one piece (clause_pieces keeps a list's items together): cut at _ITEM_BREAK
    outside brackets ("self-employed (weddings, events and portraits)" is one item), each with the
    conjunction that opens it."""
    out: list[str] = []
    start = 0
    for m in _ITEM_BREAK.finditer(piece):
        inside = piece[:m.start()]
        if inside.count("(") > inside.count(")"):
            continue
        out.append(piece[start:m.start()].strip())
        start = m.end()
    out.append(piece[start:].strip())
    return [x for x in out if x]


def item_leans(item: str, before: str, speaker: str) -> bool:
    """Whether an item is more of the one before: it goes with it. So is every item that no
    conjunction opens: what the one before is ("my car, a silver Golf, plate KX19", "my ex, who
    has moved to ...", "..., the address is ..."), or, in a list without "and" before each item, the
    next thing (it goes too, in doubt); and one that points back to it ("and it costs ...", "and
    Eli has no clue")."""
    return bool(not _JOINED.match(item) or _OPENS_BACK.match(item) or points_back(item, speaker, before)
                or _UNSAID_OBJECT.search(item) or _same_owner(item, before, speaker))


#: A statement that ends on what the one before told of ("the health board forbids it").
_ENDS_BACK = re.compile(r"\b(?:it|this|that|them|these|those)\W*$", re.IGNORECASE)


def tells_of_before(statement: str) -> bool:
    """Whether a statement opens with what the one before it told of ("that's why ..."), or is a
    short one ending on it ("the health board forbids it"; not "dogs aren't allowed upstairs, the
    owner was clear about it", whose "it" is its own): it says nothing alone."""
    return _OPENS_BACK.match(statement) is not None or (
        _ENDS_BACK.search(statement) is not None and len(_WORD.findall(_LEAD.sub("", statement, count=1))) <= 8)


def leaning_on(named: set[int], leans: list[bool]) -> set[int]:
    """`named` and every piece that leans, directly or through others, on one of them."""
    out = set(named)
    for k in range(1, len(leans)):
        if leans[k] and k - 1 in out:
            out.add(k)
    return out


@dataclass(frozen=True)
class Statement:
    """One statement of a record, shaped as the record for engine.meaning.relate."""

    memory_id: str  # unique per statement: "<record id>#<index>"
    text: str
    kind: str
    happened_at: datetime | None
    created_at: datetime
    slot: str | None
    record: MemoryRecord
    index: int | None  # None: the record is one statement


def statements(records: Sequence[MemoryRecord], speaker: str, only_narratives: bool = False,
               long_by_clause: bool = False) -> list[Statement]:
    """Each record's statements: a narrative's one by one, any other record whole (unless
    `only_narratives`); with `long_by_clause`, a sentence too long to be one statement clause by
    clause (what a change may give a new value to one of: a repeat is of the whole)."""
    out: list[Statement] = []
    for r in records:
        if r.text is None:
            continue
        if is_narrative(r.fields, r.text):
            for k, p in enumerate(readable(r.text, speaker)):
                out.append(Statement(f"{r.memory_id}#{k}", p, r.kind, r.happened_at, r.created_at, r.slot, r, k))
        elif long_by_clause and not single_statement(r.text) and len(pieces := [x for p in clause_pieces(r.text, speaker)[0]
                                                              for x in items(p)]) > 1:
            # One long sentence that says several things ("I'm an analyst in Bristol, I report to
            # Helen Briggs, and most of my work is dashboards") is too long to be one statement:
            # its clauses are its statements, as a narrative's are, and the record stands for them
            # as one whose statements they are (the rest is kept when one of them changes).
            view = r.model_copy(update={"text": JOIN.join(pieces)})
            for k, p in enumerate(readable(view.text, speaker)):
                out.append(Statement(f"{r.memory_id}#{k}", p, r.kind, r.happened_at, r.created_at, r.slot, view, k))
        elif not only_narratives:
            out.append(Statement(f"{r.memory_id}#", r.text, r.kind, r.happened_at, r.created_at, r.slot, r, None))
    return out


def rest_text(text: str, drop: set[int], speaker: str, cut: dict[int, str] | None = None) -> str | None:
    """The text less the statements at `drop`, and with each statement at a key of `cut` replaced
    by what is left of it (None when nothing would be left or nothing is dropped or cut). The
    first statement left is led by the speaker's name when it does not name them (the name the
    record opens with, when it does)."""
    cut = {k: v for k, v in (cut or {}).items() if k not in drop}
    said = [cut.get(k, p) for k, p in enumerate(parts(text))]
    keep = [p for k, p in enumerate(said) if k not in drop]
    if not keep or (len(keep) == len(said) and not cut):
        return None
    speaker = lead_of(text, speaker)
    lead = f"{speaker}: "
    first = keep[0]
    if (0 in drop or 0 in cut) and not re.match(re.escape(speaker) + r"\b", first):
        first = lead + first
    return JOIN.join([first, *keep[1:]])


def without(record: MemoryRecord, drop: set[int], speaker: str, memory_id: str, at: datetime,
            cut: dict[int, str] | None = None) -> MemoryRecord | None:
    """The record less the statements at `drop` and with those at `cut` cut down (rest_text), as a
    new record with the old one's provenance and its id in `fields["rest_of"]` (None when nothing
    would be left or nothing is dropped or cut)."""
    text = rest_text(record.text or "", drop, speaker, cut)
    if text is None:
        return None
    fields = dict(record.fields)
    if "consolidated" in fields:
        fields["consolidated"] = str(len(parts(text)))
    # What it was cut from: a superseded record that still holds every statement kept here, which
    # a later forget of them erases too (engine.processor._forget_in_turn).
    fields[REST_OF] = record.memory_id
    return record.model_copy(update={"memory_id": memory_id, "text": text, "fields": fields, "updated_at": at,
                                     "tier": "active", "superseded_by": None})


def cut_from(record: MemoryRecord, records: dict[str, MemoryRecord]) -> list[MemoryRecord]:
    """The records `record` was cut from, nearest first (each holds what it holds, and more)."""
    out: list[MemoryRecord] = []
    seen = {record.memory_id}
    at = record.fields.get(REST_OF)
    while at is not None and at not in seen and at in records:
        seen.add(at)
        out.append(records[at])
        at = records[at].fields.get(REST_OF)
    return out
