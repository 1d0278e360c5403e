"""Issue 28, item 7: every colour pair of the players' page is readable — each text colour at least 4.5:1 on
each background it may be drawn on (WCAG 2.1 AA, 1.4.3; the down rows were #777 on #10181d, 4.0:1) — and the
page's CSS names colours only through its custom properties, so no pair escapes this test."""

from __future__ import annotations

import re

import pytest

from apcombat.players_view.style import BACKGROUNDS, CSS, MAP_FILLS, PAGE_COLOURS, TEXT_COLOURS

LEAST = 4.5  # WCAG AA for text


def luminance(colour: str) -> float:
    """WCAG 2.1's relative luminance of an #rrggbb colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_gives_wcags_figures():
    assert contrast("#ffffff", "#000000") == pytest.approx(21)
    assert contrast("#777777", "#10181d") == pytest.approx(4.0, abs=0.02)  # the old down rows


@pytest.mark.parametrize("background", sorted(BACKGROUNDS))
@pytest.mark.parametrize("text", sorted(TEXT_COLOURS))
def test_every_text_colour_is_readable_on_every_background(text, background):
    ratio = contrast(TEXT_COLOURS[text], BACKGROUNDS[background])
    assert ratio >= LEAST, f"{text} on {background}: {ratio:.2f}:1"


def test_every_side_colour_is_a_text_colour():
    assert set(PAGE_COLOURS.values()) <= set(TEXT_COLOURS.values())


def rules(css: str) -> list[tuple[str, str]]:
    """Each innermost rule's selector and declarations (those inside @media blocks included)."""
    return [(selector.strip(), body) for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)]


def test_the_css_names_colours_only_through_its_properties():
    root, *others = rules(CSS)
    assert root[0] == ":root"
    declared = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-f]{6});", root[1]))
    assert declared == {**BACKGROUNDS, **TEXT_COLOURS, **MAP_FILLS}
    for selector, body in others:
        assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgb|hsl", body), f"a colour outside the properties: {selector}"


def test_text_is_drawn_in_text_colours_on_backgrounds():
    # Which property each colour declaration may name: text in TEXT_COLOURS, behind it BACKGROUNDS.
    for selector, body in rules(CSS)[1:]:
        for kind, name in re.findall(r"(?<![\w-])(color|background|fill|stroke):\s*var\(--([\w-]+)\)", body):
            if kind == "color" or (kind == "fill" and ("text" in selector or "facing" in selector)):
                assert name in TEXT_COLOURS, f"{selector}: text in --{name}"
            elif kind == "background" or (kind == "fill" and "circle" in selector):
                assert name in BACKGROUNDS, f"{selector}: text drawn on --{name}"
