"""The judge: the trusted process that decodes the child's frames and decides every verdict.

Forked from the runner (never from the fork server, never running candidate code), under a
uid of its own when the sandbox may switch uids, with a 1 GiB address space like a candidate.
Decoding and evaluating candidate values can take as long as the candidate makes them (huge
Fractions, sets of colliding hashes, a backtracking regex on its string): here that costs
only the pair's own time, because the runner kills a judge still busy at the pair's deadline
(those tests are TIMEOUT, as in Python) and starts another. The runner never decodes.

Protocol over two pipes, runner -> judge: 4-byte length + marshal of
  ("pair", seq, [(trusted program | None, origins), ...])   a new pair, one entry per test:
        the marshalled program (split_tests.Plan.code; None for a test run the old way) and
        ((name, module, attribute or None), ...), the real objects the candidate's imports
        stand for in it
  ("frames", seq, first, [bytes, ...])                      the child's frames, in order
judge -> runner, one ASCII line per frame: "<seq> <index> <outcome>[ <observation>]\\n", the
observation (observe.py) as ASCII JSON, written only after the outcome was decided.
"""

import functools
import json
import marshal
import os
import resource
import select
import signal
import struct

import exec_filter

JUDGE_UID = 10001
AS_LIMIT = 1 << 30
START_TIMEOUT_S = 10.0
_HEADER = struct.Struct(">I")


def serve(read_fd, write_fd):
    """Entry in the forked judge; never returns."""
    try:
        _confine(read_fd, write_fd)
        exec_filter.install()
        import labels
        import trusted_eval
    except BaseException:
        os._exit(1)
    _write_all(write_fd, b"ready\n")
    reader = _Reader(read_fd)
    seq, tests = None, ()
    while True:
        message = reader.next()
        if message is None:
            os._exit(0)  # the runner is gone
        if message[0] == "pair":
            _, seq, tests = message
            continue
        _, frame_seq, first, frames = message
        if frame_seq != seq or first + len(frames) > len(tests):
            os._exit(1)  # the runner's own messages are out of step: a bug, never a verdict
        out = []
        for index, data in enumerate(frames, first):
            program, origins = tests[index]
            outcome, seen = _outcome(_program(program), origins, data, index, trusted_eval)
            out.append("%d %d %s%s\n" % (seq, index, labels.checked(outcome), _observation_json(seen)))
        _write_all(write_fd, "".join(out).encode("ascii"))


@functools.lru_cache(maxsize=4096)
def _program(blob):
    return None if blob is None else marshal.loads(blob)


def _outcome(code, origins, data, index, trusted_eval):
    """(outcome, observation or None) of one frame."""
    try:
        frame = json.loads(data)
    except (ValueError, RecursionError):
        return trusted_eval.NOT_PLAIN, None
    if type(frame) is not list or len(frame) != 3 or frame[0] != index or type(frame[0]) is not int:
        return trusted_eval.NOT_PLAIN, None
    kind, payload = frame[1], frame[2]
    if kind == "load_error":
        return trusted_eval.evaluate(code, origins, ["load_error", payload])
    if code is None:
        # A test run the old way: the child's word, in the label grammar (checked by the caller);
        # the judge saw no value of it, so there is nothing to observe.
        return (payload if kind == "inline" and type(payload) is str else trusted_eval.NOT_PLAIN), None
    if kind != "steps" or type(payload) is not list:
        return trusted_eval.NOT_PLAIN, None
    return trusted_eval.evaluate(code, origins, ["steps", payload])


_ENCODE = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def _observation_json(seen):
    """The observation as the line's last field (ASCII JSON), or nothing."""
    if seen is None:
        return ""
    try:
        return " " + _ENCODE(seen)
    except (TypeError, ValueError):
        return ""


