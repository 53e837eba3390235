package present

import "testing"

// Picking a call's presenter is done three times a call (its message, its
// tool/call event, its result) on the one core that applies the lines:
// it allocates nothing, where it made a copy of the presenter on the heap
// each time (750,000 of them over a million small events).
func TestPickingAPresenterAllocatesNothing(t *testing.T) {
	a := mustArgs(`{"command":"echo 1","description":"step 1"}`)
	if p := pick("bash", a); p == nil || p.call == nil {
		t.Fatal("bash's presenter was not picked")
	}
	if n := testing.AllocsPerRun(100, func() { pick("bash", a) }); n != 0 {
		t.Errorf("picking bash's presenter made %.0f allocations, want none", n)
	}
	var none Declared
	if n := testing.AllocsPerRun(100, func() { none.pick("bash", a) }); n != 0 {
		t.Errorf("picking it among the declared made %.0f allocations, want none", n)
	}
}
