"""Pass factories, PassContext nesting, PassManager and strategies."""
import threading

import pytest

import ptorw.language as pl
from ptorw import ir, passes
from ptorw.ir.pass_manager import OptimizationStrategy, PassManager


@pl.program
class Kernel:
    @pl.function(type=pl.FunctionType.InCore)
    def add(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        lhs = pl.load(a, [0, 0], [16, 32])
        rhs = pl.load(b, [0, 0], [16, 32])
        total = pl.tile.add(lhs, rhs)
        result = pl.store(total, [0, 0], out)
        return result


def test_every_registered_pass_has_a_factory():
    for name in passes.registered_pass_names():
        factory = getattr(passes, name.replace("-", "_"))
        p = factory()
        assert p.name == name and callable(p)
    for name in ("optimize_orch_tensors", "convert_to_ssa", "flatten_call_expr", "simplify",
                 "outline_incore_scopes", "init_mem_ref", "lower_tile_to_buffer"):
        assert callable(getattr(passes, name)())


def test_pass_context_nesting():
    assert passes.current_options() == {}
    with passes.PassContext([], enable_buffer_ir=True, memory_planner="ptoas") as outer:
        assert outer.memory_planner == passes.MemoryPlanner.PTOAS
        with passes.PassContext([], enable_buffer_ir=False) as inner:
            assert inner.enable_buffer_ir is False
            assert inner.memory_planner == passes.MemoryPlanner.PTOAS  # inherited
            assert passes.current_options() == {"enable_buffer_ir": "false", "memory_planner": "PTOAS"}
            with passes.PassContext([], memory_planner=passes.MemoryPlanner.DSA_RP, target="a5"):
                assert passes.current_options()["memory_planner"] == "DSA_RP"
                assert passes.current_options()["enable_buffer_ir"] == "false"
        assert passes.current_options() == {"enable_buffer_ir": "true", "memory_planner": "PTOAS"}
    assert passes.PassContext.current() is None


def test_pass_context_is_per_thread():
    seen = {}
    with passes.PassContext([], memory_planner="DSA_RP"):
        t = threading.Thread(target=lambda: seen.setdefault("opts", passes.current_options()))
        t.start()
        t.join()
    assert seen["opts"] == {}


def test_context_reaches_the_passes():
    with passes.PassContext([], enable_buffer_ir=False):
        kept = passes.tile_to_buffer()(Kernel)
    assert kept.functions["add"].stage == ir.FunctionIRStage.Tile
    with passes.PassContext([], enable_buffer_ir=True):
        lowered = passes.tile_to_buffer()(Kernel)
    assert lowered.functions["add"].stage == ir.FunctionIRStage.Buffer


def test_planners_differ_in_addresses():
    texts = {}
    for planner in ("PYPTO", "PTOAS"):
        with passes.PassContext([], memory_planner=planner):
            texts[planner] = str(passes.tile_to_buffer()(Kernel))
    assert texts["PYPTO"] != texts["PTOAS"]


def test_instruments_see_every_pass():
    seen = []
    with passes.PassContext([lambda name, prog: seen.append((name, isinstance(prog, ir.Program)))]):
        PassManager(OptimizationStrategy.Orchestration).run_passes(Kernel)
    assert [n for n, _ in seen] == ["convert-to-ssa", "outline-incore-scopes", "flatten-call-expr", "simplify",
                                    "optimize-orch-tensors"]
    assert all(ok for _, ok in seen)


def test_strategy_names_and_prefix():
    s = PassManager.get_strategy(OptimizationStrategy.Default)
    assert s.pass_names == ["ConvertToSSA", "OutlineIncoreScopes", "FlattenCallExpr", "Simplify", "OptimizeOrchTensors", "InitMemRef",
                            "SelectBufferIRFunctions", "PlanMemory", "LowerTileToBuffer"]
    assert len(s.passes) == len(s.pass_names)
    # Run the pipeline prefix up to OptimizeOrchTensors by hand, and with up_to=.
    p = Kernel
    for pass_ in s.passes[:s.pass_names.index("OptimizeOrchTensors") + 1]:
        p = pass_(p)
    pm = PassManager(OptimizationStrategy.Default)
    ir.assert_structural_equal(pm.run_passes(Kernel, up_to="OptimizeOrchTensors"), p)
    assert list(pm.timings) == s.pass_names[:5]
    assert all(t >= 0 for t in pm.timings.values())
    with pytest.raises(ValueError):
        pm.run_passes(Kernel, up_to="NoSuchPass")


def test_verification_switches():
    pm = PassManager(OptimizationStrategy.Orchestration, verify_each=True, check=True)
    out = pm.run_passes(Kernel)
    assert [r.name for r in pm.records] == ["convert-to-ssa", "outline-incore-scopes", "flatten-call-expr",
                                            "simplify", "optimize-orch-tensors"]
    ir.assert_structural_equal(out, Kernel)
    with passes.PassContext([], verify=False):
        ir.assert_structural_equal(passes.simplify()(Kernel), Kernel)


def test_pass_metadata():
    p = passes.simplify()
    assert "fold_add" in p.rules and p.summary
    assert passes.tile_to_buffer().steps == ["init-memref", "select-buffer-ir", "plan-memory", "lower-tile-to-buffer"]


def test_print_after_all_and_timings_with_instruments(capsys):
    seen = []
    with passes.PassContext([lambda name, prog: seen.append(name)]):
        pm = PassManager(OptimizationStrategy.Orchestration, print_after_all=True)
        pm.run_passes(Kernel)
    err = capsys.readouterr().err
    assert err.count("# ---- after ") == 5 and "# ---- after simplify ----" in err
    assert list(pm.timings) == ["ConvertToSSA", "OutlineIncoreScopes", "FlattenCallExpr", "Simplify", "OptimizeOrchTensors"]
    assert len(seen) == 5


def test_pass_context_entered_twice_or_left_out_of_order_is_an_error():
    ctx = passes.PassContext([], target="a5")
    with ctx:
        with pytest.raises(RuntimeError, match="already active"):
            with ctx:
                pass  # was a RecursionError (its outer context was itself)
    assert passes.PassContext.current() is None
    a, b = passes.PassContext([], target="a5"), passes.PassContext([], enable_buffer_ir=False)
    a.__enter__()
    b.__enter__()
    with pytest.raises(RuntimeError, match="reverse order"):
        a.__exit__(None, None, None)
    b.__exit__(None, None, None)
    assert passes.PassContext.current() is None  # a's target no longer leaks into later passes



def test_pipeline_result_holds_an_ir_program():
    # Review rev44c 2: raise_on_error=False gave the extension's raw Program, which
    # ir.structural_equal, interp.run and the passes refused.
    r = passes.run_pipeline(Kernel, ["simplify"], raise_on_error=False)
    assert r.ok
    assert isinstance(r.program, ir.Program)
    ir.assert_structural_equal(r.program, passes.run_pipeline(Kernel, ["simplify"]))
    assert repr(r).startswith("<PipelineResult ok: 1 passes")


def test_round_limit_below_one_is_refused():
    # Review rev44c 4: max_iterations=0 ran no round and returned the input unchanged.
    for bad in (0, -5):
        with pytest.raises(ValueError, match="max_iterations must be at least 1"):
            passes.run_pipeline(Kernel, ["default"], max_iterations=bad)
        with pytest.raises(ValueError, match="max_iterations must be at least 1"):
            PassManager(max_iterations=bad)
    with pytest.raises(TypeError, match="not a string"):
        passes.run_pipeline(Kernel, "default")


def test_unknown_pass_context_option_is_named():
    # Review rev44c 3: a misspelt key (memory_planer) was taken silently and PYPTO planned.
    with pytest.warns(passes.PassWarning, match="no pass reads the option 'memory_planer'; did you mean 'memory_planner'"):
        passes.PassContext([], memory_planer="PTOAS")


def test_option_spellings_agree_between_context_cache_key_and_interp():
    # Review rev44c 10: PassContext took "ptoas", ir.cache_key refused it; interp.run(target="A5")
    # raised InterpError (the class of a failed run) for a bad argument.
    from ptorw import interp
    assert ir.cache_key(Kernel, {"memory_planner": "ptoas"}) == ir.cache_key(Kernel, {"memory_planner": "PTOAS"})
    with pytest.raises(ValueError, match="target must be 'a2a3' or 'a5'"):
        interp.run(Kernel, target="a9")


def test_cache_key_names_an_unknown_option():
    # Review rev44d 13: ir.cache_key ignored a misspelt key without a word.
    with pytest.warns(passes.PassWarning, match="ir.cache_key: no pass reads the option 'memory_planer'"):
        ir.cache_key(Kernel, {"memory_planer": "PTOAS"})
