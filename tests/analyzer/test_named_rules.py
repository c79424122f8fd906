"""The analyzer page asks the server, not a profile id, whether a position names its rules:
each option of the Rules selector says so in ``data-named`` (every profile but the default,
which the API and the address assume), and static/js/analyzer.js names no profile."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from solver.rules import DEFAULT_PROFILE, PROFILES, RuleProfile

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "analyzer.js"


@pytest.mark.parametrize("profile", PROFILES.values(), ids=str)
def test_each_option_says_whether_a_position_names_its_rules(
    client: FlaskClient, profile: RuleProfile
) -> None:
    page = client.get("/analyzer/").get_data(as_text=True)
    option = re.search(rf'<option value="{re.escape(profile.id)}"[^>]*>', page)
    assert option
    named = re.search(r'data-named="(true|false)"', option.group(0))
    assert named and (named.group(1) == "true") == (profile is not DEFAULT_PROFILE)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_the_script_names_no_profile(profile: str) -> None:
    assert f'"{profile}"' not in SCRIPT.read_text("utf-8")
