@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        x2_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 64])] = pl.buffer.subview(x_buf, (0, 0), (16, 64), (8, 64))
        pl.buffer.load(a, (0, 0), (8, 64), x2_buf)
        pl.buffer.store(x2_buf, (0, 0), (8, 64), out2)
        pl.buffer.load(a, (0, 0), (16, 64), x_buf)
        pl.buffer.store(x_buf, (0, 0), (16, 64), out)
        return out, out2
