"""The log's detail (apcombat/tui/log_folding.py), without the app: in `short` a 40-round minigun burst at a
Knight is one line with its result, its rounds shown unfolded but never those not rolled, and an action's dice
for a re-roll are folded into it; in `full` every line is the engine's, as `apcombat run` prints them."""

from __future__ import annotations

from pathlib import Path

from tui_kit import SKIRMISH_UNITS, character, write_encounter

from apcombat.content import Library, load_encounter
from apcombat.engine import Event, Game
from apcombat.tui.log_filter import LogFilter, filtered, kind_of, step
from apcombat.tui.log_folding import FULL, SHORT, full_lines, log_lines, shown_lines

MINIGUN_UNITS = (
    {"id": "gruk", "side": "raiders", "at": [1, 3], "facing": "E", "character": "gruk"},
    {
        "id": "rhys",
        "side": "vault",
        "at": [6, 3],
        "facing": "W",
        "character": character("Knight Rhys", ["pulse_rifle"], armor="leather_armor"),
    },
    {"id": "ana", "side": "vault", "at": [9, 0], "facing": "W", "character": character("Ana", ["colt_1911"])},
)
"""Gruk's minigun (40-round bursts) five cells from Knight Rhys; Ana far off keeps the fight going after."""


def minigun_encounter(folder: Path) -> Path:
    """Gruk acts first (initiative off: the order listed)."""
    return write_encounter(folder, name="minigun", units=MINIGUN_UNITS, optional_rules={"initiative": False})


def burst_log(library: Library, tmp_path: Path) -> list[Event]:
    """The log after Gruk's 40-round burst downed Knight Rhys (seed 7: 3 hits, the rest not rolled)."""
    game = Game(load_encounter(minigun_encounter(tmp_path), library), 7)
    game.play_all(["start", "shoot gruk rhys burst"])
    return game.log


def test_a_40_round_burst_is_one_line_in_short_and_every_line_in_full(library, tmp_path):
    log = burst_log(library, tmp_path)
    burst = next(event for event in log if event.kind == "attack")
    assert len(burst.data["rounds_fired"]) == 40

    short = [line.text for line in shown_lines(burst, SHORT)]
    assert short == ["▸ Gruk: 40 rounds at Knight Rhys: 3 hit, 31 damage (31 -> 0 HP); down after round 3"]
    full = [line.text for line in shown_lines(burst, FULL)]
    assert full == [line.text for line in full_lines(burst)]
    assert full[0] == burst.text and len(full) == 1 + len(burst.data["lines"]) > 40
    assert sum("not rolled" in line for line in full) == 37

    # The whole log: the burst's line stands where the event's did, the other events as they were.
    texts = [line.text for line in log_lines(log, SHORT)]
    assert texts[texts.index(short[0]) + 1] == "Knight Rhys is wounded: torso — no extra effect (R12.1)"
    assert len(log_lines(log, FULL)) - len(texts) == len(burst.data["lines"])


def test_a_bursts_rounds_unfolded_are_the_rolled_ones_only(library, tmp_path):
    log = burst_log(library, tmp_path)
    place = next(place for place, event in enumerate(log) if event.kind == "attack")
    unfolded = [line.text for line in log_lines(log, SHORT, unfolded={place})]
    assert "▾ Gruk: 40 rounds at Knight Rhys: 3 hit, 31 damage (31 -> 0 HP); down after round 3" in unfolded
    assert not [line for line in unfolded if "not rolled" in line]
    assert [line.split(":")[0].strip() for line in unfolded if ": d100 = " in line] == [
        "round 1",
        "round 2",
        "round 3",
    ]
    assert any("hit on 95 or less" in line for line in unfolded)  # the breakdown comes with the rounds


def test_a_single_shot_keeps_its_lines_in_short(library, tmp_path):
    game = Game(load_encounter(write_encounter(tmp_path), library), 7)
    game.play_all(["start", "gm dice 10", "shoot ana rex"])
    shot = next(event for event in game.log if event.kind == "attack")
    assert shown_lines(shot, SHORT) == full_lines(shot)


