"""The two rule sets of RULES-KOENIGRUFEN.md §9 (ooe, tirol) with their options, as plain values; the
tariff of §3 and the premiums of §4."""

from __future__ import annotations

import re
from typing import ClassVar

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from ...options import Option, RuleSetForm
from ...words import Listing, Message, Money, N_, Thirds
from .problems import KoenigrufenError, Problem

PRESETS = ("ooe", "tirol")
PRESET_NAMES = {
    "ooe": N_("Upper Austrian cup (OÖ 4/2023)"),
    "tirol": N_("Tiroler Tarockcup (Mair 2019)"),
}

CONTRACT_LABELS = {
    "trischaken": N_("Trischaken"),
    "rufer": N_("Rufer"),
    "piccolo": N_("Piccolo"),
    "bettel": N_("Bettel"),
    "solorufer": N_("Solorufer"),
    "besserrufer": N_("Besserrufer"),
    "farbendreier": N_("Farbendreier"),
    "sechserdreier": N_("Sechserdreier"),
    "dreier": N_("Dreier"),
    "farbensolo": N_("Farbensolo"),
    "piccolo_ouvert": N_("Piccolo ouvert"),
    "zwiccolo_ouvert": N_("Zwiccolo ouvert"),
    "bettel_ouvert": N_("Bettel ouvert"),
    "solodreier": N_("Solodreier"),
}
CONTRACTS = tuple(CONTRACT_LABELS)

# the tariff of §3: contract -> value per preset (None: the preset does not play it)
TARIFF = {
    "trischaken": (1, 2), "rufer": (1, 1), "piccolo": (2, 2), "bettel": (2, 4), "solorufer": (2, 2),
    "besserrufer": (1, 3), "farbendreier": (3, 5), "sechserdreier": (4, 4), "dreier": (4, 5),
    "farbensolo": (6, 10), "piccolo_ouvert": (6, 8), "zwiccolo_ouvert": (None, 8), "bettel_ouvert": (7, 8),
    "solodreier": (8, 10),
}
SECHSERDREIER_LOST = 8

KING_CALLS = ("rufer", "solorufer", "besserrufer")
NEGATIVE = ("piccolo", "bettel", "piccolo_ouvert", "zwiccolo_ouvert", "bettel_ouvert")
COLOUR = ("farbendreier", "farbensolo")
SOLO = ("solorufer", "solodreier", "farbensolo")
VORHAND_ONLY = ("trischaken", "rufer", "sechserdreier")
POSITIVE = tuple(c for c in CONTRACTS if c != "trischaken" and c not in NEGATIVE)
TAROCK = tuple(c for c in POSITIVE if c not in COLOUR)
CONCEDABLE = ("rufer", "besserrufer")
BETTEL = ("bettel", "bettel_ouvert")

PREMIUM_LABELS = {
    "trull": N_("Trull"),
    "koenige": N_("Four Kings"),
    "koenig_ultimo": N_("King ultimo"),
    "pagat": N_("Pagat"),
    "uhu": N_("Uhu"),
    "kakadu": N_("Kakadu"),
    "quapil": N_("Quapil"),
    "mondfang": N_("Mondfang"),
    "valat": N_("Valat"),
}
PREMIUMS = tuple(PREMIUM_LABELS)
BIRDS = ("pagat", "uhu", "kakadu", "quapil")
# premium -> (announced, silent); the Valat's value depends on the preset (§4)
PREMIUM_VALUES = {"trull": (2, 1), "koenige": (2, 1), "koenig_ultimo": (2, 1), "pagat": (2, 1), "uhu": (4, 2),
                  "kakadu": (6, 3), "quapil": (8, 4), "mondfang": (2, 1)}
VALAT_PREMIUM = (20, 10)          # tirol: a premium
VALAT_FACTOR = (8, 4)             # ooe: the game value times this

ITEM_LABELS = {
    "game": N_("Game"),
    "trischaken": N_("Trischaken"),
    "renonce": N_("Renonce"),
    "conceded": N_("Conceded (schleifen)"),
    "misdeal": N_("Misdeal"),
    **PREMIUM_LABELS,
}
KONTRA_LEVELS = (1, 2, 4, 8)
KONTRA_LABELS = {1: N_("no Kontra"), 2: N_("Kontra"), 4: N_("Re"), 8: N_("Sub")}

MAX_STAKE = Decimal("1000")
MAX_MISDEAL_PENALTY = 1000


_STAKE = re.compile(r"[0-9]+(?:[.,][0-9]+)?")


