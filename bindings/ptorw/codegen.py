"""PTO emission: ``emit_pto(program, ...)`` returns one PTO module (MLIR text) per kernel, by name.

Kernels still at Tile stage are first planned and lowered with ``tile-to-buffer`` (as
``ptorw emit`` does), with the given planner and arch; orchestration functions are not emitted.
"""
from . import _core
from .passes import current_options as _current_options

__all__ = ["emit_pto"]


def emit_pto(program, planner=None, arch=None, generic=False, version="new", locations=False):
    """Emits the program's kernels as PTO modules: ``{kernel name: module text}``.

    ``planner``: "PYPTO", "DSA_RP" or "PTOAS" (any case, or a ``passes.MemoryPlanner``; default:
    the current PassContext's, else PYPTO). ``arch``: "a2a3" or "a5" (default: the context's
    ``target``, else a2a3). ``generic``: MLIR generic form (for mlir-opt). ``version``: "new" or
    "old" assembler spellings. ``locations``: ``loc(...)`` on ops with a source position.
    Raises EmitError (with file:line:col) when a kernel cannot be emitted.
    """
    opts = _current_options()
    if planner is None:
        planner = opts.get("memory_planner", "PYPTO")
    planner = getattr(planner, "value", planner)
    planner = str(planner).rsplit(".", 1)[-1].upper()
    if arch is None:
        arch = opts.get("target", "a2a3")
    version = getattr(version, "value", version)
    from .ir import _program_of
    return dict(_core.emit_pto(_program_of(program, "codegen.emit_pto"), planner, str(arch).lower(), bool(generic), str(version).lower(),
                               bool(locations)))
