package fetch_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/testserver"
)

// gopherText is a text file whose lines begin with periods: a server that sends it as it is
// (pygopherd, gophernicus) must not lose or change one of them.
const gopherText = "line one\r\n.dot line\r\n..two dots\r\n.\r\nlast line\r\n"

// gopherContent fills a directory for the gopher servers: a text file with "." lines, a
// binary file (with "\r\n.\r\n" inside), two levels of directories, a file with an abstract
// and one with an ASK form (pygopherd's NAME.abstract and NAME.ask), and a directory with a
// gophermap.
func gopherContent(t *testing.T) (string, []byte) {
	t.Helper()
	root := t.TempDir()
	bin := make([]byte, 5000)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range bin {
		bin[i] = byte(r.UintN(256))
	}
	copy(bin[100:], "\r\n.\r\n")
	copy(bin[200:], "\r\n..x\r\n")
	files := map[string]string{
		"text.txt":             gopherText,
		"text.txt.abstract":    "An abstract\nof two lines\n",
		"bin.bin":              string(bin),
		"sub/a.txt":            "in sub\r\n",
		"sub/deeper/x.txt":     "two levels down\r\n",
		"form.txt":             "the form's item\r\n",
		"form.txt.ask":         "Ask: Your name?\tnobody\nChoose: Colour?\tred\tblue\n",
		"map/gophermap":        "Welcome to the map\n0The text\t/text.txt\n1Down\t/sub\n",
		"plain.txt":            "no dots here\r\n",
		"sub/deeper/y.bin":     "\x00\x01\x02",
		"sub/deeper/empty.txt": "",
	}
	for name, data := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, bin
}

// get fetches url with o and returns the body, the result and the error.
func get(t *testing.T, url string, o fetch.Options) (string, *fetch.Result, error) {
	t.Helper()
	var out bytes.Buffer
	r, err := fetch.Get(context.Background(), url, &out, o)
	return out.String(), r, err
}

// mustGet is get that fails the test on an error.
func mustGet(t *testing.T, url string, o fetch.Options) (string, *fetch.Result) {
	t.Helper()
	body, r, err := get(t, url, o)
	if err != nil {
		t.Fatalf("get %s: %v", url, err)
	}
	return body, r
}

// entryURL returns the URL of the entry of r named name.
func entryURL(t *testing.T, r *fetch.Result, name string) string {
	t.Helper()
	for _, e := range r.Entries {
		if strings.TrimSpace(e.Name) == name || strings.HasPrefix(e.Name, name+" ") {
			if e.URL == "" {
				t.Fatalf("entry %q has no URL: %+v", name, e)
			}
			return e.URL
		}
	}
	t.Fatalf("no entry %q in %s: %+v", name, r.URL, r.Entries)
	return ""
}

// walk fetches the root menu and follows the entries' URLs alone, two levels deep, to a file.
func walk(t *testing.T, root, file string) {
	t.Helper()
	_, r := mustGet(t, root, fetch.Options{})
	if !r.Listing || len(r.Entries) == 0 {
		t.Fatalf("%s: not a listing: %+v", root, r)
	}
	_, r = mustGet(t, entryURL(t, r, "sub"), fetch.Options{})
	_, r = mustGet(t, entryURL(t, r, "deeper"), fetch.Options{})
	body, _ := mustGet(t, entryURL(t, r, file), fetch.Options{})
	if body != "two levels down\r\n" {
		t.Errorf("two levels down: %q", body)
	}
}

