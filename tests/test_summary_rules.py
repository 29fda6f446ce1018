"""The summary rules of rules/fulltilt.rules ("summaries"), on hand-built `summary` events:
each reading changes a verdict on a concrete case, under every rule set (tda2024 and
pokerstars inherit them unchanged); the rules judged per place run on every place. Then the
audit's SummaryJudge: a summary's finding is located at its header line and names its
tournament."""

from pathlib import Path

import pytest

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import load_ruleset
from checker.replay.facts import (
    Money,
    PlaceFact,
    PlacementFact,
    PrizeFact,
    PrizeKind,
    SummaryEvent,
    SummaryFact,
    SummaryPlaceEvent,
)
from tests.conftest import REPO
from tests.test_rules_files import RULE_SETS, outcomes

POOL = "summary.pool-paid-out"
TIES = "summary.tied-places-share-equally"
SKIPS = "summary.no-skipped-places"
WINNER = "summary.winner-placed-first"
WITHIN = "summary.places-within-entries"

Row = tuple[int | None, list[PrizeFact]]


def cash(cents: int, currency: str = "USD") -> PrizeFact:
    return PrizeFact(PrizeKind.CASH, Money(cents), currency, f"{cents}")


def bounty(cents: int) -> PrizeFact:
    return PrizeFact(PrizeKind.BOUNTY, Money(cents), "USD", f"{cents} bounty")


def ticket(cents: int | None, currency: str | None = "USD") -> PrizeFact:
    return PrizeFact(PrizeKind.TICKET, Money(cents) if cents is not None else None, currency,
                     "Ticket")


def event(rows: list[Row], *, entries: int | None = None, pool: int | None = None,
          currency: str = "USD", in_progress: bool = False, still_playing: int = 0,
          game: str = "Hold'em No Limit") -> SummaryEvent:
    """A summary listing `rows` (place, prizes) in order, plus `still_playing` entries still
    in. The place groups are written out here from the rows, by hand's rule: one group per
    number, ascending, each pointing to the next."""
    placements = [PlacementFact(place, f"p{n}", False, prizes, 10 + n)
                  for n, (place, prizes) in enumerate(rows)]
    placements += [PlacementFact(None, f"s{n}", True, [], 100 + n) for n in range(still_playing)]
    numbers = sorted({p.place for p in placements if p.place is not None})
    places = [PlaceFact(number, [p for p in placements if p.place == number],
                        numbers[i + 1] if i + 1 < len(numbers) else None)
              for i, number in enumerate(numbers)]
    fact = SummaryFact(
        tournament_id="930", site="Full Tilt Poker", source_format="fulltilt-summary",
        name="Test", game=game, currency=currency, buy_in=Money(500), fee=Money(50),
        bounty=None, entries=len(placements) if entries is None else entries,
        prize_pool=Money(pool) if pool is not None else None, rebuys=None, add_ons=None,
        in_progress=in_progress, finish_recorded=not in_progress, line=1,
        placements=placements, places=places, ties=[p for p in places if len(p.holders) > 1],
        listed=len(placements), still_playing=still_playing,
        places_unknown=sum(1 for p in placements if p.place is None and not p.still_playing),
        first_place=numbers[0] if numbers else None,
        last_place=numbers[-1] if numbers else None)
    return SummaryEvent(fact)


# Rules judged per place (`on summary_place`, located at the place's line).
BY_PLACE = {TIES, SKIPS, WINNER, WITHIN}


def same_everywhere(rule_id: str, summary: SummaryEvent) -> str:
    """The verdict, asserted to be the same under every rule set. A rule judged per place
    is run on every place of the summary, and the summary's verdict is theirs taken
    together: a failing place fails it, else an unknown one leaves it unknown, else a
    passing one passes it (n/a when no place is judged)."""
    if rule_id not in BY_PLACE:
        found = outcomes(rule_id, summary)
    else:
        found = {}
        per_place = [outcomes(rule_id, SummaryPlaceEvent(summary.summary, place))
                     for place in summary.summary.places]
        for name in RULE_SETS:
            verdicts = {each[name] for each in per_place}
            found[name] = next((v for v in ("fail", "unknown", "pass") if v in verdicts), "n/a")
    assert set(found) == set(RULE_SETS)
    assert len(set(found.values())) == 1, found
    return next(iter(found.values()))


def six_sit_and_go(second: int, pool: int = 3000) -> SummaryEvent:
    rows: list[Row] = [(1, [cash(1950)]), (2, [cash(second)]), (3, []), (4, []), (5, []),
                       (6, [])]
    return event(rows, pool=pool)


# ---------------------------------------------------------------- the pool is paid out


