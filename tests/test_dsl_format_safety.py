"""`feltcheck rules fmt` keeps what a file says (checker/dsl/format_safety.py): it re-parses
its own output and writes, prints or offers it only when the syntax tree and the comments are
the file's. A formatter bug is refused with exit status 2 and the file stays byte-identical."""

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from checker.cli import main
from checker.dsl import ast, formatter
from checker.dsl.format_safety import formatting_damage
from checker.dsl.formatter import format_rules
from checker.dsl.parser import parse_rules
from tests.test_dsl_formatter import PROPERTY, SPLITLINES_ONLY, _with_comments, items

# Parts out of the canonical order: `message` moves after `require`, and its comment with it.
SOURCE = """\
# header
ruleset s "Safety"   # trails ruleset
clause 1 "One."

rule a.b  # trails rule
  message "m"   # trails message
  # before require
  require action.amount <= 4
  cites 1 on action
"""


def _formatted() -> tuple[ast.RulesFile, str]:
    tree = parse_rules(SOURCE, "s.rules")
    return tree, format_rules(tree)


def test_a_faithful_formatting_passes_though_comments_in_a_rule_trade_places() -> None:
    tree, text = _formatted()
    moved = [c.text for c in parse_rules(text, "s.rules").comments]
    assert moved != [c.text.rstrip() for c in tree.comments]  # the rule's comments did move
    assert formatting_damage(tree, text, "s.rules") is None


def _move_header_comment(text: str) -> str:
    return text.replace("# header\n", "").replace("rule a.b", "# header\nrule a.b")


@pytest.mark.parametrize(("damage", "named"), [
    (lambda t: t.replace("<= 4", "< 4"), "rule a.b (line 5): its require changed"),
    (lambda t: t.replace("cites 1", "cites 1, 1"), "rule a.b (line 5): its cites changed"),
    (lambda t: t.replace('clause 1 "One."\n', ""), "clause 1 (line 3) became a rule"),
    (lambda t: t + 'disable rule a.b "x"\n', "the file's 3 declarations became 4"),
    (lambda t: t.replace("  # trails message", ""), "'# trails message' (line 6) is lost"),
    (lambda t: t.replace("# header", "# headr"), "'# header' (line 1) is lost"),
    (lambda t: t + "# new\n", "a comment '# new' appears"),
    (_move_header_comment, "the comments change order from '# header' (line 1) on"),
    (lambda t: t.replace("require", "requir"), "the formatted text does not parse (its line"),
])
def test_each_kind_of_damage_is_named(damage: Callable[[str], str], named: str) -> None:
    tree, text = _formatted()
    found = formatting_damage(tree, damage(text), "s.rules")
    assert found is not None and named in found, found


# ---------------------------------------------------------------- the command


def _fmt(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["rules", "fmt", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _drop_the_first_comment(monkeypatch: pytest.MonkeyPatch) -> None:
    run = formatter._Attacher.run

    def losing(self: formatter._Attacher, comments: tuple[ast.Comment, ...]) -> object:
        return run(self, comments[1:])

    monkeypatch.setattr(formatter._Attacher, "run", losing)


def _weaken_comparisons(monkeypatch: pytest.MonkeyPatch) -> None:
    real = formatter.format_expression
    monkeypatch.setattr(formatter, "format_expression",
                        lambda expr: real(expr).replace("<=", "<"))


@pytest.mark.parametrize(("bug", "named"), [
    (_drop_the_first_comment, "the comment '# header' (line 1) is lost"),
    (_weaken_comparisons, "rule a.b (line 5): its require changed"),
])
def test_a_formatter_bug_is_refused_and_the_file_left_byte_identical(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    bug: Callable[[pytest.MonkeyPatch], None], named: str,
) -> None:
    rules = tmp_path / "s.rules"
    rules.write_bytes(SOURCE.encode("utf-8"))
    bug(monkeypatch)
    for mode in (["--write"], ["--check"], []):
        code, out, err = _fmt(capsys, *mode, str(rules))
        assert (code, out) == (2, ""), mode  # --check does not offer the broken text as a fix
        assert err.startswith(f"feltcheck: {rules.as_posix()}: fmt refused"), err
        assert named in err, err
    assert rules.read_bytes() == SOURCE.encode("utf-8")


def test_without_the_bug_the_same_file_is_rewritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    rules = tmp_path / "s.rules"
    rules.write_text(SOURCE, encoding="utf-8")
    assert _fmt(capsys, "--check", str(rules))[0] == 1
    assert _fmt(capsys, "--write", str(rules)) == (0, "", "")
    assert rules.read_text(encoding="utf-8") == _formatted()[1]


# ---------------------------------------------------------------- no false refusal


def _rule_chunks(lines: list[str], start: int) -> tuple[list[list[str]], list[str], int]:
    """A rule's indented lines after its header at `start`: each part with the own-line
    comments before it, the closing comments, and the index of the line after the rule."""
    chunks: list[list[str]] = []
    pending: list[str] = []
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        pending.append(lines[end])
        if not lines[end].startswith("  #"):
            chunks.append(pending)
            pending = []
        end += 1
    return chunks, pending, end


def _shuffle_rule_parts(text: str, data: st.DataObject) -> str:
    """Rule parts in a random order (lets keep theirs), each with its comments."""
    lines = text.split("\n")
    out: list[str] = []
    number = 0
    while number < len(lines):
        line = lines[number]
        out.append(line)
        number += 1
        if not line.startswith(("rule ", "override rule ")):
            continue
        chunks, closing, number = _rule_chunks(lines, number - 1)
        shuffled: list[list[str]] = data.draw(st.permutations(chunks))
        lets = iter([chunk for chunk in chunks if chunk[-1].startswith("  let ")])
        for chunk in shuffled:
            out.extend(next(lets) if chunk[-1].startswith("  let ") else chunk)
        out.extend(closing)
    return "\n".join(out)


@PROPERTY
@given(tree=st.lists(items, max_size=4).map(lambda f: ast.RulesFile(tuple(f))), data=st.data())
def test_formatting_with_comments_anywhere_is_never_refused(
    tree: ast.RulesFile, data: st.DataObject,
) -> None:
    canonical = format_rules(tree)
    assume(not any(char in canonical for char in SPLITLINES_ONLY))
    messy = _shuffle_rule_parts(_with_comments(canonical, data), data)
    parsed = parse_rules(messy, "messy.rules")
    assert parsed == tree
    assert formatting_damage(parsed, format_rules(parsed), "messy.rules") is None
