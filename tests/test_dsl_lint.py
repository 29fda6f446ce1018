"""`feltcheck rules lint`: each warning, where it points (line:column), its code, its hint."""

from pathlib import Path

import pytest

from checker.dsl.codes import Code
from checker.dsl.diagnostics import Diagnostic, SourceText
from checker.dsl.lint import lint_rules
from checker.dsl.parser import parse_rules


def lint(text: str) -> list[Diagnostic]:
    return lint_rules(parse_rules(text, "lint.rules"), SourceText("lint.rules", text))


def where(text: str) -> list[tuple[int, int, str]]:
    return [(d.span.line, d.span.column, d.code) for d in lint(text)]


def spans(found: list[Diagnostic]) -> list[tuple[int, int, int, str]]:
    return [(d.span.line, d.span.column, d.span.end_column, d.code) for d in found]


# A rule with every part, reading its parameter: nothing to say.
CLEAN = """\
ruleset demo "Demo"
clause 24 "No reopening after a short all-in"
unchecked 36 "management decisions are not recorded"
param limit.max_bets: int = 4

rule betting.max-bets
  title "At most four bets a round"
  cites 24
  severity error
  on action
  let bets = street.bets
  when action.is_raise
  require bets < param.limit.max_bets and all(b in street.raises: b.amount > 0)
  message "{bets} bets"

test "four bets" input "four.hh"
  expect betting.max-bets hand "1" action 9
test "clean" input "clean.hh"
  expect none
"""


def test_a_tidy_file_gets_no_warning() -> None:
    assert lint(CLEAN) == []


def test_missing_title_message_and_severity() -> None:
    text = 'ruleset demo "Demo"\n\n  override rule betting.cap\n  require action.ok\n'
    found = lint(text)
    assert spans(found) == [
        (3, 3, 28, Code.LINT_NO_MESSAGE),
        (3, 3, 28, Code.LINT_NO_SEVERITY),
        (3, 3, 28, Code.LINT_NO_TITLE),
    ]
    assert all(d.level == "warning" for d in found)
    assert "severity error" in (found[1].hint or "")
    assert "title" in (found[2].hint or "")
    assert found[2].render().splitlines() == [
        "lint.rules:3:3: warning[lint/no-title]: rule betting.cap has no title",
        "      override rule betting.cap",
        "      " + "^" * len("override rule betting.cap"),
        '    add `title "..."`: reports and `feltcheck explain` show it',
    ]


RULE_HEAD = 'rule a.b\n  title "T"\n  severity info\n  message "m"\n'


@pytest.mark.parametrize(("part", "column", "code"), [
    ("when true", 8, Code.LINT_CONSTANT_WHEN),
    ("when 1 == 1", 8, Code.LINT_CONSTANT_WHEN),
    ("require not (false or $5 > 3)", 11, Code.LINT_CONSTANT_REQUIRE),
    ("let k = 2 * 3\n  require k in [6, 7]", 11, Code.LINT_CONSTANT_REQUIRE),
    ("require any(x in [1, 2]: true)", 11, Code.LINT_CONSTANT_REQUIRE),
    ("require all(x in {1, 2}: x > 0)", 11, Code.LINT_CONSTANT_REQUIRE),
])
def test_constant_conditions(part: str, column: int, code: Code) -> None:
    text = RULE_HEAD + f"  {part}\n"
    line = text.count("\n")
    assert where(text) == [(line, column, code)]


def test_a_constant_condition_is_quoted_in_canonical_form() -> None:
    (found,) = lint(RULE_HEAD + "  require not (false  or $5.00 > 3)\n")
    assert found.message.startswith("`require not (false or $5 > 3)` ")


@pytest.mark.parametrize("part", [
    "when action.is_raise",
    "require param.limit.cap > 0",
    "require count(p in players: p.all_in) == 0",
    "require all(x in players: x > 0)",
    "require any(x in players: true)",  # players may be empty
    "require size([1]) == 1",  # a built-in may read the event
    "let k = action.amount\n  require k > 0",
    "let k = 1\n  let k = action.amount\n  require k > 0",  # rebound to a fact
])
def test_conditions_that_depend_on_the_event_are_not_constant(part: str) -> None:
    constant = (Code.LINT_CONSTANT_WHEN, Code.LINT_CONSTANT_REQUIRE)
    assert [w for w in where(RULE_HEAD + f"  {part}\n") if w[2] in constant] == []


