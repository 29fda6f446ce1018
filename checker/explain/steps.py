"""Building one hand's explanation from the replay's events, as the judge runs them.

`HandJudge` runs the traced rules with a listener in their place (`CompiledRuleset.listener`):
none runs for the hands before the one explained. `Explainer` is the listener for the hand
being explained: for each event it records the
step (the table as the replay's facts stand after it) and runs every rule listening to the
event, keeping each application with its verdict and trace (checker/explain/trace.py).
"""

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from checker.audit.findings import event_action
from checker.dsl.compiler import CompiledRule, TraceStep, Verdict
from checker.dsl.engine import CompiledRuleset
from checker.dsl.ruleset import Ruleset
from checker.dsl.typecheck import event_names, rule_types
from checker.dsl.types import Type
from checker.explain.explanation import (
    BettingState,
    ClauseText,
    HandExplanation,
    PlayerState,
    PotView,
    RuleApplication,
    Step,
    WinnerView,
    chips_returned,
    chips_won,
)
from checker.explain.states import (
    bets_from_next,
    betting_state,
    player_state,
    seat_views,
    starting_state,
    with_failed,
)
from checker.explain.trace import read_trace
from checker.explain.words import action_text, event_label, kind_text, showdown_text
from checker.model import Hand
from checker.replay.facts import (
    ActionEvent,
    HandEndEvent,
    HandEvent,
    HandFact,
    PostEvent,
    PotEvent,
    PotFact,
    TimeoutEvent,
)

# Board cards out on each street of the flop games (mechanics of the deal, for the picture);
# at the showdown every board card is shown.
_BOARD_CARDS = {"flop": 3, "turn": 4, "river": 5}
_ALL_CARDS = 5


@dataclass(slots=True)
class Explainer:
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
    # Also keep the events where a rule shown did not apply, with the trace of its `when`.
    keep_unapplied: bool = False
    unapplied: list[RuleApplication] = field(default_factory=list)

    def event(self, name: str, event: object) -> list[tuple[CompiledRule, Verdict]]:
        """Record `event` (state first: the rules' trace is read as the event stands), then
        run every rule listening to it and return those that failed."""
        self._record_state(name, event)
        step = self.steps[-1].number if self.steps else None
        failed: list[tuple[CompiledRule, Verdict]] = []
        for rule in self.compiled.by_event.get(name, []):
            verdict, steps = rule.explain(event)
            if verdict is None:
                if self.keep_unapplied and self.selected(rule.rule_id):
                    self.unapplied.append(self._application(rule, None, steps, name, event,
                                                            step))
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
        self.dealt = [starting_state(p) for p in fact.players]
        self._add_step("seated", "Players seated and cards dealt", None, None, None, None, None,
                       False, self.hand.location.line, None, players=tuple(self.dealt), pot=0,
                       bet=0)

    def _post(self, event: PostEvent) -> None:
        """The posts that open the hand are one step (the replay applies them all before
        the hand's first event); a post later in the hand is a step of its own."""
        post = event.post
        text = f"{post.player} posts {kind_text(post.kind)} {post.amount}"
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
        before = betting_state(street, event, actor)
        self._add_step("action", action_text(actor.name, action.kind, action.amount,
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
        self._add_step("showdown", showdown_text(self.pots), None, None, None, None, None,
                       False, self.hand.end_line, None, players=self._paid(),
                       pot=sum(p.amount for p in self.pots), bet=0, failed=failed)

    def _paid(self) -> tuple[PlayerState, ...]:
        """The players once the record's awards and uncalled returns are paid back to them:
        the stacks the hand ends with, as the record states them."""
        won = chips_won(self.pots)
        back = chips_returned((r.player, r.amount) for r in self.hand.returns)
        live = self.fact.players if self.fact is not None else []
        return tuple(replace(player_state(p), street_in=0,
                             stack=p.stack + won.get(p.name, 0) + back.get(p.name, 0))
                     for p in live)

    def _add_step(self, kind: str, text: str, street: str | None, player: str | None,
                  act: str | None, amount: int | None, to: int | None, all_in: bool,
                  line: int | None, before: BettingState | None,
                  players: tuple[PlayerState, ...] | None = None, pot: int | None = None,
                  bet: int | None = None, failed: tuple[str, ...] = ()) -> None:
        """A step with the table as the live facts stand now (after the act)."""
        if players is None:
            live = self.fact.players if self.fact is not None else []
            players = tuple(player_state(p) for p in live)
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
                self.steps[-1] = with_failed(last, rule_id)

    # -- the rules
    def _application(self, rule: CompiledRule, verdict: Verdict | None,
                     steps: list[TraceStep], name: str, event: object, step: int | None
                     ) -> RuleApplication:
        types = self.types.get(rule.rule_id)
        if types is None:
            types = self.types[rule.rule_id] = rule_types(rule.rule, self.rules.param_types)
        roots = frozenset(event_names(rule.rule))
        trace = read_trace(rule.rule, types, steps, roots)
        clauses = tuple(ClauseText(c, self._clause_text(c)) for c in rule.clauses)
        if verdict is None:
            verdict_text, message = "not applied", ""
        else:
            verdict_text = "failed" if not verdict.passed else (
                "unknown" if verdict.unknown else "passed")
            message = verdict.message
        return RuleApplication(
            rule_id=rule.rule_id, title=rule.title, severity=rule.severity, clauses=clauses,
            event=name, event_label=event_label(name, event), step=step,
            verdict=verdict_text, message=message,
            when_text=trace.when.text if trace.when is not None else None,
            require_text=trace.require.text if trace.require is not None else "",
            trace=trace, action=event_action(self.hand, event))

    def _clause_text(self, clause: str) -> str:
        found = self.rules.clauses.get(clause)
        return found.text if found is not None else "(the rule set gives no text)"

    def explanation(self, rules: Ruleset, rule_filter: str | None, warning: str | None
                    ) -> HandExplanation:
        hand = self.hand
        warnings = [*hand.warnings, *([warning] if warning else [])]
        steps = tuple(bets_from_next(self.steps))
        return HandExplanation(
            hand_id=hand.hand_id, site=hand.site, source_format=hand.source_format,
            file=hand.location.file, line=hand.location.line, tournament=hand.tournament_id,
            table=hand.table, game=hand.game.value, structure=hand.structure.value,
            level=hand.level, small_blind=hand.small_blind, big_blind=hand.big_blind,
            ante=hand.ante, button_seat=hand.button_seat, ruleset=rules.name,
            ruleset_sha256=rules.sha256, rule_filter=rule_filter,
            seats=seat_views(hand, self.fact), steps=steps,
            boards=tuple(tuple(board) for board in hand.boards), pots=tuple(self.pots),
            returns=tuple((r.player, r.amount) for r in hand.returns),
            rules=tuple(self.applications), warnings=tuple(warnings),
            unapplied=tuple(self.unapplied))

