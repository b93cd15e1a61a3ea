"""Draw the app icon and write packaging/icon.png, icon.ico (Windows) and icon.icns (macOS).

Run by hand when the design changes (`python packaging/make_icons.py`); the outputs are committed
so a build needs neither this script nor an image library. ICO and ICNS are written by hand:
both formats are a small header around PNG images, and PyInstaller would need Pillow to convert.
"""

from __future__ import annotations

import io
import math
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
MASTER = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS chunk types holding PNG data, by pixel size (the @2x types reuse the larger images).
ICNS_TYPES = (
    ("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
    ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512),
)

BG = (29, 35, 48)
EDGE = (70, 84, 108)
HEX = (47, 111, 159)
HEX_EDGE = (120, 178, 222)
ORANGE = (232, 163, 23)
BLUE = (26, 115, 180)
LINE = (250, 226, 80)
DARK = (20, 24, 32)


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    angles = [math.radians(60 * i) for i in range(6)]
    return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]


def _token(surf: pygame.Surface, centre: tuple[float, float], r: float, colour: tuple[int, int, int]) -> None:
    pygame.draw.circle(surf, DARK, centre, r + MASTER * 0.018)
    pygame.draw.circle(surf, colour, centre, r)
    pygame.draw.circle(surf, (255, 255, 255), centre, r, max(1, round(MASTER * 0.012)))


def draw_master() -> pygame.Surface:
    """The icon at 1024 px: a hex tile on a dark tile, two tokens and the yellow line of an attack."""
    s = MASTER
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    pad = round(s * 0.04)
    rect = pygame.Rect(pad, pad, s - 2 * pad, s - 2 * pad)
    pygame.draw.rect(surf, EDGE, rect, border_radius=round(s * 0.18))
    pygame.draw.rect(surf, BG, rect.inflate(-s * 0.03, -s * 0.03), border_radius=round(s * 0.17))
    pygame.draw.polygon(surf, HEX_EDGE, _hexagon(s / 2, s / 2, s * 0.38))
    pygame.draw.polygon(surf, HEX, _hexagon(s / 2, s / 2, s * 0.35))
    a = (s * 0.33, s * 0.64)
    b = (s * 0.67, s * 0.36)
    pygame.draw.line(surf, DARK, a, b, round(s * 0.06))
    pygame.draw.line(surf, LINE, a, b, round(s * 0.035))
    _token(surf, a, s * 0.12, ORANGE)
    _token(surf, b, s * 0.12, BLUE)
    return surf


def png_bytes(master: pygame.Surface, size: int) -> bytes:
    """The master scaled to `size` px (smoothscale, halving steps keep small sizes crisp), as PNG."""
    img = master
    while img.get_width() // 2 >= size:
        img = pygame.transform.smoothscale(img, (img.get_width() // 2, img.get_height() // 2))
    if img.get_width() != size:
        img = pygame.transform.smoothscale(img, (size, size))
    buf = io.BytesIO()
    pygame.image.save(img, buf, "icon.png")
    return buf.getvalue()


def ico_file(images: dict[int, bytes]) -> bytes:
    """An ICO container of PNG images (Windows Vista and later read PNG entries)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICO entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns_file(images: dict[int, bytes]) -> bytes:
    """An ICNS container: 'icns', total length, then (type, length, PNG) chunks, big-endian."""
    chunks = b"".join(
        kind.encode("ascii") + struct.pack(">I", 8 + len(images[size])) + images[size]
        for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def main() -> None:
    """Write the three icon files next to this script."""
    master = draw_master()
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    images = {size: png_bytes(master, size) for size in sizes}
    (HERE / "icon.png").write_bytes(images[256])
    (HERE / "icon.ico").write_bytes(ico_file({size: images[size] for size in ICO_SIZES}))
    (HERE / "icon.icns").write_bytes(icns_file(images))
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"wrote {HERE / name} ({(HERE / name).stat().st_size} bytes)")


if __name__ == "__main__":
    main()
