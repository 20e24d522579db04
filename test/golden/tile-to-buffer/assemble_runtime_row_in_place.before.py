# rule: tile.assemble at a runtime row (offsets exist only where the assemble is written; "Runtime bounds remain caller preconditions"; row offsets need no alignment proof: rows are 32-byte multiples): under PYPTO, x at address 0, canvas at 2048; placed writes in place into canvas's allocation through a subview at (row, 0); judged with row = 0, 17 and 48 in lowering_assemble_test
# opt: memory_planner=PYPTO
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        canvas = pl.load(B, [0, 0], [64, 32])
        placed = pl.tile.assemble(canvas, x, [row, 0])
        result = pl.store(placed, [0, 0], Out)
        return result
