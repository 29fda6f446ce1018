"""Differential test: feltcheck's replay + fulltilt rules against PokerKit 0.7.7.

Hypothesis deals no-limit and pot-limit hold'em and Omaha tournament hands (2-9 players,
random stacks, some shorter than the blinds, antes) and plays a random mix of legal and illegal
intents. PokerKit's `State` (tournament mode: it refuses illegal input instead of repairing it)
decides each act; the same act, written as a `Hand` record, is replayed by feltcheck and judged
by the compiled fulltilt rules. For every act: PokerKit accepts it <=> no betting-legality
finding on it. The first refused act ends the hand for both (PokerKit cannot go on). For a
hand PokerKit completes, the awards come from PokerKit's payoffs and feltcheck must find the
chips conserved and leave everyone with PokerKit's final stacks.

Where the Full Tilt rules deliberately read a situation differently from PokerKit, the
disagreement is a named exception below (`EXCEPTIONS`), each with its clause; a disagreement
that matches none fails the test. After a tolerated disagreement the two no longer describe the
same table, so the hand stops there too.

The replay's measurement against the chips really posted (`action.as_posted`) is PokerKit's
reading of a short big blind: for every act, its amount to call, minimum raise and pot-limit
maximum equal PokerKit's, short blinds or not.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import (
    Automation,
    Mode,
    NoLimitPokerMixin,
    NoLimitTexasHoldem,
    OmahaHoldemHand,
    OmahaHoldemMixin,
    PotLimitOmahaHoldem,
    PotLimitPokerMixin,
    State,
    TexasHoldemMixin,
    UnfixedLimitHoldem,
)

from checker.dsl.engine import CompiledRuleset, compile_ruleset
from checker.dsl.ruleset import load_ruleset
from checker.model.hand import Hand
from checker.replay.facts import ActionEvent, HandEndEvent, PlayerFact, PostedBettingFact
from checker.replay.hand_replay import replay_hand
from checker.replay.table import TableState
from tests.conftest import REPO

# ------------------------------------------------------------------ the two engines


class _PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """PokerKit ships no pot-limit hold'em class; composed as its own classes are."""


class _NoLimitOmahaHoldem(NoLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    """PokerKit ships no no-limit Omaha class; composed as its own classes are."""

    hand_types = (OmahaHoldemHand,)


_GAMES: dict[tuple[str, str], type[UnfixedLimitHoldem]] = {
    ("holdem", "no_limit"): NoLimitTexasHoldem,
    ("holdem", "pot_limit"): _PotLimitTexasHoldem,
    ("omaha", "no_limit"): _NoLimitOmahaHoldem,
    ("omaha", "pot_limit"): PotLimitOmahaHoldem,
}

# Everything but the betting decisions: dealing, collecting, showdown and payouts.
_AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)
_STREETS = ("preflop", "flop", "turn", "river")
_LEGALITY_PREFIXES = ("betting.", "limit.")
_LEGALITY_RULES = frozenset({"chips.bet-within-stack"})

_RULES: list[CompiledRuleset] = []


def rules() -> CompiledRuleset:
    if not _RULES:
        _RULES.append(compile_ruleset(load_ruleset(REPO / "rules" / "fulltilt.rules")))
    return _RULES[0]


def is_legality_rule(rule_id: str) -> bool:
    return rule_id.startswith(_LEGALITY_PREFIXES) or rule_id in _LEGALITY_RULES


# ------------------------------------------------------------------ the deal and the intents


@dataclass(frozen=True)
class Deal:
    game: str
    structure: str
    small_blind: int
    big_blind: int
    ante: int
    stacks: tuple[int, ...]


# Intents: what a player tries. Raise sizes are read against the state when the intent is used.
INTENTS = ("fold", "check", "call", "min_raise", "under_min_raise", "all_in", "pot_raise",
           "over_pot_raise", "beyond_stack", "any_raise")
# Mostly ordinary play, so hands get past the flop before an illegal act ends them.
_WEIGHTED_INTENTS = (*INTENTS, *["call"] * 8, "fold", "fold", "min_raise", "min_raise",
                     "pot_raise", "all_in", "all_in")
# Acts PokerKit usually accepts (folds are left out: refused when checking is free).
_USUAL_INTENTS = (*["call"] * 8, "min_raise", "min_raise", "pot_raise", "all_in")
_INTENT = st.tuples(st.sampled_from(_WEIGHTED_INTENTS), st.integers(0, 1000))


