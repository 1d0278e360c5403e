"""The Textual terminal app: renders the engine's state and sends commands. No rules here."""
