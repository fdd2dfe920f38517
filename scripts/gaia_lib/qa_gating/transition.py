"""One story status transition, written to every place the status lives, all or nothing.

Places (upstream transition-story-status.sh order):
1. the story file: frontmatter `status:` and the body `> **Status:** S` line;
2. sprint-status.yaml: the `- key:` entry's `status:` (skipped when the yaml or entry is absent;
   a yaml that does not read as a sprint status refuses the transition, exit 8);
3. epics-and-stories.md: `- **Status:** S` in the `### Story <key>:` block (inserted if missing;
   a story without a block is skipped);
4. the per-epic shard `planning-artifacts/epics/*-e<N>-*.md` holding that block, if any;
5. the per-epic `story-index.yaml` entry (story_key, title, epic, priority, risk, author, file,
   status), created when absent.
Locks, in the global order of `core.locks`: the story file's one lock (shared with every other
writer of the story: gate rows, findings, ...; the story is re-read under it and its own key must
match the key asked for, else exit 4), then `.gaia/memory/.story-status.lock` (epics, shards,
story-index), then sprint-status.yaml's lock. A lock not obtained within
GAIA_STORY_STATUS_LOCK_TIMEOUT seconds (default 5) exits 6. Every file is snapshotted first;
any failure while writing restores each touched file byte for byte and exits 8. Only the
status lines change: every other byte, line endings included, is kept.

`review -> done` needs a COMPLETE composite Review Gate, except that the QA Tests row does not
hold it while the story's QA gating mode is off or waived (qa_gating.mode; the row stays); and,
while gating is on, a current QA verdict of `fail` in the epic's test-status.md (the verdict
that gates: `gaia qa-record` writes it without the Review Gate row) holds it too.

Exit codes: 0 ok / no-op, 1 usage or --from mismatch, 2 story missing, 3 ambiguous,
4 malformed story (no status, no epic), 5 epics-and-stories missing, 6 lock timeout,
7 illegal edge, 8 rolled back or refused by the Review Gate.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gaia_lib.core import config, keys, lifecycle, locks, paths, writes
from gaia_lib.core.errors import Ambiguous, GaiaError, MalformedFile, NotFound
from gaia_lib.gate import ledger
from gaia_lib.gate import table as gate
from gaia_lib.qa_gating import board, mode, record
from gaia_lib.story import markdown, resolve, sprint, states
from gaia_lib.story.editing import editing
from gaia_lib.story.parser import GateRow, Story, load_story

EXIT_USAGE = 1
EXIT_MISSING = 2
EXIT_AMBIGUOUS = 3
EXIT_MALFORMED = 4
EXIT_NO_EPICS = 5
EXIT_LOCK = 6
EXIT_BAD_EDGE = 7
EXIT_ROLLBACK = 8

LOCK_TIMEOUT = 5.0
LOCK_TIMEOUT_ENV = "GAIA_STORY_STATUS_LOCK_TIMEOUT"
GATE_BYPASS_ENV = "GAIA_ALLOW_REVIEW_TO_DONE_WITHOUT_GATE"
WORKFLOW = "transition-story-status"

_FENCE = re.compile(r"^\ufeff?---[ \t]*$")
_FM_STATUS = re.compile(r"^status:")
_BODY_STATUS = re.compile(r"^>[ \t]*\*\*Status:\*\*")
_BLOCK_STATUS = re.compile(r"^- \*\*Status:\*\*")
_HEADING = re.compile(r"^#{1,3} ")
_INDEX_HEADER = re.compile(r"^  (?P<key>[A-Za-z][A-Za-z0-9_-]*):[ \t]*$")
_EPIC_KEY = re.compile(r"E[0-9]+")
QA_GATE = "QA Tests"

INDEX_FIELDS = ("story_key", "title", "epic", "priority", "risk", "author", "file", "status")


@dataclass(frozen=True)
class Request:
    key: str
    to: str | None = None
    expected_from: str | None = None
    reconcile_only: bool = False
    # story-index.yaml metadata overrides: flag > frontmatter > ""
    title: str | None = None
    epic: str | None = None
    priority: str | None = None
    risk: str | None = None
    author: str | None = None
    file: str | None = None
    require_sprint_entry: bool = False  # `sprint-state transition`: the yaml entry must exist


@dataclass
class Result:
    key: str
    from_state: str
    to_state: str
    noop: bool = False
    written: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # informational stderr lines


# ---------------------------------------------------------------- pure text edits




def set_story_status(text: str, status: str) -> str:
    """Rewrite frontmatter `status:` and the first body `> **Status:**` line; nothing else."""
    lines = text.splitlines(keepends=True)
    fences = [i for i, line in enumerate(lines) if _FENCE.match(markdown.split_eol(line)[0])][:2]
    if len(fences) < 2:
        raise MalformedFile("story file has no closed frontmatter (--- ... ---)", EXIT_MALFORMED)
    start, end = fences
    for index in range(start + 1, end):
        content, eol = markdown.split_eol(lines[index])
        if _FM_STATUS.match(content):
            lines[index] = f"status: {status}{eol}"
            break
    else:
        raise MalformedFile("story file is missing 'status:' in frontmatter", EXIT_MALFORMED)
    for index in range(end + 1, len(lines)):
        content, eol = markdown.split_eol(lines[index])
        if _BODY_STATUS.match(content):
            lines[index] = f"> **Status:** {status}{eol}"
            break
    return "".join(lines)


def set_block_status(text: str, key: str, status: str, insert: bool) -> str | None:
    """Set `- **Status:** S` in every `### Story <key>:` block; None when no block exists.

    A block runs to the next heading of level 1-3. With `insert`, a block without a status
    line gets one after its last non-blank line.
    """
    lines = text.splitlines(keepends=True)
    opener = re.compile(rf"^### Story {re.escape(key)}:")
    out: list[str] = []
    found = False
    index = 0
    while index < len(lines):
        content, _ = markdown.split_eol(lines[index])
        if not opener.match(content):
            out.append(lines[index])
            index += 1
            continue
        found = True
        block = [lines[index]]
        index += 1
        while index < len(lines) and not _HEADING.match(markdown.split_eol(lines[index])[0]):
            block.append(lines[index])
            index += 1
        replaced = False
        for pos in range(1, len(block)):
            body, eol = markdown.split_eol(block[pos])
            if _BLOCK_STATUS.match(body):
                block[pos] = f"- **Status:** {status}{eol}"
                replaced = True
                break
        if not replaced and insert:
            last = max(pos for pos in range(len(block)) if block[pos].strip())
            eol = markdown.split_eol(block[last])[1] or markdown.split_eol(block[0])[1] or "\n"
            if not block[last].endswith(("\n", "\r\n")):
                block[last] += eol
            block.insert(last + 1, f"- **Status:** {status}{eol}")
        out.extend(block)
    return "".join(out) if found else None


NO_EPICS = "No epics yet."  # what `gaia init` writes in an empty index


def add_story_block(text: str, key: str, epic: str, title: str,
                    fields: Sequence[tuple[str, str]]) -> str | None:
    """`text` with a `### Story <key>: <title>` block (`- **Name:** value` lines) at the end of
    its epic's `## ... <epic>` section, or of a new `## Epic <epic>` section at the end; None
    when a block for the key exists already."""
    if re.search(rf"^### Story {re.escape(key)}:", text, re.MULTILINE):
        return None
    eol = "\r\n" if "\r\n" in text else "\n"
    block = [f"### Story {key}: {title}", "", *(f"- **{name}:** {value}" for name, value in fields)]
    lines = [line for line in text.splitlines() if line != NO_EPICS]
    heading = re.compile(rf"^## (?:Epic )?{re.escape(epic)}\b")
    start = next((i for i, line in enumerate(lines) if heading.match(line)), None)
    if start is None:
        lines = [*lines, *([""] if lines and lines[-1].strip() else []), f"## Epic {epic}"]
        end = len(lines)
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(("# ", "## "))),
                   len(lines))
    head, tail = lines[:end], lines[end:]
    while head and not head[-1].strip():
        head.pop()
    out = [*head, "", *block, *(["", *tail] if tail else [])]
    return eol.join(out) + eol


def _yaml_str(value: str) -> str:
    """A YAML double-quoted scalar (JSON string syntax is valid YAML)."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in escaped)
    return f'"{escaped}"'


