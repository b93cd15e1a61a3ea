"""What the battle screen asks of varium while the player hovers an enemy: why the acting unit
cannot attack it now (`Ruleset.why_not_target`).

The answers come from the checks `actions.attack_options` makes (weapon drawn, ammunition, line
of sight, accuracy at the range, reach, hands free of a grapple), so they name what stops the
attack rather than only that nothing can reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.wording import plural
from game.rulesets.varium import bodies
from game.rulesets.varium.actions import MIN_ACCURACY
from game.rulesets.varium.combat import accuracy, can_see
from game.rulesets.varium.components import (
    VariumState,
    active,
    cell_of,
    get,
    name_of,
    sheet,
    side_of,
    table,
    weapon_def,
)
from game.rulesets.varium.turns import busy_name

if TYPE_CHECKING:
    from game.core.match import Match


def why_not_target(match: Match, actor: int, target: int) -> str:
    """Why `actor` cannot attack, shove or grapple `target` now; "" when it can or the question
    does not arise (not its turn, not a standing enemy)."""
    if actor != table(match).actor or not active(actor) or not active(target):
        return ""
    if side_of(actor) == side_of(target):
        return ""
    st = get(actor, VariumState)
    me = name_of(actor)
    if st.busy:
        return f"{me} is busy: {busy_name(str(st.busy['kind'])).lower()} goes on"
    if st.halves <= 0:
        return f"{me} has no half-turns left this turn"
    if get(target, VariumState).hidden:
        return "it is hidden"
    d = match.board.distance(cell_of(actor), cell_of(target))
    hold = bodies.holding(match, actor)
    if d <= 1:
        if 0 <= hold < bodies.PINNED:
            return f"{me}'s hands are busy holding a grapple"
        return ""
    whys: list[str] = []
    for wid in sheet(actor).weapons:
        w = weapon_def(wid)
        if not w.ranged:
            continue
        if not st.drawn:
            whys.append(f"the {w.name} is not drawn: Draw weapon first (½ turn)")
        elif 0 <= hold < bodies.CONTROLLED:
            whys.append(f"{me}'s hands are busy holding a grapple")
        elif w.ammo and st.ammo.get(wid, w.ammo) <= 0:
            whys.append(f"the {w.name} is empty: Reload it first")
        elif not can_see(match, actor, target):
            whys.append(f"no line of sight for the {w.name}")
        else:
            acc = accuracy(match, actor, target, w)
            if acc < MIN_ACCURACY:
                whys.append(f"too far for the {w.name}: accuracy {acc} at this range, under {MIN_ACCURACY}")
    away = f"{plural(d, 'square')} away"
    if not whys:
        return f"out of reach: {away}, and melee reaches the next square only"
    return f"{'; '.join(dict.fromkeys(whys))}; {away}, and melee reaches the next square only"
