# Expected: `out`, `first`, `ra`, `rb` and the If result `r` carry [256, 1]; `r` is returned, so the
# declared result type does too, and so does the call's result in `main`.
import ptorw.language as pl


@pl.program
class CalleeIfChain:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(self, x: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]]
             ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]:
        top = pl.load(x, [0, 0], [8, 32])
        bottom = pl.load(x, [8, 0], [8, 32])
        first: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.store(top, [0, 0], out)
        if flag < 1:
            a = pl.tile.exp(bottom)
            ra: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.store(a, [8, 0], first)
            r = pl.yield_(ra)
        else:
            b = pl.tile.neg(bottom)
            rb: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.store(b, [8, 0], first)
            r = pl.yield_(rb)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 256], pl.FP32]:
        buf = pl.create_tensor([64, 256], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.pick(x, flag, tmp)
        placed = pl.tensor.assemble(buf, r, [16, 128])
        return placed
