package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The parallel bulk path writes every line's output once, in input order, whatever the order
// in which the workers finish their batches: here some lines take long, so that the other
// workers run ahead, fill the pool and wait (issue 10: the workers read and write batches
// themselves).
func TestStreamParallelOrder(t *testing.T) {
	var in, want strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&in, "line %d %s\n", i, strings.Repeat("x", i%97))
		fmt.Fprintf(&want, "%d:line %d %s\n", i%97, i, strings.Repeat("x", i%97))
	}
	in.WriteString("last line\r") // no "\n"; its "\r" is removed
	want.WriteString("9:last line\n")
	for _, jobs := range []int{1, 2, 3, 8} {
		newFunc := func() lineFunc {
			return func(dst []byte, line string, st *stats) []byte {
				if strings.HasSuffix(line, "1 "+strings.Repeat("x", 4)) {
					time.Sleep(time.Millisecond) // a slow line: its batch ends late
				}
				st.result(true, "", "")
				dst = strconv.AppendInt(dst, int64(strings.Count(line, "x")+strings.Count(line, "last")*9), 10)
				dst = append(dst, ':')
				return append(append(dst, line...), '\n')
			}
		}
		var out bytes.Buffer
		st, err := streamLines(context.Background(), strings.NewReader(in.String()), &out, nil, bulkOptions{jobs: jobs}, newFunc)
		if err != nil {
			t.Fatalf("--jobs %d: %v", jobs, err)
		}
		if out.String() != want.String() {
			t.Errorf("--jobs %d: the output differs (%d bytes, want %d)", jobs, out.Len(), want.Len())
		}
		if st.lines != 20001 || st.valid != 20001 {
			t.Errorf("--jobs %d: %d lines, %d valid", jobs, st.lines, st.valid)
		}
	}
}

// errReader returns its data, then err.
type errReader struct {
	data []byte
	err  error
}

func (r *errReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// A read error ends the parallel path with that error, after the lines read before it are
// written, in order.
func TestStreamParallelReadError(t *testing.T) {
	data := []byte(strings.Repeat("http://a/\n", 30000))
	for _, jobs := range []int{1, 2, 4} {
		var out bytes.Buffer
		_, err := streamLines(context.Background(), &errReader{data: data, err: errors.New("device gone")}, &out, nil, bulkOptions{jobs: jobs},
			func() lineFunc {
				return func(dst []byte, line string, st *stats) []byte { return append(append(dst, line...), '\n') }
			})
		if err == nil || err.Error() != "reading standard input: device gone" {
			t.Errorf("--jobs %d: error %v", jobs, err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Errorf("--jobs %d: %d bytes written of %d read", jobs, out.Len(), len(data))
		}
	}
}
