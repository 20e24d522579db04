# rule: outline-incore-scopes — a tensor written through a carrier is Out/InOut: an iter-arg carries its init on the first trip and what its loop yields on the others, so a store into the iter-arg acc of a loop that yields p writes o on the first trip and p on the later ones, and both are Out (p was In, and the pass's output failed the verifier: 'tile.store writes acc, a view of In parameter p')


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], p: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="store_rows"):
            for i, (acc,) in pl.range(4, init_values=(o,)):
                t = pl.load(x, [0, 0], [16, 32])
                nxt = pl.store(t, [i * 16, 0], acc)
                res = pl.yield_(p)
        return res
