"""Word-level normalisation shared by duplicate detection and keyword (BM25) recall."""
from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")

STOP_WORDS: frozenset[str] = frozenset(
    """a an the and or but if then so of to in on at by for with from as is are was were be been being
    am do does did have has had having i me my mine we our ours you your yours he him his she her hers it
    its they them their theirs this that these those there here what which who whom whose when where why
    how all any both each few more most other some such no nor not only own same than too very can will
    just should now would could may might must shall about into over under again further once up down
    out off also it's i'm i've i'd i'll you're that's what's let's don't doesn't didn't""".split()
)


#: Modal verbs, which a verb follows bare.
MODALS: frozenset[str] = frozenset("""can can't cannot could couldn't will won't would wouldn't shall should shouldn't might
mightn't may must mustn't ought need't wanna gonna""".split())
#: Past forms that do not end in -ed.
PAST_IRREGULAR: frozenset[str] = frozenset("""was wasn't were weren't had hadn't did didn't went ran got took gave met bought made saw came
found felt left lost won wrote began brought caught taught kept slept sold built sent drove rode flew ate
drank knew grew threw wore chose broke spoke stood sat heard held fell led meant understood became forgot
hung fed fought dug shot stuck struck swung woke sang swam thought told said spent paid laid lit sought
stole swore tore bent bled bred dealt fled flung froze hid leapt learnt dreamt burnt spelt spilt lent
slid span sprang stank stung strode shook shone rang rose forgave forbade withdrew overcame undertook
drew dove wove bit blew clung crept mistook overslept sank shrank slung spat spun strove swept thrust trod wept
wound wrung arose awoke bore bound dwelt forsook knelt sped lay
read put set let cut hit quit hurt cost shut spread bet beat cast""".split())


#: The end of a possessive word: "mum's", "parents'".
POSSESSIVE_END = re.compile(r"['’]s$|(?<=s)['’]$")


#: Capital and small letters of the Latin alphabets, for patterns that read names ("Zoë", "Łukasz",
#: "Élodie" are names as much as "Zoe"): regex character-class contents.
UPPER = "A-ZÀ-ÖØ-ÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽ"
LOWER = "a-zß-öø-ÿāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįıĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷźżž"

#: Abbreviations whose full stop ends no sentence ("Dr. Okafor", "St. Mary's", "e.g. this").
ABBREVIATIONS: frozenset[str] = frozenset("mr mrs ms dr st jr sr prof vs etc e.g i.e approx no fig inc ltd co mt".split())

#: Who a statement can be about besides the speaker: relations and owned things that hold attributes.
RELATIONS: frozenset[str] = frozenset("""mother mom mum father dad parent parents sister brother sibling siblings son sons
daughter daughters kid kids child children baby wife husband partner spouse girlfriend boyfriend fiance
fiancee grandma grandpa grandmother grandfather grandson granddaughter aunt uncle cousin niece nephew
sis bro friend friends roommate flatmate housemate workmate classmate schoolmate bandmate neighbor neighbour boss manager
colleague coworker teammate team company
landlord doctor dentist lawyer teacher coach tutor dog cat pet puppy kitten horse stepson stepdaughter
stepmother stepfather in-law mother-in-law father-in-law mam mummy mommy daddy gran granny grandmum grandmom
grandad granddad hubby grandparent grandparents""".split())
#: The relation words as a regex alternation, longest first ("mother-in-law" before "mother").
RELATION_WORDS = "|".join(sorted((re.escape(w) for w in RELATIONS), key=len, reverse=True))
#: The role of one who does a thing for someone ("supervising me": my supervisor).
ROLE_OF_DOING: dict[str, str] = {"supervising": "supervisor", "coaching": "coach", "tutoring": "tutor",
                                 "teaching": "teacher", "managing": "manager", "mentoring": "mentor",
                                 "training": "trainer", "advising": "adviser", "counselling": "counsellor",
                                 "counseling": "counselor", "instructing": "instructor"}
