#!/usr/bin/env bash
# The test command: refresh the dev venv (.venv) when the pinned requirements change, then run
# ruff, mypy, the import contracts and pytest. Extra arguments go to pytest:
# `bash dev/test.sh -k review_gate -x`.
# Every check runs even when an earlier one fails, so one run shows every problem; the exit
# status is non-zero when any of them failed.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

PYTHON="${PYTHON:-python3}"
VENV="${GAIA_DEV_VENV:-$ROOT/.venv}"
STAMP="$VENV/.requirements.sha256"

if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "dev/test.sh: $PYTHON not found; install Python >= 3.10 (or set PYTHON=...)" >&2
    exit 2
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
    echo "dev/test.sh: $PYTHON is $("$PYTHON" --version 2>&1); Python >= 3.10 is required" >&2
    exit 2
fi

# The stamp covers both requirement files and the interpreter version: a change to either
# means the venv no longer matches what the pins promise.
requirements_hash() {
    "$PYTHON" - requirements.txt requirements-dev.txt <<'PY'
import hashlib
import sys

digest = hashlib.sha256(sys.version.encode())
for name in sys.argv[1:]:
    with open(name, "rb") as handle:
        digest.update(name.encode() + b"\0" + handle.read() + b"\0")
print(digest.hexdigest())
PY
}

want="$(requirements_hash)"
have="$(cat "$STAMP" 2>/dev/null || true)"
if ! "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; then
    echo "dev/test.sh: creating the dev venv at $VENV" >&2
    "$PYTHON" -m venv --clear "$VENV"
    have=""
fi
if [ "$want" != "$have" ]; then
    echo "dev/test.sh: installing requirements-dev.txt into $VENV" >&2
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
        -r requirements-dev.txt
    printf '%s\n' "$want" >"$STAMP"
fi

failed=()
run() {
    local name="$1"
    shift
    echo "==> $name" >&2
    if ! "$@"; then
        failed+=("$name")
    fi
}

run "ruff check" "$VENV/bin/ruff" check .
run "mypy" "$VENV/bin/mypy"
run "mypy (dev-story entry scripts)" "$VENV/bin/mypy" "$ROOT"/skills/gaia-dev-story/scripts/*.py
run "mypy (test-automate entry scripts)" "$VENV/bin/mypy" "$ROOT"/skills/gaia-test-automate/scripts/*.py
# Import contracts (pyproject.toml [tool.importlinter]): layers, independent workflows, no cycles.
run "lint-imports" env PYTHONPATH="$ROOT/scripts" "$VENV/bin/lint-imports" --no-cache
# pytest under coverage.py, subprocesses included ([tool.coverage.run] patch = subprocess):
# the CLI tests' `python -m gaia_lib` and entry-script processes count. Each process writes its
# own data file under build/coverage (GAIA_COVERAGE_DIR: elsewhere, e.g. for a test that runs
# this script while an outer run keeps its data there); they are combined after the run.
COV_DIR="${GAIA_COVERAGE_DIR:-$ROOT/build/coverage}"
rm -rf "$COV_DIR"
mkdir -p "$COV_DIR"
# Tests run in parallel (pytest-xdist), one worker per core by default: most of their time is
# spent waiting on the processes they start. GAIA_TEST_WORKERS=0 runs them in this process
# (for --pdb); a later `-n N` among the arguments wins.
run "pytest" env COVERAGE_FILE="$COV_DIR/.coverage" "$VENV/bin/coverage" run -m pytest \
    -n "${GAIA_TEST_WORKERS:-auto}" "$@"

# Line coverage of gaia_lib across every process the tests started. GAIA_COVERAGE_FLOOR (CI
# sets 92) makes a lower figure a failure; a partial run (`dev/test.sh -k x`) is only printed.
line_coverage() {
    COVERAGE_FILE="$COV_DIR/.coverage" "$VENV/bin/coverage" combine -q "$COV_DIR" >/dev/null 2>&1 &&
        COVERAGE_FILE="$COV_DIR/.coverage" "$VENV/bin/coverage" json -q -o "$COV_DIR/coverage.json" &&
        "$VENV/bin/python" - "$COV_DIR/coverage.json" "${GAIA_COVERAGE_FLOOR:-0}" "$#" <<'PY'
import json
import sys

totals = json.load(open(sys.argv[1]))["totals"]
floor, partial = float(sys.argv[2]), sys.argv[3] != "0"
percent = 100.0 * totals["covered_lines"] / max(totals["num_statements"], 1)
print(f"line coverage (gaia_lib, tests + their subprocesses): {percent:.1f}% "
      f"({totals['covered_lines']}/{totals['num_statements']} lines)", file=sys.stderr)
if floor and not partial and percent < floor:
    print(f"dev/test.sh: line coverage {percent:.1f}% is below the floor {floor:g}%",
          file=sys.stderr)
    sys.exit(1)
PY
}
run "line coverage" line_coverage "$@"

if [ "${#failed[@]}" -gt 0 ]; then
    echo "dev/test.sh: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "dev/test.sh: all checks passed" >&2
