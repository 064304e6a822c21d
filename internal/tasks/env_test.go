package tasks

import (
	"reflect"
	"strings"
	"testing"
)

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    Options
		wantErr []string // substrings the error must contain: the variable, the value, what is allowed
	}{
		{name: "defaults", env: nil, want: Options{Profile: "quick", Results: "results"}},
		{
			name: "everything set",
			env: map[string]string{
				EnvProfile: "smoke", EnvVariants: "pooled, control,pooled", EnvWorkloads: "mixed",
				EnvDOPs: "1,8, 12", EnvBackends: "pages,goheap", EnvResults: "out", EnvRequireEmulators: "1",
			},
			want: Options{
				Profile: "smoke", Variants: []string{"pooled", "control"}, Workloads: []string{"mixed"},
				DOPs: []int{1, 8, 12}, Backends: []string{"pages", "goheap"}, Results: "out", RequireEmulators: true,
			},
		},
		{name: "unknown profile", env: map[string]string{EnvProfile: "huge"}, wantErr: []string{EnvProfile, `"huge"`, "smoke, quick, full"}},
		{name: "unknown variant", env: map[string]string{EnvVariants: "control,fast"}, wantErr: []string{EnvVariants, `"fast"`, "control, pooled, splitalloc"}},
		{name: "empty name in list", env: map[string]string{EnvVariants: "control,"}, wantErr: []string{EnvVariants, `""`}},
		{name: "unknown workload", env: map[string]string{EnvWorkloads: "random"}, wantErr: []string{EnvWorkloads, "fixed, mixed"}},
		{name: "unknown backend", env: map[string]string{EnvBackends: "jemalloc"}, wantErr: []string{EnvBackends, `"jemalloc"`, "privateheap"}},
		{name: "dop zero", env: map[string]string{EnvDOPs: "1,0"}, wantErr: []string{EnvDOPs, `"0"`, ">= 1"}},
		{name: "dop not a number", env: map[string]string{EnvDOPs: "four"}, wantErr: []string{EnvDOPs, `"four"`}},
		{name: "require not boolean", env: map[string]string{EnvRequireEmulators: "yes"}, wantErr: []string{EnvRequireEmulators, `"yes"`, "1, true"}},
		{name: "shell metacharacters are just a bad name", env: map[string]string{EnvVariants: "control;rm -rf /"}, wantErr: []string{EnvVariants, "control;rm -rf /"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromEnv(func(k string) string { return tt.env[k] })
			if tt.wantErr != nil {
				if err == nil {
					t.Fatalf("FromEnv = %+v, want an error", got)
				}
				for _, s := range tt.wantErr {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not mention %q", err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FromEnv = %+v, want %+v", got, tt.want)
			}
		})
	}
}
