"""The tokens battle screen: token pools on the board, the path preview's attacks of opportunity and
Bypass cost, an attack's reach with each unit's odds (the ruleset's own numbers), sneaking units
kept from the other side through the hot-seat hand-off, and the overwatch prompt."""

from __future__ import annotations

import math

import pygame
import pytest

from game.core.action import Action
from game.core.board import Board
from game.core.components import Name, Position
from game.core.match import Match, Scenario
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.combat import opportunity_strikes, strikes, weapon
from game.rulesets.tokens.components import TkGear, TkStealth, TkTokens, TkUnit, get
from game.rulesets.tokens.movement import threat_map
from game.rulesets.tokens.paths import doubled_tiles, path_cost
from game.ui.rulesets import tokens as tk_ui
from game.ui.scenes.battle import BattleScene
from game.ui.session import Session
from game.ui.widgets import percent


def dark_board() -> Board:
    b = Board.blank("square", 16, 12)
    for x in range(3, 8):
        for y in range(6, 12):
            b.set((x, y), light="dark")
    b.spawns = {"p1": [(0, r) for r in range(6)], "p2": [(15, r) for r in range(6)]}
    return b


def hotseat(p1: str = "nightfall", p2: str = "wardens") -> Session:
    """Two people at one screen on a blank board (passive Observe off so no stray coin reveals)."""
    match = Match(RULESET, Scenario("tokens", "blank", {"p1": p1, "p2": p2}, 1, {}), dark_board())
    with match.world:
        for _e, (u,) in match.units(TkUnit):
            u.observe = 0
    return Session(match, {"p1": "human", "p2": "human"})


def ent(session: Session, name: str) -> int:
    with session.match.world:
        return next(e for e, (n,) in session.match.units(Name) if n.text == name)


def place(session: Session, who: str, cell: tuple[int, int]) -> int:
    e = ent(session, who)
    with session.match.world:
        get(e, Position).cell = cell
    session.match.touch()
    session.refresh()
    return e


def scene_for(app, session: Session) -> BattleScene:
    scene = BattleScene(app, session)
    app.switch(scene)
    return scene


def hand_over(scene: BattleScene) -> None:
    """The next person takes the screen (the hand-off screen's Enter)."""
    assert scene.handoff is not None
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert scene.handoff is None


def draw(app, scene: BattleScene) -> pygame.Surface:
    app.screen.fill((0, 0, 0))
    scene.draw(app.screen)
    return app.screen


def test_the_side_to_act_shows_its_move_and_attack_tokens_as_pips(app):
    session = hotseat()
    shade = place(session, "Shade 1", (2, 3))
    with session.match.world:
        t = get(shade, TkTokens)
        t.move, t.attack = t.move - 2, t.attack - 1
        move, attack = t.move, t.attack
        move_max, attack_max = get(shade, TkUnit).move, get(shade, TkUnit).attack
    session.match.touch()
    scene = scene_for(app, session)
    scene.refresh()
    u = scene.unit_by_ent[shade]
    assert tk_ui.pools(u.view)["move"][:2] == (move, move_max)
    assert tk_ui.pools(u.view)["attack"][:2] == (attack, attack_max)
    for _ in range(8):  # close enough that a row of pips fits over a tile (else counts are written)
        scene.camera.zoom_by(1, None)
        scene.camera.centre_on(scene.layout.centre((2, 3)))
        x, y, d = tk_ui._screen(scene, scene.token_places(), shade)
        pips = tk_ui.pip_layout(scene, tk_ui.pip_centre(x, y, d), d, tk_ui.pools(u.view))
        if pips is not None:
            break
    assert pips is not None
    assert [p.filled for p in pips if p.kind == "move"] == [True] * move + [False] * (move_max - move)
    assert [p.filled for p in pips if p.kind == "attack"] == [True] * attack + [False] * (attack_max - attack)
    screen = draw(app, scene)
    first = next(p for p in pips if p.kind == "move")
    spent = next(p for p in pips if p.kind == "move" and not p.filled)
    assert tuple(screen.get_at(first.centre))[:3] == tk_ui.MOVE_PIP  # a token left: filled
    assert tuple(screen.get_at(spent.centre))[:3] != tk_ui.MOVE_PIP  # a spent one: hollow
    # the panel shows the same pools as bars
    bars = {b["label"]: (b["value"], b["max"]) for b in u.view["bars"]}
    assert bars["Move tokens"] == (move, move_max) and bars["Attack tokens"] == (attack, attack_max)


