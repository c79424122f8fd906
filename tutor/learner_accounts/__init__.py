"""Optional learner accounts: keep one learner's progress on every device."""
