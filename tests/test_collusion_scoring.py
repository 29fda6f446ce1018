"""The pair statistics on aggregates written by hand: a population where every pair plays
alike, and one pair changed in one counter. What the change must (or must not) raise follows
from the definitions in docs/collusion.md, not from the code's own output."""

import math
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import special, stats

from checker.audit.collusion import settings_from
from checker.collusion.aggregates import PAIR_WIDTH, TOURNAMENTS, Aggregates, PairKey
from checker.collusion.scores import FamilyScore, PairScore, ScoringSettings
from checker.collusion.scoring import _largest, _signed_root, score_pairs
from checker.collusion.signals import PLAYER_WIDTH, WIDTH, C, Kind
from checker.collusion.signals import P as Own
from checker.dsl.ruleset import load_ruleset, param_values
from checker.replay.facts import CollusionFamily
from tests.conftest import REPO

SETTINGS: ScoringSettings = settings_from(
    param_values(load_ruleset(REPO / "rules" / "fulltilt.rules"))).scoring
PLAYERS = [f"p{i:02d}" for i in range(12)]
HANDS = 3 * SETTINGS.min_hands
# Every player answers every opponent's bets alike: 12 re-raises of 40 bets faced; and folds
# 9 of 30 flop and turn decisions while the opponent holds the player's outs, 18 of 60 while
# the opponent holds none (P cannot see them: one rate).
FACED, RAISED = 40, 12
# The bets faced by situation: 20 heads-up on the first round, where each player re-raises
# half the bets it faces, and 20 with a third player live, where it re-raises one in ten
# (10 + 2 = 12 toward each opponent); a player's own hands facing bets are those toward its
# eleven opponents.
HEADS_UP_FACED, MULTIWAY_FACED = 20, 20
OWN_HEADS_UP, OWN_HEADS_UP_RAISED = 11 * HEADS_UP_FACED, 11 * 10
OWN_MULTIWAY, OWN_MULTIWAY_RAISED = 11 * MULTIWAY_FACED, 11 * 2
# Heads-up streets on the second betting round toward each opponent (aggression_population):
# 20 where the player's first act faced no bet (it bets half of them) and 20 where it faced
# one (it raises one in ten): 12 aggressive streets of 40.
CHECKED_TO, FACING = 20, 20
OWN_CHECKED_TO, OWN_CHECKED_TO_BET = 11 * CHECKED_TO, 11 * 10
OWN_FACING, OWN_FACING_RAISED = 11 * FACING, 11 * 2
OUTS, OUTS_FOLDED, CLEAR, CLEAR_FOLDED = 30, 9, 60, 18
# And bets or raises 24 of 40 heads-up postflop streets when ahead, 8 of 40 when behind.
AHEAD, AHEAD_BET, BEHIND, BEHIND_BET = 40, 24, 40, 8
# Open-raise spots: each player opens 30% with one player still to act behind (60 of 200 of
# its own spots) and 10% with four (20 of 200); toward each opponent still in, 40 spots of
# each, so 12 + 4 raises.
OWN_SPOTS, LATE_RAISES, EARLY_RAISES = 200, 60, 20
LATE, EARLY, OPENED = 40, 40, 16


def population() -> Aggregates:
    agg = Aggregates("integrity", evidence_kept=5)
    for a, b in combinations(PLAYERS, 2):
        pair = [0] * PAIR_WIDTH
        for base in (0, WIDTH):
            pair[base + C.HANDS] = HANDS
            # Per-hand flows of +-1 bb either way, netting to nothing.
            pair[base + C.FLOW_SS] = HANDS * 1000 * 1000
            pair[base + C.BACK_N] = FACED
            pair[base + C.BACK_K] = RAISED
            pair[base + C.BACK_S0] = HEADS_UP_FACED
            pair[base + C.BACK_S1] = MULTIWAY_FACED
            pair[base + C.OUTS_N] = OUTS
            pair[base + C.OUTS_K] = OUTS_FOLDED
            pair[base + C.CLEAR_N] = CLEAR
            pair[base + C.CLEAR_K] = CLEAR_FOLDED
            pair[base + C.AHEAD_N] = AHEAD
            pair[base + C.AHEAD_K] = AHEAD_BET
            pair[base + C.BEHIND_N] = BEHIND
            pair[base + C.BEHIND_K] = BEHIND_BET
            pair[base + C.OPEN_N] = LATE + EARLY
            pair[base + C.OPEN_K] = OPENED
            pair[base + C.OPEN_S1] = LATE
            pair[base + C.OPEN_S4] = EARLY
        pair[TOURNAMENTS] = SETTINGS.min_tournaments + 2
        agg.add_pair((a, b), pair)
    for name in PLAYERS:
        own = [0] * PLAYER_WIDTH
        own[Own.HANDS] = HANDS * (len(PLAYERS) - 1)
        own[Own.RESULT_SS] = own[Own.HANDS] * 1000 * 1000
        own[Own.TOURNAMENTS] = 40
        own[Own.OPEN_N1] = own[Own.OPEN_N4] = OWN_SPOTS
        own[Own.OPEN_K1] = LATE_RAISES
        own[Own.OPEN_K4] = EARLY_RAISES
        own[Own.BACK_N0], own[Own.BACK_K0] = OWN_HEADS_UP, OWN_HEADS_UP_RAISED
        own[Own.BACK_N1], own[Own.BACK_K1] = OWN_MULTIWAY, OWN_MULTIWAY_RAISED
        agg.add_player(name, own)
    return agg


