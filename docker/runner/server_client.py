"""The runner's side of the fork server: asks for children and, when it matters, how one ended."""

import json
import os
import select
import socket
import time

import fork_server


class ServerDown(Exception):
    pass


class ServerClient:
    def __init__(self, timeout=10.0):
        self.pid, self.sock = fork_server.start()
        self.gone = False
        ready = self._receive("ready", None, time.monotonic() + timeout)
        if ready is None:
            raise ServerDown("the fork server did not start")
        self.switch_uid = ready["ready"].get("switchUid") is True

    def spawn(self, timeout=5.0):
        """A fresh candidate child: (pid, request write end, result read end, output read end)."""
        req_r, req_w = os.pipe()
        res_r, res_w = os.pipe()
        out_r, out_w = os.pipe()
        try:
            socket.send_fds(self.sock, [b'{"spawn":true}'], [req_r, res_w, out_w])
        except OSError as exc:
            self.gone = True
        for fd in (req_r, res_w, out_w):
            os.close(fd)
        reply = None if self.gone else self._receive("spawned", None, time.monotonic() + timeout)
        if reply is None or reply["spawned"] is None:
            for fd in (req_w, res_r, out_r):
                os.close(fd)
            self.gone = True
            raise ServerDown("the fork server did not fork a child")
        return reply["spawned"], req_w, res_r, out_r

    def status(self, pid, timeout):
        """The wait status of dead child `pid` (None if the server cannot say in time)."""
        if self.gone:
            return None
        try:
            self.sock.send(json.dumps({"status": pid}).encode())
        except OSError:
            self.gone = True
            return None
        reply = self._receive("exited", pid, time.monotonic() + timeout)
        return None if reply is None else reply["status"]

    def finish_status(self, pid, timeout):
        """Collects the answer to an earlier status() that timed out."""
        reply = self._receive("exited", pid, time.monotonic() + timeout)
        return None if reply is None else reply["status"]

    def _receive(self, key, pid, deadline):
        """The next reply carrying `key` (and `pid` when given); stale replies are skipped."""
        while not self.gone:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self.sock], [], [], remaining)[0]:
                return None
            try:
                data = self.sock.recv(4096)
                message = json.loads(data) if data else None
            except (OSError, ValueError):
                message = None
            if type(message) is not dict:
                self.gone = True
                return None
            if key in message and (pid is None or message[key] == pid):
                return message
        return None
