# rule: outline-incore-scopes (issue 4 Build, spec Windowize Opt-in) — a pl.at(level=pl.Level.CORE_GROUP, windowize=True, name_hint="scale_rows") scope of tile code in a loop of an Orchestration function becomes an InCore function named by name_hint with attr windowize=True; free values become params in order of first use (src In, the loop variable i In, acc Out: written by tile.store only) and the escaping store result nxt is its return
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            row = i * 16
            with pl.at(level=pl.Level.CORE_GROUP, windowize=True, name_hint="scale_rows"):
                t = pl.load(a, [row, 0], [16, 32])
                u = pl.tile.muls(t, 2.0)
                nxt = pl.store(u, [row, 0], acc)
            res = pl.yield_(nxt)
        return res
