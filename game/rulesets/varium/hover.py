"""What the battle screen shows while the player hovers: what an action does, in players' words
(the odds come from `preview`), and why the acting unit cannot attack a foe now
(`Ruleset.why_not_target`), from the checks `actions.attack_options` makes (weapon drawn,
ammunition, line of sight, accuracy at the range, reach, hands free of a grapple)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.wording import plural
from game.rulesets.varium import bodies
from game.rulesets.varium.combat import MIN_ACCURACY, UNARMED, accuracy, can_see
from game.rulesets.varium.components import (
    VariumState,
    active,
    cell_of,
    get,
    in_hand,
    name_of,
    sheet,
    side_of,
    table,
    weapon_def,
)
from game.rulesets.varium.content import shipped
from game.rulesets.varium.kinds import Kind
from game.rulesets.varium.turns import busy_name

if TYPE_CHECKING:
    from game.core.match import Match

#: what each kind of action does (½ turn unless it says otherwise)
ACTION_HELP = {
    Kind.DASH: "Step 1 square (½ turn); leaving a square shared with a foe lets it shove or grapple you.",
    Kind.RUN: "Run up to your Speed in squares (1 turn).",
    Kind.ATTACK: "Start a hit check (½ turn): cards are dealt face up, you stand, take another or aim; "
                 "beat the target's face-down cards to hit.",
    Kind.DODGE: "Until the round ends (½ turn): the first time attacks on you are revealed, one Agility "
                "check replaces your face-down cards; attacks scoring below it miss, and later attacks "
                "this round meet the same total.",
    Kind.BLOCK: "Until the round ends (½ turn): when melee attacks on you are revealed, choose a Might "
                "check (plus your best melee weapon's proficiency) or your face-down cards; shots "
                "still meet the cards.",
    Kind.SHOVE: "A Might check against theirs (½ turn): if you win, they fall prone and are knocked "
                "1 square back.",
    Kind.GRAPPLE: "A grapple check against theirs (½ turn): what you beat them by adds to the hold. At "
                  "+10 they are Restrained, +20 Pinned, +30 Controlled.",
    Kind.DRAW: "Take one more weapon in hand (½ turn)",
    Kind.RELOAD: "Load the weapon again; it takes its reload time and continues on your next turns "
                 "if needed. Damage interrupts it.",
    Kind.GETUP: "Stand up from prone (1 turn).",
    Kind.HIDE: "A stealth check (2 turns): on success enemies cannot target you until you attack.",
    Kind.HEAL: "A medicine check against 50 (2 turns) to heal the teammate next to you; damage "
               "interrupts it.",
    Kind.ASSIST: "Help the teammate next to you (½ turn): its next check gets one free Aim.",
    Kind.LJUMP: "Jump across a gap or a low obstacle (1 turn): an Agility check against 40 per metre.",
    Kind.VJUMP: "Climb-jump up a step of 1 m or more (½ turn): an Agility check against 50 per metre.",
    Kind.END: "End this unit's turn; the half-turns left are lost.",
}


def _weapon_words(wid: str) -> str:
    """A weapon's numbers for the attack's help: "Accuracy 21, damage 4, critical at 30"."""
    if wid == UNARMED:
        return "Unarmed: Accuracy 10 + your Unarmed proficiency, no weapon damage."
    w = shipped().weapons.get(wid)
    if w is None:
        return ""
    bets = f", bets up to {w.risk} chips" if w.risk else ""
    reach = f", range {w.range} squares (−1 Accuracy a square beyond)" if w.ranged else ""
    return f"{w.name}: Accuracy {w.accuracy}, damage {w.damage}, critical at {w.crit}{reach}{bets}."


def action_help(match: Match, action: Action) -> str:
    """What an action does, in players' words."""
    text = ACTION_HELP.get(action.kind, "")
    if action.kind == Kind.ATTACK:
        wid, _, rest = action.option.partition("!")
        lethal = " Non-lethal: a blow that would kill leaves the target at 1 Health." if rest == "nl" else ""
        return f"{text} {_weapon_words(wid)}{lethal}".strip()
    if action.kind == Kind.DRAW:
        w = shipped().weapons.get(action.option)
        return f"{text}: {_weapon_words(action.option)}" if w is not None else f"{text}."
    return text


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
        if not in_hand(st, wid):
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
