"""Table mode: a fight on a physical table, with no map. The game master plays everyone; distances are
measured on the table (3 cm = 1 m) and typed in. The battlefield's widgets, with the acting unit's actions
(each with its key and AP cost) where the map would be.

An attack is a few keys: `f` opens the shot dialog on the unit's last target (Tab on this screen picks
another), the distance and the dice are typed there, one key names the mode or the location, Enter fires."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from apcombat.engine import (
    Aid,
    Attack,
    Command,
    CommandError,
    Event,
    GmBlast,
    GmMorale,
    GmNext,
    GmSpot,
    action_costs,
    distances_read,
    marks_of,
    parse_command,
    typed_line,
    unit_marks,
    waiting_words,
    watch_prompts,
)
from apcombat.fight import mark_name
from apcombat.model import Unit
from apcombat.tui.screens.blast import BlastScreen, under_the_template
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.table_picks import PICK_BINDINGS, TablePicks
from apcombat.tui.widgets.deck_panel import DeckPanel
from apcombat.tui.widgets.event_log import EventLog


class TableScreen(TablePicks, GameScreen):
    """Play an encounter without a map, on a physical table."""

    COMMAND_EXAMPLE = "e.g. move ana 120, shoot ana raider at 850 (cm) — Enter plays, Esc closes"
    BINDINGS = [Binding("T", "table_throw", "Throw", show=False, id="table.throw"), *PICK_BINDINGS]

    DECK_IN_PLACE_OF = ("#table-actions", "#unit")

    def battlefield(self) -> ComposeResult:
        yield DeckPanel(id="deck")  # R18.5.1: the deck's question, where the actions are (nobody acts yet)
        with VerticalScroll(id="table-actions"):
            yield Static("", id="table-text")

    def mount_battlefield(self) -> None:
        self.query_one(EventLog).styles.height = 6  # the actions list needs the rows

    def focus_battlefield(self) -> None:
        self.query_one("#table-actions").focus()

    @property
    def labels(self) -> dict[str, str]:
        return unit_marks(self.state)

    def player_sides(self) -> set[str] | None:
        """The game master plays every side: the next-unit key goes through all of them."""
        return None

    def show_battlefield(self, active: Unit | None) -> None:
        """Every action of the acting unit with its key and its AP cost (from the engine)."""
        panel = self.query_one("#table-text", Static)
        if active is None:
            panel.update(
                "Table mode: no map — distances are measured on the table (3 cm = 1 m).\n\n"
                + ("s starts the fight." if self.state.round == 0 else "")
                + self._last_seen()
            )
            return
        waiting = waiting_words(self.state)
        if waiting is not None:  # R22.9.2: nothing else is played before the blast
            panel.update(f"{waiting}.\n\nT names who is under the template (the gm blast dialog).")
            return
        costs = action_costs(self.state, active)
        keys = [
            ("m", "move", costs.get("move", "")),
            ("M", "run", costs.get("run", "not now")),
            ("t", "turn", "0/1/2 AP up to 45/90/180°"),
            ("p", "pose", costs["pose"]),
            ("c", "cover", costs["cover"]),
            ("f", "attack", costs.get("fire", "no weapon")),
            ("r", "reload", costs.get("reload", "-")),
            ("w", "swap", costs.get("swap", "-")),
            ("o", "watch", f"whole turn, {active.ap} AP kept"),
            ("x", "pin", "whole turn, 10 rounds"),
            ("J", "jump", "walking AP, +1 standing"),
            ("d", "delay", "before spending AP"),
            ("e", "end", f"{active.ap} AP lost"),
        ]
        if active.belt:  # R22.1.2: a unit that carries some throws, after attack
            keys.insert(6, ("T", "throw", _throw_costs(active)))
        lines = [f"{active.name}: {active.ap} AP. Key, action, AP:"]
        lines += [f"{key} {what:<6} {cost}" for key, what, cost in keys]
        panel.update("\n".join(lines) + self._last_seen())

    def _last_seen(self) -> str:
        """R21.7.3: the marks of the side whose view the screen shows, each "WHO, last seen round R" (no cell:
        there is no map); nothing on the game master's screen."""
        side = self.session.shown_side()
        marks = marks_of(self.state, side) if side is not None else ()
        if side is None or not marks:
            return ""
        whole = self.session.state  # the name of an enemy out of the view (R21.2.5: once the side saw it)
        said = [f"{mark_name(whole, side, mark)}, last seen round {mark.round}" for mark in marks]
        return "\n\nMarks:\n" + "\n".join(f"? {words}" for words in said)

    # ----- the game master's questions --------------------------------------------------------------------

    def ask_about_watches(self, events: list[Event]) -> None:
        """After the acting unit moved, ask the game master about each enemy on watch (R16.2); after a loss,
        who saw it (R18.1.2); after a flamer's stream or a fire's 6, what catches fire (R18.3.2, R18.3.4)."""
        self._ask_about_losses(events)
        self._ask_about_fires(events)
        self._ask_about_watch(events)
        if any(event.kind == "blast_waiting" for event in events):
            self._ask_about_blast()

    def _ask_about_losses(self, events: list[Event]) -> None:
        """R18.1.2 in table mode: for each friend lost (down, man down, dead), ask which friends in the fight
        were within 5 m and saw it; each yes is `gm morale FRIEND lost LOST` (a test now, twice for a leader)."""
        if not self.state.module_on("morale"):
            return
        lost = [
            e.unit for e in events if e.unit and (e.kind == "down" or e.data.get("casualty") in ("man down", "dead"))
        ]
        questions = []
        whole = self.session.state  # the game master's questions, whichever side's view the screen shows
        for lost_id in dict.fromkeys(lost):
            fallen = whole.unit(lost_id)
            if not fallen.down:
                continue  # stunned (R18.2.1): not lost
            for friend in whole.units:
                if friend.side == fallen.side and friend.id != fallen.id and not friend.down:
                    questions.append((friend, fallen))
        self._ask_next_loss(questions)

    def _ask_next_loss(self, questions: list[tuple[Unit, Unit]]) -> None:
        if not questions:
            return
        (friend, fallen), rest = questions[0], questions[1:]
        question = f"Was {friend.name} within 5 m of {fallen.name} and did it see {fallen.name} fall? (R18.1.2)"

        def answered(choice: str | None) -> None:
            if choice == "yes":
                self.act(GmMorale(friend.id, "lost", fallen.id))
            self._ask_next_loss(rest)

        self.app.push_screen(ChoiceScreen(question, [("yes", "Yes: it tests morale"), ("no", "No")]), answered)

    def act(self, line: Command | str) -> None:
        """R18.2.2 in table mode: before `aid WHO PATIENT`, the game master says whether WHO is next to PATIENT."""
        pair = _aid_pair(line)
        if pair is not None and self.state.gm_next_to != pair:
            question = f"Is {pair[0]} next to {pair[1]}? (R18.2.2: first aid needs it)"
            # an aid typed is answered by a line typed, refused as typed; the battlefield's aid by a command
            next_to = GmNext(*pair) if isinstance(line, Aid) else typed_line("gm", "next", *pair)

            def answered(choice: str | None) -> None:
                if choice != "yes":
                    return
                try:  # the game master's word needs no dice: played at once, then the aid as any line
                    self.after(self.session.play(next_to))
                except CommandError as error:
                    self.notify(str(error), severity="warning", timeout=6)
                    return
                super(TableScreen, self).act(line)

            self.app.push_screen(ChoiceScreen(question, [("yes", "Yes"), ("no", "No")]), answered)
            return
        super().act(line)

    def _ask_about_blast(self) -> None:
        """R22.9.2: the throw landed; the game master lays the template and names who is under it."""
        words = waiting_words(self.session.state)
        if words is None:
            return

        def named(blast: GmBlast | None) -> None:
            if blast is not None:
                self.act(blast)

        self.app.push_screen(BlastScreen(words, under_the_template(self.session.state)), named)

    def action_table_throw(self) -> None:
        """R22.9.1: throw a thrown weapon at a point measured on the table (asked which when it carries several);
        while a blast waits, the gm blast dialog again."""
        if self.session.state.blast_waiting is not None:
            self._ask_about_blast()
            return
        unit = self._with_active()
        if unit is None:
            return
        carried = unit.belt
        if not carried:
            self.notify(f"{unit.name} carries no thrown weapon (R22.1.2)")
            return
        lean = " (in cover: add lean to lean out, +1 AP)" if unit.in_cover else ""
        prompt = f"Distance to the point in cm, measured on the table from {unit.name}'s base, e.g. 12{lean}"

        def chosen(item: str | None) -> None:
            if item:
                self._ask_line(("throw", unit.id, item, "at"), prompt)

        if len(carried) == 1:
            chosen(carried[0].weapon.id)
            return
        options = [(s.weapon.id, f"{s.words} ({s.weapon.ap_single} AP)") for s in carried]
        self.app.push_screen(ChoiceScreen(f"{unit.name} throws what?", options), chosen)

    def _ask_about_watch(self, events: list[Event]) -> None:
        active = self.active_unit
        showing = ("move", "cover", "pose", "jump")
        if active is None or not any(e.kind in showing and e.unit == active.id for e in events):
            return
        for watcher, question in watch_prompts(self.state, active):

            def answered(choice: str | None, watcher_id: str = watcher.id, mover_id: str = active.id) -> None:
                if choice == "yes":
                    self.act(GmSpot(watcher_id, mover_id))

            self.app.push_screen(ChoiceScreen(question, [("yes", "Yes: it tests perception"), ("no", "No")]), answered)
            return

    def _ask_about_fires(self, events: list[Event]) -> None:
        """R18.3.2, R18.3.4: the program cannot see the table: each flamer stream and each fire that spreads
        asks the game master to name the new fire, if anything there burns (Esc: nothing does)."""

        def named(name: str | None) -> None:
            if name:
                self.act(typed_line("gm", "fire", name.strip(), "on"))

        for event in events:
            spreads = event.kind == "fire" and event.data.get("outcome") == "spreads"
            if event.kind == "fire" and ("ask" in event.data or spreads):
                self.app.push_screen(
                    AskScreen(f"{event.text}\nName the new fire (Esc if nothing burns there):", placeholder="barn"),
                    named,
                )

    def _ask_line(self, before: tuple[str, ...], prompt: str, after: tuple[str, ...] = ()) -> None:
        """Ask for the words a command needs measured on the table, and play the line they make; under the box,
        how the engine reads the distance typed ("6 → 6 cm (2 m)")."""

        def answered(rest: str | None) -> None:
            if rest:
                self.act(typed_line(*before, rest, *after))

        def reading(rest: str) -> str:
            return distances_read(typed_line(*before, rest, *after)) if rest.strip() else ""

        self.app.push_screen(AskScreen(prompt, reading=reading), answered)

    def on_input_changed(self, event: Input.Changed) -> None:
        """The command line says how it read a distance typed in it ("move ana 6": "6 → 6 cm (2 m)")."""
        if event.input.id == "command":
            reading = distances_read(event.value)
            if reading:
                self.hint(reading)

    # ----- actions measured on the table ------------------------------------------------------------------

    def action_move(self, run: bool = False) -> None:
        unit = self._with_active()
        if unit is None:
            return
        if run:
            self._ask_line(("move", unit.id), "Distance to run in cm, measured on the table, e.g. 12", ("run",))
        else:
            prompt = "Distance in cm, measured on the table, e.g. 12 (add run/crouched/prone/climb)"
            self._ask_line(("move", unit.id), prompt)

    def action_turn(self) -> None:
        unit = self._with_active()
        if unit is not None:
            self._ask_line(("turn", unit.id), "Degrees to turn (e.g. 90 or -45)")

    def action_jump(self) -> None:
        unit = self._with_active()
        if unit is not None:
            self._ask_line(("jump", unit.id), "Length of the jump in cm, measured on the table, e.g. 6")

    def action_overlay(self, name: str) -> None:
        self.hint("table mode has no map, so no map overlays")

    def action_zoom(self) -> None:
        self.hint("table mode has no map to zoom")

    def action_fire(self) -> None:
        """Aim at the target Tab picked, else at this unit's last target while it stands, else at the only enemy
        standing, else ask whom."""
        unit = self._with_active()
        if unit is None:
            return
        # the game master judges who sees whom at a table (R21.7.3), whichever view the screen shows
        enemies = [u for u in self.session.state.units if u.side != unit.side and not u.down]
        standing = {enemy.id for enemy in enemies}
        target = self.target if self.target in standing else self._last_target(unit.id)
        if target not in standing and len(enemies) == 1:
            target = enemies[0].id
        if target in standing:
            self._fire_at(target)
        elif enemies:
            options = [(u.id, f"{u.name} ({u.id}), {u.hp} HP") for u in enemies]
            self.app.push_screen(ChoiceScreen("Attack whom?", options), self._fire_at)
        else:
            self.notify(f"{unit.name} has no enemy standing")

    def _last_target(self, attacker: str) -> str | None:
        """Whom `attacker` last attacked, read from the game's history (so a save, a load and undo keep it)."""
        for entry in reversed(self.session.game.history):
            try:
                command = parse_command(entry.line)
            except CommandError:
                continue
            if isinstance(command, Attack) and command.unit == attacker:
                return command.target
        return None

    def fire(self, line: Command | str) -> None:
        """Play the attack with the dice typed in the dialog (the program rolls when none were typed)."""
        dice = self.shot_screen.typed_dice if self.shot_screen is not None else None
        if dice is None or self.busy or self.ai.acting:
            self.act(line)
            return
        self.busy = True
        self._fire_with_dice(line, tuple(dice), self._human_decision(line))

    @work(thread=True, exclusive=True)
    def _fire_with_dice(self, line: Command | str, dice: tuple[int, ...], decided) -> None:
        """In a worker: the dice the attack needs beyond those typed (a critical's location, a wound test) are
        asked for in the dice dialog, which waits for the game master."""
        game = self.session.game
        asking = game.dice.ask
        game.dice.ask = asking or self._ask_from_thread
        try:
            events = self.session.play(line, dice=dice)
        except CommandError as error:
            self.app.call_from_thread(self.notify, str(error), severity="warning", timeout=8)
            events = None
        else:
            self.app.call_from_thread(decided)
            unused = game.unused_dice
            if unused:
                shown = " ".join(map(str, unused))
                self.app.call_from_thread(
                    self.notify, f"dice not needed, ignored: {shown} (the attack needed fewer)", timeout=8
                )
        finally:
            game.dice.ask = asking
        self.app.call_from_thread(self._done_asking, events)


def _throw_costs(unit: Unit) -> str:
    """The actions list's words for the throw key: each thrown weapon left, its count and AP (R22.1.2)."""
    carried = [f"{s.words} ({s.weapon.ap_single} AP)" for s in unit.belt]
    return ", ".join(carried) if carried else "-"


def _aid_pair(line: Command | str) -> tuple[str, str] | None:
    """Who gives first aid to whom, for an `aid` command or a line typed `aid WHO PATIENT` (its words as
    typed); None for anything else."""
    if isinstance(line, Aid):
        return line.unit, line.patient
    words = line.split() if isinstance(line, str) else []
    return (words[1], words[2]) if len(words) == 3 and words[0] == "aid" else None
