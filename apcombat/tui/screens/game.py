"""The battlefield on a map: the map, the acting unit, the turn order and the log. Every action is a command of
the command language played through the session; previews come from the engine. Table mode (no map) is the same
screen with the acting unit's actions where the map was: `screens.table`."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input

from apcombat.dice import DiceRequest
from apcombat.engine import (
    Aid,
    ChangePose,
    Command,
    CommandError,
    Delay,
    End,
    Event,
    Jump,
    LeaveCover,
    Move,
    PinDown,
    React,
    Redo,
    Reload,
    Start,
    Swap,
    TakeCover,
    Turn,
    Undo,
)
from apcombat.engine.views import visible_enemies
from apcombat.model import Cell, Pose, Unit
from apcombat.tui.ai_turns import AiTurns
from apcombat.tui.battle_layout import PANELS_KEY, BattleFit
from apcombat.tui.cursor_preview import cursor_preview, unit_hint, watch_hint
from apcombat.tui.deck_prompt import DeckPrompt
from apcombat.tui.leaving import ask_before_replacing
from apcombat.tui.module_actions import ModuleActions, reroll_offer
from apcombat.tui.overlays import OVERLAY_WORDS, KeptOverlays
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen, DiceScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.session import Session, ai_pace, save_name_problem
from apcombat.tui.tutorial import Tutorial
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_view import MapOverlay, MapView
from apcombat.tui.widgets.panels import HintLine, TurnOrder, UnitPanel
from apcombat.tui.widgets.steady_footer import SteadyFooter

OVERLAYS = ("sight", "cones", "bands", "cover", "reach")
NOTICE_KEPT = 2.0  # seconds: a notice given as the battlefield opens (a load's) is said on it


class GameScreen(ModuleActions, Screen):
    """Play an encounter on its map (and, through the hooks `TableScreen` fills in, on a table)."""

    COMMAND_EXAMPLE = "a command, e.g. move ana 4,5 — Enter plays it, Escape closes"

    BINDINGS = [
        Binding("m", "move", "Move", id="game.move"),
        Binding("M", "move(True)", "Run", id="game.run", show=False),
        Binding("t", "turn", "Turn", id="game.turn", show=False),
        Binding("p", "pose", "Pose", id="game.pose", show=False),
        Binding("c", "cover", "Cover", id="game.cover", show=False),
        Binding("f", "fire", "Fire", id="game.fire"),
        Binding("tab", "target(1)", "Target", id="game.target_next", priority=True),
        Binding("shift+tab", "target(-1)", "Target back", show=False, id="game.target_previous", priority=True),
        Binding("r", "reload", "Reload", show=False, id="game.reload"),
        Binding("w", "swap", "Swap", show=False, id="game.swap"),
        Binding("o", "react", "Watch", show=False, id="game.react"),
        Binding("x", "pin", "Pin", show=False, id="game.pin"),
        Binding("J", "jump", "Jump", show=False, id="game.jump"),
        Binding("d", "delay", "Delay", show=False, id="game.delay"),
        Binding("a", "aid", "First aid", show=False, id="game.aid"),
        Binding("C", "calm", "Calm", show=False, id="game.calm"),
        Binding("R", "reroll", "Re-roll", show=False, id="game.reroll"),
        Binding("e", "end", "End turn", id="game.end"),
        Binding("s", "start", "Start", show=False, id="game.start"),
        Binding("n", "ai_skip", "Skip AI", id="game.ai_skip"),
        Binding("ctrl+z", "undo", "Undo", id="game.undo"),
        Binding("ctrl+y", "redo", "Redo", show=False, id="game.redo"),
        Binding("ctrl+s", "save", "Save", id="game.save", show=False),
        Binding("ctrl+o", "load", "Load", show=False, id="game.load"),
        Binding("g", "gm", "GM", id="game.gm"),
        Binding("plus", "quick_hp('+')", "Heal", show=False, id="game.gm_heal"),
        Binding("minus", "quick_hp('-')", "Hurt", show=False, id="game.gm_hurt"),
        Binding("colon", "command_line", "Command", show=False, id="game.command_line"),
        Binding("1", "overlay('sight')", "Sight", show=False, id="game.overlay_sight"),
        Binding("2", "overlay('cones')", "Cones", show=False, id="game.overlay_cones"),
        Binding("3", "overlay('bands')", "Bands", show=False, id="game.overlay_bands"),
        Binding("4", "overlay('cover')", "Cover map", show=False, id="game.overlay_cover"),
        Binding("5", "overlay('reach')", "Reach", show=False, id="game.overlay_reach"),
        Binding("L", "legend", "Legend", show=False, id="game.legend"),
        Binding("full_stop", "to_active", "To the acting unit", show=False, id="game.to_active"),
        Binding("v", "overview", "Whole map", show=False, id="game.overview"),
        Binding("z", "zoom", "Zoom", show=False, id="game.zoom"),
        Binding(PANELS_KEY, "panels", "Side panels", show=False, id="game.panels"),
        Binding("y", "ai_options", "AI's options", show=False, id="game.ai_options"),
        Binding("escape", "close_command_line", "Back", show=False, id="game.escape"),
        Binding("f2", "hints", "Hints on/off", show=False, id="game.hints"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.overlays = {"reach"}
        self.target: str | None = None
        self.planned_ap = 0
        self.path: tuple[tuple[Cell, int], ...] = ()
        self.busy = False
        self.victory_shown = False
        self.shot_screen: ShotScreen | None = None
        self.shot_screen_name = ""
        self.ai = AiTurns(self, ai_pace())
        self.deck = DeckPrompt(self)  # R18.5.1: the activation deck's questions to a human side
        self.kept = KeptOverlays(self, self._show_map)  # a worker's overlays are drawn as they arrive
        self.map_mark = ""  # the map's title: which overlays are not the state's yet
        self.watcher: Unit | None = None  # the unit on watch under the cursor, whose cone is drawn
        self.battle_fit = BattleFit(self)
        self.tutorial = Tutorial(self)  # the demo duel's hints (apcombat/tui/tutorial.py)

    def compose(self) -> ComposeResult:
        with Horizontal(id="battle"):
            yield from self.battlefield()
            with Vertical(id="side"):
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
        pace = getattr(self.app, "ai_pace", None)  # the app's option (tests: 0) over APCOMBAT_AI_PACE
        if pace is not None:
            self.ai.pace = pace
        self.query_one("#command", Input).display = False
        self.query_one(HintLine).on_rows = lambda rows: self.battle_fit.fit()
        self.query_one(EventLog).replace(self.session.log)
        self.mount_battlefield()
        self.refresh_view()
        if self.state.round == 0:
            self.hint("Set-up: s starts the fight (initiative is rolled); g for game-master tools; ? for all keys")
        self.tutorial.start()
        self.battle_fit.fit()
        notice = self.app.last_notice
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
        return self.session.state

    @property
    def active_unit(self) -> Unit | None:
        return self.state.unit(self.state.active) if self.state.active else None

    def hint(self, text: str) -> None:
        self.query_one(HintLine).say(text)

    def show_notice(self, text: str, severity: str) -> None:
        """A notice (the app's `notify`) is said in the status line, in yellow or red when it warns (before
        the screen is composed, the notice is left to `on_mount`, which says the app's last one)."""
        for line in self.query(HintLine):
            line.say(text, "" if severity == "information" else severity)

    def rule_in_view(self) -> str | None:
        """The rule F1 opens (its number without the R): the last one the hint line cites, else the last one
        cited by the log's lines in view, else None."""
        from apcombat.tui.rules_book import last_rule_cited

        cited = last_rule_cited(self.query_one(HintLine).said)
        for line in reversed(self.query_one(EventLog).lines_in_view()):
            if cited is not None:
                break
            cited = last_rule_cited(line)
        return cited

    def refresh_view(self) -> None:
        """Redraw everything from the engine's state (cheap: the map redraws only changed lines)."""
        state, active = self.state, self.active_unit
        target = state.unit(self.target) if self.target is not None else None
        if target is not None and (active is None or target.down or target.side == active.side):
            self.target = None  # a target is an enemy of whoever acts (undo may bring back another unit)
        self.show_battlefield(active)
        self.query_one(UnitPanel).show(state, active, self.planned_ap)
        self.query_one(TurnOrder).show(state, self.labels)
        self.query_one(EventLog).catch_up(self.session.log)
        for problem in self.session.problems:
            self.notify(problem, severity="error", timeout=10)
        self.session.problems.clear()
        if state.finished and not self.victory_shown:
            self.victory_shown = True
            from apcombat.tui.screens.victory import VictoryScreen

            self.app.push_screen(VictoryScreen(self.session))
        self.refresh_bindings()  # the AI's skip key shows in the footer while an AI acts
        self.ai.go_on()
        self.deck.go_on()
        self.tutorial.follow()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ai_skip":
            return self.session.ai_side() is not None
        return True

    def show_battlefield(self, active: Unit | None) -> None:
        self._show_map()

    @property
    def labels(self) -> dict[str, str]:
        """Each unit's letter on the map, by id (the turn order shows them too)."""
        return self.query_one(MapView).labels

    def overlay(self) -> MapOverlay:
        """What the map draws: the overlays kept for the state (those on, see `self.overlays`), the path
        previewed and the target."""
        state, active = self.state, self.active_unit
        if active is None or state.map is None:
            return MapOverlay(path=self.path)
        self.kept.follow(state, active)
        self.kept.ask_for(self.overlays)
        target = state.unit(self.target).at if self.target else None
        self.watcher = self._watching_at(self._cursor())
        return self.kept.map_overlay(self.overlays, self.path, target, self.watcher)

    def _watching_at(self, cell: Cell) -> Unit | None:
        """The unit on watch (R16.1) in the cell: the map draws its cone while the cursor is on it."""
        unit = self._unit_at(cell)
        return unit if unit is not None and unit.watch is not None else None

    def _show_map(self) -> None:
        """Draw the state with its overlays; the map's title marks overlays not worked out for it yet."""
        view = self.query_one(MapView)
        view.show(self.state, self.overlay())
        mark = self.kept.mark(self.overlays) if self.kept.state is self.state else ""
        if mark != self.map_mark:
            self.map_mark = view.border_title = mark

    def _cursor_moved(self, cell: Cell) -> None:
        """Preview a move to the cell under the cursor: path, AP with turns, AP left at each step. Called as
        the cursor moves (in the key's handler), so the frame after the key shows all of it; only the path's
        rows, the hint line and the unit panel are redrawn."""
        active = self.active_unit
        if active is not None and self.state.map is not None:
            self.kept.follow(self.state, active)
        shown = cursor_preview(self.session, self.kept, active, cell)
        self.path, self.planned_ap = shown.path, shown.planned_ap
        if shown.hint is not None:
            self.hint(shown.hint)
        if self._watching_at(cell) != self.watcher:
            self._show_map()  # the cone of a watcher under the cursor comes or goes
        self.query_one(MapView).show_path(self.path)
        self.query_one(UnitPanel).show(self.state, active, self.planned_ap)
        self.tutorial.follow()

    def on_map_view_cell_chosen(self, message: MapView.CellChosen) -> None:
        """Enter on the map: fire at the enemy under the cursor, else move there. An Enter's choice that
        arrives once a dialog is in front (Enter, Enter or Enter, f sent at once: the first opened the fire
        dialog, still being built) is the dialog's business, not the map's: it is dropped."""
        if not self.is_active:
            return
        unit = self._unit_at(message.cell)
        active = self.active_unit
        if unit is not None and active is not None and unit.side != active.side:
            self.target = unit.id
            self.action_fire()
        elif active is not None:
            self.action_move()

    def _unit_at(self, cell: Cell) -> Unit | None:
        return next((u for u in self.state.units if u.at == cell and not u.down), None)

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

    def _human_decision(self, line: Command | str) -> Callable[[], None]:
        """What a played (not refused) command of the player's does: a held AI is released and undo comes back
        to before it — but not for redo, which replays what was undone, so a held AI keeps waiting."""
        before = len(self.session.game.history)

        def decided() -> None:
            if not _is(line, Redo, "redo"):
                self.ai.human_played()
                self.session.mark_human_decision(before)

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
        return self.app.call_from_thread(self.ask_die, request)

    def after(self, events: list[Event]) -> None:
        """Tell the player what just happened (the log has all of it)."""
        self.path, self.planned_ap = (), 0
        self.ask_about_watches(events)
        for event in events:
            if event.kind in ("attack", "interrupt", "victory", "down", "covering_fire", "jump"):
                self.notify(event.text, timeout=5, severity="information")
            if event.kind == "interrupt":  # what to do first: the hint line is cut on a narrow terminal
                watcher = self.state.unit(event.unit).name if event.unit else "the watcher"
                self.hint(f"INTERRUPT: {watcher} acts now, e hands control back — {event.text}")
        active = self.active_unit
        moved_on = any(e.kind in ("turn", "interrupt", "interrupt_end") for e in events)
        if moved_on:
            self.target = None  # each turn picks its own target: f asks whom again
        if moved_on and active is not None and active.at is not None:
            self.query_one(MapView).cursor = active.at
        turn = [e for e in events if e.kind == "turn"]
        offer = reroll_offer(self.state)  # R18.6: right after the action, before any other command
        if offer:
            said = [e.text for e in events if e.kind not in ("rolls", "dice")]
            self.hint(f"{offer} — {said[-1] if said else ''}")
        elif turn:
            self.hint(turn[-1].text + " — ? lists the keys")
        elif events and not any(e.kind == "interrupt" for e in events):
            self.hint(events[-1].text)
        self.refresh_view()

    def ask_about_watches(self, events: list[Event]) -> None:
        """On a map the geometry judges every watch (R16.2); table mode asks the game master."""

    def _with_active(self) -> Unit | None:
        unit = self.active_unit
        if unit is None:
            self.notify("nobody is acting: s starts the fight" if self.state.round == 0 else "nobody is acting")
        return unit

    def _cursor(self) -> Cell:
        return self.query_one(MapView).cursor

    def action_move(self, run: bool = False) -> None:
        unit = self._with_active()
        if unit is None:
            return
        x, y = self._cursor()
        self.act(Move(unit.id, ((x, y),), run, manner="run" if run else "walk"))

    def action_turn(self) -> None:
        unit = self._with_active()
        if unit is None or unit.at is None:
            return
        from apcombat.engine.views import facing_towards

        cell = self._cursor()
        if cell == unit.at:
            self.notify("put the cursor where the unit should face")
            return
        self.act(Turn(unit.id, facing_towards(self.state, unit, cell)))

    def action_pose(self) -> None:
        unit = self._with_active()
        if unit is None:
            return
        options = []
        for pose in Pose:
            if pose is not unit.pose:
                preview = self.session.preview(ChangePose(unit.id, pose))
                cost = f"{preview.ap_cost} AP" if preview.allowed else preview.reason
                options.append((pose.value, f"{pose.value} ({cost})"))

        def chosen(pose: str | None) -> None:
            if pose:
                self.act(ChangePose(unit.id, Pose(pose)))

        self.app.push_screen(ChoiceScreen(f"{unit.name} is {unit.pose.value}: change pose", options), chosen)

    def action_cover(self) -> None:
        unit = self._with_active()
        if unit is not None:
            self.act(LeaveCover(unit.id) if unit.in_cover else TakeCover(unit.id))

    def action_target(self, step: int) -> None:
        unit = self._with_active()
        if unit is None:
            return
        enemies = visible_enemies(self.state, unit)
        if not enemies:
            self.notify(f"{unit.name} sees no enemy")
            return
        ids = [enemy.id for enemy in enemies]
        index = (ids.index(self.target) + step) % len(ids) if self.target in ids else 0
        self.target = ids[index]
        target = self.state.unit(self.target)
        if target.at is None:
            self.hint(f"target: {target.name} ({target.hp} HP) — f to attack, Tab for the next")
        else:
            self.query_one(MapView).cursor = target.at
            self.hint(unit_hint(target) + ", Tab for the next")
        self.refresh_view()

    def action_fire(self) -> None:
        unit = self._with_active()
        if unit is None:
            return
        if self.target is None:
            under = self._unit_at(self._cursor())
            if under is not None and under.side != unit.side:
                self.target = under.id
        if self.target is None:
            self.notify("pick a target first: Tab cycles the enemies in sight")
            return
        self._fire_at(self.target)

    def _fire_at(self, target: str | None) -> None:
        unit = self.active_unit
        if target is None or unit is None:
            return
        self.target = target
        melee = unit.weapon is not None and unit.weapon.weapon.is_close_combat
        flamer = unit.weapon is not None and unit.weapon.weapon.is_flamer
        mode = "melee" if melee else "flame" if flamer else "single"

        def fired(line: Command | str | None) -> None:
            if line:
                self.fire(line)

        if self.shot_screen is None:
            self.shot_screen = ShotScreen(self.session, unit.id, target, mode)
            self.shot_screen_name = f"shot-{id(self)}"
            self.app.install_screen(self.shot_screen, self.shot_screen_name)
        else:
            self.shot_screen.aim(unit.id, target, mode)
            self.shot_screen.update_preview()  # before it shows: its first frame has the breakdown
        self.app.push_screen(self.shot_screen_name, fired)

    def fire(self, line: Command | str) -> None:
        """Play the attack the shot dialog chose."""
        self.act(line)

    def action_reload(self) -> None:
        if unit := self._with_active():
            self.act(Reload(unit.id))

    def action_swap(self) -> None:
        if unit := self._with_active():
            self.act(Swap(unit.id))

    def action_react(self) -> None:
        if unit := self._with_active():
            self.act(React(unit.id))
            if self.state.unit(unit.id).watch is not None:
                self.hint(watch_hint(self.state.unit(unit.id)))

    def action_pin(self) -> None:
        unit = self._with_active()
        if unit is None:
            return
        if self.target is None:
            self.notify("pick the enemy to pin first: Tab cycles the enemies in sight")
            return
        self.act(PinDown(unit.id, self.target))

    def action_jump(self) -> None:
        unit = self._with_active()
        if unit is None:
            return
        x, y = self._cursor()
        self.act(Jump(unit.id, (x, y)))

    def action_delay(self) -> None:
        if unit := self._with_active():
            self.act(Delay(unit.id))

    def action_aid(self) -> None:
        """R18.2.2: first aid for a friend who is man down (asked whom when there are several)."""
        unit = self._with_active()
        if unit is None:
            return
        patients = [u for u in self.state.units if u.side == unit.side and u.fate.value == "man_down"]
        if not patients:
            self.notify(f"{unit.name} has no friend who is man down to treat (R18.2.2)")
            return
        if len(patients) == 1:
            self.act(Aid(unit.id, patients[0].id))
            return

        def chosen(patient: str | None) -> None:
            if patient:
                self.act(Aid(unit.id, patient))

        options = [(p.id, f"{p.name} ({p.id})") for p in patients]
        self.app.push_screen(ChoiceScreen("Give first aid to whom?", options), chosen)

    def action_end(self) -> None:
        self.act(End())

    def action_start(self) -> None:
        if self.state.round == 0:
            self.act(Start())

    def action_undo(self) -> None:
        """Back to before the player's last decision, taking back every AI line played since; the AI then
        waits (n lets it go on) instead of playing again at once."""
        if self.busy:
            return
        self.ai.hold()
        try:
            events = self.session.undo_to_human_decision()
        except CommandError as error:
            self.notify(str(error), severity="warning", timeout=6)
            return
        if self.session.ai_side() is not None:
            self.hint("undone; the AI waits — n lets it play, ctrl+y redoes")
        self.after(events)

    def action_ai_skip(self) -> None:
        self.ai.skip()

    def action_redo(self) -> None:
        self.act(Redo())

    def action_save(self) -> None:
        def save_as(name: str | None) -> None:
            if not name:
                return
            from apcombat.saves import SaveError

            stem = name.strip().removesuffix(".toml")
            if not stem:
                return

            def save(choice: str | None = "replace") -> None:
                if choice != "replace":
                    return
                try:
                    path = self.session.save(self.session.saves / f"{stem}.toml")
                except SaveError as error:
                    self.notify(str(error), severity="error", timeout=10)
                    return
                self.session.name = stem
                self.notify(f"saved to {path}")

            ask_before_replacing(self.app, self.session.saves / f"{stem}.toml", stem == self.session.name, save)

        ask = AskScreen("Save as (a name in the saves folder):", self.session.name, check=save_name_problem)
        self.app.push_screen(ask, save_as)

    def action_load(self) -> None:
        from apcombat.tui.screens.saves import LoadScreen

        self.app.push_screen(LoadScreen(self.session.saves))

    def action_hints(self) -> None:
        self.tutorial.toggle()

    def action_to_active(self) -> None:
        """Put the cursor, and the view, on the acting unit (on a big map it is easily lost)."""
        unit = self.active_unit
        if unit is None or unit.at is None:
            self.hint("no unit on the map is acting")
            return
        view = self.query_one(MapView)
        view.cursor = unit.at
        view.scroll_to_cell(unit.at)  # also when the cursor was there and the view was scrolled away

    def action_overview(self) -> None:
        """The whole map at once (table mode has none)."""
        if self.state.map is not None:
            from apcombat.tui.screens.overview import OverviewScreen

            self.app.push_screen(OverviewScreen(self.state, self.query_one(MapView).labels))

    def action_overlay(self, name: str) -> None:
        if name in self.overlays:
            self.overlays.discard(name)
        else:
            self.overlays.add(name)
        shown = ", ".join(word for key, word in OVERLAY_WORDS.items() if key in self.overlays) or "none"
        self.hint(f"map overlays: {shown} (1 sight, 2 watch cones, 3 range bands, 4 cover, 5 reachable; L legend)")
        self.battle_fit.fit()  # the map's lower edge names them
        self.refresh_view()

    def action_zoom(self) -> None:
        """The map's cells larger or smaller (the next zoom; the largest goes back to the smallest)."""
        zoom = self.battle_fit.next_zoom()
        self.hint(f"zoom {zoom}: each cell {2 * zoom} columns by {zoom} lines — z for the next zoom")

    def action_panels(self) -> None:
        """Fold the unit panel and the turn order, or show them (folded below 80 columns at first)."""
        shown = self.battle_fit.toggle_panels()
        self.hint(f"{PANELS_KEY} {'folds' if shown else 'shows'} the unit panel and the turn order")

    def action_ai_options(self) -> None:
        """The AI's top options for its last decision (its side's, else any side's)."""
        from apcombat.tui.screens.ai_options import show_ai_options

        show_ai_options(self)

    def action_legend(self) -> None:
        from apcombat.tui.screens.legend import LegendScreen

        battlemap = self.session.state.map
        self.app.push_screen(LegendScreen(hexes=battlemap is not None and battlemap.kind == "hex"))

    def action_gm(self) -> None:
        from apcombat.tui.screens.gm import open_gm_menu

        open_gm_menu(self)

    def action_quick_hp(self, sign: str) -> None:
        from apcombat.tui.screens.gm import quick_hp

        quick_hp(self, sign)

    def action_command_line(self) -> None:
        box = self.query_one("#command", Input)
        box.display = True
        box.focus()

    def action_close_command_line(self) -> None:
        box = self.query_one("#command", Input)
        if box.display:
            box.display = False
            self.focus_battlefield()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "command":
            return
        line = event.value.strip()
        event.input.value = ""
        if line:
            self.act(line)

    def enable_dice_mode(self, on: bool) -> None:
        self.session.set_dice_prompt(self._ask_from_thread if on else None)
        self.notify("dice mode: every roll is asked for" if on else "dice mode off: the program rolls")


def _is(line: Command | str, kind: type[Command], word: str) -> bool:
    """Whether `line` is a `kind`: a command of it, or a line typed that begins with `word` as written."""
    if isinstance(line, str):
        return line.split()[:1] == [word]
    return isinstance(line, kind)
