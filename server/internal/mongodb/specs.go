package mongodb

import (
	"fmt"
	"reflect"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
)

// packedSpecs is the document a packed mirror.SpecList's bytes hold.
type packedSpecs struct {
	S []mirror.Spec `bson:"s"`
}

var specListType = reflect.TypeFor[mirror.SpecList]()

// registry is the client's: the embedded store writes a SpecList packed
// (mirror.SpecList); otherwise, and in every read, the list's own BSON
// methods (DESIGN's array; either form read back).
func registry(embedded bool) *bson.Registry {
	reg := bson.NewRegistry()
	if embedded {
		reg.RegisterTypeEncoder(specListType, bson.ValueEncoderFunc(encodeSpecsPacked))
	}
	return reg
}

// packSpecs is the packed form of specs: one binary value.
func packSpecs(specs []mirror.Spec) (bson.Binary, error) {
	return bson.Binary{Subtype: bson.TypeBinaryGeneric, Data: mirror.PackSpecs(specs).PackedBSON()}, nil
}

// encodeSpecsPacked writes a SpecList as one binary value (null for none).
func encodeSpecsPacked(_ bson.EncodeContext, vw bson.ValueWriter, v reflect.Value) error {
	if v.Type() != specListType {
		return fmt.Errorf("specs: cannot pack a %s", v.Type())
	}
	l := v.Interface().(mirror.SpecList)
	if l.IsZero() {
		return vw.WriteNull()
	}
	return vw.WriteBinaryWithSubtype(l.PackedBSON(), bson.TypeBinaryGeneric)
}

// InStoredForm returns doc, a backed-up document of the collection, with
// its specifications in this store's form: a product's packed binary
// unpacked into DESIGN's array for MongoDB, an array packed for the
// embedded store. A backup moves between the stores (restore); any other
// document comes back as it is.
func (s *Store) InStoredForm(collection string, doc bson.Raw) (bson.Raw, error) {
	if collection != CollProducts {
		return doc, nil
	}
	v, err := doc.LookupErr("specs")
	if err != nil {
		return doc, nil // none
	}
	var specs []mirror.Spec
	switch {
	case v.Type == bson.TypeBinary && !s.Embedded():
		_, data, ok := v.BinaryOK()
		if !ok {
			return nil, fmt.Errorf("specs: not a binary value")
		}
		var p packedSpecs
		if err := bson.Unmarshal(data, &p); err != nil {
			return nil, fmt.Errorf("specs: %w", err)
		}
		specs = p.S
	case v.Type == bson.TypeArray && s.Embedded():
		if err := v.Unmarshal(&specs); err != nil {
			return nil, fmt.Errorf("specs: %w", err)
		}
	default:
		return doc, nil // in this store's form already (or null)
	}
	var value any = specs
	if s.Embedded() {
		b, err := packSpecs(specs)
		if err != nil {
			return nil, err
		}
		value = b
	}
	elems, err := doc.Elements()
	if err != nil {
		return nil, err
	}
	out := make(bson.D, len(elems))
	for i, e := range elems {
		out[i] = bson.E{Key: e.Key(), Value: e.Value()}
		if e.Key() == "specs" {
			out[i].Value = value
		}
	}
	return bson.Marshal(out)
}
