"""The simulated server's settings (checker/sim/server.toml), read once."""

import random
import tomllib
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from importlib.resources import files
from typing import Any

from checker.model.hand import BettingStructure, Game


@dataclass(frozen=True, slots=True)
class PayoutTier:
    min_entrants: int
    max_entrants: int
    shares_bp: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MttConfig:
    """How the server runs a multi-table tournament (server.toml's `[mtt]`)."""

    min_entrants: int
    max_entrants: int
    registration_minutes: int
    start_after_seconds: int
    hold_table_threshold: int
    hold_gap_many_tables: int
    hold_gap_few_tables: int
    wrong_hold_seconds: int
    seconds_between_hands: int
    bounty_min_starters: int
    bounty_professionals: int
    bounty_cap: int
    payouts: tuple[PayoutTier, ...]

    def shares_for(self, entrants: int) -> tuple[int, ...]:
        """The tier's shares for a field of `entrants` (none: no tier covers it)."""
        for tier in self.payouts:
            if tier.min_entrants <= entrants <= tier.max_entrants:
                return tier.shares_bp
        return ()


@dataclass(frozen=True, slots=True)
class SatelliteConfig:
    """What a satellite's seats are for (server.toml's `[satellite]`)."""

    target: str
    target_name: str
    target_buy_in: int
    target_fee: int

    @property
    def seat_value(self) -> int:
        """A seat: the target event's entry, buy-in and fee."""
        return self.target_buy_in + self.target_fee


@dataclass(frozen=True, slots=True)
class RebuyConfig:
    """How the server runs a rebuy/add-on MTT (server.toml's `[rebuy]`); the chances are
    (base, per unit of looseness)."""

    rebuy_levels: int
    rebuy_chips: int
    add_on_chips: int
    busted: tuple[float, float]
    short: tuple[float, float]
    add_on: tuple[float, float]


@dataclass(frozen=True, slots=True)
class VariantsConfig:
    """How often the schedule's Sit & Gos and MTTs are satellites or rebuy events."""

    sit_and_go: tuple[tuple[str, int], ...]
    mtt: tuple[tuple[str, int], ...]
    satellite: SatelliteConfig
    rebuy: RebuyConfig


@dataclass(frozen=True, slots=True)
class MatrixMoney:
    """One Matrix entry's money in cents: each match's buy-in, the Matrix-score pool's
    share and the fee (paid once, for the whole Matrix)."""

    match_buy_in: int
    score_pool: int
    fee: int


@dataclass(frozen=True, slots=True)
class MatrixConfig:
    """How the server runs a Matrix (server.toml's `[matrix]`)."""

    matches: int
    seats: int
    buy_ins: tuple[MatrixMoney, ...]
    # Matrix points per match place (1st first), and the score pool's shares by Matrix
    # position (basis points, first first).
    score_points: tuple[int, ...]
    score_shares_bp: tuple[int, ...]

    def buy_in(self, money: MatrixMoney) -> int:
        """The Matrix buy-in (fee apart): every match's buy-in and the score pool's share."""
        return self.matches * money.match_buy_in + money.score_pool


@dataclass(frozen=True, slots=True)
class PoolConfig:
    """The activity mix of a pool of `--players` (server.toml's `[pool]`)."""

    regular_share: float
    regular_weight: float
    recreational_weight: float
    pareto_shape: float
    weight_cap: float
    team_share: float


@dataclass(frozen=True, slots=True)
class ServerConfig:
    starting_stack: int
    level_seconds: int
    blinds: tuple[tuple[int, int], ...]
    small_bet_in_big_blinds: int
    big_bet_in_big_blinds: int
    bets_per_round: int
    break_every_seconds: int
    break_seconds: int
    sit_and_go_breaks: int
    unregistration_chance: float
    late_arrival_chance: float
    rollback_seconds: int
    payouts: dict[int, list[int]]
    players_in_pool: int
    minutes_between_tournaments: int
    first_start: datetime
    table_sizes: tuple[tuple[int, int], ...]
    structures: tuple[tuple[BettingStructure, int], ...]
    games: tuple[tuple[Game, int], ...]
    buy_ins: tuple[tuple[tuple[int, int], int], ...]
    tournaments_per_log: int
    mtt_every: int
    mtt: MttConfig
    variants: VariantsConfig
    matrix_every: int
    matrix: MatrixConfig
    pool: PoolConfig


