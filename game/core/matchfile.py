"""Reading saved matches (snapshots) and replays, and the checks after decoding.

A save or replay is decoded in three steps, each refusing with one line naming the file, the
place and the problem (`UserError`): bounded JSON decoding (game.core.files), the msgspec
schemas (`game.core.matchschema`: types, ranges, enums, sizes, no unknown fields), then meaning:
the ruleset, squads and map exist and fit each other, every component holds its declared types,
and the restored match passes the ruleset's invariants, has its units on the board and its result
agrees with its state. Nothing half-loaded ever reaches the caller.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from msgspec import UNSET

from game.core.files import check_plain, convert, decode_json, read_bytes
from game.core.matchschema import (  # noqa: F401 - the schemas are re-exported: readers import them from here
    MAX_WORLD_INT,
    REPLAY_LIMIT,
    SAVE_LIMIT,
    ActionData,
    ActionInput,
    AnswerInput,
    ChanceData,
    EventData,
    ReplayFile,
    ReplayHeader,
    ReplayParent,
    ResultData,
    SaveFile,
    ScenarioData,
    ScenarioOptions,
    SnapshotData,
)
from game.errors import UserError


# -- decoding --------------------------------------------------------------------------------------
def decode_file(path: Path, schema: type[Any], limit: int, name: str | None = None) -> tuple[Any, Any]:
    """(validated struct, plain data) of a JSON file; the plain data keeps the world's exact form."""
    file = str(path) if name is None else name
    data = read_bytes(path, limit, file)
    typed = decode_json(data, schema, file)  # the schema's own error paths name the place
    raw = decode_json(data, Any, file)
    check_plain(raw, file, max_int=2**64)
    return typed, raw


def check_format(found: int, expected: int, file: str, place: str) -> None:
    """A format number this version reads."""
    if found != expected:
        raise UserError(f"format {found} is not one this version reads ({expected})", file, place)


def scenario_from(data: ScenarioData, file: str, place: str = "scenario") -> Any:
    """A checked core.match.Scenario and its ruleset: known ruleset, both sides' squads known."""
    from game.core import ruleset as registry
    from game.core.match import Scenario
    from game.core.options import check_rules

    try:
        rs = registry.get(data.ruleset)
    except KeyError:
        raise UserError(f"unknown ruleset {data.ruleset!r} (available: {', '.join(registry.available())})",
                        file, f"{place}.ruleset") from None
    missing = sorted({"p1", "p2"} - set(data.squads))
    if missing:
        raise UserError(f"no squad for {', '.join(missing)}", file, f"{place}.squads")
    known = rs.squads()
    built = {} if data.options.built_squads is UNSET else data.options.built_squads
    for side, spec in sorted(built.items()):
        info = rs.built_squad(spec, file, f"{place}.options.built_squads.{side}")
        if data.squads.get(side) != info.id:
            raise UserError(f"the squad is {data.squads.get(side)!r}; its built squad is {info.id!r}",
                            file, f"{place}.squads.{side}")
    for side, squad in sorted(data.squads.items()):
        if squad not in known and side not in built:
            raise UserError(f"unknown {rs.name} squad {squad!r} (known: {', '.join(sorted(known))})",
                            file, f"{place}.squads.{side}")
    options = msgspec.to_builtins(data.options)
    try:
        check_rules(rs, options.get("rules", {}))
    except UserError as exc:
        raise UserError(exc.line(), file, f"{place}.options.rules") from None
    scenario = Scenario(data.ruleset, data.map, dict(data.squads), data.seed, options)
    return scenario, rs


def board_for(scenario: Any, rs: Any, file: str, place: str = "scenario.map",
              load: Callable[[Any], Any] | None = None) -> Any:
    """The scenario's board (through `load`, core.match.load_board_for by default); a map problem
    is reported as this file's, and the board must be of the ruleset's kind."""
    from game.core import match as match_mod

    try:
        board = (load or match_mod.load_board_for)(scenario)
    except UserError as exc:
        raise UserError(exc.line(), file, place) from None
    if board.kind != rs.board_kind:
        raise UserError(f"{scenario.map} is a {board.kind} map; {rs.name} is played on {rs.board_kind} maps",
                        file, place)
    return board


