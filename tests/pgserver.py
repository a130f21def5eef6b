"""A scratch PostgreSQL server for the tests: initdb into a temporary folder, start it on
127.0.0.1 on a free port (its unix socket in that folder too), stop it and remove the folder at
the end. Run as root it runs as the ``postgres`` OS user (initdb refuses root).

``SEGHAN_TEST_POSTGRES_URL`` names an existing server instead; the tests then create their own
databases on it and drop them afterwards.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

ENV_URL = "SEGHAN_TEST_POSTGRES_URL"
T = TypeVar("T")


def find_bin() -> Path | None:
    """The folder holding initdb and pg_ctl: PATH first, then /usr/lib/postgresql/*/bin (newest)."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: [int(x) if x.isdigit() else 0 for x in Path(p).parent.name.split(".")],
        reverse=True,
    )
    for folder in candidates:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def with_database(url: str, name: str) -> str:
    """``url`` naming database ``name`` instead of its own."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def run_sync(make: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine to completion on a loop of its own, in another thread (so callers may be
    sync fixtures even while pytest-asyncio has a loop set)."""

    async def main() -> T:
        return await make()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result()


async def admin(url: str, *statements: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url, timeout=10)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ScratchServer:
    """One throwaway cluster; ``url`` connects as the superuser ``postgres`` (trust auth)."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="seghan-pg-"))
        self.data = self.folder / "data"
        self.port = 0
        self.url = ""
        self._as: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str, timeout: float = 60) -> None:
        done = subprocess.run(
            [*self._as, *args], capture_output=True, text=True, timeout=timeout, cwd=self.folder
        )
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}):\n"
                               f"{done.stdout}\n{done.stderr}\n{self._log()}")

    def _log(self) -> str:
        try:
            return (self.folder / "server.log").read_text()[-3000:]
        except OSError:
            return ""

    def start(self) -> str:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
        for attempt in range(5):  # a free port may be taken between the probe and the start
            self.port = _free_port()
            options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} "
                       "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                       "-c max_connections=200")
            try:
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                          str(self.folder / "server.log"), "-o", options, "-w", "-t", "60",
                          "start")
                break
            except RuntimeError:
                if attempt == 4:
                    raise
                time.sleep(0.2)
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        return self.url

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "stop", "-m", "fast",
                          "-w", "-t", "60")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


class Databases:
    """Fresh empty databases on one server, named ``<prefix>_<n>``; all dropped by ``close``."""

    def __init__(self, server_url: str, prefix: str) -> None:
        self.server_url = server_url
        self.prefix = prefix
        self.made: list[str] = []

    async def create(self) -> str:
        name = f"{self.prefix}_{len(self.made)}"
        await admin(self.server_url, f'DROP DATABASE IF EXISTS "{name}"',
                    f'CREATE DATABASE "{name}" TEMPLATE template0')
        self.made.append(name)
        return with_database(self.server_url, name)

    async def drop(self, name: str) -> None:
        await admin(self.server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    async def close(self) -> None:
        for name in self.made:
            await self.drop(name)
        self.made.clear()
