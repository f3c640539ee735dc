"""Decisions by meaning: what a statement is, whether it repeats, updates or asks to forget another.

The rule-based reader (engine.extractor) says what a sentence literally holds; this module decides
what it means for memory, from sentence embeddings (all-MiniLM-L6-v2) and a few exact rules:

- **Kind.** A logistic-regression classifier over sentence embeddings, trained on labelled sentences
  that ship with memstream (`engine/data/kinds.jsonl`, kept apart from every evaluation set). It
  types hard rules as `constraint` and recognises a request to forget. Its held-out accuracy is
  measured on its own test split (`KindClassifier.held_out_accuracy`).
- **Same thing, said again.** Two statements of one speaker about one holder (the speaker, or a named
  relation such as "my son") are one memory when their embeddings are near-identical, or close and
  they share a distinctive anchor (a rare word, a name, a number) with no value in conflict.
- **Same attribute, new value.** Compared with their values (numbers, dates, names) masked, two
  statements about one holder that say the same thing of different values are an update: the newer
  supersedes the older. A change cue ("no longer", "switched", "moved to", "instead") lowers the bar;
  a word of addition ("also", "too") means both stand; preferences and past events are only
  superseded with a cue, since likes accumulate and events do not undo each other.
- **An end.** "Gave up X", "quit X", "left X", "used to X", "is off X" (done, not wanted or planned)
  supersede the standing record that holds X's doing and head noun: nothing replaces the old value,
  it is over.
- **Repeated episodes.** Similar episodes of one speaker on several different days are a habit.

The rules (negation scope, dates, values, cue words, relation words) are exact and small; the
judgement of "similar" is the embedding's. Thresholds are settings. Every event these decisions emit
names the decider and its version (`DECIDER`), so `rederive` can re-decide readable history when they
improve.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from functools import lru_cache
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from engine.textnorm import (ABBREVIATIONS, HELD_BY_MANY, KIN_SYNONYMS, LOWER, MODALS, PAST_IRREGULAR, RELATIONS,
                             STOP_WORDS, THING_SYNONYMS, UPPER, role_name, term_set, terms)
from engine.textnorm import FULL_NAME, ROLE_DOING, ROLE_OF_DOING, ROLE_TAIL, is_medicine
from engine.textnorm import POSSESSIVE_END as _POSSESSIVE_END

__all__ = ["DECIDER", "LABELS", "KindClassifier", "Meaning", "values", "holder", "mask", "change_cue", "says_change", "ended", "goes_on", "says_when",
           "load_examples", "split_examples", "relate", "habit_of", "mentions", "other_filler", "same_holder",
           "contact_values", "changes_contact", "of_another_place", "said_again", "corrects_unnamed",
           "measures", "changed_measures", "quantity_cue", "provider_named", "provider_switched", "comma_clauses", "single_statement", "another_thing",
           "given_clause"]

#: Name and version of the decisions this module makes; recorded on every event they cause.
DECIDER = "meaning/80"

LABELS = ("preference", "constraint", "decision", "fact", "episode", "temporary_instruction",
          "forget_request", "chatter")
DATA = Path(__file__).resolve().parent / "data" / "kinds.jsonl"
Embed = Callable[[Sequence[str]], np.ndarray]


# -- the kind classifier ---------------------------------------------------------------------------

def load_examples(path: Path = DATA) -> list[tuple[str, str]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(r["text"], r["label"]) for r in rows if r["label"] in LABELS]


def split_examples(rows: list[tuple[str, str]], test_share: float = 0.2
                   ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """A fixed split by a hash of each sentence: the same sentences are held out on every machine."""
    cut = int(256 * test_share)
    test = [r for r in rows if hashlib.blake2b(r[0].encode(), digest_size=1).digest()[0] < cut]
    train = [r for r in rows if hashlib.blake2b(r[0].encode(), digest_size=1).digest()[0] >= cut]
    return train, test


def _third_person(text: str) -> str:
    """Records are written in the third person; the classifier learns both forms."""
    from engine.extractor import to_third_person

    return to_third_person(text, "Robin")


def _weights_path(key: str) -> Path:
    import os

    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "memstream"
    return base / f"kinds-{key}.npz"


def _load_weights(key: str | None):
    if key is None:
        return None
    try:
        with np.load(_weights_path(key), allow_pickle=False) as f:
            return f["classes"], f["coef"], f["intercept"]
    except (OSError, ValueError, KeyError):
        return None


def _save_weights(key: str | None, model) -> None:
    import os

    if key is None:
        return
    path = _weights_path(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.parent / f".{path.name}.{os.getpid()}.tmp.npz"
        np.savez(tmp, classes=np.asarray(model.classes_, dtype=str), coef=model.coef_, intercept=model.intercept_)
        tmp.replace(path)
    except OSError:
        pass  # a cache: training again next time is the fallback


def model_key(embedder) -> str | None:
    """Names the training data and the embedding model, or None for an embedder that does not say
    which model it is (a test double): its classifier is fitted every time."""
    model = getattr(embedder, "model_id", None)
    if not model:
        return None
    data = hashlib.blake2b(DATA.read_bytes(), digest_size=8).hexdigest()
    return hashlib.blake2b(f"{model}|{data}|C=4|third-person".encode(), digest_size=8).hexdigest()


class KindClassifier:
    """Multinomial logistic regression over sentence embeddings (deterministic: lbfgs, fixed data).

    scikit-learn is imported only to fit: weights found in the cache are used with numpy alone. A
    process that decides with cached weights does not pay for importing it, and one that first
    decides while the interpreter shuts down (a flush in an `atexit` handler) does not fail on it
    (its import starts a thread pool, which can no longer be registered then)."""

    def __init__(self, embed: Embed, rows: list[tuple[str, str]] | None = None, cache_key: str | None = None):
        """`cache_key` names the data and the embedding model; with it the fitted weights are kept in
        memstream's cache directory (they hold no user data: the examples ship with memstream)."""
        self._embed = embed
        self.train_rows, self.test_rows = split_examples(rows if rows is not None else load_examples())
        cached = _load_weights(cache_key)
        if cached is None:
            from sklearn.linear_model import LogisticRegression

            texts = [t for t, _ in self.train_rows]
            labels = [label for _, label in self.train_rows]
            model = LogisticRegression(C=4.0, max_iter=3000)
            x = np.vstack([embed(texts), embed([_third_person(t) for t in texts])])
            model.fit(x, labels + labels)
            _save_weights(cache_key, model)
            cached = model.classes_, model.coef_, model.intercept_
        # The same data and model give the same weights: fitted once per machine, not per process.
        classes, self.coef, self.intercept = cached
        self.labels: list[str] = [str(c) for c in classes]

    def probabilities(self, vectors: np.ndarray) -> list[dict[str, float]]:
        if len(vectors) == 0:
            return []
        return [dict(zip(self.labels, map(float, row))) for row in self.probability_rows(vectors)]

    def probability_rows(self, vectors: np.ndarray) -> np.ndarray:
        """What scikit-learn's predict_proba computes for a multinomial model (decision_function,
        then a softmax), the same operations in the same order, without its per-call input
        validation (~0.15 ms a call; it is called once per candidate). One row a vector, in the
        order of `labels`."""
        p = vectors @ self.coef.T + self.intercept
        p -= p.max(axis=1).reshape(-1, 1)
        np.exp(p, out=p)
        p /= p.sum(axis=1).reshape(-1, 1)
        return p

    def held_out_accuracy(self) -> float:
        texts = [t for t, _ in self.test_rows]
        rows = self.probability_rows(np.asarray(self._embed(texts)))
        predicted = [self.labels[i] for i in rows.argmax(axis=1)]
        return float(np.mean([p == label for p, (_, label) in zip(predicted, self.test_rows)]))


# -- exact rules: values, holders, cues -------------------------------------------------------------

_MONTHS = ("january february march april may june july august september october november december "
           "jan feb mar apr jun jul aug sep sept oct nov dec").split()
_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
_WEEKDAYS += [d + "s" for d in _WEEKDAYS]  # "On Saturdays ..."
_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6",
             "seventh": "7", "eighth": "8", "ninth": "9", "tenth": "10", "eleventh": "11", "twelfth": "12",
             "thirteenth": "13", "fourteenth": "14", "fifteenth": "15", "twentieth": "20",
             "thirtieth": "30"}
#: Numbers said in words ("four days a week" / "five days a week"); not "one", which is mostly a
#: pronoun ("the one I like").
_CARDINALS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten eleven "
                                               "twelve".split()) if w not in ("zero", "one")}
_CARDINALS.update({w: str(13 + i) for i, w in enumerate("thirteen fourteen fifteen sixteen seventeen eighteen "
                                                         "nineteen".split())})
_TENS = dict(twenty="20", thirty="30", forty="40", fifty="50", sixty="60", seventy="70", eighty="80", ninety="90")
_CARDINALS.update(_TENS)
_CARDINAL_WORD = re.compile(rf"\b(?:{'|'.join(_CARDINALS)})\b", re.IGNORECASE)
#: "twenty-five", "thirty two": one number.
_COMPOUND = re.compile(rf"\b({'|'.join(_TENS)})[-\s]({'|'.join(list(_CARDINALS)[:8])}|one)\b", re.IGNORECASE)
#: An ordinal word in a date ("the first of May", "May third"), not "comes first" or "my first car".
_DATE_ORDINAL = re.compile(rf"\b(?P<a>{'|'.join(_ORDINALS)})\s+of\b|\b(?:{'|'.join(_MONTHS)})\s+(?:the\s+)?"
                           rf"(?P<b>{'|'.join(_ORDINALS)})\b")
_NUMBER = re.compile(r"(?<![\w.])[$€£]?\d+(?:[.,:]\d+)*(?:st|nd|rd|th|%|k|(?-i:am|pm|AM|PM|kg|km|mm|cm|ml|g))?(?![\w])", re.IGNORECASE)
#: A unit or a time of day written onto a number: "1pm" is the 1 of "1 pm", "35mm" the 35 of "35 millimetre".
_UNIT = re.compile(r"(?<=\d)(?:am|pm|kg|km|mm|cm|ml|g)$")  # on the lower-cased value
_CAPITALISED = re.compile(rf"\b[{UPPER}][\w'’\-]*[{LOWER}][\w'’\-]*\b|\b[{UPPER}][{UPPER}0-9]+\b")
#: The word before a full stop that ends no sentence ("Dr. Okafor", "St. Mary's").
_ABBREVIATED = re.compile(r"(?:^|\s)([\w.]+)\.\s+$")
_SENTENCE_START = re.compile(r"(?:^|[.!?;:]\s+|\(\s*)$")
#: A day of the week is a value however it is typed ("moved my lesson to thursdays").
_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.IGNORECASE)
#: Capitalised words that are not names of things.
_NOT_VALUES = frozenset("""i i'm i've i'd i'll im the a an my our we us you your he she they it this that these
those there here what when where why how who which if so but and or also just please ok okay yes no not
mr mrs ms dr user assistant""".split())

#: Things that run for a time and can be given more of it ("the deadline", "our lease", "my visa").
_TIME_BOUND = (r"(?:deadline|due\s+date|lease|tenancy|contract|visa|permit|licen[cs]e|loan|stay|trip|exhibition|subscription|"
               r"membership|hours|warranty|notice|term|holiday|leave|booking|reservation|insurance|policy|cover|season|run|"
               r"offer|sale|trial|mortgage|placement|internship|probation|rental|hire|pass|deal)")
#: Someone placing a person anew, and where to ("moved me up to", "transferred me into", "moved out
#: of the double and into"; not "moved me to tears"): read by the change cue, by `switched_to` and by
#: the processor's keep of being placed anew.
PLACING_VERBS = r"(?:moved|transferred|bumped|promoted|demoted|relegated|switched|swapped|shifted|reassigned)"
PLACED_WHERE = (r"(?:(?:up|down|over|across|back)\s+)?(?:out\s+of\s+[^,;:.!?()]{1,40}?\s+(?:and\s+)?)?(?:in)?to\b"
                r"(?!\s+tears\b)")
_NAMED_CHANGE = (
    r"\b(?:no\s+longer|any\s*more|switched|swapped|made\s+the\s+switch|"
    # ("ended up swapping the trip to Seville", "since switching to Vodafone"; not "we've been
    # switching from English to Welsh at dinner", "keep swapping between them": a habit)
    r"(?<!been\s)(?<!keep\s)(?<!keeps\s)(?<!kept\s)(?<!always\s)(?<!often\s)(?:switching|swapping)\b"
    r"(?!\s+(?:between|back\s+and\s+forth|around|about)\b)|"
    # "had to switch because of the new job", "decided to switch to the 6am class": a switch made
    r"(?:had|have|has|['’]ve|decided|needed|chose)\s+to\s+switch\b|(?:moved|shifted|bumped|raised|lowered|increased|decreased|cut|upped|"
    r"changed|amended|hiked|reduced|extended|upgraded|downgraded|relocated|reassigned|transferred|"
    r"put\s+(?:(?!to\b)[\w'’$€£,.]+\s+){0,5}?(?:up|down))"
    r"\s+(?:(?!to\b)[\w'’$€£,.-]+\s+){0,6}?(?:on)?to(?!\s+(?:be|get|make|help|live|work|start|save|find|keep|look|take|lose|see|stay|join|study|care|tears)\b)|instead|"
    # out of one place and into another ("I've been moved out of the double and into the four")
    + PLACING_VERBS + r"\s+out\s+of\s+[^,;.!?]{1,40}?\s+(?:and\s+)?into\b|"
    # a thing put where another was ("fitted an electronic one in place of the points", "we use Xero
    # in lieu of Sage now"): "instead of" in other words; not a day "off in lieu of" one worked
    r"(?<!off\s)(?<!time\s)(?<!leave\s)in\s+(?:place|lieu)\s+of|these\s+days|from\s+now\s+on|replaced|"
    # "from here on I get 15,000 miles a year", "henceforth", "going forward" (not "going forward with the plan")
    # (a date the record gives in brackets may follow: "from today (16 March 2026) on")
    r"from\s+(?:here|this\s+point|today)(?:\s+\([^()]{1,40}\))?\s+on(?:\s+in)?|henceforth|going\s+forward(?!\s+with\b)|"
    # "I'm covering St Brendan's from this week onwards", "from now onwards"
    r"from\s+(?:now|today|this\s+\w+|next\s+\w+)(?:\s+\([^()]{1,40}\))?\s+onwards?|"
    r"got\s+(?:moved|pushed|bumped|rescheduled|voted|promoted|transferred)|pushed\s+(?:back|to)|rescheduled|"
    # a date or time moved ("postponed the hearing to", "brought the offsite forward to", "pushed
    # the repair back to"): the thing moved may be named without an article
    r"(?:postponed|delayed|put\s+off|(?:pushed|brought|pulled|moved)\s+(?:(?!to\b)[\w'’-]+\s+){0,4}?(?:back|forward|out))"
    r"\s+(?:(?!to\b)[\w'’$€£,.-]+\s+){0,5}?(?:to|until|till)\b(?!\s+(?:be|get|make|help|let|give|fit|avoid|clear|free|"
    r"catch|meet|see|stay|keep|wait|allow|accommodate)\b)|"
    # a new home: "moved into a house in Croydon", "moved in with my partner"
    r"moved\s+in(?:to\b|\s+with\b)|"
    # a thing pushed to a new value, not a person pushed to do something ("pushed me to apply")
    r"pushed\s+(?:the|my|our|their|his|her|[\w'’]+['’]s)\s+(?:[\w'’-]+\s+){0,4}?(?:(?:back|forward)\s+)?to|"
    # someone's booking pushed to another day or time ("they pushed me to thursday at 10am", "the
    # salon pushed us back to the 21st"): a when, not a thing to do
    r"pushed\s+(?:me|us|him|her|them|(?-i:[A-Z])[\w'’-]+)\s+(?:(?:back|forward)\s+)?to\s+(?=(?:(?:next|this|the)\s+)?"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|noon|midday|\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d|"
    r"\d{1,2}(?:st|nd|rd|th))"
    # (the when alone, not "Sunday league", "5pm sessions", "the 10th rep", "tomorrow's party")
    r"(?:\s+(?:at|on|instead|from|morning|afternoon|evening|night|next|this)\b|\s+\d|\s*[,.;:!?)]|\s*$))|"
    r"revised|(?:went|go|goes|going|gone)\s+(?:up|down)\s+to|raised\s+to|lowered\s+to|refinanced|"
    # a time given more of ("they extended the grant deadline", "the gallery extended the
    # exhibition", "my visa got extended"), not a room built bigger ("we extended the kitchen") nor
    # a kind ("my extended family")
    # (said as done, not a kind of thing bought or offered: "I bought extended warranty", "the
    # pharmacy does extended hours")
    r"(?<!\bthe\s)(?<!\ban\s)(?<!\ba\s)(?<!\bmy\s)(?<!\bour\s)(?<!\byour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)"
    r"(?<!\bbought\s)(?<!\bbuy\s)(?<!\bgot\s)(?<!\bget\s)(?<!\bdoes\s)(?<!\bdo\s)(?<!\bdid\s)(?<!\bhas\s)(?<!\bhave\s)"
    r"(?<!\bhad\s)(?<!\boffers\s)(?<!\boffer\s)(?<!\bwith\s)(?<!\bfor\s)(?<!\bon\s)(?<!\bruns\s)(?<!\bopens\s)"
    r"extended\s+(?:(?:the|my|our|his|her|their|its|(?-i:[A-Z])[\w'’]*['’]s)\s+)?(?:[\w'’-]+\s+){0,3}?"
    + _TIME_BOUND + r"s?\b|"
    # the thing itself given more time ("my visa got extended", "the deadline was extended to Friday"),
    # not a house built bigger ("the house was extended in the 1970s")
    + _TIME_BOUND + r"s?\s+(?:has\s+|have\s+)?(?:got|been|was|were|gets?|is|are)\s+(?:being\s+|been\s+)?extended\b|"
    # a number taken to another network ("ported my number over to Smarty")
    r"ported\s+(?:(?!to\b)[\w'’]+\s+){0,3}?to\b|"
    # a system moved to a new version or platform ("finished the migration to Django 4.2",
    # "migrated the blog to Hugo", "the upgrade to Postgres 16 went fine")
    r"(?:migrat(?:ed|ing|ion)|upgrade)\s+(?:(?!to\b)[\w'’.-]+\s+){0,3}?to\s+(?=(?-i:[A-Z])|\d)|"
    # a start at a named place ("started at Lloyds on Monday", "he started at Riverside Academy in
    # September", "began nursery at Busy Bees"): where someone goes or works now
    r"(?:started|starting|began|begun)\s+(?:(?:school|nursery|college|uni|university|work(?:ing)?|a\s+new\s+job)\s+)?"
    r"(?:at|with)\s+(?=(?-i:[A-Z]))|"
    # a choice made between offers ("went with Three in the end", "in the end we went for the Kia",
    # "ended up going with Octopus")
    r"(?:went|go|gone)\s+(?:with|for)\s+(?:[\w'’&.-]+\s+){1,4}?in\s+(?:the\s+)?end\b|"
    r"in\s+(?:the\s+)?end,?\s+(?:I|we|(?-i:[A-Z])[\w'’]*)\s+(?:went|chose|picked|opted|settled|plumped)\b|"
    r"ended\s+up\s+(?:going\s+with|going\s+for|choosing|picking|signing\s+up\s+with|opting\s+for)\b|"
    # a new state said as given ("now that I'm at Deloitte I've got a longer commute", "now that
    # we live in Bristol"), not a thought ("now that I think about it", "now that you mention it")
    r"now\s+that\s+(?:I|we|(?-i:[A-Z])[\w'’]*)(?:['’](?:m|re|ve|s)|\s+(?:am|are|is|have|has|live|work))\b"
    r"(?!\s+(?:thought|think|mentioned|said|say)\b)|"
    # a move taken as given ("since the move to Edinburgh the commute is shorter", "ever since we
    # moved to Hove", "after moving to Leith")
    r"(?:since|after)\s+(?:(?:(?:the|our|my)\s+)?move|moving|(?:I|we)\s+moved)\s+to\s+(?=(?-i:[A-Z]))|"
    # a value multiplied ("doubled the metformin, she's on 1000 mg")
    r"doubled|halved|tripled|quadrupled|"
    # from one value to another, done ("ended up moving pottery from Tuesdays to Thursdays",
    # "switched from Fitbox to Kraftwerk"); not a habit or a plan of going from one to the other ("I
    # change from the Northern line to the Jubilee", "we've been switching from English to Spanish
    # at dinner", "I'm changing my flight from Gatwick to Heathrow for the Lisbon trip")
    r"(?:(?:switch|swapp|mov|chang|shift)ed|ended\s+up\s+(?:switch|swapp|mov|chang|shift)ing)"
    r"\s+(?:[\w'’-]+\s+){0,4}?from\s+(?:[\w'’.:-]+\s+){1,4}?to|"
    # "put the rent up, it's 940 from May", "got a pay rise": a value raised or cut, the new one said apart
    r"put\s+(?:(?:the|my|our|their)\s+)?(?:[\w'’-]+\s+){1,2}?(?:up|down)|"
    r"(?:a|my|our|the|their)\s+(?:pay\s+|salary\s+|rent\s+|price\s+)?(?:rise|raise|increase|hike)|"
    # a change set to start ("practice is moving to Thursdays from next week", "my shift is changing to
    # 8am starting next month"): the new value holds from then on
    r"(?:is|are|['’]s|['’]re)\s+(?:moving|switching|changing|shifting|going)\s+(?:(?!to\b)[\w'’]+\s+){0,3}?to\b"
    r"(?=[^.;!?]*?\b(?:from|starting|beginning|as\s+of)\s+(?:in\s+|on\s+)?(?:next|this|tomorrow|the\s+\w+\s+of|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|"
    r"october|november|december)\b)|"
    # a change announced, the new value said beside it ("there's been a change: as of this month the
    # warehouse is in Valencia"), or a new state from a point in time on ("as of Monday my lead is Tom")
    r"there\s+(?:has|have|['’]s)\s+been\s+(?:a\s+)?(?:(?:small|slight|big|major|little)\s+)?change\b(?!\s+of\s+plans?\b)|"
    r"as\s+of\s+(?:now|today|this\s+(?:week|month|year|term|season)|the\s+(?:start|beginning|first)\s+of|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|"
    r"october|november|december)|"
    # a new state from the next period on, or this one ("from next month the rent's 1240", "starting
    # next week my hours are 7 to 3", "from this term the school bus is the 17"), not a stretch of
    # time ("from next month to September I'm in Lisbon")
    r"(?:from|starting|beginning)\s+(?:next|this)\s+(?:week|month|year|term|season|semester|quarter)"
    r"(?!(?:\s+\([^)]*\))?\s+(?:to|until|till|through)\b)|"
    r"(?:pay|salary|rent|price)\s+(?:rise|raise|increase|hike)|"
    # "my manager put me on evenings", "they've set my premium at 2,050"
    r"put\s+(?:me|us|(?-i:[A-Z])[\w'’]*)\s+(?:on(?:to)?|with)|(?:assigned|allocated|reassigned)\s+(?:me|us|(?-i:[A-Z])[\w'’]*)\s+(?:to|with)|"
    r"set\s+(?:my|our|the|their|(?-i:[A-Z])[\w'’]*['’]s)\s+(?:[\w'’-]+\s+){0,2}?(?:at|to))\b")
#: A thing of the speaker's said to have changed or moved, the new value said beside it or next
#: ("my lesson moved.", "his rota changed so it's nights now", "the venue has changed, it's at the
#: Corn Exchange"); not "hasn't changed", "nothing has moved". What changed is named in words of
#: its own ("diary", "timetable"), so only a value of a kind the record gives can be its new one.
_THING_CHANGED = (
    r"(?:\b(?:my|our|his|her|their|the|(?-i:[A-Z])[\w'’]*['’]s)\s+|^(?:[^:]{1,40}:\s+)?)"
    r"(?P<thing>(?:(?!(?:not|never|nothing|none|no|nobody|hasn['’]t|haven['’]t|hadn['’]t|didn['’]t|isn['’]t|wasn['’]t|"
    r"won['’]t|still)\b)[\w'’-]+\s+){1,3}?)"
    r"(?:has\s+|have\s+|had\s+|['’]s\s+|just\s+|finally\s+|been\s+|got\s+)*(?:moved|changed|shifted)"
    r"(?=\s*(?:[.,;:!?\u2013\u2014-]|$)|\s+(?:so|and|but|because|since|again|recently|last|this|over)\b)")
_STRONG_CUE = re.compile(_NAMED_CHANGE + "|" + _THING_CHANGED, re.IGNORECASE)
_NAMED_CHANGE_CUE = re.compile(_NAMED_CHANGE, re.IGNORECASE)
_THING_CHANGED_CUE = re.compile(_THING_CHANGED, re.IGNORECASE)


#: The thing a new value from the next period (or this one) on is said of ("from next month the car
#: insurance is 70 a month" -> car insurance; "from next term Mila's in Year 5" -> Mila).
_NEXT_PERIOD_THING = re.compile(
    r"\b(?:from|starting|beginning)\s+(?:next|this)\s+(?:week|month|year|term|season|semester|quarter)(?:\s+(?P<when>\([^)]*\)))?,?\s+"
    r"(?:(?:the|my|our|his|her|their)\s+)?(?P<thing>(?:[\w-]+\s+){0,2}?[\w-]+?)(?:['’]s\b|\s+(?:is|are|goes|go|will\s+be|"
    r"costs?|becomes?|moves?|starts?|runs?)\b)", re.IGNORECASE)


def next_period_dates(text: str) -> frozenset[str]:
    """The values of the dates the next period is resolved to ("from next month (April 2026)" ->
    april, 2026): when the new value holds from, not the new value."""
    m = _NEXT_PERIOD_THING.search(text)
    return values(m.group("when")) if m is not None and m.group("when") else frozenset()


def changed_thing(text: str) -> list[str] | None:
    """The terms of the thing a change said only as "<thing> changed" names ("our office has moved"
    -> office), or as a new value from the next period on ("from next month the broadband is 30"
    -> broadband); None when the statement says its change otherwise (or says none)."""
    m = _NEXT_PERIOD_THING.search(text)
    if m is not None:
        return terms(m.group("thing"))
    if _NAMED_CHANGE_CUE.search(text) is not None:
        return None
    m = _THING_CHANGED_CUE.search(text)
    return terms(m.group("thing")) if m is not None else None


def _thing_may_be_of(thing: list[str], record_text: str, new_values: frozenset[str]) -> bool:
    """Whether a change said only as "<thing> changed" ("our office has moved, we're at ...") can
    be of this record: the record names the thing ("book club has moved" / "book club meets at
    ..."), or a new value is a day or a time, which a schedule's change gives whatever it calls
    the schedule ("his teaching schedule changed so it's Thursdays at 6:30 now" / "cello lessons
    are Tuesdays at 5pm")."""
    record_terms = terms(record_text)
    return (any(has_term(record_terms, t) for t in thing)
            or any(value_kind(v) in ("weekday", "time", "month", "year") for v in new_values))


#: A move to a version of a named product ("the migration to Django 4.2", "upgraded to Postgres 16").
_UPGRADED_TO = re.compile(r"\b(?:migrat(?:ed|ing|ion)|upgrade[ds]?|upgrading)\s+(?:(?!to\b)[\w'’.-]+\s+){0,3}?to\s+"
                          r"(?P<name>(?-i:[A-Z])[\w+-]*)(?:\s+v?(?P<version>\d[\w.]*))?", re.IGNORECASE)
#: The old value of a change said with both: "from <old> to <new>".
_FROM_TO = re.compile(r"\bfrom\s+(?P<old>(?:[\w'’.:-]+\s+){1,4}?)to\b", re.IGNORECASE)
#: A change for a while only ("moved in with my parents for two weeks", "switched to decaf for
#: now"): the standing value comes back after it.
_FOR_A_WHILE = re.compile(r"\b(?:temporarily|for\s+now|for\s+the\s+time\s+being|in\s+the\s+meantime|"
                          # "this week only", "just this once", "only for next week"
                          r"(?:this|next)\s+(?:week|weekend|month|time|once)\s+(?:\([^)]*\)\s+)?only|(?:just|only)\s+(?:for\s+)?(?:this|next)\s+"
                          r"(?:week|weekend|month|time|once)|just\s+this\s+once|"
                          r"for\s+(?:the\s+)?(?:next\s+)?(?:[\w-]+\s+){0,2}?(?:days?|nights?|weeks?|fortnight|months?|"
                          r"summer|winter|holidays?|term|semester)\b(?!\s+(?:now|already|straight)\b))", re.IGNORECASE)
#: One occasion of something ("my train this morning", "today's match"): what changes for it leaves
#: the standing habit as it was, unless the change is said to hold from then on.
_ONE_OCCASION = re.compile(r"\b(?:this\s+(?:morning|afternoon|evening)|today|tonight|yesterday|last\s+night)(?:['’]s)?\b|"
                           r"\bthis\s+(?:week|weekend|month|time)['’]s\b", re.IGNORECASE)
