package doccheck

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The citation check: every "RFC NNNN §A.B.C" (and "§A.B.C" after a named document, "§§…"
// lists, "§3.4.3–3.4.9" ranges, "Appendix C.1/C.2") in the module's Go files (code, comments,
// strings, tests) and in its own prose (Markdown, the expected-failures lists) must name a
// section heading of the cited document, read from the copy in testdata/spec. The house rule
// "every rule in code names where it comes from" is only as good as the names are true.
//
// How a citation is read:
//   - A document is named as "RFC 1738" (or "RFC1738"), "gopher-plus.txt" (the Gopher+
//     document), a draft ("the 1994 URL draft", "URI draft", "uri-draft-www"), or the WHATWG URL
//     Standard ("WHATWG", "URL Standard", which numbers its sections only when rendered: not
//     checked) or Unicode (not in the repository: not checked).
//   - A "§" refers to the document named last before it in the same paragraph: the same line of
//     code, string or Markdown table row, consecutive "//" comment lines, or consecutive
//     non-blank lines of Markdown and text. A "§" with no document before it in its paragraph
//     (the whatwg package cites its standard that way, and files about one RFC often do) is
//     counted as unattributed and not checked.
//   - "Appendix C" and "Appendix C.1" are appendix headings of the document named before them;
//     "RFC 1738 Appendix" (a document with one unlettered appendix) is its "APPENDIX" heading.

// specDocs maps a cited document to its text in testdata/spec, relative to the module root.
// The drafts have no numbered sections: a "§" after a draft's name is an error by construction.
var specDocs = map[string]string{
	"RFC 1738":        "testdata/spec/rfc1738.txt",
	"RFC 3986":        "testdata/spec/rfc3986.txt",
	"RFC 822":         "testdata/spec/ref/rfc822.txt",
	"RFC 959":         "testdata/spec/ref/rfc959.txt",
	"RFC 977":         "testdata/spec/ref/rfc977.txt",
	"RFC 1034":        "testdata/spec/ref/rfc1034.txt",
	"RFC 1036":        "testdata/spec/ref/rfc1036.txt",
	"RFC 1808":        "testdata/spec/ref/rfc1808.txt",
	"RFC 2396":        "testdata/spec/ref/rfc2396.txt",
	"RFC 3987":        "testdata/spec/ref/rfc3987.txt",
	"RFC 4157":        "testdata/spec/ref/rfc4157.txt",
	"RFC 5538":        "testdata/spec/ref/rfc5538.txt",
	"RFC 6068":        "testdata/spec/ref/rfc6068.txt",
	"RFC 6874":        "testdata/spec/ref/rfc6874.txt",
	"RFC 8089":        "testdata/spec/ref/rfc8089.txt",
	"gopher-plus.txt": "testdata/spec/ref/gopher-plus.txt",
	"draft":           "testdata/spec/url-draft-1994.txt",
}

// uncheckedDocs are documents cited by name whose section numbers this test does not check.
var uncheckedDocs = map[string]string{
	"WHATWG":  "the URL Standard numbers its sections only when rendered; the Bikeshed source in /work/shared has none, and the code cites its algorithms by state and step names",
	"Unicode": "the Unicode Standard is not in the repository",
}

// externalCitations are the citations of documents that are not in testdata/spec, one entry per
// cited section with the reason it is taken on trust. A new citation of one of these documents
// fails until it is added here, so this list is what the test cannot check.
var externalCitations = map[string]string{
	"RFC 791 §3.1":   "IPv4 header format (TTL, addresses); RFC 791 is not in the shared specification set",
	"RFC 793 §3.1":   "TCP header format (port numbers); RFC 793 is not in the shared specification set",
	"RFC 821 §4.1.1": "SMTP commands; RFC 821 is not in the shared specification set",
}

// docAliases are the ways a document is named, most specific first. Each maps a match to the
// key of specDocs or uncheckedDocs; for "RFC" the number is appended.
var docNameRe = regexp.MustCompile(`RFC ?(\d{1,5})|gopher-plus\.txt|WHATWG|URL Standard|Unicode|(?:19(?:93|94) (?:URL )?|URI |[Tt]he )[Dd]raft|uri-draft-www|url-draft-199[34]`)

// citeRe matches one citation: "§" or "§§" and a section, with an optional range end
// ("§3.4.3–3.4.9"); or "Appendix" and an optional letter, with "/"-separated siblings.
var citeRe = regexp.MustCompile(`(§§?) ?(\d+(?:\.\d+)*|[A-Z](?:\.\d+)*)((?:(?:–|—|-)§?(?:\d+(?:\.\d+)*|[A-Z](?:\.\d+)*))?)|\bAppendix(?: ([A-Z](?:\.\d+)*(?:(?:/|–)[A-Z](?:\.\d+)*)*)\b)?`)

// listRe matches the rest of a "§§" list: ", 3.2.3", " and 3.2.4".
var listRe = regexp.MustCompile(`^(?:,? and |, ?)(\d+(?:\.\d+)*)`)

// citation is one cited section and where it is cited.
type citation struct {
	pos     string // file:line
	doc     string // a key of specDocs or uncheckedDocs, "RFC NNNN" otherwise; "" unattributed
	section string // "3.2.2", "A", "A.1", or "" for the unlettered appendix
	text    string // as written, for messages
}

// scanCitations returns the citations in text, a file named name. comment reports whether a
// line is a "//" comment line (Go files): the document named last carries over between two
// consecutive comment lines there, and between two consecutive non-blank lines elsewhere.
func scanCitations(name string, text []byte, goFile bool) []citation {
	var out []citation
	doc, prevComment, prevBlank := "", false, true
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		blank := trimmed == ""
		comment := goFile && strings.HasPrefix(trimmed, "//")
		switch {
		case blank:
			doc = ""
		case goFile && !(comment && prevComment):
			doc = ""
		case !goFile && prevBlank:
			doc = ""
		}
		prevComment, prevBlank = comment, blank
		if blank || (!strings.Contains(line, "§") && !strings.Contains(line, "Appendix")) {
			// Still track the documents named, for the next lines of the paragraph.
			if m := docNameRe.FindAllStringSubmatch(line, -1); len(m) > 0 {
				doc = docKey(m[len(m)-1])
			}
			continue
		}
		names := docNameRe.FindAllStringSubmatchIndex(line, -1)
		cites := citeRe.FindAllStringSubmatchIndex(line, -1)
		ni := 0
		for _, c := range cites {
			for ni < len(names) && names[ni][1] <= c[0] {
				doc = docKey(submatches(line, names[ni]))
				ni++
			}
			pos := fmt.Sprintf("%s:%d", name, n)
			whole := line[c[0]:c[1]]
			if c[2] < 0 { // Appendix
				if c[8] < 0 {
					// "Appendix" alone is a citation only right after the document's name.
					if ni == 0 || strings.TrimRight(line[names[ni-1][1]:c[0]], "' s") != "" {
						continue
					}
					out = append(out, citation{pos, doc, "", whole})
					continue
				}
				for _, s := range strings.FieldsFunc(line[c[8]:c[9]], func(r rune) bool { return r == '/' || r == '–' }) {
					out = append(out, citation{pos, doc, s, whole})
				}
				continue
			}
			out = append(out, citation{pos, doc, line[c[4]:c[5]], whole})
			if c[6] < c[7] {
				end := strings.TrimLeft(strings.TrimLeft(line[c[6]:c[7]], "–—-"), "§")
				out = append(out, citation{pos, doc, end, whole})
			}
			if line[c[2]:c[3]] == "§§" {
				rest := line[c[1]:]
				for {
					m := listRe.FindStringSubmatch(rest)
					if m == nil {
						break
					}
					out = append(out, citation{pos, doc, m[1], whole + m[0]})
					rest = rest[len(m[0]):]
				}
			}
		}
		for ; ni < len(names); ni++ {
			doc = docKey(submatches(line, names[ni]))
		}
	}
	return out
}

