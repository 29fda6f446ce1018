"""The Full Tilt Poker hand reader: hand-written hands in the site's exact format, then the
real corpus (every hand read or rejected for a named defect, the money of every read hand
adding up, and values checked by hand against the files)."""

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.ingest import fulltilt_hand, fulltilt_header
from checker.ingest.amounts import is_digits
from checker.ingest.base import Block
from checker.ingest.consistency import pot_problems
from checker.ingest.decode import LineTracker, iter_lines
from checker.ingest.detect import clean_head_line
from checker.ingest.fulltilt_hand import FORMAT, FullTiltBlock
from checker.ingest.fulltilt_header import HeaderError, parse_header
from checker.ingest.stream import parse_records
from checker.model import (
    ActionKind,
    BettingStructure,
    Game,
    Hand,
    HandEventKind,
    Rejection,
    Street,
    Unit,
)
from tests.line_runs import lines_and_runs

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "real"
FTP = CORPUS / "ftp"
# What some clients wrote between two hands.
SEPARATOR_LINE = "********** # 2 **********"


def read(text: str) -> list[Hand | Rejection]:
    """Records of a snippet given as text (one hand history line per line)."""
    lines = text.strip("\n").split("\n")
    records = list(parse_records(FORMAT, iter(enumerate(lines, start=1)), "snippet.txt"))
    assert all(isinstance(r, Hand | Rejection) for r in records)
    return records  # type: ignore[return-value]


def read_one(text: str) -> Hand:
    records = read(text)
    assert len(records) == 1
    record = records[0]
    assert isinstance(record, Hand), record
    assert pot_problems(record) == []
    return record


def rejected(text: str) -> Rejection:
    records = read(text)
    assert len(records) == 1
    record = records[0]
    assert isinstance(record, Rejection), record
    return record


# ---------------------------------------------------------------------- hand-written hands

# Snippets are written line for line as the client wrote them; long lines are split in the
# source only.
NL_CASH = (
    "Full Tilt Poker Game #33000000001: Table Alpha (6 max) - NL Hold'em - $0.50/$1 - "
    "18:30:00 CET - 2013/06/01 [12:30:00 ET - 2013/06/01]\n"
) + """\
Seat 1: Ann ($100)
Seat 2: Bob Smith ($50.25)
Seat 3: Cy ($80), is sitting out
Ann posts the small blind of $0.50
Bob Smith posts the big blind of $1
The button is in seat #1
*** HOLE CARDS ***
Dealt to Ann [Ah Kd]
Ann raises to $3
Bob Smith raises to $9
Ann: nice
Ann calls $6
*** FLOP *** [2c 7d Ts] (Total Pot: $18, 2 Players)
Bob Smith bets $41.25, and is all in
Ann raises to $91, and is all in
Uncalled bet of $49.75 returned to Ann
Bob Smith shows [Qs Qh]
Ann shows [Ah Kd]
*** TURN *** [2c 7d Ts] [9h] (Total Pot: $100.50, 2 Players, 2 All-In)
*** RIVER *** [2c 7d Ts 9h] [Ac]
Ann shows a pair of Aces
Bob Smith shows a pair of Queens
Ann wins the pot ($97.50) with a pair of Aces
*** SUMMARY ***
Total pot $100.50 | Rake $3
Board: [2c 7d Ts 9h Ac]
Seat 1: Ann (small blind) showed [Ah Kd] and won ($97.50) with a pair of Aces
Seat 2: Bob Smith (big blind) showed [Qs Qh] and lost with a pair of Queens
Seat 3: Cy is sitting out
"""


def test_no_limit_cash_hand_in_cents() -> None:
    hand = read_one(NL_CASH)
    assert (hand.site, hand.source_format, hand.hand_id) == (
        "Full Tilt Poker", "fulltilt-hand", "33000000001")
    assert (hand.table, hand.max_seats, hand.game, hand.structure) == (
        "Alpha", 6, Game.HOLDEM, BettingStructure.NO_LIMIT)
    assert (hand.unit, hand.currency, hand.small_blind, hand.big_blind) == (
        Unit.CENTS, "USD", 50, 100)
    assert hand.small_bet is None and hand.tournament_id is None
    assert hand.played_at == datetime(2013, 6, 1, 18, 30)
    assert hand.played_at_zone == "CET"
    assert hand.played_at_et == datetime(2013, 6, 1, 12, 30)
    assert hand.button_seat == 1
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in hand.seats] == [
        (1, "Ann", 10000, False), (2, "Bob Smith", 5025, False), (3, "Cy", 8000, True)]
    moves = [(a.street, a.player, a.kind, a.amount, a.to, a.all_in) for a in hand.actions]
    assert moves == [
        (Street.PREFLOP, "Ann", ActionKind.SMALL_BLIND, 50, None, False),
        (Street.PREFLOP, "Bob Smith", ActionKind.BIG_BLIND, 100, None, False),
        (Street.PREFLOP, "Ann", ActionKind.RAISE, 250, 300, False),
        (Street.PREFLOP, "Bob Smith", ActionKind.RAISE, 800, 900, False),
        (Street.PREFLOP, "Ann", ActionKind.CALL, 600, None, False),
        (Street.FLOP, "Bob Smith", ActionKind.BET, 4125, None, True),
        (Street.FLOP, "Ann", ActionKind.RAISE, 9100, 9100, True),
    ]
    assert [a.index for a in hand.actions] == list(range(7))
    assert [(r.player, r.amount, r.line) for r in hand.returns] == [("Ann", 4975, 17)]
    assert [(a.player, a.amount, a.pot, a.half) for a in hand.awards] == [
        ("Ann", 9750, "pot", None)]
    assert hand.pot is not None
    assert (hand.pot.total, hand.pot.rake, hand.pot.parts) == (10050, 300, [])
    assert hand.boards == [["2c", "7d", "Ts", "9h", "Ac"]]
    assert hand.hole_cards == {"Ann": ["Ah", "Kd"], "Bob Smith": ["Qs", "Qh"]}
    assert [(s.player, s.cards, s.mucked) for s in hand.shown] == [
        ("Bob Smith", ["Qs", "Qh"], False), ("Ann", ["Ah", "Kd"], False)]
    chat = [(e.kind, e.player, e.text, e.after_action, e.line) for e in hand.events]
    assert chat == [(HandEventKind.CHAT, "Ann", "nice", 4, 12)]
    assert [s.text for s in hand.summary][2] == "is sitting out"
    assert (hand.location.line, hand.end_line, hand.warnings) == (1, 30, [])


DRAW_HAND = (
    "Full Tilt Poker Game #40000000002: Table Deuce (6 max) - $5/$10 - Limit 2-7 Triple Draw"
    " - 8:05:00 ET - 2012/11/23\n"
) + """\
Seat 1: Ann ($100)
Seat 2: Bob ($100)
Seat 4: Cy ($100)
Ann posts the small blind of $2.50
Bob posts the big blind of $5
Cy posts a dead small blind of $2.50
Cy posts $5
The button is in seat #4
*** HOLE CARDS ***
Dealt to Ann [2c 3d 4h 9s Kc]
Cy raises to $10
Ann calls $7.50
Bob calls $5
*** FIRST DRAW *** (Pot: $32.50)
Ann discards 1 card [Kc]
Bob stands pat
Cy discards 2 cards
Dealt to Ann [2c 3d 4h 9s] [7d]
Cy is dealt 2 cards
Ann checks
Bob bets $5
Cy folds
Ann calls $5
*** SECOND DRAW *** (Pot: $42.50)
Ann stands pat on [2c 3d 4h 9s 7d]
Bob discards 1 card
Bob is dealt 1 card
Ann bets $10
Bob folds
Uncalled bet of $10 returned to Ann
Ann mucks
Ann wins the pot ($42.50)
*** SUMMARY ***
Total pot $42.50 | Rake $0
Seat 1: Ann (small blind) collected ($42.50), mucked
Seat 2: Bob (big blind) folded after the 2nd Draw
Seat 4: Cy (button) folded after the 1st Draw
"""


