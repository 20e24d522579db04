# rule: default pipeline — a slice nested in the call and returned directly is flattened, its constant column offset propagated and folded, then Pattern 4 (Slice Input Strides) attaches the parent's row-major strides [128, 1] to the In param
import ptorw.language as pl


@pl.program
class SliceStrides:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, x: pl.Tensor[[64, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        col = 2
        return self.copy(pl.tensor.slice(a, [64, 32], [0, col * 32]), pl.tensor.create([64, 32], dtype=pl.FP32))