#: The verbs of ROLE_OF_DOING, as a pattern.
ROLE_DOING = "(?:" + "|".join(ROLE_OF_DOING) + ")"
#: A person named by a first and a last name ("Raj Mehta"; not "That Woman", "My Mum"), matched with
#: case: "Peloton", "Duolingo", "Mum" coach and manage as well.
FULL_NAME = r"(?-i:(?!(?:That|This|The|My|Our|Your|His|Her|Their)\b)[A-Z][a-z'’-]+\s+[A-Z][a-z'’-]+)"
#: What may follow "... is supervising me" when the role is all it says: an end, or when ("from now
#: on", "these days"); not "teaching me to drive", "tutoring me in calculus".
ROLE_TAIL = (r"(?:\s*[,.;!?—–]|\s+-|\s+(?:from|now|this|next|until|till|starting|as\s+of|for\s+now|going\s+forward|"
             r"again|instead|these\s+days|at\s+the\s+moment)\b|\s*$)")
#: One kin said in other words ("my mum" / "my mother", "my gran" / "my grandmother"): one holder.
KIN_SYNONYMS: dict[str, str] = {
    "mom": "mother", "mum": "mother", "mam": "mother", "mummy": "mother", "mommy": "mother",
    "dad": "father", "daddy": "father",
    "grandma": "grandmother", "gran": "grandmother", "granny": "grandmother", "grandmum": "grandmother",
    "grandmom": "grandmother", "grandpa": "grandfather", "grandad": "grandfather", "granddad": "grandfather",
    "hubby": "husband", "sis": "sister", "bro": "brother",
}


#: Roles many people hold at once: a second sister or friend is no new value of the first.
#: Names of one role said in other words ("my GP" / "my doctor", "my boss" / "my line manager"): a
#: new name in one replaces the name in the other.
#: One kind of thing in British and American words ("my flat viewing" / "the apartment viewing"),
#: and the like: which thing a name says does not change with the word for it.
THING_SYNONYMS: dict[str, str] = {
    "flat": "apartment", "football": "soccer", "mobile": "cell", "holiday": "vacation", "film": "movie",
    "maths": "math", "lorry": "truck", "chemist": "pharmacy", "nappy": "diaper", "trainers": "sneakers",
    "takeaway": "takeout", "rubbish": "trash", "bin": "trash", "garden": "yard", "shop": "store",
    "post": "mail", "cinema": "movie", "telly": "tv", "television": "tv",
}

ROLE_SYNONYMS: dict[str, str] = {
    "gp": "doctor", "physician": "doctor", "veterinarian": "vet", "veterinary": "vet",
    "boss": "manager", "supervisor": "manager", "landlady": "landlord", "solicitor": "lawyer", "attorney": "lawyer",
    "physiotherapist": "physio", "counsellor": "therapist", "counselor": "therapist",
}


def role_name(role: str) -> str:
    """A role's name as one attribute, however it was worded: "line manager" and "boss" -> "manager",
    "family GP" -> "doctor", "new dentist" -> "dentist". Words that only qualify the role ("line",
    "family") go with a synonym."""
    words = role.lower().split()
    if not words:
        return role
    # "my new dentist", "our current vet": the same role, its holder changed or not
    words = [w for w in words[:-1] if w not in ("new", "current", "present", "latest", "usual", "regular")] + words[-1:]
    head = ROLE_SYNONYMS.get(words[-1], words[-1])
    if head != words[-1] or (len(words) > 1 and words[-2] in ("line", "family", "direct")):
        return head
    return " ".join(words[:-1] + [head])


