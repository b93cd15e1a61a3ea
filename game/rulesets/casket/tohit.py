"""The to-hit table: target number 5+ plus every modifier, with the breakdown the log and preview show.

`attack_terms` is the one place the numbers of an attack come from; preview, AI and resolution
all call it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.board import board_tables
from game.core.sight import cover_on_line, has_los
from game.core.wording import plural
from game.rulesets.casket.carddefs import CardDef
from game.rulesets.casket.components import (
    CasketMotion,
    CasketTempo,
    cell_of,
    facing_of,
    get,
)
from game.rulesets.casket.status import damage_malus, defense_malus, has_wound, ranged_malus_lines, thread_ok

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match

Cell = tuple[int, int]
BASE_TARGET = 5
ARCS = {0: ("front", 0), 1: ("weapon side", 0), 2: ("right flank", -1), 3: ("rear", -2),
        4: ("left flank", -1), 5: ("shield side", 1)}
WEAPON_SIDE = 1
REAR = 3
#: the damage an attacker standing on the defender's weapon side adds
WEAPON_SIDE_DAMAGE = 1


def to_hit_words(mod: int) -> str:
    """A target-number modifier as the attacker reads it: lower is easier to hit."""
    if mod < 0:
        return f"easier to hit, −{-mod} to the target number"
    if mod > 0:
        return f"harder to hit, +{mod} to the target number"
    return "no change"


def arc_reading(arc: int) -> str:
    """What an attacker standing in the defender's arc gets ("rear: easier to hit, −2 to the
    target number"), from `ARCS` and the weapon side's damage."""
    name, mod = ARCS[arc]
    effects = [to_hit_words(mod)] if mod else []
    if arc == WEAPON_SIDE:
        effects.append(f"+{WEAPON_SIDE_DAMAGE} damage")
    return f"{name}: {', '.join(effects) or 'no modifier'}"


def range_mod(hexes: int) -> tuple[str, int]:
    """Short 0-3 +0, medium 4-6 +1, long 7-10 +2, extreme 11+ +3."""
    if hexes <= 3:
        return "short range (0-3)", 0
    if hexes <= 6:
        return "medium range (4-6)", 1
    if hexes <= 10:
        return "long range (7-10)", 2
    return "extreme range (11+)", 3


def movement_mod(hexes: int) -> int:
    """Stationary +0, 1-3 hexes +1, 4-6 +2, 7+ (sprint) +3."""
    if hexes <= 0:
        return 0
    if hexes <= 3:
        return 1
    return 2 if hexes <= 6 else 3


def terrain_mods(board: Board, attacker: tuple[int, int], target: tuple[int, int]) -> list[tuple[str, int]]:
    """Cover and concealment on the line of fire (the target's own hex included), and high ground
    (kept per board: the board alone decides them)."""
    memo = board_tables(board).setdefault("casket-terrain-mods", {})
    found = memo.get((attacker, target))
    if found is None:
        if len(memo) > 100_000:
            memo.clear()
        found = memo[(attacker, target)] = tuple(_terrain_mods(board, attacker, target))
    return list(found)


def _terrain_mods(board: Board, attacker: tuple[int, int], target: tuple[int, int]) -> list[tuple[str, int]]:
    crossed = [t for _, t in cover_on_line(board, attacker, target)]
    here = board.at(target)
    cover = max([here.cover] + [t.cover for t in crossed])
    out: list[tuple[str, int]] = []
    if cover >= 2:
        out.append(("heavy cover", 2))
    elif cover == 1:
        out.append(("light cover", 1))
    else:
        out.append(("no cover", 0))  # listed so a breakdown shows cover was looked at
    if here.obscured or here.light == "dark" or any(t.obscured for t in crossed):
        out.append(("obscured", 2))
    if board.at(attacker).elevation > here.elevation:
        out.append(("attacker on higher ground", -1))
    return out


@dataclass
class Terms:
    """The numbers of one attack: target number, damage bonus and bypass, each with its reasons."""

    target: int
    base: int
    bonus: int
    bypass: int
    arc: int
    distance: int
    lines: list[tuple[str, int]] = field(default_factory=list)
    bonus_lines: list[tuple[str, int]] = field(default_factory=list)
    bypass_lines: list[tuple[str, int]] = field(default_factory=list)

    def breakdown(self) -> list[str]:
        """Readable lines: every to-hit modifier, then damage and bypass terms."""
        out = [f"{label}: {to_hit_words(value)}" if i else f"{label}: {value}+"
               for i, (label, value) in enumerate(self.lines)]
        out.append(f"target number: {self.target}+")
        out.append(f"base damage {self.base}" + "".join(f", {label} {v:+d}" for label, v in self.bonus_lines))
        if self.bypass_lines:
            out.append("blocks ignored: " + ", ".join(f"{label} {v}" for label, v in self.bypass_lines))
        return out


