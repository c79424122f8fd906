"""Errors of the solver. Each is a ``ValueError`` whose message says what is wrong and where."""


class ConquianError(ValueError):
    """Base class of every error raised for bad input or an illegal move."""


class InvalidCardError(ConquianError):
    """A card string that is not one of the 40 cards (R1)."""


class InvalidMeldError(ConquianError):
    """A group of cards that is not a valid set or run (R4)."""


class InvalidPositionError(ConquianError):
    """A position that cannot occur under the rules, or malformed position input."""


class IllegalActionError(ConquianError):
    """An action that the rules do not allow in the current game state."""