#: One put in another's place ("Jo is running it instead of Sam", "in place of the usual pianist") for
#: a period that ends (_STAND_IN_PERIOD): a stand-in, the other is back after it.
_STAND_IN = re.compile(r"\b(?:instead\s+of|in\s+(?:place|lieu)\s+of)\b", re.IGNORECASE)
_STAND_IN_PERIOD = re.compile(r"\b(?:this|next|that)\s+(?:week|weekend|month|time|once)\b|\b(?:tomorrow|today|tonight)\b|"
                              r"\bon\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day(?!s)\b|"
                              r"\bfor\s+(?:now|a\s+(?:bit|while)|the\s+(?:day|week|weekend|time\s+being))\b|"
                              # "a rental in place of the Civic while it's in the garage", "during the strike"
                              r"\b(?:until|till)\s+\w|\b(?:while|whilst|during|temporarily|meanwhile)\b|"
                              # what is borrowed, hired or lent for a while: "borrowing my brother's Golf in place of the Civic"
                              r"\b(?:borrow(?:ing|ed)?|loan(?:ed|er)?|courtesy|rental|hire[ds]?|stand-?in|cover(?:ing|s)?)\b",
                              re.IGNORECASE)
#: A thing the speaker had before ("my old address", "Sam's former boss", "our previous landlord").
_FORMER = re.compile(r"\b(?:my|our|their|his|her|[A-Z][\w'’-]*['’]s)\s+(?:old|former|previous|ex-)\s*[a-z]", re.IGNORECASE)
_FROM_NOW_ON = re.compile(r"\b(?:from\s+now\s+on|going\s+forward|for\s+good|permanently|every|each|"
                          r"from\s+(?:next|this)\s+\w+\s+on)\b", re.IGNORECASE)
_WEAK_CUE = re.compile(r"\b(?:now|new|newly|currently|latest|nowadays|lately)\b", re.IGNORECASE)
#: ("too" that ends its clause: "I've got a cat too", not "it was too far", "too expensive")
_ADDITIVE = re.compile(r"\b(?:also|too(?=\s*(?:[,.;:!?)]|$|\s+(?:now|as\s+well|though|tbh|lol)\b))|as\s+well|another|"
                       r"additionally|besides|in\s+addition)\b", re.IGNORECASE)


def _norm_value(word: str) -> str:
    w = word.lower().strip("'’.,")
    w = re.sub(r"(?:'s|’s)$", "", w)
    w = re.sub(r"^[$€£]", "", w)
    w = re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", w)
    w = _UNIT.sub("", w)
    w = w.replace(",", "")
    return _ORDINALS.get(w, w)


def _speaker_words(speaker: str) -> frozenset[str]:
    return frozenset(w.lower() for w in re.findall(r"[^\W\d_]+", speaker or ""))  # "Tomás", "Zoë": letters of any script


def _after_abbreviation(before: str) -> bool:
    m = _ABBREVIATED.search(before)
    return m is not None and m.group(1).lower() in ABBREVIATIONS


#: A time of the clock as a number is written: "4pm", "9.30am", "4:00pm", "16:00", "09:30".
_CLOCK_VALUE = re.compile(r"(?P<h>\d{1,2})(?:(?P<sep>[:.])(?P<mm>\d\d))?(?P<half>am|pm)|(?P<h24>\d{1,2}):(?P<mm24>\d\d)")


_HALF_AFTER = re.compile(r"\s+([ap])\.?m\b\.?", re.IGNORECASE)


def _clock_value(raw: str) -> str | None:
    """A time of the clock on the 24-hour clock ("4pm", "4:00pm", "16:00" -> "16:00"; "9.30am",
    "09:30" -> "9:30"), or None: one time however it is written."""
    m = _CLOCK_VALUE.fullmatch(raw.lower())
    if m is None:
        return None
    if m.group("h24") is not None:
        h, mm = int(m.group("h24")), m.group("mm24")
    else:
        h, mm = int(m.group("h")), m.group("mm") or "00"
        if h > 12:
            return None
        h = h % 12 + (12 if m.group("half") == "pm" else 0)
    return f"{h}:{mm}" if h <= 23 and int(mm) <= 59 else None


def _number_value(m: re.Match[str]) -> str:
    """A number's value; a year cut to two digits after an apostrophe ("'87 build", "class of ’05")
    is the year in full, as it is written elsewhere (1987, 2005); a time of the clock as `_clock_value`
    gives it."""
    half = _HALF_AFTER.match(m.string, m.end())  # "2 pm", "7 a.m."
    clock = _clock_value(m.group() + (half.group(1).lower() + "m" if half and re.fullmatch(r"\d{1,2}(?::\d\d)?", m.group())
                                      else ""))
    if clock is not None:
        return clock
    value = _norm_value(m.group())
    if len(value) == 2 and value.isdigit() and m.start() > 0 and m.string[m.start() - 1] in "'’":
        return str((2000 if int(value) <= 40 else 1900) + int(value))
    return value


#: A time of the clock said in a word ("at midnight", "by noon"): a value as "11pm" is.
_CLOCK_WORD = re.compile(r"\b(?:noon|midday|midnight)\b", re.IGNORECASE)


#: How often something happens, in words ("weekly", "every other Friday", "twice a month", "once a
#: fortnight", "every 3 weeks"): a value as a number or a day is, so "the cleaner comes weekly now"
#: gives "comes every other Friday" a new value, not the same one said again. Normalised to times
#: per so many days ("every:1/7", "every:2/30"): "weekly", "once a week" and "every week" are one.
_PERIOD_DAYS = {"day": 1, "night": 1, "week": 7, "fortnight": 14, "month": 30, "quarter": 91, "year": 365}
_ADVERB_DAYS = {"daily": 1, "nightly": 1, "weekly": 7, "fortnightly": 14, "biweekly": 14, "monthly": 30,
                "bimonthly": 60, "quarterly": 91, "yearly": 365, "annually": 365}
_ONCE_TWICE = {"once": 1, "twice": 2, "thrice": 3}
_FEW = {w: i for i, w in enumerate("two three four five six seven eight nine ten eleven twelve".split(), start=2)}
_FREQUENCY = re.compile(
    r"\b(?P<adverb>" + "|".join(_ADVERB_DAYS) + r")\b"
    r"|\b(?P<times>once|twice|thrice|(?P<n>\d+|" + "|".join(_FEW) + r")\s+times)\s+(?:a|an|per|each|every)\s+"
    r"(?P<per>day|night|week|fortnight|month|quarter|year)\b"
    r"|\b(?:every|each(?!\s+other\b))\s+(?:(?P<other>other|second)\s+|(?P<every_n>\d+|" + "|".join(_FEW) + r")\s+)?"
    r"(?P<unit>day|night|week|fortnight|month|quarter|year|(?:mon|tues|wednes|thurs|fri|satur|sun)day)s?\b",
    re.IGNORECASE)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _FEW[word.lower()]


