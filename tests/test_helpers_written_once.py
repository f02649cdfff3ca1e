"""A helper of the tests is written once (tests/helpers.py, tests/live.py, a test module's own) and imported where
it is needed: no two test modules hold the same helper, so a fix to one cannot miss its copy. Two helpers of the same
code over their own module's data (each game's `NEW` form, each file's `EXAMPLE`) are two helpers, not a copy."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def module_data(tree: ast.Module) -> set[str]:
    """The names a module assigns at its top level (its constants and data, not its imports or functions)."""
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


def helpers():
    """Each test module's top-level helpers (not tests, not fixtures' names alone): (its code without the
    docstring, where, whether it reads its own module's data)."""
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text())
        data = module_data(tree)
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef) or node.name.startswith("test_"):
                continue
            body = node.body[1:] if node.body and isinstance(node.body[0], ast.Expr) and isinstance(
                node.body[0].value, ast.Constant) else node.body
            code = ast.dump(ast.Module(body=[ast.FunctionDef(name="_", args=node.args, body=body, decorator_list=[],
                                                             returns=None, type_params=[])], type_ignores=[]))
            reads = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
            yield code, f"{path.relative_to(TESTS)}:{node.lineno} {node.name}", bool(reads & data)


def test_no_helper_is_copied_into_two_test_modules():
    seen: dict = {}
    for code, where, own_data in helpers():
        if not own_data:
            seen.setdefault(code, []).append(where)
    copies = [places for places in seen.values() if len(places) > 1]
    assert not copies, "helpers copied instead of shared (put one in tests/helpers.py): " + "; ".join(
        ", ".join(places) for places in copies)
