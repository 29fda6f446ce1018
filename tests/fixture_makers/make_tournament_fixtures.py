"""Write the tournament-log fixtures of clauses 12-14, 21, 25, 26, 29 and 30.

Each pair is a planted violation and its clean twin, differing only where the violation is.
Deterministic (no randomness): `python tests/fixture_makers/make_tournament_fixtures.py` rewrites
the files in hand_histories/fixtures/ byte for byte (tests/test_tournament_fixtures.py checks).
"""

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "hand_histories" / "fixtures"
START = datetime(2026, 11, 3, 12, 0, tzinfo=UTC)
Line = dict[str, object]


def at(seconds: int) -> str:
    return (START + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


class Log:
    """One tournament's lines, numbered as a writer numbers them."""

    def __init__(self, tournament: str) -> None:
        self.tournament = tournament
        self.lines: list[Line] = [{"event": "log_start", "seq": 0, "at": at(-7200),
                                   "schema_version": "1.0", "site": "Full Tilt Poker",
                                   "writer": "feltcheck fixture"}]

    def add(self, event: str, seconds: int, **fields: object) -> None:
        self.lines.append({"event": event, "seq": len(self.lines), "at": at(seconds),
                           "tournament": self.tournament, **fields})

    def text(self) -> str:
        return "".join(json.dumps(line) + "\n" for line in self.lines)


def terms(log: Log, kind: str = "mtt", buy_in: int = 1000, fee: int = 100, seats: int = 9,
          shares: list[int] | None = None, **extra: object) -> None:
    log.add("tournament_terms", -7000, kind=kind, game="holdem", structure="no_limit",
            currency="USD", buy_in=buy_in, fee=fee, starting_stack=None,
            seats_per_table=seats, min_entrants=2, max_entrants=None,
            scheduled_start=at(0),
            levels=[{"level": 1, "duration_s": 1200, "small_blind": 10, "big_blind": 20}],
            breaks=None,
            payout_structure=[{"min_entrants": 2, "shares_bp": shares or [10000]}], **extra)


def field(log: Log, tables: list[list[str]], buy_in: int = 1000, fee: int = 100,
          pool_shares: list[int] | None = None) -> None:
    """Registrations, the close, seating (seat n of a table to its n-th player) and the
    start: every player starts with the default 1,500."""
    players = [p for table in tables for p in table]
    for n, player in enumerate(players):
        log.add("registration", -3600 + n, player=player, accepted=True, paid=buy_in + fee,
                paid_currency="cash")
    log.add("registration_closed", 0, entrants=len(players), prize_pool=buy_in * len(players),
            payout_shares_bp=pool_shares or [10000])
    log.add("seating_started", 0)
    for number, table in enumerate(tables, start=1):
        for seat, player in enumerate(table, start=1):
            log.add("seat", 1, player=player, table=str(number), seat=seat, stack=1500)
    log.add("tournament_start", 10, entrants=len(players), tables=len(tables))


def preflop(player: str, kind: str, amount: int = 0, to: int | None = None,
            all_in: bool = False) -> Line:
    act: Line = {"street": "preflop", "player": player, "kind": kind}
    if amount:
        act["amount"] = amount
    if to is not None:
        act["to"] = to
    if all_in:
        act["all_in"] = True
    return act


def hand(log: Log, table: str, hand_id: str, started: int, ended: int,
         seats: list[tuple[str, int, list[str]]], button: int, actions: list[Line],
         awards: list[tuple[str, int]], returns: list[tuple[str, int]] | None = None,
         board: list[str] | None = None, shown: list[str] | None = None,
         deal: int | None = None) -> None:
    """One hand: `seats` as (player, stack, cards) in seat order from seat 1; `deal`: its
    hand-for-hand deal."""
    extra = {} if deal is None else {"deal": deal}
    log.add("hand", ended, table=table, hand=hand_id, started=at(started), level=1,
            game="holdem", structure="no_limit", small_blind=10, big_blind=20, ante=0,
            button=button, **extra,
            seats=[{"seat": n, "player": p, "stack": stack, "cards": cards}
                   for n, (p, stack, cards) in enumerate(seats, start=1)],
            actions=actions, boards=[board] if board else [],
            returns=[{"player": p, "amount": a} for p, a in returns or []],
            awards=[{"player": p, "amount": a, "pot": 0} for p, a in awards],
            shown=shown or [])


def blinds_walk(log: Log, table: str, hand_id: str, started: int, ended: int,
                players: list[str], stacks: list[int], button: int,
                deal: int | None = None) -> None:
    """Everyone folds to the big blind, who gets the small blind (10) and takes back the
    uncalled 10 of its 20."""
    count = len(players)
    order = [(button + k) % count for k in range(1, count + 1)]  # seat indexes, SB first
    small, big = players[order[0]], players[order[1]]
    acts = [preflop(small, "small_blind", 10, 10), preflop(big, "big_blind", 20, 20)]
    acts += [preflop(players[i], "fold") for i in order[2:]]
    acts.append(preflop(small, "fold"))
    seats = [(p, stack, [f"{r}c", f"{r}d"]) for p, stack, r
             in zip(players, stacks, "23456789", strict=False)]
    hand(log, table, hand_id, started, ended, seats, button + 1, acts, [(big, 20)],
         returns=[(big, 10)], deal=deal)


# ---------------------------------------------------------------- clause 21: table holds

def table_hold(planted: bool, many_tables: bool) -> Log:
    """Two or seven tables; the last is held at the end of a hand. Planted: it is one player
    short of the fullest (two with more than six tables); twin: two short (three)."""
    log = Log("810201" if many_tables else "810101")
    terms(log)
    count = 7 if many_tables else 2
    short = (2 if planted else 3) if many_tables else (1 if planted else 2)
    tables = [[f"p{t}{s}" for s in range(1, 7)] for t in range(1, count)]
    tables.append([f"p{count}{s}" for s in range(1, 7 - short)])
    field(log, tables)
    log.add("table_hold", 60, table=str(count), held=True)
    return log


# ---------------------------------------------------------------- clauses 25, 26

BOARD = ["Kc", "Qd", "9h", "4s", "5c"]


def same_hand_order(planted: bool) -> Log:
    """Hand 1: Cat opens to 500 and folds to Ann's all-in (Ann 2,020, Bob 1,480, Cat 1,000).
    Hand 2: Ann's aces bust Bob (started with 1,480) and Cat (1,000). Bob must finish 3rd,
    Cat 4th (planted: the other way round). Pool $40, 50/30/20: 3rd is paid $8."""
    log = Log("810401")
    terms(log, shares=[5000, 3000, 2000])
    players = ["ann", "bob", "cat", "dan"]
    field(log, [players], pool_shares=[5000, 3000, 2000])
    hand(log, "1", "8104010001", 20, 50, [(p, 1500, ["2c", "7d"]) for p in players], 4,
         [preflop("ann", "small_blind", 10, 10), preflop("bob", "big_blind", 20, 20),
          preflop("cat", "raise", 500, 500), preflop("dan", "fold"),
          preflop("ann", "raise", 1490, 1500, all_in=True), preflop("bob", "fold"),
          preflop("cat", "fold")],
         [("ann", 1020)], returns=[("ann", 1000)])
    cards = {"ann": ["Ah", "Ad"], "bob": ["7c", "2d"], "cat": ["8s", "3h"], "dan": ["6c", "6d"]}
    stacks = {"ann": 2020, "bob": 1480, "cat": 1000, "dan": 1500}
    hand(log, "1", "8104010002", 60, 100, [(p, stacks[p], cards[p]) for p in players], 1,
         [preflop("bob", "small_blind", 10, 10), preflop("cat", "big_blind", 20, 20),
          preflop("dan", "fold"), preflop("ann", "raise", 2020, 2020, all_in=True),
          preflop("bob", "call", 1470, 1480, all_in=True),
          preflop("cat", "call", 980, 1000, all_in=True)],
         [("ann", 3960)], returns=[("ann", 540)], board=BOARD, shown=["ann", "bob", "cat"])
    third, fourth = ("cat", "bob") if planted else ("bob", "cat")
    log.add("elimination", 101, player=fourth, place=4, table="1", hand="8104010002", prize=0)
    log.add("elimination", 101, player=third, place=3, table="1", hand="8104010002", prize=800)
    log.add("payout", 102, player=third, place=3, paid=800, paid_currency="cash")
    return log


def same_hand_tie(planted: bool) -> Log:
    """The first hand: Cat moves all in, Ann and Bob call all in, Ann's aces win: Bob and Cat
    both started with 1,500 and tie at 3rd, sharing 3rd and 4th ($8 + $0: $4 each).
    Planted: Bob is ranked 3rd ($8), Cat 4th."""
    log = Log("810402")
    terms(log, shares=[5000, 3000, 2000])
    players = ["ann", "bob", "cat", "dan"]
    field(log, [players], pool_shares=[5000, 3000, 2000])
    cards = {"ann": ["Ah", "Ad"], "bob": ["7c", "2d"], "cat": ["8s", "3h"], "dan": ["6c", "6d"]}
    hand(log, "1", "8104020001", 20, 60, [(p, 1500, cards[p]) for p in players], 4,
         [preflop("ann", "small_blind", 10, 10), preflop("bob", "big_blind", 20, 20),
          preflop("cat", "raise", 1500, 1500, all_in=True), preflop("dan", "fold"),
          preflop("ann", "call", 1490, 1500, all_in=True),
          preflop("bob", "call", 1480, 1500, all_in=True)],
         [("ann", 4500)], board=BOARD, shown=["ann", "bob", "cat"])
    if planted:
        log.add("elimination", 61, player="cat", place=4, table="1", hand="8104020001",
                prize=0)
        log.add("elimination", 61, player="bob", place=3, table="1", hand="8104020001",
                prize=800)
        log.add("payout", 62, player="bob", place=3, paid=800, paid_currency="cash")
    else:
        for player in ("cat", "bob"):
            log.add("elimination", 61, player=player, place=3, table="1", hand="8104020001",
                    prize=400)
        for player in ("cat", "bob"):
            log.add("payout", 62, player=player, place=3, paid=400, paid_currency="cash")
    return log


def hand_for_hand(planted: bool) -> Log:
    """Two tables of three in hand-for-hand. Deal 1 ends at table 1 at +160 s, at table 2
    at +200 s; table 1 deals hand 2 at +170 s (planted) or +205 s."""
    log = Log("810501")
    terms(log)
    tables = [["ann", "bob", "cat"], ["dan", "eve", "fay"]]
    field(log, tables)
    log.add("hand_for_hand", 90, active=True)
    blinds_walk(log, "1", "8105010001", 100, 160, tables[0], [1500] * 3, 2, deal=1)
    second = 170 if planted else 205
    blinds_walk(log, "2", "8105010002", 100, 200, tables[1], [1500] * 3, 2, deal=1)
    blinds_walk(log, "1", "8105010003", second, 230, tables[0], [1490, 1510, 1500], 0,
                deal=2)
    blinds_walk(log, "2", "8105010004", 210, 240, tables[1], [1490, 1510, 1500], 0, deal=2)
    log.add("hand_for_hand", 250, active=False)
    return log


# ---------------------------------------------------------------- clause 29: chat

def chat(planted: bool, observer: bool) -> Log:
    """Bob folds first hand; during it (planted) or after it (twin), Bob names his folded
    cards, or an observer says who is bluffing."""
    log = Log("810602" if observer else "810601")
    terms(log)
    players = ["ann", "bob", "cat"]
    field(log, [players])
    text = "he's bluffing, call" if observer else "my Ah Kd were no good"
    writer = "zed" if observer else "cat"
    during = {"table": "1", "hand": "8106010001" if not observer else "8106020001",
              "action": 3}
    between = {"table": "1", "hand": None}
    log.add("chat", 40, player=writer, text=text, observer=observer,
            **(during if planted else between))
    blinds_walk(log, "1", "8106010001" if not observer else "8106020001", 20, 60, players,
                [1500] * 3, 2)
    return log


# ---------------------------------------------------------------- clause 30: rollback

def rollback(planted: bool, every_table: bool) -> Log:
    """Table 1 has played a hand (Ann 1,490, Bob 1,510, Cat 1,500); the server fails during
    the next hand at tables 1 and 2. Stacks pair: table 1 is restored to 1,500 each, the
    tournament's start (planted) or to its start of the hand. Every-table pair: only table 1
    is rolled back (planted) or both."""
    log = Log("810702" if every_table else "810701")
    terms(log)
    tables = [["ann", "bob", "cat"], ["dan", "eve", "fay"]]
    field(log, tables)
    blinds_walk(log, "1", "8107000001", 20, 50, tables[0], [1500] * 3, 2)
    log.add("server_failure", 70, reason="database connection lost", tables=["1", "2"])
    wrong = planted and not every_table
    first = [1500, 1500, 1500] if wrong else [1490, 1510, 1500]
    log.add("rollback", 80, table="1", hand="8107000002", stacks=[
        {"player": p, "seat": n, "stack": s}
        for n, (p, s) in enumerate(zip(tables[0], first, strict=True), start=1)])
    if not (planted and every_table):
        log.add("rollback", 80, table="2", hand="8107000003", stacks=[
            {"player": p, "seat": n, "stack": 1500} for n, p in enumerate(tables[1], start=1)])
    log.add("level", 90, level=1, small_blind=10, big_blind=20)
    return log


# ---------------------------------------------------------------- clauses 12, 14

def structure_at_close(planted: bool) -> Log:
    """Heads-up MTT, 70/30 in the terms when registration closes. The terms change to 60/40
    after the close (planted) or before it; the $20 pool is paid 60/40 ($12 and $8)."""
    log = Log("810801")
    terms(log, shares=[7000, 3000])
    change = 30 if planted else -30
    if not planted:
        terms_line = dict(log.lines[-1])
    players = ["ann", "bob"]
    for n, player in enumerate(players):
        log.add("registration", -3600 + n, player=player, accepted=True, paid=1100,
                paid_currency="cash")
    if not planted:
        terms_line.update(seq=len(log.lines), at=at(change), payout_structure=[
            {"min_entrants": 2, "shares_bp": [6000, 4000]}])
        log.lines.append(terms_line)
    log.add("registration_closed", 0, entrants=2, prize_pool=2000,
            payout_shares_bp=[7000, 3000] if planted else [6000, 4000])
    log.add("seating_started", 0)
    for seat, player in enumerate(players, start=1):
        log.add("seat", 1, player=player, table="1", seat=seat, stack=1500)
    log.add("tournament_start", 10, entrants=2, tables=1)
    if planted:
        terms_line = dict(log.lines[1])
        terms_line.update(seq=len(log.lines), at=at(change), payout_structure=[
            {"min_entrants": 2, "shares_bp": [6000, 4000]}])
        log.lines.append(terms_line)
    heads_up_all_in(log, "8108010001")
    finish(log, "8108010001", second=800, first=1200)
    return log


def finish(log: Log, hand_id: str, second: int, first: int,
           players: tuple[str, str] = ("ann", "bob")) -> None:
    """The heads-up hand's loser (second of `players`) out in 2nd place, both paid."""
    winner, loser = players
    log.add("elimination", 71, player=loser, place=2, table="1", hand=hand_id, prize=second)
    log.add("payout", 72, player=loser, place=2, paid=second, paid_currency="cash")
    log.add("payout", 73, player=winner, place=1, paid=first, paid_currency="cash")
    log.add("tournament_end", 74, outcome="finished", winner=winner)


def structure_shown(planted: bool) -> Log:
    """Heads-up MTT, 70/30 in the terms; the lobby shows 60/40 at the close (planted) or
    70/30; the $20 pool is paid 70/30 ($14 and $6)."""
    log = Log("810802")
    terms(log, shares=[7000, 3000])
    players = ["ann", "bob"]
    for n, player in enumerate(players):
        log.add("registration", -3600 + n, player=player, accepted=True, paid=1100,
                paid_currency="cash")
    log.add("registration_closed", 0, entrants=2, prize_pool=2000,
            payout_shares_bp=[6000, 4000] if planted else [7000, 3000])
    log.add("seating_started", 0)
    for seat, player in enumerate(players, start=1):
        log.add("seat", 1, player=player, table="1", seat=seat, stack=1500)
    log.add("tournament_start", 10, entrants=2, tables=1)
    heads_up_all_in(log, "8108020001")
    finish(log, "8108020001", second=600, first=1400)
    return log


def heads_up_all_in(log: Log, hand_id: str, players: tuple[str, str] = ("ann", "bob")) -> None:
    """The second of `players` (button, small blind) moves all in, the first calls with aces
    and wins."""
    winner, loser = players
    hand(log, "1", hand_id, 40, 70, [(winner, 1500, ["Ah", "Ad"]),
                                     (loser, 1500, ["7c", "2d"])], 2,
         [preflop(loser, "small_blind", 10, 10), preflop(winner, "big_blind", 20, 20),
          preflop(loser, "raise", 1490, 1500, all_in=True),
          preflop(winner, "call", 1480, 1500, all_in=True)],
         [(winner, 3000)], board=BOARD, shown=[winner, loser])


# ---------------------------------------------------------------- clause 13: bounties

def bounty(case: str, planted: bool) -> Log:
    """30 starters at four tables (8, 8, 7, 7); Pat, a professional at table 1, moves all in
    and is called all in by Al and Bo, who split the pot with the board's two pair and an
    ace. Split pair: both are paid the $10 bounty (planted: only Al). Cap pair: a $300
    buy-in pays $200 each (planted: $300). Satellite pair (29 seats): Cy is eliminated at
    table 2 first, deciding every seat; no bounty is then due for Pat (planted: $10 each).
    Few pair: 29 starters (table 4 seats six); no bounty is due (planted: $10 each)."""
    tournament = {"split": "810901", "cap": "810902", "satellite": "810903",
                  "few": "810904"}[case]
    log = Log(tournament)
    buy_in = 30000 if case == "cap" else 1000
    pros = {"professionals": ["pat"], "amount": None}
    if case == "satellite":
        terms(log, kind="satellite", buy_in=buy_in, fee=buy_in // 10, bounty=pros,
              seats_awarded=29, satellite_target="Main Event")
    else:
        terms(log, buy_in=buy_in, fee=buy_in // 10, bounty=pros)
    first = ["al", "bo", "pat", "t14", "t15", "t16", "t17", "t18"]
    second = ["cy", "t22", "dee", "t24", "t25", "t26", "t27", "t28"]
    last = 7 if case == "few" else 8
    tables = [first, second, [f"t3{n}" for n in range(1, 8)], [f"t4{n}" for n in range(1, last)]]
    field(log, tables, buy_in=buy_in, fee=buy_in // 10)
    if case == "satellite":
        cards = {"cy": ["7c", "2d"], "dee": ["Ah", "Ad"]}
        acts = [preflop("cy", "small_blind", 10, 10), preflop("t22", "big_blind", 20, 20),
                preflop("dee", "raise", 1500, 1500, all_in=True)]
        acts += [preflop(p, "fold") for p in second[3:]]
        acts += [preflop("cy", "call", 1490, 1500, all_in=True), preflop("t22", "fold")]
        hand(log, "2", "8109030001", 20, 50,
             [(p, 1500, cards.get(p, ["3c", "4d"])) for p in second], 8, acts,
             [("dee", 3020)], board=BOARD, shown=["cy", "dee"])
        log.add("elimination", 51, player="cy", place=30, table="2", hand="8109030001",
                prize=0)
    board = ["2c", "2d", "7h", "7s", "Ks"]
    cards = {"al": ["Ac", "3d"], "bo": ["Ad", "3h"], "pat": ["Qh", "4c"]}
    acts = [preflop("al", "small_blind", 10, 10), preflop("bo", "big_blind", 20, 20),
            preflop("pat", "raise", 1500, 1500, all_in=True)]
    acts += [preflop(p, "fold") for p in first[3:]]
    acts += [preflop("al", "call", 1490, 1500, all_in=True),
             preflop("bo", "call", 1480, 1500, all_in=True)]
    pro_hand = f"{tournament}0002"
    hand(log, "1", pro_hand, 60, 90, [(p, 1500, cards.get(p, ["5c", "6d"])) for p in first],
         8, acts, [("al", 2250), ("bo", 2250)], board=board, shown=["al", "bo", "pat"])
    place = 29 if case in ("satellite", "few") else 30
    log.add("elimination", 91, player="pat", place=place, table="1", hand=pro_hand, prize=0)
    paid_to = ["al", "bo"]
    amount = min(buy_in, 20000)
    if case == "split" and planted:
        paid_to = ["al"]
    if case == "cap" and planted:
        amount = buy_in
    if case in ("satellite", "few") and not planted:
        paid_to, amount = [], 0
    log.add("bounty", 92, eliminated="pat", hand=pro_hand, paid_to=paid_to, amount_each=amount)
    return log


# Each fixture pair by its file name stem, and how to write it (planted or twin).
PAIRS: dict[str, Callable[[bool], Log]] = {
    "log-table-hold": lambda planted: table_hold(planted, many_tables=False),
    "log-table-hold-many-tables": lambda planted: table_hold(planted, many_tables=True),
    "log-same-hand-order": same_hand_order,
    "log-same-hand-tie": same_hand_tie,
    "log-hand-for-hand": hand_for_hand,
    "log-chat-cards": lambda planted: chat(planted, observer=False),
    "log-chat-observer": lambda planted: chat(planted, observer=True),
    "log-rollback-stacks": lambda planted: rollback(planted, every_table=False),
    "log-rollback-every-table": lambda planted: rollback(planted, every_table=True),
    "log-structure-at-close": structure_at_close,
    "log-structure-shown": structure_shown,
    "log-bounty-split-pot": lambda planted: bounty("split", planted),
    "log-bounty-cap": lambda planted: bounty("cap", planted),
    "log-bounty-satellite": lambda planted: bounty("satellite", planted),
    "log-bounty-few-starters": lambda planted: bounty("few", planted),
}


def write_pairs(pairs: dict[str, Callable[[bool], Log]]) -> None:
    """Each pair's planted and twin logs, `<name>.planted.jsonl` and `<name>.twin.jsonl`."""
    for name, make in pairs.items():
        (FIXTURES / f"{name}.planted.jsonl").write_text(make(True).text())
        (FIXTURES / f"{name}.twin.jsonl").write_text(make(False).text())


def main() -> None:
    write_pairs(PAIRS)


if __name__ == "__main__":
    main()
