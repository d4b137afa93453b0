"""Draw the shared blocks and QR codes of :mod:`common.pdf.compose` on the pages, with pypdf.

Each block's page becomes a form XObject (its content, one stream or an array of them joined, with
the document's resources),
written once and drawn on every page that shows the block: a form XObject is PDF's own way of
drawing one page's content on others. Each page gets the operators that draw its blocks and its
QR code put before its own; its content is never parsed, which keeps this a small part of the
time (pypdf's ``merge_page`` parses what it merges: for the QR codes' paths, a quarter of the
file's time). The pages of the blocks are left out of the file. Only pypdf's public API: the
reader and writer (``add_page``, ``remove_page``), ``get_contents``/``replace_contents`` and its
generic objects.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pypdf
from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject

from common.pdf import qr
from common.pdf.render import PX_TO_PT


def stamp(content: bytes, boxes: Sequence[tuple[float, float, float, float]], placed: Sequence) -> bytes:
    """``content``: the blocks' pages (one per block, its box in ``boxes``), then the pages, each
    with what :class:`common.pdf.compose.Placed` says is to be drawn on it."""
    reader = pypdf.PdfReader(io.BytesIO(content))
    writer = pypdf.PdfWriter()
    if reader.metadata:
        writer.add_metadata(reader.metadata)
    first = len(boxes)
    forms = {}
    blocks = [writer.add_page(reader.pages[i]) for i in range(first)]
    for i, page in enumerate(blocks):
        # /Contents may be one stream or an array of them: get_contents joins them, and the page gets
        # the one stream that becomes the block's form XObject (once in the file, drawn on every page)
        page.replace_contents(page.get_contents().flate_encode())
        form = page.raw_get("/Contents")
        stream = form.get_object()
        stream[NameObject("/Type")] = NameObject("/XObject")
        stream[NameObject("/Subtype")] = NameObject("/Form")
        stream[NameObject("/BBox")] = ArrayObject(FloatObject(value) for value in page.mediabox)
        stream[NameObject("/Resources")] = page.raw_get("/Resources")
        forms[NameObject(f"/KzBlock{i}")] = form
    for page in blocks:  # the blocks' pages are not the file's; their streams stay, drawn by the pages
        writer.remove_page(page)
    for source, todo in zip(reader.pages[first:], placed):
        page = writer.add_page(source)
        if not (todo.blocks or todo.codes):
            continue
        resources = page["/Resources"].get_object()
        if "/XObject" not in resources:
            resources[NameObject("/XObject")] = DictionaryObject()
        resources["/XObject"].get_object().update(forms)
        content = page.get_contents()  # decompressed, not parsed
        content.set_data(_operators(float(page.mediabox.height), boxes, todo) + content.get_data())
        page.replace_contents(content.flate_encode())
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _operators(height: float, boxes, todo) -> bytes:
    """What is drawn under a page's own content: its blocks and its QR codes, each in its own
    graphics state (PDF points, y up, from the page's bottom left)."""
    ops = []
    for block, x, y, _height in todo.blocks:
        bx, by, _bx2, _by2 = boxes[block]
        dx, dy = (x - bx) * PX_TO_PT, (by - y) * PX_TO_PT
        ops.append(f"q 1 0 0 1 {dx:.4f} {dy:.4f} cm /KzBlock{block} Do Q".encode())
    for url, x, y, width, box_height in todo.codes:
        size, path = qr.path_operators(url)
        scale = min(width, box_height) / size
        left = x + (width - scale * size) / 2
        top = y + (box_height - scale * size) / 2
        ops.append(f"q {scale * PX_TO_PT:.5f} 0 0 {-scale * PX_TO_PT:.5f} {left * PX_TO_PT:.4f} "
                   f"{height - top * PX_TO_PT:.4f} cm 0 0 0 RG 1 w 0 J [] 0 d ".encode() + path + b" S Q")
    return b"\n".join(ops) + b"\n"
