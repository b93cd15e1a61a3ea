"""Saves in the battle window: declarations drawn with their gang bonus and editable until Resolve,
the defence prompt's odds from the ruleset's own functions, the resolution played out, no ids."""

from __future__ import annotations

import re

import pygame
import pytest

from game.core.action import Action
from game.core.components import Position
from game.core.events import Event
from game.core.sight import has_los
from game.rulesets.saves.ai import KILL
from game.rulesets.saves.combat import Group, counter_harm, counters, defence_answers, dodge_chance
from game.rulesets.saves.components import get, side_of, units
from game.rulesets.saves.content import shipped
from game.rulesets.saves.odds import gang_bonus
from game.ui.app import build_session
from game.ui.rulesets.saves import ATTACK_RED, marks_for
from game.ui.scenes.battle import BattleScene
from game.ui.theme import Fonts


def contact(session) -> tuple[list[int], list[int]]:
    """Two enemies moved into the open; three p1 units around the first, the rest around the second."""
    m = session.match
    board = m.board
    with m.world:
        mine = [e for e in units() if side_of(e) == "p1"]
        theirs = [e for e in units() if side_of(e) == "p2"]
        taken = {get(e, Position).cell for e in units()}

        def ring(c):
            return [(c[0] + dx, c[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]

        def open_(c):
            return all(board.passable(n) and n not in taken and not board.at(n).cover for n in [c, *ring(c)])

        anchors: list[tuple[int, int]] = []
        for c in sorted(board.cells(), key=lambda c: (abs(c[0] - board.size[0] // 2), c[1])):
            if open_(c) and all(board.distance(c, a) >= 5 for a in anchors):
                anchors.append(c)
            if len(anchors) == 2:
                break
        for foe, c in zip(theirs[:2], anchors, strict=True):
            get(foe, Position).cell = c
            taken.add(c)
        # Bryn, Oriel and the Torch-bearer fight in melee; the Hired bow shoots from 3 squares;
        # Mags (a firebomb in hand) stays where she is
        bryn, oriel, mags, torch, bow = mine
        for e in (bryn, oriel, torch):
            cell = next(n for n in ring(anchors[0]) if n not in taken)
            get(e, Position).cell = cell
            taken.add(cell)
        ax, ay = anchors[1]
        spots = [(ax + dx, ay + dy) for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3), (-3, -1), (3, 1))]
        get(bow, Position).cell = next(c for c in spots if board.passable(c) and c not in taken
                                       and has_los(board, c, anchors[1]))
    session.refresh()
    return [bryn, oriel, torch, bow, mags], theirs


@pytest.fixture
def hotseat(app):
    """A hot-seat saves battle (p1 declares, p2 defends), the sides in contact, p1 to act."""
    s = build_session("saves", None, 3, "human", "human", options={"surprise": "p1"})
    mine, theirs = contact(s)
    scene = BattleScene(app, s)
    app.switch(scene)
    scene.refresh()
    return scene, mine, theirs


def record(app, monkeypatch) -> list[str]:
    """Every string the screen renders from now on."""
    seen: list[str] = []
    real = app.fonts.render

    def render(text, *args, **kwargs):
        seen.append(str(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(app.fonts, "render", render)
    return seen


def attack(scene, actor: int, target: int) -> Action:
    a = next(a for a in scene.session.legal()
             if a.kind == "attack" and a.actor == actor and a.target == target)
    scene.submit(a)
    return a


def marks(scene):
    m = scene.match
    view = m.ruleset.declarations_view(m, scene.viewer)
    cells = {u.ent: u.cell for u in scene.units if u.alive}
    return marks_for(view, cells)


def flat(texts: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(texts))


def test_declarations_are_drawn_for_every_declared_unit_with_the_gang_bonus(hotseat, app, monkeypatch):
    scene, mine, theirs = hotseat
    for a in mine[:3]:
        attack(scene, a, theirs[0])
    attack(scene, mine[3], theirs[1])
    ms = marks(scene)
    arrows = {(k.unit, k.target) for k in ms if k.kind == "attack"}
    assert arrows == {(a, theirs[0]) for a in mine[:3]} | {(mine[3], theirs[1])}
    rings = {k.target: k.label for k in ms if k.kind == "target"}
    assert rings == {theirs[0]: f"+{gang_bonus(3)}", theirs[1]: ""} and gang_bonus(3) == 2
    seen = record(app, monkeypatch)
    scene.draw(app.screen)
    assert "+2" in seen
    # the arrow is on screen, in the attack colour, between attacker and target
    start = scene.camera.to_screen(scene.layout.centre(scene.unit_by_ent[mine[3]].cell))
    end = scene.camera.to_screen(scene.layout.centre(scene.unit_by_ent[theirs[1]].cell))
    near = [(round(start[0] + (end[0] - start[0]) * t) + dx, round(start[1] + (end[1] - start[1]) * t) + dy)
            for t in (0.45, 0.5, 0.55) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert any(tuple(app.screen.get_at(p))[:3] == ATTACK_RED for p in near)


def test_a_declaration_can_be_taken_back_and_changed_before_resolve(hotseat, app):
    scene, mine, theirs = hotseat
    for a in mine[:3]:
        attack(scene, a, theirs[0])
    assert {k.target: k.label for k in marks(scene) if k.kind == "target"} == {theirs[0]: "+2"}
    # a click on a declared unit selects it; its one action takes the declaration back
    scene.click_cell(scene.unit_by_ent[mine[0]].cell, scene.unit_by_ent[mine[0]])
    assert scene.selected == mine[0]
    assert [g.actions[0].kind for g in scene.groups if g.actions[0].actor == mine[0]] == ["cancel"]
    scene._activate_group(0)
    after = marks(scene)
    assert {k.target: k.label for k in after if k.kind == "target"} == {theirs[0]: "+1"}
    assert mine[0] not in {k.unit for k in after if k.kind == "attack"}
    # and it may choose again (another target if it has one in reach, else the same one)
    again = [a for a in scene.session.legal() if a.kind == "attack" and a.actor == mine[0]]
    assert again
    scene.submit(again[-1])
    assert (mine[0], again[-1].target) in {(k.unit, k.target) for k in marks(scene) if k.kind == "attack"}


def answer_prompt(scene, driver) -> None:
    """Take the hot-seat handover to the defender."""
    if scene.handoff is not None:
        driver.key(pygame.K_RETURN)


def test_the_defence_prompt_shows_both_answers_with_the_odds_the_ai_weighs(hotseat, app, driver, monkeypatch):
    scene, mine, theirs = hotseat
    for a in mine[:2]:
        attack(scene, a, theirs[0])
    scene.submit(next(a for a in scene.session.legal() if a.kind == "end"))
    answer_prompt(scene, driver)
    s, m = scene.session, scene.match
    d = s.decision
    assert d is not None and d.kind == "defend" and scene.viewer == d.side
    seen = record(app, monkeypatch)
    scene.draw(app.screen)
    text = flat(seen)
    ctx = d.context
    with m.world:
        target = int(ctx["target"])
        options = {int(k): v for k, v in ctx["options"].items()}
        g = Group(target, list(ctx["attackers"]), options, ctx["score"])
        answers = {a.key: a for a in defence_answers(m, g)}
        incoming = g.harm(m)
        p = dodge_chance(target)
        answerable = counters(m, g)
        dealt = {f"counter:{a}": counter_harm(m, target, a, ws) for a, ws in answerable}
    assert set(d.keys()) == {"dodge", *dealt} and len(dealt) >= 1  # both options, each counter
    for o in d.options:
        assert o.label in text
    # every number on screen is the odds functions' own
    assert f"DEX save {p:.0%} avoids it all" in text
    assert f"take {(1 - p) * incoming.expected:.1f} expected" in text
    for key, h in dealt.items():
        assert f"deal {h.expected:.1f} expected" in text
        assert answers[key].dealt == h.expected and answers[key].taken == incoming.expected
    assert answers["dodge"].taken == (1 - p) * incoming.expected
    assert answers["dodge"].taken_out == (1 - p) * incoming.out
    # and the AI weighs exactly these numbers
    values = m.ruleset.advise(m, d)  # (the ruleset's hook: ai.advise in the match's world)
    for key, a in answers.items():
        assert values[key] == -(a.taken + KILL * a.taken_out) + a.dealt + KILL * a.dealt_out


def test_the_resolution_plays_out_one_event_at_a_time_and_the_next_prompt_waits(hotseat, app, driver):
    scene, mine, theirs = hotseat
    app.settings.anim_speed = "normal"
    for a in mine[:3]:
        attack(scene, a, theirs[0])
    attack(scene, mine[3], theirs[1])
    scene.submit(next(a for a in scene.session.legal() if a.kind == "end"))
    answer_prompt(scene, driver)
    shown = len(scene.log.events)
    scene.answer("dodge")  # the first group rolls; the next target is asked after it has played out
    assert scene.layer.playing
    counts = [len(scene.log.events)]
    held = []
    for _ in range(200):
        scene.update(0.1)
        counts.append(len(scene.log.events))
        held.append(scene._modal_rect() is None)
        if not scene.layer.playing:
            break
    assert not scene.layer.playing
    assert counts == sorted(counts) and counts[0] < counts[-1]
    assert len(set(counts)) > 3, "lines appear one after another, not all at once"
    assert counts[0] - shown <= 1
    assert all(held[:-1])
    match_lines = {e.text for e in scene.match.log}
    assert {e.text for e in scene.log.events} <= match_lines


def test_no_internal_ids_on_screen(hotseat, app, driver, monkeypatch):
    scene, mine, theirs = hotseat
    seen = record(app, monkeypatch)
    scene.draw(app.screen)
    for a in mine[:3]:
        attack(scene, a, theirs[0])
        scene.draw(app.screen)
    scene.mouse = tuple(round(v) for v in scene.camera.to_screen(scene.layout.centre(
        scene.unit_by_ent[theirs[0]].cell)))
    scene.hover_cell = scene.unit_by_ent[theirs[0]].cell
    scene.draw(app.screen)
    scene.submit(next(a for a in scene.session.legal() if a.kind == "end"))
    for _ in range(6):
        answer_prompt(scene, driver)
        scene.draw(app.screen)
        if scene.session.decision is None:
            break
        scene.answer(scene.session.decision.options[-1].key)
    scene.draw(app.screen)
    c = shipped()
    ids = {k for k in [*c.weapons, *c.items, *c.armour, *c.shields, *c.squads] if k != k.capitalize()}
    ids |= {"str_save", "p1", "p2", "knockdown", "None"}
    text = "\n".join(seen)
    assert seen
    # a display name may share a word with an id ("Hired bow" and the weapon id "bow")
    names = [x.name for group in (c.weapons, c.items, c.armour, c.shields, c.squads) for x in group.values()]
    names += [u.name for sq in c.squads.values() for u in sq.units]
    words = {w.lower() for n in names for w in n.split()}
    for word in sorted(ids - words):
        found = re.search(rf"(?<![\w+]){re.escape(word)}(?![\w+])", text)
        assert not found, f"internal id {word!r} on screen"
    assert not re.search(r"\w+\+\w+", text), "joined weapon ids on screen"
    assert not re.search(r"\(\d+, \d+\)", text), "raw coordinates on screen"


def test_surprise_morale_and_routs_are_announced(app):
    s = build_session("saves", None, 3, "human", "ai:normal", options={"surprise": "unclear"})
    scene = BattleScene(app, s)
    opening = [e.text for e in s.match.log if e.kind == "initiative"]
    assert opening and scene.layer.banner == [opening[-1]] and scene.layer.banner_ttl > 0
    layer = scene.layer
    layer._news(Event("save", "Chieftain Grell fails a WIL save (morale: Raider warband has lost half its "
                      "numbers).", data={"why": "morale: Raider warband has lost half its numbers",
                                         "passed": False}))
    assert layer.banner[0].startswith("Morale check: Chieftain Grell fails") and "breaks" in layer.banner[0]
    layer._news(Event("out", "Raider routs and flees (Chieftain Grell failed the morale save).",
                      data={"state": "fled", "condition": "routed"}))
    assert len(layer.banner) == 2 and "routs" in layer.banner[1]


def test_hovering_explains_why_not_and_what_a_square_does(hotseat):
    scene, mine, theirs = hotseat
    m = scene.match
    rs = m.ruleset
    attack(scene, mine[0], theirs[0])
    assert "declared already" in rs.why_not_target(m, mine[0], theirs[1])
    far = [e for e in theirs[2:]]
    why = rs.why_not_target(m, mine[1], far[-1])
    assert "squares away" in why or "range" in why or "line of sight" in why
    with m.world:
        cols, rows = m.board.size
        edge = next(c for c in m.board.cells() if m.board.passable(c) and c[0] == 0)
    assert any("flee" in line for line in rs.cell_info(m, edge, "p1"))


def test_the_results_screen_credits_saves_damage_to_whoever_struck(app):
    from game.ui.scenes.results import damage_by_unit

    s = build_session("saves", None, 5, "baseline", "baseline")
    for _ in range(3000):
        if s.over:
            break
        s.step_ai()
    dealt = damage_by_unit(s.match.log)
    assert dealt and all(v > 0 for v in dealt.values())
    hits = [e for e in s.match.log if e.kind == "damage"]
    assert sum(dealt.values()) >= sum(e.data["damage"] for e in hits)  # every blow is someone's


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_gang_badge_hides_neither_its_target_nor_a_diagonal_neighbour(scale):
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App((1280, 720), Settings(ui_scale=scale, anim_speed="instant"))
    try:
        s = build_session("saves", None, 3, "human", "human", options={"surprise": "p1"})
        mine, theirs = contact(s)
        m = s.match
        with m.world:
            tc = get(theirs[0], Position).cell
            get(theirs[2], Position).cell = (tc[0] + 1, tc[1] - 1)  # the badge's old corner
        s.refresh()
        scene = BattleScene(app, s)
        app.switch(scene)
        for a in mine[:3]:
            attack(scene, a, theirs[0])
        scene.refresh()
        scene.draw(app.screen)
        pills = [(c, t) for c, t, _ in scene.layer._pills if t == "+2"]
        assert len(pills) == 1
        (cx, cy), text = pills[0]
        f = scene.fonts
        w, h = f.font(Fonts.SMALL).size(text)
        box = pygame.Rect(0, 0, w + f.px(10), h + f.px(4))
        box.center = (round(cx), round(cy))
        z = scene.camera.zoom
        tw, th = scene.layout.tw * z, scene.layout.th * z
        for ent in (theirs[0], theirs[2]):
            x, y = scene.camera.to_screen(scene.layout.centre(scene.unit_by_ent[ent].cell))
            token = pygame.Rect(round(x - tw * 0.3), round(y - th * 0.3), round(tw * 0.6), round(th * 0.6))
            assert not box.colliderect(token), (scale, ent)
    finally:
        pygame.quit()
