"""The tournament simulator (`feltcheck simulate`): tournaments whose truth is known.

Flow: `tournament` drives a tournament on a clock (registrations, seating, levels, table
rotation, eliminations, payouts) and asks `hand_engine` to play each hand for players of
distinct styles (`styles`); both produce the tournament log's own event models
(checker/model/tournament_log.py), the one truth every writer renders: the log writer as JSON
Lines, `ftp_text` as Full Tilt text hand histories and summaries. Faults (`faults`) are named
server bugs injected on request, each recorded in the ground truth (`truth.jsonl`).
Deterministic: the same seed gives the same bytes.
"""
