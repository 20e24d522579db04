# rule: outline-incore-scopes — a tensor written through a tensor.reshape of it is Out: a reshape is a view of its source's storage (docs/semantics.md), so the store into v writes o (before the 40th session only tensor.slice was followed, o stayed In and the pass's output failed the verifier)
import ptorw.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="store_reshaped"):
            v = pl.tensor.reshape(o, [32, 64])
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [0, 0], v)
        return o
