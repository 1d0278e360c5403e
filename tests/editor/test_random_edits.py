"""Random sequences of every kind of edit through a session (QA of issue 27): undo all gives back the first
fight exactly, redo all the last; every state is written and read back (as written) equal; the checks never
raise; an edit the editor refuses says so with EditRefused, never another error."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.content import Library
from apcombat.content.encounter import read_encounter_data
from apcombat.editor import EditorSession, EditRefused, new_fight, open_fight, shapes
from apcombat.editor import fight_edits as fe
from apcombat.editor import map_edits as me
from apcombat.editor.terrain import PAINTS
from apcombat.model.encounter import Control, Encounter
from apcombat.model.enums import Facing
from apcombat.model.modules import MODULES
from apcombat.model.side_colours import SIDE_COLOURS

CONTENT = Path(__file__).resolve().parents[2] / "content"
CHARACTERS = ("ana", "vera", "raider")
TERRAINS = tuple(paint.terrain for paint in PAINTS)  # a fire is lit (set_fires), not painted
Change = Callable[[Encounter], Encounter]


def _cell(data: st.DataObject, encounter: Encounter) -> tuple[int, int]:
    battle_map = encounter.map
    assert battle_map is not None
    # a cell a little off the map now and then: edits cut or refuse, never crash
    x = data.draw(st.integers(-1, battle_map.width))
    y = data.draw(st.integers(-1, battle_map.height))
    return x, y


def _unit_id(data: st.DataObject, encounter: Encounter) -> str:
    ids = [unit.id for unit in encounter.units] + ["nobody"]
    return data.draw(st.sampled_from(ids))


def _side_id(data: st.DataObject, encounter: Encounter) -> str:
    return data.draw(st.sampled_from([side.id for side in encounter.sides] + ["nowhere"]))


def an_edit(data: st.DataObject, encounter: Encounter, library: Library) -> tuple[str, Change]:
    """One edit of any kind, with arguments drawn against the fight as it is."""
    battle_map = encounter.map
    assert battle_map is not None
    kind = data.draw(
        st.sampled_from(
            (
                "paint", "brush", "line", "rect", "flood", "fire", "resize", "shift", "paste",
                "place", "move", "turn", "copy", "remove", "change", "add_side", "side", "remove_side",
                "edge", "rules", "heading",
            )
        )
    )  # fmt: skip
    terrain = data.draw(st.sampled_from(TERRAINS))
    a, b = _cell(data, encounter), _cell(data, encounter)
    if kind == "paint":
        return kind, lambda e: me.paint(e, {a}, terrain)
    if kind == "brush":
        size = data.draw(st.sampled_from((1, 3, 5)))
        return kind, lambda e: me.paint(e, shapes.brush(battle_map, a, size), terrain)
    if kind == "line":
        return kind, lambda e: me.paint(e, shapes.line(battle_map, a, b), terrain)
    if kind == "rect":
        filled = data.draw(st.booleans())
        return kind, lambda e: me.paint(e, shapes.rectangle(battle_map, a, b, filled), terrain)
    if kind == "flood":
        return kind, lambda e: me.paint(e, shapes.flood(battle_map, a) if battle_map.inside(a) else (), terrain)
    if kind == "fire":
        on = data.draw(st.booleans())
        return kind, lambda e: me.set_fires(e, shapes.brush(battle_map, a, 3), on)
    if kind == "resize":
        w, h = data.draw(st.integers(1, 30)), data.draw(st.integers(1, 20))
        return kind, lambda e: me.resize(e, w, h)
    if kind == "shift":
        dx, dy = data.draw(st.integers(-3, 3)), data.draw(st.integers(-4, 4))
        return kind, lambda e: me.shift(e, dx, dy)
    if kind == "paste":
        rows = data.draw(st.lists(st.text(alphabet='.#=H_:"%^,', min_size=0, max_size=6), max_size=4))
        return kind, lambda e: me.paste_rows(e, a, rows)
    if kind == "place":
        side = _side_id(data, encounter)
        who = data.draw(st.sampled_from(CHARACTERS))
        return kind, lambda e: fe.place_unit(e, library, side, who, a)[0]
    unit = _unit_id(data, encounter)
    if kind == "move":
        return kind, lambda e: fe.move_unit(e, unit, a)
    if kind == "turn":
        if data.draw(st.booleans()):
            facing = data.draw(st.sampled_from(tuple(Facing)))
            return kind, lambda e: fe.turn_unit(e, unit, facing)
        steps = data.draw(st.integers(-3, 3))
        return kind, lambda e: fe.turned(e, unit, steps)
    if kind == "copy":
        return kind, lambda e: fe.copy_unit(e, unit, a)[0]
    if kind == "remove":
        return kind, lambda e: fe.remove_unit(e, unit)
    if kind == "change":
        field = data.draw(st.sampled_from(("hp", "pose", "hidden", "cover", "stunned", "markers", "name", "fate")))
        value = data.draw(
            {
                "hp": st.integers(-2, 40) | st.none(),
                "pose": st.sampled_from(("upright", "crouched", "prone", "flying")) | st.none(),
                "hidden": st.booleans() | st.none(),
                "cover": st.booleans() | st.none(),
                "stunned": st.booleans() | st.none(),
                "markers": st.integers(-1, 5) | st.none(),
                "name": st.text(min_size=0, max_size=8) | st.none(),
                "fate": st.sampled_from(("alive", "dead", "fled", "oops")) | st.none(),
            }[field]
        )
        return kind, lambda e: fe.change_unit(e, library, unit, **{field: value})
    if kind == "add_side":
        name = data.draw(st.text(min_size=0, max_size=8))
        control = data.draw(st.sampled_from(tuple(Control)))
        return kind, lambda e: fe.add_side(e, name, control)[0]
    side = _side_id(data, encounter)
    if kind == "side":
        field = data.draw(st.sampled_from(("name", "colour", "control")))
        value = data.draw(
            {
                "name": st.text(min_size=0, max_size=8),
                "colour": st.sampled_from(SIDE_COLOURS) | st.none(),
                "control": st.sampled_from(tuple(Control)),
            }[field]
        )
        return kind, lambda e: fe.change_side(e, side, **{field: value})
    if kind == "remove_side":
        return kind, lambda e: fe.remove_side(e, side)
    if kind == "edge":
        edge = data.draw(st.sampled_from(("N", "E", "S", "W", None, "")))
        points = data.draw(st.integers(-1, 11) | st.none())
        return kind, lambda e: fe.set_side_module_fields(e, side, edge=edge, reroll_points=points)
    if kind == "rules":
        modules = data.draw(st.dictionaries(st.sampled_from((*MODULES, "fog")), st.booleans()))
        return kind, lambda e: fe.set_rules(e, modules=modules)
    name = data.draw(st.text(min_size=0, max_size=10))
    description = data.draw(st.text(max_size=10))
    return kind, lambda e: fe.set_heading(e, name, description)


def reads_back(session: EditorSession, library: Library) -> Encounter | None:
    data = tomllib.loads(session.text())
    return read_encounter_data(data, session.path, library, draft=True, as_written=True).value


FILES = Path(__file__).parent / "files"


def opened(start: str, library: Library, folder: Path) -> EditorSession:
    """A new fight of either kind, or a hand-written file (comments, odd layout) opened from `folder`."""
    if start in ("square", "hex"):
        return new_fight(library, "Random", size=(12, 8), kind=start)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "characters").mkdir(exist_ok=True)
    (folder / "characters" / "ana.toml").write_bytes((CONTENT / "characters" / "ana.toml").read_bytes())
    path = folder / start
    path.write_bytes((FILES / start).read_bytes())
    return open_fight(path, library)


@pytest.mark.parametrize("start", ["square", "hex", "hand_written.toml", "odd.toml"])
@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_random_edits_undo_redo_and_read_back(
    start: str, data: st.DataObject, library: Library, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("random")
    session = opened(start, library, folder)
    first = session.encounter
    states = [first]
    for _ in range(data.draw(st.integers(1, 12))):
        words, change = an_edit(data, session.encounter, library)
        try:
            changed = session.edit(words, change)
        except EditRefused as refusal:
            assert str(refusal).strip(), f"{words}: refused without a sentence"
            continue
        if changed:
            states.append(session.encounter)
        session.problems()  # never raises
        assert reads_back(session, library) == session.encounter, words
    last = session.encounter
    saved = session.save(folder / "saved.toml")
    played = read_encounter_data(tomllib.loads(saved.read_text(encoding="utf-8")), saved, library, as_written=False)
    assert (played.value is not None) == (session.problems() == ()), played.problems  # as `apcombat check` says
    while session.undo() is not None:
        pass
    assert session.encounter == first
    while session.redo() is not None:
        pass
    assert session.encounter == last
    assert len(session.history) == len(states) - 1


def test_a_big_paste_is_cut_at_the_map_edge(library: Library) -> None:
    session = new_fight(library, "Big paste", size=(20, 12))
    rows = ["#" * 400] * 400
    session.edit("paste", lambda e: me.paste_rows(e, (0, 0), rows))
    battle_map = session.encounter.map
    assert battle_map is not None
    assert battle_map.rows == ("#" * 20,) * 12


def test_a_saved_random_fight_is_in_the_user_folder(library: Library, tmp_path: Path) -> None:
    session = new_fight(library, "Saved")
    path = session.save(tmp_path / "saved.toml")
    assert (
        attrs.evolve(session.encounter)
        == read_encounter_data(tomllib.loads(path.read_text(encoding="utf-8")), path, library, draft=True).value
    )


def test_an_unknown_module_is_refused_not_kept_unwritten(library: Library) -> None:
    session = new_fight(library, "Modules")
    with pytest.raises(EditRefused, match="no module 'fog'"):
        session.edit("rules", lambda e: fe.set_rules(e, modules={"fog": True}))


def test_a_blank_line_inside_a_paste_leaves_its_row_and_keeps_the_rows_under_it(library: Library) -> None:
    session = new_fight(library, "Blank line")
    session.edit("paste", lambda e: me.paste_rows(e, (0, 0), ["", "##", "", "==", ""]))
    battle_map = session.encounter.map
    assert battle_map is not None
    assert [battle_map.rows[y][:2] for y in range(3)] == ["##", "..", "=="]
    assert me.pasted_cut(session.encounter, (19, 11), ["##", "##"]) == (
        "2 x 2 pasted, 1 x 1 of it on the map: the rest ran past its edge"
    )


def test_a_painted_map_reads_again_only_the_rows_it_changed(library: Library) -> None:
    """A big map is a new map every edit: the rows an edit left alone are not read through the legend again
    (on a 1,000 x 1,000 map that took 50 ms an edit, most of a frame's budget)."""
    session = new_fight(library, "Big", size=(300, 200))
    before = session.encounter.map
    session.edit("paint", lambda e: me.paint(e, {(5, 7)}, PAINTS[1].terrain))
    after = session.encounter.map
    assert before is not None and after is not None
    assert after.terrain[7][5] is PAINTS[1].terrain and before.terrain[7][5] is PAINTS[0].terrain
    assert all(after.terrain[y] is before.terrain[y] for y in range(200) if y != 7)