HELD_BY_MANY: frozenset[str] = frozenset("""sister sisters brother brothers sibling siblings son sons daughter daughters
kid kids child children cousin cousins friend friends bff buddy mate mates pal neighbour neighbor neighbours neighbors
colleague colleagues coworker coworkers workmate workmates teammate teammates classmate classmates schoolmate
schoolmates roommate roommates flatmate flatmates housemate housemates bandmate bandmates aunt uncle niece nephew
grandson granddaughter grandchild grandkid pet dog cat puppy kitten horse student students pupil client clients patient
patients customer customers member members fan hero idol parent parents resident residents opponent opponents""".split())


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _stem(word: str) -> str:
    """A deliberately small stemmer, enough for keyword matching: one inflection ending off, then a
    final "e", so that live, lives, lived and living all become "liv"."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "es" and not word[:-2].endswith(("s", "x", "z", "ch", "sh")):
                continue  # "lives" is live+s, not liv+es
            if suffix == "s" and word.endswith("ss"):
                break  # "glass", "boss"
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


#: Kin a "great-" puts a generation further off: a great-grandmother is not the grandmother.
GREAT_KIN = frozenset("""grandmother grandfather grandparent grandparents grandson granddaughter grandchild grandchildren
grandkid grandkids aunt aunts uncle uncles nephew nephews niece nieces""".split())


def terms(text: str) -> list[str]:
    """Content terms: lower-cased, stop words removed, a possessive's "'s" dropped (so that
    "grandmother's" and "grandmother" are one term), kin said in other words one term ("mum" and
    "mother"), a great- kin one term of its own ("great-grandma": "great-grandmother", not
    "grandmother"), lightly stemmed."""
    found = words(text)
    if "great" not in found and "great's" not in found:  # (the usual case, on a hot path: no kin to join)
        return [_stem(KIN_SYNONYMS.get(w := x.removesuffix("'s"), w)) for x in found if x not in STOP_WORDS]
    out: list[str] = []
    greats = 0  # "great" said just before: joined to the kin after it, else a word of its own
    for x in found:
        if x in STOP_WORDS:
            out.extend([_stem("great")] * greats)
            greats = 0
            continue
        w = x.removesuffix("'s")
        if w == "great":
            greats += 1
            continue
        kin = KIN_SYNONYMS.get(w, w)
        if greats and kin in GREAT_KIN:
            out.append(_stem("great-" * greats + kin))
        else:
            out.extend([_stem("great")] * greats)
            out.append(_stem(kin))
        greats = 0
    out.extend([_stem("great")] * greats)
    return out


@lru_cache(maxsize=65_536)
def term_set(text: str) -> frozenset[str]:
    """Cached: duplicate checks compare each new statement with every record of the subject."""
    return frozenset(terms(text))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0  # nothing to compare: never a duplicate
    overlap = len(a & b)
    return overlap / (len(a) + len(b) - overlap)  # |a | b| without building it


def one_edit(word: str, target: str) -> bool:
    """Whether `word` is `target` with one letter dropped, added, changed, or two neighbours swapped."""
    if word == target or abs(len(word) - len(target)) > 1:
        return False
    if len(word) == len(target):
        diff = [i for i, (a, b) in enumerate(zip(word, target)) if a != b]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and word[diff[0]] == target[diff[1]] and word[diff[1]] == target[diff[0]])
    short, long_ = (word, target) if len(word) < len(target) else (target, word)
    i = next((k for k, (a, b) in enumerate(zip(short, long_)) if a != b), len(short))
    return short[i:] == long_[i + 1:]


#: Negations typed without their apostrophe ("dont", "cant") and idioms of avoiding that carry no
#: word of negation ("steer clear of", "give X a miss", "off-limits"): a record says them plainly,
#: so whoever reads it (a context, a check for "no/not/avoid") cannot miss that it forbids.
#: Words of stress before an idiom of a limit ("absolutely off limits", "strictly a no-go",
#: "completely off the table"), typed in a hurry too ("absolutly", "totaly").
STRESS_WORDS = r"(?:strictly|complete?ly|absolu?te?ly|total?l?y|entirely|definite?ly|firmly|now)"
_BARE_NEGATION = re.compile(r"\b(do|does|did|is|are|was|were|has|have|had|should|could|would|must|ca)nt\b", re.IGNORECASE)
#: "out" as a limit: before whom it is out for, and at most how long or why ("out for me until the
#: baby's here"; not "out for her morning walk", "out for us on Thursday").
OUT_FOR_SOMEONE = (r"out(?=\s+for\s+(?:me|us|him|her|them)\s*(?:$|[,.;!?(\u2013\u2014-]|(?:until|till|til|now|these|since|"
                   r"while|at|completely|totally|entirely|anymore|from|this|for|because|as|though|too|either|unfortunately|"
                   r"sadly)\b))")
_AVOIDING = [
    (re.compile(r"\bsteer(ed|ing|s)?\s+clear\s+of\b", re.IGNORECASE),
     lambda m: {"ed": "avoided", "ing": "avoiding", "s": "avoids"}.get((m.group(1) or "").lower(), "avoid")),
    (re.compile(r"\b(?P<verb>give|gives|giving|gave|given)\s+(?P<what>(?:[\w'’-]+\s+){1,4}?)a?\s*miss\b", re.IGNORECASE),
     lambda m: {"gives": "avoids", "giving": "avoiding", "gave": "avoided", "given": "avoided"}.get(
         m.group("verb").lower(), "avoid") + " " + m.group("what").strip()),
    # ("That burger is off menu": not on it, no rule; "they're off menu" in a record that lost its article)
    (re.compile(r"\b(is|are|['’]s|['’]re)\s+(?:" + STRESS_WORDS + r"\s+)?(?:off[-\s]limits|(?:a\s+)?no[-\s]go(?![-\w])|off\s+(?:the\s+)?menu)\b",
                re.IGNORECASE),
     lambda m: m.group(0) if re.search(r"\bis\s+off\s+menu", m.group(0), re.IGNORECASE) else (
         (" " if m.group(1)[0] in "'\u2019" else "") + ("are" if m.group(1).lower() in ("are", "'re", "\u2019re") else "is")
         + " not allowed")),
    # "saunas are out for me until the baby's here", "booze is out for him while he's on antibiotics":
    # the same idiom, of whom it is out for (not "Dad's out for the evening", "the results are out")
    (re.compile(r"\b(is|are|['’]s|['’]re)\s+(?:" + STRESS_WORDS + r"\s+)?" + OUT_FOR_SOMEONE, re.IGNORECASE),
     lambda m: (" " if m.group(1)[0] in "'’" else "") + ("are" if m.group(1).lower() in ("are", "'re", "’re") else "is")
     + " not allowed"),
    # "so that's off the table", "nuts are off the table": no longer an option (a record's text may
    # have lost its article: "off table")
    (re.compile(r"\b(is|are|['’]s|['’]re)\s+(?:" + STRESS_WORDS + r"\s+)?off\s+(?:the\s+)?table\b", re.IGNORECASE),
     lambda m: (" " if m.group(1)[0] in "'’" else "") + ("are" if m.group(1).lower() in ("are", "'re", "’re") else "is")
     + " not an option"),
    # "there can be zero strobe", "we allow zero phones at dinner": none of it (not "zero degrees")
    (re.compile(r"\b(?P<lead>be|is|are|allows?|allowed|want|wants|use|uses|with|means)\s+zero\s+"
                r"(?!(?:degrees?|percent|per\s+cent|point|dollars?|euros?|pounds?|calories|carbs?|sugar|km|miles?|"
                r"minutes?|hours?|days?|times?|people|balance|interest|chance|idea|clue|sum)\b)(?=[a-z])", re.IGNORECASE),
     lambda m: f"{m.group('lead')} no "),
]


def plain_negations(text: str) -> str:
    """The text with its negations written plainly: "dont" -> "don't", "steer clear of X" ->
    "avoid X", "give X a miss" -> "avoid X", "X is off-limits" -> "X is not allowed", "that's off
    the table" -> "that is not an option", "there can be zero strobe" -> "there can be no strobe"."""
    text = _BARE_NEGATION.sub(lambda m: f"{m.group(1)}n't", text)
    for pattern, plain in _AVOIDING:
        text = pattern.sub(plain, text)
    return text


