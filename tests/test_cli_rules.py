"""`feltcheck rules check | fmt | lint | test | coverage`: output and exit codes."""

from pathlib import Path

import pytest

from checker.cli import main
from tests.conftest import REPO

RULES_DIR = REPO / "rules"
SHIPPED = sorted(RULES_DIR.glob("*.rules"))


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["rules", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_rule_sets_check_are_canonical_and_lint_clean(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(capsys, "check", str(path))
    assert code == 0 and "is valid" in out
    assert _run(capsys, "fmt", "--check", str(path))[0] == 0
    code, out, _ = _run(capsys, "lint", str(path))
    assert (code, out.strip()) == (0, "0 warning(s)")


def test_coverage_lists_every_clause_of_fulltilt(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "coverage", str(RULES_DIR / "fulltilt.rules"))
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines()[:-2] if line.strip()]
    expected = [str(n) for n in range(1, 32)] + [f"31.{n}" for n in range(1, 8)]
    expected += [str(n) for n in range(32, 37)]
    assert listed == expected
    assert "MISSING" not in out
    assert out.splitlines()[-1] == "43 of 43 clauses accounted for"
    assert " 33  not machine-checkable: " in out


def test_coverage_names_a_missing_clause(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "gap.rules"
    rules.write_text('ruleset gap "Gap"\nclause 1 "One."\nclause 2 "Two."\n'
                     'rule a.b\n  cites 1\n  on hand\n  require true\n', encoding="utf-8")
    code, out, _ = _run(capsys, "coverage", str(rules))
    assert code == 1
    assert "2  MISSING: no rule cites this clause" in out


def test_check_reports_a_type_error_with_a_caret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "bad.rules"
    rules.write_text('ruleset bad "Bad"\nclause 1 "One."\nrule a.b\n  cites 1\n  on hand\n'
                     '  require hand.big_blnd == 2\n', encoding="utf-8")
    code, _, err = _run(capsys, "check", str(rules))
    assert code == 2
    assert f"{rules.as_posix()}:6:16: error[unknown-field]: " in err
    assert "^" in err and "did you mean 'big_blind'?" in err


def test_fmt_prints_canonical_text_and_write_rewrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "messy.rules"
    rules.write_text('ruleset   m "M"\nclause 1 "One."   # first\nrule a.b\n  require (true)\n'
                     '  on hand\n  cites 1\n', encoding="utf-8")
    canonical = ('ruleset m "M"\n\nclause 1 "One."  # first\n\nrule a.b\n  cites 1\n'
                 '  on hand\n  require true\n')
    code, out, _ = _run(capsys, "fmt", str(rules))
    assert (code, out) == (0, canonical)
    assert _run(capsys, "fmt", "--check", str(rules))[0] == 1
    assert _run(capsys, "fmt", "--write", str(rules))[0] == 0
    assert rules.read_text(encoding="utf-8") == canonical


def test_lint_warns_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "lint.rules"
    rules.write_text('ruleset l "L"\nclause 1 "One."\nrule a.b\n  cites 1\n  on hand\n'
                     '  require true\n', encoding="utf-8")
    code, out, _ = _run(capsys, "lint", str(rules))
    assert code == 1
    assert f"{rules.as_posix()}:3:1: warning[lint/no-title]: " in out


def test_lint_counts_the_parameters_the_collusion_engine_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # No rule reads either: the clause-28 aggregation reads collusion.min_occasions itself.
    rules = tmp_path / "params.rules"
    rules.write_text('ruleset p "P"\nclause 1 "One."\nparam collusion.min_occasions: int = 20\n'
                     'param collusion.unread: int = 3\nrule a.b\n  title "T"\n  cites 1\n'
                     '  severity info\n  on hand\n  require hand.hand_id != ""\n  message "m"\n',
                     encoding="utf-8")
    code, out, _ = _run(capsys, "lint", str(rules))
    assert code == 1
    assert [line.split(" ", 2)[:2] for line in out.splitlines() if ": warning[" in line] == [
        [f"{rules.as_posix()}:4:7:", "warning[lint/unused-param]:"]]


def test_rules_test_reports_a_missing_input_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "t.rules"
    rules.write_text('ruleset t "T"\nclause 1 "One."\nrule a.b\n  cites 1\n  on hand\n'
                     '  require true\ntest "clean" input "clean.txt"\n  expect none\n'
                     'test "gone" input "gone.txt"\n  expect none\n', encoding="utf-8")
    sample = REPO / "hand_histories" / "handwritten" / "sng-900000-table1.txt"
    (tmp_path / "clean.txt").write_bytes(sample.read_bytes())
    code, out, _ = _run(capsys, "test", str(rules))
    assert code == 1
    assert "PASS  clean" in out
    assert "FAIL  gone" in out and "gone.txt does not exist" in out
    assert out.splitlines()[-1] == "1 of 2 tests passed"
