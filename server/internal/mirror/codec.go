package mirror

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"time"
	"unsafe"
)

// The snapshot's codec (issue 46): a document's fields in the order of its
// type, without names, each in as few bytes as it takes. It reads what the
// store's BSON codec (the driver's) would read back from the same
// document, so that a snapshot loads exactly what a full load of the same
// store holds:
//
//   - a time is kept to the millisecond, in UTC, as BSON's datetime;
//   - a list or map that is empty and omitempty is read back as none (nil),
//     one that is empty and not omitempty as empty (not nil), as BSON
//     leaves out the first and writes [] or {} for the second;
//   - an unexported field, one tagged `bson:"-"`, is not written and is
//     read as its zero value, as the driver ignores it.
//
// Each document type's codec is compiled once, from its reflect.Type, into
// functions that read and write the fields in place (unsafe pointers at
// the fields' offsets): decoding is a few times faster than the driver's
// reflective decode, which looks each field up by its name (a start at
// issue 46's size spent 39 % of its CPU there; docs/scale.md).
//
// TestSnapshot_CodecIsExact (internal/mongodb) checks each mirrored type
// against the driver: a document of every field set, one of none, one of
// empty lists, and times that BSON shortens, read back through this codec
// and through BSON, must be equal. A type the codec cannot hold (an
// interface, a channel, a type with a BSON marshaller of its own other than
// ID and SpecList) fails when its table is made.

// docCodec writes and reads one document type.
type docCodec[D any] struct{ c *valueCodec }

type valueCodec struct {
	enc func(b []byte, p unsafe.Pointer) []byte
	dec func(r *codecReader, p unsafe.Pointer)
}

// codecReader reads a document's bytes; the first error stops it (later
// reads answer zeros).
type codecReader struct {
	b   []byte
	err error
}

var errCodecShort = errors.New("a snapshot document ends early")

