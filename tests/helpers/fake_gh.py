"""A stand-in for GitHub's `gh` CLI, for tests (CI has no GitHub).

It answers exactly the calls `dev_story.forge.GhForge` makes, with the JSON shapes the real
`gh` prints, and keeps its pull requests in a JSON state file. The repository is the `origin`
remote of the working directory (a local bare repository): `gh pr merge` really merges the
head branch into the base there (squash, merge commit or rebase) and pushes the result, so a
later `git fetch` sees a real merge commit.

Environment:
- FAKE_GH_STATE   the state file (required)
- FAKE_GH_CI      the CI script: comma-separated buckets, one per `gh pr checks` call, the last
                  repeated: pass | pending | fail | cancel | none (no checks reported) |
                  error (an HTTP 502). Default `pass`.
- FAKE_GH_AUTH    `fail`: every call fails as an unauthenticated gh does (exit 4)
- FAKE_GH_MERGE   `protected`: merges are refused by branch policy
- FAKE_GH_LOG     append each call's argv as a JSON line
- FAKE_GH_OLD     `1`: behave as gh before `pr checks --json` existed (Debian's 2.23): that
                  flag is refused ("unknown flag: --json", exit 1) and `gh pr checks N` prints
                  gh's non-terminal table: name, status (cancel shown as fail), elapsed, URL,
                  description, tab-separated, one check per line
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

OWNER_REPO = "acme/demo"
GIT_ID = ["-c", "user.name=GitHub", "-c", "user.email=noreply@github.com"]
CHECK_STATES = {"pass": ("SUCCESS", 0), "pending": ("IN_PROGRESS", 8), "fail": ("FAILURE", 1),
                "cancel": ("CANCELLED", 1)}


def fail(message: str, code: int = 1) -> None:
    print(message, file=sys.stderr)
    sys.exit(code)


def git(*args: str, cwd: str | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(["git", *GIT_ID, *args], cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        fail(f"fake gh: git {' '.join(args)} failed: {result.stderr.strip()}")
    return result


def remote() -> str:
    return git("remote", "get-url", "origin").stdout.strip()


def load() -> dict[str, Any]:
    path = Path(os.environ["FAKE_GH_STATE"])
    if path.is_file():
        data: dict[str, Any] = json.loads(path.read_text())
        return data
    return {"next": 1, "prs": {}, "polls": {}}


def save(state: dict[str, Any]) -> None:
    Path(os.environ["FAKE_GH_STATE"]).write_text(json.dumps(state, indent=1, sort_keys=True))


def options(args: list[str]) -> tuple[list[str], dict[str, str]]:
    """Positional arguments and `--flag value` / `--flag=value` options (bare flags map to "")."""
    flags_without_value = {"--squash", "--merge", "--rebase", "--delete-branch"}
    positional: list[str] = []
    opts: dict[str, str] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg.startswith("--") and "=" in arg:
            name, value = arg.split("=", 1)
            opts[name] = value
            i += 1
        elif arg.startswith("--") and arg not in flags_without_value:
            opts[arg] = args[i + 1]
            i += 2
        elif arg.startswith("--"):
            opts[arg] = ""
            i += 1
        else:
            positional.append(arg)
            i += 1
    return positional, opts


def fields(pr: dict[str, Any], wanted: str) -> dict[str, Any]:
    return {name: pr.get(name) for name in wanted.split(",")}


def get_pr(state: dict[str, Any], number: str) -> dict[str, Any]:
    pr: dict[str, Any] | None = state["prs"].get(number)
    if pr is None:
        fail(f"GraphQL: Could not resolve to a PullRequest with the number of {number}. "
             "(repository.pullRequest)")
    assert pr is not None
    return pr


def pr_list(state: dict[str, Any], opts: dict[str, str]) -> None:
    wanted = opts.get("--state", "open").upper()
    found = [fields(pr, opts["--json"]) for pr in state["prs"].values()
             if pr["headRefName"] == opts.get("--head", pr["headRefName"])
             and pr["baseRefName"] == opts.get("--base", pr["baseRefName"])
             and (wanted == "ALL" or pr["state"] == wanted)]
    print(json.dumps(found))


def pr_create(state: dict[str, Any], opts: dict[str, str]) -> None:
    base, head = opts["--base"], opts["--head"]
    bare = remote()
    if git("--git-dir", bare, "rev-parse", "--verify", f"refs/heads/{head}",
           check=False).returncode != 0:
        fail("pull request create failed: GraphQL: Head sha can't be blank, Base sha can't be "
             "blank, No commits between base and head (createPullRequest)")
    for pr in state["prs"].values():
        if pr["headRefName"] == head and pr["baseRefName"] == base and pr["state"] == "OPEN":
            fail(f'a pull request for branch "{head}" into branch "{base}" already exists:\n'
                 f"{pr['url']}")
    body = sys.stdin.read() if opts.get("--body-file") == "-" else opts.get("--body", "")
    number = state["next"]
    state["next"] = number + 1
    url = f"https://github.com/{OWNER_REPO}/pull/{number}"
    state["prs"][str(number)] = {"number": number, "url": url, "state": "OPEN", "title":
                                 opts["--title"], "body": body, "baseRefName": base,
                                 "headRefName": head, "mergedAt": None}
    save(state)
    print(url)


def pr_checks(state: dict[str, Any], number: str, opts: dict[str, str]) -> None:
    old = os.environ.get("FAKE_GH_OLD") == "1"
    if old and "--json" in opts:
        fail("unknown flag: --json\n\nUsage:  gh pr checks [<number> | <url> | <branch>] "
             "[flags]", 1)
    pr = get_pr(state, number)
    script = [step.strip() for step in os.environ.get("FAKE_GH_CI", "pass").split(",")]
    polls = state["polls"].get(number, 0)
    state["polls"][number] = polls + 1
    save(state)
    step = script[min(polls, len(script) - 1)]
    if step == "none":
        fail(f"no checks reported on the '{pr['headRefName']}' branch")
    if step == "error":
        fail("HTTP 502: Bad Gateway (https://api.github.com/graphql)")
    check_state, code = CHECK_STATES[step]
    if old:
        link = f"https://github.com/{OWNER_REPO}/actions/runs/1"
        shown = "fail" if step == "cancel" else step
        print(f"tests\t{shown}\t0\t{link}\t\nlint\tpass\t12s\t{link}\t")
        sys.exit(code)
    print(json.dumps([{"bucket": step, "name": "tests", "state": check_state},
                      {"bucket": "pass", "name": "lint", "state": "SUCCESS"}]))
    sys.exit(code)


def really_merge(pr: dict[str, Any], strategy: str, body: str, delete: bool) -> None:
    bare = remote()
    work = tempfile.mkdtemp(prefix="fake-gh-merge-")
    try:
        git("clone", "-q", bare, work)
        base, head = pr["baseRefName"], pr["headRefName"]
        git("checkout", "-q", base, cwd=work)
        if strategy == "squash":
            merged = git("merge", "--squash", f"origin/{head}", cwd=work, check=False)
            if merged.returncode == 0:
                git("commit", "-q", "-m", f"{pr['title']} (#{pr['number']})", "-m", body,
                    cwd=work)
        elif strategy == "merge":
            merged = git("merge", "--no-ff", f"origin/{head}", "-m",
                         f"Merge pull request #{pr['number']} from {OWNER_REPO}/{head}",
                         "-m", body, cwd=work, check=False)
        else:
            git("checkout", "-q", "-b", "fake-gh-rebase", f"origin/{head}", cwd=work)
            merged = git("rebase", base, cwd=work, check=False)
            if merged.returncode == 0:
                git("checkout", "-q", base, cwd=work)
                git("merge", "-q", "--ff-only", "fake-gh-rebase", cwd=work)
        if merged.returncode != 0:
            fail(f"X Pull request {OWNER_REPO}#{pr['number']} is not mergeable: the merge "
                 "commit cannot be cleanly created.")
        git("push", "-q", "origin", base, cwd=work)
        if delete:
            git("push", "-q", "origin", "--delete", head, cwd=work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def pr_merge(state: dict[str, Any], number: str, opts: dict[str, str]) -> None:
    pr = get_pr(state, number)
    if pr["state"] != "OPEN":
        fail(f"X Pull request {OWNER_REPO}#{number} was already merged")
    if os.environ.get("FAKE_GH_MERGE") == "protected":
        fail(f"X Pull request {OWNER_REPO}#{number} is not mergeable: the base branch policy "
             "prohibits the merge. Required status check \"tests\" is expected.")
    strategy = next(s for s in ("squash", "merge", "rebase") if f"--{s}" in opts)
    really_merge(pr, strategy, opts.get("--body", ""), "--delete-branch" in opts)
    pr["state"] = "MERGED"
    pr["mergedAt"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    save(state)
    print(f"✓ Squashed and merged pull request {OWNER_REPO}#{number}", file=sys.stderr)


def main(argv: list[str]) -> None:
    if os.environ.get("FAKE_GH_LOG"):
        with open(os.environ["FAKE_GH_LOG"], "a", encoding="utf-8") as log:
            log.write(json.dumps(argv) + "\n")
    if os.environ.get("FAKE_GH_AUTH") == "fail":
        fail("To get started with GitHub CLI, please run:  gh auth login\n"
             "Alternatively, populate the GH_TOKEN environment variable with a GitHub API "
             "authentication token.", 4)
    if len(argv) < 2 or argv[0] != "pr":
        fail(f"fake gh: unsupported call: {argv}")
    state = load()
    positional, opts = options(argv[2:])
    verb = argv[1]
    if verb == "list":
        pr_list(state, opts)
    elif verb == "create":
        pr_create(state, opts)
    elif verb == "view":
        print(json.dumps(fields(get_pr(state, positional[0]), opts["--json"])))
    elif verb == "checks":
        pr_checks(state, positional[0], opts)
    elif verb == "merge":
        pr_merge(state, positional[0], opts)
    else:
        fail(f"fake gh: unsupported call: {argv}")


def install(bin_dir: Path) -> Path:
    """Put an executable `gh` running this script into `bin_dir`; return its path."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    target = bin_dir / "gh"
    target.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{Path(__file__).resolve()}" "$@"\n')
    target.chmod(0o755)
    return target


if __name__ == "__main__":
    main(sys.argv[1:])
