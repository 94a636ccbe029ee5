package doccheck

import (
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
// lists, "§3.4.3–3.4.9" ranges, "Appendix C.1/C.2", "section 5.4.1") in the module's Go files
// (code, comments, strings, tests) and in its own prose (Markdown, the expected-failures lists,
// the RFC example tables of testdata/rfc) must name a section heading of the cited document,
// read from the copy in testdata/spec. The house rule "every rule in code names where it comes
// from" is only as good as the names are true.
//
// How a citation is read:
//   - A document is named as "RFC 1738" (or "RFC1738", or "RFC" at the end of a comment line
//     and "1738" at the start of the next), "gopher-plus.txt" (the Gopher+ document), a draft
//     ("the 1994 URL draft", "URI draft", "uri-draft-www"), the WHATWG URL Standard ("WHATWG",
//     "URL Standard") or Unicode; a section number in the RFC number's place ("RFC" and 2.4.1) is
//     an error.
//   - A "§" refers to the document named last before it in the same paragraph: the same line of
//     code, consecutive "//" comment lines, consecutive non-blank Markdown lines, one Markdown
//     table row, one line of an expected-failures list.
//   - A "§" with no document before it in its paragraph must be a section of a document that
//     its file names. It is not checked when the file names the WHATWG standard or Unicode
//     (the whatwg package cites the standard that way), nor when the file names no document.
//   - "Appendix C" and "Appendix C.1" are appendix headings of the document named before them;
//     "RFC 1738 Appendix" (a document with one unlettered appendix) is its "APPENDIX" heading.
//   - A document not in testdata/spec is checked against externalCitations, which lists each
//     of its cited sections with a reason.

// specDocs maps a cited document to its text in testdata/spec, relative to the module root.
// The drafts (testdata/spec/url-draft-1993.txt, url-draft-1994.txt, uri-draft-www.txt) are not
// here: they have no numbered sections, so a "§" after a draft's name is an error by construction.
var specDocs = map[string]string{
	"RFC 1738":        "testdata/spec/rfc1738.txt",
	"RFC 3986":        "testdata/spec/rfc3986.txt",
	"RFC 822":         "testdata/spec/ref/rfc822.txt",
	"RFC 959":         "testdata/spec/ref/rfc959.txt",
	"RFC 977":         "testdata/spec/ref/rfc977.txt",
	"RFC 1436":        "testdata/spec/ref/rfc1436.txt",
	"RFC 3977":        "testdata/spec/ref/rfc3977.txt",
	"RFC 1034":        "testdata/spec/ref/rfc1034.txt",
	"RFC 1123":        "testdata/spec/ref/rfc1123.txt",
	"RFC 1036":        "testdata/spec/ref/rfc1036.txt",
	"RFC 1808":        "testdata/spec/ref/rfc1808.txt",
	"RFC 2396":        "testdata/spec/ref/rfc2396.txt",
	"RFC 3987":        "testdata/spec/ref/rfc3987.txt",
	"RFC 4156":        "testdata/spec/ref/rfc4156.txt",
	"RFC 4157":        "testdata/spec/ref/rfc4157.txt",
	"RFC 4248":        "testdata/spec/ref/rfc4248.txt",
	"RFC 5538":        "testdata/spec/ref/rfc5538.txt",
	"RFC 6068":        "testdata/spec/ref/rfc6068.txt",
	"RFC 6874":        "testdata/spec/ref/rfc6874.txt",
	"RFC 8089":        "testdata/spec/ref/rfc8089.txt",
	"gopher-plus.txt": "testdata/spec/ref/gopher-plus.txt",
}

// uncheckedDocs are documents cited by name whose section numbers this test does not check.
var uncheckedDocs = map[string]string{
	"WHATWG":  "the URL Standard numbers its sections only when rendered; the Bikeshed source in the shared specification folder has none, and the code cites its algorithms by state and step names",
	"Unicode": "the Unicode Standard is not in the repository",
}

// externalCitations are the citations of documents that are not in testdata/spec, one entry per
// cited section with the reason it is taken on trust. A new citation of one of these documents
// fails until it is added here, so this list is what the test cannot check.
var externalCitations = map[string]string{
	"RFC 791 §3.2":      "IPv4 addresses are four octets (§3.2 Discussion, Addressing); RFC 791 is not in the shared specification set",
	"RFC 793 §3.1":      "TCP header format: ports are 16 bits; RFC 793 is not in the shared specification set",
	"RFC 821 §4.1.1":    "SMTP command semantics (RCPT TO); RFC 821 is not in the shared specification set",
	"RFC 1945 §3.2.1":   "HTTP/1.0 URI general syntax, the fragment not sent; RFC 1945 is not in the shared specification set",
	"RFC 1945 §5":       "HTTP/1.0 Request (Full-Request); RFC 1945 is not in the shared specification set",
	"RFC 1945 §5.1":     "HTTP/1.0 Request-Line; RFC 1945 is not in the shared specification set",
	"RFC 2045 §7":       "MIME Content-ID header field, what a cid URL names; RFC 2045 is not in the shared specification set",
	"RFC 2068 §14.23":   "the HTTP/1.1 Host header; RFC 2068 is not in the shared specification set",
	"RFC 2392 §2":       "the mid and cid URL schemes; RFC 2392 is not in the shared specification set",
	"RFC 2818 §2.1":     "HTTP over TLS, connection initiation; RFC 2818 is not in the shared specification set",
	"RFC 2818 §2.3":     "HTTP over TLS, port 443; RFC 2818 is not in the shared specification set",
	"RFC 2818 §2.4":     "the https URI format; RFC 2818 is not in the shared specification set",
	"RFC 2428 §2":       "FTP extensions for IPv6 and NATs: EPRT; RFC 2428 is not in the shared specification set",
	"RFC 7230 §5.3.2":   "HTTP/1.1 absolute-form request target (a request to a proxy); RFC 7230 is not in the shared specification set",
	"RFC 2428 §3":       "FTP extensions for IPv6 and NATs: EPSV; RFC 2428 is not in the shared specification set",
	"RFC 3659 §2.3":     "FTP extensions: the times of MLSD facts; RFC 3659 is not in the shared specification set",
	"RFC 3659 §4":       "FTP extensions: SIZE; RFC 3659 is not in the shared specification set",
	"RFC 3659 §5":       "FTP extensions: REST in STREAM mode; RFC 3659 is not in the shared specification set",
	"RFC 3659 §7":       "FTP extensions: MLST and MLSD listings; RFC 3659 is not in the shared specification set",
	"RFC 5321 §4.2":     "SMTP replies; RFC 5321 is not in the shared specification set",
	"RFC 3629 §6":       "the UTF-8 byte order mark; RFC 3629 is not in the shared specification set",
	"RFC 4291 §2.2":     "text forms of IPv6 addresses; RFC 4291 is not in the shared specification set",
	"RFC 4648 §4":       "base64; RFC 4648 is not in the shared specification set",
	"RFC 5321 §4.1.1.3": "SMTP RCPT; RFC 5321 is not in the shared specification set",
	"RFC 5321 §5":       "SMTP address resolution (the mail exchanger); RFC 5321 is not in the shared specification set",
	"RFC 8259 §7":       "JSON strings; RFC 8259 is not in the shared specification set",
	"RFC 8259 §8.1":     "JSON text is UTF-8 (character encoding); RFC 8259 is not in the shared specification set",
	"RFC 5321 §4.2.1":   "SMTP reply codes: every line of a multiline reply has the same code; RFC 5321 is not in the shared specification set",
	"RFC 1945 §6.1.1":   "HTTP/1.0 status code and reason phrase: five classes of status; RFC 1945 is not in the shared specification set",
	"RFC 2068 §10.1":    "HTTP/1.1 informational 1xx responses, which a client must accept before the final one; RFC 2068 is not in the shared specification set",
	"RFC 2068 §10.1.2":  "HTTP/1.1 101 Switching Protocols; RFC 2068 is not in the shared specification set",
	"RFC 5322 §3.6":     "the fields of a message, at most one Subject, In-Reply-To and References each; RFC 5322 is not in the shared specification set",
	"RFC 5890 §2.3.2.1": "the A-label (\"xn--\" and Punycode) of an internationalized domain name, which the security check decodes; RFC 5890 is not in the shared specification set",
	// fetch's http, smtp and mail clients (issue 11).
	"RFC 1945 §6":         "HTTP/1.0 Response; RFC 1945 is not in the shared specification set",
	"RFC 1945 §7.2":       "HTTP/1.0 Entity Body and its length; RFC 1945 is not in the shared specification set",
	"RFC 1945 §9":         "HTTP/1.0 status code definitions; RFC 1945 is not in the shared specification set",
	"RFC 2068 §10.3":      "HTTP/1.1 redirection 3xx; RFC 2068 is not in the shared specification set",
	"RFC 2068 §10.2.7":    "HTTP/1.1 206 Partial Content; RFC 2068 is not in the shared specification set",
	"RFC 2068 §14.16":     "HTTP/1.1 Content-Range; RFC 2068 is not in the shared specification set",
	"RFC 2068 §14.36":     "HTTP/1.1 Range; RFC 2068 is not in the shared specification set",
	"RFC 2045 §5.2":       "MIME: the default Content-Type; RFC 2045 is not in the shared specification set",
	"RFC 2045 §6":         "MIME Content-Transfer-Encoding; RFC 2045 is not in the shared specification set",
	"RFC 2046 §5.1":       "MIME multipart media type; RFC 2046 is not in the shared specification set",
	"RFC 5321 §3.3":       "SMTP mail transactions; RFC 5321 is not in the shared specification set",
	"RFC 5321 §4.1":       "SMTP commands; RFC 5321 is not in the shared specification set",
	"RFC 5321 §4.1.1.1":   "SMTP EHLO and HELO; RFC 5321 is not in the shared specification set",
	"RFC 5321 §4.1.1.4":   "SMTP DATA; RFC 5321 is not in the shared specification set",
	"RFC 5321 §4.1.2":     "SMTP command argument syntax (Mailbox); RFC 5321 is not in the shared specification set",
	"RFC 5321 §4.5.2":     "SMTP transparency (dot-stuffing); RFC 5321 is not in the shared specification set",
	"RFC 5321 §4.5.3.1.6": "SMTP text line length (1000 octets with CR LF); RFC 5321 is not in the shared specification set",
	"RFC 5321 §4.5.4.2":   "SMTP receiving strategy (port 25); RFC 5321 is not in the shared specification set",
}

// docNameRe matches the name of a document; docKey turns a match into a key of specDocs,
// uncheckedDocs or externalCitations ("RFC 1738"), or "draft".
var docNameRe = regexp.MustCompile(`RFC ?(\d{1,5})|gopher-plus\.txt|WHATWG|URL Standard|Unicode|(?:19(?:93|94) (?:URL )?|URI |[Tt]he )[Dd]raft|uri-draft-www|url-draft-199[34]`)

// citeRe matches one citation: "§" or "§§" and a section, with an optional range end
// ("§3.4.3–3.4.9"); "Appendix" and an optional letter, with "/"-separated siblings; or
// "section 5.4.1" (the words of the test data's "source" fields).
var citeRe = regexp.MustCompile(`(§§?) ?(\d+(?:\.\d+)*|[A-Z](?:\.\d+)*)((?:(?:–|—|-)§?(?:\d+(?:\.\d+)*|[A-Z](?:\.\d+)*))?)|\bAppendix(?: ([A-Z](?:\.\d+)*(?:(?:/|–)[A-Z](?:\.\d+)*)*)\b)?|\b[Ss]ection (\d+(?:\.\d+)*)`)

// leadingNumberRe matches an RFC number at the start of a line, after "RFC" ended the last one.
var leadingNumberRe = regexp.MustCompile(`^\d{1,5}\b`)

// dottedRFCRe matches "RFC" and a dotted number: a section number where the RFC's number should be.
var dottedRFCRe = regexp.MustCompile(`RFC ?\d+\.\d+(?:\.\d+)*`)

// trailingRFCRe matches a line that ends with "RFC", its number on the next line.
var trailingRFCRe = regexp.MustCompile(`\bRFC$`)

// listRe matches the rest of a "§§" list: ", 3.2.3", " and 3.2.4".
var listRe = regexp.MustCompile(`^(?:,? and |, ?)(\d+(?:\.\d+)*)`)

// citation is one cited section and where it is cited.
type citation struct {
	pos     string // file:line
	doc     string // a key of specDocs or uncheckedDocs, "RFC NNNN" otherwise; "" unattributed
	section string // "3.2.2", "A", "A.1", or "" for the unlettered appendix
	text    string // as written, for messages
	// fileDocs, for an unattributed citation, are the documents named anywhere in its file.
	fileDocs []string
}

// fileKind tells how a file's lines make paragraphs.
type fileKind int

const (
	goSource fileKind = iota // consecutive "//" comment lines; any other line alone
	markdown                 // consecutive non-blank lines other than table rows
	lineList                 // every line alone (the expected-failures lists, JSON)
)

func kindOf(name string) fileKind {
	switch {
	case strings.HasSuffix(name, ".go"):
		return goSource
	case strings.HasSuffix(name, ".md"):
		return markdown
	}
	return lineList
}

// scanCitations returns the citations in text, the contents of the file name.
func scanCitations(name string, text []byte, kind fileKind) []citation {
	goFile := kind == goSource
	var out []citation
	named := map[string]bool{} // every document the file names
	doc, prevComment, prevBlank, splitRFC := "", false, true, false
	n := 0
	for line := range strings.SplitSeq(strings.TrimSuffix(string(text), "\n"), "\n") {
		n++
		line = strings.TrimSuffix(line, "\r")
		trimmed := strings.TrimSpace(line)
		blank := trimmed == ""
		comment := goFile && strings.HasPrefix(trimmed, "//")
		continues := !blank && (goFile && comment && prevComment ||
			kind == markdown && !prevBlank && !strings.HasPrefix(trimmed, "|"))
		if !continues {
			doc = ""
		}
		// "RFC" at the end of one line and its number at the start of the next.
		if continues && splitRFC {
			body := strings.TrimLeft(strings.TrimPrefix(trimmed, "//"), " ")
			if m := leadingNumberRe.FindString(body); m != "" {
				line = strings.Replace(line, m, "RFC "+m, 1)
			}
		}
		prevComment, prevBlank = comment, blank
		splitRFC = (comment || kind == markdown) && trailingRFCRe.MatchString(trimmed)
		pos := fmt.Sprintf("%s:%d", name, n)
		if m := dottedRFCRe.FindString(line); m != "" {
			out = append(out, citation{pos: pos, doc: "malformed", text: m})
		}
		names := docNameRe.FindAllStringSubmatchIndex(line, -1)
		var cites [][]int
		if strings.Contains(line, "§") || strings.Contains(line, "Appendix") || strings.Contains(line, "ection ") {
			cites = citeRe.FindAllStringSubmatchIndex(line, -1)
		}
		ni := 0
		nextName := func() {
			end := names[ni][1]
			ni++
			if end+1 < len(line) && line[end] == '.' && '0' <= line[end+1] && line[end+1] <= '9' {
				return // a section number in the RFC number's place, reported above
			}
			doc = docKey(submatches(line, names[ni-1]))
			named[doc] = true
		}
		for _, c := range cites {
			for ni < len(names) && names[ni][1] <= c[0] {
				nextName()
			}
			whole := line[c[0]:c[1]]
			add := func(section, text string) {
				out = append(out, citation{pos: pos, doc: doc, section: section, text: text})
			}
			switch {
			case c[10] >= 0: // "section 5.4.1"
				add(line[c[10]:c[11]], whole)
			case c[2] < 0 && c[8] < 0:
				// "Appendix" alone is a citation only right after the document's name.
				if ni > 0 && strings.TrimRight(line[names[ni-1][1]:c[0]], "' s") == "" {
					add("", whole)
				}
			case c[2] < 0: // "Appendix C.1/C.2"
				for _, s := range strings.FieldsFunc(line[c[8]:c[9]], func(r rune) bool { return r == '/' || r == '–' }) {
					add(s, whole)
				}
			default:
				add(line[c[4]:c[5]], whole)
				if c[6] < c[7] { // the end of a range
					add(strings.TrimLeft(strings.TrimLeft(line[c[6]:c[7]], "–—-"), "§"), whole)
				}
				if line[c[2]:c[3]] == "§§" {
					rest := line[c[1]:]
					for m := listRe.FindStringSubmatch(rest); m != nil; m = listRe.FindStringSubmatch(rest) {
						add(m[1], whole+m[0])
						rest = rest[len(m[0]):]
					}
				}
			}
		}
		for ni < len(names) {
			nextName()
		}
	}
	var docs []string
	for d := range named {
		docs = append(docs, d)
	}
	sort.Strings(docs)
	for i := range out {
		if out[i].doc == "" {
			out[i].fileDocs = docs
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

// headingRe matches a section heading of an RFC-format text: a number of one or two digits and
// its subsections ("3.2.2.  FTP url-path", "2.3 Hierarchical", "   2.1.  HISTORY" in the
// indented RFCs 822 and 959; not "200 Command okay" or "1211 Geneva"), a lettered appendix with
// a title of two words or more ("Appendix A.  Collected ABNF", "C.1.  Normal Examples"; not
// "M. McCahill"), or an unlettered or Roman-numbered one ("APPENDIX: Recommendations",
// "APPENDIX I -  PAGE STRUCTURE", "Appendix II").
var headingRe = regexp.MustCompile(`^ {0,12}(?:` +
	`(\d{1,2}(?:\.\d+)*)\.?[ \t]+\S` + // 3.2.2.  FTP url-path
	`|(?:Appendix )?([A-Z](?:\.\d+)+)\.?[ \t]+\S` + // C.1.  Normal Examples
	`|(?:Appendix ([A-Z])\.?|([A-Z])\.)[ \t]+\S+ \S` + // Appendix A.  Collected ABNF; A. Collected BNF
	`|(?i:appendix) ([A-Z]|[IVX]+)(?:[ \t]+-|[ \t]*$)` + // Appendix II; APPENDIX I -  PAGE STRUCTURE
	`|(?i:appendix)(?::|[ \t]*$))`) // APPENDIX: Recommendations

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
				key := "" // an unlettered appendix, unless a group matched
				for _, g := range m[1:] {
					if g != "" {
						key = g
						break
					}
				}
				h[key] = true
			}
		}
		prevBlank = blank
	}
	return h
}