@cache
def server_config() -> ServerConfig:
    data = tomllib.loads(files("checker.sim").joinpath("server.toml").read_text("utf-8"))
    schedule = data["schedule"]
    return ServerConfig(
        starting_stack=data["starting_stack"], level_seconds=data["level_seconds"],
        blinds=tuple((small, big) for small, big in data["blinds"]),
        small_bet_in_big_blinds=data["small_bet_in_big_blinds"],
        big_bet_in_big_blinds=data["big_bet_in_big_blinds"],
        bets_per_round=data["bets_per_round"],
        break_every_seconds=data["break_every_seconds"], break_seconds=data["break_seconds"],
        sit_and_go_breaks=data["sit_and_go_breaks"],
        unregistration_chance=data["unregistration_chance"],
        late_arrival_chance=data["late_arrival_chance"],
        rollback_seconds=data["rollback_seconds"],
        payouts={int(size): shares for size, shares in data["payouts"].items()},
        players_in_pool=schedule["players_in_pool"],
        minutes_between_tournaments=schedule["minutes_between_tournaments"],
        first_start=schedule["first_start"],
        table_sizes=tuple((size, weight) for size, weight in schedule["table_sizes"]),
        structures=tuple((BettingStructure(name), weight)
                         for name, weight in schedule["structures"]),
        games=tuple((Game(name), weight) for name, weight in schedule["games"]),
        buy_ins=tuple(((buy_in, fee), 1) for buy_in, fee in schedule["buy_ins"]),
        tournaments_per_log=schedule["tournaments_per_log"],
        mtt_every=schedule["mtt_every"],
        mtt=_mtt(data["mtt"]),
        variants=_variants(data),
        matrix_every=schedule["matrix_every"],
        matrix=_matrix(data["matrix"]),
        pool=PoolConfig(**{name: float(value) for name, value in data["pool"].items()}),
    )


def _matrix(data: dict[str, Any]) -> MatrixConfig:
    return MatrixConfig(matches=data["matches"], seats=data["seats"], buy_ins=tuple(
        MatrixMoney(*money) for money in data["buy_ins"]),
        score_points=tuple(data["score_points"]),
        score_shares_bp=tuple(data["score_shares_bp"]))


def _mtt(data: dict[str, Any]) -> MttConfig:
    tiers = tuple(PayoutTier(t["min_entrants"], t["max_entrants"], tuple(t["shares_bp"]))
                  for t in data["payouts"])
    fields = {name: value for name, value in data.items() if name != "payouts"}
    return MttConfig(payouts=tiers, **fields)


def _variants(data: dict[str, Any]) -> VariantsConfig:
    weights = data["variants"]
    rebuy = data["rebuy"]
    return VariantsConfig(
        sit_and_go=tuple((name, weight) for name, weight in weights["sit_and_go"]),
        mtt=tuple((name, weight) for name, weight in weights["mtt"]),
        satellite=SatelliteConfig(**data["satellite"]),
        rebuy=RebuyConfig(
            rebuy_levels=rebuy["rebuy_levels"], rebuy_chips=rebuy["rebuy_chips"],
            add_on_chips=rebuy["add_on_chips"], busted=_chance(rebuy["busted"]),
            short=_chance(rebuy["short"]), add_on=_chance(rebuy["add_on"])))


def _chance(pair: list[float]) -> tuple[float, float]:
    base, per_looseness = pair
    return float(base), float(per_looseness)


def level_stakes(level: int, structure: BettingStructure) -> dict[str, int]:
    """The blinds of `level` (1-based; past the schedule, the last level's), and the bets of
    a fixed-limit event, as the log's level and hand fields name them."""
    config = server_config()
    small, big = config.blinds[min(level, len(config.blinds)) - 1]
    fields = {"small_blind": small, "big_blind": big}
    if structure is BettingStructure.FIXED_LIMIT:
        fields.update(small_bet=big * config.small_bet_in_big_blinds,
                      big_bet=big * config.big_bet_in_big_blinds)
    return fields


def late_arrivals(names: list[str], rng: random.Random) -> frozenset[str]:
    """The registered players not at their table when play starts (`late_arrival_chance`)."""
    chance = server_config().late_arrival_chance
    return frozenset(name for name in names if rng.random() < chance)
