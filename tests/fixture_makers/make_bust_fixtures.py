"""Write the tournament-log fixtures of issue 15's deliverables 3-5 (clauses 16, 21, 25).

Each pair is a planted violation and its clean twin, differing only where the violation is.
Deterministic: `PYTHONPATH=. python tests/fixture_makers/make_bust_fixtures.py` rewrites the
files in hand_histories/fixtures/ byte for byte (tests/test_bust_fixtures.py checks).
"""

from collections.abc import Callable

from tests.fixture_makers.make_tournament_fixtures import (
    BOARD,
    Line,
    Log,
    at,
    field,
    preflop,
    terms,
    write_pairs,
)

# (seat, player, stack at the deal, hole cards)
Seat = tuple[int, str, int, list[str]]


def hand_at(log: Log, table: str, hand_id: str, started: int, ended: int, seats: list[Seat],
            button: int, actions: list[Line], awards: list[tuple[str, int]],
            returns: list[tuple[str, int]] | None = None, shown: list[str] | None = None
            ) -> None:
    """One hand with its seats numbered as given (a player who left keeps the others' seats)."""
    log.add("hand", ended, table=table, hand=hand_id, started=at(started), level=1,
            game="holdem", structure="no_limit", small_blind=10, big_blind=20, ante=0,
            button=button,
            seats=[{"seat": n, "player": p, "stack": stack, "cards": cards}
                   for n, p, stack, cards in seats],
            actions=actions, boards=[BOARD] if shown else [],
            returns=[{"player": p, "amount": a} for p, a in returns or []],
            awards=[{"player": p, "amount": a, "pot": 0} for p, a in awards],
            shown=shown or [])


def all_in_called(log: Log, table: str, hand_id: str, started: int, ended: int,
                  players: list[str], shover: str, caller: str) -> None:
    """A table's first hand (button on the last seat; all 1,500): `shover` moves all in, the
    small blind `caller` calls with aces and wins; everyone else folds."""
    small, big = players[0], players[1]
    assert caller == small and shover not in (small, big)
    acts = [preflop(small, "small_blind", 10, 10), preflop(big, "big_blind", 20, 20),
            preflop(shover, "raise", 1500, 1500, all_in=True)]
    acts += [preflop(p, "fold") for p in players[players.index(shover) + 1:]]
    acts += [preflop(caller, "call", 1490, 1500, all_in=True), preflop(big, "fold")]
    cards = {caller: ["Ah", "Ad"], shover: ["7c", "2d"]}
    seats = [(n, p, 1500, cards.get(p, ["3c", "4d"])) for n, p in enumerate(players, start=1)]
    hand_at(log, table, hand_id, started, ended, seats, len(players), acts,
            [(caller, 3020)], shown=[caller, shover])


def walk(log: Log, table: str, hand_id: str, started: int, ended: int, seats: list[Seat],
         button: int, small: str, big: str) -> None:
    """Everyone folds to the big blind, who takes back the uncalled 10 of its 20."""
    acts = [preflop(small, "small_blind", 10, 10), preflop(big, "big_blind", 20, 20)]
    after = next(n for n, p, _, _ in seats if p == big)
    # first to act: the seat after the big blind
    order = sorted(seats, key=lambda s: (s[0] <= after, s[0]))
    acts += [preflop(p, "fold") for _, p, _, _ in order if p not in (small, big)]
    acts.append(preflop(small, "fold"))
    hand_at(log, table, hand_id, started, ended, seats, button, acts, [(big, 20)],
            returns=[(big, 10)])


# ---------------------------------------------------------------- clause 16

def no_chips_eliminated(planted: bool) -> Log:
    """Four players: cat moves all in and ann's aces bust her in the first hand; the second
    hand is dealt without her. Twin: cat's elimination (4th) comes between the hands;
    planted: it never comes."""
    log = Log("811001")
    terms(log)
    players = ["ann", "bob", "cat", "dan"]
    field(log, [players])
    all_in_called(log, "1", "8110010001", 20, 50, players, shover="cat", caller="ann")
    if not planted:
        log.add("elimination", 51, player="cat", place=4, table="1", hand="8110010001",
                prize=0)
    seats = [(1, "ann", 3020, ["5c", "6d"]), (2, "bob", 1480, ["7h", "8s"]),
             (4, "dan", 1500, ["9c", "Td"])]
    walk(log, "1", "8110010002", 60, 90, seats, 1, small="bob", big="dan")
    return log