def _confine(read_fd, write_fd):
    low, high = sorted((read_fd, write_fd))
    os.closerange(0, low)  # every descriptor but our two pipes
    os.closerange(low + 1, high)
    os.closerange(high + 1, 1 << 16)
    exec_filter.prctl(exec_filter.PR_SET_PDEATHSIG, signal.SIGKILL)
    exec_filter.prctl(exec_filter.PR_SET_DUMPABLE, 0)
    try:  # under memory pressure a candidate goes first (1000), then a judge, never the runner
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write("500")
    except OSError:
        pass
    if os.geteuid() == 0:
        os.setgroups([])
        os.setresgid(JUDGE_UID, JUDGE_UID, JUDGE_UID)
        os.setresuid(JUDGE_UID, JUDGE_UID, JUDGE_UID)  # from uid 0: every capability goes
        if os.getresuid() != (JUDGE_UID,) * 3:
            raise OSError("could not become the judge's uid")
    for limit, value in ((resource.RLIMIT_AS, AS_LIMIT), (resource.RLIMIT_CORE, 0), (resource.RLIMIT_FSIZE, 0)):
        _, hard = resource.getrlimit(limit)
        cap = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(limit, (cap, cap))
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)


class _Reader:
    def __init__(self, fd):
        self.fd = fd
        self.buf = bytearray()

    def _fill(self, n):
        while len(self.buf) < n:
            chunk = os.read(self.fd, max(1 << 16, n - len(self.buf)))
            if not chunk:
                return False
            self.buf += chunk
        return True

    def next(self):
        if not self._fill(4):
            return None
        (size,) = _HEADER.unpack_from(self.buf)
        if not self._fill(4 + size):
            return None
        message = marshal.loads(bytes(self.buf[4 : 4 + size]))
        del self.buf[: 4 + size]
        return message


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class JudgeClient:
    """The runner's side: a judge process fed without ever blocking the runner."""

    def __init__(self):
        self.pid = None
        self.start()

    def start(self):
        to_judge_r, to_judge_w = os.pipe()
        from_judge_r, from_judge_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(to_judge_w)
            os.close(from_judge_r)
            serve(to_judge_r, from_judge_w)
        os.close(to_judge_r)
        os.close(from_judge_w)
        os.set_blocking(to_judge_w, False)
        self.pid, self.out_fd, self.in_fd = pid, to_judge_w, from_judge_r
        self.pending = bytearray()
        self.lines = b""
        self.seq = 0
        # Confined (own uid, limits) before anyone relies on it or records its limits.
        if not self.wait_readable(START_TIMEOUT_S) or os.read(self.in_fd, 6) != b"ready\n":
            self.stop()
            raise OSError("the judge did not start")

    def stop(self):
        """Kills the judge (busy past a deadline, or broken) and reaps it."""
        if self.pid is None:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        os.close(self.out_fd)
        os.close(self.in_fd)
        self.pid = None

    def restart(self):
        self.stop()
        self.start()

    def begin(self, tests):
        """A new pair: [(marshalled trusted program or None, origins), ...] per test."""
        self.seq += 1
        self._queue(("pair", self.seq, tests))

    def frames(self, first, frames):
        self._queue(("frames", self.seq, first, frames))

    def _queue(self, message):
        data = marshal.dumps(message)
        self.pending += _HEADER.pack(len(data)) + data
        self.flush()

    def flush(self):
        """Writes what the pipe takes now; True while something is still waiting."""
        while self.pending:
            try:
                n = os.write(self.out_fd, self.pending)
            except BlockingIOError:
                return True
            except OSError:  # the judge died; read() will say so
                self.pending.clear()
                return False
            del self.pending[:n]
        return False

    def read(self):
        """Outcomes the judge has sent for the current pair: [(index, outcome, observation JSON
        or None)], or None when the judge is gone."""
        try:
            chunk = os.read(self.in_fd, 1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            return None
        self.lines += chunk
        *complete, self.lines = self.lines.split(b"\n")
        out = []
        for line in complete:
            seq, index, outcome, *seen = line.decode("ascii").split(" ", 3)
            if int(seq) == self.seq:
                out.append((int(index), outcome, seen[0] if seen else None))
        return out

    def wait_readable(self, timeout):
        return bool(select.select([self.in_fd], [], [], max(timeout, 0))[0])
