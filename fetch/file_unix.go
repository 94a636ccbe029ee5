//go:build unix

package fetch

import "syscall"

// openNonblock is the flag getFile opens a local file with: O_NONBLOCK, so that opening a
// FIFO or a device that would wait (for a writer, a carrier) returns at once and is refused
// by the mode check after it, rather than block past --timeout and Ctrl-C (RFC 8089 §5). It
// has no effect on reading a regular file or a directory.
const openNonblock = syscall.O_NONBLOCK
