"""ExecBoard sandbox runner: the trusted process that executes (code, test suite) pairs.

Protocol (one JSON object per line):
  stdout  {"hello": {"runnerVersion", "optimize", "isolated", "dontWriteBytecode", "pid1",
          "execFilter", "separateUids", "labelPattern"}}         (once, first)
  stdin   {"id": str, "code": str, "tests": [str], "timeoutMs": int}
  stdout  {"id", "outcomes": [str], "passed": bool, "durationMs": int, "inProcess": [int],
          "observations": [{"returned"?, "truncated"?, "exception"?} | null],
          "recycle"?: str, "profile"?: {...}}                    (flushed per pair, at once)
          {"id": str, "requeue": str}                            (not run here: run it elsewhere)
          {"id": str|null, "error": str}                         (unreadable input line)
          {"fatal": str}                                         (refusing to run at all)
After a result carrying "recycle" (a timeout, crash, OOM, output flood, leftover process or
file, a trusted process killed, stopped or re-limited...) or a requeue, the runner reads
nothing more and exits: the caller starts a fresh sandbox.

Where verdicts come from: candidate code runs only in a child forked per pair by a clean fork
server (fork_server.py), under a uid of its own. For each test the child returns the values of
the calls the test makes, as plain data; the expected values never reach it. The judge
(judge.py), a trusted process that never runs candidate code, decodes them and runs the test's
own program on them (split_tests.py, trusted_eval.py). Tests that cannot be split run the old
way inside the child and are listed in "inProcess". Per test, "observations" holds what the
judge saw (observe.py): a bounded repr of the value the test last read from the candidate and
the builtin exception type that ended it, or null (a test run the old way, one the judge never
decided). Outcomes follow the paper's runner:
  pass | FAIL | FAIL:<Type> | TIMEOUT | ERROR:<Type> (the code itself would not load)
and, where the paper is silent: FAIL:NotPlainData (the test used a value it cannot see inside),
FAIL:SystemExit (the child exited mid-suite), FAIL:Crash (a signal killed it, OOM included),
FAIL:OutputLimit (it printed more than the cap); every label fits labels.PATTERN. The suite
timeout covers the whole pair, judging included.
Stdlib only; run as `python3.11 -I -B runner.py [--places P,...] [--scratch DIR] [--profile]`;
an optimised interpreter is refused. In a sandbox of its own (PID 1) the runner starts as uid 0
holding at most CAP_KILL, CAP_SETUID and CAP_SETGID, and refuses anything more.
"""

import json
import os
import signal
import sys

sys.dont_write_bytecode = True  # even when started without -B (and then refused): no .pyc here
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # -I leaves the script dir out

import exec_filter  # noqa: E402
import labels  # noqa: E402
from server_client import ServerClient, ServerDown  # noqa: E402

# Bump when outcomes could change for the same (code, tests); results are cached by it.
# Keep in sync with RUNNER_VERSION in lib/sandbox/types.ts (tests/sandbox checks both).
RUNNER_VERSION = "5"

DEFAULT_TIMEOUT_MS = 5000
MAX_TIMEOUT_MS = 600_000


CAP_KILL_SETUID_SETGID = (1 << 5) | (1 << 6) | (1 << 7)
DEFAULT_PLACES = ("/tmp", "/dev/mqueue")


def _lines():
    """Lines from fd 0, as they come."""
    buf = b""
    while True:
        while b"\n" not in buf:
            chunk = os.read(0, 1 << 16)
            if not chunk:
                if buf:
                    yield buf
                return
            buf += chunk
        line, buf = buf.split(b"\n", 1)
        yield line


