package nn

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestCheckpointRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	var ps Params
	NewLinear(&ps, "a", 3, 2, rng)
	NewLayerNorm(&ps, "n", 2, rng)
	randomize(ps, rng)
	var buf bytes.Buffer
	if err := WriteCheckpoint(&buf, "toy", map[string]int{"width": 2}, ps); err != nil {
		t.Fatal(err)
	}
	c, err := ReadCheckpoint(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if c.Model != "toy" || string(c.Config) != `{"width":2}` {
		t.Errorf("header: model %q config %s", c.Model, c.Config)
	}
	var fresh Params
	NewLinear(&fresh, "a", 3, 2, rng)
	NewLayerNorm(&fresh, "n", 2, rng)
	if err := c.Load(fresh); err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		for j, v := range p.Value.Data {
			if fresh[i].Value.Data[j] != v {
				t.Fatalf("%s[%d] = %v after loading, saved %v", p.Name, j, fresh[i].Value.Data[j], v)
			}
		}
	}
}

func TestCheckpointRejects(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var ps Params
	NewLinear(&ps, "a", 3, 2, rng)
	var buf bytes.Buffer
	if err := WriteCheckpoint(&buf, "toy", nil, ps); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	for name, data := range map[string][]byte{
		"bad magic":  append([]byte("xx"), good[2:]...),
		"cut short":  good[:len(good)-3],
		"extra data": append(append([]byte(nil), good...), 0),
	} {
		if _, err := ReadCheckpoint(bytes.NewReader(data)); err == nil {
			t.Errorf("%s: read without error", name)
		}
	}
	c, err := ReadCheckpoint(bytes.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	var other Params
	NewLinear(&other, "a", 3, 3, rng)
	if err := c.Load(other); err == nil || !strings.Contains(err.Error(), "3×2") {
		t.Errorf("loading into a different shape: %v, want an error naming the shapes", err)
	}
}

func TestAdamMinimisesAQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	var ps Params
	p := ps.New("x", 1, 4, Normal, rng)
	target := []float32{1, -2, 0.5, 3}
	adam := NewAdam(ps)
	for range 2000 {
		for i, v := range p.Value.Data {
			p.Grad.Data[i] = 2 * (v - target[i])
		}
		adam.Step(0.01)
	}
	for i, v := range p.Value.Data {
		if d := v - target[i]; d > 1e-2 || d < -1e-2 {
			t.Errorf("x[%d] = %v after 2000 steps, want %v", i, v, target[i])
		}
	}
}
