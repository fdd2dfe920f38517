"""sprint-status.yaml: where it lives, reading it, minimal line edits, sprint-level rules.

Location: env SPRINT_STATUS_YAML > `.gaia/state/sprint-status.yaml` > (read-compat) the
implementation-artifacts copy, `.gaia/...` or legacy `docs/...`. Every read-modify-write holds
`<yaml>.lock`. Reading goes through yamlio; writing rewrites only the lines that change so
the user's comments, ordering and quoting survive.

Shape: `sprint_id`, `status` (planned|active|review|correction|closed), `total_points`, `goals`,
`stories:` entries `- key: "E1-S1"` with `title`, `status: "S"`, `points`, `risk_level`, ...

The story file is the source of truth; the yaml is a cache of it (`reconcile` repairs drift).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaia_lib.core import keys, lifecycle, locks, paths, writes, yamlio
from gaia_lib.core.errors import (
    Ambiguous,
    GaiaError,
    InvalidInput,
    MalformedFile,
    NotFound,
    UsageError,
)
from gaia_lib.story import markdown, resolve, states
from gaia_lib.story.parser import Story, load_story

YAML_NAME = "sprint-status.yaml"
OVERRIDES_NAME = "dependency-overrides.jsonl"
LOCK_TIMEOUT = 5.0
SPRINT_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
SENTINEL_BYPASS_ENV = "GAIA_ALLOW_SPRINT_REVIEW_TO_CLOSED_WITHOUT_SENTINEL"
MAX_REASON = 500

_KEY_LINE = re.compile(r"^(?P<indent>[ \t]*)-[ \t]*key:[ \t]*(?P<value>.*?)[ \t]*$")
_FIELD_LINE = re.compile(r"^(?P<indent>[ \t]*)(?P<name>[A-Za-z_][A-Za-z0-9_-]*):(?:[ \t]|$)")
_TOP_STATUS = re.compile(r"^status:(?:[ \t]|$)")
_COMMENT = re.compile(r"""^[ \t]*status:[ \t]*(?:"[^"]*"|'[^']*'|[^#]*?)(?P<comment>[ \t]+#.*)?$""")
_TRIGGER = re.compile(r"uses|consumes|reads from")
TRIGGER_WINDOW = 80  # chars after a trigger verb in which a story key counts as a reference


# ---------------------------------------------------------------- location and reading



def yaml_path(project: Path) -> Path:
    """The sprint-status.yaml to read and write (see module docstring for the order)."""
    override = paths.env_path("SPRINT_STATUS_YAML", project)
    if override is not None:
        return override
    canonical = paths.state_dir(project) / YAML_NAME
    if canonical.exists():
        return canonical
    for legacy in (
        paths.implementation_artifacts(project) / YAML_NAME,
        project / "docs" / "implementation-artifacts" / YAML_NAME,
    ):
        if legacy.exists():
            return legacy
    return canonical


@dataclass(frozen=True)
class SprintEntry:
    key: str
    status: str | None


@dataclass(frozen=True)
class SprintStatus:
    path: Path
    sprint_id: str | None
    status: str | None
    entries: tuple[SprintEntry, ...]

    def entry(self, key: str) -> SprintEntry | None:
        return next((e for e in self.entries if e.key == key), None)


def _scalar(value: Any) -> str | None:
    if value is None or isinstance(value, (dict, list)):
        return None
    return str(value)


def parse(text: str, path: Path, exit_code: int = 1) -> SprintStatus:
    """Parse the yaml text. Entries come from `stories:` (upstream init seeds `items:`)."""
    data = yamlio.load(text, str(path), exit_code)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise MalformedFile(f"{path}: expected a mapping at the top level", exit_code)
    raw_entries = data.get("stories")
    if raw_entries is None:
        raw_entries = data.get("items")
    if raw_entries is None:
        raw_entries = []
    if not isinstance(raw_entries, list):
        raise MalformedFile(f"{path}: 'stories' must be a list", exit_code)
    entries = []
    for item in raw_entries:
        if isinstance(item, dict) and _scalar(item.get("key")):
            entries.append(SprintEntry(str(item["key"]), _scalar(item.get("status"))))
    return SprintStatus(
        path, _scalar(data.get("sprint_id")), _scalar(data.get("status")), tuple(entries)
    )