def aggression_population() -> Aggregates:
    """The population with heads-up streets too (left out of `population`, whose tests weigh
    the soft-play family's other signals)."""
    agg = population()
    for key in combinations(PLAYERS, 2):
        for base in (0, WIDTH):
            put(agg, key, base + C.AGG_N, CHECKED_TO + FACING)
            put(agg, key, base + C.AGG_K, 12)
            put(agg, key, base + C.AGG_S2, CHECKED_TO)
            put(agg, key, base + C.AGG_S3, FACING)
    for name in PLAYERS:
        at = agg.players[name]
        agg.player_counters[at + Own.AGG_N2] = OWN_CHECKED_TO
        agg.player_counters[at + Own.AGG_K2] = OWN_CHECKED_TO_BET
        agg.player_counters[at + Own.AGG_N3] = OWN_FACING
        agg.player_counters[at + Own.AGG_K3] = OWN_FACING_RAISED
    return agg


def put(agg: Aggregates, key: PairKey, counter: int, value: int) -> None:
    """Set one of the pair's counters."""
    agg.pair_counters[agg.pairs[key] + counter] = value


def scored(agg: Aggregates, key: PairKey) -> PairScore:
    return next(p for p in score_pairs(agg, SETTINGS) if p.key == key)


def signal_z(pair: PairScore, name: str, actor: str) -> tuple[float, float]:
    signal = next(s for s in pair.signals if s.signal.name == name and s.actor == actor)
    return signal.z, signal.log10_p


def family(pair: PairScore, which: CollusionFamily) -> FamilyScore:
    return next(f for f in pair.families if f.family is which)


def led_by(pair: PairScore, which: CollusionFamily, name: str) -> FamilyScore:
    """The pair's family `which`, checked to be led by the signal `name`."""
    scores = family(pair, which)
    assert scores.leading is not None and scores.leading.signal.name == name
    return scores


def not_evidence(pair: PairScore, name: str, which: CollusionFamily) -> None:
    """p00's `name` toward p01 is what her own baselines predict, and its family is not
    flagged."""
    z, _ = signal_z(pair, name, "p00")
    assert abs(z) < 1.0
    assert family(pair, which).q_value > 0.01


def raise_back(pair: PairScore, actor: str) -> tuple[float, float]:
    return signal_z(pair, "raise_back", actor)


def test_sparing_a_partners_bets_is_soft_play() -> None:
    agg = population()
    put(agg, ("p00", "p01"), C.BACK_K, 1)  # p00 re-raises p01 once in 40
    pair = scored(agg, ("p00", "p01"))
    z, log10_p = raise_back(pair, "p00")
    assert z > 3.0 and log10_p < -3.0
    led_by(pair, CollusionFamily.SOFT_PLAY, "raise_back")
    assert pair.leading_family is CollusionFamily.SOFT_PLAY


def test_re_raising_one_opponent_more_is_not_sparing_it() -> None:
    # 36 re-raises of 40: whatever it is, it is no soft play.
    agg = population()
    put(agg, ("p00", "p01"), C.BACK_K, 36)
    pair = scored(agg, ("p00", "p01"))
    z, log10_p = raise_back(pair, "p00")
    # p is 1 but for rounding.
    assert z < -3.0 and log10_p > -1e-9
    assert family(pair, CollusionFamily.SOFT_PLAY).q_value > 0.01


