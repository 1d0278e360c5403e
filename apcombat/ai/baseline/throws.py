"""Thrown weapons for both AI levels (R22): which of the throws `legal_commands` lists are worth previewing,
what each is worth from its preview, and whether it beats the unit's best shot for the same AP.

Every number of a throw comes from `preview(state, Throw).throw` on the state the level plans on (its side's
view with the fog of war on, R21.9.1): the damage to enemies over every landing cell, the scatter weighed, and
the damage and chance of catching one of its own side. This module only weighs them:

- worth = enemies' expected damage (each capped as a shot's is, at 1.5 x its HP) less FRIEND_DAMAGE x the
  friends' expected damage, less FRIEND_CAUGHT x the chance of catching one, less what the item is still
  worth kept for later (`KEEP` of its mean damage, LAST_KEEP for the last one);
- a throw is offered only when that worth is above the best shot's expected damage for the same AP (no
  grenade spam), its enemies' damage above MIN_DAMAGE (twice that for the last one), and never when a friend
  stands in the blast at the target itself or the blast catches one more often than MOST_FRIEND_CHANCE.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from apcombat.ai.beliefs import believed
from apcombat.engine import Attack, BlastShare, Throw, ThrowPreview, format_command, preview
from apcombat.model import Cell, Unit
from apcombat.rules.expected_damage import mean_damage

if TYPE_CHECKING:
    from apcombat.ai.baseline.situation import AttackOption, Situation

FRIEND_DAMAGE = 3.0
"""Weight of each HP the blast is expected to take from the thrower's own side: a friend hurt costs more than
an enemy hurt gains (it fights for us; the players hate an AI that bombs its own)."""

FRIEND_CAUGHT = 100.0
"""HP a throw loses per unit of chance that its blast catches a friend at all (a 2 % chance costs 2 HP)."""

MOST_FRIEND_CHANCE = 0.02
"""A throw whose blast catches a friend more often than this is never offered, whatever it would deal."""

KEEP = 0.2
"""What a thrown item is worth kept for a later turn (a better target: two enemies bunched, one dug in), as a
share of its mean damage; the last one of its kind is worth LAST_KEEP of it."""

LAST_KEEP = 0.35

MIN_DAMAGE = 3.0
"""Enemies' expected damage below which a throw is not worth the item (a long lob at one armoured man)."""

BELIEVED = 0.5
"""Share of the damage a blast would deal a believed enemy (fog of war, R21.9.1) that a throw counts: it may
have moved on since it was last seen — the throw flushes the cover where it was, at a discount."""

PREVIEWED = 2
"""Cells previewed per thrown weapon: those whose blast could deal the most (each preview walks every scatter)."""

NEAR_M = 2.0
"""How far past the blast's outer band an enemy still makes a cell worth previewing (a scatter may carry the
blast onto it)."""


@attrs.frozen
class ThrowOption:
    """One listed throw judged by its preview: what it is worth, and the numbers its reason gives."""

    line: str
    command: Throw
    judged: ThrowPreview
    enemy_damage: float
    worth: float
    shot: float
    """The best shot's expected damage for the same AP (what the throw has to beat)."""
    count: int

    @property
    def ap_cost(self) -> int:
        return self.judged.plan.ap

    @property
    def enemies_at_target(self) -> tuple[str, ...]:
        return tuple(share.name for share in self.judged.caught if not share.friend)

    def describe(self, thrower: Unit) -> str:
        """ "Jed throws a frag grenade at 4,2: 2 enemies in the blast (Rat, Zed), hit 62 %, 14.2 damage expected
        over every landing, best shot 4.1 for the same 4 AP; Moss (friend) caught 3 %, 0.4 damage expected"."""
        plan, cell = self.judged.plan, self.command.cell
        assert cell is not None
        names = self.enemies_at_target
        caught = f"{len(names)} enem{'y' if len(names) == 1 else 'ies'} in the blast ({', '.join(names)})"
        lean = ", leaning out" if self.command.lean else ""
        said = (
            f"{thrower.name} throws a {plan.weapon.name.lower()} at {cell[0]},{cell[1]}{lean}: {caught}, "
            f"hit {plan.chance} %, {self.enemy_damage:.1f} damage expected over every landing "
            f"(worth {self.worth:.1f}), "
            f"best shot {self.shot:.1f} for the same {plan.ap} AP, {self.count} left"
        )
        return said + self.friends_said()

    def friends_said(self) -> str:
        """The friends its blast may catch, each with the chance it does (R22.4: over every landing)."""
        chances: dict[str, float] = {}
        for landing in self.judged.landings:
            for share in landing.caught:
                if share.friend:
                    chances[share.name] = chances.get(share.name, 0.0) + landing.chance
        if not chances:
            return ""
        friends = ", ".join(f"{name} (friend) caught {100 * chance:.0f} %" for name, chance in chances.items())
        return f"; {friends}, {self.judged.expected_friend_damage:.1f} damage expected to its side"