def load(path: Path, exit_code: int = 1) -> SprintStatus:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotFound(f"sprint-status.yaml not found: {path}", exit_code) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedFile(f"cannot read {path}: {exc}", exit_code) from None
    return parse(text, path, exit_code)


# ---------------------------------------------------------------- minimal line edits (pure)




def _unquote(value: str) -> str:
    value = value.split(" #", 1)[0].strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _trailing_comment(content: str) -> str:
    """A `  # note` after the value survives the rewrite."""
    match = _COMMENT.match(content)
    return (match.group("comment") or "") if match else ""


def set_story_status_text(text: str, key: str, status: str) -> str | None:
    """Rewrite the `status:` of the `- key: <key>` entry; None when the entry is absent.

    Only the entry's own field (same indent as `key`) is touched, written `status: "S"`
    with the line's original ending. An entry without a status line gets one after `key`.
    """
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        content, eol = markdown.split_eol(line)
        match = _KEY_LINE.match(content)
        if match is None or _unquote(match.group("value")) != key:
            continue
        field_col = content.index("key:")
        field_indent = " " * field_col
        for inner in range(index + 1, len(lines)):
            inner_content, inner_eol = markdown.split_eol(lines[inner])
            if not inner_content.strip() or inner_content.lstrip().startswith("#"):
                continue
            lead = len(inner_content) - len(inner_content.lstrip(" \t"))
            if lead < field_col:
                break  # next entry or a top-level key closes this entry
            field = _FIELD_LINE.match(inner_content)
            if lead == field_col and field is not None and field.group("name") == "status":
                comment = _trailing_comment(inner_content)
                lines[inner] = f"{inner_content[:lead]}status: \"{status}\"{comment}{inner_eol}"
                return "".join(lines)
        eol = eol or "\n"
        if not line.endswith(("\n", "\r\n")):
            lines[index] += eol
        lines.insert(index + 1, f"{field_indent}status: \"{status}\"{eol}")
        return "".join(lines)
    return None


def set_sprint_status_text(text: str, status: str) -> str | None:
    """Rewrite the top-level `status:` line; None when the file has none."""
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        content, eol = markdown.split_eol(line)
        if _TOP_STATUS.match(content):
            lines[index] = f"status: {status}{_trailing_comment(content)}{eol}"
            return "".join(lines)
    return None


# ---------------------------------------------------------------- story reads


def _story_for(project: Path, key: str, exit_code: int = 1) -> Story:
    """The story file of `key`: one whose frontmatter says `template: 'story'` (upstream's
    sprint-state reads no other file as a story)."""
    path = resolve.find_story(project, key)
    story = load_story(path, exit_code)
    if story.template != "story":
        raise NotFound(f"story file '{path}' has no template: 'story' frontmatter: not read as "
                       "a story", exit_code)
    return story


def story_status(project: Path, key: str) -> str:
    """`sprint-state get`: the status in the story file (the source of truth)."""
    key = keys.story_key(key, 1)
    story = _story_for(project, key)
    if not story.status:
        raise MalformedFile(f"story file '{story.path}' is missing 'status:' in frontmatter")
    return story.status


def validate(project: Path, key: str) -> str:
    """`sprint-state validate`: raise on drift between story file and yaml; return the status."""
    current = story_status(project, key)
    sprint = load(yaml_path(project))
    entry = sprint.entry(key)
    if entry is None:
        raise NotFound(f"story '{key}' not found in sprint-status.yaml ({sprint.path})")
    if entry.status != current:
        raise GaiaError(
            f"drift detected for {key}: story file says '{current}', "
            f"sprint-status.yaml says '{entry.status}'"
        )
    return current


