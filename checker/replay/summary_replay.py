"""Turn a tournament summary into the `summary` event the rules read.

Mechanics only: the summary's list as facts, its place numbers grouped (who holds each, the
next number listed), and counts. Whether a place may be skipped, how tied players share,
which prizes come out of the pool: the rules decide (rules/fulltilt.rules, "summaries").
"""


from checker.model.summary import Placement, Prize, TournamentSummary
from checker.replay.facts import (
    Money,
    PlaceFact,
    PlacementFact,
    PrizeFact,
    SummaryEvent,
    SummaryFact,
)


def summary_event(summary: TournamentSummary) -> SummaryEvent:
    """The one event of a summary."""
    placements = [_placement(p) for p in summary.placements]
    places = _places(placements)
    placed = [p.place for p in places]
    fact = SummaryFact(
        tournament_id=summary.tournament_id,
        site=summary.site,
        source_format=summary.source_format,
        name=summary.name or "",
        game=summary.game or "",
        currency=summary.currency,
        buy_in=_money(summary.buy_in),
        fee=_money(summary.fee),
        bounty=_money(summary.bounty),
        entries=summary.entries,
        prize_pool=_money(summary.prize_pool),
        rebuys=summary.rebuys,
        add_ons=summary.add_ons,
        in_progress=summary.in_progress,
        finish_recorded=summary.finished_at is not None,
        line=summary.location.line,
        placements=placements,
        places=places,
        ties=[p for p in places if len(p.holders) > 1],
        listed=len(placements),
        still_playing=sum(1 for p in placements if p.still_playing),
        places_unknown=sum(1 for p in placements if p.place is None and not p.still_playing),
        first_place=placed[0] if placed else None,
        last_place=placed[-1] if placed else None,
    )
    return SummaryEvent(fact)


def _money(amount: int | None) -> Money | None:
    return Money(amount) if amount is not None else None


def _prize(prize: Prize) -> PrizeFact:
    return PrizeFact(prize.kind, _money(prize.amount), prize.currency, prize.text)


def _placement(placement: Placement) -> PlacementFact:
    # Most entries of a large list won nothing: no list comprehension for them.
    prizes = placement.prizes
    return PlacementFact(placement.place, placement.player, placement.still_playing,
                         [_prize(p) for p in prizes] if prizes else [], placement.line)


def _places(placements: list[PlacementFact]) -> list[PlaceFact]:
    """The place numbers listed, ascending, each with the entries listed at it."""
    holders: dict[int, list[PlacementFact]] = {}
    for placement in placements:
        if placement.place is not None:
            holders.setdefault(placement.place, []).append(placement)
    numbers = sorted(holders)
    return [
        PlaceFact(number, holders[number],
                  numbers[index + 1] if index + 1 < len(numbers) else None)
        for index, number in enumerate(numbers)
    ]
