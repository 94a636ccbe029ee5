package testserver

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium starts Debian's chromium headless (the browser of the gateway's tests), with a new
// empty profile, and returns a chromedp context for one tab, cancelled (and the browser
// stopped) when the test ends. A missing chromium skips the test outside CI and fails it in
// CI. The flags keep the browser off the network it would otherwise reach for at start (this
// machine's closed network refuses those connections; see the repository's README).
func Chromium(t testing.TB) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		Missing(t, "chromium is not installed ("+err.Error()+")")
	}
	// The profile is removed after the browser has stopped, with a few retries: a browser's
	// helper processes may still write to it (after a download, say) as it ends, and
	// t.TempDir's removal would fail the test.
	profile, err := os.MkdirTemp("", "locator-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1024, 768),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	// Start the browser now, so that a browser that cannot start fails here, not in the
	// test's first action. (The first Run binds the browser to its context: it must be ctx
	// itself, not a context with a deadline, or the browser ends with that context.)
	if err := chromedp.Run(ctx); err != nil {
		cancelTab()
		cancelAlloc()
		_ = os.RemoveAll(profile)
		t.Fatalf("chromium did not start: %v", err)
	}
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		for i := 0; i < 50 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	return ctx
}
