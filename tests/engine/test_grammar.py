"""The grammar table: every command's canonical line reads back as the same command,
`parse_command(format_command(c)) == c`, for every class the table holds — a class added to the table without
a strategy here fails `test_every_command_class_has_a_strategy`."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import apcombat.engine as m  # the modules' command classes, as the engine's public face exports them
from apcombat.engine import commands as c
from apcombat.engine.commands import FORMS, GM_FORMS, format_command, parse_command
from apcombat.engine.gm_commands import CONDITION_AMOUNT, SWITCHES
from apcombat.model import BlastBand, BodyLocation, Facing, FromCover, HpShown, Pose

IDS = st.from_regex(r"[a-z][a-z0-9_\-]{0,7}", fullmatch=True)
CELLS = st.tuples(st.integers(0, 999), st.integers(0, 999))
CM = st.one_of(st.integers(0, 30_000).map(float), st.integers(0, 3_000_000).map(lambda n: n / 100))
WHOLE = st.integers


def _move() -> st.SearchStrategy[c.Move]:
    on_map = st.builds(
        lambda unit, cells, run: c.Move(unit, tuple(cells), run, manner="run" if run else "walk"),
        IDS,
        st.lists(CELLS, min_size=1, max_size=4),
        st.booleans(),
    )
    table = st.builds(
        lambda unit, cm, manner: c.Move(unit, distance_cm=cm, manner=manner, run=manner == "run"),
        IDS,
        CM,
        st.sampled_from(("walk", "run", "crouched", "prone", "climb")),
    )
    return st.one_of(on_map, table)


def _attack() -> st.SearchStrategy[c.Attack]:
    def attack(kind: str, data: st.DataObject) -> c.Attack:
        options = {
            "shoot": "aimed burst blind lean at",
            "dual": "burst lean at",
            "flame": "lean at",
            "melee": "aimed at",
        }
        allowed = options[kind].split()
        location = data.draw(st.sampled_from(BodyLocation)) if "aimed" in allowed and data.draw(st.booleans()) else None
        ways = [FromCover.NONE] + [
            way for way, word in ((FromCover.BLIND, "blind"), (FromCover.LEAN_OUT, "lean")) if word in allowed
        ]
        return c.Attack(
            unit=data.draw(IDS),
            target=data.draw(IDS),
            kind=kind,
            location=location,
            extra_ap=data.draw(st.integers(0, 20)) if location is not None else 0,
            burst="burst" in allowed and data.draw(st.booleans()),
            from_cover=data.draw(st.sampled_from(ways)),
            distance_cm=data.draw(st.none() | CM),
        )

    return st.builds(attack, st.sampled_from(("shoot", "dual", "flame", "melee")), st.data())


def _condition() -> st.SearchStrategy[c.GmCondition]:
    def condition(unit: str, name: str, data: st.DataObject) -> c.GmCondition:
        limit = CONDITION_AMOUNT[name][0]
        amount = data.draw(st.none() | st.integers(limit.low, limit.high))
        penalty = (
            data.draw(st.sampled_from((None, 10, 20, 40))) if name == "exhaustion" and amount is not None else None
        )
        return c.GmCondition(unit, name, amount, penalty)

    return st.builds(condition, IDS, st.sampled_from(c.CONDITIONS), st.data())


VALUES = st.from_regex(r"[A-Za-z0-9_.=+\-]{0,6}", fullmatch=True)
FIELDS = st.from_regex(r"[a-z_]{0,6}", fullmatch=True)

STRATEGIES: dict[type, st.SearchStrategy] = {
    c.Move: _move(),
    c.Turn: st.one_of(
        st.builds(c.Turn, IDS, facing=st.sampled_from(Facing)),
        st.builds(c.Turn, IDS, degrees=st.integers(-360, 360).map(float)),
    ),
    c.ChangePose: st.builds(c.ChangePose, IDS, st.sampled_from(Pose)),
    c.TakeCover: st.builds(c.TakeCover, IDS),
    c.LeaveCover: st.builds(c.LeaveCover, IDS),
    c.Jump: st.one_of(st.builds(c.Jump, IDS, to=CELLS), st.builds(c.Jump, IDS, distance_cm=CM)),
    c.Attack: _attack(),
    c.PinDown: st.builds(c.PinDown, IDS, IDS, st.none() | CM),
    c.Throw: st.one_of(  # R22.2.1, R22.9.1: at a cell, or at a point N cm away at the table
        st.builds(c.Throw, IDS, IDS, cell=CELLS, lean=st.booleans()),
        st.builds(c.Throw, IDS, IDS, distance_cm=CM, lean=st.booleans()),
    ),
    c.Reload: st.builds(c.Reload, IDS),
    c.Swap: st.builds(c.Swap, IDS),
    c.React: st.builds(c.React, IDS),
    c.Delay: st.builds(c.Delay, IDS),
    c.End: st.just(c.End()),
    c.Start: st.just(c.Start()),
    c.Undo: st.just(c.Undo()),
    c.Redo: st.just(c.Redo()),
    m.Aid: st.builds(m.Aid, IDS, IDS),
    m.Calm: st.builds(m.Calm, IDS, st.none() | IDS),
    m.Reroll: st.builds(m.Reroll, IDS, st.integers(1, 10**6)),
    m.Hold: st.builds(m.Hold, IDS, IDS),
    m.Last: st.builds(m.Last, IDS),
    c.GmDice: st.builds(c.GmDice, st.lists(st.integers(0, 1000), min_size=1, max_size=6).map(tuple)),
    c.GmSet: st.builds(c.GmSet, IDS, st.lists(st.tuples(FIELDS, VALUES), min_size=1, max_size=4).map(tuple)),
    c.GmBonus: st.builds(c.GmBonus, IDS, st.integers(-100, 100)),
    c.GmMod: st.builds(c.GmMod, st.integers(-100, 100)),
    c.GmForce: st.builds(c.GmForce, st.booleans()),
    c.GmSpot: st.builds(c.GmSpot, IDS, IDS),
    c.GmHp: st.builds(c.GmHp, IDS, st.integers(-999, 999)),
    c.GmCondition: _condition(),
    c.GmOrder: st.builds(c.GmOrder, IDS, st.integers(1, 1000)),
    c.GmShow: st.builds(c.GmShow, IDS, st.sampled_from(HpShown)),
    c.GmShowSwitch: st.builds(c.GmShowSwitch, st.sampled_from(SWITCHES), st.booleans()),
    c.GmSnapshot: st.builds(c.GmSnapshot, IDS),
    c.GmBack: st.builds(c.GmBack, IDS),
    c.GmNote: st.builds(  # a note holds no `#` and no control character (issue 29)
        c.GmNote, IDS, st.text(st.characters(blacklist_characters="#", blacklist_categories=("Cs", "Cc")))
    ),
    c.GmAdd: st.builds(c.GmAdd, IDS, IDS, IDS, st.none() | CELLS),  # issue 28: reinforcements and bystanders
    c.GmRemove: st.builds(c.GmRemove, IDS),
    c.GmBlast: st.lists(  # R22.9.2: each character named once
        st.builds(c.BlastCaught, IDS, st.sampled_from(BlastBand), st.booleans()), max_size=4, unique_by=lambda b: b.unit
    ).map(lambda caught: c.GmBlast(tuple(caught))),
    m.GmFire: st.one_of(st.builds(m.GmFire, st.booleans(), at=CELLS), st.builds(m.GmFire, st.booleans(), name=IDS)),
    m.GmMorale: st.one_of(
        st.builds(m.GmMorale, IDS, st.sampled_from(("steady", "shaken", "broken", "surrenders", "flees"))),
        st.builds(m.GmMorale, IDS, st.sampled_from(("lost", "leader")), IDS),
        st.builds(m.GmMorale, IDS, st.just("friends"), st.sampled_from(("on", "off"))),
    ),
    m.GmNext: st.builds(m.GmNext, IDS, IDS),
    m.GmNear: st.builds(m.GmNear, IDS, IDS),
    m.Reveal: st.builds(m.Reveal, IDS),
    m.GmHide: st.builds(m.GmHide, IDS),
    m.GmReveal: st.builds(m.GmReveal, IDS),
    m.GmSees: st.builds(m.GmSees, IDS, IDS | st.just("all"), st.booleans()),
}
"""A strategy for every command class: only commands a line can say (ids in lower case, numbers in range)."""

CLASSES = sorted({form.command for form in (*FORMS, *GM_FORMS)}, key=lambda cls: cls.__name__)


def test_every_command_class_has_a_strategy():
    assert [cls.__name__ for cls in CLASSES if cls not in STRATEGIES] == []


@settings(max_examples=1500, deadline=None)
@given(command=st.sampled_from(CLASSES).flatmap(lambda cls: STRATEGIES[cls]))
def test_a_commands_line_reads_back_as_the_command(command):
    line = format_command(command)
    assert parse_command(line) == command, line
    assert format_command(parse_command(line)) == line


def test_each_word_writes_its_own_line():
    """Forms that share a class (shoot, dual, flame, melee) each write their own word."""
    for form in FORMS:
        if form.command is c.Attack:
            assert format_command(c.Attack("ana", "raider", form.word)).split()[0] == form.word


def test_the_canonical_lines_of_some_commands():
    assert format_command(c.Move("ana", ((3, 4),), run=True, manner="run")) == "move ana 3,4 run"
    assert format_command(c.Move("ana", distance_cm=12.5, manner="crouched")) == "move ana 12.5cm crouched"
    aimed = c.Attack("ana", "raider", "shoot", BodyLocation.HEAD, 2, from_cover=FromCover.LEAN_OUT)
    assert format_command(aimed) == "shoot ana raider aimed head +2 lean"
    assert format_command(c.GmHp("ana", 0)) == "gm hp ana +0"
    assert format_command(m.Calm("ana")) == "calm ana"


@settings(max_examples=300, deadline=None)
@given(cm=CM)
def test_a_bare_distance_reads_as_the_same_in_cm(cm):
    """Issue 28: a distance box takes a bare number in the table's unit; its canonical line writes the cm."""
    written = format_command(c.Move("ana", distance_cm=cm))
    bare = written.removesuffix("cm")
    assert parse_command(bare) == c.Move("ana", distance_cm=cm)
    assert format_command(parse_command(bare)) == written
