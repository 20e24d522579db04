"""The reference interpreter on numpy arrays.

``run(program, inputs)`` runs ``main`` (when there is no ``main``: the program's one Orchestration
function, as ``ptorw run`` picks it, else every kernel directly) and returns
``{output name: numpy array}``. Inputs are given by parameter name; parameters not given get random
values from ``seed`` (as ``ptorw run`` does). Element types:

=============  ===================  ====================================================
pl dtype       returned as          accepted inputs
=============  ===================  ====================================================
FP32           float32              any float or integer array (rounded to FP32)
FP16           float16              any float or integer array (rounded to FP16)
BF16           float32 (exact)      any float or integer array (rounded to BF16, RNE)
INT8..INT64    int8..int64          integer or bool arrays (wrapped to the width)
UINT8          uint8                integer arrays
BOOL           bool                 bool or integer arrays (non-zero is True)
INDEX, TASK_ID int64                integer arrays
=============  ===================  ====================================================

numpy has no bfloat16: BF16 values come back as float32 (every BF16 value is one exactly).
Poison elements (never written) come back as NaN (floats) or 0; ``run(..., return_poison=True)``
also returns the poison masks. ``diffcheck`` judges passes (or a before/after pair) on random
inputs, as ``ptorw diffcheck`` does.
"""
import numpy as _np

from . import _core
from .passes import current_options as _current_options

__all__ = ["run", "diffcheck", "NUMPY_DTYPES"]

NUMPY_DTYPES = {
    "FP32": _np.float32, "FP16": _np.float16, "BF16": _np.float32, "INT8": _np.int8, "INT16": _np.int16,
    "INT32": _np.int32, "INT64": _np.int64, "UINT8": _np.uint8, "BOOL": _np.bool_, "INDEX": _np.int64,
    "TASK_ID": _np.int64,
}


def _convert(dtype, values):
    nd = NUMPY_DTYPES.get(dtype, _np.float64)
    arr = values.astype(nd)
    return arr


def _entry(program, entry):
    """``entry`` when given, else the entry ``ptorw run`` would take (``ir::default_entry``: ``main``;
    without one, the program's one Orchestration function; else ``main``, every kernel directly)."""
    from .ir import _program_of
    core = _program_of(program, "interp")
    return entry if entry is not None else _core.default_entry(core)


def run(program, inputs=None, *, entry=None, seed=1, dims=None, mode="auto", target=None, return_poison=False):
    """Interprets ``entry`` of ``program`` and returns ``{name: numpy array}`` (scalars as 0-d arrays).

    ``entry``: a function name; by default ``main``, or the program's one Orchestration function
    when it has no ``main``, else every kernel directly (as ``ptorw run``).

    ``inputs``: ``{parameter name: array or number}``; shapes and dtypes are checked against the
    parameters. ``dims``: values of ``pl.dynamic`` dims (default 64). ``mode``: "auto" (planned
    Tile and Buffer IR kernels run in buffer mode) or "value". ``target``: "a2a3" or "a5" (buffer
    mode's capacities; default: the PassContext's). Raises VerifyError when the program does not
    verify (it is checked first, as `ptorw run` does), InterpError with file:line:col when the
    program fails (e.g. reads poison it may not, or an input does not fit).
    """
    if target is None:
        target = _current_options().get("target", "a2a3")
    from .passes import check_target
    target = check_target(target)
    entry = _entry(program, entry)  # (checks that `program` is one)
    outs = _core.run(program._p, entry, dict(inputs or {}), int(seed), dict(dims or {}), mode, target)
    result, poison = {}, {}
    for name, _kind, dtype, values, mask in outs:
        result[name] = _convert(dtype, values)
        poison[name] = mask
    return (result, poison) if return_poison else result


def diffcheck(program, passes=None, *, after=None, seeds=3, entry=None, dims=None, target=None):
    """Runs ``program`` before and after each pass of ``passes`` (registry names or Pass objects;
    run under the current PassContext), or compares ``program`` with ``after``, on ``seeds``
    random input sets. Returns a DiffReport: ``ok``, ``status`` ("equal", "different",
    "before_failed", "step_failed"), ``str(report)`` naming the first differing element, ``log``."""
    entry = _entry(program, entry)  # (the default as run's)
    if (passes is None) == (after is None):
        raise TypeError("diffcheck needs passes=[...] or after=<Program>, not both")
    if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 1:
        raise ValueError(f"diffcheck: seeds must be an integer >= 1, got {seeds!r} (0 runs would judge nothing)")
    if isinstance(passes, str):
        raise TypeError(f"diffcheck: passes is a list of pass names or Pass objects, got the string {passes!r}")
    if after is not None:
        if target is None:
            target = _current_options().get("target", "a2a3")
        return _core.diffcheck_programs(program._p, after._p, entry, int(seeds), dict(dims or {}), target)
    names = [p if isinstance(p, str) else p.name for p in passes]
    opts = _current_options()
    if target is not None:
        opts = dict(opts, target=target)
    return _core.diffcheck_passes(program._p, names, opts, entry, int(seeds), dict(dims or {}))
