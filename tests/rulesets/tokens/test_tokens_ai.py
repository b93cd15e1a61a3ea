"""The tokens AI hooks: enemy fire after armour and ammunition, what a unit threatens from a tile,
the whole token budget after an action (Hard), and none of them reading a sneaker's true tile."""

from __future__ import annotations

from test_tokens_no_peeking import TRUE_A, TRUE_B, twin
from tokens_helpers import find, hold, make_match, place, unit

from game.core.board import Board
from game.core.components import Health, Name, Side, Status
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.components import TkGear, TkShield, TkTokens, TkUnit, get


def of(m, side: str, name: str) -> int:
    """The unit of `side` with this display name (both squads field a Gunner)."""
    with m.world:
        for ent, (n, s) in m.units(Name, Side):
            if n.text == name and s.side == side:
                return ent
    raise AssertionError(name)


def lone(p1_keep: str, p2_keep: str, board: Board | None = None):
    """Wardens against Nightfall with one unit a side able to act (the others dead)."""
    m = make_match("wardens", "nightfall", board=board)
    keep = {of(m, "p1", p1_keep), of(m, "p2", p2_keep)}
    with m.world:
        for ent, (st,) in m.units(Status):
            if ent not in keep:
                st.state = "dead"
    return m


def test_threat_counts_armour_the_attacks_tokens_and_ammunition_pay_for_and_shared_fire():
    m = lone("Marksman", "Gunner")
    marksman, gunner = unit(m, "Marksman"), of(m, "p2", "Gunner")
    # out of the Gunner's reach: a sprint's 8 tiles for its 4 move tokens + range 6 from (15, 5)
    place(m, marksman, (0, 5))
    place(m, gunner, (15, 5))
    # carbine: 2 physical, 1 token an attack, 4 attack tokens; the side's flak takes 1 off
    assert RULESET.threat_by(m, "p1", (6, 5)) == {gunner: 4.0}
    assert RULESET.threat_by(m, "p1", (1, 5)) == {gunner: 4.0}  # 14 tiles: a sprint and a volley
    assert RULESET.threat_by(m, "p1", (0, 5)) == {}
    with m.world:
        get(gunner, TkGear).loaded["carbine"] = 2
    m.touch()
    assert RULESET.threat_by(m, "p1", (6, 5)) == {gunner: 2.0}  # two rounds left
    with m.world:
        get(gunner, TkGear).loaded["carbine"] = 6
    place(m, marksman, (3, 5))
    m.touch()
    assert RULESET.threat_by(m, "p1", (3, 5)) == {gunner: 4.0}  # the Marksman's own tile
    # an empty tile is weighed for a unit moving there from within the reach: the Marksman alone
    assert RULESET.threat_by(m, "p1", (6, 5)) == {gunner: 4.0}
    breacher = unit(m, "Breacher")
    with m.world:
        get(breacher, Status).state = "active"
    place(m, breacher, (4, 5))
    m.touch()
    # another unit of the side in the Gunner's reach takes its share of the fire
    assert RULESET.threat_by(m, "p1", (6, 5)) == {gunner: 2.0}
    assert RULESET.threat_by(m, "p1", (3, 5)) == {gunner: 2.0}


def test_a_step_within_the_same_enemys_reach_is_no_safer_than_standing():
    # the mover's own old tile used to share the fire at its new one: every step looked safer
    # than standing, and units shuffled back and forth
    m = lone("Vanguard 1", "Gunner")
    vanguard, gunner = unit(m, "Vanguard 1"), of(m, "p2", "Gunner")
    place(m, vanguard, (5, 5))
    place(m, gunner, (12, 5))
    m.touch()
    here = RULESET.threat(m, "p1", (5, 5))
    assert here > 0
    assert RULESET.threat(m, "p1", (5, 6)) == here
    assert RULESET.threat(m, "p1", (4, 5)) == here


def test_closing_in_counts_the_steps_to_a_tile_in_sight_of_the_enemy():
    # a wall between the Marksman and the Gunner: straight-line distance reads the Gunner as in
    # range, and stepping round the wall as moving away from it
    board = Board.blank("square", 16, 12)
    for y in range(0, 9):
        board.set((8, y), blocks_move=True, blocks_los=True)
    m = lone("Marksman", "Gunner", board)
    marksman, gunner = unit(m, "Marksman"), of(m, "p2", "Gunner")
    place(m, marksman, (7, 2))
    place(m, gunner, (10, 2))
    m.touch()
    around = find(m, "move", actor=marksman, cell=(7, 6))
    stay = find(m, "move", actor=marksman, cell=(6, 2))
    assert RULESET.assess(m, around).progress > 0
    assert RULESET.assess(m, stay).progress <= 0


