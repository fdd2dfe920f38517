from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.evidence import barrels, sut_names, testcases

GO_SOURCE = """package humanize

func Ordinal(x int) string { return "1st" }

func BigComma(b *big.Int) string { return "0" }
"""

GO_TESTS = """package humanize

var cases = []string{"1st"}

func bigComma(i int64) string {
	return BigComma(big.NewInt(i))
}

func TestBigCommas(t *testing.T) {
	testList{{"0", bigComma(0), "0"}}.validate(t)
}

func TestParser(t *testing.T) {
	p := Ordinal
	if p(1) != "1st" { t.Fatal() }
}

// AC1
func TestOrdinalAC1(t *testing.T) {
	if strings.ToUpper("a") != "A" { t.Fatal() }
}

func TestUpper(t *testing.T) {
	p := strings.ToUpper
	if p("a") != "A" { t.Fatal() }
}

func TestOrdinalMessage(t *testing.T) {
	// checks Ordinal's suffix
	if got := fakeOrdinal(1); got != cases[0] { t.Errorf("Ordinal(1) = %q", got) }
}
"""


def _go(name: str) -> str:
    start = GO_TESTS.index(f"func {name}(")
    end = GO_TESTS.find("\nfunc ", start + 1)
    return GO_TESTS[start:end if end > 0 else None]


@pytest.mark.parametrize(("test", "names_it"), [
    ("TestBigCommas", True),  # through the file's helper bigComma
    ("TestParser", True),  # through a name bound to it
    ("TestOrdinalAC1", False),  # named for the AC, tests strings.ToUpper
    ("TestUpper", False),  # its own `p`, not TestParser's
    # the function's name in its failure message and a comment only (and a package `var`)
    ("TestOrdinalMessage", False),
])
def test_a_go_test_names_the_code_under_test_itself_or_through_its_files_helpers(
        tmp_path: Path, test: str, names_it: bool) -> None:
    names = sut_names.declared(tmp_path, {"ordinals.go": GO_SOURCE})
    assert sut_names.names_any("ordinals_test.go", _go(test), names, GO_TESTS) is names_it


GO_GROUPED = """package token

const (
	// ErrBadToken is returned for text that is no token.
	ErrBadToken tokenErr = "token: bad token"
	width, height = 20, 12
)

var (
	table = map[string]int{
		fieldOfTable: 1,
	}
)

type (
	tokenErr string
)

func (e tokenErr) Error() string { return string(e) }
"""

GO_GROUPED_TESTS = """package token

func TestParseRefusesGarbage(t *testing.T) {
	err := json.Unmarshal([]byte(`{"T":"??"}`), &holder{})
	if err != ErrBadToken { t.Errorf("err=%v", err) }
}

func TestHeight(t *testing.T) {
	if height != 12 { t.Fatal() }
}

func TestFieldName(t *testing.T) {
	if lookup("x").fieldOfTable != 3 { t.Fatal() }
}
"""


@pytest.mark.parametrize(("test", "names_it"), [
    ("TestParseRefusesGarbage", True),  # a constant of a `const (` block
    ("TestHeight", True),  # the second name of a line declaring two
    ("TestFieldName", False),  # a composite literal's field, deeper: no declaration
])
def test_a_go_name_a_grouped_declaration_declares_is_the_code_under_test(
        tmp_path: Path, test: str, names_it: bool) -> None:
    """xid: `ErrInvalidID` is declared in a `const (` block, and a test checking `err !=
    ErrInvalidID` after a `json.Unmarshal` had been said to name nothing of the story's
    code."""
    names = sut_names.declared(tmp_path, {"token.go": GO_GROUPED})
    start = GO_GROUPED_TESTS.index(f"func {test}(")
    end = GO_GROUPED_TESTS.find("\nfunc ", start + 1)
    body = GO_GROUPED_TESTS[start:end if end > 0 else None]
    assert sut_names.names_any("token_test.go", body, names, GO_GROUPED_TESTS) is names_it
    assert {"ErrBadToken", "width", "height", "table", "tokenErr"} <= names.of(".go")
    assert "fieldOfTable" not in names.of(".go")


PY_TESTS = """import subprocess
import sys
import unittest


def get_cmd():
    return [sys.executable, "-c", "from cli.tool import main; main()"]


def run(argv):
    return subprocess.run(get_cmd() + argv, capture_output=True)


class ToolTests(unittest.TestCase):
    def check(self, argv, expected):
        self.assertEqual(run(argv).stdout, expected)

    def test_through_two_helpers(self):
        self.assertEqual(run(["-c", "x"]).returncode, 0)

    def test_through_a_helper_method(self):
        self.check(["x"], b"x")

    def test_through_the_command_itself(self):
        out = subprocess.run(get_cmd(), input=b"x", capture_output=True).stdout
        self.assertEqual(out, b"x")

    def test_other_code(self):
        self.assertEqual(subprocess.run(["echo", "x"]).returncode, 0)
"""


def _py(name: str) -> str:
    start = PY_TESTS.index(f"    def {name}(")
    end = PY_TESTS.find("\n    def ", start + 1)
    return PY_TESTS[start:end if end > 0 else None]