def test_fixed_limit_draw_hand_posts_and_discards() -> None:
    hand = read_one(DRAW_HAND)
    assert (hand.game, hand.structure) == (Game.DRAW27_TRIPLE, BettingStructure.FIXED_LIMIT)
    # The header shows the bets; the blinds come from the posts.
    assert (hand.small_bet, hand.big_bet, hand.small_blind, hand.big_blind) == (
        500, 1000, 250, 500)
    assert hand.played_at == datetime(2012, 11, 23, 8, 5)
    posts = [(a.player, a.kind, a.amount, a.street) for a in hand.posts]
    assert posts == [
        ("Ann", ActionKind.SMALL_BLIND, 250, Street.PREDRAW),
        ("Bob", ActionKind.BIG_BLIND, 500, Street.PREDRAW),
        ("Cy", ActionKind.DEAD_BLIND, 250, Street.PREDRAW),
        ("Cy", ActionKind.BIG_BLIND, 500, Street.PREDRAW),
    ]
    cy_raise = hand.actions[4]
    # The dead small blind is not part of Cy's bet: raising to $10 adds $5.
    assert (cy_raise.kind, cy_raise.amount, cy_raise.to) == (ActionKind.RAISE, 500, 1000)
    draws = [(a.street, a.player, a.discards) for a in hand.actions
             if a.kind == ActionKind.DISCARD]
    assert draws == [
        (Street.DRAW1, "Ann", 1), (Street.DRAW1, "Bob", 0), (Street.DRAW1, "Cy", 2),
        (Street.DRAW2, "Ann", 0), (Street.DRAW2, "Bob", 1),
    ]
    assert hand.hole_cards == {"Ann": ["2c", "3d", "4h", "9s", "Kc", "7d"]}
    assert hand.boards == []
    assert hand.warnings == []


def test_draw_count_that_disagrees_with_the_discard_is_a_warning() -> None:
    hand = read_one(DRAW_HAND.replace("Cy is dealt 2 cards", "Cy is dealt 3 cards"))
    assert hand.warnings == ["line 20: Cy is dealt 3 cards after discarding 2"]


RAZZ_HAND = (
    "Full Tilt Poker Game #40000000003: Table Mart - $0.10/$0.20 Ante $0.02 - Limit Razz - "
    "17:10:10 CCT - 2010/12/07 [04:10:10 ET - 2010/12/07]\n"
) + """\
Seat 1: Ann ($5)
Seat 2: Bob ($5)
Seat 3: Cy ($5)
Seat 4: Dee ($3)
Ann antes $0.02
Bob antes $0.02
Cy antes $0.02
Dee is sitting out
*** 3RD STREET ***
Dealt to Ann [As 2s] [3s]
Dealt to Bob [Kd]
Dealt to Cy [4c]
Bob is high with [Kd]
Bob brings in for $0.03
Cy completes it to $0.10
Ann raises to $0.20
Bob folds
Cy calls $0.10
*** 4TH STREET ***
Dealt to Ann [As 2s 3s] [5h]
Dealt to Cy [4c] [Qc]
Ann bets $0.10
Cy folds
Uncalled bet of $0.10 returned to Ann
Ann mucks
Ann wins the pot ($0.45)
*** SUMMARY ***
Total pot $0.49 | Rake $0.04
Seat 1: Ann collected ($0.45), mucked
Seat 2: Bob folded on 3rd St.
Seat 3: Cy folded on 4th St.
Seat 4: Dee is sitting out
"""


def test_stud_hand_bring_in_and_complete() -> None:
    hand = read_one(RAZZ_HAND)
    assert hand.game == Game.RAZZ
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (2, 3, 10, 20)
    assert (hand.small_blind, hand.big_blind, hand.button_seat) == (None, None, None)
    assert (hand.played_at_zone, hand.played_at_et) == ("CCT", datetime(2010, 12, 7, 4, 10, 10))
    moves = [(a.street, a.player, a.kind, a.amount, a.to) for a in hand.actions]
    assert moves == [
        (Street.THIRD, "Ann", ActionKind.ANTE, 2, None),
        (Street.THIRD, "Bob", ActionKind.ANTE, 2, None),
        (Street.THIRD, "Cy", ActionKind.ANTE, 2, None),
        (Street.THIRD, "Bob", ActionKind.BRING_IN, 3, None),
        (Street.THIRD, "Cy", ActionKind.COMPLETE, 10, 10),
        (Street.THIRD, "Ann", ActionKind.RAISE, 20, 20),
        (Street.THIRD, "Bob", ActionKind.FOLD, 0, None),
        (Street.THIRD, "Cy", ActionKind.CALL, 10, None),
        (Street.FOURTH, "Ann", ActionKind.BET, 10, None),
        (Street.FOURTH, "Cy", ActionKind.FOLD, 0, None),
    ]
    # "Dee is sitting out" before the deal marks the seat.
    assert [s.sitting_out for s in hand.seats] == [False, False, False, True]
    assert hand.hole_cards == {
        "Ann": ["As", "2s", "3s", "5h"], "Bob": ["Kd"], "Cy": ["4c", "Qc"]}


HILO_SIDE_POT = (
    "FullTiltPoker Game #40000000004: $10 + $1 Sit & Go (1234567), Table 1 - 40/80 - Limit "
    "Omaha H/L - 21:27:00 ET - 2006/04/19\n"
) + """\
Seat 1: Ann (1,000)
Seat 2: Bob (40)
Seat 3: Cy (1,000)
Bob posts the small blind of 20
Cy posts the big blind of 40
The button is in seat #1
*** HOLE CARDS ***
Ann calls 40
Bob calls 20, and is all in
Cy checks
*** FLOP *** [Ah 2d 3c]
Cy bets 40
Ann calls 40
*** TURN *** [Ah 2d 3c] [Kd]
Cy checks
Ann checks
*** RIVER *** [Ah 2d 3c Kd] [7s]
Cy checks
Ann checks
*** SHOW DOWN ***
Cy shows [As Ad 9h 9c] three of a kind, Aces, for high
Ann shows [4c 5c Jh Jd] a straight, Five high, for high and 5,4,3,2,A, for low
Ann wins the high side pot (40) with a straight, Five high
Ann wins the low side pot (40) with 5,4,3,2,A
Bob shows [4d 5h Kc Qs] a straight, Five high, for high and 5,4,3,2,A, for low
Ann ties for the high main pot (30) with a straight, Five high
Bob ties for the high main pot (30) with a straight, Five high
Ann ties for the low main pot (30) with 5,4,3,2,A
Bob ties for the low main pot (30) with 5,4,3,2,A
*** SUMMARY ***
Total pot 200 Main pot 120. Side pot 80. | Rake 0
Board: [Ah 2d 3c Kd 7s]
""" + (
    "Seat 1: Ann (button) showed [4c 5c Jh Jd] and won (140) with HI: a straight, Five high; "
    "LO: 5,4,3,2,A\n"
    "Seat 2: Bob (small blind) showed [4d 5h Kc Qs] and won (60) with HI: a straight, Five "
    "high; LO: 5,4,3,2,A\n"
    "Seat 3: Cy (big blind) showed [As Ad 9h 9c] and lost with HI: three of a kind, Aces\n"
)


