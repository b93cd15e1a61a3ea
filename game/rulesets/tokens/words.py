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
