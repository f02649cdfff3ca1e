"""The history page's words: what changed, and each game's deal before and after, in the page's language."""

from __future__ import annotations

from flask_babel import gettext as _, ngettext

from ..games import game_of


ACTIONS = {
    "created": lambda n: _("Partie started"),
    "imported": lambda n: _("Partie imported from a file"),
    "recorded": lambda n: _("Deal %(num)s recorded", num=n),
    "edited": lambda n: _("Deal %(num)s edited", num=n),
    "deleted": lambda n: _("Deal %(num)s deleted", num=n),
    "undone": lambda n: _("Deal %(num)s undone", num=n),   # a "deleted" the board's Undo made: the board's word
    "restored": lambda n: _("Deal %(num)s restored", num=n),
    "ended": lambda n: _("Partie ended"),
    "reopened": lambda n: _("Partie reopened"),
    "at_the_end": lambda n: _("Choice for the end of the evening changed"),
    "renamed": lambda n: _("Player renamed (in the Runde)"),
}


# a change made by someone other than the table (the store's `Guard.by`): the history says who
BY = {
    "organiser": {
        "recorded": lambda n: _("Deal %(num)s recorded by the organiser", num=n),
        "edited": lambda n: _("Deal %(num)s corrected by the organiser", num=n),
        "deleted": lambda n: _("Deal %(num)s deleted by the organiser", num=n),
        "restored": lambda n: _("Deal %(num)s restored by the organiser", num=n),
    },
}

# who is changing a partie's deals, when not its table: functions of the partie's id giving a key of BY or None (a
# tournament's organiser correcting a table: scorer/tournament/web.py)
editors: list = []


def editor(pid: str) -> str | None:
    """Who this request changes the partie as (`Guard.by`): None for the table itself."""
    for who in editors:
        found = who(pid)
        if found:
            return found
    return None


def history_rows(rows, partie) -> list[dict]:
    """The partie's change log in words: what changed, and the deal before and after."""
    words = game_of(partie).web_module().history_facts
    restored = {row["detail"].get("entry") for row in rows
                if row["action"] == "restored" and isinstance(row["detail"], dict)}
    out = []
    for row in rows:
        detail = row["detail"] or {}
        action = ACTIONS.get(row["action"])
        if row["action"] == "deleted" and isinstance(detail, dict) and detail.get("undo"):
            action = ACTIONS["undone"]
        if isinstance(detail, dict) and row["action"] in BY.get(detail.get("by"), {}):
            action = BY[detail["by"]][row["action"]]
        what = action(row["number"]) if action else row["action"]
        lines = []
        if isinstance(detail, dict):
            if "before" in detail:
                lines.append((_("before"), words(detail["before"], partie)))
            if "after" in detail:
                lines.append((_("entered") if row["action"] == "recorded" else _("after"), words(detail["after"], partie)))
            if "from" in detail and "to" in detail:
                lines.append((_("name"), f"{detail['from']} → {detail['to']}"))
            if isinstance(detail.get("deals"), int):
                lines.append((_("deals"), ngettext("%(num)d deal", "%(num)d deals", detail["deals"])))
        out.append({"id": row["id"], "at": row["at"], "what": what, "lines": lines,
                    "restorable": row["action"] == "deleted" and row["id"] not in restored
                    and isinstance(detail, dict) and "before" in detail})
    return out


