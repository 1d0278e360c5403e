"""What save files are called: read by the title screen and `apcombat serve --watch` before the engine loads."""

AUTOSAVE_NAME = "autosave"
SUFFIX = ".toml"
