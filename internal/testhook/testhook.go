// Package testhook holds switches that the tests of one package set to change what another
// package does, where a test cannot arrange the situation otherwise. Only tests set them;
// while they are not set (their zero state) they change nothing.
package testhook

import (
	"net/netip"
	"sync"
)

var (
	mu     sync.Mutex
	public = map[netip.AddrPort]int{}
)

// DeclarePublic declares ap, a loopback address and port that a test listens on, a public
// server: fetch.Policy.Strict lets a connection to exactly that address and port through,
// as it would an address that is not loopback or private, until the returned function is
// called. For tests only (a test of the gateway's redirect rules needs an allowed upstream,
// and a CI machine may have no address that is not loopback or private to serve one on).
func DeclarePublic(ap netip.AddrPort) (undo func()) {
	mu.Lock()
	public[ap]++
	mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			if public[ap]--; public[ap] <= 0 {
				delete(public, ap)
			}
			mu.Unlock()
		})
	}
}

// Public reports whether a test declared ap public (DeclarePublic).
func Public(ap netip.AddrPort) bool {
	mu.Lock()
	defer mu.Unlock()
	return public[ap] > 0
}
