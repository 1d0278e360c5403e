"""The sequencing of a fight, free of Textual: whose turn it is, when an AI plays and when a pause belongs,
the activation deck's questions, the step-in offers for a delayed unit, and what follows a command. The app
(apcombat.tui) and the batch runs (`apcombat sim`) both drive a `Fight`."""

from apcombat.fight.awaiting import AiToPlay, DeckChoice, StepInOffer
from apcombat.fight.fight import Fight, Followup

__all__ = ["AiToPlay", "DeckChoice", "Fight", "Followup", "StepInOffer"]
