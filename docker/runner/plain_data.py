"""Plain data, trusted side: decodes what the child sent (plain_encode.py) into real builtin and
stdlib objects, so a test's `==`, `in`, `sorted(...)` or `repr(...)` mean what they mean in
Python. Everything is re-checked: the child is candidate-controlled and may send anything.

Objects keep the numbers the encoder gave them across all holes of a test: `f() is f()` holds
exactly when the candidate returned one object twice, and a mutable object sent again with new
content (`R`) is updated in place, as the test would have seen it mutate. An object that
is not plain data stands in as a placeholder (CandidateObject): equal only to itself and
truthy, as in Python, while whatever its class decides itself (its ==, its truthiness, its
repr...) fails the test with FAIL:NotPlainData as soon as the trusted program uses it.
"""

import base64
import builtins
import collections
import datetime
import decimal
import fractions
import functools
import importlib

from plain_encode import MAX_DEPTH, MAX_NODES, NotPlain  # noqa: F401  (NotPlain is re-exported)
from source_names import TRUSTED_MODULES
from split_tests import FORBIDDEN

_PENDING = object()
_REAL = dict(vars(builtins))


def _refuse(name):
    def method(self, *args, **kwargs):
        raise NotPlain("%s on a %s is the candidate's own code" % (name, object.__getattribute__(self, "_eb_label")))

    method.__name__ = name
    return method


# What the trusted program can never do to a candidate object: it cannot see inside it.
_PROTOCOL = (
    "__iter__ __contains__ __getitem__ __setitem__ __delitem__ __reversed__ __next__ "
    "__index__ __int__ __float__ __complex__ __round__ __trunc__ __floor__ __ceil__ __call__ "
    "__enter__ __exit__ __add__ __radd__ __sub__ __rsub__ __mul__ __rmul__ __truediv__ "
    "__rtruediv__ __floordiv__ __rfloordiv__ __mod__ __rmod__ __pow__ __rpow__ __neg__ __pos__ "
    "__abs__ __invert__ __and__ __rand__ __or__ __ror__ __xor__ __rxor__ __lshift__ __rshift__ "
    "__matmul__ __getattr__"
).split()
# What the candidate's class may have made its own (plain_encode._OWN): refused if it did.
_OWN = frozenset("__eq__ __ne__ __lt__ __le__ __gt__ __ge__ __hash__ __bool__ __len__ __repr__ __str__ __format__".split())


class CandidateObject:
    """A candidate object that is not plain data (a generator, a function, an instance of the
    candidate's class). As in Python, it is equal only to itself and truthy, unless its class
    decides those: then the test cannot be judged on its value (FAIL:NotPlainData)."""

    __slots__ = ("_eb_label",)

    def __init__(self, label):
        self._eb_label = label

    def __repr__(self):
        return "<%s object>" % self._eb_label


for _name in _PROTOCOL:
    setattr(CandidateObject, _name, _refuse(_name))


@functools.lru_cache(maxsize=64)
def _candidate_class(own):
    """CandidateObject refusing the protocols in `own` too (a default __ne__ asks __eq__)."""
    if not own:
        return CandidateObject
    refused = set(own) | ({"__ne__"} if "__eq__" in own else set())
    return type("CandidateObject", (CandidateObject,), {"__slots__": (), **{n: _refuse(n) for n in refused}})


