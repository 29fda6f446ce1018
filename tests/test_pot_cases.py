"""Hand-built pot cases (issue 16): each pins one piece of checker/replay/pots.py that
mutations of it left unpinned. Expected pots and best hands are worked out by hand, written
beside each hand; the rules that judge them are rules/fulltilt.rules."""

from typing import Any

from checker.model.hand import Hand
from checker.replay.facts import PotFact
from checker.replay.pots import build_pots
from tests.test_replay import FOUR, act, failed, make_hand
from tests.test_replay_pots import pot_facts
from tests.test_replay_stud import stud, third


def award(player: str, amount: int, pot: str = "pot", half: str | None = None) -> dict[str, Any]:
    return {"player": player, "amount": amount, "pot": pot, "half": half, "line": 40}


def shown(cards: dict[str, list[str]]) -> list[dict[str, Any]]:
    return [{"player": name, "cards": held, "line": 30 + n}
            for n, (name, held) in enumerate(cards.items())]


def summary(pots: list[PotFact]) -> list[tuple[int, str | None, int, list[str], list[str]]]:
    return [(p.index, p.half, p.amount, p.eligible, sorted(p.best)) for p in pots]


# ------------------------------------------------ 7. dead money above every live level

def test_dead_money_above_the_top_live_level_stays_in_the_last_pot() -> None:
    # A all in for 200, B for 500; C put in 1000 and folded. Main pot 3 x 200 = 600 for A and
    # B; the rest, 300 from B and 800 from C, is B's alone: 1100. Nothing is lost.
    main, side = build_pots({"A": 200, "B": 500, "C": 1000}, live={"A", "B"})
    assert [(p.amount, p.eligible) for p in (main, side)] == [(600, ["A", "B"]),
                                                              (1100, ["B"])]


def test_a_folded_combined_post_above_the_winners_bet_is_paid_out() -> None:
    # D (seat 4) posts small and big blind together, 150: 100 live, 50 dead. A raises to 300;
    # B, C and D fold. A's raise is called to D's live 100 at most, so 200 comes back; the
    # pot is A 100 + B 50 + C 100 + D 150 = 400, above A's 100 by D's dead 50.
    hand = make_hand(FOUR, [act("B", "small_blind", 50), act("C", "big_blind", 100),
                            act("D", "small_and_big_blind", 150), act("D", "check"),
                            act("A", "raise", 300, to=300), act("B", "fold"), act("C", "fold"),
                            act("D", "fold")],
                     returns=[{"player": "A", "amount": 200, "line": 39}],
                     awards=[award("A", 400)])
    assert summary(pot_facts(hand)) == [(0, None, 400, ["A"], ["A"])]
    assert failed(hand, on=("action", "pot", "hand_end")) == []


# ------------------------------------------------ 8. a qualifying low left unpaid

def _omaha_hilo(awards: list[dict[str, Any]]) -> Hand:
    """Limped and checked down at pot limit, 300 in the pot. Board 2c 5d 8h Ks 9s: A's
    Ah 3h make 8-5-3-2-A, the only low (B and C hold no card under 9); B's Kd Kh make trips,
    the best high (A: ace high; C: trip nines)."""
    stacks = {"A": 1000, "B": 1000, "C": 1000}
    actions = [act("B", "small_blind", 50), act("C", "big_blind", 100), act("A", "call", 100),
               act("B", "call", 50), act("C", "check")]
    cards = {"A": ["Ah", "3h", "Qd", "Jd"], "B": ["Kd", "Kh", "Th", "Jh"],
             "C": ["Tc", "Td", "9c", "9d"]}
    return make_hand(stacks, actions, game="omaha_hilo", structure="pot_limit", awards=awards,
                     boards=[["2c", "5d", "8h", "Ks", "9s"]], shown=shown(cards))


def test_a_qualifying_low_paid_to_nobody_is_found() -> None:
    split = _omaha_hilo([award("B", 150, half="high"), award("A", 150, half="low")])
    assert summary(pot_facts(split)) == [(0, "high", 150, ["A", "B", "C"], ["B"]),
                                         (0, "low", 150, ["A", "B", "C"], ["A"])]
    assert failed(split, on=("pot",)) == []
    # The record pays B the whole pot as high: A's low half was due and went unpaid.
    all_high = _omaha_hilo([award("B", 300, half="high")])
    high, low = pot_facts(all_high)
    assert (high.amount, low.amount, sorted(low.best), low.winners) == (300, 0, ["A"], [])
    assert failed(all_high, on=("pot",)) == ["pots.best-hand-paid"]