def index_block(key: str, values: dict[str, str]) -> list[str]:
    lines = [f"  {key}:\n"]
    lines += [f"    {name}: {_yaml_str(values.get(name, ''))}\n" for name in INDEX_FIELDS]
    return lines


def set_index_entry(text: str | None, key: str, values: dict[str, str], stamp: str) -> str:
    """Replace (or add) the canonical entry block for `key` under `stories:`."""
    if text is None:
        header = [
            "# Auto-maintained by gaia transition-story-status.\n",
            f"last_updated: {_yaml_str(stamp)}\n",
            "stories:\n",
        ]
        return "".join(header + index_block(key, values))
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    stories_at = next(
        (i for i, line in enumerate(lines)
         if re.match(r"^stories:[ \t]*$", markdown.split_eol(line)[0])),
        None,
    )
    if stories_at is None:
        return "".join([*lines, "stories:\n", *index_block(key, values)])
    end = len(lines)
    for i in range(stories_at + 1, len(lines)):
        content = markdown.split_eol(lines[i])[0]
        if content and not content[0].isspace() and not content.startswith("#"):
            end = i
            break
    start = None
    for i in range(stories_at + 1, end):
        match = _INDEX_HEADER.match(markdown.split_eol(lines[i])[0])
        if match and match.group("key") == key:
            start = i
            break
    if start is None:
        insert_at = end
        while insert_at > stories_at + 1 and not lines[insert_at - 1].strip():
            insert_at -= 1
        return "".join(lines[:insert_at] + index_block(key, values) + lines[insert_at:])
    stop = start + 1
    while stop < end:
        content = markdown.split_eol(lines[stop])[0]
        if content.startswith("    ") or not content.strip():
            stop += 1
            continue
        break
    while stop > start + 1 and not lines[stop - 1].strip():
        stop -= 1  # keep blank separators between entries
    return "".join(lines[:start] + index_block(key, values) + lines[stop:])