@pytest.mark.parametrize(("test", "names_it"), [
    # Unidecode's command-line tests: `run(argv)` -> `get_cmd()`, whose string of code runs
    # the story's `main` in a new interpreter
    ("test_through_two_helpers", True),
    ("test_through_a_helper_method", True),  # `self.check(...)`, a TestCase's helper
    ("test_through_the_command_itself", True),
    ("test_other_code", False),  # `subprocess.run(...)`: no call of the file's `run`
])
def test_a_python_test_names_the_code_under_test_through_its_files_functions(
        tmp_path: Path, test: str, names_it: bool) -> None:
    names = sut_names.declared(tmp_path, {"cli/tool.py": "def main():\n    pass\n"})
    assert sut_names.names_any("tests/test_tool.py", _py(test), names, PY_TESTS) is names_it
    # a file that does not parse defines no helper: only the test's own code counts
    broken = PY_TESTS + "\ndef (:\n"
    assert sut_names.names_any("tests/test_tool.py", _py(test), names, broken) is False


JS_TESTS = """import { defuReplaceArray as merge } from "../src/defu";
import { isPlainObject } from "../src/_utils";
import { QueryClient } from "../src/queryClient";

class ConfigStore {
  constructor(defaults) { this.defaults = defaults }
  load(user) { return merge(user, this.defaults) }
}

describe("adapter", () => {
  let store: ConfigStore;
  beforeEach(() => { store = new ConfigStore({ d: 1 }) });
  it("loads through the store", () => { expect(store.load({ a: 1 })).toEqual({ a: 1, d: 1 }) });
  const adapter = createAdapter();
  it("AC1 works", () => { expect(isPlainObject({})).toBe(true) });
  it("merges", () => { expect(merge({ a: [1] }, { a: [2] })).toEqual({ a: [1] }) });
  it("adds one", () => { expect(adapter.addOne({}).ids).toEqual([1]) });
  it("goes through the client", () => { expect(new QueryClient().get()).toBe(1) });
});
"""


def _it(title: str) -> str:
    return next(line for line in JS_TESTS.splitlines() if f'it("{title}"' in line)


@pytest.mark.parametrize(("title", "names_it"), [
    ("AC1 works", False),  # imports from a module that is none of the story's code
    ("merges", True),  # the name it imports the code under test under
    ("adds one", True),  # a group-level binding of it
    ("goes through the client", True),  # a project module over the code under test
    ("loads through the store", True),  # a class of the file over it, made in a beforeEach
])
def test_a_js_test_names_the_code_under_test_through_imports_bindings_and_facades(
        tmp_path: Path, title: str, names_it: bool) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "_utils.ts").write_text("export function isPlainObject(v) {}\n")
    (tmp_path / "src" / "queryClient.ts").write_text(
        'import { defu } from "./defu";\nexport class QueryClient {}\n')
    sources = {"src/defu.ts": "export function defuReplaceArray() {}\n"
                              "export function createAdapter() {}\n"}
    names = sut_names.with_facades(tmp_path, {"test/e.test.ts": JS_TESTS},
                                   sut_names.declared(tmp_path, sources))
    assert sut_names.names_any("test/e.test.ts", _it(title), names, JS_TESTS) is names_it


PARSER_TESTS = """import * as chrono from "../../src/";
import { pattern } from "../../src/utils/pattern";
import { matchAnyPattern } from "../../src/";
import { testSingleCase } from "../test_util";

test("Test - Single Expression", function () {
    testSingleCase(chrono, "5 days ago", new Date(2012, 7, 10), (result) => {
        expect(result.start.get("day")).toBe(5);
    });
});

test("Test - Pattern only", function () {
    expect(pattern("a")).toBe("a");
});

test("Test - Pattern through the index", function () {
    expect(matchAnyPattern({ a: 1 })).toBe("a");
});
"""


@pytest.mark.parametrize(("title", "names_it"), [
    ("Test - Single Expression", True),  # the package's index, three imports from the parser
    ("Test - Pattern only", False),  # a module that imports none of it
    ("Test - Pattern through the index", False),  # a name the index hands on from it
])
def test_a_js_test_names_the_code_under_test_through_a_chain_of_project_modules(
        tmp_path: Path, title: str, names_it: bool) -> None:
    """chrono-node: its tests import `../../src/` and call `chrono.parse` through a helper;
    `src/index.ts` imports `./locales/en`, whose index imports `./configuration`, which
    imports the story's parser."""
    files = {
        "src/index.ts": 'import * as en from "./locales/en";\nexport { en };\n'
                        'export { matchAnyPattern } from "./utils/pattern";\n'
                        "export function parse(t) { return en.casual.parse(t); }\n",
        "src/locales/en/index.ts": 'import Configuration from "./configuration";\n'
                                   "export const casual = new Configuration().build();\n",
        "src/locales/en/configuration.ts":
            'import AgoParser from "./parsers/AgoParser";\n'
            "export default class Configuration { build() { return [new AgoParser()]; } }\n",
        "src/utils/pattern.ts": "export function pattern(p) { return p; }\n"
                                "export function matchAnyPattern(d) { return 'a'; }\n",
    }
    sources = {"src/locales/en/parsers/AgoParser.ts": "export default class AgoParser {}\n"}
    for rel, text in {**files, **sources}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    tests = {"test/en/ago.test.ts": PARSER_TESTS}
    names = sut_names.with_facades(tmp_path, tests, sut_names.declared(tmp_path, sources),
                                   sources=sources)
    (case,) = [c for c in testcases.split_tests("test/en/ago.test.ts", PARSER_TESTS)
               if c.name == title]
    assert sut_names.names_any(case.file, case.body, names, PARSER_TESTS) is names_it