#: Chat spellings written out before a user's turn is decided: contractions typed without their
#: apostrophe, and abbreviations that cannot be read another way. Words that are also words of their
#: own ("its", "were", "well", "ill", "id", "lets", "shell") are left as they are.
_CHAT_WORDS = {
    "im": "I'm", "ive": "I've", "youre": "you're", "youve": "you've", "theyre": "they're", "theyve": "they've",
    "weve": "we've", "hes": "he's", "shes": "she's", "thats": "that's", "whats": "what's", "theres": "there's",
    "wheres": "where's", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "isnt": "isn't",
    "arent": "aren't", "wasnt": "wasn't", "werent": "weren't", "havent": "haven't", "hasnt": "hasn't",
    "hadnt": "hadn't", "wouldnt": "wouldn't", "couldnt": "couldn't", "shouldnt": "shouldn't", "wont": "won't",
    "cant": "can't", "u": "you", "ur": "your", "pls": "please", "plz": "please", "tmrw": "tomorrow",
    "tmr": "tomorrow", "tonite": "tonight", "abt": "about", "bday": "birthday", "b4": "before",
    "thru": "through", "ppl": "people", "cuz": "because", "coz": "because", "w/": "with", "w/o": "without",
}
_CHAT = re.compile(r"(?<![\w'’/-])(" + "|".join(sorted(map(re.escape, _CHAT_WORDS), key=len, reverse=True))
                   + r")(?![\w'’-])(?!/\w)", re.IGNORECASE)


