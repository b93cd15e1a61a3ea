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

    @property
    def friends(self) -> list[UnitInfo]:
        """The side's units able to act."""
        return [u for u in self.units if u.side == self.side and u.active]

    @property
    def enemies(self) -> list[UnitInfo]:
        """Enemy units able to act, where the side believes they are."""
        return [u for u in self.units if u.side != self.side and u.active]

    def unit(self, ent: int | None) -> UnitInfo | None:
        """A unit by id."""
        return next((u for u in self.units if u.ent == ent), None)


def turn_key(match: Match, side: str, infos: list[UnitInfo]) -> tuple[Any, ...]:
    """What a side's turn cache depends on: the round and every known unit's place and health."""
    return (match.round, side, tuple((u.ent, u.cell, u.hp, u.active) for u in infos))


def plan(match: Match, side: str, cached: TurnCache | None = None) -> TurnCache:
    """The side's plan for this turn (`cached` when nothing it depends on changed)."""
    infos = units(match, side)
    key = turn_key(match, side, infos)
    if cached is not None and cached.key == key:
        return cached
    cache = TurnCache(key, side, infos)
    rs = match.ruleset
    friends, enemies = cache.friends, cache.enemies
    for enemy in enemies:
        # who of this side could reach the enemy: the threat the enemy's side faces there
        cache.support[enemy.ent] = {e: v for e, v in rs.threat_by(match, enemy.side, enemy.cell).items()
                                    if any(f.ent == e for f in friends)}
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
    return cache