def test_tournament_hilo_split_and_side_pot() -> None:
    hand = read_one(HILO_SIDE_POT)
    assert (hand.tournament_id, hand.tournament_name, hand.table) == (
        "1234567", "$10 + $1 Sit & Go", "1")
    assert (hand.unit, hand.currency, hand.game) == (Unit.CHIPS, None, Game.OMAHA_HILO)
    # Fixed limit: "40/80" are the bets; the posts give the blinds.
    assert (hand.small_bet, hand.big_bet, hand.small_blind, hand.big_blind) == (40, 80, 20, 40)
    assert [(a.player, a.amount, a.pot, a.half) for a in hand.awards] == [
        ("Ann", 40, "side pot", "high"), ("Ann", 40, "side pot", "low"),
        ("Ann", 30, "main pot", "high"), ("Bob", 30, "main pot", "high"),
        ("Ann", 30, "main pot", "low"), ("Bob", 30, "main pot", "low"),
    ]
    assert hand.pot is not None and hand.pot.parts == [120, 80]
    bob_call = hand.actions[3]
    assert (bob_call.player, bob_call.amount, bob_call.all_in) == ("Bob", 20, True)


def test_observer_chat_nameless_warning_and_arrivals_are_events() -> None:
    text = NL_CASH.replace(
        "Ann: nice\n",
        "Ann: nice\nrail bird (Observer): gl\n5 seconds left to act\nZed sits down\nZed adds $50\n",
    )
    hand = read_one(text)
    events = [(e.kind, e.player, e.text) for e in hand.events]
    assert events == [
        (HandEventKind.CHAT, "Ann", "nice"),
        (HandEventKind.OBSERVER_CHAT, "rail bird", "gl"),
        (HandEventKind.TIME_WARNING, None, "5 seconds left to act"),
        (HandEventKind.SITS_DOWN, "Zed", ""),
        (HandEventKind.OTHER, "Zed", "adds $50"),
    ]


def test_time_and_connection_events() -> None:
    text = NL_CASH.replace(
        "Ann calls $6\n",
        "Ann has 15 seconds left to act\nAnn has requested TIME\nAnn has been disconnected\n"
        "Ann has reconnected\nAnn calls $6\nCy has returned\n",
    )
    kinds = [(e.kind, e.after_action) for e in read_one(text).events]
    assert kinds == [
        (HandEventKind.CHAT, 4), (HandEventKind.TIME_WARNING, 4), (HandEventKind.TIME_BANK, 4),
        (HandEventKind.DISCONNECTED, 4), (HandEventKind.RECONNECTED, 4),
        (HandEventKind.RETURNED, 5),
    ]


# ---------------------------------------------------------------------- headers

@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "Full Tilt Poker Game #253843023: $5 Sit & Go (Super Turbo) (253843023), Table 1 - "
            "NL Hold'em - 15/30 - 19:02:47 ET - 2013/05/14",
            ("253843023", "$5 Sit & Go (Super Turbo)", "1", None, Game.HOLDEM,
             BettingStructure.NO_LIMIT, 15, 30, None, None, False),
        ),
        (
            "Full Tilt Poker Game #29537846954: $7,000 KO Guarantee (229436420), Table 11 - "
            "50K/100K Ante 10000 - No Limit Hold'em - 16:06:40 ET - 2011/04/01",
            ("229436420", "$7,000 KO Guarantee", "11", None, Game.HOLDEM,
             BettingStructure.NO_LIMIT, 50_000, 100_000, 10_000, None, False),
        ),
        (
            "Full Tilt Poker Game #21536466676: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi"
            " - 12:06:20 ET - 2010/06/11",
            (None, None, "Hagan", None, Game.STUD, BettingStructure.FIXED_LIMIT,
             300, 600, 50, None, True),
        ),
        (
            "FullTiltPoker Game #28014530000: Table Atable (6 max) - $25/$50 - $2,000 Cap Pot "
            "Limit Omaha Hi - 11:00:00 ET - 2011/02/01",
            (None, None, "Atable", 6, Game.OMAHA, BettingStructure.POT_LIMIT,
             2500, 5000, None, 200_000, True),
        ),
        (
            "Full Tilt Poker Game #1: Table King of the Hill (heads up, deep) - 500K/1000K - "
            "No Limit Hold'em - 21:40:27 ET - 2011/04/15",
            (None, None, "King of the Hill", 2, Game.HOLDEM, BettingStructure.NO_LIMIT,
             500_000, 1_000_000, None, None, False),
        ),
        (
            "Full Tilt Poker Game #2: Table .COM Play 6118 (6 max, deep) - PL 5 Card Omaha Hi"
            " - 5/10 - 14:39:50 ET - 2013/05/11",
            (None, None, ".COM Play 6118", 6, Game.OMAHA5, BettingStructure.POT_LIMIT,
             5, 10, None, None, False),
        ),
        (
            "Full Tilt Poker Game #3: $26 Super Turbo Matrix (244669447), Match 2 - 30/60 - No"
            " Limit Hold'em - 09:22:39 EET - 2012/11/23 [02:22:39 ET - 2012/11/23]",
            ("244669447", "$26 Super Turbo Matrix", "Match 2", None, Game.HOLDEM,
             BettingStructure.NO_LIMIT, 30, 60, None, None, False),
        ),
        (
            "Full Tilt Poker Game #4: Table Clackers (New to the Game) - FL Badugi - "
            "$0.10/$0.20 - 10:18:16 ET - 2013/05/08",
            (None, None, "Clackers", None, Game.BADUGI, BettingStructure.FIXED_LIMIT,
             10, 20, None, None, True),
        ),
        (
            "Full Tilt Poker Game #5: $300 Flipout (272237051), Table 1 - NL Hold'em - "
            "2B/2B Ante 2B - 04:46:00 ET - 2014/08/07",
            ("272237051", "$300 Flipout", "1", None, Game.HOLDEM, BettingStructure.NO_LIMIT,
             2_000_000_000, 2_000_000_000, 2_000_000_000, None, False),
        ),
    ],
)
def test_header_generations(line: str, expected: tuple[object, ...]) -> None:
    header = parse_header(line)
    s = header.setting
    got = (s.tournament_id, s.tournament_name, s.table, s.max_seats, s.game, s.structure,
           s.stake_low, s.stake_high, s.ante, s.cap, s.in_cents)
    assert got == expected


def test_header_dates_and_times() -> None:
    worded = parse_header(
        "Full Tilt Poker Game #22488827305: Table Flash - $0.02/$0.05 - No Limit Hold'em - "
        "15:13 ET - Wed, July 21, 2010")
    assert (worded.played_at, worded.played_at_zone) == (datetime(2010, 7, 21, 15, 13), "ET")
    assert worded.played_at_et == worded.played_at
    local = parse_header(
        "Full Tilt Poker Game #31823949512: $10,000 Rush Guar (Rebuy) (247042894), Table 6 - "
        "15/30 - No Limit Hold'em - 09:31:00 CT - 2013/01/06 [10:31:00 ET - 2013/01/06]")
    assert (local.played_at, local.played_at_zone, local.played_at_et) == (
        datetime(2013, 1, 6, 9, 31), "CT", datetime(2013, 1, 6, 10, 31))
    partial = parse_header(
        "Full Tilt Poker Game #27020940000: Table High Breeze (6 max) - $20/$40 - Limit 2-7 "
        "Triple Draw - 03:32:00 ET - 2011/01/06 (partial)")
    assert partial.partial


def _edited(text: str, edit: tuple[int, str] | None) -> str:
    if edit is None:
        return text
    at = edit[0] % len(text)
    return text[:at] + edit[1] + text[at + 1:]


