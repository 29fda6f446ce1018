"""The betting-round state machine: mechanics only (who owes what, whose turn, raise sizes).

One `Betting` per hand. Posts and acts are applied in record order; before an act is applied,
`act` hands back the street, the action and the actor as they stood just BEFORE it, which is
what the `action` event shows. Policy (who should have posted, what size was legal) is the
rules' business: this module only measures.

A big blind posted short (all in for less) or not at all leaves two readings of the bet to
call on the first round: the level's big blind, or the chips really posted. Which one a site
plays is policy, so the round is measured both ways while they differ (`StreetFact` and
`PostedBettingFact`); turn order does not depend on it.
"""

from dataclasses import dataclass, field
from typing import Final

from checker.model.cards import RANKS
from checker.model.hand import (
    Action,
    ActionKind,
    BettingStructure,
    Game,
    Hand,
    HandEventKind,
    Street,
)
from checker.replay.facts import (
    ActionFact,
    Chips,
    PlayerFact,
    PostedBettingFact,
    StreetFact,
    Suit,
)

STUD_GAMES: Final = frozenset({Game.STUD, Game.STUD_HILO, Game.RAZZ, Game.STUD5})
DRAW_GAMES: Final = frozenset({Game.DRAW5, Game.DRAW27_SINGLE, Game.DRAW27_TRIPLE,
                               Game.DRAWA5_TRIPLE, Game.BADUGI})
_SINGLE_DRAW: Final = frozenset({Game.DRAW5, Game.DRAW27_SINGLE})
_FIRST_STREET: Final = {True: Street.THIRD, False: Street.PREFLOP}
# Streets played with the big bet in fixed limit (single draw and five-card stud differ).
_BIG_BET_STREETS: Final = frozenset({Street.TURN, Street.RIVER, Street.FIFTH, Street.SIXTH,
                                    Street.SEVENTH, Street.DRAW2, Street.DRAW3})
_RAISE_KINDS: Final = frozenset({ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})
_LIVE_BLINDS: Final = frozenset({ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND, ActionKind.STRADDLE,
                                ActionKind.BUTTON_BLIND})
# The dealer's notice PokerStars writes on seven-card stud's fourth street when a player
# shows an open pair (the double bet is then allowed). Full Tilt writes none.
_OPEN_PAIR_NOTICE: Final = "Pair on board"
# Where seven-card stud's open pair counts: the two up cards of fourth street.
_FOURTH: Final = frozenset({Street.FOURTH})
_STUD7_STREETS: Final[tuple[Street, ...]] = (Street.THIRD, Street.FOURTH, Street.FIFTH,
                                             Street.SIXTH, Street.SEVENTH)
_STUD5_STREETS: Final[tuple[Street, ...]] = (Street.SECOND, Street.THIRD, Street.FOURTH,
                                             Street.FIFTH)
# Up cards on show from the first street on: 1, 2, 3, 4, and still 4 on seventh (dealt down).
_MAX_UP: Final = 4
# Razz: the ace is the lowest card.
_RAZZ_RANK: Final = {rank: (0 if rank == "A" else index + 1) for index, rank in enumerate(RANKS)}
_SUIT: Final = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
# The lowest rank a card can have (the deuce; the ace low is one below it).
_DEUCE: Final = 2


def bet_unit(hand: Hand, street: Street) -> int | None:
    """The fixed-limit bet on `street` (small or big bet); None in big-bet games."""
    if hand.structure is not BettingStructure.FIXED_LIMIT:
        return None
    if hand.game in _SINGLE_DRAW:
        big = street is not Street.PREDRAW
    elif hand.game is Game.STUD5:
        big = street in (Street.FOURTH, Street.FIFTH)
    else:
        big = street in _BIG_BET_STREETS
    return hand.big_bet if big else hand.small_bet


@dataclass(slots=True)
class _AsPosted:
    """The first round measured against the chips really posted, while that differs from the
    level's big blind standing (the `PostedBettingFact` reading)."""

    current: int
    last_full: int
    raises: int = 0
    # Per player: raise increments by others since they last acted, and the largest one.
    raised: dict[str, int] = field(default_factory=dict)
    largest: dict[str, int] = field(default_factory=dict)


