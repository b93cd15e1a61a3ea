"""Varium's prompts beyond the hit check: the leave prompt's odds, the table of checks that are
not attacks (success standing now / after one card, the target), and a nine-option melee prompt
that fits the window at 100 % and 150 %."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rulesets" / "varium"))

from varium_helpers import act, answer, data, ents, force, make, place  # noqa: E402

from game.core.components import Name  # noqa: E402
from game.core.stackplay import stack_choice  # noqa: E402
from game.core.stacks import StackState, next_card  # noqa: E402
from game.rulesets.varium import RULESET, odds, opposed  # noqa: E402
from game.rulesets.varium.bodies import RESTRAINED, grapple_stat  # noqa: E402
from game.rulesets.varium.checks import payoff_of, pool_for  # noqa: E402
from game.rulesets.varium.components import VariumState, get, sheet  # noqa: E402
from game.rulesets.varium.turns import start_turn  # noqa: E402
from game.ui.battle.prompt_parts import letter_option, parts_for  # noqa: E402
from game.ui.rulesets import varium as ui  # noqa: E402
from game.ui.scenes.battle import BattleScene  # noqa: E402
from game.ui.session import Session  # noqa: E402
from game.ui.theme import Fonts, palette  # noqa: E402
from game.ui.widgets import percent  # noqa: E402


def _leaving():
    """The shooter leaves the guard's square: the guard's side is asked for a free shove or grapple."""
    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, shooter = ents(m)
    place(m, shooter, (5, 5))
    act(m, "end", actor=guard)
    act(m, "dash", actor=shooter, cell=(4, 5))
    d = m.pending_decision
    assert d is not None and d.kind == "leave"
    return m, d, guard, shooter


@pytest.mark.rule("VC-LEAVE")
def test_the_leave_prompt_shows_each_answers_chance_from_the_shared_functions() -> None:
    m, d, guard, shooter = _leaving()
    assert d.context["unit"] == guard  # the one deciding, not the one leaving
    table = d.context[ui.LEAVE_KEY]
    rows = {r["key"]: r for r in table["rows"]}
    assert set(rows) == {"shove", "grapple", "let"}
    with m.world:
        pool = pool_for(m, d.side)
        mine = opposed.scores(pool, 20 + sheet(guard).might, 0)
        theirs = opposed.scores(pool, 20 + sheet(shooter).might, 0)
        g_mine = opposed.scores(pool, *grapple_stat(guard))
        g_theirs = opposed.scores(pool, *grapple_stat(shooter))
        advice = RULESET.advise(m, d)
    # shove: the guard's Might check beats the shooter's (a tie fails), each played for the total
    shove = sum(pa * pb for a, pa in mine for b, pb in theirs if a > b)
    assert rows["shove"]["chance"] == pytest.approx(shove) and rows["shove"]["stops"] == pytest.approx(shove)
    assert 0.05 < shove < 0.95
    grip = sum(pa * pb for a, pa in g_mine for b, pb in g_theirs if a > b)
    held = sum(pa * pb for a, pa in g_mine for b, pb in g_theirs if a - b >= RESTRAINED)
    assert rows["grapple"]["chance"] == pytest.approx(grip)
    assert rows["grapple"]["stops"] == pytest.approx(held)
    assert rows["let"]["stops"] == 0.0
    # the AI answers by the same chances
    with m.world:
        assert advice == opposed.leave_worths(opposed.leave_odds(m, guard, shooter))
    assert advice["shove"] == pytest.approx(shove)
    # and the window shows them
    pygame.init()
    assert ui.leave_cells(rows["shove"]) == (percent(shove), percent(shove))
    pics = parts_for(d, Fonts(1.0), palette("okabe-ito"), 520)
    assert len(pics) == 1 and pics[0].get_height() > 4 * Fonts(1.0).line_height(Fonts.SMALL)


def test_the_score_distribution_is_the_ais_value_of_the_check() -> None:
    """The opposed-check distribution is exact for the play the AI values: its mean is the AI's
    worth of the whole check (expected total, played well within the horizon)."""
    from game.core.cards import standard_deck
    from game.core.stackplay import stack_value

    pool = odds.profile(standard_deck())
    for limit, prof in ((23, 0), (28, 4)):
        dist = opposed.scores(pool, limit, prof)
        assert sum(p for _s, p in dist) == pytest.approx(1.0)
        mean = sum(s * p for s, p in dist)
        assert mean == pytest.approx(stack_value(pool, StackState(), odds.rule(limit),
                                                 odds.linear_payoff(limit, prof), odds.HORIZON))


def test_leave_prompt_hotkeys() -> None:
    _m, d, _g, _s = _leaving()
    assert [letter_option(d, c) for c in "sgl"] == ["shove", "grapple", "let"]


def _check_rows(d):
    return {r["key"]: r for r in d.context[ui.KEY]["rows"]}


@pytest.mark.rule("VC-SHOVE")
def test_a_shove_table_shows_the_chance_to_beat_the_foe_and_the_defender_sees_the_score_to_beat() -> None:
    m, d, guard, shooter = _leaving()
    force(m, "9H", "3S", "8C")
    m.answer("shove")
    d = m.pending_decision
    assert d.kind == "stack" and d.side == "p1"
    table = d.context[ui.KEY]
    assert table["heads"][1] == "Succeeds" and "Beat Tally's check" in table["goal"]
    ctx = d.context
    with m.world:
        pool = pool_for(m, d.side)
    beat = opposed.beat_payoff(pool, ctx["limit"], ctx["prof"], 20 + _sheet(m, shooter).might, 0)
    rule = odds.rule(ctx["limit"])
    state = StackState(ctx["stack"], ctx["banked"], ctx["dealt"])
    rows = _check_rows(d)
    assert rows["stand"]["chance"] == pytest.approx(beat.of(9))
    one_more = stack_choice(pool, state, rule, beat, odds.HORIZON).one_more
    assert rows["hit"]["chance"] == pytest.approx(one_more)
    assert rows["hit"]["bust"] == pytest.approx(float(next_card(pool, state, rule).bust))
    # the worth column is the AI's own worth of each answer (the expected total, played well)
    with m.world:
        worths = RULESET.advise(m, d)
    assert rows["stand"]["worth"] == pytest.approx(worths["stand"])
    assert rows["hit"]["worth"] == pytest.approx(worths["hit"])
    m.answer("stand")  # the guard's shove scores 9
    d = m.pending_decision
    assert d.kind == "stack" and d.side == "p2"
    table = d.context[ui.KEY]
    assert "Needs 9 or more" in table["goal"]
    rows = _check_rows(d)
    with m.world:
        pool = pool_for(m, d.side)
    need = odds.check_payoff(d.context["limit"], 0, 9)
    assert rows["stand"]["chance"] == 0.0  # 3 does not hold against 9
    state = StackState(3, 0, 1)
    assert rows["hit"]["chance"] == pytest.approx(
        stack_choice(pool, state, odds.rule(d.context["limit"]), need, odds.HORIZON).one_more)
    # the window draws the three columns, titled by the table
    shown = ui.table_rows(table)
    assert shown[0][2] == percent(0.0) and ui.heads_of(table) == ("Bust next card", "Succeeds", "Exp. total")


def _sheet(m, ent):
    with m.world:
        return sheet(ent)


@pytest.mark.rule("VC-DODGE")
def test_a_dodge_table_names_the_attacks_and_the_chance_to_avoid_them_all() -> None:
    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, shooter = ents(m)
    m.table.data["order"] = [shooter, guard]
    m.table.actor = shooter
    with m.world:
        get(shooter, VariumState).halves = 2
    act(m, "dodge", actor=shooter)
    act(m, "end", actor=shooter)
    force(m, "KH", "KC", "10S", "KS")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    answer(m, "stack", "stand")  # 10 + 5 = 15
    act(m, "end", actor=guard)
    d = m.pending_decision
    assert d.kind == "stack" and d.side == "p2"
    assert d.context["unit"] == shooter  # the prompt keeps the dodger in sight, its panel shows it
    table = d.context[ui.KEY]
    assert "15" in table["goal"] and table["heads"][1:] == ["Avoids all", "Dmg avoided"]
    rows = _check_rows(d)
    with m.world:
        pool = pool_for(m, d.side)
        worths = RULESET.advise(m, d)
    ctx = d.context
    assert rows["stand"]["chance"] == 0.0  # 13 does not beat 15
    state = StackState(13, 0, 1)
    avoid = odds.check_payoff(ctx["limit"], 0, 16)
    assert rows["hit"]["chance"] == pytest.approx(
        stack_choice(pool, state, odds.rule(ctx["limit"]), avoid, odds.HORIZON).one_more)
    assert rows["hit"]["worth"] == pytest.approx(worths["hit"])
    assert rows["stand"]["worth"] == pytest.approx(payoff_of(ctx, pool).of(13))


def test_a_dc_check_table_shows_success_now_and_after_a_card() -> None:
    from game.core.board import Board

    board = Board.blank("square", 12, 10)
    board.set((6, 5), blocks_move=True)
    m = make("duel_gang", "duel_guard", cells={"p1": [(5, 5)], "p2": [(10, 9)]}, board=board)
    shooter, _ = ents(m)
    force(m, "KS", "QS")
    act(m, "ljump", actor=shooter, cell=(7, 5))
    d = m.pending_decision
    table = d.context[ui.KEY]
    assert table["goal"].startswith("Needs 40") and table["worth_is_chance"]
    rows = _check_rows(d)
    ctx = d.context
    with m.world:
        pool = pool_for(m, d.side)
    need = odds.check_payoff(ctx["limit"], ctx["prof"], 40)
    state = StackState(13, 0, 1)
    assert rows["stand"]["chance"] == 0.0
    assert rows["hit"]["chance"] == pytest.approx(
        stack_choice(pool, state, odds.rule(ctx["limit"]), need, odds.HORIZON).one_more)
    assert rows["hit"]["worth"] == pytest.approx(
        stack_choice(pool, state, odds.rule(ctx["limit"]), need, odds.HORIZON).hit)
    cells = dict((r[0], r[1:]) for r in ui.table_rows(table))
    assert cells["Another card"][2] == percent(rows["hit"]["worth"])  # a chance, shown as one


def _melee_scene(app):
    """Mallet's spiked bat on Guard Hale after one card: stand, another card, six bets, aim."""
    m = make("street_gang", "city_guard",
             cells={"p1": [(5, 5), (1, 1), (1, 2), (1, 3), (1, 4)],
                    "p2": [(6, 5), (10, 1), (10, 2), (10, 3)]})
    es = ents(m)
    with m.world:
        names = {e: get(e, Name).text for e in es}
        for e in es:
            get(e, VariumState).drawn = True
    mallet = next(e for e in es if names[e] == "Mallet")
    hale = next(e for e in es if names[e] == "Guard Hale")
    place(m, mallet, (5, 5))
    data(m)["order"] = [mallet] + [e for e in es if e != mallet]
    with m.world:
        for _ in start_turn(m, mallet):
            pass
    force(m, "2H", "4C", "3S")
    act(m, "attack", actor=mallet, target=hale, option="bat")
    d = m.pending_decision
    assert d is not None and len(d.options) == 9
    scene = BattleScene(app, Session(m, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    return scene


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_nine_option_melee_prompt_fits_the_window(scale) -> None:
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App((1280, 720), Settings(ui_scale=scale, anim_speed="instant"))
    app.fps = 0
    scene = _melee_scene(app)
    for _ in range(3):
        app.step(block=False)
    area = scene.modal_area
    screen = app.screen.get_rect()
    assert area is not None and screen.contains(area)
    buttons = scene.modal_buttons
    assert len(buttons) == 9
    for i, b in enumerate(buttons):
        assert area.contains(b.rect), (b.label, b.rect, area)
        assert not any(b.rect.colliderect(o.rect) for o in buttons[i + 1:])
    # the hint line under the buttons stays clear of them
    lh = app.fonts.line_height(Fonts.SMALL)
    hint_top = area.bottom - app.fonts.px(12) - lh
    assert max(b.rect.bottom for b in buttons) <= hint_top
    # every button still says what it does (no label cut short)
    font = app.fonts.font(Fonts.BODY)
    for b in buttons:
        key_w = app.fonts.font(Fonts.BODY, True).size(b.hotkey)[0]
        room = b.rect.w - app.fonts.px(8) - key_w - app.fonts.px(8) - app.fonts.px(6)
        assert font.size(b.label)[0] <= room, b.label


def test_the_pile_counts_strip_is_one_line_without_hands(app) -> None:
    """Varium has no hands: the strip under the board is the piles' counts on one line, not a box
    with an empty row of cards over the board."""
    from game.ui.app import build_session

    scene = BattleScene(app, build_session("varium", None, 4, "human", "human"))
    app.switch(scene)
    for _ in range(3):
        app.step(block=False)
    assert scene._strip_rect is not None
    lh = app.fonts.line_height(Fonts.SMALL)
    assert scene._strip_rect.h <= lh + 2 * app.fonts.px(6)


@pytest.mark.parametrize("apart", [0, 1])
def test_the_grapple_band_and_label_leave_the_two_tokens_clear(app, apart) -> None:
    """The band spans the space between the two tokens and its label sits above them: neither
    covers a token's letter (in one square or in neighbouring squares)."""
    import esper

    from game.core.components import Position
    from game.rulesets.varium.components import living, side_of, table
    from game.ui.app import build_session

    session = build_session("varium", None, 4, "human", "human", ("wrestlers", "city_guard"))
    scene = BattleScene(app, session)
    app.switch(scene)
    m = session.match
    with m.world:
        a = next(e for e in living(m) if side_of(e) == "p1")
        b = next(e for e in living(m) if side_of(e) == "p2")
        x, y = esper.component_for_entity(a, Position).cell
        esper.component_for_entity(b, Position).cell = (x + apart, y)
        table(m).data["grapples"] = [{"a": a, "b": b, "adv": 12}]
    scene.refresh()
    surf = pygame.Surface(app.screen.get_size())
    surf.fill((0, 0, 0))
    ui.paint_grapples(scene, surf)
    colour = ui.GRIP_COLOURS["Restrained"]
    w, h = surf.get_size()
    assert any(surf.get_at((x, y))[:3] == colour for x in range(0, w, 2) for y in range(0, h, 2))
    places = scene.token_places()
    for ent in (a, b):
        point, size = places[ent]
        cx, cy = scene.camera.to_screen(point)
        r = abs(scene.camera.to_screen((point[0] + size / 2, point[1]))[0] - cx)
        inside = [(round(cx + dx), round(cy + dy)) for dx in range(-int(r), int(r) + 1, 2)
                  for dy in range(-int(r), int(r) + 1, 2) if dx * dx + dy * dy <= (0.8 * r) ** 2]
        assert inside and all(surf.get_at(p)[:3] == (0, 0, 0) for p in inside), ent
