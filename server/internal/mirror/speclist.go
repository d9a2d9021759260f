package mirror

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"strings"
)

// SpecList is a product's stored specifications. MongoDB stores them as
// the array of documents DESIGN shows; the embedded store stores them
// packed in one binary value holding that array (mongodb/specs.go, the
// store's codec): FerretDB decodes and encodes a document value by value on
// every read and write (an order's stock change rewrites its product,
// start-up reads every product), and thirty specifications are about
// ninety values of a product's hundred and twenty. Either form decodes on
// either store, so a backup moves between them.
//
// In memory the list is one string (issue 46): each specification's name,
// value and unit, each behind its length. Thirty specifications held as
// Spec values cost about 2.3 KB a product (ninety strings and their
// headers); packed, about 550 bytes, in one allocation. The zero SpecList
// is none; lists compare with ==.
type SpecList struct{ packed string }

// PackSpecs packs specs (none: the zero list).
func PackSpecs(specs []Spec) SpecList {
	if len(specs) == 0 {
		return SpecList{}
	}
	n := binary.MaxVarintLen64
	for _, s := range specs {
		n += 3*binary.MaxVarintLen64 + len(s.Name) + len(s.Value) + len(s.Unit)
	}
	b := make([]byte, 0, n)
	b = binary.AppendUvarint(b, uint64(len(specs)))
	for _, s := range specs {
		for _, f := range [3]string{s.Name, s.Value, s.Unit} {
			b = binary.AppendUvarint(b, uint64(len(f)))
			b = append(b, f...)
		}
	}
	return SpecList{packed: string(b)}
}

// SpecBuilder packs specifications one at a time (a decoder's, without a
// []Spec between).
type SpecBuilder struct {
	b     []byte
	count int
}

// Add appends one specification.
func (sb *SpecBuilder) Add(name, value, unit []byte) {
	for _, f := range [3][]byte{name, value, unit} {
		sb.b = binary.AppendUvarint(sb.b, uint64(len(f)))
		sb.b = append(sb.b, f...)
	}
	sb.count++
}

// List is what was added (none: the zero list).
func (sb *SpecBuilder) List() SpecList {
	if sb.count == 0 {
		return SpecList{}
	}
	var head [binary.MaxVarintLen64]byte
	h := binary.PutUvarint(head[:], uint64(sb.count))
	var out strings.Builder
	out.Grow(h + len(sb.b))
	out.Write(head[:h])
	out.Write(sb.b)
	return SpecList{packed: out.String()}
}

// Len is how many specifications the list holds.
func (l SpecList) Len() int {
	if l.packed == "" {
		return 0
	}
	n, _ := binary.Uvarint([]byte(l.packed[:min(len(l.packed), binary.MaxVarintLen64)]))
	return int(n)
}

// Each yields the specifications in order; their strings share the list's
// memory.
func (l SpecList) Each() iter.Seq[Spec] {
	return func(yield func(Spec) bool) {
		s := l.packed
		if s == "" {
			return
		}
		count, k := uvarint(s)
		s = s[k:]
		for range count {
			var f [3]string
			for j := range f {
				n, k := uvarint(s)
				f[j], s = s[k:k+int(n)], s[k+int(n):]
			}
			if !yield(Spec{Name: f[0], Value: f[1], Unit: f[2]}) {
				return
			}
		}
	}
}

// All is the specifications as a list (nil for none).
func (l SpecList) All() []Spec {
	n := l.Len()
	if n == 0 {
		return nil
	}
	out := make([]Spec, 0, n)
	for s := range l.Each() {
		out = append(out, s)
	}
	return out
}

// IsZero reports whether the list is empty (omitempty).
func (l SpecList) IsZero() bool { return l.packed == "" }

// Bytes is the packed form's size (the mirror's estimate).
func (l SpecList) Bytes() int { return len(l.packed) }

// uvarint reads a length packed by PackSpecs from s.
func uvarint(s string) (uint64, int) {
	var x uint64
	var shift uint
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b < 0x80 {
			return x | uint64(b)<<shift, i + 1
		}
		x |= uint64(b&0x7f) << shift
		shift += 7
	}
	return 0, len(s) // (never: the list was packed by PackSpecs)
}

// The BSON forms of a list, written and read here so that every codec
// (the driver's default one too) reads and writes a SpecList alike:
// MarshalBSONValue writes DESIGN's array of {name, value, unit} documents
// (unit left out when empty), and UnmarshalBSONValue reads that array, the
// embedded store's packed binary (a document {s: that array}), or null.
// The embedded store's codec writes the packed binary (PackedBSON).

const (
	bsonDouble   = 0x01
	bsonDocument = 0x03
	bsonArray    = 0x04
	bsonBinary   = 0x05
	bsonBool     = 0x08
	bsonDateTime = 0x09
	bsonInt32    = 0x10
	bsonStamp    = 0x11
	bsonInt64    = 0x12
	bsonDecimal  = 0x13
)

// MarshalBSONValue writes the list as DESIGN's array (null for none).
func (l SpecList) MarshalBSONValue() (byte, []byte, error) {
	if l.IsZero() {
		return bsonNull, nil, nil
	}
	return bsonArray, l.appendArray(nil), nil
}

// PackedBSON is the embedded store's form: the bytes of a document
// {s: the array}, held in one binary value.
func (l SpecList) PackedBSON() []byte {
	b := make([]byte, 4, 16+len(l.packed)*2)
	b = append(b, bsonArray, 's', 0)
	b = l.appendArray(b)
	b = append(b, 0)
	binary.LittleEndian.PutUint32(b, uint32(len(b)))
	return b
}