class Decoder:
    """Decodes the slots of one test, in order, with the encoder's numbering of objects."""

    def __init__(self):
        self.objects = []
        self.nodes = 0

    def slot(self, node):
        if type(node) is list and len(node) == 2 and node[0] == "x":
            raise NotPlain(str(node[1])[:200])
        return self.dec(node, 0)

    def dec(self, o, depth):
        self.nodes += 1
        if self.nodes > MAX_NODES or depth > MAX_DEPTH + 2:
            raise NotPlain("too large or too deep")
        if type(o) is not list or not o or type(o[0]) is not str:
            raise NotPlain("malformed value")
        tag = o[0]
        if len(o) == 1 and tag in ("N", "E", "NI"):
            return None if tag == "N" else Ellipsis if tag == "E" else NotImplemented
        if tag == "b" and o[1:] in ([0], [1]):
            return o[1] == 1
        if tag == "r" and len(o) == 2:
            return self._ref(o[1])
        if tag == "R" and len(o) == 3:
            target = self._ref(o[1])
            _update(target, self.build(o[2], depth, register=False))
            return target
        return self.build(o, depth, register=True)

    def _ref(self, number):
        if type(number) is not int or not 0 <= number < len(self.objects):
            raise NotPlain("malformed reference")
        obj = self.objects[number]
        if obj is _PENDING:
            raise NotPlain("cyclic value")
        return obj

    def build(self, o, depth, register):
        if type(o) is not list or not o or type(o[0]) is not str:
            raise NotPlain("malformed value")
        if register:
            number = len(self.objects)
            self.objects.append(_PENDING)
        try:
            value = self.make(o[0], o[1:], depth)
        except NotPlain:
            raise
        except (TypeError, ValueError, OverflowError, ArithmeticError, IndexError, KeyError, AttributeError) as exc:
            raise NotPlain("malformed %r value: %s" % (o[0], type(exc).__name__))
        if register:
            self.objects[number] = value
        return value

    def make(self, tag, a, depth):
        if tag == "i":
            return int(_text(a[0]), 16)
        if tag == "f":
            return float.fromhex(_text(a[0]))
        if tag == "c":
            return complex(float.fromhex(_text(a[0])), float.fromhex(_text(a[1])))
        if tag == "s":
            return _text(a[0])
        if tag in ("y", "Y"):
            raw = base64.b64decode(_text(a[0]), validate=True)
            return raw if tag == "y" else bytearray(raw)
        if tag == "rg":
            return range(*(int(_text(x), 16) for x in a[:3]))
        if tag == "sl" and len(a) == 3:
            return slice(*(self.dec(x, depth + 1) for x in a))
        if tag == "T":
            value = _REAL.get(_text(a[0]))
            if not isinstance(value, type):
                raise NotPlain("not a builtin type")
            return value
        if tag == "M":
            name = _text(a[0])
            parts = name.split(".")
            if parts[0] in TRUSTED_MODULES and all(p.isidentifier() and not p.startswith("_") for p in parts):
                try:
                    return importlib.import_module(name)
                except ImportError:
                    pass
            return _candidate_class(frozenset(("__repr__",)))("builtins.module")  # as an untrusted module crosses ("o")
        if tag == "B":
            name = _text(a[0])
            value = _REAL.get(name)
            # Never one the judge's programs may not name either (eval, open, print...): called
            # by a test, it would let a candidate's value run code or reach the judge's streams.
            if type(value) is not type(len) or name.startswith("_") or name in FORBIDDEN:
                raise NotPlain("not a builtin function the test may use")
            return value
        if tag == "Q":
            return fractions.Fraction(int(_text(a[0]), 16), int(_text(a[1]), 16))
        if tag == "D":
            return decimal.Decimal(_text(a[0]))
        if tag in ("td", "da", "tm", "dt"):
            return _time(tag, a)
        if tag == "tz" and len(a) == 2:
            offset = a[0]
            if type(offset) is not list or offset[:1] != ["td"]:
                raise NotPlain("malformed time zone")
            delta = _time("td", offset[1:])
            return datetime.timezone(delta) if a[1] is None else datetime.timezone(delta, _text(a[1]))
        if tag == "o":
            own = frozenset(n for n in _items(a[1]) if n in _OWN)
            return _candidate_class(own)(str(a[0])[:200])
        if tag == "nt":
            cls = _namedtuple(_text(a[0]), tuple(_text(f) for f in _items(a[1])))
            values = self.values(a[2], depth)
            if len(values) != len(cls._fields):
                raise NotPlain("malformed namedtuple")
            return cls._make(values)
        if tag == "dq":
            maxlen = a[0]
            if type(maxlen) is not int or maxlen < -1:
                raise NotPlain("malformed deque")
            return collections.deque(self.values(a[1], depth), None if maxlen == -1 else maxlen)
        if tag == "dd":
            factory = self.dec(a[0], depth + 1)
            if factory is not None and not callable(factory):
                raise NotPlain("malformed defaultdict")
            return self.mapping(collections.defaultdict(factory), a[1], depth)
        if tag in ("d", "od", "ct"):
            kind = {"d": dict, "od": collections.OrderedDict, "ct": collections.Counter}[tag]
            return self.mapping(kind(), a[0], depth)
        if tag == "vk":
            return dict.fromkeys(self.values(a[0], depth)).keys()
        if tag == "vv":
            return dict(enumerate(self.values(a[0], depth))).values()
        if tag == "vi":
            return self.mapping({}, a[0], depth).items()
        values = self.values(a[0], depth) if len(a) == 1 else None
        if values is None:
            raise NotPlain("malformed %r value" % tag)
        constructor = {"l": list, "t": tuple, "S": set, "F": frozenset}.get(tag)
        if constructor is None:
            raise NotPlain("unknown tag %r" % tag)
        return values if constructor is list else constructor(values)

    def values(self, items, depth):
        return [self.dec(x, depth + 1) for x in _items(items)]

    def mapping(self, out, items, depth):
        # dict's own __setitem__ (a Counter's update would add), but an OrderedDict's: it keeps
        # the order its comparisons and iteration read apart from the dict's entries.
        setitem = collections.OrderedDict.__setitem__ if type(out) is collections.OrderedDict else dict.__setitem__
        for p in _items(items):
            if type(p) is not list or len(p) != 2:
                raise NotPlain("malformed mapping")
            key = self.dec(p[0], depth + 1)
            setitem(out, key, self.dec(p[1], depth + 1))
        return out


