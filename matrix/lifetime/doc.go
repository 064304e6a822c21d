// Package lifetime answers the cold/warm tradeoff as a decision: where a fresh process's per-operation
// cost settles (steady state, by changepoint analysis, classified as Barrett et al. did for virtual
// machines), what a process that runs N operations pays in total under each variant, and the operation
// count at which a candidate's lifetime cost crosses control's (break-even).
//
// It imports nothing of the project: callers turn samples into Series (a process's exact first
// operations and its log2 timeline bins) and Rounds (a variant's cold series and warm level, per round),
// and get numbers back. docs/METHOD.md ("Steady state and lifetime cost") gives the method and the
// accuracy measured on synthetic series.
package lifetime
