# Expected (hand-written): the scope's free values a, b, out become the kernel's params in order of
# first use, out Out (the store statement writes it, nothing reads it); no value escapes, so the
# kernel returns nothing and the call is a statement; ROWS // TILE_ROWS = 4, i * TILE_ROWS = i * 128.
import ptorw.language as pl


@pl.program
class AddTileAt:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[512, 128], pl.FP32], b: pl.Tensor[[512, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        self.main_incore_0(a, b, out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, a: pl.Tensor[[512, 128], pl.FP32], b: pl.Tensor[[512, 128], pl.FP32],
                      out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]):
        for i in pl.range(4):
            tile_a = pl.load(a, [i * 128, 0], [128, 128])
            tile_b = pl.load(b, [i * 128, 0], [128, 128])
            add = pl.add(tile_a, tile_b)
            pl.store(add, [i * 128, 0], out)
