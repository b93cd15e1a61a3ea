"""What the screen shows of the world, read once per input: units, piles and turn order for one viewer.

Only generic components (core.components, core.cards) and the ruleset's `unit_view` are read,
so every ruleset draws the same way; a side's hidden cards are shown only to that side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from game.core.cards import Cards
from game.core.components import Conditions, Facing, Health, Name, Position, Side, Status
from game.core.geometry import Cell
from game.core.kinds import VIEW_HEALTH, VIEW_HIDDEN, VIEW_HP, VIEW_HP_MAX, VIEW_MARK, VIEW_MAX_HEALTH
from game.core.knowledge import known_units
from game.core.match import Match


@dataclass(frozen=True)
class UnitInfo:
    """One unit as the viewer may see it."""

    ent: int
    name: str
    kind: str
    side: str
    side_index: int
    cell: Cell
    mark: str
    hp: int | None = None
    hp_max: int | None = None
    conditions: tuple[str, ...] = ()
    facing: int | None = None
    state: str = "active"
    view: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    #: hidden from the viewer: `cell` is where it was last seen, not where it is
    unseen: bool = False

    @property
    def alive(self) -> bool:
        """Still on the board in a state that matters (not dead or fled)."""
        return self.state not in ("dead", "fled", "destroyed", "removed")


@dataclass(frozen=True)
class Pile:
    """A zone of cards: its owner, size, and the cards when the viewer may see them."""

    owner: int
    owner_name: str
    zone: str
    count: int
    cards: tuple[str, ...] | None
    visibility: str


def kind_of(name: str) -> str:
    """What makes units "the same kind" for their token letter: the name without its number
    ("Vanguard 2" -> "Vanguard"); named characters are each their own kind."""
    return re.sub(r"\s+\d+$", "", name.strip()) or name.strip() or "?"


def _letters(kind: str) -> list[str]:
    """The letters a kind's token may carry, best first: its words' initials, then the letters of
    its last word, then of the others, then any letter."""
    words = [w for w in re.split(r"[^A-Za-z]+", kind) if w]
    out = [w[0] for w in words] + (list(words[-1][1:]) if words else [])
    out += [c for w in words[:-1] for c in w[1:]] + list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return list(dict.fromkeys(c.upper() for c in out))


def _marks(units: list[tuple[int, str, str]]) -> dict[int, str]:
    """One- or two-character token marks: one letter per kind across the whole board (a Gunner on
    each side shares "G"; a Grenadier beside them does not), numbered when a side has several of
    a kind ("S1", "S2")."""
    letter: dict[str, str] = {}
    for _ent, _side, name in units:
        kind = kind_of(name)
        if kind not in letter:
            taken = set(letter.values())
            letter[kind] = next((c for c in _letters(kind) if c not in taken), "?")
    seen: dict[tuple[str, str], list[int]] = {}
    for ent, side, name in units:
        seen.setdefault((side, kind_of(name)), []).append(ent)
    out: dict[int, str] = {}
    for (_, kind), ents in seen.items():
        for i, ent in enumerate(ents):
            n = i + 1
            out[ent] = letter[kind] if len(ents) == 1 else (f"{letter[kind]}{n}" if n < 10 else str(n))
    return out


def _view_int(view: dict[str, Any], *keys: str) -> int | None:
    """A number a ruleset's unit_view states (health for units without a Health component)."""
    for key in keys:
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def read_units(match: Match, viewer: str | None) -> list[UnitInfo]:
    """Every unit with a position, as `viewer` may see it (None = everything, for spectators)."""
    sides = list(match.table.sides)
    rs = match.ruleset
    out: list[UnitInfo] = []
    # where the viewer believes each unit is: a unit hidden from it shows where it was last seen
    beliefs = known_units(match, viewer)
    where = {b.ent: b.cell for b in beliefs if b.cell is not None}
    unseen = {b.ent for b in beliefs if b.hidden}
    with match.world:
        placed = list(match.units(Position, Side))
        found = [(e, c) for e, c in placed if e in where]
        import esper

        # every unit's letter is decided over all units, hidden ones included, so that no letter
        # changes when a unit hides or comes back into sight
        rows: list[tuple[int, str, str]] = []
        for ent, (_, side) in placed:
            name = esper.try_component(ent, Name)
            rows.append((ent, side.side, name.text if name else f"#{ent}"))
        marks = _marks(rows)
        for ent, (_pos, side) in found:
            view = dict(rs.unit_view(match, ent, viewer) or {})
            if view.get(VIEW_HIDDEN):
                continue
            name = esper.try_component(ent, Name)
            health = esper.try_component(ent, Health)
            conds = esper.try_component(ent, Conditions)
            facing = esper.try_component(ent, Facing)
            status = esper.try_component(ent, Status)
            out.append(
                UnitInfo(
                    ent=ent,
                    name=name.text if name else f"#{ent}",
                    kind=name.kind if name else "",
                    side=side.side,
                    side_index=sides.index(side.side) if side.side in sides else 0,
                    cell=where[ent],
                    mark=str(view.get(VIEW_MARK) or marks.get(ent, "?"))[:2],  # type: ignore[arg-type]
                    hp=health.current if health else _view_int(view, VIEW_HEALTH, VIEW_HP),
                    hp_max=health.maximum if health else _view_int(view, VIEW_MAX_HEALTH, VIEW_HP_MAX),
                    conditions=tuple(sorted(conds.active)) if conds else (),
                    facing=facing.direction if facing else None,
                    state=status.state if status else "active",
                    view=view,
                    unseen=ent in unseen,
                )
            )
    return unique_marks(out)


