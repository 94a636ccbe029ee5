package serve

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/display"
)

// gopherTypes names the gopher item types (RFC 1436 §3.8; "i" and "h", the informational and
// HTML items of later servers; "+" resolved to the primary type by fetch).
var gopherTypes = map[string]string{
	"0": "text", "1": "menu", "2": "CSO", "3": "error", "4": "BinHex", "5": "DOS binary",
	"6": "uuencoded", "7": "search", "8": "telnet", "9": "binary", "+": "mirror", "g": "GIF",
	"I": "image", "T": "tn3270", "h": "HTML", "i": "info", "s": "sound", "d": "document",
}

// listingPage is the data of a gopher menu, an FTP directory or a news group's overview.
type listingPage struct {
	Kind   string // "gopher menu", "FTP directory", "news group", "news groups"
	Items  []listItem
	Raw    string // the listing as `locator get` writes it, through the gateway
	News   bool   // the items are articles: show From and Date
	Sizes  bool   // some item has a size
	Search string // for a type 7 item's results, the search that made them
}

// listItem is one item of a listing page.
type listItem struct {
	Type     string // the item's type as the listing gives it: a gopher type, "file", "dir", …
	TypeName string // the type in words
	Name     string // the name shown
	URL      string // the item's own URL ("" for none)
	Link     string // the item's page through the gateway ("" when the gateway does not fetch it)
	Download string // the item's bytes through the gateway, for files
	Size     string // its size in bytes, when the listing gives it
	Info     bool   // a gopher info line: text, no link
	Search   bool   // a gopher search item: a form
	From     string // an article's author
	Date     string // an article's date
}

// renderListing answers with the page of a listing.
func (s *Server) renderListing(w http.ResponseWriter, r *http.Request, q gwRequest, res *fetch.Result) {
	p := listingPage{Raw: rawLink(q.url)}
	switch res.Scheme {
	case "gopher":
		p.Kind = "gopher menu"
	case "ftp":
		p.Kind = "FTP directory"
	case "news", "nntp":
		p.Kind = "news group"
	default:
		p.Kind = "listing"
	}
	for _, e := range res.Entries {
		it := listItem{Type: e.Type, Name: e.Name, URL: e.URL, TypeName: e.Type}
		if e.Size > 0 {
			it.Size = strconv.FormatInt(e.Size, 10)
			p.Sizes = true
		}
		switch res.Scheme {
		case "gopher":
			if n, ok := gopherTypes[e.Type]; ok {
				it.TypeName = n
			}
			it.Info = e.Type == "i" || e.Type == "3"
			// A search item is a form whose hidden field sends the item's URL back; a URL
			// with bytes display would escape (a host of invalid UTF-8, a control) cannot
			// make the trip through a browser's form, which replaces invalid UTF-8 with
			// U+FFFD (WHATWG Encoding, UTF-8 decode): such an item is a plain link, whose
			// "/gateway?url=…" carries every byte percent-encoded.
			it.Search = e.Type == "7" && e.URL != "" && display.String(e.URL) == e.URL
		case "news", "nntp":
			if e.Type == "group" {
				p.Kind = "news groups"
			} else {
				p.News = true
			}
			it.From, it.Date = e.Fields["from"], e.Fields["date"]
		}
		if e.URL != "" && s.gwLinkable(e.URL) {
			it.Link = gatewayLink(e.URL)
			if e.Type == "file" || res.Scheme == "gopher" && e.Type != "1" && e.Type != "7" {
				it.Download = rawLink(e.URL)
			}
		}
		p.Items = append(p.Items, it)
	}
	s.render(w, http.StatusOK, "gateway-listing", &Page{Title: p.Kind, Self: gwSelfURL(r, q), Original: q.url, Data: p})
}

// textPage is the data of a text item or an article.
type textPage struct {
	Kind    string     // "text", "article"
	Headers []gwHeader // an article's header fields (RFC 1036 §2; RFC 822 §3.1)
	Text    string     // the text (an article's body)
	Raw     string     // the bytes through the gateway
}

