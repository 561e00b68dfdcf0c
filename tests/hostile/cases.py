"""The hostile inputs of issue 13, one case each, grouped by the issue's 14 classes.

Every case is an invocation of the ``oracle`` command (or of pytest with the
plugin) on a malformed file, a lying engine, a bad option or a broken
stream, with the exact outcome expected: the exit code and a regular
expression the one-line error on standard error (or the report on standard
output) must match. ``tests/hostile/test_hostile.py`` runs them (in process
where it can); ``python ci/hostile.py`` runs every one as a subprocess and
prints the figures (inputs per class, exit codes, tracebacks, hangs, peak
memory).

A case is built by a function registered with :func:`case`; it writes its
input files under the directory it is given.
"""

import copy
import hashlib
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import canonical_text
from rules_oracle.oracle.trace import record_game

ROOT = Path(__file__).resolve().parents[2]
LIAR = ROOT / "tests" / "hostile" / "engines" / "liar.py"

#: the issue's classes, by number
CLASSES = {
    1: "lone surrogate escapes", 2: "deep nesting", 3: "unbounded lines and files",
    4: "long probability digits", 5: "unbounded --timeout", 6: "stderr kept in full",
    7: "unclipped vector values", 8: "vector files laxer than traces",
    9: "missing fields with defaults", 10: "rules --coverage on pathological files",
    11: "output and input stream edge cases", 12: "plugin report path",
    13: "setsid descendants outliving drive", 14: "races and anchors",
}


@attrs.frozen
class Case:
    """One hostile invocation and its exact expected outcome."""

    #: ``oracle`` arguments, or pytest's when ``program`` is ``"pytest"``
    args: tuple[str, ...]
    #: the exit code
    code: int
    #: a regular expression the one error line (``stream="stderr"``), standard output
    #: (``"stdout"``) or both together (``"output"``) must match
    expect: str
    stream: str = "stderr"
    program: str = "oracle"
    #: a shell redirection (``>/dev/full``, ``>&-``, ``<&-``): run through ``sh -c``
    redirect: str = ""
    #: run in this directory (pytest cases)
    cwd: str | None = None
    #: a check after the run (processes gone, a report file's contents)
    after: Callable[[], None] | None = None
    #: the most bytes standard output may hold
    max_output: int | None = None
    #: send the oracle SIGTERM once this file exists (run as a subprocess)
    terminate_when: str | None = None


Builder = Callable[[Path], Case]
#: name -> (class, builder)
CASES: dict[str, tuple[int, Builder]] = {}


def case(cls: int, name: str) -> Callable[[Builder], Builder]:
    def register(build: Builder) -> Builder:
        assert name not in CASES, name
        CASES[name] = (cls, build)
        return build
    return register


# -- inputs ---------------------------------------------------------------------------------


def trace_lines(game: str = "crafts", players: int = 2, seed: int = 1) -> list[str]:
    g = registry.get(game)
    return list(record_game(g, g.config(players), seed))


def write(root: Path, name: str, lines: list[str] | bytes) -> str:
    path = root / name
    if isinstance(lines, bytes):
        path.write_bytes(lines)
    else:
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def with_step(lines: list[str], text: str, index: int = 3) -> list[str]:
    """``lines`` with record ``index`` replaced by raw text."""
    out = list(lines)
    out[index] = text
    return out


def raw_step(lines: list[str], index: int, old: str, new: str) -> list[str]:
    assert old in lines[index], (old, lines[index])
    return with_step(lines, lines[index].replace(old, new, 1), index)


_VECTORS: dict[str, dict[str, Any]] = {}


def vectors(game: str = "crafts") -> dict[str, Any]:
    """A small vector file of a game (built once per process)."""
    if game not in _VECTORS:
        from rules_oracle.oracle import vectors as vec

        _VECTORS[game] = vec.generate(registry.get(game), games=2 if game == "crafts" else 1,
                                      count=1).to_json()
    return copy.deepcopy(_VECTORS[game])


