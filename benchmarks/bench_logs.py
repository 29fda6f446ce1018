"""Tournament-log audit throughput: log lines (and the hands among them) per second through
reading, validation, the tournament replay, the hand replay of every `hand` line and every
rule of rules/fulltilt.rules.

Builds a temporary log (never in the repository) holding the example Sit & Go
(hand_histories/logs/sng-6max-700001.jsonl) repeated as distinct tournaments until it holds at
least --hands hands, then times `audit()` over it on one core.
Run: `make bench` or `.venv/bin/python benchmarks/bench_logs.py --hands 20000`.
"""

import argparse
import json
import tempfile
import time
from pathlib import Path

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import load_ruleset

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "hand_histories" / "logs" / "sng-6max-700001.jsonl"


def build_log(path: Path, want_hands: int) -> int:
    """Write copies of the example, each its own tournament, numbered as one log; the hands."""
    header, *events = [json.loads(t) for t in EXAMPLE.read_text(encoding="utf-8").splitlines()]
    per_copy: int = sum(e["event"] == "hand" for e in events)
    copies = max(1, -(-want_hands // per_copy))
    seq = 0
    with path.open("w", encoding="utf-8") as out:
        out.write(json.dumps(header) + "\n")
        for copy in range(copies):
            for event in events:
                seq += 1
                line = {**event, "seq": seq, "tournament": f"{700001 + copy}"}
                if line.get("hand") is not None:  # hands, and lines naming one
                    line["hand"] = f"{700001 + copy}{line['hand'][-4:]}"
                out.write(json.dumps(line) + "\n")
    return copies * per_copy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    rules_path = REPO / "rules" / "fulltilt.rules"
    rules = load_ruleset(rules_path)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "bench.jsonl"
        hands = build_log(log, args.hands)
        started = time.perf_counter()
        result = audit([log], ruleset_id(rules, rules_path), rules)
        elapsed = time.perf_counter() - started
    # Every copy seats its players alike, so clause 9's audit rightly finds the draw biased;
    # nothing else may fire.
    assert result.events_rejected == 0, "every line must be read"
    assert {f.rule for f in result.findings} <= {"seating.random-draw"}, "the example is clean"
    print(f"tournament-log {result.events:>8} lines ({hands} hands) in {elapsed:6.2f} s = "
          f"{result.events / elapsed:>9,.0f} lines/s, {hands / elapsed:>9,.0f} hands/s")


if __name__ == "__main__":
    main()
