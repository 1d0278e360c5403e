"""The apcombat terminal app: screens over the engine. It renders state and sends commands; no rules here."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding
from textual.content import Content
from textual.markup import MarkupError
from textual.notifications import SeverityLevel

from apcombat.content.settings import Settings, environment_problem, load_settings
from apcombat.content.user_files import saves_folder, user_content_folder
from apcombat.tui import textual_fixes
from apcombat.tui.crash import crash_line, write_crash_report
from apcombat.tui.keymap import check_keymap, keymap_path, load_keymap, widget_keys
from apcombat.tui.palette import ActionsProvider

if TYPE_CHECKING:
    from textual.screen import Screen

    from apcombat.content import Library
    from apcombat.editor import EditorSession
    from apcombat.engine import Game
    from apcombat.saves import AutosaveClaim, BackgroundAutosave
    from apcombat.tui.screens.editor import EditorScreen

# The game's modules (content, engine, saves) are imported when first needed, so that the title screen's
# first frame is not kept waiting for them.

textual_fixes.install()


def _as_read(message: str) -> str:
    """A notice's text as its toast shows it, for the status line, which shows text as it is: Textual's own
    notices are markup ("Press [b]ctrl+q[/b] to quit the app"). Only text that closes a tag is read as markup:
    the game's sentences name TOML tables in brackets ("its [modules] key"), which must stay."""
    if "[/" not in message:
        return message
    try:
        return Content.from_markup(message).plain
    except MarkupError:
        return message


