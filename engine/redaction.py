"""Secret redaction for conversation turns, applied before a turn is written anywhere.

Two layers find secrets:

1. memstream's own rules (compiled at import): PEM/PuTTY private keys, vendor API keys, AWS keys,
   GitHub/Slack tokens, JWTs, ``Bearer`` tokens, credentials in URLs, "my password is ..." style
   disclosures in prose and payment card numbers (Luhn-valid, or laid out as a card and named one). Also credentials named with other
   nouns ("the door code is 4471", "the pass is fjord-pepper-17", "recovery codes: ...", "the
   passphrase is ...", "security answer: ...", passwords spelled out letter by letter, a wallet's
   seed phrase of twelve or more words beside words that name it; a disclosed
   value is redacted wherever else it appears in the turn), bank and national identifiers (IBANs,
   SSNs, and account/routing numbers, sort codes, SWIFT/BIC codes, passport and national id numbers
   introduced by words, checked with python-stdnum where it has a validator) and phone numbers
   (phonenumbers' matcher, leniency VALID; numbers reserved for fiction, 555-xxxx and Ofcom's drama
   ranges, are nobody's and stay).
2. detect-secrets as a second opinion. Its plugin classes are instantiated once (lazily, on the first
   text that needs them, because importing detect-secrets costs ~0.2 s) and their compiled patterns
   are run directly on the text. This skips ``scan_line``'s settings and filter machinery, which
   costs ~1 ms a line. It also never calls a plugin's ``verify``, so nothing goes over the network.
   Its high-entropy plugins only count a token of at least 20 characters that holds both letters
   and digits, which keeps ordinary words and sentences out (hex digests such as git commit ids
   still qualify and are redacted).

A cheap pre-check sends text that has no digit run, no long token and no trigger word straight back
as clean, and each costlier rule runs only behind its own literal test (python-stdnum and
phonenumbers are imported on first use). Nothing in this module logs or prints a secret value.
"""
from __future__ import annotations

import bisect
import functools
import itertools
import re
import threading
from dataclasses import dataclass
from typing import Callable, Iterator

from engine.textnorm import HESITATION_SOUND, one_edit

__all__ = ["REDACTION_MARK", "Redaction", "find_secrets", "redact"]

REDACTION_MARK = "[REDACTED:"


@dataclass(frozen=True)
class Redaction:
    kind: str  # e.g. "api_key", "password", "card_number", "high_entropy_string"
    start: int  # span in the ORIGINAL text
    end: int


# A candidate span: (start, end, kind, priority). When spans overlap, the widest one names the
# merged span; on a tie the higher priority wins (specific rules beat generic ones).
_Span = tuple[int, int, str, int]

_P_SPECIFIC = 30  # vendor-specific formats: the shape alone proves what it is
_P_CONTEXT = 20  # found through its surroundings: "Bearer", URL credentials, card numbers
_P_PROSE = 10  # "my password is ..."
_P_NAMED = 7  # a machine-made string a few words after "key", "token" ...: the prose rules name it better
_P_DETECT_SECRETS = 5
_P_ENTROPY = 0

# --------------------------------------------------------------------------------------------------
# Pre-checks. Every rule below needs at least one of these to fire, so text with no hit is clean.
# --------------------------------------------------------------------------------------------------

# A run of 3 digits: card numbers, IBANs, SSNs and phone numbers need one.
_DIGIT_RUN = re.compile(r"\d{3}")
_SPACED_DIGITS = re.compile(r"\d{1,2}(?:[ \t-]\d{1,2}){2,}")
# Four digits in one group ("2024", "20-00-00", "48 27"): every identifier introduced by words has
# one, except a SWIFT/BIC code.
_ID_VALUE_HINT = re.compile(r"\d\d[ \-./]?\d\d")
# A long token: every key/token format we and detect-secrets look for is at least 20 characters
# (a signed JWT too), as is every high-entropy candidate; the exceptions are Slack's "xox"/"xapp"
# (trigger words below), Artifactory's AKC.../AP[0-9A-F]... (11+) and the shorter test and staging
# keys after a vendor's prefix ("sk-test-..."), matched here by prefix.
_LONG_TOKEN = re.compile(r"\S{20,}|(?<![A-Za-z0-9])(?:AKC|AP[0-9A-F])[A-Za-z0-9]{8}"
                         r"|(?<![A-Za-z0-9_\-])(?:sk|rk|pk)[-_](?:live|test|proj|ant)[-_]")
# Words (lower case) that introduce a secret in prose or config. detect-secrets' keyword-style
# plugins (Keyword, Cloudant, IBM, SoftLayer, AWS secret keys, Azure "AccountKey=") and its Slack
# and basic-auth patterns need one of the first group; our own rules may also need the second.
_DETECT_SECRETS_WORDS = ("pass", "pwd", "key", "token", "secret", "contrase", "xox", "://")
_OWN_WORDS = ("pin", "pw", "bearer", "authoriz", "xapp", "login", "log-in", "log in", "credential", "creds", "sign in",
              "sign-in", "signin", "username", "unlock", "signed in", "logged in", "signing in", "logging in", "log on",
              "logged on", "logging on")
# Any of these in the text lets detect-secrets' keyword-context patterns run.
_KEYWORD_CONTEXT_WORDS = ("key", "pw", "pass", "token", "secret", "contrase", "cloudant", "softlayer")
_DISCLOSURE_WORDS = ("pass", "pw", "pin", "secret", "key", "token")

# --------------------------------------------------------------------------------------------------
# Our own rules.
# --------------------------------------------------------------------------------------------------

# A BEGIN line with no END runs to the end of the text. This covers PGP's "PRIVATE KEY BLOCK" and
# SSH2's "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----".
_PEM_PRIVATE_KEY = re.compile(
    r"-{3,5}[ \t]?BEGIN[ A-Z0-9]*?PRIVATE KEY(?: BLOCK)?[ \t]?-{3,5}"
    r"[\s\S]*?"
    r"(?:-{3,5}[ \t]?END[ A-Z0-9]*?PRIVATE KEY(?: BLOCK)?[ \t]?-{3,5}|\Z)"
)
_PUTTY_PRIVATE_KEY = re.compile(
    r"PuTTY-User-Key-File-\d+:[\s\S]*?(?:Private-MAC:[ \t]*[0-9A-Fa-f]+|\Z)"
)

# Whole-match rules: (pattern, kind, priority). These are vendor token formats.
_TOKEN_RULES: tuple[tuple[re.Pattern[str], str, int], ...] = (
    # OpenAI (sk-..., sk-proj-...) and Anthropic (sk-ant-...) keys.
    (re.compile(r"(?<![A-Za-z0-9_\-])sk-[A-Za-z0-9_\-]{20,}"), "api_key", _P_SPECIFIC),
    (re.compile(r"(?<![A-Za-z0-9_\-])AIza[0-9A-Za-z_\-]{35}(?![A-Za-z0-9_\-])"), "api_key", _P_SPECIFIC),
    (re.compile(r"(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}"), "api_key", _P_SPECIFIC),
    # The same prefixes before a shorter body that mixes letters and digits (test and staging keys).
    (re.compile(r"(?<![A-Za-z0-9_\-])(?:sk|rk|pk)[-_](?:live|test|proj|ant)[-_](?=[A-Za-z_\-]*\d)(?=[0-9_\-]*[A-Za-z])"
                r"[A-Za-z0-9_\-]{5,}"), "api_key", _P_SPECIFIC),
    (
        re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9])"),
        "aws_access_key",
        _P_SPECIFIC,
    ),
    (
        re.compile(r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"),
        "github_token",
        _P_SPECIFIC,
    ),
    (
        re.compile(r"(?<![A-Za-z0-9_\-])(?:xox[abposr]-[A-Za-z0-9\-]{8,}|xapp-[A-Za-z0-9\-]{10,})"),
        "slack_token",
        _P_SPECIFIC,
    ),
    (
        re.compile(r"(?<![A-Za-z0-9_\-])eyJ[A-Za-z0-9_\-]{7,}(?:\.[A-Za-z0-9_\-]{4,}){2,4}"),
        "jwt",
        _P_SPECIFIC,
    ),
)

# Rules whose named group `v` is the secret; the text around it stays.
_AWS_SECRET_KEY = re.compile(
    r"aws[_\-\s]?secret[_\-\s]?(?:access[_\-\s]?)?key[\"']?"
    r"\s*(?::=|=>|=|:|\s+is\s+|\s)\s*[\"']?(?P<v>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])",
    re.IGNORECASE,
)
_BEARER = re.compile(
    r"\bbearer(?:[ \t]+token)?[ \t]*[:=]?[ \t]*(?P<v>[A-Za-z0-9\-._~+/]+=*)",
    re.IGNORECASE | re.ASCII,
)
_BASIC_AUTH_HEADER = re.compile(
    r"\bauthorization[\"']?\s*[:=]\s*[\"']?basic\s+(?P<v>[A-Za-z0-9+/]{8,}={0,2})",
    re.IGNORECASE | re.ASCII,
)
# scheme://user:pass@host; `v` is "user:pass". The password may hold '@', and '#', '?' or '/' as
# people paste it unencoded ("postgres://app:Vq9#x@db:5432"): the first '@' a host (and a port in
# digits) follows ends it (not the '@' of an email in the query, nor of a tag in the path; "P@ss:w0rd"
# is no host and port), and it holds no second URL. A
# port before a path with an '@' in it ("host:8080/@me", "[::1]:8080/@admin") is none; a password
# is at most 128 characters, so a long run of text without spaces is not tried at every length.
_URL_CREDENTIALS = re.compile(
    r"\b[A-Za-z][A-Za-z0-9+.\-]{1,15}://(?P<v>[^\s:/?#@\[\]]*:(?!\d+(?:[/?#]|$))(?:(?!://)\S){1,128}?)"
    r"@(?=[^\s/?#@:,;)\]'\"]+(?::\d+)?(?:[/?#)\]'\"]|\s|$))",
    re.ASCII,
)

# After "for the ...", up to two more words name what a secret is for ("the PIN for the storage unit
# is ..."), but not a relative clause ("the password for the account that is ...").
_MORE_NAME_WORDS = r"(?:[ \t]+(?!(?:that|which|who|where|it|there|is|was|are|were)\b)[\w.\-@]+){0,2}"

# Prose and config disclosures: "my password is hunter2", "password: hunter2", "pwd=...",
# "the api key is abc123XYZ", "DB_PASSWORD='...'", "the wifi password for the office is Blue42!".
_DISCLOSURE = re.compile(
    r"(?<![A-Za-z])"
    r"(?P<kw>"
    r"pass(?:word|wd|\s?phrase|\s?code)"
    r"|pwd?"
    r"|pins?(?:[ _\-]?(?:code|number))?"
    r"|(?:(?:client|app|api)[ _\-]?)?secret(?:[ _\-]?(?:access[ _\-]?)?key)?"
    r"|(?:api|access|auth|private)[ _\-]?key"
    r"|apikey"
    r"|(?:(?:access|auth|api|refresh|session|personal[ _\-]access)[ _\-]?)?token"
    r")"
    r"(?![A-Za-z])"
    r"(?P<sep>"
    r"[\"'\]]{0,2}[ \t]*(?::=|=>|=(?!=)|:)[ \t]*"
    r"|(?:'s|\u2019s)[ \t]+(?:now[ \t]+|still[ \t]+)?"
    # "password for the shared drive: ...": what it is for, then the value after a colon
    r"|[ \t]+(?:for|to|of|on|at)[ \t]+(?:(?:the|my|our|your)[ \t]+)?[\w.\-@]+" + _MORE_NAME_WORDS + r"[ \t]*:[ \t]*"
    r"|(?:[ \t]+(?:for|to|of|on|at)[ \t]+(?:(?:the|my|our|your)[ \t]+)?[\w.\-@]+" + _MORE_NAME_WORDS + r")?"
    r"[ \t]+(?:is|was|will[ \t]+be|should[ \t]+be|=)[ \t]+"
    r"(?:now[ \t]+|still[ \t]+|just[ \t]+|actually[ \t]+|set[ \t]+to[ \t]+)?"
    r"(?::[ \t]*)?"
    r")"
    r"(?:\"(?P<dq>[^\"\n]{1,256})\"|'(?P<sq>[^'\n]{1,256})'|`(?P<bq>[^`\n]{1,256})`"
    r"|(?P<v>[^\s\"'`,;]{1,256}))",
    re.IGNORECASE,
)
_STRONG_KEYWORD = re.compile(r"pass|pwd?", re.IGNORECASE)  # password family: ':' / '=' suffice
_PIN_KEYWORD = re.compile(r"pin", re.IGNORECASE)
_PIN_VALUE = re.compile(r"\d{4,12}")
_API_KEY_KEYWORD = re.compile(r"key", re.IGNORECASE)
_TOKEN_KEYWORD = re.compile(r"token", re.IGNORECASE)
_TRAILING_PUNCTUATION = ".,;:?)]}>"
_TEMPLATE_STARTS = ("$", "%", "{", "<", "(", "[")

# Payment cards: 13-19 digits, contiguous or in groups of at least 3 with one consistent separator.
_CARD_CANDIDATE = re.compile(
    r"(?<![\w.,\-])\d{3,}(?:(?P<sep>[ \-])\d{3,}(?:(?P=sep)\d{3,})*)?(?!\w|[.,]\d)", re.ASCII
)
_CARD_GROUP = re.compile(r"\d+")
_CARD_MAX_GROUPS = 6  # 19 digits in groups of at least 3

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

_ALREADY_REDACTED = re.compile(r"\[REDACTED:[A-Za-z0-9_]+\]")


# A key, token, secret or password named a few words before a machine-made string given as its
# value: "here's the staging key in case it matters: sk-test-9fQ2LmZ7xTr4", "the deploy token for CI
# -> ghx83kdQ02mz", "use the api key q8Xw2LpZ0n". One key, not keys or tokens in general ("the model
# takes 8k tokens; GPT-4o-mini is fine").
_KEY_NOUN = re.compile(r"(?<![A-Za-z])(?:key|token|secret|credentials?|creds|password|passwd|passcode|passphrase|"
                       r"pwd?|apikey)(?![A-Za-z])", re.IGNORECASE)
# Where a value stands: right after the key's name (or "is"), or after ":", "=", "->", a comma or
# " is " further on, with a user name and "/" before it ("creds for the box: admin / ...").
_VALUE_AT = re.compile(r"(?:\s+is|\s*(?::|=|->|=>|,)|\s+is\s*:?)\s*(?:[\w.@\-]+\s*/\s*)?|\s+", re.IGNORECASE)
_VALUE_MARK = re.compile(r"\s+is\b|:|=|->|=>|,")
_MACHINE_STRING = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]{7,}(?![\w\-@])")
# The end of the clause that names the key: what comes after is about something else.
_SENTENCE_BREAK = re.compile(r"[.;!?](?:\s|$)|\n\s*\n|\s(?:and|but|then|or|while|because)\s", re.IGNORECASE)
_WINDOW = 64


def _machine_made(value: str, changes_needed: int = 2) -> bool:
    """A string no one writes as a word: within its parts (split at "-" and "_") letters and digits
    change places at least twice ("9fQ2LmZ7xTr4", "AB12-CD34-EF56", "hT93-kQ2m"), not a name with a
    number ("gpt-4o-2024-08-06", "session_user42", "2024-05-01")."""
    changes = 0
    for part in re.split(r"[-_]", value):
        kinds = ["d" if c.isdigit() else "a" for c in part if c.isalnum()]
        changes += sum(1 for a, b in zip(kinds, kinds[1:]) if a != b)
    return changes >= changes_needed and _has_digit(value) and any(c.isalpha() for c in value)


#: The sentence around a credential's name: its value is in it when no marker places it ("it wants
#: an api key so I pasted lpx_live_7HqZ29...", "gonna change the pw but for now it's m00nbeam_Raid42").
_SENTENCE_EDGE = re.compile(r"[.!?](?:\s|$)|\n")


_KEY_NOUN_WORDS = ("key", "token", "secret", "cred", "passw", "passc", "passp", "pw")
#: A key one turns in a lock: what follows names a thing, not a credential ("key ring tag MX-2200").
_DOOR_KEY = re.compile(r"[ \t\-]?(?:rings?|fobs?|chains?|cards?|cutting|safes?|boxe?s?|holders?|hooks?|tags?|locker)\b",
                       re.IGNORECASE)


