"""A rules document as the player reads it: developer notes dropped, Markdown rendered by the
`markdown` library, its HTML mapped onto the tag subset pygame_gui's text box draws.

pygame_gui's text box knows <b>/<strong>, <i>/<em>, <u>, <font face/pixel_size/color>, <br>,
<p>, <a> and <img>; headings, lists, code and tables have to become those.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser

import markdown
from markdown.extensions.sane_lists import SaneListExtension
from markdown.extensions.tables import TableExtension

# Sections written for the people building the game, not for players: how the seed was read,
# how the AI and the window are wired, which test replays the worked example.
DEV_HEADINGS = re.compile(
    r"^(readings|for the ai|for developers|in the window|the worked example)\b", re.I
)
# A paragraph naming a source file, a test or the rule catalog (e.g. "Source: seed `000_….txt`,
# rule ids from `shared/rules/voidmarked.md`"), or giving a command line, is a developer note.
DEV_PARAGRAPH = re.compile(
    r"^source:|`[^`]*(\.txt|\.py|\.toml|shared/|tests/|rules/)[^`]*`|`python -m ", re.I | re.M
)
_NESTED_ITEM = re.compile(r"^( {2,3})(?:[-*+]|\d+\.) ")
_RULE_IDS = re.compile(r"\s*\((?:[A-Z]{2,}-[A-Z0-9-]+(?:,\s*)?)+\)")
# Catalog ids in the text, bold or not ("(**CK-DECLARE**)", "(**VM-HIT**, **VM-CRIT**)"): tags
# for the tests and the catalog, meaningless to a player.
_INLINE_IDS = re.compile(
    r"\s*\((?:\*\*|__)?[A-Z]{2,}-[A-Z0-9-]+(?:\*\*|__)?(?:\s*,\s*(?:\*\*|__)?[A-Z]{2,}-[A-Z0-9-]+(?:\*\*|__)?)*\)")
# ... and ids leading or closing a longer aside: "(**VM-UNCHEAT**: Void ...)", "(..., **SV-ASSUMED**)"
_LEADING_ID = re.compile(r"\((?:\*\*|__)?[A-Z]{2,}-[A-Z0-9-]+(?:\*\*|__)?:\s*")
_CLOSING_ID = re.compile(r",\s*(?:\*\*|__)?[A-Z]{2,}-[A-Z0-9-]+(?:\*\*|__)?\)")


def _drop_ids(line: str) -> str:
    return _CLOSING_ID.sub(")", _LEADING_ID.sub("(", _INLINE_IDS.sub("", line)))
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ORPHAN_STOP = re.compile(r"^\s*([.,;:])\s*")


def player_markdown(text: str) -> str:
    """The document without its developer sections and notes."""
    out: list[str] = []
    skip_level = 0  # inside a dropped section of this heading level (0: not skipping)
    block: list[str] = []
    in_fence = False

    def flush() -> None:
        if block and not DEV_PARAGRAPH.search("\n".join(block)):
            out.extend(block)
        block.clear()

    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        head = None if in_fence else _HEADING.match(line)
        if head:
            level = len(head.group(1))
            if skip_level and level > skip_level:
                continue
            flush()
            skip_level = level if DEV_HEADINGS.search(head.group(2)) else 0
            if not skip_level:
                out.append(_drop_ids(line))
            continue
        if skip_level:
            continue
        nested = None if in_fence else _NESTED_ITEM.match(line)
        if nested:
            # Python-Markdown nests lists by 4 spaces; the docs use GitHub's 2.
            line = nested.group(1) * 2 + line[len(nested.group(1)):]
        if not in_fence:
            dropped = _drop_ids(line)
            # an id alone at a line's start leaves its stop behind: "(**VM-INIT**). Units" -> ". Units"
            stop = _ORPHAN_STOP.match(dropped) if dropped != line else None
            line = dropped
            if stop and block:
                block[-1] = block[-1].rstrip() + stop.group(1)
                line = line[stop.end():]
                if not line.strip():
                    continue
        if not line.strip() and not in_fence:
            flush()
            out.append("")
        else:
            block.append(line)
    flush()
    return "\n".join(out)


@dataclass(frozen=True)
class Style:
    """Pixel sizes and colours (hex strings) of the rendered text."""

    title_px: int
    heading_px: int
    text: str
    accent: str
    dim: str
    code: str


class _ToGui(HTMLParser):
    """HTML from `markdown` -> pygame_gui text box markup."""

    def __init__(self, style: Style) -> None:
        super().__init__(convert_charrefs=True)
        self.s = style
        self.out: list[str] = []
        self.lists: list[list[int | str]] = []  # per open list: [kind, items so far]
        self.in_li = 0
        self.table_head: list[str] = []
        self.row: list[str] = []
        self.cell: list[str] | None = None
        self.in_head = False
        self.after_heading = False

    # -- output helpers ------------------------------------------------------------------------
    def emit(self, markup: str) -> None:
        if self.cell is not None:
            self.cell.append(markup)
        else:
            self.out.append(markup)

    def line_break(self) -> None:
        if self.out and not self.out[-1].endswith("<br>"):
            self.out.append("<br>")

    def gap(self) -> None:
        """One empty line between blocks (never two, never at the top, none under a heading)."""
        self.line_break()
        if self.after_heading:
            return
        if len(self.out) >= 2 and self.out[-1] == "<br>" and self.out[-2].endswith("<br>"):
            return
        if self.out:
            self.out.append("<br>")

    # -- tags ----------------------------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        s = self.s
        was_heading, self.after_heading = self.after_heading, False
        if tag == "h1":
            self.gap()
            self.emit(f'<font pixel_size={s.title_px} color={s.text}><b>')
        elif tag == "h2":
            self.gap()
            self.emit(f'<font pixel_size={s.heading_px} color={s.accent}><b>')
        elif tag in ("h3", "h4", "h5", "h6"):
            self.gap()
            self.emit("<b>")
        elif tag == "p":
            if not self.in_li and not was_heading:
                self.gap()
        elif tag in ("ul", "ol"):
            if not self.lists and not was_heading:
                self.gap()
            self.lists.append([tag, 0])
        elif tag == "li":
            self.in_li += 1
            self.line_break()
            kind = self.lists[-1] if self.lists else ["ul", 0]
            kind[1] = int(kind[1]) + 1
            indent = "\u00a0" * (4 * max(0, len(self.lists) - 1))
            mark = f"{kind[1]}." if kind[0] == "ol" else "•"
            self.emit(f"{indent}{mark} ")
        elif tag in ("strong", "b"):
            self.emit("<b>")
        elif tag in ("em", "i"):
            self.emit("<i>")
        elif tag == "code":
            self.emit(f"<font color={s.code}>")
        elif tag == "table":
            if not was_heading:
                self.gap()
            self.table_head = []
        elif tag == "thead":
            self.in_head = True
        elif tag == "tr":
            self.row = []
        elif tag in ("th", "td"):
            self.cell = []
        elif tag in ("br", "hr"):
            self.line_break()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h1", "h2"):
            self.emit("</b></font><br>")
            self.after_heading = True
        elif tag in ("h3", "h4", "h5", "h6"):
            self.emit("</b><br>")
            self.after_heading = True
        elif tag == "p":
            self.line_break()
        elif tag in ("ul", "ol"):
            if self.lists:
                self.lists.pop()
            self.line_break()
        elif tag == "li":
            self.in_li = max(0, self.in_li - 1)
            self.line_break()
        elif tag in ("strong", "b"):
            self.emit("</b>")
        elif tag in ("em", "i"):
            self.emit("</i>")
        elif tag == "code":
            self.emit("</font>")
        elif tag in ("th", "td"):
            text = "".join(self.cell or []).strip()
            self.cell = None
            self.row.append(text)
        elif tag == "tr":
            self._row()
        elif tag == "thead":
            self.in_head = False

    def _row(self) -> None:
        """A table row as one line: the first cell in bold, the others named by their column."""
        if self.in_head:
            self.table_head = [re.sub(r"<[^>]+>", "", c) for c in self.row]
            return
        cells = self.row
        if not cells:
            return
        parts = []
        for i, value in enumerate(cells[1:], start=1):
            if not value:
                continue
            name = self.table_head[i] if i < len(self.table_head) else ""
            parts.append(f"<font color={self.s.dim}>{escape(name)}:</font> {value}" if name else value)
        line = f"<font color={self.s.accent}><b>{cells[0]}</b></font>"
        if parts:
            line += " — " + " · ".join(parts)
        self.out.append(line + "<br>")

    def handle_data(self, data: str) -> None:
        text = re.sub(r"\s+", " ", data)
        if not text.strip() and (self.cell is None and (not self.out or self.out[-1].endswith("<br>"))):
            return
        if self.out and self.out[-1].endswith("<br>") and self.cell is None:
            text = text.lstrip()
        self.emit(escape(text, quote=False))


def rules_markup(text: str, style: Style, *, player: bool = True) -> str:
    """A Markdown rules document as pygame_gui text box markup, developer notes left out."""
    # Extension objects, not names: names are looked up in the installed packages' metadata,
    # which a frozen build may lack (and the look-up took 0.1 s).
    source = player_markdown(text) if player else text
    html = markdown.markdown(source, extensions=[TableExtension(), SaneListExtension()])
    conv = _ToGui(style)
    conv.feed(html)
    conv.close()
    out = "".join(conv.out)
    return re.sub(r"(<br>)+$", "", out)


def rules_sections(text: str) -> list[tuple[str, str]]:
    """The player's document split at its second-level headings: (title, Markdown) per section.

    The first section is the title and introduction, named by the top heading.
    """
    sections: list[tuple[str, list[str]]] = []
    in_fence = False
    for line in player_markdown(text).splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        head = None if in_fence else _HEADING.match(line)
        if head and len(head.group(1)) <= 2 and (len(head.group(1)) == 2 or not sections):
            title = _RULE_IDS.sub("", re.sub(r"[*_`]", "", head.group(2))).strip()
            # The list shows the heading's lead: "Setting up: the long rest…" -> "Setting up".
            title = title.split(":")[0].strip() or title
            sections.append((title, [line]))
        elif sections:
            sections[-1][1].append(line)
        elif line.strip():
            sections.append(("Introduction", [line]))
    return [(title, "\n".join(lines).strip() + "\n") for title, lines in sections]
