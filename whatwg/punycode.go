package whatwg

// Punycode (RFC 3492), the encoding of the "xn--" labels of UTS #46. The decoder follows npm
// punycode 2.3.1, which the reference implementation (npm tr46) uses: the basic code points are
// those before the last "-" (none when there is no "-", or when it is the first byte), digits
// are letters of either case or ASCII digits, and any arithmetic past 2^31−1 is an error.

const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
	punyMaxInt      = 1<<31 - 1
)

// punyAdapt is the bias adaptation function of RFC 3492.
func punyAdapt(delta, numPoints int, first bool) int {
	if first {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((punyBase-punyTMin)*punyTMax)/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}

// punyDigit is the value of a Punycode digit, or punyBase for a byte that is none.
func punyDigit(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c-'0') + 26
	case 'A' <= c && c <= 'Z':
		return int(c - 'A')
	case 'a' <= c && c <= 'z':
		return int(c - 'a')
	}
	return punyBase
}

// punyDecode appends to out the code points that the Punycode s (without "xn--") decodes to,
// and reports whether it is valid. It takes time O(len(s) × len(out)): callers bound len(s).
// A decoded value that is no Unicode scalar value (a surrogate, or past U+10FFFF) is an error.
func punyDecode(out []rune, s string) ([]rune, bool) {
	start := len(out)
	basic := 0
	for j := len(s) - 1; j >= 0; j-- {
		if s[j] == '-' {
			basic = j
			break
		}
	}
	for j := 0; j < basic; j++ {
		if s[j] >= 0x80 {
			return out, false
		}
		out = append(out, rune(s[j]))
	}
	n, bias, i := punyInitialN, punyInitialBias, 0
	index := 0
	if basic > 0 {
		index = basic + 1
	}
	for index < len(s) {
		oldi, w := i, 1
		for k := punyBase; ; k += punyBase {
			if index >= len(s) {
				return out, false
			}
			digit := punyDigit(s[index])
			index++
			if digit >= punyBase || digit > (punyMaxInt-i)/w {
				return out, false
			}
			i += digit * w
			t := k - bias
			if k <= bias {
				t = punyTMin
			} else if k >= bias+punyTMax {
				t = punyTMax
			}
			if digit < t {
				break
			}
			if w > punyMaxInt/(punyBase-t) {
				return out, false
			}
			w *= punyBase - t
		}
		count := len(out) - start + 1
		bias = punyAdapt(i-oldi, count, oldi == 0)
		if i/count > punyMaxInt-n {
			return out, false
		}
		n += i / count
		i %= count
		if n > 0x10FFFF || 0xD800 <= n && n <= 0xDFFF {
			return out, false
		}
		out = append(out, 0)
		copy(out[start+i+1:], out[start+i:])
		out[start+i] = rune(n)
		i++
	}
	return out, true
}

// punyEncode appends the Punycode of the code points in (without "xn--") to dst and reports
// whether it could: as in npm punycode, a delta past 2^31−1 is an overflow. It takes time
// O(len(in) × the number of distinct code points): callers bound len(in).
func punyEncode(dst []byte, in []rune) ([]byte, bool) {
	b := 0
	for _, r := range in {
		if r < 0x80 {
			dst = append(dst, byte(r))
			b++
		}
	}
	h := b
	if b > 0 {
		dst = append(dst, '-')
	}
	n, delta, bias := punyInitialN, 0, punyInitialBias
	for h < len(in) {
		m := punyMaxInt
		for _, r := range in {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		if m-n > (punyMaxInt-delta)/(h+1) {
			return dst, false
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range in {
			if int(r) < n {
				if delta++; delta > punyMaxInt {
					return dst, false
				}
			}
			if int(r) == n {
				q := delta
				for k := punyBase; ; k += punyBase {
					t := k - bias
					if k <= bias {
						t = punyTMin
					} else if k >= bias+punyTMax {
						t = punyTMax
					}
					if q < t {
						break
					}
					dst = append(dst, punyEncodeDigit(t+(q-t)%(punyBase-t)))
					q = (q - t) / (punyBase - t)
				}
				dst = append(dst, punyEncodeDigit(q))
				bias = punyAdapt(delta, h+1, h == b)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return dst, true
}

func punyEncodeDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}
