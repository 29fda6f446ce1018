"""The rules test runner scores expectations against findings: TP, FP, FN per rule, known
gaps (`expect todo` / `expect todo-not`) apart, and asks why a test failed."""

from pathlib import Path

from checker.dsl import testing
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.dsl.testing import Explainer, FoundFinding, run_tests

TWO_RULES = """\
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
"""
RULES = TWO_RULES + """\
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


GAPS = TWO_RULES + """\
test "gaps still open" input "open.txt"
  expect a.one hand "1"
  expect todo a.two hand "1"
  expect todo-not a.one hand "2"
test "gaps closed" input "closed.txt"
  expect todo-not a.one hand "2"
  expect todo a.two hand "1" action 4
test "the plain expectation is served first" input "shared.txt"
  expect todo-not a.one
  expect a.one hand "1"
test "a broken test" input "broken.txt"
  expect a.one hand "1"
  expect todo a.two
"""

GAP_FINDINGS = {
    # a.two is not found on hand 1 (a known false negative); a.one is, wrongly, on hand 2.
    "open.txt": [FoundFinding("a.one", "1", None), FoundFinding("a.one", "2", None)],
    # Both gaps closed: a.two now comes, a.one on hand 2 no longer does.
    "closed.txt": [FoundFinding("a.two", "1", 4)],
    # One a.one finding: `expect a.one hand "1"` takes it, so the todo-not finds it gone.
    "shared.txt": [FoundFinding("a.one", "1", None)],
    "broken.txt": [FoundFinding("a.one", "3", 2)],
}


def _gap_report(tmp_path: Path, explain: Explainer | None = None
                ) -> testing.TestReport:
    rules = tmp_path / "t.rules"
    rules.write_text(GAPS, encoding="utf-8")
    for name in GAP_FINDINGS:
        (tmp_path / name).write_text("x", encoding="utf-8")
    return run_tests(load_ruleset(rules), lambda path, _: GAP_FINDINGS[path.name], explain)


def test_open_gaps_are_counted_apart_and_never_fail(tmp_path: Path) -> None:
    report = _gap_report(tmp_path)
    still = report.outcomes[0]
    assert still.passed and not still.missing and not still.unexpected and not still.closed
    assert [(e.rule_id, e.hand, e.gap) for e in still.todo] == [
        ("a.two", "1", "todo"), ("a.one", "2", "todo-not")]


def test_closed_gaps_fail_their_test_until_the_todo_is_removed(tmp_path: Path) -> None:
    closed = _gap_report(tmp_path).outcomes[1]
    assert not closed.passed and not closed.missing and not closed.unexpected
    assert closed.todo == []
    assert [(e.rule_id, e.gap) for e in closed.closed] == [("a.one", "todo-not"),
                                                          ("a.two", "todo")]


def test_plain_expectations_take_their_findings_before_the_gaps(tmp_path: Path) -> None:
    shared = _gap_report(tmp_path).outcomes[2]
    assert [(e.rule_id, e.gap) for e in shared.closed] == [("a.one", "todo-not")]
    assert not shared.passed and shared.todo == [] and shared.unexpected == []


def test_tallies_put_open_gaps_in_the_todo_column(tmp_path: Path) -> None:
    tallies = {rule: (t.true_positives, t.false_positives, t.false_negatives, t.todo)
               for rule, t in _gap_report(tmp_path).tallies.items()}
    # a.one: hand 1 found in open.txt and shared.txt (TP 2); in broken.txt hand 1 is missing
    # (FN) and hand 3 unexpected (FP); the todo-not on hand 2 is open once, closed twice.
    # a.two: its todo is open in open.txt and broken.txt, closed in closed.txt (now a TP).
    assert tallies == {"a.one": (2, 1, 1, 1), "a.two": (1, 0, 0, 2)}


def test_the_explainer_is_asked_about_each_missing_and_unexpected_finding_only(
    tmp_path: Path,
) -> None:
    asked: list[FoundFinding] = []

    def explain(path: Path, _: Ruleset, finding: FoundFinding) -> list[str]:
        asked.append(finding)
        return [f"{path.name}: why {finding.rule} on hand {finding.hand}"]

    report = _gap_report(tmp_path, explain)
    missing, extra = FoundFinding("a.one", "1", None), FoundFinding("a.one", "3", 2)
    assert asked == [missing, extra]
    broken = report.outcomes[3]
    assert broken.why == {missing: ("broken.txt: why a.one on hand 1",),
                          extra: ("broken.txt: why a.one on hand 3",)}
    assert all(o.why == {} for o in report.outcomes[:3])
