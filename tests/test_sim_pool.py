"""The simulator grown for a collusion benchmark (issue 13): `feltcheck simulate --players N`
(checker/sim/pool.py), several teams per strategy, and the honest `bubble_folder` control.

Without `--players` the output is what it was (a pinned digest). With it, entrants are drawn
by activity weight without replacement: a long run sees about the whole pool, regulars play
far more events than recreational players (measured from the written log), teams are drawn
from the regulars and register together for MTTs as for Sit & Gos, and the hands stay legal.
A bubble folder folds to anyone's all-in or large raise near the money bubble and only there
(measured from the hands it played).
"""

import collections
import hashlib
import itertools
import json
import math
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.cli import main
from checker.model.hand import ActionKind, BettingStructure, Game, Street
from checker.model.tournament_log import HandPlayed
from checker.sim import collusion
from checker.sim.collusion import TeamSpec, Turn
from checker.sim.faults import FaultPlan
from checker.sim.hand_engine import play_hand
from checker.sim.plan import HandPlan, HandResult, PlayerStyle, TeamPlay
from checker.sim.pool import Activity, activity
from checker.sim.server import server_config
from checker.sim.simulate import Formats, pool_mix, simulate
from checker.sim.styles import Decision, Move, population, preflop_strength
from tests.conftest import REPO
from tests.test_sim_hand_engine import _errors, _plan

RULES = REPO / "rules" / "fulltilt.rules"
POSTS = (ActionKind.ANTE, ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND)
POOL = 2000
MIX = server_config().pool
# The benchmark's teams (docs/simulator.md): four per strategy at rising intensities, and the
# honest look-alikes.
INTENSITIES = (0.3, 0.5, 0.7, 0.9)
SPEC = (",".join(f"{name}:2:{'/'.join(map(str, INTENSITIES))}" for name in (
    collusion.CHIP_DUMPING, collusion.SOFT_PLAY, collusion.WHIPSAW, collusion.CARD_SHARING))
    + ",4*friends:2,4*nut_checking,4*bubble_folder")


def _digest(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes()
                      + b"\0")
    return digest.hexdigest()


def _events(out: Path) -> Iterator[dict[str, Any]]:
    for path in sorted((out / "log").glob("*.jsonl")):
        with path.open(encoding="utf-8") as lines:
            yield from (json.loads(line) for line in lines)


def _truth_teams(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "truth.jsonl").read_text("utf-8").splitlines()
            if '"team"' in line]


def _regulars(seed: int, players: int, share: float = 1.0) -> set[str]:
    """The names of the seed's `share` of most active regulars (the pool is the first draw of
    the seed's stream)."""
    pool = population(random.Random(seed), players)
    mix = pool_mix(seed, players)
    weights = sorted((mix.weights[index] for index in mix.regulars), reverse=True)
    least = weights[max(1, round(share * len(weights))) - 1]
    return {pool[index].name for index in mix.regulars if mix.weights[index] >= least}


# ---------------------------------------------------------------- the default is unchanged


