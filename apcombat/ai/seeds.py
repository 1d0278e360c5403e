"""Each AI side's own generator, seeded from the game's seed and the side's id.

A stable hash (SHA-256), never Python's `hash()`, which changes from one process to the next: the same game
seed gives every side the same generator on any machine, in any worker.
"""

from __future__ import annotations

import hashlib
import random


def side_seed(game_seed: int, side_id: str) -> int:
    """The seed of one side's generator in the game played with `game_seed`."""
    digest = hashlib.sha256(f"{game_seed}:{side_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def side_rng(game_seed: int, side_id: str) -> random.Random:
    """A fresh generator for one AI side of one game."""
    return random.Random(side_seed(game_seed, side_id))
