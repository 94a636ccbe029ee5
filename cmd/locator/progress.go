package main

import (
	"io"
	"sync"
	"time"

	"github.com/locator-url/locator/fetch"
	"github.com/schollz/progressbar/v3"
)

// transferProgress is get's display of a transfer on a terminal (fetch.Progress): a
// progressbar/v3 bar of bytes for a transfer of known size (FTP SIZE, Content-Length, a local
// file's size), a spinner counting bytes otherwise. With several transfers at once (shared,
// --jobs), one spinner counts the bytes of all. get makes one only when standard error is a
// terminal (isTerminal), so a pipe or a file gets nothing.
type transferProgress struct {
	mu     sync.Mutex
	w      io.Writer
	shared bool
	bar    *progressbar.ProgressBar
	active int
}

var _ fetch.Progress = (*transferProgress)(nil)

// newTransferProgress returns the display on w; shared: several transfers at once.
func newTransferProgress(w io.Writer, shared bool) *transferProgress {
	return &transferProgress{w: w, shared: shared}
}

// Start begins a transfer of total bytes (-1: unknown).
func (p *transferProgress) Start(total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.active++
	if p.shared {
		if p.bar == nil {
			p.bar = p.newBar(-1, "fetching")
		}
		return
	}
	if p.bar != nil {
		_ = p.bar.Finish()
	}
	p.bar = p.newBar(total, "")
}

// Add counts n bytes written.
func (p *transferProgress) Add(n int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Add64(n)
	}
}

// Done ends a transfer; the display is cleared when no transfer is left.
func (p *transferProgress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.active--
	if p.active <= 0 && p.bar != nil {
		p.active = 0
		_ = p.bar.Finish()
		p.bar = nil
	}
}

// finish clears whatever is still shown (a transfer that failed before its Done).
func (p *transferProgress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
	}
}

// newBar returns a bar of total bytes, or a spinner when total is -1.
func (p *transferProgress) newBar(total int64, desc string) *progressbar.ProgressBar {
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetElapsedTime(true),
	}
	if total < 0 {
		opts = append(opts, progressbar.OptionSpinnerType(14), progressbar.OptionShowCount())
	} else {
		opts = append(opts, progressbar.OptionSetPredictTime(true), progressbar.OptionShowTotalBytes(true))
	}
	return progressbar.NewOptions64(total, opts...)
}
