"""Stable finding fingerprints across QA rounds, and what changed since the previous round.

A finding's identity is WHAT is wrong WHERE, not how it is worded or on which line:
- kind: the model finding's `category`, or a deterministic finding's `rule`;
- the acceptance criterion it names (`ac_ref` / `ac_id`, upper-cased), if any;
- the test or file it names (`test`, else `file`), its file as a POSIX path, a file's `:line`
  suffix dropped, a test id's name after `::` as written; line numbers are never part of it;
  and the `subject` in that file it is about, when it names one (a File List entry, an FR, an
  error handler);
- only when it names neither an AC nor a file: the message's shape (lower-cased, quoted text
  and numbers blanked, punctuation dropped, whitespace collapsed), so two free-floating
  findings of one kind still differ.
The fingerprint is the first 16 hex digits of sha256 over those parts joined by NUL. Two
findings of one round with the same identity are one finding (the first is kept). Rewording a
message or moving code keeps the fingerprint; a different AC, test/file or kind is a new one.

Round R is compared with the newest earlier round that has a saved fingerprint set: `new` (in
R only), `open` (in both), `fixed` (in the earlier round only). A reviewer's finding of the
earlier round is not fixed by a round no reviewer ran in (a terminal run, deterministic checks
only): it is `unreviewed`, listed apart and counted in neither. Likewise a deterministic
finding whose check could not judge this round (skipped or errored: a build that failed leaves
no coverage to find an untested handler in) is `unchecked`, not fixed; each round saves which
check found each of its deterministic findings (`checks`). So is a File List divergence in a
round where git compared no File List (no base branch, no repository). A finding about an AC's
tests (`weak-assertion` on AC2) in a round where no test counts for that AC (its test failed,
is a placeholder (skipped, or checking nothing), or was deleted, or the story's ACs could not
be read at all) is `untested`, not fixed: nothing judged its tests; each round saves the AC
each of its findings names (`acs`). A finding about one test (a placeholder, a skipped or
failed test) whose test is no longer among the story's tests this round (deleted or renamed)
is `gone`, not fixed: nothing was mended, the test left (prettytable's skipped
`test_csv_output`, deleted, had read "fixed"); each round saves the test each of its findings
names (`test_of`). A round keeps
its unchecked and untested findings (`held`, with their checks and ACs): the next round
compares with them as with its own, so a finding that comes back is still open, not new, and
one no round could judge stays held. The rounds record keeps the counts as `N new, N open,
N fixed`. The report's round section lists each in reading order (`render`): by kind, then AC
in number order (AC2 before AC10), then place.

A round saves, beside its fingerprints, what it reviewed (`inputs`: a digest the review
computes from the files it read, the story, its tests and its File List, and the test tiers
its run started) and its verdict. A QA round is the review of one version of those files by
those tiers: a review that finds the newest round's inputs unchanged is that round again, not
a new one, whatever else differs (another execution context running the same tiers, a runner
installed since, another gaia version, a reviewer this time or not): it is recorded again
under the same number, its verdict and findings replacing the round's, and spends none of
the failure budget. A change to the files, or a context that starts other tiers (none at all:
a review that tested nothing never replaces one that did), makes a new round.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")
_NUMBER = re.compile(r"[0-9]+")
_PUNCT = re.compile(r"[^a-z0-9# ]+")
_LINE_SUFFIX = re.compile(r":[0-9]+$")


def shape(message: str) -> str:
    text = _QUOTED.sub(" q ", message.lower())
    text = _NUMBER.sub("#", text)
    return " ".join(_PUNCT.sub(" ", text).split())


def _text(finding: Mapping[str, Any], *names: str) -> str:
    for name in names:
        value = finding.get(name)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def _place(named: str) -> str:
    """A finding's test or file as its identity holds it: the file as a POSIX path without a
    `:line` suffix; a test id's name after `::` as written (a JS title's `\\u${c}`, a
    `10:30` in it, are its own)."""
    file, sep, name = named.partition("::")
    file = file.replace("\\", "/")
    return file + sep + name if sep else _LINE_SUFFIX.sub("", file)


def identity(finding: Mapping[str, Any]) -> tuple[str, str, str, str]:
    kind = _text(finding, "category", "rule").lower() or "other"
    ac = _text(finding, "ac_ref", "ac_id").upper()
    where = _place(_text(finding, "test", "file"))
    subject = _text(finding, "subject")
    if subject:  # what in that file: a File List entry, an FR, a handler
        where = f"{where}#{subject}"
    message = "" if (ac or where) else shape(_text(finding, "message"))
    return kind, ac, where, message


def fingerprint(finding: Mapping[str, Any]) -> str:
    material = "\0".join(identity(finding)).encode("utf-8")
    return hashlib.sha256(material).hexdigest()[:16]


SUMMARY_CHARS = 160


def _clipped(text: str, limit: int) -> str:
    """`text`, or its words up to `limit` characters and an ellipsis (never half a word)."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(" ,;:") + " …"


