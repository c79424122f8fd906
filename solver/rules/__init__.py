"""Rule profiles: the registry of the games the tutor knows, keyed by profile id.

Positions (``"rules"``), game records and puzzle sets (``"ruleset"``) name their profile;
a missing name means ``conquian-40``.
"""

from __future__ import annotations

from typing import Final

from solver.errors import UnknownProfileError
from solver.messages import N_
from solver.rules.profile import RuleProfile
from solver.rules.variants import Colonel, Conquin, Cooncan, Kunken, Kunken40, Kunken104

CONQUIAN_40: Final = RuleProfile()
DEFAULT_PROFILE: Final = CONQUIAN_40

PROFILES: Final[dict[str, RuleProfile]] = {
    p.id: p
    for p in (CONQUIAN_40, Cooncan(), Colonel(), Conquin(), Kunken(), Kunken40(), Kunken104())
}


def get_profile(profile_id: object) -> RuleProfile:
    """The profile with this id; :class:`UnknownProfileError` lists the known ones."""
    if isinstance(profile_id, RuleProfile):
        return profile_id
    profile = PROFILES.get(profile_id) if isinstance(profile_id, str) else None
    if profile is None:
        raise UnknownProfileError(N_("unknown rules {value}: the known ones are {known}"),
                                  value=repr(profile_id), known=", ".join(PROFILES))
    return profile


__all__ = ["CONQUIAN_40", "DEFAULT_PROFILE", "PROFILES", "RuleProfile", "get_profile"]
