"""Vocabulary of findings shared by rules and reports."""

# Most severe first: `--fail-on X` fails on X and everything before it.
SEVERITIES = ("error", "warning", "info")
