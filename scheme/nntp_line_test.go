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
		{"nntp://h:119/" + a(505) + "/1", 0, 13}, // the group's line comes first
		{"nntp://h/" + a(504) + "/" + d(16), 510, 0},
		// ARTICLE n is at most 24: 16 digits (RFC 3977 §6, TestNNTPArticleDigits).
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
	if _, err := (scheme.NNTP{Login: scheme.Login{Host: "h"}, Group: a(505), Article: "1"}).Plan(); func() bool {
		c, _ := errCode(err)
		return c != scheme.CodeLineTooLong
	}() {
		t.Errorf("NNTP.Plan(long group) = %v", err)
	}
}

// TestNNTPArticleDigits: "The client and server MAY use leading zeroes in specifying article
// numbers but MUST NOT use more than 16 digits" (RFC 3977 §6). "nntp://h/g/" and 23 digits
// planned "ARTICLE" with them, exit 0; the plan refuses more than 16 (CodeNNTPArticle, at the
// number) and the checker warns of it.
func TestNNTPArticleDigits(t *testing.T) {
	d := func(n int) string { return strings.Repeat("9", n) }
	for _, r := range []struct {
		in  string
		off int // where CodeNNTPArticle is, or -1: planned
	}{
		{"nntp://h/g/" + d(16), -1},
		{"nntp://h/g/0000000000000001", -1},
		{"nntp://h/g/" + d(17), 11},
		{"nntp://h/g/99999999999999999999999", 11},
		{"nntp://%41:119/%61.b/" + d(17), 21},
	} {
		u := locator.MustParse(r.in)
		p, err := scheme.PlanFor(u)
		warned := false
		for _, f := range scheme.Check(u, locator.RFC1738) {
			if f.Code == scheme.CodeNNTPArticle && f.Rule == "RFC 3977 §6" && f.Severity == locator.SeverityWarning && f.Offset == r.off {
				warned = true
			}
		}
		if r.off < 0 {
			if err != nil || !strings.Contains(string(p.Wire()), "ARTICLE "+r.in[strings.LastIndexByte(r.in, '/')+1:]+"\r\n") {
				t.Errorf("PlanFor(%q) = %q, %v", r.in, p.Wire(), err)
			}
			continue
		}
		if c, off := errCode(err); c != scheme.CodeNNTPArticle || off != r.off || !warned {
			t.Errorf("PlanFor(%q) = %q, %v (warned %v); want %s at %d", r.in, p.Wire(), err, warned, scheme.CodeNNTPArticle, r.off)
		}
	}
	if _, err := (scheme.NNTP{Login: scheme.Login{Host: "h"}, Group: "g", Article: d(17)}).Plan(); func() bool {
		c, _ := errCode(err)
		return c != scheme.CodeNNTPArticle
	}() {
		t.Errorf("NNTP.Plan(17 digits) = %v", err)
	}
}

// TestNNTPArticleRange: "Article numbers MUST lie in the range 1 to 2,147,483,647, inclusive"
// (RFC 3977 §6). A number of at most 16 digits outside it is planned (the command may carry
// it; the server answers 423) and the checker warns that no article has it.
func TestNNTPArticleRange(t *testing.T) {
	for _, r := range []struct {
		art  string
		warn bool
	}{
		{"1", false}, {"2147483647", false}, {"0000002147483647", false}, {"01", false},
		{"0", true}, {"0000", true}, {"2147483648", true}, {"00002147483648", true},
		{"9999999999", true}, {"10000000000", true}, {"9999999999999999", true},
	} {
		in := "nntp://h/g/" + r.art
		u := locator.MustParse(in)
		warned := false
		for _, f := range scheme.Check(u, locator.RFC1738) {
			if f.Code == scheme.CodeNNTPArticle {
				warned = f.Rule == "RFC 3977 §6" && f.Severity == locator.SeverityWarning && f.Offset == 11 &&
					strings.Contains(f.Message, "1 to 2,147,483,647")
			}
		}
		p, err := scheme.PlanFor(u)
		if warned != r.warn || err != nil || !strings.Contains(string(p.Wire()), "ARTICLE "+r.art+"\r\n") {
			t.Errorf("%s: warned %v (want %v), plan %q, %v", in, warned, r.warn, p.Wire(), err)
		}
	}
}
