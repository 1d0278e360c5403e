"""What both built-in levels reckon with: the expected damage of an attack (`damage`), what fires are worth
(`fire_risk`), a map's lasting facts kept between decisions (`memo`), and the damage the enemies could deal a
unit in their next turn (`danger`).

`baseline` and `tactical` (which builds on `baseline`) and the activation deck's choices (`apcombat.ai.deck`)
all read these; nothing here knows either level, so neither level reaches into the other through them.
"""
