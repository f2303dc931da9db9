package figure

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// LogRange returns a positive range covering the positive values of vs;
// zeros and missing values are drawn at the lower end, half the smallest
// positive value (1 µs when there is none).
func LogRange(vs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), 0.0
	for _, v := range vs {
		if v > 0 {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if hi == 0 {
		return 1e-6, 1e-5
	}
	lo /= 2
	if hi <= lo*2 {
		hi = lo * 10
	}
	return lo, hi
}

// LogValueAxis makes ax an axis of log10 values covering [lo, hi] in the
// quantity t labels, 20% headroom.
//
// Every log axis here plots log10 of its values on a linear scale rather
// than using plot.LogScale: gonum places an axis label by the linear
// midpoint of a log axis, which squeezes the data area when the label is
// long, and box plots must compute their quartiles on log10 anyway.
func LogValueAxis(ax *plot.Axis, lo, hi float64, t plot.Ticker) {
	ax.Min, ax.Max = math.Log10(lo), math.Log10(hi*1.2)
	ax.Tick.Marker = logged{t}
}

// logged labels an axis of log10 values with a ticker of the quantity.
type logged struct{ plot.Ticker }

// Ticks implements plot.Ticker.
func (l logged) Ticks(lo, hi float64) []plot.Tick {
	ts := l.Ticker.Ticks(math.Pow(10, lo), math.Pow(10, hi))
	for i := range ts {
		ts[i].Value = math.Log10(ts[i].Value)
	}
	return ts
}

// logTicks puts a tick at every 1–9 × 10ᵏ in [lo, hi], labelling the
// decades, and 2 and 5 too over less than three decades. A range too
// narrow for two labels gets round linear steps instead: it still needs a
// scale.
func logTicks(lo, hi float64, label func(float64) string) []plot.Tick {
	named := func(m float64) bool { return m == 1 || hi < 1000*lo && (m == 2 || m == 5) }
	var ts []plot.Tick
	labelled := 0
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for m := 1.0; m < 10; m++ {
			v := times10(m, e)
			if v < lo*0.999 || v > hi*1.001 {
				continue
			}
			t := plot.Tick{Value: v}
			if named(m) {
				t.Label = label(v)
				labelled++
			}
			ts = append(ts, t)
		}
	}
	if labelled < 2 {
		return roundTicks(lo, hi, label)
	}
	return ts
}

// times10 is m·10ᵉ, dividing for negative e so that 0.3 is 0.3, not
// 0.30000000000000004.
func times10(m, e float64) float64 {
	if e < 0 {
		return m / math.Pow(10, -e)
	}
	return m * math.Pow(10, e)
}

// TimeTicks labels seconds in adaptive units.
type TimeTicks struct{}

// Ticks implements plot.Ticker.
func (TimeTicks) Ticks(lo, hi float64) []plot.Tick {
	return logTicks(lo, hi, func(s float64) string { return durationLabel(s * 1e9) })
}

// NumberTicks labels a log axis with plain numbers, such as MiB or a
// loss (the axis label names the unit).
type NumberTicks struct{}

// Ticks implements plot.Ticker.
func (NumberTicks) Ticks(lo, hi float64) []plot.Tick {
	return logTicks(lo, hi, func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) })
}

// CountTicks labels counts with metric suffixes: "1 k", "10 M".
type CountTicks struct{}

// Ticks implements plot.Ticker.
func (CountTicks) Ticks(lo, hi float64) []plot.Tick {
	return logTicks(lo, hi, countLabel)
}

// countLabel writes a count in the largest metric unit that keeps the
// number at least 1: "500", "2 k", "10 M".
func countLabel(v float64) string {
	units := []string{"", " k", " M", " G", " T"}
	i := 0
	for v >= 999.5 && i < len(units)-1 {
		v /= 1000
		i++
	}
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) + units[i]
}

