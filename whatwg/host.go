package whatwg

import (
	"slices"
	"strconv"
	"unicode/utf8"
)

// Rules cited by the host parsing code.
const (
	ruleHostParser   = "WHATWG URL §3.5 host parser"
	ruleOpaqueHost   = "WHATWG URL §3.5 opaque-host parser"
	ruleIPv4Parser   = "WHATWG URL §3.5 IPv4 parser"
	ruleIPv6Parser   = "WHATWG URL §3.5 IPv6 parser"
	ruleDomainParser = "WHATWG URL §3.3 domain parser"
)

// isASCII reports whether s is an ASCII string.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// parseHost implements the host parser (§3.5) with isOpaque, appending the serialized host
// (§3.6 host serializer) to dst. off is the byte offset of input in the parser's input, for
// errors.
func (p *parser) parseHost(dst []byte, input string, isOpaque bool, off int) ([]byte, *Error) {
	// 1. If input starts with U+005B ([), then:
	if len(input) > 0 && input[0] == '[' {
		// 1.1 If input does not end with U+005D (]), IPv6-unclosed validation error, return failure.
		if input[len(input)-1] != ']' {
			return dst, p.fail(IPv6Unclosed, off, ruleHostParser)
		}
		// 1.2 Return the result of IPv6 parsing input without its brackets.
		addr, err := p.parseIPv6(input[1:len(input)-1], off+1)
		if err != nil {
			return dst, err
		}
		dst = append(dst, '[')
		dst = appendIPv6(dst, &addr)
		return append(dst, ']'), nil
	}
	// 2. If isOpaque is true, then return the result of opaque-host parsing input.
	if isOpaque {
		return p.parseOpaqueHost(dst, input, off)
	}
	// 3. Assert: input is not the empty string. (The callers check.)
	if !p.collect {
		// The common case, in one pass: an ASCII domain without "%", which steps 4–9 and the
		// domain parser (beStrict false) only lowercase and check for forbidden domain code
		// points.
		start := len(dst)
		simple, forbidden := true, false
		for i := 0; i < len(input); i++ {
			c := input[i]
			if c >= 0x80 || c == '%' {
				simple = false
				break
			}
			forbidden = forbidden || forbiddenDomainTab[c]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
		if simple && forbidden {
			return dst[:start], p.fail(DomainToASCII, off, ruleDomainParser)
		}
		if simple {
			if endsInANumber(dst[start:]) {
				v, err := p.parseIPv4(dst[start:], off)
				if err != nil {
					return dst[:start], err
				}
				return appendIPv4(dst[:start], v), nil
			}
			return dst, nil
		}
		dst = dst[:start]
	}
	// 4. If input contains a percent-encoded byte, domain-percent-encoded validation error.
	// 5. Let domain be the result of running UTF-8 decode without BOM on the percent-decoding of
	// input.
	domain := input
	for i := 0; i < len(input); i++ {
		if input[i] == '%' && i+2 < len(input) && isHex(input[i+1]) && isHex(input[i+2]) {
			p.report(DomainPercentEncoded, off+i, ruleHostParser)
			p.dbuf = appendPercentDecoded(slices.Grow(p.dbuf[:0], len(input)), input)
			domain = bstr(p.dbuf)
			break
		}
	}
	ascii := isASCII(domain)
	if !ascii && !utf8.ValidString(domain) {
		// UTF-8 decode without BOM turns the invalid bytes into U+FFFD, which Unicode ToASCII
		// disallows, so the domain parser fails (the note under step 5).
		return dst, p.fail(DomainToASCII, off, ruleDomainParser)
	}
	// 6. Let asciiDomain be the result of running the domain parser with domain and false.
	// 7. If asciiDomain is failure, then return failure.
	start := len(dst)
	dst, err := p.domainParser(dst, domain, ascii, off)
	if err != nil {
		return dst[:start], err
	}
	asciiDomain := dst[start:]
	// 8. If asciiDomain ends in a number:
	if endsInANumber(asciiDomain) {
		// 8.1 If domain is not an ASCII string, IPv4-non-ASCII-input validation error.
		if !ascii {
			p.report(IPv4NonASCIIInput, off, ruleHostParser)
		}
		// 8.2 Return the result of IPv4 parsing asciiDomain.
		v, err := p.parseIPv4(asciiDomain, off)
		if err != nil {
			return dst[:start], err
		}
		return appendIPv4(dst[:start], v), nil
	}
	// 9. Return asciiDomain.
	return dst, nil
}

// domainParser implements the domain parser (§3.3 IDNA) with beStrict false, appending the
// result to dst. Its domain to ASCII is Unicode ToASCII of UTS #46 as uts46ToASCII implements
// it, on the Unicode version of uts46_tables.go.
func (p *parser) domainParser(dst []byte, domain string, ascii bool, off int) ([]byte, *Error) {
	// 1–2. strictResult, only to report domain-to-ASCII; it costs a second ToASCII, so it runs
	// only when validation errors are collected.
	if p.collect {
		var rule string
		p.idna.out, rule = uts46ToASCII(p.idna.out[:0], domain, true, &p.idna)
		if rule != "" {
			p.report(DomainToASCII, off, ruleDomainParser+": "+rule)
		}
	}
	start := len(dst)
	if ascii {
		// 5. If domain is an ASCII string, then set result to domain, lowercased.
		for i := 0; i < len(domain); i++ {
			c := domain[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
	} else {
		// 6. Otherwise, set result to domain parser ToASCII with domain and false; failure → failure.
		var rule string
		dst, rule = uts46ToASCII(dst, domain, false, &p.idna)
		if rule == ruleIDNALimit {
			return dst, p.fail(DomainToASCII, off, rule)
		}
		if rule != "" {
			return dst, p.fail(DomainToASCII, off, ruleDomainParser+": "+rule)
		}
	}
	res := dst[start:]
	// 7. If result is the empty string, then return failure.
	if len(res) == 0 {
		return dst, p.fail(DomainToASCII, off, ruleDomainParser)
	}
	// 8. If result contains a forbidden domain code point, then return failure.
	for i := 0; i < len(res); i++ {
		if forbiddenDomainTab[res[i]] {
			// The standard names no validation error for this step; the table's example for
			// domain-to-ASCII ("https://exa%23mple.org") fails here.
			return dst, p.fail(DomainToASCII, off, ruleDomainParser)
		}
	}
	return dst, nil
}

// maxIDNALabel is the longest label, in bytes after UTS #46 mapping and normalization, that
// needs Punycode (one with a non-ASCII code point, or an xn-- label) that the domain parser
// converts. A longer one fails with domain-to-ASCII (so does one longer than 4×maxIDNALabel
// bytes after mapping, before normalization): a limit of this package, not of the standard,
// since Punycode encoding and decoding take time quadratic in a label's length. No label
// longer than this gives a DNS label (at most 63 bytes, RFC 1034 §3.1; a code point is at
// most 4 bytes).
const maxIDNALabel = 4*63 + 4

const ruleIDNALimit = "locator whatwg limits: a label of more than 256 bytes that needs Punycode"

// endsInANumber implements the ends in a number checker (§3.5).
func endsInANumber[T string | []byte](input T) bool {
	// 2–3. Strictly split on "."; drop a last empty item.
	end := len(input)
	if end > 0 && input[end-1] == '.' {
		end--
	}
	start := end
	for start > 0 && input[start-1] != '.' {
		start--
	}
	last := input[start:end]
	// 5. If last is not the empty string and contains only ASCII digits, then return true.
	if len(last) == 0 {
		return false
	}
	digits := true
	for i := 0; i < len(last); i++ {
		if c := last[i]; c < '0' || c > '9' {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	// 6. If parsing last as an IPv4 number does not return failure, then return true: that is
	// "0x" or "0X" followed by zero or more ASCII hex digits.
	if len(last) >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X') {
		for i := 2; i < len(last); i++ {
			if !isHex(last[i]) {
				return false
			}
		}
		return true
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func hexVal(c byte) uint64 {
	switch {
	case c <= '9':
		return uint64(c - '0')
	case c >= 'a':
		return uint64(c-'a') + 10
	}
	return uint64(c-'A') + 10
}

// parseIPv4Number implements the IPv4 number parser (§3.5). It returns the number (saturated
// above 2^32, which is out of range for every use), whether the validation error flag is set, and
// whether it parsed.
func parseIPv4Number(input []byte) (uint64, bool, bool) {
	// 1. If input is the empty string, then return failure.
	if len(input) == 0 {
		return 0, false, false
	}
	validationError := false
	r := uint64(10)
	if len(input) >= 2 && input[0] == '0' && (input[1] == 'x' || input[1] == 'X') {
		// 4. "0x"/"0X": radix 16.
		validationError, input, r = true, input[2:], 16
	} else if len(input) >= 2 && input[0] == '0' {
		// 5. a leading "0": radix 8.
		validationError, input, r = true, input[1:], 8
	}
	// 6. If input is the empty string, then return (0, true).
	if len(input) == 0 {
		return 0, true, true
	}
	var out uint64
	for _, c := range input {
		// 7. If input contains a code point that is not a radix-R digit, then return failure.
		var d uint64
		switch {
		case r == 10 && '0' <= c && c <= '9', r == 8 && '0' <= c && c <= '7':
			d = uint64(c - '0')
		case r == 16 && isHex(c):
			d = hexVal(c)
		default:
			return 0, false, false
		}
		// 8. output: the mathematical integer value (saturated).
		out = out*r + d
		if out > 1<<40 {
			out = 1 << 40
		}
	}
	return out, validationError, true
}

// parseIPv4 implements the IPv4 parser (§3.5) on an ASCII string.
func (p *parser) parseIPv4(input []byte, off int) (uint32, *Error) {
	// 1. Let parts be the result of strictly splitting input on U+002E (.).
	// 2. If the last item in parts is the empty string (input is empty or ends in "."):
	// IPv4-empty-part validation error; remove it if parts's size is greater than 1. This
	// comes before step 4, which fails on too many parts: "1.2.3.4.5." reports both.
	if len(input) == 0 || input[len(input)-1] == '.' {
		p.report(IPv4EmptyPart, off, ruleIPv4Parser)
		if len(input) > 0 {
			input = input[:len(input)-1]
		}
	}
	var parts [4][]byte
	n := 0
	start := 0
	for i := 0; i <= len(input); i++ {
		if i == len(input) || input[i] == '.' {
			if n == len(parts) {
				// 4. If parts's size is greater than 4, IPv4-too-many-parts validation error,
				// return failure.
				return 0, p.fail(IPv4TooManyParts, off, ruleIPv4Parser)
			}
			parts[n] = input[start:i]
			n++
			start = i + 1
		}
	}
	// 3. If parts's size is less than 4, IPv4-too-few-parts validation error.
	if n < 4 {
		p.report(IPv4TooFewParts, off, ruleIPv4Parser)
	}
	// 4. (More than 4 parts failed above.)
	// 5–6. numbers
	var numbers [4]uint64
	for i := 0; i < n; i++ {
		v, verr, ok := parseIPv4Number(parts[i])
		if !ok {
			return 0, p.fail(IPv4NonNumericPart, off, ruleIPv4Parser)
		}
		if verr {
			// 6.3 One IPv4-non-decimal-part validation error for each such part, all at the
			// host's start like the parser's other errors: reportEach, which does not merge
			// them as the same error at the same place.
			p.reportEach(IPv4NonDecimalPart, off, ruleIPv4Parser)
		}
		numbers[i] = v
	}
	// 7. If any item in numbers is greater than 255, IPv4-out-of-range-part validation error.
	for i := 0; i < n; i++ {
		if numbers[i] > 255 {
			p.report(IPv4OutOfRangePart, off, ruleIPv4Parser)
			break
		}
	}
	// 8. If any but the last item in numbers is greater than 255, then return failure.
	for i := 0; i < n-1; i++ {
		if numbers[i] > 255 {
			return 0, p.fail(IPv4OutOfRangePart, off, ruleIPv4Parser)
		}
	}
	// 9. If the last item is ≥ 256^(5 − size), then return failure.
	if numbers[n-1] >= 1<<(8*(5-n)) {
		return 0, p.fail(IPv4OutOfRangePart, off, ruleIPv4Parser)
	}
	// 10–14.
	ipv4 := numbers[n-1]
	for i := 0; i < n-1; i++ {
		ipv4 += numbers[i] << (8 * (3 - i))
	}
	return uint32(ipv4), nil
}

// appendIPv4 implements the IPv4 serializer (§3.6).
func appendIPv4(dst []byte, v uint32) []byte {
	for i := 3; i >= 0; i-- {
		dst = strconv.AppendUint(dst, uint64(v>>(8*i))&255, 10)
		if i != 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}

// parseIPv6 implements the IPv6 parser (§3.5). off is the offset of input for errors.
func (p *parser) parseIPv6(input string, off int) ([8]uint16, *Error) {
	var address [8]uint16
	pieceIndex := 0
	compress := -1
	ptr := 0
	c := func() int {
		if ptr < len(input) {
			return int(input[ptr])
		}
		return -1
	}
	fail := func(code Code) ([8]uint16, *Error) {
		return address, p.fail(code, off+ptr, ruleIPv6Parser)
	}
	// 5. If c is U+003A (:), then:
	if c() == ':' {
		if ptr+1 >= len(input) || input[ptr+1] != ':' {
			return fail(IPv6InvalidCompression)
		}
		ptr += 2
		pieceIndex++
		compress = pieceIndex
	}
	// 6. While c is not the EOF code point:
	for c() != -1 {
		if pieceIndex == 8 {
			return fail(IPv6TooManyPieces)
		}
		if c() == ':' {
			if compress != -1 {
				return fail(IPv6MultipleCompression)
			}
			ptr++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length := 0, 0
		for length < 4 && c() != -1 && isHex(byte(c())) {
			value = value*16 + int(hexVal(byte(c())))
			ptr++
			length++
		}
		if c() == '.' {
			// IPv4 in IPv6
			if length == 0 {
				return fail(IPv4InIPv6InvalidCodePoint)
			}
			ptr -= length
			if pieceIndex > 6 {
				return fail(IPv4InIPv6TooManyPieces)
			}
			numbersSeen := 0
			for c() != -1 {
				ipv4Piece := -1
				if numbersSeen > 0 {
					if c() == '.' && numbersSeen < 4 {
						ptr++
					} else {
						return fail(IPv4InIPv6InvalidCodePoint)
					}
				}
				if c() == -1 || c() < '0' || c() > '9' {
					return fail(IPv4InIPv6InvalidCodePoint)
				}
				for c() != -1 && c() >= '0' && c() <= '9' {
					number := c() - '0'
					if ipv4Piece == -1 {
						ipv4Piece = number
					} else if ipv4Piece == 0 {
						return fail(IPv4InIPv6InvalidCodePoint)
					} else {
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						return fail(IPv4InIPv6OutOfRangePart)
					}
					ptr++
				}
				address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return fail(IPv4InIPv6TooFewParts)
			}
			break
		} else if c() == ':' {
			ptr++
			if c() == -1 {
				return fail(IPv6InvalidCodePoint)
			}
		} else if c() != -1 {
			return fail(IPv6InvalidCodePoint)
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			p.report(IPv6PieceLeadingZero, off+ptr, ruleIPv6Parser)
		}
		address[pieceIndex] = uint16(value)
		pieceIndex++
	}
	// 7. If compress is non-null, then swap.
	if compress != -1 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			address[pieceIndex], address[compress+swaps-1] = address[compress+swaps-1], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		// 8. IPv6-too-few-pieces validation error, return failure.
		return fail(IPv6TooFewPieces)
	}
	return address, nil
}

// appendIPv6 implements the IPv6 serializer (§3.6): lower-case hex, the first longest run of two
// or more zero pieces compressed to "::".
func appendIPv6(dst []byte, a *[8]uint16) []byte {
	// "finding the IPv6 address compressed piece index"
	compress, best := -1, 1
	for i := 0; i < 8; {
		if a[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-i > best {
			compress, best = i, j-i
		}
		i = j
	}
	ignore0 := false
	for i := 0; i < 8; i++ {
		if ignore0 && a[i] == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				dst = append(dst, "::"...)
			} else {
				dst = append(dst, ':')
			}
			ignore0 = true
			continue
		}
		dst = strconv.AppendUint(dst, uint64(a[i]), 16)
		if i != 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}

// parseOpaqueHost implements the opaque-host parser (§3.5).
func (p *parser) parseOpaqueHost(dst []byte, input string, off int) ([]byte, *Error) {
	// 1. If input contains a forbidden host code point, host-invalid-code-point validation
	// error, return failure.
	for i := 0; i < len(input); i++ {
		if forbiddenHostTab[input[i]] {
			return dst, p.fail(HostInvalidCodePoint, off+i, ruleOpaqueHost)
		}
	}
	// 2. If input contains a code point that is not a URL code point and not "%",
	// invalid-URL-unit validation error.
	// 3. If input contains a "%" not followed by two ASCII hex digits, invalid-URL-unit
	// validation error.
	// Each step reports at most one error ("if input contains"), at the first such code point
	// (the path and query states report one for each code point, as their steps say).
	if p.collect {
		unit, pct := false, false
		for i := 0; i < len(input) && !(unit && pct); i++ {
			c := input[i]
			switch {
			case c == '%':
				if !pct && (i+2 >= len(input) || !isHex(input[i+1]) || !isHex(input[i+2])) {
					pct = true
					p.report(InvalidURLUnit, off+i, ruleOpaqueHost)
				}
			case c < 0x80:
				if !unit && !urlUnitASCII[c] {
					unit = true
					p.report(InvalidURLUnit, off+i, ruleOpaqueHost)
				}
			case c&0xc0 != 0x80: // a lead byte; continuation bytes go with it
				if r, _ := utf8.DecodeRuneInString(input[i:]); !unit && !isURLCodePoint(r) {
					unit = true
					p.report(InvalidURLUnit, off+i, ruleOpaqueHost)
				}
			}
		}
	}
	// 4. UTF-8 percent-encode input using the C0 control percent-encode set.
	return appendEncoded(dst, input, &c0Tab), nil
}
