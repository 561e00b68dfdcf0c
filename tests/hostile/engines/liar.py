"""Hostile engines for `oracle drive`: the faithful engine (tests/oracle/engines) lying once.

    python tests/hostile/engines/liar.py MODE [PIDFILE]

The lie comes at the first ``legal`` request (after the reset). Modes:

* replies the oracle must refuse as a protocol error: ``surrogate`` (a lone
  surrogate escape in an action), ``deep`` (an action nested 970 deep),
  ``nan`` (``NaN`` as the actor), ``digits`` (a 5,000-digit actor),
  ``bytes`` (a line that is not UTF-8), ``huge`` (a reply of 33 MiB with no
  line end), ``long-probability`` (a probability of 5,000-digit integers),
  ``newline-probability`` (``"2/27\\n"``), ``zero-probability`` (``"1/0"``);
* ``stderr-flood``: 20 MiB on standard error, then exit 3;
* ``stderr-endless``: standard error without end, and no answer;
* ``exit-child-holds``: start a child that keeps standard output open, then
  exit 5 (a crash, whoever holds the pipe);
* ``setsid``: start a child in a session of its own (it writes its pid to
  PIDFILE and sleeps), then never answer;
* ``daemon``: double fork a grandchild in a session of its own whose parent
  exits at once (PIDFILE gets its pid), then never answer.
"""

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "oracle" / "engines"))

from faithful import Engine, Reply, canonical

SLEEPER = "import time; time.sleep(120)"


def _write_raw(line: bytes) -> None:
    sys.stdout.buffer.write(line)
    sys.stdout.buffer.flush()


def _wait_for(pidfile: str) -> None:
    for _ in range(400):  # the child writes its pid at once; wait up to 4 s
        if Path(pidfile).exists() and Path(pidfile).read_text().strip():
            return
        time.sleep(0.01)


def _setsid_child(pidfile: str) -> None:
    code = (f"import os, time; os.setsid(); open({pidfile!r}, 'w').write(str(os.getpid()));"
            " time.sleep(120)")
    subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _wait_for(pidfile)


def _daemon(pidfile: str) -> None:
    code = (
        "import os, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        f"        open({pidfile!r}, 'w').write(str(os.getpid()))\n"
        "        time.sleep(120)\n"
        "    os._exit(0)\n"
        "os._exit(0)\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    child.wait()
    _wait_for(pidfile)


class Liar(Engine):
    def __init__(self, mode: str, pidfile: str) -> None:
        super().__init__()
        self.mode = mode
        self.pidfile = pidfile

    def legal(self) -> Reply:
        reply = super().legal()
        mode = self.mode
        if mode == "long-probability" and "probabilities" in reply:
            reply["probabilities"][0] = "1" * 5000 + "/" + "3" * 5000
        if mode == "newline-probability" and "probabilities" in reply:
            reply["probabilities"][0] += "\n"
        if mode == "zero-probability" and "probabilities" in reply:
            reply["probabilities"][0] = "1/0"
        if mode == "deep":
            reply["actions"] = [{"type": "Draw", "x": json.loads("[" * 970 + "]" * 970)}]
        return reply

    def lie(self, request: dict[str, Any]) -> bool:
        """Answer ``request`` with a raw lie (True), or leave it to the faithful engine."""
        if request.get("op") != "legal":
            return False
        mode = self.mode
        ident = request.get("id")
        raw = {
            "surrogate": '{"id":%d,"ok":true,"actor":0,"actions":[{"type":"\\ud800"}]}\n',
            "nan": '{"id":%d,"ok":true,"actor":NaN,"actions":[]}\n',
            "digits": '{"id":%d,"ok":true,"actor":' + "7" * 5000 + ',"actions":[]}\n',
        }.get(mode)
        if raw is not None:
            _write_raw((raw % ident).encode())
            return True
        if mode == "bytes":
            _write_raw(b'{"ok":true,"actor":"\xff\xfe"}\n')
            return True
        if mode == "huge":
            _write_raw(b'{"ok":true,"actions":["' + b"x" * (33 * 1024 * 1024))
            time.sleep(120)
        if mode == "stderr-flood":
            chunk = b"engine: noise " * 4096 + b"\n"
            for _ in range(20 * 1024 * 1024 // len(chunk)):
                sys.stderr.buffer.write(chunk)
            sys.stderr.buffer.write(b"engine: the last words\n")
            sys.stderr.buffer.flush()
            sys.exit(3)
        if mode == "stderr-endless":
            chunk = b"engine: noise " * 4096 + b"\n"
            while True:
                sys.stderr.buffer.write(chunk)
        if mode == "exit-child-holds":
            subprocess.Popen([sys.executable, "-c", SLEEPER], stdin=subprocess.DEVNULL)
            sys.exit(5)
        if mode in ("setsid", "daemon"):
            (_setsid_child if mode == "setsid" else _daemon)(self.pidfile)
            time.sleep(120)
        return False


def main() -> None:
    liar = Liar(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "")
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if liar.lie(request):
            continue
        reply = liar.handle(request)
        if reply is None:
            return
        if "id" in request:
            reply["id"] = request["id"]
        sys.stdout.write(canonical(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