# Header ends: the usual shape (any real time), its zone and what follows it varied, and one
# character changed in some; and loose pieces.
_USUAL_ISH_TAIL = st.builds(
    lambda when, zone, extra, edit: _edited(
        f" - {when:%H:%M:%S} {zone} - {when:%Y/%m/%d}{extra}", edit),
    st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 31)),
    st.sampled_from(["ET", "ET", "CT", "UTC", "E"]),
    st.sampled_from(["", "", " (partial)", " [10:31:00 ET - 2013/01/06]", "x"]),
    st.one_of(st.none(), st.none(),
              st.tuples(st.integers(0, 40), st.sampled_from(list(":/- 09Ex١")))))
_TAIL = st.one_of(_USUAL_ISH_TAIL, st.lists(st.sampled_from(
    [" - ", " ", "12", "07", ":", "30", "ET", "2026", "/", "11", "01", " ET - ", "(partial)",
     "Wed, July 21, 2010"]), max_size=14).map("".join))


def _by_patterns(text: str) -> tuple[str, str, datetime, str, datetime | None, bool] | None:
    """What the header's patterns alone read: game number, the text before the time,
    times, zone, partial; None where they read no header."""
    start = fulltilt_header.HEADER_START.match(text)
    if start is None:
        return None
    rest = text[start.end():]
    tail = fulltilt_header._TIME_TAIL.search(rest, fulltilt_header._tail_search_start(rest))
    if tail is None:
        return None
    clock, zone, date, et_clock, et_date, partial = tail.group(
        "time", "zone", "date", "et_time", "et_date", "partial")
    try:
        played_at = fulltilt_header._datetime(date, clock)
        et = fulltilt_header._datetime(et_date, et_clock) if et_clock else (
            played_at if zone == "ET" else None)
    except HeaderError:
        return None
    return start.group(1), rest[:tail.start()], played_at, zone, et, partial is not None


@given(st.sampled_from(["Full Tilt Poker Game #", "FullTiltPoker Game #",
                        "Full Tilt Poker.fr Game #", "Full Tilt Poker Game ", "Full Tilt"]),
       st.sampled_from(["123", "90000100004", "", "12a", "٣"]),
       st.sampled_from([": ", ":", " : "]), st.sampled_from(["Table A", "", " x: y"]))
def test_the_usual_header_start_is_read_as_the_pattern_reads_it(
        site: str, number: str, colon: str, rest: str) -> None:
    text = site + number + colon + rest
    start = fulltilt_header.HEADER_START.match(text)
    assert fulltilt_header.header_start(text) == (
        None if start is None else (start.group(1), start.end()))


@given(st.sampled_from(["Table A - $1/$2 - No Limit Hold'em",
                        "$5 + $0 Multi-Table 9-max (900001), Table 4 - 10/20 - No Limit Hold'em",
                        "Table B - 15/30 - Limit Razz", "Table C - 1/2"]),
       _TAIL)
@settings(max_examples=500)
def test_the_usual_header_end_is_read_as_the_patterns_read_it(middle: str, tail: str) -> None:
    """The usual " - HH:MM:SS ET - YYYY/MM/DD" end is read without the patterns; anything
    it reads, the patterns read the same."""
    text = "Full Tilt Poker Game #123: " + middle + tail
    expected = _by_patterns(text)
    try:
        setting = None if expected is None else fulltilt_header._setting(expected[1])
    except HeaderError:
        setting = None
    if expected is None or setting is None:
        with pytest.raises(HeaderError):
            parse_header(text)
        return
    header = parse_header(text)
    number_read, _, played_at, zone, et, partial = expected
    assert (header.hand_id, header.setting, header.played_at, header.played_at_zone,
            header.played_at_et, header.partial) == (
        number_read, setting, played_at, zone, et, partial)


def test_the_usual_header_end() -> None:
    usual = parse_header("Full Tilt Poker Game #90000100004: $5 + $0 Multi-Table 9-max (900001), "
                         "Table 4 - 10/20 - No Limit Hold'em - 12:07:30 ET - 2026/11/01")
    assert (usual.hand_id, usual.setting.table, usual.played_at, usual.played_at_zone,
            usual.played_at_et, usual.partial) == (
        "90000100004", "4", datetime(2026, 11, 1, 12, 7, 30), "ET",
        datetime(2026, 11, 1, 12, 7, 30), False)


def test_a_setting_read_when_the_cache_is_full_is_kept() -> None:
    """The header's settings cache is emptied when full, not frozen: an MTT corpus has some
    ten thousand table settings, and one read after the first few thousand is read again
    at each of its table's hands if it is not kept."""
    settings = fulltilt_header._SETTINGS
    settings.clear()
    line = ("Full Tilt Poker Game #1: $5 + $0 Multi-Table 9-max (900001), Table {} - 10/20 - "
            "No Limit Hold'em - 07:07:30 ET - 2026/11/01")
    for table in range(fulltilt_header._SETTINGS_CACHE_SIZE):
        parse_header(line.format(table))
    assert len(settings) == fulltilt_header._SETTINGS_CACHE_SIZE
    last = parse_header(line.format("last"))
    assert list(settings) == ["$5 + $0 Multi-Table 9-max (900001), Table last - 10/20 - "
                              "No Limit Hold'em"]
    assert parse_header(line.format("last")) == last and last.setting.table == "last"


def test_an_amount_read_when_the_cache_is_full_is_kept() -> None:
    """The amounts cache (per unit) is emptied when full, as the header's settings are."""
    cents = fulltilt_hand._AMOUNTS[True]
    cents.clear()
    cents.update((f"${n}.99", n * 100 + 99) for n in range(fulltilt_hand._AMOUNT_CACHE_SIZE))
    hand = read_one(NL_CASH)
    assert "$50.25" in cents and cents["$50.25"] == 5025
    assert len(cents) < 100
    assert [seat.stack for seat in hand.seats] == [10000, 5025, 8000]


def test_header_defects_are_named() -> None:
    with pytest.raises(HeaderError, match="does not know: 'Crazy Pineapple'"):
        parse_header("Full Tilt Poker Game #1: Table A - $1/$2 - No Limit Crazy Pineapple - "
                     "10:00:00 ET - 2010/01/01")
    with pytest.raises(HeaderError, match="no time and date"):
        parse_header("Full Tilt Poker Game #1: Table A - $1/$2 - No Limit Hold'em")
    with pytest.raises(HeaderError, match="impossible date"):
        parse_header("Full Tilt Poker Game #1: Table A - $1/$2 - No Limit Hold'em - "
                     "10:00:00 ET - 2010/02/30")


def test_cap_game_without_an_amount_is_read_with_a_warning() -> None:
    hand = read_one(NL_CASH.replace("NL Hold'em - $0.50/$1", "CAP NL Hold'em - $0.50/$1"))
    assert hand.cap is None
    assert hand.warnings == ["the header says CAP but does not state the cap amount"]


# ---------------------------------------------------------------------- cutting and sniffing

def test_archive_separators_and_blank_line_after_header() -> None:
    archive = (
        "BEGIN\n"
        + NL_CASH.replace("Seat 1: Ann", "\nSeat 1: Ann", 1)
        + "\n\n******************** # 2 *******************\n\n"
        + NL_CASH.replace("#33000000001", "#33000000002")
    )
    records = read(archive)
    assert [r.hand_id for r in records if isinstance(r, Hand)] == ["33000000001", "33000000002"]
    first, second = records
    assert isinstance(first, Hand) and isinstance(second, Hand)
    lines = archive.split("\n")
    second_header = lines.index(NL_CASH.split("\n")[0].replace("#33000000001", "#33000000002"))
    # The first hand ends at its last summary line, before the blank lines and separator.
    assert (first.location.line, first.end_line) == (2, lines.index("Seat 3: Cy is sitting out")
                                                     + 1)
    assert second.location.line == second_header + 1


