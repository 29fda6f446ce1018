"""`feltcheck simulate`: Sit & Gos, MTTs and Matrix Sit & Gos until the hands asked for are
played, written as a tournament log, as Full Tilt text (hand histories and summaries), or
both, with the ground truth of every fault injected and every team of colluders
(truth.jsonl), and how many decisions each team's strategy changed (team_acts.jsonl, at
the end). Streams: one tournament in memory at a time.

The pool: `players_in_pool` players equally likely to enter, or (`players`) a pool of that
size with an activity mix (checker/sim/pool.py): entrants drawn by weight, teams drawn from
its regulars and registering together when one of them is drawn.
"""

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Protocol

from checker.sim import collusion
from checker.sim.collusion import TeamSpec
from checker.sim.faults import FAULTS_KEY, FaultPlan, Injected, truth_line
from checker.sim.log_writer import LogWriter
from checker.sim.matrix import Matrix
from checker.sim.mtt import MultiTableTournament
from checker.sim.plan import HandPlan, HandResult, PlayerStyle
from checker.sim.pool import Activity, activity
from checker.sim.schedule import SERVER, Schedule, mtt_seats, specs, weighted
from checker.sim.sit_and_go import PlayHand, SitAndGo, SitAndGoSpec
from checker.sim.variants import REGULAR, SATELLITE, VARIANTS, satellite_fits

# The smallest pool the schedule can draw from: a full table of its largest size with one in
# reserve, an MTT's smallest field, a Matrix with one in reserve.
LEAST_PLAYERS = max(max(size for size, _ in SERVER.table_sizes) + 1, SERVER.mtt.min_entrants,
                    SERVER.matrix.seats + 1)


class Formats:
    FTP = "ftp"
    LOG = "log"
    BOTH = "both"


@dataclass(slots=True)
class SimulationResult:
    tournaments: int = 0
    hands: int = 0
    faults: int = 0
    teams: int = 0
    files: list[Path] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Entrants:
    """Who registers for a tournament: the pool, its activity mix (None: everyone alike) and
    the teams that register together (`collusion.gather`)."""

    pool: list[PlayerStyle]
    mix: Activity | None = None
    teams: tuple[collusion.Team, ...] = ()

    def draw(self, rng: random.Random, count: int, seats: int, team_rng: random.Random
             ) -> list[PlayerStyle]:
        """`count` registrations (in order) for `seats` seats, teams gathered. With a mix a
        team comes when one of its members is drawn, so it plays about as often as its
        members (regulars) do; without, any team may come to any tournament."""
        mix = self.mix
        if mix is None:
            players = rng.sample(self.pool, count)
        else:
            players = [self.pool[index] for index in mix.draw(rng, count)]
        if self.teams:
            players = collusion.gather(players, self.pool, self.teams, seats, team_rng,
                                       drawn_only=mix is not None)
        return players


