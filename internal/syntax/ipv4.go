package syntax

// ipv4Shape is what readIPv4 finds in a host of decimal groups separated by ".": the shape
// that RFC 1738 §5 hostnumber = digits "." digits "." digits "." digits and RFC 3986 §3.2.2
// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet share. It is the one
// reader of such hosts in the checkers.
type ipv4Shape struct {
	groups int    // the number of groups: one more than the dots
	empty  int    // the offset of the end of the first empty group (its "." or the end), or -1
	start  [4]int // the offsets of the first four groups
	over   uint8  // bit g set: group g (of the first four) is above 255
	lead   bool   // a group of two or more digits starts with "0" (RFC 3986 dec-octet has none)
}

// readIPv4 reads s as groups of decimal digits separated by "." in one pass, and reports
// false when s holds another byte.
func readIPv4(s string) (ipv4Shape, bool) {
	v := ipv4Shape{empty: -1}
	n, digits, start := 0, 0, 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if digits == 0 && v.empty < 0 {
				v.empty = i
			}
			if v.groups < 4 {
				v.start[v.groups] = start
				if n > 255 {
					v.over |= 1 << v.groups
				}
			}
			if digits > 1 && s[start] == '0' {
				v.lead = true
			}
			v.groups++
			n, digits, start = 0, 0, i+1
			continue
		}
		c := s[i]
		if c < '0' || c > '9' {
			return v, false
		}
		digits++
		if n <= 255 {
			n = n*10 + int(c-'0')
		}
	}
	return v, true
}

// isIPv4 reports whether s is RFC 3986 §3.2.2 IPv4address = dec-octet "." dec-octet "."
// dec-octet "." dec-octet, dec-octet being 0–255 without leading zeros.
func isIPv4(s string) bool {
	v, ok := readIPv4(s)
	return ok && v.groups == 4 && v.empty < 0 && v.over == 0 && !v.lead
}

// looksIPv4 reports whether s is four dot-separated groups of decimal digits.
func looksIPv4(s string) bool {
	v, ok := readIPv4(s)
	return ok && v.groups == 4 && v.empty < 0
}
