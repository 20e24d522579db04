# rule: Pattern 1 (Iter-Arg Reuse) — nested loops: the inner loop's iter-arg starts from the outer loop's iter-arg and the outer loop yields the inner result, so one buffer (main's In param x) is reused by every iteration of both loops
import ptorw.language as pl


@pl.program
class NestedLoops:
    @pl.function(type=pl.FunctionType.InCore)
    def relax(self, cur: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.load(cur, [0, 0], [16, 32])
        b = pl.load(w, [0, 0], [16, 32])
        c = pl.tile.mul(a, b)
        d = pl.tile.maximum(c, a)
        r = pl.store(d, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             w: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (outer,) in pl.range(3, init_values=(x,)):
            for j, (inner,) in pl.range(4, init_values=(outer,)):
                tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
                nxt = self.relax(inner, w, tmp)
                inner_res = pl.yield_(nxt)
            outer_res = pl.yield_(inner_res)
        return outer_res
