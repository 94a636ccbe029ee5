//go:build unix

package fetch_test

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/testserver"
	"github.com/locator-url/locator/scheme"
)

// The groups the INN tests use; INN keeps them (and their articles) between runs, so each
// test posts articles with message-ids of their own.
const (
	innGroup = "local.locator.test"
	innEmpty = "local.locator.empty" // never posted to
)

// innBody has lines that start with ".": one that is "." alone (on the wire "..", which a
// client that does not unstuff takes for the end), and lines that are dot-stuffed (RFC 3977
// §3.1.1).
const innBody = "first line\n.\n.leading dot\n..two dots\n\nlast line"

// innFixture is an INN with the tests' articles.
type innFixture struct {
	srv     *testserver.INNServer
	mid     string // message-id of the article with innBody, with brackets
	num     int    // its number in innGroup
	mid2    string
	num2    int
	opts    fetch.Options // NNTPServer is the relay in front of INN
	relayHP string
}

func newINNFixture(t *testing.T) *innFixture {
	srv := testserver.INN(t)
	srv.NewGroup(t, innGroup)
	srv.NewGroup(t, innEmpty)
	f := &innFixture{srv: srv, relayHP: srv.RelayAddr()}
	f.mid = srv.MessageID("dots")
	f.num = srv.Post(t, innGroup, f.mid, "dots and lines", innBody)
	f.mid2 = srv.MessageID("plain")
	f.num2 = srv.Post(t, innGroup, f.mid2, "a\tsecond article", "just text")
	f.opts = fetch.Options{NNTPServer: f.relayHP}
	return f
}

func bare(mid string) string { return strings.TrimSuffix(strings.TrimPrefix(mid, "<"), ">") }

// sentLines returns the lines a Result's dialog sent.
func sentLines(r *fetch.Result) []string {
	var s []string
	for _, e := range r.Dialog {
		if e.Sent != "" {
			s = append(s, e.Sent)
		}
	}
	return s
}

// planSends returns the lines of the plan of url that are sent when no When branch is taken
// (INN knows OVER, so XOVER, sent only after a 500 or 501, is not).
func planSends(t *testing.T, url, server string) []string {
	t.Helper()
	u := locator.MustParse(url)
	var p scheme.Plan
	var err error
	if n, e := scheme.ParseNews(u); e == nil {
		p, err = n.PlanWith(scheme.NewsPlanOptions{Server: server})
	} else {
		p, err = scheme.PlanFor(u)
	}
	if err != nil {
		t.Fatalf("plan of %s: %v", url, err)
	}
	var s []string
	for _, st := range p.Steps {
		if st.Send != "" && len(st.When) == 0 {
			s = append(s, st.Send)
		}
	}
	return s
}

