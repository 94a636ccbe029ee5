package main

import (
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The output formats of issue 5 item 6 on every command that accepts "-" (besides parse and
// normalize, tested in commands_test.go): --json, --format, --output csv and --output tsv, the
// exact output of each.
func TestOutputFormats(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
		code  int
	}{
		{"check", "http://a/b\nftp://h:x/\nftp://u:p@h/\n", []string{"check", "--json", "-"},
			"{\"input\":\"http://a/b\",\"spec\":\"rfc1738\",\"valid\":true,\"offset\":null,\"code\":null,\"rule\":null,\"message\":null,\"errors\":0,\"warnings\":0}\n{\"input\":\"ftp://h:x/\",\"spec\":\"rfc1738\",\"valid\":false,\"offset\":8,\"code\":\"bad-port\",\"rule\":\"RFC 1738 §3.1 port\",\"message\":\"port is not decimal digits\",\"errors\":1,\"warnings\":0}\n{\"input\":\"ftp://u:p@h/\",\"spec\":\"rfc1738\",\"valid\":true,\"offset\":null,\"code\":null,\"rule\":null,\"message\":null,\"errors\":0,\"warnings\":1}\n", 1},
		{"check", "http://a/b\nftp://h:x/\nftp://u:p@h/\n", []string{"check", "--format", "{input}|{code}|{offset}|{errors}/{warnings}", "-"},
			"http://a/b|||0/0\nftp://h:x/|bad-port|8|1/0\nftp://u:p@h/|||0/1\n", 1},
		{"check", "http://a/b\nftp://h:x/\nftp://u:p@h/\n", []string{"check", "--output", "csv", "-"},
			"input,spec,valid,offset,code,rule,message,errors,warnings\nhttp://a/b,rfc1738,true,,,,,0,0\nftp://h:x/,rfc1738,false,8,bad-port,RFC 1738 §3.1 port,port is not decimal digits,1,0\nftp://u:p@h/,rfc1738,true,,,,,0,1\n", 1},
		{"check", "http://a/b\nftp://h:x/\nftp://u:p@h/\n", []string{"check", "--output", "tsv", "-"},
			"input\tspec\tvalid\toffset\tcode\trule\tmessage\terrors\twarnings\nhttp://a/b\trfc1738\ttrue\t\t\t\t\t0\t0\nftp://h:x/\trfc1738\tfalse\t8\tbad-port\tRFC 1738 §3.1 port\tport is not decimal digits\t1\t0\nftp://u:p@h/\trfc1738\ttrue\t\t\t\t\t0\t1\n", 1},
		{"plan", "ftp://myname@host.dom//etc/motd\nnews:comp.infosystems.www\nfile:///tmp/a%20b\nfoo:x\n", []string{"plan", "--json", "-"},
			"{\"input\":\"ftp://myname@host.dom//etc/motd\",\"valid\":true,\"scheme\":\"ftp\",\"host\":\"host.dom\",\"port\":21,\"steps\":[{\"note\":\"connect to host.dom:21 (the FTP control connection, RFC 959; RFC 1738 §3.2: port 21 unless the URL gives one)\",\"expect\":[\"220\"]},{\"send\":\"USER myname\",\"expect\":[\"230\",\"331\"]},{\"note\":\"no password in the URL: if the server asks for one (reply 331), ask the user (RFC 1738 §3.2.1)\",\"when\":[\"331\"]},{\"send\":\"CWD \",\"expect\":[\"250\"]},{\"send\":\"CWD etc\",\"expect\":[\"250\"]},{\"send\":\"TYPE I\",\"note\":\"no typecode: the client guesses (RFC 1738 §3.2.3); image transfers the octets unchanged\",\"expect\":[\"200\"]},{\"send\":\"SIZE motd\",\"note\":\"the size, for the progress; a refusal is allowed (RFC 3659 §4)\",\"expect\":[\"213\",\"4\",\"5\"]},{\"send\":\"EPSV\",\"note\":\"passive mode: the server listens, the client connects (RFC 2428 §3)\",\"expect\":[\"229\",\"5\"]},{\"send\":\"PASV\",\"note\":\"the server has no EPSV (RFC 959 §4.1.2)\",\"when\":[\"5\"],\"expect\":[\"227\"]},{\"send\":\"RETR motd\",\"note\":\"retrieve the file (RFC 959 §4.1.3)\",\"expect\":[\"150\",\"125\"],\"data\":true},{\"send\":\"QUIT\",\"note\":\"end the session (RFC 959 §4.1.1)\",\"expect\":[\"221\"]}]}\n{\"input\":\"news:comp.infosystems.www\",\"valid\":true,\"scheme\":\"news\",\"port\":119,\"steps\":[{\"note\":\"connect to the news server configured locally, port 119 (NNTP, RFC 977): none is configured (a news URL names none, RFC 5538 §4; give one with --nntp-server or NNTPSERVER); read its greeting (RFC 3977 §5.1.1)\",\"expect\":[\"200\",\"201\"]},{\"send\":\"MODE READER\",\"note\":\"switch a mode-switching server to reading (RFC 3977 §5.3): 200 or 201; a server without the command (RFC 977) answers 500 and the dialog goes on\",\"expect\":[\"200\",\"201\",\"500\",\"501\"]},{\"send\":\"GROUP comp.infosystems.www\",\"note\":\"select the group (RFC 3977 §6.1.1): 211 number low high group; 411 if there is no such group\",\"expect\":[\"211\"]},{\"send\":\"OVER 1-\",\"note\":\"the overview of every article from 1 on (RFC 3977 §8.3): 224 and one line per article; 423 for none\",\"expect\":[\"224\",\"423\",\"500\",\"501\"],\"data\":true},{\"send\":\"XOVER 1-\",\"note\":\"OVER's former name, for a server that does not know OVER (RFC 3977 §8.3 formalises XOVER)\",\"when\":[\"500\",\"501\"],\"expect\":[\"224\",\"420\",\"423\"],\"data\":true},{\"send\":\"QUIT\",\"note\":\"end the session (RFC 3977 §5.4): 205\",\"expect\":[\"205\"]}]}\n{\"input\":\"file:///tmp/a%20b\",\"valid\":true,\"scheme\":\"file\",\"path\":\"/tmp/a b\",\"steps\":[{\"note\":\"open the local file \\\"/tmp/a b\\\" (RFC 1738 §3.10: no protocol, this machine)\"}]}\n{\"input\":\"foo:x\",\"valid\":false,\"error\":{\"offset\":0,\"code\":\"no-plan\",\"rule\":\"RFC 1738 §3\",\"message\":\"no access plan for scheme \\\"foo\\\"\"}}\n", 1},
		{"plan", "ftp://myname@host.dom//etc/motd\nnews:comp.infosystems.www\nfile:///tmp/a%20b\nfoo:x\n", []string{"plan", "--format", "{input} {host}:{port} {send}", "-"},
			"ftp://myname@host.dom//etc/motd host.dom:21 \"USER myname\" \"CWD \" \"CWD etc\" \"TYPE I\" \"SIZE motd\" \"EPSV\" \"PASV\" \"RETR motd\" \"QUIT\"\nnews:comp.infosystems.www :119 \"MODE READER\" \"GROUP comp.infosystems.www\" \"OVER 1-\" \"XOVER 1-\" \"QUIT\"\nfile:///tmp/a%20b : \nfoo:x : \n", 1},
		{"plan", "ftp://myname@host.dom//etc/motd\nnews:comp.infosystems.www\nfile:///tmp/a%20b\nfoo:x\n", []string{"plan", "--output", "csv", "-"},
			"input,valid,scheme,host,port,path,send,error\nftp://myname@host.dom//etc/motd,true,ftp,host.dom,21,,\"\"\"USER myname\"\" \"\"CWD \"\" \"\"CWD etc\"\" \"\"TYPE I\"\" \"\"SIZE motd\"\" \"\"EPSV\"\" \"\"PASV\"\" \"\"RETR motd\"\" \"\"QUIT\"\"\",\nnews:comp.infosystems.www,true,news,,119,,\"\"\"MODE READER\"\" \"\"GROUP comp.infosystems.www\"\" \"\"OVER 1-\"\" \"\"XOVER 1-\"\" \"\"QUIT\"\"\",\nfile:///tmp/a%20b,true,file,,,/tmp/a b,,\nfoo:x,false,foo,,,,,\"no access plan for scheme \"\"foo\"\" [no-plan, RFC 1738 §3]\"\n", 1},
		{"plan", "ftp://myname@host.dom//etc/motd\nnews:comp.infosystems.www\nfile:///tmp/a%20b\nfoo:x\n", []string{"plan", "--output", "tsv", "-"},
			"input\tvalid\tscheme\thost\tport\tpath\tsend\terror\nftp://myname@host.dom//etc/motd\ttrue\tftp\thost.dom\t21\t\t\"USER myname\" \"CWD \" \"CWD etc\" \"TYPE I\" \"SIZE motd\" \"EPSV\" \"PASV\" \"RETR motd\" \"QUIT\"\t\nnews:comp.infosystems.www\ttrue\tnews\t\t119\t\t\"MODE READER\" \"GROUP comp.infosystems.www\" \"OVER 1-\" \"XOVER 1-\" \"QUIT\"\t\nfile:///tmp/a%20b\ttrue\tfile\t\t\t/tmp/a b\t\t\nfoo:x\tfalse\tfoo\t\t\t\t\tno access plan for scheme \"foo\" [no-plan, RFC 1738 §3]\n", 1},
		{"resolve", "g\n%zz\n../../g\n", []string{"resolve", "--json", "http://a/b/c/d;p?q", "-"},
			"{\"input\":\"g\",\"base\":\"http://a/b/c/d;p?q\",\"spec\":\"rfc3986\",\"result\":\"http://a/b/c/g\",\"valid\":true,\"error\":null}\n{\"input\":\"%zz\",\"base\":\"http://a/b/c/d;p?q\",\"spec\":\"rfc3986\",\"result\":null,\"valid\":false,\"error\":\"\\\"%\\\" not followed by two hex digits [bad-escape, RFC 3986 §2.1 pct-encoded]\"}\n{\"input\":\"../../g\",\"base\":\"http://a/b/c/d;p?q\",\"spec\":\"rfc3986\",\"result\":\"http://a/g\",\"valid\":true,\"error\":null}\n", 1},
		{"resolve", "g\n%zz\n../../g\n", []string{"resolve", "--format", "{input} -> {result}{error}", "http://a/b/c/d;p?q", "-"},
			"g -> http://a/b/c/g\n%zz -> \"%\" not followed by two hex digits [bad-escape, RFC 3986 §2.1 pct-encoded]\n../../g -> http://a/g\n", 1},
		{"resolve", "g\n%zz\n../../g\n", []string{"resolve", "--output", "csv", "http://a/b/c/d;p?q", "-"},
			"input,base,spec,result,valid,error\ng,http://a/b/c/d;p?q,rfc3986,http://a/b/c/g,true,\n%zz,http://a/b/c/d;p?q,rfc3986,,false,\"\"\"%\"\" not followed by two hex digits [bad-escape, RFC 3986 §2.1 pct-encoded]\"\n../../g,http://a/b/c/d;p?q,rfc3986,http://a/g,true,\n", 1},
		{"resolve", "g\n%zz\n../../g\n", []string{"resolve", "--output", "tsv", "http://a/b/c/d;p?q", "-"},
			"input\tbase\tspec\tresult\tvalid\terror\ng\thttp://a/b/c/d;p?q\trfc3986\thttp://a/b/c/g\ttrue\t\n%zz\thttp://a/b/c/d;p?q\trfc3986\t\tfalse\t\"%\" not followed by two hex digits [bad-escape, RFC 3986 §2.1 pct-encoded]\n../../g\thttp://a/b/c/d;p?q\trfc3986\thttp://a/g\ttrue\t\n", 1},
		{"resolve-all", "http:g\n;x\n", []string{"resolve", "--all-specs", "--lenient", "--json", "http://a/b/c/d;p?q", "-"},
			"{\"input\":\"http:g\",\"differ\":true,\"valid\":true,\"rfc3986\":\"http:g\",\"rfc3986-compat\":\"http://a/b/c/g\",\"rfc2396\":\"http:g\",\"rfc1808\":\"http:g\",\"url-draft\":\"http:g\",\"rfc1630\":\"http:g\",\"rfc1630-published\":\"http:g\",\"whatwg\":\"http://a/b/c/g\"}\n{\"input\":\";x\",\"differ\":true,\"valid\":true,\"rfc3986\":\"http://a/b/c/;x\",\"rfc3986-compat\":\"http://a/b/c/;x\",\"rfc2396\":\"http://a/b/c/;x\",\"rfc1808\":\"http://a/b/c/d;x\",\"url-draft\":\"http://a/b/c/;x\",\"rfc1630\":\"http://a/b/c/;x\",\"rfc1630-published\":\"http://a/b/c/;x\",\"whatwg\":\"http://a/b/c/;x\"}\n", 0},
		{"resolve-all", "http:g\n;x\n", []string{"resolve", "--all-specs", "--lenient", "--format", "{input}: {differ} {rfc3986} {whatwg}", "http://a/b/c/d;p?q", "-"},
			"http:g: true http:g http://a/b/c/g\n;x: true http://a/b/c/;x http://a/b/c/;x\n", 0},
		{"resolve-all", "http:g\n;x\n", []string{"resolve", "--all-specs", "--lenient", "--output", "csv", "--format", "{input}{rfc3986}{rfc1808}", "http://a/b/c/d;p?q", "-"},
			"input,rfc3986,rfc1808\nhttp:g,http:g,http:g\n;x,http://a/b/c/;x,http://a/b/c/d;x\n", 0},
		{"resolve-all", "http:g\n;x\n", []string{"resolve", "--all-specs", "--lenient", "--output", "tsv", "--format", "{input}{valid}{rfc3986-compat}", "http://a/b/c/d;p?q", "-"},
			"input\tvalid\trfc3986-compat\nhttp:g\ttrue\thttp://a/b/c/g\n;x\ttrue\thttp://a/b/c/;x\n", 0},
		{"relative", "http://a/b/c/g\nhttp://a/b/./x\nftp://x/y\n", []string{"relative", "--json", "http://a/b/c/d;p?q", "-"},
			"{\"input\":\"http://a/b/c/g\",\"base\":\"http://a/b/c/d;p?q\",\"spec\":\"rfc3986\",\"result\":\"g\",\"valid\":true,\"error\":null}\n{\"input\":\"http://a/b/./x\",\"base\":\"http://a/b/c/d;p?q\",\"spec\":\"rfc3986\",\"result\":null,\"valid\":false,\"error\":\"no reference resolves to this URL under rfc3986 (resolution would change it, e.g. by removing dot-segments) [no-relative-reference, RFC 3986 §5.2]\"}\n{\"input\":\"ftp://x/y\",\"base\":\"http://a/b/c/d;p?q\",\"spec\":\"rfc3986\",\"result\":\"ftp://x/y\",\"valid\":true,\"error\":null}\n", 1},
		{"relative", "http://a/b/c/g\nhttp://a/b/./x\nftp://x/y\n", []string{"relative", "--format", "{result}\\t{input}", "http://a/b/c/d;p?q", "-"},
			"g\thttp://a/b/c/g\n\thttp://a/b/./x\nftp://x/y\tftp://x/y\n", 1},
		{"relative", "http://a/b/c/g\nhttp://a/b/./x\nftp://x/y\n", []string{"relative", "--output", "csv", "http://a/b/c/d;p?q", "-"},
			"input,base,spec,result,valid,error\nhttp://a/b/c/g,http://a/b/c/d;p?q,rfc3986,g,true,\nhttp://a/b/./x,http://a/b/c/d;p?q,rfc3986,,false,\"no reference resolves to this URL under rfc3986 (resolution would change it, e.g. by removing dot-segments) [no-relative-reference, RFC 3986 §5.2]\"\nftp://x/y,http://a/b/c/d;p?q,rfc3986,ftp://x/y,true,\n", 1},
		{"relative", "http://a/b/c/g\nhttp://a/b/./x\nftp://x/y\n", []string{"relative", "--output", "tsv", "http://a/b/c/d;p?q", "-"},
			"input\tbase\tspec\tresult\tvalid\terror\nhttp://a/b/c/g\thttp://a/b/c/d;p?q\trfc3986\tg\ttrue\t\nhttp://a/b/./x\thttp://a/b/c/d;p?q\trfc3986\t\tfalse\tno reference resolves to this URL under rfc3986 (resolution would change it, e.g. by removing dot-segments) [no-relative-reference, RFC 3986 §5.2]\nftp://x/y\thttp://a/b/c/d;p?q\trfc3986\tftp://x/y\ttrue\t\n", 1},
		{"relative-whatwg", "http://a/b/c/g\nhttp://a/b/./x\nftp://x/y\n", []string{"relative", "--spec", "whatwg", "--json", "http://a/b/c/d;p?q", "-"},
			"{\"input\":\"http://a/b/c/g\",\"base\":\"http://a/b/c/d;p?q\",\"spec\":\"whatwg\",\"result\":\"g\",\"valid\":true,\"error\":null}\n{\"input\":\"http://a/b/./x\",\"base\":\"http://a/b/c/d;p?q\",\"spec\":\"whatwg\",\"result\":\"../x\",\"valid\":true,\"error\":null}\n{\"input\":\"ftp://x/y\",\"base\":\"http://a/b/c/d;p?q\",\"spec\":\"whatwg\",\"result\":\"ftp://x/y\",\"valid\":true,\"error\":null}\n", 0},
		{"equal", "http://a/%7e\thttp://A/~\nhttp://a/b\thttp://a/c\nnotab\n%zz\thttp://a/\nhttp://a/b\thttp://a/b\n", []string{"equal", "--json", "-"},
			"{\"a\":\"http://a/%7e\",\"b\":\"http://A/~\",\"equal\":true,\"step\":\"lower-host\",\"error\":null}\n{\"a\":\"http://a/b\",\"b\":\"http://a/c\",\"equal\":false,\"step\":null,\"error\":null}\n{\"a\":\"notab\",\"b\":null,\"equal\":false,\"step\":null,\"error\":\"the line has no tab between A and B [no-tab, locator equal]\"}\n{\"a\":\"%zz\",\"b\":\"http://a/\",\"equal\":false,\"step\":null,\"error\":\"\\\"%\\\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]\"}\n{\"a\":\"http://a/b\",\"b\":\"http://a/b\",\"equal\":true,\"step\":\"given\",\"error\":null}\n", 1},
		{"equal", "http://a/%7e\thttp://A/~\nhttp://a/b\thttp://a/c\nnotab\n%zz\thttp://a/\nhttp://a/b\thttp://a/b\n", []string{"equal", "--format", "{equal} {step}", "-"},
			"true lower-host\nfalse \nfalse \nfalse \ntrue given\n", 1},
		{"equal", "http://a/%7e\thttp://A/~\nhttp://a/b\thttp://a/c\nnotab\n%zz\thttp://a/\nhttp://a/b\thttp://a/b\n", []string{"equal", "--output", "csv", "-"},
			"a,b,equal,step,error\nhttp://a/%7e,http://A/~,true,lower-host,\nhttp://a/b,http://a/c,false,,\nnotab,,false,,\"the line has no tab between A and B [no-tab, locator equal]\"\n%zz,http://a/,false,,\"\"\"%\"\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]\"\nhttp://a/b,http://a/b,true,given,\n", 1},
		{"equal", "http://a/%7e\thttp://A/~\nhttp://a/b\thttp://a/c\nnotab\n%zz\thttp://a/\nhttp://a/b\thttp://a/b\n", []string{"equal", "--output", "tsv", "-"},
			"a\tb\tequal\tstep\terror\nhttp://a/%7e\thttp://A/~\ttrue\tlower-host\t\nhttp://a/b\thttp://a/c\tfalse\t\t\nnotab\t\tfalse\t\tthe line has no tab between A and B [no-tab, locator equal]\n%zz\thttp://a/\tfalse\t\t\"%\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]\nhttp://a/b\thttp://a/b\ttrue\tgiven\t\n", 1},
		{"extract", "See <URL:ftp://foo.bar/pub/fi-\n  le> and http://example.com/a.\n<news:comp.infosystems.www>\n", []string{"extract", "--json"},
			"{\"url\":\"ftp://foo.bar/pub/file\",\"alternatives\":[\"ftp://foo.bar/pub/fi-le\"],\"start\":9,\"end\":34,\"form\":\"wrapped\",\"valid\":true}\n{\"url\":\"http://example.com/a\",\"alternatives\":[],\"start\":41,\"end\":60,\"form\":\"bare\",\"valid\":true}\n{\"url\":\"news:comp.infosystems.www\",\"alternatives\":[],\"start\":64,\"end\":88,\"form\":\"bracketed\",\"valid\":true}\n", 0},
		{"extract", "See <URL:ftp://foo.bar/pub/fi-\n  le> and http://example.com/a.\n<news:comp.infosystems.www>\n", []string{"extract", "--format", "{start}-{end} {form} {url} [{alternatives}]"},
			"9-34 wrapped ftp://foo.bar/pub/file [ftp://foo.bar/pub/fi-le]\n41-60 bare http://example.com/a []\n64-88 bracketed news:comp.infosystems.www []\n", 0},
		{"extract", "See <URL:ftp://foo.bar/pub/fi-\n  le> and http://example.com/a.\n<news:comp.infosystems.www>\n", []string{"extract", "--output", "csv"},
			"url,alternatives,start,end,form,valid\nftp://foo.bar/pub/file,ftp://foo.bar/pub/fi-le,9,34,wrapped,true\nhttp://example.com/a,,41,60,bare,true\nnews:comp.infosystems.www,,64,88,bracketed,true\n", 0},
		{"extract", "See <URL:ftp://foo.bar/pub/fi-\n  le> and http://example.com/a.\n<news:comp.infosystems.www>\n", []string{"extract", "--output", "tsv"},
			"url\talternatives\tstart\tend\tform\tvalid\nftp://foo.bar/pub/file\tftp://foo.bar/pub/fi-le\t9\t34\twrapped\ttrue\nhttp://example.com/a\t\t41\t60\tbare\ttrue\nnews:comp.infosystems.www\t\t64\t88\tbracketed\ttrue\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, tt.stdin, tt.args, tt.want, tt.code)
			// The same with two jobs (extract ignores --jobs).
			check(t, tt.stdin, append([]string{"--jobs", "2"}, tt.args...), tt.want, tt.code)
			// Every JSON line is an object; every CSV table is rectangular.
			switch {
			case tt.args[1] == "--json" || len(tt.args) > 2 && tt.args[2] == "--json":
				for _, line := range strings.Split(strings.TrimSuffix(tt.want, "\n"), "\n") {
					var m map[string]any
					if err := json.Unmarshal([]byte(line), &m); err != nil {
						t.Errorf("%s: %v", line, err)
					}
				}
			case strings.Contains(strings.Join(tt.args, " "), "--output csv"):
				if _, err := csv.NewReader(strings.NewReader(tt.want)).ReadAll(); err != nil {
					t.Errorf("csv: %v", err)
				}
			}
		})
	}
}

