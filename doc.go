// Package locator parses, checks, compares and explains Uniform Resource Locators: the URL
// system of RFC 1738 and its companion drafts, and RFC 3986.
//
// Start with [Parse], which splits a string into a [URL] without losing a byte. A URL is a
// small immutable value: its getters ([URL.Scheme], [URL.User], [URL.Host], [URL.Path], …)
// return substrings and tell absent from empty.
//
// Subpackages:
//   - pct: percent-encoding with character sets as values.
//   - scheme: the schemes of RFC 1738 and the drafts — typed views (ftp, gopher, news, …),
//     strict checking, access plans and the scheme registry.
//   - cmd/locator: the command-line tool.
//
// The root package never imports its subpackages.
package locator