COOKIE_TESTS = """import { parseCookie, parseCookie as pc, serialize } from "../src";
import * as cookie from "../src";
import { parse as p } from "../src/cookie/parse.ts";

it("ignores duplicates", () => {
  expect(parseCookie("foo=%1;foo=boo")).toMatchObject({ foo: "%1" });
});

it("under its own name", () => {
  expect(pc("a=b")).toEqual({ a: "b" });
});

it("through the namespace", () => {
  expect(cookie.parseCookie("a=b")).toEqual({ a: "b" });
});

it("under the name it imports the source's under", () => {
  expect(p("a=b")).toEqual({ a: "b" });
});

it("serializes", () => {
  expect(serialize("a", "b")).toBe("a=b");
});
"""


@pytest.mark.parametrize(("title", "names_it"), [
    ("ignores duplicates", True),  # the name the barrel hands `parse` out under
    ("under its own name", True),  # the test's own name for it
    ("through the namespace", True),
    ("under the name it imports the source's under", True),
    ("serializes", False),  # the barrel's other code
])
def test_a_js_test_names_the_code_under_test_under_the_names_a_barrel_exports_it(
        tmp_path: Path, title: str, names_it: bool) -> None:
    """unjs/cookie-es: src/index.ts has `export { parse as parseCookie } from
    "./cookie/parse.ts"`; a test of `parseCookie` tests the story's `parse`."""
    (tmp_path / "src" / "cookie").mkdir(parents=True)
    (tmp_path / "src" / "index.ts").write_text(
        'export { parse, parse as parseCookie } from "./cookie/parse.ts";\n'
        'export { serialize } from "./cookie/serialize.ts";\n')
    (tmp_path / "src" / "cookie" / "serialize.ts").write_text("export function serialize() {}\n")
    sources = {"src/cookie/parse.ts": "export function parse(s) {}\n"}
    (tmp_path / "src" / "cookie" / "parse.ts").write_text(sources["src/cookie/parse.ts"])
    tests = {"test/cookie.test.ts": COOKIE_TESTS}
    names = sut_names.with_facades(tmp_path, tests, sut_names.declared(tmp_path, sources),
                                   barrels.barrels(tmp_path, tests, sources))
    (case,) = [c for c in testcases.split_tests("test/cookie.test.ts", COOKIE_TESTS)
               if c.name == title]
    assert sut_names.names_any(case.file, case.body, names, COOKIE_TESTS) is names_it


JS_TITLED = """import { chunk } from "../src/chunk";

it("chunk splits evenly", () => {
  expect([["a"], ["b"]]).toHaveLength(2);
});

it("splits through a template", () => {
  expect(`${chunk(["a", "b"], 1).length}`).toBe("2");
});
"""


@pytest.mark.parametrize(("title", "names_it"), [
    ("chunk splits evenly", False),  # named in its title only
    ("splits through a template", True),  # called where a template computes it
])
def test_what_a_js_tests_strings_say_names_no_code(tmp_path: Path, title: str,
                                                    names_it: bool) -> None:
    names = sut_names.declared(tmp_path, {"src/chunk.ts": "export function chunk() {}\n"})
    (case,) = [c for c in testcases.split_tests("test/chunk.test.ts", JS_TITLED)
               if c.name == title]
    assert sut_names.names_any(case.file, case.body, names, JS_TITLED) is names_it


UFO_PARSE = """import { describe, expect, test } from "vitest";
import { parseURL } from "../src";

describe("parseURL", () => {
  const tests = [
    { input: "//test", out: { host: "test" } },
    { input: String.raw`https://host.name\\@foo.bar/?url=http://0.0.0.0/2.svg`, out: {} },
  ];

  for (const t of tests) {
    test(t.input.toString(), () => {
      expect(structuredClone(parseURL(t.input))).toEqual(t.out);
    });
  }
});
"""


def test_a_js_test_whose_table_holds_urls_names_the_code_it_calls(tmp_path: Path) -> None:
    """unjs/ufo's parseURL table: the `//` of its URL strings and of a URL template is no
    comment; read as one, the template stayed open and the test's call was its text."""
    names = sut_names.declared(tmp_path, {"src/parse.ts": "export function parseURL() {}\n"})
    (case,) = testcases.split_tests("test/parse.test.ts", UFO_PARSE)
    assert sut_names.names_any(case.file, case.body, names, UFO_PARSE) is True


def test_a_bats_test_runs_the_command_a_script_of_the_story_is(tmp_path: Path) -> None:
    names = sut_names.declared(tmp_path, {"libexec/rbenv-local": "#!/usr/bin/env bash\n"
                                                                 "rbenv_local() { :; }\n",
                                          "README.md": "# rbenv\n"})
    assert sut_names.names_any("test/local.bats", "  run rbenv local 1.2.3\n", names) is True
    assert sut_names.names_any("test/local.bats", "  run rbenv-local --unset\n", names) is True
    assert sut_names.names_any("test/local.bats", '  run echo "rbenv: version not installed"\n'
                                                  "  # rbenv local\n", names) is False