def test_menace_is_what_the_unit_can_fire_next_turn_at_the_enemy_it_reaches():
    m = lone("Marksman", "Gunner")
    marksman, gunner = unit(m, "Marksman"), of(m, "p2", "Gunner")
    place(m, gunner, (14, 5))
    # rail rifle: 3 physical, 2 tokens an attack, 3 attack tokens: one shot, flak takes 1 off;
    # a sprint (8 tiles for its 4 move tokens) and the rifle's 8 reach the whole board
    assert RULESET.menace(m, marksman, (0, 5)) == 2.0
    with m.world:
        get(marksman, TkUnit).move = 3  # too few tokens to sprint: 3 steps + range 8
    m.touch()
    assert RULESET.menace(m, marksman, (2, 5)) == 0.0  # 12 tiles
    assert RULESET.menace(m, marksman, (3, 5)) == 2.0


def test_volley_after_counts_every_attack_the_tokens_still_pay_for():
    m = lone("Gunner", "Shade 1")
    gunner, shade = of(m, "p1", "Gunner"), unit(m, "Shade 1")
    place(m, gunner, (2, 5))
    place(m, shade, (11, 5))
    hold(m, gunner, "carbine")
    with m.world:
        get(shade, Health).current = 20  # no take-out: the damage alone counts
    m.touch()
    move = find(m, "move", actor=gunner, cell=(5, 5))
    # from (5, 5) the Shade is 6 tiles away: 4 attacks of 2, less 1 for its flak vest
    assert RULESET.volley_after(m, move) == 4.0
    far = find(m, "move", actor=gunner, cell=(3, 5))
    assert RULESET.volley_after(m, far) == 0.0
    assert RULESET.volley_after(m, find(m, "end")) == 0.0
    place(m, gunner, (5, 5))
    m.touch()
    shot = find(m, "attack", actor=gunner, target=shade)
    assert RULESET.volley_after(m, shot) == 3.0  # three attack tokens left after this one
    with m.world:
        get(gunner, TkTokens).attack = 1
    m.touch()
    assert RULESET.volley_after(m, find(m, "attack", actor=gunner, target=shade)) == 0.0


def test_the_exact_exposure_uses_the_units_own_armour_and_shield():
    m = lone("Vanguard 1", "Gunner")
    vanguard, gunner = unit(m, "Vanguard 1"), of(m, "p2", "Gunner")
    place(m, gunner, (15, 5))
    # carbine 2 physical: plate's physical(2) leaves the minimum 1, four times; the buckler
    # field's 2 charges soak 2 of it
    assert RULESET.exposure_after(m, find(m, "move", actor=vanguard, cell=(3, 0))) is not None
    place(m, vanguard, (6, 5))
    m.touch()
    assert RULESET.exposure_now(m, vanguard) == 2.0
    place(m, vanguard, (0, 5))  # beyond the Gunner's sprint (8 tiles) and range 6
    m.touch()
    assert RULESET.exposure_now(m, vanguard) == 0.0


def test_no_ai_hook_reads_where_a_hidden_sneaker_truly_stands():
    a, s = twin(TRUE_A, 1)
    b, _ = twin(TRUE_B, 1)
    for m in (a, b):
        assert s in RULESET.hidden_units(m, "p2")
    breacher_a, breacher_b = unit(a, "Breacher"), unit(b, "Breacher")
    assert breacher_a == breacher_b
    cells = [(x, y) for x in range(0, 16, 3) for y in range(0, 12, 3)]
    for cell in cells:
        assert RULESET.threat_by(a, "p2", cell) == RULESET.threat_by(b, "p2", cell)
        assert RULESET.menace(a, breacher_a, cell) == RULESET.menace(b, breacher_b, cell)
    la, lb = a.legal(), b.legal()
    for x, y in zip(la, lb, strict=True):
        assert RULESET.volley_after(a, x) == RULESET.volley_after(b, y)
        assert RULESET.exposure_after(a, x) == RULESET.exposure_after(b, y)
    assert RULESET.exposure_now(a, breacher_a) == RULESET.exposure_now(b, breacher_b)
    a.close()
    b.close()


def test_a_hidden_enemys_weapon_in_hand_and_rounds_change_no_ai_hook():
    a, s = twin(TRUE_A, 1)
    b, _ = twin(TRUE_A, 1)
    with b.world:
        gear = get(s, TkGear)
        gear.held = "knife"
        gear.loaded["crossbow"] = 0
    b.touch()
    breacher = unit(a, "Breacher")
    for cell in [(x, y) for x in range(0, 16, 3) for y in range(0, 12, 3)]:
        assert RULESET.threat_by(a, "p2", cell) == RULESET.threat_by(b, "p2", cell)
    for x, y in zip(a.legal(), b.legal(), strict=True):
        assert RULESET.exposure_after(a, x) == RULESET.exposure_after(b, y)
        assert RULESET.volley_after(a, x) == RULESET.volley_after(b, y)
    assert RULESET.exposure_now(a, breacher) == RULESET.exposure_now(b, breacher)
    a.close()
    b.close()


def test_normal_prices_a_move_by_what_it_lets_the_unit_threaten():
    from game.ai.terms import Scorer

    m = lone("Marksman", "Gunner", Board.blank("square", 24, 12))
    marksman, gunner = unit(m, "Marksman"), of(m, "p2", "Gunner")
    place(m, marksman, (1, 5))
    place(m, gunner, (21, 5))
    m.touch()
    scorer = Scorer()
    cache = scorer.context(m, "p1")
    closer = scorer.terms(m, cache, find(m, "move", actor=marksman, cell=(5, 5)))
    # from (5, 5) the Gunner is 16 tiles away: within a sprint's 8 tiles + the rifle's 8
    assert closer["menace"] == scorer.weights["menace"] * 2.0
    away = scorer.terms(m, cache, find(m, "move", actor=marksman, cell=(1, 4)))
    assert "menace" not in away