def test_re_raising_a_partner_more_than_ones_own_rate_there_is_team_play() -> None:
    # p00 re-raises 16 of p01's 20 bets with a third player live, where she re-raises one
    # in ten of everyone else's, and half of the 20 heads-up as always: 26 of 40 against
    # the 12 her own rates predict (a squeeze for the partner, or a pot built for chips to
    # pass): (26 - 0.5 - 12) / sqrt(40 * 0.3 * 0.7) = 4.65 binomial sd, about 4.3 once the
    # baselines' uncertainty is counted.
    agg = population()
    put(agg, ("p00", "p01"), C.BACK_K, 26)
    pair = scored(agg, ("p00", "p01"))
    z, log10_p = signal_z(pair, "reraises_partner", "p00")
    assert z > 3.5 and log10_p < -3.5
    assert led_by(pair, CollusionFamily.TEAM_PLAY, "reraises_partner").q_value < 0.01
    assert signal_z(pair, "reraises_partner", "p01")[0] < 2.0


def test_re_raising_one_opponent_heads_up_is_the_situation_not_a_partner() -> None:
    # Every bet p00 faced from p01 was heads-up on the first round (short-handed play, or
    # p01 in the seat whose steals p00 defends), where she re-raises half of anyone's: 20
    # of 40 is her own rate there, though far above her 30% over every situation.
    agg = population()
    key = ("p00", "p01")
    put(agg, key, C.BACK_S0, 40)
    put(agg, key, C.BACK_S1, 0)
    put(agg, key, C.BACK_K, 20)
    pair = scored(agg, key)
    not_evidence(pair, "reraises_partner", CollusionFamily.TEAM_PLAY)
    assert pair.p_value > 0.1


def test_an_opponent_everyone_re_raises_more_is_no_partner() -> None:
    # Everyone re-raises p01's bets as p00 does, 22 of 40 (a player whose bets are light).
    agg = population()
    for other in PLAYERS:
        if other != "p01":
            key, base = (("p00", "p01"), 0) if other == "p00" else (("p01", other), WIDTH)
            put(agg, key, base + C.BACK_K, 22)
    pair = scored(agg, ("p00", "p01"))
    not_evidence(pair, "reraises_partner", CollusionFamily.TEAM_PLAY)


def test_never_betting_heads_up_against_a_partner_is_soft_play() -> None:
    # p00 bets or raises on none of her 80 heads-up streets against p01 (40 checked to, 40
    # facing a bet): her own rates in those situations predict 24.
    agg = aggression_population()
    key = ("p00", "p01")
    put(agg, key, C.AGG_N, 80)
    put(agg, key, C.AGG_S2, 40)
    put(agg, key, C.AGG_S3, 40)
    put(agg, key, C.AGG_K, 0)
    pair = scored(agg, key)
    z, log10_p = signal_z(pair, "aggression_with_partner", "p00")
    assert z > 3.5 and log10_p < -3.5
    assert led_by(pair, CollusionFamily.SOFT_PLAY, "aggression_with_partner").q_value < 0.01


def test_betting_less_against_one_opponent_where_one_faces_bets_is_the_situation() -> None:
    # Every heads-up street p00 played against p01 had her facing a bet first (p01 bets
    # everything), where she raises one in ten of anyone's: 4 of 40 is her own rate there,
    # a third of her 30% over all her streets.
    agg = aggression_population()
    key = ("p00", "p01")
    put(agg, key, C.AGG_S2, 0)
    put(agg, key, C.AGG_S3, 40)
    put(agg, key, C.AGG_K, 4)
    pair = scored(agg, key)
    not_evidence(pair, "aggression_with_partner", CollusionFamily.SOFT_PLAY)
    assert pair.p_value > 0.1


@pytest.mark.parametrize("hands, judged", [(SETTINGS.min_hands - 1, False),
                                           (SETTINGS.min_hands, True)])
