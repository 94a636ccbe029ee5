package fetch

import (
	"bufio"
	"io"

	"github.com/locator-url/locator/internal/display"
)

// writeEntries writes a listing as one line per entry, "URL<TAB>type<TAB>name", each field in
// its display form (package internal/display: a TAB, a line break or any other control byte
// inside a field is escaped, so that every entry is one line of three fields).
func writeEntries(w io.Writer, es []Entry) error {
	bw := bufio.NewWriter(w)
	var b []byte
	for _, e := range es {
		b = appendEntry(b[:0], e)
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// appendEntry appends the line of one entry, "URL<TAB>type<TAB>name\n", each field in its
// display form (writeEntries).
func appendEntry(b []byte, e Entry) []byte {
	b = display.Append(b, e.URL)
	b = append(b, '\t')
	b = display.Append(b, e.Type)
	b = append(b, '\t')
	b = display.Append(b, e.Name)
	return append(b, '\n')
}

// writeEntry writes the line of one entry (appendEntry) to w, for listings written as they
// are read.
func writeEntry(w io.Writer, e Entry) error {
	_, err := w.Write(appendEntry(nil, e))
	return err
}
