package cputime_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/cputime"
)

// spin burns CPU for about d of wall time.
func spin(d time.Duration) int {
	n := 0
	for st := time.Now(); time.Since(st) < d; n++ {
	}
	return n
}

// TestClocksAdvance: work on the thread moves both clocks forward (on the systems that have
// them), and neither goes back.
func TestClocksAdvance(t *testing.T) {
	defer cputime.LockThread()()
	p0, t0 := cputime.Process(), cputime.Thread()
	spin(20 * time.Millisecond)
	p1, t1 := cputime.Process(), cputime.Thread()
	if t1 <= t0 {
		t.Errorf("Thread went from %v to %v over 20 ms of work", t0, t1)
	}
	if runtime.GOOS != "windows" && runtime.GOOS != "plan9" && p1 <= p0 {
		t.Errorf("Process went from %v to %v over 20 ms of work", p0, p1)
	}
}

func ExampleProcess() {
	before := cputime.Process()
	spin(time.Millisecond)
	fmt.Println(cputime.Process() >= before)
	// Output: true
}

func ExampleThread() {
	defer cputime.LockThread()()
	before := cputime.Thread()
	spin(time.Millisecond)
	fmt.Println(cputime.Thread() > before)
	// Output: true
}

func ExampleLockThread() {
	unlock := cputime.LockThread()
	start := cputime.Thread()
	spin(time.Millisecond)
	used := cputime.Thread() - start
	unlock()
	fmt.Println(used > 0)
	// Output: true
}
