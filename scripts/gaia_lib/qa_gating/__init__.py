"""QA gating (seed 004): the policy every workflow and the sprint commands obey.

A story's status changes only as the status machine and its Review Gate allow (`transition`:
`review -> done` waits for a COMPLETE gate), and a story's dependents wait until its QA verdict
passes. Shared by review-qa, dev-story, test-automate and the CLI, so it sits below the
workflow packages, which never import each other.
"""
