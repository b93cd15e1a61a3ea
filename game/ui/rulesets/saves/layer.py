"""The saves battle layer: declarations on the board, the resolution played out event by event,
banners (see the package's docstring)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.core.events import Event
from game.core.kinds import EVENT_MATCH_OVER
from game.rulesets.saves.kinds import Ask, Ev, Kind
from game.ui.chancefx import sound_for
from game.ui.rulesets.saves.marks import ATTACK_RED, MANEUVER, MOVE_INK, SHADOW, arrow, marks_for, trail
from game.ui.rulesets.saves.overlays import badge_spot, draw_banner, draw_group_info, draw_pill, draw_progress
from game.ui.rulesets.saves.reading import pick_unit, walk

if TYPE_CHECKING:
    from game.core.geometry import Cell
    from game.ui.session import Step

#: seconds each event holds the screen at normal speed (a roll; a morale check or rout; the rest)
PACE_ROLL, PACE_NEWS, PACE_LINE = 0.85, 1.4, 0.3


class SavesLayer:
    """Declarations on the board, the resolution played out, announcements (see the module)."""

    #: the end is said in the banner (`_news`), so the screen's end toast would say it twice
    announces_end = True

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.queue: list[Event] = []
        self.wait = 0.0
        #: the units as the board shows them while a resolution plays (None: as they are)
        self.shown: dict[int, Any] | None = None
        self._shown_list: list[Any] = []
        self._pills: list[tuple[tuple[float, float], str, tuple[int, int, int]]] = []
        #: the roll being shown: (attackers, target, gang bonus, counter-attack)
        self.rolling: tuple[list[int], int, int, bool] | None = None
        self.banner: list[str] = []
        self.banner_ttl = 0.0
        self.banner_colour = scene.pal.active
        self.want_select = True
        self._framed: Any = None  # the decision the camera was last framed for
        #: the zoom before the camera framed a fight, given back as the viewer's turn begins
        self._zoom_before: int | None = None
        self._turn_began = False
        self._view: dict[str, Any] | None = None
        self._view_key: Any = None
        opening = [e for e in scene.match.log if e.kind == Ev.INITIATIVE and (e.data or {}).get("surprise")]
        if opening and not scene.match.inputs:
            self.announce(opening[-1].text, hold=3.0)

    # -- state ---------------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """A resolution is still being shown."""
        return bool(self.queue) or self.wait > 0 or self.shown is not None

    @property
    def animating(self) -> bool:
        """Frames are needed."""
        return self.playing or self.banner_ttl > 0 or self.want_select

    def view(self) -> dict[str, Any] | None:
        """The ruleset's declarations view for the viewer (read again after every input)."""
        scene = self.scene
        m = scene.match
        key = (getattr(m, "_version", None), len(m.log), len(m.inputs), scene.viewer, m.over)
        if key != self._view_key and not scene.model.world_busy:
            try:
                self._view = None if m.over else m.ruleset.declarations_view(m, scene.viewer)
            except Exception:  # noqa: BLE001 - marks are a help; the board must still draw
                self._view = None
            self._view_key = key
        return self._view

    def announce(self, text: str, hold: float = 2.6, colour: tuple[int, int, int] | None = None,
                 add: bool = False) -> None:
        """Show a banner (`add`: another line under the one showing)."""
        factor = max(0.25, self.scene.app.settings.anim_factor or 1.0)
        if add and self.banner_ttl > 0:
            self.banner = (self.banner + [text])[-4:]
        else:
            self.banner = [text]
        self.banner_ttl = hold / factor
        self.banner_colour = colour or self.scene.pal.active

    # -- the hooks -----------------------------------------------------------------------------
    def on_step(self, step: Step) -> bool:
        """Take a resolution's events to show one by one; note what to announce and select."""
        scene = self.scene
        action = step.action
        if action is not None and step.side == scene.viewer:
            self.want_select = True  # on to the next unit once this one has nothing left to choose
        if any(e.kind == Ev.TURN for e in step.events):
            self.want_select = True
            self._turn_began = True
        factor = scene.app.settings.anim_factor
        resolving = (action is not None and action.kind == Kind.END) or bool(step.answer)
        if scene.fast or factor <= 0 or not resolving or not any(e.chance for e in step.events):
            for ev in step.events:
                self._news(ev)
            return False
        if self.shown is None:
            self.shown = {u.ent: u for u in scene.model.units}  # as the board showed them before
        self.queue.extend(step.events)
        return True

    def update(self, dt: float) -> bool:
        """Show the next event when the last has had its moment; True when something changed."""
        scene = self.scene
        changed = False
        if self.banner_ttl > 0:
            self.banner_ttl = max(0.0, self.banner_ttl - dt)
            changed = True
        if self.playing:
            if scene.fast or scene.app.settings.anim_factor <= 0:
                scene.log.add(self.queue)
                for ev in self.queue:
                    self._news(ev)
                self.queue = []
                self.wait = 0.0
            self.wait -= dt
            while self.queue and self.wait <= 0:
                self._reveal(self.queue.pop(0))
            if not self.queue and self.wait <= 0:
                self.wait = 0.0
                self.rolling = None
                self.shown = None
                scene.refresh()  # the board as it is now
            else:
                self._impose()
            return True
        if self.want_select and not scene.model.world_busy:
            if scene.human_input:
                self._select_next()
                changed = True
            elif not scene.session.waiting_for_human:
                self.want_select = False  # the AI (or a replay) acts: nothing to pick for anyone
        d = scene.session.decision if scene.session.waiting_for_human and not scene.replay else None
        if d is not None and d is not self._framed and scene.handoff is None:
            self._framed = d
            self._frame(d)
            changed = True
        return changed

    def _watch(self, units: list[int]) -> None:
        """The units being rolled for are brought into sight together (framed on the map)."""
        scene = self.scene
        shown = self.shown or {}
        cells = [u.cell for e in units if (u := shown.get(e) or scene.unit_by_ent.get(e)) is not None]
        if not cells:
            return
        inner = scene.board_rect.inflate(-60, -60)
        if all(inner.collidepoint(self._screen(c)) for c in cells):
            return
        self._frame_cells(cells)

    def _frame_cells(self, cells: list[Cell]) -> None:
        """Frame these squares on the map (stepping out only if they do not fit), the zoom the
        player had kept to be given back when the viewer's turn comes round."""
        scene = self.scene
        cam = scene.camera
        if self._zoom_before is None:
            self._zoom_before = cam.zoom_index
        tile = max(scene.layout.tw, scene.layout.th) * cam.zoom
        cam.frame([scene.layout.centre(c) for c in cells], margin=tile * 1.5)
        scene._reach_surface = None
        scene.dirty = True

    def _frame(self, d: Any) -> None:
        """A defence prompt opens: the attacked unit and its attackers framed together on the map
        (the prompt is then placed clear of them: see `draw_board`)."""
        ctx = d.context or {}
        ents = [e for e in [ctx.get("target"), *ctx.get("attackers", [])] if isinstance(e, int)]
        if not ents and isinstance(ctx.get("unit"), int):
            ents = [ctx["unit"]]
        cells = [self.scene.unit_by_ent[e].cell for e in ents if e in self.scene.unit_by_ent]
        if cells:
            self._frame_cells(cells)

    def _hand_back(self) -> None:
        """The viewer's turn begins: the zoom it had before any framing, centred on its unit."""
        scene = self.scene
        cam = scene.camera
        if self._zoom_before is not None:
            cam.zoom_index = self._zoom_before
            self._zoom_before = None
        u = scene.unit_by_ent.get(scene.selected) if scene.selected is not None else None
        if u is not None:
            cam.centre_on(scene.layout.centre(u.cell))
        else:
            cam.clamp()
        scene._reach_surface = None
        scene.dirty = True

    def _reveal(self, ev: Event) -> None:
        """One event: its log line, its dice, its sound, the health bars it changes."""
        scene = self.scene
        factor = max(0.05, scene.app.settings.anim_factor)
        scene.log.add([ev])
        seen = ev.visible_to(scene.viewer)
        if seen and ev.chance:
            scene.fx.add(ev)
            scene.app.sounds.play(sound_for(ev))
        data = ev.data or {}
        unit = data.get("unit")
        if ev.kind in (Ev.ATTACK, Ev.COUNTER) and isinstance(unit, int):
            self.rolling = ([int(a) for a in data.get("attackers", [])], unit, int(data.get("bonus", 0)),
                            ev.kind == Ev.COUNTER)
            self._watch([*self.rolling[0], unit])
        if self.shown is not None and isinstance(unit, int) and unit in self.shown:
            u = self.shown[unit]
            if ev.kind == Ev.DAMAGE and "hp_left" in data:
                self.shown[unit] = replace(u, hp=int(data["hp_left"]))
            elif ev.kind == Ev.OUT and "state" in data:
                self.shown[unit] = replace(u, state=str(data["state"]))
            self._impose(force=True)
        news = self._news(ev) if seen else False
        self.wait += (PACE_NEWS if news else PACE_ROLL if ev.chance else PACE_LINE) / factor

    def _news(self, ev: Event) -> bool:
        """Announce surprise, morale checks, routs and the end; True when it did."""
        data = ev.data or {}
        if ev.kind == Ev.INITIATIVE and data.get("surprise"):
            self.announce(ev.text, hold=3.5)
            return True
        if ev.kind == Ev.SAVE and str(data.get("why", "")).startswith("morale"):
            good = bool(data.get("passed"))
            verdict = "holds" if good else "breaks"
            self.announce(f"Morale check: {ev.text[:-1]} — the line {verdict}!", hold=3.0,
                          colour=self.scene.pal.good if good else self.scene.pal.bad)
            return True
        if ev.kind == Ev.OUT and data.get("condition") == "routed":
            self.announce(ev.text, hold=3.0, colour=self.scene.pal.bad, add=True)
            return True
        if ev.kind == EVENT_MATCH_OVER:
            result = self.scene.match.result
            text = ev.text
            if result is not None:  # the sides by name (the event's text has their ids)
                who = "A draw" if result.winner is None else f"{self.scene.side_name(result.winner)} wins"
                text = f"{who}: {result.reason}."
            self.announce(text, hold=4.0)
            return True
        return False

    def _impose(self, force: bool = False) -> None:
        """While a resolution plays, the board and panel show the units as the log has them (the
        screen re-reads the world after each input: put them back until the last line is shown)."""
        if self.shown is None:
            return
        model = self.scene.model
        if force or model.units is not self._shown_list:
            self._shown_list = list(self.shown.values())
            model.units = self._shown_list
            model.unit_by_ent = dict(self.shown)
            self.scene._panel_surface = self.scene._bar_surface = None

    def _select_next(self) -> None:
        """After a declaration (and as a turn starts), select the next unit that has not declared;
        with none left, the one selected stays (its take-back and Resolve are listed; a click on
        another declared unit lists its own): never every unit's actions under one name."""
        self.want_select = False
        scene = self.scene
        view = self.view()
        if view is None or view.get("side") != scene.viewer:
            return
        waiting = [e for e in view.get("waiting", []) if e in scene.unit_by_ent]
        before = scene.selected
        if before not in waiting:
            # a unit with an enemy in reach first: its choice shapes the others' (ganging up)
            armed = {a.actor for a in scene.session.legal() if a.kind == Kind.ATTACK}
            waiting.sort(key=lambda e: e not in armed)
            keep = before if any(a.actor == before for a in scene.session.legal()) else None
            scene.selected = waiting[0] if waiting else keep if keep is not None else pick_unit(scene.model)
            scene._compute_actions()
            scene._reach_surface = scene._panel_surface = None
        if self._turn_began:
            self._turn_began = False
            self._hand_back()
        elif scene.selected is not None and scene.selected != before:
            scene._follow(scene.selected)
        scene.dirty = True

    # -- drawing -------------------------------------------------------------------------------
    def _screen(self, cell: Cell) -> tuple[float, float]:
        scene = self.scene
        return scene.camera.to_screen(scene.layout.centre(cell))

    def draw_board(self, surface: pygame.Surface) -> None:
        """The declarations (or, while a resolution plays, the roll being shown)."""
        scene = self.scene
        self._impose()
        self._pills = []
        z = scene.camera.zoom
        tile = min(scene.layout.tw, scene.layout.th) * z
        width = max(2, round(3 * z))
        head = max(7.0, tile * 0.28)
        trim = tile * 0.36
        if self.playing:
            if self.rolling is not None:
                attackers, target, bonus, counter = self.rolling
                t = scene.unit_by_ent.get(target)
                if t is not None:
                    colour = MANEUVER if counter else ATTACK_RED
                    for a in attackers:
                        u = scene.unit_by_ent.get(a)
                        if u is not None:
                            start, end = self._screen(u.cell), self._screen(t.cell)
                            arrow(surface, start, end, colour, width + 1, trim, head)
                    self._ring(surface, t.cell, f"+{bonus}" if bonus else "", colour)
            return
        d = scene.session.decision
        if d is not None and d.kind == Ask.DEFEND and isinstance(d.context.get("target"), int):
            # the attack the prompt asks about, drawn from its attackers to its target
            t = scene.unit_by_ent.get(d.context["target"])
            for a in d.context.get("attackers", []):
                u = scene.unit_by_ent.get(a)
                if u is not None and t is not None:
                    start, end = self._screen(u.cell), self._screen(t.cell)
                    arrow(surface, start, end, ATTACK_RED, width + 1, trim, head)
                    # the prompt leaves the attacker in sight as well as the attacked unit
                    keep = pygame.Rect(0, 0, round(tile), round(tile))
                    keep.center = (round(start[0]), round(start[1]))
                    scene.prompt_keep.append(keep)
            if t is not None:
                bonus = int(d.context.get("bonus", 0))
                self._ring(surface, t.cell, f"+{bonus}" if bonus else "", ATTACK_RED)
            return
        view = self.view()
        if view is None:
            return
        cells = {u.ent: u.cell for u in scene.units if u.alive}
        for mark in marks_for(view, cells):
            if mark.kind == "walk" and mark.start is not None and mark.unit is not None:
                # the way it walked round walls and enemies, not a line through them
                way = [mark.start, *walk(scene, mark.unit, mark.end, mark.start)]
                if way[-1] != mark.end:
                    way = [mark.start, mark.end]
                trail(surface, [self._screen(c) for c in way], MOVE_INK, max(2, width - 1), tile * 0.2,
                      head * 0.8)
            elif mark.kind in ("attack", "maneuver") and mark.start is not None:
                colour = ATTACK_RED if mark.kind == "attack" else MANEUVER
                start, end = self._screen(mark.start), self._screen(mark.end)
                arrow(surface, start, end, colour, width, trim, head)
                if mark.kind == "maneuver":
                    # under the unit, else where it hides the fewest units (at 150 % it hid T)
                    spot = badge_spot(self.scene, mark.start, start, tile * 0.5, mark.label, below=True)
                    self._pill(surface, spot, mark.label, colour)
            elif mark.kind == "target":
                self._ring(surface, mark.end, mark.label, ATTACK_RED)
            elif mark.kind == "tag":
                x, y = self._screen(mark.end)
                self._pill(surface, (x, y + tile * 0.55), mark.label, MANEUVER)

    def _ring(self, surface: pygame.Surface, cell: Cell, label: str, colour: tuple[int, int, int]) -> None:
        scene = self.scene
        z = scene.camera.zoom
        tile = min(scene.layout.tw, scene.layout.th) * z
        x, y = self._screen(cell)
        r = round(tile * 0.47)
        pygame.draw.circle(surface, SHADOW, (round(x), round(y)), r + 1, max(3, round(3 * z)) + 2)
        pygame.draw.circle(surface, colour, (round(x), round(y)), r, max(3, round(3 * z)))
        if label:  # a badge by the ring, like a die's bonus, clear of the units around it
            self._pill(surface, badge_spot(scene, cell, (x, y), r, label), label, colour)

    def _pill(self, surface: pygame.Surface, centre: tuple[float, float], text: str,
              colour: tuple[int, int, int]) -> None:
        """A label, drawn over the tokens (in `draw_top`) so none hides it."""
        self._pills.append((centre, text, colour))

    def draw_top(self, surface: pygame.Surface) -> None:
        """The labels, the banner, and on the viewer's own declaring turn how far it has got."""
        scene = self.scene
        for centre, text, colour in self._pills:
            draw_pill(scene, surface, centre, text, colour)
        view = self.view() if not self.playing else None
        if view is not None and scene.human_input and view.get("side") == scene.viewer \
                and scene.session.decision is None:
            draw_progress(scene, surface, view)
        if view is not None and scene.session.decision is None:
            draw_group_info(scene, surface, view)
        if self.banner_ttl > 0 and self.banner and scene._modal_rect() is None:
            draw_banner(scene, surface, self.banner, self.banner_colour, min(1.0, self.banner_ttl / 0.4))
