"""The rule sets in rules/: they load, type-check and compile; fulltilt accounts for every
clause; its key numbers are parameters, never literals in rules; and each policy that
tda2024 or pokerstars changes changes a verdict on a concrete, hand-built case."""

import dataclasses
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Literal

import pytest

from checker.dsl import ast
from checker.dsl.compiler import CompiledRule, compile_rule, param_value
from checker.dsl.parser import parse_rules
from checker.dsl.ruleset import Ruleset, coverage, load_ruleset
from checker.dsl.typecheck import check_param_value, check_rule
from checker.dsl.types import Type, type_from_ref
from checker.replay.facts import (
    ActionEvent,
    ActionFact,
    ActionKind,
    BettingStructure,
    BountyEvent,
    BountyFact,
    BustFact,
    CancellationEntryEvent,
    CancellationFact,
    CancellationStage,
    CancelledEntryFact,
    Chips,
    ClockEvent,
    ClockFact,
    EliminationEvent,
    EliminationFact,
    EntrantEvent,
    EntrantFact,
    Game,
    HandEndEvent,
    HandEvent,
    HandFact,
    MatrixMatchFact,
    MatrixMatchStateFact,
    Money,
    PlayerFact,
    PostEvent,
    PostFact,
    PotEvent,
    PotFact,
    PrizeCurrency,
    Seconds,
    StartFact,
    Street,
    StreetFact,
    Suit,
    TableBalanceEvent,
    TableBalanceFact,
    TableFact,
    TimeoutEvent,
    TimeoutFact,
    TournamentEndEvent,
    TournamentEndFact,
    TournamentFact,
    TournamentKind,
    WinnerFact,
)
from tests.conftest import REPO

RULES = REPO / "rules"
RULE_SETS = ("fulltilt", "tda2024", "pokerstars")
CLAUSES = {str(n) for n in range(1, 37)} | {f"31.{n}" for n in range(1, 8)}
UNCHECKED = {"4", "32", "33", "35", "36"}

Outcome = Literal["pass", "fail", "n/a", "unknown"]


# ---------------------------------------------------------------- loading and compiling


@cache
def ruleset(name: str) -> Ruleset:
    return load_ruleset(RULES / f"{name}.rules")


@cache
def param_types(name: str) -> dict[str, Type]:
    rules = ruleset(name)
    return {path: type_from_ref(p.type, p.declared.source)[0] for path, p in rules.params.items()}


@cache
def compiled(name: str, rule_id: str) -> CompiledRule:
    rules = ruleset(name)
    types = param_types(name)
    values = {path: param_value(types[path], p.value) for path, p in rules.params.items()}
    return compile_rule(rules.rules[rule_id].rule, values, param_types=types)


def outcome(name: str, rule_id: str, event: object) -> Outcome:
    verdict = compiled(name, rule_id).evaluate(event)
    if verdict is None:
        return "n/a"
    if verdict.unknown:
        return "unknown"
    return "pass" if verdict.passed else "fail"


def message(name: str, rule_id: str, event: object) -> str:
    verdict = compiled(name, rule_id).evaluate(event)
    assert verdict is not None and not verdict.passed
    return verdict.message


def outcomes(rule_id: str, event: object, names: tuple[str, ...] = RULE_SETS) -> dict[str, str]:
    return {name: outcome(name, rule_id, event) for name in names}


# ---------------------------------------------------------------- the files load and check


@pytest.mark.parametrize("name", RULE_SETS)
def test_rule_set_loads_without_diagnostics(name: str) -> None:
    rules = ruleset(name)
    assert rules.name == name
    assert rules.files[-1].endswith(f"{name}.rules")
    assert len(rules.rules) > 60


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_parameter_and_rule_type_checks(name: str) -> None:
    rules = ruleset(name)
    problems = []
    types = param_types(name)
    for path, param in rules.params.items():
        _, found = type_from_ref(param.type, param.declared.source)
        found += check_param_value(types[path], param.value, param.value_origin.source)
        problems += [d.render() for d in found]
    for loaded in rules.rules.values():
        problems += [d.render() for d in check_rule(loaded.rule, types, loaded.origin.source)]
    assert problems == []


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_rule_compiles(name: str) -> None:
    for rule_id in ruleset(name).rules:
        assert compiled(name, rule_id).rule_id == rule_id


def test_variants_extend_fulltilt_and_keep_its_clauses() -> None:
    for name in ("tda2024", "pokerstars"):
        rules = ruleset(name)
        assert rules.files[0].endswith("fulltilt.rules")
        assert set(rules.clauses) == CLAUSES


def test_overrides_and_disables_are_in_effect() -> None:
    tda, stars = ruleset("tda2024"), ruleset("pokerstars")
    for rule_id in ("betting.short-all-in-does-not-reopen", "limit.short-all-in-does-not-reopen",
                    "limit.bet-cap", "pots.hilo-split-odd-chip", "elimination.same-hand-order"):
        assert tda.rules[rule_id].origin.source.file.endswith("tda2024.rules"), rule_id
    assert "pots.stud-odd-chip-high-card" in tda.rules
    assert "pots.stud-odd-chip-high-card" not in ruleset("fulltilt").rules
    dead_button = {"blinds.big-blind-moves-one-seat", "blinds.small-blind-is-previous-big-blind",
                   "blinds.button-follows-small-blind"}
    # PokerStars also draws for the first button instead of giving it to the highest seat.
    replaced = dead_button | {"seating.first-button"}
    assert set(stars.disabled) == replaced
    assert not replaced & set(stars.rules)
    assert replaced <= set(ruleset("fulltilt").rules)


# ---------------------------------------------------------------- coverage


def test_fulltilt_declares_exactly_the_clauses_of_the_source() -> None:
    assert set(ruleset("fulltilt").clauses) == CLAUSES


def test_fulltilt_accounts_for_every_clause() -> None:
    lines = {line.clause: line for line in coverage(ruleset("fulltilt"))}
    assert set(lines) == CLAUSES
    assert [clause for clause, line in lines.items() if not line.covered] == []
    assert {clause for clause, line in lines.items() if line.unchecked_reason} == UNCHECKED
    # Every clause that is not declared unchecked is enforced by a rule.
    assert [c for c, line in lines.items() if c not in UNCHECKED and not line.rules] == []


