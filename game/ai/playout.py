"""The search's playouts: a fast greedy policy for each step and the value at the leaf."""

from __future__ import annotations

from game.ai.knowledge import units
from game.ai.moves import destination, is_move
from game.core.action import Action
from game.core.chance import Chance
from game.core.match import Match

#: weight of the pressure balance at a search leaf: the enemies' best next attacks on the side
#: against the side's on them (`Ruleset.pressure`), about half of which a round of play realises
PRESSURE_WEIGHT = 0.5


def fast_policy(match: Match, chance: Chance, legal: list[Action], max_moves: int = 3) -> Action:
    """Greedy rollout choice on the ruleset's baseline score, a little focus on wounded targets.

    Aimed actions (attacks, powers) and a few moves are scored: the move ending nearest an enemy
    and random others from the AI's own chance (the ruleset's assess is the costly part).
    Untargeted actions (reload, dash, end...) are taken only when nothing scores above zero:
    some rulesets price them by scanning the whole board, too slow for a rollout step. The kinds
    the ruleset lists in `rollout_plain` are scored with the rest: a playout that can never turn
    or vent after an attack would favour every candidate that turns or vents first.
    """
    rs = match.ruleset
    turn = match.current()
    info = {u.ent: u for u in units(match, turn.side)}
    moves = [a for a in legal if is_move(rs, a)]
    aimed = [a for a in legal if not is_move(rs, a) and (a.target is not None or a.cell is not None)]
    plain = [a for a in legal if not is_move(rs, a) and a.target is None and a.cell is None]
    cheap = [a for a in plain if a.kind in rs.rollout_plain]
    if len(moves) > max_moves:
        picked: list[Action] = []
        foes = [u.cell for u in info.values() if u.side != turn.side and u.active]
        if foes:
            distance = match.board.grid.distance
            # many moves share a destination (paths differ), and this runs at every rollout step
            gaps: dict[object, int] = {}

            def gap(a: Action) -> int:
                dest = destination(a)
                if dest is None:
                    return 1 << 30
                found = gaps.get(dest)
                if found is None:
                    found = gaps[dest] = min(distance(dest, f) for f in foes)
                return found

            picked.append(min(moves, key=gap))
        for _ in range(2 * max_moves):
            if len(picked) >= max_moves:
                break
            pick = moves[chance.below(len(moves))]
            if pick not in picked:
                picked.append(pick)
        moves = picked
    best: Action | None = None
    best_score = 0.0
    with match.world:
        for a in aimed + moves + cheap:
            s = rs.assess(match, a).score()
            target = info.get(a.target) if a.target is not None else None
            if target is not None and target.side != turn.side and s > 0:
                s *= 1.5 - 0.5 * target.hp_frac
            if s > best_score:
                best, best_score = a, s
    if best is None:
        ender = next((a for a in plain if a.kind in rs.turn_ending), None)
        best = ender or (plain[0] if plain else legal[0])
    return best


def leaf_value(match: Match, side: str) -> float:
    """The ruleset's `evaluate`, plus the pressure each side stands under while the match runs."""
    rs = match.ruleset
    value = rs.evaluate(match, side)
    if match.over:
        return value
    others = [s for s in match.scenario.squads if s != side]
    balance = sum(rs.pressure(match, s) for s in others) - rs.pressure(match, side)
    return value + PRESSURE_WEIGHT * balance