def epic_slug(epic_key: str, epics_text: str) -> str | None:
    """`epic-<key>-<slug>` from the `## <key> — <title>` heading (upstream resolve-epic-slug)."""
    prefix = f"## {epic_key} — "
    heading = next((line for line in epics_text.splitlines() if line.startswith(prefix)), None)
    if heading is None:
        return None
    title = re.sub(r"\s*\([^)]*\)", "", heading[len(prefix):].rstrip("\r"))
    title = "".join(ch.lower() if "A" <= ch <= "Z" else ch for ch in title)
    title = re.sub(r"[\[\]`():/.\\_&+—]", " ", title)
    title = re.sub(r"[^a-z0-9 -]", "", title)
    title = re.sub(r"-+", "-", title.replace(" ", "-")).strip("-")
    return f"epic-{epic_key}-{title}"[:69]


# ---------------------------------------------------------------- locations


def lock_target(project: Path) -> Path:
    """`locks.locked` adds `.lock`: this yields `.gaia/memory/.story-status.lock`."""
    return paths.memory_dir(project) / ".story-status"



def epics_path(project: Path) -> Path:
    override = paths.env_path("EPICS_AND_STORIES", project)
    if override is not None:
        return override
    planning = paths.planning_artifacts(project)
    for candidate in (
        planning / "epics-and-stories.md",
        planning / "epics-and-stories" / "index.md",
        planning / "epics" / "index.md",
    ):
        if candidate.is_file():
            return candidate
    return planning / "epics-and-stories.md"


