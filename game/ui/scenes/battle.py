"""The battle screen: map, tokens, overlays, actions, odds, prompts, chance, log; AI at watch pace.

The scene reads the match (through `view`) and sends intents through the `Session`; it never
decides a rule. Everything it shows of hidden information is filtered for the side at the screen.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.explain import headline, terms_text
from game.core.action import Action
from game.core.geometry import Cell
from game.core.ruleset import Preview
from game.ui.camera import Camera
from game.ui.chancefx import ChanceFx, draw_card, draw_die, sound_for
from game.ui.logpanel import LogPanel
from game.ui.mapdraw import MapArt
from game.ui.panels import (
    STRUCTURED_KEYS,
    arrow_points,
    draw_arrow,
    draw_hand_card,
    draw_preview,
    draw_status,
    has_status,
    section_lines,
)
from game.ui.scenes.base import Scene
from game.ui.session import Session, Step
from game.ui.theme import Fonts
from game.ui.tokens import TokenArt
from game.ui.view import Pile, UnitInfo, read_hand, read_piles, read_units, turn_order
from game.ui.widgets import Button, bar, panel, percent, text_block, tooltip

if TYPE_CHECKING:
    from game.ui.app import App

HELP_LINES: list[tuple[str, str]] = [
    ("Left click", "select a unit · move to a lit cell · use the armed action"),
    ("Right click", "cancel the armed action / deselect"),
    ("Drag / arrows / WASD", "pan the map"),
    ("Wheel / + / -", "zoom"),
    ("C", "centre on the active unit"),
    ("Tab", "next unit of yours that can act"),
    ("1 – 9", "actions (or the options of an open prompt)"),
    ("E / Enter", "end turn (Enter also takes a prompt's default)"),
    ("U / Ctrl+Z", "undo the last move (until chance is drawn)"),
    ("Space / F", "fast-forward the AI (toggle)"),
    ("L", "show or hide the combat log"),
    ("H", "show or hide the hand strip (click a lit card to play it)"),
    ("I", "everything known about the selected unit"),
    ("X", "show or hide the AI's reasoning (its top choices; may name cards in its hand)"),
    ("Ctrl+S", "save the game"),
    ("Esc", "menu (save, load, settings, rules, quit)"),
    ("F1 / ?", "this help"),
]

END_KINDS = ("end_turn", "end", "pass", "end_activation", "done", "wait")


# unit_view keys the panel already shows from the shared components.
SHOWN_ELSEWHERE = frozenset(
    {
        "mark",
        "hidden",
        "name",
        "side",
        "health",
        "max_health",
        "hp",
        "hp_max",
        "status",
        "state",
        "cell",
        "position",
        "conditions",
    }
)
UNIT_LINES = 9
MOVE_KINDS = ("move", "run", "walk", "step", "dash", "sprint", "shift", "stride")
#: hotkey groups whose untargeted actions share one panel entry that opens a chooser: "face" (the
#: action's option is the hex side or square direction to face; the chooser draws them as arrows)
CHOOSER_GROUPS = frozenset({"face"})


def is_move(a: Action) -> bool:
    """A movement action: it targets no unit and carries a path (or is a move kind to a cell)."""
    if a.target is not None:
        return False
    if a.path:
        return True
    return a.cell is not None and (a.kind in MOVE_KINDS or a.hotkey_group in MOVE_KINDS)


def describe(value: Any) -> str:
    """A unit_view value as short text: lists joined, dicts as "key value", named records by name."""
    if isinstance(value, dict):
        return ", ".join(
            f"{k} {describe(v)}" if not isinstance(v, dict) else f"{k} ({describe(v)})"
            for k, v in value.items()
        )
    if isinstance(value, (list, tuple)):
        return ", ".join(
            str(x.get("name", describe(x))) if isinstance(x, dict) else describe(x) for x in value
        )
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def health_label(u: UnitInfo) -> str:
    """What a unit's health is called ("HP" unless the ruleset names it, e.g. "Structure")."""
    label = u.view.get("health_label")
    return str(label) if isinstance(label, str) and label else "HP"


_TARGET_WORDS = re.compile(r"\s+(?:at|on|vs\.?|against|->|→|targeting)\s+", re.IGNORECASE)


def label_stem(label: str) -> str:
    """What an action does without whom it does it to: "Rivet Shot at Castor (Head)" -> "Rivet Shot"."""
    parts = _TARGET_WORDS.split(label, maxsplit=1)
    return parts[0].strip() if len(parts) == 2 else ""


def group_label(actions: list[Action]) -> str:
    """A name for several actions that differ by target: the words their labels share."""
    labels = [a.label for a in actions if a.label]
    stems = {label_stem(lab) for lab in labels}
    if len(stems) == 1 and "" not in stems and (len(labels) > 1 or actions[0].target is not None):
        return stems.pop()
    if len(labels) == 1:
        return labels[0]
    if labels:
        words = [lab.split() for lab in labels]
        common: list[str] = []
        for parts in zip(*words, strict=False):
            if any(p != parts[0] for p in parts):
                break
            common.append(parts[0])
        while common and common[-1].lower() in (
            "on",
            "at",
            "to",
            "vs",
            "against",
            "the",
            "with",
            "->",
            "→",
            "-",
        ):
            common.pop()
        if common:
            return " ".join(common)
    a = actions[0]
    text = a.hotkey_group or a.kind
    if a.option and not a.hotkey_group:
        text = f"{text} {a.option}"
    return text.replace("_", " ").capitalize()


def split_labels(labels: list[str]) -> tuple[str, list[str]]:
    """The words several labels start with, and what is left of each (brackets dropped).

    "Thrust at Brokk (Head)", "Thrust at Brokk (Legs)" -> ("Thrust at Brokk", ["Head", "Legs"]);
    ("", labels) when they share nothing or are fewer than two.
    """
    if len(labels) < 2 or not all(labels):
        return "", list(labels)
    words = [lab.split() for lab in labels]
    n = 0
    while all(len(w) > n + 1 for w in words) and len({w[n] for w in words}) == 1:
        n += 1
    if n == 0:
        return "", list(labels)
    rests = [" ".join(w[n:]) for w in words]
    rests = [r[1:-1] if r.startswith("(") and r.endswith(")") and r.count("(") == 1 else r for r in rests]
    return " ".join(words[0][:n]), rests


def move_dest(a: Action) -> Cell:
    """Where a movement action ends."""
    return a.path[-1] if a.path else a.cell  # type: ignore[return-value]


def is_end(a: Action) -> bool:
    """An action that ends the turn or activation."""
    return a.kind in END_KINDS or (a.kind.startswith("end") and a.target is None and a.cell is None)


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


@dataclass
class Slide:
    """A token sliding along a path."""

    ent: int
    path: list[Cell]
    duration: float
    t: float = 0.0

    def point(self, layout: Any) -> tuple[float, float]:
        """Current map pixel of the token."""
        if len(self.path) < 2 or self.duration <= 0:
            return layout.centre(self.path[-1])
        f = min(1.0, self.t / self.duration) * (len(self.path) - 1)
        i = min(int(f), len(self.path) - 2)
        a, b = layout.centre(self.path[i]), layout.centre(self.path[i + 1])
        k = f - i
        return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)

    @property
    def done(self) -> bool:
        """Arrived."""
        return self.t >= self.duration


