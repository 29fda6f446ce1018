"""The rules type checker: every diagnostic kind, located, with its code and hint; the numeric
rules; parameter values and declared types; the fact vocabulary as types; expression text.
Messages are checked only where their words are the point (which types, which argument)."""

from collections.abc import Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker.dsl import ast
from checker.dsl.codes import Code
from checker.dsl.diagnostics import Diagnostic, SourceText
from checker.dsl.formatter import format_expression as expr_text
from checker.dsl.parser import parse_expression, parse_rules
from checker.dsl.typecheck import check_param_value, check_rule
from checker.dsl.types import (
    BOOL,
    CHIPS,
    DURATION,
    ENUM_TYPES,
    ERROR,
    INT,
    MONEY,
    PERCENT,
    STRING,
    EnumType,
    FactType,
    ListType,
    Optional,
    Type,
    fact_fields,
    type_from_ref,
)
from checker.replay import facts

FILE = "t.rules"
PARAMS: dict[str, Type] = {
    "limit.max_bets": INT,
    "bounty.cap": MONEY,
    "stack.start": CHIPS,
    "break.length": DURATION,
    "kinds": ListType(ENUM_TYPES["action_kind"]),
}


def check(body: str, params: Mapping[str, Type] = PARAMS) -> list[Diagnostic]:
    """Diagnostics of the rules in `body` (rule text starts on line 1)."""
    tree = parse_rules(body, FILE)
    source = SourceText(FILE, body)
    out: list[Diagnostic] = []
    for item in tree.items:
        assert isinstance(item, ast.Rule)
        out.extend(check_rule(item, params, source))
    return out


def rule(require: str, *, on: str = "action", when: str | None = None,
         lets: tuple[str, ...] = (), message: str | None = None) -> str:
    lines = ["rule t.r", f"  on {on}"]
    lines += [f"  let {let}" for let in lets]
    if when is not None:
        lines.append(f"  when {when}")
    lines.append(f"  require {require}")
    if message is not None:
        lines.append(f'  message "{message}"')
    return "\n".join(lines) + "\n"


def one(body: str, params: Mapping[str, Type] = PARAMS) -> Diagnostic:
    found = check(body, params)
    assert len(found) == 1, [d.render() for d in found]
    return found[0]


def at(diagnostic: Diagnostic) -> tuple[int, int, int]:
    return diagnostic.span.line, diagnostic.span.column, diagnostic.span.end_column


def column_of(body: str, line: int, text: str) -> int:
    return body.splitlines()[line - 1].index(text) + 1


# ---------------------------------------------------------------- well-typed rules


def test_a_realistic_rule_checks_clean() -> None:
    body = (
        "rule betting.no-reopen\n"
        "  title \"no reopening\" cites 24 severity error\n"
        "  on action\n"
        "  let live = count(p in hand.players: not p.folded and not p.all_in)\n"
        "  let next = next_seat(hand.button_seat, hand.dealt_seats)\n"
        "  when hand.structure in {no_limit, pot_limit} and action.is_raise\n"
        "    and action.kind in {raise, bet} and action.kind != call\n"
        "  require not actor.has_acted or actor.largest_raise_since_acted >= "
        "street.last_full_raise\n"
        "    and live >= 1 and next != none and action.kind in param.kinds\n"
        "    and street.bets_and_raises < param.limit.max_bets\n"
        "  message \"{actor} re-raised to {action.to} ({live} live, next {next})\"\n"
    )
    assert check(body) == []


