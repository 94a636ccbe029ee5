package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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

// An interrupt (a cancelled context) stops the bulk path while it waits for input (a pipe, a
// terminal), at once and with the context's error (exit status 1, README "Exit status"):
// the read that waits is given up on. It waited for the next line or the end of the input,
// went on to the end, and exited 0.
func TestStreamInterruptWhileWaiting(t *testing.T) {
	for _, jobs := range []int{1, 2} {
		pr, pw := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		seenB := make(chan struct{}, 1) // the second line is being handled
		go func() {
			pw.Write([]byte("http://a/\nhttp://b/\n"))
			// With one job, both lines handled, the next read waits: no more input comes
			// before the interrupt. (Cancelling as soon as the pipe had given them away
			// raced the handling of the lines the reader held: CI once saw none written.)
			// More jobs handle lines in batches, when the read has more or the input ends.
			if jobs == 1 {
				select {
				case <-seenB:
				case <-time.After(10 * time.Second):
				}
			}
			cancel()
			time.Sleep(3 * time.Second)
			pw.Write([]byte("http://c/\n"))
			pw.Close()
		}()
		var out bytes.Buffer
		start := time.Now()
		_, err := streamLines(ctx, pr, &out, nil, bulkOptions{jobs: jobs}, func() lineFunc {
			return func(dst []byte, line string, st *stats) []byte {
				st.result(true, "", "")
				if line == "http://b/" {
					select {
					case seenB <- struct{}{}:
					default:
					}
				}
				return append(append(dst, line...), '\n')
			}
		})
		if !errors.Is(err, context.Canceled) || err.Error() != "context canceled" {
			t.Errorf("--jobs %d: error %v, want the interrupt", jobs, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("--jobs %d: took %v after the interrupt", jobs, d)
		}
		if strings.Contains(out.String(), "http://c/") {
			t.Errorf("--jobs %d: went on after the interrupt: %q", jobs, out.String())
		}
		if jobs == 1 && out.String() != "http://a/\nhttp://b/\n" {
			t.Errorf("--jobs 1: %q, want the lines read before the interrupt", out.String())
		}
	}
	// Through the command: exit status 1 and the interrupt on standard error.
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	time.AfterFunc(3*time.Second, func() { pw.Close() }) // the end of the input, long after
	var out, errb strings.Builder
	code := run(ctx, []string{"parse", "--jobs", "1", "-"}, pr, &out, &errb)
	if code != exitInvalid || errb.String() != "locator: context canceled\n" {
		t.Errorf("parse - interrupted: exit %d, stderr %q", code, errb.String())
	}
}

// A read error cuts the line it ends: no result is written for the start of that line
// (it is not a line of the input), whatever --jobs; the lines before it are written.
func TestStreamReadErrorCutLine(t *testing.T) {
	data := []byte(strings.Repeat("http://a/\n", 5000) + "http://example.com/pa")
	for _, jobs := range []int{1, 2} {
		var out bytes.Buffer
		st, err := streamLines(context.Background(), &errReader{data: data, err: errors.New("device gone")}, &out, nil, bulkOptions{jobs: jobs},
			func() lineFunc {
				return func(dst []byte, line string, st *stats) []byte {
					st.result(true, "", "")
					return append(append(dst, line...), '\n')
				}
			})
		if err == nil || err.Error() != "reading standard input: device gone" {
			t.Errorf("--jobs %d: error %v", jobs, err)
		}
		if want := strings.Repeat("http://a/\n", 5000); out.String() != want || st.lines != 5000 {
			t.Errorf("--jobs %d: %d lines, output ends %q", jobs, st.lines, out.Bytes()[max(0, out.Len()-30):])
		}
	}
}
