"""What a cancelled tournament owes: the cancellation facts the clause 31 and 34 rules read.

(Being written: see the session's helper brief.)
"""

from checker.model.tournament_log import Cancellation, TournamentTerms
from checker.replay.facts import Seconds, TournamentFact
from checker.replay.tournament_ledger import TournamentLedger


def cancellation_events(fact: TournamentFact, terms: TournamentTerms, ledger: TournamentLedger,
                        stacks: dict[str, int], event: Cancellation, at: Seconds
                        ) -> list[tuple[str, object]]:
    """The `cancellation` event, then one `cancellation_entry` per payment, in order."""
    return []
