"""The rules compiler and built-ins: verdicts over hand-built facts, three-valued logic,
quantifiers, messages, evidence, traces, and traced = untraced on random inputs."""

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.dsl import ast, builtins
from checker.dsl.compiler import (
    PASSED,
    CompiledRule,
    Verdict,
    compile_rule,
    param_value,
    render,
    type_of_value,
)
from checker.dsl.diagnostics import SourceText
from checker.dsl.formatter import format_expression as expr_text
from checker.dsl.parser import parse_expression, parse_rules
from checker.dsl.typecheck import check_rule
from checker.dsl.types import (
    BOOL,
    CHIPS,
    DURATION,
    ENUM_TYPES,
    INT,
    MONEY,
    PERCENT,
    STRING,
    ListType,
    Optional,
    Type,
)
from checker.replay.facts import (
    ActionEvent,
    ActionFact,
    ActionKind,
    BettingStructure,
    ChatEvent,
    ChatFact,
    Chips,
    Game,
    HandEvent,
    HandFact,
    Money,
    Percent,
    PlayerFact,
    RegistrationEvent,
    RegistrationFact,
    Seconds,
    Street,
    StreetFact,
    Suit,
    TableFact,
    TournamentFact,
    TournamentKind,
)

PARAM_TYPES: dict[str, Type] = {
    "limit.max_bets": INT,
    "guarantee": MONEY,
    "big.stack": CHIPS,
    "kinds": ListType(ENUM_TYPES["action_kind"]),
    "words": ListType(STRING),
}
PARAMS: dict[str, object] = {
    "limit.max_bets": 4,
    "guarantee": 100_000,
    "big.stack": 5000,
    "kinds": [ActionKind.BET, ActionKind.RAISE],
    "words": ["flush", "the nuts"],
}


def compile_text(text: str, *, trace: bool = False,
                 params: Mapping[str, object] = PARAMS,
                 param_types: Mapping[str, Type] = PARAM_TYPES) -> CompiledRule:
    """Parse, check (it must check clean) and compile the one rule of `text`."""
    (item,) = parse_rules(text, "t.rules").items
    assert isinstance(item, ast.Rule)
    assert check_rule(item, param_types, SourceText("t.rules", text)) == []
    return compile_rule(item, params, trace=trace, param_types=param_types)


def make(require: str, *, on: str = "action", when: str | None = None,
         lets: tuple[str, ...] = (), message: str | None = None,
         trace: bool = False) -> CompiledRule:
    lines = ["rule t.r", '  title "T" cites 7, 31.2 severity warning', f"  on {on}"]
    lines += [f"  let {let}" for let in lets]
    if when is not None:
        lines.append(f"  when {when}")
    lines.append(f"  require {require}")
    if message is not None:
        lines.append(f'  message "{message}"')
    return compile_text("\n".join(lines) + "\n", trace=trace)


# ---------------------------------------------------------------- facts


def player(name: str, seat: int, stack: int, **fields: Any) -> PlayerFact:
    return PlayerFact(name, seat, Chips(fields.pop("stack_start", stack)), Chips(stack),
                      **fields)


def hand(**fields: Any) -> HandFact:
    base: dict[str, Any] = {
        "hand_id": "31493013129", "site": "fulltilt", "game": Game.HOLDEM,
        "structure": BettingStructure.NO_LIMIT, "small_blind": Chips(10),
        "big_blind": Chips(20), "button_seat": 1, "dealt_seats": [1, 3, 4],
        "players": [player("Ann", 1, 900), player("Bob", 3, 0, all_in=True, stack_start=130),
                    player("Cy", 4, 1880, folded=True)],
        "players_dealt": 3,
    }
    return HandFact(**{**base, **fields})


def action(**fields: Any) -> ActionFact:
    base: dict[str, Any] = {
        "index": 7, "kind": ActionKind.RAISE, "amount": Chips(300), "to": Chips(400),
        "all_in": False, "is_raise": True, "increment": Chips(270), "to_call": Chips(30),
        "expected_actor": "Ann", "line": 17,
    }
    return ActionFact(**{**base, **fields})


def short_all_in(**actor_fields: Any) -> ActionEvent:
    """Ann raised to 100 (a full raise of 80); Bob went all in for 130 (a raise of 30, short
    of a full raise); Ann, who has acted, now re-raises to 400."""
    actor_base: dict[str, Any] = {
        "has_acted": True, "street_in": Chips(100), "raised_since_acted": Chips(30),
        "largest_raise_since_acted": Chips(30),
    }
    fields = {**actor_base, **actor_fields}
    actor = player("Ann", 1, fields.pop("stack", 900), **fields)
    street = StreetFact(Street.PREFLOP, current_bet=Chips(130), last_full_raise=Chips(80),
                        bets_and_raises=2, opened_by_blind=True, pot_before=Chips(260))
    return ActionEvent(hand(), TableFact("Table 1"), street, action(), actor)


