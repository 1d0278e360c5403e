"""The activation deck (R18.5) through `apcombat run` scripts with `gm dice`: the sides' d6 and their ties,
`last`, held cards played first, draws of d(cards left) in the encounter's order, the last card without a
roll, skipped cards, no card for a character out of the fight, no delay; and a side that chose no card."""

from __future__ import annotations

from pathlib import Path

import tomli_w

ROOT = Path(__file__).resolve().parents[2]


def deck_encounter(folder: Path, third_side: bool = False, deck: bool = True) -> Path:
    """A table-mode fight (no map): Ana and Vera (vault) against a raider and Rocco (raiders), and with
    `third_side` a ghoul (ghouls); the activation deck on unless `deck` is False."""
    units = [
        {"id": "ana", "side": "vault", "character": "ana"},
        {"id": "vera", "side": "vault", "character": "vera"},
        {"id": "raider", "side": "raiders", "character": "raider"},
        {"id": "rocco", "side": "raiders", "character": "rocco"},
    ]
    sides = [{"id": "vault", "name": "Vault"}, {"id": "raiders", "name": "Raiders"}]
    if third_side:
        sides.append({"id": "ghouls", "name": "Ghouls"})
        units.append({"id": "ghoul", "side": "ghouls", "character": "raider"})
    document = {
        "name": "Deck test",
        "description": "A table-mode fight with the activation deck.",
        "side": sides,
        "unit": units,
        "modules": {"activation_deck": deck},
    }
    path = folder / "deck.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return path


def run(apcombat, encounter: Path, *lines: str, code: int = 0) -> list[str]:
    script = encounter.parent / "script.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = apcombat("run", encounter, "--script", script, "--seed", "1")
    assert result.code == code, result.err
    return result.out.splitlines() if code == 0 else result.err.splitlines()


def deck_lines(out: list[str]) -> list[str]:
    """The deck's lines and the turns, without the game master's dice lines."""
    return [line for line in out if not line.startswith("game master:")]


def test_r18_5_1_sides_roll_d6_and_only_tied_sides_roll_again_among_themselves(apcombat, tmp_path: Path) -> None:
    # R18.5.1: Vault 5, Raiders 5, Ghouls 2: Vault and Raiders roll again (3, 6); Ghouls keeps its place.
    out = run(apcombat, deck_encounter(tmp_path, third_side=True), "gm dice 5 5 2 3 6", "start")
    assert deck_lines(out) == [
        "no initiative: the activation deck decides who acts (R18.5.1)",
        "round 1 begins",
        "activation deck: the sides' d6: Raiders 5 (tied: again 6); Vault 5 (tied: again 3); Ghouls 2 — "
        "the sides act in the order Raiders, Vault, Ghouls (R18.5.1)",
        "Raiders may go last (last raiders); each side holds one card: hold SIDE WHO (R18.5.1)",
    ]


def test_r18_5_1_a_tie_that_repeats_rolls_again(apcombat, tmp_path: Path) -> None:
    # R18.5.1: tied again, they roll again until the tie breaks.
    out = run(apcombat, deck_encounter(tmp_path), "gm dice 4 4 2 2 1 3", "start")
    assert (
        "activation deck: the sides' d6: Raiders 4 (tied: again 2, 3); Vault 4 (tied: again 2, 1) — "
        "the sides act in the order Raiders, Vault (R18.5.1)"
    ) in out


def test_r18_5_1_and_2_held_cards_first_in_side_order_then_draws_of_d_cards_left(apcombat, tmp_path: Path) -> None:
    # R18.5.1: Vault 2, Raiders 6: Raiders first; the held cards go first, one per side in side order.
    # R18.5.2: the deck is Ana, Raider in the encounter's order: d2 = 2 draws the Raider; Ana, the last
    # card, comes without a roll.
    out = run(
        apcombat,
        deck_encounter(tmp_path),
        "gm dice 2 6",
        "start",
        "hold raiders rocco",
        "hold vault vera",
        "end",
        "gm dice 2",
        "end",
        "end",
        "end",
    )
    lines = deck_lines(out)
    assert lines[4 : lines.index("round 2 begins") + 1] == [
        "Raiders hold Rocco's card (R18.5.1)",
        "Vault holds Vera's card (R18.5.1)",
        "the held cards, played first: Raiders: Rocco, Vault: Vera; 2 cards in the deck (R18.5.1)",
        "card: Rocco (the held card); 3 cards left (R18.5.1)",
        "Rocco's turn: 8 AP",
        "Rocco ends the turn",
        "card: Vera (the held card); 2 cards left (R18.5.1)",
        "Vera's turn: 8 AP",
        "Vera ends the turn",
        "card: Raider (drawn: d2 = 2); 1 card left (R18.5.2)",
        "Raider's turn: 8 AP",
        "Raider ends the turn",
        "card: Ana (the last card, no roll); 0 cards left (R18.5.2)",
        "Ana's turn: 8 AP",
        "Ana ends the turn",
        "round 2 begins",
    ]