def _named_tokens(text: str) -> Iterator[_Span]:
    # The machine-made strings of each sentence, found once: a sentence that names a key many times
    # was searched again for each name (16,000 characters of one, 5 s).
    in_sentence: dict[int, tuple[int, list[tuple[int, int]]]] = {}  # sentence end -> (scanned from, spans)
    edges: list[tuple[int, int]] | None = None  # the sentence edges' spans, read once when first needed
    for k in _KEY_NOUN.finditer(text):
        if k.group().lower().startswith("key") and _DOOR_KEY.match(text, k.end()):
            continue
        # (the window's text is searched apart, so a break's "$" is only the text's real end)
        brk = _SENTENCE_BREAK.search(text[k.end():k.end() + _WINDOW + 2])
        limit = min(len(text), k.end() + (brk.start() if brk else _WINDOW))
        # The value right after the name, or after a marker of a value in the clause.
        starts = [k.end()] + [mk.start() for mk in _VALUE_MARK.finditer(text, k.end(), limit)]
        noun = k.group().lower()
        kind = ("password" if noun.startswith(("pass", "pw")) else "api_key" if "key" in noun
                else "token" if noun.startswith("token") else "secret")
        found = False
        for at in starts:
            gap = _VALUE_AT.match(text, at)
            if gap is None:
                continue
            m = _MACHINE_STRING.match(text, gap.end())
            if m is None or m.start() >= limit or not _machine_made(m.group()):
                continue
            yield (m.start(), m.end(), kind, _P_NAMED)
            found = True
            break
        if found:
            continue
        # Elsewhere in its sentence, a string that is plainly machine-made (letters and digits
        # changing places three times or more: not "iPhone15Pro" nor "WH-1000XM4").
        if edges is None:
            edges = [e.span() for e in _SENTENCE_EDGE.finditer(text)]
        # (the last edge that ends by the name's start, and the first that starts at or after its end)
        i = bisect.bisect_right(edges, k.start(), key=lambda e: e[1])
        begin = edges[i - 1][1] if i else 0
        if k.start() and text[k.start() - 1] in ".!?":
            begin = k.start()  # ("...done.password ...": a stop right before the name ends a sentence, as the text's end)
        j = bisect.bisect_left(edges, k.end(), key=lambda e: e[0])
        stop = edges[j][0] if j < len(edges) else len(text)
        # Found once for the sentence's end, from the earliest start asked: a string holds no stop
        # nor space, so none found from there crosses a later start (names come in order).
        scanned = in_sentence.get(stop)
        if scanned is None or scanned[0] > begin:
            scanned = in_sentence[stop] = (begin, [m.span() for m in _MACHINE_STRING.finditer(text, begin, stop)
                                                   if (m.start() == 0 or not text[m.start() - 1].isalnum())
                                                   and _machine_made(m.group(), 3)])
        for start, end in scanned[1]:
            if start >= begin and start != k.start():
                yield (start, end, kind, _P_NAMED)


def _has_digit(value: str) -> bool:
    return any(c.isdigit() for c in value)


# Punctuation that ordinary words carry ("short-lived", "don't", "e.g.", "wrong!"): not evidence of a secret.
_WORD_PUNCTUATION = frozenset("-'\u2019.!")


def _looks_like_a_value(value: str) -> bool:
    """True when a word after "is" reads as a password or key rather than as English.

    It must have at least 4 characters and hold a digit, a symbol, or mixed case past the first
    letter ("hunter2", "P@ssw*rd", "SwordFish"; not "weak", "short-lived", "Expired", "NASA").
    """
    if len(value) < 4:
        return False
    has_lower = False
    inner_upper = False
    for i, c in enumerate(value):
        if c.isdigit() or not (c.isalnum() or c in _WORD_PUNCTUATION):
            return True
        if c.islower():
            has_lower = True
        elif i > 0 and c.isupper():
            inner_upper = True
    return has_lower and inner_upper


def _looks_like_a_token(value: str) -> bool:
    """True for the word after "Bearer" when it is a credential, not "of", "bonds" or "authentication"."""
    if len(value) < 8:
        return False
    if _has_digit(value) or len(value) >= 24:
        return True
    return len(value) >= 16 and any(c.isupper() for c in value) and any(c.islower() for c in value)


def _strip_trailing(text: str, start: int, end: int, chars: str = _TRAILING_PUNCTUATION) -> int:
    while end > start and text[end - 1] in chars:
        end -= 1
    return end


def _disclosure_kind(keyword: str) -> str:
    if _STRONG_KEYWORD.search(keyword):
        return "password"
    if _PIN_KEYWORD.match(keyword):
        return "pin"
    if _API_KEY_KEYWORD.search(keyword):
        # "secret key", "client secret key" and "api key" are all keys to an API.
        return "api_key"
    if _TOKEN_KEYWORD.search(keyword):
        return "token"
    return "secret"


# Words that describe a password rather than spell it: "my password is weak", "... is too short".
_ASSESSMENT = frozenset("""weak strong short long secure insecure safe unsafe expired wrong correct incorrect
invalid valid same different new old changed reset required needed missing good bad ok okay fine stored
saved set blank empty simple complex easy hard too not very still also the a an in on at my your our their
his her its this that what where how why written hidden encrypted hashed known unknown case sensitive
""".split())
# Words that start a sentence about a password, not the password: pronouns, determiners, verbs
# of handling it, adverbs. "My password is something only I know", "pw: see vault".
_NOT_A_PASSWORD_START = frozenset("""i you he she it we they me him us them something anything nothing
everything someone somewhere one some any no every each see ask check use please call look try find
get kept managed rotated leaked stolen compromised shared sent written stored saved changed reset just
only also never always usually probably definitely really still now here there""".split())
_PASSPHRASE_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")


def _plain_word_is_a_password(word: str) -> bool:
    """A lone dictionary-looking word after "password is" / "pw:": the password, unless it reads as
    the start of a sentence about one (a pronoun, a verb form, an assessment)."""
    lower = word.lower()
    if lower in _ASSESSMENT or lower in _NOT_A_PASSWORD_START or "'" in lower:
        return False
    return not lower.endswith(("ed", "ing", "ly"))
_CLAUSE_END = ".,;!?\n"


def _passphrase_end(text: str, first_end: int) -> int:
    """The end of a password spelled as words ("correct horse battery staple"): the run of plain
    words after the first, up to six in all, that stops at the clause's end or at a function word."""
    end = first_end
    pos = first_end
    for _ in range(5):
        gap = pos
        while gap < len(text) and text[gap] in " \t":
            gap += 1
        if gap == pos or gap >= len(text) or text[gap] in _CLAUSE_END:
            break
        m = _PASSPHRASE_WORD.match(text, gap)
        if m is None or m.group().lower() in _ASSESSMENT or m.group().lower() in ("and", "or", "but", "so", "for", "to", "of", "with", "because", "which", "since", "if"):
            break
        end = pos = m.end()
    return end


def _disclosures(text: str, lower: str) -> Iterator[_Span]:
    cache: dict[str, bool] = {}
    for m in _DISCLOSURE.finditer(text):
        keyword = m.group("kw")
        kind = _disclosure_kind(keyword)
        for group in ("dq", "sq", "bq"):
            if m.group(group) is not None:
                start, end = m.span(group)
                quoted = True
                break
        else:
            start, end = m.span("v")
            end = _strip_trailing(text, start, end)
            quoted = False
        value = text[start:end]
        if not value.strip() or not any(c.isalnum() for c in value):
            continue
        if value.startswith(_TEMPLATE_STARTS):
            continue  # ${DB_PASS}, <your key>, (see the vault), [REDACTED:...]
        if kind == "pin":
            if not _PIN_VALUE.fullmatch(value):
                continue
        elif not quoted:
            sep = m.group("sep")
            assigned = "=" in sep or ":" in sep
            strong = kind == "password"
            plain = strong and _PASSPHRASE_WORD.fullmatch(value) is not None
            if strong and _has_spelling_cue(lower, cache) and _is_spelled(text, lower, start):
                # "capital P, then pinecone, then eight eight": the spelling is the password.
                end = _spelled_segment_end(text, start)
            elif strong and "phrase" in keyword.lower() and plain:
                # A passphrase runs to the end of its clause: "the passphrase is correct horse ...".
                phrase_end = _spoken_phrase(text, start, 12)
                if phrase_end is None:
                    continue
                end = phrase_end
            elif plain:
                # Letters only: a password spelled as words, or the start of talk about one.
                phrase_end = _passphrase_end(text, end)
                if not _plain_word_is_a_password(value):
                    # "correct horse battery staple": a describing first word still starts a
                    # passphrase when three more plain words run to the end of the clause.
                    rest = text[phrase_end:].lstrip(" \t")
                    whole_clause = not rest or rest[0] in _CLAUSE_END
                    if not (value.lower() in _ASSESSMENT and whole_clause
                            and len(text[start:phrase_end].split()) >= 4):
                        continue
                end = phrase_end
            elif not ((assigned and (strong or "=" in sep)) or _looks_like_a_value(value)):
                continue
        yield (start, end, kind, _P_PROSE)


_PASSWORD_WORD = re.compile(r"(?<![a-z])pass(?:word|wd|code)s?(?![a-z])")
_VALUE_TOKEN = re.compile(r"[^\s\"'`,;]{4,256}")


def _passwords_after_an_aside(text: str, lower: str) -> Iterator[_Span]:
    """"the password for the wifi at the cabin, if anyone asks: PineLake#2291": a few words (what
    it is for, an aside) between the password and a colon, then a value that reads as one."""
    for m in _PASSWORD_WORD.finditer(lower):
        gap = _LIST_AFTER_WORDS.match(text, m.end())
        if gap is None:
            continue
        v = _VALUE_TOKEN.match(text, gap.end())
        if v is None or v.group().startswith(_TEMPLATE_STARTS):
            continue
        end = _strip_trailing(text, v.start(), v.end())
        if _looks_like_a_value(text[v.start():end]):
            yield (v.start(), end, "password", _P_PROSE)


#: A sign-in given as a pair ("login for the council portal: jdoe88 / Tr0ub4dor&3", "creds for the
#: vpn: mark.t / Winter2025!", "sign in with bob@example.com / Sunflower77", "my login is jdoe88 and
#: Tr0ub4dor&3"): a word of signing in, up to six words, then a name, a separator and the password.
_SIGN_IN_PAIR = re.compile(
    r"\b(?:log[\s-]?in|sign[\s-]?in|signin|creds|credentials|username(?:\s+and\s+password)?|user(?:name)?\s*/\s*pass(?:word)?)"
    r"(?:\s+(?:details|info))?(?:\s+[\w'’.-]+){0,6}?\s*(?::|\bis\b|\bare\b|\bwith\b|=)?\s*"
    r"(?P<user>[\w.+@-]{2,64})\s*(?:/|\||\+|,|\band\b|\bpass(?:word)?\b\s*:?)\s*(?P<v>[^\s\"'`,;]{4,128})", re.IGNORECASE)


def _named_values(rx: re.Pattern[str], text: str, kind: str,
                  reads_as_one: Callable[[str, int, int], bool]) -> Iterator[_Span]:
    """The spans of group "v" of each match of `rx` that `reads_as_one(text, start, end)` takes for
    a secret of `kind`, trailing punctuation left out."""
    for m in rx.finditer(text):
        start, end = m.span("v")
        end = _strip_trailing(text, start, end)
        if end > start and reads_as_one(text, start, end):
            yield (start, end, kind, _P_PROSE)


#: A thing that opens with a code, said to be the code ("the key safe by the back door is 7391",
#: "the alarm's 2580", "padlock on the shed: 0451"): the code is its value, though "code" is unsaid.
_CODED_THING = re.compile(
    r"\b(?:key[ \t-]?safe|key[ \t-]?box|lock[ \t-]?box|padlock|combination[ \t]+lock|alarm(?:[ \t]+panel)?|keypad)"
    r"(?:[ \t]+(?!is\b|are\b|was\b)[\w'\u2019-]+){0,5}?[ \t]*"
    r"(?:(?:'s|\u2019s)[ \t]+|[ \t]+(?:is|was)[ \t]+(?:now[ \t]+|still[ \t]+)?|[ \t]*[:=][ \t]*)"
    r"(?P<v>[0-9][0-9#*\-]{2,11})\b", re.IGNORECASE)
#: A thing said to open or unlock with a number ("the key safe by the back door opens with 7093",
#: "the side gate unlocks with 4471", "garage door opens on 2580#", "my phone unlocks with 240688"):
#: the number is its code.
_OPENS_WITH = re.compile(
    r"\b(?:key[ \t-]?safe|key[ \t-]?box|lock[ \t-]?box|padlock|combination[ \t]+lock|alarm(?:[ \t]+panel)?|keypad|"
    r"door|gate|garage|shed|locker|safe|cabinet|lock|phone|laptop|tablet|ipad|computer|pc)"
    r"(?:[ \t]+(?!opens\b|unlocks\b)[\w'\u2019-]+){0,5}?[ \t]+"
    # (not "opens by 0845", "opens on 2026-04-01": a time or a date)
    r"(?:opens|unlocks|releases|disarms|is[ \t]+opened|is[ \t]+unlocked)[ \t]+(?:with|w/|using)[ \t]+"
    r"(?:(?:the[ \t]+)?(?:code|combination|combo|pin|numbers?|digits)[ \t]+)?"
    r"(?P<v>[0-9](?:[0-9#*\-]|[ \t](?=[0-9])){2,15})(?![\w\-])", re.IGNORECASE)


def _luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i & 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def _card_issuer_ok(digits: str) -> bool:
    """Card numbers start with an issuer prefix (Visa 4, Mastercard 51-55 and 2221-2720, Amex 34/37,
    Diners/JCB 30/35/36/38, Discover/UnionPay 6): order numbers and timestamps mostly do not."""
    if digits[0] in "46":
        return True
    if digits[0] == "5":
        return digits[1] in "12345"
    if digits[0] == "3":
        return digits[1] in "04578"
    if digits[0] == "2":
        return 2221 <= int(digits[:4]) <= 2720
    return False


# Words that say a number is a payment card: said just before it ("my visa", "card no.") or just
# after it ("exp 08/28", "cvv 123").
_CARD_CUE_BEFORE = re.compile(
    r"\b(?:card|cards|visa|mastercard|master\s?card|amex|american\s+express|discover|maestro|diners|jcb|"
    r"unionpay|debit|credit|cc|(?:put|putting|go|goes|went|charge[ds]?|charging|bill(?:ed)?|pay|paid|paying)\s+"
    r"(?:[\w'’-]+\s+){0,2}?(?:on|to|with))\b(?:\s+(?:no|num|number|nr|#))?\.?[^\w\n]{0,3}(?:\s*(?:is|was|:))?"
    # ("my card, it's ...", "the card, it is ...")
    r"(?:\s+(?:[\w'’]+\s+){0,2})?$", re.IGNORECASE)
#: An expiry said in number words ("expiry is oh eight twenty seven").
_SAID_MONTH = r"(?:oh|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b"
_CARD_CUE_AFTER = re.compile(
    r"[\s,;:(/-]{0,3}(?:(?:exp(?:ires|iry|iration)?(?:\s+date)?|valid\s+thr(?:u|ough))\.?(?:\s+(?:is|was|on))?\s*:?\s*"
    r"(?:\d\d?\s*[/.-]?\s*\d\d(?:\d\d)?\b|" + _SAID_MONTH + r")"
    r"|(?:cvv2?|cvc2?|csc)\s*:?\s*\d{3,4}\b)", re.IGNORECASE)
# How card numbers are printed: one run, or groups of 4-4-4-4(-3), 4-6-5 (Amex), 4-6-4 (Diners).
_CARD_LAYOUTS = frozenset({(4, 4, 4, 4), (4, 4, 4, 4, 3), (4, 6, 5), (4, 6, 4), (4, 4, 4, 3), (4, 4, 5)})


def _card_cued(text: str, start: int, end: int) -> bool:
    """A payment-card word right before the number or an expiry/CVV right after it: a card number
    that fails the Luhn check (mistyped by a digit, or made up) is still one, and still private."""
    return bool(_CARD_CUE_BEFORE.search(text, max(0, start - 40), start) or _CARD_CUE_AFTER.match(text, end))


def _cards(text: str) -> Iterator[_Span]:
    for m in _CARD_CANDIDATE.finditer(text):
        if m.end() - m.start() < 13:
            continue
        groups = [(g.start(), g.end()) for g in _CARD_GROUP.finditer(text, m.start(), m.end())]
        if len(groups) == 1:
            digits = text[m.start() : m.end()]
            if 13 <= len(digits) <= 19 and _card_issuer_ok(digits) and (
                    _luhn_ok(digits) or (len(digits) in (15, 16) and _card_cued(text, m.start(), m.end()))):
                yield (m.start(), m.end(), "card_number", _P_CONTEXT)
            continue
        # Grouped: take the longest run of whole groups that is a valid card, then continue after
        # it ("4111 1111 1111 1111 2024" still finds the card).
        i = 0
        while i < len(groups):
            found = None
            for j in range(min(len(groups), i + _CARD_MAX_GROUPS) - 1, i - 1, -1):
                digits = "".join(text[s:e] for s, e in groups[i : j + 1])
                if 13 <= len(digits) <= 19 and _card_issuer_ok(digits) and _luhn_ok(digits):
                    found = j
                    break
            if found is None:  # laid out as a card and said to be one
                for j in range(min(len(groups), i + _CARD_MAX_GROUPS) - 1, i, -1):
                    layout = tuple(e - s for s, e in groups[i : j + 1])
                    if (layout in _CARD_LAYOUTS and _card_issuer_ok(text[groups[i][0]:groups[i][1]])
                            and _card_cued(text, groups[i][0], groups[j][1])):
                        found = j
                        break
            if found is None:
                i += 1
                continue
            yield (groups[i][0], groups[found][1], "card_number", _P_CONTEXT)
            i = found + 1


