"""The fight's sequencing (apcombat.fight), as the app and `apcombat sim` drive it: whose AI plays and when a
pause belongs, the player's hold and skip, the step-in offer to a delayed human unit (R13.3), the activation
deck's question to a human side (R18.5.1), the victory said once, the autosave after each command."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from apcombat.ai.decision import Decision
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, format_command
from apcombat.fight import AiToPlay, Fight, StepInOffer
from apcombat.model import Encounter

ENCOUNTERS = Path(__file__).resolve().parents[2] / "content" / "encounters"
SEED = 7  # Ana (vault, human) has the initiative in the duel


class Scripted:
    """Plays `lines` in order, then `end`."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    def decide(self, state: Encounter, rng: random.Random) -> Decision:
        line = self.lines.pop(0) if self.lines else "end"
        return Decision(line, f"scripted: {line}")


def encounter(name: str) -> Encounter:
    return load_encounter(ENCOUNTERS / f"{name}.toml", load_library(content_root(None)))


@pytest.fixture
def duel() -> Game:
    game = Game(encounter("duel"), seed=SEED)
    game.play("start")
    assert game.state.active == "ana"
    return game


def test_no_ai_plays_in_a_human_turn_and_the_raider_plays_after_a_pause(duel: Game) -> None:
    fight = Fight(duel, {"raiders": Scripted("pose raider crouched")})
    assert fight.ai_side() is None and fight.next_ai() is None and not fight.ai_acting
    duel.play("end")
    assert fight.next_ai() == AiToPlay("raiders", pause=True) and fight.ai_acting
    step = fight.ai_step()
    assert step.illegal is None and duel.state.unit("raider").pose.value == "crouched"
    assert fight.decisions["raiders"][0] == "raider"


def test_the_skip_key_drops_the_pauses_of_the_stretch_and_a_hold_waits_for_the_player(duel: Game) -> None:
    fight = Fight(duel, {"raiders": Scripted()})
    duel.play("end")
    assert fight.next_ai() == AiToPlay("raiders", pause=True)
    fight.hold()
    assert fight.next_ai() is None and not fight.ai_acting
    assert fight.skip() is True  # it was held: it goes on
    assert fight.next_ai() == AiToPlay("raiders", pause=False)


def test_r0_2_an_ai_whose_end_no_die_typed_ahead_fits_waits_and_says_which_line_to_undo(duel: Game) -> None:
    # Found by fuzzing: `gm dice 999` queued a die that the raider's shot and then the end in its place refused
    # (R0.2); the end raised out of the AI's step, and the app's AI stopped without a word. The refused shot's
    # end no longer sends the raider running as a broken unit would (R18.1.3): nothing moves.
    fight = Fight(duel, {"raiders": Scripted("shoot raider ana")})
    duel.play_all(["gm condition ana burning 2", "gm dice 999", "end"])  # R6.2: Ana burns as round 2 begins
    raider = duel.state.unit("raider")
    step = fight.ai_step()
    assert step.stopped and step.events == ()
    assert step.illegal == (
        "scripted roll 1: 999 cannot be rolled on a d10 (faces 1 to 10); wanted 1d10+5 for Ana's burning "
        "(1d10+5 fire damage): undo the gm dice line that typed it (R0.2)"
    )
    assert duel.state.unit("raider") == raider and duel.state.active == "raider"
    assert fight.next_ai() is None and not fight.ai_acting  # it waits, not asked again and again
    duel.play_all(["undo", "undo", "undo"])  # the end, the die and the burning
    fight.human_played()
    duel.play("end")
    assert fight.ai_step().illegal is None and duel.state.active == "ana"  # its end plays: round 2 begins


def test_r13_3_a_delayed_human_unit_is_offered_once_to_step_in_before_the_ai_unit_acts(duel: Game) -> None:
    fight = Fight(duel, {"raiders": Scripted()})
    duel.play("delay ana")
    offer = fight.next_ai()
    assert isinstance(offer, StepInOffer) and offer.active == "raider"
    assert [answer for answer, _ in offer.options] == ["ana", ""]
    assert fight.next_ai() == AiToPlay("raiders", pause=True)  # asked once a stretch
    fight.step_in("ana")
    assert fight.next_ai() is None  # the AI waits for Ana's command
    fight.human_played()
    assert fight.next_ai() == AiToPlay("raiders", pause=True)


def test_r18_5_1_the_deck_asks_a_human_side_in_words_and_an_ai_side_by_its_ai() -> None:
    game = Game(encounter("scrapyard_cards"), seed=SEED)
    game.play("start")
    human = Fight(game, {})
    choice = human.deck_choice()
    assert (
        choice is not None
        and choice.side == "scavengers"
        and "which card to hold" in choice.question
        and "activation deck" in choice.question
    )
    lines = [format_command(command) for command, _ in choice.options]
    assert "last scavengers" in lines and any(line.startswith("hold scavengers ") for line in lines)
    ai = Fight(game, {"scavengers": Scripted("last scavengers")})
    assert ai.deck_choice() is None and ai.next_ai() == AiToPlay("scavengers", pause=True)
    ai.ai_step()
    assert game.history[-1].line == "last scavengers"


def test_the_victory_is_said_once(duel: Game) -> None:
    fight = Fight(duel, {})
    assert fight.victory_due() is False
    duel.play("gm hp raider -99")
    assert duel.state.finished
    assert fight.victory_due() is True and fight.victory_due() is False


class Autosave:
    def __init__(self) -> None:
        self.saved = 0
        self.flushed = 0

    def __call__(self, game: Game) -> None:
        self.saved += 1

    def flush(self) -> bool:
        self.flushed += 1
        return True


def test_each_command_is_autosaved_and_on_disk_when_it_changed_the_turn(duel: Game) -> None:
    autosave = Autosave()
    fight = Fight(duel, {}, autosave)
    duel.play("pose ana crouched")
    assert (autosave.saved, autosave.flushed) == (1, 0)
    duel.play("end")
    assert (autosave.saved, autosave.flushed) == (2, 1)
    assert fight.followup([]).moved_on is False
