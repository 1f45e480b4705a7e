"""Splits a test into what the candidate must compute and what the trusted judge checks.

`assert lowest_set_bit(12) == 4` becomes one *hole*, `lowest_set_bit(12)`, which the child
evaluates in the candidate's namespace and returns as plain data, and a trusted program,
`assert __eb_hole__(0) == 4`, which the judge runs on that value with the real builtins.
Expected values stay in the trusted program; the child only ever sees the holes.

What a name in a test means:
- a builtin: the real one, on both sides (the child evaluates holes with the builtins it had
  before the candidate's code ran), so rebinding `set`, `len` or `sorted` changes nothing;
- a name the candidate imports from a trusted module (`from collections import Counter`), or
  such a module (`import math`): the real object on the trusted side; a trusted module the
  candidate does not import is undefined there (NameError, as in Python);
- a variable of the test: computed on the trusted side unless candidate code needs it or it
  holds a candidate value (`s = Stack()`): then it lives in the child (a candidate variable);
- anything else: the candidate's.
A builtin or imported name stands for the candidate only when it is the function under test:
the candidate binds it, every test calls it and no test names anything else of the
candidate's (`pow(2, 3) == 8` against a candidate defining `pow`). When more than one name
qualifies, the suite runs the old way.

A hole is a *chain* on a candidate value: a candidate name or variable, then any attributes,
subscripts and calls on it (`make_stack().size()`, `f(x)[0]`, `make_adder(2)(3)`), wrapped in
materialising builtins (`list(gen())`, `sorted(d.keys())`, `len(...)`, `repr(p)`, `next(it)`,
`isinstance(v, T)`, `"-".join(...)`, `Counter(...)`...), also when candidate code is only one
of their keyword arguments (`sorted(xs, key=f)`, `max(xs, key=score)`); a comprehension that
only reads what one loop over a chain gives it is a hole too (`[p.name for p in people()]`: the
items may be the candidate's objects), and so is a materialiser given a list, tuple or set of
chains (`max([mk(1), mk(3)], key=...)`). Operators, comparisons and everything else stay trusted:
`abs(f(x) - 0.5) < 1e-9` sends only `f(x)`.

A test becomes a list of *steps* for the child: "x" runs a statement with candidate code
(`s.push(1)`), "h" evaluates a hole and returns its value; each carries where to resume when it
raises (the end of its `with pytest.raises` block, or the end of the test; the next step for a
hole Python may never evaluate, in `a or f(x)`, `f(x) if c else g(y)` or `a < b < f(x)`). The
trusted program calls `__eb_step__(k)` / `__eb_hole__(k)` at the same places, so exceptions
surface where the test would have met them.

A test runs the old way (inline, in the child, reported in "inProcess"; weaker evidence) when
it does not parse; has statements other than assert / expression / assignment / import / pass /
`with pytest.raises(<trusted>)`; compares candidate code with candidate code (`a() == b()`:
its expected side is the candidate's own); uses candidate code inside a lambda or
comprehension of the test, eval/exec/open/print and the like, pytest otherwise than in
`with pytest.raises`, or the walrus operator.
"""

import ast
import functools
import marshal
import re

import source_names
from source_names import BUILTIN_NAMES, TRUSTED_MODULES

HOLE = "__eb_hole__"
STEP = "__eb_step__"
RAISES = "__eb_raises__"
REAL = "__eb_B__"  # the child's name for its untouched builtins (candidate_child.py)
_HELPERS = frozenset((HOLE, STEP, RAISES))

# Builtins that would let a test run code the candidate supplies, or touch the judge's streams.
FORBIDDEN = frozenset(
    "eval exec compile open __import__ input breakpoint globals locals vars help exit quit "
    "print memoryview setattr delattr __build_class__ __loader__ __spec__".split()
)
# Builtins that consume or inspect a value: applied to a candidate value they join its hole,
# so a generator, a view or an object of the candidate's is materialised where it lives.
MATERIALISERS = frozenset(
    "list tuple set frozenset dict sorted reversed len sum min max any all iter next enumerate "
    "zip map filter repr str ascii format bool int float complex abs round divmod pow hash "
    "isinstance issubclass type hasattr getattr callable bytes bytearray".split()
)
# The same for trusted stdlib callables, by (module, name).
TRUSTED_MATERIALISERS = frozenset(
    (m, n)
    for m, names in (
        ("collections", "Counter OrderedDict deque defaultdict"),
        ("math", "fsum prod"),
        ("statistics", "mean median mode fmean"),
        ("heapq", "nlargest nsmallest merge"),
        ("itertools", "islice accumulate starmap takewhile dropwhile filterfalse"),
        ("functools", "reduce partial cmp_to_key"),
    )
    for n in names.split()
)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


