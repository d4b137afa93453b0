"""HTML to a laid-out WeasyPrint document, with nothing fetched from the network.

Why one function: every printout is laid out the same way (only ``data:`` URLs are fetched, so
a venue without internet prints the same file), and :mod:`common.pdf.compose` lays out its parts
with the same fonts as the pages that show them.
"""

from __future__ import annotations

import os

import weasyprint
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

PX_TO_PT = 0.75
"""72 PDF points per inch / 96 CSS pixels per inch."""


def cpu_count() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def document(html: str, base_url: str, font_config: FontConfiguration | None = None) -> weasyprint.Document:
    """``html`` laid out as it is (the markers of :mod:`common.pdf.compose` are plain comments, QR
    placeholders empty). Only ``data:`` URLs are fetched: nothing leaves the machine."""
    fetcher = URLFetcher(allowed_protocols=("data",))
    return weasyprint.HTML(string=html, base_url=base_url, url_fetcher=fetcher).render(font_config=font_config)
