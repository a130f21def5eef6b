"""What the optional compiled build (tools/compiled_engine.py, mypyc) asks of the pure code: a
module of its own, so that every module may use it without importing any other."""

from __future__ import annotations

from typing import TypeVar

C = TypeVar("C", bound=type)


def interpreted(cls: C) -> C:
    """The class unchanged. For the optional mypyc build (tools/compiled_engine.py): a class so
    decorated stays an ordinary Python class in a compiled module, as one extending a slotted
    class of an uncompiled module (``Shared``) must."""
    return cls