@pytest.mark.parametrize("require", [
    "tournament.prize_pool > 100",              # an int literal as money
    "100 < tournament.prize_pool",              # on either side
    "tournament.buy_in >= $10 and tournament.buy_in + 50 > 0",
    "tournament.scheduled_start + 5m > 0 and tournament.scheduled_start > 300",
    "all(s in tournament.payout_shares: s <= 100% and s > 0)",
    "tournament.prize_pool * 2 > $1 and 2 * tournament.prize_pool > $1",
    "tournament.prize_pool // 3 > $1 and tournament.prize_pool % 7 == $0",
    "tournament.prize_pool // tournament.buy_in > tournament.entrants",
    "tournament.terms_starting_stack + 1 > 0",   # optional in arithmetic
    "tournament.guarantee == none or tournament.guarantee > $0",
    "-tournament.fee < $0 and tournament.fee > -1",
    "(if tournament.is_rebuy then tournament.fee else $0) >= 0",
    "lesser(tournament.fee, 100) >= $0 and greater(5, tournament.fee) >= $0",
    "abs(tournament.fee) >= 0 and share(tournament.prize_pool, 10, 100) >= $0",
    "percent_of(tournament.prize_pool, 65%) <= tournament.prize_pool",
    "highest(tournament.payout_shares) > 50% and lowest([1, 2, 3]) == 1",
    "len(tournament.payout_shares) == 3 and len([]) == 0",
    "tournament.payout_shares[0] > 10%",
    "sum(s in tournament.payout_shares: s) == 100%",
    "min(s in tournament.payout_shares: s) > 0 and max(s in []: 1) == none",
    "tournament.kind in {sit_and_go, mtt} and tournament.kind != satellite",
    "tournament.currency == \"USD\" and contains(tournament.currency, \"us\")",
])
def test_well_typed_expressions_give_no_diagnostic(require: str) -> None:
    assert check(rule(require, on="registration")) == []


# ---------------------------------------------------------------- events and parts


def test_unknown_event_is_located_at_the_event_name_with_a_suggestion() -> None:
    d = one("rule t.r\n  on acton\n  require true\n")
    assert (d.file, *at(d), d.code) == (FILE, 2, 6, 11, Code.UNKNOWN_EVENT)
    assert d.hint == "did you mean 'action'?"
    assert d.level == "error"


def test_unknown_event_without_a_close_name_lists_the_events() -> None:
    d = one("rule t.r\n  on zzzzzz\n  require true\n")
    assert d.code == Code.UNKNOWN_EVENT
    assert d.hint is not None and d.hint.startswith("events: ")
    assert "action" in d.hint and "tournament_end" in d.hint


def test_a_rule_needs_on_and_require() -> None:
    d = one("rule t.r\n  require true\n")
    assert (d.code, at(d)[:2]) == (Code.MISSING_PART, (1, 1)) and "'on'" in d.message
    d = one("rule t.r\n  on action\n  when true\n")
    assert (d.code, at(d)[:2]) == (Code.MISSING_PART, (1, 1)) and "'require'" in d.message


def test_render_shows_file_line_column_the_line_and_a_caret() -> None:
    body = rule("hand.big_blnd > 0")
    text = one(body).render().splitlines()
    assert text[0] == "t.rules:3:16: error[unknown-field]: hand has no field 'big_blnd'"
    assert text[1] == "      require hand.big_blnd > 0"
    assert text[2] == "    " + " " * 15 + "^" * len("big_blnd")
    assert text[3] == "    did you mean 'big_blind'?"


# ---------------------------------------------------------------- names and fields


def test_unknown_field_on_a_fact() -> None:
    body = rule("hand.big_blnd > 0")
    d = one(body)
    assert at(d) == (3, column_of(body, 3, "big_blnd"), column_of(body, 3, "big_blnd") + 8)
    assert d.code == Code.UNKNOWN_FIELD
    assert d.hint == "did you mean 'big_blind'?"


def test_unknown_field_names_the_fact_type_when_it_differs_from_the_text() -> None:
    d = one(rule("actor.stak > 0"))
    assert d.code == Code.UNKNOWN_FIELD
    assert d.message == "actor (player) has no field 'stak'"
    assert d.hint == "did you mean 'stack'?"