def test_a_pair_below_the_minimum_evidence_has_no_p_value(hands: int, judged: bool) -> None:
    # p02 loses 5 bb a hand to p03 over every hand together: far beyond the flows of the
    # population, whatever the sample.
    agg = population()
    key = ("p02", "p03")
    for base in (0, WIDTH):
        put(agg, key, base + C.HANDS, hands)
    put(agg, key, C.FLOW, hands * 5000)
    put(agg, key, C.FLOW_SS, hands * 5000 * 5000)
    put(agg, key, WIDTH + C.FLOW, -hands * 5000)
    put(agg, key, WIDTH + C.FLOW_SS, hands * 5000 * 5000)
    result = scored(agg, ("p02", "p03"))
    assert result.tested is judged
    if judged:
        assert result.score > 5.0 and result.p_value < 1e-5
        assert result.leading is not None and result.leading.signal.name == "chip_flow"
    else:
        assert result.score == 0.0 and result.p_value == 1.0 and result.q_value == 1.0
        assert result.leading is None and result.signals == ()


def flow_by_tournament(agg: Aggregates, key: PairKey, sums: list[tuple[int, int]]) -> None:
    """The pair's first player loses `flow` mbb to the second over `hands` hands in each
    tournament (hands, flow) of `sums` (their hands adding up to the population's), each hand
    +-1 bb as everyone's: per-hand squares stay the population's."""
    assert sum(hands for hands, _ in sums) == HANDS
    total = sum(flow for _, flow in sums)
    put(agg, key, TOURNAMENTS, len(sums))
    for base, sign in ((0, 1), (WIDTH, -1)):
        put(agg, key, base + C.FLOW, sign * total)
        put(agg, key, base + C.TOUR_FLOW_SS, sum(flow * flow for _, flow in sums))
        put(agg, key, base + C.TOUR_FLOW_HANDS, sign * sum(h * flow for h, flow in sums))
        put(agg, key, base + C.TOUR_HANDS_SS, sum(h * h for h, _ in sums))


def chip_flow_z(sums: list[tuple[int, int]]) -> tuple[float, PairScore]:
    agg = population()
    flow_by_tournament(agg, ("p02", "p03"), sums)
    pair = scored(agg, ("p02", "p03"))
    return signal_z(pair, "chip_flow", "p02")[0], pair


def test_chip_flow_in_every_tournament_together_is_chip_dumping() -> None:
    # p02 loses half a big blind a hand to p03, 5 bb in each of 30 tournaments of 10 hands.
    z, pair = chip_flow_z([(10, 5000)] * 30)
    assert z > 4.0
    led_by(pair, CollusionFamily.CHIP_DUMPING, "chip_flow")
    assert family(pair, CollusionFamily.CHIP_DUMPING).q_value < 0.01


def test_chip_flow_from_a_few_tournaments_is_a_few_observations() -> None:
    # The same 150 bb over the same 300 hands, but in three tournaments of 100 hands, most
    # of it in one (a rock whose blinds a maniac took all night): three observations that
    # vary, not 300 hands. The hands alone would put it near 9 standard deviations.
    swung, pair = chip_flow_z([(100, 100_000), (100, 30_000), (100, 20_000)])
    assert swung < 2.0
    assert family(pair, CollusionFamily.CHIP_DUMPING).log10_p > -2.0
    # Even a steady flow is weaker evidence over three tournaments than over thirty.
    steady, _ = chip_flow_z([(100, 50_000)] * 3)
    every, _ = chip_flow_z([(10, 5000)] * 30)
    assert swung < steady < every


@settings(max_examples=300, deadline=None)
@given(n=st.integers(20, 600), rate=st.floats(0.02, 0.6), share=st.floats(0.0, 1.0),
       higher=st.booleans())
def test_a_rates_z_never_overstates_the_exact_binomial_tail(n: int, rate: float, share: float,
                                                            higher: bool) -> None:
    """With no baseline uncertainty, a rate's z is never more than a quarter of a standard
    deviation above the normal z of the exact binomial tail (where Wald's z is, by several,
    for rare events)."""
    k = round(share * n)
    tail = stats.binom.logsf(k - 1, n, rate) if higher else stats.binom.logcdf(k, n, rate)
    exact = -float(special.ndtri_exp(tail))
    z = float(_signed_root(np.array([float(k)]), np.array([float(n)]), np.array([n * rate]),
                           higher, np.array([1.0]))[0])
    assert z < max(exact, 0.0) + 0.25


def test_a_rare_event_in_few_occasions_is_not_overstated() -> None:
    # 7 re-raises of 25 at a 5% rate: exact tail z 3.65; Wald's (k - E - 1/2) / sd says 4.8.
    z = float(_signed_root(np.array([7.0]), np.array([25.0]), np.array([1.25]), True,
                           np.array([1.0]))[0])
    assert 3.3 < z < 3.8


