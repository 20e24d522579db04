# rule: Pattern 1 (Iter-Arg Reuse) — multi-return with tuple projections (`pair = self.smooth(...)`, `s_n = pair[0]`): s_out merges (s_n is yielded back to s); y_out stays an Out param (its result is assembled, not yielded back), each output judged independently
import ptorw.language as pl


@pl.program
class MultiReturnProjection:
    @pl.function(type=pl.FunctionType.InCore)
    def smooth(self, s: pl.Tensor[[16, 64], pl.FP32], x: pl.Tensor[[16, 64], pl.FP32],
               s_out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
               y_out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
               ) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        st = pl.load(s, [0, 0], [16, 64])
        xt = pl.load(x, [0, 0], [16, 64])
        half = pl.tile.muls(st, 0.5)
        s2 = pl.tile.add(half, xt)
        y = pl.tile.relu(s2)
        s_r = pl.store(s2, [0, 0], s_out)
        y_r = pl.store(y, [0, 0], y_out)
        return s_r, y_r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], s0: pl.Tensor[[16, 64], pl.FP32]
             ) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        ys0 = pl.tensor.create([64, 64], dtype=pl.FP32)
        for i, (s, ys) in pl.range(4, init_values=(s0, ys0)):
            xb = pl.tensor.slice(x, [16, 64], [i * 16, 0])
            sb = pl.tensor.create([16, 64], dtype=pl.FP32)
            yb = pl.tensor.create([16, 64], dtype=pl.FP32)
            pair = self.smooth(s, xb, sb, yb)
            s_n = pair[0]
            y_n = pair[1]
            ys_n = pl.tensor.assemble(ys, y_n, [i * 16, 0])
            s_res, ys_res = pl.yield_(s_n, ys_n)
        return s_res, ys_res
