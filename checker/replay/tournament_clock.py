"""The tournament clock as a log runs it: levels, breaks, and the play between breaks."""

from dataclasses import dataclass, field

from checker.model.tournament_log import BreakSchedule
from checker.replay.facts import BreakFact, ClockFact, Seconds


@dataclass(slots=True)
class TournamentClock:
    """The tournament clock as the log runs it: levels, breaks, and play between breaks.

    Times are seconds since the scheduled start. The level clock stops during a break: a
    level ends its scheduled length of play after its `level` line.
    """

    # Scheduled length of each level (level n is at index n - 1) and the break schedule.
    levels: list[int] = field(default_factory=list)
    schedule: BreakSchedule | None = None
    level: int | None = None
    level_from: Seconds | None = None
    # Break time taken since the current level began (it does not count as the level's play).
    level_paused: int = 0
    # Play runs from the start, then from the end of each break.
    play_from: Seconds | None = None
    breaks_so_far: int = 0
    break_from: Seconds | None = None
    break_announced: Seconds | None = None
    played_before_break: int = 0

    def new_level(self, level: int, at: Seconds) -> None:
        self.level, self.level_from, self.level_paused = level, at, 0

    def start_break(self, at: Seconds, announced: Seconds) -> None:
        self.break_from, self.break_announced = at, announced
        start = self.play_from
        self.played_before_break = at - start if start is not None else 0

    def end_break(self, at: Seconds) -> BreakFact | None:
        """The break just ended (None when no break had started)."""
        start = self.break_from
        if start is None:
            return None
        pause = BreakFact(at=start, duration=Seconds(at - start),
                          played_since_last_break=Seconds(self.played_before_break),
                          breaks_so_far=self.breaks_so_far)
        self.breaks_so_far += 1
        self.level_paused += at - start
        self.break_from, self.break_announced, self.play_from = None, None, at
        return pause

    def at_deal(self, dealt: Seconds | None) -> ClockFact:
        at = dealt if dealt is not None else Seconds(0)
        start = self.play_from if self.play_from is not None else at
        return ClockFact(at=at, played_since_last_break=Seconds(at - start),
                         breaks_so_far=self.breaks_so_far)

    def _pause_now(self) -> int:
        """The break under way, at its announced length (0 outside a break)."""
        return self.break_announced if self.break_announced is not None else 0

    def next_level(self) -> Seconds | None:
        """When the next level starts; None before the first level line or after the last."""
        level, start = self.level, self.level_from
        if level is None or start is None or level >= len(self.levels):
            return None
        return Seconds(start + self.levels[level - 1] + self.level_paused + self._pause_now())

    def next_break(self) -> Seconds | None:
        """When the next break starts; None without a schedule, once every break announced
        was taken, or before play has started."""
        schedule, start = self.schedule, self.play_from
        if schedule is None or start is None:
            return None
        taken = self.breaks_so_far + (self.break_from is not None)
        if schedule.max_breaks is not None and taken >= schedule.max_breaks:
            return None
        if self.break_from is not None:
            start = Seconds(self.break_from + self._pause_now())
        return Seconds(start + schedule.every_s)
