# Expected: `a` carries [96, 1]; the submit is unchanged.
import ptorw.language as pl


@pl.program
class SubmitSlice:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[96, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 96], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [0, 64])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        with pl.manual_scope():
            r, tid = pl.submit(self.scale, blk, tmp)
        return r
