"""A seccomp filter for the candidate's process (and the judge's), in place before their code: the
fork server installs it on itself, so every candidate's process is born under it.

It makes execve/execveat fail with EPERM, so a candidate can start no program: no re-running
itself with -O, no shell, no helper binaries. It denies the syscalls a sandbox escape
typically needs (ptrace, pidfd_getfd, namespaces, mounts, keyrings, bpf, io_uring...) and
every syscall of a foreign ABI (x32, i386). And it keeps a candidate's hands off other processes:
prlimit64, sched_setaffinity/setscheduler/setparam/setattr, setpriority and ioprio_set work
on the caller only (pid 0), clone may not make a sibling of its caller (CLONE_PARENT) or new
namespaces, clone3 is ENOSYS (its flags live in memory a filter cannot read; libc then falls
back to clone), and kill(-1) is refused. Docker's default profile still applies underneath;
under bubblewrap this filter is what there is. Stdlib ctypes only.
"""

import ctypes
import os

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_SECCOMP = 22
PR_SET_NO_NEW_PRIVS = 38
SECCOMP_MODE_FILTER = 2
EPERM, ENOSYS = 1, 38
CLONE_PARENT = 0x00008000
CLONE_NAMESPACES = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000
_DENIED = (
    "execve execveat ptrace unshare setns mount umount2 pivot_root chroot keyctl add_key "
    "request_key bpf userfaultfd perf_event_open process_vm_readv process_vm_writev kexec_load "
    "kexec_file_load init_module finit_module delete_module open_by_handle_at io_uring_setup "
    "io_uring_enter io_uring_register open_tree move_mount fsopen fsmount process_madvise "
    "pidfd_getfd"
).split()
_SELF_ONLY = "prlimit64 sched_setaffinity sched_setscheduler sched_setparam sched_setattr".split()

# AUDIT_ARCH_* of each machine the filter knows, and its syscall numbers, in the same order.
_MACHINES = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
_NUMBERS = {
    # syscall: (x86_64, aarch64)
    "execve": (59, 221),
    "execveat": (322, 281),
    "ptrace": (101, 117),
    "unshare": (272, 97),
    "setns": (308, 268),
    "mount": (165, 40),
    "umount2": (166, 39),
    "pivot_root": (155, 41),
    "chroot": (161, 51),
    "keyctl": (250, 219),
    "add_key": (248, 217),
    "request_key": (249, 218),
    "bpf": (321, 280),
    "userfaultfd": (323, 282),
    "perf_event_open": (298, 241),
    "process_vm_readv": (310, 270),
    "process_vm_writev": (311, 271),
    "kexec_load": (246, 104),
    "kexec_file_load": (320, 294),
    "init_module": (175, 105),
    "finit_module": (313, 273),
    "delete_module": (176, 106),
    "open_by_handle_at": (304, 265),
    "io_uring_setup": (425, 425),
    "io_uring_enter": (426, 426),
    "io_uring_register": (427, 427),
    "open_tree": (428, 428),
    "move_mount": (429, 429),
    "fsopen": (430, 430),
    "fsmount": (432, 432),
    "process_madvise": (440, 440),
    "pidfd_getfd": (438, 438),
    "prlimit64": (302, 261),
    "sched_setaffinity": (203, 122),
    "sched_setscheduler": (144, 119),
    "sched_setparam": (142, 118),
    "sched_setattr": (314, 274),
    "setpriority": (141, 140),
    "ioprio_set": (251, 30),
    "clone": (56, 220),
    "clone3": (435, 435),
    "kill": (62, 129),
}
_ARCHES = {
    machine: (audit_arch, {name: numbers[i] for name, numbers in _NUMBERS.items()})
    for i, (machine, audit_arch) in enumerate(_MACHINES.items())
}
_X32_BIT = 0x40000000


class _SockFilter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint32)]


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_SockFilter))]


def _libc():
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


LIBC = _libc()


