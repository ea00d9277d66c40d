"""Helpers for the tests that hold a game's hand-written state code to its one field list.

A state class whose ``clone()`` is written out by hand for speed (Mantis Falls, Creepy
Falls) declares its fields once; these read the class's source to find which
attributes its annotations and each branch of ``__init__`` set.
"""

from __future__ import annotations

import ast
from pathlib import Path


def state_class(source: Path, name: str) -> ast.ClassDef:
    """The class ``name`` in the module at ``source``."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)


def annotated(cls: ast.ClassDef) -> list[str]:
    """The attributes the class body annotates."""
    return [
        n.target.id
        for n in cls.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    ]


def assigned(nodes: list[ast.stmt]) -> set[str]:
    """The attributes of ``self`` the statements assign."""
    found = set()
    for node in nodes:
        for sub in ast.walk(node):
            targets = sub.targets if isinstance(sub, ast.Assign) else []
            if isinstance(sub, ast.AnnAssign):
                targets = [sub.target]
            for t in targets:
                if (
                    isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "self"
                ):
                    found.add(t.attr)
    return found


def init_branches(cls: ast.ClassDef) -> tuple[set[str], set[str]]:
    """(fields set when copying, fields set for a fresh state) by ``__init__``, whose
    ``if copy_of ...:`` branch is the copy clone() makes."""
    init = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    copy_branch = next(
        n for n in init.body if isinstance(n, ast.If) and "copy_of" in ast.unparse(n.test)
    )
    index = init.body.index(copy_branch)
    before, after = init.body[:index], init.body[index + 1 :]
    common = assigned(before)
    return common | assigned(copy_branch.body), common | assigned(after)
