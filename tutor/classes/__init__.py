"""Classes: teachers gather learners with a short code, assign sets and follow results."""
