package extract

import (
	"encoding/json"
	"os"
	"testing"
)

func TestDbg(t *testing.T) {
	b, err := os.ReadFile(os.Getenv("DBG"))
	if err != nil {
		t.Skip()
	}
	for _, f := range Find(b) {
		j, _ := json.Marshal(f)
		t.Log(string(j), string(b[f.Start:f.End+1]))
	}
}
