"""What a cancelled tournament owes: the cancellation facts the clause 31 and 34 rules read.

Two sources: a log's `cancellation` line (what each player was paid), and the refund
calculator's hypothetical cancellation at any moment (one entry per player still in, paid
unknown). Both build the same facts from the replayed state, mechanics only:

- an entry's buy-in and fee are the terms'; `via_satellite` and `entered_with` come from the
  player's accepted registration (none known: not a satellite seat, entered with unknown);
- chips: the replayed stack wherever the replay seated the player (the replay knows the
  hands; a payment's `chips` is what the server believed), else the payment's own figure;
  `total_chips` adds every other player the replay still has holding chips, so a payment
  left out of the line does not enlarge the others' shares; `chips_recorded` is the
  payment's figure, and `not_paid` the players owed a payment the line leaves out;
- `prize_pool`: the prize money collected - a buy-in per entry paid for (satellite seats
  included) plus every rebuy and add-on - without guarantees or added money (31.4 divides
  exactly that; the rules raise it to the guarantee themselves where 31.2 and 31.3 count it);
- `eliminated_buy_ins`: the buy-in times the players eliminated;
- `next_payout`: the prize of the next place to fall (the place = players remaining) from
  the payout shares in force (the terms' tier at the close, else the shares the lobby
  stated, else the terms' tier for the entries paid for), of the pool in play (the larger
  of the collected pool and the guarantee), rounded down to the cent; 0 beyond the places
  paid. A Matrix match's comes from the payment;
- `non_cash_value`: one package's value times the packages awarded (at least one);
- Matrix, schema 1.0's single-line form: a payment with an estimated Matrix score is read as
  the server's statement that the player can still reach a paid Matrix place; a null
  estimate takes no part. A whole Matrix's cancellation is tournament_matrix's.
"""

from dataclasses import dataclass, field

from checker.model.tournament_log import (
    Cancellation,
    CancellationPayout,
    CancellationStage,
    PrizeCurrency,
    TournamentKind,
    TournamentTerms,
)
from checker.replay.facts import (
    CancellationEntryEvent,
    CancellationEvent,
    CancellationFact,
    CancelledEntryFact,
    Chips,
    MatrixMatchFact,
    Money,
    Seconds,
    TournamentFact,
)
from checker.replay.tournament_ledger import TournamentLedger

# Shares are basis points: 10,000 is the whole pool (a unit, not a policy).
_WHOLE_BP = 10_000


@dataclass(slots=True)
class _Payment:
    """One player's line of a cancellation: what the log says (or, hypothetically, nothing)."""

    player: str
    chips: int
    paid: int = 0
    paid_currency: PrizeCurrency | None = None
    matches: list[MatrixMatchFact] = field(default_factory=list)
    estimated_matrix_score: int | None = None
    # The chips are the log's (a payment line), not the replay's.
    recorded: bool = False


def cancellation_events(fact: TournamentFact, terms: TournamentTerms, ledger: TournamentLedger,
                        stacks: dict[str, int], event: Cancellation, at: Seconds
                        ) -> list[tuple[str, object]]:
    """The `cancellation` event, then one `cancellation_entry` per payment, in order."""
    payments = [_logged(payment) for payment in event.payouts]
    remaining = fact.players_remaining if fact.started_at is not None else len(payments)
    cancellation = _cancellation(fact, terms, ledger, stacks, event.stage, payments, at,
                                 remaining)
    cancellation.matrix_score_pool = Money(event.matrix_score_pool or 0)
    return _events(fact, cancellation)


def hypothetical_cancellation(fact: TournamentFact, terms: TournamentTerms,
                              ledger: TournamentLedger, stacks: dict[str, int], at: Seconds
                              ) -> list[tuple[str, object]]:
    """The cancellation events had the tournament been cancelled at `at`, as the state stands:
    before the start every registered player, after it every player not eliminated, each
    with their replayed chips and nothing paid (`paid` 0, `paid_currency` what they entered
    with, cash when unknown)."""
    stage = hypothetical_stage(fact, terms, ledger)
    players = list(ledger.entries) if stage is CancellationStage.BEFORE_START \
        else ledger.remaining()
    payments = [_Payment(player, stacks.get(player, 0)) for player in players]
    cancellation = _cancellation(fact, terms, ledger, stacks, stage, payments, at, len(players))
    return _events(fact, cancellation)


