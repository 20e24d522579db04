# rule: VerifyTileStorage: a loop carry's iter arg and yielded value must name one storage window (hand-planned input that breaks it is refused)
# expect-error: VerifyTileStorage: loop carry yield
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (16, 32))
        for i, (acc,) in pl.range(n, init_values=(x,)):
            nxt: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.add(acc, acc)
            res = pl.yield_(nxt)
        result = pl.tile.store(res, (0, 0), out)
        return result