# ---------------------------------------------------------------- sprint-level transitions


def sprint_id_arg(raw: str, exit_code: int = 1) -> str:
    """Sprint ids become part of sentinel file names: validate before any path is built."""
    if SPRINT_ID_RE.fullmatch(raw) is None or ".." in raw:
        shown = raw.encode("unicode_escape").decode("ascii")[:60]
        raise InvalidInput(
            f"invalid sprint id '{shown}' (letters, digits, '.', '_', '-'; at most 64)", exit_code
        )
    return raw


def _val_sentinel_present(project: Path, sprint_id: str) -> bool:
    checkpoints = paths.checkpoints_dir(project)
    if (checkpoints / f"sprint-review-{sprint_id}-val-dispatched.json").is_file():
        return True
    for envelope in sorted(checkpoints.glob("val-envelope-*.json")):
        try:
            data = json.loads(envelope.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("artifact_path") == sprint_id:
            return True
    return False


def transition_sprint(project: Path, sprint_id: str, to_state: str) -> tuple[str, str]:
    """Move the sprint's top-level status along a sprint edge; return (from, to)."""
    sprint_id = sprint_id_arg(sprint_id)
    target = yaml_path(project)
    with locks.locked(target, LOCK_TIMEOUT, 1):
        sprint = load(target)
        if sprint.sprint_id is not None and sprint.sprint_id != sprint_id:
            raise GaiaError(
                f"sprint-status.yaml holds sprint '{sprint.sprint_id}', not '{sprint_id}'"
            )
        current = sprint.status
        if not current:
            raise MalformedFile(f"transition --sprint: cannot read current status from {target}")
        states.check_sprint_transition(current, to_state)
        if current == "active" and to_state == "review":
            open_keys = [e.key for e in sprint.entries if e.status != "done"]
            if open_keys:
                raise GaiaError(
                    f"refuse active→review: {len(open_keys)} sprint stories are non-done "
                    f"({', '.join(open_keys)})"
                )
        if (
            current == "review"
            and to_state == "closed"
            and os.environ.get(SENTINEL_BYPASS_ENV) != "1"
            and not _val_sentinel_present(project, sprint_id)
        ):
            raise GaiaError(
                f"refuse review→closed for sprint {sprint_id}: no sprint-review Val sentinel in "
                f"{paths.checkpoints_dir(project)} (run /gaia-sprint-review first, or set "
                f"{SENTINEL_BYPASS_ENV}=1 for the documented bypass)"
            )
        text = target.read_text(encoding="utf-8")
        updated = set_sprint_status_text(text, to_state)
        if updated is None:  # pragma: no cover - parse() found a status, so a line exists
            raise MalformedFile(f"no top-level status line in {target}")
        writes.write_text(target, updated, project)
    try:
        lifecycle.emit(
            project, "sprint_transitioned", "sprint-state", story_key=sprint_id,
            data={"sprint_id": sprint_id, "from": current, "to": to_state},
        )
    except (OSError, GaiaError):
        pass  # the event log is advisory; the yaml write is what counts
    return current, to_state


# ---------------------------------------------------------------- reconcile


@dataclass
class ReconcileReport:
    dry_run: bool
    checked: int = 0
    divergences: int = 0
    lines: list[str] = field(default_factory=list)  # stdout, upstream `RECONCILE:` lines
    errors: list[str] = field(default_factory=list)  # stderr

    def summary(self) -> str:
        if self.divergences == 0 and not self.errors:
            return f"RECONCILE SUMMARY: {self.checked} stories checked, 0 divergences — no drift"
        verb = "DETECTED" if self.dry_run else "CORRECTED"
        return (
            f"RECONCILE SUMMARY: {self.checked} stories checked, "
            f"{self.divergences} divergences {verb}"
        )

    @property
    def exit_code(self) -> int:
        if self.errors:
            return 1
        if self.dry_run and self.divergences:
            return 2
        return 0


def reconcile(project: Path, dry_run: bool = False) -> ReconcileReport:
    """Bring yaml entry statuses back to their story files' statuses. Never edits a story."""
    report = ReconcileReport(dry_run)
    target = yaml_path(project)
    with locks.locked(target, LOCK_TIMEOUT * 2, 1):
        sprint = load(target)
        text = target.read_text(encoding="utf-8")
        updated = text
        for entry in sprint.entries:
            report.checked += 1
            if not keys.is_story_key(entry.key):
                report.lines.append(f"RECONCILE: {entry.key} invalid story key — skipped")
                report.errors.append(f"invalid story key in {target}: {entry.key!r}")
                continue
            try:
                story = _story_for(project, entry.key)
            except (NotFound, Ambiguous) as exc:
                report.lines.append(f"RECONCILE: {entry.key} missing story file — skipped")
                report.errors.append(exc.message)
                continue
            except MalformedFile as exc:
                report.lines.append(f"RECONCILE: {entry.key} parse error — skipped")
                report.errors.append(exc.message)
                continue
            current = story.status
            if current is None or not states.is_story_state(current):
                report.lines.append(
                    f"RECONCILE: {entry.key} parse error — skipped ({story.path})"
                )
                report.errors.append(
                    f"malformed frontmatter status in {story.path} (key={entry.key})"
                )
                continue
            if current == entry.status:
                continue
            report.divergences += 1
            tag = "DRY-RUN" if dry_run else "UPDATED"
            report.lines.append(f"RECONCILE: {entry.key} {entry.status} -> {current} [{tag}]")
            if not dry_run:
                edited = set_story_status_text(updated, entry.key, current)
                if edited is not None:
                    updated = edited
        if updated != text:
            writes.write_text(target, updated, project)
    return report


# ---------------------------------------------------------------- lint-dependencies


@dataclass(frozen=True)
class Inversion:
    dependent: str
    dependency: str
    source: str  # depends_on | ac_text_scan
    confidence: str  # explicit | heuristic
    match_text: str
    suggested_reorder: str


def _ac_references(story: Story, sprint_keys: Iterable[str]) -> list[tuple[str, str]]:
    """(key, snippet) for each sprint key within TRIGGER_WINDOW chars after a trigger verb."""
    found: list[tuple[str, str]] = []
    candidates = list(sprint_keys)
    for criterion in story.acceptance_criteria:
        text = criterion.text
        for trigger in _TRIGGER.finditer(text):
            window = text[trigger.start() : trigger.start() + TRIGGER_WINDOW]
            for key in candidates:
                if re.search(rf"(?<![A-Za-z0-9-]){re.escape(key)}(?![0-9])", window):
                    snippet = " ".join(text[trigger.start() : trigger.start() + 60].split())
                    found.append((key, snippet.replace('"', " ").replace("\\", " ")))
    return found


def find_inversions(
    order: list[str], stories: dict[str, Story]
) -> list[Inversion]:
    """Forward references (a story needing a later one) and dependencies outside the sprint."""
    position = {key: index for index, key in enumerate(order)}
    result: list[Inversion] = []
    seen: set[Inversion] = set()

    def add(dependent: str, dependency: str, source: str, match_text: str) -> None:
        dep_index = position.get(dependency)
        if dep_index is None:
            inversion = Inversion(
                dependent, dependency, source, "heuristic", match_text,
                f"External dependency — {dependency} not in current sprint",
            )
        elif dep_index > position[dependent]:
            confidence = "explicit" if source == "depends_on" else "heuristic"
            inversion = Inversion(
                dependent, dependency, source, confidence, match_text,
                f"Move {dependency} before {dependent}",
            )
        else:
            return
        if inversion not in seen:
            seen.add(inversion)
            result.append(inversion)

    for key in order:
        story = stories[key]
        for dependency in story.depends_on:
            add(key, dependency, "depends_on", "")
        for dependency, snippet in _ac_references(story, order):
            if dependency != key:
                add(key, dependency, "ac_text_scan", snippet)
    return result


@dataclass(frozen=True)
class LintReport:
    sprint_id: str
    stories_analyzed: int
    inversions: tuple[Inversion, ...]

    def as_json(self) -> str:
        items = []
        for inv in self.inversions:
            item = {
                "dependent": inv.dependent,
                "dependency": inv.dependency,
                "source": inv.source,
                "confidence": inv.confidence,
            }
            if inv.match_text:
                item["match_text"] = inv.match_text
            item["suggested_reorder"] = inv.suggested_reorder
            items.append(item)
        payload = {
            "sprint_id": self.sprint_id,
            "stories_analyzed": self.stories_analyzed,
            "inversions": items,
            "status": "inversions_detected" if items else "clean",
        }
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"

    def as_text(self) -> str:
        out = [
            f"Dependency Inversion Lint — {self.sprint_id}",
            f"Stories analyzed: {self.stories_analyzed}",
            "",
        ]
        if not self.inversions:
            out.append("Result: CLEAN — no dependency inversions detected.")
            return "\n".join(out) + "\n"
        out += ["INVERSIONS DETECTED:", ""]
        row = "{:<12} {:<12} {:<15} {:<12} {}"
        out.append(row.format("Dependent", "Dependency", "Source", "Confidence",
                              "Suggested Reorder"))
        out.append(row.format("----------", "----------", "-------------", "----------",
                              "-----------------"))
        for inv in self.inversions:
            out.append(row.format(inv.dependent, inv.dependency, inv.source, inv.confidence,
                                  inv.suggested_reorder))
        return "\n".join(out) + "\n"


def lint_dependencies(project: Path, sprint_id: str | None = None) -> LintReport:
    """Read-only: the sprint's dependency inversions in sprint order."""
    sprint = load(yaml_path(project))
    if sprint_id is not None and sprint.sprint_id is not None and sprint_id != sprint.sprint_id:
        raise GaiaError(
            f"--sprint-id '{sprint_id}' does not match sprint-status.yaml "
            f"sprint_id '{sprint.sprint_id}'"
        )
    order: list[str] = []
    stories: dict[str, Story] = {}
    for entry in sprint.entries:
        if entry.key in stories:
            continue
        if not keys.is_story_key(entry.key):
            raise InvalidInput(f"invalid story key in sprint-status.yaml: {entry.key!r}")
        try:
            stories[entry.key] = _story_for(project, entry.key)
        except (NotFound, Ambiguous, MalformedFile) as exc:
            raise GaiaError(f"lint-dependencies analysis failed: {exc.message}") from None
        order.append(entry.key)
    return LintReport(
        sprint.sprint_id or "unknown", len(order), tuple(find_inversions(order, stories))
    )


# ---------------------------------------------------------------- check-deps


# A done dependency's QA hold: the reason it still holds its dependents, or None. QA gating
# (qa_gating.holds.QaHolds) provides it; it is a required argument so no caller forgets it.
QaHold = Callable[[str], str | None]


@dataclass(frozen=True)
class DepsResult:
    story_key: str | None
    missing: tuple[str, ...]  # dependency keys with no story file
    not_done: tuple[tuple[str, str], ...]  # (key, status or <unparseable>)
    held: tuple[tuple[str, str], ...] = ()  # (key, QA hold) of done dependencies

    @property
    def exit_code(self) -> int:
        if self.missing:
            return 2  # a missing dependency outranks unfinished ones, as upstream
        return 1 if self.not_done or self.held else 0


def story_arg(raw_path: str, exit_code: int) -> Story:
    """The story a `check-deps <story_path>` argument names; a usage error when there is none,
    or it cannot be parsed, or it has no status."""
    path = Path(raw_path)
    if not path.is_file():
        raise UsageError(f"story file not found: {raw_path}", exit_code)
    try:
        story = load_story(path, exit_code)
    except MalformedFile as exc:  # its message names the file already, or names none
        said = exc.message if exc.message.startswith((raw_path, str(path))) else \
            f"{raw_path}: {exc.message}"
        raise UsageError(f"cannot parse {said}", exit_code) from None
    if not story.status:  # upstream's story-parse refuses it, and so its check-deps
        raise UsageError(f"{raw_path}: no status in the frontmatter", exit_code)
    return story


def check_deps(project: Path, story: Story, *, qa_hold: QaHold | None) -> DepsResult:
    """Every `depends_on` key must resolve to a story file whose status is `done`, with every
    row of its Review Gate table PASSED (a `done` written by hand over an unfinished gate is
    not done) and, with `qa_hold`, whose QA verdict does not hold it (None: status only)."""
    missing: list[str] = []
    found: list[tuple[str, Path]] = []
    for dep in story.depends_on:
        if not keys.is_story_key(dep):
            missing.append(dep)
            continue
        try:
            found.append((dep, resolve.find_story(project, dep)))
        except (NotFound, Ambiguous):
            missing.append(dep)
    if missing:
        return DepsResult(story.key, tuple(missing), ())
    not_done: list[tuple[str, str]] = []
    for dep, path in found:
        try:
            dep_story = load_story(path)
            status = dep_story.status or "<unparseable>"
        except GaiaError:
            status = "<unparseable>"
        else:
            unpassed = [row.name for row in dep_story.review_gate or () if row.status != "PASSED"]
            if status == "done" and unpassed:
                # `done` needs every Review Gate row PASSED: a status set by hand is not it
                status = f"done, but its Review Gate is not: {', '.join(unpassed)} not PASSED"
        if status != "done":
            not_done.append((dep, status))
    held: list[tuple[str, str]] = []
    if qa_hold is not None:
        for dep, _ in found:
            if dep in {k for k, _ in not_done}:
                continue
            reason = qa_hold(dep)
            if reason is not None:
                held.append((dep, reason))
    return DepsResult(story.key, (), tuple(not_done), tuple(held))


# ---------------------------------------------------------------- dependency overrides


def overrides_path(project: Path) -> Path:
    return paths.state_dir(project) / OVERRIDES_NAME


def record_override(project: Path, key: str, reason: str, *,
                    qa_hold: QaHold | None) -> dict[str, Any]:
    """Append a dependency-check override for `key` (dev-story `--bypass-deps`); return it.

    The record names the dependencies that were not satisfied at the time, so the audit
    trail shows exactly what was bypassed.
    """
    key = keys.story_key(key, 1)
    reason = " ".join(reason.split())
    if not reason:
        raise InvalidInput("override requires a non-empty --reason")
    if len(reason) > MAX_REASON:
        raise InvalidInput(f"--reason is longer than {MAX_REASON} characters")
    story = _story_for(project, key)
    deps = check_deps(project, story, qa_hold=qa_hold)
    unmet = [{"key": dep, "status": "missing"} for dep in deps.missing]
    unmet += [{"key": dep, "status": status} for dep, status in deps.not_done]
    unmet += [{"key": dep, "status": "done", "qa_hold": hold} for dep, hold in deps.held]
    record: dict[str, Any] = {
        "format_version": 1,
        "override_type": "dependency_check",
        "story_key": key,
        "reason": reason,
        "unmet_dependencies": unmet,
        "recorded_at": lifecycle.utc_now_ms(),
    }
    target = overrides_path(project)
    with locks.locked(target, LOCK_TIMEOUT, 1):
        writes.append_line(
            target, json.dumps(record, sort_keys=True, ensure_ascii=False), project
        )
    try:
        lifecycle.emit(project, "dependency_override", "sprint-state", story_key=key,
                       data={"reason": reason, "unmet_dependencies": unmet})
    except (OSError, GaiaError):
        pass
    return record
