"""The learning path: short lessons, each ending in exercises that the solver checks."""
