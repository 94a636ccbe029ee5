package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// adversarialLines returns inputs that stress the JSON encoders: every view's scheme with
// each byte that JSON escapes (quotation mark, backslash, controls with \b and \f, DEL,
// U+2028, U+2029, a byte-order mark, invalid and cut UTF-8) in each component; runs of
// the bytes the house rules name, long enough to have more than 100 findings; and the lines
// of the test corpora in testdata (WPT, RFC examples, libwww, ada's extra tests...).
func adversarialLines(tb testing.TB) []string {
	var lines []string
	urls := []string{
		"ftp://u:p@h.dom:21/a/b;type=d", "ftp://@h/%2Fetc/motd", "http://u@h:80/p?q#f", "https://h/p?s",
		"gopher://h:70/1sel%09search%09+", "gopher://h/", "gopher://h/7a%09b%09!", "gopher://h/0x%09%09$",
		"mailto:a@b.c", "news:comp.x", "news:*", "news:a@b", "nntp://h/g/12", "telnet://u:p@h:23/",
		"wais://h/db?s", "wais://h/db/t/p", "file://localhost/etc/x", "file:///a", "prospero://h/x;v=1;a=b",
		"mid:a@b/c@d", "cid:a@b", "afs://cell/p", "rlogin://u@h", "tn3270://h", "x-unknown:a", "urn:a:b",
		"", "nocolon", ":", "http:", "http://", "http://[::1]:8/", "HTTP://H/%zz",
	}
	inserts := []string{"\"", "\\", "\b", "\f", "\x00", "\x01", "\x1f", "\t", "\n", "\r", "\x7f", "\u2028",
		"\u2029", "\ufeff", "\xff", "\xe2\x80", "\xc3", "é", "日", "<>&", "%", "%00", "%ff", "%e2%80%a8", " ", "@", ":", "[", "?", "#", ";", "/"}
	for _, u := range urls {
		lines = append(lines, u, "\ufeff"+u, "\xff"+u, u+"\xff")
		for _, ins := range inserts {
			for _, at := range []int{len(u) / 3, len(u) / 2, len(u) * 2 / 3, len(u)} {
				lines = append(lines, u[:at]+ins+u[at:])
			}
		}
	}
	for _, run := range []string{".", "%", ":", "@", "[", " ", "\x01", "\xff", "/", "?", "%%", "\b\f"} {
		lines = append(lines, "http://h/"+strings.Repeat(run, 5000), "ftp://"+strings.Repeat(run, 3000)+"/x",
			strings.Repeat(run, 2000), "gopher://h/1"+strings.Repeat(run, 2000))
	}
	for _, dir := range []string{"ada-extra", "fielding-roytest", "libwww-w3c", "libxml2", "rfc", "rust-url-idna", "wpt"} {
		files, _ := filepath.Glob(filepath.Join("../../testdata", dir, "*"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				continue // a directory
			}
			for line := range strings.Lines(string(data)) {
				line = strings.TrimRight(line, "\r\n")
				lines = append(lines, line, strings.TrimSpace(line))
				if i := strings.IndexByte(line, '"'); i >= 0 {
					// a quoted URL in a JSON or C test file, without its quotes
					if j := strings.IndexByte(line[i+1:], '"'); j >= 0 {
						lines = append(lines, line[i+1:i+1+j])
					}
				}
			}
		}
	}
	if len(lines) < 10000 {
		tb.Fatalf("only %d adversarial lines", len(lines))
	}
	return lines
}

// allBenchLines returns the lines of testdata/bench/*.txt.
func allBenchLines(tb testing.TB) []string {
	files, err := filepath.Glob("../../testdata/bench/*.txt")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no benchmark files: %v", err)
	}
	var lines []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			lines = append(lines, strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"))
		}
	}
	return lines
}

