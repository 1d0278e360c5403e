"""The optional rule modules (R18), each a part (`engine.part.RuleModule`) the core calls at fixed points.

`REGISTRY` lists them in the order their hooks run — casualties before morale, since R18.1.2's tests count
the characters R18.2.1's d6s take out of the fight; the set-up screen shows them in their rules' order
(`engine.part.rule_modules`). Importing the engine installs them. A new module is one new part and one line here
(and its key in `model.modules`, which `apcombat check` reads below the engine; a test keeps the two agreeing).
"""

from __future__ import annotations

from apcombat.engine.modules.activation_deck import ACTIVATION_DECK
from apcombat.engine.modules.casualties import CASUALTIES
from apcombat.engine.modules.fire_spread import FIRE_SPREAD
from apcombat.engine.modules.fog_of_war import FOG_OF_WAR
from apcombat.engine.modules.morale import MORALE
from apcombat.engine.modules.rerolls import REROLLS
from apcombat.engine.modules.suppression import SUPPRESSION
from apcombat.engine.part import RuleModule, install

REGISTRY: tuple[RuleModule, ...] = (
    CASUALTIES,  # R18.2
    MORALE,  # R18.1
    FIRE_SPREAD,  # R18.3
    SUPPRESSION,  # R18.4
    ACTIVATION_DECK,  # R18.5
    REROLLS,  # R18.6
    FOG_OF_WAR,  # R21: after the others, so each update sees what their steps changed
)


install(REGISTRY)
