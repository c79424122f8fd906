"""Errors of stored games and records (the action errors are solver.errors.IllegalActionError)."""

from solver.errors import ConquianError


class InvalidGameError(ConquianError):
    """A stored game or game record that is malformed or does not replay under the rules."""
