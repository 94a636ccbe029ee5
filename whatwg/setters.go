package whatwg

// The setters of the URL class (§6.1 "URL class"). Each follows the standard's setter steps: some
// run the basic URL parser with this URL as url and a state override, and keep whatever the
// parser changed before it returned, as the standard's URL object does. Where the standard's
// setter leaves the URL unchanged (a value it does not accept, or one its steps return on), the
// setter returns an [*Error] that says why; the URL is then what the standard says it is.

func setterError(input string, code Code, attr string) *Error {
	return &Error{Input: input, Offset: -1, Code: code, Rule: "WHATWG URL §6.1 " + attr + " setter"}
}

// zeroError is the error of every setter but SetHref on the zero URL, which is not a URL (it has
// no scheme for the setter's steps to keep; [Relative] refuses it with the same code): the URL
// stays the zero URL, not a string made of the one component set (":?x" for the search setter).
func zeroError(input, attr string) *Error {
	return &Error{Input: input, Offset: -1, Code: MissingSchemeNonRelativeURL,
		Rule: "whatwg.URL " + attr + " setter: the zero URL is not a URL (give it one with SetHref)"}
}

// override runs the basic URL parser on input with u as url and st as state override, after
// prepare has adjusted the record, and stores the result in u.
func (u *URL) override(input string, st state, prepare func(r *record)) error {
	p := parserPool.Get().(*parser)
	defer func() {
		p.release()
		parserPool.Put(p)
	}()
	p.rec.fromURL(u)
	p.url = &p.rec
	p.collect = false
	p.errs = p.errs[:0]
	if prepare != nil {
		prepare(&p.rec)
	}
	// The URL keeps what the parser changed even when it then returned failure, as the
	// standard's URL object does (e.g. the host setter with "example.com:99999" sets the host).
	failure := p.run(input, nil, st)
	if err := u.store(&p.rec, input); err != nil {
		return err
	}
	if failure != nil {
		return failure
	}
	return nil
}

// store sets u to the serialization of r, unless it is too long for a URL.
func (u *URL) store(r *record, input string) error {
	v, ok := r.toURL()
	if !ok {
		return &Error{Input: input, Offset: -1, Code: TooLong, Rule: "locator whatwg limits"}
	}
	*u = v
	return nil
}

// cannotHaveUsernamePasswordPort: "its host is null or the empty string, or its scheme is
// "file"" (§4.2).
func (u *URL) cannotHaveUsernamePasswordPort() bool {
	return u.flags&fHost == 0 || u.hostStart == u.hostEnd || u.scheme() == "file"
}

// SetHref replaces the URL with the result of parsing value with no base (§6.1 href setter). On
// failure the URL is unchanged.
func (u *URL) SetHref(value string) error {
	v, err := Parse(value, nil)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// SetProtocol sets the scheme (§6.1 protocol setter): value followed by ":" is parsed from the
// scheme start state. A special scheme cannot become a non-special one or the reverse, and a URL
// with credentials, a port or an empty host cannot become or stop being "file".
func (u *URL) SetProtocol(value string) error {
	if u.href == "" {
		return zeroError(value, "protocol")
	}
	return u.override(value+":", schemeStartState, nil)
}

// SetUsername sets the username, UTF-8 percent-encoded with the userinfo percent-encode set
// (§6.1 username setter; §4.4 "set the username"), unless the URL cannot have a username.
func (u *URL) SetUsername(value string) error { return u.setCredential(value, false) }

// SetPassword sets the password, UTF-8 percent-encoded with the userinfo percent-encode set
// (§6.1 password setter; §4.4 "set the password"), unless the URL cannot have a password.
func (u *URL) SetPassword(value string) error { return u.setCredential(value, true) }

// setCredential sets the username, or with password the password, to value UTF-8
// percent-encoded with the userinfo percent-encode set (§4.4 "set the username", "set the
// password"), unless the URL cannot have a username or password.
func (u *URL) setCredential(value string, password bool) error {
	name := "username"
	if password {
		name = "password"
	}
	if u.href == "" {
		return zeroError(value, name)
	}
	if u.cannotHaveUsernamePasswordPort() {
		return setterError(value, APISetterIgnored, name)
	}
	var r record
	r.fromURL(u)
	value = toScalar(value)
	enc := appendEncoded(make([]byte, 0, encodedLen(value, &userinfoTab, -1, -1)), value, &userinfoTab)
	if password {
		r.password = enc
	} else {
		r.username = enc
	}
	return u.store(&r, value)
}

// SetHost sets the host and, when value has one, the port (§6.1 host setter: the basic URL parser
// from the host state). A URL with an opaque path is left unchanged.
func (u *URL) SetHost(value string) error {
	if u.href == "" {
		return zeroError(value, "host")
	}
	if u.HasOpaquePath() {
		return setterError(value, APISetterIgnored, "host")
	}
	return u.override(value, hostState, nil)
}

// SetHostname sets the host (§6.1 hostname setter: the basic URL parser from the hostname state);
// a ":" in value makes it fail. A URL with an opaque path is left unchanged.
func (u *URL) SetHostname(value string) error {
	if u.href == "" {
		return zeroError(value, "hostname")
	}
	if u.HasOpaquePath() {
		return setterError(value, APISetterIgnored, "hostname")
	}
	return u.override(value, hostnameState, nil)
}

// SetPort sets the port (§6.1 port setter): "" makes it null; otherwise the leading digits of
// value are parsed from the port state, and the scheme's default port becomes null. A URL that
// cannot have a port is left unchanged.
func (u *URL) SetPort(value string) error {
	if u.href == "" {
		return zeroError(value, "port")
	}
	if u.cannotHaveUsernamePasswordPort() {
		return setterError(value, APISetterIgnored, "port")
	}
	if value == "" {
		var r record
		r.fromURL(u)
		r.port = -1
		return u.store(&r, value)
	}
	return u.override(value, portState, nil)
}

// SetPathname replaces the path (§6.1 pathname setter: the path is emptied, then the basic URL
// parser runs from the path start state). A URL with an opaque path is left unchanged.
func (u *URL) SetPathname(value string) error {
	if u.href == "" {
		return zeroError(value, "pathname")
	}
	if u.HasOpaquePath() {
		return setterError(value, APISetterIgnored, "pathname")
	}
	return u.override(value, pathStartState, func(r *record) { r.path = r.path[:0] })
}

// SetSearch sets the query (§6.1 search setter): "" makes it null; otherwise value without one
// leading "?" is percent-encoded from the query state.
func (u *URL) SetSearch(value string) error {
	if u.href == "" {
		return zeroError(value, "search")
	}
	if value == "" {
		var r record
		r.fromURL(u)
		r.hasQuery = false
		r.query = r.query[:0]
		return u.store(&r, value)
	}
	if value[0] == '?' {
		value = value[1:]
	}
	return u.override(value, queryState, func(r *record) {
		r.hasQuery = true
		r.query = r.query[:0]
	})
}

// SetHash sets the fragment (§6.1 hash setter): "" makes it null; otherwise value without one
// leading "#" is percent-encoded from the fragment state.
func (u *URL) SetHash(value string) error {
	if u.href == "" {
		return zeroError(value, "hash")
	}
	if value == "" {
		var r record
		r.fromURL(u)
		r.hasFrag = false
		r.frag = r.frag[:0]
		return u.store(&r, value)
	}
	if value[0] == '#' {
		value = value[1:]
	}
	return u.override(value, fragmentState, func(r *record) {
		r.hasFrag = true
		r.frag = r.frag[:0]
	})
}
