# rule: default is idempotent ("passes are idempotent"): Pattern 5 clones rows into rows__windowed with store offsets relative to the window ([i * 32, 0]), which leaves the clone's definitions of base and row unread OptimizeOrchTensors then simplifies the clone it marked untidy, which removes them, so a second run of default changes nothing
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rows(self, x: pl.Tensor[[128, 32], pl.FP32], blk: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[512, 32], pl.FP32]]) -> pl.Tensor[[512, 32], pl.FP32]:
        base = blk * 128
        for i, (acc,) in pl.range(4, init_values=(out,)):
            src = i * 32
            row = base + src
            t = pl.load(x, [src, 0], [32, 32])
            u = pl.tile.exp(t)
            s = pl.store(u, [row, 0], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 32], pl.FP32], o: pl.Tensor[[512, 32], pl.FP32]) -> pl.Tensor[[512, 32], pl.FP32]:
        for b, (acc,) in pl.range(4, init_values=(o,)):
            y = self.rows(x, b, acc)
            res = pl.yield_(y)
        return res
