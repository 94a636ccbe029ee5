//go:build !unix

package testserver

// StopINN does nothing where INN cannot run (its starter, inn.go, needs flock and su).
func StopINN() {}
