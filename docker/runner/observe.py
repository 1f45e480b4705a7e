"""What the judge saw of one test, for readers of the drilldown: a bounded `repr` of the value
the candidate's call returned and the builtin exception type that ended the test.

Runs in the judge, on the values it decoded itself (plain_data.py): nothing here reads text the
child wrote. `returned` is Python's `repr` of that value, cut to REPR_MAX characters
(`truncated` then says so); it is built here piece by piece for the builtin and stdlib types
the decoder makes, so a value a small frame inflates through shared references (a list of a
hundred references to a list of a hundred...) costs no more than what is shown. A value that
holds anything the judge cannot show as Python would (an object of the candidate's class, whose
repr is its own code; an int too long for str()) has no `returned`. Python's repr differs from
this in two places only: small sets of scalars are shown sorted (their order is the process's
hash order, which differs from run to run), and a Counter is shown in most_common order only
when its counts are small numbers (else in insertion order), so that no ordering can cost more
than showing the value.

Observations never decide anything: the judge computes a test's outcome first and this after,
and any failure here leaves the observation out (judge.py).
"""

import builtins
import collections
import datetime
import decimal
import fractions

import labels
import plain_data

REPR_MAX = 200
SORT_MAX = 1000  # elements of a set sorted for showing; larger sets keep their order
_BIG = 1 << 256  # ints below it in size are shown whole at once
_SCALARS = (int, float, str, bytes)
_TIME = (datetime.date, datetime.datetime, datetime.time, datetime.timedelta, datetime.timezone)
_BUILTIN_TYPES = frozenset(v for v in vars(builtins).values() if isinstance(v, type))
_KEYS, _VALUES, _ITEMS = type({}.keys()), type({}.values()), type({}.items())


class Unshowable(Exception):
    """The value holds something the judge cannot show as Python's repr would."""


class _Full(Exception):
    """More than the bound has been written: the rest is cut."""


class _Out:
    def __init__(self, limit):
        self.parts = []
        self.size = 0
        self.limit = limit
        self.active = set()  # ids of the containers being written (a cycle shows as [...])

    def put(self, text):
        self.parts.append(text)
        self.size += len(text)
        if self.size > self.limit:
            raise _Full

    def room(self):
        return self.limit + 1 - self.size


