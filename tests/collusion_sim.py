"""Simulated corpora with colluders for the clause-28 tests, written once per test session.

The simulator's teams (checker/sim/collusion.py) play their strategies; the same seed with
every team as honest friends (the same members, sitting together as often) is the clean twin.
"""

import json
from functools import cache
from pathlib import Path

from checker.audit.ruleset import RulesetId
from checker.audit.run import AuditResult, audit
from checker.cli import main
from tests.conftest import REPO

RULES = REPO / "rules" / "fulltilt.rules"
RULESET = RulesetId(name="fulltilt", path=str(RULES), sha256="")
# Four teams of two, one per strategy, at a high intensity, and a pair of friends. Seeds 5
# and 6 are the development seeds (docs/collusion.md); the benchmark never scores them.
SEED = 5
HANDS = 20000
TEAMS = "chip_dumping:2:0.8,soft_play:2:0.8,whipsaw:2:0.8,card_sharing:2:0.8,friends:2"
# The twin: the same draws, every team honest.
TWIN = "friends:2,friends:2,friends:2,friends:2,friends:2"


@cache
def corpus(root: Path, twin: bool = False) -> Path:
    """The simulated corpus under `root`, written once: the planted one as a log and as Full
    Tilt text (both views), the twin as a log (the integrity view sees everything the public
    view does)."""
    out = root / ("twin" if twin else "planted")
    if not (out / "truth.jsonl").exists():
        code = main(["simulate", "--seed", str(SEED), "--hands", str(HANDS), "--format",
                     "log" if twin else "both", "--colluders", TWIN if twin else TEAMS,
                     "--out", str(out)])
        assert code == 0
    return out


@cache
def audited(path: Path) -> AuditResult:
    return audit([path], RULESET)


def teams(out: Path) -> dict[tuple[str, str], str]:
    """Each pair of team members (sorted) -> its strategy, from the truth."""
    pairs: dict[tuple[str, str], str] = {}
    for line in (out / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if "team" not in record:
            continue
        members = sorted(record["team"])
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                pairs[(a, b)] = record["strategy"]
    return pairs


def split_log(log: Path, out: Path) -> list[Path]:
    """The log cut into one file per tournament (each with the header line, lines renumbered),
    so that the corpus can be split between workers."""
    out.mkdir(parents=True, exist_ok=True)
    header: dict[str, object] | None = None
    parts: dict[str, list[dict[str, object]]] = {}
    for path in sorted(log.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            if event["event"] == "log_start":
                header = event
                continue
            parts.setdefault(str(event["tournament"]), []).append(event)
    assert header is not None
    files: list[Path] = []
    for tournament, events in sorted(parts.items()):
        path = out / f"{tournament}.jsonl"
        lines = [{**header, "seq": 0}] + [{**e, "seq": i + 1} for i, e in enumerate(events)]
        path.write_text("".join(json.dumps(e) + "\n" for e in lines), encoding="utf-8")
        files.append(path)
    return files