def test_the_path_preview_counts_attacks_of_opportunity_and_offers_the_bypass_cost(app):
    session = hotseat("wardens", "brood")
    v = place(session, "Vanguard 1", (6, 5))
    place(session, "Brute 1", (7, 5))
    scene = scene_for(app, session)
    scene.selected = v
    scene.refresh()
    # leaving the Brute's side: a plain move that provokes, with its Bypass version beside it
    cell = (4, 5)
    options = scene.move_options[cell]
    plain = next(a for a in options if a.option == "")
    bypass = next(a for a in options if a.option == "bypass")
    words = tk_ui.path_words(scene, plain)
    assert words is not None
    lines = words.split("\n")
    with session.match.world:
        # the ruleset's one count of the strikes (TK-AOO), never a copy of it
        strikes_n = opportunity_strikes(session.match, ent(session, "Brute 1"))
        diagonals = get(v, TkTokens).diagonals
    assert lines[1] == (f"provokes 1 attack of opportunity (Brute 1: {strikes_n} strike"
                        f"{'s' if strikes_n != 1 else ''})")
    with session.match.world:
        doubled = doubled_tiles(session.match, threat_map(session.match, v))
    cost, _ = path_cost(session.match.board, (6, 5), bypass.path, diagonals, True, doubled)
    assert lines[2].startswith(f"Bypass instead: {math.ceil(cost)} tokens")
    # the Bypass version itself provokes nothing; a path away from every enemy neither
    assert tk_ui.path_words(scene, bypass).split("\n")[1] == "no attacks of opportunity"
    # hovering the cell draws the preview through the ruleset's words
    scene.hover_cell = cell
    draw(app, scene)


def test_an_attacks_reach_gives_each_unit_the_rulesets_own_odds_allies_included(app):
    session = hotseat("brood", "wardens")
    brute = place(session, "Brute 1", (6, 5))
    place(session, "Vanguard 1", (7, 5))
    place(session, "Vanguard 2", (8, 6))
    ally = place(session, "Stalker 1", (7, 6))
    with session.match.world:
        wid = get(brute, TkGear).held
        props = weapon(wid).combos
    scene = scene_for(app, session)
    scene.selected = brute
    scene.refresh()
    target = ent(session, "Vanguard 1")
    action = next(a for a in scene.target_actions[target] if a.kind == "attack")
    shown = {o.ent: o for o in tk_ui.attack_odds(scene, action)}
    with session.match.world:
        plans = [strikes(session.match, brute, wid, p, target, 0, "p1") for p in props]
    expected: dict[int, list[str]] = {}
    for plan in plans:
        for s in plan:
            expected.setdefault(s.ent, []).append(
                f"{percent(float(s.chance))} · {float(s.chance) * s.to_health:.1f} dmg"
                + (" · KO" if s.takes_out else ""))
    assert set(shown) == set(expected) and ally in shown and shown[ally].ally
    for e, texts in expected.items():
        if len(props) == 1:
            assert " · ".join(shown[e].lines) == texts[0]
        else:
            assert all(any(t in line for line in shown[e].lines) for t in texts)
    # the outline is the ruleset's area, every unit with odds inside it
    area = set(scene.model.area(action))
    assert {scene.unit_by_ent[e].cell for e in shown} <= area
    scene.model.hover_unit = target
    scene.hover_cell = scene.unit_by_ent[target].cell
    draw(app, scene)


@pytest.mark.rule("TK-SNEAK")
def test_a_sneaking_unit_is_drawn_only_for_its_own_side_through_the_hand_off(app):
    session = hotseat()
    shade = place(session, "Shade 1", (4, 8))
    scene = scene_for(app, session)
    session.match.chance.force("coin", "heads", "heads")
    sneak = next(a for a in session.legal() if a.kind == "sneak" and a.actor == shade and a.option == "2")
    scene.submit(sneak)
    with session.match.world:
        assert get(shade, TkStealth).hidden
    # its own side sees it, cloaked, with its stealth value
    assert shade in scene.unit_by_ent and tk_ui.stealth_of(scene.unit_by_ent[shade].view) == 2
    scene.submit(Action("end", None))
    assert scene.handoff == "p2"
    draw(app, scene)  # the hand-off screen: nothing of the board
    hand_over(scene)
    assert scene.viewer == "p2"
    assert shade not in scene.unit_by_ent and shade not in scene.token_places()
    assert [(g.ent, g.cell) for g in tk_ui.ghosts(scene)] == [(shade, (4, 8))]
    assert all(a.target != shade for a in session.legal())
    screen = draw(app, scene)
    x, y = (round(v) for v in scene.camera.to_screen(scene.layout.centre((4, 8))))
    d = scene._diameter()
    # inside where its token's disc would be, clear of the marker's "?": the board, not the side colour
    assert tuple(screen.get_at((x - round(0.3 * d), y)))[:3] != scene.pal.side(0)
    scene.submit(Action("end", None))
    hand_over(scene)
    assert scene.viewer == "p1" and shade in scene.unit_by_ent and tk_ui.ghosts(scene) == []
    screen = draw(app, scene)
    x, y = (round(v) for v in scene.camera.to_screen(scene.layout.centre((4, 8))))
    d = scene._diameter()
    assert tuple(screen.get_at((x - round(0.3 * d), y)))[:3] == scene.pal.side(0)  # its own side: drawn


