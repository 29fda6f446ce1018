"""One simulated corpus with colluders for the clause-28 report tests, written and audited once
per test session (the simulator and the audit take about 40 s together in pure Python).

8,000 hands (seed 3) written both as tournament logs (the integrity view: every hole card) and
as Full Tilt hand histories (the public view: the cards shown), with three teams listed in
`truth.jsonl`: a chip-dumping team of three (the first member is the one fed), a whipsaw pair,
and two honest friends who sit together and play straight. The default rules
(rules/fulltilt.rules) test pairs with 100 hands in 3 tournaments together, which this corpus
gives its teams.
"""

import atexit
import json
import shutil
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditResult, audit
from checker.cli import main
from checker.dsl.ruleset import Ruleset, load_ruleset
from tests.conftest import REPO

RULES = REPO / "rules" / "fulltilt.rules"
SEED = 3
HANDS = 8000
COLLUDERS = "chip_dumping:3:0.9,whipsaw:2:0.9,friends:2"
COLLUSION_SCHEMA = REPO / "checker" / "schemas" / "collusion.schema.json"


@dataclass(frozen=True)
class Team:
    strategy: str
    members: tuple[str, ...]
    honest: bool

    def pairs(self) -> list[tuple[str, str]]:
        """The pairs that collude: every two members; chip dumping, the one fed (the first)
        with each feeder (the feeders only feed, they do not play each other softly)."""
        if self.strategy == "chip_dumping":
            fed = self.members[0]
            return [_sorted(fed, m) for m in self.members[1:]]
        return [_sorted(a, b) for i, a in enumerate(self.members) for b in self.members[i + 1:]]


@dataclass(frozen=True)
class Corpus:
    folder: Path
    log: Path  # tournament logs: the integrity view
    ftp: Path  # Full Tilt hand histories: the public view
    teams: tuple[Team, ...]

    @property
    def inputs(self) -> list[Path]:
        return [self.log, self.ftp]


def _sorted(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


@cache
def corpus() -> Corpus:
    folder = Path(tempfile.mkdtemp(prefix="feltcheck-collusion-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    code = main(["simulate", "--seed", str(SEED), "--hands", str(HANDS), "--format", "both",
                 "--colluders", COLLUDERS, "--out", str(folder)])
    assert code == 0
    teams = []
    for line in (folder / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if "team" in entry:
            teams.append(Team(entry["strategy"], tuple(entry["team"]), entry["honest"]))
    assert [t.strategy for t in teams] == ["chip_dumping", "whipsaw", "friends"]
    return Corpus(folder, folder / "log", folder / "ftp", tuple(teams))


@cache
def rules() -> Ruleset:
    return load_ruleset(RULES)


@cache
def audited() -> AuditResult:
    """The audit of both outputs together: both views, every rule (clause 28's with them)."""
    return audit(corpus().inputs, ruleset_id(rules(), RULES), rules())


@dataclass(frozen=True)
class CliRun:
    code: int
    text: str


@cache
def cli_json() -> CliRun:
    """`feltcheck collusion --format json` of the corpus, through the command line: a second,
    independent audit of the same input."""
    output = corpus().folder / "collusion.json"
    code = main(["collusion", *map(str, corpus().inputs), "--rules", str(RULES),
                 "--format", "json", "--output", str(output)])
    return CliRun(code, output.read_text(encoding="utf-8"))
