"""`feltcheck simulate --seed N --hands N [--format ftp|log|both] [--faults ...]
[--colluders ...] [--players N] [--table-size N] [--game G] [--structure S] --out DIR`.

Exit codes: 0 written; 2 usage (an unknown fault, a bad rate, a bad colluder spec, a pool too
small, a schedule the server cannot deal, an output that cannot be made).
"""

import argparse
import sys
from pathlib import Path

from checker.model.hand import BettingStructure, Game
from checker.sim.collusion import STRATEGIES, ColluderError
from checker.sim.collusion import parse as parse_colluders
from checker.sim.faults import FAULTS, INCIDENTS, FaultError, FaultPlan
from checker.sim.schedule import SERVER, ScheduleError, listed, narrowed
from checker.sim.simulate import LEAST_PLAYERS, Formats, simulate
from checker.sim.styles import population

EXIT_OK = 0
EXIT_USAGE = 2


def add_simulate_arguments(command: argparse.ArgumentParser) -> None:
    """The options of `feltcheck simulate`, with the simulator's faults, strategies and
    schedule in their help (checker.cli adds them only when the command is used)."""
    command.add_argument("--seed", type=int, required=True)
    command.add_argument("--hands", type=int, required=True,
                         help="play tournaments until at least this many hands are dealt")
    command.add_argument("--format", choices=(Formats.FTP, Formats.LOG, Formats.BOTH),
                         default=Formats.BOTH)
    command.add_argument("--faults", metavar="NAME[:RATE],...", default="",
                         help=f"server bugs to inject: all, {', '.join(sorted(FAULTS))}")
    command.add_argument("--incidents", metavar="NAME[:RATE],...", default="",
                         help="what a correct server meets too: "
                              f"{', '.join(sorted(INCIDENTS))} (rate: chance per hand)")
    command.add_argument("--colluders", metavar="[N*]STRATEGY[:SIZE[:INTENSITY[/...]]],...",
                         default="",
                         help="teams drawn from the players (docs/simulator.md, Colluders): "
                              f"{', '.join(STRATEGIES)}")
    command.add_argument("--mtt-every", type=int, metavar="N", dest="mtt_every",
                         help="every N-th tournament is an MTT (default: the server's "
                              "settings; 0: none)")
    command.add_argument("--matrix-every", type=int, metavar="N", dest="matrix_every",
                         help="every N-th tournament is a Matrix Sit & Go unless it is an "
                              "MTT (default: the server's settings; 0: none)")
    command.add_argument("--players", type=int, metavar="N",
                         help="a pool of N players with a mix of regulars and recreational "
                              f"players (default: {SERVER.players_in_pool}, all alike; "
                              "docs/simulator.md, The player pool)")
    command.add_argument("--table-size", type=int, metavar="N", dest="table_size",
                         help="deal only tournaments at N-seat tables (one of the schedule's: "
                              f"{listed(SERVER.table_sizes)})")
    command.add_argument("--game", choices=[str(game) for game, _ in SERVER.games],
                         help="deal only this game")
    command.add_argument("--structure",
                         choices=[str(structure) for structure, _ in SERVER.structures],
                         help="deal only this betting structure")
    command.add_argument("--out", type=Path, required=True, metavar="DIR")



def run_simulate(args: argparse.Namespace) -> int:
    # The hand engine and the Full Tilt writer load here: every command builds this parser.
    from checker.sim.ftp_text import write_tournament
    from checker.sim.hand_engine import play_hand

    try:
        faults = FaultPlan.parse(args.faults)
        incidents = FaultPlan.parse_incidents(args.incidents)
        colluders = parse_colluders(args.colluders)
    except (FaultError, ColluderError) as exc:
        print(f"feltcheck: {exc}", file=sys.stderr)
        return EXIT_USAGE
    for option, every in (("--mtt-every", args.mtt_every),
                          ("--matrix-every", args.matrix_every)):
        if every is not None and every < 0:
            print(f"feltcheck: {option} must be 0 or more", file=sys.stderr)
            return EXIT_USAGE
    if args.hands < 1:
        print("feltcheck: --hands must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    if args.players is not None and args.players < LEAST_PLAYERS:
        print(f"feltcheck: --players must be at least {LEAST_PLAYERS}", file=sys.stderr)
        return EXIT_USAGE
    try:
        schedule = narrowed(args.table_size, Game(args.game) if args.game else None,
                            BettingStructure(args.structure) if args.structure else None,
                            args.mtt_every, args.matrix_every)
    except ScheduleError as exc:
        print(f"feltcheck: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        result = simulate(args.seed, args.hands, args.out, args.format, faults, play_hand,
                          population, write_tournament, incidents, colluders,
                          args.mtt_every, args.matrix_every, args.players, schedule)
    except ColluderError as exc:
        print(f"feltcheck: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"feltcheck: {args.out}: {exc.strerror}", file=sys.stderr)
        return EXIT_USAGE
    teams = f", {result.teams} teams" if result.teams else ""
    if args.players is not None:
        teams += f", a pool of {args.players} players"
    print(f"{result.tournaments} tournaments, {result.hands} hands, {result.faults} faults "
          f"injected{teams}; truth in {args.out / 'truth.jsonl'}")
    return EXIT_OK