def test_glued_header_is_split_off_with_a_warning() -> None:
    second = NL_CASH.replace("#33000000001", "#33000000002")
    glued = NL_CASH.rstrip("\n") + second
    first, next_hand = read(glued)
    assert isinstance(first, Hand) and isinstance(next_hand, Hand)
    assert first.warnings == [] and first.summary[-1].text == "is sitting out"
    assert next_hand.hand_id == "33000000002" and next_hand.location.line == 30
    assert next_hand.warnings == [
        "the header on line 30 is glued to the end of the previous hand's last line"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 200), max_size=8), st.booleans(), st.booleans())
def test_lines_in_runs_cut_as_lines_one_by_one(cuts: list[int], glue: bool,
                                               returns: bool) -> None:
    """A file's lines given to the cutter in runs (as `open_file` does: a run per decoded
    piece, cut anywhere) or one by one (`blocks`): the same blocks, the tracker left at the
    last line cut; glued headers, separators, blank runs and text before the first header
    included."""
    second = NL_CASH.replace("#33000000001", "#33000000002")
    text = ("Seat 1: Ann ($100)\n\n" + NL_CASH + "\n\n" + SEPARATOR_LINE + "\n\n"
            + (NL_CASH.rstrip("\n") if glue else NL_CASH) + second + "\n\n\n")
    if returns:
        text = text.replace("\n", "\r\n")
    lines, runs = lines_and_runs(text, cuts)
    reading = LineTracker()

    def described(blocks: Iterator[Block]) -> list[tuple[int, list[str], bool]]:
        return [(b.start, b.lines, isinstance(b, FullTiltBlock) and b.glued) for b in blocks]

    one_by_one = described(FORMAT.blocks(iter(lines)))
    assert described(FORMAT.blocks_of_runs(runs, reading)) == one_by_one
    assert len(one_by_one) == 4 and one_by_one[-1][2] == glue
    assert reading.last == len(lines)


@given(st.one_of(st.integers(0, 10**30).map(str), st.text(alphabet="0123456789 +-_x٣", max_size=6)))
def test_a_seat_number_reads_as_its_digits_convert(text: str) -> None:
    """The seat numbers looked up (`_seat_number`) read as testing the digits and converting
    them did: ASCII digits only, leading zeros too, anything else refused (-1)."""
    expected = int(text) if is_digits(text) else -1
    assert fulltilt_hand._seat_number(text) == expected


def test_text_before_the_first_header_is_rejected_not_dropped() -> None:
    records = read("Seat 1: Ann ($100)\nAnn folds\n\n" + NL_CASH)
    assert isinstance(records[0], Rejection)
    assert "no header line" in records[0].reason and records[0].location.line == 1
    assert isinstance(records[1], Hand)


def test_sniff_accepts_only_full_tilt_hand_histories() -> None:
    assert FORMAT.sniff(["BEGIN", NL_CASH.split("\n")[0]])
    assert FORMAT.sniff(["FullTiltPoker Game #1: Table A - $1/$2 - Limit Hold'em - 1:00:00 ET"
                         " - 2006/01/01"])
    assert not FORMAT.sniff(["This file is outdated!", "Connected to MySQL on localhost. Print"
                             " Hand Utility", "options.site: Full Tilt Poker site_id: 1"])
    assert not FORMAT.sniff(["Full Tilt Poker Tournament Summary Step 2 (Super Turbo) "
                             "(243814827) Hold'em No Limit (Steps, Super Turbo)"])
    assert not FORMAT.sniff(["PokerStars Game #27853204432: Tournament #220337640, $2+$0.10 "
                             "USD Hold'em No Limit - Level I (10/20) - 2009/05/04 13:50:13 ET"])
    assert not FORMAT.sniff(["Full Tilt Hand #1234: Tournament #5, Hold'em No Limit"])


# ---------------------------------------------------------------------- damaged hands

def test_hand_without_summary_is_truncated() -> None:
    cut = NL_CASH.split("*** SUMMARY ***")[0]
    assert "without a summary section (truncated)" in rejected(cut).reason


def test_unknown_line_is_named() -> None:
    reason = rejected(NL_CASH.replace("Ann calls $6\n", "Ann juggles $6\n")).reason
    assert reason == "line 13 not understood: 'Ann juggles $6'"


def test_player_who_is_not_seated_cannot_act() -> None:
    reason = rejected(NL_CASH.replace("Ann calls $6\n", "Zed calls $6\n")).reason
    assert reason == "line 13: 'Zed' acts but is not seated: 'Zed calls $6'"


def test_money_that_does_not_add_up_is_kept_with_the_discrepancy() -> None:
    # Chips created or lost are for the audit to judge: the hand is read, not rejected.
    (hand,) = read(NL_CASH.replace("Total pot $100.50", "Total pot $110.50"))
    assert isinstance(hand, Hand) and hand.pot is not None and hand.pot.total == 11050
    assert any("but the summary's total pot is 11050" in w for w in hand.warnings)
    assert pot_problems(hand) != []


def test_summary_that_disagrees_with_the_win_lines_is_rejected() -> None:
    text = NL_CASH.replace("and won ($97.50)", "and won ($96.50)")
    assert "the win lines award {'Ann': 9750} but the summary says {'Ann': 9650}" in (
        rejected(text).reason)


def test_streets_that_disagree_on_the_board_are_rejected() -> None:
    text = NL_CASH.replace("*** RIVER *** [2c 7d Ts 9h]", "*** RIVER *** [2c 7d Ts 8h]")
    assert "the river repeats the board as" in rejected(text).reason


def test_impossible_card_is_rejected() -> None:
    assert "'Ax' is not a card" in rejected(NL_CASH.replace("[Ah Kd]", "[Ax Kd]", 1)).reason


def test_currency_mismatch_is_rejected() -> None:
    reason = rejected(NL_CASH.replace("Ann calls $6", "Ann calls 6")).reason
    assert reason == "line 13: amount '6' does not match the table's currency"


def test_missing_win_line_uses_the_summary_with_a_warning() -> None:
    hand = read_one(NL_CASH.replace("Ann wins the pot ($97.50) with a pair of Aces\n", ""))
    assert [(a.player, a.amount, a.line) for a in hand.awards] == [("Ann", 9750, 27)]
    assert hand.warnings == [
        "no win line in the hand: Ann's award of 9750 is taken from summary line 27"]


def test_missing_uncalled_bet_line_is_inferred_only_when_exact() -> None:
    walk = (
        "Full Tilt Poker Game #5: $26 Super Turbo Matrix (244669447), Match 1 - 15/30 - No "
        "Limit Hold'em - 09:20:53 EET - 2012/11/23 [02:20:53 ET - 2012/11/23]\n"
    ) + """\
Seat 1: Ann (300)
Seat 2: Bob (300)
Seat 3: Cy (300)
Ann posts the small blind of 15
Bob posts the big blind of 30
The button is in seat #3
*** HOLE CARDS ***
Cy folds
*** SUMMARY ***
Total pot 30 | Rake 0
Seat 1: Ann (small blind) folded before the Flop
Seat 2: Bob (big blind) collected (30), mucked
Seat 3: Cy (button) didn't bet (folded)
"""
    hand = read_one(walk)
    assert [(r.player, r.amount, r.line) for r in hand.returns] == [("Bob", 15, 11)]
    assert hand.warnings == [
        "no win line in the hand: Bob's award of 30 is taken from summary line 13",
        "no 'Uncalled bet' line: the summary's total pot of 30 means 15 of Bob's bet went "
        "back; it is recorded as returned",
    ]
    inexact = walk.replace("Total pot 30", "Total pot 35").replace("collected (30)",
                                                                   "collected (35)")
    (kept,) = read(inexact)
    assert isinstance(kept, Hand) and kept.returns == []
    assert any("puts in 45 and returns 0, but the summary's total pot is 35" in w
               for w in kept.warnings)