# --------------------------------------------------------------------------------------------------
# Credentials named in prose with other nouns: "the door code is 4471", "the pass is fjord-pepper-17",
# "recovery codes: ...", "the security answer is ...", and passwords spelled out letter by letter.
# --------------------------------------------------------------------------------------------------

# One of these (in the lower-cased text) lets the rules of this section run ("pw"/"pin": the value
# said before "... is my PIN"). A regex of plain literals costs about a microsecond a sentence.
_CREDENTIAL_GATE = re.compile(r"pass|pw|pin|code|combination|combo|answer|recovery|backup|back-up|seed|mnemonic|wallet|restore|"
                              r"security\s+word|secret\s+word|memorable\s+word|safe\s+word|"
                              r"crypto|bitcoin|btc|ledger|trezor|metamask|wi-?fi|lock[ -]?box|key[ -]?safe|keypad|padlock")
# What separates a keyword from its value: the disclosure rule's separators, plus "are"/"were" for
# lists ("the backup codes are ...").
_CREDENTIAL_SEP = (
    r"[\"'\]]{0,2}[ \t]*(?::=|=>|=(?!=)|:)[ \t]*(?:\r?\n[ \t]*)?"
    r"|(?:'s|\u2019s)[ \t]+(?:now[ \t]+|still[ \t]+)?"
    r"|[ \t]+(?:for|to|of|on|at)[ \t]+(?:(?:the|my|our|your)[ \t]+)?[\w.\-@'\u2019]+" + _MORE_NAME_WORDS + r"[ \t]*:[ \t]*"
    r"|(?:[ \t]+(?:for|to|of|on|at)[ \t]+(?:(?:the|my|our|your)[ \t]+)?[\w.\-@'\u2019]+" + _MORE_NAME_WORDS + r")?"
    r"[ \t]+(?:is|are|was|were|will[ \t]+be|should[ \t]+be|=)[ \t]+"
    r"(?:now[ \t]+|still[ \t]+|just[ \t]+|actually[ \t]+|set[ \t]+to[ \t]+)?"
    r"(?::[ \t]*)?"
)
# The noun that names the credential, found in the lower-cased text with a plain-literal regex (a
# case-insensitive regex of all the phrasings costs ~20 us a sentence); the words before it say
# which credential it is, and the separator and value are then matched right after it.
_CREDENTIAL_ANCHOR = re.compile(r"pass|key|code|combination|combo|answer|question|phrase|words")
_CREDENTIAL_TAIL = re.compile(
    r"(?P<sep>" + _CREDENTIAL_SEP + r")"
    r"(?:\"(?P<dq>[^\"\n]{1,256})\"|'(?P<sq>[^'\n]{1,256})'|`(?P<bq>[^`\n]{1,256})`"
    r"|(?P<v>[^\s\"'`,;]{1,256}))",
    re.IGNORECASE,
)
_WIFI_WORDS = frozenset({"wifi", "wi-fi"})
# "<word> code": codes that open something (doors, gates, alarms, lockers, keypads) or sign in.
_ACCESS_CODE_WORDS = frozenset("""door gate garage alarm entry entrance access lock locker keypad keybox lockbox safe
padlock shed cabinet vault building bike buzzer intercom unlock verification security one-time onetime 2fa mfa otp login sign-in signin
keysafe key-safe""".split())
_ACCESS_CODE_PAIRS = frozenset({("key", "box"), ("lock", "box"), ("one", "time"), ("sign", "in")})
_RECOVERY_CODE_WORDS = frozenset({"recovery", "backup", "back-up"})
_SEED_WORDS = frozenset({"recovery", "seed", "mnemonic", "backup"})
_SECURITY_QUESTION = re.compile(r"answer[ \t]+to[ \t]+(?:my|the|your)[ \t]+security[ \t]+$")


# "code for the front door keypad": what the code is for, named after it.
_CODE_FOR = re.compile(r"[ \t]+(?:for|to|of|on|at)[ \t]+(?:(?:the|my|our|your|their)[ \t]+)?((?:[\w\-'\u2019]+[ \t]+){0,3}[\w\-]+)")


def _opens_something(lower: str, end: int) -> bool:
    """Whether the words after "code" say it opens something ("code for the front door keypad")."""
    m = _CODE_FOR.match(lower, end)
    return m is not None and any(w in _ACCESS_CODE_WORDS for w in m.group(1).split())


# Words that may stand before a bare "code" of a thing named earlier in its sentence ("Key safe by
# the side door, code is 6604"; "a keypad on the gate, the code's 1190").
_CODE_LEAD_WORDS = frozenset({"the", "its", "and", "with", "plus", "then", "is", "was", "a"})
_SENTENCE_BEFORE = re.compile(r"[.!?\n]")
# Things a sentence names that open with a code (not "building" or "login": a code said after those
# may be an error's).
_OPENED_WITH_A_CODE = frozenset("""door doors gate gates garage alarm lock locker keypad keybox lockbox keysafe
padlock shed vault buzzer intercom""".split())
# ("a key safe", "a wall safe": not "it is safe to deploy")
_SAFE_KINDS = frozenset({("key", "safe"), ("wall", "safe"), ("the", "safe"), ("a", "safe"), ("hotel", "safe")})


def _opens_earlier_in_sentence(lower: str, start: int, prev: str) -> bool:
    """Whether a "code" with no thing named before it ("..., code is 6604") follows, in its
    sentence, a thing that opens with one (a key safe, a lockbox, a keypad, a gate)."""
    if prev and prev[-1].isalnum() and prev not in _CODE_LEAD_WORDS:
        return False  # "zip code", "error code": a code of something else
    floor = max(0, start - 90)
    cut = max((m.end() for m in _SENTENCE_BEFORE.finditer(lower, floor, start)), default=floor)
    words = re.findall(r"[a-z]+", lower[cut:start])
    return (any(w in _OPENED_WITH_A_CODE for w in words)
            or any(p in _ACCESS_CODE_PAIRS or p in _SAFE_KINDS for p in zip(words, words[1:])))


def _credential_anchors(lower: str) -> Iterator[tuple[str, int, int]]:
    """(group, keyword start, keyword end) for each credential noun: "pass", "wifi", "access" (door
    code, ...), "combo", "recovery" (codes), "seed" (phrase) or "answer" (security answer)."""
    for a in _CREDENTIAL_ANCHOR.finditer(lower):
        start, end = a.span()
        noun = a.group()
        if noun == "code" and lower.startswith("s", end):
            end += 1  # "codes"
        elif noun == "pass" and lower.startswith("key", end):
            noun, end = "passkey", end + 3
        if (start and (lower[start - 1].isalpha() or lower[start - 1] == "-")) or \
                (end < len(lower) and lower[end].isalpha()):
            continue  # part of a word: "passed", "monkey", "decode", "answered"
        gap = start
        while gap > 0 and lower[gap - 1] in " \t":
            gap -= 1
        before = lower[max(0, gap - 40):gap].split() if gap < start else []
        prev = before[-1] if before else ""
        prev2 = before[-2] if len(before) > 1 else ""
        if noun == "pass":
            yield ("wifi" if prev in _WIFI_WORDS else "pass"), start, end
        elif noun in ("key", "passkey"):
            if prev in _WIFI_WORDS:
                yield "wifi", start, end
        elif noun.startswith("code"):
            if prev in _WIFI_WORDS:
                yield "wifi", start, end
            elif prev in _RECOVERY_CODE_WORDS:
                yield "recovery", start, end
            elif prev in _ACCESS_CODE_WORDS or (prev2, prev) in _ACCESS_CODE_PAIRS:
                yield "access", start, end
            elif _opens_something(lower, end):
                yield "access", start, end  # "the code for the side gate is ..."
            elif _opens_earlier_in_sentence(lower, start, prev):
                yield "access", start, end  # "Key safe by the side door, code is 6604"
        elif noun in ("combination", "combo"):
            yield "combo", start, end
        elif noun in ("phrase", "words"):
            if prev in _SEED_WORDS:
                yield "seed", start, end
        elif noun == "answer":
            if prev == "security" or (prev == "question" and prev2 == "security"):
                yield "answer", start, end
        elif noun == "question" and _SECURITY_QUESTION.search(lower, max(0, start - 40), start):
            yield "answer", start, end


# "... pass is ...": passes that are tickets, not passwords.
_TICKET_PASS = frozenset("""boarding bus day season ski mountain backstage press hall train rail park museum gym
festival guest visitor transit travel weekly monthly annual free hall all-access vip parking metro""".split())
_WIFI_SECURITY = re.compile(r"WPA\d?|WEP|WPA\d?-(?:PSK|Personal|Enterprise)", re.IGNORECASE)
# A value "is" never starts with money, and is not followed by what measures it ("4 digits long").
_CURRENCY = "$\u20ac\u00a3\u00a5"
_MEASURE_WORDS = frozenset("""digits digit characters chars letters numbers long minutes seconds hours days weeks
months years feet ft m meters metres km kilometers kilometres miles dollars euros pounds percent kg lbs
g grams gram kilos kilo ounces oz mm cm inches inch litres liters ml watts volts""".split())
# Passwords written as words joined by hyphens: "amber-falcon-river", "fjord-pepper-17".
_WORD_CHAIN = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+){2,}")
# A code of a recovery/backup list: digits ("4821 9930"), or hyphen groups ("abcd-efgh-1234").
_CODE_TOKEN = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")
_CODE_LIST_GAP = re.compile(r"(?:[ \t\r\n,/|]|(?<=\s)(?:and|or|&)(?=\s))*")
# Words that end a spoken phrase (a passphrase, a seed phrase, a security answer).
_PHRASE_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-]*")
_CONJUNCTIONS = frozenset("and or but so because which since if when while though although then".split())
_PREPOSITIONS = frozenset("for to of with in on at by from as than like into about".split())


# A code of a recovery list said later in the sentence that names the list: letters and digits
# mixed ("7QX2-M9KD-44PL"), or groups of digits joined by hyphens ("88213-40917").
_DIGIT_GROUPS = re.compile(r"\d{3,}(?:-\d{3,})+")
_CODES_EDGE = re.compile(r"(?<!\.[a-z])[.!?](?:\s|$)|\n")  # (not the stop of "e.g.", "i.e.")
_CODES_WITHIN = 120
#: A number its own name says is something else: an order, an invoice, a phone, pages, hours.
_LABELLED_NUMBER = re.compile(
    r"(?:number|no\.?|#|order|invoice|tracking|ref(?:erence)?|phone|tel|mobile|landline|pages?|pp\.?|chapter|"
    r"ticket|case|account|open|hours|between|from|years?|around|since|until|till|in|during|"
    r"(?:call|ring|text|phone|reach)(?:\s+\w+)?\s+on)"
    r"\W*(?:is\W+|was\W+|of\W+)?$", re.IGNORECASE)
#: Two years, two clock times or two small numbers joined: a span, not a code.
_SPAN_OF_NUMBERS = re.compile(r"(?:19|20)\d\d-(?:19|20)\d\d|(?:[01]\d|2[0-3])[0-5]\d-(?:[01]\d|2[0-3])[0-5]\d|\d{1,3}-\d{1,3}")


def _codes_later_in_sentence(text: str, start: int) -> Iterator[_Span]:
    """The codes a sentence gives after naming backup or recovery codes with words between ("they
    gave me backup codes, one of them is 7QX2-M9KD-44PL and another is ...", "my recovery code
    (keep it offline) was ZP7K-41QX"), every one of them; a year or a page number there is no code."""
    edge = _CODES_EDGE.search(text, start, start + _CODES_WITHIN)
    limit = edge.start() if edge else min(len(text), start + _CODES_WITHIN)
    for m in _CODE_TOKEN.finditer(text, start, limit):
        token = m.group()
        if (m.start() and text[m.start() - 1].isalnum()) or not (
                _machine_made(token) or _DIGIT_GROUPS.fullmatch(token)):
            continue
        if _LABELLED_NUMBER.search(text, max(start, m.start() - 30), m.start()) or _SPAN_OF_NUMBERS.fullmatch(token):
            continue  # "order number 55120-88431", "pages 112-118", "2024-2025", "open 0900-1730"
        yield (m.start(), _code_list_end(text, m.start()) or m.end(), "recovery_code", _P_PROSE)


#: One word of a wallet's seed (recovery) phrase, perhaps numbered or bulleted ("1. lantern", "2)
#: orbit", "(3) tulip", "4 - canvas", "- ember"), and what may stand between two of them: spaces, a
#: comma, a semicolon, a slash, line breaks (blank lines too, a full stop before one).
_SEED_WORD = re.compile(r"(?<![\w'\u2019-])(?:\(?\d{1,2}\)?[.):]?[ \t]*(?:-[ \t]+)?|[-*\u2022\u00b7][ \t]+)?"
                        r"(?P<w>[A-Za-z]{2,12})(?![\w'\u2019-])")
_SEED_GAP = re.compile(r"[ \t]*\.?[ \t]*(?:\r?\n[ \t]*)+|[ \t]*[,;/|][ \t]*|[ \t]+")
#: The phrase written as one chain of words ("orbit-lantern-tulip-...").
_SEED_CHAIN = re.compile(r"(?<![\w-])[A-Za-z]{2,12}(?:-[A-Za-z]{2,12}){11,31}(?![\w-])")
#: Words: a phrase has 12, 15, 18, 21 or 24; a run beside its label may hold a word or two more
#: ("wallet seed words below: ..."), and goes whole.
_SEED_LENGTH = (12, 32)
#: What names a run of words a seed phrase, said near it in the turn ("... - that's my wallet
#: seed"): a mnemonic, a secret, seed or recovery phrase, a wallet's seed, "restores my account"; or
#: a seed or a wallet (its maker, its coin) with a backup, a recovery or restore, "words" or a
#: "phrase" ("backup words for the Ledger", "they restore my Trezor"; not "seed packets in my
#: wallet", "my recovery plan, with a backup", "the ledger and a backup drive").
#: A wallet, its maker or its coin; "Ledger" only capitalised (not the ledger of accounts).
_WALLET_WORDS = ("wallet", "crypto", "bitcoin", "btc", "trezor", "metamask")
_WALLET = r"(?:" + "|".join(_WALLET_WORDS) + r"|(?-i:Ledger))"
_SEED_NAMED = re.compile(r"\b(?:mnemonic|(?:secret|seed|recovery)\s+(?:phrase|words|sentence)|restores?\s+(?:my|the|your|our)\s+"
                         r"(?:[\w-]+\s+){0,2}?(?:wallet|account|keys?|funds|coins)|" + _WALLET + r"(?:['’]s)?\s+seed)\b",
                         re.IGNORECASE)
_SEED_OF = re.compile(r"\b(?:seed|" + _WALLET + r")\b", re.IGNORECASE)
_SEED_KIND = re.compile(r"\b(?:back-?up|recovery|restores?|words|phrase)\b", re.IGNORECASE)
#: Words of a label that may run into the phrase it names ("seed words 12: wolf echo ...").
_SEED_LABEL = frozenset("seed seeds phrase words word recovery mnemonic backup restore secret ledger".split()) | frozenset(
    _WALLET_WORDS)
_SEED_BEFORE, _SEED_AFTER = 400, 80
#: Words of talk: no seed phrase strings twelve words together with one of these among them (the
#: seed phrase word list's own "can", "have", "that", "this", "you" ... are left out).
_FUNCTION_WORDS = frozenset("""a an the and or but so to of in on at by for from with as is are was were be been am it its
i me my we our your he she them his her their these those here which who not no
if than while do does did has had would could should""".split())


def _seed_runs(text: str) -> Iterator[tuple[int, int]]:
    """Spans of 12 to 32 plain words in a row (see `_SEED_WORD`), each in lower case, capitalised or
    in capitals, none a word of talk, less the words of a label at either end."""
    run: list[re.Match[str]] = []

    def close() -> Iterator[tuple[int, int]]:
        words = list(run)
        while words and words[0].group("w").lower() in _SEED_LABEL:
            words.pop(0)
        while words and words[-1].group("w").lower() in _SEED_LABEL:
            words.pop()
        if _SEED_LENGTH[0] <= len(words) <= _SEED_LENGTH[1]:
            yield words[0].start(), words[-1].end()

    for m in _SEED_WORD.finditer(text):
        word = m.group("w")
        plain = word.lower() not in _FUNCTION_WORDS and (word[1:].islower() or word.isupper())
        joined = bool(run) and _SEED_GAP.fullmatch(text, run[-1].end(), m.start()) is not None
        if not (plain and joined):
            yield from close()
            run = []
        if plain:
            run.append(m)
    yield from close()