def _by_seat(players: list[PlayerFact]) -> list[PlayerFact]:
    """The players in seat order, in a list of their own. The replay gives them so already
    (`_dealt_players`), the simulator may not: one pass checks, where a sort called its key
    per player."""
    last = -1
    for player in players:
        if player.seat < last:
            return sorted(players, key=lambda p: p.seat)
        last = player.seat
    return list(players)


class Betting:
    """Chips, turn order and raise sizes of one hand as its acts are applied."""

    def __init__(self, hand: Hand, players: list[PlayerFact]) -> None:
        self.hand = hand
        self.seated = _by_seat(players)
        self.by_name = {p.name: p for p in players}
        self.limit = hand.structure is BettingStructure.FIXED_LIMIT
        self.stud = hand.game in STUD_GAMES
        self.draw = hand.game in DRAW_GAMES
        self.pot = 0
        # The posts' street as the reader labels it, so the blinds stay on the first round.
        first = hand.actions[0].street if hand.actions else _FIRST_STREET[self.stud]
        self.open_pair_streets = _open_pair_streets(hand) if self.stud else frozenset()
        self.street = self._new_street(first)
        self.street.opened_by_blind = not self.stud
        # Seat whose left neighbour acts next; None when the order is not tracked.
        self.pointer: int | None = None
        self.blind_seat: int | None = None
        self.big_blind_posted = False
        # The seat of the first positional blind (the small blind, or the big blind when the
        # small one is dead).
        self.first_blind_seat: int | None = None
        # Stud's first street: the first act (the bring-in, or the bring-in player's
        # completion) anchors the clockwise order; its own turn is not checked (who brings in
        # is the lowest up card, suits breaking ties: the rules' business). Later streets
        # start from the best hand showing (`_stud_opener`), when the up cards are known.
        self.anchor_pending = self.stud
        self.stud_streets = _STUD5_STREETS if hand.game is Game.STUD5 else _STUD7_STREETS
        # The round measured against the chips posted; None while it reads as the street.
        self.as_posted: _AsPosted | None = None
        # Players neither folded nor all in (kept as they change: read on every act).
        self.with_chips = sum(1 for p in players if not p.folded and not p.all_in)

    # ------------------------------------------------------------ posts

    def post(self, action: Action) -> None:
        player = self.by_name[action.player]
        amount = action.amount
        kind = action.kind
        self._pay(player, amount, action.all_in)
        if kind is ActionKind.ANTE:
            player.posted_ante = Chips(player.posted_ante + amount)
            return
        player.posted_blind = Chips(player.posted_blind + amount)
        live = 0
        if kind in _LIVE_BLINDS:
            live = amount
        elif kind is ActionKind.SMALL_AND_BIG_BLIND:
            live = min(amount, self.hand.big_blind or amount)
        if live:
            player.street_in = Chips(player.street_in + live)
            street = self.street
            if player.street_in > street.current_bet:
                street.current_bet = Chips(player.street_in)
            posted = self.as_posted
            if posted is not None and player.street_in > posted.current:
                posted.current = player.street_in
        # The first big blind is the positional one; a later "big blind" is a player posting
        # out of turn to come in (it does not move the action), a straddle does.
        # 6+ Hold'em's button blind is the only blind: the action starts left of it.
        if kind is ActionKind.STRADDLE or kind is ActionKind.BUTTON_BLIND or (
                kind is ActionKind.BIG_BLIND and not self.big_blind_posted):
            self.blind_seat = player.seat
        if self.first_blind_seat is None and (kind is ActionKind.SMALL_BLIND or (
                kind is ActionKind.BIG_BLIND and not self.big_blind_posted)):
            self.first_blind_seat = player.seat
        if kind is ActionKind.BIG_BLIND:
            self.big_blind_posted = True

    def start_betting(self) -> None:
        """After the posts: the action starts left of the big blind. The street reads the
        level's big blind as the bet to call even when its player posted short or nothing;
        the chips really posted are then measured as well (`as_posted`)."""
        street = self.street
        big = self.hand.big_blind
        if not self.stud and big is not None and big > street.current_bet:
            self.as_posted = _AsPosted(street.current_bet, street.last_full_raise)
            street.current_bet = Chips(big)
        if not self.stud:
            self.pointer = self.blind_seat
        street.pot_before = Chips(self.pot)

    # ------------------------------------------------------------ acts

    def to_call(self, name: str, street: Street | None) -> tuple[int, int]:
        """What `name` must add to call, as the street reads the bet and as posted."""
        player = self.by_name[name]
        if street is not None and street is not self.street.name:
            return 0, 0
        reach = self._reach(player)
        owed = _owed(player, self.street.current_bet, reach)
        posted = self.as_posted
        return owed, owed if posted is None else _owed(player, posted.current, reach)

    def _reach(self, player: PlayerFact) -> int:
        """The most any opponent of `player` still in the hand has put in or can put in on
        this street; 0 when `player` owes nothing (then it caps nothing: the posted bet is
        never above the street's)."""
        if self.street.current_bet <= player.street_in:
            return 0
        reach = 0
        for other in self.seated:
            if other is not player and not other.folded:
                most = other.street_in + max(other.stack, 0)
                if most > reach:
                    reach = most
        return reach

    def act(self, action: Action) -> tuple[StreetFact, ActionFact, PlayerFact]:
        """Apply one act; return the street, action and actor as they were before it (the
        action carrying the same betting measured against the chips really posted)."""
        if action.street is not self.street.name:
            self._next_street(action.street)
        player = self.by_name[action.player]
        street = self.street
        kind = action.kind
        current = street.current_bet
        reach = self._reach(player)
        to_call = _owed(player, current, reach)
        # The actor is not their own opponent.
        with_chips = self.with_chips - (0 if player.folded or player.all_in else 1)
        to = action.to if action.to is not None else player.street_in + action.amount
        is_raise = kind in _RAISE_KINDS and to > current
        increment = to - current if is_raise else 0
        expected = None if kind is ActionKind.DISCARD else self._expected()
        pot_max = self._pot_limit_max(current, to_call)
        before_street = StreetFact(street.name, street.bet_unit, street.current_bet,
                                   street.last_full_raise, street.bets_and_raises,
                                   street.opened_by_blind, Chips(self.pot), pot_max,
                                   street.open_pair_on_board)
        before_actor = _snapshot(player)
        # The whole stack put in is all in, flagged or not (as `_pay` counts it).
        all_in = action.all_in or 0 < action.amount == player.stack
        fact = ActionFact(index=action.index, kind=kind, amount=Chips(action.amount),
                          to=Chips(to), all_in=all_in, is_raise=is_raise,
                          increment=Chips(increment), to_call=Chips(to_call),
                          expected_actor=expected, line=action.line,
                          opponents_with_chips=with_chips)
        posted = self.as_posted
        if posted is None:
            fact.as_posted = PostedBettingFact(current, fact.to_call, is_raise, fact.increment,
                                               street.last_full_raise, street.bets_and_raises,
                                               pot_max, player.raised_since_acted,
                                               player.largest_raise_since_acted)
        else:
            fact.as_posted = self._measure_as_posted(posted, player, kind, to, reach)
        self._apply(action, player, is_raise, to)
        return before_street, fact, before_actor

    def _measure_as_posted(self, posted: _AsPosted, player: PlayerFact, kind: ActionKind,
                           to: int, reach: int) -> PostedBettingFact:
        current = posted.current
        owed = _owed(player, current, reach)
        is_raise = kind in _RAISE_KINDS and to > current
        name = player.name
        return PostedBettingFact(Chips(current), Chips(owed), is_raise,
                                 Chips(to - current if is_raise else 0),
                                 Chips(posted.last_full), posted.raises,
                                 self._pot_limit_max(current, owed),
                                 Chips(posted.raised.get(name, 0)),
                                 Chips(posted.largest.get(name, 0)))

    def _apply(self, action: Action, player: PlayerFact, is_raise: bool, to: int) -> None:
        kind = action.kind
        if kind is ActionKind.DISCARD:
            return
        if kind is ActionKind.FOLD and not player.all_in:
            # An all-in player's chips stay in contention whatever the record says next.
            if not player.folded:
                self.with_chips -= 1
            player.folded = True
        self._pay(player, action.amount, action.all_in)
        player.street_in = Chips(player.street_in + action.amount)
        street = self.street
        posted = self.as_posted
        if posted is not None:
            # Before the street's own bet moves: the posted reading compares with its own.
            self._apply_as_posted(posted, player, kind, to)
        if is_raise:
            self._raise(player, kind, to)
        elif player.street_in > street.current_bet:
            # A bring-in (or an over-call the record calls something else) sets the bet.
            street.current_bet = Chips(player.street_in)
        if kind is not ActionKind.BRING_IN:
            # The bring-in is forced, like a blind: it is not the player acting.
            player.has_acted = True
            player.raised_since_acted = Chips(0)
            player.largest_raise_since_acted = Chips(0)
        if self.pointer is not None or self.anchor_pending:
            self.pointer = player.seat
            self.anchor_pending = False

    def _apply_as_posted(self, posted: _AsPosted, player: PlayerFact, kind: ActionKind,
                         to: int) -> None:
        """The act in the posted reading: the same steps as `_apply` and `_raise`."""
        if kind in _RAISE_KINDS and to > posted.current:
            size = to if kind is ActionKind.COMPLETE else to - posted.current
            if not self.limit and size >= posted.last_full:
                posted.last_full = size
            posted.raises += 1
            posted.current = to
            for other in self.seated:
                if other is player or other.folded or other.all_in:
                    continue
                name = other.name
                posted.raised[name] = posted.raised.get(name, 0) + size
                posted.largest[name] = max(posted.largest.get(name, 0), size)
        elif player.street_in > posted.current:
            posted.current = player.street_in
        if kind is not ActionKind.BRING_IN:
            posted.raised.pop(player.name, None)
            posted.largest.pop(player.name, None)

    def _raise(self, player: PlayerFact, kind: ActionKind, to: int) -> None:
        street = self.street
        # A completion is the round's first bet (the bring-in is not one): sized from nothing.
        size = to if kind is ActionKind.COMPLETE else to - street.current_bet
        if not self.limit and size >= street.last_full_raise:
            street.last_full_raise = Chips(size)
        street.bets_and_raises += 1
        street.current_bet = Chips(to)
        for other in self.seated:
            if other is player or other.folded or other.all_in:
                continue
            other.raised_since_acted = Chips(other.raised_since_acted + size)
            if size > other.largest_raise_since_acted:
                other.largest_raise_since_acted = Chips(size)

    def _pay(self, player: PlayerFact, amount: int, all_in: bool) -> None:
        player.stack = Chips(player.stack - amount)
        player.hand_in = Chips(player.hand_in + amount)
        self.pot += amount
        if not player.all_in and (all_in or (amount > 0 and player.stack <= 0)):
            player.all_in = True
            if not player.folded:
                self.with_chips -= 1

    # ------------------------------------------------------------ streets and turns

    def _new_street(self, name: Street) -> StreetFact:
        unit = bet_unit(self.hand, name)
        full = unit if unit is not None else self.hand.big_blind or self.hand.button_blind or 0
        return StreetFact(name=name, bet_unit=None if unit is None else Chips(unit),
                          last_full_raise=Chips(full), pot_before=Chips(self.pot),
                          open_pair_on_board=name in self.open_pair_streets)

    def _next_street(self, name: Street) -> None:
        self.street = self._new_street(name)
        # Only the first round can open on a big blind posted short.
        self.as_posted = None
        for player in self.seated:
            player.street_in = Chips(0)
            player.has_acted = False
            player.raised_since_acted = Chips(0)
            player.largest_raise_since_acted = Chips(0)
        if self.stud:
            opener = self._stud_opener(name)
            # The pointer sits just before the opener: `_expected` passes on from there.
            self.pointer = None if opener is None else opener - 1
            self.anchor_pending = False
        else:
            # The button's left acts first. A record that does not place the button (PHH
            # without the seats to tell) still says where the blinds sat: the first blind is
            # the first seat left of the button, wherever the button was (not heads-up, where
            # the button posts the small blind).
            pointer = self.hand.button_seat
            if pointer is None and self.first_blind_seat is not None and len(self.seated) > 2:
                pointer = self.first_blind_seat - 1
            self.pointer = pointer

    def _stud_opener(self, name: Street) -> int | None:
        """Seat of the player showing the best up cards on stud street `name` (high hand
        in high games, low hand in razz); None on the first street or when some player still
        in the hand has fewer up cards in the record than the street shows. Ties go to the
        lowest seat (the first tied player clockwise from seat 1); an all-in opener is
        passed over by `_expected`, like any player who cannot act."""
        if name not in self.stud_streets:
            return None
        streets_before = self.stud_streets.index(name)
        if streets_before == 0:
            return None
        showing = min(streets_before + 1, _MAX_UP)
        razz = self.hand.game is Game.RAZZ
        up_cards = self.hand.up_cards
        best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        seat: int | None = None
        for player in self.seated:
            if player.folded:
                continue
            cards = up_cards.get(player.name)
            if cards is None or len(cards) < showing:
                return None
            key = up_card_key(cards[:showing], razz)
            if best is None or key > best:
                best, seat = key, player.seat
        return seat

    def _expected(self) -> str | None:
        """The next player after the pointer seat who can still act, by seat order."""
        pointer = self.pointer
        if pointer is None:
            return None
        first: str | None = None
        for player in self.seated:
            if player.folded or player.all_in:
                continue
            if player.seat > pointer:
                return player.name
            if first is None:
                first = player.name
        return first

    def _pot_limit_max(self, current: int, to_call: int) -> Chips | None:
        limit = pot_limit_max_to(self.hand.structure, self.street.name, current, self.pot,
                                 to_call)
        return None if limit is None else Chips(limit)

    # ------------------------------------------------------------ driven forward
    # What a player of the hand (the simulator's server, checker/sim/hand_engine.py) reads
    # between acts; the replay itself never calls these.

    def advance(self, action: Action) -> None:
        """Apply one act as `act` does, without measuring it (no facts: the player of the
        hand reads the state between acts). The same steps as `act`, kept apart so that the
        replay's hot path stays as it is."""
        if action.street is not self.street.name:
            self._next_street(action.street)
        player = self.by_name[action.player]
        to = action.to if action.to is not None else player.street_in + action.amount
        is_raise = action.kind in _RAISE_KINDS and to > self.street.current_bet
        self._apply(action, player, is_raise, to)

    @property
    def next_actor(self) -> str | None:
        """Who acts next: the first player after the pointer seat who can still act; None
        when the order is not tracked."""
        return self._expected()

    def owed(self, player: PlayerFact) -> int:
        """What `player` must add to call the street's bet (the level's big blind standing),
        never more than an opponent still in the hand can match."""
        return _owed(player, self.street.current_bet, self._reach(player))

    def next_street(self, name: Street) -> None:
        """Open betting round `name` before its first act (the replay opens it when an act
        names it): the bet back to nothing, the turn order from its start (the button's left
        in blind games)."""
        self._next_street(name)

    def in_hand(self) -> int:
        """Players not folded."""
        count = 0
        for player in self.seated:
            if not player.folded:
                count += 1
        return count

    def round_closed(self) -> bool:
        """Whether the betting round is over: fewer than two players left in the hand, none
        of them able to act, or each who can act owes nothing and has acted (a lone player
        who can act need not: nobody is left to bet against)."""
        with_chips = self.with_chips
        if with_chips == 0:
            return True
        lone = with_chips == 1
        current = self.street.current_bet
        in_hand = 0
        open_turn = False
        for player in self.seated:
            if player.folded:
                continue
            in_hand += 1
            if open_turn or player.all_in:
                continue
            if not (lone or player.has_acted) or (player.street_in < current
                                                   and self.owed(player)):
                open_turn = True
        return in_hand < 2 or not open_turn


