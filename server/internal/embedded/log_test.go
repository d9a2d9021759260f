package embedded

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

func TestLevelHandler_AppliesAttributesWhenWriting(t *testing.T) {
	var buf bytes.Buffer
	text := slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}})
	log := slog.New(&levelHandler{min: slog.LevelError, h: text})
	conn := log.With("conn", 7).WithGroup("cmd").With("name", "update")
	conn.Warn("dropped")
	conn.Error("failed", "n", 1)
	log.Error("plain")
	want := "level=ERROR msg=failed conn=7 cmd.name=update cmd.n=1\nlevel=ERROR msg=plain\n"
	if got := buf.String(); got != want {
		t.Fatalf("logged\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(buf.String(), "dropped") {
		t.Fatal("a record below the level was written")
	}
}
