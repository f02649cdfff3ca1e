"""The Tarock scorer (Strohmandeln, Bavarian Tarock, Königrufen): pure scoring engines and a Flask web app."""


def create_app(test_config=None):
    """The Flask application (imported lazily so that the engine never loads Flask)."""
    from .app import create_app as _create_app

    return _create_app(test_config)
