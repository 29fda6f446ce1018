"""The lines of a multi-table tournament waiting to be written: hands of different tables
end out of order, so lines are queued with the time they are written at and leave the queue
in time order (lines queued together stay together, after those queued before at that time)."""

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, field

from checker.sim.sit_and_go import Event

# The lines a hand writes while it is played (a rollback takes back those not yet written).
HAND_NOTES = frozenset({"timeout", "disconnect", "reconnect"})


@dataclass(slots=True)
class EventQueue:
    _out: list[tuple[int, int, list[Event]]] = field(default_factory=list)
    _pushed: int = 0

    def push(self, at: int, events: list[Event]) -> None:
        """Queue events written at `at` (kept together, after those queued before)."""
        if events:
            self._pushed += 1
            heapq.heappush(self._out, (at, self._pushed, events))

    def flush(self, until: int | None) -> Iterator[Event]:
        """The queued events due by `until` (everything when None), in time order."""
        while self._out and (until is None or self._out[0][0] <= until):
            yield from heapq.heappop(self._out)[2]

    def drop_hand_notes(self, hand_id: str) -> None:
        """Time-outs and connection lines of a rolled-back hand not yet written never
        happen."""
        kept = [(at, order, events) for at, order, events in self._out
                if not any(event.get("hand") == hand_id and event["event"] in HAND_NOTES
                           for event in events)]
        heapq.heapify(kept)
        self._out = kept
