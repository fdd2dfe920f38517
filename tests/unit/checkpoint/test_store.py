from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import signal
import time
from pathlib import Path

import pytest
import yaml

from gaia_lib.checkpoint import store as checkpoint
from gaia_lib.checkpoint.store import Checkpoint, FileEntry
from gaia_lib.core.errors import InvalidInput, MalformedFile, NotFound
from helpers.fsyncs import fsyncs_counted
from helpers.projects import Project

SHA_A = "sha256:" + "a" * 64
SHA_B = "sha256:" + "b" * 64


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------- render / parse


def test_render_exact_shape() -> None:
    cp = Checkpoint(
        "dev-story", 3, "2026-01-02T03:04:05Z", (("story_key", "E1-S1"),),
        (FileEntry("src/a.py", SHA_A, "2026-01-02T03:04:00Z"),
         FileEntry("b.txt", SHA_B, "2026-01-02T03:04:01Z", "git")),
    )
    assert checkpoint.render(cp) == (
        'workflow: "dev-story"\n'
        "step: 3\n"
        'timestamp: "2026-01-02T03:04:05Z"\n'
        "variables:\n"
        '  story_key: "E1-S1"\n'
        "files_touched:\n"
        '  - path: "src/a.py"\n'
        f'    sha256: "{SHA_A}"\n'
        '    last_modified: "2026-01-02T03:04:00Z"\n'
        '  - path: "b.txt"\n'
        f'    sha256: "{SHA_B}"\n'
        '    last_modified: "2026-01-02T03:04:01Z"\n'
        '    source: "git"\n'
    )


def test_render_empty_blocks() -> None:
    text = checkpoint.render(Checkpoint("w", 0, "t"))
    assert text == 'workflow: "w"\nstep: 0\ntimestamp: "t"\nvariables: {}\nfiles_touched: []\n'
    assert yaml.safe_load(text) == {
        "workflow": "w", "step": 0, "timestamp": "t", "variables": {}, "files_touched": [],
    }


@pytest.mark.parametrize(
    "value",
    ["plain", "", "with: colon # hash", 'quote " and \\ backslash', "line\nbreak\ttab",
     "- leading dash", "[not a list]", "ünïcödé ✓", "nel\x85 ls\u2028 ps\u2029", "del\x7f ctl\x01",
     "true", "123", "null", "~", "emoji 🎉", "bom\ufeff"],
)
def test_values_round_trip_through_our_parser_and_pyyaml(value: str) -> None:
    cp = Checkpoint("w", 1, "t", (("k", value),), (FileEntry(value or "p", SHA_A, value),))
    text = checkpoint.render(cp)
    assert checkpoint.parse(text) == cp
    loaded = yaml.safe_load(text)
    assert loaded["variables"]["k"] == value
    assert loaded["files_touched"][0]["path"] == (value or "p")


def test_parse_upstream_bare_scalars() -> None:
    text = (
        "workflow: dev-story\n"
        "step: 7\n"
        "timestamp: 2026-01-02T03:04:05Z\n"
        "variables:\n"
        "  story_key: E1-S1\n"
        '  note: "a: b"\n'
        "files_touched:\n"
        "  - path: src/a.py\n"
        f'    sha256: "{SHA_A}"\n'
        "    last_modified: 2026-01-02T03:04:00Z\n"
    )
    assert checkpoint.parse(text) == Checkpoint(
        "dev-story", 7, "2026-01-02T03:04:05Z", (("story_key", "E1-S1"), ("note", "a: b")),
        (FileEntry("src/a.py", SHA_A, "2026-01-02T03:04:00Z"),),
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "missing 'workflow'"),
        ("workflow: w\nstep: x\ntimestamp: t\n", "step must be"),
        ("workflow: w\nstep: 1\n", "missing 'timestamp'"),
        ("workflow: w\nworkflow: v\nstep: 1\ntimestamp: t\n", "duplicate key"),
        ("workflow: w\nstep: 1\ntimestamp: t\nextra: 1\n", "unknown key 'extra'"),
        ("workflow: [a, b]\nstep: 1\ntimestamp: t\n", "unsupported YAML value"),
        ("workflow: 'w'\nstep: 1\ntimestamp: t\n", "unsupported YAML value"),
        ('workflow: "w\nstep: 1\ntimestamp: t\n', "bad quoted string"),
        ("workflow: w\nstep: 1\ntimestamp: t\nfiles_touched:\n  - path: p\n", "lacks path or sha256"),
        ("workflow: w\nstep: 1\ntimestamp: t\nfiles_touched:\n  - path: p\n    sha256: md5:x\n",
         "bad sha256"),
        (f"workflow: w\nstep: 1\ntimestamp: t\nfiles_touched:\n  - path: p\n    sha256: {SHA_A}\n"
         "    owner: me\n", "unknown files_touched field"),
        ("workflow: w\nstep: 1\ntimestamp: t\nfiles_touched:\n    sha256: x\n", "bad files_touched"),
        ("workflow: w\nstep: 1\ntimestamp: t\nvariables: {a: 1}\n", "must be a block"),
        ("workflow: w\nstep: 1\ntimestamp: t\n  stray: 1\n", "unexpected indentation"),
        ("workflow: w\nstep: 1\ntimestamp: t\nvariables:\n\tk: v\n", "tab indentation"),
        ("just text\n", "expected 'key: value'"),
        ("workflow: w\nstep: 1\ntimestamp: t\nvariables:\n  -k: v\n", "bad variable line"),
    ],
)
def test_parse_rejects_what_it_cannot_read(text: str, message: str) -> None:
    with pytest.raises(MalformedFile, match=message):
        checkpoint.parse(text)