@st.composite
def intent_lists(draw: st.DrawFn) -> list[tuple[str, int]]:
    """Either any mix, or a run of usual play (to reach the later streets) and then any mix."""
    if draw(st.booleans()):
        return draw(st.lists(_INTENT, min_size=1, max_size=30))
    usual = st.tuples(st.sampled_from(_USUAL_INTENTS), st.integers(0, 1000))
    return draw(st.lists(usual, max_size=25)) + draw(st.lists(_INTENT, min_size=1, max_size=8))


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    game = draw(st.sampled_from(("holdem", "omaha")))
    structure = draw(st.sampled_from(("no_limit", "pot_limit")))
    big = draw(st.sampled_from((2, 10, 20, 100)))
    small = big // 2
    ante = draw(st.sampled_from((0, 0, 1, big // 10 or 1)))
    players = draw(st.integers(2, 9))
    # Mostly a few big blinds deep, so all-ins (and short ones) are common; some stacks are
    # shorter than the blinds (a player all-in on the posts).
    short = st.integers(1, big + ante + 1)
    deep = st.integers(big, 40 * big)
    stacks = tuple(draw(short if draw(st.integers(0, 5)) == 0 else deep)
                   for _ in range(players))
    return Deal(game, structure, small, big, ante, stacks)


def new_state(deal: Deal) -> State:
    game = _GAMES[deal.game, deal.structure]
    # What each game's `create_state` does (the composed classes have none).
    poker = game(_AUTOMATIONS, False, deal.ante, (deal.small_blind, deal.big_blind),
                 deal.big_blind, mode=Mode.TOURNAMENT)
    return poker(deal.stacks, len(deal.stacks))


def raise_target(state: State, intent: str, pick: int) -> int:
    """The total-to a raise intent aims at, from PokerKit's own view of the table."""
    actor = state.actor_index
    assert actor is not None
    bets = state.bets
    top = max(bets)
    assert state.street is not None
    full = max(state.completion_betting_or_raising_amount,
               state.street.min_completion_betting_or_raising_amount)
    minimum = top + full
    reach = state.stacks[actor] + bets[actor]
    pot_to = 2 * top - bets[actor] + state.total_pot_amount
    floor = max(top, reach) if intent == "beyond_stack" else top
    targets = {
        "min_raise": minimum,
        "under_min_raise": top + max(1, full - 1 - pick % max(1, full - 1)),
        "all_in": reach,
        "pot_raise": max(minimum, pot_to),
        "over_pot_raise": max(minimum, pot_to) + 1 + pick % 7,
        "beyond_stack": floor + 1 + pick % 5,
        "any_raise": top + 1 + pick % max(1, reach - top + 3),
    }
    return max(top + 1, targets[intent])


# ------------------------------------------------------------------ playing one hand


@dataclass
class Played:
    """The hand as both engines saw it: the record for feltcheck and PokerKit's verdicts."""

    deal: Deal
    actions: list[dict[str, Any]] = field(default_factory=list)
    # Action index -> PokerKit accepted it (posts are not judged).
    verdicts: dict[int, bool] = field(default_factory=dict)
    # Action index -> PokerKit's state facts just before it (for the exceptions).
    before: dict[int, "Before"] = field(default_factory=dict)
    completed: bool = False
    final_stacks: tuple[int, ...] = ()
    payoffs: tuple[int, ...] = ()


@dataclass(frozen=True)
class Before:
    intent: str
    street: str
    bets: tuple[int, ...]
    stacks: tuple[int, ...]
    to_call: int
    raise_to: int | None
    min_raise_to: int | None
    max_raise_to: int | None
    short_all_ins: tuple[int, ...]
    acted: bool
    full_raise: int
    # Preflop, and nobody posted the whole big blind (short stacks, or all-in on the ante).
    short_big_blind: bool
    # Someone else still in the hand could match more than the standing bet.
    anyone_to_raise: bool


def name(index: int) -> str:
    return f"P{index + 1}"


def add(played: Played, player: int, kind: str, amount: int, street: str, *,
        to: int | None = None, all_in: bool = False) -> int:
    index = len(played.actions)
    played.actions.append({"index": index, "street": street, "player": name(player),
                           "kind": kind, "amount": amount, "to": to, "all_in": all_in,
                           "line": 10 + index})
    return index


def add_posts(played: Played, state: State) -> None:
    """Antes, then the small and the big blind, as PokerKit took them (short stacks post
    what they have). PokerKit's player 0 is the small blind (the big blind heads-up)."""
    start = played.deal.stacks
    antes = [state.get_effective_ante(i) for i in state.player_indices]
    for i, ante in enumerate(antes):
        if ante:
            add(played, i, "ante", ante, "preflop", all_in=ante == start[i])
    blinds = [state.get_effective_blind_or_straddle(i) for i in state.player_indices]
    order = (1, 0) if len(start) == 2 else (0, 1)
    for i, kind in zip(order, ("small_blind", "big_blind"), strict=True):
        if blinds[i]:
            add(played, i, kind, blinds[i], "preflop", all_in=blinds[i] + antes[i] == start[i])


def play(deal: Deal, intents: list[tuple[str, int]]) -> Played:
    state = new_state(deal)
    played = Played(deal)
    add_posts(played, state)
    for intent, pick in intents:
        if not state.status or state.actor_index is None:
            break
        if not act(played, state, intent, pick):
            return played
    if not state.status:
        played.completed = True
        played.final_stacks = tuple(state.stacks)
        played.payoffs = tuple(state.payoffs)
    return played


def act(played: Played, state: State, intent: str, pick: int) -> bool:
    """Try one intent on PokerKit and write it into the record; False once PokerKit refuses."""
    actor = state.actor_index
    assert actor is not None and state.street_index is not None
    street = _STREETS[state.street_index]
    bets = tuple(state.bets)
    stacks = tuple(state.stacks)
    to_call = state.checking_or_calling_amount or 0
    raise_to = None if intent in ("fold", "check", "call") else raise_target(state, intent, pick)
    before = Before(intent, street, bets, stacks, to_call, raise_to,
                    state.min_completion_betting_or_raising_to_amount,
                    state.max_completion_betting_or_raising_to_amount,
                    tuple(state.consecutive_short_all_in_amounts),
                    actor in state.acted_player_indices,
                    state.completion_betting_or_raising_amount,
                    street == "preflop" and max(
                        state.get_effective_blind_or_straddle(i) for i in state.player_indices
                    ) < played.deal.big_blind,
                    any(state.statuses[i] and state.stacks[i] + bets[i] > max(bets)
                        for i in state.player_indices if i != actor))
    if intent == "fold":
        legal = state.can_fold()
        index = add(played, actor, "fold", 0, street)
        if legal:
            state.fold()
    elif intent in ("check", "call"):
        # PokerKit has one act for both; a "check" facing a bet is the illegal variant.
        legal = state.can_check_or_call() and (intent == "call" or to_call == 0)
        paid = 0 if intent == "check" else to_call
        kind = "call" if paid else "check"
        index = add(played, actor, kind, paid, street, all_in=paid > 0 and paid == stacks[actor])
        if legal:
            state.check_or_call()
    else:
        assert raise_to is not None
        legal = state.can_complete_bet_or_raise_to(raise_to)
        amount = raise_to - bets[actor]
        kind = "raise" if max(bets) > 0 else "bet"
        index = add(played, actor, kind, amount, street, to=raise_to,
                    all_in=amount == stacks[actor])
        if legal:
            state.complete_bet_or_raise_to(raise_to)
    played.verdicts[index] = legal
    played.before[index] = before
    return legal


# ------------------------------------------------------------------ feltcheck's side


def hand_record(played: Played) -> Hand:
    deal = played.deal
    seats = [{"seat": i + 1, "player": name(i), "stack": chips, "line": 2 + i}
             for i, chips in enumerate(deal.stacks)]
    record: dict[str, Any] = {
        "site": "fulltilt", "source_format": "test", "hand_id": "1", "tournament_id": "T",
        "table": "1", "max_seats": 9, "game": deal.game, "structure": deal.structure,
        "unit": "chips", "small_blind": deal.small_blind, "big_blind": deal.big_blind,
        "ante": deal.ante or None, "button_seat": len(deal.stacks), "seats": seats,
        "actions": played.actions, "location": {"file": "pokerkit.txt", "line": 1},
        "end_line": 99,
    }
    if played.completed:
        # Each player gets back what went in plus PokerKit's payoff (uncalled bets included).
        put_in = [0] * len(deal.stacks)
        for a in played.actions:
            put_in[int(a["player"][1:]) - 1] += a["amount"]
        record["awards"] = [{"player": name(i), "amount": put_in[i] + payoff, "line": 90}
                            for i, payoff in enumerate(played.payoffs) if put_in[i] + payoff]
    return Hand.model_validate(record)


@dataclass
class Judged:
    legality: dict[int, list[str]]
    hand_end: list[str]
    end_stacks: dict[str, int]
    # Action index -> the betting as posted and the actor, just before the act.
    as_posted: dict[int, tuple[PostedBettingFact, PlayerFact]] = field(default_factory=dict)


def judge(hand: Hand) -> Judged:
    table = TableState("1")
    judged = Judged({}, [], {})
    for event_name, event in replay_hand(hand, table):
        found = [rule.rule_id for rule, _ in rules().failures(event_name, event)]
        if isinstance(event, ActionEvent):
            judged.legality[event.action.index] = [r for r in found if is_legality_rule(r)]
            assert event.action.as_posted is not None
            judged.as_posted[event.action.index] = (event.action.as_posted, event.actor)
        elif isinstance(event, HandEndEvent):
            judged.hand_end = found
    judged.end_stacks = table.end_stacks
    return judged


def posted_differences(played: Played, judged: Judged) -> list[str]:
    """Where the replay's `as_posted` measurement differs from PokerKit's state before an act:
    the amount to call, the minimum raise and the pot-limit maximum, as PokerKit states them
    (capped by the actor's chips; and a pot smaller than a minimum raise, left by blinds
    posted short, still allows the minimum)."""
    problems: list[str] = []
    for index, b in played.before.items():
        posted, actor = judged.as_posted[index]
        reach = actor.stack + actor.street_in
        found: dict[str, int] = {"to_call": min(posted.to_call, actor.stack)}
        expected = {"to_call": b.to_call}
        minimum = posted.current_bet + posted.last_full_raise
        if b.min_raise_to is not None:
            found["min_raise_to"] = min(minimum, reach)
            expected["min_raise_to"] = b.min_raise_to
        if b.max_raise_to is not None and posted.pot_limit_max_to is not None:
            found["max_raise_to"] = min(max(posted.pot_limit_max_to, minimum), reach)
            expected["max_raise_to"] = b.max_raise_to
        if found != expected:
            problems.append(f"action {index}: as posted {found}, PokerKit {expected}")
    return problems


# ------------------------------------------------------------------ deliberate differences


@dataclass(frozen=True)
class Exception_:
    """A documented case where the Full Tilt rules and PokerKit deliberately disagree."""

    name: str
    clause: str
    why: str
    # (PokerKit accepted, feltcheck's legality findings, PokerKit's state before) -> applies
    applies: Callable[[bool, list[str], Before, Deal], bool]


_SIZING_RULES = frozenset({
    "betting.call-amount", "betting.min-raise", "betting.check-only-when-free",
    "betting.pot-limit-maximum", "betting.short-all-in-does-not-reopen",
    "betting.raise-goes-above-the-bet", "betting.raise-needs-an-opponent"})


def _short_big_blind(legal: bool, found: list[str], b: Before, deal: Deal) -> bool:
    # The big blind was posted short or not at all (all-in on the ante): PokerKit plays the
    # bet actually posted, so the others may check or call it and raise from it; the Full
    # Tilt rules read the level's big blind as the bet to call and the minimum raise (clauses
    # 17, 24: the blinds are the level's, a short post is an all-in), so putting in up to the
    # big blind is a call there, not a raise, and the pot-limit maximum counts the whole big
    # blind as the call. The replay measures both (`as_posted` is PokerKit's reading, checked
    # by `posted_differences`); the rules choose the level's.
    # The difference lasts the whole preflop round (every later raise is sized from it).
    if not b.short_big_blind or b.intent == "fold":
        return False
    if legal:
        return bool(found) and set(found) <= _SIZING_RULES
    return not found and b.raise_to is not None


def _summed_short_all_ins(legal: bool, found: list[str], b: Before, deal: Deal) -> bool:
    # Two or more consecutive short all-ins that together make a full raise reopen the betting
    # in PokerKit; clause 24 reads each all-in on its own: "a raise smaller than the previous
    # full raise" does not reopen, however many of them follow each other.
    # PokerKit clears its run of short all-ins once their sum reaches a full raise, so the
    # player who acted before them may raise again.
    return legal and found == ["betting.short-all-in-does-not-reopen"] and (
        b.acted and not b.short_all_ins)


def _first_raise_counts_full(legal: bool, found: list[str], b: Before, deal: Deal) -> bool:
    # PokerKit measures the round's first bet or raise against nothing (the blinds are not a
    # raise), so an all-in raise or bet of less than the big blind counts as full there and
    # reopens the betting; clause 24 measures it against the big blind (the previous full
    # raise), so it does not reopen for players who already acted.
    return legal and found == ["betting.short-all-in-does-not-reopen"] and (
        b.full_raise < deal.big_blind and not b.acted)


def _unnecessary_fold(legal: bool, found: list[str], b: Before, deal: Deal) -> bool:
    # PokerKit's tournament mode refuses a fold when checking is free; clause 27 treats a
    # player as "check-folding", i.e. folding with nothing to call is a legal (if silly) act.
    return not legal and not found and b.intent == "fold" and b.to_call == 0


def _raise_against_all_in_calls(legal: bool, found: list[str], b: Before, deal: Deal
                                ) -> bool:
    # No opponent can put in more than the bet standing, but one still has chips (it can
    # call, all in for less): PokerKit refuses a bet or raise then; the Full Tilt rules forbid
    # one only when every opponent still in the hand is all in or has folded
    # (betting.raise-needs-an-opponent), and the excess nobody matches goes back uncalled.
    return not legal and not found and b.raise_to is not None and not b.anyone_to_raise


EXCEPTIONS = (
    Exception_("short big blind still sets the bet", "17, 24",
               "a big blind posted all-in for less still makes the level's big blind the bet "
               "to call and the minimum raise", _short_big_blind),
    Exception_("short all-ins are not summed", "24",
               "consecutive short all-ins that together reach a full raise do not reopen the "
               "betting for players who already acted", _summed_short_all_ins),
    Exception_("a first raise short of the big blind is not full", "24",
               "an all-in bet or raise of less than the big blind, the first of its round, does "
               "not reopen the betting; PokerKit counts it as a full raise",
               _first_raise_counts_full),
    Exception_("folding when checking is free", "27",
               "a fold with nothing to call is legal (check-fold); PokerKit's tournament mode "
               "refuses it", _unnecessary_fold),
    Exception_("raising when only all-in calls are left", "23, 24",
               "a bet or raise when no opponent can put in more than the bet but one still has "
               "chips to call with; PokerKit refuses it, the rules allow it",
               _raise_against_all_in_calls),
)


# ------------------------------------------------------------------ the comparison


def compare(played: Played) -> list[str]:
    """Disagreements no exception explains, as readable lines; also counts the exceptions."""
    hand = hand_record(played)
    judged = judge(hand)
    problems = posted_differences(played, judged)
    for index, legal in played.verdicts.items():
        found = judged.legality.get(index, [])
        if legal == (not found):
            continue
        before = played.before[index]
        matched = [e for e in EXCEPTIONS if e.applies(legal, found, before, played.deal)]
        if matched:
            SEEN[matched[0].name] = SEEN.get(matched[0].name, 0) + 1
            return problems
        action = played.actions[index]
        problems.append(f"action {index} {action}: PokerKit {'accepts' if legal else 'refuses'}"
                        f", feltcheck finds {found}; before: {before}")
        return problems
    if played.completed:
        if judged.hand_end and "chips.conserved-in-hand" in judged.hand_end:
            problems.append(f"hand end: {judged.hand_end}")
        expected = {name(i): chips for i, chips in enumerate(played.final_stacks)}
        if judged.end_stacks != expected:
            problems.append(f"end stacks {judged.end_stacks} != PokerKit's {expected}")
    return problems


SEEN: dict[str, int] = {}


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=deals(), intents=intent_lists())
def test_feltcheck_agrees_with_pokerkit(deal: Deal, intents: list[tuple[str, int]]) -> None:
    played = play(deal, intents)
    problems = compare(played)
    assert not problems, "\n".join([f"deal {deal}", *problems])


# ------------------------------------------------------------------ each exception, by hand


def outcomes(deal: Deal, intents: list[str]) -> list[tuple[bool, list[str], str | None]]:
    """Per judged act: PokerKit's verdict, feltcheck's legality findings, the exception."""
    played = play(deal, [(intent, 0) for intent in intents])
    judged = judge(hand_record(played))
    out = []
    for index, legal in played.verdicts.items():
        found = judged.legality.get(index, [])
        matched = [e.name for e in EXCEPTIONS
                   if e.applies(legal, found, played.before[index], deal)]
        out.append((legal, found, matched[0] if matched else None))
    return out


def test_short_big_blind_is_called_in_full_at_full_tilt() -> None:
    # P2 posts the big blind all-in for 1 of 2; the button calls the 1 PokerKit asks for.
    deal = Deal("holdem", "no_limit", 1, 2, 0, (10, 1, 10))
    assert outcomes(deal, ["call"]) == [
        (True, ["betting.call-amount"], "short big blind still sets the bet")]


def test_consecutive_short_all_ins_reopen_only_in_pokerkit() -> None:
    # Blinds 50/100. UTG raises to 200 (a full raise of 100); the button (280) and the small
    # blind (360) go all-in for short raises of 80 each; the big blind calls; UTG raises again.
    deal = Deal("holdem", "no_limit", 50, 100, 0, (360, 10_000, 10_000, 280))
    assert outcomes(deal, ["min_raise", "all_in", "all_in", "call", "min_raise"]) == [
        (True, [], None), (True, [], None), (True, [], None), (True, [], None),
        (True, ["betting.short-all-in-does-not-reopen"], "short all-ins are not summed")]


def test_a_first_raise_short_of_the_big_blind_reopens_only_in_pokerkit() -> None:
    # Blinds 50/100: the button calls, the small blind completes, the big blind (101 chips)
    # raises all-in by 1; the button raises again.
    deal = Deal("holdem", "no_limit", 50, 100, 0, (5_000, 101, 5_000))
    assert outcomes(deal, ["call", "call", "all_in", "min_raise"]) == [
        (True, [], None), (True, [], None), (True, [], None),
        (True, ["betting.short-all-in-does-not-reopen"],
         "a first raise short of the big blind is not full")]


def test_one_short_all_in_does_not_reopen_in_either() -> None:
    deal = Deal("holdem", "no_limit", 50, 100, 0, (10_000, 10_000, 10_000, 280))
    assert outcomes(deal, ["min_raise", "all_in", "call", "call", "min_raise"]) == [
        (True, [], None), (True, [], None), (True, [], None), (True, [], None),
        (False, ["betting.short-all-in-does-not-reopen"], None)]


def test_fold_when_checking_is_free() -> None:
    deal = Deal("omaha", "pot_limit", 50, 100, 0, (5_000, 5_000, 5_000))
    assert outcomes(deal, ["call", "call", "fold"]) == [
        (True, [], None), (True, [], None), (False, [], "folding when checking is free")]


def test_raise_when_every_opponent_is_all_in_is_refused_by_both() -> None:
    # Heads-up: the big blind (P1) is all-in on its post; the button may only call.
    deal = Deal("holdem", "no_limit", 50, 100, 0, (100, 5_000))
    assert outcomes(deal, ["min_raise"]) == [
        (False, ["betting.raise-needs-an-opponent"], None)]


def test_raise_when_only_all_in_calls_are_left_is_refused_only_by_pokerkit() -> None:
    # The button (P3) moves all in for 1,000; the small blind (P1) raises, but the big blind
    # (P2, 300) could only call all in for less: PokerKit refuses, the rules allow it.
    deal = Deal("holdem", "no_limit", 50, 100, 0, (5_000, 300, 1_000))
    assert outcomes(deal, ["all_in", "min_raise"]) == [
        (True, [], None), (False, [], "raising when only all-in calls are left")]


def test_the_posted_reading_of_a_short_big_blind_is_pokerkits() -> None:
    # P2 posts the big blind all in for 60 of 100; the button raises to 160 (the posted 60
    # plus a full raise of 100): legal for PokerKit, and measured so `as_posted`; the rules,
    # reading the level's 100 as the bet, find a raise of 60, short of the big blind.
    deal = Deal("holdem", "no_limit", 50, 100, 0, (5_000, 60, 5_000))
    played = play(deal, [("min_raise", 0)])
    judged = judge(hand_record(played))
    assert posted_differences(played, judged) == []
    posted, _ = judged.as_posted[2]
    assert (posted.current_bet, posted.to_call, posted.increment) == (60, 60, 100)
    assert judged.legality[2] == ["betting.min-raise"]


def test_pot_limit_over_pot_and_bets_beyond_the_stack_agree() -> None:
    deal = Deal("holdem", "pot_limit", 50, 100, 0, (5_000, 5_000, 5_000))
    assert outcomes(deal, ["over_pot_raise"]) == [
        (False, ["betting.pot-limit-maximum"], None)]
    assert outcomes(deal, ["pot_raise", "beyond_stack"]) == [
        (True, [], None),
        (False, ["betting.pot-limit-maximum", "chips.bet-within-stack"], None)]
