"""The battle screen: a match in progress (or a replay of one), assembled from its parts.

The scene reads the match (through `view`, kept in a pygame-free `BattleModel`) and sends intents
through the `Session`; it never decides a rule. Everything it shows of hidden information is
filtered for the side at the screen. Each part (board, tokens, turn bar, panels, hand strip,
tooltips, prompts, overlays, input, AI pacing) lives in its own module as a mixin.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.action import Action
from game.core.ruleset import Preview
from game.ui.battle.actions_panel import ActionsMixin
from game.ui.battle.autosetup import AutoSetupMixin
from game.ui.battle.board import BoardMixin
from game.ui.battle.driving import DrivingMixin
from game.ui.battle.extensions import LAYERS, BattleLayer, load_ruleset_ui, side_names
from game.ui.battle.facings import FacingMixin
from game.ui.battle.handstrip import HandStripMixin
from game.ui.battle.input import InputMixin
from game.ui.battle.model import BattleModel, group_key
from game.ui.battle.names import NamesMixin
from game.ui.battle.overlays import OverlayMixin
from game.ui.battle.pacing import PacingMixin, Slide
from game.ui.battle.prompts import PromptMixin
from game.ui.battle.reasoning import ReasoningMixin
from game.ui.battle.tooltips import TooltipMixin
from game.ui.battle.turnbar import TurnBarMixin
from game.ui.battle.unit_tokens import TokensMixin
from game.ui.battle.unitpanel import UnitPanelMixin
from game.ui.camera import Camera
from game.ui.chancefx import ChanceFx
from game.ui.logpanel import LogPanel
from game.ui.mapdraw import MapArt
from game.ui.scenes.base import Scene
from game.ui.session import Session
from game.ui.tokens import TokenArt
from game.ui.view import UnitInfo
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.core.geometry import Cell
    from game.ui.app import App


class _Model:
    """An attribute of the scene that lives on its model (tests and parts read either)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        return getattr(obj.model, self.name)

    def __set__(self, obj: Any, value: Any) -> None:
        setattr(obj.model, self.name, value)


