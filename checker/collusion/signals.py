"""The counters kept per directed pair (P's play toward Q) and what each signal makes of them.

A directed slot holds `WIDTH` integers about P's play in hands shared with Q; a player's
totals hold the same counters summed over every opponent, so P's baseline toward everyone
but Q is the total less the slot. Money is in thousandths of a big blind (mbb), an integer, so
partial aggregates add exactly in any order.
"""

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from checker.replay.facts import CollusionFamily as Family


class C(IntEnum):
    """Counter positions in a directed slot (and in a player's totals)."""

    HANDS = 0  # hands P and Q were both dealt
    FLOW = 1  # net mbb from P to Q (P's losses Q won, less Q's losses P won)
    FLOW_SS = 2  # sum of squares of the per-hand net flow
    JOINT = 3  # P's plus Q's own result in the hand (mbb): what the two took from the rest
    JOINT_SS = 4
    EV = 5  # EV P gave up to Q in heads-up commitments (mbb; cards known)
    EV_SS = 6
    EV_N = 7  # hands with commitments measured
    # Rates count hands: a hand is one occasion of a signal (N) and one hit (K) when it
    # happened at least once in it; each K follows its N.
    WEAK_N = 8  # hands with P's heads-up commitments into Q alone, cards known
    WEAK_K = 9  # ... in which P's equity against Q's hand was below the weak threshold
    FOLD_N = 10  # P faced a bet or raise whose last aggressor was Q
    FOLD_K = 11  # ... and folded
    AGG_N = 12  # streets on which P acted heads-up with Q (per street, not per hand)
    AGG_K = 13  # ... that bet or raised
    SQZ_N = 14  # P faced Q's bet or raise with a third player live
    SQZ_K = 15  # ... and re-raised
    CHK_N = 16  # postflop streets P and Q played heads-up
    CHK_K = 17  # ... checked through
    OUTS_N = 18  # P's flop/turn decisions facing a bet while Q's hidden cards held P's outs
    OUTS_K = 19  # ... that folded
    CLEAR_N = 20  # the same decisions while Q's hidden cards held none of P's outs
    CLEAR_K = 21  # ... that folded
    THIRD = 22  # third players dealt in, summed over the hands together (both slots)
    BACK_N = 23  # hands in which P faced a bet or raise whose last aggressor was Q
    BACK_K = 24  # ... and raised
    AHEAD_N = 25  # postflop streets P acted heads-up with Q holding the better hand now
    AHEAD_K = 26  # ... that P bet or raised
    BEHIND_N = 27  # the same streets with P holding the worse hand
    BEHIND_K = 28  # ... that P bet or raised
    # P's first act before the flop in a pot nobody has raised yet, Q still in (to act, or in
    # having called or checked): P's open-raise spots with Q in, once a hand.
    OPEN_N = 29
    OPEN_K = OPEN_N + 1  # ... that P raised (30 is also a rules number: not a literal)
    # The same spots by how many players were still to act behind P (0 .. OPEN_STRATA - 1,
    # the last also counting more): position decides how often anyone opens.
    OPEN_S0 = 31
    OPEN_S1 = 32
    OPEN_S2 = 33
    OPEN_S3 = 34
    OPEN_S4 = 35
    OPEN_S5 = 36
    # P's chip flow to Q summed per tournament together (F_t over the n_t hands there): the
    # sum of F_t squared, of n_t F_t and of n_t squared. A tournament's hands are not
    # independent (stacks, stages, one player's run of cards), so chip flow's variance is
    # the tournaments' (clustered), not the hands'.
    TOUR_FLOW_SS = 37
    TOUR_FLOW_HANDS = 38
    TOUR_HANDS_SS = 39
    # P's hands facing Q's bet or raise (BACK_N) by the situation of the first such act: on
    # the hand's first betting round or a later one, with no third player live with chips
    # (heads-up against Q's bet) or with one. Each hand is one occasion (BACK_N), a hit
    # (BACK_K) when P re-raised Q in it.
    BACK_S0 = 40  # first round, heads-up
    BACK_S1 = 41  # first round, a third player live with chips
    BACK_S2 = 42  # a later round, heads-up
    BACK_S3 = 43  # a later round, a third player live with chips
    # P's heads-up streets with Q (AGG_N) by their situation: the hand's betting round (first,
    # second, third, fourth or later) and whether P's first act on the street faced a bet
    # (AGG_S0 + 2 * round + facing).
    AGG_S0 = 44
    AGG_S1 = 45
    AGG_S2 = 46
    AGG_S3 = 47
    AGG_S4 = 48
    AGG_S5 = 49
    AGG_S6 = 50
    AGG_S7 = 51


WIDTH = len(C)
OPEN_STRATA = 6
BACK_STRATA = 4
AGG_STRATA = 8


