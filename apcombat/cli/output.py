"""What every subcommand shares: failing with one clear line (or a JSON error) and loading content."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apcombat.content import Library


def fail(args: argparse.Namespace, problems: list[str], code: int = 2) -> int:
    """Report problems one line each — as `{"error": ...}` with --json — and return the exit code."""
    if getattr(args, "json", False):
        print(json.dumps({"error": "\n".join(problems)}))
    else:
        for problem in problems:
            print(f"apcombat: {problem}", file=sys.stderr)
    return code


def load_library_or_fail(args: argparse.Namespace) -> Library | None:
    """The content library, or None after reporting why it could not be loaded."""
    from apcombat.content import ContentError, content_root, load_library
    from apcombat.content.user_files import user_content_if_any

    try:
        return load_library(content_root(args.content), user_content_if_any())
    except ContentError as error:
        fail(args, error.problems)
        return None


MAX_SEED = 2**63 - 1
"""The largest `--seed` (TOML's largest integer: a save keeps the seed)."""


def out_of_range(flag: str, value: int, low: int, high: int) -> str | None:
    """The one sentence refusing a number flag's value outside `low`..`high`, or None if it is inside."""
    if low <= value <= high:
        return None
    return f"{flag} {value}: give a whole number from {low:,} to {high:,}"
