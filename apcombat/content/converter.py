"""The cattrs converter for content files: strict about TOML types, with messages written for players.

cattrs on its own would turn `7.5` into 7, `"false"` into True and a string into a tuple of letters.
Here every value must already have the TOML type its field asks for and follow the field's rules
(`field_rules`); every failure raises a `WrongValue` saying what was expected and what was found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
from cattrs.cols import homogenous_tuple_structure_factory, is_any_set, is_mapping, is_sequence
from cattrs.preconf.tomllib import TomllibConverter, make_converter

from apcombat.content.field_rules import MODEL_RULES, register_field_rules
from apcombat.content.values import (
    Hook,
    requiring,
    structure_bool,
    structure_float,
    structure_int,
    structure_str,
)


def _requiring(kind: type, expected: str, make_inner: Callable[[Any], Hook]) -> Callable[[Any], Hook]:
    """A hook factory making `make_inner`'s hooks ask first for the TOML kind `kind` (a list, a table)."""
    return lambda type_: requiring(kind, expected, make_inner(type_))


def make_content_converter() -> TomllibConverter:
    """A converter for content files.

    Reading: detailed validation (every problem, with its path), unknown keys forbidden, scalars strict,
    lists and tables required where the model has tuples, sets and dicts, and the field rules of
    MODEL_RULES. Writing (via tomli-w): fields left at their defaults are omitted, since TOML has no
    null; sets and tuples become lists, enums their values.
    """
    converter = make_converter(detailed_validation=True, forbid_extra_keys=True, omit_if_default=True)
    converter.register_structure_hook(int, structure_int)
    converter.register_structure_hook(float, structure_float)
    converter.register_structure_hook(bool, structure_bool)
    converter.register_structure_hook(str, structure_str)

    def tuple_of(type_: Any) -> Hook:
        return homogenous_tuple_structure_factory(type_, converter)

    def set_of(type_: Any) -> Hook:
        as_tuple = homogenous_tuple_structure_factory(tuple[type_.__args__[0], ...], converter)
        return lambda value, _: frozenset(as_tuple(value, None))

    converter.register_structure_hook_factory(
        lambda t: is_sequence(t) and not is_any_set(t), _requiring(list, "a list", tuple_of)
    )
    converter.register_structure_hook_factory(is_any_set, _requiring(list, "a list", set_of))
    converter.register_structure_hook_factory(is_mapping, _requiring(dict, "a table", converter.gen_structure_mapping))
    converter.register_structure_hook_factory(
        attrs.has, _requiring(dict, "a table", converter.gen_structure_attrs_fromdict)
    )
    for model, rules in MODEL_RULES.items():
        register_field_rules(converter, model, rules)
    return converter


CONVERTER: TomllibConverter = make_content_converter()
"""The one converter the content layer uses."""