@pytest.mark.parametrize(
    "clause, rule_id",
    [
        ("17", "posts.absent-player-posts"),
        ("18", "blinds.big-blind-moves-one-seat"),
        ("18", "blinds.small-blind-is-previous-big-blind"),
        ("18", "blinds.button-follows-small-blind"),
        ("19", "blinds.heads-up-button-posts-small-blind"),
        ("20", "seating.moved-player-waits-behind-button"),
        ("22", "pots.odd-chip-left-of-button"),
        ("23", "limit.bet-cap"),
        ("24", "betting.short-all-in-does-not-reopen"),
        ("24", "betting.min-raise"),
        ("24", "betting.pot-limit-maximum"),
        ("27", "timeout.check-or-fold"),
    ],
)
def test_named_policies_cite_their_clause(clause: str, rule_id: str) -> None:
    rule = ruleset("fulltilt").rules[rule_id].rule
    assert clause in {ref.clause for ref in rule.cites}


def test_unchecked_reasons_are_written_out() -> None:
    for clause, (reason, _) in ruleset("fulltilt").unchecked.items():
        assert len(reason.split()) >= 10, clause


# ---------------------------------------------------------------- numbers are parameters

# The key numbers of the text: parameter path -> (literal kind, value as the AST holds it).
KEY_PARAMETERS: dict[str, tuple[str, int]] = {
    "tournament.starting_stack": ("int", 1500),
    "limit.max_bets_per_round": ("int", 4),
    "bounty.min_starters": ("int", 30),
    "bounty.cap_multi_entry": ("money", 5000),
    "bounty.cap": ("money", 20000),
    "hold.gap_many_tables": ("int", 3),
    "hold.gap_few_tables": ("int", 2),
    "hold.table_threshold": ("int", 6),
    "breaks.length": ("duration", 300),
    "breaks.every": ("duration", 3600),
}
FORBIDDEN_LITERALS = set(KEY_PARAMETERS.values())


def _expressions(rule: ast.Rule) -> Iterator[ast.Expr]:
    for let in rule.lets:
        yield let.value
    for part in (rule.when, rule.require):
        if part is not None:
            yield part
    if rule.message is not None:
        yield from (p for p in rule.message.parts if not isinstance(p, str))


def _nodes(expr: ast.Expr) -> Iterator[ast.Expr]:
    yield expr
    for name in expr.__dataclass_fields__:
        value = getattr(expr, name)
        children = value if isinstance(value, tuple) else (value,)
        for child in children:
            if isinstance(child, ast.Expr):
                yield from _nodes(child)


def key_literals(rule: ast.Rule) -> list[str]:
    """The key numbers a rule writes as literals instead of reading their parameter."""
    return [
        f"{rule.rule_id}:{node.span.line}: {node.kind} {node.value}"
        for expr in _expressions(rule)
        for node in _nodes(expr)
        if isinstance(node, ast.Literal) and (node.kind, node.value) in FORBIDDEN_LITERALS
    ]


def _param_reads(rule: ast.Rule) -> set[str]:
    return {node.path for expr in _expressions(rule) for node in _nodes(expr)
            if isinstance(node, ast.ParamRef)}


def test_key_numbers_are_fulltilt_parameters() -> None:
    rules = ruleset("fulltilt")
    for path, (kind, value) in KEY_PARAMETERS.items():
        param = rules.params[path]
        assert isinstance(param.value, ast.Literal), path
        assert (param.value.kind, param.value.value) == (kind, value), path


@pytest.mark.parametrize("name", RULE_SETS)
def test_no_rule_writes_a_key_number_as_a_literal(name: str) -> None:
    found = [hit for loaded in ruleset(name).rules.values() for hit in key_literals(loaded.rule)]
    assert found == []


def test_rules_read_the_key_numbers_from_parameters() -> None:
    read = set().union(*(_param_reads(lr.rule) for lr in ruleset("fulltilt").rules.values()))
    assert set(KEY_PARAMETERS) <= read


def test_the_literal_scan_finds_a_literal_cap() -> None:
    text = (
        'ruleset x "x"\n'
        "rule limit.cap cites 23 on action\n"
        "  when street.bets_and_raises + 1 > 4 and tournament_hold(6)\n"
        "  require actor.stack >= 1500\n"
        '  message "{street.current_bet + $50}"\n'
    )
    rule = next(item for item in parse_rules(text, "x.rules").items if isinstance(item, ast.Rule))
    assert key_literals(rule) == [
        "limit.cap:3: int 4", "limit.cap:3: int 6", "limit.cap:4: int 1500",
        "limit.cap:5: money 5000",
    ]


# ---------------------------------------------------------------- fact builders


def hand(**changes: object) -> HandFact:
    base = HandFact(hand_id="7001", site="fulltilt", game=Game.HOLDEM,
                    structure=BettingStructure.NO_LIMIT, small_blind=Chips(50),
                    big_blind=Chips(100))
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def table(**changes: object) -> TableFact:
    return dataclasses.replace(TableFact(name="1"), **changes)  # type: ignore[arg-type]


def player(name: str, seat: int, chips: int, **changes: object) -> PlayerFact:
    """A player who started the hand with `chips` (and, unless changed, still has them)."""
    base = PlayerFact(name=name, seat=seat, stack_start=Chips(chips), stack=Chips(chips))
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def raise_to(to: int, increment: int, to_call: int, amount: int) -> ActionFact:
    return ActionFact(index=5, kind=ActionKind.RAISE, amount=Chips(amount), to=Chips(to),
                      all_in=False, is_raise=True, increment=Chips(increment),
                      to_call=Chips(to_call), expected_actor="Hero", line=20)


def action_event(h: HandFact, street: StreetFact, action: ActionFact, actor: PlayerFact
                 ) -> ActionEvent:
    return ActionEvent(hand=h, table=table(), street=street, action=action, actor=actor)


def tournament(**changes: object) -> TournamentFact:
    base = TournamentFact(tournament_id="T1", kind=TournamentKind.MTT, buy_in=Money(2000),
                          fee=Money(200), currency="USD", scheduled_start=Seconds(0))
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def winner(name: str, distance: int, awarded: int,
           high_card: tuple[int, list[Suit]] | None = None) -> WinnerFact:
    """`high_card`: the winner's highest rank (2-14) and the suits they hold in it."""
    rank, suits = high_card if high_card is not None else (None, [])
    return WinnerFact(player=name, seat=distance, distance_from_button=distance,
                      awarded=Chips(awarded), high_card_rank=rank, high_card_suits=suits)


