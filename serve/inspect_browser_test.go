package serve

import (
	"context"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/locator-url/locator/internal/testserver"
)

// screenshotDir is where the browser tests write their screenshots, for a person to look at:
// $LOCATOR_SCREENSHOTS when set, else a temporary directory of the test.
func screenshotDir(t *testing.T) string {
	if d := os.Getenv("LOCATOR_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// screenshot returns the action that writes a full-page screenshot of the tab to dir/name.
func screenshot(t *testing.T, dir, name string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var png []byte
		if err := chromedp.FullScreenshot(&png, 100).Do(ctx); err != nil {
			return err
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			return err
		}
		t.Logf("screenshot: %s (%d bytes)", path, len(png))
		return nil
	})
}

// TestInspectBrowser: in Debian's chromium, headless, a person's use of the inspector: type
// a URL into the field, submit the form, read the finding, its caret and its rule from the
// page; then resolve a reference and see the results that differ highlighted. With
// JavaScript the results also follow the typing (inspect.js, under the page's strict
// Content-Security-Policy).
func TestInspectBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	ctx := testserver.Chromium(t)
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	dir := screenshotDir(t)
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	// Type, submit, read the finding.
	const u = "ftp://host.dom/pub/a%zz"
	var severity, offset, code, rule, caret string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`#inspect-url`, chromedp.ByQuery),
		chromedp.SendKeys(`#inspect-url`, u, chromedp.ByQuery),
		chromedp.Click(`#inspect-form p button[type=submit]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#spec-rfc1738 .finding`, chromedp.ByQuery),
		chromedp.Text(`#spec-rfc1738 .finding .severity`, &severity, chromedp.ByQuery),
		chromedp.Text(`#spec-rfc1738 .finding .offset`, &offset, chromedp.ByQuery),
		chromedp.Text(`#spec-rfc1738 .finding .code`, &code, chromedp.ByQuery),
		chromedp.Text(`#spec-rfc1738 .finding .rule`, &rule, chromedp.ByQuery),
		chromedp.Text(`#spec-rfc1738 .finding pre.caret`, &caret, chromedp.ByQuery),
		screenshot(t, dir, "inspector-findings.png"),
	); err != nil {
		t.Fatal(err)
	}
	if severity != "error" || offset != "20" || code != "bad-escape" || rule != "RFC 1738 §2.2 escape" {
		t.Errorf("finding: %s at %s [%s, %s]", severity, offset, code, rule)
	}
	lines := strings.Split(caret, "\n")
	if len(lines) != 2 || lines[0] != u || lines[1] != strings.Repeat(" ", 20)+"^" {
		t.Errorf("caret:\n%s", caret)
	}

	// Resolve: every mode, the results that differ from rfc3986's highlighted.
	var compat, compatClass, plain, background string
	var marked int
	if err := chromedp.Run(ctx,
		chromedp.SetValue(`#inspect-base`, "http://a/b/c/d;p?q", chromedp.ByQuery),
		chromedp.SendKeys(`#inspect-ref`, "http:g", chromedp.ByQuery),
		chromedp.Click(`fieldset.inspect-resolve button[type=submit]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#resolution table`, chromedp.ByQuery),
		chromedp.Text(`#resolution td[data-mode="rfc3986-compat"]`, &compat, chromedp.ByQuery),
		chromedp.AttributeValue(`#resolution td[data-mode="rfc3986-compat"]`, "class", &compatClass, nil, chromedp.ByQuery),
		chromedp.Text(`#resolution td[data-mode="rfc3986"]`, &plain, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#resolution td.differ mark").length`, &marked),
		chromedp.Evaluate(`getComputedStyle(document.querySelector('#resolution td[data-mode="rfc3986-compat"]')).backgroundColor`, &background),
		chromedp.ScrollIntoView(`#resolution`, chromedp.ByQuery),
		screenshot(t, dir, "inspector-resolution.png"),
	); err != nil {
		t.Fatal(err)
	}
	if compat != "http://a/b/c/g" || !strings.Contains(compatClass, "differ") || plain != "http:g" {
		t.Errorf("rfc3986-compat %q (class %q), rfc3986 %q", compat, compatClass, plain)
	}
	// rfc3986-compat, url-draft, rfc1630, rfc1630-published and whatwg differ (the CLI's "*").
	if marked != 5 {
		t.Errorf("%d results marked, want 5", marked)
	}
	// The style sheet applies (style-src 'self'): the cell is highlighted, not transparent.
	if background == "" || background == "rgba(0, 0, 0, 0)" {
		t.Errorf("the differing cell's background is %q", background)
	}

	// Live update: type without submitting; inspect.js replaces the results.
	var updated, verdict string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`#inspect-url`, chromedp.ByQuery),
		chromedp.SendKeys(`#inspect-url`, "gopher://h/1sel", chromedp.ByQuery),
		chromedp.WaitVisible(`#inspect-results[data-updated="gopher://h/1sel"] #spec-rfc1738`, chromedp.ByQuery),
		chromedp.AttributeValue(`#inspect-results`, "data-updated", &updated, nil, chromedp.ByQuery),
		chromedp.Text(`#spec-rfc1738 h2 .verdict`, &verdict, chromedp.ByQuery),
		screenshot(t, dir, "inspector-live.png"),
	); err != nil {
		t.Fatal(err)
	}
	if verdict != "valid" {
		t.Errorf("live update: verdict %q for %q", verdict, updated)
	}

	// On a phone: the page is no wider than the screen (tables and caret lines scroll in
	// their own boxes).
	var scrollWidth, innerWidth int
	q := url.Values{"url": {"ftp://user:pw@host.dom:2121/" + strings.Repeat("very-long-segment/", 8) + "%zz"},
		"base": {"http://a/b/c/d;p?q"}, "ref": {"http:g\n../../../g"}}
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(ts.URL+"/inspect?"+q.Encode()),
		chromedp.WaitVisible(`#resolution`, chromedp.ByQuery),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &scrollWidth),
		chromedp.Evaluate(`window.innerWidth`, &innerWidth),
		screenshot(t, dir, "inspector-phone.png"),
	); err != nil {
		t.Fatal(err)
	}
	if scrollWidth > innerWidth {
		t.Errorf("on a 390-pixel screen the page is %d pixels wide", scrollWidth)
	}
}
