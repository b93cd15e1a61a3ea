"""Content: shipped data loads; gear slots and the wealth budget are enforced with one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.errors import UserError
from game.learn.lesson import lesson_squads
from game.rulesets.tokens.content import data_files, load_content, shipped


def test_shipped_content_has_three_squads_of_four_to_six():
    c = shipped()
    taught = lesson_squads("tokens")  # the guided battle's own two-unit squads, never offered to play
    squads = {k: s for k, s in c.squads.items() if k not in taught}
    assert len(squads) >= 3
    assert all(4 <= len(s.units) <= 6 for s in squads.values())


def write(tmp_path: Path, extra: str) -> list[Path]:
    gear = next(p for p in data_files() if p.name == "gear.toml")
    f = tmp_path / "extra.toml"
    f.write_text(extra)
    return [gear, f]


UNIT = """
[unit.pack]
name = "Pack Mule"
move = 4
attack = 2
health = 3
weapons = {weapons}
items = {items}

[squad.test]
name = "Test"
wealth = {wealth}
units = ["pack"]
"""


@pytest.mark.rule("TK-GEAR")
def test_gear_slots_are_checked_on_load(tmp_path):
    ok = UNIT.format(weapons='["greataxe", "sword", "rifle"]', items='["stim"]', wealth=50)
    assert load_content(write(tmp_path, ok)).slots(load_content(write(tmp_path, ok)).units["pack"]) == (4, 1)
    bad = UNIT.format(weapons='["greataxe", "flamer", "sword"]', items="[]", wealth=50)
    with pytest.raises(UserError) as err:
        load_content(write(tmp_path, bad))
    assert "unit.pack.weapons" in str(err.value) and "5 primary slots" in str(err.value)
    bad = UNIT.format(
        weapons='["knife"]', items='["stim", "stim", "stim", "stim", "stim", "stim"]', wealth=50
    )
    with pytest.raises(UserError) as err:
        load_content(write(tmp_path, bad))
    assert "7 secondary slots" in str(err.value)


@pytest.mark.rule("TK-WEALTH")
def test_a_squad_must_fit_its_wealth_budget(tmp_path):
    bad = UNIT.format(weapons='["rifle"]', items="[]", wealth=4)
    with pytest.raises(UserError) as err:
        load_content(write(tmp_path, bad))
    assert "squad.test.wealth" in str(err.value) and "costs 5 wealth" in str(err.value)


@pytest.mark.rule("TK-COMBO")
def test_a_property_needs_what_it_requires(tmp_path):
    bad = '[weapon.odd]\nname = "Odd"\ncost = 1\ndamage = 1\ntype = "ice"\nproperties = "greater_cleave"\n'
    with pytest.raises(UserError) as err:
        load_content(write(tmp_path, bad))
    assert "weapon.odd.properties" in str(err.value) and "requires cleave" in str(err.value)


def test_a_typo_names_file_entry_and_key(tmp_path):
    bad = '[weapon.odd]\nname = "Odd"\ncost = 1\ndamage = 1\ntype = "frost"\n'
    with pytest.raises(UserError) as err:
        load_content(write(tmp_path, bad))
    assert "extra.toml" in str(err.value) and "weapon.odd.type" in str(err.value)
    assert "unknown damage type 'frost'" in str(err.value)


SEED_NAMES = """
[fuel.pitch]
name = "Pitch"
damage = 1
rounds = 2
type = "Fire"

[weapon.torch]
name = "Torch"
cost = 1
damage = 2
type = "fire"
properties = "DoT+Cleave,Penetrate+Deep Penetrate"
fuel = "pitch"

[armour.hearth]
name = "Hearth Coat"
defense = ["Fire(2)", "Ice+(2)", "Physical (1)"]
"""


@pytest.mark.rule("TK-DEFENSE", "TK-TYPES")
def test_the_seeds_own_names_load_fire_2_is_flame_defense(tmp_path):
    from game.rulesets.tokens.content import Defense
    from game.rulesets.tokens.odds import reduce_damage

    f = tmp_path / "seed_names.toml"
    f.write_text(SEED_NAMES)
    c = load_content([*data_files(), f])
    assert c.armours["hearth"].entries == (
        Defense("flame", 2, False), Defense("ice", 2, True), Defense("physical", 1, False))
    assert c.weapons["torch"].type == "flame" and c.fuels["pitch"].type == "flame"
    assert c.weapons["torch"].combos == (("dot", "cleave"), ("penetrate", "deep_penetrate"))
    # the seed's example: Fire(2) takes 2 fire damage to 1
    assert reduce_damage(2, c.weapons["torch"].type, c.armours["hearth"].entries)[0] == 1
