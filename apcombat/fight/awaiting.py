"""What a fight waits for from its driver: an AI's next command (with a pause before it, or none), or a
question to a human side — the activation deck's choice (R18.5.1) or a delayed unit's step-in (R13.3)."""

from __future__ import annotations

import attrs

from apcombat.engine import Command


@attrs.frozen
class AiToPlay:
    """The acting side's AI is to be asked for its next command; `pause`: the driver waits its pace first
    (False while the player skips the rest of the AI's stretch)."""

    side: str
    pause: bool


@attrs.frozen
class DeckChoice:
    """R18.5.1: the deck asks a human side to go last or hold a card; each option is the command it plays and
    the command in words."""

    side: str
    question: str
    options: tuple[tuple[Command, str], ...]


@attrs.frozen
class StepInOffer:
    """R13.3: before an AI unit's first line, a human side's delayed unit may act instead; each option is
    the unit's id ("" lets the AI's unit act) and the choice in words."""

    active: str  # the AI's unit about to act
    question: str
    options: tuple[tuple[str, str], ...]
