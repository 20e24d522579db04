@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[64, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        b = pl.buffer.get_block_idx()
        s = pl.buffer.get_subblock_idx()
        n = pl.buffer.get_block_num()
        row = (b * 2 + s) * 16 // n
        pl.buffer.load(A, (row, 0), (16, 32), x)
        pl.buffer.store(x, (row, 0), (16, 32), Out)
        return Out
