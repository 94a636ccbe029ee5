package scheme

import "github.com/locator-url/locator"

// The codes of package scheme's findings and errors, in one place: those of the registry and
// the dispatch functions (Check, ParseView, PlanFor, Inspect), of Security, of the views and
// checkers shared by several schemes, and of each scheme's own production. Programs and tests
// compare codes, not messages.

// Codes of Register.
const (
	CodeBadScheme   locator.Code = "bad-scheme"   // not a valid scheme name (RFC 1738 §5 scheme), or "x-" alone (RFC 1738 §4)
	CodeSchemeTaken locator.Code = "scheme-taken" // the name belongs to a scheme locator defines (RFC 1738 §4)
	// CodeIncompleteScheme: a scheme other than an "x-" experiment registered without a syntax
	// (Check) or an access algorithm (Plan), and without an Exemption that says why: RFC 1738
	// §4 asks a new scheme for both.
	CodeIncompleteScheme locator.Code = "incomplete-scheme"
)

// Codes of this package's dispatch functions.
const (
	CodeNoView locator.Code = "no-view" // the scheme has no typed view
	CodeNoPlan locator.Code = "no-plan" // the scheme has no access plan
)

// Codes of Check.
const (
	CodeNoChecker      locator.Code = "no-checker"      // no strict checker for the specification
	CodeUnknownScheme  locator.Code = "unknown-scheme"  // a scheme that is neither registered nor "x-"
	CodeReservedScheme locator.Code = "reserved-scheme" // a name a document reserves or leaves for study (RFC 1738 §4, afs, mid and cid among them under locator.RFC1738; the drafts' urn, x500, whois++), with no syntax
	// CodeSchemeNotInSpec: a scheme locator defines that the chosen document does not: under
	// locator.URLDraft1994, file (RFC 1738 §3.10), which the 1994 URL draft does not list. A
	// warning; the URL is then checked as the draft's login when "//" follows the colon.
	CodeSchemeNotInSpec locator.Code = "scheme-not-in-spec"
	// CodeDraftLogin: a user name or password that is not the 1994 URL draft's user =
	// alphanum2 [ user ] (one or more letters, digits, "-", "_", "." and "+", no escapes); an
	// error under locator.URLDraft1994 only (RFC 1738 §5 user is *[ uchar | ";" | "?" | "&" | "=" ]).
	CodeDraftLogin locator.Code = "draft-login"
	// CodeDraftEmptySegment: under locator.URLDraft1994, an empty path segment other than the
	// last ("ftp://h//etc/motd", "prospero://h//pros/name"): the 1994 URL draft's path =
	// void | segment [ / path ] with segment = xpalphas, one or more characters. RFC 1738 §5
	// fsegment, hsegment and psegment may be empty.
	CodeDraftEmptySegment locator.Code = "draft-empty-segment"
)

// Codes of the views and plans of ftp, http, file, telnet, wais, prospero and afs.
const (
	// CodeBadView: a view's fields cannot be written as a URL of its scheme (a password
	// without a user name, a host holding "/", a typecode other than a, i or d, …).
	CodeBadView locator.Code = "bad-view"
	// CodeNoHost: an access plan must connect to a host and the URL names none.
	CodeNoHost locator.Code = "no-host"
)

// CodePortNotAllowed: a port in a URL whose production has a bare host (RFC 1738 §5 fileurl;
// the 1994 URL draft afsaddress, whose cellname is a hostname).
const CodePortNotAllowed locator.Code = "port-not-allowed"

// CodeNoAuthority: a scheme of the common Internet scheme syntax without "//".
const CodeNoAuthority locator.Code = "no-authority"

// CodeWrongScheme: a ParseX function given a URL of another scheme.
const CodeWrongScheme locator.Code = "wrong-scheme"

// Codes shared by the views of several schemes.
const (
	// CodeUserinfo: a user or password in a URL whose RFC 1738 §5 production has hostport,
	// not login (gopherurl, nntpurl, httpurl, waisurl, prosperourl).
	CodeUserinfo locator.Code = "userinfo-not-allowed"
	// CodeMissingSlash: text after host[:port] that does not start with the "/" that RFC 1738
	// §3.1 puts before the url-path ("gopher://host?x").
	CodeMissingSlash locator.Code = "missing-slash"
	// CodeLineBreak: a decoded CR, LF, NUL or other byte that would end or split the protocol
	// line the URL is sent in (RFC 1738 §6: encoded delimiters must not be decoded into the
	// protocol; RFC 1436 and RFC 977 lines end with CR LF).
	CodeLineBreak locator.Code = "line-break"
)

