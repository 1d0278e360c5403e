"""How to play: the game in a few screens of text, for someone who has never played it (h on the title and on
the keys screen). The rules themselves are in docs/rules.md and the rules browser (F1)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, Static

from apcombat.tui.widgets.steady_footer import FittedFooter

HOW_TO_PLAY = """\
THE GOAL
Each side's units fight until one side has no one left standing. The demo duel (d on the title) is one
gunslinger, Ana, against one raider: it walks you through a first turn with hints (F2 switches them off).

A ROUND AND A TURN
s starts the fight: initiative (AG + PE + LU / 2 + 1d6) sets the order in which the units act each round.
On its turn a unit spends action points (AP) — Ana has 8 a round — on moving, turning, changing pose,
taking cover, reloading and attacking; e ends the turn, and AP not spent are lost (R13). u puts the cursor
on your next unit that has not yet acted this round, with its AP (again: the one after); . goes back to the
unit acting.

WHILE THE AI PLAYS
The map follows each enemy action: it scrolls to the unit acting and its target, draws the shot's line and
the damage (-14) for a moment, and the hint line gives the AI's reason. When your turn comes back, "While
you waited" lists every enemy action since your last turn with what it did to your units; Enter on a line
puts the cursor there, Escape closes the list and W opens it again. n skips the rest of the AI's turn.

MOVING
Move the cursor with the arrow keys (or click a cell): the path preview draws the way and the AP it costs,
with what each step leaves. m moves there; M draws the run there and its cost, and M again runs. A step
straight across a cell costs less than a diagonal one; rubble costs double; crouched and prone you move
slower (R7, R8). t turns the unit towards the cursor: up to 45 degrees is free, 90 costs 1 AP, more 2 AP
(R7.3). Before you walk, S shows what the unit would see from the cursor's cell and the enemies' watch
cones, with the walk's cost; S again (or the unit moving) clears it.

SHOOTING
Tab picks an enemy in sight; f opens the shot dialog. Its breakdown lists every modifier of the hit chance
— the weapon skill, the range band, an aimed location, cover, your wounds, the target's pose — each with
its rule; the chance is never above 95 %. Choose the mode (single, aimed at a body part, burst) and Enter
shoots: a d100 at or under the hit chance hits, a low roll (your luck and more) is a critical that ignores
armour and wounds the part it hits (R1-R4, R12). A hit's damage, less the target's armour, comes off its HP.

THROWING
T throws a grenade, a Molotov or a stick of dynamite (R22); the unit panel shows what is left ("frag
grenade × 2"). Pick the item, then move the cursor to the target cell: the blast is drawn around it (inner
red, middle yellow, outer grey), each character it would catch in the band it would take, and the hint gives
the chance to hit, the chance it scatters, the AP, the reach and the damage expected. Enter throws — asking
first when a friend is in the blast — and Esc leaves. On a miss it scatters; the log has the dice and the map
marks where it landed (✸✸).

COVER AND POSES
Beside a wall or a low wall (=), c takes cover for 2 AP: shooting at you from its far side costs the
shooter 40 points of hit chance (R9). p changes pose: a crouched or prone target is harder to hit (R8).
o puts a unit on watch: it keeps its AP and fires at an enemy that enters its cone at its best ranges
(R16).

READING THE MAP
Each unit has a mark that stays the same all fight: its side's letter and a number (R1, R2 ... B1), in the
panels and the turn order too. Sides differ by colour and shape: at the smallest zoom the first side's marks
are capitals, the second's small letters (r1); zoomed (z), each side has its brackets, [R1] (B1). A zoomed
unit shows below its mark its facing (→), its pose (▄ crouched, ▁ prone; prone at the smallest zoom is
underlined and slanted) and its flags: ▪ in cover, ◎ watching, # pinned, ~ suppressed, * stunned, ? shaken,
! broken, ^ burning; the panels give the flags after the mark always. A unit out of the fight is dim. The
floor is blank but for a dot every fifth cell; ≈≈ is a gap (a river), ░░ rubble. The settings' palette
(standard, colour-blind, high contrast) colours the map, the panels and the legend (L).

