"""`feltcheck explain`: one hand told step by step, with every rule that applied to it.

The hand is found by its id in a file or folder (any input the audit reads, hands inside a
tournament log too), streaming until it comes. It is then judged exactly as the audit judges
it: through `HandJudge` (checker/audit/findings.py), which replays the hand into events and
runs the rules on each. The rules given to it here are compiled with `trace=True` and wrapped
so that, for the hand wanted, every event is also recorded: the table as the replay's facts
stand at that moment, and each rule whose `when` held, with its verdict and its trace
(checker/audit/explain_trace.py). Hands before it in the same file are replayed with no rule
run, so that the table's previous hand is known as it is in the audit.

Nothing here judges: the verdicts and values are the evaluator's, the states the replay's.
The reports (checker/report/explain_text.py, explain_html.py) only render the explanation.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from checker.audit.explain_trace import Binding, Comparison, TraceNode, read_trace
from checker.audit.explanation import (
    BettingState,
    ClauseText,
    HandExplanation,
    PlayerState,
    PotView,
    RuleApplication,
    SeatView,
    Step,
    WinnerView,
    pot_label,
)
from checker.audit.findings import HandJudge
from checker.dsl.compiler import CompiledRule, TraceStep, Verdict
from checker.dsl.engine import CompiledRuleset, compile_ruleset
from checker.dsl.ruleset import Ruleset
from checker.dsl.typecheck import event_names, rule_types
from checker.dsl.types import Type
from checker.ingest.stream import UnrecognizedFile, read_paths
from checker.ingest.tournament_log import NAME as TOURNAMENT_LOG
from checker.model import Hand, LogRecord, Rejection
from checker.model.hand import ActionKind
from checker.model.tournament_log import HandPlayed
from checker.replay.facts import (
    ActionEvent,
    HandEndEvent,
    HandEvent,
    HandFact,
    PlayerFact,
    PostEvent,
    PotEvent,
    PotFact,
    StreetFact,
    TimeoutEvent,
)
from checker.replay.log_hand import LogContext, log_hand

__all__ = [
    "Binding",
    "Comparison",
    "ExplainError",
    "HandExplanation",
    "TraceNode",
    "explain_hand",
]


# Board cards out on each street of the flop games (mechanics of the deal, for the picture);
# at the showdown every board card is shown.
_BOARD_CARDS = {"flop": 3, "turn": 4, "river": 5}
_ALL_CARDS = 5


class ExplainError(Exception):
    """The hand cannot be explained: not found, unreadable, or a rule that is not there."""


# ---------------------------------------------------------------- finding and judging


def explain_hand(path: Path, hand_id: str, rules: Ruleset, rule: str | None = None
                 ) -> HandExplanation:
    """Explain hand `hand_id` of `path` (a file or folder) under `rules`; `rule` (a rule id,
    or the start of ids up to a dot: `pots`) narrows the rules shown. Raises ExplainError
    when the path, the hand or the rule is not there."""
    if not path.exists():
        raise ExplainError(f"{path}: no such file or directory")
    selected = _selector(rules, rule)
    recorder = _Recorder(compile_ruleset(rules, trace=True))
    judge = HandJudge(recorder, [])
    for found in _find(path, hand_id, judge):
        explainer = _Explainer(rules, recorder, selected, found.hand)
        recorder.listener = explainer.event
        warning = found.judge()
        recorder.listener = None
        return explainer.explanation(rules, rule, warning)
    raise ExplainError(f"hand {hand_id} not found in {path}")


@dataclass(slots=True)
class _Found:
    hand: Hand
    judge: Callable[[], str | None]


def _find(path: Path, hand_id: str, judge: HandJudge) -> Iterator[_Found]:
    """Stream every record as the audit does, feeding the judge (with no rule recording)
    until the hand comes; then hand it over, with how to judge it."""
    for opened in read_paths([path]):
        if isinstance(opened, UnrecognizedFile):
            continue
        judge.new_file()
        for record in opened.records:
            if isinstance(record, Hand):
                if record.hand_id == hand_id:
                    yield _Found(record, _judging_hand(judge, record))
                    return
                judge.judge(record)
            elif isinstance(record, LogRecord):
                played = record.event
                if isinstance(played, HandPlayed) and played.hand == hand_id:
                    yield _Found(_log_hand_model(judge, record, played),
                                 _judging_log(judge, record))
                    return
                judge.judge_log(record)
            elif isinstance(record, Rejection):
                _rejected(judge, record, hand_id)


def _judging_hand(judge: HandJudge, hand: Hand) -> Callable[[], str | None]:
    return lambda: judge.judge(hand)


def _judging_log(judge: HandJudge, record: LogRecord) -> Callable[[], str | None]:
    def run() -> str | None:
        unjudged = judge.judge_log(record)
        return None if unjudged is None else unjudged[2]

    return run


def _rejected(judge: HandJudge, record: Rejection, hand_id: str) -> None:
    """As the audit: a lost hand or log line leaves the tables not knowing their last hand."""
    if record.is_hand and record.hand == hand_id:
        raise ExplainError(f"hand {hand_id} at {record.location} could not be read: "
                           f"{record.reason}")
    if record.is_hand:
        judge.hand_missing()
    elif record.source_format == TOURNAMENT_LOG:
        judge.log_line_missing()


def _log_hand_model(judge: HandJudge, record: LogRecord, played: HandPlayed) -> Hand:
    """The hand model of a log's `hand` line, for its seats, cards and board (the judge
    builds its own, with the hand's notes, to replay)."""
    tournaments = judge.tournaments
    state = tournaments.states.get(played.tournament)
    terms = state.terms if state is not None else None
    context = LogContext(tournaments.site, terms.name if terms else None,
                         terms.seats_per_table if terms else None)
    return log_hand(played, record.location.file, record.location.line, context)


