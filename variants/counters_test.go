package variants

import "testing"

func TestCountersSub(t *testing.T) {
	earlier := Counters{NativeAllocs: 3, NativeFrees: 2, NativeBytes: 700, Resets: 1, PoolHits: 4, PoolMisses: 3, PoolEvictions: 1, IdleStates: 2, IdleBytes: 700}
	later := Counters{NativeAllocs: 10, NativeFrees: 9, NativeBytes: 3500, Resets: 8, PoolHits: 20, PoolMisses: 10, PoolEvictions: 6, IdleStates: 1, IdleBytes: 350, SplitActive: true}
	want := Counters{NativeAllocs: 7, NativeFrees: 7, NativeBytes: 2800, Resets: 7, PoolHits: 16, PoolMisses: 7, PoolEvictions: 5, IdleStates: 1, IdleBytes: 350, SplitActive: true}
	if got := later.Sub(earlier); got != want {
		t.Errorf("Sub = %+v, want %+v", got, want)
	}
}
