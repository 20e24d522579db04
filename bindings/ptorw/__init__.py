"""ptorw: compiler rewrites for tile NPU programs, driven from Python.

The package wraps the same C++ the ``ptorw`` command line runs (``ptorw._core``)::

    import ptorw.language as pl
    from ptorw import ir, passes

    @pl.program
    class Before:
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
            return x

    After = passes.optimize_orch_tensors()(Before)
    ir.assert_structural_equal(After, Before)

Modules: :mod:`ptorw.language` (``pl``: the ``@pl.program`` decorator and DSL names),
:mod:`ptorw.ir` (programs, functions, equality, hashing, visitors),
:mod:`ptorw.passes` (every registered pass, ``PassContext``),
:mod:`ptorw.ir.pass_manager` (``PassManager``, ``OptimizationStrategy``),
:mod:`ptorw.codegen` (``emit_pto``), :mod:`ptorw.interp` (``run``, ``diffcheck`` on numpy arrays).
Errors are :class:`PtorwError` subclasses whose message starts with ``file:line:col``.
"""
import os as _os

# Tests run the package from the source tree with the extension in the build folder.
_ext_dir = _os.environ.get("PTORW_EXT_DIR")
if _ext_dir:
    __path__.append(_ext_dir)  # noqa: F821  (the package's own __path__)

from . import _core  # noqa: E402
from ._errors import PtorwError, ParseError, VerifyError, PassError, InterpError, EmitError, PassWarning  # noqa: E402

_core._set_error_classes(ParseError, VerifyError, PassError, InterpError, EmitError)

from . import ir, passes, language, codegen, interp  # noqa: E402,F401

__version__ = "0.1.0"
__all__ = ["ir", "passes", "language", "codegen", "interp", "parse", "parse_file", "PtorwError", "ParseError",
           "VerifyError", "PassError", "InterpError", "EmitError", "PassWarning"]


def parse(text, file="<input>"):
    """Parses pl-DSL text (a whole file: imports, ``pl.dynamic`` dims, one ``@pl.program`` class)."""
    return ir.Program._wrap(_core.parse(text, file))


def parse_file(path):
    """Reads and parses a pl-DSL file; diagnostics name ``path``."""
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), str(path))
