package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// userDocuments are the documents a user reads, relative to the
// repository root: their commands must parse and their links lead
// somewhere.
func userDocuments(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"README.md", "BENCHMARKS.md", "ARCHITECTURE.md"}, pages...)
}

// documentedCommand is one sudokubench command line shown in a
// document's sh code block.
type documentedCommand struct {
	where string   // file:line of the line that starts the command
	args  []string // the words after the program's name
}

// TestDocumentedCommandsParse checks every sudokubench command that the
// README and the docs pages show against the command tree the binary
// builds: the subcommand exists, every flag given exists for it and
// reads its value, and the arguments are as many as it takes. Nothing
// is run.
func TestDocumentedCommandsParse(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	total := 0
	for _, doc := range userDocuments(t) {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		commands := commandsInShellBlocks(doc, string(text))
		if doc == "README.md" && len(commands) < 30 {
			t.Errorf("README.md shows %d sudokubench commands in sh blocks, want at least 30: is the extraction broken?", len(commands))
		}
		total += len(commands)
		for _, c := range commands {
			if err := checkCommandLine(c.args); err != nil {
				t.Errorf("%s: sudokubench %s: %v", c.where, strings.Join(c.args, " "), err)
			}
		}
	}
	t.Logf("%d documented commands parse", total)
}

// TestCheckCommandLine shows that the check refuses what a renamed flag
// or command would leave in a document, and takes the placeholders the
// documents use.
func TestCheckCommandLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		ok   bool
	}{
		{"sudokubench run --corpus 17-clue --limit 20 --reps 3", true},
		{"sudokubench run --corpus 17-clue --no-such-flag 20", false},
		{"sudokubench run --reps many", false},
		{"sudokubench runs --corpus 17-clue", false},
		{"sudokubench compare A -- B", true},
		{"sudokubench encode --to cnf|opb|lp PUZZLE|FILE", true},
		{"sudokubench report results/run-<time>", true},
		{"sudokubench solvers [--wide|--json]", true},
		{"sudokubench solvers [--wide|--jsn]", false},
		{"sudokubench generate --hints 30 --count 100 --seed 7 > puzzles.txt   # unique puzzles", true},
		{"sudokubench merge results/piece-* --out results/all && sudokubench report results/all", true},
		{"sudokubench drat formula.cnf", false},
		{`nice -n 19 sudokubench run --shard "$SLURM_ARRAY_TASK_ID/8"`, true},
	} {
		t.Run("line="+tc.line, func(t *testing.T) {
			commands := commandsInShellBlocks("doc.md", "```sh\n"+tc.line+"\n```\n")
			if len(commands) == 0 {
				t.Fatal("no command found")
			}
			var errs []error
			for _, c := range commands {
				if err := checkCommandLine(c.args); err != nil {
					errs = append(errs, err)
				}
			}
			if ok := len(errs) == 0; ok != tc.ok {
				t.Errorf("accepted = %v, want %v (errors: %v)", ok, tc.ok, errs)
			}
		})
	}
}