# ---------------------------------------------------------------- validators


@pytest.mark.parametrize(
    "name", [*checkpoint.KNOWN_WORKFLOWS, "custom-release-notes", "custom-" + "x" * 64],
)
def test_workflow_names_accepted(name: str) -> None:
    assert checkpoint.check_workflow(name) == name


@pytest.mark.parametrize("name", ["", "../x", "a/b", ".hidden", "a..b", "a\\b"])
def test_workflow_traversal_rejected(name: str) -> None:
    with pytest.raises(InvalidInput, match="path traversal rejected") as info:
        checkpoint.check_workflow(name)
    assert info.value.exit_code == 1


@pytest.mark.parametrize(
    "name",
    ["a b", "-x", "x" * 129, "é", "a:b", "E1-S1", "E1-S2", "gaia_dev.story", "A1", "w",
     "dev-story2", "Dev-Story", "custom-", "custom-UPPER", "custom-a.b", "custom-" + "x" * 65],
)
def test_unknown_workflow_names_rejected(name: str) -> None:
    with pytest.raises(InvalidInput, match="unknown workflow") as info:
        checkpoint.check_workflow(name)
    assert info.value.exit_code == 1
    assert "dev-story" in info.value.message and "custom-<name>" in info.value.message


def test_step_and_var_validation() -> None:
    assert checkpoint.check_step("007") == 7
    for bad in ("-1", "1.5", "x", "", "٣"):
        with pytest.raises(InvalidInput, match="non-negative integer"):
            checkpoint.check_step(bad)
    assert checkpoint.parse_var("k=v=w") == ("k", "v=w")
    assert checkpoint.parse_var("k=") == ("k", "")
    with pytest.raises(InvalidInput, match="key=val"):
        checkpoint.parse_var("novalue")
    with pytest.raises(InvalidInput, match="invalid variable name"):
        checkpoint.parse_var("a b=c")
    with pytest.raises(InvalidInput, match="not valid UTF-8"):
        checkpoint.parse_var("k=\udcff")


def test_merge_entries_replaces_in_place_and_appends() -> None:
    a, b, c = (FileEntry(p, SHA_A, "t") for p in "abc")
    b2 = FileEntry("b", SHA_B, "t2", "git")
    assert checkpoint.merge_entries((a, b), (c, b2)) == (a, b2, c)
    assert checkpoint.merge_entries((), (a, a)) == (a,)


def test_record_path(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / "src").mkdir(parents=True)
    assert checkpoint.record_path(str(project / "src" / "x.py"), project) == "src/x.py"
    outside = tmp_path / "elsewhere.txt"
    assert checkpoint.record_path(str(outside), project) == str(outside)
    (tmp_path / "link").symlink_to(project / "src")
    assert checkpoint.record_path(str(tmp_path / "link" / "x.py"), project) == "src/x.py"


# ---------------------------------------------------------------- write / load / validate


