"""The PokerKit differential on fixed-limit hold'em, by hand (tests/test_replay_pokerkit.py).

Full Tilt's limit: the small bet is the big blind, the big bet twice it; clause 23 allows four
bets a round, the big blind being the first before the flop, heads-up too.
"""

from tests.test_replay_pokerkit import Deal, outcomes

_LIMIT = "fixed_limit"


def test_a_fourth_raise_before_the_flop_is_one_too_many_at_full_tilt() -> None:
    # Blinds 1/2: raises to 4, 6 and 8 make four bets with the big blind; PokerKit also takes
    # a raise to 10 (its cap counts raises only), the rules find it over the cap. Both moved
    # the same chips, so the comparison goes on: a raise to 12 is refused by both.
    deal = Deal("holdem", _LIMIT, 1, 2, 0, (500, 500, 500))
    assert outcomes(deal, ["limit_raise"] * 5) == [
        (True, [], None), (True, [], None), (True, [], None),
        (True, ["limit.bet-cap"], "the big blind is the first limit bet"),
        (False, ["limit.bet-cap"], None)]


def test_the_cap_holds_heads_up_in_both() -> None:
    # Heads-up, on the flop: a bet and three raises (2, 4, 6, 8), then a fourth raise that
    # both refuse.
    deal = Deal("holdem", _LIMIT, 1, 2, 0, (500, 500))
    assert outcomes(deal, ["call", "call", *["limit_raise"] * 5])[2:] == [
        (True, [], None), (True, [], None), (True, [], None), (True, [], None),
        (False, ["limit.bet-cap"], None)]


def test_an_all_in_limit_raise_is_at_most_one_bet() -> None:
    # Blinds 1/2, the button (P3) has 30: all in to 30 is a raise of 28, not one bet.
    deal = Deal("holdem", _LIMIT, 1, 2, 0, (50, 50, 30))
    assert outcomes(deal, ["all_in"]) == [(False, ["limit.bet-size"], None)]
    # With 3 chips, all in to 3 is short of a raise to 4: allowed by both.
    deal = Deal("holdem", _LIMIT, 1, 2, 0, (50, 50, 3))
    assert outcomes(deal, ["all_in"]) == [(True, [], None)]


def test_a_short_all_in_bet_and_the_raise_over_it() -> None:
    # Blinds 1/2; P3 has 3 chips. Preflop all call (P2 checks); on the flop P1 and P2 check and
    # P3 bets its last chip. P1 raises to 3 (one bet above it): PokerKit counts the 1-chip bet
    # as a full bet, so P1 may raise, and by one bet from it. The rules: P1 checked, and the
    # all-in bet of 1 is short of a bet, so it does not reopen (clause 24 read for limit); and
    # facing 1, not a whole bet, a raise goes to whole bets (2 or 4), not to 3.
    deal = Deal("holdem", _LIMIT, 1, 2, 0, (50, 50, 3))
    assert outcomes(deal, ["call", "call", "call", "call", "call", "all_in",
                           "limit_raise"])[5:] == [
        (True, [], None),
        (True, ["limit.bet-size", "limit.short-all-in-does-not-reopen"],
         "a limit raise over a broken bet + a first limit bet short of a bet is not full")]
