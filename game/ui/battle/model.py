"""What the battle screen shows, without pixels: units, selection, hover, the armed action, and the
legal actions grouped for the actions panel, the board's reach and its targets.

Pygame-free: tests drive it (select, hover, arm, click a cell) and read what the screen would show.
The scene draws from it and sends the intents it names through the `Session`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.action import Action
from game.core.geometry import Cell
from game.core.kinds import CTX_UNIT, MOVE, MOVE_KINDS, TURN_ENDING_KINDS
from game.core.ruleset import Preview
from game.ui.battle.extensions import ruleset_hook
from game.ui.battle.labels import group_label, label_stem
from game.ui.view import Pile, UnitInfo, read_hand, read_piles, read_units, turn_order

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset, Turn
    from game.ui.session import Session

#: hotkey groups whose untargeted actions share one panel entry that opens a chooser: "face" (the
#: action's option is the hex side or square direction to face; the chooser draws them as arrows)
CHOOSER_GROUPS: set[str] = {"face"}


def register_chooser_groups(*groups: str) -> None:
    """More hotkey groups whose untargeted actions share one entry and a chooser (a ruleset's UI
    module: tokens' "sneak with 1, 2, 3... tokens")."""
    CHOOSER_GROUPS.update(groups)


def is_move(a: Action, rs: Ruleset | None = None) -> bool:
    """A movement action: it targets no unit and carries a path, or is to a cell and of a kind (or
    hotkey group) the ruleset declares a move (`Ruleset.move_kinds`)."""
    if a.target is not None:
        return False
    if a.path:
        return True
    kinds = rs.move_kinds if rs is not None else MOVE_KINDS
    return a.cell is not None and (a.kind in kinds or a.hotkey_group in kinds)


def move_dest(a: Action) -> Cell:
    """Where a movement action ends."""
    return a.path[-1] if a.path else a.cell  # type: ignore[return-value]


def is_end(a: Action, rs: Ruleset | None = None) -> bool:
    """An action that ends the turn or activation: one of the kinds the ruleset declares so."""
    return a.kind in (rs.turn_ending if rs is not None else TURN_ENDING_KINDS)


def group_key(a: Action) -> str:
    """The actions-panel group an action belongs to."""
    if a.target is None and a.cell is None:
        # The facings to turn to are one entry (a chooser drawn as arrows); others one each.
        if a.hotkey_group in CHOOSER_GROUPS:
            return f"group|{a.hotkey_group}"
        return f"{a.kind}|{a.option}|{a.label}"
    return a.hotkey_group or f"{a.kind}|{label_stem(a.label) or a.option}"


@dataclass
class Group:
    """Actions shown as one entry in the actions panel."""

    key: str
    label: str
    actions: list[Action] = field(default_factory=list)

    @property
    def targeted(self) -> bool:
        """Needs a target (unit or cell) picked on the map."""
        return any(a.target is not None or a.cell is not None for a in self.actions)


class BattleModel:
    """The screen's state for one viewer: what is read from the match and what the person picked."""

    def __init__(self, session: Session, viewer: str | None, replay: bool = False) -> None:
        self.session = session
        self.match = session.match
        self.viewer = viewer
        self.replay = replay
        self.units: list[UnitInfo] = []
        self.unit_by_ent: dict[int, UnitInfo] = {}
        self.piles: list[Pile] = []
        self.hand: list[dict[str, Any]] = []
        self.order: list[int] = []
        self.turn: Turn | None = None
        self.round = 0
        #: a unit clicked for its details (the I sheet shows it until the acting or selected unit
        #: changes)
        self.inspected: int | None = None
        self._selected: int | None = None
        #: the targeted group picked with its key or button: a click on the map uses it
        self.armed: str | None = None
        #: the hotkey group of the hand card being played: only its actions are offered
        self.focus: str | None = None
        #: several actions for one click (facings, aimed parts): the person picks one
        self.chooser: list[Action] | None = None
        #: a chooser asking first what the action's resolution would ask (tokens' Cleave or
        #: Clustershot): each entry's (decision kind, answer), and the entry Enter picks
        self.chooser_answers: dict[Action, tuple[str, str]] = {}
        self.chooser_default: int | None = None
        self.chooser_question: Any = None
        self.hover_cell: Cell | None = None
        #: the unit whose token is under the mouse (cells may hold several)
        self.hover_unit: int | None = None
        self.moves: dict[Cell, Action] = {}
        self.move_options: dict[Cell, list[Action]] = {}
        self.target_actions: dict[int, list[Action]] = {}
        self.cell_actions: dict[Cell, list[Action]] = {}
        self.groups: list[Group] = []
        self._preview_cache: dict[str, Preview | None] = {}
        self._why_cache: dict[tuple[int | None, int], str] = {}
        self._cell_cache: dict[Cell, list[str]] = {}
        self._area_cache: dict[str, list[Cell]] = {}
        self._last_acting: int | None = None
        #: an AI worker thread is using esper (one global current world): the world is not read
        self.world_busy = False

    @property
    def selected(self) -> int | None:
        """The unit whose actions are offered (the acting one when the ruleset fixes it)."""
        return self._selected

    @selected.setter
    def selected(self, ent: int | None) -> None:
        if ent != self._selected:
            # another unit's actions are listed: a unit clicked earlier no longer holds the details
            self.inspected = None
        self._selected = ent

    # -- reading ------------------------------------------------------------------------------
    def read(self) -> None:
        """Re-read the world for the viewer after an input."""
        assert not self.world_busy, "the scene settles the AI worker before reading the world"
        m = self.match
        self.units = read_units(m, self.viewer)
        self.unit_by_ent = {u.ent: u for u in self.units}
        self.piles = read_piles(m, self.viewer)
        self.hand = read_hand(m, self.viewer) if not self.replay else []
        try:
            self.order = turn_order(m, self.units)
        except Exception:  # noqa: BLE001 - the bar is cosmetic
            self.order = [u.ent for u in self.units if u.state == "active"]
        self._preview_cache = {}
        self._why_cache = {}
        self._cell_cache = {}
        self._area_cache = {}
        self.round = m.round
        turn = None if m.over else m.current()
        self.turn = turn
        acting = turn.unit if turn is not None else None
        if acting != self._last_acting:
            # a new unit acts: a unit clicked for its details no longer holds the focus
            self.inspected = None
            self._last_acting = acting
        if turn is not None and turn.unit is not None:
            self.selected = turn.unit
        elif self.selected is not None and (
            self.selected not in self.unit_by_ent
            # while a prompt is open (an attack of opportunity its move provoked) nothing is legal:
            # the mover keeps the selection for when its side acts again
            or (self.session.decision is None
                and not any(a.actor == self.selected for a in self.session.legal()))
        ):
            # The side acts as one: with the last unit done, show every unit's choices again.
            self.selected = None
        if self.selected is None and turn is not None and turn.unit is None and self.human_turn:
            # a ruleset whose units act in any order may pick whose actions to list first
            pick = ruleset_hook(m.ruleset.id, "auto_select")
            self.selected = pick(self) if pick is not None else None
        self.compute_actions()

    @property
    def acting(self) -> int | None:
        """The unit the ruleset has acting now, if it fixes one."""
        return self.turn.unit if self.turn is not None else None

    @property
    def human_turn(self) -> bool:
        """A person at this screen gives the next input (no replay)."""
        return not self.replay and self.session.waiting_for_human

    def compute_actions(self) -> None:
        """Group the legal actions for the selected unit: moves, targets, cell targets, buttons."""
        self.moves, self.target_actions, self.cell_actions = {}, {}, {}
        self.move_options = {}
        self.groups = []
        self.chooser = None
        self.chooser_answers, self.chooser_default = {}, None
        legal = self.session.legal() if self.human_turn else []
        if not legal and self.session.need is not None and self.session.need.decision is None:
            # Show what the acting AI could do, without letting anyone click it.
            legal = list(self.session.need.legal) if self.viewer is None else []
        if self.focus is not None:
            # A hand card is being played: only its actions are offered (moves, targets, options).
            chosen = [a for a in legal if a.hotkey_group == self.focus]
            if chosen:
                legal = chosen
            else:
                self.focus = None
        sel = self.selected
        rs = self.match.ruleset
        groups: dict[str, Group] = {}
        for a in legal:
            if a.actor is not None and a.actor != sel:
                # With nobody selected, offer each unit's own choices (e.g. which one to activate).
                if sel is not None or is_move(a, rs) or a.target is not None or a.cell is not None:
                    continue
            if is_move(a, rs):
                cell = move_dest(a)
                self.move_options.setdefault(cell, []).append(a)
                old = self.moves.get(cell)
                # The plain move wins the overlay over a run or another kind to the same cell.
                if old is None or (old.option and not a.option) or (old.kind != MOVE and a.kind == MOVE):
                    self.moves[cell] = a
                continue
            if a.target is not None:
                self.target_actions.setdefault(a.target, []).append(a)
            elif a.cell is not None:
                self.cell_actions.setdefault(a.cell, []).append(a)
            key = group_key(a)
            if a.target is None and a.cell is None:
                label = a.label or a.kind.replace("_", " ").title()
                groups.setdefault(key, Group(key, label)).actions.append(a)
            else:
                groups.setdefault(key, Group(key, "")).actions.append(a)
        names = {u.ent: u.name for u in self.units}
        for g in groups.values():
            if not g.label or len(g.actions) > 1:
                g.label = group_label(g.actions, names)
        ordered = sorted(groups.values(), key=lambda g: is_end(g.actions[0], self.match.ruleset))
        self.groups = ordered
        if self.focus is not None and len(ordered) == 1 and ordered[0].targeted:
            self.armed = ordered[0].key
        if self.armed not in groups:
            self.armed = None

    def ask_first(self, action: Action) -> bool:
        """Open a chooser with the question the action would ask at once (`asking.ask_first`)."""
        from game.ui.battle.asking import ask_first

        return ask_first(self, action)

    def action_notes(self) -> list[str]:
        """Why the selected unit is not offered an action players look for (`asking.action_notes`)."""
        from game.ui.battle.asking import action_notes

        return action_notes(self)

    # -- questions the screen asks ------------------------------------------------------------
    def asked_unit(self) -> int | None:
        """The unit an open prompt is about (its context's "unit")."""
        d = self.session.decision
        asked = (d.context or {}).get(CTX_UNIT) if d is not None else None
        return asked if isinstance(asked, int) and asked in self.unit_by_ent else None

    def focus_unit(self, offered: int | None = None) -> int | None:
        """Whose details the panel shows: the one a prompt asks about, else the acting unit, else
        the selected one (whose actions are listed), else the one a button under the mouse offers.
        The panel and the actions list always agree on whose they are."""
        for ent in (self.asked_unit(), self.acting, self.selected, offered):
            if ent is not None and ent in self.unit_by_ent:
                return ent
        return None

    def hand_owner(self, owners: list[int], offered: int | None = None) -> int | None:
        """Whose hand the strip shows of the viewer's units: the asked or acting one, or on the
        viewer's own turn the selected or offered one; never another unit's while the AI acts."""
        own_turn = self.human_turn and self.session.need is not None and self.session.need.side == self.viewer
        picks = [self.asked_unit(), self.acting]
        if own_turn and self.acting is None:
            picks += [self.selected, offered, owners[0] if owners else None]
        return next((e for e in picks if e is not None and e in owners), None)

    def candidates_for_target(self, ent: int) -> list[Action]:
        """The actions a click on a unit may mean (the armed group's when one is armed)."""
        acts = self.target_actions.get(ent, [])
        if self.armed:
            armed = [a for a in acts if group_key(a) == self.armed]
            return armed or acts
        return acts

    def group_for_target(self, ent: int) -> Action | None:
        """The action whose odds hovering a unit shows."""
        acts = self.target_actions.get(ent, [])
        if not acts:
            return None
        if self.armed:
            for a in acts:
                if group_key(a) == self.armed:
                    return a
        return acts[0]

    def action_for_cell_target(self, cell: Cell) -> Action | None:
        """The armed group's action on a cell, if it targets cells."""
        acts = self.cell_actions.get(cell, [])
        if not acts:
            return None
        if self.armed:
            for a in acts:
                if group_key(a) == self.armed:
                    return a
        return None

    def preview(self, action: Action) -> Preview | None:
        """The ruleset's exact odds for an action (cached until the next input)."""
        key = repr(action.to_json())
        if key not in self._preview_cache and self.world_busy:
            return None  # asked again once the AI has given its input
        if key not in self._preview_cache:
            try:
                with self.match.world:
                    self._preview_cache[key] = self.match.ruleset.preview(self.match, action)
            except Exception:  # noqa: BLE001 - a preview failure must not block play
                self._preview_cache[key] = None
        return self._preview_cache[key]

    def why_not(self, target: int) -> str:
        """Why the acting (or selected) unit cannot target an enemy now: the ruleset's own reason
        (`Ruleset.why_not_target`), else what the screen knows; "" for one it can target, a unit
        of its own side."""
        actor = self.acting if self.acting is not None else self.selected
        u, me = self.unit_by_ent.get(target), self.unit_by_ent.get(actor) if actor is not None else None
        if u is None or me is None or u.side == me.side or target in self.target_actions:
            return ""
        key = (actor, target)
        if key not in self._why_cache:
            if self.world_busy:
                return ""
            try:
                with self.match.world:
                    why = self.match.ruleset.why_not_target(self.match, actor, target)
            except Exception:  # noqa: BLE001 - an explanation must not break the screen
                why = ""
            armed = next((g.label for g in self.groups if g.key == self.armed), "")
            self._why_cache[key] = why or (f"{armed} cannot reach it now" if armed
                                           else "none of this unit's actions can reach it now")
        return self._why_cache[key]

    def cell_lines(self, cell: Cell | None) -> list[str]:
        """A title and what a cell does under the ruleset (its `cell_info`, else the terrain's own
        data): cover, move cost, sight, light, height, objectives; [] for plain open ground."""
        if cell is None or cell not in self.match.board:
            return []
        if cell not in self._cell_cache:
            info: list[str] = []
            if not self.world_busy:
                try:
                    with self.match.world:
                        info = list(self.match.ruleset.cell_info(self.match, cell, self.viewer))
                except Exception:  # noqa: BLE001 - an explanation must not break the screen
                    info = []
            t = self.match.board.at(cell)
            if not info:
                covers = {1: "light cover", 2: "heavy cover", 3: "substantial cover"}
                info = [x for x in (
                    covers.get(t.cover, ""),
                    "blocks movement" if t.blocks_move else (f"moving in costs {t.move_cost:g}"
                                                              if t.move_cost != 1 else ""),
                    "blocks line of sight" if t.blocks_los else ("obscured" if t.obscured else ""),
                    f"{t.light} light" if t.light != "normal" else "",
                    f"elevation {t.elevation}" if t.elevation else "",
                ) if x]
            # the AI's own test (`AIHooks.uses_objectives`, or the scenario's option): one answer
            used = self.match.ruleset.uses_objectives or bool(self.match.scenario.options.get("objectives"))
            for obj in self.match.board.objectives:
                if cell in obj.cells:
                    info.append(f"objective: {obj.name} ({obj.kind.replace('_', ' ')})" if used else
                                f"{obj.name} (outlined): a landmark only, not an objective")
            self._cell_cache[cell] = [t.name.replace("_", " ").capitalize(), *info] if info else []
        return self._cell_cache[cell]

    def area(self, action: Action) -> list[Cell]:
        """The cells an area action hits (`Ruleset.area_of`), cached until the next input."""
        key = repr(action.to_json())
        if key not in self._area_cache:
            if self.world_busy:
                return []
            try:
                with self.match.world:
                    self._area_cache[key] = list(self.match.ruleset.area_of(self.match, action))
            except Exception:  # noqa: BLE001 - an outline must not break the screen
                self._area_cache[key] = []
        return self._area_cache[key]

    def hovered_action(self) -> Action | None:
        """The action a click would use on the hovered unit or cell, if any."""
        if self.hover_unit is not None and self.hover_unit in self.target_actions:
            return self.group_for_target(self.hover_unit)
        if self.hover_cell is not None:
            u = self.unit_at(self.hover_cell)
            if u is not None and u.ent in self.target_actions:
                return self.group_for_target(u.ent)
            return self.action_for_cell_target(self.hover_cell)
        return None

    def units_at(self, cell: Cell) -> list[UnitInfo]:
        """The living units on a cell, in the order they stand side by side (entity order)."""
        return sorted((u for u in self.units if u.cell == cell and u.alive), key=lambda u: u.ent)

    def unit_at(self, cell: Cell) -> UnitInfo | None:
        """The unit a click on a cell means when it is not told apart by position: the acting or
        selected one if it stands there, else a targetable one, else the first."""
        here = self.units_at(cell)
        for pick in (self.acting, self.selected):
            if pick is not None and any(u.ent == pick for u in here):
                return next(u for u in here if u.ent == pick)
        return next((u for u in here if u.ent in self.target_actions), here[0] if here else None)
