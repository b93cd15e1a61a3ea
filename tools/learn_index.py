"""Write docs/screenshots/learn/README.md: what each guided-battle picture shows, from the lessons.

    python tools/learn_index.py

One table per lesson (the order of the launcher): the step's title, what is on screen (read from
the step's pointer and wait) and the guide's first sentence. Run it after the pictures are retaken
(`tools/learn_screenshots.py`) so the index names the words the pictures show.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots" / "learn" / "README.md"
ORDER = ("voidmarked", "casket", "saves", "tokens", "varium")

HEAD = """# Guided battles: a picture of every step

Taken by `tools/learn_screenshots.py` in a real window (Xvfb, 1280x720) at 100 % (`-100`) and
150 % (`-150`: there the guide's band moves over the side panel while a prompt is open that does
not fit under it), each before the step's input (a hover step: with the mouse resting on the unit
and its odds box open); `-end` is the closing "Lesson complete" band. Reduced to 128 colours
(`--reduce`). Named `<ruleset>-<step>-<scale>.png`. This index is written by `tools/learn_index.py`
from the lessons: the step's title, what is on screen, the guide's first words.
"""


def on_screen(step: dict[str, str]) -> str:
    """What the picture shows besides the band, from the step's pointer and what it waits for."""
    wait, point = step.get("wait", ""), step.get("point", "")
    kind, _, arg = point.partition(":")
    if wait.startswith("hover"):
        return "odds box open"
    return {
        "unit": f"pointer on {arg}",
        "cell": "pointer on a square",
        "option": "prompt open",
        "prompt": "prompt open",
        "action": "pointer on an action",
        "end_turn": "pointer on End turn",
        "log": "pointer on the log",
        "card": f"pointer on the card {arg}",
        "panel": "pointer on the unit panel",
        "turnbar": "pointer on the turn order",
    }.get(kind, "the board")


def first_words(text: str, limit: int = 120) -> str:
    """The text's first sentence, cut at `limit` characters."""
    first = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "…"


def main() -> int:
    parts = [HEAD]
    for rid in ORDER:
        data = tomllib.loads((ROOT / "game" / "learn" / "data" / f"{rid}.toml").read_text(encoding="utf-8"))
        steps = data["step"]
        lesson = data["lesson"]
        parts.append(f"## {rid} ({len(steps)} steps)\n")
        parts.append("| step | title | on screen | the guide says |\n|---|---|---|---|")
        for i, st in enumerate(steps, 1):
            parts.append(f"| {i:02d} | {st.get('title', '')} | {on_screen(st)} | "
                         f"{first_words(st['text']).replace('|', '/')} |")
        summary = first_words(lesson.get("summary", ""))
        parts.append(f"| end | Lesson complete | the closing band, Finish | {summary} |")
    OUT.write_text("\n".join(parts).replace("|\n## ", "|\n\n## ") + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
