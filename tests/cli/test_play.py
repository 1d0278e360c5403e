"""`apcombat play FILE` through the real entry point, the app run headless: a new game's dice seed, fresh
each launch unless `--seed` gives it, and kept by the game's save."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from apcombat.cli import main
from apcombat.saves import read_save
from apcombat.tui.app import ApcombatApp

DUEL = Path(__file__).resolve().parents[2] / "content" / "encounters" / "duel.toml"


@pytest.fixture
def launch(monkeypatch, user_folders):
    """`launch(*args)`: `apcombat play DUEL *args`, the app run headless to start the fight (its autosave
    written); the seed of its game and the seed its save keeps."""

    def headless(app: ApcombatApp) -> None:
        async def start_the_fight() -> None:
            async with app.run_test(size=(140, 45)) as pilot:
                await pilot.pause()
                await pilot.press("s")  # start: initiative rolled, the game autosaved
                await pilot.pause()
                session = app.screen.session
                session.autosave.flush()
                app.played_seed = session.game.seed

        asyncio.run(start_the_fight())

    launched: list[ApcombatApp] = []

    def run(app: ApcombatApp) -> None:
        headless(app)
        launched.append(app)

    monkeypatch.setattr(ApcombatApp, "run", run)

    def play(*args: str) -> tuple[int, int]:
        assert main(["play", str(DUEL), *args]) == 0
        saved = read_save(user_folders / "saves" / "autosave.toml")
        return launched[-1].played_seed, saved.seed

    return play


def test_each_launch_plays_fresh_dice_unless_a_seed_is_given_and_the_save_keeps_its_seed(launch):
    launches = [launch() for _ in range(3)]
    for played, saved in launches:
        assert saved == played
    assert len({played for played, _ in launches}) > 1  # three fresh seeds alike: one chance in 10^12
    assert launch("--seed", "4242") == (4242, 4242)
    assert launch("--seed", "0") == (0, 0)


def test_a_seed_out_of_range_is_one_sentence(launch, capsys):
    assert main(["play", str(DUEL), "--seed", "-3"]) == 2
    assert capsys.readouterr().err == "apcombat: --seed -3: give a whole number from 0 to 9,223,372,036,854,775,807\n"
