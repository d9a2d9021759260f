package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress shows how far a long step is: on a terminal, one line redrawn in
// place with a bar; otherwise (a log, a pipe) a plain line every few
// seconds. A step that ends quickly shows nothing.
type progress struct {
	w     io.Writer
	label string
	tty   bool
	now   func() time.Time
	start time.Time
	last  time.Time // when a line was last written
	shown bool
	done  int
	total int
}

const (
	progressQuiet   = time.Second // nothing at all for steps this short
	progressRedraw  = 100 * time.Millisecond
	progressLogLine = 2 * time.Second
	progressWidth   = 30
)

func newProgress(w io.Writer, label string) *progress {
	return &progress{w: w, label: label, tty: isTerminal(w), now: time.Now}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// update records that done of total are finished, and shows it when due.
func (p *progress) update(done, total int) {
	t := p.now()
	if p.start.IsZero() {
		p.start = t
	}
	p.done, p.total = done, total
	if t.Sub(p.start) < progressQuiet {
		return
	}
	every := progressLogLine
	if p.tty {
		every = progressRedraw
	}
	if p.shown && t.Sub(p.last) < every {
		return
	}
	p.write(t)
}

// finish shows the final count once the step has been shown at all.
func (p *progress) finish() {
	if !p.shown {
		return
	}
	p.write(p.now())
	if p.tty {
		fmt.Fprintln(p.w)
	}
}

func (p *progress) write(t time.Time) {
	p.last, p.shown = t, true
	elapsed := t.Sub(p.start).Round(100 * time.Millisecond)
	if !p.tty {
		fmt.Fprintf(p.w, "%s: %d of %d (%s)\n", p.label, p.done, p.total, elapsed)
		return
	}
	filled := 0
	if p.total > 0 {
		filled = progressWidth * p.done / p.total
	}
	bar := strings.Repeat("=", filled) + strings.Repeat(" ", progressWidth-filled)
	fmt.Fprintf(p.w, "\r%s [%s] %d/%d  %s ", p.label, bar, p.done, p.total, elapsed)
}
