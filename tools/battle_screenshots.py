"""Battle screenshots for docs/screenshots/: both rulesets at 100 % and 150 % UI scale, mid-game
with the odds box open (a turn with a target in reach) and with a prompt open.

    python tools/battle_screenshots.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    import pygame

    from game.ui.app import advance_turns, build_session, render_battle
    from game.ui.settings import Settings

    out = ROOT / "docs" / "screenshots"
    for rs in ("voidmarked", "casket", "saves"):
        for scale in (1.0, 1.5):
            tag = f"{rs}-{round(scale * 100)}"
            s = build_session(rs, None, 7, "ai:normal", "ai:normal")
            advance_turns(s, 4)

            def has_odds(s=s) -> bool:
                n = s.need
                if n is None or n.decision is not None:
                    return False
                with s.match.world:
                    return any(s.match.ruleset.preview(s.match, a) is not None
                               for a in n.legal if a.target is not None)

            for _ in range(3000):  # on to a turn with a target in reach, so the odds box opens
                if s.over or has_odds():
                    break
                s.step_ai()
            pygame.image.save(render_battle(s, (1280, 720), Settings(ui_scale=scale)),
                              str(out / f"battle-{tag}-odds.png"))
            pygame.quit()
            s = build_session(rs, None, 11, "ai:normal", "ai:normal")
            for _ in range(3000):  # AI inputs until a decision is pending, shown to the side it asks
                if s.over or (s.need is not None and s.need.decision is not None):
                    break
                s.step_ai()
            if s.need is not None and s.need.decision is not None:
                pygame.image.save(render_battle(s, (1280, 720), Settings(ui_scale=scale)),
                                  str(out / f"battle-{tag}-prompt.png"))
                pygame.quit()
                print(f"{tag}: odds, prompt ({s.need.decision.kind})")
            else:
                print(f"{tag}: odds; no prompt came up")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
