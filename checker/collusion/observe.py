"""Each replayed hand into the pair aggregates of its view.

The audit hands over the hand's record (money, cards, where it is), its replayed `HandFact`
(who was dealt in, and what each put in by the hand's end) and its action events in order
(each with the street and the actor as they stood just before the act). From them, for every
two players dealt in together:

- chip flow: each loser's loss shared among the winners in proportion to their gains;
- what the two together won or lost (team profit);
- P's acts toward Q: folds to Q's bets, bets and raises while Q is live, re-raises of Q's bet
  with a third player live, streets checked through heads-up;
- with cards known: P's heads-up commitments into Q alone (equity against Q's hand, the EV
  given up), P's flop and turn decisions facing a bet while Q's hidden cards hold P's outs,
  and P's heads-up postflop streets against Q ahead or behind Q's hand, bet or not.

Views: a tournament log carries every hole card (the integrity view); a hand history only the
cards shown (the public view). Each view has its own aggregates.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from librt.vecs import extend as vec_extend
from librt.vecs import vec
from mypy_extensions import i64

from checker.collusion.aggregates import FAMILY_INDEX, SIGNAL_CODE, TOURNAMENTS, Aggregates
from checker.collusion.equity import OutsProbe, equity, known_board_game, made_rank
from checker.collusion.signals import AGG_STRATA, BACK_STRATA, OPEN_STRATA, SIGNALS, WIDTH, C
from checker.collusion.signals import P as Own
from checker.model.formats import TOURNAMENT_LOG
from checker.model.hand import POST_KINDS, ActionKind, Hand, Street
from checker.replay.evaluate import hand_class
from checker.replay.facts import ActionEvent, ActionFact, HandFact
from checker.replay.facts import CollusionFamily as Family

INTEGRITY: Final = "integrity"
PUBLIC: Final = "public"
VIEWS: Final[tuple[str, ...]] = (INTEGRITY, PUBLIC)

_BOARD_CARDS: Final = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_POSTFLOP: Final = frozenset({Street.FLOP, Street.TURN, Street.RIVER})
_DRAWING: Final = frozenset({Street.FLOP, Street.TURN})
_CHIPS_IN: Final = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
                              ActionKind.COMPLETE})
# (view, tournament or "", the players dealt in, sorted).
LineupKey = tuple[str, str, tuple[str, ...]]
# A line-up's sums per player: capped result, its square, result, its square, then its
# open-raise spots and raises by stratum, at their places in the player's counters
# (_OWN_OPEN_N0 and _OWN_OPEN_K0: 4 and 10, checked below).
_LINEUP_WIDTH: Final = 16
# A line-up's open-raise spots per directed pair (i * count + j for i toward j): raises, then
# spots by stratum (the spots' sum is OPEN_N). Added to the pairs when the line-up is closed.
_OPEN_CELLS: Final = 7
# A line-up's sums per pair (i < j): the capped flow's squares, and what `_flows` adds to the
# team profit and its square.
_PAIR_SUMS: Final = 3
_SUM_FLOW_SS: Final = 0
_SUM_JOINT: Final = 1
_SUM_JOINT_SS: Final = 2

# The counter layout (signals.C, signals.P, aggregates.TOURNAMENTS) as literals, which the
# compiled module inlines (an IntEnum member is a look-up and a boxed add on every use);
# checked against the enums below.
_W: Final = 52
_HANDS: Final = 0
_FLOW: Final = 1
_FLOW_SS: Final = 2
_JOINT: Final = 3
_JOINT_SS: Final = 4
_EV: Final = 5
_EV_SS: Final = 6
_EV_N: Final = 7
_WEAK_N: Final = 8
_FOLD_N: Final = 10
_AGG_N: Final = 12
_AGG_K: Final = 13
_SQZ_N: Final = 14
_CHK_N: Final = 16
_OUTS_N: Final = 18
_CLEAR_N: Final = 20
_THIRD: Final = 22
_BACK_N: Final = 23
_AHEAD_N: Final = 25
_BEHIND_N: Final = 27
_OPEN_N: Final = 29
_OPEN_K: Final = _OPEN_N + 1
_OPEN_S0: Final = 31
_OPEN_STRATA: Final = 6
_TOUR_FLOW_SS: Final = 37
_TOUR_FLOW_HANDS: Final = 38
_TOUR_HANDS_SS: Final = 39
_BACK_S0: Final = 40
_BACK_STRATA: Final = 4
_AGG_S0: Final = 44
_AGG_STRATA: Final = 8
# Betting rounds told apart in the aggression situations (the last counts the later too).
_AGG_ROUNDS: Final = 4
_TOURNAMENTS: Final = 104
_OWN_HANDS: Final = 0
_OWN_RESULT: Final = 1
_OWN_RESULT_SS: Final = 2
_OWN_TOURNAMENTS: Final = 3
_OWN_OPEN_N0: Final = 4
_OWN_OPEN_K0: Final = 10
_OWN_BACK_N0: Final = 16
_OWN_AGG_N0: Final = 24
_LAYOUT = ((_W, WIDTH), (_HANDS, C.HANDS), (_FLOW, C.FLOW), (_FLOW_SS, C.FLOW_SS),
           (_JOINT, C.JOINT), (_JOINT_SS, C.JOINT_SS), (_EV, C.EV), (_EV_SS, C.EV_SS),
           (_EV_N, C.EV_N), (_WEAK_N, C.WEAK_N), (_FOLD_N, C.FOLD_N), (_AGG_N, C.AGG_N),
           (_AGG_K, C.AGG_K), (_SQZ_N, C.SQZ_N), (_CHK_N, C.CHK_N), (_OUTS_N, C.OUTS_N),
           (_CLEAR_N, C.CLEAR_N), (_THIRD, C.THIRD), (_BACK_N, C.BACK_N),
           (_AHEAD_N, C.AHEAD_N), (_BEHIND_N, C.BEHIND_N), (_OPEN_N, C.OPEN_N),
           (_OPEN_K, C.OPEN_K), (_OPEN_S0, C.OPEN_S0), (_OPEN_STRATA, OPEN_STRATA),
           (_TOUR_FLOW_SS, C.TOUR_FLOW_SS), (_TOUR_FLOW_HANDS, C.TOUR_FLOW_HANDS),
           (_TOUR_HANDS_SS, C.TOUR_HANDS_SS), (_BACK_S0, C.BACK_S0),
           (_BACK_STRATA, BACK_STRATA), (_AGG_S0, C.AGG_S0), (_AGG_STRATA, AGG_STRATA),
           (_AGG_STRATA, 2 * _AGG_ROUNDS),
           (_TOURNAMENTS, TOURNAMENTS), (_OWN_HANDS, Own.HANDS), (_OWN_RESULT, Own.RESULT),
           (_OWN_RESULT_SS, Own.RESULT_SS), (_OWN_TOURNAMENTS, Own.TOURNAMENTS),
           (_OWN_OPEN_N0, Own.OPEN_N0), (_OWN_OPEN_K0, Own.OPEN_K0),
           (_OWN_BACK_N0, Own.BACK_N0), (_OWN_BACK_N0 + 1, Own.BACK_K0),
           (_OWN_BACK_N0 + 2 * (_BACK_STRATA - 1), Own.BACK_N3),
           (_OWN_AGG_N0, Own.AGG_N0), (_OWN_AGG_N0 + 1, Own.AGG_K0),
           (_OWN_AGG_N0 + 2 * (_AGG_STRATA - 1), Own.AGG_N7))
if any(literal != int(counter) for literal, counter in _LAYOUT):
    raise ImportError("checker/collusion/observe.py: the counter literals differ from "
                      "signals.C / signals.P")
if (_OWN_OPEN_N0, _OWN_OPEN_K0, _LINEUP_WIDTH, _OPEN_CELLS) != (
        4, 4 + _OPEN_STRATA, 4 + 2 * _OPEN_STRATA, 1 + _OPEN_STRATA):
    raise ImportError("checker/collusion/observe.py: the line-up sums' layout differs from "
                      "signals.P")

# Evidence families (aggregates.FAMILIES order) and signal codes (aggregates.SIGNAL_CODE),
# likewise literals, likewise checked.
_F_DUMP: Final = 0
_F_SOFT: Final = 1
_F_TEAM: Final = 2
_S_CHIP_FLOW: Final = 0
_S_WEAK: Final = 2
_S_FOLD: Final = 3
_S_SQUEEZE: Final = 7
_S_OUTS: Final = 8
_S_AHEAD: Final = 9
_S_TEAM_PROFIT: Final = 10
_S_RERAISE: Final = 12
_EVIDENCE = ((_F_DUMP, FAMILY_INDEX[Family.CHIP_DUMPING]),
             (_F_SOFT, FAMILY_INDEX[Family.SOFT_PLAY]), (_F_TEAM, FAMILY_INDEX[Family.TEAM_PLAY]),
             (_S_CHIP_FLOW, SIGNAL_CODE["chip_flow"]), (_S_WEAK, SIGNAL_CODE["weak_commitment"]),
             (_S_FOLD, SIGNAL_CODE["fold_to_partner"]), (_S_SQUEEZE, SIGNAL_CODE["squeeze"]),
             (_S_OUTS, SIGNAL_CODE["outs_tracking"]), (_S_AHEAD, SIGNAL_CODE["bets_when_ahead"]),
             (_S_TEAM_PROFIT, SIGNAL_CODE["team_profit"]),
             (_S_RERAISE, SIGNAL_CODE["reraises_partner"]))
if any(literal != value for literal, value in _EVIDENCE):
    raise ImportError("checker/collusion/observe.py: the evidence literals differ from "
                      "aggregates.FAMILY_INDEX / aggregates.SIGNAL_CODE")

# A hand's marks per directed pair (actor, partner): one per signal counted once a hand,
# outs-tracking's two counters once per drawing street, betting when ahead or behind once
# per postflop street, and the situation in which the actor first faced the partner's bet
# (occasions only: never a hit). The occasions counter of each mark (its hit counter follows
# it, signals.C). The diagonal (actor toward itself) holds the actor's own marks: the
# situation in which it first faced anyone's bet, a hit when it re-raised in the hand; their
# counters are the player's (signals.P: occasions, then hits).
# Typed as a tuple of any length: compiled code indexes it as one object (a fixed-length
# tuple constant is a C struct, boxed into a new tuple at every index by a variable).
_MARK_COUNTERS: Final[tuple[int, ...]] = (
    _FOLD_N, _BACK_N, _SQZ_N, _CHK_N, _WEAK_N, _OUTS_N, _CLEAR_N, _OUTS_N, _CLEAR_N,
    _AHEAD_N, _BEHIND_N, _AHEAD_N, _BEHIND_N, _AHEAD_N, _BEHIND_N,
    _BACK_S0, _BACK_S0 + 1, _BACK_S0 + 2, _BACK_S0 + 3,
    _OWN_BACK_N0, _OWN_BACK_N0 + 2, _OWN_BACK_N0 + 4, _OWN_BACK_N0 + 6)
_MARKS: Final = 23
_M_FOLD: Final = 0
_M_BACK: Final = 1
_M_SQZ: Final = 2
_M_CHK: Final = 3
_M_WEAK: Final = 4
# Flop's outs and clear marks; the turn's follow them.
_M_OUTS: Final = 5
_M_CLEAR: Final = 6
_M_TURN: Final = 2
# The flop's ahead and behind marks; the turn's and the river's follow them, two apart.
_M_AHEAD: Final = 9
_M_BEHIND: Final = 10
_AHEAD_STREET: Final = {Street.FLOP: 0, Street.TURN: 2, Street.RIVER: 4}
# The first situation's marks toward a partner, and the actor's own (by stratum).
_M_BACK_S0: Final = 15
_M_OWN_BACK_S0: Final = 19
# A mark's state in a hand: no occasion, an occasion, an occasion with a hit.
_OCCASION: Final = 1
_HIT: Final = 2

# The evidence the acts offer: (family, signal), by offer code.
_OFFERS: Final[tuple[tuple[int, int], ...]] = (
    (_F_SOFT, _S_FOLD), (_F_TEAM, _S_SQUEEZE), (_F_TEAM, _S_OUTS),
    (_F_DUMP, _S_WEAK), (_F_SOFT, _S_AHEAD), (_F_TEAM, _S_RERAISE))
_O_FOLD: Final = 0
_O_SQZ: Final = 1
_O_OUTS: Final = 2
_O_WEAK: Final = 3
_O_AHEAD: Final = 4
_O_RERAISE: Final = 5
_OFFER_BITS: Final = 3
_OFFER_MASK: Final = (1 << _OFFER_BITS) - 1
if len(_OFFERS) > _OFFER_MASK + 1:
    raise ImportError("checker/collusion/observe.py: more offer codes than _OFFER_BITS hold")
# A hand is kept under its signal's own family: a pair's facts count a family's evidence
# hands by its slots (`Aggregates.evidence_counts`), the reports by each hand's signal.
if any(FAMILY_INDEX[SIGNALS[signal].family] != family for family, signal in _OFFERS):
    raise ImportError("checker/collusion/observe.py: an offer's family is not its signal's")


@dataclass(frozen=True, slots=True)
class ObserverSettings:
    """The clause-28 parameters the aggregation itself needs (read from the rules)."""

    # A heads-up commitment with less equity than this against the opponent's hand is weak.
    weak_equity: float
    # Evidence hands kept per pair and family.
    evidence_kept: int
    # A hand's chip flow and EV between two players count at most this many mbb: one all-in
    # must not decide a pair (winsorised; the evidence keeps the true amounts).
    flow_cap: int
    # Heads-up commitments are measured against the opponent's cards from this many mbb, or
    # when all in (a dumping spot is a call or a shove, not a limp).
    commitment: int


# Line-ups held open in a file before they are closed into the aggregates (about 10 KB each
# at a 9-max table): a tool setting. A large tournament log changes line-up at every move and
# bust; closing them early gives the same aggregates (`HandObserver._close_lineups`).
OPEN_LINEUPS: Final = 512

# (view, tournament) -> the players dealt in it in this file, and per pair that met at a table
# there (its row) the hands together and the chip flow there.
_Rosters = dict[tuple[str, str], tuple[set[str], dict[int, list[int]]]]


class HandObserver:
    """Adds hands to the aggregates of their view; `end_file` closes the file's tournaments."""

    def __init__(self, settings: ObserverSettings, open_lineups: int = OPEN_LINEUPS) -> None:
        self.settings = settings
        self.views = {view: Aggregates(view, settings.evidence_kept) for view in VIEWS}
        # (view, tournament or "", the players dealt in, sorted) -> the line-up's number in
        # this file. A table keeps its line-up for many hands, so what is linear in one
        # player's result (hands together, each player's totals, most of team profit), and who
        # met in which tournament, is added up per line-up when it is closed (at the latest
        # when the file ends), not per pair and hand (a file is a partition: nothing here
        # depends on other files).
        self.lineups: dict[LineupKey, int] = {}
        self.file_lineups = _LineupFile()
        self.open_lineups = open_lineups
        # What the line-ups closed so far tell of each tournament of the file: its entries
        # and who met there are counted once, when the file ends.
        self.rosters: _Rosters = {}
        # Every hand's marks (`_Acts.marks`), zero between hands: one buffer, not a list of
        # some thousand cells made and cleared per hand (cache and allocator churn that
        # slowed the rest of the audit).
        self.marks: vec[i64] = vec[i64]()

    def hand(self, hand: Hand, fact: HandFact, actions: Sequence[ActionEvent]) -> None:
        names = sorted(p.name for p in fact.players)
        if len(names) < 2:
            return
        integrity = hand.source_format == TOURNAMENT_LOG
        view = INTEGRITY if integrity else PUBLIC
        agg = self.views[view]
        agg.hands += 1
        unit = hand.big_blind or hand.small_bet or hand.bring_in or 1
        tournament = hand.tournament_id or ""
        lineup = self._lineup(view, tournament, names)
        posted_all_in = [False] * len(names)
        results = _results(hand, fact, lineup.names, lineup.index, unit, posted_all_in)
        capped = lineup.add(results, self.settings.flow_cap)
        place = _Place(hand, tournament)
        self._flows(agg, lineup, place, results, capped)
        # Read only: the record's own lists.
        cards = hand.hole_cards if integrity else {s.player: s.cards for s in hand.shown}
        marks = self.marks
        if len(marks) < len(names) * len(names) * _MARKS:
            marks = self.marks = vec_extend(
                marks, [0] * (len(names) * len(names) * _MARKS - len(marks)))
        acts = _Acts(self.settings, agg, lineup, hand, place, unit, cards, posted_all_in, marks)
        try:
            acts.run(actions)
        finally:
            acts.clear_marks()

    def _lineup(self, view: str, tournament: str, names: list[str]) -> "_Lineup":
        key = (view, tournament, tuple(names))
        number = self.lineups.get(key)
        if number is None:
            if len(self.lineups) >= self.open_lineups:
                self._close_lineups()  # between hands: no line-up is in use
            number = self.lineups[key] = self.file_lineups.add(key[2])
        return self.file_lineups.lineup(self.views[view], number)

    def end_file(self) -> None:
        """A file is read: hands together per line-up; its tournaments are closed: entries
        and tournaments together."""
        self._close_lineups()
        rosters, self.rosters = self.rosters, {}
        for (view, _), (players, met_there) in rosters.items():
            agg = self.views[view]
            agg.entries += len(players)
            agg.entries_squared += len(players) ** 2
            for name in players:
                # The counters read after the look-up: a new player gives a new vec.
                at = agg.player_at(name)
                agg.player_counters[at + _OWN_TOURNAMENTS] += 1
            counters = agg.pair_counters  # every pair met here has its row already
            for at, (hands, flow) in met_there.items():
                counters[at + _TOURNAMENTS] += 1
                # The tournament's sums (signals.C.TOUR_*), from each player's side: the
                # second player's flow is the first's, negated.
                flow_ss = flow * flow
                hands_ss = hands * hands
                counters[at + _TOUR_FLOW_SS] += flow_ss
                counters[at + _TOUR_FLOW_HANDS] += hands * flow
                counters[at + _TOUR_HANDS_SS] += hands_ss
                counters[at + _W + _TOUR_FLOW_SS] += flow_ss
                counters[at + _W + _TOUR_FLOW_HANDS] -= hands * flow
                counters[at + _W + _TOUR_HANDS_SS] += hands_ss

    def _close_lineups(self) -> None:
        """Every open line-up's sums into the aggregates, and what it tells of its tournament
        into `rosters`. Everything a line-up adds is a sum, and a pair's flow points are the
        same whatever the grouping of their adds (`Aggregates.add_flow`), so closing a line-up
        and opening it again later gives what one close at the file's end gives; only what
        is counted once per tournament waits for the file's end."""
        rosters = self.rosters
        for (view, tournament, _), number in self.lineups.items():
            lineup = self.file_lineups.lineup(self.views[view], number)
            met = lineup.close(tournament)
            if tournament:
                roster = rosters.setdefault((view, tournament), (set(), {}))
                roster[0].update(lineup.names)
                sums = roster[1]
                for at, hands, flow in met:
                    both = sums.get(at)
                    if both is None:
                        sums[at] = [hands, flow]
                    else:
                        both[0] += hands
                        both[1] += flow
        self.lineups = {}
        self.file_lineups.reset()

    def _flows(self, agg: Aggregates, lineup: "_Lineup", place: "_Place", results: list[int],
               capped: list[int]) -> None:
        """Chip flow of every pair with chips won or lost between them, and what team profit
        needs beyond the line-up's sums: for two players who both had a result, the capped
        sum of the two less the two capped alone (hands together are counted per line-up);
        all summed per line-up (`_Lineup.add_flow`, `add_joint`), into the counters when the
        line-up is closed."""
        names = lineup.names
        cap = self.settings.flow_cap
        gains = 0
        for r in results:
            if r > 0:
                gains += r
        tournament = place.tournament
        count = len(names)
        for i in range(count):
            ra = results[i]
            if ra == 0:
                continue
            ca = capped[i]
            for j in range(i + 1, count):
                rb = results[j]
                if rb == 0:
                    continue
                at = lineup.row(i, j)
                cb = capped[j]
                joint = max(-cap, min(cap, ra + rb))
                extra = joint - ca - cb
                extra_ss = joint * joint - ca * ca - cb * cb
                if extra or extra_ss:
                    lineup.add_joint(i, j, extra, extra_ss)
                net = 0
                if ra < 0 < rb:
                    net = -ra * rb // gains
                elif rb < 0 < ra:
                    net = -(-rb * ra // gains)
                if net:
                    lineup.add_flow(i, j, max(-cap, min(cap, net)))
                    if tournament:
                        lineup.add_raw_flow(i, j, net)
                    weight = abs(net)
                    if agg.wants_at(at, _F_DUMP, weight):
                        # From a to b when positive: a is the actor (the pair's first).
                        agg.offer_at(at, _F_DUMP, weight, place.index(agg),
                                     _S_CHIP_FLOW * 2 + (0 if net > 0 else 1))
                # What the two took from the others: both in the pot, a third player paying.
                if joint > 0 and agg.wants_at(at, _F_TEAM, ra + rb):
                    agg.offer_at(at, _F_TEAM, ra + rb, place.index(agg), _S_TEAM_PROFIT * 2)


class _LineupFile:
    """What the current file's line-ups gather, in a few flat vecs by line-up number: an
    object per line-up would outlive two young collections and so bring on full ones (some
    thousands of line-ups a file). The vecs are kept from one batch of line-ups to the next
    (`reset`): a line-up's cells are set where it is added, and the vecs grow only past the
    largest batch yet (growing one from a list costs ~15 ns a cell; a new line-up of nine
    players has some 1,300)."""

    __slots__ = ("cells_used", "flows", "index", "moved", "names", "opens", "pair_sums",
                 "raw_flows", "rows", "rows_at", "sums", "sums_at", "sums_used")

    def __init__(self) -> None:
        self.names: list[tuple[str, ...]] = []
        self.index: list[dict[str, int]] = []
        # Machine integers (vecs: compiled code reads and writes them unboxed). A vec grows
        # into a new one: `_Lineup` views are made after `add`, never held across one.
        # `_Lineup.sums` and `_Lineup.rows` of every line-up, each from its `*_at`.
        self.sums: vec[i64] = vec[i64]()
        self.sums_at: list[int] = []
        self.rows: vec[i64] = vec[i64]()
        self.rows_at: list[int] = []
        # `_Lineup.flows`, `raw_flows` and `moved` of every line-up: laid out as its rows,
        # from the same `rows_at`.
        self.flows: vec[i64] = vec[i64]()
        self.raw_flows: vec[i64] = vec[i64]()
        self.moved: vec[i64] = vec[i64]()
        # `_Lineup.opens` of every line-up: _OPEN_CELLS per cell of its rows.
        self.opens: vec[i64] = vec[i64]()
        # `_Lineup.pair_sums` of every line-up: _PAIR_SUMS per cell of its rows.
        self.pair_sums: vec[i64] = vec[i64]()
        # How much of `sums` and of the cells (`rows` and what is laid out as it) the
        # line-ups added since the last `reset` take.
        self.sums_used = 0
        self.cells_used = 0

    def reset(self) -> None:
        """No line-up any more; the vecs are kept for the next ones."""
        self.names = []
        self.index = []
        self.sums_at = []
        self.rows_at = []
        self.sums_used = 0
        self.cells_used = 0

    def add(self, names: tuple[str, ...]) -> int:
        """A new line-up's number."""
        count = len(names)
        cells = count * count
        self.names.append(names)
        self.index.append({name: i for i, name in enumerate(names)})
        sums_at = self.sums_used
        self.sums_at.append(sums_at)
        sums_end = self.sums_used = sums_at + 1 + _LINEUP_WIDTH * count
        rows_at = self.cells_used
        self.rows_at.append(rows_at)
        cells_end = self.cells_used = rows_at + cells
        if sums_end > len(self.sums):
            self.sums = _grown(self.sums, sums_end)
        if cells_end > len(self.rows):
            self.rows = _grown(self.rows, cells_end)
            self.flows = _grown(self.flows, cells_end)
            self.raw_flows = _grown(self.raw_flows, cells_end)
            self.moved = _grown(self.moved, cells_end)
            self.opens = _grown(self.opens, cells_end * _OPEN_CELLS)
            self.pair_sums = _grown(self.pair_sums, cells_end * _PAIR_SUMS)
        _fill(self.sums, sums_at, sums_end, 0)
        _fill(self.rows, rows_at, cells_end, -1)
        _fill(self.flows, rows_at, cells_end, 0)
        _fill(self.raw_flows, rows_at, cells_end, 0)
        _fill(self.moved, rows_at, cells_end, 0)
        _fill(self.opens, rows_at * _OPEN_CELLS, cells_end * _OPEN_CELLS, 0)
        _fill(self.pair_sums, rows_at * _PAIR_SUMS, cells_end * _PAIR_SUMS, 0)
        return len(self.names) - 1

    def lineup(self, agg: Aggregates, number: int) -> "_Lineup":
        return _Lineup(agg, self.names[number], self.index[number], self.sums,
                       self.sums_at[number], self.rows, self.rows_at[number], self.flows,
                       self.raw_flows, self.moved, self.opens, self.pair_sums)


def _grown(values: vec[i64], size: int) -> vec[i64]:
    """`values` with at least `size` cells: doubled (or to `size`), the new cells zero."""
    return vec_extend(values, [0] * (max(size, 2 * len(values)) - len(values)))


def _fill(values: vec[i64], start: int, end: int, value: i64) -> None:
    for cell in range(start, end):
        values[cell] = value


class _Lineup:
    """A line-up of one view in the current file, for one hand or its close: its players
    (sorted, so player i < player j for i < j), what is summed per line-up (`sums` from
    `sums_at`: its hands, then per player in `names` order the capped result's sum and sum of
    squares, the result's sum and sum of squares), and where its pairs' rows are (`rows`
    from `rows_at`: i * count + j for i <= j -> where the pair (names[i], names[j]) starts in
    the view's pair counters, -1 until looked up, so a pair key is built once per line-up and
    file), and the capped chip flow from names[i] to names[j] over the line-up's hands
    (`flows`, laid out as `rows`); in a tournament, the chip flow uncapped (`raw_flows`) and
    the hands with any (`moved`), added to the pair's flow points when it is closed: a
    pair's points are its FLOW_POINTS earliest tournaments with any flow, each with its whole
    sum, whatever the order and grouping of the adds (`Aggregates.add_flow`), so one add per
    pair, line-up and tournament gives what one per hand gave. The open-raise spots (the most
    frequent counter updates: one per opponent still in at each first act before a raise)
    are summed per line-up too: by directed pair in `opens` (_OPEN_CELLS from (rows_at + i *
    count + j) * _OPEN_CELLS), by player in `sums`. So are, per pair, the sum of squares of
    the capped flow and the part of team profit `_flows` adds (`pair_sums`: _PAIR_SUMS from
    (rows_at + i * count + j) * _PAIR_SUMS)."""

    __slots__ = ("agg", "count", "flows", "index", "moved", "names", "opens", "pair_sums",
                 "raw_flows", "rows", "rows_at", "sums", "sums_at")

    def __init__(self, agg: Aggregates, names: tuple[str, ...], index: dict[str, int],
                 sums: vec[i64], sums_at: int, rows: vec[i64], rows_at: int,
                 flows: vec[i64], raw_flows: vec[i64], moved: vec[i64],
                 opens: vec[i64], pair_sums: vec[i64]) -> None:
        self.agg = agg
        self.opens = opens
        self.pair_sums = pair_sums
        self.flows = flows
        self.raw_flows = raw_flows
        self.moved = moved
        self.names = names
        self.count = len(names)
        self.index = index
        self.sums = sums
        self.sums_at = sums_at
        self.rows = rows
        self.rows_at = rows_at

    def row(self, i: int, j: int) -> int:
        """Where the pair of players i <= j starts in the view's pair counters."""
        cell = self.rows_at + i * self.count + j
        at = self.rows[cell]
        if at < 0:
            at = self.rows[cell] = self.agg.pair_at((self.names[i], self.names[j]))
        return at

    def add_flow(self, i: int, j: int, flow: int) -> None:
        """A hand's capped chip flow from player i to player j (i < j)."""
        cell = self.rows_at + i * self.count + j
        self.flows[cell] += flow
        self.pair_sums[cell * _PAIR_SUMS + _SUM_FLOW_SS] += flow * flow

    def add_joint(self, i: int, j: int, joint: int, joint_ss: int) -> None:
        """What a hand adds to the team profit of players i < j beyond their capped results
        (the capped joint result less the two, and likewise for the squares)."""
        at = (self.rows_at + i * self.count + j) * _PAIR_SUMS
        self.pair_sums[at + _SUM_JOINT] += joint
        self.pair_sums[at + _SUM_JOINT_SS] += joint_ss

    def add_raw_flow(self, i: int, j: int, flow: int) -> None:
        """A tournament hand's chip flow (not zero) from player i to player j (i < j),
        uncapped."""
        cell = self.rows_at + i * self.count + j
        self.raw_flows[cell] += flow
        self.moved[cell] += 1

    def add(self, results: list[int], cap: int) -> list[int]:
        """A hand into the sums; each player's capped result, in `names` order."""
        sums = self.sums
        sums[self.sums_at] += 1
        capped = [0] * len(results)
        at = self.sums_at + 1
        for i, result in enumerate(results):
            if result:
                clipped = capped[i] = max(-cap, min(cap, result))
                sums[at] += clipped
                sums[at + 1] += clipped * clipped
                sums[at + 2] += result
                sums[at + 3] += result * result
            at += _LINEUP_WIDTH
        return capped

    def close(self, tournament: str) -> list[tuple[int, int, int]]:
        """The sums into the players and every pair of the line-up, and its chip flow into
        the pairs' flow points in `tournament` (if any); per pair, its row, the hands
        together and the capped chip flow from the first to the second."""
        agg = self.agg
        sums = self.sums
        names = self.names
        hands = sums[self.sums_at]
        third = hands * (len(names) - 2)
        for i, name in enumerate(names):
            # The counters read after each look-up: a new player or pair gives a new vec.
            at = agg.player_at(name)
            own = agg.player_counters
            by = self.sums_at + 1 + _LINEUP_WIDTH * i
            own[at + _OWN_HANDS] += hands
            own[at + _OWN_RESULT] += sums[by + 2]
            own[at + _OWN_RESULT_SS] += sums[by + 3]
            for k in range(_OWN_OPEN_N0, _LINEUP_WIDTH):
                spots = sums[by + k]
                if spots:
                    own[at + k] += spots
        met: list[tuple[int, int, int]] = []
        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                at = self.row(i, j)
                counters = agg.pair_counters
                cell = self.rows_at + i * self.count + j
                self._close_opens(counters, at, cell)
                self._close_opens(counters, at + _W, self.rows_at + j * self.count + i)
                met.append((at, hands, self.flows[cell]))
                if self.moved[cell] and tournament:
                    agg.add_flow((names[i], names[j]), tournament, self.raw_flows[cell])
                # Team profit where one of the two had no result: the other's capped result
                # (`_flows` adds what differs when both had one).
                ai = self.sums_at + 1 + _LINEUP_WIDTH * i
                bj = self.sums_at + 1 + _LINEUP_WIDTH * j
                pair_sums = self.pair_sums
                joint = sums[ai] + sums[bj] + pair_sums[cell * _PAIR_SUMS + _SUM_JOINT]
                joint_ss = (sums[ai + 1] + sums[bj + 1]
                            + pair_sums[cell * _PAIR_SUMS + _SUM_JOINT_SS])
                flow = self.flows[cell]
                if flow:
                    counters[at + _FLOW] += flow
                    counters[at + _W + _FLOW] -= flow
                flow_ss = pair_sums[cell * _PAIR_SUMS + _SUM_FLOW_SS]
                if flow_ss:
                    counters[at + _FLOW_SS] += flow_ss
                    counters[at + _W + _FLOW_SS] += flow_ss
                counters[at + _HANDS] += hands
                counters[at + _W + _HANDS] += hands
                counters[at + _THIRD] += third
                counters[at + _W + _THIRD] += third
                counters[at + _JOINT] += joint
                counters[at + _W + _JOINT] += joint
                counters[at + _JOINT_SS] += joint_ss
                counters[at + _W + _JOINT_SS] += joint_ss
        return met

    def _close_opens(self, counters: vec[i64], at: int, cell: int) -> None:
        """One direction's open-raise spots (`opens` from `cell`) into its counters (`at`)."""
        opens = self.opens
        first = cell * _OPEN_CELLS
        spots = 0
        for stratum in range(_OPEN_STRATA):
            n = opens[first + 1 + stratum]
            if n:
                spots += n
                counters[at + _OPEN_S0 + stratum] += n
        if spots:
            counters[at + _OPEN_N] += spots
        raised = opens[first]
        if raised:
            counters[at + _OPEN_K] += raised


class _Place:
    """Where a hand is, for its evidence: its place in the view's aggregates, made (from the
    record) only when the hand's first evidence is kept."""

    __slots__ = ("hand", "place", "tournament")

    def __init__(self, hand: Hand, tournament: str) -> None:
        self.hand = hand
        self.tournament = tournament
        self.place = -1

    def index(self, agg: Aggregates) -> int:
        place = self.place
        if place < 0:
            hand = self.hand
            place = self.place = agg.place(hand.location.file, hand.location.line,
                                           hand.hand_id, self.tournament)
        return place


def _results(hand: Hand, fact: HandFact, names: tuple[str, ...], index: dict[str, int],
             unit: int, posted_all_in: list[bool]) -> list[int]:
    """Each player's net result in the hand, in mbb (in the line-up's `names` order; `index`:
    a name's place there), and (into `posted_all_in`, all false on entry) the players all in
    from a post already (no chips to answer with: the acts never show it). What each put in
    is the replay's own count (`PlayerFact.hand_in`: the fact's players are the replay's, at the
    hand's end when the audit hands it over), not the record's actions read again."""
    chips = [0] * len(names)
    anyone_all_in = False
    for player in fact.players:
        chips[index[player.name]] = -player.hand_in
        if player.all_in:
            anyone_all_in = True
    # A post all in leaves its player all in to the hand's end (the replay never clears the
    # flag), so the record's actions are read only in the few hands where someone ended so.
    if anyone_all_in:
        for action in hand.actions:
            if action.kind in POST_KINDS and action.all_in:
                posted = index.get(action.player, -1)
                if posted >= 0:
                    posted_all_in[posted] = True
    for returned in hand.returns:
        at = index.get(returned.player, -1)
        if at >= 0:
            chips[at] += returned.amount
    for award in hand.awards:
        at = index.get(award.player, -1)
        if at >= 0 and not award.cashed_out:  # a pot the site kept moved no chips to a player
            chips[at] += award.amount
    if len(index) < len(names):
        # Two players of one name (the replay lets none through): both read the one sum.
        for i, name in enumerate(names):
            chips[i] = chips[index[name]]
            posted_all_in[i] = posted_all_in[index[name]]
    return [amount * 1000 // unit for amount in chips]


class _Acts:
    """One pass over a hand's acts, adding P-toward-Q counters. Players are their index in
    the line-up (`_Lineup.names`); a directed pair (actor i, partner j) is i * n + j."""

    def __init__(self, settings: ObserverSettings, agg: Aggregates, lineup: _Lineup,
                 hand: Hand, place: _Place, unit: int, cards: dict[str, list[str]],
                 posted_all_in: list[bool], marks: vec[i64]) -> None:
        names = lineup.names
        count = len(names)
        self.settings = settings
        self.agg = agg
        self.lineup = lineup
        self.names = names
        self.index = lineup.index
        self.count = count
        self.hand = hand
        self.place = place
        self.unit = unit
        self.cards = cards
        self.live = [True] * count
        self.live_count = count
        # All in from a post already: no chips to answer with (the acts never show it).
        self.all_in = posted_all_in
        board = hand.boards[0] if hand.boards else []
        self.board: list[str] = list(board)
        self.with_cards = known_board_game(hand.game) and len(cards) >= 2
        # The dealt players whose cards are known, with them (built at the first need).
        self.holders: list[tuple[int, list[str]]] | None = None
        self.equities: dict[tuple[Street, int, int], float] = {}
        # (board cards shown << 8 | player) -> the player's made hand: an int key, no tuple
        # made and hashed per look-up (a street's board has a fixed number of cards).
        self.ranks: dict[int, int] = {}
        # A hand counts once per pair and signal: per directed pair and mark (`_MARKS`), no
        # occasion, an occasion, or one with a hit (acts within a hand are not independent
        # occasions); and the marks set, in order. `marks` is all zeros on entry and is
        # left so (`clear_marks`).
        self.marks = marks
        self.marked: list[int] = []
        # Directed pair -> the EV given up in the hand's commitments.
        self.ev: dict[int, int] = {}
        # Directed pair << _OFFER_BITS | offer code -> the hand's largest weight as that
        # evidence (an int key: no tuple made and hashed per offer).
        self.offers: dict[int, int] = {}

    def add(self, actor: int, partner: int, mark: int, hit: bool) -> None:
        """An occasion of `actor` toward `partner` in this hand; `mark` names the signal (and
        the street, for one counted per street)."""
        cell = (actor * self.count + partner) * _MARKS + mark
        before = self.marks[cell]
        if before == 0:
            self.marked.append(cell)
        if hit:
            self.marks[cell] = _HIT
        elif before == 0:
            self.marks[cell] = _OCCASION

    def clear_marks(self) -> None:
        marks = self.marks
        for cell in self.marked:
            marks[cell] = 0

    def slot(self, actor: int, partner: int) -> int:
        """Where `actor`'s counters toward `partner` start in the view's pair counters."""
        if actor < partner:
            return self.lineup.row(actor, partner)
        return self.lineup.row(partner, actor) + _W

    def flush(self) -> None:
        agg = self.agg
        count = self.count
        for mark, weight in self.offers.items():
            pair = mark >> _OFFER_BITS
            code = mark & _OFFER_MASK
            actor = pair // count
            partner = pair % count
            family, signal = _OFFERS[code]
            at = self.lineup.row(min(actor, partner), max(actor, partner))
            if agg.wants_at(at, family, weight):
                # The pair's second player (the later name) acted: the code's low bit.
                agg.offer_at(at, family, weight, self.place.index(agg),
                             signal * 2 + (1 if actor > partner else 0))
        marks = self.marks
        # The counters are read after each look-up: a new player or pair gives a new vec.
        for cell in self.marked:
            pair = cell // _MARKS
            actor = pair // count
            partner = pair % count
            if actor == partner:
                # The actor's own marks (the diagonal): the player's counters.
                at = agg.player_at(self.names[actor]) + _MARK_COUNTERS[cell % _MARKS]
                own = agg.player_counters
                own[at] += 1
                if marks[cell] == _HIT:
                    own[at + 1] += 1
                continue
            at = self.slot(actor, partner) + _MARK_COUNTERS[cell % _MARKS]
            counters = agg.pair_counters
            counters[at] += 1
            if marks[cell] == _HIT:
                counters[at + 1] += 1
        cap = self.settings.flow_cap
        for pair, uncapped in self.ev.items():
            actor = pair // count
            partner = pair % count
            loss = max(-cap, min(cap, uncapped))
            at = self.slot(actor, partner)
            counters = agg.pair_counters
            counters[at + _EV] += loss
            counters[at + _EV_SS] += loss * loss
            counters[at + _EV_N] += 1

    def run(self, actions: Sequence[ActionEvent]) -> None:
        count = self.count
        index = self.index
        live = self.live
        all_in = self.all_in
        street: Street | None = None
        aggressor = -1
        bet_on_street = False
        street_players: list[int] = []
        # Per player on the street: -2 before its first act there; else the one opponent live
        # with chips at that act, or -1 when there were none or several.
        heads_up = [-2] * count
        raised = [False] * count
        # Per player on a postflop street, heads-up with both hands known: whether its hand
        # was ahead of the opponent's at its first act (1), behind (0) or neither (-1), and
        # the pot then (what a bet when ahead would have played for: evidence).
        ahead = [-1] * count
        pots = [0] * count
        # The hand's betting round, from 0; and per player on the street, whether its first act
        # there faced a bet (the aggression situations).
        round_index = -1
        faced = [False] * count
        for event in actions:
            name = event.street.name
            if name != street:
                if street is not None:
                    self._street_closed(street, round_index, street_players, bet_on_street,
                                        heads_up, raised, faced, ahead, pots)
                street, aggressor, bet_on_street = name, -1, False
                round_index += 1
                street_players = [p for p in range(count) if live[p]]
                heads_up = [-2] * count
                raised = [False] * count
                faced = [False] * count
                ahead = [-1] * count
            act = event.action
            actor = index.get(event.actor.name, -1)
            if actor < 0 or not live[actor]:
                continue
            kind = act.kind
            aggressive = act.is_raise
            if heads_up[actor] == -2:
                if name is Street.PREFLOP and aggressor < 0:
                    self._open(actor, aggressive, heads_up)
                other = heads_up[actor] = self._only_opponent(actor)
                faced[actor] = act.to_call > 0
                if other >= 0 and self.with_cards:
                    ahead[actor] = self._ahead(name, actor, other)
                    pots[actor] = event.street.pot_before
            if aggressive:
                raised[actor] = True
            if aggressor >= 0 and act.to_call > 0 and live[aggressor]:
                folded = kind is ActionKind.FOLD
                third = self._third_with_chips(actor, aggressor)
                stratum = (0 if round_index == 0 else 2) + (1 if third else 0)
                self._faced(actor, aggressor, stratum, aggressive)
                self.add(actor, aggressor, _M_FOLD, folded)
                if folded:
                    self._offer(_O_FOLD, act.to_call, actor, aggressor)
                if third:
                    self.add(actor, aggressor, _M_SQZ, aggressive)
                    if aggressive:
                        self._offer(_O_SQZ, act.amount, actor, aggressor)
                elif aggressive:
                    # A heads-up re-raise (one with a third player live is a squeeze's).
                    self._offer(_O_RERAISE, act.amount, actor, aggressor)
            if self.with_cards:
                self._with_cards(name, act, kind, actor)
            if kind is ActionKind.FOLD and live[actor]:
                live[actor] = False
                self.live_count -= 1
            if act.all_in:
                all_in[actor] = True
            if aggressive:
                aggressor = actor
                bet_on_street = True
        if street is not None:
            self._street_closed(street, round_index, street_players, bet_on_street, heads_up,
                                raised, faced, ahead, pots)
        self.flush()

    def _faced(self, actor: int, aggressor: int, stratum: int, raised: bool) -> None:
        """The actor faces the aggressor's bet or raise in `stratum` (BACK_STRATA): the hand's
        re-raise occasion toward the aggressor and the actor's own, each in the situation of
        its first such act in the hand."""
        marks = self.marks
        count = self.count
        toward = (actor * count + aggressor) * _MARKS
        if marks[toward + _M_BACK] == 0:
            self.add(actor, aggressor, _M_BACK_S0 + stratum, False)
        self.add(actor, aggressor, _M_BACK, raised)
        own = (actor * count + actor) * _MARKS + _M_OWN_BACK_S0
        for first in range(_BACK_STRATA):
            if marks[own + first] != 0:
                stratum = first
                break
        self.add(actor, actor, _M_OWN_BACK_S0 + stratum, raised)

    def _open(self, actor: int, raised: bool, heads_up: list[int]) -> None:
        """An open-raise spot (the actor's first act before the flop, nobody raised yet):
        toward every opponent still in, and into the actor's own spots, by how many players
        were still to act behind (`heads_up` is -2 for those who had not acted)."""
        live = self.live
        behind = 0
        for p in range(self.count):
            if p != actor and live[p] and heads_up[p] == -2:
                behind += 1
        stratum = behind if behind < _OPEN_STRATA else _OPEN_STRATA - 1
        lineup = self.lineup
        sums = lineup.sums
        by = lineup.sums_at + 1 + _LINEUP_WIDTH * actor
        sums[by + _OWN_OPEN_N0 + stratum] += 1
        if raised:
            sums[by + _OWN_OPEN_K0 + stratum] += 1
        opens = lineup.opens
        count = self.count
        # The actor's cells toward each opponent, one row of the line-up's directed pairs.
        first = (lineup.rows_at + actor * count) * _OPEN_CELLS
        for other in range(count):
            if other != actor and live[other]:
                cell = first + other * _OPEN_CELLS
                opens[cell + 1 + stratum] += 1
                if raised:
                    opens[cell] += 1

    def _only_opponent(self, actor: int) -> int:
        """The one opponent live with chips, or -1 when there are none or several."""
        live = self.live
        all_in = self.all_in
        found = -1
        for p in range(self.count):
            if p != actor and live[p] and not all_in[p]:
                if found >= 0:
                    return -1
                found = p
        return found

    def _third_with_chips(self, actor: int, aggressor: int) -> bool:
        live = self.live
        all_in = self.all_in
        for p in range(self.count):
            if p != aggressor and p != actor and live[p] and not all_in[p]:
                return True
        return False

    def _street_closed(self, street: Street, round_index: int, players: list[int], bet: bool,
                       heads_up: list[int], raised: list[bool], faced: list[bool],
                       ahead: list[int], pots: list[int]) -> None:
        """Each actor's aggression toward the opponent live at its first act on the street,
        and (hands known) whether it bet when ahead or behind; a postflop street two players
        played heads-up to its end: checked through or not."""
        for actor in range(self.count):
            # Only heads-up: with more players live, a colluder's passivity toward its partner
            # would be charged to every other opponent live beside the partner.
            other = heads_up[actor]
            if other < 0:
                continue
            at = self.slot(actor, other)
            # The counters read after each look-up: a new player or pair gives a new vec.
            counters = self.agg.pair_counters
            stratum = 2 * min(round_index, _AGG_ROUNDS - 1) + (1 if faced[actor] else 0)
            counters[at + _AGG_N] += 1
            counters[at + _AGG_S0 + stratum] += 1
            mine = self.agg.player_at(self.names[actor]) + _OWN_AGG_N0 + 2 * stratum
            own = self.agg.player_counters
            own[mine] += 1
            if raised[actor]:
                counters[at + _AGG_K] += 1
                own[mine + 1] += 1
            state = ahead[actor]
            if state >= 0:
                offset = _AHEAD_STREET[street]
                self.add(actor, other, (_M_AHEAD if state else _M_BEHIND) + offset,
                         raised[actor])
                if state and not raised[actor]:
                    self._offer(_O_AHEAD, pots[actor], actor, other)
        if street not in _POSTFLOP or len(players) != 2:
            return
        a, b = players
        if self.live[a] and self.live[b]:
            self.add(a, b, _M_CHK, not bet)
            self.add(b, a, _M_CHK, not bet)

    def _ahead(self, street: Street, actor: int, other: int) -> int:
        """1 when `actor`'s hand beats `other`'s on this postflop street's board, 0 when it
        loses; -1 before the flop, with a hand not known, or on a tie."""
        shown = _BOARD_CARDS.get(street, 0)
        if shown == 0 or len(self.board) < shown:
            return -1
        mine, theirs = self._rank(actor, shown), self._rank(other, shown)
        if mine < 0 or theirs < 0 or mine == theirs:
            return -1
        return 1 if mine > theirs else 0

    def _rank(self, player: int, shown: int) -> int:
        """The player's made hand on the street's board (higher is better); -1 unknown."""
        cards = self.cards.get(self.names[player])
        if not cards:
            return -1
        key = shown << 8 | player
        rank = self.ranks.get(key)
        if rank is None:
            rank = self.ranks[key] = made_rank(self.hand.game, cards, self.board[:shown])
        return rank

    def _card_holders(self) -> list[tuple[int, list[str]]]:
        holders = self.holders
        if holders is None:
            index = self.index
            holders = self.holders = [(index[other], theirs) for other, theirs in
                                      self.cards.items() if other in index]
        return holders

    def _with_cards(self, street: Street, act: ActionFact, kind: ActionKind, actor: int
                    ) -> None:
        """The card signals of the actor's act on `street` (the act's kind read once, by
        `run`): outs a partner holds, and heads-up commitments' equity."""
        names = self.names
        mine = self.cards.get(names[actor])
        if not mine:
            return
        shown = _BOARD_CARDS.get(street)
        if shown is None or len(self.board) < shown:
            return
        board = self.board[:shown]
        game = self.hand.game
        to_call = act.to_call
        if street in _DRAWING and to_call > 0:
            folded = kind is ActionKind.FOLD
            # The made hand's class, from the rank betting-when-ahead reads too.
            now = hand_class(self._rank(actor, shown))
            turn = _M_TURN if street is Street.TURN else 0
            probe = OutsProbe(game, mine, board, now)
            for other, theirs in self._card_holders():
                if other != actor:
                    held = probe.held(theirs)
                    self.add(actor, other, (_M_OUTS if held else _M_CLEAR) + turn, folded)
                    if held and folded:
                        self._offer(_O_OUTS, to_call, actor, other)
        if kind not in _CHIPS_IN or self.live_count != 2:
            return
        amount = act.amount
        if amount > 0 and (act.all_in or amount * 1000 >= self.settings.commitment * self.unit):
            partner = self._other_live(actor)
            if not self.cards.get(names[partner]):
                return
            # One estimate per street and pair, whichever of the two commits.
            low, high = (actor, partner) if actor < partner else (partner, actor)
            cache = (street, low, high)
            low_share = self.equities.get(cache)
            if low_share is None:
                seed = f"{self.hand.hand_id}/{street.value}/{names[low]}/{names[high]}"
                low_share = self.equities[cache] = equity(
                    game, self.cards[names[low]], self.cards[names[high]], board, seed)
            share = low_share if actor == low else 1.0 - low_share
            mbb = amount * 1000 // self.unit
            # EV given up: what the chips would earn at this equity, against a fair coin.
            loss = round(mbb * (1.0 - 2.0 * share))
            pair = actor * self.count + partner
            self.ev[pair] = self.ev.get(pair, 0) + loss
            weak = share < self.settings.weak_equity
            self.add(actor, partner, _M_WEAK, weak)
            if weak:
                self._offer(_O_WEAK, amount, actor, partner)

    def _other_live(self, actor: int) -> int:
        """The other of the two players live."""
        live = self.live
        for p in range(self.count):
            if p != actor and live[p]:
                return p
        raise AssertionError("two players live, one of them the actor")

    def _offer(self, code: int, chips: int, actor: int, partner: int) -> None:
        """Note the hand as evidence (`_OFFERS[code]`), weighted by `chips` in mbb: offered
        once per pair, signal and actor, at its largest weight in the hand (`flush`)."""
        mark = (actor * self.count + partner) << _OFFER_BITS | code
        weight = chips * 1000 // self.unit
        if weight > self.offers.get(mark, -1):
            self.offers[mark] = weight
