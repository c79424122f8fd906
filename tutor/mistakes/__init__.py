"""Learn from your own games: the decisions a graded review called a mistake or a blunder
become the learner's own puzzles ("find the better move"), reviewed like any missed puzzle,
and their kinds are counted on the progress page."""