def test_unknown_field_inside_a_quantifier() -> None:
    d = one(rule("all(p in hand.players: p.foldd)"))
    assert d.code == Code.UNKNOWN_FIELD
    assert d.hint == "did you mean 'folded'?"


def test_attribute_on_a_list_is_not_a_field() -> None:
    body = rule("hand.players.name == \"x\"")
    d = one(body)
    assert d.code == Code.NOT_A_FACT
    assert d.hint is not None and "any(x in hand.players" in d.hint
    assert at(d)[1] == column_of(body, 3, "name")


def test_attribute_on_a_number_is_not_a_field() -> None:
    d = one(rule("actor.stack.value > 0"))
    assert (d.code, d.hint) == (Code.NOT_A_FACT, None)  # no list: no quantifier to offer


def test_unknown_name_suggests_a_name_in_scope() -> None:
    body = rule("actr.stack > 0")
    d = one(body)
    assert d.code == Code.UNKNOWN_NAME
    assert d.hint == "did you mean 'actor'?"
    assert at(d) == (3, 11, 15)


def test_a_bare_field_name_suggests_where_it_lives() -> None:
    assert one(rule("stack > 0")).hint == "did you mean 'actor.stack'?"
    assert one(rule("players_dealt > 0")).hint == "did you mean 'hand.players_dealt'?"
    assert one(rule("name == \"x\"")).hint == (
        "did you mean 'table.name' or 'street.name' or 'actor.name'?")


def test_unknown_name_suggests_a_let() -> None:
    d = one(rule("livee > 1", lets=("live = count(p in hand.players: not p.folded)",)))
    assert d.code == Code.UNKNOWN_NAME
    assert d.hint == "did you mean 'live'?"


def test_event_names_depend_on_the_event() -> None:
    d = one(rule("actor.stack > 0", on="hand"))
    assert (d.code, at(d)[1]) == (Code.UNKNOWN_NAME, 11)


def test_unknown_parameter_suggests_a_declared_one() -> None:
    body = rule("street.bets_and_raises < param.limit.max_bet")
    d = one(body)
    assert d.code == Code.UNKNOWN_PARAMETER
    assert d.hint == "did you mean 'param.limit.max_bets'?"
    assert at(d)[1] == column_of(body, 3, "param")


def test_unknown_parameter_without_a_close_one_has_no_hint() -> None:
    d = one(rule("street.bets_and_raises < param.zzz"))
    assert d.code == Code.UNKNOWN_PARAMETER and d.hint is None


def test_a_message_placeholder_is_checked_and_located_in_the_string() -> None:
    body = rule("true", message="{actor.nme} raised")
    d = one(body)
    assert d.code == Code.UNKNOWN_FIELD
    assert at(d) == (4, column_of(body, 4, "nme"), column_of(body, 4, "nme") + 3)


def test_placeholders_may_have_any_type() -> None:
    body = rule("true", message="{actor} {hand.players} {action.kind} {hand.ante}")
    assert check(body) == []


# ---------------------------------------------------------------- enum members


def test_enum_members_resolve_where_their_enum_is_expected() -> None:
    assert check(rule("action.kind == raise and raise == action.kind")) == []
    assert check(rule("hand.structure in {no_limit, pot_limit}")) == []
    assert check(rule("street.name not in [preflop, flop]")) == []


def test_member_of_another_enum_is_a_type_mismatch_naming_both_types() -> None:
    body = rule("action.kind == no_limit")
    d = one(body)
    assert d.code == Code.TYPE_MISMATCH
    # Both enums are named: the one the member belongs to and the one expected.
    assert d.message == ("type mismatch: 'no_limit' is a betting_structure member, but an "
                         "action_kind is expected here")
    assert at(d)[1] == column_of(body, 3, "no_limit")


def test_member_of_another_enum_in_a_set() -> None:
    d = one(rule("hand.structure in {no_limit, flop}"))
    assert d.code == Code.TYPE_MISMATCH
    assert "'flop' is a street member" in d.message and "betting_structure" in d.message


