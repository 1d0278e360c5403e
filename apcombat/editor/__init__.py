"""The encounter editor's core, without a screen: the fight being made (`EditorSession`: edits, undo and
redo, saving the file as written, the autosaved draft), the edits of the map (`map_edits`) and of who fights
(`fight_edits`), the shapes a stroke covers (`shapes`), the terrains (`terrain`) and the live checks
(`checking`: what `apcombat check` would say, put on the unit or cell it concerns). The app's editor screen
(apcombat/tui/screens/editor/) and `apcombat edit` drive it."""

from __future__ import annotations

from apcombat.editor.checking import Spot, problems
from apcombat.editor.opening import drafts, is_shipped, new_fight, open_draft, open_fight
from apcombat.editor.refusal import EditRefused
from apcombat.editor.session import EditorSession
from apcombat.editor.terrain import PAINT_OF, PAINTS, Paint

__all__ = [
    "PAINTS",
    "PAINT_OF",
    "EditRefused",
    "EditorSession",
    "Paint",
    "Spot",
    "drafts",
    "is_shipped",
    "new_fight",
    "open_draft",
    "open_fight",
    "problems",
]