// citedFiles returns the files whose citations are checked, relative to root: every .go file
// outside testdata, every Markdown file, the expected-failures lists, and the test tables taken
// from the RFCs (testdata/rfc, whose "source" fields say "RFC 3986 section 5.4.1").
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
			strings.HasPrefix(rel, "testdata/expected-failures/") && strings.HasSuffix(rel, ".txt"),
			strings.HasPrefix(rel, "testdata/rfc/") && strings.HasSuffix(rel, ".json"):
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

// verdict is what checkCitation found.
type verdict int

const (
	checked      verdict = iota // the cited document has the section
	checkedLoose                // no document before it, but one the file names has the section
	external                    // a document not in testdata/spec, allow-listed
	unchecked                   // the WHATWG URL Standard, Unicode, or a file that names one of them or an external document
	unattributed                // no document named in the paragraph or the file
	bad
)

// checkCitation returns the verdict on c and, when it is bad, a message with c's position.
func checkCitation(c citation, docs map[string]map[string]bool) (verdict, string) {
	what := func(doc string) string {
		switch {
		case c.section == "":
			return "unlettered appendix"
		case !strings.ContainsAny(c.section[:1], "0123456789"):
			return "Appendix " + c.section
		}
		return "section " + c.section
	}
	switch {
	case c.doc == "malformed":
		return bad, fmt.Sprintf("%s: %q: a section number where the RFC's number belongs", c.pos, c.text)
	case uncheckedDocs[c.doc] != "":
		return unchecked, ""
	case c.doc == "draft":
		return bad, fmt.Sprintf("%s: %q follows the name of a URL/URI draft, and the drafts have no numbered sections: name the RFC, or cite the draft's heading in words", c.pos, c.text)
	case c.doc == "":
		// It may be a section of any document the file names: of one in testdata/spec, an
		// allow-listed one of an external document, anything of the WHATWG standard's.
		var cands []string
		for _, d := range c.fileDocs {
			switch {
			case d == "draft" || d == "malformed":
			case uncheckedDocs[d] != "":
				return unchecked, ""
			case docs[d] == nil:
				if externalCitations[externalKey(d, c.section)] != "" {
					return external, ""
				}
				cands = append(cands, d)
			default:
				if docs[d][c.section] {
					return checkedLoose, ""
				}
				cands = append(cands, d)
			}
		}
		if len(cands) == 0 {
			return unattributed, ""
		}
		return bad, fmt.Sprintf("%s: %q names no document in its paragraph, and no document the file names (%s) has %s: name the document", c.pos, c.text, strings.Join(cands, ", "), what(""))
	case docs[c.doc] == nil:
		key := externalKey(c.doc, c.section)
		if externalCitations[key] == "" {
			return bad, fmt.Sprintf("%s: %q cites %s, which is not in testdata/spec: copy the text there (and into specDocs), or add %q to externalCitations with a reason", c.pos, c.text, c.doc, key)
		}
		return external, ""
	case !docs[c.doc][c.section]:
		return bad, fmt.Sprintf("%s: %q: %s has no %s (%s)", c.pos, c.text, c.doc, what(c.doc), specDocs[c.doc])
	}
	return checked, ""
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
		cites = append(cites, scanCitations(rel, b, kindOf(rel))...)
	}
	var count [bad + 1]int
	used := map[string]bool{} // the documents and allow-listed citations cited
	for _, c := range cites {
		v, msg := checkCitation(c, docs)
		count[v]++
		switch v {
		case bad:
			t.Error(msg)
		case checked:
			used[c.doc] = true
		case external:
			for _, d := range append([]string{c.doc}, c.fileDocs...) {
				used[externalKey(d, c.section)] = true
			}
		}
	}
	t.Logf("%d citations: %d checked against testdata/spec; %d with no document named before them in their paragraph, found in a document their file names; %d allow-listed citations of external documents; %d not checked (the WHATWG URL Standard, Unicode, or no document in the paragraph and the file names one of those); %d with no document named in their file; %d bad",
		len(cites), count[checked], count[checkedLoose], count[external], count[unchecked], count[unattributed], count[bad])
	if count[checked] < 1000 {
		t.Errorf("only %d citations checked: the scanner no longer finds them", count[checked])
	}
	// Every copy in testdata/spec and every allow-list entry is there for a citation.
	for name, rel := range specDocs {
		if !used[name] {
			t.Errorf("%s (%s) is cited nowhere: remove it from specDocs and testdata/spec", name, rel)
		}
	}
	for key := range externalCitations {
		if !used[key] {
			t.Errorf("externalCitations: %q is cited nowhere: remove it", key)
		}
	}
}

