"""Words for the battle screen: action group names, label splitting, unit_view values as text.

Pygame-free, so the model and tests use them without a display.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from game.core.action import Action
from game.core.kinds import VIEW_HEALTH_LABEL

if TYPE_CHECKING:
    from game.ui.view import UnitInfo


def display_name(key: str) -> str:
    """A data key as players read it: "quick_action" -> "quick action", "in_melee" -> "in melee"."""
    return str(key).replace("_", " ").replace("-", " ").strip()


#: unit_view keys whose words alone read wrongly ("Turn left" reads as a direction)
KEY_WORDS: dict[str, str] = {
    "turn_left": "Left this turn",
    "discard_top": "Top of the discard pile",
    "hand_count": "Cards in hand",
    "wounds_face_down": "Wound cards face down",
    "last_seen": "Last seen at",
}


def key_label(key: str) -> str:
    """A unit_view key as a line's label: "damage_cards" -> "Damage cards"; a key of one or
    two letters is the rules' abbreviation ("sp" -> "SP", "ve" -> "VE")."""
    if key in KEY_WORDS:
        return KEY_WORDS[key]
    words = display_name(key)
    return words.upper() if len(key) <= 2 else words[:1].upper() + words[1:]


def maxima(view: dict[str, Any]) -> dict[str, Any]:
    """Numeric unit_view keys that have a maximum beside them ("sp" and "sp_max", "ve" and "max_ve"):
    key -> the maximum, shown together as "SP: 4/6"."""
    out: dict[str, Any] = {}
    for k, v in view.items():
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            top = next((view[m] for m in (f"{k}_max", f"max_{k}") if isinstance(view.get(m), (int, float))
                        and not isinstance(view.get(m), bool)), None)
            if top is not None:
                out[k] = top
    return out


def describe(value: Any) -> str:
    """A unit_view value as short text: lists joined, dicts as "key value" (keys as display names),
    named records by name."""
    if isinstance(value, dict):
        parts = []
        for k, v in value.items():
            text = describe(v)
            name = display_name(k)
            parts.append(f"{name} ({text})" if isinstance(v, dict) else f"{name} {text}")
        return ", ".join(parts)
    if isinstance(value, (list, tuple)):
        return ", ".join(
            str(x.get("name", describe(x))) if isinstance(x, dict) else describe(x) for x in value
        )
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def health_label(u: UnitInfo) -> str:
    """What a unit's health is called ("HP" unless the ruleset names it, e.g. "Structure")."""
    label = u.view.get(VIEW_HEALTH_LABEL)
    return str(label) if isinstance(label, str) and label else "HP"


_TARGET_WORDS = re.compile(r"\s+(?:at|on|vs\.?|against|->|→|targeting)\s+", re.IGNORECASE)


def label_stem(label: str) -> str:
    """What an action does without whom it does it to: "Rivet Shot at Castor (Head)" -> "Rivet Shot"."""
    parts = _TARGET_WORDS.split(label, maxsplit=1)
    return parts[0].strip() if len(parts) == 2 else ""


def group_label(actions: list[Action], names: dict[int, str] | None = None) -> str:
    """A name for several actions that differ by target: the words their labels share (`names`:
    the targets' names, left out, so "Shove Guard Hale" and "Shove Guard Orsin" read "Shove",
    never "Shove Guard")."""
    labels = [a.label for a in actions if a.label]
    if names and len(actions) > 1 and all(a.target in names for a in actions):
        labels = [" ".join(a.label.replace(names[a.target], " ").split()) for a in actions
                  if a.label and a.target is not None]
    stems = {label_stem(lab) for lab in labels}
    if len(stems) == 1 and "" not in stems and (len(labels) > 1 or actions[0].target is not None):
        return stems.pop()
    if len(labels) == 1:
        return labels[0]
    if labels:
        words = [lab.split() for lab in labels]
        common: list[str] = []
        for parts in zip(*words, strict=False):
            if any(p != parts[0] for p in parts):
                break
            common.append(parts[0])
        while common and common[-1].lower() in (
            "on",
            "at",
            "to",
            "vs",
            "against",
            "the",
            "with",
            "->",
            "→",
            "-",
        ):
            common.pop()
        if common:
            return " ".join(common)
    a = actions[0]
    text = a.hotkey_group or a.kind
    if a.option and not a.hotkey_group:
        text = f"{text} {a.option}"
    return text.replace("_", " ").capitalize()


def split_labels(labels: list[str]) -> tuple[str, list[str]]:
    """The words several labels start with, and what is left of each (brackets dropped).

    "Thrust at Brokk (Head)", "Thrust at Brokk (Legs)" -> ("Thrust at Brokk", ["Head", "Legs"]);
    ("", labels) when they share nothing or are fewer than two.
    """
    if len(labels) < 2 or not all(labels):
        return "", list(labels)
    words = [lab.split() for lab in labels]
    n = 0
    while all(len(w) > n + 1 for w in words) and len({w[n] for w in words}) == 1:
        n += 1
    if n == 0:
        return "", list(labels)
    rests = [" ".join(w[n:]) for w in words]
    rests = [r[1:-1] if r.startswith("(") and r.endswith(")") and r.count("(") == 1 else r for r in rests]
    # "Oriel Quickhand: hide ..." shares "Oriel Quickhand:"; titles add their own colon
    return " ".join(words[0][:n]).rstrip(":;,-– "), rests