def _unchat_word(m: re.Match) -> str:
    word = m.group(1)
    if word.isupper() and (len(word) > 1 or word == "U"):
        return word  # "IM", "UR", a grade "U": not chat spellings
    plain = _CHAT_WORDS[word.lower()]
    return plain[0].upper() + plain[1:] if word[0].isupper() else plain


#: A sound of hesitation in dictated or transcribed speech ("um", "uhh", "erm"), with the comma
#: after it: no word of what is said. Capitalised only where a sentence starts ("Umm al-Quwain",
#: "Erm & Co", "my cat is called Um" are names, as are "UM" and "UH"); a comma before it goes too
#: where the words before it cannot end a phrase ("I'm, um, vegan", "allergic to, erm, penicillin").
#: The sounds of hesitation themselves, in lower case (redaction reads them between a code's digits).
HESITATION_SOUND = r"(?:um+|uh+|erm+|uhm+)"
_HESITATION = re.compile(r"(?:(?P<lead>(?<![\w'’])(?:I['’]m|I|is|are|am|was|were|be|to|of|for|with|at|in|on|by|from|as|a|an|the|my|our|"
                         r"your|his|her|their|called|named|and|or|but|that|it['’]s|he['’]s|she['’]s|we['’]re|they['’]re|"
                         r"I['’]ve|we|like)[ \t]*,[ \t]*)|(?<![\w'’-])(?<!\d[ \t]))"
                         r"(?:" + HESITATION_SOUND + r"|(?:(?<=^)|(?<=[.!?][ \t])|(?<=[.!?]))(?:Um+|Uh+|Erm+|Uhm+))"
                         # (not a word said, "I said um."; after a number, "a 5 um filter", it is a unit)
                         r"(?![\w'’-])(?![ \t]*[.!?])(?:[ \t]*,)?[ \t]*")
#: A word said twice as speech restarts ("I I moved", "the the car").
_RESTART = re.compile(r"(?<![\w'’-])(I|the|a|an|my|our|we|to|and)[ \t]+\1(?![\w'’-])", re.IGNORECASE)


def _hesitation_gone(m: re.Match[str]) -> str:
    lead = m.group("lead")
    return lead.split(",")[0].rstrip() + " " if lead else ""


def plain_chat(text: str) -> str:
    """The text with chat spellings written out ("im moving tmrw" -> "I'm moving tomorrow", "can u
    pls" -> "can you please", "w/ my sister" -> "with my sister", "todays chat" -> "today's
    chat"), and without the sounds of hesitation of dictated speech ("so um the rule is" -> "so the
    rule is"), so that rules written for the usual spelling read a message typed on a phone or
    dictated as they read the same message typed carefully."""
    if not text:
        return text
    if _HESITATION.search(text):
        text = _RESTART.sub(r"\1", _HESITATION.sub(_hesitation_gone, text))
    return _DAYS_OWN.sub(_days_own, _CHAT.sub(_unchat_word, text))


