"""The players' page's look: its colours and its CSS, inline in the page.

Every text colour is readable on every background it may be drawn on — at least 4.5:1, WCAG AA (the CSS names
colours only through the custom properties below; tests/web/test_players_view_style.py computes every pair).
The layout follows the page's width, with no script: the TV's (1800 px and wider: a big "whose turn" banner,
the turn order in type read from across the room, the last few events large, the whole screen used), the
laptop's (the page as it always was, the map beside the turn order from 1100 px), and the phone's (600 px and
narrower: one column, the turn order's columns wrapped into lines, nothing cut, nothing wider than the
screen)."""

from __future__ import annotations

from apcombat.model.side_colours import SIDE_COLOURS

PAGE_COLOURS = {
    "green": "#87d75f",
    "red": "#ff6b6b",
    "cyan": "#5fd7ff",
    "yellow": "#ffd75f",
    "magenta": "#d787ff",
    "blue": "#6b9bff",
}
"""Each side colour's shade on the page's dark background (`model.side_colours`: the one a side names, else
by its place, as the app's map and turn order colour it)."""

BACKGROUNDS = {
    "page": "#10181d",
    "acting": "#24343d",  # the acting unit's row, the TV's banner, the acting unit's token on the map
}
"""Every background text is drawn on (the map's unit tokens and marks are filled with these too)."""

TEXT_COLOURS = {
    "text": "#e6e6e6",
    "dim": "#9fb0bb",  # the table's headings, the file line, the map's caption
    "down": "#9aa4aa",  # a unit out of the fight (struck through as well): 7.1:1, was #777 at 4.0:1
    "log": "#cccccc",
    "newest": "#ffffff",  # the log's newest line
    "round": "#ffd75f",  # the round and whose turn it is; messages
    "alarm": "#ff6b6b",  # the program stopped answering
    "link": "#8cc8ff",
    **{f"side-{name}": colour for name, colour in PAGE_COLOURS.items()},
}
"""Every colour text is drawn in, the sides' included."""

MAP_FILLS = {
    "ground": "#1b2830",
    "wall": "#8f9ca6",
    "low": "#6e7b85",
    "stairs": "#54606a",
    "gap": "#2d5f8a",
    "rubble": "#4d453c",
    "brush": "#3f5b2c",
    "crates": "#8a6a3a",
    "hut": "#7a5530",
    "burnt": "#2e2724",
    "fire": "#ff7a2e",
}
"""The map's cells (shapes, not text: a low obstacle and crates are drawn as the cell's lower half)."""

_SIDES_ON_MAP = "\n".join(
    f".map .s{place} text, .map .s{place} .facing {{ fill: var(--side-{name}); }}\n"
    f".map .s{place} circle {{ stroke: var(--side-{name}); }}"
    for place, name in enumerate(SIDE_COLOURS)
)

_PROPERTIES = "\n".join(
    f"  --{name}: {colour};" for name, colour in {**BACKGROUNDS, **TEXT_COLOURS, **MAP_FILLS}.items()
)

