"""`gaia detect-orchestration-mode`: print `team` or `subagent` (upstream contract).

    gaia detect-orchestration-mode [--config P] [--env-flag VAR]

`team` only when the environment variable VAR (default CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS) is
exactly `1` AND the project config sets `orchestration.mode: team`; otherwise `subagent`.
--config defaults to the project's config (`.gaia/config/project-config.yaml`, else the legacy
`config/project-config.yaml`). A config that cannot be read falls back to `subagent` with a
note on stderr: this command always answers.

Exit codes: 0 a mode was printed; 2 bad flag or an invalid variable name.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import config, paths
from gaia_lib.core.errors import MalformedFile, UsageError

PROG = "detect-orchestration-mode"
DEFAULT_FLAG = "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS"
_VAR_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@command(PROG, doc=__doc__, usage_code=2, upstream="detect-orchestration-mode.sh")
@click.option("--config", "config_path", type=click.Path(path_type=Path), metavar="P",
              help="The project config (default: the project's).")
@click.option("--env-flag", default=DEFAULT_FLAG, metavar="VAR",
              help=f"The switch variable (default {DEFAULT_FLAG}).")
def cli(config_path: Path | None, env_flag: str) -> int:
    if _VAR_NAME.fullmatch(env_flag) is None:
        raise UsageError(f"--env-flag must be a variable name, not '{env_flag}'", 2)
    flag_value = os.environ.get(env_flag)
    config_mode = None
    if flag_value == "1":  # the config is only consulted when the feature is switched on
        path = config_path or paths.project_config(paths.project_dir())
        try:
            config_mode = config.load_file(path, 2).orchestration_mode
        except MalformedFile as exc:
            print(f"{PROG}: {exc.message}; using subagent", file=sys.stderr)
    print(config.orchestration(flag_value, config_mode))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