func (r *codecReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

func (r *codecReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(errCodecShort)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// varint reads binary.AppendVarint's zig-zag form.
func (r *codecReader) varint() int64 {
	u := r.uvarint()
	v := int64(u >> 1)
	if u&1 != 0 {
		v = ^v
	}
	return v
}

func (r *codecReader) bytes(n uint64) []byte {
	if n > uint64(len(r.b)) {
		r.fail(errCodecShort)
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *codecReader) byte1() byte {
	if len(r.b) == 0 {
		r.fail(errCodecShort)
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

// length reads a count of elements that each take at least one byte.
func (r *codecReader) length() int {
	n := r.uvarint()
	if n > uint64(len(r.b))+1 {
		r.fail(errCodecShort)
		return 0
	}
	return int(n)
}

var codecs sync.Map // reflect.Type → *valueCodec (or error)

// newDocCodec compiles D's codec (once a type, for every table of it).
func newDocCodec[D any]() (docCodec[D], error) {
	t := reflect.TypeFor[D]()
	if v, ok := codecs.Load(t); ok {
		if err, bad := v.(error); bad {
			return docCodec[D]{}, err
		}
		return docCodec[D]{v.(*valueCodec)}, nil
	}
	c, err := compileCodec(t, false, map[reflect.Type]*valueCodec{})
	if err != nil {
		err = fmt.Errorf("the snapshot codec cannot hold %s: %w", t, err)
		codecs.Store(t, err)
		return docCodec[D]{}, err
	}
	codecs.Store(t, c)
	return docCodec[D]{c}, nil
}

// append writes d to b, behind its length (4 bytes, little-endian, the
// length included, as a BSON document's).
func (c docCodec[D]) append(b []byte, d *D) []byte {
	start := len(b)
	b = append(b, 0, 0, 0, 0)
	b = c.c.enc(b, unsafe.Pointer(d))
	binary.LittleEndian.PutUint32(b[start:], uint32(len(b)-start))
	return b
}

// decode reads one document (its length included) into d, a zero value.
func (c docCodec[D]) decode(doc []byte, d *D) error {
	if len(doc) < 4 || int(binary.LittleEndian.Uint32(doc)) != len(doc) {
		return errors.New("a snapshot document's length does not match")
	}
	r := codecReader{b: doc[4:]}
	c.c.dec(&r, unsafe.Pointer(d))
	if r.err != nil {
		return r.err
	}
	if len(r.b) != 0 {
		return fmt.Errorf("a snapshot document holds %d bytes more than its fields", len(r.b))
	}
	return nil
}

// nextDoc splits the first document off a chunk.
func nextDoc(chunk []byte) (doc, rest []byte, err error) {
	if len(chunk) < 4 {
		return nil, nil, errors.New("a chunk ends early")
	}
	size := int(binary.LittleEndian.Uint32(chunk))
	if size < 4 || size > len(chunk) {
		return nil, nil, fmt.Errorf("a document of %d bytes in %d", size, len(chunk))
	}
	return chunk[:size], chunk[size:], nil
}

var (
	specListType = reflect.TypeFor[SpecList]()
	idType       = reflect.TypeFor[ID]()
)

// compileCodec builds t's codec; omitEmpty is the field's BSON omitempty.
func compileCodec(t reflect.Type, omitEmpty bool, building map[reflect.Type]*valueCodec) (*valueCodec, error) {
	c, err := compileKind(t, omitEmpty, building)
	if err != nil || !omitEmpty {
		return c, err
	}
	return omitZero(t, c), nil
}

// zeroer is the driver's Zeroer: omitempty leaves out a value (or a
// pointer to one) whose IsZero says so, and it reads back as the zero
// value (nil).
type zeroer interface{ IsZero() bool }

var zeroerType = reflect.TypeFor[zeroer]()

// omitZero writes a value that omitempty leaves out because its IsZero
// says so as the zero value (nil for a pointer), which is what it reads
// back as from BSON.
func omitZero(t reflect.Type, c *valueCodec) *valueCodec {
	switch {
	case t.Kind() == reflect.Pointer && t.Implements(zeroerType):
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte {
				if q := *(*unsafe.Pointer)(p); q != nil && reflect.NewAt(t.Elem(), q).Interface().(zeroer).IsZero() {
					return append(b, 0)
				}
				return c.enc(b, p)
			},
			dec: c.dec,
		}
	case t.Kind() != reflect.Pointer && t.Implements(zeroerType):
		zero := reflect.New(t).UnsafePointer()
		isZero := func(p unsafe.Pointer) bool { return reflect.NewAt(t, p).Elem().Interface().(zeroer).IsZero() }
		switch t { // (without boxing a copy)
		case timeType:
			isZero = func(p unsafe.Pointer) bool { return (*time.Time)(p).IsZero() }
		case idType:
			isZero = func(p unsafe.Pointer) bool { return (*ID)(p).IsZero() }
		case specListType:
			isZero = func(p unsafe.Pointer) bool { return (*SpecList)(p).IsZero() }
		}
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte {
				if isZero(p) {
					return c.enc(b, zero)
				}
				return c.enc(b, p)
			},
			dec: c.dec,
		}
	}
	return c
}

// compileKind builds t's codec by its type or kind.
func compileKind(t reflect.Type, omitEmpty bool, building map[reflect.Type]*valueCodec) (*valueCodec, error) {
	switch t {
	case timeType:
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte { return binary.AppendVarint(b, (*time.Time)(p).UnixMilli()) },
			dec: func(r *codecReader, p unsafe.Pointer) { *(*time.Time)(p) = time.UnixMilli(r.varint()).UTC() },
		}, nil
	case specListType:
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte {
				s := (*SpecList)(p).packed
				return append(binary.AppendUvarint(b, uint64(len(s))), s...)
			},
			dec: func(r *codecReader, p unsafe.Pointer) {
				packed := r.bytes(r.uvarint())
				if len(packed) == 0 {
					*(*SpecList)(p) = SpecList{}
					return
				}
				if err := checkPacked(packed); err != nil {
					r.fail(err)
					return
				}
				*(*SpecList)(p) = SpecList{packed: string(packed)}
			},
		}, nil
	case idType:
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte { return append(b, (*ID)(p)[:]...) },
			dec: func(r *codecReader, p unsafe.Pointer) { copy((*ID)(p)[:], r.bytes(12)) },
		}, nil
	}
	if t.Kind() == reflect.Pointer {
		return pointerCodec(t, building)
	}
	if ownBSON(t) {
		return nil, fmt.Errorf("%s has a BSON marshaller of its own", t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte {
				if *(*bool)(p) {
					return append(b, 1)
				}
				return append(b, 0)
			},
			dec: func(r *codecReader, p unsafe.Pointer) { *(*bool)(p) = r.byte1() != 0 },
		}, nil
	case reflect.Int64:
		return signedCodec[int64](), nil
	case reflect.Int:
		return signedCodec[int](), nil
	case reflect.Int32:
		return signedCodec[int32](), nil
	case reflect.Int16:
		return signedCodec[int16](), nil
	case reflect.Int8:
		return signedCodec[int8](), nil
	case reflect.Uint64, reflect.Uint:
		// (uint is 64 bits on every platform the store builds for)
		if t.Size() != 8 {
			return nil, fmt.Errorf("%s of %d bytes", t, t.Size())
		}
		return unsignedCodec[uint64](), nil
	case reflect.Uint32:
		return unsignedCodec[uint32](), nil
	case reflect.Uint16:
		return unsignedCodec[uint16](), nil
	case reflect.Uint8:
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte { return append(b, *(*uint8)(p)) },
			dec: func(r *codecReader, p unsafe.Pointer) { *(*uint8)(p) = r.byte1() },
		}, nil
	case reflect.Float64:
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte {
				return binary.LittleEndian.AppendUint64(b, math.Float64bits(*(*float64)(p)))
			},
			dec: func(r *codecReader, p unsafe.Pointer) {
				if v := r.bytes(8); v != nil {
					*(*float64)(p) = math.Float64frombits(binary.LittleEndian.Uint64(v))
				}
			},
		}, nil
	case reflect.String:
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte {
				s := *(*string)(p)
				return append(binary.AppendUvarint(b, uint64(len(s))), s...)
			},
			dec: func(r *codecReader, p unsafe.Pointer) {
				if v := r.bytes(r.uvarint()); len(v) > 0 {
					*(*string)(p) = string(v)
				}
			},
		}, nil
	case reflect.Array:
		return arrayCodec(t, building)
	case reflect.Slice:
		return sliceCodec(t, omitEmpty, building)
	case reflect.Map:
		return mapCodec(t, omitEmpty, building)
	case reflect.Struct:
		return structCodec(t, building)
	}
	return nil, fmt.Errorf("%s is of a kind (%s) the snapshot does not hold", t, t.Kind())
}

