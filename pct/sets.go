package pct

// The character classes of RFC 1738 §2.2 and §5 ("Miscellaneous definitions").
var (
	// Alpha is RFC 1738 §5 alpha (lowalpha | hialpha); also RFC 3986 ALPHA.
	Alpha = Range('a', 'z').Union(Range('A', 'Z'))
	// Digit is RFC 1738 §5 digit; also RFC 3986 DIGIT.
	Digit = Range('0', '9')
	// Hex is RFC 1738 §5 hex; also RFC 3986 HEXDIG.
	Hex = Digit.With("ABCDEFabcdef")
	// AlphaDigit is RFC 1738 §5 alphadigit.
	AlphaDigit = Alpha.Union(Digit)

	// RFC1738Safe is RFC 1738 §5 safe: "$" | "-" | "_" | "." | "+".
	RFC1738Safe = Of("$-_.+")
	// RFC1738Extra is RFC 1738 §5 extra: "!" | "*" | "'" | "(" | ")" | ",".
	RFC1738Extra = Of("!*'(),")
	// RFC1738National is RFC 1738 §5 national: characters that "gateways and other transport
	// agents are known to sometimes modify" (§2.2) and so must always be encoded.
	RFC1738National = Of("{}|\\^~[]`")
	// RFC1738Punctuation is RFC 1738 §5 punctuation: "<" | ">" | "#" | "%" | <">.
	RFC1738Punctuation = Of("<>#%\"")
	// RFC1738Reserved is RFC 1738 §5 reserved: ";" | "/" | "?" | ":" | "@" | "&" | "=".
	// §2.2: these may have a special meaning within a scheme and must be encoded when used
	// for anything else.
	RFC1738Reserved = Of(";/?:@&=")
	// RFC1738Unreserved is RFC 1738 §5 unreserved: alpha | digit | safe | extra.
	RFC1738Unreserved = Alpha.Union(Digit).Union(RFC1738Safe).Union(RFC1738Extra)
	// RFC1738Uchar is the set of bytes RFC 1738 §5 uchar allows unencoded (unreserved; the
	// production also allows escape, which is "%" hex hex).
	RFC1738Uchar = RFC1738Unreserved
	// RFC1738Xchar is the set of bytes RFC 1738 §5 xchar allows unencoded (unreserved |
	// reserved; escape aside).
	RFC1738Xchar = RFC1738Unreserved.Union(RFC1738Reserved)
	// RFC1738Control is the US-ASCII control characters, 00–1F and 7F, which RFC 1738 §2.2
	// says must always be encoded.
	RFC1738Control = Range(0x00, 0x1f).With("\x7f")
	// RFC1738NonASCII is 80–FF, octets not used in US-ASCII (RFC 1738 §2.2).
	RFC1738NonASCII = Range(0x80, 0xff)
	// RFC1738Unsafe is the set of bytes RFC 1738 §2.2 calls unsafe or not allowed unencoded:
	// space, "<", ">", <">, "#", "%", the national characters, the controls and the non-ASCII
	// octets. (§2.2 names "{", "}", "|", "\", "^", "~", "[", "]" and "`" as unsafe; "<", ">",
	// <">, "#" and "%" as unsafe; controls and 80–FF as not allowed.)
	RFC1738Unsafe = Of(" ").Union(RFC1738Punctuation).Union(RFC1738National).
			Union(RFC1738Control).Union(RFC1738NonASCII)

	// RFC1738SchemeChars is the bytes of RFC 1738 §5 scheme, with the upper-case letters that
	// §2.1 says interpreters should accept ("case-ignore").
	RFC1738SchemeChars = Alpha.Union(Digit).With("+-.")
)

// The character classes of RFC 3986 §2 and Appendix A.
var (
	// Unreserved is RFC 3986 §2.3 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~".
	Unreserved = Alpha.Union(Digit).With("-._~")
	// GenDelims is RFC 3986 §2.2 gen-delims: ":" / "/" / "?" / "#" / "[" / "]" / "@".
	GenDelims = Of(":/?#[]@")
	// SubDelims is RFC 3986 §2.2 sub-delims: "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" /
	// "," / ";" / "=".
	SubDelims = Of("!$&'()*+,;=")
	// Reserved is RFC 3986 §2.2 reserved: gen-delims / sub-delims.
	Reserved = GenDelims.Union(SubDelims)
	// PChar is the bytes RFC 3986 §3.3 pchar allows unencoded: unreserved / sub-delims / ":" / "@".
	PChar = Unreserved.Union(SubDelims).With(":@")
	// PathChars is PChar plus "/": the bytes a path may hold unencoded (RFC 3986 §3.3).
	PathChars = PChar.With("/")
	// QueryChars is the bytes RFC 3986 §3.4 query allows unencoded: pchar / "/" / "?".
	QueryChars = PChar.With("/?")
	// FragmentChars is the bytes RFC 3986 §3.5 fragment allows unencoded: pchar / "/" / "?".
	FragmentChars = QueryChars
	// UserinfoChars is the bytes RFC 3986 §3.2.1 userinfo allows unencoded:
	// unreserved / sub-delims / ":".
	UserinfoChars = Unreserved.Union(SubDelims).With(":")
	// RegNameChars is the bytes RFC 3986 §3.2.2 reg-name allows unencoded: unreserved / sub-delims.
	RegNameChars = Unreserved.Union(SubDelims)
	// SchemeChars is the bytes RFC 3986 §3.1 scheme allows after its first letter:
	// ALPHA / DIGIT / "+" / "-" / ".".
	SchemeChars = Alpha.Union(Digit).With("+-.")
)
