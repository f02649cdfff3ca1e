"""The printable results as a PDF (fpdf2, no network): the standings, then every table's score sheet, round by round
(its deals, each player's points, the table's Schrift, table ranks and rank points), in the page's language. The
font is embedded (DejaVu Sans, in `fonts/`, subset by fpdf2): umlauts, the minus sign, ⅓ and € print as they are;
PDF's core fonts know only Latin-1."""

from __future__ import annotations

from pathlib import Path

from flask_babel import gettext as _
from fpdf import FPDF
from fpdf.fonts import FontFace

from ..export import Sheet
from ..web.language import TR, language, say, signed

FONTS = Path(__file__).resolve().parent / "fonts"
FONT = "DejaVu"


class Results(FPDF):
    def __init__(self, title: str, footer: str):
        super().__init__(orientation="portrait", unit="mm", format="A4")
        self.add_font(FONT, "", FONTS / "DejaVuSans.ttf")
        self.add_font(FONT, "B", FONTS / "DejaVuSans-Bold.ttf")
        self.set_title(title)
        self.set_creator("scorer")
        self.set_auto_page_break(True, margin=14)
        self.foot = footer

    def footer(self):
        self.set_y(-10)
        self.set_font(FONT, "", 7)
        self.cell(0, 4, f"{self.foot} · {self.page_no()}", align="C")


def _table(pdf: FPDF, rows: list[list[str]], widths=None, size: float = 9, numeric_from: int = 0) -> None:
    pdf.set_font(FONT, "", size)
    heading = FontFace(emphasis="BOLD", fill_color=(230, 230, 230))
    align = ["LEFT"] * len(rows[0])
    for i in range(numeric_from, len(align)):
        align[i] = "RIGHT"
    with pdf.table(col_widths=widths, text_align=tuple(align), headings_style=heading, line_height=size * 0.5,
                   padding=0.8, first_row_as_headings=True) as table:
        for row in rows:
            cells = table.row()
            for cell in row:
                cells.cell(str(cell))


def _sheet(found, tn, decimal: str) -> list[list[str]]:
    """A table's score sheet: its deals as the game's spreadsheet rows write them (the money columns and the money row
    left out: the tournament counts the written points), columns empty in every deal left out, then the table's
    rank and rank points."""
    game = found.t.game
    settlement = tn.result.settlement
    plain = game.tables.rows(settlement, Sheet())
    words = game.tables.rows(settlement, Sheet(TR, decimal))
    keep = [i for i, head in enumerate(plain[0]) if not str(head).startswith("money")
            and any(str(row[i]) != "" for row in plain[1:] if row and row[0] not in ("total", "money"))
            or i == 0 or str(head).startswith("points")]
    out = []
    for row_plain, row in zip(plain, words):
        if row_plain and row_plain[0] == "money":
            continue
        out.append(["" if row[i] is None else str(row[i]).replace("-", "−") if isinstance(row[i], int)
                    else str(row[i]) for i in keep])
    points_at = [n for n, i in enumerate(keep) if str(plain[0][i]).startswith("points")]
    if points_at:
        from .web import dec
        rank_row = [""] * len(keep)
        rp_row = [""] * len(keep)
        rank_row[0], rp_row[0] = _("Table rank"), _("Rank points")
        for seat, col in enumerate(points_at[:len(tn.players)]):
            rank_row[col] = f"{tn.result.rank[seat]}."
            rp_row[col] = dec(tn.result.rank_points[seat])
        out += [rank_row, rp_row]
    return out


def results_pdf(found, lines: list[dict]) -> bytes:
    """The standings and every table's score sheet, as PDF bytes."""
    t = found.t
    pdf = Results(t.name, f"{t.name} · {say(t.game.name)}")
    decimal = "," if language() == "de" else "."
    pdf.add_page()
    pdf.set_font(FONT, "B", 16)
    pdf.multi_cell(0, 8, t.name, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 9)
    state = (_("Provisional: the round is still being played") if found.provisional else
             _("After round %(num)s", num=len(t.started)) if t.started else _("No round played yet"))
    pdf.multi_cell(0, 5, f"{say(t.game.name)} · {say(t.game.engine.PRESET_NAMES.get(t.rules.preset, t.rules.preset))}"
                         f" · {_('%(num)s players', num=len(t.players))} · {state}", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    rows = [[_("Place"), _("Player"), _("Total"), _("Schrift"), _("Rank points"), _("Table ranks")]]
    for line in lines:
        name = line["name"] + (f" ({_('withdrew')})" if line["withdrawn"] else "")
        rows.append([f"{line['place']}.", name, line["total_text"], line["schrift_text"], line["rank_points_text"],
                     line["ranks_text"]])
    _table(pdf, rows, widths=(12, 60, 22, 22, 26, 30), numeric_from=2)
    for r, tables in enumerate(found.tables, start=1):
        for tn in tables:
            if tn.result is None:
                continue
            pdf.add_page(orientation="landscape")
            pdf.set_font(FONT, "B", 13)
            names = ", ".join(t.players[p].name for p in tn.players)
            pdf.multi_cell(0, 7, _("Round %(round)s, table %(table)s", round=r, table=tn.number), new_x="LMARGIN",
                           new_y="NEXT")
            pdf.set_font(FONT, "", 9)
            pdf.multi_cell(0, 5, f"{names} · {_('%(played)s of %(allowed)s games', played=tn.games, allowed=tn.allowed)}"
                                 f" · {_('Schrift')}: " + ", ".join(
                                     f"{t.players[p].name} {signed(tn.result.schrift[i])}"
                                     for i, p in enumerate(tn.players)), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
            sheet = _sheet(found, tn, decimal)
            _table(pdf, sheet, size=8 if len(sheet[0]) <= 12 else 7, numeric_from=len(sheet[0]) - len(tn.players))
    return bytes(pdf.output())