// signedCodec and unsignedCodec write an integer (of any type of its
// kind: the codec reads and writes through the field's address) as a
// varint.
func signedCodec[T int | int8 | int16 | int32 | int64]() *valueCodec {
	return &valueCodec{
		enc: func(b []byte, p unsafe.Pointer) []byte { return binary.AppendVarint(b, int64(*(*T)(p))) },
		dec: func(r *codecReader, p unsafe.Pointer) { *(*T)(p) = T(r.varint()) },
	}
}

func unsignedCodec[T uint16 | uint32 | uint64]() *valueCodec {
	return &valueCodec{
		enc: func(b []byte, p unsafe.Pointer) []byte { return binary.AppendUvarint(b, uint64(*(*T)(p))) },
		dec: func(r *codecReader, p unsafe.Pointer) { *(*T)(p) = T(r.uvarint()) },
	}
}

// ownBSON reports whether t marshals itself to BSON (by the driver's
// interfaces' method names: this package does not import the driver).
func ownBSON(t reflect.Type) bool {
	for _, name := range []string{"MarshalBSONValue", "MarshalBSON", "UnmarshalBSONValue", "UnmarshalBSON"} {
		if _, ok := t.MethodByName(name); ok {
			return true
		}
		if _, ok := reflect.PointerTo(t).MethodByName(name); ok {
			return true
		}
	}
	return false
}