@pytest.mark.parametrize("second, verdict", [
    (1050, "pass"),   # 19.50 + 10.50 = 30.00
    (1049, "pass"),   # a cent short: within a cent per prize (2 prizes)
    (1048, "pass"),   # two cents short: still within
    (1047, "fail"),   # three cents short
    (1030, "fail"),
    (1060, "fail"),   # more than the pool
])
def test_the_prizes_add_up_to_the_pool_give_or_take_a_cent_per_prize(second: int,
                                                                     verdict: str) -> None:
    assert same_everywhere(POOL, six_sit_and_go(second)) == verdict


def test_bounties_are_not_counted_against_the_pool() -> None:
    rows: list[Row] = [(1, [cash(1950), bounty(1500)]), (2, [cash(1050)]), (3, [])]
    assert same_everywhere(POOL, event(rows, pool=3000)) == "pass"


def test_tickets_count_at_their_stated_value() -> None:
    rows: list[Row] = [(1, [ticket(7500)]), (2, [cash(2400)]), (3, [])]
    assert same_everywhere(POOL, event(rows, pool=9900)) == "pass"
    rows = [(1, [ticket(7500)]), (2, [cash(2300)]), (3, [])]
    assert same_everywhere(POOL, event(rows, pool=9900)) == "fail"


def test_a_prize_without_a_value_or_in_another_unit_leaves_it_unknown() -> None:
    unpriced: list[Row] = [(1, [ticket(None, None)]), (2, [cash(2400)]), (3, [])]
    assert same_everywhere(POOL, event(unpriced, pool=9900)) == "unknown"
    # A ticket priced in dollars in an event whose pool is in points.
    dollars: list[Row] = [(1, [ticket(2200)]), (2, [PrizeFact(PrizeKind.POINTS, Money(100),
                                                              "FTP", "100 FTP")])]
    assert same_everywhere(POOL, event(dollars, pool=9200, currency="FTP")) == "unknown"


def test_the_pool_is_judged_only_on_a_finished_complete_list() -> None:
    rows: list[Row] = [(1, [cash(1950)]), (2, [cash(1030)]), (3, [])]
    assert same_everywhere(POOL, event(rows, pool=3000)) == "fail"
    assert same_everywhere(POOL, event(rows, pool=3000, in_progress=True)) == "n/a"
    assert same_everywhere(POOL, event(rows, pool=3000, still_playing=1)) == "n/a"
    assert same_everywhere(POOL, event(rows, pool=3000, entries=4)) == "n/a"
    assert same_everywhere(POOL, event(rows, pool=None)) == "n/a"
    unplaced: list[Row] = [*rows, (None, [])]
    assert same_everywhere(POOL, event(unplaced, pool=3000)) == "n/a"


def test_a_longer_list_than_the_count_is_complete() -> None:
    # Re-entries listed on lines of their own: 3 lines for 2 players counted.
    rows: list[Row] = [(1, [cash(1950)]), (2, [cash(1030)]), (3, [])]
    assert same_everywhere(POOL, event(rows, pool=3000, entries=2)) == "fail"


def test_a_matrix_match_is_not_compared_with_the_whole_events_pool() -> None:
    rows: list[Row] = [(1, [cash(1950)]), (2, [cash(1050)]), (3, [])]
    matrix = "Match 1 Hold'em No Limit (Matrix, Super Turbo, 6 Handed)"
    assert same_everywhere(POOL, event(rows, pool=15000, game=matrix)) == "n/a"
    assert same_everywhere(POOL, event(rows, pool=15000)) == "fail"


# ---------------------------------------------------------------- ties share equally


def tie_for_first(*prizes: list[PrizeFact]) -> SummaryEvent:
    rows: list[Row] = [(1, p) for p in prizes]
    rows += [(len(prizes) + 1, []), (len(prizes) + 2, [])]
    return event(rows)


def test_tied_entries_share_with_at_most_the_odd_cent_apart() -> None:
    assert same_everywhere(TIES, tie_for_first([cash(3334)], [cash(3333)], [cash(3333)])) == \
        "pass"
    assert same_everywhere(TIES, tie_for_first([cash(3335)], [cash(3333)], [cash(3332)])) == \
        "fail"
    assert same_everywhere(TIES, tie_for_first([cash(3335)], [cash(3333)], [cash(3333)])) == \
        "fail"
    # A tied entry paid nothing while the other is paid.
    assert same_everywhere(TIES, tie_for_first([cash(5112)], [])) == "fail"


def test_a_bounty_does_not_make_a_tie_unequal() -> None:
    assert same_everywhere(TIES, tie_for_first([cash(2200), bounty(1500)], [cash(2200)])) == \
        "pass"


def test_unpriced_tied_prizes_are_unknown_unless_another_tie_is_unequal() -> None:
    unpriced = tie_for_first([ticket(None, None)], [ticket(None, None)])
    assert same_everywhere(TIES, unpriced) == "unknown"
    rows: list[Row] = [(1, [ticket(None, None)]), (1, [ticket(None, None)]),
                       (3, [cash(500)]), (3, [cash(300)]), (5, [])]
    assert same_everywhere(TIES, event(rows)) == "fail"


