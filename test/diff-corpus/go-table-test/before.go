package mathx

import "testing"

func TestAbs(t *testing.T) {
	if Abs(-3) != 3 {
		t.Errorf("Abs(-3) = %d", Abs(-3))
	}
	if Abs(0) != 0 {
		t.Errorf("Abs(0) = %d", Abs(0))
	}
	if Abs(5) != 5 {
		t.Errorf("Abs(5) = %d", Abs(5))
	}
}
