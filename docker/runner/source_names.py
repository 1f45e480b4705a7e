"""What the runner learns from the candidate's source without compiling or running it: the
names its module binds, and which of them are imports of trusted stdlib modules.

Both only decide what a *test's* names mean (split_tests.py): a name the candidate imports from
a trusted module (`from collections import Counter`, `import math`) is the real object on the
trusted side whatever the candidate later does to it, and a builtin or imported name can stand
for the candidate only if the candidate binds it. Bindings the source does not show
(`globals()["x"] = ...`) never reach the trusted side either.
"""

import ast
import builtins
import functools
import importlib
import re

# Stdlib modules whose real objects tests may use on the trusted side.
TRUSTED_MODULES = frozenset(
    "math cmath fractions decimal collections itertools functools operator string re datetime "
    "heapq bisect statistics copy textwrap unicodedata".split()
)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_COMPOUND = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try, ast.TryStar, ast.Match)
BUILTIN_NAMES = frozenset(dir(builtins))


class SourceNames:
    __slots__ = ("binds", "imports")

    def __init__(self, binds, imports):
        self.binds = binds  # frozenset: every name the module binds at its top level
        self.imports = imports  # {name: (module, attribute or None)} for trusted imports


NOTHING = SourceNames(frozenset(), {})  # a source that imports none of the names in question


@functools.lru_cache(maxsize=512)
def analyze(code):
    """SourceNames of `code`. Source that does not parse binds every word in it and imports
    nothing (it fails to load anyway, and then no test reaches the trusted side)."""
    try:
        tree = ast.parse(code, "<candidate>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return SourceNames(frozenset(_WORD.findall(code)), {})
    binds, imports = set(), {}
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            _imported(node, binds, imports)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            binds.add(node.name)
        elif isinstance(node, _COMPOUND):
            binds.update(_bound_by_header(node))
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                for child in getattr(node, field, ()):
                    if isinstance(child, (ast.ExceptHandler, ast.match_case)):
                        if getattr(child, "name", None):
                            binds.add(child.name)
                        pending.extend(child.body)
                    else:
                        pending.append(child)
        else:
            binds.update(_stored(node))
    # `global x` inside a function binds x at module level when the function runs.
    for g in ast.walk(tree):
        if isinstance(g, ast.Global):
            binds.update(g.names)
    return SourceNames(frozenset(binds), imports)


def _imported(node, binds, imports):
    if isinstance(node, ast.Import):
        for alias in node.names:
            name = alias.asname or alias.name.split(".")[0]
            binds.add(name)
            target = alias.name if alias.asname else alias.name.split(".")[0]
            if target.split(".")[0] in TRUSTED_MODULES:
                imports[name] = (target, None)
        return
    module = node.module or ""
    trusted = not node.level and module.split(".")[0] in TRUSTED_MODULES
    for alias in node.names:
        if alias.name == "*":
            for name in star_names(module) if trusted else ():
                binds.add(name)
                imports[name] = (module, name)
            continue
        name = alias.asname or alias.name
        binds.add(name)
        if trusted:
            imports[name] = (module, alias.name)


@functools.lru_cache(maxsize=64)
def star_names(module):
    """The names `from module import *` binds (a trusted module, so importing it is safe)."""
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return ()
    public = getattr(mod, "__all__", None)
    return tuple(public if public is not None else (n for n in vars(mod) if not n.startswith("_")))


def _bound_by_header(node):
    """Names a compound statement's own header binds (for targets, with-as, match captures)."""
    names = set()
    for t in [getattr(node, "target", None)] + [i.optional_vars for i in getattr(node, "items", ())]:
        if t is not None:
            names.update(_stored(t))
    if isinstance(node, ast.Match):
        for case in node.cases:
            names.update(_stored(case.pattern))
    return names


def _stored(node):
    names = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            names.add(n.id)
        elif isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
            names.add(n.name)
        elif isinstance(n, ast.MatchMapping) and n.rest:
            names.add(n.rest)
    return names
