"""Typed claims and their checker: every sentence the tutor says is one of these, and the
checker re-derives it from the solver (see :mod:`.kinds`, :mod:`.check`)."""

from solver.claims.check import Context, check, false_claims
from solver.claims.kinds import KINDS, Claim

__all__ = ["KINDS", "Claim", "Context", "check", "false_claims"]