@pytest.mark.rule("TK-AWAIT")
def test_overwatch_asks_the_reserving_player_through_the_hand_off_and_shows_the_shot(app):
    session = hotseat("wardens", "brood")
    gunner = place(session, "Gunner", (3, 5))
    brute = place(session, "Brute 1", (12, 5))
    with session.match.world:
        get(gunner, TkTokens).reserved = weapon(get(gunner, TkGear).held).cost
    session.match.touch()
    session.refresh()
    scene = scene_for(app, session)
    scene.submit(Action("end", None))
    hand_over(scene)
    move = next(a for a in session.legal() if a.actor == brute and a.kind == "move" and a.path[-1] == (8, 5))
    scene.submit(move)
    assert session.decision is not None and session.decision.kind == "overwatch"
    assert scene.handoff == "p1"
    hand_over(scene)
    shot = tk_ui.decision_attack(scene)
    assert shot is not None and shot.actor == gunner and shot.target == brute
    assert tk_ui.attack_odds(scene, shot)
    draw(app, scene)
    scene.answer("fire")
    with session.match.world:
        assert get(gunner, TkTokens).reserved == 0
    assert any(e.kind == "attack" and "overwatch" in e.text for e in session.match.log)


def vs_ai(level: str = "easy") -> Session:
    """Wardens (a person, p1) against a Nightfall AI (p2) whose Shade 1 sneaks, unseen by p1, on a
    dark tile; passive Observe off."""
    match = Match(RULESET, Scenario("tokens", "blank", {"p1": "wardens", "p2": "nightfall"}, 1, {}),
                  dark_board())
    with match.world:
        for _e, (u,) in match.units(TkUnit):
            u.observe = 0
    session = Session(match, {"p1": "human", "p2": f"ai:{level}"})
    shade = place(session, "Shade 1", (4, 8))
    with match.world:
        st = get(shade, TkStealth)
        st.hidden, st.value, st.last_seen = True, 2, {"p1": [4, 8]}
    match.touch()
    session.refresh()
    return session


def test_the_ai_reasoning_never_shows_the_person_a_hidden_units_options(app):
    from game.core.components import Status
    from game.ui.withheld import WITHHELD

    session = vs_ai()
    shade = ent(session, "Shade 1")
    with session.match.world:
        from game.core.components import Side

        for e, (side, status) in session.match.units(Side, Status):
            if side.side == "p2" and e != shade:  # the hidden shade acts alone
                status.state = "dead"
    session.match.touch()
    session.refresh()
    app.settings.ai_reasoning = True
    scene = scene_for(app, session)
    scene.ai_threads = False
    assert scene.viewer == "p1"
    scene.submit(Action("end", None))
    thoughts = []  # the AI's inputs while the shade was hidden (a Silent shot may reveal it)
    while session.waiting_for_ai and len(thoughts) < 40:
        with session.match.world:
            hidden = get(shade, TkStealth).hidden
        step = session.step_ai()
        scene.apply_step(step)
        if hidden and step.thought is not None:
            thoughts.append(step.thought)
    # the AI did weigh what its hidden shade does: its reasoning names it, and where it can reach
    assert thoughts and thoughts[0].explanation[0]["label"].startswith("Shade 1")
    # ...and p1, who cannot see it, reads none of that on the board or in the log
    for t in thoughts:
        session.thoughts[:] = [t]
        lines = [text for text, _strong in scene.reasoning_lines()]
        assert not any("Shade 1" in x for x in lines[1:]), lines
        if t.explanation[0]["label"].startswith("Shade 1"):
            assert lines[1:] == [f"▶ {WITHHELD}"]
        event = t.event("p1")
        assert "Shade 1" not in " ".join([event.text, *event.math])
        # an omniscient watcher (AI against AI, replays) still reads every candidate (an End turn
        # with nothing else left to weigh names no unit)
        assert t.shown(None) == t.explanation
        if any(c["label"].startswith("Shade 1") for c in t.explanation):
            assert "Shade 1" in " ".join([t.event().text, *t.event().math])
    logged = [e for e in scene.log.events if e.kind == "ai_reasoning"][: len(thoughts)]
    assert logged and not any("Shade 1" in " ".join([e.text, *e.math]) for e in logged)
    assert WITHHELD in logged[0].text


def test_only_the_candidates_naming_a_hidden_unit_are_left_out():
    from game.ui.withheld import shown_candidates, withheld_candidates

    session = vs_ai()
    m = session.match
    session.submit(Action("end", None))
    assert session.need is not None and session.need.side == "p2"
    legal = session.need.legal  # the AI's legal actions, as the session hands them over
    shade_move = next(a for a in legal if a.kind == "move" and a.actor == ent(session, "Shade 1"))
    pyro_move = next(a for a in legal if a.kind == "move" and a.actor == ent(session, "Pyro"))
    cands = [{"label": pyro_move.label, "score": 3.0, "terms": {"progress": 1.0}},
             {"label": shade_move.label, "score": 2.0, "terms": {"progress": 1.0}},
             {"label": "End turn", "score": 0.0, "terms": {}}]
    hidden = withheld_candidates(m, session.need, "p2", cands, ("p1", "p2"))
    assert hidden == {"p1": [1]}  # p2's own units are never hidden from p2
    assert shown_candidates(cands, hidden["p1"]) == [cands[0], cands[2]]
    # with the chosen one withheld, a stand-in alone (the runners-up's scores are relative to it)
    assert [c.get("withheld") for c in shown_candidates(cands[1:], [0])] == [True]
