"""Colluders in the simulator (checker/sim/collusion.py, `feltcheck simulate --colluders`).

Each strategy must leave the statistical trace a detector would look for, measured here from
the hands as played (the log's `hand` events), independently of how the strategy decides:
chip flow between chip-dumping partners far above any pair of the population; soft-play
partners raising far less while a partner is in the hand than otherwise; whipsaw partners
re-raising each other with a third player in far more often than anyone re-raises anyone;
card sharers folding far more often when a partner holds one of their outs. Honest
look-alikes leave none (friends' chip flow is the population's). Colluding hands stay legal
(the rules find nothing), the truth lists the teams, teams often sit together, and the same
seed writes the same bytes.
"""

import collections
import json
import random
import statistics
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.cli import main
from checker.model.hand import ActionKind, BettingStructure, Game, Street
from checker.model.tournament_log import HandAction, HandPlayed
from checker.replay.evaluate import hand_class, high_rank
from checker.sim import collusion
from checker.sim.collusion import ColluderError, TeamSpec, Turn
from checker.sim.hand_engine import play_hand
from checker.sim.plan import PlayerStyle, TeamPlay
from checker.sim.styles import Decision, Move, population
from tests.conftest import REPO
from tests.test_sim_hand_engine import _errors, _plan

RULES = REPO / "rules" / "fulltilt.rules"
PLAYERS = 6
HANDS = 2000
POSTS = (ActionKind.ANTE, ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND)
AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)


def _table(strategy: str, size: int, intensity: float, seed: int = 1,
           players: int = PLAYERS) -> tuple[list[PlayerStyle], collusion.Team]:
    rng = random.Random(seed)
    pool, teams = collusion.draw_teams([TeamSpec(strategy, size, intensity)],
                                       population(rng, players), rng)
    return pool, teams[0]


def _session(pool: list[PlayerStyle], count: int, seed: int,
             structure: BettingStructure = BettingStructure.NO_LIMIT,
             game: Game = Game.HOLDEM) -> list[HandPlayed]:
    """`count` hands of `pool` on random seats, button and stacks."""
    rng = random.Random(seed)
    hands = []
    for number in range(count):
        plan = _plan(rng, game, structure, len(pool), styles=rng.sample(pool, len(pool)))
        hands.append(play_hand(plan, random.Random(seed * 7919 + number)).hand)
    return hands


_SESSIONS: dict[tuple[str, int, float], tuple[list[PlayerStyle], collusion.Team,
                                              list[HandPlayed]]] = {}


def _played(strategy: str, size: int = 2, intensity: float = 0.8
            ) -> tuple[list[PlayerStyle], collusion.Team, list[HandPlayed]]:
    key = (strategy, size, intensity)
    if key not in _SESSIONS:
        pool, team = _table(strategy, size, intensity)
        _SESSIONS[key] = (pool, team, _session(pool, HANDS, 2))
    return _SESSIONS[key]


# ---------------------------------------------------------------- measures from the hands


def _net(hand: HandPlayed) -> collections.Counter[str]:
    net: collections.Counter[str] = collections.Counter()
    for act in hand.actions:
        net[act.player] -= act.amount
    for back in hand.returns:
        net[back.player] += back.amount
    for award in hand.awards:
        net[award.player] += award.amount
    return net


def _flows(hands: list[HandPlayed]) -> dict[tuple[str, str], float]:
    """Net chips (in big blinds per hand) from the first player of each pair to the second:
    in a hand, what one lost that the other won, less the same the other way."""
    gross: collections.defaultdict[tuple[str, str], float] = collections.defaultdict(float)
    for hand in hands:
        assert hand.big_blind is not None
        net = _net(hand)
        names = [s.player for s in hand.seats]
        for a in names:
            for b in names:
                if a != b:
                    gross[a, b] += min(max(0, -net[a]), max(0, net[b])) / hand.big_blind
    return {(a, b): (flow - gross.get((b, a), 0.0)) / len(hands)
            for (a, b), flow in gross.items()}


def _population_flows(flows: dict[tuple[str, str], float],
                      team: collusion.Team) -> list[float]:
    """The chip flow of every pair of players outside the team, either way."""
    inside = set(team.members)
    return [abs(v) for (a, b), v in flows.items() if a not in inside and b not in inside]


