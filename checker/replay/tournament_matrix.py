"""A whole Matrix (clause 31.7): its cancellation facts, from its matches' replays.

A Matrix is logged as one tournament per match (each replayed on its own) plus the Matrix's
own record, `matrix_terms`, whose `tournament` is the Matrix's id and which names the match
tournaments. A `matrix_cancellation` line of that id is judged here with what each match's
replay knows at that moment (`MatchView`), mechanics only:

- a match is finished once no more than one player is left in it (its winner is no longer
  in it), in the money once no more players are left than its places are paid;
- a player is still in the Matrix while still in a match not finished; their chips are their
  stacks summed over those matches; entrants in no match any more count in
  `matrix_out_of_every_match`;
- each live match gives the player its buy-in, whether in the money and its next payout (the
  prize of the place that falls next, from the match's pool in play);
- Matrix points: a match place earns the terms' `score_points` of that place; the winner of a
  finished match earns first place's. The highest score still possible adds the best place
  still open (1st to the players left) in each live match, the lowest the worst;
  `matrix_players_surely_above` counts the other entrants whose lowest exceeds the player's
  highest (which of them is paid how much is the rules' reading).

The refund calculator's hypothetical Matrix cancellation (no line yet) pays nothing and, the
log stating no estimate before a cancellation, takes the points earned so far as each
player's estimated Matrix score.
"""

from dataclasses import dataclass

from checker.model.tournament_log import (
    CancellationStage,
    MatrixCancellation,
    MatrixTerms,
    PrizeCurrency,
    Registration,
    TournamentKind,
)
from checker.replay.cancellation import prize_of_place
from checker.replay.facts import (
    CancellationEntryEvent,
    CancellationEvent,
    CancellationFact,
    CancelledEntryFact,
    Chips,
    MatrixMatchFact,
    MatrixMatchStateFact,
    Money,
    Seconds,
    TournamentFact,
)


@dataclass(frozen=True, slots=True)
class MatchView:
    """One match of a Matrix as its own replay stands."""

    match: str
    buy_in: int
    started: bool
    # The Matrix's registrations, as the match's log states them.
    entries: dict[str, Registration]
    remaining: list[str]
    places: dict[str, int]
    stacks: dict[str, int]
    shares: list[int]
    # The pool its prizes are paid from (collected, or the guarantee when larger).
    pool: int
    paid_out: int

    @property
    def finished(self) -> bool:
        return self.started and len(self.remaining) <= 1

    @property
    def in_the_money(self) -> bool:
        return len(self.remaining) <= len(self.shares)


def matrix_fact(terms: MatrixTerms) -> TournamentFact:
    """The Matrix as a tournament fact: its id, entry and fee; times count from its terms."""
    return TournamentFact(tournament_id=terms.tournament, kind=TournamentKind.MATRIX,
                          buy_in=Money(terms.buy_in), fee=Money(terms.fee),
                          currency=terms.currency, scheduled_start=Seconds(0))


