"""Pot facts on hand-built hands: a pot of no chips, run it twice, merged pots."""

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from checker.model.hand import Hand
from checker.replay.facts import PotEvent, PotFact
from checker.replay.pots import build_pots
from tests.test_replay import act, events, failed, make_hand


def pot_facts(hand: Hand) -> list[PotFact]:
    return [e.pot for _, e in events(hand) if isinstance(e, PotEvent)]


# ---------------------------------------------------------------- a pot of no chips

# A walk with only a big blind posted (PHH HandHQ 26262322994 has this shape): everyone folds
# to it and the whole blind comes back uncalled, so nothing is left in the middle.
WALK = [act("A", "big_blind", 100), act("B", "fold"), act("C", "fold")]
RETURNED = [{"player": "A", "amount": 100, "line": 30}]


def _layered(contributions: dict[str, int], live: set[str]) -> list[tuple[int, list[str]]]:
    """Pots the plain way: per level a live player put in, what everyone put in up to it."""
    levels = sorted({c for n, c in contributions.items() if n in live and c > 0})
    pots: list[tuple[int, list[str]]] = []
    previous = 0
    for number, level in enumerate(levels):
        top = max(contributions.values()) if number == len(levels) - 1 else level
        amount = sum(max(0, min(c, top) - previous) for c in contributions.values())
        eligible = [n for n, c in contributions.items() if n in live and c >= level]
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount, eligible))
        previous = level
    total = sum(contributions.values())
    if not pots and total:
        pots.append((total, sorted(live)))
    return pots


@given(st.dictionaries(st.sampled_from("ABCDEFGHI"), st.integers(0, 5_000), min_size=1),
       st.data())
def test_pots_layer_every_chip_in(contributions: dict[str, int], data: st.DataObject) -> None:
    live = data.draw(st.sets(st.sampled_from(sorted(contributions))))
    pots = build_pots(contributions, live)
    assert [(p.amount, p.eligible) for p in pots] == _layered(contributions, live)
    assert sum(p.amount for p in pots) == sum(contributions.values())


def test_no_chips_make_no_pot() -> None:
    assert build_pots({"A": 0, "B": 0, "C": 0}, live={"A"}) == []
    hand = make_hand({"A": 1000, "B": 1000, "C": 1000}, WALK, returns=RETURNED)
    assert pot_facts(hand) == []
    assert failed(hand, on=("pot",)) == []
    # Dead money alone still makes a pot, for the players still in.
    dead, = build_pots({"A": 0, "B": 50, "C": 0}, live={"A", "C"})
    assert (dead.amount, dead.eligible) == (50, ["A", "C"])


def test_an_award_out_of_nothing_is_still_judged() -> None:
    paid = [{"player": "A", "amount": 100, "line": 40}]
    hand = make_hand({"A": 1000, "B": 1000, "C": 1000}, WALK, returns=RETURNED, awards=paid)
    pot, = pot_facts(hand)
    assert (pot.amount, pot.best, [(w.player, w.awarded) for w in pot.winners]) == (
        0, [], [("A", 100)])
    assert failed(hand, on=("pot",)) == ["pots.fully-awarded"]


# ---------------------------------------------------------------- run it twice

# B (small blind) is all in for 1000, C (big blind) calls; A folded on the button. Board 1:
# both hold a pair of aces with the same kickers (a tie); board 2: B's ace of spades makes the
# nut flush. Each board deals half the pot.
TWICE_ACTIONS = [act("B", "small_blind", 50), act("C", "big_blind", 100), act("A", "fold"),
                 act("B", "raise", 950, to=1000, all_in=True), act("C", "call", 900)]
TWICE_CARDS: dict[str, Any] = {
    "boards": [["2c", "7d", "9h", "Js", "3s"], ["Ks", "Qs", "Ts", "4s", "2d"]],
    "shown": [{"player": "B", "cards": ["As", "Ad"], "line": 30},
              {"player": "C", "cards": ["Ah", "Ac"], "line": 31}],
}


def run_twice(first: tuple[int, int], second: int) -> Hand:
    """Board 1 pays B and C `first`, board 2 pays B `second`."""
    awards = [{"player": "B", "amount": first[0], "board": 0, "line": 40},
              {"player": "C", "amount": first[1], "board": 0, "line": 41},
              {"player": "B", "amount": second, "board": 1, "line": 42}]
    return make_hand({"A": 5000, "B": 1000, "C": 5000}, TWICE_ACTIONS, awards=awards,
                     **TWICE_CARDS)


def test_each_board_of_a_pot_run_twice_is_judged_among_its_own_winners() -> None:
    hand = run_twice((500, 500), 1000)
    first, second = pot_facts(hand)
    assert [(p.index, p.board, p.amount, p.shared, sorted(p.best)) for p in (first, second)] == [
        (0, 0, 1000, 1000, ["B", "C"]), (0, 1, 1000, 1000, ["B"])]
    assert [(w.player, w.awarded) for w in first.winners] == [("B", 500), ("C", 500)]
    assert [(w.player, w.awarded) for w in second.winners] == [("B", 1000)]
    assert failed(hand, on=("pot",)) == []


def test_a_board_split_unequally_is_found_on_that_board() -> None:
    found = failed(run_twice((600, 400), 1000), on=("pot",))
    assert found == ["pots.odd-chip-left-of-button"]


def test_the_last_board_holds_what_the_earlier_ones_did_not_pay() -> None:
    # 100 of the 2000 is never paid: the pot as a whole is short, found on the last board.
    first, second = pot_facts(run_twice((500, 500), 900))
    assert (first.amount, second.amount) == (1000, 1000)
    assert failed(run_twice((500, 500), 900), on=("pot",)) == ["pots.fully-awarded"]


# ---------------------------------------------------------------- merged pots

def test_a_merged_pot_claims_no_shared_amount() -> None:
    # A is all in for 100: a main pot of 300 and a side pot of 400 between B and C. With rake
    # the record cannot say which pot paid it, so the pots are merged; the two awards are
    # different pots' and no equal share between them is known.
    stacks = {"A": 100, "B": 5000, "C": 5000}
    actions = [act("B", "small_blind", 50), act("C", "big_blind", 100),
               act("A", "call", 100, all_in=True), act("B", "raise", 250, to=300),
               act("C", "call", 200)]
    awards = [{"player": "A", "amount": 290, "pot": "main pot", "line": 40},
              {"player": "B", "amount": 400, "pot": "side pot", "line": 41}]
    hand = make_hand(stacks, actions, awards=awards,
                     pot={"total": 700, "rake": 10, "line": 42})
    pot, = pot_facts(hand)
    assert (pot.amount, pot.best, pot.shared, pot.board) == (690, [], None, None)
    assert failed(hand, on=("pot",)) == []
