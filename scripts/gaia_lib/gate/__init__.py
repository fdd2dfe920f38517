"""The Review Gate: the gate table in a story file, the rounds and plan-id ledgers, the verdict
rules, and where review reports live.
"""
