"""The activation deck (R18.5): with the module `activation_deck` on, each round begins with the sides' d6
and their choices (`last SIDE`, `hold SIDE WHO`), then the held cards are played one per side in side order,
then the deck's other cards are drawn one at a time through the dice source. Initiative (R13.1) is not
rolled and delay (R13.3) does not exist; watch, pin and interrupts work as ever.

A side that has not chosen its held card when play begins — a command other than `hold`, `last` or the game
master's is played while the sides are choosing (a script that gives no `hold` line) — holds the card of its
first character in the fight, in the order the encounter lists them: the card a player who did not choose
would be handed. The app asks every human side, and the AI chooses for its own.
"""

from __future__ import annotations

import attrs

from apcombat.dice import DiceRequest, DiceSource
from apcombat.engine.command_base import Command, CommandError, module_off
from apcombat.engine.events import Event
from apcombat.engine.grammar import format_command
from apcombat.engine.modules.activation_deck.commands import Hold, Last
from apcombat.engine.numbers import shown_word
from apcombat.engine.turns import next_turn
from apcombat.model import Encounter, Unit
from apcombat.model.deck import Deck, SideRoll
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module
from apcombat.model.wording import its, possessive, says, them
from apcombat.rules.deck import drawn_card, going_last, side_order, tied_sides

DECK_COMMANDS = (Hold, Last)

MOST_TIES = 100
"""R18.5.1: tied sides roll again only this many times; dice that tie more often (typed or scripted, never
fair ones) get the command refused rather than rolled for ever."""


def deck_on(state: Encounter) -> bool:
    """R18.5: whether the encounter plays with the activation deck instead of initiative order."""
    return state.module_on(Module.ACTIVATION_DECK)


def in_the_fight(unit: Unit) -> bool:
    """R18: a character out of the fight (down, R12.2) has no card and its card is skipped."""
    return not unit.down


def choosing(state: Encounter) -> bool:
    """R18.5.1: the round waits for the sides to choose their held cards (and the winner, to go last)."""
    return state.deck is not None and state.deck.choosing and not state.finished


def side_asked(state: Encounter) -> str | None:
    """The side the program asks now while the sides choose: the first, in side order, holding no card."""
    if not choosing(state):
        return None
    assert state.deck is not None
    return next((side for side in state.deck.sides if state.deck.held_by(side) is None), None)


def may_go_last(state: Encounter, side: str) -> bool:
    """R18.5.1: the side that rolled highest may go last instead, before any card is held."""
    deck = state.deck
    return (
        choosing(state)
        and deck is not None
        and len(deck.sides) > 1
        and deck.winner == side
        and not deck.went_last
        and not deck.held
    )


