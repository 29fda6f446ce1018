"""The tournament replay (checker/replay/tournament.py) and its audit (TournamentJudge).

The example log yields the events the rules read, with the facts its lines state; it audits
clean under rules/fulltilt.rules. Every planted log fixture (hand_histories/fixtures/log-*)
gives exactly its finding at the line that decided it, and its twin none.
"""

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import get_args

from hypothesis import given
from hypothesis import strategies as st

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.ingest.stream import FileRecords, open_file
from checker.model.event_lines import EVENT_LINES
from checker.model.hand_line import HandPlayed
from checker.model.source import SourceLocation
from checker.model.tournament_log import LogRecord, LogStart, ModelEvent, event_from
from checker.replay.facts import (
    BountyEvent,
    BreakEvent,
    ClockEvent,
    EliminationEvent,
    InfoViewEvent,
    PaidPlaceEvent,
    PayoutEvent,
    RegistrationEvent,
    StartEvent,
    TournamentEndEvent,
)
from checker.replay.tournament import Step, TournamentState

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "fulltilt.rules"
EXAMPLE = ROOT / "hand_histories" / "logs" / "sng-6max-700001.jsonl"
FIXTURES = ROOT / "hand_histories" / "fixtures"
T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)

_RULESET: list[Ruleset] = []


def _ruleset() -> Ruleset:
    if not _RULESET:
        _RULESET.append(load_ruleset(RULES))
    return _RULESET[0]


def _findings(path: Path) -> list[tuple[str, int, str | None]]:
    rules = _ruleset()
    result = audit([path], ruleset_id(rules, RULES), rules)
    return sorted((f.rule, f.location.line, f.location.tournament) for f in result.findings)


def _replay(path: Path, tournament: str = "700001") -> list[Step]:
    """The steps of `tournament`'s lines of the log at `path`, then of its closing."""
    opened = open_file(path)
    assert isinstance(opened, FileRecords)
    state = TournamentState(tournament)
    steps: list[Step] = []
    for record in opened.records:
        assert isinstance(record, LogRecord)
        if record.tournament is not None:
            steps.extend(state.feed(record))
    steps.extend(state.close())
    return steps


# ---------------------------------------------------------------- the example log


def test_example_yields_the_events_of_its_lines() -> None:
    # Line n holds seq n-1: registrations seq 2-7, the close seq 8, start seq 15 and then
    # each of the six entrants at its seat line (seq 9-14), a clock
    # at each hand (seq 17, 20, 23, 25, 27), dave's chat between hands (seq 19), each
    # elimination without prize (seq 18, 21, 24, 26) once a line written later is read
    # (clause 25's same moment), each busting hand's no_chips (at its line) at the next
    # hand or the end, the info view seq 22, alice's prize (seq 28, credited by her payout
    # seq 29 at the same second) at the next second's line, payouts seq 29-30, end seq 31.
    # Each hand's stacks come before its clock; when the file ends, its six places: 1st and
    # 2nd paid (at the end line), 3rd to 6th with no payout, each at its holder's
    # elimination line.
    steps = _replay(EXAMPLE)
    assert [(s.name, s.line) for s in steps] == (
        [("registration", line) for line in range(3, 9)]
        + [("registration_closed", 9), ("tournament_start", 16)]
        + [("entrant", line) for line in range(10, 16)]
        + [("hand_stacks", 18), ("clock", 18), ("elimination", 19), ("chat", 20),
           ("hand_stacks", 21), ("no_chips", 18), ("clock", 21), ("elimination", 22),
           ("info_view", 23), ("hand_stacks", 24), ("no_chips", 21), ("clock", 24),
           ("elimination", 25), ("hand_stacks", 26), ("no_chips", 24), ("clock", 26),
           ("elimination", 27), ("hand_stacks", 28), ("no_chips", 26), ("clock", 28)]
        + [("payout", 30), ("elimination", 29), ("payout", 31), ("no_chips", 28),
           ("tournament_end", 32)]
        + [("paid_place", line) for line in (32, 32, 27, 25, 22, 19)]
    )


