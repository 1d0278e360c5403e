"""Aiming a shot: pick the mode, the location, extra AP and how to fire from cover; the chance with its
full breakdown (from the engine's preview) updates with every change. Enter fires."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from apcombat.tui.session import Session

MODES = ("single", "aimed", "burst", "dual", "dual_burst", "flame", "melee")
MODE_NAMES = {
    "single": "single shot",
    "aimed": "aimed shot",
    "burst": "burst",
    "dual": "two guns",
    "dual_burst": "two-gun bursts",
    "flame": "flamer",
    "melee": "close combat",
}
LOCATIONS = ("torso", "head", "arm", "legs", "weapon")
FROM_COVER = ("", "blind", "lean")


def attack_line(
    mode: str, attacker: str, target: str, location: str, extra_ap: int, from_cover: str, distance_cm: str
) -> str:
    """The command-language line for these choices."""
    verb = {"dual": "dual", "dual_burst": "dual", "flame": "flame", "melee": "melee"}.get(mode, "shoot")
    words = [verb, attacker, target]
    if mode in ("aimed", "melee") and (mode == "aimed" or location):
        words += ["aimed", location or "torso"]
        if extra_ap:
            words.append(f"+{extra_ap}")
    if mode in ("burst", "dual_burst"):
        words.append("burst")
    if from_cover and verb == "shoot":
        words.append(from_cover)
    if distance_cm:
        words += ["at", f"{distance_cm}cm"]
    return " ".join(words)


class ShotScreen(ModalScreen[str | None]):
    """Choose how to attack; returns the command line to play, or None."""

    BINDINGS = [
        Binding("m", "mode(1)", "Mode", id="shot.mode_next"),
        Binding("M", "mode(-1)", "Mode back", show=False, id="shot.mode_previous"),
        Binding("l", "location", "Location", id="shot.location"),
        Binding("plus,equals_sign", "extra(1)", "+AP", id="shot.more_ap"),
        Binding("minus", "extra(-1)", "-AP", id="shot.less_ap"),
        Binding("b", "cover", "Blind/lean", id="shot.from_cover"),
        Binding("enter", "fire", "Fire", priority=True, id="shot.fire"),
        Binding("escape", "cancel", "Cancel", id="shot.cancel"),
    ]

    def __init__(self, session: Session, attacker: str, target: str, mode: str = "single") -> None:
        super().__init__()
        self.session = session
        self.table_mode = session.state.map is None
        self.aim(attacker, target, mode)

    def aim(self, attacker: str, target: str, mode: str = "single") -> None:
        """Set up a new attack; the screen is built once and shown again for every attack (it opens fast).
        A distance measured for another attacker or target is cleared: it must be measured again."""
        if self.is_mounted and self.table_mode and (attacker, target) != (self.attacker, self.target):
            self.query_one("#distance", Input).value = ""
        self.attacker = attacker
        self.target = target
        self.mode = mode
        self.location = "" if mode != "aimed" else "torso"
        self.extra_ap = 0
        self.from_cover = "blind" if self.session.state.unit(attacker).in_cover else ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label("", id="shot-title", classes="dialog-title")
            yield Static("", id="shot-choices", markup=False)
            if self.table_mode:
                yield Input(placeholder="distance measured on the table, in cm", id="distance", restrict=r"[0-9.]*")
            yield Static("", id="shot-summary", markup=False)
            with VerticalScroll(id="shot-breakdown"):
                yield Static("", id="shot-lines", markup=False)

    def on_screen_resume(self) -> None:
        self.update_preview()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_preview()

    @property
    def line(self) -> str:
        distance = self.query_one("#distance", Input).value if self.table_mode else ""
        return attack_line(
            self.mode, self.attacker, self.target, self.location, self.extra_ap, self.from_cover, distance
        )

    def update_preview(self) -> None:
        state = self.session.state
        attacker, target = state.unit(self.attacker), state.unit(self.target)
        self.query_one("#shot-title", Label).update(f"{attacker.name} attacks {target.name}")
        location = self.location if self.location and self.mode in ("aimed", "melee") else "-"
        cover = {"": "none", "blind": "blind fire", "lean": "lean out (+1 AP)"}[self.from_cover]
        self.query_one("#shot-choices", Static).update(
            f"[m] mode: {MODE_NAMES[self.mode]}   [l] location: {location}   [+/-] extra AP: {self.extra_ap}   "
            f"[b] from cover: {cover}"
        )
        preview = self.session.preview(self.line)
        if preview.allowed and preview.attack is not None:
            chances = " and ".join(f"{gun.hit_chance}%" for gun in preview.attack.guns)
            summary = (
                f"hit {chances}, expected hits {preview.expected_hits:.2f}; "
                f"AP {preview.ap_cost}, {preview.ap_left} left — Enter fires, Escape cancels"
            )
        else:
            summary = f"Not possible: {preview.reason}"
        self.query_one("#shot-summary", Static).update(summary)
        self.query_one("#shot-lines", Static).update("\n".join(preview.lines) or " ")

    def action_mode(self, step: int) -> None:
        self.mode = MODES[(MODES.index(self.mode) + step) % len(MODES)]
        if self.mode == "aimed" and not self.location:
            self.location = "torso"
        self.update_preview()

    def action_location(self) -> None:
        choices = ("", *LOCATIONS) if self.mode != "aimed" else LOCATIONS
        current = self.location if self.location in choices else choices[0]
        self.location = choices[(choices.index(current) + 1) % len(choices)]
        if self.location and self.mode not in ("aimed", "melee"):
            self.mode = "aimed"
        self.update_preview()

    def action_extra(self, step: int) -> None:
        self.extra_ap = max(0, self.extra_ap + step)
        if self.extra_ap and self.mode not in ("aimed", "melee"):
            self.mode = "aimed"
            self.location = self.location or "torso"
        self.update_preview()

    def action_cover(self) -> None:
        self.from_cover = FROM_COVER[(FROM_COVER.index(self.from_cover) + 1) % len(FROM_COVER)]
        self.update_preview()

    def action_fire(self) -> None:
        if self.session.preview(self.line).allowed:
            self.dismiss(self.line)
        else:
            self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)
