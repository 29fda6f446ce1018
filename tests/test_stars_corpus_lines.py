"""The PokerStars lines the second real corpus (`../shared/corpus/real-pokerstars/`) holds beyond
the first: players sitting out mid-hand, cash-outs, cancelled hands, reshuffles, 6+ Hold'em,
Split Hold'em, Courchevel's pre-flop card, stud's community card, rupee buy-ins, the archive
format, Zoom and Rush pools. Each is read field by field from a hand-written hand in the site's
format and, where the audit could misjudge it, audited: a clean hand gives no finding and its
twin with a planted violation gives the one expected. Then the corpus itself: every hand read
or rejected for its named defect."""

from pathlib import Path

import pytest

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.ingest.consistency import pot_problems
from checker.ingest.decode import iter_lines, iter_lines_from_bytes
from checker.ingest.fulltilt_hand import FORMAT as FULLTILT
from checker.ingest.stars_hand import FORMAT
from checker.ingest.stream import discover, parse_records
from checker.model import ActionKind, Game, Hand, HandEventKind, Record, Rejection, Street, Unit
from checker.model.hand import CashOut
from checker.replay.facts import HandEvent as HandStartEvent
from checker.replay.hand_replay import replay_hand
from checker.replay.table import TableState
from tests.test_ingest_stars_hand import one_hand, one_rejection

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "real-pokerstars"
RULES = REPO / "rules" / "pokerstars.rules"


def read(text: str, fmt: object = FORMAT) -> list[Record]:
    return list(parse_records(fmt, iter_lines_from_bytes(text.encode("utf-8")), "t.txt"))  # type: ignore[arg-type]




@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset(RULES)


def errors(text: str, tmp_path: Path, rules: Ruleset) -> set[tuple[str, str]]:
    """The audit's error findings on one hand text: (rule, message)."""
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    result = audit([path], ruleset_id(rules, RULES), rules)
    assert result.hands == 1 and not result.rejected, result.rejected
    return {(f.rule, f.message) for f in result.findings if f.severity == "error"}


def rules_of(found: set[tuple[str, str]]) -> set[str]:
    return {rule for rule, _ in found}


# --- a player who is at the table but not dealt in sits out -------------------------------------

SITS_OUT = """\
PokerStars Hand #30102275294:  Hold'em No Limit ($0.01/$0.02 USD) - 2010/05/06 22:48:47 WET \
[2010/05/06 17:48:47 ET]
Table 'Zeta' 6-max Seat #1 is the button
Seat 1: Ann ($0.89 in chips)
Seat 2: Ben ($1.51 in chips)
Seat 3: Cal ($1.58 in chips)
Seat 4: Dee ($2.79 in chips)
Ben: posts small blind $0.01
Cal: posts big blind $0.02
Eve: sits out
*** HOLE CARDS ***
Dealt to Cal [Qc 5d]
Dee: folds
Ann: raises $0.04 to $0.06
Ben: folds
Cal: folds
Uncalled bet ($0.04) returned to Ann
Ann collected $0.05 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $0.05 | Rake $0
Seat 1: Ann (button) collected ($0.05)
Seat 2: Ben (small blind) folded before Flop
Seat 3: Cal (big blind) folded before Flop
Seat 4: Dee folded before Flop (didn't bet)
"""


def test_a_player_not_in_the_seat_list_sitting_out_is_an_event_not_an_action() -> None:
    hand = one_hand(SITS_OUT)
    events = [(e.kind, e.player, e.after_action, e.line) for e in hand.events]
    assert events == [(HandEventKind.SITTING_OUT, "Eve", 2, 9)]
    assert "Eve" not in {a.player for a in hand.actions}
    assert "Eve" not in {s.player for s in hand.seats}


def test_an_unseated_player_written_is_sitting_out_is_named_without_the_colon() -> None:
    hand = one_hand(SITS_OUT.replace("Eve: sits out", "Eve: is sitting out"))
    assert [(e.kind, e.player) for e in hand.events] == [(HandEventKind.SITTING_OUT, "Eve")]


def test_a_hand_with_a_sit_out_line_is_audited_like_any_other(
    tmp_path: Path, rules: Ruleset
) -> None:
    assert errors(SITS_OUT, tmp_path, rules) == set()
    # Planted: Ann acts before Dee, whose turn it is (first after the big blind).
    planted = SITS_OUT.replace("Dee: folds\nAnn: raises", "Ann: raises").replace(
        "Ben: folds\n", "Dee: folds\nBen: folds\n"
    )
    assert rules_of(errors(planted, tmp_path, rules)) == {"betting.in-turn"}


# --- cashing out of a hand ----------------------------------------------------------------------

