"""The players' view for everyone at the table (issue 28, item 7, accessibility): a heading for each part, the
turn order a table with its caption and headers, one live region that says the new turn and the newest log
line when they change (only what changed), and without JavaScript a page that reloads itself. The HTML is
checked over HTTP; what a browser does with it — the live region's words, the reload — in headless chromium."""

from __future__ import annotations

import re
import urllib.request

import pytest
from test_web_browser import WAIT_MS, browser, web  # noqa: F401  (the browser fixtures)
from web_helpers import play

pytestmark = pytest.mark.xdist_group("servers")  # the browser starts once per module, on one worker


def page_of(served) -> str:
    with urllib.request.urlopen(served.url, timeout=30) as answer:
        return answer.read().decode("utf-8")


def test_each_part_has_a_heading_and_the_turn_order_is_a_table_with_its_headers(served):
    page = page_of(served)
    assert re.findall(r"<(h[1-6])>([^<]*)</h[1-6]>", page) == [
        ("h1", "Saloon brawl"),
        ("h2", "Turn order"),
        ("h2", "Log"),
    ]
    table = page.split('<table class="order">')[1].split("</table>")[0]
    assert table.startswith("\n<caption") and "Who acts in what order" in table
    assert table.count('<th scope="col">') == 7 and table.count('<th scope="row">') == 6  # a row a unit
    assert '<th scope="row"><span style="color:#ff6b6b">R1 Raider Jed</span></th>' in table
    assert 'acts now</span></td><td>19</td><th scope="row">' in table  # the acting mark said in words


def test_one_live_region_outside_the_fight_that_the_page_swaps(served):
    page = page_of(served)
    assert page.count("aria-live") == 1
    assert '</main>\n<div id="announce" class="visually-hidden" aria-live="polite"></div>' in page  # empty at first
    assert '<p class="round" data-announce="turn">Round 1 — Raider Jed acts</p>' in page
    assert '<li data-announce="event" data-line="9">Raider Jed&#x27;s turn: 8 AP</li>' in page


def test_without_javascript_the_page_reloads_itself(served):
    page = page_of(served)
    head = page.split("</head>")[0]
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in head
    assert "<noscript><p" in page.split("<body>")[1]  # and says so


def test_the_live_region_says_the_new_turn_and_the_newest_line_only_when_they_change(save, served, web):  # noqa: F811
    from playwright.sync_api import expect

    web.page.goto(served.url)
    expect(web.page.locator(".round")).to_have_text("Round 1 — Raider Jed acts")
    announce = web.page.locator("#announce")
    assert announce.text_content() == ""  # nothing said on opening
    play(save, "end")
    expect(announce).to_have_text("Round 1 — Sue acts. Sue's turn: 8 AP")
    play(save, "pose sue crouched")  # the same turn: only the new line
    expect(announce).to_have_text(re.compile(r"^Sue goes crouched"))
    play(save, "undo")  # a line taken back is not news
    expect(web.page.locator("ol.log li").first).to_have_text("Sue's turn: 8 AP")
    assert announce.text_content().startswith("Sue goes crouched")
    assert web.outside == []


def test_without_javascript_the_page_follows_the_fight_by_reloading(save, served, browser):  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(served.url)
        expect(page.locator(".round")).to_have_text("Round 1 — Raider Jed acts")
        play(save, "end")
        expect(page.locator(".round")).to_have_text(
            "Round 1 — Sue acts", timeout=WAIT_MS
        )  # within 5 s, less a slow machine
    finally:
        context.close()