def matrix_cancellation_events(fact: TournamentFact, terms: MatrixTerms,
                               matches: list[MatchView], event: MatrixCancellation | None,
                               at: Seconds) -> list[tuple[str, object]]:
    """The `cancellation` event, then one `cancellation_entry` per payment, of the whole
    Matrix; `event` None: the hypothetical cancellation at `at` (nothing paid)."""
    entrants = list(dict.fromkeys(p for m in matches for p in m.entries))
    started = any(m.started for m in matches)
    live = {p: [m for m in matches if not m.finished and p in m.remaining] for p in entrants}
    in_matrix = [p for p in entrants if live[p]] if started else entrants
    earned = {p: _earned(terms, matches, p) for p in entrants}
    lowest = {p: earned[p] + sum(min(_points_open(terms, m)) for m in live[p])
              for p in entrants}
    highest = {p: earned[p] + sum(max(_points_open(terms, m)) for m in live[p])
               for p in entrants}
    # (player, chips, paid, currency, estimated score, from a payment line)
    payments: list[tuple[str, int, int, PrizeCurrency | None, int, bool]]
    if event is None:
        # Chips 0: an entrant's chips are counted from the matches below (every entrant is
        # in `live`); only a recorded payment states chips of its own.
        payments = [(p, 0, 0, None, earned[p], False) for p in in_matrix]
    else:
        payments = [(p.player, p.chips, p.paid, p.paid_currency, p.estimated_matrix_score,
                     True) for p in event.payouts]
    entries = []
    for player, chips, paid, currency, estimate, recorded in payments:
        registration = next((m.entries[player] for m in matches if player in m.entries), None)
        entered_with = None if registration is None else registration.paid_currency
        top = highest.get(player, 0)
        entries.append(CancelledEntryFact(
            player=player,
            chips=Chips(sum(m.stacks.get(player, 0) for m in live[player])
                        if player in live else chips),
            chips_recorded=Chips(chips) if recorded else None,
            buy_in=Money(terms.buy_in), fee=Money(terms.fee),
            via_satellite=registration is not None and registration.via_satellite,
            paid=Money(paid), paid_currency=currency or entered_with or PrizeCurrency.CASH,
            entered_with=entered_with,
            matches=[_match_of(m) for m in live.get(player, [])],
            estimated_matrix_score=estimate,
            earned_matrix_score=earned.get(player, 0), highest_matrix_score=top,
            matrix_players_surely_above=sum(1 for other in entrants
                                            if other != player and lowest[other] > top)))
    listed = {entry.player for entry in entries}
    unlisted = sum(m.stacks.get(p, 0) for p in in_matrix if p not in listed for m in live[p])
    out = sum(1 for p in entrants if not live[p]) if started else 0
    fact.entrants = len(entrants)
    fact.registered = len(entrants)
    fact.players_remaining = len(in_matrix)
    cancellation = CancellationFact(
        at=at, stage=_stage(started, matches), entries=entries,
        total_chips=Chips(sum(entry.chips for entry in entries) + unlisted),
        eliminated_buy_ins=Money(out * sum(m.buy_in for m in matches)),
        prize_pool=Money(terms.buy_in * len(entrants)),
        paid_out_so_far=Money(sum(m.paid_out for m in matches)), guarantee=None,
        non_cash_value=Money(0), matrix_score_pool=Money(terms.score_pool),
        not_paid=[p for p in in_matrix if p not in listed], whole_matrix=True,
        matrix_matches=[MatrixMatchStateFact(
            match=m.match, buy_in=Money(m.buy_in), finished=m.finished,
            in_the_money=m.in_the_money, players_remaining=len(m.remaining))
            for m in matches],
        matrix_out_of_every_match=out, matrix_paid_places=len(terms.score_shares_bp))
    events: list[tuple[str, object]] = [("cancellation", CancellationEvent(fact, cancellation))]
    events.extend(("cancellation_entry", CancellationEntryEvent(fact, cancellation, entry))
                  for entry in cancellation.entries)
    return events


def _stage(started: bool, matches: list[MatchView]) -> CancellationStage:
    """Before the start until a match starts; in the money once every match still running
    is; before the money otherwise (31.7 judges each match's stage on its own)."""
    if not started:
        return CancellationStage.BEFORE_START
    if all(m.in_the_money for m in matches if not m.finished):
        return CancellationStage.IN_THE_MONEY
    return CancellationStage.BEFORE_MONEY


def _match_of(match: MatchView) -> MatrixMatchFact:
    next_payout = 0
    if match.in_the_money:
        next_payout = prize_of_place(match.shares, len(match.remaining), match.pool)
    return MatrixMatchFact(match=match.match, buy_in=Money(match.buy_in),
                           in_the_money=match.in_the_money, next_payout=Money(next_payout))


def _points(terms: MatrixTerms, place: int) -> int:
    return terms.score_points[place - 1] if 1 <= place <= len(terms.score_points) else 0


def _points_open(terms: MatrixTerms, match: MatchView) -> list[int]:
    """The points of the places still open in a live match: 1st to the players left."""
    return [_points(terms, place) for place in range(1, len(match.remaining) + 1)]


def _earned(terms: MatrixTerms, matches: list[MatchView], player: str) -> int:
    """The Matrix points `player`'s places have earned: each match they are out of, and
    first place in each finished match they won."""
    total = 0
    for match in matches:
        if player in match.places:
            total += _points(terms, match.places[player])
        elif match.finished and player in match.remaining:
            total += _points(terms, 1)
    return total