def test_a_language_the_code_under_test_declares_nothing_in_is_not_judged(tmp_path: Path) -> None:
    names = sut_names.declared(tmp_path, {"app/signup.py": "def signup(email): ...\n"})
    assert sut_names.names_any("test/x.test.ts", "it('x', () => {})", names) is None
    assert sut_names.names_any("tests/test_signup.py", "assert signup('a') == 1", names) is True



def test_a_project_module_that_cannot_be_read_is_no_way_to_the_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "client.ts").write_text('import { defu } from "./defu";\n')
    names = sut_names.declared(tmp_path, {"src/defu.ts": "export function defu() {}\n"})
    tests = {"test/e.test.ts": 'import { Client } from "../src/client";\n'}
    assert "Client" in sut_names.with_facades(tmp_path, tests, names).of(".js")

    def unreadable(self: Path, *args: object, **kwargs: object) -> str:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_text", unreadable)
    assert sut_names.with_facades(tmp_path, tests, names) == names  # no traceback, no way


def test_the_sources_that_declare_names_are_code_and_scripts() -> None:
    sources = {"ordinals.go": "package humanize\n", "README.md": "# x\n", "package.json": "{}",
               "libexec/rbenv-local": "#!/usr/bin/env bash\n", "notes": "plain text\n",
               "src/a.ts": "export const a = 1;\n", "tool.sh": "echo hi\n"}
    assert sorted(sut_names.declaring(sources)) == [
        "libexec/rbenv-local", "ordinals.go", "src/a.ts", "tool.sh"]


NEST_E2E = """import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from './../src/app.module';

describe('AppController (e2e)', () => {
  let app;
  let clock;

  beforeEach(() => {
    clock = installClock();
  });

  beforeAll(async () => {
    const moduleFixture = await Test.createTestingModule({
      imports: [AppModule],
    }).compile();
    app = moduleFixture.createNestApplication();
    await app.init();
  });

  it('/ (GET)', () => {
    return request(app.getHttpServer()).get('/').expect(200);
  });

  it('ticks', () => {
    expect(clock.now()).toBe(0);
  });
});
"""


def test_a_js_test_reaches_the_code_through_what_its_set_up_hook_builds(tmp_path: Path) -> None:
    """NestJS: the e2e test uses the `app` its `beforeAll` builds from `AppModule`, a module
    that imports the story's controller (NestJS names its files `app.module.ts`,
    `app.controller.ts`: one dotted stem is no other)."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src/app.module.ts").write_text(
        "import { AppController } from './app.controller';\nexport class AppModule {}\n")
    sources = {"src/app.controller.ts": "export class AppController {}\n"}
    names = sut_names.with_facades(tmp_path, {"test/app.e2e-spec.ts": NEST_E2E},
                                   sut_names.declared(tmp_path, sources))
    assert "AppModule" in names.of(".js")
    cases = {c.name.rsplit(" > ", 1)[-1]: c.body
             for c in testcases.split_tests("test/app.e2e-spec.ts", NEST_E2E)}
    assert sut_names.names_any("test/app.e2e-spec.ts", cases["/ (GET)"], names, NEST_E2E)
    # what a hook naming nothing of it builds reaches nothing of it
    assert sut_names.names_any("test/app.e2e-spec.ts", cases["ticks"], names, NEST_E2E) is False


DEFU_TESTS = """import { defu } from "../src/defu";
import * as real from "../src/defu";

let value;
const merged = defu({ a: 1 }, { b: 2 });

it("merges", () => {
  const result = defu({ a: "c" }, { a: "bbb" });
  expect(result).toEqual({ a: "c" });
});

describe("with defaults", () => {
  beforeEach(() => {
    value = defu({ a: 1 }, { b: 2 });
  });
  it("reads the merged value", () => {
    expect(value).toEqual({ a: 1, b: 2 });
  });
  it("uses the file's merged", () => {
    expect(merged.a).toBe(1);
  });
});

describe("merging", () => {
  beforeEach(() => {
    value = Object.assign({}, { b: 2 }, { a: 1 });
  });
  it("should copy only missing properties defaults", () => {
    const result = Object.assign({}, { a: "bbb", d: "c" }, { a: "c" });
    expect(result).toEqual({ a: "c", d: "c" });
  });
  it("assigns", () => {
    expect(value).toEqual({ a: 1, b: 2 });
  });
  it("has its own merged", () => {
    const merged = Object.assign({}, { a: 1 });
    expect(merged.a).toBe(1);
  });
  it("fakes the code", () => {
    const defu = (_a: object, _b: object) => ({ a: "c" });
    expect(defu({ a: "c" }, { a: "bbb" })).toEqual({ a: "c" });
  });
  it("wraps the code", () => {
    const defu = (a: object, b: object) => real.defu(a, b);
    expect(defu({ a: "c" }, { a: "bbb" })).toEqual({ a: "c" });
  });
});
"""


@pytest.mark.parametrize(("title", "names_it"), [
    ("merges", True),
    ("reads the merged value", True),  # its group's hook builds `value` from the code
    ("uses the file's merged", True),  # a top-level binding of it
    # another test's local `result` is no helper of the file
    ("should copy only missing properties defaults", False),
    ("assigns", False),  # the hook building `value` from the code is another group's
    ("has its own merged", False),  # its own `merged` hides the file's
    # its own `defu` hides the code's (cookie-es's `parse` faked in the test), unless the
    # fake's own code calls the code
    ("fakes the code", False),
    ("wraps the code", True),
])
def test_a_js_name_reaches_the_code_only_for_the_tests_that_see_it(
        tmp_path: Path, title: str, names_it: bool) -> None:
    """unjs/defu: a test of Object.assign named its result `result`, as tests of defu did."""
    names = sut_names.declared(tmp_path, {"src/defu.ts": "export function defu() {}\n"})
    cases = {c.name.rsplit(" > ", 1)[-1]: c.body
             for c in testcases.split_tests("test/defu.test.ts", DEFU_TESTS)}
    assert sut_names.names_any("test/defu.test.ts", cases[title], names, DEFU_TESTS) is names_it


CATALOG_TESTS = """import { Catalog } from './Catalog';

