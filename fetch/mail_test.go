package fetch

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const mailPlain = "From: a@example.com\nTo: b@example.com\nMessage-ID: <plain.1@example.com>\nSubject: plain\n\nHello.\n>From the mbox quoting\n"

const mailMultipart = "From: a@example.com\nMessage-ID: <multi.2@example.com>\nMIME-Version: 1.0\n" +
	"Content-Type: multipart/mixed; boundary=\"outer\"\n\n" +
	"--outer\nContent-Type: text/plain\n\nThe text.\n" +
	"--outer\nContent-Type: multipart/related; boundary=\"inner\"\n\n" +
	"--inner\nContent-Type: text/html\nContent-ID: <page@example.com>\n\n<img src=\"cid:logo@example.com\">\n" +
	"--inner\nContent-Type: image/png\nContent-ID: <logo@example.com>\nContent-Transfer-Encoding: base64\n\naGVs\nbG8=\n" +
	"--inner\nContent-Type: text/plain; charset=utf-8\nContent-ID: <qp@example.com>\nContent-Transfer-Encoding: quoted-printable\n\ncaf=C3=A9 =\nau lait\n" +
	"--inner--\n--outer--\n"

// mailboxes writes the two messages as an mbox file (mboxrd quoting) and as a Maildir.
func mailboxes(t *testing.T) (mbox, maildir string) {
	dir := t.TempDir()
	mbox = filepath.Join(dir, "mbox")
	quoted := strings.Replace(mailPlain, "\n>From ", "\n>>From ", 1)
	data := "From a@example.com Mon Jan  1 00:00:00 2024\n" + quoted + "\n" +
		"From a@example.com Mon Jan  1 00:00:01 2024\n" + mailMultipart + "\n"
	if err := os.WriteFile(mbox, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	maildir = filepath.Join(dir, "Maildir")
	for _, sub := range []string{"cur", "new", "tmp"} {
		if err := os.MkdirAll(filepath.Join(maildir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(maildir, "cur", "1.host:2,S"), []byte(mailPlain), 0o644)
	os.WriteFile(filepath.Join(maildir, "new", "2.host"), []byte(mailMultipart), 0o644)
	return mbox, maildir
}

func TestMidCid(t *testing.T) {
	mbox, maildir := mailboxes(t)
	for _, box := range []string{mbox, maildir} {
		for _, c := range []struct{ url, want, typ string }{
			{"mid:plain.1@example.com", mailPlain, "message/rfc822"},
			{"mid:%3Cplain.1@example.com%3E", mailPlain, "message/rfc822"},
			{"mid:multi.2@example.com/logo@example.com", "hello", "image/png"},
			{"cid:logo@example.com", "hello", "image/png"},
			{"cid:page@example.com", "<img src=\"cid:logo@example.com\">", "text/html"},
			{"cid:qp@example.com", "café au lait", "text/plain; charset=utf-8"},
		} {
			var out bytes.Buffer
			res, err := Get(context.Background(), c.url, &out, Options{Mailbox: box})
			if err != nil {
				t.Errorf("%s in %s: %v", c.url, filepath.Base(box), err)
				continue
			}
			if got := strings.TrimRight(out.String(), "\n"); got != strings.TrimRight(c.want, "\n") || res.Type != c.typ {
				t.Errorf("%s in %s: %q (%s), want %q (%s)", c.url, filepath.Base(box), out.String(), res.Type, c.want, c.typ)
			}
		}
		for _, c := range []struct {
			url  string
			kind Kind
		}{
			{"mid:nothere@example.com", KindRefused},
			{"mid:plain.1@example.com/logo@example.com", KindRefused}, // the part is in another message
			{"cid:nothere@example.com", KindRefused},
		} {
			_, err := Get(context.Background(), c.url, io.Discard, Options{Mailbox: box})
			if KindOf(err) != c.kind {
				t.Errorf("%s in %s: %v, want %v", c.url, filepath.Base(box), err, c.kind)
			}
		}
	}
	if _, err := Get(context.Background(), "mid:a@b", io.Discard, Options{}); KindOf(err) != KindLocal {
		t.Errorf("no mailbox: %v", err)
	}
	if _, err := Get(context.Background(), "mid:a@b", io.Discard, Options{Mailbox: filepath.Join(t.TempDir(), "none")}); KindOf(err) != KindLocal {
		t.Errorf("missing mailbox: %v", err)
	}
	if _, err := Get(context.Background(), "mid:plain.1@example.com", io.Discard, Options{Mailbox: mbox, MaxSize: 10}); KindOf(err) != KindSafety {
		t.Errorf("size limit: %v", err)
	}
}