def test_write_then_load_and_validate(project: Project) -> None:
    root = project.root
    (root / "src").mkdir()
    (root / "src" / "a.py").write_bytes(b"print(1)\n")
    directory = root / ".gaia" / "memory" / "checkpoints"
    written = checkpoint.write(
        directory, root, "dev-story", 4, [("story_key", "E1-S1"), ("story_key", "E1-S2")],
        ["src/a.py", ""], now=0,
    )
    loaded = checkpoint.load(directory / "dev-story.yaml")
    assert loaded == written
    assert loaded.timestamp == "1970-01-01T00:00:00Z"
    assert loaded.variables == (("story_key", "E1-S2"),)
    assert loaded.files_touched[0].path == "src/a.py"
    assert loaded.files_touched[0].sha256 == _sha(b"print(1)\n")
    assert checkpoint.validate(loaded, root) == checkpoint.Problems((), ())
    (root / "src" / "a.py").write_bytes(b"print(2)\n")
    assert checkpoint.validate(loaded, root) == checkpoint.Problems((), ("src/a.py",))
    (root / "src" / "a.py").unlink()
    assert checkpoint.validate(loaded, root) == checkpoint.Problems(("src/a.py",), ())


def test_write_checks_every_file_before_writing(project: Project) -> None:
    root = project.root
    (root / "ok.txt").write_text("x")
    (root / "adir").mkdir()
    directory = root / ".gaia" / "memory" / "checkpoints"
    with pytest.raises(NotFound, match=r"cannot read nope\.txt: no such file") as info:
        checkpoint.write(directory, root, "qa-tests", 1, [], ["ok.txt", "nope.txt"])
    assert info.value.exit_code == 1
    with pytest.raises(InvalidInput, match="not a regular file"):
        checkpoint.write(directory, root, "qa-tests", 1, [], ["adir"])
    assert not (directory / "qa-tests.yaml").exists()


def test_load_errors(tmp_path: Path) -> None:
    with pytest.raises(NotFound) as info:
        checkpoint.load(tmp_path / "none.yaml")
    assert info.value.exit_code == 2
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(MalformedFile, match="not UTF-8"):
        checkpoint.load(bad)


def test_record_merges_and_skips_unchanged(project: Project) -> None:
    root = project.root
    directory = root / ".gaia" / "memory" / "checkpoints"
    first = checkpoint.record(directory, root, "dev-story", [FileEntry("a", SHA_A, "t", "Write")], now=0)
    assert first is not None and first.step == 0
    checkpoint.write(directory, root, "custom-other", 5, [("k", "v")], [])
    assert checkpoint.record(directory, root, "dev-story", [FileEntry("a", SHA_A, "t", "Write")]) is None
    second = checkpoint.record(directory, root, "dev-story", [FileEntry("b", SHA_B, "t", "git")], now=60)
    assert second is not None
    assert [e.path for e in second.files_touched] == ["a", "b"]
    assert second.timestamp == "1970-01-01T00:01:00Z"
    assert checkpoint.load(directory / "dev-story.yaml") == second


def test_record_keeps_step_and_variables_of_an_explicit_write(project: Project) -> None:
    root = project.root
    (root / "f.txt").write_text("1")
    directory = root / ".gaia" / "memory" / "checkpoints"
    checkpoint.write(directory, root, "dev-story", 6, [("k", "v")], ["f.txt"])
    updated = checkpoint.record(directory, root, "dev-story", [FileEntry("g.txt", SHA_B, "t", "Edit")])
    assert updated is not None
    assert (updated.step, updated.variables) == (6, (("k", "v"),))
    assert [e.path for e in updated.files_touched] == ["f.txt", "g.txt"]


def test_record_leaves_a_malformed_checkpoint_alone(project: Project) -> None:
    directory = project.root / ".gaia" / "memory" / "checkpoints"
    target = directory / "dev-story.yaml"
    target.write_text("garbage: [\n")
    with pytest.raises(MalformedFile):
        checkpoint.record(directory, project.root, "dev-story", [FileEntry("a", SHA_A, "t")])
    assert target.read_text() == "garbage: [\n"


def _record_one(args: tuple[str, str, int]) -> None:
    directory, root, n = args
    os.environ["GAIA_WRITE_SCOPE"] = "parent"
    checkpoint.record(Path(directory), Path(root), "dev-story", [FileEntry(f"f{n}.txt", SHA_A, "t", "git")])


