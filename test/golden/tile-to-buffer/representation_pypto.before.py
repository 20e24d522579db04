# rule: Representation example through the whole device pipeline (init-memref, select-buffer-ir, plan-memory, lower-tile-to-buffer) with planner PYPTO: the unplanned Tile input lowers to exactly the spec's Buffer listing; the addressed planner passes each final address once (three buffers live together: 0, 2048, 4096)
# opt: memory_planner=PYPTO
@pl.program
class Rep:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        lhs = pl.load(A, [0, 0], [16, 32])
        rhs = pl.load(B, [0, 0], [16, 32])
        total = pl.tile.add(lhs, rhs)
        result = pl.store(total, [0, 0], Out)
        return result
