// The review's jest reporter: one JSON line per test started ("run") and per test finished
// ("pass", "fail", "skip"), appended to the file GAIA_JS_PROGRESS names, as they happen, in
// the lines the review's vitest reporter writes (`runner_output.js_progress`). jest writes
// its JSON report only when its run ends; a run killed at its time limit leaves this log,
// which says what it had run and which test it was still running. jest 29 and 30 call
// `onTestCaseStart` and `onTestCaseResult` as each test starts and ends (a skipped test is
// reported with its file, at its end: not logged, it never ran). CommonJS, so that jest loads
// it in a project of either module type.
"use strict";
const { appendFileSync } = require("node:fs");

const target = process.env.GAIA_JS_PROGRESS;
const STATES = { passed: "pass", failed: "fail", pending: "skip", skipped: "skip",
  todo: "skip", disabled: "skip" };

class GaiaJestProgress {
  log(event, test, info) {
    if (!target || !info) return;
    const titles = [...(info.ancestorTitles || []), info.title].filter(
      (title) => typeof title === "string");
    try {
      appendFileSync(target, JSON.stringify({ event, file: test?.path ?? null, titles }) + "\n");
    } catch {
      // a log the review cannot write only costs it what a cut-off run had run
    }
  }

  onTestCaseStart(test, info) {
    this.log("run", test, info);
  }

  onTestCaseResult(test, result) {
    const state = STATES[result?.status];
    if (state) this.log(state, test, result);
  }
}

module.exports = GaiaJestProgress;