CASHED_OUT_LOSER = """\
PokerStars Hand #257180854570: Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET \
[2025/08/02 5:24:53 ET]
Table 'Wezen' 6-max Seat #3 is the button
Seat 1: Ann ($13.53 in chips)
Seat 3: Cal ($18.39 in chips)
Seat 4: Dee ($15.35 in chips)
Dee: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Cal: raises $0.20 to $0.30
Dee: folds
Ann: raises $13.23 to $13.53 and is all-in
Cal: calls $13.23
*** FLOP *** [Qh Ad Ts]
*** TURN *** [Qh Ad Ts] [As]
*** RIVER *** [Qh Ad Ts As] [Qd]
*** SHOW DOWN ***
Ann: shows [Qs Js] (a full house, Queens full of Aces)
Cal: shows [Th Tc] (a full house, Tens full of Aces)
Ann collected $25.96 from pot
Cal cashed out the hand for $22.77 | Cash Out Fee $0.46
*** SUMMARY ***
Total pot $27.11 | Rake $1.15
Board [Qh Ad Ts As Qd]
Seat 1: Ann (big blind) showed [Qs Js] and won ($25.96) with a full house, Queens full of Aces
Seat 3: Cal (button) showed [Th Tc] and lost with a full house, Tens full of Aces (cashed out)
Seat 4: Dee (small blind) folded before Flop
"""

# The winner cashed out: no collected line, the summary names the pot "not awarded".
CASHED_OUT_WINNER = """\
PokerStars Hand #212451924282:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/21 13:03:50 ET
Table 'Keid II' 9-max Seat #3 is the button
Seat 3: Ann ($2 in chips)
Seat 5: Ben ($3 in chips)
Seat 8: Cal ($1.53 in chips)
Ben: posts small blind $0.01
Cal: posts big blind $0.02
*** HOLE CARDS ***
Ann: folds
Ben: raises $0.19 to $0.21
Cal: raises $1.32 to $1.53 and is all-in
Ben: calls $1.32
*** FLOP *** [5c 3d 2d]
*** TURN *** [5c 3d 2d] [Ac]
*** RIVER *** [5c 3d 2d Ac] [Kc]
*** SHOW DOWN ***
Ben: shows [Qc 9d] (high card Ace)
Cal: shows [Kh As] (two pair, Aces and Kings)
Cal cashed out the hand for $2.44
*** SUMMARY ***
Total pot $3.06 | Rake $0.12
Board [5c 3d 2d Ac Kc]
Seat 3: Ann (button) folded before Flop (didn't bet)
Seat 5: Ben (small blind) showed [Qc 9d] and lost with high card Ace
Seat 8: Cal (big blind) showed [Kh As] and won ($2.94) with two pair, Aces and Kings \
(pot not awarded as player cashed out)
"""


def test_a_cash_out_is_its_own_record_and_the_pot_is_awarded_as_written() -> None:
    hand = one_hand(CASHED_OUT_LOSER)
    assert hand.cash_outs == [CashOut(player="Cal", amount=2277, fee=46, line=20)]
    assert [(a.player, a.amount, a.cashed_out) for a in hand.awards] == [("Ann", 2596, False)]
    assert hand.summary[1].text.endswith("(cashed out)")


def test_a_winner_who_cashed_out_keeps_the_award_the_summary_names_marked_unpaid() -> None:
    hand = one_hand(CASHED_OUT_WINNER)
    assert hand.cash_outs == [CashOut(player="Cal", amount=244, line=19)]
    assert [(a.player, a.amount, a.cashed_out, a.line) for a in hand.awards] == [
        ("Cal", 294, True, 25)
    ]


def test_an_unpaid_pot_without_a_cash_out_line_is_rejected() -> None:
    rejected = one_rejection(CASHED_OUT_WINNER.replace("Cal cashed out the hand for $2.44\n", ""))
    assert "has no line where Cal cashed out" in rejected.reason
    assert rejected.location.line == 24


def test_cash_out_hands_are_audited_on_the_pot_the_summary_awards(
    tmp_path: Path, rules: Ruleset
) -> None:
    assert errors(CASHED_OUT_LOSER, tmp_path, rules) == set()
    assert errors(CASHED_OUT_WINNER, tmp_path, rules) == set()
    # Planted: the summary gives the unpaid pot to the worse hand.
    unpaid = " (pot not awarded as player cashed out)"
    planted = (
        CASHED_OUT_WINNER.replace("Cal cashed out", "Ben cashed out")
        .replace("and won ($2.94) with two pair, Aces and Kings" + unpaid, "and lost")
        .replace("and lost with high card Ace", "and won ($2.94) with high card Ace" + unpaid)
    )
    hand = one_hand(planted)
    assert [(a.player, a.cashed_out) for a in hand.awards] == [("Ben", True)]
    assert rules_of(errors(planted, tmp_path, rules)) == {"pots.best-hand-paid"}


# --- a cancelled hand ---------------------------------------------------------------------------

CANCELLED = """\
PokerStars Game #20349633663: Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2008/09/12 14:09:41 ET
Table 'Miriam III' 6-max Seat #5 is the button
Seat 5: Ann ($32.75 in chips)
Ann: posts small blind $0.50
Ben: is sitting out
Cal: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 5: Ann (button) collected ($0)
"""


def test_a_cancelled_hand_returns_the_posts_and_has_an_empty_pot() -> None:
    hand = one_hand(CANCELLED)
    assert [(r.player, r.amount, r.line) for r in hand.returns] == [("Ann", 50, 7)]
    assert hand.pot is not None and (hand.pot.total, hand.pot.line) == (0, 7)
    assert hand.awards == []
    assert [(e.kind, e.player, e.text) for e in hand.events] == [
        (HandEventKind.SITTING_OUT, "Ben", ""),
        (HandEventKind.SITTING_OUT, "Cal", ""),
        (HandEventKind.OTHER, None, "Hand cancelled"),
    ]