def test_misspelled_member_suggests_one_of_the_expected_enum() -> None:
    d = one(rule("action.kind == rasie"))
    assert d.code == Code.UNKNOWN_NAME
    assert d.hint == "did you mean 'raise'?"


def test_a_member_where_no_enum_is_expected_is_refused() -> None:
    d = one(rule("raise", lets=()))
    assert d.code == Code.UNKNOWN_NAME
    assert d.hint == ("'raise' is an action_kind member; a member stands only where an "
                      "action_kind is expected, like 'x == raise' or 'x in {raise}'")


def test_a_let_may_not_hold_a_bare_member() -> None:
    d = one(rule("true", lets=("k = call",)))
    assert d.code == Code.UNKNOWN_NAME
    assert d.hint is not None and d.hint.startswith("'call' is an action_kind member")


def test_names_in_scope_win_over_members() -> None:
    # `street` is an event name and no member; a let named like a member is that let.
    assert check(rule("call > 0", lets=("call = 1",))) == []


# ---------------------------------------------------------------- type mismatches


@pytest.mark.parametrize(("require", "words"), [
    ("tournament.buy_in + tournament.terms_starting_stack > 0",
     "'+' of money and chips: different kinds of number never mix"),
    ("tournament.buy_in > tournament.scheduled_start", "cannot compare money with duration"),
    ("tournament.prize_pool - 5m > $1", "'-' of money and duration"),
    ("tournament.buy_in == tournament.scheduled_start", "cannot compare money with duration"),
    ("tournament.is_rebuy == 1", "cannot compare bool with int"),
    ("tournament.is_rebuy + 1 > 0", "'+' needs numbers, got bool and int"),
    ("tournament.buy_in * tournament.fee > $1", "'*' of money and money"),
    ("tournament.entrants // tournament.buy_in > 1", "'//' of int and money"),
    ("tournament.buy_in > tournament.entrants", "cannot compare money with int"),
    ("tournament.kind == \"mtt\"", "cannot compare tournament_kind with string"),
    ("tournament.currency < \"x\"", "'<' orders numbers, got string and string"),
    ("tournament.buy_in in tournament.fee", "'in' needs a list on the right, got money"),
    ("tournament.buy_in in tournament.payout_shares",
     "'in' of money in list[percent]"),
    ("tournament.buy_in == none", "cannot compare money with none: money is never none"),
    ("not tournament.entrants", "'not' needs a bool, got int"),
    ("-tournament.is_rebuy", "'-' needs a number, got bool"),
    ("tournament.is_rebuy and tournament.entrants", "'and' needs bools, got int"),
    ("tournament.fee", "require must be bool, got money"),
    ("tournament.entrants[0] > 0", "only lists can be indexed, got int"),
    ("tournament.payout_shares[true] > 0%", "a list index must be int, got bool"),
    ("{tournament.fee, tournament.entrants} == []", "list items differ: money and int"),
    ("(if tournament.is_rebuy then tournament.fee else 5m) > 0",
     "the branches of 'if' differ: money and duration"),
    ("if tournament.entrants then true else false", "the condition of 'if' must be bool"),
    ("all(p in tournament.entrants: true)", "all(...) ranges over a list, got int"),
    ("any(s in tournament.payout_shares: s)", "the body of any(...) must be bool, got percent"),
    ("sum(s in tournament.payout_shares: s > 0%) > 0",
     "the body of sum(...) must be a number, got bool"),
    ("sum(s in tournament.payout_shares: s) > $1", "cannot compare percent with money"),
    ("count(s in tournament.payout_shares: s > 0%) > tournament.fee",
     "cannot compare int with money"),
])
def test_type_mismatches_say_both_types(require: str, words: str) -> None:
    d = one(rule(require, on="registration"))
    assert d.code == Code.TYPE_MISMATCH, d.message
    assert words in d.message