def _emit(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def _emit_result(result):
    """A pair's result; its observations are the judge's JSON already (pair_run.RawJSON)."""
    raw = result.pop("observations", None)
    line = json.dumps(result, separators=(",", ":"))
    if raw is not None:
        line = line[:-1] + ',"observations":' + raw + "}"
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def _parse(line):
    try:
        pair = json.loads(line)
    except ValueError as exc:
        return None, {"id": None, "error": "invalid JSON: %s" % exc}
    if not isinstance(pair, dict):
        return None, {"id": None, "error": "expected a JSON object"}
    pid = pair.get("id")
    ok = (
        isinstance(pid, str)
        and isinstance(pair.get("code"), str)
        and isinstance(pair.get("tests"), list)
        and all(isinstance(t, str) for t in pair["tests"])
        and (pair.get("timeoutMs") is None or type(pair["timeoutMs"]) is int)
    )
    if not ok:
        return None, {"id": pid if isinstance(pid, str) else None, "error": "expected {id: str, code: str, tests: [str], timeoutMs?: int}"}
    pair["timeoutMs"] = min(max(pair.get("timeoutMs") or DEFAULT_TIMEOUT_MS, 1), MAX_TIMEOUT_MS)
    return pair, None


def _flags():
    return {"optimize": sys.flags.optimize, "isolated": sys.flags.isolated, "dontWriteBytecode": sys.flags.dont_write_bytecode}


def _arguments(argv):
    opts = {"places": None, "scratch": None, "profile": False}
    i = 0
    while i < len(argv):
        if argv[i] == "--profile":
            opts["profile"] = True
        elif argv[i] in ("--places", "--scratch") and i + 1 < len(argv):
            opts[argv[i][2:]] = argv[i + 1]
            i += 1
        else:
            raise ValueError("unknown argument %r" % argv[i])
        i += 1
    return opts


def _capability_problem():
    """A runner started as root may hold CAP_KILL, CAP_SETUID and CAP_SETGID, nothing more."""
    if os.geteuid() != 0:
        return None
    try:
        with open("/proc/self/status") as f:
            caps = next(int(line.split()[1], 16) for line in f if line.startswith("CapEff:"))
    except (OSError, StopIteration, ValueError, IndexError):
        return "cannot read the runner's capabilities"
    extra = caps & ~CAP_KILL_SETUID_SETGID
    return "the runner holds capabilities it must not (CapEff %x)" % caps if extra else None


class _Sandbox:
    """What the sweeps after each pair need to know about this sandbox."""

    def __init__(self, server, places, scratch):
        self.server = server
        self.places = places
        self.scratch = scratch
        import leftovers

        self.limits = leftovers.Limits()
        self.children = set()  # candidate children spawned and not yet seen gone

    def trusted(self, judge):
        return {os.getpid(), self.server.pid, judge.pid}


def main():
    flags = _flags()
    if flags != {"optimize": 0, "isolated": 1, "dontWriteBytecode": 1}:
        _emit({"fatal": "the runner must run as python3 -I -B and never optimised; got %s" % flags})
        return 2
    # Non-dumpable: no candidate can ptrace this process or open its /proc files.
    exec_filter.prctl(exec_filter.PR_SET_DUMPABLE, 0)
    pid1 = os.getpid() == 1
    if not pid1:
        # As PID 1 of its namespace, signals without a handler are never delivered from inside
        # it; elsewhere, stop cleanly (the fork server and its children die with us).
        signal.signal(signal.SIGTERM, lambda *_: os._exit(143))
    try:
        opts = _arguments(sys.argv[1:])
    except ValueError as exc:
        _emit({"fatal": str(exc)})
        return 2
    places = tuple(opts["places"].split(",")) if opts["places"] else DEFAULT_PLACES
    problem = _capability_problem()
    if problem is None and pid1:
        import leftovers

        problem = leftovers.scratch_problem(places)
    if problem:
        _emit({"fatal": problem})
        return 2
    # Outside a namespace of our own, only a directory the caller dedicates to candidates
    # (--scratch DIR, their working directory) is ever emptied between pairs.
    scratch = opts["scratch"]
    if scratch is not None:
        os.chdir(scratch)
    try:
        server = ServerClient()  # before reading any pair: the server's memory never holds a test
    except ServerDown as exc:
        _emit({"fatal": str(exc)})
        return 2
    import judge  # noqa: E402  (after forking the server, which needs none of it)
    import pair_run  # noqa: E402

    try:
        referee = judge.JudgeClient()
    except OSError as exc:
        _emit({"fatal": str(exc)})
        return 2
    sandbox = _Sandbox(server, places, scratch)
    for pid in (os.getpid(), server.pid, referee.pid):
        sandbox.limits.remember(pid)
    hello = dict(flags, runnerVersion=RUNNER_VERSION, pid1=pid1, execFilter=exec_filter.available(), separateUids=server.switch_uid, labelPattern=labels.PATTERN)
    _emit({"hello": hello})
    for line in _lines():
        if not line.strip():
            continue
        pair, error = _parse(line)
        if error:
            _emit(error)
            continue
        result, recycle = pair_run.run_pair(pair, server, referee, sandbox, opts["profile"])
        if recycle and "requeue" not in result:
            result["recycle"] = recycle
        _emit_result(result)  # at once: no result waits behind the next pair
        if recycle:
            return 0
    if opts["profile"]:
        _emit({"cpu": _cpu_of({"runner": os.getpid(), "forkServer": server.pid, "judge": referee.pid})})
    return 0


def _cpu_of(pids):
    """CPU seconds used so far by each of `pids` and, for the fork server, by its dead children."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for name, pid in pids.items():
        with open("/proc/%d/stat" % pid, "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        out[name] = (int(fields[11]) + int(fields[12])) / tick
        if name == "forkServer":
            out["candidates"] = (int(fields[13]) + int(fields[14])) / tick
    return out


if __name__ == "__main__":
    sys.exit(main())
