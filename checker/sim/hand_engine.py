"""Play one hand as a correct server would: `play_hand(plan, rng) -> HandResult`.

The deck is shuffled with the `rng` passed in (a sample of the cards the hand can need),
hole cards dealt, antes and the plan's blinds posted (a short stack posts all it has), then
preflop, flop, turn and river are bet in turn order for no-limit, pot-limit and fixed-limit:
minimum raises, the pot-limit maximum, the fixed-limit cap, short all-ins that do not reopen
the betting, uncalled chips returned, side pots, showdown and odd chips to the first winner
left of the button. The betting is measured the way checker/replay/betting.py measures it
(the level's big blind stands as the bet to call even when posted short; what a player owes
is capped by what any opponent can still match), so the hand's replay finds what the engine
did. Faults named in `plan.faults` are injected when the hand gives them an occasion and
reported in `HandResult.faults`.

Time-outs and connections (clause 27): at a turn to act a player may run out of time (the
chance grows with impatience: styles.timeout_chance) or lose the connection first; the server
then checks for them when checking is free and folds otherwise. A disconnected player still
posts, may reconnect at a later turn (then acts as usual) or by the hand's end, and times out
at each turn while away; one still away at the end is in `HandResult.disconnected`. Each goes
into `HandResult.notes` as the log's `timeout`/`disconnect`/`reconnect` line.

Colluders (a player whose style has a `team`): at each of their turns the style's decision
goes through checker/sim/collusion.py, which picks among the same legal acts.

Hole-card games only: hold'em and (high) Omaha with four or five cards.
"""

import random
from dataclasses import dataclass
from datetime import timedelta
from typing import NamedTuple

from checker.model.hand import ActionKind, BettingStructure, Game, Street
from checker.model.tournament_log import (
    ChipsReturned,
    Disconnect,
    HandAward,
    HandPlayed,
    Reconnect,
    Timeout,
)
from checker.replay.betting import owed_to_call, pot_limit_max_to
from checker.replay.evaluate import high_rank
from checker.replay.pots import BuiltPot, build_pots
from checker.sim.collusion import Turn, collude
from checker.sim.plan import HandNote, HandPlan, HandResult, PlayerStyle, SimSeat
from checker.sim.server import server_config
from checker.sim.styles import (
    Decision,
    Move,
    Sample,
    Situation,
    decide,
    disconnect_chance,
    opponent_sample,
    preflop_strength,
    strength_against,
    timeout_chance,
)

# A correct server caps a fixed-limit round (the bet and three raises, preflop the big blind
# counting as the first: clause 23), from its settings (checker/sim/server.toml); the judge
# is rules/fulltilt.rules (`limit.max_bets_per_round`).
CORRECT_SERVER_BET_CAP = server_config().bets_per_round

HOLE_CARDS = {Game.HOLDEM: 2, Game.OMAHA: 4, Game.OMAHA5: 5}
_BOARD_AFTER = ((Street.FLOP, 3), (Street.TURN, 4), (Street.RIVER, 5))
_DECK = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")
_BOARD_SIZE = 5
# More than the most seats a table has: seat distances from the button taken modulo it keep
# their clockwise order.
_SEAT_RING = 11

# Engine faults (checker/sim/faults.py names them; these are the ones played inside a hand).
ODD_CHIP_WRONG_WINNER = "odd_chip_wrong_winner"
RERAISE_AFTER_SHORT_ALL_IN = "reraise_after_short_all_in"
FIFTH_LIMIT_BET = "fifth_limit_bet"
SIDE_POT_TO_INELIGIBLE = "side_pot_to_ineligible"
BEST_HAND_NOT_PAID = "best_hand_not_paid"
CHIPS_CREATED = "chips_created"
TIMEOUT_FOLDED_WHEN_CHECK_FREE = "timeout_folded_when_check_free"
ENGINE_FAULTS = frozenset({ODD_CHIP_WRONG_WINNER, RERAISE_AFTER_SHORT_ALL_IN, FIFTH_LIMIT_BET,
                           SIDE_POT_TO_INELIGIBLE, BEST_HAND_NOT_PAID, CHIPS_CREATED,
                           TIMEOUT_FOLDED_WHEN_CHECK_FREE})
