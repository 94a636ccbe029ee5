//go:build linux

package locator_test

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID): time the
// thread ran, not time it waited for a CPU on a busy machine. The caller locks its goroutine
// to the thread (lockThread). (The same helper as whatwg/cputime_linux_test.go.)
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// lockThread locks the goroutine to its thread for threadCPU and returns the unlocking.
func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
