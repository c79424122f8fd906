"""Each profile names its own rule book (file, id letter, number of rules); the site's list
of books is built from the profiles, so an eighth profile brings its book with it."""

from __future__ import annotations

import re

import pytest

from solver.rules import PROFILES, RuleProfile
from tutor.rules.books import BOOK_BY_ID, RULES_DIR, book_of_profile, book_of_rule


@pytest.mark.parametrize("profile", PROFILES.values(), ids=str)
def test_the_profile_names_its_book_file_letter_and_size(profile: RuleProfile) -> None:
    text = (RULES_DIR / f"{profile.book_name}.md").read_text(encoding="utf-8")
    headings = re.findall(rf"^#+ ({profile.book}\d+)\b", text, re.M)
    assert headings == [f"{profile.book}{n}" for n in range(1, profile.book_size + 1)]
    assert all(rule.startswith(profile.book) for rule in profile.rule_ids.values())


@pytest.mark.parametrize("profile", PROFILES.values(), ids=str)
def test_the_site_reads_the_book_the_profile_names(profile: RuleProfile) -> None:
    book = book_of_profile(profile.id)
    assert book is BOOK_BY_ID[profile.book_name]
    assert (book.prefix, book.size) == (profile.book, profile.book_size)
    assert book_of_rule(f"{profile.book}{profile.book_size}") is book
    assert book_of_rule(f"{profile.book}{profile.book_size + 1}") is None
