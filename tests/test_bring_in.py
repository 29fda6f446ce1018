"""Stud: the bring-in is due from the lowest door card (razz: the highest, ace low)."""

from pathlib import Path

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import load_ruleset
from tests.conftest import CORPUS, REPO

RULES = REPO / "rules" / "fulltilt.rules"
# goulartarm shows 2c, chasrigg 2s: the deuce of clubs is the lowest door card.
STUD = CORPUS / "ftp" / "cash" / "Stud" / "7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt"


def _bring_in_findings(path: Path, rules: Path = RULES) -> list[str]:
    loaded = load_ruleset(rules)
    result = audit([path], ruleset_id(loaded, rules), loaded)
    assert result.hands == 1 and not result.rejected
    return [f.message for f in result.findings if f.rule == "posts.bring-in-by-door-card"]


def _swapped(tmp_path: Path) -> Path:
    """The hand with the two deuces' suits swapped: chasrigg now shows the deuce of clubs."""
    text = STUD.read_text(encoding="utf-8")
    assert "Dealt to goulartarm [2c]" in text and "Dealt to chasrigg [2s]" in text
    swapped = (text.replace("Dealt to goulartarm [2c]", "Dealt to goulartarm [@@]")
               .replace("Dealt to chasrigg [2s]", "Dealt to chasrigg [2c]")
               .replace("Dealt to goulartarm [@@]", "Dealt to goulartarm [2s]")
               .replace("goulartarm is low with [2c]", "goulartarm is low with [2s]"))
    path = tmp_path / "swapped.txt"
    path.write_text(swapped, encoding="utf-8")
    return path


def test_the_lowest_door_card_brings_in(tmp_path: Path) -> None:
    assert _bring_in_findings(STUD) == []


def test_a_bring_in_by_the_wrong_door_card_is_found(tmp_path: Path) -> None:
    assert _bring_in_findings(_swapped(tmp_path)) == [
        "goulartarm brought in, but the door cards put the bring-in on another player"
    ]


def test_the_suit_order_comes_from_the_rules(tmp_path: Path) -> None:
    """With the suits ranked the other way round (spades lowest), the deuce of spades is due
    to bring in: the real hand breaks the rule and the swapped one keeps it."""
    reversed_suits = tmp_path / "reversed.rules"
    reversed_suits.write_text(
        'ruleset reversed "suits ranked spades, hearts, diamonds, clubs from the lowest"\n'
        f'extends "{RULES.as_posix()}"\n'
        'override param stud.suit_order = [spades, hearts, diamonds, clubs]\n',
        encoding="utf-8")
    assert _bring_in_findings(STUD, reversed_suits) == [
        "goulartarm brought in, but the door cards put the bring-in on another player"
    ]
    assert _bring_in_findings(_swapped(tmp_path), reversed_suits) == []