func submatches(s string, idx []int) []string {
	m := make([]string, len(idx)/2)
	for i := range m {
		if idx[2*i] >= 0 {
			m[i] = s[idx[2*i]:idx[2*i+1]]
		}
	}
	return m
}

// docKey turns a match of docNameRe into a document key.
func docKey(m []string) string {
	switch {
	case m[1] != "":
		return "RFC " + m[1]
	case m[0] == "gopher-plus.txt":
		return m[0]
	case m[0] == "WHATWG" || m[0] == "URL Standard":
		return "WHATWG"
	case m[0] == "Unicode":
		return "Unicode"
	}
	return "draft"
}

// headingRe matches a section heading of an RFC-format text: a number ("3.2.2.  FTP url-path",
// "2.3 Hierarchical", "   2.1.  HISTORY" in the indented RFCs 822 and 959), a lettered appendix
// ("Appendix A.  Collected ABNF", "C.1.  Normal Examples"), or an unlettered or Roman-numbered
// one ("APPENDIX: Recommendations", "APPENDIX I -  PAGE STRUCTURE", "Appendix II").
var headingRe = regexp.MustCompile(`^ {0,12}(?:(\d+(?:\.\d+)*)\.?[ \t]+\S|(?:Appendix )?([A-Z](?:\.\d+)*)\.[ \t]+\S|Appendix ([A-Z](?:\.\d+)*)[ \t]*$|(?i:appendix)(?:[ :]|$))`)

