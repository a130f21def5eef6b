"""What lasts beyond a table: people and their languages, scores and ratings, seasons, tournaments.

Names say what a module holds: a plain plural (``seasons``, ``ratings``, ``pairing``) is pure
rules and texts; ``*_service`` the use cases over the store (no sending); ``*_posts`` what a chat
is sent of it."""
