"""A game is one folder: no game imports another game, the Tarock basics (the pack, card points in thirds) have
one home (scorer/tarock/cards.py), and the shared code, pages and static files name no game, rule set or contract."""

import ast
import re
from pathlib import Path

from scorer import games

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "scorer" / "games"
FOLDERS = sorted(p.name for p in GAMES.iterdir() if p.is_dir() and (p / "game.py").exists())


def imported(path: Path) -> set[str]:
    """The modules a Python file imports, resolved to dotted names."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(ROOT).parts[:-1])
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                names.add(".".join(base + ([node.module] if node.module else [])))
            else:
                names.add(node.module)
    return names


def test_no_game_imports_another_game():
    assert set(FOLDERS) >= {"strohmandeln", "haferl", "koenigrufen"}
    for game in FOLDERS:
        for path in (GAMES / game).rglob("*.py"):
            others = {m for m in imported(path) for other in FOLDERS
                      if other != game and (m == f"scorer.games.{other}" or m.startswith(f"scorer.games.{other}."))}
            assert not others, (path.relative_to(ROOT), others)


def test_the_54_card_pack_has_one_home():
    from scorer.tarock.cards import PACK_54
    assert PACK_54.total_thirds == 210   # 70 card points, in thirds
    homes = [p for p in (ROOT / "scorer").rglob("*.py") if re.search(r"^PACK_54 = ", p.read_text("utf-8"), re.M)]
    assert homes == [ROOT / "scorer" / "tarock" / "cards.py"]


def names_of_games() -> re.Pattern:
    words = set(FOLDERS) | {g.key for g in games.registered()}
    for game in games.registered():
        words |= set(game.engine.PRESETS)
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")\b")


def test_shared_static_files_and_pages_name_no_game_and_no_rule_set():
    pattern = names_of_games()
    shared = list((ROOT / "static").glob("*.js")) + list((ROOT / "static").glob("*.css")) \
        + list((ROOT / "templates").rglob("*.html"))
    for path in shared:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            code = re.sub(r"//.*|/\*.*?\*/|\{#.*?#\}", "", line)   # a comment may give an example
            found = pattern.search(code)
            assert not found, f"{path.relative_to(ROOT)}:{number}: {found.group(0)}"


def docstrings(tree) -> set[int]:
    """The ids of the docstring constants of a module, its classes and functions (they may give examples)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def test_shared_python_and_its_pages_name_no_game_and_no_rule_set():
    """Outside scorer/games/, no string in the code names a game or a rule set (comments and docstrings may give an
    example); the pages of shared parts (the tournament's) neither: a game's words come through the seam."""
    words = {str(g.name) for g in games.registered()}
    pattern = re.compile(names_of_games().pattern[:-3] + "|" + "|".join(map(re.escape, sorted(words))) + r")\b")
    shared = [p for p in (ROOT / "scorer").rglob("*.py") if GAMES not in p.parents]
    for path in shared:
        tree = ast.parse(path.read_text("utf-8"))
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                found = pattern.search(node.value)
                assert not found, f"{path.relative_to(ROOT)}:{node.lineno}: {found.group(0)} in {node.value[:60]!r}"
    pages = [p for p in (ROOT / "scorer").rglob("*.html") if GAMES not in p.parents]
    for path in pages:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            code = re.sub(r"\{#.*?#\}", "", line)
            found = pattern.search(code)
            assert not found, f"{path.relative_to(ROOT)}:{number}: {found.group(0)}"