// CodeAFSHistorical is the warning every afs URL gets under locator.URLDraft1994: the 1994 URL
// draft keeps afsaddress "as historical note, but is not a url production". (Under
// locator.RFC1738, which only reserves the name in §4, an afs URL gets [CodeReservedScheme].)
const CodeAFSHistorical locator.Code = "afs-historical"

// Codes of the ftp view and checker.
const (
	// CodeFTPTypecode: under locator.RFC1738, ";type=" followed by something other than one
	// of A, I, D, a, i, d (RFC 1738 §5 ftptype), an error: the 1994 URL draft's "AN", "E",
	// "L8" too (the message says whose they are). Under locator.URLDraft1994, a typecode other
	// than the draft's ftptype (A or E with an optional N, T or C; I; L with digits; any
	// case), an error ("d" among them: the draft marks a directory with a final "/"), and a
	// warning for an L byte size outside 1 through 255 (RFC 959 §5.3.2).
	// CodeLineTooLong: a protocol line a plan would send is longer than its protocol allows:
	// an NNTP command line holds at most 510 characters before its CR LF (RFC 977 §2.3).
	CodeLineTooLong locator.Code = "line-too-long"
	CodeFTPTypecode locator.Code = "ftp-typecode"
	// CodeTelnetIAC: a byte 0xFF (an escape "%FF", or the byte as written) in the user name,
	// password or path of an ftp URL, or the user name or password of a telnet URL. It is the
	// Telnet IAC, "Interpret as Command" (RFC 854); FTP's control connection is a Telnet
	// connection (RFC 959 §4.1, §5.3), where a data byte 0xFF is sent doubled, IAC IAC, as an
	// ftp plan does; sent alone it would start a Telnet command (IAC IP, IAC DM: RFC 1738 §6,
	// an encoded byte must not "simulate an extra operation"). A warning.
	CodeTelnetIAC locator.Code = "telnet-iac"
)

// Codes of the gopher view and checker.
const (
	// CodeGopherType: a gophertype that is not exactly one character (RFC 1738 §3.4.1).
	CodeGopherType locator.Code = "gopher-type"
	// CodeGopherPlus: a gopher+ string that is none of the forms of RFC 1738 §3.4.4–3.4.9 and
	// the 1994 URL draft's Gopher section (a warning), or an ASK value that cannot be sent as
	// one line of a period-terminated block (an error). Under locator.RFC1738 an alternate view
	// with an ASK block, the draft's form, gets a warning too (RFC 1738 §3.4.9 writes the block
	// after "+" alone).
	CodeGopherPlus locator.Code = "gopher-plus"
)

// CodeHTTPSearchNoPath: a "?" search right after the host and port, without the "/" that
// RFC 1738 §5 httpurl = "http://" hostport [ "/" hpath [ "?" search ]] requires before it.
const CodeHTTPSearchNoPath locator.Code = "http-search-without-path"

// Codes of the mailto, mid and cid views and checkers.
const (
	// CodeAddrSpec: text that should be an RFC 822 addr-spec (local-part "@" domain, RFC 822
	// §6.1) and is not. A warning: RFC 1738 §5 only asks for 1*xchar. An error under the URI
	// draft (locator.RFC1630), whose mailto, mid and cid hold an addr-spec, and for a mailto
	// URL under locator.URLDraft1994, whose mailtoaddress is xalphas "@" hostname.
	CodeAddrSpec locator.Code = "addr-spec"
	// CodeMailtoHeaders: a "?" in a mailto URL, which RFC 6068 §2 reads as the start of header
	// fields and RFC 1738 §3.5 as part of the address.
	CodeMailtoHeaders locator.Code = "mailto-headers"
)

// CodeMidContentID: a mid URL with "/content-id", which RFC 2392 §2 allows and the 1994 URL
// draft's midaddress does not (a warning, under locator.URLDraft1994: RFC 1738 defines no mid).
const CodeMidContentID locator.Code = "mid-content-id"

// CodeMsgIDBrackets: the message-id of a mid URL, or the content-id of a mid or cid URL,
// written with the "<" ">" that enclose it in its mail header field ("%3C…%3E"). The drafts
// define the id without them: "the RFC822 msg-id with the constant <> wrapper removed" (the
// URI draft, "Message-Id"); midaddress = "mid:" addr-spec and cidaddress = "cid:"
// content-identifier (the 1994 URL draft). A warning: the plan drops the one pair rather
// than search for "<<…>>".
const CodeMsgIDBrackets locator.Code = "msg-id-brackets"

