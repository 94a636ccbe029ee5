package main

import (
	"fmt"
	"strconv"
)

// perHostValue is the value of --per-host: 1 to maxJobs connections, the bound of --jobs, as
// each URL fetched holds one connection slot of its host (fetch.Options.PerHost).
type perHostValue int

func (p *perHostValue) String() string { return strconv.Itoa(int(*p)) }
func (p *perHostValue) Type() string   { return "N" }

// Set reads N; the error is the whole message cobra shows after the flag's name.
func (p *perHostValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxJobs {
		return fmt.Errorf("want a whole number of connections to one host, 1 to %d", maxJobs)
	}
	*p = perHostValue(n)
	return nil
}