def test_example_facts() -> None:
    steps = _replay(EXAMPLE)
    regs = [s.event for s in steps if isinstance(s.event, RegistrationEvent)]
    assert [r.registration.registered_before for r in regs] == [0, 1, 2, 3, 4, 5]
    start = next(s.event for s in steps if isinstance(s.event, StartEvent))
    # Terms: scheduled 18:00:01; frank's registration (the sixth seat) at 18:00:35, the
    # start at 18:00:37.
    assert start.tournament.filled_at == 34
    assert start.start.at == 36
    assert [(e.player, e.starting_stack) for e in start.start.entrants] == [
        (p, 1500) for p in ("alice", "bob", "carol", "dave", "erin", "frank")]
    busts = {s.event.elimination.player: s.event.elimination
             for s in steps if isinstance(s.event, EliminationEvent)}
    # Bob started hand 7000010003 with 1470 chips (its seats line); dave hand 1 with 1500.
    assert busts["bob"].started_hand_with == 1470
    assert busts["dave"].started_hand_with == 1500
    assert [b.player for b in busts["dave"].same_hand] == ["dave"]
    assert busts["dave"].credited_at is None
    # alice: eliminated 18:03:56, payout credited 18:03:56 (235 s after the scheduled start).
    assert busts["alice"].at == busts["alice"].credited_at == 235
    payouts = [s.event.payout for s in steps if isinstance(s.event, PayoutEvent)]
    assert [(p.player, p.share, p.paid) for p in payouts] == [
        ("alice", 3500, 2100), ("erin", 6500, 3900)]
    end = next(s.event for s in steps if isinstance(s.event, TournamentEndEvent))
    places = [s.event.place for s in steps if isinstance(s.event, PaidPlaceEvent)]
    # erin is never eliminated: first place at the end; 65% and 35% for the first two.
    assert [(p.place, p.holders, p.unpaid, p.share) for p in places] == [
        (1, ["erin"], [], 6500), (2, ["alice"], [], 3500), (3, ["carol"], ["carol"], 0),
        (4, ["bob"], ["bob"], 0), (5, ["frank"], ["frank"], 0), (6, ["dave"], ["dave"], 0)]
    assert all(p.ended and not p.cancelled and p.seen_until == 237 for p in places)
    assert (end.end.chips_at_start, end.end.chips_at_end) == (9000, 9000)
    assert end.end.players_with_chips == 1 and not end.end.cancelled
    assert end.tournament.prize_pool == 6000 and end.tournament.payout_shares == [6500, 3500]


def test_example_audits_clean() -> None:
    assert _findings(EXAMPLE) == []


# ---------------------------------------------------------------- planted fixtures

# Each planted log: the one finding it gives, at the line of the event that decided it.
PLANTED: dict[str, tuple[str, int]] = {
    "log-registration-after-start": ("registration.closes-at-start", 4),
    "log-registration-beyond-full": ("registration.not-beyond-full", 5),
    "log-refund-after-start": ("unregistration.only-until-seating", 6),
    "log-unregistration-refund": ("unregistration.refund", 4),
    "log-satellite-refund": ("unregistration.satellite-refund", 4),
    # log-starting-stack gives one finding per seat line: tests/test_finding_places.py.
    "log-sng-late-start": ("tournament.sit-and-go-starts-at-once", 8),
    "log-sng-start-not-full": ("tournament.sit-and-go-starts-when-full", 8),
    "log-chips-created": ("tournament.stacks-carried-between-hands", 9),
    "log-pool-short": ("prizes.pool-holds-the-buy-ins", 12),
    "log-prize-short": ("prizes.paid-per-structure", 8),
    "log-prize-cent-short": ("prizes.paid-per-structure", 8),
    "log-prize-credited-late": ("prizes.credited-at-once", 7),
    "log-info-view-wrong-average": ("info.stacks-shown", 10),
    "log-break-too-short": ("breaks.length", 11),
    "log-no-break-in-an-hour": ("breaks.not-overdue", 10),
}


def _tournament_of(path: Path) -> str:
    second = path.read_text().splitlines()[1]
    value = event_from(json.loads(second))
    assert not isinstance(value, LogStart)
    return str(value.tournament)


def test_listed_log_fixtures_exist() -> None:
    # Every fixture has its test block (tests/test_fixtures.py); these are also pinned to
    # the line that decides.
    for name in PLANTED:
        assert (FIXTURES / f"{name}.planted.jsonl").exists()
        assert (FIXTURES / f"{name}.twin.jsonl").exists()


def test_planted_logs_give_their_finding() -> None:
    for name, (rule, line) in PLANTED.items():
        path = FIXTURES / f"{name}.planted.jsonl"
        assert _findings(path) == [(rule, line, _tournament_of(path))], name


def test_twin_logs_give_no_finding() -> None:
    for name in PLANTED:
        assert _findings(FIXTURES / f"{name}.twin.jsonl") == [], name


# ---------------------------------------------------------------- mechanics


