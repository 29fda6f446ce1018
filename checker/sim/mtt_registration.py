"""A multi-table tournament before its start: the terms, registration until the scheduled
start (clause 3, an unregistration now and then: clause 6), and seating at it (clause 5) by a
random draw over every table (clause 9)."""

from collections.abc import Iterator

from checker.model.tournament_log import TournamentKind
from checker.sim.mtt_state import MTT, SERVER, TournamentFields, TournamentSteps
from checker.sim.mtt_tables import Table
from checker.sim.plan import PlayerStyle
from checker.sim.server import late_arrivals
from checker.sim.sit_and_go import Event


class Registration(TournamentFields, TournamentSteps):
    def _terms(self) -> Event:
        spec = self.spec
        self.now = -60 * MTT.registration_minutes - 1
        levels = [{"level": n, "duration_s": SERVER.level_seconds, "ante": 0,
                   **self._stakes(n)} for n in range(1, len(SERVER.blinds) + 1)]
        tiers = [{"min_entrants": t.min_entrants, "max_entrants": t.max_entrants,
                  "shares_bp": list(t.shares_bp)} for t in MTT.payouts]
        line = self.event(
            "tournament_terms", kind=TournamentKind.MTT.value,
            name=f"${spec.buy_in // 100} + ${spec.fee // 100} Multi-Table {spec.seats}-max",
            game=spec.game.value, structure=spec.structure.value, currency="USD",
            buy_in=spec.buy_in, fee=spec.fee, guarantee=None,
            starting_stack=SERVER.starting_stack, seats_per_table=spec.seats,
            min_entrants=MTT.min_entrants, max_entrants=MTT.max_entrants,
            scheduled_start=self.at(0), levels=levels,
            breaks={"every_s": SERVER.break_every_seconds, "duration_s": SERVER.break_seconds,
                    "max_breaks": None},
            payout_structure=tiers, bounty=self._bounty_terms(), rebuy=False, add_on=False)
        line.update(self._variant_terms(str(line["name"])))
        self.announced = line
        return line

    def _bounty_terms(self) -> dict[str, object] | None:
        """Clause 13: sponsored professionals among a big enough field."""
        if len(self.players) < MTT.bounty_min_starters:
            return None
        chosen = self.rng.sample(self.players, MTT.bounty_professionals)
        self.professionals = frozenset(p.name for p in chosen)
        return {"professionals": sorted(self.professionals), "amount": None}

    def _register(self) -> Iterator[Event]:
        """Registrations while registration is open (the hour before the start); now and then
        one player unregisters before seating, refunded in full (clause 6)."""
        spec = self.spec
        if not MTT.min_entrants <= len(self.players) <= MTT.max_entrants:
            raise ValueError(f"an MTT takes {MTT.min_entrants} to {MTT.max_entrants} players, "
                             f"not {len(self.players)}")
        opens = 60 * MTT.registration_minutes
        times = sorted(self.rng.randint(-opens, -2) for _ in self.players)
        # One may leave while the field stays at its minimum (clause 34).
        leaves = (len(self.players) > MTT.min_entrants
                  and self.rng.random() < SERVER.unregistration_chance)
        leaving = self.rng.randrange(len(self.players)) if leaves else None
        kept: list[PlayerStyle] = []
        lines: list[tuple[int, Event]] = []
        for index, (player, when) in enumerate(zip(self.players, times, strict=True)):
            self.now = when
            lines.append((when, self.event("registration", player=player.name, accepted=True,
                                           paid=spec.buy_in + spec.fee,
                                           paid_currency="cash")))
            if index == leaving:
                self.now = self.rng.randint(when, -1)
                lines.append((self.now, self.event(
                    "unregistration", player=player.name, accepted=True,
                    refund=spec.buy_in + spec.fee, refund_currency="cash")))
            else:
                kept.append(player)
        # In time order (a registration comes before its own unregistration: stable sort).
        yield from (line for _, line in sorted(lines, key=lambda pair: pair[0]))
        self.players = kept
        self.entrants = len(kept)
        self.shares = MTT.shares_for(self.entrants)
        self.now = 0  # registration closes at the scheduled start (clause 3)
        yield from self._satellite_seats()
        yield self.event("registration_closed", entrants=self.entrants,
                         prize_pool=spec.buy_in * self.entrants,
                         payout_shares_bp=list(self.shares))

    def _seat(self) -> Iterator[Event]:
        """Clauses 5, 9: seating at the scheduled start, a random draw over every table (as
        even as the field allows), then the start."""
        yield self.event("seating_started")
        size = self.spec.seats
        count = -(-self.entrants // size)
        slots: list[tuple[int, int]] = []
        for number in range(1, count + 1):
            players = self.entrants // count + (1 if number <= self.entrants % count else 0)
            slots += [(number, seat) for seat in sorted(self.rng.sample(range(1, size + 1),
                                                                        players))]
        self.rng.shuffle(slots)
        for number in range(1, count + 1):
            self.tables[str(number)] = Table(str(number), number)
        drawn = sorted(zip(slots, self.players, strict=True), key=lambda pair: pair[0])
        for (number, seat), player in drawn:
            table = self.tables[str(number)]
            table.seats[seat] = player.name
            self.stacks[player.name] = SERVER.starting_stack
            yield self.event("seat", player=player.name, table=table.name, seat=seat,
                             stack=SERVER.starting_stack)
        self.away = set(late_arrivals([player.name for player in self.players], self.rng))
        self.now = self.stretch_from = MTT.start_after_seconds
        for table in self.tables.values():
            table.ready_at = self.now
        yield self.event("tournament_start", entrants=self.entrants, tables=count)