def test_concurrent_records_lose_no_entry(project: Project) -> None:
    directory = project.root / ".gaia" / "memory" / "checkpoints"
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(8) as pool:
        pool.map(_record_one, [(str(directory), str(project.root), n) for n in range(32)])
    loaded = checkpoint.load(directory / "dev-story.yaml")
    assert sorted(e.path for e in loaded.files_touched) == sorted(f"f{n}.txt" for n in range(32))


def _write_forever(directory: str, root: str) -> None:
    n = 0
    entries = [FileEntry(f"file-{i}.txt", SHA_A, "t") for i in range(2000)]
    while True:
        n += 1
        cp = Checkpoint("dev-story", n, "t", (("n", str(n)),), tuple(entries))
        from gaia_lib.core import writes

        writes.write_text(Path(directory) / "dev-story.yaml", checkpoint.render(cp), Path(root))


def test_sigkilled_writer_leaves_old_or_new_never_partial(project: Project) -> None:
    directory = project.root / ".gaia" / "memory" / "checkpoints"
    target = directory / "dev-story.yaml"
    target.write_text(checkpoint.render(Checkpoint("dev-story", 0, "t")))
    ctx = multiprocessing.get_context("fork")
    for _ in range(5):
        proc = ctx.Process(target=_write_forever, args=(str(directory), str(project.root)))
        proc.start()
        time.sleep(0.3)
        assert proc.pid is not None
        os.kill(proc.pid, signal.SIGKILL)
        proc.join()
        loaded = checkpoint.parse(target.read_text())
        assert loaded.step == 0 or len(loaded.files_touched) == 2000


# ---------------------------------------------------------------- snapshots


def test_snapshot_record_and_names() -> None:
    rec = checkpoint.snapshot_record("dev-story", 2, "ts", {"a": "b"}, ["p"], {"p": SHA_A})
    assert rec == {
        "schema_version": 1, "step_number": 2, "skill_name": "dev-story", "timestamp": "ts",
        "key_variables": {"a": "b"}, "output_paths": ["p"], "file_checksums": {"p": SHA_A},
    }
    full = checkpoint.snapshot_record("s", 0, "t", {}, [], {}, SHA_B, None, True)
    assert full["skill_md_content_hash"] == SHA_B and full["custom"] is None
    names = list(checkpoint.snapshot_names("T", 4, 99))
    assert names[:3] == ["T-step-4.json", "T-pid99-step-4.json", "T-pid99-1-step-4.json"]
    assert len(set(names)) == len(names)


def test_iso_utc_us() -> None:
    assert checkpoint.iso_utc_us(1_700_000_000_123_456_789) == "2023-11-14T22:13:20.123456Z"


def test_write_snapshot_claims_unique_names(project: Project) -> None:
    root = project.root / ".gaia" / "memory" / "checkpoints"
    (project.root / "out.md").write_text("hello")
    first = checkpoint.write_snapshot(root, project.root, "dev-story", 3, [("k", "v")], ["out.md"],
                                      now_ns=1_700_000_000_000_001_000)
    second = checkpoint.write_snapshot(root, project.root, "dev-story", 3, now_ns=1_700_000_000_000_001_000)
    assert first.name == "2023-11-14T22:13:20.000001Z-step-3.json"
    assert second.name == f"2023-11-14T22:13:20.000001Z-pid{os.getpid()}-step-3.json"
    data = json.loads(first.read_text())
    assert data["file_checksums"] == {"out.md": _sha(b"hello")}
    assert data["key_variables"] == {"k": "v"}
    assert json.loads(second.read_text())["output_paths"] == []
    assert sorted(p.name for p in first.parent.iterdir()) == sorted([first.name, second.name])


def test_set_variables_keeps_files_and_other_variables(project: Project) -> None:
    root = project.root
    (root / "a.py").write_text("x\n")
    checkpoints = root / ".gaia" / "memory" / "checkpoints"
    checkpoint.write(checkpoints, root, "dev-story", 3, [("mode", "FRESH")], [str(root / "a.py")])
    updated = checkpoint.set_variables(checkpoints, root, "dev-story", {"tdd.E1-S1.red": "{}"})
    assert updated.variables == (("mode", "FRESH"), ("tdd.E1-S1.red", "{}"))
    assert [e.path for e in updated.files_touched] == ["a.py"] and updated.step == 3
    assert checkpoint.load(checkpoint.checkpoint_path(checkpoints, "dev-story")) == updated
    with pytest.raises(InvalidInput):
        checkpoint.set_variables(checkpoints, root, "dev-story", {"bad key": "x"})


