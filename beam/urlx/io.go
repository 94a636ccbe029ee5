package urlx

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

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
	register.DoFn3x1[context.Context, string, func(string), error](&matchSomeFn{})
	register.Emitter1[string]()
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(Document), error](&readDocFn{})
	register.Emitter1[Document]()
	beam.RegisterType(reflect.TypeFor[Document]())
	register.DoFn2x1[beam.X, func(int, string), error](&formatFn{})
	register.Emitter2[int, string]()
	register.DoFn2x1[[]byte, func(int, bool), error](&shardKeysFn{})
	register.Emitter2[int, bool]()
	register.DoFn4x1[context.Context, int, func(*string) bool, func(*bool) bool, error](&writeShardFn{})
	register.Iter1[string]()
	register.Iter1[bool]()
}

// ReadLines reads the lines of the files that glob matches (a path or a pattern, on any
// file system Beam knows: a local path, gs://...) as a PCollection of string: a line ends at
// "\n", and one "\r" before it is removed, as the CLI's bulk path reads standard input.
// Large files are split between workers (Beam's textio). A file's bytes are read as they
// are, whatever its name: a file named *.gz is not decompressed (textio would decompress it
// but count its lines against the compressed size, and lose those past it), as the CLI does
// not decompress its standard input. A glob that matches no file fails the pipeline, with
// the glob in the error: a mistyped path is not an empty input.
func ReadLines(s beam.Scope, glob string) beam.PCollection {
	s = s.Scope("locator.ReadLines")
	globs := beam.ParDo(s, &matchSomeFn{}, beam.Create(s, glob))
	return beam.ParDo(s, trimCR, textio.ReadAll(s, globs, textio.ReadUncompressed()))
}

// matchSomeFn passes on a glob that matches at least one file, and fails on one that
// matches none (Beam's textio and fileio read such a glob as no input, silently).
type matchSomeFn struct{}

// ProcessElement checks one glob.
func (*matchSomeFn) ProcessElement(ctx context.Context, glob string, emit func(string)) error {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return err
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no file matches %s", display.Quote(glob))
	}
	emit(glob)
	return nil
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
// file, not its lines; each file is held in memory by one worker. As in ReadLines, a file's
// bytes are read as they are (a *.gz file is not decompressed, as "locator extract FILE"
// does not decompress it), and a glob that matches no file fails the pipeline.
func ReadDocuments(s beam.Scope, glob string) beam.PCollection {
	s = s.Scope("locator.ReadDocuments")
	globs := beam.ParDo(s, &matchSomeFn{}, beam.Create(s, glob))
	files := fileio.ReadMatches(s, fileio.MatchAll(s, globs), fileio.ReadUncompressed())
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
	FormatJSONL = "jsonl" // one JSON object per line, the element's fields; a field not valid UTF-8 also as NAME_base64
	FormatCSV   = "csv"   // RFC 4180 records with a header line in each shard
)

// MaxShards is the most shards Write writes: the shard numbers of PREFIX-SSSSS-of-NNNNN
// have five digits, so that the names sort in the shards' order.
const MaxShards = 99999

