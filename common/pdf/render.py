"""HTML to a laid-out WeasyPrint document, with nothing fetched from the network.

Why one function: every printout is laid out the same way (only ``data:`` URLs are fetched, so
a venue without internet prints the same file), and :mod:`common.pdf.compose` lays out its parts
with the same fonts as the pages that show them.

Why the ``<style>`` elements are parsed once per process: WeasyPrint parses a document's style
elements, and compiles their selectors, on every render, about a tenth of a short file's time, and
the same text comes back: the composed table cards lay out the same head twice, and a round's files
printed together share their tournament's name and the minute printed (the page footer's). Each
element's text is parsed once into a ``weasyprint.CSS`` (its public API), kept
(:func:`_stylesheet`), and handed to the render as ``stylesheets=``, in the order of the elements;
the elements stay in the document, emptied, so the tree is the same. WeasyPrint gives those sheets
the user's origin instead of the author's: the same cascade for our styles, which have neither ID
selectors (tied with a ``style`` attribute, the later wins) nor ``!important`` in a ``style``
attribute, the only rules that the origin decides, so the file is the same, byte for byte.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache

import weasyprint
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

PX_TO_PT = 0.75
"""72 PDF points per inch / 96 CSS pixels per inch."""

_STYLE = re.compile(r"<style>(.*?)</style>", re.DOTALL)
# What a sheet parsed on its own would lose: fonts and counter styles are the document's, and an
# import is fetched. Rules of no printout of ours; a style that has one is left in the document.
_DOCUMENT_RULES = re.compile(r"@(font-face|counter-style|import)\b", re.IGNORECASE)


def cpu_count() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _fetcher() -> URLFetcher:
    return URLFetcher(allowed_protocols=("data",))


def document(html: str, base_url: str, font_config: FontConfiguration | None = None) -> weasyprint.Document:
    """``html`` laid out as it is (the markers of :mod:`common.pdf.compose` are plain comments, QR
    placeholders empty). Only ``data:`` URLs are fetched: nothing leaves the machine. Its style
    elements are parsed once per process (see the module)."""
    html, sheets = _styles_apart(html, base_url)
    return weasyprint.HTML(string=html, base_url=base_url, url_fetcher=_fetcher()).render(
        font_config=font_config, stylesheets=sheets)


def _styles_apart(html: str, base_url: str) -> tuple[str, list[weasyprint.CSS]]:
    """The HTML with its style elements emptied, and their parsed sheets in the same order; the HTML
    as it is when a style element has attributes (a ``media``, or one inside an SVG image) or a rule
    that needs the document (:data:`_DOCUMENT_RULES`)."""
    texts = _STYLE.findall(html)
    if len(texts) != html.count("<style") or any(_DOCUMENT_RULES.search(text) for text in texts):
        return html, []
    return _STYLE.sub("<style></style>", html), [_stylesheet(text, base_url) for text in texts]


@lru_cache(maxsize=64)
def _stylesheet(text: str, base_url: str) -> weasyprint.CSS:
    """The style element's text parsed, once per process for each text (a printout's style differs
    per tournament and kind, and the composed cards' heights per file: the last 64 are kept)."""
    return weasyprint.CSS(string=text, base_url=base_url, url_fetcher=_fetcher())
