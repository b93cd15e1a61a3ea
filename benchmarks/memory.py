"""Memory of a batch of headless games or of the game window, for the whole process tree.

    python benchmarks/memory.py [--games 50] [--seed 1] [--ai baseline] [--ruleset voidmarked ...]
    python benchmarks/memory.py --window [--seconds 20] [--ruleset casket]   # the window's figure

`--window` opens the game's window (a real one when DISPLAY is set, e.g. under Xvfb; SDL's dummy
driver otherwise) and prints its memory after each step a player takes: launcher built and
drawn, rules screen, then a battle (AI against AI) for some seconds. The target is under 150 MB.
The game's per-user folder is a scratch copy (benchmarks/user_folder.py): the player's own
launcher.json and settings are read, never written.

Every figure is for the whole process tree: this process and all its descendants (the AI's
worker process, multiprocessing's helpers), RSS and PSS summed from /proc/<pid>/smaps_rollup
(`_common.tree_memory`; Linux only), at each step and every quarter second of the battle (its
largest figures are printed last). RSS counts a page shared by several processes once for
each, PSS shares it out among them: the tree's PSS is what it costs the machine. The peak of
the main process alone (getrusage) is printed beside it; the tree's peak is the largest tree
figure seen at the checkpoints (children's peaks in between are not seen).

Prints the peak RSS before and after the batch, the memory at five checkpoints (a plateau is
memos filling up to their bound; steady growth is a leak) and how many esper worlds are still
alive afterwards (scratch copies an AI forgot to close show up there). Asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time

if "--window" in sys.argv and os.environ.get("DISPLAY") and "SDL_VIDEODRIVER" not in os.environ:
    os.environ["SDL_VIDEODRIVER"] = "x11"  # _common would pick the dummy driver
import _common  # sets the import path first


def peak_mib() -> float:
    """Peak RSS of this process alone so far, in MiB."""
    return _common.peak_rss_mib()


def tree_text() -> str:
    """'RSS x MiB, PSS y MiB (n processes)' for the whole process tree, or why not."""
    found = _common.tree_memory()
    if found is None:
        return "tree memory unavailable (no /proc)"
    rss, pss, n = found
    return f"tree RSS {rss:7.1f} MiB, PSS {pss:7.1f} MiB ({n} process{'es' if n != 1 else ''})"


def each_process() -> str:
    """'role RSS' for every process of the tree (main, AI worker, multiprocessing's helper)."""
    from pathlib import Path

    out = []
    for pid in _common.process_tree():
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            rss = next(int(x.split()[1]) for x in Path(f"/proc/{pid}/status").read_text().splitlines()
                       if x.startswith("VmRSS"))
        except (OSError, StopIteration):
            continue
        role = ("main" if pid == os.getpid() else "resource tracker" if "resource_tracker" in cmd
                else "AI worker" if "spawn_main" in cmd or "game.ai.remote" in cmd else cmd[:40])
        out.append(f"{role} {rss / 1024:.1f}")
    return ", ".join(out)


def window(seconds: float, ruleset: str | None) -> None:
    """The window's resident set through launcher, rules and a battle, as a player goes."""
    import pygame

    def mark(what: str) -> None:
        print(f"{what:<34} {tree_text()}   main process peak {peak_mib():7.1f} MiB", flush=True)

    from user_folder import scratch_user_env

    # the launcher remembers what is started and the battle may write: a scratch user folder
    # (a copy of the player's settings and remembered choices), never the player's own
    os.environ.update(scratch_user_env())
    mark("interpreter + imports")
    from game.ui.app import App
    from game.ui.scenes.launcher import LauncherScene

    app = App()
    app.fps = 0
    mark(f"window open ({pygame.display.get_driver()})")
    launcher = LauncherScene(app)
    mark("LauncherScene built")
    app.switch(launcher)
    for _ in range(3):
        app.step(block=False)
    mark("launcher drawn")
    if ruleset:
        launcher._menu_changed(launcher.rs_menu, ruleset)
    app.open_rules(launcher.ruleset)
    for _ in range(3):
        app.step(block=False)
    mark("rules screen drawn")
    app.pop()
    launcher.sides = {"p1": "ai:normal", "p2": "ai:normal"}
    launcher.start()
    battle = app.scene
    mark(f"battle built ({launcher.ruleset_id})")
    end = time.perf_counter() + seconds
    frames = 0
    most = (0.0, 0.0, 0)  # the tree's largest RSS seen in the battle, with its PSS and processes
    most_pss = 0.0
    parts = ""
    sample = 0.0
    while time.perf_counter() < end and app.scene is battle and app.running:
        app.step(block=False)
        frames += 1
        if time.perf_counter() >= sample:  # the tree every quarter second: the AI process comes and goes
            sample = time.perf_counter() + 0.25
            now = _common.tree_memory()
            if now is not None:
                if now > most:
                    most, parts = now, each_process()
                most_pss = max(most_pss, now[1])
    gc.collect()
    mark(f"after {seconds:g} s of battle (round {battle.match.round})")
    print(f"{'largest in the battle':<34} tree RSS {most[0]:7.1f} MiB ({most[2]} processes), "
          f"PSS {most_pss:7.1f} MiB  (sampled every 0.25 s; target: RSS under 150 MiB)", flush=True)
    print(f"{'':<34} RSS MiB by process then: {parts}", flush=True)
    pygame.quit()


def main() -> None:
    """Play the batch and print memory figures per ruleset."""
    import esper

    from game.core import ruleset as registry
    from game.sim import default_scenario, play_game

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ai", default="baseline", help="controller spec for both sides")
    ap.add_argument("--ruleset", action="append")
    ap.add_argument("--window", action="store_true", help="the game window's memory instead")
    ap.add_argument("--seconds", type=float, default=20.0, help="battle time in --window mode")
    args = ap.parse_args()
    if args.window:
        window(args.seconds, (args.ruleset or [None])[0])
        return
    print(f"peak RSS at start (interpreter + imports): {peak_mib():.1f} MiB")
    for rid in _common.rulesets(args.ruleset, registry.RULESET_IDS):
        before_peak, worlds_before = peak_mib(), len(esper.list_worlds())
        start = time.perf_counter()
        marks: list[str] = []
        for i in range(args.games):
            match = play_game(default_scenario(rid, None, args.seed + i), args.ai, args.ai)
            match.close()
            if (i + 1) % max(1, args.games // 5) == 0:
                gc.collect()
                now = _common.tree_memory()
                marks.append(f"{i + 1}: {now[0]:.0f}/{now[1]:.0f}" if now is not None else f"{i + 1}: ?")
        seconds = time.perf_counter() - start
        print(f"{rid}: {args.games} games ({args.ai}) in {seconds:.1f} s; peak RSS {before_peak:.1f} -> "
              f"{peak_mib():.1f} MiB (main process); esper worlds alive {worlds_before} -> "
              f"{len(esper.list_worlds())}; now {tree_text()}")
        print(f"{' ' * len(rid)}  tree RSS/PSS after n games (MiB): {', '.join(marks)}")


if __name__ == "__main__":
    main()
