"""Which words of a test runner's command line are its options' values, and which are its own
arguments (test files, directories, filters): what a story-scoped run may replace (pure).

An option takes its value in the same word (`--dir=test`, `-kslow`, `-pno:cacheprovider`) or as
the next word (`--dir test`, `-k slow`), never one that starts with `-`. Each runner's parser
decides which options take one:
- vitest (cac over mri) and jest (yargs) give a value to every option not declared boolean:
  their boolean options are listed (vitest 2 to 4's `--help`, jest's `args.js`), any other
  option takes the next word; jest's array options (`--roots`, `--testPathPattern`,
  `--selectProjects`...) take every word up to the next option. `--no-<flag>` is a boolean.
- pytest (argparse) and bats name the options that take one (`pytest --help`, with the
  common plugins' options: pytest-cov, -xdist, -timeout, -rerunfailures, -randomly, -django,
  -asyncio, -html, -split, -benchmark; `bats --help`); any other option is a flag.
- an option with an optional value (vitest's `--changed [since]`, pytest-cov's `--cov
  [SOURCE]`) takes the next word too when it does not start with `-`, as their parsers do.
Option names compare without their dashes, `-` and `_` and case (`--pass-with-no-tests` is
`--passWithNoTests`, `--junit-xml` is `--junitxml`). Any other command's options are read as
flags (the words after them are its arguments).
"""

from __future__ import annotations

from collections.abc import Sequence


def _names(text: str) -> frozenset[str]:
    return frozenset(_canonical(word) for word in text.split())


def _canonical(name: str) -> str:
    return name.lstrip("-").partition("=")[0].replace("-", "").replace("_", "").lower()


# vitest 2.1, 3.2 and 4.1: the options its `--help` (and `--help --coverage`, `--browser`,
# `--poolOptions`, `--sequence`, `--typecheck`, `--diff`, `--experimental`) lists without a
# value; `--silent` and `-u/--update` take one in later releases (`--silent [value]`).
_VITEST_FLAGS = _names("""
    allowOnly browser.api.allowExec browser.api.allowWrite browser.api.strictPort
    browser.enabled browser.fileParallelism browser.headless browser.isolate
    browser.locators.exact browser.trackUnhandledErrors browser.ui cache clearCache
    clearScreen coverage coverage.all coverage.allowExternal coverage.clean
    coverage.cleanOnRerun coverage.enabled coverage.excludeAfterRemap coverage.reportOnFailure
    coverage.skipFull coverage.thresholds.100 coverage.thresholds.autoUpdate
    coverage.thresholds.perFile dangerouslyIgnoreUnhandledErrors detectAsyncLeaks diff.expand
    diff.includeChangeCounts diff.omitAnnotationLines diff.printBasicPrototype
    disableConsoleIntercept dom expand expandSnapshotDiff expect experimental.fsModuleCache
    experimental.importDurations experimental.importDurations.failOnDanger
    experimental.importDurations.thresholds experimental.nodeLoader experimental.preParse
    experimental.viteModuleRunner fileParallelism globals help hideSkippedTests
    includeTaskLocation isolate logHeapUsage open passWithNoTests poolOptions.forks.isolate
    poolOptions.forks.singleFork poolOptions.threads.isolate poolOptions.threads.singleThread
    poolOptions.threads.useAtomics poolOptions.vmForks.isolate poolOptions.vmForks.singleFork
    poolOptions.vmThreads.isolate poolOptions.vmThreads.singleThread
    poolOptions.vmThreads.useAtomics printConsoleTrace run sequence.concurrent
    sequence.shuffle sequence.shuffle.files sequence.shuffle.tests standalone strictTags
    typecheck typecheck.allowJs typecheck.enabled typecheck.ignoreSourceErrors typecheck.only
    ui update version watch""")
_VITEST_SHORT_FLAGS = frozenset("huvw")

# jest 29 and 30 (jest-cli's args.js): its boolean options; its array options.
_JEST_FLAGS = _names("""
    all automock bail cache changedFilesWithAncestor ci clearCache clearMocks collectCoverage
    color colors coverage debug detectLeaks detectOpenHandles errorOnDeprecated expand
    findRelatedTests forceExit help init injectGlobals json lastCommit listTests logHeapUsage
    noStackTrace notify onlyChanged onlyFailures passWithNoTests randomize resetMocks
    resetModules restoreMocks runInBand runTestsByPath showConfig showSeed silent skipFilter
    testLocationInResults updateSnapshot useStderr verbose version watch watchAll watchman
    workerThreads""")
_JEST_SHORT_FLAGS = frozenset("befhiouv")
_JEST_ARRAYS = _names("""
    coveragePathIgnorePatterns coverageReporters ignoreProjects moduleDirectories
    moduleFileExtensions modulePathIgnorePatterns modulePaths projects reporters roots
    selectProjects setupFiles setupFilesAfterEnv snapshotSerializers testMatch
    testPathIgnorePatterns testPathPattern testPathPatterns testRegex transformIgnorePatterns
    unmockedModulePathPatterns watchPathIgnorePatterns""")

