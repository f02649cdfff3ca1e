"""pyproject.toml allows no version of a dependency that lacks what the code uses: an install that takes the oldest
version allowed still starts (sqlite-utils's `Migrations`, which scorer/db.py builds the schema with, came with 4.0:
`>=3.36` let pip keep a 3.x that cannot even import the app)."""

import ast
import re
import tomllib

from .helpers import ROOT

# what the code takes from a dependency, and the first version that has it
FIRST_WITH = {"sqlite-utils": {"sqlite_utils.Migrations": (4, 0)}}


def declared() -> dict:
    """Each dependency's lowest allowed version, from pyproject.toml (`name>=x.y`)."""
    out = {}
    for line in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]:
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*>=\s*([0-9.]+)", line.split(";")[0].strip())
        assert found, f"{line}: a lowest version, as every dependency has one"
        out[found.group(1).lower()] = tuple(int(p) for p in found.group(2).split("."))
    return out


def imported_from(module: str) -> set[str]:
    """What the package imports from `module` by name."""
    names = set()
    for path in (ROOT / "scorer").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == module:
                names |= {f"{module}.{a.name}" for a in node.names}
    return names


def test_the_lowest_version_allowed_has_what_the_code_uses():
    lowest = declared()
    for dependency, needs in FIRST_WITH.items():
        used = imported_from(dependency.replace("-", "_"))
        for name, version in needs.items():
            if name in used:
                assert lowest[dependency] >= version, (
                    f"{dependency}>={'.'.join(map(str, lowest[dependency]))} allows versions without {name} "
                    f"(first in {'.'.join(map(str, version))})")
    assert "sqlite_utils.Migrations" in imported_from("sqlite_utils")   # the check above looked at something
