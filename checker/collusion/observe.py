"""Each replayed hand into the pair aggregates of its view.

The audit hands over the hand's record (money, cards, where it is), its replayed `HandFact`
(who was dealt in) and its action events in order (each with the street and the actor as they
stood just before the act). From them, for every two players dealt in together:

- chip flow: each loser's loss shared among the winners in proportion to their gains;
- what the two together won or lost (team profit);
- P's acts toward Q: folds to Q's bets, bets and raises while Q is live, re-raises of Q's bet
  with a third player live, streets checked through heads-up;
- with cards known: P's heads-up commitments into Q alone (equity against Q's hand, the EV
  given up), and P's flop and turn decisions facing a bet while Q's hidden cards hold P's outs.

Views: a tournament log carries every hole card (the integrity view); a hand history only the
cards shown (the public view). Each view has its own aggregates.
"""

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from checker.collusion.aggregates import (
    TOURNAMENTS,
    Aggregates,
    EvidenceRecord,
    PairKey,
    new_pair,
    new_player,
)
from checker.collusion.equity import (
    current_class,
    equity,
    holds_outs,
    known_board_game,
    made_rank,
)
from checker.collusion.signals import WIDTH, C
from checker.collusion.signals import P as Own
from checker.model.hand import POST_KINDS, ActionKind, Hand, Street
from checker.replay.facts import ActionEvent, HandFact
from checker.replay.facts import CollusionFamily as Family

INTEGRITY = "integrity"
PUBLIC = "public"
VIEWS = (INTEGRITY, PUBLIC)
TOURNAMENT_LOG = "tournament-log"

_BOARD_CARDS = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_POSTFLOP = frozenset({Street.FLOP, Street.TURN, Street.RIVER})
_DRAWING = frozenset({Street.FLOP, Street.TURN})
_CHIPS_IN = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})
# A line-up's sums per player: capped result, its square, result, its square.
_LINEUP_WIDTH = 4


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


