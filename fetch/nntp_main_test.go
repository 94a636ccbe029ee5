package fetch_test

import (
	"os"
	"testing"

	"github.com/locator-url/locator/internal/testserver"
)

// TestMain stops the servers that are started once per test binary (INN, which uses fixed
// paths and a file lock shared with cmd/locator's tests) after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopINN()
	os.Exit(code)
}
