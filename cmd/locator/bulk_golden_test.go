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

// bulkGolden are the outputs of the bulk commands, as SHA-256 of standard output, a NUL,
// standard error and the exit status (the outputs are megabytes). They were first what the code
// before issue 10's encoders and buffers wrote (commit "cmd/locator: benchmarks of every bulk
// command..."), proving the new ones byte-identical; since, they are a snapshot that a change
// of output must renew on purpose (LOCATOR_GOLDEN_PRINT=1 prints them). The inputs:
// "bench" is testdata/bench/*.txt one after the other, "adversarial" the lines of
// adversarialLines, "prose" and "prose-adversarial" those written as running text
// (proseInput) for extract; "short" every eighth adversarial line.
var bulkGolden = []struct {
	input string
	args  []string
	sum   string
}{
	{"short", []string{"parse", "-"}, "0a7e69cb2205989f68f6b0c781722c284c22b5284a288ad25af8b508420ef9cb"},
	{"short", []string{"parse", "--json", "-"}, "0fd12c99d19d53bdbce42c061329302e95d1f2398d75b64e7d91c05998df93af"},
	{"short", []string{"parse", "--spec", "rfc3986", "--json", "-"}, "202629f4b11e03112d83bd54aec706e5cadc94b2bbcb4d3ee27334b9a0ec1e62"},
	{"short", []string{"parse", "--spec", "url-draft-1994", "--json", "-"}, "e0a415c6be8392bbeb5c0f5e647559da83f99e9e5a09d1ccce334773b72ce9fd"},
	{"short", []string{"parse", "--spec", "url-draft-1993", "--json", "-"}, "aa7b9fe607520f6d6988e9f68bd384f7ac85a35268027012e2284df798626ba4"},
	{"short", []string{"parse", "--spec", "rfc1630", "--json", "-"}, "23c7d8ea4030011f3bef46b8c450e7afa0d5f53d94505cdb698730d6690e7508"},
	{"short", []string{"parse", "--format", "{scheme}\\t{host}\\t{path}\\t{errors}", "-"}, "6d1b80bf7bd734345c1f1b2ce5b6d233f24758d737e8651e33678c84bb68cb70"},
	{"short", []string{"parse", "--output", "csv", "-"}, "8e9c11b8c32443edd673b30e70e66f7f627b7868365ff9e6ac1506726ee38c3c"},
	{"short", []string{"parse", "--output", "tsv", "-"}, "d5074ef89d5c362f4de2b98df7378a83f480c5b29a2b6c9b46a936027c032606"},
	{"short", []string{"parse", "--spec", "whatwg", "-"}, "55f290c5ab8c1c803555c24c49c3bc75172e121e6ea25bb97d137c46f4223228"},
	{"short", []string{"parse", "--spec", "whatwg", "--json", "-"}, "f532997105dda43a8582393351147874188659a9cc7a72eeb60057048cfb8a6d"},
	{"short", []string{"parse", "--spec", "whatwg", "--format", "href", "-"}, "1d2660fa787da30ededb1a7af63063247c576c89d52002156c39213a40e8c844"},
	{"short", []string{"check", "-"}, "13b37ccea015627973e36005327deefc570f81aeec706c9fd248b5eae8222e52"},
	{"short", []string{"check", "--json", "-"}, "06543d81d67e1a2da749a770bffb251965f043b1e75f90a869d8e3be4a520d37"},
	{"short", []string{"check", "--spec", "rfc3986", "--json", "-"}, "61e0da971f00fbbc3e4da9277c14a4dce232cb21ceec2c6bd7cad24c261915ea"},
	{"short", []string{"check", "--format", "{code}\\t{offset}", "-"}, "4c4376c5d478ddd7500e13dc674a1ac7e45784972de70037af1ba73a4a3a9005"},
	{"short", []string{"check", "--output", "csv", "-"}, "437157de3858c6a0ffbee9a02f121655d00cab50fb4538707437cd7e05959b81"},
	{"short", []string{"check", "--all-specs", "--json", "-"}, "5952956fddc6dc63857f69fd3071606ae776a314e98fa44720bfe83448808bd1"},
	{"short", []string{"normalize", "-"}, "0277fae16a3df946388ded8314bf117d142ed85e03e065938cccd935cf8a0060"},
	{"short", []string{"normalize", "--json", "-"}, "c31c6b5724e58406f41ea940c0359c495c5febb2b8697494a66a4f2ba546a703"},
	{"short", []string{"normalize", "--format", "{normalized}\\t{error}", "-"}, "da2b2339563a4b43b244b69426fa6389eca17a6caa774a0c678efe7d51b07782"},
	{"short", []string{"normalize", "--output", "tsv", "-"}, "d940902e8c0bff93367eb61a31d9fe7b9414e3c09eb1dfb60caf75f7f2b005a7"},
	{"short", []string{"normalize", "--spec", "whatwg", "--json", "-"}, "1eb76a5cc82d4e411d2fa5d869aacf91765119d767c00192cec0ae363b145749"},
	{"short", []string{"plan", "-"}, "971d41c466f56ad02caf485f5e7fa50bfcb784f6110aee28bed0d00bd15c2d5a"},
	{"short", []string{"plan", "--json", "-"}, "558c5e1c2e6b52510fff882872390ba3d0bc92144eb44a847833478245d206ed"},
	{"short", []string{"resolve", "--json", "http://a/b/c/d;p?q", "-"}, "a3cc7c2ea509f615f9c73c0cdc5196d8a78d5c7997d07f5876ed8251450471b8"},
	{"short", []string{"relative", "--json", "http://a/b/c/d;p?q", "-"}, "63d914e4a41cd0f6d42fb4e10688a1a03794b8632841a20dff9b12b28d4a81b4"},
	{"prose-short", []string{"extract", "-"}, "d878f1adc0016bea18444ccb4456e3a41838f9fff067a64ccd157d95a1dbc9ee"},
	{"prose-short", []string{"extract", "--json", "-"}, "ad2bb37a2d769ea1535e70344dec4bfef38557e024a771033df6c7ab37b36885"},
	{"prose-short", []string{"extract", "--output", "csv", "-"}, "f211422804515e7abd397e7851f15d892ec0788e7c6bd681c635a0978692d0a9"},
	{"prose-short", []string{"extract", "--stats", "--format", "{url}\\t{form}", "-"}, "a6cac4f8d14e410f5387b3510232e903bcbf60519d704cb8a4e34c284cee4ea6"},
	{"adversarial", []string{"parse", "-"}, "1a1998cdb2f9ecb7725240115cbd75401c323340d2a5f97c76292f8d70fdd0bd"},
	{"adversarial", []string{"parse", "--json", "-"}, "2d9a1170e450244c9603fc44d896ba4934c0832b2cba24c9bbdf27cec39403c7"},
	{"adversarial", []string{"parse", "--spec", "rfc3986", "--json", "-"}, "e10b0a922f31477b9f2df199f17b58dbf94b553149c05c78b52c8926c7f2c0db"},
	{"adversarial", []string{"parse", "--spec", "url-draft-1994", "--json", "-"}, "19ecadb84e5f20f6eddd292fcce0976cec56a311b351bf32060b35e8bdb653b5"},
	{"adversarial", []string{"parse", "--spec", "url-draft-1993", "--json", "-"}, "d57c1b62caf17cf01ebe9e94d9f1d6bd1d8a9cb857b95894c9d3e06ffda0e438"},
	{"adversarial", []string{"parse", "--spec", "rfc1630", "--json", "-"}, "d2fe7cd3440eb679117f4cb03cd469e130f5ddaaca06aad26a83ed183b05daa8"},
	{"adversarial", []string{"parse", "--format", "{scheme}\\t{host}\\t{path}\\t{errors}", "-"}, "0f3dc579dc36b0140c2e8730671e06ea9d8eb83333f8016e730f886d91a7957b"},
	{"adversarial", []string{"parse", "--output", "csv", "-"}, "336528d2734a7bdce3c60f8b3be8c9bd02e732f58b6cc3ae7124990236befacc"},
	{"adversarial", []string{"parse", "--output", "tsv", "-"}, "bf1642658e6a305ae9b8a50031eba5e5f52a46f5a7a1293db2884cf3291e9242"},
	{"adversarial", []string{"parse", "--spec", "whatwg", "-"}, "e01670c67be89438c3d8b0c2d6abb3f0198ee8a815b380d263c96df775a671d6"},
	{"adversarial", []string{"parse", "--spec", "whatwg", "--json", "-"}, "e3adb8fb8f57d29a8fc85b79defff5400b139c1c673d7c489385eb66138dedc1"},
	{"adversarial", []string{"parse", "--spec", "whatwg", "--format", "href", "-"}, "4de85ce5faed35d49ed9da30c8e8d9be6043550f6a5e1e4990da13e9ebf414aa"},
	{"adversarial", []string{"check", "-"}, "5fa2c38bebdb075ada0a9ec70f1a5f049f8024c6eec31e2859203ae3f0baed53"},
	{"adversarial", []string{"check", "--json", "-"}, "9da51c2f39169408f354d842e68ceb8000247a0cfc6fe9805891fb21ed294d1e"},
	{"adversarial", []string{"check", "--spec", "rfc3986", "--json", "-"}, "8d9c78003a7ee01f852f584cd72304f09a18184cfe0973fcaefacbf6383d991b"},
	{"adversarial", []string{"check", "--format", "{code}\\t{offset}", "-"}, "4b84b3b6b536818137fb938ee712efa22d4fa10b362a1073795af03f272d7c11"},
	{"adversarial", []string{"check", "--output", "csv", "-"}, "ddb7e9a9e143bd80d54d22fd6f5f5326f23bd0346d403a4fced070651338460b"},
	{"adversarial", []string{"check", "--all-specs", "--json", "-"}, "3ece8553755ead806c30963f89201f5ad1a9af0d16c67421403de3fedb2241eb"},
	{"adversarial", []string{"normalize", "-"}, "11babef76bb1dc7de1bc281ff469fb23ba8b080d155b1c729d93fd7d2fcf12f9"},
	{"adversarial", []string{"normalize", "--json", "-"}, "7b4414e3aeeccf1a7518027c64287514022a805ef25d7ecdb06d2f580656e9b8"},
	{"adversarial", []string{"normalize", "--format", "{normalized}\\t{error}", "-"}, "c011b6ab645b9b657d2f9e2686542bcef444fdf7034b0c090c935b1d4edf3b73"},
	{"adversarial", []string{"normalize", "--output", "tsv", "-"}, "8319706f2b7974185b6c3a179a981314dcf88f066574220d0fd0b8bfb1bcc40d"},
	{"adversarial", []string{"normalize", "--spec", "whatwg", "--json", "-"}, "770cf1b2a99788548e51be3d1404738f2b45793594a882a632c1c7f2088e5b50"},
	{"adversarial", []string{"plan", "-"}, "c011cf095532576c5081e07fd398655e42b7b3c3c4ca9f2429fb488536801c0c"},
	{"adversarial", []string{"plan", "--json", "-"}, "754ed43af2caa90476c8d088a27279a40c4ad193594790a6765a7e748e5bf13a"},
	{"adversarial", []string{"resolve", "--json", "http://a/b/c/d;p?q", "-"}, "4a0715488f0a2fe26b9b49db268dd42206992a2d2f92bbf57df4ff6c45ce0c85"},
	{"adversarial", []string{"relative", "--json", "http://a/b/c/d;p?q", "-"}, "a890e8c86602f2a2dde881b0e6c1d073afcd7d221929b4ce9ee1e60a2c06878d"},
	{"prose-adversarial", []string{"extract", "-"}, "df01a806b39499a121c9af2b5019e608622326553dbd0750cac90787d5b517d3"},
	{"prose-adversarial", []string{"extract", "--json", "-"}, "23a4821f3257c0e6a293903e9706ef6e64b9b3ca93a530de5eeb241a9e3cc688"},
	{"prose-adversarial", []string{"extract", "--output", "csv", "-"}, "0ed1ef5831bec220723faa6c0442d5587845bb568ca86d8d2ad995b213d4a5fd"},
	{"prose-adversarial", []string{"extract", "--stats", "--format", "{url}\\t{form}", "-"}, "fda439c07eeef97eb0458fd0c8180e17dad55cfa1df934a9d53dd4cc73630fe9"},
	{"bench", []string{"parse", "-"}, "92469b3758e6ced8c5d32e5c024a6f72c978fc8047fe352cb014a8471b2ed9c5"},
	{"bench", []string{"parse", "--json", "-"}, "870e90afadc7f177c07c68c090a1ef0691d62799a7e99c36e20055e31588c5f0"},
	{"bench", []string{"parse", "--spec", "rfc3986", "--json", "-"}, "0b1026bbdef7bd595c60e9c8a3386b0a1c3b4062b2d8a8f8079378127124560b"},
	{"bench", []string{"parse", "--spec", "url-draft-1994", "--json", "-"}, "ba4ea404cebc608da24010a48cafb57867ab843aa2305a0e22b04dc711932960"},
	{"bench", []string{"parse", "--spec", "url-draft-1993", "--json", "-"}, "9566a3f03ea215f05e71827106dcb6908614fd3e146df1f2e3eae0ab19848ebe"},
	{"bench", []string{"parse", "--spec", "rfc1630", "--json", "-"}, "abc664e1fca10ab7f99a477bb3eed870308aeff60e363bba5964c595b77dd26b"},
	{"bench", []string{"parse", "--format", "{scheme}\\t{host}\\t{path}\\t{errors}", "-"}, "a30160fa2ad9ce4d964812bc36f0bf7aa0121c9f001fc1b0efd8510bb905c8d4"},
	{"bench", []string{"parse", "--output", "csv", "-"}, "fc3bf2830ba737447ef8d8a008ddb196836615b70ea38a47a0c61230212c4f50"},
	{"bench", []string{"parse", "--output", "tsv", "-"}, "17990205449d13a9332fafe9c924e06b3168e2f9e6cf75d6aea9c14cf6d6108f"},
	{"bench", []string{"parse", "--spec", "whatwg", "-"}, "a070da88581b968eb1b1804d569f13ec79044d8245f04bb03f081945512cc6ca"},
	{"bench", []string{"parse", "--spec", "whatwg", "--json", "-"}, "6f159c8342a3026e7c7422ca948beedb4f844fe1ee08a670de280ff647b6a85c"},
	{"bench", []string{"parse", "--spec", "whatwg", "--format", "href", "-"}, "3817534542c4ab6318fe6790afb754b95c80d3862f26bdaf990ebbc1d0736937"},
	{"bench", []string{"check", "-"}, "a9969c650fc65a328422cfd9604da5be89b0dd3c413875a7999839afadc1f50a"},
	{"bench", []string{"check", "--json", "-"}, "aeceaf82040499323a2c4c3f2101b1b86dbe412b0037bbb364c3a3f6fb29f42b"},
	{"bench", []string{"check", "--spec", "rfc3986", "--json", "-"}, "920ffab6dee0a84c829d27e9cad7b53c29add776cfb4c681c720a88e1c001f06"},
	{"bench", []string{"check", "--format", "{code}\\t{offset}", "-"}, "5520fba3fa7a5adf35d889dd9d9d5c0b69f50ea0e9176e81c5b63d2372af27f5"},
	{"bench", []string{"check", "--output", "csv", "-"}, "02b6bf530f5c011a19ca5f0e8682c21a10ad7df780adb38982a48b14d50b1282"},
	{"bench", []string{"check", "--all-specs", "--json", "-"}, "98c7c442c4b3672f172a53a143560cf991b99c6c097d57f66d897511f59214fd"},
	{"bench", []string{"normalize", "-"}, "01973de8a47f51f573f17a513dcfc96ac22e17331ceec7e69a093ae28bd5a3e1"},
	{"bench", []string{"normalize", "--json", "-"}, "f4c21e20c7ec34f1ca09d6b6fd98320d182d8c04b29ec5feb53321024f1d63d5"},
	{"bench", []string{"normalize", "--format", "{normalized}\\t{error}", "-"}, "3ffc91c9de31fc8eaea1432d299fdcd95baa8911711d22fe35da0001d5471395"},
	{"bench", []string{"normalize", "--output", "tsv", "-"}, "a05b1c83d28d8372eefd1d11bb18e81dcef31af74cdc53153f0b47ebe368f2ff"},
	{"bench", []string{"normalize", "--spec", "whatwg", "--json", "-"}, "3899c37769bf3159c1a9767f5e1fb3af24506607675b5f11b08185b4d7f529d2"},
	{"bench", []string{"plan", "-"}, "6261278c1b8b6b3728624e83131e1b4a18e3b9e10b2ba8d7543b862a0e871448"},
	{"bench", []string{"plan", "--json", "-"}, "bff3979454a9096911ad40230daf93bf090ccd9d7510c1fdab1e8910714225ad"},
	{"bench", []string{"resolve", "--json", "http://a/b/c/d;p?q", "-"}, "ca0c9abf05a240391cdea17792995e7349317aa1a9831393e2ca6ddb9ac3980a"},
	{"bench", []string{"relative", "--json", "http://a/b/c/d;p?q", "-"}, "e6a3eb195cc63aa352a024e6f17dba8ddd07a172bc5467eae3141c3f8abe8518"},
	{"prose", []string{"extract", "-"}, "f1e108625fce01a237b49dd8e9248449b4fb4935e7efda0e137a225069810492"},
	{"prose", []string{"extract", "--json", "-"}, "f6d9f5c72ce235f5bc94a3b46c8241c441221fcdfd35622e529d75e39c8b7068"},
	{"prose", []string{"extract", "--output", "csv", "-"}, "decb1a2340b0f788f97fdbcfc7b55a24e143e5fc6bf7a138e0f613a9474952ef"},
	{"prose", []string{"extract", "--stats", "--format", "{url}\\t{form}", "-"}, "9fa6202e725ed6b919fb14d8d355c895630b240cc14a7393ab90381e3831c390"},
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
