"""The trusted side of a split test: runs the test's own program on the candidate's values.

Runs in the judge (judge.py), which never executes candidate code. The program is the test
with its candidate parts replaced (split_tests.py); `__eb_hole__(k)` and `__eb_step__(k)`
fill in, lazily and in order, what the child reported for step k, so an exception the
candidate raised surfaces where the test would have met it. Everything else is Python with
the real builtins and the real stdlib modules: `1 == True`, `OrderedDict(...) == {...}`,
`sorted(...)`, `repr(...)` mean what they mean. An exception the candidate raised counts as
its nearest builtin class (`pytest.raises(LookupError)` catches a KeyError, never a home-made
class that only claims the name); its own class name labels the outcome.
"""

import builtins
import decimal
import importlib

import labels
import observe
import plain_data
import pytest_shim
import split_tests as st

NOT_PLAIN = "FAIL:NotPlainData"


class CandidateRaised(Exception):
    """A candidate step raised; `cls` is the real builtin class it counts as."""

    def __init__(self, cls, name, message, args=None):
        super().__init__(name)
        self.cls = cls
        self.name = name
        self.message = message
        self.raised_args = args  # the exception's own args (an exception of the builtin class itself), or None


def _import(name, globals=None, locals=None, fromlist=(), level=0):
    root = name.split(".")[0]
    if level or (root not in st.TRUSTED_MODULES and root != "pytest"):
        raise ImportError("the trusted evaluator imports only trusted stdlib modules")
    if root == "pytest":
        return _PYTEST
    return importlib.__import__(name, globals, locals, fromlist, level)


SAFE_BUILTINS = {k: v for k, v in vars(builtins).items() if k not in st.FORBIDDEN}
SAFE_BUILTINS["__import__"] = _import
_EXCEPTIONS = {k: v for k, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, BaseException)}


class TrustedRaises(pytest_shim.Raises):
    """pytest.raises for split tests, matching by the real builtin class hierarchy: what the
    candidate raised counts as its nearest builtin class, with the message it reported."""

    def __init__(self, expected, match=None):
        expected = expected if isinstance(expected, tuple) else (expected,)
        if not all(isinstance(e, type) and issubclass(e, BaseException) for e in expected):
            raise TypeError("pytest.raises expects exception classes")
        super().__init__(expected, match)

    def counts_as(self, exc):
        if isinstance(exc, plain_data.NotPlain):
            return None
        if isinstance(exc, CandidateRaised):
            return exc.cls
        return type(exc)  # raised by the trusted program itself, e.g. sorted(None)

    def seen_as(self, exc, cls, tb):
        # No traceback: its frames are the judge's.
        return (_as_exception(cls, exc.message, exc.raised_args) if isinstance(exc, CandidateRaised) else exc), None

    def message_of(self, exc):
        return exc.message if isinstance(exc, CandidateRaised) else str(exc)


def _as_exception(cls, message, args=None):
    """The exception the test sees: the builtin class with the candidate's own args where they
    crossed (KeyError('k') has str "'k'"), else with its message."""
    if args is not None:
        try:
            return cls(*args)
        except Exception:
            pass
    try:
        return cls(message)
    except Exception:
        return Exception(message)


class _TrustedPytest:
    raises = TrustedRaises


_PYTEST = _TrustedPytest()


