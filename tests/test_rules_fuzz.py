"""The rules parser and loader, fed any text or a real declaration damaged at random, answer
with a syntax tree (that formats stably) or located diagnostics: never another exception (the
promises of fuzz/checks.py, which `make fuzz` also holds the parser to)."""

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.dsl.diagnostics import RulesError
from checker.dsl.ruleset import load_ruleset
from fuzz.checks import check_rules_text
from fuzz.seeds import rules_seeds

SEEDS = rules_seeds()
FUZZ = settings(
    max_examples=int(os.environ.get("FELTCHECK_FUZZ_EXAMPLES", "400")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# Text rich in what the language means something by.
TOKENS = st.sampled_from([
    "rule ", "param ", "override ", "disable ", "test ", "expect ", "extends ", "clause ",
    "when ", "require ", "let ", "message ", "on ", "applies to ", "cites ", "(", ")", "[",
    "]", "{", "}", '"', "\\", "#", "\n", " and ", " or ", "not ", "==", "<=", "$5", "65%", "3m",
    "all(p in hand.players: ", "if ", " then ", " else ", "none", "param.", ".", ",", ":",
    "\u202e", "\u212a", "__class__", "9" * 50,
])


def test_there_are_seeds() -> None:
    assert len(SEEDS) > 100


@FUZZ
@given(text=st.text(max_size=300))
def test_any_text(text: str) -> None:
    check_rules_text(text)


@FUZZ
@given(data=st.data())
def test_a_real_declaration_damaged(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(SEEDS))
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        at = data.draw(st.integers(min_value=0, max_value=len(text)))
        end = data.draw(st.integers(min_value=at, max_value=min(len(text), at + 20)))
        how = data.draw(st.sampled_from(["delete", "insert", "replace", "duplicate"]))
        piece = data.draw(st.one_of(TOKENS, st.text(max_size=5)))
        if how == "delete":
            text = text[:at] + text[end:]
        elif how == "insert":
            text = text[:at] + piece + text[at:]
        elif how == "replace":
            text = text[:at] + piece + text[end:]
        else:
            text = text[:end] + text[at:end] + text[end:]
    check_rules_text(text)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_damaged_declaration_loads_or_is_refused_with_diagnostics(data: st.DataObject) -> None:
    """Through the whole loader: composition and the type checker see what the parser let
    through."""
    text = data.draw(st.sampled_from(SEEDS))
    at = data.draw(st.integers(min_value=0, max_value=len(text)))
    end = data.draw(st.integers(min_value=at, max_value=min(len(text), at + 12)))
    text = text[:at] + data.draw(TOKENS) + text[end:]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "site.rules"
        path.write_text(text, encoding="utf-8")
        try:
            load_ruleset(path)
        except RulesError as exc:
            assert exc.diagnostics
            assert all(d.span.line >= 1 and d.span.column >= 1 for d in exc.diagnostics)
