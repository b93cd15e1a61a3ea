"""What a unit declares instead of an attack: maneuvers (SV-MANEUVER), fleeing (SV-RETREAT),
tending a critically damaged ally (SV-CRITICAL), a parley (SV-REACTION) and items.

In a maneuver the side most at risk saves (the referee's choice, data here): knock down - the
target saves DEX or falls Prone; snatch - the target saves STR or loses the thing the actor named
when declaring (a weapon in hand or an item) to the actor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.components import Health, Status
from game.rulesets.saves.components import SvGear, get, has, is_standing, name_of
from game.rulesets.saves.exits import is_exit
from game.rulesets.saves.hiding import HID_AT, HID_ROUND
from game.rulesets.saves.kinds import Ev, Kind
from game.rulesets.saves.morale import exempt
from game.rulesets.saves.rules import (
    cell_of,
    clear_condition,
    known_enemies,
    roll_save,
    set_condition,
    take_out,
    unveil,
)

if TYPE_CHECKING:
    from game.core.match import Match

#: maneuver -> the score the target saves with
MANEUVERS: dict[str, str] = {"knockdown": "DEX", "snatch": "STR"}


def maneuver_of(option: str) -> tuple[str, str]:
    """A maneuver option as (maneuver, thing): "snatch:sword" -> ("snatch", "sword"); a bare
    "snatch" (older games) snatches the first weapon in hand."""
    base, _, thing = option.partition(":")
    return base, thing


def snatchable(ent: int) -> list[str]:
    """What can be snatched from a unit (SV-MANEUVER "snatching an item"): a weapon in its hands
    (not its fists) or one of its items; weapons first, each once."""
    gear = get(ent, SvGear)
    return list(dict.fromkeys([w for w in gear.held if w != "fists"] + sorted(gear.items)))


def thing_name(thing: str) -> str:
    """A snatchable thing's name (a weapon's or an item's)."""
    from game.rulesets.saves.content import shipped

    c = shipped()
    return c.weapons[thing].name if thing in c.weapons else c.items[thing].name if thing in c.items else thing


def on_edge(match: Match, ent: int) -> bool:
    """Somewhere to run to: one of the map's exits, or its edge when it marks none (exits.py)."""
    return is_exit(match.board, cell_of(ent))


def pursued(match: Match, ent: int) -> bool:
    """An enemy next to the fleeing unit gives chase (not an unseen Hidden one: as `engaged`)."""
    return any(match.board.distance(cell_of(ent), cell_of(e)) <= 1 for e in known_enemies(ent))


def resolve_other(match: Match, ent: int, d: dict[str, Any]) -> None:
    """Apply one non-attack declaration (asks nobody anything)."""
    if not is_standing(ent) or has(ent, "stunned"):
        return
    kind, target, option = d["kind"], d.get("target"), d.get("option", "")
    if target is not None and not is_standing(target) and kind not in (Kind.TEND, Kind.USE):
        return
    if kind in (Kind.MANEUVER, Kind.PARLEY):
        unveil(match, ent)  # SV-HIDDEN: an action on an enemy, like an attack, unveils the actor
    if kind == Kind.MANEUVER:
        base, thing = maneuver_of(option)
        word = f"snatch the {thing_name(thing)}" if thing else base
        word = "knock it down" if base == "knockdown" else word
        if roll_save(match, target, MANEUVERS[base], f"{name_of(ent)} tries to {word}"):
            return
        if base == "knockdown":
            set_condition(target, "prone")
            match.emit(Ev.CONDITION, f"{name_of(target)} is knocked Prone.", unit=target)
        else:
            snatch(match, ent, target, thing)
    elif kind == Kind.FLEE:
        if pursued(match, ent) and not roll_save(match, ent, "DEX", "fleeing under pursuit"):
            match.emit(Ev.FLEE, f"{name_of(ent)} fails to get away.", unit=ent)
            return
        take_out(match, ent, "fled", "", f"{name_of(ent)} flees to safety.")
        from game.core.components import Table
        from game.rulesets.saves.morale import check_group

        for side in get(match.table_entity, Table).sides:
            check_group(match, side)
    elif kind == Kind.TEND:
        if has(target, "critical") and not has(target, "tended"):
            set_condition(target, "tended")
            match.emit(
                Ev.TEND,
                f"{name_of(ent)} tends {name_of(target)}: it will live, but stays out of the fight.",
                unit=target,
            )
    elif kind == Kind.PARLEY:
        if not exempt(match, target) and not roll_save(
            match, target, "WIL", f"{name_of(ent)} calls for surrender"
        ):
            take_out(match, target, "fled", "surrendered", f"{name_of(target)} surrenders.")
    elif kind == Kind.USE:
        use_item(match, ent, target, option)


def snatch(match: Match, ent: int, target: int, thing: str) -> None:
    """The snatch succeeds: the thing passes to the snatcher (a weapon into its pack, an item to
    use); gone already (used, dropped, snatched), nothing happens."""
    gear, mine = get(target, SvGear), get(ent, SvGear)
    if not thing:
        thing = next((w for w in gear.held if w != "fists"), "")
    if thing and thing in gear.held and thing != "fists":
        gear.held.remove(thing)
        if not gear.held:
            gear.held.append("fists")
        mine.stowed.append(thing)
        if thing in gear.spent:
            mine.spent[thing] = gear.spent.pop(thing)
    elif thing and thing in gear.items:
        gear.items.remove(thing)
        mine.items.append(thing)
    else:
        return
    text = f"{name_of(ent)} snatches the {thing_name(thing)} from {name_of(target)}."
    match.emit(Ev.SNATCH, text, unit=target)


def use_item(match: Match, ent: int, target: int | None, item: str) -> None:
    """Items: Invisibility draught, Shadow cloak (Hidden), Smelling salts (wake an Unconscious ally)."""
    from game.rulesets.saves.content import shipped

    gear = get(ent, SvGear)
    if item not in gear.items:
        return
    effect = shipped().items[item].effect
    gear.items.remove(item)
    if effect == "wake":
        if target is not None and has(target, "unconscious"):
            clear_condition(target, "unconscious")
            get(target, Status).state = "active"
            get(target, Health).current = max(get(target, Health).current, 0)
            match.emit(Ev.CONDITION, f"{name_of(ent)} wakes {name_of(target)}.", unit=target)
        return
    if effect == "hidden":  # its enemies saw it hide here, and nothing after
        set_condition(ent, effect, **{HID_AT: list(cell_of(ent)), HID_ROUND: match.round})
    else:
        set_condition(ent, effect)
    match.emit(Ev.CONDITION, f"{name_of(ent)} uses {shipped().items[item].name}: {effect.title()}.", unit=ent)