def test_unused_let() -> None:
    text = RULE_HEAD + (
        "  let unused = 1\n"
        "  let   via_let = 2\n"
        "  let total = via_let + 1\n"
        "  let shadowed = 3\n"
        "  require all(shadowed in xs: shadowed > 0)\n"
        '  let shown = 4  when total > action.amount\n'
    )
    found = lint(text)
    assert spans(found) == [
        (5, 7, 13, Code.LINT_UNUSED_LET),
        (8, 7, 15, Code.LINT_UNUSED_LET),
        (10, 7, 12, Code.LINT_UNUSED_LET),
    ]
    assert "remove it" in (found[0].hint or "")


def test_a_let_read_only_by_the_message_is_used() -> None:
    text = 'rule a.b\n  title "T"\n  severity info\n  let n = 1\n  message "n is {n}"\n'
    assert lint(text) == []


def test_unread_parameter() -> None:
    text = (
        "param limit.max_bets: int = 4\n"
        "param limit.cap: money = $50\n"
        "param   payouts: list[percent] = [50%, 30%, 20%]\n"
        "param other.unread: int = 3\n"
        "override param other.set = 1\n"
        "\n"
        'rule a.b\n  title "T"\n  severity info\n  message "m"\n'
        "  require action.amount <= param.limit.cap and param.payouts.first > 0\n"
    )
    found = lint(text)
    assert spans(found) == [
        (1, 7, 21, Code.LINT_UNUSED_PARAM),
        (4, 7, 19, Code.LINT_UNUSED_PARAM),
    ]
    assert "extends this file" in (found[0].hint or "")


def test_a_parameter_the_engine_reads_is_read() -> None:
    """The caller names the parameters the engine reads outside the rules (the clause-28
    aggregation's): those do not warn; one read by neither a rule nor the engine still does."""
    text = (
        "param collusion.min_occasions: int = 20\n"
        "param collusion.unread: int = 3\n"
        "param engine: int = 1\n"
        'rule a.b\n  title "T"\n  severity info\n  message "m"\n  require action.ok\n'
    )
    engine = frozenset({"collusion.min_occasions", "engine", "not.declared"})
    found = lint_rules(parse_rules(text, "lint.rules"), SourceText("lint.rules", text), engine)
    assert [(d.span.line, d.code) for d in found] == [(2, Code.LINT_UNUSED_PARAM)]
    # Without the caller's names the same file warns on all three.
    assert [d.span.line for d in lint(text)] == [1, 2, 3]


def test_citing_an_unchecked_clause() -> None:
    text = (
        'unchecked 33 "rule changes are announced, not recorded"\n'
        'rule a.b\n  title "T"\n  severity info\n  message "m"\n'
        "  cites 24,   33\n  require x\n"
    )
    found = lint(text)
    assert spans(found) == [(6, 15, 17, Code.LINT_CITES_UNCHECKED)]
    assert "unchecked 33" in (found[0].hint or "")


def test_unchecked_without_a_reason() -> None:
    text = (
        'unchecked 33 ""  # see "x"\nunchecked  36   "  \\n "\nunchecked 35 "kept"\n'
        'unchecked\n  34\n  " "\n'
    )
    found = lint(text)
    assert spans(found) == [
        (1, 14, 16, Code.LINT_EMPTY_REASON),
        (2, 17, 24, Code.LINT_EMPTY_REASON),
        (6, 3, 6, Code.LINT_EMPTY_REASON),
    ]
    assert "say why" in (found[0].hint or "")