def prctl(option, value, arg3=0):
    if LIBC is None:
        return -1
    return LIBC.prctl(option, value, arg3, 0, 0)


_LD, _JEQ, _JGE, _JSET, _RET = 0x20, 0x15, 0x35, 0x45, 0x06
_ALLOW, _DENY, _NOSYS = 0x7FFF0000, 0x00050000 | EPERM, 0x00050000 | ENOSYS


def _arg(i):
    return 16 + 8 * i  # the low 32 bits of argument i (little-endian): what the kernel reads as int


def _program(machine):
    """The filter as classic BPF. Jumps name their targets ("allow", "deny", "nosys", a label, or
    None for the next instruction) and are resolved into offsets at the end."""
    arch, nr = _ARCHES[machine]
    code = [("ld", 4), ("jeq", arch, None, "deny"), ("ld", 0)]
    if machine == "x86_64":
        code.append(("jge", _X32_BIT, "deny", None))
    code += [("jeq", nr[name], "deny", None) for name in _DENIED]
    code.append(("jeq", nr["clone3"], "nosys", None))
    code += [("jeq", nr[name], "self", None) for name in _SELF_ONLY]
    code += [("jeq", nr["setpriority"], "prio", None), ("jeq", nr["ioprio_set"], "ioprio", None)]
    code += [("jeq", nr["clone"], "clone", None), ("jeq", nr["kill"], "kill", None), ("ret", _ALLOW)]
    code += [("label", "self"), ("ld", _arg(0)), ("jeq", 0, "allow", "deny")]
    # setpriority(PRIO_PROCESS = 0, who = 0, ...), ioprio_set(IOPRIO_WHO_PROCESS = 1, who = 0, ...)
    code += [("label", "prio"), ("ld", _arg(0)), ("jeq", 0, None, "deny"), ("ld", _arg(1)), ("jeq", 0, "allow", "deny")]
    code += [("label", "ioprio"), ("ld", _arg(0)), ("jeq", 1, None, "deny"), ("ld", _arg(1)), ("jeq", 0, "allow", "deny")]
    code += [("label", "clone"), ("ld", _arg(0)), ("jset", CLONE_PARENT | CLONE_NAMESPACES, "deny", "allow")]
    code += [("label", "kill"), ("ld", _arg(0)), ("jeq", 0xFFFFFFFF, "deny", "allow")]
    code += [("label", "allow"), ("ret", _ALLOW), ("label", "deny"), ("ret", _DENY), ("label", "nosys"), ("ret", _NOSYS)]

    at, count = {}, 0
    for ins in code:
        if ins[0] == "label":
            at[ins[1]] = count
        else:
            count += 1
    prog, i = [], 0
    for ins in code:
        op = ins[0]
        if op == "label":
            continue
        if op == "ld":
            prog.append((_LD, 0, 0, ins[1]))
        elif op == "ret":
            prog.append((_RET, 0, 0, ins[1]))
        else:
            jump = [0 if t is None else at[t] - (i + 1) for t in ins[2:4]]
            assert all(0 <= j < 256 for j in jump), "filter jump out of range"
            prog.append(({"jeq": _JEQ, "jge": _JGE, "jset": _JSET}[op], jump[0], jump[1], ins[1]))
        i += 1
    array = (_SockFilter * len(prog))(*[_SockFilter(*p) for p in prog])
    return array, _SockFprog(len(prog), array)


_MACHINE = os.uname().machine
_PROGRAM = _program(_MACHINE) if _MACHINE in _ARCHES and LIBC is not None else None


def available():
    return _PROGRAM is not None


def install():
    """Installs the filter in the calling (single-threaded) process; raises when it cannot."""
    if _PROGRAM is None:
        return False
    if prctl(PR_SET_NO_NEW_PRIVS, 1) != 0:
        raise OSError(ctypes.get_errno(), "PR_SET_NO_NEW_PRIVS failed")
    if LIBC.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(_PROGRAM[1]), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "seccomp filter refused")
    return True
