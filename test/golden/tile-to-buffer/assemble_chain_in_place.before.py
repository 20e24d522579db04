# rule: "It compares shared allocation origins and byte offsets across chained assemble results": p1 = assemble(canvas, x, [0, 0]) and p2 = assemble(p1, y, [32, 0]) are two in-place writes of one storage class (p1 and p2 name canvas's allocation from origin 0), so each writes its own window of canvas_buf at its own byte offset — rows 0..15 and rows 32..47 — and the store drains canvas_buf; no snapshot, since neither source is cut from the target (PTOAS: addressless)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[64, 32], pl.FP32], C: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        y = pl.load(C, [0, 0], [16, 32])
        canvas = pl.load(B, [0, 0], [64, 32])
        p1 = pl.tile.assemble(canvas, x, [0, 0])
        p2 = pl.tile.assemble(p1, y, [32, 0])
        result = pl.store(p2, [0, 0], Out)
        return result
