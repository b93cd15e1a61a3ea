"""Side-level planning for the utility AI: who can reach which enemy, the focus target, and each
unit's assignment, from the units the side knows of (`knowledge.units`).

What does not change within a side's turn (these, and the threat per cell the score terms add) is
kept in a `TurnCache`, rebuilt when a unit the side knows of moves, falls or changes health.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.ai.knowledge import UnitInfo, units
from game.core.geometry import Cell
from game.core.match import Match


@dataclass
class TurnCache:
    """What stays true for a side within one of its turns (refreshed when any unit changes)."""

    key: tuple[Any, ...]
    side: str
    units: list[UnitInfo]
    threat: dict[Cell, float] = field(default_factory=dict)
    threat_by: dict[Cell, dict[int, float]] = field(default_factory=dict)
    cover: dict[Cell, float] = field(default_factory=dict)
    #: `Ruleset.menace` per (unit, cell)
    menace: dict[tuple[int, Cell], float] = field(default_factory=dict)
    support: dict[int, dict[int, float]] = field(default_factory=dict)
    priority: dict[int, float] = field(default_factory=dict)
    assigned: dict[int, int] = field(default_factory=dict)
    focus: int | None = None
    #: the lookahead's action that led to a state whose plan part (support to focus) is not made
    #: yet (`utility.NormalAI._sim_context`); None once made
    unmade: Any = None

    def __post_init__(self) -> None:
        # asked for on every action scored: listed once (the units never change in a cache)
        self._friends = [u for u in self.units if u.side == self.side and u.active]
        self._enemies = [u for u in self.units if u.side != self.side and u.active]
        self._by_ent: dict[int, UnitInfo] = {}
        for u in self.units:
            self._by_ent.setdefault(u.ent, u)

    @property
    def friends(self) -> list[UnitInfo]:
        """The side's units able to act."""
        return self._friends

    @property
    def enemies(self) -> list[UnitInfo]:
        """Enemy units able to act, where the side believes they are."""
        return self._enemies

    def unit(self, ent: int | None) -> UnitInfo | None:
        """A unit by id."""
        return self._by_ent.get(ent)  # type: ignore[arg-type]


def turn_key(match: Match, side: str, infos: list[UnitInfo]) -> tuple[Any, ...]:
    """What a side's turn cache depends on: the round and every known unit's place and health."""
    return (match.round, side, tuple((u.ent, u.cell, u.hp, u.active) for u in infos))


def key_of(match: Match, side: str) -> tuple[tuple[Any, ...], list[UnitInfo]]:
    """The turn key of `match` for `side` (`turn_key`) and the units it was made of."""
    infos = units(match, side)
    return turn_key(match, side, infos), infos


def plan(match: Match, side: str, cached: TurnCache | None = None,
         known: tuple[tuple[Any, ...], list[UnitInfo]] | None = None) -> TurnCache:
    """The side's plan for this turn (`cached` when nothing it depends on changed); `known`: the
    (key, units) of `match` when the caller has them (`key_of`)."""
    key, infos = known if known is not None else key_of(match, side)
    if cached is not None and cached.key == key:
        return cached
    cache = TurnCache(key, side, infos)
    fill_plan(match, cache)
    return cache


def fill_plan(match: Match, cache: TurnCache) -> None:
    """The plan part of a fresh cache (support, priority, focus, assignments), on `match`'s state."""
    rs = match.ruleset
    friends, enemies = cache.friends, cache.enemies
    friend_ents = {f.ent for f in friends}
    for enemy in enemies:
        # who of this side could reach the enemy: the threat the enemy's side faces there
        cache.support[enemy.ent] = {e: v for e, v in rs.threat_by(match, enemy.side, enemy.cell).items()
                                    if e in friend_ents}
        reach = sum(1 for v in cache.support[enemy.ent].values() if v >= 0.99)
        cache.priority[enemy.ent] = ((1.0 - enemy.hp_frac) + 0.5 * reach / max(1, len(friends))
                                     + 0.25 * enemy.hp_max / max(1.0, max(x.hp_max for x in enemies)))
    reachable = [e for e in enemies if cache.support.get(e.ent)]
    pool = reachable or enemies
    if pool:
        cache.focus = max(pool, key=lambda e: (cache.priority[e.ent], -e.ent)).ent
    for friend in friends:
        if not enemies:
            break

        def value(e: UnitInfo, f: UnitInfo = friend) -> tuple[float, int]:
            near = cache.support.get(e.ent, {}).get(f.ent, 0.0)
            dist = match.board.distance(f.cell, e.cell)
            return (cache.priority[e.ent] + near + (0.5 if e.ent == cache.focus else 0.0)
                    - 0.02 * dist, -e.ent)
        cache.assigned[friend.ent] = max(enemies, key=value).ent