class P(IntEnum):
    """Counters of a player's own play (not toward one opponent)."""

    HANDS = 0
    RESULT = 1  # own net result, mbb
    RESULT_SS = 2
    TOURNAMENTS = 3
    # The player's open-raise spots (C.OPEN_N, whoever was in) by players still to act
    # behind, and of them the raises: the player's own rate from each position.
    OPEN_N0 = 4
    OPEN_N1 = 5
    OPEN_N2 = 6
    OPEN_N3 = 7
    OPEN_N4 = 8
    OPEN_N5 = 9
    OPEN_K0 = 10
    OPEN_K1 = 11
    OPEN_K2 = 12
    OPEN_K3 = 13
    OPEN_K4 = 14
    OPEN_K5 = 15
    # The player's hands facing anyone's bet or raise by the situation of the first such act
    # (C.BACK_S0 ..), and of them those in which the player re-raised, stratum by stratum.
    BACK_N0 = 16
    BACK_K0 = 17
    BACK_N1 = 18
    BACK_K1 = 19
    BACK_N2 = 20
    BACK_K2 = 21
    BACK_N3 = 22
    BACK_K3 = 23
    # The player's heads-up streets (toward anyone) by situation (C.AGG_S0 ..), and of them
    # those it bet or raised on: AGG_N0 + 2 * stratum and the next.
    AGG_N0 = 24
    AGG_K0 = 25
    AGG_N1 = 26
    AGG_K1 = 27
    AGG_N2 = 28
    AGG_K2 = 29
    AGG_N3 = AGG_K2 + 1  # 30 is also a rules number: not a literal
    AGG_K3 = 31
    AGG_N4 = 32
    AGG_K4 = 33
    AGG_N5 = 34
    AGG_K5 = 35
    AGG_N6 = 36
    AGG_K6 = 37
    AGG_N7 = 38
    AGG_K7 = 39


PLAYER_WIDTH = len(P)


class Kind(StrEnum):
    RATE = "rate"  # occurrences out of occasions
    AMOUNT = "amount"  # mbb summed over occasions
    # A rate under one condition less the rate under its opposite (`control` counters), for
    # Q against the same difference for everyone else: does P's play follow Q's hidden cards?
    CONTRAST = "contrast"


@dataclass(frozen=True, slots=True)
class Signal:
    name: str
    family: Family
    kind: Kind
    occasions: C
    value: C
    # RATE: the pair is suspicious when its rate is above (True) or below P's baseline.
    # AMOUNT: always above (P gives Q more than P's baseline predicts).
    higher: bool
    squares: C | None = None
    # CONTRAST: the occasions counter of the opposite condition (its hits follow it).
    control: C | None = None
    # Whether the signal is symmetric in P and Q (one test per pair, not one per direction).
    symmetric: bool = False
    # A rate that needs both players to act alike (a street checked through): its expected
    # value is the product of the two players' rates over the population's.
    joint: bool = False
    # Reported beside the others but left out of the pair's score: two honest players of
    # like styles check through together more than either does with others, so the pair
    # effect cannot be told from style here (docs/collusion.md).
    context: bool = False
    # RATE by position: the occasions split by stratum (these counters, in order), the
    # expected hits from P's own rate in each stratum (`own_strata`: P's occasions per
    # stratum, then P's hits per stratum), not from P's one rate toward everyone else.
    strata: tuple[C, ...] = ()
    own_strata: tuple[P, ...] = ()
    # RATE by position whose occasion counts toward every opponent in it (an open-raise spot,
    # toward everyone still in), not toward one: no single opponent's occasions can be left
    # out of P's own counts, so its baselines keep every opponent (scoring._by_position).
    shared: bool = False
    # AMOUNT clustered by tournament: the counters of each tournament's sums (the value
    # squared, occasions times value, occasions squared); its test then has the
    # tournaments' degrees of freedom, not the hands'.
    clustered: tuple[C, C, C] | None = None
    title: str = ""