def write_json(root: Path, name: str, data: Any) -> str:
    path = root / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def digest(data: Any) -> str:
    return hashlib.sha256(canonical_text(data).encode("utf-8")).hexdigest()


def deep(n: int) -> str:
    return "[" * n + "]" * n


def drive(mode: str, *extra: str, timeout: str = "5", pidfile: str = "") -> tuple[str, ...]:
    tail = (pidfile,) if pidfile else ()
    return ("drive", "--game", "crafts", "--players", "2", "--games", "1", "--timeout",
            timeout, *extra, "--", sys.executable, str(LIAR), mode, *tail)


def gone(pidfile: Path) -> Callable[[], None]:
    """A check that the process whose pid the file holds has ended (dead or a zombie)."""

    def check() -> None:
        import time

        pid = int(pidfile.read_text())
        for _ in range(200):
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
            except OSError:
                return
            if stat.rpartition(")")[2].split()[0] in ("Z", "X"):
                return
            time.sleep(0.01)
        raise AssertionError(f"process {pid} outlived drive")

    return check


ERROR_AT = r"^error: .*line {line}: {rest}$"
DEEP = r"nested more than 64 levels deep \(the limit\)"
#: a divergence in a drive --json report: its kind, then its message
KIND = r'"kind": "{kind}",\s+"step": \d+,\s+(?:"line": (?:null|\d+),\s+)?"message": '



# -- 1. lone surrogates ---------------------------------------------------------------------


@case(1, "check-json-surrogate-type")
def _(root: Path) -> Case:
    path = write(root, "sur.jsonl", raw_step(trace_lines(), 3, '"type":"Draw"',
                                             '"type":"\\ud800"'))
    return Case(("check", "--json", path), 2,
                r'"error": "line 4: \$\.action\.type: a lone surrogate \\\\ud800 \(not a Unicode'
                r' character\)"', stream="stdout")


@case(1, "check-text-surrogate-key")
def _(root: Path) -> Case:
    path = write(root, "surkey.jsonl", raw_step(trace_lines(), 3, '"type":"Draw"',
                                                '"type":"Draw","\\udfff":1'))
    return Case(("check", path), 2, ERROR_AT.format(
        line=4, rest=r"\$\.action: a key with a lone surrogate \\udfff .*"))


@case(1, "check-surrogate-header-generator")
def _(root: Path) -> Case:
    lines = trace_lines()
    lines[0] = lines[0].replace('"generator":"', '"generator":"\\udc80', 1)
    return Case(("check", "--json", write(root, "surgen.jsonl", lines)), 2,
                r'"path": "\$\.generator"', stream="stdout")


@case(1, "check-json-surrogate-file-name")
def _(root: Path) -> Case:
    name = "trace-\udcff.jsonl"  # a file name that is not UTF-8 (byte 0xff)
    (root / name).write_text("\n".join(trace_lines()) + "\n", encoding="utf-8")
    return Case(("check", "--json", str(root / name)), 0, r'"file": ".*trace-\\udcff\.jsonl"',
                stream="stdout")


@case(1, "drive-text-surrogate-reply")
def _(root: Path) -> Case:
    return Case(drive("surrogate"), 1, r"protocol\n.*a lone surrogate \\ud800", stream="stdout")


@case(1, "drive-json-surrogate-reply")
def _(root: Path) -> Case:
    return Case(drive("surrogate", "--json"), 1,
                r'"message": "the reply to legal cannot be read: \$\.actions\[0\]\.type: a lone'
                r' surrogate', stream="stdout")


@case(1, "drive-reply-not-utf8")
def _(root: Path) -> Case:
    return Case(drive("bytes", "--json"), 1, KIND.format(kind="protocol")
                + r'"the reply to legal cannot be read: not UTF-8 text \(bad byte at 20\)"',
                stream="stdout")


