package bridge

import (
	"reflect"
	"strings"
)

// Object turns a wire value (engine.WireInfo, engine.WireResult) into the
// plain maps, slices, strings, booleans and numbers (ints, and float64
// for counts that may pass int32) that syscall/js converts, by the same JSON names and omitempty rules that
// encoding/json follows for the HTTP API: one definition of each shape
// for both, without encoding/json in the page's module.
func Object(v any) any { return object(reflect.ValueOf(v)) }

func object(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return object(v.Elem())
	case reflect.Struct:
		out := map[string]any{}
		t := v.Type()
		for i := range t.NumField() {
			name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			f := v.Field(i)
			if opts == "omitempty" && f.IsZero() {
				continue
			}
			out[name] = object(f)
		}
		return out
	case reflect.Map:
		out := map[string]any{}
		for it := v.MapRange(); it.Next(); {
			out[it.Key().String()] = object(it.Value())
		}
		return out
	case reflect.Slice, reflect.Array:
		out := make([]any, v.Len())
		for i := range out {
			out[i] = object(v.Index(i))
		}
		return out
	case reflect.String:
		return v.String()
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return int(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return v.Float()
	}
	panic("bridge: no JavaScript form for " + v.Type().String())
}
