"""The simulator's tournament log: one JSON object per line, numbered as a server numbers
them (`seq` 0 on the `log_start` header, then +1 per line), and the truth lines of the faults
each event carries."""

import json
from collections.abc import Iterable
from typing import IO, Any

from checker.model.tournament_log import SCHEMA_VERSION
from checker.sim.faults import FAULTS, FAULTS_KEY, Injected, truth_line

WRITER = "feltcheck simulate"


class LogWriter:
    """Writes events to one log file; remembers each hand's `seq` for the truth."""

    def __init__(self, out: IO[str], opened_at: str, site: str = "Full Tilt Poker") -> None:
        self.out = out
        self.seq = 0
        self.hand_seq: dict[str, int] = {}
        header = {"event": "log_start", "seq": 0, "at": opened_at,
                  "schema_version": SCHEMA_VERSION, "site": site, "writer": WRITER}
        out.write(json.dumps(header) + "\n")

    def write(self, events: Iterable[dict[str, Any]]) -> list[dict[str, object]]:
        """Write `events`; the truth lines of the driver faults they carry."""
        truth: list[dict[str, object]] = []
        for event in events:
            self.seq += 1
            event["seq"] = self.seq
            carried = event.pop(FAULTS_KEY, [])
            if event["event"] == "hand":
                self.hand_seq[event["hand"]] = self.seq
            self.out.write(json.dumps(event) + "\n")
            for fault in carried:
                assert fault in FAULTS
                truth.append(truth_line(Injected(fault), event["tournament"], self.seq))
        return truth

    def hand_truth(self, injected: Iterable[Injected], tournament: str
                   ) -> list[dict[str, object]]:
        """Truth lines of faults located by hand, with the hand line's `seq` too."""
        return [truth_line(fault, tournament, self.hand_seq.get(fault.hand or ""))
                for fault in injected]