class Turned:
    """One act of a hand with what was known before it: the players still in, the street's
    last bettor or raiser, the board on the street."""

    def __init__(self, hand: HandPlayed, act: HandAction, live: frozenset[str],
                 aggressor: str | None) -> None:
        self.hand = hand
        self.act = act
        self.live = live
        self.aggressor = aggressor


def _turns(hands: list[HandPlayed]) -> Iterator[Turned]:
    """Every act that is a player's choice (posts left out)."""
    for hand in hands:
        live = {s.player for s in hand.seats}
        street: Street | None = None
        aggressor: str | None = None
        for act in hand.actions:
            if act.street != street:
                street, aggressor = act.street, None
            if act.kind in POSTS:
                continue
            yield Turned(hand, act, frozenset(live), aggressor)
            if act.kind is ActionKind.FOLD:
                live.discard(act.player)
            if act.kind in AGGRESSIVE:
                aggressor = act.player


def _raise_rates(hands: list[HandPlayed], actor: str, other: str) -> tuple[float, float]:
    """How often `actor` bets or raises with `other` still in the hand, and with `other`
    dealt in but out of it."""
    counts: collections.Counter[tuple[bool, bool]] = collections.Counter()
    for turn in _turns(hands):
        if turn.act.player == actor:
            counts[other in turn.live, turn.act.kind in AGGRESSIVE] += 1
    return (counts[True, True] / max(1, counts[True, True] + counts[True, False]),
            counts[False, True] / max(1, counts[False, True] + counts[False, False]))


def _reraise_rate(hands: list[HandPlayed], actor: str, raiser: str,
                  team: collusion.Team) -> float:
    """How often `actor`, facing `raiser`'s bet or raise with an outsider still in, raises."""
    inside = set(team.members) | {actor, raiser}
    seen = raised = 0
    for turn in _turns(hands):
        if turn.act.player == actor and turn.aggressor == raiser and turn.live - inside:
            seen += 1
            raised += turn.act.kind is ActionKind.RAISE
    return raised / seen if seen else 0.0


def _fold_rates(hands: list[HandPlayed], actor: str, other: str) -> tuple[float, float]:
    """How often `actor`, facing a bet on the flop or turn, folds when `other` holds one of
    its outs, and when `other` holds none."""
    counts: collections.Counter[tuple[bool, bool]] = collections.Counter()
    for turn in _turns(hands):
        act = turn.act
        if (act.player != actor or act.street not in (Street.FLOP, Street.TURN)
                or act.kind in (ActionKind.CHECK, ActionKind.BET)):
            continue
        cards = {s.player: tuple(s.cards) for s in turn.hand.seats}
        board = tuple(turn.hand.boards[0][:3 if act.street is Street.FLOP else 4])
        held = any(collusion.improves(turn.hand.game, cards[actor], board, card)
                   for card in cards[other])
        counts[held, act.kind is ActionKind.FOLD] += 1
    return (counts[True, True] / max(1, counts[True, True] + counts[True, False]),
            counts[False, True] / max(1, counts[False, True] + counts[False, False]))


# ---------------------------------------------------------------- the traces


def test_chip_dumping_moves_chips_to_the_partner_fed() -> None:
    _, team, hands = _played(collusion.CHIP_DUMPING)
    fed, feeder = team.members
    flows = _flows(hands)
    others = _population_flows(flows, team)
    assert flows[feeder, fed] > 3 * statistics.mean(others)
    assert flows[feeder, fed] > max(others)


def test_a_team_of_three_feeds_the_first_member() -> None:
    _, team, hands = _played(collusion.CHIP_DUMPING, size=3)
    fed = team.members[0]
    flows = _flows(hands)
    others = _population_flows(flows, team)
    for feeder in team.members[1:]:
        assert flows[feeder, fed] > 2 * statistics.mean(others)


