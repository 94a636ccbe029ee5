package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// interruptWhileWaiting runs the command with args on a pipe that gives input, then waits
// three seconds before its end: the interrupt comes while the command waits for input.
// It returns the exit status, the outputs and how long the command took after the interrupt.
func interruptWhileWaiting(t *testing.T, input string, args ...string) (int, string, string, time.Duration) {
	t.Helper()
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	var at time.Time
	go func() {
		pw.Write([]byte(input))
		// Time for the command to handle the input it has (a loaded CI machine needs more
		// than a few milliseconds): the interrupt is to come while it waits for more.
		time.Sleep(500 * time.Millisecond)
		at = time.Now()
		cancel()
		time.Sleep(3 * time.Second)
		pw.Write([]byte("http://late.example/\n"))
		pw.Close()
	}()
	var out, errb strings.Builder
	code := run(ctx, args, pr, &out, &errb)
	return code, out.String(), errb.String(), time.Since(at)
}

// wrap - (and wrap --text -) stop on an interrupt that comes while they wait for input and
// exit 1 (README, "Exit status": 1 when "the command was interrupted"), as the streaming
// commands do (TestStreamInterruptWhileWaiting): wrap - read on to the end and exited 0.
func TestWrapInterruptWhileWaiting(t *testing.T) {
	code, out, errb, d := interruptWhileWaiting(t, "http://a/\n", "wrap", "-")
	if code != exitInvalid || errb != "locator: context canceled\n" || d > 2*time.Second {
		t.Errorf("wrap -: exit %d, stderr %q, %v after the interrupt", code, errb, d)
	}
	if out != "<URL:http://a/>\n" {
		t.Errorf("wrap -: %q, want the line read before the interrupt", out)
	}
	code, out, errb, d = interruptWhileWaiting(t, "see http://a/\n", "wrap", "--text", "-")
	if code != exitInvalid || errb != "locator: context canceled\n" || d > 2*time.Second || out != "" {
		t.Errorf("wrap --text -: exit %d, stdout %q, stderr %q, %v after the interrupt", code, out, errb, d)
	}
}

// get - stops on an interrupt that comes while it waits for the next URL, and says it was
// interrupted (exit 1), as it does between two fetches.
func TestGetInterruptWhileWaiting(t *testing.T) {
	code, _, errb, d := interruptWhileWaiting(t, "", "get", "-")
	if code != exitInvalid || !strings.Contains(errb, "interrupted") || d > 2*time.Second {
		t.Errorf("get -: exit %d, stderr %q, %v after the interrupt", code, errb, d)
	}
	code, _, errb, d = interruptWhileWaiting(t, "", "get", "--jobs", "2", "-")
	if code != exitInvalid || !strings.Contains(errb, "interrupted") || d > 2*time.Second {
		t.Errorf("get --jobs 2 -: exit %d, stderr %q, %v after the interrupt", code, errb, d)
	}
}

// send stops on an interrupt that comes while it reads the message from standard input,
// before any connection (fetch.Send composes the message first), and exits 1.
func TestSendInterruptWhileWaiting(t *testing.T) {
	code, _, errb, d := interruptWhileWaiting(t, "Subject: x\n\nbody\n", "send",
		"--smtp-server", "127.0.0.1:1", "--email", "a@example.com", "mailto:b@example.com")
	if code != exitInvalid || d > 2*time.Second {
		t.Errorf("send: exit %d, stderr %q, %v after the interrupt", code, errb, d)
	}
}
