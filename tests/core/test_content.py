"""Content schemas (game.core.content): msgspec decoding with one-line errors naming file, entry, key."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec
import pytest
from msgspec import Meta

from game.core.content import Schema, decode, decode_entries, invalid, tag_kinds
from game.errors import UserError


class Part(Schema, frozen=True, kw_only=True):
    weight: Annotated[int, Meta(ge=0, le=9)]


class Shape(Schema, frozen=True, kw_only=True, tag_field="kind"):
    kind: ClassVar[str] = ""


class Square(Shape, frozen=True, kw_only=True, tag="square"):
    side: int


class Circle(Shape, frozen=True, kw_only=True, tag="circle"):
    radius: int = 1


tag_kinds(Square, Circle)


class Thing(Schema, frozen=True, kw_only=True):
    id: str
    size: Annotated[int, Meta(ge=1, le=10)]
    colour: Literal["red", "blue"] = "red"
    span: Annotated[tuple[int, int], Meta(description="two whole numbers [low, high]")] = (0, 1)
    parts: tuple[Part, ...] = ()
    counts: dict[str, Annotated[int, Meta(ge=1)]] = {}
    shapes: tuple[Square | Circle, ...] = ()
    ratio: float = 1.0

    def __post_init__(self) -> None:
        if self.span[0] > self.span[1]:
            raise invalid("span", "low must not exceed high")


def _error(entry: dict) -> UserError:
    with pytest.raises(UserError) as err:
        decode_entries({"thing": {"a": entry}}, "thing", Thing, "things.toml")
    assert "\n" not in err.value.line()
    assert err.value.file == "things.toml"
    return err.value


@pytest.mark.parametrize("entry, place, problem", [
    ({}, "thing.a.size", "missing"),
    ({"size": "big"}, "thing.a.size", "expected an integer, found a string 'big'"),
    ({"size": True}, "thing.a.size", "expected an integer, found a boolean"),
    ({"size": 12}, "thing.a.size", "12 is outside 1..10"),
    ({"size": 2, "colour": "green"}, "thing.a.colour", "'green' is not one of red, blue"),
    ({"size": 2, "colur": "red"}, "thing.a", "unknown key 'colur' (did you mean 'colour'?)"),
    ({"size": 2, "parts": [{"weight": 1}, {"weight": 10}]}, "thing.a.parts[2].weight", "10 is outside 0..9"),
    ({"size": 2, "parts": [{"weight": 1}, 5]}, "thing.a.parts[2]", "expected a table, found an integer 5"),
    ({"size": 2, "span": [1]}, "thing.a.span", "should be two whole numbers [low, high]"),
    ({"size": 2, "span": [1, "x"]}, "thing.a.span", "should be two whole numbers [low, high]"),
    ({"size": 2, "span": [3, 1]}, "thing.a.span", "low must not exceed high"),
    ({"size": 2, "counts": {"ok": 2, "bad": 0}}, "thing.a.counts.bad", "0 is below the minimum 1"),
    ({"size": 2, "shapes": [{"kind": "blob"}]}, "thing.a.shapes[1].kind",
     "'blob' is not one of square, circle"),
    ({"size": 2, "shapes": [{"kind": "circle", "side": 2}]}, "thing.a.shapes[1]", "unknown key 'side'"),
    ({"size": 2, "shapes": [{"kind": "square"}]}, "thing.a.shapes[1].side", "missing"),
    ({"size": 2, "id": "b"}, "thing.a", "unknown key 'id'"),
])
def test_errors_name_the_entry_and_key(entry, place, problem):
    err = _error(entry)
    assert (err.place, err.problem) == (place, problem)


def test_decoded_entries_are_typed_frozen_and_keyed_by_their_name():
    doc = {"thing": {"a": {"size": 2, "ratio": 2, "shapes": [{"kind": "square", "side": 3}]},
                     "b": {"size": 3, "colour": "blue"}}}
    things = decode_entries(doc, "thing", Thing, "things.toml")
    assert list(things) == ["a", "b"] and things["a"].id == "a" and things["b"].colour == "blue"
    assert things["a"].ratio == 2.0 and isinstance(things["a"].ratio, float)
    shape = things["a"].shapes[0]
    assert isinstance(shape, Square) and shape.kind == "square" and shape.side == 3
    with pytest.raises(AttributeError):
        things["a"].size = 5  # type: ignore[misc]
    assert things["a"] == decode_entries(doc, "thing", Thing, "elsewhere.toml")["a"]
    assert hash(Part(weight=1)) == hash(decode({"weight": 1}, Part, "f", "p"))


def test_a_missing_or_malformed_table_is_named():
    with pytest.raises(UserError, match="missing table \\[thing\\]"):
        decode_entries({}, "thing", Thing, "things.toml")
    assert decode_entries({}, "thing", Thing, "things.toml", required=False) == {}
    with pytest.raises(UserError, match="should be a table of entries"):
        decode_entries({"thing": [1]}, "thing", Thing, "things.toml")


def test_decode_of_a_single_table_names_its_place():
    with pytest.raises(UserError) as err:
        decode({"weight": -1}, Part, "rules.toml", "rules")
    assert err.value.line() == "rules.toml: rules.weight: -1 is outside 0..9"
    with pytest.raises(UserError) as err:
        decode(None, Part, "rules.toml", "rules")
    assert err.value.line() == "rules.toml: rules: missing"
    assert decode({"weight": 3}, Part, "rules.toml", "rules") == Part(weight=3)


def test_schemas_are_msgspec_structs():
    assert issubclass(Thing, msgspec.Struct) and Thing.__struct_config__.frozen
    assert Thing.__struct_config__.forbid_unknown_fields
