"""Hand-built betting cases (issue 16): each pins one piece of checker/replay/betting.py that
mutations of it left unpinned. Expected values are worked out by hand from the rules text and
the game's rules, written beside each hand; the rules that judge them are rules/fulltilt.rules.
"""

from typing import Any

from checker.model.hand import Hand, Street
from checker.replay.betting import Betting
from checker.replay.facts import ActionEvent, Chips, PlayerFact, PostEvent
from tests.test_ingest_stars_hand import CASH_DEAD_BLIND, one_hand
from tests.test_replay import BLINDS, FOUR, act, action_events, events, failed, make_hand
from tests.test_replay_stud import stud, third


def expected_actors(hand: Hand) -> list[str | None]:
    return [e.action.expected_actor for e in action_events(hand)]


def on(hand: Hand, street: str) -> list[ActionEvent]:
    return [e for e in action_events(hand) if e.street.name is Street(street)]


# ------------------------------------------------ 1. a whole stack, no flag

# C (seat 3) has exactly the big blind: posting it puts C all in, though the record does not
# say so. A is on the button (seat 1), B the small blind (seat 2).
SHORT_C = {"A": 5000, "B": 5000, "C": 100}
C_BLIND_UNFLAGGED = [act("B", "small_blind", 50), act("C", "big_blind", 100),
                     act("A", "call", 100), act("B", "call", 50)]


def test_a_blind_that_takes_the_whole_stack_puts_the_player_all_in_unflagged() -> None:
    # Preflop A, then B; C has nothing left to act with, so the round is over. On the flop
    # B (left of the button) checks and then A, C being passed over.
    flop = [act("B", "check", street="flop"), act("A", "check", street="flop")]
    hand = make_hand(SHORT_C, [*C_BLIND_UNFLAGGED, *flop])
    assert expected_actors(hand) == ["A", "B", "B", "A"]
    b_check = on(hand, "flop")[0]
    # Opponents of B who could still answer a bet: A alone.
    assert b_check.action.opponents_with_chips == 1
    assert failed(hand) == []
    # A check recorded for C after B's call: C is all in, and it was A's turn (nobody's
    # turn is an all-in player's).
    stray = make_hand(SHORT_C, [*C_BLIND_UNFLAGGED, act("C", "check")])
    c_check = action_events(stray)[-1]
    assert (c_check.actor.all_in, c_check.action.expected_actor) == (True, "A")
    assert sorted(failed(stray)) == ["betting.in-turn", "betting.no-action-when-all-in"]


def test_a_raise_of_the_whole_stack_unflagged_leaves_nobody_to_bet_against() -> None:
    # A (button, 300) raises all of it to 300 without the flag; B folds; C calls 200. On the
    # flop C alone has chips: a bet there raises nobody.
    stacks = {"A": 300, "B": 5000, "C": 5000}
    preflop = [*[act("B", "small_blind", 50), act("C", "big_blind", 100)],
               act("A", "raise", 300, to=300), act("B", "fold"), act("C", "call", 200)]
    bet = make_hand(stacks, [*preflop, act("C", "bet", 500, street="flop")])
    c_bet = action_events(bet)[-1]
    assert (c_bet.action.opponents_with_chips, c_bet.action.expected_actor) == (0, "C")
    assert failed(bet) == ["betting.raise-needs-an-opponent"]
    # A check is C's to make; then A, all in, may not act at all.
    checked = make_hand(stacks, [*preflop, act("C", "check", street="flop"),
                                 act("A", "check", street="flop")])
    assert expected_actors(checked)[-2:] == ["C", "C"]
    assert sorted(failed(checked)) == ["betting.in-turn", "betting.no-action-when-all-in"]


def test_a_short_raise_of_the_whole_stack_unflagged_is_an_all_in_raise() -> None:
    # A (button) has 150: after D calls the big blind, A's raise to 150 is all A has, by 50,
    # short of the full raise of 100. Clause 24 allows it (an all-in raise smaller than the
    # previous full raise); it does not reopen the betting for D, who has acted.
    stacks = {"A": 150, "B": 5000, "C": 5000, "D": 5000}
    short = [*BLINDS, act("D", "call", 100), act("A", "raise", 150, to=150)]
    called = make_hand(stacks, [*short, act("B", "call", 100), act("C", "call", 50),
                                act("D", "call", 50)])
    a_raise = action_events(called)[1]
    assert (a_raise.action.all_in, a_raise.action.increment,
            a_raise.street.last_full_raise) == (True, 50, 100)
    assert failed(called) == []
    reraised = make_hand(stacks, [*short, act("B", "call", 100), act("C", "call", 50),
                                  act("D", "raise", 250, to=300)])
    assert failed(reraised) == ["betting.short-all-in-does-not-reopen"]


# ------------------------------------------------ 2. small and big blind posted together

