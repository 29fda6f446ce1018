"""Facts of the tournament as its log goes (checker/replay/tournament.py). A satellite's
seats: `tournament.all_seats_decided` (documented in docs/tournament-log.md
for rule authors) turns true at the elimination that leaves no more players than seats, and
an elimination after that moment is one "after all seats decided" (clause 31.5's bounties).
Worked by hand on a five-player satellite awarding two seats. And an entry withdrawn after
registration closed leaves the field and the pool; the start names the stack most entrants
hold."""

from checker.replay.facts import StartEvent
from checker.replay.tournament import TournamentState
from tests.test_cancellation import _at, _feed, _out, _reg, _seat, _start, _terms

PLAYERS = ["al", "bo", "cy", "di", "ed"]


def _satellite(seats: int) -> list[dict[str, object]]:
    return [_terms(kind="satellite", seats_awarded=seats, non_cash_value=5000),
            *(_reg(p) for p in PLAYERS),
            *(_seat(p, n, 1500) for n, p in enumerate(PLAYERS, start=1)), _start(5)]


def _decided_after_each_elimination(seats: int) -> list[tuple[bool, bool | None]]:
    state = TournamentState("1")
    _feed(state, _satellite(seats))
    decided: list[tuple[bool, bool | None]] = []
    for place, player in zip((5, 4, 3, 2), ("ed", "di", "cy", "bo"), strict=True):
        _feed(state, [_out(player, place)])
        assert state.fact is not None
        decided.append((state.fact.all_seats_decided,
                        state.busted_after_seats_decided.get(player)))
    return decided


def test_the_seats_are_decided_when_players_left_are_no_more_than_seats() -> None:
    # 5 -> 4 -> 3 players: two seats still open; 3 -> 2: both seats decided. The player who
    # goes out after that (2 -> 1) went out after all seats were decided.
    assert _decided_after_each_elimination(2) == [
        (False, False), (False, False), (True, False), (True, True)]


def test_a_satellite_of_no_seats_decides_none() -> None:
    assert _decided_after_each_elimination(0) == [(False, None)] * 4


def test_a_seat_is_worth_the_terms_non_cash_value_and_nothing_without_one() -> None:
    satellite = TournamentState("1")
    _feed(satellite, _satellite(2))
    plain = TournamentState("1")
    _feed(plain, [_terms(), _reg("al"), _reg("bo"), _seat("al", 1, 1500),
                  _seat("bo", 2, 1500), _start(2)])
    assert satellite.fact is not None and plain.fact is not None
    assert (satellite.fact.seat_value, plain.fact.seat_value) == (5000, 0)


def test_an_unregistration_after_the_close_takes_one_entry_and_its_buy_in() -> None:
    state = TournamentState("1")
    _feed(state, [_terms(), *(_reg(p) for p in PLAYERS[:3]),
                  {"event": "registration_closed", "at": _at(-30), "entrants": 3,
                   "prize_pool": 3000, "payout_shares_bp": [10000]},
                  {"event": "unregistration", "at": _at(-20), "player": "cy", "accepted": True,
                   "refund": 1100, "refund_currency": "cash"}])
    assert state.fact is not None
    # 3 entries of a $10 buy-in (+ $1 fee): 2 left, $20 in the pool.
    assert (state.fact.entrants, state.fact.registered, state.fact.prize_pool) == (2, 2, 2000)


def _common_stack(stacks: list[int]) -> int | None:
    players = PLAYERS[:len(stacks)]
    steps = _feed(TournamentState("1"), [
        _terms(), *(_reg(p) for p in players),
        *(_seat(p, n, stack) for n, (p, stack) in enumerate(zip(players, stacks, strict=True),
                                                          start=1)),
        _start(len(stacks))])
    start = next(step.event for step in steps if step.name == "tournament_start")
    assert isinstance(start, StartEvent)
    return start.start.common_stack


def test_the_start_names_the_stack_most_entrants_hold() -> None:
    assert _common_stack([2000, 2000, 1000, 2000]) == 2000
    assert _common_stack([1500, 1500, 1500]) == 1500
    # A tie for the most: no stack is the usual one.
    assert _common_stack([2000, 1000, 2000, 1000]) is None
