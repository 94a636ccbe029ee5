package scheme_test

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// TestNNTPLineLimit: "Command lines shall not exceed 512 characters in length, counting all
// characters including ... the trailing CR-LF (thus there are 510 characters maximum allowed
// for the command and its parameters)" (RFC 977 §2.3). A plan sends a line of 510 and refuses
// one of 511 (CodeLineTooLong), at the parameter in the URL; both sides for each command.
func TestNNTPLineLimit(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	d := func(n int) string { return strings.Repeat("1", n) }
	for _, r := range []struct {
		in   string
		line int // the length of the longest line sent (the GROUP or ARTICLE line), or 0
		off  int // where CodeLineTooLong is, when line is 0
	}{
		{"news:" + a(504), 510, 0},               // GROUP + 504
		{"news:" + a(505), 0, 5},                 // 511
		{"news:" + a(498) + "@h", 510, 0},        // ARTICLE <…>
		{"news:" + a(499) + "@h", 0, 5},          // 511
		{"news:%3C" + a(499) + "@h%3E", 0, 5},    // the brackets of the URL are not sent twice
		{"nntp://h/" + a(504), 510, 0},           // GROUP
		{"nntp://h/" + a(505), 0, 9},             // 511
		{"nntp://h/g/" + d(502), 510, 0},         // ARTICLE n
		{"nntp://h/g/" + d(503), 0, 11},          // 511, at the article number
		{"nntp://h:119/" + a(505) + "/1", 0, 13}, // the group's line comes first
		{"nntp://h/" + a(504) + "/" + d(502), 510, 0},
	} {
		p, err := scheme.PlanFor(locator.MustParse(r.in))
		if r.line > 0 {
			// The plan is the whole dialog (MODE READER … QUIT): the longest line is the
			// one that carries the URL's group or message-id.
			longest := 0
			if err == nil {
				for _, s := range p.Steps {
					longest = max(longest, len(s.Send))
				}
			}
			if err != nil || longest != r.line {
				t.Errorf("PlanFor(%.30q…) = longest line of %d, %v; want %d", r.in, longest, err, r.line)
			}
			continue
		}
		if c, off := errCode(err); c != scheme.CodeLineTooLong || off != r.off {
			t.Errorf("PlanFor(%.30q…) = %v; want %s at %d", r.in, err, scheme.CodeLineTooLong, r.off)
		}
	}
	// The views' own plans refuse them too.
	if _, err := (scheme.News{Group: a(505)}).Plan(); func() bool { c, _ := errCode(err); return c != scheme.CodeLineTooLong }() {
		t.Errorf("News.Plan(long group) = %v", err)
	}
	if _, err := (scheme.NNTP{Login: scheme.Login{Host: "h"}, Group: "g", Article: d(503)}).Plan(); func() bool {
		c, _ := errCode(err)
		return c != scheme.CodeLineTooLong
	}() {
		t.Errorf("NNTP.Plan(long article) = %v", err)
	}
}
