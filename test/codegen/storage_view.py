# lower_tile_to_buffer.md "Planned storage views": a UINT8[capacity/32, 32] root at address 8192,
# a window two rows in (byte 8256) and its FP32[16, 32] reshape, then a use of the typed view.
@pl.program
class StorageView:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, X: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        root: pl.Buffer[[128, 32], pl.UINT8, pl.Mem.Vec] = pl.buffer.alloc((), 8192)
        window: pl.Buffer[[64, 32], pl.UINT8, pl.Mem.Vec] = pl.buffer.subview(root, (2, 0))
        value: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(window)
        pl.buffer.load(X, (0, 0), (16, 32), value)
        pl.buffer.exp(value, value)
        pl.buffer.store(value, (0, 0), (16, 32), Out)
        return Out
