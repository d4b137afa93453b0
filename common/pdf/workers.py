"""Long files on every core: independent parts rendered side by side and joined with pypdf.

Why a forkserver: the workers come from a server that has imported WeasyPrint and laid out a
line once (fonts found and loaded), so starting one takes milliseconds instead of the second a
fresh Python needs, and a worker has none of the caller's database connections or threads. A
worker only turns HTML into PDF bytes: this package imports neither Django nor the apps, so it
can be the forkserver's preloaded module.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

import pypdf

from common.pdf.compose import write_pdf
from common.pdf.render import document

_WARM_UP = "KEEZEN_PDF_FORKSERVER"
_START_LOCK = threading.Lock()


def write_joined_pdf(chunks: Sequence[str | Callable[[], str]], base_url: str) -> bytes:
    """One PDF of the chunks' pages in order, each chunk rendered by :func:`common.pdf.write_pdf`
    on its own core; the first chunk is rendered in this process. A chunk may be a function that
    makes its HTML: the later chunks are then made and sent off first, the first one last."""
    def html(chunk) -> str:
        return chunk() if callable(chunk) else chunk

    if len(chunks) == 1:
        return write_pdf(html(chunks[0]), base_url)
    with ProcessPoolExecutor(max_workers=len(chunks) - 1, mp_context=_mp_context()) as pool:
        futures = [pool.submit(write_pdf, html(chunk), base_url) for chunk in chunks[1:]]
        parts = [write_pdf(html(chunks[0]), base_url)] + [future.result() for future in futures]
    return join_pdfs(parts)


def join_pdfs(parts: list[bytes]) -> bytes:
    """The parts' pages in one file, in order."""
    writer = pypdf.PdfWriter()
    for part in parts:
        writer.append(pypdf.PdfReader(io.BytesIO(part)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _mp_context():
    """Workers forked from a server that has this module imported and warmed up (see the module);
    where there is no forkserver (Windows), a spawned Python."""
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


if os.environ.get(_WARM_UP):  # imported by the forkserver that _mp_context starts
    _warm_up()
