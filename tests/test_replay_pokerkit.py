"""Differential test: feltcheck's replay + fulltilt rules against PokerKit 0.7.7.

Hypothesis deals no-limit and pot-limit hold'em and Omaha and fixed-limit hold'em tournament
hands (2-9 players, random stacks, some shorter than the blinds or the ante, antes) from a deck
it orders (sometimes with a royal flush on the board, so that pots split) and plays a random mix
of legal and illegal intents. PokerKit's `State` (tournament mode: it refuses illegal input
instead of repairing it) decides each act; the same act, written as a `Hand` record, is
replayed by feltcheck and judged by the compiled fulltilt rules.

Act by act: PokerKit accepts it <=> no betting-legality finding on it. A disagreement is
tolerated only as a named exception below (`EXCEPTIONS`), each a deliberate difference of the
Full Tilt rules with its clause, matched on the precise state that makes the two differ; any
other disagreement fails. A refused act ends the hand for both (PokerKit does not apply it, the
record does: the two no longer describe the same table); after an accepted act both moved the
same chips, so the comparison goes on, excused or not.

A big blind posted short is judged act by act too: the replay measures every act both against
the level's big blind (what the rules read, clauses 17 and 24) and against the chips really
posted (`action.as_posted`, PokerKit's reading; `posted_differences` checks it against
PokerKit's state). The posted measurement is judged by the same rules (`posted_event`): it must
agree with PokerKit exactly, and a disagreement with the level's reading is excused only when
that reading alone makes it.

A hand PokerKit plays to a showdown is compared pot by pot (`showdown_differences`): the main
and side pots (amounts, who is eligible) as PokerKit forms them before it kills the losing
hands, the best hand of each pot by PokerKit's evaluator against feltcheck's, and the payout.
Clause 22 gives an odd chip to the winner nearest the button's left, one each when several are
left over; PokerKit gives them all to the first winner. So the record pays what clause 22 says
(`clause_22_split`, written here) and feltcheck must find nothing wrong; the same pots paid as
PokerKit paid them must be found wrong by `pots.odd-chip-left-of-button` exactly where the two
splits differ.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import (
    Automation,
    BetCollection,
    Card,
    ChipsPushing,
    FixedLimitTexasHoldem,
    Mode,
    Poker,
    State,
)

from benchmarks.throughput.pokerkit_games import BIG_BET_GAMES
from checker.dsl.engine import CompiledRuleset, compile_ruleset
from checker.dsl.ruleset import load_ruleset
from checker.model.hand import Hand, validate_hand
from checker.replay.facts import (
    ActionEvent,
    HandEndEvent,
    PlayerFact,
    PostedBettingFact,
    PotEvent,
    PotFact,
)
from checker.replay.hand_replay import replay_hand
from checker.replay.table import TableState
from tests.conftest import REPO

# ------------------------------------------------------------------ the two engines


FIXED_LIMIT = "fixed_limit"

# Everything but the betting decisions and the showdown: dealing, collecting, killing the
# losing hands and payouts. Each player at showdown shows (`showdown`): PokerKit would muck a
# hand that cannot win, folding it out of the pots it is eligible for.
_AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
    Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)
# PokerKit's ante trimming: an ante that nobody matches in full is cut back to the next largest
# (the rest goes back at once), and antes count in the side pots like any chips, so a player
# short on the ante is eligible only for what they matched; without it every ante goes into
# the main pot, open to everyone still in the hand. Clause 22 pays a pot to its winners, who
# must have put in enough to be eligible (pots.paid-to-eligible): trimming is that reading.
_ANTE_TRIMMING = True
_STREETS = ("preflop", "flop", "turn", "river")
_LEGALITY_PREFIXES = ("betting.", "limit.")
_LEGALITY_RULES = frozenset({"chips.bet-within-stack"})
# The rules judging a pot's payout.
_POT_PREFIX = "pots."
_ODD_CHIP = "pots.odd-chip-left-of-button"

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
DECK = tuple(rank + suit for rank in _RANKS for suit in _SUITS)
_ROYAL = "AKQJT"

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
    # The deck in dealing order (hole cards round the table, then burn, flop, burn, turn,
    # burn, river).
    deck: tuple[str, ...] = DECK


# Intents: what a player tries. Raise sizes are read against the state when the intent is used.
INTENTS = ("fold", "check", "call", "min_raise", "under_min_raise", "all_in", "pot_raise",
           "over_pot_raise", "beyond_stack", "any_raise", "limit_raise", "give_up")
# Mostly ordinary play, so hands get past the flop before an illegal act ends them.
_WEIGHTED_INTENTS = (*INTENTS, *["call"] * 8, "fold", "fold", "min_raise", "min_raise",
                     "pot_raise", "all_in", "all_in", "limit_raise")
# Acts PokerKit usually accepts (folds are left out: refused when checking is free).
_USUAL_INTENTS = (*["call"] * 8, "min_raise", "min_raise", "pot_raise", "all_in",
                  "limit_raise", "limit_raise")
_INTENT = st.tuples(st.sampled_from(_WEIGHTED_INTENTS), st.integers(0, 1000))


# Play that reaches the showdown: calls (checks when free), some all-ins and limit raises,
# and folds (dead chips in the pots, so that splits leave odd chips).
_SHOWDOWN_INTENTS = (*["call"] * 10, "all_in", "limit_raise", "give_up", "give_up")


@st.composite
def intent_lists(draw: st.DrawFn) -> list[tuple[str, int]]:
    """Any mix; or a run of usual play (to reach the later streets) and then any mix; or
    play to the showdown."""
    mode = draw(st.integers(0, 2))
    if mode == 0:
        return draw(st.lists(_INTENT, min_size=1, max_size=30))
    if mode == 1:
        usual = st.tuples(st.sampled_from(_USUAL_INTENTS), st.integers(0, 1000))
        return draw(st.lists(usual, max_size=40)) + draw(
            st.lists(_INTENT, min_size=1, max_size=8))
    calls = st.tuples(st.sampled_from(_SHOWDOWN_INTENTS), st.integers(0, 1000))
    return draw(st.lists(calls, min_size=40, max_size=60))


def hole_count(game: str) -> int:
    return 4 if game == "omaha" else 2


def board_positions(game: str, players: int) -> list[int]:
    """Where the five board cards lie in the deck: after the hole cards, each street after a
    burnt card."""
    start = players * hole_count(game)
    return [start + 1, start + 2, start + 3, start + 5, start + 7]


@st.composite
def decks(draw: st.DrawFn, game: str, players: int) -> tuple[str, ...]:
    order = list(draw(st.permutations(DECK)))
    if game == "holdem" and draw(st.integers(0, 2)) == 0:
        # A royal flush on the board: every hold'em hand at showdown plays it, so every pot
        # splits between all its eligible players (odd chips).
        suit = draw(st.sampled_from(_SUITS))
        board = [rank + suit for rank in _ROYAL]
        order = [card for card in order if card not in board]
        for position, card in zip(board_positions(game, players), board, strict=True):
            order.insert(position, card)
    return tuple(order)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    structure = draw(st.sampled_from(("no_limit", "pot_limit", FIXED_LIMIT)))
    # PokerKit has fixed-limit hold'em only among these games.
    game = "holdem" if structure == FIXED_LIMIT else draw(st.sampled_from(("holdem", "omaha")))
    big = draw(st.sampled_from((2, 10, 20, 100)))
    small = big // 2
    ante = draw(st.sampled_from((0, 0, 1, big // 10 or 1)))
    players = draw(st.integers(2, 9))
    # Mostly a few big blinds deep, so all-ins (and short ones) are common; some stacks are
    # shorter than the blinds (a player all-in on the posts) or the ante.
    short = st.integers(1, big + ante + 1)
    deep = st.integers(big, 40 * big)
    stacks = tuple(draw(short if draw(st.integers(0, 5)) == 0 else deep)
                   for _ in range(players))
    return Deal(game, structure, small, big, ante, stacks, draw(decks(game, players)))


def new_state(deal: Deal) -> State:
    poker: Poker
    if deal.structure == FIXED_LIMIT:
        # Full Tilt's limit games: the small bet is the big blind, the big bet twice it.
        poker = FixedLimitTexasHoldem(_AUTOMATIONS, _ANTE_TRIMMING, deal.ante,
                                      (deal.small_blind, deal.big_blind), deal.big_blind,
                                      2 * deal.big_blind, mode=Mode.TOURNAMENT)
    else:
        game = BIG_BET_GAMES[deal.game, deal.structure]
        # What each game's `create_state` does (the composed classes have none).
        poker = game(_AUTOMATIONS, _ANTE_TRIMMING, deal.ante,
                     (deal.small_blind, deal.big_blind), deal.big_blind, mode=Mode.TOURNAMENT)
    cards = Card.clean("".join(deal.deck))

    def stacked(deck: Any) -> None:
        # PokerKit shuffles its deck once, as the state is set up: the deal's order instead.
        deck.clear()
        deck.extend(cards)

    with patch("pokerkit.state.shuffle", stacked):
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
        # PokerKit's own least raise (the one limit raise, capped by the stack).
        "limit_raise": state.min_completion_betting_or_raising_to_amount or minimum,
    }
    return max(top + 1, targets[intent])


# ------------------------------------------------------------------ playing one hand


@dataclass
class Showdown:
    """A showdown as PokerKit plays it."""

    # Main pot first: (amount, eligible player indices), before PokerKit kills the hands that
    # cannot win (a killed hand leaves the pots, and pots left with the same players merge).
    pots: list[tuple[int, tuple[int, ...]]]
    # Player index -> hole cards, for every player who showed.
    hole: dict[int, list[str]]
    board: list[str] = field(default_factory=list)
    # Per pot above: the players PokerKit's evaluator ranks best among its eligible ones.
    winners: list[list[int]] = field(default_factory=list)
    # Player index -> PokerKit's hand (its own evaluator's; comparable).
    hands: dict[int, Any] = field(default_factory=dict)
    # PokerKit's payout: (pot index among the pots left after killing, chips per player).
    pushes: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    # The pots left after killing, by their eligible players.
    kept_pots: list[tuple[int, ...]] = field(default_factory=list)


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
    showdown: Showdown | None = None


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
    # Bets, completions and raises PokerKit counts on this street, and its cap (None: none).
    raises: int = 0
    cap: int | None = None


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
    what they have; an ante nobody matched in full is cut back, `_ANTE_TRIMMING`). PokerKit's
    player 0 is the small blind (the big blind heads-up)."""
    antes = [state.get_effective_ante(i) for i in state.player_indices]
    for operation in state.operations:
        if isinstance(operation, BetCollection):
            # The antes' collection comes before any blind: what was kept of each.
            antes = list(operation.bets)
            break
    blinds = [state.get_effective_blind_or_straddle(i) for i in state.player_indices]
    posts: list[tuple[int, str, int]] = [(i, "ante", ante) for i, ante in enumerate(antes)]
    order = (1, 0) if len(blinds) == 2 else (0, 1)
    posts += [(i, kind, blinds[i]) for i, kind in zip(order, ("small_blind", "big_blind"),
                                                      strict=True)]
    posts = [post for post in posts if post[2]]
    for number, (i, kind, amount) in enumerate(posts):
        # A player's last post is all in when it left them nothing behind.
        last = all(other[0] != i for other in posts[number + 1:])
        add(played, i, kind, amount, "preflop", all_in=last and state.stacks[i] == 0)


