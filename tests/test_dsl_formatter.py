"""`feltcheck rules fmt`: parse ∘ format is the identity on the tree, format is idempotent,
expressions get the fewest parentheses, and every comment survives next to its construct."""

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from checker.dsl import ast
from checker.dsl.diagnostics import RulesError
from checker.dsl.format_safety import formatting_damage
from checker.dsl.formatter import format_expression, format_rules
from checker.dsl.parser import parse_expression, parse_rules
from checker.dsl.text_guard import refused_character

GOLDEN = Path(__file__).resolve().parent / "formatter_golden"
PROPERTY = settings(
    max_examples=int(os.environ.get("FELTCHECK_FMT_EXAMPLES", "250")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# ---------------------------------------------------------------- strategies

# Names the grammar reserves where an expression starts (they are keywords there).
RESERVED = {"if", "not", "param", "true", "false", "none"}
QUANTIFIERS = ("all", "any", "count", "sum", "min", "max")
# Words that are keywords elsewhere but legal names in expressions: fact roots, enum members.
WORDLIKE = (
    "action", "hand", "street", "actor", "no_limit", "error", "rule", "title", "in", "and",
    "then", "count", "sum", "message", "input", "expect", "X_1", "_",
)
names = st.one_of(
    st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_]{0,7}", fullmatch=True), st.sampled_from(WORDLIKE)
).filter(lambda n: n not in RESERVED and not n.startswith("__"))  # `__x`: reserved names
functions = names.filter(lambda n: n not in QUANTIFIERS)
dotted = st.lists(names, min_size=1, max_size=3).map(".".join)
rule_ids = st.from_regex(r"[a-z][a-z0-9_]{0,5}(\.[a-z0-9][a-z0-9_-]{0,6}){1,2}", fullmatch=True)
clause_ids = st.from_regex(r"[0-9]{1,2}(\.[0-9]{1,2})?", fullmatch=True)
# Any text, rich in the characters that need escaping or mean something in a message.
# Characters the text guard refuses (controls, bidirectional and invisible ones) are not text
# a rules file can hold (tests/test_rules_hostile.py).
texts = st.text(
    alphabet=st.one_of(
        st.sampled_from('"\\{}\n# $%'),
        st.characters(exclude_categories=["Cs"]).filter(
            lambda c: refused_character(c, in_text=True) is None),
    ),
    max_size=10,
)
brace_free_texts = texts.map(lambda t: t.replace("{", "(").replace("}", ")"))
counts = st.integers(min_value=0, max_value=10**12)


def literals(strings: st.SearchStrategy[str]) -> st.SearchStrategy[ast.Literal]:
    return st.one_of(
        st.builds(ast.Literal, st.just("int"), counts),
        st.builds(ast.Literal, st.just("money"), counts),
        st.builds(ast.Literal, st.just("duration"), st.integers(0, 10**7)),
        st.builds(ast.Literal, st.just("percent"), st.integers(0, 10**6)),
        st.builds(ast.Literal, st.just("string"), strings),
        st.builds(ast.Literal, st.just("bool"), st.booleans()),
        st.just(ast.Literal("none", None)),
    )


BINARY_OPS: tuple[ast.BinaryOp, ...] = (
    "and", "or", "+", "-", "*", "//", "%", "==", "!=", "<", "<=", ">", ">=", "in", "not in",
)


def expressions(
    strings: st.SearchStrategy[str] = texts, sets: bool = True, max_leaves: int = 14,
) -> st.SearchStrategy[ast.Expr]:
    """Every expression node kind, nested. A message placeholder may hold no brace, so
    placeholder expressions are built with brace-free strings and without set literals."""
    leaves: st.SearchStrategy[ast.Expr] = st.one_of(
        literals(strings), st.builds(ast.Name, names), st.builds(ast.ParamRef, dotted),
    )

    def extend(inner: st.SearchStrategy[ast.Expr]) -> st.SearchStrategy[ast.Expr]:
        many = st.lists(inner, max_size=3).map(tuple)
        forms: list[st.SearchStrategy[ast.Expr]] = [
            st.builds(ast.Binary, st.sampled_from(BINARY_OPS), inner, inner),
            st.builds(ast.Unary, st.sampled_from(("not", "-")), inner),
            st.builds(ast.IfElse, inner, inner, inner),
            st.builds(ast.Attribute, inner, names),
            st.builds(ast.Index, inner, inner),
            st.builds(ast.Call, functions, many),
            st.builds(ast.Quantifier, st.sampled_from(QUANTIFIERS), names, inner, inner),
            st.builds(ast.ListLit, many),
        ]
        if sets:
            forms.append(st.builds(ast.SetLit, many))
        return st.one_of(forms)

    return st.recursive(leaves, extend, max_leaves=max_leaves)


def _normal_parts(parts: list[str | ast.Expr]) -> tuple[str | ast.Expr, ...]:
    """Message parts as the parser yields them: adjacent texts merged, no empty text."""
    merged: list[str | ast.Expr] = []
    for part in parts:
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        else:
            merged.append(part)
    return tuple(p for p in merged if p != "")


placeholders = expressions(brace_free_texts, sets=False, max_leaves=5)
messages = st.lists(st.one_of(texts, placeholders), max_size=4).map(
    lambda parts: ast.Message(_normal_parts(parts))
)
types = st.recursive(
    st.builds(ast.TypeRef, names),
    lambda inner: st.builds(ast.TypeRef, names, st.tuples(inner)),
    max_leaves=3,
)
small_expressions = expressions(max_leaves=8)
optional = st.none


def _has_part(rule: ast.Rule) -> bool:
    return any((rule.title is not None, rule.cites, rule.severity, rule.event, rule.lets,
                rule.when, rule.require, rule.message))


rules = st.builds(
    ast.Rule,
    rule_id=rule_ids,
    override=st.booleans(),
    title=optional() | texts,
    cites=st.lists(st.builds(ast.ClauseRef, clause_ids), max_size=3).map(tuple),
    severity=optional() | st.sampled_from(("error", "warning", "info")),
    event=optional() | names,
    lets=st.lists(st.builds(ast.Let, names, small_expressions), max_size=2).map(tuple),
    when=optional() | small_expressions,
    require=optional() | small_expressions,
    message=optional() | messages,
).filter(_has_part)
expects = st.one_of(
    st.just(ast.Expect(None)),
    st.builds(ast.Expect, rule_ids, optional() | texts, optional() | st.integers(0, 10**6),
              gap=st.sampled_from((None, ast.TODO, ast.TODO_NOT))),
)
# A parameter holding a table long enough to be filled over several lines.
tables = st.builds(
    ast.ParamDecl, dotted, types,
    st.lists(literals(texts), min_size=6, max_size=20).map(lambda found: ast.ListLit(tuple(found))),
)
items: st.SearchStrategy[ast.Item] = st.one_of(
    tables,
    st.builds(ast.RulesetDecl, names, texts),
    st.builds(ast.Extends, texts),
    st.builds(ast.ClauseDecl, clause_ids, texts),
    st.builds(ast.Unchecked, clause_ids, texts),
    st.builds(ast.ParamDecl, dotted, types, small_expressions),
    st.builds(ast.ParamOverride, dotted, small_expressions),
    rules,
    st.builds(ast.Disable, rule_ids, texts),
    st.builds(ast.RuleTest, texts, texts, st.lists(expects, max_size=3).map(tuple)),
)
files = st.lists(items, max_size=7).map(lambda found: ast.RulesFile(tuple(found)))


# ---------------------------------------------------------------- round trip


@PROPERTY
@given(tree=files)
def test_parse_of_format_is_the_identity(tree: ast.RulesFile) -> None:
    assert parse_rules(format_rules(tree), "fmt.rules") == tree


@PROPERTY
@given(tree=files)
def test_format_is_idempotent(tree: ast.RulesFile) -> None:
    text = format_rules(tree)
    assert format_rules(parse_rules(text, "fmt.rules")) == text


@PROPERTY
@given(expr=expressions())
def test_expression_round_trip(expr: ast.Expr) -> None:
    assert parse_expression(format_expression(expr)) == expr


def _grouping_parens(text: str) -> list[tuple[int, int]]:
    """(open, close) positions of parentheses that only group: not a call's or a
    quantifier's (those follow a name). The text holds no string literal."""
    pairs: list[tuple[int, int]] = []
    stack: list[tuple[int, bool]] = []
    for position, char in enumerate(text):
        if char == "(":
            grouping = position == 0 or not (text[position - 1].isalnum()
                                             or text[position - 1] == "_")
            stack.append((position, grouping))
        elif char == ")":
            start, grouping = stack.pop()
            if grouping:
                pairs.append((start, position))
    return pairs


def _parses_to(text: str, expected: ast.Expr) -> bool:
    try:
        return parse_expression(text) == expected
    except RulesError:  # a syntax error; anything else is a parser bug and fails the test
        return False


no_string_literals = st.text(alphabet="abc", max_size=3)


@PROPERTY
@given(expr=expressions(no_string_literals))
def test_every_parenthesis_is_needed(expr: ast.Expr) -> None:
    """Every parenthesis is needed by the grammar, except those the formatter keeps for
    readers around an `and` inside an `or`."""
    text = format_expression(expr)
    for start, end in _grouping_parens(text):
        without = text[:start] + text[start + 1:end] + text[end + 1:]
        if _is_and(text[start + 1:end]):
            continue
        assert not _parses_to(without, expr), f"{text!r}: the parentheses at {start} are spare"


def _is_and(text: str) -> bool:
    try:
        inner = parse_expression(text)
    except RulesError:
        return False
    return isinstance(inner, ast.Binary) and inner.op == "and"


def test_and_inside_or_keeps_its_parentheses() -> None:
    assert format_expression(parse_expression("a and b or c")) == "(a and b) or c"
    assert format_expression(parse_expression("a or b and c")) == "a or (b and c)"
    assert format_expression(parse_expression("a and (b or c)")) == "a and (b or c)"


# ---------------------------------------------------------------- comments (property)


SPLITLINES_ONLY = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
comment_texts = st.text(
    alphabet=st.characters(
        exclude_categories=["Cs", "Cc", "Zl", "Zp"], exclude_characters="\x85"
    ).filter(lambda c: refused_character(c, in_text=True) is None),
    max_size=12,
).map(lambda t: ("# " + t).rstrip())


def _some_comments(data: st.DataObject) -> list[str]:
    found: list[str] = data.draw(st.lists(comment_texts, max_size=2))
    return found


def _with_comments(text: str, data: st.DataObject) -> str:
    """Canonical text with comments where the formatter keeps them in place: on their own
    line before a line of code (indented like it; before a declaration maybe followed by a
    blank line), at the end of a line of code, at the end of a declaration, at the end."""
    lines = text.split("\n")[:-1]  # not splitlines: strings may hold \x1e, \x85...
    out: list[str] = []
    wrapped = False  # inside a parameter's long list, filled onto lines: no comment there
    for number, line in enumerate(lines):
        if wrapped or not line:
            wrapped = wrapped and line not in ("]", "}")
            out.append(line)
            continue
        if line.endswith(("[", "{")):
            wrapped = True
            out.extend(_some_comments(data))
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        out.extend(indent + comment for comment in _some_comments(data))
        if not indent and out and out[-1].startswith("#") and data.draw(st.booleans()):
            out.append("")
        trailing = data.draw(st.none() | comment_texts)
        out.append(f"{line}  {trailing}" if trailing is not None else line)
        if number + 1 == len(lines) or not lines[number + 1]:
            closing = _some_comments(data)
            inside = indent or line.startswith(("rule ", "override rule ", "test "))
            out.extend(("  " if inside else "") + comment for comment in closing)
    ending = _some_comments(data)
    if ending:
        out.extend([""] if out else [])
        out.extend(ending)
    return "\n".join(out) + "\n" if out else ""


@PROPERTY
@given(tree=st.lists(items, max_size=4).map(lambda f: ast.RulesFile(tuple(f))), data=st.data())
def test_comments_in_canonical_places_stay_exactly_there(
    tree: ast.RulesFile, data: st.DataObject,
) -> None:
    canonical = format_rules(tree)
    # The parser finds a comment's line with str.splitlines, which also breaks at these
    # characters; inside a string they would shift its idea of lines (reported upstream).
    assume(not any(char in canonical for char in SPLITLINES_ONLY))
    commented = _with_comments(canonical, data)
    parsed = parse_rules(commented, "commented.rules")
    assert parsed == tree
    assert format_rules(parsed) == commented


STRING_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def _spaces_between_tokens(text: str) -> list[int]:
    """Positions of the spaces of a comment-free text that lie outside string tokens."""
    found: list[int] = []
    position = 0
    while position < len(text):
        if text[position] == '"':
            match = STRING_TOKEN.match(text, position)
            assert match is not None
            position = match.end()
            continue
        if text[position] == " ":
            found.append(position)
        position += 1
    return found


def _scatter_comments(text: str, data: st.DataObject) -> tuple[str, list[str]]:
    """Break lines between tokens at random, with comments: own-line ones and trailing ones
    in the middle of declarations, rule parts and expressions."""
    spaces = _spaces_between_tokens(text)
    chosen = sorted(data.draw(st.sets(st.sampled_from(spaces), max_size=6)) if spaces else [])
    pieces: list[str] = []
    inserted: list[str] = []
    start = 0
    for position in chosen:
        comment = data.draw(comment_texts)
        inserted.append(comment)
        style = data.draw(st.sampled_from(["  {c}\n    ", "\n    {c}\n    ", "\n{c}\n\n"]))
        pieces.append(text[start:position] + style.format(c=comment))
        start = position + 1
    pieces.append(text[start:])
    return "".join(pieces), inserted


@PROPERTY
@given(tree=st.lists(items, max_size=4).map(lambda f: ast.RulesFile(tuple(f))), data=st.data())
def test_comments_anywhere_survive_in_order_and_formatting_settles(
    tree: ast.RulesFile, data: st.DataObject,
) -> None:
    canonical = format_rules(tree)
    assume(not any(char in canonical for char in SPLITLINES_ONLY))
    messy, inserted = _scatter_comments(canonical, data)
    parsed = parse_rules(messy, "messy.rules")
    assert parsed == tree
    formatted = format_rules(parsed)
    reparsed = parse_rules(formatted, "formatted.rules")
    assert reparsed == tree
    # Parts were already in the canonical order, so every comment keeps its rank.
    assert [c.text for c in reparsed.comments] == inserted
    assert format_rules(reparsed) == formatted


# ---------------------------------------------------------------- comments (hand-written)

# Each comment of formatter_golden/comments_messy.rules says where it must end up: "before X"
# (the next code line starts with X), "trails X" (at the end of X's line), "after X" (the
# previous code line starts with X), "ends X" (last in the block of declaration X, indented).
MESSY_WITH_COMMENTS = (GOLDEN / "comments_messy.rules").read_bytes().decode("utf-8")


def _code(line: str) -> str:
    return line.split("#", 1)[0].strip()


def _check_place(lines: list[str], number: int) -> None:
    comment = lines[number][lines[number].index("#"):]
    where, _, construct = comment.removeprefix("# ").partition(" ")
    construct = construct.split(":")[0]
    if where == "trails":
        assert _code(lines[number]).startswith(construct), lines[number]
        return
    if where == "ends":
        header = number - 1
        while lines[header].startswith("  "):
            header -= 1
        assert lines[header].startswith(construct), (lines[number], lines[header])
        following = lines[number + 1] if number + 1 < len(lines) else ""
        assert lines[number].startswith("  "), lines[number]
        assert following == "" or following.startswith("  #"), following
        return
    step = 1 if where == "before" else -1
    other = number + step
    while not _code(lines[other]):
        other += step
    assert _code(lines[other]).startswith(construct), (lines[number], lines[other])


# The same kinds of comment, parts already in the canonical order (so the order of all
# comments must hold), declarations and spacing still untidy.
IN_ORDER_WITH_COMMENTS = """\
# before ruleset: the header

# before ruleset: detached by a blank line
ruleset fulltilt "Full Tilt"   # trails ruleset
# before clause 24
clause 24   "No reopening"  # trails clause
param limit.cap:money=$50 # trails param limit.cap
 # before param limit.max_bets
param limit.max_bets : int =   # trails param limit.max_bets
  4  # after param limit.max_bets
rule betting.cap   # trails rule betting.cap
  # before title
  title "Cap" cites 24   # trails cites
  # before let
  let cap = param.limit.cap let over = action.amount - cap  # trails let over
  require   # trails require
     # after require
     over <= 0           # after require
  message "over by {over}"   # trails message
  # ends rule betting.cap
  # ends rule betting.cap: second

# before test
test "cap" input "cap.hh"  # trails test
  expect betting.cap hand "7" action 2  # trails expect betting.cap
  # before expect none
  expect none
# ends test "cap"

# before disable
disable rule a.b ""
# after disable: end of the file
"""


@pytest.mark.parametrize("text", [IN_ORDER_WITH_COMMENTS, MESSY_WITH_COMMENTS])
def test_hand_written_comments_stay_next_to_their_construct(text: str) -> None:
    source = parse_rules(text, "messy.rules")
    formatted_text = format_rules(source)
    formatted = parse_rules(formatted_text, "formatted.rules")
    assert sorted(c.text for c in formatted.comments) == sorted(
        c.text.rstrip() for c in source.comments
    )
    lines = formatted_text.splitlines()
    for number, line in enumerate(lines):
        if "#" in line:
            _check_place(lines, number)
    assert format_rules(formatted) == formatted_text


def test_hand_written_comments_keep_their_order_when_parts_are_in_order() -> None:
    source = parse_rules(IN_ORDER_WITH_COMMENTS, "messy.rules")
    formatted = parse_rules(format_rules(source), "formatted.rules")
    assert [c.text for c in formatted.comments] == [c.text.rstrip() for c in source.comments]
    assert len(formatted.comments) == 27


# ---------------------------------------------------------------- golden files

# Exact canonical texts: each formatter_golden/NAME.rules (an input, often untidy on purpose)
# beside NAME.rules.formatted (its canonical text, read and approved by a person). A new case
# starts as `feltcheck rules fmt NAME.rules > NAME.rules.formatted`, then a careful reading.
GOLDEN_INPUTS = sorted(GOLDEN.glob("*.rules"))


def _golden_text(path: Path) -> str:
    return path.read_bytes().decode("utf-8")  # bytes: no newline translation


def test_every_golden_input_has_its_canonical_text() -> None:
    assert len(GOLDEN_INPUTS) >= 9
    formatted = sorted(GOLDEN.glob("*.rules.formatted"))
    assert [Path(f"{path}.formatted") for path in GOLDEN_INPUTS] == formatted
    assert sorted(GOLDEN.iterdir()) == sorted(GOLDEN_INPUTS + formatted)


@pytest.mark.parametrize("path", GOLDEN_INPUTS, ids=lambda path: path.stem)
def test_golden_file_formats_to_its_canonical_text(path: Path) -> None:
    source = parse_rules(_golden_text(path), path.name)
    golden = _golden_text(Path(f"{path}.formatted"))
    assert format_rules(source) == golden
    canonical = parse_rules(golden, f"{path.name}.formatted")
    assert canonical == source
    assert format_rules(canonical) == golden
    assert formatting_damage(source, golden, path.name) is None  # the comments too


RULES_FILES = sorted((Path(__file__).resolve().parents[1] / "rules").glob("*.rules"))


def test_the_shipped_rules_files_are_there() -> None:
    assert "fulltilt.rules" in [path.name for path in RULES_FILES]


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda path: path.name)
def test_shipped_rules_files_round_trip_with_every_comment(path: Path) -> None:
    source = parse_rules(path.read_text(encoding="utf-8"), path.name)
    text = format_rules(source)
    formatted = parse_rules(text, path.name)
    assert formatted == source
    assert [c.text for c in formatted.comments] == [c.text.rstrip() for c in source.comments]
    assert format_rules(formatted) == text


