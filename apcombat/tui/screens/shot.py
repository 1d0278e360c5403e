"""Aiming a shot: pick the mode, the location, extra AP and how to fire from cover; the chance with its
full breakdown (from the engine's preview) updates with every change. Enter fires.

Only what the rules allow is offered: the modes the weapons in hand can fire and, for each, the ways of
firing from cover open to the attacker there — both as the engine's `choices` lists them.

In table mode the dialog also takes the distance measured on the table (in cm: it says how it read it) and, if
the game master rolls physical dice, the attack's dice in one line, in the order of R0.2 (each gun, each round:
to-hit d100, the defender's d100 in close combat, a d6 for an unaimed critical's location, the damage dice, then
wound tests). Its keys work whichever box has the focus: the boxes take only digits."""

from __future__ import annotations

import re

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from apcombat.dice import DiceError, DiceRequest, parse_dice_list
from apcombat.engine import Attack, CommandError, Preview, distance_reading, format_command, parse_command
from apcombat.tui.default_attack import (
    MODE_NAMES,
    MODES,
    attack_command,
    attack_options,
    first_mode,
)
from apcombat.tui.session import Session

LOCATIONS = ("torso", "head", "arm", "legs", "weapon")
LOCATION_KEYS = {"t": "torso", "h": "head", "a": "arm", "g": "legs", "w": "weapon"}
"""One key per location: it aims the shot there (legs: g, as l cycles the locations)."""
FROM_COVER_NAMES = {"": "none", "blind": "blind fire", "lean": "lean out (+1 AP)"}


class NumberBox(Input):
    """A box that takes only the characters it accepts: every other key (a letter) reaches the dialog's
    bindings, so `h` aims at the head while the distance box has the focus."""

    def __init__(self, accepts: str, next_box: str = "", **options) -> None:
        super().__init__(restrict=f"[{re.escape(accepts)}]*", **options)
        self.accepts = accepts
        self.next_box = next_box  # the id of the box a space goes on to, once this one holds something

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character in self.accepts

    async def _on_key(self, event: events.Key) -> None:
        if event.character == " " and self.next_box and self.value and self.screen.focused is self:
            event.prevent_default()
            event.stop()
            self.screen.set_focus(self.screen.query_one(f"#{self.next_box}", NumberBox))
            return
        focused = self.screen.focused
        if (
            focused is not self
            and isinstance(focused, NumberBox)
            and event.character
            and event.character in focused.accepts
        ):
            # Keys typed quickly were sent here before a space moved the focus on: they are the next box's.
            event.prevent_default()
            event.stop()
            focused.insert_text_at_cursor(event.character)
        elif event.character and event.character.isprintable() and event.character not in self.accepts:
            event.prevent_default()  # not this box's (Input's own handler would swallow it): the dialog's