describe('Catalog', function() {
  var store;

  var add = function(title) {
    store.add({ title: title });
  };

  var assertWeight = function(term, expected) {
    expect(store.weigh(term)).toEqual(expected);
  };

  beforeEach(function() {
    store = new Catalog('id');
    add('a first page');
  });

  it('weighs a rare word', function() {
    assertWeight('first', 1);
  });

  it('takes a built-in name as a word', function() {
    add('constructor');
  });

  describe('apart', function() {
    var other;
    var addOther = function(title) { other.push(title); };
    beforeEach(function() { other = []; });
    it('keeps its own list', function() {
      addOther('x');
      expect(other.length).toBe(1);
    });
  });
});
"""


@pytest.mark.parametrize(("title", "names_it"), [
    ("weighs a rare word", True),  # a helper using what the hook builds from the code
    ("takes a built-in name as a word", True),
    ("keeps its own list", False),  # its helper uses what a hook builds from nothing of it
])
def test_a_js_helper_reaches_the_code_through_what_a_set_up_hook_builds(
        tmp_path: Path, title: str, names_it: bool) -> None:
    """js-search: the IDF tests call `assertIdf`, a helper of their `describe` using the
    `search` its `beforeEach` builds; they had been said to name nothing of the story's code."""
    names = sut_names.declared(tmp_path, {"src/Catalog.js": "export class Catalog {}\n"})
    cases = {c.name.rsplit(" > ", 1)[-1]: c.body
             for c in testcases.split_tests("src/Catalog.test.js", CATALOG_TESTS)}
    assert sut_names.names_any("src/Catalog.test.js", cases[title], names,
                               CATALOG_TESTS) is names_it


SHELLQUOTE_TESTS = """package shellquote

{outside}

func fakeJoin(s string) string {{ {inside}return "'" + s + "'" }}

func TestJoinWraps(t *testing.T) {{
	for _, tc := range cases {{
		if got := fakeJoin(tc.arg); got != tc.want {{ t.Errorf("Join(%q) = %q", tc.arg, got) }}
	}}
}}
"""


@pytest.mark.parametrize(("outside", "inside", "names_it"), [
    ("", "_ = Join; ", False),  # go-shellquote's fake, the code named only to discard it
    ("var _ = Join", "", False),  # a package-level discard: `_` binds nothing
    ("", "_, _ = Join, Split; ", False),
    ("", "_ = Join(s); ", True),  # a call's result discarded: the code runs
    ("", "f := Join; _ = f; ", True),  # a name bound to it, used
])
def test_a_go_name_spelled_only_to_discard_it_names_nothing(
        tmp_path: Path, outside: str, inside: str, names_it: bool) -> None:
    names = sut_names.declared(tmp_path, {"quote.go": GO_QUOTE})
    text = SHELLQUOTE_TESTS.format(outside=outside, inside=inside)
    test = text[text.index("func TestJoinWraps"):]
    assert sut_names.names_any("quote_test.go", test, names, text) is names_it


GO_QUOTE = """package shellquote

func Join(args ...string) string { return "" }

func Split(input string) ([]string, error) { return nil, nil }
"""


@pytest.mark.parametrize(("body", "names_it"), [
    ("void parse;\n  expect(fake('a=b')).toEqual({});", False),
    ("void parse\n  expect(fake('a=b')).toEqual({})", False),
    ("parse;\n  expect(fake('a=b')).toEqual({});", False),
    ("if (!parse) return; parse;\n  expect(fake('a=b')).toEqual({});", True),  # a check of it
    ("void parse('a=b');\n  expect(fake('a=b')).toEqual({});", True),  # a call
    ("const f =\n    parse;\n  expect(f('a=b')).toEqual({});", True),  # an operand
    ("expect(fake(\n    parse\n  )).toEqual({});", True),
])
def test_a_js_name_spelled_only_to_discard_it_names_nothing(
        tmp_path: Path, body: str, names_it: bool) -> None:
    names = sut_names.declared(tmp_path, {"src/parse.ts": "export function parse() {}\n"})
    text = f'import {{ parse }} from "../src/parse";\n\nit("parses", () => {{\n  {body}\n}});\n'
    test = text[text.index("it("):]
    assert sut_names.names_any("test/parse.test.ts", test, names, text) is names_it


