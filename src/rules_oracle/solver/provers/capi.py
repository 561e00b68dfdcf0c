"""Z3's C API without the Python wrappers' per-call checks: the walks over terms of
hundreds of thousands of nodes (:mod:`.compiled`, :mod:`.frames`) go through these."""

from collections.abc import Callable
from typing import Any

import z3


def raw(name: str) -> Callable[..., Any]:
    """The C function behind ``z3.<name>`` without the wrapper's per-call error check
    (the terms walked here are well formed; the checks cost most of the walk)."""
    wrapper = getattr(z3, name)
    elems = (wrapper.__defaults__ or (None,))[-1]
    found = getattr(elems, "f", None)
    return found if callable(found) else wrapper  # type: ignore[no-any-return]


AST_ID = raw("Z3_get_ast_id")
AST_KIND = raw("Z3_get_ast_kind")
APP_DECL = raw("Z3_get_app_decl")
DECL_KIND = raw("Z3_get_decl_kind")
NUM_ARGS = raw("Z3_get_app_num_args")
ARG = raw("Z3_get_app_arg")
SORT = raw("Z3_get_sort")
SORT_KIND = raw("Z3_get_sort_kind")
NUMERAL = raw("Z3_get_numeral_string")
TRANSLATE = raw("Z3_translate")
SOLVER_ASSERT = raw("Z3_solver_assert")
OPTIMIZE_ASSERT = raw("Z3_optimize_assert")
MK_AND = raw("Z3_mk_and")
INC_REF = raw("Z3_inc_ref")
DEC_REF = raw("Z3_dec_ref")
MODEL_EVAL = raw("Z3_model_eval")
BOOL_VALUE = raw("Z3_get_bool_value")

