"""Write the clause 31.7 Matrix cancellation fixtures, `log-cancel-matrix.{planted,twin}.jsonl`.

A $18 + $2 Matrix 900701 of three $5 matches (4 seats, 70/30) with alice, bob, carol and
dave; the Matrix-score pool is 4 x $3 = $12, paid whole to the first Matrix position; match
places score 6, 3, 1, 0 points. Every match starts the same: seat 1 alice, 2 bob, 3 carol,
4 dave, 1,500 chips, button 4. Then:

- match 1: carol (AA) busts dave (4th); carol (KK) busts alice (3rd); heads-up carol busts bob
  (2nd, $6). carol wins ($14): finished, 6,000 chips to her.
- match 2: the same first two hands: dave 4th, alice 3rd; bob 1,470 and carol 4,530 left. Two
  left, two places paid: in the money, the next payout 2nd place's 30% of $20 = $6.
- match 3: the first hand only: dave 4th; alice 1,490, bob 1,480, carol 3,030. Before the money.

Then the Matrix is cancelled. Clause 31.7 worked by hand (the readings are the rule's,
rules/fulltilt.rules `cancellation.matrix`; docs/tournament-log.md, "Matrix"):

- still in a match: alice (3), bob (2, 3), carol (2, 3); dave is out of every match.
  Chips: alice 1,490; bob 1,470 + 1,480 = 2,950; carol 4,530 + 3,030 = 7,560; 12,000 in all.
- fees: $2 each.
- matches: alice $5 (match 3's buy-in); bob and carol $6 (match 2's next payout) + $5 = $11.
- dave's buy-ins in the matches still before the money (match 3): $5, by chips:
  alice 500 x 1,490 / 12,000 = 62 (cents, rounded down), bob 122, carol 315.
- Matrix points earned: alice 1 + 1 = 2, bob 3, carol 6, dave 0. Highest still possible
  (1st, 6 points, in each match still in): alice 8, bob 15, carol 18; lowest (the last place
  open: match 2's 2nd, 3 points; match 3's 3rd, 1 point): alice 3, bob 7, carol 10, dave 0.
  One position is paid: carol's lowest 10 is above alice's highest 8, so alice cannot reach
  it; bob and carol can.
- the server's estimates: alice 5, bob 11, carol 13; the $12 pool by estimate among bob and
  carol (24): bob 1200 x 11 // 24 = 550, carol 1200 x 13 // 24 = 650.

Owed: alice $2 + $5 + $0.62 + $0 = $7.62; bob $2 + $11 + $1.22 + $5.50 = $19.72; carol
$2 + $11 + $3.15 + $6.50 = $22.65. Money check: $80 taken; $20 paid in match 1; $49.99
paid now; match 2 keeps $8 beyond its next payouts; dave's fee $2; a cent of rounding.

The planted log pays bob $18.72 ($1 short); the twin pays what is owed.
Deterministic: `python tests/fixture_makers/make_matrix_fixtures.py` rewrites both files.
"""

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "hand_histories" / "fixtures"
START = datetime(2026, 11, 4, 12, 0, tzinfo=UTC)
MATRIX = "900701"
PLAYERS = ["alice", "bob", "carol", "dave"]
BOARD = ["2c", "8d", "9h", "Js", "3s"]
Line = dict[str, object]