// durationLabel writes nanoseconds in the largest unit that keeps the
// number at least 1, never in exponent form: "200 µs", "1 s", "1000 s".
func durationLabel(v float64) string {
	units := []string{"ns", "µs", "ms", "s"}
	i := 0
	for v >= 999.5 && i < len(units)-1 {
		v /= 1000
		i++
	}
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) + " " + units[i]
}

// LinearTicks labels round values as plain numbers (the axis label names
// the unit).
type LinearTicks struct{}

// Ticks implements plot.Ticker.
func (LinearTicks) Ticks(lo, hi float64) []plot.Tick {
	return roundTicks(lo, hi, func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) })
}

// roundTicks labels values 1, 2 or 5 × 10ᵏ apart, four to eight over
// [lo, hi].
func roundTicks(lo, hi float64, label func(float64) string) []plot.Tick {
	if !(hi > lo) {
		return nil
	}
	raw := (hi - lo) / 8
	e := math.Floor(math.Log10(raw))
	m := 10.0
	for _, c := range []float64{1, 2, 5} {
		if times10(c, e) >= raw {
			m = c
			break
		}
	}
	var ts []plot.Tick
	for k := math.Ceil(lo / times10(m, e)); times10(k*m, e) <= hi; k++ {
		v := times10(k*m, e)
		ts = append(ts, plot.Tick{Value: v, Label: label(v)})
	}
	return ts
}

// categories labels a category axis: label i at value i. A narrow axis
// shows its labels wrapped (shown) or turned (the tick label style).
type categories struct{ labels, shown []string }

// Ticks implements plot.Ticker.
func (c categories) Ticks(lo, hi float64) []plot.Tick {
	labels := c.shown
	if labels == nil {
		labels = c.labels
	}
	ts := make([]plot.Tick, len(labels))
	for i, l := range labels {
		ts[i] = plot.Tick{Value: float64(i), Label: l}
	}
	return ts
}

// Nominal makes ax a category axis: label i at value i.
func Nominal(ax *plot.Axis, labels []string) {
	ax.Tick.Marker = categories{labels: labels}
	ax.Min, ax.Max = -0.5, float64(len(labels))-0.5
}

// thinned labels every every-th labelled tick of a ticker, counting from
// the from-th, and leaves the others unlabelled: a narrow axis keeps its
// scale without labels running into each other.
type thinned struct {
	plot.Ticker
	every, from int
}

// Ticks implements plot.Ticker.
func (t thinned) Ticks(lo, hi float64) []plot.Tick {
	ts := t.Ticker.Ticks(lo, hi)
	n := 0
	for i := range ts {
		if ts[i].Label == "" {
			continue
		}
		if (n-t.from)%t.every != 0 {
			ts[i].Label = ""
		}
		n++
	}
	return ts
}

// base is the ticker under any thinning.
func base(t plot.Ticker) plot.Ticker {
	if th, ok := t.(thinned); ok {
		return th.Ticker
	}
	return t
}

// fitAxes fits a panel's axis labels and tick labels to a data area of
// w × h: an axis label wraps to the axis's length, a category axis wraps
// or turns its tick labels, a value axis labels fewer of its ticks, until
// no two labels collide.
func fitAxes(p *plot.Plot, w, h vg.Length) {
	for _, a := range []struct {
		ax     *plot.Axis
		length vg.Length
	}{{&p.X, w}, {&p.Y, h}} {
		a.ax.Label.Text = wrapWords(strings.ReplaceAll(a.ax.Label.Text, "\n", " "), a.ax.Label.TextStyle, a.length)
	}
	if c, ok := p.X.Tick.Marker.(categories); ok {
		fitCategories(p, c, w)
	} else {
		thin(&p.X, w, true)
	}
	if _, ok := p.Y.Tick.Marker.(categories); !ok {
		thin(&p.Y, h, false)
	}
}