def begin_round(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.5.1: every side with a character in the fight rolls d6, tied sides rolling again among
    themselves; every character in the fight gets a card; then the round waits for the sides' choices."""
    fighting = [unit for unit in state.units if in_the_fight(unit)]
    sides = [side.id for side in state.sides if any(unit.side == side.id for unit in fighting)]
    rolls = [SideRoll(side, (_side_d6(state, side, dice, again=False),)) for side in sides]
    ties = 0
    while groups := tied_sides(rolls):
        if ties == MOST_TIES:
            raise CommandError(
                f"the sides' activation d6 tied again {MOST_TIES} times running, which fair dice do not do: nothing "
                "was played — give the command again with other dice (R18.5.1)"
            )
        ties += 1
        tied = {side for group in groups for side in group}
        rolls = [
            SideRoll(r.side, (*r.rolls, _side_d6(state, r.side, dice, again=True))) if r.side in tied else r
            for r in rolls
        ]
    ordered = side_order(rolls)
    cards = tuple(unit.id for unit in fighting)
    deck = Deck(sides=tuple(r.side for r in ordered), rolls=tuple(ordered), cards=cards)
    shown = "; ".join(_roll_text(state, roll) for roll in ordered)
    text = f"activation deck: the sides' d6: {shown} — {_side_names(state, deck.sides)} (R18.5.1)"
    events.append(Event("deck", text, {"rolls": {r.side: list(r.rolls) for r in ordered}, "sides": list(deck.sides)}))
    state = with_state(attrs.evolve(state, order=cards), Module.ACTIVATION_DECK, deck=deck)
    asked = "each side holds one card: hold SIDE WHO"
    if len(deck.sides) > 1:
        asked = f"{state.side(ordered[0].side).name} may go last (last {ordered[0].side}); " + asked
    events.append(Event("deck", f"{asked} (R18.5.1)", {"asked": side_asked(state)}))
    return state


def _roll_text(state: Encounter, roll: SideRoll) -> str:
    again = f" (tied: again {', '.join(map(str, roll.rolls[1:]))})" if len(roll.rolls) > 1 else ""
    return f"{state.side(roll.side).name} {roll.rolls[0]}{again}"


def _side_d6(state: Encounter, side: str, dice: DiceSource, again: bool) -> int:
    tie = ", again for a tie" if again else ""
    purpose = f"{possessive(state.side(side).name)} activation d6{tie} (R18.5.1)"
    return dice.roll(DiceRequest(sides=6, purpose=purpose, notation="d6", breaks_tie=again))


def _side_names(state: Encounter, sides: tuple[str, ...]) -> str:
    return "the sides act in the order " + ", ".join(state.side(side).name for side in sides)


def choose(state: Encounter, command: Command, dice: DiceSource, events: list[Event]) -> Encounter:
    """`hold SIDE WHO` or `last SIDE` (R18.5.1); once every side holds a card, play begins."""
    word = "hold" if isinstance(command, Hold) else "last"
    if not deck_on(state):
        raise module_off(word, Module.ACTIVATION_DECK, "R18.5")
    if not choosing(state):
        raise CommandError(
            f"{word} is chosen at the start of a round, before its first turn: the sides have chosen (R18.5.1)"
        )
    assert state.deck is not None
    side = _side(state, command.side)  # type: ignore[attr-defined]
    if isinstance(command, Last):
        return _go_last(state, side, events)
    assert isinstance(command, Hold)
    return _hold(state, side, command.held, dice, events)


def _side(state: Encounter, side_id: str) -> str:
    assert state.deck is not None
    try:
        side = state.side(side_id)
    except KeyError:
        sides = ", ".join(side.id for side in state.sides)
        raise CommandError(f"no side {shown_word(side_id)}: the sides are {sides}") from None
    if side.id not in state.deck.sides:
        raise CommandError(
            f"{says(side.name, 'has')} nobody in the fight: {says(side.name, 'has', pronoun=True)} no cards this "
            "round (R18.5.1)"
        )
    return side.id


def _go_last(state: Encounter, side: str, events: list[Event]) -> Encounter:
    deck = state.deck
    assert deck is not None
    name = state.side(side).name
    if deck.winner != side:
        winner = state.side(deck.winner).name if deck.winner else "nobody"
        raise CommandError(f"only the side that rolled highest may go last: {winner}, not {name} (R18.5.1)")
    if len(deck.sides) < 2:
        raise CommandError(f"{says(name, 'is')} the only side with cards: there is nobody to go before {them(name)}")
    if deck.went_last:
        raise CommandError(f"{says(name, 'already goes')} last this round")
    if deck.held:
        raise CommandError(f"{says(name, 'chooses')} to go last before the held cards are chosen (R18.5.1)")
    sides = going_last(deck.sides, side)
    text = f"{says(name, 'chooses')} to go last: {_side_names(state, sides)} (R18.5.1)"
    events.append(Event("deck", text, {"side": side}))
    return with_state(state, Module.ACTIVATION_DECK, deck=attrs.evolve(deck, sides=sides, went_last=True))


def _hold(state: Encounter, side: str, held: str, dice: DiceSource, events: list[Event]) -> Encounter:
    deck = state.deck
    assert deck is not None
    name = state.side(side).name
    already = deck.held_by(side)
    if already is not None:
        raise CommandError(f"{says(name, 'already holds')} {state.unit(already).name}'s card this round (R18.5.1)")
    try:
        unit = state.unit(held)
    except KeyError:
        ids = ", ".join(u.id for u in state.units if u.side == side)
        raise CommandError(f"no unit {shown_word(held)}: {possessive(name)} characters are {ids}") from None
    if unit.side != side:
        raise CommandError(
            f"{unit.name} is not one of {possessive(name)} characters: a side holds one of its own cards"
        )
    if unit.id not in deck.cards or not in_the_fight(unit):
        raise CommandError(f"{unit.name} is out of the fight and has no card this round (R18.5.1)")
    events.append(Event("deck", f"{says(name, 'holds')} {unit.name}'s card (R18.5.1)", {"side": side}, unit=unit.id))
    state = _with_held(state, side, unit.id)
    if side_asked(state) is None:
        state = deal(state, events)
        return next_turn(state, dice, events)
    return state


def _with_held(state: Encounter, side: str, unit: str) -> Encounter:
    deck = state.deck
    assert deck is not None
    held = {**dict(deck.held), side: unit}
    return with_state(
        state,
        Module.ACTIVATION_DECK,
        deck=attrs.evolve(deck, held=tuple((s, held[s]) for s in deck.sides if s in held)),
    )


def close_choosing(state: Encounter, events: list[Event]) -> Encounter:
    """R18.5.1: play begins with a command other than a choice: each side that chose no card holds its first
    character in the fight's (the module's note says why), and the cards are dealt. Whoever then acts is
    `next_turn`'s to find (the caller's)."""
    if not choosing(state):
        return state
    assert state.deck is not None
    for side in state.deck.sides:
        if state.deck.held_by(side) is not None:
            continue
        first = next(u for u in state.units if u.side == side and u.id in state.deck.cards and in_the_fight(u))
        name = state.side(side).name
        held = f"{says(name, 'holds', pronoun=True)} {first.name}'s, {its(name)} first character in the fight"
        text = f"{name} chose no card: {held} (R18.5.1)"
        events.append(Event("deck", text, {"side": side, "default": True}, unit=first.id))
        state = _with_held(state, side, first.id)
    return deal(state, events)


def deal(state: Encounter, events: list[Event]) -> Encounter:
    """R18.5.1: the held cards are played first, one per side in side order; every other card is the deck."""
    deck = state.deck
    assert deck is not None
    held = tuple(unit for _, unit in deck.held)
    cards = tuple(card for card in deck.cards if card not in held)
    held_text = ", ".join(f"{state.side(side).name}: {state.unit(unit).name}" for side, unit in deck.held)
    text = f"the held cards, played first: {held_text}; {_count(len(cards))} in the deck (R18.5.1)"
    events.append(Event("deck", text, {"held": dict(deck.held), "cards": len(cards)}))
    deck = attrs.evolve(deck, choosing=False, to_play=held, cards=cards)
    extra = tuple(uid for uid in state.order if uid not in held and uid not in cards)
    return with_state(attrs.evolve(state, order=(*held, *cards, *extra)), Module.ACTIVATION_DECK, deck=deck)


def _count(cards: int) -> str:
    return f"{cards} card{'s' if cards != 1 else ''}"


def next_card(state: Encounter, dice: DiceSource, events: list[Event]) -> tuple[Encounter, str | None]:
    """R18.5.1, R18.5.2: the character whose card comes up next — a held card, else a draw of d(cards left)
    (the last card without a roll) — skipping cards whose character is out of the fight; None when the
    round's cards are all played."""
    while True:
        deck = state.deck
        assert deck is not None and not deck.choosing
        if deck.to_play:
            card, deck = deck.to_play[0], attrs.evolve(deck, to_play=deck.to_play[1:])
            how = "the held card"
        elif deck.cards:
            card, face = _draw(state, deck.cards, dice)
            how = "the last card, no roll" if face is None else f"drawn: d{len(deck.cards)} = {face}"
            deck = attrs.evolve(deck, cards=tuple(c for c in deck.cards if c != card))
        else:
            return with_state(state, Module.ACTIVATION_DECK, deck=deck), None
        state = with_state(state, Module.ACTIVATION_DECK, deck=deck)
        unit = state.unit(card)
        left = f"{_count(deck.cards_left)} left"
        if not in_the_fight(unit):
            text = f"card: {unit.name} ({how}) is out of the fight: skipped; {left} (R18.5.1)"
            events.append(Event("deck", text, {"cards_left": deck.cards_left, "skipped": True}, unit=card))
            continue
        rule = "R18.5.2" if how != "the held card" else "R18.5.1"
        text = f"card: {unit.name} ({how}); {left} ({rule})"
        events.append(Event("deck", text, {"cards_left": deck.cards_left}, unit=card))
        return _revealed(state, card), card


def _draw(state: Encounter, cards: tuple[str, ...], dice: DiceSource) -> tuple[str, int | None]:
    """R18.5.2: one roll of d(cards left), counting the cards in the encounter's order; the last card comes
    without a roll (its face None)."""
    if len(cards) == 1:
        return cards[0], None
    names = tuple(state.unit(card).name for card in cards)
    request = DiceRequest(
        sides=len(cards),
        purpose="the activation deck's next card (R18.5.2): " + ", ".join(f"{i} {n}" for i, n in enumerate(names, 1)),
        notation=f"d{len(cards)}",
        faces=names,
    )
    face = dice.roll(request)
    return drawn_card(cards, face), face


def _revealed(state: Encounter, card: str) -> Encounter:
    """The round's order as the turn order shows it: the turns taken, this card, then the cards to come."""
    done = tuple(uid for uid in state.order if uid in state.taken and uid != card)
    rest = tuple(uid for uid in state.order if uid not in done and uid != card)
    return attrs.evolve(state, order=(*done, card, *rest))


def refuse_delay(state: Encounter) -> None:
    """R18.5.3: there is no delay with the activation deck."""
    if deck_on(state):
        raise CommandError("there is no delay with the activation deck (R18.5.3): play the turn or end it")


def choice_actions(state: Encounter) -> list[Command]:
    """R18.5.1: the commands the side asked may play while the sides choose: `last SIDE` (the winner, before
    any card is held), then `hold SIDE WHO` for each of its characters with a card, in the encounter's order."""
    side = side_asked(state)
    if side is None:
        return []
    assert state.deck is not None
    last: list[Command] = [Last(side)] if may_go_last(state, side) else []
    fighting = (u for u in state.units if u.side == side and u.id in state.deck.cards and in_the_fight(u))
    return last + [Hold(side, unit.id) for unit in fighting]


def choice_lines(state: Encounter) -> list[str]:
    """`choice_actions` as lines."""
    return [format_command(command) for command in choice_actions(state)]


def deck_summary(state: Encounter) -> str | None:
    """One or two short lines for the turn order panel; None without the deck."""
    deck = state.deck
    if deck is None:
        return None
    sides = " > ".join(state.side(side).name for side in deck.sides)
    if deck.choosing:
        asked = side_asked(state)
        who = f"{state.side(asked).name} chooses" if asked else "choosing"
        held = ", ".join(_card(state, unit) for _, unit in deck.held)
        return f"Deck: {sides}; {who} a card" + (f" (held: {held})" if held else "")
    held = ", ".join(f"{_card(state, unit)}{'' if unit in deck.to_play else ' ✓'}" for _, unit in deck.held)
    left = deck.cards_left
    return f"Deck: {sides}; held {held}; {left} card{'s' if left != 1 else ''} left"


def _card(state: Encounter, unit_id: str) -> str:
    """A held card by its character's name; in a side's view (R21.8.4) one it does not see is "one out of sight"
    (R21.8.1: its draws are only "out of sight" too)."""
    return next((unit.name for unit in state.units if unit.id == unit_id), "one out of sight")
