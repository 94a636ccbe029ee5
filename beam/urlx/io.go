package urlx

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"reflect"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths; the command adds gs://
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/locator-url/locator/internal/display"
)

func init() {
	register.Function1x1(trimCR)
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(Document), error](&readDocFn{})
	register.Emitter1[Document]()
	beam.RegisterType(reflect.TypeFor[Document]())
	register.DoFn2x1[beam.X, func(int, string), error](&formatFn{})
	register.Emitter2[int, string]()
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Iter1[string]()
}

// ReadLines reads the lines of the files that glob matches (a path or a pattern, on any
// file system Beam knows: a local path, gs://...) as a PCollection of string: a line ends at
// "\n", and one "\r" before it is removed, as the CLI's bulk path reads standard input.
// Large files are split between workers (Beam's textio).
func ReadLines(s beam.Scope, glob string) beam.PCollection {
	s = s.Scope("locator.ReadLines")
	return beam.ParDo(s, trimCR, textio.Read(s, glob))
}

// CheckPath reports whether a file system is registered for path's scheme ("gs://" …; a
// path without "://" is local) and path is not empty. ReadLines, ReadDocuments and Beam's
// textio panic on such a path while the pipeline is built (filesystem.ValidateScheme); a
// program checks its paths first with CheckPath, as Write does.
func CheckPath(path string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	filesystem.ValidateScheme(path)
	return nil
}

// trimCR removes one "\r" at the end of line (textio.Read removed the "\n").
func trimCR(line string) string { return strings.TrimSuffix(line, "\r") }

// Document is a whole text, for Extract: the running text of one file.
type Document struct {
	// Name is the file's path.
	Name string `json:"name"`
	// Text is the file's content.
	Text string `json:"text"`
}

// ReadDocuments reads each file that glob matches whole, as a PCollection of Document. A
// URL in running text may span lines (RFC 1738 Appendix), so Extract needs the text of a
// file, not its lines; each file is held in memory by one worker.
func ReadDocuments(s beam.Scope, glob string) beam.PCollection {
	s = s.Scope("locator.ReadDocuments")
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, glob))
	return beam.ParDo(s, &readDocFn{}, files)
}

type readDocFn struct{}

// ProcessElement reads one file.
func (*readDocFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, emit func(Document)) error {
	b, err := f.Read(ctx)
	if err != nil {
		return err
	}
	emit(Document{Name: f.Metadata.Path, Text: string(b)})
	return nil
}

// The output formats of Write.
const (
	FormatText  = "text"  // the CLI's lines: Result.Output, Invalid.Line, Finding.Line, Diagnostic.Line, "KEY<TAB>COUNT"
	FormatJSONL = "jsonl" // one JSON object per line, the element's fields
	FormatCSV   = "csv"   // RFC 4180 records with a header line in each shard
)

// Write writes col (a PCollection of Result, Invalid, Finding, Diagnostic, Count or string: lines as they
// are) in format to shards
// files named PREFIX-SSSSS-of-NNNNN.EXT (EXT: txt, jsonl or csv), on any file system Beam
// knows. Each element goes to the shard its line's hash picks, so a shard that no element
// falls into is not written. The order of the lines in a shard is not the input's. shards
// below 1 is taken as 1.
func Write(s beam.Scope, format, prefix string, shards int, col beam.PCollection) error {
	t := col.Type().Type()
	header, err := csvHeader(t)
	if err != nil {
		return err
	}
	ext := map[string]string{FormatText: "txt", FormatJSONL: "jsonl", FormatCSV: "csv"}[format]
	if ext == "" {
		return fmt.Errorf("format %q: want text, jsonl or csv", format)
	}
	if format != FormatCSV {
		header = ""
	}
	if shards < 1 {
		shards = 1
	}
	if err := CheckPath(prefix); err != nil {
		return err
	}
	s = s.Scope("locator.Write")
	keyed := beam.ParDo(s, &formatFn{Format: format, Shards: shards}, col)
	grouped := beam.GroupByKey(s, keyed)
	beam.ParDo0(s, &writeShardFn{Prefix: prefix, Ext: ext, Shards: shards, Header: header}, grouped)
	return nil
}

