"""An unexpected error in the app: the full report goes to a file, the player gets one line pointing to it."""

from __future__ import annotations

import sys
import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path

from apcombat import __version__
from apcombat.content.user_files import crash_folder


def write_crash_report(error: BaseException) -> Path:
    """Write the error's full traceback to crash-<time>.log in the crash folder (the temporary folder if that
    cannot be written) and return the file's path."""
    now = datetime.now(UTC)
    text = (
        f"apcombat {__version__} stopped on an unexpected error at {now:%Y-%m-%d %H:%M:%S} UTC\n"
        f"Python {sys.version.split()[0]} on {sys.platform}\n\n" + "".join(traceback.format_exception(error))
    )
    name = f"crash-{now:%Y%m%d-%H%M%S-%f}.log"
    for folder in (crash_folder(), Path(tempfile.gettempdir()) / "apcombat"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return Path(name)  # nowhere to write: the line still names the error


def crash_line(error: BaseException, report: Path) -> str:
    """The one line the player sees when the app stops on an unexpected error."""
    return f"apcombat stopped on an unexpected error ({type(error).__name__}); the full report is in {report}"
