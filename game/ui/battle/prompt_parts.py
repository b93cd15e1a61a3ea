"""The prompt registry: how a decision's context is shown, keyed by context key and decision kind.

A decision's `context` is the ruleset's data for the deciding side's controller. The generic
prompt shows each context key it has a part for ("lines", "dice", "cards", "odds" are built in),
in registration order; a ruleset's UI module (`game/ui/<id>.py`) may register parts for its own
keys (`register_part`) or choose which keys a decision kind shows (`register_kind`). Options,
their details and odds lines, hotkeys 1-9 and paging are the generic renderer's (prompts.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.action import Decision
from game.core.kinds import CTX_CARDS, CTX_DICE, CTX_DIE, CTX_LINES, CTX_ODDS
from game.ui.chancefx import draw_card, draw_die
from game.ui.theme import Fonts, Palette


@dataclass
class PartInput:
    """What a part draws from: the decision, its context and the style."""

    decision: Decision
    ctx: dict[str, Any]
    fonts: Fonts
    pal: Palette
    width: int
    names: dict[str, str]


#: a part turns the input into a picture of exactly its height (None when it has nothing to show)
Part = Callable[[PartInput], "pygame.Surface | None"]

PARTS: dict[str, Part] = {}
#: decision kind -> the context keys its prompt shows (default: every key that has a part)
KINDS: dict[str, tuple[str, ...]] = {}
#: the option keys' page size: 1-9 pick on the current page, 0 / PgDn turn it
PAGE = 9
#: decision kind -> {letter: option key, or a key prefix ending in ":" (its first option)}: letter
#: hotkeys a ruleset gives its own prompts (they take the letter from the board's keys while open)
HOTKEYS: dict[str, dict[str, str]] = {}


#: decision kind -> option -> a shorter label, used when the buttons go in columns (the full
#: label stays in the context a ruleset shows, e.g. its table of choices)
SHORT_LABELS: dict[str, Callable[[Any], str]] = {}


def register_short_labels(kind: str, short: Callable[[Any], str]) -> None:
    """Shorter button labels for decisions of `kind` when a tall prompt lays them in columns."""
    SHORT_LABELS[kind] = short


#: decision kind -> (match, decision) -> the answer the prompt offers as its default (Enter, the
#: outlined button) instead of the decision's own: a ruleset's UI module names the choice worth
#: most, as the ruleset values it (never computed here)
DEFAULTS: dict[str, Callable[[Any, Decision], str | None]] = {}
_shown: list[tuple[Decision, str]] = []  # the last decision's default: asked once per prompt


def register_default(kind: str, pick: Callable[[Any, Decision], str | None]) -> None:
    """The default a prompt of `kind` offers: `pick(match, decision)` (None: the decision's own)."""
    DEFAULTS[kind] = pick


def shown_default(match: Any, decision: Decision) -> str:
    """The answer a prompt offers as its default: the ruleset UI's pick, else the decision's."""
    if _shown and _shown[0][0] is decision:
        return _shown[0][1]
    pick = DEFAULTS.get(decision.kind)
    key = decision.default
    if pick is not None and match is not None:
        try:
            key = pick(match, decision) or key
        except Exception:  # noqa: BLE001 - a default is a convenience: the decision's own stays
            key = decision.default
    key = key if key in decision.keys() else decision.default
    _shown[:] = [(decision, key)]
    return key


def button_label(decision: Decision, option: Any, columns: int = 1, default: str | None = None) -> str:
    """An option's button text: in one column its label (and "(default)"), in columns the short
    label (the default is marked by the button's outline)."""
    if columns == 1:
        default = decision.default if default is None else default
        return option.label + ("  (default)" if option.key == default else "")
    short = SHORT_LABELS.get(decision.kind)
    return short(option) if short is not None else option.label


def register_part(key: str, part: Part) -> None:
    """Show a context key with `part` in every prompt that carries it."""
    PARTS[key] = part


def register_kind(kind: str, keys: tuple[str, ...]) -> None:
    """Decisions of `kind` show only these context keys (in this order)."""
    KINDS[kind] = keys


def register_hotkeys(kind: str, letters: dict[str, str]) -> None:
    """Letter hotkeys for decisions of `kind`: {"s": "stand", "b": "bet:"}."""
    HOTKEYS[kind] = {k.lower(): v for k, v in letters.items()}


def letter_option(decision: Decision, letter: str) -> str | None:
    """The option key a letter picks on this decision (None: the letter is not one of its keys)."""
    want = HOTKEYS.get(decision.kind, {}).get(letter.lower()) if letter else None
    if want is None:
        return None
    keys = decision.keys()
    if want.endswith(":"):
        return next((k for k in keys if k.startswith(want)), None)
    return want if want in keys else None


def option_letter(decision: Decision, key: str) -> str:
    """The letter that picks option `key` ("" when none does)."""
    for letter in HOTKEYS.get(decision.kind, {}):
        if letter_option(decision, letter) == key:
            return letter.upper()
    return ""


def parts_for(decision: Decision, fonts: Fonts, pal: Palette, width: int,
              names: dict[str, str] | None = None) -> list[pygame.Surface]:
    """The pictures of a decision's context, top to bottom (`names`: card ids -> display names)."""
    ctx = decision.context or {}
    keys = KINDS.get(decision.kind) or tuple(k for k in PARTS if k in ctx)
    inp = PartInput(decision, ctx, fonts, pal, width, names or {})
    out = []
    for key in keys:
        part = PARTS.get(key)
        pic = part(inp) if part is not None and key in ctx else None
        if pic is not None:
            out.append(pic)
    return out


def option_odds(decision: Decision) -> dict[str, list[str]]:
    """Odds lines per option key from context["odds"] ({key: line or [lines]})."""
    odds = (decision.context or {}).get(CTX_ODDS)
    if not isinstance(odds, dict):
        return {}
    return {str(k): ([str(v)] if isinstance(v, str) else [str(x) for x in v]) for k, v in odds.items()}


# -- built-in parts ----------------------------------------------------------------------------
def _lines(inp: PartInput) -> pygame.Surface | None:
    f = inp.fonts
    lines = [str(x) for x in inp.ctx.get(CTX_LINES) or [] if isinstance(x, str)]
    rows = [part for line in lines for part in f.wrap(line, inp.width, Fonts.SMALL)]
    if not rows:
        return None
    lh = f.line_height(Fonts.SMALL)
    surf = pygame.Surface((inp.width, lh * len(rows)), pygame.SRCALPHA)
    for i, row in enumerate(rows):
        surf.blit(f.render(row, Fonts.SMALL, inp.pal.dim), (0, i * lh))
    return surf


def _dice(inp: PartInput) -> pygame.Surface | None:
    """The dice behind the question (defense dice before taking the damage), as symbols."""
    f = inp.fonts
    faces = [str(x) for x in inp.ctx.get(CTX_DICE) or []]
    dice = [draw_die(f, face, f.px(38), kind=str(inp.ctx.get(CTX_DIE, ""))) for face in faces]
    if not dice:
        return None
    gap = f.px(6)
    rows: list[list[pygame.Surface]] = [[]]
    x = 0
    for die in dice:
        if rows[-1] and x + die.get_width() > inp.width:
            rows.append([])
            x = 0
        rows[-1].append(die)
        x += die.get_width() + gap
    row_h = max(d.get_height() for d in dice) + gap
    surf = pygame.Surface((inp.width, row_h * len(rows)), pygame.SRCALPHA)
    for r, row in enumerate(rows):
        x = 0
        for die in row:
            surf.blit(die, (x, r * row_h))
            x += die.get_width() + gap
    return surf


def _cards(inp: PartInput) -> pygame.Surface | None:
    """The cards at stake: a list, or a card per option key (numbered like the options); rows wrap
    so none is left out."""
    f = inp.fonts
    cards = inp.ctx.get(CTX_CARDS)
    keys = inp.decision.keys()
    items: list[tuple[str, str]] = []
    if isinstance(cards, (list, tuple)):
        items = [(str(c), "") for c in cards]
    elif isinstance(cards, dict):
        items = [(str(c), str(keys.index(k) + 1) if k in keys else "") for k, c in cards.items()]
    if not items:
        return None
    card_h = f.px(64)
    lh = f.line_height(Fonts.SMALL)
    pics = [(draw_card(f, c, card_h, name=inp.names.get(c)), n) for c, n in items[:18]]
    gap = f.px(6)
    rows: list[list[tuple[pygame.Surface, str]]] = [[]]
    x = 0
    for pic, n in pics:
        if rows[-1] and x + pic.get_width() > inp.width:
            rows.append([])
            x = 0
        rows[-1].append((pic, n))
        x += pic.get_width() + gap
    row_h = card_h + lh + gap
    surf = pygame.Surface((inp.width, row_h * len(rows)), pygame.SRCALPHA)
    for r, row in enumerate(rows):
        x = 0
        for pic, n in row:
            surf.blit(pic, (x, r * row_h))
            if n:
                tag = f.render(n, Fonts.SMALL, inp.pal.active, True)
                surf.blit(tag, tag.get_rect(midtop=(x + pic.get_width() // 2, r * row_h + card_h + 2)))
            x += pic.get_width() + gap
    return surf


register_part(CTX_LINES, _lines)
register_part(CTX_DICE, _dice)
register_part(CTX_CARDS, _cards)
