"""The players' view as HTML: the fight (round, turn order, conditions, HP as each side's setting says, the log)
and the page around it, with its CSS and the few lines of script that keep it following the fight inline."""

from __future__ import annotations

import html
from collections.abc import Sequence

from apcombat.engine import Event, belt_known, conditions_of, deck_summary, unit_marks
from apcombat.model import Encounter, Unit
from apcombat.model.side_colours import SIDE_COLOURS, colour_place
from apcombat.players_view.battlefield import LINE_KINDS, map_html
from apcombat.players_view.hp import hp_shown
from apcombat.players_view.shown import beside_shown, players_log, status_shown
from apcombat.players_view.style import CSS, PAGE_COLOURS

LOG_LINES = 40
"""How many of the log's last lines the page shows, the newest first."""


def fight_html(
    state: Encounter, log: Sequence[Event] | None, file: str | None = None, viewing: str | None = None
) -> str:
    """The fight as an HTML fragment: its name, the save `file` it is shown from (two apps running keep two
    autosaves: the page says which it follows), its round, who acts, the turn order with each unit's HP (as its
    side's setting says) and conditions, and the log's last lines (None: the log could not be rebuilt). With
    `viewing`, the state and log are that side's view and log (R21.8.6), and the page says whose they are."""
    return "\n".join(
        [
            f"<h1>{_text(state.name)}</h1>",
            *([f'<p class="file">Shown from {_text(file)}</p>'] if file else []),
            *([f'<p class="file">As {_text(state.side(viewing).name)} see it</p>'] if viewing else []),
            # The live region says this line again when it changes (the page's script: _PAGE).
            f'<p class="round" data-announce="turn">{_text(_round_line(state, viewing is not None))}</p>',
            _field(state, log, viewing),
        ]
    )


def _field(state: Encounter, log: Sequence[Event] | None, viewing: str | None) -> str:
    """The turn order, the battlefield in map mode (R21.8.1: as the page's side knows it) and the log, laid
    out by the page's width (`style`: beside one another on a TV, one below the other elsewhere)."""
    last = _last_action(state, log)
    battlefield = map_html(state, viewing, *(last or (None, None)))
    parts = [
        f'<section class="order-part">\n{_order_table(state, viewing)}\n</section>',
        *([f'<section class="map-part">\n<h2>Map</h2>\n{battlefield}\n</section>'] if battlefield else []),
        f'<section class="log-part">\n{_log_html(state, log)}\n</section>',
    ]
    kind = "field with-map" if battlefield else "field"
    return f'<div class="{kind}">\n' + "\n".join(parts) + "\n</div>"


def _last_action(state: Encounter, log: Sequence[Event] | None) -> tuple[Event, str] | None:
    """The newest line the players are shown of an action the map draws a line for, and its words as the
    page's log gives them; None when there is none."""
    for event in reversed(log or ()):
        words = next(iter(players_log(state, [event])), None)
        if event.kind in LINE_KINDS and words is not None:
            return event, words
    return None


def message_html(title: str, message: str) -> str:
    """A fragment that says why there is no fight to show (no save yet, a damaged one)."""
    return f'<h1>{_text(title)}</h1>\n<p class="message">{_text(message)}</p>'


def page_html(fragment: str, version: str, poll_ms: int = 400, refresh_s: int = 5) -> str:
    """The whole page around a fragment: inline CSS, and a script that asks this server for the fight every
    `poll_ms` milliseconds and swaps it in when its `version` changed, then puts in the live region (one
    element, aria-live polite) only what changed of the turn's line and the newest log line, for a screen
    reader to say. Without JavaScript the page reloads itself every `refresh_s` seconds. Nothing comes from
    other hosts."""
    return _PAGE.format(
        css=CSS,
        fragment=fragment,
        version=_text(version),
        poll_ms=poll_ms,
        refresh_s=refresh_s,
    )


def _round_line(state: Encounter, viewing: bool = False) -> str:
    if state.finished:
        winner = state.side(state.winner).name if state.winner else "Nobody"
        return f"The fight is over: {winner} won."
    if state.round == 0:
        return "Set-up: the fight has not begun"
    line = f"Round {state.round}"
    if state.active is not None:
        line += f" — {state.unit(state.active).name} acts"
    elif viewing:
        line += " — out of sight"  # R21.8.1: the acting character is not in the side's view
    interrupted = next((u for u in state.units if state.interrupt and u.id == state.interrupt.interrupted), None)
    if interrupted is not None:  # in a side's view, the one interrupted may be out of it
        line += f" (interrupting {interrupted.name})"
    deck = deck_summary(state)  # R18.5: the held cards and the cards left
    return line if deck is None else f"{line} — {deck}"


def _order_table(state: Encounter, viewing: str | None = None) -> str:
    order = state.turn_order
    rows = "\n".join(_unit_row(state, state.unit(unit_id), viewing) for unit_id in order)
    # Units that are in no order yet (before round 1 every unit is listed in the encounter's order).
    rows += "".join(
        "\n" + _unit_row(state, unit, viewing) for unit in state.units if state.order and unit.id not in order
    )
    headers = "".join(f'<th scope="col">{header}</th>' for header in _HEADERS)
    return (
        f'<h2>Turn order</h2>\n<table class="order">\n<caption class="visually-hidden">{_CAPTION}</caption>\n'
        f"<thead><tr>{headers}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>"
    )


