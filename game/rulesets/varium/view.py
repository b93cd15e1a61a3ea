"""What the panels show of a unit, and the ruleset's invariants for the conformance test."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from game.core.cards import standard_deck
from game.core.components import Status
from game.rulesets.varium import bodies
from game.rulesets.varium.components import (
    VariumState,
    cell_of,
    deck,
    get,
    health,
    living,
    name_of,
    sheet,
    table,
    units,
)

if TYPE_CHECKING:
    from game.core.match import Match

FULL = Counter(standard_deck(True))


def unit_view(match: Match, ent: int, side: str | None) -> dict[str, Any]:
    """Sheet, half-turns left, what is in progress, grapple level, conditions."""
    s = sheet(ent)
    st = get(ent, VariumState)
    hp = health(ent)
    conds = [
        c
        for c, on in (
            ("Prone", st.prone),
            ("Hidden", st.hidden),
            ("In Melee", _melee(match, ent)),
            ("Restrained", bodies.restrained(match, ent)),
        )
        if on
    ]
    out: dict[str, Any] = {
        "name": name_of(ent),
        "kind": s.name,
        "hp": hp.current,
        "hp_max": hp.maximum,
        "armour": s.armour,
        "speed": s.speed,
        "halves": st.halves,
        "in_progress": f"{st.busy['kind']} ({st.busy['left']} half-turns left)" if st.busy else "",
        "might": s.might,
        "agility": s.agility,
        "reflexes": s.reflexes,
        "perception": s.perception,
        "initiative": st.initiative,
        "hidden": st.hidden,
        "conditions": conds,
        "status": get(ent, Status).state,
        "weapons": list(s.weapons) if st.drawn else [],
        "sheathed": not st.drawn,
        "grapples": [
            f"{name_of(g['b'] if g['a'] == ent else g['a'])}: {g['adv'] if g['a'] == ent else -g['adv']:+d}"
            for g in bodies.grapples(match)
            if ent in (g["a"], g["b"])
        ],
    }
    return out


def _melee(match: Match, ent: int) -> bool:
    from game.rulesets.varium.components import in_melee

    return in_melee(match, ent)


def invariants(match: Match) -> list[str]:
    """Broken invariants: empty when all is well."""
    bad: list[str] = []
    cards = deck(match)
    if cards.all_cards() != FULL:
        bad.append(f"deck holds {sum(cards.all_cards().values())} cards, not the 54")
    if not match.resolving and cards.zones.get("table"):
        bad.append("cards left on the table between actions")
    per: Counter[tuple[int, int]] = Counter(cell_of(e) for e in living(match))
    for cell, n in per.items():
        if n > bodies.PER_SQUARE:
            bad.append(f"{n} units on {cell}")
        if not match.board.passable(cell):
            bad.append(f"a unit inside a wall at {cell}")
    for e in units(match):
        hp = health(e)
        if not 0 <= hp.current <= hp.maximum:
            bad.append(f"{name_of(e)} health {hp.current}/{hp.maximum}")
        st = get(e, VariumState)
        if st.halves < 0 or st.kits < 0:
            bad.append(f"{name_of(e)} has negative half-turns or kits")
    for g in bodies.grapples(match):
        if g["adv"] <= 0 or match.board.distance(cell_of(g["a"]), cell_of(g["b"])) > 1:
            bad.append(f"grapple {g} is not between neighbours with a positive advantage")
    for p in table(match).data.get("pending", []):
        if f"ev{p['target']}" not in cards.zones:
            bad.append(f"an attack on {name_of(p['target'])} waits with no face-down cards dealt")
    return bad
