"""The battlefield on a map: the map, the acting unit, the turn order and the log. Every action is a command of
the command language played through the session; previews come from the engine. Table mode (no map) is the same
screen with the acting unit's actions where the map was: `screens.table`."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input

from apcombat.dice import DiceRequest
from apcombat.engine import (
    Command,
    CommandError,
    Event,
    Redo,
    Undo,
    parse_command,
)
from apcombat.model import Cell, Unit
from apcombat.tui.ai_turns import AiTurns
from apcombat.tui.battle_layout import BattleFit
from apcombat.tui.deck_prompt import DeckPrompt
from apcombat.tui.next_unit import NextUnitCycle
from apcombat.tui.overlays import KeptOverlays
from apcombat.tui.screens.battle_keys import BattleKeys
from apcombat.tui.screens.battle_view import BattleView
from apcombat.tui.screens.before_commit import BeforeCommit
from apcombat.tui.screens.dialogs import ChoiceScreen, DiceScreen
from apcombat.tui.screens.game_bindings import GAME_BINDINGS
from apcombat.tui.screens.hand_over import HandOvers
from apcombat.tui.screens.host import host
from apcombat.tui.screens.log_keys import LogKeys
from apcombat.tui.screens.module_actions import ModuleActions, reroll_offer
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.throw_keys import ThrowKeys
from apcombat.tui.screens.unit_actions import UnitActions
from apcombat.tui.session import Session
from apcombat.tui.sighting_stop import came_into_sight, enemies_seen
from apcombat.tui.tutorial import Tutorial
from apcombat.tui.widgets.deck_panel import DeckPanel
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_view import MapView
from apcombat.tui.widgets.panels import HintLine, TurnOrder, UnitPanel
from apcombat.tui.widgets.steady_footer import SteadyFooter

OVERLAYS = ("sight", "cones", "bands", "cover", "reach")
NOTICE_KEPT = 2.0  # seconds: a notice given as the battlefield opens (a load's) is said on it


class GameScreen(BattleView, BeforeCommit, ThrowKeys, UnitActions, BattleKeys, LogKeys, ModuleActions, Screen):
    """Play an encounter on its map (and, through the hooks `TableScreen` fills in, on a table)."""

    COMMAND_EXAMPLE = "a command, e.g. move ana 4,5 — Enter plays it, Escape closes"

    BINDINGS = GAME_BINDINGS
    DECK_IN_PLACE_OF: tuple[str, ...] = ("#unit",)
    """What the deck's question (R18.5.1) stands in place of while it asks (nobody acts then): the unit panel beside
    the map; in table mode the list of actions, which has the rows (and the unit panel: the turn order takes them)."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.overlays = {"reach"}
        self.target: str | None = None
        self.planned_ap = 0
        self.path: tuple[tuple[Cell, int], ...] = ()
        self.busy = False
        self.seen_before: frozenset[str] = frozenset()  # the enemies in view before the player's last command
        self.shot_screen: ShotScreen | None = None
        self.shot_screen_name = ""
        self.ai = AiTurns(self, session, lambda: host(self.app).pace)  # the settings' pace, read at each pause
        self.deck = DeckPrompt(self, session)  # R18.5.1: the activation deck's questions to a human side
        self.hand_overs = HandOvers(self, session)  # R21.8.5: hot-seat under fog covers the screen between sides
        self.kept = KeptOverlays(self, self._show_map)  # a worker's overlays are drawn as they arrive
        self.map_mark = ""  # the map's title: which overlays are not the state's yet
        self.watcher: Unit | None = None  # the unit on watch under the cursor, whose cone is drawn
        self.battle_fit = BattleFit(self, lambda: host(self.app).settings.chosen_zoom)
        self.tutorial = Tutorial(self, lambda: host(self.app))  # the demo duel's hints (apcombat/tui/tutorial.py)
        self.next_unit = NextUnitCycle()  # where the next-unit key's presses stand
        self.deck_unfolded = False  # the side panels were folded and are shown for the deck's question

    def compose(self) -> ComposeResult:
        with Horizontal(id="battle"):
            yield from self.battlefield()
            with Vertical(id="side"):
                if self.DECK_IN_PLACE_OF == ("#unit",):
                    yield DeckPanel(id="deck")  # R18.5.1: the deck's question, in the unit panel's place
                yield UnitPanel(id="unit")
                yield TurnOrder(id="order")
        yield HintLine("", id="hint")
        yield EventLog(id="log")
        yield Input(placeholder=self.COMMAND_EXAMPLE, id="command")
        yield SteadyFooter()

    def battlefield(self) -> ComposeResult:
        """What shows the fight beside the unit panel and the turn order: the map."""
        yield MapView(id="map")

    def on_unmount(self) -> None:
        shot = self.shot_screen
        if shot is not None and shot not in self.app.screen_stack and self.app.is_screen_installed(shot):
            self.app.uninstall_screen(self.shot_screen_name)

    def on_mount(self) -> None:
        self.query_one("#command", Input).display = False
        self.query_one(HintLine).on_rows = lambda rows: self.battle_fit.fit()
        self.query_one(EventLog).catch_up(self.session.shown_log, self.session.shown_side())
        self.mount_battlefield()
        self.refresh_view()
        if self.state.round == 0:
            self.hint("Set-up: s starts the fight (initiative is rolled); g for game-master tools; ? for all keys")
        self.tutorial.start()
        self.battle_fit.fit()
        notice = host(self.app).last_notice
        if notice is not None and time.monotonic() - notice[2] < NOTICE_KEPT:  # said as this screen came
            self.show_notice(notice[0], notice[1])
        self.focus_battlefield()

    def mount_battlefield(self) -> None:
        """The map follows the cursor, which starts on the acting unit."""
        active = self.active_unit
        view = self.query_one(MapView)
        view.cursor_listener = self._cursor_moved
        if active is not None and active.at is not None:
            view.cursor = active.at

    def focus_battlefield(self) -> None:
        self.query_one(MapView).focus()

    def on_resize(self) -> None:
        self.battle_fit.fit()

    def on_screen_resume(self) -> None:
        self.battle_fit.fit()  # the terminal may have changed size under a dialog
        self.deck.go_on()  # a deck question that waited for another dialog

    # ----- what is shown -------------------------------------------------------------------------------------

    @property
    def state(self):
        """The fight as the screen shows it: the viewing side's view under the fog of war (R21.8.4), everything
        on the game master's screen. Every drawing, cursor, key and preview reads this one."""
        return self.session.shown

    @property
    def active_unit(self) -> Unit | None:
        return self.state.unit(self.state.active) if self.state.active else None

    def hint(self, text: str) -> None:
        self.query_one(HintLine).say(text)

    def ask_choice(self, question: str, options: list[tuple[str, str]], answered: Callable[[str | None], None]) -> None:
        """A question with options in a dialog; `answered` gets the option chosen (None: Escape)."""
        self.app.push_screen(ChoiceScreen(question, options), answered)

    def ask_deck(self, question: str, labels: list[str], answered: Callable[[int | None], None]) -> None:
        """The deck's question beside the board, in the unit panel's place (R18.5.1; the side panels, folded on
        a narrow terminal, are shown for it) or in table mode's list of actions."""
        if not self.battle_fit.side_width and self.DECK_IN_PLACE_OF == ("#unit",):
            self.deck_unfolded = self.battle_fit.toggle_panels()  # folded again once the question goes
        for place in self.DECK_IN_PLACE_OF:
            self.query_one(place).display = False
        self.query_one(DeckPanel).ask(question, labels, answered)

    def put_deck_away(self) -> None:
        """The unit panel back in the deck's place; the battlefield takes the focus the question had."""
        panel = self.query_one(DeckPanel)
        if not panel.display:
            return
        had_focus = panel.has_focus_within
        panel.display = False
        for place in self.DECK_IN_PLACE_OF:
            self.query_one(place).display = True
        if self.deck_unfolded:
            self.deck_unfolded = self.battle_fit.toggle_panels()
        if had_focus:
            self.focus_battlefield()

    def call_from_thread(self, callback: Callable[..., object], *args: object) -> object:
        """Run `callback` on the app's thread from a worker's, and wait for it."""
        return self.app.call_from_thread(callback, *args)

    # ----- playing commands ----------------------------------------------------------------------------------

    def act(self, line: Command | str) -> None:
        """Play one command, or a line typed; in dice mode in a worker, so the dice dialog can ask for each
        roll. While an AI plays, the player may only undo (or skip to the end of the AI's turn)."""
        if self.busy:
            return
        if _is(line, Undo, "undo"):
            self.action_undo()
            return
        if self.ai.acting:
            self.notify("the AI is playing: n skips to the end of its turn, ctrl+z takes back", timeout=4)
            return
        refusal = self._hot_seat_refusal(line)
        if refusal is not None:
            self.notify(refusal, severity="warning", timeout=6)
            return
        self.seen_before = enemies_seen(self.session.state, self.session.shown_side())  # R21.6.1's stop: the hint
        decided = self._human_decision(line)
        if self.session.dice_mode:
            self.busy = True
            self._act_asking_dice(line, decided)
            return
        try:
            events = self.session.play(line)
        except CommandError as error:
            self.notify(str(error), severity="warning", timeout=6)
            return
        decided()
        self.after(events)

    def _hot_seat_refusal(self, line: Command | str) -> str | None:
        """Hot-seat under fog: a command for another side's character or choice is refused (R21.8.5)."""
        try:
            command = parse_command(line) if isinstance(line, str) else line
        except CommandError:
            return None  # the engine's own refusal says what is wrong with the line
        return self.session.fight.command_refusal(command) if command is not None else None

    def _human_decision(self, line: Command | str) -> Callable[[], None]:
        """What a played (not refused) command of the player's does: a held AI is released and undo comes back
        to before it — but not for redo, which replays what was undone, so a held AI keeps waiting."""
        before = len(self.session.game.history)

        def decided() -> None:
            if not _is(line, Redo, "redo"):
                self.ai.human_played()
                self.session.mark_human_decision(before)
            self.close_waited()  # what the player waited through is old news once the player acts (W shows it)

        return decided

    @work(thread=True, exclusive=True)
    def _act_asking_dice(self, line: Command | str, decided: Callable[[], None]) -> None:
        try:
            events = self.session.play(line)
        except CommandError as error:
            self.app.call_from_thread(self.notify, str(error), severity="warning", timeout=6)
            events = None
        else:
            self.app.call_from_thread(decided)
        self.app.call_from_thread(self._done_asking, events)

    def _done_asking(self, events: list[Event] | None) -> None:
        self.busy = False
        if events is not None:
            self.after(events)

    async def ask_die(self, request: DiceRequest) -> int | None:
        future: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        given = list(self.session.game.dice.given)  # this command's dice so far: the prompt shows them
        self.app.push_screen(DiceScreen(request, given), future.set_result)
        return await future

    def _ask_from_thread(self, request: DiceRequest) -> int | None:
        # mypy solves Textual's `T | Awaitable[T]` callback as Awaitable[Never] for any coroutine function
        return self.app.call_from_thread(self.ask_die, request)  # type: ignore[arg-type]

    def after(self, events: list[Event]) -> None:
        """Tell the player what just happened (the log has all of it): under the fog of war only what the
        viewing side is shown (R21.8.3)."""
        self.path, self.planned_ap = (), 0
        self.landing_marks(events)
        self.ask_about_watches(events)
        side, played = self.session.shown_side(), events
        if side is not None:
            events = [told for told in (event.for_side(side) for event in events) if told is not None]
        for event in events:
            if event.kind in ("attack", "interrupt", "victory", "down", "covering_fire", "jump"):
                self.notify(event.text, timeout=5, severity="information")
            if event.kind == "interrupt":  # what to do first: the hint line is cut on a narrow terminal
                watcher = next((u.name for u in self.state.units if u.id == event.unit), "the watcher")
                self.hint(f"INTERRUPT: {watcher} acts now, e hands control back — {event.text}")
        active = self.active_unit
        moved_on = self.session.fight.followup(played).moved_on
        if moved_on:
            self.target = None  # each turn picks its own target: f asks whom again
        kept = active is not None and active.side in self.session.fight.players and not self.follows_ai
        if moved_on and active is not None and active.at is not None and not kept:  # an AI's unit, unfollowed
            self.query_one(MapView).cursor = active.at
        turn = [e for e in events if e.kind == "turn"]
        offer = reroll_offer(self.state)  # R18.6: right after the action, before any other command
        if offer:
            said = [e.text for e in events if e.kind not in ("rolls", "dice")]
            self.hint(f"{offer} — {said[-1] if said else ''}")
        elif turn and self.session.fight.held and self.session.ai_side() is not None:  # a redo into its turn
            self.hint(turn[-1].text + " — the AI waits: n lets it play, ctrl+y redoes")
        elif turn:
            self.hint(turn[-1].text + " — ? lists the keys")
        elif events and not any(e.kind == "interrupt" for e in events):
            self.hint(
                events[-1].text
                + came_into_sight(self.seen_before, self.session.state, self.session.shown_side(), events)
            )
        self.refresh_view()

    def ask_about_watches(self, events: list[Event]) -> None:
        """On a map the geometry judges every watch (R16.2); table mode asks the game master."""

    def _with_active(self, acting: bool = True) -> Unit | None:
        """The acting unit, or None with a word why. `acting`: the key acts for it, so an AI's unit is refused
        before any dialog opens (every acting key comes through here)."""
        unit = self.active_unit
        if unit is None:
            self.notify("nobody is acting: s starts the fight" if self.state.round == 0 else "nobody is acting")
        elif acting and not self._players(unit):
            return None
        return unit

    def _players(self, unit: Unit) -> bool:
        """Whether the player commands the acting `unit` now; if not, the hint line says so. The fight knows
        the AI sides (in table mode and hot-seat every side is the player's)."""
        fight = self.session.fight
        if unit.side in fight.players:
            self.hint(f"{unit.name} is the AI's: wait for your turn (n lets the AI play)")
        elif fight.ai_side() is not None:  # the activation deck asks an AI side (R18.5.1)
            self.hint("the AI is choosing: wait for your turn (n lets the AI play)")
        else:
            return True
        return False


def _is(line: Command | str, kind: type[Command], word: str) -> bool:
    """Whether `line` is a `kind`: a command of it, or a line typed that begins with `word` as written."""
    if isinstance(line, str):
        return line.split()[:1] == [word]
    return isinstance(line, kind)
