"""An AI that thinks in another process: the request it is sent, and the loop that answers it.

A thread shares the interpreter lock with the window, so a thinking Hard AI stretched the frames
to ~100 ms; a process does not. The match goes over as its JSON snapshot (world, chance, table
entity, result: exactly what `Match.scratch` copies, so the AI sees the same position as on a
thread) with the legal actions as JSON; the controller goes over pickled with whatever it keeps
between decisions (its own seeded chance, turn budget spent, caches) and comes back pickled after
the decision, so the next decision - in the process or in-process - starts from the same memory.
The answer comes back as JSON (the action) or a key.

Nothing here imports pygame: the child process never loads the window's modules.
"""

from __future__ import annotations

import os
import pickle
import traceback
from typing import Any

from game.core.action import Action, Decision
from game.core.board import Board
from game.core.chance import Chance
from game.core.match import Match, Need, Outcome, Scenario

#: the child's niceness: the window comes first (its budget counts CPU time, so it loses no strength)
CHILD_NICE = 10


def request(match: Match, need: Need, player: Any, board: Board | None) -> dict[str, Any]:
    """What the process needs to think out `need` for `player` (the board only when not yet sent)."""
    with match.world:
        world = match.world.snapshot()
    return {
        "ruleset": match.ruleset.id,
        "scenario": match.scenario.to_json(),
        "board": pickle.dumps(board, pickle.HIGHEST_PROTOCOL) if board is not None else None,
        "world": world,
        "chance": match.chance.to_json(),
        "table_entity": match.table_entity,
        "result": None if match.result is None else [match.result.winner, match.result.reason],
        "side": need.side,
        # a decision's context is free-form data: it goes pickled, as the controller does
        "decision": pickle.dumps(need.decision, pickle.HIGHEST_PROTOCOL) if need.decision else None,
        "legal": [a.to_json() for a in need.legal] if need.decision is None else [],
        "player": pickle.dumps(player, pickle.HIGHEST_PROTOCOL),
    }


def rebuild(req: dict[str, Any], board: Board) -> Match:
    """The scratch match a request describes (as `Match.scratch` makes it)."""
    from game.core import ruleset as registry

    match = Match(registry.get(req["ruleset"]), Scenario.from_json(req["scenario"]), board, {},
                  setup=False)
    match.world.restore(req["world"])
    match.chance = Chance.from_json(req["chance"])
    match.table_entity = int(req["table_entity"])
    res = req["result"]
    match.result = None if res is None else Outcome(res[0], res[1])
    match.is_scratch = True
    return match


def think(req: dict[str, Any], board: Board) -> dict[str, Any]:
    """One decision: {"key": str, "action": JSON or None, "player": the controller after, pickled}."""
    player = pickle.loads(req["player"])
    match = rebuild(req, board)
    try:
        if req["decision"] is not None:
            decision: Decision = pickle.loads(req["decision"])
            key, action = str(player.decide(match, decision)), None
        else:
            legal = [Action.from_json(a) for a in req["legal"]]
            key, action = "", player.choose(match, legal).to_json()
    finally:
        match.close()
    return {"key": key, "action": action, "player": pickle.dumps(player, pickle.HIGHEST_PROTOCOL)}


def serve(conn: Any) -> None:
    """The child's loop: answer requests until the pipe closes or None arrives."""
    try:
        os.nice(CHILD_NICE)
    except (AttributeError, OSError):
        pass
    conn.send({"ready": os.getpid()})
    board: Board | None = None
    while True:
        try:
            req = conn.recv()
        except (EOFError, OSError):
            return
        if req is None:
            return
        try:
            if req["board"] is not None:
                board = pickle.loads(req["board"])
            assert board is not None, "the first request carries the board"
            reply = think(req, board)
        except Exception:  # noqa: BLE001 - reported to the window, which falls back to a thread
            reply = {"error": traceback.format_exc()}
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
