"""Write the tournament-log fixtures of issue 16 (every rule has a planted fixture): the log
rules of registration, seating, starting stacks, breaks, Tournament Info and the prize pool
that had no planted/twin pair.

Each pair is a small event (mostly heads-up: abby beats bert with aces in one all-in hand, as
in make_tournament_fixtures.py) with ONE violation planted, and its clean twin, which differs
only where the violation is. The PokerStars and 2024 TDA rule sets rank players busted at
different tables in one hand-for-hand deal each their own way; those pairs go to
hand_histories/fixtures-pokerstars/ and hand_histories/fixtures-tda2024/. Each set's players
are its own (abby, bert, cass, dirk here; STARS_PLAYERS, TDA_PLAYERS): `make run` audits all
of hand_histories/ at once and clause 28 pairs players across files, so a name another
fixture uses would pool their hands. Deterministic: `python
tests/fixture_makers/make_rule_fixtures.py` rewrites the files byte for byte
(tests/test_every_rule_has_fixture.py checks).
"""

from collections.abc import Callable
from pathlib import Path

from tests.fixture_makers.make_tournament_fixtures import (
    BOARD,
    Log,
    at,
    blinds_walk,
    field,
    finish,
    hand,
    heads_up_all_in,
    preflop,
    terms,
)

HAND_HISTORIES = Path(__file__).resolve().parents[2] / "hand_histories"
FIXTURES = HAND_HISTORIES / "fixtures"
STARS_FIXTURES = HAND_HISTORIES / "fixtures-pokerstars"
TDA_FIXTURES = HAND_HISTORIES / "fixtures-tda2024"

PLAYERS = ["abby", "bert"]


def sit_and_go_terms(log: Log, **changed: object) -> None:
    """A heads-up $10+$1 Sit & Go whose one break is due after an hour of play."""
    fields: dict[str, object] = dict(
        kind="sit_and_go", game="holdem", structure="no_limit", currency="USD", buy_in=1000,
        fee=100, starting_stack=1500, seats_per_table=2, min_entrants=2, max_entrants=2,
        scheduled_start=at(0),
        levels=[{"level": 1, "duration_s": 7200, "small_blind": 10, "big_blind": 20}],
        breaks={"every_s": 3600, "duration_s": 300, "max_breaks": 1},
        payout_structure=[{"min_entrants": 2, "shares_bp": [10000]}])
    fields.update(changed)
    log.add("tournament_terms", -7000, **fields)


def registered(log: Log, stacks: tuple[int, int] = (1500, 1500), entrants: int = 2,
               seating_at: int = 0, close_shares: list[int] | None = None) -> None:
    """abby and bert register an hour ahead, the close at the start, seating at `seating_at`,
    the start ten seconds after the scheduled time."""
    for n, player in enumerate(PLAYERS):
        log.add("registration", -3600 + n, player=player, accepted=True, paid=1100,
                paid_currency="cash")
    log.add("registration_closed", 0, entrants=entrants, prize_pool=1000 * entrants,
            payout_shares_bp=close_shares or [10000])
    log.add("seating_started", seating_at)
    for seat, (player, stack) in enumerate(zip(PLAYERS, stacks, strict=True), start=1):
        log.add("seat", 1, player=player, table="1", seat=seat, stack=stack)
    log.add("tournament_start", 10, entrants=entrants, tables=1)


# The heads-up finish of these logs: bert moves all in, abby calls with aces and wins.
HEADS_UP = ("abby", "bert")


def won_by_abby(log: Log, hand_id: str) -> None:
    heads_up_all_in(log, hand_id, HEADS_UP)
    finish(log, hand_id, second=0, first=2000, players=HEADS_UP)


# ---------------------------------------------------------------- clause 3: registration


def refused_before_start(planted: bool) -> Log:
    """An MTT without a cap on entries refuses cass: half an hour before the start (planted),
    or twenty seconds after it, once registration has closed (twin)."""
    log = Log("816001")
    terms(log)
    for n, player in enumerate(PLAYERS):
        log.add("registration", -3600 + n, player=player, accepted=True, paid=1100,
                paid_currency="cash")
    if planted:
        log.add("registration", -1800, player="cass", accepted=False, paid=0,
                paid_currency="cash")
    log.add("registration_closed", 0, entrants=2, prize_pool=2000, payout_shares_bp=[10000])
    log.add("seating_started", 0)
    for seat, player in enumerate(PLAYERS, start=1):
        log.add("seat", 1, player=player, table="1", seat=seat, stack=1500)
    log.add("tournament_start", 10, entrants=2, tables=1)
    if not planted:
        log.add("registration", 20, player="cass", accepted=False, paid=0,
                paid_currency="cash")
    won_by_abby(log, "8160010001")
    return log


