package mirror

import (
	"fmt"
	"reflect"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// SpecList is a product's stored specifications. MongoDB stores them as
// the array of documents DESIGN shows. The embedded store stores them
// packed, as one binary value holding that array (EncodeSpecsPacked, the
// embedded client's encoder): FerretDB decodes and encodes a document value
// by value on every read and write (an order's stock change rewrites its
// product, start-up reads every product), and thirty specifications are
// about ninety values of a product's hundred and twenty. Either form
// decodes, so a backup moves between the stores.
type SpecList []Spec

// packedSpecs is the document a packed SpecList's bytes hold.
type packedSpecs struct {
	S []Spec `bson:"s"`
}

// PackSpecs is the packed form of specs: one binary value (nil for none).
func PackSpecs(specs SpecList) (bson.Binary, error) {
	data, err := bson.Marshal(packedSpecs{S: specs})
	if err != nil {
		return bson.Binary{}, err
	}
	return bson.Binary{Subtype: bson.TypeBinaryGeneric, Data: data}, nil
}

// UnmarshalBSONValue reads the array (MongoDB), the packed binary (the
// embedded store) or null (none).
func (l *SpecList) UnmarshalBSONValue(t byte, data []byte) error {
	raw := bson.RawValue{Type: bson.Type(t), Value: data}
	switch raw.Type {
	case bson.TypeNull, bson.TypeUndefined:
		*l = nil
		return nil
	case bson.TypeArray:
		var specs []Spec
		if err := raw.Unmarshal(&specs); err != nil {
			return err
		}
		*l = specs
		return nil
	case bson.TypeBinary:
		_, b, ok := raw.BinaryOK()
		if !ok {
			return fmt.Errorf("specs: a malformed binary value")
		}
		var p packedSpecs
		if err := bson.Unmarshal(b, &p); err != nil {
			return fmt.Errorf("specs: %w", err)
		}
		*l = p.S
		return nil
	default:
		return fmt.Errorf("specs: a %s value, not an array or packed binary", raw.Type)
	}
}

// EncodeSpecsPacked encodes a SpecList packed (bson.Registry's
// RegisterTypeEncoder): the embedded store's client registers it.
func EncodeSpecsPacked(_ bson.EncodeContext, vw bson.ValueWriter, v reflect.Value) error {
	specs, ok := v.Interface().(SpecList)
	if !ok {
		return fmt.Errorf("specs: cannot pack a %s", v.Type())
	}
	if specs == nil {
		return vw.WriteNull()
	}
	b, err := PackSpecs(specs)
	if err != nil {
		return err
	}
	return vw.WriteBinaryWithSubtype(b.Data, b.Subtype)
}
