"""A unit's start in the editor (Enter on it): its own name, HP, pose, weapons (the first in hand), thrown
weapons (R22.1.2), armour, spare ammo, hidden (R21.3.2), cover (R9), morale state (R18.1.3), fate, stunned,
markers (R18.4) and AI role. Each field is one edit through `fight_edits.change_unit`, made when it is left or
Enter is pressed; a value the file would refuse is refused with the file's sentence, shown under the field."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Select

from apcombat.editor import EditRefused
from apcombat.editor.fight_edits import UNIT_FIELDS, change_unit, move_to_side
from apcombat.model import NO_ARMOR, Pose, Unit
from apcombat.model.ai_settings import AiRole
from apcombat.model.fates import Fate, MoraleState
from apcombat.model.limits import typed_digits
from apcombat.tui.screens.editor.face import EditorFace

TEXT_FIELDS = ("name", "hp", "weapons", "thrown", "ammo", "markers")
CHOICES: dict[str, tuple[str, ...]] = {
    "pose": tuple(pose.value for pose in Pose),
    "morale_state": tuple(state.value for state in MoraleState),
    "fate": tuple(fate.value for fate in Fate),
    "ai_role": tuple(role.value for role in AiRole),
}
FLAGS = ("hidden", "stunned", "cover")
WORDS = {
    "name": "own name",
    "hp": "HP",
    "weapons": "weapons",
    "thrown": "thrown",
    "ammo": "spare ammo",
    "markers": "markers",
    "pose": "pose",
    "morale_state": "morale",
    "fate": "fate",
    "ai_role": "AI role",
    "armor": "armour",
    "hidden": "starts hidden (R21.3.2)",
    "stunned": "stunned (R18.2.1)",
    "cover": "starts in cover (R9)",
}


def counts_text(counts: dict[str, int]) -> str:
    """`{"frag_grenade": 2}` as typed in the form: "frag_grenade 2"."""
    return ", ".join(f"{name} {count}" for name, count in counts.items())


def counts_typed(text: str) -> dict[str, int] | str:
    """What "frag_grenade 2, knife 1" says, or a sentence saying what is wrong with it."""
    counts: dict[str, int] = {}
    for part in filter(None, (part.strip() for part in text.split(","))):
        words = part.split()
        count = typed_digits(words[1]) if len(words) == 2 else None
        if count is None:
            return f'write each as an id and a count, like "frag_grenade 2", not {part!r}'
        counts[words[0]] = count
    return counts


def field_text(unit: Unit, name: str) -> str:
    """A text field's value as the form shows it."""
    if name == "name":
        return unit.name
    if name == "hp":
        return str(unit.hp)
    if name == "weapons":
        return ", ".join(carried.weapon.id for carried in unit.weapons)
    if name == "thrown":
        return counts_text({stock.weapon.id: stock.count for stock in unit.thrown})
    if name == "ammo":
        return counts_text(unit.ammo)
    return str(unit.markers)


def typed_value(name: str, text: str) -> Any:
    """The [[unit]] value a text field holds (None: back to the character's), or a sentence saying why not."""
    text = text.strip()
    if name == "name":
        return text or None
    if name == "hp":
        return int(text) if text else None  # none typed: the character's full HP
    if name == "markers":
        return int(text) if text else 0
    if name == "weapons":
        return [word.strip() for word in text.split(",") if word.strip()]
    return counts_typed(text)


