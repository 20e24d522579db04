# rule: Pattern 5 FinalStore — narrowed Out param type is a Tensor of the window shape with the parent's row-major strides as TensorView ([32, 16] window of a [32, 64] parent: stride [64, 1]); constant offset [0, 16]; an In param read at full shape and zero offset is skipped (PureInputWindowConsumer: nothing to narrow)
import ptorw.language as pl


@pl.program
class Columns:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.col(x, 16, o)
        return r
