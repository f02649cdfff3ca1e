"""The rule sets of RULES-KOENIGRUFEN.md §9 and §14 (ooe, tirol, wien) with their options, as plain values; the
tariffs of §3, §4 and §14, and a club's own tariff based on a preset (§14.3)."""

from __future__ import annotations

import re
from functools import cached_property
from typing import ClassVar

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from ...options import Option, RuleSetForm, read_options
from ...words import Listing, Message, Money, N_, Thirds
from .problems import KoenigrufenError, Problem

PRESETS = ("ooe", "tirol", "wien")
PRESET_NAMES = {
    "ooe": N_("Upper Austrian cup (OÖ 4/2023)"),
    "tirol": N_("Tiroler Tarockcup 2020"),
    "wien": N_("Wiener Tarockcup"),
}

CONTRACT_LABELS = {
    "trischaken": N_("Trischaken"),
    "rufer": N_("Rufer"),
    "piccolo": N_("Piccolo"),
    "zwiccolo": N_("Zwiccolo"),
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

# the tariffs of §3 and §14: contract -> value, per preset (a contract the preset does not play is not listed)
TARIFFS = {
    "ooe": {"trischaken": 1, "rufer": 1, "piccolo": 2, "bettel": 2, "solorufer": 2, "besserrufer": 1,
            "farbendreier": 3, "sechserdreier": 4, "dreier": 4, "farbensolo": 6, "piccolo_ouvert": 6,
            "bettel_ouvert": 7, "solodreier": 8},
    # TTC20 (§14.2): Besserrufer 1, the bird added
    "tirol": {"trischaken": 2, "rufer": 1, "piccolo": 2, "bettel": 4, "solorufer": 2, "besserrufer": 1,
              "farbendreier": 5, "sechserdreier": 4, "dreier": 5, "farbensolo": 10, "piccolo_ouvert": 8,
              "zwiccolo_ouvert": 8, "bettel_ouvert": 8, "solodreier": 10},
    "wien": {"trischaken": 2, "rufer": 1, "piccolo": 2, "zwiccolo": 2, "bettel": 4, "solorufer": 2, "besserrufer": 1,
             "farbendreier": 5, "sechserdreier": 4, "dreier": 5, "farbensolo": 10, "piccolo_ouvert": 6,
             "zwiccolo_ouvert": 6, "bettel_ouvert": 8, "solodreier": 10},
}
MOST_VALUE = 100                  # a tariff's values are whole numbers up to this (§14.3)

KING_CALLS = ("rufer", "solorufer", "besserrufer")
NEGATIVE = ("piccolo", "zwiccolo", "bettel", "piccolo_ouvert", "zwiccolo_ouvert", "bettel_ouvert")
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
    "sack1": N_("1st Sack"),
    "sack2": N_("2nd Sack"),
    "valat": N_("Valat"),
}
PREMIUMS = tuple(PREMIUM_LABELS)
BIRDS = ("pagat", "uhu", "kakadu", "quapil")
SAECKE = {"sack1": 137, "sack2": 167}    # a side made the Sack with at least 45 2/3, 55 2/3 card points (§14.2)
HOLDINGS = ("trull", "koenige", "sack1", "sack2")   # what a side holds, not what it takes: never beside a Valat
_COMMON = {"trull": (2, 1), "koenige": (2, 1), "koenig_ultimo": (2, 1), "pagat": (2, 1), "uhu": (4, 2),
           "kakadu": (6, 3), "quapil": (8, 4)}
VALAT_PREMIUM = (20, 10)          # the Valat as a premium (tirol, wien), and what a tariff turning it into one gets
# premium -> (announced, silent) per preset; the Valat a multiplier (ooe) has no value of its own: None
PREMIUM_TARIFFS = {
    "ooe": {**_COMMON, "valat": None},
    "tirol": {**_COMMON, "mondfang": (2, 1), "sack1": (2, 1), "sack2": (2, 1), "valat": VALAT_PREMIUM},
    "wien": {**_COMMON, "valat": VALAT_PREMIUM},
}
VALAT_FACTOR = (8, 4)             # ooe: the game value times this