class Plan:
    __slots__ = ("split", "steps", "code", "names", "reason")

    def __init__(self, split, steps=(), code=None, names=frozenset(), reason=""):
        self.split = split
        self.steps = steps  # (kind "h" | "x", compiled step, index to resume at when it raises)
        self.code = code  # the trusted program, marshalled (split plans)
        self.names = names  # every name the trusted program loads
        self.reason = reason  # why the test runs inline


class Unsplittable(Exception):
    pass


# ---------------------------------------------------------------- the suite: what names mean


def source_for(code, tests):
    """What `tests` need to know about `code`'s names (source_names.py), parsing the code only
    when that can matter: when a name the tests use might be imported (it appears on a line with
    `import`), or when the tests name nothing but builtins and modules (then a builtin may be
    the function under test, and what the code binds decides)."""
    words, reaches = _suite_words(tuple(tests))
    if not reaches:
        return source_names.analyze(code)
    if "import" not in code:
        return source_names.NOTHING
    for line in code.splitlines():
        if "import" in line and (words.search(line) or "*" in line or "(" in line or line.rstrip().endswith("\\")):
            return source_names.analyze(code)
    return source_names.NOTHING


@functools.lru_cache(maxsize=1024)
def _suite_words(tests):
    """(a pattern matching any name the tests use; whether they load a name that is neither a
    builtin, a trusted module nor pytest, which cannot be an import then unless the code says so)."""
    names, reaches = set(), False
    for test in tests:
        info = _names(test)
        if info is None:
            continue
        loads, calls, bound = info
        names |= loads | calls
        reaches = reaches or any(n not in BUILTIN_NAMES and n not in TRUSTED_MODULES and n != "pytest" for n in loads - bound)
    pattern = r"\b(?:%s)\b" % "|".join(sorted(map(re.escape, names))) if names else r"(?!)"
    return re.compile(pattern), reaches


def shadowed(source, tests):
    """(names that stand for the candidate although builtin or imported, ambiguous?)."""
    trusted = BUILTIN_NAMES | source.imports.keys()
    called = None
    for test in tests:
        info = _names(test)
        if info is None:
            continue
        loads, calls, bound = info
        for name in loads - bound:
            if name not in trusted and name not in TRUSTED_MODULES and name != "pytest":
                return frozenset(), False  # the suite names something of the candidate's
        called = calls - bound if called is None else called & calls
    eligible = frozenset(n for n in called or () if n in trusted and n in source.binds and n not in FORBIDDEN)
    return eligible, len(eligible) > 1


@functools.lru_cache(maxsize=8192)
def _names(test):
    tree = _parse(test)
    if tree is None:
        return None
    loads, calls, bound = set(), set(), set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            (loads if isinstance(n.ctx, ast.Load) else bound).add(n.id)
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
            calls.add(n.func.id)
        elif isinstance(n, ast.alias):
            bound.add((n.asname or n.name).split(".")[0])
        elif isinstance(n, ast.arg):
            bound.add(n.arg)
    return frozenset(loads), frozenset(calls), frozenset(bound)


