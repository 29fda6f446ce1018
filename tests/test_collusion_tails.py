"""checker/collusion/tails.py gives what scipy.stats gives, bit for bit, on the inputs clause
28's scoring hands it; and scoring pairs never loads scipy.stats (57 MB at every audit's end).
"""

import os
import subprocess
import sys

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from numpy.typing import NDArray
from scipy import stats

from checker.collusion.tails import bh_adjusted, norm_logsf, poisson_logsf, t_logsf
from tests.conftest import REPO

Floats = NDArray[np.float64]

_ANY = st.floats(allow_nan=True, allow_infinity=True, width=64)
_SIZES = st.integers(0, 60)


def _same(ours: Floats, scipys: object) -> None:
    """Equal values, NaN where NaN, and the same sign bits (0.0 and -0.0 told apart; a NaN's
    sign means nothing)."""
    theirs = np.asarray(scipys, dtype=np.float64)
    assert ours.shape == theirs.shape
    assert np.array_equal(ours, theirs, equal_nan=True), (ours, theirs)
    numbers = ~np.isnan(theirs)
    assert np.array_equal(np.signbit(ours[numbers]), np.signbit(theirs[numbers]))


@given(arrays(np.float64, _SIZES, elements=_ANY))
def test_the_normal_tail_is_scipy_stats(z: Floats) -> None:
    _same(norm_logsf(z), stats.norm.logsf(z))


@given(st.data())
def test_students_tail_is_scipy_stats(data: st.DataObject) -> None:
    size = data.draw(_SIZES)
    x = data.draw(arrays(np.float64, size, elements=_ANY))
    # Tournaments together less one: 1 and up (the scoring's clusters have two or more).
    df = data.draw(arrays(np.float64, size, elements=st.integers(1, 100_000).map(float)))
    _same(t_logsf(x, df), stats.t.logsf(x, df))


@given(st.data())
def test_the_poisson_tail_is_scipy_stats(data: st.DataObject) -> None:
    size = data.draw(_SIZES)
    # Tournaments together less one (-1: none together), and the expected count (>= 1e-12).
    k = data.draw(arrays(np.float64, size, elements=st.integers(-1, 1_000_000).map(float)))
    mu = data.draw(arrays(np.float64, size,
                          elements=st.floats(1e-12, 1e7, allow_nan=False, width=64)))
    _same(poisson_logsf(k, mu), stats.poisson.logsf(k, mu))


_P_VALUES = st.one_of(
    st.floats(0.0, 1.0, allow_nan=False, width=64),
    st.sampled_from([1.0, 0.5, 0.05, 1e-300, 0.0]),  # ties
    st.integers(-400, 0).map(lambda e: 10.0 ** e),  # as the scoring makes them from log10 p
)


@given(arrays(np.float64, st.integers(0, 200), elements=_P_VALUES))
def test_benjamini_hochberg_is_scipy_stats(ps: Floats) -> None:
    _same(bh_adjusted(ps.copy()), stats.false_discovery_control(ps, method="bh"))


def test_scoring_pairs_loads_scipy_special_and_never_scipy_stats() -> None:
    script = (
        "import sys\n"
        "from checker.cli import main\n"
        "main(['collusion', 'hand_histories', '--format', 'json', '--output', os.devnull])\n"
        "print(sorted(m for m in ('scipy.special', 'scipy.stats') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", "import os\n" + script], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True,
                          text=True, check=True)
    # scipy.special loaded: pairs were scored.
    assert done.stdout.splitlines()[-1] == "['scipy.special']"
