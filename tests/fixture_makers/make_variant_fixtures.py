"""Write the tournament-log fixtures of satellites and rebuy events (clauses 1, 12, 13, 15, 21).

Each pair is a planted violation and its clean twin, differing only where the violation is.
Deterministic: `python tests/fixture_makers/make_variant_fixtures.py` rewrites the files in
hand_histories/fixtures/ byte for byte (tests/test_sim_variants.py checks).
"""

from collections.abc import Callable

from tests.fixture_makers.make_tournament_fixtures import (
    BOARD,
    Log,
    hand,
    heads_up_all_in,
    preflop,
    terms,
    write_pairs,
)

SEAT = 3300  # a $30 + $3 target event's entry: one seat


def _field(log: Log, tables: list[list[str]], buy_in: int, shares: list[int]) -> None:
    """Registrations, the close (the lobby's shares: `shares`), seating and the start."""
    players = [p for table in tables for p in table]
    for n, player in enumerate(players):
        log.add("registration", -3600 + n, player=player, accepted=True,
                paid=buy_in + buy_in // 10, paid_currency="cash")
    log.add("registration_closed", 0, entrants=len(players), prize_pool=buy_in * len(players),
            payout_shares_bp=shares)
    log.add("seating_started", 0)
    for number, table in enumerate(tables, start=1):
        for seat, player in enumerate(table, start=1):
            log.add("seat", 1, player=player, table=str(number), seat=seat, stack=1500)
    log.add("tournament_start", 10, entrants=len(players), tables=len(tables))


# ---------------------------------------------------------------- satellites: 1, 12, 13, 15

def satellite(case: str, planted: bool) -> Log:
    """A $20 + $2 satellite of four: an $80 pool buys two $33 seats and leaves $14. Dee busts
    to Ann (4th), then Cy (3rd, the $14 in cash); Ann and Bob hold the seats, tied 1st, paid
    a ticket each. End pair, planted: the server ends after Dee's hand with three players
    holding chips for two seats (and pays nothing). Seats pair, planted: Cy is paid $11."""
    log = Log("811001" if case == "end" else "811002")
    terms(log, kind="satellite", buy_in=2000, fee=200, seats_awarded=2,
          satellite_target="880001", non_cash_value=SEAT)
    log.lines[-1]["payout_structure"] = []
    _field(log, [["ann", "bob", "cy", "dee"]], 2000, [])
    hand(log, "1", f"{log.tournament}0001", 20, 50,
         [("ann", 1500, ["Ah", "Ad"]), ("bob", 1500, ["8s", "8h"]),
          ("cy", 1500, ["Jc", "Td"]), ("dee", 1500, ["7c", "2d"])], 4,
         [preflop("ann", "small_blind", 10, 10), preflop("bob", "big_blind", 20, 20),
          preflop("cy", "fold"), preflop("dee", "raise", 1500, 1500, all_in=True),
          preflop("ann", "call", 1490, 1500, all_in=True), preflop("bob", "fold")],
         [("ann", 3020)], board=BOARD, shown=["ann", "dee"])
    log.add("elimination", 51, player="dee", place=4, table="1",
            hand=f"{log.tournament}0001", prize=0)
    if case == "end" and planted:
        log.add("tournament_end", 52, outcome="finished", winner=None)
        return log
    hand(log, "1", f"{log.tournament}0002", 60, 90,
         [("ann", 3020, ["Ah", "Ad"]), ("bob", 1480, ["8s", "8h"]),
          ("cy", 1500, ["7c", "2d"])], 1,
         [preflop("bob", "small_blind", 10, 10), preflop("cy", "big_blind", 20, 20),
          preflop("ann", "raise", 3020, 3020, all_in=True), preflop("bob", "fold"),
          preflop("cy", "call", 1480, 1500, all_in=True)],
         [("ann", 3010)], returns=[("ann", 1520)], board=BOARD, shown=["ann", "cy"])
    leftover = 1100 if case == "seats" and planted else 1400
    log.add("elimination", 91, player="cy", place=3, table="1",
            hand=f"{log.tournament}0002", prize=leftover)
    log.add("payout", 91, player="cy", place=3, paid=leftover, paid_currency="cash")
    for player in ("ann", "bob"):
        log.add("payout", 92, player=player, place=1, paid=SEAT, paid_currency="ticket",
                description="Sunday Main Event Ticket")
    log.add("tournament_end", 93, outcome="finished", winner=None)
    return log


# ---------------------------------------------------------------- rebuys: 12, 15, 21

def rebuy_pool(planted: bool) -> Log:
    """A heads-up $10 + $1 rebuy event, winner takes all: Bob busts, rebuys for $10 and
    busts again. The pool is $20 and the $10 rebuy: Ann is paid $30 (planted: $20, the pool
    stated at the close)."""
    log = Log("811003")
    terms(log, rebuy=True, add_on=True)
    _field(log, [["ann", "bob"]], 1000, [10000])
    heads_up_all_in(log, "8110030001")
    log.add("rebuy", 71, player="bob", kind="rebuy", paid=1000, chips=1500)
    hand(log, "1", "8110030002", 80, 110, [("ann", 3000, ["Ah", "Ad"]),
                                            ("bob", 1500, ["7c", "2d"])], 1,
         [preflop("ann", "small_blind", 10, 10), preflop("bob", "big_blind", 20, 20),
          preflop("ann", "raise", 2990, 3000, all_in=True),
          preflop("bob", "call", 1480, 1500, all_in=True)],
         [("ann", 3000)], returns=[("ann", 1500)], board=BOARD, shown=["ann", "bob"])
    log.add("elimination", 111, player="bob", place=2, table="1", hand="8110030002", prize=0)
    log.add("payout", 112, player="ann", place=1, paid=2000 if planted else 3000,
            paid_currency="cash")
    log.add("tournament_end", 113, outcome="finished", winner="ann")
    return log


def rebuy_hold(planted: bool) -> Log:
    """A rebuy event at two tables (six and four). Dan, at table 1, busts to Al and rebuys
    (planted: is eliminated); table 2 is then held two players short of table 1 (planted:
    one short)."""
    log = Log("811004")
    terms(log, rebuy=True, add_on=True, seats=6)
    first = ["dan", "al", "a2", "a3", "a4", "a5"]
    _field(log, [first, ["b1", "b2", "b3", "b4"]], 1000, [10000])
    cards = {"dan": ["7c", "2d"], "al": ["Ah", "Ad"], "a2": ["3c", "3d"], "a3": ["4c", "4d"],
             "a4": ["6c", "6d"], "a5": ["8c", "8d"]}
    acts = [preflop("dan", "small_blind", 10, 10), preflop("al", "big_blind", 20, 20)]
    acts += [preflop(p, "fold") for p in first[2:]]
    acts += [preflop("dan", "raise", 1490, 1500, all_in=True),
             preflop("al", "call", 1480, 1500, all_in=True)]
    hand(log, "1", "8110040001", 20, 50, [(p, 1500, cards[p]) for p in first], 6, acts,
         [("al", 3000)], board=BOARD, shown=["dan", "al"])
    if planted:
        log.add("elimination", 51, player="dan", place=10, table="1", hand="8110040001",
                prize=0)
    else:
        log.add("rebuy", 51, player="dan", kind="rebuy", paid=1000, chips=1500)
    log.add("table_hold", 52, table="2", held=True)
    return log


# Each fixture pair by its file name stem, and how to write it (planted or twin).
PAIRS: dict[str, Callable[[bool], Log]] = {
    "log-satellite-end": lambda planted: satellite("end", planted),
    "log-satellite-seats": lambda planted: satellite("seats", planted),
    "log-rebuy-pool": rebuy_pool,
    "log-rebuy-hold": rebuy_hold,
}


def main() -> None:
    write_pairs(PAIRS)


if __name__ == "__main__":
    main()