# CASH_DEAD_BLIND's posts, then the live blinds checked and called round and the flop bet
# unanswered: 7 in the pot (3 from Alice, 2 each from Bob and Carol).
CHECKED_LIVE_BLIND = """\
PokerStars Hand #200000000107:  Hold'em No Limit ($0.01/$0.02 USD) - 2016/05/20 8:19:23 ET
Table 'Aaltje III' 6-max Seat #1 is the button
Seat 1: Alice ($2 in chips)
Seat 2: Bob ($1.50 in chips)
Seat 3: Carol ($3.10 in chips)
Bob: posts small blind $0.01
Carol: posts big blind $0.02
Alice: posts small & big blinds $0.03
*** HOLE CARDS ***
Alice: checks
Bob: calls $0.01
Carol: checks
*** FLOP *** [2c 7d Ts]
Bob: checks
Carol: checks
Alice: bets $0.10
Bob: folds
Carol: folds
Uncalled bet ($0.10) returned to Alice
Alice collected $0.07 from pot
Alice: doesn't show hand
*** SUMMARY ***
Total pot $0.07 | Rake $0
Board [2c 7d Ts]
Seat 1: Alice (button) collected ($0.07)
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Carol (big blind) folded on the Flop
"""


def test_a_combined_post_counts_only_its_big_blind_toward_the_bet() -> None:
    """PokerStars `posts small & big blinds $0.03` at $0.01/$0.02: the returning player's big
    blind (2) is live, the small blind's 1 is dead (Full Tilt writes it `posts $0.03`; both
    readers give SMALL_AND_BIG_BLIND). Alice's raise to 6 then raises by 4 and she owed
    nothing before it."""
    raised = one_hand(CASH_DEAD_BLIND)
    alice = action_events(raised)[0]
    assert alice.actor.name == "Alice"
    assert (alice.street.current_bet, alice.action.to_call, alice.action.increment,
            alice.actor.street_in, alice.actor.posted_blind) == (2, 0, 4, 2, 3)
    assert failed(raised) == []
    # The same post, then Alice checks her live blind, Bob completes his small blind with 1
    # and Carol checks: every act owes exactly what it puts in.
    checked = one_hand(CHECKED_LIVE_BLIND)
    assert [(e.actor.name, e.action.kind.value, e.action.to_call)
            for e in action_events(checked)][:3] == [
        ("Alice", "check", 0), ("Bob", "call", 1), ("Carol", "check", 0)]
    assert failed(checked) == []


def test_a_combined_post_in_a_built_hand_keeps_the_big_blind_the_bet() -> None:
    # D (seat 4, first to act) posts 150 = 50 dead + 100 live, then checks; A calls the big
    # blind of 100, B completes with 50, C checks. Pot: 4 x 100 + 50 dead.
    hand = make_hand(FOUR, [*BLINDS, act("D", "small_and_big_blind", 150),
                            act("D", "check"), act("A", "call", 100), act("B", "call", 50),
                            act("C", "check")])
    assert [(e.actor.name, e.street.current_bet, e.action.to_call)
            for e in action_events(hand)] == [("D", 100, 0), ("A", 100, 100), ("B", 100, 50),
                                              ("C", 100, 0)]
    assert action_events(hand)[-1].street.pot_before == 450
    assert failed(hand) == []


# ------------------------------------------------ 3. five-card stud's big bet

def _stud5(bets: dict[str, int], up: dict[str, list[str]] | None = None) -> Hand:
    """C brings in on second street, D completes, the rest fold, C calls; then C bets and D
    calls on each later street, C's bet on street s being `bets[s]`."""
    actions = [act("C", "bring_in", 25, street="second"),
               act("D", "complete", 100, to=100, street="second"),
               *[act(name, "fold", street="second") for name in ("E", "A", "B")],
               act("C", "call", 75, street="second")]
    for street, size in bets.items():
        actions += [act("C", "bet", size, to=size, street=street),
                    act("D", "call", size, street=street)]
    return stud(actions, game="stud5", up_cards=up or {})


FIVE_STUD_BETS = {"third": 100, "fourth": 200, "fifth": 200}


def test_five_card_stud_plays_the_big_bet_from_fourth_street() -> None:
    # Five-card stud 100/200: the small bet on second and third street, the big bet on fourth
    # and fifth (seven-card stud's fourth street is a small-bet street).
    hand = _stud5(FIVE_STUD_BETS)
    units = {e.street.name.value: e.street.bet_unit for e in action_events(hand)}
    assert units == {"second": 100, "third": 100, "fourth": 200, "fifth": 200}
    assert failed(hand) == []
    small_on_fourth = _stud5({**FIVE_STUD_BETS, "fourth": 100})
    assert failed(small_on_fourth) == ["limit.bet-size"]
    big_on_third = _stud5({**FIVE_STUD_BETS, "third": 200})
    assert failed(big_on_third) == ["limit.bet-size"]


