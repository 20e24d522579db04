# rule: outline-incore-scopes then optimize-orch-tensors (spec Windowize Opt-in: `with pl.at(level=pl.Level.CORE_GROUP, windowize=True)` is the DSL's way to opt a kernel in) — the outlined kernel carries windowize=True, so Pattern 5 windows its FinalStore at each loop call site
# passes: outline-incore-scopes,optimize-orch-tensors
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        buf = pl.create_tensor([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(buf,)):
            with pl.at(level=pl.Level.CORE_GROUP, windowize=True, name_hint="head"):
                t = pl.load(x, [0, 0], [16, 32])
                u = pl.tile.exp(t)
                r = pl.store(u, [i * 16, 0], acc)
            res = pl.yield_(r)
        return res