def test_a_cancelled_hand_gives_no_finding(tmp_path: Path, rules: Ruleset) -> None:
    assert errors(CANCELLED, tmp_path, rules) == set()


def test_a_summary_without_a_pot_line_is_still_rejected_when_the_hand_was_not_cancelled() -> None:
    rejected = one_rejection(CANCELLED.replace("Hand cancelled\n", ""))
    assert "has no 'Total pot' line" in rejected.reason


# --- draw: the deck is reshuffled -------------------------------------------------------------

RESHUFFLED = """\
PokerStars Game #35839176665:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2009/11/25 \
14:17:22 ET
Table 'Theodora VI' 6-max Seat #1 is the button
Seat 1: Ann ($4.27 in chips)
Seat 2: Ben ($3.79 in chips)
Ann: posts small blind $0.05
Ben: posts big blind $0.10
*** DEALING HANDS ***
Ann: calls $0.05
Ben: checks
*** FIRST DRAW ***
Ben: discards 2 cards
The deck is reshuffled
Ann: discards 1 card
Ben: bets $0.10
Ann: folds
Uncalled bet ($0.10) returned to Ben
Ben collected $0.19 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0.01
Seat 1: Ann (button) (small blind) folded after the 1st Draw
Seat 2: Ben (big blind) collected ($0.19)
"""


def test_a_reshuffle_is_a_dealer_notice_in_action_order() -> None:
    hand = one_hand(RESHUFFLED)
    assert [(e.kind, e.text, e.street, e.after_action) for e in hand.events] == [
        (HandEventKind.OTHER, "The deck is reshuffled", Street.DRAW1, 5)
    ]


# --- 6+ Hold'em: the button blind -------------------------------------------------------------

SIX_PLUS = """\
PokerStars Hand #199247789909:  6+ Hold'em No Limit (Button Blind $2 - Ante $2  USD) - \
2019/04/13 18:36:55 CET [2019/04/13 12:36:55 ET]
Table 'Bharani II' 6-max Seat #1 is the button
Seat 1: Ann ($870.60 in chips)
Seat 2: Ben ($508.30 in chips)
Seat 3: Cal ($190.21 in chips)
Seat 4: Dee ($1048.38 in chips)
Ann: posts the ante $2
Ben: posts the ante $2
Cal: posts the ante $2
Dee: posts the ante $2
Ann: posts button blind $2
*** HOLE CARDS ***
Ben: folds
Cal: raises $6 to $8
Dee: folds
Ann: calls $6
*** FLOP *** [Ah Kh 9c]
Cal: bets $10
Ann: folds
Uncalled bet ($10) returned to Cal
Cal collected $24 from pot
Cal: doesn't show hand
*** SUMMARY ***
Total pot $24 | Rake $0
Board [Ah Kh 9c]
Seat 1: Ann (button blind) folded on the Flop
Seat 2: Ben folded before Flop (didn't bet)
Seat 3: Cal collected ($24)
Seat 4: Dee folded before Flop (didn't bet)
"""


@pytest.mark.parametrize("space", [" ", "\xa0"])
def test_six_plus_holdem_is_short_deck_with_a_button_blind_and_antes(space: str) -> None:
    text = SIX_PLUS.replace("Button Blind $2 - Ante $2", f"Button Blind{space}$2 - Ante{space}$2")
    hand = one_hand(text)
    assert (hand.game, hand.unit, hand.currency) == (Game.HOLDEM_SHORT_DECK, Unit.CENTS, "USD")
    assert (hand.button_blind, hand.ante, hand.small_blind, hand.big_blind) == (
        200,
        200,
        None,
        None,
    )
    assert [(a.player, a.kind, a.amount) for a in hand.actions[4:6]] == [
        ("Ann", ActionKind.BUTTON_BLIND, 200),
        ("Ben", ActionKind.FOLD, 0),
    ]
    # The button blind is live: Ann's call completes her $8.
    assert (hand.actions[8].player, hand.actions[8].amount) == ("Ann", 600)


def test_six_plus_holdem_is_audited_with_the_action_left_of_the_button(
    tmp_path: Path, rules: Ruleset
) -> None:
    assert errors(SIX_PLUS, tmp_path, rules) == set()
    # Planted: Cal raises before Ben, the first to act after the button's blind.
    planted = SIX_PLUS.replace(
        "Ben: folds\nCal: raises $6 to $8\n", "Cal: raises $6 to $8\nBen: folds\n"
    )
    assert rules_of(errors(planted, tmp_path, rules)) == {"betting.in-turn"}


# --- Split Hold'em: two boards from the flop ---------------------------------------------------

