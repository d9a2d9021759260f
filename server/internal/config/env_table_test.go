package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The settings table is the one place an operator reads the server's
// environment: TestEnvTable holds it to what the server reads.
const (
	settingsDoc     = "../../../docs/operations.md"
	settingsHeading = "## Settings (environment)"
	serverDir       = "../.."
)

var (
	envName    = regexp.MustCompile("`([A-Z][A-Z0-9_]*)`")
	osEnvCall  = regexp.MustCompile(`os\.(Getenv|LookupEnv)\(`)
	osEnvConst = regexp.MustCompile(`os\.(?:Getenv|LookupEnv)\("([A-Z][A-Z0-9_]*)"\)`)
)

// readByServer is every variable name Load asks for, and every name read by
// os.Getenv or os.LookupEnv anywhere in server/ outside tests. A call whose
// name is not a literal fails the test: its name could not be checked.
func readByServer(t *testing.T) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	_, _ = Load(func(k string) string { names[k] = true; return "" })
	err := filepath.WalkDir(serverDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		calls, literal := osEnvCall.FindAllIndex(src, -1), osEnvConst.FindAllSubmatch(src, -1)
		if len(calls) != len(literal) {
			t.Errorf("%s reads the environment with a name that is not a string literal: name it in the call so docs/operations.md's table can be checked", path)
		}
		for _, m := range literal {
			names[string(m[1])] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// tableRows is each Markdown table row of text with the line it is on.
func tableRows(text string) (rows []string, lines []int) {
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "|") {
			rows, lines = append(rows, l), append(lines, i+1)
		}
	}
	return rows, lines
}

// firstCell is a table row's first cell.
func firstCell(row string) string {
	cells := strings.Split(strings.TrimSpace(row), "|")
	if len(cells) < 2 {
		return ""
	}
	return cells[1]
}

func TestEnvTable(t *testing.T) {
	t.Parallel()
	read := readByServer(t)
	if len(read) < 30 {
		t.Fatalf("found only %d names the server reads: the scan is broken", len(read))
	}

	doc, err := os.ReadFile(settingsDoc)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), settingsHeading+"\n")
	if !ok {
		t.Fatalf("%s has no %q section", settingsDoc, settingsHeading)
	}
	if next := strings.Index(section, "\n## "); next >= 0 {
		section = section[:next]
	}
	// the section's first table: its rows until the first line that is not one
	var table []string
	for _, l := range strings.Split(section, "\n") {
		if strings.HasPrefix(l, "|") {
			table = append(table, l)
		} else if len(table) > 0 {
			break
		}
	}
	if len(table) < 3 {
		t.Fatalf("%s's %q section has no table", settingsDoc, settingsHeading)
	}
	inTable := map[string]bool{}
	for _, row := range table[2:] {
		for _, m := range envName.FindAllStringSubmatch(firstCell(row), -1) {
			if inTable[m[1]] {
				t.Errorf("the settings table names %s twice", m[1])
			}
			inTable[m[1]] = true
		}
	}
	for name := range read {
		if !inTable[name] {
			t.Errorf("the server reads %s, which the settings table in docs/operations.md does not name", name)
		}
	}
	for name := range inTable {
		if !read[name] {
			t.Errorf("the settings table in docs/operations.md names %s, which the server does not read", name)
		}
	}

	// No other table of the documentation names a setting in its first cell:
	// each is described once.
	docs, _ := filepath.Glob("../../../docs/*.md")
	docs = append(docs, "../../../README.md", "../../README.md", "../../../client/README.md")
	slices.Sort(docs)
	for _, path := range docs {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rows, lines := tableRows(string(text))
		for i, row := range rows {
			if path == settingsDoc && slices.Contains(table, row) {
				continue
			}
			for _, m := range envName.FindAllStringSubmatch(firstCell(row), -1) {
				if read[m[1]] {
					t.Errorf("%s:%d: a table row names the setting %s, which the settings table in docs/operations.md describes", path, lines[i], m[1])
				}
			}
		}
	}
}
