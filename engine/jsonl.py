"""Reading a JSONL file of turns line by line, where one bad line never costs the others.

Lines are split on b"\\n" alone (a JSON string may hold U+2028, U+0085 or a form feed, which
`str.splitlines()` would split on), each is decoded as strict UTF-8 on its own, and each is parsed on
its own: a line that is not UTF-8, not JSON, nested too deeply for the parser, or not one JSON object
comes back as a reason with its line number, and reading goes on.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator, NamedTuple

_BOM = b"\xef\xbb\xbf"


class Line(NamedTuple):
    """One non-blank line: `value` (a dict) when it parsed, else `reason`; `size` in bytes with
    its newline (for progress over the file's size)."""

    lineno: int
    value: dict | None
    reason: str | None
    size: int


def parse_line(raw: bytes) -> tuple[dict | None, str | None]:
    """(object, None) for one JSON object; (None, reason) otherwise."""
    try:
        text = raw.decode("utf-8", errors="strict")
    except UnicodeDecodeError as exc:
        return None, f"not valid UTF-8: byte 0x{raw[exc.start]:02x} at column {exc.start + 1}"
    try:
        value = json.loads(text)
    except RecursionError:
        return None, "JSON nested too deeply to read"
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON: {exc}"
    except ValueError:  # an integer longer than Python converts (4,300 digits)
        return None, "a number in it is too long (more than 4300 digits)"
    if not isinstance(value, dict):
        return None, "a line must hold one JSON object"
    return value, None


def read_jsonl(path: Path | str) -> Iterator[Line]:
    """The file's non-blank lines in order, numbered from 1 (blank lines are counted, not returned)."""
    with open(path, "rb") as fh:
        for lineno, raw in enumerate(fh, 1):  # binary files split on b"\n" only
            size = len(raw)
            if lineno == 1 and raw.startswith(_BOM):
                raw = raw[len(_BOM):]
            raw = raw.rstrip(b"\r\n")
            if not raw.strip():
                continue
            value, reason = parse_line(raw)
            yield Line(lineno, value, reason, size)