def pot_event(h: HandFact, amount: int, winners: list[WinnerFact], **changes: object
              ) -> PotEvent:
    names = [w.player for w in winners]
    pot = PotFact(index=0, amount=Chips(amount), half=None, eligible=[*names, "Loser"],
                  best=names, winners=winners, paid_to_ineligible=[], shared=Chips(amount))
    return PotEvent(hand=h, pot=dataclasses.replace(pot, **changes))  # type: ignore[arg-type]


# ---------------------------------------------------------------- tda2024 changes verdicts


def _reraise_after_short_all_ins(raised: int, largest: int) -> ActionEvent:
    """Hero bet 100 on the flop; short all-ins raised by `raised` in all (the largest single
    one `largest`); Hero now re-raises."""
    street = StreetFact(name=Street.FLOP, current_bet=Chips(100 + raised),
                        last_full_raise=Chips(100), bets_and_raises=3, pot_before=Chips(900))
    hero = player("Hero", 1, 5000, stack=Chips(4900), street_in=Chips(100), has_acted=True,
                  raised_since_acted=Chips(raised), largest_raise_since_acted=Chips(largest))
    to = 100 + raised + 400
    return action_event(hand(), street, raise_to(to, 400, raised, to - 100), hero)


def test_cumulative_short_all_ins_reopen_only_under_tda() -> None:
    rule = "betting.short-all-in-does-not-reopen"
    # All-ins of +50 and +60 make 110: together a full raise of 100.
    event = _reraise_after_short_all_ins(raised=110, largest=60)
    assert outcomes(rule, event) == {"fulltilt": "fail", "tda2024": "pass", "pokerstars": "fail"}
    assert "60" in message("fulltilt", rule, event) and "100" in message("fulltilt", rule, event)
    # +40 and +50: 90, short of a full raise under every rule set.
    short = _reraise_after_short_all_ins(raised=90, largest=50)
    assert outcomes(rule, short) == {"fulltilt": "fail", "tda2024": "fail", "pokerstars": "fail"}
    # A full raise since Hero acted reopens everywhere.
    full = _reraise_after_short_all_ins(raised=100, largest=100)
    assert outcomes(rule, full) == {"fulltilt": "pass", "tda2024": "pass", "pokerstars": "pass"}


def _limit_reraise_after_all_in(largest: int) -> ActionEvent:
    """Turn, 200 a bet: Hero bet, a player went all-in for `largest` more, Hero raises."""
    h = hand(structure=BettingStructure.FIXED_LIMIT, small_bet=Chips(100), big_bet=Chips(200))
    street = StreetFact(name=Street.TURN, bet_unit=Chips(200), current_bet=Chips(200 + largest),
                        last_full_raise=Chips(200), bets_and_raises=2)
    hero = player("Hero", 2, 3000, stack=Chips(2800), street_in=Chips(200), has_acted=True,
                  raised_since_acted=Chips(largest), largest_raise_since_acted=Chips(largest))
    to = 400 + largest
    return action_event(h, street, raise_to(to, 200, largest, to - 200), hero)


def test_limit_half_bet_all_in_reopens_only_under_tda() -> None:
    rule = "limit.short-all-in-does-not-reopen"
    assert outcomes(rule, _limit_reraise_after_all_in(120)) == {
        "fulltilt": "fail", "tda2024": "pass", "pokerstars": "fail"}
    # Exactly half a bet is enough for the TDA ...
    assert outcome("tda2024", rule, _limit_reraise_after_all_in(100)) == "pass"
    # ... less is not, anywhere.
    assert outcomes(rule, _limit_reraise_after_all_in(80)) == {
        "fulltilt": "fail", "tda2024": "fail", "pokerstars": "fail"}


def _limit_raise(bets_before: int, remaining: int | None) -> ActionEvent:
    """Preflop limit: the big blind and `bets_before` raises stand; Hero raises again."""
    h = hand(structure=BettingStructure.FIXED_LIMIT, small_bet=Chips(100), big_bet=Chips(200),
             event_players_remaining=remaining, heads_up=True, players_dealt=2)
    street = StreetFact(name=Street.PREFLOP, bet_unit=Chips(100),
                        current_bet=Chips(100 * (bets_before + 1)), last_full_raise=Chips(100),
                        bets_and_raises=bets_before, opened_by_blind=True)
    to = 100 * (bets_before + 2)
    hero = player("Hero", 1, 5000, stack=Chips(4800))
    return action_event(h, street, raise_to(to, 100, 100, to - 100), hero)


def _fourth_street_big_bet(game: Game) -> ActionEvent:
    """Fourth street of a limit stud game, an open pair showing: Hero opens for the big bet."""
    h = hand(game=game, structure=BettingStructure.FIXED_LIMIT, small_bet=Chips(100),
             big_bet=Chips(200), is_stud=True, small_blind=None, big_blind=None)
    street = StreetFact(name=Street.FOURTH, bet_unit=Chips(100), current_bet=Chips(0),
                        last_full_raise=Chips(100), open_pair_on_board=True)
    hero = player("Hero", 1, 5000, stack=Chips(4800))
    bet = dataclasses.replace(raise_to(200, 200, 0, 200), kind=ActionKind.BET)
    return action_event(h, street, bet, hero)


def test_an_open_pair_allows_the_big_bet_in_seven_card_stud_only() -> None:
    rule = "limit.bet-size"
    assert outcome("fulltilt", rule, _fourth_street_big_bet(Game.STUD)) == "pass"
    # limit.open_pair_games: not in stud hi/lo nor in razz.
    assert outcome("fulltilt", rule, _fourth_street_big_bet(Game.STUD_HILO)) == "fail"
    assert outcome("fulltilt", rule, _fourth_street_big_bet(Game.RAZZ)) == "fail"


def test_limit_cap_lifts_heads_up_in_the_event_only_under_tda() -> None:
    rule = "limit.bet-cap"
    # Big blind, raise, re-raise: the fourth bet (the cap) is allowed everywhere.
    assert outcomes(rule, _limit_raise(2, 3)) == {
        "fulltilt": "pass", "tda2024": "pass", "pokerstars": "pass"}
    # A fifth bet with two players left in the event: only the TDA allows it (its cap does
    # not apply any more).
    assert outcomes(rule, _limit_raise(3, 2)) == {
        "fulltilt": "fail", "tda2024": "n/a", "pokerstars": "fail"}
    # Heads-up at the table but three left in the event, or unknown: capped everywhere.
    assert outcomes(rule, _limit_raise(3, 3)) == {
        "fulltilt": "fail", "tda2024": "fail", "pokerstars": "fail"}
    assert outcome("tda2024", rule, _limit_raise(3, None)) == "fail"
    assert "bet number 5" in message("fulltilt", rule, _limit_raise(3, 2))


