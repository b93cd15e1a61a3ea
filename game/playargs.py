"""`play`'s arguments read without argparse when they are plain (argparse with gettext and locale
is about 3.5 ms of CPU before the battle's first frame): each a known `--name value` or
`--name=value`, the ruleset a shipped one, the sides and seed of the forms argparse's types
accept. Anything else (help, an abbreviation, a repeated single flag, a value that would be
refused) returns None, and the full parser reads the line, with its messages. `--map`'s reading
is here too, for every command that takes one."""

from __future__ import annotations

from types import SimpleNamespace

from game.errors import UserError

#: play's flags (game/cliparser.py) and whether they repeat
FLAGS = {"--ruleset": False, "--map": False, "--p1": False, "--p2": False, "--seed": False,
         "--option": True, "--pc": True, "--squad": True}
SEED_MAX = 2**63 - 1


def _plain_seed(value: str) -> int | None:
    if not (value.isascii() and value.isdigit()) or len(value) > len(str(SEED_MAX)):
        return None
    n = int(value)
    return n if n <= SEED_MAX else None


def quick_play_args(argv: list[str]) -> SimpleNamespace | None:
    """play's arguments (argv after "play") as argparse would give them, or None to ask it."""
    from game.ai.level_names import is_side_spec
    from game.core.names import NAMES

    given: dict[str, list[str]] = {}
    i = 0
    while i < len(argv):
        name, eq, value = argv[i].partition("=")
        if name not in FLAGS:
            return None
        if not eq:
            if i + 1 >= len(argv):
                return None
            value = argv[i + 1]
            i += 1
        i += 1
        if value.startswith("-") or (name in given and not FLAGS[name]):
            return None
        given.setdefault(name, []).append(value)
    one = {name: values[0] for name, values in given.items() if not FLAGS[name]}
    ruleset, seed = one.get("--ruleset"), one.get("--seed")
    p1, p2 = one.get("--p1", "human"), one.get("--p2", "ai:normal")
    if ruleset not in NAMES or not is_side_spec(p1) or not is_side_spec(p2):
        return None
    number = None if seed is None else _plain_seed(seed)
    if seed is not None and number is None:
        return None
    return SimpleNamespace(command="play", ruleset=ruleset, map=one.get("--map"), p1=p1, p2=p2,
                           seed=number, option=given.get("--option", []), pc=given.get("--pc", []),
                           squad=given.get("--squad", []))


def map_arg(ruleset_id: str, value: str | None) -> str | None:
    """--map as given (a path, or a path under maps/), or a shipped map named by its file name
    alone ("saves_ford"); any shipped map of the ruleset's board kind plays, whatever ruleset it
    was made for. A missing map is one line naming the shipped maps of that kind."""
    if value is None:
        return None
    from game.core.match import map_name
    from game.paths import MAPS_DIR, resolve_map

    # only absence is told here: a folder, FIFO or device is refused by the map reader with
    # what it is, before anything is opened; a map of the wrong board kind by load_board_for
    try:
        if resolve_map(value).exists():
            return value
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
        raise UserError(f"cannot be a map file ({getattr(exc, 'strerror', None) or exc})", value,
                        "--map") from None
    if "/" not in value and "\\" not in value:
        stem = value.removesuffix(".tmx")
        found = sorted(p for p in MAPS_DIR.glob("*/*.tmx") if p.stem == stem)
        if found:
            return map_name(found[0])
    from game.core import ruleset as registry

    rs = registry.get(ruleset_id)
    shipped = ", ".join(p.stem for p in rs.maps())
    raise UserError(f"no such map file (shipped {rs.board_kind} maps: {shipped})", value)