@case(1, "vectors-surrogate-id")
def _(root: Path) -> Case:
    data = vectors()
    data["vectors"][0]["id"] = "__ID__"
    text = json.dumps(data).replace("__ID__", "\\ud800x", 1)
    path = root / "surid.json"
    path.write_text(text, encoding="utf-8")
    return Case(("vectors", "--verify", str(path)), 2,
                r"^error: .*surid\.json: \$\.vectors\[0\]\.id: a lone surrogate \\ud800 .*$")


@case(1, "plugin-report-surrogate")
def _(root: Path) -> Case:
    folder = root / "plugin-sur"
    folder.mkdir()
    write(folder, "sur.jsonl", raw_step(trace_lines(), 3, '"type":"Draw"', '"type":"\\ud800"'))
    report = folder / "report.json"

    def check() -> None:
        data = json.loads(report.read_text(encoding="utf-8"))
        assert (data["traces"], data["malformed"]) == (1, 1), data
        assert data["results"][0]["path"] == "$.action.type", data

    return Case(("--oracle-traces", "sur.jsonl", "--oracle-report", "report.json"), 1,
                r"malformed trace: line 4: \$\.action\.type: a lone surrogate", stream="stdout",
                program="pytest", cwd=str(folder), after=check)


@case(1, "plugin-report-surrogate-file-name")
def _(root: Path) -> Case:
    folder = root / "plugin-surname"
    folder.mkdir()
    write(folder, "trace-\udcff.jsonl", trace_lines())  # a file name that is not UTF-8
    report = folder / "report.json"

    def check() -> None:
        data = json.loads(report.read_text(encoding="utf-8"))
        assert (data["traces"], data["conforms"]) == (1, 1), data
        assert data["results"][0]["trace"].endswith("trace-\udcff.jsonl"), data

    return Case(("--oracle-traces", "*.jsonl", "--oracle-report", "report.json"), 0,
                r"1 passed", stream="stdout", program="pytest", cwd=str(folder), after=check)


# -- 2. deep nesting ------------------------------------------------------------------------


@case(2, "check-deep-970")
def _(root: Path) -> Case:
    path = write(root, "deep970.jsonl", raw_step(trace_lines(), 3, '"type":"Draw"',
                                                 f'"type":"Draw","x":{deep(970)}'))
    return Case(("check", path), 2, ERROR_AT.format(line=4, rest=DEEP))


@case(2, "check-deep-5000")
def _(root: Path) -> Case:
    path = write(root, "deep5000.jsonl", with_step(trace_lines(), deep(5000)))
    return Case(("check", "--json", path), 2,
                r'"error": "line 4: ' + DEEP + '"',
                stream="stdout")


@case(2, "check-deep-65-objects")
def _(root: Path) -> Case:
    nested = "1"
    for _ in range(65):
        nested = '{"a":' + nested + "}"
    path = write(root, "deep65.jsonl", raw_step(trace_lines(), 3, '"type":"Draw"',
                                                f'"type":"Draw","x":{nested}'))
    return Case(("check", path), 2, ERROR_AT.format(line=4, rest=DEEP))


@case(2, "vectors-deep")
def _(root: Path) -> Case:
    data = vectors()
    data["vectors"][0]["action"]["x"] = "__DEEP__"
    text = json.dumps(data).replace('"__DEEP__"', deep(975), 1)
    path = root / "deep.json"
    path.write_text(text, encoding="utf-8")
    return Case(("vectors", "--verify", str(path)), 2,
                r"^error: .*deep\.json: " + DEEP + "$")


@case(2, "drive-deep-action")
def _(root: Path) -> Case:
    return Case(drive("deep", "--json"), 1,
                r'"message": "the reply to legal cannot be read: ' + DEEP, stream="stdout")


@case(2, "plugin-deep-trace")
def _(root: Path) -> Case:
    folder = root / "plugin-deep"
    folder.mkdir()
    write(folder, "deep.jsonl", raw_step(trace_lines(), 3, '"type":"Draw"',
                                         f'"type":"Draw","x":{deep(970)}'))
    write(folder, "good.jsonl", trace_lines())
    report = folder / "report.json"

    def check() -> None:
        data = json.loads(report.read_text(encoding="utf-8"))
        assert (data["traces"], data["conforms"], data["malformed"]) == (2, 1, 1), data

    return Case(("--oracle-traces", "*.jsonl", "--oracle-report", "report.json"), 1,
                r"malformed trace: line 4: " + DEEP,
                stream="stdout", program="pytest", cwd=str(folder), after=check)