def at(seconds: int) -> str:
    return (START + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


def match_id(number: int) -> str:
    return f"{MATRIX}-{number}"


def _seats(stacks: dict[str, int], cards: dict[str, list[str]]) -> list[Line]:
    return [{"seat": PLAYERS.index(p) + 1, "player": p, "stack": stack, "cards": cards[p]}
            for p, stack in stacks.items()]


def _act(player: str, kind: str, amount: int = 0, to: int | None = None,
         all_in: bool = False) -> Line:
    act: Line = {"street": "preflop", "player": player, "kind": kind, "amount": amount}
    if to is not None:
        act["to"] = to
    if all_in:
        act["all_in"] = True
    return act


def hands(number: int, count: int) -> list[tuple[int, str, Line]]:
    """The first `count` hands of a match: (seconds, event, fields) for each line."""
    tag = f"{MATRIX}{number}"
    lines: list[tuple[int, str, Line]] = []
    base: Line = {"level": 1, "game": "holdem", "structure": "no_limit", "small_blind": 10,
                  "big_blind": 20, "ante": 0, "boards": [BOARD]}
    first: Line = {
        **base, "table": "1", "hand": f"{tag}01", "started": at(10 + number), "button": 4,
        "players_left": 4,
        "seats": _seats({"alice": 1500, "bob": 1500, "carol": 1500, "dave": 1500},
                        {"alice": ["Kc", "4d"], "bob": ["Qs", "6h"], "carol": ["Ah", "Ad"],
                         "dave": ["Kd", "5c"]}),
        "actions": [_act("alice", "small_blind", 10, 10), _act("bob", "big_blind", 20, 20),
                    _act("carol", "raise", 1500, 1500, True),
                    _act("dave", "call", 1500, 1500, True), _act("alice", "fold"),
                    _act("bob", "fold")],
        "returns": [], "awards": [{"player": "carol", "amount": 3030, "pot": 0}],
        "shown": ["carol", "dave"]}
    lines.append((60 + number, "hand", first))
    lines.append((61 + number, "elimination", {"player": "dave", "place": 4, "table": "1",
                                               "hand": f"{tag}01", "prize": 0}))
    if count < 2:
        return lines
    second: Line = {
        **base, "table": "1", "hand": f"{tag}02", "started": at(70 + number), "button": 1,
        "players_left": 3,
        "seats": _seats({"alice": 1490, "bob": 1480, "carol": 3030},
                        {"alice": ["7c", "4h"], "bob": ["Td", "5s"], "carol": ["Kc", "Kh"]}),
        "actions": [_act("bob", "small_blind", 10, 10), _act("carol", "big_blind", 20, 20),
                    _act("alice", "raise", 1490, 1490, True), _act("bob", "fold"),
                    _act("carol", "call", 1470, 1490)],
        "returns": [], "awards": [{"player": "carol", "amount": 2990, "pot": 0}],
        "shown": ["alice", "carol"]}
    lines.append((120 + number, "hand", second))
    lines.append((121 + number, "elimination", {"player": "alice", "place": 3, "table": "1",
                                                "hand": f"{tag}02", "prize": 0}))
    if count < 3:
        return lines
    third: Line = {
        **base, "table": "1", "hand": f"{tag}03", "started": at(130 + number), "button": 3,
        "players_left": 2,
        "seats": _seats({"bob": 1470, "carol": 4530},
                        {"bob": ["6d", "4c"], "carol": ["As", "Kd"]}),
        "actions": [_act("carol", "small_blind", 10, 10), _act("bob", "big_blind", 20, 20),
                    _act("carol", "raise", 4520, 4530, True),
                    _act("bob", "call", 1450, 1470, True)],
        "returns": [{"player": "carol", "amount": 3060}],
        "awards": [{"player": "carol", "amount": 2940, "pot": 0}], "shown": ["bob", "carol"]}
    lines.append((180 + number, "hand", third))
    lines.append((181 + number, "elimination", {"player": "bob", "place": 2, "table": "1",
                                                "hand": f"{tag}03", "prize": 600}))
    lines.append((182 + number, "payout", {"player": "bob", "place": 2, "paid": 600,
                                           "paid_currency": "cash"}))
    lines.append((183 + number, "payout", {"player": "carol", "place": 1, "paid": 1400,
                                           "paid_currency": "cash"}))
    lines.append((184 + number, "tournament_end", {"outcome": "finished", "winner": "carol"}))
    return lines


def match_setup(number: int) -> list[tuple[int, str, Line]]:
    lines: list[tuple[int, str, Line]] = [(-3600 + number, "tournament_terms", {
        "kind": "matrix", "name": f"$20 Matrix, Match {number}", "game": "holdem",
        "structure": "no_limit", "currency": "USD", "buy_in": 500, "fee": 0,
        "starting_stack": 1500, "seats_per_table": 4, "min_entrants": 4, "max_entrants": 4,
        "scheduled_start": at(0),
        "levels": [{"level": 1, "duration_s": 600, "small_blind": 10, "big_blind": 20}],
        "breaks": None,
        "payout_structure": [{"min_entrants": 4, "max_entrants": 4,
                              "shares_bp": [7000, 3000]}]})]
    for n, player in enumerate(PLAYERS):
        lines.append((-20 + 5 * n, "registration", {
            "player": player, "accepted": True, "paid": 500, "paid_currency": "cash"}))
    lines.append((0, "registration_closed", {"entrants": 4, "prize_pool": 2000,
                                             "payout_shares_bp": [7000, 3000]}))
    lines.append((0, "seating_started", {}))
    for n, player in enumerate(PLAYERS):
        lines.append((0, "seat", {"player": player, "table": "1", "seat": n + 1,
                                  "stack": 1500}))
    lines.append((5, "tournament_start", {"entrants": 4, "tables": 1}))
    return lines


def make(planted: bool) -> str:
    timed: list[tuple[int, int, str, str, Line]] = [(-3700, 0, MATRIX, "matrix_terms", {
        "name": "$20 Matrix", "matches": [match_id(n) for n in (1, 2, 3)], "currency": "USD",
        "buy_in": 1800, "fee": 200, "score_pool": 1200, "score_points": [6, 3, 1, 0],
        "score_shares_bp": [10000]})]
    for number, played in ((1, 3), (2, 2), (3, 1)):
        for order, (seconds, event, fields) in enumerate(
                match_setup(number) + hands(number, played)):
            timed.append((seconds, number * 1000 + order, match_id(number), event, fields))
    bob = 1872 if planted else 1972
    timed.append((300, 0, MATRIX, "matrix_cancellation", {"reason": "technical", "payouts": [
        {"player": "alice", "chips": 1490, "paid": 762, "paid_currency": "cash",
         "estimated_matrix_score": 5},
        {"player": "bob", "chips": 2950, "paid": bob, "paid_currency": "cash",
         "estimated_matrix_score": 11},
        {"player": "carol", "chips": 7560, "paid": 2265, "paid_currency": "cash",
         "estimated_matrix_score": 13}]}))
    for number in (2, 3):
        timed.append((301, number, match_id(number), "tournament_end",
                      {"outcome": "cancelled", "winner": None}))
    timed.sort(key=lambda line: (line[0], line[1]))
    out: list[Line] = [{"event": "log_start", "seq": 0, "at": at(-7200),
                        "schema_version": "1.1", "site": "Full Tilt Poker",
                        "writer": "feltcheck fixture"}]
    for seconds, _, tournament, event, fields in timed:
        out.append({"event": event, "seq": len(out), "at": at(seconds),
                    "tournament": tournament, **fields})
    return "".join(json.dumps(line) + "\n" for line in out)


def main() -> None:
    (FIXTURES / "log-cancel-matrix.planted.jsonl").write_text(make(True))
    (FIXTURES / "log-cancel-matrix.twin.jsonl").write_text(make(False))


if __name__ == "__main__":
    main()