// showText is the display form of a text: its lines (ended by LF or CR LF) and the pieces
// between TABs each through display.String, the LFs and TABs kept.
func showText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		line = strings.TrimSuffix(line, "\r")
		for j, piece := range strings.Split(line, "\t") {
			if j > 0 {
				b.WriteByte('\t')
			}
			b.WriteString(display.String(piece))
		}
	}
	return b.String()
}

// gwHeader is one header field of an article.
type gwHeader struct{ Name, Value string }

// maxHeaders bounds the header fields of an article shown as a table; the rest stay in the text.
const maxHeaders = 200

// renderText answers with the page of a text item (preformatted), or of a news article (its
// header fields as a table, its body preformatted).
func (s *Server) renderText(w http.ResponseWriter, r *http.Request, q gwRequest, res *fetch.Result, b []byte) {
	p := textPage{Kind: "text", Text: string(b), Raw: rawLink(q.url)}
	if res.Scheme == "news" || res.Scheme == "nntp" {
		p.Kind = "article"
		p.Headers, p.Text = splitArticle(p.Text)
	}
	title := "text"
	if p.Kind == "article" {
		title = "article"
		for _, h := range p.Headers {
			if strings.EqualFold(h.Name, "Subject") {
				title = h.Value
			}
		}
	}
	s.render(w, http.StatusOK, "gateway-text", &Page{Title: title, Self: gwSelfURL(r, q), Original: q.url, Data: p})
}

// splitArticle splits an article at its first empty line into its header fields (a line
// beginning with a space or tab continues the field before: RFC 822 §3.1.1) and its body.
// An article whose head cannot be read so is all body.
func splitArticle(a string) ([]gwHeader, string) {
	a = strings.ReplaceAll(a, "\r\n", "\n")
	head, body, ok := strings.Cut(a, "\n\n")
	if !ok {
		return nil, a
	}
	var hs []gwHeader
	for _, l := range strings.Split(head, "\n") {
		if (l[0:min(1, len(l))] == " " || l[0:min(1, len(l))] == "\t") && len(hs) > 0 {
			hs[len(hs)-1].Value += " " + strings.TrimSpace(l)
			continue
		}
		name, value, ok := strings.Cut(l, ":")
		if !ok || name == "" || strings.ContainsAny(name, " \t") || len(hs) >= maxHeaders {
			return nil, a
		}
		hs = append(hs, gwHeader{Name: name, Value: strings.TrimSpace(value)})
	}
	return hs, body
}

// formPage is the data of a Gopher+ ASK form.
type formPage struct {
	URL       string // the item's URL, sent back with the answers
	Questions []formQuestion
	Count     int // the questions answered (the "ask" field)
}

// formQuestion is one question of an ASK form as an HTML form field.
type formQuestion struct {
	Kind    string // Ask, AskP, AskL, Select, Choose, Note
	Prompt  string
	Default string
	Choices []string
	Field   string // the field's name: "a1", "a2", … ("l"+n for an AskL); "" for a Note
}

// renderForm answers with an ASK form (gopher-plus.txt §2.8) as an HTML form that submits
// to /gateway?url=…&ask=N&a1=…: the item's URL filled out with the answers (RFC 1738 §3.4.9).
func (s *Server) renderForm(w http.ResponseWriter, r *http.Request, q gwRequest, res *fetch.Result) {
	p := formPage{URL: formURL(q.url)}
	for _, x := range res.Form {
		fq := formQuestion{Kind: x.Kind, Prompt: x.Prompt, Default: x.Default, Choices: x.Choices}
		if x.Kind != "Note" {
			p.Count++
			prefix := "a"
			if x.Kind == "AskL" {
				prefix = "l"
			}
			fq.Field = prefix + strconv.Itoa(p.Count)
		}
		p.Questions = append(p.Questions, fq)
		if p.Count >= maxQuestions {
			break
		}
	}
	s.render(w, http.StatusOK, "gateway-form", &Page{Title: "form", Self: gwSelfURL(r, q), Original: q.url, Data: p})
}

// formURL is the URL an ASK form's answers are added to: the item's URL as given.
func formURL(raw string) string {
	if _, err := locator.ParseAs(raw, locator.RFC1738); err != nil {
		return ""
	}
	return raw
}
