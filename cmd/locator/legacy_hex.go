package main

// appendHex appends v as digits lower-case hexadecimal digits. Only extract.go's
// appendEscaped uses it; delete it when extract renders through internal/display.
func appendHex(b []byte, v uint32, digits int) []byte {
	const hex = "0123456789abcdef"
	for i := digits - 1; i >= 0; i-- {
		b = append(b, hex[(v>>(4*uint(i)))&15])
	}
	return b
}