def _selector(rules: Ruleset, wanted: str | None) -> Callable[[str], bool]:
    """Which rule ids to show: all, one id, or the ids starting with `wanted` and a dot."""
    if wanted is None:
        return lambda rule_id: True
    prefix = wanted.rstrip(".") + "."
    if not any(r == wanted or r.startswith(prefix) for r in rules.rules):
        raise ExplainError(f"no rule {wanted!r} in rule set {rules.name}")
    return lambda rule_id: rule_id == wanted or rule_id.startswith(prefix)


class _Recorder(CompiledRuleset):
    """The traced rules as the judge sees them: no rule runs unless a listener records the
    events (the hand being explained); the listener returns the failures, as `failures`."""

    listener: Callable[[str, object], list[tuple[CompiledRule, Verdict]]] | None

    def __init__(self, compiled: CompiledRuleset) -> None:
        super().__init__(compiled.name, compiled.sha256, compiled.by_event, compiled.dispatch)
        self.listener = None

    def failures(self, event_name: str, event: object) -> list[tuple[CompiledRule, Verdict]]:
        if self.listener is None:
            return []
        return self.listener(event_name, event)


# ---------------------------------------------------------------- recording one hand


@dataclass(slots=True)
class _Explainer:
    """Records each event of the hand being explained: the steps and the rules."""

    rules: Ruleset
    compiled: CompiledRuleset
    selected: Callable[[str], bool]
    hand: Hand
    steps: list[Step] = field(default_factory=list)
    applications: list[RuleApplication] = field(default_factory=list)
    pots: list[PotView] = field(default_factory=list)
    dealt: list[PlayerState] = field(default_factory=list)
    fact: HandFact | None = None
    types: dict[str, dict[int, Type]] = field(default_factory=dict)

    def event(self, name: str, event: object) -> list[tuple[CompiledRule, Verdict]]:
        """Record `event` (state first: the rules' trace is read as the event stands), then
        run every rule listening to it and return those that failed."""
        self._record_state(name, event)
        step = self.steps[-1].number if self.steps else None
        failed: list[tuple[CompiledRule, Verdict]] = []
        for rule in self.compiled.by_event.get(name, []):
            verdict, steps = rule.explain(event)
            if verdict is None:
                continue
            if not verdict.passed:
                failed.append((rule, verdict))
                self._mark_failed(rule.rule_id)
            if self.selected(rule.rule_id):
                self.applications.append(self._application(rule, verdict, steps, name, event,
                                                           step))
        return failed

    # -- the state
    def _record_state(self, name: str, event: object) -> None:
        if isinstance(event, HandEvent):
            self._dealt(event.hand)
        elif isinstance(event, PostEvent):
            self._post(event)
        elif isinstance(event, ActionEvent):
            self._action(event)
        elif isinstance(event, TimeoutEvent):
            timeout = event.timeout
            then = f"; the server made them {timeout.then.value}" if timeout.then else ""
            free = "a check was free" if timeout.check_was_free else "facing a bet"
            self._add_step("timeout", f"{timeout.player} timed out ({free}){then}", None,
                           timeout.player, None, None, None, False, timeout.line, None)
        elif isinstance(event, PotEvent):
            self._pot(event.pot)
        elif isinstance(event, HandEndEvent) and not self.pots:
            self._add_step("end", "Hand over", None, None, None, None, None, False,
                           self.hand.end_line, None)

    def _dealt(self, fact: HandFact) -> None:
        """The hand event comes after the posts that open the hand: the seating first (the
        stacks the hand started with), then the posts as one step."""
        self.fact = fact
        self.dealt = [_starting(p) for p in fact.players]
        self._add_step("seated", "Players seated and cards dealt", None, None, None, None, None,
                       False, self.hand.location.line, None, players=tuple(self.dealt), pot=0,
                       bet=0)

    def _post(self, event: PostEvent) -> None:
        """The posts that open the hand are one step (the replay applies them all before
        the hand's first event); a post later in the hand is a step of its own."""
        post = event.post
        text = f"{post.player} posts {_kind_text(post.kind)} {post.amount}"
        if post.all_in:
            text += " and is all in"
        last = self.steps[-1] if self.steps else None
        if last is not None and last.kind in ("seated", "posts"):
            if last.kind == "posts":
                self.steps.pop()
                text = f"{last.description}; {text}"
            street = self.hand.actions[0].street.value if self.hand.actions else None
            self._add_step("posts", text, street, None, None, None, None, False, post.line,
                           None, failed=last.failed if last.kind == "posts" else ())
            return
        self._add_step("post", text, None if last is None else last.street, post.player,
                       post.kind.value, post.amount, None, post.all_in, post.line, None)

    def _action(self, event: ActionEvent) -> None:
        action, street, actor = event.action, event.street, event.actor
        before = _betting_state(street, event, actor)
        self._add_step("action", _action_text(actor.name, action.kind, action.amount,
                                              action.to, action.is_raise, action.all_in),
                       street.name.value, actor.name, action.kind.value, action.amount,
                       action.to if action.is_raise else None, action.all_in, action.line,
                       before)

    def _pot(self, pot: PotFact) -> None:
        """Each pot joins the one showdown step (the pots and their awards)."""
        last = self.steps[-1] if self.steps else None
        failed: tuple[str, ...] = ()
        if last is not None and last.kind == "showdown":
            self.steps.pop()
            failed = last.failed
        self.pots.append(PotView(
            index=pot.index, half=pot.half, board=pot.board, amount=pot.amount,
            shared=pot.shared, eligible=tuple(pot.eligible), best=tuple(pot.best),
            winners=tuple(WinnerView(w.player, w.seat, w.distance_from_button, w.awarded)
                          for w in pot.winners)))
        self._add_step("showdown", _showdown_text(self.pots), None, None, None, None, None,
                       False, self.hand.end_line, None, players=self._paid(),
                       pot=sum(p.amount for p in self.pots), bet=0, failed=failed)

    def _paid(self) -> tuple[PlayerState, ...]:
        """The players once the record's awards and uncalled returns are paid back to them:
        the stacks the hand ends with, as the record states them."""
        back: dict[str, int] = {}
        for pot in self.pots:
            for w in pot.winners:
                back[w.player] = back.get(w.player, 0) + w.awarded
        for returned in self.hand.returns:
            back[returned.player] = back.get(returned.player, 0) + returned.amount
        live = self.fact.players if self.fact is not None else []
        return tuple(replace(_state(p), stack=p.stack + back.get(p.name, 0), street_in=0)
                     for p in live)

    def _add_step(self, kind: str, text: str, street: str | None, player: str | None,
                  act: str | None, amount: int | None, to: int | None, all_in: bool,
                  line: int | None, before: BettingState | None,
                  players: tuple[PlayerState, ...] | None = None, pot: int | None = None,
                  bet: int | None = None, failed: tuple[str, ...] = ()) -> None:
        """A step with the table as the live facts stand now (after the act)."""
        if players is None:
            live = self.fact.players if self.fact is not None else []
            players = tuple(_state(p) for p in live)
        if pot is None:
            pot = sum(p.hand_in for p in players)
        if bet is None:
            bet = max((p.street_in for p in players), default=0)
            if before is not None:
                bet = max(bet, before.current_bet)
        out = _BOARD_CARDS.get(street or "", 0) if kind != "showdown" else _ALL_CARDS
        self.steps.append(Step(len(self.steps), kind, text, street, player, act, amount, to,
                               all_in, line, before, players, pot, bet, failed, out))

    def _mark_failed(self, rule_id: str) -> None:
        if self.steps:
            last = self.steps[-1]
            if rule_id not in last.failed:
                self.steps[-1] = _with_failed(last, rule_id)

    # -- the rules
    def _application(self, rule: CompiledRule, verdict: Verdict, steps: list[TraceStep],
                     name: str, event: object, step: int | None) -> RuleApplication:
        types = self.types.get(rule.rule_id)
        if types is None:
            types = self.types[rule.rule_id] = rule_types(rule.rule, self.rules.param_types)
        roots = frozenset(event_names(rule.rule))
        trace = read_trace(rule.rule, types, steps, roots)
        clauses = tuple(ClauseText(c, self._clause_text(c)) for c in rule.clauses)
        verdict_text = "failed" if not verdict.passed else (
            "unknown" if verdict.unknown else "passed")
        return RuleApplication(
            rule_id=rule.rule_id, title=rule.title, severity=rule.severity, clauses=clauses,
            event=name, event_label=_event_label(name, event), step=step,
            verdict=verdict_text, message=verdict.message,
            when_text=trace.when.text if trace.when is not None else None,
            require_text=trace.require.text if trace.require is not None else "",
            trace=trace)

    def _clause_text(self, clause: str) -> str:
        found = self.rules.clauses.get(clause)
        return found.text if found is not None else "(the rule set gives no text)"

    def explanation(self, rules: Ruleset, rule_filter: str | None, warning: str | None
                    ) -> HandExplanation:
        hand = self.hand
        warnings = [*hand.warnings, *([warning] if warning else [])]
        steps = tuple(_bets_from_next(self.steps))
        return HandExplanation(
            hand_id=hand.hand_id, site=hand.site, source_format=hand.source_format,
            file=hand.location.file, line=hand.location.line, tournament=hand.tournament_id,
            table=hand.table, game=hand.game.value, structure=hand.structure.value,
            level=hand.level, small_blind=hand.small_blind, big_blind=hand.big_blind,
            ante=hand.ante, button_seat=hand.button_seat, ruleset=rules.name,
            ruleset_sha256=rules.sha256, rule_filter=rule_filter,
            seats=_seats(hand, self.fact), steps=steps,
            boards=tuple(tuple(board) for board in hand.boards), pots=tuple(self.pots),
            returns=tuple((r.player, r.amount) for r in hand.returns),
            rules=tuple(self.applications), warnings=tuple(warnings))


