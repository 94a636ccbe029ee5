//go:build unix

package serve

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/locator-url/locator/internal/testserver"
)

// gwScreenshotDir is where the browser tests write their screenshots, for a person to look at:
// $LOCATOR_SCREENSHOTS when set, a temporary directory otherwise. They are not committed.
func gwScreenshotDir(t *testing.T) string {
	if d := os.Getenv("LOCATOR_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// gwScreenshot is the action that writes a PNG of the whole page to dir/name and logs its path.
func gwScreenshot(t *testing.T, dir, name string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var png []byte
		if err := chromedp.FullScreenshot(&png, 100).Do(ctx); err != nil {
			return err
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, png, 0o644); err != nil {
			return err
		}
		t.Logf("screenshot: %s", p)
		return nil
	})
}

// gwClickLink is the action that clicks the link whose text is text and waits for the element
// sel of the page it leads to.
func gwClickLink(text, sel string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.Click(`//a[normalize-space(text())='`+text+`']`, chromedp.BySearch),
		chromedp.WaitVisible(sel, chromedp.ByQuery),
	}
}

// TestBrowserGateway: in Debian's chromium, headless, against the gateway in front of the real
// pygopherd, vsftpd and INN: a gopher menu followed two levels down by clicking its links to a
// text item; a search item's form typed into and submitted; a Gopher+ ASK form filled in; an FTP directory and a file downloaded by its link, byte-equal; a news group and
// an article. Each page's screenshot is written (gwScreenshotDir) and its path logged.
func TestBrowserGateway(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	ctx := testserver.Chromium(t)
	gs, _, gbase := gopherSite(t, false)
	fs, bin := ftpSite(t)
	ns, group, mid := newsSite(t)
	o := Options{AllowPrivate: true, AllowPorts: []int{gs.Port, fs.Port}}
	o.Fetch.NNTPServer = ns.Addr()
	ts, _ := gatewayServer(t, o)
	dir := gwScreenshotDir(t)
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	// Gopher: the menu, "sub", "deeper", the text item "x".
	var text, loc string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/"+gbase+"/"),
		chromedp.WaitVisible(`table.gw-list`, chromedp.ByQuery),
		gwScreenshot(t, dir, "gateway-gopher-menu.png"),
		gwClickLink("sub", `a[href$="/1/sub/deeper"]`),
		gwClickLink("deeper", `a[href$="/0/sub/deeper/x.txt"]`),
		gwScreenshot(t, dir, "gateway-gopher-deeper.png"),
		gwClickLink("x", `pre.gw-text`),
		chromedp.Text(`pre.gw-text`, &text, chromedp.ByQuery),
		chromedp.Location(&loc),
		gwScreenshot(t, dir, "gateway-gopher-text.png"),
	); err != nil {
		t.Fatalf("gopher: %v", err)
	}
	if strings.TrimSpace(text) != "two levels down" || loc != ts.URL+"/"+gbase+"/0/sub/deeper/x.txt" {
		t.Errorf("gopher text: %q at %s", text, loc)
	}

	// Gopher: a search item's form, typed into and submitted (no JavaScript).
	var hit string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/"+gbase+"/1/find"),
		chromedp.WaitVisible(`form.gw-search input[name=search]`, chromedp.ByQuery),
		chromedp.SendKeys(`form.gw-search input[name=search]`, "gopher holes", chromedp.ByQuery),
		gwScreenshot(t, dir, "gateway-gopher-search.png"),
		chromedp.Submit(`form.gw-search input[name=search]`, chromedp.ByQuery),
		chromedp.WaitVisible(`//a[starts-with(text(), 'Found')]`, chromedp.BySearch),
		chromedp.Text(`//a[starts-with(text(), 'Found')]`, &hit, chromedp.BySearch),
	); err != nil {
		t.Fatalf("gopher search: %v", err)
	}
	if hit != "Found gopher holes" {
		t.Errorf("search result %q", hit)
	}

	// Gopher+: an ASK form filled in and sent; the item comes back.
	var item string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/"+gbase+"/0/form.txt%09%09%3F"),
		chromedp.WaitVisible(`form.gw-form input[name=a1]`, chromedp.ByQuery),
		chromedp.SetValue(`form.gw-form input[name=a1]`, "Ann", chromedp.ByQuery),
		chromedp.SetValue(`form.gw-form select[name=a2]`, "blue", chromedp.ByQuery),
		gwScreenshot(t, dir, "gateway-gopher-form.png"),
		chromedp.Submit(`form.gw-form input[name=a1]`, chromedp.ByQuery),
		chromedp.WaitVisible(`pre.gw-text`, chromedp.ByQuery),
		chromedp.Text(`pre.gw-text`, &item, chromedp.ByQuery),
	); err != nil {
		t.Fatalf("gopher form: %v", err)
	}
	if strings.TrimSpace(item) != "the form's item" {
		t.Errorf("the form's item: %q", item)
	}

	// FTP: the directory, then the download link of data.bin.
	downloads := t.TempDir()
	done := make(chan string, 1)
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			select {
			case done <- e.GUID:
			default:
			}
		}
	})
	var size string
	if err := chromedp.Run(ctx,
		browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllowAndName).WithDownloadPath(downloads).WithEventsEnabled(true),
		chromedp.Navigate(ts.URL+"/"+fs.URL("/pub/")),
		chromedp.WaitVisible(`table.gw-list`, chromedp.ByQuery),
		chromedp.Text(`//tr[td/a[text()='data.bin']]/td[@class='gw-size']`, &size, chromedp.BySearch),
		gwScreenshot(t, dir, "gateway-ftp-directory.png"),
		chromedp.Click(`//tr[td/a[text()='data.bin']]//a[text()='download']`, chromedp.BySearch),
	); err != nil {
		t.Fatalf("ftp: %v", err)
	}
	if size != "70000" {
		t.Errorf("data.bin's size on the page: %q", size)
	}
	select {
	case guid := <-done:
		got, err := os.ReadFile(filepath.Join(downloads, guid))
		if err != nil || !bytes.Equal(got, bin) {
			t.Errorf("downloaded data.bin: %d bytes (want %d equal ones), %v", len(got), len(bin), err)
		}
	case <-ctx.Done():
		t.Fatal("the download did not complete")
	}

	// News: the group's overview, then the article.
	var subject, body string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/news:"+group),
		chromedp.WaitVisible(`table.gw-list`, chromedp.ByQuery),
		gwScreenshot(t, dir, "gateway-news-group.png"),
		chromedp.Click(`a[href="/news:`+strings.Trim(mid, "<>")+`"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`pre.gw-text`, chromedp.ByQuery),
		chromedp.Text(`//table[@class='gw-headers']//tr[th='Subject']/td`, &subject, chromedp.BySearch),
		chromedp.Text(`pre.gw-text`, &body, chromedp.ByQuery),
		gwScreenshot(t, dir, "gateway-news-article.png"),
	); err != nil {
		t.Fatalf("news: %v", err)
	}
	if subject != "Gateway <test> article" || !strings.Contains(body, ".dotted line\n<script>alert(1)</script>") {
		t.Errorf("article: subject %q, body %q", subject, body)
	}
}
