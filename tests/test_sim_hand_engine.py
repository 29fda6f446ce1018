"""The simulator's hand engine and players (checker/sim/hand_engine.py, checker/sim/styles.py).

The engine plays a correct server: thousands of generated hands, across structures, games,
table sizes and stacks (short all-ins included), go through the same replay and rules as a
tournament log's hands (tests/test_log_hands.py) and must break no rule. Each engine fault,
when injected, must be found by the rule that judges it, and nothing else in that hand. The
players must differ as their styles say. Time-outs and disconnections (clause 27) are judged
the way the log audit judges them: the hand's notes passed in as the lines written before it.
"""

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.dsl.engine import CompiledRuleset, compile_ruleset
from checker.dsl.ruleset import load_ruleset
from checker.model.hand import (
    POST_KINDS,
    Action,
    ActionKind,
    BettingStructure,
    Game,
    Hand,
    Street,
    validate_hand,
)
from checker.model.hand_line import hand_line_value
from checker.model.source import SourceLocation
from checker.model.tournament_log import HandPlayed
from checker.replay.betting import Betting
from checker.replay.facts import ActionEvent, Chips, PlayerFact, PostEvent, TimeoutEvent
from checker.replay.log_hand import (
    LogContext,
    NoteLine,
    log_hand,
    log_table_state,
    replay_log_hand,
)
from checker.sim.hand_engine import (
    BEST_HAND_NOT_PAID,
    CHIPS_CREATED,
    ENGINE_FAULTS,
    FIFTH_LIMIT_BET,
    ODD_CHIP_WRONG_WINNER,
    RERAISE_AFTER_SHORT_ALL_IN,
    SIDE_POT_TO_INELIGIBLE,
    TIMEOUT_FOLDED_WHEN_CHECK_FREE,
    play_hand,
)
from checker.sim.plan import HandNote, HandPlan, HandResult, PlayerStyle, SimSeat, Stakes
from checker.sim.styles import Decision, Move, Situation, decide, population
from tests.betting_pair import drive_beside_the_replay

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "fulltilt.rules"
START = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
_COMPILED: list[CompiledRuleset] = []
STRUCTURES = (BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT,
              BettingStructure.FIXED_LIMIT)
GAMES = (Game.HOLDEM, Game.OMAHA)
SIZES = (2, 6, 9)

# Each fault: the rule that must find it and the clause it cites; and the rules that fire
# with it unavoidably (a pot paid to a player not in it is not paid to its best hand; an
# award larger than its pot is a pot not paid exactly).
EXPECTED: dict[str, tuple[str, int | str, frozenset[str]]] = {
    ODD_CHIP_WRONG_WINNER: ("pots.odd-chip-left-of-button", "22", frozenset()),
    RERAISE_AFTER_SHORT_ALL_IN: ("betting.short-all-in-does-not-reopen", "24", frozenset()),
    FIFTH_LIMIT_BET: ("limit.bet-cap", "23", frozenset()),
    SIDE_POT_TO_INELIGIBLE: ("pots.paid-to-eligible", "22",
                             frozenset({"pots.best-hand-paid"})),
    BEST_HAND_NOT_PAID: ("pots.best-hand-paid", "22", frozenset()),
    CHIPS_CREATED: ("chips.conserved-in-hand", "1", frozenset({"pots.fully-awarded"})),
    TIMEOUT_FOLDED_WHEN_CHECK_FREE: ("timeout.check-or-fold", "27", frozenset()),
}
POSTS = (ActionKind.ANTE, ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND)


def _rules() -> CompiledRuleset:
    if not _COMPILED:
        _COMPILED.append(compile_ruleset(load_ruleset(RULES)))
    return _COMPILED[0]


def _log_hand(played: HandPlayed, notes: Sequence[HandNote]) -> Iterator[tuple[str, object]]:
    """The replay of `played` as the log audit replays it: its notes are the lines 1.. the
    log wrote before the hand's own line."""
    lines = [NoteLine(note, number) for number, note in enumerate(notes, 1)]
    hand = log_hand(played, SourceLocation(file="sim.jsonl", line=len(lines) + 1),
                    LogContext("Full Tilt Poker"), lines)
    return replay_log_hand(played, hand, log_table_state(played.table))