@functools.lru_cache(maxsize=8192)
def _parse(test):
    try:
        return ast.parse(test, "<test>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return None


# ---------------------------------------------------------------- one test


def plan_test(test, shadow, imports, ambiguous=False):
    """The plan for `test`, where the names `shadow` stand for the candidate and `imports`
    ({name: (module, attribute or None)}) are the candidate's imports from trusted modules."""
    info = _names(test)
    if info is None:
        return Plan(False, reason="test does not parse")
    if ambiguous:
        return Plan(False, reason="several builtin or imported names could be the function under test")
    used = info[0] | info[1]
    return _plan(test, frozenset(shadow & used), frozenset((n, *imports[n]) for n in used if n in imports))


@functools.lru_cache(maxsize=8192)
def _plan(test, shadow, imported):
    tree = ast.parse(test, "<test>", "exec")
    fast = _plan_simple(tree, shadow, {n for n, _, _ in imported})
    if fast is not None:
        return fast
    try:
        splitter = _Splitter(tree, shadow, {n: (m, a) for n, m, a in imported})
        body = splitter.split()
    except Unsplittable as exc:
        return Plan(False, reason=str(exc))
    except RecursionError:
        return Plan(False, reason="test nested too deeply")
    module = ast.Module(body=body or [_pass()], type_ignores=[])
    try:
        names = splitter.trusted_names(module)
    except Unsplittable as exc:
        return Plan(False, reason=str(exc))
    return Plan(True, tuple(splitter.steps), marshal.dumps(_compile(module, "exec")), names)


_SCOPED_NODES = (ast.Lambda, ast.NamedExpr) + _COMPREHENSIONS


def _plan_simple(tree, shadow, imported):
    """The plan of the benchmark's one shape, `assert f(<inputs>) <op> <expected>`, where the
    inputs name no builtin and the expected side nothing of the candidate's; None otherwise
    (the general planner then decides). The same plan the general planner makes, in a fraction
    of its walks."""
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assert):
        return None
    test = tree.body[0].test
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    left, right = test.left, test.comparators[0]
    if not (isinstance(left, ast.Call) and isinstance(left.func, ast.Name)):
        return None
    kinds = _Kinds(shadow, imported)
    if kinds(left.func.id) != "candidate":
        return None
    for node in ast.walk(left):
        if isinstance(node, _SCOPED_NODES) or (isinstance(node, ast.Name) and node is not left.func and kinds(node.id) != "candidate"):
            return None
    names = {HOLE}
    for node in ast.walk(right):
        if isinstance(node, _SCOPED_NODES):
            return None
        if isinstance(node, ast.Name):
            if kinds(node.id) not in ("builtin", "trusted", "missing"):
                return None
            names.add(node.id)
    hole = _helper(HOLE, 0, left)
    check = ast.copy_location(ast.Assert(test=ast.copy_location(ast.Compare(hole, test.ops, [right]), test), msg=None), tree.body[0])
    module = ast.Module(body=[check], type_ignores=[])
    steps = (("h", _compile(ast.Expression(left), "eval"), None),)
    return Plan(True, steps, marshal.dumps(_compile(module, "exec")), frozenset(names))


class _Kinds:
    """The kind of a name in a test that binds no variables (see _Splitter.kind)."""

    def __init__(self, shadow, imported):
        self.shadow, self.imported = shadow, imported

    def __call__(self, name):
        if name in _HELPERS:
            return "helper"
        if name == "pytest":
            return "pytest"
        if name in FORBIDDEN:
            return "forbidden"
        if name in self.shadow:
            return "candidate"
        if name in BUILTIN_NAMES:
            return "builtin"
        if name in self.imported:
            return "trusted"
        if name in TRUSTED_MODULES:
            return "missing"
        return "candidate"


def _compile(tree, mode):
    """New nodes carry their locations; should one not, the generic fix-up makes up for it."""
    try:
        return compile(tree, "<test>", mode, dont_inherit=True, optimize=0)
    except (TypeError, ValueError):
        ast.fix_missing_locations(tree)
        return compile(tree, "<test>", mode, dont_inherit=True, optimize=0)


def _pass():
    return ast.Pass(lineno=1, col_offset=0, end_lineno=1, end_col_offset=0)


