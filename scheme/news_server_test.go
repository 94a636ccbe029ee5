package scheme_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func TestSplitNewsServer(t *testing.T) {
	for _, r := range []struct {
		in   string
		host string
		port int
		bad  bool
	}{
		{"news.example", "news.example", 119, false},
		{"news.example:1119", "news.example", 1119, false},
		{"127.0.0.1:563", "127.0.0.1", 563, false},
		{"[::1]:1119", "::1", 1119, false},
		{"::1", "::1", 119, false},
		{"[::1]", "::1", 119, false},
		{"", "", 0, true},
		{":119", "", 0, true},
		{"h:", "", 0, true},
		{"h:0", "", 0, true},
		{"h:65536", "", 0, true},
		{"h:+1", "", 0, true},
		{"h x", "", 0, true},
		{"h\r\nQUIT", "", 0, true},
		{"[h]x:1", "", 0, true},
	} {
		h, p, err := scheme.SplitNewsServer(r.in)
		if r.bad {
			if c, _ := errCode(err); c != scheme.CodeNewsServer {
				t.Errorf("SplitNewsServer(%q) = %q %d %v; want %s", r.in, h, p, err, scheme.CodeNewsServer)
			}
			continue
		}
		if err != nil || h != r.host || p != r.port {
			t.Errorf("SplitNewsServer(%q) = %q %d %v; want %q %d", r.in, h, p, err, r.host, r.port)
		}
	}
}

func TestNewsServerOptions(t *testing.T) {
	t.Setenv(scheme.NNTPServerEnv, "env.example")
	if o := scheme.NewsServerOptions("flag.example", "--nntp-server"); o != (scheme.NewsPlanOptions{Server: "flag.example", Source: "--nntp-server"}) {
		t.Errorf("flag first: %+v", o)
	}
	if o := scheme.NewsServerOptions("", "--nntp-server"); o != (scheme.NewsPlanOptions{Server: "env.example", Source: "NNTPSERVER"}) {
		t.Errorf("then NNTPSERVER: %+v", o)
	}
	t.Setenv(scheme.NNTPServerEnv, "")
	if o := scheme.NewsServerOptions("", "--nntp-server"); o != (scheme.NewsPlanOptions{}) {
		t.Errorf("else none: %+v", o)
	}
}

// TestNewsPlanDialog checks the branches of the dialog as data (RFC 3977): what each step
// expects, which one carries the object, and XOVER's condition.
func TestNewsPlanDialog(t *testing.T) {
	type st struct {
		send         string
		when, expect []string
		data         bool
	}
	greet := st{"", nil, []string{"200", "201"}, false}
	mode := st{"MODE READER", nil, []string{"200", "201", "500", "501"}, false}
	over := []st{
		{"OVER 1-", nil, []string{"224", "423", "500", "501"}, true},
		{"XOVER 1-", []string{"500", "501"}, []string{"224", "420", "423"}, true},
	}
	quit := st{"QUIT", nil, []string{"205"}, false}
	cat := func(a ...[]st) []st {
		var r []st
		for _, x := range a {
			r = append(r, x...)
		}
		return r
	}
	for _, r := range []struct {
		in   string
		want []st
		host string
		port int
	}{
		{"news:a@b.example", cat([]st{greet, mode, {"ARTICLE <a@b.example>", nil, []string{"220"}, true}, quit}), "srv.example", 1119},
		{"news:local.test", cat([]st{greet, mode, {"GROUP local.test", nil, []string{"211"}, false}}, over, []st{quit}), "srv.example", 1119},
		{"news:*", cat([]st{greet, mode, {"LIST", nil, []string{"215"}, true}, quit}), "srv.example", 1119},
		{"nntp://h.example/local.test/7", cat([]st{greet, mode, {"GROUP local.test", nil, []string{"211"}, false},
			{"ARTICLE 7", nil, []string{"220"}, true}, quit}), "h.example", 119},
		{"nntp://h.example:1119/local.test", cat([]st{greet, mode, {"GROUP local.test", nil, []string{"211"}, false}}, over, []st{quit}), "h.example", 1119},
	} {
		u := locator.MustParse(r.in)
		var p scheme.Plan
		var err error
		if n, e := scheme.ParseNews(u); e == nil {
			p, err = n.PlanWith(scheme.NewsPlanOptions{Server: "srv.example:1119"})
		} else {
			p, err = scheme.PlanFor(u)
		}
		if err != nil {
			t.Errorf("%s: %v", r.in, err)
			continue
		}
		var got []st
		for _, s := range p.Steps {
			got = append(got, st{s.Send, s.When, s.Expect, s.Data})
		}
		if !reflect.DeepEqual(got, r.want) || p.Host != r.host || p.Port != r.port {
			t.Errorf("%s: %s:%d %+v\nwant %s:%d %+v", r.in, p.Host, p.Port, got, r.host, r.port, r.want)
		}
		// Each plan has slices of its own.
		p.Steps[1].Expect[0] = "999"
		if q, _ := scheme.PlanFor(u); q.Steps[1].Expect[0] != "200" {
			t.Errorf("%s: plans share their Expect slices", r.in)
		}
	}
	n, _ := scheme.ParseNews(locator.MustParse("news:x"))
	if _, err := n.PlanWith(scheme.NewsPlanOptions{Server: "h\nQUIT"}); err == nil {
		t.Errorf("a server option with LF: no error")
	}
}

func ExampleSplitNewsServer() {
	for _, s := range []string{"news.example", "news.example:1119", "[::1]:1119", "h:99999"} {
		h, p, err := scheme.SplitNewsServer(s)
		fmt.Println(h, p, err)
	}
	// Output:
	// news.example 119 <nil>
	// news.example 1119 <nil>
	// ::1 1119 <nil>
	//  0 locator: "h:99999": the news server has the port "99999"; a port is 1 to 65535 (at offset 2, RFC 1738 §3.1 hostport)
}

func ExampleNewsServerOptions() {
	// --nntp-server first, then the NNTPSERVER environment variable, as newsreaders do.
	fmt.Printf("%+v\n", scheme.NewsServerOptions("news.example", "--nntp-server"))
	// Output: {Server:news.example Source:--nntp-server}
}
