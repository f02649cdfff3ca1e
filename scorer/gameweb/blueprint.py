"""A game's blueprint: what joins a game's pages and static files to the app (scorer/web/assets.py serves them)."""

from __future__ import annotations

from flask import Blueprint, current_app


class GameBlueprint(Blueprint):
    """A game's blueprint: its pages (`templates/<game>/` in its folder) and its static files (`static/` in its
    folder, at `/static/<game>/`), answered as the shared static files are (hashed names kept a year,
    compressed once)."""

    def __init__(self, name: str, import_name: str, folder: str = "."):
        super().__init__(name, import_name, template_folder=f"{folder}/templates", static_folder=f"{folder}/static",
                         static_url_path=f"/static/{name}")

    def send_static_file(self, filename: str):
        return current_app.extensions["scorer_static"][f"{self.name}.static"].response(filename)
