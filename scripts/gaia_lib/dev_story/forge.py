"""The forge: where pull requests, CI checks and merges live. One small interface, GitHub today.

`Forge` is the whole surface the delivery tail uses (find/create/view a PR, read its checks,
merge it). `GhForge` implements it with the real `gh` CLI and only its JSON output:
- `gh pr list --head=H --base=B --state=open --json=number,url,state,baseRefName,headRefName`
- `gh pr create --base=B --head=H --title=T --body-file=-` (prints the PR URL; `create` has no
  `--json`, so the number is read from `/pull/<n>` in the URL)
- `gh pr view N --json=number,url,state,baseRefName,headRefName`
- `gh pr checks N --json=name,state,bucket` (bucket: pass | fail | pending | skipping | cancel;
  gh exits 8 while checks are pending and 1 when one failed, with the JSON on stdout either way;
  "no checks reported" is `None`, not an error). A gh from before `pr checks --json` (2.23,
  what Debian ships) says "unknown flag: --json"; then `gh pr checks N` is read instead: its
  non-terminal table, one check per line, tab-separated name, status (a bucket; cancel shown
  as fail), elapsed, URL[, description]; a header line, where one is printed, is skipped
- `gh pr merge N --squash|--merge|--rebase --body=B [--delete-branch]`
Values always go as `--flag=value`, so input starting with `-` can never become a flag.
Every call goes through `core.proc` with a timeout and prompts off. A failure is a ForgeError
whose `kind` the callers act on: missing (gh not installed), no_forge (the repository's remotes
are not on a GitHub host gh knows, or there is no repository), auth (not logged in, bad token),
network (gh could not reach the host: transient), protected, conflict, not_found, error. The
words are real gh's (2.23 and later): "none of the git remotes configured for this repository
point to a known GitHub host" is no_forge although it ends with "gh auth login", so no_forge is
decided first. The message carries gh's first line (its headline; later lines are advice), and
for auth and no_forge says what to do. Another forge (GitLab's `glab`, Gitea's `tea`) is one
more class with these five methods, chosen in `forge_for`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from gaia_lib.core import proc
from gaia_lib.core.errors import GaiaError

GH_TIMEOUT = 120.0
PR_FIELDS = "number,url,state,baseRefName,headRefName"
STRATEGIES = ("squash", "merge", "rebase")
_PR_URL_RE = re.compile(r"/pull/([0-9]+)\b")
_NO_FORGE = ("none of the git remotes", "not a git repository")
_NETWORK = ("error connecting to", "could not resolve host", "connection refused",
            "i/o timeout", "tls handshake timeout", "connection reset", "no such host")
# gh words "not logged in" by environment: "please run: gh auth login" at a terminal, "set the
# GH_TOKEN environment variable" when CI or GITHUB_ACTIONS is set.
_AUTH = ("gh auth login", "authentication", "http 401", "bad credentials", "not logged in",
         "set the gh_token environment variable")
_NOT_FOUND = ("no pull requests found", "could not resolve to a pullrequest", "http 404",
              "not found")
_CONFLICT = ("not mergeable", "merge conflict", "conflicts with base")
_PROTECTED = ("required status", "review required", "protected branch",
              "required approving review", "reviews required", "base branch policy")


class ForgeError(GaiaError):
    """A forge call failed; `kind` says how."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message, 1)
        self.kind = kind


@dataclass(frozen=True)
class PullRequest:
    number: int
    url: str
    state: str  # OPEN | CLOSED | MERGED
    base: str
    head: str


@dataclass(frozen=True)
class Check:
    name: str
    bucket: str  # pass | fail | pending | skipping | cancel
    state: str = ""


class Forge(Protocol):
    name: str

    def find_open_pr(self, head: str, base: str) -> PullRequest | None: ...

    def create_pr(self, *, base: str, head: str, title: str, body: str) -> PullRequest: ...

    def view_pr(self, number: int) -> PullRequest: ...

    def checks(self, number: int) -> list[Check] | None: ...

    def merge_pr(self, number: int, *, strategy: str, body: str,
                 delete_branch: bool) -> None: ...


