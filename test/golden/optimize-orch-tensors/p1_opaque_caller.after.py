# Expected (hand-written from the spec's "After (Pattern 1 merges Out into In as InOut)"); `main`
# stays Opaque.
import ptorw.language as pl


@pl.program
class OpaqueCaller:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.InOut[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        y_tile = pl.tile.add(x_tile, x_tile)
        ret = pl.store(y_tile, (0,), x)
        return ret

    @pl.function
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (iter_arg,) in pl.range(10, init_values=(buf,)):
            result = self.compute(iter_arg)
            loop_result = pl.yield_(result)
        return loop_result
