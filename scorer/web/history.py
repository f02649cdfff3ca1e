"""The history page's words: what changed, and each game's deal before and after, in the page's language."""

from __future__ import annotations

import re
import secrets
from functools import lru_cache

from flask import request, session
from flask_babel import gettext as _, ngettext

from ..games import game_of
from .owned import owner_web

DEVICE = re.compile(r"[0-9a-f]{6}")


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

def editor(pid: str) -> str | None:
    """Who this request changes the partie as (`Guard.by`, a key of BY): None for the table itself; a partie's owner
    may say otherwise (`OwnerWeb.editor`: a tournament's organiser correcting a table)."""
    return owner_web(pid).editor(pid)


def device() -> dict:
    """This phone (browser) as the history keeps it with a change of a partie's deals: a short id of its own, kept in
    its session, and its user agent (read into words only when shown: `phone_words`)."""
    mine = session.get("device")
    if not isinstance(mine, str) or not DEVICE.fullmatch(mine):
        mine = session["device"] = secrets.token_hex(3)
    return {"device": mine, "agent": (request.user_agent.string or "")[:300]}


@lru_cache(maxsize=256)
def phone_words(agent: str) -> str:
    """A user agent in a few words: "Pixel 7 · Chrome Mobile 120 · Android 14" (ua-parser)."""
    from ua_parser import parse

    found = parse(agent or "")
    parts = []
    if found.device and found.device.family not in ("Other", "Generic Smartphone", "K"):
        parts.append(found.device.family)
    if found.user_agent and found.user_agent.family != "Other":
        parts.append(" ".join(x for x in (found.user_agent.family, found.user_agent.major) if x))
    if found.os and found.os.family != "Other":
        parts.append(" ".join(x for x in (found.os.family, found.os.major) if x))
    return " · ".join(parts)


def history_rows(rows, partie, devices: bool = False) -> list[dict]:
    """The partie's change log in words: what changed, and the deal before and after; with `devices` (shown to a
    tournament's organiser), which phone made each change."""
    words = game_of(partie).web_part().history_facts
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
            if devices and isinstance(detail.get("device"), str):
                said = phone_words(str(detail.get("agent") or "")[:300])
                # "phone: 3FA9C1 (Pixel 7 · Chrome Mobile 120)": the line's label says it is a phone, once
                lines.append((_("phone"), detail["device"].upper() + (f" ({said})" if said else "")))
        out.append({"id": row["id"], "at": row["at"], "what": what, "lines": lines,
                    "restorable": row["action"] == "deleted" and row["id"] not in restored
                    and isinstance(detail, dict) and "before" in detail})
    return out