class _Slots:
    """The child's slots of one test, decoded on demand and strictly in order."""

    def __init__(self, slots):
        self.slots = slots
        self.decoded = 0
        self.decoder = plain_data.Decoder()
        self.values = {}
        self.last = None  # the step the test read last (what its observation shows)

    def get(self, index, want_value):
        if type(index) is not int or not 0 <= index < len(self.slots):
            raise plain_data.NotPlain("no such step")
        self.last = index
        while self.decoded <= index:  # earlier slots first: they number the objects
            k = self.decoded
            self.decoded += 1
            self.values[k] = self._decode(self.slots[k])
        value = self.values[index]
        if isinstance(value, BaseException):
            raise value
        if value is _OK:
            if want_value:
                raise plain_data.NotPlain("a statement where a value was expected")
            return None
        if not want_value:
            raise plain_data.NotPlain("a value where a statement was expected")
        return value

    def _decode(self, slot):
        if slot is None:
            return plain_data.NotPlain("a step the child did not run")
        if type(slot) is list and slot == ["ok"]:
            return _OK
        if type(slot) is list and len(slot) in (4, 5) and slot[0] == "raise":
            _, builtin, name, message, raw_args = slot if len(slot) == 5 else slot + [None]
            cls = _EXCEPTIONS.get(builtin) if type(builtin) is str else None
            if cls is None or type(message) is not str:
                return plain_data.NotPlain("malformed exception report")
            return CandidateRaised(cls, labels.name_or(name, cls.__name__), message, _raised_args(raw_args))
        try:
            return plain_data.Decoder.slot(self.decoder, slot)
        except plain_data.NotPlain as exc:
            return exc
        except RecursionError:
            return plain_data.NotPlain("nested too deeply")


_OK = object()


def _raised_args(raw):
    """A raised exception's args (a tuple of plain values, own numbering), or None."""
    if raw is None:
        return None
    try:
        args = plain_data.Decoder().slot(raw)
    except (plain_data.NotPlain, RecursionError):
        return None
    return args if type(args) is tuple else None


def evaluate(code, origins, frame):
    """(outcome, observation) of a split test: `code` is its trusted program, `origins` the real
    objects the candidate's imports stand for ((name, module, attribute or None), ...), `frame`
    the child's report (["load_error", name] or ["steps", slots]). The observation (observe.py)
    is what the test last read from the candidate and the exception that ended it, or None; it
    is made after the outcome and can never change it."""
    if frame[0] == "load_error":
        return "ERROR:" + labels.name_or(frame[1], "Exception"), None
    slots = _Slots(frame[1])
    ns = {
        "__builtins__": SAFE_BUILTINS,
        "__name__": "trusted",
        st.HOLE: lambda k: slots.get(k, True),
        st.STEP: lambda k: slots.get(k, False),
        st.RAISES: TrustedRaises,
        "pytest": _PYTEST,
    }
    for name, module, attr in origins:
        try:
            ns[name] = _resolve(module, attr)
        except (ImportError, AttributeError):
            pass  # undefined, as for the candidate, whose code then failed to load
    decimal.setcontext(decimal.Context())  # a test's own context changes end with the test
    outcome, ended = _run(code, ns)
    try:
        return outcome, _observed(slots, ended)
    except BaseException:  # noqa: BLE001  (never at the outcome's expense)
        return outcome, None


def _run(code, ns):
    """(outcome, the exception that ended the test or None)."""
    try:
        exec(code, ns)
        return "pass", None
    except CandidateRaised as exc:
        if issubclass(exc.cls, AssertionError):
            return "FAIL", exc
        return "FAIL:" + exc.name, exc
    except plain_data.NotPlain as exc:
        return NOT_PLAIN, exc
    except AssertionError as exc:
        return "FAIL", exc
    except BaseException as exc:  # the test's own program failed on the values it was given
        return "FAIL:" + labels.name_or(type(exc).__name__, "Exception"), exc


def _observed(slots, ended):
    """The last candidate step the test read, shown if it gave a value, and the builtin class
    of the exception the candidate raised there or the test's own program raised on its values."""
    value = slots.values.get(slots.last, observe.NOTHING) if slots.last is not None else observe.NOTHING
    raised = None
    if isinstance(value, CandidateRaised):
        raised, value = value.cls, observe.NOTHING
    elif isinstance(value, BaseException) or value is _OK:
        value = observe.NOTHING  # not plain data, or a statement
    if isinstance(ended, CandidateRaised):
        raised = ended.cls
    elif ended is not None and not isinstance(ended, (AssertionError, plain_data.NotPlain)):
        raised = type(ended)
    return observe.observation(value, raised)


def _resolve(module, attr):
    mod = importlib.import_module(module)
    return mod if attr is None else getattr(mod, attr)
