package main

import (
	"strings"
	"unicode"
)

// The display rule of --idn and {idn:host}: the URL Standard (§4.8, "Internationalized
// domain names") leaves to the user agent when a domain is shown in Unicode, and asks it to
// guard against spoofing with Unicode Technical Standard #39. locator shows a label in
// Unicode only when it passes UTS #39 §5.2's "Highly Restrictive" level (one script, or Latin
// with Han and Hiragana/Katakana, Bopomofo or Hangul; Common and Inherited characters go with
// any), and not when it is a whole-script look-alike of a Latin label (Cyrillic or Greek
// letters that all look like Latin ones, such as "аррӏе") under a top-level label of
// another script, as browsers do, and only when every character outside ASCII is a letter,
// a mark or a decimal digit (a symbol, punctuation or an emoji is not in UTS #39 §3.1's
// General Security Profile). Otherwise the host stays in ASCII.

// cjkSets are the script sets UTS #39 §5.2 "Highly Restrictive" allows besides one script.
var cjkSets = [][]string{{"Latin", "Han", "Hiragana", "Katakana"}, {"Latin", "Han", "Bopomofo"}, {"Latin", "Han", "Hangul"}}

// latinLookalikes are Cyrillic and Greek letters that look like Latin letters.
const latinLookalikes = "аԁсеһіјӏоопрԛѕԝхуүѵԍԋոαορνυκιτχεϲϳ"

// scriptOf returns the name of the script of r (unicode.Scripts), "" for Common and
// Inherited, "?" when no table holds it.
func scriptOf(r rune) string {
	if r < 0x80 {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return "Latin"
		}
		return ""
	}
	if unicode.In(r, unicode.Common, unicode.Inherited) {
		return ""
	}
	for _, name := range []string{"Latin", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana", "Hangul", "Arabic", "Hebrew"} {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	for name, t := range unicode.Scripts {
		if unicode.Is(t, r) {
			return name
		}
	}
	return "?"
}

// labelScripts returns the scripts of a label and whether every letter outside ASCII is a
// Latin look-alike.
func labelScripts(label string) (scripts []string, lookalike bool) {
	lookalike = true
	for _, r := range label {
		if r >= 0x80 && !unicode.In(r, unicode.L, unicode.M, unicode.Nd) {
			// UTS #39 §3.1 General Security Profile: a symbol, a punctuation mark or an
			// emoji is not an identifier character (Identifier_Type Not_XID, Technical...),
			// so it is Restricted, and no restriction level holds it: "a⁄b.com" (U+2044
			// FRACTION SLASH) would look like a path.
			return []string{"?"}, false
		}
		s := scriptOf(r)
		if s == "?" {
			return []string{"?"}, false
		}
		if s != "" && !contains(scripts, s) {
			scripts = append(scripts, s)
		}
		if s != "" && s != "Latin" && !strings.ContainsRune(latinLookalikes, r) {
			lookalike = false
		}
	}
	return scripts, lookalike
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// highlyRestrictive reports whether a label's scripts pass UTS #39 §5.2 "Highly Restrictive".
func highlyRestrictive(scripts []string) bool {
	if len(scripts) <= 1 {
		return len(scripts) == 0 || scripts[0] != "?"
	}
	for _, set := range cjkSets {
		all := true
		for _, s := range scripts {
			all = all && contains(set, s)
		}
		if all {
			return true
		}
	}
	return false
}

// displayUnicode reports whether the Unicode form of a domain may be shown (see above).
func displayUnicode(domain string) bool {
	labels := strings.Split(strings.TrimSuffix(domain, "."), ".")
	tld, _ := labelScripts(labels[len(labels)-1])
	for _, l := range labels {
		scripts, lookalike := labelScripts(l)
		if !highlyRestrictive(scripts) {
			return false
		}
		if lookalike && len(scripts) == 1 && (scripts[0] == "Cyrillic" || scripts[0] == "Greek") &&
			!(len(tld) == 1 && tld[0] == scripts[0]) {
			return false
		}
	}
	return true
}
