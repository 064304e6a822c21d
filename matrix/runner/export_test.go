package runner

// FakeHosts lets the external tests (package runner_test, which may import internal/tasks) use the fake
// hosts: this test binary copied per variant (fakehost_test.go).
var FakeHosts = fakeHosts