def _seed_phrases(text: str) -> Iterator[_Span]:
    """A wallet's seed phrase, which restores the wallet to whoever reads it: a run of `_seed_runs`
    in a turn that names a seed, a recovery phrase, a mnemonic, or a wallet's or backup's words
    near it ("putting the wallet recovery words here so I don't lose them: lantern orbit ...")."""
    chains = [m.span() for m in _SEED_CHAIN.finditer(text)] if "-" in text else []
    for start, end in list(_seed_runs(text)) + chains:
        lo, hi = max(0, start - _SEED_BEFORE), min(len(text), end + _SEED_AFTER)
        near = text[lo:start] + " " + text[end:hi]
        if _SEED_NAMED.search(near) or (_SEED_OF.search(near) and _SEED_KIND.search(near)):
            yield (start, end, "recovery_code", _P_PROSE)


def _digit_count(value: str) -> int:
    return sum(c.isdigit() for c in value)


def _next_word(text: str, pos: int) -> str:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    m = _PHRASE_WORD.match(text, pos)
    return m.group().lower() if m else ""


def _code_value_ok(text: str, value: str, end: int) -> bool:
    """A door/gate/alarm code or a "pass": digits ("4471", "0912#", "12-34-08"), a word chain
    ("fjord-pepper-17") or a token that reads as a password; not money, not "4 digits long"."""
    if value[0] in _CURRENCY or _next_word(text, end) in _MEASURE_WORDS:
        return False
    return (_digit_count(value) >= 3 or _WORD_CHAIN.fullmatch(value) is not None
            or _looks_like_a_value(value))


def _phrase_end(text: str, start: int, max_words: int) -> tuple[int, int, str]:
    """(end, words, stop) for the run of words from `start`: it stops at the clause's end, at a
    conjunction or preposition, or after `max_words`; `stop` says which ("clause", "conjunction",
    "preposition", "limit")."""
    pos = end = start
    words = 0
    while True:
        m = _PHRASE_WORD.match(text, pos)
        if m is None:
            return end, words, "clause"
        word = m.group().lower()
        if words and word in _CONJUNCTIONS:
            return end, words, "conjunction"
        if words and word in _PREPOSITIONS:
            return end, words, "preposition"
        end = _strip_trailing(text, m.start(), m.end())
        words += 1
        if words >= max_words:
            return end, words, "limit"
        gap = end
        while gap < len(text) and text[gap] in " \t":
            gap += 1
        if gap == end or gap >= len(text) or text[gap] in _CLAUSE_END:
            return end, words, "clause"
        pos = gap


def _spoken_phrase(text: str, start: int, max_words: int) -> int | None:
    """The end of a secret said as words ("correct horse battery staple", a seed phrase, a security
    answer), or None when the words read as talk about it ("too long", "stored in the vault", "the
    same as before", "something only I know")."""
    end, words, stop = _phrase_end(text, start, max_words)
    if not words:
        return None
    phrase = text[start:end].lower().split()
    first = phrase[0]
    if first in _NOT_A_PASSWORD_START or any(w in _NOT_A_PASSWORD_START or "'" in w for w in phrase[1:]):
        return None
    if first in _ASSESSMENT or not _plain_word_is_a_password(first):
        # "correct horse battery staple": a describing first word still starts one when at least
        # three more words run to the end of the clause.
        if words < 4 or stop not in ("clause", "conjunction") or any(w in _ASSESSMENT for w in phrase[1:2]):
            return None
    return end


def _code_list_end(text: str, start: int) -> int | None:
    """The end of a list of recovery/backup codes starting at `start`, or None if none starts there."""
    pos, end = start, None
    while True:
        m = _CODE_TOKEN.match(text, pos)
        if m is None:
            break
        token = m.group()
        if not ((_has_digit(token) and len(token) >= 4) or ("-" in token and len(token) >= 8)):
            break
        end = m.end()
        pos = _CODE_LIST_GAP.match(text, end).end()
        if pos == end:
            break
    return end


# Spelling a password out: "capital P, then pinecone, then eight eight", "K as in kilo".
_SPELLING_CUE = re.compile(
    r"(?<![a-z])(?:capital|uppercase|upper[ \-]case|lowercase|lower[ \-]case|small letter|all caps|caps"
    r"|the letter|letter [a-z]\b|[a-z] as in|spelled|spelt|spelling|followed by|no spaces|all one word"
    r"|exclamation (?:mark|point)|at sign|underscore|hash sign)(?![a-z])"
)
# Where the spelled-out password is said whole: "So Pinecone88", "i.e. ...", "that's ...".
_SPELLED_RESULT = re.compile(
    r"(?<![A-Za-z])(?:so|i\.e\.?|that's|that\u2019s|that is|which (?:makes|gives)(?: it| you)?|making it|giving|"
    r"altogether|all together|in full|together)[ \t]*[,:]?[ \t]*(?:it's[ \t]+|that's[ \t]+|you get[ \t]+)?"
    r"(?P<v>[^\s\"'`,;]{4,64})",
    re.IGNORECASE,
)
# A token that mixes letters with digits or symbols: how a spelled-out password reads when whole.
_MIXED_TOKEN = re.compile(
    r"(?<![\w@#$%^&*!+=~\-])(?=\S{0,63}[A-Za-z])(?=\S{0,63}[0-9!@#$%^&*+=~])[A-Za-z0-9!@#$%^&*+=~\-]{5,64}"
)
# A password is spelled out in one sentence: how far to look for its end.
_SPELLED_MAX = 300
_SENTENCE_END = re.compile(r"[.!?\n](?:\s|$)|[.!?\n]$|\n")


def _spelled_segment_end(text: str, start: int) -> int:
    """The end of a password spelled out from `start`: the end of the sentence, or the word that
    says it whole ("So ...")."""
    limit = min(len(text), start + _SPELLED_MAX)
    m = _SENTENCE_END.search(text, start, limit)
    end = m.start() if m else limit
    r = _SPELLED_RESULT.search(text, start, end)
    if r is not None:
        end = r.start()
    return _strip_trailing(text, start, end, _TRAILING_PUNCTUATION + " \t")


def _has_spelling_cue(lower: str, cache: dict[str, bool]) -> bool:
    """Whether the turn spells anything out, computed once per turn (cache) and only when asked."""
    if "cue" not in cache:
        cache["cue"] = _SPELLING_CUE.search(lower) is not None
    return cache["cue"]


def _is_spelled(text: str, lower: str, start: int) -> bool:
    """True when the value at `start` spells a password out rather than giving it: it starts with a
    spelling cue ("capital P, then ...", "K as in kilo ..."), or starts like a password and its
    sentence holds one ("Hunter22 with a capital H"; not "too weak, it needs a capital letter")."""
    if _SPELLING_CUE.match(lower, start):
        return True
    limit = min(len(text), start + _SPELLED_MAX)
    m = _SENTENCE_END.search(text, start, limit)
    segment = lower[start:m.start() if m else limit]
    if _SPELLING_CUE.search(segment) is None:
        return False
    first = segment.split(None, 1)[0].strip(_TRAILING_PUNCTUATION) if segment.strip() else ""
    return bool(first) and first not in _ASSESSMENT and first not in _NOT_A_PASSWORD_START


_CREDENTIAL_KINDS = {"pass": "password", "wifi": "password", "access": "access_code", "combo": "access_code",
                     "recovery": "recovery_code", "seed": "recovery_code", "answer": "password"}


# "..., it's 582079", "which is 4471": a code's digits given later in its sentence as what it is.
# ("(the code's 8306)", "the code is 8306": of the lock named before it)
_IT_IS_DIGITS = re.compile(r"\b(?:it['\u2019]?s|it[ \t]+is|which[ \t]+is|that['\u2019]s|that[ \t]+is|"
                           r"(?:(?:the|its)[ \t]+|(?<=\())code(?:['\u2019]s|[ \t]+is))[ \t]+(?:just[ \t]+|now[ \t]+)?"
                           r"(?P<v>\d[\d \t\-]{2,10}\d)(?![\w\-])", re.IGNORECASE)


_IT_OPENS = re.compile(r"[.!?\s]*(?:it['\u2019]?s|it[ \t]+is)\b", re.IGNORECASE)
#: A code's name ("the alarm pin", "the gate code", "the combination"), whose value may come later.
_CODE_NAME = re.compile(r"(?<![\w-])(?:pin|pin[ \t]+(?:number|code)|passcode|password|combination|combo|"
                        r"(?:door|gate|garage|alarm|access|entry|key[ \t]?safe|lockbox|locker|safe|lock|phone|bike|shed|building|"
                        r"keypad|unlock)[ \t]+code"
                        # a lock that opens to a code ("a key in the lockbox by the side gate (the code's 8306)")
                        r"|lock[ \t-]?box(?:es)?|key[ \t]?safe|padlock|combination[ \t]+lock|keypad)(?![\w-])", re.IGNORECASE)


def _code_said_later(text: str) -> Iterator[_Span]:
    """A code named and its digits given later in the sentence as what "it" is ("keep forgetting
    the alarm pin when I come in at 5am, it's 582079"): four digits or more."""
    searched: tuple[int, int, re.Match[str] | None] | None = None  # (from, to, found) of the last search
    # where sentences end, found once (a name each searching on to the end is quadratic in names)
    stops = [(x.start(), x.end()) for x in _SENTENCE_END.finditer(text)]
    starts = [a for a, _ in stops]
    for m in _CODE_NAME.finditer(text):
        k = bisect.bisect_left(starts, m.end())
        end = stops[k][0] if k < len(stops) else len(text)
        if k < len(stops) and _IT_OPENS.match(text, stops[k][1]):
            # "my bank pin? it's 3928": the next sentence says what it is
            k2 = bisect.bisect_left(starts, stops[k][1])
            end = stops[k2][0] if k2 < len(stops) else len(text)
        if searched is not None and searched[1] == end and searched[0] <= m.end() and (
                searched[2] is None or searched[2].start() >= m.end()):
            continue  # the search from a name before this one found it, or nothing (many names: once)
        else:
            later = _IT_IS_DIGITS.search(text, m.end(), end)
            searched = (m.end(), end, later)
        if later is None or _digit_count(later.group("v")) < 4 or _next_word(text, later.end("v")) in _MEASURE_WORDS:
            continue
        if re.fullmatch(r"(?:19|20)\d\d", later.group("v")) and _next_word(text, later.end("v")).isalpha():
            continue  # "it's 2019 model": a year that says what
        kind = "pin" if m.group().lower().startswith("pin") else "access_code"
        yield (*later.span("v"), kind, _P_PROSE)


# "I've set her UPI PIN as 739164", "changed the gate code to 4471": the value a code was set to.
_SET_AS = re.compile(r"[ \t]+(?:as|to)[ \t]+(?P<v>\d[\d \t\-]{2,10}\d#?)(?![\w\-])")


_SETTING = re.compile(r"\b(?:set|sets|setting|changed?|changing|reset|resetting|updated?|made|make|chose|choose|"
                      r"picked|pick|switched|switch)\b", re.IGNORECASE)


def _code_set_as(text: str) -> Iterator[_Span]:
    """A code named, then the digits it was set or changed to ("set her UPI PIN as 739164", "reset
    the alarm code to 5521"): four digits or more, not a measure ("the combination to 1000 metres")."""
    for m in _CODE_NAME.finditer(text):
        given = _SET_AS.match(text, m.end())
        if given is None or _digit_count(given.group("v")) < 4 or _next_word(text, given.end("v")) in _MEASURE_WORDS:
            continue
        if not _SETTING.search(text, max(0, m.start() - 40), m.start()):
            continue  # "dropped a pin to 1600 Pennsylvania Avenue": no code set
        if re.fullmatch(r"(?:19|20)\d\d", given.group("v")) and _next_word(text, given.end("v")).isalpha():
            continue  # "changed the building code to 2021 last year": a year
        yield (*given.span("v"), "pin" if m.group().lower().startswith("pin") else "access_code", _P_PROSE)


# "keypad code 3381 then hash": digits right after an access code's name are its value.
_BARE_CODE = re.compile(r"[ \t]+(?P<v>\d[\d\-]{2,11}#?)(?![\w\-])")
# "Backup codes in case it goes wrong: 8841-2290, ...": a few words on why, then the list.
_LIST_AFTER_WORDS = re.compile(r"(?:,?[ \t]+[\w'\u2019\-]+){1,12}?[ \t]*:[ \t]*(?:\r?\n[ \t]*)?")


def _credentials(text: str, lower: str) -> Iterator[_Span]:
    cache: dict[str, bool] = {}
    for group, kw_start, kw_end in _credential_anchors(lower):
        m = _CREDENTIAL_TAIL.match(text, kw_end)
        if m is None:
            bare = _BARE_CODE.match(text, kw_end) if group == "access" else None
            if bare is not None and _has_digit(bare.group("v")) and sum(c.isdigit() for c in bare.group("v")) >= 4:
                yield (*bare.span("v"), _CREDENTIAL_KINDS[group], _P_PROSE)

            if group == "recovery":
                gap = _LIST_AFTER_WORDS.match(text, kw_end)
                list_end = _code_list_end(text, gap.end()) if gap is not None else None
                if list_end is not None:
                    yield (gap.end(), list_end, _CREDENTIAL_KINDS[group], _P_PROSE)
                else:
                    yield from _codes_later_in_sentence(text, kw_end)
            continue
        kind = _CREDENTIAL_KINDS[group]
        quoted = False
        for quote in ("dq", "sq", "bq"):
            if m.group(quote) is not None:
                start, end = m.span(quote)
                quoted = True
                break
        else:
            start, end = m.span("v")
            end = _strip_trailing(text, start, end)
        value = text[start:end]
        if not value.strip() or not any(c.isalnum() for c in value) or value.startswith(_TEMPLATE_STARTS):
            continue
        if quoted:
            yield (start, end, kind, _P_PROSE)
            continue
        if group == "pass":
            before = lower[max(0, kw_start - 24):kw_start].split()
            if before and before[-1] in _TICKET_PASS:
                continue
            if not any(c.isalpha() for c in value) and "is" not in m.group("sep").lower():
                continue  # "tests pass: 120/130" is a count; "the pass is 4471" is a code
        if group in ("seed", "recovery", "answer"):
            if group == "recovery":
                phrase_end = _code_list_end(text, start)
            else:
                phrase_end = _spoken_phrase(text, start, 24 if group == "seed" else 6)
            if phrase_end is not None:
                yield (start, phrase_end, kind, _P_PROSE)
            continue
        if group in ("pass", "wifi") and _has_spelling_cue(lower, cache) and _is_spelled(text, lower, start):
            yield (start, _spelled_segment_end(text, start), kind, _P_PROSE)
            continue
        if group == "wifi" and _WIFI_SECURITY.fullmatch(value):
            continue  # "the wifi key is WPA2 protected"
        if _code_value_ok(text, value, end):
            yield (start, end, kind, _P_PROSE)
        elif group == "wifi" and _PASSPHRASE_WORD.fullmatch(value):
            # The wifi code, like a password, is often a plain word: "the wifi code is sunflower".
            phrase_end = _spoken_phrase(text, start, 6)
            if phrase_end is not None and _plain_word_is_a_password(value):
                yield (start, phrase_end, kind, _P_PROSE)


# "The PIN they mailed me is 4817", "the door code the host gave us was 2950", "the password I picked
# is Tulip-77": a short clause between the credential and its value. The value must read as one:
# digits for a PIN or a code, a token that is not English for a password.
_RELATIVE_DISCLOSURE = re.compile(
    r"(?<![A-Za-z])(?P<kw>pins?|pin[ \-]?(?:code|number)s?|passcodes?|passwords?|pass ?phrases?|combos?|combinations?|"
    r"(?P<opens>[a-z\-]+)[ \t]+codes?)"
    # "my password manager is 1Password": a thing named after passwords, not a clause about one
    r"(?![ \t]+(?:managers?|policy|policies|reset|resets|hints?|fields?|prompts?|strength|rules?|requirements?|"
    r"vaults?|apps?|generators?|changes?|expiry|length)\b)"
    r"(?P<clause>(?:[ \t]+(?!(?:is|was|are|were|will|should|and|or|but|because|so|if|when)\b)"
    r"[a-z][a-z'\u2019\-]*){1,7})"
    r"[ \t]+(?:is|was)[ \t]+(?:now[ \t]+|still[ \t]+|just[ \t]+)?",
    re.IGNORECASE,
)
_CODE_VALUE = re.compile(r"\d[\d\-#*]{2,11}")
# A passphrase said as words runs to the end of its clause, prepositions and all ("otter sings at dawn").
_PHRASE_STOP = re.compile(r"[,;.!?\n(]|\s[\u2013\u2014-]\s")


#: "the alarm company asks for a verbal passcode and ours is kiwi-lemon-52", "the bank wants a
#: security word and mine is bluebell-42": a secret named as one that people have, then the
#: speaker's own given as "mine is" / "ours is" later in the sentence or in the next one.
_SECRET_HELD = re.compile(r"(?<![a-z])(?:pass(?:word|code|phrase)s?|pins?|(?:code|security|secret|safe|memorable)\s+words?|"
                          r"(?P<code>codes?))(?![a-z])"
                          r"(?![\s-]+(?:managers?|policy|policies|reset|resets|hints?|fields?|prompts?|rules?|"
                          r"requirements?|vaults?|apps?|generators?)(?![a-z]))")
