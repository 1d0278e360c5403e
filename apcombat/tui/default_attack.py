"""The attack `f` opens the shot dialog with, and the words for its choices: the mode the weapon in hand
suggests (close combat, the flamer, else a single shot) when the rules allow it, else the first mode they
allow; no aimed location, no extra AP, the first way of firing from cover the rules offer (the engine's
`attack_choices`). The shot dialog starts there; the cursor's hint on an enemy previews the same attack."""

from __future__ import annotations

from apcombat.engine import Attack, attack_choices, format_command, typed_line
from apcombat.model import BodyLocation, Encounter, FromCover, Unit

MODES = ("single", "aimed", "burst", "dual", "dual_burst", "flame", "melee")
MODE_NAMES = {
    "single": "single shot",
    "aimed": "aimed shot",
    "burst": "burst",
    "dual": "two guns",
    "dual_burst": "two-gun bursts",
    "flame": "flamer",
    "melee": "close combat",
}
FROM_COVER_WORDS = {FromCover.NONE: "", FromCover.BLIND: "blind", FromCover.LEAN_OUT: "lean"}
FROM_COVER_OF = {word: way for way, word in FROM_COVER_WORDS.items()}


def suggested_mode(unit: Unit) -> str:
    """The mode the weapon in hand suggests: close combat, the flamer, else a single shot."""
    weapon = unit.weapon.weapon if unit.weapon is not None else None
    if weapon is not None and weapon.is_close_combat:
        return "melee"
    return "flame" if weapon is not None and weapon.is_flamer else "single"


def attack_options(state: Encounter, attacker: str, target: str) -> dict[str, tuple[str, ...]]:
    """Each mode the rules allow against the target, with its ways of firing from cover ("", "blind",
    "lean"): the engine's `attack_choices` in the dialog's words."""
    allowed = attack_choices(state, attacker, target)
    return {shot.value: tuple(FROM_COVER_WORDS[way] for way in ways) for shot, ways in allowed.items()}


def first_mode(options: dict[str, tuple[str, ...]], mode: str) -> str:
    """`mode` when the rules allow it (or allow nothing: the engine then says why), else the first allowed."""
    if mode in options or not options:
        return mode
    return next(each for each in MODES if each in options)


def default_attack(state: Encounter, attacker: str, target: str) -> Attack | None:
    """The attack `f` would open with against `target` (None: the weapons in hand allow none)."""
    options = attack_options(state, attacker, target)
    if not options:
        return None
    mode = first_mode(options, suggested_mode(state.unit(attacker)))
    ways = options.get(mode, ("",))
    attack = attack_command(mode, attacker, target, "torso" if mode == "aimed" else "", 0, ways[0], "")
    return attack if isinstance(attack, Attack) else None


def attack_command(
    mode: str, attacker: str, target: str, location: str, extra_ap: int, from_cover: str, distance_cm: str
) -> Attack | str:
    """The attack these choices make; with a distance typed (table mode), the line it makes with that
    distance, which the engine reads (and refuses with its own sentence, if the distance is no distance)."""
    verb = {"dual": "dual", "dual_burst": "dual", "flame": "flame", "melee": "melee"}.get(mode, "shoot")
    aimed = mode in ("aimed", "melee") and (mode == "aimed" or location)
    attack = Attack(
        unit=attacker,
        target=target,
        kind=verb,
        location=BodyLocation(location or "torso") if aimed else None,
        extra_ap=extra_ap if aimed else 0,
        burst=mode in ("burst", "dual_burst"),
        from_cover=FROM_COVER_OF[from_cover] if mode != "melee" else FromCover.NONE,
    )
    if distance_cm:
        return typed_line(format_command(attack), "at", distance_cm + "cm")
    return attack
