"""Play one hand as a correct server would: `play_hand(plan, rng) -> HandResult`.

The deck is shuffled with the `rng` passed in (a sample of the cards the hand can need),
hole cards dealt, antes and the plan's blinds posted (a short stack posts all it has), then
preflop, flop, turn and river are bet in turn order for no-limit, pot-limit and fixed-limit:
minimum raises, the pot-limit maximum, the fixed-limit cap, short all-ins that do not reopen
the betting, uncalled chips returned, side pots, showdown and odd chips to the first winner
left of the button. The betting is the hand replay's own state machine, driven forward: the
engine builds the hand's `Hand` (no acts yet) and its players as the replay's `PlayerFact`s,
posts each ante and blind into a `checker.replay.betting.Betting`, starts the betting and
applies each act it decides (`Betting.advance`: `act` without the facts). The bet to call
(the level's big blind standing even when posted short), the last full raise, the bets and
raises, what a player owes (capped by what any opponent can still match), who acts next and
whether the round is closed are read from the Betting and its PlayerFacts, never kept here,
so the hand's replay finds what the engine did. What is the server's own stays here:
dealing, decisions, what it allows (minimum and pot-limit raises, the fixed-limit cap, short
all-ins not reopening), time-outs, uncalled bets, pots, showdown and awards. Faults named in
`plan.faults` are injected when the hand gives them an occasion (a betting fault is an act
the rules forbid let through: the Betting only measures) and reported in `HandResult.faults`.

Time-outs and connections (clause 27): at a turn to act a player may run out of time (the
chance grows with impatience: styles.timeout_chance) or lose the connection first; the server
then checks for them when checking is free and folds otherwise. A disconnected player still
posts, may reconnect at a later turn (then acts as usual) or by the hand's end, and times out
at each turn while away; one still away at the end is in `HandResult.disconnected`. Each goes
into `HandResult.notes` as the log's `timeout`/`disconnect`/`reconnect` line.

Colluders (a player whose style has a `team`): at each of their turns the style's decision
goes through checker/sim/collusion.py, which picks among the same legal acts (told whether the
tournament is near its money bubble: `HandPlan.players_left` and `places_paid`).

Hole-card games only: hold'em and (high) Omaha with four or five cards.
"""

import random
from dataclasses import dataclass, field
from datetime import timedelta
from typing import NamedTuple

import msgspec

from checker.model.hand import Action, ActionKind, BettingStructure, Game, Hand, Street, Unit
from checker.model.hand_line import LogTimestamp, hand_played
from checker.model.source import SourceLocation
from checker.model.tournament_log import (
    ChipsReturned,
    Disconnect,
    HandAward,
    HandPlayed,
    Reconnect,
    Timeout,
)
from checker.replay.betting import Betting, pot_limit_max_to
from checker.replay.evaluate import high_rank
from checker.replay.facts import Chips, PlayerFact
from checker.replay.pots import BuiltPot, build_pots
from checker.sim.collusion import Turn, collude, near_bubble
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
# The hand record's `source_format` and place for the hand the engine's betting follows.
_SOURCE_FORMAT = "simulator"
_NOWHERE = SourceLocation(file="", line=0)
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


