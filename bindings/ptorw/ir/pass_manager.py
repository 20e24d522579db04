"""``PassManager`` and ``OptimizationStrategy``: named pipelines of registered passes.

    from ptorw.ir.pass_manager import OptimizationStrategy, PassManager

    with passes.PassContext([], enable_buffer_ir=True):
        lowered = PassManager(OptimizationStrategy.Default).run_passes(program)

``OptimizationStrategy.Default`` is the C++ ``default`` pipeline (ConvertToSSA, OutlineIncoreScopes,
FlattenCallExpr, Simplify, OptimizeOrchTensors) followed by ``tile-to-buffer`` (InitMemRef,
SelectBufferIRFunctions, PlanMemory, LowerTileToBuffer); ``OptimizationStrategy.Orchestration``
stops before lowering. ``PassManager.get_strategy(s)`` exposes ``pass_names`` (the spec's
PascalCase names) and ``passes`` (callables, in order), so a prefix of the pipeline can be run.
"""
import enum as _enum
import time as _time

from .. import passes as _passes

__all__ = ["OptimizationStrategy", "PassManager", "Strategy", "PASCAL_NAMES"]

# The spec's PascalCase name of each registered pass.
PASCAL_NAMES = {
    "convert-to-ssa": "ConvertToSSA",
    "flatten-call-expr": "FlattenCallExpr",
    "simplify": "Simplify",
    "optimize-orch-tensors": "OptimizeOrchTensors",
    "outline-incore-scopes": "OutlineIncoreScopes",
    "init-memref": "InitMemRef",
    "select-buffer-ir": "SelectBufferIRFunctions",
    "plan-memory": "PlanMemory",
    "lower-tile-to-buffer": "LowerTileToBuffer",
    "default": "Default",
    "tile-to-buffer": "TileToBuffer",
}


class OptimizationStrategy(_enum.Enum):
    """Named pipelines (see the module's documentation)."""
    Default = "Default"
    Orchestration = "Orchestration"


def _expand(name):
    steps = _passes.Pass(name).steps
    if not steps:
        return [name]
    out = []
    for s in steps:
        out.extend(_expand(s))
    return out


_STRATEGIES = {
    OptimizationStrategy.Default: ["default", "tile-to-buffer"],
    OptimizationStrategy.Orchestration: ["default"],
}


class Strategy:
    """A strategy's passes: ``names`` (registry names), ``pass_names`` (PascalCase) and ``passes``
    (callables ``program -> program``), in order."""

    def __init__(self, strategy):
        self.strategy = OptimizationStrategy(strategy)
        self.names = [n for top in _STRATEGIES[self.strategy] for n in _expand(top)]
        self.pass_names = [PASCAL_NAMES.get(n, n) for n in self.names]
        self.passes = [_passes.Pass(n) for n in self.names]

    def __repr__(self):
        return f"<Strategy {self.strategy.name}: {', '.join(self.pass_names)}>"


class PassManager:
    """Runs a strategy's passes under the current PassContext.

    ``verify`` (default: the PassContext's, i.e. True) checks the input, each pass's required and
    produced properties, and the output, as ``ptorw opt`` does; ``verify_each`` also verifies after
    every pass; ``check`` aborts a rule that claims a change it did not make. After
    ``run_passes``, ``timings`` maps each pass's PascalCase name to its seconds and ``records`` holds
    the per-pass records (name, seconds, changed, iterations, rewrites).
    """

    def __init__(self, strategy=OptimizationStrategy.Default, *, verify=None, verify_each=False, check=False,
                 max_iterations=64, print_after_all=False):
        self.strategy = Strategy(strategy)
        from ..passes import check_max_iterations
        check_max_iterations(max_iterations)
        self.verify, self.verify_each, self.check, self.max_iterations = verify, verify_each, check, max_iterations
        self.print_after_all = print_after_all
        self.records = []
        self.timings = {}
        self.total_seconds = 0.0

    @staticmethod
    def get_strategy(strategy=OptimizationStrategy.Default):
        return Strategy(strategy)

    @property
    def pass_names(self):
        return list(self.strategy.pass_names)

    @property
    def passes(self):
        return list(self.strategy.passes)

    def run_passes(self, program, up_to=None):
        """Runs the strategy (or its prefix ending with the pass named ``up_to``, PascalCase or
        registry name) and returns the new Program; raises PassError on a refusal."""
        names = self.strategy.names
        if up_to is not None:
            keys = [i for i, (n, p) in enumerate(zip(names, self.strategy.pass_names)) if up_to in (n, p)]
            if not keys:
                raise ValueError(f"{up_to!r} is not a pass of {self.strategy.strategy.name}: {self.pass_names}")
            names = names[:keys[0] + 1]
        t0 = _time.perf_counter()
        if self.print_after_all:  # like `ptorw opt --print-after-all`: the program after every pass, on stderr
            import sys

            def show(name, prog):
                print(f"# ---- after {name} ----\n{prog}", file=sys.stderr, end="")
            with _passes.PassContext([show]):
                r = _passes.run_pipeline(program, names, verify=self.verify, verify_each=self.verify_each,
                                         check=self.check, max_iterations=self.max_iterations, raise_on_error=False)
            return self._finish(program, r, t0)
        r = _passes.run_pipeline(program, names, verify=self.verify, verify_each=self.verify_each, check=self.check,
                                 max_iterations=self.max_iterations, raise_on_error=False)
        return self._finish(program, r, t0)

    def _finish(self, program, r, t0):
        self.total_seconds = _time.perf_counter() - t0
        self.records = list(r.passes)
        self.timings = {PASCAL_NAMES.get(rec.name, rec.name): rec.seconds for rec in r.passes}
        r.raise_if_failed()
        _passes._warn(r.diagnostics)
        return r.program
