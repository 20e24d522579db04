# Explicit task dependencies next to automatic ones: inside `pl.manual_scope()` the runtime derives
# no edges and records nothing ("skips the OverlapMap lookup and insert", PyPTO tasks/01-scopes), so
# `pl.submit` returns each task's id and the second task names its producer with `deps=[p_task]`;
# the task after the scope that reads what it wrote names it too (`deps=[q_task]`: no automatic
# edge can reach a manual task). Outside it, the runtime orders tasks by the tensors they touch. Also: a cube
# kernel (`project`: Mat -> Left/Right -> matmul into Acc, submitted to the AIC) and vector kernels
# (AIV), a float scalar argument, and an If choosing a kernel on a scalar parameter whose result is
# the function's result. `ptorw compile` turns `main` into orchestration C++ with
# PTO2_SCOPE(PTO2ScopeMode::MANUAL), set_dependencies, rt_submit_aic_task and rt_submit_aiv_task.
import ptorw.language as pl


@pl.program
class ManualPipeline:
    @pl.function(type=pl.FunctionType.InCore)
    def project(self, x: pl.Tensor[[32, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32],
                y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        x_mat = pl.tile.load(x, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        w_mat = pl.tile.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        x_left = pl.tile.move(x_mat, target_memory=pl.Mem.Left)
        w_right = pl.tile.move(w_mat, target_memory=pl.Mem.Right)
        prod = pl.tile.matmul(x_left, w_right)
        y_out = pl.store(prod, [0, 0], y)
        return y_out

    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[32, 64], pl.FP32], s: pl.Scalar[pl.FP32],
              out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 64])
        u = pl.tile.muls(t, s)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def activate(self, a: pl.Tensor[[32, 64], pl.FP32],
                 out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 64])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32],
             mode: pl.Scalar[pl.INDEX]) -> pl.Tensor[[32, 64], pl.FP32]:
        proj = pl.create_tensor([32, 64], dtype=pl.FP32)
        scaled = pl.create_tensor([32, 64], dtype=pl.FP32)
        with pl.manual_scope():
            p, p_task = pl.submit(self.project, x, w, proj)
            q, q_task = pl.submit(self.scale, p, 0.125, scaled, deps=[p_task])
        out = pl.create_tensor([32, 64], dtype=pl.FP32)
        if mode > 0:
            r1, a_task = pl.submit(self.activate, q, out, deps=[q_task])
            res = pl.yield_(r1)
        else:
            r2, s_task = pl.submit(self.scale, q, 2.0, out, deps=[q_task])
            res = pl.yield_(r2)
        return res
