"""The tail probabilities and the false discovery control clause 28's scoring uses, from
`scipy.special`.

They are the computations `scipy.stats` makes for these arguments (`norm.logsf`, `t.logsf`,
`poisson.logsf`, `false_discovery_control(method="bh")`), the same special functions in the
same order, so the same bits (tests/test_collusion_tails.py holds them to `scipy.stats` on the
inputs the scoring gives them). What is saved is `scipy.stats` itself: importing it costs
about 57 MB of memory and 0.7 s, at the end of every audit that scores pairs, while
`scipy.special` costs 12 MB (docs/performance.md, "Memory").

scipy is imported when first called, as the scoring imports it: a process that scores no pair
never loads it.
"""

import numpy as np
from numpy.typing import NDArray

Floats = NDArray[np.float64]


def norm_logsf(z: Floats) -> Floats:
    """log P(Z > z) of the standard normal."""
    from scipy import special
    return _below_support(z, special.log_ndtr(-z))


def _below_support(x: Floats, tail: Floats) -> Floats:
    """`tail` with 0.0 at x = -inf, where scipy.stats places it (the special functions give
    -0.0 there, which a report would print as "-0.0")."""
    result: Floats = np.where(x == -np.inf, 0.0, tail)
    return result


def t_logsf(x: Floats, df: Floats) -> Floats:
    """log P(T > x) of Student's t with `df` degrees of freedom (df > 0; `x` and `df` arrays
    of one shape): above the median from the upper tail, at or below it from the lower one
    (as scipy.stats does, for the precision of each side)."""
    from scipy import special
    median = special.stdtrit(df, 0.5)
    upper = x > median
    result: Floats = np.empty(np.broadcast(x, df).shape)
    with np.errstate(divide="ignore"):  # a tail of 0 is log 0, -inf, as scipy.stats gives
        result[upper] = np.log(special.stdtr(df[upper], -x[upper]))
        result[~upper] = np.log1p(-special.stdtr(df[~upper], x[~upper]))
    return _below_support(x, result)


def poisson_logsf(k: Floats, mu: Floats) -> Floats:
    """log P(X > k) of the Poisson law of mean `mu` (mu > 0): 0 below the support."""
    from scipy import special
    whole = np.floor(k)
    with np.errstate(divide="ignore", invalid="ignore"):
        tail = np.log(special.pdtrc(whole, mu))
    result: Floats = np.where(whole < 0, 0.0, tail)
    return result


def bh_adjusted(ps: Floats) -> Floats:
    """Benjamini-Hochberg adjusted p-values (q-values) of `ps`, a 1-D array of p-values, in
    the order given."""
    m = ps.shape[-1]
    if m <= 1:
        return ps
    order = np.argsort(ps, axis=-1)
    ranked = np.take_along_axis(ps, order, axis=-1) * (m / np.arange(1, m + 1, dtype=ps.dtype))
    # From the largest p-value down, each takes the least of itself and those above it.
    np.minimum.accumulate(ranked[::-1], out=ranked[::-1])
    adjusted = np.empty_like(ranked)
    adjusted[order] = ranked
    result: Floats = np.clip(adjusted, 0.0, 1.0)
    return result