class BattleScene(Scene):
    """A match in progress (or a replay of one)."""

    def __init__(
        self, app: App, session: Session, *, replay: bool = False, map_path: Path | None = None
    ) -> None:
        super().__init__(app)
        from game.paths import resolve_map

        self.session = session
        self.match = session.match
        self.replay = replay
        self.fonts = app.fonts
        self.pal = app.palette
        path = map_path or resolve_map(self.match.scenario.map)
        self.art = MapArt.for_board(self.match.board, path if path.is_file() else None, self.pal.bg)
        self.layout = self.art.layout
        self.tokens = TokenArt(self.fonts, self.pal)
        self.fx = ChanceFx(self.fonts, self.pal)
        self.fx.speed = app.settings.anim_factor
        self.log = LogPanel(self.fonts, self.pal)
        self.log.side_colours = {s: self.pal.side(i) for i, s in enumerate(self.session.sides)}
        humans = session.human_sides()
        self.viewer: str | None = humans[0] if humans and not replay else None
        self.log.set_viewer(self.viewer, self._log_events())
        self.chooser: list[Action] | None = None
        self.move_options: dict[Cell, list[Action]] = {}
        self.handoff: str | None = None
        self.selected: int | None = None
        self.armed: str | None = None
        self.hover_cell: Cell | None = None
        self.mouse = (0, 0)
        self.slides: dict[int, Slide] = {}
        self.ai_wait = 0.3
        self.fast = False
        self.show_log = True
        self.show_strip = True
        self.overlay: str | None = None  # "help" | "pause"
        self.toast: tuple[str, float] | None = None
        self.end_hold = 0.0
        self.keys_held: set[int] = set()
        self.drag: tuple[int, int] | None = None
        self.dragged = False
        self.panel_buttons: list[Button] = []
        self.modal_buttons: list[Button] = []
        self.inspected: int | None = None
        self.actions_scroll = 0
        self.actions_rect = pygame.Rect(0, 0, 0, 0)
        self._preview_cache: dict[str, Preview | None] = {}
        self._reach_surface: tuple[pygame.Surface, tuple[int, int]] | None = None
        self._panel_surface: pygame.Surface | None = None
        self._bar_surface: pygame.Surface | None = None
        self._strip_surface: pygame.Surface | None = None
        self.units: list[UnitInfo] = []
        self.unit_by_ent: dict[int, UnitInfo] = {}
        self.piles: list[Pile] = []
        self.hand: list[dict[str, Any]] = []
        self.hand_hits: list[tuple[pygame.Rect, dict[str, Any]]] = []
        self.focus: str | None = None  # the hotkey group of the hand card being played
        self._press_used = False
        self._strip_hits: list[tuple[pygame.Rect, dict[str, Any]]] = []
        self.modal_area = pygame.Rect(0, 0, 0, 0)  # where an open prompt covers the board
        self.order: list[int] = []
        self.moves: dict[Cell, Action] = {}
        self.target_actions: dict[int, list[Action]] = {}
        self.cell_actions: dict[Cell, list[Action]] = {}
        self.groups: list[Group] = []
        self.layout_rects(app.screen_size)
        self.camera = Camera(self.board_rect, self.layout.size())
        self.camera.fit()
        self._check_handoff()
        self.refresh()
        self.centre_on_active()

    # -- geometry ------------------------------------------------------------------------------
    def layout_rects(self, size: tuple[int, int]) -> None:
        """Split the window: board on the left under the turn bar, panel on the right."""
        w, h = size
        f = self.fonts
        self.size = size
        panel_w = min(f.px(350), w // 2)
        self.bar_rect = pygame.Rect(0, 0, w - panel_w, f.px(52))
        self.panel_rect = pygame.Rect(w - panel_w, 0, panel_w, h)
        self.board_rect = pygame.Rect(0, self.bar_rect.bottom, w - panel_w, h - self.bar_rect.bottom)
        if hasattr(self, "camera"):
            self.camera.view = pygame.Rect(self.board_rect)
            self.camera.clamp()
        self._panel_surface = self._bar_surface = self._strip_surface = None

    def resize(self, size: tuple[int, int]) -> None:
        """New window size."""
        self.layout_rects(size)
        self._reach_surface = None
        self.log.invalidate()
        self.dirty = True

    def restyle(self) -> None:
        """Settings changed (palette, UI scale, speed): rebuild what was drawn with the old ones."""
        self.pal = self.app.palette
        self.art = MapArt(self.match.board, self.art.tmx, self.pal.bg)
        self.layout = self.art.layout
        self.tokens = TokenArt(self.fonts, self.pal)
        self.fx = ChanceFx(self.fonts, self.pal)
        self.fx.speed = self.app.settings.anim_factor
        events = self._log_events()
        self.log = LogPanel(self.fonts, self.pal)
        self.log.side_colours = {s: self.pal.side(i) for i, s in enumerate(self.session.sides)}
        self.log.set_viewer(self.viewer, events)
        self.layout_rects(self.app.screen_size)
        self.refresh()

    # -- AI reasoning --------------------------------------------------------------------------
    @property
    def show_reasoning(self) -> bool:
        """Whether AI inputs show their top choices (a saved setting, toggled with X)."""
        return bool(self.app.settings.ai_reasoning)

    def _log_events(self) -> list[Any]:
        return self.session.thoughts_with_log() if self.show_reasoning else list(self.match.log)

    def toggle_reasoning(self) -> None:
        """Show or hide the AI's reasoning on the board and in the log; the choice is saved."""
        self.app.settings.ai_reasoning = not self.app.settings.ai_reasoning
        self.app.apply_settings()
        self.log.set_events(self._log_events())
        self._panel_surface = None
        shown = self.show_reasoning
        self.toast = ("AI reasoning shown" if shown else "AI reasoning hidden", 1.5)
        self.dirty = True

    def reasoning_lines(self) -> list[tuple[str, bool]]:
        """The latest AI input's candidates as (text, is_heading) lines; empty when there is none."""
        if not self.session.thoughts:
            return []
        t = self.session.thoughts[-1]
        lines: list[tuple[str, bool]] = [(f"{t.side} · {t.level} AI, round {t.round} · X hides", True)]
        for i, cand in enumerate(t.explanation[:4]):
            mark = "▶" if i == 0 else f"{i + 1}."
            lines.append((f"{mark} {headline(cand)}", i == 0))
            terms = terms_text(cand, 3)
            if terms:
                lines.append(("    " + terms, False))
        return lines

    # -- reading state -------------------------------------------------------------------------
    def _check_handoff(self) -> None:
        """Hot-seat: when another person must act, hide the screen until they take it."""
        s = self.session
        if self.replay or not s.hotseat or s.need is None or not s.waiting_for_human:
            return
        if s.need.side != self.viewer:
            self.handoff = s.need.side

    def refresh(self) -> None:
        """Re-read the world for the viewer after an input."""
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
        turn = None if m.over else m.current()
        self.turn = turn
        if turn is not None and turn.unit is not None:
            self.selected = turn.unit
        elif self.selected is not None and (
            self.selected not in self.unit_by_ent
            or not any(a.actor == self.selected for a in self.session.legal())
        ):
            # The side acts as one: with the last unit done, show every unit's choices again.
            self.selected = None
        self._compute_actions()
        self._reach_surface = None
        self._panel_surface = self._bar_surface = self._strip_surface = None
        self.dirty = True

    @property
    def human_input(self) -> bool:
        """A person may act now (not the AI's turn, no overlay covering the board)."""
        s = self.session
        return not self.replay and s.waiting_for_human and self.handoff is None and self.overlay is None

    def _compute_actions(self) -> None:
        self.moves, self.target_actions, self.cell_actions = {}, {}, {}
        self.move_options = {}
        self.groups = []
        self.chooser = None
        legal = self.session.legal() if (self.session.waiting_for_human and not self.replay) else []
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
        groups: dict[str, Group] = {}
        for a in legal:
            if a.actor is not None and a.actor != sel:
                # With nobody selected, offer each unit's own choices (e.g. which one to activate).
                if sel is not None or is_move(a) or a.target is not None or a.cell is not None:
                    continue
            if is_move(a):
                cell = move_dest(a)
                self.move_options.setdefault(cell, []).append(a)
                old = self.moves.get(cell)
                # The plain move wins the overlay over a run or another kind to the same cell.
                if old is None or (old.option and not a.option) or (old.kind != "move" and a.kind == "move"):
                    self.moves[cell] = a
                continue
            if a.target is not None:
                self.target_actions.setdefault(a.target, []).append(a)
            elif a.cell is not None:
                self.cell_actions.setdefault(a.cell, []).append(a)
            if a.target is None and a.cell is None:
                key = self.group_key(a)
                groups.setdefault(
                    key, Group(key, a.label or a.kind.replace("_", " ").title())
                ).actions.append(a)
            else:
                key = self.group_key(a)
                groups.setdefault(key, Group(key, "")).actions.append(a)
        for g in groups.values():
            if not g.label or len(g.actions) > 1:
                g.label = group_label(g.actions)
        ordered = sorted(groups.values(), key=lambda g: is_end(g.actions[0]))
        self.groups = ordered
        if self.focus is not None and len(ordered) == 1 and ordered[0].targeted:
            self.armed = ordered[0].key
        if self.armed not in groups:
            self.armed = None

    @staticmethod
    def group_key(a: Action) -> str:
        """The actions-panel group an action belongs to."""
        if a.target is None and a.cell is None:
            # The facings to turn to are one entry (a chooser drawn as arrows); others one each.
            if a.hotkey_group in CHOOSER_GROUPS:
                return f"group|{a.hotkey_group}"
            return f"{a.kind}|{a.option}|{a.label}"
        return a.hotkey_group or f"{a.kind}|{label_stem(a.label) or a.option}"

    def _candidates_for_target(self, ent: int) -> list[Action]:
        acts = self.target_actions.get(ent, [])
        if self.armed:
            armed = [a for a in acts if self.group_key(a) == self.armed]
            return armed or acts
        return acts

    def _group_for_target(self, ent: int) -> Action | None:
        acts = self.target_actions.get(ent, [])
        if not acts:
            return None
        if self.armed:
            for a in acts:
                if self.group_key(a) == self.armed:
                    return a
        return acts[0]

    def _action_for_cell_target(self, cell: Cell) -> Action | None:
        acts = self.cell_actions.get(cell, [])
        if not acts:
            return None
        if self.armed:
            for a in acts:
                if self.group_key(a) == self.armed:
                    return a
        return None

    def preview(self, action: Action) -> Preview | None:
        """The ruleset's exact odds for an action (cached until the next input)."""
        key = repr(action.to_json())
        if key not in self._preview_cache:
            try:
                with self.match.world:
                    self._preview_cache[key] = self.match.ruleset.preview(self.match, action)
            except Exception:  # noqa: BLE001 - a preview failure must not block play
                self._preview_cache[key] = None
        return self._preview_cache[key]

    def unit_at(self, cell: Cell) -> UnitInfo | None:
        """The living unit standing on a cell."""
        for u in self.units:
            if u.cell == cell and u.alive:
                return u
        return None

    # -- driving -------------------------------------------------------------------------------
    def apply_step(self, step: Step) -> None:
        """Show what an input did: log, chance popups and sounds, slides."""
        factor = 0.0 if self.fast else self.app.settings.anim_factor
        self.fx.speed = factor
        if step.thought is not None and self.show_reasoning:
            self.log.add([step.thought.event()])
        self.log.add(step.events)
        for ev in step.events:
            if not ev.visible_to(self.viewer):
                continue
            if ev.chance:
                self.fx.add(ev)
            if factor > 0:
                self.app.sounds.play(
                    sound_for(ev) if (ev.chance or "hit" in ev.kind or "miss" in ev.kind) else None
                )
            if ev.kind == "end":
                self.toast = (ev.text, 4.0)
        for mv in step.moves:
            if factor > 0 and len(mv.path) >= 2:
                self.slides[mv.ent] = Slide(mv.ent, mv.path, 0.13 * (len(mv.path) - 1) / factor)
        if step.action is not None and step.action.actor is not None and step.moves and not self.fast:
            self._follow(step.action.actor)
        self._check_handoff()
        self.refresh()

    def _follow(self, ent: int) -> None:
        u = self.unit_by_ent.get(ent)
        if u is None:
            return
        sx, sy = self.camera.to_screen(self.layout.centre(u.cell))
        if not self.board_rect.inflate(-80, -80).collidepoint(sx, sy):
            self.camera.centre_on(self.layout.centre(u.cell))

    def submit(self, action: Action) -> None:
        """Send a person's action."""
        if not self.human_input:
            return
        self.armed = None
        self.focus = None
        self.apply_step(self.session.submit(action))

    def answer(self, key: str) -> None:
        """Send a person's answer to the open prompt."""
        if self.replay or self.handoff is not None or not self.session.waiting_for_human:
            return
        self.apply_step(self.session.answer(key))

    def undo(self) -> None:
        """Take back the last move."""
        if self.human_input and self.session.undo():
            self.slides.clear()
            self.log.set_events(self._log_events())
            self.refresh()
            self.toast = ("Move undone.", 1.5)

    def centre_on_active(self) -> None:
        """Centre the camera on the acting (or selected) unit."""
        ent = self.turn.unit if self.turn is not None and self.turn.unit is not None else self.selected
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is not None:
            self.camera.centre_on(self.layout.centre(u.cell))
            self._reach_surface = None
            self.dirty = True

    @property
    def busy(self) -> bool:
        """Animations still playing."""
        return bool(self.slides) or (self.fx.active and not self.fast)

    @property
    def animating(self) -> bool:
        """Frames are needed: slides, popups, AI turns, held pan keys, toasts."""
        if self.overlay == "pause" or self.handoff is not None:
            return False
        return (
            bool(self.slides)
            or self.fx.active
            or bool(self.keys_held)
            or self.toast is not None
            or (self.session.waiting_for_ai and self.overlay is None)
            or (self.match.over and not self.replay and self.end_hold >= 0)
        )

    def update(self, dt: float) -> None:
        """Advance animations and let the AI act at watch pace."""
        dt = min(dt, 0.1)
        if self.slides:
            for s in list(self.slides.values()):
                s.t += dt
                if s.done:
                    del self.slides[s.ent]
            self.dirty = True
        if self.fx.active:
            self.fx.update(dt)
            self.dirty = True
        if self.toast is not None:
            text, ttl = self.toast
            ttl -= dt
            self.toast = (text, ttl) if ttl > 0 else None
            self.dirty = True
        if self.keys_held:
            self._pan_keys(dt)
        if self.overlay is not None or self.handoff is not None:
            return
        if self.session.waiting_for_ai:
            self._run_ai(dt)
        elif self.match.over:
            self._finish(dt)

    def _run_ai(self, dt: float) -> None:
        if self.busy:
            return
        factor = self.app.settings.anim_factor
        self.ai_wait -= dt
        if self.ai_wait > 0 and not (self.fast or factor <= 0):
            return
        if self.fast or factor <= 0:
            deadline = pygame.time.get_ticks() + 25
            while self.session.waiting_for_ai and pygame.time.get_ticks() < deadline:
                self.apply_step(self.session.step_ai())
            self.ai_wait = 0.0
        else:
            self.apply_step(self.session.step_ai())
            self.ai_wait = 0.5 / factor
        self.dirty = True

    def _finish(self, dt: float) -> None:
        if self.busy:
            return
        self.end_hold += dt
        factor = self.app.settings.anim_factor
        hold = 0.0 if factor <= 0 else (0.2 if self.fast else 1.2 / factor)
        if self.end_hold >= hold:
            from game.ui.scenes.results import ResultsScene

            self.end_hold = -1
            self.app.switch(ResultsScene(self.app, self.session, replay=self.replay))

    def _pan_keys(self, dt: float) -> None:
        speed = 700 * dt
        dx = dy = 0.0
        for key in self.keys_held:
            if key in (pygame.K_LEFT, pygame.K_a):
                dx -= speed
            elif key in (pygame.K_RIGHT, pygame.K_d):
                dx += speed
            elif key in (pygame.K_UP, pygame.K_w):
                dy -= speed
            elif key in (pygame.K_DOWN, pygame.K_s):
                dy += speed
        if dx or dy:
            self.camera.pan(dx, dy)
            self._reach_surface = None
            self.dirty = True

    # -- input ---------------------------------------------------------------------------------
    @property
    def buttons(self) -> list[Button]:
        """Clickable buttons now: the prompt's while one is open, else the actions panel's."""
        return self.modal_buttons if self._modal_rect() is not None else self.panel_buttons

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard."""
        if self.overlay == "pause":
            self._handle_menu(event)
            return
        if self.handoff is not None:
            self._handle_handoff(event)
            return
        if self.overlay in ("help", "info"):
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.overlay = None
                self.dirty = True
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.keys_held.discard(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos, event.buttons)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._press(event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._release(event.pos, event.button)
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event.y)

    def _key(self, event: pygame.event.Event) -> None:
        key, mods = event.key, event.mod
        ctrl = bool(mods & pygame.KMOD_CTRL)
        self.dirty = True
        if key == pygame.K_ESCAPE:
            if self.chooser:
                self.chooser = None
            elif self.focus is not None:
                self.cancel_focus()
            elif self.armed:
                self.armed = None
                self._reach_surface = None
                self._panel_surface = None
            else:
                self.open_menu()
            return
        if key == pygame.K_F1 or event.unicode == "?":
            self.overlay = "help"
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) or (
            not ctrl and key in (pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s)
        ):
            self.keys_held.add(key)
            return
        if ctrl and key == pygame.K_s:
            self.save()
            return
        if (ctrl and key == pygame.K_z) or key == pygame.K_u:
            self.undo()
            return
        if key in (pygame.K_SPACE, pygame.K_f):
            self.fast = not self.fast
            if self.fast:
                self.fx.clear()
                self.slides.clear()
            self.toast = ("Fast-forward on" if self.fast else "Fast-forward off", 1.0)
            return
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom(1, None)
            return
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom(-1, None)
            return
        if key == pygame.K_c:
            self.centre_on_active()
            return
        if key == pygame.K_h:
            self.show_strip = not self.show_strip
            return
        if key == pygame.K_i:
            self.overlay = "info"
            return
        if key == pygame.K_x:
            self.toggle_reasoning()
            return
        if key == pygame.K_l:
            self.show_log = not self.show_log
            self._panel_surface = None
            return
        if key == pygame.K_TAB:
            self._next_unit()
            return
        if self.chooser:
            if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.chooser):
                self.submit(self.chooser[key - pygame.K_1])
            return
        decision = self.session.decision if self.session.waiting_for_human else None
        if decision is not None and self.handoff is None and not self.replay:
            if pygame.K_1 <= key <= pygame.K_9:
                i = key - pygame.K_1
                if i < len(decision.options):
                    self.answer(decision.options[i].key)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and decision.default in decision.keys():
                self.answer(decision.default)
            return
        if pygame.K_1 <= key <= pygame.K_9:
            self._activate_group(key - pygame.K_1)
            return
        if key in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER):
            for g in self.groups:
                if is_end(g.actions[0]) and len(g.actions) == 1:
                    self.submit(g.actions[0])
                    return

    def _activate_group(self, index: int) -> None:
        if index >= len(self.groups) or not self.human_input:
            return
        group = self.groups[index]
        if group.targeted:
            if self.armed == group.key and len(group.actions) == 1:
                # Pressed again with a single possible target: use it.
                self.submit(group.actions[0])
                return
            self.armed = None if self.armed == group.key else group.key
            self._panel_surface = None
            self._reach_surface = None
        elif len(group.actions) > 1:
            self.chooser = list(group.actions)  # e.g. the facings to turn to
            self.dirty = True
        else:
            self.submit(group.actions[0])

    def _next_unit(self) -> None:
        mine = [
            u
            for u in self.units
            if u.alive and u.state == "active" and (self.viewer is None or u.side == self.viewer)
        ]
        if not mine:
            return
        ents = [u.ent for u in mine]
        i = (ents.index(self.selected) + 1) % len(ents) if self.selected in ents else 0
        if self.turn is not None and self.turn.unit is not None:
            return  # the ruleset fixes who acts
        self.selected = ents[i]
        self._compute_actions()
        self._reach_surface = None
        self._panel_surface = None
        self.camera.centre_on(self.layout.centre(mine[i].cell))

    def _zoom(self, steps: int, anchor: tuple[int, int] | None) -> None:
        if self.camera.zoom_by(steps, anchor):
            self._reach_surface = None
            self.dirty = True

    def _wheel(self, y: int) -> None:
        if self.actions_rect.collidepoint(self.mouse):
            self.actions_scroll = max(0, self.actions_scroll - y)
            self._panel_surface = None
            self.dirty = True
            return
        if (
            self.panel_rect.collidepoint(self.mouse)
            and self.show_log
            and self.log.rect.collidepoint(self.mouse)
        ):
            self.log.scroll_by(y * 3)
            self.dirty = True
        elif self.board_rect.collidepoint(self.mouse) and y:
            self._zoom(1 if y > 0 else -1, self.mouse)

    def _motion(self, pos: tuple[int, int], buttons: tuple[int, ...]) -> None:
        old = (self.hover_cell, self._hot_button())
        self.mouse = pos
        if self.drag is not None and any(buttons):
            dx, dy = pos[0] - self.drag[0], pos[1] - self.drag[1]
            if self.dragged or abs(dx) + abs(dy) > 6:
                self.dragged = True
                self.camera.pan(-dx, -dy)
                self.drag = pos
                self._reach_surface = None
                self.dirty = True
        cell = None
        if self.board_rect.collidepoint(pos):
            cell = self.layout.cell_at(*self.camera.to_map(pos))
        self.hover_cell = cell
        if (self.hover_cell, self._hot_button()) != old:
            self.dirty = True
            if self._hot_button() != old[1]:
                self._panel_surface = None
                if self.turn is not None and self.turn.unit is None:
                    self._strip_surface = None  # the hand follows the unit under the mouse

    def _hot_button(self) -> Button | None:
        for b in self.buttons:
            if b.rect.collidepoint(self.mouse):
                return b
        return None

    def _press(self, pos: tuple[int, int], button: int) -> None:
        self.mouse = pos
        if button in (4, 5):
            return
        self._press_used = False
        if button == 3 and self.chooser:
            self.chooser = None
            self.dirty = True
            return
        if self.board_rect.collidepoint(pos):
            self.drag = pos
            self.dragged = False
        if button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(pos) and b.enabled:
                    b.on_click()
                    self.dirty = True
                    self._panel_surface = None
                    return
            entry = self._hand_card_at(pos)
            if entry is not None:
                self._press_used = True  # the release must not click the board under the strip
                self.play_hand_card(entry)
                return
            if self.show_log and self.log.rect.collidepoint(pos):
                if self.log.click(pos):
                    self.dirty = True
                return

    def _release(self, pos: tuple[int, int], button: int) -> None:
        dragged = self.dragged
        self.drag = None
        self.dragged = False
        if self._press_used:
            self._press_used = False
            return
        if dragged or not self.board_rect.collidepoint(pos) or self._modal_rect() is not None:
            return
        cell = self.layout.cell_at(*self.camera.to_map(pos))
        if button == 3:
            if self.focus is not None:
                self.cancel_focus()
            elif self.armed:
                self.armed = None
            elif self.turn is None or self.turn.unit is None:
                self.selected = None
                self._compute_actions()
            self._panel_surface = None
            self._reach_surface = None
            self.dirty = True
            return
        if button != 1 or cell is None:
            return
        self.click_cell(cell)

    def click_cell(self, cell: Cell) -> None:
        """What a left click on a board cell means now."""
        self.dirty = True
        unit = self.unit_at(cell)
        if self.human_input:
            if unit is not None and unit.ent in self.target_actions:
                self._submit_or_choose(self._candidates_for_target(unit.ent))
                return
            action = self._action_for_cell_target(cell)
            if action is not None:
                self._submit_or_choose(
                    [a for a in self.cell_actions[cell] if self.group_key(a) == self.armed]
                )
                return
            if cell in self.moves and (unit is None or unit.ent != self.selected):
                self._submit_or_choose(self.move_options.get(cell) or [self.moves[cell]])
                return
        if unit is not None:
            fixed = self.turn is not None and self.turn.unit is not None
            if not fixed or unit.ent == self.selected:
                self.selected = unit.ent
                self._compute_actions()
            self.inspected = unit.ent
            self._panel_surface = None
            self._reach_surface = None

    def hand_entries(self) -> tuple[str, list[dict[str, Any]]]:
        """The hand the strip shows: a title and its cards (one unit's when hands belong to units)."""
        if not self.hand:
            return "", []
        owners = [e.get("unit") for e in self.hand if isinstance(e.get("unit"), int)]
        if not owners:
            return "Hand", list(self.hand)
        asked = self.session.decision.context.get("unit") if self.session.decision is not None else None
        candidates = [
            asked,
            self.turn.unit if self.turn is not None else None,
            self.inspected,
            self.selected,
            self._offered_unit(),
            owners[0],
        ]
        ent = next(c for c in candidates if c in owners)
        u = self.unit_by_ent.get(ent)
        name = u.name if u is not None else f"#{ent}"
        sp = u.view.get("sp") if u is not None else None
        acting = self.turn is not None and self.turn.unit == ent
        title = f"{name}'s hand" + (f" · {sp} SP left" if isinstance(sp, int) and acting else "")
        return title, [e for e in self.hand if e.get("unit") == ent]

    def _hand_card_at(self, pos: tuple[int, int]) -> dict[str, Any] | None:
        """The hand strip card under a point (not where an open prompt covers the strip)."""
        if not self.show_strip or self.modal_area.collidepoint(pos):
            return None
        return next((e for r, e in self.hand_hits if r.collidepoint(pos)), None)

    def _offered_unit(self) -> int | None:
        """With nobody selected, the unit of the action button under the mouse, else of the first
        button (a side choosing which unit acts sees that unit's panel and hand)."""
        hot = self._hot_button()
        by_label = {g.label: g for g in self.groups}
        for g in ([by_label[hot.label]] if hot is not None and hot.label in by_label else []) + self.groups:
            actor = g.actions[0].actor
            if actor is not None and actor in self.unit_by_ent:
                return actor
        return None

    def play_hand_card(self, entry: dict[str, Any]) -> None:
        """A click on a hand card: play it at once, or offer its targets, destinations and options."""
        self.dirty = True
        self._strip_surface = None
        group = entry.get("group")
        if group and group == self.focus:
            self.cancel_focus()
            return
        d = self.session.decision
        if d is not None and not self.replay and self.handoff is None and self.session.waiting_for_human:
            # A prompt open: a card it offers ("option", e.g. a card to cheat in) answers it.
            if entry.get("playable") and entry.get("option") in d.keys():
                self.answer(str(entry["option"]))
            else:
                why = entry.get("why") or "not an answer to this prompt"
                self.toast = (f"{entry.get('name', 'That card')}: {why}.", 2.5)
            return
        if not self.human_input:
            return
        if not entry.get("playable"):
            why = entry.get("why") or "cannot be played now"
            self.toast = (f"{entry.get('name', 'That card')}: {why}.", 2.5)
            return
        legal = [a for a in self.session.legal() if group and a.hotkey_group == group
                 and (entry.get("unit") is None or a.actor == entry.get("unit"))]
        if not legal:
            self.toast = (f"{entry.get('name', 'That card')} has no legal use now.", 2.5)
            return
        if len(legal) == 1 and legal[0].target is None and legal[0].cell is None and not legal[0].path:
            self.submit(legal[0])
            return
        self.focus = group
        self.chooser = None
        if legal[0].actor is not None and (self.turn is None or self.turn.unit is None):
            self.selected = legal[0].actor
        self._compute_actions()
        self._reach_surface = None
        self._panel_surface = None

    def cancel_focus(self) -> None:
        """Stop playing the chosen hand card: every action is offered again."""
        self.focus = None
        self.armed = None
        self._compute_actions()
        self._reach_surface = None
        self._panel_surface = None
        self._strip_surface = None
        self.dirty = True

    def _submit_or_choose(self, actions: list[Action]) -> None:
        """One candidate is sent at once; several (facings, aimed parts...) open a chooser."""
        if len(actions) == 1:
            self.submit(actions[0])
        elif actions:
            self.chooser = list(actions)
            self.dirty = True

    def showcase_hover(self) -> None:
        """Point the mouse at something telling: a target's odds, else the longest move (screenshots)."""
        cell = None
        # A target whose action involves chance shows the odds box; any target otherwise.
        targets = sorted(self.target_actions, key=lambda e: self.preview(self.target_actions[e][0]) is None)
        for ent in targets:
            u = self.unit_by_ent.get(ent)
            if u is not None:
                cell = u.cell
                break
        if cell is None and self.moves:
            cell = max(self.moves, key=lambda c: len(self.moves[c].path))
        if cell is None:
            return
        active = self.unit_by_ent.get(self.selected) if self.selected is not None else None
        a = self.layout.centre(cell)
        if active is not None:
            b = self.layout.centre(active.cell)
            self.camera.centre_on(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        sx, sy = self.camera.to_screen(a)
        self.mouse = (round(sx), round(sy))
        self.hover_cell = cell
        self._reach_surface = None
        self.dirty = True

    # -- overlays: handoff, menu, save ---------------------------------------------------------
    def _handle_handoff(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        ) or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            self.viewer = self.handoff
            self.handoff = None
            self.selected = None
            self.log.set_viewer(self.viewer, self._log_events())
            self.refresh()
            self.centre_on_active()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()

    def open_menu(self) -> None:
        """The pause menu (Esc)."""
        from game.ui.scenes.menus import PauseMenu

        self.overlay = "pause"
        self.menu = PauseMenu(self)
        self.dirty = True

    def _handle_menu(self, event: pygame.event.Event) -> None:
        self.menu.handle(event)
        self.dirty = True

    def close_menu(self) -> None:
        """Back to the board."""
        self.overlay = None
        self.dirty = True

    def save(self) -> Path | None:
        """Save to a new file in the saves folder; the result is shown as a toast."""
        from game.ui.saves import SaveError, save_game

        try:
            path = save_game(self.session)
        except SaveError as exc:
            self.toast = (str(exc), 3.0)
            return None
        self.toast = (f"Saved: {path.name}", 2.5)
        self.dirty = True
        return path

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The whole battle screen."""
        surface.fill(self.pal.bg)
        self.modal_area = pygame.Rect(0, 0, 0, 0)
        if self.handoff is not None:
            self.hand_hits = []  # nothing of the last person's hand stays clickable
            self._draw_handoff(surface)
            if self.overlay == "pause":
                self.menu.draw(surface)
            return
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        self._draw_map(surface)
        self._draw_overlays(surface)
        self._draw_tokens(surface)
        self._draw_strip(surface)
        self.fx.draw(surface, self.board_rect)
        if self.show_reasoning:
            self._draw_reasoning(surface)
        surface.set_clip(clip)
        self._draw_bar(surface)
        self._draw_panel(surface)
        self._draw_decision(surface)
        self._draw_hover_info(surface)
        self._draw_toast(surface)
        if self.overlay == "help":
            self._draw_help(surface)
        elif self.overlay == "info":
            self._draw_info(surface)
        elif self.overlay == "pause":
            self.menu.draw(surface)

    def _draw_map(self, surface: pygame.Surface) -> None:
        scaled = self.art.scaled(self.camera.zoom)
        cam = self.camera
        area = pygame.Rect(cam.x, cam.y, cam.view.w, cam.view.h)
        dest = [cam.view.x, cam.view.y]
        if area.x < 0:
            dest[0] -= area.x
            area.w += area.x
            area.x = 0
        if area.y < 0:
            dest[1] -= area.y
            area.h += area.y
            area.y = 0
        surface.blit(scaled, dest, area)

    def _reach_overlay(self) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """Reachable cells and targets, drawn once into a surface the size of their bounding box."""
        if not self.moves and not self.target_actions and not self.cell_actions:
            return None
        if self._reach_surface is None:
            z = self.camera.zoom
            cells = list(self.moves)
            targets = [self.unit_by_ent[e].cell for e in self.target_actions if e in self.unit_by_ent]
            cell_targets = list(self.cell_actions) if self.armed else []
            all_cells = cells + targets + cell_targets
            if not all_cells:
                return None
            polys = {c: [(x * z, y * z) for x, y in self.layout.outline(c)] for c in all_cells}
            xs = [p[0] for pts in polys.values() for p in pts]
            ys = [p[1] for pts in polys.values() for p in pts]
            x0, y0 = math.floor(min(xs)) - 2, math.floor(min(ys)) - 2
            w, h = math.ceil(max(xs)) - x0 + 3, math.ceil(max(ys)) - y0 + 3
            surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            reach = (*self.pal.reach, 80)
            far = (*self.pal.reach, 36)  # cells only a different kind of move reaches (a run, a dash)
            edge = (*self.pal.reach, 170)
            options = [m.option for m in self.moves.values()]
            first = "" if "" in options else max(set(options), key=options.count, default="")
            for c in cells:
                pts = [(x - x0, y - y0) for x, y in polys[c]]
                pygame.draw.polygon(surf, reach if self.moves[c].option == first else far, pts)
                pygame.draw.polygon(surf, edge, pts, 1)
            for c in cell_targets:
                pts = [(x - x0, y - y0) for x, y in polys[c]]
                pygame.draw.polygon(surf, (*self.pal.target, 60), pts)
            for c in targets:
                pts = [(x - x0, y - y0) for x, y in polys[c]]
                pygame.draw.polygon(surf, (*self.pal.target, 90), pts)
                pygame.draw.polygon(surf, (*self.pal.target, 255), pts, max(2, round(2 * z)))
            self._reach_surface = (surf, (x0, y0))
        return self._reach_surface

    def _draw_overlays(self, surface: pygame.Surface) -> None:
        cam = self.camera
        reach = self._reach_overlay()
        if reach is not None:
            surf, (x0, y0) = reach
            surface.blit(surf, (x0 - cam.x + cam.view.x, y0 - cam.y + cam.view.y))
        if self.hover_cell is not None:
            pts = [cam.to_screen(p) for p in self.layout.outline(self.hover_cell)]
            pygame.draw.polygon(surface, (255, 255, 255), pts, 2)
            move = self.moves.get(self.hover_cell) if self.human_input else None
            if move is not None and self.unit_at(self.hover_cell) is None:
                self._draw_path(surface, move)

    def _draw_path(self, surface: pygame.Surface, move: Action) -> None:
        cam = self.camera
        start = self.unit_by_ent.get(move.actor) if move.actor is not None else None
        # A ruleset that gives no path still names the cell: then the line is straight.
        cells = ([start.cell] if start else []) + (list(move.path) or [move_dest(move)])
        pts = [cam.to_screen(self.layout.centre(c)) for c in cells]
        width = max(3, round(4 * cam.zoom))
        if len(pts) >= 2:
            pygame.draw.lines(surface, (20, 20, 24), False, pts, width + 2)
            pygame.draw.lines(surface, self.pal.path, False, pts, width)
        for p in pts[1:]:
            pygame.draw.circle(surface, self.pal.path, p, width)
        steps = len(move.path)
        label = f"{steps} step{'s' if steps != 1 else ''}" if steps else ""
        if move.label:
            label = f"{move.label} · {label}" if label else move.label
        text = self.fonts.render(label, Fonts.SMALL, (15, 15, 20), True)
        box = text.get_rect(midbottom=(pts[-1][0], pts[-1][1] - self.fonts.px(14)))
        box.clamp_ip(self.board_rect)
        pygame.draw.rect(surface, self.pal.path, box.inflate(10, 4), border_radius=4)
        surface.blit(text, box)

    def _draw_tokens(self, surface: pygame.Surface) -> None:
        cam = self.camera
        z = cam.zoom
        diameter = max(10, round(min(self.layout.tw, self.layout.th) * 0.74 * z))
        active = self.turn.unit if self.turn is not None else None
        view = cam.view.inflate(diameter * 2, diameter * 2)
        for u in sorted(self.units, key=lambda u: (u.alive, self.layout.centre(u.cell)[1])):
            slide = self.slides.get(u.ent)
            point = slide.point(self.layout) if slide else self.layout.centre(u.cell)
            sx, sy = cam.to_screen(point)
            if not view.collidepoint(sx, sy):
                continue
            if not u.alive:
                r = diameter // 4
                pygame.draw.line(surface, (90, 90, 96), (sx - r, sy - r), (sx + r, sy + r), 3)
                pygame.draw.line(surface, (90, 90, 96), (sx + r, sy - r), (sx - r, sy + r), 3)
                continue
            angle = self.layout.facing_angle(u.cell, u.facing) if u.facing is not None else None
            token = self.tokens.surface(
                u, diameter, u.ent == active, u.ent == self.selected and u.ent != active, angle
            )
            surface.blit(token, token.get_rect(center=(round(sx), round(sy))))

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """The viewer's private cards (hand) along the bottom of the board, piles summarised."""
        self.hand_hits = []
        if (not self.piles and not self.hand) or not self.show_strip:
            return
        if self._strip_surface is None:
            self._strip_hits = []
            self._strip_surface = self._render_hand_strip() if self.hand else self._render_strip()
        if self._strip_surface is not None:
            rect = self._strip_surface.get_rect(
                bottomleft=(self.board_rect.x + self.fonts.px(6), self.board_rect.bottom - self.fonts.px(6))
            )
            surface.blit(self._strip_surface, rect)
            self.hand_hits = [(r.move(rect.topleft), e) for r, e in self._strip_hits]
            for r, e in self.hand_hits:
                if r.collidepoint(self.mouse) and e.get("group") != self.focus:
                    pygame.draw.rect(surface, (255, 255, 255), r.inflate(2, 2), 2, border_radius=5)

    def _render_hand_strip(self) -> pygame.Surface | None:
        """The hand from the ruleset's hand_view: cost, name, kind; what cannot be played is dimmed."""
        f, pal = self.fonts, self.pal
        title, entries = self.hand_entries()
        if not entries:
            return None
        owner = entries[0].get("unit")
        # the holder's other piles (a second card family's zones are prefixed and left out)
        summary = [f"{p.zone} {p.count}" for p in self.piles
                   if p.owner == owner and " " not in p.zone and not p.zone.startswith("hand")]
        card_h = f.px(66)
        pad = f.px(6)
        gap = f.px(4)
        focus = self.focus
        cards = [draw_hand_card(f, pal, e, card_h, focused=focus is not None and e.get("group") == focus)
                 for e in entries]
        playable = sum(1 for e in entries if e.get("playable"))
        hint = (f"{playable} playable: click one to play it" if playable and self.human_input
                else "nothing playable now" if self.human_input else "")
        head = f"{title}  ·  {hint}" if hint else title
        if summary:
            head += "  ·  " + ", ".join(summary[:5])
        lh = f.line_height(Fonts.SMALL)
        width = pad + sum(c.get_width() + gap for c in cards) - gap + pad
        width = max(width, f.font(Fonts.SMALL).size(head)[0] + 2 * pad)
        width = min(width, self.board_rect.w - 2 * pad)
        height = pad + lh + card_h + pad
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*pal.panel, 230), surf.get_rect(), border_radius=6)
        surf.blit(f.render(head, Fonts.SMALL, pal.text), (pad, pad // 2))
        x = pad
        for card, entry in zip(cards, entries, strict=True):
            if x + card.get_width() > width - pad:
                break
            surf.blit(card, (x, pad + lh))
            self._strip_hits.append((pygame.Rect(x, pad + lh, card.get_width(), card.get_height()), entry))
            x += card.get_width() + gap
        return surf

    def shown_hands(self) -> list[Pile]:
        """Private zones the viewer may see: their side's hands and the selected unit's."""
        out = []
        for p in self.piles:
            if p.cards is None or p.visibility in ("all", "none"):
                continue
            owner_is_unit = p.owner in self.unit_by_ent
            if owner_is_unit and p.owner != self.selected:
                continue
            out.append(p)
        return out

    def _render_strip(self) -> pygame.Surface | None:
        f = self.fonts
        hands = self.shown_hands()
        summary = []
        for p in self.piles:
            if p.owner in self.unit_by_ent and p.owner != self.selected:
                continue
            if p.cards is None or p.visibility == "all" and p.zone != "hand":
                vis = "" if p.cards is not None else " hidden" if p.visibility not in ("none",) else ""
                summary.append(f"{p.zone} {p.count}{vis}")
        card_h = f.px(58)
        pad = f.px(6)
        width = pad
        pieces: list[tuple[str, list[pygame.Surface]]] = []
        for p in hands:
            cards = [draw_card(f, c, card_h) for c in (p.cards or ())]
            zone = p.zone.split(":")[0].replace("_", " ").capitalize()
            if p.owner in self.unit_by_ent:
                title = f"{p.owner_name} · {zone}"
            else:
                title = f"{zone} ({p.visibility})" if p.visibility not in ("all", "none") else zone
            pieces.append((title, cards))
            width += max(sum(c.get_width() + 3 for c in cards), f.font(Fonts.SMALL).size(title)[0]) + 2 * pad
        sum_text = "  ·  ".join(summary[:6])
        if not pieces and not sum_text:
            return None
        sum_surf = f.render(sum_text, Fonts.SMALL, self.pal.dim) if sum_text else None
        width = max(width, (sum_surf.get_width() + 2 * pad) if sum_surf else 0)
        width = min(width, self.board_rect.w - 2 * pad)
        lh = f.line_height(Fonts.SMALL)
        height = pad + (lh + card_h + pad if pieces else 0) + (lh + pad if sum_surf else 0)
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*self.pal.panel, 225), surf.get_rect(), border_radius=6)
        x = pad
        for title, cards in pieces:
            surf.blit(f.render(title, Fonts.SMALL, self.pal.text), (x, pad))
            cx = x
            for c in cards:
                surf.blit(c, (cx, pad + lh))
                cx += c.get_width() + 3
            x = max(cx, x + f.font(Fonts.SMALL).size(title)[0]) + 2 * pad
        if sum_surf:
            surf.blit(sum_surf, (pad, height - lh - pad // 2))
        return surf

    def _draw_bar(self, surface: pygame.Surface) -> None:
        if self._bar_surface is None:
            self._bar_surface = self._render_bar()
        surface.blit(self._bar_surface, self.bar_rect.topleft)

    def _render_bar(self) -> pygame.Surface:
        f, pal = self.fonts, self.pal
        surf = pygame.Surface(self.bar_rect.size)
        surf.fill(pal.panel)
        pygame.draw.line(
            surf, pal.panel_edge, (0, surf.get_height() - 1), (surf.get_width(), surf.get_height() - 1)
        )
        turn_text = f"Round {self.match.round}"
        surf.blit(f.render(turn_text, Fonts.BODY, pal.text, True), (f.px(10), f.px(6)))
        if self.turn is not None:
            who = self.turn.side
            if self.session.players.get(who) is not None:
                who += " (AI" + (", fast" if self.fast else "") + ")" if not self.replay else " (replay)"
            surf.blit(
                f.render(
                    who,
                    Fonts.SMALL,
                    pal.side(
                        self.session.sides.index(self.turn.side)
                        if self.turn.side in self.session.sides
                        else 0
                    ),
                ),
                (f.px(10), f.px(28)),
            )
        x = f.px(150)
        d = f.px(34)
        active = self.turn.unit if self.turn is not None else None
        for ent in self.order:
            u = self.unit_by_ent.get(ent)
            if u is None:
                continue
            if x + d > surf.get_width() - f.px(8):
                surf.blit(f.render("…", Fonts.LARGE, pal.dim), (x, f.px(10)))
                break
            token = self.tokens.surface(u, d, ent == active, False, None)
            surf.blit(token, token.get_rect(center=(x + d // 2, surf.get_height() // 2)))
            x += d + f.px(12)
        return surf

    def _draw_panel(self, surface: pygame.Surface) -> None:
        if self._panel_surface is None:
            self._panel_surface = self._render_panel()
        surface.blit(self._panel_surface, self.panel_rect.topleft)
        if self.show_log:
            self.log.draw(surface)

    def _render_panel(self) -> pygame.Surface:
        f, pal = self.fonts, self.pal
        rect = self.panel_rect
        surf = pygame.Surface(rect.size)
        surf.fill(pal.panel)
        pygame.draw.line(surf, pal.panel_edge, (0, 0), (0, rect.h))
        pad = f.px(10)
        inner = rect.w - 2 * pad
        y = pad
        rs = self.match.ruleset
        surf.blit(f.render(rs.name, Fonts.LARGE, pal.text, True), (pad, y))
        y += f.line_height(Fonts.LARGE)
        status = self._status_line()
        y = text_block(surf, f, [status], (pad, y), inner, Fonts.SMALL, pal.dim) + f.px(6)
        # Unit details: the one a prompt is about while it is open, else the inspected or selected one.
        asked = self.session.decision.context.get("unit") if self.session.decision is not None else None
        ent = asked if isinstance(asked, int) and asked in self.unit_by_ent else None
        ent = ent or getattr(self, "inspected", None) or self.selected or self._offered_unit()
        if ent is not None and ent not in self.unit_by_ent:
            ent = self.selected
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is not None:
            colour = pal.side(u.side_index)
            pygame.draw.rect(surf, colour, (pad, y + 3, f.px(10), f.px(10)))
            surf.blit(f.render(f"{u.name}  ({u.side})", Fonts.BODY, pal.text, True), (pad + f.px(16), y))
            y += f.line_height(Fonts.BODY)
            if u.hp is not None and u.hp_max:
                bar(
                    surf,
                    pygame.Rect(pad, y + 3, f.px(120), f.px(9)),
                    u.hp / u.hp_max,
                    pal.good if u.hp / u.hp_max > 0.5 else pal.bad,
                )
                surf.blit(
                    f.render(
                        f"{u.hp}/{u.hp_max} {health_label(u)}"
                        + ("" if u.state == "active" else f" · {u.state}"),
                        Fonts.SMALL,
                        pal.text,
                    ),
                    (pad + f.px(128), y),
                )
                y += f.line_height(Fonts.SMALL)
            if has_status(u.view):
                # The ruleset's generic status panel: bars, tags and titled sections.
                room = max(f.px(120), min(f.px(270), int(rect.h * 0.4)))
                if u.conditions:
                    conds = ", ".join(c.replace("_", " ") for c in u.conditions)
                    y = text_block(surf, f, [f"Conditions: {conds}"], (pad, y), inner, Fonts.SMALL, pal.text)
                y = draw_status(surf, f, pal, u.view, (pad, y + f.px(2)), inner, y + room) + f.px(6)
            else:
                lines = self.unit_lines(u)
                shown = lines[:UNIT_LINES]
                if len(lines) > UNIT_LINES:
                    shown.append(f"… {len(lines) - UNIT_LINES} more: press I")
                y = text_block(
                    surf, f, shown, (pad, y), inner, Fonts.SMALL, pal.text, max_y=y + f.px(190)
                ) + f.px(6)
        # Actions: as many buttons as fit above the log; the wheel scrolls the rest.
        self.panel_buttons = []
        self.actions_rect = pygame.Rect(0, 0, 0, 0)
        if self.session.waiting_for_human and not self.replay and self.session.decision is None:
            surf.blit(f.render("Actions", Fonts.BODY, pal.dim, True), (pad, y))
            y += f.line_height(Fonts.BODY)
            bh, gap = f.px(28), f.px(4)
            entries: list[Button] = []
            for i, g in enumerate(self.groups):
                targets = len({(a.target, a.cell) for a in g.actions})
                if g.targeted and targets > 1:
                    label = f"{g.label}  ({targets} targets)"
                elif not g.targeted and len(g.actions) > 1:
                    label = f"{g.label}…  ({len(g.actions)} choices)"
                else:
                    label = g.label
                hotkey = "E" if is_end(g.actions[0]) else (str(i + 1) if i < 9 else "")
                single = self.preview(g.actions[0]) if len(g.actions) == 1 else None
                entries.append(
                    Button(
                        pygame.Rect(0, 0, inner, bh),
                        label,
                        (lambda i=i: self._activate_group(i)),
                        hotkey=hotkey,
                        selected=self.armed == g.key,
                        tooltip=self._group_tooltip(g),
                        preview=single,
                    )
                )
            if self.focus is not None:
                entries.append(Button(pygame.Rect(0, 0, inner, bh), "Cancel the card (right click)",
                                      self.cancel_focus, hotkey="Esc"))
            if self.session.can_undo:
                entries.append(Button(pygame.Rect(0, 0, inner, bh), "Undo move", self.undo, hotkey="U"))
            if not entries:
                hint = "Select one of your units." if self.session.legal() else "No actions."
                y = text_block(surf, f, [hint], (pad, y), inner, Fonts.SMALL, pal.dim)
            log_min = f.px(150) if self.show_log else 0
            fit = max(1, (rect.h - y - log_min - f.px(24)) // (bh + gap))
            self.actions_scroll = max(0, min(self.actions_scroll, len(entries) - fit))
            shown = entries[self.actions_scroll : self.actions_scroll + fit]
            self.actions_rect = pygame.Rect(rect.x, rect.y + y, rect.w, len(shown) * (bh + gap))
            hot = self._hot_button()
            for b in shown:
                b.rect.topleft = (rect.x + pad, rect.y + y)
                local = Button(
                    pygame.Rect(pad, y, inner, bh), b.label, b.on_click, b.hotkey, True, [], b.selected
                )
                local.draw(surf, f, pal, hot is not None and hot.rect == b.rect, Fonts.SMALL)
                self.panel_buttons.append(b)
                y += bh + gap
            if len(entries) > fit:
                more = (f"▲ {self.actions_scroll} more  " if self.actions_scroll else "") + (
                    f"▼ {len(entries) - fit - self.actions_scroll} more"
                    if self.actions_scroll + fit < len(entries)
                    else ""
                )
                surf.blit(f.render(more + "  (wheel)", Fonts.SMALL, pal.active), (pad, y))
                y += f.line_height(Fonts.SMALL)
        y += f.px(6)
        self.log.set_rect(
            pygame.Rect(rect.x + f.px(4), rect.y + y, rect.w - f.px(8), max(f.px(40), rect.h - y - f.px(4)))
        )
        return surf

    def unit_lines(self, u: UnitInfo) -> list[str]:
        """Everything the viewer may know of a unit, one "Key: value" line per unit_view entry."""
        lines = []
        if u.conditions:
            lines.append("Conditions: " + ", ".join(c.replace("_", " ") for c in u.conditions))
        for k, v in u.view.items():
            if k.lower() in SHOWN_ELSEWHERE or k in STRUCTURED_KEYS or v in (None, "", [], {}) \
                    or isinstance(v, bool):
                continue
            lines.append(f"{k.replace('_', ' ').capitalize()}: {describe(v)}")
        own_piles = [p for p in self.piles if p.owner == u.ent]
        if own_piles:
            lines.append("Cards: " + ", ".join(f"{p.zone} {p.count}" for p in own_piles))
        return lines

    def _status_line(self) -> str:
        s = self.session
        if self.match.over and self.match.result is not None:
            r = self.match.result
            return f"Over: {'draw' if r.winner is None else r.winner + ' wins'} — {r.reason}"
        if s.need is None:
            return ""
        who = s.need.side
        if self.replay:
            return f"Replay — {who} to act. Space: fast-forward."
        if s.waiting_for_ai:
            return f"{who} (AI) is acting… Space/F fast-forward."
        if s.decision is not None:
            return f"{who}: answer the prompt."
        if self.focus is not None:
            name = next((str(e.get("name")) for e in self.hand if e.get("group") == self.focus), "the card")
            return f"Playing {name}: click a lit hex or target (right click cancels)."
        if self.armed:
            return "Pick a highlighted target (right click to cancel)."
        return f"Your turn ({who}). F1 for keys."

    def _group_tooltip(self, g: Group) -> list[str]:
        lines = []
        if len(g.actions) == 1:
            a = g.actions[0]
            if a.label and a.label != g.label:
                lines.append(a.label)
            p = self.preview(a)
            if p is not None:
                lines += self._preview_lines(p)
        else:
            lines.append(f"{len(g.actions)} possible targets — press the key, then click one.")
            lines += [a.label for a in g.actions[:6] if a.label]
        return lines

    @staticmethod
    def _preview_lines(p: Preview) -> list[str]:
        lines = [
            f"Hit {percent(p.hit)}   Crit {percent(p.crit)}   Kill {percent(p.kill)}",
            f"Expected damage {p.expected_damage:.2f}",
        ]
        if p.outcomes:
            lines.append("Outcomes: " + "; ".join(f"{name} {percent(prob)}" for name, prob in p.outcomes[:8]))
        lines += list(p.lines[:12])
        return lines

    def _draw_hover_info(self, surface: pygame.Surface) -> None:
        """Odds when hovering a target; tooltips for buttons; unit names otherwise."""
        hot = self._hot_button()
        if hot is not None:
            if hot.preview is not None:
                footer = f"Click: {hot.label}"
                draw_preview(surface, self.fonts, self.pal, hot.preview, self.mouse, footer=footer)
            elif hot.tooltip:
                tooltip(surface, self.fonts, self.pal, hot.tooltip, self.mouse, title=hot.label)
            return
        entry = self._hand_card_at(self.mouse)
        if entry is not None:
            cost = entry.get("cost")
            unit = entry.get("cost_unit", "cost")
            price = "" if cost is None else (f"{cost} {unit}" if unit != "cost" else f"cost {cost}")
            lines = [" · ".join(x for x in (price, str(entry.get("kind", ""))) if x)]
            if entry.get("text"):
                lines.append(str(entry["text"]))
            lines.append("Click to play it." if entry.get("playable")
                         else f"Cannot be played: {entry.get('why') or 'not now'}.")
            tooltip(surface, self.fonts, self.pal, lines, self.mouse, width=300, title=str(entry.get("name")))
            return
        if self._modal_rect() is not None:
            return
        if self.hover_cell is None or not self.board_rect.collidepoint(self.mouse) or self._modal_rect():
            return
        unit = self.unit_at(self.hover_cell)
        if unit is not None and self.human_input and unit.ent in self.target_actions:
            action = self._group_for_target(unit.ent)
            if action is not None:
                p = self.preview(action)
                many = len(self._candidates_for_target(unit.ent)) > 1
                footer = ("Click, then choose how (aim, option)" if many
                          else f"Click: {action.label or action.kind}")
                if p is not None:
                    draw_preview(surface, self.fonts, self.pal, p, self.mouse, footer=footer)
                    return
                title = action.label or action.kind
                tooltip(surface, self.fonts, self.pal, ["No chance involved.", footer], self.mouse, width=340,
                        title=title)
                return
        cell_action = self._action_for_cell_target(self.hover_cell) if self.human_input else None
        if cell_action is not None:
            p = self.preview(cell_action)
            if p is not None:
                draw_preview(surface, self.fonts, self.pal, p, self.mouse,
                             footer=f"Click: {cell_action.label or cell_action.kind}")
                return
            lines: list[str] = []
            tooltip(
                surface,
                self.fonts,
                self.pal,
                lines + [f"Click: {cell_action.label or cell_action.kind}"],
                self.mouse,
                width=320,
                title=cell_action.label or cell_action.kind,
            )
            return
        if unit is not None:
            hp = f"{unit.hp}/{unit.hp_max} {health_label(unit)}" if unit.hp is not None else ""
            lines = [x for x in (f"{unit.side}", hp, ", ".join(unit.conditions)) if x]
            tooltip(surface, self.fonts, self.pal, lines, self.mouse, width=220, title=unit.name)

    def _modal_rect(self) -> pygame.Rect | None:
        if self.chooser and self.handoff is None:
            return pygame.Rect(0, 0, 10, 10)
        d = self.session.decision if self.session.waiting_for_human and not self.replay else None
        if d is None or self.handoff is not None:
            return None
        w = min(self.fonts.px(560), self.board_rect.w - 40)
        return pygame.Rect(0, 0, w, 10)

    def _place_modal(self, rect: pygame.Rect, keep: int = 0) -> None:
        """Centre a prompt on the board, moved aside so the acting unit (and `keep` pixels around
        it, for facing arrows) stays in sight."""
        rect.center = self.board_rect.center
        ent = self._prompt_unit()
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is None:
            return
        x, y = self.camera.to_screen(self.layout.centre(u.cell))
        m = max(self.fonts.px(20), keep)
        clear = pygame.Rect(0, 0, 2 * m, 2 * m)
        clear.center = (round(x), round(y))
        if not rect.colliderect(clear):
            return
        room = self.fonts.px(12)
        area = self.board_rect.inflate(-2 * room, -2 * room)
        tries = []
        for side in ("below", "above", "left", "right"):
            r = pygame.Rect(rect)
            if side == "below":
                r.top = clear.bottom + room
            elif side == "above":
                r.bottom = clear.top - room
            elif side == "left":
                r.right = clear.left - room
            else:
                r.left = clear.right + room
            tries.append(r)
        for r in tries:
            if area.contains(r):
                rect.topleft = r.topleft
                return
        # Nowhere clear: the side that hides the least of the unit's surroundings.
        for r in tries:
            r.clamp_ip(self.board_rect)
        best = min(tries, key=lambda r: (r.clip(clear).w * r.clip(clear).h, tries.index(r)))
        rect.topleft = best.topleft

    def _prompt_unit(self) -> int | None:
        """The unit a prompt is about: the decision's "unit", else the acting or selected one."""
        d = self.session.decision
        if d is not None and isinstance((d.context or {}).get("unit"), int):
            return int(d.context["unit"])
        if self.chooser and self.chooser[0].actor is not None:
            return self.chooser[0].actor
        return self.turn.unit if self.turn is not None and self.turn.unit is not None else self.selected

    def facing_choices(self) -> tuple[int | None, list[tuple[int, str, str, Any, str]]]:
        """Facings offered now, as (hex side, label, detail, answer, hotkey) around a unit, else (None, []).

        From a decision whose context maps option keys to hex sides ("facings"), or a chooser of
        actions in the hotkey group "face" whose option is the hex side.
        """
        d = self.session.decision if self.session.waiting_for_human and not self.replay else None
        if self.chooser:
            acts = self.chooser
            if all(a.hotkey_group == "face" and a.option.isdigit() for a in acts):
                return acts[0].actor, [(int(a.option), a.label, "", (lambda a=a: self.submit(a)),
                                        str(i + 1) if i < 9 else "") for i, a in enumerate(acts)]
            return None, []
        if d is None or self.handoff is not None:
            return None, []
        ctx = d.context or {}
        facings, ent = ctx.get("facings"), ctx.get("unit")
        if not isinstance(facings, dict) or not isinstance(ent, int):
            return None, []
        out = []
        for i, o in enumerate(d.options):
            if o.key in facings:
                out.append((int(facings[o.key]), o.label, o.detail, (lambda k=o.key: self.answer(k)),
                            str(i + 1) if i < 9 else ""))
        return ent, out

    def _facing_geometry(self) -> tuple[float, float]:
        """(radius, arrow size) of the facing arrows at the current zoom."""
        tile = min(self.layout.tw, self.layout.th) * self.camera.zoom
        # big enough to click and to read the number on, whatever the zoom
        return max(self.fonts.px(24), tile * 0.42), max(self.fonts.px(26), tile * 0.34)

    def _draw_facings(self, surface: pygame.Surface) -> None:
        """Arrows around the unit for each facing on offer; each is a button (click or its number)."""
        ent, choices = self.facing_choices()
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is None or not choices:
            return
        centre = self.camera.to_screen(self.layout.centre(u.cell))
        radius, size = self._facing_geometry()
        for direction, label, detail, on_click, number in choices:
            angle = self.layout.facing_angle(u.cell, direction)
            pts = arrow_points(centre, angle, radius, size)
            # a square on the arrow's centre: neighbouring arrows' boxes never overlap
            side = max(12, round(size * 0.9))
            hit = pygame.Rect(0, 0, side, side)
            hit.center = (round(sum(q[0] for q in pts) / 3), round(sum(q[1] for q in pts) / 3))
            hot = hit.collidepoint(self.mouse)
            draw_arrow(surface, self.fonts, self.pal, pts, number, direction == u.facing, hot)
            tip = [detail] if detail else ["Click to face this way."]
            # drawn over the prompt, so clicked before its buttons
            self.modal_buttons.insert(0, Button(hit, label, on_click, tooltip=tip))

    def _facing_keep(self) -> int:
        """Pixels around the prompt's unit a panel must leave free for its facing arrows."""
        if not self.facing_choices()[1]:
            return 0
        radius, size = self._facing_geometry()
        return round(radius + size + self.fonts.px(8))

    def _draw_chooser(self, surface: pygame.Surface) -> None:
        """Several actions fit one click (facings, aimed parts): pick one with 1-9 or the mouse."""
        f, pal = self.fonts, self.pal
        actions = self.chooser or []
        w = min(f.px(460), self.board_rect.w - 40)
        pad, bh = f.px(12), f.px(30)
        shown = actions[:12]
        first = self.preview(shown[0]) if shown else None
        common, rests = split_labels([a.label for a in shown])
        title = f"{common or group_label(shown)}: choose one" if shown else "Choose"
        summary = ""
        if first is not None:
            summary = (f"Hit {percent(first.hit)} · Crit {percent(first.crit)} · expected damage "
                       f"{first.expected_damage:.2f} — hover an option for every modifier and outcome")
        title_lines = f.wrap(title, w - 2 * pad, Fonts.LARGE, True)
        summary_lines = f.wrap(summary, w - 2 * pad, Fonts.SMALL) if summary else []
        rect = pygame.Rect(
            0,
            0,
            w,
            2 * pad
            + len(title_lines) * f.line_height(Fonts.LARGE)
            + len(summary_lines) * f.line_height(Fonts.SMALL)
            + len(shown) * (bh + f.px(4))
            + f.line_height(Fonts.SMALL)
            + pad,
        )
        self._place_modal(rect, self._facing_keep())
        self.modal_area = pygame.Rect(rect)
        panel(surface, rect, pal, alpha=245)
        pygame.draw.rect(surface, pal.active, rect, 2, border_radius=6)
        y = rect.y + pad
        for line in title_lines:
            surface.blit(f.render(line, Fonts.LARGE, pal.text, True), (rect.x + pad, y))
            y += f.line_height(Fonts.LARGE)
        y = text_block(surface, f, summary_lines, (rect.x + pad, y), w - 2 * pad, Fonts.SMALL, pal.active)
        self.modal_buttons = []
        for i, a in enumerate(shown):
            label = rests[i] or a.label or f"{a.kind} {a.option}".strip()
            p = self.preview(a)
            b = Button(
                pygame.Rect(rect.x + pad, y, w - 2 * pad, bh),
                label,
                (lambda a=a: self.submit(a)),
                hotkey=str(i + 1) if i < 9 else "",
                preview=p,
            )
            b.draw(surface, f, pal, b.rect.collidepoint(self.mouse), Fonts.BODY)
            self.modal_buttons.append(b)
            y += bh + f.px(4)
        surface.blit(
            f.render("1–9 or click · Esc cancels", Fonts.SMALL, pal.dim), (rect.x + pad, y + f.px(2))
        )
        self._draw_facings(surface)

    def _draw_decision(self, surface: pygame.Surface) -> None:
        """A person's prompt: the question, its options (1-9) and what each means."""
        if self.chooser and self.handoff is None:
            self._draw_chooser(surface)
            return
        d = self.session.decision if self.session.waiting_for_human and not self.replay else None
        if d is None or self.handoff is not None:
            return
        f, pal = self.fonts, self.pal
        w = min(f.px(560), self.board_rect.w - 40)
        pad = f.px(12)
        inner = w - 2 * pad
        # The context is the ruleset's data for the deciding side's controller; of it the panel
        # shows the cards at stake: a list, or a card per option key (numbered like the options).
        ctx = d.context or {}
        ctx_lines = [str(x) for x in ctx.get("lines") or [] if isinstance(x, str)]
        ctx_dice = [str(x) for x in ctx.get("dice") or []]
        ctx_cards: list[tuple[str, str]] = []
        cards = ctx.get("cards")
        if isinstance(cards, (list, tuple)):
            ctx_cards = [(str(c), "") for c in cards]
        elif isinstance(cards, dict):
            keys = d.keys()
            ctx_cards = [(str(c), str(keys.index(k) + 1) if k in keys else "") for k, c in cards.items()]
        # Measure first so the panel fits its content.
        lh = f.line_height(Fonts.SMALL)
        prompt_lines = f.wrap(d.prompt, inner, Fonts.LARGE, True)
        h = pad + len(prompt_lines) * f.line_height(Fonts.LARGE) + pad
        h += sum(len(f.wrap(x, inner, Fonts.SMALL)) for x in ctx_lines) * lh
        card_h = f.px(64)
        dice = [draw_die(f, face, f.px(38), kind=str(ctx.get("die", ""))) for face in ctx_dice]
        if dice:
            h += max(d_.get_height() for d_ in dice) + pad
        if ctx_cards:
            h += card_h + pad + lh
        bh = f.px(30)
        detail_w = inner - f.px(20)
        details = lh * sum(len(f.wrap(o.detail, detail_w, Fonts.SMALL)) for o in d.options if o.detail)
        h += len(d.options) * (bh + f.px(4)) + pad + lh
        # Too tall with every option's detail inline: the details become the buttons' tooltips.
        inline = h + details <= self.board_rect.h - 20
        if inline:
            h += details
        rect = pygame.Rect(0, 0, w, min(h, self.board_rect.h - 20))
        self._place_modal(rect, self._facing_keep())
        self.modal_area = pygame.Rect(rect)
        panel(surface, rect, pal, alpha=245)
        pygame.draw.rect(surface, pal.active, rect, 2, border_radius=6)
        y = rect.y + pad
        for line in prompt_lines:
            surface.blit(f.render(line, Fonts.LARGE, pal.text, True), (rect.x + pad, y))
            y += f.line_height(Fonts.LARGE)
        y = text_block(surface, f, ctx_lines, (rect.x + pad, y), inner, Fonts.SMALL, pal.dim)
        if dice:
            # The dice behind the question (defense dice before taking the damage), as symbols.
            x = rect.x + pad
            for die in dice:
                surface.blit(die, (x, y + pad // 2))
                x += die.get_width() + f.px(6)
            y += max(d_.get_height() for d_ in dice) + pad
        if ctx_cards:
            x = rect.x + pad
            for c, number in ctx_cards[:12]:
                card = draw_card(f, c, card_h)
                if x + card.get_width() > rect.right - pad:
                    break
                surface.blit(card, (x, y + pad // 2))
                if number:
                    tag = f.render(number, Fonts.SMALL, pal.active, True)
                    surface.blit(
                        tag, tag.get_rect(midtop=(x + card.get_width() // 2, y + pad // 2 + card_h + 2))
                    )
                x += card.get_width() + 6
            y += card_h + pad + lh
        y += pad // 2
        # Buttons live in screen space for clicks; they replace the actions panel's while open.
        self.modal_buttons = []
        hot_pos = self.mouse
        for i, o in enumerate(d.options):
            label = o.label + ("  (default)" if o.key == d.default else "")
            b = Button(
                pygame.Rect(rect.x + pad, y, inner, bh),
                label,
                (lambda k=o.key: self.answer(k)),
                hotkey=str(i + 1) if i < 9 else "",
                selected=o.key == d.default,
                tooltip=[] if inline or not o.detail else [o.detail],
            )
            b.draw(surface, f, pal, b.rect.collidepoint(hot_pos), Fonts.BODY)
            self.modal_buttons.append(b)
            y += bh + f.px(4)
            if o.detail and inline:
                y = text_block(
                    surface,
                    f,
                    [o.detail],
                    (rect.x + pad + f.px(20), y),
                    inner - f.px(20),
                    Fonts.SMALL,
                    pal.dim,
                )
        hint = f"{d.side}: press 1–{min(9, len(d.options))}" + (
            " or Enter for the default" if d.default else ""
        )
        if self.facing_choices()[1]:
            hint += " · or click an arrow"
        surface.blit(f.render(hint, Fonts.SMALL, pal.dim), (rect.x + pad, rect.bottom - pad - lh))
        self._draw_facings(surface)

    def _draw_reasoning(self, surface: pygame.Surface) -> None:
        """The latest AI input's top choices in the board's top-left corner."""
        lines = self.reasoning_lines()
        if not lines:
            return
        f, pal = self.fonts, self.pal
        lh = f.line_height(Fonts.SMALL)
        pad = f.px(8)
        width = min(f.px(440), self.board_rect.w - 2 * pad)
        indent = f.px(16)
        rows: list[tuple[str, bool, int]] = []
        for text, strong in lines:
            x = indent if text.startswith("    ") else 0
            parts = f.wrap(text.strip(), width - 2 * pad - x, Fonts.SMALL, strong)
            rows.extend((part, strong, x) for part in parts)
        rect = pygame.Rect(self.board_rect.x + pad, self.board_rect.y + pad, width, lh * len(rows) + 2 * pad)
        panel(surface, rect, pal, alpha=225)
        y = rect.y + pad
        for i, (text, strong, x) in enumerate(rows):
            colour = pal.active if i == 0 else (pal.text if strong else pal.dim)
            surface.blit(f.render(text, Fonts.SMALL, colour, strong), (rect.x + pad + x, y))
            y += lh

    def _draw_toast(self, surface: pygame.Surface) -> None:
        if self.toast is None:
            return
        text = self.fonts.render(self.toast[0][:120], Fonts.BODY, self.pal.text, True)
        rect = text.get_rect(midbottom=(self.board_rect.centerx, self.board_rect.bottom - self.fonts.px(90)))
        panel(surface, rect.inflate(24, 14), self.pal, alpha=235)
        surface.blit(text, rect)

    def _draw_help(self, surface: pygame.Surface) -> None:
        f, pal = self.fonts, self.pal
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        lh = f.line_height(Fonts.BODY) + f.px(4)
        key_w = max(f.font(Fonts.BODY, True).size(k)[0] for k, _ in HELP_LINES) + f.px(24)
        text_w = max(f.font(Fonts.BODY).size(w)[0] for _, w in HELP_LINES)
        rect = pygame.Rect(
            0, 0, min(key_w + text_w + f.px(40), surface.get_width() - 20), lh * (len(HELP_LINES) + 3)
        )
        rect.center = surface.get_rect().center
        panel(surface, rect, pal)
        y = rect.y + f.px(12)
        surface.blit(f.render("Keys and mouse", Fonts.LARGE, pal.text, True), (rect.x + f.px(16), y))
        y += lh + f.px(6)
        for key, what in HELP_LINES:
            surface.blit(f.render(key, Fonts.BODY, pal.active, True), (rect.x + f.px(16), y))
            surface.blit(f.render(what, Fonts.BODY, pal.text), (rect.x + f.px(16) + key_w, y))
            y += lh
        surface.blit(f.render("Any key or click closes this.", Fonts.SMALL, pal.dim), (rect.x + f.px(16), y))

    def _draw_info(self, surface: pygame.Surface) -> None:
        """The selected (or inspected) unit's full view."""
        f, pal = self.fonts, self.pal
        ent = self.inspected or self.selected
        u = self.unit_by_ent.get(ent) if ent is not None else None
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        rect = pygame.Rect(0, 0, min(f.px(760), surface.get_width() - 40), surface.get_height() - 60)
        rect.center = surface.get_rect().center
        panel(surface, rect, pal)
        pad = f.px(16)
        title = u.name + f"  ({u.side})" if u is not None else "No unit selected"
        surface.blit(f.render(title, Fonts.LARGE, pal.text, True), (rect.x + pad, rect.y + pad))
        y = rect.y + pad + f.line_height(Fonts.LARGE) + f.px(6)
        if u is not None:
            hp = [f"{health_label(u)}: {u.hp}/{u.hp_max}"] if u.hp is not None else []
            status: list[str] = []
            for b in u.view.get("bars") or []:
                if isinstance(b, dict):
                    note = f" ({b['note']})" if b.get("note") else ""
                    status.append(f"{b.get('label')}: {b.get('value')}/{b.get('max')}{note}")
            if u.view.get("tags"):
                status.append("State: " + ", ".join(str(t) for t in u.view["tags"]))
            sections = u.view.get("sections")
            for text, title in section_lines(sections if isinstance(sections, dict) else {}):
                status.append(f"{text}:" if title else f"   {text}")
            lines = [*hp, f"State: {u.state}", *status, *self.unit_lines(u)]
            text_block(
                surface,
                f,
                lines,
                (rect.x + pad, y),
                rect.w - 2 * pad,
                Fonts.BODY,
                pal.text,
                max_y=rect.bottom - pad,
            )

    def _draw_handoff(self, surface: pygame.Surface) -> None:
        f, pal = self.fonts, self.pal
        colour = (
            pal.side(self.session.sides.index(self.handoff))
            if self.handoff in self.session.sides
            else pal.text
        )
        title = f.render(f"Pass to {self.handoff}", Fonts.TITLE, colour, True)
        rect = surface.get_rect()
        surface.blit(title, title.get_rect(center=(rect.centerx, rect.centery - f.px(40))))
        sub = f.render(
            "The other player looks away. Click or press Enter when you are ready.", Fonts.BODY, pal.text
        )
        surface.blit(sub, sub.get_rect(center=(rect.centerx, rect.centery + f.px(10))))