def registration(**fields: Any) -> RegistrationEvent:
    base: dict[str, Any] = {
        "tournament_id": "T1", "kind": TournamentKind.MTT, "buy_in": Money(1000),
        "fee": Money(100), "currency": "USD", "scheduled_start": Seconds(0),
        "prize_pool": Money(98_750), "payout_shares": [Percent(5000), Percent(3000),
                                                        Percent(2000)],
        "entrants": 99,
    }
    tournament = TournamentFact(**{**base, **fields})
    return RegistrationEvent(tournament, RegistrationFact("Ann", Seconds(5400), True, 98))


SHORT_ALL_IN_RULE = """\
rule betting.no-reopen-after-short-allin
  title "A short all-in does not reopen the betting"
  cites 24
  severity error
  on action
  when hand.structure in {no_limit, pot_limit} and action.is_raise and actor.has_acted
  require actor.largest_raise_since_acted >= street.last_full_raise
  message "{actor} re-raised to {action.to}, but the only raise since they acted was \
{actor.largest_raise_since_acted} (a full raise is {street.last_full_raise})"
"""


# ---------------------------------------------------------------- verdicts


def test_a_short_all_in_does_not_reopen_the_betting() -> None:
    rule = compile_text(SHORT_ALL_IN_RULE)
    verdict = rule.evaluate(short_all_in())
    assert verdict == Verdict(
        passed=False,
        message="Ann re-raised to 400, but the only raise since they acted was 30 (a full "
                "raise is 80)",
        evidence={"actor.largest_raise_since_acted": 30, "street.last_full_raise": 80,
                  "actor": "Ann", "action.to": 400},
        trace=[],
    )


def test_a_full_raise_since_acting_reopens_it() -> None:
    rule = compile_text(SHORT_ALL_IN_RULE)
    assert rule.evaluate(short_all_in(largest_raise_since_acted=Chips(80))) is PASSED


def test_the_rule_does_not_apply_when_its_when_is_false() -> None:
    rule = compile_text(SHORT_ALL_IN_RULE)
    assert rule.evaluate(short_all_in(has_acted=False)) is None
    event = short_all_in()
    event.hand.structure = BettingStructure.FIXED_LIMIT
    assert rule.evaluate(event) is None


def test_a_compiled_rule_carries_its_identity() -> None:
    rule = make("true")
    assert (rule.rule_id, rule.event, rule.severity, rule.clauses, rule.title) == (
        "t.r", "action", "warning", ("7", "31.2"), "T")


def test_compiling_an_unchecked_rule_is_refused() -> None:
    (item,) = parse_rules("rule t.r\n  on action\n  require actor.stak > 0\n", "t").items
    assert isinstance(item, ast.Rule)
    with pytest.raises(ValueError, match="stak"):
        compile_rule(item, {})


def test_lets_whens_and_parameters() -> None:
    rule = make("live <= param.limit.max_bets and big", lets=(
        "live = count(p in hand.players: not p.folded)",
        "big = actor.stack * 2 > param.big.stack",
    ), when="action.kind in param.kinds")
    assert rule.evaluate(short_all_in()) is not None
    assert rule.evaluate(short_all_in()).passed is False  # type: ignore[union-attr]
    assert rule.evaluate(short_all_in(stack=Chips(2600))) is PASSED
    event = short_all_in()
    event.action.kind = ActionKind.CALL
    assert rule.evaluate(event) is None


# ---------------------------------------------------------------- three-valued logic


@pytest.mark.parametrize(("ante", "expected"), [
    (None, None), (Chips(0), False), (Chips(5), True),
])
def test_ordering_with_an_unknown_operand_is_unknown(ante: Chips | None,
                                                     expected: bool | None) -> None:
    rule = make("hand.ante > 0", on="hand")
    verdict = rule.evaluate(HandEvent(hand(ante=ante), TableFact("t")))
    assert verdict is not None
    assert (verdict.passed, verdict.unknown) == {
        None: (True, True), False: (False, False), True: (True, False)}[expected]


# Kleene's tables, written out: (a, b) -> a and b, a or b.
_AND = {(True, True): True, (True, False): False, (True, None): None,
        (False, True): False, (False, False): False, (False, None): False,
        (None, True): None, (None, False): False, (None, None): None}
_OR = {(True, True): True, (True, False): True, (True, None): True,
       (False, True): True, (False, False): False, (False, None): None,
       (None, True): True, (None, False): None, (None, None): None}
