# rule: outline-incore-scopes — a tensor read through a carrier is InOut: an If's result carries what either arm yields, so loading from r (the store into o in one arm, o itself in the other) reads o, which the scope also writes: o is InOut, not Out


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], p: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="maybe_store"):
            t = pl.load(x, [0, 0], [16, 32])
            if n > 0:
                s = pl.store(t, [0, 0], o)
                r = pl.yield_(s)
            else:
                r = pl.yield_(o)
            u = pl.load(r, [16, 0], [16, 32])
            v = pl.store(u, [32, 0], p)
        return v
