"""Varium's own UI: the hit-check table in its prompts, letter hotkeys for its card choices, and
the grapple track drawn between the two units that share it.

Loaded when a varium match opens (`game.ui.battle.extensions`). Every number the table shows is
in the decision's context (`game.rulesets.varium.table`, the odds functions the AI uses): the
window only lays them out. The target's face-down cards are drawn as card backs; which cards they
are is never in the context (the reveal's chance popup turns them over after the last attack).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.battle.extensions import register_layer
from game.ui.battle.prompt_parts import PartInput, register_hotkeys, register_kind, register_part
from game.ui.chancefx import draw_card
from game.ui.theme import Fonts
from game.ui.widgets import percent

KEY = "hitcheck"  # game.rulesets.varium.table.KEY (the ui may not import the ruleset's modules)
CHECK_KINDS = ("stack", "ace", "bust")
#: letter hotkeys: H another card, S stand, A aim, B bet (the smallest bet), N / P a new stack
#: (split the Ace), C count it 14
HOTKEYS = {
    "stack": {"h": "hit", "s": "stand", "a": "aim", "b": "bet:"},
    "ace": {"n": "split", "p": "split", "c": "count"},
    "bust": {"a": "aim"},
}
GRIP_COLOURS = {"held": (150, 156, 168), "Restrained": (240, 200, 60), "Pinned": (230, 120, 40),
                "Controlled": (213, 60, 60)}
DASH = "—"


def odds_cells(row: dict[str, Any]) -> tuple[str, str, str]:
    """A table row's three figures as shown: bust on the next card, hit chance, expected damage."""
    bust = DASH if row.get("bust") is None else percent(float(row["bust"]))
    hits = DASH if row.get("hits") is None else percent(float(row["hits"]))
    dmg = DASH if row.get("damage") is None else f"{float(row['damage']):.1f}"
    return bust, hits, dmg