class _Splitter:
    def __init__(self, tree, shadow, imported):
        self.tree = tree
        self.shadow = shadow
        self.imported = imported
        self.origins = dict(imported)  # trusted name -> (module, attribute or None)
        self.names = _Kinds(shadow, imported)
        self.variables = set()  # the test's own variables
        self.shared = set()  # ... bound by importing a trusted module: on both sides
        self.cvars = set()  # ... that live in the child
        self.statements = _flatten(tree.body)
        for stmt in self.statements:
            self._bind(stmt)
        self.steps = []
        # Most tests have no lambda or comprehension: then one pass tells every node's names.
        self.index = {}
        self.scopes = _index(tree, self.index)

    # ---- names

    def _bind(self, stmt):
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            if getattr(stmt, "level", 0) or any(a.name == "*" for a in stmt.names):
                raise Unsplittable("relative or star import")
            for alias in stmt.names:
                name = alias.asname or alias.name.split(".")[0]
                if name == "pytest":
                    continue
                self.variables.add(name)
                if isinstance(stmt, ast.ImportFrom):
                    module, attr = stmt.module, alias.name
                else:
                    module, attr = (alias.name if alias.asname else name), None
                if module.split(".")[0] in TRUSTED_MODULES:
                    self.shared.add(name)
                    self.origins[name] = (module, attr)
                else:
                    self.cvars.add(name)  # `import os`: only the child has it
        elif isinstance(stmt, ast.With):
            var = stmt.items[0].optional_vars
            if var is not None:
                self.variables.add(var.id)
        else:
            for target in _targets(stmt):
                self.variables.update(_stored(target))

    def kind(self, name, scoped=frozenset()):
        if name in scoped:
            return "scoped"
        if name in self.variables:
            if name in self.shared:
                return "shared"
            return "cvar" if name in self.cvars else "tvar"
        return self.names(name)

    def loads(self, node, scoped=frozenset()):
        """(name, names scoped there) for every name `node` loads."""
        entry = None if self.scopes else self.index.get(id(node))
        if entry is None or entry[0] is not node:  # a node made since (the index holds its own)
            return list(_loads(node, scoped))
        return [(n, scoped) for n in entry[1]]

    def trusted_names(self, module):
        """Every name the trusted program loads; nothing of the candidate's may be among them
        (a planning bug if so)."""
        names = set()
        for name, scoped in _loads(module):
            kind = self.kind(name, scoped)
            if kind in ("candidate", "cvar"):
                raise Unsplittable("uses %r outside a call into the candidate" % name)
            if kind in ("forbidden", "pytest"):
                raise Unsplittable("uses %s" % name)
            names.add(name)
        return frozenset(names)

    def is_cd(self, node, scoped=frozenset()):
        """Does `node` use candidate code or a candidate variable?"""
        return any(self.kind(n, s) in ("candidate", "cvar") for n, s in self.loads(node, scoped))

    def is_chain(self, node, scoped=frozenset()):
        if isinstance(node, ast.Name):
            return isinstance(node.ctx, ast.Load) and self.kind(node.id, scoped) in ("candidate", "cvar")
        if isinstance(node, _COMPREHENSIONS):
            return self.is_access_comprehension(node, scoped)
        if isinstance(node, (ast.Attribute, ast.Subscript)):
            return self.is_chain(node.value, scoped)
        if isinstance(node, ast.Call):
            if self.is_chain(node.func, scoped):
                return True
            if not self.materialiser(node.func, scoped):
                return False
            # Any argument counts, keywords too: `sorted(xs, key=f)` sorts by the candidate's
            # function where it lives (a function cannot cross as plain data).
            args = [a.value if isinstance(a, ast.Starred) else a for a in node.args] + [k.value for k in node.keywords]
            return any(self.is_chain(a, scoped) or self.is_chain_display(a, scoped) for a in args)
        return False

    def is_chain_display(self, node, scoped):
        """`[mk(1), mk(3)]` as a materialiser's argument (`max([mk(1), mk(3)], key=...)`): a list,
        tuple or set of chains only, which the call then consumes where they live."""
        return isinstance(node, (ast.List, ast.Tuple, ast.Set)) and bool(node.elts) and all(self.is_chain(e, scoped) for e in node.elts)

    def is_access_comprehension(self, node, scoped):
        """`[p.name for p in people()]`, `{k: v.total() for k, v in ...}`: one loop over a
        chain, no condition, and every part it builds only reads what the loop gives it
        (attributes, constant subscripts, method calls with constant arguments). It runs in the
        child as a whole, since the items may be the candidate's objects; it holds nothing of
        the test's but constants that are inputs, never a comparison."""
        if len(node.generators) != 1:
            return False
        gen = node.generators[0]
        if gen.ifs or gen.is_async or not self.is_chain(gen.iter, scoped):
            return False
        names = _stored(gen.target)
        if not names or not _plain_target(gen.target):
            return False
        parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        return all(_reads(part, names) for part in parts)

    def materialiser(self, func, scoped):
        if isinstance(func, ast.Name):
            kind = self.kind(func.id, scoped)
            if kind == "builtin":
                return func.id in MATERIALISERS
            return kind in ("trusted", "shared") and self.origins.get(func.id) in TRUSTED_MATERIALISERS
        if isinstance(func, ast.Attribute):
            if func.attr == "join" and isinstance(func.value, ast.Constant) and isinstance(func.value.value, str):
                return True
            base = func.value
            if isinstance(base, ast.Name) and self.kind(base.id, scoped) in ("trusted", "shared"):
                module, attr = self.origins.get(base.id, (None, None))
                return attr is None and (module, func.attr) in TRUSTED_MATERIALISERS
        return False

    # ---- the fixpoint: which variables live in the child

    def _settle_variables(self):
        if not self.variables:
            return
        while True:
            before = len(self.cvars)
            for stmt in self.statements:
                if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                    targets = _targets(stmt)
                    names = set().union(*(_stored(t) | _bases(t) for t in targets))
                    if names & self.cvars or (stmt.value is not None and self.is_cd(stmt.value)) or any(self.is_cd(t) for t in targets):
                        self._to_child(names, stmt)
                elif isinstance(stmt, ast.Expr) and self.is_cd(stmt.value):
                    self._to_child(set(), stmt)
                elif isinstance(stmt, ast.Assert):
                    for chain in self._chains(stmt.test):
                        self._to_child(set(), chain)
            if len(self.cvars) == before:
                return

    def _to_child(self, names, node):
        """`names`, and every variable of the test that `node` uses, live in the child now."""
        used = {n for n, s in self.loads(node) if n not in s}
        self.cvars.update(n for n in names | used if n in self.variables and n not in self.shared)

    def _chains(self, node, scoped=frozenset()):
        if self.is_chain(node, scoped):
            yield node
            return
        for child, inner in _children(node, scoped):
            yield from self._chains(child, inner)

    # ---- building the steps and the trusted program

    def split(self):
        self._settle_variables()
        return self._block(self.tree.body, None)

    def _block(self, stmts, resume):
        """Trusted statements for `stmts`; their steps resume at `resume` when they raise."""
        out = []
        for stmt in stmts:
            out.extend(self._statement(stmt, resume))
        return out

    def _statement(self, stmt, resume):
        if isinstance(stmt, ast.Pass):
            return [stmt]
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names = [a.asname or a.name.split(".")[0] for a in stmt.names]
            if all(n == "pytest" for n in names):
                return [stmt]
            self._step("x", stmt, resume)  # the child imports too: candidate code may use the names
            return [stmt] if all(n in self.shared or n == "pytest" for n in names) else []
        if isinstance(stmt, ast.Assert):
            test = self._expr(stmt.test, resume)
            return [ast.copy_location(ast.Assert(test=test, msg=None), stmt)]  # messages never run
        if isinstance(stmt, ast.With):
            return [self._raises(stmt, resume)]
        if isinstance(stmt, ast.Expr):
            child = self.is_cd(stmt.value)
        else:  # an assignment
            if isinstance(stmt, ast.AnnAssign) and stmt.value is None:
                return [ast.copy_location(ast.Pass(), stmt)]
            names = set().union(*(_stored(t) | _bases(t) for t in _targets(stmt)))
            child = bool(names & self.cvars) or self.is_cd(stmt.value)
        if child:
            index = self._step("x", stmt, resume)
            return [ast.copy_location(ast.Expr(_helper(STEP, index, stmt)), stmt)]
        return [stmt]

    def _raises(self, stmt, resume):
        item = stmt.items[0]
        call = item.context_expr
        for arg in list(call.args) + [k.value for k in call.keywords]:
            if self.is_cd(arg) or any(self.kind(n, s) in ("forbidden", "pytest") for n, s in self.loads(arg)):
                raise Unsplittable("pytest.raises with an argument of the candidate's")
        if item.optional_vars is not None and item.optional_vars.id in self.cvars:
            raise Unsplittable("pytest.raises bound to a variable candidate code uses")
        call.func = ast.copy_location(ast.Name(RAISES, ast.Load()), call.func)
        # A step that raises inside the block resumes after it, as the with statement would.
        first, end = len(self.steps), _Resume()
        stmt.body = self._block(stmt.body, end) or [ast.copy_location(ast.Pass(), stmt)]
        for i in range(first, len(self.steps)):
            kind, source, where = self.steps[i]
            if where is end:
                self.steps[i] = (kind, source, len(self.steps))  # source: the compiled step
        return stmt

    def _step(self, kind, node, resume):
        """A step for the child: the node (no longer part of the trusted program, or an import
        both sides run) compiled with builtin names pointing at the child's untouched builtins."""
        if not isinstance(node, (ast.Import, ast.ImportFrom)) and any(self.kind(n, s) == "builtin" for n, s in self.loads(node)):
            node = _RealBuiltins(self).visit(node)
        tree = ast.Expression(node) if kind == "h" else ast.Module([node], type_ignores=[])
        if resume is _NEXT:  # Python may never evaluate it: a raise there must not end the test
            resume = len(self.steps) + 1
        self.steps.append((kind, _compile(tree, "eval" if kind == "h" else "exec"), resume))
        return len(self.steps) - 1

    def _expr(self, node, resume, scoped=frozenset()):
        if self.is_chain(node, scoped):
            if scoped:
                raise Unsplittable("candidate code inside a lambda or comprehension of the test")
            return _helper(HOLE, self._step("h", node, resume), node)
        if isinstance(node, ast.Name):
            if self.kind(node.id, scoped) in ("forbidden", "pytest"):
                raise Unsplittable("uses %s" % node.id)
            return node
        if isinstance(node, ast.NamedExpr):
            raise Unsplittable("walrus operator")
        if isinstance(node, ast.Compare) and all(self.is_cd(o, scoped) for o in [node.left] + node.comparators):
            # Identity needs no candidate code (the objects keep their numbers across holes);
            # anything else would have the candidate's own code decide the expected side.
            if not all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
                raise Unsplittable("both sides of a comparison are candidate code")
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp)) and self.is_cd(node, scoped):
            return self._comprehension(node, resume, scoped)
        if isinstance(node, (ast.Lambda, ast.GeneratorExp)) and self.is_cd(node, scoped):
            raise Unsplittable("candidate code inside a lambda or generator expression of the test")
        if isinstance(node, ast.JoinedStr):
            node.values = [self._fstring_part(p, resume, scoped) for p in node.values]
            return node
        for field, value in ast.iter_fields(node):
            inner = _scope_of(node, field, scoped)
            if isinstance(value, ast.AST):
                setattr(node, field, self._expr(value, _NEXT if _conditional(node, field, 0) else resume, inner))
            elif isinstance(value, list):
                setattr(node, field, [self._expr(v, _NEXT if _conditional(node, field, i) else resume, inner) if isinstance(v, ast.AST) else v for i, v in enumerate(value)])
        return node

    def _comprehension(self, node, resume, scoped):
        """[f(x) for x in evens(5)]: a list, set or dict comprehension always runs its first
        iterable to the end, so that iterable may be materialised in the child (`list(...)`,
        with the real list) and the rest run on the trusted side; candidate code anywhere else
        in it would run once per item, which the child cannot report."""
        first = node.generators[0]
        rest = ast.copy_location(type(node)(**{f: getattr(node, f) for f in node._fields}), node)
        rest.generators = [ast.comprehension(first.target, ast.Constant(()), first.ifs, first.is_async)] + node.generators[1:]
        if scoped or first.is_async or not self.is_chain(first.iter, scoped) or self.is_cd(rest, scoped):
            raise Unsplittable("candidate code inside a comprehension of the test")
        whole = _located(ast.Call(ast.Name("list", ast.Load()), [first.iter], []), first.iter)
        first.iter = _helper(HOLE, self._step("h", whole, resume), whole)
        for field, value in ast.iter_fields(node):
            if field != "generators":
                inner = _scope_of(node, field, scoped)
                setattr(node, field, self._expr(value, resume, inner) if isinstance(value, ast.AST) else value)
        return node

    def _fstring_part(self, part, resume, scoped):
        # f"{p!r:>8}" formats a candidate value where it lives: the hole is that one field.
        if isinstance(part, ast.FormattedValue) and self.is_chain(part.value, scoped):
            if scoped:
                raise Unsplittable("candidate code inside a lambda or comprehension of the test")
            field = ast.copy_location(ast.JoinedStr([part]), part)
            return ast.copy_location(ast.FormattedValue(_helper(HOLE, self._step("h", field, resume), part), -1, None), part)
        return self._expr(part, resume, scoped)

