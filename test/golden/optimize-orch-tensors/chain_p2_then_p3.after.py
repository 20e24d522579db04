# Expected (hand-written from the spec): Pattern 2 gives `out` and the declared result the strides
# [64, 1] of `big`; Pattern 3 then drops the tile.create and the final whole store: the loop's
# iter-arg starts from the strided `out`, each block is stored into it at [i * 16, 0], and the loop
# result (strided like `out`) is returned. `main` is unchanged (its `y` is typed by the call).
import ptorw.language as pl


@pl.program
class AssembleThenLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
               ) -> pl.Tensor[[64, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        for i, (acc,) in pl.range(4, init_values=(out,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            scaled = pl.tile.muls(part, 2.0)
            acc2: pl.Tensor[[64, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(scaled, [i * 16, 0], acc)
            res = pl.yield_(acc2)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        big = pl.tensor.create([64, 64], dtype=pl.FP32)
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        z = pl.tensor.assemble(big, y, [0, 32])
        return z
