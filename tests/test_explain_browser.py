"""The explain page in a real headless Chromium (tests/browser.py): the planted odd-chip hand
shows who the record paid the odd chip and what the rule expected, once its scripts ran; a
screenshot of it is not blank."""

import re
from html import unescape
from pathlib import Path

import pytest

from checker.dsl.ruleset import load_ruleset
from checker.explain.hands import explain_hand
from checker.report.explain_html import render_explain_html
from tests.browser import distinct_colours, dump_dom, screenshot
from tests.conftest import REPO

FIXTURES = REPO / "hand_histories" / "fixtures"
ODD_CHIP = "pots.odd-chip-left-of-button"
# A blank or near-blank page has a handful of colours; the table view has hundreds.
_MIN_COLOURS = 50


def _page(tmp_path: Path, fixture: str, hand: str) -> Path:
    explanation = explain_hand(FIXTURES / fixture, hand, load_ruleset(REPO / "rules" /
                                                                       "fulltilt.rules"))
    page = tmp_path / f"{hand}.html"
    page.write_text(render_explain_html(explanation), encoding="utf-8")
    return page


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _rule_card(dom: str, rule_id: str) -> tuple[str, str]:
    """The class and the inner HTML of the rule's card."""
    found = re.search(rf'<details class="([^"]*)" id="rule-\d+" data-rule="{re.escape(rule_id)}"'
                      r"[^>]*>(.*?)</details>\s*</div>\s*</details>", dom, re.S)
    assert found is not None, f"no card for {rule_id}"
    return found[1], found[2]


def _rows(card: str, css: str) -> list[str]:
    return [_text(row) for row in re.findall(rf'<tr class="{css}">(.*?)</tr>', card, re.S)]


@pytest.fixture(scope="module")
def tmp_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("explain-pages")


def test_the_planted_odd_chip_page_shows_expected_and_recorded_recipient(tmp_dir: Path) -> None:
    dom = dump_dom(_page(tmp_dir, "odd-chip.planted.txt", "911000001"))
    assert 'data-explain-ready="true"' in dom, "the page's script ran"
    # Recorded: the record paid the odd chip (38 of 75) to Carol.
    assert "recorded recipient: Carol (paid above the even share)" in _text(dom)
    css, card = _rule_card(dom, ODD_CHIP)
    assert css == "rule failed"
    # Expected: Bob, nearer the button's left, is due the share plus the odd chip, 38.
    broken = _rows(card, "broken")
    assert broken[0].startswith("w = Bob w.awarded == ")
    assert "w.awarded (w = Bob) = 37 == " in broken[0]
    assert broken[0].endswith("then base + unit else base (w = Bob) = 38 does not hold")
    assert "Counter-example in the trace: w = Bob" in _text(card)
    assert "Clause 22 When a pot cannot be divided equally" in _text(card)
    # The timeline marks the showdown step with the failing rule; the script left it current.
    assert re.search(r'class="step failed current" data-step="11"', dom)


def test_the_twin_page_shows_bob_paid_and_the_rule_passing(tmp_dir: Path) -> None:
    dom = dump_dom(_page(tmp_dir, "odd-chip.twin.txt", "911000002"))
    assert "recorded recipient: Bob (paid above the even share)" in _text(dom)
    css, card = _rule_card(dom, ODD_CHIP)
    assert css == "rule passed"
    assert _rows(card, "broken") == []
    assert "rule check(s) failed" not in dom


def test_a_screenshot_of_the_planted_page_is_not_blank(tmp_dir: Path) -> None:
    page = _page(tmp_dir, "odd-chip.planted.txt", "911000001")
    image = screenshot(page, tmp_dir / "odd-chip.png")
    assert image.size == (1280, 900)
    assert distinct_colours(image) >= _MIN_COLOURS
    # The felt is drawn: a good share of the picture is the table's green.
    greens = 0
    for count, colour in image.resize((64, 64)).getcolors(maxcolors=64 * 64) or []:
        assert isinstance(colour, tuple)
        red, green, blue = colour[:3]
        greens += count if green > red + 30 and green > blue + 20 else 0
    assert greens > 64 * 64 // 10


def test_clicking_a_step_shows_the_table_at_that_step(tmp_dir: Path) -> None:
    page = _page(tmp_dir, "odd-chip.planted.txt", "911000001")
    # The page's own script runs first; then a click on step 2 of the timeline.
    clicked = tmp_dir / "clicked.html"
    clicked.write_text(page.read_text(encoding="utf-8").replace(
        "</body>", "<script>document.querySelector('#timeline [data-step=\"2\"]').click();"
        "</script></body>"), encoding="utf-8")
    dom = dump_dom(clicked)
    # Step 2: Carol calls 30 after the blinds of 15 and 30 (the fixture's lines 5, 6, 9).
    assert re.search(r'id="caption">Carol calls 30<', dom)
    assert re.search(r'id="pot">75<', dom)
    assert re.search(r'id="stepno">step 2<', dom)
    assert re.search(r'class="step current" data-step="2"', dom)
    stacks = dict(re.findall(r'data-player="(\w+)".*?id="stack-\d+">(\d+)<', dom, re.S))
    assert stacks == {"Alice": "1485", "Bob": "1470", "Carol": "1470"}
    # Preflop: no board card is showing yet.
    assert len(re.findall(r'class="card [a-z]+ hidden-card" id="b0-', dom)) == 5
    assert "Before the act" in dom and "Carol to call" in dom
