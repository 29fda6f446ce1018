"""Chat during hands (clause 29) and server failures with their rollbacks (clause 30), as a
tournament log reports them."""

from dataclasses import dataclass, field
from typing import NamedTuple

from checker.model.hand import ActionKind
from checker.model.tournament_log import Chat, HandPlayed, Rollback, ServerFailure
from checker.replay.facts import (
    ChatFact,
    Chips,
    RestoredStackFact,
    RollbackFact,
    Seconds,
    ServerFailureFact,
)


class HeldChat(NamedTuple):
    chat: Chat
    line: int


def chat_fact(chat: Chat, hand: HandPlayed | None) -> ChatFact:
    """The chat line with what its hand says about the writer: dealt in, and folded within
    the actions before the line (unknown without the hand, or without the action count)."""
    during = chat.hand is not None
    in_hand: bool | None = None
    folded: bool | None = None
    if hand is not None:
        in_hand = not chat.observer and any(s.player == chat.player for s in hand.seats)
        if chat.action is not None:
            folded = any(a.player == chat.player and a.kind is ActionKind.FOLD
                         for a in hand.actions[:chat.action])
    elif not during or chat.observer:
        in_hand, folded = False, False
    return ChatFact(player=chat.player, text=chat.text, during_hand=during, in_hand=in_hand,
                    folded=folded, table=chat.table, hand=chat.hand)


@dataclass(slots=True)
class ChatDesk:
    """Chat written during a hand waits for the hand's line (written when the hand ends),
    which says who was dealt in and who had folded."""

    waiting: dict[str, list[HeldChat]] = field(default_factory=dict)

    def hold(self, chat: Chat, line: int) -> None:
        assert chat.hand is not None
        self.waiting.setdefault(chat.hand, []).append(HeldChat(chat, line))

    def release(self, hand: str) -> list[HeldChat]:
        return self.waiting.pop(hand, [])

    def release_all(self) -> list[HeldChat]:
        held = [chat for chats in self.waiting.values() for chat in chats]
        self.waiting.clear()
        return held


@dataclass(slots=True)
class OpenFailure:
    """A server failure whose rollback lines are being read."""

    failure: ServerFailure
    at: Seconds
    line: int
    rolled_back: list[str] = field(default_factory=list)

    def fact(self) -> ServerFailureFact:
        return ServerFailureFact(at=self.at, tables_in_progress=list(self.failure.tables),
                                 tables_rolled_back=list(self.rolled_back))


def rollback_fact(rollback: Rollback, at: Seconds, hand_start: dict[str, int],
                  seated: set[str]) -> RollbackFact:
    """`hand_start`: each player's stack at the start of the rolled-back hand."""
    restored = [RestoredStackFact(player=s.player,
                                  stack_at_hand_start=Chips(hand_start.get(s.player, 0)),
                                  restored_to=Chips(s.stack))
                for s in rollback.stacks]
    listed = {s.player for s in rollback.stacks}
    return RollbackFact(at=at, table=rollback.table, players=restored,
                        not_restored=sorted(seated - listed))