def shard_paths(project: Path, key: str) -> list[Path]:
    """Per-epic shards `epics/*-e<N>-*.md` (case-insensitive on the epic token)."""
    shard_dir = paths.planning_artifacts(project) / "epics"
    if not shard_dir.is_dir():
        return []
    token = f"-e{keys.epic_of(key)[1:]}-"
    return sorted(
        p for p in shard_dir.iterdir() if p.suffix == ".md" and token in p.name.lower()
    )


def _epic_dir_of(story_path: Path, impl: Path) -> Path | None:
    try:
        rel = story_path.resolve().relative_to(impl.resolve())
    except ValueError:
        return None
    if len(rel.parts) >= 3 and rel.parts[0].startswith("epic-"):
        return impl / rel.parts[0]
    return None


def index_path(project: Path, story: Story, epic_key: str, epics: Path) -> Path:
    """The per-epic story-index.yaml: env STORY_INDEX_YAML, else in the story's own epic dir
    (`stories/story-index.yaml` beside nested stories, `story-index.yaml` at the epic's root
    for the per-story layout, `epic-*/<key>-*/story.md`, as upstream has it), or under the slug
    of its epic heading in epics-and-stories (a flat story)."""
    override = paths.env_path("STORY_INDEX_YAML", project)
    if override is not None:
        return override
    if not epic_key:
        raise MalformedFile(
            f"story file '{story.path}' is missing 'epic:' in frontmatter — cannot resolve "
            "per-epic story-index.yaml", EXIT_MALFORMED,
        )
    if not epics.is_file():
        raise NotFound(
            f"epics-and-stories.md not found at '{epics}' — cannot resolve per-epic "
            "story-index.yaml", EXIT_NO_EPICS,
        )
    impl = paths.implementation_artifacts(project)
    epic_dir = _epic_dir_of(story.path, impl)
    if epic_dir is None:
        slug = epic_slug(epic_key, epics.read_text(encoding="utf-8", errors="replace"))
        if slug is None:
            raise GaiaError(
                f"epic {epic_key} has no '## {epic_key} — <title>' heading in {epics}",
                EXIT_USAGE,
            )
        epic_dir = impl / slug
    if story.path.name == "story.md" and story.path.parent.parent == epic_dir:
        return epic_dir / "story-index.yaml"  # the per-story layout keeps it at the epic root
    return epic_dir / "stories" / "story-index.yaml"


# ---------------------------------------------------------------- gate checks


def _gate_problem(story: Story, qa_waived: bool = False,
                  unrecorded: tuple[str, ...] = ()) -> str | None:
    rows: tuple[GateRow, ...] = gate.as_recorded(story.review_gate or (), unrecorded)
    if qa_waived:  # QA gating off for the story: its QA Tests row stays, it stops holding
        rows = tuple(GateRow(r.name, gate.PASSED, r.report, r.line) if r.name == QA_GATE else r
                     for r in rows)
        if not any(r.name == QA_GATE for r in rows):
            rows = (*rows, GateRow(QA_GATE, gate.PASSED, gate.NO_REPORT, 0))
    composite = gate.composite(rows)
    if composite.state == "COMPLETE":
        return None
    detail = []
    if composite.blocking:
        detail.append("blocking: " + ", ".join(composite.blocking))
    if composite.pending:
        detail.append("pending: " + ", ".join(
            g + (f" ({gate.HAND_SET})" if g in unrecorded else "") for g in composite.pending))
    suffix = f" ({'; '.join(detail)})" if detail else ""
    return f"composite Review Gate is not COMPLETE for {story.key or story.path}: " \
        f"{composite.state}{suffix}"


