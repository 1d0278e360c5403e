"""The `apcombat` command itself: a misspelt subcommand gets the nearest one suggested, in one line."""

from __future__ import annotations

import pytest

from apcombat.cli import main


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simm"], "unknown command 'simm' (did you mean 'sim'?); the commands are "),
        (["--content", "mine", "chek", "x.toml"], "unknown command 'chek' (did you mean 'check'?); the commands are "),
        (["zebra"], "unknown command 'zebra'; the commands are "),
    ],
)
def test_a_misspelt_command_is_one_line_suggesting_the_nearest(capsys, args, says):
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith(f"apcombat: {says}"), err
    assert "attack, check" in err