def test_stud_odd_chip_goes_to_the_high_card_under_tda() -> None:
    stud = hand(game=Game.STUD, structure=BettingStructure.FIXED_LIMIT, is_stud=True,
                small_blind=None, big_blind=None, bring_in=Chips(25))
    queen, ace = (12, [Suit.CLUBS]), (14, [Suit.SPADES])
    right = pot_event(stud, 101, [winner("Low", 1, 50, high_card=queen),
                                  winner("High", 3, 51, high_card=ace)])
    wrong = pot_event(stud, 101, [winner("Low", 1, 51, high_card=queen),
                                  winner("High", 3, 50, high_card=ace)])
    tda = "pots.stud-odd-chip-high-card"
    assert outcome("tda2024", tda, right) == "pass"
    assert outcome("tda2024", tda, wrong) == "fail"
    # One rank: the suit decides, by stud.suit_order (hearts above diamonds), and a pair's
    # better suit counts (the diamond king holder also holds the spade king).
    hearts, diamonds = (13, [Suit.HEARTS]), (13, [Suit.DIAMONDS])
    assert outcome("tda2024", tda, pot_event(stud, 101, [
        winner("D", 1, 50, high_card=diamonds), winner("H", 3, 51, high_card=hearts)])) == "pass"
    assert outcome("tda2024", tda, pot_event(stud, 101, [
        winner("D", 1, 51, high_card=diamonds), winner("H", 3, 50, high_card=hearts)])) == "fail"
    pair = (13, [Suit.DIAMONDS, Suit.SPADES])
    assert outcome("tda2024", tda, pot_event(stud, 101, [
        winner("D", 1, 51, high_card=pair), winner("H", 3, 50, high_card=hearts)])) == "pass"
    # Full Tilt names no stud recipient: its odd-chip rule does not judge stud pots.
    assert outcome("fulltilt", "pots.odd-chip-left-of-button", wrong) == "n/a"


def test_odd_chip_goes_left_of_the_button_in_flop_games() -> None:
    rule = "pots.odd-chip-left-of-button"
    flop = hand(button_seat=9)
    right = pot_event(flop, 101, [winner("Near", 1, 51), winner("Far", 4, 50)])
    wrong = pot_event(flop, 101, [winner("Near", 1, 50), winner("Far", 4, 51)])
    assert outcomes(rule, right) == {"fulltilt": "pass", "tda2024": "pass", "pokerstars": "pass"}
    assert outcomes(rule, wrong) == {"fulltilt": "fail", "tda2024": "fail", "pokerstars": "fail"}
    # Without a known button (a PHH file may not place it) the distances say nothing.
    assert outcome("fulltilt", rule, dataclasses.replace(wrong, hand=hand())) == "n/a"
    # Three ways, two odd chips: one each to the two nearest.
    three = pot_event(flop, 302, [winner("A", 2, 101), winner("B", 5, 100), winner("C", 1, 101)])
    assert outcome("fulltilt", rule, three) == "pass"
    skewed = pot_event(flop, 302, [winner("A", 2, 100), winner("B", 5, 101),
                                   winner("C", 1, 101)])
    assert outcome("fulltilt", rule, skewed) == "fail"
    # A hi/lo pot whose awards do not say their half (PokerStars): a quartered pot of 400 pays
    # 300 and 100; no winner's share is known, so no verdict (and not a failure).
    h = hand(game=Game.OMAHA_HILO, structure=BettingStructure.POT_LIMIT, is_hilo=True,
             button_seat=9)
    unlabeled = pot_event(h, 400, [winner("Near", 1, 300), winner("Far", 4, 100)], shared=None)
    assert outcomes(rule, unlabeled) == {"fulltilt": "n/a", "tda2024": "n/a", "pokerstars": "n/a"}
    assert outcome("fulltilt", rule, pot_event(h, 400, [winner("Near", 1, 300),
                                                        winner("Far", 4, 100)])) == "fail"


def _hilo_high_half(high: int, whole: int) -> PotEvent:
    """Omaha hi/lo: the high half's winner sits 4 seats left of the button, the low half's 1."""
    h = hand(game=Game.OMAHA_HILO, structure=BettingStructure.POT_LIMIT, is_hilo=True,
             button_seat=9)
    return pot_event(h, high, [winner("Highhand", 4, high)], half="high",
                     whole_amount=Chips(whole), other_half_distances=[1])


def test_hilo_odd_chip_between_halves() -> None:
    rule = "pots.hilo-split-odd-chip"
    # Odd chip with the low half, whose winner is nearer the button's left: clause 22's literal
    # reading, which no rule set keeps (tests/test_site_policies.py turns it back on).
    assert outcomes(rule, _hilo_high_half(100, 201)) == {
        "fulltilt": "fail", "tda2024": "fail", "pokerstars": "fail"}
    # Odd chip with the high half: the TDA's rule, PokerStars' procedure and (issue 14) Full
    # Tilt's servers.
    assert outcomes(rule, _hilo_high_half(101, 201)) == {
        "fulltilt": "pass", "tda2024": "pass", "pokerstars": "pass"}
    # An uneven split by more than a chip is wrong everywhere.
    assert outcomes(rule, _hilo_high_half(98, 200)) == {
        "fulltilt": "fail", "tda2024": "fail", "pokerstars": "fail"}