def _errors(played: HandPlayed, notes: Sequence[HandNote] = ()
            ) -> list[tuple[str, tuple[str, ...], int | None]]:
    """The error findings of `played` judged as a log hand: rule, clauses, action index (of a
    time-out, the `action` of the timeout line the finding names)."""
    rules = _rules()
    found = []
    for name, event in _log_hand(played, notes):
        for rule, _ in rules.failures(name, event):
            if rule.severity == "error":
                index = (event.action.index if isinstance(event, ActionEvent)
                         else notes[event.timeout.line - 1].action
                         if isinstance(event, TimeoutEvent) else None)
                found.append((rule.rule_id, tuple(str(c) for c in rule.clauses), index))
    return found


def _stack(rng: random.Random, big_blind: int) -> int:
    """Mostly deep stacks, some short of a few blinds, some short of the blinds or ante."""
    kind = rng.random()
    if kind < 0.15:
        return rng.randint(1, big_blind)
    if kind < 0.35:
        return rng.randint(big_blind, big_blind * 8)
    return rng.randint(big_blind * 10, big_blind * 120)


def _plan(rng: random.Random, game: Game, structure: BettingStructure, size: int,
          faults: frozenset[str] = frozenset(),
          styles: list[PlayerStyle] | None = None) -> HandPlan:
    """A hand at a 9-seat table with `size` players on random seats, a random button on a
    dealt seat and the blinds after it (heads-up: the button posts the small blind)."""
    if styles is None:
        styles = population(rng, size)
    seats_taken = sorted(rng.sample(range(1, 10), size))
    ante = rng.choice((0, 0, 5))
    if structure is BettingStructure.FIXED_LIMIT:
        stakes = Stakes(level=3, small_blind=20, big_blind=40, ante=ante, small_bet=40,
                        big_bet=80)
    else:
        stakes = Stakes(level=3, small_blind=25, big_blind=50, ante=ante)
    seats = tuple(SimSeat(seat, style.name, _stack(rng, stakes.big_blind), style)
                  for seat, style in zip(seats_taken, styles, strict=True))
    at = rng.randrange(size)
    button = seats_taken[at]
    if size == 2:
        small, big = button, seats_taken[(at + 1) % size]
    else:
        small, big = seats_taken[(at + 1) % size], seats_taken[(at + 2) % size]
    return HandPlan("900001", "1", f"h{rng.randrange(10**9)}", game, structure, stakes,
                    seats, button, small, big, START, players_left=size, faults=faults)


