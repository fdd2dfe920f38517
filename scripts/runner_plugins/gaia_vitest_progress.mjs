// The review's vitest reporter: one JSON line per test started ("run") and per test
// finished ("pass", "fail", "skip"), appended to the file GAIA_JS_PROGRESS names, as they
// happen (the review's jest reporter writes the same lines: `runner_output.js_progress`).
// vitest writes its JSON report only when its run ends; a run killed at its time limit leaves
// this log, which says what it had run and which test it was still running. vitest 2, 3 and 4
// all call `onTaskUpdate` with each task's state as it changes (a skipped or todo test with
// none: its mode says it). A test file's own start and end are logged too ({"event", "file",
// "task": "file"}): vitest's worker sends its updates at most every 100 ms, and one it put
// off can stay unsent while a test hangs (its timer fires at exactly 100 ms, which its
// `now - last > ms` refuses, and sets no other), so a hung run's log may say which file it
// was in and not which test.
// It also asks vitest to record where each test is declared (`includeTaskLocation`, which
// vitest 2, 3 and 4 read from the config when they collect a file; vitest 1 has no such
// setting, and 1 and 2.0 refuse the flag): the JSON report's `location` then tells apart two
// `.each` tables of one group whose rows share their titles.
// A test that failed on a snapshot also logs the stored and the received value ("snapshot":
// {"expected", "actual"}, each cut to SNAPSHOT_CHARS): vitest's JSON report says only
// "Snapshot `name 1` mismatched", and the review says where they differ
// (`runner_output.snapshot_said`); a snapshot never stored reads "undefined".
import { appendFileSync } from "node:fs";

const target = process.env.GAIA_JS_PROGRESS;
const STATES = { run: "run", pass: "pass", fail: "fail", skip: "skip", todo: "skip" };
const SNAPSHOT_CHARS = 8000;
const MISMATCH = /^Snapshot .* mismatched/;

function snapshot(result) {
  const error = result?.errors?.[0];
  if (!error || !MISMATCH.test(String(error.message ?? ""))) return undefined;
  if (typeof error.expected !== "string" || typeof error.actual !== "string") return undefined;
  return {
    expected: error.expected.slice(0, SNAPSHOT_CHARS),
    actual: error.actual.slice(0, SNAPSHOT_CHARS),
  };
}

export default class GaiaVitestProgress {
  onInit(ctx) {
    this.ctx = ctx;
    for (const config of [ctx.config, ...(ctx.projects ?? []).map((p) => p.config)]) {
      try {
        if (config) config.includeTaskLocation = true;
      } catch {
        // a config that cannot take it only costs the report its locations
      }
    }
  }

  onTaskUpdate(packs) {
    if (!target || !this.ctx) return;
    const lines = [];
    for (const [id, result] of packs || []) {
      const task = this.ctx.state.idMap.get(id);
      if (!task) continue;
      const state = STATES[result?.state ?? task.mode];
      if (!state) continue;
      if (task.filepath && task.type !== "test") {
        lines.push(JSON.stringify({ event: state, file: task.filepath, task: "file" }));
        continue;
      }
      if (task.type !== "test") continue;
      const titles = [task.name];
      for (let suite = task.suite; suite && suite !== task.file && !suite.filepath;
        suite = suite.suite) {
        titles.unshift(suite.name);
      }
      const entry = { event: state, file: task.file?.filepath ?? null, titles };
      const said = state === "fail" ? snapshot(result) : undefined;
      if (said) entry.snapshot = said;
      lines.push(JSON.stringify(entry));
    }
    if (!lines.length) return;
    try {
      appendFileSync(target, lines.join("\n") + "\n");
    } catch {
      // a log the review cannot write only costs it what a cut-off run had run
    }
  }
}