# ---------------------------------------------------------------- literals and precedence


@pytest.mark.parametrize(("source", "canonical"), [
    ("$50.00", "$50"), ("$0.5_0", None), ("$0.50", "$0.50"), ("$1_000_000.05", "$1_000_000.05"),
    ("3600s", "1h"), ("90m", "90m"), ("120m", "2h"), ("0h", "0s"), ("61s", "61s"),
    ("65%", "65%"), ("32.50%", "32.5%"), ("0.05%", "0.05%"), ("1_500", "1500"),
    ("10000", "10_000"), ('"a\\"b\\\\c\\nd\\q"', '"a\\"b\\\\c\\ndq"'),
])
def test_literal_forms(source: str, canonical: str | None) -> None:
    if canonical is None:  # not a literal the grammar accepts
        with pytest.raises(Exception, match="syntax error"):
            parse_expression(source)
        return
    assert format_expression(parse_expression(source)) == canonical


@pytest.mark.parametrize(("source", "canonical"), [
    ("(a or b) and c", "(a or b) and c"),
    ("a or (b and c)", "a or (b and c)"),  # kept for readers
    ("(a or b) or c", "a or b or c"),
    ("a or (b or c)", "a or (b or c)"),
    ("(a - b) - c", "a - b - c"),
    ("a - (b - c)", "a - (b - c)"),
    ("a + (b * c)", "a + b * c"),
    ("(a + b) * c", "(a + b) * c"),
    ("not (a == b)", "not a == b"),
    ("(not a) == b", "(not a) == b"),
    ("not (a and b)", "not (a and b)"),
    ("(a == b) == c", "(a == b) == c"),
    ("a < (b < c)", "a < (b < c)"),
    ("(a in b) not in c", "(a in b) not in c"),
    ("-(a.b)", "-a.b"),
    ("(-a).b", "(-a).b"),
    ("- (- a)", "--a"),
    ("-(a * b)", "-(a * b)"),
    ("(-a) * b", "-a * b"),
    ("(param.a.b).c", "(param.a.b).c"),
    ("(param.a.b)[0]", "param.a.b[0]"),
    ("(if a then b else c) + 1", "(if a then b else c) + 1"),
    ("if a then b else (if c then d else e)", "if a then b else if c then d else e"),
    ("if (if a then b else c) then d else e", "if if a then b else c then d else e"),
    ("f((a or b), [(c)], {(d and e)})", "f(a or b, [c], {d and e})"),
    ("x in ({1, 2})", "x in {1, 2}"),
    ("all(x in xs : (x > 0))", "all(x in xs: x > 0)"),
    ("((a))[(b)]", "a[b]"),
    ("(a.b)[c].d", "a.b[c].d"),
])
def test_expressions_get_the_fewest_parentheses(source: str, canonical: str) -> None:
    expr = parse_expression(source)
    assert format_expression(expr) == canonical
    assert parse_expression(canonical) == expr


