# rule: Pattern 1 (Iter-Arg Reuse), standalone form and multi-return ("several Out params of one kernel are judged and merged independently") — both Out params store the loop result carried from the full load of x, so both name x; one In param can take only one Out param: lo merges into x (promoted to InOut) and hi stays an Out param with its tensor.create (reason "In param 'x' already takes Out param 'lo'"; not shown by --remarks, because the rule matches on lo and a matching rule reports no notes)
import ptorw.language as pl


@pl.program
class InAlreadyTakesOtherOut:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[32, 32], pl.FP32], lo: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
             hi: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [32, 32])
        for k, (c,) in pl.range(4, init_values=(t,)):
            c2 = pl.tile.muls(c, 0.5)
            cr = pl.yield_(c2)
        r1 = pl.store(cr, [0, 0], lo)
        r2 = pl.store(cr, [0, 0], hi)
        return r1, r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        o1 = pl.tensor.create([32, 32], dtype=pl.FP32)
        o2 = pl.tensor.create([32, 32], dtype=pl.FP32)
        y1, y2 = self.twin(a, o1, o2)
        return y1, y2
