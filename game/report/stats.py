"""Statistics over game summaries (see collect.play_one): win rates with Wilson intervals,
first-player advantage, game lengths, damage per unit kind, and what the damage and take-outs
came from. Plain Python: no plotting here, so the numbers are testable on hand-made games.

A draw counts half a win throughout, as on the ladder.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.ai.ladder import wilson

Game = dict[str, Any]


@dataclass(frozen=True)
class Rate:
    """A score rate over n games with its Wilson 95 % interval."""

    wins: int
    losses: int
    draws: int

    @property
    def n(self) -> int:
        """Games counted."""
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        """Wins plus half the draws."""
        return self.wins + 0.5 * self.draws

    @property
    def rate(self) -> float:
        """Score per game (0.5 when there are no games)."""
        return self.score / self.n if self.n else 0.5

    @property
    def ci(self) -> tuple[float, float]:
        """Wilson 95 % interval of the rate."""
        return wilson(self.score, self.n)


def tally(outcomes: Iterable[bool | None]) -> Rate:
    """True a win, False a loss, None a draw."""
    wins = losses = draws = 0
    for o in outcomes:
        if o is None:
            draws += 1
        elif o:
            wins += 1
        else:
            losses += 1
    return Rate(wins, losses, draws)


def matchup_rates(games: list[Game]) -> dict[tuple[str, str, str], Rate]:
    """(squad_a, squad_b, map) -> squad_a's rate; map "all" pools every map."""
    out: dict[tuple[str, str, str], list[bool | None]] = defaultdict(list)
    for g in games:
        o = None if g["winner"] is None else g["winner"] == "a"
        out[(g["squad_a"], g["squad_b"], g["map"])].append(o)
        out[(g["squad_a"], g["squad_b"], "all")].append(o)
    return {k: tally(v) for k, v in out.items()}


def first_player_advantage(games: list[Game]) -> Rate:
    """The rate of the side that acted first in the game (whatever its seat or squad)."""
    return tally(None if g["winner_side"] is None else g["winner_side"] == g["first"]
                 for g in games if g.get("first"))


def seat_advantage(games: list[Game]) -> Rate:
    """p1's rate."""
    return tally(None if g["winner_side"] is None else g["winner_side"] == "p1" for g in games)


def by_map(games: list[Game]) -> dict[str, list[Game]]:
    """Games grouped by map, in first-seen order."""
    out: dict[str, list[Game]] = {}
    for g in games:
        out.setdefault(g["map"], []).append(g)
    return out


def lengths(games: list[Game]) -> list[int]:
    """Rounds per game."""
    return [int(g["rounds"]) for g in games]


def quantile(values: list[float], q: float) -> float:
    """The q-quantile by linear interpolation (0 for no values)."""
    if not values:
        return 0.0
    s = sorted(values)
    pos = q * (len(s) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


@dataclass
class KindTotals:
    """Damage dealt and taken by all units of one kind, and how many unit-games they played."""

    dealt: float = 0.0
    taken: float = 0.0
    unit_games: int = 0
    taken_out: int = 0

    @property
    def dealt_per_game(self) -> float:
        """Mean damage one unit of the kind dealt in a game."""
        return self.dealt / self.unit_games if self.unit_games else 0.0

    @property
    def taken_per_game(self) -> float:
        """Mean damage one unit of the kind took in a game."""
        return self.taken / self.unit_games if self.unit_games else 0.0


def kind_damage(games: list[Game]) -> dict[str, KindTotals]:
    """Per unit kind: damage dealt and taken (in the ruleset's own units: Health, cards lost)."""
    out: dict[str, KindTotals] = defaultdict(KindTotals)
    for g in games:
        units = {int(e): v for e, v in g["units"].items()}
        for kind, _role in units.values():
            out[kind].unit_games += 1
        for _label, att, tgt, amount in g["damage"]:
            if att in units:
                out[units[att][0]].dealt += amount
            if tgt in units:
                out[units[tgt][0]].taken += amount
        for _label, victim, _killer in g["kills"]:
            if victim in units:
                out[units[victim][0]].taken_out += 1
    return dict(sorted(out.items()))


@dataclass
class ActionTotals:
    """Damage and take-outs credited to one action kind or card, split by the game's result."""

    damage_won: float = 0.0
    damage_lost: float = 0.0
    damage_drawn: float = 0.0
    kills_won: int = 0
    kills_lost: int = 0
    kills_drawn: int = 0
    #: take-outs no unit's damage led to (a casket's own overheating, say)
    kills_none: int = 0

    @property
    def damage(self) -> float:
        """All damage credited."""
        return self.damage_won + self.damage_lost + self.damage_drawn

    @property
    def kills(self) -> int:
        """All take-outs credited."""
        return self.kills_won + self.kills_lost + self.kills_drawn + self.kills_none


def _outcome_of(g: Game, role: str | None) -> str:
    if role is None:
        return ""
    if g["winner"] is None:
        return "drawn"
    return "won" if g["winner"] == role else "lost"


def action_totals(games: list[Game]) -> dict[str, ActionTotals]:
    """Per action label: damage and take-outs, by whether the acting side won, lost or drew.

    A take-out is credited to the input being resolved when the unit left play and to the side
    of the unit that last damaged it (no unit damaged it: counted as `kills_none`).
    """
    out: dict[str, ActionTotals] = defaultdict(ActionTotals)
    for g in games:
        units = {int(e): v for e, v in g["units"].items()}
        for label, att, _tgt, amount in g["damage"]:
            res = _outcome_of(g, units[att][1] if att in units else None)
            t = out[label]
            if res:
                setattr(t, f"damage_{res}", getattr(t, f"damage_{res}") + amount)
        for label, _victim, killer in g["kills"]:
            res = _outcome_of(g, units[killer][1] if killer in units else None) or "none"
            t = out[label]
            setattr(t, f"kills_{res}", getattr(t, f"kills_{res}") + 1)
    return dict(out)


def shares(totals: dict[str, ActionTotals], key: str, top: int = 12) -> list[tuple[str, float]]:
    """The `top` labels by share of `key` ("damage" or "kills"), largest first; the rest pooled."""
    values = [(label, float(getattr(t, key))) for label, t in totals.items()]
    whole = sum(v for _l, v in values)
    if whole <= 0:
        return []
    values.sort(key=lambda lv: (-lv[1], lv[0]))
    head = [(label, v / whole) for label, v in values[:top] if v > 0]
    rest = [v for _l, v in values[top:] if v > 0]
    if rest:
        head.append((f"other ({len(rest)})", sum(rest) / whole))
    return head
