"""Fixtures for every test folder: a scratch PostgreSQL database (tests/pgserver.py).

``postgres_url``: one fresh database for the test session, on ``SEGHAN_TEST_POSTGRES_URL``'s
server if set, else on a scratch server started here (and stopped at the end). ``postgres_db``:
that database emptied for one test (``DROP SCHEMA public CASCADE``: ~2 ms, against ~50 ms to
create and drop a database from template0 per test).

Without PostgreSQL binaries and without the variable, tests using them are skipped locally; with
``CI`` set they fail instead, so CI never skips them silently.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

from tests import pgserver


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL: {reason}")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of a fresh empty database for this session."""
    server: pgserver.ScratchServer | None = None
    server_url = os.environ.get(pgserver.ENV_URL, "")
    if not server_url:
        bin_dir = pgserver.find_bin()
        if bin_dir is None:
            _unavailable(f"initdb/pg_ctl not on PATH nor in /usr/lib/postgresql/*/bin, and "
                         f"{pgserver.ENV_URL} is not set")
        assert bin_dir is not None
        server = pgserver.ScratchServer(bin_dir)
        try:
            server_url = server.start()
        except Exception as error:
            server.stop()
            _unavailable(f"the scratch server did not start: {error}")
    databases = pgserver.Databases(server_url, f"seghan_test_{uuid.uuid4().hex[:8]}")
    try:
        url = pgserver.run_sync(databases.create)
        yield url
    finally:
        try:
            pgserver.run_sync(databases.close)
        finally:
            if server is not None:
                server.stop()


@pytest.fixture
def postgres_db(postgres_url: str) -> str:
    """The session's database, emptied for this test. A sync fixture, so an async fixture may
    ask for it with ``request.getfixturevalue``."""
    pgserver.run_sync(lambda: pgserver.admin(
        postgres_url, "DROP SCHEMA IF EXISTS public CASCADE", "CREATE SCHEMA public"))
    return postgres_url