def test_friends_chip_flow_is_the_populations() -> None:
    _, team, hands = _played(collusion.FRIENDS, intensity=0.0)
    first, second = team.members
    flows = _flows(hands)
    others = _population_flows(flows, team)
    # Under the bar chip dumpers clear (above), and within the population's spread.
    assert abs(flows[first, second]) < 3 * statistics.mean(others)
    assert abs(flows[first, second]) <= max(others)


def test_soft_players_rarely_raise_while_a_partner_is_in() -> None:
    pool, team, hands = _played(collusion.SOFT_PLAY)
    first, second = team.members

    def ratio(actor: str, other: str) -> float:
        with_other, without = _raise_rates(hands, actor, other)
        return with_other / without

    outsiders = [p.name for p in pool if p.name not in team.members]
    baseline = statistics.median(ratio(a, b) for a in outsiders for b in outsiders if a != b)
    assert ratio(first, second) < 0.4 * baseline
    assert ratio(second, first) < 0.4 * baseline
    # Against everyone else they raise as their styles do.
    assert ratio(first, outsiders[0]) > 0.4 * baseline


def test_whipsaw_partners_reraise_each_other_with_a_third_player_in() -> None:
    pool, team, hands = _played(collusion.WHIPSAW)
    first, second = team.members
    names = [p.name for p in pool]
    population_rates = [_reraise_rate(hands, a, b, team) for a in names for b in names
                        if a != b and not {a, b} <= set(team.members)]
    top = max(population_rates)
    assert _reraise_rate(hands, first, second, team) > 2 * top
    assert _reraise_rate(hands, second, first, team) > 2 * top


def test_card_sharers_fold_when_a_partner_holds_their_outs() -> None:
    pool, team, hands = _played(collusion.CARD_SHARING)
    first, second = team.members

    def gap(actor: str, other: str) -> float:
        held, not_held = _fold_rates(hands, actor, other)
        return held - not_held

    # Holding outs means a weaker hand, so anyone folds a little more then; sharers much more.
    outsiders = [p.name for p in pool if p.name not in team.members]
    baseline = statistics.median(gap(a, b) for a in outsiders for b in outsiders if a != b)
    assert gap(first, second) > max(0.3, 3 * baseline)
    assert gap(second, first) > max(0.3, 3 * baseline)
    assert gap(first, outsiders[0]) < max(0.3, 3 * baseline)


def test_the_nut_checker_checks_the_river_with_the_nuts() -> None:
    rng = random.Random(3)
    pool, teams = collusion.draw_teams([TeamSpec(collusion.NUT_CHECKING, 1, 1.0)] * 3,
                                       population(rng, PLAYERS), rng)
    checkers = {team.members[0] for team in teams}
    hands = _session(pool, 2 * HANDS, 4)
    counts: collections.Counter[tuple[bool, ActionKind]] = collections.Counter()
    for turn in _turns(hands):
        act = turn.act
        if (act.street is Street.RIVER and turn.aggressor is None
                and act.kind in (ActionKind.CHECK, ActionKind.BET)):
            cards = {s.player: tuple(s.cards) for s in turn.hand.seats}
            if collusion.is_nuts(turn.hand.game, cards[act.player], tuple(turn.hand.boards[0])):
                counts[act.player in checkers, act.kind] += 1
    # The checkers never bet the nuts first on the river; the others mostly do.
    assert counts[True, ActionKind.CHECK] >= 5
    assert counts[True, ActionKind.BET] == 0
    assert counts[False, ActionKind.BET] >= 2
    assert counts[False, ActionKind.BET] * 3 >= counts[False, ActionKind.CHECK]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), strategy=st.sampled_from(sorted(collusion.STRATEGIES)))
def test_intensity_zero_plays_the_hands_of_the_styles_alone(seed: int, strategy: str) -> None:
    size = collusion.STRATEGIES[strategy][0]
    pool, _ = _table(strategy, size, 0.0, seed)
    straight = [replace(p, team=None) for p in pool]
    assert straight != pool or strategy == collusion.FRIENDS
    assert _session(pool, 20, seed) == _session(straight, 20, seed)


# ---------------------------------------------------------------- legal hands