SPLIT = """\
PokerStars Hand #184487904738:  Split Hold'em No Limit ($1/$2 USD) - 2018/03/28 19:38:18 CET \
[2018/03/28 13:38:18 ET]
Table 'Rhodesia' 6-max Seat #3 is the button
Seat 2: Ben ($138.26 in chips)
Seat 3: Cal ($284.50 in chips)
Seat 4: Dee ($160 in chips)
Dee: posts small blind $1
Ben: posts big blind $2
*** HOLE CARDS ***
Cal: raises $4 to $6
Dee: folds
Ben: calls $4
*** FIRST FLOP *** [Ks 4c 8c]
*** SECOND FLOP *** [4s Qd 5h]
Ben: checks
Cal: checks
*** FIRST TURN *** [Ks 4c 8c] [8d]
*** SECOND TURN *** [4s Qd 5h] [Ac]
Ben: checks
Cal: checks
*** FIRST RIVER *** [Ks 4c 8c 8d] [6h]
*** SECOND RIVER *** [4s Qd 5h Ac] [Ts]
Ben: checks
Cal: checks
*** FIRST SHOW DOWN ***
Ben: shows [7c 6c] (two pair, Eights and Sixes)
Cal: shows [3d Ad] (a pair of Eights)
Ben collected $6.25 from pot
*** SECOND SHOW DOWN ***
Ben: shows [7c 6c] (high card Ace)
Cal: shows [3d Ad] (a pair of Aces)
Cal collected $6.25 from pot
*** SUMMARY ***
Total pot $13 | Rake $0.50
FIRST Board [Ks 4c 8c 8d 6h]
SECOND Board [4s Qd 5h Ac Ts]
Seat 2: Ben (big blind) showed [7c 6c] and won ($6.25) with two pair, Eights and Sixes, \
and lost with high card Ace
Seat 3: Cal (button) showed [3d Ad] and lost with a pair of Eights, and won ($6.25) with a \
pair of Aces
Seat 4: Dee (small blind) folded before Flop
"""


def test_split_holdem_keeps_both_boards_and_pays_each_half_on_its_board(
    tmp_path: Path, rules: Ruleset
) -> None:
    hand = one_hand(SPLIT)
    assert hand.game is Game.HOLDEM
    assert hand.boards == [["Ks", "4c", "8c", "8d", "6h"], ["4s", "Qd", "5h", "Ac", "Ts"]]
    assert [(a.player, a.amount, a.board) for a in hand.awards] == [
        ("Ben", 625, 0),
        ("Cal", 625, 1),
    ]
    assert errors(SPLIT, tmp_path, rules) == set()
    # Planted: the second board's half paid to the worse hand there.
    planted = (
        SPLIT.replace("Cal collected $6.25", "Ben collected $6.25")
        .replace("and lost with high card Ace", "and won ($6.25) with high card Ace")
        .replace("and won ($6.25) with a pair of Aces", "and lost with a pair of Aces")
    )
    assert rules_of(errors(planted, tmp_path, rules)) == {"pots.best-hand-paid"}


# --- Courchevel: the flop's first card before the first round ----------------------------------

COURCHEVEL = """\
PokerStars Hand #96353118546:  Courchevel Pot Limit ($0.10/$0.25 USD) - 2013/03/29 17:16:11 ET
Table 'Pollux IV' 6-max Seat #4 is the button
Seat 4: Ben ($114.25 in chips)
Seat 5: Cal ($38.61 in chips)
Seat 6: Dee ($25 in chips)
Cal: posts small blind $0.10
Dee: posts big blind $0.25
*** HOLE CARDS ***
Dealt to Dee [Jh 7h Jd 5s Kc]
*** PRE-FLOP *** [2s]
Ben: raises $0.50 to $0.75
Cal: folds
Dee: calls $0.50
*** FLOP *** [2s 3h 4h]
Dee: checks
Ben: checks
*** TURN *** [2s 3h 4h] [5c]
Dee: checks
Ben: checks
*** RIVER *** [2s 3h 4h 5c] [Qs]
Dee: checks
Ben: checks
*** SHOW DOWN ***
Dee: shows [Jh 7h Jd 5s Kc] (a pair of Jacks)
Ben: shows [6c Kh 9s 2d 5h] (a straight, Deuce to Six)
Ben collected $1.52 from pot
*** SUMMARY ***
Total pot $1.60 | Rake $0.08
Board [2s 3h 4h 5c Qs]
Seat 4: Ben (button) showed [6c Kh 9s 2d 5h] and won ($1.52) with a straight, Deuce to Six
Seat 5: Cal (small blind) folded before Flop
Seat 6: Dee (big blind) showed [Jh 7h Jd 5s Kc] and lost with a pair of Jacks
"""


@pytest.mark.parametrize("flop", ["[2s 3h 4h]", "[2s] [3h 4h]"])
def test_courchevel_pre_flop_card_is_the_first_card_of_the_board(flop: str) -> None:
    hand = one_hand(COURCHEVEL.replace("*** FLOP *** [2s 3h 4h]", f"*** FLOP *** {flop}"))
    assert hand.game is Game.COURCHEVEL
    assert hand.boards == [["2s", "3h", "4h", "5c", "Qs"]]
    # The pre-flop card opens no round: the raise is on the first round.
    assert hand.actions[2].street is Street.PREFLOP


