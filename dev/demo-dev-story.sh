#!/usr/bin/env bash
# The dev-story demo: /gaia-dev-story's deterministic steps on the demo story, without a model.
#
#   bash dev/demo-dev-story.sh [--out DIR] [--story KEY]     (default story: E1-S2)
#
# 1. copies examples/demo-project into a fresh directory (a temp dir, or --out DIR, which must
#    not exist or be empty), makes it a git repository on `main` and gives it a local bare
#    repository as `origin` (DIR.origin.git) — no forge, no network;
# 2. runs the story's load and gate commands through bin/gaia: load-story, detect-mode,
#    check-deps (E1-S2 waits for E1-S1, so it halts; then --bypass-deps, recorded),
#    validate-plan-structure on a stand-in plan, dod-check; then the delivery tail:
#    promotion-chain-guard, git-branch, a stand-in for the developer's change (a small
#    confirmation-token module and its test, written by this script), commit-msg +
#    `git commit -F -`, forbidden-sentinel-scan (once on a commit that adds a STUB, which it
#    refuses, then on the clean branch), git-push to the bare origin, pr-body, and
#    verify-pr-merged (exit 2: no PR was merged, this demo has no forge);
# 3. prints where the outputs are.
#
# Environment: PYTHON (default python3), GAIA_BIN (default <repo>/bin/gaia).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEMO_SRC="$ROOT/examples/demo-project"
PYTHON="${PYTHON:-python3}"
GAIA="${GAIA_BIN:-$ROOT/bin/gaia}"
STORY="E1-S2"

SCRIPT="dev/demo-dev-story.sh"
USAGE="bash dev/demo-dev-story.sh [--out DIR] [--story KEY]"
EXTRA_FLAGS="story"
# shellcheck source=dev/demo-common.sh
. "$ROOT/dev/demo-common.sh"
parse_demo_flags "$0" "$@"
check_demo_tools

# --- 1. a fresh copy as a git repository with a bare origin ---------------------------------
if [ -z "$OUT" ]; then
    OUT="$(mktemp -d "${TMPDIR:-/tmp}/gaia-dev-story-demo.XXXXXX")"
fi
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
ORIGIN="$OUT.origin.git"
[ ! -e "$ORIGIN" ] || die "$ORIGIN already exists; choose a new --out"
step "copying examples/demo-project to $OUT (origin: $ORIGIN)"
(cd "$DEMO_SRC" && tar --exclude=__pycache__ --exclude=.pytest_cache --exclude=build -cf - .) |
    (cd "$OUT" && tar -xf -)

# Identity and settings for this repository only: the demo never touches the user's config.
export GIT_AUTHOR_NAME="gaia demo" GIT_AUTHOR_EMAIL="demo@gaia.invalid"
export GIT_COMMITTER_NAME="gaia demo" GIT_COMMITTER_EMAIL="demo@gaia.invalid"
git_demo() { git -C "$OUT" -c commit.gpgsign=false "$@"; }
git init -q --bare "$ORIGIN"
git -C "$ORIGIN" symbolic-ref HEAD refs/heads/main
git_demo init -q
git_demo symbolic-ref HEAD refs/heads/main
git_demo add -A
git_demo commit -q -m "Signup demo: the project before the story"
git_demo remote add origin "$ORIGIN"
git_demo push -q origin main

export GAIA_PROJECT_DIR="$OUT"
unset CLAUDE_PROJECT_DIR CLAUDE_PROJECT_ROOT PROJECT_PATH PROJECT_ROOT PROJECT_CONFIG \
    IMPLEMENTATION_ARTIFACTS TEST_ARTIFACTS PLANNING_ARTIFACTS CHECKPOINT_PATH
LOGS="$OUT.logs"
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

failed=()
# expect NAME CODE CMD...: run a step that must exit with CODE.
expect() {
    local name="$1" want="$2" rc=0
    shift 2
    run_step "$name" "$@" || rc=$?
    if [ "$rc" -ne "$want" ]; then
        failed+=("$name (exit $rc, expected $want)")
    fi
}

# One `gaia help` read into a variable: `gaia help | grep -q` could SIGPIPE under pipefail.
GAIA_HELP=""
has_command() { grep -qE "^  $1( |$)" <<<"$GAIA_HELP"; }

run_step gaia-version "$GAIA" --version || die "$GAIA could not start (see $LOGS/gaia-version.err)"
GAIA_HELP="$("$GAIA" help 2>/dev/null || true)"
expect resolve-story-file 0 "$GAIA" resolve-story-file "$STORY"
STORY_FILE="$(head -n 1 "$LOGS/resolve-story-file.out")"
[ -f "$STORY_FILE" ] || die "story $STORY not found in the demo project"
SLUG="$(basename "$STORY_FILE" .md)"
SLUG="${SLUG#"$STORY"-}"

# --- 2a. load and gates (the commands that exist in this plugin) ---------------------------
if has_command load-story; then
    expect load-story 0 "$GAIA" load-story "$STORY"
    expect detect-mode 0 "$GAIA" detect-mode "$STORY_FILE"
    # E1-S2 depends on E1-S1, still in review: Step 1 halts (exit 1) unless the operator
    # bypasses the check, which is then recorded in sprint-status.yaml.
    rc=0
    run_step check-deps "$GAIA" check-deps "$STORY_FILE" || rc=$?
    if [ "$rc" -ne 0 ]; then
        expect check-deps-bypass 0 "$GAIA" check-deps "$STORY_FILE" --bypass-deps
    fi
