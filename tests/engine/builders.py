"""Shared builders of the engine tests: small encounter files with inline characters, scripts, and the
parsed `apcombat run --json` output.

Defaults are chosen so the numbers are easy to follow: every character has ST 5, PE 5, EN 5, CH 5, IN 5,
AG 6, LU 1 (so 8 AP a turn, 30 HP, initiative base 6 + 5 + 0 = 11, a critical only on a d100 roll of 1),
60 in every gun skill, 40 in melee and unarmed, 50 in acrobatics and body control, no armour, a Colt 1911
(5 AP a shot, 1d10+4, cqc 0-3 m +10, close 3-10 m +5, medium 10-20 m 0). Units are named after their id.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
import tomli_w

OPEN_MAP = (
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
)
"""12 x 7 cells of floor."""

SKILLS = {
    "small_guns": 60,
    "big_guns": 60,
    "energy_weapons": 60,
    "melee": 40,
    "unarmed": 40,
    "throwing": 40,
    "acrobatics": 50,
    "body_control": 50,
}
SPECIAL = {"ST": 5, "PE": 5, "EN": 5, "CH": 5, "IN": 5, "AG": 6, "LU": 1}
ATTRIBUTES = tuple(SPECIAL)


def character(
    name: str,
    *,
    weapons: Sequence[str] = ("colt_1911",),
    skills: dict[str, int] | None = None,
    perks: Sequence[str] = (),
    armor: str | None = None,
    ap: int | None = None,
    max_hp: int | None = None,
    **special: int,
) -> dict[str, Any]:
    """An inline `[unit.character]` table; `special` overrides attributes (ST=7), `skills` skills."""
    unknown = set(special) - set(ATTRIBUTES)
    if unknown:
        raise TypeError(f"not attributes: {sorted(unknown)}")
    table: dict[str, Any] = {
        "name": name,
        "special": SPECIAL | special,
        "skills": SKILLS | (skills or {}),
        "weapons": list(weapons),
    }
    if perks:
        table["perks"] = list(perks)
    if armor is not None:
        table["armor"] = armor
    if ap is not None:
        table["ap"] = ap
    if max_hp is not None:
        table["max_hp"] = max_hp
    return table


def unit(
    uid: str,
    side: str,
    at: tuple[int, int] | None = None,
    *,
    facing: str = "N",
    pose: str | None = None,
    hp: int | None = None,
    ammo: dict[str, int] | None = None,
    offhand: int | None = None,
    **character_fields: Any,
) -> dict[str, Any]:
    """A `[[unit]]` table with an inline character named after the id (capitalised)."""
    table: dict[str, Any] = {"id": uid, "side": side, "facing": facing}
    if at is not None:
        table["at"] = list(at)
    if pose is not None:
        table["pose"] = pose
    if hp is not None:
        table["hp"] = hp
    if ammo is not None:
        table["ammo"] = ammo
    if offhand is not None:
        table["offhand"] = offhand
    table["character"] = character(uid.capitalize(), **character_fields)
    return table


def encounter(
    units: Iterable[dict[str, Any]],
    rows: Sequence[str] | None = OPEN_MAP,
    *,
    house_rules: dict[str, Any] | None = None,
    optional_rules: dict[str, bool] | None = None,
    legend: dict[str, str] | None = None,
) -> dict[str, Any]:
    """An encounter file as a dict; `rows=None` is table mode (no map). Sides come from the units."""
    units = list(units)
    sides = list(dict.fromkeys(u["side"] for u in units))
    data: dict[str, Any] = {"name": "Engine test"}
    if rows is not None:
        data["map"] = {"rows": list(rows)} | ({"legend": legend} if legend else {})
    data["side"] = [{"id": side, "name": side.capitalize()} for side in sides]
    data["unit"] = units
    if house_rules:
        data["house_rules"] = house_rules
    if optional_rules:
        data["optional_rules"] = optional_rules
    return data


def write_encounter(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def duel(
    a_at: tuple[int, int] = (1, 3),
    b_at: tuple[int, int] = (8, 3),
    *,
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    rows: Sequence[str] | None = OPEN_MAP,
    **encounter_fields: Any,
) -> dict[str, Any]:
    """Ana (side a, facing E) against Bob (side b, facing W); `a` / `b` override unit fields."""
    if rows is None:
        a_at = b_at = None  # type: ignore[assignment]
    ana = unit("ana", "a", a_at, **({"facing": "E"} | (a or {})))
    bob = unit("bob", "b", b_at, **({"facing": "W"} | (b or {})))
    return encounter([ana, bob], rows, **encounter_fields)


def first_in_file_order(count: int = 2) -> str:
    """`gm dice` for the initiative d6s (one per unit, file order, R13.1) that keep the file order when
    every unit has the same base: 6, 5, 4, ..."""
    return "gm dice " + " ".join(str(6 - i) for i in range(count))


@attrs.frozen
class Outcome:
    """What `apcombat run --json` printed, and its exit code."""

    code: int
    data: dict[str, Any]

    @property
    def error(self) -> dict[str, Any] | None:
        return self.data.get("error")

    @property
    def round(self) -> int:
        return self.data["round"]

    @property
    def active(self) -> str | None:
        return self.data["active"]

    @property
    def winner(self) -> str | None:
        return self.data["winner"]

    def unit(self, uid: str) -> dict[str, Any]:
        return next(u for u in self.data["units"] if u["id"] == uid)

    def ap(self, uid: str) -> int:
        return self.unit(uid)["ap"]

    def at(self, uid: str) -> tuple[int, int] | None:
        at = self.unit(uid)["at"]
        return None if at is None else tuple(at)

    def hp(self, uid: str) -> int:
        return self.unit(uid)["hp"]

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        return [e for e in self.data["events"] if kind is None or e["kind"] == kind]

    def last(self, kind: str) -> dict[str, Any]:
        found = self.events(kind)
        assert found, f"no {kind!r} event in {[e['kind'] for e in self.data['events']]}"
        return found[-1]

    def kinds(self) -> list[str]:
        return [e["kind"] for e in self.data["events"]]

    def ok(self) -> Outcome:
        """This outcome, after checking that every line was accepted."""
        assert self.code == 0, f"refused: {self.error}"
        return self

    def refused(self, line: int, *words: str) -> Outcome:
        """This outcome, after checking that the script stopped at `line` with a reason naming `words`."""
        assert self.code == 2, f"expected line {line} refused, exit {self.code}"
        assert self.error is not None and self.error["line"] == line, self.error
        for word in words:
            assert word.lower() in self.error["reason"].lower(), (word, self.error["reason"])
        return self


def modifiers(attack: dict[str, Any], gun: int = 0) -> dict[str, int]:
    """R1.2: an attack event's named modifiers of one gun, name -> value."""
    return {m["name"]: m["value"] for m in attack["guns"][gun]["modifiers"]}


def hit_chance(attack: dict[str, Any], gun: int = 0) -> int:
    return attack["guns"][gun]["hit_chance"]


def parse_output(code: int, out: str) -> Outcome:
    return Outcome(code=code, data=json.loads(out))
