/* harness.c: uriparser (https://uriparser.github.io/, Debian's liburiparser-dev 0.9.7) behind
 * a line protocol, for scheme's differential test TestUriparser (uriparser_test.go), which
 * compiles it with gcc and -luriparser into a temporary directory. Part of locator's tests;
 * no code of uriparser is here, only calls to its public API (Uri.h).
 *
 * Each request is one line: a letter, then its arguments, each hex-encoded (so that any byte,
 * NUL and newline included, can be sent), separated by one space.
 *   P <uri>         parse (uriParseSingleUriExA), answer
 *                   "ok" SCHEME USERINFO HOSTTEXT PORT QUERY FRAGMENT IP6 TEXT
 *                   or "err"; each component is "-" when absent, else "=" and its hex;
 *                   IP6 is 1 when the host is an IPv6 address (uriparser then writes it in
 *                   full from its bytes, so TEXT, uriToStringA's result, is not the input);
 *   N <uri>         parse and uriNormalizeSyntaxA: "ok" TEXT or "err";
 *   R <base> <ref>  parse both and uriAddBaseUriExA(URI_RESOLVE_STRICTLY): "ok" TEXT or "err";
 *   D <base> <uri>  parse both and uriRemoveBaseUriA (domainRootMode false), a reference
 *                   from base to uri: "ok" TEXT or "err".
 * One answer line per request, flushed. */
#include <uriparser/Uri.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c) { return c <= '9' ? c - '0' : c - 'a' + 10; }

/* unhex decodes the n hex digits at h into out (n/2 bytes) and returns n/2. */
static size_t unhex(const char *h, size_t n, char *out) {
	for (size_t i = 0; i + 1 < n; i += 2)
		out[i / 2] = (char)(hexval(h[i]) * 16 + hexval(h[i + 1]));
	return n / 2;
}

static void component(UriTextRangeA r) {
	if (r.first == NULL) {
		fputs(" -", stdout);
		return;
	}
	fputs(" =", stdout);
	for (const char *p = r.first; p < r.afterLast; p++)
		printf("%02x", (unsigned char)*p);
}

/* text writes " =" and the hex of u's string form, or " !" when uriparser cannot write it. */
static void text(const UriUriA *u) {
	int n = 0, w = 0;
	if (uriToStringCharsRequiredA(u, &n) != URI_SUCCESS) {
		fputs(" !", stdout);
		return;
	}
	char *buf = malloc((size_t)n + 1);
	if (buf == NULL || uriToStringA(buf, u, n + 1, &w) != URI_SUCCESS) {
		fputs(" !", stdout);
		free(buf);
		return;
	}
	UriTextRangeA r = {buf, buf + strlen(buf)};
	component(r);
	free(buf);
}

int main(void) {
	char *line = NULL, *a = NULL, *b = NULL;
	size_t cap = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, stdin)) > 0) {
		if (line[len - 1] == '\n')
			line[--len] = 0;
		a = realloc(a, (size_t)len / 2 + 1);
		b = realloc(b, (size_t)len / 2 + 1);
		char cmd = line[0];
		char *arg = len > 2 ? line + 2 : line + len;
		char *sp = strchr(arg, ' ');
		size_t na = unhex(arg, sp ? (size_t)(sp - arg) : strlen(arg), a);
		size_t nb = sp ? unhex(sp + 1, strlen(sp + 1), b) : 0;
		UriUriA u, base, ref, res;
		const char *errPos = NULL;
		if (uriParseSingleUriExA(&u, a, a + na, &errPos) != URI_SUCCESS) {
			puts("err");
		} else if (cmd == 'P') {
			fputs("ok", stdout);
			component(u.scheme);
			component(u.userInfo);
			component(u.hostText);
			component(u.portText);
			component(u.query);
			component(u.fragment);
			printf(" %d", u.hostData.ip6 != NULL);
			text(&u);
			putchar('\n');
		} else if (cmd == 'N') {
			if (uriNormalizeSyntaxA(&u) != URI_SUCCESS) {
				puts("err");
			} else {
				fputs("ok", stdout);
				text(&u);
				putchar('\n');
			}
		} else if (cmd == 'R' || cmd == 'D') {
			/* R: uriAddBaseUriExA; D <base> <target>: uriRemoveBaseUriA, the other way
			 * (domainRootMode false). */
			base = u;
			if (uriParseSingleUriExA(&ref, b, b + nb, &errPos) != URI_SUCCESS) {
				puts("err");
			} else {
				int e = cmd == 'R' ? uriAddBaseUriExA(&res, &ref, &base, URI_RESOLVE_STRICTLY)
				                   : uriRemoveBaseUriA(&res, &ref, &base, URI_FALSE);
				if (e != URI_SUCCESS) {
					puts("err");
				} else {
					fputs("ok", stdout);
					text(&res);
					putchar('\n');
					uriFreeUriMembersA(&res);
				}
				uriFreeUriMembersA(&ref);
			}
		} else {
			puts("err");
		}
		uriFreeUriMembersA(&u);
		fflush(stdout);
	}
	free(line);
	free(a);
	free(b);
	return 0;
}
