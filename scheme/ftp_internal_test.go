package scheme

import (
	"testing"

	"github.com/locator-url/locator"
)

// TestFTPPathHasIAC: ftpPathHasIAC, which the quick check of ftp URLs needs (see its doc),
// says whether checkFTP warns of a 0xFF escape in the path.
func TestFTPPathHasIAC(t *testing.T) {
	for _, in := range []string{"ftp://h/%ff", "ftp://h/%FF", "ftp://h/%fF", "ftp://h/%Ff", "ftp://h/a%25ff", "ftp://h/%f0",
		"ftp://h/%0f", "ftp://h/a/b%ff;type=a", "ftp://h/a?b%FF", "ftp://h/a#%ff", "ftp://h/", "ftp://u%ff@h/a", "ftp://h/%2f%ff",
		"ftp://h/%fe", "ftp://h/%%ff"} {
		u, err := locator.Parse(in)
		if err != nil {
			continue
		}
		warns := false
		for _, f := range checkFTP(u) {
			warns = warns || (f.Code == CodeTelnetIAC && f.Offset >= u.Offsets().Path.Start)
		}
		if got := ftpPathHasIAC(u); got != warns {
			t.Errorf("ftpPathHasIAC(%q) = %v; checkFTP warns of the path: %v", in, got, warns)
		}
	}
}
