"""Issue 18: hostile rules files are refused at load, each with a located diagnostic.

Deep nesting, huge files, characters that hide or reorder text (bidirectional controls,
invisible and control characters, look-alike letters in names), names reserved to Python and
other attempts to reach Python. A file at the nesting limit still loads, compiles, formats and
judges hands (the limit protects every later stage, not only the parser).
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.codes import Code
from checker.dsl.diagnostics import RulesError
from checker.dsl.engine import compile_ruleset
from checker.dsl.formatter import format_rules
from checker.dsl.parser import parse_expression, parse_rules
from checker.dsl.ruleset import load_ruleset
from checker.dsl.text_guard import MAX_NESTING, MAX_RULES_BYTES, MAX_RULES_CHARS
from tests.conftest import REPO

HEAD = 'ruleset site "A site"\nclause 1 "Every hand is dealt."\n'
SAMPLE = REPO / "hand_histories" / "samples" / "ftp" / "FT900001.hands.txt"


def _rule(require: str, message: str = "m", rule_id: str = "deal.checked") -> str:
    return (f"rule {rule_id}\n  title \"t\"\n  cites 1\n  on hand\n  require {require}\n"
            f"  message \"{message}\"\n")


def _refused(tmp_path: Path, text: str) -> str:
    path = tmp_path / "site.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_ruleset(path)
    return str(caught.value)


def _at(tmp_path: Path, line: int, column: int, code: Code) -> str:
    return f"{(tmp_path / 'site.rules').as_posix()}:{line}:{column}: error[{code}]: "


def _on_line(tmp_path: Path, line: int, code: Code, text: str) -> bool:
    """Whether `text` has a diagnostic with `code` on `line`, at any column."""
    where = re.escape(f"{(tmp_path / 'site.rules').as_posix()}:{line}:")
    return re.search(where + r"\d+: " + re.escape(f"error[{code}]: "), text) is not None


# ------------------------------------------------------------------------------ nesting


@pytest.mark.parametrize("deep", [
    "not " * 5000 + "true",
    "1" + " + 1" * 5000 + " > 0",
    "(" * 3000 + "1 > 0" + ")" * 3000 + " and " + "[" * 200 + "1" + "]" * 200 + " != none",
    "len(" * 500 + "\"x\"" + ")" * 500 + " > 0",
])
def test_deep_nesting_is_refused_where_it_gets_too_deep(tmp_path: Path, deep: str) -> None:
    text = _refused(tmp_path, HEAD + _rule(deep))
    # On the `require` line, at whichever column the limit is passed.
    assert _on_line(tmp_path, 7, Code.TOO_DEEP, text), text
    assert "RecursionError" not in text


def test_deep_nesting_in_a_message_placeholder_is_refused(tmp_path: Path) -> None:
    placeholder = "{" + "not " * 5000 + "true}"
    text = _refused(tmp_path, HEAD + _rule("true", message=placeholder))
    assert _on_line(tmp_path, 8, Code.TOO_DEEP, text), text  # the `message` line


def _deepest_nots() -> int:
    """The most `not`s a `require` may stack: found against the limit, not assumed."""
    count = 1
    while True:
        try:
            parse_rules(HEAD + _rule("not " * (count + 1) + "true"), "probe.rules")
        except RulesError:
            return count
        count += 1


def test_a_rule_at_the_nesting_limit_loads_compiles_formats_and_judges(tmp_path: Path) -> None:
    count = _deepest_nots()
    assert count > MAX_NESTING // 2  # the limit is about nesting, not something else
    odd = count if count % 2 else count - 1  # `not` an odd number of times: always false
    path = tmp_path / "site.rules"
    path.write_text(HEAD + _rule("not " * odd + "true"), encoding="utf-8")
    rules = load_ruleset(path)
    compile_ruleset(rules)
    formatted = format_rules(rules.trees[path.as_posix()])
    assert formatted.count("not ") == odd
    result = audit([SAMPLE], ruleset_id(rules, path), rules)
    fired = [f for f in result.findings if f.rule == "deal.checked"]
    assert result.hands > 0
    assert len(fired) == result.hands - result.hands_rejected  # false on every hand


# --------------------------------------------------------------------------------- size


def test_a_file_larger_than_a_rules_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "site.rules"
    with path.open("w", encoding="utf-8") as out:
        out.write(HEAD)
        out.write("# " + "x" * (MAX_RULES_BYTES + 10) + "\n")
    with pytest.raises(RulesError) as caught:
        load_ruleset(path)
    assert f"{path.as_posix()}:1:1: error[{Code.TOO_LARGE}]: " in str(caught.value)


def test_more_characters_than_a_rules_file_holds_are_refused(tmp_path: Path) -> None:
    text = _refused(tmp_path, HEAD + "# " + "é" * MAX_RULES_CHARS + "\n")
    assert _at(tmp_path, 1, 1, Code.TOO_LARGE) in text
    assert f"at most {MAX_RULES_CHARS:,} are read" in text  # the limit is said


def test_a_diagnostic_on_a_huge_line_quotes_a_window_of_it(tmp_path: Path) -> None:
    require = "1" + " + 1" * 30000 + " > 0"
    text = _refused(tmp_path, HEAD + _rule(require))
    assert len(text) < 2000
    quoted, caret = text.splitlines()[1:3]
    assert quoted.strip().startswith("…") and quoted.endswith("…")
    assert caret.rstrip().endswith("^")


# --------------------------------------------------------------------------- characters


@pytest.mark.parametrize(("line", "column", "char", "where"), [
    (8, 15, "\u202e", "string"),  # RIGHT-TO-LEFT OVERRIDE in a message
    (8, 15, "\u2066", "string"),  # LEFT-TO-RIGHT ISOLATE
    (8, 15, "\u200b", "string"),  # ZERO WIDTH SPACE
    (8, 15, "\x00", "string"),
    (8, 15, "\x7f", "string"),
    (8, 15, "\x9b", "string"),  # a C1 control
    (3, 5, "\u202e", "comment"),
    (3, 5, "\u2067", "comment"),
])
def test_hiding_characters_are_refused_in_strings_and_comments(
    tmp_path: Path, line: int, column: int, char: str, where: str
) -> None:
    if where == "string":
        text = HEAD + _rule("true", message=f"abc{char}def")
    else:
        text = HEAD + f"# ab{char} ok\n" + _rule("true")
    refused = _refused(tmp_path, text)
    assert _at(tmp_path, line, column, Code.HIDDEN_CHARACTER) + f"U+{ord(char):04X}" in refused


@pytest.mark.parametrize(("rule_id", "char", "code"), [
    # KELVIN SIGN: matched by a case-insensitive [a-z]
    ("deal.chec\u212a", "\u212a", Code.NON_ASCII_NAME),
    # CYRILLIC SMALL LETTER ES, looks like 'c'
    ("deal.\u0441hecked", "\u0441", Code.NON_ASCII_NAME),
    ("deal.che\u200bcked", "\u200b", Code.HIDDEN_CHARACTER),
])
def test_look_alike_and_invisible_letters_in_names_are_refused_by_name(
    tmp_path: Path, rule_id: str, char: str, code: Code
) -> None:
    column = 5 + rule_id.index(char) + 1
    refused = _refused(tmp_path, HEAD + _rule("true", rule_id=rule_id))
    assert _at(tmp_path, 3, column, code) + f"U+{ord(char):04X}" in refused


def test_letters_of_every_script_stay_welcome_in_strings_and_comments(tmp_path: Path) -> None:
    path = tmp_path / "site.rules"
    path.write_text("\ufeff" + HEAD + "# Zürich, Kraków, Ελλάδα, 東京\n"
                    + _rule("true", message="Zürich — Kraków"), encoding="utf-8")
    assert "deal.checked" in load_ruleset(path).rules


# ------------------------------------------------------------------------ reaching Python


@pytest.mark.parametrize(("require", "column", "code"), [
    ("hand.__class__ == none", 16, Code.RESERVED_NAME),
    ("__import__(\"os\") == none", 11, Code.RESERVED_NAME),
    ("hand.__dict__ != none", 16, Code.RESERVED_NAME),
    ("eval(\"1 + 1\") == 2", 11, Code.UNKNOWN_FUNCTION),
    ("open(\"/etc/passwd\") == none", 11, Code.UNKNOWN_FUNCTION),
    ("getattr(hand, \"x\") == none", 11, Code.UNKNOWN_FUNCTION),
    ("hand.site.upper == none", 21, Code.NOT_A_FACT),
    ("\"x\".upper() == \"X\"", 20, Code.SYNTAX),
])
def test_attempts_to_reach_python_are_refused_where_they_stand(
    tmp_path: Path, require: str, column: int, code: Code
) -> None:
    refused = _refused(tmp_path, HEAD + _rule(require))
    assert _at(tmp_path, 7, column, code) in refused, refused


def test_a_reserved_name_in_a_let_a_parameter_or_a_placeholder_is_refused(
    tmp_path: Path,
) -> None:
    let = HEAD + _rule("__x").replace("  require", "  let __x = true\n  require")
    assert _at(tmp_path, 7, 7, Code.RESERVED_NAME) + "'__x'" in _refused(tmp_path, let)
    param = HEAD + "param __globals__.x: int = 1\n" + _rule("true")
    assert (_at(tmp_path, 3, 7, Code.RESERVED_NAME) + "'__globals__'"
            in _refused(tmp_path, param))
    placeholder = HEAD + _rule("true", message="{hand.__class__.__init__}")
    refused = _refused(tmp_path, placeholder)
    line = '  message "{hand.__class__.__init__}"'
    for name in ("__class__", "__init__"):
        column = line.index(name) + 1
        assert _at(tmp_path, 8, column, Code.RESERVED_NAME) + f"'{name}'" in refused


def test_a_placeholder_is_an_expression_never_a_python_format_field(tmp_path: Path) -> None:
    refused = _refused(tmp_path, HEAD + _rule("true", message="{0.__class__}"))
    assert f"error[{Code.RESERVED_NAME}]: '__class__'" in refused
    with pytest.raises(RulesError):
        parse_expression("hand.__class__")


def test_the_formatter_refuses_what_the_loader_refuses(tmp_path: Path) -> None:
    path = tmp_path / "site.rules"
    path.write_text(HEAD + _rule("true", message="ok\u202eevil"), encoding="utf-8")
    for command in (["check"], ["fmt", "--check"], ["fmt"]):
        done = subprocess.run(
            [sys.executable, "-m", "checker.cli", "rules", *command, str(path)],
            capture_output=True, text=True, cwd=REPO, check=False)
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert f"error[{Code.HIDDEN_CHARACTER}]: U+202E RIGHT-TO-LEFT OVERRIDE" in done.stderr
        assert "Traceback" not in done.stderr
