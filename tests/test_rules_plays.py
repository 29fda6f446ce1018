"""Which rules judge which kind of play (`applies to`): a tournament rule says nothing about a
cash hand, rules that hold for any dealt hand judge every hand, and a fast-fold pool's hands
are not one table's sequence."""

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from checker.audit.findings import HandJudge
from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.cli import main
from checker.dsl import ast
from checker.dsl.codes import Code
from checker.dsl.diagnostics import SourceText
from checker.dsl.engine import compile_ruleset
from checker.dsl.formatter import format_expression as ast_text
from checker.dsl.formatter import format_rules
from checker.dsl.parser import parse_rules
from checker.dsl.ruleset import load_ruleset
from checker.dsl.typecheck import check_rule
from checker.ingest.stream import read_paths
from checker.model.findings import Finding
from checker.model.hand import Hand, Play
from checker.replay.hand_replay import replay_hand
from checker.replay.table import TableState
from tests.conftest import REPO
from tests.test_dsl_compiler import PARAM_TYPES

STARS_RULES = REPO / "rules" / "pokerstars.rules"
FULLTILT_RULES = REPO / "rules" / "fulltilt.rules"

# Two hands of one tournament table; in the second, Ann sits in seat 4 instead of seat 1
# (clause 9: no seat changes). Stacks carry over, so the second hand follows the first.
TOURNAMENT_SEAT_CHANGE = """\
PokerStars Hand #700001: Tournament #880001, $10+$1 USD Hold'em No Limit - \
Level I (10/20) - 2020/01/01 10:00:00 ET
Table '880001 1' 9-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cat (1500 in chips)
Bob: posts small blind 10
Cat: posts big blind 20
*** HOLE CARDS ***
Ann: folds
Bob: folds
Uncalled bet (10) returned to Cat
Cat collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cat (big blind) collected (20)



PokerStars Hand #700002: Tournament #880001, $10+$1 USD Hold'em No Limit - \
Level I (10/20) - 2020/01/01 10:01:00 ET
Table '880001 1' 9-max Seat #2 is the button
Seat 2: Bob (1490 in chips)
Seat 3: Cat (1510 in chips)
Seat 4: Ann (1500 in chips)
Cat: posts small blind 10
Ann: posts big blind 20
*** HOLE CARDS ***
Bob: folds
Cat: folds
Uncalled bet (10) returned to Ann
Ann collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 2: Bob (button) folded before Flop (didn't bet)
Seat 3: Cat (small blind) folded before Flop
Seat 4: Ann (big blind) collected (20)
"""


def as_cash(text: str) -> str:
    """The same hands dealt at a ring game: stakes in the header, amounts in dollars."""
    text = text.replace("Tournament #880001, $10+$1 USD Hold'em No Limit - Level I (10/20)",
                        " Hold'em No Limit ($0.10/$0.20 USD)").replace("'880001 1'", "'Alpha'")

    def dollars(match: re.Match[str]) -> str:
        return f"{match.group(1)}${int(match.group(2)) / 100:.2f}{match.group(3)}"

    return re.sub(r"(\(|blind |collected |pot |Rake )(\d+)( in chips\)|\)|\n| from| \|)",
                  dollars, text)


def run(tmp_path: Path, text: str, rules: Path = STARS_RULES) -> dict[str, Any]:
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    report = tmp_path / "report.json"
    main(["audit", str(path), "--rules", str(rules), "--format", "json", "--fail-on", "never",
          "--output", str(report)])
    doc: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return doc


def rule_ids(doc: dict[str, Any]) -> list[str]:
    return sorted(finding["rule"] for finding in doc["findings"])


@pytest.mark.parametrize("rules", [STARS_RULES, FULLTILT_RULES])
def test_a_seat_change_is_a_tournament_finding_and_says_nothing_of_a_cash_table(
        tmp_path: Path, rules: Path) -> None:
    tournament = run(tmp_path, TOURNAMENT_SEAT_CHANGE, rules)
    assert "seating.no-seat-changes" in rule_ids(tournament)
    assert tournament["summary"]["plays"] == {"tournament": 2, "cash": 0, "fast_fold": 0}
    cash = run(tmp_path, as_cash(TOURNAMENT_SEAT_CHANGE), rules)
    assert cash["summary"]["hands_rejected"] == 0
    assert cash["summary"]["plays"] == {"tournament": 0, "cash": 2, "fast_fold": 0}
    assert rule_ids(cash) == []


