"""Phase 3A gap analysis for test automation: what would stop a story's tests from working.

Evidence only: nothing is run. Each finding is {category, severity, file, line, ac, message}.
Rules (seed 001's rubric, applied in code):
- missing-fixture. Python: a test function's parameter that is no fixture anywhere it could come
  from: the test module, a `conftest.py` in its directory or any parent inside the project,
  pytest's built-in fixtures, `@pytest.mark.parametrize` argnames, or `@pytest.fixture`s named by
  `name=`. JS/TS: a fixture path literal (`loadFixture('x')`, `readFileSync('…fixtures/…')`,
  `require('…/fixtures/…')`) that does not exist. Critical when the test belongs to a P0 AC
  (or the story is P0 and the test names no AC), else warning.
- untestable-assertion. A test imports a name from a module in the story's File List that the
  module does not define (Python `from m import f`; JS/TS `import { f } from './m'`): the test
  would crash on import. Always critical, whatever the AC's priority.
- unmocked-network (missing mock). A test that uses an HTTP client (Python requests/httpx/
  urllib/aiohttp; JS axios/fetch/got/node-fetch) while its file shows no mocking of any kind
  (unittest.mock, responses, respx, pytest-httpx, monkeypatch; jest.mock, vi.mock, msw, nock):
  warning.
The AC a test belongs to comes from its name or docstring naming an AC id (`AC1`, `ac_1`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gaia_lib.evidence import sut_mocking

PYTEST_BUILTINS = frozenset({
    "request", "tmp_path", "tmp_path_factory", "tmpdir", "tmpdir_factory", "monkeypatch",
    "capsys", "capsysbinary", "capfd", "capfdbinary", "caplog", "recwarn", "pytestconfig",
    "record_property", "record_testsuite_property", "record_xml_attribute", "cache",
    "doctest_namespace", "testdir", "pytester", "subtests", "mocker", "event_loop",
})
PY_NETWORK = re.compile(r"^\s*(?:import|from)\s+(requests|httpx|aiohttp|urllib\.request|urllib3)\b",
                        re.MULTILINE)
PY_MOCKS = re.compile(r"\b(?:unittest\.mock|mock\.patch|responses|respx|httpx_mock|"
                      r"monkeypatch|requests_mock|aioresponses|mocker)\b")
JS_NETWORK = re.compile(r"""(?:from\s+['"](?:axios|got|node-fetch|undici)['"]|"""
                        r"""require\(\s*['"](?:axios|got|node-fetch)['"]\s*\)|\bfetch\s*\()""")
JS_MOCKS = re.compile(r"\b(?:jest\.mock|vi\.mock|jest\.spyOn|vi\.spyOn|msw|nock|"
                      r"setupServer|fetchMock|mockResolvedValue)\b")
JS_FIXTURE = re.compile(r"""(?:loadFixture\(\s*['"]([^'"]+)['"]|"""
                        r"""(?:readFileSync|require)\(\s*['"]([^'"]*fixtures?/[^'"]+)['"])""")
JS_IMPORT = re.compile(r"""import\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]""")
JS_EXPORT = re.compile(r"""\bexport\s+(?:default\s+)?(?:async\s+)?"""
                       r"""(?:function\*?|class|const|let|var|interface|type|enum)\s+"""
                       r"""([A-Za-z_$][\w$]*)""")
JS_EXPORT_LIST = re.compile(r"\bexport\s*\{([^}]*)\}")
AC_IN_NAME = re.compile(r"(?<![A-Za-z0-9])AC[-_]?(EC)?[-_]?(\d+)(?![0-9])", re.IGNORECASE)
JS_EXTS = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs")


@dataclass(frozen=True)
class GapFinding:
    category: str
    severity: str
    file: str
    line: int
    ac: str
    message: str

    def as_dict(self) -> dict[str, object]:
        return {"category": self.category, "severity": self.severity, "file": self.file,
                "line": self.line, "ac": self.ac, "message": self.message}


def ac_of(*texts: str | None) -> str:
    for text in texts:
        match = AC_IN_NAME.search(text or "")
        if match:
            return f"AC-EC{match.group(2)}" if match.group(1) else f"AC{match.group(2)}"
    return ""


def _fixture_severity(ac: str, p0_acs: frozenset[str], story_p0: bool) -> str:
    if ac:
        return "critical" if ac in p0_acs else "warning"
    return "critical" if story_p0 else "warning"


# ------------------------------------------------------------------------------- Python


def _fixture_names(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                text = ast.unparse(target)
                if text.endswith("fixture"):
                    names.add(node.name)
                    if isinstance(deco, ast.Call):
                        names.update(str(k.value.value) for k in deco.keywords
                                     if k.arg == "name" and isinstance(k.value, ast.Constant))
    return names


def _parametrized(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    names: set[str] = set()
    for deco in node.decorator_list:
        if isinstance(deco, ast.Call) and ast.unparse(deco.func).endswith("parametrize") \
                and deco.args and isinstance(deco.args[0], ast.Constant):
            names.update(n.strip() for n in str(deco.args[0].value).split(","))
    return names


def _parse(text: str) -> ast.AST | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def conftest_fixtures(project: Path, test_rel: str) -> set[str]:
    names: set[str] = set()
    directory = PurePosixPath(test_rel).parent
    for parent in (directory, *directory.parents):
        conftest = project / parent / "conftest.py"
        if conftest.is_file():
            tree = _parse(conftest.read_text(encoding="utf-8", errors="replace"))
            if tree is not None:
                names |= _fixture_names(tree)
    return names


def _module_defs(path: Path) -> frozenset[str] | None:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    tree = _parse(text)
    if not isinstance(tree, ast.Module):
        return None
    return sut_mocking.top_level_names(tree, imported=True)


def _python_module_paths(sources: Iterable[str]) -> dict[str, str]:
    """dotted module name -> File List path, for every importable spelling (src/ layouts too)."""
    out: dict[str, str] = {}
    for rel in sources:
        if not rel.endswith(".py"):
            continue
        parts = list(PurePosixPath(rel).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        for start in range(len(parts)):
            out.setdefault(".".join(parts[start:]), rel)
    return out


def python_gaps(project: Path, test_rel: str, text: str, sources: Sequence[str],
                p0_acs: frozenset[str], story_p0: bool) -> list[GapFinding]:
    tree = _parse(text)
    if tree is None:
        return []
    findings: list[GapFinding] = []
    known = PYTEST_BUILTINS | _fixture_names(tree) | conftest_fixtures(project, test_rel)
    modules = _python_module_paths(sources)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in modules and node.level == 0:
            defined = _module_defs(project / modules[node.module])
            for alias in node.names:
                if defined is not None and alias.name != "*" and alias.name not in defined:
                    findings.append(GapFinding(
                        "untestable-assertion", "critical", test_rel, node.lineno, "",
                        f"imports {alias.name} from {node.module} ({modules[node.module]}), "
                        "which does not define it"))
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if not node.name.startswith("test"):
            continue
        ac = ac_of(node.name, ast.get_docstring(node))
        allowed = known | _parametrized(node) | {"self", "cls"}
        for arg in node.args.args + node.args.kwonlyargs:
            if arg.arg not in allowed:
                findings.append(GapFinding(
                    "missing-fixture", _fixture_severity(ac, p0_acs, story_p0), test_rel,
                    node.lineno, ac, f"{node.name} needs fixture '{arg.arg}', defined nowhere "
                    "it could come from (module, conftest.py, pytest built-ins)"))
    if PY_NETWORK.search(text) and not PY_MOCKS.search(text):
        match = PY_NETWORK.search(text)
        line = text.count("\n", 0, match.start()) + 1 if match else 1
        findings.append(GapFinding("unmocked-network", "warning", test_rel, line, "",
                                   "uses an HTTP client with no mocking in the file"))
    return findings


# ------------------------------------------------------------------------------- JS / TS


def _resolve_js(project: Path, test_rel: str, spec: str) -> str | None:
    base = PurePosixPath(test_rel).parent / spec
    candidates = [base] + [base.with_name(base.name + ext) for ext in JS_EXTS] + \
        [base / f"index{ext}" for ext in JS_EXTS]
    for cand in candidates:
        normal = PurePosixPath(*[p for p in cand.parts if p != "."])
        parts: list[str] = []
        for part in normal.parts:
            if part == "..":
                if not parts:
                    return None
                parts.pop()
            else:
                parts.append(part)
        rel = "/".join(parts)
        if (project / rel).is_file():
            return rel
    return None


def _js_exports(text: str) -> set[str]:
    names = set(JS_EXPORT.findall(text))
    for group in JS_EXPORT_LIST.findall(text):
        for raw in group.split(","):
            item = raw.strip()
            if item:
                names.add(item.split(" as ")[-1].strip())
    return names


def js_gaps(project: Path, test_rel: str, text: str, sources: Sequence[str],
            p0_acs: frozenset[str], story_p0: bool) -> list[GapFinding]:
    findings: list[GapFinding] = []
    listed = set(sources)

    def line_of(pos: int) -> int:
        return text.count("\n", 0, pos) + 1

    for match in JS_IMPORT.finditer(text):
        target = _resolve_js(project, test_rel, match.group(2))
        if target is None or target not in listed:
            continue
        exports = _js_exports((project / target).read_text(encoding="utf-8", errors="replace"))
        for item in match.group(1).split(","):
            name = item.strip().split(" as ")[0].strip().removeprefix("type ").strip()
            if name and name not in exports:
                findings.append(GapFinding(
                    "untestable-assertion", "critical", test_rel, line_of(match.start()), "",
                    f"imports {name} from {match.group(2)} ({target}), which does not export it"))
    for match in JS_FIXTURE.finditer(text):
        spec = match.group(1) or match.group(2)
        base = PurePosixPath(test_rel).parent
        candidates = [project / base / spec, project / spec, project / "fixtures" / spec,
                      project / base / "fixtures" / spec]
        exists = any(c.exists() or c.with_suffix(".json").exists() for c in candidates)
        if not exists:
            ac = ac_of(text[max(0, match.start() - 300):match.start()])
            findings.append(GapFinding(
                "missing-fixture", _fixture_severity(ac, p0_acs, story_p0), test_rel,
                line_of(match.start()), ac, f"fixture '{spec}' does not exist"))
    network = JS_NETWORK.search(text)
    if network and not JS_MOCKS.search(text):
        findings.append(GapFinding("unmocked-network", "warning", test_rel,
                                   line_of(network.start()), "",
                                   "uses an HTTP client with no mocking in the file"))
    return findings


def analyse(project: Path, tests: Sequence[str], sources: Sequence[str],
            priorities: Mapping[str, str], story_priority: str | None) -> list[GapFinding]:
    """Every gap finding for the story's test files, sorted by (file, line, category)."""
    p0 = frozenset(ac for ac, prio in priorities.items() if prio in ("P0", "high", "critical"))
    story_p0 = story_priority in ("P0", "high", "critical")
    findings: list[GapFinding] = []
    for rel in tests:
        try:
            text = (project / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if rel.endswith(".py"):
            findings += python_gaps(project, rel, text, sources, p0, story_p0)
        elif rel.endswith(JS_EXTS):
            findings += js_gaps(project, rel, text, sources, p0, story_p0)
    return sorted(findings, key=lambda f: (f.file, f.line, f.category, f.message))
