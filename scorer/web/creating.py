"""Creating a partie from a new-partie form, the same for every game: the game's form and its check, the
rule set from the options the engine's table shows for the preset, the passcode, the errors next to their
fields, the redirect to the new board."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import games, runde_store, store
from ..db import get_db
from ..partie import name_key
from .language import sentence
from .limits import passcode_ok


def new_partie_page(game, passcode: str | None, remember):
    """The game's new-partie form: validate it, and have the game's `partie_from_form` make the Partie;
    store it and go to its board, or show the form again with every problem next to its field (422)."""
    web = game.web_part()
    runde, prefill, evening_rules = in_runde(game)
    for seat in range(5):   # names typed before switching the game (static/new.js carries them in the link)
        name, field = request.args.get(f"player{seat}", ""), f"player{seat}"
        if name and field not in prefill:   # a seat the game's form lacks: the form takes no value for it
            prefill[field] = name[:40]
    form = web.NewPartieForm(**prefill) if request.method == "GET" else web.NewPartieForm()
    status, passcode_error, runde_error = 200, None, None
    if form.validate_on_submit():
        partie, problems = web.partie_from_form(form)
        if passcode and not passcode_ok(request.form.get("passcode", "")):
            passcode_error = _("The passcode is not right: ask whoever runs this scorer.")
        if runde is not None and partie is not None and too_many_members(runde, partie.players):
            runde_error = _("A Runde has at most %(num)s members: choose members of the Runde as players.",
                            num=runde_store.MAX_MEMBERS)
        if not problems and not passcode_error and not runde_error:
            pid = store.create_partie(get_db(), partie)
            if runde is not None:   # its players are the Runde's members (new names become members)
                try:
                    runde_store.attach(get_db(), runde.id, pid, list(partie.players))
                except runde_store.TooManyMembersError:   # another phone filled the Runde a moment ago
                    flash(_("The Runde has %(num)s members already: this partie was started on its own. Move it "
                            "into the Runde with members of it as players.", num=runde_store.MAX_MEMBERS))
            remember(pid)
            return redirect(url_for("partie.board", pid=pid))
        for p in problems:
            field = getattr(form, p.field if p.field in form else "preset")
            field.errors = list(field.errors) + [sentence(p)]
        status = 422
    elif request.method == "POST":
        status = 422
    summaries = {p: game.rules.default(p).describe() for p in game.engine.PRESETS}
    shown = {name: " ".join(option.shown_in) for name, option in game.rules.OPTIONS.items()}
    # an option's values, each shown only under the presets that allow it (the engine's CHOICES_BY_PRESET); both
    # written as `data-presets` (static/new.js shows an option or a value only under its rule sets)
    choice_shown = {name: {value: " ".join(p for p, values in by_preset.items() if value in values)
                           for values in by_preset.values() for value in values}
                    for name, by_preset in game.choices_by_preset.items()}
    return render_template(f"{game.templates}/new.html", form=form, summaries=summaries, shown=shown,
                           choice_shown=choice_shown,
                           passcode=bool(passcode), passcode_error=passcode_error, runde_error=runde_error, game=game.key,
                           fewest=min(game.players),
                           games=games.offered(), runde=runde,
                           runde_rules=evening_rules), status


def too_many_members(runde, players) -> bool:
    """Whether the players' new names (not members yet) would take the Runde past its members' limit."""
    new = {name_key(p) for p in players if runde.by_name(p) is None}
    return len(runde.members) + len(new) > runde_store.MAX_MEMBERS


def in_runde(game):
    """The Runde a new partie is started in (`runde=` its id, None if absent or unknown) and the form's
    first values: the members picked (`member=` ids, in order) as the players, the rules of the Runde's last evening
    of the game (its preset before the first); and whether those rules are its last evening's."""
    rid = request.values.get("runde")
    if not rid:
        return None, {}, False
    try:
        runde = runde_store.load_runde(get_db(), rid)
    except store.NotFoundError:
        return None, {}, False
    prefill: dict = {}
    picked = [runde.member(int(m)) for m in request.args.getlist("member") if m.isdecimal() and len(m) < 12]
    for seat, member in enumerate(m for m in picked if m is not None):
        prefill[f"player{seat}"] = member.name
    last = runde_store.last_rules(get_db(), runde, game) if request.method == "GET" else None
    if last is not None:   # the Runde's evenings play on with its last evening's rules, its own tariff included
        prefill.update(game.web_part().new_form_values(last))
    elif runde.game == game.key and runde.preset in game.engine.PRESETS:
        prefill["preset"] = runde.preset
    return runde, prefill, last is not None
