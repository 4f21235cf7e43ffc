package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
)

// textError refuses data that is not text before the JSON decoder words it
// as a syntax error about one odd character.
func textError(data []byte) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("the file is empty")
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return fmt.Errorf("line %d: the file contains a NUL byte: is it a binary file?", lineOf(data, i))
	}
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		return fmt.Errorf("line %d: the file is not UTF-8 text (byte %#x)", lineOf(data, i), data[i])
	}
	return nil
}

func lineOf(data []byte, offset int) int {
	return 1 + bytes.Count(data[:offset], []byte("\n"))
}

// jsonError says where in the data a JSON syntax error is, by line.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// An error at the very end is on the last line that has text.
		end := min(int(se.Offset), len(bytes.TrimRight(data, " \t\r\n")))
		return fmt.Errorf("line %d: %s", lineOf(data, end), JSONMessage(err))
	}
	return errors.New(JSONMessage(err))
}

// JSONMessage words a JSON decoding error for the player rather than for a
// Go programmer: no package prefix, no Go type names.
func JSONMessage(err error) string { return jsonMessage(err, jsonField) }

// jsonMessage is JSONMessage with field naming the path of a field.
func jsonMessage(err error, field func(path string) string) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := jsonKind(te.Type.Kind().String())
		name := field(te.Field)
		if n, ok := strings.CutPrefix(te.Value, "number "); ok && want == "number" {
			// A number, but not one the field can hold: say which it can.
			want := numberRange(te.Type)
			if name == "" {
				return fmt.Sprintf("want %s, not %s", want, n)
			}
			return fmt.Sprintf("field %q: want %s, not %s", name, want, n)
		}
		if name == "" {
			return fmt.Sprintf("want a JSON %s, not %s", want, article(te.Value))
		}
		return fmt.Sprintf("field %q: want a JSON %s, not %s", name, want, article(te.Value))
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "unexpected end of JSON input"
	}
	var se *json.SyntaxError
	if errors.As(err, &se) && strings.HasSuffix(se.Error(), "exceeded max depth") {
		return "nested too deeply"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonField drops from a field path the names of embedded Go structs
// ("Position.seed"): the JSON names of our files are all lower case.
func jsonField(path string) string {
	var keep []string
	for _, part := range strings.Split(path, ".") {
		if part != "" && unicode.IsUpper(rune(part[0])) {
			continue
		}
		keep = append(keep, part)
	}
	return strings.Join(keep, ".")
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "string"
	case "slice", "array":
		return "array"
	case "map", "struct", "ptr":
		return "object"
	case "bool":
		return "boolean"
	}
	return "number"
}

// article puts "a" or "an" before a JSON kind as encoding/json names it
// ("number", "array", "number -1"...).
func article(kind string) string {
	if kind != "" && strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

// numberRange says which numbers a field of type t holds.
func numberRange(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(1)<<t.Bits()-1)
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		return fmt.Sprintf("a whole number from %d to %d", -(int64(1) << (t.Bits() - 1)), int64(1)<<(t.Bits()-1)-1)
	}
	return "a number"
}