// The formats on arguments, and the combinations that are usage errors.
func TestOutputFormatsArgs(t *testing.T) {
	check(t, "", []string{"check", "--format", "{valid} {code}", "http://a/", "ftp://h:x/"}, "true \nfalse bad-port\n", 1)
	check(t, "", []string{"plan", "--format", "{host}:{port}", "gopher://h/1x"}, "h:70\n", 0)
	check(t, "", []string{"resolve", "--format", "{result}", "http://a/b/c", "../x", "?y"}, "http://a/x\nhttp://a/b/c?y\n", 0)
	check(t, "", []string{"relative", "--spec", "whatwg", "--output", "tsv", "--format", "{input}{result}", "http://a/b/c", "HTTP://A/b/x", "sc:/.//z"},
		"input\tresult\nHTTP://A/b/x\tx\nsc:/.//z\tsc:/.//z\n", 0)
	check(t, "", []string{"equal", "--json", "HTTP://a:80/", "http://a/"}, `{"a":"HTTP://a:80/","b":"http://a/","equal":true,"step":"remove-default-port","error":null}`+"\n", 0)
	check(t, "", []string{"equal", "--format", "{equal}", "http://a/b", "http://a/c"}, "false\n", 1)
	// A URL that does not parse is an invalid URL (exit 1), with arguments as on standard input.
	check(t, "", []string{"equal", "--json", "%zz", "http://a/"}, `{"a":"%zz","b":"http://a/","equal":false,"step":null,"error":"\"%\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]"}`+"\n", 1)
	check(t, "", []string{"equal", "--json", "--explain", "http://a/", "http://a/"}, "", 2)
	check(t, "", []string{"check", "-v", "--json", "http://a/"}, "", 2)
	check(t, "", []string{"check", "--format", "{nope}", "-"}, "", 2)
	// A template without "{" is a field name alone; "host}" is none (it wrote "H}").
	check(t, "", []string{"parse", "--format", "host", "http://H/p"}, "H\n", 0)
	check(t, "", []string{"parse", "--format", "host}", "http://H/p"}, "", 2)
	check(t, "", []string{"parse", "--format", "}", "http://H/p"}, "", 2)
	check(t, "", []string{"parse", "--format", "{host}}", "http://H/p"}, "H}\n", 0) // after a field, "}" is text
	check(t, "", []string{"plan", "--json", "--output", "csv", "-"}, "", 2)
	check(t, "", []string{"resolve", "--all-specs", "--format", "{result}", "http://a/", "g"}, "", 2) // --all-specs has no result field
	check(t, "", []string{"extract", "--output", "xml"}, "", 2)
}

