"""Teacher authoring: puzzle sets edited in the browser, checked by the solver as they grow."""