def test_colluding_hands_break_no_rule() -> None:
    rng = random.Random(5)
    specs = [TeamSpec(collusion.CHIP_DUMPING, 2, 1.0), TeamSpec(collusion.SOFT_PLAY, 2, 1.0),
             TeamSpec(collusion.WHIPSAW, 2, 1.0), TeamSpec(collusion.CARD_SHARING, 2, 1.0),
             TeamSpec(collusion.NUT_CHECKING, 1, 1.0)]
    pool, _ = collusion.draw_teams(specs, population(rng, 9), rng)
    straight = [replace(p, team=None) for p in pool]
    broken = []
    changed = 0
    for number, (structure, game) in enumerate(
            (s, g) for s in (BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT,
                             BettingStructure.FIXED_LIMIT) for g in (Game.HOLDEM, Game.OMAHA)):
        hands = _session(pool, 150, 40 + number, structure, game)
        broken += [(h.hand, found) for h in hands if (found := _errors(h))]
        changed += sum(a != b for a, b in zip(
            hands, _session(straight, 150, 40 + number, structure, game), strict=True))
    assert broken == []
    assert changed > 300  # the strategies did play (most hands differ from straight play)


# ---------------------------------------------------------------- decisions


def _turn(game: Game, hole: tuple[str, ...], board: tuple[str, ...], owed: int = 0,
          partner_hole: tuple[str, ...] = ("2c", "3d")) -> Turn:
    class P:
        def __init__(self, name: str, hole: tuple[str, ...], strength: float) -> None:
            self.name, self.hole, self.strength = name, hole, strength
            self.folded = self.all_in = False
            self.stack = 1000

    return Turn(game, board, P("me", hole, 0.3), [P("mate", partner_hole, 0.5),
                                                   P("third", ("4c", "4d"), 0.5)],
                "third" if owed else None, 1 if owed else 0, owed, 200, 1000, 100, 400)


def test_card_sharer_folds_a_draw_whose_outs_a_partner_holds() -> None:
    team = TeamPlay(collusion.CARD_SHARING, ("mate",), 1.0)
    hole, board = ("Ah", "Kh"), ("2h", "7h", "9c")  # a flush draw: any heart is an out
    call = Decision(Move.CALL)
    blocked = _turn(Game.HOLDEM, hole, board, 100, ("5h", "Jd"))
    assert collusion.collude(team, blocked, call, random.Random(1)).move is Move.FOLD
    live = _turn(Game.HOLDEM, hole, board, 100, ("5d", "Jd"))
    assert collusion.collude(team, live, Decision(Move.FOLD), random.Random(1)).move is Move.CALL


def test_soft_player_does_not_raise_into_a_partner() -> None:
    team = TeamPlay(collusion.SOFT_PLAY, ("mate",), 1.0)
    turn = _turn(Game.HOLDEM, ("Ah", "Ad"), ("2h", "7h", "9c"))
    played = collusion.collude(team, turn, Decision(Move.RAISE, 300), random.Random(1))
    assert played.move is Move.CHECK


@pytest.mark.parametrize("hole, board, cls", [
    (("Ah", "Kh"), ("Qh", "Jh", "Th"), 8), (("Ah", "Ad"), ("Ac", "As", "2d"), 7),
    (("Ah", "Ad"), ("Ac", "2s", "2d"), 6), (("Ah", "3h"), ("9h", "2h", "Kh"), 5),
    (("5c", "4d"), ("3h", "2s", "Ad"), 4), (("7c", "7d"), ("7h", "2s", "Ad"), 3),
    (("7c", "2d"), ("7h", "2s", "Ad"), 2), (("7c", "3d"), ("7h", "2s", "Ad"), 1),
    (("7c", "3d"), ("9h", "2s", "Ad"), 0)])
def test_hand_classes(hole: tuple[str, ...], board: tuple[str, ...], cls: int) -> None:
    rank = high_rank(hole, board, Game.HOLDEM)
    assert hand_class(rank) == cls