# ---------------------------------------------------------------- hand_over


def _entry(root: Path, rel: str, text: str) -> FileEntry:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return checkpoint.entry_for(str(path), rel)


def test_hand_over_starts_a_new_owner_without_a_copy(tmp_path: Path) -> None:
    cps = tmp_path / ".gaia" / "memory" / "checkpoints"
    assert checkpoint.hand_over(cps, tmp_path, "dev-story", "E1-S1", now=100.0) is None
    loaded = checkpoint.load(cps / "dev-story.yaml")
    assert dict(loaded.variables) == {"files_owner": "E1-S1"}
    assert loaded.files_touched == ()


def test_hand_over_keeps_the_same_owners_files(tmp_path: Path) -> None:
    cps = tmp_path / ".gaia" / "memory" / "checkpoints"
    checkpoint.hand_over(cps, tmp_path, "dev-story", "E1-S1")
    checkpoint.record(cps, tmp_path, "dev-story", [_entry(tmp_path, "src/a.py", "a = 1\n")])
    before = (cps / "dev-story.yaml").read_bytes()
    assert checkpoint.hand_over(cps, tmp_path, "dev-story", "E1-S1") is None
    assert (cps / "dev-story.yaml").read_bytes() == before
    assert sorted(p.name for p in cps.iterdir() if p.suffix == ".yaml") == ["dev-story.yaml"]


def test_hand_over_to_another_story_copies_the_list_aside(tmp_path: Path) -> None:
    cps = tmp_path / ".gaia" / "memory" / "checkpoints"
    checkpoint.hand_over(cps, tmp_path, "dev-story", "E1-S1")
    checkpoint.set_variables(cps, tmp_path, "dev-story", {"run.E1-S1.mode": "FRESH"})
    checkpoint.record(cps, tmp_path, "dev-story", [_entry(tmp_path, "src/a.py", "a = 1\n")])
    before = (cps / "dev-story.yaml").read_bytes()
    copy = checkpoint.hand_over(cps, tmp_path, "dev-story", "E1-S2", now=1.5)
    assert copy == str(cps / "dev-story.E1-S1.1500000.yaml")
    assert Path(copy).read_bytes() == before  # nothing of the earlier run is lost
    now = checkpoint.load(cps / "dev-story.yaml")
    assert now.files_touched == ()
    assert dict(now.variables) == {"files_owner": "E1-S2", "run.E1-S1.mode": "FRESH"}


def test_hand_over_of_a_checkpoint_without_an_owner(tmp_path: Path) -> None:
    cps = tmp_path / ".gaia" / "memory" / "checkpoints"
    checkpoint.record(cps, tmp_path, "dev-story", [_entry(tmp_path, "src/a.py", "a = 1\n")])
    copy = checkpoint.hand_over(cps, tmp_path, "dev-story", "E1-S2", now=2.0)
    assert copy == str(cps / "dev-story.earlier.2000000.yaml")
    assert [e.path for e in checkpoint.load(copy).files_touched] == ["src/a.py"]
    with pytest.raises(InvalidInput):
        checkpoint.hand_over(cps, tmp_path, "dev-story", "E1-S3\nx")


def test_a_step_recorded_without_durable_is_made_durable_by_sync_step(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    synced = fsyncs_counted(monkeypatch)
    checkpoint.record_step(project.root, "qa-tests", "E1-S1", 1, durable=False)
    assert synced == []
    loaded = checkpoint.load(checkpoint.checkpoint_path(
        project.root / ".gaia" / "memory" / "checkpoints", "qa-tests"))
    assert loaded.step == 1 and dict(loaded.variables) == {"story_key": "E1-S1"}
    checkpoint.sync_step(project.root, "qa-tests")
    assert len(synced) == 2
    checkpoint.record_step(project.root, "qa-tests", "E1-S1", 3)  # durable by default
    assert len(synced) == 4
