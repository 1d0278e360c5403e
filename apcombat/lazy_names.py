"""A package whose public names are imported from their modules when first used, so that importing one light
module of it (or the package for one name) does not import all the others: the title screen starts before
the rules, the checks and the AI are loaded."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`, whose public names live in the modules `homes` gives
    (name -> module of the package): `__getattr__, __dir__ = lazy_names(__name__, {"Game": "game"})`."""

    def getattr_(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{homes[name]}"), name)
        setattr(sys.modules[package], name, value)  # found at once from now on
        return value

    def dir_() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(homes))

    return getattr_, dir_
