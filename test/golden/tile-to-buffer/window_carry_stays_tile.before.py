# rule: "window region carries ... remain Tile in the normal pipeline": a slice window carried into a For keeps the kernel on Tile IR; InitMemRef does not plan it, so the kernel keeps its unplanned form with the reason recorded (decision False)
# opt: memory_planner=PTOAS
# expect-warning: warning: InitMemRef: a slice window carried by a loop is not planned yet (window region carries) (kernel 'kernel' keeps its unplanned Tile form)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        w = pl.tile.slice(x, [8, 32], [8, 0])
        for i, (acc,) in pl.range(0, 2, 1, init_values=(w,)):
            nxt = pl.tile.add(acc, acc)
            acc_out = pl.yield_(nxt)
        result = pl.store(acc_out, [0, 0], Out)
        return result
