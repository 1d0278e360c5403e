"""docs/rules.md, the project's own rules reference, has every rule number anyone cites.

The program cites rule numbers (`R9.3`) in its code, docstrings, breakdowns and log lines; each must be a
heading of docs/rules.md, so a reader (and the in-app rules browser) finds it. The numbered rule book the
project implements lives beside the checkout, in `../shared/RULES.md`, where CI has it; when it is there,
every number it gives must be in docs/rules.md too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "rules.md"
RULE_BOOK = ROOT.parent / "shared" / "RULES.md"
"""The shared rule book: `../shared/RULES.md` beside the clone (absent from users' checkouts)."""

CITATION = re.compile(r"\bR(\d+(?:\.\d+)*)\b")
HEADING = re.compile(r"^#{1,6}\s+R(\d+(?:\.\d+)*)(?=\s|$)", re.MULTILINE)
BOOK_NUMBER = re.compile(r"^(?:#{1,6}\s+|-\s+\*\*)R(\d+(?:\.\d+)*)\b", re.MULTILINE)
"""A number the rule book gives: a heading (`## R7 ...`) or a bold list item (`- **R7.3** ...`)."""

CITED_IN = ("apcombat", "content")
TEXT_SUFFIXES = {".py", ".toml", ".tcss", ".md", ".txt"}


def number_key(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split("."))


def show(numbers: set[str]) -> str:
    return ", ".join(f"R{number}" for number in sorted(numbers, key=number_key))


def reference_numbers() -> set[str]:
    return set(HEADING.findall(REFERENCE.read_text(encoding="utf-8")))


def cited_numbers() -> dict[str, set[str]]:
    """Every rule number cited in the package and its content, with the files citing it."""
    cited: dict[str, set[str]] = {}
    for folder in CITED_IN:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in TEXT_SUFFIXES or "__pycache__" in path.parts or not path.is_file():
                continue
            for number in CITATION.findall(path.read_text(encoding="utf-8")):
                cited.setdefault(number, set()).add(str(path.relative_to(ROOT)))
    return cited


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def test_the_reference_exists_and_numbers_its_rules():
    assert REFERENCE.is_file(), f"{REFERENCE.relative_to(ROOT)} is missing"
    numbers = reference_numbers()
    assert "0" in numbers and "0.1" in numbers, "docs/rules.md has no heading for R0 or R0.1"
    headings = HEADING.findall(REFERENCE.read_text(encoding="utf-8"))
    repeated = {number for number in headings if headings.count(number) > 1}
    assert not repeated, f"docs/rules.md has more than one heading for {show(repeated)}"


def test_every_rule_number_the_code_cites_is_in_the_reference():
    cited = cited_numbers()
    assert cited, "no rule number found in apcombat/: the citation pattern is broken"
    missing = set(cited) - reference_numbers()
    where = "; ".join(
        f"R{number} (in {', '.join(sorted(cited[number])[:3])}{', ...' if len(cited[number]) > 3 else ''})"
        for number in sorted(missing, key=number_key)
    )
    assert not missing, f"rule numbers cited in the code but with no heading in docs/rules.md: {where}"


def test_every_number_of_the_rule_book_is_in_the_reference():
    if not RULE_BOOK.is_file():
        pytest.skip(f"the shared rule book is not beside this checkout ({RULE_BOOK}); only CI and the project have it")
    book = set(BOOK_NUMBER.findall(RULE_BOOK.read_text(encoding="utf-8")))
    assert book, f"no rule numbers read from {RULE_BOOK}: its layout changed"
    missing = book - reference_numbers()
    assert not missing, f"rule numbers of RULES.md with no heading in docs/rules.md: {show(missing)}"


def test_the_reference_numbers_only_rules_the_rule_book_has():
    if not RULE_BOOK.is_file():
        pytest.skip(f"the shared rule book is not beside this checkout ({RULE_BOOK}); only CI and the project have it")
    book = set(BOOK_NUMBER.findall(RULE_BOOK.read_text(encoding="utf-8")))
    invented = reference_numbers() - book
    assert not invented, f"docs/rules.md has headings for rule numbers RULES.md does not give: {show(invented)}"


def test_the_reference_links_lead_to_its_headings():
    text = REFERENCE.read_text(encoding="utf-8")
    anchors = {slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    broken = links - anchors
    assert not broken, f"docs/rules.md links to anchors no heading gives: {', '.join(sorted(broken))}"
