"""The SQLite backend (aiosqlite): the embedded default, one process a file. ``store`` opens the
file and migrates it (``migrations``); every repository shares one connection (``db``).

Durability: WAL with ``synchronous=NORMAL``. A committed transaction is in the WAL before COMMIT
returns, so it survives the process being killed (tests/storage/test_crash.py kills one with SIGKILL
again and again); only a power loss or OS crash may drop the last commits. FULL would fsync every
commit for that case at a large cost in latency.
"""