@pytest.mark.parametrize(("body", "names_it"), [
    ("parse\n    assert fake('a=b') == {}", False),
    ("jsonpointer.resolve  # keep the import\n    assert fake('a=b') == {}", False),
    ("assert fake(\n        parse\n    ) == {}", True),  # an argument
    ("values = [fake,\n              parse]\n    assert values", True),
    ("f = parse\n    assert f('a=b') == {}", True),
])
def test_a_python_name_spelled_only_to_discard_it_names_nothing(
        tmp_path: Path, body: str, names_it: bool) -> None:
    names = sut_names.declared(tmp_path, {"jsonpointer.py": "def parse(s): ...\n"
                                                          "def resolve(d, p): ...\n"})
    test = f"def test_parses():\n    {body}\n"
    assert sut_names.names_any("tests/test_parse.py", test, names) is names_it


def _read(root: Path, rel: str) -> dict[str, str]:
    return {rel: (root / rel).read_text()}


def _tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_the_sources_beside_the_file_lists_are_its_directories_code_of_its_languages(
        tmp_path: Path) -> None:
    """Read beside `src/parse.ts`: the other TS/JS sources of `src/`, not the listed one, not
    a test file, not another language's file, not another directory's, not a subdirectory."""
    _tree(tmp_path, {"src/parse.ts": "export function parseURL() {}\n",
                     "src/utils.ts": "export function joinURL() {}\n",
                     "src/legacy.js": "function withBase() {}\n",
                     "src/utils.test.ts": "test('x', () => {});\n",
                     "src/build.py": "def build(): pass\n",
                     "src/types.json": "{}\n",
                     "src/deep/more.ts": "export const more = 1;\n",
                     "lib/other.ts": "export const other = 1;\n"})
    found = sut_names.beside(tmp_path, _read(tmp_path, "src/parse.ts"), lambda rel: ".test." in rel)
    assert list(found) == ["src/legacy.js", "src/utils.ts"]
    assert found["src/utils.ts"] == "export function joinURL() {}\n"


def test_what_a_test_naming_none_of_the_story_code_names_is_declared_beside_it(
        tmp_path: Path) -> None:
    """A test naming none of the File List's code: the sources beside it that declare a name
    it spells are what it tests (a File List that left out `src/utils.ts`); one naming none
    of them either is told nothing."""
    _tree(tmp_path, {"src/parse.ts": "export function parseURL() {}\n",
                     "src/utils.ts": "export function joinURL(...a) { return a.join('/'); }\n",
                     "src/query.ts": "export function getQuery() {}\n"})
    others = sut_names.each_declared(tmp_path, sut_names.beside(
        tmp_path, _read(tmp_path, "src/parse.ts"), lambda rel: False))
    text = ('import { joinURL } from "../src";\n\n'
            "test('joins', () => {\n  expect(joinURL('a', 'b')).toBe('a/b');\n});\n\n"
            "test('adds', () => {\n  expect(1 + 1).toBe(2);\n});\n")
    first, second = testcases.split_tests("test/join.test.ts", text)
    assert sut_names.declaring_named(first.file, first.body, others, text) == ["src/utils.ts"]
    assert sut_names.declaring_named(second.file, second.body, others, text) == []


def test_a_python_test_naming_its_package_names_only_the_modules_declaring_what_it_calls(
        tmp_path: Path) -> None:
    """tomlkit's `test_item_dict_to_table` (`tomlkit.item(...)`, a File List of `api.py` and
    `toml_file.py`) was said to name what eleven modules declare, every one of the package,
    as each was taken to declare `tomlkit`. Only the package's `__init__.py` declares it; the
    test names what `items.py` declares, not what `source.py` does."""
    _tree(tmp_path, {"kit/__init__.py": "from kit.api import item\n",
                     "kit/api.py": "def dumps(data):\n    return str(data)\n",
                     "kit/items.py": "def item(value):\n    return value\n",
                     "kit/source.py": "class Source:\n    pass\n"})
    others = sut_names.each_declared(tmp_path, sut_names.beside(
        tmp_path, _read(tmp_path, "kit/api.py"), lambda rel: False))
    text = ("import kit\n\n\ndef test_item_dict_to_table():\n"
            "    assert kit.item({'a': 1}) == {'a': 1}\n")
    (case,) = testcases.split_tests("tests/test_api.py", text)
    assert sut_names.declaring_named(case.file, case.body, others, text) == [
        "kit/__init__.py", "kit/items.py"]


def test_beside_reads_no_more_than_its_bound(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sut_names, "MAX_BESIDE", 2)
    _tree(tmp_path, {f"pkg/m{n}.py": f"def f{n}(): pass\n" for n in range(5)})
    assert list(sut_names.beside(tmp_path, _read(tmp_path, "pkg/m0.py"), lambda rel: False)) == [
        "pkg/m1.py", "pkg/m2.py"]


# wcwidth 0.2.13's wcwidth/wcwidth.py: `_wcmatch_version` is memoised, `wcswidth` is not.
_WCWIDTH = '''from functools import lru_cache


@lru_cache(maxsize=8)
def _wcmatch_version(given_version):
    return given_version


@functools.lru_cache(maxsize=128)
@staticmethod
def _wcversion_value(ver_string):
    return tuple(map(int, ver_string.split('.')))


@cache
def list_versions():
    return ()


def wcswidth(pwcs, n=None, unicode_version='auto'):
    return 0
'''


