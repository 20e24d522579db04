# rule: outline-incore-scopes — a tensor written by tile.store through values carrying it (loop iter-args) is Out, or InOut when the scope also reads it otherwise: here the loop loads each row block from the iter-arg acc before storing into it, so o is read through its carrier and is InOut
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="double_rows"):
            for i, (acc,) in pl.range(4, init_values=(o,)):
                t = pl.load(acc, [i * 16, 0], [16, 32])
                u = pl.tile.add(t, t)
                nxt = pl.store(u, [i * 16, 0], acc)
                res = pl.yield_(nxt)
        return res
