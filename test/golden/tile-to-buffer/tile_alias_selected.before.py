# rule: "Structured If/For/While regions may carry Tiles, scalars and aliases"; "ordinary aliases": a plain tile alias `z = x` writes nothing in a selected kernel: it names x's handle (InitMemRef: a plain alias is a relabel of x's storage)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        z = x
        y = pl.tile.add(z, x)
        result = pl.store(y, [0, 0], Out)
        return result
