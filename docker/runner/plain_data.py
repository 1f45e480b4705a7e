"""Plain data, trusted side: decodes what the child sent (plain_encode.py) back into exact
builtin (or allow-listed stdlib) types, and compares such values strictly.

Decoding re-checks everything: the child is candidate-controlled and may send anything.
"""

import base64
import collections
import datetime
import decimal
import fractions

from plain_encode import MAX_DEPTH, MAX_NODES, NotPlain  # noqa: F401  (NotPlain is re-exported)


# ---------------------------------------------------------------- decoding (trusted side)


def decode(obj):
    return _Decoder().dec(obj, 0)


class _Decoder:
    def __init__(self):
        self.nodes = 0

    def dec(self, o, depth):
        self.nodes += 1
        if self.nodes > MAX_NODES or depth > MAX_DEPTH + 1:
            raise NotPlain("too large or too deep")
        if type(o) is not list or not o or type(o[0]) is not str:
            raise NotPlain("malformed value")
        tag, args = o[0], o[1:]
        try:
            return self.dec_tag(tag, args, depth)
        except NotPlain:
            raise
        except (TypeError, ValueError, OverflowError, ArithmeticError, IndexError) as exc:
            raise NotPlain("malformed %r value: %s" % (tag, type(exc).__name__))

    def dec_tag(self, tag, a, depth):
        if tag == "N" and not a:
            return None
        if tag == "b" and a in ([0], [1]):
            return a[0] == 1
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
        if tag == "Q":
            return fractions.Fraction(int(_text(a[0]), 16), int(_text(a[1]), 16))
        if tag == "D":
            return decimal.Decimal(_text(a[0]))
        if tag in ("td", "da", "tm", "dt"):
            return self.dec_time(tag, a)
        items = a[0] if len(a) == 1 and type(a[0]) is list else None
        if items is None:
            raise NotPlain("malformed %r value" % tag)
        if tag in ("d", "od", "ct"):
            pairs = []
            for p in items:
                if type(p) is not list or len(p) != 2:
                    raise NotPlain("malformed mapping")
                pairs.append((self.dec(p[0], depth + 1), self.dec(p[1], depth + 1)))
            kind = {"d": dict, "od": collections.OrderedDict, "ct": collections.Counter}[tag]
            out = kind()
            for k, x in pairs:
                dict.__setitem__(out, k, x)  # Counter's own update would add, not set
            return out
        values = [self.dec(x, depth + 1) for x in items]
        if tag == "l":
            return values
        if tag == "t":
            return tuple(values)
        if tag == "S":
            return set(values)
        if tag == "F":
            return frozenset(values)
        raise NotPlain("unknown tag %r" % tag)

    def dec_time(self, tag, a):
        if any(type(x) is not int for x in a if x is not None and type(x) is not list):
            raise NotPlain("malformed time value")
        if tag == "td":
            return datetime.timedelta(days=a[0], seconds=a[1], microseconds=a[2])
        if tag == "da":
            return datetime.date(a[0], a[1], a[2])
        *fields, fold, offset = a
        tz = None if offset is None else datetime.timezone(self.dec_time("td", offset[1:]) if offset[0] == "td" else None)
        if tag == "tm":
            return datetime.time(*fields, tzinfo=tz, fold=fold)
        return datetime.datetime(*fields, tzinfo=tz, fold=fold)


def _text(x):
    if type(x) is not str:
        raise NotPlain("expected text")
    return x


# ---------------------------------------------------------------- strict comparison (trusted side)

_NUMBERS = (int, float, complex, fractions.Fraction, decimal.Decimal)


def strict_eq(a, b):
    """`a == b` for decoded plain values, with exact types: a bool is not an int, a list is not
    a tuple, an OrderedDict is not a dict. Numbers of different kinds compare by value (2 == 2.0),
    as the test author's `==` means."""
    ta, tb = type(a), type(b)
    if ta is bool or tb is bool:
        return ta is tb and a == b
    if ta in _NUMBERS and tb in _NUMBERS:
        try:
            return a == b
        except (TypeError, ArithmeticError):
            return False
    if ta is not tb:
        return False
    if ta is list or ta is tuple:
        return len(a) == len(b) and all(strict_eq(x, y) for x, y in zip(a, b))
    if ta in (dict, collections.OrderedDict, collections.Counter):
        if not _same_members(a.keys(), b.keys()):
            return False
        if ta is collections.OrderedDict and list(a) != list(b):
            return False
        return all(strict_eq(v, b[k]) for k, v in a.items())
    if ta is set or ta is frozenset:
        return _same_members(a, b)
    return a == b


def _same_members(a, b):
    # Hash-based equality, except that True/False must not stand in for 1/0.
    return a == b and {x for x in a if type(x) is bool} == {x for x in b if type(x) is bool}


def strict_in(item, container):
    """`item in container`, strict for lists and tuples; other containers (str, set, dict keys)
    keep Python's own membership test."""
    if type(container) in (list, tuple):
        return any(strict_eq(item, x) for x in container)
    return item in container