else
    step "gaia load-story / detect-mode / check-deps: not available in this plugin version"
fi

# --- 2b. the delivery tail -----------------------------------------------------------------
expect promotion-chain-guard 0 "$GAIA" promotion-chain-guard
BASE="$(sed -n 's/^PRESENT://p' "$LOGS/promotion-chain-guard.out")"
BASE="${BASE:-main}"
expect git-branch 0 "$GAIA" git-branch "$STORY" "$SLUG"
BRANCH="$(git_demo branch --show-current)"

step "the developer's change (a stand-in for the stack developer agent)"
mkdir -p src/signup tests/unit
cat > src/signup/confirmation.py <<'PY'
"""Single-use email confirmation tokens."""

import secrets


class TokenAlreadyUsed(Exception):
    status = 410


class Confirmations:
    def __init__(self) -> None:
        self._open: dict[str, str] = {}
        self.confirmed: set[str] = set()

    def issue(self, email: str) -> str:
        token = secrets.token_urlsafe(16)
        self._open[token] = email
        return token

    def redeem(self, token: str) -> str:
        email = self._open.pop(token, None)
        if email is None:
            raise TokenAlreadyUsed(token)
        self.confirmed.add(email)
        return email
PY
cat > tests/unit/test_confirmation.py <<'PY'
import pytest

from signup.confirmation import Confirmations, TokenAlreadyUsed


def test_ac1_ac2_token_confirms_once() -> None:
    store = Confirmations()
    token = store.issue("a@example.com")
    assert store.redeem(token) == "a@example.com"
    assert "a@example.com" in store.confirmed


def test_ac3_second_redemption_is_rejected_with_410() -> None:
    store = Confirmations()
    token = store.issue("a@example.com")
    store.redeem(token)
    with pytest.raises(TokenAlreadyUsed) as exc:
        store.redeem(token)
    assert exc.value.status == 410
PY
echo "wrote src/signup/confirmation.py and tests/unit/test_confirmation.py"

if has_command validate-plan-structure; then
    step "the developer's plan (a stand-in), checked for the eight canonical sections"
    cat > "$LOGS/plan.md" <<'MD'
## Context
E1-S2: single-use confirmation tokens for new accounts.
## Implementation Steps
1. Confirmations store: issue(email) and redeem(token).
## Files to Modify
- src/signup/confirmation.py (new), tests/unit/test_confirmation.py (new)
## Architecture Refs
In-memory store, like accounts.py.
## UX Refs
None (no UI).
## Testing Strategy
Unit tests per AC, red first.
## Risks
Token reuse: redeem removes the token before confirming.
## Verification Plan
pytest tests/unit; a second redemption raises with status 410.
MD
    expect validate-plan-structure 0 "$GAIA" validate-plan-structure "$LOGS/plan.md"
fi
DOD_ARGS=()
if has_command dod-check; then
    # Rows are data: a FAILED row (e.g. no linter installed here) is shown, not fatal.
    run_step dod-check "$GAIA" dod-check --story-file "$STORY_FILE" || true
    DOD_ARGS=(--dod-results "$LOGS/dod-check.out")
fi

# Only the developer's files: the gates' own state under .gaia/state is not part of the story.
git_demo add -- src tests
expect commit-msg 0 "$GAIA" commit-msg "$STORY_FILE"
git_demo commit -q -F "$LOGS/commit-msg.out"
step "git log --oneline $BASE..HEAD"
git_demo log --oneline "$BASE..HEAD"

step "a commit that leaves a STUB in production code (the scan must refuse it)"
printf '\n\ndef resend(email: str) -> None:\n    raise NotImplementedError  # STUB: resend flow\n' \
    >> src/signup/confirmation.py
git_demo commit -q -am "wip: resend"
expect sentinel-scan-stub 1 "$GAIA" forbidden-sentinel-scan --base-ref "$BASE"
git_demo reset -q --hard HEAD~1
expect sentinel-scan 0 "$GAIA" forbidden-sentinel-scan --base-ref "$BASE"

expect git-push 0 "$GAIA" git-push
step "git ls-remote --heads origin"
git_demo ls-remote --heads origin
expect pr-body 0 "$GAIA" pr-body "$STORY_FILE" "${DOD_ARGS[@]}"
# No forge here: the PR is never merged, so the post-completion gate must fail (exit 2).
expect verify-pr-merged 2 "$GAIA" verify-pr-merged "$STORY" "$BASE"

# --- 3. where things are -------------------------------------------------------------------
step "outputs"
echo "demo project:   $OUT (branch $BRANCH)"
echo "origin (bare):  $ORIGIN"
echo "command output: $LOGS/"
echo "next, with GitHub: gaia pr-create $STORY \"\$(cat $LOGS/commit-msg.out)\" --body-file $LOGS/pr-body.out; gaia ci-wait <pr>; gaia merge <pr> $STORY"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "dev/demo-dev-story.sh: unexpected results: ${failed[*]} (see $LOGS/)" >&2
    exit 1
fi