func arrayCodec(t reflect.Type, building map[reflect.Type]*valueCodec) (*valueCodec, error) {
	n, size := t.Len(), t.Elem().Size()
	if t.Elem().Kind() == reflect.Uint8 && !ownBSON(t.Elem()) {
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte { return append(b, unsafe.Slice((*byte)(p), n)...) },
			dec: func(r *codecReader, p unsafe.Pointer) { copy(unsafe.Slice((*byte)(p), n), r.bytes(uint64(n))) },
		}, nil
	}
	elem, err := compileCodec(t.Elem(), false, building)
	if err != nil {
		return nil, err
	}
	return &valueCodec{
		enc: func(b []byte, p unsafe.Pointer) []byte {
			for i := range n {
				b = elem.enc(b, unsafe.Add(p, uintptr(i)*size))
			}
			return b
		},
		dec: func(r *codecReader, p unsafe.Pointer) {
			for i := range n {
				elem.dec(r, unsafe.Add(p, uintptr(i)*size))
			}
		},
	}, nil
}

// A list or map is written as 0 (none) or its length plus one. omitempty
// writes an empty one as none.
func sliceCodec(t reflect.Type, omitEmpty bool, building map[reflect.Type]*valueCodec) (*valueCodec, error) {
	type header struct {
		data     unsafe.Pointer
		len, cap int
	}
	// start writes the count (0: none) and answers the list (nil: none).
	start := func(b []byte, p unsafe.Pointer) ([]byte, *header) {
		h := (*header)(p)
		if h.data == nil || (omitEmpty && h.len == 0) {
			return append(b, 0), nil
		}
		return binary.AppendUvarint(b, uint64(h.len)+1), h
	}
	if t.Elem().Kind() == reflect.Uint8 && !ownBSON(t.Elem()) {
		return &valueCodec{
			enc: func(b []byte, p unsafe.Pointer) []byte {
				b, h := start(b, p)
				if h == nil {
					return b
				}
				return append(b, unsafe.Slice((*byte)(h.data), h.len)...)
			},
			dec: func(r *codecReader, p unsafe.Pointer) {
				n := r.uvarint()
				if n == 0 {
					return
				}
				v := r.bytes(n - 1)
				if r.err == nil {
					reflect.NewAt(t, p).Elem().SetBytes(append(make([]byte, 0, len(v)), v...))
				}
			},
		}, nil
	}
	elem, err := compileCodec(t.Elem(), false, building)
	if err != nil {
		return nil, err
	}
	size := t.Elem().Size()
	return &valueCodec{
		enc: func(b []byte, p unsafe.Pointer) []byte {
			b, h := start(b, p)
			if h == nil {
				return b
			}
			for i := range h.len {
				b = elem.enc(b, unsafe.Add(h.data, uintptr(i)*size))
			}
			return b
		},
		dec: func(r *codecReader, p unsafe.Pointer) {
			n := r.length()
			if n == 0 || r.err != nil {
				return
			}
			s := reflect.MakeSlice(t, n-1, n-1)
			data := s.UnsafePointer()
			for i := range n - 1 {
				elem.dec(r, unsafe.Add(data, uintptr(i)*size))
			}
			reflect.NewAt(t, p).Elem().Set(s)
		},
	}, nil
}

func mapCodec(t reflect.Type, omitEmpty bool, building map[reflect.Type]*valueCodec) (*valueCodec, error) {
	if t.Key().Kind() != reflect.String {
		return nil, fmt.Errorf("%s: a map's keys must be strings in BSON", t)
	}
	key, err := compileCodec(t.Key(), false, building)
	if err != nil {
		return nil, err
	}
	elem, err := compileCodec(t.Elem(), false, building)
	if err != nil {
		return nil, err
	}
	return &valueCodec{
		enc: func(b []byte, p unsafe.Pointer) []byte {
			m := reflect.NewAt(t, p).Elem()
			if m.IsNil() || (omitEmpty && m.Len() == 0) {
				return append(b, 0)
			}
			b = binary.AppendUvarint(b, uint64(m.Len())+1)
			k, v := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
			for it := m.MapRange(); it.Next(); {
				k.SetIterKey(it)
				v.SetIterValue(it)
				b = key.enc(b, k.Addr().UnsafePointer())
				b = elem.enc(b, v.Addr().UnsafePointer())
			}
			return b
		},
		dec: func(r *codecReader, p unsafe.Pointer) {
			n := r.length()
			if n == 0 || r.err != nil {
				return
			}
			m := reflect.MakeMapWithSize(t, n-1)
			for range n - 1 {
				k, v := reflect.New(t.Key()), reflect.New(t.Elem())
				key.dec(r, k.UnsafePointer())
				elem.dec(r, v.UnsafePointer())
				if r.err != nil {
					return
				}
				m.SetMapIndex(k.Elem(), v.Elem())
			}
			reflect.NewAt(t, p).Elem().Set(m)
		},
	}, nil
}