class BattleScene(
    DrivingMixin,
    InputMixin,
    PacingMixin,
    BoardMixin,
    TokensMixin,
    TurnBarMixin,
    UnitPanelMixin,
    ActionsMixin,
    HandStripMixin,
    TooltipMixin,
    PromptMixin,
    AutoSetupMixin,
    FacingMixin,
    ReasoningMixin,
    OverlayMixin,
    NamesMixin,
    Scene,
):
    """A match in progress (or a replay of one)."""

    viewer = _Model()
    units = _Model()
    unit_by_ent = _Model()
    piles = _Model()
    hand = _Model()
    order = _Model()
    turn = _Model()
    selected = _Model()
    inspected = _Model()
    armed = _Model()
    focus = _Model()
    chooser = _Model()
    hover_cell = _Model()
    moves = _Model()
    move_options = _Model()
    target_actions = _Model()
    cell_actions = _Model()
    groups = _Model()

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
        self.model = BattleModel(session, humans[0] if humans and not replay else None, replay)
        self.log.set_viewer(self.viewer, self._log_events())
        self.handoff: str | None = None
        self.mouse = (0, 0)
        self.wheel_quiet = False  # the actions list scrolled under a still mouse: no hover box yet
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
        self.actions_scroll = 0
        self.actions_rect = pygame.Rect(0, 0, 0, 0)
        self._reach_surface: tuple[pygame.Surface, tuple[int, int]] | None = None
        self._panel_surface: pygame.Surface | None = None
        self._bar_surface: pygame.Surface | None = None
        self._strip_surface: pygame.Surface | None = None
        self.hand_hits: list[tuple[pygame.Rect, dict[str, Any]]] = []
        self.tag_hits: list[tuple[pygame.Rect, str, str]] = []
        self._press_used = False
        self._strip_hits: list[tuple[pygame.Rect, dict[str, Any]]] = []
        self.modal_area = pygame.Rect(0, 0, 0, 0)  # where an open prompt covers the board
        self.prompt_keep: list[pygame.Rect] = []  # boxes drawn this frame that a prompt must not cover
        #: word boxes a ruleset's layer wrote on the board this frame (tokens' odds): hover boxes
        #: keep clear of them
        self.board_boxes: list[pygame.Rect] = []
        self.word_rects: list[pygame.Rect] = []  # labels on the board this frame (outlines keep them whole)
        self.hover_box: pygame.Rect | None = None  # where the last hover box went
        #: per person at a hot-seat screen, the unit they had picked when the screen passed on
        self.picked_by_viewer: dict[str | None, int | None] = {}
        self.prompt_page = 0
        self._still: pygame.Surface | None = None  # the last full frame, kept while the AI thinks
        self._marks: list[pygame.Rect] = []  # where the thinking mark and toast were drawn over it
        #: the screen areas the last draw changed when it redrew only those (None: everything)
        self.update_rects: list[pygame.Rect] | None = None
        self._prompt_seen: Any = None
        self.side_names = side_names(session)
        self.log.names = self.side_names
        self.card_names: dict[str, str] = {}
        self.fx.names = self.card_names
        load_ruleset_ui(self.match.ruleset.id)
        self.layer: BattleLayer | None = None  # the ruleset's own board marks and pacing, if any
        self.layout_rects(app.screen_size)
        self.camera = Camera(self.board_rect, self.layout.size())
        self.camera.fit()
        make_layer = LAYERS.get(self.match.ruleset.id)
        self.layer = make_layer(self) if make_layer is not None else None
        self._check_handoff()
        self.refresh()
        self.fit_view()
        self.centre_on_active()

    def fit_view(self) -> None:
        """The first view: the whole map, clear of the window's edges and above the hand of cards
        along the board's bottom (casket's hexes were cut at the edges and under the hand)."""
        reserve = 0
        if (self.piles or self.hand) and self.show_strip:
            strip = self._render_hand_strip() if self.hand else self._render_strip()
            reserve = strip.get_height() + 2 * self.fonts.px(6) if strip is not None else 0
            if strip is None and self.hand:
                # the hand is shown once one of the viewer's units acts (the AI acts first): room
                # for a row of its cards under their heading
                from game.ui.theme import Fonts

                lh = self.fonts.line_height(Fonts.SMALL)
                reserve = self._strip_room()[1] + 2 * lh + 4 * self.fonts.px(6)
            self._strip_surface = None  # drawn again with the frame
        self.camera.fit(self.fonts.px(8), reserve)
        self._fitted_scale = self.fonts.scale
        self._reach_surface = None

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
        self.fx.names = self.card_names
        events = self._log_events()
        self.log = LogPanel(self.fonts, self.pal)
        self.log.side_colours = {s: self.pal.side(i) for i, s in enumerate(self.session.sides)}
        self.log.names = self.side_names
        self.log.set_viewer(self.viewer, events)
        self.layout_rects(self.app.screen_size)
        self.refresh()
        if self.fonts.scale != self._fitted_scale:
            # a new UI scale changes the board's room: the map is fitted to it again (at 150 %
            # its right part was cut off at the old zoom)
            self.fit_view()

    # -- reading state -------------------------------------------------------------------------
    def _check_handoff(self) -> None:
        """Hot-seat: when another person must act, hide the screen until they take it."""
        s = self.session
        if self.replay or not s.hotseat or s.need is None or not s.waiting_for_human or self.layer_playing:
            return  # (a layer still playing out the last input hands over when it is done)
        if s.need.side != self.viewer:
            self.handoff = s.need.side

    def refresh(self) -> None:
        """Re-read the world for the viewer after an input."""
        self.settle_ai()
        self._still = None
        self.model.read()
        self._learn_card_names()
        self._reach_surface = None
        self._panel_surface = self._bar_surface = self._strip_surface = None
        self.dirty = True

    def _compute_actions(self) -> None:
        self.model.compute_actions()

    @property
    def human_input(self) -> bool:
        """A person may act now (not the AI's turn, no overlay covering the board)."""
        s = self.session
        return (not self.replay and s.waiting_for_human and self.handoff is None and self.overlay is None
                and not self.layer_playing)

    @property
    def layer_playing(self) -> bool:
        """The ruleset's layer is still showing the last input's events (prompts and the AI wait)."""
        return self.layer is not None and self.layer.playing

    def preview(self, action: Action) -> Preview | None:
        """The ruleset's exact odds for an action (cached until the next input)."""
        return self.model.preview(action)

    def unit_at(self, cell: Cell) -> UnitInfo | None:
        """The living unit standing on a cell."""
        return self.model.unit_at(cell)

    def _candidates_for_target(self, ent: int) -> list[Action]:
        return self.model.candidates_for_target(ent)

    def _group_for_target(self, ent: int) -> Action | None:
        return self.model.group_for_target(ent)

    def _action_for_cell_target(self, cell: Cell) -> Action | None:
        return self.model.action_for_cell_target(cell)

    @staticmethod
    def group_key(a: Action) -> str:
        """The actions-panel group an action belongs to."""
        return group_key(a)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The whole battle screen. While the AI thinks on its thread, the frame last drawn is kept
        and only what moves (the thinking mark, toasts) is drawn over it: each drawing call hands
        the interpreter to the worker for a moment, so a full redraw per frame would crawl."""
        self.update_rects = None
        if self.handoff is not None:
            surface.fill(self.pal.bg)
            self.modal_area = pygame.Rect(0, 0, 0, 0)
            self.hand_hits = []  # nothing of the last person's hand stays clickable
            self._draw_handoff(surface)
            if self.overlay == "pause":
                self.menu.draw(surface)
            return
        keep = self.worker is not None and self.overlay is None
        partial = keep and self._still is not None and self._still.get_size() == surface.get_size()
        if partial:
            # only the thinking mark and a toast change: restore their areas, redraw, show those
            assert self._still is not None
            for r in self._marks:
                surface.blit(self._still, r, r)
        else:
            self._draw_screen(surface)
            self._still = surface.copy() if keep else None
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        thinking = self._draw_thinking(surface)
        surface.set_clip(clip)
        toast = self._draw_toast(surface)
        marks = [r for r in (thinking, toast) if r is not None]
        self.update_rects = [r.clip(surface.get_rect()) for r in self._marks + marks] if partial else None
        self._marks = marks
        if self.overlay == "help":
            self._draw_help(surface)
        elif self.overlay == "info":
            self._draw_info(surface)
        elif self.overlay == "pause":
            self.menu.draw(surface)

    def _draw_screen(self, surface: pygame.Surface) -> None:
        """Board, tokens, strip, popups, bar, panel, prompt and hover information."""
        surface.fill(self.pal.bg)
        self.modal_area = pygame.Rect(0, 0, 0, 0)
        self.prompt_keep = []
        self.word_rects = []
        if self.camera.slack != (0.0, 0.0) and self._modal_rect() is None and not self.layer_playing \
                and not (self.session.waiting_for_human and self.session.decision is not None):
            # the prompt that moved a small map aside has closed: the map goes back to its centre
            # (not while the cards it asked for are dealt before it asks again: the map jumped
            # back and forth with every card of a hit check)
            self.camera.slack = (0.0, 0.0)
            self.camera.clamp()
            self._reach_surface = None
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        self._draw_map(surface)
        self._draw_overlays(surface)
        if self.layer is not None:
            self.layer.draw_board(surface)
        self._draw_tokens(surface)
        if self.layer is not None:
            self.layer.draw_top(surface)
        self._draw_path_label(surface)
        self._draw_strip(surface)
        # the AI's reasoning first, in a free corner; the chance popups keep clear of it
        box = self._draw_reasoning(surface) if self.show_reasoning else None
        surface.set_clip(clip)
        self._draw_bar(surface)
        self._draw_panel(surface)
        self._draw_decision(surface)
        # the popups after the prompt, so they keep clear of where it is this frame (not under it)
        surface.set_clip(self.board_rect)
        keep = [r for r in (self.modal_area, box) if r is not None and r.w]
        self.fx.draw(surface, self.board_rect, avoid=keep)
        surface.set_clip(clip)
        self._draw_hover_info(surface)

    def invalidate(self) -> None:
        """Something on screen changed: the next frame is drawn in full."""
        self._still = None
        self.dirty = True