def last_manual_test_verdict(ledger_text: str, key: str) -> str | None:
    """The last `manual-test` verdict for `key` in the TSV ledger, whatever its plan id."""
    verdict = None
    for line in ledger_text.split("\n"):
        cells = line.rstrip("\r").split("\t")
        if len(cells) >= 4 and cells[0] == key and cells[1] == "manual-test" and cells[3]:
            verdict = cells[3].strip()
    return verdict


def _manual_verification_problem(project: Path, story: Story, key: str) -> str | None:
    if not story.manual_verification:
        return None
    try:
        verdict = last_manual_test_verdict(
            ledger.ledger_for(project, None).path.read_text(encoding="utf-8", errors="replace"),
            key,
        )
    except OSError:
        verdict = None
    if verdict == "PASSED":
        return None
    return (
        f"manual_verification is set for {key} but the last manual-test ledger verdict is "
        f"{verdict or 'absent'} (needs PASSED)"
    )


# ---------------------------------------------------------------- the transition


def _find(project: Path, key: str) -> Path:
    try:
        return resolve.find_story(project, key)
    except NotFound as exc:
        raise NotFound(exc.message, EXIT_MISSING) from None
    except Ambiguous as exc:
        raise Ambiguous(exc.message, EXIT_AMBIGUOUS) from None


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None
    except UnicodeDecodeError:
        raise MalformedFile(f"{path} is not UTF-8 text", EXIT_MALFORMED) from None


def _lock_timeout() -> float:
    try:
        return float(os.environ.get(LOCK_TIMEOUT_ENV, "") or LOCK_TIMEOUT)
    except ValueError:
        return LOCK_TIMEOUT


def register_story(project: Path, story: Story, points: int = 0) -> Path | None:
    """List a new story in the epics index (a `### Story` block under its epic, the same lock
    as a transition's): the path written, or None when there is no index or it lists the
    story already."""
    index = epics_path(project)
    if not index.is_file() or not story.key or not story.epic:
        return None
    fields = (("Status", story.status or "backlog"), ("Priority", story.priority or "-"),
              ("Risk", story.risk or "-"), ("Points", str(points)),
              ("Depends on", ", ".join(story.depends_on) or "none"))
    with locks.locked(lock_target(project), _lock_timeout(), EXIT_LOCK):
        text = _read(index) or ""
        updated = add_story_block(text, story.key, story.epic, story.title or story.key, fields)
        if updated is None:
            return None
        writes.write_text(index, updated, project)
    return index


def _fm_text(story: Story, name: str) -> str:
    value = story.frontmatter.get(name)
    return "" if value is None else str(value)


def _epic_key(story: Story, explicit: str | None) -> str:
    raw = explicit if explicit is not None else (story.epic or "")
    match = _EPIC_KEY.match(raw.strip())
    return match.group(0) if match else raw.strip()


