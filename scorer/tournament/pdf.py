"""The printable results as a PDF (fpdf2, no network), in the page's language: the standings, every round's tables
(each player's Schrift and rank points), then every table's score sheet as the table kept it (its Wertungszettel: a
line per game with who dealt and what happened in the game's own words, card points, result, premiums, Kontra,
Trischaken points, and each player's points for it over his running total; at its foot the table's Schrift, table
ranks and rank points). The font is embedded (DejaVu Sans, in `fonts/`, subset by fpdf2): umlauts, the minus sign,
⅓ and € print as they are; PDF's core fonts know only Latin-1.

Fast enough to be made for every change of a hall's standings: rows of plain cells (fpdf2's `table()` lays out each
cell at length), a row's height fixed unless a game's words need a second line, two or three score sheets to a
landscape page (benchmarks/results_pdf.py)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from flask_babel import gettext as _
from fpdf import FPDF

from ..web.language import euros, language, say, signed
from .words import dec, state_text

FONTS = Path(__file__).resolve().parent / "fonts"
FONT = "DejaVu"
GREY = (232, 232, 232)


class Results(FPDF):
    def __init__(self, title: str, footer: str):
        super().__init__(orientation="portrait", unit="mm", format="A4")
        self.add_font(FONT, "", FONTS / "DejaVuSans.ttf")
        self.add_font(FONT, "B", FONTS / "DejaVuSans-Bold.ttf")
        self.set_title(title)
        self.set_creator("scorer")
        self.set_auto_page_break(False)
        self.set_margins(10, 10, 10)
        self.set_fill_color(*GREY)
        self.set_draw_color(170, 170, 170)
        self.set_line_width(0.15)
        self.foot = footer
        self.widths: dict = {}

    def footer(self):
        self.set_y(-9)
        self.set_font(FONT, "", 7)
        self.cell(0, 4, f"{self.foot} · {self.page_no()}", align="C")

    @property
    def bottom(self) -> float:
        return self.h - 13

    def width_of(self, text: str) -> float:
        """A text's width in the current font, measured once (the sheets repeat their figures and names)."""
        key = (self.font_style, self.font_size_pt, text)
        found = self.widths.get(key)
        if found is None:
            found = self.widths[key] = self.current_font.get_text_width(text, self.font_size_pt, None)[1] / self.k
        return found

    def row(self, cells, widths, height: float, aligns, bold: bool = False, fill: bool = False,
            lines: int = 1) -> None:
        """One line of a table: its cells' texts (each made to fit), a rule above and below it and between its cells.
        Written straight into the page's content as plain text and line operators, a row at a time: fpdf2's cell()
        lays each cell out at length (85 µs a cell), and its text() and line() wrap each in checks (a 400-player
        tournament's sheets are 100,000 cells). A cell given as a list of texts has one per line (`lines` lines,
        `height` each)."""
        if bold:
            self.set_font(FONT, "B", self.font_size_pt)
        if not self.current_font_is_set_on_page:
            self._out(self._set_font_for_page(self.current_font, self.font_size_pt))
        k, top = self.k, self.h
        x, y = self.l_margin, self.get_y()
        total = height * lines
        right = x + sum(widths)
        if fill:
            self.rect(x, y, right - x, total, style="F")
        base = height * 0.5 + self.font_size * 0.35
        encode = self.current_font.encode_text
        texts, rules = [], []
        for text, width, align in zip(cells, widths, aligns):
            for line, part in enumerate(text if isinstance(text, list) else (text,)):
                if part:
                    at = x + self.c_margin if align == "L" else x + width - self.c_margin - self.width_of(part) \
                        if align == "R" else x + (width - self.width_of(part)) / 2
                    texts.append(f"BT {at * k:.2f} {(top - y - line * height - base) * k:.2f} Td {encode(part)} ET")
            rules.append(f"{x * k:.2f} {(top - y) * k:.2f} m {x * k:.2f} {(top - y - total) * k:.2f} l")
            x += width
        rules.append(f"{right * k:.2f} {(top - y) * k:.2f} m {right * k:.2f} {(top - y - total) * k:.2f} l")
        for at in (y, y + total):
            rules.append(f"{self.l_margin * k:.2f} {(top - at) * k:.2f} m {right * k:.2f} {(top - at) * k:.2f} l")
        self._out(" ".join(rules) + " S")
        if texts:
            self._out(f"q {self.text_color.serialize().lower()} " + " ".join(texts) + " Q")
        self.set_xy(self.l_margin, y + total)
        if bold:
            self.set_font(FONT, "", self.font_size_pt)


