"""Fuzzing of every reader and of the rules parser (issue 18; docs/reliability.md)."""