def transition_story(project: Path, request: Request) -> Result:
    """Apply one transition. Raises GaiaError with the exit codes in the module docstring."""
    key = keys.story_key(request.key, EXIT_USAGE)
    for flag, value in (("--to", request.to), ("--from", request.expected_from)):
        if value is not None and not states.is_story_state(value):
            kind = "target state" if flag == "--to" else "--from state"
            raise GaiaError(
                f"invalid {kind}: '{value}' (allowed: {states.story_states_hint()})", EXIT_USAGE
            )
    if request.to is None and not request.reconcile_only:
        raise GaiaError("missing required --to <new_status>", EXIT_USAGE)

    story_path = _find(project, key)
    story = load_story(story_path, EXIT_MALFORMED)
    epic_key = _epic_key(story, request.epic)
    epics = epics_path(project)
    index = index_path(project, story, epic_key, epics)
    if not epics.is_file():
        raise NotFound(f"epics-and-stories.md not found at '{epics}'", EXIT_NO_EPICS)

    # Global lock order (core.locks): the story file, the story-status lock, sprint-status.yaml.
    with editing(story_path, key, EXIT_MALFORMED, _lock_timeout(), EXIT_LOCK) as story, \
            locks.locked(lock_target(project), _lock_timeout(), EXIT_LOCK):
        current = story.status
        if not current:
            raise MalformedFile(
                f"story file '{story_path}' is missing 'status:' in frontmatter", EXIT_MALFORMED
            )
        target = request.to or current
        result = Result(key, current, target)
        if request.reconcile_only:
            if target != current:
                raise GaiaError(
                    f"--reconcile-only replays the current status '{current}'; "
                    f"--to {target} would change it", EXIT_USAGE,
                )
            result.notes.append("reconcile-only mode — replaying current status to all writers")
        if request.expected_from is not None and current != request.expected_from:
            raise GaiaError(
                f"expected current status '{request.expected_from}' but found '{current}'",
                EXIT_USAGE,
            )
        if current == target and not request.reconcile_only:
            result.noop = True
            return result
        if not request.reconcile_only:
            states.check_transition(current, target, EXIT_BAD_EDGE)
        if current == "review" and target == "done":
            _check_done_gates(project, story, key, result)

        values = {
            "story_key": key,
            "title": request.title if request.title is not None else (story.title or ""),
            "epic": request.epic if request.epic is not None else _fm_text(story, "epic"),
            "priority": request.priority if request.priority is not None
            else (story.priority or ""),
            "risk": request.risk if request.risk is not None else (story.risk or ""),
            "author": request.author if request.author is not None
            else _fm_text(story, "author"),
            "file": request.file if request.file is not None
            else os.path.relpath(story_path, index.parent),
            "status": target,
        }
        yaml_file = sprint.yaml_path(project)
        with locks.locked(yaml_file, _lock_timeout(), EXIT_LOCK):
            plan = _plan(project, story, key, target, epics, index, yaml_file, values, request,
                         result)
            _apply(project, key, plan, result)

    try:
        lifecycle.emit(project, "state_transition", WORKFLOW, story_key=key,
                       data={"from": current, "to": target})
    except (OSError, GaiaError) as exc:
        result.notes.append(f"WARNING: lifecycle event not recorded: {exc}")
    return result


def _check_done_gates(project: Path, story: Story, key: str, result: Result) -> None:
    qa_mode = mode.resolve(project, story=key)
    problem = _gate_problem(story, qa_waived=not qa_mode.gates, unrecorded=gate.unrecorded_passes(
        project, key, story.review_gate or ()))
    current = record.current_result(project, key) if qa_mode.gates else None
    if problem is None and current is not None and current.result == "fail":
        # The QA record is the verdict that gates; a Review Gate row it never reached (a
        # verdict recorded with `gaia qa-record`) does not outvote it.
        number = f"round {current.round}" if current.round is not None else "no round"
        where = paths.relative_to_project(board.record_path(project, keys.epic_of(key)),
                                          project)
        problem = (f"the current QA verdict of {key} is fail ({number}, {where}), whatever "
                   "its QA Tests row reads")
    if not qa_mode.gates:
        result.notes.append(f"QA Tests row not holding review -> done: QA gating is "
                            f"{qa_mode.describe()}")
    if problem is not None:
        if os.environ.get(GATE_BYPASS_ENV) != "1":
            raise GaiaError(
                f"{problem}; refusing review -> done (set {GATE_BYPASS_ENV}=1 to bypass)",
                EXIT_ROLLBACK,
            )
        result.notes.append(f"WARNING: {problem}; bypassed by {GATE_BYPASS_ENV}=1")
    manual = _manual_verification_problem(project, story, key)
    if manual is not None:
        if config.load(project, EXIT_ROLLBACK).manual_test_mode == "gating":
            raise GaiaError(f"{manual}; review_gate.manual_test_mode is gating", EXIT_ROLLBACK)
        result.notes.append(f"WARNING: {manual}")