def classify(stderr: str) -> str:
    """The ForgeError kind for a failed gh call's stderr (pure)."""
    text = stderr.lower()
    # Protection before conflict: GitHub words both as "not mergeable: …".
    for kind, markers in (("no_forge", _NO_FORGE), ("auth", _AUTH), ("network", _NETWORK),
                          ("protected", _PROTECTED), ("conflict", _CONFLICT),
                          ("not_found", _NOT_FOUND)):
        if any(marker in text for marker in markers):
            return kind
    return "error"


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def _headline(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[0] if lines else "(no output)"


_ADVICE = {
    "auth": "gh is not logged in for this repository's host: run `gh auth login` or set "
            "GH_TOKEN",
    "no_forge": "this repository has no GitHub remote gh can use (gh: {headline}); push to a "
                "GitHub repository or complete this step manually",
}


def failure(what: str, stderr: str) -> ForgeError:
    """The ForgeError for a failed gh call: its kind and a one-line message (pure)."""
    kind = classify(stderr)
    advice = _ADVICE.get(kind, "{headline}").format(headline=_headline(stderr))
    return ForgeError(f"{what} failed: {advice}", kind)


_BUCKETS = frozenset({"pass", "fail", "pending", "skipping", "cancel"})


def parse_checks_table(text: str) -> list[Check]:
    """The checks of `gh pr checks N` printed to a pipe (pure); a line without a bucket in its
    second column (a header, a blank) is skipped."""
    found: list[Check] = []
    for line in text.splitlines():
        cells = line.split("\t")
        if len(cells) >= 2 and cells[1].strip().lower() in _BUCKETS:
            found.append(Check(cells[0].strip(), cells[1].strip().lower()))
    return found


def _pr(data: Any) -> PullRequest:
    if not isinstance(data, dict):
        raise ForgeError(f"gh returned {type(data).__name__}, not a pull request object", "error")
    try:
        return PullRequest(int(data["number"]), str(data.get("url", "")),
                           str(data.get("state", "")).upper(), str(data.get("baseRefName", "")),
                           str(data.get("headRefName", "")))
    except (KeyError, TypeError, ValueError):
        raise ForgeError("gh returned a pull request without a number", "error") from None


class GhForge:
    """GitHub through the `gh` CLI, run in the repository's work tree."""

    name = "github"

    def __init__(self, repo: Path, executable: str = "gh", timeout: float = GH_TIMEOUT) -> None:
        self.repo = repo
        self.executable = executable
        self.timeout = timeout

    def _env(self) -> dict[str, str]:
        env = proc.tool_env()
        env.update({"GH_PROMPT_DISABLED": "1", "GH_NO_UPDATE_NOTIFIER": "1", "NO_COLOR": "1",
                    "GH_SPINNER_DISABLED": "1", "GIT_TERMINAL_PROMPT": "0"})
        return env

    def _run(self, *args: str, stdin: str | None = None,
             ok_codes: tuple[int, ...] = (0,)) -> proc.ToolResult:
        result = proc.run_tool([self.executable, *args], cwd=self.repo, timeout=self.timeout,
                               env=self._env(), stdin_text=stdin)
        if result.error is not None and result.returncode == proc.EXIT_NOT_FOUND:
            raise ForgeError("Required tool gh not found. Install the GitHub CLI (gh) or "
                             "complete this step manually.", "missing")
        if result.timed_out:
            raise ForgeError(f"gh {args[0]} {args[1]} timed out after {self.timeout:g}s",
                             "error")
        if result.returncode not in ok_codes:
            raise failure(f"gh {args[0]} {args[1]}", result.stderr)
        return result

    @staticmethod
    def _json(result: proc.ToolResult, what: str) -> Any:
        try:
            return json.loads(result.stdout)
        except ValueError:
            raise ForgeError(f"gh {what} did not print JSON: {result.stdout[:80]!r}",
                             "error") from None

    def find_open_pr(self, head: str, base: str) -> PullRequest | None:
        result = self._run("pr", "list", f"--head={head}", f"--base={base}", "--state=open",
                           f"--json={PR_FIELDS}")
        data = self._json(result, "pr list")
        if not isinstance(data, list):
            raise ForgeError("gh pr list did not print a JSON list", "error")
        return _pr(data[0]) if data else None

    def create_pr(self, *, base: str, head: str, title: str, body: str) -> PullRequest:
        # `--flag=value`: a title starting with '-' stays a value, never becomes a flag.
        result = self._run("pr", "create", f"--base={base}", f"--head={head}",
                           f"--title={title}", "--body-file=-", stdin=body)
        url = _last_line(result.stdout)
        found = _PR_URL_RE.search(url)
        if found is None:
            raise ForgeError(f"gh pr create printed no PR URL: {url[:80]!r}", "error")
        return PullRequest(int(found.group(1)), url, "OPEN", base, head)

    def view_pr(self, number: int) -> PullRequest:
        result = self._run("pr", "view", str(number), f"--json={PR_FIELDS}")
        return _pr(self._json(result, "pr view"))

    def checks(self, number: int) -> list[Check] | None:
        result = self._run("pr", "checks", str(number), "--json=name,state,bucket",
                           ok_codes=(0, 1, 8))
        if result.returncode != 0 and not result.stdout.strip():
            if "unknown flag: --json" in result.stderr:
                return self._checks_table(number)
            if "no checks reported" in result.stderr.lower():
                return None
            raise failure("gh pr checks", result.stderr)
        data = self._json(result, "pr checks")
        if not isinstance(data, list):
            raise ForgeError("gh pr checks did not print a JSON list", "error")
        return [Check(str(item.get("name", "")), str(item.get("bucket", "")).lower(),
                      str(item.get("state", ""))) for item in data if isinstance(item, dict)]

    def _checks_table(self, number: int) -> list[Check] | None:
        result = self._run("pr", "checks", str(number), ok_codes=(0, 1, 8))
        if result.returncode != 0 and not result.stdout.strip():
            if "no checks reported" in result.stderr.lower():
                return None
            raise failure("gh pr checks", result.stderr)
        return parse_checks_table(result.stdout)

    def merge_pr(self, number: int, *, strategy: str, body: str, delete_branch: bool) -> None:
        if strategy not in STRATEGIES:
            raise ForgeError(f"unknown merge strategy {strategy!r}", "error")
        args = ["pr", "merge", str(number), f"--{strategy}", f"--body={body}"]
        if delete_branch:
            args.append("--delete-branch")
        self._run(*args)


def forge_for(repo: Path) -> Forge:
    """The forge for a repository: GitHub through `gh`, the only one so far."""
    return GhForge(repo)
