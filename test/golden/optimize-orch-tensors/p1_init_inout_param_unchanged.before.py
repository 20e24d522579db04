# rule: Pattern 1 (Iter-Arg Reuse), buffer ownership (caller side) — the loop starts from main's InOut param dst, whose final contents are a result of main, so its buffer may not be reused for the kernel's writes and out is not merged (remark: "the init of iter-arg 'acc': 'dst' is an InOut param of 'main', whose final contents are a result")
# expect: unchanged
import ptorw.language as pl


@pl.program
class InitInOutParam:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, dst: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(dst,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            res = pl.yield_(nxt)
        return res
