package nn

import "math/rand/v2"

// Embedding maps a symbol to a learnt row: the table is symbols×cols.
type Embedding struct {
	Table *Param
}

// NewEmbedding adds name (normal-initialised) to ps.
func NewEmbedding(ps *Params, name string, symbols, cols int, rng *rand.Rand) Embedding {
	return Embedding{Table: ps.New(name, symbols, cols, Normal, rng)}
}

// EmbeddingFrom returns the embedding whose table is name in ps.
func EmbeddingFrom(ps Params, name string) Embedding { return Embedding{Table: ps.Lookup(name)} }

// Forward returns one row per symbol.
func (e Embedding) Forward(ar *Arena, symbols []uint8) Mat {
	y := ar.Mat(len(symbols), e.Table.Value.Cols)
	for i, s := range symbols {
		copy(y.Row(i), e.Table.Value.Row(int(s)))
	}
	return y
}

// Backward adds each row of dy to its symbol's gradient.
func (e Embedding) Backward(symbols []uint8, dy Mat) {
	for i, s := range symbols {
		Add(e.Table.Grad.Row(int(s)), dy.Row(i))
	}
}
