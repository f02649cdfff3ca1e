"""Words for people, kept translatable: messages with their arguments, terms, plurals.

The engines are pure and speak English by default.  A message keeps its template and its
arguments apart; `render(message, translator)` puts them together in any language.  The web
app passes a translator backed by its catalogs; the command line uses `ENGLISH`.

Argument types that are localized when rendered:
- `Message` / `Plural`: rendered recursively (a reason inside a message);
- `Term`: a word of the game (a bonus, a preset, a deal type), translated;
- `Words`: several terms joined by "and";
- `Alternatives`: names in quotes joined by "or"; `Either`: numbers or terms joined by "or", no quotes;
- `Thirds`: card points in thirds ("35 2/3", in German "35 ⅔");
- `Money`: an amount in euros;
- `int`: a number in the locale's digits.

Source strings are found by the catalog extractor through the keywords `N_`, `Message`,
`Plural:1,2`, `Problem:2` and `Option:5` (see `babel.cfg`).
"""

from __future__ import annotations

from decimal import Decimal

from .amounts import card_points_text, money_text


class Term(str):
    """A word of the game that is translated where it is shown (it is a plain str otherwise)."""

    __slots__ = ()

    def localized(self, tr) -> str:
        return tr.gettext(str(self))


def N_(text: str) -> Term:
    """Mark a word for translation; it is translated when shown."""
    return Term(text)


class Words(tuple):
    """Terms joined by "and" ("Trull and Pagat")."""

    def __format__(self, spec: str) -> str:
        return " and ".join(str(w) for w in self)

    def __str__(self) -> str:
        return format(self)

    def localized(self, tr) -> str:
        return tr.gettext(" and ").join(localize(w, tr) for w in self)


class Either(tuple):
    """Numbers or terms, the last after "or", without quotes ("4 or 5")."""

    def __format__(self, spec: str) -> str:
        return self.localized(ENGLISH)

    def __str__(self) -> str:
        return format(self)

    def items(self, tr) -> list[str]:
        return [localize(w, tr) for w in self]

    def localized(self, tr) -> str:
        items = self.items(tr)
        if len(items) < 2:
            return "".join(items)
        return ", ".join(items[:-1]) + tr.gettext(" or ") + items[-1]


class Alternatives(Either):
    """Names in quotes, the last after "or" ("a", "b" or "c")."""

    def items(self, tr) -> list[str]:
        return [tr.gettext("\"{name}\"").format(name=name) for name in self]


class Listing(tuple):
    """Items listed with commas ("Pagat 1, Uhu 1")."""

    def __format__(self, spec: str) -> str:
        return ", ".join(str(w) for w in self)

    def __str__(self) -> str:
        return format(self)

    def localized(self, tr) -> str:
        return ", ".join(localize(w, tr) for w in self)


class Thirds(int):
    """Card points in thirds of a point: shown as 35 2/3."""

    def __format__(self, spec: str) -> str:
        return ENGLISH.thirds(int(self))

    def __str__(self) -> str:
        return format(self)

    def localized(self, tr) -> str:
        return tr.thirds(int(self))


class Money(Decimal):
    """An amount of money in euros: shown as 0.10 €."""

    def __format__(self, spec: str) -> str:
        return ENGLISH.money(Decimal(self))

    def __str__(self) -> str:
        return format(self)

    def localized(self, tr) -> str:
        return tr.money(Decimal(self))


class Message:
    """A sentence with named arguments: Message("Stake: {stake} per game point.", stake=...)."""

    __slots__ = ("text", "args")

    def __init__(self, text: str, **args):
        self.text = text
        self.args = args

    def template(self, tr) -> str:
        return tr.gettext(self.text)

    def localized(self, tr) -> str:
        return render(self, tr)

    def __str__(self) -> str:
        return render(self, ENGLISH)

    def __repr__(self) -> str:
        return f"Message({self.text!r}, **{self.args!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Message) and (self.text, self.args) == (other.text, other.args)

    def __hash__(self) -> int:
        return hash(self.text)


class Plural(Message):
    """A sentence whose wording depends on the number `n`: Plural("{n} credit", "{n} credits", n=3)."""

    __slots__ = ("plural",)

    def __init__(self, singular: str, plural: str, **args):
        super().__init__(singular, **args)
        self.plural = plural

    def template(self, tr) -> str:
        return tr.ngettext(self.text, self.plural, int(self.args["n"]))


def localize(value, tr) -> str:
    """One argument, in the translator's language."""
    if hasattr(value, "localized"):
        return value.localized(tr)
    if isinstance(value, int) and not isinstance(value, bool):
        return tr.number(value)
    return str(value)


def render(message: Message, tr=None) -> str:
    """The message in the translator's language (English without one)."""
    tr = tr or ENGLISH
    args = {k: localize(v, tr) for k, v in message.args.items()}
    return message.template(tr).format(**args)


class English:
    """The engines' own language: the source strings as they are."""

    language = "en"

    def gettext(self, text: str) -> str:
        return text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def number(self, n: int) -> str:
        return str(n)

    def thirds(self, thirds: int) -> str:
        return card_points_text(thirds)

    def money(self, amount: Decimal) -> str:
        return money_text(amount) + " €"


ENGLISH = English()


def to_data(value):
    """A label or argument as plain JSON data (its message ids and arguments, not a rendering), read back by
    `from_data` as an equal value: kept in the database, translated when shown."""
    if isinstance(value, Plural):
        return {"plural": [value.text, value.plural], "args": {k: to_data(v) for k, v in value.args.items()}}
    if isinstance(value, Message):
        return {"message": value.text, "args": {k: to_data(v) for k, v in value.args.items()}}
    if isinstance(value, Term):
        return {"term": str(value)}
    if isinstance(value, Money):
        return {"money": str(Decimal(value))}
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    if value is None or type(value) in (str, int, bool):
        return value
    raise TypeError(f"not kept as data: {value!r}")


def from_data(data):
    """The value `to_data` wrote."""
    if not isinstance(data, dict):
        return data
    if "plural" in data or "message" in data:   # (the classes by another name: no source strings here)
        sentence = _sentence_classes[0 if "plural" in data else 1]
        texts = data["plural"] if "plural" in data else [data["message"]]
        return sentence(*texts, **{k: from_data(v) for k, v in data["args"].items()})
    if "term" in data:
        return Term(data["term"])
    if "money" in data:
        return Money(data["money"])
    return Decimal(data["decimal"])


_sentence_classes = (Plural, Message)