def test_memoised_functions_are_those_under_a_caching_decorator() -> None:
    memo = sut_names.memoised({"wcwidth/wcwidth.py": _WCWIDTH, "README.rst": "@cache\ndef x"})
    assert memo.of(".py") == {"_wcmatch_version", "_wcversion_value", "list_versions"}
    test = "def test_exact_410_unicode():\n    assert wcwidth._wcmatch_version(u'4.1.0') == '4.1.0'\n"
    assert sut_names.names_memoised(test, memo) is True
    other = "def test_empty_string():\n    assert wcwidth.wcswidth('') == 0\n"
    assert sut_names.names_memoised(other, memo) is False


def test_a_module_named_as_its_memoised_function_is_no_call_of_it() -> None:
    # wcwidth's module `wcwidth` declares `@lru_cache def wcwidth(wc, ...)`
    memo = sut_names.Names({".py": frozenset({"wcwidth"})})
    version = ("def test_package_version():\n    expected = importmeta.version('wcwidth')\n"
               "    result = wcwidth.__version__  # wcwidth\n    assert result == expected\n")
    assert sut_names.names_memoised(version, memo) is False
    each = "    def test_each(self):\n        assert tuple(map(wcwidth.wcwidth, 'ab')) == (1, 1)\n"
    assert sut_names.names_memoised(each, memo) is True
    assert sut_names.memoised({"wcwidth/wcwidth.py": "def wcswidth(s):\n    return 0\n"}) \
        == sut_names.Names({})


# natsort 8.4.0's natsort/ns_enum.py, in short: an enum of flags and aliases, made at import.
_FLAGS = '''import enum
import itertools

_counter = itertools.count(0)


class ns(enum.IntEnum):
    """The flags."""

    FLOAT = F = 1 << next(_counter)
    SIGNED = S = 1 << next(_counter)
    REAL = R = FLOAT | SIGNED


class Splitter:
    def split(self, text):
        return text.split("/")


DUMB = 1 << 31
Flags = int | ns
'''


_PATTERNS = r'''import re

HOURS = r'(?P<hours>[\d.]+)\s*(?:h|hrs?|hours?)'
FORMATS = [HOURS + r'\s*$']


def span(text):
    return re.match(FORMATS[0], text)
'''


@pytest.mark.parametrize(("code", "reads"), [
    ("        self.assertEqual(re.match(timeparse.HOURS, '7 h').groupdict(),\n"
     "                         {'hours': '7'})\n"
     "        self.assertGreater(set(re.match(timeparse.FORMATS[0], '7h')\n"
     "                               .groupdict().items()), set())\n", True),
    # calling the code, or another project's module, is judged by what it ran
    ("        self.assertTrue(timeparse.span('7h'))\n", False),
    ("        self.assertEqual(helpers.match(timeparse.HOURS), 1)\n", False),
    # an attribute of another object's is not the module's value
    ("        self.assertEqual(x.timeparse.HOURS, 1)\n", False),
])
def test_a_unittest_test_reading_a_pattern_through_its_module_reads_import_time(
        code: str, reads: bool) -> None:
    """pytimeparse's `test_hrs` checks `re.match(timeparse.HOURS, '32h').groupdict()` with
    `self.assertEqual`: no line of timeparse.py runs then, and the review said it "never
    executes the story's code"."""
    made = sut_names.import_time({"spans/timeparse.py": _PATTERNS, "spans/__init__.py": ""})
    assert made.modules == {"timeparse", "spans"}
    test = "    def test_hours(self):\n" + code
    assert sut_names.reads_import_time(test, made) is reads


def test_values_made_at_import_are_read_by_a_test_calling_nothing_else() -> None:
    """natsort's `test_ns_enum_values_and_aliases` checks the `ns` flags' aliases over a table;
    reading them ran no line of ns_enum.py, and the review said it "never executes the
    story's code"."""
    made = sut_names.import_time({"natsort/ns_enum.py": _FLAGS, "docs/x.rst": "A = 1"})
    assert made.of(".py") == {"_counter", "ns", "DUMB", "Flags"}
    aliases = ('@pytest.mark.parametrize(\n    "alg, alias",\n    [(ns.FLOAT, ns.F), '
               '(ns.REAL, ns.FLOAT | ns.SIGNED)],\n)\n'
               "def test_aliases(alg: Flags, alias: Flags) -> None:\n"
               "    assert alg == alias\n    assert isinstance(alg, int)\n")
    assert sut_names.reads_import_time(aliases, made) is True
    # a test handing the flags to a fake, or to the code, is judged by what it ran
    fake = ("def test_fake(mocker) -> None:\n    fake = mocker.Mock(return_value=[1])\n"
            "    assert fake([1], alg=ns.FLOAT) == [1]\n")
    assert sut_names.reads_import_time(fake, made) is False
    called = "def test_split() -> None:\n    assert Splitter().split('a/b') == ['a', 'b']\n"
    assert sut_names.reads_import_time(called, made) is False
    # an annotation reads no value; a name of something else's is not the code's
    typed = "def test_typed(alg: Flags) -> None:\n    assert other.ns == 1\n"
    assert sut_names.reads_import_time(typed, made) is False


