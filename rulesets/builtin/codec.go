package builtin

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

// The games are stored as a byte stream that follows the checker's model
// field by field, in declaration order: integers and lengths as varints
// (a slice's length plus one, so that nil and empty differ), a pointer as
// 0 for nil or 1 and its value, an interface as 0 for nil or the index of
// its concrete type in condTypes plus one. The stream starts with a
// fingerprint of the model's shape, so that data written for another
// model is refused, not misread.

// condTypes are the kinds of condition, in the order their indices mean.
var condTypes = []reflect.Type{
	reflect.TypeFor[check.And](), reflect.TypeFor[check.Or](), reflect.TypeFor[check.Not](),
	reflect.TypeFor[check.AllIn](), reflect.TypeFor[check.InPhase](), reflect.TypeFor[check.PileTest](),
}

var condType = reflect.TypeFor[check.Cond]()

// modelTypes are the struct types reachable from check.Game (a test
// keeps the list complete).
var modelTypes = []reflect.Type{
	reflect.TypeFor[check.Game](), reflect.TypeFor[check.Pile](), reflect.TypeFor[check.Group](),
	reflect.TypeFor[check.Value](), reflect.TypeFor[check.Phase](), reflect.TypeFor[check.DealStep](),
	reflect.TypeFor[check.StockAction](), reflect.TypeFor[check.Redeal](), reflect.TypeFor[check.BaseRule](),
	reflect.TypeFor[check.Relation](), reflect.TypeFor[check.Pattern](), reflect.TypeFor[check.Not](), reflect.TypeFor[check.Outrank](),
	reflect.TypeFor[check.AllIn](), reflect.TypeFor[check.InPhase](), reflect.TypeFor[check.PileTest](),
	reflect.TypeFor[dsl.Diagnostics](), reflect.TypeFor[dsl.Diagnostic](), reflect.TypeFor[lexer.Position](),
}

// shape is a fingerprint of the model, cheap enough to take at every
// start: each struct type's size and number of fields, and the number of
// condition kinds. A field added or taken away changes it.
func shape() string {
	b := appendUvarint(nil, len(condTypes))
	for _, t := range modelTypes {
		b = appendUvarint(appendUvarint(b, int(t.Size())), t.NumField())
	}
	return string(b)
}

// encode appends v to b.
func encode(b []byte, v reflect.Value) ([]byte, error) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return append(b, 0), nil
		}
		return encode(append(b, 1), v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			return append(b, 0), nil
		}
		for i, t := range condTypes {
			if v.Elem().Type() == t {
				return encode(binary.AppendUvarint(b, uint64(i+1)), v.Elem())
			}
		}
		return nil, fmt.Errorf("no index for the condition type %s: add it to condTypes", v.Elem().Type())
	case reflect.Struct:
		var err error
		for i := 0; i < v.NumField() && err == nil; i++ {
			if !v.Type().Field(i).IsExported() {
				return nil, fmt.Errorf("%s.%s is not exported", v.Type(), v.Type().Field(i).Name)
			}
			b, err = encode(b, v.Field(i))
		}
		return b, err
	case reflect.Slice:
		if v.IsNil() {
			return append(b, 0), nil
		}
		b = binary.AppendUvarint(b, uint64(v.Len()+1))
		var err error
		for i := 0; i < v.Len() && err == nil; i++ {
			b, err = encode(b, v.Index(i))
		}
		return b, err
	case reflect.String:
		return appendString(b, v.String()), nil
	case reflect.Bool:
		if v.Bool() {
			return append(b, 1), nil
		}
		return append(b, 0), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return binary.AppendVarint(b, v.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return binary.AppendUvarint(b, v.Uint()), nil
	}
	return nil, fmt.Errorf("cannot store a %s", v.Type())
}

func appendUvarint(b []byte, n int) []byte { return binary.AppendUvarint(b, uint64(n)) }

func appendString(b []byte, s string) []byte { return append(appendUvarint(b, len(s)), s...) }

var errCorrupt = errors.New("builtin: corrupt game data")

// decoder reads what encode wrote. It reads a string, the embedded data,
// so that the strings it returns are parts of it, not copies.
type decoder struct {
	b   string
	err error
}

// uvarint reads what binary.AppendUvarint wrote, as binary.Uvarint does.
func (d *decoder) uvarint() uint64 {
	var x uint64
	for i := 0; i < len(d.b) && i < binary.MaxVarintLen64; i++ {
		c := d.b[i]
		if c < 0x80 {
			if i == binary.MaxVarintLen64-1 && c > 1 {
				break // overflows 64 bits
			}
			d.b = d.b[i+1:]
			return x | uint64(c)<<(7*i)
		}
		x |= uint64(c&0x7f) << (7 * i)
	}
	d.err, d.b = errCorrupt, ""
	return 0
}

// varint reads what binary.AppendVarint wrote: a zigzag uvarint.
func (d *decoder) varint() int64 {
	x := d.uvarint()
	return int64(x>>1) ^ -int64(x&1)
}

func (d *decoder) bytes(n uint64) string {
	if n > uint64(len(d.b)) {
		d.err, d.b = errCorrupt, ""
		return ""
	}
	s := d.b[:n]
	d.b = d.b[n:]
	return s
}

// decode sets v, which is settable and zero, from the stream.
func (d *decoder) decode(v reflect.Value) {
	if d.err != nil {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if d.uvarint() != 0 {
			v.Set(reflect.New(v.Type().Elem()))
			d.decode(v.Elem())
		}
	case reflect.Interface:
		i := d.uvarint()
		if i == 0 {
			return
		}
		if i > uint64(len(condTypes)) || v.Type() != condType {
			d.err = errCorrupt
			return
		}
		x := reflect.New(condTypes[i-1]).Elem()
		d.decode(x)
		v.Set(x)
	case reflect.Struct:
		for i := range v.NumField() {
			d.decode(v.Field(i))
		}
	case reflect.Slice:
		n := d.uvarint()
		if n == 0 {
			return
		}
		if n-1 > uint64(len(d.b)) { // every element takes a byte at least
			d.err, d.b = errCorrupt, ""
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), int(n-1), int(n-1)))
		for i := range int(n - 1) {
			d.decode(v.Index(i))
		}
	case reflect.String:
		v.SetString(d.bytes(d.uvarint()))
	case reflect.Bool:
		v.SetBool(d.uvarint() != 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(d.varint())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(d.uvarint())
	default:
		d.err = errCorrupt
	}
}