# ---------------------------------------------------------------- states


def _state(p: PlayerFact) -> PlayerState:
    return PlayerState(p.name, p.seat, p.stack, p.street_in, p.hand_in, p.folded, p.all_in,
                       p.has_acted, p.raised_since_acted, p.largest_raise_since_acted)


def _starting(p: PlayerFact) -> PlayerState:
    """The player before anything was posted."""
    return PlayerState(p.name, p.seat, p.stack_start, 0, 0, False, False, False, 0, 0)


def _betting_state(street: StreetFact, event: ActionEvent, actor: PlayerFact) -> BettingState:
    step = street.bet_unit if street.bet_unit is not None else street.last_full_raise
    return BettingState(
        street=street.name.value, pot=street.pot_before, current_bet=street.current_bet,
        to_call=event.action.to_call, last_full_raise=street.last_full_raise,
        min_raise_to=street.current_bet + step, pot_limit_max_to=street.pot_limit_max_to,
        bet_unit=street.bet_unit, bets_and_raises=street.bets_and_raises,
        expected_actor=event.action.expected_actor, actor=_state(actor))


def _with_failed(step: Step, rule_id: str) -> Step:
    return replace(step, failed=(*step.failed, rule_id))


def _bets_from_next(steps: list[Step]) -> Iterator[Step]:
    """The bet to call after a step, as the replay measured it before the next act on the
    same street (it can differ from the largest total in front: a big blind posted short
    still stands at the level's amount)."""
    for step, following in zip(steps, [*steps[1:], None], strict=True):
        if (following is not None and following.before is not None
                and following.street == step.street and step.kind in ("post", "action")):
            yield _with_bet(step, following.before.current_bet)
        else:
            yield step


