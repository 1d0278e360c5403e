"""The casualties module's commands: `aid WHO PATIENT` (R18.2.2) and, in table mode, `gm next WHO PATIENT`."""

from __future__ import annotations

import attrs

from apcombat.engine.command_base import Command, line_of, who_and_whom


@attrs.frozen
class Aid(Command):
    """R18.2.2: treat a friend who is man down."""

    unit: str
    patient: str


@attrs.frozen
class GmNext(Command):
    """R18.2.2 table mode: the game master says WHO stands next to PATIENT (for the `aid` that follows)."""

    unit: str
    patient: str


def parse_aid(args: list[str]) -> Command:
    unit, patient = who_and_whom(args, "the patient")
    return Aid(unit=unit, patient=patient)


def parse_gm_next(args: list[str]) -> Command:
    unit, patient = who_and_whom(args, "the patient")
    return GmNext(unit=unit, patient=patient)


def format_aid(command: Aid) -> str:
    """The canonical line of an `Aid`."""
    return line_of("aid", command.unit, command.patient)


def format_gm_next(command: GmNext) -> str:
    """The canonical line of a `GmNext`."""
    return line_of("gm next", command.unit, command.patient)
