"""The throughput benchmark's inputs: simulator corpora and copies of the real PHH file.

Per size (hands the simulator deals at least), four simulations (`feltcheck simulate --format
both --game holdem --structure no_limit --matrix-every 0`): Sit & Gos (`--mtt-every 0`) and
MTTs (`--mtt-every 1`), each at 9-seat and at 6-seat tables (`--table-size`). Each gives two
inputs of the same hands: its Full Tilt text (hand histories and summaries) and its
tournament log. The real PHH file
(../shared/corpus/real/phh/handhq_ftp2009/ftp-50nl-handhq_1.phhs, 991 no-limit hold'em cash
hands) is copied into the work folder until the copies hold the hands asked for.

The memory mode's corpora are Sit & Gos of the server's whole schedule (every game, structure
and table size, Matrix Sit & Gos included), clean and with faults.

Everything is written under the work folder given (outside the repository); a corpus already
written there is reused.
"""

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
REAL_PHH = REPO.parent / "shared" / "corpus" / "real" / "phh" / "handhq_ftp2009" / \
    "ftp-50nl-handhq_1.phhs"
REAL_PHH_HANDS = 991
# Sit & Gos only, or MTTs only (simulate's --mtt-every).
KINDS = {"sng": "0", "mtt": "1"}
TABLE_SIZES = (9, 6)
SEED = 17
# The memory corpus: about one hand in a hundred carries a fault (an award larger than the pot;
# its occasion is every hand that pays a pot).
FAULTS = "chips_created:0.01"
_DONE = ".complete"
PHH_NAME = "real PHH"


@dataclass(frozen=True)
class Input:
    """One row's input: a name, the paths audited, and what it is."""

    name: str
    paths: tuple[Path, ...]
    description: str


def simulate(out: Path, hands: int, kind: str, faults: str | None = None,
             table_size: int | None = None) -> Path:
    """`feltcheck simulate` into `out` unless already there (`table_size`: NL hold'em at
    tables of that size only; None: the server's whole schedule)."""
    if (out / _DONE).exists():
        return out
    if out.exists():
        shutil.rmtree(out)
    command = [sys.executable, "-m", "checker.cli", "simulate", "--seed", str(SEED),
               "--hands", str(hands), "--format", "both", "--mtt-every", KINDS[kind],
               "--out", str(out)]
    if faults:
        command += ["--faults", faults]
    if table_size is not None:
        command += ["--table-size", str(table_size), "--game", "holdem", "--structure",
                    "no_limit", "--matrix-every", "0"]
    subprocess.run(command, check=True, cwd=REPO, env=_env(), stdout=subprocess.DEVNULL)
    (out / _DONE).touch()
    return out


def _env() -> dict[str, str]:
    # The checkout this script belongs to, not whichever the virtualenv was installed from.
    return {**os.environ, "PYTHONPATH": str(REPO)}


def simulator_inputs(work: Path, hands: int, kind: str,
                     wanted: Callable[[str], bool] = lambda _: True) -> list[Input]:
    """NL hold'em tournaments of `kind` at each table size: the Full Tilt text and the log of
    the same hands (only the `wanted` inputs; a corpus none of whose inputs is wanted is not
    written)."""
    inputs: list[Input] = []
    for size in TABLE_SIZES:
        names = {fmt: f"{kind} {fmt} NLHE {size}-max" for fmt in ("ftp", "log")}
        if not any(wanted(name) for name in names.values()):
            continue
        corpus = simulate(work / f"{kind}-nlhe-{size}max-{hands}", hands, kind, table_size=size)
        what = f"NL hold'em {kind.upper()}s at {size}-seat tables"
        described = {"ftp": f"Full Tilt text and summaries, {what}",
                     "log": f"tournament log, {what}"}
        inputs += [Input(name, (corpus / fmt,), described[fmt])
                   for fmt, name in names.items() if wanted(name)]
    return inputs


def phh_input(work: Path, hands: int) -> Input:
    """Copies of the real PHH file holding at least `hands` hands (at least one copy)."""
    copies = max(1, -(-hands // REAL_PHH_HANDS))
    folder = work / f"phh-{copies}"
    if not (folder / _DONE).exists():
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        for copy in range(copies):
            shutil.copyfile(REAL_PHH, folder / f"{copy:05d}-{REAL_PHH.name}")
        (folder / _DONE).touch()
    return Input(PHH_NAME, (folder,),
                 f"{copies} copies of {REAL_PHH.name} (NL hold'em cash, 2009)")


def memory_inputs(work: Path, hands: int) -> list[Input]:
    """Sit & Go corpora for the memory mode: clean, and with about a fault every 100 hands."""
    clean = simulate(work / f"sng-{hands}", hands, "sng")
    faulty = simulate(work / f"sng-faults-{hands}", hands, "sng", FAULTS)
    return [Input(f"sng ftp {hands}", (clean / "ftp",), "Full Tilt text, clean"),
            Input(f"sng log {hands}", (clean / "log",), "tournament log, clean"),
            Input(f"sng ftp faults {hands}", (faulty / "ftp",), f"Full Tilt text, {FAULTS}"),
            Input(f"sng log faults {hands}", (faulty / "log",), f"tournament log, {FAULTS}")]
