"""The input format names that code past ingest tells records apart by.

A record's `source_format` is its reader's format name. The audit, replay and the collusion
aggregates compare it against a name from here, never against the reader module: they are
downstream of ingest and know its records, not its readers (one direction of flow,
../shared/docs/DESIGN.md; tests/test_direction_of_flow.py). The reader takes its name from
here too, so the two cannot drift apart.
"""

from typing import Final

# The tournament event log (docs/tournament-log.md): its events, and the hands its `hand`
# lines hold as the replay builds them.
TOURNAMENT_LOG: Final = "tournament-log"
