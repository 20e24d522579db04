# lower_tile_to_buffer.md "Branches": an If whose scalar result picks the store row; the tile
# result was legalized into one destination written in both arms.
@pl.program
class IfResults:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        b_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        destination: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 4096)
        pl.buffer.load(A, (0, 0), (16, 32), a_buf)
        pl.buffer.load(B, (0, 0), (16, 32), b_buf)
        if flag:
            pl.buffer.mul(a_buf, b_buf, destination)
            selected_offset = pl.yield_(16)
        else:
            pl.buffer.copy(a_buf, destination)
            selected_offset = pl.yield_(0)
        pl.buffer.store(destination, (selected_offset, 0), (16, 32), Out)
        return Out
