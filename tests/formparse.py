"""A page's deal form as a browser without script would send it: hidden and text fields, the checked radios and
boxes, each select's chosen option (the first when none is marked). Used to press a button of a page the server
answered (the 409's "Record mine as deal N too") exactly as a player would."""

from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self, form_id):
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self.select = None   # [name, chosen, first]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == self.form_id
            return
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("submit", "button", "file"):
                return
            if kind in ("radio", "checkbox") and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select" and a.get("name"):
            self.select = [a["name"], None, None]
        elif tag == "option" and self.select is not None:
            if self.select[2] is None:
                self.select[2] = a.get("value", "")
            if "selected" in a:
                self.select[1] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select is not None:
            name, chosen, first = self.select
            self.fields.append((name, chosen if chosen is not None else (first or "")))
            self.select = None


def form_fields(html: str, form_id: str = "deal-form") -> list[tuple[str, str]]:
    parser = _Form(form_id)
    parser.feed(html)
    return parser.fields


def press(client, url: str, html: str, action: str, **changes):
    """Send the page's form with the button `action` pressed (and `changes` made first)."""
    fields = [(k, v) for k, v in form_fields(html) if k not in changes and k != "action"]
    fields += [(k, v) for k, v in changes.items()] + [("action", action)]
    data: dict[str, list[str]] = {}
    for k, v in fields:
        data.setdefault(k, []).append(v)
    return client.post(url, data=data)
