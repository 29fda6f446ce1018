"""Replay one hand into the events the rules listen to, in order.

`hand` (after the posts), each `post`, each `action` (with `timeout`s where the record puts
them), each `pot`, `hand_end`. Events share the live `HandFact` (its players change as the hand
goes on), so a consumer judges each event before asking for the next; the `street` and `actor`
of an action event are copies, frozen as they were just before the act.
"""

from collections.abc import Iterator
from typing import Final

from checker.model.hand import (
    POST_KINDS,
    Action,
    ActionKind,
    Hand,
    HandEvent,
    HandEventKind,
    Seat,
)
from checker.replay.betting import STUD_GAMES, Betting, card_rank, card_suit
from checker.replay.evaluate import evaluates
from checker.replay.facts import (
    ActionEvent,
    Chips,
    HandEndEvent,
    HandFact,
    PlayerFact,
    PostEvent,
    PostFact,
    PotEvent,
    TableFact,
    TimeoutEvent,
    TimeoutFact,
)
from checker.replay.facts import HandEvent as HandStartEvent
from checker.replay.pots import pot_facts
from checker.replay.table import TableState

_CONNECTION: Final = {HandEventKind.DISCONNECTED: True, HandEventKind.RECONNECTED: False}


def replay_hand(hand: Hand, table: TableState) -> Iterator[tuple[str, object]]:
    actions = hand.actions
    players = _dealt_players(hand, actions)
    betting = Betting(hand, players)
    leading = 0
    # Posts that took the player's last chip: all in, whether the record says so or not.
    emptied: set[int] = set()
    while leading < len(actions) and actions[leading].kind in POST_KINDS:
        _post(betting, actions[leading], emptied)
        leading += 1
    betting.start_betting()
    fact = _hand_fact(hand, players, actions)
    table_fact = table.fact_for(hand)
    yield "hand", HandStartEvent(hand=fact, table=table_fact)
    notes = _Notes(hand)
    for action in actions[:leading]:
        yield "post", _post_event(fact, table_fact, action, notes, action.index in emptied)
    for action in actions[leading:]:
        yield from notes.timeouts_before(action.index, betting, fact)
        if action.kind in POST_KINDS:
            _post(betting, action, emptied)
            yield "post", _post_event(fact, table_fact, action, notes, action.index in emptied)
            continue
        street, act, actor = betting.act(action)
        actor.disconnected = notes.disconnected(action.player, action.index)
        yield "action", ActionEvent(hand=fact, table=table_fact, street=street, action=act,
                                    actor=actor)
    yield from notes.timeouts_before(len(actions) + 1, betting, fact)
    for pot in pot_facts(hand, players):
        yield "pot", PotEvent(hand=fact, pot=pot)
    yield "hand_end", HandEndEvent(hand=fact, table=table_fact)
    table.record(hand, fact)


def _dealt_players(hand: Hand, actions: list[Action]) -> list[PlayerFact]:
    """Seats dealt in: in tournaments everyone seated (absent players are dealt and fold);
    in cash games only the seats that post or act — a cash table skips players who wait for
    the big blind or sit out without saying so in the seat line, and every player dealt in
    either posts or acts before the hand can end."""
    tournament = hand.tournament_id is not None
    # PokerStars seats a player moved in as "out of hand": seated, not dealt.
    out_of_hand = {e.player for e in hand.events
                   if e.kind is HandEventKind.OTHER and e.text.startswith("out of hand")}
    # A tournament with no one out of hand deals everyone seated: who acted is not asked.
    acting = {a.player for a in actions} if out_of_hand or not tournament else set()
    seats = hand.seats
    if not _in_seat_order(seats):  # records list their seats in order, nearly all
        seats = sorted(seats, key=lambda s: s.seat)
    players = [
        PlayerFact(name=s.player, seat=s.seat, stack_start=Chips(s.stack), stack=Chips(s.stack),
                   sitting_out=s.sitting_out)
        for s in seats
        if (tournament and s.player not in out_of_hand) or s.player in acting
    ]
    if hand.game in STUD_GAMES:
        for player in players:
            up = hand.up_cards.get(player.name)
            if up:
                player.door_card_rank = card_rank(up[0])
                player.door_card_rank_ace_low = card_rank(up[0], ace_low=True)
                player.door_card_suit = card_suit(up[0])
    return players


def _in_seat_order(seats: list[Seat]) -> bool:
    """Whether the seats are listed by seat number (sorted() would keep them as they are)."""
    return all(seats[i].seat >= seats[i - 1].seat for i in range(1, len(seats)))


