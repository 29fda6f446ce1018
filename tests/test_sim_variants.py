"""Satellites and rebuy/add-on events in the simulator (checker/sim/variants.py, sit_and_go.py,
mtt.py): a satellite stops at its seats and pays a ticket per seat and the leftover in cash;
a rebuy event's pool holds every rebuy and add-on; rebuys come only in the rebuy period, at or
below the starting stack, add-ons only at the first break; the log and the text audit clean;
the summaries read back with the log's pool, entries and places; the same seed, the same
events; the variant fixtures are the generator's."""

import random
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker.audit.ruleset import identify_ruleset
from checker.audit.run import AuditResult, audit
from checker.ingest.stream import FileRecords, read_paths
from checker.model import TournamentSummary
from checker.model.hand import BettingStructure, Game
from checker.model.hand_line import hand_played
from checker.sim.faults import FaultPlan
from checker.sim.ftp_text import write_tournament
from checker.sim.hand_engine import play_hand
from checker.sim.log_writer import LogWriter
from checker.sim.mtt import MultiTableTournament
from checker.sim.plan import stacks_after
from checker.sim.server import server_config
from checker.sim.simulate import _variant
from checker.sim.sit_and_go import SitAndGo, SitAndGoSpec
from checker.sim.styles import population
from checker.sim.variants import REBUY, REGULAR, SATELLITE, SatellitePrizes
from tests.conftest import REPO
from tests.fixture_makers.make_tournament_fixtures import FIXTURES
from tests.fixture_makers.make_variant_fixtures import PAIRS

RULES = identify_ruleset(REPO / "rules" / "fulltilt.rules")
START = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)
SERVER = server_config()
# The target event of server.toml: $30 + $3, so a seat is worth $33.
SEAT = 3300


@dataclass
class Run:
    spec: SitAndGoSpec
    events: list[dict[str, Any]]
    log: Path
    text: list[Path]


