"""PokerStars Fusion (feltcheck issue 14): two hole cards, a third with the flop, a fourth with
the turn, and Omaha's hand at the showdown (exactly two hole cards, three from the board).

A hand written by us in the site's format is read field by field and audited: the clean hand
gives no finding, its twin paying the pot to a hand that wins only with three hole cards gives
`pots.best-hand-paid`. Then the corpus's one Fusion hand, whose € signs its file's encoding
garbled into `Ä`: read with a warning naming the symbol."""

from dataclasses import replace
from pathlib import Path

import pytest

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.ingest.consistency import pot_problems
from checker.ingest.decode import iter_lines
from checker.ingest.stars_hand import FORMAT
from checker.ingest.stream import parse_records
from checker.model import ActionKind, Game, Hand, Street, Unit
from checker.model.hand import BettingStructure
from checker.replay.evaluate import best_players, high_rank
from tests.test_ingest_stars_hand import one_hand, one_rejection

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "rules" / "pokerstars.rules"
CORPUS_HAND = (REPO.parent / "shared" / "corpus" / "real-pokerstars" / "cash"
               / "jejellyroll-fr__fpdb-3" / "test_hand" / "ps" / "fusion" / "fusion.txt")

# Ann's straight plays two hole cards (Ah Qh with Kd Jd Ts); Ben's three nines would make a full
# house with the board's kings, but only two of them play: two pair, kings and nines.
FUSION = """\
PokerStars Hand #900140000001:  Fusion Pot Limit (€0.05/€0.10 EUR) - 2022/03/08 0:03:50 CET \
[2022/03/07 18:03:50 ET]
Table 'Fusiona' 6-max Seat #1 is the button
Seat 1: Ann (€10 in chips)
Seat 2: Ben (€10 in chips)
Seat 3: Cal (€10 in chips)
Ben: posts small blind €0.05
Cal: posts big blind €0.10
*** HOLE CARDS ***
Dealt to Ann [Ah Qh]
Ann: raises €0.20 to €0.30
Ben: calls €0.25
Cal: folds
*** FLOP *** [Kd 7d Ts]
Dealt to Ann [Ah Qh] [6d]
Ben: checks
Ann: bets €0.50
Ben: calls €0.50
*** TURN *** [Kd 7d Ts] [Kc]
Dealt to Ann [Ah Qh 6d] [5c]
Ben: checks
Ann: checks
*** RIVER *** [Kd 7d Ts Kc] [Jd]
Ben: bets €1
Ann: calls €1
*** SHOW DOWN ***
Ben: shows [9c 9s 9h 2c] (two pair, Kings and Nines)
Ann: shows [Ah Qh 6d 5c] (a straight, Ten to Ace)
Ann collected €3.52 from pot
*** SUMMARY ***
Total pot €3.70 | Rake €0.18
Board [Kd 7d Ts Kc Jd]
Seat 1: Ann (button) showed [Ah Qh 6d 5c] and won (€3.52) with a straight, Ten to Ace
Seat 2: Ben (small blind) showed [9c 9s 9h 2c] and lost with two pair, Kings and Nines
Seat 3: Cal (big blind) folded before Flop
"""

# The twin: the pot paid to Ben, whose hand wins only if three hole cards could play.
PAID_TO_BEN = (
    FUSION.replace("Ann collected €3.52", "Ben collected €3.52")
    .replace("showed [Ah Qh 6d 5c] and won (€3.52) with", "showed [Ah Qh 6d 5c] and lost with")
    .replace("showed [9c 9s 9h 2c] and lost with", "showed [9c 9s 9h 2c] and won (€3.52) with")
)





@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset(RULES)


def findings(path: Path, rules: Ruleset) -> set[tuple[str, str]]:
    """Every finding of the audit on one hand file, any severity: (rule, severity)."""
    result = audit([path], ruleset_id(rules, RULES), rules)
    assert result.hands == 1 and not result.rejected, result.rejected
    return {(f.rule, f.severity) for f in result.findings}


def written(text: str, tmp_path: Path) -> Path:
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    return path


# --- reading ---------------------------------------------------------------------------------


