"""The betting state as the simulator drives it (`Betting.advance`, `next_actor`, `owed`,
`round_closed`, `in_hand`) against the state the replay measures (`Betting.act`).

The two paths are kept apart in checker/replay/betting.py so the replay's hot path stays lean;
the simulator's hands are only as right as `advance` is. Over every hand the simulator wrote
in hand_histories/samples (clean hands, audited without a finding), a second `Betting` is
driven act by act with `advance` beside the replay's own, and after each act the two must hold
the same chips, bets and turn; before each act the driven one must name the replay's expected
actor, and a betting round closes exactly where the record moves to the next street.
"""

from collections.abc import Iterator
from dataclasses import fields

import pytest

from checker.ingest.stream import UnrecognizedFile, read_paths
from checker.model import Hand
from checker.model.hand import POST_KINDS
from checker.replay.betting import Betting
from checker.replay.hand_replay import _dealt_players
from tests.conftest import REPO

SAMPLES = REPO / "hand_histories" / "samples" / "ftp"


def _hands() -> Iterator[Hand]:
    for opened in read_paths(sorted(SAMPLES.glob("*.hands.txt"))):
        assert not isinstance(opened, UnrecognizedFile), opened
        for record in opened.records:
            assert isinstance(record, Hand), record
            yield record


HANDS = list(_hands())


def _fields(state: object) -> tuple[object, ...]:
    return tuple(getattr(state, f.name) for f in fields(state))  # type: ignore[arg-type]


def _state(betting: Betting) -> tuple[object, ...]:
    """Everything a player of the hand reads: the street (bet, last full raise, bets and
    raises...) and every player's fact (stack, chips in, what was raised since they acted)."""
    players = tuple(_fields(p) for p in betting.seated)
    return betting.pot, betting.with_chips, _fields(betting.street), players


def _pair(hand: Hand) -> tuple[Betting, Betting, int]:
    # Each its own players: the replay's facts are the state, so they must not be shared.
    measured = Betting(hand, _dealt_players(hand))
    driven = Betting(hand, _dealt_players(hand))
    leading = 0
    while leading < len(hand.actions) and hand.actions[leading].kind in POST_KINDS:
        measured.post(hand.actions[leading])
        driven.post(hand.actions[leading])
        leading += 1
    measured.start_betting()
    driven.start_betting()
    return measured, driven, leading


def test_the_samples_hold_hands_of_every_street() -> None:
    assert len(HANDS) > 100
    streets = {a.street for h in HANDS for a in h.actions}
    assert len(streets) >= 4


@pytest.mark.parametrize("hand", HANDS, ids=lambda h: h.hand_id)
def test_advance_keeps_the_state_act_measures(hand: Hand) -> None:
    measured, driven, leading = _pair(hand)
    actions = hand.actions
    for number in range(leading, len(actions)):
        action = actions[number]
        if action.kind in POST_KINDS:
            measured.post(action)
            driven.post(action)
            continue
        if action.street is not driven.street.name:
            # The record moved on: the round before must have closed, and opens here.
            assert driven.round_closed(), (hand.hand_id, action.index)
            driven.next_street(action.street)
        else:
            assert not driven.round_closed(), (hand.hand_id, action.index)
        expected_actor = driven.next_actor
        _, act, _ = measured.act(action)
        assert act.expected_actor == expected_actor, (hand.hand_id, action.index)
        driven.advance(action)
        assert _state(driven) == _state(measured), (hand.hand_id, action.index)
        assert driven.in_hand() == sum(not p.folded for p in measured.seated)
        for player in driven.seated:
            if not player.folded and not player.all_in:
                owed = measured.to_call(player.name, None)[0]
                assert driven.owed(player) == owed, (hand.hand_id, action.index, player.name)
    assert driven.round_closed() or driven.in_hand() < 2, hand.hand_id