_HEADERS = ('<span class="visually-hidden">Acting</span>', "Init", "Who", "Side", "HP", "Status", "Conditions")
_CAPTION = "Who acts in what order, the one acting now marked, with each one's side, HP, status and conditions"
_ACTING = '<span aria-hidden="true">▶</span><span class="visually-hidden">acts now</span>'
"""The acting unit's mark: an arrow to see, words to hear (a screen reader would read the arrow's name)."""


def _unit_row(state: Encounter, unit: Unit, viewing: str | None = None) -> str:
    side = state.side(unit.side)
    classes = ["acting"] if unit.id == state.active else []
    if unit.down:
        classes.append("down")
    colour = PAGE_COLOURS[SIDE_COLOURS[colour_place(state.sides, side.id)]]
    cells = [
        _ACTING if unit.id == state.active else "",
        "" if unit.initiative is None else str(unit.initiative),
        f'<span style="color:{colour}">{unit_marks(state).get(unit.id, "")} {_text(unit.name)}</span>',  # as on the map
        _text(side.name),
        _text(hp_shown(unit, side.hp_shown)),
        _text(status_shown(state, unit, viewing)),
        # R12.2: out of the fight, conditions no longer count; R22.1.2: the thrown weapons left
        _text(", ".join(_beside(state, unit, viewing))),
    ]
    row_class = f' class="{" ".join(classes)}"' if classes else ""
    acting, initiative, who, *rest = cells  # the name heads its row: a screen reader says whose HP a cell is
    data = "".join(f"<td>{cell}</td>" for cell in rest)
    return f'<tr{row_class}><td>{acting}</td><td>{initiative}</td><th scope="row">{who}</th>{data}</tr>'


def _beside(state: Encounter, unit: Unit, viewing: str | None) -> list[str]:
    """A unit's conditions and thrown weapons, unless the game master hides them (`gm show statuses off`)."""
    if unit.down or not beside_shown(state, unit, viewing):
        return []
    return [*conditions_of(unit), *_belt(state, unit, viewing)]


def _belt(state: Encounter, unit: Unit, viewing: str | None) -> list[str]:
    """R22.1.2: the thrown weapons the unit has left ("frag grenade × 2"); under the fog of war a side's page
    shows its own characters' only (an enemy's belt is not known)."""
    return [stock.words for stock in unit.belt] if belt_known(state, unit, viewing) else []


def _log_html(state: Encounter, log: Sequence[Event] | None) -> str:
    if log is None:
        why = "The log of this save cannot be rebuilt: its history was played under other rules."
        return f'<h2>Log</h2>\n<p class="message">{why}</p>'
    every = list(players_log(state, log))
    lines = every[-LOG_LINES:]
    # The newest line, which the live region says when a new one comes: `data-line` counts the lines so far.
    newest = f' data-announce="event" data-line="{len(every)}"'
    items = "\n".join(f"<li{newest if not at else ''}>{_text(line)}</li>" for at, line in enumerate(reversed(lines)))
    return f'<h2>Log</h2>\n<ol class="log" reversed>\n{items}\n</ol>'


def _text(value: str) -> str:
    return html.escape(value, quote=True)


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>apcombat: the players' view</title>
<link rel="icon" href="data:,">
<noscript><meta http-equiv="refresh" content="{refresh_s}"></noscript>
<style>{css}</style>
</head>
<body>
<noscript><p class="file">Without JavaScript this page reloads itself every {refresh_s} seconds.</p></noscript>
<main id="fight" data-version="{version}">
{fragment}
</main>
<div id="announce" class="visually-hidden" aria-live="polite"></div>
<script>
(function () {{
  const fight = document.getElementById("fight");
  const announce = document.getElementById("announce");
  function part(name) {{
    const found = fight.querySelector("[data-announce=" + name + "]");
    return found ? {{text: found.textContent.trim(), line: Number(found.dataset.line || 0)}} : {{text: "", line: 0}};
  }}
  let turn = part("turn"), event = part("event");
  function tell() {{
    const newTurn = part("turn"), newEvent = part("event"), said = [];
    if (newTurn.text !== turn.text && newTurn.text) said.push(newTurn.text);
    if (newEvent.line > event.line && newEvent.text) said.push(newEvent.text);
    turn = newTurn;
    event = newEvent;
    if (said.length) announce.textContent = said.join(". ");
  }}
  async function follow() {{
    try {{
      const answer = await fetch("fight?since=" + encodeURIComponent(fight.dataset.version), {{cache: "no-store"}});
      if (answer.status === 200) {{
        const shown = await answer.json();
        fight.innerHTML = shown.html;
        fight.dataset.version = shown.version;
        tell();
      }}
      document.body.classList.remove("lost");
    }} catch (error) {{
      document.body.classList.add("lost");
    }}
    setTimeout(follow, {poll_ms});
  }}
  setTimeout(follow, {poll_ms});
}})();
</script>
</body>
</html>
"""