def observed_lines(viewer: Any = "public") -> list[str]:
    """A version 2 crafts trace whose steps carry ``viewer``'s observations."""
    g = registry.get("crafts")
    return list(record_game(g, g.config(2), 1, observations=viewer))


@case(2, "check-deep-observation")
def _(root: Path) -> Case:
    path = write(root, "deepobs.jsonl", raw_step(observed_lines(), 3, '"fields":{',
                                                 f'"fields":{{"round":{deep(970)},'))
    return Case(("check", path), 2, ERROR_AT.format(line=4, rest=DEEP))


@case(2, "check-observation-60-deep")
def _(root: Path) -> Case:
    nested = '{"round":' * 60 + "1" + "}" * 60
    path = write(root, "obs60.jsonl", raw_step(observed_lines(), 3, '"round":1,',
                                               f'"round":{nested},'))
    return Case(("check", "--json", path), 1,
                r'"kind": "observation",\s+"step": 3,\s+"line": 4,\s+'
                r'"message": "public view: \$\.round: trace \{', stream="stdout")


@case(2, "check-observation-unknown-key")
def _(root: Path) -> Case:
    path = write(root, "obskey.jsonl", raw_step(observed_lines(1), 3, '"fields":{',
                                                '"fields":{"\\ud800x":1,'))
    return Case(("check", path), 2, ERROR_AT.format(
        line=4, rest=r"\$\.observation\.fields: a key with a lone surrogate \\ud800"
                     r" \(not a Unicode character\)"))


@case(2, "check-observation-bad-viewer")
def _(root: Path) -> Case:
    path = write(root, "obsviewer.jsonl", raw_step(observed_lines(1), 3, '"viewer":1},"record"',
                                                   '"viewer":2},"record"'))
    return Case(("check", path), 2, ERROR_AT.format(
        line=4, rest=r'\$\.observation\.viewer: a viewer is "public" or a seat 0-1, not 2'))


# -- 3. unbounded lines and files ---------------------------------------------------------


@case(3, "check-dev-zero")
def _(root: Path) -> Case:
    return Case(("check", "/dev/zero"), 2,
                r"^error: /dev/zero: line 1: a line longer than 32 MiB \(the limit\)$")


@case(3, "check-stdin-dev-zero")
def _(root: Path) -> Case:
    return Case(("check", "-"), 2,
                r"^error: -: line 1: a line longer than 32 MiB \(the limit\)$",
                redirect="</dev/zero")


@case(3, "check-long-second-line")
def _(root: Path) -> Case:
    lines = [*trace_lines()[:1], '{"record":"step","x":"' + "x" * (33 * 1024 * 1024) + '"}']
    return Case(("check", write(root, "long.jsonl", lines)), 2,
                ERROR_AT.format(line=2, rest=r"a line longer than 32 MiB \(the limit\)"))


@case(3, "check-endless-blank-lines")
def _(root: Path) -> Case:
    path = write(root, "blank.jsonl", b"\n" * 70000)
    return Case(("check", path), 2, ERROR_AT.format(
        line=65537, rest=r"more than 65536 blank lines in a row \(the limit\)"))


@case(3, "drive-reply-without-end")
def _(root: Path) -> Case:
    return Case(drive("huge", "--json"), 1, KIND.format(kind="protocol")
                + r'"the reply to legal is longer than 32 MiB without a line end \(the limit\)"',
                stream="stdout")


@case(3, "vectors-dev-zero")
def _(root: Path) -> Case:
    return Case(("vectors", "--verify", "/dev/zero"), 2,
                r"^error: /dev/zero: larger than 64 MiB \(the limit\)$")


# -- 4. long probability digits ---------------------------------------------------------------


