"""The gear and wealth rules of a tokens squad (TK-GEAR, TK-WEALTH), in one place.

Shipped content (content.py, on load), squad files and the squad builder all ask these functions,
so a squad is judged the same wherever it comes from. A problem is reported in players' words with
the field it concerns, so loaders can name file, entry and key and the builder can list them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rulesets.tokens.content import Content, UnitDef

PRIMARY_SLOTS, SECONDARY_SLOTS, ARMOUR_SLOTS = 4, 6, 1
MIN_UNITS, MAX_UNITS = 1, 8


@dataclass(frozen=True)
class Loadout:
    """One unit of a squad: its kind and everything it carries (ids)."""

    kind: str
    weapons: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    armours: tuple[str, ...] = ()
    shields: tuple[str, ...] = ()

    @staticmethod
    def of(unit: UnitDef) -> Loadout:
        """A unit kind with the gear it comes with."""
        return Loadout(
            unit.id,
            tuple(unit.weapons),
            tuple(unit.items),
            (unit.armour,) if unit.armour else (),
            (unit.shield,) if unit.shield else (),
        )


@dataclass(frozen=True)
class Problem:
    """A rule a squad breaks: `text` in players' words, `field` the key it concerns, `unit` the
    index of the unit in the squad (None for the squad as a whole)."""

    rule: str
    field: str
    text: str
    unit: int | None = None


def _bulk(bulky: bool) -> int:
    return 2 if bulky else 1


def slots(content: Content, lo: Loadout) -> tuple[int, int]:
    """(primary, secondary) slots the gear fills; Bulky counts two (TK-GEAR). Unknown ids fill none."""
    primary = secondary = 0
    for w in lo.weapons:
        wd = content.weapons.get(w)
        if wd is None:
            continue
        if wd.slot == "primary":
            primary += _bulk(wd.bulky)
        else:
            secondary += _bulk(wd.bulky)
    primary += sum(_bulk(content.shields[s].bulky) for s in lo.shields if s in content.shields)
    secondary += sum(_bulk(content.items[i].bulky) for i in lo.items if i in content.items)
    return primary, secondary


def wealth(content: Content, lo: Loadout) -> int:
    """What the gear costs in wealth tokens (TK-WEALTH); the unit itself is free."""
    return (
        sum(content.weapons[w].wealth for w in lo.weapons if w in content.weapons)
        + sum(content.items[i].wealth for i in lo.items if i in content.items)
        + sum(content.armours[a].wealth for a in lo.armours if a in content.armours)
        + sum(content.shields[s].wealth for s in lo.shields if s in content.shields)
    )


def gear_problems(content: Content, lo: Loadout, unit: int | None = None) -> list[Problem]:
    """Everything wrong with one unit's gear: unknown ids, no weapon, too many slots, two armours,
    two shields."""
    out: list[Problem] = []

    def bad(rule: str, key: str, text: str) -> None:
        out.append(Problem(rule, key, text, unit))

    for key, ids, known, what in (
        ("weapons", lo.weapons, content.weapons, "weapon"),
        ("items", lo.items, content.items, "item"),
        ("armour", lo.armours, content.armours, "armour"),
        ("shield", lo.shields, content.shields, "shield"),
    ):
        for i in ids:
            if i not in known:
                bad("TK-GEAR", key, f"unknown {what} {i!r}")
    if not lo.weapons:
        bad("TK-GEAR", "weapons", "carries no weapon (every unit needs at least one)")
    primary, secondary = slots(content, lo)
    if primary > PRIMARY_SLOTS:
        bad(
            "TK-GEAR",
            "weapons",
            f"gear fills {primary} primary slots (at most {PRIMARY_SLOTS}; Bulky counts two)",
        )
    if secondary > SECONDARY_SLOTS:
        bad(
            "TK-GEAR",
            "items",
            f"gear fills {secondary} secondary slots (at most {SECONDARY_SLOTS}; Bulky counts two)",
        )
    if len(lo.armours) > ARMOUR_SLOTS:
        names = " and ".join(content.armours[a].name if a in content.armours else a for a in lo.armours)
        bad("TK-GEAR", "armour", f"wears {len(lo.armours)} armours ({names}); a unit has one armour slot")
    if len(lo.shields) > 1:
        bad("TK-GEAR", "shield", f"carries {len(lo.shields)} shields; only one shield works at a time")
    return out


def squad_wealth(content: Content, units: list[Loadout] | tuple[Loadout, ...]) -> int:
    """What the whole squad's gear costs."""
    return sum(wealth(content, lo) for lo in units)


def squad_problems(
    content: Content, units: list[Loadout] | tuple[Loadout, ...], budget: int, gear: bool = True
) -> list[Problem]:
    """Everything wrong with a squad: unknown unit kinds, the unit count, each unit's gear (unless
    `gear` is False, for loaders that checked each kind already) and the wealth budget."""
    out: list[Problem] = []
    if not MIN_UNITS <= len(units) <= MAX_UNITS:
        out.append(
            Problem(
                "TK-WEALTH", "units", f"fields {len(units)} units (a squad has {MIN_UNITS} to {MAX_UNITS})"
            )
        )
    for n, lo in enumerate(units):
        if lo.kind not in content.units:
            out.append(Problem("TK-GEAR", "kind", f"unknown unit {lo.kind!r}", n))
        elif gear:
            out.extend(gear_problems(content, lo, n))
    spent = squad_wealth(content, units)
    if spent > budget:
        out.append(Problem("TK-WEALTH", "wealth", f"gear costs {spent} wealth, over the budget of {budget}"))
    return out
