"""The replay's facts as the explanation shows them: players, the betting round, the seats.

Copies of the facts at one moment (the replay's facts change as the hand goes on); nothing is
measured here that the replay did not measure.
"""

from collections.abc import Iterator
from dataclasses import replace

from checker.explain.explanation import BettingState, PlayerState, SeatView, Step
from checker.model import Hand
from checker.replay.facts import ActionEvent, HandFact, PlayerFact, StreetFact


def player_state(p: PlayerFact) -> PlayerState:
    return PlayerState(p.name, p.seat, p.stack, p.street_in, p.hand_in, p.folded, p.all_in,
                       p.has_acted, p.raised_since_acted, p.largest_raise_since_acted)


def starting_state(p: PlayerFact) -> PlayerState:
    """The player before anything was posted."""
    return PlayerState(p.name, p.seat, p.stack_start, 0, 0, False, False, False, 0, 0)


def betting_state(street: StreetFact, event: ActionEvent, actor: PlayerFact) -> BettingState:
    step = street.bet_unit if street.bet_unit is not None else street.last_full_raise
    return BettingState(
        street=street.name.value, pot=street.pot_before, current_bet=street.current_bet,
        to_call=event.action.to_call, last_full_raise=street.last_full_raise,
        min_raise_to=street.current_bet + step, pot_limit_max_to=street.pot_limit_max_to,
        bet_unit=street.bet_unit, bets_and_raises=street.bets_and_raises,
        expected_actor=event.action.expected_actor, actor=player_state(actor))


def with_failed(step: Step, rule_id: str) -> Step:
    return replace(step, failed=(*step.failed, rule_id))


def bets_from_next(steps: list[Step]) -> Iterator[Step]:
    """The bet to call after a step, as the replay measured it before the next act on the
    same street (it can differ from the largest total in front: a big blind posted short
    still stands at the level's amount)."""
    for step, following in zip(steps, [*steps[1:], None], strict=True):
        if (following is not None and following.before is not None
                and following.street == step.street and step.kind in ("post", "action")):
            yield _with_bet(step, following.before.current_bet)
        else:
            yield step


def _with_bet(step: Step, bet: int) -> Step:
    return replace(step, bet_to_call=bet)


def seat_views(hand: Hand, fact: HandFact | None) -> tuple[SeatView, ...]:
    dealt = {p.name for p in fact.players} if fact is not None else set()
    shown = {s.player: tuple(s.cards) for s in hand.shown}
    small = fact.small_blind_player if fact is not None else None
    big = fact.big_blind_player if fact is not None else None
    return tuple(
        SeatView(seat=s.seat, name=s.player, stack=s.stack,
                 cards=tuple(hand.hole_cards.get(s.player, ())),
                 shown=shown.get(s.player, ()), dealt=s.player in dealt,
                 sitting_out=s.sitting_out, button=s.seat == hand.button_seat,
                 small_blind=s.player == small, big_blind=s.player == big)
        for s in sorted(hand.seats, key=lambda seat: seat.seat))

