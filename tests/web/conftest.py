"""The page's tests share ``make try``'s server (one a test module) and a fresh browser window
a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .browser import Window, need_browser, trial_server


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    with trial_server(tmp_path_factory.mktemp("try")) as address:
        yield address


@pytest.fixture
def window(base: str) -> Iterator[Window]:
    opened = Window(base)
    yield opened
    opened.close()
