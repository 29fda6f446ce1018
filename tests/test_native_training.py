"""The profile-guided build's training run (checker/native_training.py): what it reads.

The run itself is part of `make accel`, whose build every other test then runs against."""

from benchmarks.collusion.corpus import EVALUATION_SEEDS, TUNING_SEEDS
from benchmarks.throughput.corpora import SEED as THROUGHPUT_SEED
from checker.native_training import BUNDLED, ROOT, SIMULATED, TRAINING_SEED


def test_the_training_seed_is_no_seed_a_benchmark_or_detector_is_scored_on() -> None:
    assert TRAINING_SEED not in {THROUGHPUT_SEED, *TUNING_SEEDS, *EVALUATION_SEEDS}


def test_every_bundled_rule_set_is_trained() -> None:
    # Each bundled rule set is compiled (checker/rulesets/native_*.py): a profile for each.
    bundled = {path.stem for path in (ROOT / "checker" / "rulesets").glob("*.rules")}
    assert bundled
    assert {rules for _, rules in BUNDLED} == bundled


def test_the_training_reads_the_repository_and_the_simulator_only() -> None:
    # No real hand: feltcheck is judged on real hands it has not seen.
    for name, _ in BUNDLED:
        folder = (ROOT / name).resolve()
        assert folder.is_dir()
        assert folder.is_relative_to(ROOT)
        assert not any(path.is_symlink() for path in folder.rglob("*"))
    assert {name for name, _ in SIMULATED} == {"ftp", "log"}