@case(4, "drive-probability-5000-digits")
def _(root: Path) -> Case:
    return Case(drive("long-probability", "--json"), 1,
                KIND.format(kind="protocol") + r'"probability \\"1111.*: expected p/q with q'
                r' > 0, each of at most 4300 digits"', stream="stdout")


@case(4, "drive-probability-zero-denominator")
def _(root: Path) -> Case:
    return Case(drive("zero-probability", "--json"), 1,
                KIND.format(kind="protocol") + r'"probability \\"1/0\\"', stream="stdout")


@case(4, "drive-actor-5000-digits")
def _(root: Path) -> Case:
    return Case(drive("digits", "--json"), 1,
                r'"message": "the reply to legal cannot be read: not JSON: an integer of more than'
                r' 4300 digits \(the limit\)"', stream="stdout")


@case(4, "drive-nan-actor")
def _(root: Path) -> Case:
    return Case(drive("nan", "--json"), 1, KIND.format(kind="protocol")
                + r'"the reply to legal cannot be read: not JSON: NaN is not JSON"',
                stream="stdout")


@case(4, "check-number-out-of-range")
def _(root: Path) -> Case:
    lines = raw_step(trace_lines(), 3, '"step":3', '"step":1e400')
    return Case(("check", write(root, "e400.jsonl", lines)), 2, ERROR_AT.format(
        line=4, rest=r"not JSON: the number 1e400 is out of range"))


@case(4, "check-integer-5000-digits")
def _(root: Path) -> Case:
    lines = raw_step(trace_lines(), 3, '"step":3', '"step":' + "3" * 5000)
    return Case(("check", write(root, "digits.jsonl", lines)), 2, ERROR_AT.format(
        line=4, rest=r"not JSON: an integer of more than 4300 digits \(the limit\)"))


# -- 5. unbounded --timeout -----------------------------------------------------------------

for _value in ("inf", "1e308", "1e7", "nan", "0", "-1", "86401"):
    def _timeout(root: Path, value: str = _value) -> Case:
        return Case(drive("surrogate", timeout=value), 2,
                    r"^error: --timeout must be more than 0 and at most 86400 seconds, not .*$")
    case(5, f"drive-timeout-{_value}")(_timeout)


# -- 6. stderr kept in full ------------------------------------------------------------------


@case(6, "drive-stderr-flood")
def _(root: Path) -> Case:
    return Case(drive("stderr-flood", "--json"), 1,
                KIND.format(kind="crash") + r'"the implementation exited with code 3 while'
                r' answering legal; stderr ends: [^"]{1000,2100}engine: the last words"',
                stream="stdout")


@case(6, "drive-stderr-endless")
def _(root: Path) -> Case:
    # before, standard error went to a file kept whole: 6.5 GB in 20 s
    return Case(drive("stderr-endless", "--json", timeout="1"), 1,
                KIND.format(kind="timeout") + r'"no reply to legal within 1 s"', stream="stdout")


# -- 7. unclipped vector values ---------------------------------------------------------------


@case(7, "vectors-two-million-characters")
def _(root: Path) -> Case:
    data = vectors()
    vector = next(v for v in data["vectors"] if "post_state" in v["expect"])
    post = vector["expect"]["post_state"]
    key = next(k for k, x in sorted(post.items()) if type(x) is int)
    post[key] = "y" * 2_000_000
    return Case(("vectors", "--verify", write_json(root, "long.json", data)), 1,
                r"1 of \d+ vectors fail", stream="stdout", max_output=20_000)


@case(7, "vectors-two-million-character-id")
def _(root: Path) -> Case:
    data = vectors()
    data["vectors"][0]["expect"] = {"rule": "crafts/none"}
    data["vectors"][0]["id"] = "z" * 2_000_000
    return Case(("vectors", "--verify", write_json(root, "longid.json", data)), 1,
                r"1 of \d+ vectors fail", stream="stdout", max_output=20_000)


