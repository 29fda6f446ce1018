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
from checker.collusion.equity import current_class, equity, holds_outs, known_board_game
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
        # (view, tournament or "", the players dealt in, sorted) -> hands dealt to that line-up
        # in this file. A table keeps its line-up for many hands, so hands together, and who
        # met in which tournament, are added up per line-up when the file ends (a file is a
        # partition: nothing here depends on other files).
        self.lineups: dict[tuple[str, str, tuple[str, ...]], int] = {}

    def hand(self, hand: Hand, fact: HandFact, actions: Sequence[ActionEvent]) -> None:
        names = sorted(p.name for p in fact.players)
        if len(names) < 2:
            return
        integrity = hand.source_format == TOURNAMENT_LOG
        view = INTEGRITY if integrity else PUBLIC
        agg = self.views[view]
        agg.hands += 1
        lineup = (view, hand.tournament_id or "", tuple(names))
        self.lineups[lineup] = self.lineups.get(lineup, 0) + 1
        unit = hand.big_blind or hand.small_bet or hand.bring_in or 1
        results = _results(hand, names, unit)
        place = _Place(hand)
        self._players(agg, names, results)
        self._flows(agg, place, names, results)
        cards: dict[str, list[str]]
        if integrity:
            cards = {k: list(v) for k, v in hand.hole_cards.items()}
        else:
            cards = {s.player: list(s.cards) for s in hand.shown}
        _Acts(self.settings, agg, hand, place, names, unit, cards).run(actions)

    def end_file(self) -> None:
        """A file is read: hands together per line-up; its tournaments are closed: entries
        and tournaments together."""
        # (view, tournament) -> the players dealt in it, and the pairs that met at a table.
        rosters: dict[tuple[str, str], tuple[set[str], set[PairKey]]] = {}
        for (view, tournament, names), hands in self.lineups.items():
            pairs = self.views[view].pairs
            third = hands * (len(names) - 2)
            met = list(combinations(names, 2))
            for key in met:
                pair = pairs.get(key)
                if pair is None:
                    pair = pairs[key] = new_pair()
                pair[C.HANDS] += hands
                pair[WIDTH + C.HANDS] += hands
                pair[C.THIRD] += third
                pair[WIDTH + C.THIRD] += third
            if tournament:
                roster = rosters.setdefault((view, tournament), (set(), set()))
                roster[0].update(names)
                roster[1].update(met)
        self.lineups = {}
        for (view, _), (players, met_there) in rosters.items():
            agg = self.views[view]
            agg.entries += len(players)
            agg.entries_squared += len(players) ** 2
            for name in players:
                agg.players[name][Own.TOURNAMENTS] += 1
            for key in met_there:
                agg.pairs[key][TOURNAMENTS] += 1

    @staticmethod
    def _players(agg: Aggregates, names: list[str], results: dict[str, int]) -> None:
        players = agg.players
        for name in names:
            own = players.get(name)
            if own is None:
                own = players[name] = new_player()
            result = results[name]
            own[Own.HANDS] += 1
            own[Own.RESULT] += result
            own[Own.RESULT_SS] += result * result

    def _flows(self, agg: Aggregates, place: "_Place", names: list[str],
               results: dict[str, int]) -> None:
        """Chip flow and team profit of every pair with a chip won or lost between them
        (hands together are counted per table line-up: `_lineups`)."""
        pairs = agg.pairs
        cap = self.settings.flow_cap
        gains = sum(r for r in results.values() if r > 0)
        tournament = place.tournament
        for i, a in enumerate(names):
            ra = results[a]
            for b in names[i + 1:]:
                rb = results[b]
                if ra == 0 and rb == 0:
                    continue
                key = (a, b)
                pair = pairs.get(key)
                if pair is None:
                    pair = pairs[key] = new_pair()
                joint = max(-cap, min(cap, ra + rb))
                joint_ss = joint * joint
                pair[C.JOINT] += joint
                pair[C.JOINT_SS] += joint_ss
                pair[WIDTH + C.JOINT] += joint
                pair[WIDTH + C.JOINT_SS] += joint_ss
                net = 0
                if gains:
                    if ra < 0 < rb:
                        net = -ra * rb // gains
                    elif rb < 0 < ra:
                        net = -(-rb * ra // gains)
                if net:
                    capped = max(-cap, min(cap, net))
                    pair[C.FLOW] += capped
                    pair[C.FLOW_SS] += capped * capped
                    pair[WIDTH + C.FLOW] -= capped
                    pair[WIDTH + C.FLOW_SS] += capped * capped
                    if tournament:
                        agg.add_flow(key, tournament, net)
                    weight = abs(net)
                    if agg.wants(key, Family.CHIP_DUMPING, weight):
                        actor, partner = (a, b) if net > 0 else (b, a)
                        agg.offer(key, Family.CHIP_DUMPING,
                                  place.evidence(weight, "chip_flow", actor, partner))
                # What the two took from the others: both in the pot, a third player paying.
                if (joint > 0 and ra != 0 and rb != 0
                        and agg.wants(key, Family.TEAM_PLAY, ra + rb)):
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


def _results(hand: Hand, names: list[str], unit: int) -> dict[str, int]:
    """Each player's net result in the hand, in mbb."""
    chips = dict.fromkeys(names, 0)
    for action in hand.actions:
        if action.player in chips:
            chips[action.player] -= action.amount
    for returned in hand.returns:
        if returned.player in chips:
            chips[returned.player] += returned.amount
    for award in hand.awards:
        if award.player in chips:
            chips[award.player] += award.amount
    return {name: value * 1000 // unit for name, value in chips.items()}


class _Acted:
    """An actor on one street: the opponents live (with chips) at its first act there, and
    whether it bet or raised on the street."""

    __slots__ = ("aggressive", "others")

    def __init__(self, others: set[str], aggressive: bool) -> None:
        self.others = others
        self.aggressive = aggressive


class _Acts:
    """One pass over a hand's acts, adding P-toward-Q counters."""

    def __init__(self, settings: ObserverSettings, agg: Aggregates, hand: Hand, place: _Place,
                 names: list[str], unit: int, cards: dict[str, list[str]]) -> None:
        self.settings = settings
        self.agg = agg
        self.hand = hand
        self.place = place
        self.unit = unit
        self.cards = cards
        self.live = set(names)
        self.dealt = frozenset(names)
        # All in from a post already: no chips to answer with (the acts never show it).
        self.all_in: set[str] = {a.player for a in hand.actions
                                 if a.all_in and a.kind in POST_KINDS}
        board = hand.boards[0] if hand.boards else []
        self.board: list[str] = list(board)
        self.with_cards = known_board_game(hand.game) and len(cards) >= 2
        self.equities: dict[tuple[Street, str, str], float] = {}
        self.classes: dict[tuple[Street, str], int] = {}
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
                acted[actor] = _Acted(live - all_in - {actor}, aggressive)
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
        if street not in _POSTFLOP or len(players) != 2 or not players <= self.live:
            return
        a, b = sorted(players)
        self.add(a, b, C.CHK_N, not bet)
        self.add(b, a, C.CHK_N, not bet)

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
