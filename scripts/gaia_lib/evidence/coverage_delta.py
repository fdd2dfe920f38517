"""Coverage before and after test automation (upstream coverage-delta.sh), as one JSON line.

Rules:
- A report's total line coverage in percent: coverage.py JSON `totals.percent_covered`; lcov
  `.info` (`LH`/`LF` summed over records, or the DA lines when a record has no summary); an
  lcov text summary (`Lines executed:N%` / `lines......: N%`, the first one).
- `--format auto` decides from the BASELINE: a first non-space `{` is coverage.py JSON, else
  lcov. Both reports are read in the same format.
- Output `{"coverage_delta":D,"baseline":B,"current":C}` with D = C - B, each rounded to 4
  decimals and printed without trailing zeros (`%g`-like); D <= 0 is what the verdict resolver
  turns into REQUEST_CHANGES.
- An unreadable or unparseable report is an error (exit 1), never a zero.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from gaia_lib.core.errors import InvalidInput, MalformedFile

FORMATS = ("auto", "lcov", "coveragepy")
_SUMMARY_RE = re.compile(r"(?:Lines executed:|lines\.*:)\s*([0-9]+(?:\.[0-9]+)?)%")


def _lcov_percent(text: str, what: str) -> float:
    hit = found = 0
    rec_hit = rec_found = 0
    da_hit = da_found = 0
    in_record = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("SF:"):
            in_record, rec_hit, rec_found, da_hit, da_found = True, -1, -1, 0, 0
        elif line.startswith("LH:"):
            rec_hit = int(line[3:] or 0)
        elif line.startswith("LF:"):
            rec_found = int(line[3:] or 0)
        elif line.startswith("DA:"):
            parts = line[3:].split(",")
            if len(parts) >= 2:
                da_found += 1
                da_hit += 1 if parts[1].strip() not in ("0", "") else 0
        elif line == "end_of_record" and in_record:
            hit += rec_hit if rec_hit >= 0 else da_hit
            found += rec_found if rec_found >= 0 else da_found
            in_record = False
    if found:
        return 100.0 * hit / found
    match = _SUMMARY_RE.search(text)
    if match:
        return float(match.group(1))
    raise MalformedFile(f"{what}: no line coverage found (not an lcov report)", 1)


def _coveragepy_percent(text: str, what: str) -> float:
    try:
        value = json.loads(text)["totals"]["percent_covered"]
    except (ValueError, KeyError, TypeError):
        raise MalformedFile(
            f"{what}: no totals.percent_covered (not coverage.py JSON)", 1
        ) from None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise MalformedFile(f"{what}: totals.percent_covered is not a number", 1)
    return float(value)


def percent(text: str, fmt: str, what: str) -> float:
    if fmt == "coveragepy":
        return _coveragepy_percent(text, what)
    if fmt == "lcov":
        return _lcov_percent(text, what)
    raise InvalidInput(f"invalid --format '{fmt[:20]}' ({', '.join(FORMATS)})", 1)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise MalformedFile(f"cannot read {path}: {exc.strerror or exc}", 1) from None


def _num(value: float) -> str:
    return f"{round(value, 4):g}"


def delta(baseline: Path, current: Path, fmt: str = "auto") -> str:
    if fmt not in FORMATS:
        raise InvalidInput(f"invalid --format '{fmt[:20]}' ({', '.join(FORMATS)})", 1)
    base_text, cur_text = _read(baseline), _read(current)
    chosen = fmt
    if fmt == "auto":
        chosen = "coveragepy" if base_text.lstrip().startswith("{") else "lcov"
    before = percent(base_text, chosen, str(baseline))
    after = percent(cur_text, chosen, str(current))
    return (f'{{"coverage_delta":{_num(after - before)},"baseline":{_num(before)},'
            f'"current":{_num(after)}}}')