def test_without_players_the_output_is_what_it_was(tmp_path: Path) -> None:
    # Written before --players existed (main's simulator, colluders, MTTs and a Matrix):
    # the pool of 90 all alike, teams gathered as before. Change it only with the output.
    assert main(["simulate", "--seed", "4", "--hands", "600", "--mtt-every", "2",
                 "--colluders", "chip_dumping:2:0.8,soft_play:3:0.5,whipsaw:2,card_sharing:2,"
                 "friends:2,nut_checking", "--out", str(tmp_path)]) == 0
    # team_acts.jsonl came later (a count beside the output, one line per team): the rest is
    # byte for byte what it was.
    acts = (tmp_path / "team_acts.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(acts) == 6
    (tmp_path / "team_acts.jsonl").unlink()
    # Issue 14 (clause 31.7) added the Matrix's own lines (matrix_terms, matrix_payout) and
    # log schema 1.1: the log changed by those lines and the numbering after them, nothing else
    # (the hand texts and the truth are byte for byte the same).
    # Issue 15 (clause 25, eliminations of one moment at different tables ranked together):
    # the satellite's held busts are written a second apart per hand that ended, so its last
    # hand's eliminations, payouts and end moved from 12:41:12 to 12:41:13 (and the summary's
    # finish time with them); checked by a diff, nothing else changed.
    assert _digest(tmp_path) == (
        "844050cfb15acb6130cc9f4c7620a8cf106def73a3cf34974220212e770daf84")


# ---------------------------------------------------------------- the activity mix


def test_the_mix_has_its_share_of_regulars_with_heavier_weights() -> None:
    mix = activity(POOL, random.Random(1))
    regulars = set(mix.regulars)
    assert len(regulars) == round(MIX.regular_share * POOL)
    for index, weight in enumerate(mix.weights):
        base = MIX.regular_weight if index in regulars else MIX.recreational_weight
        assert base <= weight <= base * MIX.weight_cap
    heavy = sum(mix.weights[i] for i in regulars) / sum(mix.weights)
    assert heavy > 0.5  # a minority entering most of the seats


@settings(max_examples=40, deadline=None)
@given(weights=st.lists(st.floats(0.01, 1000.0), min_size=1, max_size=40),
       share=st.floats(0.0, 1.0), seed=st.integers(0, 2**32))
def test_a_draw_is_distinct_players_of_the_pool(weights: list[float], share: float,
                                                seed: int) -> None:
    mix = Activity.of(tuple(weights), ())
    count = round(share * len(weights))
    drawn = mix.draw(random.Random(seed), count)
    assert len(drawn) == len(set(drawn)) == count
    assert all(0 <= index < len(weights) for index in drawn)
    assert drawn == mix.draw(random.Random(seed), count)


def _inclusion(weights: tuple[float, ...], count: int) -> list[float]:
    """Each player's chance to be among `count` drawn by successive sampling (exact)."""
    chance = [0.0] * len(weights)
    for order in itertools.permutations(range(len(weights)), count):
        left, p = sum(weights), 1.0
        for index in order:
            p *= weights[index] / left
            left -= weights[index]
        for index in order:
            chance[index] += p
    return chance


@pytest.mark.parametrize("weights, count", [
    ((1.0, 2.0, 3.0, 4.0, 10.0), 2),
    # One player with nearly all the weight: the rejections run out, the exact draw finishes.
    ((1.0, 1.0, 2.0, 500.0, 3.0, 1.0), 4)])
def test_draws_follow_successive_sampling(weights: tuple[float, ...], count: int) -> None:
    mix = Activity.of(weights, ())
    rng = random.Random(3)
    rounds = 20_000
    seen = collections.Counter(i for _ in range(rounds) for i in mix.draw(rng, count))
    for index, chance in enumerate(_inclusion(weights, count)):
        spread = 4 * math.sqrt(chance * (1 - chance) / rounds) + 1e-3
        assert abs(seen[index] / rounds - chance) <= spread, (index, chance)


def _shoving(rng: random.Random, count: int) -> list[PlayerStyle]:
    """Players who put their chips in at once: tournaments of a few hands, so a short run
    seats many players (who enters is the mix's business, not the styles')."""
    return [PlayerStyle(f"P{index + 1}", 1.0, 1.0, 0.0, 1.0) for index in range(count)]


@pytest.fixture(scope="module")
def long_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pool")
    simulate(5, 24_000, out, Formats.LOG, FaultPlan(), play_hand, _shoving, None, None,
             collusion.parse(SPEC), mtt_every=0, players=POOL)
    return out


def _entries(out: Path) -> collections.Counter[str]:
    """Tournaments each player entered (a Matrix once: its matches share its registrations)."""
    entered: set[tuple[str, str]] = set()
    for event in _events(out):
        if event["event"] == "registration":
            entered.add((str(event["player"]), str(event["tournament"]).split("-")[0]))
    return collections.Counter(player for player, _ in entered)


def test_a_long_run_sees_about_the_whole_pool(long_run: Path) -> None:
    entries = _entries(long_run)
    names = {p.name for p in _shoving(random.Random(), POOL)}
    assert set(entries) <= names
    # Each player is missed with chance exp(-seats x weight / total weight).
    mix = pool_mix(5, POOL)
    seats = sum(entries.values())
    total = sum(mix.weights)
    expected = sum(1 - math.exp(-seats * weight / total) for weight in mix.weights)
    assert len(entries) >= 0.85 * POOL
    assert abs(len(entries) - expected) <= 0.03 * POOL


def test_regulars_play_far_more_events_than_recreational_players(long_run: Path) -> None:
    entries = _entries(long_run)
    mix = pool_mix(5, POOL)
    regulars = {f"P{index + 1}" for index in mix.regulars}
    names = [f"P{index + 1}" for index in range(POOL)]
    regular = [entries[name] for name in names if name in regulars]
    casual = [entries[name] for name in names if name not in regulars]
    assert sum(regular) / len(regular) > 5 * sum(casual) / len(casual)
    assert sum(regular) > sum(casual)  # the minority takes most seats
    assert sorted(casual)[len(casual) // 2] <= 5  # a recreational player plays a few


# ---------------------------------------------------------------- teams in a pool


class _Recorder:
    """play_hand, keeping what each hand was told of the tournament."""

    def __init__(self) -> None:
        self.told: dict[str, tuple[int | None, int | None]] = {}

    def __call__(self, plan: HandPlan, rng: random.Random) -> HandResult:
        self.told[plan.hand_id] = (plan.players_left, plan.places_paid)
        return play_hand(plan, rng)


@pytest.fixture(scope="module")
def teams_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, _Recorder]:
    out = tmp_path_factory.mktemp("teams")
    recorder = _Recorder()
    simulate(2, 8000, out, Formats.LOG, FaultPlan(), recorder, population, None, None,
             collusion.parse(SPEC), mtt_every=2, players=POOL)
    return out, recorder


def test_several_teams_per_strategy_in_the_truth(teams_run: tuple[Path, _Recorder]) -> None:
    out, _ = teams_run
    teams = _truth_teams(out)
    by_strategy = collections.defaultdict(list)
    for team in teams:
        by_strategy[team["strategy"]].append(team["intensity"])
    for strategy in (collusion.CHIP_DUMPING, collusion.SOFT_PLAY, collusion.WHIPSAW,
                     collusion.CARD_SHARING):
        assert by_strategy[strategy] == list(INTENSITIES)
    assert by_strategy[collusion.FRIENDS] == [0.0] * 4
    assert by_strategy[collusion.NUT_CHECKING] == [0.5] * 4
    assert by_strategy[collusion.BUBBLE_FOLDER] == [1.0] * 4
    assert all(t["honest"] == (t["strategy"] in (collusion.FRIENDS, collusion.NUT_CHECKING,
                                                 collusion.BUBBLE_FOLDER)) for t in teams)
    members = [name for team in teams for name in team["team"]]
    assert len(members) == len(set(members)) == 4 * 4 * 2 + 4 * 2 + 4 + 4
    # Drawn from the busier part of the regulars (server.toml's `team_share`).
    assert set(members) <= _regulars(2, POOL, MIX.team_share) < _regulars(2, POOL)


def _seated(out: Path, mtt: bool) -> list[set[str]]:
    """Who was seated in each MTT, or each single-table event (a Matrix once)."""
    many: dict[str, bool] = {}
    seated: dict[str, set[str]] = collections.defaultdict(set)
    for event in _events(out):
        if "tournament" not in event:  # the log's header
            continue
        event_id = str(event["tournament"]).split("-")[0]
        if event["event"] == "tournament_terms":
            many[event_id] = event["max_entrants"] > event["seats_per_table"]
        elif event["event"] == "seat" and many[event_id] is mtt:
            seated[event_id].add(str(event["player"]))
    return list(seated.values())


@pytest.mark.parametrize("run, mtt", [("teams_run", True), ("long_run", False)])
def test_teams_register_together_in_mtts_as_in_sit_and_gos(
        run: str, mtt: bool, request: pytest.FixtureRequest) -> None:
    out = request.getfixturevalue(run)
    out = out[0] if isinstance(out, tuple) else out
    fields = _seated(out, mtt)
    pairs: list[list[str]] = [t["team"] for t in _truth_teams(out) if len(t["team"]) > 1]

    def together(groups: list[list[str]]) -> tuple[int, int]:
        """Fields holding one of a group, and holding all of it."""
        some = every = 0
        for group, field in itertools.product(groups, fields):
            if field.intersection(group):
                some += 1
                every += field.issuperset(group)
        return some, every

    some, every = together(pairs)
    # A team comes along with chance TOGETHER_CHANCE when one of it is drawn (and fits).
    assert some >= 30 and every >= 0.35 * some
    # Honest regulars meet only when both happen to be drawn.
    members = {name for team in pairs for name in team}
    honest = sorted(_regulars_of(out, run) - members)
    rng = random.Random(9)
    others = [rng.sample(honest, 2) for _ in range(400)]
    some_honest, every_honest = together(others)
    assert some_honest >= 30 and every_honest <= 0.5 * every * some_honest / some


def _regulars_of(out: Path, run: str) -> set[str]:
    if run == "long_run":
        return {f"P{index + 1}" for index in pool_mix(5, POOL).regulars}
    return _regulars(2, POOL)


def test_colluders_in_a_pool_play_legal_hands(teams_run: tuple[Path, _Recorder],
                                              tmp_path: Path) -> None:
    out, _ = teams_run
    report = tmp_path / "audit.json"
    main(["audit", str(out / "log"), "--rules", str(RULES), "--format", "json",
          "--output", str(report), "--fail-on", "never"])
    doc = json.loads(report.read_text(encoding="utf-8"))
    assert doc["summary"]["events_rejected"] == 0 and doc["summary"]["tournaments"] >= 30
    assert doc["findings"] == []


def test_the_hands_are_told_the_places_paid(teams_run: tuple[Path, _Recorder]) -> None:
    out, recorder = teams_run
    paid: dict[object, int] = {}
    bubbles = 0
    for event in _events(out):
        if event["event"] == "tournament_terms" and event.get("seats_awarded"):
            paid[event["tournament"]] = int(str(event["seats_awarded"]))
        elif event["event"] == "registration_closed" and event["payout_shares_bp"]:
            paid.setdefault(event["tournament"], len(event["payout_shares_bp"]))
        elif event["event"] == "hand":
            left, places = recorder.told[str(event["hand"])]
            assert (left, places) == (event["players_left"], paid[event["tournament"]])
            bubbles += collusion.near_bubble(left, places)
    assert bubbles > 100


def test_a_pool_run_writes_the_same_bytes_again(tmp_path: Path) -> None:
    argv = ["simulate", "--seed", "8", "--hands", "1500", "--players", "300", "--colluders",
            "2*whipsaw:2:0.4/0.8,friends:3,bubble_folder", "--matrix-every", "3"]
    assert main([*argv, "--out", str(tmp_path / "a")]) == 0
    assert main([*argv, "--out", str(tmp_path / "b")]) == 0
    assert _digest(tmp_path / "a") == _digest(tmp_path / "b")


@pytest.mark.parametrize("argv, words", [
    (["--players", "9"], "--players must be at least 10"),
    (["--players", "20", "--colluders", "3*soft_play:2"], "the pool has 2 active regulars"),
    (["--colluders", "0*friends"], "1 or more")])
def test_bad_pools_are_usage_errors(argv: list[str], words: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seed", "1", "--hands", "10", "--out", str(tmp_path),
                 *argv]) == 2
    assert words in capsys.readouterr().err


