"""Draws docs/images/battlefield.svg, the picture of README and the docs' home page: the demo duel's
battlefield at the start of round 1, 100 x 30, by the app itself (Textual's screenshot).

    python docs/images/battlefield.py

It runs headless with its own empty config and saves folders (the tutorial's hints off, nothing of yours
read or written) and a fixed seed, so the picture changes only when the screen does.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

SIZE = (100, 30)
SEED = 3
PICTURE = Path(__file__).resolve().parent / "battlefield.svg"


async def draw(home: Path) -> str:
    from apcombat.content import content_root
    from apcombat.content.settings import HINTS, remember
    from apcombat.tui.app import create_app
    from apcombat.tui.screens.game import GameScreen

    remember(HINTS, False)
    duel = content_root() / "encounters" / "duel.toml"
    app = create_app(open_path=duel, saves=home / "saves", keymap_file=home / "no_keys.toml", seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, GameScreen):
            await pilot.pause(0.05)
        await pilot.press("s")  # start: initiative rolled, round 1
        while app.screen.session.state.round < 1:
            await pilot.pause(0.05)
        await pilot.press("right", "right", "down")  # the cursor off the unit: the path preview shows
        await pilot.pause(0.5)
        return app.export_screenshot(title="apcombat: the demo duel")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        for variable, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state")):
            os.environ[variable] = str(home / sub)
        os.environ["APCOMBAT_SAVES"] = str(home / "saves")
        PICTURE.write_text(asyncio.run(draw(home)), encoding="utf-8")
    print(f"wrote {PICTURE}")


if __name__ == "__main__":
    main()
