"""The learner's progress: puzzles solved, weak themes, streaks, lessons completed."""