#: A day's or a period's own thing typed without its apostrophe ("todays meeting", "this mornings
#: reading", "last nights game"): the apostrophe put back, so that the day is read. Not a plural
#: ("all our yesterdays are gone", "the todays and tomorrows of my kids", "these last weeks have
#: been hard", "on Mondays"): a thing of the day's is a word in lower case after it, no verb,
#: article or joining word, and no word before it says there are several (`_days_own`). Words in
#: capitals are left as typed.
_DAYS_OWN = re.compile(r"(?<![\w'’-])((?:[Tt]oday|[Tt]onight|[Yy]esterday|[Tt]omorrow|"
                       r"(?:[Tt]his|[Ll]ast|[Nn]ext)[ \t]+(?:morning|afternoon|evening|night|week|weekend|month|year)))"
                       r"(s)(?=[ \t]+(?!(?:are|were|is|was|have|had|has|and|or|of|in|on|at|to|for|with|the|a|an)(?![\w'’-]))[a-z])")
#: Words before a day word that make it one of several ("the last weeks", "our last nights").
_SEVERAL = frozenset("the these those our my your his her their its all some many few several final first".split())


def _days_own(m: re.Match[str]) -> str:
    before = m.string[max(0, m.start() - 20):m.start()].split()
    if before and before[-1].lower() in _SEVERAL:
        return m.group(0)
    return f"{m.group(1)}'{m.group(2)}"


#: What a medicine is called: a class of medicines ("antidepressants", "the pill", "statins"), or a
#: word with an ending medicines' names share ("-pril", "-statin", "-azole", "-olol" ...), not "call",
#: "LinkedIn", "nights" ("I'm on call", "I came off the ladder").
MEDICINE_CLASS = (r"anti-?depressants?|antibiotics|steroids|statins|beta[- ]blockers?|blood[- ]thinners|the\s+(?:mini[- ])?pill|"
                  r"hrt|insulin|painkillers|anti-?histamines?|iron\s+tablets|thyroid\s+(?:meds|tablets|medication)|"
                  r"adhd\s+(?:meds|medication)|methadone|chemo(?:therapy)?|prep|birth\s+control|an\s+inhaler|inhalers|"
                  r"(?:my\s+)?(?:meds|medication|tablets)")
_MEDICINE_ENDING = re.compile(r"(?:ine|pram|xine|lin|tin|formin|zole|tatin|pril|olol|arin|aban|xate|olone|isone|"
                              r"amol|profen|oxen|adol|azepam|mab|cillin|mycin|cycline|oxacin|ovir|glutide|kast|tadine|"
                              r"izine|afil|triptan|ipine|sartan|tidine)$", re.IGNORECASE)
_NOT_MEDICINE = frozenset("""line fine wine online routine machine engine magazine cuisine marine spine pine shrine
vine nine mine deadline pipeline timeline baseline airline hotline frontline discipline guideline outline
valentine quarantine caffeine linkedin admin cabin violin robin latin satin martin justin austin dustin
bulletin tin twin skin begin within cousin margin origin basin raisin muffin dolphin penguin pumpkin javelin
medicine vitamin protein gelatine nicotine""".split())


def is_medicine(word: str, *, dosed: bool = False) -> bool:
    """Whether a word (or a class of medicines) names a medicine; `dosed`: said with a dose ("50mg
    of Zyxal"), which any word that is no common word then is."""
    word = " ".join(word.lower().split())
    if re.fullmatch(MEDICINE_CLASS, word, re.IGNORECASE):
        return True
    last = word.split()[-1] if word else ""
    return bool(last) and last not in _NOT_MEDICINE and (dosed or _MEDICINE_ENDING.search(last) is not None)
