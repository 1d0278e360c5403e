"""The command language: one command a line, `#` comments. The terminal app, the AI, scripts, tests and
game masters all drive the engine with these.

    move WHO X,Y [X,Y ...] [run]      turn WHO DIR            pose WHO upright|crouched|prone
    cover WHO      uncover WHO        reload WHO              swap WHO       react WHO     delay WHO
    shoot WHO TARGET [aimed LOCATION [+N]] [burst] [blind|lean] [at Ncm]
    dual WHO TARGET [burst] [lean] [at Ncm]   flame WHO TARGET [lean] [at Ncm]
    melee WHO TARGET [aimed LOCATION [+N]]
    pin WHO TARGET [at Ncm]           jump WHO X,Y            end    undo    redo    start
    throw WHO ITEM X,Y [lean]         (table mode: throw WHO ITEM at Ncm [lean], then gm blast WHO=BAND[/covered] ...)
    gm dice N N ...   gm set WHO FIELD=VALUE ...   gm bonus WHO N   gm mod N   gm force hit|miss
    gm spot WATCHER MOVER  (table mode: MOVER came into WATCHER's watch, R16.2)
    gm hp WHO +N|-N   gm condition WHO burning|exhaustion|unconscious|head N|off [PENALTY]   gm order WHO PLACE
    gm show SIDE exact|words|hidden  (how the players' view shows the side's HP)
    gm show reasons|statuses on|off  (whether the players' view shows the AI's reasons, hidden-HP enemies' statuses)
    table mode (no map): move WHO Ncm [run|crouched|prone|climb]   turn WHO DEGREES   jump WHO Ncm

Every word's class, parser, formatter and usage is one entry of the grammar table (`engine.grammar`); this
module gathers the command classes and the two functions every caller wants: `parse_command(line)` and
`format_command(command)`, the command's canonical line.
"""

from __future__ import annotations

from apcombat.engine.attack_commands import Attack, PinDown
from apcombat.engine.command_base import Command, CommandError
from apcombat.engine.gm_commands import (
    CONDITIONS,
    GmAdd,
    GmBack,
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
)
from apcombat.engine.grammar import (
    FORMS,
    GM_COMMANDS,
    GM_FORMS,
    GM_USAGE,
    USAGE,
    distances_read,
    format_command,
    is_gm_command,
    parse_command,
    typed_line,
    use_module_commands,
)
from apcombat.engine.move_commands import ChangePose, Jump, LeaveCover, Move, TakeCover, Turn
from apcombat.engine.numbers import cell as parse_cell
from apcombat.engine.numbers import distance_cm as parse_cm
from apcombat.engine.numbers import distance_reading
from apcombat.engine.throw_commands import BlastCaught, GmBlast, Throw
from apcombat.engine.turn_commands import Delay, End, React, Redo, Reload, Start, Swap, Undo

__all__ = [
    "CONDITIONS",
    "FORMS",
    "GM_COMMANDS",
    "GM_FORMS",
    "GM_USAGE",
    "USAGE",
    "Attack",
    "BlastCaught",
    "ChangePose",
    "Command",
    "CommandError",
    "Delay",
    "End",
    "GmAdd",
    "GmBack",
    "GmBlast",
    "GmBonus",
    "GmCondition",
    "GmDice",
    "GmForce",
    "GmHp",
    "GmMod",
    "GmNote",
    "GmOrder",
    "GmRemove",
    "GmSet",
    "GmShow",
    "GmShowSwitch",
    "GmSnapshot",
    "GmSpot",
    "Jump",
    "LeaveCover",
    "Move",
    "PinDown",
    "React",
    "Redo",
    "Reload",
    "Start",
    "Swap",
    "TakeCover",
    "Throw",
    "Turn",
    "Undo",
    "distance_reading",
    "distances_read",
    "format_command",
    "is_gm_command",
    "parse_cell",
    "parse_cm",
    "parse_command",
    "typed_line",
    "use_module_commands",
]
