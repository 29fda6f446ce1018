"""Incidents in a multi-table tournament: a server failure rolls back the hand in progress
at every table (clause 30), and the tournament may then be cancelled (clause 31)."""

from datetime import timedelta

from checker.sim.faults import FAULTS_KEY
from checker.sim.mtt_state import ACTIVE, MTT, SERVER, TournamentFields, TournamentSteps
from checker.sim.mtt_tables import Table
from checker.sim.plan import stacks_after
from checker.sim.refunds import cancellation_refunds
from checker.sim.sit_and_go import Event


class Incidents(TournamentFields, TournamentSteps):
    def _incident(self) -> bool:
        """As a hand is about to end, the server may fail (clause 30: the hand in progress at
        every table is rolled back) and the tournament may then be cancelled (clause 31).
        Not during a hand-for-hand deal (every table would deal it again)."""
        if self.hand_for_hand == ACTIVE or self._notes_written():
            return False
        # A satellite only while its seats are out of reach (31.5 would otherwise decide
        # packages: not simulated).
        seats = self.seats_prizes
        cancel = (len(self.stacks) > 1
                  and (seats is None or len(self.stacks) > seats.seats + 1)
                  and self.incidents.wants("cancellation", self.fault_rng))
        if not cancel and not self.incidents.wants("server_failure", self.fault_rng):
            return False
        # Hands that ended this second are over: their busts are ranked before the failure.
        self.queue.push(self.now, self._moment_eliminations())
        self._server_failure()
        if cancel:
            self._cancel()
        return True

    def _notes_written(self) -> bool:
        """Whether a hand in progress has had a time-out or connection line written: the
        server fails only at a moment when none has (a line of a hand never dealt would
        stay in the log unjudged)."""
        start = self.spec.scheduled_start
        return any(note.at <= start + timedelta(seconds=self.now)
                   for table in self.tables.values() if table.playing is not None
                   for note in table.playing.result.notes)

    def _server_failure(self) -> None:
        playing = sorted((t for t in self.tables.values() if t.playing is not None),
                         key=lambda t: t.number)
        self.queue.push(self.now, [self.event("server_failure", reason="game server restarted",
                                              tables=[t.name for t in playing])])
        self.now += SERVER.rollback_seconds
        self.queue.push(self.now, [self._rollback(table) for table in playing])
        for table in self.tables.values():
            table.ready_at = max(table.ready_at, self.now + MTT.seconds_between_hands)

    def _rollback(self, table: Table) -> Event:
        """Every player seated at the table back to the start of the interrupted hand (the
        fault: to where that hand had taken them, when nobody was out); the hand is dealt
        again, so the table's blinds and arrivals are as before it."""
        played = table.playing
        assert played is not None
        table.playing = None
        hand = played.result.hand
        restored = {s.player: s.stack for s in hand.seats}
        after = stacks_after(hand)
        wrong = (after != restored and min(after.values()) > 0
                 and self.faults.wants("rollback_not_restoring", self.fault_rng))
        self.stacks.update(after if wrong else restored)
        line = self.event("rollback", table=table.name, hand=hand.hand, stacks=[
            {"player": name, "seat": seat, "stack": self.stacks[name]}
            for seat, name in sorted(table.seats.items())])
        if wrong:
            line[FAULTS_KEY] = ["rollback_not_restoring"]
            self.restocked.add(table.name)  # the stacks no longer carry over
        table.rotation.previous = played.previous_blinds
        table.rotation.earlier_big_blind = played.earlier_big_blind
        table.last_dealt = played.last_dealt
        hand_id = played.plan.hand_id
        self.injected = [fault for fault in self.injected if fault.hand != hand_id]
        self.queue.drop_hand_notes(hand_id)
        return line

    def _cancel(self) -> None:
        """Clause 31 (31.2 before the money, 31.3 in it, 31.4 with rebuys;
        checker/sim/refunds.py). The fault leaves out the chip-count share."""
        refunds = cancellation_refunds(
            buy_in=self.spec.buy_in, fee=self.spec.fee, pool=self._pool(), shares=self.shares,
            stacks=self.stacks, paid_out=self.paid_out, heads_up=False)
        wrong = (refunds.divided > 2 * len(self.stacks)
                 and self.faults.wants("refund_formula_wrong", self.fault_rng))
        line = self.event("cancellation", stage=refunds.stage, reason="technical", payouts=[
            {"player": name, "chips": chips,
             "paid": refunds.base if wrong else refunds.owed[name], "paid_currency": "cash"}
            for name, chips in sorted(self.stacks.items())])
        if wrong:
            line[FAULTS_KEY] = ["refund_formula_wrong"]
        end = self.event("tournament_end", outcome="cancelled", winner=None)
        self.queue.push(self.now, [line, end])
        self.ended = True