def test_the_compact_spec() -> None:
    assert collusion.parse("whipsaw:2:0.3/0.9,2*friends:3,bubble_folder") == (
        TeamSpec("whipsaw", 2, 0.3), TeamSpec("whipsaw", 2, 0.9), TeamSpec("friends", 3, 0.0),
        TeamSpec("friends", 3, 0.0), TeamSpec("bubble_folder", 1, 1.0))
    assert collusion.parse(SPEC).count(TeamSpec("soft_play", 2, 0.7)) == 1
    assert len(collusion.parse(SPEC)) == 28


# ---------------------------------------------------------------- the bubble folder


@pytest.mark.parametrize("left, paid, near", [
    (3, 2, True), (4, 2, True), (5, 2, False), (2, 2, False), (10, 9, True), (12, 9, False),
    (2, 1, False), (None, 3, False), (4, None, False)])
def test_near_the_bubble(left: int | None, paid: int | None, near: bool) -> None:
    assert collusion.near_bubble(left, paid) is near


class _Seat:
    def __init__(self, name: str, strength: float, stack: int, all_in: bool = False) -> None:
        self.name, self.strength, self.stack, self.all_in = name, strength, stack, all_in
        self.hole: tuple[str, ...] = ("2c", "7d")
        self.folded = False


@settings(max_examples=200, deadline=None)
@given(strength=st.floats(0.0, 1.0), owed=st.integers(0, 3000), stack=st.integers(1, 3000),
       all_in=st.booleans(), bubble=st.booleans(), raiser=st.sampled_from(["a", "b", None]),
       move=st.sampled_from([Move.CALL, Move.RAISE, Move.FOLD]))
