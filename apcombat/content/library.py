"""The content library: every weapon, armour, wound effect and character of one content folder."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import attrs

from apcombat.content.errors import ContentError, Problem
from apcombat.content.paths import ARMOR_FILE, CHARACTERS_FOLDER, WEAPONS_FILE, shown
from apcombat.content.suggest import unknown_id
from apcombat.model.armor import Armor
from apcombat.model.character import Character
from apcombat.model.criticals import DEFAULT_CRITICALS, CriticalTable
from apcombat.model.weapon import Weapon

T = TypeVar("T")


@attrs.frozen
class Library:
    """Everything loaded from a content folder, looked up by id.

    The armour table is `armors` (not `armor`) so that `library.armor(id)` can be the lookup.
    Characters are keyed by their file name without `.toml`. `user_root` is the user's own content folder
    (apcombat.content.user_files), whose characters come first: one with a built-in character's id is the
    user's, and a reference looks in the user's folder before the content folder (`find_reference`).
    """

    root: Path
    weapons: dict[str, Weapon] = attrs.field(factory=dict)
    armors: dict[str, Armor] = attrs.field(factory=dict)
    criticals: CriticalTable = DEFAULT_CRITICALS
    characters: dict[str, Character] = attrs.field(factory=dict)
    user_root: Path | None = None

    def folders(self) -> list[Path]:
        """The content folder, then the user's own if any: where characters, scenarios and encounters are found."""
        return [self.root] if self.user_root is None else [self.root, self.user_root]

    def weapon(self, weapon_id: str) -> Weapon:
        """The weapon with this id; a ContentError naming close matches if there is none."""
        return _look_up(self.weapons, weapon_id, "weapon", self.root / WEAPONS_FILE)

    def armor(self, armor_id: str) -> Armor:
        """The armour with this id; a ContentError naming close matches if there is none."""
        return _look_up(self.armors, armor_id, "armour", self.root / ARMOR_FILE)

    def character(self, character_id: str) -> Character:
        """The character of `characters/<id>.toml`; a ContentError naming close matches if there is none."""
        return _look_up(self.characters, character_id, "character", self.root / CHARACTERS_FOLDER)


def _look_up(table: dict[str, T], content_id: str, kind: str, where: Path) -> T:
    try:
        return table[content_id]
    except KeyError:
        raise ContentError([Problem(shown(where), unknown_id(kind, content_id, table))]) from None
