"""Teacher accounts: sign up, log in, log out."""
