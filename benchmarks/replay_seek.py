"""How instant stepping back in the replay viewer is, on the longest of a few casket games.

    python benchmarks/replay_seek.py [--ruleset casket] [--games 6] [--seed 1] [--steps 200]

Plays `--games` BaselineAI games and keeps the one with the most inputs, then prints:
- the time to load it as a timeline (played through once, snapshots every N inputs) and the
  bytes of snapshots kept;
- ms per step back one input, timeline only, from the end, twice over the same stretch (a step
  into a new stretch of 8 replays up to 7 inputs from its snapshot and keeps the states it passes
  in the recent cache, so the next steps back are restores: the p95 is that one step in 8);
- ms per step back one log line (replays the one input with a listener);
- ms per Left key in the viewer scene including the full redraw (SDL dummy driver, 1280x720).
Asserts nothing; the target is a step back well under one 60 Hz frame (16.7 ms) for the
timeline, and a keypress that redraws within a few frames.
"""

from __future__ import annotations

import argparse
import statistics
import time

import _common  # noqa: F401 - sets the import path first


def _ms(samples: list[float]) -> str:
    s = sorted(samples)
    p95 = s[min(len(s) - 1, int(len(s) * 0.95))]
    return f"median {statistics.median(s) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, max {s[-1] * 1000:.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="casket")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=200)
    args = ap.parse_args()

    from game.core.timeline import SNAPSHOT_EVERY, Timeline
    from game.sim import default_scenario, play_game

    best = None
    for i in range(args.games):
        m = play_game(default_scenario(args.ruleset, None, args.seed + i))
        if best is None or len(m.inputs) > len(best.inputs):
            if best is not None:
                best.close()
            best = m
        else:
            m.close()
    assert best is not None
    print(f"{args.ruleset} seed {best.scenario.seed}: {len(best.inputs)} inputs, {len(best.log)} log lines, "
          f"{best.round} rounds (longest of {args.games})")
    t0 = time.perf_counter()
    tl = Timeline(best.ruleset, best.scenario, best.board, best.inputs)
    print(f"load as a timeline: {(time.perf_counter() - t0) * 1000:.0f} ms; snapshots every {SNAPSHOT_EVERY} "
          f"inputs: {len(tl._snaps)} kept, {sum(map(len, tl._snaps.values())) / 2**20:.2f} MiB")
    steps = min(args.steps, tl.length)
    for label in ("first pass", "second pass"):
        tl.seek(tl.length)
        samples = []
        for _ in range(steps):
            t = time.perf_counter()
            tl.step(-1)
            samples.append(time.perf_counter() - t)
        print(f"step back one input ({label}, {steps} steps from the end): {_ms(samples)}")
    tl.seek(tl.length)
    samples = []
    for _ in range(steps):
        t = time.perf_counter()
        tl.step_event(-1)
        samples.append(time.perf_counter() - t)
    print(f"step back one log line ({steps} steps from the end): {_ms(samples)}")

    import pygame

    from game.ui.app import App
    from game.ui.replay.scene import ReplayScene
    from game.ui.settings import Settings

    app = App((1280, 720), Settings(anim_speed="instant"))
    app.fps = 0
    fresh = Timeline(best.ruleset, best.scenario, best.board, best.inputs)
    app.switch(ReplayScene(app, fresh))
    app.step(block=False)
    samples = []
    for _ in range(min(steps, 100)):
        left = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
        pygame.event.post(left)
        t = time.perf_counter()
        app.step(block=False)
        samples.append(time.perf_counter() - t)
    print(f"viewer: Left key to redrawn frame (1280x720, dummy driver): {_ms(samples)}")
    pygame.quit()
    tl.close()
    best.close()


if __name__ == "__main__":
    main()
