"""A corpus of broken replays, saves and settings, generated from valid files.

Each case is (id, make) where make(valid) returns the broken file's bytes; `valid` is a fresh
deep copy of a valid file's JSON data. Raw-text cases (1e400, 5,000 digits, deep nesting,
truncation) build bytes directly, since json.dumps cannot write them.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

Make = Callable[[Any], bytes]
VALID_SETTINGS = {"ui_scale": 1.5, "anim_speed": "fast", "palette": "muted", "volume": 0.3,
                  "muted": True, "fullscreen": False, "ai_reasoning": True}
DEEP = 100_000


def dumps(data: Any) -> bytes:
    return json.dumps(data).encode()


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """data with the value at path replaced (the data is a private copy)."""
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def drop_at(data: Any, path: tuple[Any, ...]) -> Any:
    node = data
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return data


def raw_at(data: Any, path: tuple[Any, ...], raw: str) -> bytes:
    """The JSON text of data with the value at path replaced by raw JSON text."""
    marker = "@@RAW@@"
    return dumps(set_at(data, path, marker)).replace(f'"{marker}"'.encode(), raw.encode(), 1)


def _set(path: tuple[Any, ...], value: Any) -> Make:
    return lambda d: dumps(set_at(d, path, copy.deepcopy(value)))


def _raw(path: tuple[Any, ...], raw: str) -> Make:
    return lambda d: raw_at(d, path, raw)


def _drop(path: tuple[Any, ...]) -> Make:
    return lambda d: dumps(drop_at(d, path))


def _first(data: dict[str, Any], t: str, inputs: tuple[Any, ...] = ("inputs",)) -> int:
    node: Any = data
    for key in inputs:
        node = node[key]
    return next(i for i, item in enumerate(node) if item["t"] == t)


def _with_input(edit: Callable[[dict[str, Any]], Any], t: str = "action",
                inputs: tuple[Any, ...] = ("inputs",)) -> Make:
    def make(d: Any) -> bytes:
        node: Any = d
        for key in inputs:
            node = node[key]
        edit(node[_first(d, t, inputs)])
        return dumps(d)
    return make


def _deep(path: tuple[Any, ...]) -> Make:
    return _raw(path, "[" * DEEP + "]" * DEEP)


GARBAGE: list[tuple[str, Make]] = [
    ("empty file", lambda d: b""),
    ("truncated half-way", lambda d: dumps(d)[: len(dumps(d)) // 2]),
    ("truncated by one byte", lambda d: dumps(d)[:-1]),
    ("binary junk", lambda d: bytes(range(256)) * 4),
    ("utf-16", lambda d: json.dumps(d).encode("utf-16")),
    ("a JSON list", lambda d: b"[1, 2, 3]"),
    ("a JSON string", lambda d: b'"hello"'),
    ("a number", lambda d: b"7"),
    ("null", lambda d: b"null"),
    ("NaN", lambda d: b"NaN"),
    ("nested 100,000 deep at the top", lambda d: b"[" * DEEP + b"]" * DEEP),
    ("objects nested 3,000 deep", lambda d: b'{"a":' * 3000 + b"1" + b"}" * 3000),
    ("trailing garbage", lambda d: dumps(d) + b" }"),
    ("1e400 beside 100,000-deep nesting",
     lambda d: b'{"deep": ' + b"[" * DEEP + b"]" * DEEP + b', "n": 1e400, "rest": ' + dumps(d) + b"}"),
    ("1e400 after 100,000-deep nesting",
     lambda d: b'{"n": [1e400], "deep": ' + b"[" * DEEP + b"]" * DEEP + b"}"),
]


def replay_cases() -> list[tuple[str, Make]]:
    """Broken replays: every kind issue #23 lists, and more."""
    cases: list[tuple[str, Make]] = list(GARBAGE) + [
        ("ruleset as a list", _set(("scenario", "ruleset"), ["voidmarked"])),
        ("unknown ruleset", _set(("scenario", "ruleset"), "chess")),
        ("map as a number", _set(("scenario", "map"), 7)),
        ("map null", _set(("scenario", "map"), None)),
        ("map empty", _set(("scenario", "map"), "")),
        ("map missing file", _set(("scenario", "map"), "square/no-such-map.tmx")),
        ("map is a folder", _set(("scenario", "map"), "square")),
        ("map /dev/zero", _set(("scenario", "map"), "/dev/zero")),
        ("hex map for a square ruleset", _set(("scenario", "map"), "hex/casket_foundry.tmx")),
        ("seed 1e400", _raw(("scenario", "seed"), "1e400")),
        ("seed of 5,000 digits", _raw(("scenario", "seed"), "9" * 5000)),
        ("seed 2**70", _set(("scenario", "seed"), 2**70)),
        ("fractional seed", _set(("scenario", "seed"), 7.9)),
        ("negative seed", _set(("scenario", "seed"), -4)),
        ("seed as a string", _set(("scenario", "seed"), "7")),
        ("seed true", _set(("scenario", "seed"), True)),
        ("unknown option", _set(("scenario", "options"), {"turbo": True})),
        ("options a list", _set(("scenario", "options"), [1])),
        ("deck_cap of -1", _set(("scenario", "options"), {"deck_cap": -1})),
        ("unknown squad", _set(("scenario", "squads", "p2"), "dragons")),
        ("squad as a number", _set(("scenario", "squads", "p1"), 3)),
        ("squads missing p2", _drop(("scenario", "squads", "p2"))),
        ("a third side", _set(("scenario", "squads", "p3"), "vanguard")),
        ("scenario a string", _set(("scenario",), "voidmarked")),
        ("scenario missing", _drop(("scenario",))),
        ("unknown scenario field", _set(("scenario", "weather"), "rain")),
        ("unknown format", _set(("format",), 999)),
        ("format missing", _drop(("format",))),
        ("format as text", _set(("format",), "1")),
        ("unknown top-level field", _set(("cheats",), True)),
        ("inputs a dict", _set(("inputs",), {"t": "action"})),
        ("inputs a string", _set(("inputs",), "move move move")),
        ("inputs a list of numbers", _set(("inputs",), [1, 2, 3])),
        ("inputs null", _set(("inputs",), None)),
        ("inputs missing", _drop(("inputs",))),
        ("inputs nested 100,000 deep", _deep(("inputs",))),
        ("inputs empty", _set(("inputs",), [])),
        ("inputs cut short", lambda d: dumps(set_at(d, ("inputs",), d["inputs"][:3]))),
        ("junk inputs after the end",
         lambda d: dumps(set_at(d, ("inputs",), d["inputs"] + d["inputs"][-2:]))),
        ("an input of unknown type", _with_input(lambda i: i.update(t="cheat"))),
        ("an input without t", _with_input(lambda i: i.pop("t"))),
        ("an input without action", _with_input(lambda i: i.pop("action"))),
        ("an answer where an action is due",
         _with_input(lambda i: (i.clear(), i.update(t="answer", key="x")))),
        ("an action without kind", _with_input(lambda i: i["action"].pop("kind"))),
        ("an unknown action kind", _with_input(lambda i: i["action"].update(kind="summon-a-dragon"))),
        ("an action with an unknown field", _with_input(lambda i: i["action"].update(power=9000))),
        ("cell of three numbers", _with_input(lambda i: i["action"].update(cell=[1, 2, 3]))),
        ("cell a string", _with_input(lambda i: i["action"].update(cell="b4"))),
        ("cell far off the board", _with_input(lambda i: i["action"].update(cell=[99999, 0]))),
        ("path of one-number cells", _with_input(lambda i: i["action"].update(path=[[1], [2]]))),
        ("path a dict", _with_input(lambda i: i["action"].update(path={"a": 1}))),
        ("path of 5,000 cells", _with_input(lambda i: i["action"].update(path=[[1, 1]] * 5000))),
        ("actor as text", _with_input(lambda i: i["action"].update(actor="Wren"))),
        ("actor 1e6", _with_input(lambda i: i["action"].update(actor=1_000_000))),
        ("actor -1", _with_input(lambda i: i["action"].update(actor=-1))),
        ("target 2**100", _with_input(lambda i: i["action"].update(target=2**100))),
        ("label of a megabyte", _with_input(lambda i: i["action"].update(label="x" * 1_000_000))),
        ("winner p3", _set(("winner",), "p3")),
        ("winner a number", _set(("winner",), 1)),
        ("rounds -1", _set(("rounds",), -1)),
        ("controllers ai:godlike", _set(("controllers", "p1"), "ai:godlike")),
        ("final_hash not hex", _set(("final_hash",), "not-a-hash")),
        ("final_hash tampered", _set(("final_hash",), "0" * 64)),
    ]
    return cases


