"""Write the clause 9 seating fixtures: hand_histories/fixtures/seating-biased.{planted,twin}.jsonl.

Each is one tournament log of 100 small Sit & Gos (heads-up, 3- and 6-handed, one table each):
their terms, registrations and seats, nothing more (none of them starts). In the planted log
every player is given the seat of their registration number (first registrant seat 1, ...):
the seat draw follows the registration order. The twin holds the same tournaments (their own
ids) with the seats of a uniform shuffle from a fixed seed. Deterministic: rerunning this
script rewrites both files byte for byte (tests/test_seating_audit.py checks it).

    python tests/fixture_makers/make_seating_fixtures.py [OUTPUT_DIR]
"""

import json
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "hand_histories" / "fixtures"
NAME = "seating-biased"
TOURNAMENTS = 100
# Table sizes, cycled: heads-up, 3-handed and 6-handed Sit & Gos.
SIZES = (2, 3, 2, 6)
SEED = 9
PLAYERS = ("ann", "ben", "cat", "dan", "eve", "fay")
OPENED = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)
START = "2026-11-02T12:00:00Z"
# Tournament ids: 951001... in the planted log, 952001... in the twin.
FIRST_ID = {"planted": 951001, "twin": 952001}


def _stamp(seq: int) -> str:
    return (OPENED + timedelta(seconds=seq)).strftime("%Y-%m-%dT%H:%M:%SZ")


def _terms(tournament: str, size: int) -> dict[str, object]:
    kind = "heads_up" if size == 2 else "sit_and_go"
    return {"event": "tournament_terms", "tournament": tournament, "kind": kind,
            "game": "holdem", "structure": "no_limit", "currency": "USD", "buy_in": 1000,
            "fee": 100, "seats_per_table": size, "max_entrants": size, "scheduled_start": START,
            "levels": [{"level": 1, "duration_s": 600, "small_blind": 10, "big_blind": 20}],
            "breaks": None, "payout_structure": [{"min_entrants": size, "shares_bp": [10000]}]}


def _tournament(tournament: str, size: int, seats: list[int]) -> list[dict[str, object]]:
    players = PLAYERS[:size]
    events: list[dict[str, object]] = [_terms(tournament, size)]
    events += [{"event": "registration", "tournament": tournament, "player": player,
                "accepted": True, "paid": 1100, "paid_currency": "cash"} for player in players]
    events += [{"event": "seat", "tournament": tournament, "player": player, "table": "1",
                "seat": seat, "stack": 1500} for player, seat in zip(players, seats, strict=True)]
    return events


def render(which: str) -> str:
    """The text of the planted (seats in registration order) or twin (shuffled) log."""
    rng = random.Random(SEED)
    events: list[dict[str, object]] = []
    for number in range(TOURNAMENTS):
        size = SIZES[number % len(SIZES)]
        seats = list(range(1, size + 1))
        if which == "twin":
            rng.shuffle(seats)
        events += _tournament(str(FIRST_ID[which] + number), size, seats)
    lines = [json.dumps({"event": "log_start", "seq": 0, "at": _stamp(0),
                         "schema_version": "1.0", "site": "Full Tilt Poker",
                         "writer": "tests/fixture_makers/make_seating_fixtures.py"})]
    for seq, event in enumerate(events, start=1):
        lines.append(json.dumps({"event": event["event"], "seq": seq, "at": _stamp(seq),
                                 **{k: v for k, v in event.items() if k != "event"}}))
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else FIXTURES
    for which in ("planted", "twin"):
        (out / f"{NAME}.{which}.jsonl").write_text(render(which), encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main(sys.argv[1:])