def test_two_seats_on_one_summary_line_is_read_with_a_warning() -> None:
    text = NL_CASH.replace("Seat 3: Cy is sitting out",
                           "Seat 3: Cy Seat 4: Dan is sitting out")
    hand = read_one(text)
    assert [(s.seat, s.player, s.text) for s in hand.summary][-1] == (4, "Dan", "is sitting out")
    assert hand.warnings == [
        "summary line 30 lists two seats: 'Seat 3: Cy Seat 4: Dan is sitting out'; "
        "'Seat 3: Cy' has no result of its own (Cy is seated in this hand) and is left out"]


def test_summary_only_hand_is_rejected() -> None:
    text = (
        "Full Tilt Poker Game #27020940000: Table High Breeze (6 max) - $20/$40 - Limit 2-7 "
        "Triple Draw - 03:32:00 ET - 2011/01/06 (partial)\n"
    ) + """\
*** SUMMARY ***
Total pot $100 | Rake $2
Seat 2: Andy (small blind) collected ($98), mucked
"""
    assert rejected(text).reason == (
        "hand marked '(partial)' and has no seat or action lines: only its summary was recorded")


# ---------------------------------------------------------------------- the real corpus

_HEADER_COUNT = re.compile(r"(?:Full Tilt Poker(?:\.fr)?|FullTiltPoker) Game #\d+")

# Files under the Full Tilt hand folders that are not hand histories.
NOT_HAND_FILES = {
    "old2008/ftp.6367428246.expected.txt",  # FPDB database dumps
    "old2008/ftp.6929537410.expected.txt",
    "old2008/ftp.6929553738.expected.txt",
    "tour/Flop/NLHE-9max-STT-USD-8.30-201211.step.txt",  # a tournament summary
}

# (file, first line of the hand) -> words the rejection must contain. Both hands consist of
# a header and a summary only: no seats, no posts, no actions (checked by reading the files).
EXPECTED_REJECTIONS = {
    ("cash/Draw/3-Draw-Limit-USD-20-40-201101.Partial.txt", 1):
        "marked '(partial)' and has no seat or action lines",
    ("tour/Flop/NLHE-6max-Matrix-USD-26-201211.match4.txt", 98):
        "has no seat or action lines: only its summary was recorded",
}


def _hand_files() -> list[Path]:
    files = [p for folder in ("tour", "cash", "old2008") for p in (FTP / folder).rglob("*.txt")]
    return sorted(files)


def _relative(path: Path) -> str:
    return path.relative_to(FTP).as_posix()


def _head(path: Path) -> list[str]:
    head: list[str] = []
    for _, text in iter_lines(path):
        cleaned = clean_head_line(text)
        if cleaned:
            head.append(cleaned)
            if len(head) == 40:
                break
    return head


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[Hand | Rejection]]:
    assert FTP.is_dir(), f"the real corpus must be at {FTP}"
    read_files: dict[str, list[Hand | Rejection]] = {}
    for path in _hand_files():
        if FORMAT.sniff(_head(path)):
            records = list(parse_records(FORMAT, iter_lines(path), _relative(path)))
            read_files[_relative(path)] = records  # type: ignore[assignment]
    return read_files


def _hand(corpus: dict[str, list[Hand | Rejection]], name: str, line: int) -> Hand:
    found = [r for r in corpus[name] if isinstance(r, Hand) and r.location.line == line]
    assert len(found) == 1
    return found[0]


def test_sniff_picks_exactly_the_hand_files(corpus: dict[str, list[Hand | Rejection]]) -> None:
    not_sniffed = {_relative(p) for p in _hand_files()} - set(corpus)
    assert not_sniffed == NOT_HAND_FILES


def test_every_hand_present_is_read_or_rejected(
    corpus: dict[str, list[Hand | Rejection]],
) -> None:
    present_total = read_total = 0
    for name, records in corpus.items():
        present = sum(len(_HEADER_COUNT.findall(text)) for _, text in iter_lines(FTP / name))
        assert len(records) == present, name
        present_total += present
        read_total += sum(isinstance(r, Hand) for r in records)
    assert present_total == 409
    assert read_total >= 0.995 * present_total


def test_rejections_are_exactly_the_known_defects(
    corpus: dict[str, list[Hand | Rejection]],
) -> None:
    found = {(name, r.location.line): r.reason
             for name, records in corpus.items() for r in records if isinstance(r, Rejection)}
    assert set(found) == set(EXPECTED_REJECTIONS)
    for key, words in EXPECTED_REJECTIONS.items():
        assert words in found[key]


def test_every_read_hand_adds_up(corpus: dict[str, list[Hand | Rejection]]) -> None:
    problems = {(name, r.location.line): pot_problems(r)
                for name, records in corpus.items() for r in records if isinstance(r, Hand)}
    assert {key: p for key, p in problems.items() if p} == {}


def test_corpus_ko_hand_with_k_stakes(corpus: dict[str, list[Hand | Rejection]]) -> None:
    hand = _hand(corpus, "tour/Flop/NLHE-USD-MTT-KO.201104.K.as.thousand.txt", 1)
    assert (hand.small_blind, hand.big_blind, hand.ante, hand.button_seat) == (
        50_000, 100_000, 10_000, 1)
    assert [(s.player, s.stack) for s in hand.seats] == [
        ("Hero", 2_866_582), ("Player0", 1_693_418)]
    shove = hand.actions[4]
    # "Hero raises to 2,856,582, and is all in" over his own 50,000 small blind.
    assert (shove.player, shove.kind, shove.amount, shove.to, shove.all_in) == (
        "Hero", ActionKind.RAISE, 2_806_582, 2_856_582, True)
    call = hand.actions[5]
    assert (call.player, call.amount, call.all_in) == ("Player0", 1_583_418, True)
    assert [(r.player, r.amount) for r in hand.returns] == [("Hero", 1_173_164)]
    assert [(a.player, a.amount) for a in hand.awards] == [("Hero", 3_386_836)]


def test_corpus_side_pot_after_short_small_blind(
    corpus: dict[str, list[Hand | Rejection]],
) -> None:
    hand = _hand(corpus, "tour/Flop/NLHE-USD-STT-2-20100323.Allin.with.less.than.sb.txt", 1)
    # Fixed limit 300/600 with an all-in small blind of 50: blinds from the header's meaning.
    assert (hand.small_bet, hand.big_bet, hand.small_blind, hand.big_blind) == (
        300, 600, 150, 300)
    assert [(a.player, a.amount, a.pot) for a in hand.awards] == [
        ("Player2", 500, "side pot"), ("Player6", 150, "main pot")]
    assert hand.pot is not None and (hand.pot.total, hand.pot.parts) == (650, [150, 500])