# ---------------------------------------------------------------- clause 5: seating


def seating_early(planted: bool) -> Log:
    """MTT seating begins two minutes before the scheduled start (planted), or at it."""
    log = Log("816002")
    terms(log)
    registered(log, seating_at=-120 if planted else 0)
    won_by_abby(log, "8160020001")
    return log


# ---------------------------------------------------------------- clause 34: minimum entrants


def below_minimum(planted: bool) -> Log:
    """An MTT whose terms ask for 3 entrants (planted) or 2 starts with abby and bert."""
    log = Log("816003")
    terms(log, shares=None)
    line = log.lines[-1]
    line["min_entrants"] = 3 if planted else 2
    line["payout_structure"] = [{"min_entrants": 2, "shares_bp": [10000]}]
    registered(log)
    won_by_abby(log, "8160030001")
    return log


# ---------------------------------------------------------------- clauses 1, 7: stacks


def unequal_stacks(planted: bool) -> Log:
    """Three at one table; cass is seated with 1,490 chips (planted) or 1,500 like the others.
    She folds the one hand, abby and bert go all in, bert busts; the log stops there."""
    log = Log("816004")
    terms(log)
    players = ["abby", "bert", "cass"]
    for n, player in enumerate(players):
        log.add("registration", -3600 + n, player=player, accepted=True, paid=1100,
                paid_currency="cash")
    log.add("registration_closed", 0, entrants=3, prize_pool=3000, payout_shares_bp=[10000])
    log.add("seating_started", 0)
    cass = 1490 if planted else 1500
    for seat, (player, stack) in enumerate(zip(players, (1500, 1500, cass), strict=True), 1):
        log.add("seat", 1, player=player, table="1", seat=seat, stack=stack)
    log.add("tournament_start", 10, entrants=3, tables=1)
    hand(log, "1", "8160040001", 40, 70,
         [("abby", 1500, ["Ah", "Ad"]), ("bert", 1500, ["7c", "2d"]),
          ("cass", cass, ["3c", "8d"])],
         3, [preflop("abby", "small_blind", 10, 10), preflop("bert", "big_blind", 20, 20),
             preflop("cass", "fold"), preflop("abby", "raise", 1490, 1500, all_in=True),
             preflop("bert", "call", 1480, 1500, all_in=True)],
         [("abby", 3000)], board=BOARD, shown=["abby", "bert"])
    log.add("elimination", 71, player="bert", place=3, table="1", hand="8160040001", prize=0)
    return log


def chips_moved_in(planted: bool) -> Log:
    """Before the one hand, abby is moved to her own seat with 1,700 chips (planted) or her
    1,500: the move says so, so the hand deals it, but the tournament ends with 200 chips
    more than were seated (tournament.chips-conserved)."""
    log = Log("816005")
    terms(log)
    registered(log)
    abby = 1700 if planted else 1500
    log.add("table_move", 20, player="abby", from_table="1", from_seat=1, to_table="1",
            to_seat=1, stack=abby, reason="balance")
    hand(log, "1", "8160050001", 40, 70, [("abby", abby, ["Ah", "Ad"]),
                                          ("bert", 1500, ["7c", "2d"])], 2,
         [preflop("bert", "small_blind", 10, 10), preflop("abby", "big_blind", 20, 20),
          preflop("bert", "raise", 1490, 1500, all_in=True),
          preflop("abby", "call", 1480, 1500)],
         [("abby", 3000)], board=BOARD, shown=["abby", "bert"])
    finish(log, "8160050001", second=0, first=2000, players=HEADS_UP)
    return log


# ---------------------------------------------------------------- clause 10: Tournament Info


def schedule_shown(planted: bool) -> Log:
    """Tournament Info shows the next level a minute late (planted) or on time: level 1
    lasts 20 minutes from its line at the start (+10 s); no breaks are scheduled."""
    log = Log("816006")
    terms(log)
    log.lines[-1]["levels"] = [
        {"level": 1, "duration_s": 1200, "small_blind": 10, "big_blind": 20},
        {"level": 2, "duration_s": 1200, "small_blind": 15, "big_blind": 30}]
    registered(log)
    log.add("level", 10, level=1, small_blind=10, big_blind=20, ante=0)
    log.add("info_view", 15, player="abby", largest_stack=1500, smallest_stack=1500,
            average_stack=1500, next_level_at=at(1270 if planted else 1210),
            next_break_at=None)
    won_by_abby(log, "8160060001")
    return log


# ---------------------------------------------------------------- clause 11: breaks


