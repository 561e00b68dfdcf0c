"""Z3's C API without the Python wrappers' per-call checks: the walks over terms of
hundreds of thousands of nodes (:mod:`.compiled`, :mod:`.frames`) go through these."""

import ctypes
import ctypes.util
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


#: glibc's ``mallopt`` parameters: the size from which an allocation gets pages mapped for
#: it alone, and how much free memory at the top of the heap is kept, not given back
M_MMAP_THRESHOLD = -3
M_TRIM_THRESHOLD = -1


def keep_freed_memory(mmap: int = 32 << 20, trim: int = 64 << 20) -> bool:
    """Have the C library's ``malloc`` serve allocations below ``mmap`` bytes from its heap
    and keep up to ``trim`` bytes of freed memory there, not map fresh pages for every large
    allocation and give them back when it is freed. Every query's Z3 context allocates
    about 16 MB and frees it at its end: with fresh pages each time, the kernel's zeroing
    of them (4,100 page faults) took 13 ms of a small query's 17 ms of CPU; with the
    memory kept, 4 ms. Z3 works the same on memory at any address, so no query's answer
    changes. False where the C library has no ``mallopt`` (not glibc): nothing changes."""
    try:
        mallopt = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, mmap)) and bool(mallopt(M_TRIM_THRESHOLD, trim))
