"""Snapshots of a throw being aimed (R22) at 140 x 45 and 80 x 24: Ana's frag grenade over the low wall at the two
raiders, the blast's bands drawn round the cursor, each raider in the band it takes, the hint line's figures.

`pytest tests/tui/test_throw_snapshots.py --snapshot-update` rewrites them after a change meant to change the look.
"""

from __future__ import annotations

from test_snapshots import SIZES
from test_throw_keys import aim_frag, field


@SIZES
def test_a_grenade_aimed_over_the_low_wall(snap, size, tmp_path):
    assert snap(aim_frag, size, open_path=field(tmp_path))