_OWN_ONE = re.compile(r"(?<![a-z'’])(?:mine|ours|my\s+one|our\s+one)(?:\s+is|['’]s)\s+(?:just\s+|now\s+)?")
#: The stops and spaces between two sentences ("...a password. Mine is", "...!!\n\nMine is").
_BETWEEN_SENTENCES = re.compile(r"[.!?\s]*$")
_HELD_WITHIN = 120


def _own_secret_after_named(text: str, lower: str) -> Iterator[_Span]:
    for own in _OWN_ONE.finditer(lower):
        floor = max(0, own.start() - _HELD_WITHIN)
        cut = max((m.end() for m in _SENTENCE_BEFORE.finditer(lower, floor, own.start())), default=floor)
        if not lower[cut:own.start()].strip():
            # "They gave everyone a PIN. Mine is 4471": the sentence before names it
            gap = _BETWEEN_SENTENCES.search(lower, floor, cut)
            end_of_before = gap.start() if gap else cut
            cut = max((m.end() for m in _SENTENCE_BEFORE.finditer(lower, floor, end_of_before)), default=floor)
        named = None
        for m in _SECRET_HELD.finditer(lower, cut, own.start()):
            before = lower[max(0, m.start() - 30):m.start()].split()
            prev, prev2 = (before[-1] if before else ""), (before[-2] if len(before) > 1 else "")
            if (m.group("code") is None or prev in _ACCESS_CODE_WORDS or (prev2, prev) in _ACCESS_CODE_PAIRS
                    or _opens_earlier_in_sentence(lower, m.start(), prev)):
                named = m  # a code counts where it opens something ("a door code", "the gate needs a code")
        if named is None:
            continue
        v = _VALUE_TOKEN.match(text, own.end())
        if v is None or v.group().startswith(_TEMPLATE_STARTS):
            continue
        end = _strip_trailing(text, v.start(), v.end())
        value = text[v.start():end]
        if value.isdigit():
            if len(value) >= 4 and _next_word(text, end) not in _MEASURE_WORDS:
                yield (v.start(), end, "access_code" if named.group("code") else "password", _P_PROSE)
        elif _looks_like_a_value(value):  # (not words alone: "mine is much-much-better")
            yield (v.start(), end, "password", _P_PROSE)


def _relative_disclosures(text: str, lower: str) -> Iterator[_Span]:
    for m in _RELATIVE_DISCLOSURE.finditer(lower):
        opens = m.group("opens")
        if opens is not None and opens not in _ACCESS_CODE_WORDS and not _opens_something(lower, m.end("kw")):
            continue  # "the zip code they gave me is ...": not a credential
        v = re.match(r"[^\s\"'`,;]{1,64}", text[m.end():])
        if v is None:
            continue
        start = m.end()
        end = _strip_trailing(text, start, start + v.end())
        value = text[start:end]
        kw = m.group("kw")
        if kw.replace(" ", "").startswith("passphrase"):
            # said as words: "the passphrase there is otter sings at dawn, all lowercase"
            if _spoken_phrase(text, start, 6) is not None:  # words that read as one, not talk about it
                stop = _PHRASE_STOP.search(text, start)
                end = _strip_trailing(text, start, stop.start() if stop else len(text))
                if len(text[start:end].split()) <= 8:
                    yield (start, end, "password", _P_PROSE)
        elif kw.startswith("password"):
            if _looks_like_a_value(value) and any(c.isalpha() for c in value):
                yield (start, end, "password", _P_PROSE)
        elif _CODE_VALUE.fullmatch(value) and _digit_count(value) >= 4 and _next_word(text, end) not in _MEASURE_WORDS:
            kind = "pin" if kw.startswith("pin") else "password" if kw.startswith("passcode") else "access_code"
            yield (start, end, kind, _P_PROSE)


# "Fjord42 is my new password", "Hunter2 - that's the password": the value before the keyword. The
# keyword phrase is found first (in the lower-cased text), then the word just before it.
_KEYWORD_AFTER_VALUE = re.compile(
    r"(?:that's|that\u2019s|that is|it's|it is|is|was|will be|as)[ \t]+"
    r"(?:my|the|our|your|his|her|their)[ \t]+"
    r"(?:(?:new|old|current|real|actual|wifi|wi-fi|admin|master|root|login)[ \t]+)?"
    r"(?P<kw>password|passcode|passphrase|pw|pin)(?![\w\-])"
    r"(?![ \t]+(?:manager|vault|app|policy|rules?|reset|hint|field|box|prompt|generator|requirements?))"
)
_VALUE_AT_END = re.compile(r"(?<![^\s\"'(\[])(?P<v>[^\s\"'`,;]{4,64}?)[.,;:!]?[ \t]*(?:[\-\u2013\u2014][ \t]*)?$")


def _values_before_keywords(text: str, lower: str) -> Iterator[_Span]:
    for k in _KEYWORD_AFTER_VALUE.finditer(lower):
        m = _VALUE_AT_END.search(text, max(0, k.start() - 80), k.start())
        if m is None:
            continue
        start, end = m.span("v")
        end = _strip_trailing(text, start, end)
        value = text[start:end]
        kind = "pin" if k.group("kw") == "pin" else "password"
        if kind == "pin" and not _PIN_VALUE.fullmatch(value):
            continue
        if kind == "password" and not (_looks_like_a_value(value) and any(c.isalpha() for c in value)):
            continue
        if value.startswith(_TEMPLATE_STARTS):
            continue
        yield (start, end, kind, _P_PROSE)


def _spelled_passwords(text: str, lower: str) -> Iterator[_Span]:
    """In a turn that spells a password out, the password said whole, wherever it stands: after
    "So ..." / "that's ...", and any token that mixes letters with digits or symbols."""
    for m in _SPELLED_RESULT.finditer(text):
        start, end = m.span("v")
        end = _strip_trailing(text, start, end)
        value = text[start:end]
        if len(value) < 4 or not any(c.isalpha() for c in value):
            continue
        if _looks_like_a_value(value):
            yield (start, end, "password", _P_PROSE)
        elif _PASSPHRASE_WORD.fullmatch(value) and _plain_word_is_a_password(value):
            rest = text[end:].lstrip(" \t")
            if not rest or rest[0] in _CLAUSE_END:  # "So pinecone." (not "so remember it")
                yield (start, end, "password", _P_PROSE)
    for m in _MIXED_TOKEN.finditer(text):
        start, end = m.start(), _strip_trailing(text, m.start(), m.end())
        if end - start >= 5:
            yield (start, end, "password", _P_PROSE)


# Kinds found in prose whose value is redacted again wherever else it appears in the same turn.
_REPEATED_KINDS = frozenset({"password", "pin", "access_code", "recovery_code", "secret", "token", "api_key"})


def _repeats(text: str, spans: list[_Span]) -> list[_Span]:
    """Every other whole-word occurrence of a disclosed value: "my password is Fjord42 ... Fjord42"."""
    seen: set[str] = set()
    found: list[_Span] = []
    for start, end, kind, priority in spans:
        if kind not in _REPEATED_KINDS or end - start < 4:
            continue
        value = text[start:end]
        if value in seen or text.count(value) < 2:
            continue
        seen.add(value)
        rx = re.compile(r"(?<![\w])" + re.escape(value) + r"(?![\w])")
        found.extend((m.start(), m.end(), kind, priority) for m in rx.finditer(text) if m.start() != start)
    return found


# --------------------------------------------------------------------------------------------------
# Bank and national identifiers, phone numbers.
# --------------------------------------------------------------------------------------------------

# Bare, self-validating shapes (checked with python-stdnum): IBANs and US SSNs written 123-45-6789.
_IBAN_CANDIDATE = re.compile(
    r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?(?![A-Za-z0-9])"
)
_SSN_CANDIDATE = re.compile(r"(?<![\w\-])\d{3}-\d{2}-\d{4}(?![\w]|-\d)")
_IBAN_HINT = re.compile(r"[A-Z]{2}\d{2}")


def _iban_shaped(value: str) -> bool:
    """An IBAN in every part but its check digits: a country of the IBAN registry and that
    country's account structure, at its exact length. A mistyped IBAN, or one made up for an
    example, is still an account number to keep out of memory."""
    from stdnum import iban

    number = iban.compact(value)
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{8,30}", number):
        return False
    country = iban._ibandb.info(number)[0][1]
    bban = country.get("bban")
    m = iban._struct_to_re(bban).match(number[4:]) if bban else None
    return m is not None and m.end() == len(number) - 4


def _ssn_shaped(value: str) -> bool:
    """Nine digits in the 3-2-4 shape, introduced as a social security number: one the SSA never
    issues (000-, 666-, 9xx-) or made up for an example is still written as the user's own."""
    return re.fullmatch(r"\d{3}([- ]?)\d{2}\1\d{4}", value.strip()) is not None


# Identifiers introduced by words: (introducer, kind, validators). A validator is the name of a
# python-stdnum module (its is_valid) or a function; the first prefix of the value (in whole
# groups, longest first) that one of them accepts is redacted. Short acronyms only match in capitals.
_ID_RULES: tuple[tuple[str, str, tuple[str | Callable[[str], bool], ...], str], ...]


def _digits_only(value: str) -> str:
    return re.sub(r"[ .\-/]", "", value)


def _bank_account_ok(value: str) -> bool:
    compact = _digits_only(value)
    return compact.isdigit() and 6 <= len(compact) <= 20


def _plain_account_number(value: str) -> bool:
    """An account number said without its label: 6 to 20 digits, alone or in groups joined by a
    hyphen or a space, not thousands ("4 500 000"), a span of years ("2015-2023", "2024-25") or a
    date ("14-02-2024")."""
    if not re.fullmatch(r"\d+(?:[ \-]\d+)*", value) or not 6 <= _digit_count(value) <= 20:
        return False
    if re.fullmatch(r"\d{1,3}(?: \d{3})+", value) or re.fullmatch(r"(?:19|20)\d\d-\d{2,4}", value):
        return False
    # a date written whole ("20240115")
    if re.fullmatch(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])", value):
        return False
    return re.fullmatch(r"\d{1,2}-\d{1,2}-\d{2,4}", value) is None


def _bare_account_number(value: str) -> bool:
    """An account number after a bare "account": a plain one (`_plain_account_number`), not a day
    ("2024-03-15", "15 03 2024"), a month ("202403"), years ("2023 2024"), nor a number written as
    phone numbers are (a national one opening with 0, "0800 123 4567", "07700900123"; a North
    American one, "555-123-4567", "1-800-555-0199")."""
    if not _plain_account_number(value):
        return False
    if re.fullmatch(r"(?:19|20)\d\d-\d\d-\d\d|(?:19|20)\d\d(?:0[1-9]|1[0-2])|\d{1,2} \d{1,2} \d{2,4}|"
                    r"(?:19|20)\d\d[ \-](?:19|20)?\d\d", value):
        return False
    return re.fullmatch(r"0\d{2,4}[ \-]?\d{3,4}(?:[ \-]?\d{3,4})?|(?:1-)?\d{3}-\d{3}-\d{4}", value) is None


#: What makes a bare "account" a bank's: a bank named or its details, a payment into it ("Umhlaba
#: Bank, account ...", "pay the deposit into account ..."); not "take into account 150000".
_BANK_CUE = re.compile(r"\b(?:bank|banking|sort[ \t]+code|branch|iban|swift|bsb|routing|transfer|deposit|pay(?:ment|ing)?|paid|"
                       r"debit|cheque|checking|savings|details|beneficiary|payee|wire)\b", re.IGNORECASE)
_INTO_ACCOUNT_IDIOM = re.compile(r"\b(?:take|takes|taking|took|taken)[ \t]+(?:[\w'\u2019-]+[ \t]+){0,3}?into[ \t]+$", re.IGNORECASE)


def _bank_account_context(text: str, at: int) -> bool:
    """Whether a bare "account" at `at` is a bank's (`_BANK_CUE` in the 60 characters before it)."""
    before = text[max(0, at - 60):at]
    return _BANK_CUE.search(before) is not None and _INTO_ACCOUNT_IDIOM.search(before) is None


def _sort_code_ok(value: str) -> bool:
    return re.fullmatch(r"\d{2}([ \-]?)\d{2}\1\d{2}", value) is not None


def _bsb_ok(value: str) -> bool:
    return re.fullmatch(r"\d{3}[ \-]?\d{3}", value) is not None


def _transit_ok(value: str) -> bool:
    compact = _digits_only(value)
    return compact.isdigit() and 3 <= len(compact) <= 9


def _ifsc_ok(value: str) -> bool:
    return re.fullmatch(r"[A-Z]{4}0[A-Z0-9]{6}", value.upper()) is not None


def _nino_ok(value: str) -> bool:
    # UK National Insurance number: two letters, six digits, a suffix A-D (python-stdnum has no module).
    return re.fullmatch(r"(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]?",
                        _digits_only(value).upper()) is not None


def _has_id_digits(value: str) -> bool:
    """An introduced id with no validator: it needs at least four digits."""
    return _digit_count(value) >= 4


def _bic_ok(value: str) -> bool:
    # Written in capitals, as banks print them: "SWIFT code is REQUIRED" would pass stdnum's check.
    return value.isupper() and _stdnum_valid("bic", value)


def _passport_ok(value: str) -> bool:
    compact = _digits_only(value)
    return compact.isalnum() and 6 <= len(compact) <= 12 and _digit_count(compact) >= 4


