#!/usr/bin/env bash
# The demo: a QA review of story E1-S1 in a fresh copy of examples/demo-project.
#
#   bash dev/demo.sh [--out DIR]
#
# 1. builds (once) the demo project's own venv with pytest + coverage in a cache dir outside
#    the repository, keyed by the pins below and the interpreter version;
# 2. copies examples/demo-project into a fresh directory (a temp dir, or --out DIR, which must
#    not exist or be empty) and makes it a git repository: `main` holds everything except the
#    story's change set, branch `story/E1-S1` adds it;
# 3. runs the plugin through bin/gaia (which builds the plugin's own venv on first use):
#    `gaia review-qa E1-S1 --project DIR` when that command is available, else the pipeline that
#    exists today (resolve-story-file, load-stack-persona, file-list-diff-check, review-gate
#    review-gate-check); then test automation's view of the story: `gaia test-automate E1-S1
#    --status` (the coverage map) and `--scaffold` (skeletons for the unmapped ACs under
#    build/scaffold/, outside the tree git sees);
# 4. prints where the outputs are.
#
# Environment: PYTHON (default python3), GAIA_BIN (default <repo>/bin/gaia),
# GAIA_DEMO_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/gaia-demo), GAIA_DEMO_VENV (use this
# existing venv, which must have pytest and coverage, instead of building one).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEMO_SRC="$ROOT/examples/demo-project"
PYTHON="${PYTHON:-python3}"
GAIA="${GAIA_BIN:-$ROOT/bin/gaia}"
CACHE="${GAIA_DEMO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gaia-demo}"
DEMO_PINS=("pytest==9.0.2" "coverage==7.11.0")
# The story under review and its change set: what the story branch adds on top of main.
STORY="E1-S1"
STORY_CHANGESET=(
    src/signup/accounts.py
    src/signup/errors.py
    src/signup/validation.py
    tests/unit/test_signup.py
    tests/integration/test_signup_flow.py
)

SCRIPT="dev/demo.sh"
USAGE="bash dev/demo.sh [--out DIR]"
# shellcheck source=dev/demo-common.sh
. "$ROOT/dev/demo-common.sh"
parse_demo_flags "$0" "$@"
check_demo_tools

# --- 1. the demo project's venv ------------------------------------------------------------
build_demo_venv() {
    local key
    key="$("$PYTHON" -c 'import hashlib, sys; print(hashlib.sha256((sys.version + "\0" + "\0".join(sys.argv[1:])).encode()).hexdigest()[:16])' "${DEMO_PINS[@]}")"
    DEMO_VENV="$CACHE/venv-$key"
    # The marker is written last: an interrupted build is never mistaken for a finished one.
    if [ -f "$DEMO_VENV/.complete" ] &&
        "$DEMO_VENV/bin/python" -c 'import pytest, coverage' >/dev/null 2>&1; then
        return 0
    fi
    step "building the demo project's venv in $DEMO_VENV"
    mkdir -p "$CACHE"
    "$PYTHON" -m venv --clear "$DEMO_VENV"
    "$DEMO_VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${DEMO_PINS[@]}"
    touch "$DEMO_VENV/.complete"
}

if [ -n "${GAIA_DEMO_VENV:-}" ]; then
    DEMO_VENV="$GAIA_DEMO_VENV"
    "$DEMO_VENV/bin/python" -c 'import pytest, coverage' >/dev/null 2>&1 ||
        die "GAIA_DEMO_VENV=$DEMO_VENV has no python with pytest and coverage"
else
    build_demo_venv
fi

# --- 2. a fresh copy as a git repository ---------------------------------------------------
if [ -z "$OUT" ]; then
    OUT="$(mktemp -d "${TMPDIR:-/tmp}/gaia-demo.XXXXXX")"
fi
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
step "copying examples/demo-project to $OUT"
(cd "$DEMO_SRC" && tar --exclude=__pycache__ --exclude=.pytest_cache --exclude=build -cf - .) |
    (cd "$OUT" && tar -xf -)

git_demo() {
    git -C "$OUT" -c user.name="gaia demo" -c user.email="demo@gaia.invalid" \
        -c commit.gpgsign=false -c init.defaultBranch=main "$@"
}
git_demo init -q
git_demo symbolic-ref HEAD refs/heads/main
git_demo add -A
git_demo rm -q --cached -- "${STORY_CHANGESET[@]}"
git_demo commit -q -m "Signup demo: planning artifacts, models and welcome message (E1-S3)"
git_demo checkout -q -b "story/$STORY"
git_demo add -A
git_demo commit -q -m "$STORY: sign up with an email address"
echo "git: main + story/$STORY ($(git_demo rev-list --count main..HEAD) commit ahead)"