def _play(spec: SitAndGoSpec, seed: int, players: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    styles = population(rng, players)
    args = (rng, random.Random(f"faults-{seed}"), FaultPlan(), play_hand)
    if spec.tournament.startswith("87"):
        return list(SitAndGo(spec, styles, *args).run())
    return list(MultiTableTournament(spec, styles, *args).run())


def _run(folder: Path, seed: int, seats: int, buy_in: int, variant: str, players: int) -> Run:
    """A Sit & Go (`players` = seats + 1, one in reserve) or an MTT of `players`."""
    kind = "87" if players == seats + 1 else "88"
    spec = SitAndGoSpec(f"{kind}{seed:04d}", seats, buy_in, buy_in // 10, Game.HOLDEM,
                        BettingStructure.NO_LIMIT, START, variant)
    events = _play(spec, seed, players)
    log = folder / f"{spec.tournament}.jsonl"
    with log.open("w", encoding="utf-8") as out:
        LogWriter(out, "2026-11-02T16:00:00Z").write([dict(e) for e in events])
    return Run(spec, events, log, write_tournament(folder / spec.tournament, spec, events))


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    folder = tmp_path_factory.mktemp("variants")
    return {
        # 9 x $20 = $180: five $33 seats, $15 left.
        "sng": _run(folder, 1, 9, 2000, SATELLITE, 10),
        "mtt": _run(folder, 2, 9, 1000, SATELLITE, 40),
        "rebuy": _run(folder, 3, 9, 1000, REBUY, 36),
    }


def _of(events: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [e for e in events if e["event"] == name]


def _clean(result: AuditResult) -> None:
    assert result.hands_rejected == 0 and result.events_rejected == 0
    assert result.warnings == []
    assert [(f.rule, f.message) for f in result.findings] == []


def _final_stacks(events: list[dict[str, Any]]) -> dict[str, int]:
    """Each player's chips as the lines leave them: seats, hands, rebuys."""
    stacks: dict[str, int] = {}
    for event in events:
        if event["event"] == "seat":
            stacks[event["player"]] = event["stack"]
        elif event["event"] == "hand":
            stacks.update(stacks_after(hand_played(event)))
        elif event["event"] == "rebuy":
            stacks[event["player"]] += event["chips"]
    return stacks


# ---------------------------------------------------------------- satellites


def test_a_satellite_sit_and_go_stops_at_its_seats(runs: dict[str, Run]) -> None:
    events = runs["sng"].events
    (terms,) = _of(events, "tournament_terms")
    assert (terms["kind"], terms["seats_awarded"], terms["non_cash_value"]) == (
        "satellite", 5, SEAT)
    tickets = [p for p in _of(events, "payout") if p["paid_currency"] == "ticket"]
    cash = [p for p in _of(events, "payout") if p["paid_currency"] == "cash"]
    assert [p["paid"] for p in tickets] == [SEAT] * 5
    assert all(p["description"] == "Sunday Main Event Ticket" for p in tickets)
    assert [(p["place"], p["paid"]) for p in cash] == [(6, 18000 - 5 * SEAT)]
    # Play stopped with no more players holding chips than seats, each of them paid one.
    holding = {name for name, chips in _final_stacks(events).items() if chips > 0}
    assert 1 <= len(holding) <= 5
    assert holding <= {p["player"] for p in tickets if p["place"] == 1}
    assert len(_of(events, "elimination")) == 9 - len(holding)
    assert _of(events, "tournament_end")[-1]["winner"] is None


def test_a_satellite_mtt_states_its_seats_at_the_close(runs: dict[str, Run]) -> None:
    events = runs["mtt"].events
    closed = _of(events, "registration_closed")[0]
    pool = 1000 * closed["entrants"]
    assert closed["prize_pool"] == pool and closed["payout_shares_bp"] == []
    announced, stated = _of(events, "tournament_terms")
    assert announced["seats_awarded"] is None
    assert stated["seats_awarded"] == pool // SEAT
    assert events.index(stated) < events.index(closed)
    payouts = _of(events, "payout")
    assert sum(p["paid"] for p in payouts) == pool
    assert sum(1 for p in payouts if p["paid_currency"] == "ticket") == pool // SEAT
    holding = [name for name, chips in _final_stacks(events).items() if chips > 0]
    assert 1 <= len(holding) <= pool // SEAT
    # The seats are decided with no hand in progress: every hand dealt has its line.
    dealt = sorted(int(e["hand"][len(runs["mtt"].spec.tournament):]) for e in _of(events, "hand"))
    assert dealt == list(range(1, len(dealt) + 1))


# (seed, seats per table) of a satellite MTT where busts that would decide the seats end a
# hand while another table is still in one (they wait for every table).
HELD = [(17, 9)]


@pytest.mark.parametrize(("seed", "seats"), HELD)
def test_busts_deciding_the_seats_wait_for_every_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int, seats: int) -> None:
    held: list[int] = []
    decide = MultiTableTournament._held_eliminations

    def spy(self: MultiTableTournament) -> list[dict[str, Any]]:
        held.append(len(self.held_busts))
        return decide(self)

    monkeypatch.setattr(MultiTableTournament, "_held_eliminations", spy)
    rng = random.Random(seed)
    spec = SitAndGoSpec(f"88{seed:04d}", seats, 1000, 100, Game.HOLDEM,
                        BettingStructure.NO_LIMIT, START, SATELLITE)
    styles = population(rng, rng.randint(12, 90))
    events = list(MultiTableTournament(spec, styles, rng, random.Random(1), FaultPlan(),
                                       play_hand).run())
    assert any(held)
    log = tmp_path / "held.jsonl"
    with log.open("w", encoding="utf-8") as out:
        LogWriter(out, "2026-11-02T16:00:00Z").write([dict(e) for e in events])
    _clean(audit([log], RULES))
    _clean(audit(write_tournament(tmp_path / "ftp", spec, events), RULES))


@given(st.integers(1, 10**6), st.integers(1, 10**4), st.integers(1, 60), st.integers(1, 8))
def test_tied_players_share_the_places_they_cover(pool: int, value: int, place: int,
                                                  count: int) -> None:
    prizes = SatellitePrizes(pool, value)
    seats, leftover = pool // value, pool % value
    covered = [value if p <= seats else leftover if p == seats + 1 else 0
               for p in range(place, place + count)]
    each, currency = prizes.group_prize(place, count)
    if all(p <= seats for p in range(place, place + count)):
        assert (each, currency.value) == (value, "ticket")
    else:
        assert currency.value == "cash"
        assert 0 <= sum(covered) - each * count < count


# ---------------------------------------------------------------- rebuys


def test_a_rebuy_event_pays_out_its_whole_pool(runs: dict[str, Run]) -> None:
    events = runs["rebuy"].events
    (terms,) = _of(events, "tournament_terms")
    assert terms["rebuy"] and terms["add_on"] and terms["name"].endswith(" (Rebuy)")
    closed = _of(events, "registration_closed")[0]
    bought = _of(events, "rebuy")
    assert {b["kind"] for b in bought} == {"rebuy", "add_on"}
    assert all(b["paid"] == 1000 for b in bought)
    pool = 1000 * closed["entrants"] + 1000 * len(bought)
    paid = sum(p["paid"] for p in _of(events, "payout"))
    places = len(_of(events, "payout"))
    assert pool - places <= paid <= pool
    assert pool > closed["prize_pool"]


def test_rebuys_come_in_the_rebuy_period_at_or_below_the_starting_stack(
        runs: dict[str, Run]) -> None:
    events = runs["rebuy"].events
    start = next(i for i, e in enumerate(events) if e["event"] == "tournament_start")
    first_break = next(i for i, e in enumerate(events) if e["event"] == "break_start")
    config = SERVER.variants.rebuy
    period = config.rebuy_levels * SERVER.level_seconds
    stacks: dict[str, int] = {}
    last_event: dict[str, str] = {}
    busted_rebuys = busted_out = 0
    for index, event in enumerate(events):
        if event["event"] == "seat":
            stacks[event["player"]] = event["stack"]
        elif event["event"] == "table_move":
            last_event[event["player"]] = "move"
        elif event["event"] == "hand":
            stacks.update(stacks_after(hand_played(event)))
            for seat in event["seats"]:
                last_event[seat["player"]] = "hand"
        elif event["event"] == "elimination" and index < first_break:
            busted_out += 1
        elif event["event"] == "rebuy" and event["kind"] == "rebuy":
            name = event["player"]
            assert start < index < first_break
            assert _elapsed(events[start], event) <= period
            assert stacks[name] <= SERVER.starting_stack
            assert last_event[name] == "hand"  # between the player's hands
            busted_rebuys += stacks[name] == 0
            assert event["chips"] == config.rebuy_chips
            stacks[name] += event["chips"]
    # A busted player rebuys as its style inclines it: some do, some are eliminated.
    assert busted_rebuys > 0 and busted_out > 0


def test_add_ons_come_at_the_first_break_once_per_player(runs: dict[str, Run]) -> None:
    events = runs["rebuy"].events
    names = [e["event"] for e in events]
    begins, ends = names.index("break_start"), names.index("break_end")
    add_ons = [(i, e) for i, e in enumerate(events)
               if e["event"] == "rebuy" and e["kind"] == "add_on"]
    assert add_ons
    assert all(begins < i < ends for i, _ in add_ons)
    players = [e["player"] for _, e in add_ons]
    assert len(players) == len(set(players))
    assert all(e["chips"] == SERVER.variants.rebuy.add_on_chips for _, e in add_ons)
    eliminated = {e["player"] for e in events[:begins] if e["event"] == "elimination"}
    assert not eliminated & set(players)


def _elapsed(start: dict[str, Any], event: dict[str, Any]) -> float:
    def moment(line: dict[str, Any]) -> datetime:
        return datetime.fromisoformat(line["at"].replace("Z", "+00:00"))
    return (moment(event) - moment(start)).total_seconds()


# ---------------------------------------------------------------- audit, text, determinism


@pytest.mark.parametrize("name", ["sng", "mtt", "rebuy"])
def test_the_log_and_the_text_audit_clean(runs: dict[str, Run], name: str) -> None:
    _clean(audit([runs[name].log], RULES))
    _clean(audit(runs[name].text, RULES))


@pytest.mark.parametrize("name", ["sng", "mtt", "rebuy"])
def test_the_summary_reads_back_with_the_logs_pool_entries_and_places(
        runs: dict[str, Run], name: str) -> None:
    run = runs[name]
    (path,) = [p for p in run.text if p.name.endswith(".summary.txt")]
    (opened,) = list(read_paths([path]))
    assert isinstance(opened, FileRecords) and opened.format.name == "fulltilt-summary"
    (summary,) = list(opened.records)
    assert isinstance(summary, TournamentSummary) and summary.warnings == []
    events = run.events
    closed = _of(events, "registration_closed")[0]
    bought = _of(events, "rebuy")
    assert summary.entries == closed["entrants"]
    assert summary.prize_pool == closed["prize_pool"] + sum(b["paid"] for b in bought)
    places = {e["player"]: e["place"] for e in _of(events, "elimination")}
    paid = {p["player"]: p["paid"] for p in _of(events, "payout")}
    places.update({p["player"]: 1 for p in _of(events, "payout") if p["place"] == 1})
    assert sorted((p.place, p.player, sum(x.amount or 0 for x in p.prizes))
                  for p in summary.placements) == sorted(
        (place, player, paid.get(player, 0)) for player, place in places.items())
    text = path.read_text(encoding="utf-8").splitlines()
    if name == "rebuy":
        assert summary.rebuys == sum(1 for b in bought if b["kind"] == "rebuy")
        assert summary.add_ons == sum(1 for b in bought if b["kind"] == "add_on")
        assert text[1:4] == ["Buy-In: $10 + $1", "Add-On: $10", "Rebuy: $10"]
        assert text[0].endswith("(Rebuy) (880003) Hold'em No Limit (Rebuy/Add-On)")
    else:
        seats = _of(events, "tournament_terms")[-1]["seats_awarded"]
        assert f"Top {seats} finishers receive entry to Tournament 880001" in text
        tickets = [p for p in _of(events, "payout") if p["paid_currency"] == "ticket"]
        assert sorted(line for line in text if line.endswith(" Ticket")) == sorted(
            f"{p['place']}: {p['player']}, $33 Sunday Main Event Ticket" for p in tickets)


def test_the_same_seed_plays_the_same_satellite_and_rebuy_event(runs: dict[str, Run]) -> None:
    assert _play(runs["sng"].spec, 1, 10) == runs["sng"].events
    assert _play(runs["rebuy"].spec, 3, 36) == runs["rebuy"].events


def test_the_schedule_draws_every_variant() -> None:
    rng = random.Random(0)
    sit_and_gos = {_variant(False, rng) for _ in range(200)}
    mtts = {_variant(True, rng) for _ in range(200)}
    assert sit_and_gos == {REGULAR, SATELLITE} and mtts == {REGULAR, SATELLITE, REBUY}


def test_the_generator_writes_the_committed_variant_fixtures() -> None:
    for name, make in PAIRS.items():
        for variant, planted in (("planted", True), ("twin", False)):
            path = FIXTURES / f"{name}.{variant}.jsonl"
            assert path.read_text() == make(planted).text(), path.name
