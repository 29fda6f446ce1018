"""The bundled rule sets: `--rules NAME|FILE`, `extends "NAME"`, `rules list`, and the rules
commands on several files (checker/rules_arg.py, checker/rulesets, checker/rules_cli.py)."""

import re
from pathlib import Path
from typing import Any

import pytest

import checker.cli
from checker import rulesets
from checker.audit.partition import audit_planned
from checker.audit.ruleset import RulesetId
from checker.audit.run import AuditResult
from checker.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, build_parser, main
from checker.dsl.diagnostics import RulesError
from checker.dsl.ruleset import load_ruleset
from checker.rules_arg import rules_argument
from checker.rules_cli import EXIT_FAILED
from tests.conftest import REPO

RULES = REPO / "rules"
PLANTED = REPO / "hand_histories" / "fixtures" / "min-raise.planted.txt"
TWIN = REPO / "hand_histories" / "fixtures" / "min-raise.twin.txt"
# A site's own rules file, anywhere, built on a bundled set; its tests read files beside it.
SITE = '''# Our site: the Full Tilt rules with deeper stacks.
ruleset site "Our site"
extends "{parent}"

override param tournament.starting_stack = 3000

test "24: a raise below the previous full raise" input "planted.txt"
  expect betting.min-raise hand "910100001" action 3

test "24: a full re-raise is clean" input "twin.txt"
  expect none
'''


