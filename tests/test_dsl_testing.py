"""The rules test runner scores expectations against findings: TP, FP, FN per rule."""

from pathlib import Path

from checker.dsl.ruleset import load_ruleset
from checker.dsl.testing import FoundFinding, run_tests

RULES = """\
ruleset t "T"
clause 1 "One."
rule a.one
  cites 1
  on hand
  require true
rule a.two
  cites 1
  on hand
  require true
test "finds the planted violation" input "planted.txt"
  expect a.one hand "7" action 3
test "clean twin" input "clean.txt"
  expect none
test "two expected, one found" input "half.txt"
  expect a.one hand "1"
  expect a.two
test "no such input" input "missing.txt"
  expect none
"""

FINDINGS = {
    "planted.txt": [FoundFinding("a.one", "7", 3)],
    "clean.txt": [FoundFinding("a.two", "9", None)],
    "half.txt": [FoundFinding("a.one", "1", 5)],
}


def test_runner_tallies_true_and_false_positives_and_negatives(tmp_path: Path) -> None:
    rules = tmp_path / "t.rules"
    rules.write_text(RULES, encoding="utf-8")
    for name in FINDINGS:
        (tmp_path / name).write_text("x", encoding="utf-8")
    report = run_tests(load_ruleset(rules), lambda path, _: FINDINGS[path.name])
    by_name = {o.name: o for o in report.outcomes}
    assert by_name["finds the planted violation"].passed
    assert not by_name["clean twin"].passed
    assert by_name["clean twin"].unexpected == [FoundFinding("a.two", "9", None)]
    half = by_name["two expected, one found"]
    assert not half.passed and [e.rule_id for e in half.missing] == ["a.two"]
    assert by_name["no such input"].error is not None
    assert by_name["no such input"].error.endswith("missing.txt does not exist")
    tallies = {rule: (t.true_positives, t.false_positives, t.false_negatives)
               for rule, t in report.tallies.items()}
    assert tallies == {"a.one": (2, 0, 0), "a.two": (0, 1, 1)}
    assert not report.passed
