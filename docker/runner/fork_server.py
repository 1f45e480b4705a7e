"""The fork server: a clean process that forks one fresh candidate child per pair.

It is forked from the runner before the runner reads any pair (and before the runner imports
its own, heavier modules), so its memory never holds a test and stays small. It never runs
candidate code. Everything children share is applied here once, and inherited: resource
limits, first place in line for the OOM killer, the working directory. In a sandbox of our
own the server keeps uid 0 with no capabilities but CAP_SETUID/CAP_SETGID/CAP_KILL, so that
each child can become the candidate's uid (candidate_child.py), which can signal, trace or
re-limit none of the trusted processes; it checks once that a child can. Then it installs the
exec filter (exec_filter.py) on itself, so that every child is born under it.
Protocol over a SOCK_SEQPACKET socket to the runner (one JSON message per packet):
  server -> runner  {"ready": {"switchUid": bool}}     (once, first)
  runner -> server  {"spawn": true} + 3 descriptors (request read end, result write end,
                    output write end)                  -> {"spawned": pid | null}
  runner -> server  {"status": pid}                    -> {"exited": pid, "status": int|null}
Children are reaped lazily (before each spawn) or when the runner asks for one's status.
"""

import gc
import importlib
import json
import os
import resource
import signal
import socket
import sys

import candidate_child
import exec_filter
import pytest_shim

AS_LIMIT = 1 << 30
LIMITS = (
    (resource.RLIMIT_AS, AS_LIMIT),
    (resource.RLIMIT_FSIZE, 1 << 20),
    (resource.RLIMIT_CORE, 0),
    (resource.RLIMIT_NOFILE, 256),
)
# Outside a PID namespace of our own there is no pids cgroup: cap processes per user instead.
NPROC_LIMIT = (resource.RLIMIT_NPROC, 64)
NOBODY = 65534
RUNNER_DIR = os.path.dirname(os.path.abspath(__file__))


# Stdlib modules candidates often import, imported once here so that a child's `import` finds
# them loaded (datetime alone costs a fresh child over a millisecond). Each child still gets its
# own pristine copy. Not random: its reseed after every fork would cost each child more than
# the import saves the few that use it (and statistics imports random).
PRELOAD = "datetime calendar heapq bisect string copy textwrap fractions decimal typing dataclasses unicodedata".split()


def _warm_up():
    """Pay one-time interpreter costs (first compile, first exception, encoder paths, common
    imports) once, here, so each forked child inherits them instead of repeating them."""
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    ns = {"__name__": "candidate", "pytest": pytest_shim.module(), "__eb_B__": candidate_child.REAL_BUILTINS}
    exec(compile("def _f(x):\n    return [x, (x, 1.5), {'k': None}, 'ab']\n", "<warm-up>", "exec", dont_inherit=True), ns)
    steps = [(kind, compile(source, "<warm-up>", "eval" if kind == "h" else "exec", dont_inherit=True), None) for kind, source in
             (("x", "v = _f(1)"), ("h", "v"), ("h", "__eb_B__['len'](_f(2))"), ("h", "_f"), ("h", "_f(None)[9]"))]
    candidate_child.dumps(candidate_child._run_steps(steps, ns))
    gc.collect()
    gc.freeze()  # keep the collector from touching (and copying) inherited objects in children


def _confine(pid1):
    exec_filter.prctl(exec_filter.PR_SET_PDEATHSIG, signal.SIGKILL)
    exec_filter.prctl(exec_filter.PR_SET_DUMPABLE, 0)
    try:  # under memory pressure the kernel kills a child (or this server), not the runner
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write("1000")
    except OSError:
        pass
    if os.geteuid() == 0 and not pid1:  # root outside a sandbox of our own: as nobody, no uids to give
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    for limit, value in LIMITS + (() if pid1 else (NPROC_LIMIT,)):
        try:
            _, hard = resource.getrlimit(limit)
            cap = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(limit, (cap, cap))
        except (ValueError, OSError):
            pass
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # oversize writes raise OSError instead
    if pid1:
        os.chdir("/tmp")
    if RUNNER_DIR in sys.path:
        sys.path.remove(RUNNER_DIR)  # candidates import the stdlib, not the runner's modules


def _can_switch_uid():
    """Forks a child that becomes the candidate's uid and exits: did that work?"""
    if os.geteuid() != 0:
        return False
    pid = os.fork()
    if pid == 0:
        try:
            candidate_child.SWITCH_UID = True
            candidate_child.become_candidate()
            os._exit(0)
        except BaseException:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def serve(sock, pid1):
    """Entry in the forked server process; never returns."""
    for fd in (0, 1):  # the runner's protocol streams are not ours
        os.close(fd)
    _confine(pid1)
    candidate_child.SWITCH_UID = _can_switch_uid()
    _warm_up()
    # The exec filter, once, here: every child inherits it from its fork (installing it per
    # child cost each one about as much CPU as the fork itself). The server needs none of the
    # syscalls it denies; a child whose server could not install it installs its own.
    try:
        candidate_child.FILTER_INHERITED = exec_filter.install()
    except OSError:
        candidate_child.FILTER_INHERITED = False
    _send(sock, {"ready": {"switchUid": candidate_child.SWITCH_UID}})
    statuses = {}
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(sock, 4096, 3)
        except OSError:
            os._exit(0)
        if not data:
            os._exit(0)  # the runner closed its end
        message = json.loads(data)
        if "status" in message:
            _send(sock, {"exited": message["status"], "status": _status(message["status"], statuses)})
            continue
        _reap(statuses)
        _send(sock, {"spawned": _spawn(sock, fds)})


def _spawn(sock, fds):
    if len(fds) != 3:
        for fd in fds:
            os.close(fd)
        return None
    pid = os.fork()
    if pid == 0:
        candidate_child.main(fds)
    try:
        os.setpgid(pid, pid)  # also set here: no window where the runner's kill misses the group
    except OSError:
        pass
    for fd in fds:
        os.close(fd)
    return pid


def _reap(statuses):
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        statuses[pid] = status
        if len(statuses) > 1000:  # statuses nobody asked for
            statuses.pop(next(iter(statuses)))


def _status(pid, statuses):
    if pid in statuses:
        return statuses.pop(pid)
    try:
        return os.waitpid(pid, 0)[1]  # the runner asks once the child is dead or killed
    except (ChildProcessError, TypeError):
        return None


def _send(sock, message):
    try:
        sock.send(json.dumps(message).encode())
    except OSError:
        os._exit(0)  # the runner is gone


def start():
    """Forks the server; returns (its pid, the runner's end of the socket)."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid1 = os.getpid() == 1
    pid = os.fork()
    if pid == 0:
        ours.close()
        try:
            serve(theirs, pid1)
        finally:
            os._exit(1)
    theirs.close()
    return pid, ours
