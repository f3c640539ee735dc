"""What the speaker is, said before a dash or a comma with more after it ("I'm a nurse - I work on
a cardiac ward - and I run marathons"), is kept whole: the role is no label to drop, and the
clauses after it are not cut off. "..., and I also keep bees" is told as "and <name> also keeps
bees": a bare "and" joins no one to the speaker. A label before a dash ("Quick update - I ...")
is still dropped."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts


def _texts(tmp_path, said: str) -> list[str]:
    return record_texts(tmp_path, [said], "Noor", "2026-06-08", 1)


@pytest.mark.parametrize("said,words", [
    ("I'm a nurse - I work on a cardiac ward - and I run marathons.", ("nurse", "cardiac", "runs marathons")),
    ("I'm a locksmith - I mostly do call-outs - and I teach an evening class.", ("locksmith", "call-outs", "teaches")),
    ("I'm a childminder - I look after three kids - and I foster cats.", ("childminder", "three kids", "fosters cats")),
    ("I'm a teacher, I teach Year 6 and I coach netball.", ("teacher", "Year 6", "coaches netball")),
])
def test_a_role_and_what_follows_it_are_kept(tmp_path, said, words):
    texts = _texts(tmp_path, said)
    assert any(all(w in t for w in words) for t in texts), texts


@pytest.mark.parametrize("said,told", [
    ("I'm the treasurer now, and I also keep bees.", "also keeps bees"),
    ("I work on a ward - and I run marathons.", "and Noor runs marathons"),
    # (two statements, each with its subject, are two records: "Noor commutes to Brighton")
    ("I live in Hove, and I commute to Brighton.", "Noor commutes"),
])
def test_a_bare_and_joins_no_one_to_the_speaker(tmp_path, said, told):
    texts = _texts(tmp_path, said)
    assert any(told in t for t in texts), texts


def test_a_label_before_a_dash_is_still_dropped(tmp_path):
    texts = _texts(tmp_path, "Quick update - I moved to Hove last month.")
    assert texts and not any("update" in t.lower() for t in texts), texts