def test_the_bubble_folder_folds_to_anyone_alike(strength: float, owed: int, stack: int,
                                                 all_in: bool, bubble: bool,
                                                 raiser: str | None, move: Move) -> None:
    me = _Seat("me", strength, stack)
    others = [_Seat("a", 0.5, 0, all_in), _Seat("b", 0.5, 0, all_in)]
    turn = Turn(Game.HOLDEM, (), me, others, raiser, 1, owed, None, owed, owed, 100, bubble)
    decision = Decision(move, owed)
    played = collusion.collude(TeamPlay(collusion.BUBBLE_FOLDER, (), 1.0), turn, decision,
                               random.Random(1))
    large = all_in or owed >= stack / 4
    folds = (bubble and owed > 0 and raiser is not None and strength < 0.9 and large
             and move is not Move.FOLD)
    assert played == (Decision(Move.FOLD) if folds else decision)


def _facing(hand: HandPlayed, player: str) -> Iterator[tuple[bool, bool]]:
    """The player's preflop turns facing an all-in raise or one that costs a quarter of its
    chips or more, by anyone: (a premium hand, folded)."""
    behind = {seat.player: seat.stack for seat in hand.seats}
    cards = {seat.player: tuple(seat.cards) for seat in hand.seats}
    put_in: collections.Counter[str] = collections.Counter()
    bet = 0
    shove = False
    raised = False
    for act in hand.actions:
        if act.street is not Street.PREFLOP:
            break
        owed = bet - put_in[act.player]
        if (act.player == player and raised and act.kind not in POSTS and owed > 0
                and (shove or owed * 4 >= behind[player])):
            yield preflop_strength(cards[player]) >= 0.9, act.kind is ActionKind.FOLD
        behind[act.player] -= act.amount
        if act.kind is not ActionKind.ANTE:
            put_in[act.player] += act.amount
            bet = max(bet, put_in[act.player])
        if act.kind in (ActionKind.BET, ActionKind.RAISE):
            raised, shove = True, act.all_in