def test_five_card_stud_reads_no_open_pair_from_the_up_cards() -> None:
    # C's two up cards pair (9c on second street, 9d on third): five-card stud's fourth
    # street is not where seven-card stud's open pair shows, and no dealer notice says a double
    # bet is allowed. C shows the best cards on every later street, so C opens each.
    up = {"C": ["9c", "9d", "2h", "3s"], "D": ["Kc", "Qd", "Jh", "4s"]}
    hand = _stud5(FIVE_STUD_BETS, up)
    assert not any(e.street.open_pair_on_board for e in action_events(hand))
    assert expected_actors(hand)[-6:] == ["C", "D"] * 3
    assert failed(hand) == []


def test_an_open_pair_allows_the_double_bet_in_seven_card_stud_only() -> None:
    # B's first two up cards pair on fourth street. Seven-card stud (the rules'
    # limit.open_pair_games) may then bet the big bet; stud hi/lo may not.
    actions = [third("A", "bring_in", 25), third("B", "call", 25), third("C", "fold"),
               third("D", "fold"), third("E", "fold"),
               act("B", "bet", 200, to=200, street="fourth"),
               act("A", "call", 200, street="fourth")]
    up = {"A": ["2c", "5d"], "B": ["9c", "9d"]}
    seven = stud(actions, up_cards=up)
    assert failed(seven) == []
    hilo = stud(actions, game="stud_hilo", up_cards=up)
    assert on(hilo, "fourth")[0].street.open_pair_on_board
    assert failed(hilo) == ["limit.bet-size"]


# ------------------------------------------------ 4. pot limit preflop, no limit after

def test_pot_limit_preflop_no_limit_postflop_caps_the_first_round_only() -> None:
    # Preflop the most D may raise to is the bet 100 + the pot 150 + the call 100 = 350.
    over = make_hand(FOUR, [*BLINDS, act("D", "raise", 360, to=360), act("A", "fold"),
                            act("B", "fold"), act("C", "fold")],
                     structure="pl_preflop_nl_postflop")
    assert action_events(over)[0].street.pot_limit_max_to == 350
    assert failed(over) == ["betting.pot-limit-maximum"]
    # Raised to the pot (350) and called by C: 750 in the middle. On the flop C bets 2000,
    # well over it: no limit there.
    hand = make_hand(FOUR, [*BLINDS, act("D", "raise", 350, to=350), act("A", "fold"),
                            act("B", "fold"), act("C", "call", 250),
                            act("C", "bet", 2000, to=2000, street="flop"),
                            act("D", "call", 2000, street="flop")],
                     structure="pl_preflop_nl_postflop")
    d_raise, c_bet = action_events(hand)[0], on(hand, "flop")[0]
    assert (d_raise.street.pot_limit_max_to, c_bet.street.pot_before,
            c_bet.street.pot_limit_max_to) == (350, 750, None)
    assert failed(hand) == []


# ------------------------------------------------ 5. a fold recorded for an all-in player

ALL_IN_A = {"A": 300, "B": 5000, "C": 5000}
SHOWN: dict[str, Any] = {
    "boards": [["2c", "7d", "9h", "Js", "3s"]],
    "shown": [{"player": "A", "cards": ["As", "Ah"], "line": 40},
              {"player": "B", "cards": ["Ks", "Kh"], "line": 41},
              {"player": "C", "cards": ["Qs", "Qh"], "line": 42}],
}


def test_a_fold_recorded_for_an_all_in_player_leaves_their_chips_in_contention() -> None:
    # A (button) is all in for 300 preflop; B and C call. On the flop the record has A fold:
    # an act of an all-in player, out of turn (B was due). A's 900 main pot is still A's to
    # win with the aces; B and C play on for a side pot, B's turn bet answered by C.
    actions = [act("B", "small_blind", 50), act("C", "big_blind", 100),
               act("A", "raise", 300, to=300, all_in=True), act("B", "call", 250),
               act("C", "call", 200),
               act("B", "check", street="flop"), act("C", "check", street="flop"),
               act("A", "fold", street="flop"),
               act("B", "bet", 500, to=500, street="turn"),
               act("C", "call", 500, street="turn")]
    awards = [{"player": "A", "amount": 900, "pot": "main pot", "line": 50},
              {"player": "B", "amount": 1000, "pot": "side pot", "line": 51}]
    hand = make_hand(ALL_IN_A, actions, awards=awards, **SHOWN)
    a_fold = on(hand, "flop")[2]
    assert (a_fold.actor.name, a_fold.action.expected_actor) == ("A", "B")
    b_bet = on(hand, "turn")[0]
    assert (b_bet.action.expected_actor, b_bet.action.opponents_with_chips) == ("B", 1)
    assert sorted(failed(hand, on=("action", "pot", "hand_end"))) == [
        "betting.in-turn", "betting.no-action-when-all-in"]


