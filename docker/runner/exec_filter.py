"""A seccomp filter for the candidate's process, installed after setup and before its code.

It makes execve/execveat fail with EPERM, so a candidate can start no program: no re-running
itself with -O, no shell, no helper binaries. It also denies the syscalls a sandbox escape
typically needs (ptrace, namespaces, mounts, keyrings, bpf, io_uring...) and every syscall of
a foreign ABI (x32, i386). Docker's default profile still applies underneath; under bubblewrap
this filter is what there is. Stdlib ctypes only.
"""

import ctypes
import os

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_SECCOMP = 22
PR_SET_NO_NEW_PRIVS = 38
SECCOMP_MODE_FILTER = 2
EPERM = 1

_ARCHES = {
    # machine: (AUDIT_ARCH_*, {syscall: number})
    "x86_64": (0xC000003E, dict(
        execve=59, execveat=322, ptrace=101, unshare=272, setns=308, mount=165, umount2=166,
        pivot_root=155, chroot=161, keyctl=250, add_key=248, request_key=249, bpf=321,
        userfaultfd=323, perf_event_open=298, process_vm_readv=310, process_vm_writev=311,
        kexec_load=246, kexec_file_load=320, init_module=175, finit_module=313,
        delete_module=176, open_by_handle_at=304, io_uring_setup=425, io_uring_enter=426,
        io_uring_register=427, open_tree=428, move_mount=429, fsopen=430, fsmount=432,
    )),
    "aarch64": (0xC00000B7, dict(
        execve=221, execveat=281, ptrace=117, unshare=97, setns=268, mount=40, umount2=39,
        pivot_root=41, chroot=51, keyctl=219, add_key=217, request_key=218, bpf=280,
        userfaultfd=282, perf_event_open=241, process_vm_readv=270, process_vm_writev=271,
        kexec_load=104, kexec_file_load=294, init_module=105, finit_module=273,
        delete_module=106, open_by_handle_at=265, io_uring_setup=425, io_uring_enter=426,
        io_uring_register=427, open_tree=428, move_mount=429, fsopen=430, fsmount=432,
    )),
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


def _program(machine):
    arch, numbers = _ARCHES[machine]
    ld, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06
    allow, deny = 0x7FFF0000, 0x00050000 | EPERM
    denied = sorted(set(numbers.values()))
    checks = ([(jge, _X32_BIT)] if machine == "x86_64" else []) + [(jeq, n) for n in denied]
    prog = [(ld, 0, 0, 4), (jeq, 1, 0, arch), (ret, 0, 0, deny), (ld, 0, 0, 0)]
    for i, (op, k) in enumerate(checks):
        prog.append((op, len(checks) - i, 0, k))  # true: jump to the final deny
    prog += [(ret, 0, 0, allow), (ret, 0, 0, deny)]
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