def test_opportunity_damage_is_weighed_by_the_strikes_chance_to_connect():
    from game.rulesets.tokens.ai import aoo_damage
    from game.rulesets.tokens.components import TkEffects

    m = lone("Marksman", "Gunner")
    mover, foe = unit(m, "Marksman"), of(m, "p2", "Gunner")
    place(m, mover, (5, 5))
    place(m, foe, (6, 5))
    m.touch()
    with m.world:
        sure = aoo_damage(m, mover, ((4, 5),))
    assert sure > 0
    with m.world:
        get(foe, TkEffects).blind = 1  # TK-BLIND: its strikes connect on a coin
    m.touch()
    with m.world:
        assert aoo_damage(m, mover, ((4, 5),)) == sure / 2


def test_the_ai_does_not_retry_a_sneak_an_unseen_watcher_just_foiled():
    from test_tokens_stealth import watched
    from tokens_helpers import act, comp

    from game.rulesets.tokens.components import TkStealth

    m, s, v = watched((5, 9))
    before = RULESET.assess(m, find(m, "sneak", actor=v, option="2"))
    assert before.progress > 0
    act(m, "sneak", actor=v, option="2")  # foiled by the hidden shade next to it
    assert not comp(m, v, TkStealth).hidden
    # still offered (the side sees no enemy), but the AI knows its try here just failed
    again = RULESET.assess(m, find(m, "sneak", actor=v, option="1"))
    assert again.progress < 0
    # what it knows is its own failed try on this tile, not where the watcher is: elsewhere it may
    place(m, v, (4, 11))
    m.touch()
    assert RULESET.assess(m, find(m, "sneak", actor=v, option="1")).progress > 0


def test_normal_strips_a_shield_its_next_attacks_get_through():
    from game.ai.knowledge import Deadline
    from game.ai.utility import NormalAI

    # Nightfall's Gunner (four Carbine shots) against a Vanguard whose buckler field soaks one hit
    m = make_match("nightfall", "wardens")
    gunner, vanguard = of(m, "p1", "Gunner"), of(m, "p2", "Vanguard 1")
    with m.world:
        for ent, (st,) in m.units(Status):
            if ent not in (gunner, vanguard):
                st.state = "dead"
    place(m, gunner, (3, 5))
    place(m, vanguard, (6, 5))
    with m.world:
        get(vanguard, TkShield).charges = 1  # soaks one Carbine hit after its armour
    m.touch()
    shot = find(m, "attack", actor=gunner, target=vanguard)
    with m.world:
        assert RULESET.assess(m, shot).expected_damage == 0  # the first shot only strips the shield
    ai = NormalAI(seed=1, budget=5.0)
    ranked = ai.rank(m, m.legal(), Deadline(5.0))
    first = next(r for r in ranked if r.action == shot)
    assert first.terms.get("followup", 0.0) > 0
    end = next(r for r in ranked if r.action.kind == "end")
    assert first.score > end.score  # before, worth its cost only: the Gunner ended its turn instead


def test_normal_weighs_a_sprint_by_where_it_ends_as_it_weighs_a_move():
    """A sprint's tile is priced like a move's (the enemy fire there, what the unit threatens, the
    closing on its target): a sprint into the enemy's reach must not look free."""
    from game.ai.moves import is_move
    from game.ai.terms import Scorer

    m = lone("Marksman", "Gunner", Board.blank("square", 24, 12))
    marksman, gunner = unit(m, "Marksman"), of(m, "p2", "Gunner")
    place(m, marksman, (1, 5))
    place(m, gunner, (20, 5))
    m.touch()
    scorer = Scorer()
    cache = scorer.context(m, "p1")
    sprint = find(m, "sprint", actor=marksman, cell=(9, 5))
    assert is_move(RULESET, sprint)
    terms = scorer.terms(m, cache, sprint)
    # (9, 5) is 11 tiles from the Gunner: within its sprint (8 tiles) and carbine range (6)
    assert terms["safety"] < 0.0
    assert terms["approach"] > 0.0
    # a shorter sprint stops outside the Gunner's reach: no fire to price there
    short = scorer.terms(m, cache, find(m, "sprint", actor=marksman, cell=(5, 5)))
    assert "safety" not in short


def test_the_exact_exposure_counts_an_enemy_that_sprints_into_range():
    m = lone("Vanguard 1", "Gunner")
    vanguard, gunner = unit(m, "Vanguard 1"), of(m, "p2", "Gunner")
    place(m, gunner, (15, 5))
    # 12 tiles: beyond the Gunner's 4 steps and range 6, within its sprint's 8 tiles and range 6
    place(m, vanguard, (3, 5))
    m.touch()
    assert RULESET.exposure_now(m, vanguard) == 2.0
