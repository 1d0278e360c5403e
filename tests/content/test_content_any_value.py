"""Whatever a content file holds, reading it gives problems, never an exception (no traceback)."""

from __future__ import annotations

import datetime

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.content.loader import structure
from apcombat.content.scenario import _ScenarioFile
from apcombat.model import Armor, Character, CriticalEffect, Weapon

# Every kind of value TOML can produce.
toml_values = st.recursive(
    st.text(max_size=8)
    | st.integers(-1000, 1000)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.booleans()
    | st.dates()
    | st.just(datetime.time(12, 0)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)


def _tables_for(model: type) -> st.SearchStrategy[dict]:
    """Tables using the model's own keys (and a stray one) with values of any kind."""
    keys = [field.name for field in attrs.fields(model)] + ["stray"]
    return st.dictionaries(st.sampled_from(keys), toml_values, max_size=len(keys))


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([Weapon, Armor, Character, CriticalEffect, _ScenarioFile]).flatmap(
        lambda model: st.tuples(st.just(model), _tables_for(model))
    )
)
def test_any_table_gives_a_value_or_problems(model_and_table: tuple[type, dict]) -> None:
    model, table = model_and_table
    value, found = structure(table, model)
    assert (value is None) == bool(found)
    assert all(isinstance(path, str) and message for path, message in found)