@case(7, "check-two-million-character-action")
def _(root: Path) -> Case:
    lines = trace_lines()
    index = next(i for i, line in enumerate(lines) if '"type":"Commit"' in line)
    record = json.loads(lines[index])
    record["action"]["y"] = "y" * 2_000_000
    lines[index] = json.dumps(record)
    return Case(("check", write(root, "longaction.jsonl", lines)), 2,
                ERROR_AT.format(line=index + 1, rest=r"\$\.action: unknown field\(s\): y"))


# -- 8. vector files laxer than traces -------------------------------------------------------


@case(8, "vectors-nan")
def _(root: Path) -> Case:
    data = vectors()
    text = json.dumps(data).replace('"seed": 0', '"seed": NaN', 1)
    path = root / "nan.json"
    path.write_text(text, encoding="utf-8")
    return Case(("vectors", "--json", "--verify", str(path)), 2,
                r"^error: .*nan\.json: not JSON: NaN is not JSON$")


@case(8, "vectors-version-float")
def _(root: Path) -> Case:
    data = vectors()
    data["version"] = 1.0
    return Case(("vectors", "--verify", write_json(root, "v10.json", data)), 2,
                r"^error: .*v10\.json: \$\.version: expected 1, got 1\.0$")


@case(8, "vectors-players-float")
def _(root: Path) -> Case:
    data = vectors()
    data["vectors"][3]["players"] = 2.0
    return Case(("vectors", "--verify", write_json(root, "p20.json", data)), 2,
                r"^error: .*p20\.json: \$\.vectors\[3\]\.players: expected an integer, got 2\.0$")


@case(8, "vectors-empty")
def _(root: Path) -> Case:
    data = vectors()
    data["vectors"] = []
    return Case(("vectors", "--verify", write_json(root, "empty.json", data)), 2,
                r"^error: .*empty\.json: \$\.vectors: expected at least 1 item, got \[\]$")


@case(8, "vectors-no-origin")
def _(root: Path) -> Case:
    data = vectors()
    del data["vectors"][1]["origin"]
    return Case(("vectors", "--verify", write_json(root, "noorigin.json", data)), 2,
                r"^error: .*noorigin\.json: \$\.vectors\[1\]\.origin: missing field$")


@case(8, "vectors-pre-state-redigested-breaks-invariant")
def _(root: Path) -> Case:
    data = vectors()
    vector = data["vectors"][0]
    vector["pre_state"]["bank"] += 1
    vector["pre_digest"] = digest(vector["pre_state"])
    return Case(("vectors", "--verify", write_json(root, "inv.json", data)), 1,
                r"fails .*pre_state breaks an invariant of crafts", stream="stdout")


@case(8, "vectors-pre-state-redigested-unreachable")
def _(root: Path) -> Case:
    data = vectors()
    vector = next(v for v in data["vectors"] if v["pre_state"]["hands"][0]
                  != v["pre_state"]["hands"][1])
    hands = vector["pre_state"]["hands"]
    hands[0], hands[1] = hands[1], hands[0]  # every card still counted: the invariants hold
    vector["pre_digest"] = digest(vector["pre_state"])
    vid = vector["id"]
    return Case(("vectors", "--json", "--verify", write_json(root, "reach.json", data)), 1,
                r'"id": "' + re.escape(vid)
                + r'",\s+"status": "fails",\s+"message": "pre_state is not the state `oracle play'
                r" crafts", stream="stdout")


@case(8, "vectors-origin-beyond-the-end")
def _(root: Path) -> Case:
    data = vectors()
    first = data["vectors"][0]
    first["origin"]["step"] = 10**30
    play = (f"oracle play crafts --players {first['players']} --seed"
            f" {first['origin']['seed']} --policy {first['origin']['policy']}")
    return Case(("vectors", "--json", "--verify", write_json(root, "far.json", data)), 1,
                rf'"message": "origin: `{play}`'
                r' \(with the variant\) ends before step 10{30}"', stream="stdout")


