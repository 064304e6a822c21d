# Reference values for TestSqueezeVarAgainstLimma: limma's squeezeVar on fixed families of sample
# variances. Each case prints its name, the prior variance and df, then every posterior variance.
# Regenerate: Rscript matrix/stats/testdata/squeezevar.R > matrix/stats/testdata/squeezevar.txt
suppressMessages(library(limma))
cases <- list(
  list(name = "equal-df", var = c(0.0011, 0.0023, 0.0004, 0.0019, 0.0008, 0.0031, 0.0012, 0.0007), df = 2),
  list(name = "mixed-df", var = c(0.0011, 0.0023, 0.0004, 0.0019, 0.0008, 0.0031, 0.0012, 0.0007, 0.005),
       df = c(2, 2, 1, 2, 2, 1, 2, 4, 2)),
  list(name = "a-zero", var = c(0.002, 0, 0.001, 0.004, 0.0015, 0.0009), df = 2),
  # drawn from the model: true variances 0.001 * 20 / chisq(20), sample variances on 2 (or 1-4) df
  list(name = "model-df2", var = {set.seed(34); 0.001 * 20 / rchisq(120, 20) * rchisq(120, 2) / 2}, df = 2),
  list(name = "model-mixed", var = {set.seed(35); d <- sample(1:4, 60, TRUE); 0.001 * 8 / rchisq(60, 8) * rchisq(60, d) / d},
       df = {set.seed(35); sample(1:4, 60, TRUE)}),
  list(name = "too-alike", var = c(1, 1.01, 0.99, 1.02, 0.98), df = 2),
  list(name = "spread", var = c(1e-6, 3e-4, 0.02, 0.5, 2e-5, 0.004, 0.08), df = 2),
  list(name = "large-df", var = c(0.9, 1.3, 1.1, 0.7, 1.6, 1.0, 1.2), df = 30),
  list(name = "df-zero", var = c(0.002, 0.003, 0.001, 0.004), df = c(2, 0, 2, 2))
)
for (c in cases) {
  df <- rep_len(c$df, length(c$var))
  s <- squeezeVar(c$var, df)
  cat(c$name, "\n")
  cat(sprintf("%.17g", c$var), "\n")
  cat(sprintf("%.17g", df), "\n")
  cat(sprintf("%.17g %.17g", s$var.prior, s$df.prior), "\n")
  cat(sprintf("%.17g", s$var.post), "\n")
}
