"""A document whose repeated blocks are laid out once and whose QR codes are drawn, not parsed.

Why: WeasyPrint spends its time per box and per line of text, in Python. A round's table cards
repeat the same house rules, hints and numbered score-sheet lines on every page, and a QR code
drawn from inline SVG costs as much as a dozen lines of text. So:

- **Shared blocks.** A part of the HTML between ``<!--kz:shared-->`` and ``<!--kz:/shared-->``
  (exactly one element, without margins, borders or padding: ``display: flow-root`` keeps the
  margins of its children inside) that is the same on many pages is laid out once, on a page of
  its own; on the pages an empty box of the same height stands in for it, so everything after it
  lies where it would lie, and :mod:`common.pdf.stamping` draws the block's page there as one
  form XObject. The file looks and reads (text extraction) as if every page were laid out in full.
- **QR codes by URL.** ``<svg class="…" data-kz-qr="URL"></svg>`` (sized by the page's CSS) is
  drawn from segno's matrix as vector lines (:mod:`common.pdf.qr`), encoded in the process that
  renders the page.

Where the blocks and codes landed is read from WeasyPrint's public ``Page.anchors`` (the boxes of
elements with an ``id``). When a block does not fit on a page, or a stand-in is cut over two
pages, the document is laid out as it is, with segno's SVG for the codes: nothing is lost.
"""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from weasyprint.text.fonts import FontConfiguration

from common.pdf import qr, stamping
from common.pdf.render import document

SHARED_BEGIN = "<!--kz:shared-->"
SHARED_END = "<!--kz:/shared-->"

_BLOCK_ID = "kz-block-"
_SLOT_ID = "kz-slot-"
_QR_ID = "kz-qr-"
_SHARED_RE = re.compile(re.escape(SHARED_BEGIN) + r"(.*?)" + re.escape(SHARED_END), re.DOTALL)
_PLACEHOLDER_RE = re.compile(rf'<svg class="([^"]*)" {qr.ATTRIBUTE}="([^"]*)"></svg>')
_MARGIN_BOXES = (
    "top-left-corner", "top-left", "top-center", "top-right", "top-right-corner", "right-top",
    "right-middle", "right-bottom", "bottom-right-corner", "bottom-right", "bottom-center",
    "bottom-left", "bottom-left-corner", "left-bottom", "left-middle", "left-top",
)
# The pages of the shared blocks: no page furniture (it would be drawn with every block), no
# bookmarks or running strings (those pages are not in the file). None of this moves a box.
_SHARED_PAGE_CSS = (
    "<style>@page kz-shared {" + "".join(f"@{box} {{ content: none }}" for box in _MARGIN_BOXES) + "}"
    " [data-kz-block], [data-kz-block] * { bookmark-level: none !important; string-set: none !important; }</style>"
)


def write_pdf(html: str, base_url: str) -> bytes:
    """The PDF of ``html``: shared blocks laid out once, QR placeholders drawn (see the module)."""
    if SHARED_BEGIN not in html and qr.ATTRIBUTE not in html:
        return document(html, base_url).write_pdf()
    font_config = FontConfiguration()  # one for both layouts: the blocks' fonts are the pages' fonts
    blocks: list[str] = []  # each distinct block's HTML
    index: dict[str, int] = {}
    occurrences: list[int] = []
    for match in _SHARED_RE.finditer(html):
        block = match.group(1).strip()
        occurrences.append(index.setdefault(block, len(blocks)))
        if len(index) > len(blocks):
            blocks.append(block)
    block_pages: list = []
    boxes: list[tuple[float, float, float, float]] = []
    if blocks:
        laid_out = _lay_out_blocks(html, blocks, occurrences, base_url, font_config)
        if laid_out is None:  # a block does not fit on a page
            return document(as_it_is(html), base_url).write_pdf()
        block_pages, boxes = laid_out
    slots = iter(range(len(occurrences)))
    body = _SHARED_RE.sub(lambda _match: _slot(next(slots), occurrences), html)
    urls: list[str] = []
    body = _PLACEHOLDER_RE.sub(lambda match: _numbered_placeholder(match, urls), body)
    if boxes:  # one rule per block, not a style attribute to parse on every page
        body = body.replace("</head>", _slot_css([box[3] - box[1] for box in boxes]) + "</head>", 1)
    cards = document(body, base_url, font_config)
    placed = [_placed(page.anchors, occurrences, urls) for page in cards.pages]
    found = [slot for page in placed for slot in page.blocks]
    if len(found) != len(occurrences) or any(
            abs(height - (boxes[block][3] - boxes[block][1])) > 0.01 for block, _x, _y, height in found):
        return document(as_it_is(html), base_url).write_pdf()  # a stand-in cut over two pages
    combined = cards.copy([*block_pages, *cards.pages]).write_pdf()
    return stamping.stamp(combined, boxes, placed)


