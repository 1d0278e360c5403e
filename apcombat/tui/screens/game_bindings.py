"""The battlefield's key bindings (the game screen's and, with its own added, the table's): each with the id the
key file and the keys screen (`?`) name it by."""

from textual.binding import Binding, BindingType

from apcombat.tui.battle_layout import PANELS_KEY
from apcombat.tui.widgets.deck_panel import DECK_KEY

GAME_BINDINGS: list[BindingType] = [
    Binding("m", "move", "Move", id="game.move"),
    Binding("M", "move(True)", "Run (first its path and cost, again to run)", id="game.run", show=False),
    Binding("t", "turn", "Turn", id="game.turn", show=False),
    Binding("p", "pose", "Pose", id="game.pose", show=False),
    Binding("c", "cover", "Cover", id="game.cover", show=False),
    Binding("f", "fire", "Fire", id="game.fire"),
    Binding("T", "throw", "Throw (a grenade, a Molotov ...)", show=False, id="game.throw"),
    Binding("tab", "target(1)", "Target", id="game.target_next", priority=True),
    Binding("shift+tab", "target(-1)", "Target back", show=False, id="game.target_previous", priority=True),
    Binding("r", "reload", "Reload", show=False, id="game.reload"),
    Binding("w", "swap", "Swap", show=False, id="game.swap"),
    Binding("o", "react", "Watch", show=False, id="game.react"),
    Binding("x", "pin", "Pin", show=False, id="game.pin"),
    Binding("J", "jump", "Jump", show=False, id="game.jump"),
    Binding("d", "delay", "Delay", show=False, id="game.delay"),
    Binding("a", "aid", "First aid", show=False, id="game.aid"),
    Binding("C", "calm", "Calm", show=False, id="game.calm"),
    Binding("R", "reroll", "Re-roll", show=False, id="game.reroll"),
    Binding("e", "end", "End turn", id="game.end"),
    Binding("s", "start", "Start", show=False, id="game.start"),
    Binding("n", "ai_skip", "Skip AI", id="game.ai_skip"),
    Binding("W", "waited", "While you waited", show=False, id="game.waited"),
    Binding("ctrl+z", "undo", "Undo", id="game.undo"),
    Binding("ctrl+y", "redo", "Redo", show=False, id="game.redo"),
    Binding("ctrl+s", "save", "Save", id="game.save", show=False),
    Binding("ctrl+o", "load", "Load", show=False, id="game.load"),
    Binding("g", "gm", "GM", id="game.gm"),
    Binding(DECK_KEY, "deck", "Deck", id="game.deck"),  # shown while the deck asks (R18.5.1)
    Binding("plus", "quick_hp('+')", "Heal", show=False, id="game.gm_heal"),
    Binding("minus", "quick_hp('-')", "Hurt", show=False, id="game.gm_hurt"),
    Binding("colon", "command_line", "Command", show=False, id="game.command_line"),
    Binding("S", "sight_from_cursor", "Sight from the cursor", show=False, id="game.sight_from_cursor"),
    Binding("1", "overlay('sight')", "Sight", show=False, id="game.overlay_sight"),
    Binding("2", "overlay('cones')", "Cones", show=False, id="game.overlay_cones"),
    Binding("3", "overlay('bands')", "Bands", show=False, id="game.overlay_bands"),
    Binding("4", "overlay('cover')", "Cover map", show=False, id="game.overlay_cover"),
    Binding("5", "overlay('reach')", "Reach", show=False, id="game.overlay_reach"),
    Binding("L", "legend", "Legend", show=False, id="game.legend"),
    Binding("full_stop", "to_active", "To the acting unit", show=False, id="game.to_active"),
    Binding("u", "next_unit", "Next unit to act", show=False, id="game.next_unit"),
    Binding("v", "overview", "Whole map", show=False, id="game.overview"),
    Binding("z", "zoom", "Zoom", show=False, id="game.zoom"),
    Binding(PANELS_KEY, "panels", "Side panels", show=False, id="game.panels"),
    Binding("y", "ai_options", "AI's options", show=False, id="game.ai_options"),
    Binding("escape", "close_command_line", "Back", show=False, id="game.escape"),
    Binding("f2", "hints", "Hints on/off", show=False, id="game.hints"),
    Binding("left_square_bracket", "log_scroll(-1)", "Log up", show=False, id="game.log_up"),
    Binding("right_square_bracket", "log_scroll(1)", "Log down", show=False, id="game.log_down"),
    Binding("ctrl+l", "full_log", "Whole log", show=False, id="game.full_log"),
]
