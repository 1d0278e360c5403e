"""The architecture's two promises: layers import only lower layers, and nothing below the TUI loads
textual or rich (the way Harlequin proves its core is free of Textual)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE_PACKAGES = [
    "apcombat.model",
    "apcombat.dice",
    "apcombat.rules",
    "apcombat.board",
    "apcombat.content",
    "apcombat.engine",
    "apcombat.saves",
    "apcombat.ai",
    "apcombat.sim",
    "apcombat.fight",
]


def test_core_packages_do_not_load_textual_or_rich():
    imports = "; ".join(f"import {name}" for name in CORE_PACKAGES)
    code = (
        f"import sys, pkgutil, importlib; {imports}\n"
        "for pkg in " + repr(CORE_PACKAGES) + ":\n"
        "    module = sys.modules[pkg]\n"
        "    for info in pkgutil.walk_packages(getattr(module, '__path__', []), pkg + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == ""


def test_import_linter_contracts_are_kept():
    lint_imports = Path(sys.executable).with_name("lint-imports")
    if not lint_imports.exists():
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    result = subprocess.run([str(lint_imports)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
