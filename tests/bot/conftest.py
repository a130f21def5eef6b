from __future__ import annotations

from typing import cast

import pytest

from storage.base import Store
from storage.memory import MemoryStore


@pytest.fixture
def store() -> Store:
    return cast(Store, MemoryStore())