VALATS = ("multiplier", "premium", "wien")
PAYOUTS = ("loser", "pairs", "share")
TRISCHAKEN_RENONCES = ("vorhand_double", "flat", "flat3")
JUNGFRAUEN = ("share", "full")
# fixed by the preset, not options (§12); a tariff may change them (§14.3)
VALAT = {"ooe": "multiplier", "tirol": "premium", "wien": "wien"}
TRISCHAKEN_RENONCE = {"ooe": "vorhand_double", "tirol": "flat", "wien": "flat3"}
# a `tirol` partie stored before §14 was played under this (§14.2): read back so, written to a file so
TIROL_2019 = {"contracts": {"besserrufer": 3}, "premiums": {"sack1": None, "sack2": None}}

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


# a stake as a partie file writes it (§13, §14.4): ASCII digits, no leading zeros, at most two decimals after a point
# or a comma with digits on both sides; spaces (U+0020 only) around it
_STAKE = re.compile(r"(?:0|[1-9][0-9]*)(?:[.,][0-9]{1,2})?")


def _stake(value):
    wrong = ValueError(Message("must be an amount of whole cents above 0 and at most {high}, like {example}",
                               high=Money(MAX_STAKE), example=Money("0.10")))
    # an integer, or a decimal string with a point or a comma, spaces around it, no sign, no exponent, ASCII
    # digits only; a JSON number with a fraction is a binary fraction, not cents (§13)
    if isinstance(value, bool) or not isinstance(value, (str, int)) or len(str(value)) > 20:
        raise wrong
    if isinstance(value, str) and not _STAKE.fullmatch(value.strip(" ")):
        raise wrong
    try:
        stake = Decimal(str(value).strip(" ").replace(",", "."))
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


def _every(value) -> dict:
    return {preset: value for preset in PRESETS}


# every option exists in every preset
OPTIONS = {o.name: o for o in (
    Option("stake", PRESETS, _every(Decimal("0.10")), _stake, "money per point"),
    Option("max_kontra", PRESETS, _every(8), _max_kontra, "the highest Kontra level"),
    Option("kontra_in_schrift", PRESETS, _every(False), _flag, "Kontra counts in the points"),
    Option("doubled_radl", PRESETS, _every(()), _doubled_radl, "what starts a doubled Radl"),
    Option("misdeal_penalty", PRESETS, _every(0), _penalty, "what a misdeal costs"),
    Option("trischaken_payout", PRESETS, {"ooe": "loser", "tirol": "pairs", "wien": "share"}, _choice(*PAYOUTS),
           "who pays in a Trischaken"),
    Option("jungfrauen", PRESETS, _every("share"), _choice(*JUNGFRAUEN), "what a Jungfrau pays in a Trischaken"),
)}
OPTION_TITLES = {
    "stake": N_("the stake"),
    "max_kontra": N_("the highest Kontra"),
    "kontra_in_schrift": N_("the option for Kontra in the points"),
    "doubled_radl": N_("the doubled Radl"),
    "misdeal_penalty": N_("the misdeal penalty"),
    "trischaken_payout": N_("the Trischaken payout"),
    "jungfrauen": N_("the Jungfrauen option"),
    "valat": N_("the Valat"),
    "trischaken_renonce": N_("the Trischaken renonce"),
}
# a tariff's settings (§14.3): the two fixed by the preset, and the two options that may be given there instead
SETTINGS = {"valat": VALATS, "trischaken_payout": PAYOUTS, "trischaken_renonce": TRISCHAKEN_RENONCES,
            "jungfrauen": JUNGFRAUEN}
TARIFF_KEYS = ("contracts", "premiums", *SETTINGS)


@dataclass(frozen=True)
class Tariff:
    """What a rule set pays (§3, §4, §14): every contract played with its value, in the order of CONTRACTS; every
    premium played with its announced and silent value, in the order of PREMIUMS (the Valat as a multiplier of the
    game has none: None); how the Valat and a Trischaken renonce are scored."""

    contracts: tuple[tuple[str, int], ...]
    premiums: tuple[tuple[str, tuple[int, int] | None], ...]
    valat: str
    trischaken_renonce: str

    @cached_property
    def values(self) -> dict:
        """contract -> value (worked out once: a replay asks it every deal)."""
        return dict(self.contracts)

    @cached_property
    def premium_values(self) -> dict:
        """premium -> (announced, silent), or None for the Valat a multiplier."""
        return dict(self.premiums)

    @classmethod
    def of_preset(cls, preset: str) -> "Tariff":
        return cls(tuple((c, TARIFFS[preset][c]) for c in CONTRACTS if c in TARIFFS[preset]),
                   tuple((p, PREMIUM_TARIFFS[preset][p]) for p in PREMIUMS if p in PREMIUM_TARIFFS[preset]),
                   VALAT[preset], TRISCHAKEN_RENONCE[preset])