def _site(folder: Path, parent: str = "fulltilt") -> Path:
    (folder / "planted.txt").write_bytes(PLANTED.read_bytes())
    (folder / "twin.txt").write_bytes(TWIN.read_bytes())
    path = folder / "site.rules"
    path.write_text(SITE.format(parent=parent), encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_bundled_sets_are_the_repository_files_and_not_the_fixtures() -> None:
    assert rulesets.NAMES == ("fulltilt", "pokerstars", "tda2024")
    for name in rulesets.NAMES:
        bundled = rulesets.bundled_file(name)
        assert bundled is not None
        assert bundled.read_bytes() == (RULES / f"{name}.rules").read_bytes()
    assert rulesets.bundled_file("fulltilt-fixtures") is None
    assert rulesets.bundled_file("fulltilt.rules") is None


def test_a_file_wins_over_a_bundled_name_but_never_over_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert rules_argument("fulltilt").bundled
    (tmp_path / "fulltilt").write_text('ruleset mine "Mine"\n', encoding="utf-8")
    mine = rules_argument("fulltilt")
    assert (mine.bundled, mine.path, mine.label) == (False, Path("fulltilt"), "fulltilt")
    for command in (["audit", "x"], ["collusion", "x"], ["refund", "x"],
                    ["explain", "x", "--hand", "1"]):
        default = build_parser().parse_args(command).rules
        assert default.bundled and default.label == "fulltilt", command


@pytest.mark.parametrize(("value", "expected"), [
    ("fulltit", "fulltit: no such file, and no bundled rule set of that name "
                "(fulltilt, pokerstars, tda2024); did you mean 'fulltilt'?"),
    ("rules/tda2024.rules", "no bundled rule set of that name (fulltilt, pokerstars, "
                            "tda2024); did you mean 'tda2024'?"),
    ("folder", "folder: a folder, not a rules file (bundled rule sets: fulltilt, "
               "pokerstars, tda2024)"),
])
def test_neither_a_file_nor_a_bundled_name_is_a_usage_error(
    value: str, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    for argv in (["audit", str(PLANTED), "--rules", value], ["rules", "check", value]):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == EXIT_USAGE
        assert expected in capsys.readouterr().err


def test_a_bundled_set_is_named_by_its_name_and_reports_match_the_repository_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[RulesetId] = []

    def spy(paths: Any, ruleset: RulesetId, *rest: Any, **named: Any) -> AuditResult:
        seen.append(ruleset)
        return audit_planned(paths, ruleset, *rest, **named)

    monkeypatch.setattr(checker.cli, "audit_planned", spy)
    monkeypatch.chdir(tmp_path)
    reports: list[bytes] = []
    for rules in ("fulltilt", str(RULES / "fulltilt.rules")):
        out = tmp_path / f"{len(reports)}.json"
        code = main(["audit", str(PLANTED), "--rules", rules, "--format", "json",
                     "--output", str(out)])
        assert code == EXIT_FINDINGS
        reports.append(out.read_bytes())
    assert reports[0] == reports[1]
    assert [r.path for r in seen] == ["fulltilt", (RULES / "fulltilt.rules").as_posix()]
    assert seen[0].sha256 == seen[1].sha256


def test_extends_a_bundled_name_from_anywhere(tmp_path: Path) -> None:
    site = load_ruleset(_site(tmp_path))
    fulltilt = load_ruleset(RULES / "fulltilt.rules")
    assert site.files == ["<bundled>/fulltilt.rules", (tmp_path / "site.rules").as_posix()]
    assert set(site.rules) == set(fulltilt.rules)
    # A bundled set's own relative `extends "fulltilt.rules"` stays in the bundle.
    on_tda = load_ruleset(_site(tmp_path, parent="tda2024"))
    assert on_tda.files[:2] == ["<bundled>/fulltilt.rules", "<bundled>/tda2024.rules"]


def test_a_file_beside_wins_over_a_bundled_name_in_extends(tmp_path: Path) -> None:
    (tmp_path / "fulltilt").write_text('ruleset local "Local"\nclause 1 "One."\n',
                                       encoding="utf-8")
    (tmp_path / "site.rules").write_text('ruleset site "S"\nextends "fulltilt"\n',
                                         encoding="utf-8")
    site = load_ruleset(tmp_path / "site.rules")
    assert list(site.clauses) == ["1"] and not site.rules


def test_extends_neither_a_file_nor_a_bundled_name_is_located(tmp_path: Path) -> None:
    path = tmp_path / "site.rules"
    path.write_text('ruleset site "S"\n\nextends "fulltlt"\n', encoding="utf-8")
    with pytest.raises(RulesError) as error:
        load_ruleset(path)
    message = str(error.value)
    assert message.startswith(f"{path.as_posix()}:3:1: error[extends-missing]: ")
    assert "(fulltilt, pokerstars, tda2024)" in message  # the bundled sets are named
    assert "did you mean 'fulltilt'?" in message


def test_an_inherited_declaration_is_located_in_the_bundle(tmp_path: Path) -> None:
    path = tmp_path / "site.rules"
    path.write_text('ruleset site "S"\nextends "fulltilt"\n'
                    'param tournament.starting_stack: chips = 3000\n', encoding="utf-8")
    with pytest.raises(RulesError) as error:
        load_ruleset(path)
    assert [(d.code, d.span.line) for d in error.value.diagnostics] == [("duplicate-param", 3)]
    assert re.search(r"at <bundled>/fulltilt\.rules:\d+:1", str(error.value))
    assert str(REPO) not in str(error.value)


def test_rules_commands_on_a_site_file_that_extends_a_bundled_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    _site(tmp_path)
    code, out, _ = _run(capsys, "rules", "check", "site.rules")
    assert (code, out) == (EXIT_OK, "site.rules: rule set 'site' is valid: 97 rules, "
                                    "46 parameters, 43 clauses\n")
    assert _run(capsys, "rules", "fmt", "--check", "site.rules")[0] == EXIT_OK
    assert _run(capsys, "rules", "lint", "site.rules")[:2] == (EXIT_OK, "0 warning(s)\n")
    code, out, _ = _run(capsys, "rules", "test", "site.rules")
    assert code == EXIT_OK and out.splitlines()[-1] == "2 of 2 tests passed"
    code, out, _ = _run(capsys, "rules", "coverage", "site.rules")
    assert code == EXIT_OK and out.splitlines()[-1] == "43 of 43 clauses accounted for"


def test_rules_list_names_each_bundled_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "rules", "list")
    assert code == EXIT_OK
    header, *rows = out.splitlines()
    assert header.split() == ["name", "rules", "extends", "title"]
    listed = {row.split()[0]: row.split(maxsplit=3)[1:] for row in rows}
    assert list(listed) == ["fulltilt", "pokerstars", "tda2024"]
    for name, (count, parent, title) in listed.items():
        text = (RULES / f"{name}.rules").read_text(encoding="utf-8")
        header_line = re.search(r'^ruleset \w+ "(.*)"$', text, re.MULTILINE)
        assert header_line is not None and title == header_line.group(1)
        extends = re.search(r'^extends "(\w+)\.rules"$', text, re.MULTILINE)
        assert parent == (extends.group(1) if extends else "-")
        assert int(count) == len(load_ruleset(RULES / f"{name}.rules").rules)
    # fulltilt extends nothing and disables nothing: its count is its `rule` lines.
    own = len(re.findall(r"^rule ", (RULES / "fulltilt.rules").read_text(encoding="utf-8"),
                         re.MULTILINE))
    assert int(listed["fulltilt"][0]) == own


def test_check_and_fmt_take_several_files_and_exit_with_the_worst(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    messy = tmp_path / "messy.rules"
    messy.write_text('ruleset   m "M"\nclause 1 "One."\n', encoding="utf-8")
    broken = tmp_path / "broken.rules"
    broken.write_text('ruleset b "B"\nparam x: int =\n', encoding="utf-8")
    good = [str(RULES / "tda2024.rules"), "pokerstars"]
    code, out, _ = _run(capsys, "rules", "check", *good)
    assert code == EXIT_OK and out.count(" is valid: ") == 2
    code, _, err = _run(capsys, "rules", "check", *good, "broken.rules")
    assert code == EXIT_USAGE and "broken.rules:2:14: error[syntax]: " in err
    assert _run(capsys, "rules", "fmt", "--check", *good)[0] == EXIT_OK
    code, out, _ = _run(capsys, "rules", "fmt", "--check", *good, "messy.rules")
    assert (code, out) == (EXIT_FAILED, "messy.rules: not in canonical form (run "
                                            "`feltcheck rules fmt --write messy.rules`)\n")
    code, _, err = _run(capsys, "rules", "fmt", *good)
    assert code == EXIT_USAGE and "give --check or --write" in err
    (tmp_path / "latin1.rules").write_bytes('ruleset l "Caf\xe9"\n'.encode("latin-1"))
    code, _, err = _run(capsys, "rules", "fmt", "--check", *good, "latin1.rules")
    assert code == EXIT_USAGE and "latin1.rules:1:15: error[not-utf8]: " in err


def test_a_bundled_set_is_not_rewritten(capsys: pytest.CaptureFixture[str]) -> None:
    before = (RULES / "tda2024.rules").read_bytes()
    code, _, err = _run(capsys, "rules", "fmt", "--write", "tda2024")
    assert code == EXIT_USAGE and "a bundled rule set is not rewritten" in err
    assert (RULES / "tda2024.rules").read_bytes() == before