def as_it_is(html: str) -> str:
    """The HTML laid out in full: the QR placeholders as segno's SVG."""
    def svg(match: re.Match) -> str:
        markup = qr.svg(html_lib.unescape(match.group(2)))
        return markup.replace('class="segno"', f'class="{match.group(1)}"', 1)
    return _PLACEHOLDER_RE.sub(svg, html)


@dataclass
class Placed:
    """What to draw on one page (CSS px from the page's top left): shared blocks (block, x, y,
    height of the stand-in) and QR codes (url, x, y, width, height)."""

    blocks: list[tuple[int, float, float, float]] = field(default_factory=list)
    codes: list[tuple[str, float, float, float, float]] = field(default_factory=list)


def _placed(anchors: dict, occurrences: list[int], urls: list[str]) -> Placed:
    placed = Placed()
    for name, (x1, y1, x2, y2) in anchors.items():
        if name.startswith(_SLOT_ID):
            placed.blocks.append((occurrences[int(name[len(_SLOT_ID):])], x1, y1, y2 - y1))
        elif name.startswith(_QR_ID):
            placed.codes.append((urls[int(name[len(_QR_ID):])], x1, y1, x2 - x1, y2 - y1))
    return placed


def _slot(number: int, occurrences: list[int]) -> str:
    return f'<div id="{_SLOT_ID}{number}" class="kz-slot kz-slot-{occurrences[number]}"></div>'


def _slot_css(heights: list[float]) -> str:
    rules = "".join(f".kz-slot-{i} {{ height: {height:.4f}px }}" for i, height in enumerate(heights))
    return ("<style>.kz-slot { display: flow-root; margin: 0; padding: 0; border: 0; break-inside: avoid }"
            f"{rules}</style>")


def _numbered_placeholder(match: re.Match, urls: list[str]) -> str:
    urls.append(html_lib.unescape(match.group(2)))
    return f'<svg id="{_QR_ID}{len(urls) - 1}" class="{match.group(1)}"></svg>'


# --- the blocks, laid out once ---------------------------------------------------------------


class _Ancestors(HTMLParser):
    """The open elements (below ``<body>``) where each shared-block marker stands."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []
        self.at_markers: list[list[tuple[str, str]]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append((tag, self.get_starttag_text()))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_comment(self, data):
        if f"<!--{data}-->" == SHARED_BEGIN:
            self.at_markers.append([entry for entry in self.stack if entry[0] not in ("html", "head", "body")])


def _lay_out_blocks(html: str, blocks: list[str], occurrences: list[int], base_url: str,
                    font_config: FontConfiguration):
    """Each block on a page of its own, in the elements that hold it in the document. Returns the
    pages and each block's box on its page ``(x1, y1, x2, y2)`` in CSS px, or None if one does not
    fit on its page."""
    firsts = {}  # block → the number of its first occurrence
    for number, block in enumerate(occurrences):
        firsts.setdefault(block, number)
    ends = [match.start() + len(SHARED_BEGIN) for match in _SHARED_RE.finditer(html)]
    parser = _Ancestors()
    parser.feed(html[:ends[max(firsts.values())]])
    body = re.search(r"<body\b[^>]*>", html)
    head, body_start = (html, "") if body is None else (html[:body.start()], body.group(0))
    pages_html = []
    for i, block in enumerate(blocks):
        ancestors = parser.at_markers[firsts[i]]
        opened = "".join(_page_start(text) if n == 0 else text for n, (_tag, text) in enumerate(ancestors))
        closed = "".join(f"</{tag}>" for tag, _text in reversed(ancestors))
        if not ancestors:
            opened, closed = '<div style="page: kz-shared; break-before: page">', "</div>"
        pages_html.append(opened + _mark_block(block, i) + closed)
    laid_out = document(head + _SHARED_PAGE_CSS + body_start + "".join(pages_html) + "</body></html>",
                        base_url, font_config)
    if len(laid_out.pages) != len(blocks):
        return None  # a block went on over a second page
    boxes = [page.anchors.get(f"{_BLOCK_ID}{i}") for i, page in enumerate(laid_out.pages)]
    if None in boxes:
        return None
    return laid_out.pages, boxes


def _page_start(tag_text: str) -> str:
    """The outermost holder of a block opens a page of the named page ``kz-shared``."""
    extra = "page: kz-shared; break-before: page;"
    match = re.search(r'\sstyle="([^"]*)"', tag_text)
    if match:
        return tag_text[:match.start(1)] + extra + " " + tag_text[match.start(1):]
    return tag_text[:-1].rstrip("/") + f' style="{extra}">'


def _mark_block(block: str, i: int) -> str:
    match = re.match(r"\s*<([a-zA-Z][\w-]*)", block)
    if match is None:
        raise ValueError("a shared block must be one element")
    return block[:match.end()] + f' id="{_BLOCK_ID}{i}" data-kz-block' + block[match.end():]
