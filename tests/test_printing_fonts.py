"""Names in any script, and emoji, print in the PDFs (docs/printing.md): each character is drawn
with a font that has it (WenQuanYi Micro Hei for Chinese, Noto Color Emoji for emoji, DejaVu Sans
for Latin, Greek, Cyrillic and Arabic), not as an empty box.

Checked in the files as the director downloads them: the fonts embedded in the PDF, the font each
piece of text is drawn with (pypdf), and that the embedded font has a glyph for every character of
that text (its character map, read with fontTools: an empty box is a character the font lacks).
"""

from __future__ import annotations

import io
import unicodedata

import pypdf
import pytest
from fontTools.ttLib import TTFont

from tournaments.exporters.standings_pdf import fit_text, text_width
from tournaments.models import Player, Team

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
NAMES = {
    "🎲 Dobbelaars": ("李小龍", "Zoë Özdemir"),
    "Ωμέγα": ("Юрий Гагарин", "محمد علي"),
}


@pytest.fixture
def cup(tournament, published_round):
    """A published round of four teams; teams 1 and 2 renamed to the names above."""
    round_ = published_round(tournament, 4)
    for number, (team, players) in enumerate(NAMES.items(), start=1):
        found = Team.objects.get(tournament=tournament, number=number)
        found.name = team
        found.save(update_fields=["name"])
        for seat, name in enumerate(players, start=1):
            Player.objects.filter(team=found, seat=seat).update(name=name)
    return round_


def drawn(content: bytes) -> list[tuple[str, str]]:
    """Every piece of text of the PDF with the name of the font it is drawn with."""
    pieces = []
    for page in pypdf.PdfReader(io.BytesIO(content)).pages:
        page.extract_text(visitor_text=lambda text, _cm, _tm, font, _size: pieces.append(
            (str(font.get("/BaseFont", "")) if font else "", text)))
    return [(font, text) for font, text in pieces if text.strip("\x00\n ")]


def embedded_fonts(content: bytes) -> dict[str, set[str] | None]:
    """Each embedded font by name (without the subset's prefix): the characters it has glyphs for
    (None for a font without a character map: the colour emoji, drawn as images)."""
    fonts: dict[str, set[str] | None] = {}
    for page in pypdf.PdfReader(io.BytesIO(content)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            name = str(font["/BaseFont"]).split("+", 1)[-1]
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
            data = descriptor["/FontFile2"].get_object().get_data()
            cmap = TTFont(io.BytesIO(data)).getBestCmap()
            # A shaped script (Arabic) maps presentation forms: their NFKC form is the letter typed.
            chars = None if cmap is None else {form for code in cmap
                                               for form in (chr(code), unicodedata.normalize("NFKC", chr(code)))}
            fonts[name] = chars if fonts.get(name) is None else fonts[name] | (chars or set())
    return fonts


def font_of(pieces: list[tuple[str, str]], text: str) -> set[str]:
    return {font.split("+", 1)[-1] for font, piece in pieces if text in piece}


def assert_no_empty_boxes(content: bytes) -> None:
    """Every character is drawn with a font that has a glyph for it."""
    fonts = embedded_fonts(content)
    for font, text in drawn(content):
        chars = fonts[font.split("+", 1)[-1]]
        if chars is None:  # the colour emoji: images, and a font of emoji only
            assert "Emoji" in font, font
            continue
        missing = {char for char in text
                   if not char.isspace() and char not in "\x00\u200e\u200f\u202a\u202b\u202c" and char not in chars}
        assert not missing, (font, text, missing)


def no_missing_glyphs_logged(caplog) -> bool:
    """WeasyPrint logs a character no font has (".notdef glyph rendered for …")."""
    return not [record for record in caplog.records if "notdef" in record.getMessage()]


@pytest.mark.same_on_every_database
def test_table_cards_print_emoji_and_chinese(director_client, cup, caplog):
    response = director_client.get(f"/director/t/{cup.tournament.slug}/rounds/1/table-cards.pdf", **EN)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    content = response.content
    fonts = embedded_fonts(content)
    assert any(name.startswith("WenQuanYi-Micro-Hei") for name in fonts), fonts.keys()
    assert any(name.startswith("Noto-Color-Emoji") for name in fonts), fonts.keys()
    pieces = drawn(content)
    text = "".join(piece for _font, piece in pieces)
    for name in ("李小龍", "🎲", "Dobbelaars", "Zoë Özdemir", "Ωμέγα", "Юрий Гагарин"):
        assert name in text, name
    assert all(font.startswith("WenQuanYi-Micro-Hei") for font in font_of(pieces, "李小龍"))
    assert font_of(pieces, "🎲") and all("Noto-Color-Emoji" in font for font in font_of(pieces, "🎲"))
    assert "李" in fonts["WenQuanYi-Micro-Hei"] and "龍" in fonts["WenQuanYi-Micro-Hei"]
    assert_no_empty_boxes(content)
    assert no_missing_glyphs_logged(caplog)


def test_standings_pdf_prints_emoji_and_chinese(director_client, cup, caplog):
    response = director_client.get(f"/director/t/{cup.tournament.slug}/standings.pdf", **EN)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pieces = drawn(response.content)
    text = "".join(piece for _font, piece in pieces)
    for name in ("李小龍", "🎲", "Dobbelaars", "Ωμέγα"):
        assert name in text, name
    assert font_of(pieces, "李小龍") == {"WenQuanYi-Micro-Hei"}
    assert all("Noto-Color-Emoji" in font for font in font_of(pieces, "🎲"))
    assert_no_empty_boxes(response.content)
    assert no_missing_glyphs_logged(caplog)


@pytest.mark.same_on_every_database
def test_the_emoji_font_draws_no_digits(director_client, cup):
    """Named in the font list, the colour emoji font would draw digits and spaces too (it has them
    for keycaps): the table numbers and points stay in DejaVu Sans."""
    response = director_client.get(f"/director/t/{cup.tournament.slug}/rounds/1/table-cards.pdf", **EN)
    for font, text in drawn(response.content):
        if "Emoji" in font:
            assert not any(char.isdigit() or char.isalpha() for char in text), (font, text)


def test_wide_characters_are_cut_by_their_width():
    """A CJK character or an emoji is about twice as wide as a Latin letter: a long name is cut
    sooner, never inside an emoji sequence or a flag."""
    assert text_width("李小龍") > 1.5 * text_width("abc") and text_width("e\u0301") == text_width("é") == text_width("e")
    latin = fit_text("a" * 40, 30, 9.5)
    chinese = fit_text("李" * 40, 30, 9.5)
    assert latin.endswith("…") and chinese.endswith("…") and len(chinese) < len(latin)
    assert text_width(chinese[:-1]) <= text_width(latin[:-1])
    assert fit_text("Anna", 30, 9.5) == "Anna"
    family = "👩\u200d👩\u200d👧\u200d👦"
    for text in (family * 20, "🇳🇱" * 30, "x" + "🇳🇱" * 30):
        cut = fit_text(text, 30, 9.5)
        kept = cut.removesuffix("…")
        assert cut.endswith("…") and not kept.endswith("\u200d")
        flags = len(kept) - len(kept.rstrip("".join(map(chr, range(0x1F1E6, 0x1F200)))))
        assert flags % 2 == 0, cut