// externalKey is the key of externalCitations for a section of doc.
func externalKey(doc, section string) string {
	if section == "" || !strings.ContainsAny(section[:1], "0123456789") {
		return strings.TrimSpace(doc + " Appendix " + section)
	}
	return doc + " §" + section
}

// TestHeadings checks the heading parser on the copies: sections and appendices that are there,
// and numbers that appear at the margin or after a blank line without being sections.
func TestHeadings(t *testing.T) {
	docs := loadDocs(t, moduleRoot(t))
	for _, tt := range []struct {
		doc     string
		has     []string
		hasNone []string
	}{
		{"RFC 1738", []string{"1", "2.2", "2.3", "3.2.2", "3.4.9", "3.10", "3.11", "5", ""},
			[]string{"2.4", "2.4.1", "3.12", "8", "M", "1211"}}, // "M. McCahill", "1211 Geneva 23"
		{"RFC 3986", []string{"3.5", "5.2.4", "6.2.2.1", "A", "B", "C", "D.2"},
			[]string{"2.4.1", "3.11", "5.2.5", "C.1", "F"}},
		{"RFC 1808", []string{"2.2", "2.4.1", "2.4.6", "5.2"}, []string{"2.5", "5.4"}},
		{"RFC 2396", []string{"C.1", "C.2", "G.1", "A"}, []string{"C.3", "5.2.4"}},
		{"RFC 822", []string{"3.3", "4.6.1", "6.1"}, []string{"6.4", "4.6.5"}},                                      // indented headings
		{"RFC 959", []string{"3.1.1.1", "3.1.1.3", "4.1.3", "I", "II", "III"}, []string{"200", "3.2.1", "4.4", ""}}, // reply codes
		{"gopher-plus.txt", []string{"2.3", "2.5", "2.9", "I", "II"}, []string{"3.4.3", "2.10"}},
		{"RFC 8089", []string{"2", "E.2.1", "B"}, []string{"3.1", "G"}},
	} {
		h := docs[tt.doc]
		for _, s := range tt.has {
			if !h[s] {
				t.Errorf("%s: heading %q not found", tt.doc, s)
			}
		}
		for _, s := range tt.hasNone {
			if h[s] {
				t.Errorf("%s: %q read as a heading", tt.doc, s)
			}
		}
	}
}