# The value of `hand.ante > 0` (and of `hand.cap > 0`) for each truth value.
_CHIPS_FOR = {True: Chips(5), False: Chips(0), None: None}


def _outcome(verdict: Verdict | None) -> bool | None:
    assert verdict is not None
    return None if verdict.unknown else verdict.passed


@pytest.mark.parametrize(("a", "b"), list(_AND))
def test_and_or_not_follow_three_valued_logic(a: bool | None, b: bool | None) -> None:
    event = HandEvent(hand(ante=_CHIPS_FOR[a], cap=_CHIPS_FOR[b]), TableFact("t"))
    assert _outcome(make("hand.ante > 0 and hand.cap > 0", on="hand").evaluate(event)) \
        == _AND[a, b]
    assert _outcome(make("hand.ante > 0 or hand.cap > 0", on="hand").evaluate(event)) \
        == _OR[a, b]
    assert _outcome(make("not hand.ante > 0", on="hand").evaluate(event)) == (
        None if a is None else not a)


def test_an_unknown_when_means_the_rule_does_not_apply() -> None:
    rule = make("false", on="hand", when="hand.ante > 0")
    assert rule.evaluate(HandEvent(hand(ante=None), TableFact("t"))) is None
    assert rule.evaluate(HandEvent(hand(ante=Chips(1)), TableFact("t"))) is not None


def test_none_tests_are_two_valued() -> None:
    rule = make("hand.ante == none", on="hand")
    assert _outcome(rule.evaluate(HandEvent(hand(ante=None), TableFact("t")))) is True
    assert _outcome(rule.evaluate(HandEvent(hand(ante=Chips(0)), TableFact("t")))) is False
    rule = make("none != hand.ante", on="hand")
    assert _outcome(rule.evaluate(HandEvent(hand(ante=None), TableFact("t")))) is False


def test_equality_with_an_unknown_value_is_unknown() -> None:
    rule = make("hand.small_blind_seat == 3", on="hand")
    assert _outcome(rule.evaluate(HandEvent(hand(), TableFact("t")))) is None
    assert _outcome(rule.evaluate(HandEvent(hand(small_blind_seat=3), TableFact("t")))) is True


@pytest.mark.parametrize(("require", "outcome"), [
    ("hand.ante + 1 > 0", None),                 # arithmetic with unknown
    ("-hand.ante < 0", None),
    ("hand.big_blind // 0 == 1", None),            # dividing by zero is unknown
    ("hand.big_blind % (hand.players_dealt - 3) == 0", None),
    ("hand.big_blind // 3 == 6 and hand.big_blind % 3 == 2", True),
    ("hand.dealt_seats[3] == 1", None),          # out of range
    ("hand.dealt_seats[-1] == 4", None),         # no counting from the end
    ("hand.dealt_seats[2] == 4", True),
    ("(if hand.ante > 0 then 1 else 2) == 1", None),
    ("(if hand.big_blind > 0 then 1 else 2) == 1", True),
    ("hand.ante in {1, 2}", None),
    ("hand.ante in {1, none}", True),            # a list that may hold none is asked
    ("hand.small_blind in {10, 20} and hand.big_blind not in {10}", True),
    ("next_seat(hand.small_blind_seat, hand.dealt_seats) == 3", None),
    ("next_seat(hand.button_seat, hand.dealt_seats) == 3", True),
    ("lesser(hand.ante, 3) == 3", None),
    ("hand.players[5].name == \"x\"", None),     # an attribute of nothing is nothing
    ("hand.players[0].name == \"Ann\"", True),
])
def test_unknown_values_propagate(require: str, outcome: bool | None) -> None:
    event = HandEvent(hand(), TableFact("t"))
    assert _outcome(make(require, on="hand").evaluate(event)) == outcome


# Random boolean expressions over three atoms whose truth values are chosen, against an
# oracle written with the tables above.
_ATOMS = {"a": "hand.ante > 0", "b": "hand.cap > 0", "c": "hand.bring_in > 0"}
Oracle = Callable[[dict[str, bool | None]], bool | None]


def _atom(name: str) -> tuple[str, Oracle]:
    return _ATOMS[name], lambda v: v[name]


def _not(inner: tuple[str, Oracle]) -> tuple[str, Oracle]:
    text, f = inner

    def value(v: dict[str, bool | None]) -> bool | None:
        x = f(v)
        return None if x is None else not x

    return f"not ({text})", value


def _binary(op: str, table: dict[tuple[Any, Any], bool | None]
            ) -> Callable[[tuple[str, Oracle], tuple[str, Oracle]], tuple[str, Oracle]]:
    def build(left: tuple[str, Oracle], right: tuple[str, Oracle]) -> tuple[str, Oracle]:
        return (f"({left[0]}) {op} ({right[0]})",
                lambda v: table[left[1](v), right[1](v)])

    return build


