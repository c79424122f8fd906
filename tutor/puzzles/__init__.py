"""Puzzles: the store of puzzle sets, and the pages where learners solve them."""
