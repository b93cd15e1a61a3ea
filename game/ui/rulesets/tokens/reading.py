"""What tokens' battle-screen marks show, read from the ruleset for the viewer (no drawing here):
enemies hidden since they were last seen, each unit's odds inside an attack's reach, the attack an
open prompt is about and the path preview's words.

The world is read between inputs, never while the AI's worker thread holds it (then the last
reading is returned).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.action import Action, Decision
from game.core.geometry import Cell
from game.rulesets.tokens import hover
from game.rulesets.tokens.kinds import Ask, Kind
from game.ui.rulesets.readings_memo import memo
from game.ui.widgets import percent

if TYPE_CHECKING:
    from game.ui.battle.model import BattleModel
    from game.ui.scenes.battle import BattleScene


@dataclass(frozen=True)
class Ghost:
    """An enemy hidden from the viewer, drawn where the viewer last saw it."""

    ent: int
    cell: Cell
    name: str
    side_index: int


@dataclass(frozen=True)
class Odds:
    """What one unit in an attack's reach gets, per property choice (a line each)."""

    ent: int
    ally: bool
    lines: tuple[str, ...]


def _memo(scene: BattleScene, key: Any, read: Any) -> Any:
    """`read()` once per match state and viewer (`readings_memo.memo`)."""
    return memo(scene, "_tokens_ui", key, read)


def ghosts(scene: BattleScene) -> list[Ghost]:
    """Enemies hidden from the viewer that it saw before they hid, at the tile it saw them on (a
    spectator sees every unit, so it has none)."""
    viewer = scene.viewer
    if viewer is None:
        return []

    def read() -> list[Ghost]:
        import esper

        from game.core.components import Name, Side

        sides = list(scene.match.table.sides)
        out = []
        for ent, cell in sorted(scene.match.ruleset.hidden_units(scene.match, viewer).items()):
            if cell is None:
                continue
            name = esper.component_for_entity(ent, Name).text
            side = esper.component_for_entity(ent, Side).side
            index = sides.index(side) if side in sides else 1
            out.append(Ghost(ent, (int(cell[0]), int(cell[1])), name, index))
        return out

    return _memo(scene, "ghosts", read) or []


def attack_odds(scene: BattleScene, action: Action) -> list[Odds]:
    """Each unit the attack can reach (allies too) with its exact chance to be hit and expected
    damage in every property choice, as the attacker's side sees it."""

    def read() -> list[Odds]:
        found = hover.area_odds(scene.match, action)
        modes = list(dict.fromkeys(o.mode for o in found))
        by_ent: dict[int, list[hover.AreaOdds]] = {}
        for o in found:
            by_ent.setdefault(o.ent, []).append(o)
        out = []
        for ent, rows in by_ent.items():
            texts = [_odds_text(o) for o in rows]
            same = len(rows) == len(modes) and len(set(texts)) == 1
            # one choice: two short lines (hit chance; expected damage), narrow enough to sit by a token
            lines = tuple(texts[0].split(" · ", 1)) if same or len(modes) == 1 else tuple(
                f"{o.mode}: {t}" for o, t in zip(rows, texts, strict=True))
            out.append(Odds(ent, rows[0].ally, lines))
        return out

    return _memo(scene, ("area odds", repr(action.to_json())), read) or []


def mode_question(model: BattleModel, action: Action) -> Decision | None:
    """The property choice an attack would ask its side (Cleave or Clustershot), asked before the
    attack is sent: the "ask_first" hook (`BattleModel.ask_first`)."""
    if action.kind != Kind.ATTACK or model.world_busy:
        return None
    try:
        with model.match.world:
            return hover.mode_question(model.match, action)
    except Exception:  # noqa: BLE001 - without the question the prompt asks it after the send
        return None


def _odds_text(o: hover.AreaOdds) -> str:
    """"100% · 2.0 dmg" (hit chance, expected damage to health), "· KO" when a hit takes it out."""
    text = f"{percent(o.chance)} · {o.expected:.1f} dmg"
    if o.takes_out:
        text += " · KO"
    return text


def decision_attack(scene: BattleScene) -> Action | None:
    """The attack an open overwatch, attack-of-opportunity or property prompt of the viewer's is
    about, as an attack action (its reach and odds are drawn while the person decides)."""
    session = scene.session
    if scene.chooser and scene.model.chooser_answers:
        # the property choice asked before the attack is sent: its reach and odds while choosing
        return next(iter(scene.model.chooser_answers), None)
    d = session.decision if session.waiting_for_human and scene.handoff is None else None
    if d is None or d.kind not in (Ask.OVERWATCH, Ask.AOO, Ask.MODE) or d.side != scene.viewer:
        return None
    ctx = d.context or {}
    attacker, target = ctx.get("attacker"), ctx.get("target")
    if not isinstance(attacker, int) or not isinstance(target, int):
        return None

    def read() -> str:
        import esper

        from game.rulesets.tokens.components import TkGear

        return str(ctx.get("weapon") or esper.component_for_entity(attacker, TkGear).held)

    wid = _memo(scene, ("held", attacker), read)
    if not wid:
        return None
    if d.kind == Ask.AOO:  # TK-AOO: one plain strike at the leaving unit, never the weapon's area
        return hover.strike_action(attacker, wid, target)
    return Action(Kind.ATTACK, attacker, target=target, option=wid)


def path_words(scene: BattleScene, move: Action) -> str | None:
    """The path preview: tokens spent, attacks of opportunity provoked, the Bypass cost."""
    if move.kind not in (Kind.MOVE, Kind.SPRINT):
        return None
    options = scene.move_options.get(move.path[-1] if move.path else move.cell, [])  # type: ignore[arg-type]

    def read() -> list[str]:
        return hover.path_note(scene.match, move, list(options))

    words = _memo(scene, ("path", repr(move.to_json())), read)
    return "\n".join(words) if words else None
