package serve

import (
	"os"
	"testing"

	"github.com/locator-url/locator/internal/testserver"
)

// TestMain stops the INN server the news tests start (testserver.INN runs one per test
// binary, under a file lock, and needs StopINN at the end).
func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopINN()
	os.Exit(code)
}
