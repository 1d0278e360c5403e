"""Candidate actions around the gun: Attack (R1-R6), Reload and swap (R19.1), TakeCover (R9.1), Interrupt
(R16.2) and End."""

from __future__ import annotations

from apcombat.ai.baseline.proposal import Proposal
from apcombat.ai.baseline.situation import AttackOption, Situation
from apcombat.engine import Reload, Swap, TakeCover, format_command

ATTACK_THRESHOLD = 1.0
"""Expected damage below which an attack is not worth its AP (a long shot at an armoured target)."""

LONG_SHOT = 20
"""Hit chance (%) below which an attack is a long shot: worth taking only when nothing better is in reach
(a unit that leans out for 13 % shots turn after turn never closes in to where it would hit)."""

INTERRUPT, ATTACK, RELOAD_EMPTY, RELOAD, COVER, LONG_SHOT_ATTACK = 100.0, 50.0, 45.0, 40.0, 30.0, 20.0


def best_attack(options: tuple[AttackOption, ...], ap: int) -> AttackOption | None:
    """The attack that deals the most expected damage over the AP left (repeating it while AP last), then
    the one with the most damage at once; the first listed wins a tie."""
    best, best_key = None, (0.0, 0.0)
    for option in options:
        repeats = max(1, ap // max(1, option.ap_cost))
        key = (option.damage * repeats, option.damage)
        if key > best_key:
            best, best_key = option, key
    return best


def worthwhile_attack(situation: Situation) -> AttackOption | None:
    """The best attack when it deals enough damage to be worth its AP, long shots included."""
    option = best_attack(situation.attacks, situation.me.ap)
    return option if option is not None and option.damage >= ATTACK_THRESHOLD else None


def is_long_shot(option: AttackOption) -> bool:
    return max(gun.hit_chance for gun in option.plan.guns) < LONG_SHOT


def good_attack(situation: Situation) -> AttackOption | None:
    """The best attack when it is worth its AP and no long shot: what every other candidate gives way to."""
    option = worthwhile_attack(situation)
    return None if option is None or is_long_shot(option) else option


class AttackAction:
    """The attack with the most expected damage (hit chance x damage after armour, criticals included); a
    long shot only when no better position, cover or watch is there to take."""

    name = "attack"

    def propose(self, situation: Situation) -> Proposal | None:
        if situation.state.interrupt is not None:
            return None
        option = worthwhile_attack(situation)
        if option is None:
            return None
        if is_long_shot(option):  # after moving to a better position, taking or leaving cover
            reason = option.describe(situation.me) + ", a long shot"
            return Proposal(LONG_SHOT_ATTACK + option.damage, option.line, reason)
        return Proposal(ATTACK + option.damage, option.line, option.describe(situation.me))


def rounds_needed(situation: Situation) -> int:
    """Rounds the gun in hand needs for its biggest attack: a burst's length, else one (R4.1)."""
    carried = situation.me.weapon
    if carried is None:
        return 0
    weapon = carried.weapon
    if not weapon.magazine:
        return 0  # a blade or a fist never runs dry
    return weapon.burst if weapon.automatic and weapon.burst else 1


class ThrowAction:
    """R22: throw when a listed throw is worth more than the unit's best shot for the same AP (enemies in cover,
    two in one blast, a marked enemy): scored just above that shot's attack, so it plays instead of it."""

    name = "throw"

    def propose(self, situation: Situation) -> Proposal | None:
        if not situation.throws:
            return None
        option = situation.throws[0]
        shot = worthwhile_attack(situation)
        beaten = shot.damage if shot is not None and not is_long_shot(shot) else 0.0
        return Proposal(ATTACK + max(option.worth, beaten) + 0.1, option.line, option.describe(situation.me))


class ReloadAction:
    """Reload before being caught empty: when the gun in hand cannot make its best attack next time and no
    good attack is there now (R19.1); swap to the other weapon when this one is empty for good."""

    name = "reload"

    def propose(self, situation: Situation) -> Proposal | None:
        me, carried = situation.me, situation.me.weapon
        if carried is None or situation.state.interrupt is not None:
            return None
        need, loaded = rounds_needed(situation), carried.loaded
        if loaded >= need:
            return None
        line = format_command(Reload(me.id))
        magazine = f"{loaded}/{carried.weapon.magazine} in the {carried.weapon.name}"
        if line in situation.legal:
            if loaded == 0:
                return Proposal(RELOAD_EMPTY, line, f"{me.name} reloads: {magazine}")
            if good_attack(situation) is None:
                return Proposal(RELOAD, line, f"{me.name} reloads: {magazine}, {need} needed to fire")
            return None
        swap = format_command(Swap(me.id))
        others = [w for i, w in enumerate(me.weapons) if i != me.in_hand and (w.loaded or not w.weapon.magazine)]
        if loaded == 0 and others and swap in situation.legal:
            return Proposal(RELOAD_EMPTY - 1, swap, f"{me.name} swaps weapons: {magazine} and no spare rounds")
        return None


class TakeCoverAction:
    """Take cover when it cannot fire and an enemy sees it (R9.1)."""

    name = "cover"

    def propose(self, situation: Situation) -> Proposal | None:
        me = situation.me
        line = format_command(TakeCover(me.id))
        if me.in_cover or line not in situation.legal or me.at is None or good_attack(situation) is not None:
            return None
        watchers = situation.seen_by(me.at)
        if not watchers:
            return None
        names = ", ".join(enemy.name for enemy in watchers)
        return Proposal(COVER, line, f"{me.name} takes cover: cannot fire, seen by {names}")


class InterruptAction:
    """R16.2: an interrupting watcher attacks the enemy that set it off, else takes cover, else ends."""

    name = "interrupt"

    def propose(self, situation: Situation) -> Proposal | None:
        interrupt, me = situation.state.interrupt, situation.me
        if interrupt is None or interrupt.watcher != me.id:
            return None
        against = tuple(option for option in situation.attacks if option.target.id == interrupt.interrupted)
        option = best_attack(against, me.ap)
        if option is not None and option.damage > 0:
            return Proposal(INTERRUPT + option.damage, option.line, "interrupts: " + option.describe(me))
        cover = format_command(TakeCover(me.id))
        if cover in situation.legal and not me.in_cover:
            return Proposal(INTERRUPT, cover, f"{me.name} interrupts to take cover: no shot worth it")
        return None


class EndAction:
    """End the turn (or the interruption) when nothing else is worth it."""

    name = "end"

    def propose(self, situation: Situation) -> Proposal | None:
        return Proposal(0.5, "end", f"{situation.me.name} ends its turn with {situation.me.ap} AP: nothing worth them")
