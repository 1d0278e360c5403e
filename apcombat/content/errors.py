"""Problems found in content files, and the error that carries them to the user."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

import attrs

T = TypeVar("T")


@attrs.frozen
class Problem:
    """One thing wrong with a content file, shown to the user as one line.

    `file` is the path as the user should read it, `where` the entry and field inside the file (each part
    printed before the message, separated by colons), `message` what was expected.
    """

    file: str
    message: str
    where: tuple[str, ...] = attrs.field(default=(), converter=tuple)

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


@attrs.frozen
class Loaded(Generic[T]):
    """What could be read from content files, with every problem met on the way."""

    value: T
    problems: tuple[Problem, ...] = attrs.field(default=(), converter=tuple)

    def unwrap(self) -> T:
        """The value, or a ContentError carrying every problem if there was any."""
        if self.problems:
            raise ContentError(self.problems)
        return self.value
