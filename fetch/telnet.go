package fetch

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func init() { register("telnet", getTelnet) }

// DefaultReadBanner is how long a telnet access without a terminal waits for more from the
// server before it ends (Options.ReadBanner).
const DefaultReadBanner = 3 * time.Second

// The Telnet commands (RFC 854, "TELNET COMMAND STRUCTURE") this client reads and writes.
const (
	telSE   = 240 // end of subnegotiation parameters
	telSB   = 250 // start of subnegotiation
	telWILL = 251
	telWONT = 252
	telDO   = 253
	telDONT = 254
	telIAC  = 255
)

// The options this client agrees to (RFC 854, "the principle of negotiation": a party may
// refuse any option it does not support). Every other request is refused: DO with WONT,
// WILL with DONT.
const (
	optEcho = 1 // ECHO (RFC 857): the server echoes what the user types; agreed when the server offers it
	optSGA  = 3 // SUPPRESS-GO-AHEAD (RFC 858): agreed in both directions, for full-duplex use
)

var telCommandNames = map[byte]string{telSE: "SE", 241: "NOP", 242: "DM", 243: "BRK", 244: "IP", 245: "AO",
	246: "AYT", 247: "EC", 248: "EL", 249: "GA", telSB: "SB", telWILL: "WILL", telWONT: "WONT", telDO: "DO", telDONT: "DONT", telIAC: "IAC"}

var telOptionNames = map[byte]string{0: "BINARY", 1: "ECHO", 3: "SGA", 5: "STATUS", 6: "TIMING-MARK", 24: "TTYPE", 31: "NAWS",
	32: "TSPEED", 33: "LFLOW", 34: "LINEMODE", 35: "XDISPLOC", 36: "OLD-ENVIRON", 37: "AUTHENTICATION", 38: "ENCRYPT", 39: "NEW-ENVIRON"}

// telName is the name of a negotiation ("DO TTYPE", "WILL 200") for the dialog.
func telName(cmd, opt byte) string {
	s := telCommandNames[cmd]
	if n, ok := telOptionNames[opt]; ok {
		return "IAC " + s + " " + n
	}
	return "IAC " + s + " " + strconv.Itoa(int(opt))
}

// telnetSession is the client side of one Telnet connection: it separates the data the
// server sends from its commands and answers the negotiations.
type telnetSession struct {
	conn net.Conn
	d    dialog
	url  string
	wmu  sync.Mutex // the writers: the negotiation answers and the user's input
	us   [256]bool  // the options enabled on this side
	him  [256]bool  // the options enabled on the server's side
	cr   bool       // the last data byte was CR (RFC 854: CR NUL is a bare CR)
	negs int        // the negotiations received (telnetMaxRecorded of them go in the dialog)
}

// telnetMaxRecorded is how many of the server's negotiations (and their answers) Result.Dialog
// records. A server may send them without end (WILL 200 refused again and again, or WILL and
// WONT ECHO in turn: RFC 854 asks an answer to each change of mode), and the dialog stays
// bounded: the later ones are answered and shown on the transcript, not kept.
const telnetMaxRecorded = 1000

// write sends p on the connection.
func (s *telnetSession) write(p []byte) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, err := s.conn.Write(p)
	return err
}

// negotiate answers one negotiation of the server (RFC 854, "GENERAL CONSIDERATIONS": a party
// acknowledges a request to change a mode only when the mode changes, so that two parties
// cannot loop).
func (s *telnetSession) negotiate(cmd, opt byte) error {
	s.negs++
	record := s.negs <= telnetMaxRecorded
	if s.negs == telnetMaxRecorded+1 {
		s.d.remark("more than %d negotiations: the next ones are answered, shown here, and not recorded", telnetMaxRecorded)
	}
	if record {
		s.d.reply(telName(cmd, opt))
	} else {
		s.d.show("< ", telName(cmd, opt))
	}
	var answer byte
	switch cmd {
	case telWILL:
		if s.him[opt] {
			return nil
		}
		if opt == optEcho || opt == optSGA {
			s.him[opt], answer = true, telDO
		} else {
			answer = telDONT
		}
	case telWONT:
		if !s.him[opt] {
			return nil
		}
		s.him[opt], answer = false, telDONT
	case telDO:
		if s.us[opt] {
			return nil
		}
		if opt == optSGA {
			s.us[opt], answer = true, telWILL
		} else {
			answer = telWONT
		}
	case telDONT:
		if !s.us[opt] {
			return nil
		}
		s.us[opt], answer = false, telWONT
	}
	if record {
		s.d.sent(telName(answer, opt))
	} else {
		s.d.show("> ", telName(answer, opt))
	}
	return s.write([]byte{telIAC, answer, opt})
}