def _hand_fact(hand: Hand, players: list[PlayerFact], actions: list[Action]) -> HandFact:
    small = _first_post(actions, ActionKind.SMALL_BLIND)
    big = _first_post(actions, ActionKind.BIG_BLIND)
    seat_of = {p.name: p.seat for p in players}
    has_high, has_low = evaluates(hand.game)
    pot = hand.pot
    return HandFact(
        hand_id=hand.hand_id, site=hand.site, game=hand.game, structure=hand.structure,
        play=hand.play,
        small_blind=_chips(hand.small_blind), big_blind=_chips(hand.big_blind),
        ante=_chips(hand.ante), small_bet=_chips(hand.small_bet), big_bet=_chips(hand.big_bet),
        bring_in=_chips(hand.bring_in), cap=_chips(hand.cap), button_seat=hand.button_seat,
        small_blind_seat=seat_of.get(small) if small else None,
        big_blind_seat=seat_of.get(big) if big else None,
        small_blind_player=small, big_blind_player=big,
        bring_in_player=_first_post(actions, ActionKind.BRING_IN),
        dealt_seats=[p.seat for p in players], players=players, players_dealt=len(players),
        heads_up=len(players) == 2, is_stud=hand.game in STUD_GAMES,
        is_hilo=has_high and has_low,
        total_put_in=Chips(hand.put_in()),
        total_returned=Chips(sum(r.amount for r in hand.returns)),
        total_awarded=Chips(sum(a.amount for a in hand.awards)),
        rake=Chips(pot.rake if pot is not None else 0),
        awards_recorded=hand.awards_recorded,
    )


def _first_post(actions: list[Action], kind: ActionKind) -> str | None:
    for action in actions:
        if action.kind is kind:
            return action.player
        if action.kind not in POST_KINDS:
            return None
    return None


def _chips(value: int | None) -> Chips | None:
    return None if value is None else Chips(value)


_REQUIRED: Final = {ActionKind.ANTE: "ante", ActionKind.SMALL_BLIND: "small_blind",
                    ActionKind.BIG_BLIND: "big_blind"}


def _post(betting: Betting, action: Action, emptied: set[int]) -> None:
    betting.post(action)
    player = betting.by_name[action.player]
    if action.amount > 0 and player.stack == 0:
        emptied.add(action.index)


def _post_event(fact: HandFact, table: TableFact, action: Action, notes: "_Notes",
                emptied: bool) -> PostEvent:
    field_name = _REQUIRED.get(action.kind)
    required = getattr(fact, field_name) if field_name else None
    seat = next((p for p in fact.players if p.name == action.player), None)
    post = PostFact(kind=action.kind, player=action.player, seat=seat.seat if seat else 0,
                    amount=Chips(action.amount), required=required,
                    all_in=action.all_in or emptied,
                    sitting_out=seat.sitting_out if seat else False,
                    disconnected=notes.disconnected(action.player, action.index),
                    line=action.line)
    return PostEvent(hand=fact, table=table, post=post)


class _Notes:
    """The record's non-chip lines: connection state and time-outs, by position in the
    action order."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.events = [e for e in hand.events if e.player is not None and (
            e.kind in _CONNECTION or e.kind is HandEventKind.TIMED_OUT)]
        self.timeouts = [e for e in self.events if e.kind is HandEventKind.TIMED_OUT]
        self.next_timeout = 0

    def disconnected(self, player: str, index: int) -> bool:
        state = False
        for event in self.events:
            if event.after_action > index:
                break
            if event.player == player and event.kind in _CONNECTION:
                state = _CONNECTION[event.kind]
        return state

    def timeouts_before(self, index: int, betting: Betting, fact: HandFact
                        ) -> Iterator[tuple[str, object]]:
        """Time-outs recorded before action `index`, judged on the state at that point."""
        while self.next_timeout < len(self.timeouts):
            event = self.timeouts[self.next_timeout]
            if event.after_action > index:
                return
            self.next_timeout += 1
            player = event.player or ""
            if player not in betting.by_name:
                continue
            owed, owed_as_posted = betting.to_call(player, event.street)
            timeout = TimeoutFact(player=player, check_was_free=owed == 0,
                                  then=self._next_act(event), line=event.line,
                                  check_was_free_as_posted=owed_as_posted == 0)
            yield "timeout", TimeoutEvent(hand=fact, timeout=timeout)

    def _next_act(self, event: HandEvent) -> ActionKind | None:
        for action in self.hand.actions[event.after_action:]:
            if action.player == event.player:
                return action.kind
        return None