def _hands(seed: int, count: int, faults: frozenset[str] = frozenset(),
           structures: tuple[BettingStructure, ...] = STRUCTURES
           ) -> list[tuple[HandPlan, HandResult]]:
    rng = random.Random(seed)
    played = []
    for number in range(count):
        plan = _plan(rng, rng.choice(GAMES), structures[number % len(structures)],
                     SIZES[number // len(structures) % len(SIZES)], faults)
        played.append((plan, play_hand(plan, random.Random(seed * 100_003 + number))))
    return played


_CLEAN: list[list[tuple[HandPlan, HandResult]]] = []


def _clean_hands() -> list[tuple[HandPlan, HandResult]]:
    if not _CLEAN:
        _CLEAN.append(_hands(7, 4500))
    return _CLEAN[0]


# ---------------------------------------------------------------- a correct server


def test_same_seed_same_hand_other_seed_other_hand() -> None:
    plan = _plan(random.Random(3), Game.HOLDEM, BettingStructure.NO_LIMIT, 6)
    first = play_hand(plan, random.Random(42)).hand
    again = play_hand(plan, random.Random(42)).hand
    other = play_hand(plan, random.Random(43)).hand
    assert hand_line_value(first) == hand_line_value(again)
    result = play_hand(plan, random.Random(42))
    assert result.hand.at == plan.started + timedelta(seconds=result.duration_s)
    assert result.duration_s >= len(first.actions) - len(plan.seats)
    assert (first.level, first.big_blind, first.players_left, first.button) == (
        plan.stakes.level, plan.stakes.big_blind, plan.players_left, plan.button)
    assert [s.cards for s in first.seats] != [s.cards for s in other.seats]


def test_generated_hands_break_no_rule() -> None:
    broken = [(plan.hand_id, found) for plan, result in _clean_hands()
              if (found := _errors(result.hand, result.notes))]
    assert broken == []


def test_generated_hands_cover_what_the_rules_judge() -> None:
    """The clean hands are not trivially clean: they hold side pots, short all-ins, returned
    bets, split pots, showdowns, capped limit rounds and hands of every size and game."""
    seen: Counter[str] = Counter()
    for plan, result in _clean_hands():
        hand = result.hand
        seen[f"{plan.game.value}-{plan.structure.value}-{len(plan.seats)}"] += 1
        seen["side pot"] += any(a.pot > 0 for a in hand.awards)
        seen["returned"] += bool(hand.returns)
        seen["showdown"] += bool(hand.shown)
        seen["split"] += len({a.player for a in hand.awards if a.pot == 0}) > 1
        seen["all in"] += any(a.all_in for a in hand.actions)
        seen["short blind"] += any(a.all_in and a.kind is ActionKind.BIG_BLIND
                                   for a in hand.actions)
        seen["river"] += any(a.street is Street.RIVER for a in hand.actions)
        seen["capped"] += _capped(hand)
        seen["timed out"] += any(n.event == "timeout" for n in result.notes)
        seen["disconnected"] += any(n.event == "disconnect" for n in result.notes)
    for game in GAMES:
        for structure in STRUCTURES:
            for size in SIZES:
                assert seen[f"{game.value}-{structure.value}-{size}"] > 50
    for feature in ("side pot", "returned", "showdown", "split", "all in", "short blind",
                    "river", "capped", "timed out", "disconnected"):
        assert seen[feature] >= 10, feature


def _capped(hand: HandPlayed) -> bool:
    """A fixed-limit round of four bets (the big blind counting as the first preflop)."""
    if hand.structure is not BettingStructure.FIXED_LIMIT:
        return False
    raises = Counter(a.street for a in hand.actions if a.kind in (ActionKind.BET,
                                                                  ActionKind.RAISE))
    return raises[Street.PREFLOP] == 3 or any(raises[s] == 4 for s in
                                              (Street.FLOP, Street.TURN, Street.RIVER))


def test_chips_are_conserved_and_nobody_bets_more_than_they_have() -> None:
    for _, result in _clean_hands():
        hand = result.hand
        put_in = Counter[str]()
        for act in hand.actions:
            put_in[act.player] += act.amount
        back = Counter[str]()
        for award in hand.awards:
            back[award.player] += award.amount
        for returned in hand.returns:
            back[returned.player] += returned.amount
        assert sum(put_in.values()) == sum(back.values())
        for seat in hand.seats:
            assert put_in[seat.player] <= seat.stack
            # An all-in flag means the stack is gone, and a stack gone was flagged all-in.
            flagged = any(a.all_in for a in hand.actions if a.player == seat.player)
            assert flagged == (put_in[seat.player] == seat.stack)


def test_turn_order_heads_up_and_limit_cap() -> None:
    """Heads-up the button posts the small blind, acts first preflop and last after; no
    limit round holds more than four bets."""
    for plan, result in _clean_hands():
        hand = result.hand
        if _capped(hand):
            raises = Counter(a.street for a in hand.actions if a.kind in (ActionKind.BET,
                                                                          ActionKind.RAISE))
            assert raises[Street.PREFLOP] <= 3 and max(raises.values()) <= 4
        if len(plan.seats) != 2:
            continue
        button = next(s.player for s in plan.seats if s.seat == plan.button)
        acts = [a for a in hand.actions if a.kind not in (ActionKind.ANTE,
                                                          ActionKind.SMALL_BLIND,
                                                          ActionKind.BIG_BLIND)]
        preflop = [a for a in acts if a.street is Street.PREFLOP]
        flop = [a for a in acts if a.street is Street.FLOP]
        small = [a.player for a in hand.actions if a.kind is ActionKind.SMALL_BLIND]
        assert small in ([button], [])
        if preflop and small:
            assert preflop[0].player == button
        if len(flop) > 1:
            assert flop[0].player != button


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(2, 9),
       stacks=st.lists(st.integers(1, 4000), min_size=9, max_size=9),
       structure=st.sampled_from(STRUCTURES), game=st.sampled_from(GAMES))
def test_any_stacks_play_clean(seed: int, size: int, stacks: list[int],
                               structure: BettingStructure, game: Game) -> None:
    rng = random.Random(seed)
    plan = _plan(rng, game, structure, size)
    seats = tuple(SimSeat(s.seat, s.player, stacks[i], s.style)
                  for i, s in enumerate(plan.seats))
    plan = HandPlan(plan.tournament, plan.table, plan.hand_id, game, structure, plan.stakes,
                    seats, plan.button, plan.small_blind_seat, plan.big_blind_seat, START)
    result = play_hand(plan, rng)
    assert _errors(result.hand, result.notes) == []


def test_dead_small_blind_and_dead_button() -> None:
    """No small blind and a button on an empty seat: the player after the big blind opens,
    and the hand is clean."""
    rng = random.Random(11)
    for number in range(200):
        plan = _plan(rng, Game.HOLDEM, STRUCTURES[number % 3], 6)
        taken = {s.seat for s in plan.seats}
        empty = next(seat for seat in range(1, 10) if seat not in taken)
        plan = HandPlan(plan.tournament, plan.table, plan.hand_id, plan.game, plan.structure,
                        plan.stakes, plan.seats, empty, None, plan.big_blind_seat, START)
        hand = play_hand(plan, random.Random(number)).hand
        assert not any(a.kind is ActionKind.SMALL_BLIND for a in hand.actions)
        assert _errors(hand) == []
        # The first act after the posts is the next player's after the big blind who still
        # has chips (a player all in on a post does not act).
        all_in = {a.player for a in hand.actions if a.kind in POST_KINDS and a.all_in}
        seat_of = {s.player: s.seat for s in hand.seats}
        live = sorted(seat for player, seat in seat_of.items() if player not in all_in)
        after_big = next((seat for seat in live if seat > plan.big_blind_seat), live[0])
        first = next(a for a in hand.actions if a.kind not in POST_KINDS)
        assert seat_of[first.player] == after_big


def test_the_engine_plays_only_hole_card_games() -> None:
    plan = _plan(random.Random(1), Game.HOLDEM, BettingStructure.NO_LIMIT, 3)
    stud = HandPlan(plan.tournament, plan.table, plan.hand_id, Game.STUD, plan.structure,
                    plan.stakes, plan.seats, plan.button, plan.small_blind_seat,
                    plan.big_blind_seat, START)
    with pytest.raises(ValueError, match="stud"):
        play_hand(stud, random.Random(1))


# ---------------------------------------------------------------- the replay's betting, driven


def _facts(hand: Hand, _: list[Action]) -> list[PlayerFact]:
    return [PlayerFact(s.player, s.seat, Chips(s.stack), Chips(s.stack)) for s in hand.seats]


def test_advance_moves_the_betting_as_act_does_and_reads_what_act_measures() -> None:
    """The engine drives the replay's `Betting` with `advance`: after every act of generated
    hands the state is the one `act` leaves, and before it the actor `next_actor` names, what
    `owed` says it owes and whether the round is over are what `act` measures
    (tests/betting_pair.py)."""
    compared = 0
    for _, result in _clean_hands()[:900]:
        hand = log_hand(result.hand, SourceLocation(file="sim.jsonl", line=1),
                        LogContext("Full Tilt Poker"))
        compared += drive_beside_the_replay(hand, _facts)
    assert compared > 5000


def _betting(stacks: dict[int, int], posts: list[tuple[int, ActionKind, int]],
             button: int) -> Betting:
    """A no-limit hold'em hand at 25/50, player `pN` on seat N, the `posts` made."""
    hand = validate_hand({
        "site": "test", "source_format": "test", "hand_id": "1", "game": Game.HOLDEM,
        "structure": BettingStructure.NO_LIMIT, "unit": "chips", "small_blind": 25,
        "big_blind": 50, "button_seat": button,
        "seats": [{"seat": seat, "player": f"p{seat}", "stack": stack, "line": 1}
                  for seat, stack in stacks.items()],
        "location": {"file": "test", "line": 1}, "end_line": 1})
    betting = Betting(hand, _facts(hand, []))
    for index, (seat, kind, amount) in enumerate(posts):
        betting.post(_act(index, Street.PREFLOP, seat, kind, amount,
                          all_in=amount == stacks[seat]))
    betting.start_betting()
    return betting


def _act(index: int, street: Street, seat: int, kind: ActionKind, amount: int = 0,
         to: int | None = None, all_in: bool = False) -> Action:
    return Action(index, street, f"p{seat}", kind, 1, amount, to, all_in)


def _owes(betting: Betting) -> dict[str, int]:
    """What each player still in the hand owes."""
    return {p.name: betting.owed(p) for p in betting.seated if not p.folded}


def test_turns_debts_and_the_close_of_a_round_as_the_engine_reads_them() -> None:
    """Three-handed, button on seat 1: preflop the button opens, the big blind closes with a
    check; on the flop the small blind opens and a raise reopens the round to the bettor."""
    betting = _betting({1: 1000, 2: 1000, 3: 1000},
                       [(2, ActionKind.SMALL_BLIND, 25), (3, ActionKind.BIG_BLIND, 50)], 1)
    assert (betting.next_actor, betting.round_closed(), betting.in_hand()) == ("p1", False, 3)
    assert _owes(betting) == {"p1": 50, "p2": 25, "p3": 0}
    preflop = [(1, ActionKind.CALL, 50, "p2"), (2, ActionKind.CALL, 25, "p3")]
    for index, (seat, kind, amount, then) in enumerate(preflop, 2):
        betting.advance(_act(index, Street.PREFLOP, seat, kind, amount))
        # The big blind has not acted: owing nothing does not close the round.
        assert (betting.next_actor, betting.round_closed()) == (then, False)
    betting.advance(_act(4, Street.PREFLOP, 3, ActionKind.CHECK))
    assert betting.round_closed()
    betting.next_street(Street.FLOP)
    assert (betting.next_actor, betting.round_closed(), betting.pot) == ("p2", False, 150)
    betting.advance(_act(5, Street.FLOP, 2, ActionKind.BET, 100, 100))
    betting.advance(_act(6, Street.FLOP, 3, ActionKind.FOLD))
    assert (betting.in_hand(), betting.next_actor) == (2, "p1")
    betting.advance(_act(7, Street.FLOP, 1, ActionKind.RAISE, 300, 300))
    assert (betting.next_actor, betting.round_closed()) == ("p2", False)
    assert _owes(betting) == {"p1": 0, "p2": 200}
    betting.advance(_act(8, Street.FLOP, 2, ActionKind.CALL, 200, 300))
    assert betting.round_closed()


def test_a_lone_player_with_chips_closes_the_round_once_it_owes_nothing() -> None:
    """Heads-up, the big blind all in for 30: the button owes only the 5 the blind can match,
    and calling it ends the round; a fold ends it too."""
    betting = _betting({1: 1000, 2: 30},
                       [(1, ActionKind.SMALL_BLIND, 25), (2, ActionKind.BIG_BLIND, 30)], 1)
    assert (betting.with_chips, betting.next_actor, betting.round_closed()) == (1, "p1", False)
    assert betting.owed(betting.by_name["p1"]) == 5
    betting.advance(_act(2, Street.PREFLOP, 1, ActionKind.CALL, 5))
    assert betting.round_closed()
    folded = _betting({1: 1000, 2: 1000, 3: 1000},
                      [(2, ActionKind.SMALL_BLIND, 25), (3, ActionKind.BIG_BLIND, 50)], 1)
    folded.advance(_act(2, Street.PREFLOP, 1, ActionKind.FOLD))
    assert not folded.round_closed()
    folded.advance(_act(3, Street.PREFLOP, 2, ActionKind.FOLD))
    assert (folded.in_hand(), folded.round_closed()) == (1, True)


def test_a_big_blind_all_in_from_the_ante_posts_none_and_play_starts_left_of_it() -> None:
    """The big blind's last chips go in as its ante: the record holds no big blind, yet the
    server still starts the betting left of the big blind's seat, and the hand is clean."""
    styles = population(random.Random(5), 3)
    stakes = Stakes(level=3, small_blind=25, big_blind=50, ante=5)
    seats = tuple(SimSeat(seat, style.name, stack, style)
                  for seat, style, stack in zip((1, 2, 3), styles, (2000, 2000, 5), strict=True))
    for number in range(40):
        plan = HandPlan("900001", "1", f"h{number}", Game.HOLDEM, BettingStructure.NO_LIMIT,
                        stakes, seats, 1, 2, 3, START)
        result = play_hand(plan, random.Random(number))
        hand = result.hand
        kinds = [a.kind for a in hand.actions]
        assert ActionKind.BIG_BLIND not in kinds and ActionKind.SMALL_BLIND in kinds
        first = next(a for a in hand.actions if a.kind not in POSTS)
        assert (first.street, first.player) == (Street.PREFLOP, styles[0].name)
        assert _errors(hand, result.notes) == []


# ---------------------------------------------------------------- faults


@pytest.mark.parametrize("fault", sorted(ENGINE_FAULTS))
def test_each_fault_is_found_by_its_rule_and_nothing_else(fault: str) -> None:
    rule_id, clause, companions = EXPECTED[fault]
    structures = ((BettingStructure.FIXED_LIMIT,) if fault == FIFTH_LIMIT_BET
                  else (BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT)
                  if fault == RERAISE_AFTER_SHORT_ALL_IN else STRUCTURES)
    count = {ODD_CHIP_WRONG_WINNER: 1500, RERAISE_AFTER_SHORT_ALL_IN: 1500}.get(fault, 300)
    injected = 0
    for _, result in _hands(23, count, frozenset({fault}), structures):
        found = _errors(result.hand, result.notes)
        if not result.faults:
            assert found == []
            continue
        injected += 1
        assert [name for name, _ in result.faults] == [fault]
        index = result.faults[0][1]
        assert {rule for rule, _, _ in found} == {rule_id} | companions
        ours = [(clauses, at) for rule, clauses, at in found if rule == rule_id]
        assert all(clause in clauses for clauses, _ in ours)
        assert all(at == index for _, at in ours)
    assert injected >= 10


# ---------------------------------------------------------------- time-outs and connections


def _timeouts(result: HandResult) -> list[HandNote]:
    return [n for n in result.notes if n.event == "timeout"]


def test_a_timed_out_player_is_checked_or_folded_at_the_noted_action() -> None:
    """Every timeout line points at the act the server made: that player's, a check or a
    fold putting nothing in; the replay judges each one (its rule finds nothing: clean hands
    above), and the lines come in the order of the hand, on its clock."""
    kinds: Counter[ActionKind] = Counter()
    for plan, result in _clean_hands():
        hand = result.hand
        for note in _timeouts(result):
            assert note.event == "timeout" and note.action is not None
            act = hand.actions[note.action]
            assert (act.player, act.kind, act.amount) == (note.player, note.then, 0)
            assert (note.tournament, note.table, note.hand) == (
                plan.tournament, plan.table, plan.hand_id)
            kinds[act.kind] += 1
        moments = [n.at for n in result.notes]
        assert moments == sorted(moments)
        assert all(plan.started <= at <= hand.at for at in moments)
        assert [n.action for n in result.notes] == sorted(n.action or 0 for n in result.notes)
        judged = sum(isinstance(event, TimeoutEvent)
                     for _, event in _log_hand(hand, result.notes))
        assert judged == len(_timeouts(result))
    assert set(kinds) == {ActionKind.CHECK, ActionKind.FOLD}
    assert min(kinds.values()) >= 20


def _six_handed_deep_hands(styles: list[PlayerStyle], count: int, seed: int
                           ) -> Iterator[HandResult]:
    """`count` six-handed no-limit hold'em hands, 5,000-chip stacks at 25/50, the button
    moving a seat each hand."""
    rng = random.Random(seed)
    for number in range(count):
        seats = tuple(SimSeat(i + 1, s.name, 5000, s) for i, s in enumerate(styles))
        button = number % 6 + 1
        plan = HandPlan("1", "1", "h", Game.HOLDEM, BettingStructure.NO_LIMIT,
                        Stakes(1, 25, 50), seats, button, button % 6 + 1,
                        (button + 1) % 6 + 1, START)
        yield play_hand(plan, rng)


def _turns_and_timeouts(styles: list[PlayerStyle], count: int, seed: int
                        ) -> tuple[Counter[str], Counter[str]]:
    """Over `count` six-handed deep no-limit hands: each player's turns to act (posts aside)
    and time-outs."""
    turns: Counter[str] = Counter()
    outs: Counter[str] = Counter()
    for result in _six_handed_deep_hands(styles, count, seed):
        turns.update(a.player for a in result.hand.actions if a.kind not in POSTS)
        outs.update(n.player for n in _timeouts(result))
    return turns, outs


def test_impatient_players_time_out_and_patient_ones_almost_never() -> None:
    knobs = (0.4, 0.5, 0.5, 0.1)
    styles = [PlayerStyle("steady1", *knobs, patience=1.0),
              PlayerStyle("steady2", *knobs, patience=1.0),
              PlayerStyle("patient1", *knobs, patience=0.98),
              PlayerStyle("patient2", *knobs, patience=0.98),
              PlayerStyle("restless1", *knobs, patience=0.6),
              PlayerStyle("restless2", *knobs, patience=0.6)]
    turns, outs = _turns_and_timeouts(styles, 1500, 29)
    assert outs["steady1"] == outs["steady2"] == 0
    patient = (outs["patient1"] + outs["patient2"]) / (turns["patient1"] + turns["patient2"])
    restless = (outs["restless1"] + outs["restless2"]) / (turns["restless1"]
                                                          + turns["restless2"])
    # Plausible for a table: the restless run out of time on one turn in 20 to 200, the
    # patient on fewer than one in 200, and far less often than the restless.
    assert 1 / 200 < restless < 1 / 20
    assert patient < 1 / 200
    assert outs["restless1"] + outs["restless2"] > 5 * (outs["patient1"] + outs["patient2"])


def _away(result: HandResult, player: str, index: int) -> bool:
    """Whether `player` was disconnected at action `index` by the hand's notes and seats."""
    state = any(s.player == player and s.disconnected for s in result.hand.seats)
    for note in result.notes:
        if (note.action or 0) > index:
            break
        if note.player == player and note.event != "timeout":
            state = note.event == "disconnect"
    return state


def _check_connections(result: HandResult) -> None:
    """A lost connection is lost at the player's turn, which times out; while away every
    turn of theirs times out; a reconnect follows a disconnect; whoever is away at the end
    is reported so."""
    timed_out = {(n.player, n.action) for n in _timeouts(result)}
    away: dict[str, bool] = {s.player: s.disconnected for s in result.hand.seats}
    for note in result.notes:
        if note.event == "disconnect":
            assert not away[note.player]
            assert (note.player, note.action) in timed_out
            away[note.player] = True
        elif note.event == "reconnect":
            assert away[note.player]
            away[note.player] = False
    for index, act in enumerate(result.hand.actions):
        if act.kind not in POSTS and _away(result, act.player, index):
            assert (act.player, index) in timed_out
    assert result.disconnected == tuple(
        s.player for s in sorted(result.hand.seats, key=lambda s: s.seat) if away[s.player])


def test_disconnected_players_time_out_until_they_reconnect() -> None:
    seen: Counter[str] = Counter()
    for _, result in _clean_hands():
        _check_connections(result)
        seen.update(n.event for n in result.notes)
        seen["still away"] += len(result.disconnected)
    assert seen["disconnect"] >= 10 and seen["reconnect"] >= 5 and seen["still away"] >= 2


def test_a_player_still_away_posts_and_check_folds_in_the_next_hand() -> None:
    """Clause 27 across hands: the big blind is away at the deal; the seat says so, they post
    the blind in full (or all in), and the hand is clean under the rules."""
    rng = random.Random(31)
    posted = due = 0
    for number in range(300):
        plan = _plan(rng, rng.choice(GAMES), STRUCTURES[number % 3], SIZES[number % 3])
        absent = next(s for s in plan.seats if s.seat == plan.big_blind_seat)
        plan = replace(plan, disconnected=frozenset({absent.player}))
        result = play_hand(plan, random.Random(number))
        # A stack the ante took whole has no blind left to post.
        due += absent.stack > plan.stakes.ante
        seats = {s.player: s.disconnected for s in result.hand.seats}
        assert seats == {s.player: s.player == absent.player for s in plan.seats}
        _check_connections(result)
        for name, event in _log_hand(result.hand, result.notes):
            if isinstance(event, PostEvent) and event.post.kind is ActionKind.BIG_BLIND:
                assert name == "post" and event.post.disconnected
                after_ante = absent.stack - min(plan.stakes.ante, absent.stack)
                assert event.post.amount == min(plan.stakes.big_blind, after_ante)
                posted += 1
        assert _errors(result.hand, result.notes) == []
    assert posted == due > 250


def test_the_fault_folds_a_timed_out_player_who_could_check() -> None:
    injected = 0
    for _, result in _hands(41, 200, frozenset({TIMEOUT_FOLDED_WHEN_CHECK_FREE})):
        for fault, index in result.faults:
            assert fault == TIMEOUT_FOLDED_WHEN_CHECK_FREE and index is not None
            act = result.hand.actions[index]
            assert act.kind is ActionKind.FOLD
            note = next(n for n in _timeouts(result) if n.action == index)
            assert note.player == act.player
            injected += 1
    assert injected >= 50


def test_time_outs_and_connections_are_seeded() -> None:
    plan = _plan(random.Random(8), Game.HOLDEM, BettingStructure.NO_LIMIT, 9,
                 frozenset({TIMEOUT_FOLDED_WHEN_CHECK_FREE}))
    plan = replace(plan, disconnected=frozenset({plan.seats[0].player, plan.seats[3].player}))
    runs = {}
    for seed in range(40):
        first, again = play_hand(plan, random.Random(seed)), play_hand(plan, random.Random(seed))
        assert first.notes == again.notes and first.faults == again.faults
        assert first.disconnected == again.disconnected
        runs[seed] = [(n.event, n.player, n.action) for n in first.notes]
    assert len({tuple(notes) for notes in runs.values()}) > 10


# ---------------------------------------------------------------- players


def test_population_is_varied_unique_and_seeded() -> None:
    players = population(random.Random(5), 400)
    assert players == population(random.Random(5), 400)
    assert players != population(random.Random(6), 400)
    assert len({p.name for p in players}) == 400
    tags = Counter(p.name.split("_")[1].rstrip("0123456789") for p in players)
    assert set(tags) == {"TAG", "LAG", "Rock", "Station", "Maniac", "Fish", "Reg"}
    for player in players:
        for knob in (player.looseness, player.aggression, player.position, player.bluffing,
                     player.patience):
            assert 0.0 <= knob <= 1.0
    rocks = [p for p in players if "_Rock" in p.name]
    stations = [p for p in players if "_Station" in p.name]
    assert max(p.looseness for p in rocks) < min(p.looseness for p in stations)


def _style_table(seed: int, styles: list[PlayerStyle], count: int) -> tuple[Counter[str],
                                                                           Counter[str]]:
    """Over `count` six-handed no-limit hands with deep stacks and a moving button: how
    often each player put chips in voluntarily preflop, and how often they raised."""
    played: Counter[str] = Counter()
    raised: Counter[str] = Counter()
    for result in _six_handed_deep_hands(styles, count, seed):
        hand = result.hand
        preflop = [a for a in hand.actions if a.street is Street.PREFLOP]
        played.update({a.player for a in preflop if a.kind in (ActionKind.CALL,
                                                               ActionKind.RAISE)})
        raised.update({a.player for a in preflop if a.kind is ActionKind.RAISE})
    return played, raised


def test_tight_players_play_fewer_hands_and_aggressive_ones_raise_more() -> None:
    styles = [PlayerStyle("tight1", 0.12, 0.5, 0.5, 0.1),
              PlayerStyle("tight2", 0.15, 0.5, 0.5, 0.1),
              PlayerStyle("loose1", 0.7, 0.5, 0.5, 0.1),
              PlayerStyle("loose2", 0.75, 0.5, 0.5, 0.1),
              PlayerStyle("passive", 0.4, 0.05, 0.5, 0.0),
              PlayerStyle("aggressive", 0.4, 0.95, 0.5, 0.0)]
    played, raised = _style_table(17, styles, 1200)
    assert max(played["tight1"], played["tight2"]) * 2 < min(played["loose1"], played["loose2"])
    assert raised["aggressive"] > 2 * raised["passive"]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), to_call=st.integers(0, 500), stack=st.integers(1, 5000),
       board=st.sampled_from(((), ("2c", "7d", "9s"), ("2c", "7d", "9s", "Th", "Jd"))),
       raise_room=st.booleans(), knobs=st.lists(st.floats(0, 1), min_size=4, max_size=4))
def test_decisions_are_always_legal(seed: int, to_call: int, stack: int,
                                    board: tuple[str, ...], raise_room: bool,
                                    knobs: list[float]) -> None:
    style = PlayerStyle("p", *knobs)
    call = min(to_call, stack)
    all_in_to = stack + 100
    low = min(100 + to_call + 50, all_in_to) if raise_room and stack > to_call else None
    seen = Situation(Game.HOLDEM, ("Ah", "Kd"), board, 2, 2, 400, call, stack, 100,
                     100 + to_call, low, all_in_to, 50)
    decision = decide(style, seen, random.Random(seed).random(), random.Random(seed))
    assert isinstance(decision, Decision)
    if decision.move is Move.RAISE:
        assert low is not None and low <= decision.to <= all_in_to
    elif call:
        assert decision.move in (Move.CALL, Move.FOLD)
    else:
        assert decision.move is Move.CHECK