@pytest.mark.parametrize(("rule_id", "hint"), [
    ("betting.min_raise", "write it as betting.min-raise"),
    ("hand_history.seat-order", "write it as handhistory.seat-order"),
    ("betting.min--raise", "write it as betting.min-raise"),
    ("betting.cap-", "write it as betting.cap"),
    ("x.a_-_b.c_", "write it as x.a-b.c"),
])
def test_rule_id_style(rule_id: str, hint: str) -> None:
    text = f'rule   {rule_id}\n  title "T"\n  severity info\n  message "m"\n  require x\n'
    found = lint(text)
    assert spans(found) == [(1, 8, 8 + len(rule_id), Code.LINT_RULE_ID_STYLE)]
    assert found[0].hint == hint


@pytest.mark.parametrize("rule_id", ["betting.min-raise", "a.b.c", "g2.x1-2"])
def test_rule_ids_in_style(rule_id: str) -> None:
    text = f'rule {rule_id}\n  title "T"\n  severity info\n  message "m"\n  require x\n'
    assert lint(text) == []


def test_an_override_keeps_the_inherited_id() -> None:
    text = 'override rule betting.min_raise\n  title "T"\n  severity info\n  message "m"\n'
    assert lint(text) == []


def test_duplicate_test_names() -> None:
    text = (
        'test "cap" input "a.hh"\n'
        'test "other" input "b.hh"\n'
        '\n'
        'test   "cap" input "c.hh"\n  expect none\n'
        'test "cap" input "d.hh"\n'
        'test  "cap" input "e.hh"\n'
    )
    found = lint(text)
    # The string ends at an even and at an odd column: the span's end is counted, not rounded.
    assert spans(found) == [
        (4, 8, 13, Code.LINT_DUPLICATE_TEST),
        (6, 6, 11, Code.LINT_DUPLICATE_TEST),
        (7, 7, 12, Code.LINT_DUPLICATE_TEST),
    ]
    assert "at line 1" in found[0].message  # the test whose name it repeats
    assert "its own name" in (found[0].hint or "")


def test_warnings_come_in_source_order() -> None:
    text = 'unchecked 2 ""\nrule a.b\n  require true\n'
    assert [(line, column) for line, column, _ in where(text)] == [
        (1, 13), (2, 1), (2, 1), (2, 1), (3, 11),
    ]


def test_the_reference_example_gets_no_warning() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "rules-language.md").read_text()
    example = doc.split("```\n", 2)[1]
    assert example.startswith("ruleset demo")
    assert lint(example) == []


def test_contradicting_expectations_of_one_test() -> None:
    text = (
        'test "t" input "a.hh"\n'
        '  expect none\n'
        '  expect todo-not a.b hand "1"\n'  # consistent: gives a.b today, should give nothing
        '  expect todo a.c\n'
        '  expect a.b hand "1"\n'
        'test "u" input "b.hh"\n'
        '  expect todo a.d action 3\n'
        '  expect todo-not a.d action 3\n'
        '  expect a.d action 4\n'
    )
    found = lint(text)
    assert where(text) == [(line, 3, Code.LINT_CONFLICTING_EXPECTS) for line in (4, 5, 5, 8)]
    # Each names the two expectations that cannot both hold.
    assert [d.message.split(" contradicts ")[1].split(" at line ")[0] for d in found] == [
        "the `expect none`", '`expect todo-not a.b hand "1"`', "the `expect none`",
        "`expect todo a.d action 3`"]
    assert "`expect todo-not a.c`" in (found[0].hint or "")


def test_names_written_on_the_line_after_their_keyword_are_located() -> None:
    # The old search looked for the name on the keyword's line and fell back to the whole
    # declaration; the parser's own spans of the names point at them wherever they stand.
    text = (
        "param\n  limit.unread: int = 1\n"
        'rule\n  betting.min_raise\n  title "T"\n  severity info\n  message "m"\n'
        "  let\n    unused = 1\n  require x\n"
        'test "cap" input "a.hh"\n  expect none\ntest\n  "cap" input "b.hh"\n  expect none\n'
    )
    assert spans(lint(text)) == [
        (2, 3, 15, Code.LINT_UNUSED_PARAM),
        (4, 3, 20, Code.LINT_RULE_ID_STYLE),
        (9, 5, 11, Code.LINT_UNUSED_LET),
        (14, 3, 8, Code.LINT_DUPLICATE_TEST),
    ]