def summary(finding: Mapping[str, Any]) -> str:
    kind, ac, where, _ = identity(finding)
    place = " ".join(p for p in (ac, where) if p)
    message = _clipped(" ".join(_text(finding, "message").split()), SUMMARY_CHARS)
    return f"{kind}{f' ({place})' if place else ''}: {message}"


def collect(findings: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """fingerprint -> summary, first finding of each identity kept, sorted by fingerprint."""
    out: dict[str, str] = {}
    for finding in findings:
        out.setdefault(fingerprint(finding), summary(finding))
    return dict(sorted(out.items()))


def analysis_findings(analysis: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every deterministic finding of analysis-results.json's checks."""
    out: list[Mapping[str, Any]] = []
    for check in analysis.get("checks", []) or []:
        if isinstance(check, Mapping):
            out += [f for f in check.get("findings", []) or [] if isinstance(f, Mapping)]
    return out


UNJUDGED = frozenset({"skipped", "errored"})  # a check's statuses that judged nothing


def found_by(analysis: Mapping[str, Any]) -> dict[str, str]:
    """fingerprint -> the name of the check that found it, for each deterministic finding (the
    first check of each identity)."""
    out: dict[str, str] = {}
    for check in analysis.get("checks", []) or []:
        if isinstance(check, Mapping) and isinstance(check.get("name"), str):
            for finding in check.get("findings", []) or []:
                if isinstance(finding, Mapping):
                    out.setdefault(fingerprint(finding), check["name"])
    return out


def unjudged(analysis: Mapping[str, Any]) -> frozenset[str]:
    """The names of the checks that judged nothing this round (skipped or errored)."""
    return frozenset(check["name"] for check in analysis.get("checks", []) or []
                     if isinstance(check, Mapping) and isinstance(check.get("name"), str)
                     and check.get("status") in UNJUDGED)


@dataclass(frozen=True)
class Delta:
    round: int
    previous: int | None
    new: tuple[str, ...]
    open: tuple[str, ...]
    fixed: tuple[str, ...]
    unreviewed: tuple[str, ...] = ()  # the earlier round's reviewer findings, none this time
    unchecked: tuple[str, ...] = ()  # the earlier round's findings of checks that judged none
    untested: tuple[str, ...] = ()  # the earlier round's findings on an AC no test counts for
    gone: tuple[str, ...] = ()  # the earlier round's findings on a test no longer there

    def counts(self) -> str:
        return f"{len(self.new)} new, {len(self.open)} open, {len(self.fixed)} fixed"


def compare(number: int, current: Mapping[str, str], previous: Mapping[str, str] | None,
            previous_round: int | None, *, reviewed: bool = True,
            previous_reviewer: Iterable[str] = (), unchecked: Iterable[str] = (),
            untested: Iterable[str] = (), removed: Iterable[str] = ()) -> Delta:
    """`reviewed`: a reviewer ran in this round; `previous_reviewer`: the fingerprints of the
    earlier round's reviewer findings; `unchecked`: those of its deterministic findings whose
    check judged nothing this round; `untested`: those naming an AC no test counts for now;
    `removed`: those naming a test that is no longer among the story's tests."""
    before = previous or {}
    unseen = set() if reviewed else set(previous_reviewer)
    idle = set(unchecked) - unseen
    bare = set(untested) - unseen - idle
    left = set(removed) - unseen - idle - bare
    gone = [k for k in before if k not in current]
    return Delta(
        number, previous_round if previous is not None else None,
        tuple(current[k] for k in current if k not in before),
        tuple(current[k] for k in current if k in before),
        tuple(before[k] for k in gone if k not in unseen | idle | bare | left),
        tuple(before[k] for k in gone if k in unseen),
        tuple(before[k] for k in gone if k in idle),
        tuple(before[k] for k in gone if k in bare),
        tuple(before[k] for k in gone if k in left),
    )


def ac_of(findings: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """fingerprint -> the AC a finding names (upper-cased), for each finding that names one
    (the first of each identity)."""
    out: dict[str, str] = {}
    for finding in findings:
        ac = identity(finding)[1]
        if ac:
            out.setdefault(fingerprint(finding), ac)
    return dict(sorted(out.items()))


def tests_of(findings: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """fingerprint -> the test id a finding names (`file::name`), for each finding about one
    test (the first of each identity)."""
    out: dict[str, str] = {}
    for finding in findings:
        test = _text(finding, "test")
        if "::" in test:
            out.setdefault(fingerprint(finding), test)
    return dict(sorted(out.items()))


def held(previous: Mapping[str, str], current: Mapping[str, str],
         pending: Iterable[str]) -> dict[str, str]:
    """The earlier round's findings this round could not judge (`pending`: its unchecked and
    untested fingerprints) and did not find again: what this round keeps for the next."""
    waiting = set(pending)
    return {k: v for k, v in sorted(previous.items()) if k in waiting and k not in current}


_DIGITS = re.compile(r"([0-9]+)")


def _reading_order(summary: str) -> tuple[tuple[str, int], ...]:
    """A summary's sort key: its text with each run of digits read as a number (`AC2` before
    `AC10`, `round9` before `round10`)."""
    parts = _DIGITS.split(summary)
    return tuple((text, int(number or 0)) for text, number in zip(
        parts[::2], [*parts[1::2], ""], strict=True))


def render(delta: Delta) -> str:
    """The report's round section, each list in reading order (`_reading_order`)."""
    if delta.previous is None:
        head = (f"## QA round {delta.round}\n\nNo earlier round's findings to compare with: "
                f"{len(delta.new)} finding(s), all new.\n")
        return head
    out = [f"## QA round {delta.round}", "",
           f"Compared with round {delta.previous}: {delta.counts()}.", ""]
    for title, items in (("New", delta.new), ("Still open", delta.open),
                         ("Fixed since round " + str(delta.previous), delta.fixed)):
        out.append(f"### {title} ({len(items)})")
        out.append("")
        out += [f"- {item}" for item in sorted(items, key=_reading_order)] or ["- none"]
        out.append("")
    apart = (("Not reviewed", delta.unreviewed, "No reviewer ran in this round: round "
              f"{delta.previous}'s reviewer findings are neither open nor fixed."),
             ("Not checked", delta.unchecked, "Their checks were skipped or errored in this "
              "round, or had nothing to compare (a File List with no base branch to diff "
              f"against): these findings of round {delta.previous} are neither open nor "
              "fixed."),
             ("Not judged", delta.untested, "No test counts for their AC in this round (it "
              "failed, is a placeholder (skipped, or checking nothing) or is gone, or the "
              "story's acceptance criteria could not be read), or, for an over-covered AC, "
              "some of its tests no longer count though they are still there: "
              f"these findings of round {delta.previous} about its tests are neither open "
              "nor fixed."),
             ("Gone", delta.gone, "Their tests are no longer among the story's tests (deleted "
              f"or renamed): these findings of round {delta.previous} are neither open nor "
              "fixed."))
    for title, items, why in apart:
        if items:
            out += [f"### {title} this round ({len(items)})", "", why, ""]
            out += [f"- {item}" for item in sorted(items, key=_reading_order)]
            out.append("")
    return "\n".join(out)


def saved_path(state_dir: Path, number: int) -> Path:
    return state_dir / f"findings-round{number}.json"


def saved(number: int, findings: Mapping[str, str], inputs: str, verdict: str,
          reviewer: Iterable[str] = (), checks: Mapping[str, str] | None = None,
          acs: Mapping[str, str] | None = None, kept: Mapping[str, str] | None = None,
          tests: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What round `number` saves (written by the caller, which owns the writes); `reviewer`:
    the fingerprints of its reviewer's findings; `checks`: the check that found each
    deterministic one (`found_by`); `acs`: the AC each names (`ac_of`); `kept`: the earlier
    findings it could not judge (`held`); `tests`: the test each names (`tests_of`), saved as
    `test_of`."""
    return {"round": number, "findings": dict(findings), "inputs": inputs, "verdict": verdict,
            "reviewer": sorted(reviewer), "checks": dict(sorted((checks or {}).items())),
            "acs": dict(sorted((acs or {}).items())),
            "held": dict(sorted((kept or {}).items())),
            "test_of": dict(sorted((tests or {}).items()))}


def same_as(state_dir: Path, number: int, inputs: str) -> bool:
    """Did round `number` review the same inputs (the same version of the story's files)?"""
    try:
        value = json.loads(saved_path(state_dir, number).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(value, dict) and value.get("inputs") == inputs


def _saved_map(state_dir: Path, number: int, field: str) -> dict[str, str]:
    try:
        value = json.loads(saved_path(state_dir, number).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found = value.get(field) if isinstance(value, dict) else None
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def found_in(state_dir: Path, number: int) -> dict[str, str]:
    """The check that found each deterministic finding round `number` saved (`saved`); {} for
    a round saved before rounds kept them, or none saved."""
    return _saved_map(state_dir, number, "checks")


def acs_in(state_dir: Path, number: int) -> dict[str, str]:
    """The AC each finding of round `number` names (`saved`'s `acs`); {} for a round saved
    before rounds kept them."""
    return _saved_map(state_dir, number, "acs")


def tests_in(state_dir: Path, number: int) -> dict[str, str]:
    """The test each finding of round `number` names (`saved`'s `test_of`); {} for a round
    saved before rounds kept them."""
    return _saved_map(state_dir, number, "test_of")


def load_previous(state_dir: Path, number: int
                  ) -> tuple[int | None, dict[str, str] | None, tuple[str, ...]]:
    """The newest saved fingerprint set of a round before `number` (with the findings it
    held), and which of them its reviewer found."""
    for earlier in range(number - 1, 0, -1):
        try:
            value = json.loads(saved_path(state_dir, earlier).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(value, dict) and isinstance(value.get("findings"), dict):
            reviewer = value.get("reviewer")
            kept = value.get("held")
            kept = kept if isinstance(kept, dict) else {}
            return (earlier, {str(k): str(v) for k, v in {**kept, **value["findings"]}.items()},
                    tuple(map(str, reviewer)) if isinstance(reviewer, list) else ())
    return None, None, ()