def test_a_courchevel_flop_that_does_not_repeat_the_pre_flop_card_is_rejected() -> None:
    rejected = one_rejection(
        COURCHEVEL.replace("*** FLOP *** [2s 3h 4h]", "*** FLOP *** [2c 3h 4h]")
    )
    assert "line 14: board line not understood" in rejected.reason


def test_a_pre_flop_card_outside_courchevel_is_rejected() -> None:
    rejected = one_rejection(COURCHEVEL.replace("Courchevel Pot Limit", "Omaha Pot Limit"))
    assert "round '*** PRE-FLOP *** [2s]' does not belong in this game" in rejected.reason


def test_a_courchevel_hand_is_audited(tmp_path: Path, rules: Ruleset) -> None:
    assert errors(COURCHEVEL, tmp_path, rules) == set()
    planted = (
        COURCHEVEL.replace("Ben collected $1.52", "Dee collected $1.52")
        .replace("and won ($1.52) with a straight", "and lost with a straight")
        .replace("and lost with a pair of Jacks", "and won ($1.52) with a pair of Jacks")
    )
    assert rules_of(errors(planted, tmp_path, rules)) == {"pots.best-hand-paid"}


# --- stud: one community card when the deck runs short ----------------------------------------

STUD_COMMUNITY = """\
PokerStars Game #30506593746:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/07/20 20:01:14 ET
Table 'Amor' 8-max
Seat 1: Ann ($1 in chips)
Seat 2: Ben ($1 in chips)
Ann: posts the ante $0.01
Ben: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [9c 9d 2h]
Dealt to Ben [Tc 7d 8d]
Ann: brings in for $0.02
Ben: calls $0.02
*** 4th STREET ***
Dealt to Ann [9c 9d 2h] [3h]
Dealt to Ben [Tc 7d 8d] [3c]
Ben: checks
Ann: checks
*** 5th STREET ***
Dealt to Ann [9c 9d 2h 3h] [4s]
Dealt to Ben [Tc 7d 8d 3c] [Kd]
Ben: checks
Ann: checks
*** 6th STREET ***
Dealt to Ann [9c 9d 2h 3h 4s] [5s]
Dealt to Ben [Tc 7d 8d 3c Kd] [Qh]
Ben: checks
Ann: checks
*** RIVER *** [6h]
Ben: checks
Ann: checks
*** SHOW DOWN ***
Ann: shows [9c 9d 2h 3h 4s 5s] (a straight, Deuce to Six)
Ben: shows [Tc 7d 8d 3c Kd Qh] (high card King)
Ann collected $0.06 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0
Board [6h]
Seat 1: Ann showed [9c 9d 2h 3h 4s 5s] and won ($0.06) with a straight, Deuce to Six
Seat 2: Ben showed [Tc 7d 8d 3c Kd Qh] and lost with high card King
"""


def test_stud_seventh_street_community_card_is_the_board() -> None:
    hand = one_hand(STUD_COMMUNITY)
    assert hand.boards == [["6h"]]
    assert hand.actions[-1].street is Street.SEVENTH
    assert "6h" not in hand.hole_cards["Ann"] and "6h" not in hand.up_cards["Ann"]


def test_the_community_card_makes_the_best_hand(tmp_path: Path, rules: Ruleset) -> None:
    # Ann's straight needs the community six; paid to Ben, the pot goes to the worse hand.
    assert errors(STUD_COMMUNITY, tmp_path, rules) == set()
    planted = (
        STUD_COMMUNITY.replace("Ann collected", "Ben collected")
        .replace("and won ($0.06) with a straight", "and lost with a straight")
        .replace("and lost with high card King", "and won ($0.06) with high card King")
    )
    assert rules_of(errors(planted, tmp_path, rules)) == {"pots.best-hand-paid"}


# --- rupees, Zoom, Rush, the archive format -----------------------------------------------------

RUPEES = """\
PokerStars Hand #195617357071: Tournament #2508567281, ₹136.50+₹13.50 INR Hold'em No Limit - \
Level XXVI (6000/12000) - 2019/01/06 2:07:34 IST [2019/01/05 15:37:34 ET]
Table '2508567281 3' 9-max Seat #2 is the button
Seat 1: Ann (200000 in chips)
Seat 2: Ben (150000 in chips)
Ann: posts small blind 6000
Ben: posts big blind 12000
*** HOLE CARDS ***
Ann: folds
Uncalled bet (6000) returned to Ben
Ben collected 12000 from pot
*** SUMMARY ***
Total pot 12000 | Rake 0
Seat 1: Ann (small blind) folded before Flop
Seat 2: Ben (button) (big blind) collected (12000)
"""


def test_a_rupee_tournament_is_in_chips_with_its_currency() -> None:
    hand = one_hand(RUPEES)
    assert (hand.tournament_id, hand.currency, hand.unit) == ("2508567281", "INR", Unit.CHIPS)
    assert (hand.small_blind, hand.big_blind, hand.level) == (6000, 12000, "XXVI")


