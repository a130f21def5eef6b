"""The PostgreSQL backend (asyncpg), for a database server. The same contract as SQLite
(``tests/storage``); the schema is in ``migrations``. Stores in several processes may share
one database: every save checks and bumps the table's version, and migrations take turns.

Every call is one statement on a pooled connection, so it is its own transaction and snapshot,
except where a transaction is opened explicitly (a new table with its log, a match with its
results and ratings). A save is one statement too: the versioned UPDATE and the INSERT of the
new actions in one CTE, one round trip.

Errors that mean "not now" (connection lost or refused, too many connections, lock timeout, disk
full, serialization failure, deadlock) become ``StorageFault``, like SQLite's busy database; the
bot answers "try again". The pool that tells them apart is in ``db``; ``holds`` keeps tables
held across processes, ``notify`` tells the other processes which tables moved.
"""
