package defs

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/sudokubench/sudokubench/encodings/formats"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// File is a definition file: its name as given, its text and SHA-256, and
// the pipelines it defines.
type File struct {
	Name string
	// Dir is the directory the file is in, for {defdir}: absolute when
	// the file was loaded from disk.
	Dir         string
	Text        []byte
	SHA256      string
	Definitions []*Definition
}

// Definition is one pipeline defined in a file: a [[solver]] table.
type Definition struct {
	File *File
	Line int // of its [[solver]] header

	Name        string
	Family      string
	Description string
	// Input is the format the suite writes for the program; Options are
	// its options, every one set (defaults filled in).
	Input   string
	format  *formats.Format // Input's, once checked
	Options map[string]string
	// Stages are the programs' argument vectors: one for command, several
	// for pipe (each one's output feeds the next).
	Stages [][]string
	// Stdin says the input goes to the first program's standard input
	// rather than to a file named by {input}.
	Stdin  bool
	Output string
	// Unique is how the program proves a solution unique: "block" (a second
	// call with the first solution excluded), "limit" (one call asking for
	// {solutions} = 2) or "none" (first mode only).
	Unique string
	// Proof is "drat" when the program writes a DRAT proof of the CNF it
	// was given to the file {proof} names; "" when it cannot.
	Proof string
	// Version lists the commands whose output is the program's version.
	Version [][]string
	// Package is the Debian package that provides the program, if any.
	Package    string
	Variants   []sudoku.Variant
	Sizes      []int // grid sides: 4, 9, 16, 25
	Stochastic bool

	lines map[string]int // key → line
}

// Keys a [[solver]] table may hold.
var knownKeys = []string{
	"name", "description", "family", "input", "options", "command", "pipe", "stdin",
	"output", "unique", "proof", "version", "package", "variants", "sizes", "stochastic",
}

// Placeholders are what a command's arguments may name in braces.
var Placeholders = map[string]string{
	"input":      "the input file's path",
	"timeout":    "whole seconds left before the deadline, at least 1 (a day without a limit)",
	"timeout_ms": "milliseconds left before the deadline",
	"seed":       "the run's seed",
	"solutions":  "how many solutions to look for: 1, or 2 in unique mode with unique = \"limit\"",
	"workdir":    "a private directory for the call's files",
	"result":     "a file the program writes its answer to, read instead of its standard output",
	"defdir":     "the directory of the definition file, for scripts kept beside it",
	"variant":    "classic or diagonal",
	"size":       "the grid's side: 4, 9, 16, 25 or 36",
	"proof":      "the file the program writes its DRAT proof to (proof = \"drat\"); an argument naming it is left out when no proof is asked for",
}