def test_the_nuts() -> None:
    board = ("As", "Ks", "Qs", "Js", "2d")
    assert collusion.is_nuts(Game.HOLDEM, ("Ts", "3c"), board)
    assert not collusion.is_nuts(Game.HOLDEM, ("Ah", "Ad"), board)
    # Omaha plays two hole cards: a lone spade ten makes no straight flush.
    assert not collusion.is_nuts(Game.OMAHA, ("Ts", "3c", "4c", "5c"), board)
    assert collusion.is_nuts(Game.OMAHA, ("Js", "Ts", "4c", "5c"), ("As", "Ks", "Qs", "7d", "2d"))
    assert not collusion.is_nuts(Game.OMAHA, ("Ts", "9s", "4c", "5c"),
                                 ("As", "Ks", "Qs", "7d", "2d"))
    # A flush draw: every unseen heart is an out (and an ace or king pairs); a card the
    # partner holds is not unseen; a three improves nothing.
    found = collusion.outs(Game.HOLDEM, ("Ah", "Kh"), ("2h", "7h", "9c"), ("5h",))
    hearts = [rank + "h" for rank in "34689TJQ"]
    assert set(hearts) <= set(found) and {"Ad", "Kc"} <= set(found)
    assert "5h" not in found and "3c" not in found


# ---------------------------------------------------------------- the spec


def test_spec_parses_with_defaults() -> None:
    assert collusion.parse("chip_dumping:2:0.8,soft_play:3:0.5,friends:2,nut_checking") == (
        TeamSpec("chip_dumping", 2, 0.8), TeamSpec("soft_play", 3, 0.5),
        TeamSpec("friends", 2, 0.0), TeamSpec("nut_checking", 1, 0.5))
    assert collusion.parse("") == ()
    assert collusion.parse("whipsaw") == (TeamSpec("whipsaw", 2, 0.8),)


@pytest.mark.parametrize("spec, words", [
    ("bribery:2", "unknown strategy"), ("soft_play:4", "2 to 3 players"),
    ("soft_play:1", "2 to 3 players"), ("nut_checking:2", "1 to 1 players"),
    ("whipsaw:2:1.5", "between 0 and 1"), ("whipsaw:x", "not a number"),
    ("friends:2:0.5", "no intensity")])
def test_bad_specs_are_refused(spec: str, words: str) -> None:
    with pytest.raises(ColluderError, match=words):
        collusion.parse(spec)


# ---------------------------------------------------------------- feltcheck simulate

SPEC = "chip_dumping:2:0.8,soft_play:3:0.5,whipsaw:2,card_sharing:2,friends:2,nut_checking"


def _simulate(out: Path, seed: int = 7, hands: int = 3000, faults: str = "") -> None:
    # Sit & Gos (and MTTs) only: a Matrix's four matches are one registration, which the
    # seating statistics below would count four times.
    argv = ["simulate", "--seed", str(seed), "--hands", str(hands), "--out", str(out),
            "--colluders", SPEC, "--matrix-every", "0"]
    assert main([*argv, "--faults", faults] if faults else argv) == 0