@case(8, "vectors-origin-unknown-policy")
def _(root: Path) -> Case:
    data = vectors()
    data["vectors"][0]["origin"]["policy"] = "greedy"
    return Case(("vectors", "--verify", write_json(root, "policy.json", data)), 2,
                r"^error: .*policy\.json: \$\.vectors\[0\]\.origin\.policy: expected one of"
                r' "uniform", "eager", "steer"; got "greedy"$')


@case(8, "check-version-float")
def _(root: Path) -> Case:
    lines = trace_lines()
    lines[0] = lines[0].replace('"version":1', '"version":1.0')
    return Case(("check", write(root, "v10.jsonl", lines)), 2,
                ERROR_AT.format(line=1, rest=r"\$\.version: expected one of 1, 2; got 1\.0"))


# -- 9. missing fields with defaults --------------------------------------------------------


@case(9, "check-take-tile-without-discard")
def _(root: Path) -> Case:
    lines = trace_lines("burgundy")
    index = next(i for i, line in enumerate(lines) if '"type":"TakeTile"' in line)
    record = json.loads(lines[index])
    del record["action"]["discard"]
    lines[index] = json.dumps(record)
    return Case(("check", write(root, "taketile.jsonl", lines)), 2, ERROR_AT.format(
        line=index + 1, rest=r"\$\.action\.discard: required field missing"))


@case(9, "vectors-action-without-a-defaulted-field")
def _(root: Path) -> Case:
    data = vectors("burgundy")
    vector = next(v for v in data["vectors"] if v["action"]["type"] == "TakeTile")
    del vector["action"]["discard"]
    return Case(("vectors", "--verify", write_json(root, "nodiscard.json", data)), 1,
                r"bad .*action: required field missing @ \$\.discard", stream="stdout")


@case(9, "vectors-state-without-a-defaulted-field")
def _(root: Path) -> Case:
    data = vectors("burgundy")
    vector = data["vectors"][0]
    del vector["pre_state"]["round"]
    vector["pre_digest"] = digest(vector["pre_state"])
    return Case(("vectors", "--verify", write_json(root, "noround.json", data)), 1,
                r"bad +│ pre_state: required field missing @ \$\.round", stream="stdout")


# -- 10. rules --coverage on pathological files ---------------------------------------------


def _coverage(root: Path, name: str, source: str) -> Case:
    folder = root / f"cov-{name}"
    folder.mkdir()
    (folder / "test_x.py").write_text(source, encoding="utf-8")
    return Case(("rules", "crafts", "--coverage", "--tests", str(folder)), 0,
                r"warning: .*test_x\.py: not scanned \((nested too deeply to parse|SyntaxError"
                r"|larger than 16 MiB \(the limit\))\)", stream="stdout")


@case(10, "coverage-deep-unary")
def _(root: Path) -> Case:
    return _coverage(root, "unary", "x = " + "-" * 200_000 + "1\n")


@case(10, "coverage-long-sum")
def _(root: Path) -> Case:
    return _coverage(root, "sum", "y = 1" + "+1" * 100_000 + "\n")


@case(10, "coverage-deep-parentheses")
def _(root: Path) -> Case:
    return _coverage(root, "parens", "x = " + "(" * 300 + "1" + ")" * 300 + "\n")


@case(10, "coverage-huge-file")
def _(root: Path) -> Case:
    return _coverage(root, "huge", "#" * (17 * 1024 * 1024) + "\n")


# -- 11. output and input stream edge cases --------------------------------------------------


@case(11, "play-to-dev-full")
def _(root: Path) -> Case:
    return Case(("play", "crafts"), 2,
                r"^error: cannot write to standard output: No space left on device$",
                redirect=">/dev/full")


@case(11, "play-with-stdout-closed")
def _(root: Path) -> Case:
    return Case(("play", "crafts"), 2, r"^error: cannot write to standard output: it is closed$",
                redirect=">&-")


@case(11, "check-stdin-closed")
def _(root: Path) -> Case:
    return Case(("check", "-"), 2, r"^error: cannot read standard input: it is closed$",
                redirect="<&-")


@case(11, "check-stdin-write-only")
def _(root: Path) -> Case:
    return Case(("check", "-"), 2, r"^error: cannot read standard input: Bad file descriptor$",
                redirect="0>/dev/null")


