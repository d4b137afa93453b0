"""The QR codes of the printouts: segno's, with one fixed data mask, drawn as vector lines.

Why a fixed mask: segno chooses the best of eight masks by applying and scoring each of them in
Python, which costs four times as much as making the code; any mask gives a valid code that every
reader scans (ISO/IEC 18004 only recommends choosing). Mask 3 is the one segno chooses most often
for the tables' links.

Why lines and not segno's SVG: WeasyPrint parses an SVG path of some 600 segments per code, as
slow as a dozen lines of text; :func:`path_operators` is the same path as PDF operators, which
:mod:`common.pdf.stamping` draws on the page.
"""

from __future__ import annotations

import html

import segno

ERROR = "m"
"""segno's error level of every code printed."""
MASK = 3
BORDER = 2
"""The quiet zone in modules, as ``svg_inline(border=2)``."""
ATTRIBUTE = "data-kz-qr"
"""The attribute of a placeholder ``<svg>``: the URL whose code is drawn in its box."""


def qr_code(url: str) -> segno.QRCode:
    """The code of ``url`` as every printout shows it (a QR code, never a Micro QR code)."""
    return segno.make_qr(url, error=ERROR, mask=MASK)


def svg(url: str) -> str:
    """The code as inline SVG sized by CSS (a ``viewBox`` only): segno's own markup."""
    return qr_code(url).svg_inline(omitsize=True, border=BORDER)


def placeholder(url: str, css_class: str = "segno") -> str:
    """An empty ``<svg>`` the page's CSS sizes, where :func:`common.pdf.write_pdf` draws the code of ``url``."""
    return f'<svg class="{html.escape(css_class)}" {ATTRIBUTE}="{html.escape(url)}"></svg>'


def path_operators(url: str) -> tuple[int, bytes]:
    """The code of ``url`` as PDF path operators in module units (y down, the quiet zone of
    :data:`BORDER`): one horizontal line of width 1 per run of dark modules, the path of segno's
    SVG. Returns the symbol's size with its border, and the path."""
    matrix = qr_code(url).matrix
    ops = []
    for y, row in enumerate(matrix):
        x, width = 0, len(row)
        while x < width:
            if row[x]:
                start = x
                while x < width and row[x]:
                    x += 1
                ops.append(f"{start + BORDER} {y + BORDER + 0.5} m {x + BORDER} {y + BORDER + 0.5} l")
            else:
                x += 1
    return len(matrix) + 2 * BORDER, " ".join(ops).encode()