def shot_for(attacks: tuple[AttackOption, ...], ap: int) -> float:
    """The best attack's expected damage per AP, times `ap`: what a throw of that cost must beat."""
    per_ap = max((option.damage / max(1, option.ap_cost) for option in attacks), default=0.0)
    return per_ap * ap


def judged_throws(situation: Situation) -> tuple[ThrowOption, ...]:
    """The listed throws worth their item and better than the unit's best shot for the same AP, best first."""
    me, state = situation.me, situation.state
    if not me.thrown or state.interrupt is not None or state.map is None:
        return ()  # R22.8.3: an interrupting watcher's throw is the engine's narrow case; it shoots instead
    listed = [c for c in situation.actions if isinstance(c, Throw) and c.unit == me.id and c.cell is not None]
    if not listed:
        return ()
    enemies = [e for e in situation.enemies if e.at is not None]
    counted = _counted(situation, enemies)
    attacks = tuple(o for o in situation.attacks if isinstance(o.command, Attack))
    found = []
    for command in _worth_previewing(situation, listed, enemies, counted):
        judged = preview(state, command).throw
        if judged is None or judged.friends_at_target or judged.friend_caught_chance > MOST_FRIEND_CHANCE:
            continue
        dealt = sum(
            landing.chance * sum(_value(share, counted) for share in landing.caught if not share.friend)
            for landing in judged.landings
        )
        count = me.thrown_count(command.item)
        keep = (LAST_KEEP if count <= 1 else KEEP) * mean_damage(judged.plan.weapon.damage)
        worth = dealt - FRIEND_DAMAGE * judged.expected_friend_damage - FRIEND_CAUGHT * judged.friend_caught_chance
        worth -= keep
        shot = shot_for(attacks, judged.plan.ap)
        if dealt < MIN_DAMAGE * (2 if count <= 1 else 1) or worth <= shot:
            continue
        found.append(ThrowOption(format_command(command), command, judged, dealt, worth, shot, count))
    found.sort(key=lambda option: -option.worth)  # stable: the first listed wins a tie
    return tuple(found)


def _counted(situation: Situation, enemies: list[Unit]) -> dict[str, tuple[float, float]]:
    """Each enemy's weight and cap for the damage a blast deals it: the cap a shot's has (1.5 x its HP, as
    `Situation.attacks`), and the weight BELIEVED for an enemy the side only believes in (a mark, a last
    sighting: R21.9.1 plans on it standing there; the throw flushes that cover at a discount)."""
    ghosts = believed(situation.state)
    return {enemy.id: (BELIEVED if enemy.id in ghosts else 1.0, 1.5 * max(enemy.hp, 0)) for enemy in enemies}


def _value(share: BlastShare, counted: dict[str, tuple[float, float]]) -> float:
    weight, cap = counted.get(share.unit, (0.0, 0.0))
    return weight * min(share.expected_damage, cap)


def _worth_previewing(
    situation: Situation, listed: list[Throw], enemies: list[Unit], counted: dict[str, tuple[float, float]]
) -> list[Throw]:
    """Of the listed throws, per thrown weapon, the PREVIEWED cells whose bound is highest (leaning out only
    where it is the only way to that cell), and only those whose bound beats the best shot for the item's
    least AP: the bound is what the blast could deal at most — every enemy within its reach (and NEAR_M
    beyond it, a scatter may carry it there) taking the item's mean damage, counted as `_counted` says, less
    what the item is worth kept. Each preview walks every scatter; most cells fail the bound without one."""
    attacks = tuple(o for o in situation.attacks if isinstance(o.command, Attack))
    groups: dict[str, list[tuple[float, float, Cell, Throw]]] = {}
    upright = {(c.item, c.cell) for c in listed if not c.lean}
    for command in listed:
        if command.lean and (command.item, command.cell) in upright:
            continue  # the same throw without leaning out costs less and shows less (R22.2.5)
        stock = situation.me.thrown_stock(command.item)
        assert command.cell is not None and stock is not None and stock.weapon.blast is not None
        weapon, reach = stock.weapon, stock.weapon.blast[2] + NEAR_M
        mean = mean_damage(weapon.damage)
        near = [e for e in enemies if e.at is not None and situation.distance(command.cell, e.at) <= reach]
        bound = sum(counted[e.id][0] * min(mean, counted[e.id][1]) for e in near)
        bound -= (LAST_KEEP if stock.count <= 1 else KEEP) * mean
        if near and bound > shot_for(attacks, weapon.ap_single):
            off = sum(situation.distance(command.cell, e.at) for e in near if e.at is not None)
            groups.setdefault(command.item, []).append((-bound, off, command.cell, command))
    picked = []
    for group in groups.values():  # the highest bound, then the nearest the enemies, then in reading order
        group.sort(key=lambda item: (item[0], item[1], item[2][1], item[2][0]))
        picked += [command for *_, command in group[:PREVIEWED]]
    return picked
