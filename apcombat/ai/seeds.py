"""Each AI side's own generator, seeded from the game's seed and the side's id and kept in the state.

A stable hash (SHA-256), never Python's `hash()`, which changes from one process to the next: the same game
seed gives every side the same generator on any machine, in any worker. The generator is apcombat.dice's
PCG32, kept in the state as `Encounter.ai_dice` (two integers per side), so undo rewinds it and saves keep it.
Each time a side's AI is asked for a line it gets a `random.Random` built from one draw of that generator, and
the generator moves on by that draw.
"""

from __future__ import annotations

import hashlib
import random

from apcombat.dice import SeededDice
from apcombat.model import AiDice, Encounter


def side_seed(game_seed: int, side_id: str) -> int:
    """The seed of one side's generator in the game played with `game_seed`."""
    digest = hashlib.sha256(f"{game_seed}:{side_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def fresh_generator(game_seed: int, side_id: str) -> AiDice:
    """One AI side's generator before its AI was ever asked."""
    return AiDice(side_id, SeededDice(side_seed(game_seed, side_id)).state)


def side_rng(game_seed: int, side_id: str) -> random.Random:
    """The generator the AI of `side_id` is handed the first time it is asked in the game seeded `game_seed`."""
    return drawn(fresh_generator(game_seed, side_id))[0]


def next_rng(state: Encounter, game_seed: int, side_id: str) -> tuple[random.Random, AiDice]:
    """What the AI of `side_id` is handed when asked now, from its side's generator in `state` (a fresh one
    the first time), and that generator after the draw, which the game keeps with the line the AI chose."""
    return drawn(state.ai_generator(side_id) or fresh_generator(game_seed, side_id))


def drawn(generator: AiDice) -> tuple[random.Random, AiDice]:
    """A `random.Random` built from one 64-bit draw of `generator`, and the generator after that draw."""
    dice = SeededDice.from_state(generator.seeded)
    draw = (dice.next_u32() << 32) | dice.next_u32()
    return random.Random(draw), AiDice(generator.side, dice.state)