def test_a_fusion_hand_is_read_field_by_field() -> None:
    hand = one_hand(FUSION)
    assert (hand.game, hand.structure) == (Game.FUSION, BettingStructure.POT_LIMIT)
    assert (hand.unit, hand.currency) == (Unit.CENTS, "EUR")
    assert (hand.small_blind, hand.big_blind) == (5, 10)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Ann", 1000), (2, "Ben", 1000), (3, "Cal", 1000)]
    assert [(a.street, a.player, a.kind, a.amount) for a in hand.actions] == [
        (Street.PREFLOP, "Ben", ActionKind.SMALL_BLIND, 5),
        (Street.PREFLOP, "Cal", ActionKind.BIG_BLIND, 10),
        (Street.PREFLOP, "Ann", ActionKind.RAISE, 30),
        (Street.PREFLOP, "Ben", ActionKind.CALL, 25),
        (Street.PREFLOP, "Cal", ActionKind.FOLD, 0),
        (Street.FLOP, "Ben", ActionKind.CHECK, 0),
        (Street.FLOP, "Ann", ActionKind.BET, 50),
        (Street.FLOP, "Ben", ActionKind.CALL, 50),
        (Street.TURN, "Ben", ActionKind.CHECK, 0),
        (Street.TURN, "Ann", ActionKind.CHECK, 0),
        (Street.RIVER, "Ben", ActionKind.BET, 100),
        (Street.RIVER, "Ann", ActionKind.CALL, 100),
    ]  # fmt: skip
    # The hole cards are the four of the last deal line, in the order dealt.
    assert hand.hole_cards == {"Ann": ["Ah", "Qh", "6d", "5c"], "Ben": ["9c", "9s", "9h", "2c"]}
    assert hand.boards == [["Kd", "7d", "Ts", "Kc", "Jd"]]
    assert [(s.player, s.cards) for s in hand.shown] == [
        ("Ben", ["9c", "9s", "9h", "2c"]), ("Ann", ["Ah", "Qh", "6d", "5c"])]
    assert [(a.player, a.amount) for a in hand.awards] == [("Ann", 352)]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (370, 18)
    assert hand.warnings == []


def test_a_fusion_hand_folded_before_the_flop_holds_its_two_cards() -> None:
    betting = "Ann: raises €0.20 to €0.30\nBen: calls €0.25\nCal: folds\n"
    folded = FUSION.split("*** FLOP ***")[0].replace(betting, "Ann: folds\nBen: folds\n")
    folded += (
        "Uncalled bet (€0.05) returned to Cal\n"
        "Cal collected €0.10 from pot\n"
        "*** SUMMARY ***\n"
        "Total pot €0.10 | Rake €0\n"
        "Seat 1: Ann (button) folded before Flop (didn't bet)\n"
        "Seat 2: Ben (small blind) folded before Flop\n"
        "Seat 3: Cal (big blind) collected (€0.10)\n"
    )
    hand = one_hand(folded)
    assert hand.hole_cards == {"Ann": ["Ah", "Qh"]}


@pytest.mark.parametrize(
    "line, deal, why",
    [
        # The flop deal must repeat the two cards held.
        (14, ("Dealt to Ann [Ah Qh] [6d]", "Dealt to Ann [Ah Qs] [6d]"), "so far: [Ah Qh]"),
        # One card with the flop, not two.
        (14, ("Dealt to Ann [Ah Qh] [6d]", "Dealt to Ann [Ah Qh] [6d 4s]"), "on the flop"),
        # The turn's deal written without the cards held.
        (19, ("Dealt to Ann [Ah Qh 6d] [5c]", "Dealt to Ann [5c]"), "on the turn"),
        # A card dealt again.
        (19, ("Dealt to Ann [Ah Qh 6d] [5c]", "Dealt to Ann [Ah Qh 6d] [Qh]"), "on the turn"),
        # Three cards before the flop.
        (9, ("Dealt to Ann [Ah Qh]", "Dealt to Ann [Ah Qh 3s]"), "before the flop"),
    ],
)
def test_a_fusion_deal_of_the_wrong_shape_is_rejected_at_its_line(
    line: int, deal: tuple[str, str], why: str
) -> None:
    rejected = one_rejection(FUSION.replace(*deal))
    assert rejected.location.line == line
    assert rejected.reason.startswith(f"line {line}: Fusion deals 2 hole cards"), rejected.reason
    assert why in rejected.reason


def test_no_hole_card_comes_with_the_river() -> None:
    text = FUSION.replace("[Jd]\nBen: bets", "[Jd]\nDealt to Ann [Ah Qh 6d 5c] [3s]\nBen: bets")
    rejected = one_rejection(text)
    assert rejected.reason.startswith("line 23: Fusion deals"), rejected.reason
    assert "on the river" in rejected.reason