def _with_bet(step: Step, bet: int) -> Step:
    return replace(step, bet_to_call=bet)


def _seats(hand: Hand, fact: HandFact | None) -> tuple[SeatView, ...]:
    dealt = {p.name for p in fact.players} if fact is not None else set()
    shown = {s.player: tuple(s.cards) for s in hand.shown}
    small = fact.small_blind_player if fact is not None else None
    big = fact.big_blind_player if fact is not None else None
    return tuple(
        SeatView(seat=s.seat, name=s.player, stack=s.stack,
                 cards=tuple(hand.hole_cards.get(s.player, ())),
                 shown=shown.get(s.player, ()), dealt=s.player in dealt,
                 sitting_out=s.sitting_out, button=s.seat == hand.button_seat,
                 small_blind=s.player == small, big_blind=s.player == big)
        for s in sorted(hand.seats, key=lambda seat: seat.seat))


# ---------------------------------------------------------------- words


def _kind_text(kind: ActionKind) -> str:
    return kind.value.replace("_", " ")


_VERBS = {ActionKind.FOLD: "folds", ActionKind.CHECK: "checks", ActionKind.CALL: "calls",
          ActionKind.BET: "bets", ActionKind.RAISE: "raises", ActionKind.COMPLETE: "completes",
          ActionKind.BRING_IN: "brings in", ActionKind.DISCARD: "discards"}