@dataclass
class _Player(PlayerFact):
    """A player dealt in: the replay's `PlayerFact`, whose chips, folds and turns the hand's
    `Betting` moves (the engine reads them, never keeps its own), and what the server alone
    knows of the player. Without slots: slots would hide the compiled PlayerFact's own
    fields from the compiled replay."""

    style: PlayerStyle = field(kw_only=True)
    hole: tuple[str, ...] = field(kw_only=True)
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
        self.by_name = {p.name: p for p in self.players}
        for player in self.players:
            player.order = (player.seat - plan.button - 1) % _SEAT_RING
            if player.name in plan.disconnected:
                player.connected = False
        facts: list[PlayerFact] = list(self.players)
        # The replay's state machine, driven forward: it holds the bet, the raises, what each
        # player has put in and owes, whose turn it is and when the round is over.
        self.betting = Betting(_hand_at_the_deal(plan), facts)
        # The hand's lines as the log model reads them (validated once, at the end: cheaper
        # than a model per act).
        self.actions: list[dict[str, object]] = []
        self.board: tuple[str, ...] = ()
        self.seconds = _seconds(rng, _DEAL_SECONDS)
        self.faults: list[tuple[str, int | None]] = []
        self.wanted = plan.faults
        self.notes: list[HandNote] = []
        self.team_acts: dict[str, int] = {}
        self.force_timeout = TIMEOUT_FOLDED_WHEN_CHECK_FREE in plan.faults
        # The street's sampled opponent hands (styles.opponent_sample), drawn when needed.
        self.sample: Sample | None = None
        # The street's last bettor or raiser (colluders read it: checker/sim/collusion.py).
        self.aggressor: str | None = None
        # Near the tournament's money bubble (a bubble folder reads it).
        self.bubble = near_bubble(plan.players_left, plan.places_paid)

    # ------------------------------------------------------------ the hand

    def play(self) -> HandResult:
        self._post()
        self._bet()
        for street, shown in _BOARD_AFTER:
            if self.betting.in_hand() < 2:
                break
            self.board = tuple(self.board_cards[:shown])
            self._new_street(street)
            self._bet()
        contributions, returns = self._return_uncalled()
        live = [p for p in self.players if not p.folded]
        showdown = len(live) > 1
        if showdown:
            self.board = tuple(self.board_cards)
            self.seconds += _seconds(self.rng, _SHOWDOWN_SECONDS)
        awards = self._award(contributions, showdown)
        away = self._reconnect_by_the_end() if self.notes or self.plan.disconnected else ()
        return HandResult(self._played(returns, awards, live if showdown else []),
                          self.faults, self.seconds, self.notes, away, self.team_acts)

    def _played(self, returns: list[ChipsReturned], awards: list[HandAward],
                shown: list[_Player]) -> HandPlayed:
        plan = self.plan
        stakes = plan.stakes
        seats: list[dict[str, object]] = [
            {"seat": p.seat, "player": p.name, "stack": p.stack_start, "cards": list(p.hole)}
            for p in self.players]
        if plan.disconnected:
            for seat in seats:
                seat["disconnected"] = seat["player"] in plan.disconnected
        return hand_played({
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
        plan = self.plan
        stakes = plan.stakes
        if stakes.ante:
            for player in self.players:
                self._pay_post(player, ActionKind.ANTE, stakes.ante)
        small = plan.small_blind_seat
        if small is not None and small in self.by_seat:
            self._pay_post(self.by_seat[small], ActionKind.SMALL_BLIND, stakes.small_blind)
        self._pay_post(self.by_seat[plan.big_blind_seat], ActionKind.BIG_BLIND,
                       stakes.big_blind)
        # The level's big blind stands as the bet to call even when posted short (rules file:
        # "the full big blind"): the replay reads it so.
        betting = self.betting
        betting.start_betting()
        if betting.pointer is None:
            # A big blind all in from the ante posts none: the record leaves the replay no
            # blind to start after, the server still starts left of the big blind's seat.
            betting.pointer = plan.big_blind_seat

    def _pay_post(self, player: _Player, kind: ActionKind, due: int) -> None:
        if player.stack == 0 or due == 0:
            return
        amount = min(due, player.stack)
        to = None if kind is ActionKind.ANTE else player.street_in + amount
        self.betting.post(self._action(player, kind, amount, to))

    def _action(self, player: _Player, kind: ActionKind, amount: int, to: int | None) -> Action:
        """The act as the betting reads it (the next in the record's order, all in when it
        takes the player's last chip), its line written into the log's hand."""
        index = len(self.actions)
        street = self.betting.street.name
        name = player.name
        all_in = 0 < amount == player.stack
        self.actions.append({"street": street, "player": name, "kind": kind, "amount": amount,
                             "to": to, "all_in": all_in})
        return Action(index, street, name, kind, 0, amount, to, all_in)

    # ------------------------------------------------------------ betting

    def _new_street(self, street: Street) -> None:
        self.betting.next_street(street)
        for player in self.players:
            player.strength = -1.0
        self.sample = None
        self.aggressor = None

    def _bet(self) -> None:
        """One betting round, in the turn order the betting keeps, until it closes."""
        betting = self.betting
        by_name = self.by_name
        while not betting.round_closed():
            actor = betting.next_actor
            if actor is None:
                return
            self._act(by_name[actor])

    def _legal(self, player: _Player) -> _Legal:
        betting = self.betting
        street = betting.street
        current = street.current_bet
        stack = player.stack
        owed = betting.owed(player) if current > player.street_in else 0
        call = owed if owed < stack else stack
        all_in_to = player.street_in + stack
        none = _Legal(owed, call, None, all_in_to)
        if all_in_to <= current or not self._opponents_with_chips(player):
            return none
        # Clause 24: only a full bet or raise (in fixed limit the bet unit) reopens the
        # betting to a player who has acted.
        if player.has_acted and player.largest_raise_since_acted < street.last_full_raise:
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
        low = min(current + max(street.last_full_raise, self.big_blind), all_in_to)
        if low > high:
            return none
        return _Legal(owed, call, low, high)

    def _bets_after_raise(self) -> int:
        street = self.betting.street
        return street.bets_and_raises + (1 if street.opened_by_blind else 0) + 1

    def _limit_to(self) -> int:
        street = self.betting.street
        unit = street.bet_unit or self.big_blind
        # After a short all-in the bet is not a whole number of bets: complete to the next.
        return (street.current_bet // unit + 1) * unit

    def _pot_max(self, owed: int) -> int | None:
        betting = self.betting
        street = betting.street
        return pot_limit_max_to(self.structure, street.name, street.current_bet, betting.pot,
                                owed)

    def _opponents_with_chips(self, player: _Player) -> int:
        return self.betting.with_chips - (0 if player.folded or player.all_in else 1)

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
            self._record(player, ActionKind.FOLD, 0, None)
        elif legal.owed:
            self._record(player, ActionKind.CALL, legal.call, player.street_in + legal.call)
        else:
            self._record(player, ActionKind.CHECK, 0, None)

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
            kind = ActionKind.FOLD
        else:
            kind = ActionKind.CHECK
        self._record(player, kind, 0, None)
        plan = self.plan
        self.notes.append(Timeout(
            seq=0, at=LogTimestamp.of(plan.started + timedelta(seconds=self.seconds)),
            tournament=plan.tournament, player=player.name, table=plan.table,
            hand=plan.hand_id, action=index, then=kind))

    def _note_connection(self, line: type[Disconnect] | type[Reconnect],
                         player: _Player) -> None:
        plan = self.plan
        self.notes.append(line(
            seq=0, at=LogTimestamp.of(plan.started + timedelta(seconds=self.seconds)),
            tournament=plan.tournament, player=player.name, table=plan.table,
            hand=plan.hand_id, action=len(self.actions)))

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
        betting = self.betting
        current = betting.street.current_bet
        behind, opponents = self._behind(player)
        # Positional: this is the hot path (keywords cost twice as much).
        seen = Situation(self.plan.game, player.hole, self.board, behind, opponents,
                         betting.pot, legal.call, player.stack, player.street_in, current,
                         legal.low, legal.high, self.big_blind)
        decision = decide(player.style, seen, player.strength, self.rng)
        team = player.style.team
        if team is not None:
            style = decision
            decision = collude(team, Turn(
                self.plan.game, self.board, player, [p for p in self.players if p is not player],
                self.aggressor, betting.street.bets_and_raises, legal.owed, legal.low,
                legal.high, current, betting.pot, self.bubble), decision, self.rng)
            if decision != style:
                self.team_acts[player.name] = self.team_acts.get(player.name, 0) + 1
        if decision.move is Move.RAISE and legal.low is not None and not (
                legal.low <= decision.to <= legal.high):
            decision = Decision(Move.RAISE, min(legal.high, max(legal.low, decision.to)))
        return decision

    def _postflop_strength(self, player: _Player) -> float:
        game = self.plan.game
        if self.sample is None:
            self.sample = opponent_sample(game, self.board, len(player.hole), self.rng)
        return strength_against(game, player.hole, self.board, self.sample)

    def _behind(self, player: _Player) -> tuple[int, int]:
        """Players still to act after `player` this street before the button closes it, and
        the opponents still in the hand (one pass: this is the hot path)."""
        mine = player.order
        behind = 0
        opponents = 0
        for other in self.players:
            if other.folded or other is player:
                continue
            opponents += 1
            if other.order > mine and not other.all_in:
                behind += 1
        return behind, opponents

    def _raise(self, player: _Player, to: int) -> None:
        kind = ActionKind.BET if self.betting.street.current_bet == 0 else ActionKind.RAISE
        self.aggressor = player.name
        self._record(player, kind, to - player.street_in, to)

    def _record(self, player: _Player, kind: ActionKind, amount: int, to: int | None) -> None:
        """The act into the log and the betting (which only measures: a fault's act the rules
        forbid goes through all the same). `advance` is `act` without the facts nobody here
        reads, at a fraction of the cost."""
        self.betting.advance(self._action(player, kind, amount, to))

    # ------------------------------------------------------------ faults in the betting

    def _faulty_raise(self, player: _Player, legal: _Legal) -> Decision | None:
        """A raise the server should have refused, when a wanted fault has its occasion."""
        wanted = self.wanted
        if not wanted or (self.faults and any(name in _BETTING_FAULTS for name, _ in self.faults)):
            return None
        last_full = self.betting.street.last_full_raise
        if (RERAISE_AFTER_SHORT_ALL_IN in wanted and not self.limit and player.has_acted
                and legal.owed and player.largest_raise_since_acted < last_full):
            to = self._unlimited_raise_to(player, legal)
            if to is not None:
                self.faults.append((RERAISE_AFTER_SHORT_ALL_IN, len(self.actions)))
                return Decision(Move.RAISE, to)
        if (FIFTH_LIMIT_BET in wanted and self.limit
                and self._bets_after_raise() == CORRECT_SERVER_BET_CAP + 1
                and (not player.has_acted or player.largest_raise_since_acted >= last_full)
                and player.street_in + player.stack > self.betting.street.current_bet
                and self._opponents_with_chips(player)):
            to = min(self._limit_to(), player.street_in + player.stack)
            self.faults.append((FIFTH_LIMIT_BET, len(self.actions)))
            return Decision(Move.RAISE, to)
        return None

    def _unlimited_raise_to(self, player: _Player, legal: _Legal) -> int | None:
        """A minimum raise that breaks only the reopening rule (full size, within the stack
        and the pot limit, against an opponent with chips)."""
        street = self.betting.street
        to = street.current_bet + max(street.last_full_raise, self.big_blind)
        pot_max = self._pot_max(legal.owed)
        if (to > player.street_in + player.stack or not self._opponents_with_chips(player)
                or (pot_max is not None and to > pot_max)):
            return None
        return to

    # ------------------------------------------------------------ the end of the hand

    def _return_uncalled(self) -> tuple[dict[str, int], list[ChipsReturned]]:
        """What each player has in the pot once the part of the largest contribution nobody
        matched goes back, and that return."""
        contributions: dict[str, int] = {p.name: p.hand_in for p in self.players}
        ordered = sorted(self.players, key=lambda p: p.hand_in, reverse=True)
        if len(ordered) < 2:
            return contributions, []
        top, second = ordered[0], ordered[1]
        excess = top.hand_in - second.hand_in
        if excess <= 0:
            return contributions, []
        contributions[top.name] -= excess
        return contributions, [ChipsReturned(player=top.name, amount=excess)]

    def _award(self, contributions: dict[str, int], showdown: bool) -> list[HandAward]:
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
                    more = award.amount + self.big_blind
                    paid[index] = [msgspec.structs.replace(award, amount=more)]
                    self.faults.append((CHIPS_CREATED, None))
                    break


_BETTING_FAULTS = frozenset({RERAISE_AFTER_SHORT_ALL_IN, FIFTH_LIMIT_BET})


def _seconds(rng: random.Random, span: tuple[int, int]) -> int:
    low, high = span
    return low + int(rng.random() * (high - low + 1))


def _player(seat: SimSeat, hole: tuple[str, ...]) -> _Player:
    style = seat.style
    stack = Chips(seat.stack)
    return _Player(seat.player, seat.seat, stack, stack, style=style, hole=hole,
                   timeout_chance=timeout_chance(style),
                   disconnect_chance=disconnect_chance(style))


def _hand_at_the_deal(plan: HandPlan) -> Hand:
    """The hand as the replay's betting reads it before the first post: game, structure,
    stakes and button, no acts yet. Its seats are the players the betting is given beside it
    (a seat list here would be validated once more per hand for nothing); the engine plays
    for no named site (its writers name it)."""
    stakes = plan.stakes
    return Hand(
        site="", source_format=_SOURCE_FORMAT, hand_id=plan.hand_id,
        tournament_id=plan.tournament, table=plan.table, game=plan.game,
        structure=plan.structure, unit=Unit.CHIPS, small_blind=stakes.small_blind,
        big_blind=stakes.big_blind, small_bet=stakes.small_bet,
        big_bet=stakes.big_bet, ante=stakes.ante, button_seat=plan.button,
        seats=[], location=_NOWHERE, end_line=0)


def play_hand(plan: HandPlan, rng: random.Random) -> HandResult:
    """Play `plan` out with every card and decision drawn from `rng`."""
    return _HandPlay(plan, rng).play()