def _if(c: tuple[str, Oracle], t: tuple[str, Oracle], e: tuple[str, Oracle]
        ) -> tuple[str, Oracle]:
    def value(v: dict[str, bool | None]) -> bool | None:
        test = c[1](v)
        return None if test is None else (t[1](v) if test else e[1](v))

    return f"if {c[0]} then ({t[0]}) else ({e[0]})", value


_LOGIC: st.SearchStrategy[tuple[str, Oracle]] = st.recursive(
    st.sampled_from(sorted(_ATOMS)).map(_atom),
    lambda inner: st.one_of(
        inner.map(_not),
        st.builds(_binary("and", _AND), inner, inner),
        st.builds(_binary("or", _OR), inner, inner),
        st.builds(_if, inner, inner, inner),
        # Nested quantifiers need distinct variables: the inner text is always shorter.
        inner.map(lambda x: (f"any(p{len(x[0])} in hand.players: {x[0]})", x[1])),
    ),
    max_leaves=8,
)
_TRUTH = st.sampled_from([True, False, None])


@settings(max_examples=150, deadline=None)
@given(_LOGIC, _TRUTH, _TRUTH, _TRUTH)
def test_random_logic_matches_the_three_valued_oracle(
        expr: tuple[str, Oracle], a: bool | None, b: bool | None, c: bool | None) -> None:
    text, oracle = expr
    event = HandEvent(hand(ante=_CHIPS_FOR[a], cap=_CHIPS_FOR[b], bring_in=_CHIPS_FOR[c]),
                      TableFact("t"))
    expected = oracle({"a": a, "b": b, "c": c})
    for traced in (False, True):
        assert _outcome(make(text, on="hand", trace=traced).evaluate(event)) == expected


# ---------------------------------------------------------------- quantifiers


@pytest.mark.parametrize(("require", "outcome"), [
    ("all(p in hand.players: p.stack_start > 100)", True),
    ("all(p in hand.players: p.stack > 100)", False),
    ("any(p in hand.players: p.all_in)", True),
    ("any(p in hand.players: p.sitting_out)", False),
    ("count(p in hand.players: not p.folded) == 2", True),
    ("sum(p in hand.players: p.stack) == 2780", True),
    ("sum(p in hand.players: p.stack_start - p.stack) == 130", True),
    ("min(p in hand.players: p.stack) == 0 and max(p in hand.players: p.stack) == 1880", True),
    ("max(s in hand.dealt_seats: s * 10) == 40", True),
    ("all(s in hand.dealt_seats: any(p in hand.players: p.seat == s))", True),
    ("all(s in hand.dealt_seats: count(p in hand.players: p.seat == s) == 1)", True),
    ("any(p in hand.players: hand.ante > 0)", None),
    ("all(p in hand.players: p.folded or hand.ante > 0)", None),
    ("all(p in hand.players: p.stack > 1000 and hand.ante > 0)", False),
    ("count(p in hand.players: hand.ante > 0) == 0", None),
    ("sum(p in hand.players: hand.ante) == 0", None),
])
def test_quantifiers(require: str, outcome: bool | None) -> None:
    event = HandEvent(hand(), TableFact("t"))
    assert _outcome(make(require, on="hand").evaluate(event)) == outcome


def test_quantifiers_over_empty_lists() -> None:
    event = HandEvent(hand(players=[], dealt_seats=[]), TableFact("t"))
    assert _outcome(make("all(p in hand.players: false)", on="hand").evaluate(event)) is True
    assert _outcome(make("any(p in hand.players: true)", on="hand").evaluate(event)) is False
    assert _outcome(make("count(p in hand.players: true) == 0 and "
                         "sum(s in hand.dealt_seats: s) == 0", on="hand").evaluate(event)) is True
    # The largest of nothing is unknown.
    assert _outcome(make("max(s in hand.dealt_seats: s) > 0", on="hand").evaluate(event)) is None
    assert _outcome(make("max(s in hand.dealt_seats: s) == none", on="hand").evaluate(event))


# ---------------------------------------------------------------- built-ins


def test_position_finds_the_first_place_of_an_item() -> None:
    order = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert [builtins.position(suit, order) for suit in reversed(order)] == [3, 2, 1, 0]
    assert builtins.position(7, [7, 3, 7]) == 0
    assert builtins.position(4, [7, 3, 7]) is None and builtins.position(1, []) is None
    # In a rule: typed against the list's item type, unknown when the item is missing.
    assert make("position(action.kind, [fold, call, raise]) == 2").evaluate(
        short_all_in()) == PASSED
    assert _outcome(make("position(action.kind, [fold, call]) == 0").evaluate(
        short_all_in())) is None