def _whole(value, low: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= MOST_VALUE


def _key_text(key) -> str:
    return str(key)[:40]


def read_tariff(preset: str, raw: object, options: dict, given: tuple) -> tuple[Tariff | None, dict, list]:
    """The tariff of §14.3 on top of `preset`: (the resolved Tariff, the options it sets, the problems). `options`
    are the options given beside it (a setting may be given once); `given` their names."""
    problems: list[Problem] = []
    if not isinstance(raw, dict):
        return None, {}, [Problem("tariff", "the tariff is an object of contracts, premiums and settings, like "
                                  "{example}", example='{"contracts": {"bettel": 5}}')]
    for key in raw:
        if key not in TARIFF_KEYS:
            problems.append(Problem("tariff", "the tariff has no '{key}': it has {keys}", key=_key_text(key),
                                    keys=", ".join(TARIFF_KEYS)))
    settings = {"valat": VALAT[preset], "trischaken_renonce": TRISCHAKEN_RENONCE[preset]}
    set_options = {}
    for key, allowed in SETTINGS.items():
        if key not in raw:
            continue
        value = raw[key]
        if not (isinstance(value, str) and value in allowed):
            problems.append(Problem("tariff", "tariff: {setting} must be one of {choices}, not {value}",
                                    setting=key, choices=", ".join(allowed), value=_written(value)))
        elif key in given:
            problems.append(Problem("tariff", "{setting} is given as an option and in the tariff: give it once",
                                    setting=key))
        elif key in settings:
            settings[key] = value
        else:
            set_options[key] = value
    contracts = dict(TARIFFS[preset])
    raw_contracts = raw.get("contracts", {})
    if not isinstance(raw_contracts, dict):
        problems.append(Problem("tariff", "tariff: contracts is an object of a contract and its value, like "
                                "{example}", example='{"bettel": 5, "zwiccolo": null}'))
        raw_contracts = {}
    for key, value in raw_contracts.items():
        if key not in CONTRACT_LABELS:
            problems.append(Problem("tariff", "tariff: unknown contract '{key}': the contracts are {contracts}",
                                    key=_key_text(key), contracts=", ".join(CONTRACTS)))
        elif value is None:
            contracts.pop(key, None)
        elif not _whole(value, 1):
            problems.append(Problem("tariff", "tariff: {contract} is worth a whole number from 1 to {most} (or null: "
                                    "not played), not {value}", contract=key, most=MOST_VALUE, value=_written(value)))
        else:
            contracts[key] = value
    premiums = dict(PREMIUM_TARIFFS[preset])
    if settings["valat"] != "multiplier" and premiums.get("valat", VALAT_PREMIUM) is None:
        premiums["valat"] = VALAT_PREMIUM     # a multiplier turned into a premium: 20 and 10 (§14.3)
    elif settings["valat"] == "multiplier" and "valat" in premiums:
        premiums["valat"] = None
    raw_premiums = raw.get("premiums", {})
    if not isinstance(raw_premiums, dict):
        problems.append(Problem("tariff", "tariff: premiums is an object of a premium and its values, like "
                                "{example}", example='{"mondfang": {"announced": 2, "silent": 1}}'))
        raw_premiums = {}
    for key, value in raw_premiums.items():
        if key not in PREMIUM_LABELS:
            problems.append(Problem("tariff", "tariff: unknown premium '{key}': the premiums are {premiums}",
                                    key=_key_text(key), premiums=", ".join(PREMIUMS)))
            continue
        if value is None:
            premiums.pop(key, None)
            continue
        if not isinstance(value, dict):
            problems.append(Problem("tariff", "tariff: {premium} is {example}, or null: not played", premium=key,
                                    example='{"announced": 2, "silent": 1}'))
            continue
        wrong = [k for k in value if k not in ("announced", "silent")]
        for k in wrong:
            problems.append(Problem("tariff", "tariff: {premium} has no '{key}': only announced and silent",
                                    premium=key, key=_key_text(k)))
        if key == "valat" and settings["valat"] == "multiplier":
            problems.append(Problem("tariff", "tariff: the Valat multiplies the game under these rules (valat "
                                    "\"multiplier\") and takes no value: leave its values out, or set the valat "
                                    "to \"premium\" or \"wien\""))
            continue
        if wrong:
            continue
        had = premiums.get(key)
        if had is None and not ("announced" in value and "silent" in value):
            problems.append(Problem("tariff", "tariff: the {preset} rules have no {premium}: give both its values, "
                                    "like {example}", preset=PRESET_NAMES[preset], premium=key,
                                    example='{"announced": 2, "silent": 1}'))
            continue
        announced = value.get("announced", had[0] if had else None)
        silent = value.get("silent", had[1] if had else None)
        bad = False
        if not _whole(announced, 1):
            problems.append(Problem("tariff", "tariff: {premium} announced is worth a whole number from 1 to {most}, "
                                    "not {value}", premium=key, most=MOST_VALUE, value=_written(announced)))
            bad = True
        if not _whole(silent, 0):
            problems.append(Problem("tariff", "tariff: {premium} silent is worth a whole number from 0 to {most}, "
                                    "not {value}", premium=key, most=MOST_VALUE, value=_written(silent)))
            bad = True
        if not bad and silent > announced:
            problems.append(Problem("tariff", "tariff: {premium} silent ({silent}) is worth more than announced "
                                    "({announced}): a silent premium is worth at most an announced one",
                                    premium=key, silent=silent, announced=announced))
            bad = True
        if not bad:
            premiums[key] = (announced, silent)
    if problems:
        return None, set_options, problems
    tariff = Tariff(tuple((c, contracts[c]) for c in CONTRACTS if c in contracts),
                    tuple((p, premiums[p]) for p in PREMIUMS if p in premiums),
                    settings["valat"], settings["trischaken_renonce"])
    return tariff, set_options, []


def _written(value) -> str:
    import json

    try:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _odd_trischaken(tariff: Tariff, payout: str) -> list:
    """§14.1: with the "share" payout the Trischaken value must be even, so that every share is whole."""
    value = dict(tariff.contracts).get("trischaken")
    if payout == "share" and value is not None and value % 2:
        return [Problem("trischaken_payout", "Trischaken paid as a \"share\" needs an even Trischaken value: with "
                        "{value}, two tied losers would each owe {owed}, which is not a whole number", value=value,
                        owed=f"{3 * value}/2")]
    return []


@dataclass(frozen=True, repr=False)
class RuleSet(RuleSetForm, presets=PRESETS, default="ooe", names=PRESET_NAMES, titles=OPTION_TITLES,
              error=KoenigrufenError):
    """A preset, its options and its tariff (the preset's, or a club's own based on it, §14.3). `given` remembers
    which options were set explicitly."""

    preset: str = "ooe"
    stake: Decimal = Decimal("0.10")
    max_kontra: int = 8
    kontra_in_schrift: bool = False
    doubled_radl: tuple[str, ...] = ()
    misdeal_penalty: int = 0
    trischaken_payout: str = "loser"
    jungfrauen: str = "share"
    tariff: Tariff = field(default_factory=lambda: Tariff.of_preset("ooe"))
    given: tuple[str, ...] = field(default=(), compare=False)
    OPTIONS: ClassVar[dict] = OPTIONS

    @classmethod
    def from_dict(cls, data: object) -> "RuleSet":
        """A rule set from its dict form: a preset, options and a tariff (§9, §14.3); every problem at once."""
        if isinstance(data, dict) and len(data) > 20:
            raise KoenigrufenError([Problem("rules", "the rules have at most a preset, {n} options and a tariff",
                                            n=len(OPTIONS))])
        problems = []
        if isinstance(data, dict):
            for key in ("valat", "trischaken_renonce"):   # fixed by the preset, or set in a tariff: not options
                if key in data and isinstance(data.get("preset", "ooe"), str) and data.get("preset", "ooe") in PRESETS:
                    problems.append(Problem(key, "the {preset} rules have no option '{key}': a club sets it in its "
                                            "tariff, as \"tariff\": {example}", preset=PRESET_NAMES[
                                                data.get("preset", "ooe")], key=key,
                                            example=f'{{"{key}": …}}'))
            options = {k: v for k, v in data.items() if k not in ("tariff", *(p.field for p in problems))}
        else:
            options = data
        preset, values, found = read_options(
            options, presets=cls.PRESETS, default=cls.DEFAULT_PRESET, preset_names=cls.PRESET_NAMES,
            titles=cls.OPTION_TITLES, has=cls.preset_has, parser=cls.parser, error=cls.ERROR)
        problems += found
        given = tuple(k for k in options if k != "preset")
        tariff, set_options = Tariff.of_preset(preset), {}
        if "tariff" in data:
            read, set_options, found = read_tariff(preset, data["tariff"], values, given)
            problems += found
            tariff = read or tariff
        values = {**values, **set_options}
        full = {name: values.get(name, option.defaults[preset]) for name, option in OPTIONS.items()}
        if not problems:
            if full["jungfrauen"] == "full" and full["trischaken_payout"] != "loser":
                problems.append(Problem("jungfrauen", "Jungfrauen \"full\" belongs to the \"loser\" payout of "
                                        "Trischaken; with \"{payout}\" leave it at \"share\"",
                                        payout=full["trischaken_payout"]))
            problems += _odd_trischaken(tariff, full["trischaken_payout"])
        if problems:
            raise KoenigrufenError(problems)
        return cls(preset=preset, tariff=tariff, given=given + tuple(set_options), **full)

    @classmethod
    def from_stored(cls, data: dict) -> "RuleSet":
        """A rule set this app stored: as `from_dict`, except that a `tirol` rule set stored before §14 (no tariff
        in it) keeps the tariff it was played under: Besserrufer 3, no Säcke (§14.2)."""
        if isinstance(data, dict) and data.get("preset") == "tirol" and "tariff" not in data:
            data = {**data, "tariff": TIROL_2019}
        return super().from_stored(data)

    @classmethod
    def preset_has(cls, key: str, preset: str) -> bool | None:
        """Every option is in every preset; the Valat and a Trischaken's renonce are fixed by the preset (§12), or
        set in a tariff (§14.3)."""
        return True if key in OPTIONS else (False if key in ("valat", "trischaken_renonce") else None)

    def to_dict(self, full: bool = False) -> dict:
        """The dict form: the options that were given (`full`: every option), and the tariff where it is not the
        preset's (§14.2: a `tirol` partie of 2019 names its Besserrufer 3 and no Säcke)."""
        out = super().to_dict(full)
        if "doubled_radl" in out:
            out["doubled_radl"] = list(out["doubled_radl"])
        tariff = self.tariff_dict()
        if tariff:
            out["tariff"] = tariff
        return out

    def to_stored(self) -> dict:
        """What the store keeps: every option and the whole tariff, every value (§14.3), so that the partie reads
        the same whatever its preset says later; `from_stored` takes a `tirol` rule set without one for 2019's."""
        return {**self.to_dict(full=True), "tariff": self.tariff_dict(full=True)}

    def tariff_dict(self, full: bool = False) -> dict:
        """The tariff as `rules.tariff` writes it: what differs from the preset's, or (`full`) all of it."""
        base = Tariff.of_preset(self.preset)
        mine, theirs = dict(self.tariff.contracts), dict(base.contracts)
        contracts = {c: mine.get(c) for c in CONTRACTS if full or mine.get(c) != theirs.get(c)}
        mine, theirs = dict(self.tariff.premiums), dict(base.premiums)
        premiums = {}
        for p in PREMIUMS:
            value = mine.get(p, "absent")
            if not full and value == theirs.get(p, "absent") and not (
                    p == "valat" and self.tariff.valat != base.valat):
                continue
            if value == "absent":
                premiums[p] = None
            elif value is not None:
                premiums[p] = {"announced": value[0], "silent": value[1]}
        out: dict = {}
        if contracts:
            out["contracts"] = contracts
        if premiums:
            out["premiums"] = premiums
        for key in ("valat", "trischaken_renonce"):
            if full or getattr(self.tariff, key) != getattr(base, key):
                out[key] = getattr(self.tariff, key)
        return out

    # -- what the rule set pays ------------------------------------------------

    @property
    def valat(self) -> str:
        """"multiplier" (ooe: the Valat replaces the game), "premium" (tirol: 20, added) or "wien" (§14.1)."""
        return self.tariff.valat

    @property
    def trischaken_renonce(self) -> str:
        """"vorhand_double" (2u, twice that from the Vorhand), "flat" (2u) or "flat3" (3u) to each other player."""
        return self.tariff.trischaken_renonce

    @cached_property
    def contracts(self) -> tuple[str, ...]:
        """The contracts this rule set plays, lowest first."""
        return tuple(c for c, _ in self.tariff.contracts)

    @cached_property
    def premiums(self) -> tuple[str, ...]:
        """The premiums this rule set plays."""
        return tuple(p for p, _ in self.tariff.premiums)

    @cached_property
    def saecke(self) -> tuple[str, ...]:
        """The Säcke this rule set plays (§14.2)."""
        return tuple(p for p in self.premiums if p in SAECKE)

    def value(self, contract: str) -> int:
        """The contract's value (§3, §14)."""
        return self.tariff.values[contract]

    def lost_value(self, contract: str) -> int:
        """What the contract is worth lost: a lost Sechserdreier counts double (§3), every other as won."""
        return 2 * self.value(contract) if contract == "sechserdreier" else self.value(contract)

    def premium_value(self, premium: str, announced: bool) -> int:
        """A premium's value before any solo doubling (the Valat as a premium included; not the ooe Valat)."""
        return self.tariff.premium_values[premium][0 if announced else 1]

    def allows(self, contract: str, premium: str) -> bool:
        """Whether the premium may be played in the contract (§4, §14.2)."""
        if premium in ("valat", "koenige", "sack1", "sack2"):
            return contract in POSITIVE
        if premium == "koenig_ultimo":
            return contract in KING_CALLS
        return contract in TAROCK

    @property
    def title(self):
        """The rule set's name: its preset's, or the club's own tariff based on it."""
        if not self.tariff_dict():
            return PRESET_NAMES[self.preset]
        if self.preset == "tirol" and self.tariff_dict() == TIROL_2019:
            return N_("Tiroler Tarockcup (Mair 2019)")
        return Message("Own tariff based on {preset}", preset=PRESET_NAMES[self.preset])

    def describe(self) -> list[Message]:
        """What this rule set pays, in plain words, one sentence each (str() gives English)."""
        lines = [Message("Four play each deal; with five at the table the dealer sits out."),
                 Message("A positive game is won with {win} card points of 70; {short} loses.", win=Thirds(107),
                         short=Thirds(106))]
        if self.tariff_dict():
            lines.append(Message("A tariff of its own, based on {preset}.", preset=PRESET_NAMES[self.preset]))
        elif self.preset == "wien":
            lines.append(Message("Also the tariff of the Steirischer and the Kärntner Tarockcup."))
        lines.append(Message("Contracts: {contracts}.", contracts=Listing(
            Message("{contract} {value}", contract=CONTRACT_LABELS[c], value=self.value(c)) for c in self.contracts)))
        if "sechserdreier" in self.contracts:
            lines.append(Message("A lost Sechserdreier counts double."))
        premiums = [p for p in self.premiums if p != "valat"]
        if premiums:
            lines.append(Message("Premiums, announced/silent: {premiums}.", premiums=Listing(
                Message("{premium} {announced}/{silent}", premium=PREMIUM_LABELS[p],
                        announced=self.premium_value(p, True), silent=self.premium_value(p, False))
                for p in premiums)))
        if any(self.premium_value(p, False) == 0 for p in premiums):
            lines.append(Message("A premium worth 0 silent counts only announced."))
        if "sack1" in self.premiums or "sack2" in self.premiums:
            lines.append(Message("1st Sack: a side with {first} card points; 2nd Sack: {second}.", first=Thirds(137),
                                 second=Thirds(167)))
        if "valat" not in self.premiums:
            lines.append(Message("No Valat."))
        elif self.valat == "multiplier":
            lines.append(Message("Valat: the game value times 8 announced, times 4 silent, instead of the game."))
        else:
            lines.append(Message("Valat: {announced} announced, {silent} silent, added to the game.",
                                 announced=self.premium_value("valat", True),
                                 silent=self.premium_value("valat", False)))
            if self.valat == "wien":
                lines.append(Message("Beside a Valat made the silent Trull and Kings do not count; a silent Valat "
                                     "voids the Kontra on the game; with a Valat announced, Trull and Kings cannot "
                                     "be announced."))
            else:
                lines.append(Message("Beside a Valat made Trull, Kings and Säcke do not count."))
        if "trischaken" in self.contracts:
            if self.trischaken_payout == "loser":
                lines.append(Message("Trischaken: the player with the most card points pays; a Jungfrau is paid."))
            elif self.trischaken_payout == "share":
                lines.append(Message("Trischaken: the players with the most card points share what they pay, 3 "
                                     "times the value (the Vorhand among them pays alone, twice that); the "
                                     "Jungfrauen, or else the others, share what is paid."))
            else:
                lines.append(Message("Trischaken: paid in pairs; every player with a trick pays each Jungfrau."))
            renonce = {"vorhand_double": Message("Trischaken renonce: twice the value to each other player, twice "
                                                 "that from the Vorhand."),
                       "flat": Message("Trischaken renonce: twice the value to each other player."),
                       "flat3": Message("Trischaken renonce: 3 times the value to each other player.")}
            lines.append(renonce[self.trischaken_renonce])
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