def test_r18_5_1_the_winner_may_go_last(apcombat, tmp_path: Path) -> None:
    # R18.5.1: the highest side may choose to act last instead: its held card comes after the other's.
    out = run(apcombat, deck_encounter(tmp_path), "gm dice 2 6", "start", "last raiders", "hold raiders rocco", "end")
    assert deck_lines(out)[4:9] == [
        "Raiders choose to go last: the sides act in the order Vault, Raiders (R18.5.1)",
        "Raiders hold Rocco's card (R18.5.1)",
        "Vault chose no card: it holds Ana's, its first character in the fight (R18.5.1)",
        "the held cards, played first: Vault: Ana, Raiders: Rocco; 2 cards in the deck (R18.5.1)",
        "card: Ana (the held card); 3 cards left (R18.5.1)",
    ]


def test_r18_5_1_only_the_winner_goes_last_and_before_any_card_is_held(apcombat, tmp_path: Path) -> None:
    # R18.5.1: only the highest side may go last, and it says so before the held cards are chosen.
    encounter = deck_encounter(tmp_path)
    assert run(apcombat, encounter, "gm dice 2 6", "start", "last vault", code=2) == [
        "apcombat: line 3 (last vault): only the side that rolled highest may go last: Raiders, not Vault (R18.5.1)"
    ]
    assert run(apcombat, encounter, "gm dice 2 6", "start", "hold vault ana", "last raiders", code=2) == [
        "apcombat: line 4 (last raiders): Raiders choose to go last before the held cards are chosen (R18.5.1)"
    ]


def test_r18_5_1_a_side_holds_one_card_of_its_own_in_the_fight(apcombat, tmp_path: Path) -> None:
    # R18.5.1: one card per side, one of its own characters, in the fight when the round starts.
    encounter = deck_encounter(tmp_path)
    start = ("gm dice 2 6", "start")
    assert run(apcombat, encounter, *start, "hold vault rocco", code=2) == [
        "apcombat: line 3 (hold vault rocco): Rocco is not one of Vault's characters: a side holds one of its own cards"
    ]
    assert run(apcombat, encounter, *start, "hold vault ana", "hold vault vera", code=2) == [
        "apcombat: line 4 (hold vault vera): Vault already holds Ana's card this round (R18.5.1)"
    ]
    assert run(apcombat, encounter, *start, "hold mutants ana", code=2) == [
        "apcombat: line 3 (hold mutants ana): no side 'mutants': the sides are vault, raiders"
    ]
    assert run(apcombat, encounter, *start, "hold raiders rocco", "hold vault ana", "hold vault ana", code=2) == [
        "apcombat: line 5 (hold vault ana): hold is chosen at the start of a round, before its first turn: "
        "the sides have chosen (R18.5.1)"
    ]


def test_r18_5_1_a_side_that_chose_no_card_holds_its_first_character_in_the_fight(apcombat, tmp_path: Path) -> None:
    # R18.5.1 (ruling): play begins without a choice: each side holds its first listed character in the fight.
    out = run(apcombat, deck_encounter(tmp_path), "gm hp ana -99", "gm dice 6 2", "end")
    lines = deck_lines(out)
    assert lines[lines.index("round 1 begins") :][:5] == [
        "round 1 begins",
        "activation deck: the sides' d6: Vault 6; Raiders 2 — the sides act in the order Vault, Raiders (R18.5.1)",
        "Vault may go last (last vault); each side holds one card: hold SIDE WHO (R18.5.1)",
        "Vault chose no card: it holds Vera's, its first character in the fight (R18.5.1)",
        "Raiders chose no card: they hold Raider's, their first character in the fight (R18.5.1)",
    ]


def test_r18_5_1_a_card_of_a_character_out_of_the_fight_is_skipped(apcombat, tmp_path: Path) -> None:
    # R18.5.1: Rocco goes down before his held card comes up: it is skipped. R18.5.2: the deck is Ana,
    # Raider, Vera minus the held Vera: d2 = 1 draws Ana.
    out = run(
        apcombat,
        deck_encounter(tmp_path),
        "gm dice 6 2",
        "start",
        "hold vault vera",
        "hold raiders rocco",
        "gm hp rocco -99",
        "gm dice 1",
        "end",
    )
    lines = deck_lines(out)
    start = lines.index("Vera ends the turn")
    assert lines[start + 1 : start + 4] == [
        "card: Rocco (the held card) is out of the fight: skipped; 2 cards left (R18.5.1)",
        "card: Ana (drawn: d2 = 1); 1 card left (R18.5.2)",
        "Ana's turn: 8 AP",
    ]