@given(st.integers(1, 10), st.lists(st.integers(1, 10), max_size=10))
def test_next_and_previous_seat_walk_the_table_round(seat: int, seats: list[int]) -> None:
    """Clockwise is ascending seat numbers, wrapping from the highest to the lowest."""
    higher, lower = sorted(s for s in seats if s > seat), sorted(s for s in seats if s < seat)
    assert builtins.next_seat(seat, seats) == (
        higher[0] if higher else min(seats) if seats else None)
    assert builtins.previous_seat(seat, seats) == (
        lower[-1] if lower else max(seats) if seats else None)


def test_seat_built_ins_by_example() -> None:
    seats = [2, 5, 9]
    assert [builtins.next_seat(s, seats) for s in (1, 2, 5, 9, 10)] == [2, 5, 9, 2, 2]
    assert [builtins.previous_seat(s, seats) for s in (1, 2, 5, 9, 10)] == [9, 9, 2, 5, 9]
    assert builtins.next_seat(3, []) is None and builtins.previous_seat(3, []) is None
    assert builtins.next_seat(5, [5]) == 5
    assert builtins.seats_between(2, 9, seats) == 1
    assert builtins.seats_between(9, 5, seats) == 1
    assert builtins.seats_between(5, 5, seats) == 2
    assert builtins.seats_between(9, 2, seats) == 0
    assert builtins.highest([3, 8, 1]) == 8 and builtins.lowest([3, 8, 1]) == 1
    assert builtins.highest([]) is None and builtins.lowest([]) is None


def _clockwise_walk(start: int, seats: list[int]) -> list[int]:
    """Seat numbers met walking clockwise from `start` round a table of 1..10, once round."""
    order = [(start + step - 1) % 10 + 1 for step in range(1, 11)]
    return [s for s in order if s in seats]


_SEAT = st.integers(1, 10)
_SEATS = st.lists(_SEAT, unique=True, max_size=10)


@given(_SEAT, _SEATS)
def test_next_and_previous_seat_walk_the_table(seat: int, seats: list[int]) -> None:
    walk = _clockwise_walk(seat, seats)
    assert builtins.next_seat(seat, seats) == (walk[0] if walk else None)
    backwards = [(seat - step - 1) % 10 + 1 for step in range(1, 11)]  # seat-1 .. seat
    met = [s for s in backwards if s in seats]
    assert builtins.previous_seat(seat, seats) == (met[0] if met else None)


@given(_SEAT, _SEAT, _SEATS)
def test_seats_between_counts_the_seats_met_on_the_way(a: int, b: int, seats: list[int]
                                                       ) -> None:
    order = [(a + step - 1) % 10 + 1 for step in range(1, 11)]  # a+1 .. a (once round)
    passed = order[: order.index(b)]
    assert builtins.seats_between(a, b, seats) == sum(1 for s in passed if s in seats)


@given(st.integers(0, 10**9), st.lists(st.integers(0, 10**6), min_size=1, max_size=9))
def test_share_floors_and_never_pays_out_more_than_the_total(total: int, parts: list[int]
                                                              ) -> None:
    whole = sum(parts)
    shares = [builtins.share(total, part, whole) for part in parts]
    if whole == 0:
        assert shares == [0] * len(parts)
        return
    for part, paid in zip(parts, shares, strict=True):
        assert paid * whole <= total * part < (paid + 1) * whole
    assert total - len(parts) < sum(shares) <= total


def test_share_and_percent_of_by_example() -> None:
    assert builtins.share(1000, 1, 3) == 333
    assert builtins.share(1000, 5, 0) == 0
    assert builtins.percent_of(98_750, 5000) == 49_375
    assert builtins.percent_of(999, 3333) == 332
    assert builtins.lesser(3, 5) == 3 and builtins.greater(3, 5) == 5
    assert builtins.absolute(-7) == 7


def test_text_built_ins() -> None:
    assert builtins.contains("What a FLUSH", "flush")
    assert not builtins.contains("fold", "flush")
    assert builtins.mentions_any("Nice FLUSH!", ["flush"])
    assert not builtins.mentions_any("I flushed", ["flush"])
    assert builtins.mentions_any("he has the nuts", ["flush", "the nuts"])
    assert not builtins.mentions_any("anything", [])
    assert builtins.mentions_any("x a+ y", ["a+"]) and not builtins.mentions_any("a+b", ["a+"])