// Write writes col (a PCollection of Result, Invalid, Finding, Diagnostic, Count or string: lines as they
// are) in format to shards
// files named PREFIX-SSSSS-of-NNNNN.EXT (EXT: txt, jsonl or csv), on any file system Beam
// knows. Each element goes to the shard its line's hash picks. Every shard is written, an
// empty one too (a CSV shard then holds its header alone), so that the files of an earlier
// run with the same PREFIX and number of shards are all replaced, none left over as if it
// were of this run. Each file is written under a temporary name beside it
// (NAME.tmp-RANDOM) and renamed when it is complete: a run that stops halfway leaves no
// partial file under the name. The order of the lines in a shard is not the input's. shards
// below 1 is taken as 1; above MaxShards it is an error.
func Write(s beam.Scope, format, prefix string, shards int, col beam.PCollection) error {
	t := col.Type().Type()
	header, err := csvHeader(t)
	if err != nil {
		return err
	}
	ext := map[string]string{FormatText: "txt", FormatJSONL: "jsonl", FormatCSV: "csv"}[format]
	if ext == "" {
		return fmt.Errorf("format %s: want text, jsonl or csv", display.Quote(format))
	}
	if format != FormatCSV {
		header = ""
	}
	if shards < 1 {
		shards = 1
	}
	if shards > MaxShards {
		return fmt.Errorf("shards %d: want at most %d", shards, MaxShards)
	}
	if err := CheckPath(prefix); err != nil {
		return err
	}
	s = s.Scope("locator.Write")
	keyed := beam.ParDo(s, &formatFn{Format: format, Shards: shards}, col)
	// One key for each shard, so that the GroupByKey gives every shard, an empty one too.
	keys := beam.ParDo(s, &shardKeysFn{Shards: shards}, beam.Impulse(s))
	grouped := beam.CoGroupByKey(s, keyed, keys)
	beam.ParDo0(s, &writeShardFn{Prefix: prefix, Ext: ext, Shards: shards, Header: header}, grouped)
	return nil
}

// shardKeysFn gives the numbers of the shards, 0 to Shards-1.
type shardKeysFn struct {
	Shards int `json:"shards"`
}

// ProcessElement gives the keys.
func (fn *shardKeysFn) ProcessElement(_ []byte, emit func(int, bool)) error {
	for i := range fn.Shards {
		emit(i, true)
	}
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
		if err != nil {
			return "", err
		}
		return string(appendBase64Fields(b, x)), nil
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

// appendBase64Fields adds to b, the JSON object of x, a field NAME_base64 with the exact
// bytes of each string field NAME of x that is not valid UTF-8: a JSON string holds UTF-8
// text only (RFC 8259 §8.1), and encoding/json writes U+FFFD for each bad byte, so that
// "http://a/%FF\xfe" and "http://a/%FF\xff" would give the same record and the byte
// offsets would not count the bytes shown. The CLI's --json gives them the same way
// (input_base64, README "JSON strings hold UTF-8 text only").
func appendBase64Fields(b []byte, x any) []byte {
	v := reflect.ValueOf(x)
	if v.Kind() != reflect.Struct || len(b) == 0 || b[len(b)-1] != '}' {
		return b
	}
	var extra []byte
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Type.Kind() != reflect.String || !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || utf8.ValidString(v.Field(i).String()) {
			continue
		}
		extra = append(extra, ',', '"')
		extra = append(extra, name...)
		extra = append(extra, `_base64":"`...)
		extra = base64.StdEncoding.AppendEncode(extra, []byte(v.Field(i).String()))
		extra = append(extra, '"')
	}
	if extra == nil {
		return b
	}
	return append(append(b[:len(b)-1], extra...), '}')
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

// ProcessElement writes one shard: under a temporary name, renamed to the shard's name
// when the file is complete.
func (fn *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool, _ func(*bool) bool) error {
	name := ShardName(fn.Prefix, shard, fn.Shards, fn.Ext)
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	var r [8]byte
	rand.Read(r[:])
	tmp := name + ".tmp-" + hex.EncodeToString(r[:])
	fd, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return err
	}
	err = writeLines(fd, fn.Header, lines)
	if cerr := fd.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = filesystem.Rename(ctx, fs, tmp, name)
	}
	if err != nil {
		if rm, ok := fs.(filesystem.Remover); ok {
			rm.Remove(ctx, tmp)
		}
		return err
	}
	return nil
}

// writeLines writes header (when not "") and each line of lines to w, each with a "\n".
func writeLines(w io.Writer, header string, lines func(*string) bool) error {
	b := bufio.NewWriterSize(w, 1<<20)
	if header != "" {
		b.WriteString(header)
		b.WriteByte('\n')
	}
	var line string
	for lines(&line) {
		b.WriteString(line)
		if err := b.WriteByte('\n'); err != nil {
			return err
		}
	}
	return b.Flush()
}
