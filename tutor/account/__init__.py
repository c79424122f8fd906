"""A teacher's account: change the password, log out everywhere, reset a forgotten
password by e-mail."""