// bulkGolden are the outputs of the bulk commands as they were before issue 10's encoders
// and buffers (commit "cmd/locator: benchmarks of every bulk command..."), as SHA-256 of
// standard output, a NUL, standard error and the exit status: the outputs are megabytes, the
// hashes are what the old code wrote (LOCATOR_GOLDEN_PRINT=1 prints them). The inputs:
// "bench" is testdata/bench/*.txt one after the other, "adversarial" the lines of
// adversarialLines, "prose" and "prose-adversarial" those written as running text
// (proseInput) for extract; "short" every eighth adversarial line.
var bulkGolden = []struct {
	input string
	args  []string
	sum   string
}{
	{"short", []string{"parse", "-"}, "5b7cdfe722592d63aa3ae21acfd6ccd7fb16e81f3757cf59acdcf8a213cfa408"},
	{"short", []string{"parse", "--json", "-"}, "b309f39187573691566f34c78b34cec0f470ee203d19163d076e4af130bd7846"},
	{"short", []string{"parse", "--spec", "rfc3986", "--json", "-"}, "e2e201b2e7b94ebd3ca4ad176c71d132326551ff1bda7eb7f4af6bf9c5427ded"},
	{"short", []string{"parse", "--spec", "url-draft-1994", "--json", "-"}, "39834794162933a2024194ba907f3f8d7640feddc1e85f6bb32a8cff448ace7c"},
	{"short", []string{"parse", "--spec", "url-draft-1993", "--json", "-"}, "5580d33f0408b165e1c401c971cf93f3e14d11a915af1ae45455434418756e01"},
	{"short", []string{"parse", "--spec", "rfc1630", "--json", "-"}, "6556793b6688245d096e39add05a628734e8cd20bffa9d71382e6dba3663aa77"},
	{"short", []string{"parse", "--format", "{scheme}\\t{host}\\t{path}\\t{errors}", "-"}, "d570ef67c6901a6973892122fb68d5ce4ec46e022f9b017977b459118f38aa01"},
	{"short", []string{"parse", "--output", "csv", "-"}, "419329e6673cc0afddf2db21a3047022d703ea3b8e5f1f67f1a7a8576754a615"},
	{"short", []string{"parse", "--output", "tsv", "-"}, "736be989a6f8dd812839af4bb33e1c471f200ec2c4a8e8b2a1392fb4fa6e4156"},
	{"short", []string{"parse", "--spec", "whatwg", "-"}, "55f290c5ab8c1c803555c24c49c3bc75172e121e6ea25bb97d137c46f4223228"},
	{"short", []string{"parse", "--spec", "whatwg", "--json", "-"}, "dcd0f72e6ecd56bac0844ad6bedaed3449f82b6dc56616fea23de1e8426e46b7"},
	{"short", []string{"parse", "--spec", "whatwg", "--format", "href", "-"}, "1187eb07130ff8bd53801298a598b5423cb2476e71d7a72550000a4311644cf9"},
	{"short", []string{"check", "-"}, "9d52d853293a9a3adc1040f31de0345170a500bc78729ce75a8a0f8c8a2371aa"},
	{"short", []string{"check", "--json", "-"}, "605bc5e312b18d2a7cca349c58c0740846ad74e1f821b7af28674045bdff6348"},
	{"short", []string{"check", "--spec", "rfc3986", "--json", "-"}, "89a54f085a674c133f17ef1b2ef2b8a0362edd507cbaa9531b644da1db859330"},
	{"short", []string{"check", "--format", "{code}\\t{offset}", "-"}, "c938b4fd9b549ee2adb311d1671428a238d3481856c4bd1b8cc47531eb519a74"},
	{"short", []string{"check", "--output", "csv", "-"}, "998a2931a5c922a99b7c2df5e03844fd70b0e7ac02f46b5bdf82f2d5d88e0aff"},
	{"short", []string{"check", "--all-specs", "--json", "-"}, "dde1b62f8759302a265a08211730baea279ca550c073752f4d708d48938ef173"},
	{"short", []string{"normalize", "-"}, "8339e10abd3e58918bee4cc1efeb0859fd16fbd7334954412b26776e8db499d7"},
	{"short", []string{"normalize", "--json", "-"}, "fd43727ba80bf560174a03d76ac6a5a03c7a61ff1cf297230d2b9c24227cf9cc"},
	{"short", []string{"normalize", "--format", "{normalized}\\t{error}", "-"}, "c63e9f8f5f041196a2798fd9f0f90c0095c82570a72d4305b8579d03951a6e83"},
	{"short", []string{"normalize", "--output", "tsv", "-"}, "6a25e9f9d83a6ff4e5c1e83c69bbbc6a6349a8c0274c6cedcf231fd4cb87f0b6"},
	{"short", []string{"normalize", "--spec", "whatwg", "--json", "-"}, "5da0f0d48197bd33b26e3536a060fe2260bca8b9365be87adb8218a6320d3b47"},
	{"short", []string{"plan", "-"}, "c25a74234a393028af8d4d33c43ed961e570a8811390605873f44f98a4906145"},
	{"short", []string{"plan", "--json", "-"}, "84f716a5a6635492665946a03a24ad60aed207b8960ad76b3387064efceecccd"},
	{"short", []string{"resolve", "--json", "http://a/b/c/d;p?q", "-"}, "9510a15e5d39019b238fc5ced42fc8038655496a1562f07f2753a931aa28b6b1"},
	{"short", []string{"relative", "--json", "http://a/b/c/d;p?q", "-"}, "d791d4c226f9f47466fbe2a063c0f966a1a7fa5b0b3cddadf145aa5840b13b81"},
	{"prose-short", []string{"extract", "-"}, "d1b68f8b70f9afb984d9fd4bcc231c23d9b95b8e978aab6e0b96de7e0d477682"},
	{"prose-short", []string{"extract", "--json", "-"}, "9efa86761d060a86dcf123fb37e5611a11cc807d4555e9daf6df9f721f57b836"},
	{"prose-short", []string{"extract", "--output", "csv", "-"}, "345bd025403c050dda8704c5ed50ecf4fa119aefef8355333d14e450fa8f8d0a"},
	{"prose-short", []string{"extract", "--stats", "--format", "{url}\\t{form}", "-"}, "c32fcf03270bd61f5082aa3cf8a1be680d1a785c83e70f9297ba6926d5912a61"},
	{"adversarial", []string{"parse", "-"}, "532b606471f275f9f1c96c66eeb1ad3aeead48f76eb97dde8bb96cdd5683b72b"},
	{"adversarial", []string{"parse", "--json", "-"}, "9762c2405ec9269f203c4b0ba69b4c03fe072aa00b413a87869a8c478fd800ca"},
	{"adversarial", []string{"parse", "--spec", "rfc3986", "--json", "-"}, "e7aa7ae08a88f1f64878749a1b481a9e6e91254c3e62d386981d26beeac77251"},
	{"adversarial", []string{"parse", "--spec", "url-draft-1994", "--json", "-"}, "de84df110be94626d5755df88ac140e5e77d5e70cfe023ed8b0f04f44bd971e7"},
	{"adversarial", []string{"parse", "--spec", "url-draft-1993", "--json", "-"}, "ea3fd830fc1dc64bd5e663456227cbb754ed31ed31a394439af20fe7dd2cc40f"},
	{"adversarial", []string{"parse", "--spec", "rfc1630", "--json", "-"}, "ba7422494ef27f7eba2198f4d506b5fb4c708cdbbce1f9d7fd613c3b920c1fbb"},
	{"adversarial", []string{"parse", "--format", "{scheme}\\t{host}\\t{path}\\t{errors}", "-"}, "a2e90e1aa8a795447d4ab2286cee1da08b8242958b9b48e6053d1fed9de8b2fe"},
	{"adversarial", []string{"parse", "--output", "csv", "-"}, "7698676eb5e0b536d6c0d5758037a3baa05fc0627a205c167932db7e5ac8c3d8"},
	{"adversarial", []string{"parse", "--output", "tsv", "-"}, "b806dd2e82a5ebc3c91b556dde195d4b559dc7107c10e950d616a6bc15506ada"},
	{"adversarial", []string{"parse", "--spec", "whatwg", "-"}, "e01670c67be89438c3d8b0c2d6abb3f0198ee8a815b380d263c96df775a671d6"},
	{"adversarial", []string{"parse", "--spec", "whatwg", "--json", "-"}, "a76818bcda9b0ad3971dad9feef531dd09c44bf180787360627a8c8f8a233a28"},
	{"adversarial", []string{"parse", "--spec", "whatwg", "--format", "href", "-"}, "13489ebcb8dfdf3fc9afbad6433f1d50b8e3d41c18b8ce7118359aac19690a40"},
	{"adversarial", []string{"check", "-"}, "05a80d82d941982104bb17d1703b8f3ded386570d46639ccc1b097c0232a86df"},
	{"adversarial", []string{"check", "--json", "-"}, "96d586e6d3372d8e7530efe0a8f041dd6c7403c8a4b4a80b871214cd52d5e85e"},
	{"adversarial", []string{"check", "--spec", "rfc3986", "--json", "-"}, "a3f30f1a0540b415a800624c0227f46dcd16de4addb1effba194769c677d37d6"},
	{"adversarial", []string{"check", "--format", "{code}\\t{offset}", "-"}, "cfd0ca3c1d1cff44e4e8c6daa93cef0c53de54ff9fc526f50be15f73c97274a6"},
	{"adversarial", []string{"check", "--output", "csv", "-"}, "14ef23fe473a1047e6358bb923b77328d865cf4cac062e0b84cdfbc96365c7b2"},
	{"adversarial", []string{"check", "--all-specs", "--json", "-"}, "e847ed99edd8ddc4387d1dbaa0fa855674930b725af749d7c2475e1a9e2278df"},
	{"adversarial", []string{"normalize", "-"}, "4b2b7472481c9cc36018e48328ea1bdabee7a80ec3219282663b82ae0d480a6b"},
	{"adversarial", []string{"normalize", "--json", "-"}, "5fdeb49bec20f0f428f3b580d721790798d7602927b01cecce8cd9ac3a1066af"},
	{"adversarial", []string{"normalize", "--format", "{normalized}\\t{error}", "-"}, "449c40878aa68737cfec8830101f1603fe38bbd1efb5f81e6a65aea94dc48c8d"},
	{"adversarial", []string{"normalize", "--output", "tsv", "-"}, "cb9691be8beb1417edb9b712da2de4df09f9e51e8cf355f0c70ebb4f34f3cf31"},
	{"adversarial", []string{"normalize", "--spec", "whatwg", "--json", "-"}, "3367f7b290400ebd5a3b9f54440558a1fc679a1ca282020584e81d7883ed1ba7"},
	{"adversarial", []string{"plan", "-"}, "4c84ffa808ca85fb98d5d39e503335483161f52869b63d48d03ff72890b8a47c"},
	{"adversarial", []string{"plan", "--json", "-"}, "36bc5aab53dda7b69d37f284af8ce388341a2a935af1680c447c4997b01e61ba"},
	{"adversarial", []string{"resolve", "--json", "http://a/b/c/d;p?q", "-"}, "ee4367c7fab8d8498ed573c3301f888474d5e87d64646f0226723b0ccf92e1e4"},
	{"adversarial", []string{"relative", "--json", "http://a/b/c/d;p?q", "-"}, "636200fd9301bf2a9b24865f3f06a983ec9df34f2c87735ee50a32fe61aa5ae2"},
	{"prose-adversarial", []string{"extract", "-"}, "780438d6ffb2e0199ae900d976647c2fdc14ea8881c10a6f6cc83a2aa9d60d07"},
	{"prose-adversarial", []string{"extract", "--json", "-"}, "d5ee16c83602ea9264dd76d3a49abb8842ab34c9cbbc3a75492cb728eace6d52"},
	{"prose-adversarial", []string{"extract", "--output", "csv", "-"}, "b83623f3dd771731f9bea1bc37495c3092669ef7586af8c9eb3ddcfcc606517a"},
	{"prose-adversarial", []string{"extract", "--stats", "--format", "{url}\\t{form}", "-"}, "364a750a78da8a46f14361bf2ebc28497a3db745327ad8cfe01bc4c38df17fa0"},
	{"bench", []string{"parse", "-"}, "92469b3758e6ced8c5d32e5c024a6f72c978fc8047fe352cb014a8471b2ed9c5"},
	{"bench", []string{"parse", "--json", "-"}, "2faf3a5c1c6b1b591edb31eec732fe70e0102834b0e0bb66c82d07d7f648cc74"},
	{"bench", []string{"parse", "--spec", "rfc3986", "--json", "-"}, "6ce73f69ef41039fd7d365f602735d59a5d71d1e4cd332c066dc952987ecba5d"},
	{"bench", []string{"parse", "--spec", "url-draft-1994", "--json", "-"}, "2f132b023d2ac8deb71d3a337f0533e193283d2324d553dbc3f5f8fbcb7404ba"},
	{"bench", []string{"parse", "--spec", "url-draft-1993", "--json", "-"}, "318c147b7d041f68ae86a799f334d4ba035c83384e41ab603c6add9415dbc69a"},
	{"bench", []string{"parse", "--spec", "rfc1630", "--json", "-"}, "a10cf9857e91f308fe4d62133744735fe5d02fd73c0fb10b36cde01d3276fa08"},
	{"bench", []string{"parse", "--format", "{scheme}\\t{host}\\t{path}\\t{errors}", "-"}, "16595d1cf6bfdd479d4f5c232bd5f1f9378ab9cb42a611e813c47203399242ad"},
	{"bench", []string{"parse", "--output", "csv", "-"}, "8e339fc93d7062fc6c07461e58f85b697a381449486157a3e8e142198b1a67de"},
	{"bench", []string{"parse", "--output", "tsv", "-"}, "35b6bdbc89cf685b08137c7f8df222ab217a7e3bb0991a165ff58fba14706772"},
	{"bench", []string{"parse", "--spec", "whatwg", "-"}, "a070da88581b968eb1b1804d569f13ec79044d8245f04bb03f081945512cc6ca"},
	{"bench", []string{"parse", "--spec", "whatwg", "--json", "-"}, "3d7c925f4a32e8ccac7f233ac4c037085b2ebe9dc6b10f6d28580b66de5424f0"},
	{"bench", []string{"parse", "--spec", "whatwg", "--format", "href", "-"}, "3817534542c4ab6318fe6790afb754b95c80d3862f26bdaf990ebbc1d0736937"},
	{"bench", []string{"check", "-"}, "a9969c650fc65a328422cfd9604da5be89b0dd3c413875a7999839afadc1f50a"},
	{"bench", []string{"check", "--json", "-"}, "9f33dfdca11e17d78d436657d8e9526c9a9d03e7154e0fab3932ff52b5cc41cb"},
	{"bench", []string{"check", "--spec", "rfc3986", "--json", "-"}, "52cc1e28f58c6791a926824a97cd1773d65b40f7c8688e978414d247647dfe21"},
	{"bench", []string{"check", "--format", "{code}\\t{offset}", "-"}, "5520fba3fa7a5adf35d889dd9d9d5c0b69f50ea0e9176e81c5b63d2372af27f5"},
	{"bench", []string{"check", "--output", "csv", "-"}, "061e23db0637c9274b7168023636321a1b0145eca8c41197e74f2f5c4c046775"},
	{"bench", []string{"check", "--all-specs", "--json", "-"}, "d6914c405c8cbb2e59ba262205f8309c678e61681f47a523cf73b12e8fc79b06"},
	{"bench", []string{"normalize", "-"}, "5894ba653d1ba3fc66959b0fd02bfd422f1bf6f0e003a786e84b4d8be067ec5c"},
	{"bench", []string{"normalize", "--json", "-"}, "c1c8e3ada7135f46468d2a8c0e4d05ec680c1af2073930a2212dddc045ffc9c8"},
	{"bench", []string{"normalize", "--format", "{normalized}\\t{error}", "-"}, "b3445021c9379f75cba8345b63a9e8702dcb246776a1387f802bc0bd2c2f4c16"},
	{"bench", []string{"normalize", "--output", "tsv", "-"}, "f646a86ce0f6c066171b1f74e158b27fd72130d93d3f5ed3189d796e968ff540"},
	{"bench", []string{"normalize", "--spec", "whatwg", "--json", "-"}, "74f5b90aaf178ed34beafd3c99de4f614210512b7531bcce855cabfa9be927bf"},
	{"bench", []string{"plan", "-"}, "74a45769e3fd4f9186a15d5f82ffd563fdfb7ceaec027a1dfc121e6c23c4eb08"},
	{"bench", []string{"plan", "--json", "-"}, "111e3df7768ce67f46fb9fed829d6cd2aa4050fe6ce0b131e78ac317a7d36893"},
	{"bench", []string{"resolve", "--json", "http://a/b/c/d;p?q", "-"}, "5e30d8c8b964b29a082da42fa03310aeb5c008992f892b942e5dc7215b44c931"},
	{"bench", []string{"relative", "--json", "http://a/b/c/d;p?q", "-"}, "fce45ba293294e49a6fb15425bc4d5dae88478410e67e72ee6a45772a1510a3d"},
	{"prose", []string{"extract", "-"}, "f1e108625fce01a237b49dd8e9248449b4fb4935e7efda0e137a225069810492"},
	{"prose", []string{"extract", "--json", "-"}, "f6d9f5c72ce235f5bc94a3b46c8241c441221fcdfd35622e529d75e39c8b7068"},
	{"prose", []string{"extract", "--output", "csv", "-"}, "decb1a2340b0f788f97fdbcfc7b55a24e143e5fc6bf7a138e0f613a9474952ef"},
	{"prose", []string{"extract", "--stats", "--format", "{url}\\t{form}", "-"}, "acc07ad7cafa742949d67a25dce85dba16e79fa6252281ef8aa2e959f68b90da"},
}