def _at(seconds: int) -> str:
    return (T0 + timedelta(seconds=seconds)).isoformat()


def _terms(**over: object) -> dict[str, object]:
    terms: dict[str, object] = {
        "event": "tournament_terms", "at": _at(-3600), "kind": "sit_and_go",
        "game": "holdem", "structure": "no_limit", "currency": "USD", "buy_in": 1000,
        "fee": 100, "seats_per_table": 9, "max_entrants": 3, "scheduled_start": _at(0),
        "levels": [{"level": 1, "duration_s": 600, "small_blind": 10, "big_blind": 20}],
        "breaks": None, "payout_structure": [{"min_entrants": 2, "shares_bp": [10000]}],
    }
    terms.update(over)
    return terms


def _feed(state: TournamentState, lines: list[dict[str, object]]) -> list[Step]:
    steps: list[Step] = []
    for number, line in enumerate(lines, start=2):
        event = event_from({"seq": number, "tournament": "1", **line})
        record = LogRecord(source_format="tournament-log",
                           location=SourceLocation(file="t.jsonl", line=number), event=event)
        steps.extend(state.feed(record))
    return steps


def _reg(player: str, at: int, accepted: bool = True) -> dict[str, object]:
    return {"event": "registration", "at": _at(at), "player": player, "accepted": accepted,
            "paid": 1100, "paid_currency": "cash"}


def _unreg(player: str, at: int, accepted: bool = True) -> dict[str, object]:
    return {"event": "unregistration", "at": _at(at), "player": player, "accepted": accepted,
            "refund": 1100, "refund_currency": "cash"}


@given(st.lists(st.tuples(st.booleans(), st.booleans()), max_size=12))
def test_registered_before_counts_the_entries_held(requests: list[tuple[bool, bool]]) -> None:
    # A registration (True) or an unregistration (False) by a fresh player, accepted or not.
    lines: list[dict[str, object]] = [_terms(max_entrants=None)]
    for i, (registers, accepted) in enumerate(requests):
        lines.append((_reg if registers else _unreg)(f"p{i}", -100 + i, accepted))
    steps = _feed(TournamentState("1"), lines)
    held = 0
    for (registers, accepted), step in zip(requests, steps, strict=True):
        if registers:
            assert isinstance(step.event, RegistrationEvent)
            assert step.event.registration.registered_before == held
            held += accepted
        elif accepted:
            held = max(held - 1, 0)


def test_unregistering_unfills_a_sit_and_go() -> None:
    state = TournamentState("1")
    steps = _feed(state, [_terms(max_entrants=2), _reg("a", -30), _reg("b", -20)])
    assert isinstance(steps[-1].event, RegistrationEvent)
    assert steps[-1].event.tournament.filled_at == -20
    _feed(state, [_unreg("b", -10)])
    assert state.fact is not None and state.fact.filled_at is None
    _feed(state, [_reg("c", -5)])
    assert state.fact.filled_at == -5


def test_new_terms_keep_what_happened() -> None:
    state = TournamentState("1")
    _feed(state, [_terms(), _reg("a", -30), _terms(buy_in=2000, at=_at(-20))])
    assert state.fact is not None
    assert (state.fact.buy_in, state.fact.registered) == (2000, 1)


def _bust(player: str, hand: str, place: int, prize: int, at: int) -> dict[str, object]:
    return {"event": "elimination", "at": _at(at), "player": player, "place": place,
            "table": "1", "hand": hand, "prize": prize}


def _payout(player: str, place: int, paid: int, at: int) -> dict[str, object]:
    return {"event": "payout", "at": _at(at), "player": player, "place": place, "paid": paid,
            "paid_currency": "cash"}


def test_busts_of_one_hand_are_delivered_together_and_ties_share_places() -> None:
    closed = {"event": "registration_closed", "at": _at(-1), "entrants": 4,
              "prize_pool": 4000, "payout_shares_bp": [5000, 3000, 2000]}
    steps = _feed(TournamentState("1"), [
        _terms(max_entrants=4), closed, _bust("c", "h1", 3, 0, 10), _bust("d", "h1", 3, 0, 10),
        _bust("b", "h2", 2, 0, 20), _payout("a", 1, 2000, 30)])
    busts = [s.event.elimination for s in steps if isinstance(s.event, EliminationEvent)]
    assert [[b.player for b in e.same_hand] for e in busts] == [["c", "d"], ["c", "d"], ["b"]]
    # c and d tie at place 3: they share places 3 and 4 (20% and nothing) -> 10% each.
    payout = _feed_payout_share(closed, place=3, tied=2)
    assert payout == 1000


