package syntax

// HostShapes returns every string of at most maxLen bytes of "a", "1", "." and "-", the empty
// string first, depth first: the short host shapes on which the tests of the quick host checks
// (ValidHostPortAt here, CheckTo's written-out cases in package scheme) compare them with the
// full checkers. Those four are the classes of bytes that hostname = *[ domainlabel "." ]
// toplabel (RFC 1738 §5) tells apart: a letter, a digit, "." and "-". For tests only.
func HostShapes(maxLen int) []string {
	var hosts []string
	var gen func(h string)
	gen = func(h string) {
		hosts = append(hosts, h)
		if len(h) < maxLen {
			for _, c := range []string{"a", "1", ".", "-"} {
				gen(h + c)
			}
		}
	}
	gen("")
	return hosts
}
