"""Strohmandeln as the registry knows it (`scorer.games`): everything this game brings, in one class."""

from ...tarock import TarockGame
from ...words import N_
from .. import strohmandeln
from . import file, rules, samples, tables
from .problems import StrohmandelnError


class Strohmandeln(TarockGame):
    key = "strohmandeln"
    name = N_("Strohmandeln")
    players = (2,)
    engine = strohmandeln
    file = file
    tables = tables
    error = StrohmandelnError
    choice = N_("Strohmandeln (2 players)")
    web = "scorer.games.strohmandeln.web"
    templates = "strohmandeln"
    choices_by_preset = rules.CHOICES_BY_PRESET

    def sample_partie(self, deals: int = 1, seed: int = 7):
        return samples.sample_partie(deals, seed)

    def runde_points(self, settlement):
        return tables.runde_points(settlement)

    def asks(self, form, partie, before):
        return self.web_module().asks(form, partie, before)

    def keep_persons(self, form):
        self.web_module().keep_persons(form)

    def balance_line(self, settlement):
        return self.web_module().balance_line(settlement)

    def home_links(self):
        return self.web_module().HOME_LINKS

    def count_cards(self, rules, args):
        return self.web_module().count(rules, args)

    def calculator(self, rules):
        return self.web_module().calculator(rules)

    def calculator_uses(self, sp, result):
        return self.web_module().calculator_uses(sp, result)

    def standalone_rules(self, args):
        return self.web_module().standalone_rules(args)


GAME = Strohmandeln()