def _open_pair_streets(hand: Hand) -> frozenset[Street]:
    """Streets on which a player shows an open pair: seven-card stud's fourth street, by the
    dealer's notice where the record writes one (PokerStars), else by the up cards (Full Tilt
    writes no notice but shows them). Whether the pair allows the double bet is the rules'."""
    noticed = frozenset(
        event.street for event in hand.events
        if event.kind is HandEventKind.OTHER and event.player is None
        and event.street is not None and event.text.startswith(_OPEN_PAIR_NOTICE)
    )
    if noticed or hand.game is Game.STUD5:
        return noticed
    if any(_pair_showing_on_fourth(up) for up in hand.up_cards.values()):
        return _FOURTH
    return noticed


def _pair_showing_on_fourth(up: list[str]) -> bool:
    """A player's first two up cards (third and fourth street's) pair. A player with a fourth
    street card was still in the hand when it was dealt."""
    return len(up) > 1 and up[0][0] == up[1][0]


def up_card_key(cards: list[str], razz: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How good `cards` showing are for acting first (larger is better): in high games
    quads > trips > two pair > pair > no pair (straights and flushes do not count), then
    ranks high to low; in razz the reverse, with the ace low (pairs are bad, low is good).
    Suits never count."""
    ranks = [_RAZZ_RANK[card[0]] if razz else RANKS.index(card[0]) for card in cards]
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    # Groups by size then rank, biggest first: (pair of 9s, 5, 2) -> shape (2, 1, 1).
    groups = sorted(((count, rank) for rank, count in counts.items()), reverse=True)
    shape = tuple(count for count, _ in groups)
    order = tuple(rank for _, rank in groups)
    if razz:
        return tuple(-c for c in shape), tuple(-r for r in order)
    return shape, order


def card_rank(card: str, ace_low: bool = False) -> int:
    """A card's rank: 2-14 with the ace high; with `ace_low` 1-13, the ace below the deuce."""
    index = RANKS.index(card[0])
    if ace_low:
        return (index + 1) % len(RANKS) + _DEUCE - 1
    return index + _DEUCE


def card_suit(card: str) -> Suit:
    """A card's suit."""
    return _SUIT[card[1]]


def high_cards(cards: list[str]) -> tuple[int | None, list[Suit]]:
    """The highest rank among `cards` (the ace high) and the suits held in that rank, each
    once in the order the cards come; (None, []) without cards. Which suit is higher is
    policy, left to the rules."""
    if not cards:
        return None, []
    top = max(card_rank(card) for card in cards)
    suits: list[Suit] = []
    for card in cards:
        suit = card_suit(card)
        if card_rank(card) == top and suit not in suits:
            suits.append(suit)
    return top, suits


def _owed(player: PlayerFact, current: int, reach: int) -> int:
    return owed_to_call(current, player.street_in, reach)


def owed_to_call(current: int, street_in: int, reach: int) -> int:
    """What a player who has put `street_in` in on this street must add to call `current`,
    but never more than `reach`, the most any opponent still in the hand has put in or can put
    in on this street (a short all-in big blind is called in full only while someone can match
    it). Mechanics shared with the simulator's server (checker/sim/hand_engine.py)."""
    owed = current - street_in
    if owed <= 0:
        return 0
    return max(0, min(owed, reach - street_in))


def pot_limit_max_to(structure: BettingStructure, street: Street, current: int, pot: int,
                     to_call: int) -> int | None:
    """The most a pot-limit raise may make the bet (the bet, the pot and the call); None when
    the street is not pot-limit. Shared with the simulator's server."""
    if structure is BettingStructure.POT_LIMIT or (
        structure is BettingStructure.PL_PREFLOP_NL_POSTFLOP and street is Street.PREFLOP
    ):
        return current + pot + to_call
    return None


def _snapshot(p: PlayerFact) -> PlayerFact:
    """A copy of `p` (positional: much cheaper than copy.copy on a slots dataclass)."""
    return PlayerFact(p.name, p.seat, p.stack_start, p.stack, p.sitting_out, p.disconnected,
                      p.folded, p.all_in, p.street_in, p.hand_in, p.has_acted,
                      p.raised_since_acted, p.largest_raise_since_acted, p.posted_ante,
                      p.posted_blind, p.door_card_rank, p.door_card_rank_ace_low,
                      p.door_card_suit)
