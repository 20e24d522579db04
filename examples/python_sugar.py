# Row blocks written with the Python sugar of PyPTO's user docs (docs/dsl.md): top-level constants
# folded into the IR, constant arithmetic in shapes, `x.shape[k]` and `pl.static_assert` checked
# while parsing, `pl.unroll` unrolled while parsing, operators on tiles and augmented assignment.
# `ptorw print` shows the program they stand for: literals, pl.tile.* calls, the unrolled blocks.
import ptorw.language as pl

ROWS = 64
COLS = 64
BLOCK = ROWS // 4


@pl.program
class PythonSugar:
    @pl.function(type=pl.FunctionType.InCore)
    def scale_rows(self, x: pl.Tensor[[ROWS, COLS], pl.FP32],
                   out: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        pl.static_assert(x.shape[0] % BLOCK == 0, "the rows must be whole blocks")
        for b in pl.unroll(ROWS // BLOCK):
            t = pl.load(x, [b * BLOCK, 0], [BLOCK, COLS])
            t = t * 2.0 + t
            t += 1.0
            out = pl.store(t, [b * BLOCK, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[ROWS, COLS], pl.FP32]) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        buf = pl.create_tensor([ROWS, COLS], dtype=pl.FP32)
        y = self.scale_rows(x, buf)
        return y