def simulate(seed: int, hands: int, out: Path, formats: str, faults: FaultPlan,
             play_hand: PlayHand, population: Callable[[random.Random, int], list[PlayerStyle]],
             ftp_writer: "FtpWriter | None" = None,
             incidents: FaultPlan | None = None,
             colluders: tuple[TeamSpec, ...] = (),
             mtt_every: int | None = None,
             matrix_every: int | None = None,
             players: int | None = None,
             schedule: Schedule | None = None) -> SimulationResult:
    """Play Sit & Gos, MTTs (every `mtt_every`-th tournament) and Matrix Sit & Gos (every
    `matrix_every`-th, when not an MTT's turn; defaults: the server's settings) until at
    least `hands` hands are dealt; write them into `out`.
    Colluders (checker/sim/collusion.py) are drawn from the pool with a stream of their own
    and listed first in the truth. `players`: a pool of that many with an activity mix
    (drawn from a stream of its own, `pool-SEED`); None: the server's pool, all alike.
    `schedule`: what tournaments' terms are drawn from (`schedule.narrowed`; None: the
    server's whole schedule)."""
    rng = random.Random(seed)
    fault_rng = random.Random(f"faults-{seed}")
    team_rng = random.Random(f"colluders-{seed}")
    variant_rng = random.Random(f"variants-{seed}")
    pool = population(rng, SERVER.players_in_pool if players is None else players)
    mix = None if players is None else pool_mix(seed, players)
    teams: list[collusion.Team] = []
    if colluders:
        pool, teams = collusion.draw_teams(
            colluders, pool, team_rng,
            None if mix is None else mix.active_regulars(SERVER.pool.team_share))
    entrants = Entrants(pool, mix, tuple(teams))
    result = SimulationResult()
    acts: Counter[str] = Counter()
    if teams:
        play_hand = _counting(play_hand, acts)
    out.mkdir(parents=True, exist_ok=True)
    truth_path = out / "truth.jsonl"
    log_file: IO[str] | None = None
    writer: LogWriter | None = None
    with truth_path.open("w", encoding="utf-8") as truth:
        for team in teams:
            truth.write(json.dumps(collusion.truth_line(team), sort_keys=True) + "\n")
        result.teams = len(teams)
        for spec in specs(rng, schedule or Schedule()):
            if result.hands >= hands:
                break
            if formats != Formats.FTP and result.tournaments % SERVER.tournaments_per_log == 0:
                if log_file is not None:
                    log_file.close()
                number = result.tournaments // SERVER.tournaments_per_log
                path = out / "log" / f"sim-{seed}-{number:04d}.jsonl"
                path.parent.mkdir(parents=True, exist_ok=True)
                log_file = path.open("w", encoding="utf-8")
                writer = LogWriter(log_file, spec.scheduled_start.strftime("%Y-%m-%dT%H:%M:%SZ"))
                result.files.append(path)
            every = SERVER.mtt_every if mtt_every is None else mtt_every
            is_mtt = every > 0 and (result.tournaments + 1) % every == 0
            if not is_mtt and _matrix_turn(result.tournaments + 1, matrix_every):
                game: Tournament = _matrix(spec, entrants, rng, team_rng, fault_rng,
                                           faults, play_hand, incidents or FaultPlan())
            else:
                spec = replace(spec, variant=_variant(is_mtt, variant_rng))
                game = _tournament(spec, is_mtt, entrants, rng, team_rng, fault_rng,
                                   faults, play_hand, incidents or FaultPlan())
            events = list(game.run())  # one tournament: a few hundred events at most
            lines = _truth(writer, events, game, spec.tournament)
            if ftp_writer is not None and formats != Formats.LOG:
                result.files += ftp_writer(out / "ftp", game.spec, events)
            for line in lines:
                truth.write(json.dumps(line, sort_keys=True) + "\n")
            result.tournaments += 1
            result.hands += game.finished
            result.faults += len(lines)
    if log_file is not None:
        log_file.close()
    if teams:
        _write_team_acts(out / "team_acts.jsonl", teams, acts)
    return result


def _counting(play_hand: PlayHand, acts: Counter[str]) -> PlayHand:
    """`play_hand`, adding up the decisions each team member's strategy changed."""
    def played(plan: HandPlan, rng: random.Random) -> HandResult:
        result = play_hand(plan, rng)
        acts.update(result.team_acts)
        return result
    return played


def _write_team_acts(path: Path, teams: list[collusion.Team], acts: Counter[str]) -> None:
    """One line per team, in the truth's order: its members and the decisions its strategy
    changed (an honest look-alike's habit counts too: a nut-checker's river check). A team
    whose scheme changed little left little any detector could find."""
    with path.open("w", encoding="utf-8") as lines:
        for team in teams:
            line = {"team": list(team.members), "strategy": team.strategy,
                    "decisions_changed": sum(acts[name] for name in team.members)}
            lines.write(json.dumps(line, sort_keys=True) + "\n")


def pool_mix(seed: int, players: int) -> Activity:
    """The activity mix of the seed's pool of `players` (a stream of its own: the schedule,
    cards and faults are drawn as they would be without it)."""
    return activity(players, random.Random(f"pool-{seed}"))


class Tournament(Protocol):
    """A tournament driver (SitAndGo, MultiTableTournament, Matrix)."""

    @property
    def spec(self) -> SitAndGoSpec: ...

    @property
    def injected(self) -> list[Injected]: ...

    @property
    def finished(self) -> int: ...

    def run(self) -> Iterator[dict[str, Any]]: ...


def _variant(is_mtt: bool, variant_rng: random.Random) -> str:
    """Regular, satellite or rebuy (MTTs): server.toml's `[variants]` weights, drawn from a
    stream of their own."""
    return str(weighted(variant_rng, VARIANTS.mtt if is_mtt else VARIANTS.sit_and_go))