def replay_cases_needing_answers() -> list[tuple[str, Make]]:
    """Cases on answer inputs (only when the valid replay holds one)."""
    return [
        ("an answer without key", _with_input(lambda i: i.pop("key"), "answer")),
        ("an answer that is no option", _with_input(lambda i: i.update(key="surrender"), "answer")),
        ("an answer key a list", _with_input(lambda i: i.update(key=["a"]), "answer")),
    ]


def _ent(d: dict[str, Any], comp: str) -> str:
    """The first entity id holding a component."""
    return next(e for e, comps in sorted(d["snapshot"]["world"].items(), key=lambda kv: int(kv[0]))
                if comp in comps)


def _edit_world(edit: Callable[[dict[str, Any]], Any]) -> Make:
    def make(d: Any) -> bytes:
        edit(d)
        return dumps(d)
    return make


def _comp(comp: str, edit: Callable[[dict[str, Any]], Any]) -> Make:
    return _edit_world(lambda d: edit(d["snapshot"]["world"][_ent(d, comp)][comp]))


def _extra_entity(key: str) -> Make:
    ghost = {"Name": {"text": "ghost", "kind": ""}}
    return _edit_world(lambda d: d["snapshot"]["world"].__setitem__(key, ghost))


def _two_on_one_cell(d: dict[str, Any]) -> None:
    world = d["snapshot"]["world"]
    units = [e for e, c in world.items() if "Position" in c and c.get("Status", {}).get("state") == "active"]
    world[units[1]]["Position"]["cell"] = list(world[units[0]]["Position"]["cell"])


