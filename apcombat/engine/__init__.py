"""The turn engine: `apply(state, command, dice) -> (state, events)`, `preview`, and a Game with history.

The command classes are here too, so that the layers above build commands from the engine's public face
(`format_command(command)` is a command's canonical line, `parse_command(line)` reads one back).

This is the engine's public face: the AI, the batch harness, the app and the players' view import from here
only, never from a module of the package (an import-linter contract says so). `views` is public whole, as
the docs promise plug-ins (`from apcombat.engine import views`).
"""

import apcombat.engine.modules  # noqa: F401 — installs the rule modules' parts (R18)
from apcombat.engine import views
from apcombat.engine.apply import apply

# What an attack would be before it is rolled: its plan (the AI's expected damage), and the modes and the
# firing from cover the attacker may choose against a target (the app's shot dialog).
from apcombat.engine.attacks import choices as attack_choices
from apcombat.engine.attacks import plan_for

# The commands a caller builds or tells apart: an attack (the AI's tallies and damage, the app's table),
# calming a friend (the AI's R18.4.4 move), the lines no AI may play (game-master, undo, redo, start), and
# the conditions a game master may set (the app's game-master screen).
from apcombat.engine.commands import (
    CONDITIONS,
    GM_COMMANDS,
    Attack,
    BlastCaught,
    ChangePose,
    Command,
    CommandError,
    Delay,
    End,
    GmAdd,
    GmBack,
    GmBlast,
    GmBonus,
    GmCondition,
    GmDice,
    GmForce,
    GmHp,
    GmMod,
    GmNote,
    GmOrder,
    GmRemove,
    GmSet,
    GmShow,
    GmShowSwitch,
    GmSnapshot,
    GmSpot,
    Jump,
    LeaveCover,
    Move,
    PinDown,
    React,
    Redo,
    Reload,
    Start,
    Swap,
    TakeCover,
    Throw,
    Turn,
    Undo,
    distance_reading,
    distances_read,
    format_command,
    is_gm_command,
    parse_command,
    typed_line,
)
from apcombat.engine.events import Event, side_log

# The fight added up from its log (the victory screen's table, the Markdown export).
from apcombat.engine.fight_summary import casualty_tally, damage_taken, side_summary

# GivenDie: a die typed at the table (the app's dice dialog).
from apcombat.engine.game import Game, HistoryEntry
from apcombat.engine.game_dice import DiceState, GivenDie

# The map as the rules read it: its grid, a prone unit hidden from another, cover within a step.
from apcombat.engine.geometry import cover_nearby, grid_of, hidden_prone
from apcombat.engine.gm_commands import NOTE_LENGTH, SNAPSHOT_NAME_LENGTH, note_problem

# attack_lines: the attack lines of legal_commands alone (the tactical AI's planner).
from apcombat.engine.legal import attack_actions, attack_lines, legal_actions, legal_commands, throw_cells

# The fight's log as Markdown (the app's export).
from apcombat.engine.log_export import log_markdown
from apcombat.engine.marks import FLAGS, side_letters, unit_flags, unit_marks

# The optional rule modules (R18) as the layers above see them: each part (the set-up screen's switches), and
# what the app and the AI read of each — the commands they build, the deck's question, fires, morale's edge,
# re-rolls and suppression markers.
from apcombat.engine.modules.activation_deck.commands import Hold, Last
from apcombat.engine.modules.activation_deck.deck import (
    DECK_COMMANDS,
    choice_actions,
    choice_lines,
    deck_summary,
    side_asked,
)
from apcombat.engine.modules.casualties.commands import Aid, GmNext
from apcombat.engine.modules.fire_spread.commands import GmFire
from apcombat.engine.modules.fire_spread.damage import fires_on, in_a_fire
from apcombat.engine.modules.fog_of_war.commands import GmHide, GmReveal, GmSees, Reveal
from apcombat.engine.modules.morale.checks import edge_metres, edge_of
from apcombat.engine.modules.morale.commands import GmMorale
from apcombat.engine.modules.rerolls.commands import Reroll
from apcombat.engine.modules.rerolls.replay import REROLL_COST, describe_die, rerollable
from apcombat.engine.modules.suppression.commands import Calm, GmNear
from apcombat.engine.modules.suppression.markers import markers_of
from apcombat.engine.notes import without_notes
from apcombat.engine.part import RuleModule, rule_modules
from apcombat.engine.preview import Preview, preview