def test_corpus_hilo_observed_hand_with_chat(corpus: dict[str, list[Hand | Rejection]]) -> None:
    hand = _hand(corpus, "cash/Flop/LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt", 1)
    assert hand.pot is not None and hand.pot.rake == 300
    assert [(a.player, a.amount, a.half) for a in hand.awards] == [
        ("zbubop", 204_850, "high"), ("AllenCunningham", 204_850, "low")]
    chat = [e for e in hand.events if e.kind == HandEventKind.OBSERVER_CHAT]
    assert len(chat) == 13
    assert (chat[2].player, chat[2].text, chat[2].line) == (
        "Right is Tight", "phil is just nasty", 17)
    assert hand.seats[3].player == "Mike Matusow" and hand.seats[3].sitting_out


def test_corpus_run_it_twice_with_side_pot(corpus: dict[str, list[Hand | Rejection]]) -> None:
    hand = _hand(corpus, "cash/Flop/PLO-6max-USD-2.00-4.00-201211.RIT.side.pot.txt", 1)
    assert hand.boards == [["2c", "As", "Jh", "9h", "Kh"], ["2c", "As", "Jh", "Th", "5d"]]
    assert [(a.player, a.amount, a.pot, a.board) for a in hand.awards] == [
        ("Player1", 7635, "side pot", 0), ("Player1", 7760, "pot", 0),
        ("Player0", 7760, "pot", 1)]
    assert hand.pot is not None
    assert (hand.pot.total, hand.pot.rake, hand.pot.parts) == (23455, 300, [15820, 7635])


def test_corpus_courchevel_irish_and_five_card_stud(
    corpus: dict[str, list[Hand | Rejection]],
) -> None:
    courchevel = _hand(corpus, "cash/Flop/PL-Courchevel-6max-play-25-50-201305.txt", 1)
    assert courchevel.unit == Unit.CHIPS and courchevel.currency is None
    assert courchevel.boards == [["9h", "9s", "Kd", "7h", "7d"]]
    irish = _hand(corpus, "cash/Flop/NL-Irish-6max-USD-2.00-4.00-201304.txt", 1)
    discards = [(a.player, a.street, a.discards) for a in irish.actions
                if a.kind == ActionKind.DISCARD]
    # "Player0 discards" does not say how many; "Hero discards [9h 9c]" shows two.
    assert discards == [("Player0", Street.FLOP, None), ("Hero", Street.FLOP, 2)]
    stud5 = _hand(corpus, "tour/Stud/5-Stud-USD-MTT-100-201303.txt", 1)
    assert (stud5.game, stud5.bring_in, stud5.ante) == (Game.STUD5, 250, 150)
    assert {a.street for a in stud5.posts} == {Street.SECOND}
    short = stud5.actions[13]
    assert (short.player, short.kind, short.amount, short.to, short.all_in) == (
        "Player4", ActionKind.RAISE, 1345, 1345, True)


def test_corpus_mixed_game_file(corpus: dict[str, list[Hand | Rejection]]) -> None:
    hands = [r for r in corpus["cash/Mix/10Game-6max-USD-2.50-5.201104.Sample.txt"]
             if isinstance(r, Hand)]
    assert len(hands) == 84
    # Full Tilt headers never name the rotation: the reader does not guess it.
    assert {h.mixed for h in hands} == {None}
    assert len({(h.game, h.structure) for h in hands}) == 10


def test_corpus_damaged_records_read_with_warnings(
    corpus: dict[str, list[Hand | Rejection]],
) -> None:
    no_win = _hand(corpus, "cash/Flop/PLO-6max-USD-2.00-4.00-201211.no.win.line.txt", 1)
    assert [(a.player, a.amount, a.line) for a in no_win.awards] == [("jflex1989", 4180, 35)]
    assert no_win.warnings == [
        "no win line in the hand: jflex1989's award of 4180 is taken from summary line 35"]
    two_seats = _hand(corpus, "cash/Draw/1-Draw-NL-USD-0.20-0.40-201211.bad.collect.pot.txt", 1)
    assert "summary line 31 lists two seats" in two_seats.warnings[0]
    assert [(a.player, a.amount) for a in two_seats.awards] == [("Player1", 50)]
    assert [s.seat for s in two_seats.summary] == [1, 2, 4, 5, 6]
    observed = _hand(corpus, "cash/Flop/NLHE-6max-USD-25-50.200610.Observed.No.player.stacks.txt",
                     1)
    assert observed.seats == [] and "no seat lines" in observed.warnings[0]
    assert [(a.player, a.kind) for a in observed.actions][2] == ("cinidy lynn", ActionKind.RAISE)
    dead = _hand(corpus, "cash/Draw/3-Draw-Limit-USD-10-20-201101.Dead.hand.txt", 1)
    assert [(r.player, r.amount) for r in dead.returns] == [("Villain", 500)]
    assert dead.awards == [] and "no cards were dealt" in dead.warnings[0]
    truncated = _hand(corpus, "tour/Flop/NLHE-6max-Matrix-USD-26-201211.match4.txt", 470)
    assert truncated.boards == [["3h", "9h", "6s", "Tc", "2c"]]
    assert "the summary's board" in truncated.warnings[0]


def test_corpus_units_dates_and_sitting_out(corpus: dict[str, list[Hand | Rejection]]) -> None:
    euro = _hand(corpus, "cash/Flop/NLHE-6max-EUR-0.01-0.02.201008.Weird.table.character.txt",
                 1)
    assert (euro.unit, euro.currency, euro.table) == (Unit.CENTS, "EUR", "Douai–Lens")
    worded = _hand(corpus, "cash/Flop/NLHE-9max-USD-0.02-0.05.201007.Short.lived.date.format.txt",
                   1)
    assert worded.played_at == datetime(2010, 7, 21, 15, 13)
    badugi = _hand(corpus, "cash/Draw/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt", 1)
    assert [s.player for s in badugi.seats if s.sitting_out] == ["Player8"]
    cap = _hand(corpus, "cash/Flop/PLO-6max-USD-5.00-10.00-201010.CAP.txt", 1)
    assert cap.cap == 40_000
    flipout = _hand(corpus, "tour/Flop/NLHE-9max-Flipout-USD-300-201408.Entry 2.txt", 1)
    assert all(a.all_in for a in flipout.posts) and flipout.pot is not None
    assert flipout.pot.total == 27_000


def test_discard_count_that_disagrees_with_the_cards_is_rejected() -> None:
    text = DRAW_HAND.replace("Ann discards 1 card [Kc]", "Ann discards 2 cards [Kc]")
    assert rejected(text).reason == "line 16: Ann discards 2 cards but 1 cards are shown"


def test_missing_amount_is_rejected() -> None:
    assert rejected(NL_CASH.replace("Ann calls $6", "Ann calls ")).reason == (
        "line 13: an amount is missing")


# ---------------------------------------------------------------------- reading shortcuts
# The reader remembers what repeated texts mean (act words, amounts, markers) across hands;
# these hands check that what it remembers never changes what a hand reads.

def test_amounts_remembered_at_one_unit_are_not_taken_at_the_other() -> None:
    read_one(NL_CASH)  # "Ann calls $6" read at a cash table (cents)
    at_chips = rejected(HILO_SIDE_POT.replace("Ann calls 40\n", "Ann calls $6\n", 1))
    assert at_chips.reason == "line 9: amount '$6' does not match the table's chips"
    read_one(HILO_SIDE_POT)  # "Ann calls 40" read at a tournament table (chips)
    at_cents = rejected(NL_CASH.replace("Ann calls $6", "Ann calls 40"))
    assert at_cents.reason == "line 13: amount '40' does not match the table's currency"


def test_a_repeated_raise_is_measured_against_the_street_each_time() -> None:
    read_one(NL_CASH)  # "Ann raises to $3" read once already
    twice = NL_CASH.replace("Bob Smith raises to $9\n", "Ann raises to $3\n", 1)
    assert rejected(twice).reason == (
        "line 11: Ann raises to $3 but has 300 in already on this street")


