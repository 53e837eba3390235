package ui

import (
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"
)

func TestZZViewerLoad(t *testing.T) {
	p := os.Getenv("ZZ")
	if p == "" {
		t.Skip()
	}
	start := time.Now()
	v := openViewer(p, false)
	t.Logf("first frame after %v", time.Since(start))
	_ = untilLoaded(v)
	t.Logf("loaded in %v, %d items", time.Since(start), len(v.items))
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("heap in use %d MB", ms.HeapInuse>>20)
	if f := os.Getenv("ZZHEAP"); f != "" {
		w, _ := os.Create(f)
		pprof.WriteHeapProfile(w)
		w.Close()
	}
	runtime.KeepAlive(v)
}