@case(11, "check-json-to-dev-full")
def _(root: Path) -> Case:
    path = write(root, "ok.jsonl", trace_lines())
    return Case(("check", "--json", path), 2,
                r"^error: cannot write to standard output: No space left on device$",
                redirect=">/dev/full")


@case(11, "play-with-stderr-closed")
def _(root: Path) -> Case:
    return Case(("play", "crafts", "--out", str(root / "no" / "such" / "dir.jsonl")), 2, "^$",
                redirect="2>&-")


# -- 12. plugin report path -------------------------------------------------------------------


def _plugin_report(root: Path, name: str, target: str, expect: str) -> Case:
    folder = root / f"plugin-{name}"
    folder.mkdir()
    write(folder, "good.jsonl", trace_lines())
    (folder / "adir").mkdir()
    return Case(("--oracle-traces", "good.jsonl", "--oracle-report", target), 4, expect,
                stream="output", program="pytest", cwd=str(folder))


@case(12, "plugin-report-missing-directory")
def _(root: Path) -> Case:
    return _plugin_report(root, "missing", "no/such/report.json",
                          r"ERROR: --oracle-report 'no/such/report\.json': no directory 'no/such'")


@case(12, "plugin-report-to-a-directory")
def _(root: Path) -> Case:
    return _plugin_report(root, "dir", "adir",
                          r"ERROR: --oracle-report 'adir': is a directory, not a file")


# -- 13. setsid descendants -------------------------------------------------------------------


@case(13, "drive-setsid-grandchild")
def _(root: Path) -> Case:
    pidfile = root / "setsid.pid"
    return Case(drive("setsid", timeout="1", pidfile=str(pidfile)), 1,
                r"timeout\n\s+what: no reply to legal within 1 s", stream="stdout",
                after=gone(pidfile))


@case(13, "drive-daemon-grandchild")
def _(root: Path) -> Case:
    pidfile = root / "daemon.pid"
    return Case(drive("daemon", timeout="1", pidfile=str(pidfile)), 1,
                r"timeout\n\s+what: no reply to legal within 1 s", stream="stdout",
                after=gone(pidfile))


@case(13, "drive-terminated-while-a-grandchild-runs")
def _(root: Path) -> Case:
    pidfile = root / "term.pid"
    return Case(drive("setsid", timeout="60", pidfile=str(pidfile)), 143,
                r"^error: terminated by SIGTERM$", terminate_when=str(pidfile),
                after=gone(pidfile))


# -- 14. races and anchors ----------------------------------------------------------------------


for _run in range(3):
    def _exit_holds(root: Path) -> Case:
        return Case(drive("exit-child-holds", "--json"), 1,
                    KIND.format(kind="crash") + r'"the implementation exited with code 5 while'
                    r' answering legal"', stream="stdout")
    case(14, f"drive-exit-while-a-child-holds-stdout-{_run + 1}")(_exit_holds)


@case(14, "drive-timeout-1e-9")
def _(root: Path) -> Case:
    return Case(drive("surrogate", "--json", timeout="1e-9"), 1,
                KIND.format(kind="timeout") + r'"no reply to reset within 1e-09 s"',
                stream="stdout")


@case(14, "drive-probability-trailing-newline")
def _(root: Path) -> Case:
    return Case(drive("newline-probability", "--json"), 1,
                r'"message": "the reply to legal: \$\.probabilities\[0\]: expected a string'
                r' matching \^\[0-9\]\+/\[0-9\]\+\$, got \\"2/27\\\\n\\""',
                stream="stdout")


@case(14, "check-digest-trailing-newline")
def _(root: Path) -> Case:
    lines = trace_lines()
    record = json.loads(lines[3])
    record["digest"] += "\n"
    lines[3] = json.dumps(record)
    return Case(("check", write(root, "nl.jsonl", lines)), 2,
                ERROR_AT.format(line=4, rest=r"\$\.digest: expected .*"))
