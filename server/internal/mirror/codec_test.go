package mirror

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

// codecAll has a field of each kind the snapshot's codec holds.
type codecAll struct {
	I     int
	I8    int8
	I16   int16
	I32   int32
	I64   int64
	U16   uint16
	U32   uint32
	U64   uint64
	U8    uint8
	F     float64
	B     bool
	S     string
	T     time.Time
	PT    *time.Time
	ID    ID
	PID   *ID
	Specs SpecList
	Bytes []byte
	List  []string
	Nums  [3]int64
	Held  map[string]int64
	Next  *codecAll
	Kids  []codecAll
	Named codecNamed
	skip  string
	Drop  string `bson:"-"`
}

type codecNamed int64

// The codec's values at their edges: negative and extreme numbers, a time
// before 1970, a list of none and of one, a type that holds itself.
func TestCodec_ValuesAtTheirEdges(t *testing.T) {
	t.Parallel()
	before := time.Date(1969, 7, 20, 20, 17, 40, 0, time.UTC)
	id := ID{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	in := codecAll{
		I: math.MinInt, I8: -128, I16: -32768, I32: math.MinInt32, I64: math.MinInt64,
		U16: math.MaxUint16, U32: math.MaxUint32, U64: math.MaxUint64, U8: 255,
		F: -0.5, B: true, S: "é\x00\xff", T: before, PT: &before, ID: id, PID: &id,
		Specs: PackSpecs([]Spec{{Name: "Power", Value: "-3", Unit: "kW"}}), Bytes: []byte{0, 1}, List: []string{"", "a"},
		Nums: [3]int64{-1, 0, math.MaxInt64}, Held: map[string]int64{"": -7, "k": 7},
		Next:  &codecAll{S: "next", Kids: []codecAll{}},
		Kids:  []codecAll{{I: -1, List: []string{}}},
		Named: -42, skip: "not written", Drop: "not written",
	}
	out, err := SnapshotRoundTrip(&in)
	if err != nil {
		t.Fatal(err)
	}
	want := in
	want.skip, want.Drop = "", ""
	if !reflect.DeepEqual(out, want) {
		t.Fatalf("read back:\n  %+v\nwant\n  %+v", out, want)
	}
	var zero codecAll
	if back, err := SnapshotRoundTrip(&zero); err != nil || !reflect.DeepEqual(back, zero) {
		t.Fatalf("the zero value read back as %+v (%v)", back, err)
	}
}

// A type the codec cannot hold is refused when its codec is made.
func TestCodec_RefusesWhatItCannotHold(t *testing.T) {
	t.Parallel()
	for name, err := range map[string]error{
		"an interface":            refused[struct{ V any }](),
		"a channel":               refused[struct{ C chan int }](),
		"a map keyed by a number": refused[struct{ M map[int]string }](),
		"a float32":               refused[struct{ F float32 }](),
		"its own BSON marshaller": refused[struct{ V ownMarshaller }](),
	} {
		if err == nil || !strings.Contains(err.Error(), "the snapshot codec cannot hold") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func refused[D any]() error {
	_, err := newDocCodec[D]()
	return err
}

type ownMarshaller struct{ v string }

func (ownMarshaller) MarshalBSONValue() (byte, []byte, error) { return 0, nil, nil }

// A SpecList whose packed form is damaged is refused.
func TestCodec_RefusesDamagedSpecifications(t *testing.T) {
	t.Parallel()
	type withSpecs struct{ Specs SpecList }
	good := withSpecs{PackSpecs([]Spec{{Name: "Power", Value: "60", Unit: "kVA"}})}
	doc := SnapshotEncode(&good)
	// the packed form follows its length (one byte here) and the document's
	// length (four): its count of specifications, raised
	bad := append([]byte(nil), doc...)
	bad[5]++
	if err := SnapshotDecode(bad, new(withSpecs)); err == nil {
		t.Fatal("a list of specifications with a wrong count was read")
	}
}