def play(deal: Deal, intents: list[tuple[str, int]]) -> Played:
    state = new_state(deal)
    played = Played(deal)
    add_posts(played, state)
    for intent, pick in intents:
        if not state.status or state.actor_index is None:
            break
        if not act(played, state, intent, pick):
            return played
    if state.status and state.actor_index is None and state.can_show_or_muck_hole_cards():
        played.showdown = showdown(state)
    if not state.status:
        played.completed = True
        played.final_stacks = tuple(state.stacks)
        played.payoffs = tuple(state.payoffs)
    return played


def showdown(state: State) -> Showdown:
    """Everyone still in shows; PokerKit runs out the board, kills the hands that cannot win
    and pays the pots."""
    seen = Showdown([(pot.amount, tuple(pot.player_indices)) for pot in state.pots],
                    {i: [repr(card) for card in state.hole_cards[i]]
                     for i in state.player_indices if state.statuses[i]})
    while state.can_show_or_muck_hole_cards():
        state.show_or_muck_hole_cards(True)
    if state.status:
        return seen
    seen.board = [repr(card) for card in state.get_board_cards(0)]
    hand_type = state.hand_types[0]
    board = Card.clean("".join(seen.board))
    seen.hands = {i: hand_type.from_game(Card.clean("".join(hole)), board)
                  for i, hole in seen.hole.items()}
    seen.winners = [best_of(seen, eligible) for _, eligible in seen.pots]
    seen.pushes = [(op.pot_index, tuple(op.amounts)) for op in state.operations
                   if isinstance(op, ChipsPushing)]
    seen.kept_pots = [tuple(pot.player_indices) for pot in state.pots]
    return seen


