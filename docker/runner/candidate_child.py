"""The candidate's process: the only place candidate code ever runs.

Forked per pair by the fork server, which has already applied everything children share
(resource limits, OOM preference, working directory). Here the child takes its own process
group and descriptors, becomes the candidate's own uid (when the server may switch uids),
receives the code and, per test, either the steps to run (split tests: no expected value is
ever sent) or the whole test (inline tests, run the old way), is under the exec filter (born
under the fork server's, else it installs its own), writes the ready line "+" and then one
frame per test:
  [index, "load_error", name] | [index, "steps", [slot | null, ...]] | [index, "inline", outcome]
A slot is a hole's value (plain_encode.py), ["ok"] for a statement that ran, ["raise", builtin,
name, message, args] for an exception (builtin: its nearest builtin class; name: its own class
name; args: its args as plain data when its class is that builtin and they are small, else
null), or ["x", why] for a value that could not be encoded; null where the step never ran.
Nothing it writes is trusted: the judge decodes values strictly and decides every verdict.
"""

import builtins
import fcntl
import json
import marshal
import os
import signal
import sys
from builtins import BaseException, compile, dict, enumerate, eval, exec, id, isinstance, len, memoryview, next, str, type, vars  # noqa: A004
from json.encoder import c_make_encoder, encode_basestring_ascii

import exec_filter
import plain_encode
import pytest_shim

# Bound here, before any candidate code exists: a candidate that patches the builtins module,
# or json.dumps, cannot change how this process reads its values or writes its frames.

MAX_FRAME_BYTES = 2 << 20
MAX_MESSAGE_CHARS = 2000
REQ_FD, RES_FD = 3, 4
CANDIDATE_UID = 10002  # owns nothing; differs from the runner's, the fork server's and the judge's
SETUP_FAILED = 113  # exit status before any candidate code ran: not the candidate's doing
READY = b"+\n"
RECURSION_LIMIT = sys.getrecursionlimit()  # Python's default, as the paper's runner has it
_get_limit, _set_limit_raw = sys.getrecursionlimit, sys.setrecursionlimit  # bound before candidate code exists
OK = ["ok"]
SWITCH_UID = False  # set by the fork server once it has seen a child switch (fork_server.py)
FILTER_INHERITED = False  # set by the fork server once the exec filter is on it (and so on every child)

# Taken in the fork server, before any candidate code exists: what holes call as builtins.
REAL_BUILTINS = dict(vars(builtins))
# Builtin types (tag "T") and builtin functions (tag "B"), by identity: they cross by name.
_NAMED_BUILTINS = {
    id(v): ("T" if isinstance(v, type) else "B", k)
    for k, v in REAL_BUILTINS.items()
    if isinstance(v, type) or (type(v) is type(len) and not k.startswith("_"))
}
_BUILTIN_EXCEPTIONS = {id(v): k for k, v in REAL_BUILTINS.items() if isinstance(v, type) and issubclass(v, BaseException)}


def is_name(name):
    """The label grammar's names (labels.py), checked without importing re into every child."""
    return type(name) is str and 0 < len(name) <= 100 and name.isascii() and name.isidentifier()


def exception_report(exc):
    """(nearest builtin exception class name, the exception's own class name, its message)."""
    cls = type(exc)
    builtin = next((_BUILTIN_EXCEPTIONS[id(c)] for c in cls.__mro__ if id(c) in _BUILTIN_EXCEPTIONS), "BaseException")
    own = str(cls.__name__)[:101]  # longer than the grammar allows either way
    try:
        message = str(exc)[:MAX_MESSAGE_CHARS]
    except BaseException:
        message = ""
    return builtin, own, message


def _exception_args(exc):
    """The args of an exception of a builtin class itself, as plain data (so the test sees
    `KeyError('k').args` and its str as Python does), when small; else None (the judge then
    rebuilds it from the message). A subclass of the candidate's keeps its own str: the message."""
    if id(type(exc)) not in _BUILTIN_EXCEPTIONS:
        return None
    try:
        args = exc.args
        if type(args) is not tuple:
            return None
        slot = plain_encode.Encoder(_NAMED_BUILTINS).slot(args)
        return slot if len(dumps(slot)) <= MAX_MESSAGE_CHARS else None
    except BaseException:
        return None


def label_name(exc):
    builtin, own, _ = exception_report(exc)
    return own if is_name(own) else builtin


def _value_slot(encoder, value):
    mark = len(encoder.keep)
    try:
        return encoder.slot(value)
    except BaseException as exc:  # NotPlain, or anything a hostile value's type throws at us
        # Numbers handed out while encoding this value are taken back: the judge never sees them.
        for obj in encoder.keep[mark:]:
            encoder.refs.pop(id(obj), None)
        del encoder.keep[mark:]
        why = str(exc)[:200] if isinstance(exc, plain_encode.NotPlain) else "not plain data"
        return ["x", why]


def become_candidate():
    """Switches to the candidate's uid, unless the fork server found it may not."""
    if not SWITCH_UID:
        return False
    os.setgroups([])
    os.setresgid(CANDIDATE_UID, CANDIDATE_UID, CANDIDATE_UID)
    os.setresuid(CANDIDATE_UID, CANDIDATE_UID, CANDIDATE_UID)  # from uid 0: every capability goes
    if os.getresuid() != (CANDIDATE_UID,) * 3:  # the calls raise on failure; this is belt and braces
        raise OSError("could not become the candidate's uid")
    return True