func TestGopherPygopherd(t *testing.T) {
	root, bin := gopherContent(t)
	search := filepath.Join(root, "search.sh")
	if err := os.WriteFile(search, []byte("#!/bin/sh\nprintf '0Found %s\\t/text.txt\\t127.0.0.1\\t%s\\r\\n.\\r\\n' \"$SEARCHREQUEST\" \"$SERVER_PORT\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := testserver.PyGopherd(t, root, testserver.PygopherdOptions{Exec: true})
	base := "gopher://127.0.0.1:" + strconv.Itoa(s.Port)

	// RFC 1436 text, sent as it is (neither stuffed nor ended by "."): every line kept.
	var tr bytes.Buffer
	body, r := mustGet(t, base+"/0/text.txt", fetch.Options{Transcript: &tr})
	if body != gopherText || r.Size != int64(len(gopherText)) || r.Type != "0" {
		t.Errorf("text: %q (size %d, type %q)", body, r.Size, r.Type)
	}
	if !strings.Contains(tr.String(), "> /text.txt\n") || !strings.Contains(tr.String(), "does not dot-stuff") {
		t.Errorf("text transcript:\n%s", tr.String())
	}
	// Binary: streamed to the end of the connection, byte for byte.
	if body, _ := mustGet(t, base+"/9/bin.bin", fetch.Options{}); body != string(bin) {
		t.Errorf("binary: %d bytes, want %d equal ones", len(body), len(bin))
	}
	// A menu: entries with their own URLs; written "URL<TAB>type<TAB>name".
	body, r = mustGet(t, base+"/", fetch.Options{})
	want := base + "/0/text.txt\t0\ttext\n"
	if !strings.Contains(body, want) || !r.Listing {
		t.Errorf("menu: want a line %q in\n%s", want, body)
	}
	for _, e := range r.Entries {
		if e.Type == "1" && e.Name == "sub" && (e.URL != base+"/1/sub" || e.Fields["gopher+"] != "+") {
			t.Errorf("entry sub: %+v", e)
		}
	}
	walk(t, base+"/", "x") // pygopherd names files without their extension
	// Raw: the menu as sent.
	if body, _ := mustGet(t, base+"/1/sub", fetch.Options{Raw: true}); !strings.HasPrefix(body, "0a\t/sub/a.txt\t127.0.0.1\t"+strconv.Itoa(s.Port)+"\t+\r\n") {
		t.Errorf("raw menu: %q", body)
	}
	// A gophermap: info lines have no URL.
	_, r = mustGet(t, base+"/1/map", fetch.Options{})
	if len(r.Entries) < 3 || r.Entries[0].Type != "i" || r.Entries[0].URL != "" || r.Entries[0].Name != "Welcome to the map" {
		t.Errorf("gophermap: %+v", r.Entries)
	}
	// A search (type 7) with the option's query; the URL's own search wins.
	_, r = mustGet(t, base+"/7/search.sh", fetch.Options{Query: "gophers"})
	if len(r.Entries) != 1 || r.Entries[0].Name != "Found gophers" || r.Entries[0].URL != base+"/0/text.txt" {
		t.Errorf("search: %+v", r.Entries)
	}
	_, r = mustGet(t, base+"/7/search.sh%09moles", fetch.Options{Query: "gophers"})
	if len(r.Entries) != 1 || r.Entries[0].Name != "Found moles" {
		t.Errorf("search in the URL: %+v", r.Entries)
	}
	// Not found: RFC 1436's error item, Gopher+'s error reply.
	_, _, err := get(t, base+"/0/nope", fetch.Options{})
	if fetch.KindOf(err) != fetch.KindRefused || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("not found: %v", err)
	}
	_, _, err = get(t, base+"/0/nope%09%09+", fetch.Options{})
	if fetch.KindOf(err) != fetch.KindRefused || !strings.Contains(err.Error(), "gopher+-1") {
		t.Errorf("Gopher+ not found: %v", err)
	}

	// Gopher+: "+" with the size in the data head; a view by option.
	body, r = mustGet(t, base+"/0/text.txt%09%09+", fetch.Options{})
	if body != gopherText || r.Total != int64(len(gopherText)) {
		t.Errorf("Gopher+ item: %q, total %d", body, r.Total)
	}
	body, r = mustGet(t, base+"/0/text.txt", fetch.Options{View: "text/plain"})
	if body != gopherText || len(r.Dialog) == 0 || r.Dialog[0].Sent != "/text.txt\t+text/plain" {
		t.Errorf("view: %q, %+v", body, r.Dialog)
	}
	_, r = mustGet(t, base+"/1/sub%09%09+", fetch.Options{})
	if len(r.Entries) != 2 || r.Entries[1].URL != base+"/1/sub/deeper" {
		t.Errorf("Gopher+ menu: %+v", r.Entries)
	}
	// "!": the attribute blocks.
	body, r = mustGet(t, base+"/0/text.txt%09%09!", fetch.Options{})
	names := []string{}
	for _, b := range r.Attributes {
		names = append(names, b.Name)
	}
	if !slices.Equal(names, []string{"INFO", "ADMIN", "VIEWS", "ABSTRACT"}) ||
		!slices.Equal(r.Attributes[3].Lines, []string{"An abstract", "of two lines"}) ||
		!strings.HasPrefix(r.Attributes[0].Value, "0text.txt\t/text.txt\t127.0.0.1\t") || !strings.HasPrefix(body, "+INFO: 0text.txt\t") {
		t.Errorf("attributes: %+v\n%s", r.Attributes, body)
	}
	// "$": every item of a directory, each with its blocks.
	body, r = mustGet(t, base+"/1/sub%09%09$", fetch.Options{})
	if len(r.Entries) != 2 || r.Entries[0].URL != base+"/0/sub/a.txt" || len(r.Entries[0].Attributes) < 3 ||
		r.Entries[0].Attributes[1].Name != "ADMIN" || !strings.HasPrefix(body, base+"/0/sub/a.txt\t0\ta\n") {
		t.Errorf("directory attributes: %+v\n%s", r.Entries, body)
	}
	if body, _ := mustGet(t, base+"/1/sub%09%09$", fetch.Options{Raw: true}); !strings.HasPrefix(body, "+INFO: 0a\t/sub/a.txt\t127.0.0.1\t") {
		t.Errorf("directory attributes, raw: %q", body)
	}

	// An ASK form: the questions, answered by option (by prompt and in order).
	tr.Reset()
	body, r = mustGet(t, base+"/0/form.txt%09%09%3F", fetch.Options{Form: []string{"Colour?=blue", "Ann"}, Transcript: &tr})
	if body != "the form's item\r\n" || len(r.Form) != 2 || r.Form[0].Kind != "Ask" || r.Form[0].Default != "nobody" ||
		!slices.Equal(r.Form[1].Choices, []string{"red", "blue"}) {
		t.Errorf("form: %q %+v", body, r.Form)
	}
	if !strings.Contains(tr.String(), `> /form.txt\t!`+"\n") || !strings.Contains(tr.String(), `> /form.txt\t+\t1`+"\n> +-1\n> Ann\n> blue\n> .\n") {
		t.Errorf("form transcript:\n%s", tr.String())
	}
	_, _, err = get(t, base+"/0/form.txt%09%09%3F", fetch.Options{Form: []string{"Ann"}})
	if fetch.KindOf(err) != fetch.KindInvalid || !strings.Contains(err.Error(), "Colour?") {
		t.Errorf("form without an answer: %v", err)
	}
	_, _, err = get(t, base+"/0/form.txt%09%09%3F", fetch.Options{Form: []string{"Ann", "green"}})
	if fetch.KindOf(err) != fetch.KindInvalid {
		t.Errorf("form with a wrong choice: %v", err)
	}
	var asked []string
	body, _ = mustGet(t, base+"/0/form.txt%09%09%3F", fetch.Options{Prompt: func(q string, choices []string) (string, error) {
		asked = append(asked, q)
		if len(choices) > 0 {
			return choices[0], nil
		}
		return "Bob", nil
	}})
	if !slices.Equal(asked, []string{"Your name?", "Colour?"}) || body != "the form's item\r\n" {
		t.Errorf("prompted: %q; %q", asked, body)
	}
}

func TestGopherGophernicus(t *testing.T) {
	root, bin := gopherContent(t)
	s := testserver.Gophernicus(t, root)
	base := "gopher://127.0.0.1:" + strconv.Itoa(s.Port)

	if body, _ := mustGet(t, base+"/0/text.txt", fetch.Options{}); body != gopherText {
		t.Errorf("text: %q", body)
	}
	if body, _ := mustGet(t, base+"/9/bin.bin", fetch.Options{}); body != string(bin) {
		t.Errorf("binary: %d bytes", len(body))
	}
	var tr bytes.Buffer
	_, r := mustGet(t, base+"/", fetch.Options{Transcript: &tr})
	if strings.Contains(tr.String(), "without the line") {
		t.Errorf("gophernicus ends its menus with \".\":\n%s", tr.String())
	}
	if u := entryURL(t, r, "text.txt"); u != base+"/0/text.txt" {
		t.Errorf("entry text.txt: %s", u)
	}
	walk(t, base+"/", "x.txt")
	// A Gopher+ request to a server of the original protocol: answered the original way.
	tr.Reset()
	if body, _ := mustGet(t, base+"/0/text.txt%09%09+", fetch.Options{Transcript: &tr}); body != gopherText ||
		!strings.Contains(tr.String(), "no Gopher+ header") {
		t.Errorf("Gopher+ request to gophernicus: %q\n%s", body, tr.String())
	}
	// Gophermap.
	_, r = mustGet(t, base+"/1/map/", fetch.Options{})
	if len(r.Entries) == 0 || r.Entries[0].Type != "i" {
		t.Errorf("gophermap: %+v", r.Entries)
	}
}