def bounded_repr(value, limit=REPR_MAX):
    """(repr(value) cut to `limit` characters, whether it was cut); raises Unshowable."""
    t = type(value)
    if t is bool or t is float or value is None or (t is int and -_BIG < value < _BIG) or (t is str and len(value) < limit // 2):
        text = repr(value)  # the common answers, whole at once
        return (text[:limit], True) if len(text) > limit else (text, False)
    out = _Out(limit)
    try:
        _write(out, value)
    except _Full:
        return "".join(out.parts)[:limit], True
    return "".join(out.parts), False


def _write(out, v):
    t = type(v)
    if v is None or v is Ellipsis or v is NotImplemented or t is bool or t is float or t is complex:
        out.put(repr(v))
    elif t is int:
        out.put(_int(v))
    elif t is str or t is bytes or t is bytearray:
        out.put(_text(v, out.room()))
    elif t in _TIME or t is decimal.Decimal:
        out.put(repr(v))
    elif t is fractions.Fraction:
        out.put("Fraction(%s, %s)" % (_int(v.numerator), _int(v.denominator)))
    elif t is range:
        out.put("range(%s, %s%s)" % (_int(v.start), _int(v.stop), "" if v.step == 1 else ", " + _int(v.step)))
    elif t is slice:
        out.put("slice(")
        _write(out, v.start)
        out.put(", ")
        _write(out, v.stop)
        out.put(", ")
        _write(out, v.step)
        out.put(")")
    elif t is type:
        if v not in _BUILTIN_TYPES:
            raise Unshowable("a class")
        out.put(repr(v))
    else:
        _container(out, v, t)


def _container(out, v, t):
    key = id(v)
    if key in out.active:
        out.put("[...]" if t in (list, collections.deque) else "{...}" if t is dict or t is collections.defaultdict or t is collections.Counter else "...")
        return
    out.active.add(key)
    try:
        if t is list:
            _seq(out, "[", v, "]")
        elif t is tuple:
            _seq(out, "(", v, ",)" if len(v) == 1 else ")")
        elif t is set:
            _seq(out, "{", _shown_order(v), "}") if v else out.put("set()")
        elif t is frozenset:
            _seq(out, "frozenset({", _shown_order(v), "})") if v else out.put("frozenset()")
        elif t is dict:
            _pairs(out, "{", dict.items(v), "}")
        elif t is collections.OrderedDict:
            _pairs(out, "OrderedDict([", v.items(), "])", tuples=True) if v else out.put("OrderedDict()")
        elif t is collections.Counter:
            _pairs(out, "Counter({", _counted(v), "})") if v else out.put("Counter()")
        elif t is collections.defaultdict:
            factory = v.default_factory
            if factory is not None and factory not in _BUILTIN_TYPES:
                raise Unshowable("a default factory of the candidate's")
            out.put("defaultdict(%r, " % factory)
            _pairs(out, "{", dict.items(v), "})")
        elif t is collections.deque:
            _seq(out, "deque([", v, "]" + ("" if v.maxlen is None else ", maxlen=%d" % v.maxlen) + ")")
        elif t is _KEYS or t is _VALUES:
            _seq(out, ("dict_keys([" if t is _KEYS else "dict_values(["), v, "])")
        elif t is _ITEMS:
            _pairs(out, "dict_items([", v, "])", tuples=True)
        elif isinstance(v, plain_data.CandidateObject):
            raise Unshowable("an object of the candidate's class")
        elif issubclass(t, tuple) and type(getattr(t, "_fields", None)) is tuple:
            # Only the decoder makes tuple subclasses here: its namedtuples.
            out.put(t.__name__ + "(")
            for i, (name, item) in enumerate(zip(t._fields, v)):
                out.put(("%s=" if i == 0 else ", %s=") % name)
                _write(out, item)
            out.put(")")
        else:
            raise Unshowable("a %s" % t.__name__)
    finally:
        out.active.discard(key)


def _seq(out, opening, items, closing):
    out.put(opening)
    for i, item in enumerate(items):
        if i:
            out.put(", ")
        _write(out, item)
    out.put(closing)


def _pairs(out, opening, items, closing, tuples=False):
    out.put(opening)
    for i, (k, x) in enumerate(items):
        out.put(", (" if i and tuples else ", " if i else "(" if tuples else "")
        _write(out, k)
        out.put(", " if tuples else ": ")
        _write(out, x)
        if tuples:
            out.put(")")
    out.put(closing)


def _int(v):
    try:
        return repr(v)
    except ValueError:  # more digits than str() allows (sys.get_int_max_str_digits)
        raise Unshowable("an int too long to show") from None


def _text(v, room):
    """repr of a str, bytes or bytearray, computing at most what `room` characters can show."""
    if len(v) < room:
        return repr(v)
    # Python picks the quote by the whole value (' unless it holds ' and no "); escapes are per
    # character, except that a str or bytes escapes only the quote it picked, while a bytearray
    # always escapes '.
    single, double = ("'", '"') if type(v) is str else (b"'", b'"')
    quote = '"' if single in v and double not in v else "'"
    cut = repr(v[:room])
    opening = cut.index(cut[-2 if type(v) is bytearray else -1])  # the part's own quote
    body = cut[opening + 1 : -2 if type(v) is bytearray else -1]
    if cut[opening] != quote and quote == "'" and type(v) is not bytearray:
        body = body.replace("'", "\\'")  # the part was quoted with ": its ' were left bare
    return cut[:opening] + quote + body


def _shown_order(items):
    """A set's elements: sorted when they are few scalars of one kind (cheap to order)."""
    if len(items) > SORT_MAX:
        return items
    kinds = {type(x) for x in items}
    if len(kinds) == 1 and kinds <= set(_SCALARS) or kinds <= {int, float, bool}:
        try:
            return sorted(items)
        except (TypeError, ValueError):
            pass
    return items


def _counted(counter):
    """A Counter's items as its repr lists them (most_common), when its counts are small numbers."""
    items = dict.items(counter)
    small = len(counter) <= SORT_MAX and all(type(n) is int and -(1 << 64) < n < 1 << 64 for n in dict.values(counter))
    return sorted(items, key=lambda kv: kv[1], reverse=True) if small else items


def observation(returned, raised):
    """The observation of a test: `returned`, the decoded value of the last candidate step the
    test read (or `_NOTHING`), and `raised`, the builtin exception class the judge took as ending
    it (or None). None when there is nothing to show."""
    out = {}
    if returned is not NOTHING:
        try:
            text, cut = bounded_repr(returned)
            out["returned"], out["truncated"] = text, cut
        except (Unshowable, RecursionError):
            pass
    name = labels.name_or(getattr(raised, "__name__", None), None) if raised is not None else None
    if name is not None:
        out["exception"] = name
    return out or None


NOTHING = object()
