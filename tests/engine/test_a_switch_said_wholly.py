"""A switch said with how wholly it was made ("we've switched fully to Xero", "the choir has moved
permanently to the Quaker meeting house", "switched over permanently to iCloud for the photo
backups", "we have shifted fully to Zoho Books") gives the old value up, as "switched to" does.
Before, the adverb was read as the thing moved ("fully"), which no record names, so the old value
stayed; "shifted" and "migrated" were no switch verbs."""
from __future__ import annotations

import pytest

from two_sessions import active_after


@pytest.mark.parametrize("old, new, gone, new_word", [
    ("We keep all our invoices in QuickBooks, the accountant set it up.",
     "Heads up: we've switched fully to Xero this quarter, the accountant wanted it.", "QuickBooks", "Xero"),
    ("My photos are all backed up to Google Photos.",
     "Switched over permanently to iCloud for the photo backups last week.", "Google Photos", "iCloud"),
    ("The choir rehearses at St Mark's church hall on Tuesdays.",
     "The choir has moved permanently to the Quaker meeting house, same night.", "St Mark", "Quaker"),
    ("Our newsletter goes out through Mailchimp every Friday.",
     "We've moved the newsletter completely over to Buttondown now.", "Mailchimp", "Buttondown"),
])
def test_the_old_value_is_given_up(tmp_path, old, new, gone, new_word):
    texts = active_after(tmp_path, "Deepa", [old, new])
    assert not any(gone in t and new_word not in t for t in texts), texts
    assert any(new_word in t for t in texts), texts


@pytest.mark.parametrize("old, new, kept", [
    ("I do my online banking with Nationwide.",
     "The choir has moved permanently to the Quaker meeting house, same night.", "Nationwide"),
    ("Our team tracks bugs in Jira.", "We've switched fully to oat milk in the office.", "Jira"),
])
def test_another_thing_switched_leaves_the_record(tmp_path, old, new, kept):
    texts = active_after(tmp_path, "Deepa", [old, new])
    assert any(kept in t for t in texts), texts
