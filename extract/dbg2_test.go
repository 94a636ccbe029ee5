package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"testing/iotest"
	"time"
)

func TestDbgCorpus(t *testing.T) {
	files, _ := filepath.Glob("/tmp/fz/*")
	if len(files) == 0 {
		t.Skip()
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		lines := bytes.SplitN(b, []byte("\n"), 3)
		if len(lines) < 2 {
			continue
		}
		s := string(bytes.TrimSpace(lines[1]))
		s = s[len("[]byte(") : len(s)-1]
		text, err := strconv.Unquote(s)
		if err != nil {
			t.Log(f, err)
			continue
		}
		t0 := time.Now()
		Find([]byte(text))
		sc := NewScanner(iotest.HalfReader(bytes.NewReader([]byte(text))))
		for sc.Scan() {
		}
		if d := time.Since(t0); d > 100*time.Millisecond {
			t.Logf("%s: %v %q", f, d, text)
		}
	}
}
