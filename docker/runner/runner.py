"""ExecBoard sandbox runner: the trusted process that executes (code, test suite) pairs.

Protocol (one JSON object per line):
  stdout  {"hello": {"runnerVersion", "optimize", "isolated", "dontWriteBytecode", "pid1",
          "execFilter"}}                                         (once, first)
  stdin   {"id": str, "code": str, "tests": [str], "timeoutMs": int}
  stdout  {"id", "outcomes": [str], "passed": bool, "durationMs": int, "inProcess": [int],
          "recycle"?: str}                                       (flushed per pair)
          {"id": str, "requeue": str}                            (not run here: run it elsewhere)
          {"id": str|null, "error": str}                         (unreadable input line)
          {"fatal": str}                                         (refusing to run at all)
After a result carrying "recycle" (a timeout, crash, OOM, output flood, leftover process or
file, a fork server killed or stopped...) or a requeue, the runner reads nothing more and
exits: the caller starts a fresh sandbox.

Where verdicts come from: candidate code runs only in a child forked per pair by a clean fork
server (fork_server.py). For each test the child returns the values of the calls the assert
makes, as plain data; the expected values never reach it. This process, which never compiles
or runs candidate code, evaluates the assert with those values (split_tests.py,
trusted_eval.py). Tests that cannot be split run the old way inside the child and are listed
in "inProcess". Outcomes follow the paper's runner:
  pass | FAIL | FAIL:<Type> | TIMEOUT | ERROR:<Type> (the code itself would not load)
and, where the paper is silent: FAIL:NotPlainData (a returned value is not plain data),
FAIL:SystemExit (the child exited mid-suite), FAIL:Crash (a signal killed it, OOM included),
FAIL:OutputLimit (it printed more than the cap). The suite timeout covers the whole pair.
Stdlib only; run as `python3.11 -I -B runner.py`; an optimised interpreter is refused.
"""

import json
import os
import signal
import sys

sys.dont_write_bytecode = True  # even when started without -B (and then refused): no .pyc here
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # -I leaves the script dir out

import exec_filter  # noqa: E402
from server_client import ServerClient  # noqa: E402

# Bump when outcomes could change for the same (code, tests); results are cached by it.
# Keep in sync with RUNNER_VERSION in lib/sandbox/types.ts (tests/sandbox checks both).
RUNNER_VERSION = "2"

DEFAULT_TIMEOUT_MS = 5000
MAX_TIMEOUT_MS = 600_000


FLUSH_EVERY = 4


class _Lines:
    """Line reader on fd 0 that can tell whether another pair is already waiting."""

    def __init__(self):
        self.buf = b""

    def pending(self):
        return b"\n" in self.buf

    def __iter__(self):
        while True:
            while b"\n" not in self.buf:
                chunk = os.read(0, 1 << 16)
                if not chunk:
                    if self.buf:
                        yield self.buf
                    return
                self.buf += chunk
            line, self.buf = self.buf.split(b"\n", 1)
            yield line


class _Out:
    """Result lines out. While the caller has more pairs queued here, up to FLUSH_EVERY results
    go out together (fewer round trips through a container engine's attach stream), but never
    later than SLOW_S into the next pair: a held result must not outlive its caller's timer."""

    def __init__(self):
        self.held = 0

    def emit(self, obj, hold=False):
        sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self.held += 1
        if not hold or self.held >= FLUSH_EVERY:
            self.flush()

    def flush(self):
        if self.held:
            self.held = 0
            sys.stdout.flush()


def _emit(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
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


def main():
    flags = _flags()
    if flags != {"optimize": 0, "isolated": 1, "dontWriteBytecode": 1}:
        _emit({"fatal": "the runner must run as python3 -I -B and never optimised; got %s" % flags})
        return 2
    # Non-dumpable: a same-uid candidate can neither ptrace this process nor open its
    # /proc/<pid>/fd or mem, so it cannot write into the protocol stream or read the tests.
    exec_filter.prctl(exec_filter.PR_SET_DUMPABLE, 0)
    pid1 = os.getpid() == 1
    if not pid1:
        # As PID 1 of its namespace, signals without a handler are never delivered from inside
        # it; elsewhere, stop cleanly (the fork server and its children die with us).
        signal.signal(signal.SIGTERM, lambda *_: os._exit(143))
    # Outside a namespace of our own, only a directory the caller dedicates to candidates
    # (--scratch DIR, their working directory) is ever emptied between pairs.
    scratch = sys.argv[2] if len(sys.argv) == 3 and sys.argv[1] == "--scratch" else None
    if scratch is not None:
        os.chdir(scratch)
    server = ServerClient()  # before reading any pair: the server's memory never holds a test
    import pair_run  # after forking the server, which needs none of it (smaller, cheaper forks)
    _emit({"hello": dict(flags, runnerVersion=RUNNER_VERSION, pid1=pid1, execFilter=exec_filter.available())})
    lines, out = _Lines(), _Out()
    for line in lines:
        if not line.strip():
            out.flush()  # nothing held may wait on a read that could block
            continue
        pair, error = _parse(line)
        if error:
            out.emit(error)
            continue
        result, recycle = pair_run.run_pair(pair, server, scratch, on_slow=out.flush)
        if recycle and "requeue" not in result:
            result["recycle"] = recycle
        out.emit(result, hold=lines.pending() and not recycle)
        if recycle:
            return 0
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
