package defs

import (
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// good is a definition every bad one below differs from in one place.
const good = `# a comment
[[solver]]
name    = "sat/picosat/test"
input   = "cnf"
options = { encoding = "minimal" }
command = ["picosat", "{input}"]
output  = "sat-competition"
unique  = "block"
version = ["picosat", "--version"]
`

func TestParseGood(t *testing.T) {
	f, err := Parse("good.toml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Definitions) != 1 || len(f.SHA256) != 64 {
		t.Fatalf("%d definitions, sha %q", len(f.Definitions), f.SHA256)
	}
	d := f.Definitions[0]
	want := map[string]string{"encoding": "minimal", "at_most_one": "pairwise", "reduce": "none"}
	for k, v := range want {
		if d.Options[k] != v {
			t.Errorf("option %s = %q, want %q (defaults filled in)", k, d.Options[k], v)
		}
	}
	if d.Family != "sat" || d.Line != 2 || d.KeyLine("command") != 6 || d.Engine() != "picosat" {
		t.Errorf("family %s, line %d, command line %d, engine %s", d.Family, d.Line, d.KeyLine("command"), d.Engine())
	}
	if !d.Supports(sudoku.MustGeometry(4, sudoku.Diagonal)) || len(d.Sizes) != sudoku.MaxBox-sudoku.MinBox+1 {
		t.Errorf("sizes %v, variants %v: want every size and both variants by default", d.Sizes, d.Variants)
	}
	in := d.Info()
	if in.Name != d.Name || in.PureGo || in.FirstOnly || in.Source.SHA256 != f.SHA256 || in.Options["engine"] != "picosat" || in.Options["unique"] != "block" {
		t.Errorf("info %+v", in)
	}
}

// Each bad definition is refused with the file, the line and the key.
func TestParseRefuses(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           string // file:line: … key …
	}{
		{"input=unknown", `input   = "cnf"`, `input   = "cnff"`, `bad.toml:4: [[solver]] sat/picosat/test: key input: unknown input "cnff"`},
		{"output=unknown", `output  = "sat-competition"`, `output  = "dimacs"`, `bad.toml:7: [[solver]] sat/picosat/test: key output: unknown output "dimacs"`},
		{"output=mismatch", `output  = "sat-competition"`, `output  = "clasp"`, `bad.toml:7: [[solver]] sat/picosat/test: key output: clasp cannot answer a cnf input`},
		{"key=unknown", `unique  = "block"`, "unique  = \"block\"\ntimeout = 5", `bad.toml:9: [[solver]] sat/picosat/test: key timeout: unknown key`},
		{"command=no-input", `command = ["picosat", "{input}"]`, `command = ["picosat"]`, `bad.toml:6: [[solver]] sat/picosat/test: key command: no {input}`},
		{"command=program-placeholder", `command = ["picosat", "{input}"]`, `command = ["{workdir}/picosat", "{input}"]`, `bad.toml:6: [[solver]] sat/picosat/test: key command: the program "{workdir}/picosat" names {workdir}: a program's name may hold {defdir} alone`},
		{"command=unknown-placeholder", `command = ["picosat", "{input}"]`, `command = ["picosat", "{inptu}", "{input}"]`, `bad.toml:6: [[solver]] sat/picosat/test: key command: unknown placeholder {inptu}`},
		{"command=empty", `command = ["picosat", "{input}"]`, `command = []`, `bad.toml:6: [[solver]] sat/picosat/test: key command: empty`},
		{"command=missing", `command = ["picosat", "{input}"]`, ``, `bad.toml:2: [[solver]] sat/picosat/test: key command: missing`},
		{"command=not-strings", `command = ["picosat", "{input}"]`, `command = ["picosat", 3]`, `bad.toml:6: [[solver]] sat/picosat/test: key command: element 2: want a string, not an integer`},
		{"command=string", `command = ["picosat", "{input}"]`, `command = "picosat {input}"`, `bad.toml:6: [[solver]] sat/picosat/test: key command: want an array of strings, not a string`},
		{"command+pipe", `command = ["picosat", "{input}"]`, "command = [\"picosat\", \"{input}\"]\npipe = [[\"cat\"]]", `bad.toml:7: [[solver]] sat/picosat/test: key pipe: give command`},
		{"name=spaces", `name    = "sat/picosat/test"`, `name    = "sat/pico sat"`, `bad.toml:3: [[solver]] sat/pico sat: key name: "sat/pico sat": a name is family/engine`},
		{"name=family", `name    = "sat/picosat/test"`, `name    = "cp/picosat"`, `bad.toml:3: [[solver]] cp/picosat: key name: cp/picosat: a sat pipeline's name starts with sat/`},
		{"name=missing", `name    = "sat/picosat/test"`, ``, `bad.toml:2: [[solver]]: key name: missing`},
		{"unique=bad", `unique  = "block"`, `unique  = "twice"`, `bad.toml:8: [[solver]] sat/picosat/test: key unique: "twice": use block`},
		{"unique=missing", `unique  = "block"`, ``, `bad.toml:2: [[solver]] sat/picosat/test: key unique: missing`},
		{"unique=limit-without-solutions", `unique  = "block"`, `unique  = "limit"`, `bad.toml:8: [[solver]] sat/picosat/test: key unique: limit: the command must pass {solutions}`},
		{"options=unknown", `options = { encoding = "minimal" }`, `options = { encodng = "minimal" }`, `bad.toml:5: [[solver]] sat/picosat/test: key options.encodng: the cnf input has no option encodng`},
		{"options=bad-value", `options = { encoding = "minimal" }`, `options = { encoding = "tiny" }`, `bad.toml:5: [[solver]] sat/picosat/test: key options.encoding: "tiny": use extended, minimal`},
		{"options=not-string", `options = { encoding = "minimal" }`, `options = { encoding = 1 }`, `bad.toml:5: [[solver]] sat/picosat/test: key options.encoding: want a string, not an integer`},
		{"options=dotted", `options = { encoding = "minimal" }`, `options.encoding = "tiny"`, `bad.toml:5: [[solver]] sat/picosat/test: key options.encoding: "tiny"`},
		{"key=twice", `unique  = "block"`, "unique  = \"block\"\nunique = \"none\"", `bad.toml:9: key unique given twice in this [[solver]] (first on line 8)`},
		{"sizes=bad", `unique  = "block"`, "unique  = \"block\"\nsizes = [9, 10]", `bad.toml:9: [[solver]] sat/picosat/test: key sizes: 10: want grid sides`},
		{"variants=bad", `unique  = "block"`, "unique  = \"block\"\nvariants = [\"killer\"]", `bad.toml:9: [[solver]] sat/picosat/test: key variants: "killer": use classic or diagonal`},
		{"family=conflict", `unique  = "block"`, "unique  = \"block\"\nfamily = \"cp\"", `bad.toml:9: [[solver]] sat/picosat/test: key family: cp: a cnf input makes the pipeline sat`},
		{"stdin=string", `unique  = "block"`, "unique  = \"block\"\nstdin = \"yes\"", `bad.toml:9: [[solver]] sat/picosat/test: key stdin: want true or false, not a string`},
		{"table=sub", `unique  = "block"`, "unique  = \"block\"\n[solver.options]\nencoding = \"x\"", `bad.toml:9: [solver.options]: a definition file holds [[solver]] tables only`},
		{"table=other", `[[solver]]`, "[[pipeline]]", `bad.toml:2: [[pipeline]]: a definition file holds [[solver]] tables only`},
		{"toml=invalid", `unique  = "block"`, `unique  = "block`, `bad.toml:8: column`},
		{"toml=empty", good, "# nothing\n", `bad.toml: no [[solver]] table`},
		{"proof=not-drat", `unique  = "block"`, "unique  = \"block\"\nproof = \"lrat\"", `bad.toml:9: [[solver]] sat/picosat/test: key proof: "lrat": the suite checks DRAT proofs only`},
		{"proof=without-placeholder", `unique  = "block"`, "unique  = \"block\"\nproof = \"drat\"", `bad.toml:9: [[solver]] sat/picosat/test: key proof: drat: the command must name the proof file with {proof}`},
		{"proof=placeholder-without-key", `command = ["picosat", "{input}"]`, `command = ["picosat", "{input}", "{proof}"]`, `bad.toml:6: [[solver]] sat/picosat/test: key command: {proof} names a proof file, but the definition writes no proof`},
		{"proof=not-boolean-text", `unique  = "block"`, "unique  = \"block\"\nproof = true", `bad.toml:9: [[solver]] sat/picosat/test: key proof: want a string, not a boolean`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Replace(good, tt.old, tt.new, 1)
			_, err := Parse("bad.toml", []byte(text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err:\n%v\nwant it to contain\n%s", err, tt.want)
			}
		})
	}
}