def _feed_payout_share(closed: dict[str, object], place: int, tied: int) -> int | None:
    tier = {"min_entrants": 2, "shares_bp": closed["payout_shares_bp"]}
    lines = [_terms(max_entrants=4, payout_structure=[tier]), closed]
    lines += [_bust(f"p{i}", "h", place, 0, 10) for i in range(tied)]
    lines.append(_payout("p0", place, 0, 11))
    steps = _feed(TournamentState("1"), lines)
    assert isinstance(steps[-1].event, PayoutEvent)
    return steps[-1].event.payout.share


def test_a_prize_never_paid_is_judged_at_the_end_of_the_file() -> None:
    state = TournamentState("1")
    steps = _feed(state, [_terms(), _bust("b", "h1", 2, 500, 10)])
    assert steps == []
    closed = list(state.close())
    assert [(s.name, s.line) for s in closed] == [("elimination", 3), ("paid_place", 3),
                                                  ("paid_place", 3)]
    assert isinstance(closed[0].event, EliminationEvent)
    assert closed[0].event.elimination.credited_at is None


def test_bounty_goes_with_the_largest_pot() -> None:
    seats = [{"seat": i + 1, "player": p, "stack": 1000, "cards": ["2c", "3d"]}
             for i, p in enumerate(("a", "b", "pro"))]
    hand = {"event": "hand", "at": _at(100), "table": "1", "hand": "h1", "started": _at(50),
            "game": "holdem", "structure": "no_limit", "button": 1, "seats": seats,
            "actions": [], "awards": [{"player": "a", "amount": 600, "pot": 0},
                                      {"player": "b", "amount": 600, "pot": 0},
                                      {"player": "b", "amount": 400, "pot": 1}]}
    bounty = {"event": "bounty", "at": _at(101), "eliminated": "pro", "hand": "h1",
              "paid_to": ["a"], "amount_each": 1000}
    terms = _terms(bounty={"professionals": ["pro"]})
    steps = _feed(TournamentState("1"), [terms, hand, bounty])
    event = steps[-1].event
    assert isinstance(event, BountyEvent)
    assert event.bounty.largest_pot_winners == ["a", "b"]
    assert event.bounty.eliminated_is_pro and event.bounty.paid_to == ["a"]


def test_lines_without_replay_and_before_the_terms_are_skipped() -> None:
    # Time-outs belong to their hand (the hand replay reads them), not to the tournament.
    timeout: dict[str, object] = {"event": "timeout", "at": _at(5), "player": "a",
                                  "table": "1", "hand": "h1", "action": 3}
    level = {"event": "level", "at": _at(6), "level": 1, "small_blind": 10, "big_blind": 20}
    state = TournamentState("1")
    assert _feed(state, [_reg("a", -50)]) == []
    assert _feed(state, [_terms(), timeout, level]) == []
    assert state.fact is not None and state.fact.registered == 0


def test_findings_of_one_rule_on_one_log_keep_apart(tmp_path: Path) -> None:
    """Two late registrations in one tournament: two findings, told apart by the log's event
    number in their location and fingerprint (a baseline must not merge them)."""
    lines = (FIXTURES / "log-registration-after-start.planted.jsonl").read_text().splitlines()
    carol = lines[3].replace('"seq": 3', '"seq": 4').replace('"bob"', '"carol"')
    log = tmp_path / "two-late.jsonl"
    log.write_text("\n".join([*lines[:4], carol]) + "\n", encoding="utf-8")
    rules = _ruleset()
    found = audit([log], ruleset_id(rules, RULES), rules).findings
    assert [(f.rule, f.location.line, f.location.event) for f in found] == [
        ("registration.closes-at-start", 4, 3), ("registration.closes-at-start", 5, 4)]
    assert len({f.fingerprint for f in found}) == 2


# ---------------------------------------------------------------- clock, breaks, info views

_BREAKS = {"every_s": 3600, "duration_s": 300, "max_breaks": 2}
_START: dict[str, object] = {"event": "tournament_start", "at": _at(0), "entrants": 2,
                             "tables": 1}


def _plain_hand(started: int) -> dict[str, object]:
    seats = [{"seat": i + 1, "player": p, "stack": 1000, "cards": ["2c", "3d"]}
             for i, p in enumerate(("a", "b"))]
    return {"event": "hand", "at": _at(started + 30), "table": "1", "hand": f"h{started}",
            "started": _at(started), "game": "holdem", "structure": "no_limit", "button": 1,
            "seats": seats, "actions": [], "awards": []}