def hypothetical_stage(fact: TournamentFact, terms: TournamentTerms, ledger: TournamentLedger
                       ) -> CancellationStage:
    """Before the start until it starts (or someone is eliminated: a log may leave the
    start out); then in the money once no more players remain than places are paid, before
    the money until then."""
    if fact.started_at is None and not ledger.eliminated:
        return CancellationStage.BEFORE_START
    places = len(payout_shares(fact, terms, ledger))
    if len(ledger.remaining()) <= places:
        return CancellationStage.IN_THE_MONEY
    return CancellationStage.BEFORE_MONEY


def payout_shares(fact: TournamentFact, terms: TournamentTerms, ledger: TournamentLedger
                  ) -> list[int]:
    """The shares in force: those stated at the close, else the terms' tier for the entries
    paid for (none when no tier covers them)."""
    if fact.structure_shares or fact.payout_shares:
        return list(fact.structure_shares or fact.payout_shares)
    entries = fact.entrants or ledger.entries_paid
    for tier in terms.payout_structure:
        if tier.min_entrants <= entries and (tier.max_entrants is None
                                             or entries <= tier.max_entrants):
            return list(tier.shares_bp)
    return []


# ---------------------------------------------------------------- the facts


def _logged(payment: CancellationPayout) -> _Payment:
    matches = [MatrixMatchFact(match=m.match, buy_in=Money(m.buy_in),
                               in_the_money=m.in_the_money, next_payout=Money(m.next_payout))
               for m in payment.matches]
    return _Payment(payment.player, payment.chips, payment.paid, payment.paid_currency,
                    matches, payment.estimated_matrix_score, recorded=True)


def _cancellation(fact: TournamentFact, terms: TournamentTerms, ledger: TournamentLedger,
                  stacks: dict[str, int], stage: CancellationStage, payments: list[_Payment],
                  at: Seconds, remaining: int) -> CancellationFact:
    collected = ledger.collected(terms.buy_in)
    next_payout = 0
    if stage is CancellationStage.IN_THE_MONEY:
        in_play = max(collected, terms.guarantee or 0)
        next_payout = prize_of_place(payout_shares(fact, terms, ledger), remaining, in_play)
    entries = [_entry(terms, ledger, stacks, payment, next_payout) for payment in payments]
    listed = {entry.player for entry in entries}
    due = ledger.entries if stage is CancellationStage.BEFORE_START else ledger.remaining()
    unlisted = sum(chips for player, chips in stacks.items()
                   if chips > 0 and player not in listed)
    return CancellationFact(
        at=at, stage=stage, entries=entries,
        total_chips=Chips(sum(entry.chips for entry in entries) + unlisted),
        eliminated_buy_ins=Money(terms.buy_in * len(ledger.eliminated)),
        prize_pool=Money(collected), paid_out_so_far=Money(ledger.paid_out),
        guarantee=None if terms.guarantee is None else Money(terms.guarantee),
        non_cash_value=Money(_non_cash_value(terms)),
        not_paid=[player for player in due if player not in listed])


def _entry(terms: TournamentTerms, ledger: TournamentLedger, stacks: dict[str, int],
           payment: _Payment, next_payout: int) -> CancelledEntryFact:
    registration = ledger.entries.get(payment.player)
    entered_with = None if registration is None else registration.paid_currency
    chips = stacks.get(payment.player, payment.chips)
    score = payment.estimated_matrix_score
    return CancelledEntryFact(
        player=payment.player, chips=Chips(chips),
        chips_recorded=Chips(payment.chips) if payment.recorded else None,
        buy_in=Money(terms.buy_in),
        fee=Money(terms.fee),
        via_satellite=registration is not None and registration.via_satellite,
        paid=Money(payment.paid),
        paid_currency=payment.paid_currency or entered_with or PrizeCurrency.CASH,
        next_payout=Money(next_payout), entered_with=entered_with, matches=payment.matches,
        estimated_matrix_score=score or 0,
        can_reach_paid_matrix_place=terms.kind is TournamentKind.MATRIX and score is not None)


def prize_of_place(shares: list[int], place: int, pool: int) -> int:
    """The prize of `place` (1 = first): its share of `pool`, rounded down; 0 unpaid."""
    if not 1 <= place <= len(shares):
        return 0
    return pool * shares[place - 1] // _WHOLE_BP


def _non_cash_value(terms: TournamentTerms) -> int:
    if terms.non_cash_value is None:
        return 0
    return terms.non_cash_value * max(terms.seats_awarded or 0, 1)


def _events(fact: TournamentFact, cancellation: CancellationFact) -> list[tuple[str, object]]:
    events: list[tuple[str, object]] = [("cancellation", CancellationEvent(fact, cancellation))]
    events.extend(("cancellation_entry", CancellationEntryEvent(fact, cancellation, entry))
                  for entry in cancellation.entries)
    return events
