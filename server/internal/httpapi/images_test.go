package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

func testPNG(tb testing.TB, w, h int) []byte {
	tb.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{uint8(x), 80, 160, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// uploadFile posts a multipart body with data in field.
func (ts *testServer) uploadFile(tb testing.TB, token, field, filename string, data []byte) (*http.Response, []byte) {
	tb.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if field != "" {
		fw, _ := mw.CreateFormFile(field, filename)
		_, _ = fw.Write(data)
	} else {
		_ = mw.WriteField("note", "no image here")
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", ts.URL+"/upload", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return exchange(tb, req)
}

func (ts *testServer) mustUpload(tb testing.TB, token string, data []byte) string {
	tb.Helper()
	res, body := ts.uploadFile(tb, token, "image", "photo.png", data)
	var out struct {
		Success bool
		Data    struct{ URL string }
	}
	_ = json.Unmarshal(body, &out)
	if res.StatusCode != 201 || !out.Success || out.Data.URL == "" {
		tb.Fatalf("upload: %d %s", res.StatusCode, body)
	}
	return out.Data.URL
}

func (ts *testServer) imageCount(tb testing.TB) int64 {
	tb.Helper()
	n, err := ts.store.CountImages(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

func TestUpload(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	user := ts.mustRegister(t, "Uma", "uma@shop.test")
	good := testPNG(t, 120, 80)
	t.Run("OK_RoundTripsByteForByte", func(t *testing.T) {
		url := ts.mustUpload(t, user.Token, good)
		if !strings.HasPrefix(url, "http://shop.test/images/") {
			t.Fatalf("url %q", url)
		}
		res, data := ts.get(t, strings.TrimPrefix(url, "http://shop.test"))
		if res.StatusCode != 200 || !bytes.Equal(data, good) || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("ETag") == "" {
			t.Fatalf("served %d bytes (%d uploaded), %v", len(data), len(good), res.Header)
		}
	})
	big := append(append([]byte{}, good...), make([]byte, 6<<20)...)
	for name, c := range map[string]struct {
		field, filename string
		data            []byte
		status          int
	}{
		"ErrTextNamedPNG": {"image", "photo.png", []byte("this is plain text, not a picture at all"), 415},
		"ErrSVG":          {"image", "logo.svg", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`), 415},
		"ErrHTML":         {"image", "page.png", []byte("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"), 415},
		"ErrSixMB":        {"image", "huge.png", big, 413},
		"ErrTruncatedPNG": {"image", "cut.png", good[:len(good)*2/3], 400},
		"ErrZeroBytes":    {"image", "empty.png", nil, 400},
		"ErrMissingField": {"", "", nil, 400},
	} {
		t.Run(name, func(t *testing.T) {
			before := ts.imageCount(t)
			res, body := ts.uploadFile(t, user.Token, c.field, c.filename, c.data)
			mustProblem(t, res, body, c.status)
			if after := ts.imageCount(t); after != before {
				t.Fatalf("a refused upload stored an image: %d -> %d", before, after)
			}
		})
	}
	t.Run("ErrNotMultipart", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/upload", user.Token, map[string]string{"image": "x"})
		mustProblem(t, res, body, 415)
	})
	t.Run("ErrAnonymous", func(t *testing.T) {
		before := ts.imageCount(t)
		res, body := ts.uploadFile(t, "", "image", "p.png", testPNG(t, 10, 10))
		mustProblem(t, res, body, 401)
		if ts.imageCount(t) != before {
			t.Fatal("an anonymous upload was stored")
		}
	})
}