def check_world(world: dict[int, dict[str, dict[str, Any]]], file: str, place: str = "world") -> None:
    """Every component registered and holding its declared field types; ints bounded."""
    from game.core.world import COMPONENTS

    for ent, comps in world.items():
        for name, fields in comps.items():
            where = f"{place}.{ent}.{name}"
            cls = COMPONENTS.get(name)
            if cls is None:
                raise UserError(f"unknown component {name!r}", file, where)
            declared = {f.name for f in dataclasses.fields(cls)}
            extra = sorted(set(fields) - declared)
            if extra:
                raise UserError(f"unknown field {extra[0]!r}", file, where)
            check_plain(fields, file, where, max_int=MAX_WORLD_INT)
            convert(fields, cls, file, where)


def check_restored(match: Any, file: str) -> None:
    """What the rules say of a restored match: invariants, Health in bounds, units on the board,
    the table's sides, a result that agrees with the state. Any failure of the rules code on the
    state is reported as such rather than raised."""
    import esper

    from game.core.components import Health, Position, Table
    from game.core.ruleset import Outcome

    with match.world:
        table = esper.try_component(match.table_entity, Table)
        if table is None:
            raise UserError(f"entity {match.table_entity} holds no Table", file, "snapshot.table_entity")
        if tuple(table.sides) != tuple(sorted(match.scenario.squads)):
            raise UserError(f"the table's sides {list(table.sides)} are not the scenario's", file,
                            f"snapshot.world.{match.table_entity}.Table.sides")
        for ent, hp in sorted(esper.get_component(Health)):
            # a ruleset may track Health below zero (the Health component says so): down to the
            # floor its rules allow (minus the maximum unless it says otherwise); rulesets that
            # stop at 0 say it in their invariants
            if not 1 <= hp.maximum or not hp.current <= hp.maximum:
                raise UserError(f"Health {hp.current}/{hp.maximum} is out of bounds", file,
                                f"snapshot.world.{ent}.Health")
            try:
                floor = match.ruleset.health_floor(match, ent, hp.maximum)
            except Exception as exc:  # noqa: BLE001 - untrusted state: the rules failing on it is a refusal
                raise _unplayable(exc, file) from None
            if hp.current < floor:
                raise UserError(f"Health {hp.current}/{hp.maximum} is out of bounds", file,
                                f"snapshot.world.{ent}.Health")
        for ent, pos in sorted(esper.get_component(Position)):
            if tuple(pos.cell) not in match.board:
                raise UserError(f"cell {tuple(pos.cell)} is not on the board", file,
                                f"snapshot.world.{ent}.Position")
    try:
        broken = match.ruleset.invariants(match)
        with match.world:
            out = match.ruleset.outcome(match)
        if out is None and match.round > match.ruleset.round_cap:
            out = Outcome(None, "round cap")
    except Exception as exc:  # noqa: BLE001 - untrusted state: the rules code failing on it is a refusal
        raise _unplayable(exc, file) from None
    if broken:
        raise UserError(f"a state the rules cannot reach: {broken[0]}", file, "snapshot.world")
    saved = match.result
    if (saved is None) != (out is None) or (saved is not None and out is not None
                                            and saved.winner != out.winner):
        said = "not over" if saved is None else f"won by {saved.winner or 'nobody'}"
        real = "not over" if out is None else f"won by {out.winner or 'nobody'}"
        raise UserError(f"the save says the match is {said}; its state says {real}", file, "snapshot.result")


def _unplayable(exc: Exception, file: str) -> UserError:
    return UserError(f"the rules cannot play this state ({type(exc).__name__}: {exc})"[:300], file,
                     "snapshot.world")


def check_playable(match: Any, file: str) -> None:
    """Whose turn and what they may do can be worked out (move generation runs last, on a state
    the other checks passed)."""
    if match.result is not None:
        return
    try:
        match.current()
        match.legal()
    except Exception as exc:  # noqa: BLE001 - untrusted state: the rules code failing on it is a refusal
        raise _unplayable(exc, file) from None