# ---------------------------------------------------------------- trees no text expresses


@pytest.mark.parametrize(("tree", "complaint"), [
    (ast.RulesFile((ast.ParamOverride("a", ast.Literal("int", -1)),)), "non-negative"),
    (ast.RulesFile((ast.ParamOverride("a", ast.Literal("money", True)),)), "non-negative"),
    (ast.RulesFile((ast.ParamOverride("a", ast.Literal("string", 3)),)), "cannot hold"),
    (ast.RulesFile((ast.ParamOverride("a", ast.Literal("bool", 1)),)), "cannot hold"),
    (ast.RulesFile((ast.Rule("a.b"),)), "no part"),
    (ast.RulesFile((ast.Rule("a.b", message=ast.Message((ast.SetLit(()),))),)), "braces"),
    (ast.RulesFile((ast.ParamDecl("a", ast.TypeRef("map", (ast.TypeRef("a"), ast.TypeRef("b"))),
                                  ast.Name("x")),)), "one argument"),
    (ast.RulesFile((ast.RuleTest("t", "i", (ast.Expect(None, hand="1"),)),)), "expect none"),
    (ast.RulesFile((ast.RuleTest("t", "i", (ast.Expect(None, gap=ast.TODO),)),)),
     "cannot be a todo"),
    (ast.RulesFile((ast.RuleTest("t", "i", (ast.Expect("a.b", gap="later"),)),)),  # type: ignore[arg-type]
     "not 'later'"),
])
def test_trees_without_a_text_are_refused(tree: ast.RulesFile, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        format_rules(tree)


def test_comments_of_a_tree_without_spans_are_kept_at_the_end() -> None:
    tree = ast.RulesFile(
        (ast.Extends("base.rules"),),
        (ast.Comment(1, "# one"), ast.Comment(2, "# two", trailing=True)),
    )
    assert format_rules(tree) == 'extends "base.rules"\n\n# one\n# two\n'
    # Several items without spans: none of them anchors a comment either.
    tree = ast.RulesFile(
        (ast.Extends("base.rules"), ast.Extends("other.rules")),
        (ast.Comment(1, "# one"), ast.Comment(2, "# two", trailing=True)),
    )
    assert format_rules(tree) == 'extends "base.rules"\nextends "other.rules"\n\n# one\n# two\n'


def test_text_part_braces_are_doubled_and_placeholders_single() -> None:
    message = ast.Message(("{a} ", ast.Name("x"), "}"))
    rule = ast.Rule("a.b", message=message)
    text = format_rules(ast.RulesFile((rule,)))
    assert re.search(r'message "\{\{a\}\} \{x\}\}\}"', text), text


def _doc_example() -> str:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "rules-language.md").read_text()
    return doc.split("```\n", 2)[1]


def test_the_reference_example_is_in_canonical_form() -> None:
    example = _doc_example()
    assert example.startswith("ruleset demo")
    assert format_rules(parse_rules(example, "example.rules")) == example
