# Every row of the elementwise recipe table (lowering/recipes/elementwise_table.hpp) once: binary,
# unary, tile-scalar with the scalar in the destination dtype, and full (texpands). recip writes a
# distinct destination (lower_tile_to_buffer.md).
@pl.program
class ElementwiseAll:
    @pl.function(type=pl.FunctionType.AIV, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        b: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        c: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 4096)
        pl.buffer.full(1.0, b)
        pl.buffer.load(A, (0, 0), (16, 32), a)
        pl.buffer.add(a, b, c)
        pl.buffer.mul(c, b, c)
        pl.buffer.sub(c, a, c)
        pl.buffer.div(c, b, c)
        pl.buffer.maximum(c, a, c)
        pl.buffer.minimum(c, a, c)
        pl.buffer.abs(c, c)
        pl.buffer.exp(c, c)
        pl.buffer.sqrt(c, c)
        pl.buffer.neg(c, c)
        pl.buffer.relu(c, c)
        pl.buffer.log(c, c)
        pl.buffer.recip(c, a)
        pl.buffer.adds(a, s, a)
        pl.buffer.subs(a, 0.5, a)
        pl.buffer.muls(a, s, a)
        pl.buffer.divs(a, 3.0, a)
        pl.buffer.maximums(a, 0.0, a)
        pl.buffer.minimums(a, 6.0, a)
        pl.buffer.lrelu(a, 0.125, a)
        pl.buffer.store(a, (0, 0), (16, 32), Out)
        return Out
