"""Site policies decided by evidence (issue 14): the unit a pot is split in, which half of a
hi/lo pot takes the odd chip, and who brings in at stud when the lowest door card is all in
on the ante. Each is a parameter or a measured fact the rules read; the fixture pairs of
rules/fulltilt-fixtures.rules and rules/pokerstars-fixtures.rules pin the verdicts, and the
real hands that decided them are judged here."""

import re
from math import gcd
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.dsl.testing import FoundFinding, run_tests
from checker.ingest.stream import FileRecords, read_paths
from checker.model.hand import Hand
from checker.replay.pots import _common, smallest_unit
from tests.conftest import CORPUS, REPO

RULES = REPO / "rules"
FIXTURES = REPO / "hand_histories" / "fixtures"
STARS_FIXTURES = REPO / "hand_histories" / "fixtures-pokerstars"
STARS_FIXTURE_RULES = RULES / "pokerstars-fixtures.rules"
# Every amount a multiple of 5 cents; the $1.90 pot four ways is paid 50, 50, 45, 45.
FOUR_WAY = (CORPUS.parent / "real-pokerstars" / "cash" / "jejellyroll-fr__fpdb-3"
            / "regression-test-files" / "cash" / "Stars" / "Flop"
            / "NLHE-9max-USD-0.25-0.50-200801.4.way.split.unequal.rake.txt")
# Stacks in half dollars; the $4,097 hi/lo pot halves as $2,048.50 each.
HALF_DOLLARS = (CORPUS / "ftp" / "cash" / "Flop"
                / "LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt")


def _findings(path: Path, rules: Path) -> list[tuple[str, str | None]]:
    loaded = load_ruleset(rules)
    result = audit([path], ruleset_id(loaded, rules), loaded)
    assert result.hands >= 1 and not result.rejected
    return [(f.rule, f.location.hand) for f in result.findings]


def _variant(tmp_path: Path, parent: str, *overrides: str) -> Path:
    """A rule set extending rules/`parent` with the given `override param` lines."""
    path = tmp_path / "variant.rules"
    path.write_text(f'ruleset variant "{parent} with other site policies"\n'
                    f'extends "{(RULES / parent).as_posix()}"\n'
                    + "".join(f"override param {line}\n" for line in overrides),
                    encoding="utf-8")
    return path


def _only_hand(path: Path) -> Hand:
    (opened,) = list(read_paths([path]))
    assert isinstance(opened, FileRecords)
    (hand,) = [r for r in opened.records if isinstance(r, Hand)]
    return hand


# ---------------------------------------------------------------- the fixture pairs


def test_the_pokerstars_fixture_blocks_pass() -> None:
    loaded = load_ruleset(STARS_FIXTURE_RULES)

    def found(path: Path, ruleset: Ruleset) -> list[FoundFinding]:
        result = audit([path], ruleset_id(ruleset, STARS_FIXTURE_RULES), ruleset)
        return [FoundFinding(f.rule, f.location.hand, f.location.action)
                for f in result.findings]

    report = run_tests(loaded, found)
    assert [(o.name, o.error, o.missing, o.unexpected)
            for o in report.outcomes if not o.passed] == []
    named = set(re.findall(r'input "\.\./hand_histories/fixtures-pokerstars/([^"]+)"',
                           STARS_FIXTURE_RULES.read_text(encoding="utf-8")))
    files = {p.name for p in STARS_FIXTURES.iterdir()
             if ".planted." in p.name or ".twin." in p.name}
    # The bring-in pair (issue 14) and a pair for each rule pokerstars.rules declares or
    # overrides (issue 16): three blind rules and elimination.same-hand-order.
    assert named == files and len(report.outcomes) == len(files) == 10


# ---------------------------------------------------------------- (a) hi/lo odd chip


def test_the_hi_lo_odd_chip_goes_to_the_high_half_at_full_tilt(tmp_path: Path) -> None:
    planted, twin = FIXTURES / "hilo-odd-chip.planted.txt", FIXTURES / "hilo-odd-chip.twin.txt"
    fulltilt = RULES / "fulltilt.rules"
    assert _findings(planted, fulltilt) == [("pots.hilo-split-odd-chip", "913000001")]
    assert _findings(twin, fulltilt) == []
    # Clause 22 read literally (the parameter off): the verdicts swap, the low half's winner
    # sitting nearer the button's left.
    literal = _variant(tmp_path, "fulltilt.rules", "pots.hilo_odd_unit_to_high = false")
    assert _findings(planted, literal) == []
    assert _findings(twin, literal) == [("pots.hilo-split-odd-chip", "913000002")]


# ---------------------------------------------------------------- (b) the unit in play


def test_the_unit_in_play_is_measured_from_the_hands_amounts() -> None:
    assert smallest_unit(_only_hand(FOUR_WAY)) == 5
    assert smallest_unit(_only_hand(HALF_DOLLARS)) == 50
    assert smallest_unit(_only_hand(FIXTURES / "split-unit.twin.txt")) == 50
    # Measured in tournaments too (stacks of 1,500, blinds 15/30): the rules split those in
    # pots.tournament_split_unit instead (the odd-chip fixtures pay 75 as 38 and 37).
    assert smallest_unit(_only_hand(FIXTURES / "odd-chip.twin.txt")) == 15