def unique_marks(units: list[UnitInfo]) -> list[UnitInfo]:
    """No two tokens of one side share a label: repeated marks (a ruleset's own included) get
    their initial and a number ("G1", "G2")."""
    groups: dict[tuple[str, str], list[int]] = {}
    for i, u in enumerate(units):
        groups.setdefault((u.side, u.mark), []).append(i)
    taken = {(u.side, u.mark) for u in units}
    out = list(units)
    for (side, mark), where in groups.items():
        if len(where) < 2:
            continue
        n = 0
        for i in where:
            while True:
                n += 1
                label = f"{mark[:1]}{n}" if n < 10 else str(n)
                if (side, label) not in taken:
                    break
            taken.add((side, label))
            out[i] = replace(out[i], mark=label)
    return out


def read_piles(match: Match, viewer: str | None) -> list[Pile]:
    """Every card zone in the world; cards listed only where the viewer may see them."""
    out: list[Pile] = []
    with match.world:
        import esper

        # Rulesets may subclass Cards for a second deck family on one entity (esper matches exact
        # types), so look at every component.
        for ent in sorted(esper._entities):  # noqa: SLF001 - esper exposes no entity listing
            decks = [c for c in esper.components_for_entity(ent) if isinstance(c, Cards)]
            if not decks:
                continue
            name = esper.try_component(ent, Name)
            owner = name.text if name else ("table" if ent == match.table_entity else f"#{ent}")
            for cards in sorted(decks, key=lambda c: type(c).__name__):
                family = "" if type(cards) is Cards else type(cards).__name__.lower() + " "
                for zone, pile in cards.zones.items():
                    vis = cards.zone_visibility(zone)
                    shown = tuple(pile) if cards.visible_to(zone, viewer) else None
                    out.append(Pile(ent, owner, family + zone, len(pile), shown, vis))
    return out


def turn_order(match: Match, units: list[UnitInfo]) -> list[int]:
    """Acting order for the turn bar: the ruleset's `turn_order` when it gives one, else by side."""
    fn = getattr(match.ruleset, "turn_order", None)
    if callable(fn):
        try:
            with match.world:
                order = [int(e) for e in fn(match)]
            known = {u.ent for u in units}
            shown = [e for e in order if e in known]
            if shown:
                return shown
        except Exception:  # noqa: BLE001 - an optional hook must not take the screen down
            pass
    if match.over:
        return [u.ent for u in units if u.state == "active"]
    current = match.current()
    live = [u for u in units if u.state == "active"]
    live.sort(key=lambda u: (u.side != current.side, u.side_index, u.ent))
    if current.unit is not None:
        live.sort(key=lambda u: u.ent != current.unit)
    return [u.ent for u in live]


def read_hand(match: Match, viewer: str | None) -> list[dict[str, Any]]:
    """The viewer's own hand from the ruleset's `hand_view` ([] for spectators or without the hook)."""
    fn = getattr(match.ruleset, "hand_view", None)
    if viewer is None or not callable(fn):
        return []
    try:
        return [dict(e) for e in fn(match, viewer) or [] if isinstance(e, dict)]
    except Exception:  # noqa: BLE001 - an optional hook must not take the screen down
        return []
