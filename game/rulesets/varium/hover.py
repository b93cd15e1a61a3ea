"""What the battle screen shows while the player hovers an action's button: what the action does,
in players' words (the odds come from `preview`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.rulesets.varium.combat import UNARMED
from game.rulesets.varium.content import shipped
from game.rulesets.varium.kinds import Kind

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