# ------------------------------------------------ 6. a stud completion's size

def test_a_completion_is_a_full_bet_whatever_the_bring_in() -> None:
    # Stud 100/200, bring-in 25. C brings in, D calls 25, E completes to 100 (a full bet: the
    # small bet, from nothing), A and B fold, C calls 75. D, who has acted, faces a raise of a
    # full 100 and may raise again; E and C call.
    actions = [third("C", "bring_in", 25), third("D", "call", 25),
               third("E", "complete", 100, to=100), third("A", "fold"), third("B", "fold"),
               third("C", "call", 75), third("D", "raise", 175, to=200),
               third("E", "call", 100), third("C", "call", 100)]
    hand = stud(actions)
    events = action_events(hand)
    assert expected_actors(hand) == [None, "D", "E", "A", "B", "C", "D", "E", "C"]
    c_call, d_raise = events[5], events[6]
    # The bring-in is forced, not C acting: C has faced E's completion of 100 since.
    assert (c_call.actor.has_acted, c_call.actor.raised_since_acted,
            c_call.action.to_call) == (False, 100, 75)
    assert (d_raise.actor.has_acted, d_raise.actor.largest_raise_since_acted,
            d_raise.street.bets_and_raises) == (True, 100, 1)
    assert failed(hand) == []
    # The bring-in player may re-raise the completion too: to 200, one bet over it.
    reraised = stud([*actions[:5], third("C", "raise", 175, to=200), third("D", "call", 175),
                     third("E", "call", 100)])
    c_raise = action_events(reraised)[5]
    assert (c_raise.action.increment, c_raise.actor.raised_since_acted) == (100, 100)
    assert failed(reraised) == []


# ------------------------------------------------ the amount a call brings a player to


def test_a_call_recorded_without_its_total_brings_the_caller_to_the_bet() -> None:
    # Calls carry no "to" in the record: the replay adds the chips to what the player had in.
    # B's small blind of 50 and a call of 50 make 100; D's raise to 300 and a call of 150
    # against A's 450 make 450.
    hand = make_hand(FOUR, [*BLINDS, act("D", "raise", 300, to=300),
                            act("A", "raise", 450, to=450), act("B", "call", 400),
                            act("C", "fold"), act("D", "call", 150)])
    calls = [(e.actor.name, e.action.to) for e in action_events(hand)
             if e.action.kind.value == "call"]
    assert calls == [("B", 450), ("D", 450)]
    limp = make_hand(FOUR, [*BLINDS, act("D", "call", 100), act("A", "call", 100),
                            act("B", "call", 50), act("C", "check")])
    assert [e.action.to for e in action_events(limp)][:3] == [100, 100, 100]


def test_a_short_blind_of_the_whole_stack_unflagged_is_an_all_in_post() -> None:
    # C has 60 and posts them for the 100 big blind; the record does not say "all in". The
    # blind is short because the stack is (clause 17 asks the full blind of players who have
    # it): no finding, and the post is all in.
    short = {"A": 5000, "B": 5000, "C": 60}
    posts = [act("B", "small_blind", 50), act("C", "big_blind", 60)]
    hand = make_hand(short, [*posts, act("A", "call", 100), act("B", "call", 50)])
    assert failed(hand, on=("post", "action")) == []
    [blind] = [e.post for n, e in events(hand) if isinstance(e, PostEvent) and e.post.player == "C"]
    assert blind.all_in
    # Flagged the same, or not: the one finding a short blind can give needs chips left.
    flagged = make_hand(short, [act("B", "small_blind", 50),
                                act("C", "big_blind", 60, all_in=True),
                                act("A", "call", 100), act("B", "call", 50)])
    assert failed(flagged, on=("post", "action")) == []
    left = make_hand({"A": 5000, "B": 5000, "C": 80}, [*posts, act("A", "call", 100),
                                                      act("B", "call", 50)])
    assert failed(left, on=("post",)) == ["posts.full-amount"]


def test_players_given_out_of_seat_order_are_seated_in_it() -> None:
    """The replay gives `Betting` its players in seat order, which it keeps; any other caller
    (the simulator) may not: the order is checked, and a list out of order is sorted."""
    hand = make_hand({"A": 1000, "B": 1000, "C": 1000}, [])
    facts = [PlayerFact(name=s.player, seat=s.seat, stack_start=Chips(s.stack),
                        stack=Chips(s.stack)) for s in hand.seats]
    for given in (facts, [facts[2], facts[0], facts[1]], [facts[1], facts[2], facts[0]]):
        assert [p.seat for p in Betting(hand, given).seated] == [1, 2, 3]
