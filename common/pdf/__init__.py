"""Turn HTML into PDF fast, with WeasyPrint, segno and pypdf's public APIs only.

Why a package of its own, below the apps: the PDF workers must not import Django or the apps (a
worker only turns HTML into PDF bytes; the caller alone touches the database), and every app's
printouts share it. What makes the files fast:

- :mod:`.compose`: blocks that repeat on many pages (``<!--kz:shared-->`` … ``<!--kz:/shared-->``)
  laid out once and QR placeholders (:func:`qr_placeholder`) drawn as vector lines, by
  :mod:`.stamping` with pypdf's page merging;
- :mod:`.qr`: segno's codes with a fixed data mask;
- :mod:`.workers`: long files rendered in parts on every core and joined.

Composed and direct renderings are compared in tests (the same words on every page).
Nothing is fetched from the network: the URL fetcher only accepts ``data:`` URLs (:mod:`.render`).
"""

from common.pdf.compose import SHARED_BEGIN, SHARED_END, write_pdf
from common.pdf.qr import ERROR as QR_ERROR
from common.pdf.qr import placeholder as qr_placeholder
from common.pdf.qr import qr_code
from common.pdf.qr import svg as qr_svg
from common.pdf.render import cpu_count, document
from common.pdf.workers import join_pdfs, write_joined_pdf

__all__ = [
    "QR_ERROR", "SHARED_BEGIN", "SHARED_END", "cpu_count", "document", "join_pdfs", "qr_code", "qr_placeholder",
    "qr_svg", "write_joined_pdf", "write_pdf",
]