def _plain_target(target):
    """A loop target of names only (`p`, `k, v`, `(a, (b, c))`)."""
    if isinstance(target, ast.Name):
        return True
    return isinstance(target, ast.Tuple) and all(_plain_target(e) for e in target.elts)


def _reads(node, names):
    """Is `node` one of `names`, or a read of one (attributes, constant subscripts, calls with
    constant arguments, tuples of those)?"""
    if isinstance(node, ast.Name):
        return isinstance(node.ctx, ast.Load) and node.id in names
    if isinstance(node, ast.Attribute):
        return _reads(node.value, names)
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and _reads(node.value, names)
    if isinstance(node, ast.Call):
        return all(isinstance(a, ast.Constant) for a in node.args) and all(k.arg is not None and isinstance(k.value, ast.Constant) for k in node.keywords) and _reads(node.func, names)
    if isinstance(node, ast.Tuple):
        return bool(node.elts) and all(_reads(e, names) for e in node.elts)
    return False


def _helper(name, index, like):
    """`name(index)`, located where `like` was."""
    return _located(ast.Call(ast.Name(name, ast.Load()), [ast.Constant(index)], []), like)


def _located(node, like):
    """`node` and its new children (a call, a name, a constant) at `like`'s location."""
    for n in (node, getattr(node, "func", None), *getattr(node, "args", ()), getattr(node, "value", None), getattr(node, "slice", None)):
        if isinstance(n, ast.AST) and not hasattr(n, "lineno"):
            ast.copy_location(n, like)
    return node


