package main

import (
	"strings"
	"testing"
)

// editReviewTable holds the inputs of a review of edit, encode/decode, from-path/to-path and
// the --format qualifiers as a demanding user (issue 12) that gave a wrong result before
// their fix: the arguments, the standard input, the output, a part of standard error
// ("" when it must be empty) and the exit status.
var editReviewTable = []struct {
	name    string
	args    []string
	stdin   string
	want    string
	errPart string
	code    int
}{
	// {query:NAME} and {query-all:NAME} split the query at edit's --query-separator, as its
	// query options do (was: at "&" only, "1;b=2;b=3|").
	{"query: separator", []string{"edit", "--query-separator", ";", "--format", "{query:a}|{query-all:b}", "http://h/p?a=1;b=2;b=3"},
		"", "1|2 3\n", "", 0},
	{"query: separator stdin", []string{"edit", "--query-separator", ";", "--set", "port=8", "--format", "{url} {query-all:b}", "--jobs", "2", "-"},
		"http://h/?b=1;b=2\nhttp://g/?a;b=%33\n", "http://h:8/?b=1;b=2 1 2\nhttp://g:8/?a;b=%33 3\n", "", 0},
	{"query: separator rfc3986", []string{"edit", "--spec", "rfc3986", "--query-separator", ";", "--sort-query", "--format", "{url}|{query:b}", "http://h/?b=2;a=1&x"},
		"", "http://h/?a=1&x;b=2|2\n", "", 0},
	// Commands without --query-separator split at "&" (WHATWG URL §5.1).
	{"query: parse &", []string{"parse", "--format", "{query:a}|{query-all:b}", "http://h/p?a=1;b=2&b=3"},
		"", "1;b=2|3\n", "", 0},

	// A byte --set does not allow is named through internal/display (was: "ÿ", U+00FF
	// for the byte 0xFF).
	{"set host bad byte", []string{"edit", "--set", "host=a\xffb", "http://h/"},
		"", "", `"\xff" at offset 1 is not allowed there`, 2},
	{"set port control", []string{"edit", "--set", "port=8\x1b", "http://h/"},
		"", "", `"\x1b" at offset 1 is not allowed there`, 2},

	// --punycode keeps a host whose escapes are not UTF-8 as written (was: "xn--zn7c",
	// the host U+FFFD, another host).
	{"punycode invalid UTF-8", []string{"edit", "--spec", "rfc3986", "--punycode", "http://%ff/", "http://a%FFb.example/", "http://b%C3%BCcher/"},
		"", "http://%ff/\nhttp://a%FFb.example/\nhttp://xn--bcher-kva/\n", "", 0},
	{"puny: invalid UTF-8", []string{"parse", "--spec", "rfc3986", "--format", "{puny:host}|{idn:host}", "http://%ff/"},
		"", "%ff|%ff\n", "", 0},

	// --idn shows a label in Unicode only when it holds letters, marks and digits (UTS #39
	// §3.1): U+2044 FRACTION SLASH looks like "/", an emoji is not an identifier (was:
	// "http://a⁄b.com/", "http://💩.la/").
	{"idn fraction slash", []string{"edit", "--idn", "http://xn--ab-c6t.com/", "http://xn--ls8h.la/", "http://xn--bcher-kva.example/"},
		"", "http://xn--ab-c6t.com/\nhttp://xn--ls8h.la/\nhttp://bücher.example/\n", "", 0},
	{"idn: fraction slash", []string{"parse", "--format", "{idn:host}", "http://xn--ab-c6t.com/"},
		"", "xn--ab-c6t.com\n", "", 0},

	// to-path: an encoded separator would split a name (RFC 8089 §5; was "/tmp/../../etc/passwd").
	{"to-path %2F", []string{"to-path", "--os", "posix", "file:///tmp/..%2F..%2Fetc/passwd"},
		"", "", "%2F, an encoded separator", 1},
	{"to-path %5C windows", []string{"to-path", "--os", "windows", "file:///C:/a/..%5C..%5Cwindows"},
		"", "", "%5C, an encoded separator", 1},
	{"to-path %5C posix", []string{"to-path", "--os", "posix", "file:///a%5Cb"},
		"", "/a\\b\n", "", 0},
	{"to-path stdin", []string{"to-path", "--os", "posix", "-"},
		"file:///a%2Fb\nfile:///ok\n", "error: the path holds %2F, an encoded separator, which no local name can hold [bad-path-char, RFC 8089 §5]\n/ok\n", "", 1},

	// Building under whatwg: a URL without a host has an opaque path, which the pathname
	// setter ignores, and the protocol setter ignores "file" on a URL with an empty host
	// (WHATWG URL §6.1); both failed every URL built with a path (was: API-setter-ignored).
	{"whatwg build mailto", []string{"edit", "--spec", "whatwg", "--set", "scheme=mailto", "--set", "path=a@b?c#d"},
		"", "mailto:a@b%3Fc%23d\n", "", 0},
	{"whatwg build urn", []string{"edit", "--spec", "whatwg", "--set", "scheme=urn", "--set", "query=x", "--set", "path:=isbn:1", "--set", "fragment=f"},
		"", "urn:isbn:1?x#f\n", "", 0},
	{"whatwg build list path", []string{"edit", "--spec", "whatwg", "--set", "scheme=foo", "--set", "path=/a b"},
		"", "foo:/a%20b\n", "", 0},
	{"whatwg build file", []string{"edit", "--spec", "whatwg", "--set", "scheme=file", "--set", "path=/x y", "--json"},
		"", `{"input":"file:","spec":"whatwg","valid":true,"url":"file:///x%20y","scheme":"file","user":null,"password":null,"host":"","port":null,"path":"/x%20y","query":null,"fragment":null,"errors":[]}` + "\n", "", 0},
	{"whatwg build := kept", []string{"edit", "--spec", "whatwg", "--set", "scheme=mailto", "--set", "path:=a%zz"},
		"", "mailto:a%zz\n", "", 0},
	// The other specs built these already.
	{"rfc3986 build mailto", []string{"edit", "--spec", "rfc3986", "--set", "scheme=mailto", "--set", "path=a@b"},
		"", "mailto:a@b\n", "", 0},

	// An empty port is the scheme's default (RFC 3986 §3.2.3, §6.2.3): --default-port
	// writes it, --drop-default-port drops the ":" (was: "http://h:/" both ways), and
	// {default:port} shows it (was: "").
	{"default-port empty", []string{"edit", "--spec", "rfc3986", "--default-port", "http://h:/a", "foo://h:/a"},
		"", "http://h:80/a\nfoo://h:/a\n", "", 0},
	{"drop-default-port empty", []string{"edit", "--drop-default-port", "http://h:/a", "foo://h:/a", "http://h:080/"},
		"", "http://h/a\nfoo://h/a\nhttp://h/\n", "", 0},
	{"default: empty port", []string{"parse", "--spec", "rfc3986", "--format", "{default:port}|{port}", "http://h:/", "ftp://h:21/"},
		"", "80|\n21|21\n", "", 0},

	// decode names the rule of the --spec it follows (was: RFC 1738 §2.2 under rfc3986).
	{"decode rfc3986 rule", []string{"decode", "--spec", "rfc3986", "-"},
		"a%zz\n%41\n", "error: \"%\" not followed by two hex digits at offset 1 [bad-escape-hex, RFC 3986 §2.1 pct-encoded]\nA\n", "", 1},
	{"decode rfc1738 rule", []string{"decode", "a%4"}, "", "", "[truncated-escape, RFC 1738 §2.2 escape]", 1},

	// With a --redact option the input is shown redacted too, or withheld when it does not
	// parse, in --json, --format, --output and error messages (was: the password and the
	// token in "input", and in "locator: http://u:secret@h/a%zz: ...").
	{"redact json input", []string{"edit", "--redact-query", "--json", "http://u:secret@h/?token=abc&x=1"},
		"", `{"input":"http://u:REDACTED@h/?token=REDACTED&x=1","spec":"rfc1738","valid":true,"url":"http://u:REDACTED@h/?token=REDACTED&x=1","scheme":"http","user":"u","password":"REDACTED","host":"h","port":null,"path":"/","query":"token=REDACTED&x=1","fragment":null,"errors":[]}` + "\n", "", 0},
	{"redact json withheld", []string{"edit", "--redact", "--json", "-"},
		"http://u:secret%zz\xff@h/\n", `{"input":null,"spec":"rfc1738","valid":false,"url":null,"scheme":null,"user":null,"password":null,"host":null,"port":null,"path":null,"query":null,"fragment":null,"errors":[{"offset":15,"code":"bad-escape","rule":"RFC 1738 §2.2 escape","message":"\"%\" not followed by two hex digits"}]}` + "\n", "", 1},
	{"redact format input", []string{"edit", "--redact-user", "--set", "port=1", "--format", "{input} {url}", "ftp://anna:pw@h/"},
		"", "ftp://REDACTED:REDACTED@h/ ftp://REDACTED:REDACTED@h:1/\n", "", 0},
	{"redact tsv iterate", []string{"edit", "--redact", "--iterate", "port=1 2", "--output", "tsv", "--format", "{input}", "-", "--jobs", "2"},
		"http://u:pw@h/\nhttp://u:pw@h/%zz\n", "input\nhttp://u:REDACTED@h/\nhttp://u:REDACTED@h/\n\n\n", "", 1},
	{"redact error message", []string{"edit", "--redact", "--set", "port=1", "http://u:secret@h/a%zz"},
		"", "", "locator: (input withheld: --redact): ", 1},
	{"redact error message ext", []string{"edit", "--redact", "--default-port", "http://u:secret@h/a%zz"},
		"", "", "locator: (input withheld: --redact): ", 1},
	{"redact whatwg input", []string{"edit", "--spec", "whatwg", "--redact", "--format", "{input}", "http://u:secret@h/a b"},
		"", "http://u:REDACTED@h/a%20b\n", "", 0},
	// Without --redact the input is as read.
	{"input as read", []string{"edit", "--format", "{input}", "http://u:secret@h/"},
		"", "http://u:secret@h/\n", "", 0},

	// edit --json gives a WHATWG error its offset (was: 0).
	{"whatwg json offset", []string{"edit", "--spec", "whatwg", "--set", "port=1", "--json", "http://[/"},
		"", `{"input":"http://[/","spec":"whatwg","valid":false,"url":null,"scheme":null,"user":null,"password":null,"host":null,"port":null,"path":null,"query":null,"fragment":null,"errors":[{"offset":7,"code":"IPv6-unclosed","rule":"WHATWG URL §3.5 host parser","message":"IPv6-unclosed at offset 7"}]}` + "\n", "", 1},

	// --append path=.. would append a dot-segment, which goes up a level (RFC 3986 §5.2.4;
	// was: "http://h/a/.." and exit 0); whatwg failed it already.
	{"append path ..", []string{"edit", "--spec", "rfc3986", "--append", "path=..", "http://h/a"}, "", "", "a dot-segment", 2},
	{"append path .", []string{"edit", "--append", "path=.", "ftp://h/a"}, "", "", "a dot-segment", 2},
	{"append path ...", []string{"edit", "--append", "path=...", "--append", "path=.a", "http://h/a"}, "", "http://h/a/.../.a\n", "", 0},
	{"append path .. whatwg", []string{"edit", "--spec", "whatwg", "--append", "path=..", "http://h/a"}, "", "", "edit-not-kept", 1},

	// Building file:///x: the usage error names the way (was: "the host cannot be removed").
	{"build file empty host", []string{"edit", "--set", "scheme=file", "--set", "host=", "--set", "path=/x"}, "", "", "--set host:= makes it empty", 2},
	{"build file host:=", []string{"edit", "--set", "scheme=file", "--set", "host:=", "--set", "path=/x"}, "", "file:///x\n", "", 0},

	// Under whatwg {query:NAME} reads the query as URLSearchParams does: "+" is a space
	// (WHATWG URL §5.1; was "b+c"), as edit --spec whatwg's query options read it.
	{"query: whatwg plus", []string{"parse", "--spec", "whatwg", "--format", "{query:a}|{query-all:a b}|{:query:a}", "http://h/?a=b+c&a+b=1&a%20b=2"},
		"", "b c|1 2|b+c\n", "", 0},
	{"query: whatwg edit", []string{"edit", "--spec", "whatwg", "--sort-query", "--format", "{url}|{query:a}", "http://h/?b=1&a=x+y"},
		"", "http://h/?a=x+y&b=1|x y\n", "", 0},
	{"query: rfc3986 plus kept", []string{"parse", "--spec", "rfc3986", "--format", "{query:a}", "http://h/?a=b+c"},
		"", "b+c\n", "", 0},

	// Under whatwg an option's byte of invalid UTF-8 would become U+FFFD (the setters take
	// Unicode text), silently: it is a usage error (was: "%EF%BF%BD" written, exit 0).
	{"whatwg set not UTF-8", []string{"edit", "--spec", "whatwg", "--set", "path=/a\xffb", "http://h/"}, "", "", `the byte "\xff" at offset 7 is not UTF-8`, 2},
	{"whatwg iterate not UTF-8", []string{"edit", "--spec", "whatwg", "--iterate", "fragment=a \xff", "http://h/"}, "", "", "is not UTF-8", 2},
	{"whatwg append not UTF-8", []string{"edit", "--spec", "whatwg", "--append", "query=k=\xc3", "http://h/"}, "", "", "write it as %C3", 2},
	{"whatwg replace not UTF-8", []string{"edit", "--spec", "whatwg", "--replace-append", "k=\x80", "http://h/"}, "", "", "is not UTF-8", 2},
	{"whatwg escape kept", []string{"edit", "--spec", "whatwg", "--set", "path=/a%FFb", "--append", "path=\xff", "http://h/"}, "", "http://h/a%FFb/%FF\n", "", 0},
	{"rfc3986 byte kept", []string{"edit", "--spec", "rfc3986", "--set", "path=/a\xffb", "http://h/"}, "", "http://h/a%FFb\n", "", 0},

	// decode --json, --format and --output escape a decoded line break, which cannot split
	// the line there (was: valid false, "decodes to a line break ... use --raw").
	{"decode json line break", []string{"decode", "--json", "a%0ab"}, "", `{"input":"a%0ab","spec":"rfc1738","set":"component","valid":true,"output":"a\nb","errors":[]}` + "\n", "", 0},
	{"decode format line break", []string{"decode", "--format", "{valid}|{output}", "-"}, "a%0Db%0A\n%zz\n", "true|a\\rb\\n\nfalse|\n", "", 1},
	{"decode line break plain", []string{"decode", "a%0ab"}, "", "", "use --raw", 1},

	// Building with --iterate: each combination from its own start, so --iterate may name
	// the scheme or the host (was: "no URL given", and "host-missing" under whatwg).
	{"build iterate scheme", []string{"edit", "--iterate", "scheme=http ftp", "--set", "host=h", "--set", "path=/x"}, "", "http://h/x\nftp://h/x\n", "", 0},
	{"build iterate host whatwg", []string{"edit", "--spec", "whatwg", "--set", "scheme=http", "--iterate", "host=a b"}, "", "http://a/\nhttp://b/\n", "", 0},
	{"build iterate json", []string{"edit", "--spec", "rfc3986", "--iterate", "scheme=mailto news", "--set", "path=x@y", "--format", "{url}|{path}"}, "", "mailto:x@y|x@y\nnews:x@y|x@y\n", "", 0},
	{"build iterate no scheme", []string{"edit", "--iterate", "port=1 2"}, "", "", "no URL given", 2},
	{"build whatwg special no host", []string{"edit", "--spec", "whatwg", "--set", "scheme=https", "--set", "path=/x"}, "", "", "needs --set host=HOST", 2},

	// --keep-port contradicts --drop-default-port (was: the port dropped, exit 0).
	{"keep-port drop", []string{"edit", "--keep-port", "--drop-default-port", "http://h:80/"}, "", "", "cannot be combined", 2},
	{"keep-port default", []string{"edit", "--keep-port", "--default-port", "http://h/", "http://h:81/"}, "", "http://h:80/\nhttp://h:81/\n", "", 0},
}