// formatFn formats an element as one line and picks its shard.
type formatFn struct {
	Format string `json:"format"`
	Shards int    `json:"shards"`
}

// ProcessElement formats one element.
func (fn *formatFn) ProcessElement(x beam.X, emit func(int, string)) error {
	line, err := formatLine(fn.Format, x)
	if err != nil {
		return err
	}
	h := fnv.New32a()
	h.Write([]byte(line))
	emit(int(h.Sum32()%uint32(fn.Shards)), line)
	return nil
}

// formatLine is the line of x in format, without its line break.
func formatLine(format string, x any) (string, error) {
	switch format {
	case FormatJSONL:
		b, err := json.Marshal(x)
		return string(b), err
	case FormatCSV:
		var sb strings.Builder
		w := csv.NewWriter(&sb)
		if err := w.Write(csvRecord(x)); err != nil {
			return "", err
		}
		w.Flush()
		return strings.TrimSuffix(sb.String(), "\n"), w.Error()
	}
	switch v := x.(type) {
	case string:
		return v, nil
	case Result:
		return v.Output, nil
	case Invalid:
		return v.Line, nil
	case Finding:
		return v.Line, nil
	case Diagnostic:
		return v.Line, nil
	case Count:
		return display.String(v.Key) + "\t" + strconv.FormatInt(v.Count, 10), nil
	}
	return "", fmt.Errorf("locator.Write: cannot write a %T", x)
}

// csvHeader is the header line of the CSV of elements of type t.
func csvHeader(t reflect.Type) (string, error) {
	var h []string
	switch t {
	case reflect.TypeFor[Result]():
		h = []string{"input", "output", "scheme"}
	case reflect.TypeFor[Invalid]():
		h = []string{"input", "offset", "code", "rule", "message"}
	case reflect.TypeFor[Finding]():
		h = []string{"name", "url", "alternatives", "start", "end", "form", "valid"}
	case reflect.TypeFor[Diagnostic]():
		h = []string{"input", "severity", "offset", "code", "rule", "message"}
	case reflect.TypeFor[Count]():
		h = []string{"key", "count"}
	case reflect.TypeFor[string]():
		h = []string{"line"}
	default:
		return "", fmt.Errorf("locator.Write: cannot write a PCollection of %v; want Result, Invalid, Finding, Diagnostic, Count or string", t)
	}
	return strings.Join(h, ","), nil
}

// csvRecord is the CSV record of x, in the order of csvHeader. The alternatives of a Finding
// are separated by a space.
func csvRecord(x any) []string {
	switch v := x.(type) {
	case Result:
		return []string{v.Input, v.Output, v.Scheme}
	case Invalid:
		return []string{v.Input, strconv.Itoa(v.Offset), v.Code, v.Rule, v.Message}
	case Finding:
		return []string{v.Name, v.URL, strings.Join(v.Alternatives, " "), strconv.Itoa(v.Start),
			strconv.Itoa(v.End), v.Form, strconv.FormatBool(v.Valid)}
	case Diagnostic:
		return []string{v.Input, v.Severity, strconv.Itoa(v.Offset), v.Code, v.Rule, v.Message}
	case Count:
		return []string{v.Key, strconv.FormatInt(v.Count, 10)}
	case string:
		return []string{v}
	}
	return nil
}

// writeShardFn writes the lines of one shard to its file.
type writeShardFn struct {
	Prefix string `json:"prefix"`
	Ext    string `json:"ext"`
	Shards int    `json:"shards"`
	Header string `json:"header"`
}

// ShardName is the file name of shard i of n under prefix: PREFIX-SSSSS-of-NNNNN.EXT.
func ShardName(prefix string, i, n int, ext string) string {
	return fmt.Sprintf("%s-%05d-of-%05d.%s", prefix, i, n, ext)
}

// ProcessElement writes one shard.
func (fn *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	name := ShardName(fn.Prefix, shard, fn.Shards, fn.Ext)
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	fd, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(fd, 1<<20)
	if fn.Header != "" {
		w.WriteString(fn.Header)
		w.WriteByte('\n')
	}
	var line string
	for lines(&line) {
		w.WriteString(line)
		if err := w.WriteByte('\n'); err != nil {
			fd.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		fd.Close()
		return err
	}
	return fd.Close()
}