def _index(tree, index):
    """Fills index[id(node)] with (node, the names it loads), the node kept so that its id stays
    its own; True when the test has a lambda or comprehension (whose own names make the index
    unusable)."""
    scopes = False
    stack = [(tree, False)]
    names_of = {}
    while stack:
        node, done = stack.pop()
        if done:
            own = {node.id} if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) else set()
            for child in _children_of(node):
                own |= names_of[id(child)]
            names_of[id(node)] = own
            continue
        if isinstance(node, (ast.Lambda,) + _COMPREHENSIONS):
            scopes = True
        stack.append((node, True))
        stack.extend((child, False) for child in _children_of(node))
    for node in ast.walk(tree):
        index[id(node)] = (node, frozenset(names_of[id(node)]))
    return scopes


def _children_of(node):
    out = []
    for field in node._fields:
        value = getattr(node, field, None)
        if isinstance(value, ast.AST):
            out.append(value)
        elif isinstance(value, list):
            out.extend(v for v in value if isinstance(v, ast.AST))
    return out


class _Resume:
    """Placeholder for the end of a `with pytest.raises` block, fixed once the block is built."""


# Where a hole that Python might not evaluate resumes when it raises: at the next step. The
# child evaluates every hole in order, but `a or f(x)`, `f(x) if c else g(y)` and the later
# links of `a < f(x) < b` run only as the values decide; the judge, which does decide, meets
# the exception only if it reads that hole.
_NEXT = _Resume()


