"""A minimal pytest module for tests run inline (the old way), as the paper's runner injects.
Split tests never use it: the trusted evaluator has its own raises (trusted_eval.py)."""

import types


class _ExceptionInfo:
    def __init__(self):
        self.type = None
        self.value = None
        self.tb = None


class _Raises:
    def __init__(self, expected, match):
        self.expected = expected
        self.match = match
        self.excinfo = _ExceptionInfo()

    def __enter__(self):
        return self.excinfo

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            raise AssertionError("DID NOT RAISE %r" % (self.expected,))
        if not issubclass(exc_type, self.expected):
            return False  # a different exception propagates, like pytest
        self.excinfo.type, self.excinfo.value, self.excinfo.tb = exc_type, exc, tb
        if self.match is not None and not __import__("re").search(self.match, str(exc)):
            raise AssertionError("Regex pattern %r does not match %r" % (self.match, str(exc)))
        return True


def raises(expected, *args, match=None, **kwargs):
    ctx = _Raises(expected, match)
    if not args:
        return ctx
    with ctx:  # callable form: pytest.raises(E, fn, *args)
        args[0](*args[1:], **kwargs)
    return ctx.excinfo


def module():
    mod = types.ModuleType("pytest", "Minimal pytest shim provided by the ExecBoard runner.")
    mod.raises = raises
    return mod
