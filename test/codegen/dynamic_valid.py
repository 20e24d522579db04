# lower_tile_to_buffer.md "Runtime valid extents": a dynamic allocation states its extents with
# set_validshape before the load; a window keeps a per-axis valid descriptor in its subview.
@pl.program
class DynamicValid:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, X: pl.Tensor[[16, 64], pl.FP32], cols: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        loaded: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc((16, cols), 0)
        doubled: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc((16, cols), 4096)
        pl.buffer.set_validshape(loaded, (16, cols))
        pl.buffer.load(X, (0, 0), (16, cols), loaded)
        pl.buffer.set_validshape(doubled, (16, cols))
        pl.buffer.add(loaded, loaded, doubled)
        pl.buffer.store(doubled, (0, 0), (16, cols), Out)
        return Out