def test_folding_when_the_partner_holds_the_outs_is_team_play() -> None:
    # p00 folds 27 of 30 when p01's hidden cards hold p00's outs, as often as anyone when
    # they do not: p00 plays on p01's cards.
    agg = population()
    put(agg, ("p00", "p01"), C.OUTS_K, 27)
    pair = scored(agg, ("p00", "p01"))
    z, log10_p = signal_z(pair, "outs_tracking", "p00")
    assert z > 3.0 and log10_p < -3.0
    assert led_by(pair, CollusionFamily.TEAM_PLAY, "outs_tracking").q_value < 0.01


def test_folding_more_to_one_opponent_whatever_their_cards_is_not_card_sharing() -> None:
    # The same 22 of 30, and 44 of 60 when p01 holds none of p00's outs: p00 folds more to
    # p01 either way (p01 is a strong player), which says nothing about p01's cards.
    agg = population()
    put(agg, ("p00", "p01"), C.OUTS_K, 22)
    put(agg, ("p00", "p01"), C.CLEAR_K, 44)
    pair = scored(agg, ("p00", "p01"))
    z, _ = signal_z(pair, "outs_tracking", "p00")
    assert abs(z) < 1.0
    team = family(pair, CollusionFamily.TEAM_PLAY)
    assert team.q_value > 0.01


def _team_play(agg: Aggregates) -> tuple[PairScore, FamilyScore]:
    pair = scored(agg, ("p00", "p01"))
    return pair, family(pair, CollusionFamily.TEAM_PLAY)


def test_two_partners_each_playing_on_the_others_cards_are_tested_both_ways() -> None:
    # Each folds 20 of 30 when the other holds their outs (everyone else: 9 of 30). One such
    # player alone is not enough for the rules; both together are, tested both ways at once
    # (the two directions' z added, over sqrt 2: different players' decisions).
    one = population()
    put(one, ("p00", "p01"), C.OUTS_K, 20)
    _, alone = _team_play(one)
    agg = population()
    put(agg, ("p00", "p01"), C.OUTS_K, 20)
    put(agg, ("p00", "p01"), WIDTH + C.OUTS_K, 20)
    pair, team = _team_play(agg)
    forward, backward = signal_z(pair, "outs_tracking", "p00"), signal_z(pair, "outs_tracking",
                                                                           "p01")
    both = next(s for s in pair.signals if s.signal.name == "outs_tracking" and s.both_ways)
    assert (both.actor, both.partner) == ("p00", "p01") and both.scored
    assert both.occasions == 2 * (OUTS + CLEAR)
    assert both.z == pytest.approx((forward[0] + backward[0]) / math.sqrt(2.0))
    assert team.leading is both
    assert alone.q_value > 0.01 >= team.q_value


