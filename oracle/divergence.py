"""The kinds of divergence the oracle reports, in the words reports use.

``oracle check`` (a trace replayed) and ``oracle drive`` (an engine driven) each
report their own kinds; a known-deviations file (:mod:`oracle.known`) may name any
of them.
"""

#: the kinds of divergence of a replayed trace (``oracle check``, the pytest plugin)
TRACE_KINDS = {
    "setup-digest": "the state after set-up differs",
    "illegal": "the rules forbid the action",
    "actor": "the wrong actor acted",
    "after-end": "the trace goes on after the game ended",
    "digest": "the state after the step differs",
    "observation": "a field of the observation after the step differs",
    "state": "the state written in the trace differs from the model's",
    "early-end": "the end record comes before the game ended",
    "result": "the final scores or winners differ",
    "truncated": "the trace stops before the game ended",
    "unlisted": "the model accepts an action it does not list (a model defect)",
    "model-error": "the model failed (a model defect)",
}

#: the kinds of divergence of a driven engine (``oracle drive``)
DRIVE_KINDS = {
    "reset": "the implementation refused or failed the reset",
    "setup-digest": "the state after set-up differs",
    "actor": "a different actor is to act",
    "legal": "the legal actions differ",
    "chance": "the chance probabilities differ",
    "rejects-legal": "the implementation rejects an action the model allows",
    "accepts-illegal": "the implementation accepts an action the model rejects",
    "rule": "the implementation names another rule than the model",
    "digest": "the state after the step differs",
    "state": "the digest agrees but the state the implementation returned differs",
    "timeout": "no reply within the time limit",
    "crash": "the implementation exited or closed its output",
    "protocol": "a reply that is not JSON or not of the expected shape",
    "model-error": "the model failed (a model defect)",
    "observation": "a field of the observation after the step differs",
    "outcome": "the chance outcome the implementation drew is not a possible one",
    "unsupported": "every legal action is of a kind the implementation does not support",
}

#: every kind, with the words of the first table that has it
KINDS = {**DRIVE_KINDS, **TRACE_KINDS}