def _payouts_judged_wrong() -> dict[str, PotEvent | HandEndEvent]:
    """For each rule that judges what a hand paid, an event it fails on every rule set that
    has it."""
    flop = hand(button_seat=9)
    stud = hand(game=Game.STUD, structure=BettingStructure.FIXED_LIMIT, is_stud=True,
                small_blind=None, big_blind=None, bring_in=Chips(25))
    ace, king = (14, [Suit.SPADES]), (13, [Suit.SPADES])
    return {
        "chips.conserved-in-hand": HandEndEvent(hand=hand(total_put_in=Chips(300)),
                                                table=table()),
        "pots.fully-awarded": pot_event(flop, 300, [winner("A", 1, 200)]),
        "pots.paid-to-eligible": pot_event(flop, 300, [winner("A", 1, 300)],
                                           paid_to_ineligible=["A"]),
        "pots.best-hand-paid": pot_event(flop, 300, [winner("A", 1, 300)], best=["B"]),
        "pots.odd-chip-left-of-button": pot_event(flop, 101, [winner("Near", 1, 50),
                                                              winner("Far", 4, 51)]),
        "pots.hilo-split-odd-chip": _hilo_high_half(98, 200),
        "pots.stud-odd-chip-high-card": pot_event(stud, 101, [
            winner("Low", 1, 51, high_card=king), winner("High", 3, 50, high_card=ace)]),
    }


def test_payout_rules_give_no_verdict_where_the_awards_are_not_recorded() -> None:
    wrong = _payouts_judged_wrong()
    # Every rule that reads what the hand paid is in the list.
    for name in RULE_SETS:
        reads_awards = {rule_id for rule_id, loaded in ruleset(name).rules.items()
                        if loaded.rule.event == "pot" or rule_id.startswith("chips.conserved")}
        assert reads_awards <= set(wrong), name
    for rule_id, event in wrong.items():
        names = tuple(n for n in RULE_SETS if rule_id in ruleset(n).rules)
        assert names and set(outcomes(rule_id, event, names).values()) == {"fail"}, rule_id
        unknown = dataclasses.replace(event, hand=dataclasses.replace(event.hand,
                                                                      awards_recorded=False))
        assert set(outcomes(rule_id, unknown, names).values()) == {"n/a"}, rule_id


def _hand_for_hand_busts(places: tuple[int, int], tables: tuple[str, str]) -> EliminationEvent:
    """Hand-for-hand: Big (5,000 chips) and Small (2,000) bust in the same deal."""
    big = BustFact(player="Big", table=tables[0], started_hand_with=Chips(5000), place=places[0],
                   prize=Money(40000 if places[0] == 10 else 30000))
    small = BustFact(player="Small", table=tables[1], started_hand_with=Chips(2000),
                     place=places[1], prize=Money(40000 if places[1] == 10 else 30000))
    tied = places[0] == places[1]
    if tied:
        big.prize = small.prize = Money(35000)
    fact = EliminationFact(player="Big", at=Seconds(9000), place=places[0],
                           started_hand_with=Chips(5000), same_hand=[big, small],
                           prize=big.prize, credited_at=Seconds(9000), table=tables[0],
                           hand_for_hand=True)
    return EliminationEvent(tournament=tournament(hand_for_hand=True), elimination=fact)


def test_busts_at_different_tables_in_hand_for_hand() -> None:
    rule = "elimination.same-hand-order"
    by_stack = _hand_for_hand_busts((10, 11), ("1", "2"))
    tie = _hand_for_hand_busts((10, 10), ("1", "2"))
    # Full Tilt's "may": either is accepted; the TDA ties them; PokerStars ranks by stack.
    assert outcomes(rule, by_stack) == {"fulltilt": "pass", "tda2024": "fail", "pokerstars": "pass"}
    assert outcomes(rule, tie) == {"fulltilt": "pass", "tda2024": "pass", "pokerstars": "fail"}
    # At one table the bigger stack finishes higher under every rule set.
    same_table_tie = _hand_for_hand_busts((10, 10), ("1", "1"))
    assert outcomes(rule, same_table_tie) == {
        "fulltilt": "fail", "tda2024": "fail", "pokerstars": "fail"}
    reversed_order = _hand_for_hand_busts((11, 10), ("1", "1"))
    assert outcomes(rule, reversed_order) == {
        "fulltilt": "fail", "tda2024": "fail", "pokerstars": "fail"}


# ---------------------------------------------------------------- pokerstars changes verdicts


def _blind_hand(dealt: list[int], button: int, small: int | None, big: int) -> HandEvent:
    """Four-handed table whose previous hand had the button on 1, blinds on 2 and 3."""
    h = hand(dealt_seats=dealt, button_seat=button, small_blind_seat=small,
             big_blind_seat=big, players=[player(f"P{s}", s, 3000) for s in dealt],
             players_dealt=len(dealt))
    t = table(previous_hand_known=True, first_hand=False, previous_button_seat=1,
              previous_small_blind_seat=2, previous_big_blind_seat=3,
              previous_dealt_seats=[1, 2, 3, 4], continuing_seats=list(dealt))
    return HandEvent(hand=h, table=t)


DEAD_BUTTON_RULES = ("blinds.button-follows-small-blind",
                     "blinds.small-blind-is-previous-big-blind", "blinds.big-blind-moves-one-seat")
MOVING_BUTTON_RULES = ("blinds.button-moves-forward", "blinds.small-blind-never-dead",
                       "blinds.big-blind-follows-small-blind")


def test_previous_small_blind_busted_dead_button_against_moving_button() -> None:
    # Seat 2 (the small blind) busted. Full Tilt: dead button on 2, blinds 3 and 4.
    dead_button = _blind_hand([1, 3, 4], button=2, small=3, big=4)
    # PokerStars: the button moves on to 3, blinds 4 and 1; seat 3 skips the small blind.
    moving = _blind_hand([1, 3, 4], button=3, small=4, big=1)
    for rule in DEAD_BUTTON_RULES:
        assert outcome("fulltilt", rule, dead_button) == "pass", rule
        assert outcome("fulltilt", rule, moving) == "fail", rule
    for rule in MOVING_BUTTON_RULES:
        assert outcome("pokerstars", rule, moving) == "pass", rule
    assert outcome("pokerstars", "blinds.button-moves-forward", dead_button) == "fail"


def test_previous_big_blind_busted_dead_small_blind_only_at_full_tilt() -> None:
    # Seat 3 (the big blind) busted. Full Tilt: button 2, no small blind, big blind 4.
    dead_small = _blind_hand([1, 2, 4], button=2, small=None, big=4)
    for rule in DEAD_BUTTON_RULES:
        assert outcome("fulltilt", rule, dead_small) == "pass", rule
    assert outcome("pokerstars", "blinds.small-blind-never-dead", dead_small) == "fail"
    # PokerStars: button 2, small blind 4, big blind 1 (seat 1 posts it early).
    forward = _blind_hand([1, 2, 4], button=2, small=4, big=1)
    for rule in MOVING_BUTTON_RULES:
        assert outcome("pokerstars", rule, forward) == "pass", rule
    assert outcome("fulltilt", "blinds.small-blind-is-previous-big-blind", forward) == "fail"
    assert outcome("fulltilt", "blinds.big-blind-moves-one-seat", forward) == "fail"