def _action_text(player: str, kind: ActionKind, amount: int, to: int, is_raise: bool,
                 all_in: bool) -> str:
    verb = _VERBS.get(kind, f"posts {_kind_text(kind)}")
    if kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.DISCARD):
        text = f"{player} {verb}"
    elif is_raise and kind is ActionKind.RAISE:
        text = f"{player} {verb} to {to} (puts in {amount})"
    else:
        text = f"{player} {verb} {amount}"
    return text + (" and is all in" if all_in else "")


def _showdown_text(pots: list[PotView]) -> str:
    paid = "; ".join(
        f"{pot.name} {pot.amount}: " + (", ".join(f"{w.player} {w.awarded}" for w in pot.winners)
                                        or "nobody paid")
        for pot in pots)
    return f"Pots awarded: {paid}" if paid else "Hand over"


def _event_label(name: str, event: object) -> str:
    if isinstance(event, ActionEvent):
        action = event.action
        act = _action_text(event.actor.name, action.kind, action.amount, action.to,
                           action.is_raise, action.all_in)
        return f"action {action.index}: {act} on the {event.street.name.value}"
    if isinstance(event, PostEvent):
        return f"post: {event.post.player} {_kind_text(event.post.kind)} {event.post.amount}"
    if isinstance(event, PotEvent):
        pot = event.pot
        return pot_label(pot.index, pot.half, pot.board, pot.amount)
    if isinstance(event, TimeoutEvent):
        return f"timeout: {event.timeout.player}"
    return name.replace("_", " ")