# When that fault is wanted, the chance a player whose check is free times out at that turn
# (the fault needs the occasion; spread over the hand rather than always the first one).
_FORCED_TIMEOUT_CHANCE = 0.5
# A disconnected player's chance to be back at each of their turns, and by the hand's end.
_RECONNECT_CHANCE = 0.5

# Seconds on the table's clock: dealing, each act, and a showdown.
_DEAL_SECONDS = (2, 5)
_ACT_SECONDS = (1, 8)
_SHOWDOWN_SECONDS = (2, 6)
# A turn that runs out of time lasts the server's whole act timer.
_TIMEOUT_SECONDS = (15, 20)


@dataclass(slots=True)
class _Player:
    name: str
    seat: int
    style: PlayerStyle
    hole: tuple[str, ...]
    start: int
    stack: int
    street_in: int = 0
    hand_in: int = 0
    folded: bool = False
    all_in: bool = False
    has_acted: bool = False
    # The largest raise made by another player since this one last acted (clause 24).
    largest_since: int = 0
    strength: float = -1.0
    # Seats from the button's left (0 first): the order of play after the flop.
    order: int = 0
    connected: bool = True
    # The chances, at a turn to act, of a time-out (a lost connection included) and of a
    # lost connection (styles.timeout_chance, disconnect_chance).
    timeout_chance: float = 0.0
    disconnect_chance: float = 0.0


class _Legal(NamedTuple):
    """What the actor may do: owe `owed` (pays `call` of it), raise to `low`..`high`."""

    owed: int
    call: int
    low: int | None
    high: int


