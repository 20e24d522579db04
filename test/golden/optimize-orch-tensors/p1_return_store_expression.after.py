import ptorw.language as pl


@pl.program
class ReturnStore:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.InOut[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, [0], [64])
        y_tile = pl.tile.add(x_tile, x_tile)
        return pl.store(y_tile, [0], x)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (iter_arg,) in pl.range(10, init_values=(buf,)):
            result = self.compute(iter_arg)
            loop_result = pl.yield_(result)
        return loop_result
