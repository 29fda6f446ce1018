"""Write the tournament-log fixtures of issue 15's deliverables 1, 2 and 7: a log that stops
mid-tournament, paid places without their payout, and a player who unregisters after seating.

Each is the bundled example (hand_histories/logs/sng-6max-700001.jsonl: a whole $10+$1 6-max
Sit & Go whose hands audit clean) under its own tournament id, edited where the violation is;
planted and twin differ only there. Deterministic: `python
tests/fixture_makers/make_ledger_fixtures.py` rewrites hand_histories/fixtures/ byte for byte
(tests/test_ledger_logs.py checks).
"""

import copy
import json
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "hand_histories" / "logs" / "sng-6max-700001.jsonl"
FIXTURES = ROOT / "hand_histories" / "fixtures"
Line = dict[str, object]


def example(tournament: str) -> list[Line]:
    """The example's lines under `tournament` (its hand ids too)."""
    text = EXAMPLE.read_text().replace("700001", tournament)
    return [json.loads(line) for line in text.splitlines()]


def numbered(lines: list[Line]) -> str:
    """The lines as a writer numbers them (seq 0, 1, ...), one JSON object each."""
    out = []
    for seq, line in enumerate(lines):
        line = dict(line)
        line["seq"] = seq
        out.append(json.dumps(line) + "\n")
    return "".join(out)


def find(lines: list[Line], event: str, **match: object) -> int:
    """The index of the first line of `event` whose fields include `match`."""
    return next(i for i, line in enumerate(lines) if line["event"] == event
                and all(line.get(k) == v for k, v in match.items()))


def seat_of(hand: Line, player: str) -> dict[str, object]:
    seats = hand["seats"]
    assert isinstance(seats, list)
    return next(s for s in seats if s["player"] == player)


# ------------------------------------------------------------ 1: a log that stops


def stopped(planted: bool) -> list[Line]:
    """The Sit & Go stops (a server crash) after its third hand and bob's elimination. Planted:
    erin, whom the second hand left 3,030 chips, is dealt the third with 3,230 (she folds
    it); nothing was logged for her in between (clause 1)."""
    lines = example("815001")
    lines = lines[:find(lines, "elimination", player="bob") + 1]
    if planted:
        third = lines[find(lines, "hand", hand="8150010003")]
        seat_of(third, "erin")["stack"] = 3230
    return lines


# ------------------------------------------------------------ 2: every paid place is paid


def unpaid_at_end(planted: bool) -> list[Line]:
    """The whole Sit & Go. Planted: alice finishes 2nd of 6 (35% of the pool) and her
    elimination states no prize; no payout line for her comes before the end (15, 16)."""
    lines = example("815002")
    if planted:
        bust = find(lines, "elimination", player="alice")
        lines[bust]["prize"] = 0
        del lines[find(lines, "payout", player="alice")]
    return lines


def unpaid_stopped(planted: bool) -> list[Line]:
    """The log stops after alice's elimination (2nd, $21) and a chat two minutes later, before
    the end: alice's payout was due within the minute (16). Twin: it came."""
    lines = example("815003")
    lines = lines[:find(lines, "payout", player="alice") + 1]
    if planted:
        del lines[-1]
    lines.append({"event": "chat", "seq": 0, "at": "2026-11-01T18:06:00Z",
                  "tournament": "815003", "player": "erin", "text": "gg", "observer": False,
                  "table": "1", "hand": None})
    return lines


# ------------------------------------------------------------ 7: unregistering after seating


def unregistered(planted: bool) -> list[Line]:
    """An MTT of the example's players and gina: registration closes with 7 entries ($70),
    then gina unregisters and is refunded $11 in full. The pool follows the refund: $60,
    paid 65% / 35%. Twin: she unregisters before seating begins. Planted: after it, from
    her seat (seat 7), before the start; her seat is left, her chips leave play, the start
    has six entrants (clause 6 forbids it: that is the one finding)."""
    tournament = "815007"
    lines = example(tournament)
    terms = lines[1]
    terms.update(kind="mtt", name="$10 + $1 No Limit Hold'em", seats_per_table=9,
                 min_entrants=2, max_entrants=None, scheduled_start="2026-11-01T18:00:36Z",
                 payout_structure=[{"min_entrants": 2, "max_entrants": None,
                                    "shares_bp": [6500, 3500]}])
    close = find(lines, "registration_closed")
    registration = copy.deepcopy(lines[close - 1])
    registration.update(at="2026-11-01T18:00:34Z", player="gina")
    lines.insert(close, registration)
    close += 1
    lines[close].update(entrants=7, prize_pool=7000)
    seating: Line = {"event": "seating_started", "seq": 0, "at": "2026-11-01T18:00:36Z",
                     "tournament": tournament}
    leaving: Line = {"event": "unregistration", "seq": 0, "at": "2026-11-01T18:00:35Z",
                     "tournament": tournament, "player": "gina", "accepted": True,
                     "refund": 1100, "refund_currency": "cash"}
    lines.insert(close + 1, seating)
    start = find(lines, "tournament_start")
    if planted:
        seat = copy.deepcopy(lines[start - 1])
        seat.update(player="gina", seat=7)
        leaving["at"] = "2026-11-01T18:00:37Z"
        lines[start:start] = [seat, leaving]
    else:
        lines.insert(close + 1, leaving)
    return lines


Maker = Callable[[bool], list[Line]]
PAIRS: dict[str, Maker] = {
    "log-stopped-stack-changed": stopped,
    "log-paid-place-unpaid": unpaid_at_end,
    "log-paid-place-overdue": unpaid_stopped,
    "log-unregistered-after-seating": unregistered,
}


def written() -> dict[Path, str]:
    return {FIXTURES / f"{name}.{'planted' if planted else 'twin'}.jsonl": numbered(make(planted))
            for name, make in PAIRS.items() for planted in (True, False)}


def main() -> None:
    for path, text in written().items():
        path.write_text(text)


if __name__ == "__main__":
    main()
