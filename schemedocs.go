package locator

// SchemeMention is what one of the four documents of the 1994 URL system says of a scheme
// name: its status there and where it says so. A scheme's mentions answer "which document
// names this scheme, and how?" ([SchemeInfo.Documents]).
type SchemeMention struct {
	// Spec is the document: RFC1738, URLDraft1994, URLDraft1993 or RFC1630 (the URI draft).
	Spec Spec
	// Status is what the document makes of the name: SchemeDefined (a syntax or a section of
	// its own), SchemeReservedName, SchemeListed (named among the schemes covered, without a
	// syntax of its own) or SchemeForStudy.
	Status SchemeStatus
	// Where is the section or heading that says so, such as "RFC 1738 §4" or "1994 URL draft,
	// midaddress" (the drafts have no numbered sections: they are cited by heading or
	// production).
	Where string
}

// DocumentSpecs are the four documents that [SchemeInfo.Documents] reads, in the order of
// [SchemeInfo.Documents]: RFC 1738, the 1994 URL draft, the 1993 URL draft and the URI draft.
func DocumentSpecs() []Spec { return []Spec{RFC1738, URLDraft1994, URLDraft1993, RFC1630} }

// Documents returns what each of the four documents says of s's name (see [SchemeMention]),
// in the order of [DocumentSpecs], leaving out the documents that do not name it; nil for a
// name none of them names (https, an "x-" name, a scheme a program registered under a new
// name). The mentions are of the name: a program that registers one of these names does not
// change them. The slice is the caller's.
func (s SchemeInfo) Documents() []SchemeMention {
	m := schemeMentions[s.Name]
	if m == nil {
		return nil
	}
	return append([]SchemeMention(nil), m...)
}

// schemeMentions are the mentions of each scheme name the four documents name, read from the
// texts in testdata/spec: for RFC 1738, §3's sections and §4's list of reserved names; for the
// 1994 URL draft, the productions of its BNF (its "url" production and the list of "The schemes
// covered are"); for the 1993 URL draft, its BNF productions and the notes of Specific Naming
// Schemes; for the URI draft, the notes of Specific Schemes, whose BNF is the generic one alone.
var schemeMentions = func() map[string][]SchemeMention {
	const (
		d1738 = RFC1738
		d1994 = URLDraft1994
		d1993 = URLDraft1993
		d1630 = RFC1630
	)
	type m = SchemeMention
	def, res, lis, stu := SchemeDefined, SchemeReservedName, SchemeListed, SchemeForStudy
	// The interactive sessions share one note in each draft.
	sessions := func(telnet1738 []m) []m {
		return append(telnet1738,
			m{d1994, lis, "1994 URL draft, Telnet, rlogin, tn3270"},
			m{d1993, lis, "1993 URL draft, Telnet, rlogin, tn3270"},
			m{d1630, lis, "URI draft, Telnet, rlogin, tn3270"})
	}
	urnReserved := []m{
		{d1994, res, "1994 URL draft, Registration of naming schemes"},
		{d1993, res, "1993 URL draft, Registration of naming schemes"},
		{d1630, res, "URI draft, Registration of naming schemes"},
	}
	return map[string][]SchemeMention{
		"ftp": {{d1738, def, "RFC 1738 §3.2"}, {d1994, def, "1994 URL draft, ftpaddress"},
			{d1993, def, "1993 URL draft, fileaddress (f t p : // host / path)"}, {d1630, def, "URI draft, FTP"}},
		"http": {{d1738, def, "RFC 1738 §3.3"}, {d1994, def, "1994 URL draft, httpaddress"},
			{d1993, def, "1993 URL draft, httpaddress"}, {d1630, def, "URI draft, HTTP"}},
		"gopher": {{d1738, def, "RFC 1738 §3.4"}, {d1994, def, "1994 URL draft, gopheraddress"},
			{d1993, def, "1993 URL draft, gopheraddress"}, {d1630, def, "URI draft, Gopher"}},
		"mailto": {{d1738, def, "RFC 1738 §3.5"}, {d1994, def, "1994 URL draft, mailtoaddress"},
			{d1630, def, "URI draft, Mailto"}},
		"news": {{d1738, def, "RFC 1738 §3.6"}, {d1994, def, "1994 URL draft, newsaddress"},
			{d1993, def, "1993 URL draft, newsaddress"}, {d1630, def, "URI draft, News"}},
		"nntp": {{d1738, def, "RFC 1738 §3.7"}, {d1994, def, "1994 URL draft, nntpaddress"},
			{d1630, def, "URI draft, NNTP"}},
		"telnet": {{d1738, def, "RFC 1738 §3.8"}, {d1994, def, "1994 URL draft, telnetaddress"},
			{d1993, def, "1993 URL draft, telnetaddress"}, {d1630, lis, "URI draft, Telnet, rlogin, tn3270"}},
		"wais": {{d1738, def, "RFC 1738 §3.9"}, {d1994, def, "1994 URL draft, waisaddress"},
			{d1993, def, "1993 URL draft, waisaddress"}, {d1630, def, "URI draft, WAIS"}},
		"file": {{d1738, def, "RFC 1738 §3.10"}},
		"prospero": {{d1738, def, "RFC 1738 §3.11"}, {d1994, def, "1994 URL draft, prosperoaddress"},
			{d1993, def, "1993 URL draft, prosperoaddress"}, {d1630, def, "URI draft, Prospero"}},
		"afs": {{d1738, res, "RFC 1738 §4"},
			{d1994, def, "1994 URL draft, afsaddress (\"left in as historical note, but is not a url production\")"},
			{d1993, def, "1993 URL draft, afsaddress"}},
		"mid": {{d1738, res, "RFC 1738 §4"}, {d1994, def, "1994 URL draft, midaddress"},
			{d1630, def, "URI draft, Provisional and Speculative schemes, Message-Id"}},
		"cid": {{d1738, res, "RFC 1738 §4"}, {d1994, def, "1994 URL draft, cidaddress"},
			{d1630, def, "URI draft, Provisional and Speculative schemes, Content-Id"}},
		"nfs":        {{d1738, res, "RFC 1738 §4"}},
		"mailserver": {{d1738, res, "RFC 1738 §4"}},
		"z39.50":     {{d1738, res, "RFC 1738 §4"}},
		"tn3270":     sessions([]m{{d1738, res, "RFC 1738 §4"}}),
		"rlogin":     sessions(nil),
		"urn":        urnReserved,
		"x500": {{d1993, stu, "1993 URL draft, x500"},
			{d1630, stu, "URI draft, Schemes for Further Study, x500"}},
		"whois++": {{d1993, stu, "1993 URL draft, WHOIS"},
			{d1630, stu, "URI draft, Schemes for Further Study, WHOIS"}},
	}
}()