def _stake(value):
    wrong = ValueError(Message("must be an amount of whole cents above 0 and at most {high}, like {example}",
                               high=Money(MAX_STAKE), example=Money("0.10")))
    # an integer, or a decimal string with a point or a comma, spaces around it, no sign, no exponent, ASCII
    # digits only; a JSON number with a fraction is a binary fraction, not cents (§13)
    if isinstance(value, bool) or not isinstance(value, (str, int)) or len(str(value)) > 20:
        raise wrong
    if isinstance(value, str) and not _STAKE.fullmatch(value.strip()):
        raise wrong
    try:
        stake = Decimal(str(value).strip().replace(",", "."))
    except InvalidOperation:
        raise wrong from None
    if not stake.is_finite() or not 0 < stake <= MAX_STAKE or stake != stake.quantize(Decimal("0.01")):
        raise wrong
    return stake.quantize(Decimal("0.01"))


def _choice(*allowed):
    def parse(value):
        if isinstance(value, str) and value in allowed:
            return value
        raise ValueError(Message("must be one of {choices}", choices=", ".join(allowed)))
    return parse


def _max_kontra(value):
    if isinstance(value, int) and not isinstance(value, bool) and value in KONTRA_LEVELS:
        return value
    raise ValueError(Message("must be 1 (no Kontra), 2 (Kontra), 4 (Re) or 8 (Sub)"))


def _flag(value):
    if isinstance(value, bool):
        return value
    raise ValueError(Message("must be true or false"))


def _penalty(value):
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_MISDEAL_PENALTY:
        return value
    raise ValueError(Message("must be a whole number from {low} to {high}", low=0, high=MAX_MISDEAL_PENALTY))


def _doubled_radl(value):
    wrong = ValueError(Message("must be a list of \"trischaken\" and \"bettel\", each at most once"))
    if not isinstance(value, list) or len(value) > 2:
        raise wrong
    if any(not isinstance(v, str) or v not in ("trischaken", "bettel") for v in value) or len(set(value)) != len(value):
        raise wrong
    return tuple(value)


# every option exists in both presets
OPTIONS = {o.name: o for o in (
    Option("stake", PRESETS, {"ooe": Decimal("0.10"), "tirol": Decimal("0.10")}, _stake, "money per point"),
    Option("max_kontra", PRESETS, {"ooe": 8, "tirol": 8}, _max_kontra, "the highest Kontra level"),
    Option("kontra_in_schrift", PRESETS, {"ooe": False, "tirol": False}, _flag, "Kontra counts in the points"),
    Option("doubled_radl", PRESETS, {"ooe": (), "tirol": ()}, _doubled_radl, "what starts a doubled Radl"),
    Option("misdeal_penalty", PRESETS, {"ooe": 0, "tirol": 0}, _penalty, "what a misdeal costs"),
    Option("trischaken_payout", PRESETS, {"ooe": "loser", "tirol": "pairs"}, _choice("loser", "pairs"),
           "who pays in a Trischaken"),
    Option("jungfrauen", PRESETS, {"ooe": "share", "tirol": "share"}, _choice("share", "full"),
           "what a Jungfrau pays in a Trischaken"),
)}
OPTION_TITLES = {
    "stake": N_("the stake"),
    "max_kontra": N_("the highest Kontra"),
    "kontra_in_schrift": N_("the option for Kontra in the points"),
    "doubled_radl": N_("the doubled Radl"),
    "misdeal_penalty": N_("the misdeal penalty"),
    "trischaken_payout": N_("the Trischaken payout"),
    "jungfrauen": N_("the Jungfrauen option"),
}
# fixed by the preset, not options (§12)
VALAT = {"ooe": "multiplier", "tirol": "premium"}
TRISCHAKEN_RENONCE = {"ooe": "vorhand_double", "tirol": "flat"}