def test_ties_are_judged_in_finished_tournaments_only() -> None:
    unequal: list[Row] = [(1, [cash(5112)]), (1, [])]
    assert same_everywhere(TIES, event(unequal, still_playing=2)) == "n/a"
    assert same_everywhere(TIES, event(unequal, in_progress=True)) == "n/a"


# ---------------------------------------------------------------- places


def places(*numbers: int | None, entries: int | None = None, in_progress: bool = False,
           still_playing: int = 0) -> SummaryEvent:
    return event([(n, []) for n in numbers], entries=entries, in_progress=in_progress,
                 still_playing=still_playing)


@pytest.mark.parametrize("numbers, verdict", [
    ((1, 2, 3, 4, 5, 6), "pass"),
    ((1, 2, 3, 3, 5, 6), "pass"),   # the tie at 3rd spans 4th
    ((1, 1, 1, 4, 5), "pass"),      # three tied winners span 1st to 3rd
    ((1, 2, 3, 3, 4, 5), "pass"),   # Full Tilt's numbering after a tie: the next number
    ((1, 2, 4, 4, 5, 6), "fail"),   # nobody spans 3rd
    ((1, 2, 3, 3, 6), "fail"),      # the tie at 3rd spans 4th, not 5th
])
def test_no_place_is_skipped_that_a_tie_does_not_span(numbers: tuple[int, ...],
                                                      verdict: str) -> None:
    assert same_everywhere(SKIPS, places(*numbers)) == verdict


def test_skips_are_judged_on_finished_complete_lists_only() -> None:
    assert same_everywhere(SKIPS, places(1, 2, 4, 5, in_progress=True)) == "n/a"
    assert same_everywhere(SKIPS, places(3, 7, still_playing=2)) == "n/a"
    assert same_everywhere(SKIPS, places(1, 2, 4, entries=9)) == "n/a"


def test_a_finished_complete_list_has_a_winner() -> None:
    assert same_everywhere(WINNER, places(1, 2, 3)) == "pass"
    assert same_everywhere(WINNER, places(1, 1, 3)) == "pass"
    assert same_everywhere(WINNER, places(2, 3, 4)) == "fail"
    # Not judged: the account holder's line alone, a place left unknown, a running event.
    assert same_everywhere(WINNER, places(1848, entries=3602)) == "n/a"
    assert same_everywhere(WINNER, places(None, 4, 5)) == "n/a"
    assert same_everywhere(WINNER, places(2, 3, still_playing=1)) == "n/a"


def test_no_place_is_beyond_the_entries() -> None:
    assert same_everywhere(WITHIN, places(1, 2, 3, 4, 5, 6)) == "pass"
    assert same_everywhere(WITHIN, places(1, 2, 3, 4, 5, 8)) == "fail"
    # Judged in a running tournament too.
    assert same_everywhere(WITHIN, places(3, 4, 5, 8, still_playing=2)) == "fail"
    assert same_everywhere(WITHIN, places(3, 4, 5, 6, still_playing=2)) == "pass"
    # A list longer than the count (re-entries) bounds the places: 7 lines, 6 players.
    assert same_everywhere(WITHIN, places(1, 2, 3, 4, 5, 6, 7, entries=6)) == "pass"
    assert same_everywhere(WITHIN, places(1, 2, 3, 4, 5, 6, 9, entries=6)) == "fail"


def test_places_within_entries_needs_a_count_and_a_place() -> None:
    fact = places(1, 2).summary
    fact.entries = None
    assert same_everywhere(WITHIN, SummaryEvent(fact)) == "n/a"
    assert same_everywhere(WITHIN, places(None, None)) == "n/a"


# ---------------------------------------------------------------- the audit


def test_summary_findings_are_located_at_the_summary_and_its_tournament(
        tmp_path: Path) -> None:
    fixtures = REPO / "hand_histories" / "fixtures"
    clean = (fixtures / "summary-pool-paid-out.twin.txt").read_text(encoding="utf-8")
    planted = (fixtures / "summary-pool-paid-out.planted.txt").read_text(encoding="utf-8")
    both = tmp_path / "two-summaries.txt"
    both.write_text(clean + planted, encoding="utf-8")
    second_header = clean.count("\n") + 1
    path = REPO / "rules" / "fulltilt.rules"
    loaded = load_ruleset(path)
    result = audit([both], ruleset_id(loaded, path), loaded)
    assert result.summaries == 2
    assert [(f.rule, f.location.line, f.location.tournament, f.location.hand)
            for f in result.findings] == [(POOL, second_header, "930000101", None)]
    [finding] = result.findings
    assert finding.location.file == str(both)
    assert finding.clauses == ["12", "15"] and finding.severity == "error"
    assert "$29.80" in finding.message and "$30.00" in finding.message
