"""Live tables with people (issue 29)."""
