"""Lasting conditions on a character: exhaustion from running (R14) and burning (R6.2)."""

from __future__ import annotations

import attrs

# R6.2: the burn sequence after a flamer hit; a new hit starts it again.
BURN_SEQUENCE = ("2d10+5", "1d10+5", "1d10")


@attrs.frozen
class Exhaustion:
    """R14.3: a penalty on every d100 test until the end of the character's N-th following turn."""

    penalty: int = 0
    turns: int = 0

    @property
    def active(self) -> bool:
        return self.penalty > 0 and self.turns > 0


NO_EXHAUSTION = Exhaustion()


@attrs.frozen
class Burning:
    """A burning character: which step of R6.2's sequence hurts it at the start of its next turn."""

    step: int = 1

    @property
    def dice(self) -> str:
        return BURN_SEQUENCE[self.step]

    @property
    def burns_left(self) -> int:
        """The burns still to come, the next one included."""
        return len(BURN_SEQUENCE) - self.step

    @classmethod
    def with_burns_left(cls, burns: int) -> Burning:
        """Burning with `burns` burns still to come (1 to 2 after the first, R6.2)."""
        return cls(step=len(BURN_SEQUENCE) - burns)