func TestNNTPAgainstINN(t *testing.T) {
	f := newINNFixture(t)
	nntpBase := "nntp://" + f.relayHP + "/" + innGroup

	t.Run("article by message-id, dot-unstuffed", func(t *testing.T) {
		out, r, err := nntpGet(t, f.opts, "news:"+bare(f.mid))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "\nMessage-ID: "+f.mid+"\n") || !strings.HasSuffix(out, "\n\n"+innBody+"\n") {
			t.Errorf("article:\n%s", out)
		}
		if r.Size != int64(len(out)) || r.Listing || r.Scheme != "news" {
			t.Errorf("result: size %d of %d, listing %v, scheme %q", r.Size, len(out), r.Listing, r.Scheme)
		}
	})

	t.Run("article by number", func(t *testing.T) {
		out, _, err := nntpGet(t, fetch.Options{}, nntpBase+"/"+strconv.Itoa(f.num))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "\nMessage-ID: "+f.mid+"\n") || !strings.HasSuffix(out, "\n\n"+innBody+"\n") {
			t.Errorf("article:\n%s", out)
		}
	})

	t.Run("group overview with URLs", func(t *testing.T) {
		out, r, err := nntpGet(t, f.opts, "news:"+innGroup)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Listing {
			t.Errorf("not a listing")
		}
		var e1, e2 *fetch.Entry
		for i := range r.Entries {
			switch r.Entries[i].Fields["message_id"] {
			case f.mid:
				e1 = &r.Entries[i]
			case f.mid2:
				e2 = &r.Entries[i]
			}
		}
		if e1 == nil || e2 == nil {
			t.Fatalf("posted articles not in the overview: %+v", r.Entries)
		}
		nntp1 := nntpBase + "/" + strconv.Itoa(f.num)
		if e1.URL != "news:"+bare(f.mid) || e1.Type != "article" || e1.Name != "dots and lines" ||
			e1.Fields["nntp"] != nntp1 || e1.Fields["number"] != strconv.Itoa(f.num) || e1.Size <= 0 {
			t.Errorf("entry %+v", *e1)
		}
		// INN's overview turns the TAB of a subject into a space (RFC 3977 §8.3.2).
		if e2.Name != "a second article" {
			t.Errorf("entry 2 name %q", e2.Name)
		}
		if want := "news:" + bare(f.mid) + "\tarticle\tdots and lines\n"; !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
		// Each listed URL fetches its article.
		for _, u := range []string{e1.URL, e1.Fields["nntp"]} {
			a, _, err := nntpGet(t, f.opts, u)
			if err != nil || !strings.HasSuffix(a, "\n\n"+innBody+"\n") {
				t.Errorf("%s: %v\n%s", u, err, a)
			}
		}
	})

	t.Run("nntp group overview", func(t *testing.T) {
		_, r, err := nntpGet(t, fetch.Options{}, nntpBase)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, e := range r.Entries {
			if e.Fields["message_id"] == f.mid2 {
				found = e.URL == nntpBase+"/"+strconv.Itoa(f.num2) && e.Fields["news"] == "news:"+bare(f.mid2)
			}
		}
		if !found {
			t.Errorf("no entry with URL %s/%d: %+v", nntpBase, f.num2, r.Entries)
		}
	})

	t.Run("raw overview", func(t *testing.T) {
		o := f.opts
		o.Raw = true
		out, r, err := nntpGet(t, o, "news:"+innGroup)
		if err != nil {
			t.Fatal(err)
		}
		want := strconv.Itoa(f.num) + "\tdots and lines\t"
		if !strings.Contains(out, "\n"+want) && !strings.HasPrefix(out, want) || len(r.Entries) != 0 {
			t.Errorf("raw overview (%d entries):\n%s", len(r.Entries), out)
		}
	})

	t.Run("empty group", func(t *testing.T) {
		out, r, err := nntpGet(t, f.opts, "news:"+innEmpty)
		if err != nil || out != "" || len(r.Entries) != 0 {
			t.Errorf("empty group: %q %+v %v", out, r.Entries, err)
		}
	})

	t.Run("all groups", func(t *testing.T) {
		out, r, err := nntpGet(t, f.opts, "news:*")
		if err != nil {
			t.Fatal(err)
		}
		var g *fetch.Entry
		for i := range r.Entries {
			if r.Entries[i].Name == innGroup {
				g = &r.Entries[i]
			}
		}
		if g == nil || g.URL != "news:"+innGroup || g.Type != "group" || g.Fields["status"] != "y" {
			t.Fatalf("group %s: %+v", innGroup, g)
		}
		if hi, _ := strconv.Atoi(g.Fields["high"]); hi < f.num2 {
			t.Errorf("high %q < %d", g.Fields["high"], f.num2)
		}
		if !strings.Contains(out, "news:"+innGroup+"\tgroup\t"+innGroup+"\n") {
			t.Errorf("output:\n%s", out)
		}
	})

	t.Run("refusals", func(t *testing.T) {
		for _, r := range []struct {
			url, code string
			o         fetch.Options
		}{
			{"news:no-such-" + bare(f.srv.MessageID("missing")), "nntp-430", f.opts},
			{"news:local.locator.nosuchgroup", "nntp-411", f.opts},
			{nntpBase + "/999999999", "nntp-423", fetch.Options{}},
			{"nntp://" + f.relayHP + "/local.locator.nosuchgroup/1", "nntp-411", fetch.Options{}},
		} {
			_, res, err := nntpGet(t, r.o, r.url)
			var fe *fetch.Error
			if !errors.As(err, &fe) || fe.Kind != fetch.KindRefused || fe.Code != r.code ||
				!strings.HasPrefix(fe.Reply, r.code[5:]+" ") {
				t.Errorf("%s: %v (%+v); want %s", r.url, err, fe, r.code)
				continue
			}
			// The refusal, then the QUIT the plan ends with (RFC 3977 §5.4) and INN's 205.
			if n := len(res.Dialog); n < 3 || res.Dialog[n-3].Reply != fe.Reply || res.Dialog[n-2].Sent != "QUIT" ||
				!strings.HasPrefix(res.Dialog[n-1].Reply, "205") {
				t.Errorf("%s: the dialog ends with %+v, the error's reply is %q", r.url, res.Dialog[max(0, n-3):], fe.Reply)
			}
		}
	})

	t.Run("NNTPSERVER", func(t *testing.T) {
		t.Setenv("NNTPSERVER", f.relayHP)
		if out, _, err := nntpGet(t, fetch.Options{}, "news:"+bare(f.mid2)); err != nil || !strings.HasSuffix(out, "\n\njust text\n") {
			t.Errorf("with NNTPSERVER: %v\n%s", err, out)
		}
		// Options.NNTPServer comes first: a closed port fails even though NNTPSERVER is good.
		o := fetch.Options{NNTPServer: "127.0.0.1:" + strconv.Itoa(testserver.FreePort(t))}
		if _, _, err := nntpGet(t, o, "news:"+bare(f.mid2)); fetch.KindOf(err) != fetch.KindConnect {
			t.Errorf("Options.NNTPServer first: %v", err)
		}
		t.Setenv("NNTPSERVER", "")
		_, _, err := nntpGet(t, fetch.Options{}, "news:"+bare(f.mid2))
		var fe *fetch.Error
		if !errors.As(err, &fe) || fe.Kind != fetch.KindInvalid || fe.Code != "no-news-server" {
			t.Errorf("no server: %v", err)
		}
	})

	t.Run("transcript", func(t *testing.T) {
		var tr bytes.Buffer
		o := f.opts
		o.Transcript = &tr
		if _, _, err := nntpGet(t, o, "news:"+bare(f.mid2)); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"< 200 ", "> MODE READER\n", "> ARTICLE " + f.mid2 + "\n", "< 220 ", "> QUIT\n", "< 205 "} {
			if !strings.Contains(tr.String(), want) {
				t.Errorf("transcript lacks %q:\n%s", want, tr.String())
			}
		}
	})
}

