//go:build !unix

package cli

import "os"

// hardLinked reports whether the file fi describes has more than one name:
// here it cannot tell, and says no (the file is then replaced whole).
func hardLinked(os.FileInfo) bool { return false }
