"""The app as its screens know it: what a screen asks of the app it runs in, without importing the app class
(which imports the screens)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from textual.app import App

    from apcombat.content import Library
    from apcombat.content.settings import Settings
    from apcombat.editor import EditorSession
    from apcombat.engine import Game
    from apcombat.saves import AutosaveClaim


class Host(Protocol):
    """The apcombat app, as its screens use it (apcombat.tui.app.ApcombatApp; mypy checks it is one)."""

    saves: Path
    autosave_claim: AutosaveClaim | None
    last_notice: tuple[str, str, float] | None
    settings: Settings
    settings_written: bool

    @property
    def pace(self) -> float: ...

    def change_settings(self, settings: Settings) -> bool: ...

    @property
    def library(self) -> Library: ...

    @property
    def content_folder(self) -> Path: ...

    @property
    def user_folder(self) -> Path: ...

    @property
    def autosave_path(self) -> Path: ...

    def open_game(self, game: Game, name: str, replace: bool = False) -> None: ...

    def open_save(self, path: Path, also: str = "") -> None: ...

    def action_title(self) -> None: ...

    def open_editor(self, session: EditorSession, replace: bool = False) -> None: ...

    def edit_file(self, path: Path, replace: bool = False) -> None: ...


def host(app: App[Any]) -> Host:
    """The app a screen runs in, as a Host: Textual knows a screen's app only as an `App`."""
    return cast("Host", app)