// Codes of the news and nntp views and checkers.
const (
	// CodeNewsGroup: a group name that is not RFC 1738 §5 group
	// (alpha *[ alpha | digit | "-" | "." | "+" | "_" ]), or a missing one.
	CodeNewsGroup locator.Code = "news-group"
	// CodeNewsArticle: a message-id that is not RFC 1738 §5 article
	// (1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host), or is written with its "<" ">".
	CodeNewsArticle locator.Code = "news-article"
	// CodeNewsServer: a news URL with "//" and a server, which RFC 5538 §4 allows and RFC
	// 1738 §3.6 does not (news host names "are NOT part of news URLs", the 1994 URL draft).
	// Under locator.RFC1738 a warning when the part after "news:" is RFC 1738 §5 article all
	// the same ("news://a@h.com" is the message-id "//a@h.com"), else an error.
	CodeNewsServer locator.Code = "news-server"
)

// CodeNNTPArticle: an nntp article number that is not digits, or a path with more than
// group and number (RFC 1738 §5 nntpurl = "nntp://" hostport "/" group [ "/" digits ]); under
// locator.URLDraft1994 also a missing number (nntpaddress = "nntp:" group "/" digits). A
// number of more than 16 digits, which an NNTP client must not send (RFC 3977 §6), is a
// warning of the checker and an error of the plan; a number outside 1 to 2,147,483,647, which
// no article has (RFC 3977 §6), a warning of the checker (the plan sends it; the server
// answers 423).
const CodeNNTPArticle locator.Code = "nntp-article"

// Codes of the prospero view and checker.
const (
	// CodeProsperoField: a ";" fieldspec without "=" (RFC 1738 §5 fieldspec = ";" fieldname
	// "=" fieldvalue).
	CodeProsperoField locator.Code = "prospero-field"
	// CodeProsperoVersion: under locator.URLDraft1994, a version after "%00" that is not
	// digits (the 1994 URL draft, version = digits; empty only when attributes follow, as the
	// 1993 draft allows). RFC 1738 has no version form: "%00" is an escape there.
	CodeProsperoVersion locator.Code = "prospero-version"
	// CodeProsperoAttribute: under locator.URLDraft1994, an attribute that is not letters and
	// digits (the 1994 URL draft, attribute = alphanums).
	CodeProsperoAttribute locator.Code = "prospero-attribute"
)

// CodeTelnetPath: text after the login of a telnet URL other than one "/" (RFC 1738 §5
// telneturl = "telnet://" login [ "/" ]); under locator.URLDraft1994 any text, "/" too
// (telnetaddress = "telnet://" login).
const CodeTelnetPath locator.Code = "telnet-path"

// CodeWAISPath: under locator.URLDraft1994, a wais document's wpath that is not the 1994 URL
// draft's wpath = digits = path ; [ wpath ] (fields of a number, "=" and the contents, each
// ended by ";"). RFC 1738 §5 wpath is opaque (*uchar).
const CodeWAISPath locator.Code = "wais-wpath"

// CodeWAISForm: a wais URL that is none of RFC 1738 §5 waisdatabase, waisindex and waisdoc
// (a database and a wtype with no wpath; a search of a document).
const CodeWAISForm locator.Code = "wais-form"