def _plan(
    project: Path,
    story: Story,
    key: str,
    status: str,
    epics: Path,
    index: Path,
    yaml_file: Path,
    values: dict[str, str],
    request: Request,
    result: Result,
) -> list[tuple[Path, str | None, str]]:
    """Every (path, old text or None, new text), computed before anything is written."""
    plan: list[tuple[Path, str | None, str]] = []
    story_text = _read(story.path)
    if story_text is None:  # pragma: no cover - removed between lock and read
        raise NotFound(f"story file vanished: {story.path}", EXIT_MISSING)
    plan.append((story.path, story_text, set_story_status(story_text, status)))

    backlog = story.sprint_id in (None, "", "null", "~")
    yaml_text = _read(yaml_file)
    if yaml_text is not None:  # a yaml we cannot read is refused, never edited or passed over
        sprint.parse(yaml_text, yaml_file, EXIT_ROLLBACK)
    yaml_new = None if yaml_text is None else sprint.set_story_status_text(yaml_text, key, status)
    if yaml_text is not None and yaml_new is not None:
        plan.append((yaml_file, yaml_text, yaml_new))
    elif request.require_sprint_entry:
        where = "missing or empty" if yaml_text is None else f"has no entry for {key}"
        raise NotFound(f"sprint-status.yaml {where}: {yaml_file} (list it under `stories:` to "
                       f"plan it in a sprint, or walk a story no sprint holds with `gaia "
                       f"transition-story-status {key} --to {status}`)", EXIT_USAGE)
    elif yaml_text is None:
        if not backlog:
            result.notes.append(f"sprint-status.yaml not found at '{yaml_file}' — skipping")
    elif not backlog:
        result.notes.append(f"story '{key}' not present in sprint-status.yaml — skipping")

    epics_text = _read(epics) or ""
    epics_new = set_block_status(epics_text, key, status, insert=True)
    if epics_new is None:
        result.notes.append(f"story '{key}' not present in {epics.name} — skipping (no insert)")
    else:
        plan.append((epics, epics_text, epics_new))

    shards = [p for p in shard_paths(project, key) if p.resolve() != epics.resolve()]
    if len(shards) > 1:
        names = " ".join(str(p) for p in shards)
        raise GaiaError(
            f"multiple shards match e{keys.epic_of(key)[1:]} for {key} — refusing to write "
            f"ambiguously: {names}", EXIT_ROLLBACK,
        )
    if shards:
        shard_text = _read(shards[0]) or ""
        shard_new = set_block_status(shard_text, key, status, insert=False)
        if shard_new is not None:
            plan.append((shards[0], shard_text, shard_new))
        elif not backlog:
            result.notes.append(f"no per-epic shard entry found for {key} — monolith-only write")

    index_text = _read(index)
    plan.append((index, index_text, set_index_entry(index_text, key, values,
                                                    lifecycle.utc_now_ms())))
    return plan


def _apply(
    project: Path, key: str, plan: list[tuple[Path, str | None, str]], result: Result
) -> None:
    """Write each changed file; on any failure put every touched file back and exit 8."""
    snapshots: list[tuple[Path, bytes | None]] = []
    try:
        for path, old, new in plan:
            if old == new:
                continue
            snapshots.append((path, None if old is None else old.encode("utf-8")))
            writes.write_text(path, new, project)
            result.written.append(path)
    except (OSError, GaiaError) as exc:
        failed = _restore(project, snapshots)
        extra = f"; could not restore {', '.join(failed)}" if failed else ""
        raise GaiaError(
            f"rolled back partial transition for {key}: {exc}{extra}", EXIT_ROLLBACK
        ) from None


def _restore(project: Path, snapshots: list[tuple[Path, bytes | None]]) -> list[str]:
    failed: list[str] = []
    for path, original in reversed(snapshots):
        try:
            current = path.read_bytes() if path.is_file() else None
            if current == original:
                continue  # the failed write never landed (writes are atomic)
            if original is None:
                writes.remove(path, project)
            else:
                writes.write_bytes(path, original, project)
        except (OSError, GaiaError):
            failed.append(str(path))
    return failed