// extract: the table has a file column with several FILEs, and --jobs is accepted and ignored.
func TestExtractFormats(t *testing.T) {
	dir := t.TempDir()
	a := dir + "/a.txt"
	if err := writeFile(a, "x http://a/ y <mailto:x@y.z>"); err != nil {
		t.Fatal(err)
	}
	check(t, "see ftp://h/x.\n", []string{"extract", "--output", "csv", a, "-"},
		"file,url,alternatives,start,end,form,valid\n"+a+",http://a/,,2,10,bare,true\n"+a+",mailto:x@y.z,,15,26,bracketed,true\n-,ftp://h/x,,4,12,bare,true\n", 0)
	check(t, "", []string{"extract", "--jobs", "4", "--format", "{file}:{start}: {url}", a}, a+":2: http://a/\n"+a+":15: mailto:x@y.z\n", 0)
	if !strings.Contains(helpOf(t, "extract"), "one streaming pass") {
		t.Error("extract --help does not say why it reads in one pass")
	}
}

func helpOf(t *testing.T, cmd string) string {
	out, _, code := runLocator(t, "", cmd, "--help")
	if code != 0 {
		t.Fatalf("%s --help: exit %d", cmd, code)
	}
	return out
}

func writeFile(name, s string) error { return os.WriteFile(name, []byte(s), 0o644) }