def test_an_actions_dice_for_a_re_roll_are_folded_into_it_in_short(library, tmp_path):
    path = write_encounter(
        tmp_path,
        side=[
            {"id": "vault", "name": "Vault", "control": "human", "reroll_points": 4},
            {"id": "raiders", "name": "Raiders", "control": "human"},
        ],
        modules={"rerolls": True},
        optional_rules={"initiative": False},
        units=SKIRMISH_UNITS,
    )
    game = Game(load_encounter(path, library), 7)
    game.play_all(["start", "gm dice 99", "shoot ana rex"])
    dice = game.log[-1]
    assert dice.kind == "rolls" and dice.text.startswith("dice of this action, for a re-roll")
    assert shown_lines(dice, SHORT) == []
    assert [line.text for line in shown_lines(dice, SHORT, unfolded=True)] == [dice.text]
    assert [line.text for line in shown_lines(dice, FULL)] == [dice.text]
    short = "\n".join(line.text for line in log_lines(game.log, SHORT))
    assert "Ana attacks Rex: misses" in short and "dice of this action" not in short


def test_the_full_logs_filters_by_unit_side_and_kind(library, tmp_path):
    game = Game(load_encounter(minigun_encounter(tmp_path), library), 7)
    game.play_all(["start", "shoot gruk rhys burst", "end", "turn ana S"])
    log, state = game.log, game.state
    assert [kind_of(event) for event in log if event.kind in ("attack", "turn_facing", "round", "gm")] == [
        "turns",
        "attacks",
        "moves",
    ]
    rhys = [event.text for event in filtered(log, state, LogFilter(unit="rhys"))]
    assert rhys[0].startswith("Gruk attacks Knight Rhys") and all("Knight Rhys" in text for text in rhys)
    vault = filtered(log, state, LogFilter(side="vault"))
    assert vault and all(event.unit in ("rhys", "ana") or "Ana" in event.text for event in vault)
    assert not [event for event in vault if event.kind == "attack"]  # Gruk's burst is the raiders'
    moves = filtered(log, state, LogFilter(kind="moves"))
    assert [event.text for event in moves] == [next(e.text for e in log if e.kind == "turn_facing")]
    assert filtered(log, state, LogFilter(unit="ana", kind="attacks")) == []
    assert step(["a", "b"], None, 1) == "a" and step(["a", "b"], "b", 1) is None and step(["a", "b"], None, -1) == "b"


def test_the_full_logs_attacks_filter_keeps_a_throw_and_its_blast(tmp_path):
    """R22: a throw is an attack aimed at a cell (R22.2.1); the full log's "attacks" filter (ctrl+l, k) keeps
    the throw's line, each character's share of the blast, a man down it kills (R22.5.5) and, at the table,
    the waiting blast and the game master's `gm blast` (R22.9) — they showed under "other"."""
    from tests.engine.modules.throw_module_fights import man_down, module_game
    from tests.engine.throw_fights import ana, ben, jed, rat, throw_game

    for folder in ("map", "table"):
        (tmp_path / folder).mkdir()
    game = module_game(
        tmp_path / "map",
        ana((0, 2), thrown={"frag_grenade": 1}),
        ben((4, 0)),
        man_down(jed((4, 2))),
        rat((8, 4)),
        modules=("casualties",),
    )
    game.play("gm dice 41")
    game.play("throw ana frag_grenade 4,2")
    table = throw_game(tmp_path / "table", ana(None, thrown={"frag_grenade": 1}), rat(None), rows=None)
    table.play("gm dice 41")
    table.play("throw ana frag_grenade at 12cm")
    table.play("gm blast rat=outer")
    kinds = {event.kind for event in [*game.log, *table.log]}
    assert {"throw", "blast", "dead", "blast_waiting", "gm_blast"} <= kinds
    assert {
        event.kind: kind_of(event)
        for event in [*game.log, *table.log]
        if event.kind in ("throw", "blast", "dead", "blast_waiting", "gm_blast")
    } == dict.fromkeys(("throw", "blast", "dead", "blast_waiting", "gm_blast"), "attacks")
