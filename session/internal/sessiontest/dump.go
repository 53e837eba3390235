package sessiontest

import (
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
)

// Dump writes everything a session holds, unexported fields too, as text
// that is the same for the same model: maps in key order, a pointer seen
// before as a reference to where it was first written. Two reads of a log
// decode alike when their dumps are the same bytes.
func Dump(w io.Writer, v any) {
	d := dumper{w: w, seen: map[uintptr]int{}}
	d.value(reflect.ValueOf(v), 0)
	io.WriteString(w, "\n")
}

type dumper struct {
	w    io.Writer
	seen map[uintptr]int // pointer → its number, in the order first written
}

func (d *dumper) value(v reflect.Value, depth int) {
	indent := "\n" + strings.Repeat(" ", depth+1)
	switch v.Kind() {
	case reflect.Invalid:
		io.WriteString(d.w, "nil")
	case reflect.Pointer:
		if v.IsNil() {
			io.WriteString(d.w, "nil")
			return
		}
		if n, ok := d.seen[v.Pointer()]; ok {
			fmt.Fprintf(d.w, "@%d", n)
			return
		}
		d.seen[v.Pointer()] = len(d.seen)
		fmt.Fprintf(d.w, "&%d ", len(d.seen)-1)
		d.value(v.Elem(), depth)
	case reflect.Interface:
		if v.IsNil() {
			io.WriteString(d.w, "nil")
			return
		}
		fmt.Fprintf(d.w, "(%s) ", v.Elem().Type())
		d.value(v.Elem(), depth)
	case reflect.Struct:
		fmt.Fprintf(d.w, "%s{", v.Type())
		for i := range v.NumField() {
			fmt.Fprintf(d.w, "%s%s: ", indent, v.Type().Field(i).Name)
			d.value(v.Field(i), depth+1)
		}
		io.WriteString(d.w, "}")
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			io.WriteString(d.w, "nil")
			return
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			fmt.Fprintf(d.w, "%q", v.Bytes())
			return
		}
		fmt.Fprintf(d.w, "[%d", v.Len())
		for i := range v.Len() {
			io.WriteString(d.w, indent)
			d.value(v.Index(i), depth+1)
		}
		io.WriteString(d.w, "]")
	case reflect.Map:
		if v.IsNil() {
			io.WriteString(d.w, "nil")
			return
		}
		keys := v.MapKeys()
		text := func(k reflect.Value) string { return fmt.Sprint(k) }
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(text(a), text(b)) })
		fmt.Fprintf(d.w, "map[%d", v.Len())
		for _, k := range keys {
			fmt.Fprintf(d.w, "%s%q: ", indent, text(k))
			d.value(v.MapIndex(k), depth+1)
		}
		io.WriteString(d.w, "]")
	case reflect.String:
		fmt.Fprintf(d.w, "%q", v.String())
	case reflect.Bool:
		fmt.Fprint(d.w, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fmt.Fprint(d.w, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		fmt.Fprint(d.w, v.Uint())
	case reflect.Float32, reflect.Float64:
		fmt.Fprint(d.w, v.Float())
	case reflect.Func:
		if v.IsNil() {
			io.WriteString(d.w, "nil")
		} else {
			io.WriteString(d.w, "func")
		}
	default:
		fmt.Fprintf(d.w, "<%s>", v.Kind())
	}
}
