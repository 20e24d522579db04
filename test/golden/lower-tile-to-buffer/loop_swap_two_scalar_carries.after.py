@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32], count: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]) -> pl.Tensor[[256, 256], pl.FP32]:
        left_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        right_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        scratch_left: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 4096)
        scratch_right: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 6144)
        pl.buffer.load(A, (0, 0), (16, 32), left_buf)
        pl.buffer.load(B, (0, 0), (16, 32), right_buf)
        for i, (row, column) in pl.range(count, init_values=(0, 0)):
            pl.buffer.copy(right_buf, scratch_right)
            pl.buffer.copy(left_buf, scratch_left)
            pl.buffer.copy(scratch_right, left_buf)
            pl.buffer.copy(scratch_left, right_buf)
            row_result, column_result = pl.yield_(row + 1, column + 2)
        pl.buffer.store(left_buf, (row_result, column_result), (16, 32), Out)
        return Out