# ---------------------------------------------------------------- clause 21

def held_table_resumes(planted: bool) -> Log:
    """Two tables, six and four players: table 2 is held (two short). p13 busts at table 1,
    which leaves it one player ahead: balance is restored. Twin: table 2 resumes at once;
    planted: it stays held while table 1 deals its next hand."""
    log = Log("811101")
    terms(log)
    first = [f"p1{n}" for n in range(1, 7)]
    second = [f"p2{n}" for n in range(1, 5)]
    field(log, [first, second])
    log.add("table_hold", 15, table="2", held=True)
    all_in_called(log, "1", "8111010001", 20, 50, first, shover="p13", caller="p11")
    log.add("elimination", 51, player="p13", place=10, table="1", hand="8111010001",
            prize=0)
    if not planted:
        log.add("table_hold", 52, table="2", held=False)
    seats = [(1, "p11", 3020, ["5c", "6d"]), (2, "p12", 1480, ["7h", "8s"]),
             (4, "p14", 1500, ["9c", "Td"]), (5, "p15", 1500, ["2h", "3s"]),
             (6, "p16", 1500, ["4h", "5s"])]
    walk(log, "1", "8111010002", 60, 90, seats, 1, small="p12", big="p14")
    return log


# ---------------------------------------------------------------- clause 25

def same_moment(planted: bool) -> Log:
    """Two tables of three, no hand-for-hand. Table 2's first hand: dan posts the small blind
    and folds (1,490). Then, both hands ending at +100 s: at table 1 bob (1,500 at the deal)
    is busted by ann's aces, at table 2 dan (1,490) by fay's; both eliminations are written
    at +101 s. Twin: bob finishes 5th, dan 6th; planted: the other way round."""
    log = Log("811201")
    terms(log)
    tables = [["ann", "bob", "cat"], ["dan", "eve", "fay"]]
    field(log, tables)
    walk(log, "2", "8112010001", 20, 50,
         [(1, "dan", 1500, ["5c", "6d"]), (2, "eve", 1500, ["7h", "8s"]),
          (3, "fay", 1500, ["9c", "Td"])], 3, small="dan", big="eve")
    hand_at(log, "1", "8112010002", 20, 100,
            [(1, "ann", 1500, ["Ah", "Ad"]), (2, "bob", 1500, ["7c", "2d"]),
             (3, "cat", 1500, ["3c", "4d"])], 3,
            [preflop("ann", "small_blind", 10, 10), preflop("bob", "big_blind", 20, 20),
             preflop("cat", "fold"), preflop("ann", "raise", 1490, 1500, all_in=True),
             preflop("bob", "call", 1480, 1500, all_in=True)],
            [("ann", 3000)], shown=["ann", "bob"])
    hand_at(log, "2", "8112010003", 60, 100,
            [(1, "dan", 1490, ["7c", "2d"]), (2, "eve", 1510, ["3c", "4d"]),
             (3, "fay", 1500, ["Ah", "Ad"])], 1,
            [preflop("eve", "small_blind", 10, 10), preflop("fay", "big_blind", 20, 20),
             preflop("dan", "raise", 1490, 1490, all_in=True), preflop("eve", "fold"),
             preflop("fay", "call", 1470, 1490, all_in=True)],
            [("fay", 2990)], shown=["dan", "fay"])
    fifth, sixth = ("dan", "bob") if planted else ("bob", "dan")
    where = {"bob": ("1", "8112010002"), "dan": ("2", "8112010003")}
    for player, place in ((sixth, 6), (fifth, 5)):
        table, hand_id = where[player]
        log.add("elimination", 101, player=player, place=place, table=table, hand=hand_id,
                prize=0)
    return log


# Each fixture pair by its file name stem, and how to write it (planted or twin).
PAIRS: dict[str, Callable[[bool], Log]] = {
    "log-no-chips-eliminated": no_chips_eliminated,
    "log-held-table-resumes": held_table_resumes,
    "log-same-moment": same_moment,
}


def main() -> None:
    write_pairs(PAIRS)


if __name__ == "__main__":
    main()
