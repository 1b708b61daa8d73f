// Copyright 2019 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package token

import "testing"

func TestIsIdentifier(t *testing.T) {
	t.Run("rejects", func(t *testing.T) {
		for _, in := range []string{"", " ", "foo ", "123", "func"} {
			if IsIdentifier(in) {
				t.Errorf("IsIdentifier(%q) = true, want false", in)
			}
		}
	})

	t.Run("accepts", func(t *testing.T) {
		for _, in := range []string{"foo", "_bar123", "Func", "fóö"} {
			if !IsIdentifier(in) {
				t.Errorf("IsIdentifier(%q) = false, want true", in)
			}
		}
	})
}
