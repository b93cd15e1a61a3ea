"""What the panels show of a unit, and the ruleset's invariants for the conformance test."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from game.core.cards import standard_deck
from game.core.components import Status
from game.core.wording import plural
from game.rulesets.varium import bodies
from game.rulesets.varium.components import (
    VariumState,
    cell_of,
    deck,
    get,
    health,
    in_hand,
    living,
    name_of,
    occupants,
    sheet,
    side_of,
    table,
    units,
)

if TYPE_CHECKING:
    from game.core.match import Match

FULL = Counter(standard_deck(True))


def _busy_text(busy: dict[str, Any]) -> str:
    """An action in progress in players' words: "Reloading the Pistol: 3 half-turns to go"."""
    from game.rulesets.varium.turns import busy_name

    left = int(busy.get("left", 0))
    return f"{busy_name(str(busy.get('kind', '')))}: {plural(left, 'half-turn')} to go"


def grapple_level(adv: int) -> str:
    """The holder's grip at an advantage (the seed's +10 / +20 / +30)."""
    a = abs(adv)
    return "Controlled" if a >= bodies.CONTROLLED else "Pinned" if a >= bodies.PINNED else \
        "Restrained" if a >= bodies.RESTRAINED else "held"


def unit_view(match: Match, ent: int, side: str | None) -> dict[str, Any]:
    """Sheet, half-turns left, what is in progress, grapple level, conditions: the generic status
    panel's bars, tags and sections, plus the grapples as data for the board's grapple marks."""
    from game.rulesets.varium.components import weapon_def

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
    # each grapple from this unit's side: the text is its name (the panel's line), `other` and
    # `adv` are for the board's mark between the two (drawn from the holder, adv > 0)
    grappling = []
    for g in bodies.grapples(match):
        if ent not in (g["a"], g["b"]):
            continue
        other = g["b"] if g["a"] == ent else g["a"]
        adv = g["adv"] if g["a"] == ent else -g["adv"]
        who = "holds" if adv > 0 else "held by"
        grappling.append({"name": f"{who} {name_of(other)} {adv:+d} ({grapple_level(adv)})",
                          "other": other, "adv": adv, "level": grapple_level(adv)})
    weapons = []
    for wid in s.weapons:
        w = weapon_def(wid)
        ammo = f", ammunition {st.ammo.get(wid, w.ammo)}/{w.ammo}" if w.ammo else ""
        risk = f", Risk {w.risk}" if w.risk else ""  # Risk: the most chips a melee check may bet
        weapons.append(f"{w.name}: Accuracy {w.accuracy}, damage {w.damage}, critical {w.crit}{risk}{ammo}")
    tags = list(conds)
    # up to two fighters may share a square (VC-SQUARES): the board draws them half-size, side by side
    mates = [name_of(o) for o in occupants(match, cell_of(ent), ent)]
    if mates:
        tags.append(f"shares its square with {', '.join(mates)} (two may)")
    sheathed = [weapon_def(w).name for w in s.weapons if not in_hand(st, w)]
    if sheathed:
        tags.append(f"sheathed: {', '.join(sheathed)}")
    if _acting_last(match, ent):
        tags.append("last to act this round: no Dodge or Block (no attack can follow)")
    if st.advantage:
        tags.append("free aim (assisted)")
    if st.dodge_round and st.dodge_round == table(match).round:
        doing = "blocking" if st.defence == "block" else "dodging"
        tags.append(doing if st.dodge_total < 0 else f"{doing} (total {st.dodge_total})")
    sections: dict[str, list[str]] = {
        "In progress": [_busy_text(st.busy)] if st.busy else ["nothing"],
        "Sheet": [
            f"Might {s.might} · Agility {s.agility} · Reflexes {s.reflexes} · Perception {s.perception}",
            f"Speed {s.speed} · Armour {s.armour} · Initiative {st.initiative}",
            "Skills: " + (" · ".join(f"{k.capitalize()} +{v}" for k, v in s.proficiency.items())
                                        or "none"),
        ],
        "Weapons": weapons or ["unarmed"],
    }
    out: dict[str, Any] = {
        "name": name_of(ent),
        "kind": s.name,
        "hp": hp.current,
        "hp_max": hp.maximum,
        # hidden from its foes, never from its own side
        "hidden": st.hidden and side is not None and side != side_of(ent),
        "conditions": conds,
        "status": get(ent, Status).state,
        "bars": [
            {"label": "Health", "value": hp.current, "max": hp.maximum},
            {"label": "Half-turn actions left", "value": st.halves, "max": 2},
        ],
        "tags": tags,
        "sections": sections,
        "grappling": grappling,
    }
    return out


def _acting_last(match: Match, ent: int) -> bool:
    """`ent` is taking its turn and nobody acts after it this round: a Dodge or Block would do
    nothing, so neither is offered (the panel says why they are missing)."""
    from game.rulesets.varium.turns import acts_after, queue

    q, idx = queue(match), table(match).data.get("idx", 0)
    mine = 0 <= idx < len(q) and q[idx] == ent and get(ent, VariumState).halves > 0
    return mine and not acts_after(match, ent)


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
        if f"face-down:{p['target']}" not in cards.zones:
            bad.append(f"an attack on {name_of(p['target'])} waits with no face-down cards dealt")
    return bad
