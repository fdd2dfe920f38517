"""Account signup: create an account from an email address and greet the new user."""
