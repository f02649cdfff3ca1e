"""The two rule sets of RULES-TAPP.md §7 (mayr, alscher) with their options; the contracts of §3, the side and
hand premiums of §4."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...tarock import sides
from ...options import Option, one_of
from ...words import Listing, Message, N_
from .problems import TappError

PRESETS = ("mayr", "alscher")
PRESET_NAMES = {"mayr": N_("Mayr/Sedlaczek (Valat 12, announced 24)"),
                "alscher": N_("Alscher (Valat 4 or 8 times the game)")}
CONTRACT_LABELS = {"dreier": N_("Dreier"), "unterer": N_("Unterer"), "oberer": N_("Oberer"), "solo": N_("Solo")}
CONTRACTS = tuple(CONTRACT_LABELS)
VALUES = {"dreier": 3, "unterer": 4, "oberer": 5, "solo": 8}
PREMIUM_LABELS = {"pagat": N_("Pagat"), "valat": N_("Valat")}                         # a side's
HAND_LABELS = {"trull": N_("Trull"), "koenige": N_("Four Kings"), "koepfe": N_("Köpfe")}   # one player's hand
PREMIUMS, HAND_PREMIUMS = tuple(PREMIUM_LABELS), tuple(HAND_LABELS)
HAND_VALUES = {"trull": 3, "koenige": 3, "koepfe": 1}
PAGAT = (8, 4)                    # (announced, silent), doubled in a Solo
VALAT = {"mayr": (24, 12)}        # alscher: the game times 8 or 4
KONTRA_LEVELS = (1, 2, 4, 8)
KONTRA_LABELS = {1: N_("no Kontra"), 2: N_("Kontra"), 4: N_("Rekontra"), 8: N_("Subkontra")}
ITEM_LABELS = {"game": N_("Game"), "renonce": N_("Renonce"), "misdeal": N_("Misdeal"), **PREMIUM_LABELS,
               **HAND_LABELS}
SITTING_OUT = ("out", "defends")

OPTIONS = {o.name: o for o in sides.options(PRESETS, KONTRA_LEVELS, dict.fromkeys(PRESETS, 8)) + [
    Option("sitting_out", PRESETS, dict.fromkeys(PRESETS, "out"), one_of(*SITTING_OUT),
           "at four, the dealer sits out with 0 or defends")]}


@dataclass(frozen=True, repr=False)
class RuleSet(sides.SideRules, presets=PRESETS, default="mayr", names=PRESET_NAMES,
              titles={**sides.OPTION_TITLES, "sitting_out": N_("the option for the fourth player")}, error=TappError):
    """A preset and its options. `given` remembers which options were set explicitly."""

    preset: str = "mayr"
    sitting_out: str = "out"
    OPTIONS: ClassVar[dict] = OPTIONS
    FIXED: ClassVar[tuple] = ("valat",)   # 12 / 24 or the game times 4 / 8, by the preset

    @property
    def contracts(self) -> tuple[str, ...]:
        return CONTRACTS

    def value(self, contract: str) -> int:
        return VALUES[contract]

    def premium_value(self, premium: str, announced: bool, contract: str) -> int:
        """A side premium's value (§4): the Pagat doubled in a Solo; the Valat 12 / 24 (`mayr`) or the game
        times 4 / 8 (`alscher`), never doubled again."""
        if premium == "pagat":
            return PAGAT[0 if announced else 1] * (2 if contract == "solo" else 1)
        if self.preset == "mayr":
            return VALAT["mayr"][0 if announced else 1]
        return VALUES[contract] * (8 if announced else 4)

    def describe(self) -> list[Message]:
        """What this rule set pays, in plain words, one sentence each (str() gives English)."""
        lines = [Message("Three play; at four the dealer sits out."),
                 Message("The declarer plays alone and wins with 36 card points of 70; 35 loses."),
                 Message("Contracts: {contracts}.", contracts=Listing(
                     Message("{contract} {value}", contract=CONTRACT_LABELS[c], value=VALUES[c]) for c in CONTRACTS)),
                 Message("Pagat: 8 announced, 4 silent, double in a Solo; Trull 3, Four Kings 3, Köpfe 1."),
                 Message("Valat: 24 announced, 12 silent, instead of the game.") if self.preset == "mayr" else
                 Message("Valat: the game value times 8 announced, times 4 silent, instead of the game.")]
        if self.sitting_out == "defends":
            lines.append(Message("At four the dealer who sits out wins and loses with the defenders."))
        return lines + self.money_lines()
