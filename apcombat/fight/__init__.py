"""The sequencing of a fight, free of Textual: whose turn it is, when an AI plays and when a pause belongs,
the activation deck's questions, the step-in offers for a delayed unit, and what follows a command. The app
(apcombat.tui) and the batch runs (`apcombat sim`) both drive a `Fight`."""

from apcombat.fight.awaiting import AiToPlay, DeckChoice, StepInOffer
from apcombat.fight.fight import Fight, Followup
from apcombat.fight.shown import (
    mark_at,
    mark_name,
    mark_side,
    mark_words,
    out_of_sight,
    sees_action,
    shown_marks,
    shown_state,
)
from apcombat.fight.waited import Effect, Stretch, WaitedAction, Waiting, action_of

__all__ = [
    "AiToPlay",
    "DeckChoice",
    "Effect",
    "Fight",
    "Followup",
    "StepInOffer",
    "Stretch",
    "WaitedAction",
    "Waiting",
    "action_of",
    "mark_at",
    "mark_name",
    "mark_side",
    "mark_words",
    "out_of_sight",
    "sees_action",
    "shown_marks",
    "shown_state",
]