func pointerCodec(t reflect.Type, building map[reflect.Type]*valueCodec) (*valueCodec, error) {
	elem, err := compileCodec(t.Elem(), false, building)
	if err != nil {
		return nil, err
	}
	return &valueCodec{
		enc: func(b []byte, p unsafe.Pointer) []byte {
			q := *(*unsafe.Pointer)(p)
			if q == nil {
				return append(b, 0)
			}
			return elem.enc(append(b, 1), q)
		},
		dec: func(r *codecReader, p unsafe.Pointer) {
			if r.byte1() == 0 {
				return
			}
			v := reflect.New(t.Elem())
			elem.dec(r, v.UnsafePointer())
			reflect.NewAt(t, p).Elem().Set(v)
		},
	}, nil
}

func structCodec(t reflect.Type, building map[reflect.Type]*valueCodec) (*valueCodec, error) {
	if c, ok := building[t]; ok {
		return c, nil // a type that holds itself: filled in below
	}
	c := &valueCodec{}
	building[t] = c
	type field struct {
		offset uintptr
		c      *valueCodec
	}
	var fields []field
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("bson")
		if !f.IsExported() || tag == "-" {
			continue
		}
		fc, err := compileCodec(f.Type, hasOption(tag, "omitempty"), building)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %w", t, f.Name, err)
		}
		fields = append(fields, field{f.Offset, fc})
	}
	c.enc = func(b []byte, p unsafe.Pointer) []byte {
		for _, f := range fields {
			b = f.c.enc(b, unsafe.Add(p, f.offset))
		}
		return b
	}
	c.dec = func(r *codecReader, p unsafe.Pointer) {
		for _, f := range fields {
			f.c.dec(r, unsafe.Add(p, f.offset))
		}
	}
	return c, nil
}

// hasOption reports whether a BSON tag has the option (after its name).
func hasOption(tag, option string) bool {
	_, opts, _ := strings.Cut(tag, ",")
	for o := range strings.SplitSeq(opts, ",") {
		if o == option {
			return true
		}
	}
	return false
}

// checkPacked checks a SpecList's packed form: its count, then each
// specification's three fields, each behind its length, and nothing after.
func checkPacked(b []byte) error {
	bad := errors.New("a snapshot's specifications are damaged")
	count, k := binary.Uvarint(b)
	if k <= 0 || count == 0 || count > uint64(len(b)) {
		return bad
	}
	b = b[k:]
	for range 3 * count {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > uint64(len(b)-k) {
			return bad
		}
		b = b[k+int(n):]
	}
	if len(b) != 0 {
		return bad
	}
	return nil
}

// SnapshotEncode, SnapshotDecode and SnapshotRoundTrip are the snapshot's
// codec for one document: for the check of each mirrored type against the
// store's BSON codec (TestSnapshot_CodecIsExact in internal/mongodb).
func SnapshotEncode[D any](d *D) []byte {
	c, err := newDocCodec[D]()
	if err != nil {
		panic(err)
	}
	return c.append(nil, d)
}

func SnapshotDecode[D any](doc []byte, d *D) error {
	c, err := newDocCodec[D]()
	if err != nil {
		return err
	}
	return c.decode(doc, d)
}

func SnapshotRoundTrip[D any](d *D) (D, error) {
	var back D
	err := SnapshotDecode(SnapshotEncode(d), &back)
	return back, err
}
