package runner

import (
	"slices"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/workload"
)

// CI's smoke profile exercises every workload, service included; quick and full keep the pristine heap's
// workloads, and the service profile is full's protocol on service beside its pristine twin, fixed.
func TestProfileWorkloads(t *testing.T) {
	full, _ := ProfileByName("full")
	for _, tt := range []struct {
		profile string
		want    []string
	}{
		{"smoke", workload.Names()},
		{"quick", workload.Pristine()},
		{"full", workload.Pristine()},
		{"service", []string{"fixed", "service"}},
	} {
		p, err := ProfileByName(tt.profile)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(p.Plan.Workloads, tt.want) {
			t.Errorf("profile %s: workloads %v, want %v", tt.profile, p.Plan.Workloads, tt.want)
		}
		if tt.profile == "service" && (p.Plan.WarmOps != full.Plan.WarmOps || p.Plan.ColdOps != full.Plan.ColdOps || !slices.Equal(p.Plan.DOPs, full.Plan.DOPs)) {
			t.Errorf("profile service: %+v, want full's protocol", p.Plan)
		}
	}
}

// The service profile runs quick's five candidates (control, aa, pooled/8, splitalloc, reuse) in 10
// rounds: 800 samples a replica, so that three replicas fit in under an hour on a 2-core machine.
func TestServiceProfileSize(t *testing.T) {
	p, err := ProfileByName("service")
	if err != nil {
		t.Fatal(err)
	}
	quick, _ := ProfileByName("quick")
	if !slices.Equal(p.Plan.Variants, quick.Plan.Variants) {
		t.Errorf("service variants %v, want quick's %v", p.Plan.Variants, quick.Plan.Variants)
	}
	samples := len(p.Plan.Variants) * len(p.Plan.Workloads) * len(p.Plan.DOPs) * len(p.Plan.Phases) * p.Plan.Rounds
	if samples != 800 || p.Plan.Resample == nil || p.Plan.Resample.MaxExtra != p.Plan.Rounds {
		t.Errorf("service: %d samples a replica (want 800), resample %+v", samples, p.Plan.Resample)
	}
	if !slices.Contains(workload.Names(), "service") || slices.Contains(workload.Pristine(), "service") {
		t.Errorf("names %v, pristine %v", workload.Names(), workload.Pristine())
	}
}

// A new run's plan records the service background exactly when it has the service workload.
func TestPlanRecordsService(t *testing.T) {
	for _, tt := range []struct {
		workloads []string
		want      bool
	}{{[]string{"fixed"}, false}, {[]string{"fixed", "service"}, true}, {nil, true}} { // nil: smoke's, all four
		p, _ := ProfileByName("smoke")
		plan, err := BenchOptions{Profile: "smoke", Workloads: tt.workloads}.narrow(p.Plan)
		if err != nil {
			t.Fatal(err)
		}
		if got := plan.Service != nil; got != tt.want {
			t.Errorf("workloads %v: service recorded %v, want %v", tt.workloads, got, tt.want)
		}
		if plan.Service != nil && plan.Service.Blocks != workload.DefaultBackground().Blocks {
			t.Errorf("workloads %v: service %+v", tt.workloads, plan.Service)
		}
	}
}