def _comparable(a: frozenset[str], b: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Two statements' values less how often, where only one of them says how often."""
    fa, fb = frozenset(v for v in a if v.startswith("every:")), frozenset(v for v in b if v.startswith("every:"))
    return (a, b) if bool(fa) == bool(fb) else (a - fa, b - fb)


def frequencies(text: str) -> frozenset[str]:
    """How often the text says something happens, normalised ("every:1/7" for "weekly")."""
    out = set()
    for m in _FREQUENCY.finditer(text):
        if m.group("adverb"):
            out.add(f"every:1/{_ADVERB_DAYS[m.group('adverb').lower()]}")
        elif m.group("times"):
            times = _ONCE_TWICE.get(m.group("times").lower()) or _count(m.group("n"))
            out.add(f"every:{times}/{_PERIOD_DAYS[m.group('per').lower()]}")
        else:
            unit = m.group("unit").lower()
            n = 2 if m.group("other") else (_count(m.group("every_n")) if m.group("every_n") else 1)
            days = _PERIOD_DAYS.get(unit, 7)  # "every Friday": weekly
            if unit in _PERIOD_DAYS or n > 1:  # (a plain "every Friday" says its day, a value already)
                out.add(f"every:1/{n * days}")
    return frozenset(out)


_THOUSANDS = re.compile(rf"\b(?P<n>\d+|{'|'.join(_TENS)}|{'|'.join(_CARDINALS)})\s+(?:grand|thousand)\b", re.IGNORECASE)


_NUMBER_WORD_TOKEN = re.compile(r"[a-z]+|,")
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_FRACTION_OF_SCALE = re.compile(r"\b(?:(?:" + "|".join(list(_CARDINALS) + ["one"]) + r")\s+and\s+)?"
                                r"(?:a|an|one|two|three)?\s*(?:half|quarters?|thirds?)\s+(?:of\s+)?"
                                r"(?:an?\s+)?(?:hundred|thousand|million)\b")
_UNITS = {w: int(v) for w, v in _CARDINALS.items() if w not in _TENS} | {"one": 1}


def _spoken_numbers(low: str) -> list[tuple[int, int, str]]:
    """Numbers said in words with a scale ("two thousand, three hundred and forty", "twelve hundred",
    "a hundred and fifty"): (start, end, value) of each, one value for the whole phrase, not one per
    word. A number word begins one (or "a" right before its scale, not "half a million"); "and" joins
    only after a scale ("three hundred and forty", not "between five and six hundred"), a comma only
    after thousand or million; a range ("five, six hundred") is no one number. A year said in words
    ("nineteen ninety") and "thirty thousand" (`_THOUSANDS`: "30k") are read elsewhere."""
    out: list[tuple[int, int, str]] = []
    # a fraction of a scale ("two and a half thousand", "three quarters of a million") is read as no
    # number: its words are none of their own either (not "2", "3", "a million")
    for m in _FRACTION_OF_SCALE.finditer(low):
        out.append((m.start(), m.end(), ""))
        low = low[:m.start()] + " " * (m.end() - m.start()) + low[m.end():]
    tokens = list(_NUMBER_WORD_TOKEN.finditer(low))
    i = 0
    while i < len(tokens):
        first = tokens[i].group()
        nxt = tokens[i + 1].group() if i + 1 < len(tokens) else ""
        before = tokens[i - 1].group() if i > 0 else ""
        after = tokens[i + 2].group() if i + 2 < len(tokens) else ""
        # ("hundred and twenty thousand": a record's text may have lost its "a")
        bare = first in _SCALES and nxt == "and" and (after in _UNITS or after in _TENS)
        if not (first in _UNITS or first in _TENS or bare or (first in ("a", "an") and nxt in _SCALES
                                                              and before not in ("half", "quarter"))):
            i += 1
            continue
        total = current = 0
        last = ""  # the kind of the last word read: unit, tens, scale or join
        big = 10 ** 12  # the last scale of thousands read: a larger one after it ends the number
        run_end = i
        j = i
        if bare:
            current, last = 1, "unit"
        while j < len(tokens) and j - i < 16:
            w = tokens[j].group()
            if w in ("a", "an") and j == i:
                current, last = 1, "unit"
            elif w in _UNITS and last in ("", "scale", "join") or (w in _UNITS and last == "tens" and _UNITS[w] < 10):
                current, last = current + _UNITS[w], "unit"
            elif w in _TENS and last in ("", "scale", "join"):
                current, last = current + int(_TENS[w]), "tens"
            elif w == "hundred" and last in ("unit", "tens") and current < 100:
                current, last = current * 100, "scale"
            elif w in ("thousand", "million") and last in ("unit", "tens", "scale") and _SCALES[w] < big:
                total, current, last, big = total + max(current, 1) * _SCALES[w], 0, "scale", _SCALES[w]
            elif w in ("and", ",") and last == "scale" and (w == "and" or big < 10 ** 12) and j + 1 < len(tokens) \
                    and (tokens[j + 1].group() in _UNITS or tokens[j + 1].group() in _TENS):
                last = "join"
                j += 1
                continue
            else:
                break
            run_end = j
            j += 1
        words = [t.group() for t in tokens[i:run_end + 1]]
        if any(w in _SCALES for w in words) and not (len(words) == 2 and words[1] == "thousand" and words[0] not in ("a", "an")):
            out.append((tokens[i].start(), tokens[run_end].end(), str(total + current)))
        i = max(run_end + 1, i + 1)
    return out


#: A title before a name written in lower case: "mr hughes", "dr shah" (not "a dr appointment").
_TITLED_LOWER = re.compile(r"\b(?-i:mr|mrs|dr|prof)\.?\s+(?P<name>(?!(?:appointment|appointments|visit|note|notes|surgery|office|"
                           r"said|says|told|thinks|reckons|and|or|who|is|was|will|wants|called|rang|today|tomorrow|"
                           r"yesterday|at|in|on|for|about|to)\b)(?-i:[a-z])[a-z'’-]+)\b")


@lru_cache(maxsize=65_536)
def values(text: str, speaker: str = "") -> frozenset[str]:
    """What a statement says of its attribute, as far as exact rules can tell: numbers, dates, and
    names (capitalised words that do not start a sentence), email addresses, normalised ("9th" =
    "ninth" = "9")."""
    own = _speaker_words(speaker)
    out = {_number_value(m) for m in _NUMBER.finditer(text)}
    for m in _CAPITALISED.finditer(text):
        word = _norm_value(m.group())
        if word in own or word in _NOT_VALUES or not word:
            continue
        if (_SENTENCE_START.search(text[: m.start()]) and word not in _MONTHS and word not in _WEEKDAYS
                and not _after_abbreviation(text[: m.start()])):
            continue  # capitalised because it starts a sentence (not a name after "Dr.")
        out.add(word)
    out.update(_norm_value(m.group()) for m in _WEEKDAY.finditer(text))
    # a name typed in lower case after a title ("our landlord is mr hughes", "dr shah")
    out.update(v for m in _TITLED_LOWER.finditer(text) if (v := _norm_value(m.group("name"))) not in _NOT_VALUES)
    role = _filled_role(text, speaker)
    if role is not None:
        out.update(v for w in role.group("name").split() if (v := _norm_value(w)) not in _NOT_VALUES)
    low = text.lower()
    for start, end, value in _spoken_numbers(low):
        if value:
            out.add(value)
        low = low[:start] + " " * (end - start) + low[end:]  # its words are no numbers of their own
    for m in _DATE_ORDINAL.finditer(low):
        out.add(_ORDINALS[m.group("a") or m.group("b")])
    for m in _COMPOUND.finditer(low):
        out.add(str(int(_TENS[m.group(1)]) + (1 if m.group(2) == "one" else int(_CARDINALS[m.group(2)]))))
    for w in re.findall(r"[a-z]+", _COMPOUND.sub(" ", low)):
        if w in _CARDINALS:
            out.add(_CARDINALS[w])
    # "thirty grand", "30 thousand": the "30k" they are
    for m in _THOUSANDS.finditer(low):
        n = m.group("n")
        n = _TENS.get(n) or _CARDINALS.get(n) or n
        out.discard(n)
        out.add(n + "k")
    out.update(m.group().lower() for m in _CLOCK_WORD.finditer(text))
    out.update(m.group().lower().rstrip(".") for m in _EMAIL.finditer(text))  # one value, not its parts
    out.update(frequencies(text))
    return frozenset(v for v in out if v)


@lru_cache(maxsize=65_536)
def mask(text: str, speaker: str = "") -> str:
    """The statement with its values replaced by a placeholder: what it says, not of what."""
    found = values(text, speaker)
    if not found:
        return text

    def sub(m: re.Match[str]) -> str:
        return "something" if _norm_value(m.group()) in found else m.group()

    text = _EMAIL.sub("something", text)
    # how often, as one value ("three times a week", "every other Friday")
    text = _FREQUENCY.sub(lambda m: "something" if frequencies(m.group()) else m.group(), text)
    text = _THOUSANDS.sub("something", text)
    text = _NUMBER.sub(lambda m: "something" if _number_value(m) in found else m.group(), text)
    # numbers in words ("seventy-four kilos", "two days"): masked as the figures are
    text = _COMPOUND.sub("something", text)
    text = _CARDINAL_WORD.sub(lambda m: "something" if _CARDINALS[m.group().lower()] in found else m.group(), text)
    text = _CLOCK_WORD.sub("something", text)
    return _WEEKDAY.sub(sub, _CAPITALISED.sub(sub, text))


_SAID_BY = re.compile(r"^[^:]{1,40}:\s+")


def _body(text: str) -> str:
    """A statement without the "Sam: " a record may start with."""
    return _SAID_BY.sub("", text, count=1)


#: The speaker's own subject or possessive, where their name is not written.
_OWN_WORDS = frozenset({"i", "i'm", "i've", "my", "we", "we're", "we've", "our"})


def _head_words(text: str, n: int) -> list[str]:
    """The first `n` words of a statement, after the "Sam: " a record may start with."""
    return re.findall(r"[^\W\d_][\w'’\-]*", _body(text))[:n]


@lru_cache(maxsize=65_536)
def _opening_name(text: str, speaker: str = "") -> str | None:
    """The capitalised word that starts a statement, before a lower-case one ("Zuri is in fourth
    grade"), or None. Alone it may be any sentence's first word ("Dairy doesn't agree with me"), so
    it names a holder only where another statement already holds it as a name."""
    head = _head_words(text, 2)
    if len(head) == 2 and head[0][:1].isupper() and head[1][:1].islower():
        low = head[0].lower()
        if low not in _speaker_words(speaker) and low not in _NOT_VALUES:
            return low
    return None


#: Someone introduced by whom they are to the speaker ("my aunt Greta", "Noor's cousin Ines", "our
#: nanny Dagrun", "my best friend Marit"): whose, a word or two in lower case, then a name.
_PERSON_INTRODUCED = re.compile(r"(?:(?<![\w'’-])(?:[Mm]y|[Oo]ur)|[\w-]['’]s)\s+(?:[a-z][\w-]*\s+)?"
                                r"(?P<rel>[a-z][\w-]*)\s+(?P<name>[A-Z][a-z][\w-]*)")
#: Capitalised words that name a time, not a person ("there's a party Friday", "it's almost
#: Christmas"; months are names too: "my cousin April").
_NAMES_OF_TIMES = frozenset("""monday tuesday wednesday thursday friday saturday sunday christmas easter halloween ramadan
diwali eid hanukkah thanksgiving""".split())


def people_introduced(text: str) -> list[tuple[str, str]]:
    """(how, name) of each person a text introduces by whom they are to the speaker, lower case:
    ("aunt", "greta") of "my aunt Greta". Not a verb's object ("my cat's called Pickles", "my son
    loves Minecraft", "my sister's visiting Rome") nor a day ("there's a party Friday")."""
    out = []
    for m in _PERSON_INTRODUCED.finditer(text):
        rel, name = m.group("rel"), m.group("name").lower()
        if (rel in STOP_WORDS or rel.endswith(("ed", "ing")) or (rel.endswith("s") and rel not in RELATIONS)
                or name in _NAMES_OF_TIMES):
            continue
        out.append((rel, name))
    return out


def _whom(text: str, speaker: str) -> frozenset[str]:
    """Whom a statement is about, by name: its holder's words, the name it opens with and the names
    it introduces ("Noor's stepsister Ruzica")."""
    first = _opening_name(text, speaker)
    return holder(text, speaker) | ({first} if first else frozenset()) | {n for _, n in people_introduced(text)}


#: A statement opening with a third person's pronoun: of someone named before ("She's on 10 mg now").
_PRONOUN_OPENING = re.compile(r"^(?:[^:]{1,40}:\s+)?(?:he|she|his|her)(?:['’](?:s|d|ll))?\s", re.IGNORECASE)


def _one_holder(text_a: str, a: frozenset[str], text_b: str, b: frozenset[str], speaker: str,
                pronoun_of: frozenset[str] | None = None) -> bool:
    """same_holder, where a statement that opens with a name the other holds ("Zuri is ..." /
    "Nkechi's daughter Zuri ...") is about that holder, and one that opens with "he" or "she" is
    about `pronoun_of`, the one other person the records are about (None: there is no such one)."""
    if same_holder(a, b):
        return True
    if b and pronoun_of is not None and b == pronoun_of and _PRONOUN_OPENING.match(text_a):
        return True  # "He's moved up to Stage 5": of someone named before, never of the speaker
    first_a, first_b = _opening_name(text_a, speaker), _opening_name(text_b, speaker)
    return (first_a is not None and first_a in b and a <= b) or (first_b is not None and first_b in a and b <= a)


#: Words that open a clause put before the subject ("Once the kids are asleep, ...", "On Saturdays ...").
_FRONTED = frozenset("once when whenever after before while since until if because as on in at every most during "
                     "for by".split())
#: Past-tense verbs that open a statement whose subject, the speaker, is left out ("Got a letter from
#: the landlord"): what follows is their object, never whom the statement is about. (No name reads so.)
_SUBJECTLESS = frozenset("""got had sold quit left gave took went made sent put cut lost spent bought brought found kept
swapped dropped stopped visited received booked moved started finished signed joined called rang told asked heard
saw met picked paid came pulled backed opted weaned scrapped packed""".split())


#: A title before a name ("Dr. Okafor", "Prof Lind", "Mrs Achebe"): not the name, nor whom it is about.
_TITLE = r"(?-i:Dr|Mr|Mrs|Ms|Mx|Miss|Prof|Professor|Coach|Rev)\.?\s+(?=(?-i:[A-Z]))"
#: Who fills a role of the speaker's, said by what they do for them ("Dr. Okafor is supervising Noor
#: from now on", "Ms Varga will be tutoring Noor from September"): said as the role taken.
_ROLE_BY_VERB = re.compile(
    # (a person: a title and a name, or a first and a last name, as in `extractor._ROLE_BY_DOING`)
    r"^(?P<lead>(?:[^:]{1,40}:\s+)?(?:" + _TITLE + r"(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)?|" + FULL_NAME + r"))\s+"
    r"(?:is|['’]s|will\s+be|has\s+been|has\s+started|started)\s+(?:now\s+|also\s+)?(?P<verb>" + ROLE_DOING + r")\s+"
    # (the role for the speaker, no more: not "teaching Noor to drive", "coaching Noor's brother")
    r"(?P<whom>\w+)(?P<rest>" + ROLE_TAIL + r".*)$", re.IGNORECASE | re.DOTALL)


def _role_taken_by_verb(text: str, speaker: str) -> str:
    """"Dr. Okafor is supervising Noor from now on" as "Dr. Okafor has become Noor's supervisor from now
    on" (the speaker, or "us", whom it is done for); else the text."""
    m = _ROLE_BY_VERB.match(text)
    if m is None:
        return text
    whom = m.group("whom").lower()
    own = "our" if whom == "us" else f"{speaker}'s" if speaker and whom == speaker.lower() else None
    if own is None:
        return text
    return f"{m.group('lead')} has become {own} {ROLE_OF_DOING[m.group('verb').lower()]}{m.group('rest')}"


#: "Priya is our kennel manager", "Tomasz is the kennel manager now": a name said to fill a role is
#: the role's value, although it opens the sentence (see `values`): a new name in it replaces the old
#: one. Not for a role many people hold at once ("Dana is my sister", "Mia is my sister" too).
_NAME_IN_ROLE = re.compile(
    # ("Since Marcus took over as my line manager it's been ...": the change, said as when)
    r"^(?:[^:]{1,40}:\s+)?(?P<lead>(?:ever\s+)?since\s+|now\s+that\s+)?(?:" + _TITLE + r")?"
    r"(?P<name>(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)?)\s+"
    # "X is my supervisor", "X has become my supervisor", "X took over as head of year", "X has
    # taken me on as lead designer": a role filled
    r"(?:(?:is|'s|’s)\s+(?:now\s+|still\s+)?|(?:has\s+|'s\s+|’s\s+)?(?:just\s+|now\s+)?"
    r"(?P<took>become|became|(?:taken|took)\s+over\s+as|stepped\s+in\s+as|been\s+made|was\s+made|"
    r"(?:taken|took)\s+(?:me|us|(?-i:[A-Z])[\w'’-]+)\s+on\s+as)\s+)"
    r"(?P<role>(?:my|our|(?-i:[A-Z])[\w-]*['’]s)\s+(?:(?!(?:now|again|these|this|next)\b)[a-z][\w'’-]*\s+){0,2}"
    r"(?!(?:now|again|these|this|next)\b)[a-z][\w'’-]*|(?:the\s+)?(?:[a-z][\w'’-]*\s+)?(?:[a-z]+(?:er|or|ist|ian|ant|ent)|"
    r"lead|head|chair|captain|boss|coach|vet|gp|doctor|nurse|rep|contact|landlady|owner))"
    # where or since when ("head coach of the under-10s", "lead designer from this month", "after the
    # restructure")
    r"(?:\s+(?:of|at|for|from|since|starting|after|following)\s+[^.!?,;—–]*?)?"
    r"(?:\s+(?:now|these\s+days|again|too|also|as\s+well|(?:this|next)\s+(?:season|year|term|semester)))*"
    # (after "since ...", what began then: "... it's been daily standups", "... Tove is getting feedback")
    r"(?:\s*(?:,|\s[-–—]+)\s*[^.!?]*|(?(lead)\s+(?=(?:it|things|life|everything|we|I|you|he|she|they|there|(?-i:[A-Z])\w*)\b)"
    r"[^.!?]*|(?!)))?\s*[.!]?$", re.IGNORECASE)



@lru_cache(maxsize=65_536)
def _filled_role(text: str, speaker: str) -> re.Match[str] | None:
    """"Priya is our kennel manager" (a role one person holds, filled by another than the speaker)
    read by _NAME_IN_ROLE; else None."""
    m = _NAME_IN_ROLE.match(_role_taken_by_verb(text, speaker))
    if (m is None or m.group("role").split()[-1].lower() in HELD_BY_MANY
            or m.group("name").split()[0].lower() in _speaker_words(speaker)):
        return None
    own = {w + s for w in _speaker_words(speaker) for s in ("'s", "’s")}
    if m.group("took") is not None and any(w.lower().endswith(("'s", "’s")) and w.lower() not in own
                                           for w in m.group("role").split()):
        return None  # "Tomasz has become my sister's (or Priya's) line manager": a role of someone else's
    return m


def takes_role(text: str, speaker: str = "") -> bool:
    """Whether a statement says someone took on a role of the speaker's ("Tomasz has become my line
    manager", "Coach Lindqvist took over as head coach"): a change, though no word of change says it."""
    role = _filled_role(text, speaker)
    return role is not None and role.group("took") is not None


_KIN_NAMED = re.compile(
    r"(?P<name>(?:(?-i:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)?)\s+(?:is|'s|’s)\s+"
    r"(?:now\s+|still\s+|also\s+)?(?:my|our|(?-i:[A-Z])[\w-]*['’]s)\s+(?P<head>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)\b"
    r"|\b(?:my|our|(?-i:[A-Z])[\w-]*['’]s)\s+(?:[a-z][\w'’-]*\s+)?(?P<head2>[a-z][\w'’-]*)\s+(?:is|'s|’s)\s+"
    r"(?:now\s+|still\s+|also\s+)?(?P<name2>(?:(?-i:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)?)",
    re.IGNORECASE)


@lru_cache(maxsize=65_536)
def _shared_role(text: str, speaker: str) -> tuple[str, str] | None:
    """(the role, the name) of "Clara is my sister" or "my friend is Rafael" (a role many people hold
    at once), lower-cased; else None."""
    for m in _KIN_NAMED.finditer(text):
        words = (m.group("head") or m.group("head2")).lower().split()
        name = (m.group("name") or m.group("name2")).lower()
        head = next((w for w in reversed(words) if w in HELD_BY_MANY), None)  # "best friend", "friend from"
        if head is not None and name.split()[0] not in _speaker_words(speaker):
            return head.removesuffix("s") if head.removesuffix("s") in HELD_BY_MANY else head, name
    return None


@lru_cache(maxsize=65_536)
def _role_words(text: str, speaker: str) -> frozenset[str] | None:
    """The words of the role a name fills ("our kennel manager" -> kennel, manager), or None."""
    role = _filled_role(text, speaker)
    if role is None:
        return None
    own = {w + s for w in _speaker_words(speaker) for s in ("'s", "’s")}
    words = [w for w in role.group("role").lower().split() if w not in ("my", "our", "the") and w not in own]
    return frozenset(role_name(" ".join(words)).split()) if words else frozenset()


#: After the speaker's name, another subject beside it: "Sam and Ana", "Sam & Ana", "Sam, Ana and Leo".
_CO_SUBJECT = re.compile(r"\s*(?:,|&|\+|and\b|with\b)", re.IGNORECASE)


_WORDS = re.compile(r"\w+")
#: Someone else's words reported ("the landlord told us that ...", "Priya's school emailed to say ..."):
#: what follows is the statement.
_REPORTED = re.compile(
    r"^(?:[^:]{1,40}:\s+)?(?P<who>(?:(?:the|my|our|his|her|their|[\w'’]+['’]s)\s+)?(?:[\w'’-]+\s+){0,2}?[\w'’-]+)\s+"
    r"(?:(?:just|has|have|had|finally|already)\s+)*(?:(?:told|tells|emailed|texted|informed|rang|called|messaged|let)\s+"
    r"(?:(?:me|us|everyone|them|him|her|the\s+\w+)\s+)?"
    # ("my sister says her dentist is ...": one says a thing, not a person; "her" is the sister's)
    r"|(?:said|says|wrote|mentioned|confirmed|announced)\s+)"
    r"(?:(?:know|to\s+say)\s+)?(?:that\s+)?",
    re.IGNORECASE)


@lru_cache(maxsize=4096)
def _joint_pattern(speaker: str) -> re.Pattern[str]:
    me = rf"(?:I|me|myself|{re.escape(speaker)})"
    mine = rf"(?:my|his|her|their|{re.escape(speaker)}['’]s)"
    return re.compile(rf"^(?:{mine}\s+(?:[\w'’-]+\s+){{0,2}}?and\s+{me}|{me}\s+and\s+{mine}\s+[\w'’-]+)\b",
                      re.IGNORECASE)


def _joint_subject(text: str, speaker: str) -> bool:
    """Whether a statement opens with the speaker and someone of theirs as one subject ("my
    partner and I", "Sam and Sam's wife")."""
    return _joint_pattern(speaker).match(text) is not None


@lru_cache(maxsize=65_536)
def holder(text: str, speaker: str = "") -> frozenset[str]:
    """Who or what a statement is about besides its speaker: relation words and names in its first
    words ("Sam's sister lives in Rome" -> {"sister"}; "Sam lives in Oslo" -> {})."""
    own = _speaker_words(speaker)
    told = _REPORTED.match(text)
    if (told is not None and told.group("who").split()[0].lower() not in own
            and len(_WORDS.findall(text[told.end():])) >= 3
            # "my friend Kai said his rent went up": his own rent, not what he reports of another
            and not re.match(rf"(?:{re.escape(speaker)}\s+)?(?:his|her|their|he|she|they)\b", text[told.end():],
                             re.IGNORECASE)):
        # "the landlord told us rent goes up to 1600": what was told is of the rent, not the landlord
        text = text[told.end():]
    role = _filled_role(text, speaker)
    if role is not None:  # "Dr Lowe is Sam's dentist": about Sam's dentist, of whom Dr Lowe is the value
        text = f"{role.group('role')} is {role.group('name')}"
    if speaker and _joint_subject(_body(text), speaker):
        return frozenset()  # "my wife and I are looking for a house": the speaker's household, as "we" is
    head = _head_words(text, 5)
    own_possessive = {o + s for o in own for s in ("'s", "’s")}
    out = set()
    if head and head[0].lower() in _SUBJECTLESS and (len(head) < 2 or head[1][:1].islower()
                                                     # "Saw GP yesterday": a provider without its article
                                                     or head[1].lower() in _PROVIDERS):
        return frozenset()  # "Got a letter from the landlord", "Visited my sister": the speaker's, no subject said
    if head and head[0].lower() in _FRONTED:
        # "Once the kids are asleep Sam plays FIFA", "On Saturdays Sam volunteers": the subject comes
        # after the fronted clause; where the speaker is it, the words before are no holder ("as of
        # this month our standup is at 10": of the speaker's, as "our standup is at 9:15" is)
        at = next((i for i, w in enumerate(_head_words(text, 9)) if i > 0 and (w.lower() in own or w.lower() in _OWN_WORDS)),
                  None)
        if at is not None:
            head = _head_words(text, at + 5)[at:]
            if head[0].lower() in _OWN_WORDS - {"my", "our"}:
                return frozenset()  # "for context, we're a Go shop": the speaker is the subject
    if (head and re.fullmatch(r"we(?:['’](?:re|ve|d|ll))?", head[0], re.IGNORECASE)
            and not _CO_SUBJECT.match(_body(text), len(head[0]))):
        # "We're living with my parents at ...": the speaker's household is the subject; whom a
        # phrase after it names ("with my parents", "for the kids") is not whose the statement is
        return frozenset()
    if len(head) == 5 and (head[-1].lower() in ("my", "our") or head[-1].lower() in own_possessive):
        head = _head_words(text, 6)  # "the dentist appointment for my son": whose it is, in full
    of_kin = None  # a relation of a relation ("my dad's boss", "Priya's landlord"): someone else again
    between = 0  # words between that relation and the next ("my son's swimming coach")
    last, by_pronoun = None, False  # the relation last named, whom "his" or "her" after it is of
    for i, w in enumerate(head):
        base = _POSSESSIVE_END.sub("", w)  # "sister's", "parents'"
        if base != w and w[-1] in "'’" and not re.search(re.escape(w) + r"\s+[^\W\d_]", text):
            base = w  # "the group, 'Connected Activists', is ...": a closing quote, no possessive
        low = base.lower()
        if base == w and low in RELATIONS and _names_thing(head, i):
            of_kin = None  # "my son's dentist appointment", "the team practice": a role word naming a thing
            continue
        if (base == w and low in _SERVING and i >= 1
                and (head[i - 1].lower() == "with" or (i >= 2 and head[i - 2].lower() == "with" and (
                    head[i - 1].lower() in ("the", "my", "our") or head[i - 1].lower() in own_possessive)))):
            continue  # "my appointment with the dentist": the speaker's, as "my dentist appointment" is
        if of_kin is not None:
            kin = _kin(low)
            if kin is not None:
                # "my dad's boss is Gerald": the boss, someone else again ("my sister says her
                # dentist is ...": the sister is named as well)
                if not by_pronoun:
                    out.discard(of_kin)
                out.add(f"{of_kin}'s {kin}")
                of_kin = None
                continue
            if base == w and between < 2 and w[:1].islower() and low not in STOP_WORDS and low not in _AUXILIARIES:
                between += 1  # "my son's swimming coach", "Priya's new landlord": which one, not who
                continue
        of_kin, between, by_pronoun = None, 0, False
        if low in ("his", "her") and last is not None:
            of_kin, by_pronoun = last, True
            continue
        if low in own:
            if i == 0 and base == w and not _CO_SUBJECT.match(_body(text), len(w)):
                # "Sam teaches piano to kids": the speaker is the subject; what follows is said of them
                return frozenset()
            continue
        if (i > 0 and head[i - 1].lower() in own_possessive
                and low not in RELATIONS and low.rstrip("s") not in RELATIONS):
            continue  # "Zoë's Spanish class": a word of the speaker's thing, not whom it is about
        kin = _kin(low)
        if kin is not None:
            out.add(kin)
            last = kin
            if base != w:
                of_kin = kin
        elif (base[:1].isupper() and low not in _NOT_VALUES and low not in _MONTHS and low not in _WEEKDAYS
              and (base != w or (0 < i <= 1 and not _PAST_OPENING.match(head[0][:1].upper() + head[0][1:]))
                   # "daughter Zuri": a name right after a relation word is that relation's name
                   or (i > 0 and head[i - 1].lower().rstrip("s") in RELATIONS)
                   )):
            out.add(low)  # a name in the subject's place, or a possessive one ("Amara's birthday")
            if base != w:
                of_kin = low  # "Priya's landlord": Priya's, not the speaker's
    return frozenset(out)


#: Words after a person that begin what is said of them ("my dad's boss never ..."), beside the
#: stop words, auxiliaries, modals and past forms.
_SAID_OF = frozenset("never always usually still really often finally just also even actually".split())


def _names_thing(head: list[str], i: int) -> bool:
    """Whether the role word at head[i] begins the name of a thing ("my son's dentist appointment",
    "the team practice") rather than names a person ("my son's dentist is ...", "my dad's boss
    retired", "my daughter's teacher Mrs Obi"): one person (a plural takes a bare verb, "my kids
    love ...") followed by a small word that is no verb by its form. A word in -ing names a thing
    only where a verb follows it ("the teacher meeting is ...", not "a dog sitting in ...")."""
    if i + 1 >= len(head) or head[i].lower().endswith("s") or head[i].lower() in ("children", "people"):
        return False
    word = head[i + 1]
    low = word.lower()
    if not (word[:1].islower() and low not in STOP_WORDS and low not in _SAID_OF and low not in _AUXILIARIES
            and low not in MODALS and low not in PAST_IRREGULAR and "'" not in low and "’" not in low
            and not low.endswith(("ed", "ly")) and not (low.endswith("s") and not low.endswith("ss"))):
        return False
    if low.endswith("ing") and i + 2 < len(head):
        after = head[i + 2].lower()
        return (after in _AUXILIARIES or after in MODALS or after in PAST_IRREGULAR
                or after.endswith("ed") or after in ("now", "still"))
    return True


def _kin_of(words: list[str]) -> str | None:
    """The relation a possessive word names ("sister's" -> "sister", "parents'" -> "parent"), or
    None (no word, or not one)."""
    if not words or not _POSSESSIVE_END.search(words[0]):
        return None
    return _kin(_POSSESSIVE_END.sub("", words[0]).lower())


def _kin(word: str) -> str | None:
    """The relation a word names ("mum" -> "mother", "sisters" -> "sister"), or None."""
    if word in RELATIONS or word.rstrip("s") in RELATIONS:
        kin = word.rstrip("s") if word.rstrip("s") in RELATIONS else word
        return KIN_SYNONYMS.get(kin, kin)
    return None


_VALUE_VERB = (r"(?:moved|shifted|bumped|raised|lowered|increased|decreased|cut|upped|changed|hiked|reduced|"
               r"extended|upgraded|downgraded|rescheduled|pushed|put|switched|relocated|reassigned|transferred|"
               r"postponed|delayed|brought|pulled|swapped|rebooked|rearranged|promoted)")
#: A value verb's thing: "moved <the piano lesson> to Thursdays".
_MOVED_THING = re.compile(r"\b" + _VALUE_VERB + r"\s+(?!(?:up|down|back|forward|over|away)\s+(?:on)?to\b)"
                          r"(?P<object>(?:(?!to\b)[\w'’$€£,.-]+\s+){1,6}?)"
                          r"(?:(?:up|down|back|forward)\s+)?(?:on)?to\b", re.IGNORECASE)
#: What one moves when moving oneself ("moved house to Leeds", "moved back to Lyon").
_ONESELF = frozenset(t for w in "house home flat apartment place out away abroad back over here there all everything "
                     "it them things stuff myself ourselves "
                     # how wholly, not what: "we've switched fully to Zoho Books"
                     "fully completely entirely totally wholly permanently officially properly".split()
                     for t in terms(w))


@lru_cache(maxsize=65_536)
def moved_thing(text: str, speaker: str = "") -> frozenset[str]:
    """The words of the thing a value verb moves to a new value ("moved the wedding to June" ->
    {"wedding"}); empty when it moves nothing named, or the speaker themself ("moved house to")."""
    m = _MOVED_THING.search(text) or _MOVED_SUBJECT.match(text)
    if m is None:
        return frozenset()
    own = _speaker_words(speaker) | frozenset(terms(speaker or ""))
    words = [w.lower() for w in m.group("object").split()]
    while len(words) > 1 and words[0] in ("all", "both", "most", "some", "of", "the", "rest"):
        words = words[1:]  # "all my accounts", "the rest of my savings"
    first = words[0] if words else ""
    if m.re is _MOVED_SUBJECT and (re.sub(r"['’](?:ve|d|re|ll|s)$", "", first) in ("we", "i", "they", "you", "he", "she")
                                   or (first in own and len(words) > 1 and words[1] in ("has", "have", "had", "is"))
                                   or words == [first] and first in own):
        # ("Priya has properly relocated to Norwich": the speaker moved, told in the third person)
        # "We've moved to Cardiff", "he's moved up to Stage 5": a person moved, no thing of theirs
        return frozenset()
    if m.re is _MOVED_THING and first == "by":
        return frozenset()  # "has been moved by the school to room 108": the subject moved, the school moved it
    if (m.re is _MOVED_THING and (first in ("my", "our", "their") or re.sub(r"['’]s$", "", first) in own)
            and len(words) > 2 and _kin_of(words[1:2]) is not None):
        # "moved my sister's party to Saturday": a thing of someone of the speaker's, named so
        return frozenset(t for t in terms(" ".join(words[2:])) if t not in _ONESELF and not t.isdigit())
    if m.re is _MOVED_THING and (first in ("my", "our", "their") or re.sub(r"['’]s$", "", first) in own):
        # the speaker's own thing ("changed my major to ...", "moved all my accounts over to ..."):
        # what it names may be worded otherwise in the record ("studies accounting", "banks with")
        return frozenset()
    thing = m.group("object")
    if m.re is _MOVED_THING and re.search(r"['’]s$", first) and len(words) > 1:
        # "moved Ana's training to Thursdays": the training moved; Ana holds it
        thing = thing.split(None, 1)[1]
    return frozenset(t for t in terms(thing) if t not in _ONESELF and t not in own
                     and not t.isdigit() and t not in RELATIONS)


def _someone(word: str, speaker: str, records: Sequence) -> bool:
    """Whether a holder word is a person other than the speaker: a relation of a relation ("son's
    coach"), or a name that no statement of the speaker's own holds as a thing of theirs ("Leo's
    lesson", where "my Tesco delivery" makes Tesco a name of the speaker's thing)."""
    if "'" in word or "’" in word:
        return True
    return not any(re.search(rf"\b{re.escape(word)}\b", r.text, re.IGNORECASE) for r in records
                   if not holder(r.text, speaker))


def _moves_it(text: str) -> bool:
    """Whether a value verb moves a thing named only as "it" or "that" ("they pushed it back to
    the 25th", "the landlord put it up")."""
    m = _MOVED_THING.search(text)
    words = m.group("object").lower().split() if m is not None else []
    return words in (["it"], ["that"], ["this"]) or _PUT_IT_UP.search(text) is not None


#: A value raised or cut, named only as "it" ("the landlord put it up", "they've bumped it up
#: again"): the new value is said apart, if at all.
_PUT_IT_UP = re.compile(r"\b(?:put|bumped|pushed|jacked|hiked|knocked|brought)\s+(?:it|that)\s+(?:up|down)\b(?!\s+(?:to|on|in|at|for|with)\b)",
                        re.IGNORECASE)


#: A thing that moved itself to a new value: "my office moved to Katowice" moves the office, not
#: the speaker's home.
_MOVED_SUBJECT = re.compile(r"^(?:[^:]{1,40}:\s+)?(?:(?:ever\s+)?since\s+|now\s+that\s+|once\s+|because\s+)?(?P<object>(?:[\w'’]+\s+){1,6}?)(?:has\s+|have\s+|just\s+|finally\s+)?"
                            r"(?:(?:been|got|gets|was|were|is|are)\s+)?"
                            + _VALUE_VERB + r"\s+(?:(?:up|down|back|forward|over|away)\s+)?to\b", re.IGNORECASE)


#: Someone changing the value of a thing ("the landlord put the rent up to 1,050", "Sam's manager
#: bumped Sam's salary to 58k"): the thing changed may have a holder other than the doer.
_CHANGED_BY = re.compile(
    r"^(?:[^:]{1,40}:\s+)?(?P<doer>(?:[\w'’]+\s+){1,3}?)(?:has\s+|have\s+|just\s+|finally\s+)?"
    + _VALUE_VERB + r"\s+(?P<object>(?:(?!to\b)[\w'’$€£,.-]+\s+){1,7}?)"
    r"(?:(?:up|down|back|forward)\s+)?(?:(?:on)?to\b|(?<=up\s)|(?<=down\s))|"
    # "the landlord put the rent up, it's 1,050 now": up or down with no value after it
    r"^(?:[^:]{1,40}:\s+)?(?P<doer2>(?:[\w'’]+\s+){1,3}?)" + _VALUE_VERB
    + r"\s+(?P<object2>(?:(?!to\b|up\b|down\b)[\w'’$€£]+\s+){1,4}?)(?:up|down)\b(?!\s+to\b)",
    re.IGNORECASE)
#: Relations whose part is to act on the speaker's affairs: what they change unqualified ("my
#: teacher moved the lesson") is the speaker's. Family and friends change things of their own.
_SERVING = frozenset("landlord landlady boss manager doctor dentist lawyer teacher coach tutor company team hr work "
                     "school employer director head office bank insurer clinic gym council agency".split())


@lru_cache(maxsize=65_536)
def changed_holder(text: str, speaker: str = "") -> frozenset[str] | None:
    """Whose thing a statement says someone changed, when that may be another than `holder` says:
    the speaker's for "my X" (or the speaker's name's, or "their X" once named), and for an
    unqualified "the X" changed by a serving relation or by no one named; that other person's for
    "Sam's X". None when the statement is no such change."""
    m = _CHANGED_BY.match(text)
    if m is None:
        return None
    thing, doer = m.group("object") or m.group("object2"), m.group("doer") or m.group("doer2")
    first = thing.split(None, 1)[0].lower()
    owner = re.sub(r"['’]s$", "", first)
    if first in ("my", "our", "their") or owner in _speaker_words(speaker):
        if _kin_of(thing.split()[1:2]) is None:
            return frozenset()
        # "my sister's party": the sister's; "my wife's boss's leaving do": the wife's boss's
        return holder(thing.split(None, 1)[1], speaker)
    if first in ("his", "her", "its", "your"):
        return None  # the doer's own, or someone's whom the words do not name
    if owner != first:
        return holder(thing, speaker)
    # "moved the swimming lesson for my son": the son's ("for their son" once the speaker is named)
    kin = _FOR_KIN.search(thing)
    if (kin is not None and (kin.group("own").lower() in ("my", "our", "their")
                             or re.sub(r"['’]s$", "", kin.group("own").lower()) in _speaker_words(speaker))
            and (whom := _kin(kin.group("kin").lower()))):
        return frozenset({whom})
    return frozenset() if holder(doer, speaker) <= _SERVING else None


#: A thing named for whom it is ("the swimming lesson for my son").
_FOR_KIN = re.compile(r"\bfor\s+(?P<own>my|our|their|\w+['’]s)\s+(?P<kin>[\w'’]+)", re.IGNORECASE)


#: A statement that opens with a verb in the past ("Sold the Civic", "cancelled Netflix") has no
#: subject: the name after the verb is its object, not whom it is about.
_PAST_OPENING = re.compile(r"^(?:[A-Z][a-z]+ed|Sold|Quit|Left|Gave|Got|Took|Went|Made|Sent|Put|Cut|Shut|Lost|Spent|"
                           r"Bought|Brought|Found|Kept|Sold|Swapped|Dropped|Stopped)$")


def _modifies(words: frozenset[str], text: str, thing: frozenset[str]) -> bool:
    """Every one of `words` stands right before a word of `thing` in `text`, or one word before it
    ("team" in "our team standup" for the thing {"daily", "standup"}, "dog" in "our dog training
    class" for {"class"}): they name which thing, not whose."""
    if not words or not thing:
        return False
    tokens = re.findall(r"[\w'’]+", text.lower())
    moved = list(thing)

    def names_it(k: int) -> bool:  # the next word, or the one after ("dog training class")
        return any(has_term(moved, t) for x in tokens[k + 1:k + 3] for t in terms(x))
    return all(any(tokens[k] in (w, w + "s") and names_it(k) for k in range(len(tokens) - 1)) for w in words)


#: A statement's subject, a thing named by words before its head noun ("the vet appointment is ...",
#: "my son's dentist appointment got ...", "Sam's nail appointment was ...").
_SUBJECT_THING = re.compile(
    r"^(?:[^:]{1,40}:\s+)?(?:the|my|our|their|[\w'’]+['’]s)\s+(?P<words>(?:[\w'’-]+\s+){0,3}?)(?P<head>[\w-]+)\s+"
    r"(?:is|are|was|were|has|have|had|got|gets|will|now|\w+ed)\b", re.IGNORECASE)
#: Words before a thing's name that say when it is, not which thing it is ("the weekly meeting").
_WHEN_WORDS = frozenset("""daily weekly monthly annual yearly usual regular next last first new old same other morning
afternoon evening night today tomorrow""".split())


@lru_cache(maxsize=65_536)
def _thing_named(text: str, speaker: str) -> tuple[frozenset[str], str] | None:
    """(the words that say which thing, the thing's head noun) of a statement's subject ("the vet
    appointment is Monday" -> ({"vet"}, "appointment")), or None when it opens otherwise. Whose
    it is ("my son's", "Sam's") is no word of which thing."""
    m = _SUBJECT_THING.match(text)
    if m is None:
        return None
    return _which(m, speaker)


def _which(m: re.Match[str], speaker: str) -> tuple[frozenset[str], str]:
    """(which, head) of a subject matched with groups "words" and "head"."""
    words = frozenset(role_name(THING_SYNONYMS.get(w.lower(), w.lower())) for w in m.group("words").split()
                      if not _POSSESSIVE_END.search(w) and w.lower() not in _WHEN_WORDS and w.lower() not in _WEEKDAYS
                      and w.lower() not in _MONTHS and not any(c.isdigit() for c in w)
                      and w.lower() not in _speaker_words(speaker))
    return words, next(iter(terms(m.group("head"))), m.group("head").lower())


#: A subject that does not say whose it is: "Pocket money is 7 euros now", "the swimming lesson
#: has moved to Thursdays".
_UNSAID_WHOSE = re.compile(
    r"^(?:[^:]{1,40}:\s+)?(?:the\s+)?(?P<words>(?:[\w-]+\s+){0,2}?)(?P<head>[\w-]+)\s+"
    r"(?:is|are|was|were|has|have|had|got|gets|will|now|\w+ed)\b", re.IGNORECASE)
_NO_THING = frozenset("i we you he she they it this that there here what who my our your his her their its".split())


#: A thing someone has at a time: "Amara's got soccer practice on Wednesdays", "Priya has choir
#: every Thursday": the thing a later statement that names no one moves ("practice is moving to
#: Thursdays") is theirs.
_THING_HAD = re.compile(
    r"^(?:[^:]{1,40}:\s{1,8})?(?:[\w'’]+\s{1,8}){0,2}?[\w'’]*?(?:\s{1,8}(?:has|have)(?:\s{1,8}got)?|['’](?:s|ve)\s{1,8}got)\s{1,8}"
    r"(?:(?:a|an|her|his|their|my|our|its)\s{1,8})?(?P<words>(?:[\w-]+\s{1,8}){0,2}?)(?P<head>[\w-]+)\s{1,8}"
    r"(?:on|at|every|each|from|after|before|twice|once|three\s+times)\b", re.IGNORECASE)


@lru_cache(maxsize=65_536)
def _thing_had(text: str, speaker: str) -> tuple[frozenset[str], str] | None:
    """The thing, (which, head) as `_thing_named`, that a statement says its subject has at a time
    (`_THING_HAD`); else None."""
    m = _THING_HAD.match(text)
    if m is None or any(w.lower() in _NO_THING for w in (m.group("words") + m.group("head")).split()):
        return None
    return _which(m, speaker)


@lru_cache(maxsize=65_536)
def _unsaid_whose(text: str, speaker: str) -> tuple[frozenset[str], str] | None:
    """The thing a statement is of, (which, head) as `_thing_named`, when it names no one whose it
    is ("pocket money is 7 euros now"); else None."""
    m = _UNSAID_WHOSE.match(text)
    if m is None or any(w.lower() in _NO_THING or w.lower() in _speaker_words(speaker) or _POSSESSIVE_END.search(w)
                        for w in (m.group("words") + m.group("head")).split()):
        return None
    return _which(m, speaker)


def another_thing(a: str, b: str, speaker: str = "") -> bool:
    """Whether two statements are of two things of one kind, each named by a word the other's name
    lacks ("the vet appointment" / "the dentist appointment", "my nail appointment" / "my hair
    appointment"): neither says the other again, nor changes it. A name of one word ("the
    appointment") may be either."""
    ta, tb = _thing_named(a, speaker), _thing_named(b, speaker)
    if ta is None or tb is None or ta[1] != tb[1] or not ta[0] or not tb[0]:
        return False
    # one word in another form ("physio" / "physiotherapy", "dentist" / "dental"): four letters shared
    return not any(x[:4] == y[:4] for x in ta[0] for y in tb[0])


#: A part of the day, as a word that tells one of two things apart ("the morning class").
_PART_OF_DAY = re.compile(r"\b(morning|afternoon|evening|night|lunchtime)s?\b", re.IGNORECASE)


def _parts_of_day(text: str) -> frozenset[str]:
    return frozenset(m.group(1).lower() for m in _PART_OF_DAY.finditer(text))


def _another_part_of_day(text: str, moving: frozenset[str], record_text: str) -> bool:
    """Whether the thing a statement moves is named by a part of the day ("my evening spin class
    has been moved") that the record does not name, though the record names another ("does a
    morning spin class"), and the statement names none of the record's ("from mornings to
    evenings" moves the record's own): two things of one kind, told apart by when they are."""
    mine = frozenset(p for p in _parts_of_day(text) if any(has_term([t], p) for t in moving))
    theirs = _parts_of_day(record_text)
    return bool(mine) and bool(theirs) and not (theirs & _parts_of_day(text))


def same_holder(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two statements are about one holder when they name the same one, or one names it more fully
    ("Sam's daughter Amara" / "Amara"); the speaker (no holder) is not anybody else."""
    return a == b or (bool(a) and bool(b) and (a <= b or b <= a))


#: A time of the clock in the words of a sentence: "4pm", "4 pm", "9.30 a.m.", "16:00".
_CLOCK_IN_TEXT = re.compile(r"(?<![\w.:])(\d{1,2}(?:[:.]\d\d)?)\s*([ap])\.?m\b\.?|(?<![\w.:])(\d{1,2}:\d\d)(?![\w:])",
                            re.IGNORECASE)


def one_clock(text: str) -> str:
    """The text with its times of the clock written one way ("4pm", "16:00" -> "16:00")."""
    def sub(m: re.Match[str]) -> str:
        raw = m.group(3) or (m.group(1).replace(".", ":") + m.group(2).lower() + "m")
        return _clock_value(raw) or m.group()
    return _CLOCK_IN_TEXT.sub(sub, text) if any(c.isdigit() for c in text) else text


@lru_cache(maxsize=65_536)
def _content(text: str, speaker: str) -> frozenset[str]:
    own = _speaker_words(speaker)
    found = (_norm_value(t) for t in terms(one_clock(text)))
    return frozenset(t for t in found if t and t not in own and t not in RELATIONS)


#: What a statement sets its filler against ("by the aisle, not at the window", "rather than the
#: window", "instead of tea"): the alternative turned down, not a filler of its own.
_CONTRAST = re.compile(r"(?:[,;]\s*not\b|\brather\s+than\b|\binstead\s+of\b|\bas\s+opposed\s+to\b)[^,;.]*",
                       re.IGNORECASE)


@lru_cache(maxsize=65_536)
def _filler_terms(text: str, speaker: str) -> frozenset[str]:
    # "still" says the filler goes on; it is none itself
    return _content(_CONTINUES.sub("", _CONTRAST.sub("", text)), speaker)


def other_filler(a: str, b: str, speaker: str = "") -> bool:
    """Two statements in one frame with a different filler: each says one or two things the other
    does not ("likes hiking in the mountains" / "along the coast", "allergic to peanuts" / "to
    cats"). Close in embedding space, yet two memories. A paraphrase rewords more than that."""
    ca, cb = _filler_terms(a, speaker), _filler_terms(b, speaker)
    da, db = ca - cb, cb - ca
    if not (0 < len(da) <= 2 and 0 < len(db) <= 2):
        return False
    # one word in another form ("allergic" / "allergy", "painted" / "painting"): six letters shared
    if any(len(x) >= 6 and len(y) >= 6 and x[:6] == y[:6] for x in da for y in db):
        return False
    return not _overlap(frozenset(da), frozenset(db))


_SWITCHED_TO = re.compile(r"\b(?:" + PLACING_VERBS + r"|changed|gone|went|converted|migrated)\s+"
                          # whom someone else placed there ("moved me to jungle", "moved Jun-ho up to the A team")
                          r"(?:(?P<whom>me|us|(?-i:[A-Z])[\w'’-]*)\s+)?"
                          r"(?:(?:fully|completely|entirely|totally|permanently|officially|properly)\s+)?"
                          + PLACED_WHERE + r"\s+(?P<what>[^,;:.!?()]+)", re.IGNORECASE)


def switched_to(text: str, speaker: str = "") -> frozenset[str]:
    """The words of what the speaker switched to ("swapped to soy milk for my coffee": soy, milk), a
    new value however plainly it is written: an unnamed one is no value of `values`."""
    own = _speaker_words(speaker)
    pos = 0
    while (m := _SWITCHED_TO.search(text, pos)) is not None:
        whom = (m.group("whom") or "").lower()
        if not whom or whom in ("me", "us") or _speaker_words(whom) <= own:
            break
        pos = m.start() + 1  # "we moved Tariq to the top bunk": someone else placed, no value of the speaker's
    else:
        return frozenset()
    return _words_of_value(m.group("what"), own)


def _words_of_value(what: str, own: frozenset[str]) -> frozenset[str]:
    """The terms of the noun phrase a change ends in ("to soy milk for my coffee": soy, milk), less
    its determiners, words that are no value and the speaker's own name."""
    return frozenset(t for w in _phrase(re.findall(r"[\w'’]+", what.lower())) if w not in _DETERMINERS
                     and w not in _NOT_VALUES for t in terms(w) if t not in own)


#: A statement's subject, up to its verb "be" ("my electricity supplier is ...", "car insurance's
#: with ...", "our vet is at ...").
_SUBJECT_BEFORE_BE = re.compile(r"^(?P<subject>(?:[\w'’-]+\s+){0,4}?[\w'’-]+?)\s+(?:is|are|was|were)\b", re.IGNORECASE)
#: ... or before an "'s" that stands for "is" ("my gym's ironworks on 5th"), where no "is" follows.
_SUBJECT_BEFORE_S = re.compile(r"^(?P<subject>(?:[\w'’-]+\s+){0,4}?[\w'’-]+?)['’]s\s", re.IGNORECASE)


def changed_to(text: str, speaker: str = "") -> tuple[frozenset[str], frozenset[str]]:
    """(the thing, what it was changed to) where a named thing was changed ("switched car insurer
    to harborline" -> car, insurer; harborline; "moved my bank to nordflux"): in chat typed without
    capitals the new value is no name `values` can read. Empty where no thing is named before "to"
    (what `switched_to` reads), or the one moved is a person ("moved Tariq to the top bunk")."""
    m = _MOVED_THING.search(text)
    if m is None or re.fullmatch(r"(?-i:[A-Z])[\w'’-]*\s+", m.group("object")):
        return frozenset(), frozenset()
    own = _speaker_words(speaker)
    # (whose it is names no part of it: "the cats' vet" is a vet)
    thing = frozenset(t for w in re.findall(r"[\w'’]+", m.group("object").lower())
                      if w not in _DETERMINERS and w not in _OWN_WORDS and _POSSESSIVE_END.sub("", w) == w
                      and not w.endswith(("s'", "s’")) for t in terms(w) if t not in _ONESELF)
    what = re.match(r"[^,;:.!?()]*", text[m.end():]).group()
    return thing, _words_of_value(what, own)


def _subject_names(record_text: str, thing: frozenset[str]) -> bool:
    """Whether a record's subject names the thing, every word of it: the record says what the thing
    is ("car insurance is with lumen mutual"), not what someone does with it ("practises piano
    daily"), nor what a part of it is ("the kids' school is Lincoln" for "the school bus")."""
    body = _body(record_text)
    m = _SUBJECT_BEFORE_BE.match(body) or _SUBJECT_BEFORE_S.match(body)
    if m is None or not thing or _IS_A_KIND.match(body, m.end()) is not None:
        return False  # ("my phone is a pixel 7": what kind it is, which "switched my phone to airplane mode" is not)
    said = terms(m.group("subject"))
    return all(any(_one_word(x, t) for x in said) for t in thing)


#: A change said of one case only ("for the rental car only"): no new value of the thing for good.
_ONLY_THIS = re.compile(r"\bonly\b")
#: What a thing is said to be a kind of, after its subject and verb: "(is) a ...", "(is) an ...".
_IS_A_KIND = re.compile(r"\s*(?:a|an)\b", re.IGNORECASE)


def _one_word(a: str, b: str) -> bool:
    """Two terms of one word: the same, or two endings of one stem of five letters ("insurer" /
    "insurance"); not one word and a longer one made from it ("account" / "accountant")."""
    return a == b or (len(os.path.commonprefix([a, b])) >= 5 and not a.startswith(b) and not b.startswith(a))


def change_cue(text: str) -> str | None:
    """'strong', 'weak' or None: how plainly a statement says that something changed."""
    if _STRONG_CUE.search(text):
        return "strong"
    if _WEAK_CUE.search(text):
        return "weak"
    return None


_WEAK_CUE_TERMS = frozenset(t for w in "now new newly currently latest nowadays lately".split() for t in terms(w))


def _told_as_now(text: str) -> bool:
    """A short statement said to hold now: a weak cue of change in nine words or fewer ("I sing
    tenor now"). Read once a statement, not once for each record it is weighed against."""
    return change_cue(text) == "weak" and len(re.findall(r"\w+", text)) <= 9


def _swapped_now(text: str, record_text: str, speaker: str) -> bool:
    """A short statement said to hold now (`_told_as_now`, asked of `text` by the caller) whose words
    differ from the record's on both sides ("I sing tenor now" of "sings alto in the chapel choir",
    "I drink soya milk now" of "drinks oat milk"): another value told as the current one, never the
    record said again."""
    if _WEAK_CUE.search(record_text):
        return False
    mine, theirs = _content(text, speaker) - _WEAK_CUE_TERMS, _content(record_text, speaker)
    # ("cardiology" / "cardiac", "nights" / "night": one word said two ways, no other value)
    new = {w for w in mine - theirs if not any(w[:4] == t[:4] for t in theirs)}
    old = {t for t in theirs - mine if not any(t[:4] == w[:4] for w in mine)}
    return bool(new) and bool(old)


#: A value said to be wrong beside the right one: "it's the Northgate clinic, not Riverside", "I
#: meant Tuesday not Thursday", "a 2014 rather than a 2016". What follows the contrast is the old
#: value; "not" right after a value, or after a comma, is a contrast, not a negation ("does not drive").
_CORRECTED = re.compile(
    r"(?:,\s*(?:and\s+|but\s+)?|(?<=[\w)%])\s+)(?:not|instead\s+of|rather\s+than)\s+"
    r"(?:(?:the|a|an|on|at|in|with|from|for|by|to)\s+)*(?P<old>[\w'’.:-]+(?:\s+[\w'’.:-]+){0,2})",
    re.IGNORECASE)
#: Words of a contrast that are no value ("not yet", "not really", "rather than wait").
_NOT_A_VALUE = frozenset("""yet really sure just only too so very even all much any always ever exactly quite that this
it me us him her them you i we he she they there here what why how when which who much many more less enough
entirely totally completely necessarily particularly great good bad well going being having doing getting able
""".split())
#: Weekdays as people shorten them ("tues 4pm", "weds"); "sat", "sun" and "wed" are words too.
_DAY_SHORT = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "weds": "wednesday", "thu": "thursday",
              "thur": "thursday", "thurs": "thursday", "fri": "friday"}


def _day_word(word: str) -> str:
    """A weekday however written, as its singular name ("Tuesdays", "tues" -> "tuesday")."""
    w = word.lower().strip("'’.,")
    w = _DAY_SHORT.get(w, w)
    return w[:-1] if w.endswith("days") else w


@lru_cache(maxsize=65_536)
def corrected(text: str, speaker: str = "") -> frozenset[str]:
    """The words of values a statement says are not (or no longer) the right ones, beside the value it
    gives instead: "zoe's teacher is Mr Kowalczyk, not abernathy" -> {"abernathy"}."""
    own = _speaker_words(speaker)
    out: set[str] = set()
    for m in _CORRECTED.finditer(text):
        before = text[: m.start()].rstrip(" ,")
        first = m.group("old").split()[0].lower().strip("'’.,:")
        if not first or first in _NOT_A_VALUE or first in STOP_WORDS or first in own:
            continue
        if (not m.group(0).lstrip().startswith(",") and not _ends_with_value(before, speaker)
                and not _IT_IS_THIS.search(before)):
            continue  # "I do not drive": a negation, not a contrast of two values
        out.add(_day_word(first))  # "not east wing": the word that tells the old value apart
    return frozenset(out)

#: "it's <value>" just before "not <old>": a correction, however the values are written ("so its
#: utrecht not rotterdam").
_IT_IS_THIS = re.compile(r"\b(?:it['’]?s|it\s+is|that['’]?s)\s+(?:(?:actually|really|now|definitely)\s+)?[\w'’.-]+$",
                         re.IGNORECASE)


def _ends_with_value(before: str, speaker: str) -> bool:
    """Whether the words before a contrast end in a value ("Tuesday not Thursday", "at 4 not 5")."""
    found = values(before, speaker)
    for last in re.findall(r"[\w'’:.%-]+", before)[-2:]:  # "20 mg not 10"
        if _norm_value(last) in found or _day_word(last) in _WEEKDAYS or any(ch.isdigit() for ch in last):
            return True
    return False


def holds_corrected(record_text: str, wrong: frozenset[str]) -> bool:
    """Whether a record states one of the values a correction says are wrong (whole words, weekdays
    however written)."""
    if not wrong:
        return False
    words = {_day_word(w) for w in re.findall(r"[\w'’:.-]+", record_text.lower())}
    words |= {w.strip("'’.,:") for w in words}
    return bool(wrong & words)


_CONTINUES = re.compile(r"\b(?:still|as\s+usual|as\s+always|as\s+before|like\s+I\s+said|"
                        r"as\s+I\s+(?:said|mentioned|told\s+you))\b", re.IGNORECASE)


#: Values that say when (which a change moves), not what.
_WHEN = re.compile(r"(?:19|20)\d\d|(?:january|february|march|april|may|june|july|august|september|october|november|"
                   r"december)|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|tomorrow|yesterday|today|tonight")


#: Who serves someone, one at a time: "we changed vets" says the vet named before is not theirs now.
_PROVIDERS = frozenset("""vet gp doctor dentist surgery practice clinic hospital bank insurer provider supplier
landlord agent agency lawyer solicitor accountant bookkeeper therapist counsellor physio hairdresser barber mechanic
garage gym school nursery childminder nanny cleaner plumber tutor coach trainer broker carrier network pharmacy
chemist optician builder decorator gardener babysitter midwife consultant specialist""".split())
_CHANGED_PROVIDER = re.compile(
    r"\b(?:changed|switched|swapped|moved|changing|switching|swapping|moving)\s+(?:(?:our|my|the|his|her|their|"
    r"[\w'’]+['’]s)\s+)?(?P<what>[a-z]+?)(?:ies|s)\b(?!\s+of\b)"
    # (the singular, as British chat says it: "changed dentist last week", not "changed dentist appointment")
    r"|\b(?:changed|switched|swapped)\s+(?P<one>[a-z]+)\b(?=\s*(?:[,;.:!\u2013\u2014-]|$|\s+(?:last|this|now|recently|again|in)\b))",
    re.IGNORECASE)


#: A provider said to be new, with whom or where after it: "new dentist: dr lowe at parkside",
#: "new vet for luna - dr price", "new gym is summit" (not "a new dentist appointment").
_NEW_PROVIDER = re.compile(r"(?<!\ba\s)(?<!\ban\s)(?<!\banother\s)(?<!there['’]s\s)(?<!there\sis\s)\bnew\s+(?P<what>" + "|".join(sorted(_PROVIDERS, key=len, reverse=True)) + r")\b"
                           r"(?=\s*[:\u2013\u2014-]|\s+(?:is|for|now|called|at|with|,))", re.IGNORECASE)


def _provider_word(m: re.Match[str]) -> str | None:
    """The provider a `_CHANGED_PROVIDER` match names in the plural or singular ("vets", "nurseries",
    "coaches", "dentist"), or None ("switched buses")."""
    what = (m.group("what") or m.group("one")).lower()
    return next((w for w in (what, what + "y", what + "s", what + "e", what.removesuffix("e")) if w in _PROVIDERS), None)


@lru_cache(maxsize=65_536)
def changed_provider(text: str) -> str | None:
    """The provider a statement says was changed ("we switched vets", "changed GPs", "swapped
    nurseries", "new dentist: dr lowe" -> "vet", "gp", "nursery", "dentist"), or None."""
    for m in _CHANGED_PROVIDER.finditer(text):
        if (word := _provider_word(m)) is not None:
            return word
    m = _NEW_PROVIDER.search(text)
    return m.group("what").lower() if m is not None else None


def provider_switched(text: str) -> bool:
    """Whether a statement says a provider was changed, in a word of changing ("switched gyms",
    "changed dentist last week"), not only as a new one ("new dentist: ...")."""
    return any(_provider_word(m) is not None for m in _CHANGED_PROVIDER.finditer(text))


#: Where a provider is named in lower case, after it or after "now at": "my gym's ironworks on 5th",
#: "dentist is dr kaur", "now at summit fitness on delancey", "new vet for luna - dr price at hillside".
_NAMED_AFTER = re.compile(r"(?:\b(?:is|'s|’s|was|at|with|called|goes\s+to|going\s+to|seeing|using)\s+|[:\u2013\u2014-]\s*)(?P<name>(?:[\w'’+&.]+\s+){0,3}?[\w'’+&.]+)"
                          r"(?=\s*(?:$|[,;:.!?()\u2013\u2014-]|\s(?:on|in|at|near|off|by|for|from|since|now|and|but|so|which|"
                          r"who|open|till|until|lol|though|tho)\b))", re.IGNORECASE)
_NOT_NAME_WORDS = frozenset("""a an the my our your his her their its this that new old now still just really very so
is are was were be been for with at on in to of and or but it he she they we i me you them him there here
good great nice fine ok okay better worse closer cheaper nearer same other another one way far much
dr mr mrs ms mx miss prof doctor""".split())


def provider_named(text: str, provider: str) -> frozenset[str]:
    """The words a statement names a provider by, in whatever case ("ironworks", "summit fitness",
    "dr lowe", "parkside dental"): the names it gives, and the words said as the provider's name
    after it or after "now at". Empty when it names none."""
    out = {t for v in values(text) if value_kind(v) == "name" for t in terms(v)}
    before = re.match(rf"^(?:[^:]{{1,40}}:\s+)?(?P<name>(?:[\w'’+&.]+\s+){{0,4}}?[\w'’+&.]+)\s+is\s+(?:my|our|[\w'’-]+['’]s)\s+"
                      rf"(?:[\w'’-]+\s+)?{re.escape(provider)}\b", text, re.IGNORECASE)
    if before is not None:  # "dr kaur is my dentist"
        out.update(t for w in re.findall(r"[\w'’+&.]+", before.group("name").lower()) if w not in _NOT_NAME_WORDS
                   for t in terms(w))
    low = text.lower()
    at = low.find(provider)
    for m in _NAMED_AFTER.finditer(text, max(at, 0)):
        words = [w for w in re.findall(r"[\w'’+&.]+", m.group("name").lower()) if w not in _NOT_NAME_WORDS
                 and not any(ch.isdigit() for ch in w) and not _PROVIDERS & {w, w.rstrip("s")}]
        out.update(t for w in words for t in terms(w))
    return frozenset(out) - frozenset(terms(provider))


#: Where someone lives and how they are reached, one of each at a time: a street address ("19 Castle
#: Street", "4 Orchard Way": a number, capitalised words, a kind of street), a phone number (nine
#: digits or more, in groups or not) and an email address. Said in any frame ("we're living at ...", "new address is ...",
#: "home is ... for now"), so a new one is recognised by its shape, not by the words around it.
#: A number that counts something ("3 times", "2 years ago", "3 of us"), not a house's.
_NOT_A_COUNT = r"(?!\s*(?:times?|x|of|people|persons|years?|yrs?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|more|or|to|-)\b)"
_ADDRESS = re.compile(r"\b\d{1,4}[A-Za-z]?,?\s+(?:(?-i:[A-Z])[\w'’-]*\s+){1,3}(?:road|rd|street|st|lane|avenue|ave|close|"
                      r"way|drive|court|place|crescent|terrace|grove|gardens|square|row|hill|mews|walk|parade|"
                      r"boulevard)\b"
                      # the street named first, its number after ("Rua das Flores 42", "Calle Mayor 12",
                      # "Via Roma 3"), or a number before a French street ("7 rue des Lilas")
                      r"|(?-i:\b(?:Rua|Calle|Carrer|Avenida|Av\.|Rue|Via|Viale|Piazza|Plaza|Paseo|Largo|Travessa|Ulica|Chemin|Quai)"
                      r"\s+(?:(?:d[aeo]s?|del|della|di|la|le|les|du|des|de\s+la)\s+)?[A-Z][\w'’.-]{0,30}(?:\s+[A-Z][\w'’.-]{0,30}){0,2}"
                      r"\s+\d{1,4}[A-Za-z]?\b" + _NOT_A_COUNT + ")"
                      r"|\b\d{1,4}[A-Za-z]?,?\s+(?:rue|avenue|boulevard|chemin|all[ée]e|impasse|quai|place)\s+"
                      r"(?:(?:d[eu]s?|de\s+la|la|le|les)\s+)?(?-i:[A-Z])[\w'’-]*"
                      # "Hauptstraße 5", "Keizersgracht 123", "Storgatan 8"
                      r"|(?<![\w'’-])(?-i:[A-ZÄÖÜÅØ])[\w'’]{0,30}(?:straße|strasse|str\.|weg|gasse|platz|allee|gracht|straat|laan|vej|gatan|gata)"
                      r"\s+\d{1,4}[a-z]?\b" + _NOT_A_COUNT, re.IGNORECASE)
_PHONE = re.compile(r"(?<![\w+.,])\+?\d(?:[ -]?\d){8,14}(?![\w.,]?\d)")
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.IGNORECASE)
#: A word before "address" / "number" that says whose or which one ("office address", "work
#: number"): another attribute than the one a record without it gives.
_CONTACT_WHICH = re.compile(r"\b([\w'’]+)\s+(?:address|number|phone|mobile|landline|email|e-mail)\b", re.IGNORECASE)
#: A place or person a statement may give the address of instead of the home ("our office has moved,
#: we're at ...", "the clinic is at ...", "at my sister's, 3 Mill Lane"): a word after "my", "our",
#: "the" or "their".
_WHOSE_PLACE = re.compile(r"\b(?:my|our|the|their|for)\s+(?:new\s+|old\s+)?([a-z]+)", re.IGNORECASE)
_NOT_WHICH = frozenset("new my our the a your current updated home contact phone mobile email e-mail its their his her this "
                       "that is house flat apartment place address number landline keys key move old family one ones you me us "
                       "him them it now everything anything all good".split())


def contact_values(text: str) -> dict[str, frozenset[str]]:
    """The street addresses, phone numbers and email addresses a statement gives: {"address": ...,
    "phone": ..., "email": ...} (lower case, spaces and commas evened out; a phone number as its
    digits)."""
    out: dict[str, frozenset[str]] = {}
    addresses = frozenset(re.sub(r"[\s,]+", " ", m.group().lower()) for m in _ADDRESS.finditer(text))
    phones = frozenset(re.sub(r"\D", "", m.group()) for m in _PHONE.finditer(text))
    if addresses:
        out["address"] = addresses
    if phones:
        out["phone"] = phones
    emails = frozenset(m.group().lower().rstrip(".") for m in _EMAIL.finditer(text))
    if emails:
        out["email"] = emails
    return out


def changes_contact(text: str, record_text: str) -> frozenset[str]:
    """The kinds of contact value ("address", "phone", "email") a statement gives anew, with a word of change,
    in place of the one `record_text` gives: another value of the same kind, not for a while ("staying
    at ... for two weeks"), and not of another place or person the record does not name ("office
    address", "our office has moved", "at my sister's")."""
    if change_cue(text) is None or _FOR_A_WHILE.search(text) or of_another_place(text, record_text):
        return frozenset()
    mine, theirs = contact_values(text), contact_values(record_text)
    return frozenset(k for k, v in mine.items() if k in theirs and not v & theirs[k])


def of_another_place(text: str, record_text: str) -> bool:
    """Whether a statement names a place or person whose address or number it may give that the
    record does not name ("new office address", "the new work number", "our office has moved")."""
    record_terms = terms(record_text)
    which = {w.lower() for w in _CONTACT_WHICH.findall(text) + _WHOSE_PLACE.findall(text)} - _NOT_WHICH
    return any(not has_term(record_terms, t) for w in which for t in terms(w))


#: One spelling for each unit a quantity is measured in ("95 kilograms" and "105 kg" are one measure).
_UNIT_NAMES = {
    **dict.fromkeys("kg kgs kilo kilos kilogram kilograms kilogramme kilogrammes".split(), "kg"),
    **dict.fromkeys("g gram grams gramme grammes".split(), "g"),
    **dict.fromkeys("lb lbs".split(), "lb"),
    **dict.fromkeys("stone stones".split(), "stone"),
    **dict.fromkeys("km kms kilometre kilometres kilometer kilometers".split(), "km"),
    **dict.fromkeys("mi mile miles".split(), "mile"),
    **dict.fromkeys("m metre metres meter meters".split(), "m"),
    **dict.fromkeys("cm centimetre centimetres centimeter centimeters".split(), "cm"),
    **dict.fromkeys("mm millimetre millimetres millimeter millimeters".split(), "mm"),
    **dict.fromkeys("l litre litres liter liters".split(), "l"),
    **dict.fromkeys("ml millilitre millilitres milliliter milliliters".split(), "ml"),
    **dict.fromkeys("% percent pct".split(), "percent"),
    **dict.fromkeys("$ dollar dollars usd bucks".split(), "dollar"),
    **dict.fromkeys("€ euro euros eur".split(), "euro"),
    **dict.fromkeys("£ pound pounds gbp quid".split(), "pound"),
}
#: Units of time and of how often, and words after a number that are no unit: a schedule's
#: numbers ("three times a week", "at 6 in the evening", "for 2 hours") are read by other rules.
_NOT_UNITS = frozenset("""second seconds sec secs minute minutes min mins hour hours hr hrs day days week weeks
fortnight fortnights month months year years yr yrs time times am pm o'clock oclock st nd rd th x of or and to
a an the in on at by for from per with than till until now today new more less left already""".split())
_MEASURE = re.compile(r"(?<![\w.])(?P<cur>[$€£])?(?P<num>\d+(?:[.,]\d+)*)(?P<unit>%|kg|km|mm|cm|ml|g|lbs?|k)?"
                      r"(?![\w.,]\d)(?:[ \t]+(?P<word>[^\W\d_]+|%)(?:[ \t]+(?P<next>[^\W\d_]+))?)?", re.IGNORECASE)


@lru_cache(maxsize=65_536)
def measures(text: str) -> frozenset[tuple[str, str]]:
    """The quantities a statement gives with their unit, as (number, unit): "105 kilograms" and
    "105kg" are ("105", "kg"), "£465,000" and "465,000 pounds" ("465000", "pound"), "40 head of
    cattle" ("40", "head"). A number with no unit, or one of time or frequency, is none."""
    out = set()
    for m in _MEASURE.finditer(text):
        num = m.group("num").replace(",", "")
        if m.group("unit") and m.group("unit").lower() == "k":
            num, unit = f"{num}000", None
        else:
            unit = m.group("unit")
        if re.fullmatch(r"(?:19|20)\d\d", num) and not (m.group("cur") or unit):
            continue  # a year
        word = (m.group("word") or "").lower()
        name = (_UNIT_NAMES.get(m.group("cur") or "") or _UNIT_NAMES.get((unit or "").lower())
                or _UNIT_NAMES.get(word))
        after = (m.group("next") or "").lower()
        if (name is None and after and after not in _NOT_UNITS and after not in STOP_WORDS and after.isalpha()
                and not after.endswith(("ed", "ing", "ly")) and word not in _NOT_UNITS and word not in STOP_WORDS):
            word = after  # "40 apple trees": the thing counted is the last word ("34 trees")
        if name is None and word and word not in _NOT_UNITS and word not in STOP_WORDS and word.isalpha():
            stems = terms(word)
            name = stems[0] if stems else None
        if name is not None:
            out.add((num, name))
    return frozenset(out)


#: A quantity said to have moved, or to be a new best: "down to 25 head", "up to 90 kg", "my new PB".
_QUANTITY_CUE = re.compile(r"\b(?:down|up)\s+to\s+(?:about\s+|around\s+|roughly\s+|just\s+|only\s+)?[$€£]?\d|"
                           r"\bnew\s+(?:personal\s+)?(?:best|max|maximum|record|pb|pr|high|low)\b", re.IGNORECASE)
#: The old value a statement names itself: "instead of 1", "from 40 to", "up from 80", "it was 12".
_OLD_QUANTITY = re.compile(r"\b(?:instead\s+of|from|(?:up|down)\s+from|(?:it|that)\s+was|used\s+to\s+be)\s+"
                           r"(?:about\s+|around\s+|roughly\s+)?[$€£]?(?P<num>\d+(?:[.,]\d+)*)", re.IGNORECASE)
#: An end said after a number ("from 7 to 9", "from 7am until 6am").
_UNTIL = r"\s*(?:to|until|till|-)\b"
_CLOCK_AFTER = re.compile(r"(?::\d\d\s*(?:[ap]\.?m\b\.?)?|\s*[ap]\.?m\b\.?)(?P<to>" + _UNTIL + ")?", re.IGNORECASE)


_WHEN_BEFORE = re.compile(r"(?:" + _WEEKDAY.pattern + r"|\b(?:week\s*(?:days?|ends?)|mornings?|afternoons?|evenings?|nights?))\s+$",
                          re.IGNORECASE)
_TO_AFTER = re.compile(_UNTIL, re.IGNORECASE)


def old_quantities(text: str) -> frozenset[str]:
    """The numbers a statement gives as old values ("instead of 1", "up from 40", "from 7am to
    6am"); a time it starts at, said without an end, is none ("Saturdays from 5pm", "from 9:30 on
    weekdays", "on Sundays from 12")."""
    out = set()
    for m in _OLD_QUANTITY.finditer(text):
        clock = _CLOCK_AFTER.match(text, m.end())
        if clock is not None and clock.group("to") is None:
            continue
        if _WHEN_BEFORE.search(text, max(0, m.start() - 24), m.start()) and not _TO_AFTER.match(text, m.end()):
            continue  # "on Sundays from 12 now": when it starts on that day
        out.add(m.group("num").replace(",", ""))
    return frozenset(out)


#: When a habit happens: "5 km on weekdays" and "12 km on Saturdays" are two attributes.
_SCHEDULE = re.compile(r"\b(?:week\s*days?|week\s*ends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days|mornings|"
                       r"afternoons|evenings|nights|daily|nightly|weekly|monthly|yearly|annually|"
                       r"(?:a|an|per|each|every)\s+(?:day|night|week|month|year))\b", re.IGNORECASE)
_SCHEDULE_WORD = {"daily": "day", "nightly": "night", "weekly": "week", "monthly": "month", "yearly": "year",
                  "annually": "year"}


def _schedule(text: str) -> frozenset[str]:
    """When a statement's habit or rate happens, one word each: "monthly" and "a month" are "month"."""
    out = set()
    for m in _SCHEDULE.finditer(text):
        word = m.group().lower().replace(" ", "")
        word = re.sub(r"^(?:a|an|per|each|every)(?=day|night|week|month|year)", "", word)
        out.add(_SCHEDULE_WORD.get(word, word.removesuffix("s")))
    return frozenset(out)


def quantity_cue(text: str) -> bool:
    """Whether a statement says a quantity moved or is a new best ("down to 25 head now")."""
    return _QUANTITY_CUE.search(text) is not None


#: A weight read off the scales: "weighed in at", "the weigh-in", "stepped on the scales".
_WEIGHING = re.compile(r"\bweigh(?:ed|s|ing)?(?:[- ]?ins?)?\b|\bscales?\b|\b(?:clocked|came|comes)\s+in\s+at\b|"
                       r"\btipp(?:ed|ing)\s+the\s+scales\b", re.IGNORECASE)
#: A weight wished for or of long ago ("want the scales to say 75 kg by june", "back in 2019 the
#: scales said 95 kg", "at uni I weighed 60 kg"): no reading of what the body weighs now.
_NOT_NOW_WEIGHT = re.compile(r"\b(?:want|wants|wanted|hope|hoping|hopefully|aim|aiming|target|goal|would\s+like|'d\s+like|"
                             r"trying\s+to\s+get|get\s+(?:down|back)\s+to|by\s+(?:the\s+)?(?:summer|spring|autumn|fall|winter|"
                             r"christmas|january|february|march|april|may|june|july|august|september|october|november|"
                             r"december|the\s+wedding|next)|back\s+in|years?\s+ago|used\s+to|at\s+uni|in\s+(?:19|20)\d\d|"
                             r"when\s+I\s+was|before\s+(?:the\s+)?(?:baby|pregnancy|kids|lockdown))\b", re.IGNORECASE)
_MASS_UNITS = frozenset({"kg", "lb", "stone"})


def _masses(text: str) -> int:
    """How many weights a statement gives ("I weigh 80 kg and my husband is 95 kg": two)."""
    return sum(u in _MASS_UNITS for _, u in measures(text))


def weighing(text: str) -> bool:
    """Whether a statement tells a weight someone or something was found to have ("weigh-in at the
    vet today: Rufus was 28.2 kg", "stepped on the scales this morning, 68 kg"): what it weighs now,
    however the classifier types the telling."""
    return (_WEIGHING.search(text) is not None and _masses(text) > 0
            and _NOT_NOW_WEIGHT.search(text) is None)


def may_change_measure(text: str, record_text: str) -> bool:
    """Whether a statement giving a unit a new quantity can be of this record's quantity: not when it
    names its own old value and that is not the record's ("holds 1.7 litres now instead of 1" /
    "drinks 2 litres a day"), nor when the two are of different times ("on weekdays" / "on
    Saturdays", "a month" / "a year")."""
    theirs = {v for v, _ in measures(record_text)}
    said_old = set(old_quantities(text))
    if said_old and not said_old & theirs:
        return False
    mine, theirs_when = _schedule(text), _schedule(record_text)
    return not (mine and theirs_when and mine != theirs_when)


_MEASURING_UNITS = frozenset(_UNIT_NAMES.values())


def _measure_moved(i: int, changed_units: dict[int, frozenset[str]], unit_count: dict[str, int], text: str,
                   record_text: str, speaker: str) -> bool:
    """Whether record i's quantity is the one a statement gives anew: a unit only it gives another
    quantity in, at no other time, and of the same thing. A counted thing names itself ("45 goats",
    "25 head"); kilos, euros and kilometres are of anything, so the two must share a word of what is
    measured ("deadlift max is 120 kg" / "130 kg, my new max"; not "I weigh 70 kg" / "the bike is
    down to 8 kg", nor "rent is 900 euros" / "the wedding budget went up to 5,000 euros")."""
    units = [u for u in changed_units.get(i, ()) if unit_count[u] == 1]
    if not units or not may_change_measure(text, record_text):
        return False
    return (any(u not in _MEASURING_UNITS for u in units)
            or bool(_measured(text, speaker) & _measured(record_text, speaker))
            or (any(u in _MASS_UNITS for u in units) and weighing(text) and _weighs(record_text)
                # (one body weighed in the record: "I weigh 80 kg and my husband is 95 kg" is two)
                and _masses(record_text) == 1
                and (whose := _whose_weight(text, speaker)) is not None and whose == _whose_weight(record_text, speaker)))


#: A weight said as what someone or something weighs, with who: "I weigh 70 kg", "Rufus is 30 kg",
#: "Biscuit weighed in at 34.5 kg".
_WEIGHS = re.compile(r"(?:(?<![\w'’-])(?P<who>[\w'’-]+)\s+)?(?:weigh(?:s|ed)?(?:\s+in)?(?:\s+at)?|is|am|was|(?:came|clocked)\s+in\s+at)\s+"
                     r"(?:(?:now|about|around|roughly|just|only|over|under|exactly)\s+)*[$€£]?\d"
                     r"|(?:(?<![\w'’-])(?P<who2>[\w'’-]+)['’](?:s|m))\s+(?:(?:now|about|around|roughly|just|only|over|under)\s+)*\d",
                     re.IGNORECASE)


#: What someone weighed, named after the verb ("weighed the suitcase", "weigh the flour").
_WEIGHED_THING = re.compile(r"\bweigh(?:ed|s|ing)?\s+(?:(?:the|my|our|their|a|an)\s+)?"
                            r"(?P<what>(?!(?:in|at|myself|me|ourselves|us|themself|themselves|about|around|roughly|just|only|over|under|"
                            r"exactly|now|more|less|too|so|and|but|then|nearly|almost|this|that|today|every)\b)[^\W\d_][\w'’-]*)",
                            re.IGNORECASE)


#: A weight said as the weight of someone: "my weight is 80 kg", "Robin's current weight is 80 kg".
_OWN_WEIGHT = re.compile(r"(?:\bmy|\bour|(?<![\w'’-])(?P<owner>[\w-]+)['’]s)\s+(?:current\s+|usual\s+|body\s+)?weight\s+(?:is|was|['’]s)\b",
                         re.IGNORECASE)


#: What `_whose_weight` stands for where a statement gives no weight at all.
_NO_WEIGHT = frozenset({"<no weight>"})


def _weighs(text: str) -> bool:
    return _WEIGHS.search(text) is not None


def _whose_weight(text: str, speaker: str) -> frozenset[str] | None:
    """Whose weight a statement gives: the name said as weighing it ("Rufus was 28.2 kg"), the
    speaker's (empty) when it is "I", the speaker's name or no one ("weighed myself, 92.5 kg"),
    None for someone else ("he", "my son", who may be anyone)."""
    own_weight = _OWN_WEIGHT.search(text)
    if own_weight is not None:  # "my weight is 80 kg", "Robin's current weight is 80 kg"
        owner = own_weight.group("owner")
        return frozenset() if owner is None or _speaker_words(speaker) & set(terms(owner)) else frozenset(terms(owner))
    weighed_thing = _WEIGHED_THING.search(text)
    if weighed_thing is not None:
        what = weighed_thing.group("what")
        if re.search(r"['’]s$", what):
            return None  # "the vet weighed Robin's dog": someone of the speaker's, said by kind
        if what.lower() not in ("him", "her", "it", "them") and not terms(what):
            return None
        if what.lower() in ("him", "her", "it", "them"):
            # "took Max to the vet, they weighed him at 36 kg": the one named before, if any
            named = [n for n in _names_given(text[: weighed_thing.start()], speaker)
                     if not _speaker_words(speaker) & set(terms(n))]
            return frozenset(terms(named[-1])) if len(named) == 1 else None
        return frozenset(terms(what))  # "weighed the suitcase, 23 kg"
    m = _WEIGHS.search(text)
    who = (m.group("who") or m.group("who2") or "") if m is not None else ""
    if m is None:
        # no one said as weighing: the speaker where the reading opens without a subject ("stepped
        # on the scales", "weighed themself", "scales said ..."), else someone or something unsaid
        # ("the new bike comes in at 9 kg", "the luggage scale says 23 kg")
        body = _body(text)
        own = (re.search(r"\b(?:myself|themself|themselves|me)\b", body, re.IGNORECASE)
               or not re.match(r"(?:the\s+(?!scales?\b)|a\s|an\s|my\s|our\s|his\s|her\s|their\s|this\s|that\s|[\w'’-]+['’]s\s)",
                               body, re.IGNORECASE))
        return frozenset() if own else None
    if not who or who.lower() in ("i", "me", "myself") or _speaker_words(speaker) & set(terms(who)):
        return frozenset()
    if who[0].isupper() and who.lower() not in _NOT_VALUES:
        return frozenset(terms(who))
    return None


def _names_given(text: str, speaker: str) -> frozenset[str]:
    return frozenset(v for v in values(text, speaker) if value_kind(v) == "name")


def _named_alike(text: str, record_text: str, speaker: str) -> bool:
    """Whether a name one statement gives as a value the other names in what it measures."""
    return bool(_names_given(text, speaker) & _measured(record_text, speaker)
                or _names_given(record_text, speaker) & _measured(text, speaker))


def _measured(text: str, speaker: str) -> frozenset[str]:
    """What a statement may give a measure of: its frame's words and the names it gives ("my labrador
    Biscuit is 38 kg" measures Biscuit, whom "Biscuit is down to 34.5 kg" names in its frame), but a
    possessor ("Ama's school bag is up to 6 kg" measures the bag, not Ama)."""
    found = _frame_words(text, speaker) | _names_given(text, speaker)
    owners = {t for m in _OWNER.finditer(text) for t in terms(m.group(1))}
    return frozenset(found - owners)


#: A word said as whose something is ("Ama's school bag"), not "Ama's up to 20 kg" (is, has).
_OWNER = re.compile(r"\b([^\W\d_][\w-]*)['’]s\s+(?!\d|(?:up|down|gone|got|been|now|at|just|finally|grown|put|"
                    r"lost|gained|still|about|around|almost|nearly|over|under|back|only|already|a|an|the|not|never|"
                    r"so|too|very|really)\b)", re.IGNORECASE)


def changed_measures(text: str, record_text: str) -> frozenset[str]:
    """The units in which a statement gives a quantity other than the one a record gives in them
    ("down to 25 head now" / "about 40 head of Angus": head)."""
    mine, theirs = measures(text), measures(record_text)
    units = {u for _, u in mine} & {u for _, u in theirs}
    return frozenset(u for u in units if {v for v, w in mine if w == u} - {v for v, w in theirs if w == u})


def value_kind(value: str) -> str:
    """The kind of a value (as `values` gives it): month, weekday, year, time, number or name."""
    if value in _MONTHS:
        return "month"
    if _day_word(value) in _WEEKDAYS:
        return "weekday"
    if re.fullmatch(r"(?:19|20)\d\d", value):
        return "year"
    if re.fullmatch(r"\d{1,2}[:.]\d\d(?:am|pm)?|\d{1,2}(?:am|pm)", value):
        return "time"
    return "number" if any(ch.isdigit() for ch in value) else "name"


def value_kinds(found: frozenset[str]) -> frozenset[str]:
    """The kinds of the values found (`value_kind`)."""
    return frozenset(value_kind(v) for v in found)


def _when_value(value: str) -> bool:
    """A day, a date, a time of the clock or how often: when something is, not what it is."""
    return says_when(value) or value_kind(value) == "time" or _CLOCK_WORD.fullmatch(value) is not None


def says_when(value: str) -> bool:
    """Whether a value (as `values` gives it) is a year, month, weekday, day word or how often."""
    return _WHEN.fullmatch(value) is not None or value.startswith("every:")


def goes_on(text: str) -> bool:
    """Whether the statement says something goes on as it was ("still", "as usual", "as I said")."""
    return _CONTINUES.search(text) is not None
#: "Again, ..." opening a statement says all of it again; elsewhere "again" is its clause's ("eats
#: fish again": back to something, itself a change).
_AGAIN_OPENS = re.compile(r"^(?:[^:]{1,40}:\s+)?(?:once\s+)?again\b", re.IGNORECASE)
_AGAIN = re.compile(r"\bagain\b", re.IGNORECASE)


_STILL = re.compile(r"\bstill\b", re.IGNORECASE)


def still_held(text: str, speaker: str = "") -> frozenset[str]:
    """The names a statement says still hold, in a clause of "still" with no word of change ("the
    surgery has a new GP, Dr Akhtar, though we're still with Dr Bell"): whatever else it says, no
    record of them is changed by it. Not a day or a number: "still on Mondays, but with Marco now"
    keeps the day of "trains with Kasia on Mondays" and changes whom with."""
    if _STILL.search(text) is None:
        return frozenset()
    return frozenset(v for c in _CUE_CLAUSE.split(_body(text)) if _STILL.search(c) and not _STRONG_CUE.search(c)
                     for v in values(c, speaker) if not says_when(v) and not any(ch.isdigit() for ch in v))


def keeps(text: str, record_text: str, speaker: str = "") -> bool:
    """Whether a statement says a value of the record still holds (see `still_held`)."""
    kept_on = still_held(text, speaker)
    return bool(kept_on) and _overlap(kept_on, values(record_text, speaker))


def _cued(text: str) -> bool:
    """A strong change cue, in a statement with no word that it goes on ("still", "as always", "as
    I said"; "again" opening it or in the cue's own clause)."""
    if _STRONG_CUE.search(text) is None or _CONTINUES.search(text) or _AGAIN_OPENS.match(text):
        return False
    return any(_STRONG_CUE.search(c) and not _AGAIN.search(c) for c in _CUE_CLAUSE.split(text))


def says_change(text: str, record_text: str) -> bool:
    """Whether `text` says plainly that what `record_text` states has changed: a strong change cue
    the record lacks (in a clause with no word that it goes on: "still", "as usual", "as I said"),
    or an end ("gave up", "quit", "used to") of what the record does not already say ended. Such a
    statement is never the record said again, however many words they share: a change names what
    it replaces ("window seats instead of aisle seats")."""
    if _STRONG_CUE.search(record_text) is None and _cued(text):
        return True
    if holds_corrected(record_text, corrected(text)):
        return True  # "the class is Tuesdays, not Thursdays" of "the class is on Thursdays"
    return ended(text) is not None and ended(record_text) is None


_CUE_CLAUSE = re.compile(r"[,;:]\s+|(?<!\s)\s+(?:and|but|so|because|though|although)\s+", re.IGNORECASE)

#: Words that say a state, a habit or a tie has ended ("gave up tennis", "quit the choir", "left
#: Stripe", "used to drive a Honda", "is off keto"): what follows them is what ended.
_ENDING = re.compile(
    r"\b(?P<cue>stopped|quit|quitted|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?|dropped\s+out\s+of|dropped|left|"
    r"cancell?ed|ditched|abandoned|retired\s+from|resigned\s+from|decommissioned|sacked(?:\s+off)?|"
    # "we retired the old build server": a thing taken out of use, not the speaker's retirement
    r"retired(?=\s+(?:the|an?|my|our|their|this|that|these|those)\b)|moved\s+(?:out\s+of|away\s+from)|"
    r"broke\s+up\s+with|split\s+up\s+with|got\s+rid\s+of|unsubscribed\s+from|stepped\s+down\s+(?:as|from)|sold|used\s+to|"
    r"ended|closed|shut\s+down|wound\s+down|withdrew\s+from|moved\s+on\s+from|traded\s+in|kicked|"
    r"graduated\s+from|(?:done|finished)\s+with|gave\s+away|finished|completed|"
    # phrasal ends: "came off sertraline", "called off the wedding", "pulled out of the race",
    # "weaned myself off sugar", "packed in the paper round", "pulled the plug on the podcast";
    # their literal senses are read apart below. Not "binned" (the bike, in a crash), "parted
    # ways with" (Sam, at the station) or "jacked in" (the amp), whose other senses cannot be told
    # from their words.
    r"came\s+off(?:\s+of)?|(?:have|has|'ve|’ve)\s+come\s+off(?:\s+of)?|called\s+off|"
    r"(?:pulled|backed|opted|bowed)\s+out\s+of|scrapped|packed\s+(?:it\s+in\s+at|in)|pulled\s+(?:the\s+)?plug\s+on|"
    r"weaned\s+(?:(?:my|our|them|him|her)sel(?:f|ves)\s+|me\s+|us\s+|him\s+|her\s+|them\s+)?off|"
    r"handed\s+in\s+(?:my|his|her|their|our)\s+(?:notice|resignation)\s+(?:at|to)|"
    r"(?:is|are|am|was|were|'s|’s|'m|’m|'re|’re)\s+(?:now\s+)?off|"
    # a thing put where the old one was ("fitted an electronic ignition in place of the points"):
    # the old one is over; not a stand-in for a day ("covering in place of Sam today")
    r"(?<!off\s)(?<!time\s)(?<!leave\s)in\s+(?:place|lieu)\s+of)\s+"
    r"(?P<what>(?:[^,;:.!?]|(?<=\b[A-Z][a-z])\.|(?<=\b[A-Z])\.)+)",  # "St. Mary's": a period that ends no sentence
    re.IGNORECASE,
)
#: Ends that need no object, by what they end: retiring ends working, graduating ends studying.
_LIFE_END = re.compile(r"\b(?P<cue>retired|graduated)\b(?!\s+(?:from|as|the|an?|my|our|their|his|her|its|this|that|"
                       r"these|those|[\w'’]+['’]s)\b)|"
                       # "we broke up last week", "we've parted ways": the speaker's partner, unnamed
                       r"^\W*(?:so\s+|and\s+|well\s+)?(?P<we>we)(?:['’]ve)?\s+(?:(?:have|just|finally|officially)\s+)*"
                       r"(?:broke\s+up|split\s+up|parted\s+ways|called\s+it\s+off)\b", re.IGNORECASE)
_LIFE_ENDS = {"retired": frozenset(t for w in "work works working job employed employee career office shift "
                                   "colleague boss manager".split() for t in terms(w)),
              "graduated": frozenset(t for w in "student studying studies study course degree phd masters "
                                     "undergraduate university uni college school semester year".split()
                                     for t in terms(w)),
              "we": frozenset(t for w in "boyfriend girlfriend partner husband wife fiance fiancee".split()
                              for t in terms(w))}
#: A record of a partner not named as one: "has been seeing Rui", "is dating a nurse".
_COURTING = re.compile(r"\b(?:been|is|are|am|'s|’s|'m|’m|was)\s+(?:seeing|dating|going\s+out\s+with)\b", re.IGNORECASE)
#: What one is doing over months and that finishing ends ("finished the diploma").
_COURSES = frozenset(t for w in "course degree diploma certificate apprenticeship training programme program masters "
                     "phd doctorate internship placement treatment therapy physio rehab chemo contract "
                     "residency".split() for t in terms(w))
_WORK_SLOTS = frozenset({"fact:occupation", "fact:employer", "fact:my job", "fact:job"})
#: A statement that opens with the speaker's end, its subject left out: "sold the Honda", "Quit
#: smoking!!" (after the "<name>: " a record may start with).
_OPENS_WITH_END = re.compile(r"^(?:[^:]{1,40}:\s+)?\W*(?:(?:finally|just|officially|eventually|recently|so|and|well)\s+)?"
                             r"(?:quit|stopped|sold|cancell?ed|gave|left|dropped|ditched|"
                             r"retired|graduated|finished|done|traded|moved|unsubscribed|closed|broke|came\s+off|"
                             r"called\s+off|pulled|backed|opted|bowed|weaned|scrapped|packed)\b",
                             re.IGNORECASE)


def opens_with_end(text: str) -> bool:
    """Whether a statement opens with the speaker's end, its subject left out ("sold the Honda")."""
    return _OPENS_WITH_END.match(text) is not None


#: "we gave Pepper away to my niece", "traded the Corolla in", "sold the bike on": the thing between
#: the verb and its particle (not a place: "sold the bike in town").
_GIVEN_AWAY = re.compile(r"\b(?P<cue>gave|given|traded|sold)\s+(?P<what>(?!away\b|in\b|on\b)(?:[\w'’]+\s+){1,4}?)"
                         r"(?:away|in|on)\b(?!\s+(?:the|a|an|my|our|\d))", re.IGNORECASE)
#: "chidi and i broke up": a partner named in lower case, as people type in chat.
_SPLIT_WITH = re.compile(r"\b(?P<who>[\w'’]+)\s+(?:and|&)\s+(?P<me>[\w'’]+)\s+(?:(?:have|has|had|'ve|’ve|just|finally|"
                         r"officially|recently)\s+)*(?:broke|broken|split)\s+up\b", re.IGNORECASE)
#: Words that stand for the thing the word before them names ("the fasting thing").
_PLACEHOLDERS = frozenset(t for w in "thing things stuff business deal routine one ones".split() for t in terms(w))
#: "no longer teaches piano", "isn't my boss any more": what follows is over.
_NO_LONGER = re.compile(r"\b(?P<cue>no\s+longer)\s+(?P<what>[^,;:.!?]+)", re.IGNORECASE)
#: "no more refereeing for me", opening its clause: read when nothing else in the text is an end.
_NO_MORE = re.compile(r"^\W*(?:so\s+|and\s+)?no\s+more\s+(?!than\b|of\b)(?P<what>[^,;:.!?]+)", re.IGNORECASE)
_NOT_ANY_MORE = re.compile(r"(?P<cue>\bnot|n't|n’t)\s+(?P<what>[^,;:.!?]+?)\s+any\s*more\b", re.IGNORECASE)
#: After "no longer" / "not ... any more": words that carry no doing of their own.
_NOT_A_DOING = frozenset("be is am are was were a an the my our their his her its your this that".split())
#: A named thing that is gone: "Biscuit passed away", "the Loose Teeth broke up".
_GONE = re.compile(r"(?P<who>(?:[A-Z][\w'’]*\s+(?:(?:and|&)\s+(?=[A-Z]))?){1,4}?)(?P<gone>passed\s+away|died|broke\s+up|split\s+up|"
                   r"closed\s+down|shut\s+down|went\s+out\s+of\s+business|folded|put\s+to\s+sleep|"
                   r"(?:has\s+|have\s+|had\s+)?been\s+sold|(?:was|were|got)\s+sold)\b")
#: "our cat passed away", "we had to put our old dog down": one of the speaker's, named by its kind.
_KIND_GONE = re.compile(r"\b(?:my|our)\s+(?P<what>(?:[\w'’-]+\s+){0,2}?[\w'’-]+)\s+(?:passed\s+away|died|was\s+put\s+down|"
                        r"was\s+put\s+to\s+sleep)\b|\bhad\s+to\s+(?:have\s+)?(?:put|let)\s+(?:my|our)\s+"
                        r"(?P<what2>(?:[\w'’-]+\s+){0,2}?[\w'’-]+)\s+(?:down|go|to\s+sleep)\b", re.IGNORECASE)
#: Words of fondness before a pet, no part of what it is: "our old dog", "my poor little cat".
#: Words that say a thing is the one the speaker had ("the old Jenkins box", "my former gym"), which
#: the record of it does not say.
_AGED = frozenset("old former previous existing trusty".split())
_FOND = frozenset("old little poor dear sweet beloved lovely big young baby darling".split())
_PRONOUNS = frozenset("i we he she they you".split())
_AUXILIARIES = frozenset("is are am was were has have had be been do does did 's 're 'm 've".split())
#: Words of manner or time before an end: not who did it.
_MANNER = frozenset("finally sadly recently eventually then just also even already last week month year ago "
                    "yesterday today weekend actually honestly basically officially".split())
#: "let the subscription lapse": the end comes after what ended.
_LAPSED = re.compile(r"\b(?P<cue>let)\s+(?P<what>(?:[\w'’\-]+\s+){1,4}?)(?:lapse|expire|run\s+out|"
                     # "we let Magda go": not "let the kids go to the park"
                     r"go(?!\s+(?:to|and|out|on|for|with|home|into|back|off|ahead|through|round|around|in|up|down|"
                     r"over|of|by|there|here)\b))\b", re.IGNORECASE)
#: Before an end in its clause: it is wanted, planned, tried, denied or supposed, not done.
_NOT_DONE = re.compile(
    r"\b(?:wants?|wanted|wanna|plans?|planning|planned|thinks?|thinking|might|may|should|could|would|will|"
    r"going\s+to|gonna|try|tries|trying|tried|hopes?|hoping|considers?|considering|about\s+to|never|not|"
    r"cannot|if|whether|unless|afraid|refuses?|refused|wish|wishes|can|have\s+to|has\s+to|needs?\s+to|"
    r"shoulda|gotta)\b|n't\b|’ll\b|'ll\b",
    re.IGNORECASE,
)
#: Phrasal ends that close with "off": a break, not an end, when said for a while or a day ("came
#: off Instagram for a week", "called off work today", "called off padel this Friday"); "came off
#: Clenil this week" is over.
_PHRASAL_OFF = re.compile(r"(?:c[ao]me|called|weaned)\b")
_A_BREAK = re.compile(r"\b(?:today|tonight|tomorrow|sick|until|till|for\s+(?:(?:a|the|an?\s+other|a\s+few|few|a\s+couple\s+of|"
                      r"couple\s+of|\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|"
                      r"twenty|thirty)\s+)?(?:day|night|week|weekend|month|bit|while|fortnight|days|nights|weeks|months)|"
                      r"for\s+(?:the\s+)?(?:lent|ramadan|half\s+term|holidays?|christmas|easter|summer|winter)|"
                      r"this\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE)
#: What "came off" a way of going is no end: a bike, a road, a bus, a pitch, a shift, a call.
_CAME_OFF_PLACES = frozenset(t for w in "bike bicycle brompton horse motorway road junction exit bus train tram "
                             "pitch field stage shift phone call line ladder wall roof court air ferry boat board "
                             "bench".split() for t in terms(w))
#: Where "pulled/backed out of" is a car's move: a car park, a drive, a space.
_DRIVEN_OUT_OF = frozenset(t for w in "car park parking carpark driveway drive garage space spot bay junction "
                           "station petrol marina harbour harbor port dock berth mooring slipway".split() for t in terms(w))
#: The phrasal ends above, told from the one-word ones.
_PHRASAL = re.compile(r"(?:c[ao]me|(?:have|has|'ve|’ve)\s+come|called|pulled|backed|opted|bowed|packed|weaned)\b|scrapped")
_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve several few couple".split())
#: Literal senses: "scrapped my knee" (scraped), "pulled the plug on the bath" (drained it).
_BODY = frozenset(t for w in "knee knees elbow shin ankle hand arm leg finger toe knuckle face chin nose head wrist "
                  "shoulder hip back".split() for t in terms(w))
_DRAINED = frozenset(t for w in "bath tub hot sink pool jacuzzi plughole basin".split() for t in terms(w))
#: What one "packs in" before work is fitted in, not given up: a session, a run, a class.
_FITTED_IN = frozenset(t for w in "session workout class lesson run walk swim game match quick hour hours".split()
                       for t in terms(w))
#: A one-off said with its day: "backed out of tonight's book group", "called off Monday's standup".
_ONE_OFF = re.compile(r"\b(?:tonight|today|tomorrow|this\s+\w+|(?:mon|tues|wednes|thurs|fri|satur|sun)day)['’]s\b",
                      re.IGNORECASE)
#: Where one came off something at a place is a way of going ("came off the 18th at Birkdale").
_AT_A_PLACE = re.compile(r"\b(?:at|onto|into)\s+(?:the\s+)?[A-Z]")
_CALLED_OFF_ANIMALS = frozenset(t for w in "dog dogs hound hounds horse".split() for t in terms(w))
#: Out in one round of a game, not out of the game: "bowed out of the quiz in round two".
_IN_A_ROUND = re.compile(r"\bin\s+(?:the\s+)?(?:\w+\s+)?(?:round|half|leg|set|heat|stage)\b", re.IGNORECASE)
#: Said by someone else about the speaker, or denied: "Tom claims I've pulled out of ...".
_HEARSAY = re.compile(r"\b(?:claims?|claimed|reckons?|reckoned|rumou?rs?|apparently|zero\s+chance|no\s+chance|"
                      r"no\s+way)\b", re.IGNORECASE)
#: "nearly quit", "almost pulled out of", "nearly went and pulled out of": an end that did not
#: happen (not "almost a year ago I quit").
_NEARLY = re.compile(r"\b(?:nearly|almost|practically)\s+(?:[\w'’]+\s+){0,2}$", re.IGNORECASE)
#: "is used to the cold", "has gotten used to nights": accustomed, not an end.
_ACCUSTOMED = re.compile(r"\b(?:am|is|are|was|were|be|been|being|get|gets|got|gotten|getting|grown|grew|become|became)"
                         r"\s+$|(?:'s|’s|'m|’m|'re|’re)\s+$", re.IGNORECASE)
#: A word right after the end's verb that makes it a stop or a departure ("stopped at a café",
#: "left early"); after a doing ("used to volunteer at ..."), only the way to its object.
_NOT_AN_END = frozenset("at by in into for to on from with over behind early late after before around about "
                        "here there off out".split())
#: After "left X": for a purpose or a while ("for a conference", "for the weekend"), so X is left to
#: come back to; "left Stripe for Figma" (a name) and "left Leeds for good" are ends.
_AWHILE = re.compile(r"\bfor\s+(?!good\b)[a-z]")
#: "off work today", "off sick": a day off, not an end.
_A_DAY_OFF = re.compile(r"\b(?:today|tonight|tomorrow|this\s+(?:week|weekend|morning|afternoon|evening)|until|till|"
                        r"sick|for\s+the\s+(?:day|night|week|weekend))\b", re.IGNORECASE)
_DETERMINERS = frozenset("the a an my our their his her its your this that these those all any some of "
                         "hers theirs".split())
#: Where the noun phrase of what ended stops.
_PHRASE_END = frozenset("""in into on onto at to for from with by of about after before during since until till when
because while as and but or so than last this next yesterday today tonight tomorrow ago recently earlier lately
now again completely entirely altogether back it early late lol haha tbh honestly though anyway these nowadays""".split())
#: Verbs that only carry their object ("stopped using Vim", "used to go to the gym").
_LIGHT_VERBS = frozenset("use using go going have having do doing get getting take taking".split())
#: "dropped my watch in the pool", "left my keys at the office": put somewhere, not ended.
_PLACED = frozenset("in into on onto at behind under down".split())
_TIMES = frozenset("spring summer autumn fall winter morning afternoon evening night end beginning start middle "
                   "week weekend month year day".split())
#: How long ago an end was ("a few weeks back", "a couple of months ago", "two years ago"): when, not
#: what ended.
_TIME_SPAN = re.compile(r"(?:(?:a|an|the|few|couple|of|several|good|last|\d+|"
                        + "|".join(_NUMBER_WORDS) + r")\s+)*(?:days?|weeks?|months?|years?|while)\s+(?:ago|back)\b")
_END_CLAUSE = re.compile(r"[,;:]\s+|\s+[-\u2013\u2014]+\s+|(?<!\s)\s+(?:and|but|so|because|since|though|although|after|when|while)\s+",
                         re.IGNORECASE)


@dataclass(frozen=True)
class Ended:
    """What a statement says has ended, as stemmed terms: the doing ("eat" of "stopped eating meat",
    "driv" of "used to drive a Honda"; None for "gave up tennis"), the head noun of the thing
    ("meat", "membership" of "cancelled the Riverside gym membership") and the words before it
    ("riversid", "gym")."""

    verb: str | None
    head: str | None
    modifiers: frozenset[str]
    named: frozenset[str] = frozenset()  # a name right after the thing: "Tesco" of "quit my job at Tesco"
    doer: frozenset[str] = frozenset()  # who ended it, when not the speaker: "brother" of "Sam's brother quit"
    of_any: frozenset[str] = frozenset()  # "retired", "graduated" alone: records with any of these words
    proper: frozenset[str] = frozenset()  # the names among the words of what ended ("netflix")


def _placed(cue: str, rest: list[str]) -> bool:
    """After "left X" or "dropped X": a place it was put ("at the office", "in the pool"), not a
    time ("in the spring")."""
    if cue not in ("left", "dropped") or len(rest) < 2 or rest[0] not in _PLACED:
        return False
    nxt = rest[2] if rest[1] in _DETERMINERS and len(rest) > 2 else rest[1]
    return rest[1] in _DETERMINERS and nxt not in _TIMES


_GONE_CLAUSE = re.compile(r"[,;:]\s+|(?<!\s)\s+(?:(?i:and)(?!\s+[A-Z])|(?i:but|so|because|since|though|although|"
                          r"after|when|while))\s+")


def _other_sense(cue: str, words: list[str], what: str, after: str, before: str) -> bool:
    """Whether a phrasal end (_PHRASAL) is said in one of its other senses: a break, a one-off,
    someone else's word, or a literal move ("came off my bike", "pulled out of the car park",
    "scrapped my knee", "pulled the plug on the bath", "packed in a swim before work"). `what` is
    what follows the cue in its clause, `after` that and the rest of the clause, `before` the
    clause before the cue, `words` what follows in lower case."""
    said = frozenset(terms(what))
    if _HEARSAY.search(before):
        return True  # "Tom claims I've pulled out of the hike": his word, not the speaker's
    if _PHRASAL_OFF.match(cue) and _A_BREAK.search(after):
        return True  # "came off Instagram for a week", "called off work today": a break
    if "come off" in cue or "came off" in cue:
        thing = next((w for w in words if w not in _DETERMINERS), "")
        if is_medicine(thing):
            return False  # "came off the sertraline": a medicine stopped, however it is said
        return (words[0] in _DETERMINERS or any(c.isdigit() for c in words[0]) or _AT_A_PLACE.search(after) is not None
                or not _CAME_OFF_PLACES.isdisjoint(said))  # "came off my bike", "the A1 at Stamford", "a night shift"
    if cue == "called off" and not _CALLED_OFF_ANIMALS.isdisjoint(said):
        return True  # "called off the dog before she reached the sheep"
    if cue in ("pulled out of", "backed out of") and not _DRIVEN_OUT_OF.isdisjoint(said):
        return True  # "pulled out of the car park", "backed out of the driveway"
    if (cue.endswith(" out of") or cue == "called off") and (_ONE_OFF.search(what) or _IN_A_ROUND.search(after)):
        return True  # "backed out of tonight's book group": one evening, not the group
    if cue == "scrapped":
        return not _BODY.isdisjoint(said)  # "scrapped my knee": a scrape
    if cue.startswith("pulled") and cue.endswith(" on"):
        return not _DRAINED.isdisjoint(said)  # "pulled the plug on the hot tub": drained it
    if cue.startswith("packed"):
        # "packed in a session before work", "packed in three hours", "packed in the gym early":
        # fitted in, or done for the day
        return (words[0] in ("a", "an") or words[0].isdigit() or words[0] in _NUMBER_WORDS
                or not _FITTED_IN.isdisjoint(said) or re.search(r"\bearly\b", after) is not None
                or _A_BREAK.search(after) is not None)
    return False


@lru_cache(maxsize=65_536)
def ended(text: str, speaker: str = "") -> Ended | None:
    """What `text` says has ended, or None: an end said as done, in a clause of its own that does
    not want, plan, try or deny it ("wants to quit smoking" is no end of smoking)."""
    own = _speaker_words(speaker)
    others: list[Ended] = []  # ends with a doer of their own: read only if the speaker's own is not said
    previous = ""
    for clause in _END_CLAUSE.split(text):
        lead, previous = previous, clause
        for m in (*_ENDING.finditer(clause), *_LAPSED.finditer(clause), *_NO_LONGER.finditer(clause),
                  *_NOT_ANY_MORE.finditer(clause), *_GIVEN_AWAY.finditer(clause)):
            cue = " ".join(m.group("cue").lower().split())
            before = clause[: m.start()]
            if (_NOT_DONE.search(before) or _NEARLY.search(f"{lead} {before}".lstrip())
                    or (cue == "used to" and _ACCUSTOMED.search(before))):
                continue  # ("I nearly went and | pulled out of ...": the clause before says it did not happen)
            what = m.group("what")
            raw = re.findall(r"[\w'’]+", what)
            words = [w.lower() for w in raw]
            acronyms = {i for i, w in enumerate(raw) if len(w) > 1 and w.isupper()}  # "IT", "US": not "it", "us"
            if not words or (m.re is _ENDING and words[0] in _NOT_AN_END):
                continue
            after = what + " " + clause[m.end():]
            if (cue == "left" and _AWHILE.search(what)) or ((cue.endswith("off") or cue.endswith(" with"))
                                                             and not _PHRASAL_OFF.match(cue) and _A_DAY_OFF.search(after)):
                continue  # "left Oslo for a conference", "off work today", "done with work for today": back later
            if cue in ("in place of", "in lieu of") and (_A_DAY_OFF.search(after) or _STAND_IN_PERIOD.search(text)):
                continue  # "Jo is covering in place of Sam this week": a stand-in, Sam is back later
            if _PHRASAL.match(cue) and _other_sense(cue, words, what, after, before):
                continue
            verb, i = None, 0
            negated = m.re is _NO_LONGER or m.re is _NOT_ANY_MORE
            if negated and (words[0] in _NOT_A_DOING or words[0].endswith(("'s", "’s"))):
                pass  # "isn't my boss any more", "no longer a member": the thing alone
            elif cue == "used to" or negated or (words[0].endswith("ing") and len(words[0]) > 4):
                # "stopped using Vim", "used to go to the gym": the thing is what ended
                verb, i = (None if words[0] in _LIGHT_VERBS else next(iter(terms(words[0])), None)), 1
            while i < len(words) and (words[i] in _DETERMINERS or words[i].endswith(("'s", "’s"))
                                      or (i > 0 and words[i] in _NOT_AN_END)):
                i += 1
            phrase: list[str] = []
            while (i < len(words) and (words[i] not in _PHRASE_END or i in acronyms)
                   and not _TIME_SPAN.match(" ".join(words[i:]))):
                phrase.append(words[i])
                i += 1
            if _placed(cue, words[i:]):
                continue
            # "quit my job at St. Mary's", "left the firm with Tesco": the place named after the thing
            named = frozenset()
            if i + 1 < len(words) and words[i] in ("at", "with") and phrase:
                after = re.findall(r"[\w'’]+", what)[i + 1:]
                named = _names(" ".join(after[:4]), speaker)
            # Words of when ("in March", "in the spring", "in 2019") are no part of what ended.
            found = [t for w in phrase if w not in _MONTHS and w not in _WEEKDAYS and w not in _TIMES
                     and w not in _AGED and not w[0].isdigit() for t in terms(w) if t not in own]
            if len(found) > 1 and found[-1] in _PLACEHOLDERS:
                found = found[:-1]  # "not doing the fasting thing anymore": fasting
            if cue in ("finished", "completed") and not (found and found[-1] in _COURSES):
                continue  # "finished the book", "finished my coffee": done once, nothing standing ended
            if verb is None and not found and not named:
                continue
            # ("fitted a new one in place of the points": what comes before is the new thing, not who ended it)
            doer = frozenset() if cue in ("in place of", "in lieu of") else _doer(before, own)
            stop = Ended(verb, found[-1] if found else None, frozenset(found[:-1]), named, doer,
                         proper=_names(what, speaker))
            if not stop.doer:
                return stop
            others.append(stop)
    # "Biscuit passed away", "The Loose Teeth broke up", "Marta and I broke up": a named thing that
    # is over (its clause is not cut at an "and" that joins names)
    for clause in _GONE_CLAUSE.split(text):
        m = _GONE.search(clause)
        if m is None or _NOT_DONE.search(clause[: m.start("gone")]):
            continue
        names = _names(m.group("who"), speaker)
        if names:
            return Ended(None, None, frozenset(), names, frozenset())
    # "I retired at the end of November", "graduated on Friday!!": what they end goes without saying
    for clause in _END_CLAUSE.split(text):
        m = _LIFE_END.search(clause)
        if m is not None and not _NOT_DONE.search(clause[: m.start()]) and not _doer(clause[: m.start()], own):
            return Ended(None, None, frozenset(), frozenset(), frozenset(),
                         _LIFE_ENDS["we" if m.group("we") else m.group("cue").lower()])
    for clause in _GONE_CLAUSE.split(text):
        m = _KIND_GONE.search(clause)
        if m is not None and not _NOT_DONE.search(clause[: m.start()]):
            what = m.group("what") or m.group("what2")
            found = [t for w in what.lower().split() if w not in _FOND for t in terms(w) if t not in own]
            if found and not re.search(r"['’]s\b", what):  # not "my neighbour's cat"
                return Ended(None, found[-1], frozenset(found[:-1]), frozenset(), frozenset())
    m = _SPLIT_WITH.search(text)
    if (m is not None and not _NOT_DONE.search(text[: m.start()])
            and (m.group("me").lower() in ("i", "me") or m.group("me").lower() in own)):
        who = m.group("who").lower()
        if who not in _PRONOUNS and who not in _NOT_VALUES and who not in _DETERMINERS and who not in _speaker_words(speaker):
            return Ended(None, None, frozenset(), frozenset({who}), frozenset())  # the relationship with them
    for clause in re.split(r"[,;:.!?]\s*|\s[-\u2013\u2014]\s", text):
        m = _NO_MORE.match(clause)
        if m is not None:
            words = [w.lower() for w in re.findall(r"[\w'’]+", m.group("what"))]
            doing = words[0].endswith("ing") and len(words[0]) > 4
            found = [t for w in _phrase(words[1 if doing else 0:]) if w not in _DETERMINERS and w not in _TIMES for t in terms(w) if t not in own]
            verb = next(iter(terms(words[0])), None) if doing else None
            if verb is not None or found:
                return Ended(verb, found[-1] if found else None, frozenset(found[:-1]), frozenset(), frozenset())
    return others[0] if others else None


def _phrase(words: list[str]) -> list[str]:
    """The words of a noun phrase, up to the first word that ends one (`_PHRASE_END`)."""
    out = []
    for w in words:
        if w in _PHRASE_END:
            break
        out.append(w)
    return out


def _names(words: str, speaker: str) -> frozenset[str]:
    """The names among `words` (values of three letters or more), not dates or numbers; "it" goes
    first so that a name opening them is not taken for a capitalised sentence start."""
    return frozenset(v for v in values("it " + words, speaker)
                     if len(v) >= 3 and not v[0].isdigit() and v not in _MONTHS and v not in _WEEKDAYS)


def _doer(before: str, own: frozenset[str]) -> frozenset[str]:
    """Who did the ending, when not the speaker: the words of its subject ("buddy", "dev" of "Sam's
    buddy Dev quit ..."), read back from the verb to the speaker's name, a personal pronoun or the
    clause's start; words of manner or time and auxiliaries are not its subject."""
    found: list[str] = []
    for word in reversed(re.findall(r"[\w'’]+", before)):
        low = word.lower()
        base = re.sub(r"(?:'s|’s)$", "", low)
        if re.sub(r"(?:['’](?:ve|re|m|d|ll|s))$", "", low) in _PRONOUNS or base in own:
            break  # "I", "we've": the speaker
        if low in _AUXILIARIES or low in _MANNER or low.endswith("ly") or low in _MONTHS or low in _WEEKDAYS:
            continue
        found.extend(terms(word))
    return frozenset(found)


#: A clause that opens with the speaker as its subject ("and I've been moved out of the double",
#: "Noor has left the choir"), after a joiner.
_OPENS_WITH_SUBJECT = re.compile(r"^\W*(?:(?:and|so|but|then)\s+)?(?P<who>[\w'’]+?)(?:['’](?:ve|m|d|s))?\s", re.IGNORECASE)


def _own_end_clause(text: str, speaker: str) -> bool:
    """Whether a clause of the statement says the speaker's own end with the speaker as its subject
    ("Coach shuffled the crews and I've been moved out of the double"): the statement is of the
    speaker too, whoever its first clause is about."""
    own = _speaker_words(speaker) | {"i", "we"}
    for clause in _END_CLAUSE.split(text):
        m = _OPENS_WITH_SUBJECT.match(clause)
        if m is None or m.group("who").lower() not in own:
            continue
        stop = ended(clause, speaker)
        if stop is not None and not stop.doer:
            return True
    return False


def _ends_by_name(stop: Ended, record_text: str, speaker: str) -> bool:
    """Whether an end names its thing by a name the record holds ("sold the Honda" / "has a Honda
    CBR"): a name pins the record however little else the two sentences share."""
    names = stop.named | ({stop.head} if stop.head else set())
    return _overlap(frozenset(names), values(record_text, speaker))


def _pinned(words: frozenset[str], i: int, records: Sequence) -> bool:
    """Whether the words an end names its thing by are in record i and in no other of the
    speaker's records: then they pin it, however little else the two sentences share ("gave up the
    allotment" / "rents an allotment plot and grows veg there")."""
    if not words or not all(has_term(term_set(records[i].text), w) for w in words):
        return False
    return not any(j != i and all(has_term(term_set(r.text), w) for w in words) for j, r in enumerate(records))


def has_term(record_terms: list[str], term: str) -> bool:
    """The term, or a word of its family the small stemmer leaves apart ("swimm" of "swimming" and
    "swim" of "swims"; "member" / "membership"; "subscrib" / "subscription": six letters shared)."""
    plain = _undoubled(term)
    return any(t == term or (min(len(t), len(term)) >= 4 and (t.startswith(term) or term.startswith(t)))
               or len(os.path.commonprefix([t, term])) >= 6 or _undoubled(t) == plain for t in record_terms)


def _undoubled(stem: str) -> str:
    """A stem without the consonant an -ing or -ed doubled ("runn" of "running" -> "run", "shopp" ->
    "shop"); "ll", "ss" and the like end words of their own ("call", "pass")."""
    if len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "aeioulsfz":
        return stem[:-1]
    return stem


def ends(stop: Ended, record_text: str, speaker: str = "") -> bool:
    """Whether an end is of what the record states: the record holds the end's doing and the head
    noun of its thing, with most of the words before that noun ("cancelled the Hulu subscription"
    ends no "Netflix subscription"), and does not say that it ended itself."""
    if ended(record_text, speaker) is not None:
        return False
    have = terms(record_text)
    if not all(has_term(have, w) for w in stop.doer):
        return False  # "Sam's buddy Dev quit the chess club" ends no membership of Sam's
    if stop.of_any:
        return any(t in stop.of_any for t in have) or (stop.of_any == _LIFE_ENDS["we"]
                                                       and _COURTING.search(record_text) is not None)
    if stop.verb is None and stop.head is None:  # a named thing gone: "Biscuit passed away"
        # (a record typed in lower case names it so: "is dating chidi")
        return _overlap(stop.named, values(record_text, speaker)) or \
            any(re.search(rf"(?<![\w'’]){re.escape(n)}(?![\w'’])", record_text) for n in stop.named)
    if stop.verb is not None and not has_term(have, stop.verb):
        return False
    if stop.named and _overlap(stop.named, values(record_text, speaker)):
        return True
    if stop.head is not None:
        if (stop.head in _GROUPS or stop.head in _COURSES) and stop.modifiers:
            # "left the netball team" ends "plays netball", "completed the physio programme" ends "goes
            # to physio": a group or a course is known by what it does
            return all(has_term(have, m) for m in stop.modifiers)
        if stop.head in _TIES and stop.modifiers and has_term(have, stop.head) and not (
                stop.proper - values(record_text, speaker)):
            return True  # "cancelled my gym membership" / "has had a membership there two years"
        if stop.head in _TIES and stop.modifiers:
            # "cancelled my CrossFit membership" ends "goes to CrossFit": the tie is to the name
            # before it ("my gym membership" names nothing: it ends no "gym buddy")
            names = list(values(record_text, speaker))
            return any(has_term(names, m) for m in stop.modifiers) and \
                2 * sum(has_term(have, m) for m in stop.modifiers) >= len(stop.modifiers)
        if not has_term(have, stop.head) and not (stop.head in _WORKPLACE and any(has_term(have, w) for w in _WORKPLACE)):
            return False  # "doesn't cycle to work any more" ends "cycles to the office"
        if 2 * sum(has_term(have, m) for m in stop.modifiers) < len(stop.modifiers):
            return False
    return True


#: Where someone goes to work, however they name it.
_WORKPLACE = frozenset(t for w in "work office workplace job".split() for t in terms(w))
#: Nouns of a tie to something ("membership", "subscription", "account"): what ends is the tie to
#: the words before them.
_TIES = frozenset(t for w in "membership subscription account contract lease plan enrollment enrolment registration "
                  "tenancy policy pass".split() for t in terms(w))


#: Nouns of a group one does something in ("the netball team", "the Punjabi lessons"): what ends is
#: doing what the words before them name.
_GROUPS = frozenset(t for w in "team club class classes lesson lessons choir band group league squad crew "
                    "society orchestra shift shifts session sessions pill pills tablet tablets meds medication "
                    "medicine prescription".split() for t in terms(w))


def thing_words(stop: Ended) -> frozenset[str]:
    """The words an end names its thing by: a group's by what it does, else its head noun."""
    if (stop.head in _GROUPS or stop.head in _COURSES) and stop.modifiers:
        return stop.modifiers
    if stop.head in _WORKPLACE and stop.verb:
        return frozenset({stop.verb})  # "doesn't cycle to work": the cycling, wherever work is said to be
    return frozenset({stop.head}) if stop.head else frozenset()


def doing_words(stop: Ended) -> frozenset[str]:
    """The doing an end names when it names no thing ("no longer drives in": driv): it pins the one
    record of the speaker's that holds it, as a thing's name does."""
    return frozenset({stop.verb}) if stop.verb and not stop.head else frozenset()


#: A record typed as an event that tells of something still going on ("has been seeing Declan for
#: six months", "is training for the half"): an end can be of it.
_ONGOING = re.compile(r"\b(?:has|have|'s|’s|'ve|’ve)\s+been\s+[a-z]+ing\b|"
                      r"\b(?:is|are|am|'s|’s|'re|’re|'m|’m)\s+(?:currently\s+|still\s+)?[a-z]+ing\b", re.IGNORECASE)


def can_end(rec) -> bool:
    """Whether an end can be of this record: a standing one, or an event still going on (past
    events are never ended)."""
    return rec.kind != "temporary_instruction" and (rec.kind != "episode" or _ONGOING.search(rec.text or "") is not None)


#: A change wished, planned, tried or weighed, not made: it updates nothing.
_GOAL_FORM = (r"\b(?:goal|target|aim|ambition|dream|resolution)\s+(?:for\s+[\w\s]{1,20}?\s+)?(?:is|was|['’]s)\s+"
              r"(?:now\s+)?(?:to|getting|reaching|hitting)\b"
              # "my target weight is 82kg", "goal pace is 5:30"
              r"|\b(?:target|goal|ideal|dream)\s+[\w-]+\s+(?:is|was|['’]s)\b")
_GOAL = re.compile(_GOAL_FORM, re.IGNORECASE)
def _goal(text: str) -> bool:
    """The statement is a goal: its first clause says one ("my goal is to ...")."""
    first = _CLAUSE_SPLIT.split(text, maxsplit=1)[0]
    return _GOAL.search(first) is not None


_CLAUSE_SPLIT = re.compile(r"[,;]\s+")
_WISHED = re.compile(
    r"\b(?:(?:hop(?:e|es|ing)|plan(?:s|ning|ned)?|wants?|wanted|(?:would|'d|’d)\s+(?:like|love)|trying|tries|tried|"
    r"intend(?:s|ing)?|wish(?:es|ing)?|about|aims?|aiming)\s+to|(?:thinking|dreaming)\s+(?:of|about)|"
    r"considering|might|debating\s+whether)\b"
    # a condition: "if I got promoted I'd be on 2,800", "what if we moved to Ghent"
    r"|\b(?:if|what\s+if|suppose|supposing)\b[^;.!?]*?(?:\b(?:would|could)\b|['’]d\b)|^(?:[^:]{1,40}:\s+)?what\s+if\b",
    re.IGNORECASE)


def additive(text: str) -> bool:
    return _ADDITIVE.search(text) is not None


#: Anchors that say only when or how often ("at night", "on weekday mornings", "never"): two things
#: done at one time of day, or never, are not one thing ("must never drive at night" / "must never
#: walk home alone at night").
_WHEN_ANCHORS = frozenset(t[:5] for w in """night nights nighttime tonight morning mornings evening evenings afternoon
afternoons weekend weekends weekday weekdays weeknight weeknights daily weekly monthly never always often usually
sometimes ever""".split() for t in terms(w))


@lru_cache(maxsize=65_536)
def anchors(text: str, speaker: str = "") -> frozenset[str]:
    """Distinctive words that pin what a statement is about: its values, and its content terms of
    five letters or more (stemmed), without the speaker's name."""
    # (as terms, stemmed as the text's are: "Wendeline" is the term "wendelin")
    own = {t for w in _speaker_words(speaker) for t in (w, *terms(w))}
    long_terms = {t[:5] for t in terms(text) if len(t) >= 4 and t not in own and t not in STOP_WORDS}
    return frozenset(long_terms | {v for v in values(text, speaker)})


# -- the decider ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Relation:
    """How a new statement relates to one record."""

    memory_id: str
    similarity: float
    verdict: str  # "same" | "update"


class Meaning:
    """Embeddings and the kind classifier, for the deciders of one runtime.

    `embedder` is called for the embedder when first needed (loading the model costs seconds). The
    classifier is trained once per embedder in a process and shared."""

    name = DECIDER

    def __init__(self, embedder: Callable[[], object]):
        self._embedder = embedder

    def vectors(self, texts: Sequence[str]) -> np.ndarray:
        return self._embedder().embed(list(texts))

    @property
    def classifier(self) -> KindClassifier:
        return classifier_for(self._embedder())

    def kinds(self, texts: Sequence[str]) -> list[dict[str, float]]:
        return self.classifier.probabilities(self.vectors(texts)) if texts else []


_classifiers: dict[int, tuple[object, KindClassifier]] = {}
_classifiers_lock = threading.Lock()


def classifier_for(embedder) -> KindClassifier:
    """One trained classifier per embedder object in a process (training embeds ~1,000 sentences)."""
    with _classifiers_lock:
        held = _classifiers.get(id(embedder))
        if held is None or held[0] is not embedder:
            held = _classifiers[id(embedder)] = (embedder, KindClassifier(embedder.embed, cache_key=model_key(embedder)))
        return held[1]


# -- relations between a new statement and the records -----------------------------------------------

def _unmatched(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether some value of `a` matches none of `b`."""
    return any(not _overlap(frozenset([x]), b) for x in a)


def _overlap(a: frozenset[str], b: frozenset[str]) -> bool:
    """Shared values, counting a value that starts another ("go" / "golang", "cell" / "cellist"), and
    an hour said alone as that hour of the clock ("till 7" / "7am", "at 4" / "4pm")."""
    for x in a:
        for y in b:
            short, long_ = (x, y) if len(x) <= len(y) else (y, x)
            if x == y or (len(short) >= 2 and long_.startswith(short) and not short.isdigit()):
                return True
            if short.isdigit() and long_.endswith(":00") and long_[:-3].isdigit() and int(long_[:-3]) in (
                    int(short), int(short) + 12):
                return True
    return False


def _doing(text: str, speaker: str) -> frozenset[str]:
    """The anchor of the verb right after the speaker's name ("Robin sings tenor ..." -> sing): what
    the speaker does, which two statements share however different the things they do it to ("sings
    tenor in a barbershop quartet" / "sings bass in the church choir")."""
    if not speaker:
        return frozenset()
    m = re.match(r"(?:[^:]{1,40}:\s+)?" + re.escape(speaker) + r"\s+(?:(?:also|still|now|often|usually|always)\s+)?([a-z]+)",
                 text, re.IGNORECASE)
    if m is None or len(m.group(1)) < 4:
        return frozenset()
    return frozenset(t[:5] for t in terms(m.group(1)))


#: The label a rule is put under ("The main thing, and this one is a dealbreaker: ...", "House rule:
#: ..."): two rules under one label are two rules.
_RULE_LABEL = re.compile(r"^(?:[^:]{1,40}:\s+)?(?P<label>[^:]{0,80}?\b(?:rules?|policy|limit|red\s+lines?|non-?negotiables?|"
                         r"deal-?breakers?)\b[^:]{0,40}?):\s+(?=\S)", re.IGNORECASE)


def _without_rule_label(text: str) -> str:
    m = _RULE_LABEL.match(text)
    return text if m is None else text[:m.start("label")] + text[m.end():]


def _label_anchors(text: str, speaker: str) -> frozenset[str]:
    """The anchors of the label a rule is put under, which say nothing of what the rule is."""
    m = _RULE_LABEL.match(text)
    return frozenset() if m is None else anchors(m.group("label"), speaker)


#: A thing named by letters and a number ("the u14 squad", "the M6", "U-12", "the u12s"), and an age
#: written with its letters ("a 3yo labrador").
_NUMBERED_WORD = re.compile(r"\b([a-z]{1,3})-?(\d{1,3})s?\b", re.IGNORECASE)
_AGE_WORD = re.compile(r"(?<![\w.,:/£$€-])(\d+)(?:yo|y/o|yrs?)\b", re.IGNORECASE)


@lru_cache(maxsize=65_536)
def _numbered_words(text: str) -> frozenset[tuple[str, str]]:
    """(letters, number) of each thing a text names by letters and a number."""
    return frozenset((m.group(1).lower(), m.group(2)) for m in _NUMBERED_WORD.finditer(text))


def other_numbered(a: str, b: str) -> bool:
    """Each names a thing by letters and a number the other numbers otherwise ("the u14 squad" /
    "the u16 squad", "the M6" / "the M25"): two things, however alike the rest."""
    mine = _numbered_words(a)
    if not mine:
        return False
    theirs = _numbered_words(b)
    letters = {x for x, _ in mine} & {x for x, _ in theirs}
    return any(not ({p for p in mine if p[0] == x} & {p for p in theirs if p[0] == x}) for x in letters)


def _number_written_in(value: str, text: str) -> bool:
    """Whether a number a statement gives is written in a text inside a word that no value reading
    takes whole (`_NUMBERED_WORD`, `_AGE_WORD`): "under 12" of "coaches the u12 girls", "3 years
    old" of "a 3yo labrador"; not "the 47X" for "47 minutes", nor "a 4x4" for "4 days"."""
    return value.isdigit() and (any(n == value for _, n in _numbered_words(text))
                                or any(m.group(1) == value for m in _AGE_WORD.finditer(text)))


def other_values(text: str, record_text: str, speaker: str = "") -> bool:
    """Each statement holds a value (a name, a number, a date) that the other lacks: "vegan for ten
    years" / "for five years", "locker 41" / "locker 14". However alike the rest, not one said twice."""
    mine, theirs = _comparable(values(text, speaker), values(record_text, speaker))
    return bool(mine and theirs and _unmatched(mine, theirs) and _unmatched(theirs, mine))


#: What a statement ranks above what ("coffee over tea", "rather cycle than drive", "tea to coffee"
#: after a preferring verb, "trains instead of flying"): the word that sets the two apart.
_RANKED = re.compile(r"\b(?:over|rather\s+than|instead\s+of|more\s+than|better\s+than|sooner\s+than|than|to)\b",
                     re.IGNORECASE)
_RANKING_WORD = re.compile(r"\b(?:prefer\w*|rather|sooner|favou?r\w*|pick\w*|choos\w*|go\s+for)\b", re.IGNORECASE)
_RANKED_SIDE = 3  # content words on each side that name what is ranked


@lru_cache(maxsize=65_536)
def _ranked(text: str, speaker: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]] | None:
    """(what is put first, what after, the rest of the statement's content terms) of a statement that
    ranks one thing above another in one clause, or None. A bare "than" or "to" ranks only after a
    word of preferring ("would rather X than Y", "prefers X to Y"); "over", "instead of" and "more
    than" rank alone. Each side is the few words next to the ranking word, up to a word that opens
    another phrase ("tea over coffee in the mornings": tea, coffee)."""
    own = _speaker_words(speaker)
    for clause in _CUE_CLAUSE.split(text):
        for m in _RANKED.finditer(clause):
            before = clause[:m.start()]
            lead = None
            for lead in _RANKING_WORD.finditer(before):
                pass
            if m.group().lower() in ("than", "to") and lead is None:
                continue
            if lead is not None:
                before = before[lead.end():]
            first = _side(list(reversed(_WORDS.findall(before))), own)
            after = _side(_WORDS.findall(clause[m.end():]), own)
            if first and after:
                rest = frozenset(terms(text)) - own - first - after - _GENERIC_RANKING - frozenset(
                    terms(lead.group() if lead is not None else "")) - frozenset(terms(m.group()))
                return first, after, rest
    return None


def _side(words: list[str], own: frozenset[str]) -> frozenset[str]:
    """The content terms of the first few words, up to one that opens another phrase."""
    out: set[str] = set()
    taken = 0
    for w in words:
        low = w.lower()
        if low in _SIDE_SKIP:
            continue
        if low in _SIDE_ENDS or taken == _RANKED_SIDE:
            break
        taken += 1
        out.update(t for t in terms(w) if t not in own and t not in _GENERIC_RANKING)
    return frozenset(out)


_SIDE_SKIP = frozenset("the a an my our some any i i'd i'll i'm we we'd".split())
_SIDE_ENDS = frozenset("""in at on after before for with during when while because if from by of than over
    these this that now these days usually always generally and or but so""".split())


_GENERIC_RANKING = frozenset(t for w in "prefer prefers preferred would really much far definitely".split() for t in terms(w))


def ranks_the_other_way(text: str, record_text: str, speaker: str = "") -> bool:
    """Whether a statement ranks two things the other way round from a record ("prefers coffee over
    tea" / "prefers tea over coffee", "would rather cycle than take the bus" / "would rather take the
    bus than cycle"), in the same frame otherwise (its other words among the record's, or theirs
    among its): the same words, a changed preference."""
    a, b = _ranked(text, speaker), _ranked(record_text, speaker)
    if a is None or b is None:
        return False
    # a word on both sides of one ranking names neither ("the night shift over the day shift")
    first_a, after_a, rest_a = a[0] - a[1], a[1] - a[0], a[2]
    first_b, after_b, rest_b = b[0] - b[1], b[1] - b[0], b[2]
    return bool(first_a & after_b and after_a & first_b and (rest_a <= rest_b or rest_b <= rest_a))


#: A statement that denies or refuses what it names ("doesn't eat fish", "can't have dairy",
#: "avoids gluten", "no longer drives", "gave up sugar").
_DENIES = re.compile(r"\b(?:not|never|no\s+longer|cannot|avoid\w*|gave\s+up|given\s+up|quit|stopped)\b|n['’]t\b",
                     re.IGNORECASE)


@lru_cache(maxsize=65_536)
def denies(text: str) -> bool:
    """Whether a statement denies, refuses or ends what it names."""
    return _DENIES.search(text) is not None


#: Words of taking a doing up again that name nothing done ("I've started eating meat again",
#: "I can have dairy again", "I'm back to drinking coffee").
_TAKING_UP = frozenset(t for w in """again back start started starting began begun resume resumed resuming now finally
    properly can could able allowed have has having do does am is are ve m ll good news so well yes guess""".split()
                       for t in terms(w))


#: Words a denial adds that say nothing of what is denied ("I don't eat meat at all", "not really").
_DENIAL_WORDS = frozenset(t for w in """not never no longer any anymore more all really actually honestly at
    do does don't doesn't didn't can can't cannot won't isn't aren't am is are fluent fluently""".split() for t in terms(w))


_KIN_ALIKE = {**KIN_SYNONYMS, "puppy": "dog", "kitten": "cat"}


@lru_cache(maxsize=65_536)
def _kin_words(text: str) -> frozenset[str]:
    found = (w.lower().rstrip("s") if w.lower().rstrip("s") in RELATIONS else w.lower() for w in _WORDS.findall(text))
    return frozenset(_KIN_ALIKE.get(w, w) for w in found if w in RELATIONS)


def _other_kin(text: str, record_text: str) -> bool:
    """Each statement names kin, a pet or a person of a role, none the same ("a cat" / "a dog")."""
    a, b = _kin_words(text), _kin_words(record_text)
    return bool(a and b and not a & b)


def _denies_the_same(text: str, record_text: str, speaker: str) -> bool:
    """Whether one statement denies just what the other says: the same content words but for
    words of denying ("at all", "any more"), and no value either has that the other lacks ("I don't eat meat" / "eats meat"; not "doesn't
    drink coffee after 3pm" / "drinks coffee", which says when)."""
    mine, theirs = values(text, speaker), values(record_text, speaker)
    if _unmatched(mine, theirs) or _unmatched(theirs, mine):
        return False
    own = frozenset(terms(speaker))
    a, b = _content(text, speaker) - _DENIAL_WORDS - own, _content(record_text, speaker) - _DENIAL_WORDS - own
    return bool(a) and a == b


@lru_cache(maxsize=65_536)
def resumed(text: str, speaker: str = "") -> frozenset[str]:
    """What the speaker says they do again, in a clause saying "again" that denies nothing ("I eat
    fish again", "good news, I can have dairy again"): its content terms, or none."""
    own = _speaker_words(speaker) | _OWN_WORDS
    for clause in _CUE_CLAUSE.split(text):
        if _AGAIN.search(clause) is None or denies(clause):
            continue
        # what is done again is said before "again" ("I drive again since the operation": driving)
        before = clause[:_AGAIN.search(clause).start()]
        found = frozenset(t for t in terms(before) if t not in own and t not in _TAKING_UP)
        if found:
            return found
    return frozenset()


_VEGETARIAN_LEAVES_OUT = """meat fish chicken beef pork lamb bacon ham turkey steak seafood shellfish prawns sausage
sausages burger burgers duck salmon tuna mince"""
_VEGAN_LEAVES_OUT = _VEGETARIAN_LEAVES_OUT + " dairy cheese milk egg eggs butter honey yoghurt yogurt cream"
#: A diet said by its name denies what it leaves out: eating one of those again ends it ("I eat fish
#: again" of "is vegetarian", "having cheese again" of "went vegan").
_DIET_LEAVES_OUT: dict[str, frozenset[str]] = {
    terms(label)[0]: frozenset(terms(foods)) for label, foods in (
        ("vegetarian", _VEGETARIAN_LEAVES_OUT), ("veggie", _VEGETARIAN_LEAVES_OUT),
        ("pescatarian", "meat chicken beef pork lamb bacon ham turkey steak sausage sausages burger burgers duck mince"),
        ("vegan", _VEGAN_LEAVES_OUT), ("teetotal", "alcohol wine beer booze cider spirits drink drinking"))}


def _diet_resumed(again: frozenset[str], record_text: str) -> bool:
    """Whether what is done again is left out by a diet the record names and does not deny."""
    if denies(record_text):
        return False
    said = set(terms(record_text))
    return any(label in said and again & left_out for label, left_out in _DIET_LEAVES_OUT.items())


def resumes(text: str, record_text: str, speaker: str = "") -> bool:
    """Whether a statement takes up again what a record denies or says ended ("I eat fish again" of
    "doesn't eat fish", "I'm drinking coffee again" of "gave up coffee"): all it names again is
    named in the record. A diet named ("vegetarian") denies what it leaves out."""
    again = resumed(text, speaker)
    if again and _diet_resumed(again, record_text):
        return True
    if not again or not denies(record_text):
        return False
    theirs = sorted(terms(record_text))
    if _LIST_AFTER.search(record_text) and any(
            has_term(sorted(terms(m.group("before"))), t) for t in again for m in _LIST_AFTER.finditer(record_text)):
        return False  # "doesn't eat fish or shellfish": fish again leaves the shellfish denied
    missing = [t for t in again if not has_term(theirs, t)]
    # "gave up red meat" names what ended without the doing: "eating red meat again" takes it up
    return not missing or (len(missing) == 1 and len(again) >= 2 and _GAVE_UP.search(record_text) is not None)


#: A thing named with another beside it in a list ("fish or shellfish", "nuts, eggs and dairy").
_LIST_AFTER = re.compile(r"(?P<before>[\w'’-]+)(?:\s*,\s*|\s+(?:or|and|nor)\s+)(?!(?:I|we|he|she|they|it)\b)[\w'’-]+",
                         re.IGNORECASE)
_GAVE_UP = re.compile(r"\b(?:gave\s+up|given\s+up|quit|stopped|cut\s+out)\b", re.IGNORECASE)

_WE = re.compile(r"^(?:we|our)\b", re.IGNORECASE)
#: Right after the speaker's name: a verb of theirs ("the account Sam opened", "where Sam plays").
_SPEAKER_DOES = re.compile(r"^\s+(?:is|was|has|had|does|did|will|would|can|could|used|[a-z]{2,}ed|[a-z]{2,}[^s]s)\b")


#: A statement that opens with the speaker's doing, its subject left out ("Living in a flat in
#: Leeds", "Sold the Civic to a man in Hull"): what follows it, names and all, is not its subject.
_SUBJECTLESS_OPENING = re.compile(r"^(?:(?:just|finally|still|currently|recently)\s+)?(?:(?i:" + "|".join(sorted(_SUBJECTLESS))
                                  + r")|(?!(?:Noth|Someth|Anyth|Everyth|Morn|Even|Dur|Wedd|Build|Meet|Spr|K|R|Th|Str|W|Ceil|Pudd|Sibl|Darl)ing\b)"
                                  r"[A-Z][a-z]+ing)\s+(?!is\b|are\b|was\b|were\b|has\b|makes\b|keeps\b)")


#: A name leading a record ("Dana: ...", "Mary-Jane O'Neil: ..."): one to three capitalised words.
_NAME_LEAD = re.compile(r"(?-i:[A-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*){0,2}")


@lru_cache(maxsize=65_536)
def mentions(text: str, speaker: str) -> bool:
    """Whether a record is told of `speaker`: records name their speaker ("Sam: ...", "Sam's ...",
    "Put Sam by the aisle"), and the first person a record names is the one it is about."""
    lead = re.match(r"^([^:]{1,40}):\s", text)
    if lead:
        said_by = lead.group(1).strip()
        if said_by == speaker or _NAME_LEAD.fullmatch(said_by):
            return said_by == speaker
        if re.fullmatch(r"(?:a\s+)?(?:quick\s+)?(?:reminder|note|memo|to-?do)s?\s+(?:for|to)\s+" + re.escape(speaker), said_by,
                        re.IGNORECASE):
            return True  # "Reminder for Sam: dentist tuesday at 3pm": a note the speaker labelled as their own
        # a label the speaker put first ("For the café rota: ...", "Budget stuff: ..."), not a name:
        # the statement after it is read as any other
        text = text[lead.end():]
    if _WE.match(text):
        return True  # "We get a veg box delivered": the speaker's household, the speaker among them
    # a name typed in lower case ("jay") is capitalised where a record's sentence starts with it
    own = re.search(r"(?<![\w])(?:" + re.escape(speaker) + "|" + re.escape(speaker[:1].upper() + speaker[1:]) + r")(?![\w])",
                    text)
    if own is None:
        return False
    if _SUBJECTLESS_OPENING.match(text):
        return True  # "Living in a flat in Leeds, ... the only reason Priya puts up with it": the speaker's
    role = _filled_role(text, speaker)
    if role is not None and role.group("role").lower().startswith((speaker.lower() + "'s ", speaker.lower() + "’s ")):
        return True  # "Dr Lowe is Sam's dentist": of Sam's dentist (a role one person holds), so Sam's
    for m in _CAPITALISED.finditer(text[: own.start()]):
        word = _norm_value(m.group())
        if m.start() > 0 and word not in _NOT_VALUES and word not in _MONTHS and word not in _WEEKDAYS:
            # another name comes first: the record is about them, unless it tells of a thing of the
            # speaker's ("we go to Casa Lola: it's Sam's favourite place"; not "Ana is Sam's sister")
            things = (p.group(1).lower() for p in re.finditer(re.escape(speaker) + r"['’]s\s+([a-z]+)", text))
            return any(t not in RELATIONS and t.rstrip("s") not in RELATIONS for t in things) or \
                _SPEAKER_DOES.search(text[own.start() + len(speaker):]) is not None
    return True


_CLAUSE_BREAK = re.compile(r";\s+|,\s+(?:so|but|and|because|since|though|although)\s+|\s+(?:but|because)\s+|:\s+"
                           # ", she's relaxed about it": a comma, then a pronoun starting a clause of its own
                           r"|,\s+(?=(?:he|she|they|it|we|i)(?:'s|’s|'re|’re|'m|’m|'ve|’ve|'d|’d)?\s)",
                           re.IGNORECASE)


def clauses(text: str) -> list[str]:
    """The clauses of a statement with three words or more (joined by "; ", ", so", "but", ...)."""
    return [c.strip() for c in _CLAUSE_BREAK.split(text) if len(re.findall(r"\w+", c)) >= 3]


_NOW_THAT = re.compile(r"\bnow\s+that\s+(?P<given>[^,;.!?]+)", re.IGNORECASE)
#: A move taken as given, and the place moved to, up to where the main clause starts.
_MOVE_GIVEN = re.compile(r"\b(?:since|after)\s+(?:(?:(?:the|our|my)\s+)?move|moving|(?:I|we)\s+moved)\s+to\s+"
                         r"(?P<place>(?-i:[A-Z][\w'’-]*)(?:\s+(?:upon\s+|on\s+)?"
                         r"(?!(?-i:I|We|My|Our|The|It|He|She|They|You)\b)(?-i:[A-Z][\w'’-]*)){0,2})", re.IGNORECASE)


def given_clause(text: str) -> list[str]:
    """The new state a statement takes as given, where it says one ("now that Sam is at Deloitte Sam
    has a longer commute" -> "Sam is at Deloitte"): the clause a change cue of that kind is of."""
    moved = _MOVE_GIVEN.search(text)
    if moved is not None:
        return ["moved to " + moved.group("place").strip()]  # "since the move to Edinburgh": moved there
    m = _NOW_THAT.search(text)
    if m is None:
        return []
    words = m.group("given").split()
    subject = re.sub(r"['’].*$", "", words[0]).lower() if words else ""
    # the main clause starts where its subject does again ("... Sam has", "... I've got")
    end = next((i for i, w in enumerate(words) if i >= 2 and re.sub(r"['’].*$", "", w).lower() in (subject, "i", "we")),
               len(words))
    given = " ".join(words[:end])
    return [given] if len(words[:end]) >= 3 else []


def comma_clauses(text: str) -> list[str]:
    """`clauses`, each cut again at its commas where every piece keeps three words ("rent is 55 a
    year, the council wrote last week"): where a value is compared, a frame said beside an event."""
    out: list[str] = []
    for c in clauses(text):
        pieces = [p.strip() for p in re.split(r",(?!\d)", c)]  # not "36,000"
        out.extend(pieces if len(pieces) > 1 and all(len(re.findall(r"\w+", p)) >= 3 for p in pieces) else [c])
    return out


@lru_cache(maxsize=65_536)
def single_statement(text: str, max_words: int = 32) -> bool:
    """A statement (or two said together), not a turn's long narrative: the unit that can repeat
    or update another. A narrative says many things; one shared theme does not make it the same
    memory as another, nor a new value of it."""
    return text.count("; ") <= 1 and len(re.findall(r"\w+", text)) <= max_words


def _family(kind: str) -> str:
    """A preference (what someone likes) and a statement of how things are (a fact, a rule, a
    decision, an event, however the rules typed it) are never one attribute: "lives in Lisbon now"
    gives no new value to "prefers Python examples"."""
    return "preference" if kind == "preference" else "state"


def mask_may_be_read(text: str, kind: str) -> bool:
    """Whether relate may read this statement's masked form, as the new statement or later as a
    record: what warm-up embeds ahead (a guess that only a cache rests on; a miss is embedded when
    asked). Temporary instructions and narratives are never compared; a preference or an episode
    only takes an update with a change cue."""
    if kind == "temporary_instruction" or not single_statement(text):
        return False
    if kind not in ("preference", "episode"):
        return True
    cue = change_cue(text)
    return not additive(text) and (cue == "strong" or (cue == "weak" and kind != "episode"))


#: Masked cosine at which two statements are one sentence frame with another value: an update
#: whatever kinds the classifier gave them (an event is read beside a state otherwise).
FRAME_SIMILARITY = 0.85
#: Cosine (whole, masked or one clause) at which a statement giving a quantity of a unit anew, with a
#: word of change, is of the record that gave that unit another quantity: of one topic.
MEASURE_SIMILARITY = 0.4
#: The same, where the word of change is only "now" or "new" ("Pickle is 5.4 kg now"): closer, since
#: those words also say what is new to the story ("the new phone plan is 25 dollars a month").
MEASURE_WEAK_SIMILARITY = 0.6
#: Cosine (whole or masked) at which a thing said to be changed to a new value ("swapped phone
#: contract to kestrel mobile") is of the record whose subject names that thing ("phone contract is
#: with tellio"): of one topic, as a measure of one unit is.
SUBJECT_CHANGED_SIMILARITY = MEASURE_SIMILARITY
#: How much closer they must read when the statement names the thing it moved and the record does
#: not ("raised our target to ..." / "the amount we agreed is ...").
UNNAMED_MARGIN = 0.05
#: How much closer than `update_weak_cue_similarity` a "now" statement and a record must read, values
#: masked, when they share no word of their frame.
WEAK_CUE_UNSHARED_MARGIN = 0.15


#: Not words of a frame: units, which say how a value is counted, not of what, and the words that
#: bring a name in, whatever is named.
_NOT_FRAME_TERMS = frozenset(terms(
    "day days week weeks month months year years hour hours minute minutes mins second seconds night nights "
    "pound pounds euro euros dollar dollars quid bucks cent cents pence percent per time times "
    "kilo kilos kg gram grams mile miles km kilometre kilometres metre metres litre litres "
    "called named name"))


_CLOCK_TIME = re.compile(r"\d{1,2}(?:[:.]\d\d)?(?:am|pm)|\d{1,2}[:.]\d\d")
_HOUR = re.compile(_CLOCK_TIME.pattern + r"|(?:1[0-2]|[1-9])")


def _when_said_anew(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Whether every value a statement has and a record lacks is a weekday or a clock time, and the
    record has one of each such sort the statement lacks ("Thursdays at 5:15" / "Tuesdays at 4:30")."""
    new, old = mine - theirs, theirs - mine
    if not new:
        return False
    # ("Mondays at 7": beside a weekday, a bare hour is a time)
    sorts = (_WEEKDAY, _HOUR if any(_WEEKDAY.fullmatch(v) for v in mine | theirs) else _CLOCK_TIME)
    for v in new:
        sort = next((rx for rx in sorts if rx.fullmatch(v)), None)
        if sort is None or not any(sort.fullmatch(w) for w in old):
            return False
    return True


def _shared_frame(text: str, rec_text: str, speaker: str, holder_terms: frozenset[str]) -> frozenset[str]:
    """The words of their frame two statements share, less whose they are (the holder)."""
    return (_frame_words(text, speaker) & _frame_words(rec_text, speaker)) - holder_terms


@lru_cache(maxsize=65_536)
def _frame_words(text: str, speaker: str) -> frozenset[str]:
    """A statement's words but its values, numbers and cue words: what it says a value of."""
    skip = set(terms(speaker)) | set(terms("something")) | _NOT_FRAME_TERMS  # the name, the mask's word
    return frozenset(t for t in terms(mask(text, speaker))
                     if t not in skip and not any(c.isdigit() for c in t) and not _WEAK_CUE.fullmatch(t))


#: A statement of how things were, not are: a past copula or a past period.
_PAST_FRAME = re.compile(r"\b(?:was|were|used\s+to|had\s+been|last\s+(?:year|month|week|season|term|time)|years?\s+ago|"
                         r"back\s+then|in\s+(?:19|20)\d\d|when\s+\w+\s+(?:was|were))\b", re.IGNORECASE)
#: How much closer than `update_similarity` two statements without a cue and without a word of
#: their frame in common must read, values masked, for a new value to update the old.
UNSHARED_FRAME_MARGIN = 0.1
#: How alike a correction and the record it corrects must read, beyond naming the old value: of one
#: topic ("the class is Tuesdays, not Thursdays" is not of "bins go out on Thursdays").
CORRECTION_SIMILARITY = 0.35


def _corrects(text: str, speaker: str, wrong: frozenset[str], mine_values: frozenset[str], records: Sequence,
              sims) -> Relation | None:
    """The record a correction corrects: it states the value the correction says is `wrong`, not the
    one it gives, and is of its topic. The closest such record; None when there is none."""
    right = frozenset(v for v in mine_values if _day_word(v) not in wrong and v not in wrong)
    # whose value it is: read from the part that says the correction ("got that wrong, sorry -
    # Zoe's teacher is Mr Kowalczyk, not Abernathy")
    said = next((p for p in re.split(r"\s[-–—]\s|[;:]\s", text) if _CORRECTED.search(p)), text)
    # "it's a 2011, not a 2009, I checked the plate": of what was said last, whatever else it says
    deictic = re.match(r"^(?:[^:]{1,40}:\s+)?(?:\w+,?\s+){0,2}?(?:it|that)(?:['’]?s|\s+is|\s+was)\b", said,
                       re.IGNORECASE) is not None
    # what the two are about: a word they share beyond the values and the speaker's name
    own = {t for w in _speaker_words(speaker) for t in terms(w)}
    topic = {t for t in terms(text) if t not in STOP_WORDS and t not in own and _day_word(t) not in wrong
             and not any(ch.isdigit() for ch in t) and t not in _WEEKDAYS}
    best: Relation | None = None
    for i, r in enumerate(records):
        sim = float(sims[i])
        # A narrative is corrected in the one statement that holds the value (engine.statements).
        if sim < CORRECTION_SIMILARITY or "; " in r.text or not holds_corrected(r.text, wrong):
            continue
        theirs = values(r.text, speaker)
        if right and not _unmatched(right, theirs):
            continue  # it says the right value already
        if topic and not deictic and not (topic & set(terms(r.text))):
            continue  # "pottery is on Mondays, not Thursdays" corrects nothing of the recycling day
        if (holder(said, speaker) ^ holder(r.text, speaker)) & (RELATIONS | _PROVIDERS):
            # "I live in York, not Leeds" corrects nothing of where a brother lives, "the vet
            # appointment is Monday, not Friday" nothing of the dentist's
            continue
        if best is None or sim > best.similarity:
            best = Relation(r.memory_id, sim, "update")
    return best


#: A correction that names the wrong value only as what was said: "it's locker 32, not the number I
#: gave you", "I told you the wrong day, it's Friday", "got the time wrong, it's 7:30".
_WRONG_AS_SAID = re.compile(
    # (as said, or as a record tells it: "not number Fenella told you")
    r"\bnot\s+(?:what\s+|(?:the\s+)?(?:[\w'’-]+\s+){0,2}?)(?:I|we|(?-i:[A-Z])[\w'’-]*)\s+"
    r"(?:told\s+you|said|gave(?:\s+you)?|mentioned|wrote|put)\b"
    r"|\b(?:I|we|(?-i:[A-Z])[\w'’-]*)\s+(?:gave|told)\s+you\s+(?:the\s+)?wrong\s+\w+"
    r"|\bgot\s+(?:the\s+|my\s+|our\s+|(?-i:[A-Z])[\w'’-]*['’]s\s+)?\w+\s+wrong\b", re.IGNORECASE)


_LABELLED_NUMBER = re.compile(r"\b([a-z][\w'’-]+)\s+(?:no\.?\s+|number\s+|#)?\d", re.IGNORECASE)


def _labels(text: str) -> frozenset[str]:
    """The words right before a number ("locker" of "locker 32", "unit" of "unit no. 6")."""
    return frozenset(m.group(1).lower() for m in _LABELLED_NUMBER.finditer(text)) - STOP_WORDS - {"is", "was", "at", "to"}


def corrects_unnamed(text: str) -> bool:
    """Whether a statement corrects a value it names only as what was said (see _WRONG_AS_SAID)."""
    return _WRONG_AS_SAID.search(text) is not None


def _corrects_unnamed(text: str, speaker: str, mine_values: frozenset[str], records: Sequence, sims) -> Relation | None:
    """The record such a correction corrects: the closest single statement of the speaker's own
    that holds a value of the same kind as the one given, not that one, and shares a word of what
    it is about ("unit 16" corrects "unit 6 at the Leather Works")."""
    own = {t for w in _speaker_words(speaker) for t in terms(w)}
    topic = {t for t in terms(_WRONG_AS_SAID.sub(" ", text)) if t not in STOP_WORDS and t not in own
             and not any(ch.isdigit() for ch in t)} - frozenset(terms("wrong told said gave correction sorry actually"))
    kinds = value_kinds(mine_values)
    mine_holder = holder(text, speaker)
    best: Relation | None = None
    for i, r in enumerate(records):
        sim = float(sims[i])
        # the same label before the two numbers ("unit 16" / "unit 6") says what is corrected,
        # however little else the two sentences share
        labelled = bool(_labels(text) & _labels(r.text))
        if ((sim < CORRECTION_SIMILARITY and not labelled) or "; " in r.text
                or (mine_holder ^ holder(r.text, speaker)) & (RELATIONS | _PROVIDERS)):
            continue  # (of another person's thing: "my brother's locker ...")
        theirs = values(r.text, speaker)
        if not (value_kinds(theirs) & kinds) or not _unmatched(theirs, mine_values) or not (topic & set(terms(r.text))):
            continue
        if best is None or sim > best.similarity:
            best = Relation(r.memory_id, sim, "update")
    return best


#: A clause that asks something for the moment: a request, or a time of now ("so a long run today
#: please", "give me an easy run for tonight", "can you price the worktops today?").
_FOR_NOW = re.compile(r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|right\s+now|please|pls|"
                      r"(?:can|could|would)\s+(?:you|we)|give\s+me)\b|\?", re.IGNORECASE)
#: Where a statement's clauses part: a comma, a semicolon or a dash, and "so" / "but" ("still on
#: for the half in October, so a long run today please").
_FOR_NOW_BREAK = re.compile(r"\s*(?:[,;]|\s[-\u2013\u2014])\s*(?:(?:so|and|but|then)\s+)?|\s+(?:so|but)\s+", re.IGNORECASE)


def said_again(text: str) -> tuple[str, str] | None:
    """(the clause of a statement that says something goes on, the rest), when each other clause
    asks something for now: "Still on for the Leeds half in October, so a long run today please"
    says a record again ("still on for the Leeds half in October"), and what the rest asks is for
    the moment. Both keep the statement's "Name: " lead. None otherwise."""
    if not goes_on(text):
        return None
    lead = _SAID_BY.match(text)
    body = text[lead.end():] if lead else text
    parts = [p for p in _FOR_NOW_BREAK.split(body) if p and p.strip()]
    going = [p for p in parts if goes_on(p)]
    rest = [p for p in parts if not goes_on(p)]
    if len(going) != 1 or not rest or not all(_FOR_NOW.search(p) for p in rest):
        return None
    lead_text = lead.group() if lead else ""
    return lead_text + going[0].strip(), lead_text + ", ".join(p.strip() for p in rest)


def relate(meaning: Meaning, text: str, kind: str, speaker: str, records: Sequence, settings,
           day=None) -> list[Relation]:
    """How a new statement relates to the speaker's records: "same" (one memory, said again) or
    "update" (same attribute of the same holder, a new value). Records are MemoryRecord-like
    (memory_id, text, kind, happened_at). Best first; at most one "same" and one "update"."""
    if not single_statement(text):
        return []
    # An anchor pins a statement only when it is rare in the speaker's memory: a word many of their
    # records share ("dance" for a dancer) is their frame, not what one record is about.
    df: dict[str, int] = {}
    for r in records:
        for a in anchors(r.text, speaker):
            df[a] = df.get(a, 0) + 1
    records = [r for r in records if single_statement(r.text) and not another_thing(text, r.text, speaker)]
    if not records:
        return []
    v = meaning.vectors([text])[0]
    mat = meaning.vectors([r.text for r in records])
    sims = mat @ v
    mine_values = values(text, speaker)
    wrong = corrected(text, speaker)
    if wrong:
        fixed = _corrects(text, speaker, wrong, mine_values, records, sims)
        if fixed is not None:
            return [fixed]
        # A narrative holding a value said to be wrong is not said again by the correction: its
        # statement that holds it is corrected one statement at a time.
        keep = [i for i, r in enumerate(records) if "; " not in r.text or not holds_corrected(r.text, wrong)]
        records, sims = [records[i] for i in keep], sims[keep]
        if not records:
            return []
    if mine_values and corrects_unnamed(text):
        fixed = _corrects_unnamed(text, speaker, mine_values, records, sims)
        if fixed is not None:
            return [fixed]
    mine_holder = holder(text, speaker)
    mine_anchors = anchors(text, speaker)
    # someone taking on a role of the speaker's says a change, as a word of change would
    # ("Mrs. Osei is managing me now": a role taken is a change, whatever "now" says besides)
    cue = change_cue(text)
    if cue != "strong" and takes_role(text, speaker):
        cue = "strong"
    changing = _cued(text)  # a change cue, and no word that it goes on: checked per record below
    told_now = _told_as_now(text)
    stop = ended(text, speaker)
    moving = moved_thing(text, speaker) if cue == "strong" else frozenset()
    # a goal is no value yet: "my goal is to deadlift 100 kg" leaves "weighs 74 kg" as it was (when
    # the statement is the goal: "switched gyms, my goal is to train there daily" is a change)
    wished = _WISHED.search(text) is not None or _goal(text)
    passing = _FOR_A_WHILE.search(text) is not None
    former = _FORMER.search(text) is not None
    # in the clause that says the change: "swapped Fibrelink for Corvanet, the install guy came this
    # morning" changes the provider for good
    one_occasion = _FROM_NOW_ON.search(text) is None and any(
        (_STRONG_CUE.search(c) and _ONE_OCCASION.search(c)) or (_STAND_IN.search(c) and _STAND_IN_PERIOD.search(c))
        for c in _CUE_CLAUSE.split(text))
    adds = additive(text)
    weighed = weighing(text)
    same: list[Relation] = []
    updates: list[Relation] = []
    their_anchors = [anchors(r.text, speaker) for r in records]
    rare = frozenset(a for a in mine_anchors if df.get(a, 0) <= 1)
    # Whose the statement is: its holder, or the holder of a thing someone changed in it; an end
    # said without a subject is the speaker's ("gave the roomba away, the dog hated it").
    mine_holders = [mine_holder] + [h for h in (changed_holder(text, speaker),) if h is not None and h != mine_holder]
    if not mine_holder and len(mine_holders) > 1 and all(_kin(w) is not None or _someone(w, speaker, records)
                                                         for w in mine_holders[1]):
        # "I moved my son's lesson to Thursdays", "I moved Leo's swimming lesson": the speaker did
        # it, and it is of the son, of Leo, not of them
        mine_holders = mine_holders[1:]
    unsaid = _unsaid_whose(text, speaker) if not mine_holder else None
    if unsaid is not None:
        # "Pocket money is 7 euros a week each now" of "the kids' pocket money is 5 euros": a thing
        # of whomever the record says it is
        # (a thing someone has at a time, "Jonah's got training on Tuesdays", only when the statement
        # moves it to another time: "judo is in the sports hall", "ballet is getting expensive" say
        # more of it, and "bridge club moved into a new hall" leaves its day)
        moves_when = cue == "strong" and any(_when_value(v) for v in mine_values)
        mine_holders.extend({holder(r.text, speaker) for r in records
                             if ((t := _thing_named(r.text, speaker)) is not None
                                 or (moves_when and (t := _thing_had(r.text, speaker)) is not None
                                     and any(_when_value(v) for v in values(r.text, speaker))))
                             and t[1] == unsaid[1]
                             and not another_thing(text, r.text, speaker)} - {mine_holder})
    # whose weight the statement gives, where it gives one (None: someone unsaid; NO_WEIGHT: none)
    my_weight = (_whose_weight(text, speaker) if (weighed or _weighs(text)) and _masses(text) else _NO_WEIGHT)
    body = my_weight if weighed else None
    if body:
        # "weigh-in at the vet today: Rufus was 28.2 kg": of whomever the records weigh Rufus of
        mine_holders.extend({holder(r.text, speaker) for r in records if _whose_weight(r.text, speaker) == body}
                            - {mine_holder})
    if (not mine_holder or mine_holder <= _SERVING) and _moves_it(text):
        # "the clinic rang and moved it to Monday", "the landlord put it up": what "it" is was said
        # before, of whomever it is
        mine_holders.extend({holder(r.text, speaker) for r in records} - {mine_holder})
    moved_names = frozenset(v for v in mine_values if set(terms(v)) & moving)
    if moving and moving <= frozenset(t for v in moved_names for t in terms(v)):
        mine_holders.append(moved_names)  # "we moved Ana to Riverside Montessori": the statement is of Ana
    if stop is not None and mine_holder and (_OPENS_WITH_END.match(text) or mine_holder <= stop.modifiers | {stop.head}
                                             or _own_end_clause(text, speaker)):
        # the speaker's end, said without a subject, or with what ended read as its holder ("has
        # left the netball team")
        mine_holders.append(frozenset())
    # "he" / "she" can be told of one person only: of the one the records hold, when they hold one
    # ("my son Leo ..." and "my nephew Arlo ..." leave "He's moved up" to no one)
    others = {h for h in (holder(r.text, speaker) for r in records) if h}
    pronoun_of = next(iter(others)) if len(others) == 1 else None
    masked_needed = [i for i, r in enumerate(records)
                     if (any(_one_holder(text, h, r.text, holder(r.text, speaker), speaker, pronoun_of)
                             for h in mine_holders)
                         # "Our team standup is at 9:15" / "my manager moved the daily standup to 10:30":
                         # the record's holder word only says which of the speaker's things was moved
                         or (frozenset() in mine_holders and _modifies(holder(r.text, speaker), r.text, moving))
                         # "Mapfre put the premium up to 365" / "home insurance with Mapfre costs 320": a
                         # name the record ties the speaker's thing to acted on it
                         or (cue == "strong" and mine_holder and not holder(r.text, speaker)
                             and mine_holder <= values(r.text, speaker)))
                     and sims[i] >= 0.25]
    waiting: list[tuple[int, frozenset[str], bool, float]] = []  # what only an update rule can decide
    unnamed: set[int] = set()  # records a moved thing is not named in: only a changed measure may update them
    said_numbers = old_quantities(text)
    if stop is not None and stop.verb is None and stop.head is None:
        # "Biscuit passed away": the named thing is the statement's subject, not a holder of its own
        # (a name pins the record however little else the two sentences share, as in _ends_by_name)
        # An end is of a doing or a thing, however the record was typed ("quit vaping" / "vapes most
        # evenings" read as a preference); retiring ends the record of an occupation or employer.
        updates.extend(Relation(r.memory_id, float(sims[i]), "update") for i, r in enumerate(records)
                       if can_end(r) and sims[i] >= 0.25
                       and (ends(stop, r.text, speaker)
                            or (stop.of_any == _LIFE_ENDS["retired"] and getattr(r, "slot", None) in _WORK_SLOTS)))
    my_role = _role_words(text, speaker)
    thing = changed_thing(text) if cue == "strong" else None
    period_dates = next_period_dates(text) if thing is not None else frozenset()
    my_contacts = contact_values(text).keys()
    my_kin = _shared_role(text, speaker)
    for i in masked_needed:
        rec = records[i]
        sim = float(sims[i])
        their_role = _role_words(rec.text, speaker)
        if my_role is not None and their_role is not None and my_role != their_role:
            continue  # "Noor is my swim coach" / "Kai is my tennis coach": two roles, two people
        if (my_weight is not _NO_WEIGHT and _masses(rec.text)
                and my_weight != (theirs_whose := _whose_weight(rec.text, speaker))
                and (my_weight is not None or theirs_whose is not None)):
            continue  # "I weigh 70 kg" / "Mochi weighed in at 5 kg", "weighed the suitcase, 23 kg": two weights
        their_kin = _shared_role(rec.text, speaker)
        if my_kin and their_kin and my_kin[0] == their_kin[0] and my_kin[1] != their_kin[1]:
            continue  # "Hannah is my sister too" / "Clara is my sister": two sisters, neither said again
        flipped = denies(text) != denies(rec.text)
        if flipped and _denies_the_same(text, rec.text, speaker) and _family(kind) == _family(rec.kind):
            # "I don't eat meat" of "eats meat", "I'm not a morning person" of "is a morning person":
            # the same thing denied, or a denial taken back
            updates.append(Relation(rec.memory_id, sim, "update"))
            continue
        if (rec.kind != "episode" or _GAVE_UP.search(rec.text)) and resumes(text, rec.text, speaker):
            # "I eat fish again" of "doesn't eat fish": what the record denied is done again
            updates.append(Relation(rec.memory_id, sim, "update"))
            continue
        if ranks_the_other_way(text, rec.text, speaker):
            # "I prefer coffee over tea now" of "prefers tea over coffee": the same words, a new ranking
            updates.append(Relation(rec.memory_id, sim, "update"))
            continue
        theirs = values(rec.text, speaker)
        # a value each has that the other lacks: a changed name or number, though a word of the
        # name stays ("Lozells Medical Centre" / "Handsworth Wood Medical Practice")
        # (how often conflicts only with how often: "change from the Victoria line to the Central"
        # gives "take the Victoria line every day" no new frequency)
        mine_cmp, theirs_cmp = _comparable(mine_values, theirs)
        conflict = bool(mine_cmp and theirs_cmp and _unmatched(mine_cmp, theirs_cmp) and _unmatched(theirs_cmp, mine_cmp))
        other_day = (kind == "episode" and rec.kind == "episode" and _day(rec) is not None and day is not None
                     and _day(rec) != day)
        if (stop is not None and can_end(rec)
                and (sim >= settings.update_cue_similarity or _ends_by_name(stop, rec.text, speaker)
                     or _pinned(thing_words(stop) or doing_words(stop), i, records))
                and ends(stop, rec.text, speaker)):
            # "Gave up tennis" ends "plays tennis every weekend": no new value, the old one is over.
            updates.append(Relation(rec.memory_id, sim, "update"))
            continue
        if other_day and cue != "strong":
            continue  # the same thing on another day happened again: a habit, not a repeat or an update
        # (a reading of one body, of a record that weighs one: "I weigh 80 kg and my husband is 95 kg" is two)
        weighed_here = weighed and _masses(rec.text) == 1
        if kind == "episode" and rec.kind == "constraint" and cue != "strong" and stop is None and not weighed_here:
            # "book me on the 8:10 train tomorrow" beside "from now on, book me on the 7:10": one
            # occasion, said without a word of change, leaves a standing rule as it was
            continue
        # An event and a standing fact are two memories (episodic and semantic), however alike.
        filler = (other_filler(_without_rule_label(text), _without_rule_label(rec.text), speaker)
                  or ((kind == "episode") != (rec.kind == "episode"))
                  # "I also have a cat named Pixel" / "a dog named Pixel": kin or pets named apart
                  or _other_kin(text, rec.text))
        # A statement that names something the record does not (a name, a number, a date) adds to it:
        # merging would lose that.
        adds_value = any(not _overlap(frozenset([x]), theirs) and not _number_written_in(x, rec.text)
                         for x in mine_values)
        # ("the u14 squad" / "the u16 squad": two things, however alike the rest)
        filler = filler or adds_value or other_numbered(text, rec.text)
        changed = ((changing and _STRONG_CUE.search(rec.text) is None) or (told_now and _swapped_now(text, rec.text, speaker))
                   or (stop is not None and ended(rec.text, speaker) is None)  # an end is no repeat
                   or (wished and _WISHED.search(rec.text) is None))  # nor is wanting a change
        if sim >= settings.same_similarity and not conflict and not other_day and not filler and not changed:
            same.append(Relation(rec.memory_id, sim, "same"))
            continue
        if sim >= settings.same_anchor_similarity and not conflict and not other_day and not filler and not changed:
            # (the name of whom both are about says whom, not what: "Bart fixes old bikes in his
            # shed" is not "my cousin Bart owes me 200 quid" said again)
            both_of = {w for n in _whom(text, speaker) & _whom(rec.text, speaker)
                       for w in (n, n[:5], *(t[:5] for t in terms(n)))}
            if ((rare & their_anchors[i]) - _doing(text, speaker) - _doing(rec.text, speaker)
                    - _label_anchors(text, speaker) - _label_anchors(rec.text, speaker) - _WHEN_ANCHORS - both_of
                    or _overlap((rare & mine_values) - both_of, theirs)):
                same.append(Relation(rec.memory_id, sim, "same"))
                continue
        if adds:
            continue
        if _family(kind) != _family(rec.kind):
            continue  # "lives in Lisbon now" gives no new value to "prefers Python examples"
        # The update rules below are the only readers of the masked similarity: a record none of
        # them can take is decided without embedding anything more.
        if not (cue == "strong" or (conflict and "preference" not in (kind, rec.kind))):
            continue
        if stop is not None and not (mine_values - theirs) and not ends(stop, rec.text, speaker):
            continue  # "doesn't drink coffee any more" ends coffee, not the green tea of another record
        if moving and not any(has_term(terms(rec.text), t) for t in moving):
            if not changed_measures(text, rec.text):
                continue  # "moved the wedding to June" gives no new value to where someone lives
            # "our target was raised to 36,000 euros" / "the amount we agreed is 30,000 euros": the
            # thing moved may be named in other words; only a measure changed can tell (read closer)
            unnamed.add(i)
        if moving and _another_part_of_day(text, moving, rec.text):
            continue  # "my evening spin class has been moved" is not the morning one
        if thing is not None and not _thing_may_be_of(thing, rec.text, mine_values - theirs - period_dates):
            continue  # "our office has moved, we're at 31 Hatton Road now" is not of the home address
        their_contacts = contact_values(rec.text).keys()
        if my_contacts & their_contacts and of_another_place(text, rec.text):
            continue  # "new office address is 1 Dock Street" gives the home address no new value
        if my_contacts and their_contacts and not my_contacts & their_contacts:
            continue  # an email address gives a phone number no new value, however alike the frames
        if former and cue != "strong" and _FORMER.search(rec.text) is None:
            continue  # "my old address, 12 Quarry Lane, still gets post": of the old one, not a new value
        if passing and stop is None:
            continue  # "this week only the class is on Thursday": for a while, whatever cue said it
        if cue == "strong" and (one_occasion and stop is None and rec.kind != "episode"):
            # a change for a while, or of one occasion of a standing habit ("my train this morning
            # was delayed to 8:05"): the record holds. An end is one whenever it was ("yesterday").
            continue
        if (cue is None and conflict and all(any(c.isdigit() for c in v) for v in mine_values ^ theirs) and not weighed_here
                and other_filler(mask(text, speaker), mask(rec.text, speaker), speaker)):
            # two numbers in one frame with another word each, and no word of change ("wakes at 6am
            # on weekdays" / "on weekends ... at 9am", "road bike runs 25mm tyres" / "gravel bike ...
            # 40mm"): two attributes, not a new value
            continue
        if said_numbers and not said_numbers & theirs and any(any(c.isdigit() for c in v) for v in theirs):
            # "the new bottle holds 1.5 litres now instead of 1": the old value it names is 1, so a
            # record of 3 litres is not the one it changes
            continue
        waiting.append((i, theirs, conflict, sim))
    masked_sims: dict[int, float] = {}
    clause_sims: dict[int, float] = {}
    if waiting:
        mv = meaning.vectors([mask(text, speaker)] + [mask(records[i].text, speaker) for i, *_ in waiting])
        for j, (i, *_) in enumerate(waiting):
            masked_sims[i] = float(mv[j + 1] @ mv[0])
        if cue == "strong":
            # A change is often said in one clause of a longer sentence ("the committee had no slot,
            # so the defense got moved to April 2"): the clauses that say it are compared too, where
            # neither the whole statement nor its masked form reaches the bar.
            need = [i for i, theirs, _, sim in waiting
                    if ((mine_values - theirs) or masked_sims[i] >= settings.update_cue_similarity + 0.1)
                    and max(sim, masked_sims[i]) < settings.update_cue_similarity]
            if need:
                cv = meaning.vectors((clauses(text) or [text]) + given_clause(text))
                for i in need:
                    rv = meaning.vectors(clauses(records[i].text) or [records[i].text])
                    clause_sims[i] = float((rv @ cv.T).max())
        elif cue is None:
            # Without a cue the new value is said in one clause too ("my team lead is <name>, and he
            # wants ..."): that clause, values masked, is compared with the record's clauses.
            need = [i for i, _, conflict, _ in waiting
                    if conflict and masked_sims[i] < max(settings.update_similarity, FRAME_SIMILARITY)]
            masked_clauses = comma_clauses(mask(text, speaker)) if need else []
            if len(masked_clauses) > 1:
                cv = meaning.vectors(masked_clauses)
                for i in need:
                    theirs_masked = mask(records[i].text, speaker)
                    rv = meaning.vectors(clauses(theirs_masked) or [theirs_masked])
                    clause_sims[i] = float((rv @ cv.T).max())
    target = switched_to(text, speaker) if cue == "strong" else frozenset()
    # "switched car insurer to harborline": a new value, of the record whose subject is that thing
    typed_thing, typed_to = changed_to(text, speaker) if cue == "strong" and not target else (frozenset(), frozenset())
    # ("switched the wifi to my phone hotspot for the weekend while the router's down": for a while)
    for_a_while = bool(typed_to) and (passing or _STAND_IN_PERIOD.search(text) is not None
                                      or _ONLY_THIS.search(text) is not None)
    # "switched from Fitbox to Kraftwerk": the old value named, in the record, the new one not
    m_from = _FROM_TO.search(text) if cue == "strong" else None
    said_old = frozenset(v for v in mine_values
                         if m_from is not None and v in {_norm_value(w) for w in m_from.group("old").split()})
    # (a name: numbers, times and days are shared by chance, as with "walks the dog at 7am")
    from_old = frozenset(v for v in said_old if not any(c.isdigit() for c in v) and not says_when(v))
    # A quantity of one unit said anew, with a word of change: of the one record that gives that unit
    # another quantity ("down to 25 head now" / "about 40 head of Angus"), where two of them would
    # leave it unclear which changed.
    changed_units = ({i: changed_measures(text, records[i].text) for i, *_ in waiting
                      if cue is not None or quantity_cue(text) or _masses(records[i].text) == 1}
                     if cue is not None or quantity_cue(text) or weighed else {})
    unit_count: dict[str, int] = {}
    for units in changed_units.values():
        for u in units:
            unit_count[u] = unit_count.get(u, 0) + 1
    # "Pia's lessons are Thursdays at 5:15 now" of "Pia has violin lessons Tuesdays at 4:30 in the
    # hall on Birch Lane": a day or a time said anew of the one record of the holder whose frame
    # shares a word with it, however little else the two read alike
    by_frame: dict[str, int] = {}
    holder_terms = frozenset(terms(" ".join(mine_holder)))
    if cue == "weak":
        for i, theirs, _, _ in waiting:
            for w in _shared_frame(text, records[i].text, speaker, holder_terms):
                by_frame[w] = by_frame.get(w, 0) + 1
    for i, theirs, conflict, sim in waiting:
        rec = records[i]
        ms = masked_sims[i]
        if i in unnamed:
            if (_measure_moved(i, changed_units, unit_count, text, rec.text, speaker)
                    and max(sim, ms, clause_sims.get(i, 0.0)) >= MEASURE_SIMILARITY + UNNAMED_MARGIN):
                updates.append(Relation(rec.memory_id, ms, "update"))
            continue
        # "swapped phone contract to kestrel mobile" of "phone contract is with tellio": the record's
        # subject is the thing changed, and the value it was changed to is not in it
        of_subject = (bool(typed_to) and not for_a_while and not all(has_term(terms(rec.text), t) for t in typed_to)
                      and _subject_names(rec.text, typed_thing))
        new_value = bool(mine_values - theirs) or not all(has_term(terms(rec.text), t) for t in target) or of_subject
        if not new_value and ms < settings.update_cue_similarity + 0.1:
            continue  # no new value, and not plainly the same attribute said anew
        # "from 7am to 6am": a number or time said as the old value is shared by chance as often as
        # not ("moved my run from 7am" / "walks the dog at 7am"), so the two must read more alike
        by_chance = not from_old and bool(said_old & theirs)
        # a day or a time said anew is of something that has one: "one-to-ones on Mondays from now
        # on" gives none to "my work is Power BI dashboards", which says no when, unless it reads closer
        no_when = bool(mine_values - theirs) and all(_when_value(v) for v in mine_values - theirs) and not any(
            _when_value(v) for v in theirs)
        bar = settings.update_cue_similarity + (0.1 if by_chance or no_when else 0.0)
        if of_subject and not by_chance:
            bar = min(bar, SUBJECT_CHANGED_SIMILARITY)  # the thing itself is named: one topic, as a measure's unit says
        # Without a cue, one clause read alike is of one thing only where the two share a word of
        # their frame: "my kayak is a <x> called <y>; it hangs in ..." opens as "my van is a <x>".
        clause_sim = clause_sims.get(i, 0.0) if cue is not None or _frame_words(text, speaker) & _frame_words(rec.text, speaker) else 0.0
        if cue == "strong" and (max(sim, ms, clause_sims.get(i, 0.0)) >= bar
                                or (from_old and from_old <= theirs and mine_values - theirs - from_old)):
            updates.append(Relation(rec.memory_id, ms, "update"))
        elif (cue == "weak" and ms >= settings.update_weak_cue_similarity and kind != "episode" and conflict
              and (_frame_words(text, speaker) & _frame_words(rec.text, speaker)
                   or (ms >= settings.update_weak_cue_similarity + WEAK_CUE_UNSHARED_MARGIN
                       and not all(any(c.isdigit() for c in v) or says_when(v) for v in mine_values ^ theirs)))):
            # "now" / "new" also say what is new to the story ("a new chapter", "now I'm ready"):
            # they mark a change only where an old value meets a new one. With every value masked,
            # two short statements read alike whatever they are of ("now works from home on
            # <x>" / "goes to bed at <x>"): without a word of the frame in common ("rent", "live"),
            # they must read much closer, and give a name ("manager is now <x>" / "boss is <x>"):
            # times, numbers and days are shared by attributes of every kind ("now leaves the
            # office at 5pm" / "goes to bed at 11pm").
            updates.append(Relation(rec.memory_id, ms, "update"))
        elif (cue == "weak" and conflict and kind != "episode" and rec.kind != "episode"
              and _when_said_anew(mine_values, theirs)
              and any(by_frame.get(w) == 1 for w in _shared_frame(text, rec.text, speaker, holder_terms))):
            updates.append(Relation(rec.memory_id, ms, "update"))
        elif (cue is None and max(ms, clause_sim) >= settings.update_similarity and conflict
              and kind not in ("preference", "episode") and rec.kind not in ("preference", "episode")
              # with every value masked, two statements of nothing in common read alike ("lives at
              # <x>" / "therapist sees <x> via <x>"): a word of the frame shared, or read much closer
              and (_frame_words(text, speaker) & _frame_words(rec.text, speaker)
                   or max(ms, clause_sim) >= settings.update_similarity + UNSHARED_FRAME_MARGIN)):
            updates.append(Relation(rec.memory_id, ms, "update"))
        elif (cue != "strong" and conflict and "preference" not in (kind, rec.kind)
              and max(ms, clause_sim) >= FRAME_SIMILARITY
              # "our council tax was 1650 last year" tells of then, not of the 1800 it is now
              and not (_PAST_FRAME.search((comma_clauses(text) or [text])[0]) and not _PAST_FRAME.search(rec.text))):
            # one frame, another value ("grocery budget is 550 euros a month, prices went up" after
            # "is 400 euros a month"), however the classifier typed the sentence: an event told
            # beside it does not make the attribute an event
            updates.append(Relation(rec.memory_id, ms, "update"))
        elif (_measure_moved(i, changed_units, unit_count, text, rec.text, speaker)
              and max(sim, ms, clause_sims.get(i, 0.0)) >= (
                  MEASURE_SIMILARITY if cue == "strong" or quantity_cue(text) or weighed else MEASURE_WEAK_SIMILARITY)
              and (not other_filler(mask(text, speaker), mask(rec.text, speaker), speaker)
                   # "Biscuit is down to 34.5 kg" / "my labrador Biscuit is 38 kg": one named the same,
                   # the subject in one and a value in the other (masked in one only)
                   or _named_alike(text, rec.text, speaker)
                   # "down to 91 kg on the scales": a reading of the body the record weighs
                   or (weighed and _masses(rec.text) == 1))):
            # A measure changed, told as what happened ("weighed in at 5.4 kg now", "our ceiling was
            # raised to 465,000 pounds" after "the budget is 420,000 pounds"): the words around the
            # number need not read alike, the unit and a word of change say which value it is.
            updates.append(Relation(rec.memory_id, ms, "update"))
    upgraded = _UPGRADED_TO.search(text) if cue == "strong" else None
    if upgraded is not None and upgraded.group("version"):
        # "the upgrade to Postgres 15 went through" of "the warehouse is on Postgres 12": the product
        # named in both, another version of it, whoever's the record says it is
        named_version = re.compile(rf"\b{re.escape(upgraded.group('name'))}\s+v?(?P<v>\d[\w.]*)", re.IGNORECASE)
        for i, rec in enumerate(records):
            was = named_version.search(rec.text)
            if (was is not None and was.group("v").rstrip(".") != upgraded.group("version").rstrip(".")
                    and sims[i] >= 0.25 and all(u.memory_id != rec.memory_id for u in updates)
                    # ("my friend's startup finished the migration to Rails 7.1": theirs)
                    and (not mine_holder or same_holder(mine_holder, holder(rec.text, speaker)))):
                updates.append(Relation(rec.memory_id, float(sims[i]), "update"))
    if wished and stop is None:
        # "hoping to move the lesson to Fridays": the Wednesday lesson still holds; a goal gives a
        # new value to a goal only ("my goal is now to read 40 books" after "... to read 30")
        goals = {r.memory_id for r in records if _goal(r.text)} if _goal(text) else set()
        updates = [u for u in updates if u.memory_id in goals]
    # "a new physio, Tomasz, but we still see Rhona": Rhona's record holds (said again, if anything)
    text_of = {r.memory_id: r.text for r in records}
    kept_on = still_held(text, speaker)
    if kept_on:
        updates = [u for u in updates if not _overlap(kept_on, values(text_of[u.memory_id], speaker))]
    same.sort(key=lambda r: (-r.similarity, r.memory_id))
    # A record that names what the statement names (a name or a code, not a number or a day, which
    # are what changes) is the closer for it: "the box marked B19 moved to the loft" is of the B19
    # record, not of the B15 one that reads a little more like it.
    named = frozenset(v for v in mine_values if not v.replace(".", "").replace(":", "").isdigit() and not says_when(v))

    def closeness(r: Relation) -> float:
        return r.similarity + (0.1 if named & values(text_of.get(r.memory_id) or "", speaker) else 0.0)

    updates.sort(key=lambda r: (-closeness(r), r.memory_id))
    # A statement gives one attribute its new value: the record it replaces is the closest one.
    if not updates and not same:
        # "Priya has left, my stage manager is now Owen Tate": the clause that says the change is of
        # its own subject, whoever the one before it is about, and gives its own values
        for clause in _CUE_CLAUSE.split(_body(text))[1:]:
            if (change_cue(clause) is not None and (h := holder(clause, speaker)) and h != mine_holder
                    and values(clause, speaker) and len(re.findall(r"\w+", clause)) >= 4):
                updates = [r for r in relate(meaning, clause, kind, speaker, records, settings, day) if r.verdict == "update"]
                if updates:
                    return updates[:1]
    main = _after_reason(text)
    if not updates and not same and main is not None and change_cue(main) == "weak":
        # "Since her teacher moved studios, Pia's lessons are Thursdays now": the change the reason
        # tells of ("moved") is of the teacher; the one the main clause says ("now") is of the lessons
        updates = [r for r in relate(meaning, main, kind, speaker, records, settings, day) if r.verdict == "update"]
    return same[:1] + updates[:1]


#: A reason fronted before the statement it explains ("Since her teacher moved studios, ...", "Now
#: that we've a second car, ...", "Because the gym shut, ...").
_REASON_FIRST = re.compile(r"(?:ever\s+since|since|because|now\s+that|seeing\s+as|as)\s+[^,;]{3,90}?,\s*(?P<main>.+)$",
                           re.IGNORECASE)


#: A reason told first and what follows from it after "so" ("my tutor shuffled her week around so
#: our lessons land on Thursdays now"): the statement is what follows.
_SO_AFTER_REASON = re.compile(r"^(?P<reason>[^;]{3,120}?\w)(?:\s*,\s*|\s+)(?:and\s+)?so\s+(?!(?:yeah|yes|anyway|basically|"
                              r"like|um+|uh+|I\s+guess|that|much|many|far|long|to)\b)(?P<main>.+)$", re.IGNORECASE)


_OF_THE_REASONS = re.compile(r"(?:his|her|their|its|he|she|they|it)\b", re.IGNORECASE)


def _after_reason(text: str) -> str | None:
    """The statement after a fronted reason, or after "so" that follows one, when there is one of
    three words or more."""
    m = _REASON_FIRST.match(_body(text))
    if m is None:
        m = _SO_AFTER_REASON.match(_body(text))
        if m is not None and _OF_THE_REASONS.match(m.group("main")):
            return None  # "my sister's teacher moved so her lessons are ...": of whom the reason names
    return m.group("main") if m is not None and len(_WORDS.findall(m.group("main"))) >= 3 else None


def habit_of(meaning: Meaning, text: str, day, speaker: str, episodes: Sequence, settings) -> list:
    """Earlier episodes of the speaker on other days that are the same activity as this one."""
    if not episodes:
        return []
    v = meaning.vectors([text])[0]
    sims = meaning.vectors([e.text for e in episodes]) @ v
    found = [e for e, s in zip(episodes, sims) if s >= settings.habit_similarity and _day(e) != day]
    if not recurs(text):
        return found
    # "at the track again", "another hour with Giulia", "sick again": said to be one more time of
    # something, it is the same activity as an earlier one that reads a little less alike, the two
    # read without their words of recurrence ("burnt the toast again" / "missed the bus again" are
    # alike only in them)
    plain = [_RECURS.sub(" ", x) for x in [text] + [e.text for e in episodes]]
    pv = meaning.vectors(plain)
    psims = pv[1:] @ pv[0]
    bar = settings.habit_similarity - RECURRENCE_MARGIN
    return found + [e for e, s, ps in zip(episodes, sims, psims)
                    if s < settings.habit_similarity and ps >= bar and _day(e) != day]


#: How much less alike an episode said to recur ("again", "another", "as usual") may read to an
#: earlier one and still be the same activity.
RECURRENCE_MARGIN = 0.12
_RECURS = re.compile(r"\b(?:again|once\s+more|as\s+(?:usual|always|ever)|another|same\s+\w+\s+as\s+(?:ever|always|usual)|"
                     r"every\s+time)\b", re.IGNORECASE)


def recurs(text: str) -> bool:
    """Whether a statement says it is one more time of something ("again", "another", "as usual")."""
    return _RECURS.search(text) is not None


def _day(rec):
    when = rec.happened_at or rec.created_at
    return when.date() if when is not None else None


def clear_caches() -> None:
    """Forgotten text must not linger in process caches: the rule caches are keyed by text. Every
    cache of this module's readers is emptied, so that a reader cached later is not left out."""
    for cached in list(globals().values()):
        if callable(cached) and hasattr(cached, "cache_clear") and getattr(cached, "__module__", None) == __name__:
            cached.cache_clear()