def attacker_lines(match: Match, attacker: int, card: CardDef, a_cell: Cell, d_cell: Cell, moved: int,
                   hexes: int | None = None) -> list[tuple[str, int]]:
    """The to-hit lines the defender has no part in: base, range, the attacker's movement, cover
    and concealment on the line, its ranged penalties.

    `hexes` is the range when the attacker first closes in from `a_cell` (the AI's threat); the
    line of fire is still read from `a_cell`.
    """
    board = match.board
    lines: list[tuple[str, int]] = [("base", BASE_TARGET)]
    lines.append(range_mod(board.distance(a_cell, d_cell) if hexes is None else hexes))
    lines.append((f"attacker moved {plural(moved, 'hex')} this activation", movement_mod(moved)))
    lines.extend(terrain_mods(board, a_cell, d_cell))
    if card.ranged:
        lines.extend(ranged_malus_lines(attacker))
    return lines


Lines = list[tuple[str, int]]


def defender_lines(defender: int, arc: int, moved: int) -> tuple[Lines, Lines, Lines]:
    """What the defender's side brings to an attack: to-hit lines (its hexes entered last
    activation, the arc the attacker stands in), damage bonus (the weapon side) and blocks
    bypassed (its lost Defense). `moved` and `arc` may be a "what if" (the AI's exposure)."""
    arc_name, arc_mod = ARCS[arc]
    lines = [(f"defender moved {plural(moved, 'hex')} last activation", movement_mod(moved)),
             (f"{arc_name} arc", arc_mod)]
    bonus = [("weapon side", WEAPON_SIDE_DAMAGE)] if arc == WEAPON_SIDE else []
    malus = defense_malus(defender)
    return lines, bonus, [("defender's Defense penalty", malus)] if malus else []


def attack_terms(match: Match, attacker: int, defender: int, card: CardDef, at: Cell | None = None,
                 moved: int | None = None) -> Terms:
    """Target number, damage bonus and blocks bypassed for `attacker` attacking `defender` with `card`.

    `at` and `moved` ask "what if" the attacker stood elsewhere having moved so far (AI lookahead).
    """
    eff = card.attack
    assert eff is not None
    a_cell, d_cell = at or cell_of(attacker), cell_of(defender)
    board = match.board
    dist = board.distance(a_cell, d_cell)
    arc = board.grid.arc(d_cell, facing_of(defender), a_cell)  # type: ignore[attr-defined]
    moved = get(attacker, CasketMotion).moved_this if moved is None else moved
    lines = attacker_lines(match, attacker, card, a_cell, d_cell, moved, dist)
    theirs, bonus_lines, defense = defender_lines(defender, arc, get(defender, CasketMotion).moved_last)
    lines.extend(theirs)
    target = sum([v for _, v in lines])
    tempo = get(attacker, CasketTempo)
    if tempo.boost:
        bonus_lines.append(("boosts", tempo.boost))
    if tempo.jam_penalty:
        bonus_lines.append(("damaged weapon (jam)", -tempo.jam_penalty))
    malus = damage_malus(attacker)
    if malus:
        bonus_lines.append(("Dislocated Shoulder", -malus))
    bypass_lines: list[tuple[str, int]] = []
    if eff.bypass:
        bypass_lines.append((card.name, eff.bypass))
    bypass_lines.extend(defense)
    return Terms(target, eff.damage, sum([v for _, v in bonus_lines]), sum([v for _, v in bypass_lines]),
                 arc, dist, lines, bonus_lines, bypass_lines)


def attack_block(match: Match, attacker: int, defender: int, card: CardDef, at: Cell | None = None,
                 facing: int | None = None) -> str:
    """Why this attack is not allowed (empty when it is): range, sight, arcs, Retreat."""
    eff = card.attack
    if eff is None:
        return "not an attack card"
    if get(attacker, CasketTempo).no_attack:
        return "Retreat: no attacks this activation"
    a_cell, d_cell = at or cell_of(attacker), cell_of(defender)
    own_facing = facing_of(attacker) if facing is None else facing
    board = match.board
    dist = board.distance(a_cell, d_cell)
    if dist > eff.range:
        return f"out of range ({plural(dist, 'hex')} away, {card.name} reaches {eff.range})"
    if dist > 1 and not has_los(board, a_cell, d_cell):
        return "no line of sight"
    if has_wound(attacker, "ptsd") and board.grid.arc(d_cell, facing_of(defender), a_cell) == REAR:  # type: ignore[attr-defined]
        return "PTSD: cannot attack from behind"
    if not thread_ok(attacker, "pinkies") and board.grid.arc(a_cell, own_facing, d_cell) == REAR:  # type: ignore[attr-defined]
        return "Pinkies thread snapped: cannot attack into the rear arc"
    return ""