# ------------------------------------------------ 9. alone in a side pot

def test_a_player_alone_in_a_side_pot_is_not_its_best_low() -> None:
    # Omaha hi/lo, pot limit. A (button) is all in for 300 preflop (the pot allows 350); B
    # and C call. Flop: B bets 500 (pot 900), C calls. Turn: B bets 1000, C folds, the 1000
    # comes back. Main pot 900 for A and B; side pot C's 500 + B's 500 = 1000, B's alone.
    # Board 2c 5d 8h Ks 9s: A's 8-5-3-2-A is the low, B's kings the high; B holds no low, so
    # the side pot has no low half to pay.
    stacks = {"A": 300, "B": 5000, "C": 5000}
    actions = [act("B", "small_blind", 50), act("C", "big_blind", 100),
               act("A", "raise", 300, to=300, all_in=True), act("B", "call", 250),
               act("C", "call", 200),
               act("B", "bet", 500, to=500, street="flop"), act("C", "call", 500, street="flop"),
               act("B", "bet", 1000, to=1000, street="turn"), act("C", "fold", street="turn")]
    awards = [award("B", 450, "main pot", "high"), award("A", 450, "main pot", "low"),
              award("B", 1000, "side pot", "high")]
    hand = make_hand(stacks, actions, game="omaha_hilo", structure="pot_limit", awards=awards,
                     returns=[{"player": "B", "amount": 1000, "line": 39}],
                     boards=[["2c", "5d", "8h", "Ks", "9s"]],
                     shown=shown({"A": ["Ah", "3h", "Qd", "Jd"], "B": ["Kd", "Kh", "Th", "Tc"]}))
    assert summary(pot_facts(hand)) == [(0, "high", 450, ["A", "B"], ["B"]),
                                        (0, "low", 450, ["A", "B"], ["A"]),
                                        (1, "high", 1000, ["B"], ["B"])]
    assert failed(hand, on=("action", "pot", "hand_end")) == []


# ------------------------------------------------ 10. hole cards not shown down

def test_draw_cards_never_shown_down_are_not_a_hand() -> None:
    # Five-card draw, heads-up: A (button) limps, B checks. B, dealt 7h 7s 8h 6h 5h, throws
    # the 7s for the straight-flush draw and gets the Kc: B's final five are king high, but
    # the record holds all six cards B saw, and the best five of those (a pair of sevens)
    # would beat A's fives. B mucks; A is paid. B's hand is unknown: nothing to judge.
    discard_b = {**act("B", "discard", street="draw1"), "discards": 1}
    discard_a = {**act("A", "discard", street="draw1"), "discards": 0}
    actions = [act("A", "small_blind", 50), act("B", "big_blind", 100), act("A", "call", 50),
               act("B", "check"), discard_b, discard_a, act("B", "check", street="draw1"),
               act("A", "check", street="draw1")]
    hand = make_hand({"A": 1000, "B": 1000}, actions, game="draw5", awards=[award("A", 200)],
                     hole_cards={"B": ["7h", "7s", "8h", "6h", "5h", "Kc"]},
                     shown=shown({"A": ["5c", "5s", "Jd", "9c", "3s"]}))
    assert summary(pot_facts(hand)) == [(0, None, 200, ["A", "B"], [])]
    assert failed(hand, on=("action", "pot", "hand_end")) == []


def test_stud_up_cards_are_not_a_hand_that_fails_to_make_a_low() -> None:
    # Stud hi/lo 100/200: A brings in, B completes, A calls; 50 of antes, 250 in all. A shows
    # A-2-3-4-8 with kings; the record has only B's four up cards (Qc Jh 6d 7c) and pays B
    # the low half. B's three down cards are unknown: B may well hold a better low.
    actions = [third("A", "bring_in", 25), third("B", "complete", 100, to=100),
               third("C", "fold"), third("D", "fold"), third("E", "fold"),
               third("A", "call", 75)]
    up = {"A": ["4h", "8s", "Ks", "Kd"], "B": ["Qc", "Jh", "6d", "7c"]}
    hand = stud(actions, game="stud_hilo", up_cards=up, hole_cards=up,
                awards=[award("A", 125, half="high"), award("B", 125, half="low")],
                shown=shown({"A": ["As", "2d", "3c", "4h", "8s", "Ks", "Kd"]}))
    assert summary(pot_facts(hand)) == [(0, "high", 125, ["A", "B"], []),
                                        (0, "low", 125, ["A", "B"], [])]
    assert failed(hand, on=("pot", "hand_end")) == []
