"""Issue 19: every rules diagnostic carries a stable code from one registry
(checker/dsl/codes.py). Every code is used by the source and registered; a diagnostic with an
unregistered code cannot be built; docs/rules-language.md has a row per code, and each row's
example gives its code: a rules line is added to a small valid file and loaded (or linted),
the others are built here."""

import ast as pyast
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.dsl.ast import Span
from checker.dsl.codes import MEANINGS, REGISTERED, Code
from checker.dsl.diagnostics import Diagnostic, RulesError, SourceText
from checker.dsl.lint import lint_rules
from checker.dsl.parser import parse_rules
from checker.dsl.ruleset import load_ruleset
from checker.dsl.text_guard import MAX_NESTING, MAX_RULES_CHARS
from tests.conftest import REPO

PACKAGE = REPO / "checker"
DOC = REPO / "docs" / "rules-language.md"

# ---------------------------------------------------------------- the registry


def test_every_code_has_a_meaning_and_a_kebab_case_name() -> None:
    assert list(MEANINGS) == list(Code)  # in the registry's order, each once
    assert {code.value for code in Code} == REGISTERED
    for code in Code:
        assert re.fullmatch(r"(lint/)?[a-z0-9]+(-[a-z0-9]+)*", code), code
        # The member is named after its code: lint/unused-let is LINT_UNUSED_LET.
        assert code.name == code.replace("/", "_").replace("-", "_").upper(), code
        meaning = MEANINGS[code]
        assert meaning and "\n" not in meaning and "|" not in meaning, code


def _code_uses() -> tuple[set[str], list[str]]:
    """The members of Code the package's source names (checker/dsl/codes.py aside), and each
    `code=` argument given as a literal instead (where: file:line)."""
    used: set[str] = set()
    literal: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == PACKAGE / "dsl" / "codes.py":
            continue
        tree = pyast.parse(path.read_text(encoding="utf-8"))
        for node in pyast.walk(tree):
            if (isinstance(node, pyast.Attribute) and isinstance(node.value, pyast.Name)
                    and node.value.id == "Code"):
                used.add(node.attr)
            if isinstance(node, pyast.keyword) and node.arg == "code" and isinstance(
                    node.value, pyast.Constant):
                literal.append(f"{path.relative_to(REPO)}:{node.value.lineno}")
    return used, literal


def test_every_code_is_used_by_the_source_and_every_code_used_is_registered() -> None:
    used, literal = _code_uses()
    assert sorted(used - set(Code.__members__)) == []  # mypy finds these too
    assert sorted(set(Code.__members__) - used) == []  # registered but never given
    assert literal == []  # codes are named by their member, so the scan sees every use


def test_a_diagnostic_with_an_unregistered_code_cannot_be_built() -> None:
    span = Span(1, 1, 1, 2)
    with pytest.raises(ValueError, match=r"not in checker/dsl/codes\.py"):
        Diagnostic("x.rules", span, "m", code="no-such-code")
    with pytest.raises(ValueError):
        SourceText("x.rules", "").diagnostic(span, "m", code="unknown field")
    with pytest.raises(ValueError, match="not a code of warnings"):
        Diagnostic("x.rules", span, "m", level="warning", code="unknown-field")
    with pytest.raises(ValueError, match="not a code of errors"):
        Diagnostic("x.rules", span, "m", code="lint/unused-let")
    built = Diagnostic("x.rules", span, "m", code="unknown-field")
    assert built.code == Code.UNKNOWN_FIELD
    assert built.render() == "x.rules:1:1: error[unknown-field]: m"


# ---------------------------------------------------------------- the docs' table

_ROW = re.compile(r"^\| `([^`]+)` \| (.+?) \| (.+?) \| (.+?) \|$")


