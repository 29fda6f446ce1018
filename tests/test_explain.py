"""`feltcheck explain`: one hand told step by step, with every rule that applied.

The planted fixtures say what each hand holds (hand_histories/fixtures/README.md); the values
checked here are read off the fixture texts, and the betting state is checked against a
ledger kept by this test from the hand's own lines.
"""

import re
from pathlib import Path

import pytest

from checker.cli import main
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.explain.hands import ExplainError, HandExplanation, explain_hand
from checker.report.explain_html import render_explain_html
from checker.report.explain_text import render_explain_text
from tests.conftest import REPO

FIXTURES = REPO / "hand_histories" / "fixtures"
RULES = REPO / "rules" / "fulltilt.rules"
ODD_CHIP = "pots.odd-chip-left-of-button"
PHH = REPO.parent / "shared" / "corpus" / "real" / "phh" / "phh_spec_examples"


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset(RULES)


def _applications(e: HandExplanation, rule_id: str) -> list[str]:
    return [r.verdict for r in e.rules if r.rule_id == rule_id]


def test_the_planted_odd_chip_shows_the_failing_rule_with_expected_and_recorded(
        rules: Ruleset) -> None:
    e = explain_hand(FIXTURES / "odd-chip.planted.txt", "911000001", rules)
    (odd,) = [r for r in e.rules if r.rule_id == ODD_CHIP]
    assert odd.verdict == "failed" and odd.clauses[0].clause == "22"
    assert odd.clauses[0].text.startswith("When a pot cannot be divided equally")
    # 75 chips two ways in single chips (a tournament, the rule's `let unit`): 37 each (its
    # `let base`), one odd chip.
    assert [(b.name, b.value) for b in odd.trace.lets] == [("unit", "1"), ("base", "37")]
    # The record pays Carol (the button) 38 and Bob (nearer the button's left) 37: the rule's
    # expected award for Bob is the share plus the odd chip, 38.
    broken = [c for c in odd.trace.deciding if c.holds is False]
    assert broken, "the failing comparisons are shown"
    first = broken[0]
    assert [(b.name, b.value) for b in first.where] == [("w", "Bob")]
    assert (first.recorded_text, first.recorded, first.op, first.expected) == (
        "w.awarded", "37", "==", "38")
    (pot,) = e.pots
    assert pot.paid_above_even_share == ("Carol",) and pot.odd_chips == 1
    assert e.steps[-1].failed == (ODD_CHIP,)


def test_the_clean_twin_shows_the_same_rule_passing(rules: Ruleset) -> None:
    e = explain_hand(FIXTURES / "odd-chip.twin.txt", "911000002", rules)
    assert _applications(e, ODD_CHIP) == ["passed"]
    assert e.failures == ()
    (pot,) = e.pots
    assert pot.paid_above_even_share == ("Bob",)
    odd = next(r for r in e.rules if r.rule_id == ODD_CHIP)
    assert all(c.holds for c in odd.trace.deciding)


def test_a_rule_that_does_not_apply_is_not_listed(rules: Ruleset) -> None:
    # No raise in the odd-chip hand: the min-raise rule's `when` never holds.
    e = explain_hand(FIXTURES / "odd-chip.planted.txt", "911000001", rules)
    assert _applications(e, "betting.min-raise") == []
    # Eight checks (preflop's big blind, and two per later street), each judged once.
    assert _applications(e, "betting.check-only-when-free") == ["passed"] * 7


def test_asked_for_them_the_events_a_rule_left_out_come_with_their_when_and_act(
        rules: Ruleset) -> None:
    e = explain_hand(FIXTURES / "odd-chip.planted.txt", "911000001", rules, "betting.min-raise",
                     unapplied=True)
    assert e.rules == ()
    # The two blinds are acts 0 and 1 (posts: not `action` events); then Carol calls, Alice
    # folds, Bob checks, and two checks on each later street: acts 2 to 10, none a raise.
    assert [(a.action, a.verdict) for a in e.unapplied] == [(n, "not applied")
                                                            for n in range(2, 11)]
    fold = e.unapplied[1]
    assert fold.event_label == "action 3: Alice folds on the preflop"
    assert fold.trace.when is not None and fold.trace.when.truth is False
    assert fold.trace.require is None and fold.trace.deciding == ()
    # Without asking, the explanation the reports render is as before.
    assert explain_hand(FIXTURES / "odd-chip.planted.txt", "911000001", rules).unapplied == ()


_LINE = re.compile(r"^(\w+) (posts the small blind of|posts the big blind of|raises to|calls|"
                   r"bets|folds|checks)\s*([\d,]*)")


def _ledger(text: str) -> list[dict[str, object]]:
    """An independent account of a one-street Full Tilt hand: per act, what the actor had to
    call, the pot before, and every stack and the pot after."""
    stacks = {m[1]: int(m[2].replace(",", "")) for m in
              re.finditer(r"^Seat \d+: (\w+) \(([\d,]+)\)", text, re.M)}
    front = dict.fromkeys(stacks, 0)
    pot = bet = 0
    last_raise = 0
    acts = []
    for line in text.splitlines():
        found = _LINE.match(line)
        if not found:
            continue
        player, verb, number = found[1], found[2], int(found[3].replace(",", "") or 0)
        if verb.startswith("posts"):
            put = number
            bet, last_raise = max(bet, number), max(last_raise, number)
        else:
            to_call, pot_before, min_to = bet - front[player], pot, bet + last_raise
            put = {"raises to": number - front[player], "calls": number, "bets": number}.get(
                verb, 0)
            if verb == "raises to":
                last_raise, bet = max(last_raise, number - bet), number
        stacks[player] -= put
        front[player] += put
        pot += put
        if not verb.startswith("posts"):
            acts.append({"to_call": to_call, "pot_before": pot_before, "min_raise_to": min_to,
                         "pot": pot, "stacks": dict(stacks)})
    return acts