def _items(x):
    if type(x) is not list:
        raise NotPlain("expected a list")
    return x


def _text(x):
    if type(x) is not str:
        raise NotPlain("expected text")
    return x


@functools.lru_cache(maxsize=256)
def _namedtuple(typename, fields):
    return collections.namedtuple(typename, fields)


def _update(target, new):
    """Gives the mutable object `target` the content of `new` (a fresh decode of its new state)."""
    t = type(target)
    if type(new) is not t:
        raise NotPlain("an object changed its type")
    if t is list or t is bytearray:
        target[:] = new
    elif t is set:
        target.clear()
        target.update(new)
    elif t is collections.deque and target.maxlen == new.maxlen:
        target.clear()
        target.extend(new)
    elif t is collections.OrderedDict:
        target.clear()
        target.update(new)
    elif t in (dict, collections.Counter, collections.defaultdict):
        dict.clear(target)
        dict.update(target, new)
        if t is collections.defaultdict:
            target.default_factory = new.default_factory
    else:
        raise NotPlain("not a mutable value")


def _time(tag, a):
    if any(type(x) is not int for x in a if x is not None and type(x) is not list):
        raise NotPlain("malformed time value")
    if tag == "td":
        return datetime.timedelta(days=a[0], seconds=a[1], microseconds=a[2])
    if tag == "da":
        return datetime.date(a[0], a[1], a[2])
    *fields, fold, offset = a
    tz = None
    if offset is not None:
        if type(offset) is not list or offset[:1] != ["td"]:
            raise NotPlain("malformed time zone")
        tz = datetime.timezone(_time("td", offset[1:]))
    if tag == "tm":
        return datetime.time(*fields, tzinfo=tz, fold=fold)
    return datetime.datetime(*fields, tzinfo=tz, fold=fold)
