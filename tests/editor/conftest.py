"""Fixtures for the editor's core: the shipped content."""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.content import Library, load_library

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="session")
def library() -> Library:
    """The shipped content."""
    return load_library(CONTENT)