S = ("snapshot",)


def save_cases() -> list[tuple[str, Make]]:
    """Broken saves: every kind issue #23 lists, and more."""
    return list(GARBAGE) + [
        ("no snapshot", _drop(S)),
        ("snapshot a list", _set(S, [])),
        ("kind of another program", _set(("kind",), "spreadsheet")),
        ("save format 999", _set(("format",), 999)),
        ("snapshot format 999", _set((*S, "format"), 999)),
        ("seed 1e400", _raw((*S, "scenario", "seed"), "1e400")),
        ("chance state 1e400", _raw((*S, "chance", "state"), "1e400")),
        ("chance state of 5,000 digits", _raw((*S, "chance", "state"), "7" * 5000)),
        ("chance state -1", _set((*S, "chance", "state"), -1)),
        ("chance state 2**100", _set((*S, "chance", "state"), 2**100)),
        ("chance state 2**64", _set((*S, "chance", "state"), 2**64)),
        ("chance seed not the scenario's", _set((*S, "chance", "seed"), 123456)),
        ("chance draws a float", _set((*S, "chance", "draws"), 1.5)),
        ("log nested 100,000 deep", _deep((*S, "log"))),
        ("world nested 100,000 deep", _deep((*S, "world"))),
        ("an event's data nested 60 deep", _edit_world(
            lambda d: d["snapshot"]["log"][0]["data"].__setitem__("x", json.loads("[" * 60 + "]" * 60)))),
        ("Health.current a string", _comp("Health", lambda h: h.update(current="ten"))),
        ("Health.current a float", _comp("Health", lambda h: h.update(current=3.5))),
        ("Health -999", _comp("Health", lambda h: h.update(current=-999))),
        ("Health above its maximum", _comp("Health", lambda h: h.update(current=h["maximum"] + 5))),
        ("Health maximum 0", _comp("Health", lambda h: h.update(current=0, maximum=0))),
        ("Health of 5,000 digits", lambda d: raw_at(d, (*S, "world", _ent(d, "Health"), "Health", "current"),
                                                   "9" * 5000)),
        ("Health 2**40", _comp("Health", lambda h: h.update(current=2**40, maximum=2**40))),
        ("Health missing maximum", _comp("Health", lambda h: h.pop("maximum"))),
        ("Health with an unknown field", _comp("Health", lambda h: h.update(armour=3))),
        ("position off the board", _comp("Position", lambda p: p.update(cell=[500, 500]))),
        ("position of three numbers", _comp("Position", lambda p: p.update(cell=[1, 2, 3]))),
        ("position null", _comp("Position", lambda p: p.update(cell=None))),
        ("two units on one cell", _edit_world(_two_on_one_cell)),
        ("an unknown component", _edit_world(
            lambda d: d["snapshot"]["world"][_ent(d, "Health")].__setitem__("Dragon", {"fire": 9}))),
        ("a component that is a list", _comp("Name", lambda n: (n.clear(), n.update(text=[1])))),
        ("entity id 100000000", _extra_entity("100000000")),
        ("entity id 10000000", _extra_entity("10000000")),
        ("entity id 1e6", _extra_entity("1e6")),
        ("entity id 1000000", _extra_entity("1000000")),
        ("entity id -3", _extra_entity("-3")),
        ("entity id 0", _extra_entity("0")),
        ("entity id not a number", _extra_entity("wren")),
        ("table entity missing", _set((*S, "table_entity"), 99)),
        ("table entity is a unit", lambda d: dumps(set_at(d, (*S, "table_entity"), int(_ent(d, "Health"))))),
        ("table entity -1", _set((*S, "table_entity"), -1)),
        ("table sides wrong", _comp("Table", lambda t: t.update(sides=["p1", "p9"]))),
        ("table round 2**100", _comp("Table", lambda t: t.update(round=2**100))),
        ("table data int 2**80", _comp("Table", lambda t: t["data"].update(x=2**80))),
        ("winner p3", _set((*S, "result"), {"winner": "p3", "reason": "because"})),
        ("a winner while the match goes on", _set((*S, "result"), {"winner": "p2", "reason": "said so"})),
        ("result a string", _set((*S, "result"), "p1 wins")),
        ("unknown ruleset", _set((*S, "scenario", "ruleset"), "chess")),
        ("unknown squad", _set((*S, "scenario", "squads", "p1"), "dragons")),
        ("missing map", _set((*S, "scenario", "map"), "square/no-such-map.tmx")),
        ("hex map for a square ruleset", _set((*S, "scenario", "map"), "hex/casket_foundry.tmx")),
        ("unknown option", _set((*S, "scenario", "options"), {"turbo": True})),
        ("inputs a string", _set((*S, "inputs"), "lots")),
        ("an input of unknown type", _with_input(lambda i: i.update(t="cheat"), inputs=(*S, "inputs"))),
        ("log entry a number", lambda d: dumps(set_at(d, (*S, "log", 0), 5))),
        ("log entry with an unknown field", lambda d: dumps(set_at(d, (*S, "log", 0, "secret"), 1))),
        ("pending with a world the inputs do not reach", lambda d: dumps(
            set_at(set_at(d, (*S, "pending"), True), (*S, "inputs"), d["snapshot"]["inputs"][:2]))),
        ("controllers ai:godlike", _set(("controllers", "p2"), "ai:godlike")),
        ("controllers a list", _set(("controllers",), ["human"])),
        ("a turn record pointing at no unit", _comp("VmTurn", lambda t: t.update(actor=4242))),
        ("initiative order naming no unit", _comp("VmOrder", lambda o: o.update(order=[4242, 4243]))),
    ]


