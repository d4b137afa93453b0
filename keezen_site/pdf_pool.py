"""Render a long PDF on every core, then join the parts.

Why: WeasyPrint lays out some 15 pages a second on one core, so the 125 table cards of a big
tournament took 8–12 s — too close to the ten seconds a director should wait at the desk. The
cards are independent pages, so the HTML is cut into chunks that are rendered side by side.

Why here, outside the ``tournaments`` app: the worker processes are *spawned* (a fresh Python,
nothing inherited — no database connection, no threads), and this module imports neither Django
nor the app, so a worker starts quickly. The caller makes the HTML (it alone touches the
database); a worker only turns HTML into PDF bytes. pypdf joins the parts in order.
"""

from __future__ import annotations

import io
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pypdf
import weasyprint
from weasyprint.urls import URLFetcher


def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def document(html: str, base_url: str) -> weasyprint.document.Document:
    """Lay ``html`` out. Only ``data:`` URLs are fetched: nothing leaves the machine."""
    fetcher = URLFetcher(allowed_protocols=("data",))
    return weasyprint.HTML(string=html, base_url=base_url, url_fetcher=fetcher).render()


def write_pdf(html: str, base_url: str) -> bytes:
    return document(html, base_url).write_pdf()


def write_joined_pdf(chunks: list[str], base_url: str) -> bytes:
    """One PDF of the chunks' pages in order; the first chunk is rendered in this process."""
    if len(chunks) == 1:
        return write_pdf(chunks[0], base_url)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=len(chunks) - 1, mp_context=context) as pool:
        futures = [pool.submit(write_pdf, chunk, base_url) for chunk in chunks[1:]]
        parts = [write_pdf(chunks[0], base_url)] + [future.result() for future in futures]
    writer = pypdf.PdfWriter()
    for part in parts:
        writer.append(pypdf.PdfReader(io.BytesIO(part)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