def test_regular_rotation_passes_both_ways() -> None:
    regular = _blind_hand([1, 2, 3, 4], button=2, small=3, big=4)
    for rule in DEAD_BUTTON_RULES:
        assert outcome("fulltilt", rule, regular) == "pass", rule
    for rule in MOVING_BUTTON_RULES:
        assert outcome("pokerstars", rule, regular) == "pass", rule
    skipped = _blind_hand([1, 2, 3, 4], button=2, small=3, big=1)
    assert outcome("fulltilt", "blinds.big-blind-moves-one-seat", skipped) == "fail"
    assert "due from seat 4" in message("fulltilt", "blinds.big-blind-moves-one-seat", skipped)


# ---------------------------------------------------------------- fulltilt on concrete cases


def _heads_up(button: int, small: int | None, big: int, previous_big: int,
              previous_heads_up: bool) -> HandEvent:
    h = hand(dealt_seats=[1, 3], button_seat=button, small_blind_seat=small, big_blind_seat=big,
             heads_up=True, players_dealt=2,
             players=[player("P1", 1, 4000), player("P3", 3, 5000)])
    t = table(previous_hand_known=True, first_hand=False, previous_big_blind_seat=previous_big,
              previous_small_blind_seat=2, previous_button_seat=1,
              previous_heads_up=previous_heads_up)
    return HandEvent(hand=h, table=t)


def test_heads_up_small_blind_has_the_button_when_three_become_two() -> None:
    # Seats 1, 2, 3 with the big blind on 3; seat 2 busts. Seat 1 is due the big blind and
    # seat 3 takes small blind and button, although the dead-button rotation would put the
    # button on seat 2.
    right = _heads_up(button=3, small=3, big=1, previous_big=3, previous_heads_up=False)
    assert outcome("fulltilt", "blinds.heads-up-button-posts-small-blind", right) == "pass"
    assert outcome("fulltilt", "blinds.heads-up-big-blind-due", right) == "pass"
    assert outcome("fulltilt", "blinds.button-follows-small-blind", right) == "n/a"
    twice = _heads_up(button=1, small=1, big=3, previous_big=3, previous_heads_up=False)
    assert outcome("fulltilt", "blinds.heads-up-big-blind-due", twice) == "fail"
    split = _heads_up(button=1, small=3, big=1, previous_big=3, previous_heads_up=True)
    assert outcome("fulltilt", "blinds.heads-up-button-posts-small-blind", split) == "fail"


def test_first_button_is_the_highest_occupied_seat() -> None:
    seats = [1, 2, 4, 6]
    players = [player(f"P{s}", s, 1500) for s in seats]

    def first(button: int, small: int, big: int, known: bool | None = True) -> HandEvent:
        return HandEvent(hand=hand(dealt_seats=seats, players=players, button_seat=button,
                                   small_blind_seat=small, big_blind_seat=big),
                         table=table(first_hand=known))

    assert outcome("fulltilt", "seating.first-button", first(6, 1, 2)) == "pass"
    assert outcome("fulltilt", "seating.first-blinds", first(6, 1, 2)) == "pass"
    assert outcome("fulltilt", "seating.first-button", first(1, 2, 4)) == "fail"
    assert outcome("fulltilt", "seating.first-blinds", first(6, 2, 4)) == "fail"
    # Not known to be the tournament's first hand (a hand text never proves it): no verdict.
    assert outcome("fulltilt", "seating.first-button", first(1, 2, 4, None)) == "n/a"
    assert outcome("fulltilt", "seating.first-blinds", first(6, 2, 4, None)) == "n/a"


def test_moved_player_between_button_and_small_blind_sits_out() -> None:
    # Button 2, small blind 5, big blind 6; the new player on seat 3 is dealt in.
    seats = [1, 2, 3, 5, 6]
    h = hand(dealt_seats=seats, button_seat=2, small_blind_seat=5, big_blind_seat=6,
             players=[player(f"P{s}", s, 2000) for s in seats])
    arrived = table(previous_hand_known=True, first_hand=False, arrived=["P3"])
    rule = "seating.moved-player-waits-behind-button"
    assert outcome("fulltilt", rule, HandEvent(hand=h, table=arrived)) == "fail"
    # Arriving on seat 1 (after the big blind) or onto the small blind's seat is fine.
    for seat in ("P1", "P5"):
        fine = table(previous_hand_known=True, first_hand=False, arrived=[seat])
        assert outcome("fulltilt", rule, HandEvent(hand=h, table=fine)) == "pass", seat


def test_sitting_out_player_posts_in_full() -> None:
    def post(amount: int, sitting_out: bool, all_in: bool = False) -> PostEvent:
        fact = PostFact(kind=ActionKind.BIG_BLIND, player="Away", seat=4, amount=Chips(amount),
                        required=Chips(100), all_in=all_in, sitting_out=sitting_out,
                        disconnected=False, line=5)
        return PostEvent(hand=hand(), table=table(), post=fact)

    assert outcome("fulltilt", "posts.absent-player-posts", post(100, True)) == "pass"
    assert outcome("fulltilt", "posts.absent-player-posts", post(50, True)) == "fail"
    assert outcome("fulltilt", "posts.absent-player-posts", post(50, True, all_in=True)) == "pass"
    assert outcome("fulltilt", "posts.full-amount", post(50, True)) == "n/a"
    assert outcome("fulltilt", "posts.full-amount", post(50, False)) == "fail"


def test_time_out_checks_when_free_else_folds() -> None:
    def timed_out(free: bool, then: ActionKind) -> TimeoutEvent:
        return TimeoutEvent(hand=hand(), timeout=TimeoutFact(player="Slow", check_was_free=free,
                                                             then=then, line=9))

    rule = "timeout.check-or-fold"
    assert outcome("fulltilt", rule, timed_out(True, ActionKind.CHECK)) == "pass"
    assert outcome("fulltilt", rule, timed_out(False, ActionKind.FOLD)) == "pass"
    assert outcome("fulltilt", rule, timed_out(True, ActionKind.FOLD)) == "fail"
    assert outcome("fulltilt", rule, timed_out(False, ActionKind.CHECK)) == "fail"


