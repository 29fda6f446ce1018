"""Replay: deterministic table and tournament state machines that derive facts for the rules."""