_NUMBER = r"(?:[ \t]+(?:number|no\.?|num\.?|nr\.?|#))?"
# (introducer, kind, validators, stems). Stems ("|"-separated) are literals the introducer cannot be
# without: lower-case ones are looked for in the lower-cased text, others (acronyms) as written.
_ID_RULES = (
    (r"(?:(?:bank|checking|savings|current|chequing|cheque)[ \t]+)?(?:account|acct\.?|acc\.?|a/c)[ \t]*(?:number|no\.?|num\.?|#)"
     r"|(?:bank|checking|savings|chequing|cheque)[ \t]+account", "bank_account", (_bank_account_ok,), "account|acct|acc|a/c"),
    # whose account it is, then its number ("it left my account 53019862 on the 1st", "our joint
    # account 11223344", "my mum's account", "Priya's account", "my Monzo account"): a plain number,
    # not a date, a span of years or an amount (a number named as one, "my account number: ...", is
    # the rule's above)
    (r"(?:(?:my|our|your|his|her|their)[ \t]+(?:[\w-]+['’]s[ \t]+)?|(?-i:[A-Z])[\w-]*['’]s[ \t]+)"
     r"(?:(?!account\b)[\w-]+[ \t]+)?(?:(?:bank|checking|savings|current|chequing)[ \t]+)?account"
     r"(?![ \t]*(?:number|no\b|no\.|num\b|num\.|#))", "bank_account", (_plain_account_number,), "account"),
    # an account and its number, whoever's ("Umhlaba Bank, account 62849173055", "pay it into
    # account 40917733"): a plain number, as above, that no date, month or phone number is
    (r"account(?=[ \t]+\d)", "bank_account", (_bare_account_number,), "account"),
    (r"(?:aba[ \t]+)?routing(?:[ \t]+transit)?" + _NUMBER + r"|(?-i:ABA|RTN)" + _NUMBER, "routing_number",
     ("us.rtn",), "routing|ABA|RTN"),
    (r"sort[ \t]+code", "routing_number", (_sort_code_ok,), "sort"),
    (r"(?-i:BSB)" + _NUMBER, "routing_number", (_bsb_ok,), "BSB"),
    (r"(?:transit|institution)[ \t]+(?:number|no\.?|#)", "routing_number", (_transit_ok,), "transit|institution"),
    (r"(?-i:IFSC)(?:[ \t]+code)?", "routing_number", (_ifsc_ok,), "IFSC"),
    (r"swift(?:[ \t]*/[ \t]*bic)?(?:[ \t]+code)?|(?-i:BIC)(?:[ \t]+code)?", "routing_number", (_bic_ok,), "swift|BIC"),
    (r"(?-i:IBAN)", "iban", ("iban", _iban_shaped), "IBAN"),
    (r"passport[ \t]+(?:number|no\.?|num\.?|nr\.?|#)", "passport_number", (_passport_ok,), "passport"),
    (r"social[ \t]+security" + _NUMBER + r"|ssn", "national_id", ("us.ssn", _ssn_shaped), "social|ssn"),
    (r"(?-i:ITIN)", "national_id", ("us.itin",), "ITIN"),
    (r"(?-i:EIN)|employer[ \t]+identification[ \t]+number", "national_id", ("us.ein",), "EIN|employer"),
    (r"tax[ \t]+file[ \t]+number|(?-i:TFN)", "national_id", ("au.tfn",), "tax|TFN"),
    (r"(?:tax(?:payer)?|fiscal)[ \t]+(?:id(?:entification)?|identity|number|code)" + _NUMBER + r"|(?-i:TIN)",
     "national_id", (_has_id_digits,), "tax|fiscal|TIN"),
    (r"national[ \t]+insurance" + _NUMBER + r"|(?-i:NI)[ \t]+(?:number|no\.?)|(?-i:NINO)", "national_id",
     (_nino_ok,), "insurance|NI"),
    (r"personnummer|person[ \t]+number", "national_id", ("se.personnummer", "dk.cpr", "no.fodselsnummer"), "person"),
    (r"burgerservicenummer|(?-i:BSN)", "national_id", ("nl.bsn",), "burgerservicenummer|BSN"),
    (r"(?-i:NIR|INSEE)" + _NUMBER + r"|num[eé]ro[ \t]+de[ \t]+s[eé]curit[eé][ \t]+sociale", "national_id",
     ("fr.nir",), "NIR|INSEE|numero|numéro"),
    (r"(?-i:DNI)", "national_id", ("es.dni",), "DNI"),
    (r"(?-i:NIE)", "national_id", ("es.nie",), "NIE"),
    (r"(?-i:NIF)", "national_id", ("es.nif", "pt.nif"), "NIF"),
    (r"aadhaa?r(?:[ \t]+card)?" + _NUMBER, "national_id", ("in_.aadhaar",), "aadha"),
    (r"(?-i:PAN)[ \t]+(?:card[ \t]+)?(?:number|no\.?)", "national_id", ("in_.pan",), "PAN"),
    (r"social[ \t]+insurance" + _NUMBER + r"|(?-i:SIN)", "national_id", ("ca.sin",), "social|SIN"),
    (r"(?-i:PESEL)", "national_id", ("pl.pesel",), "PESEL"),
    (r"(?-i:CPR)[ \t\-]*(?:number|nummer|nr\.?|no\.?)", "national_id", ("dk.cpr",), "CPR"),
    (r"f[oø]dselsnummer", "national_id", ("no.fodselsnummer",), "dselsnummer"),
    (r"henkil[oö]tunnus|(?-i:HETU)", "national_id", ("fi.hetu",), "henkil|HETU"),
    (r"codice[ \t]+fiscale", "national_id", ("it.codicefiscale",), "codice"),
    (r"(?-i:CPF)", "national_id", ("br.cpf",), "CPF"),
    (r"(?-i:CURP)", "national_id", ("mx.curp",), "CURP"),
    (r"steuer[ \t\-]?(?:id|identifikationsnummer)|(?-i:IdNr)", "national_id", ("de.idnr",), "steuer|IdNr"),
    (r"(?-i:NHS)[ \t]+(?:number|no\.?)", "national_id", ("gb.nhs",), "NHS"),
    (r"(?-i:PPSN?)" + _NUMBER, "national_id", ("ie.pps",), "PPS"),
    (r"rijksregisternummer|national[ \t]+register[ \t]+number", "national_id", ("be.nn",), "rijksregister|national"),
    (r"(?-i:AHV)" + _NUMBER, "national_id", ("ch.ssn",), "AHV"),
    (r"(?-i:EGN)", "national_id", ("bg.egn",), "EGN"),
    (r"(?-i:CNP)", "national_id", ("ro.cnp",), "CNP"),
    (r"(?-i:OIB)", "national_id", ("hr.oib",), "OIB"),
    (r"(?-i:RUT)", "national_id", ("cl.rut",), "RUT"),
    (r"national[ \t]+(?:id(?:entity|entification)?|identity)(?:[ \t]+card)?" + _NUMBER
     + r"|identi(?:ty|fication)[ \t]+(?:card[ \t]+)?(?:number|no\.?)|id (?:card )?(?:number|no\.?)"
     + r"|citizen[ \t]+(?:id|number)|driv(?:er'?s|ing|er)[ \t]+licen[cs]e" + _NUMBER,
     "national_id", (_has_id_digits,), "national|identi|id card|id number|id no|citizen|licen"),
)
# An introducer, then what separates it from its value: "SSN: ", "routing number is ", "BSN ", "no. #".
_ID_INTRO = re.compile(
    r"(?<![A-Za-z0-9])(?:" + "|".join(f"(?P<r{i}>{rule[0]})" for i, rule in enumerate(_ID_RULES)) + r")"
    r"(?![A-Za-z])(?:[ \t]*(?:'s|\u2019s))?[ \t]*"
    r"(?:(?:[:=#]|[\-\u2013\u2014](?=[ \t]))[ \t]*|(?:is|was|reads)[ \t]+(?::[ \t]*)?"
    # ("my CPF, it's ...", "my SIN which is ...", "my ID number, 8805...")
    r"|,?[ \t]*(?:it['\u2019]s|it[ \t]+is|which[ \t]+is)[ \t]+|,[ \t]*(?=[A-Za-z]{0,3}\d))?(?:#[ \t]*)?",
    re.IGNORECASE,
)
_ID_STEMS = sorted({stem for rule in _ID_RULES for stem in rule[3].split("|")})
# Cheap gates for _ID_INTRO (~30 us a sentence): plain literals, lower-case ones and acronyms.
_ID_WORD_GATE = re.compile("|".join(re.escape(s) for s in _ID_STEMS if s == s.lower()))
_ID_ACRONYM_GATE = re.compile("|".join(re.escape(s) for s in _ID_STEMS if s != s.lower()))
# How far before its value an introducer's stem can start ("employer identification number: ...").
_ID_STEM_REACH = 64


def _introduces_an_identifier(text: str, lower: str) -> bool:
    """The cheap test before _ID_INTRO: an acronym anywhere, or a stem shortly before a number."""
    if _ID_ACRONYM_GATE.search(text):
        return True
    if "swift" in lower:
        return True
    numbers = [m.start() for m in itertools.islice(_ID_VALUE_HINT.finditer(text), 4)]
    if len(numbers) > 3:
        return _ID_WORD_GATE.search(lower) is not None
    return any(_ID_WORD_GATE.search(lower, max(0, n - _ID_STEM_REACH), n) for n in numbers)


_ID_GROUP = re.compile(r"[A-Za-z0-9]+")
_ID_MAX_GROUPS = 8

@functools.lru_cache(maxsize=None)
def _stdnum_module(module: str):
    """A python-stdnum module by its dotted name ("ca.sin"), imported when first asked for."""
    import importlib

    return importlib.import_module(f"stdnum.{module}")


def _stdnum_valid(module: str, value: str) -> bool:
    try:
        return bool(_stdnum_module(module).is_valid(value))
    except Exception:  # a validator that chokes on odd input has not validated it
        return False


def _id_groups(text: str, pos: int, iban: bool = False) -> list[tuple[int, int]]:
    """The groups of letters/digits of a value from `pos` ("123-45-6789", "AB 12 34 56 C"): a plain
    word ("in", "and", "expires") ends it. An IBAN's groups may be four letters ("gb29 nwbk ...")."""
    groups: list[tuple[int, int]] = []
    while len(groups) < _ID_MAX_GROUPS:
        m = _ID_GROUP.match(text, pos)
        if m is None:
            break
        g = m.group()
        if not groups and not (_has_digit(g) or g.isupper() or iban):
            break  # "license in 2009": a value starts with a digit or a capital code
        if groups and not _has_digit(g) and not (len(g) <= 2 and g.isupper()) and not (iban and len(g) <= 4):
            break
        groups.append(m.span())
        nxt = m.end()
        if nxt + 1 < len(text) and text[nxt] in " -./" and text[nxt + 1].isalnum():
            pos = nxt + 1
        else:
            break
    return groups


def _stdnum_shaped(module: str, value: str) -> bool:
    """Whether python-stdnum finds no fault with a value but its check digit or a part never issued
    ("SIN 739 218 504"): the user's number typed with a slip, or one made up, is still written as
    theirs once introduced by its name (as `_ssn_shaped` reads an SSN)."""
    from stdnum.exceptions import InvalidChecksum, InvalidComponent

    try:
        _stdnum_module(module).validate(value)
    except (InvalidChecksum, InvalidComponent):
        return True
    except Exception:  # a wrong length or format, or a validator that chokes on odd input
        return False
    return True


def _id_valid(validator: str | Callable[[str], bool], value: str) -> bool:
    if not isinstance(validator, str):
        return validator(value)
    # Some stdnum modules keep spaces ("401 22 9815" is not an SSN to us.ssn, "401229815" is).
    return _stdnum_valid(validator, value) or _stdnum_valid(validator, _digits_only(value))


def _id_shaped(validator: str | Callable[[str], bool], value: str) -> bool:
    """`_stdnum_shaped` of a stdnum validator, read as `_id_valid` reads a value (with its spaces,
    then without); a function's check has no shape apart from its verdict."""
    return isinstance(validator, str) and (_stdnum_shaped(validator, value)
                                           or _stdnum_shaped(validator, _digits_only(value)))


#: Words after a number that make it a count or an amount, not an account's number ("my account
#: 250000 points", "topped up my account 100000 won"), besides `_QUANTITY_WORDS`.
_UNITS = frozenset("won yen kr dong rupees rs credits coins gems followers likes subscribers xp".split())


#: How `_ID_INTRO` ends when the number is joined to its name by "it's" or "which is".
#: Checks that any run of digits of a length passes: after "it's", an amount or a year would.
_LOOSE = (_has_id_digits, _plain_account_number, _bank_account_ok)
_NAMES_A_NUMBER = re.compile(r"\b(?:number|no\.?|num\.?|nr\.?)(?=[ \t,:]|$)|#", re.IGNORECASE)
_JOINED = re.compile(r"(?:it['\u2019]s|it[ \t]+is|which[ \t]+is)[ \t]+(?:#[ \t]*)?$", re.IGNORECASE)
#: ... or set off by a comma ("my tax code, 1257L, is wrong", "my savings account, 150000 now").
_COMMA_END = re.compile(r",[ \t]*$")


def _identifiers(text: str) -> Iterator[_Span]:
    for m in _ID_INTRO.finditer(text):
        _, kind, validators, _ = _ID_RULES[int(m.lastgroup[1:])]
        if ((_JOINED.search(m.group()) or _COMMA_END.search(m.group())) and any(v in _LOOSE for v in validators)
                and not _NAMES_A_NUMBER.search(m.group())):
            # "my savings account, which is 150000 now", "my tax code, it's 1257L": said of the thing,
            # a number whose form no check tells from an amount or a year is not its identifier (its
            # number is: "my account number, it's ...")
            continue
        groups = _id_groups(text, m.end(), iban=kind == "iban")
        comma = _COMMA_END.search(m.group()) is not None
        for k in range(len(groups) - 1, -1, -1):
            start, end = groups[0][0], groups[k][1]
            value = text[start:end]
            if comma and _digit_count(value) < 6:
                continue  # "my ID number, 2024 changes mean ...": a year, not the number
            if _bare_account_number in validators and not _bank_account_context(text, m.start()):
                break
            if ((_plain_account_number in validators or _bare_account_number in validators)
                    and ((w := _next_word(text, end)) in _UNITS or w in _QUANTITY_WORDS
                         or (_bare_account_number in validators and w in ("of", "out", "limit", "quid", "in")))):
                continue
            if any(_id_valid(v, value) for v in validators) or (
                    kind == "national_id" and any(_id_shaped(v, value) for v in validators)):
                yield (start, end, kind, _P_CONTEXT)
                break


def _bare_identifiers(text: str) -> Iterator[_Span]:
    if _IBAN_HINT.search(text):
        for m in _IBAN_CANDIDATE.finditer(text):
            start, end = m.span()
            while end - start >= 15:
                if _stdnum_valid("iban", text[start:end]):
                    yield (start, end, "iban", _P_SPECIFIC)
                    break
                if _iban_shaped(text[start:end]):
                    yield (start, end, "iban", _P_CONTEXT)
                    break
                cut = text.rfind(" ", start, end)  # "... 7654 32 OK": drop the last group and retry
                if cut < 0:
                    break
                end = cut
    if "-" in text:
        for m in _SSN_CANDIDATE.finditer(text):
            if _stdnum_valid("us.ssn", m.group()):
                yield (m.start(), m.end(), "national_id", _P_CONTEXT)


# Phone numbers, found with phonenumbers (libphonenumber's matcher, leniency VALID). The matcher
# costs ~60 us a sentence, so it runs only where the text holds a "+" before a digit, or ten digits
# grouped as a North American number is ("(312) 814-2290", "312.814.2290", "1-312-814-2290"):
# without a "+" the matcher reads numbers as US ones, which are grouped that way.
_PLUS_DIGIT = re.compile(r"\+[ \t]*\(?\d")
_TEN_DIGITS = re.compile(r"(?<!\d)(?:1[ \t.\-]?)?\(?\d{3}\)?[ \t.\-/]{0,2}\d{3}[ \t.\-/]?\d{4}(?!\d)")
_PHONE_DEFAULT_REGION = "US"
_P_PHONE = 15
# Words before a number that make it a reference, not a phone number: "order 3128142290".
_NOT_A_PHONE_CONTEXT = re.compile(
    r"(?<![a-z])(?:order|invoice|ticket|tracking|ref|reference|case|confirmation|booking|item|sku|part|serial"
    r"|model|version|build|isbn|reservation|transaction|receipt|policy|claim|account|acct|routing|id)"
    r"[ \t]*(?:number|no\.?|num\.?|id|#)?[ \t]*(?:is|was|:|#|=)?[ \t]*#?$"
)
# Numbers reserved for fiction, which belong to no one: NANP 555-xxxx and Ofcom's drama ranges
# (020 7946 0xxx, 0113 496 0xxx, 07700 900xxx, ...), as national significant numbers.
_UK_DRAMA_PREFIXES = ("2079460", "1134960", "1144960", "1154960", "1164960", "1174960", "1184960", "1214960",
                      "1314960", "1414960", "1514960", "1614960", "1914980", "2896496", "2920180", "1632960",
                      "7700900", "8081570", "9098790", "3069990")


# Words after a number that make it a quantity, not a phone number: "we sold 3128142290 units".
_QUANTITY_WORDS = frozenset("""units items people users customers visitors dollars euros pounds usd eur gbp rows records
lines bytes kb mb gb tb views downloads times years seconds ms km miles tokens points votes copies shares steps pieces
packages requests calls transactions orders""".split())


def _fictional_number(number: object) -> bool:
    national = str(getattr(number, "national_number", ""))
    country = getattr(number, "country_code", 0)
    if country == 1:
        return national[3:6] == "555"
    if country == 44:
        return national.startswith(_UK_DRAMA_PREFIXES)
    return False


class _Phones:
    def __init__(self) -> None:
        import phonenumbers

        self.matcher = phonenumbers.PhoneNumberMatcher
        self.leniency = phonenumbers.Leniency.VALID

    def scan(self, text: str, lower: str) -> Iterator[_Span]:
        seen: set[tuple[int, int]] = set()
        for offset, window in _phone_windows(text):
            for match in self.matcher(window, _PHONE_DEFAULT_REGION, leniency=self.leniency):
                start, end = offset + match.start, offset + match.end
                if (start, end) in seen:
                    continue
                seen.add((start, end))
                if (start and text[start - 1].isalnum()) or (end < len(text) and text[end].isalnum()):
                    continue  # the window cut a longer run of digits
                raw = match.raw_string
                international = raw.startswith("+")
                if not international and _digit_count(raw) < 10:
                    continue
                if _fictional_number(match.number):
                    continue
                if not international and (_NOT_A_PHONE_CONTEXT.search(lower, max(0, start - 32), start)
                                          or _next_word(lower, end) in _QUANTITY_WORDS):
                    continue
                yield (start, end, "phone_number", _P_PHONE)


# The matcher reads only windows around the hints: on a text dense with digits (a table, a list of
# codes) it costs milliseconds per hundred characters. A window reaches a little before its hint
# (an opening parenthesis) and far enough after it for a number with an extension; windows that
# overlap are joined, and a long joined region is read in overlapping pieces.
_PHONE_BEFORE, _PHONE_AFTER = 4, 32
_PHONE_WINDOW_MAX, _PHONE_WINDOW_STEP = 96, 64


def _phone_windows(text: str) -> Iterator[tuple[int, str]]:
    hints = sorted({m.start() for m in _PLUS_DIGIT.finditer(text)} | {m.start() for m in _TEN_DIGITS.finditer(text)})
    regions: list[list[int]] = []
    for h in hints:
        start, end = max(0, h - _PHONE_BEFORE), min(len(text), h + _PHONE_AFTER)
        if regions and start <= regions[-1][1]:
            regions[-1][1] = max(regions[-1][1], end)
        else:
            regions.append([start, end])
    for start, end in regions:
        if end - start <= _PHONE_WINDOW_MAX:
            yield start, text[start:end]
            continue
        for piece in range(start, end - _PHONE_WINDOW_MAX + _PHONE_WINDOW_STEP, _PHONE_WINDOW_STEP):
            yield piece, text[piece:min(end, piece + _PHONE_WINDOW_MAX)]


_phones: _Phones | None = None
_phones_lock = threading.Lock()


def _get_phones() -> _Phones:
    global _phones
    if _phones is None:
        with _phones_lock:
            if _phones is None:
                _phones = _Phones()
    return _phones