class HandObserver:
    """Adds hands to the aggregates of their view; `end_file` closes the file's tournaments."""

    def __init__(self, settings: ObserverSettings) -> None:
        self.settings = settings
        self.views = {view: Aggregates(view, settings.evidence_kept) for view in VIEWS}
        # (view, tournament or "", the players dealt in, sorted) -> what that line-up did in
        # this file: its hands, then per player (in the line-up's order) the capped result's
        # sum and sum of squares, the result's sum and sum of squares (`_LINEUP_*`). A table
        # keeps its line-up for many hands, so what is linear in one player's result (hands
        # together, each player's totals, most of team profit), and who met in which
        # tournament, is added up per line-up when the file ends, not per pair and hand (a
        # file is a partition: nothing here depends on other files).
        self.lineups: dict[tuple[str, str, tuple[str, ...]], list[int]] = {}

    def hand(self, hand: Hand, fact: HandFact, actions: Sequence[ActionEvent]) -> None:
        names = sorted(p.name for p in fact.players)
        if len(names) < 2:
            return
        integrity = hand.source_format == TOURNAMENT_LOG
        view = INTEGRITY if integrity else PUBLIC
        agg = self.views[view]
        agg.hands += 1
        unit = hand.big_blind or hand.small_bet or hand.bring_in or 1
        results, posted_all_in = _results(hand, names, unit)
        capped = self._lineup(view, hand.tournament_id or "", names, results)
        place = _Place(hand)
        self._flows(agg, place, names, results, capped)
        # Read only: the record's own lists.
        cards = hand.hole_cards if integrity else {s.player: s.cards for s in hand.shown}
        _Acts(self.settings, agg, hand, place, names, unit, cards, posted_all_in).run(actions)

    def _lineup(self, view: str, tournament: str, names: list[str], results: list[int]
                ) -> list[int]:
        """The hand into its line-up's sums; each player's capped result, in `names` order."""
        key = (view, tournament, tuple(names))
        sums = self.lineups.get(key)
        if sums is None:
            sums = self.lineups[key] = [0] * (1 + _LINEUP_WIDTH * len(names))
        sums[0] += 1
        cap = self.settings.flow_cap
        capped = [0] * len(names)
        at = 1
        for i, result in enumerate(results):
            if result:
                clipped = capped[i] = max(-cap, min(cap, result))
                sums[at] += clipped
                sums[at + 1] += clipped * clipped
                sums[at + 2] += result
                sums[at + 3] += result * result
            at += _LINEUP_WIDTH
        return capped

    def end_file(self) -> None:
        """A file is read: hands together per line-up; its tournaments are closed: entries
        and tournaments together."""
        # (view, tournament) -> the players dealt in it, and the pairs that met at a table.
        rosters: dict[tuple[str, str], tuple[set[str], set[PairKey]]] = {}
        for (view, tournament, names), sums in self.lineups.items():
            agg = self.views[view]
            pairs = agg.pairs
            hands = sums[0]
            third = hands * (len(names) - 2)
            for i, name in enumerate(names):
                own = agg.players.get(name)
                if own is None:
                    own = agg.players[name] = new_player()
                at = 1 + _LINEUP_WIDTH * i
                own[Own.HANDS] += hands
                own[Own.RESULT] += sums[at + 2]
                own[Own.RESULT_SS] += sums[at + 3]
            met = list(combinations(range(len(names)), 2))
            for i, j in met:
                key = (names[i], names[j])
                pair = pairs.get(key)
                if pair is None:
                    pair = pairs[key] = new_pair()
                # Team profit where one of the two had no result: the other's capped result
                # (`_flows` adds what differs when both had one).
                at, bt = 1 + _LINEUP_WIDTH * i, 1 + _LINEUP_WIDTH * j
                joint = sums[at] + sums[bt]
                joint_ss = sums[at + 1] + sums[bt + 1]
                pair[C.HANDS] += hands
                pair[WIDTH + C.HANDS] += hands
                pair[C.THIRD] += third
                pair[WIDTH + C.THIRD] += third
                pair[C.JOINT] += joint
                pair[WIDTH + C.JOINT] += joint
                pair[C.JOINT_SS] += joint_ss
                pair[WIDTH + C.JOINT_SS] += joint_ss
            if tournament:
                roster = rosters.setdefault((view, tournament), (set(), set()))
                roster[0].update(names)
                roster[1].update((names[i], names[j]) for i, j in met)
        self.lineups = {}
        for (view, _), (players, met_there) in rosters.items():
            agg = self.views[view]
            agg.entries += len(players)
            agg.entries_squared += len(players) ** 2
            for name in players:
                agg.players[name][Own.TOURNAMENTS] += 1
            for key in met_there:
                agg.pairs[key][TOURNAMENTS] += 1

    def _flows(self, agg: Aggregates, place: "_Place", names: list[str],
               results: list[int], capped: list[int]) -> None:
        """Chip flow of every pair with chips won or lost between them, and what team profit
        needs beyond the line-up's sums: for two players who both had a result, the capped
        sum of the two less the two capped alone (hands together are counted per line-up)."""
        pairs = agg.pairs
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
            a = names[i]
            ca = capped[i]
            for j in range(i + 1, count):
                rb = results[j]
                if rb == 0:
                    continue
                b = names[j]
                key = (a, b)
                pair = pairs.get(key)
                if pair is None:
                    pair = pairs[key] = new_pair()
                cb = capped[j]
                joint = max(-cap, min(cap, ra + rb))
                extra = joint - ca - cb
                extra_ss = joint * joint - ca * ca - cb * cb
                if extra:
                    pair[C.JOINT] += extra
                    pair[WIDTH + C.JOINT] += extra
                if extra_ss:
                    pair[C.JOINT_SS] += extra_ss
                    pair[WIDTH + C.JOINT_SS] += extra_ss
                net = 0
                if ra < 0 < rb:
                    net = -ra * rb // gains
                elif rb < 0 < ra:
                    net = -(-rb * ra // gains)
                if net:
                    clipped = max(-cap, min(cap, net))
                    pair[C.FLOW] += clipped
                    pair[C.FLOW_SS] += clipped * clipped
                    pair[WIDTH + C.FLOW] -= clipped
                    pair[WIDTH + C.FLOW_SS] += clipped * clipped
                    if tournament:
                        agg.add_flow(key, tournament, net)
                    weight = abs(net)
                    if agg.wants(key, Family.CHIP_DUMPING, weight):
                        actor, partner = (a, b) if net > 0 else (b, a)
                        agg.offer(key, Family.CHIP_DUMPING,
                                  place.evidence(weight, "chip_flow", actor, partner))
                # What the two took from the others: both in the pot, a third player paying.
                if joint > 0 and agg.wants(key, Family.TEAM_PLAY, ra + rb):
                    agg.offer(key, Family.TEAM_PLAY,
                              place.evidence(ra + rb, "team_profit", a, b))


class _Place:
    """Where a hand is, for its evidence."""

    __slots__ = ("file", "hand", "line", "tournament")

    def __init__(self, hand: Hand) -> None:
        self.file = hand.location.file
        self.line = hand.location.line
        self.hand = hand.hand_id
        self.tournament = hand.tournament_id or ""

    def evidence(self, weight: int, signal: str, actor: str, partner: str) -> EvidenceRecord:
        return (-weight, self.file, self.line, self.hand, self.tournament, signal, actor,
                partner)


def _results(hand: Hand, names: list[str], unit: int) -> tuple[list[int], set[str]]:
    """Each player's net result in the hand, in mbb (in `names` order), and the players all
    in from a post already (no chips to answer with: the acts never show it)."""
    chips = dict.fromkeys(names, 0)
    posted_all_in: set[str] = set()
    for action in hand.actions:
        player = action.player
        if player in chips:
            chips[player] -= action.amount
        if action.all_in and action.kind in POST_KINDS:
            posted_all_in.add(player)
    for returned in hand.returns:
        if returned.player in chips:
            chips[returned.player] += returned.amount
    for award in hand.awards:
        if award.player in chips:
            chips[award.player] += award.amount
    return [chips[name] * 1000 // unit for name in names], posted_all_in


class _Acted:
    """An actor on one street: the opponents live (with chips) at its first act there,
    whether it bet or raised on the street, and (heads-up after the flop, both hands known)
    whether its hand was then ahead of the opponent's (None: not known, or a tie)."""

    __slots__ = ("aggressive", "ahead", "others", "pot")

    def __init__(self, others: set[str], aggressive: bool, ahead: bool | None, pot: int
                 ) -> None:
        self.others = others
        self.aggressive = aggressive
        self.ahead = ahead
        # The pot at the first act: what a bet when ahead would have played for (evidence).
        self.pot = pot


class _Acts:
    """One pass over a hand's acts, adding P-toward-Q counters."""

    def __init__(self, settings: ObserverSettings, agg: Aggregates, hand: Hand, place: _Place,
                 names: list[str], unit: int, cards: dict[str, list[str]],
                 posted_all_in: set[str]) -> None:
        self.settings = settings
        self.agg = agg
        self.hand = hand
        self.place = place
        self.unit = unit
        self.cards = cards
        self.live = set(names)
        self.dealt = frozenset(names)
        # All in from a post already: no chips to answer with (the acts never show it).
        self.all_in = posted_all_in
        board = hand.boards[0] if hand.boards else []
        self.board: list[str] = list(board)
        self.with_cards = known_board_game(hand.game) and len(cards) >= 2
        self.equities: dict[tuple[Street, str, str], float] = {}
        self.classes: dict[tuple[Street, str], int] = {}
        self.ranks: dict[tuple[Street, str], int] = {}
        # A hand counts once per pair and signal: (pair, slot + occasions counter) -> whether
        # it happened at least once (acts within a hand are not independent occasions).
        self.marks: dict[tuple[PairKey, int, Street | None], bool] = {}
        # (pair, slot) -> the EV given up in the hand's commitments.
        self.ev: dict[tuple[PairKey, int], int] = {}
        # (family, signal, actor, partner) -> the hand's largest weight as that evidence.
        self.offers: dict[tuple[Family, str, str, str], int] = {}

    def slot(self, actor: str, partner: str) -> tuple[PairKey, int]:
        if actor < partner:
            return (actor, partner), 0
        return (partner, actor), WIDTH

    def add(self, actor: str, partner: str, occasions: C, hit: bool,
            street: Street | None = None) -> None:
        """An occasion of `actor` toward `partner` in this hand (on `street`, for a signal
        counted per street); its hit counter follows it (signals.C)."""
        key, base = self.slot(actor, partner)
        mark = (key, base + occasions, street)
        self.marks[mark] = hit or self.marks.get(mark, False)

    def pair(self, key: PairKey) -> array:  # type: ignore[type-arg]
        pairs = self.agg.pairs
        pair = pairs.get(key)
        if pair is None:
            pair = pairs[key] = new_pair()
        return pair

    def flush(self) -> None:
        agg = self.agg
        for (family, signal, actor, partner), weight in self.offers.items():
            key = self.slot(actor, partner)[0]
            if agg.wants(key, family, weight):
                agg.offer(key, family, self.place.evidence(weight, signal, actor, partner))
        cap = self.settings.flow_cap
        for (key, at, _), hit in self.marks.items():
            pair = self.pair(key)
            pair[at] += 1
            if hit:
                pair[at + 1] += 1
        for (key, base), uncapped in self.ev.items():
            loss = max(-cap, min(cap, uncapped))
            pair = self.pair(key)
            pair[base + C.EV] += loss
            pair[base + C.EV_SS] += loss * loss
            pair[base + C.EV_N] += 1

    def run(self, actions: Sequence[ActionEvent]) -> None:
        street: Street | None = None
        aggressor: str | None = None
        bet_on_street = False
        street_players: set[str] = set()
        acted: dict[str, _Acted] = {}
        live = self.live
        all_in = self.all_in
        for event in actions:
            name = event.street.name
            if name != street:
                if street is not None:
                    self._street_closed(street, street_players, bet_on_street, acted)
                street, aggressor, bet_on_street = name, None, False
                street_players = set(live)
                acted = {}
            act = event.action
            actor = event.actor.name
            if actor not in live:
                continue
            kind = act.kind
            aggressive = act.is_raise
            seen = acted.get(actor)
            if seen is None:
                others = live - all_in - {actor}
                ahead = (self._ahead(name, actor, others)
                         if self.with_cards and len(others) == 1 else None)
                acted[actor] = _Acted(others, aggressive, ahead, event.street.pot_before)
            elif aggressive:
                seen.aggressive = True
            if aggressor is not None and act.to_call > 0 and aggressor in live:
                folded = kind is ActionKind.FOLD
                self.add(actor, aggressor, C.FOLD_N, folded)
                self.add(actor, aggressor, C.BACK_N, aggressive)
                if folded:
                    self._offer(Family.SOFT_PLAY, act.to_call, "fold_to_partner", actor,
                                aggressor)
                if any(p != aggressor and p != actor and p not in all_in for p in live):
                    self.add(actor, aggressor, C.SQZ_N, aggressive)
                    if aggressive:
                        self._offer(Family.TEAM_PLAY, act.amount, "squeeze", actor, aggressor)
            if self.with_cards:
                self._with_cards(event, actor)
            if kind is ActionKind.FOLD:
                live.discard(actor)
            if act.all_in:
                all_in.add(actor)
            if aggressive:
                aggressor = actor
                bet_on_street = True
        if street is not None:
            self._street_closed(street, street_players, bet_on_street, acted)
        self.flush()

    def _street_closed(self, street: Street, players: set[str], bet: bool,
                       acted: dict[str, "_Acted"]) -> None:
        """Each actor's aggression toward the opponents live at its first act on the street;
        a postflop street two players played heads-up to its end: checked through or not."""
        for actor, seen in acted.items():
            # Only heads-up: with more players live, a colluder's passivity toward its partner
            # would be charged to every other opponent live beside the partner.
            if len(seen.others) != 1:
                continue
            for other in seen.others:
                key, base = self.slot(actor, other)
                pair = self.pair(key)
                pair[base + C.AGG_N] += 1
                if seen.aggressive:
                    pair[base + C.AGG_K] += 1
                if seen.ahead is not None:
                    self.add(actor, other, C.AHEAD_N if seen.ahead else C.BEHIND_N,
                             seen.aggressive, street)
                    if seen.ahead and not seen.aggressive:
                        self._offer(Family.SOFT_PLAY, seen.pot, "bets_when_ahead", actor,
                                    other)
        if street not in _POSTFLOP or len(players) != 2 or not players <= self.live:
            return
        a, b = sorted(players)
        self.add(a, b, C.CHK_N, not bet)
        self.add(b, a, C.CHK_N, not bet)

    def _ahead(self, street: Street, actor: str, others: set[str]) -> bool | None:
        """Whether `actor`'s hand beats the one opponent's on this postflop street's board
        (None: a street before the flop, a hand not known, or a tie)."""
        shown = _BOARD_CARDS.get(street)
        if shown is None or shown == 0 or len(self.board) < shown:
            return None
        other = next(iter(others))
        mine, theirs = self._rank(street, actor, shown), self._rank(street, other, shown)
        if mine is None or theirs is None or mine == theirs:
            return None
        return mine > theirs

    def _rank(self, street: Street, player: str, shown: int) -> int | None:
        cards = self.cards.get(player)
        if not cards:
            return None
        rank = self.ranks.get((street, player))
        if rank is None:
            rank = self.ranks[(street, player)] = made_rank(self.hand.game, cards,
                                                            self.board[:shown])
        return rank

    def _with_cards(self, event: ActionEvent, actor: str) -> None:
        mine = self.cards.get(actor)
        if not mine:
            return
        street = event.street.name
        shown = _BOARD_CARDS.get(street)
        if shown is None or len(self.board) < shown:
            return
        board = self.board[:shown]
        act = event.action
        if street in _DRAWING and act.to_call > 0:
            folded = act.kind is ActionKind.FOLD
            now = self.classes.get((street, actor))
            if now is None:
                now = self.classes[(street, actor)] = current_class(self.hand.game, mine, board)
            for other, theirs in self.cards.items():
                if other != actor and other in self.dealt:
                    held = holds_outs(self.hand.game, mine, board, now, theirs)
                    self.add(actor, other, C.OUTS_N if held else C.CLEAR_N, folded, street)
                    if held and folded:
                        self._offer(Family.TEAM_PLAY, act.to_call, "outs_tracking", actor,
                                    other)
        if (act.kind in _CHIPS_IN and len(self.live) == 2 and act.amount > 0
                and (act.all_in or act.amount * 1000 >= self.settings.commitment * self.unit)):
            partner = next(p for p in self.live if p != actor)
            if not self.cards.get(partner):
                return
            # One estimate per street and pair, whichever of the two commits.
            low, high = (actor, partner) if actor < partner else (partner, actor)
            cache = (street, low, high)
            low_share = self.equities.get(cache)
            if low_share is None:
                seed = f"{self.hand.hand_id}/{street.value}/{low}/{high}"
                low_share = self.equities[cache] = equity(
                    self.hand.game, self.cards[low], self.cards[high], board, seed)
            share = low_share if actor == low else 1.0 - low_share
            amount = act.amount * 1000 // self.unit
            # EV given up: what the chips would earn at this equity, against a fair coin.
            loss = round(amount * (1.0 - 2.0 * share))
            key, base = self.slot(actor, partner)
            self.ev[(key, base)] = self.ev.get((key, base), 0) + loss
            weak = share < self.settings.weak_equity
            self.add(actor, partner, C.WEAK_N, weak)
            if weak:
                self._offer(Family.CHIP_DUMPING, act.amount, "weak_commitment", actor, partner)

    def _offer(self, family: Family, chips: int, signal: str, actor: str, partner: str
               ) -> None:
        """Note the hand as evidence of `signal`, weighted by `chips` in mbb: offered once
        per pair, signal and actor, at its largest weight in the hand (`flush`)."""
        mark = (family, signal, actor, partner)
        weight = chips * 1000 // self.unit
        if weight > self.offers.get(mark, -1):
            self.offers[mark] = weight