def restore_match(snap: SnapshotData, raw: dict[str, Any], file: str,
                  controllers: dict[str, Any] | None = None, place: str = "snapshot") -> Any:
    """A Match rebuilt from a validated snapshot (`raw` is its plain form), fully checked; the
    match is closed again if any check fails."""
    from game.core.match import SAVE_FORMAT, IllegalInput, Match

    check_format(snap.format, SAVE_FORMAT, file, f"{place}.format")
    scenario, rs = scenario_from(snap.scenario, file, f"{place}.scenario")
    if snap.chance.seed != scenario.seed:
        raise UserError(f"seed {snap.chance.seed} is not the scenario's {scenario.seed}", file,
                        f"{place}.chance.seed")
    if snap.chance.state >= 2**64:
        raise UserError("the chance state is not a 64-bit number", file, f"{place}.chance.state")
    check_world(snap.world, file, f"{place}.world")
    if snap.table_entity not in snap.world:
        raise UserError(f"entity {snap.table_entity} is not in the world", file, f"{place}.table_entity")
    board = board_for(scenario, rs, file, f"{place}.scenario.map")
    plain = msgspec.to_builtins(snap)
    plain["world"] = raw["world"]  # exact saved form: a pending save compares it after re-running
    plain["scenario"] = scenario.to_json()
    try:
        match = Match.from_snapshot(rs, board, plain, controllers)
    except UserError as exc:
        raise UserError(exc.line(), file, place) from None
    except IllegalInput as exc:
        raise UserError(f"a saved input does not fit the game: {exc}", file, f"{place}.inputs") from None
    except (TypeError, ValueError, KeyError) as exc:
        raise UserError(f"cannot be restored: {exc}", file, place) from None
    try:
        if snap.pending and not match.resolving:
            raise UserError("says a decision is open, but its inputs leave none open", file,
                            f"{place}.pending")
        check_restored(match, file)
        if not snap.pending:  # a pending save was re-run by from_snapshot already
            check_reached(match, raw["world"], file, place)
        check_playable(match, file)
    except BaseException:
        match.close()
        raise
    return match


def _first_difference(saved: dict[str, Any], rerun: dict[str, Any]) -> str:
    for ent in sorted(set(saved) | set(rerun), key=lambda k: (len(k), k)):
        a, b = saved.get(ent), rerun.get(ent)
        if a is None or b is None:
            return f"world.{ent}"
        for comp in sorted(set(a) | set(b)):
            if a.get(comp) != b.get(comp):
                return f"world.{ent}.{comp}"
    return "world"


def check_reached(match: Any, world: dict[str, Any], file: str, place: str = "snapshot") -> None:
    """The saved state must be the one its scenario and inputs lead to: replay the inputs from
    the set-up on a scratch match and compare world, chance and result. This is what makes a
    hand-edited save (a unit's turn record pointing nowhere, a card dealt twice) a refusal."""
    from game.core.action import Action
    from game.core.match import IllegalInput, Match

    check = Match(match.ruleset, match.scenario, match.board, {})
    try:
        for i, item in enumerate(match.inputs):
            try:
                if item["t"] == "action":
                    # as a replay does: no undo snapshot per move (a third of a long load)
                    check._submit(Action.from_json(item["action"]), None, undo=False)
                else:
                    check.answer(str(item["key"]))
            except IllegalInput as exc:
                raise UserError(f"a saved input does not fit the game: {exc}", file,
                                f"{place}.inputs[{i}]") from None
        if check.resolving:
            raise UserError("says no decision is open, but its inputs leave one open", file,
                            f"{place}.pending")
        mine = check.world.snapshot()
        if mine != world:
            raise UserError("is not the state its inputs lead to", file,
                            f"{place}.{_first_difference(world, mine)}")
        if check.chance.to_json() != match.chance.to_json():
            raise UserError("is not the chance state its inputs lead to", file, f"{place}.chance")
        def winner(m: Any) -> Any:
            return "" if m.result is None else m.result.winner

        if winner(check) != winner(match):
            raise UserError("is not the result its inputs lead to", file, f"{place}.result")
        saved_log, rerun_log = (json.loads(json.dumps([e.to_json() for e in m.log])) for m in (match, check))
        if saved_log != rerun_log:
            at = next((i for i, (a, b) in enumerate(zip(saved_log, rerun_log, strict=False)) if a != b),
                      min(len(saved_log), len(rerun_log)))
            raise UserError("is not the combat log its inputs lead to", file, f"{place}.log[{at}]")
    finally:
        check.close()
