"""The summary replay (checker/replay/summary_replay.py): a TournamentSummary becomes the one
`summary` event, its list grouped by place number with the next number listed, and counted.

Unit tests use hand-built summaries whose expected facts are worked out by hand in each test;
the property test checks the grouping against a plain recount of the same list."""

from collections import Counter
from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from checker.model import Placement, Prize, PrizeKind, SourceLocation, TournamentSummary
from checker.replay.facts import EVENTS, Money, PrizeFact, SummaryEvent
from checker.replay.summary_replay import summary_event


def _summary(placements: list[Placement], **fields: object) -> TournamentSummary:
    values: dict[str, object] = {
        "site": "Full Tilt Poker", "source_format": "fulltilt-summary", "tournament_id": "77",
        "location": SourceLocation(file="s.txt", line=3), "end_line": 30,
        "placements": placements,
    }
    values.update(fields)
    return TournamentSummary.model_validate(values)


def _cash(cents: int) -> Prize:
    return Prize(kind=PrizeKind.CASH, amount=cents, currency="USD", text=f"{cents}")


def test_the_event_is_registered_as_summary() -> None:
    assert EVENTS["summary"] is SummaryEvent


def test_terms_are_carried_over_and_unstated_text_is_empty() -> None:
    summary = _summary([], name=None, game="Hold'em No Limit", currency="USD", buy_in=500,
                       fee=50, entries=6, prize_pool=3000, rebuys=2, in_progress=True)
    fact = summary_event(summary).summary
    assert (fact.tournament_id, fact.site, fact.source_format) == (
        "77", "Full Tilt Poker", "fulltilt-summary")
    assert (fact.name, fact.game, fact.currency) == ("", "Hold'em No Limit", "USD")
    assert (fact.buy_in, fact.fee, fact.bounty, fact.prize_pool) == (500, 50, None, 3000)
    assert (fact.entries, fact.rebuys, fact.add_ons) == (6, 2, None)
    assert fact.in_progress and not fact.finish_recorded
    assert fact.line == 3
    # Nothing listed: no places, and no first or last place.
    assert (fact.listed, fact.places, fact.ties, fact.first_place, fact.last_place) == (
        0, [], [], None, None)


def test_finish_recorded_follows_the_finish_time() -> None:
    finished = _summary([], finished_at=datetime(2012, 3, 4, 21, 5, tzinfo=UTC))
    assert summary_event(finished).summary.finish_recorded


def test_a_tie_groups_its_holders_and_points_to_the_next_place() -> None:
    # Listed out of order on purpose: 4th, a tie for 1st (two entries), 3rd, one still playing,
    # and a player whose place the record does not know.
    placements = [
        Placement(place=4, player="d", line=14),
        Placement(place=1, player="a", line=10, prizes=[_cash(3001)]),
        Placement(place=1, player="b", line=11, prizes=[_cash(3000)]),
        Placement(place=3, player="c", line=12),
        Placement(place=None, player="e", line=13, still_playing=True),
        Placement(place=None, player="f", line=15),
    ]
    fact = summary_event(_summary(placements)).summary
    assert [p.place for p in fact.places] == [1, 3, 4]
    assert [p.next_place for p in fact.places] == [3, 4, None]
    assert [[h.player for h in p.holders] for p in fact.places] == [["a", "b"], ["c"], ["d"]]
    assert [t.place for t in fact.ties] == [1]
    assert (fact.listed, fact.still_playing, fact.places_unknown) == (6, 1, 1)
    assert (fact.first_place, fact.last_place) == (1, 4)
    # The placements keep the list's order, lines and prizes.
    assert [p.player for p in fact.placements] == ["d", "a", "b", "c", "e", "f"]
    assert [p.line for p in fact.placements] == [14, 10, 11, 12, 13, 15]
    assert fact.placements[1].prizes == [PrizeFact(PrizeKind.CASH, Money(3001), "USD", "3001")]
    assert fact.placements[4].still_playing and fact.placements[4].place is None


def test_prizes_without_a_value_stay_unknown() -> None:
    ticket = Prize(kind=PrizeKind.TICKET, amount=None, currency=None, text="Step 3 Ticket")
    fact = summary_event(_summary([Placement(place=1, player="a", line=1, prizes=[ticket])]))
    assert fact.summary.placements[0].prizes == [
        PrizeFact(PrizeKind.TICKET, None, None, "Step 3 Ticket")]


_PLACEMENTS = st.lists(
    st.tuples(st.one_of(st.none(), st.integers(1, 12)), st.sampled_from("abcdef"),
              st.booleans()),
    max_size=30)


@given(_PLACEMENTS)
def test_grouping_matches_a_plain_recount(rows: list[tuple[int | None, str, bool]]) -> None:
    placements = [Placement(place=place, player=player, line=n,
                            still_playing=place is None and still)
                  for n, (place, player, still) in enumerate(rows, start=1)]
    fact = summary_event(_summary(placements)).summary
    counted = Counter(place for place, _, _ in rows if place is not None)
    numbers = sorted(counted)
    assert [p.place for p in fact.places] == numbers
    assert [len(p.holders) for p in fact.places] == [counted[n] for n in numbers]
    assert [p.next_place for p in fact.places] == [*numbers[1:], None][:len(numbers)]
    assert [t.place for t in fact.ties] == [n for n in numbers if counted[n] > 1]
    assert all(h.place == p.place for p in fact.places for h in p.holders)
    assert fact.listed == len(rows)
    assert fact.still_playing + fact.places_unknown == len(rows) - sum(counted.values())
    assert fact.first_place == (numbers[0] if numbers else None)
    assert fact.last_place == (numbers[-1] if numbers else None)
