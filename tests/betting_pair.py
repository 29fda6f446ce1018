"""The replay's `Betting` driven two ways over one hand, side by side: `act` (what the replay
measures) and `advance` (how the simulator's server moves it between acts). The two paths are
kept apart in checker/replay/betting.py so that the replay's hot path stays lean; the
simulator's hands are only as right as `advance` and the turn it reads are."""

from collections.abc import Callable

from checker.model import Hand
from checker.model.hand import POST_KINDS, Action
from checker.replay.betting import Betting
from checker.replay.facts import PlayerFact


def drive_beside_the_replay(hand: Hand,
                            players: Callable[[Hand, list[Action]], list[PlayerFact]]) -> int:
    """Assert, for every act of `hand` (a hand dealt correctly), that before it the driven
    state names the actor and the amount owed that `act` measures and says whether the round
    is over (it is exactly where the record moves to the next street), and after it holds
    the state `act` leaves. `players` gives each `Betting` its own facts (they are the state).
    Returns the number of acts compared."""
    actions = hand.actions
    measured = Betting(hand, players(hand, actions))
    driven = Betting(hand, players(hand, actions))
    leading = 0
    while leading < len(actions) and actions[leading].kind in POST_KINDS:
        measured.post(actions[leading])
        driven.post(actions[leading])
        leading += 1
    measured.start_betting()
    driven.start_betting()
    compared = 0
    for action in actions[leading:]:
        where = (hand.hand_id, action.index)
        if action.kind in POST_KINDS:
            measured.post(action)
            driven.post(action)
            continue
        if action.street is not driven.street.name:
            assert driven.round_closed(), where
            driven.next_street(action.street)
        else:
            assert not driven.round_closed(), where
        owed = driven.owed(driven.by_name[action.player])
        actor = driven.next_actor
        _, fact, _ = measured.act(action)
        driven.advance(action)
        assert (actor, owed) == (fact.expected_actor, fact.to_call), where
        assert driven.street == measured.street and driven.seated == measured.seated, where
        assert (driven.pot, driven.with_chips, driven.pointer) == (
            measured.pot, measured.with_chips, measured.pointer), where
        assert driven.in_hand() == sum(not p.folded for p in measured.seated), where
        compared += 1
    assert driven.round_closed() or driven.in_hand() < 2, hand.hand_id
    return compared
