"""What the web pages' tests share besides fixtures: the save they show, and the game master playing on it."""

from __future__ import annotations

from pathlib import Path

from apcombat.engine import Game
from apcombat.saves import load_game, save_game

BRAWL = Path(__file__).parents[1] / "saves" / "format_4" / "table_brawl.toml"
"""The saloon brawl in round 1: Drifter and Barkeep shot Raider Jed (8 of 33 HP left), Raider Moss burns, the
game master took 5 HP off Sue, and Raider Jed acts."""


def play(save: Path, *lines: str) -> Game:
    """The game master plays `lines` on the saved game, and the app saves it again."""
    game = load_game(save)
    game.play_all(lines)
    save_game(game, save)
    return game
