"""The words of `feltcheck explain`: how a step and a rule's event are told.

Mechanics only (what was done, by whom, for how much), never a judgement.
"""

from checker.explain.explanation import PotView, pot_label
from checker.model.hand import ActionKind
from checker.replay.facts import ActionEvent, PostEvent, PotEvent, TimeoutEvent


def kind_text(kind: ActionKind) -> str:
    return kind.value.replace("_", " ")


_VERBS = {ActionKind.FOLD: "folds", ActionKind.CHECK: "checks", ActionKind.CALL: "calls",
          ActionKind.BET: "bets", ActionKind.RAISE: "raises", ActionKind.COMPLETE: "completes",
          ActionKind.BRING_IN: "brings in", ActionKind.DISCARD: "discards"}


def action_text(player: str, kind: ActionKind, amount: int, to: int, is_raise: bool,
                all_in: bool) -> str:
    verb = _VERBS.get(kind, f"posts {kind_text(kind)}")
    if kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.DISCARD):
        text = f"{player} {verb}"
    elif is_raise and kind is ActionKind.RAISE:
        text = f"{player} {verb} to {to} (puts in {amount})"
    else:
        text = f"{player} {verb} {amount}"
    return text + (" and is all in" if all_in else "")


def showdown_text(pots: list[PotView]) -> str:
    paid = "; ".join(
        f"{pot.name} {pot.amount}: " + (", ".join(f"{w.player} {w.awarded}" for w in pot.winners)
                                        or "nobody paid")
        for pot in pots)
    return f"Pots awarded: {paid}" if paid else "Hand over"


def event_label(name: str, event: object) -> str:
    if isinstance(event, ActionEvent):
        action = event.action
        act = action_text(event.actor.name, action.kind, action.amount, action.to,
                          action.is_raise, action.all_in)
        return f"action {action.index}: {act} on the {event.street.name.value}"
    if isinstance(event, PostEvent):
        return f"post: {event.post.player} {kind_text(event.post.kind)} {event.post.amount}"
    if isinstance(event, PotEvent):
        pot = event.pot
        return pot_label(pot.index, pot.half, pot.board, pot.amount)
    if isinstance(event, TimeoutEvent):
        return f"timeout: {event.timeout.player}"
    return name.replace("_", " ")