def _bubble_session(near: bool, seed: int) -> tuple[str, list[HandPlayed]]:
    """Six-handed hands with a bubble folder among loose shovers, near the bubble or not."""
    rng = random.Random(seed)
    # A loose caller: away from the bubble it calls many shoves with a weak hand.
    pool = [PlayerStyle("Folder", 0.7, 0.5, 0.2, 0.2),
            *(PlayerStyle(f"S{n}", 0.9, 0.95, 0.2, 0.6) for n in range(5))]
    styles, teams = collusion.draw_teams([TeamSpec(collusion.BUBBLE_FOLDER, 1, 1.0)], pool,
                                         rng, [0])
    hands = []
    for number in range(1500):
        plan = _plan(rng, Game.HOLDEM, BettingStructure.NO_LIMIT, 6,
                     styles=rng.sample(styles, 6))
        plan = replace(plan, players_left=4 if near else 9, places_paid=3)
        hands.append(play_hand(plan, random.Random(seed * 7919 + number)).hand)
    return teams[0].members[0], hands


def test_the_bubble_folder_folds_near_the_bubble_only() -> None:
    rates = {}
    for near in (True, False):
        folder, hands = _bubble_session(near, 11)
        spots = [spot for hand in hands for spot in _facing(hand, folder)]
        weak = [folded for premium, folded in spots if not premium]
        assert len(weak) >= 100
        rates[near] = sum(weak) / len(weak)
        assert [found for hand in hands if (found := _errors(hand))] == []
    assert rates[True] == 1.0 and rates[False] < 0.8