def test_a_contrast_counts_the_decisions_of_both_its_conditions() -> None:
    # Half of `min_occasions` under each condition: scored together, not alone.
    half = -(-SETTINGS.min_occasions // 2)
    for outs, judged in ((half, True), (half - 1, False)):
        agg = population()
        for counter, value in ((C.OUTS_N, outs), (C.OUTS_K, outs), (C.CLEAR_N, half),
                               (C.CLEAR_K, 0)):
            put(agg, ("p00", "p01"), counter, value)
        pair = scored(agg, ("p00", "p01"))
        contrast = next(s for s in pair.signals
                        if s.signal.name == "outs_tracking" and s.actor == "p00")
        assert contrast.occasions == outs + half
        assert contrast.scored is judged


def test_like_styles_are_never_added_both_ways() -> None:
    # p00 and p01 each spare the other's bets a little (6 re-raises of 40, everyone 12): two
    # passive players of one style do the same, so a rate is judged one direction at a time.
    agg = population()
    put(agg, ("p00", "p01"), C.BACK_K, 6)
    put(agg, ("p00", "p01"), WIDTH + C.BACK_K, 6)
    pair = scored(agg, ("p00", "p01"))
    assert all(s.signal.kind is Kind.CONTRAST for s in pair.signals if s.both_ways)
    soft = family(pair, CollusionFamily.SOFT_PLAY)
    assert soft.leading is not None and not soft.leading.both_ways
    assert soft.q_value > 0.01


def test_betting_against_a_partner_regardless_of_the_cards_is_soft_play() -> None:
    # p00 bets 2 of 40 streets ahead of p01 and 8 of 40 behind: against p01 her betting
    # no longer follows her cards (everyone else's: 24 ahead, 8 behind).
    agg = population()
    put(agg, ("p00", "p01"), C.AHEAD_K, 2)
    pair = scored(agg, ("p00", "p01"))
    z, log10_p = signal_z(pair, "bets_when_ahead", "p00")
    assert z > 3.0 and log10_p < -3.0
    assert led_by(pair, CollusionFamily.SOFT_PLAY, "bets_when_ahead").q_value < 0.01


def test_betting_less_against_one_opponent_whatever_the_cards_is_not_evidence() -> None:
    # p00 bets half as often against p01, ahead (12 of 40) and behind (4 of 40) alike: a
    # style toward one opponent (a tricky player), with her betting still following her
    # cards.
    agg = population()
    put(agg, ("p00", "p01"), C.AHEAD_K, 12)
    put(agg, ("p00", "p01"), C.BEHIND_K, 4)
    pair = scored(agg, ("p00", "p01"))
    z, _ = signal_z(pair, "bets_when_ahead", "p00")
    assert z < 2.0
    soft = family(pair, CollusionFamily.SOFT_PLAY)
    assert soft.q_value > 0.01


def test_never_opening_while_a_partner_is_in_is_soft_play() -> None:
    # p00 opens 0 of her 80 spots with p01 still in; her own rates from those positions
    # predict 16 (20 once those 80 spots are left out of her rates).
    agg = population()
    put(agg, ("p00", "p01"), C.OPEN_K, 0)
    pair = scored(agg, ("p00", "p01"))
    z, log10_p = signal_z(pair, "opens_with_partner_in", "p00")
    assert z > 4.0 and log10_p < -4.0
    assert led_by(pair, CollusionFamily.SOFT_PLAY, "opens_with_partner_in").q_value < 0.01
    # p01's opens with p00 in are the population's.
    assert signal_z(pair, "opens_with_partner_in", "p01")[0] < 2.0


def test_opening_less_from_early_seats_is_position_not_a_partner() -> None:
    # Every one of p00's 160 spots with p01 in had four players behind her, where she opens
    # 10%: 16 raises is half her overall rate (20%), and exactly her rate from there.
    agg = population()
    key = ("p00", "p01")
    put(agg, key, C.OPEN_S1, 0)
    put(agg, key, C.OPEN_S4, 160)
    put(agg, key, C.OPEN_N, 160)
    put(agg, key, C.OPEN_K, 16)
    pair = scored(agg, key)
    not_evidence(pair, "opens_with_partner_in", CollusionFamily.SOFT_PLAY)


def test_an_opponent_everyone_opens_less_against_is_no_partner() -> None:
    # Everyone opens half as often while p01 is in (a player no one wants behind them):
    # p00's 8 of 80 is what everyone else does with p01 in.
    agg = population()
    for other in PLAYERS:
        if other != "p01":
            key, base = (("p00", "p01"), 0) if other == "p00" else (("p01", other), WIDTH)
            put(agg, key, base + C.OPEN_K, OPENED // 2)
    pair = scored(agg, ("p00", "p01"))
    not_evidence(pair, "opens_with_partner_in", CollusionFamily.SOFT_PLAY)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 3)),
                max_size=30))
def test_each_players_largest_row_is_found_with_ties_to_the_smaller_opponent(
        rows: list[tuple[int, int, int]]) -> None:
    """`_largest` against its definition, row by row: per player, the directed pair with the
    largest key, ties to the smaller opponent; -1 and zeros for a player with no row."""
    unique = {(g, o): k for g, o, k in rows if g != o}
    group = np.array([g for g, _ in unique], dtype=np.int64)
    other = np.array([o for _, o in unique], dtype=np.int64)
    key = np.array(list(unique.values()), dtype=np.float64)
    values = np.stack([key * 10 + other, other.astype(np.float64)], axis=1).reshape(-1, 2)
    who, counters = _largest(group, other, key, values, 6)
    for player in range(6):
        mine = [(k, o) for (g, o), k in unique.items() if g == player]
        if not mine:
            assert who[player] == -1 and list(counters[player]) == [0.0, 0.0]
            continue
        k, o = max(mine, key=lambda row: (row[0], -row[1]))
        assert who[player] == o
        assert list(counters[player]) == [k * 10 + o, float(o)]