def test_when_must_be_bool() -> None:
    body = rule("true", when="actor.stack")
    d = one(body)
    assert (d.code, at(d)[:2]) == (Code.TYPE_MISMATCH, (3, column_of(body, 3, "actor")))
    assert "got chips" in d.message


def test_a_mismatch_is_reported_once_not_again_by_the_enclosing_expression() -> None:
    d = one(rule("not (actor.stak + 1 > 0) == true"))
    assert d.code == Code.UNKNOWN_FIELD
    assert [d.code for d in check(rule("(actor.stack + $1) * 2 > 0 and actor.zz"))] == [
        Code.TYPE_MISMATCH, Code.UNKNOWN_FIELD]


def test_the_result_of_an_amount_divided_by_the_same_kind_is_an_int() -> None:
    # chips // chips is int: adding it to chips is a mismatch, comparing it with an int is not.
    assert check(rule("actor.stack // street.last_full_raise > count(p in hand.players: "
                      "p.folded)")) == []
    d = one(rule("actor.stack // street.last_full_raise + actor.stack > 0"))
    assert d.code == Code.TYPE_MISMATCH
    assert "'+' of int and chips" in d.message


def test_an_amount_times_an_int_keeps_its_kind() -> None:
    d = one(rule("actor.stack * hand.players_dealt > $1"))
    assert d.code == Code.TYPE_MISMATCH
    assert d.message == "type mismatch: cannot compare chips with money"


def test_two_kinds_of_optional_numbers_still_do_not_mix() -> None:
    d = one(rule("hand.big_blind + tournament_fee > 0", lets=("tournament_fee = $1",)))
    assert d.code == Code.TYPE_MISMATCH
    assert "'+' of chips and money" in d.message


def test_arithmetic_on_bool_gets_a_hint() -> None:
    d = one(rule("actor.all_in + actor.folded > 0"))
    assert d.code == Code.TYPE_MISMATCH
    assert d.hint is not None and "count(" in d.hint


# ---------------------------------------------------------------- calls


def test_unknown_function_is_located_at_its_name_with_a_suggestion() -> None:
    body = rule("nextseat(1, hand.dealt_seats) == 2")
    d = one(body)
    assert d.code == Code.UNKNOWN_FUNCTION
    assert d.hint == "did you mean 'next_seat'?"
    assert at(d) == (3, column_of(body, 3, "nextseat"), column_of(body, 3, "nextseat") + 8)


def test_unknown_function_without_a_close_name_lists_the_built_ins() -> None:
    d = one(rule("frobnicate(1)"))
    assert d.code == Code.UNKNOWN_FUNCTION
    assert d.hint is not None and d.hint.startswith("built-ins: ")
    assert "seats_between" in d.hint


def test_wrong_arity_gives_the_signature() -> None:
    d = one(rule("next_seat(1) == 2"))
    assert d.code == Code.ARGUMENT_COUNT
    assert d.message == "next_seat takes 2 arguments (seat, seats), got 1"
    assert d.hint == "next_seat(seat: int, seats: list[int]) -> int | none"
    # One parameter: "argument", singular.
    assert one(rule("abs(1, 2) == 2")).message == "abs takes 1 argument (number), got 2"


def test_argument_of_the_wrong_type() -> None:
    d = one(rule("next_seat(actor.stack, hand.dealt_seats) == 2"))
    assert d.code == Code.TYPE_MISMATCH
    assert d.message == "type mismatch: argument 1 of next_seat must be int, got chips"


def test_every_bad_argument_is_reported() -> None:
    body = rule("seats_between(actor.stack, actor.zz, hand.players) == 1")
    assert [(d.code, at(d)[1]) for d in check(body)] == [
        (Code.TYPE_MISMATCH, column_of(body, 3, "actor.stack")),
        (Code.UNKNOWN_FIELD, column_of(body, 3, "zz")),
        (Code.TYPE_MISMATCH, column_of(body, 3, "hand.players")),
    ]


