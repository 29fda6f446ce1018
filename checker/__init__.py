"""feltcheck: a rules-as-data compliance checker for online poker tournaments."""

from pathlib import Path

from checker.native import check_fresh

__version__ = "0.1.0"

# Never run modules compiled from older sources (checker/native.py).
check_fresh(Path(__file__).resolve().parent)