CASH_SHORT_RERAISE = """\
PokerStars Hand #700003:  Hold'em No Limit ($0.10/$0.20 USD) - 2020/01/01 10:00:00 ET
Table 'Alpha' 9-max Seat #1 is the button
Seat 1: Ann ($15 in chips)
Seat 2: Bob ($15 in chips)
Seat 3: Cat ($15 in chips)
Bob: posts small blind $0.10
Cat: posts big blind $0.20
*** HOLE CARDS ***
Ann: raises $0.20 to $0.40
Bob: raises $0.05 to $0.45
Cat: folds
Ann: folds
Uncalled bet ($0.05) returned to Bob
Bob collected $1.00 from pot
*** SUMMARY ***
Total pot $1.00 | Rake $0
Seat 1: Ann (button) folded before Flop
Seat 2: Bob (small blind) collected ($1.00)
Seat 3: Cat (big blind) folded before Flop
"""


def test_rules_for_any_dealt_hand_still_judge_a_cash_hand(tmp_path: Path) -> None:
    # Bob re-raises by 5 cents over a 20-cent raise: below the last full raise, at any table.
    doc = run(tmp_path, CASH_SHORT_RERAISE)
    assert doc["summary"]["plays"]["cash"] == 1
    assert rule_ids(doc) == ["betting.min-raise"]
    full_reraise = CASH_SHORT_RERAISE.replace("raises $0.05 to $0.45", "raises $0.20 to $0.60")
    full_reraise = full_reraise.replace("($0.05) returned", "($0.20) returned")
    assert rule_ids(run(tmp_path, full_reraise)) == []


def test_every_tournament_only_rule_is_silent_on_cash_hands() -> None:
    """What the shipped rule sets say applies to tournaments only: the rotation of blinds and
    button across hands, seating and clause 19's heads-up blinds; the betting, posting and pot
    rules apply to every hand."""
    for rules_file in (FULLTILT_RULES, STARS_RULES):
        ruleset = load_ruleset(rules_file)
        tournament_only = {rule_id for rule_id, entry in ruleset.rules.items()
                           if [ref.play for ref in entry.rule.plays] == ["tournament"]}
        assert {rule_id.split(".")[0] for rule_id in tournament_only} == {
            "seating", "blinds", "elimination", "posts"}
        everywhere = {rule_id for rule_id, entry in ruleset.rules.items()
                      if entry.rule.event in ("action", "pot", "hand_end")}
        assert everywhere and not everywhere & tournament_only


def judge_pool(hands: list[Hand]) -> list[Finding]:
    findings: list[Finding] = []
    judge = HandJudge(compile_ruleset(load_ruleset(STARS_RULES)), findings)
    for hand in hands:
        assert judge.judge(hand) is None
    return findings


def read_hands(tmp_path: Path, text: str) -> list[Hand]:
    path = tmp_path / "pool.txt"
    path.write_text(text, encoding="utf-8")
    return [record for opened in read_paths([path])
            for record in getattr(opened, "records", ()) if isinstance(record, Hand)]


def test_a_fast_fold_pools_hands_do_not_follow_one_another(tmp_path: Path) -> None:
    # A Zoom tournament deals each hand at a new table under the same name: the second hand's
    # seats, button and blinds owe nothing to the first one's.
    hands = read_hands(tmp_path, TOURNAMENT_SEAT_CHANGE)
    assert [f.rule for f in judge_pool(hands)] == ["seating.no-seat-changes"]
    pool = [replace(hand, fast_fold=True) for hand in hands]
    assert all(hand.play is Play.TOURNAMENT for hand in pool)
    assert judge_pool(pool) == []
    cash_pool = [replace(hand, fast_fold=True)
                 for hand in read_hands(tmp_path, as_cash(TOURNAMENT_SEAT_CHANGE))]
    assert [hand.play for hand in cash_pool] == [Play.FAST_FOLD, Play.FAST_FOLD]


RULE = """\
rule t.only
  title "t"
  cites 1
  on {event}
  applies to {plays}
  require false
"""


def check(event: str, plays: str) -> list[tuple[str, int, int]]:
    """Each diagnostic's code, line and column."""
    text = RULE.format(event=event, plays=plays)
    (item,) = parse_rules(text, "t.rules").items
    assert isinstance(item, ast.Rule)
    return [(d.code, d.span.line, d.span.column)
            for d in check_rule(item, PARAM_TYPES, SourceText("t.rules", text))]