CSS = (
    f":root {{\n{_PROPERTIES}\n}}"
    + """
body { background: var(--page); color: var(--text); font: 18px/1.4 system-ui, sans-serif; margin: 1.5em; }
h1 { font-size: 1.6em; margin: 0 0 0.2em; }
h2 { font-size: 1.2em; margin: 1.2em 0 0.3em; }
a { color: var(--link); }
.round { font-size: 1.3em; color: var(--round); margin: 0 0 0.8em; }
.file { color: var(--dim); margin: 0 0 0.4em; overflow-wrap: anywhere; }  /* a long path breaks anywhere */
table.order { border-collapse: collapse; }
table.order th { text-align: left; color: var(--dim); font-weight: normal; padding: 0.2em 0.8em 0.2em 0; }
table.order td { padding: 0.25em 0.8em 0.25em 0; }
table.order tbody th { text-align: left; color: inherit; font-weight: inherit; padding: 0.25em 0.8em 0.25em 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
tr.acting { background: var(--acting); font-weight: bold; }
tr.down { color: var(--down); text-decoration: line-through; }
tr.down span { color: var(--down) !important; }
ol.log { padding-left: 2.5em; color: var(--log); }
ol.log li:first-child { color: var(--newest); }
.message { color: var(--round); }
body.lost .round::after { content: "  (the program stopped answering)"; color: var(--alarm); }
figure.map { margin: 1em 0 0; max-width: 44em; }
figure.map svg { display: block; width: 100%; height: auto; max-height: 75vh; }
figure.map figcaption { color: var(--dim); margin-top: 0.3em; }
.map rect { shape-rendering: crispEdges; }
.map .ground { fill: var(--ground); }
.map .wall { fill: var(--wall); } .map .low { fill: var(--low); } .map .stairs { fill: var(--stairs); }
.map .gap { fill: var(--gap); } .map .rubble { fill: var(--rubble); } .map .brush { fill: var(--brush); }
.map .crates { fill: var(--crates); } .map .hut { fill: var(--hut); } .map .burnt { fill: var(--burnt); }
.map .fire { fill: var(--fire); }
.map .last { fill: none; stroke: var(--round); stroke-width: 0.12; stroke-dasharray: 0.3 0.2;
  stroke-linecap: round; stroke-linejoin: round; }
.map circle { fill: var(--page); stroke: var(--dim); stroke-width: 0.08; }
.map text { fill: var(--text); font: bold 0.34px system-ui, sans-serif; text-anchor: middle; }
.map .acting circle { fill: var(--acting); stroke-width: 0.14; }
.map .hidden circle, .map .seen circle { stroke-dasharray: 0.12 0.08; }
"""
    + _SIDES_ON_MAP
    + """
.map .down text, .map .down .facing { fill: var(--down); }
.map .down circle { stroke: var(--down); }
.field > .order-part { grid-area: order; align-self: start; }
.field > .map-part { grid-area: map; }
.field > .log-part { grid-area: log; }
.map-part h2 { margin-top: 0.6em; }
@media (min-width: 1100px) and (max-width: 1799px) {
  .field.with-map { display: grid; column-gap: 1.5em; grid-template-columns: fit-content(55%) minmax(0, 1fr);
    grid-template-areas: "order map" "log map"; grid-template-rows: auto 1fr; }
  .field.with-map figure.map { margin: 0; }
}
@media (min-width: 1800px) {
  body { font-size: 30px; margin: 0.5em 0.8em; }
  h1 { font-size: 1.2em; }
  .round { font-size: 2em; font-weight: bold; background: var(--acting); padding: 0.2em 0.5em;
    border-left: 0.3em solid var(--round); margin: 0.2em 0 0.5em; }
  .field { display: grid; column-gap: 1.5em; grid-template-columns: auto minmax(14em, 1fr);
    grid-template-areas: "order log"; }
  .field.with-map { grid-template-columns: fit-content(50%) minmax(0, 1fr);
    grid-template-areas: "order map" "order log"; grid-template-rows: auto 1fr; }
  .field table.order { font-size: 1.2em; }
  .field table.order:has(tbody tr:nth-child(7)) { font-size: 1em; }  /* from 7 units: all on the screen */
  .field.with-map table.order { font-size: 1em; }
  .field figure.map { margin: 0; max-width: none; }
  .field h2 { margin-top: 0.3em; }
  .field ol.log { margin: 0; font-size: 1.1em; }
  .field.with-map ol.log { font-size: 0.9em; }
  .field.with-map ol.log li:nth-child(n+4) { display: none; }
  table.order td, table.order tbody th { padding: 0.15em 0.6em 0.15em 0; white-space: nowrap; }
  table.order tr > :nth-child(3), table.order tr > :nth-child(4), table.order tr > :last-child {
    white-space: normal; }  /* a long name wraps: the map beside the order stays on the screen */
  ol.log li:nth-child(n+7) { display: none; }
  figure.map svg { max-height: 50vh; }
  figure.map figcaption { font-size: 0.7em; }
}
@media (max-width: 600px) {
  body { font-size: 17px; margin: 0.6em; overflow-wrap: anywhere; }
  table.order, table.order tbody, table.order tr { display: block; width: 100%; }
  table.order thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  table.order tr { display: flex; flex-wrap: wrap; gap: 0 0.7em; padding: 0.35em 0.3em;
    border-bottom: 1px solid var(--acting); }
  table.order td, table.order tbody th { padding: 0; }
  table.order td:empty { display: none; }
  table.order tr > :nth-child(3) { font-weight: bold; }
  table.order tr::after { content: ""; flex-basis: 100%; order: 1; }  /* the line ends after the name */
  table.order tr > :nth-child(n+4) { order: 2; }
  table.order td:nth-child(2)::before { content: "init "; color: var(--dim); font-weight: normal; }
  ol.log { padding-left: 1.8em; }
}
"""
)
"""The page's CSS: colours only through the custom properties of `:root` above."""