// telnetState is where the reader is in the server's byte stream.
type telnetState int

const (
	tsData  telnetState = iota
	tsIAC               // after IAC
	tsOpt               // after IAC WILL/WONT/DO/DONT
	tsSB                // in a subnegotiation
	tsSBIAC             // IAC in a subnegotiation
)

// copyOut reads the server's bytes from r until it ends or read fails, writes the data to w
// and answers the negotiations. RFC 854: "IAC IAC" is a data byte 255; a subnegotiation
// (IAC SB … IAC SE) of an option this client refused is skipped, at most MaxLine bytes of it.
func (s *telnetSession) copyOut(r io.Reader, w io.Writer) error {
	buf := make([]byte, 4096)
	out := make([]byte, 0, 4096)
	state, cmd, sbLen := tsData, byte(0), 0
	for {
		n, rerr := r.Read(buf)
		out = out[:0]
		for _, c := range buf[:n] {
			switch state {
			case tsData:
				switch {
				case c == telIAC:
					state = tsIAC
				case c == 0 && s.cr: // CR NUL: a bare CR
				default:
					out = append(out, c)
				}
				s.cr = c == '\r'
			case tsIAC:
				switch c {
				case telIAC:
					out = append(out, c)
					state = tsData
				case telWILL, telWONT, telDO, telDONT:
					cmd, state = c, tsOpt
				case telSB:
					state, sbLen = tsSB, 0
				default: // NOP, GA, DM, …: nothing to do for a client that prints
					state = tsData
				}
			case tsOpt:
				if len(out) > 0 {
					if _, err := w.Write(out); err != nil {
						return err
					}
					out = out[:0]
				}
				if err := s.negotiate(cmd, c); err != nil {
					return err
				}
				state = tsData
			case tsSB, tsSBIAC:
				sbLen++
				if sbLen > MaxLine {
					return &Error{URL: s.url, Kind: KindProtocol, Code: "telnet-sb", Rule: "RFC 854",
						Message: "a subnegotiation longer than " + strconv.Itoa(MaxLine) + " bytes"}
				}
				switch {
				case state == tsSBIAC && c == telSE:
					state = tsData
				case state == tsSBIAC:
					state = tsSB
				case c == telIAC:
					state = tsSBIAC
				}
			}
		}
		if len(out) > 0 {
			if _, err := w.Write(out); err != nil {
				return err
			}
		}
		if rerr != nil {
			return rerr
		}
	}
}

// telnetOpen plans u, records the advisory user name and password (RFC 1738 §3.8: "merely
// advise the user") as remarks, and connects.
func telnetOpen(ctx context.Context, c *Client, u locator.URL, r *Result) (*telnetSession, []string, error) {
	p, err := scheme.PlanFor(u)
	if err != nil {
		return nil, nil, planError(u.String(), err)
	}
	d := dialog{c, r}
	var advice []string
	for i, st := range p.Steps {
		if st.Note == "" {
			continue
		}
		d.remark("%s", st.Note)
		// The notes between the connection and the negotiation rule are the advisories.
		if i > 0 && st.Note != scheme.TelnetNegotiationNote {
			advice = append(advice, st.Note)
		}
	}
	conn, err := c.dial(ctx, u, "telnet", p.Host, p.Port)
	if err != nil {
		return nil, advice, err
	}
	return &telnetSession{conn: conn, d: d, url: u.String()}, advice, nil
}

