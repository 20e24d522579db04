@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[64, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        acc: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.full(0.0, acc)
        for i in pl.range(2):
            for j, (r,) in pl.range(3, init_values=(0,)):
                pl.buffer.load(A, (r, 0), (16, 32), x)
                pl.buffer.add(acc, x, acc)
                r_j = pl.yield_(r + 16)
        pl.buffer.store(acc, (0, 0), (16, 32), Out)
        return Out