def test_a_type_variable_binds_to_the_first_argument() -> None:
    d = one(rule("lesser(actor.stack, $5) > 0"))
    assert d.code == Code.TYPE_MISMATCH
    assert d.message == "type mismatch: argument 2 of lesser must be chips, got money"
    assert d.hint is not None and "N: int, chips, money, duration or percent" in d.hint


def test_a_built_in_result_has_the_bound_kind() -> None:
    d = one(rule("greater(actor.stack, 10) > $1"))
    assert d.code == Code.TYPE_MISMATCH
    assert d.message == "type mismatch: cannot compare chips with money"


def test_share_takes_chips_for_part_and_whole() -> None:
    d = one(rule("share(tournament.prize_pool, tournament.buy_in, 10) > $0",
                 on="registration"))
    assert d.code == Code.TYPE_MISMATCH
    assert "argument 2 of share must be chips, got money" in d.message


# ---------------------------------------------------------------- scopes


def test_a_let_may_not_reuse_an_event_name_or_another_let() -> None:
    body = rule("true", lets=("hand = 1", "x = 1", "x = 2"))
    assert [(d.code, d.span.line) for d in check(body)] == [
        (Code.REDEFINED_NAME, 3), (Code.REDEFINED_NAME, 5)]


def test_lets_are_in_scope_in_order() -> None:
    d = one(rule("true", lets=("a = b + 1", "b = 1")))
    assert (d.code, at(d)) == (Code.UNKNOWN_NAME, (3, 11, 12))


def test_a_quantifier_variable_is_only_in_scope_in_its_body() -> None:
    body = rule("any(p in hand.players: p.folded) and p.folded")
    d = one(body)
    assert (d.code, at(d)[1]) == (Code.UNKNOWN_NAME, column_of(body, 3, "and p") + 4)


def test_a_quantifier_variable_may_not_hide_a_name() -> None:
    d = one(rule("any(actor in hand.players: actor.folded)"))
    assert d.code == Code.REDEFINED_NAME


def test_diagnostics_from_several_rules_and_parts() -> None:
    body = rule("actor.stak > 0", when="hand.big_blnd > 0") + rule("zz", on="hand")
    assert [(d.span.line, d.code) for d in check(body)] == [
        (3, Code.UNKNOWN_FIELD),
        (4, Code.UNKNOWN_FIELD),
        (7, Code.UNKNOWN_NAME),
    ]


# ---------------------------------------------------------------- parameters


def _value(text: str) -> ast.Expr:
    return parse_expression(text)


@pytest.mark.parametrize(("kind", "value"), [
    (CHIPS, "1500"), (CHIPS, "-20"), (MONEY, "$50"), (MONEY, "$12.50"), (MONEY, "100"),
    (DURATION, "5m"), (PERCENT, "65%"), (INT, "4"), (BOOL, "true"), (STRING, "\"x\""),
    (ListType(PERCENT), "[50%, 30%, 20%]"), (ListType(CHIPS), "{}"),
    (ENUM_TYPES["betting_structure"], "no_limit"),
    (ListType(ENUM_TYPES["action_kind"]), "[raise, bet]"),
    (ListType(ListType(INT)), "[[1, 2], [3]]"),
])
def test_parameter_values_that_fit(kind: Type, value: str) -> None:
    assert check_param_value(kind, _value(value), SourceText(FILE, value)) == []


