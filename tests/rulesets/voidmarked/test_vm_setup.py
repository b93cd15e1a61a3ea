"""Set-up: the post-long-rest state, the deck, the hands, deployment; and the content files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import esper
import pytest
from vm_helpers import gear, hp, new_match, unit, void, zone

from game.core.board import Board
from game.core.cards import standard_deck
from game.core.components import Position
from game.errors import UserError
from game.learn.lesson import lesson_squads
from game.rulesets.voidmarked.content import (
    DATA_DIR,
    content,
    defence_of,
    load_content,
    max_health_of,
    max_ve_of,
)
from game.rulesets.voidmarked.deployment import hand_size, spawn_cells


@pytest.mark.rule("VM-HAND")
def test_hand_size_is_six_plus_half_the_total_foresight_truncated():
    assert hand_size(0) == 6
    assert hand_size(6) == 9
    assert hand_size(7) == 9
    assert hand_size(-3) == 5  # the seed's own example
    assert hand_size(-1) == 6  # truncated toward zero, not floored (floor would give 5)
    assert hand_size(-20) == 0


@pytest.mark.rule("VM-HAND", "VM-REST")
def test_each_side_draws_its_hand_at_set_up():
    m = new_match()
    # Vanguard Foresight 1 + 1 + 2 + 2 = 6 -> 9; Void Cult -1 + 2 + 0 + 3 = 4 -> 8
    assert len(zone(m, "hand:p1")) == 9
    assert len(zone(m, "hand:p2")) == 8


@pytest.mark.rule("VM-DECK")
def test_one_deck_of_54_cards_shuffled_per_skirmish():
    m1, m2 = new_match(seed=1), new_match(seed=2)
    with m1.world:
        from game.rulesets.voidmarked.query import deck

        cards1 = deck(m1)
        assert cards1.all_cards() == Counter(standard_deck())
        assert sum(cards1.all_cards().values()) == 54
        assert {"RJ", "BJ"} <= set(cards1.all_cards())
        order1 = list(cards1.zone("deck"))
    with m2.world:
        order2 = list(deck(m2).zone("deck"))
    assert order1 != order2
    assert new_match(seed=1).snapshot()["world"] == m1.snapshot()["world"]


@pytest.mark.rule("VM-REST")
def test_the_skirmish_starts_in_the_state_a_long_rest_leaves():
    m = new_match()
    c = content()
    for uid in ("hale", "vire", "wren", "oriel", "flayed", "morrow", "cult_gunner", "ashael"):
        ent = unit(m, uid)
        u = c.units[uid]
        assert hp(m, ent) == c.max_health(u)
        assert void(m, ent).current == void(m, ent).maximum == c.max_ve(u)
        w = c.weapons[u.weapon]
        assert gear(m, ent).shots == w.shots
    # the discard holds only the initiative flips: one per unit type and side
    assert len(zone(m, "discard")) == 8
    assert zone(m, "table") == []


def test_units_deploy_on_spawn_squares_or_the_outer_columns():
    m = new_match()
    with m.world:
        cells = {e: esper.component_for_entity(e, Position).cell
                 for e in (unit(m, "hale"), unit(m, "flayed"))}
    assert cells[unit(m, "hale")][0] == 0 and cells[unit(m, "flayed")][0] == 15
    board = Board.blank("square", 10, 10)
    board.spawns = {"p1": [(2, 2), (2, 3)], "p2": [(7, 7)]}
    cells = spawn_cells(board, "p1", 4, set())
    assert cells[:2] == [(2, 2), (2, 3)] or set(cells[:2]) == {(2, 2), (2, 3)}
    assert len(cells) == 4 and len(set(cells)) == 4
    assert all(board.passable(c) for c in cells)


def test_an_unknown_squad_is_a_user_error():
    with pytest.raises(UserError, match="unknown voidmarked squad"):
        new_match("vanguard", "no_such_squad")


# -- content -----------------------------------------------------------------------------------------
@pytest.mark.rule("VM-HEALTH")
def test_max_health_from_archetype_scaling_level_and_physique():
    assert max_health_of(3, 6, 4) == 36  # the seed's Level 3 Enforcer with Physique 4
    c = content()
    scaling = {a.id: a.health_scaling for a in c.archetypes.values()}
    assert scaling == {"enforcer": 6, "mutant": 6, "engineer": 5, "phantom": 5,
                       "voidstrider": 4, "aristocrat": 4}
    assert c.max_health(c.units["hale"]) == 36


@pytest.mark.rule("VM-DEF")
def test_defence_is_half_physique_plus_dexterity_rounded_down():
    assert defence_of(4, 2) == 3
    assert defence_of(4, 1) == 2
    assert defence_of(-1, 0) == -1
    c = content()
    assert c.defence(c.units["wren"]) == (2 + 4) // 2


@pytest.mark.rule("VM-VOID")
def test_max_void_energy_formula():
    assert max_ve_of(10, 2) == 20
    assert max_ve_of(0, -1) == 0
    assert max_ve_of(-10, 1) == 0


def test_the_shipped_content_has_what_the_game_promises():
    c = content()
    assert set(c.archetypes) == {"enforcer", "mutant", "engineer", "phantom", "voidstrider", "aristocrat"}
    assert len(c.weapons) >= 8
    kinds = {(w.kind, w.wclass) for w in c.weapons.values()}
    assert {("melee", "standard"), ("ranged", "standard"), ("ranged", "automatic"),
            ("ranged", "heavy")} <= kinds
    assert any(u.offhand for u in c.units.values())
    assert len(c.voidcalls) >= 3 and any(v.radius for v in c.voidcalls.values())
    taught = lesson_squads("voidmarked")  # the guided battle's own small squads, never offered to play
    squads = [s for k, s in c.squads.items() if k not in taught]
    assert len(squads) >= 2
    assert all(4 <= len(s.units) <= 6 for s in squads)


def _copy_data(tmp_path: Path) -> Path:
    for f in DATA_DIR.glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text())
    return tmp_path


@pytest.mark.rule("VM-DUAL")
def test_dual_wielding_a_two_handed_weapon_is_refused_on_load(tmp_path):
    folder = _copy_data(tmp_path)
    units = folder / "units.toml"
    units.write_text(units.read_text().replace('offhand = "holdout_pistol"', 'offhand = "long_rifle"', 1))
    with pytest.raises(UserError) as err:
        load_content(folder)
    msg = err.value.line()
    assert "units.toml" in msg and "unit.wren.offhand" in msg and "two-handed" in msg


@pytest.mark.parametrize("file, old, new, where, problem", [
    ("weapons.toml", 'damage = [6, 10, 15]', 'damage = [6, 10]', "weapon.shock_maul.damage",
     "three whole numbers"),
    ("weapons.toml", 'range_ft = 30\nshots = 6', 'range_ft = 30\nshots = "six"',
     "weapon.service_pistol.shots", "expected an integer"),
    ("units.toml", 'weapon = "shock_maul"', 'weapon = "shock_mall"', "unit.hale.weapon", "not one of"),
    ("squads.toml", 'units = ["hale",', 'units = ["hail",', "squad.vanguard.units", "unknown unit"),
    ("voidcalls.toml", 'cost = 5', 'cots = 5', "voidcall.void_lance", "cost"),
    ("conditions.toml", 'damage = 2\n', 'damage = 2\nwobble = 1\n', "condition.bleeding", "unknown key"),
])
def test_bad_content_names_file_entry_and_key(tmp_path, file, old, new, where, problem):
    folder = _copy_data(tmp_path)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(UserError) as err:
        load_content(folder)
    msg = err.value.line()
    assert file in msg and where in msg and problem in msg, msg


def test_a_toml_syntax_error_names_the_line(tmp_path):
    folder = _copy_data(tmp_path)
    (folder / "races.toml").write_text("[race.human\nname = 1\n")
    with pytest.raises(UserError, match="races.toml.*line 1"):
        load_content(folder)
