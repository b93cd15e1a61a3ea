"""What each side may see of a unit (hidden units and stealth values stay with their side), and
the invariants the conformance test checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.core.components import Health, Position, Status
from game.core.wording import plural
from game.rulesets.tokens.combat import weapon
from game.rulesets.tokens.components import (
    TkEffects,
    TkGear,
    TkShield,
    TkStealth,
    TkTokens,
    TkUnit,
    get,
    side_of,
)
from game.rulesets.tokens.content import shipped
from game.rulesets.tokens.damage import acts_below_zero
from game.rulesets.tokens.words import mode_name

if TYPE_CHECKING:
    from game.core.match import Match


#: the keys of a unit_view's token bars, and the tag a sneaking unit carries for its own side
MOVE, ATTACK, SHIELD = "move", "attack", "shield"
SNEAKING = "sneaking"


def pools(view: dict[str, Any]) -> dict[str, tuple[int, int, int]]:
    """A unit_view's token pools: key -> (tokens left, per-turn allotment, reserved)."""
    out = {}
    for b in view.get("bars") or []:
        if isinstance(b, dict) and b.get("key") in (MOVE, ATTACK, SHIELD):
            out[str(b["key"])] = (int(b.get("value", 0)), int(b.get("max", 0)), int(b.get("reserved", 0)))
    return out


def stealth_of(view: dict[str, Any]) -> int | None:
    """The stealth value a unit_view shows its own side (None: not sneaking, or not shown)."""
    for tag in view.get("tags") or []:
        text = str(tag)
        if text.startswith(SNEAKING) and "stealth " in text:
            return int(text.rsplit("stealth ", 1)[1].rstrip(")"))
    return None


def unit_view(match: Match, ent: int, side: str | None) -> dict[str, Any]:
    """Panel data; a unit hidden from `side` shows nothing but that it is unseen."""
    with match.world:
        if not esper.has_component(ent, TkUnit):
            return {}
        st = get(ent, TkStealth)
        own = side is None or side == side_of(ent)
        if st.hidden and not own:
            last = st.last_seen.get(side or "")
            return {"hidden": True, "last_seen": tuple(last) if last else None, "tags": ["unseen"]}
        unit, tokens, gear, fx = get(ent, TkUnit), get(ent, TkTokens), get(ent, TkGear), get(ent, TkEffects)
        h = get(ent, Health)
        view: dict[str, Any] = {
            "health": h.current,
            "max_health": h.maximum,
            "hp": h.current,
            "hp_max": h.maximum,
            "bars": [
                {"label": "Move tokens", "value": tokens.move, "max": unit.move, "good": True, "note": "",
                 "key": MOVE},
                {
                    "label": "Attack tokens",
                    "value": tokens.attack,
                    "max": unit.attack,
                    "good": True,
                    "note": f"{tokens.reserved} on watch" if tokens.reserved else "",
                    "key": ATTACK,
                    "reserved": tokens.reserved,
                },
            ],
            "tags": [],
            "sections": {},
        }
        sh = esper.try_component(ent, TkShield)
        if sh is not None:
            view["bars"].append(
                {
                    "label": "Shield",
                    "value": sh.charges,
                    "max": sh.amount,
                    "good": True,
                    "note": f"overcharged {plural(sh.over_rounds, 'round')}" if sh.over_rounds else "",
                    "key": SHIELD,
                }
            )
        if st.hidden:
            view["tags"].append(f"{SNEAKING} (stealth {st.value})")
        if h.current < 0 and get(ent, Status).state != "dead":
            view["tags"].append(f"bleeding (dies at -{unit.health_tokens})")
        if fx.blind:
            view["tags"].append("blinded")
        if fx.dots:
            view["tags"].append("burning")
        gear_lines = []
        for wid in gear.weapons:
            w = weapon(wid)
            ammo = f", {gear.loaded.get(wid, 0)}/{w.ammo} loaded" if w.ammo else ""
            hand = " (in hand)" if wid == gear.held else ""
            gear_lines.append(
                f"{w.name}{hand}: {w.damage} {w.type}, {plural(w.cost, 'token')}, range {w.range}"
                f"{ammo}; {' or '.join(mode_name(c) for c in w.combos if c) or 'no properties'}"
            )
        gear_lines += [shipped().items[i].name for i in gear.items]
        if unit.armour:
            a = shipped().armours[unit.armour]
            gear_lines.append(f"{a.name}: " + ", ".join(str(d) for d in a.entries))
        view["sections"]["Gear"] = gear_lines
        return view


def invariants(match: Match) -> list[str]:
    """Tokens never negative, health within bounds and matching the state, one unit per tile."""
    bad: list[str] = []
    with match.world:
        seen: dict[tuple[int, int], int] = {}
        rows = esper.get_components(TkUnit, TkTokens, Health, Status, TkGear, Position)
        board = match.board
        bleeding_acts = acts_below_zero(match)
        for ent, (unit, tokens, h, status, gear, pos) in sorted(rows, key=lambda r: r[0]):
            state = status.state
            if min(tokens.move, tokens.attack, tokens.reserved, tokens.move_debt, tokens.attack_debt) < 0:
                bad.append(f"unit {ent} has negative tokens {tokens}")
            if tokens.move > unit.move or tokens.attack > unit.attack:
                bad.append(f"unit {ent} holds more tokens than its allotment")
            if h.current > h.maximum:
                bad.append(f"unit {ent} health {h.current} over its maximum {h.maximum}")
            if state == "active" and (
                (h.current < 0 and not (unit.player and bleeding_acts))
                or (not unit.player and h.current <= 0)
            ):
                bad.append(f"unit {ent} active at health {h.current}")
            if state != "dead" and unit.player and h.current <= -unit.health_tokens:
                bad.append(f"unit {ent} alive at health {h.current}")
            sh = esper.try_component(ent, TkShield)
            if sh is not None and not 0 <= sh.charges <= 2 * max(sh.amount, sh.over_extra or 0):
                bad.append(f"unit {ent} shield charges {sh.charges} out of bounds")
            for wid, n in gear.loaded.items():
                if not 0 <= n <= weapon(wid).ammo:
                    bad.append(f"unit {ent} weapon {wid} loaded {n}")
            if state in ("active", "down"):
                c = (int(pos.cell[0]), int(pos.cell[1]))
                # a mover passes through its allies mid-move: one unit a tile holds between inputs
                if c in seen and not match.resolving:
                    bad.append(f"units {seen[c]} and {ent} share tile {c}")
                seen[c] = ent
                if not board.passable(c):
                    bad.append(f"unit {ent} inside a wall at {c}")
    return bad