def _conditional(node, field, index):
    """Is `node.field` (its `index`-th element, for a list) evaluated only as earlier values decide?"""
    if isinstance(node, ast.BoolOp):
        return field == "values" and index > 0
    if isinstance(node, ast.IfExp):
        return field in ("body", "orelse")
    if isinstance(node, ast.Compare):
        return field == "comparators" and index > 0
    return False


class _RealBuiltins(ast.NodeTransformer):
    """Child-side code: builtin names refer to the child's untouched builtins."""

    def __init__(self, splitter):
        self.splitter = splitter
        self.scoped = [frozenset()]

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and self.splitter.kind(node.id, self.scoped[-1]) == "builtin":
            return _located(ast.Subscript(ast.Name(REAL, ast.Load()), ast.Constant(node.id), ast.Load()), node)
        return node

    def generic_visit(self, node):
        for field, value in ast.iter_fields(node):
            self.scoped.append(_scope_of(node, field, self.scoped[-1]))
            try:
                if isinstance(value, ast.AST):
                    setattr(node, field, self.visit(value))
                elif isinstance(value, list):
                    setattr(node, field, [self.visit(v) if isinstance(v, ast.AST) else v for v in value])
            finally:
                self.scoped.pop()
        return node


# ---------------------------------------------------------------- AST helpers

