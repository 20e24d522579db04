# add and mul also take INT32 and FP16 (recipe table dtype masks); the GM pointers and tile_buf
# types carry the element type (i32, f16).
@pl.program
class IntDtypes:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def ints(self, A: pl.Tensor[[16, 64], pl.INT32], Out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        a: pl.Buffer[[16, 64], pl.INT32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (16, 64), a)
        pl.buffer.add(a, a, a)
        pl.buffer.mul(a, a, a)
        pl.buffer.store(a, (0, 0), (16, 64), Out)
        return Out

    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def halves(self, A: pl.Tensor[[16, 64], pl.FP16], Out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        a: pl.Buffer[[16, 64], pl.FP16, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (16, 64), a)
        pl.buffer.mul(a, a, a)
        pl.buffer.store(a, (0, 0), (16, 64), Out)
        return Out
