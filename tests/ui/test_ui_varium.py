"""Varium's hit-check table in the window: its odds are the odds functions', the target's face-down
cards are never drawn face up before the reveal, and the letter hotkeys answer the prompt."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rulesets" / "varium"))

from varium_helpers import act, ents, force, make, zones  # noqa: E402

from game.core.action import Decision, Option  # noqa: E402
from game.core.stackplay import stack_choice  # noqa: E402
from game.core.stacks import StackState, next_card  # noqa: E402
from game.rulesets.varium import odds  # noqa: E402
from game.rulesets.varium import table as table_mod  # noqa: E402
from game.rulesets.varium.checks import attack_of, pool_for  # noqa: E402
from game.ui.app import build_session  # noqa: E402
from game.ui.battle.prompt_parts import PartInput, letter_option, option_letter, parts_for  # noqa: E402
from game.ui.rulesets import varium as ui  # noqa: E402
from game.ui.scenes.battle import BattleScene  # noqa: E402
from game.ui.theme import Fonts, palette  # noqa: E402
from game.ui.widgets import percent  # noqa: E402


def _attack_decision():
    """Guard Hale's baton hit check on Tally after one card (10), two face-down cards (5H, 4C)."""
    m = make()
    guard, shooter = ents(m)
    force(m, "5H", "4C", "10S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    d = m.pending_decision
    assert d is not None and d.kind == "stack"
    return m, d, shooter


def test_the_ui_module_reads_the_rulesets_table_key() -> None:
    assert ui.KEY == table_mod.KEY


@pytest.mark.rule("VC-HITCHECK")
def test_the_tables_odds_are_the_odds_functions() -> None:
    m, d, _shooter = _attack_decision()
    ctx = d.context
    table = ctx[ui.KEY]
    with m.world:
        pool = pool_for(m, d.side)
    state = StackState(ctx["stack"], ctx["banked"], ctx["dealt"])
    rule = odds.rule(ctx["limit"])
    a = attack_of(ctx, pool)
    rows = {r["key"]: r for r in table["rows"]}
    # standing now: the chance the face-down cards sum below the score, and that times the damage
    score = ctx["stack"] + ctx["prof"]
    assert rows["stand"]["chance"] == pytest.approx(odds.beat_chance(pool, ctx["k"], score))
    assert rows["stand"]["worth"] == pytest.approx(
        odds.beat_chance(pool, ctx["k"], score) * odds.damage_of(score, a.strike)[0])
    # another card: the next card's bust chance, one card then stand, playing on for damage
    assert rows["hit"]["bust"] == pytest.approx(float(next_card(pool, state, rule).bust))
    assert rows["hit"]["chance"] == pytest.approx(
        stack_choice(pool, state, rule, odds.hit_payoff(a), odds.HORIZON).one_more)
    assert rows["hit"]["worth"] == pytest.approx(
        stack_choice(pool, state, rule, odds.damage_payoff(a), odds.HORIZON).hit)
    # a bet of 2: the same card odds, the damage with two chips more on a hit
    a2 = attack_of(ctx, pool, 2)
    assert rows["bet:2"]["worth"] == pytest.approx(
        stack_choice(pool, state, rule, odds.damage_payoff(a2), odds.HORIZON).hit)
    # aim: back to the state before the last card (no cards), one more card drawn
    prev = StackState(0, 0, 0)
    assert rows["aim"]["worth"] == pytest.approx(
        stack_choice(pool, prev, rule, odds.damage_payoff(a), odds.HORIZON).hit)
    # the window shows exactly those numbers
    shown = {label: cells for label, *cells in [(r[0], *r[1:]) for r in ui.table_rows(table)]}
    assert shown[f"Stand on 10: score {score}"] == ["—", percent(rows["stand"]["chance"]),
                                                    f"{rows['stand']['worth']:.1f}"]
    assert shown["Another card"] == [percent(rows["hit"]["bust"]), percent(rows["hit"]["chance"]),
                                     f"{rows['hit']['worth']:.1f}"]
    bets = next(cells for label, cells in shown.items() if label.startswith("Bet 1–4"))
    assert bets[2] == f"{rows['bet:1']['worth']:.1f}–{rows['bet:4']['worth']:.1f}"


def test_the_ai_is_not_made_to_work_out_the_table() -> None:
    from game.ai.controller import BaselineAI

    m = make()
    guard, shooter = ents(m)
    m.controllers = {"p1": BaselineAI(1), "p2": BaselineAI(2)}
    force(m, "5H", "4C", "10S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    assert m.pending_decision is None or ui.KEY not in m.pending_decision.context


def test_face_down_cards_are_backs_until_the_reveal(monkeypatch) -> None:
    m, d, shooter = _attack_decision()
    hidden = zones(m)[f"face-down:{shooter}"]
    assert sorted(hidden) == ["4C", "5H"]
    # the decision's context never names them
    text = json.dumps(d.context)
    assert all(f'"{c}"' not in text for c in hidden)
    assert d.context[ui.KEY]["facedown"] == 2
    # and the table draws only the dealt card face up, and two backs
    pygame.init()
    drawn: list[tuple[str, bool]] = []
    from game.ui.rulesets.varium import checktable

    real = checktable.draw_card

    def spy(fonts, card, height, face_up=True, name=None):
        drawn.append((card, face_up))
        return real(fonts, card, height, face_up, name)

    monkeypatch.setattr(checktable, "draw_card", spy)
    fonts = Fonts(1.0)
    pics = parts_for(d, fonts, palette("okabe-ito"), 520)
    assert len(pics) == 1 and pics[0].get_height() > fonts.px(52)
    assert [c for c, up in drawn if up] == ["10S"]
    assert sum(1 for _c, up in drawn if not up) == 1  # one back, blitted once per face-down card
    # at the reveal the cards are turned over: the event carries them for the flip
    m.answer("stand")
    act(m, "end", actor=ents(m)[0])
    reveal = next(e for e in m.log if e.kind == "reveal")
    assert sorted(reveal.data["cards"]) == ["4C", "5H"]


def test_table_part_draws_an_ace_split_and_a_bust() -> None:
    pygame.init()
    m = make()
    guard, shooter = ents(m)
    force(m, "5H", "4C", "AS", "KS", "9D")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    d = m.pending_decision
    assert d.kind == "ace"
    rows = {r["key"]: r for r in d.context[ui.KEY]["rows"]}
    assert set(rows) == {"count", "split"} and rows["split"]["worth"] is not None
    m.answer("split")
    m.answer("hit")
    m.answer("hit")
    d = m.pending_decision
    assert d.kind == "bust"
    table = d.context[ui.KEY]
    assert table["stacks"] == [[], ["AS", "KS", "9D"]] and table["stack"] == 22  # an empty first stack
    inp = PartInput(d, d.context, Fonts(1.5), palette("okabe-ito"), 700, {})
    assert ui.table_part(inp) is not None


def test_letter_hotkeys_pick_the_options() -> None:
    opts = (Option("stand", "Stand"), Option("hit", "Another card"), Option("bet:1", "Bet 1"),
            Option("bet:2", "Bet 2"), Option("aim", "Aim"))
    d = Decision("p1", "stack", "?", opts, "stand", {})
    assert [letter_option(d, c) for c in "hsbax"] == ["hit", "stand", "bet:1", "aim", None]
    assert option_letter(d, "bet:1") == "B" and option_letter(d, "bet:2") == ""
    ace = Decision("p1", "ace", "?", (Option("count", "14"), Option("split", "New stack")), "count", {})
    assert letter_option(ace, "n") == "split" and letter_option(ace, "p") == "split"
    assert letter_option(ace, "c") == "count"


def test_h_and_s_answer_a_check_in_the_window(app, driver) -> None:
    session = build_session("varium", None, 4, "human", "ai:easy")
    scene = BattleScene(app, session)
    app.switch(scene)
    driver.pump(2)
    for key, letter, want in ((pygame.K_h, "h", "hit"), (pygame.K_s, "s", "stand")):
        for _ in range(200):
            d = session.decision if session.waiting_for_human else None
            if d is not None and d.kind == "stack" and want in d.keys():
                break
            driver.pump(1)
        else:
            raise AssertionError("no check prompt for the person")
        before = len(session.match.inputs)
        driver.key(key, unicode=letter)
        assert len(session.match.inputs) > before
        assert session.match.inputs[before] == {"t": "answer", "key": want}


@pytest.mark.rule("VC-GRAPPLE")
def test_a_grapple_is_drawn_between_its_two_units(app) -> None:
    from game.core.components import Position
    from game.rulesets.varium.components import living, side_of, table

    session = build_session("varium", None, 4, "human", "human", ("wrestlers", "city_guard"))
    scene = BattleScene(app, session)
    app.switch(scene)
    m = session.match
    with m.world:
        a = next(e for e in living(m) if side_of(e) == "p1")
        b = next(e for e in living(m) if side_of(e) == "p2")
        import esper

        cell = esper.component_for_entity(a, Position).cell
        esper.component_for_entity(b, Position).cell = cell
        table(m).data["grapples"] = [{"a": a, "b": b, "adv": 23}]
    scene.refresh()
    views = {u.ent: u.view for u in scene.units}
    assert [g["level"] for g in views[a]["grappling"]] == ["Pinned"]
    assert views[b]["grappling"][0]["adv"] == -23 and "held by" in views[b]["grappling"][0]["name"]
    surf = pygame.Surface(app.screen.get_size())
    surf.fill((0, 0, 0))
    ui.paint_grapples(scene, surf)
    pinned = ui.GRIP_COLOURS["Pinned"]
    w, h = surf.get_size()
    assert any(surf.get_at((x, y))[:3] == pinned for x in range(0, w, 2) for y in range(0, h, 2))
