"""Tokens words players read: weapon property ids ("greater_cleave" -> "Greater Cleave") and coin
flips ("heads, tails")."""

from __future__ import annotations

#: ids whose plain title-casing reads wrong
PROPERTY_NAMES = {"dot": "DoT"}


def property_name(prop: str) -> str:
    """One property id in players' words."""
    return PROPERTY_NAMES.get(prop, prop.replace("_", " ").title())


def mode_name(props: tuple[str, ...]) -> str:
    """A property combo in players' words ("Cleave + Greater Cleave"; "plain" for none)."""
    return " + ".join(property_name(p) for p in props) or "plain"


def coin_faces(flips: list[bool]) -> str:
    """Token flips as players read them: "heads, tails, heads" (never "H T H")."""
    return ", ".join("heads" if f else "tails" for f in flips)


def strike_title(weapon_name: str, role: str) -> str:
    """What a damage line is headed with: the weapon alone on the unit aimed at ("Carbine: Brute 1
    takes 1"), the property that reached any other unit ("Axe (Cleave): ...")."""
    return weapon_name if role == "target" else f"{weapon_name} ({property_name(role)})"


def strike_reach(role: str) -> str:
    """How the attack preview says a unit is reached: "aimed at", or by the property that reaches
    it ("by Cleave")."""
    return "aimed at" if role == "target" else f"by {property_name(role)}"


#: what each kind of action does, for hovering its button (items: their own `description`)
ACTION_HELP = {
    "move": "Walk here with move tokens: 1 a step, diagonals 2 and 1 by turns. Leaving a tile next to "
            "an enemy lets it strike (attacks of opportunity).",
    "bypass": "Walk here at double the price of every step: the move provokes no attacks of "
              "opportunity.",
    "sprint": "Run in a straight line, up to 8 tiles, for 4 move tokens, if the first 2 tiles are open.",
    "attack": "Attack: it hits unless the attacker is blinded (then a coin); damage minus the target's "
              "defense, then its shield.",
    "reload": "Fully reload the weapon in hand (4 move tokens).",
    "draw": "Put another carried weapon in hand (2 move tokens)",
    "sneak": "Flip these move tokens: the heads are your stealth value. With one heads or more the "
             "enemy loses sight of you until you attack or are spotted.",
    "observe": "Flip these move tokens: every hidden enemy in sight whose stealth is at most your heads "
               "is revealed.",
    "await": "Keep watch: reserve attack tokens of your next turn to shoot at an enemy that steps into "
             "sight and reach during its turn (you are asked: fire or hold). Reserved tokens are gone "
             "from the next turn, used or not.",
    "overcharge": "Double the shield's current tokens for its overcharge rounds (1 attack token); then "
                  "the extra goes.",
    "handoff": "Give this item to the adjacent ally",
    "end": "End your side's turn: unspent tokens are lost.",
}
