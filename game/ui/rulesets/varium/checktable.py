"""The check table in varium's check prompts: the dealt stacks, the limit, the target (an
attack's face-down cards as backs, a DC, the score to beat) and each choice's odds in columns.

Every number is in the decision's context (`game.rulesets.varium.table`, the odds functions the
AI uses); this module only lays them out. The columns' titles come with the table: an attack's
are bust / hits / expected damage, another check's bust / success / what it is played for.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.battle.prompt_parts import PartInput
from game.ui.chancefx import draw_card
from game.ui.theme import Fonts
from game.ui.widgets import percent

KEY = "hitcheck"  # game.rulesets.varium.table.KEY (the ui may not import the ruleset's modules)
DASH = "—"
ATTACK_HEADS = ("Bust next card", "Hits", "Exp. damage")


def short_label(option: Any) -> str:
    """A check option's button text when a tall prompt lays its buttons in columns (the table's
    rows keep the full wording)."""
    key = str(option.key)
    if key.startswith("bet:"):
        return f"Bet {key.split(':')[1]}"
    if key == "stand":
        return str(option.label).split(":")[0]  # "Stand on 8": the score stays in the table's row
    return {"aim": "Aim (redeal)", "hit": "Another card"}.get(key, option.label)


def odds_cells(row: dict[str, Any], worth_is_chance: bool = False) -> tuple[str, str, str]:
    """A table row's three figures as shown: bust on the next card, success chance, worth."""
    bust = DASH if row.get("bust") is None else percent(float(row["bust"]))
    chance = DASH if row.get("chance") is None else percent(float(row["chance"]))
    if row.get("worth") is None:
        worth = DASH
    else:
        worth = percent(float(row["worth"])) if worth_is_chance else f"{float(row['worth']):.1f}"
    return bust, chance, worth


