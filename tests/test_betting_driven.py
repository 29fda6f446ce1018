"""The betting state as the simulator drives it (`Betting.advance`, `next_actor`, `owed`,
`round_closed`, `in_hand`) held to the state the replay measures (`Betting.act`), over every
hand the simulator wrote in hand_histories/samples, read from their Full Tilt text
(tests/betting_pair.py; tests/test_sim_hand_engine.py does the same over freshly generated
hands)."""

from collections.abc import Iterator

import pytest

from checker.ingest.stream import UnrecognizedFile, read_paths
from checker.model import Hand
from checker.replay.hand_replay import _dealt_players
from tests.betting_pair import drive_beside_the_replay
from tests.conftest import REPO

SAMPLES = REPO / "hand_histories" / "samples" / "ftp"


def _hands() -> Iterator[Hand]:
    for opened in read_paths(sorted(SAMPLES.glob("*.hands.txt"))):
        assert not isinstance(opened, UnrecognizedFile), opened
        for record in opened.records:
            assert isinstance(record, Hand), record
            yield record


HANDS = list(_hands())


def test_the_samples_hold_hands_of_every_street() -> None:
    assert len(HANDS) > 100
    assert len({a.street for h in HANDS for a in h.actions}) >= 4


@pytest.mark.parametrize("hand", HANDS, ids=lambda h: h.hand_id)
def test_advance_keeps_the_state_act_measures(hand: Hand) -> None:
    assert drive_beside_the_replay(hand, _dealt_players) > 0
