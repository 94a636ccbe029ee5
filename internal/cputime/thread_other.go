//go:build !linux

package cputime

import "time"

var start = time.Now()

func thread() time.Duration { return time.Since(start) }

func lockThread() func() { return func() {} }