RUNS_A_SCRIPT = '''import subprocess
import sys
import unittest

import patching


class Runner:

    def python(self, code, *args):
        return subprocess.run([sys.executable, "-c", code, *args], capture_output=True)

    def script(self, name, *args):
        return self.python(f"import patching_cli; patching_cli.{name}_main()", *args)


class CommandLineTests(Runner, unittest.TestCase):

    def test_diff_prints_test_operations(self):
        result = self.script("diff", "-t", "a.json", "b.json")
        self.assertEqual(result.returncode, 1)

    def test_apply_in_process(self):
        self.assertEqual(patching.apply({}, []), {})
'''


def test_a_test_reaching_sys_executable_through_its_helpers_starts_python() -> None:
    """jsonpatch's command-line tests call `self.run_script(...)`, whose `run_python` runs
    the program in `subprocess.run([sys.executable, "-c", ...])`: the code under test runs in
    that interpreter, which no per-test measure of the run sees. A test of the same file that
    calls only the code in its own process starts none; a file that never spells
    `sys.executable` starts none either."""
    [by_script, in_process] = testcases.split_tests("tests.py", RUNS_A_SCRIPT)
    assert sut_names.starts_python("tests.py", by_script.body, RUNS_A_SCRIPT) is True
    assert sut_names.starts_python("tests.py", in_process.body, RUNS_A_SCRIPT) is False
    no_interpreter = RUNS_A_SCRIPT.replace("sys.executable", "'/usr/bin/env'")
    assert sut_names.starts_python("tests.py", by_script.body, no_interpreter) is False


PROVIDED_ROWS = """import { Pipeline } from "../../src";

describe.each([
  ...rowsForSums(),
])(
  "Pipeline Sum Test",
  (input, build, expected) => {
    it("", () => {
      expect(build(input)).toEqual(expected);
    });
  }
);

describe.each([
  ...rowsForFirsts(),
])(
  "Pipeline First Test",
  (rows, build, want) => {
    it("", () => expect(build(rows)).toBe(want));
  },
);

function rowsForSums(): Array<[Array<number>, (data: Array<number>) => number, number]> {
  return [
    [[1, 2], (data: Array<number>): number => Pipeline.from(data).sum(), 3],
  ];
}

function rowsForFirsts(): Array<[
  Array<number>,
  (data: Array<number>) => number,
  number,
]> {
  return [
    [[4, 5], (data: Array<number>): number => Pipeline.from(data).first(), 4],
  ];
}
"""


def test_a_describe_each_groups_provider_with_a_return_type_names_the_code() -> None:
    """itertools-ts's Stream tests: each `describe.each` group spreads the rows a function of
    the file makes (`...dataProviderForReduce()`), each row a function calling `Stream.of`,
    and holds one unnamed `it` calling the row's function by its parameter. The test's body
    names nothing of the code; its group's table names the provider, which does, whose
    TypeScript return type (on one line, or on many) comes between its parameters and its
    body."""
    names = sut_names.declared(Path("."), {"src/pipeline.ts": "export class Pipeline {}\n"})
    cases = testcases.split_tests("tests/pipeline.test.ts", PROVIDED_ROWS)
    assert [c.name for c in cases] == ["Pipeline Sum Test > ", "Pipeline First Test > "]
    for case in cases:
        assert sut_names.names_any(case.file, case.body, names, PROVIDED_ROWS) is False
        assert "rowsFor" in case.group_table
        assert sut_names.names_any(case.file, case.group_table, names, PROVIDED_ROWS)
    # a provider whose rows call nothing of the code names nothing of it
    other = PROVIDED_ROWS.replace("Pipeline.from(data)", "data")
    for case in testcases.split_tests("tests/pipeline.test.ts", other):
        assert sut_names.names_any(case.file, case.group_table, names, other) is False


_PUBLIC = '''__all__ = ["order", "OrderError"]
__version__ = "2.0"


class OrderError(ValueError):
    def __init__(self, data):
        self.data = data


def order(data):
    return sorted(data)
'''


def test_a_modules_public_names_read_through_it_are_read_at_import_time() -> None:
    """toposort's `test_all` checks `set(toposort.__all__)` against the names of
    `dir(toposort)` not starting with `_`: no line of toposort.py runs then, and the review
    said it "never executes the story's code"."""
    made = sut_names.import_time({"src/ordering.py": _PUBLIC})
    public = ("    def test_all(self):\n        import ordering\n"
              "        names = set(ordering.__all__)\n"
              "        self.assertEqual(len(names), len(ordering.__all__))\n"
              "        found = set(n for n in dir(ordering) if not n.startswith('_'))\n"
              "        self.assertEqual(names, found)\n")
    assert sut_names.reads_import_time(public, made) is True
    # spelled bare, a dunder is the test module's own; a call of the code is judged by its run
    own = "    def test_own(self):\n        self.assertIn('x', __all__)\n"
    assert sut_names.reads_import_time(own, made) is False
    called = ("    def test_version(self):\n        self.assertEqual(ordering.__version__, "
              "'2.0')\n        self.assertEqual(ordering.order([2, 1]), [1, 2])\n")
    assert sut_names.reads_import_time(called, made) is False
