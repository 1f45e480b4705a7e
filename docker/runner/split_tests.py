"""Splits a test into what the candidate must compute and what the trusted runner checks.

`assert lowest_set_bit(12) == 4` becomes one *hole*, `lowest_set_bit(12)`, which the child
evaluates in the candidate's namespace and returns as plain data, and a trusted program,
`assert __eb_eq__(__eb_hole__(0), 4)`, which the runner evaluates with that value. Expected
values stay in the trusted program; the child only ever sees the holes.

A name in a test belongs to the candidate unless it is bound by the test, is a trusted stdlib
module, or is a builtin. A builtin name is the candidate's only when the candidate rebinds it
and every test of the suite calls it: the function under test is named like a builtin (a
suite of `pow(...)` tests against a candidate defining `pow`). A candidate that merely rebinds
`len` or `ValueError` cannot change what `len(f(x)) == 3` or `pytest.raises(ValueError)`
mean. To learn what it rebinds, the runner parses the candidate's source (it never compiles
or runs it); source that does not parse counts as rebinding every builtin name in it. A test is run the old way (inline, in the child, marked as such) when:
it has no hole; a hole uses a name the test binds (`xs = [3, 1]; sort_in_place(xs)`); a
candidate name's attribute is used (`os.getpid()`); it uses eval/exec/open-like builtins;
or it has statements other than assert / expression / assignment / import of trusted modules /
`with pytest.raises(<builtin exception>)`.
"""

import ast
import builtins
import functools
import re

HOLE = "__eb_hole__"
EQ = "__eb_eq__"
NE = "__eb_ne__"
IN = "__eb_in__"
NOT_IN = "__eb_not_in__"
RAISES = "__eb_raises__"

TRUSTED_MODULES = frozenset(
    "math cmath fractions decimal collections itertools functools operator string re datetime "
    "heapq bisect statistics copy textwrap unicodedata".split()
)
# Builtins that would let a test run code the candidate supplies, or touch the runner's streams.
FORBIDDEN = frozenset(
    "eval exec compile open __import__ input breakpoint globals locals vars help exit quit "
    "print memoryview setattr delattr __build_class__ __loader__ __spec__".split()
)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Plan:
    __slots__ = ("split", "holes", "code", "reason")

    def __init__(self, split, holes=(), code=None, reason=""):
        self.split = split
        self.holes = holes  # source text of each hole, in evaluation order
        self.code = code  # trusted code object (split plans)
        self.reason = reason  # why the test runs inline


class Unsplittable(Exception):
    pass


_BUILTIN_NAMES = frozenset(dir(builtins))
_COMPOUND = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try, ast.TryStar, ast.Match)


@functools.lru_cache(maxsize=1024)
def candidate_names(code):
    """The builtin names the candidate rebinds at module level (the namespace a test looks
    names up in). Conservative when the source does not parse: every builtin it mentions."""
    words = _BUILTIN_NAMES.intersection(_WORD.findall(code))
    if not words:
        return frozenset()
    try:
        tree = ast.parse(code, "<candidate>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return frozenset(words)
    bound = set()
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
            continue
        if isinstance(node, _COMPOUND):
            bound.update(_bound_names_shallow(node))
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                for child in getattr(node, field, ()):
                    pending.extend(getattr(child, "body", ()) if isinstance(child, (ast.ExceptHandler, ast.match_case)) else [child])
                    if isinstance(child, ast.ExceptHandler) and child.name:
                        bound.add(child.name)
            continue
        bound.update(_bound_names(node))
    if "global" in words or "globals" in words or "global" in code:
        bound.update(n for g in ast.walk(tree) if isinstance(g, ast.Global) for n in g.names)
    return frozenset(bound & words)


def _bound_names_shallow(node):
    """Names a compound statement's own header binds (for-targets, with-as, match captures)."""
    targets = [getattr(node, "target", None)] + [i.optional_vars for i in getattr(node, "items", ())]
    names = set()
    for t in targets:
        if t is not None:
            names.update(_bound_names(t))
    if isinstance(node, ast.Match):
        for case in node.cases:
            names.update(_bound_names(case.pattern))
    return names


def shadowed_builtins(code, tests):
    """Builtin names that stand for the candidate in this suite (see the module docstring)."""
    rebound = candidate_names(code)
    if not rebound:
        return frozenset()
    for test in tests:
        rebound = rebound.intersection(_called_names(test))
        if not rebound:
            break
    return rebound


@functools.lru_cache(maxsize=4096)
def _called_names(test):
    tree, _ = _parse(test)
    if tree is None:
        return frozenset()
    return frozenset(n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name))


def plan_test(test, shadowed):
    """The plan for `test` when the builtin names `shadowed` stand for the candidate."""
    tree, builtin_names = _parse(test)
    if tree is None:
        return Plan(False, reason=builtin_names)
    return _plan(test, frozenset(n for n in builtin_names if n in shadowed))


@functools.lru_cache(maxsize=4096)
def _parse(test):
    try:
        tree = ast.parse(test, "<test>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None, "test does not parse"
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and hasattr(builtins, n.id)}
    return tree, frozenset(names)


@functools.lru_cache(maxsize=4096)
def _plan(test, shadowed):
    tree = ast.parse(test, "<test>", "exec")
    try:
        holes = _Splitter(_bound_names(tree), shadowed).split(tree)
    except Unsplittable as exc:
        return Plan(False, reason=str(exc))
    except RecursionError:
        return Plan(False, reason="test nested too deeply")
    if not holes:
        return Plan(False, reason="no call into the candidate")
    ast.fix_missing_locations(tree)
    code = compile(tree, "<test>", "exec", dont_inherit=True, optimize=0)
    return Plan(True, tuple(holes), code)