def test_table_hold_gaps_around_six_tables() -> None:
    def held(gap: int, tables: int) -> TableBalanceEvent:
        fact = TableBalanceFact(table="4", players=9 - gap, fullest_players=9,
                                tables_remaining=tables, held=True)
        return TableBalanceEvent(tournament=tournament(tables_remaining=tables), balance=fact)

    rule = "tables.hold-only-when-short"
    assert outcome("fulltilt", rule, held(3, 7)) == "pass"
    assert outcome("fulltilt", rule, held(2, 7)) == "fail"
    assert outcome("fulltilt", rule, held(2, 6)) == "pass"
    assert outcome("fulltilt", rule, held(1, 6)) == "fail"


def test_bounty_caps() -> None:
    def bounty(buy_in: int, multi_entry: bool, paid: int, starters: int = 120) -> BountyEvent:
        fact = BountyFact(eliminated="Pro", eliminated_is_pro=True, starters=starters,
                          multi_entry=multi_entry, largest_pot_winners=["A", "B"],
                          paid_to=["A", "B"], amount_each=Money(paid),
                          after_all_seats_decided=False)
        return BountyEvent(tournament=tournament(buy_in=Money(buy_in)), bounty=fact)

    rule = "bounty.paid-to-largest-pot-winners"
    assert outcome("fulltilt", rule, bounty(30000, True, 5000)) == "pass"
    assert outcome("fulltilt", rule, bounty(30000, True, 20000)) == "fail"
    assert outcome("fulltilt", rule, bounty(30000, False, 20000)) == "pass"
    assert outcome("fulltilt", rule, bounty(1000, False, 1000)) == "pass"
    # Fewer than 30 starters: no bounty is due, so paying one is wrong.
    assert outcome("fulltilt", rule, bounty(1000, False, 1000, starters=29)) == "n/a"
    assert outcome("fulltilt", "bounty.none-when-not-due",
                   bounty(1000, False, 1000, starters=29)) == "fail"
    assert outcome("fulltilt", "bounty.none-when-not-due", bounty(1000, False, 1000)) == "n/a"


def test_starting_stack_defaults_to_1500() -> None:
    def start(stack: int, terms: int | None) -> EntrantEvent:
        entrants = [EntrantFact(player=f"P{n}", table="1", seat=n, starting_stack=Chips(stack))
                    for n in range(1, 10)]
        return EntrantEvent(tournament=tournament(terms_starting_stack=terms),
                            start=StartFact(at=Seconds(0), entrants=entrants),
                            entrant=entrants[0])

    rule = "tournament.starting-stack"
    assert outcome("fulltilt", rule, start(1500, None)) == "pass"
    assert outcome("fulltilt", rule, start(2000, None)) == "fail"
    assert outcome("fulltilt", rule, start(2000, 2000)) == "pass"


def test_mtt_break_due_every_hour_and_sit_and_go_once() -> None:
    def clock(kind: TournamentKind, played: int, breaks: int) -> ClockEvent:
        return ClockEvent(tournament=tournament(kind=kind),
                          clock=ClockFact(at=Seconds(played), played_since_last_break=Seconds(
                              played), breaks_so_far=breaks))

    rule = "breaks.not-overdue"
    assert outcome("fulltilt", rule, clock(TournamentKind.MTT, 3540, 2)) == "pass"
    assert outcome("fulltilt", rule, clock(TournamentKind.MTT, 3660, 2)) == "fail"
    assert outcome("fulltilt", rule, clock(TournamentKind.SIT_AND_GO, 3660, 0)) == "fail"
    assert outcome("fulltilt", rule, clock(TournamentKind.SIT_AND_GO, 3660, 1)) == "n/a"


def _cancelled_heads_up(paid: int) -> CancellationEntryEvent:
    """Clause 31.6's example: a $20+$1 heads-up Sit & Go cancelled at 1,800 to 1,200."""
    entries = [
        CancelledEntryFact(player="A", chips=Chips(1800), buy_in=Money(2000), fee=Money(100),
                           via_satellite=False, paid=Money(paid),
                           paid_currency=PrizeCurrency.CASH),
        CancelledEntryFact(player="B", chips=Chips(1200), buy_in=Money(2000), fee=Money(100),
                           via_satellite=False, paid=Money(1700),
                           paid_currency=PrizeCurrency.CASH),
    ]
    fact = CancellationFact(at=Seconds(600), stage=CancellationStage.BEFORE_MONEY,
                            entries=entries, total_chips=Chips(3000),
                            eliminated_buy_ins=Money(0), prize_pool=Money(4000),
                            paid_out_so_far=Money(0), guarantee=None, non_cash_value=Money(0))
    return CancellationEntryEvent(tournament=tournament(kind=TournamentKind.HEADS_UP),
                                  cancellation=fact, entry=entries[0])


def test_heads_up_cancellation_follows_the_worked_example() -> None:
    rule = "cancellation.heads-up-sit-and-go"
    # A: the $1 fee back and $24 of the $40 pool.
    assert outcome("fulltilt", rule, _cancelled_heads_up(2500)) == "pass"
    assert outcome("fulltilt", rule, _cancelled_heads_up(2400)) == "fail"
    assert "$25.00" in message("fulltilt", rule, _cancelled_heads_up(2400))
    # The general before-the-money rule leaves heads-up events to 31.6.
    assert outcome("fulltilt", "cancellation.before-the-money", _cancelled_heads_up(2400)) == "n/a"


def _raise_in(structure: BettingStructure, increment: int, to: int, max_to: int | None
              ) -> ActionEvent:
    street = StreetFact(name=Street.FLOP, current_bet=Chips(200), last_full_raise=Chips(200),
                        bets_and_raises=1, pot_before=Chips(600), pot_limit_max_to=(
                            Chips(max_to) if max_to is not None else None))
    hero = player("Hero", 3, 5000)
    return action_event(hand(structure=structure), street,
                        raise_to(to, increment, 200, to), hero)


