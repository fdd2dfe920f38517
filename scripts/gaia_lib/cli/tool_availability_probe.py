"""`gaia tool-availability-probe`: is a tool installed? Three forms, JSON on stdout.

    gaia tool-availability-probe --stack S [--project-root D] [--timeout SECS]
        Phase 1 probe of a stack's test runner(s) and branch-coverage tool(s): one JSON object
        {"stack","state","install_hint","branch_coverage","runners","coverage","tool_versions"}.
        state = available | expected_and_missing (no runner found; install_hint says how).
    gaia tool-availability-probe --tool N --config P [--project-root D]
        The config's `tool_adapters:` tri-state. Tool not listed: no output. Listed as null or
        as a mapping: {"tool","probe_state","available","severity","version","message"};
        a missing tool is severity WARNING, never an error.
    gaia tool-availability-probe --adapter-dir D --file-list P [--timeout SECS] [--config P]
                                 [--runtime-profile subprocess|container|network]
        Upstream adapter probe: {"state","skip_reason","error_detail","failure_kind"}.

Lookup is `command -v` then node_modules/.bin, never npx; each version probe is capped at 5 s
(--timeout changes the cap; in adapter form it is run.sh's limit).

Exit codes:
  0  --stack: a runner is available; --tool: always; --adapter-dir: available | not_applicable
  1  --stack: expected_and_missing; --adapter-dir: expected_and_missing | ran_and_errored;
     caller error (bad or conflicting flags, missing/malformed adapter.json or config)
  2  --stack names an unknown stack
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from gaia_lib.cli.command import Choice, command, run
from gaia_lib.core import config, paths
from gaia_lib.core.errors import UsageError
from gaia_lib.stacks import adapters as stacks
from gaia_lib.stacks import toolprobe

PROG = "tool-availability-probe"
PROFILES = ("subprocess", "container", "network")
PATH = click.Path(path_type=Path)


class Args:
    """The parsed flags (one object: the three forms read different subsets)."""

    def __init__(self, **flags: Any) -> None:
        self.stack: str | None = flags["stack"]
        self.tool: str | None = flags["tool"]
        self.adapter_dir: Path | None = flags["adapter_dir"]
        self.file_list: Path | None = flags["file_list"]
        self.config: Path | None = flags["config"]
        self.project_root: Path | None = flags["project_root"]
        self.timeout: float | None = flags["timeout"]
        self.runtime_profile: str | None = flags["runtime_profile"]


@command(PROG, doc=__doc__, usage_code=1, upstream="tool-availability-probe.sh")
@click.option("--stack", metavar="S", help="Probe a stack's runner and coverage tools.")
@click.option("--tool", metavar="N", help="Probe a tool declared in the config.")
@click.option("--adapter-dir", type=PATH, metavar="D", help="Upstream adapter probe.")
@click.option("--file-list", type=PATH, metavar="P", help="Adapter form: the story's files.")
@click.option("--config", type=PATH, metavar="P", help="project-config.yaml.")
@click.option("--project-root", type=PATH, metavar="D", help="Project root (default: cwd).")
@click.option("--timeout", type=float, metavar="SECS", help="Cap of each probe (5 s).")
@click.option("--runtime-profile", type=Choice(PROFILES), help="Adapter form: where it runs.")
def cli(**flags: Any) -> int:
    args = Args(**flags)
    forms = [
        name
        for name, value in (
            ("--stack", args.stack),
            ("--tool", args.tool),
            ("--adapter-dir", args.adapter_dir),
        )
        if value is not None
    ]
    if len(forms) > 1:
        raise UsageError(f"{' and '.join(forms)} are mutually exclusive", 1)
    if args.timeout is not None and args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds", 1)
    project = paths.project_dir(args.project_root)

    if args.stack is not None:
        adapter = stacks.get(args.stack, 2)
        result = toolprobe.probe_stack(adapter, project, args.timeout or toolprobe.PROBE_TIMEOUT)
        for item in (*result.runners, *result.coverage):
            if item.timed_out:
                print(
                    f"{PROG}: warning: {item.tool} --version timed out; assuming present",
                    file=sys.stderr,
                )
        print(json.dumps(result.as_dict(), sort_keys=True, ensure_ascii=False))
        return 0 if result.state == "available" else 1

    if args.tool is not None:
        if args.config is None:
            raise UsageError("--tool requires --config <project-config.yaml>", 1)
        toolprobe.tool_name(args.tool)
        adapters = config.load_given(args.config, 1).tool_adapters
        record = toolprobe.probe_declared(
            args.tool, adapters, project, args.timeout or toolprobe.PROBE_TIMEOUT
        )
        if record is not None:
            print(json.dumps(record, sort_keys=True, ensure_ascii=False))
        return 0

    if args.adapter_dir is None:
        raise UsageError("missing required --adapter-dir <path> (or --stack / --tool)", 1)
    if args.file_list is None:
        raise UsageError("missing required --file-list <path>", 1)
    outcome = toolprobe.probe_adapter(
        args.adapter_dir,
        args.file_list,
        timeout=args.timeout,
        config_path=args.config,
        runtime_profile=args.runtime_profile,
    )
    if outcome.note:
        print(f"{PROG}: {outcome.note}", file=sys.stderr)
    print(outcome.to_json())
    return outcome.exit_code


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
