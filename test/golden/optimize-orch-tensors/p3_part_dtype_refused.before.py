# rule: Pattern 3 (Assemble-Loop Rewrite) — the assembled part must have the accumulated tile's dtype. An FP16 part assembled into an FP32 tile is itself ill-typed (no implicit dtype promotion; docs/semantics.md tile.assemble: the interpreter refuses it), so the pipeline refuses the input when it verifies it, before Pattern 3 sees it
# expect-error: 14:20: error: tile.assemble operand 2 ('part') has dtype pl.FP16 but operand 1 ('acc') has pl.FP32
import ptorw.language as pl


@pl.program
class PartDtype:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP16],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP16]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