// bulkGoldenArgs are the commands of bulkGolden.
var bulkGoldenArgs = [][]string{
	{"parse", "-"},
	{"parse", "--json", "-"},
	{"parse", "--spec", "rfc3986", "--json", "-"},
	{"parse", "--spec", "url-draft-1994", "--json", "-"},
	{"parse", "--spec", "url-draft-1993", "--json", "-"},
	{"parse", "--spec", "rfc1630", "--json", "-"},
	{"parse", "--format", "{scheme}\\t{host}\\t{path}\\t{errors}", "-"},
	{"parse", "--output", "csv", "-"},
	{"parse", "--output", "tsv", "-"},
	// (parse --stats is TestStatsCounts: the old counts were wrong.)
	{"parse", "--spec", "whatwg", "-"},
	{"parse", "--spec", "whatwg", "--json", "-"},
	{"parse", "--spec", "whatwg", "--format", "href", "-"},
	{"check", "-"},
	{"check", "--json", "-"},
	{"check", "--spec", "rfc3986", "--json", "-"},
	{"check", "--format", "{code}\\t{offset}", "-"},
	{"check", "--output", "csv", "-"},
	{"check", "--all-specs", "--json", "-"},
	{"normalize", "-"},
	{"normalize", "--json", "-"},
	{"normalize", "--format", "{normalized}\\t{error}", "-"},
	{"normalize", "--output", "tsv", "-"},
	{"normalize", "--spec", "whatwg", "--json", "-"},
	{"plan", "-"},
	{"plan", "--json", "-"},
	{"resolve", "--json", "http://a/b/c/d;p?q", "-"},
	{"relative", "--json", "http://a/b/c/d;p?q", "-"},
	{"extract", "-"},
	{"extract", "--json", "-"},
	{"extract", "--output", "csv", "-"},
	{"extract", "--stats", "--format", "{url}\\t{form}", "-"},
}

