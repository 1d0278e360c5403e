"""`apcombat serve` (issue 13, item 4): textual-serve's page links a web font on another host; the page the
program serves takes the same font from textual-serve's own static files instead (the browser test checks the
page as it loads; this one checks the template without a browser)."""

from __future__ import annotations

import re
from pathlib import Path

from apcombat.cli.serve import local_templates


def test_the_served_page_template_links_nothing_on_another_host(tmp_path: Path):
    written = local_templates(tmp_path)
    page = (written / "app_index.html").read_text(encoding="utf-8")
    fetched = re.findall(r"""(?:href|src)=["']([^"']+)""", page) + re.findall(r"url\(\"?([^\")]+)", page)
    assert fetched and all(url.startswith("{{") for url in fetched), fetched  # all from this server's address
    assert "fonts/RobotoMono-VariableFont_wght.ttf" in page
