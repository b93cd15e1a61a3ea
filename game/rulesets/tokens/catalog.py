"""What the squad builder lists: every piece of gear and every unit kind, with its slot, price and
a one-line summary in players' words (display names, never ids)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.core.wording import plural
from game.rulesets.tokens import gearrules
from game.rulesets.tokens.content import Content, WeaponDef
from game.rulesets.tokens.gearrules import Loadout


@dataclass(frozen=True)
class GearInfo:
    """A piece of gear as the builder lists it."""

    id: str
    name: str
    category: Literal["weapon", "item", "armour", "shield"]
    slot: Literal["primary", "secondary", "armour"]
    bulky: bool
    wealth: int
    summary: str


@dataclass(frozen=True)
class KindInfo:
    """A unit kind as the builder lists it: its tokens and what its standard gear costs."""

    id: str
    name: str
    summary: str
    wealth: int


def _title(prop: str) -> str:
    return "DoT" if prop == "dot" else prop.replace("_", " ").title()


def _weapon_summary(w: WeaponDef) -> str:
    reach = "melee" if w.range <= 1 else f"range {w.range}"
    props = ", ".join(" + ".join(_title(p) for p in group) for group in w.combos if group)
    text = f"{w.damage} {w.type} damage, {reach}, {plural(w.cost, 'attack token')}"
    return text + (f"; {props}" if props else "")


def gear_catalog(content: Content) -> dict[str, GearInfo]:
    """Every piece of gear by id (weapons, shields, armour, items; the first category wins a
    shared id)."""
    out: dict[str, GearInfo] = {}
    for w in content.weapons.values():
        out.setdefault(w.id, GearInfo(w.id, w.name, "weapon", w.slot, w.bulky, w.wealth, _weapon_summary(w)))
    for s in content.shields.values():
        text = f"shield: {s.charges} charges, recharges {s.recharge} a turn"
        out.setdefault(s.id, GearInfo(s.id, s.name, "shield", "primary", s.bulky, s.wealth, text))
    for a in content.armours.values():
        text = "armour: " + ", ".join(str(d) for d in a.entries)
        out.setdefault(a.id, GearInfo(a.id, a.name, "armour", "armour", False, a.wealth, text))
    for i in content.items.values():
        text = f"heals {i.heal}" if i.heal else f"harms {i.harm} a round for {plural(i.rounds, 'round')}"
        out.setdefault(i.id, GearInfo(i.id, i.name, "item", "secondary", i.bulky, i.wealth, text))
    return out


def kind_catalog(content: Content) -> list[KindInfo]:
    """Every unit kind with its tokens, health tokens and the cost of its standard gear."""
    return [
        KindInfo(
            u.id,
            u.name,
            f"move {u.move}, attack {u.attack}, health tokens {u.health}"
            + (", invisible" if u.invisible else ""),
            gearrules.wealth(content, Loadout.of(u)),
        )
        for u in content.units.values()
    ]
