"""Problems found in content files, and the error that carries them to the user.

Plain dataclasses rather than attrs: reading a TOML file needs these, and the title screen reads its
encounters before anything else of the game is imported."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class Problem:
    """One thing wrong with a content file, shown to the user as one line.

    `file` is the path as the user should read it, `where` the entry and field inside the file (each part
    printed before the message, separated by colons), `message` what was expected.
    """

    file: str
    message: str
    where: Sequence[str] = ()  # kept as a tuple

    def __post_init__(self) -> None:
        object.__setattr__(self, "where", tuple(self.where))  # given as any sequence

    def __str__(self) -> str:
        return ": ".join(part for part in (self.file, *self.where, self.message) if part)


class ContentError(Exception):
    """Content that could not be used. `problems` lists every reason as the line the user reads;
    `details` holds the same problems with their file, place and message apart."""

    def __init__(self, problems: Iterable[Problem | str]) -> None:
        self.details: tuple[Problem, ...] = tuple(
            problem if isinstance(problem, Problem) else Problem("", problem) for problem in problems
        )
        self.problems: list[str] = [str(problem) for problem in self.details]
        super().__init__("\n".join(self.problems))

    @property
    def files(self) -> tuple[str, ...]:
        """The files with problems, in the order first met."""
        return tuple(dict.fromkeys(problem.file for problem in self.details if problem.file))


@dataclasses.dataclass(frozen=True)
class Loaded(Generic[T]):
    """What could be read from content files, with every problem met on the way."""

    value: T
    problems: Sequence[Problem] = ()  # kept as a tuple

    def __post_init__(self) -> None:
        object.__setattr__(self, "problems", tuple(self.problems))  # given as any iterable

    def unwrap(self) -> T:
        """The value, or a ContentError carrying every problem if there was any."""
        if self.problems:
            raise ContentError(self.problems)
        return self.value
