package fetch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
)

func init() {
	register("mid", getMail)
	register("cid", getMail)
}

// maxMIMEDepth bounds the nesting of multipart bodies searched for a Content-ID.
const maxMIMEDepth = 20

// getMail finds, in the mailbox Options.Mailbox (an mbox file or a Maildir), the message a
// mid URL names by its Message-ID (RFC 822 §4.6.1; the 1994 URL draft, midaddress), or the
// MIME body part a cid URL (or a mid URL with a content-id, RFC 2392 §2) names by its
// Content-ID (RFC 2045 §7). A message is written as it is stored; a body part decoded
// (base64, quoted-printable), with its Content-Type as Result.Type.
func getMail(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error {
	if _, err := scheme.PlanFor(u); err != nil {
		return planError(u.String(), err)
	}
	var msgID, contentID string
	var hasCID bool
	if u.IsScheme("mid") {
		m, err := scheme.ParseMid(u)
		if err != nil {
			return planError(u.String(), err)
		}
		msgID = stripAngle(m.MessageID)
		if m.ContentID != nil {
			contentID, hasCID = stripAngle(*m.ContentID), true
		}
	} else {
		cv, err := scheme.ParseCid(u)
		if err != nil {
			return planError(u.String(), err)
		}
		contentID, hasCID = stripAngle(cv.ContentID), true
	}
	box := c.opts.Mailbox
	if box == "" {
		return &Error{URL: u.String(), Kind: KindLocal, Code: "no-mailbox", Rule: "RFC 2392 §2",
			Message: "no mailbox to look in: give an mbox file or a Maildir (Options.Mailbox, --mailbox)"}
	}
	d := dialog{c, r}
	d.remark("looking in the mailbox %s", box)
	found := false
	var werr error
	visit := func(raw []byte) (bool, error) {
		if err := ctx.Err(); err != nil {
			return true, err
		}
		m, err := mail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			return false, nil // not a message: skipped
		}
		if msgID != "" && stripAngle(strings.TrimSpace(m.Header.Get("Message-Id"))) != msgID {
			return false, nil
		}
		if !hasCID {
			found = true
			r.Type = "message/rfc822"
			b := c.newBody(w, u.String(), int64(len(raw)))
			r.Total = int64(len(raw))
			_, werr = b.Write(raw)
			b.done(r)
			return true, nil
		}
		part, ctype, ok, err := findContentID(m.Header, m.Body, contentID, 0)
		if err != nil || !ok {
			// A mid URL names one message: its part is there or nowhere.
			return msgID != "", err
		}
		found = true
		r.Type = ctype
		b := c.newBody(w, u.String(), -1)
		_, werr = io.Copy(b, part)
		b.done(r)
		return true, nil
	}
	var err error
	if fi, serr := os.Stat(box); serr != nil {
		err = serr
	} else if fi.IsDir() {
		err = walkMaildir(box, c.maxSize(), visit)
	} else {
		err = walkMbox(box, c.maxSize(), visit)
	}
	if werr != nil {
		var fe *Error
		if errors.As(werr, &fe) {
			return fe
		}
		return &Error{URL: u.String(), Kind: KindLocal, Code: "read", Message: "cannot read the body part", Err: werr}
	}
	if err != nil {
		var fe *Error
		if errors.As(err, &fe) {
			if fe.URL == "" {
				fe.URL = u.String()
			}
			return fe
		}
		return &Error{URL: u.String(), Kind: KindLocal, Code: "mailbox", Message: "cannot read the mailbox " + display.Quote(box), Err: err}
	}
	if !found {
		what := "no message with Message-ID " + display.Quote("<"+msgID+">")
		if hasCID {
			what = "no body part with Content-ID " + display.Quote("<"+contentID+">")
			if msgID != "" {
				what += " in the message " + display.Quote("<"+msgID+">")
			}
		}
		return &Error{URL: u.String(), Kind: KindRefused, Code: "not-found", Rule: "RFC 2392 §2", Message: what + " in " + display.Quote(box)}
	}
	return nil
}

// stripAngle removes one pair of enclosing "<" ">" (the ids of mid and cid URLs are written
// without them, RFC 2392 §2; a header field has them).
func stripAngle(s string) string {
	if len(s) >= 2 && s[0] == '<' && s[len(s)-1] == '>' {
		return s[1 : len(s)-1]
	}
	return s
}