def setup(fds):
    """Own process group; only the request, result and output descriptors survive (stdout and
    stderr go to the capped output pipe, stdin is /dev/null); dies with the fork server."""
    os.setpgid(0, 0)
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in fds]
    os.dup2(high[0], REQ_FD)
    os.dup2(high[1], RES_FD)
    os.dup2(high[2], 1)
    os.dup2(high[2], 2)
    os.closerange(0, 1)
    os.closerange(RES_FD + 1, os.sysconf("SC_OPEN_MAX"))  # the fork server's socket included
    try:  # stdin reads as empty, as a suite's stdin does once read: input() raises EOFError
        null = os.open("/dev/null", os.O_RDONLY)
        if null != 0:
            os.dup2(null, 0)
            os.close(null)
    except OSError:
        pass
    exec_filter.prctl(exec_filter.PR_SET_PDEATHSIG, signal.SIGKILL)


def read_request(req_fd):
    chunks = []
    while True:
        chunk = os.read(req_fd, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(req_fd)
    return marshal.loads(b"".join(chunks))


def _no_default(value):
    raise TypeError("not JSON")


# The C encoder itself (what json.dumps calls), with compact separators and no Python wrapper.
_ENCODE = c_make_encoder(None, _no_default, encode_basestring_ascii, None, ":", ",", False, False, True) if c_make_encoder else None


def dumps(frame):
    if _ENCODE is None:
        return json.dumps(frame, separators=(",", ":")).encode()
    return "".join(_ENCODE(frame, 0)).encode()


def _write(res_fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(res_fd, view):]


def _set_limit(limit):
    try:
        _set_limit_raw(max(limit, 50))
    except BaseException:  # RecursionError: lower than the depth in use
        pass


def _frames():
    """How many frames the caller's stack holds, its own included."""
    frame, n = sys._getframe(1), 0
    while frame is not None:
        n += 1
        frame = frame.f_back
    return n


def run(request, res_fd):
    shim = pytest_shim.module()
    sys.modules["pytest"] = shim
    # Candidate code gets the recursion depth it has under the paper's runner, whose own script
    # is all that lies below the candidate's module and its tests. Ours is deeper (the frames
    # below this one, and _run_steps / _run_inline below the tests), so the limit is raised by
    # as much, and so is a limit the candidate's module sets itself; the differential suite
    # (tests/sandbox/differential.test.ts) checks the depth reached at each place, to the frame.
    extra = _frames()
    limit = RECURSION_LIMIT + extra
    _set_limit(limit)

    def emit(frame):
        data = dumps(frame)
        if len(data) > MAX_FRAME_BYTES and frame[1] == "steps":
            too_big = ["x", "values larger than %d bytes" % MAX_FRAME_BYTES]
            frame = [frame[0], "steps", [s if s is None or s[0] in ("ok", "raise") else too_big for s in frame[2]]]
            data = dumps(frame)
        _write(res_fd, data + b"\n")

    try:
        code = compile(request["code"], "<candidate>", "exec", dont_inherit=True, optimize=0)
    except BaseException as exc:  # SyntaxError, ValueError (null bytes), RecursionError...
        for index, _ in enumerate(request["tests"]):
            emit([index, "load_error", label_name(exc)])
        return
    for index, spec in enumerate(request["tests"]):
        ns = {"__name__": "candidate", "__builtins__": builtins, "pytest": shim}
        try:
            exec(code, ns)
        except BaseException as exc:
            emit([index, "load_error", label_name(exc)])
            continue
        if _get_limit() != limit:  # the candidate's module set its own
            limit = _get_limit() + extra
        _set_limit(limit + 1)
        if "steps" in spec:
            ns["__eb_B__"] = REAL_BUILTINS
            emit([index, "steps", _run_steps(spec["steps"], ns)])
        else:
            emit([index, "inline", _run_inline(spec["inline"], ns)])
        _set_limit(limit)
        del ns


def _run_steps(steps, ns):
    encoder = plain_encode.Encoder(_NAMED_BUILTINS)
    slots = [None] * len(steps)
    i = 0
    while i < len(steps):
        kind, code, resume = steps[i]
        try:
            if kind == "h":
                value = eval(code, ns)
                slots[i] = _value_slot(encoder, value)
            else:
                exec(code, ns)
                slots[i] = OK
            i += 1
        except BaseException as exc:  # includes SystemExit and KeyboardInterrupt
            slots[i] = ["raise", *exception_report(exc), _exception_args(exc)]
            if resume is None:
                break  # the test stops here, as it would in Python
            i = resume
    return slots


def _run_inline(test, ns):
    try:
        exec(compile(test, "<test>", "exec", dont_inherit=True, optimize=0), ns)
        return "pass"
    except AssertionError:
        return "FAIL"
    except BaseException as exc:
        return "FAIL:" + label_name(exc)


def main(fds):
    """Entry from the fork server; never returns."""
    try:
        setup(fds)
        become_candidate()
        request = read_request(REQ_FD)
        if not FILTER_INHERITED:
            exec_filter.install()
        _write(RES_FD, READY)
    except BaseException:
        os._exit(SETUP_FAILED)
    status = 0
    try:
        run(request, RES_FD)
    except BaseException:
        status = 1
    os._exit(status)  # never run the fork server's cleanup or atexit hooks
