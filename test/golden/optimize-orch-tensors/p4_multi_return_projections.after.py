# Expected: `a` carries [64, 1], `b` carries [48, 1]; the Out params are untouched.
import ptorw.language as pl


@pl.program
class MultiReturn:
    @pl.function(type=pl.FunctionType.InCore)
    def pairwise(self, a: pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
                 b: pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)],
                 s: pl.Out[pl.Tensor[[8, 16], pl.FP32]], d: pl.Out[pl.Tensor[[8, 16], pl.FP32]]
                 ) -> tuple[pl.Tensor[[8, 16], pl.FP32], pl.Tensor[[8, 16], pl.FP32]]:
        ta = pl.load(a, [0, 0], [8, 16])
        tb = pl.load(b, [0, 0], [8, 16])
        sum_t = pl.tile.add(ta, tb)
        diff_t = pl.tile.sub(ta, tb)
        s_out = pl.store(sum_t, [0, 0], s)
        d_out = pl.store(diff_t, [0, 0], d)
        return s_out, d_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Tensor[[16, 48], pl.FP32]
             ) -> tuple[pl.Tensor[[8, 16], pl.FP32], pl.Tensor[[8, 16], pl.FP32]]:
        xa = pl.tensor.slice(x, [8, 16], [8, 16])
        yb = pl.tensor.slice(y, [8, 16], [8, 32])
        s_buf = pl.create_tensor([8, 16], dtype=pl.FP32)
        d_buf = pl.create_tensor([8, 16], dtype=pl.FP32)
        pair = self.pairwise(xa, yb, s_buf, d_buf)
        first = pair[0]
        second = pair[1]
        return first, second