def early_break(planted: bool) -> Log:
    """A heads-up Sit & Go takes its break after half an hour of play (planted) or after the
    hour; five minutes, then the one hand."""
    log = Log("816007")
    sit_and_go_terms(log)
    for n, player in enumerate(PLAYERS):
        log.add("registration", -2 + n, player=player, accepted=True, paid=1100,
                paid_currency="cash")
    log.add("registration_closed", -1, entrants=2, prize_pool=2000, payout_shares_bp=[10000])
    for seat, player in enumerate(PLAYERS, start=1):
        log.add("seat", 0, player=player, table="1", seat=seat, stack=1500)
    log.add("tournament_start", 0, entrants=2, tables=1)
    pause = 1800 if planted else 3600
    log.add("break_start", pause, duration_s=300)
    log.add("break_end", pause + 300)
    hand(log, "1", "8160070001", pause + 310, pause + 340,
         [("abby", 1500, ["Ah", "Ad"]), ("bert", 1500, ["7c", "2d"])], 2,
         [preflop("bert", "small_blind", 10, 10), preflop("abby", "big_blind", 20, 20),
          preflop("bert", "raise", 1490, 1500, all_in=True),
          preflop("abby", "call", 1480, 1500, all_in=True)],
         [("abby", 3000)], board=BOARD, shown=["abby", "bert"])
    log.add("elimination", pause + 341, player="bert", place=2, table="1", hand="8160070001",
            prize=0)
    log.add("payout", pause + 342, player="abby", place=1, paid=2000, paid_currency="cash")
    log.add("tournament_end", pause + 343, outcome="finished", winner="abby")
    return log


# ---------------------------------------------------------------- clauses 12, 14, 15: the pool


def guarantee(planted: bool) -> Log:
    """A $30 guarantee (planted) or a $20 one; two $10 buy-ins make a $20 pool, paid to abby."""
    log = Log("816008")
    terms(log, guarantee=3000 if planted else 2000)
    registered(log)
    won_by_abby(log, "8160080001")
    return log


def shares_short(planted: bool) -> Log:
    """The terms and the lobby's structure pay 90% of the pool to 1st (planted: the
    structure leaves 10% unpaid) or 100%; abby is paid her share."""
    shares = [9000] if planted else [10000]
    log = Log("816009")
    terms(log, shares=shares)
    registered(log, close_shares=shares)
    heads_up_all_in(log, "8160090001", HEADS_UP)
    finish(log, "8160090001", second=0, first=1800 if planted else 2000, players=HEADS_UP)
    return log


# ---------------------------------------------------------------- clauses 9, 18: first blinds


def first_blinds(planted: bool) -> Log:
    """The first hand at a four-seat table, button on seat 4: the blinds come from seats 2
    and 3 (planted) instead of 1 and 2; everyone folds to the big blind. The log stops."""
    log = Log("816010")
    terms(log)
    players = ["abby", "bert", "cass", "dirk"]
    field(log, [players])
    small, big, *rest = (["bert", "cass", "dirk", "abby"] if planted
                         else ["abby", "bert", "cass", "dirk"])
    hand(log, "1", "8160100001", 40, 70,
         [(p, 1500, [f"{r}c", f"{r}d"]) for p, r in zip(players, "2345", strict=True)], 4,
         [preflop(small, "small_blind", 10, 10), preflop(big, "big_blind", 20, 20),
          *[preflop(p, "fold") for p in rest], preflop(small, "fold")],
         [(big, 20)], returns=[(big, 10)])
    return log


# ---------------------------------------------------------------- clauses 25, 26: hand-for-hand


# Each set's own six, seated in this order (initials a to f, as hand_for_hand_busts says).
STARS_PLAYERS = ("axel", "bela", "cato", "dita", "emil", "fern")
TDA_PLAYERS = ("alva", "bram", "ciro", "dora", "elke", "finn")


