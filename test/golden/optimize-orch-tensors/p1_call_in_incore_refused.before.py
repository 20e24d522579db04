# rule: Pattern 1 (Iter-Arg Reuse), spec "Scope" (call sites are rewritten in Orchestration / Opaque functions) and "Pass Properties" (Required: IncoreTileOps) — the loop-form call sits inside the InCore function outer, which is a callee, not a caller; its loop allocates with tensor.create, a tensor-level op an InCore body may not use, so the pipeline refuses the input before Pattern 1 sees it (without the property check, Pattern 1 declines: "the call is inside InCore-type function 'outer', which is a callee, not a caller")
# expect-error: pass 'optimize-orch-tensors' requires IncoreTileOps, but kernel 'outer' uses the tensor-level op tensor.create (tile ops only)
import ptorw.language as pl


@pl.program
class CallInInCore:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def outer(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        y = self.outer(x)
        return y
