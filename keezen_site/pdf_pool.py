"""Turn HTML into PDF fast: shared blocks laid out once, QR codes drawn directly, long files on every core.

Why: WeasyPrint spends its time per box and per line of text, in Python. A round's table cards
repeat the same house rules, hints and numbered score-sheet lines on every page, and a QR code
drawn from inline SVG costs as much as a dozen lines of text. Three things make the files fast:

- **Shared blocks.** A part of the HTML between ``<!--kz:shared-->`` and ``<!--kz:/shared-->``
  (exactly one element, without margins, borders or padding: ``display: flow-root`` keeps the
  margins of its children inside) that is the same on many pages is laid out once, on a page of
  its own, and drawn on every page where it occurs as one PDF form XObject. On those pages an
  empty box of the same height stands in for it, so everything after it lies where it would lie.
  The PDF looks and reads (text extraction) as if every page had been laid out in full.
- **QR codes by URL.** ``<svg class="…" data-kz-qr="URL"></svg>`` (sized by the page's CSS) is
  drawn here from segno's matrix as vector lines — the same modules segno's own SVG has — instead
  of WeasyPrint parsing a path of some 600 segments per code. The codes are encoded in the
  process that renders the page, so on every core.
- **Every core.** :func:`write_joined_pdf` renders independent parts side by side and joins
  them with pypdf. The workers come from a *forkserver* that has imported WeasyPrint and laid out
  a line once: starting one takes milliseconds instead of the second a fresh Python needs.
- **No styles for what is not there.** WeasyPrint's user-agent stylesheet styles list markers
  and notes of every element; a document without lists and notes is laid out without those
  rules (:func:`document`), which changes nothing on the page and saves a tenth of the time.

Composed and direct renderings are compared in tests (same text on every page); on the table
cards they were also compared as images: the same pixels, but for the antialiasing of the QR
codes' edges.

Why here, outside the ``tournaments`` app: the workers must not import Django or the app (a
worker only turns HTML into PDF bytes; the caller alone touches the database). This module
imports neither, so it can be the forkserver's preloaded module.

Nothing is fetched from the network: the URL fetcher only accepts ``data:`` URLs.
"""

from __future__ import annotations

import functools
import html as html_lib
import io
import multiprocessing
import os
import re
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pydyf
import pypdf
import segno
import weasyprint
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

SHARED_BEGIN = "<!--kz:shared-->"
SHARED_END = "<!--kz:/shared-->"
QR_ATTRIBUTE = "data-kz-qr"
QR_ERROR = "m"  # segno's error level of every code drawn here (as ``segno.make(url, error="m")``)

_SLOT = "data-kz-slot"
_BLOCK = "data-kz-block"
_SHARED_RE = re.compile(re.escape(SHARED_BEGIN) + r"(.*?)" + re.escape(SHARED_END), re.DOTALL)
_MARGIN_BOXES = (
    "top-left-corner", "top-left", "top-center", "top-right", "top-right-corner", "right-top",
    "right-middle", "right-bottom", "bottom-right-corner", "bottom-right", "bottom-center",
    "bottom-left", "bottom-left-corner", "left-bottom", "left-middle", "left-top",
)
# The pages of the shared blocks: no page furniture (it would be drawn with every block), no
# bookmarks or running strings (those pages are not in the file). None of this moves a box.
_SHARED_PAGE_CSS = (
    "<style>@page kz-shared {" + "".join(f"@{box} {{ content: none }}" for box in _MARGIN_BOXES) + "}"
    f" [{_BLOCK}], [{_BLOCK}] * {{ bookmark-level: none !important; string-set: none !important; }}</style>"
)
PX_TO_PT = 0.75  # 72 PDF points per inch / 96 CSS pixels per inch


def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _fetcher() -> URLFetcher:
    return URLFetcher(allowed_protocols=("data",))


def document(html: str, base_url: str, font_config: FontConfiguration | None = None) -> weasyprint.document.Document:
    """Lay ``html`` out as it is (shared-block markers are plain comments, QR placeholders empty).
    Only ``data:`` URLs are fetched: nothing leaves the machine."""
    markers = bool(re.search(r"<li\b|list-item|::marker", html))
    notes = bool(re.search(r"footnote|float\s*:\s*note|::note", html))
    return _HTML(string=html, base_url=base_url, url_fetcher=_fetcher(), kz_user_agent=_user_agent(markers, notes)
                 ).render(font_config=font_config)