class UnitForm(ModalScreen[None]):
    """The start of one unit of the fight; Escape closes it (every change is already made)."""

    DEFAULT_CSS = """
    UnitForm .row { height: auto; }
    UnitForm .field { width: 12; }
    UnitForm Input { width: 1fr; }
    UnitForm Select { width: 1fr; }
    UnitForm .problem { width: 100%; height: auto; padding-left: 12; display: none; }
    """
    BINDINGS = [Binding("escape", "close", "Close", id="editor.unit_form.close")]

    def __init__(self, editor: EditorFace, unit_id: str) -> None:
        super().__init__()
        self.editor = editor
        self.unit_id = unit_id

    @property
    def unit(self) -> Unit:
        return next(unit for unit in self.editor.encounter.units if unit.id == self.unit_id)

    def compose(self) -> ComposeResult:
        unit = self.unit
        library = self.editor.session.library
        with VerticalScroll(classes="dialog", id="unit-form-dialog"):
            yield Label(self._title(), classes="dialog-title", id="unit-form-title")
            with Horizontal(classes="row"):
                yield Label("side", classes="field")
                sides = [(side.name, side.id) for side in self.editor.encounter.sides]
                yield Select(sides, value=unit.side, allow_blank=False, id="unit-side", compact=True)
            for name in TEXT_FIELDS:
                words = f"HP 0-{unit.character.hit_points}" if name == "hp" else WORDS[name]
                with Horizontal(classes="row"):
                    yield Label(words, classes="field")
                    restrict = r"[0-9]*" if name in ("hp", "markers") else None
                    yield Input(field_text(unit, name), restrict=restrict, id=f"unit-{name}", compact=True)
                yield Label("", id=f"unit-{name}-problem", classes="error problem")
            with Horizontal(classes="row"):
                yield Label(WORDS["armor"], classes="field")
                armours = [(NO_ARMOR.name, NO_ARMOR.id)] + [(a.name, a.id) for a in library.armors.values()]
                yield Select(armours, value=unit.armor.id, allow_blank=False, id="unit-armor", compact=True)
            yield Label("", id="unit-armor-problem", classes="error problem")
            for name, values in CHOICES.items():
                with Horizontal(classes="row"):
                    yield Label(WORDS[name], classes="field")
                    yield Select(
                        [(value.replace("_", " "), value) for value in values],
                        value=self._chosen(unit, name),
                        allow_blank=name == "ai_role",
                        prompt="none",
                        id=f"unit-{name}",
                        compact=True,
                    )
                yield Label("", id=f"unit-{name}-problem", classes="error problem")
            for name in FLAGS:
                if name in UNIT_FIELDS:  # `cover` lands with the encounter format's [[unit]] cover
                    yield Checkbox(WORDS[name], self._flag(unit, name), id=f"unit-{name}", compact=True)
                    yield Label("", id=f"unit-{name}-problem", classes="error problem")
            yield Label("weapons: ids, the first in hand · thrown, ammo: an id and a count each", classes="dim")
            yield Label("Enter or leaving a field: one undo step each · Esc: close", classes="dim")

    def _title(self) -> str:
        unit = self.unit
        at = f"{unit.at[0]},{unit.at[1]}" if unit.at is not None else "the table"
        return f"{unit.name} ({unit.id}) at {at}"

    @staticmethod
    def _chosen(unit: Unit, name: str) -> Any:
        if name == "pose":
            return unit.pose.value
        if name == "morale_state":
            return unit.morale.value
        if name == "fate":
            return unit.fate.value
        return unit.ai_role.value if unit.ai_role is not None else Select.NULL

    @staticmethod
    def _flag(unit: Unit, name: str) -> bool:
        return bool(unit.in_cover if name == "cover" else getattr(unit, name))

    def on_mount(self) -> None:
        self.query_one("#unit-name", Input).focus()

    # ----- a field changed ---------------------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._typed(event.input)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        if self.is_current:  # not as the form closes: Escape has taken what was typed
            self._typed(event.input)

    def _typed(self, field: Input) -> None:
        name = (field.id or "").removeprefix("unit-")
        if name not in TEXT_FIELDS or field.value == field_text(self.unit, name):
            return
        value = typed_value(name, field.value)
        if isinstance(value, str) and name != "name":
            self._refused(name, value)
            return
        self.change(name, value, f"{WORDS[name]} {field.value.strip() or 'as the character'}")

    def on_select_changed(self, event: Select.Changed) -> None:
        name = (event.select.id or "").removeprefix("unit-")
        if name == "side":
            self._join(str(event.value))
            return
        value = None if event.value is Select.NULL else event.value
        current = self.unit.armor.id if name == "armor" else self._chosen(self.unit, name)
        if value == (None if current is Select.NULL else current):
            return
        self.change(name, value, f"{WORDS[name]} {value or 'none'}")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        name = (event.checkbox.id or "").removeprefix("unit-")
        if event.value != self._flag(self.unit, name):
            self.change(name, event.value, f"{WORDS[name]}: {'yes' if event.value else 'no'}")

    def change(self, name: str, value: Any, words: str) -> None:
        """One edit of the unit's [[unit]] field; the file's refusal shown under the field."""
        library = self.editor.session.library
        unit_id = self.unit_id
        try:
            change_unit(self.editor.encounter, library, unit_id, **{name: value})
        except EditRefused as refusal:
            self._refused(name, str(refusal))
            return
        self._refused(name, "")
        self.editor.edit(f"{self.unit.name}: {words}", lambda e: change_unit(e, library, unit_id, **{name: value}))
        self.query_one("#unit-form-title", Label).update(self._title())

    def _join(self, side_id: str) -> None:
        """The unit moved to the side chosen: one edit."""
        if side_id == self.unit.side:
            return
        unit_id, name = self.unit_id, next(s.name for s in self.editor.encounter.sides if s.id == side_id)
        self.editor.edit(f"{self.unit.name} joins {name}", lambda e: move_to_side(e, unit_id, side_id))

    def _refused(self, name: str, sentence: str) -> None:
        problem = self.query_one(f"#unit-{name}-problem", Label)
        problem.update(sentence)
        problem.display = bool(sentence)

    def action_close(self) -> None:
        focused = self.focused
        if isinstance(focused, Input):
            self._typed(focused)
        self.dismiss(None)
