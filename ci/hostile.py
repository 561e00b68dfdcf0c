"""The figures of the hostile-input suite (issue 13): every case of tests/hostile/cases.py run
as its own process, summed up per class.

    python ci/hostile.py [--json]

Per class: the inputs tried, their exit codes, how many ended as expected,
tracebacks, hangs (no end within two minutes), the largest peak resident
memory of one run (GNU time's ``%M``: the oracle process, not the engines it
drives) and the time. Exit 1 when any case did not end as
expected.
"""

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests.hostile.cases import CASES, CLASSES  # noqa: E402
from tests.hostile.runner import problems, run_subprocess  # noqa: E402


def main() -> int:
    rows: dict[int, dict[str, object]] = {}
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        for i, name in enumerate(sorted(CASES, key=lambda n: (CASES[n][0], n))):
            cls, build = CASES[name]
            folder = Path(tmp) / f"{i:03d}"
            folder.mkdir()
            case = build(folder)
            outcome = run_subprocess(case, measure=True)
            found = problems(case, outcome)
            if found:
                failures.append(f"{name}: " + "; ".join(found))
            row = rows.setdefault(cls, {"class": cls, "what": CLASSES[cls], "inputs": 0,
                                        "codes": Counter(), "as_expected": 0, "tracebacks": 0,
                                        "hangs": 0, "peak_mib": 0.0, "seconds": 0.0})
            row["inputs"] = int(str(row["inputs"])) + 1
            codes = row["codes"]
            assert isinstance(codes, Counter)
            codes[str(outcome.code)] += 1
            row["as_expected"] = int(str(row["as_expected"])) + (not found)
            row["tracebacks"] = int(str(row["tracebacks"])) + outcome.traceback
            row["hangs"] = int(str(row["hangs"])) + outcome.hang
            peak = (outcome.peak_kib or 0) / 1024
            row["peak_mib"] = max(float(str(row["peak_mib"])), round(peak, 1))
            row["seconds"] = round(float(str(row["seconds"])) + outcome.seconds, 2)
    table = [rows[c] for c in sorted(rows)]
    if "--json" in sys.argv[1:]:
        print(json.dumps([{**r, "codes": dict(r["codes"])} for r in table], indent=2))  # type: ignore[dict-item]
    else:
        print(f"{'class':<46} {'inputs':>6} {'exit codes':<14} {'as expected':>11}"
              f" {'tracebacks':>10} {'hangs':>5} {'peak MiB':>8} {'seconds':>7}")
        for r in table:
            codes = r["codes"]
            assert isinstance(codes, Counter)
            shown = " ".join(f"{k}:{v}" for k, v in sorted(codes.items()))
            print(f"{str(r['class']) + '. ' + str(r['what']):<46} {r['inputs']:>6} {shown:<14}"
                  f" {r['as_expected']:>11} {r['tracebacks']:>10} {r['hangs']:>5}"
                  f" {r['peak_mib']:>8} {r['seconds']:>7}")
        total = sum(int(str(r["inputs"])) for r in table)
        print(f"{total} inputs, {total - len(failures)} as expected")
    for failure in failures:
        print(f"not as expected: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