// TestNNTPPlanIsWire compares what INN received (the socat -v relay's transcript: INN itself
// logs commands only to syslog, nnrpd -t) with the plan's lines, for each kind of URL.
func TestNNTPPlanIsWire(t *testing.T) {
	f := newINNFixture(t)
	for _, url := range []string{
		"news:" + bare(f.mid),
		"news:" + innGroup,
		"news:" + innEmpty,
		"news:*",
		"nntp://" + f.relayHP + "/" + innGroup + "/" + strconv.Itoa(f.num),
		"nntp://" + f.relayHP + "/" + innGroup,
	} {
		mark := f.srv.TranscriptMark()
		_, r, err := nntpGet(t, f.opts, url)
		if err != nil {
			t.Errorf("%s: %v", url, err)
			continue
		}
		got := f.srv.Received(t, mark)
		want := planSends(t, url, f.relayHP)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: INN received %q\nthe plan sends %q", url, got, want)
		}
		if s := sentLines(r); !reflect.DeepEqual(s, want) {
			t.Errorf("%s: the dialog sent %q, the plan %q", url, s, want)
		}
	}
}

// TestNNTPServerAddress checks the host:port forms of the server option against INN.
func TestNNTPServerAddress(t *testing.T) {
	f := newINNFixture(t)
	host, port, _ := net.SplitHostPort(f.relayHP)
	for _, s := range []string{host + ":" + port, "localhost:" + port} {
		if _, _, err := nntpGet(t, fetch.Options{NNTPServer: s}, "news:"+bare(f.mid2)); err != nil {
			t.Errorf("server %s: %v", s, err)
		}
	}
	_, _, err := nntpGet(t, fetch.Options{NNTPServer: fmt.Sprintf("%s:%s\r\nQUIT", host, port)}, "news:"+bare(f.mid2))
	if fetch.KindOf(err) != fetch.KindInvalid {
		t.Errorf("a server option with CR LF: %v", err)
	}
}
