"""The real tournament summaries give exactly the known summary findings, under every rule set.

Each expected finding is quoted and explained in docs/corpus-notes.md ("Findings on the real
tournament summaries"). A new false positive, or a true finding lost, fails here. The rules
must also decide where the summaries carry the facts: the finished summaries that list every
entry with priced prizes (their sums checked against their pools by reading the files) pass
the pool rule, rather than slipping through as unknown or not applicable.
"""

from functools import cache
from pathlib import Path

import pytest

from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditResult, audit
from checker.dsl.engine import compile_ruleset
from checker.dsl.ruleset import load_ruleset
from checker.ingest.stream import UnrecognizedFile, read_paths
from checker.model import TournamentSummary
from checker.replay.summary_replay import summary_event

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "real"
# Every place of the corpus that holds tournament summaries (one Full Tilt summary sits among
# the hands of ftp/tour).
SUMMARY_PATHS = ("ftp/summaries", "stars/summaries", "other/pokertracker_summaries",
                 "ftp/tour/Flop/NLHE-9max-STT-USD-8.30-201211.step.txt")
RULE_SETS = ("fulltilt", "tda2024", "pokerstars")

Finding = tuple[str, str, str, int]

# (file under the corpus, tournament id, rule, line)
EXPECTED: set[Finding] = {
    # The record states a $55 pool and lists one prize, a $13 ticket, for its 4 entries.
    ("ftp/summaries/10Game-USD-SnG-8-201404.Satellite.to.Mini.FTOPS.line.error.txt",
     "266533708", "summary.pool-paid-out", 1),
}

# Finished summaries that list every entry, with a prize pool their listed prizes add up to
# exactly (read from the files: e.g. $7.80 + $4.20 of a $12 pool).
POOL_PAID: set[str] = {
    "ftp/summaries/27SD-USD-MTT-1-201303.txt",
    "ftp/summaries/27TD-USD-HUSnG-201101.Hero.wins.txt",
    "ftp/summaries/3-Draw-Limit-USD-STT-2max-10-201211.Hero.loses.txt",
    "ftp/summaries/NLHE-2max-SnG-USD-20-201404.no.limitType.txt",
    "ftp/summaries/NLHE-9max-play-STT-201301.hero.cashes.txt",
    "ftp/summaries/NLHE-USD-7Game-HUSnG-201005.Hero.loses.txt",
    "ftp/summaries/NLHE-USD-SnG-6man-201007.Hero.wins.worded.date.format.txt",
    "ftp/summaries/NLHE-USD-SnG-6man-201101.Hero.cashes.txt",
    "ftp/summaries/NLHE-USD-SnG-9man-201001.Satellite.Hero.wins.token.txt",
    "ftp/summaries/NLHE-USD-SnG-9man-201007.Super.turbo.Hero.wins.txt",
    "ftp/summaries/NLHE-USD-SnG-9man-201101.Hero.cashes.txt",
    "ftp/summaries/PLO8-USD-MTT-2r-201006.Hero.second.txt",
    "ftp/summaries/PLO8-USD-SnG-9man-201012.Satellite.to.FTOPS.txt",
    "ftp/summaries/Razz-USD-SnG-2man-201211.super.turbo.heads.up.txt",
    "stars/summaries/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.txt",
    "stars/summaries/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt",
    "stars/summaries/NLHE-9max-MTT-USD-2.50-201305.KO.v2.txt",
    "stars/summaries/NLHE-USD-HUSnG-10-201011.s0rrow.wins.txt",
    "stars/summaries/NLHE-USD-MTT-20-200708.s0rrow.2nd.txt",
    "stars/summaries/NLO8-USD-STT-201109.Knockout.sample.txt",
    # 104 players, 145 entries listed (re-entries): the list is complete.
    "stars/summaries/NLSD-MTT-USD-1000-50-201609.reentry.txt",
}


@cache
def audited(name: str) -> AuditResult:
    path = REPO / "rules" / f"{name}.rules"
    loaded = load_ruleset(path)
    return audit([CORPUS / p for p in SUMMARY_PATHS], ruleset_id(loaded, path), loaded)


@pytest.mark.parametrize("name", RULE_SETS)
def test_real_summaries_give_exactly_the_known_findings(name: str) -> None:
    result = audited(name)
    assert result.summaries > 2000 and result.summaries_rejected == 0
    found = {(Path(f.location.file).relative_to(CORPUS).as_posix(), f.location.tournament or "",
              f.rule, f.location.line)
             for f in result.findings if f.rule.startswith("summary.")}
    assert found == EXPECTED


def test_the_summary_findings_are_errors_that_cite_clauses_12_and_15() -> None:
    findings = [f for f in audited("fulltilt").findings if f.rule.startswith("summary.")]
    assert [(f.severity, f.clauses) for f in findings] == [("error", ["12", "15"])]
    assert findings[0].message == ("tournament 266533708: the 1 prizes listed add up to $13.00; "
                                   "the prize pool is $55.00")


def test_the_pool_rule_decides_on_the_complete_finished_summaries() -> None:
    path = REPO / "rules" / "fulltilt.rules"
    rule = next(r for r in compile_ruleset(load_ruleset(path)).by_event["summary"]
                if r.rule_id == "summary.pool-paid-out")
    passed: set[str] = set()
    for opened in read_paths([CORPUS / p for p in SUMMARY_PATHS]):
        if isinstance(opened, UnrecognizedFile):
            continue
        for record in opened.records:
            if isinstance(record, TournamentSummary):
                verdict = rule.evaluate(summary_event(record))
                if verdict is not None and not verdict.unknown and verdict.passed:
                    passed.add(Path(record.location.file).relative_to(CORPUS).as_posix())
    assert passed == POOL_PAID
