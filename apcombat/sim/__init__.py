"""The batch harness behind `apcombat sim`: AI-vs-AI games planned by seed, played here, in a pool of
processes or on a Dask cluster, and their figures.

A game is played by `apcombat.ai`'s players through the engine's public face, as any AI plays; this package
only plans the games, plays them to the end or the round cap, and counts what happened. Nothing is imported
here, so that the command line starts without loading the engine.
"""

DEFAULT_MAX_ROUNDS = 30
"""A headless game still going after this many rounds ends as a draw."""