// JSON gives every string value that is not UTF-8 exactly in base64 too (README, "Many URLs":
// "a value that is not valid UTF-8 is written with U+FFFD for the bad bytes and also given
// exactly in base64"): normalize's "normalized" wrote "\ufffd" alone, the same for "\xfe"
// and "\xff". to-path keeps its own path_base64, written once.
func TestJSONBase64EveryValue(t *testing.T) {
	for _, c := range []struct {
		in   string
		args []string
		key  string
		want string
	}{
		{"http://a\xfe/\nhttp://a\xff/\n", []string{"normalize", "--json", "-"}, "normalized", "http://a\xfe/\nhttp://a\xff/"},
		{"http://[\x80::1]/\n", []string{"normalize", "--surt", "--json", "-"}, "normalized", "[\x80::1])/"},
		{"file:///a%FF\n", []string{"to-path", "--json", "-"}, "path", "/a\xff"},
	} {
		out, errs, _ := runLocator(t, c.in, c.args...)
		var got []string
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("%q: %v: %q", c.args, err, line)
			}
			b64, _ := m[c.key+"_base64"].(string)
			raw, err := base64.StdEncoding.DecodeString(b64)
			if err != nil || b64 == "" {
				t.Errorf("%q: no %s_base64 in %s (stderr %q)", c.args, c.key, line, errs)
			}
			if strings.Count(line, `"`+c.key+`_base64"`) != 1 {
				t.Errorf("%q: %s_base64 not once in %s", c.args, c.key, line)
			}
			got = append(got, string(raw))
		}
		if g := strings.Join(got, "\n"); g != c.want {
			t.Errorf("%q: %s_base64 holds %q, want %q", c.args, c.key, g, c.want)
		}
	}
}