def best_of(seen: Showdown, eligible: Sequence[int]) -> list[int]:
    """The eligible players holding the best hand, by PokerKit's evaluator."""
    best = max(seen.hands[i] for i in eligible)
    return [i for i in eligible if seen.hands[i] == best]


def act(played: Played, state: State, intent: str, pick: int) -> bool:
    """Try one intent on PokerKit and write it into the record; False once PokerKit refuses."""
    actor = state.actor_index
    assert actor is not None and state.street_index is not None and state.street is not None
    street = _STREETS[state.street_index]
    bets = tuple(state.bets)
    stacks = tuple(state.stacks)
    to_call = state.checking_or_calling_amount or 0
    if intent == "give_up":
        # Fold when facing a bet, else check (never refused).
        intent = "fold" if to_call else "check"
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
                        for i in state.player_indices if i != actor),
                    state.completion_betting_or_raising_count,
                    state.street.max_completion_betting_or_raising_count)
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


# ------------------------------------------------------------------ clause 22's payout


def clause_22_split(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """A pot split as clause 22 says, in single chips (a tournament): equal shares, and the
    chips left over one each to the winners nearest the button's left. `winners` are player
    indices; PokerKit's index order is the order from the button's left (player 0 first; the
    button is the last player, heads-up the small blind)."""
    share, left = divmod(amount, len(winners))
    ordered = sorted(winners)
    return {w: share + (1 if rank < left else 0) for rank, w in enumerate(ordered)}


def pokerkit_split(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """A pot split as PokerKit 0.7.7 splits it (`State.push_chips`): equal shares, and every
    chip left over to the first winner in player order."""
    share, left = divmod(amount, len(winners))
    ordered = sorted(winners)
    return {w: share + (left if w == ordered[0] else 0) for w in ordered}


def clause_22_awards(seen: Showdown) -> list[dict[int, int]]:
    """Per pot: what each winner is due under clause 22."""
    return [clause_22_split(amount, winners)
            for (amount, _), winners in zip(seen.pots, seen.winners, strict=True)]


def pokerkit_awards(seen: Showdown) -> list[dict[int, int]] | None:
    """Per pot: what PokerKit paid each winner; None when killing merged pots (PokerKit then
    pays the merged pot as one, and no payout per pot exists to compare)."""
    if len(seen.kept_pots) != len(seen.pots) or len(seen.pushes) != len(seen.pots):
        return None
    return [{i: amounts[i] for i in winners}
            for (_, amounts), winners in zip(seen.pushes, seen.winners, strict=True)]


# ------------------------------------------------------------------ feltcheck's side


def put_in(played: Played) -> list[int]:
    chips = [0] * len(played.deal.stacks)
    for a in played.actions:
        chips[int(a["player"][1:]) - 1] += a["amount"]
    return chips


def pot_name(index: int) -> str:
    return "main pot" if index == 0 else f"side pot {index}"


def hand_record(played: Played, pot_awards: list[dict[int, int]] | None = None) -> Hand:
    """The record of `played`. A showdown hand is paid pot by pot with `pot_awards` (by
    default clause 22's), its uncalled chips returned, every hand shown; a hand won without
    a showdown pays the winner what PokerKit did."""
    deal = played.deal
    seats = [{"seat": i + 1, "player": name(i), "stack": chips, "line": 2 + i}
             for i, chips in enumerate(deal.stacks)]
    limits: dict[str, int] = {}
    if deal.structure == FIXED_LIMIT:
        limits = {"small_bet": deal.big_blind, "big_bet": 2 * deal.big_blind}
    record: dict[str, Any] = {
        "site": "fulltilt", "source_format": "test", "hand_id": "1", "tournament_id": "T",
        "table": "1", "max_seats": 9, "game": deal.game, "structure": deal.structure,
        "unit": "chips", "small_blind": deal.small_blind, "big_blind": deal.big_blind,
        "ante": deal.ante or None, "button_seat": len(deal.stacks), "seats": seats,
        "actions": played.actions, "location": {"file": "pokerkit.txt", "line": 1},
        "end_line": 99, **limits,
    }
    seen = played.showdown
    chips_in = put_in(played)
    if played.completed and seen is not None:
        # What went in and stayed in is what the pots hold; the rest came back uncalled.
        pots_in = [won - payoff for won, payoff in zip(_won(seen, len(chips_in)), played.payoffs,
                                                        strict=True)]
        record["returns"] = [{"player": name(i), "amount": chips_in[i] - pots_in[i], "line": 80}
                             for i in range(len(chips_in)) if chips_in[i] > pots_in[i]]
        record["boards"] = [seen.board]
        record["shown"] = [{"player": name(i), "cards": hole, "line": 85}
                           for i, hole in seen.hole.items()]
        awards = clause_22_awards(seen) if pot_awards is None else pot_awards
        record["awards"] = [{"player": name(i), "amount": amount, "pot": pot_name(index),
                             "line": 90}
                            for index, paid in enumerate(awards) for i, amount in paid.items()]
    elif played.completed:
        # Each player gets back what went in plus PokerKit's payoff (uncalled bets included).
        record["awards"] = [{"player": name(i), "amount": chips_in[i] + payoff, "line": 90}
                            for i, payoff in enumerate(played.payoffs) if chips_in[i] + payoff]
    return validate_hand(record)


def _won(seen: Showdown, players: int) -> list[int]:
    """What PokerKit paid each player from the pots."""
    won = [0] * players
    for _, amounts in seen.pushes:
        won = [w + a for w, a in zip(won, amounts, strict=True)]
    return won


@dataclass
class Judged:
    legality: dict[int, list[str]]
    hand_end: list[str]
    end_stacks: dict[str, int]
    # Action index -> the betting as posted and the actor, just before the act.
    as_posted: dict[int, tuple[PostedBettingFact, PlayerFact]] = field(default_factory=dict)
    # Action index -> the legality findings on the act measured as posted (only where that
    # measurement differs from the level's).
    posted_legality: dict[int, list[str]] = field(default_factory=dict)
    pots: list[PotFact] = field(default_factory=list)
    # (rule id, pot index) of every finding on a pot.
    pot_findings: list[tuple[str, int]] = field(default_factory=list)


def posted_event(event: ActionEvent) -> ActionEvent | None:
    """The act measured against the chips really posted (`action.as_posted`) in the fields
    the rules read; None where that is the level's measurement."""
    p = event.action.as_posted
    assert p is not None
    street, action, actor = event.street, event.action, event.actor
    if (p.current_bet, p.to_call, p.is_raise, p.increment, p.last_full_raise,
            p.bets_and_raises, p.pot_limit_max_to, p.raised_since_acted,
            p.largest_raise_since_acted) == (
            street.current_bet, action.to_call, action.is_raise, action.increment,
            street.last_full_raise, street.bets_and_raises, street.pot_limit_max_to,
            actor.raised_since_acted, actor.largest_raise_since_acted):
        return None
    return replace(
        event,
        street=replace(street, current_bet=p.current_bet, last_full_raise=p.last_full_raise,
                       bets_and_raises=p.bets_and_raises, pot_limit_max_to=p.pot_limit_max_to),
        action=replace(action, to_call=p.to_call, is_raise=p.is_raise, increment=p.increment),
        actor=replace(actor, raised_since_acted=p.raised_since_acted,
                      largest_raise_since_acted=p.largest_raise_since_acted))


def judge(hand: Hand) -> Judged:
    table = TableState("1")
    judged = Judged({}, [], {})
    for event_name, event in replay_hand(hand, table):
        found = [rule.rule_id for rule, _ in rules().failures(event_name, event)]
        if isinstance(event, ActionEvent):
            index = event.action.index
            judged.legality[index] = [r for r in found if is_legality_rule(r)]
            assert event.action.as_posted is not None
            judged.as_posted[index] = (event.action.as_posted, event.actor)
            posted = posted_event(event)
            if posted is not None:
                judged.posted_legality[index] = [
                    rule.rule_id for rule, _ in rules().failures(event_name, posted)
                    if is_legality_rule(rule.rule_id)]
        elif isinstance(event, PotEvent):
            judged.pots.append(event.pot)
            judged.pot_findings += [(r, event.pot.index) for r in found
                                    if r.startswith(_POT_PREFIX)]
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
        if b.min_raise_to is not None and played.deal.structure != FIXED_LIMIT:
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
    # (PokerKit accepted, feltcheck's legality findings, the same measured as posted,
    # PokerKit's state before, the deal) -> applies
    applies: Callable[[bool, list[str], list[str], Before, Deal], bool]


_SIZING_RULES = frozenset({
    "betting.call-amount", "betting.min-raise", "betting.check-only-when-free",
    "betting.pot-limit-maximum", "betting.short-all-in-does-not-reopen",
    "betting.raise-goes-above-the-bet", "betting.raise-needs-an-opponent",
    "limit.bet-cap", "limit.bet-size", "limit.short-all-in-does-not-reopen"})


def _short_big_blind(legal: bool, found: list[str], posted: list[str], b: Before,
                     deal: Deal) -> bool:
    # The big blind was posted short or not at all (all-in on the ante): PokerKit plays the
    # bet actually posted, so the others may check or call it and raise from it; the Full
    # Tilt rules read the level's big blind as the bet to call and the minimum raise (clauses
    # 17, 24: the blinds are the level's, a short post is an all-in), so putting in up to the
    # big blind is a call there, not a raise, and the pot-limit maximum counts the whole big
    # blind as the call. Precisely: the level's reading alone changes the findings (in the
    # rules that read the sizes); the same rules reading the act as posted must then give
    # PokerKit's verdict, or a difference of their own explains it (`exception_for`).
    return (b.short_big_blind and posted != found
            and set(found) ^ set(posted) <= _SIZING_RULES)


def _summed_short_all_ins(legal: bool, found: list[str], posted: list[str], b: Before,
                          deal: Deal) -> bool:
    # Two or more consecutive short all-ins that together make a full raise reopen the betting
    # in PokerKit; clause 24 reads each all-in on its own: "a raise smaller than the previous
    # full raise" does not reopen, however many of them follow each other.
    # PokerKit clears its run of short all-ins once their sum reaches a full raise, so the
    # player who acted before them may raise again.
    return legal and found == ["betting.short-all-in-does-not-reopen"] and (
        b.acted and not b.short_all_ins)


def _first_raise_counts_full(legal: bool, found: list[str], posted: list[str], b: Before,
                             deal: Deal) -> bool:
    # PokerKit measures the round's first bet or raise against nothing (the blinds are not a
    # raise), so an all-in raise or bet of less than the big blind counts as full there and
    # reopens the betting; clause 24 measures it against the big blind (the previous full
    # raise), so it does not reopen for players who already acted.
    return legal and found == ["betting.short-all-in-does-not-reopen"] and (
        b.full_raise < deal.big_blind and not b.acted)


def _unnecessary_fold(legal: bool, found: list[str], posted: list[str], b: Before,
                      deal: Deal) -> bool:
    # PokerKit's tournament mode refuses a fold when checking is free; clause 27 treats a
    # player as "check-folding", i.e. folding with nothing to call is a legal (if silly) act.
    return not legal and not found and b.intent == "fold" and b.to_call == 0


def _raise_against_all_in_calls(legal: bool, found: list[str], posted: list[str], b: Before,
                                deal: Deal) -> bool:
    # No opponent can put in more than the bet standing, but one still has chips (it can
    # call, all in for less): PokerKit refuses a bet or raise then; the Full Tilt rules forbid
    # one only when every opponent still in the hand is all in or has folded
    # (betting.raise-needs-an-opponent), and the excess nobody matches goes back uncalled.
    return not legal and not found and b.raise_to is not None and not b.anyone_to_raise


def _first_limit_bet_short_counts_full(legal: bool, found: list[str], posted: list[str],
                                       b: Before, deal: Deal) -> bool:
    # The limit analogue of the above: an all-in bet of less than one bet, the first of its
    # round, is a full bet for PokerKit (it reopens the betting, a raise is one bet above
    # it); the rules read clause 24 for limit too (limit.short-all-in-does-not-reopen): it
    # does not reopen for players who already acted (checked).
    return (legal and found == ["limit.short-all-in-does-not-reopen"]
            and deal.structure == FIXED_LIMIT and b.full_raise < limit_bet(deal, b.street)
            and not b.acted)


def _big_blind_is_the_first_limit_bet(legal: bool, found: list[str], posted: list[str],
                                      b: Before, deal: Deal) -> bool:
    # Clause 23 allows "at most 4 bets per betting round - the bet plus 3 raises"; before the
    # flop the big blind is the round's bet, so three raises cap it. PokerKit counts only the
    # voluntary bets and raises against its cap of 4, so it takes a fourth raise before the
    # flop. (Neither lifts the cap heads-up: clause 23, "however many players remain".)
    return (legal and found == ["limit.bet-cap"] and b.street == "preflop"
            and b.cap is not None and b.raises == b.cap - 1)


def limit_bet(deal: Deal, street: str) -> int:
    """The fixed-limit bet on `street`: the small bet (the big blind) before the turn."""
    return deal.big_blind if street in ("preflop", "flop") else 2 * deal.big_blind


def _limit_raise_over_a_broken_bet(legal: bool, found: list[str], posted: list[str],
                                   b: Before, deal: Deal) -> bool:
    # The bet to call is not a whole number of bets (a short all-in, or a blind posted short):
    # clause 23 says nothing of how the next raise completes it, and the rules read it as
    # whole bets only (limit.bet-size); PokerKit raises by one bet from the bet standing.
    # Either engine then refuses the other's raise.
    if deal.structure != FIXED_LIMIT or b.raise_to is None:
        return False
    unit = limit_bet(deal, b.street)
    top = max(b.bets)
    if top % unit == 0:
        return False
    if legal:
        return found == ["limit.bet-size"] and b.raise_to == top + unit
    return not found and b.raise_to % unit == 0 and b.raise_to != b.min_raise_to


def _all_in_below_the_minimum_over_the_pot(legal: bool, found: list[str], posted: list[str],
                                           b: Before, deal: Deal) -> bool:
    # A known gap of the replay's posted reading, not a rule of the site: with the big blind
    # posted short, the minimum raise (from the level's big blind) can lie above the pot-limit
    # maximum counted from the chips posted; PokerKit then lets a player go all in up to the
    # minimum raise, the posted reading caps the raise at the pot. The rules read the level's
    # big blind (the short-big-blind exception), where this cannot arise.
    # PokerKit caps its minimum and maximum raise at the stack: all three equal, the raise
    # is the player's whole stack and no more than the minimum.
    return (legal and found == ["betting.pot-limit-maximum"] and b.short_big_blind
            and b.raise_to == b.min_raise_to == b.max_raise_to)


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
    Exception_("the big blind is the first limit bet", "23",
               "before the flop the big blind counts as the first of the four bets, so a "
               "fourth raise is one too many; PokerKit caps the raises only",
               _big_blind_is_the_first_limit_bet),
    Exception_("a first limit bet short of a bet is not full", "24, 23",
               "an all-in bet of less than one bet, the first of its round, does not reopen "
               "the betting for players who checked; PokerKit counts it as a full bet",
               _first_limit_bet_short_counts_full),
    Exception_("an all-in below the minimum raise over the pot, as posted", "17, 24",
               "with the big blind posted short, an all-in up to the minimum raise that is "
               "above the pot-limit maximum counted from the chips posted; PokerKit accepts "
               "it, the posted reading does not (a known gap of that reading)",
               _all_in_below_the_minimum_over_the_pot),
    Exception_("a limit raise over a broken bet", "23",
               "facing a bet that is not a whole number of bets, the rules want a raise to "
               "whole bets; PokerKit raises by one bet from the bet standing",
               _limit_raise_over_a_broken_bet),
)


def exception_for(played: Played, judged: "Judged", index: int) -> str | None:
    """The exception(s) explaining a disagreement on act `index`, or None. An act PokerKit
    accepts may have several findings, each explained by its own exception."""
    legal = played.verdicts[index]
    found = judged.legality.get(index, [])
    posted = judged.posted_legality.get(index, found)
    b, deal = played.before[index], played.deal
    names: list[str] = []
    first, *others = EXCEPTIONS
    if first.applies(legal, found, posted, b, deal):
        # The level's reading of a short big blind is excused; what is left to compare is the
        # act measured as posted, PokerKit's reading.
        names.append(first.name)
        found = posted
        if legal == (not found):
            return first.name
    for exception in others:
        if exception.applies(legal, found, found, b, deal):
            return " + ".join([*names, exception.name])
    if not legal or len(found) < 2:
        return None
    for rule_id in found:
        one = [e.name for e in others if e.applies(legal, [rule_id], [rule_id], b, deal)]
        if not one:
            return None
        names.append(one[0])
    return " + ".join(names)


# ------------------------------------------------------------------ the comparison


def compare(played: Played) -> list[str]:
    """Disagreements no exception explains, as readable lines; also counts the exceptions."""
    judged = judge(hand_record(played))
    problems = posted_differences(played, judged)
    for index, legal in played.verdicts.items():
        found = judged.legality.get(index, [])
        if legal == (not found):
            continue
        excused = exception_for(played, judged, index)
        if excused is None:
            action = played.actions[index]
            problems.append(
                f"action {index} {action}: PokerKit {'accepts' if legal else 'refuses'}, "
                f"feltcheck finds {found} (as posted "
                f"{judged.posted_legality.get(index, found)}); before: {played.before[index]}")
            return problems
        SEEN[excused] = SEEN.get(excused, 0) + 1
        if not legal:
            # PokerKit did not apply the act, the record did: the tables part here.
            return problems
    if not played.completed:
        return problems
    if "chips.conserved-in-hand" in judged.hand_end:
        problems.append(f"hand end: {judged.hand_end}")
    if played.showdown is not None:
        return problems + showdown_differences(played, judged)
    expected = {name(i): chips for i, chips in enumerate(played.final_stacks)}
    if judged.end_stacks != expected:
        problems.append(f"end stacks {judged.end_stacks} != PokerKit's {expected}")
    return problems


def pokerkit_payout_differences(seen: Showdown) -> list[str]:
    """PokerKit's pushes against its own convention: each pot it pays (after killing) goes to
    the best of its eligible hands, split by `pokerkit_split`, nothing to anyone else. Shows
    that PokerKit's payout differs from clause 22's only by the odd chips' convention."""
    problems = []
    for index, amounts in seen.pushes:
        winners = best_of(seen, seen.kept_pots[index])
        due = pokerkit_split(sum(amounts), winners)
        expected = tuple(due.get(i, 0) for i in range(len(amounts)))
        if amounts != expected:
            problems.append(f"PokerKit paid pot {index} {amounts}, its convention {expected}")
    return problems


def showdown_differences(played: Played, judged: Judged) -> list[str]:
    """The pots, their eligible players, best hands and payout, against PokerKit's."""
    seen = played.showdown
    assert seen is not None and seen.winners
    problems = pokerkit_payout_differences(seen)
    expected_pots = [(amount, [name(i) for i in eligible]) for amount, eligible in seen.pots]
    found_pots = [(int(pot.amount), list(pot.eligible)) for pot in judged.pots]
    if found_pots != expected_pots:
        problems.append(f"pots {found_pots} != PokerKit's {expected_pots}")
        return problems
    expected_best = [[name(i) for i in winners] for winners in seen.winners]
    found_best = [list(pot.best) for pot in judged.pots]
    if found_best != expected_best:
        problems.append(f"best hands {found_best} != PokerKit's {expected_best}")
    # Paid as clause 22 says, nothing is wrong with any pot.
    if judged.pot_findings:
        problems.append(f"clause 22's payout found wrong: {judged.pot_findings}")
    players = len(played.deal.stacks)
    ours = clause_22_awards(seen)
    won_ours = [sum(paid.get(i, 0) for paid in ours) for i in range(players)]
    won_theirs = _won(seen, players)
    expected = {name(i): played.final_stacks[i] - won_theirs[i] + won_ours[i]
                for i in range(players)}
    if judged.end_stacks != expected:
        problems.append(f"end stacks {judged.end_stacks} != PokerKit's with clause 22's odd "
                        f"chips {expected}")
    theirs = pokerkit_awards(seen)
    if theirs is not None:
        # Paid as PokerKit paid, exactly the pots whose split differs break clause 22.
        odd = [(_ODD_CHIP, index) for index, (a, b) in enumerate(zip(theirs, ours, strict=True))
               if a != b]
        found = judge(hand_record(played, theirs)).pot_findings
        if found != odd:
            problems.append(f"PokerKit's payout {theirs} (clause 22: {ours}): found {found}, "
                            f"expected {odd}")
        if odd:
            SEEN["odd chips: PokerKit's first winner"] = SEEN.get(
                "odd chips: PokerKit's first winner", 0) + 1
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
    """Per judged act: PokerKit's verdict, feltcheck's legality findings, the exception(s)
    excusing a disagreement (None where they agree, or nothing excuses it)."""
    played = play(deal, [(intent, 0) for intent in intents])
    judged = judge(hand_record(played))
    out = []
    for index, legal in played.verdicts.items():
        found = judged.legality.get(index, [])
        excused = None if legal == (not found) else exception_for(played, judged, index)
        out.append((legal, found, excused))
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


def test_a_minimum_bet_is_allowed_when_the_pot_is_smaller() -> None:
    # Pot limit, blinds 5/10 posted all in for 1 each; P3 and P4 call the 1 PokerKit asks
    # for (Full Tilt's 10 is the excused difference). The flop's pot is 4, under the big
    # blind: P4's bet of 5, all in, is short of the minimum bet, so no pot caps it.
    deal = Deal("omaha", "pot_limit", 5, 10, 0, (1, 1, 2, 6))
    assert outcomes(deal, ["call", "call", "call", "all_in"]) == [
        (True, ["betting.call-amount"], "short big blind still sets the bet"),
        (True, ["betting.call-amount"], "short big blind still sets the bet"),
        (True, [], None), (True, [], None)]


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


def test_a_short_big_blind_round_is_judged_act_by_act() -> None:
    # Blinds 1/2; P2 posts the big blind all in for 1. The button (P3) calls the 1 PokerKit
    # asks (the level's reading: 2); the small blind (P1, 1 in) checks, free for PokerKit
    # (the level's reading: 1 to call). Each act is excused for that reading alone and the
    # hand goes on. On the flop P1 checks and P3 bets 1, under the big blind: refused by both.
    deal = Deal("holdem", "no_limit", 1, 2, 0, (10, 1, 10))
    assert outcomes(deal, ["call", "call", "call", "under_min_raise"]) == [
        (True, ["betting.call-amount"], "short big blind still sets the bet"),
        (True, ["betting.check-only-when-free"], "short big blind still sets the bet"),
        (True, [], None),
        (False, ["betting.min-raise"], None)]


def test_a_short_big_blind_excuses_the_level_reading_only() -> None:
    # Blinds 1/2, P2 all in for 1 on the big blind; P3 calls 1; P1 "raises" to 2. PokerKit
    # refuses (its minimum is 1 + 2 = 3); measured as posted the rules agree (a raise of 1,
    # short of the big blind); the level's reading sees no raise above 2 at all.
    deal = Deal("holdem", "no_limit", 1, 2, 0, (10, 1, 10))
    played = play(deal, [("call", 0), ("under_min_raise", 0)])
    judged = judge(hand_record(played))
    assert judged.legality[3] == ["betting.raise-goes-above-the-bet"]
    assert judged.posted_legality[3] == ["betting.min-raise"]
    assert exception_for(played, judged, 3) == "short big blind still sets the bet"
    # Were the posted reading to accept it too, nothing would excuse PokerKit's refusal.
    judged.posted_legality[3] = []
    assert exception_for(played, judged, 3) is None


def test_a_raise_from_the_posted_big_blind_reopens_the_betting_as_posted() -> None:
    # Blinds 1/2, P2 all in for 1 on the big blind. P3 calls 1; P4 raises to 3, a full raise
    # of 2 from the posted 1 (the level's reading: 1 above the big blind, short); P1 calls;
    # P3, who acted, re-raises to 5. As posted P4's raise reopened the betting for P3, as
    # PokerKit has it; the level's reading does not (it was short of the big blind).
    deal = Deal("holdem", "no_limit", 1, 2, 0, (100, 1, 100, 100))
    assert outcomes(deal, ["call", "min_raise", "call", "min_raise"]) == [
        (True, ["betting.call-amount"], "short big blind still sets the bet"),
        (True, ["betting.min-raise"], "short big blind still sets the bet"),
        (True, [], None),
        (True, ["betting.short-all-in-does-not-reopen"], "short big blind still sets the bet")]