FOG OF WAR
In an encounter with the fog of war (R21), your side sees only the enemies its characters see: the map, the
panels, the turn order and the hint show nothing else, and while an enemy you do not see acts the turn order
reads "Round 2 — out of sight" and the AI's command plays at once, undrawn. Where your side last saw an enemy
it keeps a mark, ? in that side's colour, until the end of the next round; the cursor on it says whose it is
and when ("? Rat (last seen round 2, crouched)", or "an enemy" if you never saw it). A hidden character
(faint, ◌) is seen by no enemy until it reveals itself — by moving or firing, by reveal, or when an enemy
steps beside it. Two players at one screen (hot-seat) get a hand-over screen before each side's turn: pass
the keyboard and press Enter. The game master (g) sees everything and can view the fight as any side.

WHEN YOU ARE LOST
? lists every key with where it works, F1 opens the rule a line cites (and searches the rules), L shows
what each map glyph means, ctrl+z takes back the last command, and : types any command of the command
language (the manual's Scripting page lists it). ctrl+s saves the fight; the autosave keeps the latest
state. F4 (s on the title) opens the settings: the AI's pace, following the action, the hints, the default
zoom, a colour-blind or high-contrast palette, and how much the log says.

HOT-SEAT UNDER THE FOG OF WAR
With the fog of war on (R21) and two human sides sharing the keyboard, each side sees only its own view.
Whenever the screen is to show the other side's view — its character's turn, its watcher's interruption and
the end of it, its choice of the activation deck's card, its re-roll — a hand-over covers the whole screen:
"Round 2 — pass the keyboard to The Vault's player: press Enter when only they can see the screen". It
answers only Enter, a click and ctrl+q. An AI side's turns show nobody's view. ctrl+z then takes back only
what you played since the hand-over, and never a command that showed you something new (an enemy, a mark).

WATCHING A REPLAY
r on the title watches a saved fight again from its start: space plays it on at the AI pace (and pauses),
right or n steps one command on, left or p one back, home and end jump to the start and the end; z zooms
as on the battlefield. The log below shows the fight up to the command on the map.

THE LOG
The log under the map says what each command did; [ and ] scroll it. A burst is one line with its result: a
click on it shows its rounds. ctrl+l opens the whole log, every line: / searches it (n and N go from match to
match), u, s and k show one unit's, one side's or one kind's lines (attacks, moves, morale, GM, AI, turns).

THE GAME MASTER'S SIDE
At a table, t on the title builds a fight from ready characters (the roster); a fight without a map is
table mode, with distances measured on the table: there T throws at a point a distance in cm away, the
program says where it lands in the table's words, and the gm blast dialog names who is under the template,
in which band (R22.9). a on the title is the attack resolver: one attack worked out in full, its values
changed in a form. g in a fight opens the game master's tools.
"""


def how_to_play_text() -> Text:
    """The page: each section's heading in bold, its lines joined so the screen wraps them at its width."""
    text = Text()
    for number, block in enumerate(HOW_TO_PLAY.strip().split("\n\n")):
        heading, *lines = block.splitlines()
        text.append(("\n\n" if number else "") + heading.capitalize() + "\n", style="bold")
        text.append(" ".join(lines))
    return text


class HowToPlayScreen(Screen):
    """The game explained in a page; Escape goes back."""

    DEFAULT_CSS = """
    HowToPlayScreen VerticalScroll { padding: 0 1; }
    """

    BINDINGS = [Binding("escape,q,h", "app.pop_screen", "Back", id="how_to_play.back")]

    def compose(self) -> ComposeResult:
        yield Label("How to play (↑↓ PgUp PgDn scroll, Esc goes back)", classes="dialog-title")
        with VerticalScroll(id="how-to-play"):
            yield Static(how_to_play_text())
        yield FittedFooter()

    def on_mount(self) -> None:
        for page in self.query(VerticalScroll):  # none when the app closes before the screen is composed
            page.focus()
