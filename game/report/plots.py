"""The report's figures, drawn with matplotlib (the optional `report` extra) as inline SVG.

matplotlib is imported here only, when a figure is drawn, with the Agg backend: the game and
the frozen app never load it. Each function returns an `<svg>` element ready to paste into
HTML: no XML prolog, no metadata, no namespace URLs, text kept as text (small, searchable,
selectable), so the page needs no network and no files beside it.
"""

from __future__ import annotations

import io
import re
from typing import Any

from game.report.stats import ActionTotals, KindTotals, Rate, shares

#: colour per series (maps), colour-blind safe (Okabe-Ito), then grey for "all maps"
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
ALL_COLOUR = "#555555"
WON, LOST, DRAWN, NONE = "#009E73", "#D55E00", "#999999", "#CC79A7"


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "skirmish-report",
                         "font.size": 10, "axes.spines.top": False, "axes.spines.right": False})
    return plt


def to_svg(fig: Any) -> str:
    """The figure as a bare inline <svg> element; the figure is closed."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    _plt().close(fig)
    text = buf.getvalue()
    text = text[text.index("<svg"):]
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)
    # HTML parses inline SVG (and xlink:href) without the namespace declarations
    text = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", text)
    return text.strip()


def _legend(ax: Any, ncol: int = 4) -> None:
    """The legend in a row above the plot, where it cannot cover a bar (the page's heading names
    the figure, so it has no title of its own)."""
    ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.01), ncol=ncol, fontsize=8, frameon=False)


def _value(ax: Any, y: float, r: Rate) -> None:
    """The rate and its n, right of the axis, in line with its bar."""
    ax.text(1.01, y, f"{100 * r.rate:.0f} % (n={r.n})", va="center", fontsize=8,
            transform=ax.get_yaxis_transform(), clip_on=False)


def short_map(name: str) -> str:
    """'square/voidmarked_warehouse.tmx' -> 'voidmarked_warehouse'."""
    return name.rsplit("/", 1)[-1].removesuffix(".tmx")


def matchups(rates: dict[tuple[str, str, str], Rate], pairs: list[tuple[str, str]],
             maps: list[str]) -> str:
    """Squad A's score rate per matchup with Wilson 95 % intervals, one bar per map and all maps."""
    plt = _plt()
    series = [*maps, "all"] if len(maps) > 1 else list(maps)
    height = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(8.5, 0.9 + 0.55 * len(pairs) * max(1.5, 0.6 * len(series))))
    for si, mp in enumerate(series):
        ys, xs, lo, hi, shown = [], [], [], [], []
        for pi, (a, b) in enumerate(pairs):
            r = rates.get((a, b, mp))
            if r is None or not r.n:
                continue
            shown.append(r)
            ys.append(len(pairs) - 1 - pi + 0.4 - height * (si + 0.5))
            xs.append(r.rate)
            # rounding may put a rate of 0 or 1 a hair outside its interval
            lo.append(max(0.0, r.rate - r.ci[0]))
            hi.append(max(0.0, r.ci[1] - r.rate))
        colour = ALL_COLOUR if mp == "all" else PALETTE[si % len(PALETTE)]
        label = "all maps" if mp == "all" else short_map(mp)
        ax.barh(ys, xs, height=height * 0.9, color=colour, alpha=0.85, label=label)
        for y, r in zip(ys, shown, strict=True):
            _value(ax, y, r)
        ax.errorbar(xs, ys, xerr=[lo, hi], fmt="none", ecolor="black", capsize=3, lw=1)
    ax.axvline(0.5, color="black", lw=0.8, ls="--")
    ax.set_xlim(0, 1)
    ax.set_yticks(range(len(pairs)))
    ax.set_yticklabels([f"{a}\nvs {b}" for a, b in reversed(pairs)])
    ax.set_xlabel("score of the first-named squad (win 1, draw ½); bars: Wilson 95 % interval")
    _legend(ax)
    return to_svg(fig)