# R21.8: what a side is shown (the fog of war), and what it knows of the enemies it does not see.
from apcombat.engine.side_view import (
    belt_known,
    blast_landed,
    fog_on,
    last_seen,
    marks_of,
    sees_now,
    shows_new,
    undo_refusal,
    view,
)

# The snapshots `gm back` returns to: where one stands in a history (the app's refusal under the fog, R21.8.8).
from apcombat.engine.snapshots import snapshot_place
from apcombat.engine.table_throw import waiting_words

# R22: thrown weapons — a throw's plan, what its preview says, and whom a blast at a cell would catch.
from apcombat.engine.throw_preview import BlastShare, LandingChance, ThrowPreview, blast_cells, blast_shares
from apcombat.engine.throwing import ThrowPlan, plan_throw

# What a screen shows and an AI weighs, computed here so that no UI computes a rule.
from apcombat.engine.views import (
    SightFrom,
    TurnToCome,
    action_costs,
    band_cells,
    conditions_of,
    covered_cells,
    enemies_in_view,
    enemy_cones,
    facing_towards,
    morale_words,
    own_cones,
    reachable_area,
    reachable_cells,
    sight_cells,
    sight_from,
    still_to_act,
    visible_enemies,
    walk_preview,
    watch_cone,
    watch_prompts,
    watch_reach,
)

__all__ = [
    "CONDITIONS",
    "DECK_COMMANDS",
    "FLAGS",
    "GM_COMMANDS",
    "NOTE_LENGTH",
    "REROLL_COST",
    "SNAPSHOT_NAME_LENGTH",
    "Aid",
    "Attack",
    "BlastCaught",
    "BlastShare",
    "Calm",
    "ChangePose",
    "Command",
    "CommandError",
    "Delay",
    "DiceState",
    "End",
    "Event",
    "Game",
    "GivenDie",
    "GmAdd",
    "GmBack",
    "GmBlast",
    "GmBonus",
    "GmCondition",
    "GmDice",
    "GmFire",
    "GmForce",
    "GmHide",
    "GmHp",
    "GmMod",
    "GmMorale",
    "GmNear",
    "GmNext",
    "GmNote",
    "GmOrder",
    "GmRemove",
    "GmReveal",
    "GmSees",
    "GmSet",
    "GmShow",
    "GmShowSwitch",
    "GmSnapshot",
    "GmSpot",
    "HistoryEntry",
    "Hold",
    "Jump",
    "LandingChance",
    "Last",
    "LeaveCover",
    "Move",
    "PinDown",
    "Preview",
    "React",
    "Redo",
    "Reload",
    "Reroll",
    "Reveal",
    "RuleModule",
    "SightFrom",
    "Start",
    "Swap",
    "TakeCover",
    "Throw",
    "ThrowPlan",
    "ThrowPreview",
    "Turn",
    "TurnToCome",
    "Undo",
    "action_costs",
    "apply",
    "attack_actions",
    "attack_choices",
    "attack_lines",
    "band_cells",
    "belt_known",
    "blast_cells",
    "blast_landed",
    "blast_shares",
    "casualty_tally",
    "choice_actions",
    "choice_lines",
    "conditions_of",
    "cover_nearby",
    "covered_cells",
    "damage_taken",
    "deck_summary",
    "describe_die",
    "distance_reading",
    "distances_read",
    "edge_metres",
    "edge_of",
    "enemies_in_view",
    "enemy_cones",
    "facing_towards",
    "fires_on",
    "fog_on",
    "format_command",
    "grid_of",
    "hidden_prone",
    "in_a_fire",
    "is_gm_command",
    "last_seen",
    "legal_actions",
    "legal_commands",
    "log_markdown",
    "markers_of",
    "marks_of",
    "morale_words",
    "note_problem",
    "own_cones",
    "parse_command",
    "plan_for",
    "plan_throw",
    "preview",
    "reachable_area",
    "reachable_cells",
    "rerollable",
    "rule_modules",
    "sees_now",
    "shows_new",
    "side_asked",
    "side_letters",
    "side_log",
    "side_summary",
    "sight_cells",
    "sight_from",
    "snapshot_place",
    "still_to_act",
    "throw_cells",
    "typed_line",
    "undo_refusal",
    "unit_flags",
    "unit_marks",
    "view",
    "views",
    "views`).",
    "visible_enemies",
    "waiting_words",
    "walk_preview",
    "watch_cone",
    "watch_prompts",
    "watch_reach",
    "without_notes",
]