def _fitting(spec: SitAndGoSpec, entrants: int) -> SitAndGoSpec:
    """A satellite whose pool buys no seat, or one for everyone, is played as a regular
    event (at least `entrants` play)."""
    if spec.variant == SATELLITE and not satellite_fits(spec.buy_in * entrants, entrants):
        return replace(spec, variant=REGULAR)
    return spec


def _tournament(spec: SitAndGoSpec, is_mtt: bool, entrants: Entrants, rng: random.Random,
                team_rng: random.Random, fault_rng: random.Random, faults: FaultPlan,
                play_hand: PlayHand, incidents: FaultPlan) -> Tournament:
    """An MTT of a random size at 6- or 9-seat tables, or a Sit & Go (with one player in
    reserve for a seat freed by an unregistration). Teams of colluders often register
    together for either; in an MTT the random draw (clause 9) seats them, so they meet at a
    table by chance and more often as tables break."""
    if is_mtt:
        spec = replace(spec, seats=mtt_seats(spec.seats))
        size = rng.randint(SERVER.mtt.min_entrants,
                           min(SERVER.mtt.max_entrants, len(entrants.pool)))
        # One may unregister: the seats must fit the smaller field too.
        spec = _fitting(spec, size - 1)
        chosen = entrants.draw(rng, size, size, team_rng)
        return MultiTableTournament(spec, chosen, rng, fault_rng, faults, play_hand, incidents)
    spec = _fitting(spec, spec.seats)
    players = entrants.draw(rng, spec.seats + 1, spec.seats, team_rng)
    return SitAndGo(spec, players, rng, fault_rng, faults, play_hand, incidents)


def _matrix_turn(number: int, matrix_every: int | None) -> bool:
    """Whether the `number`-th tournament (from 1) is a Matrix."""
    every = SERVER.matrix_every if matrix_every is None else matrix_every
    return every > 0 and number % every == 0


def _matrix(spec: SitAndGoSpec, entrants: Entrants, rng: random.Random,
            team_rng: random.Random, fault_rng: random.Random, faults: FaultPlan,
            play_hand: PlayHand, incidents: FaultPlan) -> Matrix:
    """A Matrix at the server's Matrix tables and prices (one player in reserve, teams of
    colluders often registering together, as for a Sit & Go)."""
    money = rng.choice(SERVER.matrix.buy_ins)
    spec = replace(spec, seats=SERVER.matrix.seats, buy_in=SERVER.matrix.buy_in(money),
                   fee=money.fee)
    players = entrants.draw(rng, spec.seats + 1, spec.seats, team_rng)
    return Matrix(spec, money.match_buy_in, players, rng, fault_rng, faults, play_hand,
                  incidents)


def _hand_faults(game: Tournament, tournament: str) -> list[tuple[str, list[Injected]]]:
    """The hand faults injected, by the log tournament they are in (a Matrix: its matches)."""
    if isinstance(game, Matrix):
        return [(match.spec.tournament, match.injected) for match in game.matches]
    return [(tournament, game.injected)]


def _truth(writer: LogWriter | None, events: list[dict[str, Any]], game: Tournament,
           tournament: str) -> list[dict[str, object]]:
    """Write the events to the log (when one is written) and return the truth lines: hand
    faults by hand id (and the hand line's `seq`), tournament faults by event `seq`. Without
    a log, a tournament fault has no place a text hand history shows (a seat's starting stack
    is a log fact): its line says so with `"event": null`. A Matrix match's lines name the
    log's tournament (the match) and, as `matrix` and `match`, the text's (the Matrix)."""
    by_tournament = _hand_faults(game, tournament)
    lines: list[dict[str, object]] = []
    if writer is not None:
        lines = writer.write(events)
        for name, injected in by_tournament:
            lines += writer.hand_truth(injected, name)
    else:
        for event in events:
            for fault in event.pop(FAULTS_KEY, []):
                lines.append(truth_line(Injected(fault), event["tournament"], None)
                             | {"event": None})
        lines += [truth_line(fault, name, None) for name, injected in by_tournament
                  for fault in injected]
    if isinstance(game, Matrix):
        for line in lines:
            number = str(line["tournament"]).removeprefix(f"{tournament}-")
            line.update(matrix=tournament, match=int(number))
    return lines


# Renders one tournament's events as Full Tilt text files under a folder; the files written.
FtpWriter = Callable[[Path, SitAndGoSpec, list[dict[str, Any]]], list[Path]]
