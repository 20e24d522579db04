# rule: Pattern 5 — "Clone the callee to a __windowed variant with narrowed rewritten tensor parameter types": the clone reads x through [64, 1]; the first call hands it memory whose rows are 128 apart (a parameter with an explicit TensorView), so that call stays full, while the second call (a packed [64, 64] tensor) uses the clone
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rep(self, x: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        z = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for j, (acc,) in pl.range(3, init_values=(z,)):
            t = pl.load(x, [row, 0], [16, 64])
            a = pl.tile.add(acc, t)
            s = pl.yield_(a)
        r = pl.store(s, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, big: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)], y: pl.Tensor[[64, 64], pl.FP32], o1: pl.Tensor[[64, 64], pl.FP32],
             o2: pl.Tensor[[64, 64], pl.FP32]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        r1 = self.rep(big, 16, o1)
        r2 = self.rep(y, 32, o2)
        return r1, r2