// getTelnet is the access without a terminal (RFC 1738 §3.8; RFC 854): connect, answer the
// negotiations, and write what the server sends (its banner, a login prompt) to w until it
// has been quiet for Options.ReadBanner (DefaultReadBanner), the server closes, or the
// client's Timeout has passed in all.
func getTelnet(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error {
	s, _, err := telnetOpen(ctx, c, u, r)
	if err != nil {
		return err
	}
	defer s.conn.Close()
	stop := context.AfterFunc(ctx, func() { s.conn.Close() })
	defer stop()
	quiet := c.opts.ReadBanner
	if quiet <= 0 {
		quiet = DefaultReadBanner
	}
	raw := s.conn
	if ic, ok := raw.(*idleConn); ok {
		raw = ic.Conn // the banner's own deadlines, not the idle timeout
	}
	end := time.Now().Add(c.timeout())
	b := c.newBody(w, u.String(), -1)
	err = s.copyOut(readerFunc(func(p []byte) (int, error) {
		dl := time.Now().Add(quiet)
		if dl.After(end) {
			dl = end
		}
		_ = raw.SetReadDeadline(dl)
		return raw.Read(p)
	}), b)
	b.done(r)
	var ne net.Error
	switch {
	case err == nil, errors.Is(err, io.EOF), errors.As(err, &ne) && ne.Timeout(), errors.Is(err, os.ErrDeadlineExceeded):
		if ctx.Err() != nil {
			return canceled(ctx, u.String(), ctx.Err())
		}
		return nil
	}
	var fe *Error
	if errors.As(err, &fe) {
		return fe
	}
	return &Error{URL: u.String(), Kind: KindProtocol, Code: "telnet", Rule: "RFC 854", Message: "the session failed", Err: err}
}

// readerFunc is a function as an io.Reader.
type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// Interact runs an interactive Telnet session (RFC 854) for the telnet URL rawURL: it writes
// the advisory user name and password (RFC 1738 §3.8) to out as "* " lines, connects, and
// then copies what the server sends to out and what the user types from in to the server,
// answering the negotiations (the client agrees to the server's ECHO and to
// SUPPRESS-GO-AHEAD, and refuses every other option). Input bytes are sent as they are but
// IAC, doubled (IAC IAC, RFC 854), and a line feed not preceded by CR, sent as CR LF (the
// Telnet end of line, RFC 854 "THE NVT PRINTER AND KEYBOARD"). The caller puts a terminal in
// raw mode if it wants one. The session ends when the server closes the connection, ctx is
// done, or in ends and the server then sends nothing for Options.ReadBanner.
func Interact(ctx context.Context, rawURL string, in io.Reader, out io.Writer, o Options) (*Result, error) {
	r := &Result{URL: rawURL, Scheme: "telnet", Total: -1}
	u, err := locator.ParseAs(rawURL, locator.RFC1738)
	if err != nil {
		return r, notURL(rawURL, err)
	}
	if !u.IsScheme("telnet") {
		return r, &Error{URL: rawURL, Kind: KindInvalid, Code: "wrong-scheme", Rule: "RFC 1738 §3.8", Message: "not a telnet URL"}
	}
	c := NewClient(o)
	defer c.Close()
	s, advice, err := telnetOpen(ctx, c, u, r)
	for _, a := range advice {
		if _, werr := io.WriteString(out, "* "+a+"\r\n"); werr != nil && err == nil {
			err = werr
		}
	}
	if err != nil {
		return r, err
	}
	defer s.conn.Close()
	stop := context.AfterFunc(ctx, func() { s.conn.Close() })
	defer stop()
	raw := s.conn
	if ic, ok := raw.(*idleConn); ok {
		raw = ic.Conn // an interactive session may be quiet for long
	}
	quiet := o.ReadBanner
	if quiet <= 0 {
		quiet = DefaultReadBanner
	}
	go func() {
		br := bufio.NewReader(in)
		var last byte
		for {
			ch, err := br.ReadByte()
			if err != nil {
				// The input ended: give the server quiet to answer, then end.
				_ = raw.SetReadDeadline(time.Now().Add(quiet))
				return
			}
			var p []byte
			switch {
			case ch == telIAC:
				p = []byte{telIAC, telIAC}
			case ch == '\n' && last != '\r':
				p = []byte{'\r', '\n'}
			default:
				p = []byte{ch}
			}
			last = ch
			if s.write(p) != nil {
				return
			}
		}
	}()
	err = s.copyOut(raw, out)
	var ne net.Error
	if err == nil || errors.Is(err, io.EOF) || errors.As(err, &ne) && ne.Timeout() || errors.Is(err, net.ErrClosed) {
		return r, nil
	}
	var fe *Error
	if errors.As(err, &fe) {
		return r, fe
	}
	return r, &Error{URL: rawURL, Kind: KindProtocol, Code: "telnet", Rule: "RFC 854", Message: "the session failed", Err: err}
}