def test_a_break_and_the_clock_after_it() -> None:
    steps = _feed(TournamentState("1"), [
        _terms(breaks=_BREAKS), _START, {"event": "break_start", "at": _at(3500),
                                         "duration_s": 300},
        {"event": "break_end", "at": _at(3740)}, _plain_hand(3800)])
    pauses = [s.event.pause for s in steps if isinstance(s.event, BreakEvent)]
    clocks = [s.event.clock for s in steps if isinstance(s.event, ClockEvent)]
    # Play ran 0-3500, the break 3500-3740 (240 s), play again from 3740.
    assert [(p.at, p.duration, p.played_since_last_break, p.breaks_so_far) for p in pauses] == [
        (3500, 240, 3500, 0)]
    assert [(c.at, c.played_since_last_break, c.breaks_so_far) for c in clocks] == [
        (3800, 60, 1)]
    assert steps[-1].line == 6  # the clock is the hand line's


def test_info_view_next_level_and_break_follow_the_log_clock() -> None:
    levels = [{"level": 1, "duration_s": 600, "small_blind": 10, "big_blind": 20},
              {"level": 2, "duration_s": 600, "small_blind": 15, "big_blind": 30}]
    view: dict[str, object] = {"event": "info_view", "at": _at(450), "player": "a",
                               "largest_stack": 1, "smallest_stack": 1, "average_stack": 1}
    steps = _feed(TournamentState("1"), [
        _terms(levels=levels, breaks=_BREAKS), _START,
        {"event": "level", "at": _at(10), "level": 1, "small_blind": 10, "big_blind": 20},
        {"event": "break_start", "at": _at(100), "duration_s": 300},
        {"event": "break_end", "at": _at(400)}, view])
    event = steps[-1].event
    assert isinstance(event, InfoViewEvent)
    # Level 1 runs 600 s of play from 10; the 300 s break stops its clock: next at 910.
    # Play resumed at 400 and the next break is due an hour of play later: at 4000.
    assert (event.view.true_next_level, event.view.true_next_break) == (910, 4000)


def test_no_next_level_after_the_last_nor_break_after_the_last_allowed() -> None:
    view: dict[str, object] = {"event": "info_view", "at": _at(450), "player": "a",
                               "largest_stack": 1, "smallest_stack": 1, "average_stack": 1}
    one_break = {**_BREAKS, "max_breaks": 1}
    steps = _feed(TournamentState("1"), [
        _terms(breaks=one_break), _START,
        {"event": "level", "at": _at(10), "level": 1, "small_blind": 10, "big_blind": 20},
        {"event": "break_start", "at": _at(100), "duration_s": 300}, view])
    event = steps[-1].event
    assert isinstance(event, InfoViewEvent)
    assert (event.view.true_next_level, event.view.true_next_break) == (None, None)


@given(st.lists(st.integers(min_value=1, max_value=100_000), min_size=2, max_size=9))
def test_info_view_true_stacks_are_the_players_with_chips(stacks: list[int]) -> None:
    seats: list[dict[str, object]] = [
        {"event": "seat", "at": _at(-5), "player": f"p{i}", "table": "1", "seat": i + 1,
         "stack": chips} for i, chips in enumerate(stacks)]
    # p0 is eliminated: a player without chips is not a stack Tournament Info counts.
    view: dict[str, object] = {"event": "info_view", "at": _at(60), "player": "p1",
                               "largest_stack": 1, "smallest_stack": 1, "average_stack": 1}
    steps = _feed(TournamentState("1"), [
        _terms(max_entrants=None, seats_per_table=10), *seats, _START,
        _bust("p0", "h1", len(stacks), 0, 50), view])
    event = steps[-1].event
    assert isinstance(event, InfoViewEvent)
    left = stacks[1:]
    assert event.view.true_largest == max(left)
    assert event.view.true_smallest == min(left)
    # The average, rounded down: within a chip of the exact mean, never above it.
    assert 0 <= sum(left) - event.view.true_average * len(left) < len(left)


def test_every_event_a_line_reads_as_is_a_final_class_of_its_own() -> None:
    """The replay and the judge tell events apart by their exact type (`type(event) is X`,
    checker/replay/tournament.py): no event class may have a subclass, which `@final` makes
    mypy refuse."""
    events = [*get_args(get_args(ModelEvent)[0]), *EVENT_LINES, HandPlayed]
    assert len(events) >= 30
    for event in events:
        assert getattr(event, "__final__", False) is True, event.__name__
        assert event.__subclasses__() == [], event.__name__
