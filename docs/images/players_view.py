"""Draws the players' view's pictures in docs/images/ (docs/players-view.md, "Layouts"): the page at 1920 x 1080
(the TV's layout), 1366 x 768 (the laptop's) and 390 x 844 (the phone's), of "Over the low wall" a few commands
in — the map, the last action's line — and the TV's of the saloon brawl in table mode (no map).

    python docs/images/players_view.py

It plays the fights with a fixed seed in a temporary folder, serves each save as `apcombat serve --watch` does
(on the loopback address) and takes the pictures with Debian's chromium through playwright (the test extra);
every request to another host is blocked. On demand only: the tests check the layouts, not these pictures.
"""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

FOLDER = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
SEED = 3
PICTURES = {
    # picture: (the encounter, played as COMMANDS says; the width and height of the page)
    "players-view-tv.png": ("low_wall", 1920, 1080),
    "players-view-laptop.png": ("low_wall", 1366, 768),
    "players-view-phone.png": ("low_wall", 390, 844),
    "players-view-tv-table.png": ("table_brawl", 1920, 1080),
}
COMMANDS = {
    "low_wall": ["start", "move vera 3,8", "throw vera frag_grenade 12,5", "end"],
    "table_brawl": [
        "start",
        "shoot drifter raider_2 at 25cm",
        "end",
        "gm show raiders words",
        "melee raider_2 drifter",
        "end",
    ],
}


def saved(folder: Path, encounter: str) -> Path:
    """The encounter played a few commands in, saved as the app's autosave would be."""
    from apcombat.content import content_root, load_encounter, load_library
    from apcombat.engine import Game
    from apcombat.saves import save_game

    library = load_library(content_root())
    game = Game(load_encounter(content_root() / "encounters" / f"{encounter}.toml", library), seed=SEED)
    game.play_all(COMMANDS[encounter])
    save = folder / f"{encounter}.toml"
    save_game(game, save)
    return save


def main() -> None:
    from playwright.sync_api import sync_playwright

    from apcombat.players_view import watch_server

    outside: list[str] = []

    def route(request_route) -> None:
        if urlsplit(request_route.request.url).hostname not in ("127.0.0.1", None):
            outside.append(request_route.request.url)
            request_route.abort()
        else:
            request_route.continue_()

    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as driver:
        os.chdir(temporary)  # the page names its save as the game master would see it: low_wall.toml
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        for picture, (encounter, width, height) in PICTURES.items():
            server = watch_server(saved(Path(temporary), encounter), "127.0.0.1", 0)
            thread = threading.Thread(target=server.serve_forever, daemon=True)
            thread.start()
            try:
                context = browser.new_context(viewport={"width": width, "height": height})
                context.route("**/*", route)
                page = context.new_page()
                page.goto(server.url)
                page.wait_for_load_state("load")
                page.screenshot(path=str(FOLDER / picture), full_page=width < 500)  # the phone's: scrolled too
                context.close()
            finally:
                server.shutdown()
                server.server_close()
                thread.join()
            print(f"wrote {FOLDER / picture}")
        browser.close()
    if outside:
        raise SystemExit(f"the page asked other hosts: {outside}")


if __name__ == "__main__":
    main()
