"""Into the editor from the title screen: a new fight, the encounter highlighted there, any encounter file, or a
draft an earlier session left unsaved (newest first)."""

from __future__ import annotations

import time
from pathlib import Path

from textual.app import App

from apcombat.content.paths import shown
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.editor.map_dialogs import NewFightScreen, NewMap
from apcombat.tui.screens.host import host


def drafts_newest_first() -> list[tuple[Path, Path]]:
    """Each draft left unsaved and the file it is a draft of, the newest first."""
    from apcombat.editor import drafts

    return sorted(drafts(), key=lambda found: found[0].stat().st_mtime, reverse=True)


def draft_words(draft: Path, target: Path) -> str:
    written = time.localtime(draft.stat().st_mtime)
    today = written[:3] == time.localtime()[:3]
    when = time.strftime("%H:%M" if today else "%Y-%m-%d %H:%M", written)
    return f"Your unsaved draft of {target.name} ({when})"


def file_problem(typed: str) -> str | None:
    """Why the typed path is not an encounter file to open (one sentence), or None."""
    path = Path(typed.strip()).expanduser()
    if path.is_dir():
        return f"{typed.strip()} is a folder: type the path of an encounter's .toml file in it."
    if not path.is_file():
        return f"There is no file at {typed.strip()}: type the path of an encounter's .toml file."
    return None


def choose_fight_to_edit(app: App, highlighted: tuple[str, Path] | None) -> None:
    """Ask what to edit (`highlighted`: the title's encounter, its name and file), then open the editor on it."""
    from apcombat.editor import is_shipped

    options = [("new", "A new fight (name, map size, squares or hexes)")]
    if highlighted is not None:
        name, path = highlighted
        copy = " (shipped: opens as a copy in your folder)" if is_shipped(path) else ""
        options.append(("highlighted", f"{name}{copy}"))
    options.append(("file", "An encounter file (type its path)"))
    found = drafts_newest_first()
    options += [(f"draft-{index}", draft_words(*draft)) for index, draft in enumerate(found)]

    def chosen(choice: str | None) -> None:
        if choice == "new":
            app.push_screen(NewFightScreen(), lambda answer: _new(app, answer))
        elif choice == "highlighted" and highlighted is not None:
            host(app).edit_file(highlighted[1])
        elif choice == "file":
            ask = AskScreen("The encounter file to edit", placeholder="path/to/fight.toml", check=file_problem)
            app.push_screen(ask, lambda typed: host(app).edit_file(Path(typed.strip()).expanduser()) if typed else None)
        elif choice is not None and choice.startswith("draft-"):
            _draft(app, found[int(choice.removeprefix("draft-"))][0])

    app.push_screen(ChoiceScreen("Edit a fight", options), chosen)


def _new(app: App, answer: object) -> None:
    from apcombat.editor import EditRefused, new_fight

    if not isinstance(answer, NewMap):
        return
    try:
        session = new_fight(host(app).library, answer.name, (answer.width, answer.height), answer.kind)
    except EditRefused as refusal:
        app.notify(str(refusal), severity="warning")
        return
    host(app).open_editor(session)


def _draft(app: App, draft: Path) -> None:
    from apcombat.content import ContentError
    from apcombat.editor import open_draft

    try:
        session = open_draft(draft, host(app).library)
    except ContentError as error:
        app.notify(f"Cannot open the draft {shown(draft)}: {error.problems[0]}", severity="error", timeout=12)
        return
    host(app).open_editor(session)
