"""The in-memory store, for fast tests: the same contract as SQLite and PostgreSQL, nothing on
disk and no migrations. ``store`` opens it; its scores read its tables and matches, its seasons
its scores, and its tournaments its tables."""