// labelled returns an axis's labelled ticks and their positions along an
// axis of the given length.
func labelled(ax *plot.Axis, ticks []plot.Tick, length vg.Length) ([]plot.Tick, []vg.Length) {
	var ts []plot.Tick
	var at []vg.Length
	for _, t := range ticks {
		if t.Label != "" && t.Value >= ax.Min && t.Value <= ax.Max {
			ts = append(ts, t)
			at = append(at, length*vg.Length(ax.Norm(t.Value)))
		}
	}
	return ts, at
}

// thin labels every k-th tick of a value axis for the least k at which
// neighbouring labels keep labelGap apart, counting from a tick at a
// power of ten where there is one.
func thin(ax *plot.Axis, length vg.Length, horizontal bool) {
	b := base(ax.Tick.Marker)
	ts, at := labelled(ax, b.Ticks(ax.Min, ax.Max), length)
	extent := func(t plot.Tick) vg.Length {
		if horizontal {
			return ax.Tick.Label.Width(t.Label)
		}
		return ax.Tick.Label.Height(t.Label)
	}
	from := 0
	for i, t := range ts {
		if e := math.Log10(math.Abs(t.Value)); e == math.Trunc(e) {
			from = i
			break
		}
	}
	for every := 1; every <= len(ts); every++ {
		fits := true
		prev := -1
		for i := range ts {
			if (i-from)%every != 0 {
				continue
			}
			if prev >= 0 && at[i]-at[prev] < (extent(ts[i])+extent(ts[prev]))/2+labelGap {
				fits = false
				break
			}
			prev = i
		}
		if fits {
			ax.Tick.Marker = b
			if every > 1 {
				ax.Tick.Marker = thinned{Ticker: b, every: every, from: ((from % every) + every) % every}
			}
			return
		}
	}
}

// fitCategories sets a category axis's labels level when they fit their
// slots, else wrapped onto two lines at spaces, else turned 45° (90°
// where even that collides), reading upwards to their tick.
func fitCategories(p *plot.Plot, c categories, w vg.Length) {
	sty := &p.X.Tick.Label
	sty.Rotation, sty.XAlign, sty.YAlign = 0, draw.XCenter, draw.YTop
	c.shown = nil
	slot := w / vg.Length(max(p.X.Max-p.X.Min, 1))
	if widest(*sty, c.labels) <= slot-labelGap {
		p.X.Tick.Marker = c
		return
	}
	// Break at spaces where that fits; a name such as 17-clue+5 is not
	// broken at its hyphens, it is turned.
	wrapped := make([]string, len(c.labels))
	for i, l := range c.labels {
		wrapped[i] = wrapWords(l, *sty, slot-labelGap)
	}
	if widest(*sty, wrapped) <= slot-labelGap && maxLines(wrapped) <= 2 {
		c.shown = wrapped
		p.X.Tick.Marker = c
		return
	}
	sty.Rotation, sty.XAlign, sty.YAlign = math.Pi/4, draw.XRight, draw.YCenter
	if slot*vg.Length(math.Sin(math.Pi/4)) < sty.FontExtents().Height+labelGap/2 {
		sty.Rotation = math.Pi / 2
	}
	// A turned label ends at its tick, raised by the font's descent:
	// a trailing space keeps it off the tick mark.
	c.shown = make([]string, len(c.labels))
	for i, l := range c.labels {
		c.shown[i] = l + " "
	}
	p.X.Tick.Marker = c
}

func widest(sty text.Style, labels []string) vg.Length {
	w := vg.Length(0)
	for _, l := range labels {
		w = max(w, sty.Width(l))
	}
	return w
}

func maxLines(labels []string) int {
	n := 0
	for _, l := range labels {
		n = max(n, strings.Count(l, "\n")+1)
	}
	return n
}

// overhang is how far the x tick labels reach left of a data area of
// width w: the space the axis needs left of it.
func overhang(p *plot.Plot, w vg.Length) vg.Length {
	left := vg.Length(0)
	ts, at := labelled(&p.X, p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max), w)
	for i, t := range ts {
		left = min(left, at[i]+p.X.Tick.Label.Rectangle(t.Label).Min.X)
	}
	return -left
}
