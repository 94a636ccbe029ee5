package locator

// Chars is the character summary that Parse records in a URL: for each component, whether it
// holds a character of a few classes that the strict checkers look for. A checker that finds a
// component clean in the summary skips its scan of that component. An escape "%" hex hex
// counts as its "%" (the escapes of a parsed URL are well formed: RFC 1738 §2.2); the
// delimiters of the components do not count. Like the offsets, it is a function of the URL's
// serialization, so it does not affect ==. The zero value says every component is empty of
// these classes (the summary of the zero URL).
type Chars uint16

// The bits of a Chars summary. "Unsafe" is a character outside RFC 1738 §5 xchar (an unsafe,
// national or punctuation character, a space or an octet 80–FF: RFC 1738 §2.2); "not 3986"
// is a character outside RFC 3986 §3.4 query = *( pchar / "/" / "?" ) (RFC 3986 §2).
const (
	CharsUserUnsafe         Chars = 1 << iota // the user information has an unsafe character
	CharsHostUnsafe                           // host[:port] has an unsafe character
	CharsHostNot3986                          // host[:port] has a character that is not 3986
	CharsHostNotHostname                      // host[:port] has a byte other than letters, digits, "-", "." and ":"
	CharsHostAlpha                            // host[:port] has a letter or "-" (it is no hostnumber)
	CharsPathUnsafe                           // the path has an unsafe character
	CharsPathNot3986                          // the path has a character that is not 3986
	CharsPathSemicolon                        // the path has ";"
	CharsQueryUnsafe                          // the query has an unsafe character
	CharsQueryNot3986                         // the query has a character that is not 3986
	CharsQuerySemicolon                       // the query has ";"
	CharsQuerySlashQuestion                   // the query has "/" or "?"
	CharsFragmentUnsafe                       // the fragment has an unsafe character
	CharsFragmentNot3986                      // the fragment has a character that is not 3986 ("#" included)
	CharsHostDotHyphen                        // host[:port] has "..", ".-" or "-." (RFC 1738 §5 hostname has none)

	CharsFragment = CharsFragmentUnsafe | CharsFragmentNot3986 // the fragment's bits
)

// Chars returns u's character summary (see [Chars]).
func (u URL) Chars() Chars { return u.chars }
