@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[32, 64], pl.FP32], C: pl.Tensor[[32, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        whole_buffer: pl.Buffer[[32, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        doubled_buffer: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 8192)
        canvas_buffer: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 10240)
        pl.buffer.load(A, (0, 0), (32, 64), whole_buffer)
        pl.buffer.load(C, (0, 0), (32, 32), canvas_buffer)
        window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(whole_buffer, (row, 32), (16, 32))
        pl.buffer.add(window, window, doubled_buffer)
        placed_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(canvas_buffer, (16, 0), (16, 32))
        pl.buffer.copy(doubled_buffer, placed_window)
        pl.buffer.store(canvas_buffer, (0, 0), (32, 32), Out)
        return Out
