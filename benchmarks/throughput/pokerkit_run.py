"""PokerKit's replay of one input, in a process of its own (for its peak RSS).

Run: `python -m benchmarks.throughput.pokerkit_run PATH... [--max-hands N]`; prints one JSON
object. Hands are read, converted and replayed one at a time (memory stays flat); only the
replay (`pokerkit_side.replay`: the state built, every act through `parse_action`) is timed,
by the wall clock and by the process's CPU clock.
The reading is feltcheck's and is not counted for PokerKit.
"""

import argparse
import json
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

from .pokerkit_side import COMPLETED, Skipped, convert, hands_of, replay

# Refusal messages kept for the report (the first of each kind).
_EXAMPLES = 5


def run(paths: list[Path], max_hands: int = 0) -> dict[str, object]:
    outcomes: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    refusals: Counter[str] = Counter()
    examples: dict[str, str] = {}
    # Table size ("?" when the record does not say) -> [hands, seconds].
    by_size: dict[str, list[float]] = {}
    read = 0
    seconds = cpu = 0.0
    clock, cpu_clock = time.perf_counter, time.process_time
    with warnings.catch_warnings():
        # PokerKit warns when a card is dealt that its own shuffled deck would not deal next:
        # the record decides the cards.
        warnings.simplefilter("ignore")
        for hand in hands_of(paths):
            if max_hands and read >= max_hands:
                break
            read += 1
            converted = convert(hand)
            if isinstance(converted, Skipped):
                skipped[converted.reason] += 1
                continue
            started, cpu_started = clock(), cpu_clock()
            outcome, message = replay(converted)
            spent = clock() - started
            seconds += spent
            cpu += cpu_clock() - cpu_started
            outcomes[outcome] += 1
            size = by_size.setdefault(str(converted.table_size or "?"), [0, 0.0])
            size[0] += 1
            size[1] += spent
            if outcome != COMPLETED:
                kind = message.split(": ", 1)[-1][:100] or outcome
                refusals[kind] += 1
                examples.setdefault(kind, f"hand {hand.hand_id} ({hand.location.file}): "
                                          f"{message or outcome}")
    replayed = sum(outcomes.values())
    return {
        "hands_read": read, "hands_replayed": replayed, "seconds": seconds,
        "cpu_seconds": cpu,
        "hands_per_second": replayed / seconds if seconds else 0.0,
        "hands_per_cpu_second": replayed / cpu if cpu else 0.0,
        "outcomes": dict(outcomes), "skipped": dict(skipped),
        "refusals": dict(refusals.most_common()),
        "examples": list(examples.values())[:_EXAMPLES],
        "by_table_size": {size: {"hands": int(n), "seconds": s,
                                      "hands_per_second": n / s if s else 0.0}
                          for size, (n, s) in sorted(by_size.items())},
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--max-hands", type=int, default=0,
                        help="stop after this many hands read (0: all)")
    args = parser.parse_args(argv)
    json.dump(run(args.paths, args.max_hands), sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
