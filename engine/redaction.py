"""Secret redaction for conversation turns, applied before a turn is written anywhere.

Two layers find secrets:

1. memstream's own rules (compiled at import): PEM/PuTTY private keys, vendor API keys, AWS keys,
   GitHub/Slack tokens, JWTs, ``Bearer`` tokens, credentials in URLs, "my password is ..." style
   disclosures in prose and Luhn-valid payment card numbers.
2. detect-secrets as a second opinion. Its plugin classes are instantiated once (lazily, on the first
   text that needs them, because importing detect-secrets costs ~0.2 s) and their compiled patterns
   are run directly on the text. This skips ``scan_line``'s settings and filter machinery, which
   costs ~1 ms a line. It also never calls a plugin's ``verify``, so nothing goes over the network.
   Its high-entropy plugins only count a token of at least 20 characters that holds both letters
   and digits, which keeps ordinary words and sentences out (hex digests such as git commit ids
   still qualify and are redacted).

A cheap pre-check sends text that has no digit run, no long token and no trigger word straight back
as clean. Nothing in this module logs or prints a secret value.
"""
from __future__ import annotations

import bisect
import re
import threading
from dataclasses import dataclass
from typing import Callable, Iterator

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
_P_DETECT_SECRETS = 5
_P_ENTROPY = 0

# --------------------------------------------------------------------------------------------------
# Pre-checks. Every rule below needs at least one of these to fire, so text with no hit is clean.
# --------------------------------------------------------------------------------------------------

# A run of 3 digits: card numbers need one.
_DIGIT_RUN = re.compile(r"\d{3}")
# A long token: every key/token format we and detect-secrets look for is at least 20 characters
# (a signed JWT too), as is every high-entropy candidate; the exceptions are Slack's "xox"/"xapp"
# (trigger words below) and Artifactory's AKC.../AP[0-9A-F]... (11+), matched here by prefix.
_LONG_TOKEN = re.compile(r"\S{20,}|(?<![A-Za-z0-9])(?:AKC|AP[0-9A-F])[A-Za-z0-9]{8}")
# Words (lower case) that introduce a secret in prose or config. detect-secrets' keyword-style
# plugins (Keyword, Cloudant, IBM, SoftLayer, AWS secret keys, Azure "AccountKey=") and its Slack
# and basic-auth patterns need one of the first group; our own rules may also need the second.
_DETECT_SECRETS_WORDS = ("pass", "pwd", "key", "token", "secret", "contrase", "xox", "://")
_OWN_WORDS = ("pin", "pw", "bearer", "authoriz", "xapp")
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
# scheme://user:pass@host; `v` is "user:pass". The password may hold '@' (the last '@' before
# the path ends the userinfo).
_URL_CREDENTIALS = re.compile(
    r"\b[A-Za-z][A-Za-z0-9+.\-]{1,15}://(?P<v>[^\s:/?#@]*:[^\s/?#]+)@(?=[^\s/?#@])",
    re.ASCII,
)

# Prose and config disclosures: "my password is hunter2", "password: hunter2", "pwd=...",
# "the api key is abc123XYZ", "DB_PASSWORD='...'", "the wifi password for the office is Blue42!".
_DISCLOSURE = re.compile(
    r"(?<![A-Za-z])"
    r"(?P<kw>"
    r"pass(?:word|wd|phrase|\s?code)"
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
    r"|(?:[ \t]+(?:for|to|of|on|at)[ \t]+(?:(?:the|my|our|your)[ \t]+)?[\w.\-@]+)?"
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

_ALREADY_REDACTED = re.compile(r"\[REDACTED:[A-Za-z0-9_]+\]")


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


def _disclosures(text: str) -> Iterator[_Span]:
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
            if plain:
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


def _cards(text: str) -> Iterator[_Span]:
    for m in _CARD_CANDIDATE.finditer(text):
        if m.end() - m.start() < 13:
            continue
        groups = [(g.start(), g.end()) for g in _CARD_GROUP.finditer(text, m.start(), m.end())]
        if len(groups) == 1:
            digits = text[m.start() : m.end()]
            if 13 <= len(digits) <= 19 and _card_issuer_ok(digits) and _luhn_ok(digits):
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
            if found is None:
                i += 1
                continue
            yield (groups[i][0], groups[found][1], "card_number", _P_CONTEXT)
            i = found + 1


def _own_rules(text: str, lower: str, long_token: bool, digits: bool) -> Iterator[_Span]:
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
        yield from _disclosures(text)
    if digits:
        yield from _cards(text)


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


def find_secrets(text: str) -> list[Redaction]:
    """Non-overlapping spans, sorted by start."""
    if not text:
        return []
    lower = text.lower()
    long_token = _LONG_TOKEN.search(text) is not None
    digits = _DIGIT_RUN.search(text) is not None
    ds_words = any(w in lower for w in _DETECT_SECRETS_WORDS)
    if not (long_token or digits or ds_words or any(w in lower for w in _OWN_WORDS)):
        return []  # obviously clean: no digit run, no long token, no trigger word
    spans: list[_Span] = list(_own_rules(text, lower, long_token, digits))
    if long_token or ds_words:
        spans.extend(_get_detect_secrets().scan(text, lower))
    if not spans:
        return []
    if REDACTION_MARK in text:
        # Never re-redact a placeholder: this is what makes redact() idempotent.
        marks = [m.span() for m in _ALREADY_REDACTED.finditer(text)]
        mark_starts = [ms for ms, _ in marks]
        spans = [s for s in spans if not _overlaps_mark(s, marks, mark_starts)]
    spans = [s for s in spans if s[1] > s[0]]
    return _merge(spans)


def redact(text: str) -> tuple[str, list[str]]:
    """Returns (clean_text, kinds) where every secret span is replaced by `[REDACTED:<kind>]` and
    kinds lists one kind per replaced span, in order. If nothing is found returns (text, [])."""
    found = find_secrets(text)
    if not found:
        return text, []
    # Right to left, so the spans still ahead of us keep their offsets; built as pieces to stay linear.
    pieces: list[str] = []
    end = len(text)
    for r in reversed(found):
        pieces.append(text[r.end : end])
        pieces.append(f"{REDACTION_MARK}{r.kind}]")
        end = r.start
    pieces.append(text[:end])
    return "".join(reversed(pieces)), [r.kind for r in found]
