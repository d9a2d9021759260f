package shop

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Issue 48: a product's documents (manuals, datasheets, certificates,
// warranty sheets: PDFs), its spare parts and accessories (other products),
// and the OEM part numbers it is found by.

// Document is one of a product's documents as GET /service/{id} lists it.
type Document struct {
	ID   string `json:"_id"`
	Name string `json:"name"`
	Kind string `json:"kind"`
	Size int64  `json:"size"` // bytes
}

// DocumentKinds are the accepted kinds of a document.
var DocumentKinds = []string{"manual", "datasheet", "certificate", "warranty", "other"}

// Limits on documents, parts and OEM numbers.
const (
	MaxDocumentBytes   = 20 << 20
	MaxDocuments       = 20
	MaxDocumentNameLen = 120
	MaxParts           = 100 // each of parts and accessories
	MaxOEMNumbers      = 20
	MaxOEMNumberLen    = 40
)

// Messages of documents.
const (
	MsgDocumentNotPDF   = "The file is not a PDF."
	MsgDocumentTooLarge = "The document is larger than 20 MB."
	MsgDocumentsFull    = "The product has 20 documents already: delete one first."
)

// DocumentInput is POST /service/{id}/documents' form fields besides the file.
type DocumentInput struct {
	Name, Kind string
	Filename   string // the uploaded file's name (for Content-Disposition)
}

// Check trims the input and validates it.
func (in DocumentInput) Check() (DocumentInput, error) {
	in.Name, in.Kind = strings.TrimSpace(in.Name), strings.TrimSpace(in.Kind)
	f := map[string]string{}
	checkText(f, "name", in.Name, MaxDocumentNameLen, FieldRequired, atMost(MaxDocumentNameLen))
	if !slices.Contains(DocumentKinds, in.Kind) {
		f["kind"] = "must be one of " + strings.Join(DocumentKinds, ", ")
	}
	in.Filename = DocumentFilename(in.Filename, in.Name)
	return in, Invalid("The document is not valid.", f)
}

// CheckDocument checks a document before it is stored, the same for an
// upload (POST /service/{id}/documents) and the import's documents column:
// its name and kind, at most MaxDocumentBytes (ETOOLARGE), and a PDF by its
// bytes, whatever its name or declared type says.
func CheckDocument(in DocumentInput, data []byte) (DocumentInput, error) {
	in, err := in.Check()
	if err != nil {
		return in, err
	}
	if int64(len(data)) > MaxDocumentBytes {
		return in, Errorf(ETOOLARGE, MsgDocumentTooLarge)
	}
	if !IsPDF(data) {
		return in, Invalid(MsgDocumentNotPDF, map[string]string{"file": "must be a PDF"})
	}
	return in, nil
}

// DocumentFilename is the file name a document is served with: the
// uploaded file's base name, or else the document's name, always ending in
// .pdf, without control characters or path separators.
func DocumentFilename(uploaded, name string) string {
	base := uploaded
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	clean := func(s string) string {
		return strings.TrimSpace(strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7f || r == '/' || r == '\\' || r == '"' {
				return -1
			}
			return r
		}, s))
	}
	base = clean(base)
	if base == "" || strings.Trim(base, ".") == "" {
		base = clean(name)
	}
	if base == "" {
		base = "document"
	}
	if utf8.RuneCountInString(base) > 100 {
		base = string([]rune(base)[:100])
	}
	if !strings.HasSuffix(strings.ToLower(base), ".pdf") {
		base += ".pdf"
	}
	return base
}

// pdfEOF is the end-of-file marker of a PDF, which must be in its last
// kilobyte.
var pdfEOF = []byte("%%EOF")

// pdfVersion is a PDF's header: %PDF-1.0 to %PDF-2.0.
var pdfVersion = regexp.MustCompile(`^%PDF-[12]\.[0-9]`)

// IsPDF reports whether data is a PDF by its bytes: the header at the
// start, an end-of-file marker in the last kilobyte, and a cross-reference
// (a table or a stream) and at least one object between them. The file's
// name and its declared type do not count.
func IsPDF(data []byte) bool {
	if len(data) < 64 || !pdfVersion.Match(data[:10]) {
		return false
	}
	tail := data[max(0, len(data)-1024):]
	if !bytes.Contains(tail, pdfEOF) || !bytes.Contains(tail, []byte("startxref")) {
		return false
	}
	return bytes.Contains(data, []byte(" obj")) && (bytes.Contains(data, []byte("xref")) || bytes.Contains(data, []byte("/XRef")))
}

// StoredDocument is a document's file as the store keeps it.
type StoredDocument struct {
	ID, ProductID, Filename, SHA256 string
	Size                            int64
	UploadedAt                      time.Time
}