@pytest.mark.parametrize("text", [
    "I had Kh", "folded AhKd preflop", "10c on the river", "Td", "I folded the ten of spades",
    "ACE OF HEARTS", "pocket kings again", "Pocket 7s", "2 of clubs", "As Kd",
])
def test_mentions_card_finds_cards(text: str) -> None:
    assert builtins.mentions_card(text)


@pytest.mark.parametrize("text", [
    "As I said, nice hand", "Ah, well played", "gg all", "the kings of poker", "ah",
    "AHEAD of you", "table 10 is slow", "Kdx", "pocket change",
])
def test_mentions_card_ignores_ordinary_chat(text: str) -> None:
    assert not builtins.mentions_card(text)


def test_built_ins_in_rules() -> None:
    chat = ChatEvent(registration().tournament,
                     ChatFact("Ann", "I folded the ten of spades", True, False, True))
    assert _outcome(make("not mentions_card(chat.text)", on="chat").evaluate(chat)) is False
    assert make("not mentions_any(chat.text, param.words)", on="chat").evaluate(chat) is PASSED
    event = HandEvent(hand(), TableFact("t"))
    assert _outcome(make("seats_between(hand.button_seat, 4, hand.dealt_seats) == 1 "
                         "and previous_seat(1, hand.dealt_seats) == 4 and "
                         "len(hand.players) == 3 and abs(-hand.big_blind) == 20 and "
                         "highest(hand.dealt_seats) == 4", on="hand").evaluate(event)) is True
    reg = registration()
    assert _outcome(make("percent_of(tournament.prize_pool, 50%) == $493.75 and "
                         "share(tournament.prize_pool, 1, 3) == 32916",
                         on="registration").evaluate(reg)) is True


def test_every_built_in_is_documented() -> None:
    for builtin in builtins.BUILTINS.values():
        assert len(builtin.doc) > 20, builtin.name


# ---------------------------------------------------------------- messages and evidence


def test_message_renders_money_percent_duration_lists_enums_and_unknown() -> None:
    rule = make("tournament.prize_pool >= param.guarantee", on="registration", message=(
        "pool {tournament.prize_pool} short of {param.guarantee}; shares "
        "{tournament.payout_shares}; at {registration.at}; kind {tournament.kind}; "
        "guarantee {tournament.guarantee}; rebuy {tournament.is_rebuy}; {{braces}}"))
    verdict = rule.evaluate(registration())
    assert verdict is not None
    assert verdict.message == (
        "pool $987.50 short of $1000.00; shares 50%, 30%, 20%; at 1h30m; kind mtt; "
        "guarantee unknown; rebuy false; {braces}")


@pytest.mark.parametrize(("value", "kind", "text"), [
    (1250, MONEY, "$12.50"), (-305, MONEY, "-$3.05"), (5, MONEY, "$0.05"),
    (6500, PERCENT, "65%"), (3250, PERCENT, "32.5%"), (1234, PERCENT, "12.34%"),
    (300, DURATION, "5m"), (5400, DURATION, "1h30m"), (45, DURATION, "45s"),
    (3605, DURATION, "1h5s"), (0, DURATION, "0s"), (1200, CHIPS, "1200"),
    (None, Optional(MONEY), "unknown"), (True, BOOL, "true"), ([], ListType(INT), "(none)"),
    (ActionKind.BIG_BLIND, ENUM_TYPES["action_kind"], "big_blind"),
])
def test_render(value: object, kind: Type, text: str) -> None:
    assert render(value, kind) == text


def test_a_rule_without_message_shows_its_title() -> None:
    rule = compile_text("rule t.r\n  title \"Stacks are positive\"\n  on action\n"
                        "  require actor.stack > 5000\n")
    verdict = rule.evaluate(short_all_in())
    assert verdict is not None and verdict.message == "Stacks are positive"


def test_evidence_holds_what_require_read_and_the_placeholders() -> None:
    rule = make(
        "all(p in hand.players: p.stack < param.big.stack and p.seat != hand.button_seat) "
        "and live > 5 and hand.players[0].stack > 0",
        lets=("live = count(p in hand.players: not p.folded)",),
        message="{actor} with {live} live")
    verdict = rule.evaluate(short_all_in())
    assert verdict is not None and not verdict.passed
    assert verdict.evidence == {
        "hand.players": ["Ann", "Bob", "Cy"],
        "param.big.stack": 5000,
        "hand.button_seat": 1,
        "live": 2,
        "hand.players[0].stack": 900,
        "actor": "Ann",
    }


def test_evidence_is_a_snapshot() -> None:
    rule = make("hand.dealt_seats == [1]", on="hand")
    event = HandEvent(hand(), TableFact("t"))
    verdict = rule.evaluate(event)
    assert verdict is not None
    event.hand.dealt_seats.append(8)
    assert verdict.evidence == {"hand.dealt_seats": [1, 3, 4]}