def first_player(rows: list[tuple[str, Rate, Rate]]) -> str:
    """Per map (and all): the first actor's and p1's score with Wilson 95 % intervals."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8.5, 0.9 + 0.6 * len(rows) + 0.4))
    series = (("side that acted first", PALETTE[0]), ("Player 1 (first in the scenario)", PALETTE[1]))
    for j, (what, colour) in enumerate(series):
        ys = [len(rows) - 1 - i + (0.2 if j == 0 else -0.2) for i in range(len(rows))]
        rates = [r[1 + j] for r in rows]
        xs = [r.rate for r in rates]
        ax.barh(ys, xs, height=0.36, color=colour, alpha=0.85, label=what)
        ax.errorbar(xs, ys, xerr=[[max(0.0, x - r.ci[0]) for x, r in zip(xs, rates, strict=True)],
                                  [max(0.0, r.ci[1] - x) for x, r in zip(xs, rates, strict=True)]],
                    fmt="none", ecolor="black", capsize=3, lw=1)
        for y, r in zip(ys, rates, strict=True):
            _value(ax, y, r)
    ax.axvline(0.5, color="black", lw=0.8, ls="--")
    ax.set_xlim(0, 1)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([short_map(r[0]) if r[0] != "all" else "all maps" for r in reversed(rows)])
    ax.set_xlabel("score (win 1, draw ½); bars: Wilson 95 % interval")
    _legend(ax)
    return to_svg(fig)


def game_lengths(per_map: dict[str, list[int]], cap: int | None = None) -> str:
    """How many games lasted each number of rounds: bars side by side, one colour per map."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8.5, 2.8))
    values = [v for vs in per_map.values() for v in vs] or [1]
    lo, hi = min(values), max(values)
    width = 0.8 / max(1, len(per_map))
    for i, (mp, vs) in enumerate(per_map.items()):
        xs = list(range(lo, hi + 1))
        ax.bar([x - 0.4 + width * (i + 0.5) for x in xs], [vs.count(x) for x in xs], width=width,
               color=PALETTE[i % len(PALETTE)],
               label=f"{short_map(mp)} (n={len(vs)}, mean {sum(vs) / max(1, len(vs)):.1f})")
    if cap is not None and lo <= cap + 1 <= hi:
        ax.axvline(cap + 0.5, color=LOST, lw=1, ls=":", label=f"round cap {cap}")
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.yaxis.get_major_locator().set_params(integer=True)
    _legend(ax, ncol=2)
    return to_svg(fig)


def kinds(totals: dict[str, KindTotals], unit: str) -> str:
    """Mean damage dealt and taken per unit of each kind per game."""
    plt = _plt()
    names = list(totals)
    fig, ax = plt.subplots(figsize=(8.5, 0.8 + 0.3 * max(2, len(names))))
    ys = list(range(len(names) - 1, -1, -1))
    ax.barh([y + 0.2 for y in ys], [totals[n].dealt_per_game for n in names], height=0.38,
            color=PALETTE[0], label="dealt")
    ax.barh([y - 0.2 for y in ys], [totals[n].taken_per_game for n in names], height=0.38,
            color=PALETTE[5], label="taken")
    ax.set_yticks(ys)
    ax.set_yticklabels([f"{n} ({totals[n].unit_games})" for n in names])
    ax.set_xlabel(f"{unit} per unit per game (in brackets: unit-games played)")
    _legend(ax)
    return to_svg(fig)


def actions(totals: dict[str, ActionTotals]) -> str:
    """Share of damage and of take-outs per action kind or card, split by the actor's result."""
    plt = _plt()
    rows_n = max(3, min(13, len(totals)))
    fig, axes = plt.subplots(2, 1, figsize=(8.5, 1.4 + 2 * 0.27 * rows_n))
    for ax, key, title in ((axes[0], "damage", "share of damage"), (axes[1], "kills", "share of take-outs")):
        rows = shares(totals, key)
        whole = sum(float(getattr(t, key)) for t in totals.values()) or 1.0
        labels = [label for label, _s in rows]
        ys = list(range(len(rows) - 1, -1, -1))
        left = [0.0] * len(rows)
        for part, colour, name in (("won", WON, "by the side that won"),
                                   ("lost", LOST, "by the side that lost"), ("drawn", DRAWN, "in a draw"),
                                   ("none", NONE, "no unit's damage (take-outs only)")):
            vals = [float(getattr(totals[lb], f"{key}_{part}", 0)) / whole if lb in totals else 0.0
                    for lb in labels]
            ax.barh(ys, vals, left=left, color=colour, height=0.7, label=name)
            left = [a + b for a, b in zip(left, vals, strict=True)]
        for y, (label, s), filled in zip(ys, rows, left, strict=True):
            if label not in totals:  # the pooled rest has no split
                ax.barh([y], [s], color=ALL_COLOUR, height=0.7)
            ax.text(max(s, filled) + 0.005, y, f"{100 * s:.0f} %", va="center", fontsize=8)
        ax.set_yticks(ys)
        ax.set_yticklabels(labels, fontsize=9)
        ax.set_xlim(0, min(1.0, 0.12 + max((s for _l, s in rows), default=0.5)))
        ax.set_title(title)
        if not rows:
            ax.text(0.5, 0.5, "none recorded", ha="center", transform=ax.transAxes)
    handles, names = axes[0].get_legend_handles_labels()
    axes[0].legend(handles, names, loc="lower left", bbox_to_anchor=(0.0, 1.12), ncol=2, fontsize=8,
                   frameon=False)
    fig.tight_layout()
    return to_svg(fig)
