"""What a store raises: every error is a StorageError, so the bot can catch them all at once."""

from __future__ import annotations


class StorageError(Exception):
    """Bad stored data or a file this version cannot read; the message names the table or file."""


class StaleTable(StorageError):
    """A save whose version moved on since the record was read: nothing was written."""


class StorageFault(StorageError):
    """The database could not do it now (locked past the busy timeout, disk full, I/O error):
    the request is refused whole and may be tried again; nothing half-done is kept."""
