"""Which version of the rules this apcombat plays, so a save knows whether its history still replays."""

RULES_VERSION = 2
"""The version of the rulings the engine applies. It goes up whenever a command can have a different outcome
from the same state and dice than before (a rule read more exactly, a new ruling): a save records the version
that wrote it, and a history written under another version is not expected to replay to its saved state.
Version 1: the rules before issue 9; version 2: R6.2, R7.1, R7.3, R8.5, R9.2, R9.4, R9.5, R14.2, R14.3 and
R16.2 as issue 9 made them more exact."""