def test_players_whose_names_share_a_first_word() -> None:
    hand = read_one(
        "Full Tilt Poker Game #33000000009: Table Beta - $0.50/$1 - No Limit Hold'em - "
        "18:30:00 ET - 2013/06/01\n"
        """\
Seat 1: Player1 ($100)
Seat 2: Player1 2 ($100)
Player1 posts the small blind of $0.50
Player1 2 posts the big blind of $1
The button is in seat #1
*** HOLE CARDS ***
Player1 raises to $3
Player1 2 folds
Uncalled bet of $2 returned to Player1
Player1 mucks
Player1 wins the pot ($2)
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: Player1 (small blind) collected ($2), mucked
Seat 2: Player1 2 (big blind) folded before the Flop
""")
    assert [(a.player, a.kind, a.amount, a.to) for a in hand.actions] == [
        ("Player1", ActionKind.SMALL_BLIND, 50, None),
        ("Player1 2", ActionKind.BIG_BLIND, 100, None),
        ("Player1", ActionKind.RAISE, 250, 300),
        ("Player1 2", ActionKind.FOLD, 0, None),
    ]
    assert [(s.seat, s.player, s.text) for s in hand.summary] == [
        (1, "Player1", "(small blind) collected ($2), mucked"),
        (2, "Player1 2", "(big blind) folded before the Flop"),
    ]
    assert [(a.player, a.amount) for a in hand.awards] == [("Player1", 200)]


def test_seat_name_with_parentheses_sitting_out() -> None:
    text = NL_CASH.replace("Seat 3: Cy ($80), is sitting out",
                           "Seat 3: Cy (the kid) ($80), is sitting out")
    hand = read_one(text.replace("Seat 3: Cy is sitting out",
                                 "Seat 3: Cy (the kid) is sitting out"))
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in hand.seats][2] == (
        3, "Cy (the kid)", 8000, True)
    assert [(s.player, s.text) for s in hand.summary][2] == ("Cy (the kid)", "is sitting out")


def test_header_with_dashes_in_the_table_name_and_every_tail_part() -> None:
    header = parse_header(
        "Full Tilt Poker Game #7: Table Up - Down (6 max) - $1/$2 - No Limit Hold'em - "
        "10:00:00 CET - 2013/01/06 [04:00:00 ET - 2013/01/06] (partial)")
    assert (header.hand_id, header.setting.table, header.setting.max_seats) == (
        "7", "Up - Down", 6)
    assert (header.played_at, header.played_at_zone, header.played_at_et, header.partial) == (
        datetime(2013, 1, 6, 10), "CET", datetime(2013, 1, 6, 4), True)


def test_unclosed_card_brackets_are_rejected_by_line() -> None:
    summary = rejected(NL_CASH.replace("showed [Ah Kd] and won", "showed [Ah Kd and won"))
    assert summary.reason == (
        "line 28: the summary's 'showed [' has no closing ']': '(small blind) showed [Ah Kd "
        "and won ($97.50) with a pair of Aces'")
    discard = rejected(DRAW_HAND.replace("Ann discards 1 card [Kc]", "Ann discards 1 card [Kc"))
    assert discard.reason == "line 16 not understood: 'Ann discards 1 card [Kc'"


@settings(max_examples=500)
@given(st.lists(st.sampled_from([
    "collected (", "won (", "pot (", "collected", "jackpot (", "(", ")", " ", "x", "$1.50",
    "5", ",", "\n", "é", "and ", "won", "pot"]), max_size=14).map("".join))
def test_a_summary_line_s_winnings_are_read_as_the_pattern_reads_them(said: str) -> None:
    """`_summary_won` finds what `_SUMMARY_WON.finditer` finds, in the same order."""
    assert fulltilt_hand._summary_won(said) == [
        found.group(1) for found in fulltilt_hand._SUMMARY_WON.finditer(said)]


@settings(max_examples=300)
@given(st.lists(st.sampled_from(["[", "]", " ", "Qc", "7s 2d", "[Qc 7s 2d]", "x", "\n"]),
                max_size=10).map("".join))
def test_a_board_s_card_groups_are_read_as_the_pattern_reads_them(text: str) -> None:
    assert fulltilt_hand._bracket_groups(text) == fulltilt_hand._BRACKETS.findall(text)


@settings(max_examples=1000)
@given(st.lists(st.sampled_from([
    "wins the pot (", "ties for the pot (", "wins the main pot (", "ties for the side pot (",
    "wins", "ties for", " ", "the ", "pot", "main pot", "side pot", " #2", " 2", "high ", "low ",
    "(", ")", "1,234", "$5.50", " with ", "a pair of Aces", "\n", "x", "#"]), max_size=9)
    .map("".join))
def test_an_award_is_read_as_the_pattern_reads_it(rest: str) -> None:
    """`_award_parts` reads what `_AWARD.fullmatch` reads: amount, board, pot and half."""
    match = fulltilt_hand._AWARD.fullmatch(rest)
    expected = None if match is None else match.group("amount", "board", "pot", "half")
    assert fulltilt_hand._award_parts(rest) == expected


def test_the_usual_awards_and_the_others() -> None:
    parts = fulltilt_hand._award_parts
    assert parts("wins the pot (1,234)") == ("1,234", None, "pot", None)
    assert parts("ties for the side pot ($5) with a pair") == ("$5", None, "side pot", None)
    assert parts("wins the pot () with x") is None
    assert parts("wins the pot (5) and more") is None
    assert parts("wins the pot (5) with") is None
    assert parts("wins the pot (5) withal") is None
    assert parts("wins the pot (5) with a\nline") is None
    assert parts("wins pot 2 (50)") == ("50", "2", "pot 2", None)
    assert parts("wins the high main pot (7)") == ("7", None, "main pot", "high")


@settings(max_examples=1000)
@given(st.lists(st.sampled_from([
    "Total pot ", " | Rake ", "1,234", "$5.50", "0", " ", "\u00a0", "\x1c", "\n", "Main pot ",
    "Side pot 2 ", "50.", " Main pot 5.", "|", "x"]), max_size=8).map("".join))
def test_a_total_pot_line_is_read_as_the_pattern_reads_it(text: str) -> None:
    """`_pot_total` reads what `_TOTAL_POT.fullmatch` reads: total, pot parts and rake."""
    match = fulltilt_hand._TOTAL_POT.fullmatch(text)
    expected = None if match is None else match.group("total", "parts", "rake")
    assert fulltilt_hand._pot_total(text) == expected


def test_the_usual_total_pot_and_the_others() -> None:
    total = fulltilt_hand._pot_total
    assert total("Total pot 1,234 | Rake 0") == ("1,234", "", "0")
    assert total("Total pot $9.75 Main pot $6.50. Side pot 1 $3.25. | Rake $0.25") == (
        "$9.75", " Main pot $6.50. Side pot 1 $3.25.", "$0.25")
    assert total("Total pot 1,234 | Rake ") is None
    assert total("Total pot 1,234 | Rake 0 x") is None
    assert total("Total pot 1\u00a0234 | Rake 0") is None
    assert total("Total pot  | Rake 0") is None


@settings(max_examples=500)
@given(st.lists(st.sampled_from(["BEGIN", "*", "*" * 10, " # ", "12", " ", "x", "\n"]),
                max_size=6).map("".join))
def test_a_separator_is_told_as_the_pattern_tells_it(text: str) -> None:
    assert fulltilt_hand._is_separator(text) == (
        fulltilt_hand._SEPARATOR.fullmatch(text) is not None)