def table_rows(table: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(choice, bust, chance, worth) per line of the grid; bets share one line (their range)."""
    out: list[tuple[str, str, str, str]] = []
    pct = bool(table.get("worth_is_chance"))
    bets = [r for r in table.get("rows", []) if str(r["key"]).startswith("bet:")]
    for r in table.get("rows", []):
        key = str(r["key"])
        if key.startswith("bet:"):
            if r is bets[0]:
                lo, hi = bets[0], bets[-1]
                n_lo, n_hi = lo["key"].split(":")[1], hi["key"].split(":")[1]
                chips = n_lo if lo is hi else f"{n_lo}–{n_hi}"
                b, h, d_lo = odds_cells(lo, pct)
                d_hi = odds_cells(hi, pct)[2]
                dmg = d_lo if lo is hi else f"{d_lo}–{d_hi}"
                out.append((f"Bet {chips}, take a card", b, h, dmg))
            continue
        label = str(r.get("label", key))
        if r.get("note") and key in ("aim", "count", "accept"):
            label += f" ({r['note']})"
        out.append((label, *odds_cells(r, pct)))
    return out


def heads_of(table: dict[str, Any]) -> tuple[str, ...]:
    """The grid's columns: those with a figure in some row (a check with no success to speak of,
    say initiative without a target, drops that column)."""
    heads = tuple(table.get("heads") or ATTACK_HEADS)
    rows = table_rows(table)
    return tuple(h for i, h in enumerate(heads) if any(r[i + 1] != DASH for r in rows))


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


def _text(inp: PartInput, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """A wrapped line of small text as one block (its lines at the font's line height)."""
    f = inp.fonts
    lh = f.line_height(Fonts.SMALL)
    lines = f.wrap(text, inp.width, Fonts.SMALL)
    surf = pygame.Surface((inp.width, lh * len(lines)), pygame.SRCALPHA)
    for i, part in enumerate(lines):
        surf.blit(f.render(part, Fonts.SMALL, colour), (0, i * lh))
    return surf


def table_part(inp: PartInput) -> pygame.Surface | None:
    """The check table: your stacks, the limit, the target, each choice's odds."""
    table = inp.ctx.get(KEY)
    if not isinstance(table, dict):
        return None
    f, pal = inp.fonts, inp.pal
    lh = f.line_height(Fonts.SMALL)
    gap = f.px(6)
    card_h = f.px(52)
    blocks: list[pygame.Surface] = []
    score = table["total"] + table["prof"]
    line = f"Limit {table['limit']} a stack · total {table['total']} + proficiency {table['prof']} = {score}"
    if table["stack"] > table["limit"]:
        verb = "misses" if table.get("attack") else "fails"
        line = f"Over the limit of {table['limit']}: the check {verb} unless you aim"
    if table.get("bet_cap"):
        line += f" · bet {table.get('bet', 0)} of {table['bet_cap']} chips"
    # your cards (left), the target's face-down cards (right) and the limit line between them
    # when it fits there (a tall prompt keeps its buttons in view)
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
    right_w = theirs.get_width() + 2 * gap if theirs is not None else 0
    if mine.get_width() + right_w + 2 * gap <= inp.width:
        row_h = max(mine.get_height(), theirs.get_height() if theirs is not None else 0)
        free = inp.width - mine.get_width() - right_w - 2 * gap
        info = f.wrap(line, free, Fonts.SMALL) if free >= f.px(170) else []
        if info and len(info) * lh <= row_h:
            line = ""
        row = pygame.Surface((inp.width, row_h), pygame.SRCALPHA)
        row.blit(mine, (0, 0))
        if theirs is not None:
            row.blit(theirs, (inp.width - theirs.get_width(), 0))
        for i, text in enumerate(info if not line else []):
            row.blit(f.render(text, Fonts.SMALL, pal.text), (mine.get_width() + 2 * gap, i * lh))
        blocks.append(row)
    else:
        blocks.append(mine)
        if theirs is not None:
            blocks.append(theirs)
    if line:
        blocks.append(_text(inp, line, pal.text))
    if table.get("goal"):
        blocks.append(_text(inp, str(table["goal"]), pal.active))
    if heads_of(table):
        blocks.append(_grid(inp, table))
    height = sum(b.get_height() for b in blocks) + gap * (len(blocks) - 1)
    surf = pygame.Surface((inp.width, height), pygame.SRCALPHA)
    y = 0
    for b in blocks:
        surf.blit(b, (0, y))
        y += b.get_height() + gap
    return surf


def grid_note(table: dict[str, Any]) -> str:
    """How to read the grid's last two columns."""
    heads = tuple(table.get("heads") or ATTACK_HEADS)
    shown = heads_of(table)
    parts = []
    if heads[1] in shown:
        parts.append(f"{heads[1]}: standing now / after one card")
    if heads[2] in shown:
        worth = "playing on as well as possible" if table.get("worth_is_chance") else "expected, played well"
        parts.append(f"{'damage' if table.get('attack') else heads[2].lower()}: {worth}")
    return " · ".join(parts)


def grid_columns(fonts: Fonts, table: dict[str, Any], width: int) -> tuple[int, list[int], list[list[str]]]:
    """The grid's layout at `width`: the choice column's width, each figure column's width and its
    title's lines. Titles wrap (one word a line at worst) before any column is left out of a
    narrow prompt (150 % beside the unit)."""
    f = fonts
    all_heads = tuple(table.get("heads") or ATTACK_HEADS)
    keep = [i for i, h in enumerate(all_heads) if h in heads_of(table)]
    rows = table_rows(table)
    bold = f.font(Fonts.SMALL, True)
    cells = [max([0] + [bold.size(r[i + 1])[0] for r in rows]) for i in keep]
    titles = [[all_heads[i]] for i in keep]
    cols = [max(c, bold.size(t[0])[0]) + f.px(10) for c, t in zip(cells, titles, strict=True)]
    label_min = f.px(80)
    if label_min + sum(cols) > width:
        words = [max(bold.size(w)[0] for w in all_heads[i].split()) for i in keep]
        cols = [max(c, wd) + f.px(8) for c, wd in zip(cells, words, strict=True)]
        titles = [f.wrap(all_heads[i], col - f.px(4), Fonts.SMALL, True)
                  for i, col in zip(keep, cols, strict=True)]
    label_w = max(f.px(40), width - sum(cols))
    return label_w, cols, titles


def _grid(inp: PartInput, table: dict[str, Any]) -> pygame.Surface:
    """Choice | one column per figure shown, one line per choice, and how to read them."""
    f, pal = inp.fonts, inp.pal
    lh = f.line_height(Fonts.SMALL)
    all_heads = tuple(table.get("heads") or ATTACK_HEADS)
    keep = [i for i, h in enumerate(all_heads) if h in heads_of(table)]
    rows = table_rows(table)
    label_w, cols, titles = grid_columns(f, table, inp.width)
    head_h = lh * max([1] + [len(t) for t in titles])
    lines: list[tuple[list[str], tuple[str, ...]]] = []
    for label, *cells in rows:
        lines.append((f.wrap(label, label_w - f.px(6), Fonts.SMALL), tuple(cells[i] for i in keep)))
    note_lines = f.wrap(grid_note(table), inp.width, Fonts.SMALL)
    height = head_h + sum(lh * max(1, len(w)) for w, _ in lines) + lh * len(note_lines) + f.px(4)
    surf = pygame.Surface((inp.width, height), pygame.SRCALPHA)
    rights = [label_w + sum(cols[: i + 1]) - f.px(4) for i in range(len(cols))]
    for right, title in zip(rights, titles, strict=True):
        for k, part in enumerate(title):
            pic = f.render(part, Fonts.SMALL, pal.dim, True)
            surf.blit(pic, pic.get_rect(topright=(right, k * lh)))
    surf.blit(f.render("Choice", Fonts.SMALL, pal.dim, True), (0, head_h - lh))
    y = head_h
    pygame.draw.line(surf, pal.panel_edge, (0, y - 1), (inp.width, y - 1))
    for wrapped, cells in lines:
        for k, part in enumerate(wrapped or [""]):
            surf.blit(f.render(part, Fonts.SMALL, pal.text), (0, y + k * lh))
        for right, c in zip(rights, cells, strict=True):
            pic = f.render(c, Fonts.SMALL, pal.active, True)
            surf.blit(pic, pic.get_rect(topright=(right, y)))
        y += lh * max(1, len(wrapped))
    y += f.px(4)
    for n in note_lines:
        surf.blit(f.render(n, Fonts.SMALL, pal.dim), (0, y))
        y += lh
    return surf
