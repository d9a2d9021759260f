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

var (
	specListType = reflect.TypeFor[mirror.SpecList]()
	specsType    = reflect.TypeFor[[]mirror.Spec]()
)

// registry is the client's: SpecList decodes from either form on both
// stores, and the embedded store writes it packed (mirror.SpecList).
func registry(embedded bool) *bson.Registry {
	reg := bson.NewRegistry()
	reg.RegisterTypeDecoder(specListType, bson.ValueDecoderFunc(decodeSpecs))
	if embedded {
		reg.RegisterTypeEncoder(specListType, bson.ValueEncoderFunc(encodeSpecsPacked))
	}
	return reg
}

// packSpecs is the packed form of specs: one binary value.
func packSpecs(specs mirror.SpecList) (bson.Binary, error) {
	data, err := bson.Marshal(packedSpecs{S: specs})
	if err != nil {
		return bson.Binary{}, err
	}
	return bson.Binary{Subtype: bson.TypeBinaryGeneric, Data: data}, nil
}

// encodeSpecsPacked writes a SpecList as one binary value (null for none).
func encodeSpecsPacked(_ bson.EncodeContext, vw bson.ValueWriter, v reflect.Value) error {
	if v.Type() != specListType {
		return fmt.Errorf("specs: cannot pack a %s", v.Type())
	}
	if v.IsNil() {
		return vw.WriteNull()
	}
	b, err := packSpecs(v.Interface().(mirror.SpecList))
	if err != nil {
		return err
	}
	return vw.WriteBinaryWithSubtype(b.Data, b.Subtype)
}

// decodeSpecs reads a SpecList from the array (MongoDB), the packed
// binary (the embedded store) or null (none).
func decodeSpecs(dc bson.DecodeContext, vr bson.ValueReader, v reflect.Value) error {
	if !v.CanSet() || v.Type() != specListType {
		return fmt.Errorf("specs: cannot decode into a %s", v.Type())
	}
	switch vr.Type() {
	case bson.TypeNull:
		v.SetZero()
		return vr.ReadNull()
	case bson.TypeUndefined:
		v.SetZero()
		return vr.ReadUndefined()
	case bson.TypeBinary:
		data, _, err := vr.ReadBinary()
		if err != nil {
			return err
		}
		var p packedSpecs
		if err := bson.Unmarshal(data, &p); err != nil {
			return fmt.Errorf("specs: %w", err)
		}
		v.Set(reflect.ValueOf(mirror.SpecList(p.S)))
		return nil
	case bson.TypeArray:
		dec, err := dc.LookupDecoder(specsType)
		if err != nil {
			return err
		}
		specs := reflect.New(specsType).Elem()
		if err := dec.DecodeValue(dc, vr, specs); err != nil {
			return err
		}
		v.Set(specs.Convert(specListType))
		return nil
	default:
		return fmt.Errorf("specs: a %s value, not an array or packed binary", vr.Type())
	}
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