# pytest 8 and 9 (`pytest --help`) and its common plugins: the options that take a value.
_PYTEST_VALUES = _names("""
    assert basetemp cache-show capture code-highlight color confcutdir config-file debug
    deselect doctest-glob doctest-report durations durations-min ignore ignore-glob
    import-mode junit-prefix junit-xml junitxml last-failed-no-failures lfnf log-auto-indent
    log-cli-date-format log-cli-format log-cli-level log-date-format log-disable
    log-file log-file-date-format log-file-format log-file-level log-file-mode log-format
    log-level maxfail override-ini pastebin pdbcls pythonwarnings rootdir tb show-capture
    verbosity
    cov cov-report cov-config cov-fail-under cov-context
    numprocesses dist maxprocesses max-worker-restart maxschedchunk tx rsyncdir rsyncignore
    px testrunuid
    timeout timeout-method session-timeout
    reruns reruns-delay only-rerun rerun-except
    randomly-seed
    ds dc configuration
    asyncio-mode asyncio-default-fixture-loop-scope
    html css
    splits group splitting-algorithm durations-path store-durations-path
    benchmark-min-time benchmark-max-time benchmark-min-rounds benchmark-timer
    benchmark-calibration-precision benchmark-warmup benchmark-warmup-iterations
    benchmark-sort benchmark-group-by benchmark-columns benchmark-name benchmark-save
    benchmark-compare benchmark-compare-fail benchmark-histogram benchmark-json
    benchmark-storage benchmark-cprofile
    hypothesis-profile hypothesis-seed hypothesis-verbosity
    json-report-file""")
_PYTEST_SHORT_VALUES = frozenset("ckmnoprW")

# bats 1.x (`bats --help`): the options that take a value.
_BATS_VALUES = _names("""
    code-quote-style filter negative-filter filter-status filter-tags formatter
    gather-test-outputs-in jobs line-reference-format output parallel-binary-name
    report-formatter setup-suite-file""")
_BATS_SHORT_VALUES = frozenset("fFjo")


def _takes_value(runner: str | None, name: str) -> bool:
    """Whether the long option `name` (canonical) of `runner` takes a value."""
    if runner in ("vitest", "jest"):
        flags = _VITEST_FLAGS if runner == "vitest" else _JEST_FLAGS
        if name in flags:
            return False
        # `--no-isolate`, `--no-cache`: a negated flag (not jest's `--notifyMode <mode>`)
        return name == "notifymode" or not name.startswith("no")
    if runner == "pytest":
        return name in _PYTEST_VALUES
    if runner == "bats":
        return name in _BATS_VALUES
    return False


def _short_takes_value(runner: str | None, letter: str) -> bool:
    if runner == "vitest":
        return letter not in _VITEST_SHORT_FLAGS
    if runner == "jest":
        return letter not in _JEST_SHORT_FLAGS
    if runner == "pytest":
        return letter in _PYTEST_SHORT_VALUES
    if runner == "bats":
        return letter in _BATS_SHORT_VALUES
    return False


def arguments(runner: str | None, args: Sequence[str]) -> list[int]:
    """The indices of `args` (the words after a runner's name) that are its own arguments:
    not an option, nor an option's value (module docstring). After a lone `--`, every word."""
    out: list[int] = []
    i = 0
    while i < len(args):
        word = args[i]
        i += 1
        if word == "--":
            out.extend(range(i, len(args)))
            break
        if not word.startswith("-") or word == "-":
            out.append(i - 1)
            continue
        if word.startswith("--"):
            if "=" in word:
                continue
            name = _canonical(word)
            if runner == "jest" and name in _JEST_ARRAYS:
                while i < len(args) and not args[i].startswith("-"):
                    i += 1
            elif _takes_value(runner, name) and i < len(args) and not args[i].startswith("-"):
                i += 1
            continue
        # a cluster of short options (`-vx`, `-k expr`, `-kexpr`): the first that takes a
        # value takes the rest of the word, else the next word
        for at, letter in enumerate(word[1:], start=2):
            if _short_takes_value(runner, letter):
                if at == len(word) and i < len(args) and not args[i].startswith("-"):
                    i += 1
                break
    return out


# Per runner, the options that stop its run at the first failure(s) (canonical names), and
# the short letter that does so alone or in a group (pytest's `-x`, jest's `-b`)
_STOPS_AT_FAILURE = {"pytest": (_names("exitfirst maxfail"), "x"), "jest": (_names("bail"), "b"),
                     "vitest": (_names("bail"), ""), "go": (_names("failfast"), "")}


def stop_at_failure(runner: str | None, args: Sequence[str]) -> str | None:
    """The word of `args` that has `runner` stop its run at its first failure(s), as it is
    written (pytest's `-x`, `-qx`, `--exitfirst`, `--maxfail=2`; jest's `--bail`, `-b`;
    vitest's `--bail`; go's `-failfast`); None where none does. A group's letters after one
    that takes a value are that value, as the runner's parser reads them (`-rxs`: `-r`'s)."""
    names, letter = _STOPS_AT_FAILURE.get(runner or "", (frozenset(), ""))
    for word in args:
        if word == "--":
            break
        if not word.startswith("-") or word == "-":
            continue
        if _canonical(word) in names:
            return word
        if letter and not word.startswith("--"):
            for found in word[1:]:
                if found == letter:
                    return word
                if _short_takes_value(runner, found):
                    break
    return None