class _HandPlay:
    def __init__(self, plan: HandPlan, rng: random.Random) -> None:
        holes = HOLE_CARDS.get(plan.game)
        if holes is None:
            raise ValueError(f"the hand engine plays hold'em and Omaha, not {plan.game.value}")
        self.plan = plan
        self.rng = rng
        self.structure = plan.structure
        self.limit = plan.structure is BettingStructure.FIXED_LIMIT
        stakes = plan.stakes
        self.big_blind = stakes.big_blind
        seats = sorted(plan.seats, key=lambda s: s.seat)
        if any(s.stack <= 0 for s in seats):
            raise ValueError("a player without chips is not dealt in")
        cards = rng.sample(_DECK, holes * len(seats) + _BOARD_SIZE)
        self.board_cards = cards[-_BOARD_SIZE:]
        self.players = [_player(s, tuple(cards[i * holes:(i + 1) * holes]))
                        for i, s in enumerate(seats)]
        self.by_seat = {p.seat: p for p in self.players}
        for player in self.players:
            player.order = (player.seat - plan.button - 1) % _SEAT_RING
            if player.name in plan.disconnected:
                player.connected = False
        # Players not folded, and of those the ones not all in (who can still act).
        self.live = len(self.players)
        self.able = len(self.players)
        # The hand's lines as the log model reads them (validated once, at the end: cheaper
        # than a model per act).
        self.actions: list[dict[str, object]] = []
        self.board: tuple[str, ...] = ()
        self.pot = 0
        self.seconds = _seconds(rng, _DEAL_SECONDS)
        self.faults: list[tuple[str, int | None]] = []
        self.wanted = plan.faults
        self.notes: list[HandNote] = []
        self.force_timeout = TIMEOUT_FOLDED_WHEN_CHECK_FREE in plan.faults
        # The street being bet.
        self.street = Street.PREFLOP
        self.current = 0
        self.last_full = 0
        self.raises = 0
        self.opened_by_blind = True
        self.unit: int | None = None
        # The street's sampled opponent hands (styles.opponent_sample), drawn when needed.
        self.sample: Sample | None = None
        # The street's last bettor or raiser (colluders read it: checker/sim/collusion.py).
        self.aggressor: str | None = None

    # ------------------------------------------------------------ the hand

    def play(self) -> HandResult:
        self._post()
        self._bet(self.plan.big_blind_seat)
        for street, shown in _BOARD_AFTER:
            if self.live < 2:
                break
            self.board = tuple(self.board_cards[:shown])
            self._new_street(street)
            self._bet(self.plan.button)
        returns = self._return_uncalled()
        live = [p for p in self.players if not p.folded]
        showdown = len(live) > 1
        if showdown:
            self.board = tuple(self.board_cards)
            self.seconds += _seconds(self.rng, _SHOWDOWN_SECONDS)
        awards = self._award(showdown)
        away = self._reconnect_by_the_end() if self.notes or self.plan.disconnected else ()
        return HandResult(self._played(returns, awards, live if showdown else []),
                          self.faults, self.seconds, self.notes, away)

    def _played(self, returns: list[ChipsReturned], awards: list[HandAward],
                shown: list[_Player]) -> HandPlayed:
        plan = self.plan
        stakes = plan.stakes
        seats: list[dict[str, object]] = [
            {"seat": p.seat, "player": p.name, "stack": p.start, "cards": list(p.hole)}
            for p in self.players]
        if plan.disconnected:
            for seat in seats:
                seat["disconnected"] = seat["player"] in plan.disconnected
        return HandPlayed.model_validate({
            "event": "hand", "seq": 0, "at": plan.started + timedelta(seconds=self.seconds),
            "tournament": plan.tournament, "table": plan.table, "hand": plan.hand_id,
            "started": plan.started, "level": stakes.level, "game": plan.game,
            "structure": plan.structure, "small_blind": stakes.small_blind,
            "big_blind": stakes.big_blind, "ante": stakes.ante, "small_bet": stakes.small_bet,
            "big_bet": stakes.big_bet, "button": plan.button,
            "players_left": plan.players_left, "deal": plan.deal, "seats": seats,
            "actions": self.actions, "boards": [list(self.board)] if self.board else [],
            "returns": returns, "awards": awards, "shown": [p.name for p in shown]})

    # ------------------------------------------------------------ posts

    def _post(self) -> None:
        stakes = self.plan.stakes
        if stakes.ante:
            for player in self.players:
                self._pay_post(player, ActionKind.ANTE, stakes.ante, blind=False)
        self.unit = stakes.small_bet if self.limit else None
        self.last_full = self.unit if self.unit is not None else self.big_blind
        small = self.plan.small_blind_seat
        if small is not None and small in self.by_seat:
            self._pay_post(self.by_seat[small], ActionKind.SMALL_BLIND, stakes.small_blind,
                           blind=True)
        self._pay_post(self.by_seat[self.plan.big_blind_seat], ActionKind.BIG_BLIND,
                       stakes.big_blind, blind=True)
        # The level's big blind stands as the bet to call even when posted short (rules file:
        # "the full big blind"), as the replay measures it.
        self.current = max(self.current, self.big_blind)

    def _pay_post(self, player: _Player, kind: ActionKind, due: int, *, blind: bool) -> None:
        if player.stack == 0 or due == 0:
            return
        amount = min(due, player.stack)
        self._pay(player, amount)
        if blind:
            player.street_in += amount
            self.current = max(self.current, player.street_in)
        self.actions.append({"street": Street.PREFLOP, "player": player.name, "kind": kind,
                             "amount": amount, "to": player.street_in if blind else None,
                             "all_in": player.all_in})

    def _pay(self, player: _Player, amount: int) -> None:
        player.stack -= amount
        player.hand_in += amount
        self.pot += amount
        if player.stack == 0 and amount and not player.all_in:
            player.all_in = True
            self.able -= 1

    # ------------------------------------------------------------ betting

    def _new_street(self, street: Street) -> None:
        self.street = street
        stakes = self.plan.stakes
        if self.limit:
            big = street in (Street.TURN, Street.RIVER)
            self.unit = stakes.big_bet if big else stakes.small_bet
        self.current = 0
        self.last_full = self.unit if self.unit is not None else self.big_blind
        self.raises = 0
        self.opened_by_blind = False
        for player in self.players:
            player.street_in = 0
            player.has_acted = False
            player.largest_since = 0
            player.strength = -1.0
        self.sample = None
        self.aggressor = None

    def _bet(self, pointer: int) -> None:
        """One betting round; the first to act is the first able player after `pointer`."""
        while not self._closed():
            actor = self._next_after(pointer)
            if actor is None:
                return
            self._act(actor)
            pointer = actor.seat

    def _closed(self) -> bool:
        if self.live < 2 or not self.able:
            return True
        current = self.current
        if self.able == 1:
            able = next(p for p in self.players if not p.folded and not p.all_in)
            return able.street_in >= current or self._owed(able) == 0
        for p in self.players:
            if p.folded or p.all_in:
                continue
            if not p.has_acted or (p.street_in < current and self._owed(p)):
                return False
        return True

    def _next_after(self, seat: int) -> _Player | None:
        first: _Player | None = None
        for player in self.players:
            if player.folded or player.all_in:
                continue
            if player.seat > seat:
                return player
            if first is None:
                first = player
        return first

    def _owed(self, player: _Player) -> int:
        """What `player` must add to call, never more than the most any opponent still in
        the hand has put in or can put in on this street."""
        if self.current <= player.street_in:
            return 0
        reach = 0
        for other in self.players:
            if other is not player and not other.folded:
                most = other.street_in + other.stack
                if most > reach:
                    reach = most
        return owed_to_call(self.current, player.street_in, reach)

    def _legal(self, player: _Player) -> _Legal:
        owed = self._owed(player)
        call = min(owed, player.stack)
        all_in_to = player.street_in + player.stack
        none = _Legal(owed, call, None, all_in_to)
        if all_in_to <= self.current or not self._opponents_with_chips(player):
            return none
        if player.has_acted and player.largest_since < self._reopen_size():
            return none
        if self.limit:
            if self._bets_after_raise() > CORRECT_SERVER_BET_CAP:
                return none
            to = self._limit_to()
            return _Legal(owed, call, min(to, all_in_to), min(to, all_in_to))
        high = all_in_to
        pot_max = self._pot_max(owed)
        if pot_max is not None:
            high = min(high, pot_max)
        low = min(self.current + max(self.last_full, self.big_blind), all_in_to)
        if low > high:
            return none
        return _Legal(owed, call, low, high)

    def _reopen_size(self) -> int:
        return self.unit if self.limit and self.unit is not None else self.last_full

    def _bets_after_raise(self) -> int:
        return self.raises + (1 if self.opened_by_blind else 0) + 1

    def _limit_to(self) -> int:
        unit = self.unit or self.big_blind
        # After a short all-in the bet is not a whole number of bets: complete to the next.
        return (self.current // unit + 1) * unit

    def _pot_max(self, owed: int) -> int | None:
        return pot_limit_max_to(self.structure, self.street, self.current, self.pot, owed)

    def _opponents_with_chips(self, player: _Player) -> int:
        return self.able - (0 if player.folded or player.all_in else 1)

    def _act(self, player: _Player) -> None:
        legal = self._legal(player)
        # One draw per turn; the rest only on the rare turn that may time out.
        draw = self.rng.random()
        if ((draw < player.timeout_chance or not player.connected or self.force_timeout)
                and self._times_out(player, legal, draw)):
            self._time_out(player, legal)
            return
        self.seconds += _seconds(self.rng, _ACT_SECONDS)
        faulty = self._faulty_raise(player, legal) if self.wanted else None
        decision = faulty or self._decide(player, legal)
        move = decision.move
        if move is Move.RAISE and (legal.low is not None or faulty is not None):
            self._raise(player, decision.to)
        elif move is Move.FOLD and legal.owed:
            player.folded = True
            self.live -= 1
            self.able -= 1
            self._record(player, ActionKind.FOLD, 0, None)
        elif legal.owed:
            self._pay(player, legal.call)
            player.street_in += legal.call
            self._record(player, ActionKind.CALL, legal.call, player.street_in)
        else:
            self._record(player, ActionKind.CHECK, 0, None)
        player.has_acted = True
        player.largest_since = 0

    # ------------------------------------------------------------ time-outs and connections

    def _times_out(self, player: _Player, legal: _Legal, draw: float) -> bool:
        """Whether `player` runs out of time at this turn (`draw` is its chance): impatience,
        a connection lost now, or still away (unless back in time); or the wanted fault's
        occasion."""
        if not player.connected:
            if draw < _RECONNECT_CHANCE:
                player.connected = True
                self._note_connection(Reconnect, player)
                return False
            return True
        if draw < player.timeout_chance:
            if draw < player.disconnect_chance:
                player.connected = False
                self._note_connection(Disconnect, player)
            return True
        return (self.force_timeout and not legal.owed
                and self.rng.random() < _FORCED_TIMEOUT_CHANCE)

    def _time_out(self, player: _Player, legal: _Legal) -> None:
        """Clause 27: the server checks for a player out of time when checking is free and
        folds them otherwise (the fault folds them either way)."""
        self.seconds += _seconds(self.rng, _TIMEOUT_SECONDS)
        index = len(self.actions)
        if legal.owed or self.force_timeout:
            if not legal.owed:
                self.faults.append((TIMEOUT_FOLDED_WHEN_CHECK_FREE, index))
                self.force_timeout = False
            player.folded = True
            self.live -= 1
            self.able -= 1
            kind = ActionKind.FOLD
        else:
            kind = ActionKind.CHECK
        self._record(player, kind, 0, None)
        player.has_acted = True
        player.largest_since = 0
        plan = self.plan
        self.notes.append(Timeout(
            event="timeout", seq=0, at=plan.started + timedelta(seconds=self.seconds),
            tournament=plan.tournament, player=player.name, table=plan.table,
            hand=plan.hand_id, action=index, then=kind))

    def _note_connection(self, line: type[Disconnect] | type[Reconnect],
                         player: _Player) -> None:
        plan = self.plan
        event = "disconnect" if line is Disconnect else "reconnect"
        self.notes.append(line.model_validate({
            "event": event, "seq": 0, "at": plan.started + timedelta(seconds=self.seconds),
            "tournament": plan.tournament, "player": player.name, "table": plan.table,
            "hand": plan.hand_id, "action": len(self.actions)}))

    def _reconnect_by_the_end(self) -> tuple[str, ...]:
        """Players away reconnect by the hand's end, or are still away at the next deal."""
        away: list[str] = []
        for player in self.players:
            if player.connected:
                continue
            if self.rng.random() < _RECONNECT_CHANCE:
                player.connected = True
                self._note_connection(Reconnect, player)
            else:
                away.append(player.name)
        return tuple(away)

    def _decide(self, player: _Player, legal: _Legal) -> Decision:
        if player.strength < 0:
            player.strength = (self._postflop_strength(player) if self.board
                               else preflop_strength(player.hole))
        # Positional: this is the hot path (keywords cost twice as much).
        seen = Situation(self.plan.game, player.hole, self.board, self._behind(player),
                         self.live - 1, self.pot, legal.call, player.stack, player.street_in,
                         self.current, legal.low, legal.high, self.big_blind)
        decision = decide(player.style, seen, player.strength, self.rng)
        team = player.style.team
        if team is not None:
            decision = collude(team, Turn(
                self.plan.game, self.board, player, [p for p in self.players if p is not player],
                self.aggressor, self.raises, legal.owed, legal.low, legal.high, self.current,
                self.pot), decision, self.rng)
        if decision.move is Move.RAISE and legal.low is not None and not (
                legal.low <= decision.to <= legal.high):
            decision = Decision(Move.RAISE, min(legal.high, max(legal.low, decision.to)))
        return decision

    def _postflop_strength(self, player: _Player) -> float:
        game = self.plan.game
        if self.sample is None:
            self.sample = opponent_sample(game, self.board, len(player.hole), self.rng)
        return strength_against(game, player.hole, self.board, self.sample)

    def _behind(self, player: _Player) -> int:
        """Players still to act after `player` this street before the button closes it."""
        mine = player.order
        behind = 0
        for other in self.players:
            if other.order > mine and not other.folded and not other.all_in:
                behind += 1
        return behind

    def _raise(self, player: _Player, to: int) -> None:
        size = to - self.current
        amount = to - player.street_in
        kind = ActionKind.BET if self.current == 0 else ActionKind.RAISE
        self._pay(player, amount)
        player.street_in = to
        if not self.limit and size >= self.last_full:
            self.last_full = size
        self.raises += 1
        self.current = to
        self.aggressor = player.name
        for other in self.players:
            if other is not player and not other.folded and not other.all_in:
                other.largest_since = max(other.largest_since, size)
        self._record(player, kind, amount, to)

    def _record(self, player: _Player, kind: ActionKind, amount: int, to: int | None) -> None:
        self.actions.append({"street": self.street, "player": player.name, "kind": kind,
                             "amount": amount, "to": to, "all_in": player.all_in})

    # ------------------------------------------------------------ faults in the betting

    def _faulty_raise(self, player: _Player, legal: _Legal) -> Decision | None:
        """A raise the server should have refused, when a wanted fault has its occasion."""
        wanted = self.wanted
        if not wanted or (self.faults and any(name in _BETTING_FAULTS for name, _ in self.faults)):
            return None
        if (RERAISE_AFTER_SHORT_ALL_IN in wanted and not self.limit and player.has_acted
                and legal.owed and player.largest_since < self.last_full):
            to = self._unlimited_raise_to(player, legal)
            if to is not None:
                self.faults.append((RERAISE_AFTER_SHORT_ALL_IN, len(self.actions)))
                return Decision(Move.RAISE, to)
        if (FIFTH_LIMIT_BET in wanted and self.limit
                and self._bets_after_raise() == CORRECT_SERVER_BET_CAP + 1
                and (not player.has_acted or player.largest_since >= self._reopen_size())
                and player.street_in + player.stack > self.current
                and self._opponents_with_chips(player)):
            to = min(self._limit_to(), player.street_in + player.stack)
            self.faults.append((FIFTH_LIMIT_BET, len(self.actions)))
            return Decision(Move.RAISE, to)
        return None

    def _unlimited_raise_to(self, player: _Player, legal: _Legal) -> int | None:
        """A minimum raise that breaks only the reopening rule (full size, within the stack
        and the pot limit, against an opponent with chips)."""
        to = self.current + max(self.last_full, self.big_blind)
        pot_max = self._pot_max(legal.owed)
        if (to > player.street_in + player.stack or not self._opponents_with_chips(player)
                or (pot_max is not None and to > pot_max)):
            return None
        return to

    # ------------------------------------------------------------ the end of the hand

    def _return_uncalled(self) -> list[ChipsReturned]:
        """The part of the largest contribution nobody matched goes back."""
        ordered = sorted(self.players, key=lambda p: p.hand_in, reverse=True)
        if len(ordered) < 2:
            return []
        top, second = ordered[0], ordered[1]
        excess = top.hand_in - second.hand_in
        if excess <= 0:
            return []
        top.hand_in -= excess
        top.stack += excess
        self.pot -= excess
        return [ChipsReturned(player=top.name, amount=excess)]

    def _award(self, showdown: bool) -> list[HandAward]:
        contributions = {p.name: p.hand_in for p in self.players}
        live = {p.name for p in self.players if not p.folded}
        pots = build_pots(contributions, live)
        ranks = ({p.name: high_rank(p.hole, self.board, self.plan.game)
                  for p in self.players if not p.folded} if showdown else {})
        paid = [self._split(index, pot, ranks) for index, pot in enumerate(pots)]
        if self.wanted:
            self._corrupt_awards(pots, paid, ranks)
        return [award for awards in paid for award in awards]

    def _split(self, index: int, pot: BuiltPot, ranks: dict[str, int]) -> list[HandAward]:
        eligible = pot.eligible
        if len(eligible) > 1 and ranks:
            best = max(ranks[name] for name in eligible)
            winners = [name for name in eligible if ranks[name] == best]
        else:
            winners = list(eligible)
        winners.sort(key=self._distance)
        share, odd = divmod(pot.amount, len(winners))
        if odd and ODD_CHIP_WRONG_WINNER in self.wanted and not self._has(ODD_CHIP_WRONG_WINNER):
            # The odd chips to the winners furthest from the button's left.
            winners.reverse()
            self.faults.append((ODD_CHIP_WRONG_WINNER, None))
        return [HandAward(player=name, amount=share + (1 if n < odd else 0), pot=index)
                for n, name in enumerate(winners)]

    def _distance(self, name: str) -> int:
        return next(p.order for p in self.players if p.name == name)

    def _has(self, fault: str) -> bool:
        return any(name == fault for name, _ in self.faults)

    def _corrupt_awards(self, pots: list[BuiltPot], paid: list[list[HandAward]],
                        ranks: dict[str, int]) -> None:
        wanted = self.wanted
        if SIDE_POT_TO_INELIGIBLE in wanted and len(pots) > 1:
            side = len(pots) - 1
            outsider = next(n for n in pots[0].eligible if n not in pots[side].eligible)
            paid[side] = [HandAward(player=outsider, amount=pots[side].amount, pot=side)]
            self.faults.append((SIDE_POT_TO_INELIGIBLE, None))
        if BEST_HAND_NOT_PAID in wanted and ranks:
            for index, pot in enumerate(pots):
                if SIDE_POT_TO_INELIGIBLE in wanted and index > 0:
                    break
                best = max(ranks[n] for n in pot.eligible)
                losers = [n for n in pot.eligible if ranks[n] < best]
                if losers:
                    paid[index] = [HandAward(player=losers[0], amount=pot.amount, pot=index)]
                    self.faults.append((BEST_HAND_NOT_PAID, None))
                    break
        if CHIPS_CREATED in wanted:
            for index, awards in enumerate(paid):
                if len(awards) == 1:
                    award = awards[0]
                    paid[index] = [award.model_copy(update={"amount": award.amount
                                                            + self.big_blind})]
                    self.faults.append((CHIPS_CREATED, None))
                    break


_BETTING_FAULTS = frozenset({RERAISE_AFTER_SHORT_ALL_IN, FIFTH_LIMIT_BET})


def _seconds(rng: random.Random, span: tuple[int, int]) -> int:
    low, high = span
    return low + int(rng.random() * (high - low + 1))


def _player(seat: SimSeat, hole: tuple[str, ...]) -> _Player:
    style = seat.style
    return _Player(seat.player, seat.seat, style, hole, seat.stack, seat.stack,
                   timeout_chance=timeout_chance(style),
                   disconnect_chance=disconnect_chance(style))


def play_hand(plan: HandPlan, rng: random.Random) -> HandResult:
    """Play `plan` out with every card and decision drawn from `rng`."""
    return _HandPlay(plan, rng).play()
