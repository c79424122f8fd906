"""The rule books (``docs/rules/``) on the site, and links from every cited rule id to its rule."""