_ALLOWED = (ast.Assert, ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Import, ast.ImportFrom, ast.Pass)


def _flatten(body):
    """The test's statements, `with pytest.raises` bodies included; anything else refuses."""
    out = []
    for stmt in body:
        if isinstance(stmt, ast.With) and _is_raises(stmt):
            out.append(stmt)
            out.extend(_flatten(stmt.body))
        elif isinstance(stmt, _ALLOWED):
            out.append(stmt)
        else:
            raise Unsplittable("%s statement" % type(stmt).__name__)
    return out


def _is_raises(stmt):
    if len(stmt.items) != 1:
        return False
    item = stmt.items[0]
    call = item.context_expr
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "raises"
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == "pytest"
        and len(call.args) == 1
        and all(k.arg == "match" for k in call.keywords)
        and (item.optional_vars is None or isinstance(item.optional_vars, ast.Name))
    )


def _targets(stmt):
    if isinstance(stmt, ast.Assign):
        return stmt.targets
    if isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        return [stmt.target]
    return []


def _stored(target):
    """Names a target binds (`a, (b, *c) = ...`); bases of `x[0] = ` and `x.y = ` are loads."""
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        return set().union(*(_stored(e) for e in target.elts)) if target.elts else set()
    if isinstance(target, ast.Starred):
        return _stored(target.value)
    return set()


def _bases(target):
    """Variables a subscript or attribute target mutates (`d["k"] = ...` mutates d)."""
    if isinstance(target, (ast.Subscript, ast.Attribute)):
        node = target.value
        while isinstance(node, (ast.Subscript, ast.Attribute, ast.Call)):
            node = node.value if not isinstance(node, ast.Call) else node.func
        return {node.id} if isinstance(node, ast.Name) else set()
    if isinstance(target, (ast.Tuple, ast.List)):
        return set().union(*(_bases(e) for e in target.elts)) if target.elts else set()
    if isinstance(target, ast.Starred):
        return _bases(target.value)
    return set()


def _scope_of(node, field, scoped):
    """Names bound inside `node` that are visible in its `field` (lambda arguments, the targets
    of a comprehension in everything but its first iterable)."""
    if isinstance(node, ast.Lambda) and field == "body":
        a = node.args
        return scoped | {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg] if x is not None}
    if isinstance(node, _COMPREHENSIONS) and field in ("elt", "key", "value", "generators"):
        return scoped | set().union(*(_stored(g.target) for g in node.generators))
    return scoped


def _children(node, scoped):
    for field, value in ast.iter_fields(node):
        inner = _scope_of(node, field, scoped)
        if isinstance(value, ast.AST):
            yield value, inner
        elif isinstance(value, list):
            for v in value:
                if isinstance(v, ast.AST):
                    yield v, inner


def _loads(node, scoped=frozenset()):
    """(name, names scoped there) for every name `node` loads."""
    if isinstance(node, ast.Name):
        if isinstance(node.ctx, ast.Load):
            yield node.id, scoped
        return
    for child, inner in _children(node, scoped):
        yield from _loads(child, inner)


