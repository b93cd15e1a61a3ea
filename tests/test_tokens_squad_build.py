"""The tokens squad builder's model: totals, every gear and wealth rule in players' words, the
shipped squads judged by the same function, squad files round-tripped and refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.errors import UserError
from game.rulesets.tokens import gearrules
from game.rulesets.tokens.content import shipped
from game.rulesets.tokens.gearrules import Loadout
from game.rulesets.tokens.squadbuild import SquadBuilder, read_squad, saved_squads, squad_text


def builder(*kinds: str, budget: int = 60) -> SquadBuilder:
    b = SquadBuilder(budget=budget, name="Test Squad")
    for k in kinds:
        b.add_unit(k, standard_gear=False)
    return b


@pytest.mark.rule("TK-WEALTH")
def test_totals_follow_the_gear_prices():
    b = builder("marksman")
    assert (b.spent, b.left) == (0, 60)
    b.add_gear(0, "rifle")  # 5
    b.add_gear(0, "plate")  # 4
    b.add_gear(0, "medkit")  # 2
    assert (b.spent, b.left) == (11, 49)
    assert b.slots(0) == (1, 1, 1)
    b.remove_gear(0, "plate")
    assert (b.spent, b.slots(0)) == (7, (1, 1, 0))
    # a unit added with its kind's standard gear costs what that gear costs
    c = shipped()
    i = b.add_unit("vanguard")
    assert b.unit_wealth(i) == gearrules.wealth(c, Loadout.of(c.units["vanguard"])) == 13
    assert b.spent == 20 and b.valid


@pytest.mark.rule("TK-WEALTH")
def test_over_budget_is_reported_with_the_figures():
    b = builder("vanguard", budget=10)
    for g in ("rifle", "plate", "bulwark"):  # 5 + 4 + 5
        b.add_gear(0, g)
    assert b.left == -4
    assert b.messages() == ["The squad: gear costs 14 wealth, over the budget of 10."]
    b.set_budget(15)
    assert b.valid


@pytest.mark.rule("TK-GEAR")
def test_more_than_four_primary_slots_is_reported():
    b = builder("gunner")
    for g in ("rifle", "carbine", "sword", "maul"):
        b.add_gear(0, g)
    assert b.valid and b.slots(0)[0] == 4
    b.add_gear(0, "crossbow")
    assert b.messages() == ["Gunner: gear fills 5 primary slots (at most 4; Bulky counts two)."]


@pytest.mark.rule("TK-GEAR")
def test_bulky_gear_takes_two_slots():
    b = builder("brute")
    b.add_gear(0, "greataxe")  # bulky primary weapon
    assert b.slots(0)[0] == 2
    b.add_gear(0, "bulwark")  # bulky shield
    assert b.slots(0)[0] == 4 and b.valid
    b.add_gear(0, "knife")  # secondary: the primaries are full, the secondaries are not
    assert b.valid
    b.add_gear(0, "sword")  # three pieces of primary gear, but five slots
    assert b.messages() == ["Brute: gear fills 5 primary slots (at most 4; Bulky counts two)."]


@pytest.mark.rule("TK-GEAR")
def test_more_than_six_secondary_slots_is_reported():
    b = builder("shade")
    b.add_gear(0, "knife")
    for _ in range(5):
        b.add_gear(0, "stim")
    assert b.valid and b.slots(0)[1] == 6
    b.add_gear(0, "medkit")
    assert b.messages() == ["Shade: gear fills 7 secondary slots (at most 6; Bulky counts two)."]


@pytest.mark.rule("TK-GEAR")
def test_two_armours_and_two_shields_are_reported():
    b = builder("vanguard", "vanguard")
    for i in (0, 1):
        b.add_gear(i, "sword")
    b.add_gear(1, "flak")
    b.add_gear(1, "plate")
    b.add_gear(0, "buckler_field")
    b.add_gear(0, "bulwark")
    assert b.slots(1)[2] == 2
    assert b.messages() == [
        "Vanguard 1: carries 2 shields; only one shield works at a time.",
        "Vanguard 2: wears 2 armours (Flak Vest and Plate); a unit has one armour slot.",
    ]


@pytest.mark.rule("TK-GEAR")
def test_units_need_a_weapon_and_a_squad_one_to_eight_units_and_a_name():
    b = builder("pyro")
    b.name = ""
    assert b.messages() == [
        "Pyro: carries no weapon (every unit needs at least one).",
        "The squad: needs a name to be saved.",
    ]
    empty = builder()
    assert empty.messages() == ["The squad: fields 0 units (a squad has 1 to 8)."]
    many = builder(*["stalker"] * 9)
    for i in range(9):
        many.add_gear(i, "claws")
    assert many.messages() == ["The squad: fields 9 units (a squad has 1 to 8)."]


@pytest.mark.rule("TK-GEAR")
@pytest.mark.rule("TK-WEALTH")
def test_shipped_squads_pass_the_same_function_and_break_it_when_changed():
    c = shipped()
    for sq in c.squads.values():
        units = [Loadout.of(c.units[k]) for k in sq.units]
        assert gearrules.squad_problems(c, units, sq.wealth) == [], sq.id
        b = SquadBuilder.from_squad(sq.id)
        assert b.valid and b.spent == gearrules.squad_wealth(c, units)
    wardens = [Loadout.of(c.units[k]) for k in c.squads["wardens"].units]
    assert [p.text for p in gearrules.squad_problems(c, wardens, 55)] == [
        "gear costs 56 wealth, over the budget of 55"
    ]


def test_save_and_load_round_trip(tmp_path):
    b = SquadBuilder.from_squad("nightfall")
    b.name = "Night Raiders"
    b.add_gear(4, "medkit")
    b.remove_unit(0)
    b.set_budget(45)
    path = b.save(tmp_path)
    assert path.name == "night_raiders.toml"
    back = SquadBuilder.from_file(read_squad(path))
    assert back.to_file() == b.to_file()
    assert (back.spent, back.budget, back.name, [back.label(i) for i in range(len(back.units))]) == (
        b.spent,
        45,
        "Night Raiders",
        ["Shade", "Pyro", "Grenadier", "Gunner"],
    )
    assert [s.name for s, _ in saved_squads(tmp_path)] == ["Night Raiders"]


def test_an_invalid_squad_is_not_saved(tmp_path):
    b = builder("vanguard", budget=10)
    b.add_gear(0, "rifle")
    b.add_gear(0, "plate")
    b.add_gear(0, "bulwark")
    with pytest.raises(UserError) as err:
        b.save(tmp_path)
    assert str(err.value) == "cannot save: The squad: gear costs 14 wealth, over the budget of 10."
    assert list(tmp_path.iterdir()) == []


GOOD = SquadBuilder.from_squad("wardens").to_file()


@pytest.mark.parametrize(
    ("edit", "place", "problem"),
    [
        (
            lambda t: t.replace('kind = "marksman"', 'kind = "wizard"'),
            "squad.units[3].kind",
            "unknown unit 'wizard'",
        ),
        (lambda t: t.replace('"rifle"', '"laser"'), "squad.units[3].weapons", "unknown weapon 'laser'"),
        (
            lambda t: t.replace("wealth = 60", "wealth = 50"),
            "squad.wealth",
            "gear costs 56 wealth, over the budget of 50",
        ),
        (
            lambda t: t.replace('weapons = ["rifle", "knife"]', 'weapons = ["rifle", "greataxe", "flamer"]'),
            "squad.units[3].weapons",
            "gear fills 5 primary slots (at most 4; Bulky counts two)",
        ),
        (
            lambda t: t.replace("player = true", "player = 3"),
            "squad.player",
            "expected true/false, found an integer 3",
        ),
        (
            lambda t: t.replace("[[units]]\nkind", "[[units]]\nknd", 1),
            "squad.units[1]",
            "unknown key 'knd' (did you mean 'kind'?)",
        ),
        (lambda t: t.replace("format = 1", "format = ["), "", "TOML syntax"),
    ],
)
def test_a_bad_squad_file_is_one_line_naming_file_entry_and_field(tmp_path, edit, place, problem):
    path = tmp_path / "bad.toml"
    path.write_text(edit(squad_text(GOOD)))
    with pytest.raises(UserError) as err:
        read_squad(path)
    line = err.value.line()
    assert "\n" not in line and line.startswith(f"{path}: ")
    assert err.value.place.startswith(place) and problem in err.value.problem, line


def test_missing_and_oversized_files(tmp_path: Path):
    with pytest.raises(UserError, match="no such squad file"):
        read_squad(tmp_path / "none.toml")
    big = tmp_path / "big.toml"
    big.write_text("#" * (70 << 10))
    with pytest.raises(UserError, match="is 70 KiB; the limit is 64 KiB"):
        read_squad(big)