# --- 3. the review ------------------------------------------------------------------------
export PATH="$DEMO_VENV/bin:$PATH"
# The copy is the project, whatever the caller's environment (e.g. inside Claude Code) says.
export GAIA_PROJECT_DIR="$OUT"
unset CLAUDE_PROJECT_DIR CLAUDE_PROJECT_ROOT PROJECT_PATH PROJECT_ROOT \
    IMPLEMENTATION_ARTIFACTS TEST_ARTIFACTS PLANNING_ARTIFACTS CHECKPOINT_PATH \
    REVIEW_GATE_LEDGER SPRINT_STATUS_YAML GAIA_EXECUTION_CONTEXT
LOGS="$OUT/build/gaia-demo"
mkdir -p "$LOGS"
cd "$OUT"

# run_step NAME CMD...: show and keep the output; returns the command's exit status.
run_step() {
    local name="$1" rc=0
    shift
    step "$*"
    "$@" >"$LOGS/$name.out" 2>"$LOGS/$name.err" || rc=$?
    cat "$LOGS/$name.out"
    sed 's/^/  stderr: /' "$LOGS/$name.err"
    echo "  (exit $rc)"
    return "$rc"
}

# bin/gaia builds the plugin's venv on first use; fail here, clearly, if it cannot start.
run_step gaia-version "$GAIA" --version || die "$GAIA could not start (see $LOGS/gaia-version.err)"

has_review_qa() {
    "$GAIA" review-qa --help >/dev/null 2>&1  # an unknown command exits 2
}

status=0
failed=()
if has_review_qa; then
    # 0 APPROVE and 1 REQUEST_CHANGES are verdicts: the demo worked. 3 (BLOCKED: the review
    # could not be trusted) and 2 (usage) are failures of the demo itself.
    rc=0
    run_step review-qa "$GAIA" review-qa "$STORY" --project "$OUT" || rc=$?
    if [ "$rc" -gt 1 ]; then
        status=$rc
        failed+=("review-qa")
    fi
else
    echo "(gaia review-qa is not available yet: running the interim pipeline)"
    run_step tests "$DEMO_VENV/bin/python" -m pytest -q -p no:cacheprovider tests/unit ||
        failed+=("tests")
    run_step resolve-story-file "$GAIA" resolve-story-file "$STORY" ||
        die "gaia resolve-story-file failed; nothing else can run without the story file"
    story_file="$(head -n 1 "$LOGS/resolve-story-file.out")"
    run_step load-stack-persona "$GAIA" load-stack-persona --story-file "$story_file" ||
        failed+=("load-stack-persona")
    run_step file-list-diff-check "$GAIA" file-list-diff-check \
        --story-file "$story_file" --base main --repo "$OUT" ||
        failed+=("file-list-diff-check")
    # 0 COMPLETE, 1 BLOCKED, 2 PENDING are all answers, not failures.
    rc=0
    run_step review-gate-check "$GAIA" review-gate review-gate-check --story "$STORY" || rc=$?
    [ "$rc" -le 2 ] || failed+=("review-gate-check")
    if [ "${#failed[@]}" -gt 0 ]; then
        status=1
    fi
fi

# --- 3b. the same story as test automation sees it -------------------------------------------
# The coverage map (which ACs have an automated test case), then one skeleton per unmapped AC:
# each skeleton is a skipped placeholder, so it never counts as coverage.
run_step test-automate-status "$GAIA" test-automate "$STORY" --status ||
    failed+=("test-automate-status")
run_step test-automate-scaffold "$GAIA" test-automate "$STORY" --scaffold \
    --out-dir "$OUT/build/scaffold" || failed+=("test-automate-scaffold")
if [ "${#failed[@]}" -gt 0 ] && [ "$status" -eq 0 ]; then
    status=1
fi

# --- 4. where things are ------------------------------------------------------------------
step "outputs"
echo "demo project:   $OUT"
echo "command output: $LOGS/"
for dir in ".gaia/state/review/qa-tests/$STORY" ".gaia/artifacts/implementation-artifacts" \
    ".gaia/artifacts/test-artifacts" "build/scaffold"; do
    if [ -d "$OUT/$dir" ]; then
        find "$OUT/$dir" -type f ! -name '*.lock' -newer "$OUT/.git/HEAD" | sort | sed 's/^/written:        /'
    fi
done
if [ "${#failed[@]}" -gt 0 ]; then
    echo "dev/demo.sh: these steps failed: ${failed[*]} (see $LOGS/)" >&2
fi
exit "$status"