var (
	namePattern        = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*){1,2}$`)
	placeholderPattern = regexp.MustCompile(`\{([a-z_]+)\}`)
)

// Parse reads a definition file's text; name is how errors name the file.
// Every problem found is returned, one per line, each naming the file, the
// line and the key.
func Parse(name string, text []byte) (*File, error) {
	sum := sha256.Sum256(text)
	f := &File{Name: name, Dir: filepath.Dir(name), Text: text, SHA256: hex.EncodeToString(sum[:])}
	entries, err := readEntries(name, text)
	if err != nil {
		return nil, err
	}
	var errs []error
	seen := make(map[string]*Definition)
	for _, e := range entries {
		d, derrs := f.define(e)
		errs = append(errs, derrs...)
		if d == nil {
			continue
		}
		if prev, dup := seen[d.Name]; dup {
			errs = append(errs, d.Errorf("name", "%s is defined twice (first on line %d)", d.Name, prev.Line))
			continue
		}
		seen[d.Name] = d
		f.Definitions = append(f.Definitions, d)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return f, nil
}

// Load reads and parses a definition file.
func Load(path string) (*File, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("solver definitions: %w", err)
	}
	f, err := Parse(path, text)
	if err != nil {
		return nil, err
	}
	if f.Dir, err = filepath.Abs(f.Dir); err != nil {
		return nil, fmt.Errorf("solver definitions: %w", err)
	}
	return f, nil
}

// KeyLine returns the line a key of the definition is on (its [[solver]]
// line when the key was not written).
func (d *Definition) KeyLine(key string) int {
	if line, ok := d.lines[key]; ok {
		return line
	}
	return d.Line
}

// Errorf makes an error about a key of the definition: file, line, the
// pipeline's name and the key.
func (d *Definition) Errorf(key, format string, args ...any) error {
	who := "[[solver]]"
	if d.Name != "" {
		who = fmt.Sprintf("[[solver]] %s", d.Name)
	}
	return &positioned{file: d.File.Name, line: d.KeyLine(key), msg: fmt.Sprintf("%s: key %s: %s", who, key, fmt.Sprintf(format, args...))}
}

// define checks one [[solver]] table and makes its definition.
func (f *File) define(e *entry) (*Definition, []error) {
	d := &Definition{File: f, Line: e.line, lines: make(map[string]int)}
	c := &checker{d: d, e: e}
	for _, k := range e.order {
		d.lines[k] = e.keys[k].line
		if v := e.keys[k]; v.table != nil {
			for sub, sv := range v.table {
				d.lines[k+"."+sub] = sv.line
			}
		}
	}
	d.Name = c.str("name", true)
	for _, k := range e.order {
		if !slices.Contains(knownKeys, k) {
			c.errorf(k, "unknown key; known: %s", strings.Join(knownKeys, ", "))
		}
	}
	c.checkName()
	d.Description = c.str("description", false)
	in, out := c.input(), c.output()
	c.family(in)
	c.options(in)
	c.stages()
	d.Stdin = c.boolean("stdin")
	if len(d.Stages) > 0 && !d.Stdin && !d.uses("input") {
		c.errorf(c.stagesKey(), "no {input} in the command: name the input file, or set stdin = true to read it on standard input")
	}
	d.Stochastic = c.boolean("stochastic")
	d.Package = c.str("package", false)
	c.version()
	c.unique(in, out)
	c.proof(in)
	c.variants(in)
	c.sizes()
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	if d.Description == "" {
		d.Description = d.describe(in, out)
	}
	return d, nil
}

// describe is the default description.
func (d *Definition) describe(in *formats.Format, out *output) string {
	proof := map[string]string{
		"block": "unique mode by a second call with the first solution excluded",
		"limit": "unique mode by asking for two solutions",
		"none":  "first mode only",
	}[d.Unique]
	feed := "a file"
	if d.Stdin {
		feed = "standard input"
	}
	return fmt.Sprintf("%s on %s (%s), its answer read as %s; %s", d.Engine(), in.About, feed, out.name, proof)
}

// Engine names the programs: "picosat", "gringo|clasp".
func (d *Definition) Engine() string {
	names := make([]string, len(d.Stages))
	for i, s := range d.Stages {
		names[i] = s[0]
	}
	return strings.Join(names, "|")
}

// checker reads and checks the keys of one entry into its definition,
// gathering errors.
type checker struct {
	d    *Definition
	e    *entry
	errs []error
}

func (c *checker) errorf(key, format string, args ...any) {
	c.errs = append(c.errs, c.d.Errorf(key, format, args...))
}

// kindName says what a TOML value is, for messages.
func kindName(v *value) string {
	switch v.kind {
	case unstable.String:
		return "a string"
	case unstable.Bool:
		return "a boolean"
	case unstable.Integer:
		return "an integer"
	case unstable.Float:
		return "a float"
	case unstable.Array:
		return "an array"
	case unstable.InlineTable:
		return "a table"
	}
	return "a " + strings.ToLower(v.kind.String())
}

func (c *checker) str(key string, required bool) string {
	v, ok := c.e.keys[key]
	switch {
	case !ok && required:
		c.errorf(key, "missing")
		return ""
	case !ok:
		return ""
	case v.kind != unstable.String:
		c.errorf(key, "want a string, not %s", kindName(v))
		return ""
	case v.str == "" && required:
		c.errorf(key, "empty")
	}
	return v.str
}

func (c *checker) boolean(key string) bool {
	v, ok := c.e.keys[key]
	if ok && v.kind != unstable.Bool {
		c.errorf(key, "want true or false, not %s", kindName(v))
	}
	return ok && v.truth
}

// strings reads an array of strings.
func (c *checker) strings(key string, v *value) ([]string, bool) {
	if v.kind != unstable.Array {
		c.errorf(key, "want an array of strings, not %s", kindName(v))
		return nil, false
	}
	out := make([]string, len(v.list))
	for i, x := range v.list {
		if x.kind != unstable.String {
			c.errorf(key, "element %d: want a string, not %s", i+1, kindName(x))
			return nil, false
		}
		out[i] = x.str
	}
	return out, true
}

// argv reads a command: a non-empty array of strings, the first a program.
func (c *checker) argv(key string, v *value) ([]string, bool) {
	args, ok := c.strings(key, v)
	switch {
	case !ok:
		return nil, false
	case len(args) == 0:
		c.errorf(key, "empty: give the program and its arguments")
		return nil, false
	case strings.TrimSpace(args[0]) == "":
		c.errorf(key, "no program named")
		return nil, false
	}
	return args, true
}

func (c *checker) checkName() {
	name := c.d.Name
	if name != "" && !namePattern.MatchString(name) {
		c.errorf("name", "%q: a name is family/engine or family/engine/options, in lower-case letters, digits, '.', '_' and '-'", name)
	}
}

func (c *checker) input() *formats.Format {
	name := c.str("input", true)
	c.d.Input = name
	if name == "" {
		return nil
	}
	in, err := formats.Lookup(name)
	if err != nil {
		c.errorf("input", "unknown input %q; known: %s", name, strings.Join(formats.Names(), ", "))
	}
	c.d.format = in
	return in
}

func (c *checker) output() *output {
	name := c.str("output", true)
	c.d.Output = name
	out, ok := outputs[name]
	if name != "" && !ok {
		c.errorf("output", "unknown output %q; known: %s", name, strings.Join(outputNames(), ", "))
	}
	return out
}

// family settles the pipeline's family: the input's, or for the puzzle
// line (which the program poses its own way) the family key, direct by
// default. The name must start with it, except a direct solver's, which
// must not start with another family.
func (c *checker) family(in *formats.Format) {
	given := c.str("family", false)
	if given != "" && !slices.Contains(solvers.Families(), given) {
		c.errorf("family", "unknown family %q; known: %s", given, strings.Join(solvers.Families(), ", "))
		return
	}
	if in == nil {
		return
	}
	family := in.Family
	switch {
	case in.Name == "puzzle" && given != "":
		family = given
	case given != "" && given != in.Family:
		c.errorf("family", "%s: a %s input makes the pipeline %s", given, in.Name, in.Family)
		return
	}
	c.d.Family = family
	first, _, _ := strings.Cut(c.d.Name, "/")
	switch {
	case c.d.Name == "" || !namePattern.MatchString(c.d.Name):
	case family == "direct" && slices.Contains(solvers.Families(), first):
		c.errorf("name", "%s: a direct solver's name is method/variant, and %s is a family", c.d.Name, first)
	case family != "direct" && first != family:
		c.errorf("name", "%s: a %s pipeline's name starts with %s/", c.d.Name, family, family)
	}
}

// options checks the input's options and fills in the defaults.
func (c *checker) options(in *formats.Format) {
	given := make(map[string]string)
	if v, ok := c.e.keys["options"]; ok {
		if v.table == nil {
			c.errorf("options", "want a table, as options = { encoding = \"extended\" }, not %s", kindName(v))
			return
		}
		for _, k := range v.order {
			sv := v.table[k]
			if sv.kind != unstable.String {
				c.errorf("options."+k, "want a string, not %s", kindName(sv))
				continue
			}
			given[k] = sv.str
		}
	}
	if in == nil {
		return
	}
	c.d.Options = make(map[string]string)
	for k, val := range given {
		allowed, known := in.Options[k]
		switch {
		case !known:
			c.errorf("options."+k, "the %s input has no option %s; its options: %s", in.Name, k, in.DescribeOptions())
		case allowed != nil && !slices.Contains(allowed, val):
			c.errorf("options."+k, "%q: use %s", val, strings.Join(allowed, ", "))
		default:
			c.d.Options[k] = val
		}
	}
	for k, allowed := range in.Options {
		if _, set := c.d.Options[k]; !set && allowed != nil {
			c.d.Options[k] = allowed[0]
		}
	}
}

// stages reads command (one program) or pipe (programs in a pipeline) and
// checks their placeholders.
func (c *checker) stages() {
	cmd, hasCmd := c.e.keys["command"]
	pipe, hasPipe := c.e.keys["pipe"]
	switch {
	case hasCmd && hasPipe:
		c.errorf("pipe", "give command (one program) or pipe (several), not both")
		return
	case hasCmd:
		if args, ok := c.argv("command", cmd); ok {
			c.d.Stages = [][]string{args}
		}
	case hasPipe:
		c.pipe(pipe)
	default:
		c.errorf("command", "missing: give the program and its arguments, as command = [\"picosat\", \"{input}\"]")
		return
	}
	for _, stage := range c.d.Stages {
		for i, arg := range stage {
			for _, m := range placeholderPattern.FindAllStringSubmatch(arg, -1) {
				_, known := Placeholders[m[1]]
				switch {
				case !known:
					c.errorf(c.stagesKey(), "unknown placeholder {%s} in %q; known: %s", m[1], arg, placeholderList())
				case i == 0 && m[1] != "defdir":
					c.errorf(c.stagesKey(), "the program %q names {%s}: a program's name may hold {defdir} alone (a script beside the definition file); pass the rest as arguments", arg, m[1])
				}
			}
		}
	}
}

// program is the program a command runs: its first element, with {defdir}
// filled in, so that a script kept beside the definition file runs from
// anywhere.
func (d *Definition) program(argv []string) string {
	return strings.ReplaceAll(argv[0], "{defdir}", d.File.Dir)
}

func (c *checker) pipe(v *value) {
	if v.kind != unstable.Array || len(v.list) == 0 {
		c.errorf("pipe", "want an array of commands, as pipe = [[\"gringo\", \"{input}\"], [\"clasp\"]]")
		return
	}
	for i, x := range v.list {
		args, ok := c.argv(fmt.Sprintf("pipe[%d]", i+1), x)
		if !ok {
			c.d.Stages = nil
			return
		}
		c.d.Stages = append(c.d.Stages, args)
	}
}

func (c *checker) stagesKey() string {
	if _, ok := c.e.keys["pipe"]; ok {
		return "pipe"
	}
	return "command"
}

// uses reports whether some argument names a placeholder.
func (d *Definition) uses(placeholder string) bool {
	for _, stage := range d.Stages {
		for _, arg := range stage {
			if strings.Contains(arg, "{"+placeholder+"}") {
				return true
			}
		}
	}
	return false
}

func placeholderList() string {
	var names []string
	for _, k := range slices.Sorted(maps.Keys(Placeholders)) {
		names = append(names, "{"+k+"}")
	}
	return strings.Join(names, " ")
}

// version reads the version key: one command, or an array of commands.
func (c *checker) version() {
	v, ok := c.e.keys["version"]
	if !ok {
		return
	}
	if v.kind == unstable.Array && len(v.list) > 0 && v.list[0].kind == unstable.Array {
		for i, x := range v.list {
			args, ok := c.argv(fmt.Sprintf("version[%d]", i+1), x)
			if !ok {
				return
			}
			c.d.Version = append(c.d.Version, args)
		}
		return
	}
	if args, ok := c.argv("version", v); ok {
		c.d.Version = [][]string{args}
	}
}

// unique checks how uniqueness is proved against the input, the output
// and the command.
func (c *checker) unique(in *formats.Format, out *output) {
	u := c.str("unique", true)
	c.d.Unique = u
	if u == "" {
		return
	}
	if u != "block" && u != "limit" && u != "none" {
		c.errorf("unique", "%q: use block (a second call with the first solution excluded), limit (the program looks for {solutions} = 2) or none (first mode only)", u)
		return
	}
	if in != nil && out != nil && !in.AnsweredBy(out.name) {
		c.errorf("output", "%s cannot answer a %s input; use grid or %s", out.name, in.Name, strings.Join(in.Answers, ", "))
	}
	switch {
	case u == "block" && in != nil && !in.Excludes:
		c.errorf("unique", "block: a %s input cannot exclude a solution; use limit or none", in.Name)
	case u == "limit" && out != nil && !out.several:
		c.errorf("unique", "limit: %s output holds one solution; use block or none", out.name)
	case u == "limit" && len(c.d.Stages) > 0 && !c.d.uses("solutions"):
		c.errorf("unique", "limit: the command must pass {solutions} (2 in unique mode) to the program")
	}
}

// proof checks the proof key against the input, the command and the way
// uniqueness is proved: a DRAT proof refutes the CNF the suite wrote, one
// call's, so the program must be given a cnf input, a {proof} file, and
// no second solution to look for in the same call.
func (c *checker) proof(in *formats.Format) {
	p := c.str("proof", false)
	c.d.Proof = p
	_, given := c.e.keys["proof"]
	switch {
	case !given:
		if len(c.d.Stages) > 0 && c.d.uses("proof") {
			c.errorf(c.stagesKey(), "{proof} names a proof file, but the definition writes no proof: add proof = \"drat\", or drop {proof}")
		}
		return
	case p != "drat":
		c.errorf("proof", "%q: the suite checks DRAT proofs only: use proof = \"drat\", or leave the key out", p)
	case in != nil && in.Name != "cnf":
		c.errorf("proof", "drat: a DRAT proof refutes a CNF formula, and the input is %s: use input = \"cnf\", or leave the key out", in.Name)
	case len(c.d.Stages) > 0 && !c.d.uses("proof"):
		c.errorf("proof", "drat: the command must name the proof file with {proof}, as [\"cadical\", \"{input}\", \"{proof}\"]")
	case c.d.Unique == "limit":
		c.errorf("proof", "drat: with unique = \"limit\" one call looks for two solutions, and its proof refutes no formula the suite can check: use unique = \"block\"")
	}
}

func (c *checker) variants(in *formats.Format) {
	v, ok := c.e.keys["variants"]
	if !ok {
		c.d.Variants = []sudoku.Variant{sudoku.Classic, sudoku.Diagonal}
		if in != nil && in.Name == "puzzle" {
			// A puzzle line does not say its variant: a program takes
			// the diagonal one only where it says so.
			c.d.Variants = []sudoku.Variant{sudoku.Classic}
		}
		return
	}
	names, ok := c.strings("variants", v)
	if !ok {
		return
	}
	if len(names) == 0 {
		c.errorf("variants", "empty: give classic, diagonal or both")
	}
	for _, n := range names {
		variant, err := sudoku.ParseVariant(n)
		if err != nil || n == "" {
			c.errorf("variants", "%q: use classic or diagonal", n)
			continue
		}
		c.d.Variants = append(c.d.Variants, variant)
	}
}

// supportedSides are the grid sides the suite supports.
func supportedSides() []int {
	var sides []int
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		sides = append(sides, box*box)
	}
	return sides
}

func (c *checker) sizes() {
	v, ok := c.e.keys["sizes"]
	if !ok {
		c.d.Sizes = supportedSides()
		return
	}
	if v.kind != unstable.Array || len(v.list) == 0 {
		c.errorf("sizes", "want an array of grid sides, as sizes = [9] or [4, 9, 16]")
		return
	}
	for _, x := range v.list {
		if x.kind != unstable.Integer || !slices.Contains(supportedSides(), int(x.num)) {
			c.errorf("sizes", "%s: want grid sides among %v", x.String(), supportedSides())
			continue
		}
		c.d.Sizes = append(c.d.Sizes, int(x.num))
	}
}

// String shows a value for messages.
func (v *value) String() string {
	switch v.kind {
	case unstable.String:
		return fmt.Sprintf("%q", v.str)
	case unstable.Integer:
		return fmt.Sprint(v.num)
	case unstable.Bool:
		return fmt.Sprint(v.truth)
	}
	return kindName(v)
}

// Supports reports whether the definition takes puzzles of a geometry.
func (d *Definition) Supports(geo *sudoku.Geometry) bool {
	return slices.Contains(d.Sizes, geo.N) && slices.Contains(d.Variants, geo.Variant)
}
