"""What the panels show of a unit, and the invariants the conformance test checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.components import Health, Status
from game.rulesets.saves.components import SvGear, SvScores, conditions, get, name_of, side_of, units
from game.rulesets.saves.content import ARMOUR_CAP, shipped
from game.rulesets.saves.rules import armour_of, cell_of
from game.rulesets.saves.turns import table

if TYPE_CHECKING:
    from game.core.match import Match

STATES = ("active", "down", "dead", "fled")
SHOWN = {
    "blinded": "Blinded",
    "hidden": "Hidden",
    "invisible": "Invisible",
    "stunned": "Stunned",
    "unconscious": "Unconscious",
    "prone": "Prone",
    "critical": "Critical Damage",
    "tended": "Tended",
    "paralysed": "Paralysed",
    "catatonic": "Catatonic",
    "routed": "Routed",
    "surrendered": "Surrendered",
    "attacked": "Attacked (safe until its turn)",
}


def unit_view(match: Match, ent: int, side: str | None) -> dict[str, Any]:
    """Scores, HP, armour, gear and conditions (nothing is hidden in saves but a Hidden unit's square,
    which the board already leaves out)."""
    with match.world:
        s, h, gear = get(ent, SvScores), get(ent, Health), get(ent, SvGear)
        c = shipped()
        decl = table(match).data.get("declared", {}).get(str(ent)) if side == side_of(ent) else None
        out: dict[str, Any] = {
            "name": name_of(ent),
            "side": side_of(ent),
            "state": get(ent, Status).state,
            "health": h.current,
            "max_health": h.maximum,
            "hp": h.current,
            "hp_max": h.maximum,
            "bars": [
                {"label": "HP", "value": h.current, "max": h.maximum, "good": True, "note": ""},
                {"label": "STR", "value": s.strength, "max": s.strength_max, "good": True, "note": ""},
                {"label": "DEX", "value": s.dex, "max": s.dex_max, "good": True, "note": ""},
                {"label": "WIL", "value": s.wil, "max": s.wil_max, "good": True, "note": ""},
            ],
            "tags": [SHOWN.get(k, k) for k in sorted(conditions(ent).active)],
            "sections": {
                "Gear": [
                    f"in hand: {', '.join(c.weapons[w].name for w in gear.held)}",
                    f"stowed: {', '.join(c.weapons[w].name for w in gear.stowed) or '-'}",
                    f"armour {armour_of(ent)}",
                    f"items: {', '.join(c.items[i].name for i in gear.items) or '-'}",
                ],
            },
        }
        traits = []
        if s.resist:
            traits.append(f"resists {', '.join(s.resist)}: attacks of that kind on it are Impaired")
        if s.vulnerable:
            traits.append(f"vulnerable to {', '.join(s.vulnerable)}: attacks of that kind on it are Enhanced")
        if traits:
            out["sections"]["Traits"] = traits
        if decl:
            from game.rulesets.saves.declared import declared_text

            out["sections"]["Declared"] = [declared_text(match, ent)]
        return out


def invariants(match: Match) -> list[str]:
    """Scores and HP within bounds, armour capped, one unit per square, declarations by the side up."""
    out: list[str] = []
    with match.world:
        seen: dict[tuple[int, int], int] = {}
        t = table(match)
        for ent in units():
            s, h, state = get(ent, SvScores), get(ent, Health), get(ent, Status).state
            if state not in STATES:
                out.append(f"unit {ent} has state {state!r}")
            if not 0 <= h.current <= h.maximum:
                out.append(f"unit {ent} HP {h.current} outside 0..{h.maximum}")
            for name in ("STR", "DEX", "WIL"):
                top = getattr(s, {"STR": "strength_max", "DEX": "dex_max", "WIL": "wil_max"}[name])
                if not 0 <= s.get(name) <= top:
                    out.append(f"unit {ent} {name} {s.get(name)} outside 0..{top}")
            if s.strength == 0 and state != "dead":
                out.append(f"unit {ent} at STR 0 is not dead")
            if armour_of(ent) > ARMOUR_CAP:
                out.append(f"unit {ent} armour above {ARMOUR_CAP}")
            if state != "fled":
                cell = cell_of(ent)
                if cell in seen:
                    out.append(f"units {seen[cell]} and {ent} share {cell}")
                seen[cell] = ent
                if not match.board.passable(cell):
                    out.append(f"unit {ent} stands in a wall at {cell}")
            if not 1 <= len(get(ent, SvGear).held) <= 2:
                out.append(f"unit {ent} holds {len(get(ent, SvGear).held)} weapons")
        for key in t.data.get("declared", {}):
            if side_of(int(key)) != t.turn_side:
                out.append(f"unit {key} declared out of its side's turn")
    return out
