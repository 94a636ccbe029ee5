package locator

// ResolveRegistered resolves the reference ref against base, both as written, by the resolver
// registered for mode ([RegisterResolver]; ModeWHATWG, by package
// github.com/locator-url/locator/whatwg), and returns the result's serialization as that
// resolver gives it. Unlike [Resolve], neither string is parsed by [Parse] first, nor the
// result after: a reference only the registered rule accepts (under the WHATWG URL Standard a
// "%" without two hex digits, tabs and newlines it removes) resolves too. A package that may
// not import the resolver's package (package scheme, for its table of every mode) reaches it
// this way. Without a registered resolver, or for a mode that cannot be registered, it returns
// an [*Error] (code [CodeNotImplemented] or [CodeUnknownMode]).
func ResolveRegistered(base, ref string, mode Mode) (string, error) {
	r := whatwgResolver.Load()
	if mode != ModeWHATWG || r == nil {
		return "", modeError(mode, ref)
	}
	return (*r)(base, ref)
}