// A template holds only what is written as it is: no C1 control (U+0085 is a line break), no
// line or paragraph separator, no format character, no invalid UTF-8, and no control inside
// a name either ("{query:a\nb}" split the header row of --output tsv). A name is escaped in
// the header row as a value is: a tab in it made the header one column longer than the rows.
func TestFormatTemplateBytes(t *testing.T) {
	for _, tmpl := range []string{"{host}\u0085", "{host}\u2028", "{host}\u2029", "{host}\xff", "{host}\u202e", "{host}\ufeff",
		"{query:a\nb}", "{query:\x1b[31mx}", "{query:\xff}", "host\u0085"} {
		for _, output := range []string{"", "tsv", "csv"} {
			args := []string{"parse", "--format", tmpl, "-"}
			if output != "" {
				args = append(args, "--output", output)
			}
			out, errs, code := runLocator(t, "http://a/?x=1\n", args...)
			if code != 2 || out != "" || !strings.Contains(errs, "one line") {
				t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
			}
			if _, bad := shownBadRune(errs); bad {
				t.Errorf("%q: stderr %q", args, errs)
			}
		}
	}
	check(t, "http://a/?a%09b=1&c\\d=2\n", []string{"parse", "--output", "tsv", "--format", "{query:a\tb}{host}{query:c\\d}", "-"},
		"query:a\\tb\thost\tquery:c\\\\d\n1\ta\t2\n", 1) // "\\" is unsafe in RFC 1738 §2.2
	check(t, "http://a/?a%09b=1\n", []string{"parse", "--output", "csv", "--format", "{query:a\tb}{host}", "-"},
		"query:a\\tb,host\n1,a\n", 0)
	check(t, "http://a/\n", []string{"parse", "--format", "{host}\té|", "-"}, "a\té|\n", 0)
}
