"""ir.save / ir.load (issue 23): the binary form of a program at every stage, from Python; and
ir.cache_key."""
import pytest

import ptorw
from conftest import ROOT
from ptorw import ir, passes
from ptorw.ir.pass_manager import OptimizationStrategy, PassManager

EXAMPLE = ROOT / "examples" / "windowed_rows.py"
LOWERED = ROOT / "test" / "golden" / "tile-to-buffer" / "representation_pypto.after.py"


def test_save_load_round_trip(tmp_path):
    prog = ptorw.parse_file(str(EXAMPLE))
    path = tmp_path / "w.msgpack"
    ir.save(prog, path)
    assert path.read_bytes()[:10] == b"\x94\xa8ptorw-ir"
    back = ir.load(path)
    ir.assert_structural_equal(prog, back)
    assert str(back) == str(prog)
    assert back.name == prog.name
    assert back.span.filename == prog.span.filename


def test_buffer_stage_and_lowered_output(tmp_path):
    lowered = ptorw.parse_file(str(LOWERED))
    ir.save(lowered, tmp_path / "l.msgpack")
    back = ir.load(tmp_path / "l.msgpack")
    assert [f.stage for f in back.functions.values()] == [f.stage for f in lowered.functions.values()]
    assert ir.FunctionIRStage.Buffer in [f.stage for f in back.functions.values()]
    assert str(back) == str(lowered)
    # A pipeline's output (shared subtrees), saved and loaded.
    prog = ptorw.parse_file(str(EXAMPLE))
    with passes.PassContext([], enable_buffer_ir=True, memory_planner="PTOAS"):
        out = PassManager(OptimizationStrategy.Default).run_passes(prog)
    ir.save(out, tmp_path / "o.msgpack")
    ir.assert_structural_equal(out, ir.load(tmp_path / "o.msgpack"))


def test_load_errors_name_the_byte(tmp_path):
    prog = ptorw.parse_file(str(EXAMPLE))
    path = tmp_path / "w.msgpack"
    ir.save(prog, path)
    cut = tmp_path / "cut.msgpack"
    cut.write_bytes(path.read_bytes()[:50])
    with pytest.raises(ptorw.ParseError, match=r"cut\.msgpack: error: byte \d+: "):
        ir.load(cut)
    text = tmp_path / "t.py"
    text.write_text(EXAMPLE.read_text())
    with pytest.raises(ptorw.ParseError, match="not a ptorw binary IR file"):
        ir.load(text)
    with pytest.raises(OSError):
        ir.save(prog, tmp_path / "no" / "such" / "dir.msgpack")


def test_cache_key():
    prog = ptorw.parse_file(str(EXAMPLE))
    k = ir.cache_key(prog)
    assert len(k) == 64
    assert ir.cache_key(ptorw.parse_file(str(EXAMPLE))) == k
    assert ir.cache_key(prog, {"enable_buffer_ir": False}) != k
    assert ir.cache_key(prog, {"memory_planner": "PTOAS"}) != k
    assert ir.cache_key(prog, {"target": "a5"}) != k
    assert ir.cache_key(prog, pto_version="old") != k


def test_cache_key_follows_the_pass_context_and_refuses_what_emit_refuses():
    prog = ptorw.parse_file(str(EXAMPLE))
    with passes.PassContext([], target="a5", memory_planner="PTOAS"):
        in_ctx = ir.cache_key(prog)
    assert in_ctx == ir.cache_key(prog, {"target": "a5", "memory_planner": "PTOAS"})
    assert in_ctx != ir.cache_key(prog)
    with pytest.raises(ValueError, match="target must be 'a2a3' or 'a5'"):
        ir.cache_key(prog, {"target": "a9"})
    with pytest.raises(ValueError, match="pto_version must be 'new' or 'old'"):
        ir.cache_key(prog, pto_version="zzz")