@pytest.mark.parametrize(("kind", "value", "code", "column"), [
    (CHIPS, "$50", Code.TYPE_MISMATCH, 1),
    (MONEY, "5m", Code.TYPE_MISMATCH, 1),
    (INT, "true", Code.TYPE_MISMATCH, 1),
    (CHIPS, "[1]", Code.TYPE_MISMATCH, 1),
    (ListType(CHIPS), "[1, $2]", Code.TYPE_MISMATCH, 5),
    (CHIPS, "none", Code.BAD_PARAM_VALUE, 1),
    (CHIPS, "1 + 2", Code.BAD_PARAM_VALUE, 1),
    (ENUM_TYPES["betting_structure"], "raise", Code.TYPE_MISMATCH, 1),
])
def test_parameter_values_that_do_not_fit(kind: Type, value: str, code: Code, column: int
                                          ) -> None:
    found = check_param_value(kind, _value(value), SourceText(FILE, value))
    assert [(d.code, d.span.column) for d in found] == [(code, column)]


def test_unknown_enum_member_as_parameter_value_suggests_a_member() -> None:
    found = check_param_value(ENUM_TYPES["betting_structure"], _value("no_limt"),
                              SourceText(FILE, "no_limt"))
    assert [(d.code, d.hint) for d in found] == [(Code.UNKNOWN_NAME, "did you mean 'no_limit'?")]


def test_parameter_value_diagnostics_are_located() -> None:
    body = "param bounty.cap: money = [$1]\n"
    decl = parse_rules(body, FILE).items[0]
    assert isinstance(decl, ast.ParamDecl)
    (d,) = check_param_value(MONEY, decl.value, SourceText(FILE, body))
    assert at(d) == (1, 27, 31)


def _ref(text: str) -> ast.TypeRef:
    decl = parse_rules(f"param p: {text} = 1\n", FILE).items[0]
    assert isinstance(decl, ast.ParamDecl)
    return decl.type


@pytest.mark.parametrize(("text", "kind"), [
    ("int", INT), ("chips", CHIPS), ("money", MONEY), ("duration", DURATION),
    ("percent", PERCENT), ("bool", BOOL), ("string", STRING),
    ("action_kind", EnumType(facts.ActionKind)),
    ("cancellation_stage", EnumType(facts.CancellationStage)),
    ("list[percent]", ListType(PERCENT)), ("list[list[chips]]", ListType(ListType(CHIPS))),
])
def test_declared_types(text: str, kind: Type) -> None:
    assert type_from_ref(_ref(text), SourceText(FILE, "")) == (kind, [])


def test_unknown_declared_type_suggests_one() -> None:
    body = "param p: chps = 1\n"
    kind, found = type_from_ref(_ref("chps"), SourceText(FILE, body))
    assert kind == ERROR
    assert [(d.code, d.hint, d.span.column) for d in found] == [
        (Code.UNKNOWN_TYPE, "did you mean 'chips'?", 10)]


def test_bad_list_declarations() -> None:
    source = SourceText(FILE, "")
    assert [d.code for d in type_from_ref(_ref("list"), source)[1]] == [Code.BAD_ITEM_TYPE]
    assert [d.code for d in type_from_ref(_ref("int[chips]"), source)[1]] == [
        Code.BAD_ITEM_TYPE]
    kind, found = type_from_ref(_ref("list[chipz]"), source)
    assert (kind, [d.code for d in found]) == (ERROR, [Code.UNKNOWN_TYPE])


def test_every_enum_has_a_type_name() -> None:
    assert sorted(ENUM_TYPES) == sorted([
        "action_kind", "betting_structure", "game", "play", "street", "tournament_kind",
        "cancellation_stage", "prize_currency", "suit", "prize_kind", "collusion_family",
        "collusion_view"])


# ---------------------------------------------------------------- the vocabulary as types


def test_fact_fields_are_typed_from_their_annotations() -> None:
    hand = fact_fields(facts.HandFact)
    assert hand["big_blind"] == Optional(CHIPS)
    assert hand["game"] == EnumType(facts.Game)
    assert hand["dealt_seats"] == ListType(INT)
    assert hand["players"] == ListType(FactType(facts.PlayerFact))
    assert hand["heads_up"] == BOOL and hand["hand_id"] == STRING
    tournament = fact_fields(facts.TournamentFact)
    assert tournament["buy_in"] == MONEY
    assert tournament["scheduled_start"] == DURATION
    assert tournament["payout_shares"] == ListType(PERCENT)
    assert tournament["guarantee"] == Optional(MONEY)
    assert fact_fields(facts.PotFact)["half"] == Optional(STRING)


