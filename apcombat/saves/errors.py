"""The one error the saves raise: a save that cannot be written, read or played again."""

from __future__ import annotations

from collections.abc import Iterable

from apcombat.content.diagnose import Finding
from apcombat.content.errors import Problem


class SaveError(Exception):
    """A save that cannot be written, read or replayed. The message is one line naming the file and the
    field (`saves/x.toml: state.units[2].hp: expected a whole number, got "ten"`); `problems` lists every
    problem found when there was more than one."""

    def __init__(self, problems: Iterable[Problem | str]) -> None:
        self.problems: list[str] = [str(problem) for problem in problems]
        first = self.problems[0] if self.problems else "the save could not be used"
        more = len(self.problems) - 1
        if more:
            first += f" (and {more} more problem{'s' if more > 1 else ''})"
        super().__init__(first)

    @classmethod
    def found_in(cls, file: str, found: Iterable[Finding]) -> SaveError:
        """The error for the problems (field path, message) found in `file`."""
        return cls(Problem(file, message, [path] if path else []) for path, message in found)


def refuse(file: str, found: Iterable[Finding]) -> None:
    """Raise a SaveError for the problems (field path, message) found in `file`, if there are any."""
    found = list(found)
    if found:
        raise SaveError.found_in(file, found)