@given(st.integers(min_value=0, max_value=10**12), st.integers(min_value=0, max_value=10**12))
def test_the_unit_skips_gcd_only_where_it_would_not_change(unit: int, amount: int) -> None:
    """`smallest_unit` calls gcd only when the unit so far does not divide the amount."""
    assert _common(unit, amount) == gcd(unit, amount)
    assert _common(unit, unit * (amount % 1000)) == gcd(unit, unit * (amount % 1000))


def test_the_real_four_way_split_is_made_in_five_cent_units(tmp_path: Path) -> None:
    """The hand that decided it: clean as recorded, and the split in cents (48, 48, 47, 47,
    the odd cents to the two nearest the button's left) is what breaks the rule."""
    stars = RULES / "pokerstars.rules"
    assert _findings(FOUR_WAY, stars) == []
    text = FOUR_WAY.read_text(encoding="utf-8")
    cents = text
    for name, paid in (("Hero", "0.48"), ("Player7", "0.48"), ("Player1", "0.47"),
                       ("Player6", "0.47")):
        was = "0.50" if name in ("Hero", "Player7") else "0.45"
        assert f"{name} collected ${was} from pot" in cents
        cents = cents.replace(f"{name} collected ${was} from pot",
                              f"{name} collected ${paid} from pot")
        cents = re.sub(rf"(: {name} .*?and won \(\$){re.escape(was)}\)", rf"\g<1>{paid})", cents)
    copy = tmp_path / "cents.txt"
    copy.write_text(cents, encoding="utf-8")
    assert _findings(copy, stars) == [("pots.odd-chip-left-of-button", "14402833808")]


def test_a_tournament_splits_in_single_chips_whatever_its_amounts(tmp_path: Path) -> None:
    """The cash fixture as a tournament hand (same amounts in chips, every one a multiple of
    50): the pot of 650 two ways is split in single chips, 325 each."""
    twin = (FIXTURES / "split-unit.twin.txt").read_text(encoding="utf-8")
    planted = (FIXTURES / "split-unit.planted.txt").read_text(encoding="utf-8")

    def as_tournament(text: str, name: str) -> Path:
        text = re.sub(r"\$(\d+)\.(\d\d)", lambda m: str(int(m[1]) * 100 + int(m[2])), text)
        text = re.sub(r"\$(\d+)", lambda m: str(int(m[1]) * 100), text)
        text = text.replace("Table Fixture (6 max) - NL Hold'em - 50/100",
                            "$10 + $1 Sit & Go (914000), Table 1 - NL Hold'em - 50/100")
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    fulltilt = RULES / "fulltilt.rules"
    even = as_tournament(planted, "even.txt")
    assert "ties for the pot (325)" in even.read_text(encoding="utf-8")
    assert _findings(even, fulltilt) == []
    assert _findings(as_tournament(twin, "units.txt"), fulltilt) == [
        ("pots.odd-chip-left-of-button", "914000002")]
    # The parameter holds the tournament unit: in units of 50 the verdicts swap.
    fifty = _variant(tmp_path, "fulltilt.rules", "pots.tournament_split_unit = 50")
    assert _findings(even, fifty) == [("pots.odd-chip-left-of-button", "914000001")]


def test_the_cash_fixture_pair(tmp_path: Path) -> None:
    fulltilt = RULES / "fulltilt.rules"
    assert _findings(FIXTURES / "split-unit.planted.txt", fulltilt) == [
        ("pots.odd-chip-left-of-button", "914000001")]
    assert _findings(FIXTURES / "split-unit.twin.txt", fulltilt) == []


# ---------------------------------------------------------------- (c) stud bring-in


@pytest.mark.parametrize("name", ["planted", "twin"])
def test_full_tilt_does_not_judge_a_bring_in_after_an_ante_all_in(name: str) -> None:
    path = STARS_FIXTURES / f"bring-in-all-in-ante.{name}.txt"
    assert _findings(path, RULES / "fulltilt.rules") == []


def test_pokerstars_passes_the_bring_in_left_of_an_ante_all_in(tmp_path: Path) -> None:
    planted = STARS_FIXTURES / "bring-in-all-in-ante.planted.txt"
    twin = STARS_FIXTURES / "bring-in-all-in-ante.twin.txt"
    stars = RULES / "pokerstars.rules"
    assert _findings(planted, stars) == [("posts.bring-in-by-door-card", "915000001")]
    assert _findings(twin, stars) == []
    # With the policy off, PokerStars' rules leave both unjudged, as Full Tilt's do.
    off = _variant(tmp_path, "pokerstars.rules", "stud.bring_in_passes_left = false")
    assert _findings(planted, off) == [] and _findings(twin, off) == []
    # The all-in player cannot be the one due: a record naming Bob is wrong under the policy.
    bob = twin.read_text(encoding="utf-8").replace("Carol: brings in for 25",
                                                   "Bob: brings in for 25")
    copy = tmp_path / "bob.txt"
    copy.write_text(bob, encoding="utf-8")
    assert ("posts.bring-in-by-door-card", "915000002") in _findings(copy, stars)
