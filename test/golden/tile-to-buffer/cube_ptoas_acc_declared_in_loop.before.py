# rule: Conversion contract: "For addressless PTOAS accumulators referenced entirely within one region, conversion places the descriptor declarations at the first reference, preserving the producer's local lifetime instead of extending it across loop backedges. Storage shared across regions or carried by a loop retains its original dominating declaration": acc lives in one loop body, so its buffer.alloc is declared there, right before the matmul that first names it; the Mat/Left tiles a and l are no accumulators and keep their top-level declarations (before: acc's declaration was at the top, its lifetime extended across the backedge)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[128, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        b = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        for i, (o,) in pl.range(4, init_values=(Out,)):
            a = pl.load(A, [i * 32, 0], [32, 32], target_memory=pl.Mem.Mat)
            l = pl.tile.move(a, target_memory=pl.Mem.Left)
            acc = pl.tile.matmul(l, r)
            o1 = pl.store(acc, [i * 32, 0], o)
            o2 = pl.yield_(o1)
        return o2