// goldenInputs returns the inputs of bulkGolden by name.
func goldenInputs(tb testing.TB) map[string][]byte {
	bench := []byte(strings.Join(allBenchLines(tb), "\n") + "\n")
	lines := adversarialLines(tb)
	adv := []byte(strings.Join(lines, "\n") + "\n")
	var some []string
	for i := 0; i < len(lines); i += 8 {
		some = append(some, lines[i])
	}
	short := []byte(strings.Join(some, "\n") + "\n")
	return map[string][]byte{"bench": bench, "adversarial": adv, "prose": proseInput(bench), "prose-adversarial": proseInput(adv),
		"short": short, "prose-short": proseInput(short)}
}

// goldenSum runs the command and returns the SHA-256 of its outputs and exit status.
func goldenSum(in []byte, args []string) string {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, bytes.NewReader(in), &out, &errb)
	h := sha256.New()
	h.Write(out.Bytes())
	h.Write([]byte{0})
	h.Write(errb.Bytes())
	fmt.Fprintf(h, "\x00%d", code)
	return hex.EncodeToString(h.Sum(nil))
}

// Every bulk command writes, byte for byte, what it wrote before issue 10's append-based
// encoders and reused buffers, with 1 job and with 2: over every eighth adversarial line
// ("short"), and without -short over the benchmark files too (and with LOCATOR_GOLDEN_ALL=1
// over all the adversarial lines).
func TestBulkGolden(t *testing.T) {
	inputs := goldenInputs(t)
	if os.Getenv("LOCATOR_GOLDEN_PRINT") != "" {
		for _, name := range []string{"short", "adversarial", "bench"} {
			for _, args := range bulkGoldenArgs {
				in := name
				if args[0] == "extract" {
					in = "prose-" + name
					if name == "bench" {
						in = "prose"
					}
				}
				fmt.Printf("\t{%q, %#v, %q},\n", in, args, goldenSum(inputs[in], args))
			}
		}
		return
	}
	if len(bulkGolden) == 0 {
		t.Fatal("no golden sums")
	}
	for _, g := range bulkGolden {
		switch {
		case strings.Contains(g.input, "short"):
			// always
		case testing.Short():
			continue
		case strings.Contains(g.input, "adversarial") && os.Getenv("LOCATOR_GOLDEN_ALL") == "":
			continue // 124,000 lines: with LOCATOR_GOLDEN_ALL=1 only
		}
		for _, jobs := range []int{1, 2} {
			args := append([]string{g.args[0], "--jobs", strconv.Itoa(jobs)}, g.args[1:]...)
			if got := goldenSum(inputs[g.input], args); got != g.sum {
				t.Errorf("%s < %s: the output differs from the old one", strings.Join(args, " "), g.input)
			}
		}
	}
}

