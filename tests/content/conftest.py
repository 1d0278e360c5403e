"""Fixtures for the content tests: the shipped content, and a copy of it to break on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from content_helpers import CONTENT

from apcombat.content import Library, load_library


@pytest.fixture(scope="session")
def library() -> Library:
    """The shipped content."""
    return load_library(CONTENT)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in tmp_path, so problems name files as `content/weapons.toml`."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def content_copy(in_tmp: Path) -> Path:
    """A copy of the shipped content at ./content (a relative path), to break on purpose."""
    shutil.copytree(CONTENT, in_tmp / "content")
    return Path("content")
