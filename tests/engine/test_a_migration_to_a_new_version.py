"""A system moved to a new version or platform ("finished the migration to Django 4.2", "migrated
the blog to Hugo", "the upgrade to Postgres 16 went fine") replaces the one the memory holds. A
migration only planned, or one that is no system's, changes nothing."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, old, new", [
    ("Our API runs on Rails 6.1.", "Wrapped up the migration to Rails 7.1 this week, only two flaky tests left.",
     "6.1", "7.1"),
    ("My site is built with Jekyll.", "I migrated the site to Astro over the weekend and the builds are instant now.",
     "Jekyll", "Astro"),
    ("The data warehouse is on Postgres 12.", "The upgrade to Postgres 15 went through on Sunday night, no downtime.",
     "12", "15"),
])
def test_a_migration_replaces_the_old(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Piet", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("before, after, kept", [
    ("We use Jira for tickets.", "We're planning the migration to Linear next quarter.", "Jira"),
    ("My sister lives in Leeds.", "The swallows' migration to Africa starts in September.", "Leeds"),
    ("Our API runs on Rails 6.1.", "My friend's startup just finished the migration to Rails 7.1.", "6.1"),
    ("We're on Postgres 13 in prod.", "We're hoping to upgrade to Postgres 16 next year.", "13"),
])
def test_no_migration_of_theirs(tmp_path, before, after, kept):
    records = active_after(tmp_path, "Piet", [before, after])
    assert holds(records, kept), records
