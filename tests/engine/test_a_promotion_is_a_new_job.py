"""A promotion of the speaker's is their job now ("they bumped me up to senior analyst in March",
"I've been made head chef", "I made inspector in the spring"): it replaces the job the memory
holds. A promotion wished for, denied, of someone else, or to a team, a belt or a level leaves that
job as it was."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, old, new", [
    ("I'm a junior analyst at Fenwick Capital.", "Good news, they bumped me up to senior analyst in March!",
     "junior analyst", "senior analyst"),
    ("I work as a sous chef at Marlow's.", "I've been made head chef now that Pete has left.", "sous chef",
     "head chef"),
    ("I'm a staff nurse on the surgical ward.", "I got promoted to ward sister over the summer, so more paperwork.",
     "staff nurse", "ward sister"),
    ("I'm a sergeant with the county police.", "I made inspector in the spring after the board.", "sergeant",
     "inspector"),
    ("I work as a paralegal at Hart and Lowe.", "finally promoted to associate this year, long time coming",
     "paralegal", "associate"),
])
def test_a_promotion_replaces_the_job(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Tomas", [before, after])
    assert holds(records, new) and not any(old in r.lower() and new not in r.lower() for r in records), records


@pytest.mark.parametrize("before, after, kept", [
    ("I work as a sous chef at Marlow's.", "My sister got promoted to head chef at her place.", "sous chef"),
    ("I'm a junior analyst at Fenwick Capital.", "I'm hoping to get promoted to senior analyst next year.",
     "junior analyst"),
    ("I'm a staff nurse on the surgical ward.", "I was passed over for promotion to ward sister again.",
     "staff nurse"),
    ("I'm a sergeant with the county police.", "They promoted Dave to inspector instead of me.", "sergeant"),
    ("I work as a paralegal at Hart and Lowe.", "I made pancakes for the whole office on Friday.", "paralegal"),
    ("I work as a paralegal at Hart and Lowe.", "I got promoted to the first team at hockey last season.", "paralegal"),
    ("I'm a junior analyst at Fenwick Capital.", "I was promoted to blue belt at judo on Saturday.", "junior analyst"),
])
def test_a_promotion_not_of_the_speaker_leaves_the_job(tmp_path, before, after, kept):
    records = active_after(tmp_path, "Tomas", [before, after])
    assert any(kept in r.lower() for r in records), records