def _table() -> list[tuple[str, str, str, str]]:
    """The rows (code, meaning, example, fix) of the docs' "Errors and warnings" table."""
    section = DOC.read_text(encoding="utf-8").split("\n## Errors and warnings\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    parsed = [_ROW.match(line) for line in rows]
    assert all(parsed), [row for row, match in zip(rows, parsed, strict=True) if not match]
    return [match.groups() for match in parsed if match]  # type: ignore[misc]


def test_the_docs_table_lists_exactly_the_registry_with_its_meanings() -> None:
    rows = _table()
    assert [code for code, *_ in rows] == [code.value for code in Code]
    for code, meaning, example, fix in rows:
        assert meaning == MEANINGS[Code(code)], code
        assert example.strip() and fix.strip(), code


# A valid, lint-clean file; an example line is added to it: a rule part replaces that part of
# the rule (or joins it), anything else is a declaration of its own at the end.
TEMPLATE = """\
ruleset site "A site"
clause 1 "Every hand is dealt."
clause 2 "Management decisions are final."
clause 3 "Disputes are settled by the floor."
unchecked 2 "decisions are not recorded"
param limit.cap: int = 4
test "dealt" input "dealt.txt"
  expect none
rule deal.checked
  title "Every hand is dealt"
  cites 1
  severity error
  on hand
  require param.limit.cap > 0
  message "cap {param.limit.cap}"
"""
_RULE_PARTS = ("title", "cites", "severity", "on", "applies", "let", "when", "require", "at",
               "message")


def _with(example: str) -> tuple[str, int]:
    """TEMPLATE with the example line in it, and the example's line number."""
    lines = TEMPLATE.splitlines()
    word = example.split()[0]
    if word in _RULE_PARTS:
        rule = lines.index("rule deal.checked")
        for number, line in enumerate(lines[rule:], start=rule):
            if line.startswith(f"  {word} "):
                lines[number] = f"  {example}"
                return "\n".join(lines) + "\n", number + 1
        lines.append(f"  {example}")
    else:
        lines.append(example)
    return "\n".join(lines) + "\n", len(lines)


def _loaded(tmp_path: Path, text: str) -> list[Diagnostic]:
    """The loader's errors."""
    path = tmp_path / "site.rules"
    path.write_text(text, encoding="utf-8")
    try:
        load_ruleset(path)
    except RulesError as exc:
        return exc.diagnostics
    return []


def _linted(text: str) -> list[Diagnostic]:
    return lint_rules(parse_rules(text, "site.rules"), SourceText("site.rules", text))


def test_the_template_loads_and_is_lint_clean(tmp_path: Path) -> None:
    assert _loaded(tmp_path, TEMPLATE) == []
    assert _linted(TEMPLATE) == []


def _examples() -> list[tuple[str, str]]:
    """(code, rules line) for each row whose example starts in code type."""
    found = []
    for code, _, example, _ in _table():
        match = re.match(r"`([^`]+)`", example)
        if match:
            found.append((code, match.group(1)))
    return found


@pytest.mark.parametrize(("code", "example"), _examples(), ids=lambda v: str(v))
def test_each_example_gives_its_code_on_its_line(tmp_path: Path, code: str, example: str
                                                 ) -> None:
    text, line = _with(example)
    lint = code.startswith("lint/")
    found = _linted(text) if lint else _loaded(tmp_path, text)
    level = "warning" if lint else "error"
    assert (code, line, level) in {(d.code, d.span.line, d.level) for d in found}, (
        [d.render() for d in found])


def _file(tmp_path: Path, text: str | bytes, name: str = "site.rules") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _rule_without(part: str) -> str:
    return "\n".join(line for line in TEMPLATE.splitlines()
                     if not line.startswith(f"  {part} ")) + "\n"


# The rows whose example describes the file: each built here.
_DESCRIBED: dict[str, Callable[[Path], Path | str]] = {
    "unreadable": lambda tmp_path: tmp_path,  # a folder
    "not-utf8": lambda tmp_path: _file(tmp_path, 'ruleset l "Caf\xe9"\n'.encode("latin-1")),
    "too-large": lambda tmp_path: _file(tmp_path, TEMPLATE + "#" * MAX_RULES_CHARS + "\n"),
    "hidden-character": lambda tmp_path: _file(
        tmp_path, TEMPLATE.replace('"cap {', '"cap \u202e{')),
    "too-deep": lambda tmp_path: _file(tmp_path, TEMPLATE.replace(
        "require param", "require " + "not " * (MAX_NESTING + 1) + "param")),
    "missing-header": lambda tmp_path: _file(tmp_path, 'clause 1 "Every hand is dealt."\n'),
    "extends-cycle": lambda tmp_path: (
        _file(tmp_path, 'ruleset a "A"\nextends "b.rules"\n', "a.rules"),
        _file(tmp_path, 'ruleset b "B"\nextends "a.rules"\n', "b.rules"))[0],
    "lint/no-title": lambda tmp_path: _rule_without("title"),
    "lint/no-message": lambda tmp_path: _rule_without("message"),
    "lint/no-severity": lambda tmp_path: _rule_without("severity"),
}


def test_the_described_examples_are_the_rows_without_a_rules_line() -> None:
    examples = {code for code, _ in _examples()}
    assert sorted(code for code, *_ in _table() if code not in examples) == sorted(_DESCRIBED)


@pytest.mark.parametrize("code", sorted(_DESCRIBED))
def test_each_described_example_gives_its_code(tmp_path: Path, code: str) -> None:
    made = _DESCRIBED[code](tmp_path)
    if isinstance(made, str):  # rules text, linted
        found = _linted(made)
    else:
        with pytest.raises(RulesError) as caught:
            load_ruleset(made)
        found = caught.value.diagnostics
    assert code in {d.code for d in found}, [d.render() for d in found]
