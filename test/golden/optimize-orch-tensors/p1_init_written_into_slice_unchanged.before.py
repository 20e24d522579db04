# rule: Pattern 1 (Iter-Arg Reuse), buffer ownership (caller side, rule (b) followed recursively) — the loop's init seed is the result of kernel prep, i.e. the buffer prep writes, and that buffer is win, a tensor.slice of x (a view whose parent is read after the loop), so the init does not own its buffer and out is not merged (remark: "the init of iter-arg 'acc': 'seed' is the buffer written by 'prep': 'win' is defined by tensor.slice")
# expect: unchanged
import ptorw.language as pl


@pl.program
class InitWrittenIntoSlice:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def prep(self, x: pl.Tensor[[16, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        win = pl.tensor.slice(x, [16, 32], [0, 0])
        seed = self.prep(a, win)
        for i, (acc,) in pl.range(3, init_values=(seed,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            res = pl.yield_(nxt)
        return res