# WeasyPrint's user-agent stylesheet styles five pseudo-elements of *every* element (list markers,
# footnote and note calls and markers), so it computes five extra styles per element whether
# the document has lists and notes or not: a tenth of a table card's time. A document without
# them is given the stylesheet without those rules: nothing it lays out changes.
_UA_PSEUDO_ELEMENTS = {
    "markers": re.compile(r"^::marker \{[^}]*\}\n", re.MULTILINE),
    "notes": re.compile(r"^::(?:footnote-call|footnote-marker|note-call|note-marker|note-callback) \{[^}]*\}\n",
                        re.MULTILINE),
}


@functools.lru_cache(maxsize=4)
def _user_agent(markers: bool, notes: bool) -> weasyprint.CSS | None:
    """WeasyPrint's user-agent stylesheet less the rules for what the document does not have;
    None (WeasyPrint's own) if there is nothing to leave out or its stylesheet is not as known."""
    try:
        from weasyprint import html as weasy_html
        from weasyprint.css.counters import CounterStyle

        text = weasy_html.UA
    except (ImportError, AttributeError):
        return None
    for feature, rules in _UA_PSEUDO_ELEMENTS.items():
        if not {"markers": markers, "notes": notes}[feature]:
            text = rules.sub("", text)
    if text == weasy_html.UA:
        return None
    return weasyprint.CSS(string=text, counter_style=CounterStyle())