@dataclass(frozen=True, repr=False)
class RuleSet(RuleSetForm, presets=PRESETS, default="ooe", names=PRESET_NAMES, titles=OPTION_TITLES,
              error=KoenigrufenError):
    """A preset and its options. `given` remembers which options were set explicitly."""

    preset: str = "ooe"
    stake: Decimal = Decimal("0.10")
    max_kontra: int = 8
    kontra_in_schrift: bool = False
    doubled_radl: tuple[str, ...] = ()
    misdeal_penalty: int = 0
    trischaken_payout: str = "loser"
    jungfrauen: str = "share"
    given: tuple[str, ...] = field(default=(), compare=False)
    OPTIONS: ClassVar[dict] = OPTIONS

    @classmethod
    def from_dict(cls, data: object) -> "RuleSet":
        if isinstance(data, dict) and len(data) > 20:
            raise KoenigrufenError([Problem("rules", "the rules have at most a preset and {n} options",
                                            n=len(OPTIONS))])
        return super().from_dict(data)

    @classmethod
    def preset_has(cls, key: str, preset: str) -> bool | None:
        """Every option is in both presets; the Valat and a Trischaken's renonce are fixed by the preset (§12)."""
        return True if key in OPTIONS else (False if key in ("valat", "trischaken_renonce") else None)

    @classmethod
    def conflicts(cls, preset: str, values: dict) -> list:
        full = {name: values.get(name, option.defaults[preset]) for name, option in OPTIONS.items()}
        if full["jungfrauen"] == "full" and full["trischaken_payout"] == "pairs":
            return [Problem("jungfrauen", "Jungfrauen \"full\" belongs to the \"loser\" payout of "
                            "Trischaken; with \"pairs\" leave it at \"share\"")]
        return []

    def to_dict(self, full: bool = False) -> dict:
        out = super().to_dict(full)
        if "doubled_radl" in out:
            out["doubled_radl"] = list(out["doubled_radl"])
        return out

    # -- what the rule set pays ------------------------------------------------

    @property
    def valat(self) -> str:
        """"multiplier" (ooe: the Valat replaces the game) or "premium" (tirol: 20, added)."""
        return VALAT[self.preset]

    @property
    def trischaken_renonce(self) -> str:
        return TRISCHAKEN_RENONCE[self.preset]

    @property
    def contracts(self) -> tuple[str, ...]:
        """The contracts this preset plays, lowest first."""
        column = PRESETS.index(self.preset)
        return tuple(c for c in CONTRACTS if TARIFF[c][column] is not None)

    @property
    def premiums(self) -> tuple[str, ...]:
        return tuple(p for p in PREMIUMS if p != "mondfang" or self.preset == "tirol")

    def value(self, contract: str) -> int:
        """The contract's value (§3)."""
        return TARIFF[contract][PRESETS.index(self.preset)]

    def premium_value(self, premium: str, announced: bool) -> int:
        """A premium's value before any solo doubling (the tirol Valat included; not the ooe Valat)."""
        table = VALAT_PREMIUM if premium == "valat" else PREMIUM_VALUES[premium]
        return table[0 if announced else 1]

    def allows(self, contract: str, premium: str) -> bool:
        """Whether the premium may be played in the contract (§4)."""
        if premium == "valat":
            return contract in POSITIVE
        if premium == "koenige":
            return contract in POSITIVE
        if premium == "koenig_ultimo":
            return contract in KING_CALLS
        return contract in TAROCK

    def describe(self) -> list[Message]:
        """What this rule set pays, in plain words, one sentence each (str() gives English)."""
        lines = [Message("Four play each deal; with five at the table the dealer sits out."),
                 Message("A positive game is won with {win} card points of 70; {short} loses.", win=Thirds(107),
                         short=Thirds(106)),
                 Message("Contracts: {contracts}.", contracts=Listing(
                     Message("{contract} {value}", contract=CONTRACT_LABELS[c], value=self.value(c))
                     for c in self.contracts))]
        if self.valat == "multiplier":
            lines.append(Message("Valat: the game value times 8 announced, times 4 silent, instead of the game."))
        else:
            lines.append(Message("Valat: 20 announced, 10 silent, added to the game."))
        if self.trischaken_payout == "loser":
            lines.append(Message("Trischaken: the player with the most card points pays; a Jungfrau is paid."))
        else:
            lines.append(Message("Trischaken: paid in pairs; every player with a trick pays each Jungfrau."))
        if self.max_kontra == 1:
            lines.append(Message("No Kontra."))
        elif self.kontra_in_schrift:
            lines.append(Message("Kontra doubles the points and the money."))
        else:
            lines.append(Message("Kontra doubles only the money, not the points."))
        if self.doubled_radl:
            lines.append(Message("A doubled Radl follows {what}.", what=Listing(
                CONTRACT_LABELS[k] for k in self.doubled_radl)))
        if self.misdeal_penalty:
            lines.append(Message("Misdeal: {value} to every other player.", value=self.misdeal_penalty))
        lines.append(Message("Stake: {stake} per point.", stake=Money(self.stake)))
        return lines