def test_r18_5_1_a_character_out_of_the_fight_when_the_round_starts_has_no_card(apcombat, tmp_path: Path) -> None:
    # R18.5.1: Rocco, down before round 1, gets no card and cannot be held: the deck holds 2 cards, not 3.
    encounter = deck_encounter(tmp_path)
    out = run(apcombat, encounter, "gm hp rocco -99", "gm dice 6 2", "start", "hold vault ana", "hold raiders raider")
    assert "the held cards, played first: Vault: Ana, Raiders: Raider; 1 card in the deck (R18.5.1)" in out
    assert run(apcombat, encounter, "gm hp rocco -99", "gm dice 6 2", "start", "hold raiders rocco", code=2) == [
        "apcombat: line 4 (hold raiders rocco): Rocco is out of the fight and has no card this round (R18.5.1)"
    ]


def test_r18_5_2_the_game_master_types_the_card_drawn(apcombat, tmp_path: Path) -> None:
    # R18.5.2: the deck Ana, Raider (encounter order) after the held Vera and Rocco: a physical card drawn
    # is typed as its place in that order, 2 for the Raider.
    out = run(
        apcombat,
        deck_encounter(tmp_path),
        "gm dice 6 2",
        "start",
        "hold vault vera",
        "hold raiders rocco",
        "end",
        "gm dice 2",
        "end",
    )
    assert "card: Raider (drawn: d2 = 2); 1 card left (R18.5.2)" in out


def test_r18_5_2_every_round_deals_a_new_deck(apcombat, tmp_path: Path) -> None:
    # R18.5.1, R18.5.2: when the last card is played the next round rolls the sides' d6 again.
    lines = ("gm dice 6 2", "start", "hold vault vera", "hold raiders rocco", "end", "gm dice 1", "end", "end")
    out = run(apcombat, deck_encounter(tmp_path), *lines, "gm dice 3 4", "end")
    assert deck_lines(out)[-3:] == [
        "round 2 begins",
        "activation deck: the sides' d6: Raiders 4; Vault 3 — the sides act in the order Raiders, Vault (R18.5.1)",
        "Raiders may go last (last raiders); each side holds one card: hold SIDE WHO (R18.5.1)",
    ]


def test_r18_5_3_there_is_no_delay_with_the_deck(apcombat, tmp_path: Path) -> None:
    # R18.5.3: delay is refused; a watch (R16.1) is taken as ever.
    encounter = deck_encounter(tmp_path)
    assert run(
        apcombat, encounter, "gm dice 6 2", "start", "hold vault ana", "hold raiders rocco", "delay ana", code=2
    ) == ["apcombat: line 5 (delay ana): there is no delay with the activation deck (R18.5.3): play the turn or end it"]
    out = run(apcombat, encounter, "gm dice 6 2", "start", "hold vault ana", "hold raiders rocco", "react ana")
    assert "Ana gives up the turn to watch facing N with 8 AP ready (R16.1)" in out


def test_the_deck_commands_are_refused_when_the_module_is_off(apcombat, tmp_path: Path) -> None:
    # R18: a module's command is refused with one sentence when the module is off.
    encounter = deck_encounter(tmp_path, deck=False)
    assert run(apcombat, encounter, "start", "hold vault ana", code=2) == [
        "apcombat: line 2 (hold vault ana): hold belongs to the activation deck module, which this encounter has "
        "off: switch it on with activation_deck = true in the encounter's [modules] (R18.5)"
    ]
    assert run(apcombat, encounter, "start", "last vault", code=2)[0].endswith(
        "last belongs to the activation deck module, which this encounter has off: switch it on with "
        "activation_deck = true in the encounter's [modules] (R18.5)"
    )


def test_r18_5_the_json_state_shows_the_deck(apcombat, tmp_path: Path) -> None:
    # R18.5.1: `apcombat run --json` names the side asked, then the held cards and the cards left.
    encounter = deck_encounter(tmp_path)
    script = tmp_path / "script.txt"
    script.write_text("gm dice 6 2\nstart\nhold vault vera\n", encoding="utf-8")
    result = apcombat("run", encounter, "--script", script, "--seed", "1", "--json")
    assert result.json["deck"] == {
        "sides": ["vault", "raiders"],
        "asked": "raiders",
        "held": {"vault": "vera"},
        "held_to_play": [],
        "cards_left": 4,  # every character in the fight has a card this round
    }
    script.write_text("gm dice 6 2\nstart\nhold vault vera\nhold raiders rocco\n", encoding="utf-8")
    result = apcombat("run", encounter, "--script", script, "--seed", "1", "--json")
    assert result.json["active"] == "vera"
    assert result.json["deck"]["held_to_play"] == ["rocco"] and result.json["deck"]["cards_left"] == 3