class _HTML(weasyprint.HTML):
    """WeasyPrint's HTML with a user-agent stylesheet of :func:`_user_agent` (overrides a
    private method of WeasyPrint 70; where that is gone, WeasyPrint's stylesheet is used)."""

    def __init__(self, *args, kz_user_agent: weasyprint.CSS | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self._kz_user_agent = kz_user_agent

    def _ua_stylesheets(self, forms=False):
        sheets = super()._ua_stylesheets(forms)
        if self._kz_user_agent is None or not sheets:
            return sheets
        return [self._kz_user_agent, *sheets[1:]]


def write_pdf(html: str, base_url: str) -> bytes:
    """The PDF of ``html``: shared blocks laid out once, QR placeholders drawn (see the module)."""
    return _Composer(html, base_url).write_pdf()


def write_joined_pdf(chunks: Sequence[str | Callable[[], str]], base_url: str) -> bytes:
    """One PDF of the chunks' pages in order, each chunk rendered by :func:`write_pdf` on its own
    core; the first chunk is rendered in this process. A chunk may be a function that makes its
    HTML: the later chunks are then made and sent off first, the first one last."""
    def html(chunk) -> str:
        return chunk() if callable(chunk) else chunk

    if len(chunks) == 1:
        return write_pdf(html(chunks[0]), base_url)
    with ProcessPoolExecutor(max_workers=len(chunks) - 1, mp_context=_mp_context()) as pool:
        futures = [pool.submit(write_pdf, html(chunk), base_url) for chunk in chunks[1:]]
        parts = [write_pdf(html(chunks[0]), base_url)] + [future.result() for future in futures]
    return join_pdfs(parts)


def join_pdfs(parts: list[bytes]) -> bytes:
    writer = pypdf.PdfWriter()
    for part in parts:
        writer.append(pypdf.PdfReader(io.BytesIO(part)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


_WARM_UP = "KEEZEN_PDF_FORKSERVER"
_START_LOCK = threading.Lock()


def _mp_context():
    """Workers forked from a server that has this module (and so WeasyPrint) imported and has
    laid out a line of text once (fonts found and loaded): a fresh, single-threaded process
    without the caller's database connections or threads, ready in milliseconds. Where there is
    no forkserver (Windows), a spawned Python."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    from multiprocessing import forkserver

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    with _START_LOCK:
        os.environ[_WARM_UP] = "1"  # seen by the forkserver when it imports this module
        try:
            forkserver.ensure_running()
        finally:
            os.environ.pop(_WARM_UP, None)
    return context


def _warm_up() -> None:
    html = ('<p style="font-family: \'DejaVu Sans\', sans-serif">Keezen <b>1</b> <i>2</i> '
            '<span style="font-family: \'DejaVu Sans Mono\', monospace">3</span></p>')
    document(html, "/").write_pdf()


# --- QR codes ---------------------------------------------------------------------------------


def qr_placeholder(url: str, css_class: str = "segno") -> str:
    """An empty ``<svg>`` the page's CSS sizes, where :func:`write_pdf` draws the QR code of ``url``."""
    return f'<svg class="{html_lib.escape(css_class)}" {QR_ATTRIBUTE}="{html_lib.escape(url)}"></svg>'


def qr_matrix(url: str) -> tuple[bytearray, ...]:
    """``segno.make(url, error="m").matrix``, in half the time.

    segno spends most of its time choosing the data mask: it applies each of the eight masks
    module by module and scores them in Python. Here segno makes the code once with mask 0; the
    same scores (ISO/IEC 18004 7.8.3, as segno computes them) are taken on whole rows and columns
    as integers and bytes, and the chosen mask and its format information are written with
    segno's own functions. Tests compare the result with segno's on many addresses; if segno's
    internals ever change, segno makes the code as before.
    """
    first = segno.make(url, error=QR_ERROR, mask=0)
    if first.is_micro:  # short content: a Micro QR code, scored otherwise
        return segno.make(url, error=QR_ERROR).matrix
    try:
        from segno import encoder

        width = len(first.matrix)
        region, _function, patterns, _columns = _mask_layout(width)
        best = _best_mask(first.matrix)
        if best == 0:
            return first.matrix
        flip = [bits0 ^ bits for bits0, bits in zip(patterns[0], patterns[best])]
        matrix = tuple(bytearray(format(int(bytes(row).translate(_TO_DIGITS), 2) ^ change, f"0{width}b").encode()
                                 .translate(_FROM_DIGITS)) for row, change in zip(first.matrix, flip))
        encoder.add_format_info(matrix, first.version, encoder.normalize_errorlevel(first.error), best)
        return matrix
    except Exception:  # noqa: BLE001 (segno's internals changed: let segno choose)
        return segno.make(url, error=QR_ERROR).matrix


_TO_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
_FROM_DIGITS = bytes.maketrans(b"01", b"\x00\x01")
_N3_PATTERN = b"\x01\x00\x01\x01\x01\x00\x01"


def _bits(values) -> int:
    return int("".join("1" if value else "0" for value in values), 2)


def _transpose(rows: list[int], width: int) -> list[int]:
    text = [format(row, f"0{width}b") for row in rows]
    return [int("".join(column), 2) for column in zip(*text)]


@functools.lru_cache(maxsize=8)
def _mask_layout(width: int):
    """For a QR code of ``width`` modules, as integers per row (bit ``width - 1 - j`` = column
    ``j``): the data region (where masks apply), the function modules as they stand while masks
    are scored (format and version areas still 0), each mask's pattern on the data region, and
    the patterns per column."""
    from segno import encoder

    function = encoder.make_matrix(width, width)
    encoder.add_finder_patterns(function, width, width)
    encoder.add_alignment_patterns(function, width, width)
    scored = [bytes(value if value <= 1 else 0 for value in row) for row in function]
    function[-8][8] = 0x1  # the dark module is no data module (as segno's find_and_apply_best_mask)
    region = [[value > 1 for value in row] for row in function]
    patterns = tuple(
        tuple(_bits(region[i][j] and pattern(i, j) for j in range(width)) for i in range(width))
        for pattern in encoder.get_data_mask_functions(False)
    )
    columns = tuple(tuple(_transpose(list(pattern), width)) for pattern in patterns)
    return tuple(_bits(row) for row in region), tuple(_bits(row) for row in scored), patterns, columns


def _best_mask(masked_with_0) -> int:
    """The mask segno's ``find_and_apply_best_mask`` would choose for this symbol (given with
    mask 0 applied and its format information written)."""
    width = len(masked_with_0)
    region, function, patterns, column_patterns = _mask_layout(width)
    rows = [int(bytes(row).translate(_TO_DIGITS), 2) for row in masked_with_0]
    # The symbol before masking: data modules unmasked, function modules as when scored.
    plain = [((row ^ mask0) & data) | (fixed & ~data)
             for row, mask0, data, fixed in zip(rows, patterns[0], region, function)]
    plain_columns = _transpose(plain, width)
    best, best_score = 0, None
    for number, (pattern, column_pattern) in enumerate(zip(patterns, column_patterns)):
        masked = [row ^ bits for row, bits in zip(plain, pattern)]
        columns = [column ^ bits for column, bits in zip(plain_columns, column_pattern)]
        score = _mask_score(masked, columns, width)
        if best_score is None or score < best_score:
            best, best_score = number, score
    return best


def _mask_score(rows: list[int], columns: list[int], width: int) -> int:
    """segno's ``evaluate_mask`` (N1 + N2 + N3 + N4, with segno's reading of N3) of the symbol,
    on rows and columns as integers."""
    pairs = (1 << (width - 1)) - 1  # neighbouring pairs of a row
    starts = (1 << (width - 6)) - 1  # where a pattern of seven can start
    form = f"0{width}b"
    score = 0
    for seq in (*rows, *columns):
        # N1: a run of n >= 5 modules of one colour costs n - 2. ``same`` has a bit per equal
        # neighbouring pair, so such a run is k = n - 1 >= 4 set bits; ``four`` keeps k - 3 of
        # them, one per start of four in a row: k - 1 = (k - 3) + 2 per run.
        same = ~(seq ^ (seq >> 1)) & pairs
        four = same & (same >> 1) & (same >> 2) & (same >> 3)
        if four:
            score += four.bit_count() + 2 * (four & ~(four >> 1)).bit_count()
        # N3 (dark light dark dark dark light dark): counted as segno does, where it occurs.
        light = ~seq
        if seq & (light >> 1) & (seq >> 2) & (seq >> 3) & (seq >> 4) & (light >> 5) & (seq >> 6) & starts:
            score += _n3(format(seq, form).encode().translate(_FROM_DIGITS), width)
    for above, row in zip(rows, rows[1:]):  # N2: 2 × 2 blocks of one colour, 3 each
        differ = (above ^ (above >> 1)) | (row ^ (row >> 1)) | (above ^ row)
        score += 3 * (~differ & pairs).bit_count()
    dark = sum(row.bit_count() for row in rows)  # N4: distance of the dark share from 50 %
    percent = float(dark) / (width ** 2)
    return score + 10 * int(abs(percent * 100 - 50) / 5)


def _n3(seq: bytes, size: int) -> int:
    """segno's ``n3_pattern_occurrences`` (segno/encoder.py, mask_scores), on bytes."""
    count = 0
    idx = seq.find(_N3_PATTERN)
    while idx != -1:
        offset = idx + 7
        if idx in (0, size - 7) \
                or not any(seq[max(idx - 4, 0):min(idx, size)]) \
                or not any(seq[max(offset, 0):min(offset + 4, size)]):
            count += 40
        else:
            offset = idx + 4
        idx = seq.find(_N3_PATTERN, offset)
    return count


def qr_path_operators(url: str) -> tuple[int, bytes]:
    """The QR code of ``url`` as PDF path operators in module units (y down, quiet zone of 2, as
    segno's ``svg_inline(border=2)``): one horizontal line of width 1 per run of dark modules,
    exactly the path of segno's own SVG. Returns the symbol's size with its border, and the path."""
    matrix = qr_matrix(url)
    border = 2
    ops = []
    for y, row in enumerate(matrix):
        x, width = 0, len(row)
        while x < width:
            if row[x]:
                start = x
                while x < width and row[x]:
                    x += 1
                ops.append(f"{start + border} {y + border + 0.5} m {x + border} {y + border + 0.5} l")
            else:
                x += 1
    return len(matrix) + 2 * border, " ".join(ops).encode()


# --- composing ------------------------------------------------------------------------------


@dataclass
class _Placed:
    """What to draw on one page: shared blocks (block index, x, y) and QR codes (url, box)."""

    blocks: list[tuple[int, float, float]] = field(default_factory=list)
    codes: list[tuple[str, float, float, float, float]] = field(default_factory=list)


class _Ancestors(HTMLParser):
    """The open elements (below ``<body>``) where each shared-block marker stands."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []
        self.at_markers: list[list[tuple[str, str]]] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        self.stack.append((tag, self.get_starttag_text()))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_comment(self, data):
        if f"<!--{data}-->" == SHARED_BEGIN:
            below_body = [entry for entry in self.stack if entry[0] not in ("html", "head", "body")]
            self.at_markers.append(list(below_body))


class _Composer:
    """Render one HTML document with its shared blocks laid out once (see the module docstring)."""

    def __init__(self, html: str, base_url: str):
        self.html = html
        self.base_url = base_url

    def write_pdf(self) -> bytes:
        html = self.html
        if SHARED_BEGIN not in html and QR_ATTRIBUTE not in html:
            return document(html, self.base_url).write_pdf()
        font_config = FontConfiguration()  # one for both passes: the blocks' fonts are the pages' fonts
        blocks: list[str] = []  # each distinct block's HTML
        index: dict[str, int] = {}
        occurrences: list[int] = []
        for match in _SHARED_RE.finditer(html):
            block = match.group(1).strip()
            if block not in index:
                index[block] = len(blocks)
                blocks.append(block)
            occurrences.append(index[block])
        shared_pages, heights = [], []
        if blocks:
            measured = self._lay_out_blocks(blocks, font_config)
            if measured is None:  # a block does not fit on a page: lay everything out as it is
                return document(self._without_placeholders(html), self.base_url).write_pdf()
            shared_pages, heights = measured
        counter = iter(occurrences)
        body = _SHARED_RE.sub(lambda match: self._slot(next(counter)), html)
        if heights:  # one rule per block, not a style attribute to parse on every page
            body = body.replace("</head>", self._slot_css(heights) + "</head>", 1)
        cards = document(body, self.base_url, font_config)
        placed = [self._placed(page) for page in cards.pages]
        if sum(len(page.blocks) for page in placed) != len(occurrences):  # a slot split over two pages
            return document(self._without_placeholders(html), self.base_url).write_pdf()
        combined = cards.copy([page for page, _rect in shared_pages] + cards.pages)
        return combined.write_pdf(finisher=lambda doc, pdf: self._compose(pdf, shared_pages, combined, placed))

    # --- the blocks, laid out once ---

    def _lay_out_blocks(self, blocks: list[str], font_config: FontConfiguration):
        """Each block on a page of its own, in the elements that hold it in the document. Returns
        ``[(page, block rectangle)]`` and the blocks' heights (CSS px), or None if one does not fit."""
        # The elements around each block's first occurrence (the HTML up to the last of those).
        end, seen = 0, set()
        for match in _SHARED_RE.finditer(self.html):
            block = match.group(1).strip()
            if block not in seen:
                seen.add(block)
                end = match.start() + len(SHARED_BEGIN)
        parser = _Ancestors()
        parser.feed(self.html[:end])
        first_ancestors: dict[int, list[tuple[str, str]]] = {}
        for block_index, ancestors in zip(self._occurrence_indexes(), parser.at_markers):
            first_ancestors.setdefault(block_index, ancestors)
        head, body_start = self._head()
        pages_html = []
        for i, block in enumerate(blocks):
            ancestors = first_ancestors.get(i, [])
            opened = "".join(self._page_start(tag_text) if n == 0 else tag_text
                             for n, (_tag, tag_text) in enumerate(ancestors))
            closed = "".join(f"</{tag}>" for tag, _text in reversed(ancestors))
            if not ancestors:
                opened, closed = '<div style="page: kz-shared; break-before: page">', "</div>"
            pages_html.append(opened + self._mark_block(block, i) + closed)
        source = head + _SHARED_PAGE_CSS + body_start + "".join(pages_html) + "</body></html>"
        laid_out = document(source, self.base_url, font_config)
        found: dict[int, tuple] = {}
        for page in laid_out.pages:
            for box in _boxes_with(page, _BLOCK):
                i = int(box.element.get(_BLOCK))
                if i in found:
                    return None  # split over two pages
                found[i] = (page, (box.border_box_x(), box.border_box_y(), box.border_width(), box.border_height()))
        if len(found) != len(blocks):
            return None
        return [found[i] for i in range(len(blocks))], [found[i][1][3] for i in range(len(blocks))]

    def _occurrence_indexes(self):
        index: dict[str, int] = {}
        for match in _SHARED_RE.finditer(self.html):
            yield index.setdefault(match.group(1).strip(), len(index))

    def _head(self) -> tuple[str, str]:
        match = re.search(r"<body\b[^>]*>", self.html)
        if match is None:
            return self.html, ""
        return self.html[:match.start()], match.group(0)

    @staticmethod
    def _page_start(tag_text: str) -> str:
        """The outermost holder of a block opens a page of the named page ``kz-shared``."""
        extra = "page: kz-shared; break-before: page;"
        match = re.search(r'\sstyle="([^"]*)"', tag_text)
        if match:
            return tag_text[:match.start(1)] + extra + " " + tag_text[match.start(1):]
        return tag_text[:-1].rstrip("/") + f' style="{extra}">'

    @staticmethod
    def _mark_block(block: str, i: int) -> str:
        match = re.match(r"\s*<([a-zA-Z][\w-]*)", block)
        if match is None:
            raise ValueError("a shared block must be one element")
        return block[:match.end()] + f' {_BLOCK}="{i}"' + block[match.end():]

    @staticmethod
    def _slot(block_index: int) -> str:
        return f'<div {_SLOT}="{block_index}" class="kz-slot-{block_index}"></div>'

    @staticmethod
    def _slot_css(heights: list[float]) -> str:
        rules = "".join(f".kz-slot-{i} {{ height: {height:.4f}px }}" for i, height in enumerate(heights))
        return (f"<style>[{_SLOT}] {{ display: flow-root; margin: 0; padding: 0; border: 0; break-inside: avoid }}"
                f"{rules}</style>")

    @staticmethod
    def _without_placeholders(html: str) -> str:
        """The HTML as it is, QR placeholders drawn by WeasyPrint from segno's SVG instead."""
        def svg(match):
            url = html_lib.unescape(match.group(2))
            markup = segno.make(url, error=QR_ERROR).svg_inline(omitsize=True, border=2)
            return markup.replace('class="segno"', f'class="{match.group(1)}"', 1)
        return re.sub(rf'<svg class="([^"]*)" {QR_ATTRIBUTE}="([^"]*)"></svg>', svg, html)

    # --- the pages ---

    @staticmethod
    def _placed(page) -> _Placed:
        placed = _Placed()
        for box in _boxes_with(page, _SLOT, QR_ATTRIBUTE):
            slot = box.element.get(_SLOT)
            if slot is not None:
                placed.blocks.append((int(slot), box.border_box_x(), box.border_box_y()))
            else:
                placed.codes.append((box.element.get(QR_ATTRIBUTE), box.content_box_x(), box.content_box_y(),
                                     box.width, box.height))
        return placed

    def _compose(self, pdf: pydyf.PDF, shared_pages, combined, placed: list[_Placed]) -> None:
        """Make the blocks' pages form XObjects, draw them and the QR codes on the other pages,
        and take the blocks' pages out of the page tree."""
        kids = pdf.pages["Kids"]
        page_objects = [pdf.objects[kids[i]] for i in range(0, len(kids), 3)]
        resources = pdf.objects[_number(page_objects[0]["Resources"])]
        names = []
        for i, (page, _rect) in enumerate(shared_pages):
            stream = pdf.objects[_number(page_objects[i]["Contents"])]
            height = page.height * PX_TO_PT
            stream.extra.update({
                "Type": "/XObject", "Subtype": "/Form",
                "BBox": pydyf.Array([0, 0, page.width * PX_TO_PT, height]),
                "Resources": resources.reference,
            })
            name = f"kzb{i}"
            resources["XObject"][name] = stream.reference
            names.append(name)
        first = len(shared_pages)
        for n, (page, page_object, todo) in enumerate(zip(combined.pages[first:], page_objects[first:], placed)):
            stream = pdf.objects[_number(page_object["Contents"])]
            height = page.height * PX_TO_PT
            ops = []
            for block, x, y in todo.blocks:
                block_page, (bx, by, _bw, _bh) = shared_pages[block]
                dx = (x - bx) * PX_TO_PT
                dy = (height - y * PX_TO_PT) - (block_page.height * PX_TO_PT - by * PX_TO_PT)
                ops.append(f"q 1 0 0 1 {dx:.4f} {dy:.4f} cm /{names[block]} Do Q".encode())
            for url, x, y, width, box_height in todo.codes:
                size, path = qr_path_operators(url)
                scale = min(width, box_height) / size
                left = x + (width - scale * size) / 2
                top = y + (box_height - scale * size) / 2
                ops.append(
                    f"q {scale * PX_TO_PT:.5f} 0 0 {-scale * PX_TO_PT:.5f} {left * PX_TO_PT:.4f} "
                    f"{height - top * PX_TO_PT:.4f} cm 0 0 0 RG 1 w 0 J [] 0 d ".encode() + path + b" S Q"
                )
            stream.stream[0:0] = ops
        if first:
            pdf.pages["Kids"] = pydyf.Array(kids[3 * first:])
            pdf.pages["Count"] = len(page_objects) - first


def _number(reference) -> int:
    text = reference.decode() if isinstance(reference, bytes) else str(reference)
    return int(text.split()[0])


def _boxes_with(page, *attributes: str):
    """The outermost laid-out box of each element of ``page`` that has one of ``attributes``."""
    seen = set()
    for box in page._page_box.descendants(placeholders=True):  # noqa: SLF001 (no public box tree)
        element = box.element
        if element is not None and id(element) not in seen and any(element.get(name) is not None for name in attributes):
            seen.add(id(element))
            yield box

if os.environ.get(_WARM_UP):  # imported by the forkserver that _mp_context starts
    _warm_up()
