# rule: Pattern 1 (Iter-Arg Reuse), standalone form — the callee must "fully load an In tensor (offset 0, full shape) into a tile, carry it through a loop and store it to an Out param"; here the carried tile is loaded from InOut param x, so the shape names no In param; the call (in a loop, with a fresh Out buffer) is not the loop form either, as its result is not yielded, and out is not merged (remark: "the carried tile is not loaded from an In param")
# expect: unchanged
import ptorw.language as pl


@pl.program
class LoadFromInOut:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.InOut[pl.Tensor[[16, 32], pl.FP32]],
                out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        for k, (acc,) in pl.range(2, init_values=(t,)):
            acc2 = pl.tile.muls(acc, 0.5)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(2, init_values=(a,)):
            buf = pl.tensor.create([16, 32], dtype=pl.FP32)
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            y = self.iterate(buf, o)
            nxt = pl.tensor.add(acc, y)
            res = pl.yield_(nxt)
        return res