def test_minimum_raise_and_pot_limit_maximum() -> None:
    assert outcome("fulltilt", "betting.min-raise",
                   _raise_in(BettingStructure.NO_LIMIT, 200, 400, None)) == "pass"
    assert outcome("fulltilt", "betting.min-raise",
                   _raise_in(BettingStructure.NO_LIMIT, 150, 350, None)) == "fail"
    assert outcome("fulltilt", "betting.pot-limit-maximum",
                   _raise_in(BettingStructure.POT_LIMIT, 1200, 1400, 1400)) == "pass"
    assert outcome("fulltilt", "betting.pot-limit-maximum",
                   _raise_in(BettingStructure.POT_LIMIT, 1300, 1500, 1400)) == "fail"
    assert outcome("fulltilt", "betting.pot-limit-maximum",
                   _raise_in(BettingStructure.NO_LIMIT, 5000, 5200, None)) == "n/a"


def test_rules_files_hold_no_tabs_and_end_with_a_newline() -> None:
    for name in RULE_SETS:
        text = Path(RULES / f"{name}.rules").read_text(encoding="utf-8")
        assert "\t" not in text and text.endswith("\n"), name


def test_small_blind_owed_by_a_previous_big_blind_still_seated() -> None:
    rule = "blinds.small-blind-is-previous-big-blind"
    # Seat 3 posted the big blind last hand and is still dealt in: a dead small blind is wrong.
    skipped = _blind_hand([1, 2, 3, 4], button=2, small=None, big=4)
    assert outcome("fulltilt", rule, skipped) == "fail"
    wrong_seat = _blind_hand([1, 2, 3, 4], button=2, small=4, big=1)
    assert outcome("fulltilt", rule, wrong_seat) == "fail"


def _before_the_money(paid: int, guarantee: int | None) -> CancellationEntryEvent:
    """Ten $10+$1 entrants, seven eliminated; cancelled with 5,000 / 3,000 / 2,000 chips."""
    entries = [
        CancelledEntryFact(player=name, chips=Chips(chips), buy_in=Money(1000), fee=Money(100),
                           via_satellite=False, paid=Money(paid),
                           paid_currency=PrizeCurrency.CASH, entered_with=PrizeCurrency.CASH)
        for name, chips in (("A", 5000), ("B", 3000), ("C", 2000))
    ]
    fact = CancellationFact(
        at=Seconds(3000), stage=CancellationStage.BEFORE_MONEY, entries=entries,
        total_chips=Chips(10000), eliminated_buy_ins=Money(7000), prize_pool=Money(10000),
        paid_out_so_far=Money(0), guarantee=None if guarantee is None else Money(guarantee),
        non_cash_value=Money(0))
    return CancellationEntryEvent(tournament=tournament(buy_in=Money(1000), fee=Money(100)),
                                  cancellation=fact, entry=entries[0])


def test_before_the_money_cancellation_shares_eliminated_buy_ins_by_chips() -> None:
    rule = "cancellation.before-the-money"
    # A: $11 back and half of the $70 of eliminated buy-ins.
    assert outcome("fulltilt", rule, _before_the_money(4600, None)) == "pass"
    assert outcome("fulltilt", rule, _before_the_money(4500, None)) == "fail"
    # A $200 guarantee: the guaranteed pool less the $30 refunded is divided, $85 to A.
    assert outcome("fulltilt", rule, _before_the_money(9600, 20000)) == "pass"
    assert outcome("fulltilt", rule, _before_the_money(4600, 20000)) == "fail"


def test_matrix_cancellation_adds_fees_matches_and_both_shares() -> None:
    def entry(name: str, chips: int, score: int, above: int, paid: int) -> CancelledEntryFact:
        return CancelledEntryFact(
            player=name, chips=Chips(chips), buy_in=Money(2000), fee=Money(200),
            via_satellite=False, paid=Money(paid), paid_currency=PrizeCurrency.CASH,
            matches=[MatrixMatchFact(match="1", buy_in=Money(500), in_the_money=True,
                                     next_payout=Money(1500)),
                     MatrixMatchFact(match="3", buy_in=Money(500), in_the_money=False)],
            estimated_matrix_score=score, matrix_players_surely_above=above)

    def cancelled(paid: int) -> CancellationEntryEvent:
        entries = [entry("Me", 3000, 60, 0, paid), entry("You", 4000, 40, 2, 0),
                   entry("Out", 3000, 50, 3, 0)]
        fact = CancellationFact(
            at=Seconds(2000), stage=CancellationStage.BEFORE_MONEY, entries=entries,
            total_chips=Chips(10000), eliminated_buy_ins=Money(4000), prize_pool=Money(20000),
            paid_out_so_far=Money(0), guarantee=None, non_cash_value=Money(0),
            matrix_score_pool=Money(10000), whole_matrix=True,
            matrix_matches=[
                MatrixMatchStateFact(match="1", buy_in=Money(500), finished=False,
                                     in_the_money=True, players_remaining=3),
                MatrixMatchStateFact(match="2", buy_in=Money(500), finished=True,
                                     in_the_money=True, players_remaining=1),
                MatrixMatchStateFact(match="3", buy_in=Money(500), finished=False,
                                     in_the_money=False, players_remaining=4)],
            matrix_out_of_every_match=8, matrix_paid_places=3)
        return CancellationEntryEvent(tournament=tournament(kind=TournamentKind.MATRIX),
                                      cancellation=fact, entry=entries[0])

    rule = "cancellation.matrix"
    # $2 fee + $15 (match 1, in the money) + $5 (match 3) + $12 (3/10 of the 8 players' $5
    # in match 3, the only match before the money: $40) + $60 (60/100 of the $100 score
    # pool: three players surely above "Out" with three positions paid, so only Me and You
    # share it) = $94.
    assert outcome("fulltilt", rule, cancelled(9400)) == "pass"
    assert outcome("fulltilt", rule, cancelled(9000)) == "fail"
    assert "$94.00" in message("fulltilt", rule, cancelled(9000))


def test_a_cancelled_tournament_need_not_end_with_one_player() -> None:
    def ended(players: int, cancelled: bool) -> TournamentEndEvent:
        fact = TournamentEndFact(chips_at_start=Chips(27000), chips_at_end=Chips(27000),
                                 players_with_chips=players, cancelled=cancelled)
        return TournamentEndEvent(tournament=tournament(), end=fact)

    rule = "tournament.plays-to-one-winner"
    assert outcome("fulltilt", rule, ended(1, False)) == "pass"
    assert outcome("fulltilt", rule, ended(3, False)) == "fail"
    assert outcome("fulltilt", rule, ended(3, True)) == "n/a"