SIGNALS: tuple[Signal, ...] = (
    Signal("chip_flow", Family.CHIP_DUMPING, Kind.AMOUNT, C.HANDS, C.FLOW, True, C.FLOW_SS,
           clustered=(C.TOUR_FLOW_SS, C.TOUR_FLOW_HANDS, C.TOUR_HANDS_SS),
           title="net chips from P to Q per hand together"),
    Signal("ev_given_up", Family.CHIP_DUMPING, Kind.AMOUNT, C.EV_N, C.EV, True, C.EV_SS,
           title="equity P gave up to Q in heads-up commitments"),
    Signal("weak_commitment", Family.CHIP_DUMPING, Kind.RATE, C.WEAK_N, C.WEAK_K, True,
           title="P's chips into Q alone with a hand far behind Q's"),
    Signal("fold_to_partner", Family.SOFT_PLAY, Kind.RATE, C.FOLD_N, C.FOLD_K, True,
           title="P folds to Q's bets and raises"),
    # Against P's own rate in the same situations (betting round, facing a bet or not): who
    # Q is decides which streets P plays against Q (a calling station takes P to the river
    # more often, a maniac has P facing bets), and P's aggression differs by street and
    # situation whoever the opponent (docs/collusion.md, "Statistics").
    Signal("aggression_with_partner", Family.SOFT_PLAY, Kind.RATE, C.AGG_N, C.AGG_K, False,
           strata=tuple(C(C.AGG_S0 + s) for s in range(AGG_STRATA)),
           own_strata=(tuple(P(P.AGG_N0 + 2 * s) for s in range(AGG_STRATA))
                       + tuple(P(P.AGG_K0 + 2 * s) for s in range(AGG_STRATA))),
           title="P bets or raises heads-up against Q less often than P's own rate in the same "
                 "situations"),
    Signal("check_down", Family.SOFT_PLAY, Kind.RATE, C.CHK_N, C.CHK_K, True, symmetric=True,
           joint=True, context=True,
           title="streets P and Q check through heads-up"),
    # How P answers Q's bets at all: sparing a partner is raising them less than anyone else.
    # One-sided on real evidence: raising one opponent more is what short-handed play, a seat
    # effect or an exploitative regular does (docs/collusion.md, "On real hands"); raising a
    # partner more with a third player in is `squeeze`.
    Signal("raise_back", Family.SOFT_PLAY, Kind.RATE, C.BACK_N, C.BACK_K, False,
           title="P re-raises Q's bets less often than others' bets"),
    Signal("squeeze", Family.TEAM_PLAY, Kind.RATE, C.SQZ_N, C.SQZ_K, True,
           title="P re-raises Q's bet while a third player is in"),
    Signal("outs_tracking", Family.TEAM_PLAY, Kind.CONTRAST, C.OUTS_N, C.OUTS_K, True,
           control=C.CLEAR_N,
           title="P folds more when Q's hidden cards hold P's outs than when they do not"),
    # Does P's betting follow P's cards against Q as it does against everyone else? Any
    # scheme in which P plays toward Q for the team rather than for the hand weakens it
    # (sparing a partner, feeding one, squeezing for one); a contrast of P's own decisions
    # toward one opponent, so neither player's style toward the other enters.
    Signal("bets_when_ahead", Family.SOFT_PLAY, Kind.CONTRAST, C.AHEAD_N, C.AHEAD_K, False,
           control=C.BEHIND_N,
           title="P bets or raises heads-up against Q more when ahead than when behind, "
                 "less so than against others"),
    Signal("team_profit", Family.TEAM_PLAY, Kind.AMOUNT, C.HANDS, C.JOINT, True, C.JOINT_SS,
           symmetric=True, title="what P and Q together take from the others per hand"),
    # Sparing a partner before the flop: P opens (raises first in) less while Q is still in
    # than P's own opening rate from the same positions predicts. By position, because who
    # is still in depends on where Q sits; against P's own play, so that an opponent left
    # in beside the partner is charged only for the hands the partner was in too.
    Signal("opens_with_partner_in", Family.SOFT_PLAY, Kind.RATE, C.OPEN_N, C.OPEN_K, False,
           strata=tuple(C(C.OPEN_S0 + s) for s in range(OPEN_STRATA)),
           own_strata=tuple(P(P.OPEN_N0 + s) for s in range(2 * OPEN_STRATA)), shared=True,
           title="P raises first in less while Q is still in than P's own rate from the same "
                 "positions"),
    # How P answers Q's bets, the other side of `raise_back`: re-raising one opponent more
    # than one's own rate is what a partner does to squeeze a third player or to build a pot
    # for chips to pass, and also what short-handed play, position or an exploitative regular
    # does. So the baseline is P's own rate in the same situation (first betting round or
    # later, a third player live with chips or not), not P's rate toward everyone else: the
    # real hand histories' heads-up regulars (docs/collusion.md, "On real hands") are what
    # made the unstratified test one-sided.
    Signal("reraises_partner", Family.TEAM_PLAY, Kind.RATE, C.BACK_N, C.BACK_K, True,
           strata=tuple(C(C.BACK_S0 + s) for s in range(BACK_STRATA)),
           own_strata=(tuple(P(P.BACK_N0 + 2 * s) for s in range(BACK_STRATA))
                       + tuple(P(P.BACK_K0 + 2 * s) for s in range(BACK_STRATA))),
           title="P re-raises Q's bets more often than P's own rate in the same situations"),
)
BY_NAME = {s.name: s for s in SIGNALS}
