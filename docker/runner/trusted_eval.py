"""The trusted side of a split test: runs the test's own program with the candidate's values.

Runs in the runner, which never executes candidate code. Holes are filled lazily from the
child's frame, so an exception a call raised surfaces where the test would have met it.
Outcomes follow the paper's runner; values that are not plain data give FAIL:NotPlainData.
"""

import builtins
import importlib
import re

import plain_data
import split_tests as st

NOT_PLAIN = "FAIL:NotPlainData"


class CandidateRaised(Exception):
    """A call into the candidate raised; carries what the child reported about it."""

    def __init__(self, name, mro, message):
        super().__init__(name)
        self.name = name
        self.mro = mro
        self.message = message


def _import(name, globals=None, locals=None, fromlist=(), level=0):
    root = name.split(".")[0]
    if level or (root not in st.TRUSTED_MODULES and root != "pytest"):
        raise ImportError("the trusted evaluator imports only trusted stdlib modules")
    if root == "pytest":
        return _PYTEST
    return importlib.__import__(name, globals, locals, fromlist, level)


SAFE_BUILTINS = {k: v for k, v in vars(builtins).items() if k not in st.FORBIDDEN}
SAFE_BUILTINS["__import__"] = _import


class _ExcInfo:
    def __init__(self):
        self.type = self.value = self.tb = None


class TrustedRaises:
    """pytest.raises for split tests: compares the exception type the candidate reported."""

    def __init__(self, expected, match=None):
        expected = expected if isinstance(expected, tuple) else (expected,)
        if not all(isinstance(e, type) and issubclass(e, BaseException) for e in expected):
            raise TypeError("pytest.raises expects exception classes")
        self.expected = expected
        self.match = match
        self.info = _ExcInfo()

    def __enter__(self):
        return self.info

    def __exit__(self, exc_type, exc, tb):
        if exc is None:
            raise AssertionError("DID NOT RAISE %r" % (self.expected,))
        if isinstance(exc, CandidateRaised):
            hit = next((e for e in self.expected if [e.__module__, e.__qualname__] in exc.mro), None)
            message = exc.message
        elif isinstance(exc, plain_data.NotPlain):
            return False
        else:  # raised by the trusted program itself, e.g. sorted(None): as in-process pytest
            hit = next((e for e in self.expected if isinstance(exc, e)), None)
            message = str(exc)
        if hit is None:
            return False
        if self.match is not None and not re.search(self.match, message):
            raise AssertionError("Regex pattern %r does not match %r" % (self.match, message))
        self.info.type = hit
        self.info.value = exc if not isinstance(exc, CandidateRaised) else _as_exception(hit, message)
        return True


def _as_exception(cls, message):
    try:
        return cls(message)
    except Exception:
        return Exception(message)


class _TrustedPytest:
    raises = TrustedRaises


_PYTEST = _TrustedPytest()


def evaluate(plan, frame):
    """Outcome of a split test given the child's frame for it: ["load_error", name] or
    ["values", [encoded value | ["raise", name, mro, message] | ["unplain", why], ...]]."""
    kind = frame[0]
    if kind == "load_error":
        return "ERROR:" + frame[1]
    slots = frame[1]
    cache = {}

    def hole(index):
        if index not in cache:
            cache[index] = _fill(slots[index])
        value = cache[index]
        if isinstance(value, BaseException):
            raise value
        return value

    ns = {
        "__builtins__": SAFE_BUILTINS,
        "__name__": "trusted",
        st.HOLE: hole,
        st.EQ: plain_data.strict_eq,
        st.NE: lambda a, b: not plain_data.strict_eq(a, b),
        st.IN: plain_data.strict_in,
        st.NOT_IN: lambda a, b: not plain_data.strict_in(a, b),
        st.RAISES: TrustedRaises,
        "pytest": _PYTEST,
    }
    for name in st.TRUSTED_MODULES.intersection(plan.code.co_names):
        ns[name] = importlib.import_module(name)
    try:
        exec(plan.code, ns)
        return "pass"
    except CandidateRaised as exc:
        if ["builtins", "AssertionError"] in exc.mro:
            return "FAIL"
        return "FAIL:" + exc.name
    except plain_data.NotPlain:
        return NOT_PLAIN
    except AssertionError:
        return "FAIL"
    except BaseException as exc:  # the test's own program failed on the values it was given
        return "FAIL:" + type(exc).__name__


def _fill(slot):
    """Decodes one hole: a value, or the exception to raise in its place."""
    if type(slot) is list and len(slot) == 4 and slot[0] == "raise":
        _, name, mro, message = slot
        if (
            type(name) is str
            and type(message) is str
            and type(mro) is list
            and all(type(m) is list and len(m) == 2 and all(type(x) is str for x in m) for m in mro)
        ):
            return CandidateRaised(name, mro, message)
        return plain_data.NotPlain("malformed exception report")
    if type(slot) is list and len(slot) == 2 and slot[0] == "unplain":
        return plain_data.NotPlain(str(slot[1]))
    try:
        return plain_data.decode(slot)
    except plain_data.NotPlain as exc:
        return exc
    except RecursionError:
        return plain_data.NotPlain("nested too deeply")