// TestScanCitations plants right and wrong citations of every form and checks which lines the
// check reports. The texts are written with "@" for "§" and "Rfc" for "RFC", so that this file's
// own scan does not see them.
func TestScanCitations(t *testing.T) {
	docs := loadDocs(t, moduleRoot(t))
	unplant := strings.NewReplacer("@", "§", "Rfc", "RFC")
	for _, tt := range []struct {
		name, text string
		bad        []int // the lines reported, in order
		counts     map[verdict]int
	}{
		{"x.go", `package x

// Rfc 1738 @3.2.2 and @3.2.3, then the fragment (Rfc 1738 @2.4.1).
// Rfc 1808 @2.4.1, and on the next comment line
// @2.4.2 (the same document) and @2.5 (not in it).
var s = "Rfc 1738 @3.4.3–3.4.9, @3.4.3–3.4.10"
// a line that ends with Rfc
// 1738 @2.4 (the number on the next line).
// Rfc 2396 Appendix C.1/C.3, Rfc 3986 Appendix B, Rfc 1738 Appendix, Rfc 3986 Appendix.
// Rfc 3986 @@5.2.2, 5.2.4 and 5.2.5.
// the 1994 URL draft @4; Rfc 2.4.1; Rfc 9999 @1; Rfc 793 @3.1.
var n = 1 // @9.9: no document named on this line, and none of the file's has it
var m = 2 // @3.5: no document named on this line, but Rfc 3986 has it
/* @6.2.2.1 */
`, []int{3, 5, 6, 8, 9, 9, 10, 11, 11, 11, 12},
			map[verdict]int{checked: 12, checkedLoose: 2, external: 1}},
		{"v.go", "package v\n\n// WHATWG URL @4.4 basic URL parser; Rfc 3986 @3.\n\n// @9.9 could be the URL Standard's\n", nil,
			map[verdict]int{checked: 1, unchecked: 2}},
		{"y.go", "package y\n\n// @1.1 with no document anywhere in the file\n", nil,
			map[verdict]int{unattributed: 1}},
		{"z.md", `Rfc 1738 says so
in @3.1, and @2.4 is not there.

@2.6 alone in a paragraph: no document of the file has it.

| Rfc 1808 | row one |
| @3.2.2 | row two: not Rfc 1808's, the document of the row before |
`, []int{2, 4}, map[verdict]int{checked: 1, checkedLoose: 1}},
		{"r.json", "{\"source\": \"Rfc 3986 section 5.4.1 (Normal Examples)\"},\n{\"source\": \"Rfc 1808 section 5.4\"}\n", []int{2},
			map[verdict]int{checked: 1}},
		{"w.txt", "a\tRfc 1808 @2.4.1; Rfc 1738\nb\t@2.4.1: each line stands alone\n", nil,
			map[verdict]int{checked: 1, checkedLoose: 1}},
	} {
		cites := scanCitations(tt.name, []byte(unplant.Replace(tt.text)), kindOf(tt.name))
		var lines []int
		counts := map[verdict]int{}
		for _, c := range cites {
			v, msg := checkCitation(c, docs)
			counts[v]++
			if v == bad {
				var line int
				fmt.Sscanf(c.pos[len(tt.name)+1:], "%d", &line)
				lines = append(lines, line)
				t.Logf("%s", msg)
			}
		}
		if fmt.Sprint(lines) != fmt.Sprint(tt.bad) {
			t.Errorf("%s: reported lines %v, want %v", tt.name, lines, tt.bad)
		}
		for v, n := range tt.counts {
			if counts[v] != n {
				t.Errorf("%s: %d citations of verdict %d, want %d", tt.name, counts[v], v, n)
			}
		}
	}
}
