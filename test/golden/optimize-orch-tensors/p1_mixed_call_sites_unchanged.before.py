# rule: Pattern 1 (Iter-Arg Reuse) — the merge changes the signature for every caller, so every call site must qualify: the loop call does, but a second call writes into a slice of a larger tensor (not a fresh tensor.create), so the kernel keeps its Out param
# expect: unchanged
import ptorw.language as pl


@pl.program
class MixedCallSites:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 1.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], big: pl.Tensor[[64, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            res = pl.yield_(nxt)
        window = pl.tensor.slice(big, [16, 32], [16, 0])
        w2 = self.scale(res, window)
        return res, w2
