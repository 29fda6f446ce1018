"""Clause 29 over a labelled set of chat lines (tests/data/chat_lines.tsv; docs/chat.md): the
rule set's chat rules, as shipped, find the hand talk written during a hand and leave ordinary
table talk alone. Precision and recall are measured on the held-out part, on which the
patterns were never developed; docs/chat.md reports them."""

import csv
import dataclasses
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from checker.dsl.builtins import mentions_phrase
from checker.dsl.engine import CompiledRuleset, compile_ruleset
from checker.dsl.ruleset import load_ruleset, param_values
from checker.replay.facts import (
    ChatEvent,
    ChatFact,
    Money,
    Seconds,
    TournamentFact,
    TournamentKind,
)

ROOT = Path(__file__).resolve().parent.parent
LINES = ROOT / "tests" / "data" / "chat_lines.tsv"
RULES = ROOT / "rules" / "fulltilt.rules"


@dataclass(frozen=True, slots=True)
class Line:
    number: int
    text: str
    hand_talk: bool
    in_play: bool
    split: str


@cache
def chat_lines() -> tuple[Line, ...]:
    with LINES.open(encoding="utf-8", newline="") as handle:
        rows = [(n, line) for n, line in enumerate(handle, 1) if not line.startswith("#")]
    reader = csv.DictReader((line for _, line in rows), delimiter="\t",
                            quoting=csv.QUOTE_NONE)
    numbers = [n for n, _ in rows[1:]]
    return tuple(Line(n, row["text"], row["label"] == "hand_talk", row["in_play"] == "yes",
                      row["split"]) for n, row in zip(numbers, reader, strict=True))


@cache
def ruleset() -> CompiledRuleset:
    return compile_ruleset(load_ruleset(RULES))


def findings(line: Line) -> list[tuple[str, str]]:
    """(rule id, severity) of every rule the line breaks, written by a player of the hand."""
    tournament = TournamentFact("T1", TournamentKind.MTT, Money(1000), Money(100), "USD",
                                Seconds(0))
    event = ChatEvent(tournament, ChatFact("ann", line.text, line.in_play, True, False,
                                           "1", "1001" if line.in_play else None))
    return [(rule.rule_id, rule.severity) for rule, _ in ruleset().failures("chat", event)]


def scores(split: str) -> tuple[float, float, list[Line], list[Line]]:
    """Precision and recall of "some chat rule fires" against hand talk during a hand, over
    the lines of `split`, with the missed and the wrongly flagged lines."""
    lines = [line for line in chat_lines() if line.split == split]
    flagged = {line.number for line in lines if findings(line)}
    due = {line.number for line in lines if line.hand_talk and line.in_play}
    hit = len(flagged & due)
    missed = [line for line in lines if line.number in due - flagged]
    wrong = [line for line in lines if line.number in flagged - due]
    return hit / len(flagged), hit / len(due), missed, wrong


def test_the_set_is_large_and_mixed() -> None:
    lines = chat_lines()
    assert len(lines) >= 300
    for split in ("dev", "held_out"):
        part = [line for line in lines if line.split == split]
        assert sum(line.hand_talk and line.in_play for line in part) >= 50
        assert sum(not line.hand_talk for line in part) >= 100


@pytest.mark.parametrize("split", ["dev", "held_out"])
def test_hand_talk_is_found_and_table_talk_left_alone(split: str) -> None:
    # The held-out figures (docs/chat.md): precision 1.000, recall 0.937. The floors leave
    # room for a pattern added later that helps elsewhere, not for a wide slide.
    precision, recall, missed, wrong = scores(split)
    assert precision >= 0.95, [line.text for line in wrong]
    assert recall >= 0.90, [line.text for line in missed]


def test_no_ordinary_line_is_an_error() -> None:
    # Chat is a warning (rules/fulltilt.rules, severity policy): whatever the patterns
    # read, table talk never fails a run gated on errors.
    for line in chat_lines():
        if not (line.hand_talk and line.in_play):
            assert all(severity != "error" for _, severity in findings(line)), line.text


def test_between_hands_even_hand_talk_is_allowed() -> None:
    between = [line for line in chat_lines() if not line.in_play]
    assert any(line.hand_talk for line in between)
    assert not [line.text for line in between if findings(line)]


def test_a_line_about_another_hand_is_not_about_this_one() -> None:
    during = Line(0, "u had kings last hand lol", True, True, "test")
    assert findings(during) == []
    assert findings(dataclasses.replace(during, text="u had kings lol")) != []


# ---------------------------------------------------------------- the built-in

VOCABULARY = ["rank_char: a k q", "suit_char: s h", "rank: ace king",
              "combo: [rank_char][rank_char] -kq", "made: full_house flush",
              "holding: {rank} {combo}", "loop: {loop}"]


@pytest.mark.parametrize(("text", "pattern", "said"), [
    ("He NEEDS an ace!", "needs an? {rank}", True),
    ("he needs a break", "needs an? {rank}", False),
    ("he needs ace", "needs an? {rank}", True),
    ("had AK", "had {combo}", True),
    ("had KQ", "had {combo}", False),          # `-kq`: a word the shape does not take
    ("had AQ offsuit", "had {holding}", True),  # classes nest
    ("a full house", "{made}", True),           # `_` joins words
    ("a full, house", "{made}", True),          # punctuation is not read
    ("full houses", "{made}", False),           # whole words only
    ("i folded my laundry and an ace", "folded ... {rank}", True),
    ("i folded the ace", "folded * {rank}", True),
    ("i folded ace", "folded * {rank}", False),
    ("call", "^ call $", True),
    ("call me", "^ call $", False),
    ("i'll call", "^ call $", False),
    ("K♠ high", "ks high", True),               # suit symbols read as letters
    ("he’s bluffing", "he's bluffing", True),   # curly apostrophes read straight
    ("anything", "{loop}", False),              # a class naming itself matches nothing
    ("anything", "{nowhere}", False),           # nor does an unknown class
])
def test_mentions_phrase(text: str, pattern: str, said: bool) -> None:
    assert mentions_phrase(text, [pattern], VOCABULARY) is said


def test_classes_nest_four_levels_deep_and_no_deeper() -> None:
    # {a} reads b at depth 1, c at 2, d at 3, e at 4 (the limit): e's own words are read,
    # the class e names (f, depth 5) is not.
    chain = ["a: {b}", "b: {c}", "c: {d}", "d: {e}", "e: deep {f}", "f: deeper"]
    assert mentions_phrase("so deep", ["{a}"], chain) is True
    assert mentions_phrase("so deeper", ["{a}"], chain) is False
    assert mentions_phrase("so deeper", ["{e}"], chain) is True


def test_every_class_the_rules_name_is_defined() -> None:
    # An unknown class matches nothing, silently: the shipped rules name only defined ones.
    values = param_values(load_ruleset(RULES))
    vocabulary = values["chat.vocabulary"]
    assert isinstance(vocabulary, list)
    defined = {str(entry).partition(":")[0].strip() for entry in vocabulary}
    named: set[str] = set()
    for path in ("chat.vocabulary", "chat.hand_talk", "chat.not_this_hand"):
        value = values[path]
        assert isinstance(value, list)
        for entry in value:
            named |= set(re.findall(r"[{\[]([a-z_]+)[}\]]", str(entry)))
    assert named and named <= defined, named - defined