def test_a_satellite_seat_won_is_a_tournament_event_of_its_player() -> None:
    won = RUPEES.replace(
        "Ben collected 12000 from pot\n",
        "Ben collected 12000 from pot\nBen wins an entry to tournament #2869142162\n",
    )
    hand = one_hand(won)
    assert [(e.kind, e.player, e.text, e.line) for e in hand.events] == [
        (HandEventKind.OTHER, "Ben", "Ben wins an entry to tournament #2869142162", 11)
    ]
    damaged = won.replace("tournament #2869142162", "tournament #28691x2162")
    assert "line 11 not understood" in one_rejection(damaged).reason


def test_zoom_hands_and_zoom_tournaments_are_fast_fold() -> None:
    zoom = SITS_OUT.replace("PokerStars Hand #", "PokerStars Zoom Hand #", 1)
    assert one_hand(zoom).fast_fold
    assert not one_hand(SITS_OUT).fast_fold
    tour = RUPEES.replace("Tournament #", "Zoom Tournament #", 1)
    assert one_hand(tour).fast_fold
    assert not one_hand(RUPEES).fast_fold


def test_full_tilt_rush_hands_written_by_stars_software_are_fast_fold() -> None:
    rush = SITS_OUT.replace("PokerStars Hand #", "Full Tilt Rush Hand #", 1)
    hand = one_hand(rush)
    assert (hand.site, hand.fast_fold) == ("Full Tilt Poker", True)


FULL_TILT_RUSH = """\
Full Tilt Poker Game #30005838066: $4 + $0.40 Rush On Demand (233183652), Table 5 - 20/40 - \
No Limit Hold'em - 21:14:44 ET - 2011/04/19
Seat 1: Ann (1,500)
Seat 2: Ben (1,500)
Ann posts the small blind of 20
Ben posts the big blind of 40
The button is in seat #1
*** HOLE CARDS ***
Ann folds
Uncalled bet of 20 returned to Ben
Ben mucks
Ben wins the pot (40)
*** SUMMARY ***
Total pot 40 | Rake 0
Seat 1: Ann (small blind) folded before the Flop
Seat 2: Ben (big blind) collected (40), mucked
"""


def test_full_tilt_rush_tournaments_and_rush_tables_are_fast_fold() -> None:
    records = read(FULL_TILT_RUSH, FULLTILT)
    assert len(records) == 1 and isinstance(records[0], Hand), records
    assert records[0].fast_fold
    plain = read(FULL_TILT_RUSH.replace("Rush On Demand", "On Demand"), FULLTILT)[0]
    assert isinstance(plain, Hand) and not plain.fast_fold
    cash = FULL_TILT_RUSH.replace(
        "$4 + $0.40 Rush On Demand (233183652), Table 5 - 20/40",
        "Table Mach (6 max, rush) - $20/$40",
    )
    for before, after in (
        ("(1,500)", "($1,500)"),
        (" of 20", " of $20"),
        (" of 40", " of $40"),
        ("(40)", "($40)"),
        ("pot 40 | Rake 0", "pot $40 | Rake $0"),
    ):
        cash = cash.replace(before, after)
    table = read(cash, FULLTILT)[0]
    assert isinstance(table, Hand) and table.fast_fold and table.tournament_id is None


def test_the_archive_format_is_read_as_the_plain_one() -> None:
    zoom = SITS_OUT.replace("PokerStars Hand #", "PokerStars Zoom Hand #", 1)
    archived = "".join(
        f"*********** # {n} **************\n"
        + "".join(f" {line}\n" for line in zoom.splitlines())
        + "\n"
        for n in (1, 2)
    )
    records = read(archived)
    assert [type(r) for r in records] == [Hand, Hand], records
    plain, first = one_hand(zoom), records[0]
    assert isinstance(first, Hand)
    # One line later (the separator), the same hand.
    assert (first.location.line, first.end_line) == (2, plain.end_line + 1)
    assert [(a.player, a.kind, a.amount, a.line - 1) for a in first.actions] == [
        (a.player, a.kind, a.amount, a.line) for a in plain.actions
    ]
    assert (first.seats[0].player, first.fast_fold, first.awards[0].amount) == ("Ann", True, 5)


# --- the corpus ---------------------------------------------------------------------------------

# Every rejection left: the record's real defect (docs/corpus-notes.md lists them with why).
EXPECTED_REJECTIONS = {
    # Anonymised by hand: the summary names Player6 on Player5's seat.
    ("cash/jejellyroll-fr__fpdb-3/regression-test-files/cash/Stars/Flop/"
     "258753941248_anon5.txt", 38):
        "summary line 38 does not match the seats",
    # The site wrote no turn card.
    ("cash/jejellyroll-fr__fpdb-3/regression-test-files/cash/Stars/Flop/"
     "6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt", 22):
        "the turn line shows the wrong number of cards",
    # Two round lines run together.
    ("cash/jejellyroll-fr__fpdb-3/regression-test-files/cash/Stars/Flop/"
     "PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt", 9):
        "line 9 not understood: '*** HOLE CARDS *** [2s]*** HOLE CARDSPRE-FLOP",
    # Cut off.
    ("cash/jejellyroll-fr__fpdb-3/regression-test-files/cash/Stars/Flop/"
     "PLO-6max-USD-2.00-4.00-201403.2.partial.txt", 19): "no summary section (truncated)",
    ("cash/jejellyroll-fr__fpdb-3/regression-test-files/cash/Stars/Flop/"
     "PLO-6max-USD-2.00-4.00-201403.2.partial.txt", 40): "no summary section (truncated)",
    ("cash/jejellyroll-fr__fpdb-3/regression-test-files/cash/Stars/Flop/"
     "PLO-6max-USD-200-400-201510.partial.observed.txt", 12): "no summary section (truncated)",
    # A check followed by an empty quotation.
    ("tour/wizardwerdna__pokerstats/spec/file_one_hand.txt", 22):
        "line 22 not understood: 'Little Dee: checks \"\"'",
}  # fmt: skip


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[Record]]:
    found: dict[str, list[Record]] = {}
    for path in discover([CORPUS]):
        if path.suffix != ".txt":
            continue
        name = path.relative_to(CORPUS).as_posix()
        found[name] = list(parse_records(FORMAT, iter_lines(path), path.as_posix()))
    return found