// What uniqueness a definition can claim depends on its input and output.
func TestParseRefusesImpossibleUniqueness(t *testing.T) {
	tests := []struct {
		name, def, want string
	}{
		{"input=puzzle/block", `name = "py/solver"
input = "puzzle"
command = ["python3", "solve.py", "{input}"]
output = "grid"
unique = "block"`, `bad.toml:6: [[solver]] py/solver: key unique: block: a puzzle input cannot exclude a solution`},
		{"input=qubo/block", `name = "qubo/mysampler"
input = "qubo"
command = ["sampler", "{input}"]
output = "grid"
unique = "block"`, `key unique: block: a qubo input cannot exclude a solution`},
		{"output=smtlib/limit", `name = "smt/z3/x"
input = "smt2"
command = ["z3", "{input}", "{solutions}"]
output = "smtlib"
unique = "limit"`, `key unique: limit: smtlib output holds one solution`},
		{"input=puzzle/name-is-a-family", `name = "sat/mine"
input = "puzzle"
command = ["mine"]
stdin = true
output = "grid"
unique = "none"`, `key name: sat/mine: a direct solver's name is method/variant, and sat is a family`},
		{"family=unknown", `name = "annealing/mine"
family = "annealing"
input = "puzzle"
command = ["mine"]
stdin = true
output = "grid"
unique = "none"`, `key family: unknown family "annealing"; known: ` + strings.Join(solvers.Families(), ", ")},
		{"proof=opb", `name = "milp/pb-proving"
input = "opb"
command = ["minisat+", "{input}", "{proof}"]
output = "pb-competition"
unique = "block"
proof = "drat"`, `bad.toml:7: [[solver]] milp/pb-proving: key proof: drat: a DRAT proof refutes a CNF formula, and the input is opb`},
		{"proof=limit", `name = "sat/enumerating"
input = "cnf"
command = ["enum", "{input}", "{solutions}", "{proof}"]
output = "sat-competition"
unique = "limit"
proof = "drat"`, `bad.toml:7: [[solver]] sat/enumerating: key proof: drat: with unique = "limit" one call looks for two solutions`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("bad.toml", []byte("[[solver]]\n"+tt.def+"\n"))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err:\n%v\nwant it to contain\n%s", err, tt.want)
			}
		})
	}
}

