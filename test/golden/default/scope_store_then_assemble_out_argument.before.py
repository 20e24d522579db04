# rule: default pipeline, then Pattern 2 (Assemble Parent Strides) — a pl.at scope stores into a fresh o that is assembled into out after the scope (as PyPTO programs write a block result): outlining passes o as the kernel's Out argument, call as a statement, and the assemble's part is that argument, which after the call holds the kernel's result; the strides of the [128, 64] parent go on the Out param (and blk, a slice of x, gets x's by Pattern 4), so compile places o in out's window instead of refusing a copying assemble (review rev41a F1)
# verify-input: no
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        out = pl.create_tensor([128, 64], dtype=pl.FP32)
        for i in pl.range(4):
            blk = x[i * 32:i * 32 + 32, 0:32]
            o = pl.create_tensor([32, 32], dtype=pl.FP32)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
                t = pl.load(blk, [0, 0], [32, 32])
                u = pl.tile.muls(t, 2.0)
                pl.store(u, [0, 0], o)
            out[i * 32:i * 32 + 32, 32:64] = o
        return out
