"""/gaia-dev-story gates (parent): each decides, records, and logs its `stepN_gate:` line.

    gaia skills/gaia-dev-story/scripts/gate.py 4 KEY --verdict halted|passed|revise|validate
        [--plan FILE] [--reply FILE]                       Step 4, interactive
    gate.py 4 KEY --iteration N --reply FILE [--plan FILE]  Step 4, YOLO Val loop (N = 1..3)
    gate.py 5|6|7 KEY                                       Steps 5a/6a/7a: SKIP|PROMPT|QA_AUTO
    gate.py 5|6|7 KEY --choice review-myself|route-to-qa|proceed-anyway [--reason TEXT]
    gate.py 5|6|7 KEY --review FILE                         the tdd-reviewer's verdict
    gate.py 6b KEY                                          Step 6b advisories
    gate.py 7b KEY --iteration N --reply FILE               Step 7b Val-in-TDD pass
    gate.py 14b KEY --base BRANCH                           Step 14b cache-refresh advisory
    gate.py 16 KEY [--summary]                              Step 16 auto-reviews (YOLO only)
    gate.py figma KEY --server NAME                         Step 4 Figma graceful degrade
    gate.py mode-b KEY --team-tools yes|no                  team orchestration or its fallback
    (every form also takes --project DIR)

stdout: the instruction word (ASK, CONTINUE, REVISE, REGENERATE, PASSED, FIX, HALTED, SKIP,
PROMPT, QA_AUTO, DISPATCH, HALT, FAILED, UNVERIFIED, TEAM, SUBAGENT) and what goes with it;
stderr: the gate line. --plan defaults to the run's plan file, Step 7b's artifact is the story file.

Exit codes: 0 go on as stdout says; 1 halt (plan structure incomplete, envelope assertion
failed, review-myself, a CRITICAL tdd review, an unreadable review); 2 usage; 4 a Val loop hit
its 3-iteration cap with findings remaining.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from gaia_lib.core.argv import Parser
from gaia_lib.core.errors import UsageError
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.dev_story import gates

STEPS = ("4", "5", "6", "7", "6b", "7b", "14b", "16", "figma", "mode-b")
PHASES = {"5": "red", "6": "green", "7": "refactor"}


def main(argv: Sequence[str]) -> int:
    parser = Parser("gate.py")
    parser.add_argument("step", choices=STEPS)
    parser.add_argument("key")
    parser.add_argument("--project")
    parser.add_argument("--verdict")
    parser.add_argument("--plan", type=Path)
    parser.add_argument("--reply", type=Path)
    parser.add_argument("--iteration", type=int)
    parser.add_argument("--choice")
    parser.add_argument("--reason")
    parser.add_argument("--review", type=Path)
    parser.add_argument("--base")
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("--server")
    parser.add_argument("--team-tools", choices=("yes", "no"))
    args = parser.parse_args(list(argv))
    project = project_dir(args.project)
    env = os.environ
    key, step = args.key, args.step
    if step in ("4", "7b") and args.iteration is not None:
        if args.reply is None:
            raise UsageError("--iteration needs --reply FILE (Val's reply)", 2)
        out = gates.val_loop(project, key, step, args.iteration, args.reply, env, args.plan)
    elif step == "4":
        out = gates.plan_gate(project, key, args.verdict or "", env, args.plan, args.reply)
    elif step in PHASES and args.review is not None:
        out = gates.tdd_review(project, key, PHASES[step], args.review)
    elif step in PHASES and args.choice is not None:
        out = gates.tdd_choice(project, key, PHASES[step], args.choice, args.reason)
    elif step in PHASES:
        out = gates.tdd_gate(project, key, PHASES[step], env)
    elif step == "6b":
        out = gates.hints(project, key, env)
    elif step == "7b":
        raise UsageError("7b needs --iteration N and --reply FILE (Val's reply)", 2)
    elif step == "14b":
        out = gates.cache_advisory(project, key, args.base or "")
    elif step == "16":
        out = (
            gates.review_summary(project, key, env)
            if args.summary
            else gates.reviews(project, key, env)
        )
    elif step == "mode-b":
        if args.team_tools is None:
            raise UsageError("mode-b needs --team-tools yes|no", 2)
        out = gates.mode_b(project, key, args.team_tools == "yes")
    else:
        out = gates.figma(key, args.server or "")
    print(out.stdout)
    for line in out.lines:
        print(line, file=sys.stderr)
    return out.exit_code


if __name__ == "__main__":
    sys.exit(handle("dev-story gate", main, sys.argv[1:]))