def test_the_state_before_and_after_each_act_agrees_with_an_independent_ledger(
        rules: Ruleset) -> None:
    path = FIXTURES / "min-raise.twin.txt"
    expected = _ledger(path.read_text(encoding="utf-8"))
    e = explain_hand(path, "910100002", rules)
    acts = [s for s in e.steps if s.kind == "action"]
    assert len(acts) == len(expected) == 4
    for step, want in zip(acts, expected, strict=True):
        assert step.before is not None
        assert step.before.to_call == want["to_call"], step.description
        assert step.before.pot == want["pot_before"], step.description
        assert step.before.min_raise_to == want["min_raise_to"], step.description
        assert step.pot == want["pot"], step.description
        assert {p.name: p.stack for p in step.players} == want["stacks"], step.description
    # Alice raises to 100 over Carol's 60: Bob, who had acted only by posting, may still act.
    alice = acts[1]
    assert [p.name for p in alice.players if p.raise_option] == ["Bob", "Carol"]
    # The hand ends with Alice's uncalled 40 back and the pot of 140 hers: 1500 - 100 + 40 +
    # 140; the others keep what they did not put in; no chip made or lost.
    end = e.steps[-1]
    assert end.kind == "showdown" and end.pot == 140
    assert {p.name: p.stack for p in end.players} == {"Alice": 1580, "Bob": 1480,
                                                      "Carol": 1440}


def test_a_hand_inside_a_tournament_log_in_a_folder(rules: Ruleset) -> None:
    e = explain_hand(FIXTURES, "80230101", rules, "timeout")
    assert e.source_format == "tournament-log"
    assert e.file.endswith("log-hand-timeout-folds.planted.jsonl")
    (timeout,) = e.rules
    assert timeout.rule_id == "timeout.check-or-fold" and timeout.verdict == "failed"
    (broken,) = timeout.trace.deciding
    assert (broken.recorded, broken.expected) == ("fold", "check")


def test_a_phh_hand(rules: Ruleset) -> None:
    path = PHH / "dwan_ivey_2009_full_tilt_million_dollar_cash_game.phh"
    e = explain_hand(path, path.stem, rules)
    assert e.source_format == "phh"
    assert {s.name for s in e.seats} >= {"Phil Ivey", "Tom Dwan"}
    assert e.boards and len(e.boards[0]) == 5


def test_rule_narrows_the_rules_shown(rules: Ruleset) -> None:
    e = explain_hand(FIXTURES / "odd-chip.planted.txt", "911000001", rules, "pots")
    assert {r.rule_id for r in e.rules} == {
        "pots.best-hand-paid", "pots.fully-awarded", ODD_CHIP, "pots.paid-to-eligible"}
    # The steps still mark what failed, whatever is shown.
    assert e.steps[-1].failed == (ODD_CHIP,)


def test_not_found_and_bad_paths_are_errors(rules: Ruleset, tmp_path: Path) -> None:
    with pytest.raises(ExplainError, match="hand 999 not found"):
        explain_hand(FIXTURES / "odd-chip.planted.txt", "999", rules)
    with pytest.raises(ExplainError, match="no such file"):
        explain_hand(tmp_path / "missing.txt", "911000001", rules)
    with pytest.raises(ExplainError, match=r"no rule 'pots\.nope'"):
        explain_hand(FIXTURES / "odd-chip.planted.txt", "911000001", rules, "pots.nope")


def test_the_command_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    planted = str(FIXTURES / "odd-chip.planted.txt")
    page = tmp_path / "hand.html"
    assert main(["explain", planted, "--hand", "911000001", "--html", str(page)]) == 0
    out = capsys.readouterr().out
    assert "FAILED  pots.odd-chip-left-of-button" in out
    assert "where w = Bob: " in out and "recorded w.awarded = 37; expected == " in out
    assert "base + unit else base = 38 -> DOES NOT HOLD" in out
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert main(["explain", planted, "--hand", "1"]) == 2
    assert "hand 1 not found" in capsys.readouterr().err
    assert main(["explain", str(tmp_path / "nothing"), "--hand", "1"]) == 2
    bad = tmp_path / "bad.rules"
    bad.write_text("ruleset bad \"x\"\nrule nope\n", encoding="utf-8")
    assert main(["explain", planted, "--hand", "911000001", "--rules", str(bad)]) == 2


def test_same_input_same_bytes(rules: Ruleset) -> None:
    path = FIXTURES / "short-all-in-reraise.planted.txt"
    first = explain_hand(path, "910000001", rules)
    second = explain_hand(path, "910000001", load_ruleset(RULES))
    assert render_explain_text(first) == render_explain_text(second)
    assert render_explain_html(first) == render_explain_html(second)


def test_player_strings_are_escaped_in_the_page(rules: Ruleset, tmp_path: Path) -> None:
    text = (FIXTURES / "odd-chip.planted.txt").read_text(encoding="utf-8")
    hostile = tmp_path / "hostile.txt"
    hostile.write_text(text.replace("Carol", "Ca<i>rol"), encoding="utf-8")
    e = explain_hand(hostile, "911000001", rules)
    assert any(s.name == "Ca<i>rol" for s in e.seats), "the reader kept the name as written"
    page = render_explain_html(e)
    assert "Ca<i>rol" not in page
    assert "Ca&lt;i&gt;rol" in page
    assert "</script>" not in page.split('id="explain-data">', 1)[1].split("</script>", 1)[0]
    assert "http://" not in page and "https://" not in page