// The codes of [Security]. Every finding of Security is a warning: the URL may be valid, but
// using it is risky (RFC 1738 §6; RFC 3986 §7).
const (
	// CodePortNotDefault: a port other than the scheme's default, above 1023. RFC 1738 §6:
	// "Caution should be used when using any URL which specifies a port number other than
	// the default for the protocol".
	CodePortNotDefault locator.Code = "port-not-default"
	// CodePortReserved: a port in 0–1023, the well-known ports, that is not the scheme's
	// default (or the scheme has none): the client may talk to another service, whose
	// protocol reads the URL's content as commands (RFC 1738 §6, "especially when it is a
	// number within the reserved space"; the example of gopher URLs sending mail through SMTP).
	CodePortReserved locator.Code = "port-reserved"
	// CodePassword: a non-empty password in the URL. RFC 1738 §6: "The use of URLs
	// containing passwords that should be secret is clearly unwise"; RFC 3986 §3.2.1
	// deprecates "user:password".
	CodePassword locator.Code = "password-in-url"
	// CodeEncodedLineBreak: %0D or %0A, which decode to CR and LF, the line ends of
	// text protocols: decoded before transmission they add a command (RFC 1738 §6, "CR and LF
	// characters for telnet protocols"; RFC 3986 §7.3).
	CodeEncodedLineBreak locator.Code = "encoded-line-break"
	// CodeEncodedNUL: %00, which decodes to NUL, a string terminator for many programs
	// (RFC 3986 §7.3). (The 1994 URL draft's prospero version form uses %00 on purpose.)
	CodeEncodedNUL locator.Code = "encoded-nul"
	// CodeEncodedTab: %09 in a scheme whose protocol lines treat TAB as a delimiter or
	// whitespace (ftp, http, https, news, nntp, telnet). In gopher, %09 separates the
	// selector, the search and the gopher+ string (RFC 1738 §3.4) and is not reported
	// unless more than two stand in the path; the TAB, CR and LF of a well-formed ASK block
	// in the gopher+ string (RFC 1738 §3.4.9) are the protocol's own and are not reported.
	CodeEncodedTab locator.Code = "encoded-tab"
	// CodeUnencodedChar: a character that RFC 1738 §2.2 says must always be encoded (unsafe,
	// national, control or non-ASCII) standing unencoded: programs disagree on where such a
	// URL ends and what it holds.
	CodeUnencodedChar locator.Code = "unencoded-unsafe-char"
	// CodeNonASCIIHost: a host with non-ASCII characters, which may imitate another host
	// with look-alike characters (RFC 3986 §7.6 semantic attacks; RFC 3987 §8).
	CodeNonASCIIHost locator.Code = "non-ascii-host"
	// CodeUserinfoLikeHost: user information that looks like a host name, as in
	// "http://www.bank.example@evil.example/", or holds one before a delimiter, as in RFC
	// 3986 §7.6's "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", or after
	// an "@" ("http://user@www.bank.example@evil.example/"):
	// readers take the user name for the host (RFC 3986 §7.6).
	CodeUserinfoLikeHost locator.Code = "userinfo-looks-like-host"
	// CodeLoginTwoReadings: an authority with "?" and then "@" before the next "/" or "#",
	// which RFC 1738 §5 (user and password may hold "?") and RFC 3986 §3.2 (the authority
	// ends at "?") split at different places, so that two readers connect to different hosts
	// ("ftp://a?b@host/": the host "host" by RFC 1738, "a" by RFC 3986; RFC 3986 §7.6).
	CodeLoginTwoReadings locator.Code = "login-two-readings"
	// CodePrefixAsScheme: an input that starts with "URL:" and a URL, checked under a
	// specification that defines no "URL:" prefix (RFC 3986, the 1993 URL draft, the URI
	// draft), which reads "URL" as the scheme; under RFC 1738 (Appendix) and the 1994 URL
	// draft (prefixedurl) it is the prefix (see locator.ParseAs). A warning of Inspect.
	CodePrefixAsScheme locator.Code = "prefix-as-scheme"
	// CodeAmbiguousHostNumber: a numeric host that is not a plain dotted quad ("0177.0.0.1",
	// "0x7f.1", "2130706433"): resolvers read leading zeros as octal and fewer groups as
	// larger numbers, so the address is not what it seems (RFC 3986 §7.4).
	CodeAmbiguousHostNumber locator.Code = "ambiguous-host-number"
)

// Codes of FileURLFromPath, PathFromFileURL and ParseOS (local paths ↔ file URLs, RFC 1738
// §3.10, RFC 8089 Appendix E).
const (
	// CodeRelativePath: a path that is not absolute (POSIX "a/b", Windows "\dir" or "C:dir",
	// VMS "[.SUB]FILE"), or a Windows file URL with neither drive letter nor host: a file
	// URL names an absolute path (RFC 8089 §2 path-absolute).
	CodeRelativePath locator.Code = "relative-path"
	// CodeBadPathChar: a byte the operating system's names cannot hold (NUL; on Windows
	// <>"|?* and controls; on VMS anything outside ODS-2's letters, digits, "$", "_", "-"),
	// in a path or decoded from a URL.
	CodeBadPathChar locator.Code = "bad-path-char"
	// CodeBadPathForm: a path of a form with no file URL (a Windows device path "\\.\", a UNC
	// name without a share, a VMS specification without "]"), or a URL path with no local
	// path of that form (a VMS URL without device, directory and file).
	CodeBadPathForm locator.Code = "bad-path-form"
	// CodeRemoteHost: a file URL whose host is neither "" nor "localhost" (RFC 1738 §3.10),
	// converted to a POSIX path, which names files of this machine only.
	CodeRemoteHost locator.Code = "remote-host"
	// CodeUnknownOS: ParseOS given a name other than posix, windows, vms or local.
	CodeUnknownOS locator.Code = "unknown-os"
)