def test_the_corpus_is_read_but_for_the_named_defects(corpus: dict[str, list[Record]]) -> None:
    rejected = {
        (name, r.location.line): r.reason
        for name, records in corpus.items()
        for r in records
        if isinstance(r, Rejection)
    }
    assert set(rejected) == set(EXPECTED_REJECTIONS)
    for key, words in EXPECTED_REJECTIONS.items():
        assert words in rejected[key], rejected[key]
    hands = sum(isinstance(r, Hand) for records in corpus.values() for r in records)
    assert hands + len(rejected) == 7338  # the corpus README's count
    assert hands >= 0.995 * (hands + len(rejected))
    assert _listed_rejections() == {(Path(name).name, line) for name, line in EXPECTED_REJECTIONS}


def _listed_rejections() -> set[tuple[str, int]]:
    """(file name, line) of each row of docs/corpus-notes.md's table of the PokerStars
    corpus's rejections ("same file" repeats the row above's file)."""
    notes = (REPO / "docs" / "corpus-notes.md").read_text(encoding="utf-8")
    section = notes[notes.index("**Rejected**", notes.index("## The PokerStars corpus")):]
    listed: set[tuple[str, int]] = set()
    file = ""
    for row in section.splitlines()[1:]:
        if not row.startswith("|"):
            if listed:
                break
            continue
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if not cells[1].isdigit():
            continue  # the header and its rule
        file = file if cells[0] == "same file" else Path(cells[0].strip("`")).name
        listed.add((file, int(cells[1])))
    return listed


def test_every_corpus_hand_adds_up(corpus: dict[str, list[Record]]) -> None:
    problems = {
        (name, r.location.line): pot_problems(r)
        for name, records in corpus.items()
        for r in records
        if isinstance(r, Hand)
    }
    assert {key: p for key, p in problems.items() if p} == {}


def test_corpus_zoom_hands_are_fast_fold_and_no_other(corpus: dict[str, list[Record]]) -> None:
    fast: dict[bool, int] = {True: 0, False: 0}
    for name, records in corpus.items():
        path = CORPUS / name
        zoom = {
            number
            for number, text in iter_lines(path)
            if "PokerStars Zoom Hand #" in text or "Zoom Tournament #" in text
        }
        for r in records:
            if isinstance(r, Hand):
                assert r.fast_fold == (r.location.line in zoom), (name, r.location.line)
                fast[r.fast_fold] += 1
    assert fast[True] > 3000 and fast[False] > 3000


def test_corpus_cash_outs_and_sit_outs_are_read_as_the_text_has_them(
    corpus: dict[str, list[Record]],
) -> None:
    lines = [text for name in corpus for _, text in iter_lines(CORPUS / name)]
    hands = [r for records in corpus.values() for r in records if isinstance(r, Hand)]
    cash_outs = [c for h in hands for c in h.cash_outs]
    assert len(cash_outs) == sum(" cashed out the hand for " in t for t in lines) > 20
    assert sum(c.fee > 0 for c in cash_outs) == sum("| Cash Out Fee " in t for t in lines) > 10
    unpaid = [a for h in hands for a in h.awards if a.cashed_out]
    assert len(unpaid) == sum("(pot not awarded as player cashed out)" in t for t in lines) > 5
    sit_outs = [
        e for h in hands for e in h.events
        if e.kind is HandEventKind.SITTING_OUT and e.player not in {s.player for s in h.seats}
    ]  # fmt: skip
    assert len(sit_outs) > 400


def _holds_a_new_line(hand: Hand) -> bool:
    """Whether the hand holds a line this corpus brought (see the module docstring)."""
    seated = {s.player for s in hand.seats}
    return bool(
        hand.cash_outs
        or hand.button_blind is not None
        or len(hand.boards) > 1
        or (hand.boards and hand.game in (Game.COURCHEVEL, Game.COURCHEVEL_HILO, Game.STUD))
        or any(
            (e.kind is HandEventKind.SITTING_OUT and e.player not in seated)
            or e.text in ("Hand cancelled", "The deck is reshuffled")
            for e in hand.events
        )
        or hand.currency == "INR"
    )