def test_every_event_and_fact_of_the_vocabulary_can_be_typed() -> None:
    for event in facts.EVENTS.values():
        for kind in fact_fields(event).values():
            assert isinstance(kind, FactType)
            assert all(t != ERROR for t in kind.fields.values())


# ---------------------------------------------------------------- expression text


@pytest.mark.parametrize("text", [
    "a.b.c[0].d",
    "not (a and b) or c",
    "(a or b) and not c",
    "a - (b - c)",
    "a - b - c",
    "-(a + b) * c // 2 % 3",
    "(a == b) == c",
    "x not in {raise, bet}",
    "if a then b else if c then d else e",
    "(if a then b else c) + 1",
    "all(p in hand.players: p.stack > $12.50 and p.seat != 3)",
    "count(p in [1, 2]: true) + len([]) + next_seat(1, [2, 3])",
    "param.limit.max_bets >= 5m and 65% < 32.5% and 2h > 90s",
    "\"say \\\"hi\\\"\\n\" == none",
])
def test_expression_text_parses_back_to_the_same_tree(text: str) -> None:
    tree = parse_expression(text)
    assert expr_text(tree) == text
    assert parse_expression(expr_text(tree)) == tree


_NAMES = st.sampled_from(["a", "b", "hand", "p"])
_LEAVES: st.SearchStrategy[ast.Expr] = st.one_of(
    st.builds(ast.Name, _NAMES),
    st.builds(ast.Literal, st.just("int"), st.integers(0, 10_000)),
    st.builds(ast.Literal, st.just("money"), st.integers(0, 10_000)),
    st.builds(ast.Literal, st.just("percent"), st.integers(0, 10_000)),
    st.builds(ast.Literal, st.just("duration"), st.integers(0, 10_000)),
    st.builds(ast.Literal, st.just("bool"), st.booleans()),
    st.builds(ast.Literal, st.just("none"), st.none()),
    st.builds(ast.Literal, st.just("string"), st.text("ab\"\\\n ", max_size=5)),
    st.builds(ast.ParamRef, st.sampled_from(["x", "x.y"])),
)
_BINARY_OPS = st.sampled_from(["and", "or", "+", "-", "*", "//", "%", "==", "!=", "<", "<=",
                               ">", ">=", "in", "not in"])


def _extend(inner: st.SearchStrategy[ast.Expr]) -> st.SearchStrategy[ast.Expr]:
    items = st.lists(inner, max_size=3).map(tuple)
    return st.one_of(
        # `param.x` then `.a` reads as the parameter `x.a`; no checked rule has a field of a
        # parameter (parameters are never facts).
        st.builds(ast.Attribute, inner.filter(lambda e: not isinstance(e, ast.ParamRef)),
                  _NAMES),
        st.builds(ast.Index, inner, inner),
        st.builds(ast.Unary, st.sampled_from(["not", "-"]), inner),
        st.builds(ast.Binary, _BINARY_OPS, inner, inner),
        st.builds(ast.IfElse, inner, inner, inner),
        st.builds(ast.Call, st.sampled_from(["len", "share"]), items),
        st.builds(ast.Quantifier, st.sampled_from(["all", "count", "max"]), _NAMES, inner,
                  inner),
        st.builds(ast.ListLit, items),
        st.builds(ast.SetLit, items),
    )


@given(st.recursive(_LEAVES, _extend, max_leaves=12))
def test_expression_text_round_trips_any_tree(tree: ast.Expr) -> None:
    assert parse_expression(expr_text(tree)) == tree
