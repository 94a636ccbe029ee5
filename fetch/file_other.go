//go:build !unix

package fetch

// openNonblock is 0 where there are no FIFOs to open without blocking (file_unix.go).
const openNonblock = 0
