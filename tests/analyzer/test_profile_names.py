"""The analyzer's profile names are the profiles' own display names, translated."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask_babel import force_locale, gettext

from solver.rules import PROFILES, RuleProfile
from tutor.analyzer.profiles import profile_name, profile_options, profiles_table


@pytest.mark.parametrize("language", ["en", "pt", "es"])
def test_every_profile_shows_its_own_translated_name(app: Flask, language: str) -> None:
    with app.test_request_context("/analyzer/"), force_locale(language):
        names = {pid: profile_name(p) for pid, p in PROFILES.items()}
        assert len(set(names.values())) == len(PROFILES)  # no two profiles read alike
        for pid, profile in PROFILES.items():
            assert names[pid] == profile_name(pid) == gettext(profile.display_name)
            assert profiles_table()[pid]["name"] == names[pid]
            if language != "en":  # the catalogs translate every name
                assert names[pid] != profile.display_name
        assert profile_options() == list(names.items())
        assert profile_name("no-such-rules") == "no-such-rules"


@pytest.mark.parametrize("profile", PROFILES.values(), ids=str)
def test_the_page_offers_each_profile_by_its_display_name(
    app: Flask, profile: RuleProfile
) -> None:
    client = app.test_client()
    html = client.get("/analyzer/", query_string={"rules": profile.id}).get_data(as_text=True)
    assert re.search(rf'<option value="{re.escape(profile.id)}"[^>]* selected>'
                     rf'{re.escape(profile.display_name)}</option>', html)
