package scheme

import (
	"unsafe"

	"github.com/locator-url/locator"
)

// urlView has the memory layout of locator.URL (url.go): its serialization, the offsets of
// its parts, its flags and its character summary. The hot path of CheckTo reads a URL's
// parts through it: each of locator.URL's getters has a value receiver, and a getter called
// through a *locator.URL copies the 48-byte URL first, even inlined (go build -gcflags=-S);
// httpState called seven of them. TestURLViewLayout holds the two types to the same layout and the
// offsets below to the getters' answers.
type urlView struct {
	s          string
	schemeEnd  uint32
	userEnd    uint32
	hostStart  uint32
	hostEnd    uint32
	pathStart  uint32
	queryStart uint32
	fragStart  uint32
	flags      uint16
	chars      locator.Chars
}

// The bits of urlView.flags (locator's hasScheme, hasAuthority, hasUser, hasPort, hasQuery,
// hasFragment and hasPrefix).
const (
	viewScheme    uint16 = 1 << 0
	viewAuthority uint16 = 1 << 1
	viewUser      uint16 = 1 << 2
	viewPort      uint16 = 1 << 4
	viewQuery     uint16 = 1 << 5
	viewFragment  uint16 = 1 << 6
	viewPrefix    uint16 = 1 << 7
)

// view returns u's parts as a urlView, without a copy.
func view(u *locator.URL) *urlView { return (*urlView)(unsafe.Pointer(u)) }