// findContentID searches the entity of header h and body for the body part whose Content-ID
// is id (RFC 2045 §7), descending into multipart bodies (RFC 2046 §5.1) up to maxMIMEDepth,
// and returns its decoded body and content type.
func findContentID(h map[string][]string, body io.Reader, id string, depth int) (io.Reader, string, bool, error) {
	get := func(k string) string {
		if v := h[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	ctype := get("Content-Type")
	if ctype == "" {
		ctype = "text/plain; charset=us-ascii" // RFC 2045 §5.2
	}
	if stripAngle(strings.TrimSpace(get("Content-Id"))) == id {
		return decodeCTE(body, get("Content-Transfer-Encoding")), ctype, true, nil
	}
	mt, params, err := mime.ParseMediaType(ctype)
	if err != nil || !strings.HasPrefix(mt, "multipart/") || params["boundary"] == "" || depth >= maxMIMEDepth {
		return nil, "", false, nil
	}
	mr := multipart.NewReader(body, params["boundary"])
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			return nil, "", false, nil
		}
		if err != nil {
			return nil, "", false, nil // a broken multipart body: the part is not in it
		}
		if r, t, ok, err := findContentID(p.Header, p, id, depth+1); ok || err != nil {
			return r, t, ok, err
		}
	}
}

// decodeCTE decodes a body of the Content-Transfer-Encoding cte (RFC 2045 §6).
func decodeCTE(r io.Reader, cte string) io.Reader {
	switch strings.ToLower(strings.TrimSpace(cte)) {
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, r) // CR and LF are skipped
	case "quoted-printable":
		return quotedprintable.NewReader(r)
	}
	return r
}

// walkMaildir calls visit with each message of a Maildir ("cur" and "new", in name order),
// until visit says stop; a message larger than limit is an error.
func walkMaildir(dir string, limit int64, visit func([]byte) (bool, error)) error {
	var names []string
	for _, sub := range []string{"cur", "new"} {
		ents, err := os.ReadDir(filepath.Join(dir, sub))
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			return err
		}
		for _, e := range ents {
			if e.Type().IsRegular() {
				names = append(names, filepath.Join(dir, sub, e.Name()))
			}
		}
	}
	if names == nil {
		return errors.New("not a Maildir (no cur or new directory with messages)")
	}
	slices.Sort(names)
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			return err
		}
		raw, err := io.ReadAll(io.LimitReader(f, limit+1))
		f.Close()
		if err != nil {
			return err
		}
		if int64(len(raw)) > limit {
			return &Error{Kind: KindSafety, Code: "too-large", Rule: "locator's size limit (--max-size)",
				Message: "a message of the Maildir is larger than " + strconv.FormatInt(limit, 10) + " bytes: " + display.Quote(n)}
		}
		if stop, err := visit(raw); stop || err != nil {
			return err
		}
	}
	return nil
}

// walkMbox calls visit with each message of an mbox file: the lines after each "From " line,
// with the mboxrd quoting of "From " lines undone (">From " is "From ", ">>From " is ">From ");
// a message larger than limit, or a line longer than MaxLine, is an error.
func walkMbox(name string, limit int64, visit func([]byte) (bool, error)) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, MaxLine)
	var msg []byte
	started := false
	flush := func() (bool, error) {
		if !started {
			return false, nil
		}
		m := msg
		msg = msg[:0]
		// The empty line before the next "From " line belongs to the mbox, not the message.
		m = bytes.TrimSuffix(m, []byte("\n"))
		return visit(m)
	}
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return &Error{Kind: KindLocal, Code: "mailbox-line", Message: "a line of the mbox file is longer than " + strconv.Itoa(MaxLine) + " bytes"}
		}
		if len(line) > 0 {
			switch {
			case bytes.HasPrefix(line, []byte("From ")):
				if stop, verr := flush(); stop || verr != nil {
					return verr
				}
				started = true
			case started:
				if q := bytes.TrimLeft(line, ">"); len(q) < len(line) && bytes.HasPrefix(q, []byte("From ")) {
					line = line[1:]
				}
				msg = append(msg, line...)
				if int64(len(msg)) > limit {
					return &Error{Kind: KindSafety, Code: "too-large", Rule: "locator's size limit (--max-size)",
						Message: "a message of the mbox is larger than " + strconv.FormatInt(limit, 10) + " bytes"}
				}
			}
		}
		if err == io.EOF {
			_, verr := flush()
			return verr
		}
		if err != nil {
			return err
		}
	}
}
