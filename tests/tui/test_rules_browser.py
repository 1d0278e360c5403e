"""F1 opens the rules reference (docs/rules.md) in the app: at the rule the battlefield's hint or newest log
line cites, else at the top; a search box finds rules by number or by word; `?` lists the key."""

from __future__ import annotations

from textual.widgets import DataTable, Input, OptionList

from apcombat.tui.rules_book import last_rule_cited, load_rules_book
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.help import HelpScreen
from apcombat.tui.screens.rules import RulesScreen
from apcombat.tui.screens.title import TitleScreen


def listed(screen: RulesScreen) -> list[str]:
    """The titles the section list shows, in order."""
    options = screen.query_one(OptionList)
    return [str(options.get_option_at_index(index).prompt).strip() for index in range(options.option_count)]


def test_the_book_finds_rules_by_number_and_by_word():
    book = load_rules_book()
    assert book.sections[book.index_of("9.3")].title.startswith("R9.3 ")
    assert book.sections[book.index_of("18.3.2")].title.startswith("R18.3.2 ")
    assert book.sections[book.index_of("7.3.9")].title.startswith("R7.3 "), "a number without a heading: its parent"
    assert book.index_of("99") is None
    titles = [book.sections[index].title for index in book.search("R9")]
    assert titles[0].startswith("R9 ") and len(titles) == 6 and all(t.startswith("R9") for t in titles)
    assert [book.sections[index].title for index in book.search("9.3")] == ["R9.3 The cover penalty"]
    assert [book.sections[index].number for index in book.search("bipod")] == ["5.3"]
    assert book.search("no such word anywhere") == []
    r7 = book.text_of(book.index_of("7"))
    assert r7.startswith("## R7 Movement") and "### R7.4 Rubble" in r7 and "R8" not in r7.split("R7.4 Rubble")[1]
    assert last_rule_cited("Ana delays the turn (R13.3)") == "13.3"
    assert last_rule_cited("broken (R12.1, R19.1): swap weapons") == "19.1"
    assert last_rule_cited("no rule here, R2D2") is None


def test_f1_on_the_battlefield_opens_the_rule_the_hint_or_the_log_in_view_cites(run_ui):
    async def script(ui):
        await ui.command("start", "delay ana")
        assert "R" not in ui.game.query_one("#hint").said.replace("Rex", "")
        assert "Ana delays the turn (R13.3)" in ui.log_text()
        await ui.press("f1")  # the hint cites no rule: the log's newest line that does
        rules = await ui.wait_for_screen(RulesScreen)
        assert rules.shown_title == "R13.3 Delay"
        assert "R13.3 Delay" in ui.screen_text()
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)
        ui.game.hint("a watch fires when an enemy enters the cone (R16.2), at its best ranges (R1.3)")
        await ui.press("f1")  # the hint's last rule
        rules = await ui.wait_for_screen(RulesScreen)
        assert rules.shown_title == "R1.3 Range bands"

    run_ui(script)


def test_f1_without_a_rule_in_view_opens_the_top_and_searches_by_number_and_word(run_ui):
    async def script(ui):
        await ui.press("f1")
        rules = await ui.wait_for_screen(RulesScreen)
        assert rules.shown == 0 and rules.shown_title == "The rules of apcombat"
        await ui.press("f1")  # a second F1 keeps the one browser
        assert sum(isinstance(screen, RulesScreen) for screen in ui.app.screen_stack) == 1
        await ui.press("slash")
        assert rules.query_one(Input).has_focus
        await ui.type("R9.3")
        await ui.settle()
        assert listed(rules) == ["R9.3 The cover penalty"] and rules.shown_title == "R9.3 The cover penalty"
        await ui.press(*["backspace"] * 4)
        await ui.type("bipod")
        await ui.press("enter")
        assert rules.shown_title == "R5.3 Resting the gun" and rules.query_one(OptionList).has_focus
        assert "bipod" in ui.screen_text()
        await ui.press("slash", *["backspace"] * 5)
        await ui.press("enter")
        await ui.press("down")  # the whole list is back; moving in it shows the next section
        assert rules.shown_title == "R5.3 Resting the gun" or rules.shown_title.startswith("R6")
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)

    run_ui(script, open_path=None)


def test_the_help_screen_lists_the_rules_key(run_ui):
    async def script(ui):
        await ui.press("question_mark")
        help_screen = await ui.wait_for_screen(HelpScreen)
        table = help_screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
        assert ["f1", "Rules", "everywhere", "app.rules"] in rows

    run_ui(script)