// tocRe matches a table-of-contents line (dot leaders), which is not a heading.
var tocRe = regexp.MustCompile(`\. ?\. ?\.`)

// headings returns the section numbers and appendix letters of an RFC-format text; "" stands for
// an unlettered appendix. A heading is not a table of contents line, and it starts at the left
// margin (the RFCs indent their text) or follows a blank line or a page break (RFCs 822 and 959
// indent their headings; numbered list items in the text, which seldom follow a blank line and
// are never cited, are the price).
func headings(text []byte) map[string]bool {
	h := map[string]bool{}
	prevBlank := true
	for line := range strings.SplitSeq(string(text), "\n") {
		line = strings.TrimRight(line, "\r")
		blank := strings.TrimSpace(strings.Trim(line, "\f")) == ""
		if !blank && (prevBlank || line[0] != ' ') && !tocRe.MatchString(line) {
			if m := headingRe.FindStringSubmatch(line); m != nil {
				switch {
				case m[1] != "":
					h[m[1]] = true
				case m[2] != "":
					h[m[2]] = true
				case m[3] != "":
					h[m[3]] = true
				default:
					h[""] = true
				}
			}
		}
		prevBlank = blank
	}
	return h
}

// citedFiles returns the files whose citations are checked, relative to root: every .go file
// outside testdata, every Markdown file, and the expected-failures lists.
func citedFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		inTestdata := strings.HasPrefix(rel, "testdata/") || strings.Contains(rel, "/testdata/")
		switch {
		case strings.HasSuffix(rel, ".go") && !inTestdata,
			strings.HasSuffix(rel, ".md"),
			strings.HasPrefix(rel, "testdata/expected-failures/") && strings.HasSuffix(rel, ".txt"):
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// checkCitations returns one message per citation that names no section of its document.
func checkCitations(cites []citation, docs map[string]map[string]bool) []string {
	var bad []string
	for _, c := range cites {
		if c.doc == "" || uncheckedDocs[c.doc] != "" {
			continue
		}
		h, ok := docs[c.doc]
		if !ok {
			key := c.doc + " §" + c.section
			if c.section == "" || !strings.ContainsAny(c.section[:1], "0123456789") {
				key = c.doc + " Appendix " + c.section
			}
			if externalCitations[key] == "" {
				bad = append(bad, fmt.Sprintf("%s: %q cites %s, which is not in testdata/spec: copy the text there (and into specDocs) or add %q to externalCitations with a reason", c.pos, c.text, c.doc, key))
			}
			continue
		}
		if !h[c.section] {
			what := "section " + c.section
			if c.section == "" {
				what = "an unlettered appendix"
			} else if !strings.ContainsAny(c.section[:1], "0123456789") {
				what = "Appendix " + c.section
			}
			if c.doc == "draft" {
				bad = append(bad, fmt.Sprintf("%s: %q is attributed to a URL/URI draft, and the drafts have no numbered sections: name the RFC, or cite the draft's heading in words", c.pos, c.text))
				continue
			}
			bad = append(bad, fmt.Sprintf("%s: %q: %s has no %s (%s)", c.pos, c.text, c.doc, what, specDocs[c.doc]))
		}
	}
	return bad
}

// loadDocs reads every document of specDocs and returns its headings.
func loadDocs(t *testing.T, root string) map[string]map[string]bool {
	t.Helper()
	docs := map[string]map[string]bool{}
	for name, rel := range specDocs {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		docs[name] = headings(b)
	}
	return docs
}

// TestCitations fails on a citation of a section that its document does not have, with the
// file and line of the citation.
func TestCitations(t *testing.T) {
	root := moduleRoot(t)
	docs := loadDocs(t, root)
	var cites []citation
	for _, rel := range citedFiles(t, root) {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		cites = append(cites, scanCitations(rel, b, strings.HasSuffix(rel, ".go"))...)
	}
	checked, unattributed, unchecked, external := 0, 0, 0, 0
	for _, c := range cites {
		switch {
		case c.doc == "":
			unattributed++
		case uncheckedDocs[c.doc] != "":
			unchecked++
		case docs[c.doc] == nil:
			external++
		default:
			checked++
		}
	}
	for _, msg := range checkCitations(cites, docs) {
		t.Error(msg)
	}
	t.Logf("%d citations checked against testdata/spec, %d of external documents taken on trust, %d of the WHATWG URL Standard or Unicode not checked, %d with no document named before them not checked",
		checked, external, unchecked, unattributed)
	if checked < 1000 {
		t.Errorf("only %d citations checked: the scanner no longer finds them", checked)
	}
}