func (l SpecList) appendArray(b []byte) []byte {
	start := len(b)
	b = append(b, 0, 0, 0, 0)
	i := 0
	for s := range l.Each() {
		b = append(b, bsonDocument)
		b = strconvAppendInt(b, i)
		b = append(b, 0)
		doc := len(b)
		b = append(b, 0, 0, 0, 0)
		b = appendString(b, "name", s.Name)
		b = appendString(b, "value", s.Value)
		if s.Unit != "" {
			b = appendString(b, "unit", s.Unit)
		}
		b = append(b, 0)
		binary.LittleEndian.PutUint32(b[doc:], uint32(len(b)-doc))
		i++
	}
	b = append(b, 0)
	binary.LittleEndian.PutUint32(b[start:], uint32(len(b)-start))
	return b
}

func appendString(b []byte, key, v string) []byte {
	b = append(b, bsonString)
	b = append(b, key...)
	b = append(b, 0)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(v)+1))
	b = append(b, v...)
	return append(b, 0)
}

func strconvAppendInt(b []byte, i int) []byte {
	if i >= 10 {
		b = strconvAppendInt(b, i/10)
	}
	return append(b, byte('0'+i%10))
}

// UnmarshalBSONValue reads the array, the packed binary or null.
func (l *SpecList) UnmarshalBSONValue(typ byte, data []byte) error {
	switch typ {
	case bsonNull, bsonUndefined:
		*l = SpecList{}
		return nil
	case bsonArray:
		var sb SpecBuilder
		if err := readSpecArray(data, &sb); err != nil {
			return fmt.Errorf("specs: %w", err)
		}
		*l = sb.List()
		return nil
	case bsonBinary:
		// int32 length, subtype, then the bytes: a document {s: array}
		if len(data) < 5 {
			return errors.New("specs: a binary value ends early")
		}
		n := int(binary.LittleEndian.Uint32(data))
		if n < 0 || 5+n > len(data) {
			return errors.New("specs: a binary value ends early")
		}
		list, err := SpecListFromPacked(data[5 : 5+n])
		if err != nil {
			return err
		}
		*l = list
		return nil
	}
	return fmt.Errorf("specs: a BSON value of type %#x, not an array or packed binary", typ)
}

// SpecListFromPacked reads the embedded store's packed form (PackedBSON).
func SpecListFromPacked(doc []byte) (SpecList, error) {
	var sb SpecBuilder
	found := false
	err := eachElement(doc, func(typ byte, key string, v []byte) error {
		if key != "s" {
			return nil
		}
		found = true
		switch typ {
		case bsonArray:
			return readSpecArray(v, &sb)
		case bsonNull, bsonUndefined:
			return nil
		}
		return fmt.Errorf("s is a value of type %#x", typ)
	})
	if err != nil {
		return SpecList{}, fmt.Errorf("specs: %w", err)
	}
	if !found {
		return SpecList{}, nil
	}
	return sb.List(), nil
}

// readSpecArray adds each {name, value, unit} document of an array.
func readSpecArray(arr []byte, sb *SpecBuilder) error {
	return eachElement(arr, func(typ byte, _ string, v []byte) error {
		if typ != bsonDocument {
			return fmt.Errorf("a specification is a value of type %#x, not a document", typ)
		}
		var f [3][]byte
		err := eachElement(v, func(typ byte, key string, v []byte) error {
			var i int
			switch key {
			case "name":
				i = 0
			case "value":
				i = 1
			case "unit":
				i = 2
			default:
				return nil
			}
			switch typ {
			case bsonString:
				if len(v) < 5 {
					return errors.New("a string ends early")
				}
				f[i] = v[4 : len(v)-1]
			case bsonNull, bsonUndefined:
			default:
				return fmt.Errorf("%s is a value of type %#x, not a string", key, typ)
			}
			return nil
		})
		if err != nil {
			return err
		}
		sb.Add(f[0], f[1], f[2])
		return nil
	})
}

// eachElement calls fn with each element of a BSON document (or array):
// its type, its key and its value's bytes.
func eachElement(doc []byte, fn func(typ byte, key string, v []byte) error) error {
	if len(doc) < 5 || int(binary.LittleEndian.Uint32(doc)) != len(doc) || doc[len(doc)-1] != 0 {
		return errors.New("not a whole BSON document")
	}
	b := doc[4 : len(doc)-1]
	for len(b) > 0 {
		typ := b[0]
		end := bytes.IndexByte(b[1:], 0)
		if end < 0 {
			return errors.New("a key ends early")
		}
		key := string(b[1 : 1+end])
		b = b[2+end:]
		n, err := valueSize(typ, b)
		if err != nil {
			return err
		}
		if err := fn(typ, key, b[:n]); err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

// valueSize is the length of the value of type typ at the start of b.
func valueSize(typ byte, b []byte) (int, error) {
	var n int
	switch typ {
	case bsonNull, bsonUndefined:
		return 0, nil
	case bsonBool:
		n = 1
	case bsonInt32:
		n = 4
	case bsonDouble, bsonDateTime, bsonStamp, bsonInt64:
		n = 8
	case bsonObjectID:
		n = 12
	case bsonDecimal:
		n = 16
	case bsonString:
		if len(b) < 4 {
			return 0, errors.New("a value ends early")
		}
		n = 4 + int(binary.LittleEndian.Uint32(b))
	case bsonDocument, bsonArray:
		if len(b) < 4 {
			return 0, errors.New("a value ends early")
		}
		n = int(binary.LittleEndian.Uint32(b))
	case bsonBinary:
		if len(b) < 4 {
			return 0, errors.New("a value ends early")
		}
		n = 5 + int(binary.LittleEndian.Uint32(b))
	default:
		return 0, fmt.Errorf("a value of BSON type %#x", typ)
	}
	if n < 0 || n > len(b) {
		return 0, errors.New("a value ends early")
	}
	return n, nil
}
