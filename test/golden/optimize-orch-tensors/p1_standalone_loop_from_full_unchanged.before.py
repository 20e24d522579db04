# rule: Pattern 1 (Iter-Arg Reuse), standalone form (issue 3: the callee must "fully load an In tensor (offset 0, full shape) into a tile, carry it through a loop and store it to an Out param") — the loop carrying the stored tile starts from a tile.full, not from a tile.load of an In param; the call's result is not yielded back to an iter-arg either, so out is not merged (remark: "not the standalone form: the loop carrying the tile stored into 'out' does not start from a tile.load")
# expect: unchanged
import ptorw.language as pl


@pl.program
class StandaloneLoopFromFull:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.Tensor[[32, 32], pl.FP32],
                out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 32])
        z = pl.tile.full([32, 32], 0.0, dtype=pl.FP32)
        for k, (c,) in pl.range(4, init_values=(z,)):
            c2 = pl.tile.add(c, t)
            cr = pl.yield_(c2)
        r = pl.store(cr, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        buf = pl.tensor.create([32, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(buf,)):
            o = pl.tensor.create([32, 32], dtype=pl.FP32)
            y = self.iterate(a, o)
            nxt = pl.tensor.assemble(acc, y, [0, 0])
            res = pl.yield_(nxt)
        return res