// --stats counts every line under its scheme in lower case, the same with 1 job and with 2:
// the counts per scheme add up to the lines, and none is 0. (Before issue 10, a line's
// scheme, which points into the input buffer, could replace a key of the counts, which then
// changed as the buffer was reused: "scheme\t0128\t626", "scheme\t///User\t0".)
func TestStatsCounts(t *testing.T) {
	in := []byte(strings.Join(allBenchLines(t), "\n") + "\nHTTP://A/\nHttp://b/\n")
	if testing.Short() {
		in = in[:bytes.IndexByte(in[1<<20:], '\n')+1<<20+1]
	}
	for _, args := range [][]string{{"parse", "-"}, {"parse", "--json", "-"}, {"check", "-"}, {"plan", "-"}, {"normalize", "-"}} {
		var first string
		for _, jobs := range []string{"1", "2"} {
			var out, errb bytes.Buffer
			run(context.Background(), append([]string{args[0], "--stats", "--jobs", jobs}, args[1:]...), bytes.NewReader(in), &out, &errb)
			lines, sum := -1, 0
			for l := range strings.Lines(errb.String()) {
				f := strings.Split(strings.TrimSuffix(l, "\n"), "\t")
				switch {
				case f[0] == "lines":
					lines, _ = strconv.Atoi(f[1])
				case f[0] == "scheme":
					n, _ := strconv.Atoi(f[2])
					if n == 0 || f[1] != strings.ToLower(f[1]) {
						t.Errorf("%s --jobs %s: %q", args[0], jobs, l)
					}
					sum += n
				}
			}
			if lines != bytes.Count(in, []byte("\n")) || sum != lines {
				t.Errorf("%s --jobs %s: %d lines, %d counted by scheme; want %d", args[0], jobs, lines, sum, bytes.Count(in, []byte("\n")))
			}
			if first == "" {
				first = errb.String()
			} else if errb.String() != first {
				t.Errorf("%s: --jobs 2 counts differ from --jobs 1", args[0])
			}
		}
	}
}
