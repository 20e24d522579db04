@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        s_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 17])] = pl.buffer.alloc(())
        t_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 17])] = pl.buffer.alloc(())
        pl.buffer.load(x, (0, 0), (16, 17), s_buf)
        pl.buffer.relu(s_buf, t_buf)
        pl.buffer.store(t_buf, (0, 0), (16, 17), out)
        return out