# A password named without "is": "with password X", "use the password X", "set my password to X",
# "pw X", and a login written as "user / X" or "user:X" after "login" or "credentials". The value must
# read as a password and hold a digit or a symbol (mixed case alone is how names read: "to GitHub").
_PASSWORD_IN_PROSE = re.compile(
    r"(?<![A-Za-z0-9])(?:pass(?:word|wd|code)|pwd?)(?![A-Za-z])"  # not "1Password 8.10.36", a product
    r"(?:[ \t]+(?:to|as|was|now|reads|became|changed|set|will[ \t]+be))?(?:[ \t]+(?:to|as))?"
    r"(?:[ \t]*:)?[ \t]+(?P<v>[^\s\"'`,;]{6,256})",
    re.IGNORECASE,
)
_LOGIN_PAIR = re.compile(
    r"(?<![A-Za-z])(?:log[ \-]?in|credentials?|creds)(?![A-Za-z])[ \t]*:?[ \t]+"
    r"(?:[\w.\-@+]{1,64}[ \t]*/[ \t]*(?:(?:pw|pwd|pass(?:word)?)[ \t]*:?[ \t]+)?(?P<v>[^\s\"'`,;]{4,256})"
    r"|(?P<pair>[\w.\-@+]{1,64}:[^\s\"'`,;]{4,256}))",
    re.IGNORECASE,
)


def _password_in_prose(text: str) -> Iterator[_Span]:
    for m in _PASSWORD_IN_PROSE.finditer(text):
        start, end = m.span("v")
        end = _strip_trailing(text, start, end)
        value = text[start:end]
        if _has_digit(value) or any(not (c.isalnum() or c in _WORD_PUNCTUATION) for c in value):
            if _looks_like_a_value(value) and value[0] not in _TEMPLATE_STARTS:
                yield (start, end, "password", _P_PROSE)
    for m in _LOGIN_PAIR.finditer(text):
        group = "v" if m.group("v") is not None else "pair"
        start, end = m.span(group)
        end = _strip_trailing(text, start, end)
        value = text[start:end].rsplit(":", 1)[-1] if group == "pair" else text[start:end]
        if _has_digit(value) or any(not (c.isalnum() or c in _WORD_PUNCTUATION) for c in value):
            if _looks_like_a_value(value):
                yield (start, end, "password", _P_PROSE)


#: A word of signing in, in any form: a password, passcode or PIN, a login, signing or logging in (or
#: on, or into), a key of a network or a product, or one said to be a value ("the key is ..."), and
#: unlocking with something. Not "key dates", "keys on the hook", "unlocked achievement".
_SIGN_IN_WORD = re.compile(
    r"(?<![a-z])(?:pass(?:word|wd|code|phrase)?s?|pwd?|pins?|credentials?|creds|logins?|signins?|"
    r"log(?:ging|ged|s)?[ \t-]?(?:in(?:to)?|on)|sign(?:ing|ed|s)?[ \t-]?in(?:to)?|"
    r"(?:wi-?fi|wlan|network|router|api|licen[cs]e|product|access|security|wpa\d?|encryption|recovery|secret)[ \t-]+key|"
    r"key(?=[ \t]*(?:is\b|was\b|:|=|\())|"
    r"unlock(?:s|ed|ing)?(?=(?:[ \t]+[\w'-]+){0,3}?[ \t]+(?:with|using)\b))(?![a-z])")
#: Letters and digits with a symbol between them ("Tz8#qLm2vR9", "Mango!Sunset88", "Blue-Sky#2024"):
#: how passwords are made, and no word, number, price, version, sum or address is ("v2.1.4",
#: "$45/mo", "x2+y2=z2", "jo+news2@gmail.com"). (Letters and digits are checked apart, not looked
#: ahead for: a look-ahead over the rest of the text at every place took seconds on odd input.)
_SYMBOL_PASSWORD = re.compile(r"(?<![\w!#$%^&*~?+=@./-])[A-Za-z0-9][\w-]*(?:[!#$%^&*~+@][\w-]+)+(?![\w!#$%^&*~?+=@-])")
#: Symbols that join the words of a name or an address as well ("Dolce&Gabbana2024", "Office365+Teams",
#: "C#minor7", "Error#404NotFound", "B2@floor3"): a string joined by them only is a password when it is
#: also machine-made (`_machine_made`, three changes), or given as the value ("signed in with
#: Tiger&Lily2020").
_NAME_JOINERS = frozenset("&+#@")
_GIVEN_AS_VALUE = re.compile(r"(?:\bwith|\busing|\bis|\bwas|:|=|\bpass(?:word|code)?|\bpin|\bpw|"
                             # ("I keep typing Thistle#4471", "typed in ...", "entering ...")
                             r"(?P<typed>\btyp(?:e|es|ed|ing)(?:[ \t]+in)?|\bent(?:er|ers|ered|ering)|\bput(?:ting)?[ \t]+in))[ \t]*\(?$",
                             re.IGNORECASE)
#: What a string is typed as, into or for when it is no password: "typed FY24-Q3#final as the file
#: name", "kept typing Mum&Dad2024 into the photo album search", "entering Hello&World2024 in the
#: contest" (not "at the login", "into the password box").
_TYPED_AS_ELSE = re.compile(r"[ \t]+(?:as|in|into|on|for|under|onto)[ \t]+(?!(?:(?:the|my|a|an|that|this)[ \t]+)?"
                            r"(?:[\w-]+[ \t]+)?(?:password|pass|passcode|pin|login|log-?in|sign[ -]?in|portal|app|site|"
                            r"account)\b)", re.IGNORECASE)


#: A sentence that calls what was just said a password: "that's my actual password", "thats the
#: password for the router", "which is my pin".
_CALLED_PASSWORD = re.compile(r"\b(?:that['\u2019]?s|thats|this\s+is|it['\u2019]?s|its|that\s+is|which\s+is|which['\u2019]s|was)"
                              r"[ \t]+(?:(?:my|the|our|his|her|literally|actually|actual|real|old|new|current|wifi|bank|email|"
                              r"work|only|same|main)[ \t]+){0,4}(?:pass(?:word|code)|pin)\b")
#: Two names joined as a brand or a product is ("Office365+Teams", "Dolce&Gabbana2024").
_TWO_NAMES_JOINED = re.compile(r"[A-Z][a-z]+\d*[&+][A-Z][a-z]+\d*")
#: A password named close by, before or after a typed string ("into the password box").
_PASSWORD_NEAR = re.compile(r"pass(?:word|code)s?\b|\bpin\b", re.IGNORECASE)


def _given_as_value(text: str, m: re.Match[str]) -> bool:
    """Whether a string is given as a value by the words right before it (`_GIVEN_AS_VALUE`). One
    typed or entered is, when it is not typed as or into something else and a password is named
    close by ("I keep typing Thistle#4471 ... that's my actual password"): typed alone, a name joined
    by "&" or "+" reads as well ("typed Office365+Teams, nothing came up")."""
    given = _GIVEN_AS_VALUE.search(text, max(0, m.start() - 24), m.start())
    if given is None:
        return False
    if not given.group("typed"):
        return True
    return (_TYPED_AS_ELSE.match(text, m.end()) is None
            and (_CALLED_PASSWORD.search(text.lower(), m.end(), m.end() + 160) is not None
                 or _PASSWORD_NEAR.search(text, max(0, m.start() - 80), m.end() + 40) is not None
                 # ("can't sign in - typed Maple@5512"; not two names joined, "Office365+Teams")
                 or (_TWO_NAMES_JOINED.fullmatch(m.group()) is None
                     and _SIGN_IN_WORD.search(text.lower(), max(0, m.start() - 60), m.end() + 60) is not None)))


#: What a value after a sign-in is named as when it is no password: a user name, a handle, a
#: playlist's or a merchant's name ("my username is Dark~Knight99", "the charge was listed as
#: AMZN*Mktp2UK").
_NAMED_AS = re.compile(r"\b(?:(?:user|team|group|band|screen|display|nick)?[ \t]?name|user[ \t]?id|handle|gamer[ \t]?tag|called|"
                       r"named|titled|listed[ \t]+as|shows?[ \t]+(?:up[ \t]+)?as|reference|ref)\b[^.!?]*$", re.IGNORECASE)
_PRICE = re.compile(r"[A-Z]{1,3}\$\d[\d,.]*[kKmM]?")
_WRITTEN_WORD = re.compile(r"\S+")
_EMAIL_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_DOT_WORD = re.compile(r"\.\w")