def table_rows(table: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(choice, bust, hits, damage) per line of the grid; bets share one line (their range)."""
    out: list[tuple[str, str, str, str]] = []
    bets = [r for r in table.get("rows", []) if str(r["key"]).startswith("bet:")]
    for r in table.get("rows", []):
        key = str(r["key"])
        if key.startswith("bet:"):
            if r is bets[0]:
                lo, hi = bets[0], bets[-1]
                n_lo, n_hi = lo["key"].split(":")[1], hi["key"].split(":")[1]
                chips = n_lo if lo is hi else f"{n_lo}–{n_hi}"
                b, h, d_lo = odds_cells(lo)
                d_hi = odds_cells(hi)[2]
                dmg = d_lo if lo is hi else f"{d_lo}–{d_hi}"
                out.append((f"Bet {chips}, take a card", b, h, dmg))
            continue
        label = str(r.get("label", key))
        if r.get("note") and key in ("aim", "count", "accept"):
            label += f" ({r['note']})"
        out.append((label, *odds_cells(r)))
    return out


def _stacks(inp: PartInput, table: dict[str, Any], card_h: int) -> pygame.Surface:
    """The dealt cards, stack by stack ("+" between them), each with its total or "closed"."""
    f, pal = inp.fonts, inp.pal
    gap = f.px(4)
    stacks = [s for s in table["stacks"][:-1] if s] + table["stacks"][-1:]
    lh = f.line_height(Fonts.SMALL)
    plus = f.render("+", Fonts.LARGE, pal.dim, True)
    pieces = []
    for i, stack in enumerate(stacks):
        last = i == len(stacks) - 1
        cards = [draw_card(f, c, card_h, name=inp.names.get(c)) for c in stack]
        caption = f"{table['stack']} of {table['limit']}" if last else "closed"
        tag = f.render(caption, Fonts.SMALL, pal.active if last else pal.dim, last)
        width = max(sum(p.get_width() + gap for p in cards), tag.get_width() + gap)
        pieces.append((cards, tag, width))
    w = sum(p[2] for p in pieces) + (len(pieces) - 1) * (plus.get_width() + 2 * gap)
    surf = pygame.Surface((max(1, w), card_h + lh + gap), pygame.SRCALPHA)
    x = 0
    for i, (cards, tag, width) in enumerate(pieces):
        if i:
            surf.blit(plus, plus.get_rect(midleft=(x + gap, card_h // 2)))
            x += plus.get_width() + 2 * gap
        cx = x
        for p in cards:
            surf.blit(p, (cx, 0))
            cx += p.get_width() + gap
        surf.blit(tag, (x, card_h + gap // 2))
        x += width
    return surf


def _backs(inp: PartInput, count: int, card_h: int) -> pygame.Surface:
    """The target's face-down evasion cards: backs only."""
    f = inp.fonts
    gap = f.px(4)
    back = draw_card(f, "", card_h, face_up=False)
    surf = pygame.Surface((max(1, count * (back.get_width() + gap)), card_h), pygame.SRCALPHA)
    for i in range(count):
        surf.blit(back, (i * (back.get_width() + gap), 0))
    return surf


def table_part(inp: PartInput) -> pygame.Surface | None:
    """The hit-check table: your stacks, the limit, the target's face-down cards, each choice's odds."""
    table = inp.ctx.get(KEY)
    if not isinstance(table, dict):
        return None
    f, pal = inp.fonts, inp.pal
    lh = f.line_height(Fonts.SMALL)
    gap = f.px(6)
    card_h = f.px(52)
    blocks: list[pygame.Surface] = []
    # your cards (left) and the target's face-down cards (right), side by side when they fit
    mine = _stacks(inp, table, card_h)
    theirs = None
    if table.get("attack") and table.get("facedown"):
        backs = _backs(inp, int(table["facedown"]), card_h)
        title = f.render(f"{table.get('target') or 'Target'}: {table['facedown']} face-down",
                         Fonts.SMALL, pal.dim)
        theirs = pygame.Surface((max(backs.get_width(), title.get_width()), card_h + lh + gap // 2),
                                pygame.SRCALPHA)
        theirs.blit(backs, (0, 0))
        theirs.blit(title, (0, card_h + gap // 2))
    if theirs is not None and mine.get_width() + theirs.get_width() + 3 * gap <= inp.width:
        row = pygame.Surface((inp.width, max(mine.get_height(), theirs.get_height())), pygame.SRCALPHA)
        row.blit(mine, (0, 0))
        row.blit(theirs, (inp.width - theirs.get_width(), 0))
        blocks.append(row)
    else:
        blocks.append(mine)
        if theirs is not None:
            blocks.append(theirs)
    score = table["total"] + table["prof"]
    line = f"Limit {table['limit']} a stack · total {table['total']} + proficiency {table['prof']} = {score}"
    if table["stack"] > table["limit"]:
        line = f"Over the limit of {table['limit']}: the check misses unless you aim"
    if table.get("bet_cap"):
        line += f" · bet {table.get('bet', 0)} of {table['bet_cap']} chips"
    for text in f.wrap(line, inp.width, Fonts.SMALL):
        blocks.append(f.render(text, Fonts.SMALL, pal.text))
    if any(c != DASH for _label, *cells in table_rows(table) for c in cells):
        blocks.append(_grid(inp, table))
    height = sum(b.get_height() for b in blocks) + gap * (len(blocks) - 1)
    surf = pygame.Surface((inp.width, height), pygame.SRCALPHA)
    y = 0
    for b in blocks:
        surf.blit(b, (0, y))
        y += b.get_height() + gap
    return surf


def _grid(inp: PartInput, table: dict[str, Any]) -> pygame.Surface:
    """Choice | bust on the next card | hit chance | expected damage, one line per choice."""
    f, pal = inp.fonts, inp.pal
    lh = f.line_height(Fonts.SMALL)
    attack = bool(table.get("attack"))
    heads = ("Bust next card", "Hits", "Exp. damage") if attack else ("Bust next card",)
    rows = table_rows(table)
    col = max(f.font(Fonts.SMALL, True).size(h)[0] for h in heads) + f.px(10)
    label_w = max(f.px(80), inp.width - col * len(heads))
    lines: list[tuple[list[str], tuple[str, ...]]] = []
    for label, *cells in rows:
        lines.append((f.wrap(label, label_w - f.px(6), Fonts.SMALL), tuple(cells[: len(heads)])))
    notes = ["Hits: standing now / taking one card, then standing · damage: expected, played well"] \
        if attack else []
    note_lines = [x for n in notes for x in f.wrap(n, inp.width, Fonts.SMALL)]
    height = lh + sum(lh * max(1, len(w)) for w, _ in lines) + lh * len(note_lines) + f.px(4)
    surf = pygame.Surface((inp.width, height), pygame.SRCALPHA)
    for i, h in enumerate(heads):
        pic = f.render(h, Fonts.SMALL, pal.dim, True)
        surf.blit(pic, pic.get_rect(topright=(label_w + col * (i + 1) - f.px(4), 0)))
    surf.blit(f.render("Choice", Fonts.SMALL, pal.dim, True), (0, 0))
    y = lh
    pygame.draw.line(surf, pal.panel_edge, (0, y - 1), (inp.width, y - 1))
    for wrapped, cells in lines:
        for k, part in enumerate(wrapped or [""]):
            surf.blit(f.render(part, Fonts.SMALL, pal.text), (0, y + k * lh))
        for i, c in enumerate(cells):
            pic = f.render(c, Fonts.SMALL, pal.active, True)
            surf.blit(pic, pic.get_rect(topright=(label_w + col * (i + 1) - f.px(4), y)))
        y += lh * max(1, len(wrapped))
    y += f.px(4)
    for n in note_lines:
        surf.blit(f.render(n, Fonts.SMALL, pal.dim), (0, y))
        y += lh
    return surf


def paint_grapples(scene: Any, surface: pygame.Surface) -> None:
    """Each grapple as a band between its two units with the shared advantage and its level."""
    units = {u.ent: u for u in scene.units if u.alive}
    if not any(u.view.get("grappling") for u in units.values()):
        return
    places = scene.token_places()
    f = scene.fonts
    taken: list[pygame.Rect] = []  # labels already placed: two grapples side by side stay readable
    for u in units.values():
        for g in u.view.get("grappling") or []:
            other = units.get(g.get("other"))
            if other is None or int(g.get("adv", 0)) <= 0:
                continue  # drawn once, from the holder
            a = scene.camera.to_screen(places.get(u.ent, (scene.layout.centre(u.cell), 0))[0])
            b = scene.camera.to_screen(places.get(other.ent, (scene.layout.centre(other.cell), 0))[0])
            colour = GRIP_COLOURS.get(str(g.get("level")), GRIP_COLOURS["held"])
            pygame.draw.line(surface, (20, 20, 24), a, b, max(3, f.px(7)))
            pygame.draw.line(surface, colour, a, b, max(2, f.px(4)))
            label = f.render(f"{int(g['adv']):+d} {g.get('level', '')}", Fonts.SMALL, (20, 20, 24), True)
            box = label.get_rect().inflate(f.px(8), f.px(2))
            box.center = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2) - f.px(16))
            for _ in range(6):
                hit = next((r for r in taken if r.colliderect(box)), None)
                if hit is None:
                    break
                box.top = hit.bottom + f.px(2)
            taken.append(box)
            pygame.draw.rect(surface, colour, box, border_radius=f.px(4))
            surface.blit(label, label.get_rect(center=box.center))


register_part(KEY, table_part)
for _kind in CHECK_KINDS:
    register_kind(_kind, (KEY,))
for _kind, _letters in HOTKEYS.items():
    register_hotkeys(_kind, _letters)
class VariumLayer:
    """Varium's board layer: the grapple bands over the tokens; events keep the generic pace (each
    dealt card is a chance popup the AI waits for)."""

    playing = False
    animating = False

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    def on_step(self, step: Any) -> bool:
        """The generic screen shows the events."""
        return False

    def update(self, dt: float) -> bool:
        """Nothing animates of its own."""
        return False

    def draw_board(self, surface: pygame.Surface) -> None:
        """Nothing under the tokens."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """The grapple bands."""
        paint_grapples(self.scene, surface)


register_layer("varium", VariumLayer)
