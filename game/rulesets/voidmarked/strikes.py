"""What decides one attack on one target: every modifier, Advantage and Disadvantage.

`base_strike` gathers what depends on the two units (stats, weapon or voidcall, conditions,
resistances); `position_nets` adds what depends on where they stand. The preview, the AI and
the resolution all build their strikes here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.core.geometry import Cell
from game.rulesets.voidmarked.conditions import label
from game.rulesets.voidmarked.odds import DuelRule
from game.rulesets.voidmarked.query import (
    adjacent_enemy,
    cell_of,
    conditions,
    data,
    gear,
    in_cover,
    los,
    stat_mod,
    stats,
)
from game.rulesets.voidmarked.query import rules as match_rules
from game.rulesets.voidmarked.schemas import Trigger

if TYPE_CHECKING:
    from game.core.match import Match

OFFHAND_PENALTY = -3  # VM-DUAL


@dataclass(frozen=True)
class Strike:
    """Everything that decides one attack on one target."""

    attacker: int
    target: int
    hand: str  # "main" | "offhand" | "void"
    source: str  # weapon or voidcall id
    name: str
    ranged: bool
    net_a: int
    net_d: int
    rule: DuelRule
    bands: tuple[int, int]
    damage: tuple[int, int, int] | None
    low_only: bool
    dtype: str
    resisted: bool
    triggers: tuple[Trigger, ...]
    condition: str
    silenced: bool
    att_parts: tuple[tuple[str, int], ...]
    def_parts: tuple[tuple[str, int], ...]
    reasons: tuple[str, ...]


def distance(match: Match, a: Cell, b: Cell) -> int:
    """Squares between two cells (Chebyshev on squares)."""
    return match.board.distance(a, b)


def strike(match: Match, att: int, tgt: int, hand: str, source: str = "", *,
           from_cell: Cell | None = None, tgt_cell: Cell | None = None, centre: Cell | None = None,
           hidden: bool | None = None) -> Strike:
    """The modifiers and Advantage/Disadvantage of `att` attacking `tgt` (positions may be hypothetical)."""
    base = base_strike(match, att, tgt, hand, source)
    here = from_cell if from_cell is not None else cell_of(att)
    there = tgt_cell if tgt_cell is not None else cell_of(tgt)
    is_hidden = conditions(att).has("stealthed") if hidden is None else hidden
    return placed(match, base, here, there, centre=centre, hidden=is_hidden)


def base_strike(match: Match, att: int, tgt: int, hand: str, source: str = "") -> Strike:
    """The terms that depend on the two units only (stats, weapon, conditions, resistances)."""
    rules = match_rules(match)
    sa, st = stats(att), stats(tgt)
    att_parts: list[tuple[str, int]] = []
    reasons: list[str] = []
    net_d = 0
    if hand in ("main", "offhand"):
        w = data().weapons[gear(att).offhand if hand == "offhand" else gear(att).weapon]
        ranged = w.ranged
        att_parts.append(("Dexterity", sa.dexterity) if ranged else ("Strength", sa.strength))
        if w.bonus:
            att_parts.append((w.name, w.bonus))
        if hand == "offhand":
            att_parts.append(("off-hand", OFFHAND_PENALTY))
        name, bands, damage, dtype = w.name, w.bands, w.damage, w.type
        triggers, condition = w.triggers, ""
        silenced = "silenced" in w.traits
        piercing = "armour_piercing" in w.traits
        low_only = hand == "offhand"
        source = w.id
    else:
        v = data().voidcalls[source]
        ranged = False  # decided by distance when placed
        att_parts.append(("Intelligence", sa.intelligence))
        if v.bonus:
            att_parts.append((v.name, v.bonus))
        name, bands, damage, dtype = v.name, v.bands, v.damage, v.type
        triggers, condition = v.triggers, v.condition
        silenced = piercing = low_only = False
        if condition and condition in st.status_resist:
            net_d += 1
            reasons.append(f"resists {label(condition)}: defender Advantage")
    hit_mod = stat_mod(att, "hit")
    if hit_mod:
        att_parts.append(("conditions", hit_mod))
    def_parts: list[tuple[str, int]] = [("Defence", st.defence)]
    def_cond = stat_mod(tgt, "defence")
    if def_cond:
        def_parts.append(("conditions", def_cond))
    att_mod = sum(p for _, p in att_parts)
    def_mod = sum(p for _, p in def_parts)
    rule = DuelRule(att_mod, def_mod, rules.crit_against, def_mod, True)
    resisted = dtype in st.resist and not piercing
    return Strike(att, tgt, hand, source, name, ranged, 0, net_d, rule, bands, damage, low_only,
                  dtype, resisted, triggers, condition, silenced, tuple(att_parts), tuple(def_parts),
                  tuple(reasons))


def position_nets(match: Match, base: Strike, here: Cell, there: Cell, *, centre: Cell | None = None,
                  hidden: bool = False, engaged: bool | None = None,
                  why: list[str] | None = None) -> tuple[int, int, bool]:
    """(net attacker Advantage, net defender Advantage, ranged?) from where the two stand.

    `engaged` may be passed in when the caller knows whether `here` is next to an enemy.
    """
    dist = match.board.distance(here, there)
    if base.hand == "void":
        ranged = centre is not None or dist >= 2
        long = False
    else:
        ranged = base.ranged
        long = ranged and dist * 5 > data().weapons[base.source].range_ft
    if ranged and base.hand != "void" and engaged is None:
        engaged = adjacent_enemy(base.attacker, here)
    shooting_engaged = bool(ranged and base.hand != "void" and engaged)
    if centre is not None:
        covered = data().voidcalls[base.source].cover_applies and in_cover(match.board, centre, there)
    else:
        covered = ranged and in_cover(match.board, here, there)
    if why is not None:
        if long:
            why.append(f"long range ({dist * 5} ft): attacker Disadvantage")
        if shooting_engaged:
            why.append("shooting while in melee: attacker Disadvantage")
        if covered:
            why.append("target in cover: defender Advantage")
        if hidden:
            why.append("attack from stealth: defender Disadvantage")
    net_a, net_d = nets(base, long, shooting_engaged, covered, hidden)
    return net_a, net_d, ranged


def nets(base: Strike, long: bool, shooting_engaged: bool, covered: bool, hidden: bool) -> tuple[int, int]:
    """The Advantage arithmetic: long range and shooting while in melee each give the attacker
    Disadvantage (VM-RANGED, VM-MELEE); cover gives the defender Advantage (VM-COVER, VM-AOE);
    an attack from stealth gives the defender Disadvantage (VM-STEALTH)."""
    return base.net_a - long - shooting_engaged, base.net_d + covered - hidden


def placed(match: Match, base: Strike, here: Cell, there: Cell, *, centre: Cell | None = None,
           hidden: bool = False) -> Strike:
    """A base strike with the Advantage and Disadvantage of positions added."""
    why = list(base.reasons)
    net_a, net_d, ranged = position_nets(match, base, here, there, centre=centre, hidden=hidden, why=why)
    return replace(base, net_a=net_a, net_d=net_d, ranged=ranged, reasons=tuple(why))


def reach_problem(match: Match, att: int, tgt: int, hand: str, source: str = "", *,
                  from_cell: Cell | None = None, tgt_cell: Cell | None = None) -> str:
    """Why `att` cannot attack `tgt` this way from there ('' when it can): range, sight, shots."""
    here = from_cell if from_cell is not None else cell_of(att)
    there = tgt_cell if tgt_cell is not None else cell_of(tgt)
    dist = distance(match, here, there)
    if hand in ("main", "offhand"):
        g = gear(att)
        w = data().weapons[g.offhand if hand == "offhand" else g.weapon]
        if w.ranged:
            if (g.offhand_shots if hand == "offhand" else g.shots) < 1:
                return f"{w.name} is empty"
            if dist < 2:
                return "too close for a ranged attack"  # VM-RANGED / VM-MELEE
            if dist * 5 > 2 * w.range_ft:
                return "beyond long range"
        elif dist > w.range_sq:
            return "out of melee reach"
    else:
        v = data().voidcalls[source]
        if dist > v.range_sq:
            return "out of range"
    if not los(match.board, here, there):
        return "no line of sight"
    return ""
