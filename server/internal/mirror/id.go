package mirror

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
)

// ID is a document's ObjectID, held without the driver: the same 12 bytes,
// which the driver's BSON codec writes and reads as an ObjectID through
// MarshalBSONValue and UnmarshalBSONValue (their byte-typed signatures need
// no import of the driver). internal/mongodb makes new ones from the
// driver's (bson.NewObjectID).
type ID [12]byte

// The BSON types an ID is written as or read from.
const (
	bsonString    = 0x02
	bsonUndefined = 0x06
	bsonObjectID  = 0x07
	bsonNull      = 0x0A
)

// Hex is the id as the API shows it: 24 hexadecimal digits.
func (id ID) Hex() string { return hex.EncodeToString(id[:]) }

// String renders the id as the driver's ObjectID does.
func (id ID) String() string { return `ObjectID("` + id.Hex() + `")` }

// IsZero reports whether the id is unset (omitempty leaves it out).
func (id ID) IsZero() bool { return id == ID{} }

// MarshalText is the hex form (JSON logs).
func (id ID) MarshalText() ([]byte, error) { return []byte(id.Hex()), nil }

// MarshalBSONValue writes the id as a BSON ObjectID.
func (id ID) MarshalBSONValue() (byte, []byte, error) { return bsonObjectID, id[:], nil }

// UnmarshalBSONValue reads a BSON ObjectID (null and undefined: the zero
// id; a string: its hex form or its 12 bytes), as the driver reads one.
func (id *ID) UnmarshalBSONValue(typ byte, data []byte) error {
	switch typ {
	case bsonObjectID:
		if len(data) != len(id) {
			return fmt.Errorf("an ObjectID is 12 bytes, not %d", len(data))
		}
		copy(id[:], data)
	case bsonNull, bsonUndefined:
		*id = ID{}
	case bsonString:
		if len(data) < 5 {
			return fmt.Errorf("a BSON string of %d bytes", len(data))
		}
		n := int(binary.LittleEndian.Uint32(data))
		if n < 1 || 4+n > len(data) {
			return fmt.Errorf("a BSON string of length %d in %d bytes", n, len(data))
		}
		s := data[4 : 4+n-1]
		if p, err := ParseID(string(s)); err == nil {
			*id = p
			return nil
		}
		if len(s) != len(id) {
			return fmt.Errorf("an ObjectID string must be exactly 12 bytes long (got %v)", len(s))
		}
		copy(id[:], s)
	default:
		return fmt.Errorf("cannot decode BSON type %#x into an ObjectID", typ)
	}
	return nil
}

// ParseID reads 24 hexadecimal digits.
func ParseID(s string) (ID, error) {
	var id ID
	if len(s) != 2*len(id) {
		return id, fmt.Errorf("the id %q is not 24 hexadecimal digits", s)
	}
	if _, err := hex.Decode(id[:], []byte(s)); err != nil {
		return id, fmt.Errorf("the id %q is not 24 hexadecimal digits", s)
	}
	return id, nil
}

// CompareIDs orders ids by their bytes, as MongoDB sorts ObjectIDs.
func CompareIDs(a, b ID) int { return bytes.Compare(a[:], b[:]) }