def settings_cases() -> list[tuple[str, Make]]:
    """Broken settings files: each must give the default settings, a message, and be kept aside."""
    return list(GARBAGE) + [
        ("nested 100,000 deep in a value", _deep(("palette",))),
        ("ui_scale a string", _set(("ui_scale",), "huge")),
        ("volume 1e400", _raw(("volume",), "1e400")),
        ("volume of 5,000 digits", _raw(("volume",), "9" * 5000)),
        ("muted a string", _set(("muted",), "yes")),
        ("palette a list", _set(("palette",), ["muted"])),
        ("a palette name of a megabyte", _set(("palette",), "m" * 1_000_000)),
        ("a file of 2 MiB", lambda d: dumps(set_at(d, ("padding",), "x" * (2 << 20)))),
    ]


def one_line(text: str, name: str) -> str:
    """The refusal is one line naming the file; returns it."""
    assert "\n" not in text.strip(), text
    assert "Traceback" not in text
    assert name in text, text
    return text


def _deal_twice(cards: dict[str, Any]) -> None:
    card = next(c for zone in cards["zones"].values() for c in zone)
    cards["zones"].setdefault("hand", []).append(card)


def casket_save_cases() -> list[tuple[str, Make]]:
    """Broken casket saves: its own components, ranges and conservation of cards."""
    return [
        ("negative SP", _comp("CasketSP", lambda c: c.update(sp=-5))),
        ("negative heat", _comp("CasketHeat", lambda c: c.update(value=-1))),
        ("facing 9", _comp("Facing", lambda c: c.update(direction=9))),
        ("a structure card dealt twice", _comp("Cards", _deal_twice)),
        ("a wound card dealt twice", _comp("CasketWounds", _deal_twice)),
        ("frame damage as text", _comp("CasketFrame", lambda c: c["damage"].update(head="lots"))),
        ("a dead pilot still acting", _comp("CasketPilot", lambda c: c.update(dead=True))),
        ("a hand visible to the enemy", _comp("Cards", lambda c: c["visibility"].update(hand="p2"))),
        ("cards zones a list", _comp("Cards", lambda c: c.update(zones=["deck"]))),
        ("deck cap option of a million", _set((*S, "scenario", "options"), {"deck_cap": 10**6})),
        ("square map for a hex ruleset", _set((*S, "scenario", "map"), "square/voidmarked_warehouse.tmx")),
    ]
