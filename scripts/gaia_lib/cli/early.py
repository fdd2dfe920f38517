"""What a command starts before its own module, and click, are imported (`cli.main.EARLY`).

- `gaia review-qa` in the forms that run the suite (the whole review, `analyze`): the review's
  head start (`evidence.head_start.early`), so the test run's Python imports pytest while the
  review's own code is still being imported. The project is the one the command then reviews:
  `--project DIR` (or `--project=DIR`), else `paths.project_dir()`, as the command finds it.
  Nothing is started for `--help`, for the phases that run nothing (`setup`, `verdict`,
  `finalize`), or for arguments that do not read as one of those forms (click then says why).
- What is started is stopped at the end of the block unless the command took it.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

from gaia_lib.core import paths

RUNS_NOTHING = frozenset({"setup", "verdict", "finalize"})  # review-qa phases with no test run
HELP = frozenset({"-h", "--help"})
VALUED = frozenset({"--llm-findings", "--payload", "--format", "--context", "--base"})


def review_project(args: list[str]) -> str | None:
    """The `--project` of a `review-qa` form that runs the suite ("" without one); None for
    any other form."""
    project = ""
    positional: list[str] = []
    rest = iter(args)
    for arg in rest:
        if arg in HELP:
            return None
        if arg == "--project":
            project = next(rest, "")
            if not project:
                return None
        elif arg.startswith("--project="):
            project = arg.partition("=")[2]
        elif arg in VALUED:
            next(rest, None)
        elif not arg.startswith("-"):
            positional.append(arg)
    if positional and positional[0] in RUNS_NOTHING:
        return None
    return project


def started(name: str, args: list[str]) -> AbstractContextManager[None]:
    """The block in which command `name` runs, with what it starts early (module rules)."""
    project = review_project(args) if name == "review-qa" else None
    if project is None:
        return nullcontext()
    from gaia_lib.evidence import head_start

    return head_start.early(paths.project_dir(project or None))
