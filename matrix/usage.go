package matrix

// UsageError is a bad command line: nothing ran. The lab command exits with status 2 for it.
// Printed is set when the flag package has already printed the problem and the flags.
type UsageError struct {
	Err     error
	Printed bool
}

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }
