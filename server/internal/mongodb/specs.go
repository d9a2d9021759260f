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
