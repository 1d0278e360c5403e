"""A shipped encounter copied into the user's own folder (issue 22 item 10): `apcombat check` passes it, its
characters are found among the user's own first, then the built-in ones, and a reference that finds nothing
never suggests the name typed."""

from __future__ import annotations

from pathlib import Path

from apcombat.content import content_root, load_encounter, load_library
from apcombat.content.user_files import user_content_folder

CONTENT = content_root()


def copied_duel(change=lambda text: text) -> Path:
    """The demo duel copied into the user's encounters folder (which names Ana `../characters/ana.toml`)."""
    folder = user_content_folder() / "encounters"
    folder.mkdir(parents=True)
    path = folder / "duel.toml"
    path.write_text(change((CONTENT / "encounters" / "duel.toml").read_text(encoding="utf-8")), encoding="utf-8")
    return path


def users_ana(name: str) -> None:
    """The user's own Ana: the built-in one renamed."""
    folder = user_content_folder() / "characters"
    folder.mkdir(parents=True)
    ana = (CONTENT / "characters" / "ana.toml").read_text(encoding="utf-8")
    (folder / "ana.toml").write_text(ana.replace('name = "Ana"', f'name = "{name}"', 1), encoding="utf-8")


def test_a_shipped_encounter_copied_into_the_users_folder_checks_clean(apcombat) -> None:
    result = apcombat("check", copied_duel())
    assert (result.code, result.out) == (0, "content OK: 1 encounter\n")


def test_its_character_is_the_users_own_first_then_the_built_in_one() -> None:
    path = copied_duel()
    library = load_library(CONTENT, user_content_folder())
    assert load_encounter(path, library).unit("ana").name == "Ana"  # the user has no Ana: the built-in one
    users_ana("Ana of the vault")
    library = load_library(CONTENT, user_content_folder())
    assert load_encounter(path, library).unit("ana").name == "Ana of the vault"


def test_a_bare_id_is_the_users_character_first() -> None:
    users_ana("Ana of the vault")
    path = copied_duel(lambda text: text.replace('"../characters/ana.toml"', '"ana"'))
    assert load_encounter(path, load_library(CONTENT, user_content_folder())).unit("ana").name == "Ana of the vault"


def test_a_reference_that_finds_nothing_never_suggests_the_name_typed(apcombat) -> None:
    path = copied_duel(lambda text: text.replace('"../characters/ana.toml"', '"../people/ana.toml"'))
    result = apcombat("check", path)
    assert result.code == 1
    problem = result.out.splitlines()[0]
    assert "no character file" in problem and "did you mean 'ana'" not in problem
    assert problem.endswith("""(the character 'ana' is found by its id: character = "ana")""")
    path.write_text(path.read_text().replace('"../people/ana.toml"', '"../characters/anna.toml"'))
    assert "(did you mean 'ana'?)" in apcombat("check", path).out
