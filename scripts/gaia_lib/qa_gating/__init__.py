"""QA gating (seed 004): the policy every workflow and the sprint commands obey.

A story's status changes only as the status machine and its Review Gate allow (`transition`:
`review -> done` waits for a COMPLETE gate), and a story's dependents wait until its QA verdict
passes. Shared by review-qa, dev-story, test-automate and the CLI, so it sits below the
workflow packages, which never import each other.

Modules: board (stories, epics, where each epic's record lives), record (test-status.md and
its one recorder), names (the next round and its report name), mode (on/off/waived, resolved
in one place), verdicts (recording a verdict end to end), budget (qa.max_rounds, parking),
holds (dependents wait: check-deps' QA hold), exits (close/reopen an epic), lint (deadlock and
liveness), status (the board as text), fingerprints (findings across rounds), journal (who
changed what), transition (the gated status change).
"""
