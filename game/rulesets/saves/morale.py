"""SV-MORALE: a group that has lost half its numbers saves WIL (its leader) or routs; a lone
combatant saves at 0 HP. Player characters on a player side, mindless and fearless units are exempt.

Reading: a group is a side's squad. The player sides are the scenario's player-character side
flag (game.core.options; older saves' `player_sides` text reads the same); when the scenario
leaves it unset, the sides that field a party squad. Routed units flee the map (Status 'fled',
condition 'routed') and count as out of action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import Health, Table
from game.core.options import player_character_sides
from game.rulesets.saves.components import SvScores, get, is_standing, name_of, side_of, units
from game.rulesets.saves.content import shipped

if TYPE_CHECKING:
    from game.core.match import Match


def player_sides(match: Match) -> list[str]:
    """Sides whose 'pc' units are player characters (the scenario's side flag)."""
    flagged = player_character_sides(match.scenario)
    if flagged is not None:
        return flagged
    squads = shipped().squads
    return sorted(s for s, sq in match.scenario.squads.items() if sq in squads and squads[sq].party)


def exempt(match: Match, ent: int) -> bool:
    """No morale for player characters on a player side, nor for mindless or fearless units."""
    s = get(ent, SvScores)
    if s.mindless or s.fearless:
        return True
    return s.role == "pc" and side_of(ent) in player_sides(match)


def _table(match: Match) -> Table:
    return get(match.table_entity, Table)


def rout(match: Match, ents: list[int], why: str) -> None:
    """The units flee the field."""
    from game.rulesets.saves.rules import take_out

    for e in ents:
        take_out(match, e, "fled", "routed", f"{name_of(e)} routs and flees ({why}).")


def check_group(match: Match, side: str) -> None:
    """At half its numbers lost, its leader saves WIL or the group routs. Reading (option
    `morale`): "once" - the seed's trigger is the moment the group reaches half, so a group that
    held does not check again; "each_loss" - it checks again at every further loss."""
    from game.rulesets.saves.readings import reading
    from game.rulesets.saves.rules import roll_save

    t = _table(match)
    done = t.data.setdefault("morale_checked", [])
    mine = [e for e in units() if side_of(e) == side]
    lost = sum(1 for e in mine if not is_standing(e))
    at: dict[str, int] = t.data.setdefault("morale_lost", {})  # side -> losses when it last checked
    if side in done and (reading(match, "morale") == "once" or lost <= at.get(side, lost)):
        return
    bound = [e for e in mine if is_standing(e) and not exempt(match, e)]
    if lost * 2 < len(mine) or not bound:
        return
    if side not in done:
        done.append(side)
    at[side] = lost
    leader = next((e for e in bound if get(e, SvScores).leader), None)
    if leader is None:
        leader = max(bound, key=lambda e: (get(e, SvScores).wil, -e))
    from game.rulesets.saves.words import side_label

    if not roll_save(match, leader, "WIL", f"morale: {side_label(match, side)} has lost half its numbers"):
        rout(match, bound, f"{name_of(leader)} failed the morale save")


def after_harm(match: Match, ent: int, hp_before: int) -> None:
    """Morale after damage: the lone combatant at 0 HP, then every side's group check."""
    from game.rulesets.saves.rules import roll_save

    if is_standing(ent) and hp_before > 0 and get(ent, Health).current == 0 and not exempt(match, ent):
        alone = [e for e in units() if side_of(e) == side_of(ent) and is_standing(e)] == [ent]
        if alone and not roll_save(match, ent, "WIL", "morale: alone and at 0 HP"):
            rout(match, [ent], "alone at 0 HP")
    for side in _table(match).sides:
        check_group(match, side)
