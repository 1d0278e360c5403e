"""The one error of the AI layer a user can cause."""


class AiError(Exception):
    """An AI that cannot be found, loaded or set up; the message is one sentence saying what to do."""
