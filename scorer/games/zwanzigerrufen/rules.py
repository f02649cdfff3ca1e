"""The two rule sets of RULES-ZWANZIGERRUFEN.md §9 (wikipedia, tcmm) with their options; the tariff of §3 and
the premiums of §4."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...tarock import sides
from ...options import Option, each_once
from ...words import Listing, Message, N_
from .problems import ZwanzigerrufenError

PRESETS = ("wikipedia", "tcmm")
PRESET_NAMES = {"wikipedia": N_("Wikipedia (as FreeBoardGames plays it)"),
                "tcmm": N_("Club tournament rules (TCMM 2005)")}
CONTRACT_LABELS = {"normalspiel": N_("Normalspiel"), "farbensolo": N_("Farbensolo"), "solo": N_("Solo")}
CONTRACTS = tuple(CONTRACT_LABELS)
TARIFF = {"normalspiel": (1, 1), "farbensolo": (4, 4), "solo": (5, 4)}   # §3, per preset
SOLO = ("farbensolo", "solo")
PREMIUM_LABELS = {"absolut": N_("Absolut"), "pagat": N_("Pagat"), "valat": N_("Valat"), "trull": N_("Trull"),
                  "koenigstrull": N_("Königstrull"), "mondfang": N_("Mondfang")}
PREMIUMS = tuple(PREMIUM_LABELS)
VALUES = {"absolut": (2, 1), "pagat": (2, 1), "valat": (12, 6), "trull": (1, 1), "koenigstrull": (1, 1),
          "mondfang": (1, 1)}   # (announced, silent)
NEVER_ANNOUNCED = ("trull", "koenigstrull", "mondfang")
IN_FARBENSOLO = {"wikipedia": ("absolut", "valat", "koenigstrull"),
                 "tcmm": ("absolut", "valat", "trull", "koenigstrull")}
KONTRA_LEVELS = (1, 2, 4, 8, 16)
KONTRA_LABELS = {1: N_("no Kontra"), 2: N_("Kontra"), 4: N_("Rekontra"), 8: N_("Supre"), 16: N_("Resupre")}
ITEM_LABELS = {"game": N_("Game"), "renonce": N_("Renonce"), "misdeal": N_("Misdeal"), **PREMIUM_LABELS}
# fixed by the preset (§9): naming them in `rules` is refused
FIXED = {"solo_premiums": ("single", "double"), "valat": ("adds", "replaces"), "absolut_sets_target": (True, False),
         "renonce": ("as_lost", "flat")}

OPTIONS = {o.name: o for o in sides.options(PRESETS, KONTRA_LEVELS, {"wikipedia": 16, "tcmm": 4}) + [
    Option("doubled_radl", PRESETS, {"wikipedia": (), "tcmm": ("mondfang",)}, each_once("mondfang"),
           "what starts a doubled Radl")]}


@dataclass(frozen=True, repr=False)
class RuleSet(sides.SideRules, presets=PRESETS, default="wikipedia", names=PRESET_NAMES,
              titles={**sides.OPTION_TITLES, "doubled_radl": N_("the doubled Radl")}, error=ZwanzigerrufenError):
    """A preset and its options. `given` remembers which options were set explicitly."""

    preset: str = "wikipedia"
    max_kontra: int = 16
    doubled_radl: tuple[str, ...] = ()
    OPTIONS: ClassVar[dict] = OPTIONS
    FIXED: ClassVar[tuple] = tuple(FIXED)

    def _fixed(self, name: str):
        return FIXED[name][PRESETS.index(self.preset)]

    @property
    def valat(self) -> str:
        """"adds" (the Valat item beside the game) or "replaces" (instead of it)."""
        return self._fixed("valat")

    @property
    def absolut_sets_target(self) -> bool:
        return self._fixed("absolut_sets_target")

    @property
    def renonce(self) -> str:
        """"as_lost" (paid as if each other player's side had won) or "flat" (the contract's value to each)."""
        return self._fixed("renonce")

    @property
    def contracts(self) -> tuple[str, ...]:
        return CONTRACTS

    @property
    def premiums(self) -> tuple[str, ...]:
        return PREMIUMS

    def value(self, contract: str) -> int:
        return TARIFF[contract][PRESETS.index(self.preset)]

    def premium_value(self, premium: str, announced: bool, contract: str) -> int:
        """A premium's value (§4), doubled in a solo contract under `tcmm`."""
        double = 2 if contract in SOLO and self._fixed("solo_premiums") == "double" else 1
        return double * VALUES[premium][0 if announced else 1]

    def allows(self, contract: str, premium: str) -> bool:
        return premium in (IN_FARBENSOLO[self.preset] if contract == "farbensolo" else PREMIUMS)

    def describe(self) -> list[Message]:
        """What this rule set pays, in plain words, one sentence each (str() gives English)."""
        lines = [Message("Four play; the Vorhand calls the holder of the XX (or the XIX … XVI) as partner."),
                 Message("A game is won with 45 card points of 88; 44 loses."),
                 Message("Contracts: {contracts}.", contracts=Listing(
                     Message("{contract} {value}", contract=CONTRACT_LABELS[c], value=self.value(c))
                     for c in CONTRACTS))]
        if self.preset == "wikipedia":
            lines += [Message("An announced Absolut sets the target to 56 card points."),
                      Message("Valat: 12 announced, 6 silent, added to the game.")]
        else:
            lines += [Message("Premiums count double in a Solo and a Farbensolo."),
                      Message("Valat: 12 announced, 6 silent, instead of the game.")]
        if self.doubled_radl:
            lines.append(Message("A doubled Radl follows a Mondfang."))
        return lines + self.money_lines()
