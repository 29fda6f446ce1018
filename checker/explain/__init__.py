"""`feltcheck explain`: one hand told step by step, with every rule that applied to it.

Downstream of replay and the rules, beside the audit: a hand is found and judged exactly as the
audit judges it (`HandJudge`, checker/audit/findings.py), with the rules compiled to trace.
`hands` finds the hands and runs the judge; `steps` records each event as the judge runs it,
the table as the replay's `states` stand and each rule's verdict with its `trace` read back as
a tree; `words` tells a step in words. What comes out is `explanation`, plain data that the
reports (checker/report/explain_*.py) only render.
"""