def test_passing_and_unknown_verdicts_have_no_message_or_evidence() -> None:
    rule = make("hand.ante > 0", on="hand", message="{hand.ante}")
    unknown = rule.evaluate(HandEvent(hand(), TableFact("t")))
    assert unknown == Verdict(True, "", {}, [], unknown=True)


# ---------------------------------------------------------------- traces


def test_a_trace_records_every_sub_expression_in_evaluation_order() -> None:
    text = "rule t.r\n  on action\n  require actor.stack > 100 and action.all_in\n"
    verdict = compile_text(text, trace=True).evaluate(short_all_in())
    assert verdict is not None and verdict.passed is False
    assert [(step.text, step.value) for step in verdict.trace if step.text != "actor"
            and step.text != "action"] == [
        ("actor.stack", 900), ("100", 100), ("actor.stack > 100", True),
        ("action.all_in", False), ("actor.stack > 100 and action.all_in", False)]
    assert [step.text for step in verdict.trace][:2] == ["actor", "actor.stack"]
    columns = {step.text: (step.span.line, step.span.column) for step in verdict.trace}
    line = text.splitlines()[2]
    assert columns["actor.stack"] == (3, line.index("actor.stack") + 1)
    assert columns["action.all_in"] == (3, line.index("action.all_in") + 1)
    assert columns["actor.stack > 100 and action.all_in"] == (3, line.index("actor") + 1)


def test_a_trace_follows_short_circuits_and_lets() -> None:
    rule = make("actor.stack > 5000 and action.all_in", lets=("x = 1 + 2",), trace=True)
    verdict = rule.evaluate(short_all_in())
    assert verdict is not None
    texts = [step.text for step in verdict.trace]
    assert texts[:3] == ["1", "2", "1 + 2"]
    assert "action.all_in" not in texts
    assert texts[-1] == "actor.stack > 5000 and action.all_in"


def test_a_trace_of_a_quantifier_shows_each_round() -> None:
    rule = make("count(p in hand.players: p.folded) == 1", trace=True)
    verdict = rule.evaluate(short_all_in())
    assert verdict is not None and verdict.passed
    folded = [step.value for step in verdict.trace if step.text == "p.folded"]
    assert folded == [False, False, True]


def test_explain_shows_why_a_rule_did_not_apply() -> None:
    rule = compile_text(SHORT_ALL_IN_RULE, trace=True)
    verdict, steps = rule.explain(short_all_in(has_acted=False))
    assert verdict is None
    assert [(s.text, s.value) for s in steps][-2:] == [
        ("actor.has_acted", False),
        ("hand.structure in {no_limit, pot_limit} and action.is_raise and actor.has_acted",
         False)]
    untraced = compile_text(SHORT_ALL_IN_RULE)
    assert untraced.explain(short_all_in(has_acted=False)) == (None, [])


def test_placeholders_with_quantifiers_in_both_compilations() -> None:
    for traced in (False, True):
        rule = make("false", lets=("n = 1",), trace=traced,
                    message="{count(p in hand.players: p.folded)} folded, "
                            "{sum(q in hand.players: q.stack)} behind, {n}")
        verdict = rule.evaluate(short_all_in())
        assert verdict is not None and verdict.message == "1 folded, 2780 behind, 1"


def test_untraced_verdicts_have_no_trace() -> None:
    verdict = make("false").evaluate(short_all_in())
    assert verdict is not None and verdict.trace == []


_CHIPS = st.integers(0, 3000).map(Chips)
_MAYBE_CHIPS = st.none() | _CHIPS


@st.composite
def action_events(draw: st.DrawFn) -> ActionEvent:
    seats = sorted(draw(st.lists(st.integers(1, 9), min_size=2, max_size=6, unique=True)))
    players = [player(f"P{s}", s, draw(_CHIPS), folded=draw(st.booleans()),
                      all_in=draw(st.booleans()), has_acted=draw(st.booleans()))
               for s in seats]
    the_hand = hand(
        structure=draw(st.sampled_from(list(BettingStructure))),
        ante=draw(_MAYBE_CHIPS), big_blind=draw(_MAYBE_CHIPS), cap=draw(_MAYBE_CHIPS),
        button_seat=draw(st.none() | st.sampled_from(seats)), dealt_seats=seats,
        players=players, players_dealt=len(seats))
    actor = dataclasses.replace(
        draw(st.sampled_from(players)),
        largest_raise_since_acted=draw(_CHIPS), raised_since_acted=draw(_CHIPS))
    street = StreetFact(draw(st.sampled_from(list(Street))), bet_unit=draw(_MAYBE_CHIPS),
                        current_bet=draw(_CHIPS), last_full_raise=draw(_CHIPS),
                        bets_and_raises=draw(st.integers(0, 6)),
                        pot_limit_max_to=draw(_MAYBE_CHIPS))
    act = action(kind=draw(st.sampled_from(list(ActionKind))), amount=draw(_CHIPS),
                 to=draw(_CHIPS), all_in=draw(st.booleans()), is_raise=draw(st.booleans()),
                 increment=draw(_CHIPS))
    return ActionEvent(the_hand, TableFact("t"), street, act, actor)


