"""The unit details sheet (the I key) as text: the status block, then each further fact of the
unit_view once, in players' words.

Pygame-free, so tests read the sheet without drawing it. A unit_view states some facts twice on
purpose (a raw key for the AI and tests, the same fact again in the generic status panel's bars,
tags and sections), so a raw key is listed only when the status block does not already say it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from game.core.kinds import (
    VIEW_BARS,
    VIEW_HEALTH,
    VIEW_HEALTH_LABEL,
    VIEW_HIDDEN,
    VIEW_HP,
    VIEW_HP_MAX,
    VIEW_MARK,
    VIEW_MAX_HEALTH,
    VIEW_SECTIONS,
    VIEW_TAG_TIPS,
    VIEW_TAGS,
)
from game.ui.battle.labels import describe, display_name, health_label, key_label, maxima

if TYPE_CHECKING:
    from game.ui.view import Pile, UnitInfo

# unit_view keys the sheet states from the shared components (name and side in its title).
SHOWN_ELSEWHERE = frozenset(
    {VIEW_MARK, VIEW_HIDDEN, "name", "side", VIEW_HEALTH, VIEW_MAX_HEALTH, VIEW_HP, VIEW_HP_MAX, "status",
     "state", "cell", "position", "conditions"}
)
#: the generic status panel's keys (drawn as bars, tags and sections, never as "Key: value")
STRUCTURED = frozenset({VIEW_BARS, VIEW_TAGS, VIEW_TAG_TIPS, VIEW_SECTIONS, VIEW_HEALTH_LABEL})
#: words for health as a bar may call it (the sheet's health line is left out when a bar says it)
HEALTH_WORDS = frozenset({VIEW_HP, VIEW_HEALTH, "structure"})
INDENT = "   "


def _bars(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for b in view.get(VIEW_BARS) or [] if isinstance(b, dict)]


def _tags(view: dict[str, Any]) -> list[str]:
    return [str(t) for t in view.get(VIEW_TAGS) or []]


def _sections(view: dict[str, Any]) -> dict[str, list[str]]:
    raw = view.get(VIEW_SECTIONS)
    if not isinstance(raw, dict):
        return {}
    return {str(t): [str(x) for x in (v if isinstance(v, (list, tuple)) else [v])] for t, v in raw.items()}


def _conditions(u: UnitInfo) -> list[str]:
    """The unit's conditions in the ruleset's words when its view lists them, else the ids read out."""
    listed = u.view.get("conditions")
    if isinstance(listed, (list, tuple)) and listed:
        return [str(c) for c in listed]
    return [display_name(c) for c in u.conditions]


def status_lines(u: UnitInfo) -> list[str]:
    """Health, state, conditions and the generic status panel (bars, tags, sections) as lines;
    a section's lines are indented under its title, as are the tags' explanations. A section named
    like a bar (or the health line) goes under that line, so no label shows twice."""
    view = u.view
    bars, tags, sections = _bars(view), _tags(view), _sections(view)
    lines: list[str] = []
    placed: set[str] = set()

    def under(label: str) -> list[str]:
        rows = next((r for t, r in sections.items() if t.lower() == label.lower()), None)
        if rows is None:
            return []
        placed.add(label.lower())
        return [INDENT + r for r in rows]

    if u.hp is not None:
        named = {health_label(u).lower()} | HEALTH_WORDS
        if not any(str(b.get("label", "")).lower() in named and b.get("value") == u.hp for b in bars):
            lines.append(f"{health_label(u)}: {u.hp}/{u.hp_max}")
            lines += under(health_label(u))
    said = {t.lower() for t in tags}
    state = [] if u.state.lower() in said else [u.state]
    lines.append("State: " + ", ".join(state + tags))
    conds = [c for c in _conditions(u)
             if not any(t == c.lower() or t.startswith(c.lower() + " ") for t in said)]
    if conds:
        lines.append("Conditions: " + ", ".join(conds))
    tips = view.get(VIEW_TAG_TIPS)
    if isinstance(tips, dict):
        lines += [f"{INDENT}{t}: {' '.join(str(tips[t]).splitlines())}" for t in tags if tips.get(t)]
    for b in bars:
        note = f" ({b['note']})" if b.get("note") else ""
        lines.append(f"{b.get('label')}: {b.get('value')}/{b.get('max')}{note}")
        lines += under(str(b.get("label")))
    for title, rows in sections.items():
        if title.lower() not in placed:
            lines.append(f"{title}:")
            lines += [INDENT + r for r in rows]
    return lines


def status_text(view: dict[str, Any]) -> str:
    """What the status block says, as lower-case text to look facts up in ("head 0/3", "deck 24")."""
    parts = [f"{b.get('label')} {b.get('value')}/{b.get('max')} {b.get('note') or ''}" for b in _bars(view)]
    parts += _tags(view)
    for title, rows in _sections(view).items():
        parts += [title, *rows]
    return "\n".join(parts).lower()


def _said(text: str, part: str) -> bool:
    """Whether `part` stands in `text` as whole words."""
    return re.search(r"(?<![\w/])" + re.escape(part) + r"(?![\w/])", text) is not None


def _repeats(key: str, value: Any, shown: str, heads: set[str], top: Any) -> bool:
    """Whether the status text `shown` (lower case) already states this raw key: a bar, tag or section
    named by the key's first word ("wounds_face_down" beside a Wounds bar), or its value word for word
    ("deck 24" in a section for "deck", the frame's name in the pilot's lines)."""
    words = display_name(key).lower().split()
    if not words or words[0] in heads:
        return True
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        text = describe(value) + (f"/{top}" if top is not None else "")
        return any(len(w) > 2 and _said(shown, f"{w} {text}") for w in words)
    parts = [p.strip().lower() for p in describe(value).split(", ")]
    worded = [p for p in parts if len(p) > 3 and re.search(r"[a-z]", p)]
    return len(worded) == len(parts) and all(p in shown for p in parts)


def detail_lines(u: UnitInfo, piles: Iterable[Pile] = (), zone_name: Callable[[str], str] = display_name,
                 shown: str = "") -> list[str]:
    """The unit_view's other facts, one "Label: value" line each, leaving out what the status text
    `shown` already says; then the unit's own card piles (a second card family's zones are the
    ruleset's bookkeeping and stay out, as on the hand strip)."""
    view = u.view
    shown = shown.lower()
    heads = {str(b.get("label", "")).lower().split(" ")[0] for b in _bars(view)}
    heads |= {t.lower().split(" ")[0] for t in _sections(view)}
    heads.discard("")
    tops = maxima(view)
    paired = {m for k in tops for m in (f"{k}_max", f"max_{k}")}
    lines: list[str] = []
    for k, v in view.items():
        if k.lower() in SHOWN_ELSEWHERE or k in STRUCTURED or k in paired \
                or v in (None, "", [], {}) or isinstance(v, bool):
            continue
        if shown and _repeats(k, v, shown, heads, tops.get(k)):
            continue
        lines.append(f"{key_label(k)}: {describe(v)}" + (f"/{tops[k]}" if k in tops else ""))
    said = (shown + "\n" + "\n".join(lines)).lower()
    cards = [f"{zone_name(p.zone)} {p.count}" for p in piles
             if p.owner == u.ent and " " not in p.zone]
    cards = [c for c in cards if not _said(said, c.lower())]
    if cards:
        lines.append("Cards: " + ", ".join(cards))
    return lines


def info_lines(u: UnitInfo, piles: Iterable[Pile] = (),
               zone_name: Callable[[str], str] = display_name) -> list[str]:
    """The whole sheet: the status block, then every further fact once."""
    out: list[str] = []
    for line in status_lines(u) + detail_lines(u, piles, zone_name, status_text(u.view)):
        if line not in out:
            out.append(line)
    return out
