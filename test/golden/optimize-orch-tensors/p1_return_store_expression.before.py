# rule: Pattern 1 (Iter-Arg Reuse) with BuildOutParamReturnMappings (spec "Key Components": "maps Out params to return indices via tile.store") — the kernel returns its tile.store written in the return itself (`return pl.store(y_tile, [0], out_0)`, as PyPTO's docs write kernels): return 0 carries out_0, so the loop's fresh buffer is merged into the iter-arg as in the spec's example
import ptorw.language as pl


@pl.program
class ReturnStore:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out_0: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, [0], [64])
        y_tile = pl.tile.add(x_tile, x_tile)
        return pl.store(y_tile, [0], out_0)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (iter_arg,) in pl.range(10, init_values=(buf,)):
            out_0 = pl.tensor.create([64], dtype=pl.FP32)
            result = self.compute(iter_arg, out_0)
            loop_result = pl.yield_(result)
        return loop_result
