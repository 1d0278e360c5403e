"""The engine's public face, to the letter: the AI, the batch harness, the app and the players' view import
`apcombat.engine` and never one of its modules. import-linter's contract says the same, except that it must
let `from apcombat.engine import apply, preview` through as the modules `apply.py` and `preview.py`; this
test reads the import statements themselves, so `from apcombat.engine.preview import ...` is caught too."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ABOVE_THE_ENGINE = ["ai", "fight", "sim", "tui", "players_view"]


def engine_modules_imported(path: Path) -> list[str]:
    """Each `apcombat.engine.<module>` an import statement of the file names, with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [f"{name} (line {node.lineno})" for name in names if name.startswith("apcombat.engine.")]
    return found


@pytest.mark.parametrize("package", ABOVE_THE_ENGINE)
def test_only_the_engines_public_face_is_imported(package: str) -> None:
    files = sorted((ROOT / "apcombat" / package).rglob("*.py"))
    assert files
    wrong = {str(f.relative_to(ROOT)): names for f in files if (names := engine_modules_imported(f))}
    assert wrong == {}