# --- the showdown is Omaha's -------------------------------------------------------------------


def test_fusion_plays_exactly_two_hole_cards() -> None:
    board = ["Kd", "7d", "Ts", "Kc", "Jd"]
    ann, ben = ["Ah", "Qh", "6d", "5c"], ["9c", "9s", "9h", "2c"]
    assert high_rank(ben, board, Game.FUSION) < high_rank(ann, board, Game.FUSION)
    for game in (Game.FUSION, Game.OMAHA):
        assert best_players({"Ann": (ann, board), "Ben": (ben, board)}, game, None) == ["Ann"]
    # Ben's three nines only count if three hole cards could play: a full house then.
    assert high_rank(["9c", "9s"], ["9h", "Kd", "Kc", "7d", "Ts"], Game.HOLDEM) > high_rank(
        ["Ah", "Qh"], ["Kd", "Jd", "Ts", "7d", "Kc"], Game.HOLDEM)


def test_the_clean_fusion_hand_gives_no_finding(tmp_path: Path, rules: Ruleset) -> None:
    assert findings(written(FUSION, tmp_path), rules) == set()


def test_the_pot_paid_to_a_hand_of_three_hole_cards_is_not_the_best_hand(
    tmp_path: Path, rules: Ruleset
) -> None:
    assert findings(written(PAID_TO_BEN, tmp_path), rules) == {("pots.best-hand-paid", "error")}


# --- a currency symbol garbled by the file's encoding ---------------------------------------------


def test_a_garbled_euro_sign_is_read_as_the_stated_currency_with_a_warning() -> None:
    garbled = one_hand(FUSION.replace("€", "Ä"))
    clean = one_hand(FUSION)
    assert garbled.warnings == [
        "line 1: amounts are written with 'Ä', no currency symbol (garbled by the file's "
        "encoding); the header states EUR: read as €"
    ]
    assert replace(garbled, warnings=[]) == clean


def test_a_garbled_symbol_that_also_stands_in_a_name_is_rejected() -> None:
    rejected = one_rejection(FUSION.replace("€", "Ä").replace("Cal", "Äli"))
    assert rejected.reason.startswith(
        "line 5: garbled currency symbol 'Ä' also stands outside an amount"), rejected.reason


def test_a_garbled_symbol_beside_a_real_one_is_rejected() -> None:
    text = FUSION.replace("€", "Ä").replace("Ben: calls Ä0.50", "Ben: calls €0.50")
    rejected = one_rejection(text)
    assert rejected.reason.startswith("line 17: garbled currency symbol 'Ä' in the stakes, "
                                      "but this line writes amounts with a real one")


def test_a_garbled_symbol_without_a_currency_code_is_not_guessed() -> None:
    rejected = one_rejection(FUSION.replace("€", "Ä").replace(" EUR)", ")"))
    assert "is not an amount" in rejected.reason, rejected.reason


# --- the corpus's Fusion hand ------------------------------------------------------------------


def test_the_corpus_fusion_hand_is_read_with_its_garbled_euro_signs(rules: Ruleset) -> None:
    records = list(parse_records(FORMAT, iter_lines(CORPUS_HAND), CORPUS_HAND.as_posix()))
    assert len(records) == 1
    hand = records[0]
    assert isinstance(hand, Hand), hand
    assert (hand.hand_id, hand.game, hand.currency, hand.unit) == (
        "234640075145", Game.FUSION, "EUR", Unit.CENTS)
    assert [w.split(":", 1)[0] for w in hand.warnings] == ["line 4"]
    assert "'Ä'" in hand.warnings[0]
    # jeje_sat's four cards came over three deal lines (lines 13, 19 and 24).
    assert hand.hole_cards["jeje_sat"] == ["6c", "7h", "2c", "9h"]
    assert [(a.player, a.amount) for a in hand.awards] == [("akiko75", 11)]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (12, 1)
    assert pot_problems(hand) == []
    # akiko75's straight to the ace is the best Omaha hand, and was paid: no finding.
    board = hand.boards[0]
    shown = {s.player: (s.cards, board) for s in hand.shown}
    assert best_players(shown, Game.FUSION, None) == ["akiko75"]
    assert findings(CORPUS_HAND, rules) == set()
