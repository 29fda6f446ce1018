"""feltcheck: a rules-as-data compliance checker for online poker tournaments."""

__version__ = "0.1.0"