def fitted(pdf: FPDF, text: str, width: float) -> list[str]:
    """`text` in lines no wider than `width` (words kept whole; a word wider than the line is cut)."""
    room = width - 2 * pdf.c_margin
    if pdf.width_of(text) <= room:
        return [text]
    lines, line = [], ""
    for word in text.split(" "):
        attempt = f"{line} {word}" if line else word
        if pdf.get_string_width(attempt) <= room:
            line = attempt
            continue
        if line:
            lines.append(line)
        while pdf.get_string_width(word) > room and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and pdf.get_string_width(word[:cut]) > room:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def figure(value) -> str:
    """A sheet's figure: points signed (+12, −4, 0), money as the board writes it (+0,20 €)."""
    if isinstance(value, Decimal):
        return euros(value)
    return signed(value)


def _standings(pdf: Results, lines: list[dict]) -> None:
    head = [_("Place"), _("Player"), _("Total"), _("Schrift"), _("Rank points"), _("Table ranks")]
    widths = (14, 72, 22, 22, 26, 34)
    aligns = ("L", "L", "R", "R", "R", "L")
    pdf.set_font(FONT, "", 9)
    pdf.row(head, widths, 5.5, aligns, bold=True, fill=True)
    for line in lines:
        if pdf.get_y() + 5 > pdf.bottom:
            pdf.add_page()
            pdf.set_font(FONT, "", 9)
            pdf.row(head, widths, 5.5, aligns, bold=True, fill=True)
        name = line["name"] + (f" ({_('withdrew')})" if line["withdrawn"] else "")
        pdf.row([f"{line['place']}.", fitted(pdf, name, widths[1])[0], line["total_text"], line["schrift_text"],
                 line["rank_points_text"], line["ranks_text"]], widths, 5, aligns)