// commandsInShellBlocks returns the sudokubench command lines of the sh
// code blocks of a Markdown text, continuation lines joined, comments
// dropped, and each command of a line (`a && b`, `a | b`) apart.
func commandsInShellBlocks(name, text string) []documentedCommand {
	var commands []documentedCommand
	inShell, inOther := false, false
	var pending strings.Builder
	pendingLine := 0
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			switch {
			case inShell || inOther:
				inShell, inOther = false, false
			case trimmed == "```sh" || trimmed == "```bash" || trimmed == "```shell":
				inShell = true
			default:
				inOther = true
			}
			continue
		}
		if !inShell {
			continue
		}
		if pending.Len() == 0 {
			pendingLine = i + 1
		}
		body := stripShellComment(line)
		if cont, ok := strings.CutSuffix(strings.TrimRight(body, " "), `\`); ok {
			pending.WriteString(cont + " ")
			continue
		}
		pending.WriteString(body)
		for _, segment := range regexp.MustCompile(` (&&|\|\||;|\|) `).Split(pending.String(), -1) {
			if args, ok := sudokubenchArgs(shellWords(segment)); ok {
				commands = append(commands, documentedCommand{fmt.Sprintf("%s:%d", name, pendingLine), args})
			}
		}
		pending.Reset()
	}
	return commands
}

// stripShellComment drops a comment: a # at the start or after a space,
// outside quotes.
func stripShellComment(line string) string {
	var quote rune
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (i == 0 || line[i-1] == ' '):
			return line[:i]
		}
	}
	return line
}

// shellWords splits a command into words as the shell does for the
// quoting the documents use: single and double quotes, no expansion.
func shellWords(s string) []string {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				word.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words
}

// sudokubenchArgs returns the arguments of a command that runs
// sudokubench: `sudokubench ...`, a path to it, or `go run
// ./cmd/sudokubench ...`, after environment assignments and `nice -n N`;
// redirections are dropped.
func sudokubenchArgs(words []string) ([]string, bool) {
	for len(words) > 0 && regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`).MatchString(words[0]) {
		words = words[1:]
	}
	if len(words) >= 3 && words[0] == "nice" && words[1] == "-n" {
		words = words[3:]
	}
	switch {
	case len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/sudokubench":
		words = words[3:]
	case len(words) > 0 && path.Base(words[0]) == "sudokubench" && !strings.HasPrefix(words[0], "./cmd"):
		words = words[1:]
	default:
		return nil, false
	}
	var args []string
	for i := 0; i < len(words); i++ {
		if regexp.MustCompile(`^[0-9]?(>>?|<)$`).MatchString(words[i]) {
			i++ // the redirection's file
			continue
		}
		args = append(args, words[i])
	}
	return args, true
}

// checkCommandLine parses args against a fresh command tree: it finds the
// subcommand, parses its flags and checks its arguments' count. An
// optional part written `[--a|--b]` has each of its flags looked up.
func checkCommandLine(args []string) error {
	root := newRootCmd()
	var plain []string
	for _, arg := range args {
		bare := strings.Trim(arg, "[]")
		if strings.HasPrefix(bare, "-") && strings.Contains(bare, "|") {
			for _, alt := range strings.Split(bare, "|") {
				plain = append(plain, "[alternative]"+alt)
			}
			continue
		}
		if bare != "" {
			plain = append(plain, bare)
		}
	}
	var alternatives, rest []string
	for _, arg := range plain {
		if alt, ok := strings.CutPrefix(arg, "[alternative]"); ok {
			alternatives = append(alternatives, alt)
		} else {
			rest = append(rest, arg)
		}
	}
	cmd, rest, err := root.Find(rest)
	if err != nil {
		return err
	}
	if cmd == root && len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		return fmt.Errorf("unknown command %q", rest[0])
	}
	cmd.InitDefaultHelpFlag()
	cmd.InitDefaultVersionFlag()
	if err := cmd.ParseFlags(rest); err != nil {
		return err
	}
	for _, alt := range alternatives {
		if cmd.Flags().Lookup(strings.TrimLeft(alt, "-")) == nil {
			return fmt.Errorf("unknown flag %s", alt)
		}
	}
	if cmd.Flags().Changed("help") || cmd.Flags().Changed("version") {
		return nil
	}
	return cmd.ValidateArgs(cmd.Flags().Args())
}

// TestDocumentLinksResolve checks that every relative link and image of
// the user's documents names a file of the repository, and every anchor
// a heading of its target.
func TestDocumentLinksResolve(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	for _, doc := range userDocuments(t) {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		links := markdownLinks(string(text))
		if doc == "BENCHMARKS.md" && len(links) < len(committedDocuments) {
			t.Fatalf("BENCHMARKS.md links %d files, want at least the %d documents", len(links), len(committedDocuments))
		}
		for _, link := range links {
			if err := checkLink(doc, link); err != nil {
				t.Errorf("%s links %s: %v", doc, link, err)
			}
		}
	}
}

// markdownLinks returns the targets of a Markdown text's links and
// images, outside code blocks and code spans.
func markdownLinks(text string) []string {
	var links []string
	inCode := false
	span := regexp.MustCompile("`[^`]*`")
	target := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inCode = !inCode
			continue
		}
		if inCode {
			continue
		}
		for _, m := range target.FindAllStringSubmatch(span.ReplaceAllString(line, ""), -1) {
			links = append(links, m[1])
		}
	}
	return links
}

// checkLink checks one link of doc: a relative file must exist, and an
// anchor into a Markdown file must be one of its headings'.
func checkLink(doc, link string) error {
	if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
		return nil
	}
	file, anchor, _ := strings.Cut(link, "#")
	target := doc
	if file != "" {
		target = filepath.Join(filepath.Dir(doc), filepath.FromSlash(file))
		if _, err := os.Stat(target); err != nil {
			return err
		}
	}
	if anchor == "" {
		return nil
	}
	if !strings.HasSuffix(target, ".md") {
		return fmt.Errorf("an anchor into %s, which is not Markdown", target)
	}
	text, err := os.ReadFile(target)
	if err != nil {
		return err
	}
	for _, a := range headingAnchors(string(text)) {
		if a == anchor {
			return nil
		}
	}
	return fmt.Errorf("no heading of %s has the anchor #%s", target, anchor)
}

// headingAnchors returns the anchors GitHub gives a Markdown text's
// headings: lower case, punctuation dropped, spaces as hyphens, a
// repeated one numbered.
func headingAnchors(text string) []string {
	var anchors []string
	seen := map[string]int{}
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inCode = !inCode
			continue
		}
		heading, ok := strings.CutPrefix(line, "#")
		if inCode || !ok {
			continue
		}
		heading = strings.TrimSpace(strings.TrimLeft(heading, "#"))
		var slug strings.Builder
		for _, r := range strings.ToLower(heading) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				slug.WriteRune(r)
			case r == ' ':
				slug.WriteRune('-')
			}
		}
		a := slug.String()
		if n := seen[a]; n > 0 {
			anchors = append(anchors, fmt.Sprintf("%s-%d", a, n))
		} else {
			anchors = append(anchors, a)
		}
		seen[a]++
	}
	return anchors
}