def test_applies_to_names_known_kinds_once_on_events_from_a_hand() -> None:
    assert check("action", "tournament, cash, fast_fold") == []
    assert check("pot", "cash") == []
    assert check("action", "cashh") == [(Code.UNKNOWN_PLAY, 5, 14)]
    assert check("action", "cash, cash") == [(Code.DUPLICATE_PLAY, 5, 20)]
    assert check("tournament_start", "tournament") == [(Code.NOT_A_HAND_EVENT, 5, 14)]


def test_applies_to_is_printed_back_as_written() -> None:
    text = RULE.format(event="hand", plays="cash, fast_fold")
    printed = format_rules(parse_rules(text, "t.rules"))
    assert "  applies to cash, fast_fold\n" in printed
    (item,) = parse_rules(printed, "t.rules").items
    assert isinstance(item, ast.Rule)
    assert [ref.play for ref in item.plays] == ["cash", "fast_fold"]


def test_a_rule_judges_only_the_kinds_it_names_by_dispatch_and_by_itself(
        tmp_path: Path) -> None:
    every = RULE.replace("  applies to {plays}\n", "").format(event="hand")
    text = ('ruleset t "t"\nclause 1 "c"\n'
            + RULE.format(event="hand", plays="cash").replace("t.only", "t.cash")
            + RULE.format(event="hand", plays="tournament").replace("t.only", "t.tour")
            + every.replace("t.only", "t.every"))
    rules_path = tmp_path / "t.rules"
    rules_path.write_text(text, encoding="utf-8")
    ruleset = load_ruleset(rules_path)
    compiled = compile_ruleset(ruleset)
    for source, expected in ((TOURNAMENT_SEAT_CHANGE, ["t.every", "t.tour"]),
                             (as_cash(TOURNAMENT_SEAT_CHANGE), ["t.cash", "t.every"])):
        path = tmp_path / "h.txt"
        path.write_text(source, encoding="utf-8")
        result = audit([path], ruleset_id(ruleset, rules_path), ruleset)
        assert sorted({f.rule for f in result.findings}) == expected
        # The compiled rule on its own (what `explain` runs) does not apply to another kind.
        hand = read_hands(tmp_path, source)[0]
        event = next(e for name, e in replay_hand(hand, TableState("x")) if name == "hand")
        rules = compiled.by_event["hand"]
        assert sorted(r.rule_id for r in rules if r.evaluate(event) is not None) == expected
        assert sorted(r.rule_id for r in rules if r.explain(event)[0] is not None) == expected


AT_RULE = """\
rule t.at
  title "t"
  cites 1
  on {event}
  require false
  at {record} {value}
"""


def check_at(event: str, record: str, value: str) -> list[tuple[str, int, int]]:
    """Each diagnostic's code, line and column."""
    text = AT_RULE.format(event=event, record=record, value=value)
    (item,) = parse_rules(text, "t.rules").items
    assert isinstance(item, ast.Rule)
    return [(d.code, d.span.line, d.span.column)
            for d in check_rule(item, PARAM_TYPES, SourceText("t.rules", text))]


def test_at_names_a_hands_record_by_a_value_of_its_kind() -> None:
    assert check_at("hand", "post", "hand.big_blind_player") == []
    assert check_at("hand", "seat", "hand.button_seat") == []
    assert check_at("action", "player", "actor.name") == []
    assert check_at("hand", "seat", "hand.big_blind_player") == [(Code.TYPE_MISMATCH, 6, 11)]
    assert check_at("hand", "chair", "1") == [(Code.UNKNOWN_RECORD, 6, 3)]
    assert check_at("tournament_start", "player", '"x"') == [(Code.NOT_A_HAND_EVENT, 6, 3)]


def test_at_is_printed_back_after_require() -> None:
    text = AT_RULE.format(event="hand", record="post", value="hand.small_blind_player")
    printed = format_rules(parse_rules(text, "t.rules"))
    assert "  require false\n  at post hand.small_blind_player\n" in printed
    (item,) = parse_rules(printed, "t.rules").items
    assert isinstance(item, ast.Rule) and item.at is not None
    assert (item.at.record, ast_text(item.at.value)) == ("post", "hand.small_blind_player")


def test_first_is_the_first_item_whose_condition_holds() -> None:
    assert check_at("hand", "player", "first(p in hand.players: p.stack_start <= 0).name") == []
    assert check_at("hand", "player", "first(p in hand.players: p.stack_start).name") == [
        (Code.TYPE_MISMATCH, 6, 38)]