def hand_for_hand_busts(tournament: str, tie: bool, players: tuple[str, ...]) -> Log:
    """Two tables of three in hand-for-hand: `players` a, b, c at table 1 and d, e, f at
    table 2, by initial. Deal 1: a blinds walk at each table (a and d lose 10, b and e win
    10). Deal 2: a (1,490) busts to b's aces at table 1, f (1,500) to e's at table 2. They tie
    for 5th (`tie`), or f, who started the hand with more, finishes 5th and a 6th. Six $10
    entries pay 3 places; 5th and 6th win nothing. The log stops there."""
    a, b, c, d, e, f = players
    log = Log(tournament)
    terms(log, shares=[5000, 3000, 2000])
    tables = [[a, b, c], [d, e, f]]
    field(log, tables, pool_shares=[5000, 3000, 2000])
    log.add("hand_for_hand", 90, active=True)
    blinds_walk(log, "1", f"{tournament}0001", 100, 160, tables[0], [1500] * 3, 2, deal=1)
    blinds_walk(log, "2", f"{tournament}0002", 100, 160, tables[1], [1500] * 3, 2, deal=1)
    # Button on seat 1: seat 2 posts the small blind, seat 3 the big one.
    hand(log, "1", f"{tournament}0003", 170, 200,
         [(a, 1490, ["7c", "2d"]), (b, 1510, ["Ah", "Ad"]), (c, 1500, ["3c", "8d"])],
         1, [preflop(b, "small_blind", 10, 10), preflop(c, "big_blind", 20, 20),
             preflop(a, "raise", 1490, 1490, all_in=True),
             preflop(b, "call", 1480, 1490), preflop(c, "fold")],
         [(b, 3000)], board=BOARD, shown=[a, b], deal=2)
    hand(log, "2", f"{tournament}0004", 170, 200,
         [(d, 1490, ["3c", "8d"]), (e, 1510, ["Ah", "Ad"]), (f, 1500, ["7c", "2d"])],
         1, [preflop(e, "small_blind", 10, 10), preflop(f, "big_blind", 20, 20),
             preflop(d, "fold"), preflop(e, "raise", 1500, 1510, all_in=True),
             preflop(f, "call", 1480, 1500, all_in=True)],
         [(e, 3000)], returns=[(e, 10)], board=BOARD, shown=[e, f], deal=2)
    log.add("elimination", 201, player=a, place=5 if tie else 6, table="1",
            hand=f"{tournament}0003", prize=0)
    log.add("elimination", 201, player=f, place=5, table="2", hand=f"{tournament}0004",
            prize=0)
    return log


# ---------------------------------------------------------------- clause 23: the limit cap


def uncapped_heads_up(planted: bool) -> Log:
    """Limit 10/20: the small and big blinds put in five bets preflop, then the small blind
    folds. The twin is a heads-up event, two players left (bram has the button and the small
    blind); the planted event has three entrants, ciro (the button) folding first (alva the
    small blind), so three are left and the cap of four bets holds."""
    log = Log("816302" if not planted else "816301")
    terms(log)
    log.lines[-1]["structure"] = "fixed_limit"
    players = ["alva", "bram", "ciro"] if planted else ["alva", "bram"]
    field(log, [players])
    seats = [("alva", 1500, ["7c", "2d"]), ("bram", 1500, ["Ah", "Ad"])]
    small, big = ("alva", "bram") if planted else ("bram", "alva")
    acts = [preflop(small, "small_blind", 10, 10), preflop(big, "big_blind", 20, 20)]
    if planted:
        seats.append(("ciro", 1500, ["3c", "8d"]))
        acts.append(preflop("ciro", "fold"))
    acts += [preflop(small, "raise", 30, 40), preflop(big, "raise", 40, 60),
             preflop(small, "raise", 40, 80), preflop(big, "raise", 40, 100),
             preflop(small, "fold")]
    hand(log, "1", f"{log.tournament}0001", 40, 70, seats, len(players), acts,
         [(big, 160)], returns=[(big, 20)])
    hand_line = log.lines[-1]
    hand_line["structure"] = "fixed_limit"
    hand_line["players_left"] = len(players)
    return log


Maker = Callable[[bool], Log]
# PokerStars: the bigger starting stack finishes higher at any table (the tie is planted).
STARS_PAIRS: dict[str, Maker] = {
    "log-hand-for-hand-tie": lambda planted: hand_for_hand_busts(
        "816101" if planted else "816102", tie=planted, players=STARS_PLAYERS),
}
# TDA 2024: busted at different tables in one hand-for-hand deal, they tie (the ranking by
# stacks is planted).
TDA_PAIRS: dict[str, Maker] = {
    "log-hand-for-hand-ranked": lambda planted: hand_for_hand_busts(
        "816201" if planted else "816202", tie=not planted, players=TDA_PLAYERS),
    "log-limit-cap-heads-up": uncapped_heads_up,
}

PAIRS: dict[str, Maker] = {
    "log-registration-refused-early": refused_before_start,
    "log-seating-early": seating_early,
    "log-below-minimum-entrants": below_minimum,
    "log-unequal-starting-stacks": unequal_stacks,
    "log-chips-moved-in": chips_moved_in,
    "log-schedule-shown": schedule_shown,
    "log-sng-early-break": early_break,
    "log-guarantee-short": guarantee,
    "log-structure-short": shares_short,
    "log-first-blinds": first_blinds,
}


def written() -> dict[Path, str]:
    """Every fixture this maker writes, by path."""
    out = {}
    for folder, pairs in ((FIXTURES, PAIRS), (STARS_FIXTURES, STARS_PAIRS),
                          (TDA_FIXTURES, TDA_PAIRS)):
        for name, make in pairs.items():
            for planted in (True, False):
                kind = "planted" if planted else "twin"
                out[folder / f"{name}.{kind}.jsonl"] = make(planted).text()
    return out


def main() -> None:
    for path, text in written().items():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