RANDOM_RULES = [
    SHORT_ALL_IN_RULE,
    """rule t.limit
  on action
  let unit = street.bet_unit
  when hand.structure == fixed_limit and action.is_raise
  require street.bets_and_raises < param.limit.max_bets and action.increment == unit
  message "{street.bets_and_raises} bets of {unit}; max {param.limit.max_bets}"
""",
    """rule t.pot
  on action
  let live = count(p in hand.players: not p.folded and not p.all_in)
  let stacks = sum(p in hand.players: p.stack)
  when action.kind in param.kinds
  require (street.pot_limit_max_to == none or action.to <= street.pot_limit_max_to)
    and (live > 1 or action.all_in) and stacks // 2 >= action.amount - hand.big_blind * 2
    and lesser(actor.stack, hand.cap) != hand.ante
    and next_seat(hand.button_seat, hand.dealt_seats) != previous_seat(actor.seat,
      hand.dealt_seats)
  message "{actor} to {action.to}, limit {street.pot_limit_max_to}, live {live}, {stacks}"
""",
    """rule t.misc
  on action
  require if hand.ante == none then any(p in hand.players: p.stack > hand.big_blind)
    else max(p in hand.players: p.stack % 7) != hand.ante % 7
    and hand.dealt_seats[count(p in hand.players: p.folded)] in hand.dealt_seats
    and seats_between(actor.seat, hand.dealt_seats[0], hand.dealt_seats) <= 4
    and street.name not in {flop, turn}
  message "{hand.ante} {hand.players} {street.name} {actor.seat}"
""",
]


@settings(max_examples=200, deadline=None)
@given(action_events())
def test_traced_and_untraced_compilations_agree(event: ActionEvent) -> None:
    for text in RANDOM_RULES:
        plain = compile_text(text).evaluate(event)
        traced_rule = compile_text(text, trace=True)
        traced = traced_rule.evaluate(event)
        assert (plain is None) == (traced is None)
        if plain is None or traced is None:
            continue
        assert dataclasses.replace(traced, trace=[]) == plain
        assert plain.trace == [] and traced.trace != []
        last = traced.trace[-1]
        assert traced_rule.rule.require is not None
        assert last.text == expr_text(traced_rule.rule.require)
        assert (last.value is None) == plain.unknown
        assert (last.value is False) == (not plain.passed)


# ---------------------------------------------------------------- parameter values


@pytest.mark.parametrize(("kind", "text", "value"), [
    (CHIPS, "1_500", 1500), (MONEY, "$12.50", 1250), (DURATION, "5m", 300),
    (PERCENT, "65%", 6500), (CHIPS, "-20", -20), (BOOL, "false", False),
    (STRING, "\"x\"", "x"), (ListType(PERCENT), "[50%, 50%]", [5000, 5000]),
    (ENUM_TYPES["betting_structure"], "pot_limit", BettingStructure.POT_LIMIT),
    (ListType(ENUM_TYPES["action_kind"]), "{bet, raise}", [ActionKind.BET, ActionKind.RAISE]),
])
def test_param_value(kind: Type, text: str, value: object) -> None:
    assert param_value(kind, parse_expression(text)) == value


def test_type_of_value() -> None:
    assert type_of_value(3) == INT and type_of_value(True) == BOOL
    assert type_of_value("x") == STRING
    assert type_of_value([ActionKind.BET]) == ListType(ENUM_TYPES["action_kind"])
    assert type_of_value(BettingStructure.NO_LIMIT) == ENUM_TYPES["betting_structure"]


def test_param_types_default_from_the_values() -> None:
    (item,) = parse_rules("rule t.r\n  on action\n  when action.kind in param.kinds\n"
                          "  require street.bets_and_raises < param.max\n", "t").items
    assert isinstance(item, ast.Rule)
    rule = compile_rule(item, {"kinds": [ActionKind.RAISE], "max": 1})
    assert rule.evaluate(short_all_in()) is not None
    assert rule.evaluate(short_all_in()).passed is False  # type: ignore[union-attr]