class ShotScreen(ModalScreen[Attack | str | None]):
    """Choose how to attack; returns the attack to play (a line, with a distance typed), or None."""

    # The letter keys work while the distance or dice box has the focus (those take digits only); none is a
    # priority binding, so keys typed quickly are handled in order: Enter fires what the boxes hold by then.
    BINDINGS = [
        Binding("m", "mode(1)", "Mode", id="shot.mode_next"),
        Binding("M", "mode(-1)", "Mode back", show=False, id="shot.mode_previous"),
        Binding("l", "location", "Location", id="shot.location"),
        *[
            Binding(key, f"aim('{where}')", f"Aim at the {where}", show=False, id=f"shot.aim_{where}")
            for key, where in LOCATION_KEYS.items()
        ],
        Binding("plus,equals_sign", "extra(1)", "+AP", id="shot.more_ap"),
        Binding("minus", "extra(-1)", "-AP", id="shot.less_ap"),
        Binding("b", "cover", "Blind/lean", id="shot.from_cover"),
        Binding("enter", "fire", "Fire", id="shot.fire"),
        Binding("escape", "cancel", "Cancel", id="shot.cancel"),
    ]

    attacker: str
    target: str
    turn: tuple[int, str | None]  # the round and the active unit the attack was aimed in

    def __init__(self, session: Session, attacker: str, target: str, mode: str = "single") -> None:
        super().__init__()
        self.session = session
        self.table_mode = session.state.map is None
        self.shown: tuple[object, ...] = ()  # the state, attacker, target and line the dialog shows
        self.closed_at = 0  # the history's length when the dialog last closed
        self.aim(attacker, target, mode)

    def aim(self, attacker: str, target: str, mode: str = "single") -> None:
        """Set up a new attack; the screen is built once and shown again for every attack (it opens fast).
        A distance measured for another attacker or target, or before anything but this attacker's attacks was
        played (a move), is cleared: it must be measured again."""
        turn = (self.session.state.round, self.session.state.active)
        if self.is_mounted and self.table_mode:
            if (attacker, target, turn) != (self.attacker, self.target, self.turn) or self._played_since(attacker):
                self.query_one("#distance", Input).value = ""  # measured again on the table
            self.query_one("#dice", Input).value = ""  # dice are rolled afresh for every attack
            self._focus_boxes()
        self.attacker = attacker
        self.target = target
        self.turn = turn
        self.options = attack_options(self.session.acting_view(), attacker, target)
        self.mode = first_mode(self.options, mode)
        self.location = "" if self.mode != "aimed" else "torso"
        self.extra_ap = 0
        self.from_cover = self.ways[0]

    def _played_since(self, attacker: str) -> bool:
        """Whether anything but `attacker`'s attacks was played since the dialog last closed (the figures may
        have moved on the table)."""
        for entry in self.session.game.history[self.closed_at :]:
            try:
                command = parse_command(entry.line)
            except CommandError:
                return True
            if not (isinstance(command, Attack) and command.unit == attacker):
                return True
        return False

    @property
    def modes(self) -> tuple[str, ...]:
        """The modes offered, in the dialog's order (the one given when the rules allow none)."""
        return tuple(mode for mode in MODES if mode in self.options) or (self.mode,)

    @property
    def ways(self) -> tuple[str, ...]:
        """The ways of firing from cover offered for the mode: "" (not from cover), "blind", "lean"."""
        return self.options.get(self.mode, ("",))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide table-shot" if self.table_mode else "dialog wide"):
            yield Label("", id="shot-title", classes="dialog-title")
            yield Static("", id="shot-choices", markup=False)
            if self.table_mode:
                with Horizontal(id="shot-boxes"):
                    yield Label("cm ")
                    yield NumberBox("0123456789.", next_box="dice", placeholder="distance", id="distance")
                    yield Label("", id="distance-reading", markup=False, classes="dim")
                    yield Label(" dice ")
                    yield NumberBox("0123456789 ,", placeholder="none: the program rolls", id="dice")
                yield Static("", id="shot-dice-order", markup=False, classes="dim")
            yield Static("", id="shot-summary", markup=False)
            with VerticalScroll(id="shot-breakdown"):
                yield Static("", id="shot-lines", markup=False)

    def on_mount(self) -> None:
        if self.table_mode:
            self._focus_boxes()

    def _focus_boxes(self) -> None:
        """The distance box while no distance is typed, else the dice box."""
        distance = self.query_one("#distance", Input)
        (distance if not distance.value else self.query_one("#dice", Input)).focus()

    def on_screen_resume(self) -> None:
        self.update_preview()  # nothing to do when the opener already showed this attack (`update_preview`)

    def on_key(self, event: events.Key) -> None:
        """A digit typed before a box has the focus (keys sent quickly after `f`) goes to the distance box."""
        if not self.table_mode:
            return
        distance = self.query_one("#distance", Input)
        if event.character and event.character in "0123456789." and self.focused is None:
            self.set_focus(distance)
            distance.insert_text_at_cursor(event.character)
            event.stop()

    @property
    def typed_dice(self) -> list[int] | None:
        """The dice typed for the attack, in order (None when none were: the program rolls them)."""
        if not self.table_mode:
            return None
        try:
            values = parse_dice_list(self.query_one("#dice", Input).value.replace(",", " "))
        except DiceError:
            return None
        return values or None

    def _dice_problem(self) -> str | None:
        text = self.query_one("#dice", Input).value if self.table_mode else ""
        try:
            parse_dice_list(text.replace(",", " "))
        except DiceError as error:
            return f"the dice: {error}"
        return None

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a box fires, once the box has taken every key typed before it."""
        event.stop()
        self.action_fire()

    @property
    def attack(self) -> Attack | str:
        """The attack chosen (with a distance typed, its line)."""
        distance = self.query_one("#distance", Input).value if self.table_mode else ""
        return attack_command(
            self.mode, self.attacker, self.target, self.location, self.extra_ap, self.from_cover, distance
        )

    @property
    def line(self) -> str:
        """The attack chosen as a line."""
        attack = self.attack
        return attack if isinstance(attack, str) else format_command(attack)

    def update_preview(self) -> None:
        """Show the attack's preview; nothing changes (no new layout) when it shows this state's already."""
        state = self.session.acting_view()  # R21.2.5: the shooter's side's knowledge only
        dice = self.query_one("#dice", Input).value if self.table_mode else ""
        shown = (state, self.attacker, self.target, self.line, dice)
        if shown == self.shown:
            return
        self.shown = shown
        attacker, target = state.unit(self.attacker), state.unit(self.target)
        self.query_one("#shot-title", Label).update(f"{attacker.name} attacks {target.name}")
        self.query_one("#shot-choices", Static).update(self.choices_line())
        preview = self.session.preview(self.attack)
        problem = self._dice_problem()
        if problem is None and preview.allowed and preview.attack is not None:
            summary = self.table_summary(preview) if self.table_mode else self.map_summary(preview)
        else:
            summary = f"Not possible: {problem or preview.reason}"
        self.query_one("#shot-summary", Static).update(summary)
        if self.table_mode:
            self.show_distance_reading()
            self.query_one("#shot-dice-order", Static).update(self.dice_order(preview))
        self.query_one("#shot-lines", Static).update("\n".join(preview.lines) or " ")
        if self.table_mode:  # on a short terminal the breakdown's last lines, the chances, are the ones to see
            self.query_one("#shot-breakdown", VerticalScroll).scroll_end(animate=False)

    def show_distance_reading(self) -> None:
        """How the distance box was read, beside it ("6 → 6 cm (2 m)"): its own place, so the dice's line keeps one
        row at 80 x 24; a distance it cannot read says so there."""
        read = distance_reading(self.query_one("#distance", Input).value)
        self.query_one("#distance-reading", Label).update(f" {read}" if read else "")

    @staticmethod
    def map_summary(preview: Preview) -> str:
        assert preview.attack is not None  # the preview of an attack
        chances = " and ".join(f"{gun.hit_chance}%" for gun in preview.attack.guns)
        return (
            f"hit {chances}, expected hits {preview.expected_hits:.2f}; "
            f"AP {preview.ap_cost}, {preview.ap_left} left — Enter fires, Escape cancels"
        )

    @staticmethod
    def table_summary(preview: Preview) -> str:
        """One line, so the dialog fits 24 rows: each gun's hit and critical chance, the AP."""
        assert preview.attack is not None  # the preview of an attack
        chances = " and ".join(f"{gun.hit_chance}% (crit {gun.crit_chance}%)" for gun in preview.attack.guns)
        return f"hit {chances}; AP {preview.ap_cost}, {preview.ap_left} left — Enter fires"

    def dice_order(self, preview: Preview) -> str:
        """The dice the attack takes, in the order to type them (R0.2); with dice typed, what the first means."""
        if preview.attack is None:
            return "dice in order: to-hit d100, then the damage dice"
        parts = []
        forced = self.session.state.gm_force_hit is not None
        for index, gun in enumerate(preview.attack.guns):
            to_hit = "" if forced and index == 0 else "d100 "
            defence = "defence d100 " if self.mode == "melee" else ""  # the defender's, when upright
            one = f"{to_hit}{defence}{gun.weapon.damage}"
            parts.append(f"{gun.rounds} x ({one})" if gun.rounds > 1 else one)
        order = f"dice: {' then '.join(parts)}"
        typed = self.typed_dice
        if typed and not forced:
            first = preview.attack.guns[0]
            request = DiceRequest(100, "", at_most=first.hit_chance, success="hits", critical_at=first.crit_chance)
            return f"{order} — first die {typed[0]}: {request.outcome(typed[0])}"
        return f"{order}{'; forced: no to-hit die' if forced else ''}; more on a critical or a wound"

    def choices_line(self) -> str:
        """The choices made, each with its key when there is something else to choose."""
        parts = [f"{'[m] ' if len(self.modes) > 1 else ''}mode: {MODE_NAMES[self.mode]}"]
        if self.aims:
            location = self.location if self.location and self.mode in ("aimed", "melee") else "-"
            parts.append(f"[{'/'.join(LOCATION_KEYS) if self.table_mode else 'l'}] location: {location}")
            parts.append(f"[+/-] extra AP: {self.extra_ap}")
        if len(self.ways) > 1:
            parts.append(f"[b] from cover: {FROM_COVER_NAMES[self.from_cover]}")
        elif self.from_cover:
            parts.append(f"from cover: {FROM_COVER_NAMES[self.from_cover]}")
        return "   ".join(parts)

    @property
    def aims(self) -> bool:
        """Whether a location can be named: close combat, or any mode of a weapon that can aim (l and + turn
        the shot into an aimed one)."""
        return self.mode == "melee" or "aimed" in self.options

    def _choose_mode(self, mode: str) -> None:
        self.mode = mode
        if self.mode == "aimed" and not self.location:
            self.location = "torso"
        if self.from_cover not in self.ways:
            self.from_cover = self.ways[0]

    def action_mode(self, step: int) -> None:
        modes = self.modes
        self._choose_mode(modes[(modes.index(self.mode) + step) % len(modes)] if self.mode in modes else modes[0])
        self.update_preview()

    def action_location(self) -> None:
        if not self.aims:
            self.app.bell()
            return
        choices = ("", *LOCATIONS) if self.mode != "aimed" else LOCATIONS
        current = self.location if self.location in choices else choices[0]
        self.location = choices[(choices.index(current) + 1) % len(choices)]
        if self.location and self.mode not in ("aimed", "melee"):
            self._choose_mode("aimed")
        self.update_preview()

    def action_aim(self, where: str) -> None:
        """Aim at this location: an aimed shot (or an aimed blow in close combat)."""
        if not self.aims:
            self.app.bell()
            return
        self.location = where
        if self.mode not in ("aimed", "melee"):
            self._choose_mode("aimed")
        self.update_preview()

    def action_extra(self, step: int) -> None:
        if not self.aims:
            self.app.bell()
            return
        self.extra_ap = max(0, self.extra_ap + step)
        if self.extra_ap and self.mode not in ("aimed", "melee"):
            self._choose_mode("aimed")
            self.location = self.location or "torso"
        self.update_preview()

    def action_cover(self) -> None:
        ways = self.ways
        if len(ways) < 2:
            self.app.bell()
            return
        current = self.from_cover if self.from_cover in ways else ways[0]
        self.from_cover = ways[(ways.index(current) + 1) % len(ways)]
        self.update_preview()

    def action_fire(self) -> None:
        attack = self.attack
        if self.session.preview(attack).allowed and self._dice_problem() is None:
            self.closed_at = len(self.session.game.history)
            self.dismiss(attack)
        else:
            self.app.bell()

    def action_cancel(self) -> None:
        self.closed_at = len(self.session.game.history)
        self.dismiss(None)
