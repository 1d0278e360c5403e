"""apcombat: Fallout-style action-point skirmish combat."""

__version__ = "0.1.0"
