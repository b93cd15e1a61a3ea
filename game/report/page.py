"""The report as one self-contained HTML page: inline SVG figures, tables, no scripts, no links."""

from __future__ import annotations

import html
from typing import Any

from game.report import plots, stats
from game.report.stats import Game, Rate

#: what "damage" counts in each ruleset's events
DAMAGE_UNITS = {"voidmarked": "Health", "casket": "structure cards lost", "tokens": "health",
                "varium": "health", "saves": "HP (and score points an attack aimed at a score takes)"}

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1100px;
 color:#222;padding:0 1em;line-height:1.45}
h1{margin-bottom:.2em} h2{margin-top:2em;border-bottom:1px solid #ccc;padding-bottom:.2em}
.meta{color:#555} figure{margin:1em 0} figure svg{width:100%;max-width:900px;height:auto}
table{border-collapse:collapse;font-size:.9em;margin:.6em 0}
th,td{padding:.2em .7em;border-bottom:1px solid #e4e4e4;text-align:right}
th:first-child,td:first-child{text-align:left} .note{color:#555;font-size:.9em}
"""


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _rate_cells(r: Rate) -> str:
    lo, hi = r.ci
    return (f"<td>{r.n}</td><td>{r.wins}</td><td>{r.losses}</td><td>{r.draws}</td>"
            f"<td>{_pct(r.rate)}</td><td>{_pct(lo)} – {_pct(hi)}</td>")


def _matchup_table(rates: dict[tuple[str, str, str], Rate], pairs: list[tuple[str, str]],
                   maps: list[str]) -> str:
    rows = []
    for a, b in pairs:
        for mp in [*maps, "all"] if len(maps) > 1 else maps:
            r = rates.get((a, b, mp))
            if r is not None:
                where = "all maps" if mp == "all" else plots.short_map(mp)
                rows.append(f"<tr><td>{html.escape(a)} vs {html.escape(b)}</td><td>{html.escape(where)}</td>"
                            + _rate_cells(r) + "</tr>")
    return ("<table><tr><th>matchup</th><th>map</th><th>games</th><th>wins</th><th>losses</th>"
            "<th>draws</th><th>score</th><th>95 % interval</th></tr>" + "".join(rows) + "</table>")


def across_maps_table(rates: dict[tuple[str, str, str], Rate], pairs: list[tuple[str, str]],
                      maps: list[str]) -> str:
    """One row per matchup, one column per map: the first-named squad's score there (games in
    brackets), and the spread between its best and worst map, so how much the map matters reads
    at a glance. "" for a single map."""
    if len(maps) < 2:
        return ""
    head = "".join(f"<th>{html.escape(plots.short_map(mp))}</th>" for mp in maps)
    rows = []
    for a, b in pairs:
        cells, scores = [], []
        for mp in maps:
            r = rates.get((a, b, mp))
            if r is None or not r.n:
                cells.append("<td>–</td>")
                continue
            scores.append(r.rate)
            cells.append(f"<td>{_pct(r.rate)} ({r.n})</td>")
        spread = f"{100 * (max(scores) - min(scores)):.1f} points" if len(scores) > 1 else "–"
        name = f"{html.escape(a)} vs {html.escape(b)}"
        rows.append(f"<tr><td>{name}</td>{''.join(cells)}<td>{spread}</td></tr>")
    return ("<h3 id='across'>The same matchup across maps</h3>"
            f"<table><tr><th>matchup</th>{head}<th>spread</th></tr>{''.join(rows)}</table>"
            "<p class='note'>Score of the first-named squad on each map (games in brackets); spread: "
            "its best map's score minus its worst's.</p>")


def _figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption class='note'>{html.escape(caption)}</figcaption></figure>"


def _map_section(title: str, anchor: str, games: list[Game], unit: str) -> str:
    kinds = stats.kind_damage(games)
    acts = stats.action_totals(games)
    lens = stats.lengths(games)
    parts = [f"<h2 id='{anchor}'>{html.escape(title)}</h2>",
             f"<p class='note'>{len(games)} games; rounds median {stats.quantile(lens, 0.5):g}, "
             f"10–90 % {stats.quantile(lens, 0.1):g}–{stats.quantile(lens, 0.9):g}.</p>"]
    if kinds:
        parts.append("<h3>Damage dealt and taken per unit kind</h3>")
        parts.append(_figure(plots.kinds(kinds, unit), f"Damage in {unit}, from the games' damage events; "
                             "taken out = the unit left play (down, dead, destroyed)."))
        rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{t.unit_games}</td><td>{t.dealt_per_game:.1f}</td>"
                       f"<td>{t.taken_per_game:.1f}</td><td>{_pct(t.taken_out / t.unit_games)}</td></tr>"
                       for k, t in kinds.items() if t.unit_games)
        parts.append("<table><tr><th>unit kind</th><th>unit-games</th><th>dealt / game</th>"
                     f"<th>taken / game</th><th>taken out</th></tr>{rows}</table>")
    if acts:
        parts.append("<h3>Which actions and cards decide games</h3>")
        parts.append(_figure(plots.actions(acts), "Damage and take-outs credited to the action that dealt "
                             "them: the input being resolved, or the attack it set off (a declared attack "
                             "rolled on Resolve, a hit revealed as the turn ends, a counter-attack). "
                             "\"End of turn\": what came as a turn ended with no damage dealt then "
                             "(bleeding out, fleeing), with how the unit left; colours split them by "
                             "whether the acting side went on to win."))
    return "".join(parts)


def _named(meta: dict[str, Any], games: list[Game]) -> tuple[dict[str, Any], list[Game]]:
    """Meta and games with squad and map ids replaced by the names players know (`meta["names"]`:
    {"squads": {id: name}, "maps": {map: title}}); an id keeps its spelling when names would collide."""
    names = meta.get("names") or {}

    def table(key: str) -> dict[str, str]:
        given = dict(names.get(key) or {})
        return given if len(set(given.values())) == len(given) else {}

    squads, maps = table("squads"), table("maps")
    sq, mp = (lambda s: squads.get(s, s)), (lambda m: maps.get(m, m))
    meta = {**meta, "squads": [sq(s) for s in meta["squads"]], "maps": [mp(m) for m in meta["maps"]],
            "matchups": [[sq(a), sq(b)] for a, b in meta["matchups"]]}
    games = [{**g, "squad_a": sq(g["squad_a"]), "squad_b": sq(g["squad_b"]), "map": mp(g["map"])}
             for g in games]
    return meta, games


def render(meta: dict[str, Any], games: list[Game]) -> str:
    """The whole page for a finished run."""
    meta, games = _named(meta, games)
    ruleset = str(meta["ruleset"])
    unit = DAMAGE_UNITS.get(ruleset, "damage")
    pairs: list[tuple[str, str]] = [tuple(p) for p in meta["matchups"]]  # type: ignore[misc]
    maps: list[str] = list(meta["maps"])
    grouped = stats.by_map(games)
    rates = stats.matchup_rates(games)
    fp_rows = [(mp, stats.first_player_advantage(grouped.get(mp, [])),
                stats.seat_advantage(grouped.get(mp, []))) for mp in maps]
    if len(maps) > 1:
        fp_rows.append(("all", stats.first_player_advantage(games), stats.seat_advantage(games)))
    capped = sum(1 for g in games if g["capped"])
    head = (f"<h1>Balance report: {html.escape(str(meta['ruleset_name']))}</h1>"
            f"<p class='meta'>Squads {html.escape(', '.join(meta['squads']))}; maps "
            f"{html.escape(', '.join(plots.short_map(m) for m in maps))}; AI level "
            f"{html.escape(', '.join(meta['levels']))} on both sides"
            f"{' (the levels pooled in every figure)' if len(meta['levels']) > 1 else ''}; "
            f"{meta['games']} games per matchup "
            f"per map and level (seats alternate, each pair of games shares a scenario seed); seed "
            f"{meta['seed']}; {len(games)} games in {meta['seconds']:.0f} s on {meta['jobs']} "
            f"process(es).{f' {capped} game(s) hit the input cap and count as draws.' if capped else ''}</p>")
    all_link = "<li><a href='#map-all'>All maps</a></li>" if len(maps) > 1 else ""
    toc = "".join(f"<li><a href='#map-{i}'>{html.escape(plots.short_map(mp))}</a></li>"
                  for i, mp in enumerate(maps))
    body = [head,
            "<ul><li><a href='#matchups'>Win rate per squad matchup</a></li>"
            "<li><a href='#first'>First-player advantage</a></li><li><a href='#length'>Game length</a></li>"
            f"{toc}{all_link}</ul>",
            "<h2 id='matchups'>Win rate per squad matchup</h2>",
            _figure(plots.matchups(rates, pairs, maps), "One bar per map: the same matchup compared "
                    "across maps. A draw counts half. The dashed line is an even matchup."),
            _matchup_table(rates, pairs, maps),
            across_maps_table(rates, pairs, maps),
            "<h2 id='first'>First-player advantage</h2>",
            _figure(plots.first_player(fp_rows), "Side that acted first: the side that took the "
                    "game's first action (after initiative); Player 1: the squad in the scenario's first "
                    "place (the two squads swap places every other game). Every "
                    "game counts, mirror matchups included."),
            "<table><tr><th>map</th><th>games</th><th>first wins</th><th>first losses</th><th>draws</th>"
            "<th>first's score</th><th>95 % interval</th></tr>"
            + "".join(f"<tr><td>{html.escape('all maps' if mp == 'all' else plots.short_map(mp))}</td>"
                      f"{_rate_cells(fp)}</tr>" for mp, fp, _seat in fp_rows) + "</table>",
            "<h2 id='length'>Game length</h2>",
            _figure(plots.game_lengths({mp: stats.lengths(grouped.get(mp, [])) for mp in maps},
                                       meta.get("round_cap")), "Rounds played until the result.")]
    for i, mp in enumerate(maps):
        body.append(_map_section(f"Map {plots.short_map(mp)}", f"map-{i}", grouped.get(mp, []), unit))
    if len(maps) > 1:
        body.append(_map_section("All maps", "map-all", games, unit))
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>Balance report: {html.escape(ruleset)}</title><style>{STYLE}</style></head><body>"
            + "".join(body) + "</body></html>\n")