def _events(out: Path) -> list[dict[str, object]]:
    return [json.loads(line) for path in sorted((out / "log").glob("*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("colluders")
    _simulate(out)
    return out


def test_the_truth_lists_every_team_first(tmp_path: Path) -> None:
    _simulate(tmp_path, hands=300, faults="chips_created:0.05")
    lines = (tmp_path / "truth.jsonl").read_text(encoding="utf-8").splitlines()
    teams = [json.loads(line) for line in lines if '"team"' in line]
    assert lines[:len(teams)] == [json.dumps(t, sort_keys=True) for t in teams]
    assert [(t["strategy"], len(t["team"]), t["intensity"], t["honest"]) for t in teams] == [
        ("chip_dumping", 2, 0.8, False), ("soft_play", 3, 0.5, False),
        ("whipsaw", 2, 0.8, False), ("card_sharing", 2, 0.8, False),
        ("friends", 2, 0.0, True), ("nut_checking", 1, 0.5, True)]
    members = [name for t in teams for name in t["team"]]
    assert len(set(members)) == len(members) == 12
    faults = [json.loads(line) for line in lines[len(teams):]]
    assert faults and all(f["fault"] == "chips_created" for f in faults)


def test_teams_often_sit_together(simulated: Path) -> None:
    # Sit & Gos only: teams register together there (an MTT seats its field at random).
    entrants: dict[object, set[object]] = collections.defaultdict(set)
    mtts = set()
    for event in _events(simulated):
        if event["event"] == "tournament_terms" and event["kind"] == "mtt":
            mtts.add(event["tournament"])
        elif event["event"] == "seat" and event["tournament"] not in mtts:
            entrants[event["tournament"]].add(event["player"])
    teams = [json.loads(line)["team"] for line in
             (simulated / "truth.jsonl").read_text(encoding="utf-8").splitlines()
             if '"team"' in line]
    # Drawn at random from a pool of 90 a pair would share a table about once in 200 Sit &
    # Gos: every team sits together at least once in these few dozen, and the teams do in
    # at least 15% of the Sit & Gos on average (each registers together half the time when
    # the table has room for it; heads-up and crowded tables often have none).
    shared = [sum(set(team) <= players for players in entrants.values())
              for team in teams if len(team) > 1]
    assert shared and min(shared) >= 1, shared
    assert sum(shared) >= 0.15 * len(entrants) * len(shared), shared


def test_colluding_tournaments_audit_clean(simulated: Path, tmp_path: Path) -> None:
    report = tmp_path / "audit.json"
    main(["audit", str(simulated / "log"), "--rules", str(RULES), "--format", "json",
          "--output", str(report), "--fail-on", "never"])
    doc = json.loads(report.read_text(encoding="utf-8"))
    logged = {event["tournament"] for event in _events(simulated) if "tournament" in event}
    assert doc["summary"]["events_rejected"] == 0
    assert doc["summary"]["tournaments"] == len(logged) >= 15
    # No hand breaks a rule; only clause 28, which judges pairs across hands, may speak, and
    # only about pairs with a colluder in them.
    assert [f for f in doc["findings"] if f["clauses"] != ["28"]] == []
    colluders = {name for line in (simulated / "truth.jsonl").read_text().splitlines()
                 if '"team"' in line and not json.loads(line)["honest"]
                 for name in json.loads(line)["team"]}
    for finding in doc["findings"]:
        assert set(finding["location"]["players"]) & colluders, finding["message"]


def test_the_same_seed_writes_the_same_bytes(simulated: Path, tmp_path: Path) -> None:
    _simulate(tmp_path)
    files = sorted(p.relative_to(simulated) for p in simulated.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    for name in files:
        assert (simulated / name).read_bytes() == (tmp_path / name).read_bytes(), name


@pytest.mark.parametrize("spec, words", [
    ("bribery", "unknown strategy"), ("soft_play:3:2", "between 0 and 1"),
    (",".join(["soft_play:3"] * 31), "the pool has 90")])
def test_bad_colluders_are_usage_errors(spec: str, words: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--seed", "1", "--hands", "10", "--out", str(tmp_path),
            "--colluders", spec]
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_team_acts_count_the_decisions_each_strategy_changed(tmp_path: Path) -> None:
    # The same seed twice: every team at full intensity, then every team at intensity 0
    # (each plays its style alone, so the logs are the same hands and nothing changed).
    counts: dict[str, list[dict[str, Any]]] = {}
    for name, spec in (("full", "chip_dumping:2:1,soft_play:2:1,whipsaw:2:1,card_sharing:2:1"),
                       ("none", "chip_dumping:2:0,soft_play:2:0,whipsaw:2:0,card_sharing:2:0")):
        out = tmp_path / name
        assert main(["simulate", "--seed", "7", "--hands", "3000", "--out", str(out),
                     "--format", "log", "--colluders", f"{spec},friends:2"]) == 0
        truth = [json.loads(line) for line in
                 (out / "truth.jsonl").read_text(encoding="utf-8").splitlines()
                 if '"team"' in line]
        acts = [json.loads(line) for line in
                (out / "team_acts.jsonl").read_text(encoding="utf-8").splitlines()]
        assert [(a["team"], a["strategy"]) for a in acts] == [
            (t["team"], t["strategy"]) for t in truth]
        counts[name] = acts
    full, none = counts["full"], counts["none"]
    assert all(a["decisions_changed"] > 0 for a in full if a["strategy"] != "friends")
    assert all(a["decisions_changed"] == 0 for a in none)
    assert next(a for a in full if a["strategy"] == "friends")["decisions_changed"] == 0
