"""An editing session: the fight being made, every edit on an undo and a redo list, saving (the file as
written, comments kept) and the autosaved draft. No screen: the app's editor drives it, tests drive it too."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path

import attrs

from apcombat.content.encounter import read_encounter_data
from apcombat.content.encounter_document import WrittenEncounter, encounter_text
from apcombat.content.library import Library
from apcombat.content.writer import encounter_table, write_text_file
from apcombat.editor.checking import Spot, problems
from apcombat.model.encounter import Encounter

HISTORY_KEPT = 500
"""Edits kept for undo; the oldest go first (each is one encounter value, sharing most of its parts)."""


@attrs.frozen
class Step:
    """One edit: the encounter after it and what it was, in words (`painted 12 cells wall`)."""

    encounter: Encounter
    words: str


class EditorSession:
    """The fight being edited. `apply` records an edit; `undo` and `redo` walk the list; `save` writes the file
    (`path`), `autosave` the draft (`draft_path`)."""

    def __init__(
        self,
        encounter: Encounter,
        library: Library,
        path: Path,
        base: WrittenEncounter | None = None,
        draft_path: Path | None = None,
        note: str = "",
    ) -> None:
        self.library = library
        self.path = path
        self.base = base
        self.draft_path = draft_path
        self.note = note  # what opening it did: "a copy of the shipped duel.toml", "your draft of 10:42"
        self._steps: list[Step] = [Step(encounter, "opened")]
        self._at = 0
        self._saved = base.encounter if base is not None else None
        self._checked: tuple[Encounter, tuple[Spot, ...]] | None = None

    # ----- the fight and its history ----------------------------------------------------------------------------

    @property
    def encounter(self) -> Encounter:
        return self._steps[self._at].encounter

    def apply(self, words: str, encounter: Encounter) -> bool:
        """Record an edit that made `encounter` (nothing recorded when nothing changed); whether it was."""
        if encounter == self.encounter:
            return False
        del self._steps[self._at + 1 :]
        self._steps.append(Step(encounter, words))
        if len(self._steps) > HISTORY_KEPT:
            del self._steps[1 : len(self._steps) - HISTORY_KEPT + 1]
        self._at = len(self._steps) - 1
        return True

    def edit(self, words: str, change: Callable[[Encounter], Encounter]) -> bool:
        """Apply `change` to the fight as an edit (it raises EditRefused for an edit it refuses)."""
        return self.apply(words, change(self.encounter))

    @property
    def can_undo(self) -> bool:
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        return self._at < len(self._steps) - 1

    def undo(self) -> str | None:
        """Take back the last edit; its words, or None when there is none."""
        if not self.can_undo:
            return None
        self._at -= 1
        return self._steps[self._at + 1].words

    def redo(self) -> str | None:
        """Make the last undone edit again; its words, or None."""
        if not self.can_redo:
            return None
        self._at += 1
        return self._steps[self._at].words

    @property
    def history(self) -> tuple[str, ...]:
        """The edits made so far (undone ones not counted), oldest first."""
        return tuple(step.words for step in self._steps[1 : self._at + 1])

    # ----- checks -----------------------------------------------------------------------------------------------

    def problems(self) -> tuple[Spot, ...]:
        """What `apcombat check` would report for the fight as it is now (worked out once per state)."""
        encounter = self.encounter
        if self._checked is None or self._checked[0] is not encounter:
            self._checked = (encounter, problems(encounter, self.library, self.path))
        return self._checked[1]

    @property
    def playable(self) -> bool:
        return not self.problems()

    def fight(self) -> Encounter | None:
        """The fight as its file loads to be played (units sharing a name numbered), None while it has a
        problem."""
        table = encounter_table(self.encounter, self.library)
        return read_encounter_data(table, self.path, self.library, as_written=False).value

    # ----- files ------------------------------------------------------------------------------------------------

    @property
    def saved(self) -> bool:
        """Whether the file says what the editor shows."""
        return self._saved is not None and self._saved == self.encounter

    @property
    def unsaved(self) -> bool:
        """Whether leaving now would lose an edit: the fight differs from its file as saved (never saved: from
        the fight as it was opened — a new fight left untouched, or a draft reopened and left as it was)."""
        kept = self._saved if self._saved is not None else self._steps[0].encounter
        return kept != self.encounter

    def text(self) -> str:
        """The file's text for the fight as it is: the file as written with only what changed changed."""
        return encounter_text(self.encounter, self.library, self.base, self._loads_as)

    def _loads_as(self, text: str) -> Encounter | None:
        return read_encounter_data(tomllib.loads(text), self.path, self.library, draft=True).value

    def save(self, path: Path | None = None) -> Path:
        """Write the file (whole or not at all), problems or not: a draft can always be saved; the draft
        autosaved beside it is then gone."""
        path = path or self.path
        text = self.text()
        newline = self.base.newline if self.base is not None else "\n"
        written = WrittenEncounter(text, self.encounter, newline)
        write_text_file(path, written.on_disk(text))
        self.path = path
        self.base = written
        self._saved = self.encounter
        self.forget_draft()
        return path

    def autosave(self) -> Path | None:
        """Write the draft (the fight as it is, for the next session if this one ends unsaved); None if there
        is nowhere to write it or nothing unsaved."""
        if self.draft_path is None or self.saved:
            return None
        write_text_file(self.draft_path, self.text())
        write_text_file(draft_note(self.draft_path), json.dumps({"file": str(self.path)}) + "\n")
        return self.draft_path

    def forget_draft(self) -> None:
        if self.draft_path is not None:
            for path in (self.draft_path, draft_note(self.draft_path)):
                path.unlink(missing_ok=True)


def draft_note(draft_path: Path) -> Path:
    """The small file beside a draft naming the encounter file it is a draft of."""
    return draft_path.with_suffix(".json")