// A file's problems come together, each on its own line; a name defined
// twice in one file is refused.
func TestParseGathersErrors(t *testing.T) {
	text := good + strings.Replace(good, `"cnf"`, `"cnff"`, 1) + good
	_, err := Parse("bad.toml", []byte(text))
	if err == nil {
		t.Fatal("accepted")
	}
	msg := err.Error()
	for _, want := range []string{`bad.toml:13: [[solver]] sat/picosat/test: key input: unknown input "cnff"`, `bad.toml:21: [[solver]] sat/picosat/test: key name: sat/picosat/test is defined twice (first on line 2)`} {
		if !strings.Contains(msg, want) {
			t.Errorf("errors:\n%s\nlack\n%s", msg, want)
		}
	}
}

// A pipe runs several programs; stdin = true frees the command from
// {input}; a direct solver's family defaults to direct and its variants
// to classic only.
func TestParsePipeAndStdin(t *testing.T) {
	f, err := Parse("ok.toml", []byte(`[[solver]]
name = "asp/mine"
input = "asp"
pipe = [["gringo"], ["clasp", "-n", "{solutions}"]]
stdin = true
output = "clasp"
unique = "limit"

[[solver]]
name = "python/mine"
input = "puzzle"
command = ["python3", "mine.py"]
stdin = true
output = "grid"
unique = "none"
sizes = [9]
`))
	if err != nil {
		t.Fatal(err)
	}
	asp, py := f.Definitions[0], f.Definitions[1]
	if asp.Engine() != "gringo|clasp" || !asp.Stdin || len(asp.Stages) != 2 {
		t.Errorf("asp: engine %s, stdin %v, %d stages", asp.Engine(), asp.Stdin, len(asp.Stages))
	}
	if py.Family != "direct" || py.Supports(sudoku.MustGeometry(3, sudoku.Diagonal)) || py.Supports(sudoku.MustGeometry(2, sudoku.Classic)) || !py.Supports(sudoku.MustGeometry(3, sudoku.Classic)) {
		t.Errorf("python: family %s, sizes %v, variants %v", py.Family, py.Sizes, py.Variants)
	}
	if !py.Info().FirstOnly || py.Info().ModeFor("unique") != "first" {
		t.Errorf("python: unique = none must run in first mode")
	}
}