def _rounds(pdf: Results, found) -> None:
    """Every round's tables: each player's Schrift and rank points, the games played."""
    t = found.t
    widths = (16, 150, 24)
    for r, tables in enumerate(found.tables, start=1):
        if pdf.get_y() + 18 > pdf.bottom:
            pdf.add_page()
        pdf.ln(4)
        pdf.set_font(FONT, "B", 11)
        pdf.cell(0, 6, _("Round %(num)s", num=r), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(FONT, "", 8.5)
        head = [_("Table"), _("Players: Schrift (rank points)"), _("Games")]
        pdf.row(head, widths, 5, ("L", "L", "R"), bold=True, fill=True)
        for tn in tables:
            if tn.result is None:
                continue
            words = ", ".join(f"{t.players[p].name} {signed(tn.result.schrift[i])} ({dec(tn.result.rank_points[i])})"
                              + (f" {_('left')}" if p in tn.gone else "") for i, p in enumerate(tn.players))
            parts = fitted(pdf, words, widths[1])
            if pdf.get_y() + 4.6 * len(parts) > pdf.bottom:
                pdf.add_page()
                pdf.set_font(FONT, "", 8.5)
                pdf.row(head, widths, 5, ("L", "L", "R"), bold=True, fill=True)
            pdf.row([str(tn.number), parts, f"{tn.games}/{tn.allowed}"], widths, 4.6, ("L", "L", "R"),
                    lines=len(parts))


def _sheet(pdf: Results, found, r: int, tn, describe) -> None:
    """A table's score sheet (Wertungszettel): a line per game, then its Schrift, table ranks and rank points."""
    t, game = found.t, found.t.game
    settlement = tn.result.settlement
    partie = settlement.partie
    names = partie.players
    n = len(names)
    figures = game.sheet(settlement)
    each = 14 if n <= 4 else 12.5
    widths = [9, 24, pdf.epw - 33 - 2 * each * n] + [each] * (2 * n)
    aligns = ["R", "L", "L"] + ["R"] * (2 * n)
    row_h = 4.2
    pdf.set_font(FONT, "", 7.5)
    key = ("sheet", language())   # a table's lines, kept with it while its partie does not change
    rows = tn.printed.get(key)
    if rows is None:
        rows = tn.printed[key] = [
            (result, [figure(x) for x in points], [figure(x) for x in running],
             fitted(pdf, describe(result, partie), widths[2]))
            for result, (points, running) in zip(settlement.deals, figures)]
    height = 7 + row_h * (2 + sum(len(w) for *_x, w in rows) + 3)
    if pdf.get_y() + min(height, 60) > pdf.bottom:
        pdf.add_page(orientation="landscape")
    pdf.set_font(FONT, "B", 10)
    title = _("Round %(round)s, table %(table)s", round=r, table=tn.number)
    state = _("%(played)s of %(allowed)s games", played=tn.games, allowed=tn.allowed)
    gone = [t.players[p].name for p in tn.gone]
    if gone:
        state += " · " + _("%(names)s left the table: its games so far are its round.", names=", ".join(gone))
    pdf.cell(0, 6, f"{title} · {state}", new_x="LMARGIN", new_y="NEXT")

    def head():
        pdf.set_font(FONT, "B", 7.5)
        y = pdf.get_y()
        pdf.row(["#", _("Dealer"), _("Game")] + [fitted(pdf, name, 2 * each)[0] for name in names],
                widths[:3] + [2 * each] * n, row_h, ["R", "L", "L"] + ["C"] * n, fill=True)
        pdf.set_xy(pdf.l_margin, y + row_h)
        pdf.row(["", "", ""] + [_("Game"), _("Total")] * n, widths, row_h, aligns, fill=True)
        pdf.set_font(FONT, "", 7.5)

    head()
    for result, points, running, words in rows:
        if pdf.get_y() + row_h * len(words) > pdf.bottom:
            pdf.add_page(orientation="landscape")
            head()
        dealer = result.deal.dealer
        cells = [str(result.number), names[dealer] if isinstance(dealer, int) and 0 <= dealer < n else "", words]
        for i in range(n):
            cells += [points[i], running[i]]
        pdf.row(cells, widths, row_h, aligns, lines=len(words))
    if pdf.get_y() + 3 * row_h > pdf.bottom:
        pdf.add_page(orientation="landscape")
        head()
    label_w = widths[0] + widths[1] + widths[2]
    foot = ((_("Schrift"), [signed(x) for x in tn.result.schrift]),
            (_("Table rank"), [f"{x}." for x in tn.result.rank]),
            (_("Rank points"), [dec(x) for x in tn.result.rank_points]))
    for k, (label, values) in enumerate(foot):
        cells = [label] + [v for v in values]
        pdf.row(cells, [label_w] + [2 * each] * n, row_h, ["R"] + ["R"] * n, bold=k == 0, fill=k == 0)
    pdf.ln(4)


def results_pdf(found, lines: list[dict], sheets: bool = True) -> bytes:
    """The standings, every round's tables and (`sheets`) every table's score sheet, as PDF bytes."""
    t = found.t
    pdf = Results(t.name, f"{t.name} · {say(t.game.name)}")
    pdf.add_page()
    pdf.set_font(FONT, "B", 16)
    pdf.multi_cell(0, 8, t.name, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 9)
    pdf.multi_cell(0, 5, f"{say(t.game.name)} · {say(t.game.engine.PRESET_NAMES.get(t.rules.preset, t.rules.preset))}"
                         f" · {_('%(num)s players', num=len(t.players))} · {state_text(found)}",
                   new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    _standings(pdf, lines)
    _rounds(pdf, found)
    if sheets:
        describe = t.game.web_part().describe
        pdf.add_page(orientation="landscape")
        for r, tables in enumerate(found.tables, start=1):
            for tn in tables:
                if tn.result is not None:
                    _sheet(pdf, found, r, tn, describe)
    return bytes(pdf.output())
