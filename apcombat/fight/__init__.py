"""The sequencing of a fight, free of Textual: whose turn it is, when an AI plays and when a pause belongs,
the activation deck's questions, the step-in offers for a delayed unit, what follows a command, and in
hot-seat under the fog of war the hand-overs between the sides' views (R21.8.5, `HandOver`). The app
(apcombat.tui) and the batch runs (`apcombat sim`) both drive a `Fight`."""

from apcombat.fight.awaiting import AiToPlay, DeckChoice, StepInOffer
from apcombat.fight.fight import Fight, Followup
from apcombat.fight.hand_over import HandOver, hot_seat
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
    "HandOver",
    "StepInOffer",
    "Stretch",
    "WaitedAction",
    "Waiting",
    "action_of",
    "hot_seat",
    "mark_at",
    "mark_name",
    "mark_side",
    "mark_words",
    "out_of_sight",
    "sees_action",
    "shown_marks",
    "shown_state",
]