// DocumentStore keeps documents' bytes (GridFS bucket `documents`) and
// each product's list of them.
type DocumentStore interface {
	// PutDocument stores a document's bytes for the product, then adds it
	// to the product's documents by one guarded write (at most
	// MaxDocuments: ECONFLICT MsgDocumentsFull; the product gone:
	// ENOTFOUND); a refused add leaves no bytes.
	PutDocument(ctx context.Context, productID string, in DocumentInput, data []byte) (Document, error)
	// OpenDocument returns a document's file and its bytes.
	OpenDocument(ctx context.Context, id string) (StoredDocument, io.ReadCloser, error)
	// DeleteDocument takes the document off the product (ENOTFOUND when it
	// is not one of the product's), then deletes its bytes.
	DeleteDocument(ctx context.Context, productID, docID string) error
	// DeleteDocumentFiles deletes the bytes of these documents (a deleted
	// product's).
	DeleteDocumentFiles(ctx context.Context, ids []string) error
}

// PartsQuery selects a page of a product's spare parts and accessories
// (GET /service?fits=) or of the products that list one as theirs
// (GET /service?partOf=).
type PartsQuery struct {
	ID          string
	Limit, Skip int
}

// PartsStore answers the parts' look-ups from memory (embedded) or from
// the multikey indexes parts and accessories (MongoDB).
type PartsStore interface {
	// FittedWith lists the products that list id among their parts or
	// accessories, in catalogue order.
	FittedWith(ctx context.Context, id string, skip, limit int) ([]Product, int64, error)
}

// oemPattern is what an OEM part number may hold.
var oemPattern = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$`)

// parseLinks trims and checks a list of product ids (parts or
// accessories): each an id once, at most MaxParts.
func parseLinks(list []string) ([]string, string) {
	out := make([]string, 0, len(list))
	seen := map[string]bool{}
	for i, id := range list {
		id = strings.ToLower(strings.TrimSpace(id))
		if err := CheckID(id); err != nil {
			return nil, "item " + strconv.Itoa(i+1) + " is not a product id"
		}
		if seen[id] {
			return nil, "item " + strconv.Itoa(i+1) + " repeats an earlier one"
		}
		seen[id] = true
		out = append(out, id)
	}
	if len(out) > MaxParts {
		return nil, "must name at most " + strconv.Itoa(MaxParts) + " products"
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, ""
}

// parseOEMNumbers trims and checks OEM part numbers.
func parseOEMNumbers(list []string) ([]string, string) {
	var out []string
	seen := map[string]bool{}
	for i, n := range list {
		n = strings.Join(strings.Fields(n), " ")
		switch {
		case n == "":
			return nil, "number " + strconv.Itoa(i+1) + " is empty"
		case utf8.RuneCountInString(n) > MaxOEMNumberLen:
			return nil, "number " + strconv.Itoa(i+1) + " must be at most " + strconv.Itoa(MaxOEMNumberLen) + " characters"
		case !oemPattern.MatchString(n):
			return nil, "number " + strconv.Itoa(i+1) + " may hold only letters, digits, spaces and - _ . /"
		case seen[strings.ToUpper(n)]:
			return nil, "number " + strconv.Itoa(i+1) + " repeats an earlier one"
		}
		seen[strings.ToUpper(n)] = true
		out = append(out, n)
	}
	if len(out) > MaxOEMNumbers {
		return nil, "must be at most " + strconv.Itoa(MaxOEMNumbers)
	}
	return out, ""
}

// LinkProblems checks a draft's parts and accessories against the product
// it is for (self: its id, "" for a new one): none may name the product
// itself, and each must exist (exists) unless the product lists it
// already (had), so that a part deleted since does not block an edit.
func (d ProductDraft) LinkProblems(self string, had func(id string) bool, exists func(id string) (bool, error)) (map[string]string, error) {
	f := map[string]string{}
	for _, l := range []struct {
		field string
		ids   []string
	}{{"parts", d.Parts}, {"accessories", d.Accessories}} {
		for i, id := range l.ids {
			if id == self {
				f[l.field] = "item " + strconv.Itoa(i+1) + " is this product itself"
				break
			}
			if had(id) {
				continue
			}
			ok, err := exists(id)
			if err != nil {
				return nil, err
			}
			if !ok {
				f[l.field] = "item " + strconv.Itoa(i+1) + " is not a product of the catalogue"
				break
			}
		}
	}
	return f, nil
}

// OEMTerms are the search terms of OEM numbers: each number's words, and
// the number written without its separators from each word on ("6I-2501"
// is also "6i2501"; "CAT 093-7521" also "cat0937521" and "0937521"), so
// that a number is found however it is typed, with or without its maker's
// prefix.
func OEMTerms(numbers []string) string {
	var b strings.Builder
	for _, n := range numbers {
		b.WriteString(n)
		b.WriteByte(' ')
		words := SearchWords(n)
		for i := 0; i+1 < len(words); i++ {
			b.WriteString(strings.Join(words[i:], ""))
			b.WriteByte(' ')
		}
	}
	return b.String()
}