def _bound_names(node):
    bound = set()
    for n in ast.walk(node):
        if isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
            bound.add(n.name)
        elif isinstance(n, ast.MatchMapping) and n.rest:
            bound.add(n.rest)
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            bound.add(n.id)
        elif isinstance(n, ast.arg):
            bound.add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(n.name)
        elif isinstance(n, ast.alias) and not (n.name == "pytest" and n.asname is None):
            bound.add((n.asname or n.name).split(".")[0])
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            bound.update(n.names)
    return bound


_SIMPLE_STATEMENTS = (ast.Assert, ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign)


class _Splitter:
    def __init__(self, bound, shadowed):
        self.bound = bound
        self.shadowed = shadowed
        self.holes = []

    def kind(self, name):
        if name in self.bound:
            return "local"
        if name == "pytest":
            return "pytest"
        if name in TRUSTED_MODULES:
            return "module"
        if name in FORBIDDEN:
            return "forbidden"
        if hasattr(builtins, name) and name not in self.shadowed:
            return "builtin"
        return "candidate"

    def split(self, tree):
        for stmt in tree.body:
            self.statement(stmt)
        return self.holes

    def statement(self, stmt):
        if isinstance(stmt, ast.Assert):
            stmt.msg = None  # messages are never evaluated: they only matter on failure
            stmt.test = self.expr(stmt.test)
        elif isinstance(stmt, _SIMPLE_STATEMENTS):
            for field in ("value", "target", "targets", "annotation"):
                value = getattr(stmt, field, None)
                if isinstance(value, list):
                    setattr(stmt, field, [self.expr(v) for v in value])
                elif value is not None:
                    setattr(stmt, field, self.expr(value))
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            module = stmt.module if isinstance(stmt, ast.ImportFrom) else None
            names = [module] if module else [a.name for a in stmt.names]
            trusted = TRUSTED_MODULES | {"pytest"} if module is None else TRUSTED_MODULES
            if any(n.split(".")[0] not in trusted for n in names) or getattr(stmt, "level", 0):
                raise Unsplittable("imports a module the runner does not trust")
        elif isinstance(stmt, ast.With) and len(stmt.items) == 1 and self.is_raises(stmt.items[0].context_expr):
            item = stmt.items[0]
            call = item.context_expr
            call.func = ast.Name(RAISES, ast.Load())
            for arg in list(call.args) + [k.value for k in call.keywords]:
                self.trusted_only(arg)
            if item.optional_vars is not None and not isinstance(item.optional_vars, ast.Name):
                raise Unsplittable("pytest.raises bound to a pattern")
            for inner in stmt.body:
                self.statement(inner)
        else:
            raise Unsplittable("%s statement" % type(stmt).__name__)

    def is_raises(self, node):
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "raises"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "pytest"
            and self.kind("pytest") == "pytest"
            and len(node.args) == 1
            and all(k.arg == "match" for k in node.keywords)
        )

    def trusted_only(self, node):
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and self.kind(n.id) not in ("builtin", "module"):
                raise Unsplittable("pytest.raises argument uses %r" % n.id)

    def expr(self, node):
        if self.is_hole(node):
            return self.hole(node)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and self.kind(node.value.id) == "candidate":
            # sys.exit(0), os.getpid(), obj.attr: modules and objects are not plain data.
            raise Unsplittable("uses an attribute of the candidate's %r" % node.value.id)
        if isinstance(node, ast.Name):
            kind = self.kind(node.id)
            if kind in ("forbidden", "pytest"):
                raise Unsplittable("uses %s" % node.id)
            return node
        if isinstance(node, ast.Compare):
            return self.compare(node)
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.AST):
                setattr(node, field, self.expr(value))
            elif isinstance(value, list):
                setattr(node, field, [self.expr(v) if isinstance(v, ast.AST) else v for v in value])
        return node

    def is_hole(self, node):
        if isinstance(node, ast.Name):
            return isinstance(node.ctx, ast.Load) and self.kind(node.id) == "candidate"
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        if isinstance(func, ast.Name):
            return self.kind(func.id) == "candidate"
        if isinstance(func, ast.Call):  # curried: make_adder(2)(3)
            return self.is_hole(func)
        # Class APIs, Stack().push(1): an instance is never plain data, so the method call is
        # the hole. Only for capitalised names, so str methods on a function's result
        # (f(x).startswith("ab")) stay in the trusted program with their arguments.
        return (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Call)
            and isinstance(func.value.func, ast.Name)
            and func.value.func.id[:1].isupper()
            and self.kind(func.value.func.id) == "candidate"
        )

    def hole(self, node):
        inner = _bound_names(node)
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and n.id not in inner and self.kind(n.id) == "local":
                raise Unsplittable("a call into the candidate uses %r, which the test binds" % n.id)
        index = len(self.holes)
        self.holes.append(ast.unparse(node))
        return ast.copy_location(ast.Call(ast.Name(HOLE, ast.Load()), [ast.Constant(index)], []), node)

    def compare(self, node):
        operands = [self.expr(node.left)] + [self.expr(c) for c in node.comparators]
        parts = []
        for op, left, right in zip(node.ops, operands, operands[1:]):
            helper = {ast.Eq: EQ, ast.NotEq: NE, ast.In: IN, ast.NotIn: NOT_IN}.get(type(op))
            if helper:
                parts.append(ast.Call(ast.Name(helper, ast.Load()), [left, right], []))
            else:
                parts.append(ast.Compare(left, [op], [right]))
        result = parts[0] if len(parts) == 1 else ast.BoolOp(ast.And(), parts)
        return ast.copy_location(result, node)