def _plus_address_tail(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is the part after "+" of an e-mail address ("jo+news2@gmail.com"):
    the address, not a user name and a password joined by "+"."""
    if start == 0 or text[start - 1] != "+":
        return False
    return _EMAIL_ADDRESS.fullmatch(text[start:_strip_trailing(text, start, end)]) is not None


def _name_joined(value: str) -> bool:
    """Whether a string's only symbols are those that join a name's words too (`_NAME_JOINERS`)."""
    return all(c.isalnum() or c in "-_" or c in _NAME_JOINERS for c in value)


def _password_shaped(text: str, m: re.Match[str]) -> bool:
    value = m.group()
    if len(value) < 8 or not _has_digit(value) or not any(c.isalpha() for c in value):
        return False
    if _PRICE.fullmatch(value):
        return False  # a price with its currency's letters ("HK$12800", "US$15000")
    if "@" in value and _DOT_WORD.match(text, m.end()):
        return False  # an e-mail address ("jo+news2@gmail.com")
    if _name_joined(value):
        joined = "".join("-" if c in _NAME_JOINERS else c for c in value)
        return _machine_made(joined, 3) or _given_as_value(text, m)
    return True


def _symbol_passwords(text: str, lower: str) -> Iterator[_Span]:
    """A password-shaped string (`_SYMBOL_PASSWORD`, eight characters or more) in the sentence of a
    word of signing in, wherever it stands in it ("the wifi key off the sticker (Tz8#qLm2vR9)", "the
    usual Birke!Winter2024 to get past the login"), or in the sentence after it, alone in a short one
    ("The password? Sunshine!23") or given as a value ("The old one was Lime$Tree44 and ...")."""
    found = [m for m in _SYMBOL_PASSWORD.finditer(text) if _password_shaped(text, m)]
    if not found:
        return
    # sentences, and the ones that hold a word of signing in, found once for every string
    ends = [e.end() for e in _SENTENCE_EDGE.finditer(text)]
    starts = [0] + ends
    signed = {bisect.bisect_right(ends, w.start()) for w in _SIGN_IN_WORD.finditer(lower)}
    called_password = {bisect.bisect_right(ends, w.start()) for w in _CALLED_PASSWORD.finditer(lower)}
    shorts: dict[int, bool] = {}  # (counted once a sentence: a long one may hold many strings)
    for m in found:
        k = bisect.bisect_right(ends, m.start())  # the sentence it stands in
        if k not in shorts:
            shorts[k] = len(_WRITTEN_WORD.findall(text, starts[k], ends[k] if k < len(ends) else len(text))) <= 8
        short = shorts[k]
        # In the sentence after it, given as the value in a longer one ("... my password expired.
        # The old one is Pharm@cy2023!nhq and I want a new one"), and made as passwords are: not by
        # name joiners only ("Dolce&Gabbana2024"), with capitals, small letters and digits besides
        # the symbol (not "3x^2+5x-7", "10am~12pm", "lodash^4.17"); and not named as something else
        # ("my username is Dark~Knight99").
        value = m.group()
        given = (not _name_joined(value)
                 and any(c.isupper() for c in value) and any(c.islower() for c in value)
                 and _given_as_value(text, m))
        named = _NAMED_AS.search(text, max(starts[k], m.start() - 32), m.start()) is not None
        # (or in the sentence before one that calls it a password: "I'm typing Thistle#4471. that's
        # my password")
        if k in signed or ((short or given) and not named and (k > 0 and k - 1 in signed or k + 1 in called_password)):
            yield (m.start(), m.end(), "password", _P_PROSE)


def _own_rules(text: str, lower: str, long_token: bool, digits: bool, id_hint: bool,
               credential_words: bool) -> Iterator[_Span]:
    """Our rules. Each runs only when the cheap substring test it needs passes."""
    if "PRIVATE KEY" in text:
        for m in _PEM_PRIVATE_KEY.finditer(text):
            yield (m.start(), m.end(), "private_key", _P_SPECIFIC)
    if "PuTTY-User-Key-File-" in text:
        for m in _PUTTY_PRIVATE_KEY.finditer(text):
            yield (m.start(), m.end(), "private_key", _P_SPECIFIC)
    if long_token or "xox" in lower or "xapp" in lower:
        for rx, kind, priority in _TOKEN_RULES:
            for m in rx.finditer(text):
                yield (m.start(), m.end(), kind, priority)
    if long_token and "aws" in lower:
        for m in _AWS_SECRET_KEY.finditer(text):
            yield (*m.span("v"), "aws_secret_key", _P_SPECIFIC)
    if "bearer" in lower:
        for m in _BEARER.finditer(text):
            start, end = m.span("v")
            end = _strip_trailing(text, start, end)
            in_header = "authorization" in lower[max(0, m.start() - 32): m.start()]
            if _looks_like_a_token(text[start:end]) or (in_header and end - start >= 8):
                yield (start, end, "bearer_token", _P_CONTEXT)
    if "basic" in lower:
        for m in _BASIC_AUTH_HEADER.finditer(text):
            yield (*m.span("v"), "basic_auth_credentials", _P_CONTEXT)
    if "://" in text:
        for m in _URL_CREDENTIALS.finditer(text):
            yield (*m.span("v"), "basic_auth_credentials", _P_CONTEXT)
    if any(w in lower for w in _DISCLOSURE_WORDS):
        yield from _disclosures(text, lower)
        if "pass" in lower and ":" in text:
            yield from _passwords_after_an_aside(text, lower)
    if any(w in lower for w in _KEY_NOUN_WORDS):
        yield from _named_tokens(text)
    if "pass" in lower or "pw" in lower or "log" in lower or "cred" in lower:
        yield from _password_in_prose(text)
    if any(c in text for c in "!#$%^&*~+@") and any(w in lower for w in ("pass", "pw", "pin", "key", "cred", "log",
                                                                     "sign", "unlock")):
        yield from _symbol_passwords(text, lower)
    if "log" in lower or "sign" in lower or "cred" in lower or "user" in lower:
        yield from _named_values(_SIGN_IN_PAIR, text, "password",
                                 lambda t, a, b: _looks_like_a_value(t[a:b]) and not _plus_address_tail(t, a, b))
    if digits and ("safe" in lower or "box" in lower or "lock" in lower or "alarm" in lower or "keypad" in lower):
        yield from _named_values(_CODED_THING, text, "access_code",
                                 lambda t, a, b: _digit_count(t[a:b]) >= 3 and _next_word(t, b) not in _MEASURE_WORDS)
    if ("open" in lower or "unlock" in lower or "release" in lower or "disarm" in lower) and any(c.isdigit() for c in text):
        yield from _named_values(_OPENS_WITH, text, "access_code",
                                 lambda t, a, b: _digit_count(t[a:b]) >= 3 and _next_word(t, b) not in _MEASURE_WORDS)
    if credential_words:
        yield from _credentials(text, lower)
        yield from _relative_disclosures(text, lower)
        if "mine" in lower or "ours" in lower or "one" in lower:
            yield from _own_secret_after_named(text, lower)
        if "pass" in lower or "pw" in lower or "pin" in lower:
            yield from _values_before_keywords(text, lower)
            if _SPELLING_CUE.search(lower):
                yield from _spelled_passwords(text, lower)
        if digits and ("it" in lower or "which" in lower or "that" in lower or "code" in lower):
            yield from _code_said_later(text)
        if digits and (" as " in lower or " to " in lower):
            yield from _code_set_as(text)
        yield from _seed_phrases(text)
    if id_hint and _introduces_an_identifier(text, lower):
        yield from _identifiers(text)
    # A phone number has a "+" before a digit, or ten digits starting with a run of three.
    if ("+" in text and _PLUS_DIGIT.search(text)) or (digits and _TEN_DIGITS.search(text)):
        yield from _get_phones().scan(text, lower)
    if digits:
        yield from _cards(text)
        if "-" in text or _IBAN_HINT.search(text):
            yield from _bare_identifiers(text)


# --------------------------------------------------------------------------------------------------
# detect-secrets, run in-process.
# --------------------------------------------------------------------------------------------------

# detect-secrets secret_type -> our kind. Types left out are not run:
#   "Private Key" flags just the words "BEGIN ... PRIVATE KEY", which our PEM rule covers whole;
#   "Public IP (ipv4)" is not a secret.
_DETECT_SECRETS_KINDS = {
    "Artifactory Credentials": "artifactory_token",
    "AWS Access Key": "aws_access_key",  # its second pattern, for secret keys, is remapped below
    "Azure Storage Account access key": "azure_storage_key",
    "Basic Auth Credentials": "basic_auth_credentials",
    "Cloudant Credentials": "cloudant_credentials",
    "Discord Bot Token": "discord_token",
    "GitHub Token": "github_token",
    "GitLab Token": "gitlab_token",
    "IBM Cloud IAM Key": "ibm_cloud_iam_key",
    "IBM COS HMAC Credentials": "ibm_cos_hmac_credentials",
    "JSON Web Token": "jwt",
    "Mailchimp Access Key": "mailchimp_key",
    "NPM tokens": "npm_token",
    "OpenAI Token": "api_key",
    "PyPI Token": "pypi_token",
    "SendGrid API Key": "sendgrid_key",
    "Slack Token": "slack_token",
    "SoftLayer Credentials": "softlayer_credentials",
    "Square OAuth Secret": "square_oauth_secret",
    "Stripe Access Key": "api_key",
    "Telegram Bot Token": "telegram_token",
    "Twilio API Key": "twilio_key",
}
# Patterns with no distinctive prefix that plain capitalised words could satisfy; a hit must hold a digit.
_NEEDS_DIGIT = {"Artifactory Credentials", "Twilio API Key"}
_EDGE_CHARS = " \t\r\n\"'=:"

_HIGH_ENTROPY_MIN_LENGTH = 20


class _DetectSecrets:
    """detect-secrets' plugins, instantiated once, run directly on their compiled patterns."""

    def __init__(self) -> None:
        from detect_secrets.filters.heuristic import is_potential_uuid, is_sequential_string
        from detect_secrets.plugins import keyword
        from detect_secrets.plugins.artifactory import ArtifactoryDetector
        from detect_secrets.plugins.aws import AWSKeyDetector
        from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
        from detect_secrets.plugins.basic_auth import BasicAuthDetector
        from detect_secrets.plugins.cloudant import CloudantDetector
        from detect_secrets.plugins.discord import DiscordBotTokenDetector
        from detect_secrets.plugins.github_token import GitHubTokenDetector
        from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
        from detect_secrets.plugins.high_entropy_strings import (
            Base64HighEntropyString,
            HexHighEntropyString,
        )
        from detect_secrets.plugins.ibm_cloud_iam import IbmCloudIamDetector
        from detect_secrets.plugins.ibm_cos_hmac import IbmCosHmacDetector
        from detect_secrets.plugins.jwt import JwtTokenDetector
        from detect_secrets.plugins.mailchimp import MailchimpDetector
        from detect_secrets.plugins.npm import NpmDetector
        from detect_secrets.plugins.openai import OpenAIDetector
        from detect_secrets.plugins.pypi_token import PypiTokenDetector
        from detect_secrets.plugins.sendgrid import SendGridDetector
        from detect_secrets.plugins.slack import SlackDetector
        from detect_secrets.plugins.softlayer import SoftlayerDetector
        from detect_secrets.plugins.square_oauth import SquareOAuthDetector
        from detect_secrets.plugins.stripe import StripeDetector
        from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
        from detect_secrets.plugins.twilio import TwilioKeyDetector

        regex_plugins = [
            cls()
            for cls in (
                ArtifactoryDetector, AWSKeyDetector, AzureStorageKeyDetector, BasicAuthDetector,
                CloudantDetector, DiscordBotTokenDetector, GitHubTokenDetector, GitLabTokenDetector,
                IbmCloudIamDetector, IbmCosHmacDetector, MailchimpDetector, NpmDetector,
                OpenAIDetector, PypiTokenDetector, SendGridDetector, SlackDetector,
                SoftlayerDetector, SquareOAuthDetector, StripeDetector, TelegramBotTokenDetector,
                TwilioKeyDetector,
            )
        ]
        # Plugins whose patterns need a word such as "key", "password" or "token" before the secret.
        keyword_context = (CloudantDetector, IbmCloudIamDetector, IbmCosHmacDetector, SoftlayerDetector)
        # (pattern, kind, secret_type, words) for every regex of every plain regex plugin; the
        # pattern runs only if the lower-cased text holds one of `words` (when there are any).
        self.patterns: list[tuple[re.Pattern[str], str, str, tuple[str, ...]]] = []
        for plugin in regex_plugins:
            secret_type = plugin.secret_type
            for index, rx in enumerate(plugin.denylist):
                kind = _DETECT_SECRETS_KINDS[secret_type]
                words: tuple[str, ...] = ()
                if isinstance(plugin, keyword_context):
                    words = _KEYWORD_CONTEXT_WORDS
                elif isinstance(plugin, AWSKeyDetector) and index > 0:
                    kind, words = "aws_secret_key", ("aws",)
                elif isinstance(plugin, NpmDetector):
                    # Its `//.+/:_authToken=` is quadratic in the number of "//" without this.
                    words = ("_authtoken",)
                self.patterns.append((rx, kind, secret_type, words))

        self.jwt = JwtTokenDetector()
        # The keyword plugin's default mode (quoted values): password = "...", api_key: '...'.
        self.keyword_patterns = list(keyword.QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP.items())

        self.base64 = Base64HighEntropyString()
        self.hex = HexHighEntropyString()
        # The plugins' own character set, unquoted ("eager" search), and at least 20 long.
        self.high_entropy_token = re.compile(
            "[" + re.escape(self.base64.charset) + "]{%d,}" % _HIGH_ENTROPY_MIN_LENGTH
        )
        self.hex_chars = frozenset(self.hex.charset)
        self.is_sequential_string: Callable[[str], bool] = is_sequential_string
        self.is_potential_uuid: Callable[[str], bool] = is_potential_uuid

    def scan(self, text: str, lower: str) -> Iterator[_Span]:
        has_keyword = any(w in lower for w in _KEYWORD_CONTEXT_WORDS)
        for rx, kind, secret_type, words in self.patterns:
            if words and not (has_keyword if words is _KEYWORD_CONTEXT_WORDS else any(w in lower for w in words)):
                continue
            for m in rx.finditer(text):
                span = _secret_span(text, m)
                if span is None:
                    continue
                if secret_type in _NEEDS_DIGIT and not _has_digit(text[span[0] : span[1]]):
                    continue
                yield (*span, kind, _P_DETECT_SECRETS)

        for rx in self.jwt.denylist:
            for m in rx.finditer(text):
                if self.jwt.is_formally_valid(m.group()):
                    yield (m.start(), m.end(), "jwt", _P_DETECT_SECRETS)

        # The keyword plugin's patterns are the slowest (~15 us each) and all need a quoted value.
        quoted = has_keyword and ('"' in text or "'" in text or "`" in text)
        for rx, group in self.keyword_patterns if quoted else ():
            for m in rx.finditer(text):
                start, end = m.span(group)
                if start < 0 or end <= start or "\n" in text[start:end]:
                    continue
                value = text[start:end]
                if len(value) < 2 or value.startswith(_TEMPLATE_STARTS):
                    continue
                yield (start, end, _disclosure_kind(m.group(0)), _P_DETECT_SECRETS)

        for m in self.high_entropy_token.finditer(text):
            token = m.group()
            if not (_has_digit(token) and any(c.isalpha() for c in token)):
                continue
            plugin = self.hex if self.hex_chars.issuperset(token) else self.base64
            if plugin.calculate_shannon_entropy(token) <= plugin.entropy_limit:
                continue
            if self.is_sequential_string(token) or self.is_potential_uuid(token):
                continue
            if plugin is self.hex and _names_a_digest(lower, m.start(), len(token)):
                continue
            yield (m.start(), m.end(), "high_entropy_string", _P_ENTROPY)


# Hex of a digest's length right after "commit", "sha", "hash", ...: a commit id or a checksum,
# which people and coding agents quote all the time, not a credential.
_DIGEST_CONTEXT = re.compile(r"\b(?:commit|sha(?:1|256)?|hash|rev(?:ision)?|checksum|digest|md5)\b[\s:=#@\-]*(?:is\s+|was\s+)?$")
_DIGEST_LENGTHS = frozenset({7, 8, 10, 12, 32, 40, 64})


def _names_a_digest(lower: str, start: int, length: int) -> bool:
    return length in _DIGEST_LENGTHS and _DIGEST_CONTEXT.search(lower[max(0, start - 24):start]) is not None


def _secret_span(text: str, m: re.Match[str]) -> tuple[int, int] | None:
    """The span of the secret inside a detect-secrets match.

    detect-secrets' patterns either capture the secret (``://user:(pass)@``, ``key = "(value)"``),
    capture only a prefix (GitHub's ``(ghp|gho|...)_...``), or capture nothing. A captured group that
    does not start the match is the secret; otherwise the whole match is, minus surrounding
    quotes, spaces and '=' / ':' that some patterns include.
    """
    start, end = m.span()
    if m.re.groups:
        best: tuple[int, int] | None = None
        for g in range(1, m.re.groups + 1):
            s, e = m.span(g)
            if s >= 0 and e > s and (best is None or e - s > best[1] - best[0]):
                best = (s, e)
        if best is not None and best[0] != start:
            start, end = best
    while start < end and text[start] in _EDGE_CHARS:
        start += 1
    while end > start and text[end - 1] in _EDGE_CHARS:
        end -= 1
    if end - start < 4 or "\n" in text[start:end]:
        return None
    return start, end


_detect_secrets: _DetectSecrets | None = None
_detect_secrets_lock = threading.Lock()


def _get_detect_secrets() -> _DetectSecrets:
    global _detect_secrets
    if _detect_secrets is None:
        with _detect_secrets_lock:
            if _detect_secrets is None:
                _detect_secrets = _DetectSecrets()
    return _detect_secrets


# --------------------------------------------------------------------------------------------------
# Public API.
# --------------------------------------------------------------------------------------------------


def warm_up() -> None:
    """Builds the scanners that are otherwise built by the first text that needs them (detect-secrets'
    plugins, the phone number matcher: about a quarter of a second), so that a server pays it before
    it says it is ready, not in its first request."""
    _get_detect_secrets()
    _get_phones()


def _merge(spans: list[_Span]) -> list[Redaction]:
    """Overlapping spans become one: their union, named after the widest (then highest priority)."""
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0]), -s[3]))
    merged: list[Redaction] = []
    cur_start, cur_end, best = -1, -1, None
    for span in spans:
        start, end = span[0], span[1]
        if best is not None and start < cur_end:
            cur_end = max(cur_end, end)
            if (end - start, span[3]) > (best[1] - best[0], best[3]):
                best = span
            continue
        if best is not None:
            merged.append(Redaction(best[2], cur_start, cur_end))
        cur_start, cur_end, best = start, end, span
    if best is not None:
        merged.append(Redaction(best[2], cur_start, cur_end))
    return merged


def _overlaps_mark(span: _Span, marks: list[tuple[int, int]], mark_starts: list[int]) -> bool:
    # Marks do not overlap, so the last one starting before the span ends reaches furthest.
    i = bisect.bisect_left(mark_starts, span[1]) - 1
    return i >= 0 and marks[i][1] > span[0]


_PASSWORD_LIKE = re.compile(r"(?<![A-Za-z])[Pp][A-Za-z]{5,8}(?![A-Za-z])")
#: The keyword a misspelt "password" is read as, by the misspelling's length: the same length, so
#: that every span found in the mended text is the same span of the text as written.
_MENDED_PASSWORD = {7: "passwd ", 8: "password", 9: "password "}


def _mend_password_typos(text: str) -> str:
    """The text with "pasword", "passwrod", "paswword" ... read as "password" (one slip of the keys
    from it; "passwords" is the plural, not a slip), each keeping its length."""
    def mend(m: re.Match[str]) -> str:
        word = m.group()
        low = word.lower()
        if low == "passwords" or not one_edit(low, "password"):
            return word
        return _MENDED_PASSWORD[len(word)]

    return _PASSWORD_LIKE.sub(mend, text)


def find_secrets(text: str) -> list[Redaction]:
    """Non-overlapping spans, sorted by start."""
    if not text:
        return []
    if "p" in text or "P" in text:
        # a secret said after a misspelt "password" is one all the same; the mended text has the
        # same length, so its spans are the written text's
        text = _mend_password_typos(text)
    lower = text.lower()
    if len(lower) != len(text):  # "İ" lower-cases to two characters: keep offsets shared with text
        lower = text.translate(_ASCII_LOWER)
    long_token = _LONG_TOKEN.search(text) is not None
    # (a code said digit by digit, "2 5 8 0" or "19-32-07", is a run of digits too)
    digits = _DIGIT_RUN.search(text) is not None or _SPACED_DIGITS.search(text) is not None
    id_hint = _ID_VALUE_HINT.search(text) is not None or "BIC" in text or "swift" in lower
    ds_words = any(w in lower for w in _DETECT_SECRETS_WORDS)
    credential_words = _CREDENTIAL_GATE.search(lower) is not None
    if not (long_token or digits or id_hint or ds_words or credential_words or any(w in lower for w in _OWN_WORDS)):
        return []  # obviously clean: no digit run, no long token, no trigger word
    spans: list[_Span] = list(_own_rules(text, lower, long_token, digits, id_hint, credential_words))
    if long_token or ds_words:
        spans.extend(_get_detect_secrets().scan(text, lower))
    if not spans:
        return []
    spans.extend(_repeats(text, spans))
    if REDACTION_MARK in text:
        # Never re-redact a placeholder: this is what makes redact() idempotent.
        marks = [m.span() for m in _ALREADY_REDACTED.finditer(text)]
        mark_starts = [ms for ms, _ in marks]
        spans = [s for s in spans if not _overlaps_mark(s, marks, mark_starts)]
    spans = [s for s in spans if s[1] > s[0]]
    return _merge(spans)


#: Between the digits of a code said one at a time: spaces, a dash, a comma, a sound of hesitation
#: ("four um eight two six").
_SAID_GAP = r"(?:[ \t,-]+(?:" + HESITATION_SOUND + r"[ \t,-]+)?)"
#: A code, PIN or password whose digits are said one at a time ("the door code 1 9 8 4", "PIN is
#: 4-9-2-1"): four digits or more, a few words after the word that names it.
_SPACED_CODE = re.compile(r"\b(?P<kw>codes?|pins?|pass(?:word|code)s?|combinations?|combos?)\b(?P<gap>[^\d\n.!?]{0,24}?)"
                          r"(?P<d>\d(?:" + _SAID_GAP + r"\d){3,})(?![\w.,]?\d)", re.IGNORECASE)


#: A code, PIN or password said in words, digit by digit, as dictated speech writes it ("the code is
#: seven three five one", "PIN's oh four double two"): four digits or more, a few words after the
#: word that names it.
_DIGIT_WORDS = {"zero": "0", "oh": "0", "nought": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
                "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_SAID_DIGIT = r"(?:(?:double|triple)[ \t]+)?(?:" + "|".join(_DIGIT_WORDS) + r")"
_WORDED_CODE = re.compile(r"\b(?P<kw>codes?|pins?|pass(?:word|code)s?|combinations?|combos?)\b(?P<gap>[^\d\n.!?]{0,24}?)"
                          r"(?<![\w'\u2019-])(?P<d>" + _SAID_DIGIT + r"(?:" + _SAID_GAP + _SAID_DIGIT + r"){2,})(?![\w'\u2019-])",
                          re.IGNORECASE)


_HESITANT = re.compile(r"(?<![\w'\u2019-])" + HESITATION_SOUND + r"(?![\w'\u2019-])[ \t,]*", re.IGNORECASE)


def _said_digits(words: str) -> str:
    """"seven three double five" -> "73555"."""
    out, times = [], 1
    for w in re.findall(r"[a-z]+", words.lower()):
        if w in ("double", "triple"):
            times = 2 if w == "double" else 3
        elif w in _DIGIT_WORDS:  # (not a sound of hesitation between them)
            out.append(_DIGIT_WORDS[w] * times)
            times = 1
    return "".join(out)


def _worded_code(m: re.Match[str]) -> str:
    digits = _said_digits(m.group("d"))
    gap = _HESITANT.sub("", m.group("gap"))  # ("the code is uh four eight two six")
    return m.group("kw") + gap + digits if len(digits) >= 4 else m.group()


def _codes_said_whole(text: str) -> str:
    """The text with a code said digit by digit written as one ("door code 1984", "the code is seven
    three five one" -> "the code is 7351"): the detectors below read a code as one token."""
    if any(c.isdigit() for c in text):
        text = _SPACED_CODE.sub(lambda m: m.group("kw") + m.group("gap") + re.sub(r"\D", "", m.group("d")), text)
    return _WORDED_CODE.sub(_worded_code, text)


def redact(text: str) -> tuple[str, list[str]]:
    """Returns (clean_text, kinds) where every secret span is replaced by `[REDACTED:<kind>]` and
    kinds lists one kind per replaced span, in order. If nothing is found returns (text, [])."""
    joined = _codes_said_whole(text)
    found = find_secrets(joined)
    if not found:
        return text, []
    text = joined
    # Right to left, so the spans still ahead of us keep their offsets; built as pieces to stay linear.
    pieces: list[str] = []
    end = len(text)
    for r in reversed(found):
        pieces.append(text[r.end : end])
        pieces.append(f"{REDACTION_MARK}{r.kind}]")
        end = r.start
    pieces.append(text[:end])
    return "".join(reversed(pieces)), [r.kind for r in found]
