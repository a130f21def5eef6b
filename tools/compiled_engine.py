"""An optional build of the engine compiled by mypyc. The pure-Python engine stays the reference:
nothing imports the build unless asked to, and installing or testing the project never builds it.

    make compiled          # build/mypyc/: a copy of engine/ with MODULES compiled (~1-2 min)
    make test-compiled     # tests/engine against it: pytest -p tools.compiled_engine
    make clean-compiled    # rm -rf build/mypyc
    .venv/bin/python tools/compiled_engine.py run bench/openspiel_hearts.py --runs 3

Building needs mypy (a dev dependency; it brings mypyc), setuptools and a C compiler with
CPython's headers. Running the build needs nothing but the CPython it was built with (the same
minor version and ABI): no mypy, no mypy_extensions. The build is a copy of ``engine/`` made at
build time, so the uncompiled modules sit beside the compiled ones and ``import engine`` from
``build/mypyc`` finds both. A source change needs ``make compiled`` again: ``use`` refuses a
build whose copy differs from the source.
"""

from __future__ import annotations

import importlib
import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "mypyc"
# The rules of the five games and what they share about tricks. engine/cards.py stays Python
# (Card subclasses int, which a mypyc class may not), and so does engine/core.py (every game
# extends its classes, and a class compiled by mypyc refuses interpreted subclasses: tests and
# the bot may define games of their own). The players stay Python too.
MODULES = ("engine/tricks.py", "engine/hearts.py", "engine/king.py", "engine/bazar_blot.py",
           "engine/fifty_six.py", "engine/thirteen.py")


def build() -> None:
    """Copy engine/ into BUILD and compile MODULES there, in place."""
    shutil.rmtree(BUILD, ignore_errors=True)
    shutil.copytree(ROOT / "engine", BUILD / "engine",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    subprocess.run([sys.executable, "-m", "mypyc", *MODULES], cwd=BUILD, check=True)
    print(f"compiled: {', '.join(use())}")


def use() -> list[str]:
    """Import ``engine`` from BUILD before anything imports it from the source, and check that
    each of MODULES is the compiled one. Returns their names; SystemExit if they are not."""
    if "engine" in sys.modules and not _under_build(sys.modules["engine"].__file__):
        raise SystemExit("the pure engine was imported before the compiled one")
    stale = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "engine").rglob("*.py"))
             if not _same(p, BUILD / p.relative_to(ROOT))]
    if stale:
        raise SystemExit(f"build/mypyc is not built from this source ({', '.join(stale)}): "
                         "run `make compiled`")
    if str(BUILD) not in sys.path:
        sys.path.insert(0, str(BUILD))
    names = [m.removesuffix(".py").replace("/", ".") for m in MODULES]
    for name in names:
        file = importlib.import_module(name).__file__ or ""
        if not (_under_build(file) and file.endswith(".so")):
            raise SystemExit(f"{name} is not compiled ({file}): run `make compiled`")
    return names


def _same(source: Path, copy: Path) -> bool:
    return copy.is_file() and copy.read_bytes() == source.read_bytes()


def _under_build(file: str | None) -> bool:
    return bool(file) and Path(str(file)).is_relative_to(BUILD)


# As a pytest plugin (-p tools.compiled_engine): the session runs against the build.
def pytest_configure() -> None:
    use()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Name the compiled modules the tests ran against, checked again at the end."""
    for name in use():
        terminalreporter.write_line(f"compiled engine: {name} from {sys.modules[name].__file__}")


def main(argv: list[str]) -> None:
    if argv[:1] == ["build"]:
        build()
    elif argv[:1] == ["run"] and len(argv) > 1:
        use()
        sys.argv = argv[1:]
        sys.path.insert(0, str(Path(argv[1]).resolve().parent))  # as for a script run
        runpy.run_path(argv[1], run_name="__main__")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