func TestEditReview(t *testing.T) {
	for _, tc := range editReviewTable {
		out, errOut, code := runLocator(t, tc.stdin, tc.args...)
		if out != tc.want || code != tc.code || (tc.errPart == "") != (errOut == "") || !strings.Contains(errOut, tc.errPart) {
			t.Errorf("%s: locator %q: %q, stderr %q, exit %d; want %q, stderr with %q, exit %d",
				tc.name, tc.args, out, errOut, code, tc.want, tc.errPart, tc.code)
		}
	}
}

// With --redact, the password of a URL reaches no output of edit: not the URL, not the
// input of --json or --format, not an error message, under every spec, on arguments and
// on "-". Each command runs twice, on the URL with the password and on the URL with another
// password of the same length that differs from it in every byte (otherPassword): a redacted
// password leaves no trace, so the two outputs are the same. (A test for the password's bytes
// in the output is not one: "0# 00000" after a password "000000" has the fragment
// "%2000000".)
func FuzzEditRedact(f *testing.F) {
	for _, s := range []string{"h/", "h/a%zz", "[/", "h:99/?token=x", "h/\xff", "h\x00/", "@h/", "h/#f"} {
		f.Add("s3cr3tpw", s, uint8(0))
	}
	f.Add("000000", "0# 00000", uint8(2)) // the password's bytes in the fragment, not from it
	f.Add("s3cr3tpw", "h/", uint8(1))     // rfc3986: --redirect "a b" makes the valid URL invalid
	specs := []string{"rfc1738", "rfc3986", "whatwg"}
	f.Fuzz(func(t *testing.T, pw, rest string, which uint8) {
		if len(pw) < 6 || len(pw) > 40 || len(rest) > 200 || strings.ContainsAny(rest, "\r\n") {
			return
		}
		for i := 0; i < len(pw); i++ {
			if c := pw[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
				return // an RFC 1738 §5 password as written, that no escape can hide
			}
		}
		s, s2 := "http://u:"+pw+"@"+rest, "http://u:"+otherPassword(pw)+"@"+rest
		spec := specs[int(which)%len(specs)]
		for _, args := range [][]string{
			{"edit", "--spec", spec, "--redact", "--json", s},
			{"edit", "--spec", spec, "--redact", "--format", "{input} {url} {password} {error}", s},
			{"edit", "--spec", spec, "--redact", "--set", "port=1", s},
			{"edit", "--spec", spec, "--redact", "--default-port", s},
			{"edit", "--spec", spec, "--redact", "--redirect", "a b", s}, // the resolved URL's error
		} {
			out, errOut, _ := runLocator(t, "", args...)
			args2 := append(args[:len(args)-1:len(args)-1], s2)
			out2, errOut2, _ := runLocator(t, "", args2...)
			if out != out2 || errOut != errOut2 {
				t.Fatalf("locator %q: the password shows: %q, %q; with another password %q, %q", args, out, errOut, out2, errOut2)
			}
			args[len(args)-1] = "-"
			out, errOut, _ = runLocator(t, s+"\n", args...)
			out2, errOut2, _ = runLocator(t, s2+"\n", args...)
			if out != out2 || errOut != errOut2 {
				t.Fatalf("locator %q < %q: the password shows: %q, %q; with another password %q, %q", args, s, out, errOut, out2, errOut2)
			}
		}
	})
}

// otherPassword returns a password of pw's length (ASCII letters and digits) that differs
// from it in every byte and is of the same kind: a digit for a digit, a letter for a letter.
func otherPassword(pw string) string {
	b := []byte(pw)
	for i, c := range b {
		if '0' <= c && c <= '9' {
			b[i] = '0' + (c-'0'+5)%10
		} else {
			b[i] = 'a' + 'z' - c // no letter is its own image: 'a'+'z' is odd
		}
	}
	return string(b)
}