class ApcombatApp(App):
    """Title screen, set-up, the battlefield, saves, replays, the resolver."""

    CSS_PATH = "app.tcss"
    TITLE = "apcombat"
    COMMANDS = App.COMMANDS | {ActionsProvider}
    BINDINGS = [
        Binding("question_mark", "help", "Keys", id="app.help"),
        Binding("ctrl+q", "quit", "Quit", show=False, id="app.quit"),
        Binding("ctrl+t", "title", "Title", show=False, id="app.title"),
        Binding("ctrl+k", "oracle", "Solo oracle", show=False, id="app.oracle"),
        Binding("f1", "rules", "Rules", show=False, id="app.rules"),
        # A priority binding: a modal screen (the legend, the whole map, a dialog) stops the app's other keys.
        Binding("f4", "settings", "Settings", show=False, id="app.settings", priority=True),
    ]

    def __init__(
        self,
        library: Library | None = None,
        content: str | Path | None = None,
        open_path: Path | None = None,
        saves: Path | None = None,
        keymap_file: Path | None = None,
        seed: int | None = None,
        ai_pace: float | None = None,
        editing: EditorSession | None = None,
    ) -> None:
        super().__init__()
        self._library = library
        self._library_lock = threading.Lock()
        self.content = content
        self.open_path = open_path
        self.editing = editing  # `apcombat edit`: the editor opens on this fight
        # The user-files policy: APCOMBAT_SAVES, else ./saves if it exists here, else the user data folder's.
        self.saves = saves or saves_folder()
        self.seed = seed  # the dice's seed of every new game (`--seed`); None: a fresh one for each
        self.ai_pace = ai_pace  # seconds between an AI's commands; None: APCOMBAT_AI_PACE or the default
        self.keymap_file = keymap_file or keymap_path()  # the help screen names it
        self.keymap, self.keymap_problems = load_keymap(self.keymap_file)
        self.settings, self.settings_problems = load_settings()  # the settings screen changes them
        if (pace_problem := environment_problem()) is not None:
            self.settings_problems.append(pace_problem)
        self.settings_written = True  # False once settings.toml could not be written (the screen says so)
        self.last_notice: tuple[str, str, float] | None = None  # the last notice, its severity and when
        self.crash_report: Path | None = None
        """Where the traceback of the error that stopped the app was written (None: no such error)."""
        self.crash_message: str | None = None
        """One line for the player naming that error and the report."""
        self.autosave_claim: AutosaveClaim | None = None
        """This app's own autosave in the saves folder, held while it runs (taken when it starts)."""
        self._autosave_writer: BackgroundAutosave | None = None  # the last fight's, flushed at the end

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A notice; on a screen with a status line (`show_notice`: the battlefield) it is said there instead
        of in a toast over the log. Kept a moment (`last_notice`) for the screen about to be shown."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        shown = _as_read(message) if markup else message
        said = f"{title}: {shown}" if title else shown
        self.last_notice = (said, severity, time.monotonic())
        show = getattr(self.screen_stack[-1], "show_notice", None) if self.screen_stack else None
        if show is not None and threading.current_thread() is threading.main_thread():
            show(said, severity)

    @property
    def library(self) -> Library:
        """The content (weapons, armour, characters ...), loaded on first use — from any thread."""
        with self._library_lock:
            if self._library is None:
                from apcombat.content import content_root, load_library

                self._library = load_library(content_root(self.content), user_content_folder())
                gc.freeze()  # long-lived content: keep the collector from walking it on every pause
            return self._library

    @library.setter
    def library(self, library: Library) -> None:
        """New content (the roster saved a character): screens opened from now on use it."""
        with self._library_lock:
            self._library = library

    @property
    def content_folder(self) -> Path:
        """The content folder, known without loading the content (the title screen lists its encounters)."""
        if self._library is not None:
            return self._library.root
        from apcombat.content.paths import content_root

        return content_root(self.content)

    @property
    def user_folder(self) -> Path:
        """The user's own content folder (fights and characters from the roster, the resolver's scenarios)."""
        if self._library is not None and self._library.user_root is not None:
            return self._library.user_root
        return user_content_folder()

    def on_mount(self) -> None:
        if self.keymap:
            from apcombat.tui.screens.help import all_bindings

            defaults = {binding.id: binding.key for _, binding in all_bindings(type(self)) if binding.id}
            self.keymap, problems = check_keymap(self.keymap, defaults, widget_keys())
            self.keymap_problems += problems
            self.set_keymap(self.keymap)
        if self.keymap_problems:  # one notice naming the file, a line for each problem
            lines = [f"• {problem.removeprefix(f'{self.keymap_file}: ')}" for problem in self.keymap_problems]
            self.notify("\n".join(lines), title=f"Key file {self.keymap_file}", severity="warning", timeout=30)
        if self.settings_problems:  # the same: the file named once, a line for each problem
            from apcombat.content.user_files import settings_file

            file = settings_file()
            lines = [f"• {problem.removeprefix(f'{file}: ')}" for problem in self.settings_problems]
            self.notify("\n".join(lines), title=f"Settings file {file}", severity="warning", timeout=30)
        from apcombat.saves.autosaving import claim_autosave
        from apcombat.tui.screens.title import TitleScreen

        # Before the title screen, which says so when another app running keeps autosave.toml.
        self.autosave_claim = claim_autosave(self.saves)
        gc.freeze()  # what start-up imported lives as long as the app: the collector need not walk it again
        self.push_screen(TitleScreen())
        if self.open_path is not None:
            self.open_file(self.open_path)
        if self.editing is not None:
            self.open_editor(self.editing)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The settings' key is a priority binding (F4 over the modal screens too): rebound to a key that types
        a character, it leaves that key to a text box that has the focus."""
        from apcombat.tui.screens.hand_over import covers

        if covers(self.screen):  # a hand-over answers only Enter, a click and quitting (R21.8.5)
            return action == "quit"
        if action == "settings":
            from textual.keys import key_to_character
            from textual.widgets import Input, TextArea

            from apcombat.tui.keymap import split_keys

            keys = split_keys(self.keymap.get("app.settings", "f4"))
            if isinstance(self.focused, Input | TextArea) and any(key_to_character(key) for key in keys):
                return False
        return True

    def change_settings(self, settings: Settings) -> bool:
        """The player's new settings: used from now on and written to settings.toml (False: the file could
        not be written; they last until the app ends)."""
        from apcombat.content.settings import save_settings

        self.settings = settings
        self.settings_written = save_settings(settings)
        return self.settings_written

    @property
    def pace(self) -> float:
        """Seconds between two commands of an AI turn: the app's option (tests), else APCOMBAT_AI_PACE,
        else the settings' pace."""
        from apcombat.content.settings import ai_pace

        return self.ai_pace if self.ai_pace is not None else ai_pace(self.settings)

    def on_unmount(self) -> None:
        """The last autosave on disk, then this app's autosave free for the next app started."""
        if self._autosave_writer is not None:
            self._autosave_writer.flush()
        if self.autosave_claim is not None:
            self.autosave_claim.release()

    @property
    def autosave_path(self) -> Path:
        """This app's own autosave: autosave.toml, or autosave-2.toml ... when other apps running hold those."""
        if self.autosave_claim is not None:
            return self.autosave_claim.path
        from apcombat.saves.autosaving import autosave_path

        return autosave_path(self.saves)

    def open_file(self, path: Path) -> None:
        """A save goes on where it stopped; an encounter opens in set-up (round 0)."""
        from apcombat.content import load_encounter
        from apcombat.dice import fresh_seed
        from apcombat.engine import Game
        from apcombat.saves import is_save

        if is_save(path):
            self.open_save(path)
        else:
            seed = fresh_seed() if self.seed is None else self.seed
            self.open_game(Game(load_encounter(path, self.library), seed=seed), path.stem)

    def open_editor(self, session: EditorSession, replace: bool = False) -> None:
        """The encounter editor on `session`'s fight (over the screen in front, or instead of it)."""
        from apcombat.tui.screens.editor import EditorScreen

        screen = EditorScreen(session)
        gc.freeze()  # as for a fight: what opening it made lives as long as it, and a paint's frame need not wait
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def edit_file(self, path: Path, replace: bool = False) -> None:
        """The editor on the encounter file at `path` (a shipped one as a copy, a draft left unsaved instead
        of the file); a file it cannot open gets one notice naming it and its first problem."""
        from apcombat.content import ContentError
        from apcombat.editor import open_fight

        try:
            session = open_fight(path, self.library)
        except ContentError as error:
            first = error.problems[0] if error.problems else f"{path} cannot be read"
            self.notify(f"Cannot edit {path.name}: {first}", severity="error", timeout=12)
            return
        self.open_editor(session, replace)

    def open_game(self, game: Game, name: str, replace: bool = False) -> None:
        """Play `game`; its `ai` sides are played by the AI as the state's side says (`Side.ai`)."""
        from apcombat.content import arrival_builder
        from apcombat.tui.screens.game import GameScreen
        from apcombat.tui.screens.table import TableScreen
        from apcombat.tui.session import Session

        for playing in self.screen_stack:  # the fight left behind: its last autosave on disk before the next's
            if isinstance(playing, GameScreen):
                playing.session.autosave.flush()
        # `gm add`: the unit built from the characters folders as the app knows them when the line is played
        game.arrivals = lambda *unit: arrival_builder(self.library)(*unit)
        session = Session(game, self.saves, name, self.autosave_path)
        self._autosave_writer = session.autosave
        screen = (GameScreen if game.state.map is not None else TableScreen)(session)
        gc.freeze()
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def open_save(self, path: Path, also: str = "") -> None:
        """Go on with the save at `path` (asking first when it would leave a fight with unsaved play), and
        say what was loaded (and `also`, after it)."""
        self.leave_fight(lambda: self._open_save(path, also))

    def _open_save(self, path: Path, also: str = "") -> None:
        if not path.exists():
            self.notify(f"there is no save at {path}", severity="warning")
            return
        from apcombat.saves import SaveError, is_autosave, open_save

        try:
            opened = open_save(path)
        except SaveError as error:
            self.notify(str(error), severity="error", timeout=12)
            return
        game = opened.game
        if opened.warning:
            self.notify(opened.warning, severity="warning", timeout=12)
        from apcombat.tui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        self.open_game(game, "game" if is_autosave(path) else path.stem)
        from apcombat.tui.leaving import loaded_line

        self.notify(f"{loaded_line(path, game)} {also}".rstrip(), timeout=10 if also else 6)

    def _handle_exception(self, error: Exception) -> None:
        """Any error no screen handled ends the app with status 1 (Textual's behaviour); its traceback goes to
        a crash report, and `crash_message` points to it (the CLI prints it once the terminal is given back).
        Textual has no public hook for this."""
        if self.crash_report is None:
            self.crash_report = write_crash_report(error)
            self.crash_message = crash_line(error, self.crash_report)
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """Close the app without printing the traceback and its locals over the terminal: the report has it."""
        self.bell()
        self._close_messages_no_wait()

    def action_help(self) -> None:
        from apcombat.tui.screens.help import HelpScreen

        self.push_screen(HelpScreen())

    def action_oracle(self) -> None:
        from apcombat.tui.screens.oracle import OracleScreen

        self.push_screen(OracleScreen())

    def action_settings(self) -> None:
        from apcombat.tui.screens.settings import SettingsScreen

        if isinstance(self.screen, SettingsScreen):
            self.screen.action_close()  # F4 again closes them
        elif not any(isinstance(screen, SettingsScreen) for screen in self.screen_stack):  # one at a time
            self.push_screen(SettingsScreen())

    def action_rules(self) -> None:
        """The rules reference, at the rule the screen in view cites (its `rule_in_view`), else at the top."""
        from apcombat.tui.screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            return
        rule_in_view = getattr(self.screen, "rule_in_view", None)
        self.push_screen(RulesScreen(rule_in_view() if callable(rule_in_view) else None))

    def action_title(self) -> None:
        """Back to the title screen; from a fight played from the editor, back to the editor (its draft kept);
        from the editor itself, once it is left (asked first when it has changes not saved)."""
        from apcombat.tui.screens.editor import EditorScreen

        editor = next((s for s in reversed(self.screen_stack) if isinstance(s, EditorScreen)), None)
        if editor is None:
            self.leave_fight(self._to_title)
        elif self._played_over(editor):
            self.leave_fight(lambda: self._back_to_editor(editor))
        else:
            editor.leave(self._to_title)

    def _played_over(self, editor: Screen) -> bool:
        """Whether the fight was taken from `editor` to be played: its set-up or its game is over it."""
        from apcombat.tui.screens.game import GameScreen
        from apcombat.tui.screens.setup import SetupScreen
        from apcombat.tui.screens.table import TableScreen

        above = self.screen_stack[self.screen_stack.index(editor) + 1 :]
        return any(isinstance(screen, GameScreen | TableScreen | SetupScreen) for screen in above)

    def _back_to_editor(self, editor: EditorScreen) -> None:
        from apcombat.tui.screens.game import GameScreen

        for playing in self.screen_stack:  # the game's last autosave on disk, as when the title is shown
            if isinstance(playing, GameScreen):
                playing.session.autosave.flush()
        while self.screen is not editor and editor in self.screen_stack:
            self.pop_screen()
        editor.back_from_game()

    async def action_quit(self) -> None:
        """Quit; with the editor in front and changes not saved, once the game master says what becomes of them
        (played from the editor, the fight's draft was written when it was taken to be played)."""
        from apcombat.tui.screens.editor import EditorScreen

        editor = next((s for s in reversed(self.screen_stack) if isinstance(s, EditorScreen)), None)
        if editor is not None and not self._played_over(editor) and editor.session.unsaved:
            editor.leave(self.exit)
            return
        self.exit()

    def _to_title(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def leave_fight(self, then: Callable[[], None]) -> None:
        """Do `then`, which leaves the fight on the screens (if any): at once if nothing was played since it
        was opened or saved, else once the player says so."""
        from apcombat.tui.leaving import leave_question
        from apcombat.tui.screens.game import GameScreen

        session = next((screen.session for screen in self.screen_stack if isinstance(screen, GameScreen)), None)
        question = leave_question(session)
        if question is None:
            then()
            return
        from apcombat.tui.screens.dialogs import ChoiceScreen

        options = [("leave", "Leave the fight"), ("stay", "Stay (ctrl+s saves it)")]
        self.push_screen(ChoiceScreen(question, options), lambda choice: then() if choice == "leave" else None)


def create_app(**kwargs: object) -> ApcombatApp:
    """The app factory the CLI and the tests use."""
    return ApcombatApp(**kwargs)  # type: ignore[arg-type]


if TYPE_CHECKING:
    from apcombat.tui.screens.host import Host

    _APP_IS_ITS_SCREENS_HOST: type[Host] = ApcombatApp  # mypy checks the app is what its screens take it for