def test_the_hands_holding_the_new_lines_give_no_error_finding(
    corpus: dict[str, list[Record]], rules: Ruleset
) -> None:
    new = {
        r.hand_id
        for records in corpus.values()
        for r in records
        if isinstance(r, Hand) and _holds_a_new_line(r)
    }
    assert len(new) > 400
    result = audit([CORPUS], ruleset_id(rules, RULES), rules)
    assert result.hands == 7338 and len(result.rejected) == len(EXPECTED_REJECTIONS)
    found = {
        (f.location.hand, f.rule, f.message)
        for f in result.findings
        if f.severity == "error" and f.location.hand in new and f.rule not in TOURNAMENT_ONLY
    }
    assert found == set()


# Table-sequence rules that fire on cash and Zoom hands, Zoom tables changing every hand: being
# scoped to tournaments separately (they say nothing of how the new lines are read).
TOURNAMENT_ONLY = frozenset({"seating.no-seat-changes", "blinds.button-moves-forward"})


# --- a returning player's dead small blind at a cash table --------------------------------------

# Dan comes back owing the small blind: PokerStars writes it as a second `posts small blind`,
# and Dan then calls the whole big blind (real hand 22991200661 of the corpus does this).
DEAD_SMALL_BLIND = """\
PokerStars Game #22991200999:  Hold'em No Limit ($0.01/$0.02 USD) - 2010/05/07 0:17:07 ET
Table 'Testia' 9-max Seat #1 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($2 in chips)
Seat 3: Cat ($2 in chips)
Seat 4: Dan ($1.24 in chips)
Bob: posts small blind $0.01
Cat: posts big blind $0.02
Dan: posts small blind $0.01
*** HOLE CARDS ***
Dan: calls $0.02
Ann: folds
Bob: calls $0.01
Cat: checks
*** FLOP *** [Td 3s Th]
Bob: checks
Cat: checks
Dan: bets $0.08
Bob: folds
Cat: folds
Uncalled bet ($0.08) returned to Dan
Dan collected $0.07 from pot
*** SUMMARY ***
Total pot $0.07 | Rake $0
Board [Td 3s Th]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Cat (big blind) folded on the Flop
Seat 4: Dan collected ($0.07)
"""


def test_a_second_small_blind_at_a_cash_table_is_dead(tmp_path: Path, rules: Ruleset) -> None:
    hand = one_hand(DEAD_SMALL_BLIND)
    assert [a.kind for a in hand.actions[:3]] == [
        ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND, ActionKind.DEAD_BLIND]
    assert errors(DEAD_SMALL_BLIND, tmp_path, rules) == set()
    # Calling only the cent more, as if the dead blind counted, is short of the bet.
    short = (DEAD_SMALL_BLIND.replace("Dan: calls $0.02", "Dan: calls $0.01")
             .replace("collected $0.07", "collected $0.06").replace("pot $0.07", "pot $0.06")
             .replace("collected ($0.07)", "collected ($0.06)"))
    assert "betting.call-amount" in rules_of(errors(short, tmp_path, rules))


def _next_hand_at_keid(cal: str) -> str:
    """A hand dealt after CASHED_OUT_WINNER at its table, Cal seated with `cal`."""
    return f"""\
PokerStars Hand #212451924283:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/21 13:04:50 ET
Table 'Keid II' 9-max Seat #5 is the button
Seat 3: Ann ($2 in chips)
Seat 5: Ben ($1.47 in chips)
Seat 8: Cal ({cal} in chips)
Cal: posts small blind $0.01
Ann: posts big blind $0.02
*** HOLE CARDS ***
Ben: folds
Cal: folds
Uncalled bet ($0.01) returned to Ann
Ann collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 3: Ann (big blind) collected ($0.02)
Seat 5: Ben (button) folded before Flop (didn't bet)
Seat 8: Cal (small blind) folded before Flop
"""


def _follows(first: Hand, second: Hand) -> bool:
    table = TableState("Keid II")
    for _ in replay_hand(first, table):
        pass
    starts = [event for name, event in replay_hand(second, table) if name == "hand"]
    assert len(starts) == 1 and isinstance(starts[0], HandStartEvent)
    return starts[0].table.previous_hand_known


def test_the_hand_after_a_cash_out_follows_it_with_the_cash_out_in_the_stack() -> None:
    """Cal cashed out for $2.44 and the site kept the $2.94 pot: he sits down to the next
    hand with $2.44, and that hand follows this one (the table's sequence is kept)."""
    first = one_hand(CASHED_OUT_WINNER)
    assert _follows(first, one_hand(_next_hand_at_keid("$2.44")))
    assert not _follows(first, one_hand(_next_hand_at_keid("$2.94")))


def test_the_clocks_warning_is_a_time_warning_event() -> None:
    # PokerStars writes "Hero has 15 seconds left to act" before a slow decision.
    text = SITS_OUT.replace("*** HOLE CARDS ***\n",
                            "*** HOLE CARDS ***\nDee has 15 seconds left to act\n", 1)
    hand = one_hand(text)
    warnings = [e for e in hand.events if e.kind is HandEventKind.TIME_WARNING]
    assert [(e.player, e.after_action) for e in warnings] == [("Dee", 2)]
