"""docs/rules.md cut into its sections, for the in-app rules browser: found by rule number or by word."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

RULE_NUMBER = re.compile(r"\bR(\d+(?:\.\d+)*)\b")
"""A rule as the program cites it: `R9.3`."""

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_NUMBERED = re.compile(r"^R(\d+(?:\.\d+)*)(?=\s|$)")


@attrs.frozen
class Section:
    """One heading of the reference and the text under it, up to the next heading of any level."""

    level: int
    title: str
    number: str | None  # "9.3" for "R9.3 The cover penalty"; None for a heading without a rule number
    body: str
    anchor: str  # the anchor a link to this heading uses ("r93-the-cover-penalty")

    @property
    def label(self) -> str:
        return "  " * max(0, self.level - 2) + self.title


def slug(title: str) -> str:
    """The anchor a Markdown link gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def read_sections(path: Path) -> list[Section]:
    """The sections of a Markdown file in order; text before the first heading is left out."""
    sections: list[Section] = []
    heading: tuple[int, str] | None = None
    lines: list[str] = []

    def close() -> None:
        if heading is not None:
            level, title = heading
            numbered = _NUMBERED.match(title)
            body = re.sub(r"\n*^-{3,}\s*\Z", "", "\n".join(lines).strip("\n"), flags=re.MULTILINE)
            sections.append(Section(level, title, numbered.group(1) if numbered else None, body, slug(title)))

    for line in path.read_text(encoding="utf-8").splitlines():
        found = _HEADING.match(line)
        if found:
            close()
            heading, lines = (len(found.group(1)), found.group(2)), []
        else:
            lines.append(line)
    close()
    return sections


def last_rule_cited(text: str) -> str | None:
    """The last rule number a line of text cites ("9.3"), or None."""
    numbers = RULE_NUMBER.findall(text)
    return numbers[-1] if numbers else None


class RulesBook:
    """The reference's sections, with what the browser asks of them."""

    def __init__(self, sections: list[Section]) -> None:
        self.sections = sections

    def index_of(self, number: str) -> int | None:
        """The section of a rule number; a number with no heading of its own goes to its nearest parent."""
        while True:
            for index, section in enumerate(self.sections):
                if section.number == number:
                    return index
            if "." not in number:
                return None
            number = number.rsplit(".", 1)[0]

    def index_of_anchor(self, anchor: str) -> int | None:
        for index, section in enumerate(self.sections):
            if section.anchor == anchor:
                return index
        return None

    def text_of(self, index: int) -> str:
        """A section as Markdown, with the sections under it (R7 shows R7.1 ... R7.4)."""
        first = self.sections[index]
        parts = [f"{'#' * first.level} {first.title}\n\n{first.body}"]
        for section in self.sections[index + 1 :]:
            if section.level <= first.level:
                break
            parts.append(f"{'#' * section.level} {section.title}\n\n{section.body}")
        return "\n\n".join(parts)

    def search(self, query: str) -> list[int]:
        """The sections a query finds, in order: a rule number ("R9.3", "9.3", "r9") finds that rule and the
        rules under it; words find the sections whose heading or text holds every one of them."""
        query = query.strip()
        if not query:
            return list(range(len(self.sections)))
        numbered = re.fullmatch(r"[Rr]?(\d+(?:\.\d+)*)\.?", query)
        if numbered:
            number = numbered.group(1)
            return [
                index
                for index, section in enumerate(self.sections)
                if section.number is not None and (section.number == number or section.number.startswith(number + "."))
            ]
        words = query.lower().split()
        return [
            index
            for index, section in enumerate(self.sections)
            if all(word in f"{section.title}\n{section.body}".lower() for word in words)
        ]


def load_rules_book(path: Path | None = None) -> RulesBook:
    """The rules reference the program ships (docs/rules.md)."""
    if path is None:
        from apcombat.content.paths import rules_reference

        path = rules_reference()
    return RulesBook(read_sections(path))
